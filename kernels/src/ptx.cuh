// The PTX helpers of RoofLab's tensor-core kernels, in one place: addresses, cp.async,
// ldmatrix, mma.sync, mbarriers, TMA (tensor and plain bulk copies, loads and stores), proxy
// fences, named barriers, wgmma fences and shared-memory descriptors, and the operand lists
// of the wide wgmma instructions. Used by the Hopper GEMM steps (gemm/hopper.cuh, 11-13) and
// the LLM kernels (llm.cu). The ladder's lesson steps 9 and 10 spell their own copies out on
// purpose: each is where a reader first meets these instructions.
//
// Each helper is one instruction (or a short fixed sequence); the sm_80 ones (cp.async,
// ldmatrix, mma.sync) work everywhere the kernels run, the sm_90 ones (mbarrier transactions,
// TMA, wgmma) only in code compiled for sm_90 / sm_90a. Unused inline helpers cost nothing.
#pragma once

#include <cuda_fp16.h>

typedef unsigned int u32;
typedef unsigned long long u64;

// ---- addresses and asynchronous 16-byte copies (sm_80) ----
__device__ __forceinline__ u32 smemAddr(const void *p)
{
    return (u32)__cvta_generic_to_shared(p);
}
// 16 bytes global -> shared without passing through registers; valid == false zero-fills
// (the source address must still be a mapped one).
__device__ __forceinline__ void cpAsync16(void *dst, const void *src, bool valid)
{
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16, %2;\n" ::"r"(smemAddr(dst)), "l"(src),
                 "r"(valid ? 16 : 0));
}
__device__ __forceinline__ void cpAsyncCommit()
{
    asm volatile("cp.async.commit_group;\n" ::);
}
template <int N> __device__ __forceinline__ void cpAsyncWait()
{
    asm volatile("cp.async.wait_group %0;\n" ::"n"(N));
}

// ---- ldmatrix and mma.sync (sm_80) ----
__device__ __forceinline__ void ldsmX4(u32 (&r)[4], const void *p)
{
    asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];\n"
                 : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3])
                 : "r"(smemAddr(p)));
}
__device__ __forceinline__ void ldsmX4Trans(u32 (&r)[4], const void *p)
{
    asm volatile("ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {%0, %1, %2, %3}, [%4];\n"
                 : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3])
                 : "r"(smemAddr(p)));
}

// fp16 (true) or bf16 (false) operands: picks the instruction's type suffix.
template <typename T> struct IsHalf
{
    static constexpr bool value = false;
};
template <> struct IsHalf<__half>
{
    static constexpr bool value = true;
};

// c += a * b, m16n8k16, 16-bit inputs of type T, fp32 accumulators.
template <typename T>
__device__ __forceinline__ void mma16816(float (&c)[4], const u32 (&a)[4], u32 b0, u32 b1)
{
    if constexpr (IsHalf<T>::value)
        asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, "
                     "{%8, %9}, {%0, %1, %2, %3};\n"
                     : "+f"(c[0]), "+f"(c[1]), "+f"(c[2]), "+f"(c[3])
                     : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b0), "r"(b1));
    else
        asm volatile(
            "mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, "
            "{%8, %9}, {%0, %1, %2, %3};\n"
            : "+f"(c[0]), "+f"(c[1]), "+f"(c[2]), "+f"(c[3])
            : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b0), "r"(b1));
}

// ---- mbarriers (sm_90): init, expected transaction bytes, arrivals (CTA and cluster scope)
// and waits that trap instead of hanging the GPU ----
__device__ __forceinline__ void mbarInit(u32 bar, u32 count)
{
    asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;\n" ::"r"(bar), "r"(count));
}
__device__ __forceinline__ void mbarExpectTx(u32 bar, u32 bytes)
{
    asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;\n" ::"r"(bar), "r"(bytes)
                 : "memory");
}
__device__ __forceinline__ void mbarArrive(u32 bar)
{
    asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];\n" ::"r"(bar) : "memory");
}
// Arrives on the barrier at the same shared-memory offset in CTA `cta` of the cluster (the
// own CTA included): how a consumer frees a slot that the other CTA's multicast also fills.
// Release at CTA scope (the PTX default): the consumer hands over no data, only the fact that
// its tensor-core reads of the slot are complete (its wgmma wait returned before the arrive).
// The cluster-scope form (.release.cluster) puts a memory barrier before every arrival, and on
// the H200 the consumer warps then spent 40 % of their stalls in it (Nsight Compute).
__device__ __forceinline__ void mbarArriveCluster(u32 bar, u32 cta)
{
    asm volatile("{\n.reg .b32 remote;\n"
                 "mapa.shared::cluster.u32 remote, %0, %1;\n"
                 "mbarrier.arrive.shared::cluster.b64 _, [remote];\n}\n" ::"r"(bar),
                 "r"(cta)
                 : "memory");
}
// One poll of the barrier's phase: true once the phase of that parity has completed.
__device__ __forceinline__ bool mbarPoll(u32 bar, u32 parity)
{
    u32 done;
    asm volatile("{\n.reg .pred p;\n"
                 "mbarrier.try_wait.parity.shared::cta.b64 p, [%1], %2;\n"
                 "selp.u32 %0, 1, 0, p;\n}\n"
                 : "=r"(done)
                 : "r"(bar), "r"(parity)
                 : "memory");
    return done != 0;
}
// Waits for the phase; a phase that never completes (a copy that never lands, an arrival
// miscounted, a partner block gone) traps after 4 s of the global timer instead of hanging the
// GPU: the launch then fails with an error the bench reports. A healthy wait takes microseconds.
__device__ __forceinline__ void mbarWait(u32 bar, u32 parity)
{
    if (mbarPoll(bar, parity))
        return;
    u64 t0, t;
    asm volatile("mov.u64 %0, %%globaltimer;\n" : "=l"(t0));
    while (!mbarPoll(bar, parity)) {
        asm volatile("mov.u64 %0, %%globaltimer;\n" : "=l"(t));
        if (t - t0 > 4000000000ull)
            __trap();
    }
}

// Makes initialised mbarriers visible to the async proxy (TMA) and the cluster before use.
__device__ __forceinline__ void mbarInitFence()
{
    asm volatile("fence.mbarrier_init.release.cluster;\n" ::: "memory");
}

// ---- TMA (sm_90) ----
// A CUtensorMap (128 bytes, 64-byte aligned) without including the driver header.
struct __align__(64) TmaMap
{
    u64 opaque[16];
};

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

// `bytes` contiguous bytes global -> shared (no tensor map), completing on bar.
__device__ __forceinline__ void bulkLoad(u32 dst, const void *src, u32 bytes, u32 bar)
{
    asm volatile(
        "cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];\n" ::"r"(
            dst),
        "l"(src), "r"(bytes), "r"(bar)
        : "memory");
}

// ---- shared-memory matrix descriptors (wgmma) ----
// A K-major tile in the 128-byte swizzled layout TMA wrote: rows of 128 bytes, 8-row groups
// 1024 bytes apart (stride byte offset), leading byte offset unused for this layout (1),
// swizzle mode 1 = 128B. A k16 step inside the 64-element row starts 32 bytes further on.
__device__ __forceinline__ u64 smemDesc(u32 addr)
{
    return (u64)((addr & 0x3FFFF) >> 4) | ((u64)1 << 16) | ((u64)(1024 >> 4) << 32) | ((u64)1 << 62);
}
// A tile without swizzle (8 x 16-byte core matrices, 128 and 256 bytes apart along K and
// along the rows).
__device__ __forceinline__ u64 smemDescFlat(u32 addr)
{
    return (u64)((addr & 0x3FFFF) >> 4) | (8ull << 16) | (16ull << 32);
}

// ---- wgmma (sm_90a) ----
// Warp-specialised register budgets: the producer gives registers back, the consumers take them.
template <int N> __device__ __forceinline__ void regsDec()
{
    asm volatile("setmaxnreg.dec.sync.aligned.u32 %0;\n" ::"n"(N) : "memory");
}
template <int N> __device__ __forceinline__ void regsInc()
{
    asm volatile("setmaxnreg.inc.sync.aligned.u32 %0;\n" ::"n"(N) : "memory");
}
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
// wgmma<N>(d, da, db): d (m64 x N fp32, N / 2 a thread) += A (descriptor da) * B (db), one
// instruction. WG_WRAPPERS() defines it for N = 64, 128, 192 and 256 and the shape the
// including file names before: WG_SHAPE, e.g. "k16.f32.bf16.bf16" with the transpose
// immediates WG_IMM ", 1, 1, 0, 0", or "k32.f32.e4m3.e4m3" with ", 1, 1".
template <int N> __device__ void wgmma(float *d, u64 da, u64 db);
#define WG_WRAPPER(N, ACC, DA, DB, P, ...)                                                                   \
    template <> __device__ __forceinline__ void wgmma<N>(float *d, u64 da, u64 db)                           \
    {                                                                                                        \
        asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %" #P ", 0;\n"                                        \
                     "wgmma.mma_async.sync.aligned.m64n" #N WG_SHAPE " {" ACC "}, %" #DA ", %" #DB           \
                     ", p" WG_IMM ";\n"                                                                      \
                     "}\n"                                                                                   \
                     : __VA_ARGS__                                                                           \
                     : "l"(da), "l"(db), "n"(1));                                                            \
    }
#define WG_WRAPPERS()                                                                                        \
    WG_WRAPPER(64, WG_ACC_0, 32, 33, 34, WG_D32(0))                                                          \
    WG_WRAPPER(128, WG_ACC_0 WG_ACC_1, 64, 65, 66, WG_D32(0), WG_D32(32))                                    \
    WG_WRAPPER(192, WG_ACC_0 WG_ACC_1 WG_ACC_2, 96, 97, 98, WG_D32(0), WG_D32(32), WG_D32(64))               \
    WG_WRAPPER(256, WG_ACC_0 WG_ACC_1 WG_ACC_2 WG_ACC_3, 128, 129, 130, WG_D32(0), WG_D32(32), WG_D32(64),   \
               WG_D32(96))

// Every accumulator of a consumer (MS m64 tiles of N columns) fenced (fenceReg).
template <int MS, int NH> __device__ __forceinline__ void fenceRegs(float (&acc)[MS][NH])
{
#pragma unroll
    for (int ms = 0; ms < MS; ++ms)
#pragma unroll
        for (int i = 0; i < NH; ++i)
            fenceReg(acc[ms][i]);
}

// One K-slice of a consumer warpgroup on 128-byte swizzled K-major tiles: KSTEPS wgmma per m64
// tile, each 32 bytes of K further on, committed as one group (not waited for). a: the
// consumer's first row of A (its m64 tiles 64 rows, 8 KB, apart); b: the tile of B.
template <int N, int MS, int KSTEPS>
__device__ __forceinline__ void wgmmaSlice(float (&acc)[MS][N / 2], u32 a, u32 b)
{
    fenceRegs(acc);
    wgmmaFence();
#pragma unroll
    for (int kk = 0; kk < KSTEPS; ++kk)
#pragma unroll
        for (int ms = 0; ms < MS; ++ms)
            wgmma<N>(acc[ms], smemDesc(a + ms * 64 * 128 + kk * 32), smemDesc(b + kk * 32));
    wgmmaCommit();
    fenceRegs(acc);
}
