#include "w4pack.h"

namespace kernels::llm {

uint32_t interleaveNibbles(uint32_t word)
{
    uint32_t out = 0;
    for (int n = 0; n < 8; ++n) {
        const int k = n < 4 ? 2 * n : 2 * (n - 4) + 1;
        out |= ((word >> (4 * k)) & 15u) << (4 * n);
    }
    return out;
}

void packW4Record(uint32_t *out, long long panel, long long g, long long N, const W4Word &word,
                  const W4ScaleBits &scaleBits)
{
    auto w = [&](long long n, long long j) { return n < N ? interleaveNibbles(word(n, g * 16 + j)) : 0u; };
    auto s = [&](long long n) { return n < N ? uint32_t(scaleBits(g, n)) : 0u; };
    for (int piece = 0; piece < 256; ++piece) {
        const int mt = piece / 64, p = (piece / 32) % 2, lane = piece % 32;
        const long long c = panel * 64 + mt * 16 + lane / 4, j = (lane % 4) + 8 * p;
        uint32_t *o = out + piece * 4;
        o[0] = w(c, j);
        o[1] = w(c + 8, j);
        o[2] = w(c, j + 4);
        o[3] = w(c + 8, j + 4);
    }
    for (int i = 0; i < 32; ++i) {
        const long long c = panel * 64 + (i % 4) * 16 + i / 4;
        out[1024 + i] = s(c) | (s(c + 8) << 16);
    }
}

} // namespace kernels::llm
