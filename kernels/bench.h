#pragma once

// The host side of one catalog kernel: its buffers, its launches and its reference check.
// The Runner drives a Bench through setup -> (poison, launch, check) -> timed launches.
// Runtime library only (CUDA runtime types); the catalog (catalog.h) knows no Bench.
#include "catalog.h"
#include "compiler.h"
#include "device.h"

#include "resultset.h"
#include "workloads.h"

#include <cuda_runtime_api.h>

#include <QString>
#include <QVariantMap>

#include <algorithm>
#include <cmath>
#include <optional>
#include <thread>
#include <vector>

namespace kernels {

// What the Runner lends a Bench. All CUDA work goes to stream(); every helper checks its
// CUDA calls and reports failures through *error.
class BenchContext
{
public:
    virtual ~BenchContext() = default;
    virtual const Device &device() const = 0;
    virtual cudaStream_t stream() const = 0;
    // Fresh per run: inputs differ from run to run.
    virtual unsigned seed() const = 0;
    // The compiled module of this run (empty for kernels that are not compiled).
    virtual const CompileResult &compiled() const = 0;

    // An entry function of the module by name expression.
    virtual cudaKernel_t kernel(const QString &nameExpression, QString *error) = 0;
    // Refuses a launch shape that cannot run, with the reason: a block larger than the kernel
    // or the device allows, dynamic shared memory over the opt-in limit, zero blocks per SM.
    // Raises the kernel's dynamic shared-memory limit when it needs more than 48 KB.
    virtual bool checkLaunch(cudaKernel_t k, int block, size_t dynSmem, QString *error,
                             int *blocksPerSm = nullptr) = 0;
    virtual bool launch(cudaKernel_t k, dim3 grid, dim3 block, size_t dynSmem, void **args,
                        QString *error) = 0;
    // The same in thread-block clusters of clusterX blocks along x (cudaLaunchKernelEx with a
    // cluster dimension); grid.x must be a multiple of clusterX.
    virtual bool launchCluster(cudaKernel_t k, dim3 grid, dim3 block, unsigned clusterX, size_t dynSmem,
                               void **args, QString *error) = 0;
    // How many clusters of clusterX blocks of `block` threads fit on the device at once
    // (cudaOccupancyMaxActiveClusters, after checkLaunch raised the shared-memory limit); 0,
    // refused with the reason, when none does; -1 with *error set when the query itself failed.
    virtual int maxActiveClusters(cudaKernel_t k, int block, unsigned clusterX, size_t dynSmem,
                                  QString *error) = 0;

    // Device memory, freed when the run ends.
    virtual void *alloc(size_t bytes, QString *error) = 0;
    // p[i] = rl_value(i, seed, lo, hi) rounded to d (see kernels/src/rng.cuh).
    virtual bool fill(void *p, long long n, model::Dtype d, float lo, float hi, unsigned seed,
                      QString *error) = 0;
    // p[i] = rl_word(i, seed): nonzero 32-bit words.
    virtual bool fillWords(unsigned *p, long long n, unsigned seed, QString *error) = 0;
    virtual bool memset(void *p, int value, size_t bytes, QString *error) = 0;
    // Synchronous copies (the stream is synchronized first).
    virtual bool download(void *host, const void *dev, size_t bytes, QString *error) = 0;
    virtual bool upload(void *dev, const void *host, size_t bytes, QString *error) = 0;
};

class Bench
{
public:
    virtual ~Bench() = default;
    // Looks up kernels, checks launch shapes, allocates and fills buffers.
    virtual bool setup(BenchContext &ctx, QString *error) = 0;
    // Before the checked run: outputs set to a NaN pattern, so an element nobody wrote fails.
    virtual bool poison(BenchContext &ctx, QString *error);
    // Untimed work before every launch (resetting an accumulator).
    virtual bool beforeEach(BenchContext &, QString *) { return true; }
    // The timed work: one complete run of the kernel(s).
    virtual bool launch(BenchContext &ctx, QString *error) = 0;
    // Compares the output of the last launch with a reference (the stream is synchronized).
    virtual model::Check check(BenchContext &ctx) = 0;
    // False for probes that measure a cache (flushing it would defeat them).
    virtual bool flushL2() const { return true; }
    // The SM clock measured inside the last launch (clock64 vs globaltimer), 0 if none.
    virtual double inKernelClockMhz(BenchContext &) { return 0; }
    // Launch shape etc. for the results file: "block", "grid", "blocks_per_sm", "dyn_smem".
    virtual QVariantMap resources() const { return m_resources; }
    // The entry function whose registers and shared memory the results report
    // (KernelSpec::mainKernel, set by makeBench before setup).
    QString mainKernel() const { return m_mainKernel; }
    void setMainKernel(const QString &name) { m_mainKernel = name; }
    // Counts that depend on the device (a probe sized to one full wave of blocks), taken
    // from model::workloads after setup; nullopt: the catalog's work() for the parameters.
    virtual std::optional<model::WorkCount> work() const { return std::nullopt; }

protected:
    // The set-up every compiled bench starts with: looks up the main kernel and checks a
    // launch of `block` threads with dynSmem bytes of dynamic shared memory; *perSm gets the
    // blocks that fit on one SM.
    bool findMain(BenchContext &ctx, int block, QString *error, int *perSm = nullptr, size_t dynSmem = 0);
    // One launch of the main kernel on a 1D grid.
    bool launchMain(BenchContext &ctx, long long grid, int block, void **args, QString *error,
                    size_t dynSmem = 0);
    // Blocks in one full wave: perSm on every SM.
    static long long oneWave(BenchContext &ctx, int perSm) { return (long long)ctx.device().sms * perSm; }
    // The launch shape as results files report it.
    static QVariantMap launchResources(int block, long long grid, int perSm)
    {
        return {{"block", block}, {"grid", grid}, {"blocks_per_sm", perSm}};
    }

    // Device buffers (freed with the run): n elements of d filled with rl_value(i, seed, lo,
    // hi); n nonzero words rl_word(i, seed); an output, poisoned before the checked run.
    void *allocFilled(BenchContext &ctx, long long n, model::Dtype d, float lo, float hi, unsigned seed,
                      QString *error);
    unsigned *allocWords(BenchContext &ctx, long long n, unsigned seed, QString *error);
    void *allocOutput(BenchContext &ctx, size_t bytes, QString *error);
    // Records an output buffer to poison.
    void addOutput(void *p, size_t bytes) { m_outputs.push_back({p, bytes}); }

    QVariantMap m_resources;
    cudaKernel_t m_kernel = nullptr; // the main kernel, after findMain
    std::vector<std::pair<void *, size_t>> m_outputs;

private:
    QString m_mainKernel;
};

// ------------------------------------------------------------------ reference helpers

// Runs f(begin, end, part) over [0, n) on every hardware thread, at least minChunk items
// per thread (1 for items that are each a lot of work).
template <typename F> void parallelFor(long long n, F f, long long minChunk = 65536)
{
    const int parts = int(std::clamp<long long>(n / std::max(1LL, minChunk), 1,
                                                std::max(1u, std::thread::hardware_concurrency())));
    std::vector<std::thread> threads;
    for (int p = 1; p < parts; ++p)
        threads.emplace_back([=, &f] { f(n * p / parts, n * (p + 1) / parts, p); });
    f(0, n / parts, 0);
    for (auto &t : threads)
        t.join();
}

// Elementwise comparison: err_i = |out - ref| / (|ref| + floor); a NaN or infinite output
// fails. get(i) returns {out, ref}. The worst element is named in the message.
template <typename Get>
model::Check compareAll(long long n, double tolerance, double floor, const QString &reference, Get get)
{
    struct Worst
    {
        double err = 0;
        long long index = -1;
        double out = 0, ref = 0;
        long long bad = 0;
    };
    const int parts = int(std::max(1u, std::thread::hardware_concurrency()));
    std::vector<Worst> worst(size_t(parts) + 1);
    parallelFor(n, [&](long long b, long long e, int p) {
        Worst w;
        for (long long i = b; i < e; ++i) {
            const auto [out, ref] = get(i);
            double err = std::fabs(out - ref) / (std::fabs(ref) + floor);
            if (!std::isfinite(out) || !std::isfinite(err))
                err = INFINITY;
            if (err > tolerance)
                ++w.bad;
            if (w.index < 0 || err > w.err) {
                w.err = err;
                w.index = i;
                w.out = out;
                w.ref = ref;
            }
        }
        worst[size_t(p)] = w;
    });
    Worst all;
    for (const Worst &w : worst) {
        all.bad += w.bad;
        if (w.index >= 0 && (all.index < 0 || w.err > all.err)) {
            const long long bad = all.bad;
            all = w;
            all.bad = bad;
        }
    }
    model::Check c;
    c.reference = reference;
    c.maxRelErr = std::isfinite(all.err) ? all.err : 1e308;
    c.ok = all.bad == 0 && n > 0;
    if (!c.ok)
        c.message =
            n <= 0 ? QStringLiteral("nothing to compare")
                   : QStringLiteral("%1 of %2 elements off (tolerance %3); worst at %4: got %5, expected %6")
                         .arg(all.bad)
                         .arg(n)
                         .arg(tolerance)
                         .arg(all.index)
                         .arg(all.out, 0, 'g', 9)
                         .arg(all.ref, 0, 'g', 9);
    return c;
}

model::Check failedCheck(const QString &reference, const QString &message);

// The value the fill kernels store at index i, as the GPU holds it after rounding to d.
double hostValue(long long i, unsigned seed, float lo, float hi, model::Dtype d);
// Raw element of a downloaded buffer of dtype d (fp32, fp64, bf16, fp16) as a double.
double elementValue(const void *data, long long i, model::Dtype d);
// Relative tolerance of a result stored in d.
double toleranceFor(model::Dtype d);

} // namespace kernels
