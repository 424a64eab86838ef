#pragma once

#include "gpu.h"
#include "tilemodel.h"

#include <QCommandLineParser>

#include <optional>

// rooflab-cli tile: the hook through which a real register count (NVRTC compile of the
// tiled GEMM kernel for the GPU's architecture) replaces the model's estimate.
namespace cli {

// Called by `tile` after its own options are parsed. It may add nothing (no --compile
// support linked in) or return the compiled kernel's registers per thread; on a compile
// failure it returns nullopt and sets *error (the command then exits 1).
struct TileCompileHook
{
    // Adds the hook's options (e.g. --compile) to the parser before parsing.
    void (*addOptions)(QCommandLineParser &parser) = nullptr;
    // Returns registers per thread when the options ask for a compile, nullopt otherwise.
    std::optional<int> (*registers)(const QCommandLineParser &parser, const model::TileInput &in,
                                    const model::Gpu &gpu, QString *error) = nullptr;
};

// The kernel engineer installs the NVRTC-backed hook once at start-up (e.g. from main()).
void setTileCompileHook(const TileCompileHook &hook);

} // namespace cli
