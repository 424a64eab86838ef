#include "kernelgroups.h"

#include "gpu.h"

#include <QHash>
#include <QSet>

#include <algorithm>

namespace model {

namespace {

const QString kNcuId = QStringLiteral("ncu_id");

// The params as text without ncu_id (QVariantMap iterates in key order: canonical).
QString paramsText(const QVariantMap &params)
{
    QString out;
    for (auto it = params.cbegin(); it != params.cend(); ++it) {
        if (it.key() == kNcuId)
            continue;
        out += it.key();
        out += QLatin1Char('=');
        out += it.value().toString();
        out += QLatin1Char(';');
    }
    return out;
}

// Which launch a point belongs to: the points of one ncu launch share its ID; any other
// measurement is a launch of its own.
QString launchOf(const Measurement &m, int index)
{
    const auto it = m.params.constFind(kNcuId);
    if (it != m.params.cend())
        return m.kernel + QLatin1Char('\x1f') + it->toString();
    return QLatin1Char('#') + QString::number(index);
}

double medianOf(std::vector<double> &v)
{
    if (v.empty())
        return 0;
    const size_t mid = v.size() / 2;
    std::nth_element(v.begin(), v.begin() + mid, v.end());
    const double hi = v[mid];
    if (v.size() % 2)
        return hi;
    const double lo = *std::max_element(v.begin(), v.begin() + mid);
    return (lo + hi) / 2;
}

TimeStats statsOf(std::vector<double> times)
{
    TimeStats s;
    if (times.empty())
        return s;
    s.min = *std::min_element(times.begin(), times.end());
    s.max = *std::max_element(times.begin(), times.end());
    s.samples = int(times.size());
    s.median = medianOf(times);
    return s;
}

// Each launch's time once: the total the shares are of.
double totalTime(const QList<Measurement> &ms)
{
    QSet<QString> seen;
    double total = 0;
    for (int i = 0; i < ms.size(); ++i)
        if (!seen.contains(launchOf(ms[i], i))) {
            seen.insert(launchOf(ms[i], i));
            total += ms[i].time.median;
        }
    return total;
}

} // namespace

QList<PointGroup> groupMeasurements(const QList<Measurement> &ms)
{
    QList<PointGroup> groups;
    QHash<QString, int> byKey;
    std::vector<std::vector<double>> times;
    // The points of one launch share one params map: its text is computed once per launch.
    QString lastParams;
    const QVariantMap *lastMap = nullptr;
    for (int i = 0; i < ms.size(); ++i) {
        const Measurement &m = ms[i];
        if (!lastMap || *lastMap != m.params) {
            lastParams = paramsText(m.params);
            lastMap = &m.params;
        }
        const QString key = m.kernel + QLatin1Char('\x1f') + m.dtype + QLatin1Char('\x1f') + lastParams +
                            QLatin1Char('\x1f') + m.level + QLatin1Char('\x1f') + m.precision;
        auto it = byKey.constFind(key);
        if (it == byKey.cend()) {
            PointGroup g;
            Measurement first = m;
            first.params.remove(kNcuId);
            g.key = first.key();
            g.kernel = m.kernel;
            g.dtype = m.dtype;
            g.precision = m.precision;
            g.level = m.level.isEmpty() ? QStringLiteral("hbm") : m.level;
            g.params = first.params;
            it = byKey.insert(key, int(groups.size()));
            groups.append(g);
            times.emplace_back();
        }
        PointGroup &g = groups[*it];
        g.members.append(i);
        ++g.launches;
        g.flops += m.flops;
        g.bytes += m.bytes;
        g.timeS += m.time.median;
        times[size_t(*it)].push_back(m.time.median);
    }
    const double total = totalTime(ms);
    for (int i = 0; i < groups.size(); ++i) {
        groups[i].launchTime = statsOf(std::move(times[size_t(i)]));
        groups[i].share = total > 0 ? groups[i].timeS / total : 0;
    }
    std::stable_sort(groups.begin(), groups.end(),
                     [](const PointGroup &a, const PointGroup &b) { return a.timeS > b.timeS; });
    return groups;
}

QList<KernelSummary> summarizeKernels(const QList<Measurement> &ms, const Gpu *gpu)
{
    struct Acc
    {
        KernelSummary s;
        QSet<QString> launchIds;
        std::vector<double> times;
        QMap<QString, QMap<QString, std::pair<double, double>>> byPrecision; // precision -> level -> (flops, bytes)
    };
    QList<Acc> accs;
    QHash<QString, int> byKernel;
    for (int i = 0; i < ms.size(); ++i) {
        const Measurement &m = ms[i];
        const QString grid = m.params.value(QStringLiteral("grid")).toString();
        const QString block = m.params.value(QStringLiteral("block")).toString();
        // ncu launches: name, grid, block; RoofLab's own: name, dtype and every param.
        const QString key = m.params.contains(kNcuId)
                                ? m.kernel + QLatin1Char('\x1f') + grid + QLatin1Char('\x1f') + block
                                : m.kernel + QLatin1Char('\x1e') + m.dtype + QLatin1Char('\x1f') + paramsText(m.params);
        auto it = byKernel.constFind(key);
        if (it == byKernel.cend()) {
            Acc a;
            a.s.kernel = m.kernel;
            a.s.grid = grid;
            a.s.block = block;
            it = byKernel.insert(key, int(accs.size()));
            accs.append(a);
        }
        Acc &a = accs[*it];
        a.s.members.append(i);
        const QString launch = launchOf(m, i);
        if (!a.launchIds.contains(launch)) {
            a.launchIds.insert(launch);
            a.s.timeS += m.time.median;
            a.times.push_back(m.time.median);
        }
        auto &cell = a.byPrecision[m.precision][m.level.isEmpty() ? QStringLiteral("hbm") : m.level];
        cell.first += m.flops;
        cell.second += m.bytes;
    }
    const double total = totalTime(ms);
    QList<KernelSummary> out;
    out.reserve(accs.size());
    for (Acc &a : accs) {
        KernelSummary s = a.s;
        s.launches = int(a.launchIds.size());
        s.launchTime = statsOf(std::move(a.times));
        s.share = total > 0 ? s.timeS / total : 0;
        // The precision doing the most work (at whichever level counts it most).
        double best = 0;
        for (auto p = a.byPrecision.cbegin(); p != a.byPrecision.cend(); ++p)
            for (const auto &[flops, bytes] : *p)
                if (flops > best) {
                    best = flops;
                    s.precision = p.key();
                }
        const auto levels = a.byPrecision.value(s.precision);
        double flops = 0;
        for (auto l = levels.cbegin(); l != levels.cend(); ++l) {
            flops = std::max(flops, l->first);
            if (l->second > 0)
                s.aiByLevel.insert(l.key(), l->first / l->second);
        }
        s.flopPerS = s.timeS > 0 ? flops / s.timeS : 0;
        if (gpu) {
            const double bw = gpu->bw(QStringLiteral("hbm"));
            if (s.precision.isEmpty()) {
                if (bw > 0)
                    s.bound = QStringLiteral("memory (hbm)"); // no FLOPs: moving bytes is all it does
            } else if (const double peak = gpu->peak(s.precision); peak > 0 && bw > 0 && s.aiByLevel.contains(QStringLiteral("hbm"))) {
                s.bound = s.aiByLevel.value(QStringLiteral("hbm")) < peak / bw ? QStringLiteral("memory (hbm)")
                                                                                : QStringLiteral("compute");
            }
        }
        out.append(s);
    }
    std::stable_sort(out.begin(), out.end(), [](const KernelSummary &a, const KernelSummary &b) { return a.timeS > b.timeS; });
    return out;
}

QString shortKernelName(const QString &kernel, int maxChars)
{
    QString s = kernel.trimmed();
    if (s.startsWith(QLatin1String("void ")))
        s.remove(0, 5);
    QString out;
    int depth = 0;
    for (const QChar c : std::as_const(s)) {
        if (c == QLatin1Char('<')) {
            if (depth++ == 0)
                out += QStringLiteral("<…>");
            continue;
        }
        if (c == QLatin1Char('>') && depth > 0) {
            --depth;
            continue;
        }
        if (depth > 0)
            continue;
        if (c == QLatin1Char('('))
            break; // the parameter list
        out += c;
    }
    out = out.trimmed();
    if (out.isEmpty())
        out = s;
    if (maxChars > 1 && out.size() > maxChars)
        out = out.left(maxChars - 1) + QStringLiteral("…");
    return out;
}

} // namespace model
