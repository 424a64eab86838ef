// The W4A16 kernel's record layout (kernels/w4pack.h) without a GPU: the records packW4Record
// makes, multiplied on the CPU the way llm.w4a16_gemm's lanes and mma.sync fragments take them
// (kernels/src/llm.cu: the dequantized weight pairs as the A operand of m16n8k16, X's pieces as
// B, 128 + q with the offset taken off through -136 * the token's sum, the scale pair
// a lane reads from the record's tail), give X * W exactly. A piece put in the wrong place, the
// two columns of a piece swapped or a scale pair misplaced makes columns come out wrong.
#include "family_llm.h"
#include "hostfloat.h"
#include "w4pack.h"

#include <QTest>

#include <array>
#include <cmath>
#include <optional>
#include <random>
#include <vector>

using namespace kernels;

namespace {

// One 16 x 16 A and 16 x 8 B of m16n8k16 (row.col), filled fragment by fragment.
struct Mma
{
    std::array<std::array<double, 16>, 16> a{};
    std::array<std::array<double, 8>, 16> b{};
    // Lane (g, tig): a0 = A[g][2tig, +1], a1 = A[g+8][2tig, +1], a2 = A[g][2tig+8, +9],
    // a3 = A[g+8][2tig+8, +9]; b0 = B[2tig, +1][g], b1 = B[2tig+8, +9][g]. Each register is a
    // pair, its low half first.
    using Pair = std::array<double, 2>;
    void setA(int lane, Pair a0, Pair a1, Pair a2, Pair a3)
    {
        const int g = lane / 4, t = lane % 4;
        for (int h = 0; h < 2; ++h) {
            a[g][2 * t + h] = a0[h];
            a[g + 8][2 * t + h] = a1[h];
            a[g][2 * t + 8 + h] = a2[h];
            a[g + 8][2 * t + 8 + h] = a3[h];
        }
    }
    void setB(int lane, Pair b0, Pair b1)
    {
        const int g = lane / 4, t = lane % 4;
        for (int h = 0; h < 2; ++h) {
            b[2 * t + h][g] = b0[h];
            b[2 * t + 8 + h][g] = b1[h];
        }
    }
    void addTo(std::array<std::array<double, 8>, 16> &c) const
    {
        for (int r = 0; r < 16; ++r)
            for (int n = 0; n < 8; ++n)
                for (int k = 0; k < 16; ++k)
                    c[r][n] += a[r][k] * b[k][n];
    }
};

struct Problem
{
    long long M, N, K;
    std::vector<uint32_t> words;  // [N][K/8]
    std::vector<uint16_t> scales; // [K/128][N], fp16 bits
    std::vector<double> x;        // [M][K], bf16 values
};

Problem makeProblem(long long M, long long N, long long K, unsigned seed)
{
    std::mt19937 rng(seed);
    Problem p{M, N, K, {}, {}, {}};
    p.words.resize(size_t(N * K / 8));
    for (uint32_t &w : p.words)
        w = uint32_t(rng());
    std::uniform_real_distribution<float> s(0.01f, 0.03f), v(-1.0f, 1.0f);
    p.scales.resize(size_t(K / 128 * N));
    for (uint16_t &b : p.scales)
        b = hostfloat::floatToHalf(s(rng));
    p.x.resize(size_t(M * K));
    for (double &e : p.x)
        e = double(hostfloat::bf16Round(v(rng)));
    return p;
}

double halfValue(uint16_t h)
{
    const int e = (h >> 10) & 31, m = h & 1023;
    const double mag = e == 0 ? std::ldexp(double(m), -24) : std::ldexp(double(m | 1024), e - 25);
    return (h & 0x8000) ? -mag : mag;
}

// Y = X * W as the kernel computes it from the packed records: every warp of NT n-tiles (NT / 2
// m-tiles from m-tile mt0 of its panel), every group, every lane's fragments. order: the mma.sync
// path (Fragment: X's B fragments are 16-byte pieces of its rows) or the wgmma path (Natural: a
// k16 step s is k = 16s .. 16s + 15 of X in memory order, as the shared-memory descriptor reads it;
// the warpgroup's 64 rows are its four warps' m-tiles, each the m16 tile emulated here).
std::vector<double> multiplyAsTheKernel(const Problem &p, int NT, llm::W4Order order = llm::W4Order::Fragment,
                                        std::optional<llm::W4Order> readAs = {})
{
    const llm::W4Order read = readAs.value_or(order); // how X's fragments are taken
    const long long panels = (p.N + 63) / 64, groups = p.K / 128;
    constexpr int recordWords = llm::kW4RecordBytes / 4;
    std::vector<uint32_t> records(size_t(panels * groups * recordWords));
    const llm::W4Word word = [&](long long n, long long j) { return p.words[size_t(n * (p.K / 8) + j)]; };
    const llm::W4ScaleBits scale = [&](long long g, long long n) { return p.scales[size_t(g * p.N + n)]; };
    for (long long g = 0; g < groups; ++g)
        for (long long panel = 0; panel < panels; ++panel)
            llm::packW4Record(records.data() + (g * panels + panel) * recordWords, panel, g, p.N, word, scale,
                              order);

    // (128 + q) of nibbles bb and bb + 4 of a word: the LOP3 with the bf16 magic 0x4300.
    auto pair = [](uint32_t wd, int bb) -> Mma::Pair {
        const uint32_t v = wd >> (4 * bb);
        return {128.0 + double(v & 15u), 128.0 + double((v >> 16) & 15u)};
    };
    std::vector<double> y(size_t(p.M * p.N), 0.0);
    const int MT = NT / 2;
    for (long long panel = 0; panel < panels; ++panel)
        for (int mt0 = 0; mt0 < 4; mt0 += MT)
            for (long long g = 0; g < groups; ++g) {
                const uint32_t *rec = records.data() + (g * panels + panel) * recordWords;
                for (int tb = 0; tb * 8 < p.M; ++tb) {
                    // The token's sum of x over the group, for the -136 offset.
                    std::array<double, 8> sum{};
                    for (int n = 0; n < 8; ++n)
                        for (long long k = 0; k < 128 && tb * 8 + n < p.M; ++k)
                            sum[size_t(n)] += p.x[size_t((tb * 8 + n) * p.K + g * 128 + k)];
                    for (int m = 0; m < MT; ++m) {
                        std::array<std::array<double, 8>, 16> c{};
                        for (int j = 0; j < 4; ++j)
                            for (int e = 0; e < 2; ++e) {
                                Mma mma;
                                for (int lane = 0; lane < 32; ++lane) {
                                    const int gl = lane / 4, tig = lane % 4;
                                    const uint32_t *pc = rec + (((mt0 + m) * 2 + j / 2) * 32 + lane) * 4;
                                    const uint32_t lo = j % 2 == 0 ? pc[0] : pc[2],
                                                   hi = j % 2 == 0 ? pc[1] : pc[3];
                                    mma.setA(lane, pair(lo, 2 * e), pair(hi, 2 * e), pair(lo, 2 * e + 1),
                                             pair(hi, 2 * e + 1));
                                    // X's piece tig + 4j of token tb*8 + g as it lies in memory:
                                    // the pairs (k0, k1), (k2, k3) for e = 0, (k4, k5), (k6, k7)
                                    // for e = 1; tokens past M are zeros here.
                                    const long long row = tb * 8 + gl;
                                    auto xv = [&](int i) {
                                        return row < p.M
                                                   ? p.x[size_t(row * p.K + g * 128 + (tig + 4 * j) * 8 + i)]
                                                   : 0.0;
                                    };
                                    auto xn = [&](int k) { // k of the group, memory order
                                        return row < p.M ? p.x[size_t(row * p.K + g * 128 + k)] : 0.0;
                                    };
                                    const int k0 = 16 * (2 * j + e) + 2 * tig;
                                    if (read == llm::W4Order::Natural)
                                        mma.setB(lane, {xn(k0), xn(k0 + 1)}, {xn(k0 + 8), xn(k0 + 9)});
                                    else
                                        mma.setB(lane, {xv(4 * e), xv(4 * e + 1)},
                                                 {xv(4 * e + 2), xv(4 * e + 3)});
                                }
                                mma.addTo(c);
                            }
                        // Lane (g, tig): columns g, g + 8 of the m-tile, tokens 2tig, 2tig + 1,
                        // the scale pair at word 1024 + g*4 + mt of the record.
                        for (int lane = 0; lane < 32; ++lane) {
                            const int gl = lane / 4, tig = lane % 4;
                            const uint32_t sw = rec[1024 + gl * 4 + mt0 + m];
                            const double s0 = halfValue(uint16_t(sw & 0xffffu)),
                                         s1 = halfValue(uint16_t(sw >> 16));
                            for (int i = 0; i < 4; ++i) {
                                const int tok = tig * 2 + (i & 1), r = gl + (i >> 1) * 8;
                                const long long col = panel * 64 + (mt0 + m) * 16 + r, token = tb * 8 + tok;
                                if (col >= p.N || token >= p.M)
                                    continue;
                                const double t = c[size_t(r)][size_t(tok)] - 136.0 * sum[size_t(tok)];
                                y[size_t(token * p.N + col)] += t * (i >> 1 ? s1 : s0);
                            }
                        }
                    }
                }
            }
    return y;
}

std::vector<double> reference(const Problem &p)
{
    std::vector<double> y(size_t(p.M * p.N), 0.0);
    for (long long n = 0; n < p.N; ++n)
        for (long long k = 0; k < p.K; ++k) {
            const uint32_t w = p.words[size_t(n * (p.K / 8) + k / 8)];
            const double q = double((w >> (4 * (k % 8))) & 15u);
            const double wv = (q - 8.0) * halfValue(p.scales[size_t(k / 128 * p.N + n)]);
            for (long long m = 0; m < p.M; ++m)
                y[size_t(m * p.N + n)] += p.x[size_t(m * p.K + k)] * wv;
        }
    return y;
}

} // namespace

class TestW4Layout : public QObject
{
    Q_OBJECT
private slots:
    void kernelMathGivesTheProduct_data()
    {
        QTest::addColumn<int>("M");
        QTest::addColumn<int>("N");
        QTest::addColumn<int>("K");
        QTest::addColumn<int>("ntiles");
        QTest::addColumn<bool>("natural");
        QTest::newRow("M 1, one panel, whole-panel warps") << 1 << 64 << 256 << 8 << false;
        QTest::newRow("M 5, N past a panel") << 5 << 77 << 384 << 8 << false;
        QTest::newRow("M 16, two fragments of tokens") << 16 << 130 << 256 << 8 << false;
        QTest::newRow("M 3, half-panel warps") << 3 << 100 << 256 << 4 << false;
        QTest::newRow("M 11, half-panel warps") << 11 << 64 << 128 << 4 << false;
        QTest::newRow("wgmma order, M 1") << 1 << 64 << 256 << 8 << true;
        QTest::newRow("wgmma order, M 16, N past a panel") << 16 << 130 << 384 << 8 << true;
        QTest::newRow("wgmma order, M 9") << 9 << 77 << 128 << 8 << true;
    }
    void kernelMathGivesTheProduct()
    {
        QFETCH(int, M);
        QFETCH(int, N);
        QFETCH(int, K);
        QFETCH(int, ntiles);
        QFETCH(bool, natural);
        const Problem p = makeProblem(M, N, K, unsigned(M * 1000 + N));
        const std::vector<double> got = multiplyAsTheKernel(
                                      p, ntiles, natural ? llm::W4Order::Natural : llm::W4Order::Fragment),
                                  want = reference(p);
        double worst = 0, scale = 0;
        long long at = -1;
        for (size_t i = 0; i < want.size(); ++i) {
            scale = std::max(scale, std::fabs(want[i]));
            if (const double err = std::fabs(got[i] - want[i]); err > worst) {
                worst = err;
                at = (long long)i;
            }
        }
        QVERIFY(scale > 0.1); // the products are not all zero
        // Doubles throughout: only summation order separates the two.
        QVERIFY2(worst <= 1e-9 * scale,
                 qPrintable(QStringLiteral("worst |error| %1 at token %2, column %3 (|Y| up to %4)")
                                .arg(worst)
                                .arg(at / N)
                                .arg(at % N)
                                .arg(scale)));
    }

    // The check above can fail: the same product with a piece's two columns swapped in the
    // records is wrong.
    void aSwappedPieceIsCaught()
    {
        Problem p = makeProblem(2, 64, 128, 7);
        const std::vector<double> want = reference(p);
        // Swap columns 0 and 8 in the weights only: the records then hold (8, 0, 8, 0) where
        // the kernel expects (0, 8, 0, 8), which is what a swapped piece would do.
        for (long long j = 0; j < p.K / 8; ++j)
            std::swap(p.words[size_t(0 * (p.K / 8) + j)], p.words[size_t(8 * (p.K / 8) + j)]);
        const std::vector<double> got = multiplyAsTheKernel(p, 8);
        double worst = 0;
        for (size_t i = 0; i < want.size(); ++i)
            worst = std::max(worst, std::fabs(got[i] - want[i]));
        QVERIFY(worst > 1e-3);
    }

    // The two orders are different layouts: records packed in one and read in the other are wrong.
    void theOrdersDiffer()
    {
        const Problem p = makeProblem(4, 64, 256, 11);
        const std::vector<double> want = reference(p);
        using llm::W4Order;
        for (const auto &[pack, read] : {std::pair{W4Order::Fragment, W4Order::Natural},
                                         std::pair{W4Order::Natural, W4Order::Fragment}}) {
            const std::vector<double> got = multiplyAsTheKernel(p, 8, pack, read);
            double worst = 0;
            for (size_t i = 0; i < want.size(); ++i)
                worst = std::max(worst, std::fabs(got[i] - want[i]));
            QVERIFY(worst > 1e-3);
        }
    }
};

QTEST_APPLESS_MAIN(TestW4Layout)
#include "tst_w4_layout.moc"
