#include "classroom/classrecord.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSaveFile>

namespace {

QJsonObject guessJson(const model::ExerciseTruth &t, const model::Guess &g)
{
    switch (t.answer) {
    case model::AnswerType::Point:
        return {{"ai", g.x}, {"flop_per_s", g.y}};
    case model::AnswerType::Number:
        return {{"value", g.value}, {"unit", t.unit}};
    case model::AnswerType::Choice:
        return {{"choice", t.choices.value(g.choice)}};
    }
    return {};
}

QString csvField(QString s)
{
    // A cell that starts like a formula is shown as text by spreadsheets.
    if (!s.isEmpty() && QStringLiteral("=+-@\t\r").contains(s.front()))
        s.prepend(QLatin1Char('\''));
    if (s.contains(QLatin1Char(',')) || s.contains(QLatin1Char('"')) || s.contains(QLatin1Char('\n')) ||
        s.contains(QLatin1Char('\r')) || s.contains(QLatin1Char('\''))) {
        s.replace(QLatin1Char('"'), QStringLiteral("\"\""));
        s = QLatin1Char('"') + s + QLatin1Char('"');
    }
    return s;
}

bool write(const QString &path, const QByteArray &data, QString *error)
{
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(data) != data.size() || !f.commit()) {
        if (error)
            *error = QStringLiteral("%1: %2").arg(path, f.errorString());
        return false;
    }
    return true;
}

} // namespace

QString ClassRecord::schemaName()
{
    return QStringLiteral("rooflab.class/1");
}

void ClassRecord::add(const ClassRound &round)
{
    for (ClassRound &r : m_rounds)
        if (r.lesson == round.lesson && r.step == round.step && r.exercise == round.exercise) {
            r = round;
            return;
        }
    m_rounds.append(round);
}

QJsonObject ClassRecord::toJson() const
{
    QJsonArray rounds;
    for (const ClassRound &r : m_rounds) {
        QJsonArray answers;
        for (const ClassAnswer &a : r.answers) {
            const model::GuessError e = model::exercises::grade(r.truth, a.guess);
            QJsonObject o{{"name", a.nickname},
                          {"guess", guessJson(r.truth, a.guess)},
                          {"right", e.right},
                          {"error", e.text}};
            if (r.truth.answer == model::AnswerType::Point ||
                (r.truth.answer == model::AnswerType::Number && r.truth.logScale))
                o.insert("factor", e.factor);
            else if (r.truth.answer == model::AnswerType::Number)
                o.insert("difference", e.difference);
            answers.append(o);
        }
        model::Guess truth;
        truth.x = r.truth.x;
        truth.y = r.truth.y;
        truth.value = r.truth.value;
        truth.choice = r.truth.choice;
        QJsonObject round{{"lesson", r.lesson},
                          {"step", r.step},
                          {"exercise", r.exercise},
                          {"question", r.question},
                          {"answer", model::answerTypeName(r.truth.answer)},
                          {"truth", guessJson(r.truth, truth)},
                          {"explanation", r.truth.explanation},
                          {"answers", answers}};
        QList<model::Guess> guesses;
        for (const ClassAnswer &a : r.answers)
            guesses << a.guess;
        if (const auto m = model::exercises::median(r.truth, guesses))
            round.insert("median", guessJson(r.truth, *m));
        rounds.append(round);
    }
    return {{"schema", schemaName()},
            {"created", QDateTime::currentDateTimeUtc().toString(Qt::ISODate)},
            {"tool", QJsonObject{{"name", "rooflab"}, {"version", QCoreApplication::applicationVersion()}}},
            {"rounds", rounds}};
}

QString ClassRecord::toCsv() const
{
    QStringList lines{QStringLiteral("lesson,step,exercise,question,answer,truth,name,guess,error,right")};
    for (const ClassRound &r : m_rounds)
        for (const ClassAnswer &a : r.answers) {
            const model::GuessError e = model::exercises::grade(r.truth, a.guess);
            lines << QStringList{csvField(r.lesson),
                                 QString::number(r.step + 1),
                                 QString::number(r.exercise + 1),
                                 csvField(r.question),
                                 model::answerTypeName(r.truth.answer),
                                 csvField(model::exercises::truthText(r.truth)),
                                 csvField(a.nickname),
                                 csvField(model::exercises::guessText(r.truth, a.guess)),
                                 csvField(e.text),
                                 e.right ? QStringLiteral("1") : QStringLiteral("0")}
                         .join(QLatin1Char(','));
        }
    return lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

bool ClassRecord::save(const QString &path, QString *error) const
{
    return write(path, QJsonDocument(toJson()).toJson(QJsonDocument::Indented), error);
}

bool ClassRecord::saveCsv(const QString &path, QString *error) const
{
    return write(path, toCsv().toUtf8(), error);
}
