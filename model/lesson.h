#pragma once

#include "exercise.h"
#include "workloads.h"

#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>
#include <QVariantMap>

#include <optional>

namespace model {

class SpecDb;

// A caption in both shipped languages.
struct LocalizedText
{
    QString en;
    QString zh;
    // The text for a UI language ("zh_CN", "zh", "en_US", ...); English otherwise.
    QString forLanguage(const QString &language) const;
};

struct LessonWorkload
{
    QString kind;
    Dtype dtype = Dtype::Fp32;
    Shape shape;
    QString label; // shown beside the point; empty = generated
};

// One step of a lesson: the state the app is put in, and what the teacher says.
// Every field but the caption is optional: an absent field leaves that part of the app as it is.
struct LessonStep
{
    LocalizedText title;
    LocalizedText caption;
    QString gpu;
    std::optional<QStringList> compare;    // comparison GPUs (empty list clears them)
    std::optional<QStringList> precisions; // visible compute ceilings
    std::optional<QStringList> levels;     // visible memory levels
    QString scale;                         // "log" or "linear"
    std::optional<QList<LessonWorkload>> workloads;
    QVariantMap tile;         // tile explorer: M N K dtype step bm bn bk tm tn stages threads group
    QVariantMap occupancy;    // occupancy panel: threads regs smem
    QVariantMap llm;          // decode vs prefill view: model M B S linear (absent keys: defaults)
    QString results;          // a results file under resources/ to show ("samples/h200-suite.json")
    QString resultsFilter;    // only kernels whose id starts with this
    QStringList resultsRoles; // only runs of these roles ("ladder", "check", ...; empty: all)
    QString panel;            // "roofline", "occupancy", "tile", "runs", "results", "llm"
    QString highlight;        // a point label or "ridge:<precision>"
    // Questions asked before the step's answer is shown (exercise.h); the step's own.
    QList<Exercise> exercises;
    // What must be on screen for the caption to make sense (presentation mode lays the step
    // out so that all of it is visible): names from lessons::needNames() ("chart", "term_bar",
    // ...) and "point:<label or id>" for a point the step is about (the legend keeps clear of
    // it). The step's own, like the caption; empty: the chart, or the step's panel.
    QStringList needs;
    // The points of needs ("point:naive" -> "naive").
    QStringList pointsAbout() const;
};

struct Lesson
{
    QString id;
    LocalizedText title;
    QList<LessonStep> steps;
    QString file;
};

// Lesson files (schema "rooflab.lesson/1") in resources/lessons/: validated like every other
// data file; a bad file is refused with a message naming the file, the step and the field.
namespace lessons {

const QStringList &panels();
// What a step may say it needs on screen: "chart" (the roofline chart), "panel" (the step's
// panel), "term_bar" (the tile explorer's bars of time per term), "measured_line" (the
// measured time on that bar), "occupancy_result" (the occupancy headline and limits table),
// "llm_cards" (the decode-vs-prefill view's per-format cards).
const QStringList &needNames();
// db may be null (then GPU ids are not checked).
std::optional<Lesson> parse(const QByteArray &json, const SpecDb *db, QString *error);
std::optional<Lesson> load(const QString &path, const SpecDb *db, QString *error);
// Every *.json in the folder, sorted by file name; refused files listed in errors.
QList<Lesson> loadDirectory(const QString &dir, const SpecDb *db, QStringList *errors);

// The state step `index` puts the app in. A step's fields are changes, so this is the merge of
// steps 0..index, latest wins (the result does not depend on how the teacher got there); a tile,
// an occupancy launch or the LLM view's settings is one configuration and wins whole; title,
// caption and "highlight" are the step's own (a highlight belongs to what the teacher says now).
LessonStep effectiveStep(const Lesson &lesson, int index);

} // namespace lessons
} // namespace model
