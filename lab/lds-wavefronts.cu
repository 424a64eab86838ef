// How many shared-memory wavefronts one warp-wide LDS/STS of 4, 8 and 16 bytes takes, for
// lane-to-address patterns where the quarter-warp and half-warp rules disagree (broadcasts across
// quarter-warps above all). One warp, one block; every pattern is one launch, in the order
// printed. Read the counts with Nsight Compute (lab/lds-wavefronts.sh): wavefronts per
// instruction = l1tex__data_pipe_lsu_wavefronts_mem_shared_op_{ld,st}.sum /
// smsp__inst_executed_op_shared_{ld,st}.sum.
#include <cstdio>
#include <cuda_runtime.h>

constexpr int kWords = 4096; // 16 KB of shared memory
constexpr int kIters = 1024;

template <int Bytes> __device__ __forceinline__ void ldsOnce(unsigned addr, float &acc)
{
    float a, b, c, d;
    if constexpr (Bytes == 16) {
        asm volatile("ld.shared.v4.f32 {%0,%1,%2,%3}, [%4];"
                     : "=f"(a), "=f"(b), "=f"(c), "=f"(d)
                     : "r"(addr));
        acc += a + b + c + d;
    } else if constexpr (Bytes == 8) {
        asm volatile("ld.shared.v2.f32 {%0,%1}, [%2];" : "=f"(a), "=f"(b) : "r"(addr));
        acc += a + b;
    } else {
        asm volatile("ld.shared.f32 %0, [%1];" : "=f"(a) : "r"(addr));
        acc += a;
    }
}

template <int Bytes> __device__ __forceinline__ void stsOnce(unsigned addr, float v)
{
    if constexpr (Bytes == 16)
        asm volatile("st.shared.v4.f32 [%0], {%1,%1,%1,%1};" ::"r"(addr), "f"(v));
    else if constexpr (Bytes == 8)
        asm volatile("st.shared.v2.f32 [%0], {%1,%1};" ::"r"(addr), "f"(v));
    else
        asm volatile("st.shared.f32 [%0], %1;" ::"r"(addr), "f"(v));
}

// Loads: the buffer is filled with plain 4-byte stores first (counted as stores, not loads).
template <int Bytes> __global__ void lds_pattern(const int *wordOf, float *out)
{
    __shared__ float s[kWords];
    for (int i = threadIdx.x; i < kWords; i += blockDim.x)
        s[i] = float(i);
    __syncthreads();
    const unsigned addr = unsigned(__cvta_generic_to_shared(s + wordOf[threadIdx.x]));
    float acc = 0.f;
    for (int i = 0; i < kIters; ++i)
        ldsOnce<Bytes>(addr, acc);
    out[threadIdx.x] = acc;
}

template <int Bytes> __global__ void sts_pattern(const int *wordOf, float *out)
{
    __shared__ float s[kWords];
    const unsigned addr = unsigned(__cvta_generic_to_shared(s + wordOf[threadIdx.x]));
    for (int i = 0; i < kIters; ++i)
        stsOnce<Bytes>(addr, float(i));
    __syncthreads();
    out[threadIdx.x] = s[threadIdx.x];
}

struct Pattern
{
    const char *name;
    int (*word)(int lane); // the lane's first 4-byte word
};

// Words are 4 bytes; a 16-byte access covers words w..w+3.
const Pattern kPatterns[] = {
    {"contiguous", [](int l) { return l * 4; }},
    {"all-one-address", [](int) { return 0; }},
    {"halves-two-addresses", [](int l) { return (l / 16) * 4; }},
    {"halves-same-bank", [](int l) { return (l / 16) * 32; }},
    {"quarters-four-addresses", [](int l) { return (l / 8) * 4; }},
    {"quarters-same-bank", [](int l) { return (l / 8) * 32; }},
    {"eight-addresses", [](int l) { return (l / 4) * 4; }},
    {"sixteen-pairs-across-halves", [](int l) { return (l % 16) * 4; }},
    {"sixteen-pairs-stride-8", [](int l) { return (l % 16) * 8; }},
    {"lane-stride-8", [](int l) { return l * 8; }},
    {"two-rows-of-16", [](int l) { return (l / 16) * 64 + (l % 16) * 4; }},
    // The tiles' own patterns: B of a thread column (lane % cols) * TN, A of a row (lane / cols) * TM * BK.
    {"eight-repeated-stride-8", [](int l) { return (l % 8) * 8; }},
    {"eight-repeated-stride-4", [](int l) { return (l % 8) * 4; }},
    {"four-repeated-stride-8", [](int l) { return (l % 4) * 8; }},
    {"quarters-stride-16", [](int l) { return (l / 8) * 16; }},
    {"quarters-stride-64", [](int l) { return (l / 8) * 64; }},
    {"octets-stride-4", [](int l) { return (l / 4) * 16; }},
};

int main()
{
    const int n = int(sizeof kPatterns / sizeof kPatterns[0]);
    int *dWords = nullptr;
    float *dOut = nullptr;
    cudaMalloc(&dWords, 32 * sizeof(int));
    cudaMalloc(&dOut, 32 * sizeof(float));
    int order = 0;
    auto launch = [&](const char *op, int bytes, const Pattern &p, auto kernel) {
        int words[32];
        for (int l = 0; l < 32; ++l)
            words[l] = p.word(l) % (kWords - 4);
        cudaMemcpy(dWords, words, sizeof words, cudaMemcpyHostToDevice);
        kernel<<<1, 32>>>(dWords, dOut);
        cudaDeviceSynchronize();
        std::printf("%d %s %d %s\n", order++, op, bytes, p.name);
    };
    for (int i = 0; i < n; ++i) {
        launch("ld", 16, kPatterns[i], lds_pattern<16>);
        launch("ld", 8, kPatterns[i], lds_pattern<8>);
        launch("st", 16, kPatterns[i], sts_pattern<16>);
    }
    const cudaError_t e = cudaGetLastError();
    if (e != cudaSuccess) {
        std::fprintf(stderr, "%s\n", cudaGetErrorString(e));
        return 1;
    }
    return 0;
}
