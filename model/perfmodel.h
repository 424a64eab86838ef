#pragma once

#include "gpu.h"
#include "instrmix.h"
#include "resultset.h"
#include "tilemodel.h"

#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>
#include <QVariantMap>

#include <functional>
#include <optional>

namespace model {

// The pieces of the model that count hardware events, for tests and the explanation.
namespace perf {
enum class SmemAccess { Load, Store };
// Shared-memory wavefronts of one warp-wide access of `widthBytes` per lane (4, 8 or 16): lanes
// are served in 128-byte phases (32 lanes of 4 B, 16 of 8 B, 8 of 16 B), each bank giving one
// distinct 4-byte word per wavefront; a load whose every quad of lanes reads one address is
// served in phases twice as large (docs/MODEL.md, "Wavefronts of vector loads").
int smemWavefronts(const std::function<qint64(int lane)> &wordOf, int widthBytes,
                   SmemAccess access = SmemAccess::Load, int banks = 32);
// L1 wavefronts of one warp-wide 4-byte global load (bank conflicts of the L1 data array,
// four 32-byte sectors per clock at the tag stage).
int l1Wavefronts(const std::function<qint64(int lane)> &byteOf);
// 32-byte sectors one warp-wide 4-byte global load touches.
int l1Sectors(const std::function<qint64(int lane)> &byteOf);
// DRAM granules of `granule` bytes that one warp-wide load of `widthBytes` per lane touches.
int dramGranules(const std::function<qint64(int lane)> &byteOf, int widthBytes, int granule);
} // namespace perf

// The architecture constants the performance model rests on, each with its source (CUDA
// Programming Guide throughput table, microbenchmark papers, a measured ceiling). Built per
// compute capability; `missing` names what an architecture lacks, so its predictions say so.
struct ArchConstants
{
    QString cc;               // "9.0"
    int schedulersPerSm = 4;  // warp instructions issued per clock per SM
    int fp32LanesPerSm = 128; // FFMA lanes per clock per SM
    int fp64LanesPerSm = 64;
    int fp16x2LanesPerSm = 128;    // HFMA2 instructions' lanes (each 2 FMAs)
    double tensorFlopPerClkSm = 0; // dense fp16/bf16 FLOP per clock per SM, wgmma (or mma.sync)
    double mmaSyncFraction = 1.0;  // share of it mma.sync reaches (Hopper: ~2/3)
    int smemBytesPerClkSm = 128;   // one wavefront per clock
    double l1LatencyClk = 34;      // pointer-chase latencies
    double l2LatencyClk = 265;     // near half (the far half is higher)
    double l2FarLatencyClk = 480;
    double dramLatencyClk = 650;
    double dramLoadedLatencyClk = 1500; // what a streaming load waits near saturation
    int dramGranuleBytes = 64;          // DRAM is read in two-sector (64 B) pieces
    double smemLatencyClk = 30;         // LDS issue to use
    double fmaLatencyClk = 4;
    double barrierClk = 20;
    // The L1 data cache and shared memory together, per SM: what a carve-out leaves of it beside
    // the blocks' shared memory caches local memory (spilled registers). 0: not known.
    int unifiedL1SmemBytes = 0;
    // How the issue slots and the shared-memory pipe overlap: (issueᵖ + smemᵖ)^(1/p), with p
    // growing with the warps an SM holds (more warps, more independent work to interleave):
    // p at 8 warps per SM and at 32 or more, log-interpolated between. Calibrated with
    // probe.smem_fma (mixed LDS + FFMA loops over ratio, bank conflicts and warps per SM).
    double overlapExponent8Warps = 1.9;
    double overlapExponent32Warps = 3.4;
    double overlapExponent(double warpsPerSm) const; // a __syncthreads with all warps arriving together
    double launchS = 3e-6;                           // launch + first-block start, s
    double cpAsyncIterationS = 400e-9;               // per K-iteration of a cp.async pipeline, not overlapped
    double tmaIterationS = 150e-9;                   // the same with TMA and mbarriers
    QMap<QString, QString> sources;                  // field name -> where the number comes from
    QStringList missing;                             // constants this architecture has no sourced figure for

    static ArchConstants forCc(const QString &cc);
};

// A measured machine the model may use instead of the datasheet (from a results file).
struct MachineCeilings
{
    std::optional<double> hbmBytesPerS;      // measured copy bandwidth (read + write traffic)
    std::optional<double> hbmReadBytesPerS;  // measured read-only bandwidth
    std::optional<double> hbmWriteBytesPerS; // measured write-only bandwidth
    std::optional<double> l2BytesPerS;       // measured L2 read bandwidth of loads (probe.l2_read)
    std::optional<double> l2BulkBytesPerS;   // of the copy engine (probe.l2_bulk): the TMA steps' path
    std::optional<double> fp32FlopPerS;
    std::optional<double> tensorFlopPerS; // mma.sync probe (bf16/fp16)
    double tensorProbeClockMhz = 0;       // the SM clock during that probe
    QString source;                       // "h200-suite.json" or "datasheet"

    static MachineCeilings fromResults(const ResultSet &set);
};

// One kernel launch as the model sees it: the catalog id, its parameters and the launch the
// run recorded (or the explorer plans). Fields left 0 are derived by the model from params.
struct KernelLaunch
{
    QString kernel;              // "gemm.reg2d", "memory.strided_read", ...
    QString dtype;               // "fp32", "bf16"
    QVariantMap params;          // M, N, K, BM, BN, BK, TM, TN, STAGES, ... / n, stride, variant, ...
    int threads = 0;             // threads per block
    qint64 grid = 0;             // blocks
    int registers = 0;           // per thread
    int spillBytes = 0;          // ptxas's bytes of spill stores and loads per thread (0: none)
    int stackBytes = 0;          // ptxas's stack frame per thread, where spills live (0: not known)
    int smemBytes = 0;           // per block, static + dynamic
    int blocksPerSm = 0;         // resident blocks per SM (occupancy); 0: computed
    double clockMhz = 0;         // SM clock the kernel ran at; 0: the GPU's boost clock
    std::optional<InstrMix> mix; // counted from the kernel's code, when known
    double bytes = 0;            // the run's useful bytes (kernels whose size is not in params)

    static KernelLaunch fromMeasurement(const Measurement &m);
};

// One term of the prediction, in seconds: what the resource alone would take.
struct PerfTerm
{
    QString name; // "compute", "issue", "smem", "l1", "l2", "hbm", "latency", "waves"
    double seconds = 0;
    QString detail; // the arithmetic in one line ("4.3 G FFMA / (132 SM × 128 lanes × 1.98 GHz)")
};

// How the terms combine into the predicted time, as data: a small expression whose leaves are
// figures the views show (the terms' seconds, the launch, the L2 share of the busiest SM), so
// that evaluating the shown figures gives the predicted time. The model builds it beside the
// terms; the views print it (formulaLines) and tests evaluate it from the printed figures.
struct PerfFormula
{
    enum class Op {
        Figure,  // a leaf: `seconds` is the figure shown
        Sum,     // a + b + ...
        Max,     // the largest part
        Overlap, // (aᵖ + bᵖ + ...)^(1/p): p = 1 adds the parts, a large p takes the largest
    };
    Op op = Op::Figure;
    // A leaf: a term ("issue") or another figure ("launch", "l2_sm"). An operation: the
    // sub-result it names ("throughput", "rounds", "issue_smem"), printed on a line of its own;
    // empty for one printed inside its parent's line.
    QString name;
    QString term;       // a leaf: the term (bar) the figure belongs to; "launch" belongs to "waves"
    double seconds = 0; // a leaf: the figure; an operation: its value, as evaluate() gives it
    double p = 1;       // Overlap's exponent
    QList<PerfFormula> parts;

    static PerfFormula figure(const QString &name, double seconds, const QString &term = {});
    // An operation over its parts (parts of 0 s are left out: they change nothing); one part
    // alone stands for the operation.
    static PerfFormula combine(Op op, const QString &name, QList<PerfFormula> parts, double p = 1);
    // The terms of the tile model's peaks-only plans: the slowest of compute, HBM and L2.
    static PerfFormula slowestOf(double computeS, double hbmS, double l2S);

    bool isValid() const { return op != Op::Figure || !name.isEmpty(); }
    // The value from the leaves; `shown` maps a figure to the value a reader sees (rounded) and
    // is applied to the leaves and to every named sub-result, as the printed lines carry them.
    double evaluate(const std::function<double(double)> &shown = {}) const;
    // The term that binds: from the top, into the part that contributes most (the largest part
    // of a sum, a maximum or an overlap), down to a figure, whose term it names.
    QString binding() const;
    // {"op": "max", "name", "label", "seconds", "shown": "4.21 ms", "p", "parts": [...]}, leaves
    // with "term": for `explain --json` and `tile --json`, and tests that re-add the figures.
    QJsonObject toJson() const;
};

// The formula as the lines a reader follows, innermost sub-result first, the predicted time
// last: "throughput = max(compute 2.1 ms, issue 2.4 ms) = 2.4 ms". `label` names a term or a
// figure (the views pass their own term words; empty: the model's words); times are written
// with formatSeconds(…, 3).
QStringList formulaLines(const PerfFormula &f, const std::function<QString(const QString &name)> &label = {});
// The model's words for a term, a figure or a sub-result of the formula.
QString formulaLabel(const QString &name, const std::function<QString(const QString &name)> &termLabel = {});

struct Prediction
{
    bool ok = false;
    QString reason;        // !ok: why the model cannot predict this kernel
    double timeS = 0;      // predicted kernel time
    QString bound;         // name of the binding term
    QString boundWords;    // the binding term for a student ("shared-memory bank conflicts")
    QList<PerfTerm> terms; // every term, in a fixed order (see termNames())
    QStringList notes;     // assumptions, fallbacks, the source of the instruction mix
    double flops = 0;
    // Bytes the model predicts per memory level ("hbm", "l2", "l1", "smem"), for the
    // comparison with measured counters.
    QMap<QString, double> levelBytes;
    QString mixSource;   // "sass", "ptx", "tile"
    double clockMhz = 0; // the clock the prediction used
    PerfFormula formula; // how the terms give timeS; `bound` is formula.binding()

    double term(const QString &name) const;
    static QStringList termNames();
};

// One model for every bundled kernel (GEMM ladder and memory family); how its terms combine into
// the time is returned with every prediction (Prediction::formula, docs/MODEL.md).
class PerfModel
{
public:
    explicit PerfModel(const Gpu &gpu, MachineCeilings ceilings = {});

    // True for the kernel ids the model has a description of.
    static bool knows(const QString &kernel);
    Prediction predict(const KernelLaunch &launch) const;

    const Gpu &gpu() const { return m_gpu; }
    const ArchConstants &arch() const { return m_arch; }
    const MachineCeilings &ceilings() const { return m_ceil; }

    // The model's descriptions: the GEMM ladder, streaming kernels (memory and LLM), the
    // shared-memory probe (perfmodel_detail.h's familyOf chooses).
    enum class Family { None, Gemm, Streaming, Probe };

private:
    // What every family's terms start from: the SM count and clock, the element size and the
    // ceilings chosen (PerfModel::predict).
    struct Setting
    {
        int sms = 0;
        double hz = 0;
        double clockMhz = 0;
        std::optional<Dtype> dtype;
        int elemBytes = 4;
        double hbmCopy = 0, hbmRead = 0, hbmWrite = 0, l2Bw = 0;
    };
    Prediction predictGemm(const KernelLaunch &l, const Setting &at, Prediction r) const;
    Prediction predictStreaming(const KernelLaunch &l, const Setting &at, Prediction r) const;
    Prediction predictProbe(const KernelLaunch &l, const Setting &at, Prediction r) const;

    Gpu m_gpu;
    ArchConstants m_arch;
    MachineCeilings m_ceil;
    TileModel m_tile; // traffic and residency, built once: predict() runs on every slider step
};

// `rooflab-cli explain`: the prediction beside every measurement the model knows.
struct ExplainRow
{
    QString file;
    int index = 0; // measurement index in its file
    Measurement measurement;
    Prediction prediction; // !ok: listed with the reason
    double gap = 0;        // measured / predicted - 1
};

struct ExplainSummary
{
    int n = 0; // rows with a prediction
    int unexplained = 0;
    double medianAbsGap = 0;
    double worstGap = 0;            // the gap furthest from 0
    QMap<QString, double> spearman; // kernel -> rank correlation of predicted vs measured time
};

// Runs the model over a results set. `gpu` is the GPU to predict for: the set's own device
// (matched in the spec DB) normally; another GPU for `explain --gpu` (then the rows carry
// predictions only, marked as such by the caller).
// With otherGpu the recorded clock, residency and instruction mix of the run are not used
// (they belong to the GPU that ran it): the model derives them for `gpu`.
QList<ExplainRow> explainSet(const ResultSet &set, const QString &file, const Gpu &gpu,
                             const MachineCeilings &ceilings, bool otherGpu = false);
// The same, one row at a time: `visit` gets each row as it is made and may keep what it needs
// of it (a file of 100,000 measurements need not hold 100,000 formulas at once).
void explainEach(const ResultSet &set, const QString &file, const Gpu &gpu, const MachineCeilings &ceilings,
                 bool otherGpu, const std::function<void(ExplainRow &)> &visit);
ExplainSummary summarize(const QList<ExplainRow> &rows);

} // namespace model
