#pragma once

// The GEMM ladder's steps and their cuBLAS references: one table that says what each step is
// (its place on the ladder, its source file and entry, its title and description), what sets
// it apart (the pattern of its code, tensor cores, TMA, persistence, clusters, fp8) and every
// tile parameter its source is compiled with (name, default, range, legal values). The kernel
// catalog (kernels/family_gemm.cpp), the Tile explorer's plans (kernels/gemmtile.cpp) and the
// performance model (model/perfmodel*) read it; a `.cu` step file has no defaults of its own
// (it refuses to compile without the catalog's -D defines).
//
// A step whose code has the shape of an existing pattern is added by one row here and its
// source file kernels/src/gemm/NN_<name>.cu; a new pattern also needs its legality, launch
// shape and model (family_gemm.cpp, gemmtile.cpp, perfmodel_gemm.cpp).
#include <QList>
#include <QString>

namespace model::gemmsteps {

// How a step's block computes: the shapes of code the tile model and the performance model
// tell apart.
enum class Pattern {
    OneByOne,   // one output per thread, nothing shared (naive, coalesced); parameter BLOCK
    SmemTiled,  // TILE x TILE tiles in shared memory, one output per thread; parameter TILE
    Reg1d,      // TM outputs per thread along a column
    Reg2d,      // a TM x TN patch per thread
    Vectorized, // Reg2d with 16-byte loads and A transposed in shared memory
    Warptiled,  // block, warp and thread tiles
    Wmma,       // tensor cores through WMMA fragments
    Mma,        // mma.sync with ldmatrix and a cp.async pipeline
    Wgmma,      // Hopper: wgmma from shared memory fed by TMA
    Library,    // a cuBLAS / cuBLASLt reference
};

// One tile parameter of a step, as its source receives it (-DNAME=value): declared here once.
struct Param
{
    const char *name;      // "BM"
    const char *what;      // untranslated; translated in the context "kernels::GemmKernels"
    qint64 defaultValue;   // the catalog's default, and so the kernel's
    qint64 min;            // the range a user may type
    qint64 max;            //
    qint64 multipleOf = 1; //
    QList<qint64> allowed; // when not empty: only these (the explorer's slider stops)
};

struct Step
{
    const char *id; // catalog id, "gemm.reg2d"
    int rung = 0;   // place on the ladder, 1..13; 0 for a reference
    Pattern pattern = Pattern::Library;
    bool tensorCores = false;   // bf16/fp16/fp8 inputs on tensor cores (B read as N x K)
    bool tma = false;           // TMA descriptors and sm_90a
    bool persistent = false;    // one block per SM looping over the output tiles
    bool cluster = false;       // thread-block clusters with TMA multicast
    bool fp8 = false;           // e4m3 inputs, fp32 C
    bool tf32 = false;          // fp32 data on TF32 tensor cores (a reference only)
    bool lanesDownRows = false; // OneByOne: the lanes of a warp walk down the rows of C (naive)
    // The source kernels/src/gemm/NN_<name>.cu (NN the rung) and its entry gemm_<name>;
    // null for a reference, which calls a library.
    const char *name = nullptr;
    const char *title = nullptr;       // untranslated (context "kernels::GemmKernels")
    const char *description = nullptr; // untranslated (context "kernels::GemmKernels")
    QList<Param> params;               // the tile parameters (M, N, K come with every step)

    bool ladder() const { return rung > 0; }
    // Bytes of one element of C: the ladder writes fp32 C whatever its inputs
    // (kernels/src/gemm/ladder.cuh), as does cuBLASLt's fp8 reference; the other references
    // write C in the inputs' type (0).
    int cElemBytes() const { return ladder() || fp8 ? 4 : 0; }
    bool oneByOne() const { return pattern == Pattern::OneByOne; }
    // "gemm/05_reg2d.cu"; empty for a reference.
    QString source() const;
    // The parameter called `name`; null when the step has none.
    const Param *param(const QString &name) const;
};

// The ladder in order, then the references.
const QList<Step> &steps();
// The step of a catalog id; null for anything else.
const Step *find(const QString &id);

} // namespace model::gemmsteps
