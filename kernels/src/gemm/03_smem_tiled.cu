// GEMM ladder, step 3: shared-memory tiling. C = alpha * A * B + beta * C, fp32, row-major.
//
// Each block computes a TILE x TILE tile of C. It walks K in steps of TILE: all threads load
// one TILE x TILE tile of A and one of B into shared memory (coalesced, zero-filled past the
// edges), synchronize, and each thread reads its row of As and column of Bs from shared
// memory. Every element loaded from global memory is used TILE times: global traffic drops
// by TILE, and shared-memory bandwidth becomes the limit.
//
// Parameters (defines): TILE - tile edge and block edge (TILE^2 <= 1024 threads).
// Launch: grid (ceil(N / TILE), ceil(M / TILE)), block (TILE, TILE).
// Shared memory (static): 2 * TILE * TILE * 4 bytes.
// TILE: only from the step table (model/gemmsteps.cpp), as -D defines; no default here can drift from
// its declaration.
#if !defined(TILE)
#error "compile this step through the catalog: it defines every tile parameter"
#endif

static_assert(TILE >= 2 && TILE * TILE <= 1024, "TILE x TILE must be at most 1024 threads");

extern "C" __global__ void __launch_bounds__(TILE *TILE)
    gemm_smem_tiled(int M, int N, int K, float alpha, const float *__restrict__ A,
                    const float *__restrict__ B, float beta, float *__restrict__ C)
{
    __shared__ float As[TILE][TILE];
    __shared__ float Bs[TILE][TILE + 1]; // +1: the column reads below hit 32 different banks

    const int tx = threadIdx.x, ty = threadIdx.y;
    const int row = blockIdx.y * TILE + ty;
    const int col = blockIdx.x * TILE + tx;

    float acc = 0.f;
    for (int k0 = 0; k0 < K; k0 += TILE) {
        As[ty][tx] = (row < M && k0 + tx < K) ? A[(size_t)row * K + k0 + tx] : 0.f;
        Bs[ty][tx] = (k0 + ty < K && col < N) ? B[(size_t)(k0 + ty) * N + col] : 0.f;
        __syncthreads();
#pragma unroll
        for (int k = 0; k < TILE; ++k)
            acc += As[ty][k] * Bs[k][tx];
        __syncthreads(); // the next loads overwrite tiles others may still read
    }
    if (row < M && col < N) {
        float *c = C + (size_t)row * N + col;
        *c = beta == 0.f ? alpha * acc : alpha * acc + beta * *c;
    }
}
