#pragma once

// The LLM inference family (kernels/src/llm.cu): decode attention with grouped-query heads,
// the W4A16 GEMM of a decode step and its cuBLAS baseline, fused residual + RMSNorm. The
// constants of the sources that the catalog's counts and the benches' launches depend on.
#include "catalog.h"

namespace kernels {

// Adds llm.* to the catalog (called from Catalog::instance()).
void registerLlmKernels(Catalog &c);

namespace llm {
inline constexpr int kAttnWarps = 4;     // decode_attention<T, D, WARPS>
inline constexpr int kAttnTileRows = 16; // KV rows per tile (TR)
inline constexpr int kMaxGroup = 16;     // query heads per KV head: the 16 rows of the mma tile
inline constexpr int kW4Warps = 4;  // w4a16_gemm<T, WARPS, STAGES, GS, PF, NT, MR>: warps per block (default)
inline constexpr int kW4NTiles = 8; // n-tiles of 8 columns per warp (default; 4 or 8): WARPS x NT x 8 a block
inline constexpr int kW4Stages = 4; // stages in the block's cp.async ring (default)
inline constexpr int kW4StageGroups = 1; // groups of 128 k per stage (default)
inline constexpr int kW4Prefetch = 256;  // L2 prefetch bytes per weight piece (default)
inline constexpr int kW4Group = 128;     // weights per fp16 scale along K
inline constexpr int kW4MaxM = 16;       // rows of X: one mma tile

// Dynamic shared memory of decode_attention: per warp two stages of a K and a V tile.
inline constexpr int attentionSmem(int D)
{
    return kAttnWarps * 2 * 2 * kAttnTileRows * D * 2;
}
// Dynamic shared memory of w4a16_gemm: per group of a stage each warp's weights (NT x 8 columns
// x 128 k / 2) and scales (NT x 8 x 2 bytes), and X's M rows of 128 16-bit values.
inline constexpr int w4a16Smem(int warps, int stages, int stageGroups, int M, int ntiles = kW4NTiles)
{
    return stages * stageGroups * (warps * ntiles * 8 * (kW4Group / 2 + 2) + M * kW4Group * 2);
}
// The rows of the mma tile the kernel fills (its MR): 8 when M <= 8, else 16.
inline constexpr int w4a16Rows(int M)
{
    return M <= 8 ? 8 : 16;
}
} // namespace llm

} // namespace kernels
