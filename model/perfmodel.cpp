#include "perfmodel.h"

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

namespace {

QString tr(const char *s)
{
    return QCoreApplication::translate("model::PerfModel", s);
}

// The smooth maximum of two times that overlap imperfectly: (a⁴ + b⁴)^¼ lies between
// max(a, b) and 1.19·max(a, b). Two resources that each could bind (latency and bandwidth,
// a block's own critical path and the SM's shared pipes) rarely overlap perfectly: queueing
// near saturation costs time. The exponent was chosen on the calibration file
// (resources/samples/h200-suite.json, 2026-11-30), never on the validation data.
constexpr double kOverlapExponent = 4.0;

double softMax(double a, double b)
{
    if (a <= 0)
        return b;
    if (b <= 0)
        return a;
    const double m = std::max(a, b);
    return m * std::pow(std::pow(a / m, kOverlapExponent) + std::pow(b / m, kOverlapExponent),
                        1.0 / kOverlapExponent);
}

// (aᵖ + bᵖ)^(1/p): p = 1 adds the two, p → ∞ takes the larger.
double pNorm(double a, double b, double p)
{
    const double m = std::max(a, b);
    if (m <= 0)
        return 0;
    return m * std::pow(std::pow(a / m, p) + std::pow(b / m, p), 1.0 / p);
}

qint64 param(const QVariantMap &p, const char *key, qint64 fallback)
{
    const auto it = p.constFind(QLatin1String(key));
    if (it == p.constEnd())
        return fallback;
    bool ok = false;
    const qint64 v = it->toLongLong(&ok);
    return ok ? v : fallback;
}

QString paramText(const QVariantMap &p, const char *key, const QString &fallback = {})
{
    const auto it = p.constFind(QLatin1String(key));
    return it == p.constEnd() ? fallback : it->toString();
}

qint64 ceilDivL(qint64 a, qint64 b)
{
    return b > 0 ? (a + b - 1) / b : 0;
}

enum class MathPipe { Fma, Mma, Wgmma };

// Widths in bytes of the A and B shared-memory loads of a register-blocked step.
struct LoadWidths
{
    int a = 4;
    int b = 4;
};

LoadWidths loadWidths(const std::optional<InstrMix> &mix, int TM, int TN, int BK)
{
    LoadWidths w;
    const bool bCan = TN % 4 == 0, aCan = BK % 4 == 0;
    // Only SASS says what ptxas merged: PTX from NVRTC still has the scalar loads.
    if (!mix || mix->isEmpty() || mix->source != QLatin1String("sass")) {
        w.a = aCan ? 16 : 4;
        w.b = bCan ? 16 : 4;
        return w;
    }
    // Words the loop loads in 128-bit pieces, against what each operand needs per slice;
    // B's run (TN, one thread's columns) is the one the vectorizer finds first.
    const double vecWords =
        4 * mix->count(QStringLiteral("lds128")) + 2 * mix->count(QStringLiteral("lds64"));
    const double aWords = double(TM) * BK, bWords = double(TN) * BK;
    if (bCan && vecWords >= 0.9 * bWords)
        w.b = 16;
    if (aCan && vecWords >= 0.9 * (aWords + (w.b == 16 ? bWords : 0)))
        w.a = 16;
    return w;
}

// What one block does per K-iteration (one BK slice; one k for the kernels without shared
// memory), in warp instructions and wavefronts summed over the block's warps.
struct BlockIteration
{
    MathPipe pipe = MathPipe::Fma;
    double math = 0;      // FFMA / HMMA / HGMMA warp instructions
    double mathFlops = 0; // FLOPs per math instruction
    double other = 0;     // every other warp instruction (loads, stores, barriers, addresses)
    double smemWavefronts = 0;
    double l1Wavefronts = 0; // global loads served by L1 (kernels without shared memory)
    double l2Bytes = 0;      // requested from L2 by the block
    int warps = 0;
    int stages = 1;             // 1: the next slice's loads wait for this slice (no prefetch)
    bool persistent = false;    // one block per SM looping over the tiles (steps 11 and up)
    double epilogueClk = 0;     // persistent: the part of a tile's epilogue the next tile waits for
    bool globalInSeries = true; // loads → stores to shared → barrier → math, per slice
    double chainClk = 0;        // one warp's dependent path through the slice, if longer
    qint64 kIterations = 0;
    bool fromL1 = false;  // the operands are re-read through L1, not staged in shared memory
    double l1Sectors = 0; // 32-byte sectors those loads touch, per block and K-iteration
    QStringList notes;
    QString smemDetail; // conflicts in words, for the explanation
};

} // namespace

namespace perf {

// Shared-memory wavefronts of one warp-wide access: lanes are served in phases of 128 bytes
// (32 lanes of 4 B, 16 of 8 B, 8 of 16 B); in each phase every bank delivers one distinct
// 4-byte word per wavefront, and lanes reading the same word share it (broadcast).
// CUDA C++ Programming Guide, "Shared Memory" (compute capability 5.x and later).
int smemWavefronts(const std::function<qint64(int lane)> &wordOf, int widthBytes, int banks)
{
    const int words = std::max(1, widthBytes / 4);
    const int lanesPerPhase = std::max(1, 32 / words);
    int total = 0;
    for (int phase = 0; phase < 32; phase += lanesPerPhase) {
        QMap<int, QSet<qint64>> perBank;
        for (int lane = phase; lane < phase + lanesPerPhase; ++lane) {
            const qint64 w0 = wordOf(lane);
            for (int w = 0; w < words; ++w) {
                const qint64 word = w0 + w;
                perBank[int(((word % banks) + banks) % banks)].insert(word);
            }
        }
        int worst = 0;
        for (const auto &set : std::as_const(perBank))
            worst = std::max(worst, int(set.size()));
        total += worst;
    }
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

using perf::dramGranules;
using perf::l1Wavefronts;
using perf::smemWavefronts;

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

namespace {

const QStringList &gemmSteps()
{
    static const QStringList s = {QStringLiteral("gemm.naive"),
                                  QStringLiteral("gemm.coalesced"),
                                  QStringLiteral("gemm.smem_tiled"),
                                  QStringLiteral("gemm.reg1d"),
                                  QStringLiteral("gemm.reg2d"),
                                  QStringLiteral("gemm.vectorized"),
                                  QStringLiteral("gemm.warptiled"),
                                  QStringLiteral("gemm.wmma"),
                                  QStringLiteral("gemm.mma_multistage"),
                                  QStringLiteral("gemm.wgmma_tma"),
                                  QStringLiteral("gemm.wgmma_persistent"),
                                  QStringLiteral("gemm.wgmma_cluster"),
                                  QStringLiteral("gemm.wgmma_fp8")};
    return s;
}

// Step 13: step 10 in e4m3 (1-byte A and B, fp32 C, wgmma k32 at the fp8 rate).
bool fp8Step(const QString &k)
{
    return k == QLatin1String("gemm.wgmma_fp8");
}

// The Hopper steps (wgmma from shared memory, TMA copies): step 10, the persistent ones and
// the fp8 one.
bool wgmmaStep(const QString &k)
{
    return k == QLatin1String("gemm.wgmma_tma") || k == QLatin1String("gemm.wgmma_persistent") ||
           k == QLatin1String("gemm.wgmma_cluster") || fp8Step(k);
}

const QStringList &memoryKernels()
{
    static const QStringList s = {
        QStringLiteral("memory.copy"), QStringLiteral("memory.vector_add"), QStringLiteral("memory.triad"),
        QStringLiteral("memory.strided_read"), QStringLiteral("memory.reduce"),
        QStringLiteral("memory.softmax"), QStringLiteral("memory.rmsnorm"),
        QStringLiteral("memory.layernorm"),
        // The LLM inference kernels are memory-bound too: each is described by its bytes.
        QStringLiteral("llm.decode_attention"), QStringLiteral("llm.w4a16_gemm"),
        QStringLiteral("llm.residual_rmsnorm")};
    return s;
}

// The instruction count the mix gives for the block's non-math work, scaled by the math
// instructions the model counts: counting ratios keeps the answer right however far the
// compiler unrolled the loop.
void applyMix(BlockIteration &it, const std::optional<InstrMix> &mix, QString *source)
{
    if (!mix || mix->isEmpty())
        return;
    // The counted loop must be the main loop: the one whose math runs on the model's pipe.
    const QString cls = it.pipe == MathPipe::Fma   ? QStringLiteral("ffma")
                        : it.pipe == MathPipe::Mma ? QStringLiteral("hmma")
                                                   : QStringLiteral("hgmma");
    const double math = mix->count(cls);
    if (math <= 0 || mix->total <= math) {
        it.notes << tr("instruction mix: the counted loop of %1 is not its main loop (no %2 in it); "
                       "estimated from the source")
                        .arg(mix->kernel.isEmpty() ? tr("the kernel") : mix->kernel, cls.toUpper());
        return;
    }
    *source = mix->source;
    const double counted = (mix->total - math) / math;
    const double estimated = it.math > 0 ? it.other / it.math : 0;
    // A loop body read statically holds every path: the bounds-checked edge paths and the
    // unrolled copies of the small load loops run only some iterations, or none. What the
    // main loop certainly runs is its math and its shared loads; the rest is taken from the
    // count only as far as the source accounts for it (at most twice the estimate).
    const double used = std::clamp(counted, estimated, 2 * estimated);
    it.other = it.math * used;
    it.notes << tr("instructions besides the math: %1 per %2 counted from the %3 of %4 (static count %5; "
                   "edge paths and unrolled load loops do not all run)")
                    .arg(QString::number(used, 'f', 2), cls.toUpper(),
                         mix->source == QLatin1String("sass")
                             ? tr("SASS")
                             : tr("PTX (an estimate: ptxas reshapes address arithmetic)"),
                         mix->kernel.isEmpty() ? tr("the kernel") : mix->kernel,
                         QString::number(counted, 'f', 2));
}

} // namespace

bool PerfModel::knows(const QString &kernel)
{
    return gemmSteps().contains(kernel) || memoryKernels().contains(kernel) ||
           kernel == QLatin1String("probe.smem_read");
}

namespace {

// Per-step description of one K-iteration of a block: what the kernel's source does,
// written out (kernels/src/gemm/*.cu): loads, shared-memory patterns, math.
std::optional<BlockIteration> describeGemm(const KernelLaunch &l, int elemBytes, QString *why)
{
    const QVariantMap &p = l.params;
    const QString &k = l.kernel;
    BlockIteration it;
    const qint64 K = param(p, "K", 0);
    auto lds = [&](const std::function<qint64(int)> &word, int width) {
        return double(smemWavefronts(word, width));
    };

    if (k == QLatin1String("gemm.naive") || k == QLatin1String("gemm.coalesced")) {
        const int B = int(param(p, "BLOCK", 32));
        it.warps = std::max(1, B * B / 32);
        it.kIterations = K;
        it.math = it.warps;
        it.mathFlops = 64;
        // naive: lanes walk down rows of A (row = threadIdx.x): 32 lines per A load;
        // coalesced: lanes walk along a row of B (col = threadIdx.x): one line each.
        const bool naive = k == QLatin1String("gemm.naive");
        const qint64 Kb = std::max<qint64>(K, 1) * 4;
        const qint64 Nb = std::max<qint64>(param(p, "N", 1), 1) * 4;
        const int aLines = l1Wavefronts([&](int lane) { return naive ? lane % B * Kb : (lane / B) * Kb; });
        const int bLines = l1Wavefronts([&](int lane) { return naive ? (lane / B) * 4 : (lane % B) * 4; });
        Q_UNUSED(Nb)
        it.l1Wavefronts = it.warps * double(aLines + bLines);
        it.l1Sectors =
            it.warps *
            double(perf::l1Sectors([&](int lane) { return naive ? lane % B * Kb : (lane / B) * Kb; }) +
                   perf::l1Sectors([&](int lane) { return naive ? (lane / B) * 4 : (lane % B) * 4; }));
        it.other = it.warps * 4.0; // two loads, the loop counter and an address step (unrolled)
        it.l2Bytes = 0;            // the rows are re-read from L1; L2 traffic is counted globally
        it.globalInSeries = false;
        // The k loop is unrolled by 4 and its loads hoisted: four k of loads in flight per
        // warp, hidden behind each other; what they wait for is set below (lGlobal).
        it.stages = 5;
        it.fromL1 = true;
        it.smemDetail = naive ? tr("each warp's load of A touches %1 cache lines").arg(aLines)
                              : tr("loads coalesced: %1 + %2 cache lines per k").arg(aLines).arg(bLines);
        return it;
    }

    if (k == QLatin1String("gemm.smem_tiled")) {
        const int T = int(param(p, "TILE", 32));
        it.warps = std::max(1, T * T / 32);
        it.kIterations = ceilDivL(K, T);
        const double perWarpFma = T;
        it.math = it.warps * perWarpFma;
        it.mathFlops = 64;
        const double aW = lds([&](int lane) { return qint64(lane / T) * T + 0; }, 4);
        const double bW = lds([&](int lane) { return qint64(0) * (T + 1) + lane % T; }, 4);
        const double stsW = lds([&](int lane) { return qint64(lane / T) * T + lane % T; }, 4) +
                            lds([&](int lane) { return qint64(lane / T) * (T + 1) + lane % T; }, 4);
        it.smemWavefronts = it.warps * (T * (aW + bW) + stsW);
        it.other = it.warps * (2.0 * T + 2 + 2 + 2 + 8);
        it.l2Bytes = 2.0 * T * T * elemBytes;
        it.smemDetail = tr("per k: A %1, B %2 wavefront(s) per warp").arg(aW).arg(bW);
        return it;
    }

    const int BM = int(param(p, "BM", 128)), BN = int(param(p, "BN", 128)), BK = int(param(p, "BK", 8));
    if (BM <= 0 || BN <= 0 || BK <= 0) {
        *why = tr("tile sizes must be positive");
        return std::nullopt;
    }
    it.kIterations = ceilDivL(K, BK);
    it.l2Bytes = double(BM * BK + BK * BN) * elemBytes;

    if (k == QLatin1String("gemm.reg1d") || k == QLatin1String("gemm.reg2d")) {
        const bool twoD = k == QLatin1String("gemm.reg2d");
        const int TM = int(param(p, "TM", 8)), TN = twoD ? int(param(p, "TN", 8)) : 1;
        if (TM <= 0 || TN <= 0 || BM % TM || BN % TN) {
            *why = tr("TM and TN must divide BM and BN");
            return std::nullopt;
        }
        const int cols = BN / TN;
        const int NT = (BM / TM) * cols;
        it.warps = std::max(1, NT / 32);
        const double loads = double(BM * BK + BK * BN) / NT; // per thread: one LDG + one STS each
        // Warp 0's lanes; the pattern repeats for every warp.
        // The source loads scalars; the compiler merges runs of four aligned floats into one
        // 128-bit load (LLVM's load-store vectorizer, then ptxas) when it can prove alignment:
        // B's TN neighbours, and A's BK neighbours once the k loop is unrolled. The instruction
        // mix, when counted, says which it did; without one, both are assumed merged.
        const LoadWidths w = loadWidths(l.mix, TM, TN, BK);
        const double aW = lds([&](int lane) { return qint64(lane / cols) * TM * BK; }, w.a);
        const double bW = lds([&](int lane) { return qint64(lane % cols) * TN; }, w.b);
        const double aLoads = double(TM) * BK / (w.a / 4), bLoads = double(TN) * BK / (w.b / 4);
        const double perK = (aLoads * aW + bLoads * bW) / BK;
        it.math = it.warps * double(BK) * TM * TN;
        it.mathFlops = 64;
        it.smemWavefronts = it.warps * (BK * perK + loads);
        it.other = it.warps * (aLoads + bLoads + loads * 4 + 2 + 10);
        it.smemDetail =
            tr("per slice: %1 A loads (%2 B wide) × %3 + %4 B loads (%5 B wide) × %6 wavefront(s) per warp")
                .arg(aLoads)
                .arg(w.a)
                .arg(aW)
                .arg(bLoads)
                .arg(w.b)
                .arg(bW);
        return it;
    }

    if (k == QLatin1String("gemm.vectorized") || k == QLatin1String("gemm.warptiled")) {
        const bool warp = k == QLatin1String("gemm.warptiled");
        const int TM = int(param(p, "TM", warp ? 4 : 8)), TN = int(param(p, "TN", warp ? 4 : 8));
        const int BMP = BM + 4;
        int NT = 0;
        double aW = 0, bW = 0, aLoads = 0, bLoads = 0;
        if (!warp) {
            if (TM % 4 || TN % 4 || BM % TM || BN % TN) {
                *why = tr("TM and TN must be multiples of 4 dividing BM and BN");
                return std::nullopt;
            }
            const int cols = BN / TN;
            NT = (BM / TM) * cols;
            aW = lds([&](int lane) { return qint64(lane / cols) * TM; }, 16);
            bW = lds([&](int lane) { return qint64(lane % cols) * TN; }, 16);
            aLoads = TM / 4.0;
            bLoads = TN / 4.0;
        } else {
            const int WM = int(param(p, "WM", 64)), WN = int(param(p, "WN", 64)),
                      WNITER = int(param(p, "WNITER", 2));
            if (WM <= 0 || WN <= 0 || WNITER <= 0 || BM % WM || BN % WN || TM % 4 || TN % 4 ||
                (WM * WN) % (32 * TM * TN * WNITER)) {
                *why = tr("warp tile does not divide the block tile");
                return std::nullopt;
            }
            const int WMITER = (WM * WN) / (32 * TM * TN * WNITER);
            const int WSUBN = WN / WNITER;
            const int tcols = std::max(1, WSUBN / TN);
            NT = 32 * (BM / WM) * (BN / WN);
            aW = lds([&](int lane) { return qint64(lane / tcols) * TM; }, 16);
            bW = lds([&](int lane) { return qint64(lane % tcols) * TN; }, 16);
            aLoads = WMITER * TM / 4.0;
            bLoads = WNITER * TN / 4.0;
            it.stages = 2; // the next slice is loaded into registers while this one is used
        }
        if (NT <= 0 || NT % 32) {
            *why = tr("threads per block must be a multiple of 32");
            return std::nullopt;
        }
        it.warps = NT / 32;
        const double vecA = double(BM * BK) / 4 / NT, vecB = double(BK * BN) / 4 / NT;
        // A is stored transposed (4 scalar stores per float4, padded rows: no conflicts),
        // B as float4 (one STS.128, 4 wavefronts).
        const double stsW = vecA * 4 + vecB * 4;
        const double perK = aLoads * aW + bLoads * bW;
        const double fmaPerThreadK = double(TM) * TN * (warp ? (aLoads * 4 / TM) * (bLoads * 4 / TN) : 1);
        it.math = it.warps * BK * fmaPerThreadK;
        it.mathFlops = 64;
        it.smemWavefronts = it.warps * (BK * perK + stsW);
        it.other = it.warps *
                   (BK * (aLoads + bLoads) + vecA * 5 + vecB * 2 + (vecA + vecB) * 3 + (warp ? 1 : 2) + 12);
        it.smemDetail = tr("per k: %1 A float4 loads × %2 + %3 B float4 loads × %4 wavefronts per warp")
                            .arg(aLoads)
                            .arg(aW)
                            .arg(bLoads)
                            .arg(bW);
        Q_UNUSED(BMP)
        return it;
    }

    if (k == QLatin1String("gemm.wmma") || k == QLatin1String("gemm.mma_multistage")) {
        const bool multistage = k == QLatin1String("gemm.mma_multistage");
        const int WARPS_M = int(param(p, "WARPS_M", 2)),
                  WARPS_N = int(param(p, "WARPS_N", multistage ? 2 : 4));
        if (WARPS_M <= 0 || WARPS_N <= 0 || BM % (16 * WARPS_M) || BN % (16 * WARPS_N) || BK % 16) {
            *why = tr("warp layout does not divide the block tile");
            return std::nullopt;
        }
        it.warps = WARPS_M * WARPS_N;
        const int NT = 32 * it.warps;
        const int WTM = BM / WARPS_M, WTN = BN / WARPS_N;
        const double kk = BK / 16.0;
        it.pipe = MathPipe::Mma;
        it.mathFlops = 2.0 * 16 * 8 * 16; // mma.sync m16n8k16
        const double mmaPerWarpK16 = (WTM / 16.0) * (WTN / 8.0);
        it.math = it.warps * kk * mmaPerWarpK16;
        const double chunks = double(BM + BN) * BK * elemBytes / 16; // 16-byte copies per slice
        double fragLoads = 0;
        if (multistage) {
            // ldmatrix.x4 per m16 tile of A and per pair of n8 tiles of B; the XOR swizzle
            // makes each conflict-free: 4 wavefronts (512 B).
            fragLoads = kk * (WTM / 16.0 + WTN / 16.0);
            it.stages = int(param(p, "STAGES", 4));
            it.other = it.warps * (fragLoads + chunks / NT * 3 + 4 + 12);
        } else {
            // load_matrix_sync of a 16 × 16 fragment: two 128-bit shared loads per lane.
            fragLoads = kk * (WTM / 16.0 + WTN / 16.0) * 2;
            it.other = it.warps * (fragLoads + chunks / NT * 5 + 2 + 12);
        }
        it.smemWavefronts = it.warps * fragLoads * 4 + chunks / 8; // stores: 8 chunks (128 B) per wavefront
        it.smemDetail = multistage ? tr("ldmatrix.x4 on swizzled tiles: conflict-free")
                                   : tr("fragment loads on padded rows");
        return it;
    }

    if (wgmmaStep(k)) {
        const int CONSUMERS = int(param(p, "CONSUMERS", 2));
        // Fixed in the kernel: one 128-byte swizzle row, 64 bf16 or 128 e4m3; an instruction
        // takes 32 bytes of K either way (k16 bf16, k32 e4m3).
        const bool fp8 = fp8Step(k);
        const int BKw = fp8 ? 128 : 64;
        const double kInstr = fp8 ? 32 : 16;
        if (CONSUMERS <= 0 || BM % (64 * CONSUMERS)) {
            *why = tr("BM must be a multiple of 64 × CONSUMERS");
            return std::nullopt;
        }
        it.kIterations = ceilDivL(K, BKw);
        it.l2Bytes = double(BM * BKw + BKw * BN) * elemBytes;
        it.warps = 4 * (CONSUMERS + 1);
        it.pipe = MathPipe::Wgmma;
        const double msub = BM / (64.0 * CONSUMERS);
        // Each consumer warpgroup issues msub × 4 (k16 or k32 steps) m64nBNk16 (k32) instructions
        // per slice; every one of its 4 warps issues the instruction.
        it.math = CONSUMERS * msub * (BKw / kInstr) * 4;
        it.mathFlops = 2.0 * 64 * BN * kInstr / 4;
        // wgmma reads both operands from shared memory: A (64 × k) and B (BN × k) per
        // instruction and warpgroup, 128 B per clock.
        it.smemWavefronts =
            CONSUMERS * msub * (BKw / kInstr) * (64.0 * kInstr + BN * kInstr) * elemBytes / 128.0;
        it.other = CONSUMERS * 4 * 12.0 + 4 * 4.0; // barriers, fences, waits; the producer's TMA issue
        it.stages = int(param(p, "STAGES", 4));
        it.smemDetail = tr("wgmma reads A and B from shared memory (%1 B per slice)")
                            .arg(it.smemWavefronts * 128, 0, 'f', 0);
        if (k != QLatin1String("gemm.wgmma_tma") && !fp8) {
            // One block per SM loops over the tiles and the producer runs ahead across them: the
            // first slice's wait and the C store of a tile are paid once, not per tile. What
            // the next tile still waits for is the consumers writing their fp32 accumulators
            // into shared memory for the TMA store (BM × BN × 4 bytes at 128 B per clock).
            it.persistent = true;
            it.epilogueClk = double(BM) * BN * 4 / 128.0;
        }
        if (k == QLatin1String("gemm.wgmma_cluster")) {
            // Pairs of blocks share one operand's tile through TMA multicast: each block reads
            // half of it from L2 (B for pairs along M, A for pairs along N).
            const bool alongM = param(p, "CLUSTER_M", 2) == 2;
            it.l2Bytes = (alongM ? BM * BKw + BKw * BN / 2.0 : BM * BKw / 2.0 + BKw * BN) * elemBytes;
            it.notes << (alongM ? tr("clusters of 2 along M: each B tile is read from L2 once per pair "
                                     "and multicast into both blocks")
                                : tr("clusters of 2 along N: each A tile is read from L2 once per pair "
                                     "and multicast into both blocks"));
        }
        return it;
    }
    *why = tr("no description of %1").arg(k);
    return std::nullopt;
}

QString wordsFor(const QString &bound, MathPipe pipe)
{
    if (bound == QLatin1String("compute"))
        return pipe == MathPipe::Fma ? tr("the FP32 units: every FMA lane is busy")
                                     : tr("the tensor cores: the matrix units are busy");
    if (bound == QLatin1String("issue"))
        return tr("instruction issue: the schedulers issue one instruction per clock, and the loads, address "
                  "arithmetic and barriers take slots the FMAs need");
    if (bound == QLatin1String("smem"))
        return tr("shared-memory bandwidth: 128 bytes per clock per SM, and bank conflicts make each access "
                  "take several wavefronts");
    if (bound == QLatin1String("l1"))
        return tr("uncoalesced loads: each warp's load touches many cache lines, one L1 wavefront each");
    if (bound == QLatin1String("l2"))
        return tr("L2 bandwidth: every block re-reads its tiles of A and B from L2");
    if (bound == QLatin1String("hbm"))
        return tr("HBM bandwidth: the bytes have to come from memory");
    if (bound == QLatin1String("latency"))
        return tr("latency: too few warps with too little independent work to hide how long memory takes to "
                  "answer (Little's law)");
    if (bound == QLatin1String("waves"))
        return tr("the launch and the tail: too little work to fill the GPU");
    return bound;
}

} // namespace

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

    auto addTerm = [&](const QString &name, double sec, const QString &detail) {
        r.terms.append(PerfTerm{name, std::max(0.0, sec), detail});
    };

    // ------------------------------------------------------------ bank conflicts
    // probe.smem_read: every lane of a warp reads word lane × stride, so a stride that shares
    // a factor with the 32 banks makes each load take gcd(stride, 32) wavefronts.
    if (l.kernel == QLatin1String("probe.smem_read")) {
        const qint64 stride = std::max<qint64>(1, param(l.params, "stride", 1));
        const int ways = smemWavefronts([&](int lane) { return qint64(lane) * stride; }, 4);
        const double wavefronts = l.bytes / 128.0 * ways;
        const double tSmem = wavefronts / (double(sms) * m_arch.smemBytesPerClkSm / 128.0) / hz;
        r.timeS = tSmem + m_arch.launchS;
        for (const QString &t : Prediction::termNames())
            addTerm(t,
                    t == QLatin1String("smem") ? tSmem : (t == QLatin1String("waves") ? m_arch.launchS : 0),
                    t == QLatin1String("smem")
                        ? tr("stride %1 words: %2-way bank conflict, %3 wavefronts per SM at one per clock")
                              .arg(stride)
                              .arg(ways)
                              .arg(formatSi(wavefronts / sms, ""))
                        : QString());
        r.formula = PerfFormula::combine(PerfFormula::Op::Sum, QStringLiteral("predicted"),
                                         {PerfFormula::figure(QStringLiteral("smem"), tSmem),
                                          PerfFormula::figure(QStringLiteral("waves"), m_arch.launchS)});
        r.bound = r.formula.binding();
        r.boundWords = wordsFor(r.bound, MathPipe::Fma);
        r.levelBytes[QStringLiteral("smem")] = wavefronts * 128;
        r.mixSource = QStringLiteral("tile");
        r.ok = l.bytes > 0;
        if (!r.ok)
            r.reason = tr("the run records no bytes");
        return r;
    }

    // ------------------------------------------------------------ memory family
    if (memoryKernels().contains(l.kernel)) {
        const QVariantMap &p = l.params;
        const QString variant = paramText(p, "variant");
        const int block = l.threads > 0 ? l.threads : int(param(p, "block", 256));
        const int granule = m_arch.dramGranuleBytes;
        double readBytes = 0, writeBytes = 0, flightPerWarp = 0, launches = 1;
        const qint64 n = param(p, "n", 0);
        const qint64 rows = param(p, "rows", 0), cols = param(p, "cols", 0);
        const int unroll = int(param(p, "unroll", 1));
        const double vecBytes = 16;
        if (l.kernel == QLatin1String("memory.copy") || l.kernel == QLatin1String("memory.vector_add") ||
            l.kernel == QLatin1String("memory.triad")) {
            const int inputs = l.kernel == QLatin1String("memory.copy") ? 1 : 2;
            readBytes = double(inputs) * n * s;
            writeBytes = double(n) * s;
            // Loads in flight per warp: scalar kernels have one element per thread; vector
            // kernels issue `unroll` 16-byte loads per input before the first is used.
            flightPerWarp = inputs * 32.0 * (variant == QLatin1String("scalar") ? s : vecBytes * unroll);
        } else if (l.kernel == QLatin1String("memory.strided_read")) {
            const qint64 stride = std::max<qint64>(1, param(p, "stride", 1));
            const int g = dramGranules([&](int lane) { return qint64(lane) * stride * s; }, s, granule);
            readBytes = double(n) / 32 * g * granule;
            writeBytes = double(n) * s;
            flightPerWarp = g * double(granule);
            r.notes << tr("stride %1: a warp's load brings %2 × %3 B from DRAM for %4 useful bytes (%5 %)")
                           .arg(stride)
                           .arg(g)
                           .arg(granule)
                           .arg(32 * s)
                           .arg(100.0 * 32 * s / (g * granule), 0, 'f', 1);
        } else if (l.kernel == QLatin1String("memory.reduce")) {
            if (variant == QLatin1String("atomic")) {
                r.reason = tr("atomics to one address: the model has no sourced figure for how fast the L2 "
                              "serializes them");
                return r;
            }
            readBytes = double(n) * 4;
            flightPerWarp = 32.0 * vecBytes * 4;
        } else if (l.kernel == QLatin1String("memory.softmax") ||
                   l.kernel == QLatin1String("memory.rmsnorm") ||
                   l.kernel == QLatin1String("memory.layernorm")) {
            const double tensor = double(rows) * cols * s;
            double reads = 1, writes = 1;
            if (l.kernel == QLatin1String("memory.softmax") && variant == QLatin1String("three_pass")) {
                reads = 3; // max, sum, normalize: three kernels each read the rows again
                launches = 3;
            }
            if (l.kernel == QLatin1String("memory.layernorm")) {
                const bool residual = param(p, "residual", 0) != 0;
                reads = residual ? 2 : 1;
                if (variant == QLatin1String("two_kernels")) {
                    // x + residual written out, then read again by the normalization.
                    reads += residual ? 1 : 0;
                    writes += residual ? 1 : 0;
                    launches = 2;
                }
            }
            readBytes = reads * tensor + double(cols) * s;
            writeBytes = writes * tensor;
            const double perThread = double(cols) * s / std::max(1, block);
            flightPerWarp = 32.0 * std::min(perThread, 4 * vecBytes);
        } else if (l.kernel == QLatin1String("llm.residual_rmsnorm")) {
            // x and r read, h and y written, the weight vector once (kernels/src/llm.cu).
            const double tensor = double(rows) * cols * s;
            readBytes = 2 * tensor + double(cols) * s;
            writeBytes = 2 * tensor;
            const double perThread = double(cols) * s / std::max(1, block);
            flightPerWarp = 2 * 32.0 * std::min(perThread, 4 * vecBytes);
        } else if (l.kernel == QLatin1String("llm.decode_attention")) {
            // K and V once per KV head, Q once; O written. With the KV length split over
            // several blocks, each writes its partial (o, m, l) in fp32 and a second kernel
            // reads them back. A warp keeps its next 16-row K and V tile in flight (cp.async).
            const double B = param(p, "B", 1), H = param(p, "H", 1), Hkv = param(p, "Hkv", 1);
            const double S = param(p, "S", 1), D = param(p, "D", 128);
            const double split =
                std::max<qint64>(1, l.grid > 0 ? l.grid / qint64(B * Hkv) : param(p, "split", 1));
            readBytes = 2 * B * Hkv * S * D * s + B * H * D * s;
            writeBytes = B * H * D * s;
            if (split > 1) {
                const double partials = B * H * split * (D + 2) * 4;
                readBytes += partials;
                writeBytes += partials;
                launches = 2;
            }
            flightPerWarp = 2.0 * 16 * D * s;
            r.notes << tr("decode attention: %1 query heads per KV head read each K and V row once; the KV "
                          "length in %2 part(s)")
                           .arg(H / Hkv)
                           .arg(split);
        } else if (l.kernel == QLatin1String("llm.w4a16_gemm")) {
            // Half a byte per weight and an fp16 scale per 128, X once (its re-reads per column
            // tile stay in L2), Y written. A warp's ntiles x 8 columns x 128 k of a group are
            // ntiles x 512 bytes and 128 of scales, copied into the warp's ring of `stages`.
            // The warp issues group j + stages - 1 before it waits for group j, so while it waits
            // (the case the latency term describes) all `stages` copies are in flight; stages - 1
            // only while it multiplies. (Counting stages - 1 had two stages at half the rate of
            // three; on the H200 two ran as fast.)
            const double M = param(p, "M", 1), N = param(p, "N", 1), K = param(p, "K", 128);
            readBytes = K * N / 2 + std::ceil(K / 128) * N * 2 + M * K * s;
            writeBytes = M * N * s;
            flightPerWarp = double(std::max<qint64>(1, param(p, "stages", 2))) *
                            (double(std::max<qint64>(1, param(p, "ntiles", 8))) * 512.0 + 128.0);
            r.notes << tr(
                "W4A16: the model counts bytes and loads in flight only; the tensor-core and dequantization "
                "instructions and their latency are not in it");
        }
        // Blocks when the run recorded none: the row kernels take a row each, the LLM kernels
        // a block per (KV chunk, KV head, sequence) and per (64 columns a warp, K part).
        qint64 derivedGrid = ceilDivL(n, block);
        if (rows > 0)
            derivedGrid = rows;
        if (l.kernel == QLatin1String("llm.decode_attention"))
            derivedGrid = param(p, "B", 1) * param(p, "Hkv", 1) * std::max<qint64>(1, param(p, "split", 1));
        else if (l.kernel == QLatin1String("llm.w4a16_gemm"))
            derivedGrid = ceilDivL(param(p, "N", 1), 8 * std::max<qint64>(1, param(p, "ntiles", 8)) *
                                                         std::max<qint64>(1, param(p, "warps", 4))) *
                          std::max<qint64>(1, param(p, "splitk", 1));
        const qint64 grid = l.grid > 0 ? l.grid : derivedGrid;
        int bps = l.blocksPerSm;
        if (bps <= 0) {
            const Occupancy &occ = m_tile.occupancy();
            OccupancyInput oi;
            oi.threadsPerBlock = block;
            oi.registersPerThread = l.registers > 0 ? l.registers : 32;
            oi.staticSmemBytes = l.smemBytes;
            bps = occ.isValid() ? std::max(1, occ.compute(oi).blocksPerSm) : 1;
        }
        const double warpsPerSm = std::min(double(bps) * block / 32, double(grid) * block / 32 / sms);
        const double bytesInFlightSm = warpsPerSm * flightPerWarp;
        const double latS = m_arch.dramLoadedLatencyClk / hz;
        // Little's law: what the resident loads can deliver, against what DRAM can.
        const double latRate = sms * bytesInFlightSm / latS;
        const double tLat = readBytes > 0 ? readBytes / latRate : 0;
        const double bw = readBytes > 0 && writeBytes > 0 ? hbmCopy : (readBytes > 0 ? hbmRead : hbmWrite);
        const double tBw = (readBytes + writeBytes) / bw;
        const double launch = launches * m_arch.launchS;
        r.timeS = softMax(tLat, tBw) + launch;
        r.flops = 0;
        r.levelBytes[QStringLiteral("hbm")] = readBytes + writeBytes;
        r.levelBytes[QStringLiteral("l2")] = readBytes + writeBytes;
        addTerm(QStringLiteral("compute"), 0, tr("memory-bound kernel"));
        addTerm(QStringLiteral("issue"), 0, QString());
        addTerm(QStringLiteral("smem"), 0, QString());
        addTerm(QStringLiteral("l1"), 0, QString());
        addTerm(QStringLiteral("l2"), (readBytes + writeBytes) / l2Bw,
                tr("%1 through L2 at %2").arg(formatSi(readBytes + writeBytes, "B"), formatSi(l2Bw, "B/s")));
        addTerm(QStringLiteral("hbm"), tBw,
                tr("%1 at %2").arg(formatSi(readBytes + writeBytes, "B"), formatSi(bw, "B/s")));
        addTerm(QStringLiteral("latency"), tLat,
                tr("%1 in flight per SM (%2 warps × %3 B) against %4 clocks of loaded DRAM latency: %5")
                    .arg(formatSi(bytesInFlightSm, "B"))
                    .arg(warpsPerSm, 0, 'f', 0)
                    .arg(flightPerWarp, 0, 'f', 0)
                    .arg(m_arch.dramLoadedLatencyClk, 0, 'f', 0)
                    .arg(formatSi(latRate, "B/s")));
        addTerm(QStringLiteral("waves"), launch, tr("%1 launch(es)").arg(launches));
        // The loads the resident warps keep in flight and the bandwidth overlap imperfectly.
        r.formula =
            PerfFormula::combine(PerfFormula::Op::Sum, QStringLiteral("predicted"),
                                 {PerfFormula::combine(PerfFormula::Op::Overlap, QString(),
                                                       {PerfFormula::figure(QStringLiteral("latency"), tLat),
                                                        PerfFormula::figure(QStringLiteral("hbm"), tBw)},
                                                       kOverlapExponent),
                                  PerfFormula::figure(QStringLiteral("waves"), launch)});
        r.bound = r.formula.binding();
        r.boundWords = wordsFor(r.bound, MathPipe::Fma);
        r.mixSource = QStringLiteral("tile");
        r.ok = true;
        return r;
    }

    // ------------------------------------------------------------ GEMM ladder
    QString why;
    auto desc = describeGemm(l, s, &why);
    if (!desc) {
        r.reason = why;
        return r;
    }
    BlockIteration it = *desc;
    r.mixSource = QStringLiteral("tile");
    applyMix(it, l.mix, &r.mixSource);
    if (r.mixSource == QLatin1String("tile"))
        r.notes << tr("instruction mix: estimated from the kernel's source (no SASS or PTX count recorded)");

    const qint64 M = param(l.params, "M", 0), N = param(l.params, "N", 0), K = param(l.params, "K", 0);
    if (M <= 0 || N <= 0 || K <= 0) {
        r.reason = tr("M, N and K must be positive");
        return r;
    }
    r.flops = 2.0 * M * N * K;

    // Traffic through L2 and from HBM: the tile model's panels-per-wave reuse model.
    TileInput ti;
    ti.M = M;
    ti.N = N;
    ti.K = K;
    ti.dtype = *dtype;
    const bool blocked =
        !l.kernel.endsWith(QLatin1String("naive")) && !l.kernel.endsWith(QLatin1String("coalesced"));
    const int tileEdge =
        int(param(l.params, l.kernel == QLatin1String("gemm.smem_tiled") ? "TILE" : "BLOCK", 32));
    ti.bm =
        blocked && l.kernel != QLatin1String("gemm.smem_tiled") ? int(param(l.params, "BM", 128)) : tileEdge;
    ti.bn =
        blocked && l.kernel != QLatin1String("gemm.smem_tiled") ? int(param(l.params, "BN", 128)) : tileEdge;
    ti.bk = fp8Step(l.kernel) ? 128 : wgmmaStep(l.kernel) ? 64 : int(param(l.params, "BK", 8));
    if (fp8Step(l.kernel))
        ti.cElemBytes = 4; // e4m3 in, fp32 C out
    ti.stages = std::max(1, it.stages);
    // The wgmma step's producer warpgroup computes no outputs: the tile model counts the
    // consumers' threads.
    ti.threads = it.pipe == MathPipe::Wgmma ? (it.warps - 4) * 32 : it.warps * 32;
    ti.group = int(param(l.params, "GROUP", 1));
    if (l.kernel == QLatin1String("gemm.wgmma_cluster")) {
        ti.clusterM = int(param(l.params, "CLUSTER_M", 2));
        ti.clusterN = int(param(l.params, "CLUSTER_N", 1));
    }
    if (l.registers > 0)
        ti.registers = l.registers;
    const TileResult tile = m_tile.evaluate(ti);
    const double minBytes =
        (double(M) * K + double(K) * N) * s + double(M) * N * (ti.cElemBytes > 0 ? ti.cElemBytes : s);
    double hbmBytes = tile.ok ? tile.hbmBytes : minBytes;
    // A problem whose three matrices fit in L2 together is read from HBM once, whatever the
    // block order (the L2 keeps what the first blocks brought in).
    const double l2Capacity = m_gpu.l2Bytes ? m_gpu.l2Bytes->value : 0;
    if (l2Capacity > 0 && minBytes <= 0.9 * l2Capacity)
        hbmBytes = minBytes;
    const double l2Bytes = tile.ok ? tile.l2Bytes : hbmBytes;
    if (!tile.ok)
        r.notes << tr("L2 traffic: the tile model refused the tile (%1); the minimum is used")
                       .arg(tile.problems.join(QStringLiteral("; ")));

    // Residency: as the run recorded it, or from cuda_occupancy.h.
    const qint64 grid = l.grid > 0 ? l.grid : (tile.ok ? tile.gridBlocks : 1);
    int bps = l.blocksPerSm;
    if (bps <= 0) {
        const Occupancy &occ = m_tile.occupancy();
        OccupancyInput oi;
        oi.threadsPerBlock = it.warps * 32;
        oi.registersPerThread = l.registers > 0 ? l.registers : TileModel::estimateRegisters(ti);
        oi.dynamicSmemBytes = l.smemBytes > 0 ? l.smemBytes : (tile.ok ? tile.smemBytes : 0);
        const OccupancyResult o = occ.isValid() ? occ.compute(oi) : OccupancyResult{};
        bps = o.blocksPerSm;
        if (bps <= 0) {
            r.reason = tr("the block cannot be resident on %1 (registers or shared memory)")
                           .arg(m_gpu.displayName());
            return r;
        }
    }

    // Per-block costs of one K-iteration, in SM clocks.
    double mathRate = 0; // math instructions per clock per SM
    if (it.pipe == MathPipe::Fma) {
        mathRate = m_arch.fp32LanesPerSm / 32.0;
        if (m_ceil.fp32FlopPerS && *m_ceil.fp32FlopPerS > 0 && l.clockMhz <= 0)
            mathRate = std::min(mathRate, *m_ceil.fp32FlopPerS / 64.0 / sms / hz);
    } else if (it.pipe == MathPipe::Mma) {
        double flopPerClk = m_arch.tensorFlopPerClkSm * m_arch.mmaSyncFraction;
        if (m_ceil.tensorFlopPerS && m_ceil.tensorProbeClockMhz > 0)
            flopPerClk = *m_ceil.tensorFlopPerS / sms / (m_ceil.tensorProbeClockMhz * 1e6);
        mathRate = flopPerClk / it.mathFlops;
    } else {
        if (m_arch.tensorFlopPerClkSm <= 0 || !m_gpu.computeCapability.startsWith(QLatin1String("9."))) {
            r.reason = tr("wgmma needs a Hopper GPU (compute capability 9.0)");
            return r;
        }
        double flopPerClk = m_arch.tensorFlopPerClkSm;
        // e4m3: the spec database's fp8 peak over its bf16 peak (2 on H100 and H200: the
        // datasheets' dense 1979 vs 989.5 TFLOP/s).
        if (fp8Step(l.kernel)) {
            const double bf16 = m_gpu.peak(QStringLiteral("bf16_tc")),
                         fp8 = m_gpu.peak(QStringLiteral("fp8_tc"));
            if (bf16 <= 0 || fp8 <= 0) {
                r.reason =
                    tr("%1 has no fp8 and bf16 tensor peaks in the spec database").arg(m_gpu.displayName());
                return r;
            }
            flopPerClk *= fp8 / bf16;
        }
        mathRate = flopPerClk / it.mathFlops;
    }
    const double l2PerClkSm = l2Bw / sms / hz;
    const double cMath = it.math / mathRate;
    const double cIssueBlock = (it.math + it.other) / m_arch.schedulersPerSm;
    const double cSmem = it.smemWavefronts; // one wavefront per clock
    const double cL1 = it.l1Wavefronts;
    const double cL2 = it.l2Bytes / l2PerClkSm;
    // The issue slots and the shared-memory (L1) pipe serve the same instructions in turn
    // (an LDS is issued, then its wavefronts run): they overlap only partly.
    const double issueAndSmem =
        pNorm(cIssueBlock, std::max(cSmem, cL1), m_arch.overlapExponent(double(bps) * it.warps));
    const double thr = std::max({cMath, issueAndSmem, cL2});

    // The latency a block's own slice cannot hide: the load of the next slice, in series
    // with the math when the kernel does not prefetch, spread over the stages when it does.
    // Loads wait for L2 (near and far halves alike) or, for the share of bytes that miss it,
    // for DRAM, both at their loaded latency: under a streaming load both wait ~2.3× longer than
    // a pointer chase (perf-model.md: 13 KB unloaded vs 27 KB loaded in flight per SM).
    const double loadFactor = m_arch.dramLoadedLatencyClk / m_arch.dramLatencyClk;
    const double missShare = l2Bytes > 0 ? std::clamp(hbmBytes / l2Bytes, 0.0, 1.0) : 1.0;
    const double lGlobal =
        (1 - missShare) * 0.5 * (m_arch.l2LatencyClk + m_arch.l2FarLatencyClk) * loadFactor +
        missShare * m_arch.dramLoadedLatencyClk;
    // One block alone: its warps spread over the schedulers.
    const double issueAlone = (it.math + it.other) / std::min<double>(m_arch.schedulersPerSm, it.warps);
    const double alone = std::max({thr, issueAlone, it.chainClk});
    // Asynchronous-copy pipelines pay a fixed cost per K-iteration that the block cannot
    // overlap with its own math (waiting on the copy group or mbarrier, the barrier, issuing
    // the next copies): XLA's GPU cost model puts it at 400 ns with cp.async and 150 ns with
    // TMA on H100 (openxla/xla gpu_dot_fusion_cost_model.cc, shared/reference/perf-model.md).
    // The wgmma step keeps one wgmma group in flight across iterations (it waits for the
    // previous group, not the current one), so its per-iteration cost runs while the tensor
    // cores work: no TMA overhead is added for it.
    const double iterOverheadClk =
        (it.pipe == MathPipe::Mma && it.stages > 1 ? m_arch.cpAsyncIterationS : 0) * hz;
    const double blockPath = it.globalInSeries && it.stages <= 1
                                 ? alone + lGlobal + 2 * m_arch.barrierClk
                                 : std::max(alone + iterOverheadClk, lGlobal / std::max(1, it.stages - 1));
    auto roundClk = [&](int b) { return softMax(b * thr, blockPath); };

    // Blocks on the busiest SM, in generations of `bps` resident blocks. A persistent step's
    // blocks loop over the tiles instead: the busiest SM runs its share of the tiles one after
    // another, a generation of one each.
    const qint64 tiles = tile.ok ? tile.gridBlocks : grid;
    const qint64 perSm =
        it.persistent ? ceilDivL(tiles, std::min<qint64>(grid, qint64(sms) * bps)) : ceilDivL(grid, sms);
    const qint64 gens = it.persistent ? perSm : ceilDivL(perSm, bps);
    const int lastGen = it.persistent ? 1 : int(perSm - (gens - 1) * bps);
    const double kIt = double(it.kIterations);
    // The first slice comes from DRAM (the L2 is flushed between timed samples); C leaves the
    // SM at its share of the L2 bandwidth.
    const double cTileBytes = tile.ok ? double(ti.bm) * ti.bn *
                                            (it.pipe == MathPipe::Fma ? 4
                                             : ti.cElemBytes > 0      ? ti.cElemBytes
                                                                      : s)
                                      : 0;
    const double edgeClk = m_arch.dramLoadedLatencyClk + cTileBytes / l2PerClkSm;
    // Persistent: one first load and one last store per block; between its tiles only the
    // epilogue's exposed part.
    const double edgesClk = it.persistent ? edgeClk + (gens - 1) * it.epilogueClk : gens * edgeClk;
    const int genBlocks = it.persistent ? 1 : bps;
    const double coreClk = (gens - 1) * kIt * roundClk(genBlocks) + kIt * roundClk(lastGen) + edgesClk;
    const double core = coreClk / hz;
    const double tHbm = hbmBytes / hbmRead;
    const double tL2 = l2Bytes / l2Bw;
    const double launch = m_arch.launchS;
    r.timeS = std::max({core, tHbm, tL2}) + launch;

    const double perSmIt = double(perSm) * kIt;
    const QString mathWord =
        it.pipe == MathPipe::Fma ? tr("FFMA") : (it.pipe == MathPipe::Mma ? tr("mma.sync") : tr("wgmma"));
    addTerm(QStringLiteral("compute"), perSmIt * cMath / hz,
            tr("%1 %2 per SM at %3 per clock, %4 MHz")
                .arg(formatSi(perSmIt * it.math, ""))
                .arg(mathWord)
                .arg(mathRate, 0, 'g', 3)
                .arg(clockMhz, 0, 'f', 0));
    addTerm(QStringLiteral("issue"), perSmIt * cIssueBlock / hz,
            tr("%1 warp instructions per SM (%2 per math instruction) over %3 schedulers")
                .arg(formatSi(perSmIt * (it.math + it.other), ""))
                .arg(it.math > 0 ? (it.math + it.other) / it.math : 0, 0, 'f', 2)
                .arg(m_arch.schedulersPerSm));
    addTerm(QStringLiteral("smem"), perSmIt * cSmem / hz,
            tr("%1 wavefronts per SM; %2").arg(formatSi(perSmIt * it.smemWavefronts, "")).arg(it.smemDetail));
    addTerm(QStringLiteral("l1"), perSmIt * cL1 / hz,
            it.l1Wavefronts > 0 ? tr("%1 L1 wavefronts per SM; %2")
                                      .arg(formatSi(perSmIt * it.l1Wavefronts, ""))
                                      .arg(it.smemDetail)
                                : QString());
    addTerm(QStringLiteral("l2"), std::max(tL2, perSmIt * cL2 / hz),
            tr("%1 through L2 at %2").arg(formatSi(l2Bytes, "B"), formatSi(l2Bw, "B/s")));
    addTerm(
        QStringLiteral("hbm"), tHbm,
        tr("%1 from HBM at %2 (L2 reuse per wave)").arg(formatSi(hbmBytes, "B"), formatSi(hbmRead, "B/s")));
    const double fullGens = double(perSm) / genBlocks;
    // What the blocks' own critical path would take alone, slice after slice and generation
    // after generation: the rounds overlap it with the pipes' work.
    const double latencyClk = fullGens * kIt * blockPath;
    addTerm(QStringLiteral("latency"), latencyClk / hz,
            tr("%1 resident block(s) × %2 warps; a slice waits %3 clocks for L2%4; a block's own path, %5 "
               "clocks a slice, over %6 slices")
                .arg(bps)
                .arg(it.warps)
                .arg(lGlobal, 0, 'f', 0)
                .arg(it.stages > 1 ? tr(", spread over %1 stages").arg(it.stages)
                                   : tr(", not overlapped with its own math"))
                .arg(blockPath, 0, 'f', 0)
                .arg(formatSi(fullGens * kIt, "")));
    const double waveLoss = std::max(0.0, (coreClk - edgesClk) - fullGens * kIt * roundClk(genBlocks));
    const double wavesS = (waveLoss + edgesClk) / hz + launch;
    addTerm(
        QStringLiteral("waves"), wavesS,
        it.persistent
            ? tr("%1 tile(s) on the busiest SM, looped over by one persistent block; launch, first load, "
                 "last C store and each tile's epilogue into shared memory")
                  .arg(perSm)
            : tr("%1 block(s) on the busiest SM in %2 generation(s) of %3; launch, first load and C store")
                  .arg(perSm)
                  .arg(gens)
                  .arg(bps));

    // How they combine: each round of resident blocks overlaps (p = 4) the pipes' work of the
    // blocks with a block's own critical path; summed over the rounds (homogeneous, so the
    // totals combine alike), plus the partial last generation, the edges and the launch (the
    // waves term), against the HBM and L2 times.
    using F = PerfFormula;
    const bool l1Side = cL1 > cSmem;
    const F issueWith =
        F::combine(F::Op::Overlap, l1Side ? QStringLiteral("issue_l1") : QStringLiteral("issue_smem"),
                   {F::figure(QStringLiteral("issue"), r.term(QStringLiteral("issue"))),
                    l1Side ? F::figure(QStringLiteral("l1"), r.term(QStringLiteral("l1")))
                           : F::figure(QStringLiteral("smem"), r.term(QStringLiteral("smem")))},
                   m_arch.overlapExponent(double(bps) * it.warps));
    const F throughput =
        F::combine(F::Op::Max, QStringLiteral("throughput"),
                   {F::figure(QStringLiteral("compute"), r.term(QStringLiteral("compute"))), issueWith,
                    F::figure(QStringLiteral("l2_sm"), perSmIt * cL2 / hz, QStringLiteral("l2"))});
    const F rounds =
        F::combine(F::Op::Overlap, QStringLiteral("rounds"),
                   {throughput, F::figure(QStringLiteral("latency"), latencyClk / hz)}, kOverlapExponent);
    const F launchFigure = F::figure(QStringLiteral("launch"), launch, QStringLiteral("waves"));
    r.formula = F::combine(
        F::Op::Max, QStringLiteral("predicted"),
        {F::combine(F::Op::Sum, QString(), {rounds, F::figure(QStringLiteral("waves"), wavesS)}),
         F::combine(F::Op::Sum, QString(), {F::figure(QStringLiteral("hbm"), tHbm), launchFigure}),
         F::combine(F::Op::Sum, QString(),
                    {F::figure(QStringLiteral("l2"), r.term(QStringLiteral("l2"))), launchFigure})});
    r.bound = r.formula.binding();
    r.boundWords = wordsFor(r.bound, it.pipe);
    r.levelBytes[QStringLiteral("hbm")] = hbmBytes;
    r.levelBytes[QStringLiteral("l2")] = l2Bytes;
    r.levelBytes[QStringLiteral("smem")] = double(perSm) * sms * kIt * it.smemWavefronts * 128;
    // Through L1: the sectors of the global loads (the operands re-read through L1 by the
    // kernels without shared memory; staged once through it by the others), and C.
    r.levelBytes[QStringLiteral("l1")] =
        it.fromL1                    ? double(grid) * kIt * it.l1Sectors * 32 + cTileBytes * grid
        : it.pipe == MathPipe::Wgmma ? cTileBytes * tiles // TMA copies bypass L1
                                     : l2Bytes;
    r.notes << it.notes;
    // Spilled registers live in local memory (through L1 and L2) and are loaded and stored
    // inside the main loop; the terms above count none of that traffic. Measured on the H200,
    // such tiles ran many times slower than any term (docs/MODEL.md, "Register spills").
    if (l.spillBytes > 0)
        r.notes << tr("registers spill: ptxas reports %1 bytes of spill stores and loads per thread "
                      "(%2 registers); the model counts no local-memory traffic, so this time is a "
                      "lower bound and the tile is likely much slower")
                       .arg(l.spillBytes)
                       .arg(l.registers);
    r.ok = true;
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
