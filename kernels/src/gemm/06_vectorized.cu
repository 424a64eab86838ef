// GEMM ladder, step 6: vectorized memory access. C = alpha * A * B + beta * C, fp32, row-major.
//
// Step 5 plus 16-byte accesses everywhere they fit:
// * global loads of A and B as float4 (one LDG.128 instead of four LDG.32);
// * As is stored transposed (As[k][m]), so a thread's TM values of A for one k are
//   contiguous and come in as float4 from shared memory, like its TN values of B;
// * C is written as float4.
// Where a float4 would cross the edge of a matrix, or rows are not 16-byte aligned
// (K or N not a multiple of 4), the kernel falls back to single floats.
//
// Parameters (defines): BM, BN, BK - block tile; TM, TN - results per thread.
// Threads = (BM / TM) * (BN / TN). Legal: TM, TN, BK multiples of 4; BM % TM == 0,
// BN % TN == 0; threads a multiple of 32 and <= 1024.
// Launch: grid (ceil(N / BN), ceil(M / BM)), block ((BM / TM) * (BN / TN)).
// Shared memory (static): (BK * (BM + 4) + BK * BN) * 4 bytes.
#include "gemm/ladder.cuh" // loadEdge4 (found through -I kernels/src, as NVRTC compiles it)

// BM, BN, BK, TM, TN: only from the step table (model/gemmsteps.cpp), as -D defines; no default here
// can drift from its declaration.
#if !defined(BM) || !defined(BN) || !defined(BK) || !defined(TM) || !defined(TN)
#error "compile this step through the catalog: it defines every tile parameter"
#endif
#define NT ((BM / TM) * (BN / TN))
#define BMP (BM + 4) // padded row of the transposed As: fewer bank conflicts on the stores

static_assert(TM % 4 == 0 && TN % 4 == 0 && BK % 4 == 0, "TM, TN and BK must be multiples of 4");
static_assert(BM % TM == 0 && BN % TN == 0, "BM and BN must be multiples of TM and TN");
static_assert(NT % 32 == 0 && NT <= 1024, "(BM/TM)*(BN/TN) threads must be a multiple of 32, at most 1024");

extern "C" __global__ void __launch_bounds__(NT)
    gemm_vectorized(int M, int N, int K, float alpha, const float *__restrict__ A,
                    const float *__restrict__ B, float beta, float *__restrict__ C)
{
    __shared__ __align__(16) float As[BK * BMP];
    __shared__ __align__(16) float Bs[BK * BN];

    const int tid = threadIdx.x;
    const int m0 = blockIdx.y * BM, n0 = blockIdx.x * BN;
    const int threadCol = tid % (BN / TN);
    const int threadRow = tid / (BN / TN);
    const bool vecA = (K % 4) == 0, vecB = (N % 4) == 0;

    float acc[TM][TN] = {};
    float regM[TM], regN[TN];
    for (int k0 = 0; k0 < K; k0 += BK) {
        for (int i = tid; i < BM * BK / 4; i += NT) {
            const int r = i / (BK / 4), c = (i % (BK / 4)) * 4;
            const int gr = m0 + r, gk = k0 + c;
            const float4 v = loadEdge4(A, M, K, gr, gk, vecA); // one LDG.128 inside the matrix
            As[(c + 0) * BMP + r] = v.x;
            As[(c + 1) * BMP + r] = v.y;
            As[(c + 2) * BMP + r] = v.z;
            As[(c + 3) * BMP + r] = v.w;
        }
        for (int i = tid; i < BK * BN / 4; i += NT) {
            const int r = i / (BN / 4), c = (i % (BN / 4)) * 4;
            const int gk = k0 + r, gn = n0 + c;
            const float4 v = loadEdge4(B, K, N, gk, gn, vecB);
            *reinterpret_cast<float4 *>(&Bs[r * BN + c]) = v;
        }
        __syncthreads();
#pragma unroll
        for (int k = 0; k < BK; ++k) {
#pragma unroll
            for (int i = 0; i < TM; i += 4)
                *reinterpret_cast<float4 *>(&regM[i]) =
                    *reinterpret_cast<const float4 *>(&As[k * BMP + threadRow * TM + i]);
#pragma unroll
            for (int j = 0; j < TN; j += 4)
                *reinterpret_cast<float4 *>(&regN[j]) =
                    *reinterpret_cast<const float4 *>(&Bs[k * BN + threadCol * TN + j]);
#pragma unroll
            for (int i = 0; i < TM; ++i)
#pragma unroll
                for (int j = 0; j < TN; ++j)
                    acc[i][j] += regM[i] * regN[j];
        }
        __syncthreads();
    }
#pragma unroll
    for (int i = 0; i < TM; ++i) {
        const int row = m0 + threadRow * TM + i;
        if (row >= M)
            continue;
#pragma unroll
        for (int j = 0; j < TN; j += 4) {
            const int col = n0 + threadCol * TN + j;
            float *c = C + (size_t)row * N + col;
            if (vecB && col + 3 < N) {
                float4 v = make_float4(alpha * acc[i][j], alpha * acc[i][j + 1], alpha * acc[i][j + 2],
                                       alpha * acc[i][j + 3]);
                if (beta != 0.f) {
                    const float4 o = *reinterpret_cast<const float4 *>(c);
                    v.x += beta * o.x;
                    v.y += beta * o.y;
                    v.z += beta * o.z;
                    v.w += beta * o.w;
                }
                *reinterpret_cast<float4 *>(c) = v;
            } else {
#pragma unroll
                for (int q = 0; q < 4; ++q)
                    if (col + q < N)
                        c[q] = beta == 0.f ? alpha * acc[i][j + q] : alpha * acc[i][j + q] + beta * c[q];
            }
        }
    }
}
