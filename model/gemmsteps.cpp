#include "gemmsteps.h"

#include <QtGlobal>

namespace model::gemmsteps {

namespace {

// Titles, descriptions and parameter texts are translated where they are shown, in the
// context "kernels::GemmKernels".

const QList<qint64> kPow2Tiles = {16, 32, 64, 128, 256};
const char *const kGroup = QT_TRANSLATE_NOOP(
    "kernels::GemmKernels", "block-rows per group in the grouped (swizzled) block order; 1 = row order");

QList<Param> block()
{
    return {{"BLOCK",
             QT_TRANSLATE_NOOP("kernels::GemmKernels", "the block is BLOCK x BLOCK threads"),
             32,
             8,
             32,
             1,
             {8, 16, 32}}};
}

QList<Param> smemTile()
{
    return {{"TILE",
             QT_TRANSLATE_NOOP("kernels::GemmKernels",
                               "tile edge: TILE x TILE threads, TILE x TILE tiles of A and B"),
             32,
             8,
             32,
             1,
             {8, 16, 32}}};
}

QList<Param> reg1d()
{
    return {{"BM", QT_TRANSLATE_NOOP("kernels::GemmKernels", "block tile rows"), 64, 8, 256, 8},
            {"BN", QT_TRANSLATE_NOOP("kernels::GemmKernels", "block tile columns"), 64, 8, 256, 8},
            {"BK", QT_TRANSLATE_NOOP("kernels::GemmKernels", "K-slice per shared-memory tile"), 8, 1, 64},
            {"TM", QT_TRANSLATE_NOOP("kernels::GemmKernels", "results per thread (a column)"), 8, 1, 32}};
}

// Register blocking; the vectorized step's float4 accesses want BK, TM and TN in fours.
QList<Param> reg2d(qint64 vector)
{
    return {
        {"BM", QT_TRANSLATE_NOOP("kernels::GemmKernels", "block tile rows"), 128, 8, 256, 8},
        {"BN", QT_TRANSLATE_NOOP("kernels::GemmKernels", "block tile columns"), 128, 8, 256, 8},
        {"BK", QT_TRANSLATE_NOOP("kernels::GemmKernels", "K-slice per shared-memory tile"), 8, vector, 64,
         vector},
        {"TM", QT_TRANSLATE_NOOP("kernels::GemmKernels", "results per thread, rows"), 8, vector, 16, vector},
        {"TN", QT_TRANSLATE_NOOP("kernels::GemmKernels", "results per thread, columns"), 8, vector, 16,
         vector}};
}

QList<Param> warptiled()
{
    // Defaults: the fastest of the configurations measured on an H200 (4 warps of 64 x 64,
    // two blocks per SM).
    return {{"BM", QT_TRANSLATE_NOOP("kernels::GemmKernels", "block tile rows"), 64, 16, 256, 16},
            {"BN", QT_TRANSLATE_NOOP("kernels::GemmKernels", "block tile columns"), 256, 16, 256, 16},
            {"BK", QT_TRANSLATE_NOOP("kernels::GemmKernels", "K-slice per shared-memory tile"), 8, 4, 64, 4},
            {"WM", QT_TRANSLATE_NOOP("kernels::GemmKernels", "warp tile rows"), 64, 8, 256, 8},
            {"WN", QT_TRANSLATE_NOOP("kernels::GemmKernels", "warp tile columns"), 64, 8, 256, 8},
            {"WNITER",
             QT_TRANSLATE_NOOP("kernels::GemmKernels", "sub-tiles of a warp tile along N"),
             2,
             1,
             8,
             1,
             {1, 2, 4, 8}},
            {"TM", QT_TRANSLATE_NOOP("kernels::GemmKernels", "results per thread per sub-tile, rows"), 4, 4,
             16, 4},
            {"TN", QT_TRANSLATE_NOOP("kernels::GemmKernels", "results per thread per sub-tile, columns"), 4,
             4, 16, 4},
            {"MINB",
             QT_TRANSLATE_NOOP("kernels::GemmKernels",
                               "blocks per SM the registers are budgeted for (__launch_bounds__)"),
             2, 1, 4},
            // 0 by default: on the H200 at 4096^3 the double-buffered loop ran at 0.901 of cuBLAS
            // SGEMM and the plain one at 0.916 (255 against 237 registers), same clock.
            {"FRAGPIPE",
             QT_TRANSLATE_NOOP(
                 "kernels::GemmKernels",
                 "1: double-buffer the register fragments (shared-memory loads of the next k before the "
                 "FFMAs)"),
             0, 0, 1}};
}

QList<Param> wmma()
{
    return {
        {"BM", QT_TRANSLATE_NOOP("kernels::GemmKernels", "block tile rows"), 128, 16, 256, 16, kPow2Tiles},
        {"BN", QT_TRANSLATE_NOOP("kernels::GemmKernels", "block tile columns"), 128, 16, 256, 16, kPow2Tiles},
        {"BK", QT_TRANSLATE_NOOP("kernels::GemmKernels", "K-slice per shared-memory tile"), 32, 16, 64, 16},
        {"WARPS_M", QT_TRANSLATE_NOOP("kernels::GemmKernels", "warps along M"), 2, 1, 8, 1, {1, 2, 4, 8}},
        {"WARPS_N", QT_TRANSLATE_NOOP("kernels::GemmKernels", "warps along N"), 4, 1, 8, 1, {1, 2, 4, 8}},
        {"GROUP", kGroup, 8, 1, 64}};
}

QList<Param> mma()
{
    // Defaults: 128 x 256 blocks of 8 warps (64 x 64 each), one block per SM: against two
    // 128 x 128 blocks, a quarter fewer cp.async bytes through shared memory per mma (the
    // ldmatrix reads and the copies share its 128 bytes a clock).
    return {
        {"BM", QT_TRANSLATE_NOOP("kernels::GemmKernels", "block tile rows"), 128, 16, 256, 16, kPow2Tiles},
        {"BN", QT_TRANSLATE_NOOP("kernels::GemmKernels", "block tile columns"), 256, 16, 256, 16, kPow2Tiles},
        {"BK", QT_TRANSLATE_NOOP("kernels::GemmKernels", "K-slice per stage"), 32, 16, 64, 16, {16, 32, 64}},
        {"STAGES", QT_TRANSLATE_NOOP("kernels::GemmKernels", "K-slices in flight (cp.async pipeline depth)"),
         4, 2, 8},
        {"WARPS_M", QT_TRANSLATE_NOOP("kernels::GemmKernels", "warps along M"), 2, 1, 8, 1, {1, 2, 4, 8}},
        {"WARPS_N", QT_TRANSLATE_NOOP("kernels::GemmKernels", "warps along N"), 4, 1, 8, 1, {1, 2, 4, 8}},
        {"GROUP", kGroup, 8, 1, 64},
        {"FRAGPIPE",
         QT_TRANSLATE_NOOP(
             "kernels::GemmKernels",
             "1: double-buffer the register fragments (ldmatrix of the next K step before the mma)"),
         1, 0, 1}};
}

// The wgmma steps' tiles. GROUP is 16 for the persistent steps: on the H200 at 8192^3 it took
// the persistent rung from 0.984 to 1.053 of cuBLAS bf16 (1500-1515 MHz against cuBLAS's
// 1590-1620), at 4096^3 0.983 against 0.986 (1980 MHz): the longer column of tiles a group
// sweeps keeps more of B in L2.
QList<Param> wgmma(qint64 group)
{
    return {{"BM",
             QT_TRANSLATE_NOOP("kernels::GemmKernels", "block tile rows (64 or 128 per consumer warpgroup)"),
             128, 64, 256, 64},
            {"BN", QT_TRANSLATE_NOOP("kernels::GemmKernels", "block tile columns (the wgmma N)"), 256, 64,
             256, 64},
            {"STAGES",
             QT_TRANSLATE_NOOP("kernels::GemmKernels",
                               "shared-memory stages between the TMA producer and the consumers"),
             4, 2, 8},
            {"CONSUMERS",
             QT_TRANSLATE_NOOP("kernels::GemmKernels", "consumer warpgroups (plus one producer warpgroup)"),
             2, 1, 2},
            {"GROUP", kGroup, group, 1, 64}};
}

QList<Param> tmaStore()
{
    return {{"TMA_STORE",
             QT_TRANSLATE_NOOP(
                 "kernels::GemmKernels",
                 "1: the epilogue leaves through shared memory with TMA stores; 0: direct stores from "
                 "the registers, as step 10"),
             1, 0, 1}};
}

QList<Param> cluster()
{
    return {{"CLUSTER_M",
             QT_TRANSLATE_NOOP("kernels::GemmKernels", "blocks of a cluster along M (2: pairs share B)"), 2,
             1, 2},
            {"CLUSTER_N",
             QT_TRANSLATE_NOOP("kernels::GemmKernels", "blocks of a cluster along N (2: pairs share A)"), 1,
             1, 2}};
}

} // namespace

const QList<Step> &steps()
{
    using P = Pattern;
    static const QList<Step> table = {
        {.id = "gemm.naive",
         .rung = 1,
         .pattern = P::OneByOne,
         .lanesDownRows = true,
         .name = "naive",
         .title = QT_TRANSLATE_NOOP("kernels::GemmKernels", "GEMM 1: naive"),
         .description = QT_TRANSLATE_NOOP(
             "kernels::GemmKernels",
             "One thread per element of C, threads of a warp walking down the rows: every load of A and "
             "store "
             "of C is its own 32-byte sector. The starting point, far below every ceiling."),
         .params = block()},
        {.id = "gemm.coalesced",
         .rung = 2,
         .pattern = P::OneByOne,
         .name = "coalesced",
         .title = QT_TRANSLATE_NOOP("kernels::GemmKernels", "GEMM 2: coalesced"),
         .description = QT_TRANSLATE_NOOP(
             "kernels::GemmKernels",
             "The same kernel with threads of a warp walking along a row of C: loads of B and stores of C "
             "become 128-byte runs, A a broadcast."),
         .params = block()},
        {.id = "gemm.smem_tiled",
         .rung = 3,
         .pattern = P::SmemTiled,
         .name = "smem_tiled",
         .title = QT_TRANSLATE_NOOP("kernels::GemmKernels", "GEMM 3: shared-memory tiles"),
         .description = QT_TRANSLATE_NOOP(
             "kernels::GemmKernels",
             "TILE x TILE tiles of A and B staged in shared memory and reused TILE times: global traffic "
             "falls by TILE; shared-memory loads become the limit."),
         .params = smemTile()},
        {.id = "gemm.reg1d",
         .rung = 4,
         .pattern = P::Reg1d,
         .name = "reg1d",
         .title = QT_TRANSLATE_NOOP("kernels::GemmKernels", "GEMM 4: 1D register blocking"),
         .description = QT_TRANSLATE_NOOP(
             "kernels::GemmKernels",
             "Each thread computes TM results of a column, reusing one B value from a register TM times."),
         .params = reg1d()},
        {.id = "gemm.reg2d",
         .rung = 5,
         .pattern = P::Reg2d,
         .name = "reg2d",
         .title = QT_TRANSLATE_NOOP("kernels::GemmKernels", "GEMM 5: 2D register blocking"),
         .description = QT_TRANSLATE_NOOP(
             "kernels::GemmKernels",
             "Each thread computes a TM x TN patch as outer products of register-held slices: shared-memory "
             "loads per FMA fall to (TM+TN)/(TM*TN)."),
         .params = reg2d(1)},
        {.id = "gemm.vectorized",
         .rung = 6,
         .pattern = P::Vectorized,
         .name = "vectorized",
         .title = QT_TRANSLATE_NOOP("kernels::GemmKernels", "GEMM 6: vectorized loads"),
         .description = QT_TRANSLATE_NOOP(
             "kernels::GemmKernels",
             "16-byte (float4) loads from global and shared memory and 16-byte stores; A transposed in "
             "shared memory so a thread's values are contiguous."),
         .params = reg2d(4)},
        {.id = "gemm.warptiled",
         .rung = 7,
         .pattern = P::Warptiled,
         .name = "warptiled",
         .title = QT_TRANSLATE_NOOP("kernels::GemmKernels", "GEMM 7: warp tiling"),
         .description = QT_TRANSLATE_NOOP(
             "kernels::GemmKernels",
             "Block, warp and thread tiles: each warp reads contiguous, conflict-free runs of shared memory; "
             "two buffers overlap the next K-slice's loads with the math. The fp32 CUDA-core end point."),
         .params = warptiled()},
        {.id = "gemm.wmma",
         .rung = 8,
         .pattern = P::Wmma,
         .tensorCores = true,
         .name = "wmma",
         .title = QT_TRANSLATE_NOOP("kernels::GemmKernels", "GEMM 8: tensor cores (WMMA)"),
         .description = QT_TRANSLATE_NOOP(
             "kernels::GemmKernels",
             "bf16/fp16 tensor cores through WMMA 16x16x16 fragments, fp32 accumulation; B read as N x K. "
             "One stage: load, barrier, compute."),
         .params = wmma()},
        {.id = "gemm.mma_multistage",
         .rung = 9,
         .pattern = P::Mma,
         .tensorCores = true,
         .name = "mma_multistage",
         .title =
             QT_TRANSLATE_NOOP("kernels::GemmKernels", "GEMM 9: mma.sync + ldmatrix + cp.async pipeline"),
         .description = QT_TRANSLATE_NOOP(
             "kernels::GemmKernels",
             "mma.sync.m16n8k16 fed by ldmatrix from XOR-swizzled shared memory, STAGES-deep cp.async "
             "pipeline, 64 x 64 warp tiles, grouped block order."),
         .params = mma()},
        {.id = "gemm.wgmma_tma",
         .rung = 10,
         .pattern = P::Wgmma,
         .tensorCores = true,
         .tma = true,
         .name = "wgmma_tma",
         .title = QT_TRANSLATE_NOOP("kernels::GemmKernels", "GEMM 10: wgmma + TMA (Hopper)"),
         .description = QT_TRANSLATE_NOOP(
             "kernels::GemmKernels",
             "Hopper: TMA copies swizzled tiles into a STAGES-deep mbarrier pipeline fed by a producer "
             "warpgroup; consumer warpgroups run wgmma.mma_async from shared memory (sm_90a only)."),
         .params = wgmma(8)},
        {.id = "gemm.wgmma_persistent",
         .rung = 11,
         .pattern = P::Wgmma,
         .tensorCores = true,
         .tma = true,
         .persistent = true,
         .name = "wgmma_persistent",
         .title = QT_TRANSLATE_NOOP("kernels::GemmKernels", "GEMM 11: persistent wgmma + TMA store"),
         .description = QT_TRANSLATE_NOOP(
             "kernels::GemmKernels",
             "Step 10 with one block per SM looping over output tiles in grouped order: the producer keeps "
             "the ring full across tiles, and the epilogue leaves through shared memory with TMA stores that "
             "overlap the next tile's main loop (sm_90a only)."),
         .params = wgmma(16) + tmaStore()},
        {.id = "gemm.wgmma_cluster",
         .rung = 12,
         .pattern = P::Wgmma,
         .tensorCores = true,
         .tma = true,
         .persistent = true,
         .cluster = true,
         .name = "wgmma_cluster",
         .title = QT_TRANSLATE_NOOP("kernels::GemmKernels", "GEMM 12: wgmma in clusters, TMA multicast"),
         .description = QT_TRANSLATE_NOOP(
             "kernels::GemmKernels",
             "Step 11 in thread-block clusters of two neighbouring tiles: each block fetches half of the "
             "operand the pair shares and TMA multicasts it into both blocks' shared memory, so that operand "
             "is read from L2 once per pair; a ring slot is refilled when the consumers of both blocks are "
             "done with it (sm_90a only)."),
         .params = wgmma(16) + tmaStore() + cluster()},
        {.id = "gemm.wgmma_fp8",
         .rung = 13,
         .pattern = P::Wgmma,
         .tensorCores = true,
         .tma = true,
         .fp8 = true,
         .name = "wgmma_fp8",
         .title = QT_TRANSLATE_NOOP("kernels::GemmKernels", "GEMM 13: fp8 (e4m3) wgmma + TMA (Hopper)"),
         .description = QT_TRANSLATE_NOOP(
             "kernels::GemmKernels",
             "Step 10 with e4m3 inputs: a 128-byte swizzle row holds 128 values of K, wgmma k32 runs at "
             "twice "
             "the bf16 rate, per-tensor scales as cuBLASLt takes them, fp32 C (sm_90a only)."),
         .params = wgmma(8)},
        {.id = "gemm.cublas_sgemm",
         .pattern = P::Library,
         .title = QT_TRANSLATE_NOOP("kernels::GemmKernels", "cuBLAS SGEMM"),
         .description =
             QT_TRANSLATE_NOOP("kernels::GemmKernels", "cublasGemmEx in fp32 with pedantic fp32 math (no "
                                                       "TF32): the CUDA-core reference of steps 1-7.")},
        {.id = "gemm.cublas_tf32",
         .pattern = P::Library,
         .tf32 = true,
         .title = QT_TRANSLATE_NOOP("kernels::GemmKernels", "cuBLAS TF32"),
         .description = QT_TRANSLATE_NOOP(
             "kernels::GemmKernels",
             "cublasGemmEx on fp32 data with TF32 tensor cores (CUBLAS_COMPUTE_32F_FAST_TF32).")},
        {.id = "gemm.cublas_bf16",
         .pattern = P::Library,
         .tensorCores = true,
         .title = QT_TRANSLATE_NOOP("kernels::GemmKernels", "cuBLAS BF16"),
         .description = QT_TRANSLATE_NOOP(
             "kernels::GemmKernels",
             "cublasGemmEx with bf16 (or fp16) inputs, fp32 accumulation and fp32 C, B as N x K: the "
             "reference of the tensor-core steps.")},
        {.id = "gemm.cublaslt_fp8",
         .pattern = P::Library,
         .tensorCores = true,
         .fp8 = true,
         .title = QT_TRANSLATE_NOOP("kernels::GemmKernels", "cuBLASLt FP8"),
         .description = QT_TRANSLATE_NOOP(
             "kernels::GemmKernels",
             "cublasLtMatmul with e4m3 A and B (the \"TN\" layout: both K-major), per-tensor scales, fp32 "
             "accumulation (fast accumulation, as the fp8 step) and fp32 C: the reference of the fp8 step.")},
    };
    return table;
}

const Step *find(const QString &id)
{
    for (const Step &s : steps())
        if (id == QLatin1String(s.id))
            return &s;
    return nullptr;
}

QString Step::source() const
{
    if (!name)
        return {};
    return QStringLiteral("gemm/%1_%2.cu").arg(rung, 2, 10, QLatin1Char('0')).arg(QLatin1String(name));
}

const Param *Step::param(const QString &n) const
{
    for (const Param &p : params)
        if (n == QLatin1String(p.name))
            return &p;
    return nullptr;
}

} // namespace model::gemmsteps
