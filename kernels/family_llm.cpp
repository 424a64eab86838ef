// The LLM inference family (kernels/src/llm.cu): its catalog entries. The benches that run and
// check them are in bench_llm.cpp (runtime library).
#include "family_llm.h"

#include <QCoreApplication>

namespace kernels {

namespace {

QString tr(const char *s)
{
    return QCoreApplication::translate("kernels::LlmKernels", s);
}

const QStringList k16Bit = {"bf16", "fp16"};

// ---------------------------------------------------------------- decode attention

QList<ParamSpec> attentionParams()
{
    return {intParam("B", tr("sequences in the batch"), 8, 1, 1024),
            intParam("H", tr("query heads"), 32, 1, 256),
            intParam("Hkv", tr("key/value heads (H / Hkv query heads share each)"), 8, 1, 256),
            intParam("S", tr("KV length (tokens in the cache)"), 8192, 1, 1 << 20),
            intParam("D", tr("head dimension"), 128, 64, 128, 1, {64, 128}),
            intParam("split", tr("blocks per KV head along the KV length (0: as many as fill the GPU)"), 0, 0,
                     4096)};
}

QString attentionValid(const Params &p, model::Dtype)
{
    const qint64 h = paramInt(p, "H"), hkv = paramInt(p, "Hkv");
    if (h % hkv != 0)
        return tr("H (%1) must be a multiple of Hkv (%2): each KV head serves the same number of query heads")
            .arg(h)
            .arg(hkv);
    if (h / hkv > llm::kMaxGroup)
        return tr("H / Hkv (%1) is more than %2: the query heads of one KV head are the rows of one 16-row "
                  "tensor-core tile")
            .arg(h / hkv)
            .arg(llm::kMaxGroup);
    if (paramInt(p, "split") > ceilDiv(paramInt(p, "S"), llm::kAttnTileRows))
        return tr("split (%1) leaves blocks without a single 16-row tile of the KV length S (%2)")
            .arg(paramInt(p, "split"))
            .arg(paramInt(p, "S"));
    return {};
}

QList<Params> attentionCases()
{
    // GQA g = 4, 8 and 16, MQA, multi-head; KV lengths not multiples of the tile or the chunk;
    // one block per head (no combine) and many.
    return {{{"B", 2}, {"H", 8}, {"Hkv", 2}, {"S", 1000}, {"split", 3}},
            {{"B", 1}, {"H", 32}, {"Hkv", 4}, {"S", 4097}},
            {{"B", 3}, {"H", 16}, {"Hkv", 1}, {"S", 77}, {"split", 1}},
            {{"B", 2}, {"H", 32}, {"Hkv", 2}, {"S", 2500}, {"split", 7}},
            {{"B", 2}, {"H", 4}, {"Hkv", 4}, {"S", 513}, {"D", 64}},
            {{"B", 1}, {"H", 16}, {"Hkv", 4}, {"S", 8192}, {"D", 64}, {"split", 16}}};
}

// ---------------------------------------------------------------- W4A16

QList<ParamSpec> w4Params(bool ours)
{
    QList<ParamSpec> ps = {intParam("M", tr("rows of X and Y: tokens in flight"), 1, 1, llm::kW4MaxM),
                           intParam("N", tr("columns of W and Y (output features)"), 28672, 1, 1 << 17),
                           intParam("K",
                                    tr("columns of X, rows of W (input features), a multiple of the group"),
                                    8192, llm::kW4Group, 1 << 17, llm::kW4Group)};
    if (ours)
        ps += {
            intParam("group", tr("weights per fp16 scale along K"), llm::kW4Group, llm::kW4Group,
                     llm::kW4Group, 1, {llm::kW4Group}),
            intParam("splitk",
                     tr("blocks along K per column tile (0: the most that run as one wave of two blocks "
                        "an SM, three when M > 8)"),
                     0, 0, 512),
            intParam("warps", tr("warps per block, ntiles x 8 columns each"), llm::kW4Warps, 1, 8, 1,
                     {1, 2, 4, 8}),
            intParam("kwarps",
                     tr("warps along K per column warp: they share its columns, take every kwarps-th group "
                        "and add their sums in shared memory"),
                     llm::kW4KWarps, 1, 16, 1, {1, 2, 4, 8, 16}),
            intParam("ntiles",
                     tr("n-tiles of 8 columns per warp (fewer: fewer registers, more warps per SM)"),
                     llm::kW4NTiles, 4, 8, 4, {4, 8}),
            intParam("stages",
                     tr("groups of 128 k in a warp's shared-memory ring (stages - 1 of them in flight)"),
                     llm::kW4Stages, 2, 8),
            intParam("wgmma",
                     tr("1: the four warps of a warpgroup multiply their columns together by wgmma (Hopper, "
                        "sm_90a), X read by TMA; 0: each warp by mma.sync"),
                     llm::kW4Wgmma, 0, 1),
            intParam("balance",
                     tr("1: one wave of blocks sharing out all the (column tile, group) pieces evenly, a "
                        "block's share running on into the next tile (mma.sync, whole panels, no warps "
                        "along K); 0: each column tile split along K into splitk blocks"),
                     0, 0, 1),
            intParam("xbufs",
                     tr("buffers of X's rows a block cycles through, about 8 KiB each, one filled while the "
                        "warps read the others (0: two, four when M > 8)"),
                     0, 0, 8),
        };
    return ps;
}

QString w4Valid(const Params &p, model::Dtype)
{
    const qint64 groups = paramInt(p, "K") / llm::kW4Group;
    if (p.contains("warps") && p.contains("kwarps") && paramInt(p, "warps") * paramInt(p, "kwarps") > 16)
        return tr("warps x kwarps (%1 x %2) is more than 16 warps a block")
            .arg(paramInt(p, "warps"))
            .arg(paramInt(p, "kwarps"));
    if (p.contains("wgmma") && paramInt(p, "wgmma") == 1) {
        if (paramInt(p, "warps") % 4 != 0)
            return tr("wgmma takes whole warpgroups: warps must be 4 or 8, not %1").arg(paramInt(p, "warps"));
        if (paramInt(p, "ntiles") != 8 || paramInt(p, "kwarps") != 1)
            return tr("wgmma takes whole 64-column panels a warp and no warps along K (ntiles 8, kwarps 1)");
    }
    if (p.contains("balance") && paramInt(p, "balance") == 1 &&
        (paramInt(p, "ntiles") != 8 || paramInt(p, "kwarps") != 1 || paramInt(p, "wgmma") != 0))
        return tr("balance=1 takes whole 64-column panels a warp, no warps along K and mma.sync (ntiles 8, "
                  "kwarps 1, wgmma 0)");
    if (p.contains("splitk") && paramInt(p, "splitk") > groups)
        return tr("splitk (%1) is more than the K / 128 = %2 groups of 128 weights to share out")
            .arg(paramInt(p, "splitk"))
            .arg(groups);
    return {};
}

QList<Params> w4Cases()
{
    // The check sizes: K = N = 1024 at M = 1, 4, 16, columns not a multiple of the block's
    // tile (nor of 8 or of a 64-column panel), odd and even M on both sides of 8 (one or two
    // fragments of tokens), split-K on and off, rings deeper than a block's share of the groups
    // and X in several chunks, both buffers refilled (M = 16: 2 groups a chunk, M = 5: 6), other block
    // widths, both warp widths, every ring depth.
    return {{{"M", 1}, {"N", 1024}, {"K", 1024}},
            {{"M", 4}, {"N", 1024}, {"K", 1024}},
            {{"M", 16}, {"N", 1024}, {"K", 1024}},
            {{"M", 3}, {"N", 1000}, {"K", 1152}, {"splitk", 1}},
            {{"M", 11}, {"N", 77}, {"K", 2048}, {"splitk", 5}},
            {{"M", 16}, {"N", 1000}, {"K", 3200}, {"splitk", 1}, {"warps", 2}},
            {{"M", 9}, {"N", 1000}, {"K", 2560}, {"splitk", 3}, {"stages", 2}},
            {{"M", 5}, {"N", 1536}, {"K", 2048}, {"splitk", 1}, {"warps", 8}, {"stages", 4}},
            {{"M", 2}, {"N", 512}, {"K", 1536}, {"stages", 4}},
            {{"M", 1}, {"N", 200}, {"K", 1024}, {"warps", 1}, {"stages", 2}},
            {{"M", 1}, {"N", 1000}, {"K", 1024}, {"ntiles", 4}},
            {{"M", 8}, {"N", 1000}, {"K", 2048}, {"ntiles", 4}, {"splitk", 3}, {"warps", 2}},
            {{"M", 13}, {"N", 1000}, {"K", 1152}, {"ntiles", 4}, {"warps", 8}, {"splitk", 1}},
            {{"M", 1}, {"N", 1000}, {"K", 2176}, {"stages", 4}, {"splitk", 1}},
            {{"M", 16}, {"N", 1000}, {"K", 9088}, {"stages", 2}, {"splitk", 1}},
            // The warpgroup path (sm_90 only: tst_gpu_kernels skips these rows elsewhere): one and two
            // fragments of tokens, N past the block's 256 columns and not a multiple of 8, split-K on
            // and off, X in several chunks through both buffers, two warpgroups a block.
            {{"M", 1}, {"N", 1024}, {"K", 1024}, {"wgmma", 1}},
            {{"M", 16}, {"N", 1000}, {"K", 3200}, {"splitk", 1}, {"wgmma", 1}},
            {{"M", 9}, {"N", 1000}, {"K", 2560}, {"splitk", 3}, {"stages", 2}, {"wgmma", 1}},
            {{"M", 4}, {"N", 1536}, {"K", 2048}, {"warps", 8}, {"stages", 4}, {"wgmma", 1}},
            {{"M", 13}, {"N", 77}, {"K", 2048}, {"splitk", 5}, {"wgmma", 1}},
            {{"M", 7}, {"N", 1000}, {"K", 2176}, {"stages", 4}, {"ntiles", 4}, {"splitk", 2}},
            {{"M", 12}, {"N", 520}, {"K", 4096}, {"stages", 2}, {"ntiles", 4}},
            // Deep rings: five and seven groups a warp in flight.
            {{"M", 16}, {"N", 1000}, {"K", 3072}, {"stages", 6}, {"splitk", 2}},
            {{"M", 3}, {"N", 700}, {"K", 4096}, {"stages", 8}, {"ntiles", 4}, {"warps", 8}},
            // Warps along K: groups shared out evenly and not (9 groups over 8 warps, 4 over 8:
            // warps without a group), X's chunk rounded up to them (M = 16: 4 groups, not 2),
            // with and without split-K, both warp widths, fp16's path through the same sums.
            {{"M", 1}, {"N", 1000}, {"K", 2048}, {"kwarps", 2}},
            {{"M", 16}, {"N", 520}, {"K", 3072}, {"kwarps", 4}, {"warps", 2}, {"splitk", 2}},
            {{"M", 2}, {"N", 700}, {"K", 4096}, {"kwarps", 16}, {"warps", 1}, {"stages", 2}, {"splitk", 1}},
            {{"M", 5}, {"N", 1000}, {"K", 1152}, {"kwarps", 8}, {"warps", 1}, {"splitk", 1}},
            {{"M", 3}, {"N", 300}, {"K", 512}, {"kwarps", 8}, {"warps", 2}, {"splitk", 1}},
            {{"M", 9},
             {"N", 1000},
             {"K", 4096},
             {"kwarps", 2},
             {"ntiles", 4},
             {"warps", 2},
             {"stages", 4},
             {"splitk", 3}},
            {{"M", 16}, {"N", 1000}, {"K", 8192}, {"kwarps", 2}, {"warps", 2}, {"splitk", 1}, {"stages", 2}},
            // X's buffers (the default is two when M <= 8, four above): the two of M > 8 before, one
            // (each chunk waits for the last), three and six (chunks wrapping round a count that
            // does not divide them; with warps along K), eight of one group, both paths.
            {{"M", 16}, {"N", 1000}, {"K", 4096}, {"xbufs", 2}, {"splitk", 1}},
            {{"M", 4}, {"N", 600}, {"K", 2048}, {"xbufs", 1}, {"splitk", 1}},
            {{"M", 1}, {"N", 1024}, {"K", 8192}, {"xbufs", 3}, {"splitk", 1}},
            {{"M", 12}, {"N", 520}, {"K", 4096}, {"kwarps", 2}, {"warps", 2}, {"xbufs", 6}, {"splitk", 1}},
            {{"M", 5}, {"N", 1000}, {"K", 4096}, {"xbufs", 8}, {"splitk", 2}},
            {{"M", 16}, {"N", 1000}, {"K", 4096}, {"wgmma", 1}, {"xbufs", 2}, {"splitk", 1}},
            {{"M", 3}, {"N", 1000}, {"K", 8192}, {"wgmma", 1}, {"xbufs", 5}, {"splitk", 1}},
            // Balanced shares (one wave of blocks on the device at hand; on the H200 264 at M <= 8,
            // 396 above): shares that run from one tile into the next (1024 units over 264 and
            // 396 blocks; 157 tiles of 9 groups over 264), shares of one unit (a tile of 8 blocks),
            // shares of whole tiles (313 tiles over 313 blocks: no split, Y stored directly), X in
            // several chunks a segment, fp16, a partial last tile, two stages, three buffers.
            {{"M", 1}, {"N", 1000}, {"K", 32768}, {"balance", 1}},
            {{"M", 16}, {"N", 2000}, {"K", 16384}, {"balance", 1}},
            {{"M", 5}, {"N", 20000}, {"K", 1152}, {"balance", 1}, {"warps", 2}},
            {{"M", 4}, {"N", 1000}, {"K", 1024}, {"balance", 1}},
            {{"M", 1}, {"N", 20000}, {"K", 1024}, {"balance", 1}, {"warps", 1}},
            {{"M", 9}, {"N", 1000}, {"K", 32768}, {"balance", 1}, {"stages", 2}, {"xbufs", 3}},
            {{"M", 16}, {"N", 1000}, {"K", 8192}, {"balance", 1}, {"warps", 8}}};
}

// ---------------------------------------------------------------- residual + RMSNorm

QString rowFits(const Params &p, model::Dtype d)
{
    const qint64 cols = paramInt(p, "cols"), block = paramInt(p, "block");
    const int v = cols % (16 / model::dtypeBytes(d)) == 0 ? 16 / model::dtypeBytes(d) : 1;
    const qint64 perThread = ceilDiv(cols / v, block) * v;
    if (perThread > 64)
        return tr("parameter \"cols\" (%1) is too long for \"block\" %2: at most 64 values per thread, so "
                  "cols <= %3")
            .arg(cols)
            .arg(block)
            .arg(block * 64);
    return {};
}

KernelSpec base(const char *id, const QString &title, const QString &description, const char *workload)
{
    KernelSpec k;
    k.id = QString::fromLatin1(id);
    k.family = "llm";
    k.title = title;
    k.description = description;
    k.source = "llm.cu";
    k.workload = QString::fromLatin1(workload);
    k.reference = "cpu-fp64";
    return k;
}

} // namespace

void registerLlmKernels(Catalog &c)
{
    {
        KernelSpec k =
            base("llm.decode_attention", tr("Decode attention (GQA, split KV)"),
                 tr("One decode step of grouped-query attention: one query token per sequence against S "
                    "cached keys and values, H query heads sharing Hkv KV heads. Each block reads one "
                    "chunk of one KV head once and serves all H/Hkv query heads of its group from it "
                    "(tensor cores, fp32 online softmax); the chunks' partial results are merged by a "
                    "second small kernel (FlashDecoding). Its bytes are the KV cache: I = H/Hkv FLOP per "
                    "byte in 16-bit, far left of the ridge."),
                 "attention");
        k.params = attentionParams();
        k.dtypes = k16Bit;
        k.work = [](const Params &p, model::Dtype d) {
            return model::workloads::attention(double(paramInt(p, "B")), double(paramInt(p, "H")),
                                               double(paramInt(p, "Hkv")), 1, double(paramInt(p, "S")),
                                               double(paramInt(p, "D")), d, true);
        };
        k.validate = attentionValid;
        k.compileOptions = [](const Params &p, model::Dtype d) {
            CompileOptions o;
            o.source = QStringLiteral("llm.cu");
            const QString t = cudaTypeName(d), dim = QString::number(paramInt(p, "D"));
            o.nameExpressions = {
                QStringLiteral("decode_attention<%1, %2, %3>").arg(t, dim).arg(llm::kAttnWarps),
                QStringLiteral("decode_attention_combine<%1, %2>").arg(t, dim)};
            return o;
        };
        k.testCases = attentionCases();
        c.add(k);
    }
    {
        KernelSpec k =
            base("llm.w4a16_gemm", tr("W4A16 GEMM (INT4 weights)"),
                 tr("Y = X * W for the few tokens of a decode step (M <= 16), W stored in 4 bits with one "
                    "fp16 scale per 128 weights along K (w = (q - 8) * scale), dequantized in registers "
                    "straight into tensor-core fragments, fp32 accumulation, split along K when the "
                    "columns alone do not fill the GPU. A quarter of a bf16 weight's bytes: about 4x "
                    "the speed of a bf16 GEMM where the weights dominate (compare llm.w4a16_cublas)."),
                 "quant_gemm");
        k.params = w4Params(true);
        k.dtypes = k16Bit;
        k.work = [](const Params &p, model::Dtype d) {
            return model::workloads::quantGemm(double(paramInt(p, "M")), double(paramInt(p, "N")),
                                               double(paramInt(p, "K")), d, 4, double(paramInt(p, "group")));
        };
        k.validate = w4Valid;
        k.compileOptions = [](const Params &p, model::Dtype d) {
            CompileOptions o;
            o.source = QStringLiteral("llm.cu");
            o.nameExpressions = {QStringLiteral("w4a16_gemm<%1, %2, %3, %4, %5, %6, %7, %8>")
                                     .arg(cudaTypeName(d))
                                     .arg(paramInt(p, "warps"))
                                     .arg(paramInt(p, "stages"))
                                     .arg(paramInt(p, "ntiles"))
                                     .arg(llm::w4a16Rows(int(paramInt(p, "M"))))
                                     .arg(paramInt(p, "kwarps"))
                                     .arg(paramInt(p, "wgmma"))
                                     .arg(paramInt(p, "balance"))};
            if (paramInt(p, "wgmma") == 1)
                o.arch = QStringLiteral("sm_90a"); // wgmma exists only arch-specific
            return o;
        };
        k.testCases = w4Cases();
        c.add(k);
    }
    {
        KernelSpec k =
            base("llm.w4a16_cublas", tr("cuBLAS on dequantized W4A16 weights"),
                 tr("The baseline of llm.w4a16_gemm: the same X and the same INT4 weights dequantized to a "
                    "16-bit K x N matrix ahead of time, multiplied by cublasGemmEx (fp32 accumulation, "
                    "16-bit Y). It reads four times the weight bytes."),
                 "gemm");
        k.source.clear(); // cuBLAS, nothing compiled
        k.params = w4Params(false);
        k.dtypes = k16Bit;
        k.work = [](const Params &p, model::Dtype d) {
            return model::workloads::gemm(double(paramInt(p, "M")), double(paramInt(p, "N")),
                                          double(paramInt(p, "K")), d);
        };
        k.testCases = {{{"M", 1}, {"N", 1024}, {"K", 1024}},
                       {{"M", 16}, {"N", 1000}, {"K", 1152}},
                       {{"M", 5}, {"N", 77}, {"K", 256}}};
        c.add(k);
    }
    {
        KernelSpec k =
            base("llm.residual_rmsnorm", tr("Residual add + RMSNorm (fused)"),
                 tr("The decoder's pre-norm step in one kernel: h = x + r is written (the residual "
                    "stream) and y = RMSNorm(h) * w is written, the row held in registers: x and r read "
                    "once, h and y written once, 8 bytes per element in bf16 instead of the 10 of an add "
                    "kernel followed by a norm kernel."),
                 "residual_rmsnorm");
        k.params = {intParam("rows", tr("rows (tokens, one block each)"), 32768, 1, 1 << 24),
                    intParam("cols", tr("columns (the model width)"), 4096, 1, 16384),
                    intParam("block", tr("threads per block"), 512, 32, 1024, 32)};
        k.dtypes = k16Bit + QStringList{"fp32"};
        k.work = [](const Params &p, model::Dtype d) {
            return model::workloads::residualRmsnorm(double(paramInt(p, "rows")), double(paramInt(p, "cols")),
                                                     d, true);
        };
        k.validate = rowFits;
        k.compileOptions = [](const Params &p, model::Dtype d) {
            CompileOptions o;
            o.source = QStringLiteral("llm.cu");
            o.nameExpressions = {QStringLiteral("residual_rmsnorm<%1, %2, %3>")
                                     .arg(cudaTypeName(d))
                                     .arg(paramInt(p, "cols"))
                                     .arg(paramInt(p, "block"))};
            return o;
        };
        k.testCases = {{{"rows", 3}, {"cols", 77}, {"block", 64}},
                       {{"rows", 100}, {"cols", 1000}},
                       {{"rows", 257}, {"cols", 4096}},
                       {{"rows", 64}, {"cols", 8192}, {"block", 1024}}};
        c.add(k);
    }
}

} // namespace kernels
