#pragma once

// Host-side bf16 / fp16 conversions with the device's rounding (round to nearest even), so a
// CPU reference sees exactly the values the GPU stored.
#include <cmath>
#include <cstdint>
#include <cstring>

namespace kernels::hostfloat {

inline uint32_t floatBits(float f)
{
    uint32_t u;
    std::memcpy(&u, &f, 4);
    return u;
}

inline float bitsFloat(uint32_t u)
{
    float f;
    std::memcpy(&f, &u, 4);
    return f;
}

// __float2bfloat16_rn
inline uint16_t floatToBf16(float f)
{
    uint32_t u = floatBits(f);
    if ((u & 0x7fffffffu) > 0x7f800000u)
        return uint16_t((u >> 16) | 0x40); // quiet NaN
    u += 0x7fffu + ((u >> 16) & 1u);
    return uint16_t(u >> 16);
}

inline float bf16ToFloat(uint16_t b)
{
    return bitsFloat(uint32_t(b) << 16);
}

inline float bf16Round(float f)
{
    return bf16ToFloat(floatToBf16(f));
}

inline double halfToDouble(uint16_t h)
{
    const int sign = h >> 15, exp = (h >> 10) & 0x1f, frac = h & 0x3ff;
    double v;
    if (exp == 0)
        v = std::ldexp(double(frac), -24);
    else if (exp == 31)
        v = frac ? NAN : INFINITY;
    else
        v = std::ldexp(double(frac | 0x400), exp - 25);
    return sign ? -v : v;
}

// Round a double to the nearest half (ties to even), as one rounding: exact for the result
// of a half FMA computed in double (its product and sum are exact there).
inline uint16_t doubleToHalf(double d)
{
    const uint16_t sign = std::signbit(d) ? 0x8000 : 0;
    double a = std::fabs(d);
    if (std::isnan(d))
        return 0x7e00;
    if (a >= 65520.0) // rounds to infinity
        return sign | 0x7c00;
    int e;
    std::frexp(a, &e); // a = m * 2^e, m in [0.5, 1)
    // Spacing of halves near a: 2^(e-11) for normals (e >= -13), 2^-24 for subnormals.
    const int q = e >= -13 ? e - 11 : -24;
    const double scaled = std::ldexp(a, -q); // exact
    const double r = std::nearbyint(scaled); // ties to even (default rounding mode)
    const double v = std::ldexp(r, q);
    // Re-encode v (exact in half).
    if (v == 0)
        return sign;
    int ve;
    const double vm = std::frexp(v, &ve);
    if (ve < -13) // subnormal: v = frac * 2^-24
        return sign | uint16_t(std::ldexp(v, 24));
    const int exp = ve + 14; // v = 1.f * 2^(ve-1), biased exponent = ve - 1 + 15
    const uint16_t frac = uint16_t(std::ldexp(vm, 11)) & 0x3ff;
    return sign | uint16_t(exp << 10) | frac;
}

inline uint16_t floatToHalf(float f)
{
    return doubleToHalf(double(f)); // a float -> double is exact, so one rounding
}

} // namespace kernels::hostfloat
