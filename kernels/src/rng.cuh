// Counter-based random numbers shared by the device fill kernels and the host references:
// the same (index, seed) gives the same value on both sides, so a check regenerates the
// inputs on the CPU instead of copying gigabytes back. Keep this file free of device-only code.
#pragma once

#if defined(__CUDACC__)
#define RL_HD __host__ __device__ __forceinline__
#else
#include <math.h>
#define RL_HD inline
#endif

// splitmix64's finalizer: every output bit depends on every input bit.
RL_HD unsigned long long rl_mix64(unsigned long long x)
{
    x ^= x >> 30;
    x *= 0xbf58476d1ce4e5b9ULL;
    x ^= x >> 27;
    x *= 0x94d049bb133111ebULL;
    x ^= x >> 31;
    return x;
}

RL_HD unsigned long long rl_bits(unsigned long long i, unsigned seed)
{
    return rl_mix64(i + 0x9E3779B97F4A7C15ULL * (seed + 1ULL));
}

// A 32-bit word that is never zero (probes that sum raw words).
RL_HD unsigned rl_word(unsigned long long i, unsigned seed)
{
    return (unsigned)(rl_bits(i, seed) >> 32) | 1u;
}

// Uniform in [lo, hi): 24 random bits scaled exactly, one fused multiply-add (the same
// rounding on host and device). An exact zero is replaced so no buffer ever holds one.
RL_HD float rl_value(unsigned long long i, unsigned seed, float lo, float hi)
{
    const float u = (float)(rl_bits(i, seed) >> 40) * 0x1p-24f;
    const float v = fmaf(hi - lo, u, lo);
    return v == 0.0f ? 0.5f * hi : v;
}
