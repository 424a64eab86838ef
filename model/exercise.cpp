#include "exercise.h"

#include "lesson.h"
#include "occupancy.h"
#include "resultset.h"
#include "roofline.h"
#include "specdb.h"
#include "units.h"
#include "workloads.h"

#include <QCoreApplication>
#include <QDir>

#include <algorithm>
#include <cmath>

namespace model {

namespace {

// A guess this close counts as right: the model's own terms are not better than 10 %.
constexpr double kRightFactor = 1.1;

QString prefixValue(const QString &truth, const QString &prefix)
{
    return truth.startsWith(prefix) ? truth.mid(prefix.size()) : QString();
}

const LessonWorkload *findWorkload(const LessonStep &s, const QString &label)
{
    if (!s.workloads)
        return nullptr;
    for (const LessonWorkload &w : *s.workloads)
        if (w.label == label)
            return &w;
    return nullptr;
}

// The answer type each truth gives; nullopt for an unknown truth.
std::optional<AnswerType> answerOf(const QString &truth)
{
    if (truth.startsWith(QLatin1String("workload:")) || truth.startsWith(QLatin1String("result:")))
        return AnswerType::Point;
    if (truth.startsWith(QLatin1String("ridge:")) || truth == QLatin1String("blocks_per_sm") ||
        truth == QLatin1String("warps_per_sm") || truth == QLatin1String("occupancy"))
        return AnswerType::Number;
    if (truth.startsWith(QLatin1String("bound:")) || truth == QLatin1String("limiter"))
        return AnswerType::Choice;
    return std::nullopt;
}

// Three significant digits without an exponent: "2730 FLOP/B", not "2.73e+03".
QString plain(double v)
{
    return std::abs(v) >= 100 ? QString::number(v, 'f', 0) : QString::number(v, 'g', 3);
}

bool finite(double v)
{
    return std::isfinite(v);
}

// "2.3× too high", "38× too low", "95300× too low": no exponents on a phone.
QString factorText(double ratio)
{
    const double f = ratio >= 1 ? ratio : 1 / ratio;
    const QString n = QString::number(f, 'f', f < 10 ? 1 : 0);
    return ratio >= 1 ? QCoreApplication::translate("model::Exercise", "%1× too high").arg(n)
                      : QCoreApplication::translate("model::Exercise", "%1× too low").arg(n);
}

// One axis of a point's error: within 10 % it is right on (not "1.0× too low").
QString axisText(double ratio)
{
    return std::max(ratio, 1 / ratio) <= kRightFactor
               ? QCoreApplication::translate("model::Exercise", "right on")
               : factorText(ratio);
}

// The extent of a point guess: every roofline RoofLab draws, from a teaching GPU to an FP4
// tensor core. The same for every question, so the range gives nothing of the answer away.
void pointRange(ExerciseTruth &t)
{
    t.xMin = 1e-3;
    t.xMax = 1e5;
    t.yMin = 1e8;
    t.yMax = 1e17;
}

} // namespace

QString answerTypeName(AnswerType t)
{
    switch (t) {
    case AnswerType::Point:
        return QStringLiteral("point");
    case AnswerType::Number:
        return QStringLiteral("number");
    case AnswerType::Choice:
        return QStringLiteral("choice");
    }
    return {};
}

std::optional<AnswerType> parseAnswerType(const QString &name)
{
    for (AnswerType t : {AnswerType::Point, AnswerType::Number, AnswerType::Choice})
        if (answerTypeName(t) == name)
            return t;
    return std::nullopt;
}

QString Exercise::question(const QString &language) const
{
    return language.startsWith(QLatin1String("zh")) && !questionZh.isEmpty() ? questionZh : questionEn;
}

namespace exercises {

const QStringList &limiterChoices()
{
    static const QStringList c = {"registers", "shared_memory", "warps", "blocks"};
    return c;
}

const QStringList &boundChoices()
{
    static const QStringList c = {"memory", "compute"};
    return c;
}

QString choiceLabel(const QString &name)
{
    if (name == QLatin1String("memory"))
        return QCoreApplication::translate("model::Exercise", "memory-bound");
    if (name == QLatin1String("compute"))
        return QCoreApplication::translate("model::Exercise", "compute-bound");
    if (name == QLatin1String("registers"))
        return limiterLabel(Limiter::Registers);
    if (name == QLatin1String("shared_memory"))
        return limiterLabel(Limiter::SharedMemory);
    if (name == QLatin1String("warps"))
        return limiterLabel(Limiter::Warps);
    if (name == QLatin1String("blocks"))
        return limiterLabel(Limiter::Blocks);
    return name;
}

ExerciseCover coverOf(const Exercise &e)
{
    ExerciseCover c;
    c.subject = prefixValue(e.truth, QStringLiteral("workload:")) +
                prefixValue(e.truth, QStringLiteral("bound:")) +
                prefixValue(e.truth, QStringLiteral("result:"));
    c.ridge = prefixValue(e.truth, QStringLiteral("ridge:"));
    c.measured =
        e.truth.startsWith(QLatin1String("workload:")) || e.truth.startsWith(QLatin1String("bound:"));
    c.occupancy = e.truth == QLatin1String("blocks_per_sm") || e.truth == QLatin1String("warps_per_sm") ||
                  e.truth == QLatin1String("occupancy") || e.truth == QLatin1String("limiter");
    return c;
}

QString check(const Exercise &e, const LessonStep &effective, QString *field)
{
    if (field)
        *field = QStringLiteral("truth");
    const std::optional<AnswerType> a = answerOf(e.truth);
    if (!a)
        return QCoreApplication::translate(
                   "model::Exercise",
                   "unknown truth \"%1\" (known: workload:<label>, bound:<label>, ridge:<precision>, "
                   "result:<kernel>, blocks_per_sm, warps_per_sm, occupancy, limiter)")
            .arg(e.truth);
    if (*a != e.answer) {
        if (field)
            *field = QStringLiteral("answer");
        return QCoreApplication::translate("model::Exercise", "\"%1\" is answered by a %2, not a %3")
            .arg(e.truth, answerTypeName(*a), answerTypeName(e.answer));
    }
    for (const char *p : {"workload:", "bound:"}) {
        const QString label = prefixValue(e.truth, QLatin1String(p));
        if (!label.isEmpty() && !findWorkload(effective, label))
            return QCoreApplication::translate("model::Exercise", "no workload labelled \"%1\" on this step")
                .arg(label);
    }
    const QString precision = prefixValue(e.truth, QStringLiteral("ridge:"));
    if (e.truth.startsWith(QLatin1String("ridge:")) && !knownPrecisions().contains(precision))
        return QCoreApplication::translate("model::Exercise", "unknown precision \"%1\"").arg(precision);
    if (e.truth.startsWith(QLatin1String("result:")) && effective.results.isEmpty())
        return QCoreApplication::translate("model::Exercise", "needs a results file on this step");
    if ((e.truth == QLatin1String("limiter") || *a == AnswerType::Number) && !e.truth.startsWith("ridge:") &&
        effective.occupancy.isEmpty())
        return QCoreApplication::translate("model::Exercise", "needs an occupancy launch on this step");
    if (effective.gpu.isEmpty() && !e.truth.startsWith(QLatin1String("result:")))
        return QCoreApplication::translate("model::Exercise", "needs a GPU on this step");
    return {};
}

std::optional<ExerciseTruth> truth(const Exercise &e, const LessonStep &effective, const SpecDb &db,
                                   const QString &resourceDir, QString *error)
{
    auto fail = [&](const QString &message) -> std::optional<ExerciseTruth> {
        if (error)
            *error = message;
        return std::nullopt;
    };
    if (const QString why = check(e, effective); !why.isEmpty())
        return fail(why);
    ExerciseTruth t;
    t.answer = e.answer;
    const Gpu *gpu = db.find(effective.gpu);
    if (!gpu && !e.truth.startsWith(QLatin1String("result:")))
        return fail(QCoreApplication::translate("model::Exercise", "unknown GPU \"%1\"").arg(effective.gpu));

    if (const QString label = prefixValue(e.truth, QStringLiteral("workload:")) + //
                              prefixValue(e.truth, QStringLiteral("bound:"));
        !label.isEmpty()) {
        const LessonWorkload *w = findWorkload(effective, label);
        QString why;
        const auto count = workloads::count(w->kind, w->dtype, w->shape, &why);
        if (!count)
            return fail(why);
        const QString precision = precisionFor(*gpu, w->dtype);
        const Roofline roof(*gpu);
        const Attainable at = roof.attainable(count->ai(), precision);
        const double ridge = roof.ridge(precision);
        if (e.answer == AnswerType::Point) {
            t.x = count->ai();
            t.y = at.flopPerS;
            pointRange(t);
        } else {
            t.choices = boundChoices();
            t.choice = at.bound == Bound::Memory ? 0 : 1;
        }
        t.explanation = QCoreApplication::translate(
                            "model::Exercise",
                            "%1 does %2 FLOP per byte; the ridge of %3 %4 is at %5 FLOP/B, so it is %6: "
                            "at most %7.")
                            .arg(label, QString::number(count->ai(), 'g', 3), gpu->name, precision,
                                 QString::number(ridge, 'g', 3), choiceLabel(boundName(at.bound)),
                                 formatSi(at.flopPerS, QStringLiteral("FLOP/s")));
        return t;
    }
    if (e.truth.startsWith(QLatin1String("ridge:"))) {
        const QString precision = prefixValue(e.truth, QStringLiteral("ridge:"));
        const Roofline roof(*gpu);
        if (roof.peak(precision) <= 0 || roof.bandwidth(QStringLiteral("hbm")) <= 0)
            return fail(QCoreApplication::translate("model::Exercise", "%1 has no %2 ceiling")
                            .arg(gpu->name, precision));
        t.value = roof.ridge(precision);
        t.unit = QStringLiteral("FLOP/B");
        t.logScale = true;
        t.valueMin = 0.01;
        t.valueMax = 1e5;
        t.explanation = QCoreApplication::translate("model::Exercise",
                                                    "ridge = peak / bandwidth = %1 / %2 = %3 FLOP/B on %4")
                            .arg(formatSi(roof.peak(precision), QStringLiteral("FLOP/s")),
                                 formatSi(roof.bandwidth(QStringLiteral("hbm")), QStringLiteral("B/s")),
                                 QString::number(t.value, 'g', 3), gpu->name);
        return t;
    }
    if (e.truth.startsWith(QLatin1String("result:"))) {
        const QString kernel = prefixValue(e.truth, QStringLiteral("result:"));
        QString why;
        const auto set = ResultSet::load(QDir(resourceDir).filePath(effective.results), &why);
        if (!set)
            return fail(why);
        const Measurement *found = nullptr;
        for (const Measurement &m : set->measurements) {
            if (m.kernel != kernel)
                continue;
            if (!effective.resultsRoles.isEmpty() &&
                !effective.resultsRoles.contains(m.extra.value("role").toString()))
                continue;
            // The ladder's own run of a kernel, when the file has one, over its check sizes.
            if (!found || (m.extra.value("role").toString() == QLatin1String("ladder") &&
                           found->extra.value("role").toString() != QLatin1String("ladder")))
                found = &m;
        }
        if (!found || found->ai() <= 0 || found->flopPerS() <= 0)
            return fail(QCoreApplication::translate("model::Exercise", "no measured point of %1 in %2")
                            .arg(kernel, effective.results));
        t.x = found->ai();
        t.y = found->flopPerS();
        t.measured = true;
        t.kernel = found->kernel;
        t.params = found->params;
        t.dtype = found->dtype;
        pointRange(t);
        t.explanation = QCoreApplication::translate("model::Exercise", "measured: %1 in %2 (%3), %4")
                            .arg(kernel, formatSeconds(found->time.median), set->device.name,
                                 formatSi(t.y, QStringLiteral("FLOP/s")));
        return t;
    }
    // The occupancy calculator, with the launch as the Workspace applies it.
    OccupancyInput in;
    in.threadsPerBlock = effective.occupancy.value(QStringLiteral("threads"), in.threadsPerBlock).toInt();
    in.registersPerThread = effective.occupancy.value(QStringLiteral("regs"), in.registersPerThread).toInt();
    in.dynamicSmemBytes = effective.occupancy.value(QStringLiteral("smem"), 0).toLongLong();
    const OccupancyResult r = Occupancy(*gpu).compute(in);
    if (!r.ok)
        return fail(r.reason);
    t.explanation = r.steps.join(QLatin1Char('\n'));
    if (e.truth == QLatin1String("limiter")) {
        t.choices = limiterChoices();
        t.choice = int(t.choices.indexOf(limiterName(r.limiter)));
        if (t.choice < 0)
            return fail(QCoreApplication::translate("model::Exercise",
                                                    "the calculator names no limiter for this launch"));
        return t;
    }
    t.logScale = false;
    if (e.truth == QLatin1String("blocks_per_sm")) {
        t.value = r.blocksPerSm;
        t.unit = QStringLiteral("blocks/SM");
        t.decimals = 0;
        t.valueMax = 64;
    } else if (e.truth == QLatin1String("warps_per_sm")) {
        t.value = r.warpsPerSm;
        t.unit = QStringLiteral("warps/SM");
        t.decimals = 0;
        t.valueMax = 128;
    } else {
        t.value = r.occupancy * 100;
        t.unit = QStringLiteral("%");
        t.decimals = 1;
        t.valueMax = 100;
    }
    return t;
}

GuessError grade(const ExerciseTruth &t, const Guess &g)
{
    GuessError e;
    switch (t.answer) {
    case AnswerType::Point: {
        if (!finite(g.x) || !finite(g.y) || g.x < t.xMin || g.x > t.xMax || g.y < t.yMin || g.y > t.yMax)
            return e;
        const double lx = std::log10(g.x / t.x), ly = std::log10(g.y / t.y);
        e.distance = std::hypot(lx, ly);
        e.factor = std::pow(10.0, e.distance);
        e.right = e.factor <= kRightFactor;
        e.text = e.right ? QCoreApplication::translate("model::Exercise", "right on (within 10 %)")
                         : QCoreApplication::translate("model::Exercise", "intensity %1, performance %2")
                               .arg(axisText(std::pow(10.0, lx)), axisText(std::pow(10.0, ly)));
        break;
    }
    case AnswerType::Number: {
        if (!finite(g.value) || g.value < t.valueMin || g.value > t.valueMax)
            return e;
        if (t.logScale) {
            if (g.value <= 0)
                return e;
            const double ratio = g.value / t.value;
            e.factor = std::max(ratio, 1 / ratio);
            e.distance = std::abs(std::log10(ratio));
            e.right = e.factor <= kRightFactor;
            e.text = e.right ? QCoreApplication::translate("model::Exercise", "right on (within 10 %)")
                             : factorText(ratio);
        } else {
            e.difference = g.value - t.value;
            e.distance = std::abs(e.difference);
            e.right = e.distance < 0.5;
            e.text = e.right ? QCoreApplication::translate("model::Exercise", "right")
                             : QStringLiteral("%1%2 %3")
                                   .arg(e.difference > 0 ? "+" : "")
                                   .arg(e.difference, 0, 'g', 3)
                                   .arg(t.unit);
        }
        break;
    }
    case AnswerType::Choice:
        if (g.choice < 0 || g.choice >= t.choices.size())
            return e;
        e.right = g.choice == t.choice;
        e.distance = e.right ? 0 : 1;
        e.text = e.right ? QCoreApplication::translate("model::Exercise", "right")
                         : QCoreApplication::translate("model::Exercise", "wrong: it is %1")
                               .arg(choiceLabel(t.choices.value(t.choice)));
        break;
    }
    e.valid = true;
    return e;
}

QString truthText(const ExerciseTruth &t)
{
    Guess g;
    g.x = t.x;
    g.y = t.y;
    g.value = t.value;
    g.choice = t.choice;
    return guessText(t, g);
}

QString guessText(const ExerciseTruth &t, const Guess &g)
{
    switch (t.answer) {
    case AnswerType::Point:
        return QStringLiteral("(%1 FLOP/B, %2)").arg(plain(g.x), formatSi(g.y, QStringLiteral("FLOP/s")));
    case AnswerType::Number:
        return QStringLiteral("%1 %2").arg(plain(g.value), t.unit);
    case AnswerType::Choice:
        return choiceLabel(t.choices.value(g.choice));
    }
    return {};
}

std::optional<Guess> median(const ExerciseTruth &t, const QList<Guess> &guesses)
{
    if (guesses.isEmpty())
        return std::nullopt;
    auto mid = [](QList<double> v) {
        std::sort(v.begin(), v.end());
        const qsizetype n = v.size();
        return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
    };
    Guess m;
    QList<double> a, b;
    switch (t.answer) {
    case AnswerType::Point:
        for (const Guess &g : guesses) {
            a << std::log10(g.x);
            b << std::log10(g.y);
        }
        m.x = std::pow(10.0, mid(a));
        m.y = std::pow(10.0, mid(b));
        break;
    case AnswerType::Number:
        for (const Guess &g : guesses)
            a << (t.logScale ? std::log10(g.value) : g.value);
        m.value = t.logScale ? std::pow(10.0, mid(a)) : mid(a);
        break;
    case AnswerType::Choice: {
        QList<int> counts(t.choices.size(), 0);
        for (const Guess &g : guesses)
            if (g.choice >= 0 && g.choice < counts.size())
                ++counts[g.choice];
        m.choice = int(std::max_element(counts.begin(), counts.end()) - counts.begin());
        break;
    }
    }
    return m;
}

} // namespace exercises
} // namespace model
