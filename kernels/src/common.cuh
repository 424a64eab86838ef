// Device helpers shared by the kernel families: element conversions, 16-byte vector access,
// warp and block reductions, a row cached in registers, clock stamps.
#pragma once

#include <cuda_bf16.h>
#include <cuda_fp16.h>

#include "rng.cuh"

#define RL_INF __int_as_float(0x7f800000)

template <typename T> __device__ __forceinline__ float rl_to_float(T v);
template <> __device__ __forceinline__ float rl_to_float<float>(float v)
{
    return v;
}
template <> __device__ __forceinline__ float rl_to_float<__nv_bfloat16>(__nv_bfloat16 v)
{
    return __bfloat162float(v);
}
template <> __device__ __forceinline__ float rl_to_float<__half>(__half v)
{
    return __half2float(v);
}

template <typename T> __device__ __forceinline__ T rl_from_float(float v);
template <> __device__ __forceinline__ float rl_from_float<float>(float v)
{
    return v;
}
template <> __device__ __forceinline__ double rl_from_float<double>(float v)
{
    return (double)v;
}
template <> __device__ __forceinline__ __nv_bfloat16 rl_from_float<__nv_bfloat16>(float v)
{
    return __float2bfloat16_rn(v);
}
template <> __device__ __forceinline__ __half rl_from_float<__half>(float v)
{
    return __float2half_rn(v);
}

// Elements of T in one 16-byte vector.
template <typename T> struct RlVec
{
    static constexpr int N = 16 / (int)sizeof(T);
};

// Loads N consecutive elements (one 16-byte access when N == RlVec<T>::N) as floats.
template <typename T, int N> __device__ __forceinline__ void rl_load(const T *__restrict__ p, float (&out)[N])
{
    if constexpr (N == RlVec<T>::N && N > 1) {
        const uint4 raw = *reinterpret_cast<const uint4 *>(p);
        const T *e = reinterpret_cast<const T *>(&raw);
#pragma unroll
        for (int i = 0; i < N; ++i)
            out[i] = rl_to_float<T>(e[i]);
    } else {
#pragma unroll
        for (int i = 0; i < N; ++i)
            out[i] = rl_to_float<T>(p[i]);
    }
}

template <typename T, int N> __device__ __forceinline__ void rl_store(T *__restrict__ p, const float (&in)[N])
{
    if constexpr (N == RlVec<T>::N && N > 1) {
        uint4 raw;
        T *e = reinterpret_cast<T *>(&raw);
#pragma unroll
        for (int i = 0; i < N; ++i)
            e[i] = rl_from_float<T>(in[i]);
        *reinterpret_cast<uint4 *>(p) = raw;
    } else {
#pragma unroll
        for (int i = 0; i < N; ++i)
            p[i] = rl_from_float<T>(in[i]);
    }
}

// 16-byte global accesses with a cache hint: HINT 0 plain, 1 streaming (evict-first, the
// data is touched once: ld.global.cs / st.global.cs).
template <int HINT> __device__ __forceinline__ uint4 rl_ld16(const void *p)
{
    if constexpr (HINT == 1)
        return __ldcs(reinterpret_cast<const uint4 *>(p));
    else
        return *reinterpret_cast<const uint4 *>(p);
}

template <int HINT> __device__ __forceinline__ void rl_st16(void *p, uint4 v)
{
    if constexpr (HINT == 1)
        __stcs(reinterpret_cast<uint4 *>(p), v);
    else
        *reinterpret_cast<uint4 *>(p) = v;
}

// Copies vectors base + u * blockDim.x (u < UNROLL, those below nv) from src to dst, every
// load issued before the first store: UNROLL 16-byte requests in flight per thread.
template <int UNROLL, int HINT>
__device__ __forceinline__ void rl_copy16(const uint4 *src, uint4 *dst, long long base, long long nv)
{
    uint4 r[UNROLL];
#pragma unroll
    for (int u = 0; u < UNROLL; ++u) {
        const long long j = base + (long long)u * blockDim.x;
        if (j < nv)
            r[u] = rl_ld16<HINT>(src + j);
    }
#pragma unroll
    for (int u = 0; u < UNROLL; ++u) {
        const long long j = base + (long long)u * blockDim.x;
        if (j < nv)
            rl_st16<HINT>(dst + j, r[u]);
    }
}

// A 16-byte vector as RlVec<T>::N floats, and back.
template <typename T> __device__ __forceinline__ void rl_unpack(const uint4 &raw, float (&out)[RlVec<T>::N])
{
    const T *e = reinterpret_cast<const T *>(&raw);
#pragma unroll
    for (int i = 0; i < RlVec<T>::N; ++i)
        out[i] = rl_to_float<T>(e[i]);
}

template <typename T> __device__ __forceinline__ uint4 rl_pack(const float (&in)[RlVec<T>::N])
{
    uint4 raw;
    T *e = reinterpret_cast<T *>(&raw);
#pragma unroll
    for (int i = 0; i < RlVec<T>::N; ++i)
        e[i] = rl_from_float<T>(in[i]);
    return raw;
}

__device__ __forceinline__ float rl_warp_sum(float v)
{
#pragma unroll
    for (int o = 16; o > 0; o >>= 1)
        v += __shfl_xor_sync(0xffffffffu, v, o);
    return v;
}

__device__ __forceinline__ float rl_warp_max(float v)
{
#pragma unroll
    for (int o = 16; o > 0; o >>= 1)
        v = fmaxf(v, __shfl_xor_sync(0xffffffffu, v, o));
    return v;
}

// Sum over the block; every thread gets the total. BLOCK is a multiple of 32. Safe to call
// several times in a row (the first barrier keeps a previous call's readers).
template <int BLOCK> __device__ __forceinline__ float rl_block_sum(float v)
{
    static_assert(BLOCK % 32 == 0 && BLOCK <= 1024, "block must be a multiple of 32");
    constexpr int NW = BLOCK / 32;
    __shared__ float s[NW];
    v = rl_warp_sum(v);
    if constexpr (NW == 1)
        return v;
    __syncthreads();
    if ((threadIdx.x & 31) == 0)
        s[threadIdx.x >> 5] = v;
    __syncthreads();
    float t = (threadIdx.x & 31) < NW ? s[threadIdx.x & 31] : 0.0f;
    return rl_warp_sum(t);
}

// Online-softmax merge of two partial (max, sum of exp(x - max)) pairs (the kernel-engineering
// notes, ch. 04):
// m = max(ma, mb), l = la e^(ma-m) + lb e^(mb-m).
__device__ __forceinline__ void rl_softmax_merge(float &m, float &l, float m2, float l2)
{
    const float mn = fmaxf(m, m2);
    if (mn == -RL_INF) {
        l = 0.0f;
        return;
    }
    l = l * __expf(m - mn) + l2 * __expf(m2 - mn);
    m = mn;
}

template <int BLOCK> __device__ __forceinline__ void rl_block_softmax_merge(float &m, float &l)
{
    constexpr int NW = BLOCK / 32;
    __shared__ float sm[NW], sl[NW];
#pragma unroll
    for (int o = 16; o > 0; o >>= 1) {
        const float m2 = __shfl_xor_sync(0xffffffffu, m, o);
        const float l2 = __shfl_xor_sync(0xffffffffu, l, o);
        rl_softmax_merge(m, l, m2, l2);
    }
    if constexpr (NW == 1)
        return;
    __syncthreads();
    if ((threadIdx.x & 31) == 0) {
        sm[threadIdx.x >> 5] = m;
        sl[threadIdx.x >> 5] = l;
    }
    __syncthreads();
    const int lane = threadIdx.x & 31;
    m = lane < NW ? sm[lane] : -RL_INF;
    l = lane < NW ? sl[lane] : 0.0f;
#pragma unroll
    for (int o = 16; o > 0; o >>= 1) {
        const float m2 = __shfl_xor_sync(0xffffffffu, m, o);
        const float l2 = __shfl_xor_sync(0xffffffffu, l, o);
        rl_softmax_merge(m, l, m2, l2);
    }
}

// One row of COLS elements held in registers by a block of BLOCK threads: 16-byte accesses
// when the row length allows, scalar ones otherwise. Thread t holds vectors t, t+BLOCK, ...
// so each warp access is contiguous. The compile-time shape keeps the array in registers.
template <typename T, int COLS, int BLOCK> struct RlRow
{
    static constexpr int VEC = (COLS % RlVec<T>::N == 0) ? RlVec<T>::N : 1;
    static constexpr int NVEC = COLS / VEC;
    static constexpr int PER = (NVEC + BLOCK - 1) / BLOCK;
    float v[PER][VEC];

    __device__ __forceinline__ static bool valid(int k) { return (int)threadIdx.x + k * BLOCK < NVEC; }
    __device__ __forceinline__ static int col(int k) { return ((int)threadIdx.x + k * BLOCK) * VEC; }

    __device__ __forceinline__ void load(const T *__restrict__ row, float pad)
    {
#pragma unroll
        for (int k = 0; k < PER; ++k) {
            if (valid(k)) {
                rl_load<T, VEC>(row + col(k), v[k]);
            } else {
#pragma unroll
                for (int i = 0; i < VEC; ++i)
                    v[k][i] = pad;
            }
        }
    }

    __device__ __forceinline__ void store(T *__restrict__ row) const
    {
#pragma unroll
        for (int k = 0; k < PER; ++k)
            if (valid(k))
                rl_store<T, VEC>(row + col(k), v[k]);
    }
};

__device__ __forceinline__ unsigned long long rl_globaltimer()
{
    unsigned long long t;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
    return t;
}

// Clock stamps of one block: thread 0 records SM cycles and global-timer nanoseconds at the
// start and after the block's work, so the host gets the SM clock during the kernel itself.
struct RlStamp
{
    unsigned long long c0, t0;
    __device__ __forceinline__ void start()
    {
        if (threadIdx.x == 0) {
            t0 = rl_globaltimer();
            c0 = clock64();
        }
    }
    __device__ __forceinline__ void stop(unsigned long long *stamps)
    {
        __syncthreads();
        if (threadIdx.x == 0 && stamps) {
            const unsigned long long c1 = clock64();
            const unsigned long long t1 = rl_globaltimer();
            stamps[2 * blockIdx.x] = c1 - c0;
            stamps[2 * blockIdx.x + 1] = t1 - t0;
        }
    }
};
