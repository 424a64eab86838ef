// GEMM ladder, step 13 (Hopper, sm_90a): step 10 in fp8 (e4m3), per-tensor scales.
// C = alpha * scaleA * scaleB * (A * B) + beta * C with A and B in e4m3, fp32 accumulation in
// the tensor cores and fp32 C (the ladder's C, so storeC and every check are shared; cuBLASLt
// writes fp32 D from e4m3 A and B as well). scaleA and scaleB are device pointers to one
// float each, as cuBLASLt takes them (CUBLASLT_MATMUL_DESC_A/B_SCALE_POINTER): a real fp8
// tensor is a quantized one, and its scale is data, not a compile-time constant.
// Layouts: A M x K row-major, B as N x K row-major (both K-major), C M x N row-major.
//
// What changes against step 10, and why (the lesson: halving the bytes doubles the ceiling):
// * The operands are one byte. fp8 wgmma reads both A and B K-major from shared memory only:
//   there is no transpose bit for 8-bit types, so B must be stored N x K (cuBLASLt's fp8
//   "TN" rule is the same constraint seen from a column-major library).
// * One 128-byte swizzle row now holds 128 elements of K, not 64: each TMA box is 128 x BM
//   (and 128 x BN) bytes, the same bytes per stage as step 10 but twice the K, so every
//   stage and every mbarrier round trip carries twice the math. The pipeline, the
//   descriptors (32 bytes further per instruction) and the accumulator layout are unchanged.
// * wgmma.m64nNk32.f32.e4m3.e4m3: K = 32 per instruction (32 bytes, as k16 was in bf16), at
//   twice the bf16 rate (H100/H200 dense fp8 peak ~1979 TFLOP/s vs ~989 bf16). Four per
//   K-slice of 128.
// * The tensor cores accumulate fp8 products with fewer bits than IEEE fp32 adds (about 14
//   retained, DeepSeek-V3 report, arXiv 2412.19437, 3.3.2); no promotion to CUDA-core fp32
//   is done here, so the reference is cuBLASLt with CUBLASLT_MATMUL_DESC_FAST_ACCUM on, the
//   same accumulation, and the checks' tolerances allow for it.
// * With twice the FLOP per byte the kernel sits further right on the roofline, under a roof
//   twice as high: the fp8 ridge point is ~1979e12 / 4.8e12 = 410 FLOP/B on the H200 (592 on
//   the H100 SXM at 3.35 TB/s, seed 002's table), twice bf16's. What was hidden under the
//   bf16 math now shows: the producer's issue, the mbarrier round trips and the epilogue (fp32
//   C is four bytes an element against one for each operand).
// Blocks are numbered in grouped order (GROUP block-rows at a time), for L2 reuse.
//
// Parameters (defines): BM (64 * CONSUMERS * 1 or 2), BN (64, 128, 192 or 256), STAGES (2..8),
// CONSUMERS (1 or 2 warpgroups), GROUP. The K-slice is fixed at 128 elements (128 bytes).
// Host requirements: K a multiple of 16 (TMA needs 16-byte row strides). Two tensor maps
// made on the host with cuTensorMapEncodeTiled: A as {K, M}, box {128, BM}; B as {K, N}, box
// {128, BN}; UINT8, no interleave, SWIZZLE_128B, zero OOB fill (a zero byte is e4m3 +0).
// Launch: 1D grid of ceil(M / BM) * ceil(N / BN) blocks, block 128 * (CONSUMERS + 1),
// dynamic shared memory STAGES * (BM + BN) * 128 + 1024 + 16 * STAGES bytes (attribute raised).
#ifndef BM
#define BM 128
#endif
#ifndef BN
#define BN 256
#endif
#ifndef STAGES
#define STAGES 4
#endif
#ifndef CONSUMERS
#define CONSUMERS 2
#endif
#ifndef GROUP
#define GROUP 8
#endif

#include "gemm/ladder.cuh" // found through -I kernels/src, as NVRTC compiles it
#include "mbarrier.cuh"    // mbarInit, mbarExpectTx, mbarArrive, the bounded mbarWait

typedef unsigned int u32;
typedef unsigned long long u64;

#define BK 128                // elements of K per stage: one 128-byte swizzle row of e4m3
#define WG_M (BM / CONSUMERS) // rows of C per consumer warpgroup
#define MSUB (WG_M / 64)      // m64 wgmma tiles per consumer
#define NT (128 * (CONSUMERS + 1))
#define A_BYTES (BM * BK) // one byte an element
#define B_BYTES (BN * BK)
#define STAGE_BYTES (A_BYTES + B_BYTES)
#define SMEM_BYTES (STAGES * STAGE_BYTES + 1024 + 16 * STAGES)

static_assert(CONSUMERS == 1 || CONSUMERS == 2, "CONSUMERS must be 1 or 2");
static_assert(BM % (64 * CONSUMERS) == 0 && (MSUB == 1 || MSUB == 2),
              "BM must be 64 or 128 per consumer warpgroup");
static_assert(BN == 64 || BN == 128 || BN == 192 || BN == 256, "BN must be 64, 128, 192 or 256");
static_assert(MSUB * BN <= 256, "accumulators: at most 128 floats per thread (MSUB * BN <= 256)");
static_assert(STAGES >= 2 && STAGES <= 8, "STAGES must be 2..8");
static_assert(SMEM_BYTES <= 232448, "the stages do not fit in 227 KB of shared memory");

// A CUtensorMap (128 bytes, 64-byte aligned) without including the driver header.
struct __align__(64) TmaMap
{
    u64 opaque[16];
};

// The mbarrier helpers of the Hopper steps (mbarrier.cuh): unlike step 10, a wait that never
// completes (a copy that never lands, a phase counted wrong) does not hang the GPU: after 4 s
// of the global timer the kernel traps, and the launch fails with an error the bench reports.
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
// As in step 10: an m64nNk32 wgmma names every accumulator register of the thread (N/2 of
// them) in one asm statement; WG_ACC_k are the operand numbers of accumulators 32k .. 32k+31,
// WG_D32(i) the "+f" operands d[i] .. d[i+31], then the descriptors and the scale-d flag
// (DA, DB, P). The 8-bit form has no transpose immediates: only scale-a and scale-b (1, 1).
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
                     "wgmma.mma_async.sync.aligned.m64n" #N "k32.f32.e4m3.e4m3 {" ACC "}, %" #DA ", %" #DB   \
                     ", p, 1, 1;\n"                                                                          \
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
    gemm_wgmma_fp8(const __grid_constant__ TmaMap tmA, const __grid_constant__ TmaMap tmB,
                   float *__restrict__ C, int M, int N, int K, const float *__restrict__ scaleA,
                   const float *__restrict__ scaleB, float alpha, float beta)
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
        // cuBLASLt's scaling: D = alpha * scaleA * scaleB * (A B) + beta * C, folded once.
        const float scale = alpha * __ldg(scaleA) * __ldg(scaleB);
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
            for (int kk = 0; kk < BK / 32; ++kk) // 32 e4m3 = 32 bytes of K per instruction
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
                storeC(C, M, N, row, col, acc[ms][4 * j + 0], acc[ms][4 * j + 1], scale, beta);
                storeC(C, M, N, row + 8, col, acc[ms][4 * j + 2], acc[ms][4 * j + 3], scale, beta);
            }
        }
    }
}
