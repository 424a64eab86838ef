// Hopper (sm_90a) building blocks of the persistent and clustered wgmma steps
// (11_wgmma_persistent, 12_wgmma_cluster): mbarriers (CTA and cluster scope), TMA loads
// (plain and multicast), the TMA-store epilogue through shared memory, the shared-memory
// descriptor and the bf16/fp16 wgmma wrappers. Step 10 spells the same basics out inside its
// own file (it is the lesson that introduces them); the later steps only add to them, so they
// share this header. The including file defines BN, CONSUMERS and DT before including it.
#pragma once

#if DT == 1
#define WG_TYPES "f16.f16"
#else
#define WG_TYPES "bf16.bf16"
#endif

typedef unsigned int u32;
typedef unsigned long long u64;

// A CUtensorMap (128 bytes, 64-byte aligned) without including the driver header.
struct __align__(64) TmaMap
{
    u64 opaque[16];
};

#include "mbarrier.cuh" // mbarInit, mbarExpectTx, mbarArrive(Cluster), mbarWait(Cluster)

// ---- TMA ----
__device__ __forceinline__ void tmaLoad2d(u32 dst, const TmaMap *map, int x, int y, u32 bar)
{
    asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes"
                 " [%0], [%1, {%2, %3}], [%4];\n" ::"r"(dst),
                 "l"(reinterpret_cast<u64>(map)), "r"(x), "r"(y), "r"(bar)
                 : "memory");
}
// One read of global memory written to the same offset in every CTA of ctaMask (bit i: CTA
// rank i of the cluster); each destination CTA's barrier at offset `bar` gets the bytes.
__device__ __forceinline__ void tmaLoad2dMulticast(u32 dst, const TmaMap *map, int x, int y, u32 bar,
                                                   unsigned short ctaMask)
{
    asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes"
                 ".multicast::cluster [%0], [%1, {%2, %3}], [%4], %5;\n" ::"r"(dst),
                 "l"(reinterpret_cast<u64>(map)), "r"(x), "r"(y), "r"(bar), "h"(ctaMask)
                 : "memory");
}
// Shared -> global through a tensor map: the copy engine clips the box at the matrix edges.
__device__ __forceinline__ void tmaStore2d(const TmaMap *map, u32 src, int x, int y)
{
    asm volatile("cp.async.bulk.tensor.2d.global.shared::cta.bulk_group [%0, {%1, %2}], [%3];\n" ::"l"(
                     reinterpret_cast<u64>(map)),
                 "r"(x), "r"(y), "r"(src)
                 : "memory");
}
__device__ __forceinline__ void bulkCommit()
{
    asm volatile("cp.async.bulk.commit_group;\n" ::: "memory");
}
// At most N committed stores may still be reading their shared memory.
template <int N> __device__ __forceinline__ void bulkWaitRead()
{
    asm volatile("cp.async.bulk.wait_group.read %0;\n" ::"n"(N) : "memory");
}
// Every committed store has reached global memory.
__device__ __forceinline__ void bulkWaitAll()
{
    asm volatile("cp.async.bulk.wait_group 0;\n" ::: "memory");
}
// Generic-proxy writes to shared memory (st.shared) made visible to the async proxy (TMA).
__device__ __forceinline__ void fenceProxyAsync()
{
    asm volatile("fence.proxy.async.shared::cta;\n" ::: "memory");
}
// A barrier of `threads` threads with id `id` (0 is __syncthreads'): one consumer warpgroup.
__device__ __forceinline__ void namedBarrier(int id, int threads)
{
    asm volatile("bar.sync %0, %1;\n" ::"r"(id), "r"(threads) : "memory");
}

// Shared-memory matrix descriptor for a K-major tile in the 128-byte swizzled layout TMA
// wrote: rows of 128 bytes, 8-row groups 1024 bytes apart (stride byte offset), leading
// byte offset unused for this layout (1), swizzle mode 1 = 128B.
__device__ __forceinline__ u64 smemDesc(u32 addr)
{
    return (u64)((addr & 0x3FFFF) >> 4) | ((u64)1 << 16) | ((u64)(1024 >> 4) << 32) | ((u64)1 << 62);
}

// ---- wgmma ----
__device__ __forceinline__ void wgmmaFence()
{
    asm volatile("wgmma.fence.sync.aligned;\n" ::: "memory");
}
__device__ __forceinline__ void wgmmaCommit()
{
    asm volatile("wgmma.commit_group.sync.aligned;\n" ::: "memory");
}
template <int N> __device__ __forceinline__ void wgmmaWait()
{
    asm volatile("wgmma.wait_group.sync.aligned %0;\n" ::"n"(N) : "memory");
}
// Keeps the compiler from moving accumulator accesses across the async wgmma boundaries.
__device__ __forceinline__ void fenceReg(float &r)
{
    asm volatile("" : "+f"(r)::"memory");
}

// An m64nNk16 wgmma names every accumulator register of the thread (N/2 of them) in one asm
// statement: WG_ACC_k are the operand numbers of accumulators 32k .. 32k+31, WG_D32(i) the
// "+f" operands d[i] .. d[i+31]; the descriptors and the scale-d flag follow (DA, DB, P).
// clang-format off
#define WG_ACC_0 "%0,%1,%2,%3,%4,%5,%6,%7,%8,%9,%10,%11,%12,%13,%14,%15,%16,%17,%18,%19,%20,%21,%22,%23,%24,%25,%26,%27,%28,%29,%30,%31"
#define WG_ACC_1 ",%32,%33,%34,%35,%36,%37,%38,%39,%40,%41,%42,%43,%44,%45,%46,%47,%48,%49,%50,%51,%52,%53,%54,%55,%56,%57,%58,%59,%60,%61,%62,%63"
#define WG_ACC_2 ",%64,%65,%66,%67,%68,%69,%70,%71,%72,%73,%74,%75,%76,%77,%78,%79,%80,%81,%82,%83,%84,%85,%86,%87,%88,%89,%90,%91,%92,%93,%94,%95"
#define WG_ACC_3 ",%96,%97,%98,%99,%100,%101,%102,%103,%104,%105,%106,%107,%108,%109,%110,%111,%112,%113,%114,%115,%116,%117,%118,%119,%120,%121,%122,%123,%124,%125,%126,%127"
#define WG_D4(i) "+f"(d[i]), "+f"(d[i + 1]), "+f"(d[i + 2]), "+f"(d[i + 3])
#define WG_D32(i) WG_D4(i), WG_D4(i + 4), WG_D4(i + 8), WG_D4(i + 12), WG_D4(i + 16), WG_D4(i + 20), WG_D4(i + 24), WG_D4(i + 28)
// clang-format on
#define WG_WRAPPER(N, ACC, DA, DB, P, ...)                                                                   \
    __device__ __forceinline__ void wgmma##N(float *d, unsigned long long da, unsigned long long db)         \
    {                                                                                                        \
        asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %" #P ", 0;\n"                                        \
                     "wgmma.mma_async.sync.aligned.m64n" #N "k16.f32." WG_TYPES " {" ACC "}, %" #DA          \
                     ", %" #DB ", p, 1, 1, 0, 0;\n"                                                          \
                     "}\n"                                                                                   \
                     : __VA_ARGS__                                                                           \
                     : "l"(da), "l"(db), "n"(1));                                                            \
    }
WG_WRAPPER(64, WG_ACC_0, 32, 33, 34, WG_D32(0))
WG_WRAPPER(128, WG_ACC_0 WG_ACC_1, 64, 65, 66, WG_D32(0), WG_D32(32))
WG_WRAPPER(192, WG_ACC_0 WG_ACC_1 WG_ACC_2, 96, 97, 98, WG_D32(0), WG_D32(32), WG_D32(64))
WG_WRAPPER(256, WG_ACC_0 WG_ACC_1 WG_ACC_2 WG_ACC_3, 128, 129, 130, WG_D32(0), WG_D32(32), WG_D32(64),
           WG_D32(96))

#if BN == 64
#define WGMMA wgmma64
#elif BN == 128
#define WGMMA wgmma128
#elif BN == 192
#define WGMMA wgmma192
#else
#define WGMMA wgmma256
#endif

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
