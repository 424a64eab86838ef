// The probe family (kernels/src/probes.cu, cudaMemcpyAsync, cuBLAS): the kernels whose rates
// become the measured ceilings. Their catalog entries; the benches that run and check them
// are in bench_probes.cpp (runtime library).
#include "catalog.h"
#include "families.h"

#include <QCoreApplication>

namespace kernels {

namespace {

using namespace probes;

QString tr(const char *s)
{
    return QCoreApplication::translate("kernels::ProbeKernels", s);
}

enum class HbmKind { Read, Write, Copy };

// ---------------------------------------------------------------- registration

ParamSpec blockParam(qint64 def = 256)
{
    return intParam("block", tr("threads per block"), def, 32, 1024, 32);
}
ParamSpec wordsParam()
{
    return intParam("n", tr("32-bit words (4 bytes each)"), qint64(1) << 28, 1, qint64(1) << 32);
}
ParamSpec unrollParam(qint64 def = 4)
{
    return intParam("unroll", tr("16-byte accesses in flight per thread"), def, 1, 8, 1, {1, 2, 4, 8});
}

// Entry functions of probes.cu.
QString hbmKernel(HbmKind kind, const Params &p)
{
    static const char *names[] = {"hbm_read", "hbm_write", "hbm_copy"};
    return QStringLiteral("%1<%2, %3>")
        .arg(QLatin1String(names[int(kind)]))
        .arg(paramInt(p, "unroll"))
        .arg(paramText(p, "cache") == QLatin1String("streaming") ? 1 : 0);
}

QString fmaKernel(const char *name)
{
    return QStringLiteral("%1<%2>").arg(QLatin1String(name)).arg(kFmaChains);
}

QString mmaKernel(const QString &dtype, const Params &p)
{
    const qint64 chains = paramInt(p, "chains");
    if (dtype == QLatin1String("tf32"))
        return QStringLiteral("mma_tf32<%1>").arg(chains);
    return QStringLiteral("mma_k16<%1, %2>").arg(cudaTypeName(*model::parseDtype(dtype))).arg(chains);
}

CompileOptions probeSource(const QString &name)
{
    CompileOptions o;
    o.source = QStringLiteral("probes.cu");
    o.nameExpressions = {name};
    return o;
}

KernelSpec probe(const QString &id, const QString &title, const QString &description)
{
    KernelSpec k;
    k.id = id;
    k.family = "probe";
    k.title = title;
    k.description = description;
    k.source = "probes.cu";
    k.workload = "probe";
    k.reference = "exact";
    k.dtypes = {"fp32"};
    return k;
}

QList<Params> sizes(const QString &name, std::initializer_list<qint64> values, const Params &extra = {})
{
    QList<Params> out;
    for (qint64 v : values) {
        Params p = extra;
        p[name] = v;
        out.append(p);
    }
    return out;
}

} // namespace

void registerProbeKernels(Catalog &c)
{
    const struct
    {
        HbmKind kind;
        const char *id;
        const char *title;
        const char *description;
    } hbm[] = {
        {HbmKind::Read, "probe.hbm_read", QT_TRANSLATE_NOOP("kernels::ProbeKernels", "HBM read"),
         QT_TRANSLATE_NOOP("kernels::ProbeKernels", "Reads a buffer many times larger than L2 with 16-byte loads, one resident wave of blocks looping over it.")},
        {HbmKind::Write, "probe.hbm_write", QT_TRANSLATE_NOOP("kernels::ProbeKernels", "HBM write"),
         QT_TRANSLATE_NOOP("kernels::ProbeKernels", "Writes a buffer many times larger than L2 with 16-byte stores.")},
        {HbmKind::Copy, "probe.hbm_copy", QT_TRANSLATE_NOOP("kernels::ProbeKernels", "HBM copy"),
         QT_TRANSLATE_NOOP("kernels::ProbeKernels", "Copies a buffer many times larger than L2 (bytes read + written): the copy ceiling.")},
    };
    for (const auto &h : hbm) {
        KernelSpec k = probe(h.id, tr(h.title), tr(h.description));
        // The copy probe uses the copy kernel's best shape on an H200 (block 1024, 2 vectors).
        const bool copy = h.kind == HbmKind::Copy;
        k.params = {wordsParam(), blockParam(copy ? 1024 : 256), unrollParam(copy ? 2 : 4),
                    choiceParam("cache", tr("default loads and stores, or streaming (evict-first) hints"), {"default", "streaming"})};
        const HbmKind kind = h.kind;
        k.work = [kind](const Params &p, model::Dtype d) {
            const double n = double(paramInt(p, "n"));
            if (kind == HbmKind::Copy)
                return model::workloads::copy(n, d);
            return model::workloads::elementwise(n, 0, kind == HbmKind::Read ? 1 : 0, kind == HbmKind::Write ? 1 : 0, d);
        };
        k.compileOptions = [kind](const Params &p, model::Dtype) { return probeSource(hbmKernel(kind, p)); };
        k.testCases = sizes("n", {777, 1000003, qint64(1) << 22});
        c.add(k);
    }
    {
        KernelSpec k = probe("probe.l2_read", tr("L2 read"),
                             tr("Reads a footprint that fits in L2 many times with loads that bypass L1 (ld.global.cg)."));
        k.level = "l2";
        k.params = {intParam("kib", tr("footprint in KiB"), 16384, 1, 1 << 20), intParam("passes", tr("reads of the footprint"), 256, 1, 1 << 20),
                    blockParam(), unrollParam()};
        k.work = [](const Params &p, model::Dtype d) {
            return model::workloads::elementwise(double(paramInt(p, "kib")) * 256 * double(paramInt(p, "passes")), 0, 1, 0, d);
        };
        k.compileOptions = [](const Params &p, model::Dtype) {
            return probeSource(QStringLiteral("l2_read<%1>").arg(paramInt(p, "unroll")));
        };
        k.testCases = {{{"kib", 1}, {"passes", 3}}, {{"kib", 100}, {"passes", 2}, {"block", 96}}, {{"kib", 4096}, {"passes", 4}}};
        c.add(k);
    }
    {
        KernelSpec k = probe("probe.smem_read", tr("Shared-memory read"),
                             tr("Every lane of a warp reads a 4-byte word of shared memory; with stride s between "
                                "lanes the access is a gcd(s, 32)-way bank conflict (bank = word mod 32)."));
        k.level = "smem";
        k.params = {intParam("stride", tr("words between the lanes' addresses"), 1, 1, 32),
                    intParam("iters", tr("loop iterations (16 loads each)"), 4096, 1, 1 << 24), blockParam()};
        k.work = [](const Params &p, model::Dtype d) { // per thread; the run reports the grid's total
            return model::workloads::elementwise(double(paramInt(p, "iters")) * kSmemLoads, 0, 1, 0, d);
        };
        k.compileOptions = [](const Params &p, model::Dtype) {
            return probeSource(QStringLiteral("smem_read<%1>").arg(paramInt(p, "stride")));
        };
        k.testCases = {{{"stride", 1}, {"iters", 10}}, {{"stride", 3}, {"iters", 7}, {"block", 96}}, {{"stride", 32}, {"iters", 5}}};
        c.add(k);
    }
    {
        KernelSpec k = probe("probe.smem_fma", tr("Shared-memory loads feeding FMAs"),
                             tr("The inner loop of a register-blocked GEMM in miniature: every iteration each thread "
                                "loads 8 words of shared memory (LDS.32, or two LDS.128 with vec 4; lanes stride "
                                "words apart, so a gcd(stride, 32)-way bank conflict) and feeds every word into "
                                "ratio FMAs on ratio accumulators, with blocks_per_sm blocks resident on every SM. "
                                "It measures how far the issue slots and the shared-memory pipe overlap."));
        k.level = "smem";
        k.precision = "fp32";
        k.params = {intParam("ratio", tr("FMAs per loaded word (one accumulator each)"), 8, 1, 64),
                    intParam("stride", tr("elements between the lanes' addresses (words; 16-byte vectors with vec 4)"), 1, 1, 32),
                    intParam("vec", tr("words per shared-memory load: 1 (LDS.32) or 4 (LDS.128)"), 1, 1, 4, 1, {1, 4}),
                    intParam("iters", tr("loop iterations (8 words and 8 x ratio FMAs each)"), 512, 1, 1 << 16),
                    blockParam(),
                    intParam("blocks_per_sm", tr("blocks resident on every SM (forced through dynamic shared memory)"), 2, 1, 32)};
        k.validate = [](const Params &p, model::Dtype) {
            if (paramInt(p, "vec") == 4 && paramInt(p, "stride") > 8)
                return tr("\"stride\" is at most 8 with vec 4 (the lanes' vectors must fit the 8 KiB buffer)");
            return QString();
        };
        k.work = [](const Params &p, model::Dtype d) { // per thread; the run reports the grid's total
            return model::workloads::elementwise(double(paramInt(p, "iters")) * kSfWordsPerIter, 2.0 * double(paramInt(p, "ratio")), 1, 0, d);
        };
        k.compileOptions = [](const Params &p, model::Dtype) {
            return probeSource(QStringLiteral("smem_fma<%1, %2, %3>")
                                   .arg(paramInt(p, "ratio"))
                                   .arg(paramInt(p, "stride"))
                                   .arg(paramInt(p, "vec")));
        };
        k.testCases = {{{"ratio", 1}, {"stride", 3}, {"iters", 3}, {"block", 96}, {"blocks_per_sm", 3}},
                       {{"ratio", 8}, {"stride", 2}, {"vec", 4}, {"iters", 5}},
                       {{"ratio", 32}, {"stride", 32}, {"iters", 7}, {"block", 1024}, {"blocks_per_sm", 4}}};
        c.add(k);
    }
    const struct
    {
        const char *kernel; // fma_fp32<CHAINS> ... in probes.cu
        const char *id;
        const char *title;
        const char *dtype;
        const char *precision;
        qint64 iters;
    } fmas[] = {
        {"fma_fp32", "probe.fma_fp32", QT_TRANSLATE_NOOP("kernels::ProbeKernels", "FP32 FMA"), "fp32", "fp32", 2048},
        {"fma_fp64", "probe.fma_fp64", QT_TRANSLATE_NOOP("kernels::ProbeKernels", "FP64 FMA"), "fp64", "fp64", 1024},
        {"hfma2", "probe.hfma2_fp16", QT_TRANSLATE_NOOP("kernels::ProbeKernels", "FP16 HFMA2"), "fp16", "fp16", 2048},
    };
    for (const auto &f : fmas) {
        KernelSpec k = probe(f.id, tr(f.title),
                             tr("Eight independent chains x = x * a + b per thread, one full wave of blocks: "
                                "the arithmetic ceiling of the CUDA cores (2 FLOPs per FMA, HFMA2 does two)."));
        k.precision = f.precision;
        k.dtypes = {f.dtype};
        k.params = {intParam("iters", tr("loop iterations (16 FMAs per chain each)"), f.iters, 1, 1 << 24), blockParam()};
        const int lanes = QLatin1String(f.dtype) == QLatin1String("fp16") ? 2 : 1; // HFMA2 does two
        k.work = [lanes](const Params &p, model::Dtype d) { // per thread; the run reports the grid's total
            const double fmas = double(paramInt(p, "iters")) * kFmaSteps * kFmaChains * lanes;
            return model::workloads::elementwise(fmas, 2, 0, 0, d);
        };
        const QString name = fmaKernel(f.kernel);
        k.compileOptions = [name](const Params &, model::Dtype) { return probeSource(name); };
        k.testCases = {{{"iters", 1}, {"block", 32}}, {{"iters", 3}, {"block", 96}}, {{"iters", 17}}};
        c.add(k);
    }
    const struct
    {
        const char *id;
        const char *title;
        const char *dtype;
        const char *precision;
    } mmas[] = {
        {"probe.mma_bf16", QT_TRANSLATE_NOOP("kernels::ProbeKernels", "mma.sync bf16"), "bf16", "bf16_tc"},
        {"probe.mma_fp16", QT_TRANSLATE_NOOP("kernels::ProbeKernels", "mma.sync fp16"), "fp16", "fp16_tc"},
        {"probe.mma_tf32", QT_TRANSLATE_NOOP("kernels::ProbeKernels", "mma.sync tf32"), "tf32", "tf32_tc"},
    };
    for (const auto &m : mmas) {
        KernelSpec k = probe(m.id, tr(m.title),
                             tr("Warp-level tensor-core instructions (mma.sync m16n8k16, tf32 m16n8k8) on "
                                "independent accumulators with operands in registers: the rate of the "
                                "pre-Hopper tensor-core path (Hopper's full rate needs wgmma)."));
        k.precision = m.precision;
        k.dtypes = {m.dtype};
        k.params = {intParam("iters", tr("loop iterations (2 mma per chain each)"), 8192, 1, 1 << 24),
                    blockParam(128), intParam("chains", tr("independent accumulators per warp"), 4, 1, 8, 1, {1, 2, 4, 8})};
        const QString dtype = QString::fromLatin1(m.dtype);
        const double flopsPerMma = dtype == QLatin1String("tf32") ? 2048 : 4096; // m16n8k8, m16n8k16
        k.work = [flopsPerMma](const Params &p, model::Dtype d) { // per warp; the run reports the grid's total
            const double mmas = (2.0 * double(paramInt(p, "iters")) + 1) * double(paramInt(p, "chains"));
            return model::workloads::elementwise(mmas, flopsPerMma, 0, 0, d);
        };
        k.compileOptions = [dtype](const Params &p, model::Dtype) { return probeSource(mmaKernel(dtype, p)); };
        k.testCases = {{{"iters", 1}, {"block", 32}}, {{"iters", 3}, {"block", 96}, {"chains", 1}}, {{"iters", 10}, {"chains", 8}}};
        c.add(k);
    }
    {
        KernelSpec k;
        k.id = "probe.memcpy_d2d";
        k.family = "probe";
        k.title = tr("cudaMemcpyAsync (device to device)");
        k.description = tr("The driver's own device-to-device copy, the yardstick for the copy kernels.");
        k.workload = "copy";
        k.reference = "exact";
        k.dtypes = {"fp32"};
        k.params = {wordsParam()};
        k.work = [](const Params &p, model::Dtype d) { return model::workloads::copy(double(paramInt(p, "n")), d); };
        k.testCases = sizes("n", {777, 1000003, qint64(1) << 22});
        c.add(k);
    }
    {
        KernelSpec k;
        k.id = "probe.cublas_bf16";
        k.family = "probe";
        k.title = tr("cuBLAS GEMM (bf16)");
        k.description = tr("C = A B through cublasGemmEx, bf16 in and out, fp32 accumulation: what the "
                           "tensor cores reach with the library's kernels (wgmma on Hopper).");
        k.workload = "gemm";
        k.precision = "bf16_tc";
        k.reference = "cpu-fp64";
        k.dtypes = {"bf16"};
        k.params = {intParam("size", tr("M = N = K"), 8192, 16, 32768, 8)};
        k.work = [](const Params &p, model::Dtype d) {
            const double s = double(paramInt(p, "size"));
            return model::workloads::gemm(s, s, s, d);
        };
        k.testCases = sizes("size", {64, 104, 520});
        c.add(k);
    }
}

} // namespace kernels
