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
inline constexpr int kW4Warps = 4;       // w4a16_gemm<T, WARPS>
inline constexpr int kW4Cols = 64;       // columns per block (8 n-tiles of 8)
inline constexpr int kW4Group = 128;     // weights per fp16 scale along K
inline constexpr int kW4MaxM = 16;       // rows of X: one mma tile

// Dynamic shared memory of decode_attention: per warp two stages of a K and a V tile.
inline constexpr int attentionSmem(int D)
{
    return kAttnWarps * 2 * 2 * kAttnTileRows * D * 2;
}
} // namespace llm

} // namespace kernels
