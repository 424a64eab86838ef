#pragma once

// The LLM inference family (kernels/src/llm.cu): decode attention with grouped-query heads,
// the W4A16 GEMM of a decode step and its cuBLAS baseline, fused residual + RMSNorm. The
// constants of the sources that the catalog's counts and the benches' launches depend on.
#include "catalog.h"
#include "src/w4layout.cuh"

namespace kernels {

// Adds llm.* to the catalog (called from Catalog::instance()).
void registerLlmKernels(Catalog &c);

namespace llm {
inline constexpr int kAttnWarps = 4;     // decode_attention<T, D, WARPS>
inline constexpr int kAttnTileRows = 16; // KV rows per tile (TR)
inline constexpr int kMaxGroup = 16;     // query heads per KV head: the 16 rows of the mma tile
inline constexpr int kW4Warps = 4; // w4a16_gemm<T, WARPS, STAGES, NT, MR, KS>: column warps a block (default)
inline constexpr int kW4Wgmma =
    0; // TC: 1 takes the groups by warpgroup MMA (sm_90a), 0 by mma.sync (default)
inline constexpr int kW4KWarps = 1; // warps along K a column warp's columns are shared by (KS, default)
inline constexpr int kW4NTiles = 8; // n-tiles of 8 columns per warp (default; 4 or 8): WARPS x NT x 8 a block
inline constexpr int kW4XBytes = w4layout::kXBytes; // X's rows a block's buffer holds (src/w4layout.cuh)
// Stages of a warp's ring: STAGES - 1 groups in flight (default). Two: on the H200 one group in
// flight a warp with more blocks an SM ran 1-4 % faster than two at every benchmark shape.
inline constexpr int kW4Stages = 2;
inline constexpr int kW4RecordBytes = w4layout::kRecordBytes; // a (panel, group) record (src/w4layout.cuh)
inline constexpr int kW4Group = 128;                          // weights per fp16 scale along K
inline constexpr int kW4MaxM = 16;                            // rows of X: one mma tile

// Dynamic shared memory of decode_attention: per warp two stages of a K and a V tile.
inline constexpr int attentionSmem(int D)
{
    return kAttnWarps * 2 * 2 * kAttnTileRows * D * 2;
}
// X's buffers of a w4a16_gemm block, of about kW4XBytes each (more of X ahead of the block's
// slowest warp). 0 asks for the default: two when a buffer holds 4 groups or more (M <= 8),
// four for 16 rows, whose buffers hold 2 groups each (on the H200, 8192 x 28672 at M = 16: four
// buffers 50.8-53.2 us against 51.9-54.6 for two).
inline constexpr int w4a16XBufs(int M, int xbufs)
{
    return xbufs > 0 ? xbufs : (M <= 8 ? 2 : 4);
}
// Groups of 128 k of X's M rows a buffer of a w4a16_gemm block holds, and its dynamic shared
// memory for `groups` groups a block (kernels/src/llm.cu): xb buffers of X's rows (each row
// padded by 64 bytes), then each warp's ring of `stages` records (ntiles * 512 + 128 bytes) and
// mbarriers, and X's full barriers and counts (16 bytes a buffer). `warps` counts every warp of
// the block (column warps x warps along K); a chunk is a multiple of the warps along K, kwarps.
inline constexpr int w4a16Chunk(int M, int kwarps = 1)
{
    const int c = kW4XBytes / (M * kW4Group * 2);
    return ((c > 1 ? c : 1) + kwarps - 1) / kwarps * kwarps;
}
inline constexpr int w4a16Smem(int M, int groupsPerBlock, int warps, int ntiles, int stages, int kwarps = 1,
                               int xb = 2)
{
    const int chunk = w4a16Chunk(M, kwarps), held = groupsPerBlock < chunk ? groupsPerBlock : chunk;
    return ((xb * M * (held * kW4Group * 2 + 64) + 127) & ~127) + warps * stages * (ntiles * 512 + 128 + 8) +
           16 * xb;
}
// The same for the warpgroup path (TC = 1): X's buffers hold groups of two TMA boxes of MR rows
// x 128 bytes (MR = w4a16Rows(M)), 1024-aligned at run time (the 1024 bytes ahead of them), and
// the 2048 bytes of the constant tile of the zero point's offset.
inline constexpr int w4a16TcChunk(int MR)
{
    const int c = kW4XBytes / (MR * kW4Group * 2);
    return c > 1 ? c : 1;
}
inline constexpr int w4a16TcSmem(int MR, int groupsPerBlock, int warps, int stages, int xb = 2)
{
    const int chunk = w4a16TcChunk(MR), held = groupsPerBlock < chunk ? groupsPerBlock : chunk;
    return 1024 + xb * held * 2 * MR * 128 + 2048 + warps * stages * (8 * 512 + 128 + 8) + 16 * xb;
}
// The rows of the mma tile the kernel fills (its MR): 8 when M <= 8, else 16.
inline constexpr int w4a16Rows(int M)
{
    return M <= 8 ? 8 : 16;
}
} // namespace llm

} // namespace kernels
