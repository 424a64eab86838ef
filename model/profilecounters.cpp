#include "profilecounters.h"

#include "gpu.h"
#include "ncuimport.h"
#include "units.h"

#include <QCoreApplication>
#include <QJsonValue>

#include <cmath>

namespace model {

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("model::ProfileCounters", text);
}

const QString kTime = QStringLiteral("gpu__time_duration.sum");
const QString kCycles = QStringLiteral("sm__cycles_elapsed.avg");
const QString kClock = QStringLiteral("smsp__cycles_elapsed.avg.per_second");
const QString kClockSm = QStringLiteral("sm__cycles_elapsed.avg.per_second");
const QString kDram = QStringLiteral("dram__bytes.sum");
const QString kDramRead = QStringLiteral("dram__bytes_read.sum");
const QString kDramWrite = QStringLiteral("dram__bytes_write.sum");
const QString kL2 = QStringLiteral("lts__t_bytes.sum");
const QString kL1 = QStringLiteral("l1tex__t_bytes.sum");
const QString kSmemWavefronts = QStringLiteral("l1tex__data_pipe_lsu_wavefronts_mem_shared.sum");
const QString kSmemConflicts = QStringLiteral("l1tex__data_bank_conflicts_pipe_lsu_mem_shared.sum");
const QString kIssue = QStringLiteral("smsp__issue_active.avg.pct_of_peak_sustained_active");
const QString kIssueSm = QStringLiteral("sm__inst_issued.avg.pct_of_peak_sustained_active");
const QString kOccupancy = QStringLiteral("sm__warps_active.avg.pct_of_peak_sustained_active");
const QString kInstAll = QStringLiteral("smsp__inst_executed.sum");
const char *const kPipes[] = {"fma", "alu", "lsu", "fp64", "tensor", "xu"};

QString pipeMetric(const char *pipe)
{
    return QStringLiteral("sm__inst_executed_pipe_%1.sum").arg(QLatin1String(pipe));
}

// One shared-memory wavefront per clock per SM at 128 B (CUDA Programming Guide, shared memory:
// 32 banks × 4 B).
constexpr double kWavefrontBytes = 128;

void put(QJsonObject &o, const char *key, const std::optional<double> &v)
{
    if (v)
        o.insert(QLatin1String(key), *v);
}

} // namespace

QStringList ProfileCounters::metricNames()
{
    QStringList m = {kTime, kCycles,         kClock,         kDramRead, kDramWrite, kL2,
                     kL1,   kSmemWavefronts, kSmemConflicts, kIssue,    kOccupancy, kInstAll};
    for (const char *p : kPipes)
        m.append(pipeMetric(p));
    // The import's own metrics too (FLOP counts by precision, tensor FLOPs), so the same CSV
    // also gives roofline points through NcuImport.
    for (const QString &x : NcuImport::metrics())
        if (!m.contains(x))
            m.append(x);
    return m;
}

std::optional<double> ProfileCounters::metric(const QString &name) const
{
    const auto it = metrics.constFind(name);
    if (it == metrics.cend())
        return std::nullopt;
    return *it;
}

std::optional<double> ProfileCounters::dramBytes() const
{
    const auto r = metric(kDramRead), w = metric(kDramWrite);
    if (r && w)
        return *r + *w;
    return metric(kDram);
}

std::optional<double> ProfileCounters::l2Bytes() const
{
    return metric(kL2);
}

std::optional<double> ProfileCounters::l1Bytes() const
{
    return metric(kL1);
}

std::optional<double> ProfileCounters::smemWavefronts() const
{
    return metric(kSmemWavefronts);
}

std::optional<double> ProfileCounters::smemBytes() const
{
    if (const auto w = smemWavefronts())
        return *w * kWavefrontBytes;
    return std::nullopt;
}

std::optional<double> ProfileCounters::smemBankConflicts() const
{
    return metric(kSmemConflicts);
}

std::optional<double> ProfileCounters::issueActivePct() const
{
    if (const auto v = metric(kIssue))
        return v;
    return metric(kIssueSm);
}

std::optional<double> ProfileCounters::occupancyPct() const
{
    return metric(kOccupancy);
}

std::optional<double> ProfileCounters::smClockMhz() const
{
    auto hz = metric(kClock);
    if (!hz)
        hz = metric(kClockSm);
    if (!hz || *hz <= 0)
        return std::nullopt;
    return *hz / 1e6;
}

std::optional<double> ProfileCounters::cycles() const
{
    return metric(kCycles);
}

std::optional<double> ProfileCounters::timeS() const
{
    return metric(kTime);
}

QMap<QString, double> ProfileCounters::instructions() const
{
    QMap<QString, double> out;
    for (const char *p : kPipes)
        if (const auto v = metric(pipeMetric(p)))
            out.insert(QLatin1String(p), *v);
    if (const auto v = metric(kInstAll))
        out.insert(QStringLiteral("all"), *v);
    return out;
}

QJsonObject ProfileCounters::toJson() const
{
    QJsonObject o;
    if (!tool.isEmpty())
        o.insert(QStringLiteral("tool"), tool);
    if (!clockControl.isEmpty())
        o.insert(QStringLiteral("clock_control"), clockControl);
    if (!kernel.isEmpty())
        o.insert(QStringLiteral("kernel"), kernel);
    put(o, "dram_bytes", dramBytes());
    put(o, "l2_bytes", l2Bytes());
    put(o, "l1_bytes", l1Bytes());
    put(o, "smem_bytes", smemBytes());
    put(o, "smem_wavefronts", smemWavefronts());
    put(o, "smem_bank_conflicts", smemBankConflicts());
    put(o, "issue_active_pct", issueActivePct());
    put(o, "occupancy_pct", occupancyPct());
    put(o, "sm_clock_mhz", smClockMhz());
    put(o, "cycles", cycles());
    put(o, "time_s", timeS());
    const QMap<QString, double> inst = instructions();
    if (!inst.isEmpty()) {
        QJsonObject i;
        for (auto it = inst.cbegin(); it != inst.cend(); ++it)
            i.insert(it.key(), it.value());
        o.insert(QStringLiteral("inst"), i);
    }
    QJsonObject m;
    for (auto it = metrics.cbegin(); it != metrics.cend(); ++it)
        m.insert(it.key(), it.value());
    o.insert(QStringLiteral("metrics"), m);
    return o;
}

std::optional<ProfileCounters> ProfileCounters::fromJson(const QJsonObject &o)
{
    const QJsonValue mv = o.value(QLatin1String("metrics"));
    if (!mv.isObject())
        return std::nullopt;
    ProfileCounters c;
    c.tool = o.value(QLatin1String("tool")).toString();
    c.clockControl = o.value(QLatin1String("clock_control")).toString();
    c.kernel = o.value(QLatin1String("kernel")).toString();
    const QJsonObject m = mv.toObject();
    for (auto it = m.constBegin(); it != m.constEnd(); ++it)
        if (it.value().isDouble() && std::isfinite(it.value().toDouble()) && it.value().toDouble() >= 0)
            c.metrics.insert(it.key(), it.value().toDouble());
    return c;
}

std::optional<ProfileCounters> ProfileCounters::of(const Measurement &m)
{
    const QJsonValue v = m.extra.value(QLatin1String("counters"));
    if (!v.isObject())
        return std::nullopt;
    return fromJson(v.toObject());
}

void ProfileCounters::attachTo(Measurement &m) const
{
    m.extra.insert(QStringLiteral("counters"), toJson());
}

std::optional<ProfileCounters> ProfileCounters::fromCsv(const QByteArray &csv, const QString &kernel,
                                                        QString *error, QStringList *warnings)
{
    QStringList wanted = metricNames();
    wanted << kDram << kClockSm << kIssueSm;
    const auto launches = NcuImport::rawLaunches(csv, wanted, error, warnings);
    if (!launches)
        return std::nullopt;
    for (const NcuImport::RawLaunch &l : *launches) {
        if (!kernel.isEmpty() && !l.kernel.contains(kernel))
            continue;
        if (l.values.isEmpty()) {
            if (error)
                *error = tr("the launch of %1 has none of the counters asked for").arg(l.kernel);
            return std::nullopt;
        }
        ProfileCounters c;
        c.kernel = l.kernel;
        c.metrics = l.values;
        return c;
    }
    if (error)
        *error = tr("no launch of %1 in the profile (%2 other launches)").arg(kernel).arg(launches->size());
    return std::nullopt;
}

QMap<QString, double> measuredLevelBytes(const ProfileCounters &c)
{
    QMap<QString, double> out;
    if (const auto v = c.dramBytes())
        out.insert(QStringLiteral("hbm"), *v);
    if (const auto v = c.l2Bytes())
        out.insert(QStringLiteral("l2"), *v);
    if (const auto v = c.l1Bytes())
        out.insert(QStringLiteral("l1"), *v);
    if (const auto v = c.smemBytes())
        out.insert(QStringLiteral("smem"), *v);
    return out;
}

QStringList levelComparison(const QMap<QString, double> &predicted, const QMap<QString, double> &measured,
                            const QString &memoryType)
{
    QStringList order = {QStringLiteral("hbm"), QStringLiteral("l2"), QStringLiteral("l1"),
                         QStringLiteral("smem")};
    // Levels beyond the four, in key order, after them.
    for (const QString &k : predicted.keys() + measured.keys())
        if (!order.contains(k))
            order.append(k);
    QStringList lines;
    for (const QString &level : order) {
        const bool p = predicted.contains(level), m = measured.contains(level);
        if (!p && !m)
            continue;
        const QString name = level == QLatin1String("l1") ? tr("L1") : levelLabel(level, memoryType);
        const QString none = QStringLiteral("—");
        lines.append(tr("%1: predicted %2, measured %3")
                         .arg(name, p ? formatBytesBinary(predicted.value(level)) : none,
                              m ? formatBytesBinary(measured.value(level)) : none));
    }
    return lines;
}

} // namespace model
