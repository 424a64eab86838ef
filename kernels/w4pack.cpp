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
                  const W4ScaleBits &scaleBits, W4Order order)
{
    // Lane tig's word jj (0..3) of column n; j = tig + 4 jj is its column word in Fragment order.
    auto w = [&](long long n, long long j) {
        if (n >= N)
            return 0u;
        if (order == W4Order::Fragment)
            return interleaveNibbles(word(n, g * 16 + j));
        const int tig = int(j % 4), jj = int(j / 4);
        uint32_t out = 0;
        for (int bb = 0; bb < 4; ++bb) {
            const uint32_t src = word(n, g * 16 + 4 * jj + bb); // k = 32jj + 8bb ..
            for (int h = 0; h < 2; ++h)
                out |= ((src >> (4 * (2 * tig + h))) & 15u) << (4 * (bb + 4 * h));
        }
        return out;
    };
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
