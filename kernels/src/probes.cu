// Probes: kernels that do one thing as fast as the hardware allows, so their rates become the
// measured ceilings of the roofline (HBM read/write/copy, L2 read, shared-memory read,
// FP32/FP64/FP16 FMA, tensor-core mma.sync). Each sums or writes what it touched so the
// work cannot be optimized away and the host can check it exactly (integer sums, FMA chains
// replayed on the CPU, mma results that are exact in fp32).
#include "common.cuh"
#include "ptx.cuh" // mbarriers and the bulk copy (sm_90), as the TMA kernels use them

// ---------------------------------------------------------------- memory levels

// Reads nv 16-byte vectors (and a tail of < 4 words) with a grid-stride loop, UNROLL loads
// in flight, and adds every 32-bit word into one unsigned sum (exact, order-free).
template <int UNROLL, int HINT>
__global__ void hbm_read(const uint4 *__restrict__ in, long long nwords, unsigned *sum)
{
    const long long nv = nwords / 4;
    unsigned acc = 0;
    const long long stride = (long long)gridDim.x * blockDim.x * UNROLL;
    // One step of UNROLL loads at a time: the same bytes in flight in every grid-stride kernel.
#pragma unroll 1
    for (long long base = (long long)blockIdx.x * blockDim.x * UNROLL + threadIdx.x; base < nv;
         base += stride) {
        uint4 r[UNROLL];
#pragma unroll
        for (int u = 0; u < UNROLL; ++u) {
            const long long j = base + (long long)u * blockDim.x;
            r[u] = j < nv ? rl_ld16<HINT>(in + j) : make_uint4(0, 0, 0, 0);
        }
#pragma unroll
        for (int u = 0; u < UNROLL; ++u)
            acc += (r[u].x + r[u].y) + (r[u].z + r[u].w);
    }
    if (blockIdx.x == 0 && threadIdx.x < nwords - nv * 4)
        acc += reinterpret_cast<const unsigned *>(in)[nv * 4 + threadIdx.x];
#pragma unroll
    for (int o = 16; o > 0; o >>= 1)
        acc += __shfl_xor_sync(0xffffffffu, acc, o);
    if ((threadIdx.x & 31) == 0)
        atomicAdd(sum, acc);
}

// Writes word k = k * 2654435761 + salt (a pattern the host can check without a copy of
// it), UNROLL 16-byte stores per thread per step.
template <int UNROLL, int HINT>
__global__ void hbm_write(uint4 *__restrict__ out, long long nwords, unsigned salt)
{
    const long long nv = nwords / 4;
    const long long stride = (long long)gridDim.x * blockDim.x * UNROLL;
    // One step of UNROLL loads at a time: the same bytes in flight in every grid-stride kernel.
#pragma unroll 1
    for (long long base = (long long)blockIdx.x * blockDim.x * UNROLL + threadIdx.x; base < nv;
         base += stride) {
#pragma unroll
        for (int u = 0; u < UNROLL; ++u) {
            const long long j = base + (long long)u * blockDim.x;
            if (j < nv) {
                const unsigned k = (unsigned)(j * 4);
                rl_st16<HINT>(out + j,
                              make_uint4(k * 2654435761u + salt, (k + 1) * 2654435761u + salt,
                                         (k + 2) * 2654435761u + salt, (k + 3) * 2654435761u + salt));
            }
        }
    }
    if (blockIdx.x == 0 && threadIdx.x < nwords - nv * 4) {
        const unsigned k = (unsigned)(nv * 4 + threadIdx.x);
        reinterpret_cast<unsigned *>(out)[k] = k * 2654435761u + salt;
    }
}

// Device-to-device copy of nwords 32-bit words, 16-byte accesses.
template <int UNROLL, int HINT>
__global__ void hbm_copy(const uint4 *__restrict__ in, uint4 *__restrict__ out, long long nwords)
{
    const long long nv = nwords / 4;
    const long long base = (long long)blockIdx.x * blockDim.x * UNROLL + threadIdx.x;
    rl_copy16<UNROLL, HINT>(in, out, base, nv);
    if (blockIdx.x == 0 && threadIdx.x < nwords - nv * 4)
        reinterpret_cast<unsigned *>(out)[nv * 4 + threadIdx.x] =
            reinterpret_cast<const unsigned *>(in)[nv * 4 + threadIdx.x];
}

__device__ __forceinline__ uint4 rl_ld_cg(const uint4 *p)
{
    // volatile: each pass must really load again (a plain or __ldcg load of the same address
    // in the next pass could be merged by the compiler); .cg: cached in L2 only, not in L1.
    uint4 r;
    asm volatile("ld.global.cg.v4.u32 {%0,%1,%2,%3}, [%4];"
                 : "=r"(r.x), "=r"(r.y), "=r"(r.z), "=r"(r.w)
                 : "l"(p));
    return r;
}

// Reads a footprint that fits in L2 `passes` times, bypassing L1.
template <int UNROLL>
__global__ void l2_read(const uint4 *__restrict__ in, long long nv, int passes, unsigned *sum)
{
    unsigned acc = 0;
    const long long stride = (long long)gridDim.x * blockDim.x * UNROLL;
    for (int p = 0; p < passes; ++p) {
#pragma unroll 1
        for (long long base = (long long)blockIdx.x * blockDim.x * UNROLL + threadIdx.x; base < nv;
             base += stride) {
            uint4 r[UNROLL];
#pragma unroll
            for (int u = 0; u < UNROLL; ++u) {
                const long long j = base + (long long)u * blockDim.x;
                r[u] = j < nv ? rl_ld_cg(in + j) : make_uint4(0, 0, 0, 0);
            }
#pragma unroll
            for (int u = 0; u < UNROLL; ++u)
                acc += (r[u].x + r[u].y) + (r[u].z + r[u].w);
        }
    }
#pragma unroll
    for (int o = 16; o > 0; o >>= 1)
        acc += __shfl_xor_sync(0xffffffffu, acc, o);
    if ((threadIdx.x & 31) == 0)
        atomicAdd(sum, acc);
}

// Reads a footprint that fits in L2 `passes` times through the copy engine (cp.async.bulk
// global -> shared, sm_90): the path the TMA steps of the GEMM ladder load their tiles by,
// which reads L2 faster than the loads l2_read uses. A block is one warp; lane 0 keeps STAGES
// chunks of CHUNK bytes loading, each completing on its stage's mbarrier (transaction bytes).
// When a chunk lands the warp adds the first word of each of its 128-byte lines (a sample: the
// shared-memory reads stay a 32nd of the bytes), then lane 0 refills the stage. Block b reads
// chunks b, b + gridDim.x, ... of the footprint repeated `passes` times, so each chunk is read
// `passes` times. Shared memory: STAGES * CHUNK bytes dynamic (the launch sets it).
template <int STAGES, int CHUNK>
__global__ void __launch_bounds__(32)
    l2_bulk(const unsigned *__restrict__ in, long long chunks, int passes, unsigned *sum)
{
    static_assert(STAGES >= 1 && CHUNK % 128 == 0, "l2_bulk: one stage or more, whole 128-byte lines");
    constexpr int kLineWords = 32, kLines = CHUNK / 128;
    const long long total = chunks * passes;
    const long long mine = blockIdx.x < total ? (total - blockIdx.x + gridDim.x - 1) / gridDim.x : 0;
    auto chunkOf = [&](long long i) { return (blockIdx.x + i * gridDim.x) % chunks; };
    unsigned acc = 0;
#if __CUDA_ARCH__ >= 900
    extern __shared__ __align__(128) unsigned char buf[];
    __shared__ __align__(8) unsigned long long bar[STAGES];
    const u32 s0 = smemAddr(buf), b0 = smemAddr(bar);
    if (threadIdx.x == 0) {
        for (int s = 0; s < STAGES; ++s)
            mbarInit(b0 + 8 * s, 1);
        mbarInitFence();
    }
    __syncwarp();
    auto load = [&](long long i) { // lane 0: chunk i of this block into stage i % STAGES
        const int s = int(i % STAGES);
        mbarExpectTx(b0 + 8 * s, CHUNK);
        bulkLoad(s0 + s * CHUNK, in + chunkOf(i) * (CHUNK / 4), CHUNK, b0 + 8 * s);
    };
    if (threadIdx.x == 0)
        for (long long i = 0; i < STAGES && i < mine; ++i)
            load(i);
    for (long long i = 0; i < mine; ++i) {
        const int s = int(i % STAGES);
        mbarWait(b0 + 8 * s, u32(i / STAGES) & 1u);
        const volatile unsigned *w = reinterpret_cast<const unsigned *>(buf + s * CHUNK);
        for (int j = threadIdx.x; j < kLines; j += 32)
            acc += w[j * kLineWords];
        __syncwarp(); // every lane has read the stage before lane 0 lets the copy engine refill it
        if (threadIdx.x == 0 && i + STAGES < mine)
            load(i + STAGES);
    }
#else
    // No copy engine before sm_90 (the bench refuses such devices): the same sum by plain loads
    // keeps the instantiation compilable for every architecture.
    for (long long i = 0; i < mine; ++i)
        for (int j = threadIdx.x; j < kLines; j += 32)
            acc += in[chunkOf(i) * (CHUNK / 4) + (long long)j * kLineWords];
#endif
#pragma unroll
    for (int o = 16; o > 0; o >>= 1)
        acc += __shfl_xor_sync(0xffffffffu, acc, o);
    if (threadIdx.x == 0)
        atomicAdd(sum, acc);
}

// Shared-memory read. Lane l reads word l*STRIDE + 32*j: bank (l*STRIDE) mod 32, so a warp
// access is a gcd(STRIDE, 32)-way bank conflict (the kernel-engineering notes, ch. 04). Volatile
// keeps every load.
constexpr int RL_SMEM_WORDS = 2048;
constexpr int RL_SMEM_LOADS = 16; // loads per loop iteration

template <int STRIDE>
__global__ void smem_read(const unsigned *__restrict__ init, int iters, unsigned *out,
                          unsigned long long *stamps)
{
    static_assert(31 * STRIDE + 32 * (RL_SMEM_LOADS - 1) < RL_SMEM_WORDS, "stride too large for the buffer");
    __shared__ unsigned s[RL_SMEM_WORDS];
    for (int i = threadIdx.x; i < RL_SMEM_WORDS; i += blockDim.x)
        s[i] = init[i];
    __syncthreads();
    RlStamp stamp;
    stamp.start();
    const volatile unsigned *p = s + (threadIdx.x & 31) * STRIDE;
    unsigned acc = 0;
    for (int it = 0; it < iters; ++it) {
#pragma unroll
        for (int j = 0; j < RL_SMEM_LOADS; ++j)
            acc += p[32 * j];
    }
    stamp.stop(stamps);
    out[(long long)blockIdx.x * blockDim.x + threadIdx.x] = acc;
}

// ---------------------------------------------------------------- arithmetic

// CHAINS independent x = x * a + b chains per thread (enough to hide the FMA latency),
// 16 steps per loop iteration. Thread t starts from seeds[(t % 64) * CHAINS + c].
constexpr int RL_FMA_STEPS = 16;

// One step of a chain in each type: FFMA, DFMA, HFMA2 (two fp16 FMAs per instruction).
__device__ __forceinline__ float rl_fma(float x, float a, float b)
{
    return fmaf(x, a, b);
}
__device__ __forceinline__ double rl_fma(double x, double a, double b)
{
    return fma(x, a, b);
}
__device__ __forceinline__ __half2 rl_fma(__half2 x, __half2 a, __half2 b)
{
    return __hfma2(x, a, b);
}

// A value of T from the W the host passes (the same type, or a half2's raw 32 bits), and back.
template <typename To, typename From> __device__ __forceinline__ To rl_as(const From &v)
{
    static_assert(sizeof(To) == sizeof(From), "same size");
    return *reinterpret_cast<const To *>(&v);
}

// The chains of T, seeds, a, b and out in words W (T itself, or unsigned for half2).
template <typename T, int CHAINS, typename W>
__device__ __forceinline__ void rl_fma_chains(const W *__restrict__ seeds, W abits, W bbits, int iters,
                                              W *out, unsigned long long *stamps)
{
    const long long t = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    const T a = rl_as<T>(abits);
    const T b = rl_as<T>(bbits);
    T x[CHAINS];
#pragma unroll
    for (int c = 0; c < CHAINS; ++c)
        x[c] = rl_as<T>(seeds[(t % 64) * CHAINS + c]);
    RlStamp stamp;
    stamp.start();
    for (int it = 0; it < iters; ++it) {
#pragma unroll
        for (int s = 0; s < RL_FMA_STEPS; ++s)
#pragma unroll
            for (int c = 0; c < CHAINS; ++c)
                x[c] = rl_fma(x[c], a, b);
    }
    stamp.stop(stamps);
#pragma unroll
    for (int c = 0; c < CHAINS; ++c)
        out[t * CHAINS + c] = rl_as<W>(x[c]);
}

template <int CHAINS>
__global__ void fma_fp32(const float *__restrict__ seeds, float a, float b, int iters, float *out,
                         unsigned long long *stamps)
{
    rl_fma_chains<float, CHAINS>(seeds, a, b, iters, out, stamps);
}

template <int CHAINS>
__global__ void fma_fp64(const double *__restrict__ seeds, double a, double b, int iters, double *out,
                         unsigned long long *stamps)
{
    rl_fma_chains<double, CHAINS>(seeds, a, b, iters, out, stamps);
}

// a and b arrive as the raw bits of a half2.
template <int CHAINS>
__global__ void hfma2(const unsigned *__restrict__ seeds, unsigned abits, unsigned bbits, int iters,
                      unsigned *out, unsigned long long *stamps)
{
    rl_fma_chains<__half2, CHAINS>(seeds, abits, bbits, iters, out, stamps);
}

// ---------------------------------------------------------------- tensor cores (mma.sync)

template <typename T> __device__ __forceinline__ unsigned rl_pack2(T lo, T hi);
template <> __device__ __forceinline__ unsigned rl_pack2<__nv_bfloat16>(__nv_bfloat16 lo, __nv_bfloat16 hi)
{
    return (unsigned)__bfloat16_as_ushort(lo) | ((unsigned)__bfloat16_as_ushort(hi) << 16);
}
template <> __device__ __forceinline__ unsigned rl_pack2<__half>(__half lo, __half hi)
{
    return (unsigned)__half_as_ushort(lo) | ((unsigned)__half_as_ushort(hi) << 16);
}

template <typename T>
__device__ __forceinline__ void rl_mma_k16(float (&d)[4], const unsigned (&a)[4], const unsigned (&b)[2]);
template <>
__device__ __forceinline__ void rl_mma_k16<__nv_bfloat16>(float (&d)[4], const unsigned (&a)[4],
                                                          const unsigned (&b)[2])
{
    asm("mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, "
        "{%0,%1,%2,%3};"
        : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
        : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
}
template <>
__device__ __forceinline__ void rl_mma_k16<__half>(float (&d)[4], const unsigned (&a)[4],
                                                   const unsigned (&b)[2])
{
    asm("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, "
        "{%0,%1,%2,%3};"
        : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
        : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
}

// The loop of both mma probes on fragments a, b and bn = -b already in registers: CHAINS
// accumulators start from C0 (the m16n8 C layout: g = lane / 4, t = lane % 4), every step
// adds A*B, then A*(-B), a last A*B leaves C0 + A*B, and the warp's sum over the chains goes
// to its 16x8 tile of out. mma(d, a, b) is one instruction.
template <int CHAINS, typename Mma>
__device__ __forceinline__ void rl_mma_chains(Mma mma, const unsigned (&a)[4], const unsigned (&b)[2],
                                              const unsigned (&bn)[2], const float *__restrict__ C0,
                                              int iters, float *out, unsigned long long *stamps)
{
    const int lane = threadIdx.x & 31, g = lane >> 2, t = lane & 3;
    float d[CHAINS][4];
#pragma unroll
    for (int c = 0; c < CHAINS; ++c) {
        d[c][0] = C0[g * 8 + 2 * t];
        d[c][1] = C0[g * 8 + 2 * t + 1];
        d[c][2] = C0[(g + 8) * 8 + 2 * t];
        d[c][3] = C0[(g + 8) * 8 + 2 * t + 1];
    }
    RlStamp stamp;
    stamp.start();
    for (int it = 0; it < iters; ++it) {
#pragma unroll
        for (int c = 0; c < CHAINS; ++c)
            mma(d[c], a, b);
#pragma unroll
        for (int c = 0; c < CHAINS; ++c)
            mma(d[c], a, bn);
    }
#pragma unroll
    for (int c = 0; c < CHAINS; ++c)
        mma(d[c], a, b);
    stamp.stop(stamps);
    float s[4] = {0.f, 0.f, 0.f, 0.f};
#pragma unroll
    for (int c = 0; c < CHAINS; ++c)
#pragma unroll
        for (int i = 0; i < 4; ++i)
            s[i] += d[c][i];
    float *tile = out + ((long long)blockIdx.x * (blockDim.x / 32) + (threadIdx.x >> 5)) * 128;
    tile[g * 8 + 2 * t] = s[0];
    tile[g * 8 + 2 * t + 1] = s[1];
    tile[(g + 8) * 8 + 2 * t] = s[2];
    tile[(g + 8) * 8 + 2 * t + 1] = s[3];
}

// Every warp multiplies the same 16x16 A (row-major) by the same 16x8 B (B[k][n], row-major
// in memory) on CHAINS independent accumulators. Each loop step adds A*B and then A*(-B), so
// the accumulators stay small and exact; one last A*B leaves D = C0 + A*B per chain, and the
// warp writes the sum over chains (CHAINS * (C0 + A*B)) to its 16x8 tile of out.
// Fragment layout of m16n8k16 (PTX ISA): g = lane / 4, t = lane % 4.
template <typename T, int CHAINS>
__global__ void mma_k16(const T *__restrict__ A, const T *__restrict__ B, const float *__restrict__ C0,
                        int iters, float *out, unsigned long long *stamps)
{
    const int lane = threadIdx.x & 31, g = lane >> 2, t = lane & 3;
    unsigned a[4], b[2], bn[2];
    a[0] = rl_pack2<T>(A[g * 16 + 2 * t], A[g * 16 + 2 * t + 1]);
    a[1] = rl_pack2<T>(A[(g + 8) * 16 + 2 * t], A[(g + 8) * 16 + 2 * t + 1]);
    a[2] = rl_pack2<T>(A[g * 16 + 2 * t + 8], A[g * 16 + 2 * t + 9]);
    a[3] = rl_pack2<T>(A[(g + 8) * 16 + 2 * t + 8], A[(g + 8) * 16 + 2 * t + 9]);
    b[0] = rl_pack2<T>(B[(2 * t) * 8 + g], B[(2 * t + 1) * 8 + g]);
    b[1] = rl_pack2<T>(B[(2 * t + 8) * 8 + g], B[(2 * t + 9) * 8 + g]);
    bn[0] = b[0] ^ 0x80008000u; // flip both sign bits: -B
    bn[1] = b[1] ^ 0x80008000u;
    rl_mma_chains<CHAINS>(
        [](float(&d)[4], const unsigned(&a)[4], const unsigned(&b)[2]) { rl_mma_k16<T>(d, a, b); }, a, b, bn,
        C0, iters, out, stamps);
}

__device__ __forceinline__ void rl_mma_tf32(float (&d)[4], const unsigned (&a)[4], const unsigned (&b)[2])
{
    asm("mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, "
        "{%0,%1,%2,%3};"
        : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
        : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
}

// The same with tf32 m16n8k8: A 16x8, B 8x8 (fp32 values that tf32 holds exactly).
template <int CHAINS>
__global__ void mma_tf32(const float *__restrict__ A, const float *__restrict__ B,
                         const float *__restrict__ C0, int iters, float *out, unsigned long long *stamps)
{
    const int lane = threadIdx.x & 31, g = lane >> 2, t = lane & 3;
    unsigned a[4], b[2], bn[2];
    a[0] = __float_as_uint(A[g * 8 + t]);
    a[1] = __float_as_uint(A[(g + 8) * 8 + t]);
    a[2] = __float_as_uint(A[g * 8 + t + 4]);
    a[3] = __float_as_uint(A[(g + 8) * 8 + t + 4]);
    b[0] = __float_as_uint(B[t * 8 + g]);
    b[1] = __float_as_uint(B[(t + 4) * 8 + g]);
    bn[0] = b[0] ^ 0x80000000u;
    bn[1] = b[1] ^ 0x80000000u;
    rl_mma_chains<CHAINS>(
        [](float(&d)[4], const unsigned(&a)[4], const unsigned(&b)[2]) { rl_mma_tf32(d, a, b); }, a, b, bn,
        C0, iters, out, stamps);
}

// ---------------------------------------------------------------- shared memory and FMA together

// The inner loop of a register-blocked GEMM in miniature: every iteration a thread loads
// RL_SF_WORDS_PER_ITER words of shared memory (LDS.32, or LDS.128 when VEC is 4) and feeds
// each word into RATIO independent FFMAs, one per accumulator. Lane l's load j reads
// element l*STRIDE (VEC words each) of row j (rows 32 words apart, so every load has the
// same bank pattern): a gcd(STRIDE, 32)-way conflict for LDS.32; for LDS.128 the hardware
// serves a quarter warp (128 B) per wavefront, so gcd(STRIDE, 8)-way. The loads are
// volatile so they are issued every iteration (nothing stores to the buffer, the compiler
// would hoist them otherwise); acc = w * c_f + acc keeps each chain's order fixed, so the
// host replays it exactly. Every block writes its SM id to smids: the host counts blocks per SM.
constexpr int RL_SF_WORDS = 2048;
constexpr int RL_SF_WORDS_PER_ITER = 8;

__device__ __forceinline__ float rl_sf_coef(int f)
{
    return float(f + 1) * (1.0f / 1024.0f); // exact in fp32, different for every accumulator
}

// Load J and the ones after it; the row offset is an immediate of the instruction (no
// address arithmetic and no extra registers in the loop).
template <int VEC, int J>
__device__ __forceinline__ void rl_sf_load(float (&w)[RL_SF_WORDS_PER_ITER], unsigned base)
{
    if constexpr (J < RL_SF_WORDS_PER_ITER / VEC) {
        if constexpr (VEC == 4)
            asm volatile("ld.volatile.shared.v4.f32 {%0, %1, %2, %3}, [%4+%5];"
                         : "=f"(w[4 * J]), "=f"(w[4 * J + 1]), "=f"(w[4 * J + 2]), "=f"(w[4 * J + 3])
                         : "r"(base), "n"(128 * J));
        else
            asm volatile("ld.volatile.shared.f32 %0, [%1+%2];" : "=f"(w[J]) : "r"(base), "n"(128 * J));
        rl_sf_load<VEC, J + 1>(w, base);
    }
}

template <int RATIO, int STRIDE, int VEC>
__global__ void smem_fma(const float *__restrict__ init, const float *__restrict__ seeds, int iters,
                         float *out, unsigned long long *stamps, unsigned *smids)
{
    static_assert(VEC == 1 || VEC == 4, "LDS.32 or LDS.128");
    constexpr int LOADS = RL_SF_WORDS_PER_ITER / VEC;
    static_assert(31 * STRIDE * VEC + VEC + 32 * (LOADS - 1) <= RL_SF_WORDS,
                  "stride too large for the buffer");
    __shared__ __align__(16) float s[RL_SF_WORDS];
    for (int i = threadIdx.x; i < RL_SF_WORDS; i += blockDim.x)
        s[i] = init[i];
    __syncthreads();
    const long long t = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    float acc[RATIO];
#pragma unroll
    for (int f = 0; f < RATIO; ++f)
        acc[f] = seeds[(t % 64) * RATIO + f];
    const unsigned base = (unsigned)__cvta_generic_to_shared(s + (threadIdx.x & 31) * STRIDE * VEC);
    RlStamp stamp;
    stamp.start();
#pragma unroll 1
    for (int it = 0; it < iters; ++it) {
        float w[RL_SF_WORDS_PER_ITER];
        rl_sf_load<VEC, 0>(w, base);
#pragma unroll
        for (int k = 0; k < RL_SF_WORDS_PER_ITER; ++k)
#pragma unroll
            for (int f = 0; f < RATIO; ++f)
                acc[f] = fmaf(w[k], rl_sf_coef(f), acc[f]);
    }
    stamp.stop(stamps);
    if (threadIdx.x == 0) {
        unsigned id;
        asm volatile("mov.u32 %0, %%smid;" : "=r"(id));
        smids[blockIdx.x] = id;
    }
#pragma unroll
    for (int f = 0; f < RATIO; ++f)
        out[t * RATIO + f] = acc[f];
}
