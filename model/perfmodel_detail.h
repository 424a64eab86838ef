#pragma once

// The performance model's shared pieces (model/perfmodel*.cpp only): the smooth maxima, the
// parameter readers, one block's K-iteration, the kernel families and the words for a bound.
// PerfModel::predict does what all kernels share and hands each family to its own file:
// perfmodel_gemm.cpp (the GEMM ladder), perfmodel_memory.cpp (streaming and LLM kernels, the
// shared-memory probe).
#include "gemmsteps.h"
#include "perfmodel.h"

#include <QCoreApplication>
#include <QStringList>
#include <QVariantMap>

#include <algorithm>
#include <cmath>
#include <functional>
#include <optional>

namespace model::perfdetail {

using perf::dramGranules;
using perf::l1Wavefronts;
using perf::smemWavefronts;

inline QString tr(const char *s)
{
    return QCoreApplication::translate("model::PerfModel", s);
}

// The smooth maximum of two times that overlap imperfectly: (a⁴ + b⁴)^¼ lies between
// max(a, b) and 1.19·max(a, b). Two resources that each could bind (latency and bandwidth,
// a block's own critical path and the SM's shared pipes) rarely overlap perfectly: queueing
// near saturation costs time. The exponent was chosen on the calibration file
// (resources/samples/h200-suite.json, 2026-11-30), never on the validation data.
constexpr double kOverlapExponent = 4.0;

inline double softMax(double a, double b)
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
inline double pNorm(double a, double b, double p)
{
    const double m = std::max(a, b);
    if (m <= 0)
        return 0;
    return m * std::pow(std::pow(a / m, p) + std::pow(b / m, p), 1.0 / p);
}

inline qint64 param(const QVariantMap &p, const char *key, qint64 fallback)
{
    const auto it = p.constFind(QLatin1String(key));
    if (it == p.constEnd())
        return fallback;
    bool ok = false;
    const qint64 v = it->toLongLong(&ok);
    return ok ? v : fallback;
}

inline QString paramText(const QVariantMap &p, const char *key, const QString &fallback = {})
{
    const auto it = p.constFind(QLatin1String(key));
    return it == p.constEnd() ? fallback : it->toString();
}

inline qint64 ceilDivL(qint64 a, qint64 b)
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

inline LoadWidths loadWidths(const std::optional<InstrMix> &mix, int TM, int TN, int BK)
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
    // `other` was counted against Nsight Compute's executed instructions: a static count of the
    // loop (every path, taken or not) does not replace it.
    bool otherAsExecuted = false;
    double smemWavefronts = 0;
    double l1Wavefronts = 0; // global loads served by L1 (kernels without shared memory)
    double l2Bytes = 0;      // requested from L2 by the block
    int warps = 0;
    int stages = 1;             // 1: the next slice's loads wait for this slice (no prefetch)
    bool persistent = false;    // one block per SM looping over the tiles (steps 11 and up)
    double epilogueClk = 0;     // persistent: the part of a tile's epilogue the next tile waits for
    bool globalInSeries = true; // loads → stores to shared → barrier → math, per slice
    // Dependent trips to global memory a thread makes per slice before the barrier: the copy
    // loops of steps 4 and 5 issue their guarded loads four at a time, those of steps 6 and 8
    // one float4 or 16-byte chunk at a time, and each waits for the one before (describeGemm).
    int globalRounds = 1;
    double chainClk = 0; // one warp's dependent path through the slice, if longer
    qint64 kIterations = 0;
    bool fromL1 = false;  // the operands are re-read through L1, not staged in shared memory
    double l1Sectors = 0; // 32-byte sectors those loads touch, per block and K-iteration
    QStringList notes;
    QString smemDetail; // conflicts in words, for the explanation
};

// The GEMM ladder's steps (model/gemmsteps.h), in order.
inline const QStringList &gemmSteps()
{
    static const QStringList s = [] {
        QStringList out;
        for (const gemmsteps::Step &step : gemmsteps::steps())
            if (step.ladder())
                out << QLatin1String(step.id);
        return out;
    }();
    return s;
}

// Step 13: step 10 in e4m3 (1-byte A and B, fp32 C, wgmma k32 at the fp8 rate).
inline bool fp8Step(const QString &k)
{
    const gemmsteps::Step *t = gemmsteps::find(k);
    return t && t->ladder() && t->fp8;
}

// The Hopper steps (wgmma from shared memory, TMA copies): step 10, the persistent ones and
// the fp8 one.
inline bool wgmmaStep(const QString &k)
{
    const gemmsteps::Step *t = gemmsteps::find(k);
    return t && t->pattern == gemmsteps::Pattern::Wgmma;
}

inline const QStringList &memoryKernels()
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
inline void applyMix(BlockIteration &it, const std::optional<InstrMix> &mix, QString *source)
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
    if (it.otherAsExecuted)
        return;
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

inline QString wordsFor(const QString &bound, MathPipe pipe)
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

// A prediction's term adder: each term once, never negative.
inline auto termAdder(Prediction &r)
{
    return [&r](const QString &name, double sec, const QString &detail) {
        r.terms.append(PerfTerm{name, std::max(0.0, sec), detail});
    };
}

// Which description of the model a kernel takes, by id: one table for predict() and knows().
inline PerfModel::Family familyOf(const QString &kernel)
{
    if (gemmSteps().contains(kernel))
        return PerfModel::Family::Gemm;
    if (memoryKernels().contains(kernel))
        return PerfModel::Family::Streaming;
    if (kernel == QLatin1String("probe.smem_read"))
        return PerfModel::Family::Probe;
    return PerfModel::Family::None;
}

} // namespace model::perfdetail
