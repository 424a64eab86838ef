#include "chart/resultschart.h"

#include "kernelgroups.h"
#include "profilecounters.h"
#include "units.h"
#include "workloads.h"

#include <QCoreApplication>
#include <QFileInfo>

#include <algorithm>

namespace resultschart {

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("ResultsChart", text);
}

QString html(const QString &s)
{
    return s.toHtmlEscaped();
}

} // namespace

std::optional<RoofShare> roofShare(const model::Gpu &gpu, const model::Measurement &m)
{
    RoofShare s;
    s.level = m.level.isEmpty() ? QStringLiteral("hbm") : m.level;
    // A point counted at L2 or L1 is held against that level's roof, never against HBM's: with
    // no roof for its level (the spec database has none, no file measured one) it has no share.
    if (!gpu.bandwidth.contains(s.level) && s.level != QLatin1String("hbm"))
        return std::nullopt;
    s.precision = m.precision;
    if (s.precision.isEmpty() || !gpu.peaks.contains(s.precision)) {
        const auto dtype = model::parseDtype(m.dtype);
        s.precision = model::precisionFor(gpu, dtype.value_or(model::Dtype::Fp32));
    }
    const model::Roofline roof(gpu);
    const double bw = roof.bandwidth(s.level);
    const double peak = roof.peak(s.precision);
    s.ai = m.ai();
    if (m.flops <= 0) {
        // A copy has no FLOPs: it is held against the bandwidth alone.
        if (bw <= 0)
            return std::nullopt;
        s.roof.bandwidth = bw;
        s.roof.bound = model::Bound::Memory;
        s.share = m.bytesPerS() / bw;
        s.roofName = tr("%1 bandwidth").arg(model::levelLabel(s.level, gpu.memoryType));
        return s;
    }
    if (bw <= 0 && peak <= 0)
        return std::nullopt;
    if (bw <= 0)
        s.roof = {peak, model::Bound::Compute, peak, 0};
    else if (peak <= 0)
        s.roof = {bw * s.ai, model::Bound::Memory, 0, bw};
    else
        s.roof = roof.attainable(s.ai, s.precision, s.level);
    s.share = s.roof.flopPerS > 0 ? m.flopPerS() / s.roof.flopPerS : 0;
    s.roofName = s.roof.bound == model::Bound::Memory
                     ? tr("%1 roof").arg(model::levelLabel(s.level, gpu.memoryType))
                     : tr("%1 roof").arg(model::precisionLabel(s.precision));
    return s;
}

QString shareText(const RoofShare &s)
{
    const QString pct = QString::number(s.share * 100, 'f', s.share < 0.1 ? 1 : 0);
    const QString bound = s.roof.bound == model::Bound::Memory ? tr("memory-bound") : tr("compute-bound");
    return tr("%1 % of the %2; %3").arg(pct, s.roofName, bound);
}

QString shortLabel(const model::Measurement &m)
{
    // An imported kernel's name is C++ ("void cutlass::Kernel2<…>(Params)"), not a catalog id.
    QString name = m.source == QLatin1String("ncu") ? model::shortKernelName(m.kernel, 28)
                                                    : m.kernel.section(QLatin1Char('.'), 1);
    if (name.isEmpty())
        name = m.kernel;
    if (name.size() > 28)
        name = name.left(26) + QStringLiteral("…");
    QStringList parts = {name};
    const QString variant = m.params.value(QStringLiteral("variant")).toString();
    if (!variant.isEmpty())
        parts.append(variant);
    if (!m.dtype.isEmpty() && m.dtype != QLatin1String("fp32"))
        parts.append(m.dtype);
    return parts.join(QLatin1Char(' '));
}

QString describe(const model::Measurement &m)
{
    QStringList parts = {m.kernel};
    if (!m.dtype.isEmpty())
        parts.append(m.dtype);
    for (auto it = m.params.cbegin(); it != m.params.cend(); ++it)
        parts.append(it.key() + QLatin1Char('=') + it.value().toString());
    return parts.join(QLatin1Char(' '));
}

QString tooltip(const model::Measurement &m, const model::Gpu *gpu, const QString &source,
                const QString &extra)
{
    QStringList lines;
    lines << QStringLiteral("<b>%1</b>").arg(html(describe(m)));
    lines << tr("time: median %1 (min %2, max %3, %4 samples)")
                 .arg(model::formatSeconds(m.time.median), model::formatSeconds(m.time.min),
                      model::formatSeconds(m.time.max))
                 .arg(m.time.samples);
    QStringList rates;
    if (m.flops > 0)
        rates << model::formatSi(m.flopPerS(), QStringLiteral("FLOP/s"));
    rates << model::formatSi(m.bytesPerS(), QStringLiteral("B/s"));
    if (m.bytes > 0 && m.flops > 0)
        rates << tr("AI %1 FLOP/B").arg(QString::number(m.ai(), 'g', 3));
    lines << rates.join(QStringLiteral(" · "));
    const bool checked = m.check.ok || !m.check.reference.isEmpty() || !m.check.message.isEmpty();
    if (!checked)
        lines << tr("check: none (imported)");
    else if (m.check.ok)
        lines << tr("check: ok (max relative error %1 against %2)")
                     .arg(QString::number(m.check.maxRelErr, 'g', 2), html(m.check.reference));
    else
        lines << QStringLiteral("<span style='color:#c62828'>%1</span>")
                     .arg(html(tr("check FAILED: %1")
                                   .arg(m.check.message.isEmpty()
                                            ? tr("max relative error %1").arg(m.check.maxRelErr)
                                            : m.check.message)));
    if (gpu) {
        if (const auto s = roofShare(*gpu, m))
            lines << tr("<b>%1</b> on %2").arg(html(shareText(*s)), html(gpu->displayName()));
    }
    if (m.predictedTimeS && *m.predictedTimeS > 0)
        lines << tr("predicted %1 when measured (%2 % of it achieved)")
                     .arg(model::formatSeconds(*m.predictedTimeS))
                     .arg(QString::number(*m.predictedTimeS / m.time.median * 100, 'f', 0));
    if (m.clockMhz > 0)
        lines << tr("SM clock %1 MHz").arg(QString::number(m.clockMhz, 'f', 0));
    if (const auto c = model::ProfileCounters::of(m)) {
        // What Nsight Compute measured when the kernel ran once more (run --profile).
        QStringList parts;
        const QString memoryType = gpu ? gpu->memoryType : QString();
        for (auto [level, bytes] : model::measuredLevelBytes(*c).asKeyValueRange())
            parts << QStringLiteral("%1 %2").arg(
                level == QLatin1String("l1") ? tr("L1") : model::levelLabel(level, memoryType),
                model::formatBytesBinary(bytes));
        if (const auto v = c->occupancyPct())
            parts << tr("occupancy %1 %").arg(QString::number(*v, 'f', 0));
        if (const auto v = c->issueActivePct())
            parts << tr("issue slots %1 % busy").arg(QString::number(*v, 'f', 0));
        if (const auto v = c->smClockMhz())
            parts << tr("SM %1 MHz").arg(QString::number(*v, 'f', 0));
        lines << tr("Nsight Compute: %1").arg(html(parts.join(QStringLiteral(" · "))));
    }
    lines << ncuDerivation(m);
    if (!extra.isEmpty())
        lines << extra;
    if (!source.isEmpty())
        lines << QStringLiteral("<i>%1</i>").arg(html(source));
    lines.removeAll(QString());
    return lines.join(QStringLiteral("<br>"));
}

QString levelName(const QString &level, const QString &memoryType)
{
    return level == QLatin1String("l1")
               ? tr("L1")
               : model::levelLabel(level.isEmpty() ? QStringLiteral("hbm") : level, memoryType);
}

QString ncuDerivation(const model::Measurement &m)
{
    const QJsonObject ncu = m.extra.value(QLatin1String("ncu")).toObject();
    if (ncu.isEmpty())
        return {};
    // The keys model::NcuImport documents: which metrics and which derivation gave the point.
    static const struct
    {
        const char *key;
        const char *label;
    } keys[] = {{"flops", QT_TRANSLATE_NOOP("ResultsChart", "FLOPs")},
                {"bytes", QT_TRANSLATE_NOOP("ResultsChart", "bytes")},
                {"time", QT_TRANSLATE_NOOP("ResultsChart", "time")},
                {"level_definition", QT_TRANSLATE_NOOP("ResultsChart", "level")},
                {"export", QT_TRANSLATE_NOOP("ResultsChart", "export")}};
    QStringList parts;
    for (const auto &k : keys)
        if (const QString v = ncu.value(QLatin1String(k.key)).toString(); !v.isEmpty())
            parts << QStringLiteral("%1: <tt>%2</tt>").arg(html(tr(k.label)), html(v));
    if (parts.isEmpty())
        return {};
    return tr("from Nsight Compute:") + QStringLiteral("<br>&nbsp;&nbsp;") +
           parts.join(QStringLiteral("<br>&nbsp;&nbsp;"));
}

std::optional<ChartPoint> measuredPoint(const model::Measurement &m, const QString &id, const model::Gpu *gpu,
                                        const QString &source, const QString &extra)
{
    auto p = pointOf(m, id);
    if (p)
        p->tooltip = tooltip(m, gpu, source, extra);
    return p;
}

std::optional<ChartPoint> pointOf(const model::Measurement &m, const QString &id)
{
    if (m.flops <= 0 || m.bytes <= 0 || m.time.median <= 0)
        return std::nullopt;
    ChartPoint p;
    p.id = id;
    p.label = shortLabel(m);
    p.ai = m.ai();
    p.flopPerS = m.flopPerS();
    p.kind = ChartPoint::Kind::Measured;
    p.gpuIndex = 0;
    return p;
}

LevelPoints levelPoints(const model::Measurement &m, const QString &id, const model::Gpu *gpu)
{
    LevelPoints out;
    const auto counters = model::ProfileCounters::of(m);
    if (!counters || m.flops <= 0 || m.time.median <= 0)
        return out;
    const QString memoryType = gpu ? gpu->memoryType : QString();
    const double flopPerS = m.flopPerS();
    QList<std::pair<double, QString>> byAi;
    for (auto [level, bytes] : model::measuredLevelBytes(*counters).asKeyValueRange())
        if (bytes > 0)
            byAi.append({m.flops / bytes, level});
    std::sort(byAi.begin(), byAi.end());
    ChartTrail trail;
    trail.id = id + QStringLiteral(":levels");
    trail.kind = ChartPoint::Kind::Measured;
    trail.style = ChartTrail::Style::Levels;
    for (const auto &[ai, level] : byAi) {
        const QString name = levelName(level, memoryType);
        ChartPoint p;
        p.id = id + QLatin1Char(':') + level;
        p.level = level; // its marker says the level; the kernel's name is on its measured point
        p.ai = ai;
        p.flopPerS = flopPerS;
        p.kind = ChartPoint::Kind::Measured;
        p.tooltip = tr("<b>%1</b><br>measured at %2 by Nsight Compute: %3, %4 FLOP/B, %5<br><i>%6</i>")
                        .arg(html(describe(m)), html(name), model::formatBytesBinary(m.flops / ai),
                             QString::number(ai, 'g', 3), model::formatSi(flopPerS, QStringLiteral("FLOP/s")),
                             html(counters->tool.isEmpty() ? QStringLiteral("ncu") : counters->tool));
        out.points.append(p);
        trail.points.append(QPointF(ai, flopPerS));
    }
    if (trail.points.size() > 1)
        out.trails.append(trail);
    return out;
}

} // namespace resultschart
