#pragma once

// One GEMM tile configuration as both the tile model (model::TileModel) and the GEMM ladder
// (kernels/src/gemm/*.cu) see it: which knobs each ladder step has, their legal values, how a
// step's launch maps onto the model's inputs, the kernel parameters to compile and run it
// with, and the NVRTC compile that replaces the model's register estimate with the real count.
// Shared by `rooflab-cli tile --compile` and the GUI's tile explorer, so both say the same.
#include "catalog.h" // Params
#include "compiler.h"

#include "gpu.h"
#include "perfmodel.h"
#include "resultset.h"
#include "tilemodel.h"

#include <QHash>
#include <QList>
#include <QString>
#include <QStringList>

#include <QVariantMap>
#include <functional>

namespace kernels::gemm {

// The explorer's knobs, in display order.
enum class TileField { M, N, K, Dtype, Step, BM, BN, BK, TM, TN, Stages, Threads, Group };
const QList<TileField> &tileFields();
QString tileFieldName(TileField f); // "BM", "stages", ... (as in lesson tile maps, lower case there)
QString tileFieldKey(TileField f);  // the lesson / settings key: "M", "bm", "stages", ...

// The step that only evaluates the model: every knob free, no kernel behind it (e.g. the
// tiled-GEMM notes' TF32 configurations, which no ladder step implements).
inline constexpr const char *kModelStep = "model";

// A tile configuration as a user sets it. tm / tn of 0 mean "whatever the threads imply"
// (register-blocked steps); fields a step does not have are ignored by it.
struct TileConfig
{
    QString step = QString::fromLatin1(kModelStep); // kModelStep or a ladder id ("gemm.reg2d")
    qint64 M = 4096;
    qint64 N = 4096;
    qint64 K = 4096;
    model::Dtype dtype = model::Dtype::Fp32;
    int bm = 128;
    int bn = 128;
    int bk = 32;
    int tm = 0;
    int tn = 0;
    int stages = 2;
    int threads = 256;
    int group = 1;
    // The step's kernel parameters that have no knob here (the warp grid and sub-tiles of
    // warptiled, WARPS_M/N, FRAGPIPE, MINB, TMA_STORE, CLUSTER_M/N): a measured configuration
    // keeps its own, the step's defaults fill the rest. A warp grid that no longer fits the
    // knobs gives way to the first one that does.
    Params extras;

    qint64 value(TileField f) const; // Dtype and Step: not numbers (0)
    void setValue(TileField f, qint64 v);
    bool operator==(const TileConfig &o) const = default;
};

// How a knob behaves for a step.
enum class FieldRole {
    Free,    // the user picks it; `stops` are the slider's positions
    Derived, // follows from other knobs (threads = (BM/TM)·(BN/TN)); shown, not set
    Fixed,   // the step has no such knob, or only one value (`fixedValue`, 0 = not applicable)
};

struct FieldRule
{
    FieldRole role = FieldRole::Free;
    QList<qint64> stops; // Free: legal values for a slider (typed values may go beyond, and are checked)
    qint64 min = 1;      // Free: the spin box's range
    qint64 max = 1;
    qint64 fixedValue = 0; // Fixed: the value (0: the step has no such knob)
    QString why;           // Derived / Fixed: in words ("threads = (BM/TM)·(BN/TN)")
};

// The tile model step, then the ladder in order (gemm.naive .. gemm.wgmma_tma, gemm.wgmma_persistent, ...).
QStringList tileSteps();
QString stepTitle(const QString &step);     // "GEMM 5: 2D register blocking", "Tile model only"
QString shortStepName(const QString &step); // "reg2d", "model"
FieldRule fieldRule(const QString &step, TileField f);
QStringList dtypesFor(const QString &step); // fp32 steps: fp32; tensor-core steps: bf16, fp16
// `rooflab-cli tile --compile` without --step: mma_multistage for 16-bit types, reg2d for fp32.
QString defaultStep(model::Dtype d);
// The step's own defaults (the catalog's) at M = N = K = size; the model step: 128×128×32,
// 2 stages, 256 threads.
TileConfig defaultConfig(const QString &step, qint64 size = 4096);
// Derived and fixed knobs filled in from the free ones; tm / tn of 0 chosen from the threads.
TileConfig normalized(TileConfig c);
// Switching a configuration to another step: free knobs it shares with the new step are kept,
// the others take the new step's defaults, derived and fixed ones follow. `changed` lists the
// knobs that took a default ("BK 32 → 64").
TileConfig switchedStep(const TileConfig &c, const QString &step, QStringList *changed = nullptr);
// A configuration named by its keys (tileFieldKey, in any case), as a lesson's "tile" object
// gives it: the named knobs as given (a wrong one keeps its value and shows its reason), the
// rest at the step's defaults for its M; no "step": the model step.
TileConfig configFromKeys(const QVariantMap &keys);

// A configuration as the model and the kernel see it.
struct TilePlan
{
    TileConfig config;      // as given
    QString kernelId;       // empty for the model step
    Params kernelParams;    // M, N, K and the step's tile parameters (empty for the model step)
    model::TileInput input; // what the tile model evaluates (registers left unset)
    int launchThreads = 0;  // threads per block the kernel launches
    QStringList problems;   // rules of the step or the kernel the configuration breaks
    QStringList notes;      // how this step maps onto the model

    bool hasKernel() const { return !kernelId.isEmpty(); }
};

// gpu (may be null): its opt-in shared memory and compute capability add their rules.
TilePlan plan(const TileConfig &c, const model::Gpu *gpu = nullptr);

// The compiler target of a step on a GPU ("sm_80"; "sm_90a" for wgmma); empty with *error set
// when the GPU has none (not NVIDIA) or the step cannot run there.
QString archForGpu(const QString &step, const model::Gpu &gpu, QString *error = nullptr);

// What an NVRTC compile of a plan's kernel reports.
struct TileCompile
{
    bool ok = false;
    QString error;
    QString kernel;
    QString arch;
    int registers = 0;
    int smemStaticBytes = 0;
    int spillBytes = 0;
    int stackBytes = 0; // the stack frame a thread's spills live in
    double compileMs = 0;
    bool cacheHit = false;
};

// The compile's inputs, ready to run on any thread (no GPU needed); ok false with *error
// when the plan has no kernel or its parameters are refused.
struct CompileJob
{
    bool ok = false;
    QString error;
    QString key; // kernel, dtype, arch and tile parameters: equal keys compile to the same image
    QString kernel;
    CompileOptions options;
};
CompileJob compileJob(const TilePlan &p, const model::Gpu &gpu);
TileCompile runCompileJob(const CompileJob &job, Compiler &compiler);
// Both at once (synchronously).
TileCompile compileTile(const TilePlan &p, const model::Gpu &gpu, Compiler &compiler);

// The steps the tile model sees as 1×1 tiles (one output per thread, no shared memory).
bool isOneByOne(const QString &step);

// The one prediction of a planned tile, for the explorer and `rooflab-cli tile` alike: the
// launch the plan makes (registers: the compiler's count, nullopt for the performance
// model's own; spills and their stack frame from the same compile, none when `compiled` is
// null), with the grid and residency the tile model
// derived (naive and coalesced excepted: the tile model sees them as 1×1 tiles, so they come
// from the kernel's own BLOCK), predicted by `perf`. ok false with a reason when the plan has
// no kernel the performance model knows.
model::KernelLaunch launchOf(const TilePlan &p, const model::TileResult &r, std::optional<int> registers,
                             const TileCompile *compiled);
// `launch` (may be null) receives the launch that was predicted.
model::Prediction predictTile(const TilePlan &p, const model::TileResult &r, std::optional<int> registers,
                              const TileCompile *compiled, const model::PerfModel &perf,
                              model::KernelLaunch *launch = nullptr);

// The explorer's configuration of a measured ladder run (kernel id, params, dtype), for
// plotting measurements at their model coordinates; nullopt for kernels outside the ladder.
std::optional<TileConfig> configFromKernel(const QString &kernel, const Params &params, model::Dtype dtype);

// The key under which a measurement of a ladder kernel is found again: kernel, dtype and
// every parameter of the step, those not given at the catalog's defaults, so a sample that
// lists FRAGPIPE=1 and a plan that leaves it to the default are the same configuration.
QString measurementKey(const QString &kernel, const QString &dtype, const Params &params);

// Short label of a configuration: "128×128×32 ·3 stages ·128 thr" (step not included).
QString tileLabel(const TileConfig &c);

// The measured runs of ladder kernels in a results file, as RoofLab's samples are read: one
// per configuration (measurementKey), a ladder run preferred to sweeps and repeats, failed
// checks left out; each kept run carries `file` in its extra field kSampleFileKey.
inline constexpr const char *kSampleFileKey = "rooflab_sample_file";
void indexMeasuredTiles(const model::ResultSet &rs, const QString &file,
                        QHash<QString, model::Measurement> &into);

// One tile of a step as the model ranks it.
struct RankedTile
{
    TileConfig config;
    TilePlan plan;
    model::TileResult result;
    model::Prediction prediction; // registers as the performance model estimates them
    // Further tiles the model predicts exactly as fast that differ from this one in a single
    // parameter (GROUP where the whole problem fits in L2, say): the model cannot tell them
    // apart, so the ranking lists this one, the nearest to the step's defaults.
    int alike = 0;
    int compiledRegisters = 0; // the compiler's count once refineRanking compiled it; 0: the estimate
};

struct TileRanking
{
    QList<RankedTile> tiles; // every legal tile the performance model predicts, fastest first
    int considered = 0;      // configurations tried: the free knobs' values, combined
    int refused = 0;         // of those, broken rules of the step, the GPU or the tile model
    int spilling = 0;        // of those, tiles whose registers would spill (left out: see rankTiles)
};

// Every tile of base's step at base's size and dtype: each free knob over its slider values
// (fieldRule's stops), the others following; the parameters without a knob as base has them.
// Predicted by `perf` with its own register estimate (no compile), so thousands rank in a
// moment. A tile whose estimated registers exceed what its launch bounds give a thread is
// left out: it would spill, and how much only a compile tells (ptxas's spill count, which the
// model's local-memory traffic needs; docs/MODEL.md, "Register spills": such tiles ran up to
// 118x slower than their spill-free prediction).
TileRanking rankTiles(const TileConfig &base, const model::Gpu &gpu, const model::PerfModel &perf);

// The compiler's word on the leaders. The estimate runs below the compiled count for some
// tiles (168 against 112 registers for a 64×64×32 reg2d tile with TM×TN = 16×4), and fewer
// resident blocks make them slower than ranked. So the first n tiles are compiled (NVRTC, no
// GPU; on every core), predicted again with their real registers, those that spill or fail to
// compile dropped, the ranking sorted again, and so on until the first n are all compiled or
// maxCompiles compiles are spent.
struct RankingRefinement
{
    int compiled = 0; // compiles that succeeded
    int failed = 0;   // compiles that failed (the tile is dropped)
    int spilled = 0;  // compiled tiles that spill (dropped)
};
// How a job is compiled (empty: NVRTC here, a Compiler per job) and how many compiles a tile
// asked for may cost (a ranking that the compiles keep reshuffling still ends).
using CompileFn = std::function<TileCompile(const CompileJob &)>;
inline constexpr int kRefineCompilesPerPick = 6;
RankingRefinement refineRanking(TileRanking &ranking, int n, const model::Gpu &gpu,
                                const model::PerfModel &perf, int maxCompiles, const CompileFn &compile = {});

} // namespace kernels::gemm
