#include "runner.h"

#include "benches.h"
#include "cudacheck.h"
#include "kernelmix.h"
#include "kernelpaths.h"

#include "roofline.h"
#include "units.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QRegularExpression>

#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

namespace kernels {

namespace {

QString tr(const char *s)
{
    return QCoreApplication::translate("kernels::Runner", s);
}

QString bytesText(double b)
{
    return model::formatBytesBinary(b);
}

// Fallback precision names when the device matched no spec entry.
QString defaultPrecision(model::Dtype d)
{
    switch (d) {
    case model::Dtype::Fp64:
        return QStringLiteral("fp64");
    case model::Dtype::Tf32:
        return QStringLiteral("tf32_tc");
    case model::Dtype::Fp16:
        return QStringLiteral("fp16_tc");
    case model::Dtype::Bf16:
        return QStringLiteral("bf16_tc");
    case model::Dtype::Fp8:
        return QStringLiteral("fp8_tc");
    case model::Dtype::Int8:
        return QStringLiteral("int8_tc");
    default:
        return QStringLiteral("fp32");
    }
}

} // namespace

// ------------------------------------------------------------------ Module

Module::~Module()
{
    if (m_library)
        cudaLibraryUnload(m_library);
}

bool Module::load(const CompileResult &compiled, QString *error)
{
    m_compiled = compiled;
    return RL_CUDA(cudaLibraryLoadData(&m_library, m_compiled.cubin.constData(), nullptr, nullptr, 0, nullptr,
                                       nullptr, 0),
                   error);
}

cudaKernel_t Module::kernel(const QString &name, QString *error) const
{
    const KernelResources *k = m_compiled.find(name);
    if (!k) {
        if (error)
            *error = tr("kernel %1 is not in the compiled module").arg(name);
        return nullptr;
    }
    cudaKernel_t out = nullptr;
    if (!RL_CUDA(cudaLibraryGetKernel(&out, m_library, k->lowered.toLatin1().constData()), error))
        return nullptr;
    return out;
}

// ------------------------------------------------------------------ Runner state

struct Runner::Impl
{
    int index = 0;
    bool open = false;
    bool lost = false;
    RunStatus openStatus = RunStatus::Failed;
    Device dev;
    cudaStream_t stream = nullptr;
    cudaEvent_t start = nullptr, stop = nullptr;
    void *flush = nullptr;
    size_t flushBytes = 0;
    unsigned flushValue = 0;
    void *scratch = nullptr; // clock stamps, flush sink
    Module runtime;
    Compiler compiler;
    model::SpecDb db;
    const model::Gpu *spec = nullptr;
    std::function<void(const QString &)> progress;
    std::mt19937 rng{std::random_device{}()};

    void say(const QString &s) const
    {
        if (progress)
            progress(s);
    }

    // Marks the context dead after a sticky error.
    bool ok(cudaError_t e, const char *what, const char *file, int line, QString *error)
    {
        if (e == cudaSuccess)
            return true;
        if (isStickyError(e))
            lost = true;
        if (error)
            *error = cudaMessage(e, what, file, line);
        return false;
    }

    bool flushL2(QString *error);
    bool launchRuntime(const char *name, dim3 grid, dim3 block, void **args, QString *error);
};

#define RL_CHECK(call, error) d->ok((call), #call, __FILE__, __LINE__, (error))
#define RL_CHECK_IMPL(call, error) ok((call), #call, __FILE__, __LINE__, (error))

bool Runner::Impl::launchRuntime(const char *name, dim3 grid, dim3 block, void **args, QString *error)
{
    cudaKernel_t k = runtime.kernel(QString::fromLatin1(name), error);
    return k && RL_CHECK_IMPL(
                    cudaLaunchKernel(reinterpret_cast<const void *>(k), grid, block, args, 0, stream), error);
}

bool Runner::Impl::flushL2(QString *error)
{
    // Write 3x L2, then read the first 2x: the last writes' dirty lines are written back now,
    // not during the next sample, and L2 is left holding clean lines nobody needs.
    if (!RL_CHECK_IMPL(cudaMemsetAsync(flush, int(++flushValue & 0xff), flushBytes, stream), error))
        return false;
    long long nv = (long long)(flushBytes / 3 * 2 / 16);
    const dim3 grid(static_cast<unsigned>(dev.sms * 4));
    void *args[] = {&flush, &nv, &scratch};
    return launchRuntime("rl_flush_read<0>", grid, dim3(512), args, error);
}

// ------------------------------------------------------------------ BenchContext

namespace {

class RunContext : public BenchContext
{
public:
    RunContext(Runner::Impl *r, Module *module, unsigned seed) : m_r(r), m_module(module), m_seed(seed) {}

    ~RunContext() override
    {
        if (m_r->lost)
            return; // the context is gone, and its memory with it
        cudaStreamSynchronize(m_r->stream);
        for (void *p : m_allocs)
            cudaFree(p);
        cudaGetLastError();
    }

    bool refused = false;
    int dynSmem = 0;

    const Device &device() const override { return m_r->dev; }
    cudaStream_t stream() const override { return m_r->stream; }
    unsigned seed() const override { return m_seed; }
    const CompileResult &compiled() const override { return m_module ? m_module->compiled() : m_empty; }

    cudaKernel_t kernel(const QString &name, QString *error) override
    {
        if (!m_module) {
            if (error)
                *error = tr("this kernel has no compiled module");
            return nullptr;
        }
        return m_module->kernel(name, error);
    }

    bool checkLaunch(cudaKernel_t k, int block, size_t dyn, QString *error, int *blocksPerSm) override
    {
        const void *f = reinterpret_cast<const void *>(k);
        cudaFuncAttributes attr{};
        if (!m_r->RL_CHECK_IMPL(cudaFuncGetAttributes(&attr, f), error))
            return false;
        auto refuse = [&](const QString &why) {
            refused = true;
            if (error)
                *error = why;
            return false;
        };
        const Device &dev = m_r->dev;
        if (block < 1 || block > dev.maxThreadsPerBlock || block > attr.maxThreadsPerBlock)
            return refuse(tr("a block of %1 threads cannot run: this kernel allows at most %2 on %3 "
                             "(%4 registers per thread, launch bounds)")
                              .arg(block)
                              .arg(std::min(attr.maxThreadsPerBlock, dev.maxThreadsPerBlock))
                              .arg(dev.name)
                              .arg(attr.numRegs));
        const qint64 smem = qint64(attr.sharedSizeBytes) + qint64(dyn);
        if (smem > dev.smemPerBlockOptin)
            return refuse(
                tr("needs %1 bytes of shared memory per block (%2 static + %3 dynamic); %4 allows at most %5")
                    .arg(smem)
                    .arg(attr.sharedSizeBytes)
                    .arg(dyn)
                    .arg(dev.name)
                    .arg(dev.smemPerBlockOptin));
        if (dyn > 0 && qint64(dyn) > attr.maxDynamicSharedSizeBytes &&
            !m_r->RL_CHECK_IMPL(
                cudaFuncSetAttribute(f, cudaFuncAttributeMaxDynamicSharedMemorySize, int(dyn)), error))
            return false;
        int n = 0;
        if (!m_r->RL_CHECK_IMPL(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&n, f, block, dyn), error))
            return false;
        if (n < 1)
            return refuse(tr("no block of %1 threads fits on an SM (%2 registers per thread, %3 bytes of "
                             "shared memory)")
                              .arg(block)
                              .arg(attr.numRegs)
                              .arg(smem));
        if (blocksPerSm)
            *blocksPerSm = n;
        dynSmem = std::max(dynSmem, int(dyn));
        return true;
    }

    bool launch(cudaKernel_t k, dim3 grid, dim3 block, size_t dyn, void **args, QString *error) override
    {
        if (grid.x == 0 || grid.y == 0 || grid.z == 0) {
            if (error)
                *error = tr("empty grid");
            return false;
        }
        return m_r->RL_CHECK_IMPL(
            cudaLaunchKernel(reinterpret_cast<const void *>(k), grid, block, args, dyn, m_r->stream), error);
    }

    bool launchCluster(cudaKernel_t k, dim3 grid, dim3 block, unsigned clusterX, size_t dyn, void **args,
                       QString *error) override
    {
        if (grid.x == 0 || grid.y == 0 || grid.z == 0 || clusterX == 0 || grid.x % clusterX != 0) {
            if (error)
                *error =
                    tr("a grid of %1 blocks cannot be cut into clusters of %2").arg(grid.x).arg(clusterX);
            return false;
        }
        cudaLaunchConfig_t cfg{};
        cfg.gridDim = grid;
        cfg.blockDim = block;
        cfg.dynamicSmemBytes = dyn;
        cfg.stream = m_r->stream;
        cudaLaunchAttribute attr{};
        attr.id = cudaLaunchAttributeClusterDimension;
        attr.val.clusterDim.x = clusterX;
        attr.val.clusterDim.y = 1;
        attr.val.clusterDim.z = 1;
        cfg.attrs = &attr;
        cfg.numAttrs = 1;
        return m_r->RL_CHECK_IMPL(cudaLaunchKernelExC(&cfg, reinterpret_cast<const void *>(k), args), error);
    }

    int maxActiveClusters(cudaKernel_t k, int block, unsigned clusterX, size_t dyn, QString *error) override
    {
        cudaLaunchConfig_t cfg{};
        cfg.gridDim = dim3(clusterX);
        cfg.blockDim = dim3(unsigned(block));
        cfg.dynamicSmemBytes = dyn;
        cudaLaunchAttribute attr{};
        attr.id = cudaLaunchAttributeClusterDimension;
        attr.val.clusterDim.x = clusterX;
        attr.val.clusterDim.y = 1;
        attr.val.clusterDim.z = 1;
        cfg.attrs = &attr;
        cfg.numAttrs = 1;
        int n = 0;
        if (!m_r->RL_CHECK_IMPL(cudaOccupancyMaxActiveClusters(&n, reinterpret_cast<const void *>(k), &cfg),
                                error))
            return -1;
        if (n < 1) {
            refused = true;
            if (error)
                *error =
                    tr("no cluster of %1 blocks of %2 threads (%3 bytes of dynamic shared memory) fits on %4")
                        .arg(clusterX)
                        .arg(block)
                        .arg(dyn)
                        .arg(m_r->dev.name);
        }
        return n;
    }

    void *alloc(size_t bytes, QString *error) override
    {
        void *p = nullptr;
        const cudaError_t e = cudaMalloc(&p, std::max<size_t>(bytes, 16));
        if (e != cudaSuccess) {
            cudaGetLastError();
            if (error)
                *error = tr("cudaMalloc(%1): %2")
                             .arg(bytesText(double(bytes)), QString::fromLatin1(cudaGetErrorString(e)));
            return nullptr;
        }
        m_allocs.push_back(p);
        return p;
    }

    bool fill(void *p, long long n, model::Dtype dt, float lo, float hi, unsigned seed,
              QString *error) override
    {
        const char *name = nullptr;
        switch (dt) {
        case model::Dtype::Fp32:
        case model::Dtype::Tf32:
            name = "rl_fill<float>";
            break;
        case model::Dtype::Fp64:
            name = "rl_fill<double>";
            break;
        case model::Dtype::Bf16:
            name = "rl_fill<__nv_bfloat16>";
            break;
        case model::Dtype::Fp16:
            name = "rl_fill<__half>";
            break;
        default:
            if (error)
                *error = tr("no fill for %1").arg(model::dtypeName(dt));
            return false;
        }
        const dim3 grid(
            static_cast<unsigned>(std::clamp<long long>(ceilDiv(n, 256), 1, (long long)m_r->dev.sms * 16)));
        void *args[] = {&p, &n, &seed, &lo, &hi};
        return m_r->launchRuntime(name, grid, dim3(256), args, error);
    }

    bool fillWords(unsigned *p, long long n, unsigned seed, QString *error) override
    {
        const dim3 grid(
            static_cast<unsigned>(std::clamp<long long>(ceilDiv(n, 256), 1, (long long)m_r->dev.sms * 16)));
        void *args[] = {&p, &n, &seed};
        return m_r->launchRuntime("rl_fill_words<0>", grid, dim3(256), args, error);
    }

    bool memset(void *p, int value, size_t bytes, QString *error) override
    {
        return m_r->RL_CHECK_IMPL(cudaMemsetAsync(p, value, bytes, m_r->stream), error);
    }

    bool download(void *host, const void *dev, size_t bytes, QString *error) override
    {
        return m_r->RL_CHECK_IMPL(cudaMemcpyAsync(host, dev, bytes, cudaMemcpyDeviceToHost, m_r->stream),
                                  error) &&
               m_r->RL_CHECK_IMPL(cudaStreamSynchronize(m_r->stream), error);
    }

    bool upload(void *dev, const void *host, size_t bytes, QString *error) override
    {
        return m_r->RL_CHECK_IMPL(cudaMemcpyAsync(dev, host, bytes, cudaMemcpyHostToDevice, m_r->stream),
                                  error) &&
               m_r->RL_CHECK_IMPL(cudaStreamSynchronize(m_r->stream), error);
    }

private:
    Runner::Impl *m_r;
    Module *m_module;
    unsigned m_seed;
    std::vector<void *> m_allocs;
    CompileResult m_empty;
};

double median(std::vector<double> v)
{
    if (v.empty())
        return 0;
    std::sort(v.begin(), v.end());
    const size_t n = v.size();
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

} // namespace

// ------------------------------------------------------------------ Runner

Runner::Runner(int device) : d(std::make_unique<Impl>())
{
    preferRealCompiles(); // Impl's Compiler did already; kept explicit: before any CUDA call
    d->index = device;
}

Runner::~Runner()
{
    if (!d->open || d->lost) {
        d->runtime.abandon();
        return;
    }
    cudaStreamSynchronize(d->stream);
    if (d->flush)
        cudaFree(d->flush);
    if (d->scratch)
        cudaFree(d->scratch);
    cudaEventDestroy(d->start);
    cudaEventDestroy(d->stop);
    cudaStreamDestroy(d->stream);
}

bool Runner::isOpen() const
{
    return d->open && !d->lost;
}

bool Runner::contextLost() const
{
    return d->lost;
}

RunStatus Runner::openStatus() const
{
    return d->openStatus;
}

const Device &Runner::device() const
{
    return d->dev;
}

const model::Gpu *Runner::spec() const
{
    return d->spec;
}

Compiler &Runner::compiler()
{
    return d->compiler;
}

void Runner::setProgress(std::function<void(const QString &)> progress)
{
    d->progress = std::move(progress);
}

bool Runner::open(QString *error)
{
    if (d->open) {
        if (d->lost && error)
            *error = tr("the CUDA context was lost after a kernel fault; restart the program");
        return !d->lost;
    }
    QString why;
    const QList<Device> devices = cudaDevices(&why);
    if (devices.isEmpty()) {
        d->openStatus = RunStatus::NoDevice;
        if (error)
            *error = noDeviceMessage(why);
        return false;
    }
    d->openStatus = RunStatus::Failed;
    if (d->index < 0 || d->index >= devices.size()) {
        d->openStatus = RunStatus::BadInput;
        if (error)
            *error = tr("--device %1: there are %2 CUDA devices (0 to %3)")
                         .arg(d->index)
                         .arg(devices.size())
                         .arg(devices.size() - 1);
        return false;
    }
    d->dev = devices.at(d->index);
    if (!RL_CHECK(cudaSetDevice(d->index), error) || !RL_CHECK(cudaFree(nullptr), error) ||
        !RL_CHECK(cudaStreamCreateWithFlags(&d->stream, cudaStreamNonBlocking), error) ||
        !RL_CHECK(cudaEventCreate(&d->start), error) || !RL_CHECK(cudaEventCreate(&d->stop), error))
        return false;

    d->say(tr("compiling the runtime kernels for %1").arg(d->dev.arch()));
    const CompileResult rt = d->compiler.compile(runtimeCompileOptions(d->dev.arch()));
    if (!rt.ok) {
        if (error)
            *error = rt.error + (rt.log.isEmpty() ? QString() : "\n" + rt.log);
        return false;
    }
    if (!d->runtime.load(rt, error))
        return false;
    // 3x L2 (see flushL2), at least 64 MiB for devices that report no L2.
    d->flushBytes =
        size_t(std::max<qint64>(3 * d->dev.l2Bytes, 64ll << 20) + (1 << 20) - 1) & ~size_t((1 << 20) - 1);
    if (!RL_CHECK(cudaMalloc(&d->flush, d->flushBytes), error) ||
        !RL_CHECK(cudaMalloc(&d->scratch, 1 << 20), error))
        return false;
    d->db = model::SpecDb::loadDefault();
    d->spec = matchSpec(d->db, d->dev);
    d->open = true;
    return true;
}

model::DeviceInfo Runner::deviceInfo() const
{
    model::DeviceInfo i;
    i.name = d->dev.name;
    i.cc = d->dev.cc();
    i.sms = d->dev.sms;
    i.clockMhz = d->dev.clockMhz;
    i.memBusBits = d->dev.memBusBits;
    i.l2Bytes = double(d->dev.l2Bytes);
    i.driver = driverVersion();
    i.runtime = runtimeVersion();
    i.spec = d->spec ? d->spec->id : QString();
    i.extra = QJsonObject{{"index", d->dev.index},
                          {"uuid", d->dev.uuid},
                          {"mem_bytes", double(d->dev.memBytes)},
                          {"mem_clock_mhz", d->dev.memClockMhz},
                          {"nvrtc", Compiler::nvrtcVersion()}};
    return i;
}

const model::Gpu *Runner::matchSpec(const model::SpecDb &db, const Device &device)
{
    static const QRegularExpression split(QStringLiteral("[^a-z0-9]+"));
    static const QStringList generic = {"nvidia", "geforce", "tesla", "quadro", "rtx"};
    const QStringList tokens = device.name.toLower().split(split, Qt::SkipEmptyParts);
    QString model;
    for (const QString &t : tokens)
        if (!generic.contains(t)) {
            model = t;
            break;
        }
    const model::Gpu *best = nullptr;
    int bestScore = -1;
    for (const model::Gpu &g : db.gpus()) {
        if (!g.computeCapability.isEmpty() && g.computeCapability != device.cc())
            continue;
        const QStringList gt = g.name.toLower().split(split, Qt::SkipEmptyParts);
        if (model.isEmpty() || !gt.contains(model))
            continue;
        int score = 0;
        for (const QString &t : tokens)
            score += gt.contains(t) ? 10 : 0;
        if (g.smCount() == device.sms)
            score += 5;
        else if (g.smCount() > 0)
            score -= 20;
        if (score > bestScore) {
            best = &g;
            bestScore = score;
        }
    }
    return best;
}

CompileOptions Runner::runtimeCompileOptions(const QString &arch)
{
    CompileOptions o;
    o.source = QStringLiteral("runtime.cu");
    o.arch = arch;
    o.nameExpressions = {"rl_fill<float>",  "rl_fill<double>",  "rl_fill<__nv_bfloat16>",
                         "rl_fill<__half>", "rl_fill_words<0>", "rl_flush_read<0>",
                         "rl_clock<0>"};
    return o;
}

double Runner::measureClockMhz(double ms, QString *error)
{
    if (!isOpen())
        return 0;
    long long spin = (long long)(ms * 1e6);
    void *out = d->scratch;
    const int blocks = std::min(d->dev.sms, (1 << 20) / 16);
    void *args[] = {&spin, &out};
    if (!d->launchRuntime("rl_clock<0>", dim3(unsigned(blocks)), dim3(32), args, error))
        return 0;
    std::vector<unsigned long long> s(size_t(blocks) * 2);
    if (!RL_CHECK(cudaMemcpyAsync(s.data(), out, s.size() * 8, cudaMemcpyDeviceToHost, d->stream), error) ||
        !RL_CHECK(cudaStreamSynchronize(d->stream), error))
        return 0;
    std::vector<double> mhz;
    for (int b = 0; b < blocks; ++b)
        if (s[size_t(2 * b + 1)] > 0)
            mhz.push_back(double(s[size_t(2 * b)]) * 1e3 / double(s[size_t(2 * b + 1)]));
    return median(mhz);
}

RunResult Runner::run(const QString &kernelId, const QVariantMap &params, const QString &dtype,
                      const RunOptions &options)
{
    RunResult r;
    const KernelSpec *spec = Catalog::instance().find(kernelId);
    if (!spec) {
        r.status = RunStatus::BadInput;
        r.message = tr("unknown kernel \"%1\" (see: rooflab-cli kernels)").arg(kernelId);
        return r;
    }
    QString error;
    const auto resolved = Catalog::resolveAll(*spec, params, dtype, &error);
    if (!resolved) {
        r.status = RunStatus::BadInput;
        r.message = error;
        return r;
    }
    return run(*spec, resolved->params, resolved->dtype, options);
}

RunResult Runner::run(const KernelSpec &spec, const Params &params, model::Dtype dtype,
                      const RunOptions &options)
{
    RunResult r;
    auto fail = [&](RunStatus s, const QString &m) {
        r.status = s;
        r.message = spec.id + ": " + m;
        return r;
    };
    QString error;
    if (!d->open && !open(&error))
        return fail(d->openStatus, error);
    if (d->lost)
        return fail(RunStatus::Failed,
                    tr("the CUDA context was lost after a kernel fault; restart the program"));
    if (!RL_CHECK(cudaSetDevice(d->index), &error))
        return fail(RunStatus::Failed, error);

    QElapsedTimer wall;
    wall.start();
    std::unique_ptr<Bench> bench = makeBench(spec, params, dtype);
    if (!bench)
        return fail(RunStatus::BadInput, tr("no bench runs this kernel"));

    // Compile for the live device (the disk cache makes repeats cheap).
    Module module;
    bool hasModule = false;
    if (!spec.source.isEmpty()) {
        CompileOptions o = spec.compileOptions(params, dtype);
        // A family may ask for the arch-specific target of the live device (sm_90a: wgmma).
        o.arch = d->dev.arch() + (o.arch == d->dev.arch() + "a" ? "a" : "");
        d->say(tr("%1: compiling for %2").arg(spec.id, o.arch));
        const CompileResult cr = d->compiler.compile(o);
        if (!cr.ok)
            return fail(RunStatus::Failed, cr.error + (cr.log.isEmpty() ? QString() : "\n" + cr.log));
        if (!module.load(cr, &error))
            return fail(RunStatus::Failed, error);
        hasModule = true;
    }
    const unsigned seed = unsigned(d->rng());
    RunContext ctx(d.get(), hasModule ? &module : nullptr, seed);
    auto cudaFail = [&](const QString &m) {
        if (d->lost)
            module.abandon();
        return fail(ctx.refused ? RunStatus::Refused : RunStatus::Failed, m);
    };

    d->say(tr("%1: preparing").arg(spec.id));
    if (!bench->setup(ctx, &error))
        return cudaFail(error);

    // The checked run: outputs poisoned first, so an element nobody wrote fails the check.
    if (!bench->poison(ctx, &error) || !bench->beforeEach(ctx, &error) || !bench->launch(ctx, &error) ||
        !RL_CHECK(cudaStreamSynchronize(d->stream), &error))
        return cudaFail(error);
    d->say(tr("%1: checking the result").arg(spec.id));
    const model::Check check = bench->check(ctx);
    if (d->lost)
        return cudaFail(tr("the CUDA context was lost during the check"));

    // Warm-up: at least two runs and 20 ms; the last one's time sizes the sample count.
    const bool flush = options.flushL2 && bench->flushL2();
    double estimate = 0;
    QElapsedTimer warm;
    warm.start();
    for (int i = 0; i < 2 || (warm.elapsed() < 20 && i < 200); ++i) {
        float ms = 0;
        if (!bench->beforeEach(ctx, &error) || !RL_CHECK(cudaEventRecord(d->start, d->stream), &error) ||
            !bench->launch(ctx, &error) || !RL_CHECK(cudaEventRecord(d->stop, d->stream), &error) ||
            !RL_CHECK(cudaEventSynchronize(d->stop), &error) ||
            !RL_CHECK(cudaEventElapsedTime(&ms, d->start, d->stop), &error))
            return cudaFail(error);
        estimate = ms / 1e3;
    }
    int samples = options.repeat;
    if (samples <= 0)
        samples = int(std::clamp(options.budgetS / std::max(estimate, 1e-7), 5.0, 100.0));
    d->say(tr("%1: timing %2 samples (about %3 each)")
               .arg(spec.id)
               .arg(samples)
               .arg(model::formatSeconds(estimate)));

    std::vector<double> times;
    times.reserve(size_t(samples));
    for (int i = 0; i < samples; ++i) {
        float ms = 0;
        if ((flush && !d->flushL2(&error)) || !bench->beforeEach(ctx, &error) ||
            !RL_CHECK(cudaEventRecord(d->start, d->stream), &error) || !bench->launch(ctx, &error) ||
            !RL_CHECK(cudaEventRecord(d->stop, d->stream), &error) ||
            !RL_CHECK(cudaEventSynchronize(d->stop), &error) ||
            !RL_CHECK(cudaEventElapsedTime(&ms, d->start, d->stop), &error))
            return cudaFail(error);
        times.push_back(ms / 1e3);
    }

    // The SM clock: measured inside the kernel where the probe records it, else by a spin
    // kernel right after the samples (the GPU is still at its loaded clock).
    QString clockMethod = QStringLiteral("in-kernel");
    double mhz = bench->inKernelClockMhz(ctx);
    if (mhz <= 0) {
        clockMethod = QStringLiteral("after-run");
        mhz = measureClockMhz(3.0, nullptr);
    }

    model::Measurement m;
    m.kernel = spec.id;
    m.params = params;
    m.dtype = model::dtypeName(dtype);
    const model::WorkCount w = bench->work().value_or(spec.work(params, dtype));
    m.flops = w.flops;
    m.bytes = w.bytes;
    m.time.samples = int(times.size());
    m.time.median = median(times);
    m.time.min = *std::min_element(times.begin(), times.end());
    m.time.max = *std::max_element(times.begin(), times.end());
    m.check = check;
    m.clockMhz = mhz;
    m.source = QStringLiteral("rooflab");
    m.level = spec.level;
    m.precision = !spec.precision.isEmpty() ? spec.precision
                  : d->spec                 ? model::precisionFor(*d->spec, dtype)
                                            : defaultPrecision(dtype);
    QVariantMap res = bench->resources();
    if (hasModule) {
        const KernelResources *k = module.compiled().find(bench->mainKernel());
        const KernelResources kr = k ? *k : module.compiled().worst();
        res["kernel"] = kr.name;
        res["regs"] = kr.registers;
        res["smem"] = kr.smemStaticBytes + ctx.dynSmem;
        res["spill_bytes"] = kr.spillBytes();
        res["stack_bytes"] = kr.stackFrameBytes;
        res["compile_ms"] = module.compiled().compileMs;
        res["cache_hit"] = module.compiled().cacheHit;
        res["arch"] = module.compiled().arch;
        res["resources_from"] = kr.fromCubin ? QStringLiteral("cubin") : QStringLiteral("ptxas");
        // What the loaded kernel really uses, from the runtime (authoritative on this device).
        QString ignored;
        if (cudaKernel_t k = module.kernel(bench->mainKernel(), &ignored)) {
            cudaFuncAttributes a{};
            if (cudaFuncGetAttributes(&a, reinterpret_cast<const void *>(k)) == cudaSuccess) {
                res["regs"] = a.numRegs;
                res["smem"] = qint64(a.sharedSizeBytes) + ctx.dynSmem;
                res["local_bytes"] = qint64(a.localSizeBytes);
            }
            cudaGetLastError();
        }
    }
    res["seed"] = qint64(seed);
    res["clock_method"] = clockMethod;
    res["l2_flush"] = flush;
    m.resources = res;
    if (d->spec) {
        const model::Roofline roof(*d->spec);
        const double peak = roof.peak(m.precision), bw = roof.bandwidth(m.level);
        const double t = std::max(peak > 0 ? m.flops / peak : 0.0, bw > 0 ? m.bytes / bw : 0.0);
        if (t > 0)
            m.predictedTimeS = t;
    }
    m.extra = QJsonObject{{"wall_s", double(wall.elapsed()) / 1e3}};
    if (hasModule && (spec.family == QLatin1String("gemm") || spec.family == QLatin1String("memory"))) {
        // The main loop's instruction mix, for the performance model reading the file back.
        const KernelCode code =
            kernelCode(module.compiled(), d->compiler, bench->mainKernel(), mixFocusFor(spec.id));
        if (code.ok)
            m.extra.insert(QStringLiteral("instr_mix"), code.mix.toJson());
    }
    r.measurement = m;
    r.status = check.ok ? RunStatus::Ok : RunStatus::CheckFailed;
    if (!check.ok)
        r.message = tr("%1: the check failed: %2").arg(spec.id, check.message);
    return r;
}

} // namespace kernels
