// The GEMM family (kernels/src/gemm/NN_*.cu, one ladder step per file): catalog entries, tile
// legality and launch shapes. The bench that runs a step and checks it against cuBLAS is in
// bench_gemm.cpp (runtime library).
//
// Conventions of every step: C = alpha * A * B + beta * C, all row-major, C in fp32.
// fp32 steps: A is M x K, B is K x N. Tensor-core steps: A is M x K, B is stored N x K (K
// contiguous: the layout tensor cores read without a transpose). The cuBLAS references are
// called with exactly the same layouts, so ratios compare like with like.
#include "gemmladder.h"
#include "gemmsteps.h"

#include <QCoreApplication>
#include <QRandomGenerator>
#include <QSet>

#include <algorithm>
#include <array>

namespace kernels {

namespace {

QString tr(const char *s)
{
    return QCoreApplication::translate("kernels::GemmKernels", s);
}

// Shared memory a kernel may declare statically.
constexpr qint64 kStaticSmem = 48 * 1024;

using model::gemmsteps::Pattern;
using Step = model::gemmsteps::Step;

const Step *stepOf(const QString &id)
{
    return model::gemmsteps::find(id);
}

qint64 P(const Params &p, const char *name)
{
    return paramInt(p, QString::fromLatin1(name));
}

// ---------------------------------------------------------------- tile legality

qint64 dynSmemOf(const Step &s, const Params &p);

// The same rules as the static_asserts in the sources, said in words, plus the limits of the
// device (threads, static shared memory, opt-in dynamic shared memory).
QString illegal(const Step &s, const Params &p, qint64 maxDynSmem)
{
    auto threadsOk = [](qint64 t) -> QString {
        if (t < 32 || t % 32 != 0)
            return tr("the block would have %1 threads: it must be a multiple of 32").arg(t);
        if (t > 1024)
            return tr("the block would have %1 threads: at most 1024").arg(t);
        return {};
    };
    switch (s.pattern) {
    case Pattern::OneByOne:
    case Pattern::SmemTiled:
    case Pattern::Library:
        return {};
    case Pattern::Reg1d: {
        const qint64 bm = P(p, "BM"), bn = P(p, "BN"), bk = P(p, "BK"), tm = P(p, "TM");
        if (bm % tm)
            return tr("BM (%1) must be a multiple of TM (%2)").arg(bm).arg(tm);
        if (QString e = threadsOk(bm * bn / tm); !e.isEmpty())
            return e + tr(" (threads = BM*BN/TM)");
        if ((bm * bk + bk * bn) * 4 > kStaticSmem)
            return tr("the tiles need %1 bytes of static shared memory: at most 48 KB")
                .arg((bm * bk + bk * bn) * 4);
        return {};
    }
    case Pattern::Reg2d:
    case Pattern::Vectorized: {
        const bool vectorized = s.pattern == Pattern::Vectorized;
        const qint64 bm = P(p, "BM"), bn = P(p, "BN"), bk = P(p, "BK"), tm = P(p, "TM"), tn = P(p, "TN");
        if (bm % tm || bn % tn)
            return tr("BM (%1) and BN (%2) must be multiples of TM (%3) and TN (%4)")
                .arg(bm)
                .arg(bn)
                .arg(tm)
                .arg(tn);
        if (vectorized && (tm % 4 || tn % 4 || bk % 4))
            return tr("TM, TN and BK must be multiples of 4 (float4 accesses)");
        if (QString e = threadsOk((bm / tm) * (bn / tn)); !e.isEmpty())
            return e + tr(" (threads = (BM/TM)*(BN/TN))");
        const qint64 smem = (bk * (bm + (vectorized ? 4 : 0)) + bk * bn) * 4;
        if (smem > kStaticSmem)
            return tr("the tiles need %1 bytes of static shared memory: at most 48 KB").arg(smem);
        if (tm * tn > 256)
            return tr("TM*TN = %1 accumulators per thread: at most 256 fit in registers").arg(tm * tn);
        return {};
    }
    case Pattern::Warptiled: {
        const qint64 bm = P(p, "BM"), bn = P(p, "BN"), bk = P(p, "BK"), wm = P(p, "WM"), wn = P(p, "WN");
        const qint64 wni = P(p, "WNITER"), tm = P(p, "TM"), tn = P(p, "TN");
        if (bm % wm || bn % wn)
            return tr("BM (%1) and BN (%2) must be multiples of the warp tile WM (%3) and WN (%4)")
                .arg(bm)
                .arg(bn)
                .arg(wm)
                .arg(wn);
        const qint64 threads = 32 * (bm / wm) * (bn / wn);
        if (QString e = threadsOk(threads); !e.isEmpty())
            return e + tr(" (threads = 32*(BM/WM)*(BN/WN))");
        if (tm % 4 || tn % 4 || bk % 4)
            return tr("TM, TN and BK must be multiples of 4 (float4 accesses)");
        if ((wm * wn) % (32 * tm * tn * wni) != 0)
            return tr("a warp tile of %1 x %2 does not split into 32 threads x WNITER (%3) patches of TM x "
                      "TN (%4 x %5)")
                .arg(wm)
                .arg(wn)
                .arg(wni)
                .arg(tm)
                .arg(tn);
        const qint64 wmi = (wm * wn) / (32 * tm * tn * wni);
        if (wm % wmi || wn % wni)
            return tr("WM must split into WMITER (%1) and WN into WNITER (%2) sub-tiles").arg(wmi).arg(wni);
        const qint64 subM = wm / wmi, subN = wn / wni;
        if (subN % tn || subM % tm || (subM / tm) * (subN / tn) != 32)
            return tr("the 32 threads of a warp must cover one %1 x %2 sub-tile with %3 x %4 patches")
                .arg(subM)
                .arg(subN)
                .arg(tm)
                .arg(tn);
        const qint64 smem = 2 * (bk * (bm + 4) + bk * bn) * 4;
        if (smem > kStaticSmem)
            return tr("the two tile buffers need %1 bytes of static shared memory: at most 48 KB").arg(smem);
        if (wmi * tm * wni * tn > 256)
            return tr("%1 accumulators per thread: at most 256 fit in registers").arg(wmi * tm * wni * tn);
        return {};
    }
    case Pattern::Wmma: {
        const qint64 bm = P(p, "BM"), bn = P(p, "BN"), bk = P(p, "BK"), wm = P(p, "WARPS_M"),
                     wn = P(p, "WARPS_N");
        if (bm % 16 || bn % 16 || bk % 16)
            return tr("BM, BN and BK must be multiples of 16 (the WMMA fragment)");
        if (bm % wm || bn % wn || (bm / wm) % 16 || (bn / wn) % 16)
            return tr("each warp's tile (BM/WARPS_M x BN/WARPS_N = %1 x %2) must be a multiple of 16 x 16")
                .arg(double(bm) / double(wm))
                .arg(double(bn) / double(wn));
        if (QString e = threadsOk(32 * wm * wn); !e.isEmpty())
            return e;
        const qint64 smem = (bm + bn) * (bk + 8) * 2;
        if (smem > kStaticSmem)
            return tr("the tiles need %1 bytes of static shared memory: at most 48 KB").arg(smem);
        if (wm * wn * 1024 > smem)
            return tr("the epilogue needs 1 KB of scratch per warp inside the %1 bytes of tiles").arg(smem);
        if ((bm / wm / 16) * (bn / wn / 16) > 32)
            return tr("%1 accumulator fragments per warp: at most 32 fit in registers")
                .arg((bm / wm / 16) * (bn / wn / 16));
        return {};
    }
    case Pattern::Mma: {
        const qint64 bm = P(p, "BM"), bn = P(p, "BN"), bk = P(p, "BK"), st = P(p, "STAGES"),
                     wm = P(p, "WARPS_M"), wn = P(p, "WARPS_N");
        if (bm % wm || bn % wn || (bm / wm) % 16 || (bn / wn) % 16)
            return tr("each warp's tile (BM/WARPS_M x BN/WARPS_N = %1 x %2) must be a multiple of 16 x 16")
                .arg(double(bm) / double(wm))
                .arg(double(bn) / double(wn));
        const qint64 threads = 32 * wm * wn;
        if (QString e = threadsOk(threads); !e.isEmpty())
            return e;
        if ((bm * (bk / 8)) % threads || (bn * (bk / 8)) % threads)
            return tr("the 16-byte copies of a K-slice (%1 of A, %2 of B) must divide evenly among %3 "
                      "threads")
                .arg(bm * bk / 8)
                .arg(bn * bk / 8)
                .arg(threads);
        const qint64 acc = (bm / wm) * (bn / wn) / 32;
        if (acc > 256)
            return tr("%1 accumulators per thread: at most 256 fit in registers").arg(acc);
        const qint64 smem = st * (bm + bn) * bk * 2;
        if (maxDynSmem > 0 && smem > maxDynSmem)
            return tr("%1 stages need %2 bytes of shared memory: the device allows %3")
                .arg(st)
                .arg(smem)
                .arg(maxDynSmem);
        return {};
    }
    case Pattern::Wgmma: { // the same tiles in bytes: 128-byte rows of K (64 bf16 or 128 e4m3)
        const qint64 bm = P(p, "BM"), bn = P(p, "BN"), st = P(p, "STAGES"), cons = P(p, "CONSUMERS");
        if (bm % (64 * cons) != 0 || (bm / cons / 64) > 2)
            return tr("each consumer warpgroup takes 64 or 128 rows: BM (%1) must be 64 or 128 times "
                      "CONSUMERS (%2)")
                .arg(bm)
                .arg(cons);
        if ((bm / cons / 64) * bn > 256)
            return tr("%1 accumulators per thread: at most 128 (rows per consumer / 64 * BN <= 256)")
                .arg((bm / cons / 64) * bn / 2);
        const qint64 smem = dynSmemOf(s, p);
        if (maxDynSmem > 0 && smem > maxDynSmem)
            return tr("%1 stages need %2 bytes of shared memory: the device allows %3")
                .arg(st)
                .arg(smem)
                .arg(maxDynSmem);
        if (s.cluster && P(p, "CLUSTER_M") * P(p, "CLUSTER_N") != 2)
            return tr("the cluster is 2 x 1 or 1 x 2 blocks: CLUSTER_M (%1) x CLUSTER_N (%2) must be 2")
                .arg(P(p, "CLUSTER_M"))
                .arg(P(p, "CLUSTER_N"));
        return {};
    }
    }
    return {};
}

// ---------------------------------------------------------------- launch shapes

int cdiv(qint64 a, qint64 b)
{
    return int(ceilDiv(a, b));
}

int threadsOf(const Step &s, const Params &p)
{
    switch (s.pattern) {
    case Pattern::OneByOne:
        return int(P(p, "BLOCK") * P(p, "BLOCK"));
    case Pattern::SmemTiled:
        return int(P(p, "TILE") * P(p, "TILE"));
    case Pattern::Reg1d:
        return int(P(p, "BM") * P(p, "BN") / P(p, "TM"));
    case Pattern::Reg2d:
    case Pattern::Vectorized:
        return int((P(p, "BM") / P(p, "TM")) * (P(p, "BN") / P(p, "TN")));
    case Pattern::Warptiled:
        return int(32 * (P(p, "BM") / P(p, "WM")) * (P(p, "BN") / P(p, "WN")));
    case Pattern::Wmma:
    case Pattern::Mma:
        return int(32 * P(p, "WARPS_M") * P(p, "WARPS_N"));
    case Pattern::Wgmma:
        return int(128 * (P(p, "CONSUMERS") + 1));
    case Pattern::Library:
        return 0;
    }
    return 0;
}

qint64 dynSmemOf(const Step &s, const Params &p)
{
    if (s.pattern == Pattern::Mma)
        return P(p, "STAGES") * (P(p, "BM") + P(p, "BN")) * P(p, "BK") * 2;
    if (s.pattern == Pattern::Wgmma) {
        // Stages, 1 KB of alignment slack, the full/empty barriers; the persistent steps add two
        // 8 KB epilogue chunk buffers per consumer warpgroup (the TMA store's source).
        const qint64 epi = s.persistent ? P(p, "CONSUMERS") * 2 * 8192 : 0;
        return P(p, "STAGES") * (P(p, "BM") + P(p, "BN")) * 128 + epi + 1024 + 16 * P(p, "STAGES");
    }
    return 0;
}

gemm::LaunchShape shapeOf(const Step &s, const Params &p, int sms)
{
    const qint64 M = P(p, "M"), N = P(p, "N");
    gemm::LaunchShape sh;
    sh.blockX = threadsOf(s, p);
    sh.dynSmem = dynSmemOf(s, p);
    switch (s.pattern) {
    case Pattern::OneByOne:
    case Pattern::SmemTiled: {
        // naive: x walks down the rows of C; coalesced and tiled: x walks along a row.
        sh.blockX = sh.blockY = int(P(p, s.oneByOne() ? "BLOCK" : "TILE"));
        const bool rowsAlongX = s.lanesDownRows;
        sh.gridX = cdiv(rowsAlongX ? M : N, sh.blockX);
        sh.gridY = cdiv(rowsAlongX ? N : M, sh.blockX);
        break;
    }
    case Pattern::Reg1d:
    case Pattern::Reg2d:
    case Pattern::Vectorized:
    case Pattern::Warptiled:
        sh.gridX = cdiv(N, P(p, "BN"));
        sh.gridY = cdiv(M, P(p, "BM"));
        break;
    case Pattern::Wmma:
    case Pattern::Mma:
    case Pattern::Wgmma:
        sh.gridX = cdiv(M, P(p, "BM")) * cdiv(N, P(p, "BN"));
        if (s.cluster) {
            // Pairs of blocks looping over tiles of the cluster's shape: at most one pair per
            // two SMs (the bench lowers it to the clusters that fit at once).
            const qint64 cm = P(p, "CLUSTER_M"), cn = P(p, "CLUSTER_N");
            int pairs = cdiv(M, P(p, "BM") * cm) * cdiv(N, P(p, "BN") * cn);
            if (sms > 0)
                pairs = std::min(pairs, std::max(1, sms / 2));
            sh.gridX = 2 * pairs;
            sh.clusterX = 2;
        } else if (s.persistent && sms > 0) {
            // One block per SM at most, each looping over the tiles (sms 0: one block per tile).
            sh.gridX = std::min(sh.gridX, sms);
        }
        break;
    case Pattern::Library:
        break;
    }
    return sh;
}

// ---------------------------------------------------------------- registration

ParamSpec dimParam(const char *name, qint64 def, const QString &what)
{
    return intParam(QString::fromLatin1(name), what, def, 1, 32768);
}

QList<ParamSpec> sizeParams(qint64 def)
{
    return {dimParam("M", def, tr("rows of A and C")), dimParam("N", def, tr("columns of B and C")),
            dimParam("K", def, tr("columns of A, rows of B (the reduction)"))};
}

// A step's tile parameters as the catalog declares them: from the step table, translated.
QList<ParamSpec> tileSpecs(const Step &s)
{
    QList<ParamSpec> out;
    for (const model::gemmsteps::Param &p : s.params)
        out.append(intParam(QString::fromLatin1(p.name), tr(p.what), p.defaultValue, p.min, p.max,
                            p.multipleOf, p.allowed));
    return out;
}

QList<Params> testCasesFor(const Step &s)
{
    // Three sizes per step: a tile multiple, sizes that are multiples of nothing, and a thin
    // one. Tensor-core steps need K % 8 == 0 (16-byte rows for cp.async and TMA).
    // fp8: K % 16 == 0 (16-byte rows of one-byte values) and N % 16 == 0 (cuBLASLt's fp8
    // kernels want 16-byte aligned dimensions); M is free.
    const bool tc = s.tensorCores;
    const QList<std::array<qint64, 3>> sizes =
        s.fp8 ? QList<std::array<qint64, 3>>{{256, 256, 256}, {333, 528, 272}, {1000, 80, 1008}}
              : QList<std::array<qint64, 3>>{
                    {256, 256, 256}, {333, 517, tc ? 264 : 259}, {1000, 72, tc ? 1000 : 999}};
    QList<Params> out;
    for (const auto &sz : sizes)
        out.append(Params{{"M", sz[0]}, {"N", sz[1]}, {"K", sz[2]}});
    return out;
}

} // namespace

void registerGemmKernels(Catalog &c)
{
    for (const Step &s : model::gemmsteps::steps()) {
        const bool tc = s.tensorCores;
        KernelSpec k;
        k.id = QString::fromLatin1(s.id);
        k.family = "gemm";
        k.title = tr(s.title);
        k.description = tr(s.description);
        k.source = s.source();
        k.workload = "gemm";
        k.reference = s.ladder() ? QStringLiteral("cublas") : QStringLiteral("cpu-fp64");
        // The fp32 steps are slow at the bottom of the ladder: 4096^3 keeps naive near 0.2 s.
        k.params = sizeParams(tc ? 8192 : 4096) + tileSpecs(s);
        k.dtypes = s.tf32  ? QStringList{"tf32"}
                   : s.fp8 ? QStringList{"fp8"}
                   : tc    ? QStringList{"bf16", "fp16"}
                           : QStringList{"fp32"};
        if (s.tf32)
            k.precision = "tf32_tc";
        if (s.fp8)
            k.precision = "fp8_tc";
        if (s.cElemBytes() == 4) {
            k.work = [](const Params &p, model::Dtype d) {
                return model::workloads::gemmFp32C(double(P(p, "M")), double(P(p, "N")), double(P(p, "K")),
                                                   d);
            };
        } else {
            k.work = [](const Params &p, model::Dtype d) {
                return model::workloads::gemm(double(P(p, "M")), double(P(p, "N")), double(P(p, "K")), d);
            };
        }
        const bool sixteenByteRows = s.pattern == Pattern::Mma || s.tma;
        k.validate = [&s, sixteenByteRows](const Params &p, model::Dtype) -> QString {
            if (s.fp8 && (P(p, "K") % 16 != 0 || P(p, "N") % 16 != 0))
                return tr("K (%1) and N (%2) must be multiples of 16: rows of one-byte e4m3 values start on "
                          "16-byte boundaries for TMA, and cuBLASLt's fp8 kernels need 16-byte aligned "
                          "dimensions")
                    .arg(P(p, "K"))
                    .arg(P(p, "N"));
            if (sixteenByteRows && P(p, "K") % 8 != 0)
                return tr("K (%1) must be a multiple of 8: every row of A and B must start on a 16-byte "
                          "boundary "
                          "for cp.async and TMA")
                    .arg(P(p, "K"));
            return illegal(s, p, 0);
        };
        if (s.name) {
            k.compileOptions = [&s](const Params &p, model::Dtype d) {
                CompileOptions o;
                o.source = s.source();
                for (const model::gemmsteps::Param &ps : s.params)
                    o.defines[QString::fromLatin1(ps.name)] = QString::number(P(p, ps.name));
                if (s.tensorCores && !s.fp8) // the fp8 step has one input type
                    o.defines["DT"] = d == model::Dtype::Fp16 ? "1" : "0";
                o.extraOptions = {"-lineinfo"};
                if (s.tma)
                    o.arch = QStringLiteral("sm_90a"); // wgmma and setmaxnreg exist only arch-specific
                return o;
            };
            k.entry = [entry = QStringLiteral("gemm_%1").arg(QLatin1String(s.name))](
                          const Params &, model::Dtype) { return entry; };
        }
        k.testCases = testCasesFor(s);
        c.add(k);
    }
}

namespace gemm {

QStringList ladderIds()
{
    QStringList out;
    for (const Step &s : model::gemmsteps::steps())
        if (s.ladder())
            out.append(QString::fromLatin1(s.id));
    return out;
}

QString ladderStepTitle(const QString &id)
{
    const Step *s = stepOf(id);
    return s ? tr(s->title) : QString();
}

QString ladderStepDescription(const QString &id)
{
    const Step *s = stepOf(id);
    return s ? tr(s->description) : QString();
}

QStringList referenceIds()
{
    QStringList out;
    for (const Step &s : model::gemmsteps::steps())
        if (!s.ladder())
            out.append(QString::fromLatin1(s.id));
    return out;
}

QString referenceFor(const QString &id)
{
    const Step *s = stepOf(id);
    if (!s || !s->ladder())
        return {};
    if (s->fp8)
        return QStringLiteral("gemm.cublaslt_fp8");
    return s->tensorCores ? QStringLiteral("gemm.cublas_bf16") : QStringLiteral("gemm.cublas_sgemm");
}

bool usesTensorCores(const QString &id)
{
    const Step *s = stepOf(id);
    return s && s->tensorCores;
}

QString archFor(const QString &id, int major, int minor)
{
    return QStringLiteral("sm_%1%2%3").arg(major).arg(minor).arg(usesTma(id) ? "a" : "");
}

QStringList tileParams(const QString &id)
{
    QStringList out;
    if (const Step *s = stepOf(id))
        for (const model::gemmsteps::Param &p : s->params)
            out.append(QString::fromLatin1(p.name));
    return out;
}

namespace {

// Missing tile parameters take the step's defaults, as the catalog's would.
Params withDefaults(const Step &s, const Params &p)
{
    Params full = p;
    for (const model::gemmsteps::Param &ps : s.params)
        full.insert(QString::fromLatin1(ps.name), full.value(QString::fromLatin1(ps.name), ps.defaultValue));
    return full;
}

} // namespace

QString illegalReason(const QString &id, const Params &p, qint64 maxDynSmem)
{
    const Step *s = stepOf(id);
    if (!s)
        return tr("%1 is not a GEMM ladder step").arg(id);
    Params full = withDefaults(*s, p);
    for (const ParamSpec &ps : sizeParams(4096))
        if (!full.contains(ps.name))
            full[ps.name] = ps.defaultValue;
    return illegal(*s, full, maxDynSmem);
}

int threadsPerBlock(const QString &id, const Params &p)
{
    const Step *s = stepOf(id);
    return s ? threadsOf(*s, p) : 0;
}

qint64 dynamicSmemBytes(const QString &id, const Params &p)
{
    const Step *s = stepOf(id);
    return s ? dynSmemOf(*s, p) : 0;
}

LaunchShape launchShape(const QString &id, const Params &p, int sms)
{
    const Step *s = stepOf(id);
    return s ? shapeOf(*s, withDefaults(*s, p), sms) : LaunchShape{};
}

bool isPersistent(const QString &id)
{
    const Step *s = stepOf(id);
    return s && s->persistent;
}

bool usesTma(const QString &id)
{
    const Step *s = stepOf(id);
    return s && s->tma;
}

QList<Params> randomConfigs(const QString &id, int count, quint32 seed, qint64 maxDynSmem)
{
    const Step *info = stepOf(id);
    QList<Params> out;
    if (!info)
        return out;
    QRandomGenerator rng(seed);
    auto pick = [&](const QList<qint64> &v) { return v.at(int(rng.bounded(quint32(v.size())))); };
    QSet<QString> seen;
    for (int tries = 0; out.size() < count && tries < 20000; ++tries) {
        Params p;
        switch (info->pattern) {
        case Pattern::Reg2d:
            p = {{"BM", pick({32, 64, 128, 256})},
                 {"BN", pick({32, 64, 128, 256})},
                 {"BK", pick({4, 8, 16, 32})},
                 {"TM", pick({2, 4, 8, 16})},
                 {"TN", pick({2, 4, 8, 16})}};
            break;
        case Pattern::Warptiled:
            p = {{"BM", pick({64, 128, 256})}, {"BN", pick({64, 128, 256})}, {"BK", pick({8, 16, 32})},
                 {"WM", pick({32, 64, 128})},  {"WN", pick({32, 64, 128})},  {"WNITER", pick({1, 2, 4})},
                 {"TM", pick({4, 8})},         {"TN", pick({4, 8})},         {"MINB", pick({1, 2})}};
            break;
        case Pattern::Wmma:
            p = {{"BM", pick({64, 128, 256})}, {"BN", pick({64, 128, 256})}, {"BK", pick({16, 32, 64})},
                 {"WARPS_M", pick({1, 2, 4})}, {"WARPS_N", pick({1, 2, 4})}, {"GROUP", pick({1, 4, 8, 16})}};
            break;
        case Pattern::Mma:
            p = {{"BM", pick({64, 128, 256})},  {"BN", pick({64, 128, 256})},
                 {"BK", pick({16, 32, 64})},    {"STAGES", pick({2, 3, 4, 5, 6})},
                 {"WARPS_M", pick({1, 2, 4})},  {"WARPS_N", pick({1, 2, 4})},
                 {"GROUP", pick({1, 4, 8, 16})}};
            break;
        case Pattern::Wgmma:
            p = {{"BM", pick({64, 128, 256})},
                 {"BN", pick({64, 128, 192, 256})},
                 {"STAGES", pick({2, 3, 4, 5, 6})},
                 {"CONSUMERS", pick({1, 2})},
                 {"GROUP", pick({1, 4, 8, 16})}};
            if (info->cluster) {
                const bool alongM = rng.bounded(2u) == 0;
                p["CLUSTER_M"] = alongM ? 2 : 1;
                p["CLUSTER_N"] = alongM ? 1 : 2;
            }
            break;
        default:
            return out;
        }
        // Keep to shapes worth timing: at least 2 warps, at most 128 accumulators a thread.
        const int threads = threadsOf(*info, p);
        if (threads < 64)
            continue;
        if (info->pattern == Pattern::Mma) {
            // Accumulators plus two sets of fragments must fit in registers without spilling.
            const qint64 wtm = P(p, "BM") / P(p, "WARPS_M"), wtn = P(p, "BN") / P(p, "WARPS_N");
            const qint64 acc = wtm * wtn / 32, frags = wtm / 16 * 4 + wtn / 8 * 2;
            if (acc + 2 * frags > 192 || (P(p, "BK") == 64 && acc > 64))
                continue;
        }
        if (info->pattern == Pattern::Wmma &&
            (P(p, "BM") / P(p, "WARPS_M") / 16) * (P(p, "BN") / P(p, "WARPS_N") / 16) > 16)
            continue;
        if (info->pattern == Pattern::Reg2d && P(p, "TM") * P(p, "TN") > 128)
            continue;
        // Registers the launch bounds leave a thread must hold its accumulators and then some.
        if (info->pattern == Pattern::Warptiled &&
            65536 / (threads * P(p, "MINB")) < P(p, "WM") * P(p, "WN") / 32 + 48)
            continue;
        if (!illegalReason(id, p, maxDynSmem).isEmpty())
            continue;
        QStringList key;
        for (auto it = p.begin(); it != p.end(); ++it)
            key.append(it.key() + '=' + it.value().toString());
        if (seen.contains(key.join(',')))
            continue;
        seen.insert(key.join(','));
        out.append(p);
    }
    return out;
}

} // namespace gemm
} // namespace kernels
