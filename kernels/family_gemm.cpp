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

enum class Step {
    Naive,
    Coalesced,
    SmemTiled,
    Reg1d,
    Reg2d,
    Vectorized,
    Warptiled,
    Wmma,
    Mma,
    Wgmma,
    WgmmaPersistent, // 11
    WgmmaCluster,    // 12
    WgmmaFp8,        // 13
    CublasSgemm,
    CublasTf32,
    CublasBf16,
    CublasLtFp8
};

struct StepInfo
{
    Step step;
    const char *id;          // catalog id
    const char *name;        // entry suffix, gemm_<name>; the source is kernels/src/gemm/NN_<name>.cu,
                             // NN the step's place in the ladder (nullptr: a cuBLAS reference)
    const char *title;       // untranslated (tr() at registration)
    const char *description; // untranslated
};

const StepInfo kSteps[] = {
    {Step::Naive, "gemm.naive", "naive", QT_TRANSLATE_NOOP("kernels::GemmKernels", "GEMM 1: naive"),
     QT_TRANSLATE_NOOP(
         "kernels::GemmKernels",
         "One thread per element of C, threads of a warp walking down the rows: every load of A and store "
         "of C is its own 32-byte sector. The starting point, far below every ceiling.")},
    {Step::Coalesced, "gemm.coalesced", "coalesced",
     QT_TRANSLATE_NOOP("kernels::GemmKernels", "GEMM 2: coalesced"),
     QT_TRANSLATE_NOOP(
         "kernels::GemmKernels",
         "The same kernel with threads of a warp walking along a row of C: loads of B and stores of C "
         "become 128-byte runs, A a broadcast.")},
    {Step::SmemTiled, "gemm.smem_tiled", "smem_tiled",
     QT_TRANSLATE_NOOP("kernels::GemmKernels", "GEMM 3: shared-memory tiles"),
     QT_TRANSLATE_NOOP(
         "kernels::GemmKernels",
         "TILE x TILE tiles of A and B staged in shared memory and reused TILE times: global traffic "
         "falls by TILE; shared-memory loads become the limit.")},
    {Step::Reg1d, "gemm.reg1d", "reg1d",
     QT_TRANSLATE_NOOP("kernels::GemmKernels", "GEMM 4: 1D register blocking"),
     QT_TRANSLATE_NOOP(
         "kernels::GemmKernels",
         "Each thread computes TM results of a column, reusing one B value from a register TM times.")},
    {Step::Reg2d, "gemm.reg2d", "reg2d",
     QT_TRANSLATE_NOOP("kernels::GemmKernels", "GEMM 5: 2D register blocking"),
     QT_TRANSLATE_NOOP(
         "kernels::GemmKernels",
         "Each thread computes a TM x TN patch as outer products of register-held slices: shared-memory "
         "loads per FMA fall to (TM+TN)/(TM*TN).")},
    {Step::Vectorized, "gemm.vectorized", "vectorized",
     QT_TRANSLATE_NOOP("kernels::GemmKernels", "GEMM 6: vectorized loads"),
     QT_TRANSLATE_NOOP(
         "kernels::GemmKernels",
         "16-byte (float4) loads from global and shared memory and 16-byte stores; A transposed in "
         "shared memory so a thread's values are contiguous.")},
    {Step::Warptiled, "gemm.warptiled", "warptiled",
     QT_TRANSLATE_NOOP("kernels::GemmKernels", "GEMM 7: warp tiling"),
     QT_TRANSLATE_NOOP(
         "kernels::GemmKernels",
         "Block, warp and thread tiles: each warp reads contiguous, conflict-free runs of shared memory; "
         "two buffers overlap the next K-slice's loads with the math. The fp32 CUDA-core end point.")},
    {Step::Wmma, "gemm.wmma", "wmma",
     QT_TRANSLATE_NOOP("kernels::GemmKernels", "GEMM 8: tensor cores (WMMA)"),
     QT_TRANSLATE_NOOP(
         "kernels::GemmKernels",
         "bf16/fp16 tensor cores through WMMA 16x16x16 fragments, fp32 accumulation; B read as N x K. "
         "One stage: load, barrier, compute.")},
    {Step::Mma, "gemm.mma_multistage", "mma_multistage",
     QT_TRANSLATE_NOOP("kernels::GemmKernels", "GEMM 9: mma.sync + ldmatrix + cp.async pipeline"),
     QT_TRANSLATE_NOOP(
         "kernels::GemmKernels",
         "mma.sync.m16n8k16 fed by ldmatrix from XOR-swizzled shared memory, STAGES-deep cp.async "
         "pipeline, 64 x 64 warp tiles, grouped block order.")},
    {Step::Wgmma, "gemm.wgmma_tma", "wgmma_tma",
     QT_TRANSLATE_NOOP("kernels::GemmKernels", "GEMM 10: wgmma + TMA (Hopper)"),
     QT_TRANSLATE_NOOP(
         "kernels::GemmKernels",
         "Hopper: TMA copies swizzled tiles into a STAGES-deep mbarrier pipeline fed by a producer "
         "warpgroup; consumer warpgroups run wgmma.mma_async from shared memory (sm_90a only).")},
    {Step::WgmmaPersistent, "gemm.wgmma_persistent", "wgmma_persistent",
     QT_TRANSLATE_NOOP("kernels::GemmKernels", "GEMM 11: persistent wgmma + TMA store"),
     QT_TRANSLATE_NOOP(
         "kernels::GemmKernels",
         "Step 10 with one block per SM looping over output tiles in grouped order: the producer keeps "
         "the ring full across tiles, and the epilogue leaves through shared memory with TMA stores that "
         "overlap the next tile's main loop (sm_90a only).")},
    {Step::WgmmaCluster, "gemm.wgmma_cluster", "wgmma_cluster",
     QT_TRANSLATE_NOOP("kernels::GemmKernels", "GEMM 12: wgmma in clusters, TMA multicast"),
     QT_TRANSLATE_NOOP(
         "kernels::GemmKernels",
         "Step 11 in thread-block clusters of two neighbouring tiles: each block fetches half of the "
         "operand the pair shares and TMA multicasts it into both blocks' shared memory, so that operand "
         "is read from L2 once per pair; a ring slot is refilled when the consumers of both blocks are "
         "done with it (sm_90a only).")},
    {Step::WgmmaFp8, "gemm.wgmma_fp8", "wgmma_fp8",
     QT_TRANSLATE_NOOP("kernels::GemmKernels", "GEMM 13: fp8 (e4m3) wgmma + TMA (Hopper)"),
     QT_TRANSLATE_NOOP(
         "kernels::GemmKernels",
         "Step 10 with e4m3 inputs: a 128-byte swizzle row holds 128 values of K, wgmma k32 runs at twice "
         "the bf16 rate, per-tensor scales as cuBLASLt takes them, fp32 C (sm_90a only).")},
    {Step::CublasSgemm, "gemm.cublas_sgemm", nullptr,
     QT_TRANSLATE_NOOP("kernels::GemmKernels", "cuBLAS SGEMM"),
     QT_TRANSLATE_NOOP(
         "kernels::GemmKernels",
         "cublasGemmEx in fp32 with pedantic fp32 math (no TF32): the CUDA-core reference of steps 1-7.")},
    {Step::CublasTf32, "gemm.cublas_tf32", nullptr, QT_TRANSLATE_NOOP("kernels::GemmKernels", "cuBLAS TF32"),
     QT_TRANSLATE_NOOP("kernels::GemmKernels",
                       "cublasGemmEx on fp32 data with TF32 tensor cores (CUBLAS_COMPUTE_32F_FAST_TF32).")},
    {Step::CublasBf16, "gemm.cublas_bf16", nullptr, QT_TRANSLATE_NOOP("kernels::GemmKernels", "cuBLAS BF16"),
     QT_TRANSLATE_NOOP(
         "kernels::GemmKernels",
         "cublasGemmEx with bf16 (or fp16) inputs, fp32 accumulation and fp32 C, B as N x K: the "
         "reference of the tensor-core steps.")},
    {Step::CublasLtFp8, "gemm.cublaslt_fp8", nullptr,
     QT_TRANSLATE_NOOP("kernels::GemmKernels", "cuBLASLt FP8"),
     QT_TRANSLATE_NOOP(
         "kernels::GemmKernels",
         "cublasLtMatmul with e4m3 A and B (the \"TN\" layout: both K-major), per-tensor scales, fp32 "
         "accumulation (fast accumulation, as the fp8 step) and fp32 C: the reference of the fp8 step.")},
};

// "gemm/05_reg2d.cu": the steps are numbered in ladder order, as their titles are.
QString sourceOf(const StepInfo &s)
{
    return QStringLiteral("gemm/%1_%2.cu")
        .arg(int(s.step) + 1, 2, 10, QLatin1Char('0'))
        .arg(QLatin1String(s.name));
}

const StepInfo *stepOf(const QString &id)
{
    for (const StepInfo &s : kSteps)
        if (id == QLatin1String(s.id))
            return &s;
    return nullptr;
}

// A step's traits, from the one table of GEMM steps (model/gemmsteps.h).
const model::gemmsteps::Step &traitsOf(Step s)
{
    for (const StepInfo &info : kSteps)
        if (info.step == s)
            if (const model::gemmsteps::Step *t = model::gemmsteps::find(QLatin1String(info.id)))
                return *t;
    qFatal("family_gemm: a step of kSteps is missing from model/gemmsteps.cpp");
}

// The Hopper steps: wgmma and TMA, compiled for sm_90a, B read through tensor maps.
bool wgmmaStep(Step s)
{
    return traitsOf(s).tma;
}

// e4m3 inputs (B stored N x K, both K-major): the fp8 step and its cuBLASLt reference.
bool fp8Step(Step s)
{
    return traitsOf(s).fp8;
}

// One block per SM looping over the output tiles (the grid is min(SMs, tiles)).
bool persistentStep(Step s)
{
    return traitsOf(s).persistent;
}

bool tensorCoreStep(Step s)
{
    return traitsOf(s).tensorCores;
}

qint64 P(const Params &p, const char *name)
{
    return paramInt(p, QString::fromLatin1(name));
}

// ---------------------------------------------------------------- tile legality

qint64 dynSmemOf(Step s, const Params &p);

// The same rules as the static_asserts in the sources, said in words, plus the limits of the
// device (threads, static shared memory, opt-in dynamic shared memory).
QString illegal(Step s, const Params &p, qint64 maxDynSmem)
{
    auto threadsOk = [](qint64 t) -> QString {
        if (t < 32 || t % 32 != 0)
            return tr("the block would have %1 threads: it must be a multiple of 32").arg(t);
        if (t > 1024)
            return tr("the block would have %1 threads: at most 1024").arg(t);
        return {};
    };
    switch (s) {
    case Step::Naive:
    case Step::Coalesced:
    case Step::SmemTiled:
        return {};
    case Step::Reg1d: {
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
    case Step::Reg2d:
    case Step::Vectorized: {
        const qint64 bm = P(p, "BM"), bn = P(p, "BN"), bk = P(p, "BK"), tm = P(p, "TM"), tn = P(p, "TN");
        if (bm % tm || bn % tn)
            return tr("BM (%1) and BN (%2) must be multiples of TM (%3) and TN (%4)")
                .arg(bm)
                .arg(bn)
                .arg(tm)
                .arg(tn);
        if (s == Step::Vectorized && (tm % 4 || tn % 4 || bk % 4))
            return tr("TM, TN and BK must be multiples of 4 (float4 accesses)");
        if (QString e = threadsOk((bm / tm) * (bn / tn)); !e.isEmpty())
            return e + tr(" (threads = (BM/TM)*(BN/TN))");
        const qint64 smem = (bk * (bm + (s == Step::Vectorized ? 4 : 0)) + bk * bn) * 4;
        if (smem > kStaticSmem)
            return tr("the tiles need %1 bytes of static shared memory: at most 48 KB").arg(smem);
        if (tm * tn > 256)
            return tr("TM*TN = %1 accumulators per thread: at most 256 fit in registers").arg(tm * tn);
        return {};
    }
    case Step::Warptiled: {
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
    case Step::Wmma: {
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
    case Step::Mma: {
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
    case Step::Wgmma:
    case Step::WgmmaPersistent:
    case Step::WgmmaCluster:
    case Step::WgmmaFp8: { // the same tiles in bytes: 128-byte rows of K (64 bf16 or 128 e4m3)
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
        if (s == Step::WgmmaCluster && P(p, "CLUSTER_M") * P(p, "CLUSTER_N") != 2)
            return tr("the cluster is 2 x 1 or 1 x 2 blocks: CLUSTER_M (%1) x CLUSTER_N (%2) must be 2")
                .arg(P(p, "CLUSTER_M"))
                .arg(P(p, "CLUSTER_N"));
        return {};
    }
    case Step::CublasSgemm:
    case Step::CublasTf32:
    case Step::CublasBf16:
    case Step::CublasLtFp8:
        return {};
    }
    return {};
}

// ---------------------------------------------------------------- launch shapes

int cdiv(qint64 a, qint64 b)
{
    return int(ceilDiv(a, b));
}

int threadsOf(Step s, const Params &p)
{
    switch (s) {
    case Step::Naive:
    case Step::Coalesced:
        return int(P(p, "BLOCK") * P(p, "BLOCK"));
    case Step::SmemTiled:
        return int(P(p, "TILE") * P(p, "TILE"));
    case Step::Reg1d:
        return int(P(p, "BM") * P(p, "BN") / P(p, "TM"));
    case Step::Reg2d:
    case Step::Vectorized:
        return int((P(p, "BM") / P(p, "TM")) * (P(p, "BN") / P(p, "TN")));
    case Step::Warptiled:
        return int(32 * (P(p, "BM") / P(p, "WM")) * (P(p, "BN") / P(p, "WN")));
    case Step::Wmma:
    case Step::Mma:
        return int(32 * P(p, "WARPS_M") * P(p, "WARPS_N"));
    case Step::Wgmma:
    case Step::WgmmaPersistent:
    case Step::WgmmaCluster:
    case Step::WgmmaFp8:
        return int(128 * (P(p, "CONSUMERS") + 1));
    default:
        return 0;
    }
}

qint64 dynSmemOf(Step s, const Params &p)
{
    if (s == Step::Mma)
        return P(p, "STAGES") * (P(p, "BM") + P(p, "BN")) * P(p, "BK") * 2;
    if (wgmmaStep(s)) {
        // Stages, 1 KB of alignment slack, the full/empty barriers; steps 11-12 add two 8 KB
        // epilogue chunk buffers per consumer warpgroup (the TMA store's source).
        const qint64 epi = persistentStep(s) ? P(p, "CONSUMERS") * 2 * 8192 : 0;
        return P(p, "STAGES") * (P(p, "BM") + P(p, "BN")) * 128 + epi + 1024 + 16 * P(p, "STAGES");
    }
    return 0;
}

gemm::LaunchShape shapeOf(Step s, const Params &p, int sms)
{
    const qint64 M = P(p, "M"), N = P(p, "N");
    gemm::LaunchShape sh;
    sh.blockX = threadsOf(s, p);
    sh.dynSmem = dynSmemOf(s, p);
    switch (s) {
    case Step::Naive:
        sh.blockX = sh.blockY = int(P(p, "BLOCK"));
        sh.gridX = cdiv(M, sh.blockX);
        sh.gridY = cdiv(N, sh.blockX);
        break;
    case Step::Coalesced:
    case Step::SmemTiled:
        sh.blockX = sh.blockY = int(P(p, s == Step::Coalesced ? "BLOCK" : "TILE"));
        sh.gridX = cdiv(N, sh.blockX);
        sh.gridY = cdiv(M, sh.blockX);
        break;
    case Step::Reg1d:
    case Step::Reg2d:
    case Step::Vectorized:
    case Step::Warptiled:
        sh.gridX = cdiv(N, P(p, "BN"));
        sh.gridY = cdiv(M, P(p, "BM"));
        break;
    case Step::Wmma:
    case Step::Mma:
    case Step::Wgmma:
    case Step::WgmmaFp8:
        sh.gridX = cdiv(M, P(p, "BM")) * cdiv(N, P(p, "BN"));
        break;
    case Step::WgmmaPersistent:
        // One block per SM at most, each looping over the tiles (sms 0: one block per tile).
        sh.gridX = cdiv(M, P(p, "BM")) * cdiv(N, P(p, "BN"));
        if (sms > 0)
            sh.gridX = std::min(sh.gridX, sms);
        break;
    case Step::WgmmaCluster: {
        // Pairs of blocks looping over tiles of the cluster's shape: at most one pair per two
        // SMs (the bench lowers it to the clusters that fit at once).
        const qint64 cm = P(p, "CLUSTER_M"), cn = P(p, "CLUSTER_N");
        int pairs = cdiv(M, P(p, "BM") * cm) * cdiv(N, P(p, "BN") * cn);
        if (sms > 0)
            pairs = std::min(pairs, std::max(1, sms / 2));
        sh.gridX = 2 * pairs;
        sh.clusterX = 2;
        break;
    }
    default:
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

QList<ParamSpec> tileSpecs(Step s)
{
    const QList<qint64> pow2 = {16, 32, 64, 128, 256};
    switch (s) {
    case Step::Naive:
    case Step::Coalesced:
        return {intParam("BLOCK", tr("the block is BLOCK x BLOCK threads"), 32, 8, 32, 1, {8, 16, 32})};
    case Step::SmemTiled:
        return {intParam("TILE", tr("tile edge: TILE x TILE threads, TILE x TILE tiles of A and B"), 32, 8,
                         32, 1, {8, 16, 32})};
    case Step::Reg1d:
        return {intParam("BM", tr("block tile rows"), 64, 8, 256, 8),
                intParam("BN", tr("block tile columns"), 64, 8, 256, 8),
                intParam("BK", tr("K-slice per shared-memory tile"), 8, 1, 64),
                intParam("TM", tr("results per thread (a column)"), 8, 1, 32)};
    case Step::Reg2d:
        return {intParam("BM", tr("block tile rows"), 128, 8, 256, 8),
                intParam("BN", tr("block tile columns"), 128, 8, 256, 8),
                intParam("BK", tr("K-slice per shared-memory tile"), 8, 1, 64),
                intParam("TM", tr("results per thread, rows"), 8, 1, 16),
                intParam("TN", tr("results per thread, columns"), 8, 1, 16)};
    case Step::Vectorized:
        return {intParam("BM", tr("block tile rows"), 128, 8, 256, 8),
                intParam("BN", tr("block tile columns"), 128, 8, 256, 8),
                intParam("BK", tr("K-slice per shared-memory tile"), 8, 4, 64, 4),
                intParam("TM", tr("results per thread, rows"), 8, 4, 16, 4),
                intParam("TN", tr("results per thread, columns"), 8, 4, 16, 4)};
    case Step::Warptiled:
        // Defaults: the fastest of the configurations measured on an H200 (4 warps of 64 x 64,
        // two blocks per SM).
        return {
            intParam("BM", tr("block tile rows"), 64, 16, 256, 16),
            intParam("BN", tr("block tile columns"), 256, 16, 256, 16),
            intParam("BK", tr("K-slice per shared-memory tile"), 8, 4, 64, 4),
            intParam("WM", tr("warp tile rows"), 64, 8, 256, 8),
            intParam("WN", tr("warp tile columns"), 64, 8, 256, 8),
            intParam("WNITER", tr("sub-tiles of a warp tile along N"), 2, 1, 8, 1, {1, 2, 4, 8}),
            intParam("TM", tr("results per thread per sub-tile, rows"), 4, 4, 16, 4),
            intParam("TN", tr("results per thread per sub-tile, columns"), 4, 4, 16, 4),
            intParam("MINB", tr("blocks per SM the registers are budgeted for (__launch_bounds__)"), 2, 1, 4),
            // 0 by default: on the H200 at 4096^3 the double-buffered loop ran at 0.901 of cuBLAS
            // SGEMM and the plain one at 0.916 (255 against 237 registers), same clock.
            intParam("FRAGPIPE",
                     tr("1: double-buffer the register fragments (shared-memory loads of the next k before "
                        "the FFMAs)"),
                     0, 0, 1)};
    case Step::Wmma:
        return {intParam("BM", tr("block tile rows"), 128, 16, 256, 16, pow2),
                intParam("BN", tr("block tile columns"), 128, 16, 256, 16, pow2),
                intParam("BK", tr("K-slice per shared-memory tile"), 32, 16, 64, 16),
                intParam("WARPS_M", tr("warps along M"), 2, 1, 8, 1, {1, 2, 4, 8}),
                intParam("WARPS_N", tr("warps along N"), 4, 1, 8, 1, {1, 2, 4, 8}),
                intParam("GROUP",
                         tr("block-rows per group in the grouped (swizzled) block order; 1 = row order"), 8,
                         1, 64)};
    case Step::Mma:
        // Defaults: 128 x 256 blocks of 8 warps (64 x 64 each), one block per SM: against two
        // 128 x 128 blocks, a quarter fewer cp.async bytes through shared memory per mma (the
        // ldmatrix reads and the copies share its 128 bytes a clock).
        return {
            intParam("BM", tr("block tile rows"), 128, 16, 256, 16, pow2),
            intParam("BN", tr("block tile columns"), 256, 16, 256, 16, pow2),
            intParam("BK", tr("K-slice per stage"), 32, 16, 64, 16, {16, 32, 64}),
            intParam("STAGES", tr("K-slices in flight (cp.async pipeline depth)"), 4, 2, 8),
            intParam("WARPS_M", tr("warps along M"), 2, 1, 8, 1, {1, 2, 4, 8}),
            intParam("WARPS_N", tr("warps along N"), 4, 1, 8, 1, {1, 2, 4, 8}),
            intParam("GROUP", tr("block-rows per group in the grouped (swizzled) block order; 1 = row order"),
                     8, 1, 64),
            intParam(
                "FRAGPIPE",
                tr("1: double-buffer the register fragments (ldmatrix of the next K step before the mma)"), 1,
                0, 1)};
    case Step::WgmmaPersistent: {
        // GROUP 16 by default: on the H200 at 8192^3 it took the persistent rung from 0.984 to
        // 1.053 of cuBLAS bf16 (1500-1515 MHz against cuBLAS's 1590-1620), at 4096^3 0.983
        // against 0.986 (1980 MHz): the longer column of tiles a group sweeps keeps more of B in L2.
        QList<ParamSpec> specs = tileSpecs(Step::Wgmma);
        for (ParamSpec &ps : specs)
            if (ps.name == QLatin1String("GROUP"))
                ps.defaultValue = qint64(16);
        return specs + QList<ParamSpec>{
                           intParam("TMA_STORE",
                                    tr("1: the epilogue leaves through shared memory with TMA stores; 0: "
                                       "direct stores from the registers, as step 10"),
                                    1, 0, 1)};
    }
    case Step::Wgmma:
    case Step::WgmmaFp8:
        return {intParam("BM", tr("block tile rows (64 or 128 per consumer warpgroup)"), 128, 64, 256, 64),
                intParam("BN", tr("block tile columns (the wgmma N)"), 256, 64, 256, 64),
                intParam("STAGES", tr("shared-memory stages between the TMA producer and the consumers"), 4,
                         2, 8),
                intParam("CONSUMERS", tr("consumer warpgroups (plus one producer warpgroup)"), 2, 1, 2),
                intParam("GROUP",
                         tr("block-rows per group in the grouped (swizzled) block order; 1 = row order"), 8,
                         1, 64)};
    case Step::WgmmaCluster:
        return tileSpecs(Step::WgmmaPersistent) +
               QList<ParamSpec>{
                   intParam("CLUSTER_M", tr("blocks of a cluster along M (2: pairs share B)"), 2, 1, 2),
                   intParam("CLUSTER_N", tr("blocks of a cluster along N (2: pairs share A)"), 1, 1, 2)};
    default:
        return {};
    }
}

QList<Params> testCasesFor(Step s)
{
    // Three sizes per step: a tile multiple, sizes that are multiples of nothing, and a thin
    // one. Tensor-core steps need K % 8 == 0 (16-byte rows for cp.async and TMA).
    // fp8: K % 16 == 0 (16-byte rows of one-byte values) and N % 16 == 0 (cuBLASLt's fp8
    // kernels want 16-byte aligned dimensions); M is free.
    const bool tc = tensorCoreStep(s);
    const QList<std::array<qint64, 3>> sizes =
        fp8Step(s) ? QList<std::array<qint64, 3>>{{256, 256, 256}, {333, 528, 272}, {1000, 80, 1008}}
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
    for (const StepInfo &info : kSteps) {
        const Step s = info.step;
        const bool tc = tensorCoreStep(s);
        KernelSpec k;
        k.id = QString::fromLatin1(info.id);
        k.family = "gemm";
        k.title = tr(info.title);
        k.description = tr(info.description);
        k.source = info.name ? sourceOf(info) : QString();
        k.workload = "gemm";
        k.reference = info.name ? QStringLiteral("cublas") : QStringLiteral("cpu-fp64");
        // The fp32 steps are slow at the bottom of the ladder: 4096^3 keeps naive near 0.2 s.
        k.params = sizeParams(tc ? 8192 : 4096) + tileSpecs(s);
        k.dtypes = s == Step::CublasTf32 ? QStringList{"tf32"}
                   : fp8Step(s)          ? QStringList{"fp8"}
                   : tc                  ? QStringList{"bf16", "fp16"}
                                         : QStringList{"fp32"};
        if (s == Step::CublasTf32)
            k.precision = "tf32_tc";
        if (fp8Step(s)) {
            k.precision = "fp8_tc";
            k.work = [](const Params &p, model::Dtype) {
                return model::workloads::gemmFp8(double(P(p, "M")), double(P(p, "N")), double(P(p, "K")));
            };
        } else {
            k.work = [](const Params &p, model::Dtype d) {
                return model::workloads::gemm(double(P(p, "M")), double(P(p, "N")), double(P(p, "K")), d);
            };
        }
        k.validate = [s, tc](const Params &p, model::Dtype) -> QString {
            if (fp8Step(s) && (P(p, "K") % 16 != 0 || P(p, "N") % 16 != 0))
                return tr("K (%1) and N (%2) must be multiples of 16: rows of one-byte e4m3 values start on "
                          "16-byte boundaries for TMA, and cuBLASLt's fp8 kernels need 16-byte aligned "
                          "dimensions")
                    .arg(P(p, "K"))
                    .arg(P(p, "N"));
            if ((s == Step::Mma || wgmmaStep(s)) && P(p, "K") % 8 != 0)
                return tr("K (%1) must be a multiple of 8: every row of A and B must start on a 16-byte "
                          "boundary "
                          "for cp.async and TMA")
                    .arg(P(p, "K"));
            Q_UNUSED(tc);
            return illegal(s, p, 0);
        };
        if (info.name) {
            const QString file = k.source;
            k.compileOptions = [s, file](const Params &p, model::Dtype d) {
                CompileOptions o;
                o.source = file;
                for (const ParamSpec &ps : tileSpecs(s))
                    o.defines[ps.name] = QString::number(P(p, ps.name.toLatin1().constData()));
                if (tensorCoreStep(s) && !fp8Step(s)) // the fp8 step has one input type
                    o.defines["DT"] = d == model::Dtype::Fp16 ? "1" : "0";
                o.extraOptions = {"-lineinfo"};
                if (wgmmaStep(s))
                    o.arch = QStringLiteral("sm_90a"); // wgmma and setmaxnreg exist only arch-specific
                return o;
            };
        }
        if (info.name)
            k.entry = [entry = QStringLiteral("gemm_%1").arg(QLatin1String(info.name))](
                          const Params &, model::Dtype) { return entry; };
        k.testCases = testCasesFor(s);
        c.add(k);
    }
}

namespace gemm {

QStringList ladderIds()
{
    QStringList out;
    for (const StepInfo &s : kSteps)
        if (s.name)
            out.append(QString::fromLatin1(s.id));
    return out;
}

QString ladderStepTitle(const QString &id)
{
    const StepInfo *s = stepOf(id);
    return s ? tr(s->title) : QString();
}

QString ladderStepDescription(const QString &id)
{
    const StepInfo *s = stepOf(id);
    return s ? tr(s->description) : QString();
}

QStringList referenceIds()
{
    QStringList out;
    for (const StepInfo &s : kSteps)
        if (!s.name)
            out.append(QString::fromLatin1(s.id));
    return out;
}

QString referenceFor(const QString &id)
{
    const StepInfo *s = stepOf(id);
    if (!s || !s->name)
        return {};
    if (fp8Step(s->step))
        return QStringLiteral("gemm.cublaslt_fp8");
    return tensorCoreStep(s->step) ? QStringLiteral("gemm.cublas_bf16") : QStringLiteral("gemm.cublas_sgemm");
}

bool usesTensorCores(const QString &id)
{
    const StepInfo *s = stepOf(id);
    return s && tensorCoreStep(s->step);
}

QString archFor(const QString &id, int major, int minor)
{
    return QStringLiteral("sm_%1%2%3").arg(major).arg(minor).arg(usesTma(id) ? "a" : "");
}

QStringList tileParams(const QString &id)
{
    QStringList out;
    if (const StepInfo *s = stepOf(id))
        for (const ParamSpec &p : tileSpecs(s->step))
            out.append(p.name);
    return out;
}

QString illegalReason(const QString &id, const Params &p, qint64 maxDynSmem)
{
    const StepInfo *s = stepOf(id);
    if (!s)
        return tr("%1 is not a GEMM ladder step").arg(id);
    // Fill in missing parameters with the defaults, as the catalog would.
    Params full = p;
    for (const ParamSpec &ps : sizeParams(4096) + tileSpecs(s->step))
        if (!full.contains(ps.name))
            full[ps.name] = ps.defaultValue;
    return illegal(s->step, full, maxDynSmem);
}

int threadsPerBlock(const QString &id, const Params &p)
{
    const StepInfo *s = stepOf(id);
    return s ? threadsOf(s->step, p) : 0;
}

qint64 dynamicSmemBytes(const QString &id, const Params &p)
{
    const StepInfo *s = stepOf(id);
    return s ? dynSmemOf(s->step, p) : 0;
}

LaunchShape launchShape(const QString &id, const Params &p, int sms)
{
    const StepInfo *s = stepOf(id);
    if (!s)
        return LaunchShape{};
    Params full = p; // missing tile parameters take their defaults, as the catalog's would
    for (const ParamSpec &ps : tileSpecs(s->step))
        if (!full.contains(ps.name))
            full[ps.name] = ps.defaultValue;
    return shapeOf(s->step, full, sms);
}

bool isPersistent(const QString &id)
{
    const StepInfo *s = stepOf(id);
    return s && persistentStep(s->step);
}

bool usesTma(const QString &id)
{
    const StepInfo *s = stepOf(id);
    return s && wgmmaStep(s->step);
}

QList<Params> randomConfigs(const QString &id, int count, quint32 seed, qint64 maxDynSmem)
{
    const StepInfo *info = stepOf(id);
    QList<Params> out;
    if (!info)
        return out;
    QRandomGenerator rng(seed);
    auto pick = [&](const QList<qint64> &v) { return v.at(int(rng.bounded(quint32(v.size())))); };
    QSet<QString> seen;
    for (int tries = 0; out.size() < count && tries < 20000; ++tries) {
        Params p;
        switch (info->step) {
        case Step::Reg2d:
            p = {{"BM", pick({32, 64, 128, 256})},
                 {"BN", pick({32, 64, 128, 256})},
                 {"BK", pick({4, 8, 16, 32})},
                 {"TM", pick({2, 4, 8, 16})},
                 {"TN", pick({2, 4, 8, 16})}};
            break;
        case Step::Warptiled:
            p = {{"BM", pick({64, 128, 256})}, {"BN", pick({64, 128, 256})}, {"BK", pick({8, 16, 32})},
                 {"WM", pick({32, 64, 128})},  {"WN", pick({32, 64, 128})},  {"WNITER", pick({1, 2, 4})},
                 {"TM", pick({4, 8})},         {"TN", pick({4, 8})},         {"MINB", pick({1, 2})}};
            break;
        case Step::Wmma:
            p = {{"BM", pick({64, 128, 256})}, {"BN", pick({64, 128, 256})}, {"BK", pick({16, 32, 64})},
                 {"WARPS_M", pick({1, 2, 4})}, {"WARPS_N", pick({1, 2, 4})}, {"GROUP", pick({1, 4, 8, 16})}};
            break;
        case Step::Mma:
            p = {{"BM", pick({64, 128, 256})},  {"BN", pick({64, 128, 256})},
                 {"BK", pick({16, 32, 64})},    {"STAGES", pick({2, 3, 4, 5, 6})},
                 {"WARPS_M", pick({1, 2, 4})},  {"WARPS_N", pick({1, 2, 4})},
                 {"GROUP", pick({1, 4, 8, 16})}};
            break;
        case Step::Wgmma:
        case Step::WgmmaPersistent:
        case Step::WgmmaFp8:
            p = {{"BM", pick({64, 128, 256})},
                 {"BN", pick({64, 128, 192, 256})},
                 {"STAGES", pick({2, 3, 4, 5, 6})},
                 {"CONSUMERS", pick({1, 2})},
                 {"GROUP", pick({1, 4, 8, 16})}};
            break;
        case Step::WgmmaCluster: {
            const bool alongM = rng.bounded(2u) == 0;
            p = {{"BM", pick({64, 128, 256})},      {"BN", pick({64, 128, 192, 256})},
                 {"STAGES", pick({2, 3, 4, 5, 6})}, {"CONSUMERS", pick({1, 2})},
                 {"GROUP", pick({1, 4, 8, 16})},    {"CLUSTER_M", alongM ? 2 : 1},
                 {"CLUSTER_N", alongM ? 1 : 2}};
            break;
        }
        default:
            return out;
        }
        // Keep to shapes worth timing: at least 2 warps, at most 128 accumulators a thread.
        const int threads = threadsOf(info->step, p);
        if (threads < 64)
            continue;
        if (info->step == Step::Mma) {
            // Accumulators plus two sets of fragments must fit in registers without spilling.
            const qint64 wtm = P(p, "BM") / P(p, "WARPS_M"), wtn = P(p, "BN") / P(p, "WARPS_N");
            const qint64 acc = wtm * wtn / 32, frags = wtm / 16 * 4 + wtn / 8 * 2;
            if (acc + 2 * frags > 192 || (P(p, "BK") == 64 && acc > 64))
                continue;
        }
        if (info->step == Step::Wmma &&
            (P(p, "BM") / P(p, "WARPS_M") / 16) * (P(p, "BN") / P(p, "WARPS_N") / 16) > 16)
            continue;
        if (info->step == Step::Reg2d && P(p, "TM") * P(p, "TN") > 128)
            continue;
        // Registers the launch bounds leave a thread must hold its accumulators and then some.
        if (info->step == Step::Warptiled &&
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
