#include "ncuimport.h"

#include "ncucsv.h"

#include <QBuffer>
#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QJsonObject>
#include <QRegularExpression>
#include <QSet>

#include <algorithm>
#include <cmath>
#include <limits>

namespace model {

using ncucsv::Dimension;
using ncucsv::Record;

namespace {

QString tr(const char *text, const char *disambiguation = nullptr, int n = -1)
{
    return QCoreApplication::translate("model::NcuImport", text, disambiguation, n);
}

const QString kTime = QStringLiteral("gpu__time_duration.sum");
// The details page's own duration (GPU Speed Of Light section), when no raw time was requested.
const QString kDetailsDuration = QStringLiteral("Duration");
const QString kSmCycles = QStringLiteral("sm__cycles_elapsed.avg");
const QString kSmCps = QStringLiteral("sm__cycles_elapsed.avg.per_second");
const QString kSmspCps = QStringLiteral("smsp__cycles_elapsed.avg.per_second");
const QString kDram = QStringLiteral("dram__bytes.sum");
const QString kDramRead = QStringLiteral("dram__bytes_read.sum");
const QString kDramWrite = QStringLiteral("dram__bytes_write.sum");
const QString kLts = QStringLiteral("lts__t_bytes.sum");
const QString kL1 = QStringLiteral("l1tex__t_bytes.sum");
const QString kTensorInst = QStringLiteral("sm__inst_executed_pipe_tensor.sum");
const QString kTensorInstRate = QStringLiteral("smsp__inst_executed_pipe_tensor.sum.per_cycle_elapsed");
const QString kTensorPrefix = QStringLiteral("sm__ops_path_tensor_src_");
const QString kOccupancyPrefix = QStringLiteral("launch__occupancy_limit_");
const QString kDisplayName = QStringLiteral("device__attribute_display_name");

const QString kTimeCycles = QStringLiteral("sm__cycles_elapsed.avg / sm__cycles_elapsed.avg.per_second");

QString sass(const char *op, const char *unit = "sm")
{
    return QStringLiteral("%1__sass_thread_inst_executed_op_%2_pred_on.sum")
        .arg(QLatin1String(unit), QLatin1String(op));
}

// A CUDA-core FLOP family: FLOPs = sum(weight × instruction count).
struct SassFamily
{
    const char *precision;
    const char *dtype;
    struct Term
    {
        const char *op;
        int weight;
    };
    Term terms[3];
};

// FMA counts twice; half-precision instructions are packed half2, so Nsight's own section
// counts 2×hadd + 2×hmul + 4×hfma (shared/reference/ncu-csv.md).
const SassFamily kSassFamilies[] = {
    {"fp64", "fp64", {{"dadd", 1}, {"dmul", 1}, {"dfma", 2}}},
    {"fp32", "fp32", {{"fadd", 1}, {"fmul", 1}, {"ffma", 2}}},
    {"fp16", "fp16", {{"hadd", 2}, {"hmul", 2}, {"hfma", 4}}},
};
constexpr int kOps = 9;

const QStringList kTensorMetrics = {
    QStringLiteral("sm__ops_path_tensor_src_fp64.sum"),
    QStringLiteral("sm__ops_path_tensor_src_tf32_dst_fp32.sum"),
    // The fp16 source's total: ncu 2025.3 on Hopper lists no _dst_fp16/_dst_fp32 variants, and ncu
    // refuses a whole run for one unknown metric. An export that has the variants is still read
    // by them (tensorColumns()).
    QStringLiteral("sm__ops_path_tensor_src_fp16.sum"),
    QStringLiteral("sm__ops_path_tensor_src_bf16_dst_fp32.sum"),
    QStringLiteral("sm__ops_path_tensor_src_fp8.sum"),
    QStringLiteral("sm__ops_path_tensor_src_int8.sum"),
};

// How a metric's value is read: what its unit must measure, and whether the unit's scale applies.
enum class Kind {
    Time,      // seconds
    Cycles,    // cycles
    PerSecond, // Hz, B/s, inst/s
    Bytes,
    Count,    // inst, ops (scaled: "Minst")
    PerCycle, // inst/cycle
    Percent,
    Any,     // as written (registers/thread, SM count, bus bits, occupancy limits)
    Generic, // rawLaunches(): whatever the unit says, scaled to base units
};

// Where a level's bytes come from, in the order they are tried per level: the metric (and a
// second one added to it), its kind, bytes per unit, whether it is a rate (× time), the
// expression shown (extra["ncu"]["bytes"]) and the definition (extra["ncu"]["level_definition"]).
//
// Nsight Compute's hierarchical roofline sections (SpeedOfLight_Hierarchical{Single,Double,Half,
// Tensor}RooflineChart.section, ncu 2023-2025) draw L2 from derived__lts__lts2xbar_bytes =
// lts__lts2xbar_cycles_active × 32 B and L1 from derived__l1tex__lsu_writeback_bytes_mem_lgds =
// l1tex__lsu_writeback_active_mem_lgds × 128 B (`_mem_lg` in older versions). The derived columns
// themselves are not read: ncu 2025.3 exports the L2 one with the unit "byte"/"Gbyte" (no "/s") and
// the L1 one with no unit and unscaled (tests/data/ncu/real), so their cycle rates (unit "hz") are
// used instead. l1tex__m_xbar2l1tex_read_bytes (L2 → L1 reads, Memory Workload Analysis) is another
// quantity (gemm.reg2d on an H200: 67 MB against lts2xbar's 45 MB); it is the last resort.
struct LevelSource
{
    int levelIndex; // 0 hbm, 1 l2, 2 l1
    const char *metric;
    const char *metric2; // added to metric, or nullptr
    Kind kind;
    double factor; // bytes per unit of the metric
    bool perSecond;
    const char *expression;
    const char *definition;
};
#define RL_L2_NSIGHT "nsight-l2 (lts__lts2xbar_cycles_active \u00d7 32 B)"
#define RL_L1_LGDS "nsight-l1-writeback (l1tex__lsu_writeback_active_mem_lgds \u00d7 128 B)"
#define RL_L1_LG "nsight-l1-writeback (l1tex__lsu_writeback_active_mem_lg \u00d7 128 B)"
#define RL_L1_OLD "nsight-l1-writeback (l1tex__lsu_writeback_active \u00d7 128 B)"
const LevelSource kLevelSources[] = {
    {0, "dram__bytes.sum", nullptr, Kind::Bytes, 1, false, "dram__bytes.sum", "dram__bytes"},
    {0, "dram__bytes_read.sum", "dram__bytes_write.sum", Kind::Bytes, 1, false,
     "dram__bytes_read.sum + dram__bytes_write.sum", "dram__bytes"},
    {0, "dram__bytes.sum.per_second", nullptr, Kind::PerSecond, 1, true, "dram__bytes.sum.per_second * time",
     "dram__bytes"},
    {1, "lts__t_bytes.sum", nullptr, Kind::Bytes, 1, false, "lts__t_bytes.sum", "lts__t_bytes"},
    {1, "lts__lts2xbar_cycles_active.sum", nullptr, Kind::Count, 32, false,
     "lts__lts2xbar_cycles_active.sum * 32", RL_L2_NSIGHT},
    {1, "lts__lts2xbar_cycles_active.sum.per_second", nullptr, Kind::PerSecond, 32, true,
     "lts__lts2xbar_cycles_active.sum.per_second * 32 * time", RL_L2_NSIGHT},
    {1, "l1tex__m_xbar2l1tex_read_bytes.sum", nullptr, Kind::Bytes, 1, false,
     "l1tex__m_xbar2l1tex_read_bytes.sum", "l1tex__m_xbar2l1tex_read_bytes"},
    {1, "l1tex__m_xbar2l1tex_read_bytes.sum.per_second", nullptr, Kind::PerSecond, 1, true,
     "l1tex__m_xbar2l1tex_read_bytes.sum.per_second * time", "l1tex__m_xbar2l1tex_read_bytes"},
    {2, "l1tex__t_bytes.sum", nullptr, Kind::Bytes, 1, false, "l1tex__t_bytes.sum", "l1tex__t_bytes"},
    {2, "l1tex__lsu_writeback_active_mem_lgds.sum", nullptr, Kind::Count, 128, false,
     "l1tex__lsu_writeback_active_mem_lgds.sum * 128", RL_L1_LGDS},
    {2, "l1tex__lsu_writeback_active_mem_lgds.sum.per_second", nullptr, Kind::PerSecond, 128, true,
     "l1tex__lsu_writeback_active_mem_lgds.sum.per_second * 128 * time", RL_L1_LGDS},
    {2, "l1tex__lsu_writeback_active_mem_lg.sum", nullptr, Kind::Count, 128, false,
     "l1tex__lsu_writeback_active_mem_lg.sum * 128", RL_L1_LG},
    {2, "l1tex__lsu_writeback_active_mem_lg.sum.per_second", nullptr, Kind::PerSecond, 128, true,
     "l1tex__lsu_writeback_active_mem_lg.sum.per_second * 128 * time", RL_L1_LG},
    {2, "l1tex__lsu_writeback_active.sum", nullptr, Kind::Count, 128, false,
     "l1tex__lsu_writeback_active.sum * 128", RL_L1_OLD},
    {2, "l1tex__lsu_writeback_active.sum.per_second", nullptr, Kind::PerSecond, 128, true,
     "l1tex__lsu_writeback_active.sum.per_second * 128 * time", RL_L1_OLD},
};
#undef RL_L2_NSIGHT
#undef RL_L1_LGDS
#undef RL_L1_LG
#undef RL_L1_OLD
constexpr int kLevelSourceCount = int(std::size(kLevelSources));

// The fixed metrics' ids: Registry adds them first, in this order.
enum Fixed {
    F_Time,
    F_Duration,
    F_SmCycles,
    F_SmCps,
    F_SmspCps,
    F_TensorInst,
    F_TensorInstRate,
    F_Regs,
    F_Sms,
    F_L2Size,
    F_BusWidth,
    F_Count
};

// The sass op forms, in the order they are tried: counts first, then Nsight's rates.
enum SassForm { SmSum, SmspSum, SmspPerCycle, SmPerCycle, SmspPerSecond, SmPerSecond, kForms };

QString sassForm(const char *op, int form)
{
    switch (form) {
    case SmSum:
        return sass(op);
    case SmspSum:
        return sass(op, "smsp");
    case SmspPerCycle:
        return sass(op, "smsp") + QStringLiteral(".per_cycle_elapsed");
    case SmPerCycle:
        return sass(op) + QStringLiteral(".per_cycle_elapsed");
    case SmspPerSecond:
        return sass(op, "smsp") + QStringLiteral(".per_second");
    default:
        return sass(op) + QStringLiteral(".per_second");
    }
}

Kind sassKind(int form)
{
    switch (form) {
    case SmSum:
    case SmspSum:
        return Kind::Count;
    case SmspPerCycle:
    case SmPerCycle:
        return Kind::PerCycle;
    default:
        return Kind::PerSecond;
    }
}

// Tensor-core FLOP columns: sm__ops_path_tensor_src_<src>[_dst_<dst>].sum.
struct TensorColumn
{
    QString metric;
    QString src;
    QString dst;
};

struct TensorTarget
{
    QString precision;
    QString dtype;
};

std::optional<TensorTarget> tensorTarget(const QString &src, const QString &dst)
{
    if (src == QLatin1String("fp16"))
        return TensorTarget{dst == QLatin1String("fp16") ? QStringLiteral("fp16_tc_fp16acc")
                                                         : QStringLiteral("fp16_tc"),
                            QStringLiteral("fp16")};
    if (src == QLatin1String("bf16"))
        return TensorTarget{QStringLiteral("bf16_tc"), QStringLiteral("bf16")};
    if (src == QLatin1String("tf32"))
        return TensorTarget{QStringLiteral("tf32_tc"), QStringLiteral("tf32")};
    // Blackwell's mixed f8f6f4 path runs all three at the FP8 rate.
    if (src == QLatin1String("fp8") || src == QLatin1String("fp4_fp6_fp8") || src == QLatin1String("fp6"))
        return TensorTarget{dst == QLatin1String("fp16") ? QStringLiteral("fp8_tc_fp16acc")
                                                         : QStringLiteral("fp8_tc"),
                            QStringLiteral("fp8")};
    if (src == QLatin1String("fp4"))
        return TensorTarget{QStringLiteral("fp4_tc"), QStringLiteral("fp4")};
    if (src == QLatin1String("fp64"))
        return TensorTarget{QStringLiteral("fp64_tc"), QStringLiteral("fp64")};
    if (src == QLatin1String("int8"))
        return TensorTarget{QStringLiteral("int8_tc"), QStringLiteral("int8")};
    return std::nullopt;
}

// Which tensor columns to add up: per source, the _dst_ variants when present (they tell
// the accumulator), else the source's total; never both, which would count twice. Hopper's
// ncu names the FP8 path by sparsity (sm__ops_path_tensor_src_fp8_sparsity_off|on, no total in
// --set full): where the source has a total, that is read and the sparsity columns are not;
// else the dense count is the source's, and the sparse one is not imported (whether a 2:4
// sparse op counts the zeros is not documented). Columns of sources
// without a precision (those, int1) go to *unknown: a launch that uses them is reported.
QList<TensorColumn> tensorColumns(const QSet<QString> &present, QStringList *unknown)
{
    static const QRegularExpression re(
        QStringLiteral("^sm__ops_path_tensor_src_([a-z0-9_]+?)(?:_dst_([a-z0-9]+))?\\.sum$"));
    QMap<QString, QList<TensorColumn>> bySrc;
    for (const QString &m : present) {
        const auto match = re.match(m);
        if (match.hasMatch())
            bySrc[match.captured(1)].append({m, match.captured(1), match.captured(2)});
    }
    static const QString kDense = QStringLiteral("_sparsity_off"), kSparse = QStringLiteral("_sparsity_on");
    const QList<QString> sources = bySrc.keys();
    QMap<QString, QList<TensorColumn>> denseBySrc;
    for (auto it = bySrc.begin(); it != bySrc.end();) {
        const bool dense = it.key().endsWith(kDense), sparse = it.key().endsWith(kSparse);
        const QString base = it.key().chopped(dense ? kDense.size() : sparse ? kSparse.size() : 0);
        if ((dense || sparse) && sources.contains(base)) {
            it = bySrc.erase(it); // the source's total counts both paths
        } else if (dense && tensorTarget(base, {})) {
            for (TensorColumn c : std::as_const(*it)) {
                c.src = base;
                denseBySrc[base].append(c);
            }
            it = bySrc.erase(it);
        } else {
            ++it;
        }
    }
    bySrc.insert(denseBySrc);
    QList<TensorColumn> out;
    for (auto it = bySrc.cbegin(); it != bySrc.cend(); ++it) {
        if (!tensorTarget(it.key(), {})) {
            for (const TensorColumn &c : *it)
                unknown->append(c.metric);
            continue;
        }
        QList<TensorColumn> variants, total;
        for (const TensorColumn &c : *it)
            (c.dst.isEmpty() ? total : variants).append(c);
        std::sort(variants.begin(), variants.end(),
                  [](const TensorColumn &a, const TensorColumn &b) { return a.metric < b.metric; });
        out.append(variants.isEmpty() ? total : variants);
    }
    return out;
}

bool isPercentName(const QString &name)
{
    return name.contains(QLatin1String("pct_of_peak")) || name.contains(QLatin1String("Throughput"));
}

// The metrics an import reads, numbered: fixed ones first, then the file's own tensor,
// occupancy and percentage columns as they appear.
class Registry
{
public:
    Registry()
    {
        add(kTime, Kind::Time);
        add(kDetailsDuration, Kind::Time);
        add(kSmCycles, Kind::Cycles);
        add(kSmCps, Kind::PerSecond);
        add(kSmspCps, Kind::PerSecond);
        add(kTensorInst, Kind::Count);
        add(kTensorInstRate, Kind::PerCycle);
        add(QStringLiteral("launch__registers_per_thread"), Kind::Any);
        add(QStringLiteral("device__attribute_multiprocessor_count"), Kind::Any);
        add(QStringLiteral("device__attribute_l2_cache_size"), Kind::Bytes);
        add(QStringLiteral("device__attribute_global_memory_bus_width"), Kind::Any);
        Q_ASSERT(size() == F_Count);
        for (const LevelSource &l : kLevelSources) {
            add(QLatin1String(l.metric), l.kind);
            if (l.metric2)
                add(QLatin1String(l.metric2), l.kind);
        }
        m_sassBase = size();
        for (const SassFamily &f : kSassFamilies)
            for (const auto &t : f.terms)
                for (int form = 0; form < kForms; ++form)
                    add(sassForm(t.op, form), sassKind(form));
    }

    // The metrics every import knows, built once: an import starts from a copy (Qt's containers
    // share it until the file adds a metric), not from some 500 allocations of its own.
    static const Registry &standard()
    {
        static const Registry r;
        return r;
    }

    int size() const { return int(m_names.size()); }
    int id(const QString &name) const { return m_ids.value(name, -1); }
    int sassId(int op, int form) const { return m_sassBase + op * kForms + form; }
    const QString &name(int id) const { return m_names.at(id); }
    Kind kind(int id) const { return m_kinds.at(id); }
    bool isPercent(int id) const { return m_kinds.at(id) == Kind::Percent; }

    int add(const QString &name, Kind kind)
    {
        const auto it = m_ids.constFind(name);
        if (it != m_ids.cend())
            return *it;
        m_ids.insert(name, size());
        m_names.append(name);
        m_kinds.append(kind);
        return size() - 1;
    }

    // The file's own columns the import keeps: tensor FLOPs, occupancy limits, % of peak.
    int addIfWanted(const QString &name, QByteArrayView unit)
    {
        if (const int i = id(name); i >= 0)
            return i;
        if (name.startsWith(kTensorPrefix))
            return add(name, Kind::Count);
        if (name.startsWith(kOccupancyPrefix))
            return add(name, Kind::Any);
        if (isPercentName(name) && (unit.isEmpty() || unit.trimmed() == "%"))
            return add(name, Kind::Percent);
        return -1;
    }

private:
    QHash<QString, int> m_ids;
    QStringList m_names;
    QList<Kind> m_kinds;
    int m_sassBase = 0;
};

// Per-metric problems, reported once per metric rather than once per launch.
struct Problems
{
    QMap<QString, int> notAvailable;
    QMap<QString, QString> badValue; // metric -> first reason
    QMap<QString, int> badCount;

    void bad(const QString &metric, const QString &why)
    {
        if (!badValue.contains(metric))
            badValue.insert(metric, why);
        ++badCount[metric];
    }
};

// A launch's identity and the values of its wanted metrics (base units).
struct LaunchData
{
    QString id, kernel, grid, block, device, cc, displayName;
    qint64 line = 0;
    std::vector<std::pair<int, double>> values; // details page: gathered over its rows
};

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

bool has(double v)
{
    return !std::isnan(v);
}

class Importer
{
public:
    explicit Importer(const QStringList *rawMetrics = nullptr, const NcuReadOptions &options = {})
        : m_options(options), m_rawMetrics(rawMetrics)
    {
        static const QList<std::pair<QString, QString>> sassPrecisions = [] {
            QList<std::pair<QString, QString>> p;
            for (const SassFamily &f : kSassFamilies)
                p.append({QLatin1String(f.precision), QLatin1String(f.dtype)});
            return p;
        }();
        m_precisions = sassPrecisions; // shared until a tensor target is added
        for (int i = 0; i < kLevelSourceCount; ++i) {
            const LevelSource &l = kLevelSources[i];
            m_levelIds[i] = {m_reg.id(QLatin1String(l.metric)),
                             l.metric2 ? m_reg.id(QLatin1String(l.metric2)) : -1};
        }
        if (m_rawMetrics)
            for (const QString &m : *m_rawMetrics)
                m_rawIds.append(m_reg.id(m) >= 0 ? m_reg.id(m) : m_reg.add(m, Kind::Generic));
        m_splitter.onRecord = [this](const Record &r) { return record(r); };
        m_splitter.onToolLine = [this](const QByteArray &line) {
            if (line.startsWith("==ERROR==") || line.startsWith("==WARNING=="))
                m_report.warnings.append(tr("ncu said: %1").arg(QString::fromUtf8(line)));
        };
    }

    bool feed(const char *data, qsizetype n) { return m_splitter.feed(data, n); }
    // Why the splitter stopped early (a record past a limit); empty when it did not.
    QString limitMessage() const { return m_splitter.limitMessage(); }
    // nullopt with *error when the input is not an ncu export.
    std::optional<NcuReport> finish(QString *error);
    QList<NcuImport::RawLaunch> takeRaw() { return std::move(m_raw); }

private:
    bool record(const Record &r);
    bool header(const Record &r);
    void rawRow(const Record &r);
    void detailsRow(const Record &r);
    void flushPending();
    void observe(const Record &r);
    double convert(int id, QByteArrayView unit, QByteArrayView text);
    std::optional<double> unitFor(Kind kind, QByteArrayView unit);
    void plan(const QSet<QString> &present);
    void launch(const LaunchData &l);
    QString intern(QByteArrayView bytes);
    void skip(const Record &r);
    QJsonObject extraFor(int precision, quint64 terms, int levelSource, int timeId);
    QString formula(int precision, quint64 terms) const;

    Registry m_reg = Registry::standard();
    ncucsv::RecordSplitter m_splitter;
    ncucsv::NumberStyle m_style;
    bool m_styleFixed = false;
    std::vector<Record> m_pending; // rows read before the decimal mark was known
    qint64 m_pendingBytes = 0;
    static constexpr qint64 kMaxPendingBytes = 8 << 20;
    Problems m_problems;
    NcuReport m_report;

    // Header
    bool m_haveHeader = false;
    bool m_details = false;
    bool m_unitsChecked = false;
    bool m_noUnits = false;
    bool m_scaled = false;
    int m_headerSize = 0;
    int cId = -1, cKernel = -1, cGrid = -1, cBlock = -1, cDevice = -1, cCc = -1;
    int cName = -1, cUnit = -1, cValue = -1, cDisplay = -1, cSection = -1;
    // A details page with Nsight's roofline sections: the report has the rates, its raw page gives them.
    bool m_rooflineSections = false;
    int m_detailsNeeded = 0;
    QList<std::pair<int, int>> m_columns; // raw page: (column, metric id)
    QList<QByteArray> m_units;            // raw page: per column
    QStringList m_headerNames;

    // Details page
    QList<LaunchData> m_launches;
    QHash<QByteArray, int> m_byKey;
    QSet<QByteArray> m_detailsPresent;

    // Plan (what the file can give)
    bool m_planned = false;
    bool m_canGivePoints = false;
    QList<TensorColumn> m_tensor;
    QList<int> m_tensorIds;
    int m_skippedLaunches = 0;
    int m_tensorInstLaunches = 0;
    QList<int> m_unknownTensorIds; // tensor columns of sources with no precision (int1, sparse fp8)
    QSet<QString> m_unknownTensorUsed;
    int m_skippedRows = 0;
    QList<qint64> m_skippedLines;
    QSet<QString> m_devices;
    QHash<QByteArray, QString> m_interned;
    QHash<std::pair<quint64, int>, QJsonObject> m_extraCache;
    QList<std::pair<QString, QString>>
        m_precisions;             // (precision, dtype): the sass families, then tensor targets
    QList<int> m_tensorPrecision; // per m_tensor column: index into m_precisions
    const QString m_levelNames[3] = {QStringLiteral("hbm"), QStringLiteral("l2"), QStringLiteral("l1")};
    const QString m_ncuSource = QStringLiteral("ncu");
    std::vector<double> m_dense;

    struct UnitCache
    {
        Kind kind;
        QByteArray unit;
        double factor;
        bool fits;
    };
    std::vector<UnitCache> m_unitCache;
    std::pair<int, int> m_levelIds[kLevelSourceCount]; // per kLevelSources entry: metric ids (second -1)
    QList<int> m_occupancyIds;                         // launch__occupancy_limit_* metrics
    int m_occupancyChecked = 0;
    NcuReadOptions m_options;
    qint64 m_launchCount = 0;
    qint64 m_pointCount = 0;
    const QStringList *m_rawMetrics;
    QList<int> m_rawIds;
    QList<NcuImport::RawLaunch> m_raw;
};

QString Importer::intern(QByteArrayView bytes)
{
    // Looked up without a copy (most names repeat); copied only when new.
    const QByteArray key = QByteArray::fromRawData(bytes.data(), bytes.size());
    auto it = m_interned.constFind(key);
    if (it == m_interned.cend())
        it = m_interned.insert(bytes.toByteArray(), QString::fromUtf8(bytes));
    return *it;
}

void Importer::skip(const Record &r)
{
    ++m_skippedRows;
    if (m_skippedLines.size() < 5)
        m_skippedLines.append(r.line);
}

bool Importer::record(const Record &r)
{
    if (!m_haveHeader)
        return header(r);
    if (!m_details && !m_unitsChecked) {
        if (r.size() < m_headerSize) {
            skip(r); // program output between the header and the units line
            return true;
        }
        m_unitsChecked = true;
        const int idCol = cId >= 0 ? cId : cKernel;
        if (r.size() >= m_headerSize && r.field(idCol).trimmed().isEmpty()) {
            for (int c = 0; c < m_headerSize; ++c)
                m_units[c] = r.field(c).trimmed().toByteArray();
            for (const auto &[col, id] : std::as_const(m_columns))
                if (const auto f = ncucsv::unitFactor(m_units[col]);
                    f && f->scaled && m_reg.kind(id) != Kind::Any)
                    m_scaled = true;
            return true;
        }
        // Without a units line nothing says how values are scaled; --print-units base is the
        // only safe reading.
        m_noUnits = true;
        for (const auto &[col, id] : std::as_const(m_columns)) {
            const QString &name = m_reg.name(id);
            switch (m_reg.kind(id)) {
            case Kind::Time:
                m_units[col] = "ns";
                break;
            case Kind::Bytes:
                m_units[col] = "byte";
                break;
            case Kind::PerSecond:
                m_units[col] = name.contains(QLatin1String("bytes")) ? "byte/second" : "/second";
                break;
            case Kind::Percent:
                m_units[col] = "%";
                break;
            default:
                break;
            }
        }
    }
    if (!m_styleFixed) {
        observe(r);
        m_pending.push_back(r);
        m_pendingBytes += qint64(r.buffer.size());
        // Held back a few rows at most: the bytes too, or 64 rows at the record limit cost 1 GiB.
        if (m_style.decided() || m_pending.size() >= 64 || m_pendingBytes > kMaxPendingBytes)
            flushPending();
        return true;
    }
    if (m_details)
        detailsRow(r);
    else
        rawRow(r);
    return true;
}

void Importer::observe(const Record &r)
{
    auto integral = [](QByteArrayView unit) {
        unit = unit.trimmed();
        return unit.isEmpty() || unit == "byte" || unit == "inst" || unit == "cycle";
    };
    if (m_details) {
        if (r.size() < m_detailsNeeded)
            return;
        const QByteArrayView text = r.field(cValue);
        if (!ncucsv::isNotAvailable(text))
            m_style.observe(text, integral(r.field(cUnit)));
        return;
    }
    if (r.size() < m_headerSize)
        return;
    for (const auto &[col, id] : std::as_const(m_columns)) {
        const Kind k = m_reg.kind(id);
        const QByteArrayView text = r.field(col);
        if (ncucsv::isNotAvailable(text))
            continue;
        // Counts and bytes in base units are whole numbers; times and rates are not.
        const bool whole = integral(m_units[col]) && k != Kind::Time && k != Kind::PerSecond &&
                           k != Kind::PerCycle && k != Kind::Percent;
        m_style.observe(text, whole);
    }
}

void Importer::flushPending()
{
    m_styleFixed = true;
    std::vector<Record> pending;
    pending.swap(m_pending);
    for (const Record &p : pending)
        m_details ? detailsRow(p) : rawRow(p);
}

bool Importer::header(const Record &r)
{
    int kernelCol = -1;
    for (int c = 0; c < r.size(); ++c)
        if (r.field(c) == "Kernel Name")
            kernelCol = c;
    if (kernelCol < 0)
        return true; // text before the table (program output, tool lines)
    m_haveHeader = true;
    m_headerSize = r.size();
    for (int c = 0; c < r.size(); ++c)
        m_headerNames.append(r.text(c));
    auto col = [this](const char *name) { return int(m_headerNames.indexOf(QLatin1String(name))); };
    cId = col("ID");
    cKernel = kernelCol;
    cGrid = col("Grid Size");
    cBlock = col("Block Size");
    cDevice = col("Device");
    cCc = col("CC");
    // (ncu 2020-2021 details pages also have "Kernel Time": the launch's date, not its duration.)
    cName = col("Metric Name");
    cUnit = col("Metric Unit");
    cValue = col("Metric Value");
    cSection = col("Section Name");
    if (cName >= 0 && cValue >= 0) {
        m_details = true;
        m_detailsNeeded = 1 + std::max({cId, cKernel, cGrid, cBlock, cDevice, cCc, cName, cUnit, cValue});
        return true;
    }
    m_units = QList<QByteArray>(m_headerSize);
    cDisplay = int(m_headerNames.indexOf(kDisplayName));
    for (int c = 0; c < m_headerSize; ++c)
        if (const int id = m_reg.addIfWanted(m_headerNames.at(c), {}); id >= 0)
            if (!m_rawMetrics || m_rawIds.contains(id))
                m_columns.append({c, id});
    plan(QSet<QString>(m_headerNames.cbegin(), m_headerNames.cend()));
    return true;
}

// The factor to base units of a unit used for a metric of this kind; nullopt when the unit does
// not fit (a time in cycles). A file uses a handful of units: they are remembered.
std::optional<double> Importer::unitFor(Kind kind, QByteArrayView unit)
{
    for (const UnitCache &c : m_unitCache)
        if (c.kind == kind && QByteArrayView(c.unit) == unit)
            return c.fits ? std::optional<double>(c.factor) : std::nullopt;
    const auto f = ncucsv::unitFactor(unit);
    const Dimension d = ncucsv::dimensionOf(unit);
    bool fits = bool(f);
    switch (kind) {
    case Kind::Time:
        fits = fits && d == Dimension::Time;
        break;
    case Kind::Bytes:
        fits = fits && (d == Dimension::Bytes || d == Dimension::None);
        break;
    case Kind::PerSecond:
        fits = fits && d == Dimension::PerSecond;
        break;
    case Kind::Cycles:
        fits = fits && (d == Dimension::Cycles || d == Dimension::None);
        break;
    case Kind::Generic:
        fits = true; // as written when the unit is unknown
        break;
    default:
        break;
    }
    const double factor = f ? f->factor : 1.0;
    if (m_unitCache.size() < 64)
        m_unitCache.push_back({kind, unit.toByteArray(), factor, fits});
    return fits ? std::optional<double>(factor) : std::nullopt;
}

double Importer::convert(int id, QByteArrayView unit, QByteArrayView text)
{
    const QString &metric = m_reg.name(id);
    if (ncucsv::isNotAvailable(text)) {
        if (m_reg.kind(id) != Kind::Percent)
            ++m_problems.notAvailable[metric];
        return kNaN;
    }
    const Kind kind = m_reg.kind(id);
    double factor = 1;
    if (kind != Kind::Any && kind != Kind::Percent) {
        const auto f = unitFor(kind, unit);
        if (!f) {
            m_problems.bad(metric, tr("unknown unit \"%1\"").arg(QString::fromUtf8(unit)));
            return kNaN;
        }
        factor = *f;
    }
    const auto v = m_style.parse(text);
    if (!v) {
        m_problems.bad(metric, tr("\"%1\" is not a number").arg(QString::fromUtf8(text)));
        return kNaN;
    }
    if (*v < 0) {
        m_problems.bad(metric, tr("negative value %1").arg(QString::fromUtf8(text)));
        return kNaN;
    }
    const double scaled = *v * factor;
    if (!std::isfinite(scaled)) {
        m_problems.bad(metric, tr("\"%1\" is out of range").arg(QString::fromUtf8(text)));
        return kNaN;
    }
    return scaled;
}

void Importer::rawRow(const Record &r)
{
    // A trailing comma adds an empty field; program output interleaved has far fewer.
    if (r.size() < m_headerSize) {
        skip(r);
        return;
    }
    LaunchData l;
    l.id = r.text(cId).trimmed();
    l.kernel = intern(r.field(cKernel));
    l.grid = intern(r.field(cGrid));
    l.block = intern(r.field(cBlock));
    l.device = intern(r.field(cDevice).trimmed());
    l.cc = intern(r.field(cCc).trimmed());
    if (cDisplay >= 0)
        l.displayName = intern(r.field(cDisplay).trimmed());
    l.line = r.line;
    m_dense.assign(size_t(m_reg.size()), kNaN);
    for (const auto &[col, id] : std::as_const(m_columns))
        m_dense[size_t(id)] = convert(id, m_units[col], r.field(col));
    launch(l);
}

void Importer::detailsRow(const Record &r)
{
    // Rule columns may be cut short or end in a stray comma; the metric columns are what counts.
    if (r.size() < m_detailsNeeded) {
        skip(r);
        return;
    }
    if (!m_rooflineSections && cSection >= 0 && r.field(cSection).contains("RooflineChart"))
        m_rooflineSections = true;
    const QByteArrayView nameBytes = r.field(cName).trimmed();
    QByteArray key = r.field(cId).trimmed().toByteArray();
    key += '\x1f';
    key += r.field(cKernel);
    auto it = m_byKey.constFind(key);
    if (it == m_byKey.cend()) {
        LaunchData l;
        l.id = r.text(cId).trimmed();
        l.kernel = intern(r.field(cKernel));
        l.grid = intern(r.field(cGrid));
        l.block = intern(r.field(cBlock));
        l.device = intern(r.field(cDevice).trimmed());
        l.cc = intern(r.field(cCc).trimmed());
        l.line = r.line;
        it = m_byKey.insert(key, int(m_launches.size()));
        m_launches.append(l);
    }
    LaunchData &l = m_launches[*it];
    if (!m_detailsPresent.contains(nameBytes.toByteArray()))
        m_detailsPresent.insert(nameBytes.toByteArray());
    const QByteArrayView unit = cUnit >= 0 ? r.field(cUnit) : QByteArrayView();
    if (nameBytes == kDisplayName.toLatin1()) {
        l.displayName = intern(r.field(cValue).trimmed());
        return;
    }
    const QString name = QString::fromUtf8(nameBytes);
    const int id = m_reg.addIfWanted(name, unit);
    if (id < 0 || (m_rawMetrics && !m_rawIds.contains(id)))
        return;
    if (const auto f = ncucsv::unitFactor(unit); f && f->scaled && m_reg.kind(id) != Kind::Any)
        m_scaled = true;
    const double v = convert(id, unit, r.field(cValue));
    if (has(v))
        l.values.emplace_back(id, v);
}

// What the file can give, from the metric names it has.
void Importer::plan(const QSet<QString> &present)
{
    m_planned = true;
    if (m_rawMetrics)
        return; // rawLaunches(): no points, no warnings about them
    QStringList &warnings = m_report.warnings;
    auto hasAny = [&present](std::initializer_list<QString> names) {
        return std::any_of(names.begin(), names.end(), [&](const QString &n) { return present.contains(n); });
    };
    const bool hasTime = hasAny({kTime}) || (m_details && present.contains(kDetailsDuration)) ||
                         (present.contains(kSmCycles) && present.contains(kSmCps));
    const bool hasCps = hasAny({kSmCps, kSmspCps});
    auto levelPresent = [&present](const LevelSource &l) {
        return present.contains(QLatin1String(l.metric)) &&
               (!l.metric2 || present.contains(QLatin1String(l.metric2)));
    };
    const bool hasBytes = std::any_of(std::begin(kLevelSources), std::end(kLevelSources), levelPresent);
    QStringList unknownTensor;
    m_tensor = tensorColumns(present, &unknownTensor);
    for (const QString &m : std::as_const(unknownTensor))
        m_unknownTensorIds.append(m_reg.add(m, Kind::Count));
    for (const TensorColumn &c : std::as_const(m_tensor)) {
        m_tensorIds.append(m_reg.add(c.metric, Kind::Count));
        const auto target = tensorTarget(c.src, c.dst);
        const std::pair<QString, QString> p{target->precision, target->dtype};
        qsizetype at = m_precisions.indexOf(p);
        if (at < 0) {
            at = m_precisions.size();
            m_precisions.append(p);
        }
        m_tensorPrecision.append(int(at));
    }
    bool hasFlops = !m_tensor.isEmpty();
    for (const SassFamily &f : kSassFamilies) {
        QStringList have, lack;
        for (const auto &t : f.terms) {
            bool found = false;
            for (int form = 0; form < kForms; ++form) {
                const QString name = sassForm(t.op, form);
                if (!present.contains(name))
                    continue;
                if ((form == SmspPerCycle || form == SmPerCycle) && !hasCps) {
                    warnings.append(
                        tr("%1 is a rate per cycle, and the file has no %2 to turn it into a count")
                            .arg(name, kSmspCps));
                    continue;
                }
                found = true;
            }
            (found ? have : lack).append(QLatin1String(t.op));
        }
        hasFlops = hasFlops || !have.isEmpty();
        if (!have.isEmpty() && !lack.isEmpty())
            warnings.append(tr("%1 FLOPs count only %2: %3 not in the file (counted as 0)")
                                .arg(QString::fromLatin1(f.precision).toUpper(),
                                     have.join(QStringLiteral(", ")), lack.join(QStringLiteral(", "))));
    }
    if (!present.contains(kDram) && present.contains(kDramRead) != present.contains(kDramWrite))
        warnings.append(tr("only one of %1 and %2 is in the file: no HBM point (ask for %3)")
                            .arg(kDramRead, kDramWrite, kDram));
    QStringList missing;
    if (!hasTime)
        missing.append(tr("a kernel time (%1, or %2 with %3)").arg(kTime, kSmCycles, kSmCps));
    if (!hasBytes)
        missing.append(tr("%1 (or %2)").arg(kDram, kLts));
    if (!hasFlops)
        missing.append(tr("a FLOP count (%1, ... or %2*.sum)").arg(sass("ffma"), kTensorPrefix));
    m_canGivePoints = missing.isEmpty();
    if (!missing.isEmpty()) {
        QString message =
            tr("lacks the metrics a roofline point needs: %1.").arg(missing.join(QStringLiteral("; ")));
        if (m_details && m_rooflineSections) {
            // --set full / roofline / detailed: the report holds the roofline sections' rates,
            // but their details page shows the section figures only. No new profile is needed.
            message += QLatin1Char(' ') +
                       tr("This details page shows Nsight's roofline sections without the metrics they are "
                          "drawn from; the report has them, in its raw page.");
            m_report.noPoints =
                message + QLatin1Char('\n') +
                tr("Export the raw page of the same report:\n  %1")
                    .arg(QStringLiteral("ncu --import REPORT.ncu-rep --csv --page raw --print-units base > "
                                        "profile.csv"));
            return;
        }
        if (!hasFlops)
            message +=
                QLatin1Char(' ') + tr("The default (basic) set collects no FLOP counts; --set roofline or "
                                      "--set full does, and so does RoofLab's metric list.");
        if (m_details)
            message += QLatin1Char(' ') +
                       tr("The details page lists raw metrics only when they are requested with --metrics; "
                          "--page raw is the format this import is made for.");
        m_report.noPoints =
            message + QLatin1Char('\n') + tr("Profile with:\n  %1").arg(NcuImport::commandLine());
    }
}

void Importer::launch(const LaunchData &l)
{
    const double *v = m_dense.data();
    if (m_rawMetrics) {
        NcuImport::RawLaunch r{l.id, l.kernel, l.grid, l.block, l.cc, {}};
        for (int i = 0; i < m_rawIds.size(); ++i)
            if (has(v[m_rawIds[i]]))
                r.values.insert(m_rawMetrics->at(i), v[m_rawIds[i]]);
        m_raw.append(r);
        return;
    }
    const QString kernel = l.kernel.trimmed().isEmpty() ? tr("kernel %1").arg(l.id) : l.kernel;

    // Time: Nsight's duration, else elapsed cycles over cycles per second (the NERSC recipe).
    double time = kNaN;
    QString timeFrom;
    if (const double t = v[F_Time]; has(t) && t > 0) {
        time = t;
        timeFrom = kTime;
    } else if (const double d = v[F_Duration]; m_details && has(d) && d > 0) {
        time = d;
        timeFrom = kDetailsDuration;
    } else if (const double c = v[F_SmCycles], cps = v[F_SmCps]; has(c) && has(cps) && c > 0 && cps > 0) {
        time = c / cps;
        timeFrom = kTimeCycles;
    }

    NcuLaunchRow row{l.id,
                     kernel,
                     l.grid,
                     l.block,
                     !l.displayName.isEmpty() ? l.displayName : l.device,
                     l.cc,
                     has(time) ? time : 0,
                     timeFrom,
                     {}};
    for (int id = 0; id < m_reg.size(); ++id)
        if (m_reg.isPercent(id) && has(v[id]))
            row.percents.insert(m_reg.name(id), v[id]);
    ++m_launchCount;
    if (m_options.launches)
        m_options.launches(std::move(row));
    else
        m_report.launches.append(row);
    if (!m_canGivePoints)
        return;
    if (!has(time)) {
        ++m_skippedLaunches;
        m_report.warnings.append(
            tr("launch %1 (%2, line %3): no usable %4; skipped").arg(l.id, kernel).arg(l.line).arg(kTime));
        return;
    }

    // Bytes per level, each with its definition (kLevelSources: the expression strings).
    struct Level
    {
        int source; // index into kLevelSources
        double bytes;
    };
    Level levels[3];
    int nLevels = 0;
    auto level = [&](int source, double bytes) { levels[nLevels++] = {source, bytes}; };
    // Per level, the first source the launch has a value for.
    for (int li = 0, si = 0; li < 3; ++li)
        for (; si < kLevelSourceCount && kLevelSources[si].levelIndex == li; ++si) {
            const LevelSource &src = kLevelSources[si];
            double x = v[m_levelIds[si].first];
            if (src.metric2)
                x += v[m_levelIds[si].second];
            if (!has(x))
                continue;
            level(si, x * src.factor * (src.perSecond ? time : 1.0));
            while (si < kLevelSourceCount && kLevelSources[si].levelIndex == li)
                ++si;
            break;
        }

    // FLOPs per precision: counts, else Nsight's rates × cycles per second × time. Which terms
    // were used is kept as bits (term strings are made once per combination, not per launch).
    struct Flops
    {
        int precision; // index into m_precisions
        double flops;
        quint64 terms;
    };
    Flops flops[16];
    int nFlops = 0;
    auto add = [&](int precision, double value, quint64 termBit) {
        for (int i = 0; i < nFlops; ++i)
            if (flops[i].precision == precision) {
                flops[i].flops += value;
                flops[i].terms |= termBit;
                return;
            }
        if (nFlops < 16)
            flops[nFlops++] = {precision, value, termBit};
    };
    const double smCps = v[F_SmCps], smspCps = v[F_SmspCps];
    int op = 0;
    int family = 0;
    for (const SassFamily &f : kSassFamilies) {
        int inFamily = 0;
        for (const auto &t : f.terms) {
            const int thisOp = op++;
            const int termOfOp = inFamily++;
            for (int form = 0; form < kForms; ++form) {
                const double x = v[m_reg.sassId(thisOp, form)];
                if (!has(x))
                    continue;
                double count = x;
                int alt = 0;
                if (form == SmspPerCycle || form == SmPerCycle) {
                    // Each rate with its own unit's clock, the other's when it lacks it.
                    const bool smsp = form == SmspPerCycle;
                    const double own = smsp ? smspCps : smCps, other = smsp ? smCps : smspCps;
                    if (!has(own) && !has(other))
                        continue;
                    alt = has(own) ? 0 : 1;
                    count = x * (has(own) ? own : other) * time;
                } else if (form == SmspPerSecond || form == SmPerSecond) {
                    count = x * time;
                }
                add(family, t.weight * count, quint64(1) << ((termOfOp * kForms + form) * 2 + alt));
                break;
            }
        }
        ++family;
    }
    for (int i = 0; i < m_tensor.size(); ++i)
        if (const double x = v[m_tensorIds[i]]; has(x))
            add(m_tensorPrecision[i], x, quint64(1) << std::min(i, 63));
    if (m_tensor.isEmpty() && ((has(v[F_TensorInst]) && v[F_TensorInst] > 0) ||
                               (has(v[F_TensorInstRate]) && v[F_TensorInstRate] > 0)))
        ++m_tensorInstLaunches;
    for (const int id : std::as_const(m_unknownTensorIds))
        if (has(v[id]) && v[id] > 0)
            m_unknownTensorUsed.insert(m_reg.name(id));
    {
        int w = 0;
        for (int i = 0; i < nFlops; ++i)
            if (flops[i].flops > 0)
                flops[w++] = flops[i];
        nFlops = w;
    }
    // The precision doing most of the work first (the tensor point of a GEMM, not its epilogue).
    std::stable_sort(flops, flops + nFlops, [](const Flops &a, const Flops &b) { return a.flops > b.flops; });
    if (nFlops == 0)
        flops[nFlops++] = {-1, 0, 0}; // a bandwidth-only point per level

    if (nLevels == 0) {
        ++m_skippedLaunches;
        m_report.warnings.append(
            tr("launch %1 (%2, line %3): no usable byte count; skipped").arg(l.id, kernel).arg(l.line));
        return;
    }

    Measurement base;
    base.kernel = kernel;
    if (!l.id.isEmpty()) {
        bool isInt = false;
        const qlonglong id = l.id.toLongLong(&isInt);
        base.params.insert(QStringLiteral("ncu_id"), isInt ? QVariant(id) : QVariant(l.id));
    }
    if (!l.grid.isEmpty())
        base.params.insert(QStringLiteral("grid"), l.grid);
    if (!l.block.isEmpty())
        base.params.insert(QStringLiteral("block"), l.block);
    base.time = TimeStats{time, time, time, 1};
    base.source = m_ncuSource;
    if (const double hz = v[F_SmCps]; has(hz))
        base.clockMhz = hz / 1e6;
    QVariantMap resources; // assigned once: Measurement::resources is compact text
    if (const double regs = v[F_Regs]; has(regs))
        resources.insert(QStringLiteral("regs"), regs);
    if (m_occupancyIds.isEmpty() && m_occupancyChecked < m_reg.size()) {
        for (int id = m_occupancyChecked; id < m_reg.size(); ++id)
            if (m_reg.name(id).startsWith(kOccupancyPrefix))
                m_occupancyIds.append(id);
        m_occupancyChecked = m_reg.size();
    }
    for (const int id : std::as_const(m_occupancyIds))
        if (has(v[id]))
            resources.insert(QStringLiteral("occupancy_limit_") + m_reg.name(id).mid(kOccupancyPrefix.size()),
                             v[id]);
    if (!resources.isEmpty())
        base.resources = resources;

    const int timeId = timeFrom == kTime ? 0 : timeFrom == kDetailsDuration ? 1 : 2;
    QList<Measurement> sunk;
    QList<Measurement> &out = m_options.points ? sunk : m_report.results.measurements;
    for (int fi = 0; fi < nFlops; ++fi) {
        const Flops &f = flops[fi];
        for (int li = 0; li < nLevels; ++li) {
            const Level &lv = levels[li];
            const LevelSource &src = kLevelSources[lv.source];
            if (lv.bytes <= 0 && f.flops > 0) {
                m_report.warnings.append(
                    tr("launch %1 (%2): %3 is 0, so its %4 point has no intensity; skipped")
                        .arg(l.id, kernel, QLatin1String(src.expression), m_levelNames[src.levelIndex]));
                continue;
            }
            Measurement m = base;
            if (f.precision >= 0) {
                m.dtype = m_precisions[f.precision].second;
                m.precision = m_precisions[f.precision].first;
            }
            m.flops = f.flops;
            m.bytes = lv.bytes;
            m.level = m_levelNames[src.levelIndex];
            m.extra = extraFor(f.precision, f.terms, lv.source, timeId);
            out.append(m);
            ++m_pointCount;
        }
    }
    if (m_options.points && !sunk.isEmpty())
        m_options.points(std::move(sunk));

    // "Device" is the CUDA device index; the name is a device__attribute column.
    m_devices.insert(l.device + QLatin1Char('/') + l.displayName);
    if (m_devices.size() == 1 && m_report.results.device.name.isEmpty() &&
        m_report.results.device.cc.isEmpty()) {
        DeviceInfo &d = m_report.results.device;
        d.name = !l.displayName.isEmpty() ? l.displayName
                 : l.device.isEmpty()     ? QString()
                                          : tr("CUDA device %1").arg(l.device);
        d.cc = l.cc;
        if (const double sms = v[F_Sms]; has(sms))
            d.sms = int(std::min(sms, 1e6));
        if (const double l2 = v[F_L2Size]; has(l2))
            d.l2Bytes = l2;
        if (const double bus = v[F_BusWidth]; has(bus))
            d.memBusBits = int(std::min(bus, 1e6));
    }
}

// The formula of one precision's FLOPs from the bits of the terms used (see launch()).
QString Importer::formula(int precision, quint64 terms) const
{
    QStringList parts;
    if (precision >= 0 && precision < int(std::size(kSassFamilies))) {
        const SassFamily &f = kSassFamilies[precision];
        for (int t = 0; t < 3; ++t)
            for (int form = 0; form < kForms; ++form)
                for (int alt = 0; alt < 2; ++alt) {
                    if (!(terms & (quint64(1) << ((t * kForms + form) * 2 + alt))))
                        continue;
                    const QString name = sassForm(f.terms[t].op, form);
                    QString term = name;
                    if (form == SmspPerCycle || form == SmPerCycle) {
                        const bool smsp = (form == SmspPerCycle) != (alt == 1);
                        term = QStringLiteral("(%1 * %2 * time)").arg(name, smsp ? kSmspCps : kSmCps);
                    } else if (form == SmspPerSecond || form == SmPerSecond) {
                        term = QStringLiteral("(%1 * time)").arg(name);
                    }
                    parts.append(f.terms[t].weight == 1
                                     ? term
                                     : QStringLiteral("%1*%2").arg(f.terms[t].weight).arg(term));
                }
    } else if (precision >= 0) {
        for (int i = 0; i < m_tensor.size() && i < 64; ++i)
            if (terms & (quint64(1) << i))
                parts.append(m_tensor[i].metric);
    }
    return parts.join(QStringLiteral(" + "));
}

// Measurement::extra for a point made a given way: one object per derivation, shared by every
// point made the same way (a whole application's points cost no JSON each).
QJsonObject Importer::extraFor(int precision, quint64 terms, int levelSource, int timeId)
{
    const std::pair<quint64, int> key{terms, ((precision + 1) * 64 + levelSource) * 4 + timeId};
    auto it = m_extraCache.constFind(key);
    if (it != m_extraCache.cend())
        return *it;
    static const QString times[] = {kTime, kDetailsDuration, kTimeCycles};
    const LevelSource &src = kLevelSources[levelSource];
    QJsonObject ncu{{QStringLiteral("bytes"), QLatin1String(src.expression)},
                    {QStringLiteral("time"), times[timeId]},
                    {QStringLiteral("level_definition"), QString::fromUtf8(src.definition)},
                    {QStringLiteral("export"),
                     QStringLiteral("%1, %2").arg(
                         m_details ? QStringLiteral("details") : QStringLiteral("raw"),
                         m_scaled ? QStringLiteral("scaled units") : QStringLiteral("base units"))}};
    if (const QString f = formula(precision, terms); !f.isEmpty())
        ncu.insert(QStringLiteral("flops"), f);
    return *m_extraCache.insert(key, QJsonObject{{QStringLiteral("ncu"), ncu}});
}

std::optional<NcuReport> Importer::finish(QString *error)
{
    m_splitter.finish();
    if (m_splitter.limitHit() != ncucsv::RecordSplitter::Limit::None) {
        if (error)
            *error = m_splitter.limitMessage();
        return std::nullopt;
    }
    if (m_splitter.unterminatedQuote() && m_launchCount == 0 && m_launches.isEmpty()) {
        // Everything after the quote was one value: the file is cut short or is not an export.
        if (error)
            *error = tr("the quote opened on line %1 is never closed (the rest of the file is one value)")
                         .arg(m_splitter.quoteLine());
        return std::nullopt;
    }
    if (!m_haveHeader) {
        if (error)
            *error = tr("is not an Nsight Compute CSV export (no header with \"Kernel Name\"; export with "
                        "ncu --csv --page raw)");
        return std::nullopt;
    }
    if (!m_styleFixed)
        flushPending();
    QStringList &warnings = m_report.warnings;
    if (m_details) {
        QSet<QString> present;
        for (const QByteArray &n : std::as_const(m_detailsPresent))
            present.insert(QString::fromUtf8(n));
        plan(present);
        for (const LaunchData &l : std::as_const(m_launches)) {
            m_dense.assign(size_t(m_reg.size()), kNaN);
            for (const auto &[id, value] : l.values)
                m_dense[size_t(id)] = value;
            launch(l);
        }
    }
    if (m_splitter.unterminatedQuote())
        warnings.append(tr("the file ends inside a quoted value (truncated?)"));
    if (m_skippedRows > 0) {
        QStringList lines;
        for (const qint64 l : std::as_const(m_skippedLines))
            lines.append(QString::number(l));
        warnings.append(tr("%n line(s) that are not CSV rows of the table were skipped (line %1%2)", nullptr,
                           m_skippedRows)
                            .arg(lines.join(QStringLiteral(", ")),
                                 m_skippedRows > lines.size() ? QStringLiteral(", ...") : QString()));
    }
    if (m_noUnits)
        warnings.append(
            tr("no units line after the header: values are read as base units (ns, byte); export with "
               "--print-units base"));
    if (!m_unknownTensorUsed.isEmpty()) {
        QStringList names(m_unknownTensorUsed.cbegin(), m_unknownTensorUsed.cend());
        names.sort();
        warnings.append(tr("tensor operations counted by %1 are not imported (no precision RoofLab charts)")
                            .arg(names.join(QStringLiteral(", "))));
    }
    if (m_tensorInstLaunches > 0)
        warnings.append(
            tr("%n launch(es) ran tensor instructions (%1), but the file has no tensor FLOP count: "
               "one instruction does a different number of FLOPs per GPU and shape (65,536 on Hopper), "
               "so no tensor point is made. Ask for %2<type>.sum (e.g. "
               "sm__ops_path_tensor_src_bf16_dst_fp32.sum) to get them.",
               nullptr, m_tensorInstLaunches)
                .arg(kTensorInst, kTensorPrefix));
    if (m_devices.size() > 1)
        warnings.append(tr("the file holds launches on %1 devices; the results carry the first one's name")
                            .arg(m_devices.size()));
    for (auto it = m_problems.notAvailable.cbegin(); it != m_problems.notAvailable.cend(); ++it)
        warnings.append(tr("%1 was n/a in %n launch(es)", nullptr, it.value()).arg(it.key()));
    for (auto it = m_problems.badValue.cbegin(); it != m_problems.badValue.cend(); ++it)
        warnings.append(tr("%1 unusable in %n launch(es) (%2)", nullptr, m_problems.badCount.value(it.key()))
                            .arg(it.key(), it.value()));

    ResultSet &rs = m_report.results;
    rs.tool =
        QJsonObject{{QStringLiteral("name"), QStringLiteral("ncu")},
                    {QStringLiteral("import"),
                     m_details ? QStringLiteral("csv --page details") : QStringLiteral("csv --page raw")},
                    {QStringLiteral("units"), m_scaled ? QStringLiteral("scaled") : QStringLiteral("base")}};
    if (m_launchCount == 0 && !m_rawMetrics)
        m_report.noPoints = tr("holds no kernel launches (only the header)");
    else if (m_pointCount == 0 && m_report.noPoints.isEmpty())
        m_report.noPoints = tr("has no launch with usable values (%n skipped)", nullptr, m_skippedLaunches);
    if (m_pointCount > 0)
        m_report.noPoints.clear();
    return std::move(m_report);
}

QString sizeMessage(qint64 size)
{
    return tr("is %1 GiB; the import reads files up to %2 GiB (a whole application's --set full export is "
              "far "
              "smaller: profile fewer launches with --launch-count or --kernel-name)")
        .arg(size / double(1ll << 30), 0, 'f', 1)
        .arg(NcuImport::kMaxBytes >> 30);
}

// The read block of a file; tests/fuzz/differential.h pads inputs past it.
constexpr qint64 kReadBlockBytes = 1 << 20;

// A CSV export is text: a NUL byte in its first kilobytes means a binary file (a .ncu-rep, an
// archive, random bytes, /dev/zero), refused before the rest is read.
constexpr qint64 kSniffBytes = 4096;

// `piece` holds the input's bytes from offset `at` on (a pipe gives the first kilobytes in
// several reads).
QString binaryMessage(QByteArrayView piece, qint64 at)
{
    if (at >= kSniffBytes)
        return {};
    const qsizetype nul = piece.first(std::min<qsizetype>(piece.size(), kSniffBytes - at)).indexOf('\0');
    if (nul < 0)
        return {};
    return tr("is not a CSV text file (a zero byte at offset %1: binary data)").arg(at + nul);
}

// Reads `in` in chunks into the importer, with progress and cancel.
bool pump(QIODevice &in, Importer &importer, QString *error, const NcuReadOptions &options)
{
    const qint64 total = in.isSequential() ? -1 : in.size();
    if (total > NcuImport::kMaxBytes) {
        *error = sizeMessage(total);
        return false;
    }
    // No bigger than the input needs: a small in-memory CSV (a fuzz input, a test) is read
    // without a 1 MiB allocation, and a pipe (which gives what it has) in 16 KiB pieces.
    const qint64 kChunk =
        total >= 0 ? std::clamp<qint64>(total + 1, 1, kReadBlockBytes) : kReadBlockBytes / 64;
    QByteArray chunk(kChunk, Qt::Uninitialized);
    qint64 done = 0;
    for (;;) {
        const qint64 n = in.read(chunk.data(), kChunk);
        if (n < 0) {
            *error = tr("cannot be read: %1").arg(in.errorString());
            return false;
        }
        if (n == 0 && (in.atEnd() || !in.waitForReadyRead(-1)))
            break;
        done += n;
        if (done > NcuImport::kMaxBytes) {
            *error = sizeMessage(done);
            return false;
        }
        if (const QString binary = binaryMessage(QByteArrayView(chunk.constData(), n), done - n);
            !binary.isEmpty()) {
            *error = binary;
            return false;
        }
        if (!importer.feed(chunk.constData(), n) && !importer.limitMessage().isEmpty()) {
            *error = importer.limitMessage();
            return false;
        }
        if (options.progress && !options.progress(done, total)) {
            *error = tr("cancelled");
            return false;
        }
    }
    return true;
}

} // namespace

QStringList NcuImport::metrics()
{
    QStringList m = {kTime, kDram, kLts, kL1};
    for (const SassFamily &f : kSassFamilies)
        for (const auto &t : f.terms)
            m.append(sass(t.op));
    m.append(kTensorMetrics);
    return m;
}

QString NcuImport::commandLine()
{
    return QStringLiteral("ncu --csv --page raw --print-units base --clock-control none --metrics %1 ./app > "
                          "profile.csv")
        .arg(metrics().join(QLatin1Char(',')));
}

std::optional<NcuReport> NcuImport::read(QIODevice &in, QString *error, const NcuReadOptions &options)
{
    QString why;
    if (!in.isOpen() && !in.open(QIODevice::ReadOnly)) {
        if (error)
            *error = tr("cannot be opened: %1").arg(in.errorString());
        return std::nullopt;
    }
    Importer importer(nullptr, options);
    if (!pump(in, importer, &why, options)) {
        if (error)
            *error = why;
        return std::nullopt;
    }
    auto report = importer.finish(&why);
    if (!report && error)
        *error = why;
    if (report && options.progress)
        options.progress(in.isSequential() ? in.pos() : in.size(), in.isSequential() ? -1 : in.size());
    return report;
}

std::optional<NcuReport> NcuImport::readFile(const QString &path, QString *error,
                                             const NcuReadOptions &options)
{
    auto refuse = [&](const QString &message) -> std::optional<NcuReport> {
        if (error)
            *error = QStringLiteral("%1: %2").arg(path, message);
        return std::nullopt;
    };
    const QFileInfo info(path);
    if (info.isDir())
        return refuse(tr("is a folder, not a CSV file"));
    QFile f(path);
    if (f.size() > kMaxBytes)
        return refuse(sizeMessage(f.size()));
    if (!f.open(QIODevice::ReadOnly))
        return refuse(tr("cannot be opened: %1").arg(f.errorString()));
    QString why;
    auto report = read(f, &why, options);
    if (!report)
        return refuse(why);
    report->results.created = info.lastModified().toUTC().toString(Qt::ISODate);
    report->results.tool.insert(QStringLiteral("file"), info.fileName());
    return report;
}

namespace {

// The points of a report for the callers that want only points: a report without any is refused
// with its "what is missing" message (after `prefix`, the file's name where there is one).
std::optional<ResultSet> pointsOf(std::optional<NcuReport> report, const QString &why, const QString &prefix,
                                  QString *error, QStringList *warnings)
{
    if (!report) {
        if (error)
            *error = why;
        return std::nullopt;
    }
    if (warnings)
        warnings->append(report->warnings);
    if (report->results.measurements.isEmpty()) {
        if (error)
            *error = prefix + report->noPoints;
        return std::nullopt;
    }
    return std::move(report->results);
}

} // namespace

std::optional<ResultSet> NcuImport::fromCsv(const QByteArray &csv, QString *error, QStringList *warnings)
{
    QBuffer buffer;
    buffer.setData(csv);
    QString why;
    auto report = read(buffer, &why);
    return pointsOf(std::move(report), why, QString(), error, warnings);
}

std::optional<ResultSet> NcuImport::load(const QString &path, QString *error, QStringList *warnings)
{
    QString why;
    auto report = readFile(path, &why);
    return pointsOf(std::move(report), why, path + QStringLiteral(": "), error, warnings);
}

std::optional<QList<NcuImport::RawLaunch>> NcuImport::rawLaunches(const QByteArray &csv,
                                                                  const QStringList &metrics, QString *error,
                                                                  QStringList *warnings)
{
    QBuffer buffer;
    buffer.setData(csv);
    buffer.open(QIODevice::ReadOnly);
    Importer importer(&metrics);
    QString why;
    std::optional<NcuReport> report;
    if (pump(buffer, importer, &why, {}))
        report = importer.finish(&why);
    if (!report) {
        if (error)
            *error = why;
        return std::nullopt;
    }
    if (warnings)
        warnings->append(report->warnings);
    QList<RawLaunch> out = importer.takeRaw();
    if (out.isEmpty()) {
        if (error)
            *error = tr("holds no kernel launches (only the header)");
        return std::nullopt;
    }
    return out;
}

} // namespace model
