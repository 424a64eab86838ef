// The memory family (kernels/src/memory.cu): host side, registration and reference checks.
#include "catalog.h"

#include <QCoreApplication>

#include <cmath>
#include <vector>

namespace kernels {

namespace {

QString tr(const char *s)
{
    return QCoreApplication::translate("kernels::MemoryKernels", s);
}

constexpr qint64 kMaxN = qint64(1) << 32;

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

bool downloadAll(BenchContext &ctx, const void *dev, long long n, model::Dtype d, HostBuffer &out, QString *error)
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
        : m_kind(kind)
        , m_dtype(d)
        , m_n(paramInt(p, "n"))
        , m_block(int(paramInt(p, "block")))
        , m_unroll(int(paramInt(p, "unroll")))
        , m_vector(paramText(p, "variant") == QLatin1String("vector"))
    {
        m_mainKernel = kernelName(kind, p, d);
    }

    static QString kernelName(Kind kind, const Params &p, model::Dtype d)
    {
        const QString t = cudaTypeName(d);
        const bool vector = paramText(p, "variant") == QLatin1String("vector");
        const QString unroll = QString::number(paramInt(p, "unroll"));
        const QString hint = paramText(p, "cache") == QLatin1String("streaming") ? "1" : "0";
        if (kind == Copy)
            return vector ? QStringLiteral("copy_vector<%1, %2, %3>").arg(t, unroll, hint)
                          : QStringLiteral("copy_scalar<%1>").arg(t);
        const QString op = kind == Add ? QStringLiteral("RlAddOp") : QStringLiteral("RlTriadOp");
        return vector ? QStringLiteral("binary_vector<%1, %2, %3, %4>").arg(t, op, unroll, hint)
                      : QStringLiteral("binary_scalar<%1, %2>").arg(t, op);
    }

    bool setup(BenchContext &ctx, QString *error) override
    {
        m_kernel = ctx.kernel(m_mainKernel, error);
        int perSm = 0;
        if (!m_kernel || !ctx.checkLaunch(m_kernel, m_block, 0, error, &perSm))
            return false;
        const size_t bytes = size_t(m_n) * elemBytes(m_dtype);
        m_x = ctx.alloc(bytes, error);
        if (!m_x)
            return false;
        if (m_kind != Copy && !(m_y = ctx.alloc(bytes, error)))
            return false;
        if (!(m_out = ctx.alloc(bytes, error)))
            return false;
        addOutput(m_out, bytes);
        m_seed = ctx.seed();
        if (!ctx.fill(m_x, m_n, m_dtype, kLo, kHi, m_seed, error))
            return false;
        if (m_y && !ctx.fill(m_y, m_n, m_dtype, kLo, kHi, m_seed + 1, error))
            return false;
        // Vector: each thread moves `unroll` 16-byte vectors; the sub-vector tail rides on block 0.
        const long long items = m_vector ? m_n / (16 / qint64(elemBytes(m_dtype))) : m_n;
        m_grid = std::max(1LL, ceilDiv(items, qint64(m_block) * (m_vector ? m_unroll : 1)));
        m_resources = {{"block", m_block}, {"grid", m_grid}, {"blocks_per_sm", perSm}};
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
            return ctx.launch(m_kernel, dim3(unsigned(m_grid)), dim3(static_cast<unsigned>(m_block)), 0, args, error);
        }
        void *args[] = {&m_x, &m_y, &m_out, &n, &op};
        return ctx.launch(m_kernel, dim3(unsigned(m_grid)), dim3(static_cast<unsigned>(m_block)), 0, args, error);
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
    bool m_vector;
    long long m_grid = 1;
    cudaKernel_t m_kernel = nullptr;
    void *m_x = nullptr, *m_y = nullptr, *m_out = nullptr;
    unsigned m_seed = 0;
};

// ---------------------------------------------------------------- strided read

class StridedReadBench : public Bench
{
public:
    StridedReadBench(const Params &p, model::Dtype d)
        : m_dtype(d)
        , m_n(paramInt(p, "n"))
        , m_stride(paramInt(p, "stride"))
        , m_block(int(paramInt(p, "block")))
    {
        m_mainKernel = QStringLiteral("strided_read<%1, %2>").arg(cudaTypeName(d)).arg(m_stride);
    }

    bool setup(BenchContext &ctx, QString *error) override
    {
        m_kernel = ctx.kernel(m_mainKernel, error);
        int perSm = 0;
        if (!m_kernel || !ctx.checkLaunch(m_kernel, m_block, 0, error, &perSm))
            return false;
        const size_t s = elemBytes(m_dtype);
        // The input holds every STRIDE-th element up to the last one read.
        m_inN = (m_n - 1) * m_stride + 1;
        if (!(m_in = ctx.alloc(size_t(m_inN) * s, error)) || !(m_out = ctx.alloc(size_t(m_n) * s, error)))
            return false;
        addOutput(m_out, size_t(m_n) * s);
        m_seed = ctx.seed();
        if (!ctx.fill(m_in, m_inN, m_dtype, kLo, kHi, m_seed, error))
            return false;
        m_grid = ceilDiv(m_n, m_block);
        m_resources = {{"block", m_block}, {"grid", m_grid}, {"blocks_per_sm", perSm},
                       {"sector_efficiency", std::min(1.0, std::max(1.0 / double(m_stride), double(s) / 32.0))}};
        return true;
    }

    bool launch(BenchContext &ctx, QString *error) override
    {
        long long n = m_n;
        void *args[] = {&m_in, &m_out, &n};
        return ctx.launch(m_kernel, dim3(unsigned(m_grid)), dim3(static_cast<unsigned>(m_block)), 0, args, error);
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
    long long m_inN = 0, m_grid = 1;
    cudaKernel_t m_kernel = nullptr;
    void *m_in = nullptr, *m_out = nullptr;
    unsigned m_seed = 0;
};

// ---------------------------------------------------------------- reduction

class ReduceBench : public Bench
{
public:
    ReduceBench(const Params &p, model::Dtype d)
        : m_dtype(d)
        , m_n(paramInt(p, "n"))
        , m_block(int(paramInt(p, "block")))
        , m_tree(paramText(p, "variant") == QLatin1String("tree"))
    {
        m_mainKernel = m_tree ? QStringLiteral("reduce_tree<%1, %2>").arg(m_block).arg(kUnroll)
                              : QStringLiteral("reduce_atomic<%1>").arg(cudaTypeName(d));
    }

    static constexpr int kUnroll = 4;

    bool setup(BenchContext &ctx, QString *error) override
    {
        m_kernel = ctx.kernel(m_mainKernel, error);
        int perSm = 0;
        if (!m_kernel || !ctx.checkLaunch(m_kernel, m_block, 0, error, &perSm))
            return false;
        if (!(m_in = ctx.alloc(size_t(m_n) * elemBytes(m_dtype), error)) || !(m_out = ctx.alloc(sizeof(float), error)))
            return false;
        addOutput(m_out, sizeof(float));
        m_seed = ctx.seed();
        if (!ctx.fill(m_in, m_n, m_dtype, kLo, kHi, m_seed, error))
            return false;
        if (m_tree) {
            // One resident wave of blocks, each looping over the input.
            const long long work = ceilDiv(m_n / 4, m_block * kUnroll);
            m_grid = std::clamp<long long>(work, 1, (long long)ctx.device().sms * perSm);
            if (!(m_partials = ctx.alloc(size_t(m_grid) * sizeof(float), error)) ||
                !(m_ticket = ctx.alloc(sizeof(unsigned), error)) || !ctx.memset(m_ticket, 0, sizeof(unsigned), error))
                return false;
        } else {
            m_grid = ceilDiv(m_n, m_block);
        }
        m_resources = {{"block", m_block}, {"grid", m_grid}, {"blocks_per_sm", perSm}};
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
            return ctx.launch(m_kernel, dim3(unsigned(m_grid)), dim3(static_cast<unsigned>(m_block)), 0, args, error);
        }
        void *args[] = {&m_in, &m_out, &n};
        return ctx.launch(m_kernel, dim3(unsigned(m_grid)), dim3(static_cast<unsigned>(m_block)), 0, args, error);
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
            c.message = QStringLiteral("sum %1, expected %2").arg(double(got), 0, 'g', 9).arg(ref, 0, 'g', 12);
        return c;
    }

private:
    model::Dtype m_dtype;
    long long m_n;
    int m_block;
    bool m_tree;
    long long m_grid = 1;
    cudaKernel_t m_kernel = nullptr;
    void *m_in = nullptr, *m_out = nullptr, *m_partials = nullptr, *m_ticket = nullptr;
    unsigned m_seed = 0;
};

// ---------------------------------------------------------------- row kernels

// Softmax, RMSNorm and LayerNorm: one block per row, a rows x cols matrix.
class RowBench : public Bench
{
public:
    enum Kind { Softmax, RmsNorm, LayerNorm };

    RowBench(Kind kind, const Params &p, model::Dtype d)
        : m_kind(kind)
        , m_dtype(d)
        , m_rows(paramInt(p, "rows"))
        , m_cols(paramInt(p, "cols"))
        , m_block(int(paramInt(p, "block")))
        , m_variant(paramText(p, "variant"))
        , m_residual(kind == LayerNorm && paramInt(p, "residual") != 0)
    {
        const auto names = kernelNames(kind, p, d);
        m_mainKernel = names.value(0);
    }

    static int vecFor(qint64 cols, model::Dtype d)
    {
        const int v = 16 / model::dtypeBytes(d);
        return cols % v == 0 ? v : 1;
    }

    // Entry functions, main one first.
    static QStringList kernelNames(Kind kind, const Params &p, model::Dtype d)
    {
        const QString t = cudaTypeName(d);
        const qint64 cols = paramInt(p, "cols"), block = paramInt(p, "block");
        const QString variant = paramText(p, "variant");
        switch (kind) {
        case Softmax:
            if (variant == QLatin1String("three_pass")) {
                const int v = vecFor(cols, d);
                return {QStringLiteral("softmax_normalize<%1, %2, %3>").arg(t).arg(block).arg(v),
                        QStringLiteral("softmax_rowmax<%1, %2, %3>").arg(t).arg(block).arg(v),
                        QStringLiteral("softmax_rowsum<%1, %2, %3>").arg(t).arg(block).arg(v)};
            }
            return {QStringLiteral("softmax_online<%1, %2, %3>").arg(t).arg(cols).arg(block)};
        case RmsNorm:
            return {QStringLiteral("rmsnorm<%1, %2, %3>").arg(t).arg(cols).arg(block)};
        case LayerNorm: {
            const bool residual = paramInt(p, "residual") != 0;
            if (residual && variant == QLatin1String("two_kernels"))
                return {QStringLiteral("layernorm<%1, %2, %3, false>").arg(t).arg(cols).arg(block),
                        QStringLiteral("binary_vector<%1, RlAddOp, 4, 0>").arg(t)};
            return {QStringLiteral("layernorm<%1, %2, %3, %4>").arg(t).arg(cols).arg(block).arg(residual ? "true" : "false")};
        }
        }
        return {};
    }

    bool setup(BenchContext &ctx, QString *error) override
    {
        const QStringList names = kernelNames(m_kind, paramsForNames(), m_dtype);
        for (const QString &n : names) {
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
        if (!(m_x = ctx.alloc(size_t(n) * s, error)) || !(m_y = ctx.alloc(size_t(n) * s, error)))
            return false;
        addOutput(m_y, size_t(n) * s);
        m_seed = ctx.seed();
        // Softmax inputs span [-4, 4): exponentials over more than two decades.
        const float lo = m_kind == Softmax ? -4.0f : kLo, hi = m_kind == Softmax ? 4.0f : kHi;
        if (!ctx.fill(m_x, n, m_dtype, lo, hi, m_seed, error))
            return false;
        if (m_kind == Softmax && m_variant == QLatin1String("three_pass")) {
            if (!(m_rowMax = ctx.alloc(size_t(m_rows) * 4, error)) || !(m_rowSum = ctx.alloc(size_t(m_rows) * 4, error)))
                return false;
        }
        if (m_kind == RmsNorm) {
            if (!(m_w = ctx.alloc(size_t(m_cols) * s, error)) || !ctx.fill(m_w, m_cols, m_dtype, 0.5f, 1.5f, m_seed + 1, error))
                return false;
        }
        if (m_kind == LayerNorm) {
            if (!(m_w = ctx.alloc(size_t(m_cols) * s, error)) || !ctx.fill(m_w, m_cols, m_dtype, 0.5f, 1.5f, m_seed + 1, error))
                return false;
            if (!(m_b = ctx.alloc(size_t(m_cols) * s, error)) || !ctx.fill(m_b, m_cols, m_dtype, -0.5f, 0.5f, m_seed + 2, error))
                return false;
            if (m_residual) {
                if (!(m_r = ctx.alloc(size_t(n) * s, error)) || !ctx.fill(m_r, n, m_dtype, kLo, kHi, m_seed + 3, error))
                    return false;
                if (m_variant == QLatin1String("two_kernels") && !(m_h = ctx.alloc(size_t(n) * s, error)))
                    return false;
            }
        }
        m_resources = {{"block", m_block}, {"grid", m_rows}, {"blocks_per_sm", perSm}, {"kernels", int(m_kernels.size())}};
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
        parallelFor(m_rows, [&](long long b, long long e, int) {
            std::vector<double> h(static_cast<size_t>(cols));
            for (long long r = b; r < e; ++r) {
                for (long long j = 0; j < cols; ++j) {
                    const long long i = r * cols + j;
                    h[size_t(j)] = kind == Softmax ? hostValue(i, seed, -4.0f, 4.0f, d) : hostValue(i, seed, kLo, kHi, d);
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
        }, 16);
        // Softmax and RMSNorm outputs are compared relatively; LayerNorm's can cancel to
        // zero (the bias), so its errors are taken relative to |ref| + 1 (outputs are O(1)).
        const double floor = kind == LayerNorm ? 1.0 : 1e-300;
        const double tol = d == model::Dtype::Fp32 ? 1e-4 : toleranceFor(d);
        return compareAll(n, tol, floor, "cpu-fp64", [&](long long i) { return std::pair{y.at(i), ref[size_t(i)]}; });
    }

    static constexpr float kEps = 1e-5f;

private:
    Params paramsForNames() const
    {
        return {{"cols", m_cols}, {"block", m_block}, {"variant", m_variant}, {"residual", m_residual ? 1 : 0}};
    }

    Kind m_kind;
    model::Dtype m_dtype;
    long long m_rows, m_cols;
    int m_block;
    QString m_variant;
    bool m_residual;
    QList<cudaKernel_t> m_kernels;
    void *m_x = nullptr, *m_y = nullptr, *m_r = nullptr, *m_h = nullptr, *m_w = nullptr, *m_b = nullptr;
    void *m_rowMax = nullptr, *m_rowSum = nullptr;
    unsigned m_seed = 0;
};

// ---------------------------------------------------------------- registration

ParamSpec nParam(qint64 def)
{
    return intParam("n", tr("elements"), def, 1, kMaxN);
}
ParamSpec blockParam(qint64 def = 256)
{
    return intParam("block", tr("threads per block"), def, 32, 1024, 32);
}
ParamSpec unrollParam(qint64 def = 4)
{
    return intParam("unroll", tr("16-byte accesses in flight per thread (vector variant)"), def, 1, 8, 1, {1, 2, 4, 8});
}
ParamSpec cacheParam()
{
    return choiceParam("cache", tr("vector variant: default loads and stores, or streaming (evict-first) hints"),
                       {"default", "streaming"});
}
ParamSpec rowsParam()
{
    return intParam("rows", tr("rows (one block each)"), 32768, 1, 1 << 24);
}
ParamSpec colsParam()
{
    return intParam("cols", tr("columns"), 4096, 1, 16384);
}

CompileOptions memorySource(const QStringList &names)
{
    CompileOptions o;
    o.source = QStringLiteral("memory.cu");
    o.nameExpressions = names;
    return o;
}

// A row must fit the registers of its block: at most 64 values per thread.
QString rowFits(const Params &p, model::Dtype d)
{
    const qint64 cols = paramInt(p, "cols"), block = paramInt(p, "block");
    const int v = RowBench::vecFor(cols, d);
    const qint64 perThread = ceilDiv(cols / v, block) * v;
    if (perThread > 64)
        return tr("parameter \"cols\" (%1) is too long for \"block\" %2: at most 64 values per thread, so cols <= %3")
            .arg(cols)
            .arg(block)
            .arg(block * 64);
    return {};
}

QList<Params> elementwiseCases()
{
    QList<Params> out;
    for (const char *variant : {"vector", "scalar"})
        for (qint64 n : {qint64(777), qint64(1000003), qint64(1) << 22})
            out.append({{"n", n}, {"variant", variant}});
    out.append({{"n", 1000003}, {"variant", "vector"}, {"unroll", 1}, {"block", 96}});
    return out;
}

QList<Params> rowCases(bool withVariant, const QStringList &variants)
{
    QList<Params> out;
    const QList<QPair<qint64, qint64>> shapes = {{3, 77}, {100, 1000}, {257, 4096}};
    for (const QString &v : withVariant ? variants : QStringList{QString()})
        for (const auto &[rows, cols] : shapes) {
            Params p{{"rows", rows}, {"cols", cols}};
            if (withVariant)
                p["variant"] = v;
            out.append(p);
        }
    return out;
}

} // namespace

void registerMemoryKernels(Catalog &c)
{
    const QStringList both = {"fp32", "bf16"};
    {
        KernelSpec k;
        k.id = "memory.copy";
        k.family = "memory";
        k.title = tr("Copy");
        k.description = tr("out[i] = in[i]. The scalar version moves one element per thread; the vector version "
                           "moves 16 bytes per access with several accesses in flight per thread. Both move the "
                           "same bytes: the difference is how many requests the SMs keep in flight.");
        k.source = "memory.cu";
        k.workload = "copy";
        k.reference = "exact";
        // Defaults: the fastest of a block x unroll x cache sweep on an H200 (2026-11-30).
        k.params = {nParam(qint64(1) << 28), choiceParam("variant", tr("vector: 16-byte accesses; scalar: one element per thread"), {"vector", "scalar"}),
                    blockParam(1024), unrollParam(2), cacheParam()};
        k.dtypes = both;
        k.work = [](const Params &p, model::Dtype d) { return model::workloads::copy(double(paramInt(p, "n")), d); };
        k.compileOptions = [](const Params &p, model::Dtype d) {
            return memorySource({ElementwiseBench::kernelName(ElementwiseBench::Copy, p, d)});
        };
        k.makeBench = [](const Params &p, model::Dtype d) { return std::make_unique<ElementwiseBench>(ElementwiseBench::Copy, p, d); };
        k.testCases = elementwiseCases();
        c.add(k);
    }
    {
        KernelSpec k;
        k.id = "memory.vector_add";
        k.family = "memory";
        k.title = tr("Vector add");
        k.description = tr("c[i] = a[i] + b[i]: one addition per 12 bytes in fp32 (AI = 1/12), far left of every "
                           "ridge point. Its ceiling is the copy bandwidth.");
        k.source = "memory.cu";
        k.workload = "vector_add";
        k.reference = "cpu-fp64";
        k.params = {nParam(qint64(1) << 28), choiceParam("variant", tr("vector: 16-byte accesses; scalar: one element per thread"), {"vector", "scalar"}),
                    blockParam(), unrollParam(), cacheParam()};
        k.dtypes = both;
        k.work = [](const Params &p, model::Dtype d) { return model::workloads::vectorAdd(double(paramInt(p, "n")), d); };
        k.compileOptions = [](const Params &p, model::Dtype d) {
            return memorySource({ElementwiseBench::kernelName(ElementwiseBench::Add, p, d)});
        };
        k.makeBench = [](const Params &p, model::Dtype d) { return std::make_unique<ElementwiseBench>(ElementwiseBench::Add, p, d); };
        k.testCases = elementwiseCases();
        c.add(k);
    }
    {
        KernelSpec k;
        k.id = "memory.triad";
        k.family = "memory";
        k.title = tr("Triad");
        k.description = tr("a[i] = b[i] + alpha * c[i] (STREAM triad): one fused multiply-add per element, two "
                           "reads and a write.");
        k.source = "memory.cu";
        k.workload = "triad";
        k.reference = "cpu-fp64";
        k.params = {nParam(qint64(1) << 28), choiceParam("variant", tr("vector: 16-byte accesses; scalar: one element per thread"), {"vector", "scalar"}),
                    blockParam(), unrollParam(), cacheParam()};
        k.dtypes = both;
        k.work = [](const Params &p, model::Dtype d) { return model::workloads::triad(double(paramInt(p, "n")), d); };
        k.compileOptions = [](const Params &p, model::Dtype d) {
            return memorySource({ElementwiseBench::kernelName(ElementwiseBench::Triad, p, d)});
        };
        k.makeBench = [](const Params &p, model::Dtype d) { return std::make_unique<ElementwiseBench>(ElementwiseBench::Triad, p, d); };
        k.testCases = elementwiseCases();
        c.add(k);
    }
    {
        KernelSpec k;
        k.id = "memory.strided_read";
        k.family = "memory";
        k.title = tr("Strided read");
        k.description = tr("out[i] = in[i * stride]. Memory moves 32-byte sectors: stride 2 uses half of each, "
                           "stride 8 (32 bytes) and beyond one element per sector, 12.5 %.");
        k.source = "memory.cu";
        k.workload = "elementwise";
        k.reference = "exact";
        k.params = {nParam(qint64(1) << 25), intParam("stride", tr("elements between consecutive reads"), 1, 1, 32, 1, {1, 2, 4, 8, 16, 32}),
                    blockParam()};
        k.dtypes = {"fp32"};
        k.work = [](const Params &p, model::Dtype d) {
            return model::workloads::elementwise(double(paramInt(p, "n")), 0, 1, 1, d); // useful bytes only
        };
        k.compileOptions = [](const Params &p, model::Dtype d) {
            return memorySource({QStringLiteral("strided_read<%1, %2>").arg(cudaTypeName(d)).arg(paramInt(p, "stride"))});
        };
        k.makeBench = [](const Params &p, model::Dtype d) { return std::make_unique<StridedReadBench>(p, d); };
        k.testCases = {{{"n", 777}, {"stride", 32}}, {{"n", 100003}, {"stride", 2}}, {{"n", 1 << 20}, {"stride", 8}},
                       {{"n", 1 << 20}, {"stride", 1}}};
        c.add(k);
    }
    {
        KernelSpec k;
        k.id = "memory.reduce";
        k.family = "memory";
        k.title = tr("Sum reduction");
        k.description = tr("The sum of n floats. atomic: every element an atomicAdd on one address, which "
                           "serializes. tree: per-thread sums, warp shuffles, one partial per block, the last "
                           "block adds the partials.");
        k.source = "memory.cu";
        k.workload = "reduce";
        k.reference = "cpu-fp64";
        k.params = {nParam(qint64(1) << 28), choiceParam("variant", tr("tree: warp-shuffle tree; atomic: one atomicAdd per element"), {"tree", "atomic"}),
                    blockParam()};
        k.dtypes = {"fp32"};
        k.work = [](const Params &p, model::Dtype d) { return model::workloads::reduce(double(paramInt(p, "n")), d); };
        k.compileOptions = [](const Params &p, model::Dtype d) {
            return memorySource({ReduceBench(p, d).mainKernel()});
        };
        k.makeBench = [](const Params &p, model::Dtype d) { return std::make_unique<ReduceBench>(p, d); };
        for (const char *v : {"tree", "atomic"})
            for (qint64 n : {qint64(777), qint64(1000003), qint64(1) << 22})
                k.testCases.append({{"n", n}, {"variant", v}});
        c.add(k);
    }
    {
        KernelSpec k;
        k.id = "memory.softmax";
        k.family = "memory";
        k.title = tr("Softmax");
        k.description = tr("Row-wise softmax. three_pass: three kernels (row max, sum of exponentials, "
                           "normalize), each reading the matrix again. online: one kernel, the row read once into "
                           "registers and (max, sum) pairs merged with the online-softmax rule.");
        k.source = "memory.cu";
        k.workload = "softmax";
        k.reference = "cpu-fp64";
        k.params = {rowsParam(), colsParam(), choiceParam("variant", tr("online: one pass; three_pass: three kernels"), {"online", "three_pass"}),
                    blockParam()};
        k.dtypes = both;
        k.work = [](const Params &p, model::Dtype d) {
            return model::workloads::softmax(double(paramInt(p, "rows")), double(paramInt(p, "cols")), d);
        };
        k.validate = [](const Params &p, model::Dtype d) {
            return paramText(p, "variant") == QLatin1String("online") ? rowFits(p, d) : QString();
        };
        k.compileOptions = [](const Params &p, model::Dtype d) { return memorySource(RowBench::kernelNames(RowBench::Softmax, p, d)); };
        k.makeBench = [](const Params &p, model::Dtype d) { return std::make_unique<RowBench>(RowBench::Softmax, p, d); };
        k.testCases = rowCases(true, {"online", "three_pass"});
        c.add(k);
    }
    {
        KernelSpec k;
        k.id = "memory.rmsnorm";
        k.family = "memory";
        k.title = tr("RMSNorm");
        k.description = tr("y = x / sqrt(mean(x^2) + eps) * w, one block per row, the row held in registers: one "
                           "read and one write of the matrix.");
        k.source = "memory.cu";
        k.workload = "rmsnorm";
        k.reference = "cpu-fp64";
        k.params = {rowsParam(), colsParam(), blockParam()};
        k.dtypes = both;
        k.work = [](const Params &p, model::Dtype d) {
            return model::workloads::rmsnorm(double(paramInt(p, "rows")), double(paramInt(p, "cols")), d);
        };
        k.validate = rowFits;
        k.compileOptions = [](const Params &p, model::Dtype d) { return memorySource(RowBench::kernelNames(RowBench::RmsNorm, p, d)); };
        k.makeBench = [](const Params &p, model::Dtype d) { return std::make_unique<RowBench>(RowBench::RmsNorm, p, d); };
        k.testCases = rowCases(false, {});
        c.add(k);
    }
    {
        KernelSpec k;
        k.id = "memory.layernorm";
        k.family = "memory";
        k.title = tr("LayerNorm (+ residual)");
        k.description = tr("y = LayerNorm(x + r) * gamma + beta. two_kernels: the residual add writes h = x + r "
                           "and LayerNorm reads it back (five tensor passes). fused: one kernel, h never leaves "
                           "registers (three).");
        k.source = "memory.cu";
        k.workload = "layernorm";
        k.reference = "cpu-fp64";
        k.params = {rowsParam(), colsParam(), intParam("residual", tr("1: add a residual input first"), 1, 0, 1),
                    choiceParam("variant", tr("fused: one kernel; two_kernels: residual add, then LayerNorm"), {"fused", "two_kernels"}),
                    blockParam()};
        k.dtypes = both;
        k.work = [](const Params &p, model::Dtype d) {
            return model::workloads::layernorm(double(paramInt(p, "rows")), double(paramInt(p, "cols")), d,
                                               paramInt(p, "residual") != 0);
        };
        k.validate = rowFits;
        k.compileOptions = [](const Params &p, model::Dtype d) { return memorySource(RowBench::kernelNames(RowBench::LayerNorm, p, d)); };
        k.makeBench = [](const Params &p, model::Dtype d) { return std::make_unique<RowBench>(RowBench::LayerNorm, p, d); };
        k.testCases = rowCases(true, {"fused", "two_kernels"});
        k.testCases.append({{"rows", 100}, {"cols", 1000}, {"residual", 0}});
        c.add(k);
    }
}

} // namespace kernels
