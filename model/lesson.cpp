#include "lesson.h"

#include "llm.h"
#include "specdb.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>

namespace model {

QString LocalizedText::forLanguage(const QString &language) const
{
    return language.startsWith(QLatin1String("zh")) && !zh.isEmpty() ? zh : en;
}

QStringList LessonStep::pointsAbout() const
{
    QStringList out;
    for (const QString &n : needs)
        if (n.startsWith(QLatin1String("point:")))
            out << n.mid(6);
    return out;
}

namespace lessons {

namespace {

QString tr(const char *s)
{
    return QCoreApplication::translate("model::Lesson", s);
}

struct LessonError
{
    QString message;
};

[[noreturn]] void fail(const QString &where, const QString &message)
{
    throw LessonError{where + ": " + message};
}

LocalizedText text(const QJsonObject &o, const QString &key, const QString &where, bool required)
{
    const QJsonValue v = o.value(key);
    if (v.isUndefined()) {
        if (required)
            fail(where + '.' + key, tr("is missing"));
        return {};
    }
    const QJsonObject t = v.toObject();
    LocalizedText out{t.value("en").toString(), t.value("zh").toString()};
    if (out.en.trimmed().isEmpty() || out.zh.trimmed().isEmpty())
        fail(where + '.' + key, tr("needs non-empty \"en\" and \"zh\" texts"));
    return out;
}

QStringList stringList(const QJsonValue &v, const QString &where)
{
    if (!v.isArray())
        fail(where, tr("must be a list of names"));
    QStringList out;
    for (const QJsonValue &x : v.toArray()) {
        if (!x.isString())
            fail(where, tr("must be a list of names"));
        out.append(x.toString());
    }
    return out;
}

void checkGpu(const QString &id, const SpecDb *db, const QString &where)
{
    if (db && !db->find(id))
        fail(where, tr("unknown GPU \"%1\"").arg(id));
}

LessonWorkload workload(const QJsonObject &o, const QString &where)
{
    LessonWorkload w;
    w.kind = o.value("kind").toString();
    const auto d = parseDtype(o.value("dtype").toString("fp32"));
    if (!d)
        fail(where + ".dtype", tr("unknown data type \"%1\"").arg(o.value("dtype").toString()));
    w.dtype = *d;
    const QJsonObject shape = o.value("shape").toObject();
    for (auto it = shape.begin(); it != shape.end(); ++it) {
        if (!it.value().isDouble())
            fail(where + ".shape." + it.key(), tr("must be a number"));
        w.shape[it.key()] = it.value().toDouble();
    }
    QString error;
    if (!workloads::count(w.kind, w.dtype, w.shape, &error))
        fail(where, error);
    w.label = o.value("label").toString();
    return w;
}

// The decode-vs-prefill view's settings: a model preset, M tokens in flight from B sequences,
// the KV length S and the linear layer drawn.
QVariantMap llmState(const QJsonValue &v, const QString &where)
{
    if (!v.isObject())
        fail(where, tr("must be an object"));
    const QJsonObject o = v.toObject();
    static const QStringList keys = {"model", "M", "B", "S", "linear"};
    for (auto it = o.begin(); it != o.end(); ++it)
        if (!keys.contains(it.key()))
            fail(where + '.' + it.key(), tr("unknown field (known: %1)").arg(keys.join(", ")));
    if (o.contains("model") && !llm::preset(o.value("model").toString())) {
        QStringList ids;
        for (const llm::ModelConfig &m : llm::presets())
            ids << m.id;
        fail(where + ".model",
             tr("unknown model \"%1\" (known: %2)").arg(o.value("model").toString(), ids.join(", ")));
    }
    if (o.contains("linear") && !llm::linearLayerNames().contains(o.value("linear").toString()))
        fail(where + ".linear", tr("unknown linear layer \"%1\" (known: %2)")
                                    .arg(o.value("linear").toString(), llm::linearLayerNames().join(", ")));
    for (const char *k : {"M", "B", "S"})
        if (o.contains(k) && (!o.value(k).isDouble() || o.value(k).toDouble() < 1))
            fail(where + '.' + k, tr("must be a number of at least 1"));
    if (o.value("M").toDouble(1) < o.value("B").toDouble(1))
        fail(where + ".M", tr("must be at least B: each sequence brings a token to the step"));
    return o.toVariantMap();
}

const QStringList &stepKeys()
{
    static const QStringList keys = {
        "title",          "caption",       "gpu",   "compare",   "precisions", "levels",
        "scale",          "workloads",     "tile",  "occupancy", "llm",        "results",
        "results_filter", "results_roles", "panel", "highlight", "exercises",  "needs"};
    return keys;
}

// At most this many questions a step: a step is one thing the teacher says.
constexpr int kMaxExercises = 8;

Exercise exercise(const QJsonValue &v, const QString &where)
{
    if (!v.isObject())
        fail(where, tr("must be an object"));
    const QJsonObject o = v.toObject();
    static const QStringList keys = {"question", "answer", "truth"};
    for (auto it = o.begin(); it != o.end(); ++it)
        if (!keys.contains(it.key()))
            fail(where + '.' + it.key(), tr("unknown field (known: %1)").arg(keys.join(", ")));
    Exercise e;
    const LocalizedText q = text(o, "question", where, true);
    e.questionEn = q.en;
    e.questionZh = q.zh;
    const auto type = parseAnswerType(o.value("answer").toString());
    if (!type)
        fail(where + ".answer", tr("must be \"point\", \"number\" or \"choice\""));
    e.answer = *type;
    if (!o.value("truth").isString() || o.value("truth").toString().isEmpty())
        fail(where + ".truth", tr("is missing"));
    e.truth = o.value("truth").toString();
    return e;
}

LessonStep step(const QJsonObject &o, const SpecDb *db, const QString &where)
{
    for (auto it = o.begin(); it != o.end(); ++it)
        if (!stepKeys().contains(it.key()))
            fail(where + '.' + it.key(), tr("unknown field (known: %1)").arg(stepKeys().join(", ")));
    LessonStep s;
    s.title = text(o, "title", where, false);
    s.caption = text(o, "caption", where, true);
    s.gpu = o.value("gpu").toString();
    if (!s.gpu.isEmpty())
        checkGpu(s.gpu, db, where + ".gpu");
    if (o.contains("compare")) {
        s.compare = stringList(o.value("compare"), where + ".compare");
        if (s.compare->size() > 3)
            fail(where + ".compare", tr("at most three comparison GPUs"));
        for (const QString &id : *s.compare)
            checkGpu(id, db, where + ".compare");
    }
    if (o.contains("precisions")) {
        s.precisions = stringList(o.value("precisions"), where + ".precisions");
        for (const QString &p : *s.precisions)
            if (!knownPrecisions().contains(p))
                fail(where + ".precisions", tr("unknown precision \"%1\"").arg(p));
    }
    if (o.contains("levels")) {
        s.levels = stringList(o.value("levels"), where + ".levels");
        for (const QString &l : *s.levels)
            if (!knownLevels().contains(l))
                fail(where + ".levels", tr("unknown memory level \"%1\"").arg(l));
    }
    s.scale = o.value("scale").toString();
    if (!s.scale.isEmpty() && s.scale != "log" && s.scale != "linear")
        fail(where + ".scale", tr("must be \"log\" or \"linear\""));
    if (o.contains("workloads")) {
        if (!o.value("workloads").isArray())
            fail(where + ".workloads", tr("must be a list"));
        QList<LessonWorkload> list;
        const QJsonArray a = o.value("workloads").toArray();
        for (int i = 0; i < a.size(); ++i)
            list.append(workload(a[i].toObject(), QStringLiteral("%1.workloads[%2]").arg(where).arg(i)));
        s.workloads = list;
    }
    s.tile = o.value("tile").toObject().toVariantMap();
    s.occupancy = o.value("occupancy").toObject().toVariantMap();
    for (const char *k : {"threads", "regs", "smem"})
        if (s.occupancy.contains(k) && s.occupancy.value(k).toDouble() < 0)
            fail(where + ".occupancy." + k, tr("must not be negative"));
    if (o.contains("llm"))
        s.llm = llmState(o.value("llm"), where + ".llm");
    s.results = o.value("results").toString();
    s.resultsFilter = o.value("results_filter").toString();
    // The roles a results file gives its runs (the ladder's "ladder", "paired", "check",
    // "sweep", "best"): a classroom chart of the ladder wants one point a step, not every check
    // size.
    if (o.contains("results_roles")) {
        const QJsonValue v = o.value("results_roles");
        if (!v.isArray())
            fail(where + ".results_roles", tr("must be a list of role names"));
        for (const QJsonValue &r : v.toArray()) {
            if (!r.isString() || r.toString().isEmpty())
                fail(where + ".results_roles", tr("must be a list of role names"));
            s.resultsRoles << r.toString();
        }
    }
    s.panel = o.value("panel").toString();
    if (!s.panel.isEmpty() && !panels().contains(s.panel))
        fail(where + ".panel", tr("unknown panel \"%1\" (known: %2)").arg(s.panel, panels().join(", ")));
    s.highlight = o.value("highlight").toString();
    if (o.contains("exercises")) {
        const QJsonValue v = o.value("exercises");
        if (!v.isArray() || v.toArray().size() > kMaxExercises)
            fail(where + ".exercises", tr("must be a list of at most %1 exercises").arg(kMaxExercises));
        const QJsonArray a = v.toArray();
        for (int i = 0; i < a.size(); ++i)
            s.exercises.append(exercise(a[i], QStringLiteral("%1.exercises[%2]").arg(where).arg(i)));
    }
    if (o.contains("needs")) {
        s.needs = stringList(o.value("needs"), where + ".needs");
        for (const QString &n : std::as_const(s.needs))
            if (!needNames().contains(n) && !(n.startsWith(QLatin1String("point:")) && n.size() > 6))
                fail(where + ".needs",
                     tr("unknown need \"%1\" (known: %2, point:<label>)").arg(n, needNames().join(", ")));
    }
    return s;
}

} // namespace

const QStringList &needNames()
{
    static const QStringList n = {"chart",    "panel", "term_bar", "measured_line", "occupancy_result",
                                  "llm_cards"};
    return n;
}

const QStringList &panels()
{
    static const QStringList p = {"roofline", "occupancy", "tile", "runs", "results", "llm"};
    return p;
}

std::optional<Lesson> parse(const QByteArray &json, const SpecDb *db, QString *error)
{
    QJsonParseError perr;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &perr);
    try {
        if (perr.error != QJsonParseError::NoError)
            fail(QStringLiteral("lesson"),
                 tr("not valid JSON (%1 at offset %2)").arg(perr.errorString()).arg(perr.offset));
        const QJsonObject o = doc.object();
        if (o.value("schema").toString() != QLatin1String("rooflab.lesson/1"))
            fail(QStringLiteral("schema"), tr("must be \"rooflab.lesson/1\""));
        Lesson l;
        l.id = o.value("id").toString();
        if (l.id.isEmpty())
            fail(QStringLiteral("id"), tr("is missing"));
        l.title = text(o, "title", QStringLiteral("lesson"), true);
        const QJsonArray steps = o.value("steps").toArray();
        if (steps.isEmpty())
            fail(QStringLiteral("steps"), tr("a lesson needs at least one step"));
        for (int i = 0; i < steps.size(); ++i) {
            if (!steps[i].isObject())
                fail(QStringLiteral("steps[%1]").arg(i), tr("must be an object"));
            l.steps.append(step(steps[i].toObject(), db, QStringLiteral("steps[%1]").arg(i)));
        }
        // An exercise's truth is computed from the state its step puts the app in.
        for (int i = 0; i < l.steps.size(); ++i) {
            const LessonStep effective = effectiveStep(l, i);
            for (int j = 0; j < l.steps[i].exercises.size(); ++j) {
                QString field;
                const QString why = exercises::check(l.steps[i].exercises[j], effective, &field);
                if (!why.isEmpty())
                    fail(QStringLiteral("steps[%1].exercises[%2].%3").arg(i).arg(j).arg(field), why);
            }
        }
        return l;
    } catch (const LessonError &e) {
        if (error)
            *error = e.message;
        return std::nullopt;
    }
}

// The largest lesson file read (the bundled ones are under 16 KiB).
constexpr qint64 kMaxFileBytes = 1 << 20;

std::optional<Lesson> load(const QString &path, const SpecDb *db, QString *error)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        if (error)
            *error = QStringLiteral("%1: %2").arg(path, f.errorString());
        return std::nullopt;
    }
    // Lessons are a few KiB of text: a far larger file is not one and is not read whole.
    if (f.size() > kMaxFileBytes) {
        if (error)
            *error = QStringLiteral("%1: %2").arg(QFileInfo(path).fileName(),
                                                  tr("is %1 KiB; lesson files larger than %2 KiB are refused")
                                                      .arg(f.size() >> 10)
                                                      .arg(kMaxFileBytes >> 10));
        return std::nullopt;
    }
    QString e;
    auto l = parse(f.read(kMaxFileBytes), db, &e);
    if (!l) {
        if (error)
            *error = QStringLiteral("%1: %2").arg(QFileInfo(path).fileName(), e);
        return std::nullopt;
    }
    l->file = path;
    return l;
}

QList<Lesson> loadDirectory(const QString &dir, const SpecDb *db, QStringList *errors)
{
    QList<Lesson> out;
    const QDir d(dir);
    for (const QString &name : d.entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name)) {
        QString e;
        if (auto l = load(d.filePath(name), db, &e))
            out.append(*l);
        else if (errors)
            errors->append(e);
    }
    return out;
}

LessonStep effectiveStep(const Lesson &lesson, int index)
{
    LessonStep e;
    index = std::min(index, int(lesson.steps.size()) - 1);
    for (int i = 0; i <= index; ++i) {
        const LessonStep &s = lesson.steps.at(i);
        if (!s.gpu.isEmpty())
            e.gpu = s.gpu;
        if (s.compare)
            e.compare = s.compare;
        if (s.precisions)
            e.precisions = s.precisions;
        if (s.levels)
            e.levels = s.levels;
        if (!s.scale.isEmpty())
            e.scale = s.scale;
        if (s.workloads)
            e.workloads = s.workloads;
        // Plan B does not inherit plan A's thread count.
        if (!s.tile.isEmpty())
            e.tile = s.tile;
        if (!s.occupancy.isEmpty())
            e.occupancy = s.occupancy;
        if (!s.llm.isEmpty())
            e.llm = s.llm;
        if (!s.results.isEmpty()) {
            e.results = s.results;
            e.resultsFilter = s.resultsFilter;
            e.resultsRoles = s.resultsRoles;
        }
        if (!s.panel.isEmpty())
            e.panel = s.panel;
    }
    if (index >= 0) {
        const LessonStep &own = lesson.steps.at(index);
        e.title = own.title;
        e.caption = own.caption;
        e.highlight = own.highlight;
        e.exercises = own.exercises;
        e.needs = own.needs;
    }
    return e;
}

} // namespace lessons
} // namespace model
