#include "cliutil.h"

#include <QJsonDocument>
#include <QTextStream>

#include <cmath>
#include <cstdio>

namespace cli {

bool parse(QCommandLineParser &parser, const QStringList &args, const QString &description)
{
    parser.setApplicationDescription(description);
    parser.addHelpOption();
    if (!parser.parse(args)) {
        badInput(parser.errorText());
        return false;
    }
    if (parser.isSet("help")) {
        QTextStream(stdout) << parser.helpText();
        return false;
    }
    return true;
}

int badInput(const QString &message)
{
    return fail(BadInput, message);
}

int fail(int code, const QString &message)
{
    QTextStream(stderr) << "rooflab-cli: " << message << '\n';
    return code;
}

void printJson(const QJsonObject &doc)
{
    QTextStream(stdout) << QJsonDocument(doc).toJson(QJsonDocument::Indented);
}

void printTable(const QStringList &header, const QList<QStringList> &rows)
{
    QList<int> widths;
    for (const QString &h : header)
        widths.append(h.size());
    for (const QStringList &r : rows)
        for (int i = 0; i < r.size() && i < widths.size(); ++i)
            widths[i] = std::max(widths[i], int(r[i].size()));
    QTextStream out(stdout);
    auto line = [&](const QStringList &cells) {
        QStringList padded;
        for (int i = 0; i < cells.size(); ++i)
            padded.append(i + 1 < cells.size() ? cells[i].leftJustified(widths.value(i)) : cells[i]);
        out << padded.join("  ") << '\n';
    };
    line(header);
    QStringList rule;
    for (int w : widths)
        rule.append(QString(w, '-'));
    line(rule);
    for (const QStringList &r : rows)
        line(r);
}

void printLine(const QString &line)
{
    QTextStream(stdout) << line << '\n';
}

std::optional<double> numberOption(const QCommandLineParser &p, const QString &name, bool *given)
{
    if (given)
        *given = p.isSet(name);
    if (!p.isSet(name))
        return 0.0;
    bool ok = false;
    const double v = p.value(name).toDouble(&ok);
    if (!ok || !std::isfinite(v)) {
        badInput(QStringLiteral("--%1: \"%2\" is not a number").arg(name, p.value(name)));
        return std::nullopt;
    }
    return v;
}

} // namespace cli
