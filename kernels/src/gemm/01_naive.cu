// GEMM ladder, step 1: naive. C = alpha * A * B + beta * C, fp32, all row-major
// (A is M x K, B is K x N, C is M x N).
//
// One thread per element of C. threadIdx.x walks the *rows* of C, so the 32 threads of a
// warp read 32 different rows of A (K floats apart) and write 32 different rows of C: every
// access is its own 32-byte sector. This is the uncoalesced starting point of the ladder.
//
// Parameters (defines): BLOCK - the block is BLOCK x BLOCK threads (BLOCK^2 <= 1024).
// Launch: grid (ceil(M / BLOCK), ceil(N / BLOCK)), block (BLOCK, BLOCK).
// BLOCK: only from the step table (model/gemmsteps.cpp), as -D defines; no default here can drift
// from its declaration.
#if !defined(BLOCK)
#error "compile this step through the catalog: it defines every tile parameter"
#endif

static_assert(BLOCK >= 1 && BLOCK * BLOCK <= 1024, "BLOCK x BLOCK must be at most 1024 threads");

extern "C" __global__ void __launch_bounds__(BLOCK *BLOCK)
    gemm_naive(int M, int N, int K, float alpha, const float *__restrict__ A, const float *__restrict__ B,
               float beta, float *__restrict__ C)
{
    const int row = blockIdx.x * BLOCK + threadIdx.x;
    const int col = blockIdx.y * BLOCK + threadIdx.y;
    if (row >= M || col >= N)
        return;
    float acc = 0.f;
    for (int k = 0; k < K; ++k)
        acc += A[(size_t)row * K + k] * B[(size_t)k * N + col];
    float *c = C + (size_t)row * N + col;
    // beta == 0 must not read C: it may hold anything (NaN poison included).
    *c = beta == 0.f ? alpha * acc : alpha * acc + beta * *c;
}
