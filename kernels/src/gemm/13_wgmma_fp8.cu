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
//   the H100 SXM at 3.35 TB/s, the Triton tutorial's table), twice bf16's. What was hidden under the
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
// BM, BN, STAGES, CONSUMERS, GROUP: only from the step table (model/gemmsteps.cpp), as -D defines; no
// default here can drift from its declaration.
#if !defined(BM) || !defined(BN) || !defined(STAGES) || !defined(CONSUMERS) || !defined(GROUP)
#error "compile this step through the catalog: it defines every tile parameter"
#endif

#include "gemm/ladder.cuh" // found through -I kernels/src, as NVRTC compiles it
#include "ptx.cuh"         // TMA, mbarriers (bounded waits), descriptors, wgmma fences and operand lists

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

// The wgmma instruction of this step: m64nNk32 on e4m3 operands, fp32 accumulators. The 8-bit
// form has no transpose immediates: only scale-a and scale-b (1, 1). Unlike step 10, a wait
// that never completes (a copy that never lands, a phase counted wrong) does not hang the GPU:
// ptx.cuh's mbarWait traps after 4 s and the launch fails with an error the bench reports.
#define WG_SHAPE "k32.f32.e4m3.e4m3"
#define WG_IMM ", 1, 1"
WG_WRAPPERS()

extern "C" __global__ void __launch_bounds__(NT, 1)
    gemm_wgmma_fp8(const __grid_constant__ TmaMap tmA, const __grid_constant__ TmaMap tmB,
                   float *__restrict__ C, int M, int N, int K, const float *__restrict__ scaleA,
                   const float *__restrict__ scaleB, float alpha, float beta)
{
    extern __shared__ unsigned char smemRaw[];
    // The 128-byte swizzle repeats every 1024 bytes of address: tiles start 1024-aligned.
    const u32 sbase = (smemAddr(smemRaw) + 1023u) & ~1023u;
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
        mbarInitFence();
    }
    __syncthreads();

    if (wg == 0) {
        // Producer warpgroup: one thread issues every copy; the rest have nothing to do.
        regsDec<40>();
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
        regsInc<232>();
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
            // 32 e4m3 = 32 bytes of K per instruction
            wgmmaSlice<BN, MSUB, BK / 32>(acc, tileA(s) + c * WG_M * 128, tileB(s));
            // Keep this slice's group in flight; the previous one is done, so its stage is free.
            wgmmaWait<1>();
            if (kt > 0 && lane == 0)
                mbarArrive(empty((kt - 1) % STAGES));
        }
        wgmmaWait<0>();
        fenceRegs(acc);

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
