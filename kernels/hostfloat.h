#pragma once

// Host-side bf16 / fp16 / fp8 (e4m3) conversions with the device's rounding (round to nearest
// even), so a CPU reference sees exactly the values the GPU stored.
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

// OCP fp8 e4m3 ("E4M3FN", what CUDA's __nv_fp8_e4m3 stores): 1 sign, 4 exponent bits
// (bias 7), 3 mantissa bits, no infinities, S.1111.111 the only NaN; the largest finite value
// is 1.75 * 2^8 = 448, the smallest subnormal 2^-9. (OCP 8-bit Floating Point Specification
// (OFP8) rev. 1.0, and cuda_fp8.h.)
inline double e4m3ToDouble(uint8_t b)
{
    const int exp = (b >> 3) & 0xf, frac = b & 7;
    double v;
    if (exp == 0xf && frac == 7)
        return NAN;
    if (exp == 0)
        v = std::ldexp(double(frac), -9);
    else
        v = std::ldexp(double(8 | frac), exp - 10);
    return (b & 0x80) ? -v : v;
}

// Round a double to the nearest e4m3 (ties to even), saturating past +-448 as the device's
// __nv_cvt_double_to_fp8(x, __NV_SATFINITE, __NV_E4M3) does; NaN stays NaN.
inline uint8_t doubleToE4m3(double d)
{
    const uint8_t sign = std::signbit(d) ? 0x80 : 0;
    if (std::isnan(d))
        return 0x7f;
    const double a = std::fabs(d);
    if (a >= 448.0)
        return sign | 0x7e;
    int e;
    std::frexp(a, &e); // a = m * 2^e, m in [0.5, 1)
    // Spacing near a: 2^(e-4) for normals (a >= 2^-6, e >= -5), 2^-9 for subnormals.
    const int q = e >= -5 ? e - 4 : -9;
    const double v = std::ldexp(std::nearbyint(std::ldexp(a, -q)), q); // ties to even
    if (v >= 448.0)
        return sign | 0x7e;
    if (v < 0x1p-6) // subnormal (or zero): v = frac * 2^-9
        return sign | uint8_t(std::ldexp(v, 9));
    int ve;
    const double vm = std::frexp(v, &ve);                // v = 1.f * 2^(ve-1)
    const uint8_t frac = uint8_t(std::ldexp(vm, 4)) & 7; // vm * 16 = 8 + frac
    return sign | uint8_t((ve + 6) << 3) | frac;
}

inline double e4m3Round(double d)
{
    return e4m3ToDouble(doubleToE4m3(d));
}

// doubleToE4m3 for a float, on the bits (no frexp/ldexp): the fp8 bench converts 2 x 67 M
// values at 8192^3 on the host. Normals keep 3 mantissa bits by adding half an ulp of e4m3
// (ties to even) to the float's bits, subnormals are a multiple of 2^-9 rounded by rint.
inline uint8_t floatToE4m3(float f)
{
    const uint32_t u = floatBits(f);
    const uint8_t sign = uint8_t((u >> 24) & 0x80);
    const uint32_t a = u & 0x7fffffffu;
    if (a > 0x7f800000u)
        return 0x7f;      // NaN
    if (a >= 0x43e00000u) // 448 and up (infinity included) saturate
        return sign | 0x7e;
    if (a < 0x3c800000u) // below 2^-6: subnormal, v = frac * 2^-9 (frac 8 is 2^-6, the first normal)
        return sign | uint8_t(std::nearbyint(bitsFloat(a) * 512.0f));
    const uint32_t r = a + 0x7ffffu + ((a >> 20) & 1u); // round the 23 mantissa bits to 3
    if (r >= 0x43e80000u) // rounded up past 448 (to 464+ the tie goes to 480, not a value)
        return sign | 0x7e;
    const uint32_t exp = (r >> 23) - 127 + 7, frac = (r >> 20) & 7u;
    return sign | uint8_t(exp << 3) | uint8_t(frac);
}

} // namespace kernels::hostfloat
