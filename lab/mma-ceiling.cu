// The ceiling of the GEMM ladder's mma.sync step (09_mma_multistage.cu) on the GPU it runs on:
// its inner loop alone, with no DRAM traffic, timed beside cuBLAS bf16 8192^3 (issue 14 asks
// that step for 0.70 of cuBLAS; this says what its design can reach at all).
//
//   nvcc -O3 -std=c++17 -gencode=arch=compute_90,code=sm_90 lab/mma-ceiling.cu \
//        -o mma-ceiling -lcublas && ./mma-ceiling
//
// A tool for the notes (docs/lab/h200-notes.md), not part of the product or its build.
//
// Each block is the step's default block: 8 warps (2 x 4) of 64 x 64 warp tiles over a 128 x 256
// tile, slices of BK along K, the step's XOR swizzle, ldmatrix.x4 fragments double-buffered in
// registers and 32 mma.sync m16n8k16 a warp per k16 step. One block an SM (the registers allow
// no more), random bf16 operands. Variants:
// * no fill: the slices already lie in shared memory; only ldmatrix and mma run;
// * fill: each slice also arrives by cp.async, (BM + BN) * BK * 2 bytes from a small buffer that
//   stays in L2, STAGES slices deep, with the step's wait and barrier a slice: everything the
//   step does but read DRAM.
// The gap to cuBLAS is then the design's (shared memory asked for ~117 of its 128 bytes a clock
// at the mma.sync rate), not its pipeline's or DRAM's.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cublas_v2.h>
#include <cuda_bf16.h>
#include <cuda_runtime.h>
#include <vector>

#define CK(x)                                                                                                \
    do {                                                                                                     \
        cudaError_t e_ = (x);                                                                                \
        if (e_ != cudaSuccess) {                                                                             \
            std::printf("CUDA error %s at line %d\n", cudaGetErrorString(e_), __LINE__);                     \
            std::exit(1);                                                                                    \
        }                                                                                                    \
    } while (0)

typedef unsigned u32;
constexpr int BM = 128, BN = 256, WARPS_N = 4, NT = 256, WT = 64, MI = WT / 16, NI = WT / 8;
constexpr int SRC_SLICES = 32; // distinct slices in the fill's source buffer

// Random bf16 pairs of magnitude 0.125 .. 0.5: finite products, tensor cores toggling as on real data.
__host__ __device__ inline u32 randomPair(u32 h)
{
    h ^= h << 13;
    h ^= h >> 17;
    h ^= h << 5;
    return (h & 0x807f807fu) | 0x3e003e00u;
}

// 09_mma_multistage.cu's swizzle: 16-byte chunk `chunk` of row `row`, rows of CH chunks.
template <int CH> __device__ __forceinline__ u32 swz(int row, int chunk)
{
    const int o = row * CH + chunk, line = o >> 3;
    return (u32)(((line << 3) | ((o & 7) ^ (line & 7))) << 4);
}

__device__ __forceinline__ void ldmatrixX4(u32 addr, u32 &r0, u32 &r1, u32 &r2, u32 &r3)
{
    asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0,%1,%2,%3}, [%4];\n"
                 : "=r"(r0), "=r"(r1), "=r"(r2), "=r"(r3)
                 : "r"(addr));
}

__device__ __forceinline__ void mma16816(float *d, const u32 *a, const u32 *b)
{
    asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, "
                 "{%8,%9}, {%0,%1,%2,%3};\n"
                 : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
                 : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
}

__global__ void randomFill(u32 *p, size_t n)
{
    for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x)
        p[i] = randomPair((u32)(i * 2654435761u) ^ 0x9e3779b9u);
}

template <int FILL, int STAGES, int BK>
__global__ void __launch_bounds__(NT) stepLoop(const uint4 *__restrict__ src, int slices, float *out)
{
    constexpr int CH = BK / 8, KK = BK / 16, A_TILE = BM * BK * 2, B_TILE = BN * BK * 2;
    constexpr int SLICE_VECS = (BM + BN) * CH; // 16-byte copies a slice
    extern __shared__ __align__(128) unsigned char smem[];
    const u32 sA = (u32)__cvta_generic_to_shared(smem), sB = sA + STAGES * A_TILE;
    const int tid = threadIdx.x, warp = tid / 32, lane = tid % 32, wm = warp / WARPS_N, wn = warp % WARPS_N;

    // Every stage starts with random operands (the no-fill variant reads only these).
    for (int i = tid; i < STAGES * (A_TILE + B_TILE) / 16; i += NT) {
        const u32 h = (u32)i * 2654435761u ^ blockIdx.x * 40503u;
        reinterpret_cast<uint4 *>(smem)[i] =
            make_uint4(randomPair(h), randomPair(h + 1), randomPair(h + 2), randomPair(h + 3));
    }
    __syncthreads();

    // The step's copies: chunk column tid % CH of rows tid / CH + p * (NT / CH).
    const int r0 = tid / CH, ch = tid % CH;
    auto loadSlice = [&](int stage, int slice) {
        const uint4 *g = src + (size_t)((blockIdx.x * 7 + slice) % SRC_SLICES) * SLICE_VECS;
#pragma unroll
        for (int p = 0; p < BM * CH / NT; ++p)
            asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(sA + stage * A_TILE +
                                                                             swz<CH>(r0 + p * (NT / CH), ch)),
                         "l"(g + p * NT + tid));
#pragma unroll
        for (int p = 0; p < BN * CH / NT; ++p)
            asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(sB + stage * B_TILE +
                                                                             swz<CH>(r0 + p * (NT / CH), ch)),
                         "l"(g + BM * CH + p * NT + tid));
        asm volatile("cp.async.commit_group;\n");
    };
    auto waitSlice = [&] {
        asm volatile("cp.async.wait_group %0;\n" ::"n"(STAGES - 2));
        __syncthreads();
    };

    float acc[MI][NI][4] = {};
    if (FILL) {
        for (int s = 0; s < STAGES - 1; ++s)
            loadSlice(s, s);
        waitSlice();
    }
    const int aRow = wm * WT + (lane % 16), aChunk = lane / 16;
    const int bRow = wn * WT + (lane / 16) * 8 + (lane % 8), bChunk = (lane / 8) % 2;
    auto loadFrags = [&](u32(&a)[MI][4], u32(&b)[NI][2], u32 tA, u32 tB, int kk) {
#pragma unroll
        for (int i = 0; i < MI; ++i)
            ldmatrixX4(tA + swz<CH>(aRow + i * 16, kk * 2 + aChunk), a[i][0], a[i][1], a[i][2], a[i][3]);
#pragma unroll
        for (int j = 0; j < NI / 2; ++j)
            ldmatrixX4(tB + swz<CH>(bRow + j * 16, kk * 2 + bChunk), b[2 * j][0], b[2 * j][1],
                       b[2 * j + 1][0], b[2 * j + 1][1]);
    };
    u32 fa[2][MI][4], fb[2][NI][2];
    loadFrags(fa[0], fb[0], sA, sB, 0);
    for (int kt = 0; kt < slices; ++kt) {
        if (FILL)
            loadSlice((kt + STAGES - 1) % STAGES, kt + STAGES - 1);
        const int stage = kt % STAGES;
        const u32 tA = sA + stage * A_TILE, tB = sB + stage * B_TILE;
#pragma unroll
        for (int kk = 0; kk < KK; ++kk) {
            if (kk == KK - 1) {
                if (FILL)
                    waitSlice();
                const int ns = (kt + 1) % STAGES;
                loadFrags(fa[(kk + 1) & 1], fb[(kk + 1) & 1], sA + ns * A_TILE, sB + ns * B_TILE, 0);
            } else {
                loadFrags(fa[(kk + 1) & 1], fb[(kk + 1) & 1], tA, tB, kk + 1);
            }
#pragma unroll
            for (int i = 0; i < MI; ++i)
#pragma unroll
                for (int j = 0; j < NI; ++j)
                    mma16816(acc[i][j], fa[kk & 1][i], fb[kk & 1][j]);
        }
    }
    if (FILL)
        asm volatile("cp.async.wait_group 0;\n");
    // Keeps the accumulators alive; the sum is never this value.
    float s = 0.f;
#pragma unroll
    for (int i = 0; i < MI; ++i)
#pragma unroll
        for (int j = 0; j < NI; ++j)
            s += acc[i][j][0] + acc[i][j][3];
    if (s == 1234.5f)
        out[tid] = s;
}

// Milliseconds of one launch on every SM, SLICES32 slices of 32 k (BK = 64 runs half as many).
template <int FILL, int STAGES, int BK>
float timeLoop(cudaStream_t st, const uint4 *src, int sms, int slices32, float *out)
{
    const int smem = STAGES * (BM + BN) * BK * 2;
    CK(cudaFuncSetAttribute(stepLoop<FILL, STAGES, BK>, cudaFuncAttributeMaxDynamicSharedMemorySize, smem));
    cudaEvent_t a, b;
    CK(cudaEventCreate(&a));
    CK(cudaEventCreate(&b));
    CK(cudaEventRecord(a, st));
    stepLoop<FILL, STAGES, BK><<<sms, NT, smem, st>>>(src, slices32 * 32 / BK, out);
    CK(cudaGetLastError());
    CK(cudaEventRecord(b, st));
    CK(cudaEventSynchronize(b));
    float ms = 0.f;
    CK(cudaEventElapsedTime(&ms, a, b));
    CK(cudaEventDestroy(a));
    CK(cudaEventDestroy(b));
    return ms;
}

int main()
{
    cudaDeviceProp prop;
    CK(cudaGetDeviceProperties(&prop, 0));
    const int sms = prop.multiProcessorCount, slices32 = 20000; // about 10 ms a launch on an H100
    const size_t srcBytes = (size_t)SRC_SLICES * (BM + BN) * 64 * 2;
    uint4 *src = nullptr;
    float *out = nullptr;
    CK(cudaMalloc(&src, srcBytes));
    CK(cudaMalloc(&out, NT * sizeof(float)));
    randomFill<<<64, 256>>>(reinterpret_cast<u32 *>(src), srcBytes / 4);

    // cuBLAS bf16 8192^3 with fp32 C, as the ladder's reference.
    const int n = 8192;
    __nv_bfloat16 *A = nullptr, *B = nullptr;
    float *C = nullptr;
    CK(cudaMalloc(&A, (size_t)n * n * 2));
    CK(cudaMalloc(&B, (size_t)n * n * 2));
    CK(cudaMalloc(&C, (size_t)n * n * 4));
    randomFill<<<1024, 256>>>(reinterpret_cast<u32 *>(A), (size_t)n * n / 2);
    randomFill<<<1024, 256>>>(reinterpret_cast<u32 *>(B), (size_t)n * n / 2);
    CK(cudaDeviceSynchronize());
    cudaStream_t st;
    CK(cudaStreamCreate(&st));
    cublasHandle_t h;
    if (cublasCreate(&h) != CUBLAS_STATUS_SUCCESS || cublasSetStream(h, st) != CUBLAS_STATUS_SUCCESS) {
        std::printf("cuBLAS could not start\n");
        return 1;
    }
    auto timeCublas = [&] {
        const float alpha = 1.f, beta = 0.f;
        cudaEvent_t a, b;
        CK(cudaEventCreate(&a));
        CK(cudaEventCreate(&b));
        CK(cudaEventRecord(a, st));
        const cublasStatus_t s =
            cublasGemmEx(h, CUBLAS_OP_T, CUBLAS_OP_N, n, n, n, &alpha, B, CUDA_R_16BF, n, A, CUDA_R_16BF, n,
                         &beta, C, CUDA_R_32F, n, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
        CK(cudaEventRecord(b, st));
        CK(cudaEventSynchronize(b));
        if (s != CUBLAS_STATUS_SUCCESS) {
            std::printf("cublasGemmEx failed: %d\n", int(s));
            std::exit(1);
        }
        float ms = 0.f;
        CK(cudaEventElapsedTime(&ms, a, b));
        return ms;
    };

    const char *names[] = {"cuBLAS bf16 8192^3 (fp32 C)",  "ldmatrix + mma, no fill",
                           "+ cp.async fill, BK 32, 4 st", "+ cp.async fill, BK 32, 3 st",
                           "+ cp.async fill, BK 64, 3 st", "+ cp.async fill, BK 64, 4 st"};
    constexpr int V = 6;
    std::vector<float> t[V];
    for (int round = -2; round < 15; ++round) { // two rounds of warm-up, then alternating samples
        const float x[V] = {timeCublas(),
                            timeLoop<0, 2, 32>(st, src, sms, slices32, out),
                            timeLoop<1, 4, 32>(st, src, sms, slices32, out),
                            timeLoop<1, 3, 32>(st, src, sms, slices32, out),
                            timeLoop<1, 3, 64>(st, src, sms, slices32, out),
                            timeLoop<1, 4, 64>(st, src, sms, slices32, out)};
        if (round >= 0)
            for (int i = 0; i < V; ++i)
                t[i].push_back(x[i]);
    }
    std::printf("%s, %d SMs\n", prop.name, sms);
    double cublasRate = 0;
    for (int i = 0; i < V; ++i) {
        std::sort(t[i].begin(), t[i].end());
        const double med = t[i][t[i].size() / 2];
        const double flop = i == 0 ? 2.0 * n * double(n) * n : 2.0 * sms * double(slices32) * BM * BN * 32;
        const double rate = flop / (med * 1e-3) / 1e12;
        if (i == 0)
            cublasRate = rate;
        std::printf("%-30s median %8.3f ms (min %.3f, max %.3f) %7.1f TFLOP/s %6.3f of cuBLAS\n", names[i],
                    med, t[i].front(), t[i].back(), rate, rate / cublasRate);
    }
    return 0;
}
