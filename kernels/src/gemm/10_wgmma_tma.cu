// GEMM ladder, step 10 (Hopper, sm_90a): wgmma + TMA, warp-specialized.
// C = alpha * A * B + beta * C with A, B in bf16 (or fp16), fp32 accumulation and fp32 C.
// Layouts as in steps 8-9: A M x K row-major, B as N x K row-major (K contiguous), C M x N.
//
// What changes against mma.sync (step 9):
// * TMA (cp.async.bulk.tensor) moves a whole BM x 64 tile of A and BN x 64 tile of B per
//   stage with one instruction each, issued by a single thread; the copy engine writes them
//   in the 128-byte swizzled layout that wgmma reads, fills zeros past the matrix edges, and
//   signals completion on an mbarrier (transaction bytes).
// * wgmma.mma_async: a warpgroup (4 warps) multiplies 64 x BN x 16 per instruction with both
//   operands read straight from shared memory (no ldmatrix, no register fragments for A/B).
// * Warp specialization: warpgroup 0 only loads (its registers are given away with
//   setmaxnreg.dec), CONSUMERS warpgroups only multiply (setmaxnreg.inc), talking through
//   STAGES pairs of full/empty mbarriers.
// * Each consumer keeps one wgmma group in flight and frees a stage one iteration late.
// Blocks are numbered in grouped order (GROUP block-rows at a time), for L2 reuse.
//
// Parameters (defines): BM (64 * CONSUMERS * 1 or 2), BN (64, 128, 192 or 256), STAGES (2..8),
// CONSUMERS (1 or 2 warpgroups), GROUP, DT (0 bf16, 1 fp16). The K-slice is fixed at 64
// elements: one 128-byte swizzle row.
// Host requirements: K a multiple of 8 (TMA needs 16-byte row strides). Two tensor maps
// made on the host with cuTensorMapEncodeTiled: A as {K, M}, box {64, BM}; B as {K, N}, box
// {64, BN}; bf16/fp16, no interleave, SWIZZLE_128B, zero OOB fill.
// Launch: 1D grid of ceil(M / BM) * ceil(N / BN) blocks, block 128 * (CONSUMERS + 1),
// dynamic shared memory STAGES * (BM + BN) * 128 + 1024 + 16 * STAGES bytes (attribute raised).
// BM, BN, STAGES, CONSUMERS, GROUP, DT: only from the step table (model/gemmsteps.cpp), as -D
// defines; no default here can drift from its declaration.
#if !defined(BM) || !defined(BN) || !defined(STAGES) || !defined(CONSUMERS) || !defined(GROUP) || !defined(DT)
#error "compile this step through the catalog: it defines every tile parameter"
#endif

#if DT == 1
#define WG_TYPES "f16.f16"
#else
#define WG_TYPES "bf16.bf16"
#endif

#include "gemm/ladder.cuh" // found through -I kernels/src, as NVRTC compiles it

typedef unsigned int u32;
typedef unsigned long long u64;

#define BK 64
#define WG_M (BM / CONSUMERS) // rows of C per consumer warpgroup
#define MSUB (WG_M / 64)      // m64 wgmma tiles per consumer
#define NT (128 * (CONSUMERS + 1))
#define A_BYTES (BM * BK * 2)
#define B_BYTES (BN * BK * 2)
#define STAGE_BYTES (A_BYTES + B_BYTES)
#define SMEM_BYTES (STAGES * STAGE_BYTES + 1024 + 16 * STAGES)

static_assert(CONSUMERS == 1 || CONSUMERS == 2, "CONSUMERS must be 1 or 2");
static_assert(BM % (64 * CONSUMERS) == 0 && (MSUB == 1 || MSUB == 2),
              "BM must be 64 or 128 per consumer warpgroup");
static_assert(BN == 64 || BN == 128 || BN == 192 || BN == 256, "BN must be 64, 128, 192 or 256");
static_assert(MSUB * BN <= 256, "accumulators: at most 128 floats per thread (MSUB * BN <= 256)");
static_assert(STAGES >= 2 && STAGES <= 8, "STAGES must be 2..8");
static_assert(SMEM_BYTES <= 232448, "the stages do not fit in 227 KB of shared memory");

// The PTX helpers below (mbarriers, TMA, descriptor, wgmma) are spelled out here on purpose:
// this step is the lesson that introduces them, and a reader sees each instruction where it
// is used. Steps 11-13 and the LLM kernels take the same helpers from ptx.cuh.
// A CUtensorMap (128 bytes, 64-byte aligned) without including the driver header.
struct __align__(64) TmaMap
{
    u64 opaque[16];
};

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
__device__ __forceinline__ void mbarWait(u32 bar, u32 parity)
{
    u32 done;
    do {
        asm volatile("{\n.reg .pred p;\n"
                     "mbarrier.try_wait.parity.shared::cta.b64 p, [%1], %2;\n"
                     "selp.u32 %0, 1, 0, p;\n}\n"
                     : "=r"(done)
                     : "r"(bar), "r"(parity)
                     : "memory");
    } while (!done);
}
__device__ __forceinline__ void tmaLoad2d(u32 dst, const TmaMap *map, int x, int y, u32 bar)
{
    asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes"
                 " [%0], [%1, {%2, %3}], [%4];\n" ::"r"(dst),
                 "l"(reinterpret_cast<u64>(map)), "r"(x), "r"(y), "r"(bar)
                 : "memory");
}

// Shared-memory matrix descriptor for a K-major tile in the 128-byte swizzled layout TMA
// wrote: rows of 128 bytes, 8-row groups 1024 bytes apart (stride byte offset), leading
// byte offset unused for this layout (1), swizzle mode 1 = 128B.
__device__ __forceinline__ u64 smemDesc(u32 addr)
{
    return (u64)((addr & 0x3FFFF) >> 4) | ((u64)1 << 16) | ((u64)(1024 >> 4) << 32) | ((u64)1 << 62);
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

// ---- wgmma wrappers, one per n ----
// An m64nNk16 wgmma names every accumulator register of the thread (N/2 of them) in one asm
// statement, so the operand list is spelled out once: WG_ACC_k are the operand numbers of
// accumulators 32k .. 32k+31, WG_D32(i) the "+f" operands d[i] .. d[i+31]. The descriptors
// and the scale-d flag are the operands after the accumulators (DA, DB, P).
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
// ---- end of the wrappers ----

#if BN == 64
#define WGMMA wgmma64
#elif BN == 128
#define WGMMA wgmma128
#elif BN == 192
#define WGMMA wgmma192
#else
#define WGMMA wgmma256
#endif

extern "C" __global__ void __launch_bounds__(NT, 1)
    gemm_wgmma_tma(const __grid_constant__ TmaMap tmA, const __grid_constant__ TmaMap tmB,
                   float *__restrict__ C, int M, int N, int K, float alpha, float beta)
{
    extern __shared__ unsigned char smemRaw[];
    // The 128-byte swizzle repeats every 1024 bytes of address: tiles start 1024-aligned.
    const u32 sbase = ((u32)__cvta_generic_to_shared(smemRaw) + 1023u) & ~1023u;
    const u32 bars = sbase + STAGES * STAGE_BYTES;
    auto tileA = [&](int s) { return sbase + s * STAGE_BYTES; };
    auto tileB = [&](int s) { return sbase + s * STAGE_BYTES + A_BYTES; };
    auto full = [&](int s) { return bars + 8 * s; };
    auto empty = [&](int s) { return bars + 8 * (STAGES + s); };

    const int tilesM = (M + BM - 1) / BM, tilesN = (N + BN - 1) / BN;
    int tm, tn;
    tileOf<GROUP>(blockIdx.x, tilesM, tilesN, tm, tn);
    const int m0 = tm * BM, n0 = tn * BN;
    const int tid = threadIdx.x, wg = tid / 128;
    const int KT = (K + BK - 1) / BK;

    if (tid == 0) {
        for (int s = 0; s < STAGES; ++s) {
            mbarInit(full(s), 1);              // the producer's arrive + the TMA bytes
            mbarInit(empty(s), CONSUMERS * 4); // one arrive per consumer warp
        }
        asm volatile("fence.mbarrier_init.release.cluster;\n" ::: "memory");
    }
    __syncthreads();

    if (wg == 0) {
        // Producer warpgroup: one thread issues every copy; the rest have nothing to do.
        asm volatile("setmaxnreg.dec.sync.aligned.u32 40;\n" ::: "memory");
        if (tid == 0) {
            for (int kt = 0; kt < KT; ++kt) {
                const int s = kt % STAGES;
                if (kt >= STAGES)
                    mbarWait(empty(s), ((kt / STAGES) - 1) & 1);
                mbarExpectTx(full(s), STAGE_BYTES);
                tmaLoad2d(tileA(s), &tmA, kt * BK, m0, full(s));
                tmaLoad2d(tileB(s), &tmB, kt * BK, n0, full(s));
            }
        }
    } else {
        asm volatile("setmaxnreg.inc.sync.aligned.u32 232;\n" ::: "memory");
        const int c = wg - 1, t = tid - 128 * wg, warp = t / 32, lane = t % 32;
        float acc[MSUB][BN / 2];
#pragma unroll
        for (int ms = 0; ms < MSUB; ++ms)
#pragma unroll
            for (int i = 0; i < BN / 2; ++i)
                acc[ms][i] = 0.f;

        for (int kt = 0; kt < KT; ++kt) {
            const int s = kt % STAGES;
            mbarWait(full(s), (kt / STAGES) & 1);
#pragma unroll
            for (int ms = 0; ms < MSUB; ++ms)
#pragma unroll
                for (int i = 0; i < BN / 2; ++i)
                    fenceReg(acc[ms][i]);
            wgmmaFence();
#pragma unroll
            for (int kk = 0; kk < BK / 16; ++kk)
#pragma unroll
                for (int ms = 0; ms < MSUB; ++ms)
                    WGMMA(acc[ms], smemDesc(tileA(s) + (c * WG_M + ms * 64) * 128 + kk * 32),
                          smemDesc(tileB(s) + kk * 32));
            wgmmaCommit();
#pragma unroll
            for (int ms = 0; ms < MSUB; ++ms)
#pragma unroll
                for (int i = 0; i < BN / 2; ++i)
                    fenceReg(acc[ms][i]);
            // Keep this slice's group in flight; the previous one is done, so its stage is free.
            wgmmaWait<1>();
            if (kt > 0 && lane == 0)
                mbarArrive(empty((kt - 1) % STAGES));
        }
        wgmmaWait<0>();
#pragma unroll
        for (int ms = 0; ms < MSUB; ++ms)
#pragma unroll
            for (int i = 0; i < BN / 2; ++i)
                fenceReg(acc[ms][i]);

                // Accumulator layout of m64nN: warp w of the warpgroup holds rows 16w .. 16w+15; lane
                // holds row lane/4 (and +8) at columns 8j + 2*(lane%4) + 0,1 for j = 0 .. N/8-1.
#pragma unroll
        for (int ms = 0; ms < MSUB; ++ms) {
            const int row = m0 + c * WG_M + ms * 64 + warp * 16 + lane / 4;
#pragma unroll
            for (int j = 0; j < BN / 8; ++j) {
                const int col = n0 + j * 8 + (lane % 4) * 2;
                storeC(C, M, N, row, col, acc[ms][4 * j + 0], acc[ms][4 * j + 1], alpha, beta);
                storeC(C, M, N, row + 8, col, acc[ms][4 * j + 2], acc[ms][4 * j + 3], alpha, beta);
            }
        }
    }
}
