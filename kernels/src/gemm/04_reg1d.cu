// GEMM ladder, step 4: 1D register blocking. C = alpha * A * B + beta * C, fp32, row-major.
//
// A block computes a BM x BN tile of C with BM * BN / TM threads; each thread computes a
// column of TM results kept in registers. In the inner loop a thread reads one element of
// Bs into a register and reuses it for TM multiply-adds with TM elements of As: the shared
// memory loads per FMA drop from 2 to (1 + TM) / TM.
//
// Parameters (defines): BM, BN, BK - block tile; TM - results per thread (a column).
// Threads = BM * BN / TM. Legal: BM % TM == 0, threads a multiple of 32 and <= 1024.
// Launch: grid (ceil(N / BN), ceil(M / BM)), block (BM * BN / TM).
// Shared memory (static): (BM * BK + BK * BN) * 4 bytes.
// BM, BN, BK, TM: only from the step table (model/gemmsteps.cpp), as -D defines; no default here can
// drift from its declaration.
#if !defined(BM) || !defined(BN) || !defined(BK) || !defined(TM)
#error "compile this step through the catalog: it defines every tile parameter"
#endif
#define NT (BM * BN / TM)

static_assert(BM % TM == 0, "BM must be a multiple of TM");
static_assert(NT % 32 == 0 && NT <= 1024, "BM*BN/TM threads must be a multiple of 32, at most 1024");

extern "C" __global__ void __launch_bounds__(NT)
    gemm_reg1d(int M, int N, int K, float alpha, const float *__restrict__ A, const float *__restrict__ B,
               float beta, float *__restrict__ C)
{
    __shared__ float As[BM * BK];
    __shared__ float Bs[BK * BN];

    const int tid = threadIdx.x;
    const int m0 = blockIdx.y * BM, n0 = blockIdx.x * BN;
    const int threadCol = tid % BN;
    const int threadRow = tid / BN; // rows threadRow*TM .. +TM of the tile

    float acc[TM] = {};
    for (int k0 = 0; k0 < K; k0 += BK) {
        // Consecutive threads take consecutive elements of a row: coalesced.
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
            const float b = Bs[k * BN + threadCol];
#pragma unroll
            for (int i = 0; i < TM; ++i)
                acc[i] += As[(threadRow * TM + i) * BK + k] * b;
        }
        __syncthreads();
    }
    const int col = n0 + threadCol;
#pragma unroll
    for (int i = 0; i < TM; ++i) {
        const int row = m0 + threadRow * TM + i;
        if (row < M && col < N) {
            float *c = C + (size_t)row * N + col;
            *c = beta == 0.f ? alpha * acc[i] : alpha * acc[i] + beta * *c;
        }
    }
}
