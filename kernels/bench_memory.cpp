// The memory family's benches (kernels/src/memory.cu): buffers, launches and the reference
// checks on the CPU. Their catalog entries are in family_memory.cpp.
#include "benches.h"
#include "families.h"

#include <QCoreApplication>

#include <cmath>
#include <vector>

namespace kernels {

namespace {

QString tr(const char *s)
{
    return QCoreApplication::translate("kernels::MemoryKernels", s);
}

// Input ranges: symmetric, so sums and normalizations see realistic cancellation.
constexpr float kLo = -1.0f, kHi = 1.0f;

size_t elemBytes(model::Dtype d)
{
    return size_t(model::dtypeBytes(d));
}

// Downloaded output, typed by the bench's dtype.
struct HostBuffer
{
    std::vector<unsigned char> bytes;
    model::Dtype dtype = model::Dtype::Fp32;
    double at(long long i) const { return elementValue(bytes.data(), i, dtype); }
};

bool downloadAll(BenchContext &ctx, const void *dev, long long n, model::Dtype d, HostBuffer &out,
                 QString *error)
{
    out.dtype = d;
    out.bytes.resize(size_t(n) * elemBytes(d));
    return ctx.download(out.bytes.data(), dev, out.bytes.size(), error);
}

// ---------------------------------------------------------------- copy, vector add, triad

class ElementwiseBench : public Bench
{
public:
    enum Kind { Copy, Add, Triad };

    ElementwiseBench(Kind kind, const Params &p, model::Dtype d)
        : m_kind(kind), m_dtype(d), m_n(paramInt(p, "n")), m_block(int(paramInt(p, "block"))),
          m_unroll(int(paramInt(p, "unroll"))), m_vector(paramText(p, "variant") != QLatin1String("scalar"))
    {
        if (kind == Copy) {
            m_persistent = paramText(p, "variant") == QLatin1String("persistent");
            if (paramText(p, "variant") == QLatin1String("bulk")) {
                m_bulkChunk = paramInt(p, "chunk");
                m_dynSmem = size_t(paramInt(p, "stages") * m_bulkChunk);
                m_block = 32; // one warp: lane 0 issues the bulk copies
            }
        }
    }

    bool setup(BenchContext &ctx, QString *error) override
    {
        if (m_bulkChunk > 0 && ctx.device().major < 9) {
            if (error)
                *error =
                    tr("the bulk copy uses the TMA bulk-copy engine, which sm_90 and newer have; this device "
                       "is %1")
                        .arg(ctx.device().arch());
            return false;
        }
        int perSm = 0;
        if (!findMain(ctx, m_block, error, &perSm, m_dynSmem))
            return false;
        m_seed = ctx.seed();
        if (!(m_x = allocFilled(ctx, m_n, m_dtype, kLo, kHi, m_seed, error)))
            return false;
        if (m_kind != Copy && !(m_y = allocFilled(ctx, m_n, m_dtype, kLo, kHi, m_seed + 1, error)))
            return false;
        if (!(m_out = allocOutput(ctx, size_t(m_n) * elemBytes(m_dtype), error)))
            return false;
        // Vector: each thread moves `unroll` 16-byte vectors; the sub-vector tail rides on block 0.
        const long long items = m_vector ? m_n / (16 / qint64(elemBytes(m_dtype))) : m_n;
        m_grid = std::max(1LL, ceilDiv(items, qint64(m_block) * (m_vector ? m_unroll : 1)));
        // Persistent: one wave of blocks loops over the vectors. Bulk: one wave, one chunk each
        // at a time (no more blocks than chunks).
        if (m_persistent)
            m_grid = std::min(m_grid, oneWave(ctx, perSm));
        if (m_bulkChunk > 0)
            m_grid = std::clamp<long long>(ceilDiv(m_n * qint64(elemBytes(m_dtype)), m_bulkChunk), 1,
                                           oneWave(ctx, perSm));
        m_resources = launchResources(m_block, m_grid, perSm);
        return true;
    }

    bool launch(BenchContext &ctx, QString *error) override
    {
        struct
        {
            float alpha;
        } op{kAlpha};
        long long n = m_n;
        if (m_kind == Copy) {
            void *args[] = {&m_x, &m_out, &n};
            return launchMain(ctx, m_grid, m_block, args, error, m_dynSmem);
        }
        void *args[] = {&m_x, &m_y, &m_out, &n, &op};
        return launchMain(ctx, m_grid, m_block, args, error);
    }

    model::Check check(BenchContext &ctx) override
    {
        HostBuffer out;
        QString error;
        if (!downloadAll(ctx, m_out, m_n, m_dtype, out, &error))
            return failedCheck("cpu-fp64", error);
        const unsigned seed = m_seed;
        const model::Dtype d = m_dtype;
        if (m_kind == Copy)
            return compareAll(m_n, 0.0, 1e-300, "exact", [&](long long i) {
                return std::pair{out.at(i), hostValue(i, seed, kLo, kHi, d)};
            });
        const bool triad = m_kind == Triad;
        return compareAll(m_n, toleranceFor(d), 1e-300, "cpu-fp64", [&](long long i) {
            const double x = hostValue(i, seed, kLo, kHi, d), y = hostValue(i, seed + 1, kLo, kHi, d);
            return std::pair{out.at(i), triad ? x + double(kAlpha) * y : x + y};
        });
    }

    static constexpr float kAlpha = 0.75f;

private:
    Kind m_kind;
    model::Dtype m_dtype;
    long long m_n;
    int m_block, m_unroll;
    bool m_vector, m_persistent = false;
    qint64 m_bulkChunk = 0; // bytes per bulk copy; 0: not the bulk variant
    size_t m_dynSmem = 0;
    long long m_grid = 1;
    void *m_x = nullptr, *m_y = nullptr, *m_out = nullptr;
    unsigned m_seed = 0;
};

// ---------------------------------------------------------------- strided read

class StridedReadBench : public Bench
{
public:
    StridedReadBench(const Params &p, model::Dtype d)
        : m_dtype(d), m_n(paramInt(p, "n")), m_stride(paramInt(p, "stride")),
          m_block(int(paramInt(p, "block")))
    {
    }

    bool setup(BenchContext &ctx, QString *error) override
    {
        int perSm = 0;
        if (!findMain(ctx, m_block, error, &perSm))
            return false;
        const size_t s = elemBytes(m_dtype);
        // The input holds every STRIDE-th element up to the last one read.
        const long long inN = (m_n - 1) * m_stride + 1;
        m_seed = ctx.seed();
        if (!(m_in = allocFilled(ctx, inN, m_dtype, kLo, kHi, m_seed, error)) ||
            !(m_out = allocOutput(ctx, size_t(m_n) * s, error)))
            return false;
        m_grid = ceilDiv(m_n, m_block);
        m_resources = launchResources(m_block, m_grid, perSm);
        m_resources["sector_efficiency"] = std::min(1.0, std::max(1.0 / double(m_stride), double(s) / 32.0));
        return true;
    }

    bool launch(BenchContext &ctx, QString *error) override
    {
        long long n = m_n;
        void *args[] = {&m_in, &m_out, &n};
        return launchMain(ctx, m_grid, m_block, args, error);
    }

    model::Check check(BenchContext &ctx) override
    {
        HostBuffer out;
        QString error;
        if (!downloadAll(ctx, m_out, m_n, m_dtype, out, &error))
            return failedCheck("exact", error);
        return compareAll(m_n, 0.0, 1e-300, "exact", [&](long long i) {
            return std::pair{out.at(i), hostValue(i * m_stride, m_seed, kLo, kHi, m_dtype)};
        });
    }

private:
    model::Dtype m_dtype;
    long long m_n, m_stride;
    int m_block;
    long long m_grid = 1;
    void *m_in = nullptr, *m_out = nullptr;
    unsigned m_seed = 0;
};

// ---------------------------------------------------------------- reduction

class ReduceBench : public Bench
{
public:
    ReduceBench(const Params &p, model::Dtype d)
        : m_dtype(d), m_n(paramInt(p, "n")), m_block(int(paramInt(p, "block"))),
          m_tree(paramText(p, "variant") == QLatin1String("tree"))
    {
    }

    bool setup(BenchContext &ctx, QString *error) override
    {
        int perSm = 0;
        if (!findMain(ctx, m_block, error, &perSm))
            return false;
        m_seed = ctx.seed();
        if (!(m_in = allocFilled(ctx, m_n, m_dtype, kLo, kHi, m_seed, error)) ||
            !(m_out = allocOutput(ctx, sizeof(float), error)))
            return false;
        if (m_tree) {
            // One resident wave of blocks, each looping over the input.
            const long long work = ceilDiv(m_n / 4, m_block * memory::kReduceUnroll);
            m_grid = std::clamp<long long>(work, 1, oneWave(ctx, perSm));
            if (!(m_partials = ctx.alloc(size_t(m_grid) * sizeof(float), error)) ||
                !(m_ticket = ctx.alloc(sizeof(unsigned), error)) ||
                !ctx.memset(m_ticket, 0, sizeof(unsigned), error))
                return false;
        } else {
            m_grid = ceilDiv(m_n, m_block);
        }
        m_resources = launchResources(m_block, m_grid, perSm);
        return true;
    }

    bool beforeEach(BenchContext &ctx, QString *error) override
    {
        return m_tree || ctx.memset(m_out, 0, sizeof(float), error); // atomics add into *out
    }

    bool launch(BenchContext &ctx, QString *error) override
    {
        long long n = m_n;
        if (m_tree) {
            void *args[] = {&m_in, &m_partials, &m_ticket, &m_out, &n};
            return launchMain(ctx, m_grid, m_block, args, error);
        }
        void *args[] = {&m_in, &m_out, &n};
        return launchMain(ctx, m_grid, m_block, args, error);
    }

    model::Check check(BenchContext &ctx) override
    {
        float got = 0;
        QString error;
        if (!ctx.download(&got, m_out, sizeof(float), &error))
            return failedCheck("cpu-fp64", error);
        // Error relative to the sum of |x|: the scale a float summation's rounding grows with.
        const int parts = int(std::max(1u, std::thread::hardware_concurrency()));
        std::vector<double> sums(size_t(parts) + 1, 0.0), abs(size_t(parts) + 1, 0.0);
        parallelFor(m_n, [&](long long b, long long e, int p) {
            double s = 0, a = 0;
            for (long long i = b; i < e; ++i) {
                const double v = hostValue(i, m_seed, kLo, kHi, m_dtype);
                s += v;
                a += std::fabs(v);
            }
            sums[size_t(p)] = s;
            abs[size_t(p)] = a;
        });
        double ref = 0, scale = 0;
        for (size_t i = 0; i < sums.size(); ++i) {
            ref += sums[i];
            scale += abs[i];
        }
        model::Check c;
        c.reference = QStringLiteral("cpu-fp64 (error relative to the sum of |x|)");
        c.maxRelErr = std::isfinite(got) ? std::fabs(double(got) - ref) / scale : 1e308;
        c.ok = std::isfinite(got) && c.maxRelErr <= toleranceFor(model::Dtype::Fp32);
        if (!c.ok)
            c.message =
                QStringLiteral("sum %1, expected %2").arg(double(got), 0, 'g', 9).arg(ref, 0, 'g', 12);
        return c;
    }

private:
    model::Dtype m_dtype;
    long long m_n;
    int m_block;
    bool m_tree;
    long long m_grid = 1;
    void *m_in = nullptr, *m_out = nullptr, *m_partials = nullptr, *m_ticket = nullptr;
    unsigned m_seed = 0;
};

// ---------------------------------------------------------------- row kernels

// Softmax, RMSNorm and LayerNorm: one block per row, a rows x cols matrix.
class RowBench : public Bench
{
public:
    enum Kind { Softmax, RmsNorm, LayerNorm };

    // names: the entry functions, main one first (the catalog's name expressions).
    RowBench(Kind kind, const QStringList &names, const Params &p, model::Dtype d)
        : m_kind(kind), m_dtype(d), m_names(names), m_rows(paramInt(p, "rows")), m_cols(paramInt(p, "cols")),
          m_block(int(paramInt(p, "block"))), m_variant(paramText(p, "variant")),
          m_residual(kind == LayerNorm && paramInt(p, "residual") != 0)
    {
    }

    bool setup(BenchContext &ctx, QString *error) override
    {
        for (const QString &n : m_names) {
            cudaKernel_t k = ctx.kernel(n, error);
            if (!k)
                return false;
            m_kernels.append(k);
        }
        int perSm = 0;
        if (!ctx.checkLaunch(m_kernels[0], m_block, 0, error, &perSm))
            return false;
        for (int i = 1; i < m_kernels.size(); ++i)
            if (!ctx.checkLaunch(m_kernels[i], i == 1 && m_kind == LayerNorm ? 256 : m_block, 0, error))
                return false;
        const size_t s = elemBytes(m_dtype);
        const long long n = m_rows * m_cols;
        m_seed = ctx.seed();
        // Softmax inputs span [-4, 4): exponentials over more than two decades.
        const float lo = m_kind == Softmax ? -4.0f : kLo, hi = m_kind == Softmax ? 4.0f : kHi;
        if (!(m_x = allocFilled(ctx, n, m_dtype, lo, hi, m_seed, error)) ||
            !(m_y = allocOutput(ctx, size_t(n) * s, error)))
            return false;
        if (m_kind == Softmax && m_variant == QLatin1String("three_pass")) {
            if (!(m_rowMax = ctx.alloc(size_t(m_rows) * 4, error)) ||
                !(m_rowSum = ctx.alloc(size_t(m_rows) * 4, error)))
                return false;
        }
        if (m_kind != Softmax && !(m_w = allocFilled(ctx, m_cols, m_dtype, 0.5f, 1.5f, m_seed + 1, error)))
            return false;
        if (m_kind == LayerNorm) {
            if (!(m_b = allocFilled(ctx, m_cols, m_dtype, -0.5f, 0.5f, m_seed + 2, error)))
                return false;
            if (m_residual) {
                if (!(m_r = allocFilled(ctx, n, m_dtype, kLo, kHi, m_seed + 3, error)))
                    return false;
                if (m_variant == QLatin1String("two_kernels") && !(m_h = ctx.alloc(size_t(n) * s, error)))
                    return false;
            }
        }
        m_resources = launchResources(m_block, m_rows, perSm);
        m_resources["kernels"] = int(m_kernels.size());
        return true;
    }

    bool launch(BenchContext &ctx, QString *error) override
    {
        const dim3 grid(static_cast<unsigned>(m_rows)), block(static_cast<unsigned>(m_block));
        int rows = int(m_rows), cols = int(m_cols);
        float eps = kEps;
        switch (m_kind) {
        case Softmax:
            if (m_kernels.size() == 3) {
                void *a1[] = {&m_x, &m_rowMax, &cols};
                void *a2[] = {&m_x, &m_rowMax, &m_rowSum, &cols};
                void *a3[] = {&m_x, &m_rowMax, &m_rowSum, &m_y, &cols};
                return ctx.launch(m_kernels[1], grid, block, 0, a1, error) &&
                       ctx.launch(m_kernels[2], grid, block, 0, a2, error) &&
                       ctx.launch(m_kernels[0], grid, block, 0, a3, error);
            } else {
                void *args[] = {&m_x, &m_y, &rows};
                return ctx.launch(m_kernels[0], grid, block, 0, args, error);
            }
        case RmsNorm: {
            void *args[] = {&m_x, &m_w, &m_y, &rows, &eps};
            return ctx.launch(m_kernels[0], grid, block, 0, args, error);
        }
        case LayerNorm:
            if (m_kernels.size() == 2) {
                // h = x + r as its own elementwise kernel, then LayerNorm(h): h is written
                // to memory and read back.
                long long n = m_rows * m_cols;
                struct
                {
                    float alpha;
                } op{0};
                const int eb = 256;
                const long long vecs = n / (16 / model::dtypeBytes(m_dtype));
                const dim3 egrid(static_cast<unsigned>(std::max(1LL, ceilDiv(vecs, eb * 4))));
                void *a1[] = {&m_x, &m_r, &m_h, &n, &op};
                void *none = nullptr;
                void *a2[] = {&m_h, &none, &m_w, &m_b, &m_y, &rows, &eps};
                return ctx.launch(m_kernels[1], egrid, dim3(eb), 0, a1, error) &&
                       ctx.launch(m_kernels[0], grid, block, 0, a2, error);
            } else {
                void *args[] = {&m_x, &m_r, &m_w, &m_b, &m_y, &rows, &eps};
                return ctx.launch(m_kernels[0], grid, block, 0, args, error);
            }
        }
        return false;
    }

    model::Check check(BenchContext &ctx) override
    {
        HostBuffer y;
        QString error;
        const long long n = m_rows * m_cols;
        if (!downloadAll(ctx, m_y, n, m_dtype, y, &error))
            return failedCheck("cpu-fp64", error);
        // Reference rows in double, computed in parallel over rows; then the comparison.
        std::vector<double> ref(static_cast<size_t>(n));
        const long long cols = m_cols;
        const model::Dtype d = m_dtype;
        const unsigned seed = m_seed;
        const Kind kind = m_kind;
        const bool residual = m_residual;
        parallelFor(
            m_rows,
            [&](long long b, long long e, int) {
                std::vector<double> h(static_cast<size_t>(cols));
                for (long long r = b; r < e; ++r) {
                    for (long long j = 0; j < cols; ++j) {
                        const long long i = r * cols + j;
                        h[size_t(j)] = kind == Softmax ? hostValue(i, seed, -4.0f, 4.0f, d)
                                                       : hostValue(i, seed, kLo, kHi, d);
                        if (residual)
                            h[size_t(j)] += hostValue(i, seed + 3, kLo, kHi, d);
                    }
                    double *out = ref.data() + r * cols;
                    if (kind == Softmax) {
                        double m = -INFINITY, l = 0;
                        for (double v : h)
                            m = std::max(m, v);
                        for (double v : h)
                            l += std::exp(v - m);
                        for (long long j = 0; j < cols; ++j)
                            out[j] = std::exp(h[size_t(j)] - m) / l;
                    } else if (kind == RmsNorm) {
                        double ss = 0;
                        for (double v : h)
                            ss += v * v;
                        const double rs = 1.0 / std::sqrt(ss / double(cols) + kEps);
                        for (long long j = 0; j < cols; ++j)
                            out[j] = h[size_t(j)] * rs * hostValue(j, seed + 1, 0.5f, 1.5f, d);
                    } else {
                        double mean = 0, var = 0;
                        for (double v : h)
                            mean += v;
                        mean /= double(cols);
                        for (double v : h)
                            var += (v - mean) * (v - mean);
                        const double rstd = 1.0 / std::sqrt(var / double(cols) + kEps);
                        for (long long j = 0; j < cols; ++j)
                            out[j] = (h[size_t(j)] - mean) * rstd * hostValue(j, seed + 1, 0.5f, 1.5f, d) +
                                     hostValue(j, seed + 2, -0.5f, 0.5f, d);
                    }
                }
            },
            16);
        // Softmax and RMSNorm outputs are compared relatively; LayerNorm's can cancel to
        // zero (the bias), so its errors are taken relative to |ref| + 1 (outputs are O(1)).
        const double floor = kind == LayerNorm ? 1.0 : 1e-300;
        const double tol = d == model::Dtype::Fp32 ? 1e-4 : toleranceFor(d);
        return compareAll(n, tol, floor, "cpu-fp64", [&](long long i) {
            return std::pair{y.at(i), ref[size_t(i)]};
        });
    }

    static constexpr float kEps = 1e-5f;

private:
    Kind m_kind;
    model::Dtype m_dtype;
    QStringList m_names;
    long long m_rows, m_cols;
    int m_block;
    QString m_variant;
    bool m_residual;
    QList<cudaKernel_t> m_kernels;
    void *m_x = nullptr, *m_y = nullptr, *m_r = nullptr, *m_h = nullptr, *m_w = nullptr, *m_b = nullptr;
    void *m_rowMax = nullptr, *m_rowSum = nullptr;
    unsigned m_seed = 0;
};

} // namespace

std::unique_ptr<Bench> memoryBench(const KernelSpec &spec, const Params &p, model::Dtype d)
{
    using E = ElementwiseBench;
    using R = RowBench;
    const QString &id = spec.id;
    if (id == QLatin1String("memory.copy"))
        return std::make_unique<E>(E::Copy, p, d);
    if (id == QLatin1String("memory.vector_add"))
        return std::make_unique<E>(E::Add, p, d);
    if (id == QLatin1String("memory.triad"))
        return std::make_unique<E>(E::Triad, p, d);
    if (id == QLatin1String("memory.strided_read"))
        return std::make_unique<StridedReadBench>(p, d);
    if (id == QLatin1String("memory.reduce"))
        return std::make_unique<ReduceBench>(p, d);
    // The row kernels launch every entry of their compile, in the catalog's order.
    const auto row = [&](R::Kind kind) {
        return std::make_unique<R>(kind, spec.compileOptions(p, d).nameExpressions, p, d);
    };
    if (id == QLatin1String("memory.softmax"))
        return row(R::Softmax);
    if (id == QLatin1String("memory.rmsnorm"))
        return row(R::RmsNorm);
    if (id == QLatin1String("memory.layernorm"))
        return row(R::LayerNorm);
    return nullptr;
}

} // namespace kernels
