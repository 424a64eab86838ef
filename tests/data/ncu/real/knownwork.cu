// A small program of known work, profiled with Nsight Compute to make tests/data/ncu/real/
// (see README.md there). Each launch's FLOPs and minimum bytes are known in closed form, and
// the program prints them (JSON, one object per launch, in launch order) so the exports can be
// checked against them:
//
//   launch               FLOPs                      minimum bytes (each input read once,
//                                                   each output written once)
//   vector_add  (fp32)   n            (FADD)        3·n·4
//   daxpy       (fp64)   2·n          (DFMA)        3·n·8
//   hfma2_loop  (fp16)   4·t·iters    (HFMA2: 2 lanes × 2)   2·t·4   (one half2 in, one out)
//   sgemm_naive (fp32)   2·M·N·K      (FFMA)        (M·K + K·N + M·N)·4
//   cublasSgemm (fp32)   2·M·N·K      (+ the epilogue's few per output)   (M·K + K·N + M·N)·4
//   cublasGemmEx bf16    2·M·N·K      (tensor cores, fp32 accumulate)      (M·K + K·N)·2 + M·N·2
//
// Inputs are copied from the host (no initialising kernels), so the profile holds only these
// six launches. Build: nvcc -O3 -arch=sm_90 -o knownwork knownwork.cu -lcublas
#include <cublas_v2.h>
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#define CHECK(x)                                                                                             \
    do {                                                                                                     \
        cudaError_t e_ = (x);                                                                                \
        if (e_ != cudaSuccess) {                                                                             \
            std::fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_));                 \
            std::exit(1);                                                                                    \
        }                                                                                                    \
    } while (0)
#define CHECK_BLAS(x)                                                                                        \
    do {                                                                                                     \
        cublasStatus_t s_ = (x);                                                                             \
        if (s_ != CUBLAS_STATUS_SUCCESS) {                                                                   \
            std::fprintf(stderr, "%s:%d: cuBLAS status %d\n", __FILE__, __LINE__, int(s_));                  \
            std::exit(1);                                                                                    \
        }                                                                                                    \
    } while (0)

// Sizes: small enough that a full-set profile of all six takes seconds, large enough that the
// memory-bound launches are past the 50 MiB L2 (so their DRAM traffic is real).
constexpr long long kVecN = 1ll << 24;   // vector_add, fp32: 3 × 64 MiB
constexpr long long kAxpyN = 1ll << 23;  // daxpy, fp64: 3 × 64 MiB
constexpr int kHfmaThreads = 132 * 2048; // hfma2_loop: every SM full
constexpr int kHfmaIters = 4096;
constexpr int kGemm = 1024; // all GEMMs M = N = K

__global__ void vector_add(const float *__restrict__ a, const float *__restrict__ b, float *__restrict__ c,
                           long long n)
{
    for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n;
         i += (long long)gridDim.x * blockDim.x)
        c[i] = a[i] + b[i];
}

__global__ void daxpy(double alpha, const double *__restrict__ x, double *__restrict__ y, long long n)
{
    for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n;
         i += (long long)gridDim.x * blockDim.x)
        y[i] = fma(alpha, x[i], y[i]);
}

// A dependent chain of packed half2 FMAs per thread; m and c come from memory, so nothing folds.
__global__ void hfma2_loop(const __half2 *__restrict__ in, const __half2 *__restrict__ mc,
                           __half2 *__restrict__ out, int iters)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    __half2 x = in[i];
    const __half2 m = mc[0], c = mc[1];
    for (int k = 0; k < iters; ++k)
        x = __hfma2(x, m, c);
    out[i] = x;
}

// One thread per output, row-major, no tiling: exactly M·N·K FFMAs.
__global__ void sgemm_naive(int M, int N, int K, const float *__restrict__ A, const float *__restrict__ B,
                            float *__restrict__ C)
{
    const int row = blockIdx.y * blockDim.y + threadIdx.y;
    const int col = blockIdx.x * blockDim.x + threadIdx.x;
    if (row >= M || col >= N)
        return;
    float acc = 0.0f;
    for (int k = 0; k < K; ++k)
        acc = fmaf(A[row * K + k], B[k * N + col], acc);
    C[row * N + col] = acc;
}

template <typename T> T *deviceCopy(const std::vector<T> &host)
{
    T *d = nullptr;
    CHECK(cudaMalloc(&d, host.size() * sizeof(T)));
    CHECK(cudaMemcpy(d, host.data(), host.size() * sizeof(T), cudaMemcpyHostToDevice));
    return d;
}

template <typename T> T *deviceZeros(size_t n)
{
    T *d = nullptr;
    CHECK(cudaMalloc(&d, n * sizeof(T)));
    CHECK(cudaMemset(d, 0, n * sizeof(T)));
    return d;
}

void describe(bool first, const char *name, const char *precision, double flops, double bytes,
              const char *flopsFrom, const char *extra)
{
    std::printf("%s{\"launch\": \"%s\", \"precision\": \"%s\", \"flops\": %.0f, \"min_bytes\": %.0f, "
                "\"flops_from\": \"%s\"%s}\n",
                first ? "[" : ",", name, precision, flops, bytes, flopsFrom, extra);
}

int main(int argc, char **argv)
{
    const bool describeOnly = argc > 1 && std::strcmp(argv[1], "--describe") == 0;
    const double n = double(kVecN), na = double(kAxpyN), t = kHfmaThreads, it = kHfmaIters, g = kGemm;
    describe(true, "vector_add", "fp32", n, 3 * n * 4, "fadd", ", \"n\": 16777216");
    describe(false, "daxpy", "fp64", 2 * na, 3 * na * 8, "dfma", ", \"n\": 8388608");
    describe(false, "hfma2_loop", "fp16", 4 * t * it, 2 * t * 4, "hfma (half2)",
             ", \"threads\": 270336, \"iters\": 4096");
    describe(false, "sgemm_naive", "fp32", 2 * g * g * g, 3 * g * g * 4, "ffma",
             ", \"M\": 1024, \"N\": 1024, \"K\": 1024");
    describe(false, "cublasSgemm", "fp32", 2 * g * g * g, 3 * g * g * 4, "ffma (+ epilogue)",
             ", \"M\": 1024, \"N\": 1024, \"K\": 1024");
    describe(false, "cublasGemmEx_bf16", "bf16", 2 * g * g * g, 3 * g * g * 2,
             "sm__ops_path_tensor_src_bf16_dst_fp32", ", \"M\": 1024, \"N\": 1024, \"K\": 1024");
    std::printf("]\n");
    if (describeOnly)
        return 0;

    std::srand(1);
    auto rnd = [] { return float(std::rand()) / float(RAND_MAX) - 0.5f; };

    // vector_add
    {
        std::vector<float> a(kVecN), b(kVecN);
        for (auto &v : a)
            v = rnd();
        for (auto &v : b)
            v = rnd();
        float *da = deviceCopy(a), *db = deviceCopy(b), *dc = deviceZeros<float>(kVecN);
        vector_add<<<132 * 8, 256>>>(da, db, dc, kVecN);
        CHECK(cudaGetLastError());
        CHECK(cudaDeviceSynchronize());
        float c0 = 0;
        CHECK(cudaMemcpy(&c0, dc, sizeof(float), cudaMemcpyDeviceToHost));
        if (c0 != a[0] + b[0]) {
            std::fprintf(stderr, "vector_add: wrong result\n");
            return 1;
        }
        CHECK(cudaFree(da));
        CHECK(cudaFree(db));
        CHECK(cudaFree(dc));
    }
    // daxpy
    {
        std::vector<double> x(kAxpyN), y(kAxpyN);
        for (auto &v : x)
            v = rnd();
        for (auto &v : y)
            v = rnd();
        double *dx = deviceCopy(x), *dy = deviceCopy(y);
        daxpy<<<132 * 8, 256>>>(1.5, dx, dy, kAxpyN);
        CHECK(cudaGetLastError());
        CHECK(cudaDeviceSynchronize());
        CHECK(cudaFree(dx));
        CHECK(cudaFree(dy));
    }
    // hfma2_loop
    {
        std::vector<__half2> in(kHfmaThreads), mc(2);
        for (auto &v : in)
            v = __floats2half2_rn(rnd(), rnd());
        mc[0] = __floats2half2_rn(0.999f, 0.998f);
        mc[1] = __floats2half2_rn(0.001f, 0.002f);
        __half2 *din = deviceCopy(in), *dmc = deviceCopy(mc), *dout = deviceZeros<__half2>(kHfmaThreads);
        hfma2_loop<<<kHfmaThreads / 256, 256>>>(din, dmc, dout, kHfmaIters);
        CHECK(cudaGetLastError());
        CHECK(cudaDeviceSynchronize());
        CHECK(cudaFree(din));
        CHECK(cudaFree(dmc));
        CHECK(cudaFree(dout));
    }
    // GEMMs: the same random A and B for all three
    {
        const size_t mn = size_t(kGemm) * kGemm;
        std::vector<float> a(mn), b(mn);
        for (auto &v : a)
            v = rnd();
        for (auto &v : b)
            v = rnd();
        float *dA = deviceCopy(a), *dB = deviceCopy(b), *dC = deviceZeros<float>(mn);
        const dim3 block(32, 8), grid(kGemm / 32, kGemm / 8);
        sgemm_naive<<<grid, block>>>(kGemm, kGemm, kGemm, dA, dB, dC);
        CHECK(cudaGetLastError());
        CHECK(cudaDeviceSynchronize());

        cublasHandle_t h;
        CHECK_BLAS(cublasCreate(&h));
        // Plain FP32 (no TF32): the FLOPs are FFMAs.
        CHECK_BLAS(cublasSetMathMode(h, CUBLAS_PEDANTIC_MATH));
        const float one = 1.0f, zero = 0.0f;
        CHECK_BLAS(cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, kGemm, kGemm, kGemm, &one, dA, kGemm, dB, kGemm,
                               &zero, dC, kGemm));
        CHECK(cudaDeviceSynchronize());

        std::vector<__nv_bfloat16> ah(mn), bh(mn);
        for (size_t i = 0; i < mn; ++i) {
            ah[i] = __float2bfloat16(a[i]);
            bh[i] = __float2bfloat16(b[i]);
        }
        __nv_bfloat16 *dAh = deviceCopy(ah), *dBh = deviceCopy(bh), *dCh = deviceZeros<__nv_bfloat16>(mn);
        CHECK_BLAS(cublasSetMathMode(h, CUBLAS_DEFAULT_MATH));
        CHECK_BLAS(cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, kGemm, kGemm, kGemm, &one, dAh, CUDA_R_16BF,
                                kGemm, dBh, CUDA_R_16BF, kGemm, &zero, dCh, CUDA_R_16BF, kGemm,
                                CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT));
        CHECK(cudaDeviceSynchronize());
        CHECK_BLAS(cublasDestroy(h));
        CHECK(cudaFree(dA));
        CHECK(cudaFree(dB));
        CHECK(cudaFree(dC));
        CHECK(cudaFree(dAh));
        CHECK(cudaFree(dBh));
        CHECK(cudaFree(dCh));
    }
    return 0;
}
