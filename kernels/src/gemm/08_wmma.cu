// GEMM ladder, step 8: tensor cores through WMMA. C = alpha * A * B + beta * C with A, B in
// bf16 (or fp16) and C and the accumulation in fp32.
// Layouts: A is M x K row-major; B is given as N x K row-major (K contiguous, "column-major
// B", the layout tensor cores read without a transpose; cuBLAS is called with the same);
// C is M x N row-major fp32.
//
// The block tile is staged through shared memory as in step 3, but the math is done by
// tensor cores: each warp owns (BM / WARPS_M) x (BN / WARPS_N) of C as 16 x 16 accumulator
// fragments and issues wmma::mma_sync on 16 x 16 x 16 pieces. One load, one barrier, one
// compute per K-slice: no pipelining yet (that is step 9).
//
// Blocks are numbered in grouped order (GROUP block-rows at a time walk across N), so blocks
// that run together share panels of A and B in L2.
//
// Parameters (defines): BM, BN, BK - block tile (multiples of 16); WARPS_M, WARPS_N - warp
// grid; GROUP - block-rows per group (1 = plain row order); DT - 0 bf16, 1 fp16.
// Launch: 1D grid of ceil(M / BM) * ceil(N / BN) blocks, block 32 * WARPS_M * WARPS_N.
// Shared memory (static): (BM + BN) * (BK + 8) * 2 bytes.
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <mma.h>

#include "gemm/ladder.cuh" // found through -I kernels/src, as NVRTC compiles it

// BM, BN, BK, WARPS_M, WARPS_N, GROUP, DT: only from the step table (model/gemmsteps.cpp), as -D
// defines; no default here can drift from its declaration.
#if !defined(BM) || !defined(BN) || !defined(BK) || !defined(WARPS_M) || !defined(WARPS_N) ||                \
    !defined(GROUP) || !defined(DT)
#error "compile this step through the catalog: it defines every tile parameter"
#endif

#if DT == 1
typedef __half elem_t;
#else
typedef __nv_bfloat16 elem_t;
#endif

#define NT (32 * WARPS_M * WARPS_N)
#define WTM (BM / WARPS_M)
#define WTN (BN / WARPS_N)
#define FM (WTM / 16)
#define FN (WTN / 16)
#define LDS (BK + 8) // +16 bytes per row: rows start in different banks

static_assert(BM % 16 == 0 && BN % 16 == 0 && BK % 16 == 0, "BM, BN and BK must be multiples of 16");
static_assert(BM % WARPS_M == 0 && BN % WARPS_N == 0 && WTM % 16 == 0 && WTN % 16 == 0,
              "each warp's tile must be a multiple of 16 x 16");
static_assert(NT <= 1024, "too many warps for one block");
static_assert(GROUP >= 1, "GROUP must be at least 1");
static_assert((BM + BN) * LDS * 2 <= 48 * 1024, "static shared memory is limited to 48 KB");
static_assert(NT / 32 * 16 * 16 * 4 <= (BM + BN) * LDS * 2,
              "the epilogue scratch must fit in the tiles' space");

using namespace nvcuda;

extern "C" __global__ void __launch_bounds__(NT)
    gemm_wmma(int M, int N, int K, float alpha, const elem_t *__restrict__ A, const elem_t *__restrict__ B,
              float beta, float *__restrict__ C)
{
    __shared__ __align__(128) unsigned char smem[(BM + BN) * LDS * 2];
    elem_t *As = reinterpret_cast<elem_t *>(smem);
    elem_t *Bs = As + BM * LDS;

    const int tilesM = (M + BM - 1) / BM, tilesN = (N + BN - 1) / BN;
    int tm, tn;
    tileOf<GROUP>(blockIdx.x, tilesM, tilesN, tm, tn); // grouped order (ladder.cuh)
    const int m0 = tm * BM, n0 = tn * BN;
    const int tid = threadIdx.x, warp = tid / 32, lane = tid % 32;
    const int wm = warp / WARPS_N, wn = warp % WARPS_N;
    const bool vec = (K % 8) == 0; // rows start on 16-byte boundaries

    wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc[FM][FN];
#pragma unroll
    for (int i = 0; i < FM; ++i)
#pragma unroll
        for (int j = 0; j < FN; ++j)
            wmma::fill_fragment(acc[i][j], 0.f);

    // Copies rows x BK elements starting at (r0, k0) of a K-contiguous matrix into smem.
    auto loadTile = [&](elem_t *dst, const elem_t *src, int rows, int r0, int rmax, int k0) {
        for (int c = tid; c < rows * (BK / 8); c += NT) {
            const int r = c / (BK / 8), k = (c % (BK / 8)) * 8;
            const int gr = r0 + r, gk = k0 + k;
            uint4 v;
            if (vec && gr < rmax && gk + 7 < K) {
                v = *reinterpret_cast<const uint4 *>(src + (size_t)gr * K + gk);
            } else {
                elem_t e[8];
#pragma unroll
                for (int q = 0; q < 8; ++q)
                    e[q] = (gr < rmax && gk + q < K) ? src[(size_t)gr * K + gk + q] : elem_t(0.f);
                v = *reinterpret_cast<const uint4 *>(e);
            }
            *reinterpret_cast<uint4 *>(dst + r * LDS + k) = v;
        }
    };

    for (int k0 = 0; k0 < K; k0 += BK) {
        loadTile(As, A, BM, m0, M, k0);
        loadTile(Bs, B, BN, n0, N, k0);
        __syncthreads();
#pragma unroll
        for (int kk = 0; kk < BK; kk += 16) {
            wmma::fragment<wmma::matrix_a, 16, 16, 16, elem_t, wmma::row_major> a[FM];
            wmma::fragment<wmma::matrix_b, 16, 16, 16, elem_t, wmma::col_major> b[FN];
#pragma unroll
            for (int i = 0; i < FM; ++i)
                wmma::load_matrix_sync(a[i], As + (wm * WTM + i * 16) * LDS + kk, LDS);
#pragma unroll
            for (int j = 0; j < FN; ++j)
                wmma::load_matrix_sync(b[j], Bs + (wn * WTN + j * 16) * LDS + kk, LDS);
#pragma unroll
            for (int i = 0; i < FM; ++i)
#pragma unroll
                for (int j = 0; j < FN; ++j)
                    wmma::mma_sync(acc[i][j], a[i], b[j], acc[i][j]);
        }
        __syncthreads();
    }

    // The fragment layout is opaque, so each 16 x 16 result goes through a per-warp scratch
    // in shared memory (reusing the tile space: the loop ended with a barrier), then each
    // lane writes 8 elements with bounds checks.
    float *scratch = reinterpret_cast<float *>(smem) + warp * 256;
#pragma unroll
    for (int i = 0; i < FM; ++i)
#pragma unroll
        for (int j = 0; j < FN; ++j) {
            wmma::store_matrix_sync(scratch, acc[i][j], 16, wmma::mem_row_major);
            __syncwarp();
            const int rBase = m0 + wm * WTM + i * 16, cBase = n0 + wn * WTN + j * 16;
#pragma unroll
            for (int e = lane; e < 256; e += 32) {
                const int row = rBase + e / 16, col = cBase + e % 16;
                if (row < M && col < N) {
                    float *c = C + (size_t)row * N + col;
                    *c = beta == 0.f ? alpha * scratch[e] : alpha * scratch[e] + beta * *c;
                }
            }
            __syncwarp();
        }
}
