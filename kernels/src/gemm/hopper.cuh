// Hopper (sm_90a) building blocks of the persistent and clustered wgmma steps
// (11_wgmma_persistent, 12_wgmma_cluster): mbarriers (CTA and cluster scope), TMA loads
// (plain and multicast), the TMA-store epilogue through shared memory, the shared-memory
// descriptor and the bf16/fp16 wgmma wrappers. The single instructions come from ptx.cuh
// (shared with step 13 and the LLM kernels); this header adds what the bf16/fp16 steps build
// from them. Step 10 spells the same basics out inside its own file (it is the lesson that
// introduces them). The including file defines BN, CONSUMERS and DT before including it.
#pragma once

#include "ptx.cuh" // TMA, mbarriers, proxy fences, descriptors, wgmma fences and operand lists

// The wgmma instruction of these steps: m64nNk16, fp32 accumulators, bf16 or fp16 operands
// from shared memory, neither transposed (K-major).
#if DT == 1
#define WG_SHAPE "k16.f32.f16.f16"
#else
#define WG_SHAPE "k16.f32.bf16.bf16"
#endif
#define WG_IMM ", 1, 1, 0, 0"
WG_WRAPPERS()

// ---- the epilogue: registers -> shared memory -> TMA store ----
// A consumer warpgroup's C tile (rows x BN fp32) leaves in chunks of 64 rows x 32 columns: one
// 128-byte row per C row, the box of the C tensor map (SWIZZLE_128B, like the operands). Two
// chunk buffers per warpgroup alternate, so filling one overlaps the copy engine reading the
// other, and the last stores of a tile overlap the next tile's main loop.
#define EPI_COLS 32
#define EPI_CHUNK (64 * EPI_COLS * 4) // bytes of one chunk buffer (8 KB)
#define EPI_BYTES (CONSUMERS * 2 * EPI_CHUNK)

// Byte offset of (row, col) in a 1024-aligned chunk written as TMA's 128-byte swizzle expects:
// the 16-byte unit index within a row is XORed with the row's index mod 8. The accumulator
// layout's 8 rows x 4 column pairs per warp then hit every bank exactly twice (two wavefronts
// for 256 bytes, the minimum).
__device__ __forceinline__ u32 epiOffset(int row, int col)
{
    return row * 128 + ((((col >> 2) ^ row) & 7) << 4) + (col & 3) * 4;
}

// Stores acc (m64 x BN accumulators of this thread, the wgmma layout: warp w holds rows
// 16w .. 16w+15; the lane row lane/4 and +8, columns 8j + 2*(lane%4) + 0,1) times alpha at
// C rows row0 .. row0+63, columns col0 .. col0+BN-1 through the TMA store. epi: this
// warpgroup's two chunk buffers; *chunk counts the chunks it has stored (which buffer is next).
// Thread 0 of the warpgroup (t == 0) issues the copies; barId is the warpgroup's named barrier.
__device__ __forceinline__ void storeTileTma(const TmaMap *mapC, const float *acc, float alpha, int row0,
                                             int col0, u32 epi, int t, int barId, int &chunk)
{
    const int warp = t / 32, lane = t % 32;
    const int r = warp * 16 + lane / 4;
#pragma unroll
    for (int q = 0; q < BN / EPI_COLS; ++q) {
        const u32 buf = epi + (chunk & 1) * EPI_CHUNK;
        // The store that last read this buffer (two chunks ago) must have finished reading.
        if (t == 0)
            bulkWaitRead<1>();
        namedBarrier(barId, 128);
#pragma unroll
        for (int jj = 0; jj < EPI_COLS / 8; ++jj) {
            const int j = q * (EPI_COLS / 8) + jj, c = jj * 8 + (lane % 4) * 2;
            const float2 lo = make_float2(alpha * acc[4 * j + 0], alpha * acc[4 * j + 1]);
            const float2 hi = make_float2(alpha * acc[4 * j + 2], alpha * acc[4 * j + 3]);
            asm volatile("st.shared.v2.f32 [%0], {%1, %2};\n" ::"r"(buf + epiOffset(r, c)), "f"(lo.x),
                         "f"(lo.y)
                         : "memory");
            asm volatile("st.shared.v2.f32 [%0], {%1, %2};\n" ::"r"(buf + epiOffset(r + 8, c)), "f"(hi.x),
                         "f"(hi.y)
                         : "memory");
        }
        fenceProxyAsync();
        namedBarrier(barId, 128);
        if (t == 0) {
            tmaStore2d(mapC, buf, col0 + q * EPI_COLS, row0);
            bulkCommit();
        }
        ++chunk;
    }
}
