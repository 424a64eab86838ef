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

QString fmaKernel(const char *name, const Params &p)
{
    return QStringLiteral("%1<%2>").arg(QLatin1String(name)).arg(paramInt(p, "chains"));
}

QString mmaKernel(const QString &dtype, const Params &p)
{
    const qint64 chains = paramInt(p, "chains");
    if (dtype == QLatin1String("tf32"))
        return QStringLiteral("mma_tf32<%1>").arg(chains);
    return QStringLiteral("mma_k16<%1, %2>").arg(cudaTypeName(*model::parseDtype(dtype))).arg(chains);
}

QList<Params> sizes(const QString &name, std::initializer_list<qint64> values)
{
    QList<Params> out;
    for (qint64 v : values)
        out.append(Params{{name, v}});
    return out;
}

// ---------------------------------------------------------------- the table

using WorkFn = std::function<model::WorkCount(const Params &, model::Dtype)>;
using NameFn = std::function<QString(const Params &)>;
using ValidateFn = std::function<QString(const Params &, model::Dtype)>;

// One probe: everything but what every row shares (family; source probes.cu when it has a
// kernel).
struct ProbeKernel
{
    const char *id;
    QString title;
    QString description;
    QList<ParamSpec> params;
    WorkFn work;        // per thread / warp for the one-wave probes: the run reports the grid's total
    NameFn kernel = {}; // its entry in probes.cu; none: not a compiled kernel (cudaMemcpyAsync, cuBLAS)
    QList<Params> testCases = {};
    const char *dtype = "fp32";
    const char *level = "hbm";
    const char *precision = ""; // empty: model::precisionFor(gpu, dtype)
    const char *workload = "probe";
    const char *reference = "exact";
    ValidateFn validate = {};
};

ProbeKernel hbmProbe(HbmKind kind, const char *id, const QString &title, const QString &description)
{
    // The copy probe uses the copy kernel's best shape on an H200 (block 1024, 2 vectors).
    const bool copy = kind == HbmKind::Copy;
    return {.id = id,
            .title = title,
            .description = description,
            .params = {wordsParam(), blockParam(copy ? 1024 : 256), unrollParam(copy ? 2 : 4),
                       choiceParam("cache", tr("default loads and stores, or streaming (evict-first) hints"),
                                   {"default", "streaming"})},
            .work =
                [kind](const Params &p, model::Dtype d) {
                    const double n = double(paramInt(p, "n"));
                    if (kind == HbmKind::Copy)
                        return model::workloads::copy(n, d);
                    return model::workloads::elementwise(n, 0, kind == HbmKind::Read ? 1 : 0,
                                                         kind == HbmKind::Write ? 1 : 0, d);
                },
            .kernel = [kind](const Params &p) { return hbmKernel(kind, p); },
            .testCases = sizes("n", {777, 1000003, qint64(1) << 22})};
}

// kernel: fma_fp32, fma_fp64 or hfma2 in probes.cu (CHAINS chains).
ProbeKernel fmaProbe(const char *kernel, const char *id, const QString &title, const char *dtype,
                     qint64 iters, qint64 chains = kFmaChains)
{
    const int lanes = QLatin1String(dtype) == QLatin1String("fp16") ? 2 : 1; // HFMA2 does two
    return {
        .id = id,
        .title = title,
        .description =
            tr("Independent chains x = x * a + b per thread (the chains parameter), one full wave of "
               "blocks: the arithmetic ceiling of the CUDA cores (2 FLOPs per FMA, HFMA2 does two)."),
        .params = {intParam("iters", tr("loop iterations (16 FMAs per chain each)"), iters, 1, 1 << 24),
                   blockParam(),
                   intParam(
                       "chains",
                       tr("independent FMA chains per thread (more hide a longer latency with fewer warps)"),
                       chains, 8, 32, 8, {8, 16, 32})},
        .work =
            [lanes](const Params &p, model::Dtype d) {
                const double fmas =
                    double(paramInt(p, "iters")) * kFmaSteps * double(paramInt(p, "chains")) * lanes;
                return model::workloads::elementwise(fmas, 2, 0, 0, d);
            },
        .kernel = [kernel](const Params &p) { return fmaKernel(kernel, p); },
        .testCases = {{{"iters", 1}, {"block", 32}}, {{"iters", 3}, {"block", 96}}, {{"iters", 17}}},
        .dtype = dtype,
        .precision = dtype};
}

ProbeKernel mmaProbe(const char *id, const QString &title, const char *dtype, const char *precision)
{
    const QString type = QString::fromLatin1(dtype);
    const double flopsPerMma = type == QLatin1String("tf32") ? 2048 : 4096; // m16n8k8, m16n8k16
    return {.id = id,
            .title = title,
            .description = tr("Warp-level tensor-core instructions (mma.sync m16n8k16, tf32 m16n8k8) on "
                              "independent accumulators with operands in registers: the rate of the "
                              "pre-Hopper tensor-core path (Hopper's full rate needs wgmma)."),
            .params = {intParam("iters", tr("loop iterations (2 mma per chain each)"), 8192, 1, 1 << 24),
                       blockParam(128),
                       intParam("chains", tr("independent accumulators per warp"), 4, 1, 8, 1, {1, 2, 4, 8})},
            .work =
                [flopsPerMma](const Params &p, model::Dtype d) { // per warp
                    const double mmas =
                        (2.0 * double(paramInt(p, "iters")) + 1) * double(paramInt(p, "chains"));
                    return model::workloads::elementwise(mmas, flopsPerMma, 0, 0, d);
                },
            .kernel = [type](const Params &p) { return mmaKernel(type, p); },
            .testCases = {{{"iters", 1}, {"block", 32}},
                          {{"iters", 3}, {"block", 96}, {"chains", 1}},
                          {{"iters", 10}, {"chains", 8}}},
            .dtype = dtype,
            .precision = precision};
}

QList<ProbeKernel> probeKernels()
{
    return {
        hbmProbe(
            HbmKind::Read, "probe.hbm_read", tr("HBM read"),
            tr("Reads a buffer many times larger than L2 with 16-byte loads, one resident wave of blocks "
               "looping over it.")),
        hbmProbe(HbmKind::Write, "probe.hbm_write", tr("HBM write"),
                 tr("Writes a buffer many times larger than L2 with 16-byte stores.")),
        hbmProbe(HbmKind::Copy, "probe.hbm_copy", tr("HBM copy"),
                 tr("Copies a buffer many times larger than L2 (bytes read + written): the copy ceiling.")),
        {.id = "probe.l2_read",
         .title = tr("L2 read"),
         .description =
             tr("Reads a footprint that fits in L2 many times with loads that bypass L1 (ld.global.cg)."),
         .params = {intParam("kib", tr("footprint in KiB"), 16384, 1, 1 << 20),
                    intParam("passes", tr("reads of the footprint"), 256, 1, 1 << 20), blockParam(),
                    unrollParam()},
         .work =
             [](const Params &p, model::Dtype d) {
                 return model::workloads::elementwise(
                     double(paramInt(p, "kib")) * 256 * double(paramInt(p, "passes")), 0, 1, 0, d);
             },
         .kernel = [](const Params &p) { return QStringLiteral("l2_read<%1>").arg(paramInt(p, "unroll")); },
         .testCases = {{{"kib", 1}, {"passes", 3}},
                       {{"kib", 100}, {"passes", 2}, {"block", 96}},
                       {{"kib", 4096}, {"passes", 4}}},
         .level = "l2"},
        {.id = "probe.l2_bulk",
         .title = tr("L2 read by the copy engine"),
         .description = tr("Reads a footprint that fits in L2 many times with bulk copies into shared memory "
                           "(cp.async.bulk, sm_90): the path the TMA steps load their tiles by, which reads "
                           "L2 faster than the loads of the L2 read probe. One warp a block keeps \"stages\" "
                           "chunks loading."),
         .params = {intParam("kib", tr("footprint in KiB"), 16384, 4, 1 << 20),
                    intParam("passes", tr("reads of the footprint"), 256, 1, 1 << 20),
                    intParam("chunk", tr("bytes per bulk copy"), 16384, 4096, 32768, 4096,
                             {4096, 8192, 16384, 32768}),
                    intParam("stages", tr("chunks a block keeps loading"), 4, 1, 8)},
         .work =
             [](const Params &p, model::Dtype d) {
                 return model::workloads::elementwise(
                     double(paramInt(p, "kib")) * 256 * double(paramInt(p, "passes")), 0, 1, 0, d);
             },
         .kernel =
             [](const Params &p) {
                 return QStringLiteral("l2_bulk<%1, %2>")
                     .arg(paramInt(p, "stages"))
                     .arg(paramInt(p, "chunk"));
             },
         .testCases = {{{"kib", 4}, {"passes", 3}, {"chunk", 4096}, {"stages", 1}},
                       {{"kib", 96}, {"passes", 2}, {"chunk", 8192}, {"stages", 3}},
                       {{"kib", 4096}, {"passes", 4}}},
         .level = "l2",
         .validate =
             [](const Params &p, model::Dtype) {
                 const qint64 bytes = paramInt(p, "kib") * 1024, chunk = paramInt(p, "chunk");
                 if (bytes % chunk)
                     return tr("the footprint (%1 KiB) must be a whole number of chunks of %2 bytes")
                         .arg(paramInt(p, "kib"))
                         .arg(chunk);
                 if (paramInt(p, "stages") * chunk > kSm90BlockSmemBytes)
                     return tr("%1 stages of %2 bytes need more than the 227 KiB of shared memory a block "
                               "can have")
                         .arg(paramInt(p, "stages"))
                         .arg(chunk);
                 return QString();
             }},
        {.id = "probe.smem_read",
         .title = tr("Shared-memory read"),
         .description = tr("Every lane of a warp reads a 4-byte word of shared memory; with stride s between "
                           "lanes the access is a gcd(s, 32)-way bank conflict (bank = word mod 32)."),
         .params = {intParam("stride", tr("words between the lanes' addresses"), 1, 1, 32),
                    intParam("iters", tr("loop iterations (16 loads each)"), 4096, 1, 1 << 24), blockParam()},
         .work =
             [](const Params &p, model::Dtype d) { // per thread
                 return model::workloads::elementwise(double(paramInt(p, "iters")) * kSmemLoads, 0, 1, 0, d);
             },
         .kernel = [](const Params &p) { return QStringLiteral("smem_read<%1>").arg(paramInt(p, "stride")); },
         .testCases = {{{"stride", 1}, {"iters", 10}},
                       {{"stride", 3}, {"iters", 7}, {"block", 96}},
                       {{"stride", 32}, {"iters", 5}}},
         .level = "smem"},
        {.id = "probe.smem_fma",
         .title = tr("Shared-memory loads feeding FMAs"),
         .description =
             tr("The inner loop of a register-blocked GEMM in miniature: every iteration each thread "
                "loads 8 words of shared memory (LDS.32, or two LDS.128 with vec 4; lanes stride "
                "words apart, so a gcd(stride, 32)-way bank conflict) and feeds every word into "
                "ratio FMAs on ratio accumulators, with blocks_per_sm blocks resident on every SM. "
                "It measures how far the issue slots and the shared-memory pipe overlap."),
         .params = {intParam("ratio", tr("FMAs per loaded word (one accumulator each)"), 8, 1, 64),
                    intParam("stride",
                             tr("elements between the lanes' addresses (words; 16-byte vectors with vec 4)"),
                             1, 1, 32),
                    intParam("vec", tr("words per shared-memory load: 1 (LDS.32) or 4 (LDS.128)"), 1, 1, 4, 1,
                             {1, 4}),
                    intParam("iters", tr("loop iterations (8 words and 8 x ratio FMAs each)"), 512, 1,
                             1 << 16),
                    blockParam(),
                    intParam("blocks_per_sm",
                             tr("blocks resident on every SM (forced through dynamic shared memory)"), 2, 1,
                             32)},
         .work =
             [](const Params &p, model::Dtype d) { // per thread
                 return model::workloads::elementwise(double(paramInt(p, "iters")) * kSfWordsPerIter,
                                                      2.0 * double(paramInt(p, "ratio")), 1, 0, d);
             },
         .kernel =
             [](const Params &p) {
                 return QStringLiteral("smem_fma<%1, %2, %3>")
                     .arg(paramInt(p, "ratio"))
                     .arg(paramInt(p, "stride"))
                     .arg(paramInt(p, "vec"));
             },
         .testCases = {{{"ratio", 1}, {"stride", 3}, {"iters", 3}, {"block", 96}, {"blocks_per_sm", 3}},
                       {{"ratio", 8}, {"stride", 2}, {"vec", 4}, {"iters", 5}},
                       {{"ratio", 32}, {"stride", 32}, {"iters", 7}, {"block", 1024}, {"blocks_per_sm", 4}}},
         .level = "smem",
         .precision = "fp32",
         .validate =
             [](const Params &p, model::Dtype) {
                 if (paramInt(p, "vec") == 4 && paramInt(p, "stride") > 8)
                     return tr(
                         "\"stride\" is at most 8 with vec 4 (the lanes' vectors must fit the 8 KiB buffer)");
                 return QString();
             }},
        fmaProbe("fma_fp32", "probe.fma_fp32", tr("FP32 FMA"), "fp32", 2048),
        fmaProbe("fma_fp64", "probe.fma_fp64", tr("FP64 FMA"), "fp64", 1024),
        // 16 chains: on the H200 ptxas gives half the HFMA2s to the MMA pipe (HFMA2.MMA), whose
        // longer latency 8 chains a thread do not cover (103 TFLOP/s at 8 chains, 131.8 at 16,
        // 131.3 at 32 against the datasheet's 133.8; FP32 FMA 65.1 at 8, 64.3 at 16).
        fmaProbe("hfma2", "probe.hfma2_fp16", tr("FP16 HFMA2"), "fp16", 1024, 16),
        mmaProbe("probe.mma_bf16", tr("mma.sync bf16"), "bf16", "bf16_tc"),
        mmaProbe("probe.mma_fp16", tr("mma.sync fp16"), "fp16", "fp16_tc"),
        mmaProbe("probe.mma_tf32", tr("mma.sync tf32"), "tf32", "tf32_tc"),
        {.id = "probe.memcpy_d2d",
         .title = tr("cudaMemcpyAsync (device to device)"),
         .description = tr("The driver's own device-to-device copy, the yardstick for the copy kernels."),
         .params = {wordsParam()},
         .work = [](const Params &p,
                    model::Dtype d) { return model::workloads::copy(double(paramInt(p, "n")), d); },
         .testCases = sizes("n", {777, 1000003, qint64(1) << 22}),
         .workload = "copy"},
        {.id = "probe.cublas_bf16",
         .title = tr("cuBLAS GEMM (bf16)"),
         .description = tr("C = A B through cublasGemmEx, bf16 in and out, fp32 accumulation: what the "
                           "tensor cores reach with the library's kernels (wgmma on Hopper)."),
         .params = {intParam("size", tr("M = N = K"), 8192, 16, 32768, 8)},
         .work =
             [](const Params &p, model::Dtype d) {
                 const double s = double(paramInt(p, "size"));
                 return model::workloads::gemm(s, s, s, d);
             },
         .testCases = sizes("size", {64, 104, 520}),
         .dtype = "bf16",
         .precision = "bf16_tc",
         .workload = "gemm",
         .reference = "cpu-fp64"},
    };
}

} // namespace

void registerProbeKernels(Catalog &c)
{
    for (const ProbeKernel &r : probeKernels()) {
        KernelSpec k;
        k.id = QString::fromLatin1(r.id);
        k.family = "probe";
        k.title = r.title;
        k.description = r.description;
        k.workload = QString::fromLatin1(r.workload);
        k.level = QString::fromLatin1(r.level);
        k.precision = QString::fromLatin1(r.precision);
        k.reference = QString::fromLatin1(r.reference);
        k.params = r.params;
        k.dtypes = {QString::fromLatin1(r.dtype)};
        k.work = r.work;
        k.validate = r.validate;
        if (r.kernel) {
            k.source = "probes.cu";
            k.compileOptions = [name = r.kernel](const Params &p, model::Dtype) {
                CompileOptions o;
                o.source = QStringLiteral("probes.cu");
                o.nameExpressions = {name(p)};
                return o;
            };
        }
        k.testCases = r.testCases;
        c.add(k);
    }
}

} // namespace kernels
