#include "perfmodel.h"
#include "perfmodel_detail.h"

#include "occupancy.h"
#include "tilemodel.h"
#include "units.h"
#include "workloads.h"

#include <QCoreApplication>
#include <QHash>
#include <QJsonArray>
#include <QSet>

#include <algorithm>
#include <cmath>
#include <functional>

namespace model {

using namespace perfdetail;

namespace perf {

namespace {
// The most distinct words one bank holds among lanes [first, first + count).
int bankConflict(const std::function<qint64(int lane)> &wordOf, int first, int count, int words, int banks)
{
    QMap<int, QSet<qint64>> perBank;
    for (int lane = first; lane < first + count; ++lane) {
        const qint64 w0 = wordOf(lane);
        for (int w = 0; w < words; ++w) {
            const qint64 word = w0 + w;
            perBank[int(((word % banks) + banks) % banks)].insert(word);
        }
    }
    int worst = 0;
    for (const auto &set : std::as_const(perBank))
        worst = std::max(worst, int(set.size()));
    return worst;
}
} // namespace

// Shared-memory wavefronts of one warp-wide access: every bank delivers one distinct 4-byte
// word per wavefront, and lanes reading the same word share it (broadcast): CUDA C++
// Programming Guide, "Shared Memory" (compute capability 5.x and later). The Guide's 128-byte
// phases (8 lanes of 16 B, 16 of 8 B) hold, except that a load whose lanes share addresses in
// quads is served in phases twice as large, as Nsight Compute counted 17 lane patterns on an
// H100 (lab/lds-wavefronts.cu; docs/MODEL.md, "Wavefronts of vector loads").
int smemWavefronts(const std::function<qint64(int lane)> &wordOf, int widthBytes, SmemAccess access,
                   int banks)
{
    const int words = std::max(1, widthBytes / 4);
    if (words == 1)
        return bankConflict(wordOf, 0, 32, 1, banks);
    bool quadsShare = access == SmemAccess::Load;
    for (int lane = 0; lane < 32 && quadsShare; ++lane)
        quadsShare = wordOf(lane) == wordOf(lane - lane % 4);
    const int group = (words == 4 ? 8 : 16) * (quadsShare ? 2 : 1);
    int total = 0;
    for (int first = 0; first < 32; first += group)
        total += bankConflict(wordOf, first, group, words, banks);
    return total;
}

// L1 wavefronts of one warp-wide 4-byte global load. The L1 data array is the SRAM that
// shared memory uses (32 banks of 4 B, 128 B per clock): words in one bank but different
// lines serialize as in shared memory, and the tag stage looks up at most four 32-byte
// sectors per clock (128 B / 32 B). A coalesced load is one wavefront; 32 rows of a matrix
// whose row pitch is a multiple of 128 B all fall in one bank: 32.
int l1Wavefronts(const std::function<qint64(int lane)> &byteOf)
{
    QSet<qint64> sectors;
    for (int lane = 0; lane < 32; ++lane)
        sectors.insert(byteOf(lane) / 32);
    const int bankWaves = smemWavefronts([&](int lane) { return byteOf(lane) / 4; }, 4);
    return std::max(bankWaves, int((sectors.size() + 3) / 4));
}

// DRAM granules (64 B: two 32-byte sectors) one warp-wide load brings in; see
// ArchConstants::dramGranuleBytes.
int dramGranules(const std::function<qint64(int lane)> &byteOf, int widthBytes, int granule)
{
    QSet<qint64> g;
    for (int lane = 0; lane < 32; ++lane) {
        const qint64 b = byteOf(lane);
        for (qint64 x = b; x < b + widthBytes; x += 4)
            g.insert(x / granule);
    }
    return int(g.size());
}

int l1Sectors(const std::function<qint64(int lane)> &byteOf)
{
    QSet<qint64> sectors;
    for (int lane = 0; lane < 32; ++lane)
        sectors.insert(byteOf(lane) / 32);
    return int(sectors.size());
}

} // namespace perf

// ---------------------------------------------------------------- constants

ArchConstants ArchConstants::forCc(const QString &cc)
{
    ArchConstants a;
    a.cc = cc;
    const QString guide =
        QStringLiteral("CUDA C++ Programming Guide, arithmetic instruction throughput table");
    const QString benches =
        QStringLiteral("te42kyfo/gpu-benches pointer-chase latencies (shared/reference/perf-model.md)");
    a.sources[QStringLiteral("schedulersPerSm")] =
        QStringLiteral("4 warp schedulers × 1 instruction per clock (architecture whitepapers) [K]");
    a.sources[QStringLiteral("smemBytesPerClkSm")] =
        QStringLiteral("32 banks × 4 B per clock (CUDA C++ Programming Guide, Shared Memory)");
    a.sources[QStringLiteral("barrierClk")] =
        QStringLiteral("order of magnitude of a __syncthreads with all warps present [K]");
    a.sources[QStringLiteral("launchS")] =
        QStringLiteral("kernel launch + first block, ~3 µs (shared/reference/perf-model.md)");
    a.sources[QStringLiteral("cpAsyncIterationS")] = QStringLiteral(
        "XLA GPU dot cost model: per-k-iteration overhead 400 ns (cp.async), H100 (perf-model.md)");
    a.sources[QStringLiteral("tmaIterationS")] =
        QStringLiteral("XLA GPU dot cost model: per-k-iteration overhead 150 ns (TMA), H100 (perf-model.md)");
    a.sources[QStringLiteral("overlapExponent")] = QStringLiteral(
        "probe.smem_fma on an NVIDIA H200, 2026-12-01 (resources/samples/h200-smem-fma): median p of the "
        "configurations where neither pipe is saturated, 1.9 at 8 warps per SM, 3.4 at 32");
    a.sources[QStringLiteral("dramGranuleBytes")] =
        QStringLiteral("DRAM access granularity of two 32 B sectors [K]");
    // The unified L1/shared size is a per-SM limit: read where the other limits are declared.
    if (const std::optional<SmLimits> limits = Occupancy::limitsForComputeCapability(cc);
        limits && limits->unifiedL1SmemBytes > 0) {
        a.unifiedL1SmemBytes = limits->unifiedL1SmemBytes;
        a.sources[QStringLiteral("unifiedL1SmemBytes")] =
            QStringLiteral("unified_l1_smem_kib of resources/cc_limits.json [%1]").arg(cc);
    }
    if (cc == QLatin1String("9.0")) {
        a.fp32LanesPerSm = 128;
        a.fp64LanesPerSm = 64;
        a.tensorFlopPerClkSm = 4096; // 2048 dense fp16/bf16 FMA per clock per SM with wgmma
        a.mmaSyncFraction = 2.0 / 3.0;
        a.l1LatencyClk = 34;
        a.l2LatencyClk = 265;
        a.l2FarLatencyClk = 480;
        a.dramLatencyClk = 650;
        // Little's law on the loaded figure: ~27 KB in flight per SM saturate 4.8 TB/s on
        // 132 SMs at 1.98 GHz → 27 KiB × 132 / 4.8 TB/s × 1.98 GHz ≈ 1500 clocks.
        a.dramLoadedLatencyClk = 1500;
        a.sources[QStringLiteral("fp32LanesPerSm")] = guide;
        a.sources[QStringLiteral("tensorFlopPerClkSm")] =
            QStringLiteral("XLA GPU cost model tables (2048 dense FMA/clk/SM, wgmma)");
        a.sources[QStringLiteral("mmaSyncFraction")] = QStringLiteral(
            "RoofLab probe mma_bf16: 647 of 989.5 TFLOP/s (resources/samples/h200-suite.json)");
        a.sources[QStringLiteral("latencies")] = benches + QStringLiteral(" (H100 PCIe)");
        a.sources[QStringLiteral("dramLoadedLatencyClk")] =
            QStringLiteral("perf-model.md: ~27 KB in flight per SM loaded (Little's law) [I]");
    } else if (cc == QLatin1String("8.0")) {
        a.fp32LanesPerSm = 64;
        a.fp64LanesPerSm = 32;
        a.tensorFlopPerClkSm = 2048; // 1024 dense FMA/clk/SM (A100: 312 TFLOP/s = 108 × 1.41 GHz × 2048)
        a.mmaSyncFraction = 1.0;
        a.l1LatencyClk = 36;
        a.l2LatencyClk = 211;
        a.l2FarLatencyClk = 455;
        a.dramLatencyClk = 570;
        // ~15 KB in flight per SM loaded (perf-model.md) × 108 SMs / 2.0 TB/s × 1.41 GHz.
        a.dramLoadedLatencyClk = 1150;
        a.sources[QStringLiteral("fp32LanesPerSm")] = guide;
        a.sources[QStringLiteral("tensorFlopPerClkSm")] =
            QStringLiteral("XLA GPU cost model tables (1024 dense FMA/clk/SM)");
        a.sources[QStringLiteral("latencies")] = benches + QStringLiteral(" (A100)");
        a.sources[QStringLiteral("dramLoadedLatencyClk")] =
            QStringLiteral("perf-model.md: ~15 KB in flight per SM loaded (Little's law) [I]");
    } else if (cc == QLatin1String("8.6") || cc == QLatin1String("8.9")) {
        a.fp32LanesPerSm = 128; // GA10x / AD10x: two FP32 datapaths per partition
        a.fp64LanesPerSm = 2;
        a.tensorFlopPerClkSm = 512; // fp16 inputs, dense (GeForce fp32-accumulate is half of it)
        a.mmaSyncFraction = 1.0;
        a.sources[QStringLiteral("fp32LanesPerSm")] = guide;
        a.sources[QStringLiteral("tensorFlopPerClkSm")] =
            QStringLiteral("datasheet arithmetic: RTX 3090 71 TFLOP/s fp16 = 82 × 1.695 GHz × 512 [I]");
        // No sourced pointer-chase figures for these parts: the Ampere A100 values stand in.
        a.l1LatencyClk = 36;
        a.l2LatencyClk = 211;
        a.l2FarLatencyClk = 455;
        a.dramLatencyClk = 570;
        a.dramLoadedLatencyClk = 1150;
        a.missing << QStringLiteral("L1/L2/DRAM latencies (A100 figures used)");
    } else {
        a.missing << QStringLiteral(
                         "every constant: compute capability %1 is not described (sm_80 figures used)")
                         .arg(cc.isEmpty() ? QStringLiteral("?") : cc);
        a.fp32LanesPerSm = 64;
        a.tensorFlopPerClkSm = 2048;
    }
    return a;
}

double ArchConstants::overlapExponent(double warpsPerSm) const
{
    const double t = std::clamp(std::log2(std::max(warpsPerSm, 1.0) / 8.0) / 2.0, 0.0, 1.0);
    return overlapExponent8Warps + t * (overlapExponent32Warps - overlapExponent8Warps);
}

MachineCeilings MachineCeilings::fromResults(const ResultSet &set)
{
    MachineCeilings c;
    for (const MeasuredCeiling &m : set.ceilings) {
        if (m.probe == QLatin1String("datasheet") || m.value <= 0)
            continue;
        if (m.kind == QLatin1String("memory")) {
            if (m.probe == QLatin1String("hbm_copy") || m.probe == QLatin1String("copy"))
                c.hbmBytesPerS = m.value;
            else if (m.probe == QLatin1String("hbm_read"))
                c.hbmReadBytesPerS = m.value;
            else if (m.probe == QLatin1String("hbm_write"))
                c.hbmWriteBytesPerS = m.value;
            else if (m.probe == QLatin1String("l2_bulk"))
                c.l2BulkBytesPerS = std::max(c.l2BulkBytesPerS.value_or(0), m.value);
            else if (m.level == QLatin1String("l2"))
                c.l2BytesPerS = std::max(c.l2BytesPerS.value_or(0), m.value);
        } else if (m.kind == QLatin1String("compute")) {
            if (m.probe == QLatin1String("fma_fp32"))
                c.fp32FlopPerS = m.value;
            else if (m.probe == QLatin1String("mma_bf16") || m.probe == QLatin1String("mma_fp16")) {
                c.tensorFlopPerS = std::max(c.tensorFlopPerS.value_or(0), m.value);
                c.tensorProbeClockMhz = m.clockMhz;
            }
        }
    }
    if (!c.hbmBytesPerS && c.hbmReadBytesPerS)
        c.hbmBytesPerS = c.hbmReadBytesPerS;
    c.source = c.hbmBytesPerS || c.l2BytesPerS ? QStringLiteral("measured") : QStringLiteral("datasheet");
    return c;
}

KernelLaunch KernelLaunch::fromMeasurement(const Measurement &m)
{
    KernelLaunch k;
    k.kernel = m.kernel;
    k.dtype = m.dtype;
    k.params = m.params;
    const QVariantMap &r = m.resources;
    k.threads = r.value(QStringLiteral("threads"), r.value(QStringLiteral("block"))).toInt();
    k.grid = r.value(QStringLiteral("grid")).toLongLong();
    k.registers = r.value(QStringLiteral("regs")).toInt();
    k.spillBytes = r.value(QStringLiteral("spill_bytes")).toInt();
    k.stackBytes = r.value(QStringLiteral("stack_bytes")).toInt();
    k.smemBytes = r.value(QStringLiteral("smem")).toInt();
    k.blocksPerSm = r.value(QStringLiteral("blocks_per_sm")).toInt();
    k.clockMhz = m.clockMhz;
    k.bytes = m.bytes;
    QJsonObject mix = m.extra.value(QStringLiteral("instr_mix")).toObject();
    if (mix.isEmpty())
        mix = QJsonObject::fromVariantMap(r.value(QStringLiteral("instr_mix")).toMap());
    if (!mix.isEmpty())
        k.mix = InstrMix::fromJson(mix);
    return k;
}

double Prediction::term(const QString &name) const
{
    for (const PerfTerm &t : terms)
        if (t.name == name)
            return t.seconds;
    return 0;
}

QStringList Prediction::termNames()
{
    return {QStringLiteral("compute"), QStringLiteral("issue"), QStringLiteral("smem"),
            QStringLiteral("l1"),      QStringLiteral("l2"),    QStringLiteral("hbm"),
            QStringLiteral("latency"), QStringLiteral("waves")};
}

// ---------------------------------------------------------------- how the terms combine

PerfFormula PerfFormula::figure(const QString &name, double seconds, const QString &term)
{
    PerfFormula f;
    f.name = name;
    f.term = term.isEmpty() ? name : term;
    f.seconds = std::max(0.0, seconds);
    return f;
}

PerfFormula PerfFormula::combine(Op op, const QString &name, QList<PerfFormula> parts, double p)
{
    parts.erase(
        std::remove_if(parts.begin(), parts.end(), [](const PerfFormula &f) { return !(f.seconds > 0); }),
        parts.end());
    if (parts.size() == 1 && op != Op::Figure)
        return parts.first();
    PerfFormula f;
    f.op = parts.isEmpty() ? Op::Figure : op;
    f.name = name;
    f.p = p;
    f.parts = std::move(parts);
    f.seconds = f.evaluate();
    return f;
}

PerfFormula PerfFormula::slowestOf(double computeS, double hbmS, double l2S)
{
    return combine(Op::Max, QStringLiteral("predicted"),
                   {figure(QStringLiteral("compute"), computeS), figure(QStringLiteral("hbm"), hbmS),
                    figure(QStringLiteral("l2"), l2S)});
}

double PerfFormula::evaluate(const std::function<double(double)> &shown) const
{
    const auto valueOf = [&](const PerfFormula &part) {
        const double v = part.evaluate(shown);
        // A leaf or a sub-result with a line of its own is read as printed.
        return shown && (part.op == Op::Figure || !part.name.isEmpty()) ? shown(v) : v;
    };
    switch (op) {
    case Op::Figure:
        return seconds;
    case Op::Sum: {
        double sum = 0;
        for (const PerfFormula &part : parts)
            sum += valueOf(part);
        return sum;
    }
    case Op::Max: {
        double m = 0;
        for (const PerfFormula &part : parts)
            m = std::max(m, valueOf(part));
        return m;
    }
    case Op::Overlap: {
        QList<double> v;
        for (const PerfFormula &part : parts)
            v.append(valueOf(part));
        const double m = v.isEmpty() ? 0 : *std::max_element(v.cbegin(), v.cend());
        if (!(m > 0))
            return 0;
        double sum = 0; // scaled by the largest, so large exponents do not overflow
        for (double x : v)
            sum += std::pow(x / m, p);
        return m * std::pow(sum, 1.0 / p);
    }
    }
    return 0;
}

QString PerfFormula::binding() const
{
    if (op == Op::Figure)
        return term;
    const PerfFormula *largest = nullptr;
    for (const PerfFormula &part : parts)
        if (!largest || part.seconds > largest->seconds)
            largest = &part;
    return largest ? largest->binding() : QString();
}

QJsonObject PerfFormula::toJson() const
{
    static const char *const ops[] = {"figure", "sum", "max", "overlap"};
    QJsonObject o{{"op", QLatin1String(ops[int(op)])},
                  {"name", name},
                  {"label", name.isEmpty() ? QString() : formulaLabel(name)},
                  {"seconds", seconds},
                  {"shown", formatSeconds(seconds, 3)}};
    if (op == Op::Figure) {
        o["term"] = term;
        return o;
    }
    if (op == Op::Overlap)
        o["p"] = p;
    QJsonArray a;
    for (const PerfFormula &part : parts)
        a.append(part.toJson());
    o["parts"] = a;
    return o;
}

QString formulaLabel(const QString &name, const std::function<QString(const QString &name)> &termLabel)
{
    const auto termWords = [&](const QString &term) -> QString {
        if (termLabel)
            return termLabel(term);
        static const QHash<QString, const char *> words = {
            {QStringLiteral("compute"), QT_TRANSLATE_NOOP("model::PerfModel", "compute")},
            {QStringLiteral("issue"), QT_TRANSLATE_NOOP("model::PerfModel", "issue")},
            {QStringLiteral("smem"), QT_TRANSLATE_NOOP("model::PerfModel", "shared memory")},
            {QStringLiteral("l1"), QT_TRANSLATE_NOOP("model::PerfModel", "L1")},
            {QStringLiteral("l2"), QT_TRANSLATE_NOOP("model::PerfModel", "L2")},
            {QStringLiteral("hbm"), QT_TRANSLATE_NOOP("model::PerfModel", "HBM")},
            {QStringLiteral("latency"), QT_TRANSLATE_NOOP("model::PerfModel", "latency")},
            {QStringLiteral("waves"), QT_TRANSLATE_NOOP("model::PerfModel", "waves")}};
        const auto it = words.constFind(term);
        return it == words.constEnd() ? term : tr(*it);
    };
    if (name == QLatin1String("launch"))
        return tr("launch");
    if (name == QLatin1String("l2_sm"))
        return tr("L2 share of the busiest SM");
    if (name == QLatin1String("throughput"))
        return tr("throughput");
    if (name == QLatin1String("rounds"))
        return tr("throughput with latency");
    if (name == QLatin1String("predicted"))
        return tr("predicted");
    if (name == QLatin1String("issue_smem") || name == QLatin1String("issue_l1"))
        return tr("%1 with %2").arg(termWords(QStringLiteral("issue")), termWords(name.mid(6)));
    return termWords(name);
}

namespace {

QString formulaExpression(const PerfFormula &f, const std::function<QString(const QString &)> &label,
                          bool ownLine)
{
    if (f.op == PerfFormula::Op::Figure || (!ownLine && !f.name.isEmpty()))
        return QStringLiteral("%1 %2").arg(label(f.name), formatSeconds(f.seconds, 3));
    QStringList parts;
    for (const PerfFormula &part : f.parts)
        parts << formulaExpression(part, label, false);
    switch (f.op) {
    case PerfFormula::Op::Sum:
        return parts.join(QStringLiteral(" + "));
    case PerfFormula::Op::Max:
        return QStringLiteral("max(%1)").arg(parts.join(QStringLiteral(", ")));
    case PerfFormula::Op::Overlap: {
        const QString p = QString::number(f.p, 'g', 3);
        for (QString &part : parts)
            part = QStringLiteral("(%1)^%2").arg(part, p);
        return QStringLiteral("(%1)^(1/%2)").arg(parts.join(QStringLiteral(" + ")), p);
    }
    case PerfFormula::Op::Figure:
        break;
    }
    return {};
}

void collectLines(const PerfFormula &f, const std::function<QString(const QString &)> &label, bool root,
                  QStringList *out)
{
    if (f.op == PerfFormula::Op::Figure)
        return;
    for (const PerfFormula &part : f.parts)
        collectLines(part, label, false, out);
    if (root || !f.name.isEmpty())
        *out << QStringLiteral("%1 = %2 = %3")
                    .arg(label(root ? QStringLiteral("predicted") : f.name),
                         formulaExpression(f, label, true), formatSeconds(f.seconds, 3));
}

} // namespace

QStringList formulaLines(const PerfFormula &f, const std::function<QString(const QString &name)> &label)
{
    const auto words = [&](const QString &name) { return formulaLabel(name, label); };
    QStringList out;
    if (!f.isValid())
        return out;
    if (f.op == PerfFormula::Op::Figure) // one term alone is the time
        out << QStringLiteral("%1 = %2 = %3")
                   .arg(words(QStringLiteral("predicted")), words(f.name), formatSeconds(f.seconds, 3));
    else
        collectLines(f, words, true, &out);
    return out;
}

// ---------------------------------------------------------------- the model

PerfModel::PerfModel(const Gpu &gpu, MachineCeilings ceilings)
    : m_gpu(gpu), m_arch(ArchConstants::forCc(gpu.computeCapability)), m_ceil(std::move(ceilings)),
      m_tile(gpu)
{
}

bool PerfModel::knows(const QString &kernel)
{
    return familyOf(kernel) != Family::None;
}

Prediction PerfModel::predict(const KernelLaunch &l) const
{
    Prediction r;
    if (!knows(l.kernel)) {
        r.reason =
            l.kernel.startsWith(QLatin1String("gemm.cublas")) || l.kernel == QLatin1String("llm.w4a16_cublas")
                ? tr("cuBLAS's kernels are not described by the model (they are the reference)")
                : tr("the model has no description of %1").arg(l.kernel);
        return r;
    }
    const int sms = m_gpu.smCount();
    const double boost = m_gpu.boostClockMhz ? m_gpu.boostClockMhz->value : 0;
    const double clockMhz = l.clockMhz > 0 ? l.clockMhz : boost;
    if (sms <= 0 || clockMhz <= 0) {
        r.reason = tr("%1 has no SM count or clock in the database").arg(m_gpu.displayName());
        return r;
    }
    const double hz = clockMhz * 1e6;
    r.clockMhz = clockMhz;
    if (l.clockMhz <= 0)
        r.notes << tr("clock: the boost clock %1 MHz (the run recorded none)").arg(boost, 0, 'f', 0);
    for (const QString &m : m_arch.missing)
        r.notes << tr("no sourced constant: %1").arg(m);
    const auto dtype = parseDtype(l.dtype.isEmpty() ? QStringLiteral("fp32") : l.dtype);
    if (!dtype) {
        r.reason = tr("unknown dtype %1").arg(l.dtype);
        return r;
    }
    const int s = dtypeBytes(*dtype);

    // Ceilings: the results file's measured ones where it has them, the datasheet otherwise.
    const double hbmCopy = m_ceil.hbmBytesPerS.value_or(m_gpu.bw(QStringLiteral("hbm")));
    const double hbmRead = m_ceil.hbmReadBytesPerS.value_or(hbmCopy);
    const double hbmWrite = m_ceil.hbmWriteBytesPerS.value_or(hbmCopy);
    double l2Bw = m_ceil.l2BytesPerS.value_or(m_gpu.bw(QStringLiteral("l2")));
    if (l2Bw <= 0) {
        l2Bw = TileModel::kAssumedL2ToHbm * hbmCopy;
        r.notes << tr("L2 bandwidth: assumed %1 × HBM (no figure)").arg(TileModel::kAssumedL2ToHbm);
    }
    if (hbmCopy <= 0) {
        r.reason = tr("%1 has no HBM bandwidth in the database").arg(m_gpu.displayName());
        return r;
    }
    // Which ceilings these are and why (model::chooseCeilings' reason, when it chose them).
    r.notes
        << (m_ceil.hbmBytesPerS
                ? tr("HBM %1, L2 %2: %3").arg(formatSi(hbmCopy, "B/s"), formatSi(l2Bw, "B/s"), m_ceil.source)
                : tr("HBM %1, L2 %2: datasheet figures")
                      .arg(formatSi(hbmCopy, "B/s"), formatSi(l2Bw, "B/s")));

    const Setting at{sms, hz, clockMhz, dtype, s, hbmCopy, hbmRead, hbmWrite, l2Bw};
    switch (familyOf(l.kernel)) {
    case Family::Probe:
        return predictProbe(l, at, std::move(r));
    case Family::Streaming:
        return predictStreaming(l, at, std::move(r));
    case Family::Gemm:
        return predictGemm(l, at, std::move(r));
    case Family::None:
        break;
    }
    return r;
}

// ---------------------------------------------------------------- explain

QList<ExplainRow> explainSet(const ResultSet &set, const QString &file, const Gpu &gpu,
                             const MachineCeilings &ceilings, bool otherGpu)
{
    QList<ExplainRow> rows;
    explainEach(set, file, gpu, ceilings, otherGpu, [&](ExplainRow &r) { rows.append(std::move(r)); });
    return rows;
}

void explainEach(const ResultSet &set, const QString &file, const Gpu &gpu, const MachineCeilings &ceilings,
                 bool otherGpu, const std::function<void(ExplainRow &)> &visit)
{
    const PerfModel model(gpu, otherGpu ? MachineCeilings{} : ceilings);
    for (int i = 0; i < set.measurements.size(); ++i) {
        const Measurement &m = set.measurements.at(i);
        // The probes are the calibration (they measure the ceilings the model uses); the
        // shared-memory stride probe is explained, since only its stride 1 is a ceiling.
        if (m.kernel.startsWith(QLatin1String("probe.")) && !PerfModel::knows(m.kernel))
            continue;
        ExplainRow row;
        row.file = file;
        row.index = i;
        row.measurement = m;
        KernelLaunch l = KernelLaunch::fromMeasurement(m);
        if (otherGpu) {
            l.clockMhz = 0;
            l.blocksPerSm = 0;
            l.grid = 0;
            l.mix.reset();
        }
        row.prediction = model.predict(l);
        if (row.prediction.ok && row.prediction.timeS > 0)
            row.gap = m.time.median / row.prediction.timeS - 1;
        visit(row);
    }
}

namespace {

QList<double> ranks(const QList<double> &v)
{
    QList<int> idx(v.size());
    for (int i = 0; i < v.size(); ++i)
        idx[i] = i;
    std::sort(idx.begin(), idx.end(), [&](int a, int b) { return v[a] < v[b]; });
    QList<double> r(v.size());
    for (int i = 0; i < idx.size();) {
        int j = i;
        while (j + 1 < idx.size() && v[idx[j + 1]] == v[idx[i]])
            ++j;
        for (int k = i; k <= j; ++k)
            r[idx[k]] = (i + j) / 2.0;
        i = j + 1;
    }
    return r;
}

double spearmanRho(const QList<double> &a, const QList<double> &b)
{
    const QList<double> ra = ranks(a), rb = ranks(b);
    const int n = int(a.size());
    double ma = 0, mb = 0;
    for (int i = 0; i < n; ++i) {
        ma += ra[i];
        mb += rb[i];
    }
    ma /= n;
    mb /= n;
    double sab = 0, saa = 0, sbb = 0;
    for (int i = 0; i < n; ++i) {
        sab += (ra[i] - ma) * (rb[i] - mb);
        saa += (ra[i] - ma) * (ra[i] - ma);
        sbb += (rb[i] - mb) * (rb[i] - mb);
    }
    return saa > 0 && sbb > 0 ? sab / std::sqrt(saa * sbb) : 0;
}

} // namespace

ExplainSummary summarize(const QList<ExplainRow> &rows)
{
    ExplainSummary s;
    QList<double> gaps;
    QMap<QString, QPair<QList<double>, QList<double>>> perKernel;
    for (const ExplainRow &r : rows) {
        if (!r.prediction.ok) {
            ++s.unexplained;
            continue;
        }
        gaps.append(std::abs(r.gap));
        if (std::abs(r.gap) > std::abs(s.worstGap))
            s.worstGap = r.gap;
        perKernel[r.measurement.kernel].first.append(r.prediction.timeS);
        perKernel[r.measurement.kernel].second.append(r.measurement.time.median);
    }
    s.n = int(gaps.size());
    if (!gaps.isEmpty()) {
        std::sort(gaps.begin(), gaps.end());
        const int n = int(gaps.size());
        s.medianAbsGap = n % 2 ? gaps[n / 2] : 0.5 * (gaps[n / 2 - 1] + gaps[n / 2]);
    }
    for (auto it = perKernel.cbegin(); it != perKernel.cend(); ++it)
        if (it->first.size() >= 3)
            s.spearman[it.key()] = spearmanRho(it->first, it->second);
    return s;
}

} // namespace model
