// The probe family's benches (kernels/src/probes.cu, cudaMemcpyAsync, cuBLAS): buffers,
// launches and exact checks. Their catalog entries are in family_probes.cpp.
#include "benches.h"
#include "cublasgemm.h"
#include "cudacheck.h"
#include "families.h"
#include "hostfloat.h"
#include "src/rng.cuh"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <numeric>
#include <vector>

namespace kernels {

namespace {

using namespace probes;

QString tr(const char *s)
{
    return QCoreApplication::translate("kernels::ProbeKernels", s);
}

// Median of the per-block SM clocks from clock64 / globaltimer stamps, in MHz.
double clockFromStamps(BenchContext &ctx, const void *stamps, long long blocks)
{
    std::vector<unsigned long long> s(size_t(blocks) * 2);
    if (!ctx.download(s.data(), stamps, s.size() * sizeof(unsigned long long), nullptr))
        return 0;
    std::vector<double> mhz;
    for (long long b = 0; b < blocks; ++b)
        if (s[size_t(2 * b + 1)] > 0)
            mhz.push_back(double(s[size_t(2 * b)]) * 1e3 / double(s[size_t(2 * b + 1)]));
    if (mhz.empty())
        return 0;
    std::nth_element(mhz.begin(), mhz.begin() + long(mhz.size() / 2), mhz.end());
    return mhz[mhz.size() / 2];
}

model::Check exactWords(long long n, const QString &reference, auto expected, auto got)
{
    long long bad = 0, first = -1;
    std::vector<long long> badParts(std::max(1u, std::thread::hardware_concurrency()) + 1, 0);
    std::vector<long long> firstParts(badParts.size(), -1);
    parallelFor(n, [&](long long b, long long e, int p) {
        for (long long i = b; i < e; ++i)
            if (expected(i) != got(i)) {
                if (firstParts[size_t(p)] < 0)
                    firstParts[size_t(p)] = i;
                ++badParts[size_t(p)];
            }
    });
    for (size_t p = 0; p < badParts.size(); ++p) {
        bad += badParts[p];
        if (first < 0 && firstParts[p] >= 0)
            first = firstParts[p];
    }
    model::Check c;
    c.reference = reference;
    c.ok = bad == 0 && n > 0;
    c.maxRelErr = bad ? 1 : 0;
    if (bad)
        c.message = QStringLiteral("%1 of %2 words differ; first at %3: got %4, expected %5")
                        .arg(bad)
                        .arg(n)
                        .arg(first)
                        .arg(qulonglong(got(first)))
                        .arg(qulonglong(expected(first)));
    return c;
}

// The sum of words 0, every, 2 every, ... below n of the filled buffer (every 1: all of them).
unsigned hostWordSum(long long n, unsigned seed, long long every = 1)
{
    std::vector<unsigned> parts(std::max(1u, std::thread::hardware_concurrency()) + 1, 0);
    parallelFor(ceilDiv(n, every), [&](long long b, long long e, int p) {
        unsigned s = 0;
        for (long long i = b; i < e; ++i)
            s += rl_word((unsigned long long)(i * every), seed);
        parts[size_t(p)] = s;
    });
    unsigned s = 0;
    for (unsigned v : parts)
        s += v;
    return s;
}

model::Check sumCheck(unsigned got, unsigned expected)
{
    model::Check c;
    c.reference = QStringLiteral("exact (32-bit word sum)");
    c.ok = got == expected;
    c.maxRelErr = c.ok ? 0 : 1;
    if (!c.ok)
        c.message = QStringLiteral("word sum %1, expected %2").arg(got).arg(expected);
    return c;
}

// ---------------------------------------------------------------- HBM read / write / copy

class HbmBench : public Bench
{
public:
    enum Kind { Read, Write, Copy };

    HbmBench(Kind kind, const Params &p)
        : m_kind(kind), m_n(paramInt(p, "n")), m_block(int(paramInt(p, "block"))),
          m_unroll(int(paramInt(p, "unroll")))
    {
    }

    bool setup(BenchContext &ctx, QString *error) override
    {
        int perSm = 0;
        if (!findMain(ctx, m_block, error, &perSm))
            return false;
        m_seed = ctx.seed();
        if (m_kind != Write && !(m_in = allocWords(ctx, m_n, m_seed, error)))
            return false;
        // Read sums into one word (reset before every launch, not poisoned).
        if (!(m_out = m_kind == Read ? ctx.alloc(sizeof(unsigned), error)
                                     : allocOutput(ctx, size_t(m_n) * 4, error)))
            return false;
        const long long work = std::max(1LL, ceilDiv(m_n / 4, qint64(m_block) * m_unroll));
        // Read and write loop over the buffer with one resident wave; copy launches one
        // block per block * unroll vectors.
        m_grid = m_kind == Copy ? work : std::min(work, oneWave(ctx, perSm));
        m_resources = launchResources(m_block, m_grid, perSm);
        return true;
    }

    bool beforeEach(BenchContext &ctx, QString *error) override
    {
        return m_kind != Read || ctx.memset(m_out, 0, sizeof(unsigned), error);
    }

    bool launch(BenchContext &ctx, QString *error) override
    {
        long long n = m_n;
        unsigned salt = m_seed;
        void *read[] = {&m_in, &n, &m_out}, *write[] = {&m_out, &n, &salt}, *copy[] = {&m_in, &m_out, &n};
        return launchMain(ctx, m_grid, m_block,
                          m_kind == Read    ? read
                          : m_kind == Write ? write
                                            : copy,
                          error);
    }

    model::Check check(BenchContext &ctx) override
    {
        QString error;
        if (m_kind == Read) {
            unsigned got = 0;
            if (!ctx.download(&got, m_out, sizeof got, &error))
                return failedCheck("exact", error);
            return sumCheck(got, hostWordSum(m_n, m_seed));
        }
        std::vector<unsigned> out(static_cast<size_t>(m_n));
        if (!ctx.download(out.data(), m_out, out.size() * 4, &error))
            return failedCheck("exact", error);
        const unsigned seed = m_seed;
        if (m_kind == Write)
            return exactWords(
                m_n, "exact", [&](long long i) { return unsigned(i) * 2654435761u + seed; },
                [&](long long i) { return out[size_t(i)]; });
        return exactWords(
            m_n, "exact", [&](long long i) { return rl_word((unsigned long long)i, seed); },
            [&](long long i) { return out[size_t(i)]; });
    }

private:
    Kind m_kind;
    long long m_n;
    int m_block, m_unroll;
    long long m_grid = 1;
    unsigned *m_in = nullptr;
    void *m_out = nullptr;
    unsigned m_seed = 0;
};

// ---------------------------------------------------------------- L2 read

// What both L2 probes share: a footprint of `kib` KiB of filled words read `passes` times (it
// stays in L2: no flush between samples) into one word sum, which the host checks exactly over
// the words the kernel adds (every `every`-th).
class FootprintSumBench : public Bench
{
protected:
    FootprintSumBench(const Params &p, long long every)
        : m_words(paramInt(p, "kib") * 256), m_passes(int(paramInt(p, "passes"))), m_every(every)
    {
    }

    bool allocate(BenchContext &ctx, QString *error)
    {
        m_seed = ctx.seed();
        return (m_buf = allocWords(ctx, m_words, m_seed, error)) &&
               (m_sum = ctx.alloc(sizeof(unsigned), error));
    }
    void recordLaunch(int block, int perSm)
    {
        m_resources = launchResources(block, m_grid, perSm);
        m_resources["footprint_bytes"] = m_words * 4;
    }

public:
    bool flushL2() const override { return false; }
    bool beforeEach(BenchContext &ctx, QString *error) override
    {
        return ctx.memset(m_sum, 0, sizeof(unsigned), error);
    }

    model::Check check(BenchContext &ctx) override
    {
        unsigned got = 0;
        QString error;
        if (!ctx.download(&got, m_sum, sizeof got, &error))
            return failedCheck("exact", error);
        return sumCheck(got, hostWordSum(m_words, m_seed, m_every) * unsigned(m_passes));
    }

    std::optional<model::WorkCount> work() const override
    {
        return model::workloads::elementwise(double(m_words) * m_passes, 0, 1, 0, model::Dtype::Fp32);
    }

protected:
    long long m_words;
    int m_passes;
    long long m_every;
    long long m_grid = 1;
    unsigned *m_buf = nullptr;
    void *m_sum = nullptr;
    unsigned m_seed = 0;
};

// The loads' L2 read: every word, `unroll` 16-byte loads in flight a thread.
class L2Bench : public FootprintSumBench
{
public:
    explicit L2Bench(const Params &p)
        : FootprintSumBench(p, 1), m_block(int(paramInt(p, "block"))), m_unroll(int(paramInt(p, "unroll")))
    {
    }

    bool setup(BenchContext &ctx, QString *error) override
    {
        int perSm = 0;
        if (!findMain(ctx, m_block, error, &perSm) || !allocate(ctx, error))
            return false;
        const long long work = std::max(1LL, ceilDiv(m_words / 4, qint64(m_block) * m_unroll));
        m_grid = std::min(work, oneWave(ctx, perSm));
        recordLaunch(m_block, perSm);
        return true;
    }

    bool launch(BenchContext &ctx, QString *error) override
    {
        long long nv = m_words / 4;
        int passes = m_passes;
        void *args[] = {&m_buf, &nv, &passes, &m_sum};
        return launchMain(ctx, m_grid, m_block, args, error);
    }

private:
    int m_block, m_unroll;
};

// The L2 read by the copy engine: one warp a block, a wave of as many blocks as fit with
// their stages of shared memory; it sums the first word of every 128-byte line it copied.
class L2BulkBench : public FootprintSumBench
{
public:
    explicit L2BulkBench(const Params &p)
        : FootprintSumBench(p, kLineWords), m_chunk(int(paramInt(p, "chunk"))),
          m_dynSmem(size_t(paramInt(p, "stages") * paramInt(p, "chunk")))
    {
    }

    bool setup(BenchContext &ctx, QString *error) override
    {
        if (ctx.device().major < 9) {
            if (error)
                *error = tr("the L2 read by the copy engine uses cp.async.bulk, which sm_90 and newer have; "
                            "this device is %1")
                             .arg(ctx.device().arch());
            return false;
        }
        int perSm = 0;
        if (!findMain(ctx, kWarp, error, &perSm, m_dynSmem) || !allocate(ctx, error))
            return false;
        m_grid = std::clamp<long long>(chunks() * m_passes, 1, oneWave(ctx, perSm));
        recordLaunch(kWarp, perSm);
        return true;
    }

    bool launch(BenchContext &ctx, QString *error) override
    {
        long long n = chunks();
        int passes = m_passes;
        void *args[] = {&m_buf, &n, &passes, &m_sum};
        return launchMain(ctx, m_grid, kWarp, args, error, m_dynSmem);
    }

private:
    static constexpr int kWarp = 32, kLineWords = 32;
    long long chunks() const { return m_words * 4 / m_chunk; }
    int m_chunk;
    size_t m_dynSmem;
};

// ---------------------------------------------------------------- shared memory

class SmemBench : public Bench
{
public:
    explicit SmemBench(const Params &p)
        : m_stride(int(paramInt(p, "stride"))), m_iters(int(paramInt(p, "iters"))),
          m_block(int(paramInt(p, "block")))
    {
    }

    bool setup(BenchContext &ctx, QString *error) override
    {
        int perSm = 0;
        if (!findMain(ctx, m_block, error, &perSm))
            return false;
        m_grid = oneWave(ctx, perSm);
        m_seed = ctx.seed();
        const size_t threads = size_t(m_grid) * size_t(m_block);
        if (!(m_init = allocWords(ctx, kSmemWords, m_seed, error)) ||
            !(m_out = allocOutput(ctx, threads * 4, error)) ||
            !(m_stamps = ctx.alloc(size_t(m_grid) * 16, error)))
            return false;
        m_resources = launchResources(m_block, m_grid, perSm);
        m_resources["conflict_ways"] = std::gcd(m_stride, 32);
        return true;
    }

    bool launch(BenchContext &ctx, QString *error) override
    {
        int iters = m_iters;
        void *args[] = {&m_init, &iters, &m_out, &m_stamps};
        return launchMain(ctx, m_grid, m_block, args, error);
    }

    model::Check check(BenchContext &ctx) override
    {
        const long long threads = m_grid * m_block;
        std::vector<unsigned> out(static_cast<size_t>(threads));
        QString error;
        if (!ctx.download(out.data(), m_out, out.size() * 4, &error))
            return failedCheck("exact", error);
        // Lane l adds words l*stride + 32*j, j < 16, iters times.
        unsigned perLane[32];
        for (int l = 0; l < 32; ++l) {
            unsigned s = 0;
            for (int j = 0; j < kSmemLoads; ++j)
                s += rl_word((unsigned long long)(l * m_stride + 32 * j), m_seed);
            perLane[l] = s * unsigned(m_iters);
        }
        return exactWords(
            threads, "exact", [&](long long i) { return perLane[i % 32]; },
            [&](long long i) { return out[size_t(i)]; });
    }

    double inKernelClockMhz(BenchContext &ctx) override { return clockFromStamps(ctx, m_stamps, m_grid); }

    std::optional<model::WorkCount> work() const override
    {
        const double loads = double(m_grid) * m_block * double(m_iters) * kSmemLoads;
        return model::workloads::elementwise(loads, 0, 1, 0, model::Dtype::Fp32);
    }

private:
    int m_stride, m_iters, m_block;
    long long m_grid = 1;
    unsigned *m_init = nullptr;
    void *m_out = nullptr, *m_stamps = nullptr;
    unsigned m_seed = 0;
};

// ---------------------------------------------------------------- FMA chains

class FmaBench : public Bench
{
public:
    enum Kind { Fp32, Fp64, Half2 };

    FmaBench(Kind kind, const Params &p)
        : m_kind(kind), m_iters(int(paramInt(p, "iters"))), m_block(int(paramInt(p, "block"))),
          m_chains(int(paramInt(p, "chains")))
    {
    }

    size_t elem() const { return m_kind == Fp64 ? 8 : 4; }

    bool setup(BenchContext &ctx, QString *error) override
    {
        int perSm = 0;
        if (!findMain(ctx, m_block, error, &perSm))
            return false;
        m_grid = oneWave(ctx, perSm);
        m_seed = ctx.seed();
        const size_t threads = size_t(m_grid) * size_t(m_block);
        // Starting values in [0.5, 1.5), 64 classes of threads x chains.
        m_seeds.assign(64 * m_chains, 0.0);
        std::vector<unsigned char> raw(64 * m_chains * elem());
        for (int i = 0; i < 64 * m_chains; ++i) {
            const float v = rl_value((unsigned long long)i, m_seed, 0.5f, 1.5f);
            if (m_kind == Fp32) {
                m_seeds[size_t(i)] = v;
                std::memcpy(raw.data() + 4 * i, &v, 4);
            } else if (m_kind == Fp64) {
                const double dv = double(v) + 1e-9 * i; // use the extra precision
                m_seeds[size_t(i)] = dv;
                std::memcpy(raw.data() + 8 * i, &dv, 8);
            } else {
                // two halves per 32-bit word, low half first
                const uint16_t lo = hostfloat::floatToHalf(v);
                const uint16_t hi =
                    hostfloat::floatToHalf(rl_value((unsigned long long)i + 4096, m_seed, 0.5f, 1.5f));
                const uint32_t w = uint32_t(lo) | (uint32_t(hi) << 16);
                m_seeds[size_t(i)] = double(w); // the word itself
                std::memcpy(raw.data() + 4 * i, &w, 4);
            }
        }
        if (!(m_seedsDev = ctx.alloc(raw.size(), error)) ||
            !ctx.upload(m_seedsDev, raw.data(), raw.size(), error) ||
            !(m_out = allocOutput(ctx, threads * m_chains * elem(), error)) ||
            !(m_stamps = ctx.alloc(size_t(m_grid) * 16, error)))
            return false;
        m_resources = launchResources(m_block, m_grid, perSm);
        m_resources["chains"] = m_chains;
        return true;
    }

    // x -> x * a + b converges to b / (1 - a) = 1: values stay normal for any length.
    static constexpr float kA32 = 0.999f, kB32 = 0.001f;
    static constexpr double kA64 = 0.999, kB64 = 0.001;
    static constexpr uint16_t kAh = 0x3bfe; // 0.9990234375 = 1 - 2^-10
    static constexpr uint16_t kBh = 0x1400; // 0.0009765625 = 2^-10

    bool launch(BenchContext &ctx, QString *error) override
    {
        int iters = m_iters;
        // a and c in the chain's own type: float, double, or two halves in a 32-bit word.
        float a32 = kA32, c32 = kB32;
        double a64 = kA64, c64 = kB64;
        unsigned ah = unsigned(kAh) | (unsigned(kAh) << 16), ch = unsigned(kBh) | (unsigned(kBh) << 16);
        void *a = m_kind == Fp32   ? static_cast<void *>(&a32)
                  : m_kind == Fp64 ? static_cast<void *>(&a64)
                                   : &ah;
        void *c = m_kind == Fp32   ? static_cast<void *>(&c32)
                  : m_kind == Fp64 ? static_cast<void *>(&c64)
                                   : &ch;
        void *args[] = {&m_seedsDev, a, c, &iters, &m_out, &m_stamps};
        return launchMain(ctx, m_grid, m_block, args, error);
    }

    model::Check check(BenchContext &ctx) override
    {
        const long long threads = m_grid * m_block;
        const long long n = threads * m_chains;
        std::vector<unsigned char> out(size_t(n) * elem());
        QString error;
        if (!ctx.download(out.data(), m_out, out.size(), &error))
            return failedCheck("exact", error);
        // Replay the 64 x chains starting values on the CPU with the same single rounding.
        const long long steps = (long long)m_iters * kFmaSteps;
        std::vector<double> expect(64 * m_chains);
        parallelFor(
            64 * m_chains,
            [&](long long b, long long e, int) {
                for (long long i = b; i < e; ++i) {
                    if (m_kind == Fp32) {
                        float x = float(m_seeds[size_t(i)]);
                        for (long long s = 0; s < steps; ++s)
                            x = std::fmaf(x, kA32, kB32);
                        expect[size_t(i)] = x;
                    } else if (m_kind == Fp64) {
                        double x = m_seeds[size_t(i)];
                        for (long long s = 0; s < steps; ++s)
                            x = std::fma(x, kA64, kB64);
                        expect[size_t(i)] = x;
                    } else {
                        const uint32_t w = uint32_t(m_seeds[size_t(i)]);
                        const double a = hostfloat::halfToDouble(kAh), c = hostfloat::halfToDouble(kBh);
                        uint16_t lo = uint16_t(w & 0xffff), hi = uint16_t(w >> 16);
                        for (long long s = 0; s < steps; ++s) {
                            // exact in double (11-bit significands), then one rounding to half
                            lo = hostfloat::doubleToHalf(hostfloat::halfToDouble(lo) * a + c);
                            hi = hostfloat::doubleToHalf(hostfloat::halfToDouble(hi) * a + c);
                        }
                        expect[size_t(i)] = double(uint32_t(lo) | (uint32_t(hi) << 16));
                    }
                }
            },
            1);
        const int block = m_block;
        return compareAll(n, 0.0, 1e-300, "exact (FMA chains replayed on the CPU)", [&](long long i) {
            const long long t = i / m_chains, c = i % m_chains;
            const long long cls = (t % 64) * m_chains + c;
            Q_UNUSED(block);
            double got;
            if (m_kind == Fp32) {
                float f;
                std::memcpy(&f, out.data() + 4 * i, 4);
                got = f;
            } else if (m_kind == Fp64) {
                std::memcpy(&got, out.data() + 8 * i, 8);
            } else {
                uint32_t w;
                std::memcpy(&w, out.data() + 4 * i, 4);
                got = double(w);
            }
            return std::pair{got, expect[size_t(cls)]};
        });
    }

    double inKernelClockMhz(BenchContext &ctx) override { return clockFromStamps(ctx, m_stamps, m_grid); }

    std::optional<model::WorkCount> work() const override
    {
        const double fmas = double(m_grid) * m_block * double(m_iters) * kFmaSteps * m_chains;
        switch (m_kind) {
        case Fp32:
            return model::workloads::elementwise(fmas, 2, 0, 0, model::Dtype::Fp32);
        case Fp64:
            return model::workloads::elementwise(fmas, 2, 0, 0, model::Dtype::Fp64);
        case Half2:
            return model::workloads::elementwise(2 * fmas, 2, 0, 0, model::Dtype::Fp16); // two lanes
        }
        return std::nullopt;
    }

private:
    Kind m_kind;
    int m_iters, m_block, m_chains;
    long long m_grid = 1;
    std::vector<double> m_seeds;
    void *m_seedsDev = nullptr, *m_out = nullptr, *m_stamps = nullptr;
    unsigned m_seed = 0;
};

// ---------------------------------------------------------------- shared-memory loads with FMAs

// Expected shared-memory wavefronts of one warp's load: LDS.32 is served a warp at a time,
// gcd(stride, 32) ways; LDS.128 a quarter warp (128 B) at a time, gcd(stride, 8) ways each.
int sfConflictWays(int stride, int vec)
{
    return std::gcd(stride, vec == 4 ? 8 : 32);
}
int sfWavefronts(int stride, int vec)
{
    return sfConflictWays(stride, vec) * (vec == 4 ? 4 : 1);
}

class SmemFmaBench : public Bench
{
public:
    explicit SmemFmaBench(const Params &p)
        : m_ratio(int(paramInt(p, "ratio"))), m_stride(int(paramInt(p, "stride"))),
          m_vec(int(paramInt(p, "vec"))), m_iters(int(paramInt(p, "iters"))),
          m_block(int(paramInt(p, "block"))), m_wantPerSm(int(paramInt(p, "blocks_per_sm")))
    {
    }

    bool setup(BenchContext &ctx, QString *error) override
    {
        if (!(m_kernel = ctx.kernel(mainKernel(), error)))
            return false;
        const Device &dev = ctx.device();
        const void *f = reinterpret_cast<const void *>(m_kernel);
        cudaFuncAttributes attr{};
        // All shared memory, no L1 (the loop touches no global memory): the carveout the
        // residency below is computed for.
        if (!RL_CUDA(cudaFuncGetAttributes(&attr, f), error) ||
            !RL_CUDA(cudaFuncSetAttribute(f, cudaFuncAttributePreferredSharedMemoryCarveout,
                                          int(cudaSharedmemCarveoutMaxShared)),
                     error))
            return false;
        // Residency: every block takes 1/blocks_per_sm of the SM's shared memory (dynamic
        // shared memory it does not use, rounded down to the 128-byte allocation unit), so no
        // SM holds one block more, and the grid is one block per slot.
        const qint64 slot = (dev.smemPerSm / m_wantPerSm) / 128 * 128;
        const qint64 fixed = qint64(attr.sharedSizeBytes) + dev.reservedSmemPerBlock;
        m_dyn =
            size_t(std::clamp<qint64>(slot - fixed, 0, dev.smemPerBlockOptin - qint64(attr.sharedSizeBytes)));
        int perSm = 0;
        if (!ctx.checkLaunch(m_kernel, m_block, m_dyn, error, &perSm))
            return false;
        // An allocation unit other than 128 bytes could let one more in: grow until it cannot.
        for (int i = 0; i < 32 && perSm > m_wantPerSm &&
                        qint64(m_dyn) + 256 + qint64(attr.sharedSizeBytes) <= dev.smemPerBlockOptin;
             ++i) {
            m_dyn += 256;
            if (!ctx.checkLaunch(m_kernel, m_block, m_dyn, error, &perSm))
                return false;
        }
        // Fewer fit (registers, threads): one full wave of what does.
        m_perSm = std::min(perSm, m_wantPerSm);
        m_grid = oneWave(ctx, m_perSm);
        m_seed = ctx.seed();
        const size_t threads = size_t(m_grid) * size_t(m_block);
        std::vector<float> seeds(size_t(64 * m_ratio));
        for (size_t i = 0; i < seeds.size(); ++i)
            seeds[i] = rl_value((unsigned long long)i, m_seed, 0.5f, 1.5f);
        m_seeds = seeds;
        if (!(m_init = allocFilled(ctx, kSfWords, model::Dtype::Fp32, 0.5f, 1.5f, m_seed + 1, error)) ||
            !(m_seedsDev = ctx.alloc(seeds.size() * 4, error)) ||
            !ctx.upload(m_seedsDev, seeds.data(), seeds.size() * 4, error) ||
            !(m_out = allocOutput(ctx, threads * size_t(m_ratio) * 4, error)) ||
            !(m_stamps = ctx.alloc(size_t(m_grid) * 16, error)) ||
            !(m_smids = ctx.alloc(size_t(m_grid) * 4, error)))
            return false;
        m_resources = {{"block", m_block},
                       {"grid", m_grid},
                       {"blocks_per_sm", m_perSm},
                       {"blocks_per_sm_possible", perSm},
                       {"warps_per_sm", m_perSm * m_block / 32},
                       {"dyn_smem", qint64(m_dyn)},
                       {"conflict_ways", sfConflictWays(m_stride, m_vec)},
                       {"wavefronts_per_lds", sfWavefronts(m_stride, m_vec)},
                       {"lds_per_iter", kSfWordsPerIter / m_vec},
                       {"ffma_per_iter", kSfWordsPerIter * m_ratio},
                       {"accumulators", m_ratio}};
        return true;
    }

    bool flushL2() const override { return false; } // the loop reads shared memory only

    bool launch(BenchContext &ctx, QString *error) override
    {
        int iters = m_iters;
        void *args[] = {&m_init, &m_seedsDev, &iters, &m_out, &m_stamps, &m_smids};
        return launchMain(ctx, m_grid, m_block, args, error, m_dyn);
    }

    model::Check check(BenchContext &ctx) override
    {
        const long long threads = m_grid * m_block;
        const long long n = threads * m_ratio;
        std::vector<float> out(static_cast<size_t>(n));
        std::vector<unsigned> smids(static_cast<size_t>(m_grid));
        QString error;
        if (!ctx.download(out.data(), m_out, out.size() * 4, &error) ||
            !ctx.download(smids.data(), m_smids, smids.size() * 4, &error))
            return failedCheck("exact", error);
        countBlocksPerSm(smids);
        // The words lane l loads, in the kernel's order: element l*stride of row j (32 words
        // apart), VEC words each.
        std::vector<float> words(32 * kSfWordsPerIter);
        for (int l = 0; l < 32; ++l)
            for (int k = 0; k < kSfWordsPerIter; ++k) {
                const long long idx = (long long)l * m_stride * m_vec + 32 * (k / m_vec) + k % m_vec;
                words[size_t(l * kSfWordsPerIter + k)] =
                    float(hostValue(idx, m_seed + 1, 0.5f, 1.5f, model::Dtype::Fp32));
            }
        // Thread t's accumulators depend on t % 64 only (its lane and its starting values):
        // replay the 64 classes with the same single rounding.
        std::vector<float> expect(size_t(64 * m_ratio));
        parallelFor(
            64,
            [&](long long b, long long e, int) {
                for (long long c = b; c < e; ++c) {
                    float *acc = expect.data() + c * m_ratio;
                    for (int f = 0; f < m_ratio; ++f)
                        acc[f] = m_seeds[size_t(c * m_ratio + f)];
                    const float *w = words.data() + (c % 32) * kSfWordsPerIter;
                    for (int it = 0; it < m_iters; ++it)
                        for (int k = 0; k < kSfWordsPerIter; ++k)
                            for (int f = 0; f < m_ratio; ++f)
                                acc[f] = std::fmaf(w[k], float(f + 1) * (1.0f / 1024.0f), acc[f]);
                }
            },
            1);
        const int ratio = m_ratio;
        return compareAll(n, 0.0, 1e-300, "exact (FMA chains replayed on the CPU)", [&](long long i) {
            const long long t = i / ratio, f = i % ratio;
            return std::pair{double(out[size_t(i)]), double(expect[size_t((t % 64) * ratio + f)])};
        });
    }

    double inKernelClockMhz(BenchContext &ctx) override { return clockFromStamps(ctx, m_stamps, m_grid); }

    std::optional<model::WorkCount> work() const override
    {
        const double words = double(m_grid) * m_block * double(m_iters) * kSfWordsPerIter;
        return model::workloads::elementwise(words, 2.0 * m_ratio, 1, 0, model::Dtype::Fp32);
    }

private:
    // What the launch really did: blocks per SM from the SM ids the blocks wrote (one wave,
    // so these blocks ran side by side).
    void countBlocksPerSm(const std::vector<unsigned> &smids)
    {
        std::vector<int> perSm;
        for (unsigned id : smids) {
            if (id >= perSm.size())
                perSm.resize(size_t(id) + 1, 0);
            ++perSm[id];
        }
        int lo = 0, hi = 0, used = 0;
        for (int c : perSm)
            if (c > 0) {
                lo = used ? std::min(lo, c) : c;
                hi = std::max(hi, c);
                ++used;
            }
        m_resources["sms_used"] = used;
        m_resources["blocks_per_sm_seen_min"] = lo;
        m_resources["blocks_per_sm_seen_max"] = hi;
    }

    int m_ratio, m_stride, m_vec, m_iters, m_block, m_wantPerSm;
    int m_perSm = 1;
    long long m_grid = 1;
    size_t m_dyn = 0;
    std::vector<float> m_seeds;
    void *m_init = nullptr, *m_seedsDev = nullptr, *m_out = nullptr, *m_stamps = nullptr, *m_smids = nullptr;
    unsigned m_seed = 0;
};

// ---------------------------------------------------------------- tensor cores

class MmaBench : public Bench
{
public:
    enum Kind { Bf16, Fp16, Tf32 };

    MmaBench(Kind kind, const Params &p)
        : m_kind(kind), m_iters(int(paramInt(p, "iters"))), m_block(int(paramInt(p, "block"))),
          m_chains(int(paramInt(p, "chains")))
    {
    }

    int kDim() const { return m_kind == Tf32 ? 8 : 16; }
    double flopsPerMma() const { return 2.0 * 16 * 8 * kDim(); }

    // Entries k/4, k in +-1..4: every product and sum is exact in fp32.
    static float entry(unsigned long long i, unsigned seed)
    {
        const unsigned k = unsigned(rl_bits(i, seed) >> 59); // 5 bits
        const float mag = float((k & 3) + 1) * 0.25f;
        return (k & 4) ? -mag : mag;
    }

    bool setup(BenchContext &ctx, QString *error) override
    {
        int perSm = 0;
        if (!findMain(ctx, m_block, error, &perSm))
            return false;
        m_grid = oneWave(ctx, perSm);
        m_seed = ctx.seed();
        const int K = kDim();
        m_a.resize(size_t(16 * K));
        m_b.resize(size_t(K * 8));
        m_c.resize(16 * 8);
        for (size_t i = 0; i < m_a.size(); ++i)
            m_a[i] = entry(i, m_seed);
        for (size_t i = 0; i < m_b.size(); ++i)
            m_b[i] = entry(i, m_seed + 1);
        for (size_t i = 0; i < m_c.size(); ++i) {
            const int k = int(rl_bits(i, m_seed + 2) >> 57) - 64; // -64..63
            m_c[i] = float(k == 0 ? 1 : k) / 16.0f;
        }
        auto upload = [&](const std::vector<float> &v, void **dev) {
            if (m_kind == Tf32) {
                *dev = ctx.alloc(v.size() * 4, error);
                return *dev && ctx.upload(*dev, v.data(), v.size() * 4, error);
            }
            std::vector<uint16_t> h(v.size());
            for (size_t i = 0; i < v.size(); ++i)
                h[i] = m_kind == Bf16 ? hostfloat::floatToBf16(v[i]) : hostfloat::floatToHalf(v[i]);
            *dev = ctx.alloc(h.size() * 2, error);
            return *dev && ctx.upload(*dev, h.data(), h.size() * 2, error);
        };
        if (!upload(m_a, &m_aDev) || !upload(m_b, &m_bDev))
            return false;
        const size_t warps = size_t(m_grid) * size_t(m_block / 32);
        if (!(m_cDev = ctx.alloc(m_c.size() * 4, error)) ||
            !ctx.upload(m_cDev, m_c.data(), m_c.size() * 4, error) ||
            !(m_out = allocOutput(ctx, warps * 128 * 4, error)) ||
            !(m_stamps = ctx.alloc(size_t(m_grid) * 16, error)))
            return false;
        m_resources = launchResources(m_block, m_grid, perSm);
        m_resources["chains"] = m_chains;
        return true;
    }

    bool launch(BenchContext &ctx, QString *error) override
    {
        int iters = m_iters;
        void *args[] = {&m_aDev, &m_bDev, &m_cDev, &iters, &m_out, &m_stamps};
        return launchMain(ctx, m_grid, m_block, args, error);
    }

    model::Check check(BenchContext &ctx) override
    {
        const long long warps = m_grid * (m_block / 32);
        std::vector<float> out(size_t(warps) * 128);
        QString error;
        if (!ctx.download(out.data(), m_out, out.size() * 4, &error))
            return failedCheck("exact", error);
        double expect[128];
        const int K = kDim();
        for (int r = 0; r < 16; ++r)
            for (int c = 0; c < 8; ++c) {
                double s = 0;
                for (int k = 0; k < K; ++k)
                    s += double(m_a[size_t(r * K + k)]) * double(m_b[size_t(k * 8 + c)]);
                expect[r * 8 + c] = m_chains * (double(m_c[size_t(r * 8 + c)]) + s);
            }
        return compareAll(warps * 128, 0.0, 1e-300, "exact (C0 + A*B, values exact in fp32)",
                          [&](long long i) {
                              return std::pair{double(out[size_t(i)]), expect[i % 128]};
                          });
    }

    double inKernelClockMhz(BenchContext &ctx) override { return clockFromStamps(ctx, m_stamps, m_grid); }

    std::optional<model::WorkCount> work() const override
    {
        const double mmas = double(m_grid) * (m_block / 32) * (2.0 * m_iters + 1) * m_chains;
        const model::Dtype d = m_kind == Bf16   ? model::Dtype::Bf16
                               : m_kind == Fp16 ? model::Dtype::Fp16
                                                : model::Dtype::Tf32;
        return model::workloads::elementwise(mmas, flopsPerMma(), 0, 0, d);
    }

private:
    Kind m_kind;
    int m_iters, m_block, m_chains;
    long long m_grid = 1;
    std::vector<float> m_a, m_b, m_c;
    void *m_aDev = nullptr, *m_bDev = nullptr, *m_cDev = nullptr, *m_out = nullptr, *m_stamps = nullptr;
    unsigned m_seed = 0;
};

// ---------------------------------------------------------------- cudaMemcpyAsync

class MemcpyBench : public Bench
{
public:
    explicit MemcpyBench(const Params &p) : m_n(paramInt(p, "n")) {}

    bool setup(BenchContext &ctx, QString *error) override
    {
        m_seed = ctx.seed();
        return (m_in = allocWords(ctx, m_n, m_seed, error)) &&
               (m_out = allocOutput(ctx, size_t(m_n) * 4, error));
    }

    bool launch(BenchContext &ctx, QString *error) override
    {
        return RL_CUDA(cudaMemcpyAsync(m_out, m_in, size_t(m_n) * 4, cudaMemcpyDeviceToDevice, ctx.stream()),
                       error);
    }

    model::Check check(BenchContext &ctx) override
    {
        std::vector<unsigned> out(static_cast<size_t>(m_n));
        QString error;
        if (!ctx.download(out.data(), m_out, out.size() * 4, &error))
            return failedCheck("exact", error);
        return exactWords(
            m_n, "exact", [&](long long i) { return rl_word((unsigned long long)i, m_seed); },
            [&](long long i) { return out[size_t(i)]; });
    }

private:
    long long m_n;
    unsigned *m_in = nullptr;
    void *m_out = nullptr;
    unsigned m_seed = 0;
};

// ---------------------------------------------------------------- cuBLAS GEMM

class CublasBench : public Bench
{
public:
    CublasBench(const Params &p, model::Dtype d) : m_dtype(d), m_size(int(paramInt(p, "size"))) {}

    bool setup(BenchContext &ctx, QString *error) override
    {
        const size_t e = size_t(model::dtypeBytes(m_dtype));
        const size_t n = size_t(m_size) * size_t(m_size);
        m_seed = ctx.seed();
        if (!m_gemm.init(ctx.stream(), error) ||
            !(m_a = allocFilled(ctx, (long long)n, m_dtype, -1.0f, 1.0f, m_seed, error)) ||
            !(m_b = allocFilled(ctx, (long long)n, m_dtype, -1.0f, 1.0f, m_seed + 1, error)) ||
            !(m_c = allocOutput(ctx, n * e, error)))
            return false;
        m_resources = {{"library", "cublasGemmEx"}};
        return true;
    }

    bool launch(BenchContext &, QString *error) override
    {
        return m_gemm.run(m_dtype, m_size, m_size, m_size, m_a, m_b, m_c, error);
    }

    model::Check check(BenchContext &ctx) override
    {
        const long long M = m_size, n = M * M;
        std::vector<unsigned char> c(size_t(n) * size_t(model::dtypeBytes(m_dtype)));
        QString error;
        if (!ctx.download(c.data(), m_c, c.size(), &error))
            return failedCheck("cpu-fp64", error);
        // Every element finite; 512 sampled elements (and the corners) against fp64 dot
        // products, the error relative to sum |a*b| (the scale of the rounding).
        std::vector<long long> samples = {0, M - 1, n - M, n - 1};
        for (unsigned i = 0; samples.size() < 516 && i < 4096; ++i)
            samples.push_back((long long)(rl_bits(i, m_seed + 7) % (unsigned long long)n));
        model::Check c0;
        c0.reference = QStringLiteral("cpu-fp64 (%1 sampled elements)").arg(samples.size());
        c0.ok = true;
        for (long long i = 0; i < n; ++i)
            if (!std::isfinite(elementValue(c.data(), i, m_dtype))) {
                c0.ok = false;
                c0.message = QStringLiteral("element %1 is not finite").arg(i);
                return c0;
            }
        for (long long idx : samples) {
            const long long r = idx % M, col = idx / M; // column-major
            double s = 0, a = 0;
            for (long long k = 0; k < M; ++k) {
                const double x = hostValue(r + k * M, m_seed, -1.0f, 1.0f, m_dtype);
                const double y = hostValue(k + col * M, m_seed + 1, -1.0f, 1.0f, m_dtype);
                s += x * y;
                a += std::fabs(x * y);
            }
            const double got = elementValue(c.data(), idx, m_dtype);
            const double err = std::fabs(got - s) / std::max(a, 1e-300);
            if (err > c0.maxRelErr)
                c0.maxRelErr = err;
            if (err > toleranceFor(m_dtype) && c0.ok) {
                c0.ok = false;
                c0.message = QStringLiteral("C(%1,%2) = %3, expected %4")
                                 .arg(r)
                                 .arg(col)
                                 .arg(got, 0, 'g', 8)
                                 .arg(s, 0, 'g', 8);
            }
        }
        return c0;
    }

private:
    model::Dtype m_dtype;
    int m_size;
    CublasGemm m_gemm;
    void *m_a = nullptr, *m_b = nullptr, *m_c = nullptr;
    unsigned m_seed = 0;
};

// Bench makers for the table below: the bench of parameters alone, of a kind and the
// parameters, of the parameters and the dtype.
template <typename B> std::unique_ptr<Bench> ofParams(const Params &p, model::Dtype)
{
    return std::make_unique<B>(p);
}
template <typename B, auto kind> std::unique_ptr<Bench> ofKind(const Params &p, model::Dtype)
{
    return std::make_unique<B>(kind, p);
}
template <typename B> std::unique_ptr<Bench> ofDtype(const Params &p, model::Dtype d)
{
    return std::make_unique<B>(p, d);
}

} // namespace

std::unique_ptr<Bench> probeBench(const KernelSpec &spec, const Params &p, model::Dtype d)
{
    using Make = std::unique_ptr<Bench> (*)(const Params &, model::Dtype);
    static const std::pair<const char *, Make> benches[] = {
        {"probe.hbm_read", ofKind<HbmBench, HbmBench::Read>},
        {"probe.hbm_write", ofKind<HbmBench, HbmBench::Write>},
        {"probe.hbm_copy", ofKind<HbmBench, HbmBench::Copy>},
        {"probe.l2_read", ofParams<L2Bench>},
        {"probe.l2_bulk", ofParams<L2BulkBench>},
        {"probe.smem_read", ofParams<SmemBench>},
        {"probe.smem_fma", ofParams<SmemFmaBench>},
        {"probe.fma_fp32", ofKind<FmaBench, FmaBench::Fp32>},
        {"probe.fma_fp64", ofKind<FmaBench, FmaBench::Fp64>},
        {"probe.hfma2_fp16", ofKind<FmaBench, FmaBench::Half2>},
        {"probe.mma_bf16", ofKind<MmaBench, MmaBench::Bf16>},
        {"probe.mma_fp16", ofKind<MmaBench, MmaBench::Fp16>},
        {"probe.mma_tf32", ofKind<MmaBench, MmaBench::Tf32>},
        {"probe.memcpy_d2d", ofParams<MemcpyBench>},
        {"probe.cublas_bf16", ofDtype<CublasBench>},
    };
    for (const auto &[id, make] : benches)
        if (spec.id == QLatin1String(id))
            return make(p, d);
    return nullptr;
}

} // namespace kernels
