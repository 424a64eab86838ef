#include "hosts.h"

#include <QFileInfo>
#include <QSettings>

Host Hosts::local()
{
    return {tr("This computer"), {}};
}

QList<Host> Hosts::load()
{
    QSettings settings;
    return load(settings);
}

QList<Host> Hosts::load(QSettings &settings)
{
    QList<Host> out = {local()};
    const int n = settings.beginReadArray(QStringLiteral("hosts"));
    for (int i = 0; i < n; ++i) {
        settings.setArrayIndex(i);
        Host h{settings.value(QStringLiteral("name")).toString().trimmed(),
               settings.value(QStringLiteral("command")).toString().trimmed()};
        if (!h.name.isEmpty() && !h.isLocal() && problem(h, out).isEmpty())
            out.append(h);
    }
    settings.endArray();
    return out;
}

void Hosts::save(const QList<Host> &hosts)
{
    QSettings settings;
    save(settings, hosts);
}

void Hosts::save(QSettings &settings, const QList<Host> &hosts)
{
    settings.beginWriteArray(QStringLiteral("hosts"));
    int i = 0;
    for (const Host &h : hosts) {
        if (h.isLocal())
            continue;
        settings.setArrayIndex(i++);
        settings.setValue(QStringLiteral("name"), h.name);
        settings.setValue(QStringLiteral("command"), h.command);
    }
    settings.endArray();
    settings.sync();
}

std::optional<Host> Hosts::find(const QString &name)
{
    for (const Host &h : load())
        if (h.name.compare(name.trimmed(), Qt::CaseInsensitive) == 0)
            return h;
    return std::nullopt;
}

QString Hosts::problem(const Host &host, const QList<Host> &others)
{
    if (host.name.trimmed().isEmpty())
        return tr("A host needs a name.");
    for (const Host &o : others)
        if (o.name.compare(host.name.trimmed(), Qt::CaseInsensitive) == 0)
            return tr("There is a host named \"%1\" already.").arg(o.name);
    if (host.isLocal())
        return tr("A host needs the command that starts rooflab-cli worker there.");
    QString why;
    if (splitCommand(host.command, &why).isEmpty())
        return tr("The command \"%1\" cannot be used: %2").arg(host.command, why);
    return {};
}

QStringList Hosts::splitCommand(const QString &command, QString *error)
{
    QStringList words;
    QString word;
    bool inWord = false;
    QChar quote;
    for (qsizetype i = 0; i < command.size(); ++i) {
        const QChar c = command.at(i);
        if (quote == QLatin1Char('\'')) {
            if (c == quote)
                quote = QChar();
            else
                word += c;
        } else if (quote == QLatin1Char('"')) {
            if (c == quote)
                quote = QChar();
            else if (c == QLatin1Char('\\') && i + 1 < command.size() &&
                     QStringLiteral("\"\\$`").contains(command.at(i + 1)))
                word += command.at(++i);
            else
                word += c;
        } else if (c == QLatin1Char('\'') || c == QLatin1Char('"')) {
            quote = c;
            inWord = true;
        } else if (c == QLatin1Char('\\') && i + 1 < command.size()) {
            word += command.at(++i);
            inWord = true;
        } else if (c.isSpace()) {
            if (inWord)
                words.append(word);
            word.clear();
            inWord = false;
        } else {
            word += c;
            inWord = true;
        }
    }
    if (!quote.isNull()) {
        if (error)
            *error = tr("a %1 quote is not closed").arg(quote);
        return {};
    }
    if (inWord)
        words.append(word);
    if (words.isEmpty() && error)
        *error = tr("it names no program");
    return words;
}

QString Hosts::nameOf(const QString &command)
{
    const QStringList words = splitCommand(command);
    if (words.isEmpty())
        return command;
    if (QFileInfo(words.first()).fileName() == QLatin1String("ssh")) {
        // The first word that is neither an option nor an option's value: the destination.
        static const QString withValue = QStringLiteral("BbcDEeFIiJLlmOopQRSWw");
        for (qsizetype i = 1; i < words.size(); ++i) {
            const QString &w = words.at(i);
            if (w.startsWith(QLatin1Char('-'))) {
                if (w.size() == 2 && withValue.contains(w.at(1)))
                    ++i;
                continue;
            }
            return w;
        }
    }
    return QFileInfo(words.first()).fileName();
}

QString Hosts::sshExample(const QString &server)
{
    return QStringLiteral("ssh -T -o BatchMode=yes %1 rooflab-cli worker").arg(server);
}

QString Hosts::slurmExample()
{
    return QStringLiteral("srun --gres=gpu:1 --time=00:20:00 rooflab-cli worker");
}
