#include "kernelgroups.h"

#include "gpu.h"

#include <QHash>
#include <QSet>

#include <algorithm>
#include <unordered_map>

namespace model {

namespace {

const QString kNcuId = QStringLiteral("ncu_id");

// Strings numbered as they come. The points of one launch share their strings (implicitly
// shared copies, or the same literal), so a few recent ones are recognised by their data pointer
// before the hash is asked.
class Numbering
{
public:
    int of(const QString &s)
    {
        for (const Recent &r : m_recent)
            if (r.data == s.constData() && r.size == s.size())
                return r.id;
        // Short names ("fp32", "hbm") are often equal copies: compared before hashing.
        if (s.size() <= 16)
            for (int i = 0; i < kRecent; ++i)
                if (m_recent[i].size == s.size() && m_keep[i] == s)
                    return m_recent[i].id;
        auto it = m_ids.constFind(s);
        if (it == m_ids.cend())
            it = m_ids.insert(s, int(m_ids.size()));
        m_recent[m_next] = {s.constData(), s.size(), *it};
        m_keep[m_next] = s; // keeps the data alive, so its pointer stays its own
        m_next = (m_next + 1) % kRecent;
        return *it;
    }

private:
    static constexpr int kRecent = 32;
    struct Recent
    {
        const QChar *data = nullptr;
        qsizetype size = -1;
        int id = -1;
    };
    QHash<QString, int> m_ids;
    Recent m_recent[kRecent];
    QString m_keep[kRecent];
    int m_next = 0;
};

// Per point: its kernel, its params without ncu_id, and the launch it belongs to (the points of
// one ncu launch share kernel, params and ID; any other measurement is a launch of its own).
struct PointIds
{
    std::vector<int> kernel, params;
    std::vector<int> launch; // 0..launches-1
    std::vector<double> launchTime;
    int launches = 0;
};

struct LaunchKey
{
    int kernel, params;
    qint64 number; // ncu_id as a number, or -1
    QString text;  // ncu_id that is not a number
    bool operator==(const LaunchKey &o) const
    {
        return kernel == o.kernel && params == o.params && number == o.number && text == o.text;
    }
};
struct LaunchKeyHash
{
    size_t operator()(const LaunchKey &k) const
    {
        return qHashMulti(0, k.kernel, k.params, k.number, k.text);
    }
};
struct CodeHash
{
    size_t operator()(const std::vector<int> &v) const { return qHashRange(v.begin(), v.end()); }
};

// Params without ncu_id, numbered from their numbered keys and values (no text is built: the
// values of imported launches are shared strings the numbering knows by their pointer).
class ParamsNumbering
{
public:
    int of(const QVariantMap &params)
    {
        m_code.clear();
        for (auto it = params.cbegin(); it != params.cend(); ++it) {
            if (it.key() == kNcuId)
                continue;
            m_code.push_back(m_keys.of(it.key()));
            m_code.push_back(m_values.of(it.value().toString()));
        }
        return m_ids.try_emplace(m_code, int(m_ids.size())).first->second;
    }

private:
    Numbering m_keys, m_values;
    std::vector<int> m_code;
    std::unordered_map<std::vector<int>, int, CodeHash> m_ids;
};

PointIds numberPoints(const QList<Measurement> &ms)
{
    PointIds ids;
    const size_t n = size_t(ms.size());
    ids.kernel.resize(n);
    ids.params.resize(n);
    ids.launch.resize(n);
    Numbering kernels;
    ParamsNumbering params;
    std::unordered_map<LaunchKey, int, LaunchKeyHash> launches;
    const QVariantMap *lastMap = nullptr;
    int lastParams = -1;
    int lastLaunch = -1;
    int lastKernel = -1;
    for (size_t i = 0; i < n; ++i) {
        const Measurement &m = ms[qsizetype(i)];
        ids.kernel[i] = kernels.of(m.kernel);
        // The points of one launch share one params map (the import copies it): same launch.
        if (lastMap && lastMap->isSharedWith(m.params) && ids.kernel[i] == lastKernel && lastLaunch >= 0 &&
            m.params.contains(kNcuId)) {
            ids.params[i] = lastParams;
            ids.launch[i] = lastLaunch;
            continue;
        }
        lastKernel = ids.kernel[i];
        if (!lastMap || !lastMap->isSharedWith(m.params))
            lastParams = params.of(m.params);
        lastMap = &m.params;
        ids.params[i] = lastParams;
        const auto it = m.params.constFind(kNcuId);
        int launch = ids.launches;
        lastLaunch = -1;
        if (it != m.params.cend()) {
            bool isNumber = false;
            const qint64 number = it->toLongLong(&isNumber);
            LaunchKey key{ids.kernel[i], lastParams, isNumber ? number : -1,
                          isNumber ? QString() : it->toString()};
            launch = launches.try_emplace(std::move(key), ids.launches).first->second;
            lastLaunch = launch;
        }
        if (launch == ids.launches) {
            ++ids.launches;
            ids.launchTime.push_back(m.time.median);
        }
        ids.launch[i] = launch;
    }
    return ids;
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
double totalTime(const PointIds &ids)
{
    double total = 0;
    for (const double t : ids.launchTime)
        total += t;
    return total;
}

} // namespace

QList<PointGroup> groupMeasurements(const QList<Measurement> &ms)
{
    const PointIds ids = numberPoints(ms);
    Numbering dtypes, levels, precisions;
    QList<PointGroup> groups;
    std::unordered_map<quint64, int> byKey;
    std::vector<std::vector<double>> times;
    for (int i = 0; i < ms.size(); ++i) {
        const Measurement &m = ms[i];
        // kernel, params (without ncu_id), dtype, level, precision: numbered, packed in 64 bits
        const quint64 key = (quint64(ids.kernel[size_t(i)]) << 42) ^ (quint64(ids.params[size_t(i)]) << 18) ^
                            (quint64(dtypes.of(m.dtype)) << 12) ^ (quint64(levels.of(m.level)) << 6) ^
                            quint64(precisions.of(m.precision));
        auto [it, inserted] = byKey.try_emplace(key, int(groups.size()));
        if (inserted) {
            PointGroup g;
            Measurement first = m;
            first.params.remove(kNcuId);
            g.key = first.key();
            g.kernel = m.kernel;
            g.dtype = m.dtype;
            g.precision = m.precision;
            g.level = m.level.isEmpty() ? QStringLiteral("hbm") : m.level;
            g.params = first.params;
            groups.append(g);
            times.emplace_back();
        }
        PointGroup &g = groups[it->second];
        g.members.append(i);
        ++g.launches;
        g.flops += m.flops;
        g.bytes += m.bytes;
        g.timeS += m.time.median;
        times[size_t(it->second)].push_back(m.time.median);
    }
    const double total = totalTime(ids);
    for (int i = 0; i < groups.size(); ++i) {
        groups[i].launchTime = statsOf(std::move(times[size_t(i)]));
        groups[i].share = total > 0 ? groups[i].timeS / total : 0;
    }
    std::stable_sort(groups.begin(), groups.end(),
                     [](const PointGroup &a, const PointGroup &b) { return a.timeS > b.timeS; });
    return groups;
}

struct KernelSummarizer::Impl
{
    struct Acc
    {
        KernelSummary s;
        std::vector<int> launchIds; // sorted out at the end
        QMap<QString, QMap<QString, std::pair<double, double>>>
            byPrecision; // precision -> level -> (flops, bytes)
    };
    QList<Acc> accs;
    std::unordered_map<quint64, int> byKernel;
    Numbering kernels, configs;
    ParamsNumbering params;
    QVariantMap lastParams; // a shared copy: the points of one launch share one map
    int lastParamsId = -1;
    std::vector<double> launchTime; // by launch number
    int nextIndex = 0;
    int nextLaunch = 0;
};

KernelSummarizer::KernelSummarizer() : d(std::make_unique<Impl>()) {}
KernelSummarizer::~KernelSummarizer() = default;

void KernelSummarizer::addLaunch(const QList<Measurement> &points)
{
    for (const Measurement &m : points)
        add(m, d->nextIndex++, d->nextLaunch);
    ++d->nextLaunch;
}

void KernelSummarizer::add(const Measurement &m, int index, int launch)
{
    using Acc = Impl::Acc;
    const int kernel = d->kernels.of(m.kernel);
    if (d->lastParamsId < 0 || !d->lastParams.isSharedWith(m.params)) {
        d->lastParamsId = d->params.of(m.params);
        d->lastParams = m.params;
    }
    // ncu launches: name, grid, block (+ the file); RoofLab's own: name, dtype and every param.
    const quint64 key =
        m.params.contains(kNcuId)
            ? (quint64(kernel) << 32) | quint64(d->lastParamsId)
            : (quint64(1) << 63) | (quint64(kernel) << 32) |
                  quint64(d->configs.of(m.dtype + QLatin1Char('\x1f') + QString::number(d->lastParamsId)));
    auto [it, inserted] = d->byKernel.try_emplace(key, int(d->accs.size()));
    if (inserted) {
        Acc a;
        a.s.kernel = m.kernel;
        a.s.grid = m.params.value(QStringLiteral("grid")).toString();
        a.s.block = m.params.value(QStringLiteral("block")).toString();
        d->accs.append(a);
    }
    Acc &a = d->accs[it->second];
    a.s.members.append(index);
    a.launchIds.push_back(launch);
    if (size_t(launch) >= d->launchTime.size())
        d->launchTime.resize(size_t(launch) + 1, -1);
    if (d->launchTime[size_t(launch)] < 0)
        d->launchTime[size_t(launch)] = m.time.median;
    auto &cell = a.byPrecision[m.precision][m.level.isEmpty() ? QStringLiteral("hbm") : m.level];
    cell.first += m.flops;
    cell.second += m.bytes;
}

QList<KernelSummary> KernelSummarizer::summaries(const Gpu *gpu) const
{
    using Acc = Impl::Acc;
    double total = 0;
    for (const double t : d->launchTime)
        total += std::max(t, 0.0);
    QList<KernelSummary> out;
    out.reserve(d->accs.size());
    for (const Acc &acc : d->accs) {
        Acc a = acc;
        KernelSummary s = a.s;
        std::sort(a.launchIds.begin(), a.launchIds.end());
        a.launchIds.erase(std::unique(a.launchIds.begin(), a.launchIds.end()), a.launchIds.end());
        std::vector<double> times;
        times.reserve(a.launchIds.size());
        for (const int l : a.launchIds) {
            times.push_back(d->launchTime[size_t(l)]);
            s.timeS += d->launchTime[size_t(l)];
        }
        s.launches = int(a.launchIds.size());
        s.launchTime = statsOf(std::move(times));
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
            } else if (const double peak = gpu->peak(s.precision);
                       peak > 0 && bw > 0 && s.aiByLevel.contains(QStringLiteral("hbm"))) {
                s.bound = s.aiByLevel.value(QStringLiteral("hbm")) < peak / bw
                              ? QStringLiteral("memory (hbm)")
                              : QStringLiteral("compute");
            }
        }
        out.append(s);
    }
    std::stable_sort(out.begin(), out.end(),
                     [](const KernelSummary &a, const KernelSummary &b) { return a.timeS > b.timeS; });
    return out;
}

QList<KernelSummary> summarizeKernels(const QList<Measurement> &ms, const Gpu *gpu)
{
    const PointIds ids = numberPoints(ms);
    KernelSummarizer k;
    for (int i = 0; i < ms.size(); ++i)
        k.add(ms[i], i, ids.launch[size_t(i)]);
    return k.summaries(gpu);
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
