#pragma once

#include "gemmtile.h"
#include "gpu.h"
#include "tilemodel.h"

#include <QCommandLineParser>
#include <QJsonObject>
#include <QVariantMap>

#include <optional>

// rooflab-cli tile: the hook through which a real register count (NVRTC compile of the
// tiled GEMM kernel for the GPU's architecture) replaces the model's estimate.
namespace cli {

// Called by `tile` after its own options are parsed. It adds nothing (no --compile support
// linked in) or, when its options ask for a compile, builds the ladder kernel that matches the
// tile, compiles it with NVRTC for the GPU's architecture and returns its registers per thread;
// it may also adjust the model input to what that kernel launches (padding, threads).
struct TileCompileOutcome
{
    std::optional<int> registers; // compiled registers per thread; nullopt: no compile asked for
    QString error;                // not empty: the command fails with it
    bool badInput = false;        // the configuration is refused (exit 2), not the compile (exit 1)
    QJsonObject details;          // "compile" in --json: kernel, arch, params, spills, time
    QList<QStringList> rows;      // extra rows of the readable table
    // The ladder kernel the tile maps onto, for the performance model (no kernel: none).
    kernels::gemm::TilePlan plan;
    kernels::gemm::TileCompile compiled; // what NVRTC said of it (spills), for the performance model
};

struct TileCompileHook
{
    // Adds the hook's options (e.g. --compile) to the parser before parsing.
    void (*addOptions)(QCommandLineParser &parser) = nullptr;
    TileCompileOutcome (*compile)(const QCommandLineParser &parser, model::TileInput &in,
                                  const model::Gpu &gpu) = nullptr;
};

// The NVRTC-backed hook (cmd_tile_compile.cpp): --compile, --step, --tm, --tn.
TileCompileHook nvrtcTileCompileHook();

// tile --best N [--measure] (cmd_tile_best.cpp): the model's ranking of every legal tile of
// --step; uses the hook's --step.
void addBestOptions(QCommandLineParser &parser);
int tileBest(const QCommandLineParser &parser);

} // namespace cli
