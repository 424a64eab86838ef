// GEMM ladder, step 9: mma.sync + ldmatrix + a multistage cp.async pipeline.
// C = alpha * A * B + beta * C with A, B in bf16 (or fp16), fp32 accumulation and fp32 C.
// Layouts as in step 8: A M x K row-major, B as N x K row-major (K contiguous), C M x N.
//
// What changes against WMMA:
// * cp.async copies global -> shared without passing through registers, STAGES K-slices deep:
//   while the tensor cores work on slice k, the copies of slices k+1 .. k+STAGES-1 are in
//   flight. One barrier per slice.
// * Shared-memory tiles are XOR-swizzled in 16-byte chunks, so the copies and the ldmatrix
//   reads hit 32 different banks without padding.
// * ldmatrix.x4 loads a 16 x 16 operand fragment for the whole warp in one instruction, in
//   exactly the register layout that mma.sync.m16n8k16 expects.
// * The warp tile is large (default 64 x 64: 4 x 8 mma tiles): each A fragment is used 8
//   times, each B fragment 4 times, straight from registers.
// * FRAGPIPE=1: the fragments are double-buffered in registers: the ldmatrix of the next
//   16-wide K step (and, across the barrier, of the next slice) is issued before the mma of
//   the current one, so shared-memory latency hides behind tensor-core work.
// Blocks are numbered in grouped order (GROUP block-rows at a time), for L2 reuse.
//
// Parameters (defines): BM, BN - block tile; BK - K-slice (16, 32 or 64); STAGES - slices in
// flight (2..8); WARPS_M, WARPS_N - warp grid; GROUP - block-rows per group; DT - 0 bf16,
// 1 fp16; FRAGPIPE - 1 double-buffers the register fragments (see above), 0 does not. Legal: (BM / WARPS_M)
// and (BN / WARPS_N) multiples of 16; threads <= 1024; the copies of one slice divide evenly among the
// threads. Host requirement: K a multiple of 8 (each row of A and B starts on a 16-byte boundary, the unit
// cp.async copies). M and N are free: rows past the edge are zero-filled by cp.async. Launch: 1D grid of
// ceil(M / BM) * ceil(N / BN) blocks, block 32 * WARPS_M * WARPS_N, dynamic shared memory STAGES * (BM + BN)
// * BK * 2 bytes (above 48 KB it needs the function's max dynamic shared memory attribute raised).
// BM, BN, BK, STAGES, WARPS_M, WARPS_N, GROUP, DT, FRAGPIPE: only from the step table
// (model/gemmsteps.cpp), as -D defines; no default here can drift from its declaration.
#if !defined(BM) || !defined(BN) || !defined(BK) || !defined(STAGES) || !defined(WARPS_M) ||                 \
    !defined(WARPS_N) || !defined(GROUP) || !defined(DT) || !defined(FRAGPIPE)
#error "compile this step through the catalog: it defines every tile parameter"
#endif

#if DT == 1
#define MMA_TYPES "f16.f16"
#else
#define MMA_TYPES "bf16.bf16"
#endif

#include "gemm/ladder.cuh" // found through -I kernels/src, as NVRTC compiles it

typedef unsigned short elem_t; // bf16 / fp16 bits: the tensor cores interpret them
typedef unsigned int u32;

#define NT (32 * WARPS_M * WARPS_N)
#define WTM (BM / WARPS_M)
#define WTN (BN / WARPS_N)
#define MI (WTM / 16) // m16 tiles per warp
#define NI (WTN / 8)  // n8 tiles per warp
#define CH (BK / 8)   // 16-byte chunks per tile row
#define KK (BK / 16)  // mma K steps per slice
#define A_TILE_BYTES (BM * BK * 2)
#define B_TILE_BYTES (BN * BK * 2)
#define COPIES_A (BM * CH / NT)
#define COPIES_B (BN * CH / NT)

static_assert(BK == 16 || BK == 32 || BK == 64, "BK must be 16, 32 or 64");
static_assert(STAGES >= 2 && STAGES <= 8, "STAGES must be 2..8");
static_assert(BM % WARPS_M == 0 && BN % WARPS_N == 0 && WTM % 16 == 0 && WTN % 16 == 0,
              "each warp's tile must be a multiple of 16 x 16");
static_assert(NT <= 1024, "too many warps for one block");
static_assert((BM * CH) % NT == 0 && (BN * CH) % NT == 0 && COPIES_A >= 1 && COPIES_B >= 1,
              "the 16-byte copies of a slice must divide evenly among the threads");
static_assert(GROUP >= 1, "GROUP must be at least 1");
static_assert(COPIES_A <= 64 && COPIES_B <= 64, "at most 64 copies per thread and slice (bit masks)");

// Byte offset of 16-byte chunk `chunk` of tile row `row`. Rows are CH chunks long; the tile
// is viewed as 128-byte lines of 8 chunks and a chunk's position in its line is XORed with
// the line number, so 8 rows read at one chunk column land in 8 different bank groups.
__device__ __forceinline__ u32 swz(int row, int chunk)
{
    const int o = row * CH + chunk;
    const int line = o >> 3;
    return (u32)(((line << 3) | ((o & 7) ^ (line & 7))) << 4);
}

// The cp.async, ldmatrix and mma.sync helpers below are spelled out here on purpose: this
// step is the lesson that introduces them. The later kernels take them from ptx.cuh.
__device__ __forceinline__ void cpAsync16(u32 dst, const void *src, bool valid)
{
    // src-size 0 writes 16 zero bytes: the edge tiles need no special case.
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16, %2;\n" ::"r"(dst), "l"(src), "r"(valid ? 16 : 0));
}
// The same copy when the 16 bytes are known to lie inside the matrix.
__device__ __forceinline__ void cpAsync16Full(u32 dst, const void *src)
{
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(dst), "l"(src));
}
__device__ __forceinline__ void cpAsyncCommit()
{
    asm volatile("cp.async.commit_group;\n" ::);
}
template <int N> __device__ __forceinline__ void cpAsyncWait()
{
    asm volatile("cp.async.wait_group %0;\n" ::"n"(N));
}

__device__ __forceinline__ void ldmatrixX4(u32 addr, u32 &r0, u32 &r1, u32 &r2, u32 &r3)
{
    asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0,%1,%2,%3}, [%4];\n"
                 : "=r"(r0), "=r"(r1), "=r"(r2), "=r"(r3)
                 : "r"(addr));
}

__device__ __forceinline__ void mma16816(float *d, const u32 *a, const u32 *b)
{
    asm volatile("mma.sync.aligned.m16n8k16.row.col.f32." MMA_TYPES ".f32 "
                 "{%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};\n"
                 : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
                 : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
}

extern "C" __global__ void __launch_bounds__(NT)
    gemm_mma_multistage(int M, int N, int K, float alpha, const elem_t *__restrict__ A,
                        const elem_t *__restrict__ B, float beta, float *__restrict__ C)
{
    extern __shared__ __align__(128) unsigned char smem[];
    const u32 sA = (u32)__cvta_generic_to_shared(smem);
    const u32 sB = sA + STAGES * A_TILE_BYTES;

    const int tilesM = (M + BM - 1) / BM, tilesN = (N + BN - 1) / BN;
    int tm, tn;
    tileOf<GROUP>(blockIdx.x, tilesM, tilesN, tm, tn);
    const int m0 = tm * BM, n0 = tn * BN;
    const int tid = threadIdx.x, warp = tid / 32, lane = tid % 32;
    const int wm = warp / WARPS_N, wn = warp % WARPS_N;

    // A thread's copies of a slice: chunk column `ch` of rows r0, r0 + NT / CH, ... of each
    // tile (NT is a multiple of CH), so one base pointer per operand, a row stride and one K
    // test per slice; the rows inside M (or N) are a loop-invariant bit mask.
    const int r0 = tid / CH, ch = tid % CH;
    const elem_t *gA = A + (size_t)(m0 + r0) * K + ch * 8;
    const elem_t *gB = B + (size_t)(n0 + r0) * K + ch * 8;
    const size_t rowStep = (size_t)(NT / CH) * K;
    unsigned long long okA = 0, okB = 0; // up to 256 x 64 tiles of one warp: 64 copies
#pragma unroll
    for (int p = 0; p < COPIES_A; ++p)
        okA |= (m0 + r0 + p * (NT / CH) < M ? 1ull : 0ull) << p;
#pragma unroll
    for (int p = 0; p < COPIES_B; ++p)
        okB |= (n0 + r0 + p * (NT / CH) < N ? 1ull : 0ull) << p;
    // Blocks whose tile lies inside A, B and C with K a multiple of BK (all of them at 8192^3)
    // copy without tests: no zero-fill operand, no row masks, no select of a safe address. In
    // the H200's SASS the tested copies cost about 7 integer instructions each, 45 a slice
    // beside its 64 mma.sync, and the warps' fixed-latency waits on them were 41 % of their
    // stalls (Nsight Compute).
    const bool interior = m0 + BM <= M && n0 + BN <= N && K % BK == 0;
    auto loadSlice = [&](int stage, int k0) {
        const u32 dA = sA + stage * A_TILE_BYTES, dB = sB + stage * B_TILE_BYTES;
        if (interior) {
            const elem_t *pa = gA + k0, *pb = gB + k0;
#pragma unroll
            for (int p = 0; p < COPIES_A; ++p)
                cpAsync16Full(dA + swz(r0 + p * (NT / CH), ch), pa + p * rowStep);
#pragma unroll
            for (int p = 0; p < COPIES_B; ++p)
                cpAsync16Full(dB + swz(r0 + p * (NT / CH), ch), pb + p * rowStep);
            return;
        }
        const bool inK = k0 + ch * 8 < K;
#pragma unroll
        for (int p = 0; p < COPIES_A; ++p) {
            const bool ok = inK && ((okA >> p) & 1ull);
            cpAsync16(dA + swz(r0 + p * (NT / CH), ch), ok ? gA + p * rowStep + k0 : A, ok);
        }
#pragma unroll
        for (int p = 0; p < COPIES_B; ++p) {
            const bool ok = inK && ((okB >> p) & 1ull);
            cpAsync16(dB + swz(r0 + p * (NT / CH), ch), ok ? gB + p * rowStep + k0 : B, ok);
        }
    };

    float acc[MI][NI][4];
#pragma unroll
    for (int i = 0; i < MI; ++i)
#pragma unroll
        for (int j = 0; j < NI; ++j)
#pragma unroll
            for (int q = 0; q < 4; ++q)
                acc[i][j][q] = 0.f;

    const int KT = (K + BK - 1) / BK;
    // Prologue: STAGES-1 slices in flight (empty groups past the end keep the count right).
#pragma unroll
    for (int s = 0; s < STAGES - 1; ++s) {
        if (s < KT)
            loadSlice(s, s * BK);
        cpAsyncCommit();
    }
    cpAsyncWait<STAGES - 2>();
    __syncthreads();

    // Per-lane ldmatrix rows: A's x4 covers rows 0-15 x k 0-15 of an m16 tile; B's x4 covers
    // two n8 tiles (n 0-15) x k 0-15.
    const int aRow = wm * WTM + (lane % 16), aChunk = lane / 16;
    const int bRow = wn * WTN + (lane / 16) * 8 + (lane % 8), bChunk = (lane / 8) % 2;
    auto loadFrags = [&](u32(&a)[MI][4], u32(&b)[NI][2], u32 tA, u32 tB, int kk) {
#pragma unroll
        for (int i = 0; i < MI; ++i)
            ldmatrixX4(tA + swz(aRow + i * 16, kk * 2 + aChunk), a[i][0], a[i][1], a[i][2], a[i][3]);
#pragma unroll
        for (int j = 0; j < NI / 2; ++j)
            ldmatrixX4(tB + swz(bRow + j * 16, kk * 2 + bChunk), b[2 * j][0], b[2 * j][1], b[2 * j + 1][0],
                       b[2 * j + 1][1]);
    };
    auto mmaAll = [&](const u32(&a)[MI][4], const u32(&b)[NI][2]) {
#pragma unroll
        for (int i = 0; i < MI; ++i)
#pragma unroll
            for (int j = 0; j < NI; ++j)
                mma16816(acc[i][j], a[i], b[j]);
    };

#if FRAGPIPE
    u32 fa[2][MI][4], fb[2][NI][2];
    loadFrags(fa[0], fb[0], sA, sB, 0); // slice 0 (stage 0), first K step
    for (int kt = 0; kt < KT; ++kt) {
        // Refill the stage of slice kt-1: its last fragments were read before the barrier of
        // the previous iteration, which every thread has passed.
        const int next = kt + STAGES - 1;
        if (next < KT)
            loadSlice(next % STAGES, next * BK);
        cpAsyncCommit();
        const int stage = kt % STAGES;
        const u32 tA = sA + stage * A_TILE_BYTES, tB = sB + stage * B_TILE_BYTES;
#pragma unroll
        for (int kk = 0; kk < KK; ++kk) {
            if (kk == KK - 1) {
                // Before the last mma of this slice: wait for slice kt+1 (this thread's copies,
                // then everyone's), and start reading it.
                cpAsyncWait<STAGES - 2>();
                __syncthreads();
                if (kt + 1 < KT) {
                    const int ns = (kt + 1) % STAGES;
                    loadFrags(fa[(kk + 1) & 1], fb[(kk + 1) & 1], sA + ns * A_TILE_BYTES,
                              sB + ns * B_TILE_BYTES, 0);
                }
            } else {
                loadFrags(fa[(kk + 1) & 1], fb[(kk + 1) & 1], tA, tB, kk + 1);
            }
            mmaAll(fa[kk & 1], fb[kk & 1]);
        }
        if (KK % 2 == 1) {
            // An odd number of K steps leaves the next slice's fragments in buffer 1.
#pragma unroll
            for (int i = 0; i < MI; ++i)
#pragma unroll
                for (int q = 0; q < 4; ++q)
                    fa[0][i][q] = fa[1][i][q];
#pragma unroll
            for (int j = 0; j < NI; ++j)
#pragma unroll
                for (int q = 0; q < 2; ++q)
                    fb[0][j][q] = fb[1][j][q];
        }
    }
#else
    for (int kt = 0; kt < KT; ++kt) {
        // Refill the stage that was consumed one iteration ago (the barrier at the end of that
        // iteration guarantees every warp is done reading it).
        const int next = kt + STAGES - 1;
        if (next < KT)
            loadSlice(next % STAGES, next * BK);
        cpAsyncCommit();

        const int stage = kt % STAGES;
        const u32 tA = sA + stage * A_TILE_BYTES, tB = sB + stage * B_TILE_BYTES;
#pragma unroll
        for (int kk = 0; kk < KK; ++kk) {
            u32 a[MI][4], b[NI][2];
            loadFrags(a, b, tA, tB, kk);
            mmaAll(a, b);
        }
        cpAsyncWait<STAGES - 2>(); // slice kt+1 has landed (for this thread's copies) ...
        __syncthreads();           // ... and for everyone's; stage kt is free again
    }
#endif
    cpAsyncWait<0>();

    // Accumulator layout of m16n8: lane holds (row lane/4, cols 2*(lane%4) + 0,1) and row + 8.
#pragma unroll
    for (int i = 0; i < MI; ++i)
#pragma unroll
        for (int j = 0; j < NI; ++j) {
            const int row = m0 + wm * WTM + i * 16 + lane / 4;
            const int col = n0 + wn * WTN + j * 8 + (lane % 4) * 2;
            storeC(C, M, N, row, col, acc[i][j][0], acc[i][j][1], alpha, beta);
            storeC(C, M, N, row + 8, col, acc[i][j][2], acc[i][j][3], alpha, beta);
        }
}
