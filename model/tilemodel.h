#pragma once

#include "gpu.h"
#include "occupancy.h"
#include "workloads.h"

#include <QString>
#include <QStringList>

#include <optional>

namespace model {

// What must fit in L2 for one wave's blocks to share their A and B panels.
enum class L2Footprint {
    // DESIGN.md: the whole panels (BM×K of A, K×BN of B) the wave touches.
    Panels,
    // Only the K-slices in flight (stages × BK of each panel): blocks of one wave start
    // together and step through K at about the same pace, so a slice is shared while fresh.
    KSlices,
};

// One tiled GEMM launch, C (M×N) = A (M×K) · B (K×N): each block computes a BM×BN tile of C,
// stepping through K in BK-wide slices with `stages` shared-memory buffers.
struct TileInput
{
    qint64 M = 4096;
    qint64 N = 4096;
    qint64 K = 4096;
    Dtype dtype = Dtype::Fp32;
    int bm = 128;
    int bn = 128;
    int bk = 32;
    int stages = 2;
    int threads = 256;
    // Grouped ("swizzled") block order as in Triton's matmul tutorial: GROUP_M rows of
    // tiles are walked column by column before the next group; 1 is plain row-major order.
    int group = 1;
    // Registers per thread as ptxas/NVRTC reports them; nullopt: an estimate is used and
    // the result says so.
    std::optional<int> registers;
    // The kernel's __launch_bounds__(boundThreads, boundMinBlocks): ptxas keeps a thread's
    // registers within what that many blocks of that many threads leave it, so an estimate
    // above that is held to it (0: no bound, a hypothetical kernel).
    int boundThreads = 0;
    int boundMinBlocks = 1;
    qint64 extraSmemBytes = 0; // padding or other shared memory the kernel adds per block
    // Thread-block clusters with TMA multicast (ladder step 12): clusterM blocks stacked along M
    // receive each B tile from one L2 read, clusterN blocks side by side along N each A tile.
    int clusterM = 1;
    int clusterN = 1;
    // Bytes of one element of C when it is not the inputs' type (0: as the inputs); the fp8
    // ladder step writes fp32 C from e4m3 A and B (4).
    int cElemBytes = 0;
    // L2 bandwidth to use instead of the spec DB's (or the stated assumption), B/s.
    std::optional<double> l2BandwidthBytesPerS;
    int carveout = CarveoutDefault;
    // K-slices by default: blocks of one wave step through K together, so what must stay in
    // L2 is the slices in flight, not whole panels (see docs/DESIGN-NOTES.md).
    L2Footprint footprint = L2Footprint::KSlices;
};

// The MMA instruction shape (mma.sync, per warp) a tensor-core tile must be a multiple of.
struct MmaShape
{
    int m = 0;
    int n = 0;
    int k = 0;
    QString name() const; // "m16n8k16"
};

// Everything the model derives from a TileInput (DESIGN.md, "GEMM tile model").
struct TileResult
{
    bool ok = false;      // false: the configuration cannot run as given; see problems
    QStringList problems; // one reason per illegal aspect, naming the input at fault
    QStringList notes;    // assumptions and fallbacks the numbers rest on

    // Per block
    qint64 smemBytes = 0; // stages × (BM·BK + BK·BN) · s + extra
    double aiStage = 0;   // 2·BM·BN·BK / ((BM·BK + BK·BN)·s), FLOP/B
    int registers = 0;
    bool registersEstimated = false;
    std::optional<MmaShape> mma; // when the precision runs on tensor cores

    // Grid
    qint64 gridM = 0;
    qint64 gridN = 0;
    qint64 gridBlocks = 0;  // ⌈M/BM⌉ × ⌈N/BN⌉
    qint64 kIterations = 0; // ⌈K/BK⌉

    // Traffic, bytes
    double flops = 0;              // 2MNK
    double l2ReadBytesNoReuse = 0; // MK·s·⌈⌈N/BN⌉/clusterN⌉ + KN·s·⌈⌈M/BM⌉/clusterM⌉
    double cBytes = 0;             // C written once
    double l2Bytes = 0;            // through L2: the no-reuse reads plus C
    double hbmBytes = 0;           // reads with the L2 wave model, plus C
    double hbmBytesMin = 0;        // (MK + KN)·s + MN·(C's element bytes)
    bool hbmReuse = false;         // true: the wave model applied; false: no reuse assumed
    double waveFootprintBytes = 0; // largest A+B panel footprint of one wave
    double l2CapacityBytes = 0;

    // Occupancy and waves
    OccupancyResult occupancy;
    int blocksPerSm = 0;
    Limiter limiter = Limiter::None;
    int sms = 0;
    double waves = 0;          // grid / (blocks/SM × SMs)
    double waveEfficiency = 0; // grid / (⌈waves⌉ × blocks/SM × SMs)

    // Ceilings used
    QString precision; // "tf32_tc"
    double peakFlopS = 0;
    double hbmBytesPerS = 0;
    double l2BytesPerS = 0;
    bool l2BandwidthAssumed = false;

    // Predicted time: max of the three terms
    double computeS = 0; // FLOPs / (peak × wave efficiency)
    double hbmS = 0;     // HBM bytes / HBM bandwidth
    double l2S = 0;      // L2 bytes / L2 bandwidth
    double predictedTimeS = 0;
    double predictedFlopS = 0;
    QString bound; // "compute", "hbm" or "l2"

    // The predicted roofline point: (FLOPs / HBM bytes, FLOPs / time).
    double aiHbm() const { return hbmBytes > 0 ? flops / hbmBytes : 0; }
};

// The GEMM tile model of DESIGN.md for one GPU of the spec database: shared memory, grid,
// traffic with and without L2 reuse (grouped block order included), occupancy (through
// model::Occupancy, i.e. cuda_occupancy.h), waves and a predicted time with every term.
class TileModel
{
public:
    // When the spec DB has no L2 bandwidth for a GPU, the model assumes this multiple of
    // its HBM bandwidth and says so in every result (an assumption, not a datasheet figure).
    static constexpr double kAssumedL2ToHbm = 3.0;
    // Above this many blocks the wave-by-wave L2 model is skipped (no reuse is assumed).
    static constexpr qint64 kMaxWaveModelBlocks = 50'000'000;

    explicit TileModel(const Gpu &gpu);

    TileResult evaluate(const TileInput &in) const;

    // The pieces, for tests and the GUI.
    static qint64 smemBytes(const TileInput &in);
    static double aiStage(const TileInput &in);
    // A rough registers-per-thread figure for a register-tiled kernel: accumulators
    // (BM·BN/threads), one k-step's A and B fragments, and ~32 for addresses and loop state.
    static int estimateRegisters(const TileInput &in);
    // The most registers a thread may have under the input's __launch_bounds__ (0: none).
    int launchBoundRegisters(const TileInput &in) const;
    // The mma.sync shape for a tensor-core precision ("bf16_tc"); nullopt for CUDA cores.
    static std::optional<MmaShape> mmaShape(const QString &precision);
    // Block (pid) → tile coordinates in grouped order (Triton's GROUP_SIZE_M).
    static void tileOf(qint64 pid, qint64 gridM, qint64 gridN, int group, qint64 *pidM, qint64 *pidN);

    const Gpu &gpu() const { return m_gpu; }
    const Occupancy &occupancy() const { return m_occ; }

private:
    void hbmWaveModel(const TileInput &in, TileResult &r) const;

    Gpu m_gpu;
    Occupancy m_occ;
};

} // namespace model
