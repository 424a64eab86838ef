// The performance model of the GEMM ladder (kernels/src/gemm/*.cu): one block's K-iteration
// as each step's source does it, then the terms (compute, issue, shared memory, L1, L2, HBM,
// latency, waves) and how they combine (docs/MODEL.md).
#include "perfmodel_detail.h"

#include "occupancy.h"
#include "tilemodel.h"
#include "units.h"
#include "workloads.h"

#include <QHash>
#include <QSet>

namespace model {

using namespace perfdetail;

namespace {

// Warp instructions per element of steps 4 and 5's guarded copy loops (SASS; see the Reg1d/Reg2d
// description below).
constexpr int kGuardedCopyInstrPerElement = 23;
// Warp instructions per slice besides the copies, the shared loads and the math (the same).
constexpr int kSliceInstrPerWarp = 42;

// Rounds of a copy loop that loads one item (a float4, a 16-byte chunk) and stores it before
// loading the next: the busiest thread's items of A, then of B (steps 6 and 8).
int oneByOneRounds(double itemsA, double itemsB, int threads)
{
    return std::max(1, int(std::ceil(itemsA / threads)) + int(std::ceil(itemsB / threads)));
}

// 32-byte sectors that the fragment-layout epilogue (storeC, kernels/src/gemm/ladder.cuh) writes
// for one BM x BN tile of fp32 C (docs/MODEL.md, "Odd N on the tensor-core steps"). A warp's
// store covers 8 columns (32 bytes) of each of 8 rows from 4 lanes: a float2 store a lane when N
// is even, else two scalar stores (the even columns, then the odd ones). A row starts
// (row * N mod 8) * 4 bytes into a sector, so unless N is a multiple of 8 most rows' 32 bytes
// straddle two sectors, and with N odd each of the two stores touches its own one or two: each
// sector touched is a write of its own to L2, however few of its bytes it carries.
double fragmentStoreSectors(qint64 N, int bm, int bn)
{
    double perRowSegment = 0; // summed over the 8 residues of row * N mod 8
    for (int r = 0; r < 8; ++r) {
        const int offset = int((r * N) % 8) * 4;
        if (N % 2 == 0)
            perRowSegment += offset == 0 ? 1 : 2;
        else // bytes [offset, offset + 28), then [offset + 4, offset + 32)
            perRowSegment += (offset <= 4 ? 1 : 2) + (offset == 0 || offset == 28 ? 1 : 2);
    }
    return perRowSegment / 8 * double(bm) * (bn / 8.0);
}

// A thread's local-memory bytes a K-slice: the main loop's LDL and STL when the SASS mix counts
// them, else ptxas's spill count (mixes recorded before local memory had classes of its own
// leave it in "other").
double spilledBytesPerSlice(const KernelLaunch &l, bool *fromSass)
{
    *fromSass = false;
    if (l.mix && l.mix->source == QLatin1String("sass") && l.mix->loopFound) {
        double bytes = 0;
        for (const char *op : {"ldl", "stl"})
            bytes += 4 * l.mix->count(QLatin1String(op)) + 8 * l.mix->count(QLatin1String(op) + "64") +
                     16 * l.mix->count(QLatin1String(op) + "128");
        if (bytes > 0) {
            *fromSass = true;
            return bytes;
        }
    }
    return std::max(0, l.spillBytes);
}

// Local-memory traffic of spilled registers, per block and K-slice (docs/MODEL.md, "Register
// spills"). ptxas counts a thread's spill stores and loads in bytes; they sit in the main loop
// (in the held-out sweeps' SASS a spilling tile's loop holds 700-1400 more instructions than a
// tile without spills, about one for every 11 spilled bytes), so each runs once a slice. Every
// access passes through L1, a wavefront per 128 bytes of a warp. The L1 that the blocks' shared
// memory leaves caches the frames; what it cannot hold goes on to L2, and what the L2 cannot hold
// of all resident frames on to DRAM, written back and read again: a working set larger than a
// cache hits it in proportion to the cache's size.
struct SpillTraffic
{
    double wavefronts = 0;           // L1 wavefronts, per block and slice
    double l2Bytes = 0;              // past L1, per block and slice
    double hbmBytes = 0;             // past L2 as well
    double l1Share = 1, l2Share = 1; // of a frame that each cache holds
    double framesPerSm = 0;          // bytes
    double bytesPerThread = 0;       // a slice
    bool fromSass = false;           // the loop's LDL/STL, not ptxas's count
};

SpillTraffic spillTraffic(const KernelLaunch &l, int threads, int blocksPerSm, qint64 blocks, int sms,
                          double smemPerBlock, double unifiedL1, double l2Capacity)
{
    SpillTraffic t;
    const double spill = spilledBytesPerSlice(l, &t.fromSass);
    t.bytesPerThread = spill;
    if (spill <= 0 || threads <= 0)
        return t;
    const double bytes = spill * threads;
    // Without a recorded frame, each spilled byte is stored once and loaded once: half the count.
    const double frame = l.stackBytes > 0 ? double(l.stackBytes) : std::max(1.0, spill / 2);
    t.framesPerSm = frame * threads * blocksPerSm;
    const double l1Left = std::max(0.0, unifiedL1 - blocksPerSm * smemPerBlock);
    t.l1Share = std::min(1.0, l1Left / t.framesPerSm);
    const double residentSms = std::min<double>(sms, ceilDivL(blocks, std::max(1, blocksPerSm)));
    const double allFrames = t.framesPerSm * std::max(1.0, residentSms);
    t.l2Share = l2Capacity > 0 ? std::min(1.0, l2Capacity / allFrames) : 0.0;
    t.wavefronts = bytes / 128;
    t.l2Bytes = bytes * (1 - t.l1Share);
    t.hbmBytes = t.l2Bytes * (1 - t.l2Share);
    return t;
}

// Per-step description of one K-iteration of a block: what the kernel's source does,
// written out (kernels/src/gemm/*.cu): loads, shared-memory patterns, math.
std::optional<BlockIteration> describeGemm(const KernelLaunch &l, int elemBytes, QString *why)
{
    const QVariantMap &p = l.params;
    const QString &k = l.kernel;
    const gemmsteps::Step *step = gemmsteps::find(k);
    if (!step || !step->ladder()) {
        *why = tr("no description of %1").arg(k);
        return std::nullopt;
    }
    using P = gemmsteps::Pattern;
    const P pattern = step->pattern;
    BlockIteration it;
    const qint64 K = param(p, "K", 0);
    auto lds = [&](const std::function<qint64(int)> &word, int width) {
        return double(smemWavefronts(word, width));
    };

    if (pattern == P::OneByOne) {
        const int B = int(param(p, "BLOCK", 32));
        it.warps = std::max(1, B * B / 32);
        it.kIterations = K;
        it.math = it.warps;
        it.mathFlops = 64;
        // naive: lanes walk down rows of A (row = threadIdx.x): 32 lines per A load;
        // coalesced: lanes walk along a row of B (col = threadIdx.x): one line each.
        const bool naive = step->lanesDownRows;
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

    if (pattern == P::SmemTiled) {
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

    if (pattern == P::Reg1d || pattern == P::Reg2d) {
        const bool twoD = pattern == P::Reg2d;
        const int TM = int(param(p, "TM", 8)), TN = twoD ? int(param(p, "TN", 8)) : 1;
        if (TM <= 0 || TN <= 0 || BM % TM || BN % TN) {
            *why = tr("TM and TN must divide BM and BN");
            return std::nullopt;
        }
        const int cols = BN / TN;
        const int NT = (BM / TM) * cols;
        it.warps = std::max(1, NT / 32);
        const double loads = double(BM * BK + BK * BN) / NT; // per thread: one LDG + one STS each
        // The copy loops guard each load ((row < M && col < K) ? A[..] : 0) and store it to
        // shared memory at once. Their trip count is known only at run time (it starts at tid),
        // so the compiler unrolls each loop by four: the committed SASS of this step
        // (tests/data/sass/gemm-reg2d*.sass) issues four predicated LDGs together in the
        // unrolled body, and the remainder (trip count mod 4) one at a time, each in its own
        // branch before its STS. A thread's trips to memory follow one another: A's rounds,
        // then B's (docs/MODEL.md, "Dependent loads in the copy loop").
        auto rounds = [NT](int elements) {
            const int n = (elements + NT - 1) / NT; // the busiest thread's loads
            return n / 4 + n % 4;
        };
        it.globalRounds = std::max(1, rounds(BM * BK) + rounds(BK * BN));
        // Warp 0's lanes; the pattern repeats for every warp.
        // The source loads scalars; the compiler merges runs of four aligned floats into one
        // 128-bit load (LLVM's load-store vectorizer, then ptxas) when it can prove alignment:
        // B's TN neighbours, and A's BK neighbours once the k loop is unrolled. The instruction
        // mix, when counted, says which it did; without one, both are assumed merged.
        const LoadWidths w = loadWidths(l.mix, TM, TN, BK);
        const double aW = lds([&](int lane) { return qint64(lane / cols) * TM * BK; }, w.a);
        const double bW = lds([&](int lane) { return qint64(lane % cols) * TN; }, w.b);
        const double aLoads = double(TM) * BK / (w.a / 4.0), bLoads = double(TN) * BK / (w.b / 4.0);
        const double perK = (aLoads * aW + bLoads * bW) / BK;
        it.math = it.warps * double(BK) * TM * TN;
        it.mathFlops = 64;
        it.smemWavefronts = it.warps * (BK * perK + loads);
        // A copied element costs 23 instructions, not the 4 of its load, store and address: the
        // guard, the tile coordinates (i / BK, i % BK) and the trip count. In the committed SASS
        // (tests/data/sass/gemm-reg2d-64x64x16-4x4.sass) each operand's loop body copies four
        // elements in 91 instructions and the remainder one in 18 to 28. Each slice also sets up
        // both copy loops and runs its own loop and two barriers: 42 instructions a warp, where
        // Nsight Compute counted 28 to 34 more than the per-element and per-load counts on three
        // tiles (docs/MODEL.md, "The copy loop's instructions").
        it.other = it.warps * (aLoads + bLoads + loads * kGuardedCopyInstrPerElement + kSliceInstrPerWarp);
        it.otherAsExecuted = true;
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

    if (pattern == P::Vectorized || pattern == P::Warptiled) {
        const bool warp = pattern == P::Warptiled;
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
        // Step 6's copy loops choose per float4 between the 128-bit load and the edge's scalars
        // (loadEdge4): the committed SASS (tests/data/sass/gemm-vectorized-64x128x16.sass)
        // branches around each LDG.128 and stores it before the next one is issued, so a
        // thread's float4s wait one after another, A's before B's. Step 7 loads the next slice
        // into registers while this one is used (stages = 2 below): no rounds to wait.
        if (!warp)
            it.globalRounds = oneByOneRounds(BM * BK / 4.0, BK * BN / 4.0, NT);
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

    if (pattern == P::Wmma || pattern == P::Mma) {
        const bool multistage = pattern == P::Mma;
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
            // Step 8's copy (loadTile) picks per 16-byte chunk between one 128-bit load and the
            // edge's guarded scalars: the committed SASS (tests/data/sass/gemm-wmma.sass) keeps
            // the loop rolled and stores each chunk (STS.128) before loading the next, so a
            // thread's chunks wait one after another, A's before B's, as in step 6.
            const double perRow = double(BK) * elemBytes / 16; // chunks in a row's slice
            it.globalRounds = oneByOneRounds(BM * perRow, BN * perRow, NT);
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
        if (step->persistent) {
            // One block per SM loops over the tiles and the producer runs ahead across them: the
            // first slice's wait and the C store of a tile are paid once, not per tile. What
            // the next tile still waits for is the consumers writing their fp32 accumulators
            // into shared memory for the TMA store (BM × BN × 4 bytes at 128 B per clock).
            it.persistent = true;
            it.epilogueClk = double(BM) * BN * 4 / 128.0;
        }
        if (step->cluster) {
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

} // namespace

Prediction PerfModel::predictGemm(const KernelLaunch &l, const Setting &at, Prediction r) const
{
    // What predict() worked out for every kernel, under the names the terms below use.
    [[maybe_unused]] const auto [sms, hz, clockMhz, dtype, s, hbmCopy, hbmRead, hbmWrite, l2Bw] = at;
    const auto addTerm = termAdder(r);

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
    const gemmsteps::Step &step = *gemmsteps::find(l.kernel); // describeGemm knew it
    // The TMA steps read their tiles through the copy engine, which reads L2 faster than loads
    // do: they are held to probe.l2_bulk's rate where the ceilings have it (docs/MODEL.md, "The
    // L2 term of the TMA steps").
    const bool bulkL2 = step.tma && m_ceil.l2BulkBytesPerS && *m_ceil.l2BulkBytesPerS > 0;
    const double l2Rate = bulkL2 ? *m_ceil.l2BulkBytesPerS : l2Bw;
    if (bulkL2)
        r.notes << tr("L2 %1 for the TMA copies: the copy engine's measured rate (probe.l2_bulk)")
                       .arg(formatSi(l2Rate, "B/s"));
    const bool smemTiled = step.pattern == gemmsteps::Pattern::SmemTiled;
    const bool blocked = !step.oneByOne() && !smemTiled;
    const int tileEdge = int(param(l.params, smemTiled ? "TILE" : "BLOCK", 32));
    ti.bm = blocked ? int(param(l.params, "BM", 128)) : tileEdge;
    ti.bn = blocked ? int(param(l.params, "BN", 128)) : tileEdge;
    ti.bk = fp8Step(l.kernel) ? 128 : wgmmaStep(l.kernel) ? 64 : int(param(l.params, "BK", 8));
    ti.cElemBytes = step.cElemBytes();
    ti.stages = std::max(1, it.stages);
    // The wgmma step's producer warpgroup computes no outputs: the tile model counts the
    // consumers' threads.
    ti.threads = it.pipe == MathPipe::Wgmma ? (it.warps - 4) * 32 : it.warps * 32;
    ti.group = int(param(l.params, "GROUP", 1));
    if (step.cluster) {
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
    const double l2PerClkSm = l2Rate / sms / hz;
    const double smemPerBlock = l.smemBytes > 0 ? l.smemBytes : (tile.ok ? tile.smemBytes : 0);
    const SpillTraffic spill = spillTraffic(l, l.threads > 0 ? l.threads : it.warps * 32, bps, grid, sms,
                                            smemPerBlock, m_arch.unifiedL1SmemBytes, l2Capacity);
    const double cMath = it.math / mathRate;
    const double cIssueBlock = (it.math + it.other) / m_arch.schedulersPerSm;
    const double cSmem = it.smemWavefronts; // one wavefront per clock
    // Spilled registers' wavefronts are L1's too (local memory).
    const double cL1 = it.l1Wavefronts + spill.wavefronts;
    const double cL2 = (it.l2Bytes + spill.l2Bytes) / l2PerClkSm;
    // The issue slots and the shared-memory (L1) pipe serve the same instructions in turn
    // (an LDS is issued, then its wavefronts run): they overlap only partly. Spilled registers'
    // wavefronts count as L1's, overlapping the shared memory's (docs/MODEL.md, "Register
    // spills": the tiles whose frames L1 keeps ran as fast as without their spills).
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
    // A copy loop that loads in rounds (steps 4, 5, 6 and 8) waits for each round in turn, every
    // one at the loaded latency: all the SM's warps are in the same round at once, so each finds
    // the memory system as busy as the first did.
    const double waitClk = it.globalRounds * lGlobal;
    const double blockPath = it.globalInSeries && it.stages <= 1
                                 ? alone + waitClk + 2 * m_arch.barrierClk
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
    // SM at its share of the L2 bandwidth: whole sectors, or for the steps that store it from
    // their mma fragments (storeC), the sectors those stores touch. The persistent and cluster
    // steps store by TMA instead where they can (TMA_STORE, beta 0, N a multiple of 4).
    const gemmsteps::Param *tmaStoreParam = step.param(QStringLiteral("TMA_STORE"));
    const bool tmaStore =
        tmaStoreParam && param(l.params, "TMA_STORE", tmaStoreParam->defaultValue) != 0 && N % 4 == 0;
    const bool fragmentEpilogue =
        (step.pattern == gemmsteps::Pattern::Mma || it.pipe == MathPipe::Wgmma) && !tmaStore;
    const double cSectors = fragmentEpilogue ? fragmentStoreSectors(N, ti.bm, ti.bn) : 0;
    const double cTileBytes = !tile.ok ? 0
                              : fragmentEpilogue
                                  ? 32 * cSectors
                                  : double(ti.bm) * ti.bn * (ti.cElemBytes > 0 ? ti.cElemBytes : s);
    if (fragmentEpilogue && tile.ok && N % 8 != 0) {
        const double perSector = cSectors / (double(ti.bm) * ti.bn / 8);
        r.notes
            << (N % 2 != 0
                    ? tr("N = %1 is odd: the epilogue stores C one element at a time and touches %2 sectors "
                         "for every 32 bytes, each a write of its own to L2")
                    : tr("N = %1 is not a multiple of 8: rows of C start inside a sector, so the "
                         "epilogue's stores touch %2 sectors for every 32 bytes"))
                   .arg(N)
                   .arg(perSector, 0, 'f', 2);
    }
    const double edgeClk = m_arch.dramLoadedLatencyClk + cTileBytes / l2PerClkSm;
    // Persistent: one first load and one last store per block; between its tiles only the
    // epilogue's exposed part.
    const double edgesClk = it.persistent ? edgeClk + (gens - 1) * it.epilogueClk : gens * edgeClk;
    const int genBlocks = it.persistent ? 1 : bps;
    const double coreClk = (gens - 1) * kIt * roundClk(genBlocks) + kIt * roundClk(lastGen) + edgesClk;
    const double core = coreClk / hz;
    // Spills move both ways (stored, then loaded): DRAM at the copy rate.
    const double spillSlices = double(tiles) * kIt;
    const double spillL2 = spill.l2Bytes * spillSlices, spillHbm = spill.hbmBytes * spillSlices;
    const double tHbm = hbmBytes / hbmRead + (spillHbm > 0 ? spillHbm / hbmCopy : 0);
    const double tL2 = (l2Bytes + spillL2) / l2Rate;
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
            it.l1Wavefronts > 0
                ? tr("%1 L1 wavefronts per SM; %2").arg(formatSi(perSmIt * cL1, "")).arg(it.smemDetail)
            : spill.wavefronts > 0
                ? tr("%1 L1 wavefronts per SM of spilled registers").arg(formatSi(perSmIt * cL1, ""))
                : QString());
    addTerm(QStringLiteral("l2"), std::max(tL2, perSmIt * cL2 / hz),
            spillL2 > 0
                ? tr("%1 through L2 at %2, %3 of them spilled registers")
                      .arg(formatSi(l2Bytes + spillL2, "B"), formatSi(l2Rate, "B/s"), formatSi(spillL2, "B"))
                : tr("%1 through L2 at %2").arg(formatSi(l2Bytes, "B"), formatSi(l2Rate, "B/s")));
    addTerm(QStringLiteral("hbm"), tHbm,
            spillHbm > 0
                ? tr("%1 from HBM at %2 (L2 reuse per wave); %3 of spilled registers to and from it at %4")
                      .arg(formatSi(hbmBytes, "B"), formatSi(hbmRead, "B/s"), formatSi(spillHbm, "B"),
                           formatSi(hbmCopy, "B/s"))
                : tr("%1 from HBM at %2 (L2 reuse per wave)")
                      .arg(formatSi(hbmBytes, "B"), formatSi(hbmRead, "B/s")));
    const double fullGens = double(perSm) / genBlocks;
    // What the blocks' own critical path would take alone, slice after slice and generation
    // after generation: the rounds overlap it with the pipes' work.
    const double latencyClk = fullGens * kIt * blockPath;
    addTerm(QStringLiteral("latency"), latencyClk / hz,
            tr("%1 resident block(s) × %2 warps; a slice waits %3 clocks for L2%4; a block's own path, %5 "
               "clocks a slice, over %6 slices")
                .arg(bps)
                .arg(it.warps)
                .arg(waitClk, 0, 'f', 0)
                .arg(it.stages > 1         ? tr(", spread over %1 stages").arg(it.stages)
                     : it.globalRounds > 1 ? tr(", not overlapped with its own math: %1 rounds of loads a "
                                                "thread, each after the one before")
                                                 .arg(it.globalRounds)
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
    r.levelBytes[QStringLiteral("hbm")] = hbmBytes + spillHbm;
    r.levelBytes[QStringLiteral("l2")] = l2Bytes + spillL2;
    r.levelBytes[QStringLiteral("smem")] = double(perSm) * sms * kIt * it.smemWavefronts * 128;
    // Through L1: the sectors of the global loads (the operands re-read through L1 by the
    // kernels without shared memory; staged once through it by the others), and C.
    r.levelBytes[QStringLiteral("l1")] =
        it.fromL1                    ? double(grid) * kIt * it.l1Sectors * 32 + cTileBytes * grid
        : it.pipe == MathPipe::Wgmma ? cTileBytes * tiles // TMA copies bypass L1
                                     : l2Bytes;
    r.levelBytes[QStringLiteral("l1")] += spill.wavefronts * 128 * spillSlices;
    r.notes << it.notes;
    if (spill.wavefronts > 0)
        r.notes << tr("registers spill: %1 bytes of local-memory loads and stores per thread a K-slice (%2; "
                      "%3 registers); of %4 of frames per SM, L1 holds %5 %, and of the rest L2 holds %6 %")
                       .arg(spill.bytesPerThread, 0, 'f', 0)
                       .arg(spill.fromSass ? tr("the main loop's LDL and STL in the SASS")
                                           : tr("ptxas's spill count, each once a slice"))
                       .arg(l.registers)
                       .arg(formatSi(spill.framesPerSm, "B"))
                       .arg(100 * spill.l1Share, 0, 'f', 0)
                       .arg(100 * spill.l2Share, 0, 'f', 0);
    r.ok = true;
    return r;
}

} // namespace model
