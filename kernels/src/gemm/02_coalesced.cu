// GEMM ladder, step 2: global memory coalescing. C = alpha * A * B + beta * C, fp32,
// row-major (A M x K, B K x N, C M x N).
//
// The same one-thread-per-element kernel as step 1, with one change: threadIdx.x now walks
// the *columns* of C. The 32 threads of a warp read one A element (a broadcast) and 32
// consecutive B elements (128 bytes, 4 sectors) and write 128 consecutive bytes of C.
//
// Parameters (defines): BLOCK - the block is BLOCK x BLOCK threads (BLOCK^2 <= 1024).
// Launch: grid (ceil(N / BLOCK), ceil(M / BLOCK)), block (BLOCK, BLOCK).
// BLOCK: only from the step table (model/gemmsteps.cpp), as -D defines; no default here can drift
// from its declaration.
#if !defined(BLOCK)
#error "compile this step through the catalog: it defines every tile parameter"
#endif

static_assert(BLOCK >= 1 && BLOCK * BLOCK <= 1024, "BLOCK x BLOCK must be at most 1024 threads");

extern "C" __global__ void __launch_bounds__(BLOCK *BLOCK)
    gemm_coalesced(int M, int N, int K, float alpha, const float *__restrict__ A, const float *__restrict__ B,
                   float beta, float *__restrict__ C)
{
    const int col = blockIdx.x * BLOCK + threadIdx.x;
    const int row = blockIdx.y * BLOCK + threadIdx.y;
    if (row >= M || col >= N)
        return;
    float acc = 0.f;
    for (int k = 0; k < K; ++k)
        acc += A[(size_t)row * K + k] * B[(size_t)k * N + col];
    float *c = C + (size_t)row * N + col;
    *c = beta == 0.f ? alpha * acc : alpha * acc + beta * *c;
}
