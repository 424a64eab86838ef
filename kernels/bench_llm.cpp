// The LLM family's benches (kernels/src/llm.cu and the cuBLAS baseline): inputs, launch shapes
// (the split of the KV length and of K chosen to fill the GPU in whole waves), launches and the
// fp64 references on the CPU. Catalog entries are in family_llm.cpp.
#include "benches.h"
#include "cublasgemm.h"
#include "family_llm.h"
#include "hostfloat.h"
#include "src/rng.cuh"
#include "tma.h"
#include "w4pack.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>
#include <vector>

namespace kernels {

namespace {

QString tr(const char *s)
{
    return QCoreApplication::translate("kernels::LlmKernels", s);
}

qint64 P(const Params &p, const char *name)
{
    return paramInt(p, QString::fromLatin1(name));
}

// The number of parts (1 .. maxParts) to cut each of `units` pieces of work into so that
// units x parts blocks fill `residentBlocks` resident blocks in waves that end nearly full: the first
// that reaches 90 % of its last wave (and at least 90 % of one wave), else the fullest.
int fillingSplit(long long units, long long residentBlocks, int maxParts)
{
    int best = 1;
    double bestEff = 0;
    for (int s = 1; s <= std::max(1, maxParts); ++s) {
        const double waves = double(units * s) / double(std::max(1LL, residentBlocks));
        const double eff = waves / std::ceil(waves);
        if (eff >= 0.9 && waves >= 0.9)
            return s;
        if (eff > bestEff + 1e-9) {
            bestEff = eff;
            best = s;
        }
    }
    return best;
}

// Elementwise comparison relative to |ref| + rms(ref): outputs that are averages or long dot
// products of signed values come out near zero in places, where a purely relative error
// would only measure the rounding of the large terms.
model::Check compareToRms(const std::vector<double> &ref, const std::vector<double> &out, double tol,
                          const QString &reference)
{
    double sq = 0;
    for (double v : ref)
        sq += v * v;
    const double rms = std::sqrt(sq / double(std::max<size_t>(1, ref.size())));
    model::Check c =
        compareAll((long long)ref.size(), tol, std::max(rms, 1e-30), reference, [&](long long i) {
            return std::pair{out[size_t(i)], ref[size_t(i)]};
        });
    return c;
}

std::vector<double> downloadValues(BenchContext &ctx, const void *dev, long long n, model::Dtype d,
                                   QString *error)
{
    std::vector<unsigned char> raw(static_cast<size_t>(n) * size_t(model::dtypeBytes(d)));
    if (!ctx.download(raw.data(), dev, raw.size(), error))
        return {};
    std::vector<double> out(static_cast<size_t>(n));
    for (long long i = 0; i < n; ++i)
        out[size_t(i)] = elementValue(raw.data(), i, d);
    return out;
}

// ---------------------------------------------------------------- decode attention

class AttentionBench : public Bench
{
public:
    AttentionBench(const QStringList &names, const Params &p, model::Dtype d)
        : m_names(names), m_dtype(d), m_B(P(p, "B")), m_H(P(p, "H")), m_Hkv(P(p, "Hkv")), m_S(P(p, "S")),
          m_D(P(p, "D")), m_split(P(p, "split"))
    {
    }

    bool setup(BenchContext &ctx, QString *error) override
    {
        const int block = llm::kAttnWarps * 32;
        const size_t smem = size_t(llm::attentionSmem(int(m_D)));
        int perSm = 0;
        if (!findMain(ctx, block, error, &perSm, smem))
            return false;
        if (!(m_combine = ctx.kernel(m_names.value(1), error)) ||
            !ctx.checkLaunch(m_combine, int(m_D), 0, error))
            return false;
        // Split the KV length so that B x Hkv x split blocks fill the GPU in whole waves.
        const long long tiles = ceilDiv(m_S, llm::kAttnTileRows);
        if (m_split == 0)
            m_split = fillingSplit(m_B * m_Hkv, oneWave(ctx, perSm), int(std::min<long long>(tiles, 1024)));
        m_chunk = ceilDiv(tiles, m_split) * llm::kAttnTileRows;
        m_split = ceilDiv(m_S, m_chunk); // no block left without rows
        m_seed = ctx.seed();
        const long long nq = m_B * m_H * m_D, nkv = m_B * m_Hkv * m_S * m_D;
        if (!(m_q = allocFilled(ctx, nq, m_dtype, -2.0f, 2.0f, m_seed, error)) ||
            !(m_k = allocFilled(ctx, nkv, m_dtype, -1.0f, 1.0f, m_seed + 1, error)) ||
            !(m_v = allocFilled(ctx, nkv, m_dtype, -1.0f, 1.0f, m_seed + 2, error)) ||
            !(m_o = allocOutput(ctx, size_t(nq) * size_t(model::dtypeBytes(m_dtype)), error)))
            return false;
        if (m_split > 1) {
            const long long parts = m_B * m_H * m_split;
            if (!(m_po = ctx.alloc(size_t(parts * m_D) * 4, error)) ||
                !(m_pml = ctx.alloc(size_t(parts) * 8, error)))
                return false;
        }
        m_resources = launchResources(block, m_split * m_Hkv * m_B, perSm);
        m_resources["dyn_smem"] = qint64(smem);
        m_resources["split"] = m_split;
        m_resources["chunk"] = m_chunk;
        m_resources["kernels"] = m_split > 1 ? 2 : 1;
        return true;
    }

    bool launch(BenchContext &ctx, QString *error) override
    {
        int H = int(m_H), Hkv = int(m_Hkv), S = int(m_S), chunk = int(m_chunk), split = int(m_split);
        float scaleLog2 = float(1.4426950408889634 / std::sqrt(double(m_D)));
        void *args[] = {&m_q, &m_k, &m_v, &m_o, &m_po, &m_pml, &H, &Hkv, &S, &chunk, &scaleLog2};
        const dim3 grid{unsigned(m_split), unsigned(m_Hkv), unsigned(m_B)};
        if (!ctx.launch(m_kernel, grid, dim3(llm::kAttnWarps * 32), size_t(llm::attentionSmem(int(m_D))),
                        args, error))
            return false;
        if (m_split == 1)
            return true;
        void *cargs[] = {&m_po, &m_pml, &m_o, &H, &split};
        return ctx.launch(m_combine, dim3(unsigned(m_H), unsigned(m_B)), dim3(unsigned(m_D)), 0, cargs,
                          error);
    }

    model::Check check(BenchContext &ctx) override
    {
        QString error;
        const std::vector<double> out = downloadValues(ctx, m_o, m_B * m_H * m_D, m_dtype, &error);
        if (out.empty())
            return failedCheck("cpu-fp64", error);
        const long long B = m_B, H = m_H, Hkv = m_Hkv, S = m_S, D = m_D, G = H / Hkv;
        const model::Dtype d = m_dtype;
        const unsigned seed = m_seed;
        std::vector<double> ref(static_cast<size_t>(B * H * D));
        const double scale = 1.0 / std::sqrt(double(D));
        parallelFor(
            B * Hkv,
            [&](long long begin, long long end, int) {
                std::vector<double> K(static_cast<size_t>(S * D)), V(static_cast<size_t>(S * D)),
                    s(static_cast<size_t>(S));
                for (long long bk = begin; bk < end; ++bk) {
                    const long long base = bk * S * D;
                    for (long long i = 0; i < S * D; ++i) {
                        K[size_t(i)] = hostValue(base + i, seed + 1, -1.0f, 1.0f, d);
                        V[size_t(i)] = hostValue(base + i, seed + 2, -1.0f, 1.0f, d);
                    }
                    const long long b = bk / Hkv, kvh = bk % Hkv;
                    for (long long hg = 0; hg < G; ++hg) {
                        const long long bh = b * H + kvh * G + hg;
                        std::vector<double> q(static_cast<size_t>(D));
                        for (long long j = 0; j < D; ++j)
                            q[size_t(j)] = hostValue(bh * D + j, seed, -2.0f, 2.0f, d);
                        double mx = -INFINITY;
                        for (long long r = 0; r < S; ++r) {
                            double dot = 0;
                            for (long long j = 0; j < D; ++j)
                                dot += q[size_t(j)] * K[size_t(r * D + j)];
                            s[size_t(r)] = dot * scale;
                            mx = std::max(mx, s[size_t(r)]);
                        }
                        double l = 0;
                        for (long long r = 0; r < S; ++r)
                            l += (s[size_t(r)] = std::exp(s[size_t(r)] - mx));
                        double *o = ref.data() + bh * D;
                        for (long long j = 0; j < D; ++j)
                            o[j] = 0;
                        for (long long r = 0; r < S; ++r)
                            for (long long j = 0; j < D; ++j)
                                o[j] += s[size_t(r)] * V[size_t(r * D + j)];
                        for (long long j = 0; j < D; ++j)
                            o[j] /= l;
                    }
                }
            },
            1);
        // P is rounded to 16 bits for the P V product (as FlashAttention does), O to 16 bits.
        const double tol = d == model::Dtype::Fp16 ? 4e-3 : toleranceFor(d);
        model::Check c = compareToRms(ref, out, tol, "cpu-fp64");
        c.reference = QStringLiteral("cpu-fp64 attention (error relative to |ref| + rms)");
        return c;
    }

private:
    QStringList m_names;
    model::Dtype m_dtype;
    long long m_B, m_H, m_Hkv, m_S, m_D, m_split;
    long long m_chunk = 0;
    cudaKernel_t m_combine = nullptr;
    void *m_q = nullptr, *m_k = nullptr, *m_v = nullptr, *m_o = nullptr, *m_po = nullptr, *m_pml = nullptr;
    unsigned m_seed = 0;
};

// ---------------------------------------------------------------- W4A16 and its cuBLAS baseline

// Inputs shared by both: X [M][K] in [-1, 1); W as words [N][K/8] of rl_word(i, seed + 1),
// nibble i of word j of column n the weight of k = 8j + i; scales [K/128][N] fp16 in
// [0.01, 0.03), element i = group * N + n of hostValue(i, seed + 2). The weight is
// (q - 8) * scale. The kernel reads weights and scales packed together (uploadPanels).
class W4Bench : public Bench
{
public:
    W4Bench(bool cublas, const Params &p, model::Dtype d)
        : m_cublasBaseline(cublas), m_dtype(d), m_M(P(p, "M")), m_N(P(p, "N")), m_K(P(p, "K")),
          m_splitK(cublas ? 1 : P(p, "splitk")), m_warps(cublas ? 1 : int(P(p, "warps"))),
          m_ntiles(cublas ? 1 : int(P(p, "ntiles"))), m_stages(cublas ? 2 : int(P(p, "stages"))),
          m_kwarps(cublas ? 1 : int(P(p, "kwarps"))), m_tc(cublas ? 0 : int(P(p, "wgmma"))),
          m_xbufs(cublas ? 2 : llm::w4a16XBufs(int(m_M), int(P(p, "xbufs")))),
          m_balanced(cublas ? 0 : int(P(p, "balance")))
    {
    }

    static constexpr float kScaleLo = 0.01f, kScaleHi = 0.03f;

    bool setup(BenchContext &ctx, QString *error) override
    {
        const Device &dev = ctx.device();
        if (m_tc && !(dev.major == 9 && dev.minor == 0)) {
            if (error)
                *error = tr("wgmma=1 uses wgmma and TMA, which only sm_90 (Hopper) has; this device is %1")
                             .arg(dev.arch());
            return false;
        }
        const int block = threads();
        int perSm = 0;
        // Blocks an SM with the most shared memory any split asks for (the split is chosen below).
        if (!m_cublasBaseline && !findMain(ctx, block, error, &perSm, smem(m_K / llm::kW4Group)))
            return false;
        m_seed = ctx.seed();
        const long long groups = m_K / llm::kW4Group;
        if (!(m_x = allocFilled(ctx, m_M * m_K, m_dtype, -1.0f, 1.0f, m_seed, error)) ||
            !(m_y = allocOutput(ctx, size_t(m_M * m_N) * size_t(model::dtypeBytes(m_dtype)), error)))
            return false;
        // The warpgroup path reads X by TMA, boxes of 64 k by the tile's rows (zeros past M).
        if (m_tc && !encodeTiled2d(&m_xmap,
                                   m_dtype == model::Dtype::Fp16 ? CU_TENSOR_MAP_DATA_TYPE_FLOAT16
                                                                 : CU_TENSOR_MAP_DATA_TYPE_BFLOAT16,
                                   2, m_x, m_M, m_K, 64, unsigned(llm::w4a16Rows(int(m_M))), error))
            return false;
        if (m_cublasBaseline) {
            // The dequantized weights as cuBLAS reads them: [K][N] (column-major N x K).
            std::vector<uint16_t> wd(static_cast<size_t>(m_K * m_N));
            const bool half = m_dtype == model::Dtype::Fp16;
            parallelFor(
                m_K,
                [&](long long b, long long e, int) {
                    for (long long k = b; k < e; ++k)
                        for (long long n = 0; n < m_N; ++n) {
                            const float w = float(weight(k, n));
                            wd[size_t(k * m_N + n)] =
                                half ? hostfloat::floatToHalf(w) : hostfloat::floatToBf16(w);
                        }
                },
                64);
            if (!(m_wd = ctx.alloc(wd.size() * 2, error)) ||
                !ctx.upload(m_wd, wd.data(), wd.size() * 2, error) || !m_cublas.init(ctx.stream(), error))
                return false;
            m_resources = {{"library", "cublasGemmEx"}, {"weights", "dequantized ahead, K x N 16-bit"}};
            return true;
        }
        if (!(m_w = uploadPanels(ctx, error)))
            return false;
        const long long tiles = ceilDiv(m_N, cols());
        const long long wave = oneWave(ctx, std::min(perSm, llm::w4a16Rows(int(m_M)) > 8 ? 3 : 2));
        if (m_balanced) {
            // One wave of blocks sharing out every (tile, group) unit evenly, at least a block a
            // tile (so that a share meets two tiles at most, as the kernel assumes); no split.
            m_blocks = std::max(1LL, std::min(std::max(wave, tiles), tiles * groups));
            m_splitK = 1;
            m_groupsPerBlock = std::min(groups, ceilDiv(tiles * groups, m_blocks));
        } else {
            if (m_splitK == 0)
                m_splitK = w4Split(tiles, wave, groups);
            // Even shares of the groups: no block without one.
            m_splitK = ceilDiv(groups, ceilDiv(groups, m_splitK));
            m_blocks = tiles * m_splitK;
            m_groupsPerBlock = ceilDiv(groups, m_splitK);
        }
        if (!(m_ws = ctx.alloc(size_t(m_M * m_N) * 4, error)) ||
            !ctx.memset(m_ws, 0, size_t(m_M * m_N) * 4, error) ||
            !(m_tickets = ctx.alloc(size_t(tiles) * 4, error)) ||
            !ctx.memset(m_tickets, 0, size_t(tiles) * 4, error))
            return false;
        m_resources = launchResources(block, m_blocks, perSm);
        m_resources["splitk"] = m_balanced ? 0 : m_splitK;
        m_resources["balanced"] = m_balanced;
        m_resources["mma_tokens"] = llm::w4a16Rows(int(m_M));
        m_resources["stages"] = m_stages;
        m_resources["kwarps"] = m_kwarps;
        m_resources["xbufs"] = m_xbufs;
        m_resources["mma"] = m_tc ? "wgmma.mma_async (sm_90a), X by TMA" : "mma.sync m16n8k16";
        m_resources["dyn_smem"] = qint64(smem(m_groupsPerBlock));
        m_resources["zero_point"] = 8;
        return true;
    }

    bool launch(BenchContext &ctx, QString *error) override
    {
        if (m_cublasBaseline)
            return m_cublas.run(m_dtype, int(m_N), int(m_M), int(m_K), m_wd, m_x, m_y, error);
        int M = int(m_M), N = int(m_N), K = int(m_K);
        int xb = m_xbufs;
        void *args[] = {&m_xmap, &m_x, &m_w, &m_y, &m_ws, &m_tickets, &M, &N, &K, &xb};
        const dim3 grid =
            m_balanced ? dim3(unsigned(m_blocks)) : dim3(unsigned(ceilDiv(m_N, cols())), unsigned(m_splitK));
        return ctx.launch(m_kernel, grid, dim3(unsigned(threads())), smem(m_groupsPerBlock), args, error);
    }

    model::Check check(BenchContext &ctx) override
    {
        QString error;
        const std::vector<double> out = downloadValues(ctx, m_y, m_M * m_N, m_dtype, &error);
        if (out.empty())
            return failedCheck("cpu-fp64", error);
        // Every column up to 2^29 multiply-adds, else an even sample of columns plus the last.
        const long long stride = std::max(1LL, (m_M * m_N * m_K) >> 29);
        std::vector<long long> cols;
        for (long long n = 0; n < m_N; n += stride)
            cols.push_back(n);
        if (cols.back() != m_N - 1)
            cols.push_back(m_N - 1);
        std::vector<double> x(static_cast<size_t>(m_M * m_K));
        for (long long i = 0; i < m_M * m_K; ++i)
            x[size_t(i)] = hostValue(i, m_seed, -1.0f, 1.0f, m_dtype);
        std::vector<double> ref(cols.size() * size_t(m_M)), got(ref.size());
        parallelFor((long long)cols.size(),
                    [&](long long b, long long e, int) {
                        std::vector<double> w(static_cast<size_t>(m_K));
                        for (long long c = b; c < e; ++c) {
                            const long long n = cols[size_t(c)];
                            for (long long k = 0; k < m_K; ++k)
                                w[size_t(k)] = weight(k, n);
                            for (long long m = 0; m < m_M; ++m) {
                                double s = 0;
                                for (long long k = 0; k < m_K; ++k)
                                    s += x[size_t(m * m_K + k)] * w[size_t(k)];
                                ref[size_t(c * m_M + m)] = s;
                                got[size_t(c * m_M + m)] = out[size_t(m * m_N + n)];
                            }
                        }
                    },
                    8);
        model::Check c = compareToRms(ref, got, toleranceFor(m_dtype), "cpu-fp64");
        c.reference = QStringLiteral("cpu-fp64 product of the dequantized weights (%1 of %2 columns; error "
                                     "relative to |ref| + rms)")
                          .arg(cols.size())
                          .arg(m_N);
        return c;
    }

private:
    // The split along K when none is asked for: the most blocks that still run as one wave of
    // two blocks an SM (three when M > 8, where a warp's mma chains set the pace and more
    // warps hide them). Measured on the H200 (8192 x 28672, M = 1): one wave of 224 blocks took
    // 37.3 us, 1.1 to 2 waves of up to 3 blocks an SM (448 to 784) 39 to 51 us; at M = 16, 336
    // blocks 52.8 us against 60.3 us for 224.
    static int w4Split(long long tiles, long long resident, long long groups)
    {
        const long long most = std::min<long long>(groups, 64), fit = resident / std::max(1LL, tiles);
        return static_cast<int>(std::max(1LL, std::min(fit, most)));
    }
    long long cols() const { return (long long)m_warps * m_ntiles * 8; } // a block's columns
    int threads() const { return m_warps * m_kwarps * 32; }              // column warps x warps along K
    size_t smem(long long groupsPerBlock) const
    {
        if (m_tc)
            return size_t(
                llm::w4a16TcSmem(llm::w4a16Rows(int(m_M)), int(groupsPerBlock), m_warps, m_stages, m_xbufs));
        return size_t(llm::w4a16Smem(int(m_M), int(groupsPerBlock), m_warps * m_kwarps, m_ntiles, m_stages,
                                     m_kwarps, m_xbufs));
    }

    // The weights and scales in the kernel's record layout (w4pack.h), [K/128][N/64] records.
    void *uploadPanels(BenchContext &ctx, QString *error) const
    {
        const long long panels = ceilDiv(m_N, 64), groups = m_K / llm::kW4Group, wordsPerCol = m_K / 8;
        constexpr int recordWords = llm::kW4RecordBytes / 4;
        std::vector<unsigned> packed(size_t(panels * groups * recordWords));
        const llm::W4Word word = [&](long long n, long long j) {
            return rl_word((unsigned long long)(n * wordsPerCol + j), m_seed + 1);
        };
        const llm::W4ScaleBits scale = [&](long long g, long long n) { return scaleBits(g, n); };
        parallelFor(
            panels * groups,
            [&](long long b, long long e, int) {
                for (long long pg = b; pg < e; ++pg)
                    llm::packW4Record(packed.data() + pg * recordWords, pg % panels, pg / panels, m_N, word,
                                      scale, m_tc ? llm::W4Order::Natural : llm::W4Order::Fragment);
            },
            64);
        void *p = ctx.alloc(packed.size() * 4, error);
        return p && ctx.upload(p, packed.data(), packed.size() * 4, error) ? p : nullptr;
    }

    // The fp16 scale of group grp, column n (0 past N), as its bits.
    uint16_t scaleBits(long long grp, long long n) const
    {
        return n < m_N ? hostfloat::floatToHalf(float(scale(grp, n))) : uint16_t(0);
    }
    double scale(long long grp, long long n) const
    {
        return hostValue(grp * m_N + n, m_seed + 2, kScaleLo, kScaleHi, model::Dtype::Fp16);
    }

    // The dequantized weight (q - 8) * scale of row k, column n, exactly.
    double weight(long long k, long long n) const
    {
        const unsigned word = rl_word((unsigned long long)(n * (m_K / 8) + k / 8), m_seed + 1);
        const int q = int((word >> (4 * (k % 8))) & 15u);
        return double(q - 8) * scale(k / llm::kW4Group, n);
    }

    bool m_cublasBaseline;
    model::Dtype m_dtype;
    long long m_M, m_N, m_K, m_splitK;
    int m_warps, m_ntiles, m_stages, m_kwarps, m_tc, m_xbufs, m_balanced;
    long long m_blocks = 0, m_groupsPerBlock = 0;
    CUtensorMap m_xmap{}; // X's tensor map (the warpgroup path); passed, unused, by the mma.sync path
    void *m_x = nullptr, *m_y = nullptr, *m_w = nullptr, *m_ws = nullptr, *m_tickets = nullptr;
    void *m_wd = nullptr;
    unsigned m_seed = 0;
    CublasGemm m_cublas;
};

// ---------------------------------------------------------------- residual + RMSNorm

class ResidualRmsnormBench : public Bench
{
public:
    ResidualRmsnormBench(const Params &p, model::Dtype d)
        : m_dtype(d), m_rows(P(p, "rows")), m_cols(P(p, "cols")), m_block(int(P(p, "block")))
    {
    }

    static constexpr float kEps = 1e-5f;

    bool setup(BenchContext &ctx, QString *error) override
    {
        int perSm = 0;
        if (!findMain(ctx, m_block, error, &perSm))
            return false;
        const long long n = m_rows * m_cols;
        const size_t bytes = size_t(n) * size_t(model::dtypeBytes(m_dtype));
        m_seed = ctx.seed();
        if (!(m_x = allocFilled(ctx, n, m_dtype, -1.0f, 1.0f, m_seed, error)) ||
            !(m_r = allocFilled(ctx, n, m_dtype, -1.0f, 1.0f, m_seed + 1, error)) ||
            !(m_w = allocFilled(ctx, m_cols, m_dtype, 0.5f, 1.5f, m_seed + 2, error)) ||
            !(m_h = allocOutput(ctx, bytes, error)) || !(m_y = allocOutput(ctx, bytes, error)))
            return false;
        m_resources = launchResources(m_block, m_rows, perSm);
        return true;
    }

    bool launch(BenchContext &ctx, QString *error) override
    {
        int rows = int(m_rows);
        float eps = kEps;
        void *args[] = {&m_x, &m_r, &m_w, &m_h, &m_y, &rows, &eps};
        return launchMain(ctx, m_rows, m_block, args, error);
    }

    model::Check check(BenchContext &ctx) override
    {
        QString error;
        const long long n = m_rows * m_cols;
        const std::vector<double> h = downloadValues(ctx, m_h, n, m_dtype, &error);
        const std::vector<double> y = h.empty() ? h : downloadValues(ctx, m_y, n, m_dtype, &error);
        if (y.empty())
            return failedCheck("cpu-fp64", error);
        std::vector<double> refH(static_cast<size_t>(n)), refY(static_cast<size_t>(n));
        const long long cols = m_cols;
        parallelFor(
            m_rows,
            [&](long long b, long long e, int) {
                for (long long r = b; r < e; ++r) {
                    double ss = 0;
                    for (long long j = 0; j < cols; ++j) {
                        const long long i = r * cols + j;
                        const double v = hostValue(i, m_seed, -1.0f, 1.0f, m_dtype) +
                                         hostValue(i, m_seed + 1, -1.0f, 1.0f, m_dtype);
                        refH[size_t(i)] = v;
                        ss += v * v;
                    }
                    const double rs = 1.0 / std::sqrt(ss / double(cols) + kEps);
                    for (long long j = 0; j < cols; ++j)
                        refY[size_t(r * cols + j)] =
                            refH[size_t(r * cols + j)] * rs * hostValue(j, m_seed + 2, 0.5f, 1.5f, m_dtype);
                }
            },
            16);
        // h = x + r can cancel to near zero: errors relative to |ref| + 1 (inputs are O(1)).
        const double tol = m_dtype == model::Dtype::Fp32 ? 1e-4 : toleranceFor(m_dtype);
        model::Check ch = compareAll(n, tol, 1.0, "cpu-fp64", [&](long long i) {
            return std::pair{h[size_t(i)], refH[size_t(i)]};
        });
        // fp16 keeps values under 2^-14 as subnormals 2^-24 apart: the store alone can put a y of
        // 7e-6 0.4 % off (seen on the H200), so one such step is allowed beside the relative
        // error. bf16 has fp32's exponents: relative error only.
        const double yFloor = m_dtype == model::Dtype::Fp16 ? std::ldexp(1.0, -24) / tol : 1e-300;
        model::Check cy = compareAll(n, tol, yFloor, "cpu-fp64", [&](long long i) {
            return std::pair{y[size_t(i)], refY[size_t(i)]};
        });
        if (!ch.ok)
            ch.message = QStringLiteral("h = x + r: ") + ch.message;
        if (!cy.ok)
            cy.message = QStringLiteral("y = rmsnorm(h) * w: ") + cy.message;
        model::Check c = !ch.ok ? ch : cy;
        c.maxRelErr = std::max(ch.maxRelErr, cy.maxRelErr);
        return c;
    }

private:
    model::Dtype m_dtype;
    long long m_rows, m_cols;
    int m_block;
    void *m_x = nullptr, *m_r = nullptr, *m_w = nullptr, *m_h = nullptr, *m_y = nullptr;
    unsigned m_seed = 0;
};

} // namespace

std::unique_ptr<Bench> llmBench(const KernelSpec &spec, const Params &p, model::Dtype d)
{
    const QString &id = spec.id;
    if (id == QLatin1String("llm.decode_attention"))
        return std::make_unique<AttentionBench>(spec.compileOptions(p, d).nameExpressions, p, d);
    if (id == QLatin1String("llm.w4a16_gemm"))
        return std::make_unique<W4Bench>(false, p, d);
    if (id == QLatin1String("llm.w4a16_cublas"))
        return std::make_unique<W4Bench>(true, p, d);
    if (id == QLatin1String("llm.residual_rmsnorm"))
        return std::make_unique<ResidualRmsnormBench>(p, d);
    return nullptr;
}

} // namespace kernels
