#pragma once

#include "classroom/classserver.h"
#include "exercise.h"

#include <QJsonObject>
#include <QList>
#include <QString>

// One question asked in class mode: what was asked, the truth, every answer.
struct ClassRound
{
    QString lesson;
    int step = 0;
    int exercise = 0; // its index in the step
    QString question;
    model::ExerciseTruth truth;
    QList<ClassAnswer> answers;
};

// The answers of a class-mode session, for the teacher: saved as one JSON document
// ("rooflab.class/1", written atomically like a results file) and exported as CSV, one row per
// answer. Nicknames are data: JSON escapes them, CSV quotes them and defuses a leading
// formula character, so a spreadsheet shows them as text.
class ClassRecord
{
public:
    static QString schemaName(); // "rooflab.class/1"

    // A round asked again (the same lesson, step and exercise) replaces the earlier one.
    void add(const ClassRound &round);
    const QList<ClassRound> &rounds() const { return m_rounds; }
    bool isEmpty() const { return m_rounds.isEmpty(); }
    void clear() { m_rounds.clear(); }

    QJsonObject toJson() const;
    QString toCsv() const;
    bool save(const QString &path, QString *error) const;
    bool saveCsv(const QString &path, QString *error) const;

private:
    QList<ClassRound> m_rounds;
};
