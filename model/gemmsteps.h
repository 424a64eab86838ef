#pragma once

// The GEMM ladder's steps and their cuBLAS references, with what sets each apart: one table
// that the kernel catalog (kernels/family_gemm.cpp), the Tile explorer's plans
// (kernels/gemmtile.cpp) and the performance model (model/perfmodel*) read their traits from.
// The catalog adds each step's title, description, parameters and source file.
#include <QList>
#include <QString>

namespace model::gemmsteps {

// How a step's block computes: the shapes of code the tile model and the performance model
// tell apart.
enum class Pattern {
    OneByOne,   // one output per thread, nothing shared (naive, coalesced)
    SmemTiled,  // TILE x TILE tiles in shared memory, one output per thread
    Reg1d,      // TM outputs per thread along a column
    Reg2d,      // a TM x TN patch per thread
    Vectorized, // Reg2d with 16-byte loads and A transposed in shared memory
    Warptiled,  // block, warp and thread tiles
    Wmma,       // tensor cores through WMMA fragments
    Mma,        // mma.sync with ldmatrix and a cp.async pipeline
    Wgmma,      // Hopper: wgmma from shared memory fed by TMA
    Library,    // a cuBLAS / cuBLASLt reference
};

struct Step
{
    const char *id; // catalog id, "gemm.reg2d"
    int rung;       // place on the ladder, 1..13; 0 for a reference
    Pattern pattern;
    bool tensorCores; // bf16/fp16/fp8 inputs on tensor cores (B read as N x K)
    bool tma;         // TMA descriptors and sm_90a
    bool persistent;  // one block per SM looping over the output tiles
    bool cluster;     // thread-block clusters with TMA multicast
    bool fp8;         // e4m3 inputs, fp32 C
    bool ladder() const { return rung > 0; }
    bool oneByOne() const { return pattern == Pattern::OneByOne; }
};

// The ladder in order, then the references.
const QList<Step> &steps();
// The step of a catalog id; null for anything else.
const Step *find(const QString &id);

} // namespace model::gemmsteps
