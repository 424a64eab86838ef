// GEMM ladder, step 5: 2D register blocking. C = alpha * A * B + beta * C, fp32, row-major.
//
// Each thread computes a TM x TN patch of C. Per k it loads TM values of As and TN values of
// Bs into registers and does TM * TN multiply-adds with them (an outer product): shared
// memory loads per FMA fall to (TM + TN) / (TM * TN), a quarter at 8 x 8.
//
// Parameters (defines): BM, BN, BK - block tile; TM, TN - results per thread.
// Threads = (BM / TM) * (BN / TN). Legal: BM % TM == 0, BN % TN == 0, threads a multiple of
// 32 and <= 1024.
// Launch: grid (ceil(N / BN), ceil(M / BM)), block ((BM / TM) * (BN / TN)).
// Shared memory (static): (BM * BK + BK * BN) * 4 bytes.
// BM, BN, BK, TM, TN: only from the step table (model/gemmsteps.cpp), as -D defines; no default here
// can drift from its declaration.
#if !defined(BM) || !defined(BN) || !defined(BK) || !defined(TM) || !defined(TN)
#error "compile this step through the catalog: it defines every tile parameter"
#endif
#define NT ((BM / TM) * (BN / TN))

static_assert(BM % TM == 0 && BN % TN == 0, "BM and BN must be multiples of TM and TN");
static_assert(NT % 32 == 0 && NT <= 1024, "(BM/TM)*(BN/TN) threads must be a multiple of 32, at most 1024");

extern "C" __global__ void __launch_bounds__(NT)
    gemm_reg2d(int M, int N, int K, float alpha, const float *__restrict__ A, const float *__restrict__ B,
               float beta, float *__restrict__ C)
{
    __shared__ float As[BM * BK];
    __shared__ float Bs[BK * BN];

    const int tid = threadIdx.x;
    const int m0 = blockIdx.y * BM, n0 = blockIdx.x * BN;
    const int threadCol = tid % (BN / TN);
    const int threadRow = tid / (BN / TN);

    float acc[TM][TN] = {};
    float regM[TM], regN[TN];
    for (int k0 = 0; k0 < K; k0 += BK) {
        for (int i = tid; i < BM * BK; i += NT) {
            const int r = i / BK, c = i % BK;
            As[i] = (m0 + r < M && k0 + c < K) ? A[(size_t)(m0 + r) * K + k0 + c] : 0.f;
        }
        for (int i = tid; i < BK * BN; i += NT) {
            const int r = i / BN, c = i % BN;
            Bs[i] = (k0 + r < K && n0 + c < N) ? B[(size_t)(k0 + r) * N + n0 + c] : 0.f;
        }
        __syncthreads();
#pragma unroll
        for (int k = 0; k < BK; ++k) {
#pragma unroll
            for (int i = 0; i < TM; ++i)
                regM[i] = As[(threadRow * TM + i) * BK + k];
#pragma unroll
            for (int j = 0; j < TN; ++j)
                regN[j] = Bs[k * BN + threadCol * TN + j];
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
#pragma unroll
        for (int j = 0; j < TN; ++j) {
            const int col = n0 + threadCol * TN + j;
            if (row < M && col < N) {
                float *c = C + (size_t)row * N + col;
                *c = beta == 0.f ? alpha * acc[i][j] : alpha * acc[i][j] + beta * *c;
            }
        }
    }
}
