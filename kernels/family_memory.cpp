// The memory family (kernels/src/memory.cu): its catalog entries, one row of a table each.
// The benches that run and check them are in bench_memory.cpp (runtime library).
#include "catalog.h"
#include "families.h"

#include <QCoreApplication>

namespace kernels {

namespace {

QString tr(const char *s)
{
    return QCoreApplication::translate("kernels::MemoryKernels", s);
}

constexpr qint64 kMaxN = qint64(1) << 32;

// ---------------------------------------------------------------- entry functions

enum class Elementwise { Copy, Add, Triad };

QString elementwiseKernel(Elementwise kind, const Params &p, model::Dtype d)
{
    const QString t = cudaTypeName(d);
    const bool vector = paramText(p, "variant") == QLatin1String("vector");
    const QString unroll = QString::number(paramInt(p, "unroll"));
    const QString hint = paramText(p, "cache") == QLatin1String("streaming") ? "1" : "0";
    if (kind == Elementwise::Copy) {
        const QString variant = paramText(p, "variant");
        if (variant == QLatin1String("persistent"))
            return QStringLiteral("copy_persistent<%1, %2, %3>").arg(t, unroll, hint);
        if (variant == QLatin1String("bulk"))
            return QStringLiteral("copy_bulk<%1, %2, %3>")
                .arg(t)
                .arg(paramInt(p, "stages"))
                .arg(paramInt(p, "chunk"));
        return vector ? QStringLiteral("copy_vector<%1, %2, %3>").arg(t, unroll, hint)
                      : QStringLiteral("copy_scalar<%1>").arg(t);
    }
    const QString op = kind == Elementwise::Add ? QStringLiteral("RlAddOp") : QStringLiteral("RlTriadOp");
    return vector ? QStringLiteral("binary_vector<%1, %2, %3, %4>").arg(t, op, unroll, hint)
                  : QStringLiteral("binary_scalar<%1, %2>").arg(t, op);
}

// Elements per 16-byte access of a row kernel (1 when the row length does not allow it).
int rowVector(qint64 cols, model::Dtype d)
{
    const int v = 16 / model::dtypeBytes(d);
    return cols % v == 0 ? v : 1;
}

// The entry functions of the row kernels, the main one first (then in launch order).
QStringList softmaxKernels(const Params &p, model::Dtype d)
{
    const QString t = cudaTypeName(d);
    const qint64 cols = paramInt(p, "cols"), block = paramInt(p, "block");
    if (paramText(p, "variant") == QLatin1String("three_pass")) {
        const int v = rowVector(cols, d);
        return {QStringLiteral("softmax_normalize<%1, %2, %3>").arg(t).arg(block).arg(v),
                QStringLiteral("softmax_rowmax<%1, %2, %3>").arg(t).arg(block).arg(v),
                QStringLiteral("softmax_rowsum<%1, %2, %3>").arg(t).arg(block).arg(v)};
    }
    return {QStringLiteral("softmax_online<%1, %2, %3>").arg(t).arg(cols).arg(block)};
}

QStringList layernormKernels(const Params &p, model::Dtype d)
{
    const QString t = cudaTypeName(d);
    const qint64 cols = paramInt(p, "cols"), block = paramInt(p, "block");
    const bool residual = paramInt(p, "residual") != 0;
    if (residual && paramText(p, "variant") == QLatin1String("two_kernels"))
        return {QStringLiteral("layernorm<%1, %2, %3, false>").arg(t).arg(cols).arg(block),
                QStringLiteral("binary_vector<%1, RlAddOp, 4, 0>").arg(t)};
    return {QStringLiteral("layernorm<%1, %2, %3, %4>")
                .arg(t)
                .arg(cols)
                .arg(block)
                .arg(residual ? "true" : "false")};
}

// ---------------------------------------------------------------- parameters

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
    return intParam("unroll", tr("16-byte accesses in flight per thread (vector variant)"), def, 1, 8, 1,
                    {1, 2, 4, 8});
}
ParamSpec cacheParam()
{
    return choiceParam("cache",
                       tr("vector variant: default loads and stores, or streaming (evict-first) hints"),
                       {"default", "streaming"});
}
ParamSpec vectorParam()
{
    return choiceParam("variant", tr("vector: 16-byte accesses; scalar: one element per thread"),
                       {"vector", "scalar"});
}
// The copy's own variants: the two lessons and two that aim at cudaMemcpyAsync.
ParamSpec copyVariantParam()
{
    return choiceParam("variant",
                       tr("vector: 16-byte accesses; scalar: one element per thread; persistent: the vector "
                          "copy as a grid-stride loop over one wave of blocks; bulk: TMA bulk copies through "
                          "shared memory (sm_90)"),
                       {"vector", "scalar", "persistent", "bulk"});
}
ParamSpec stagesParam()
{
    return intParam("stages",
                    tr("shared-memory buffers per block, one fewer bulk loads in flight (bulk variant)"), 4,
                    2, 8);
}
ParamSpec chunkParam()
{
    return intParam("chunk", tr("bytes per bulk copy (bulk variant)"), 16384, 4096, 65536, 4096,
                    {4096, 8192, 16384, 32768, 65536});
}
// The bulk copy's buffers must fit the shared memory of one block (227 KB on sm_90).
QString bulkFits(const Params &p, model::Dtype)
{
    if (paramText(p, "variant") != QLatin1String("bulk"))
        return {};
    const qint64 smem = paramInt(p, "stages") * paramInt(p, "chunk");
    if (smem > kSm90BlockSmemBytes)
        return tr("the bulk copy's %1 stages of %2 bytes need %3 bytes of shared memory: at most 227 KB")
            .arg(paramInt(p, "stages"))
            .arg(paramInt(p, "chunk"))
            .arg(smem);
    return {};
}
ParamSpec rowsParam()
{
    return intParam("rows", tr("rows (one block each)"), 32768, 1, 1 << 24);
}
ParamSpec colsParam()
{
    return intParam("cols", tr("columns"), 4096, 1, 16384);
}

// A row must fit the registers of its block: at most 64 values per thread.
QString rowFits(const Params &p, model::Dtype d)
{
    const qint64 cols = paramInt(p, "cols"), block = paramInt(p, "block");
    const int v = rowVector(cols, d);
    const qint64 perThread = ceilDiv(cols / v, block) * v;
    if (perThread > 64)
        return tr("parameter \"cols\" (%1) is too long for \"block\" %2: at most 64 values per thread, so "
                  "cols <= %3")
            .arg(cols)
            .arg(block)
            .arg(block * 64);
    return {};
}

// ---------------------------------------------------------------- test cases

QList<Params> elementwiseCases()
{
    QList<Params> out;
    for (const char *variant : {"vector", "scalar"})
        for (qint64 n : {qint64(777), qint64(1000003), qint64(1) << 22})
            out.append({{"n", n}, {"variant", variant}});
    out.append({{"n", 1000003}, {"variant", "vector"}, {"unroll", 1}, {"block", 96}});
    return out;
}

// The copy's cases: the shared ones and the two fast variants at sizes that leave a partial
// chunk, a tail below 16 bytes and fewer chunks than blocks.
QList<Params> copyCases()
{
    QList<Params> out = elementwiseCases();
    for (qint64 n : {qint64(777), qint64(1000003), qint64(1) << 22}) {
        out.append({{"n", n}, {"variant", "persistent"}});
        out.append({{"n", n}, {"variant", "bulk"}});
    }
    out.append({{"n", 1000003}, {"variant", "bulk"}, {"stages", 2}, {"chunk", 4096}});
    out.append({{"n", 1000003}, {"variant", "persistent"}, {"unroll", 8}, {"cache", "streaming"}});
    return out;
}

QList<Params> rowCases(const QStringList &variants)
{
    QList<Params> out;
    const QList<QPair<qint64, qint64>> shapes = {{3, 77}, {100, 1000}, {257, 4096}};
    for (const QString &v : variants.isEmpty() ? QStringList{QString()} : variants)
        for (const auto &[rows, cols] : shapes) {
            Params p{{"rows", rows}, {"cols", cols}};
            if (!v.isEmpty())
                p["variant"] = v;
            out.append(p);
        }
    return out;
}

// ---------------------------------------------------------------- the table

using WorkFn = std::function<model::WorkCount(const Params &, model::Dtype)>;
using NamesFn = std::function<QStringList(const Params &, model::Dtype)>;
using ValidateFn = std::function<QString(const Params &, model::Dtype)>;

// One memory kernel: everything but the fields every row shares (family, source).
struct MemoryKernel
{
    const char *id;
    QString title;
    QString description;
    const char *workload;
    const char *reference;
    QList<ParamSpec> params;
    QStringList dtypes;
    WorkFn work;
    NamesFn names; // entry functions, main one first
    QList<Params> testCases;
    ValidateFn validate = {};
};

// n elements counted by one of the model's elementwise workloads.
WorkFn perElement(model::WorkCount (*count)(double, model::Dtype))
{
    return [count](const Params &p, model::Dtype d) { return count(double(paramInt(p, "n")), d); };
}

WorkFn perRow(model::WorkCount (*count)(double, double, model::Dtype))
{
    return [count](const Params &p, model::Dtype d) {
        return count(double(paramInt(p, "rows")), double(paramInt(p, "cols")), d);
    };
}

NamesFn elementwise(Elementwise kind)
{
    return [kind](const Params &p, model::Dtype d) { return QStringList{elementwiseKernel(kind, p, d)}; };
}

QList<MemoryKernel> memoryKernels()
{
    const QStringList both = {"fp32", "bf16"};
    return {
        // Defaults: the fastest of a block x unroll x cache sweep on an H200 (2026-11-30).
        {"memory.copy",
         tr("Copy"),
         tr("out[i] = in[i]. The scalar version moves one element per thread; the vector version "
            "moves 16 bytes per access with several accesses in flight per thread. Both move the "
            "same bytes: the difference is how many requests the SMs keep in flight."),
         "copy",
         "exact",
         {nParam(qint64(1) << 28), copyVariantParam(), blockParam(1024), unrollParam(2), cacheParam(),
          stagesParam(), chunkParam()},
         both,
         perElement(model::workloads::copy),
         elementwise(Elementwise::Copy),
         copyCases(),
         bulkFits},
        {"memory.vector_add",
         tr("Vector add"),
         tr("c[i] = a[i] + b[i]: one addition per 12 bytes in fp32 (AI = 1/12), far left of every "
            "ridge point. Its ceiling is the copy bandwidth."),
         "vector_add",
         "cpu-fp64",
         {nParam(qint64(1) << 28), vectorParam(), blockParam(), unrollParam(), cacheParam()},
         both,
         perElement(model::workloads::vectorAdd),
         elementwise(Elementwise::Add),
         elementwiseCases()},
        {"memory.triad",
         tr("Triad"),
         tr("a[i] = b[i] + alpha * c[i] (STREAM triad): one fused multiply-add per element, two "
            "reads and a write."),
         "triad",
         "cpu-fp64",
         {nParam(qint64(1) << 28), vectorParam(), blockParam(), unrollParam(), cacheParam()},
         both,
         perElement(model::workloads::triad),
         elementwise(Elementwise::Triad),
         elementwiseCases()},
        {"memory.strided_read",
         tr("Strided read"),
         tr("out[i] = in[i * stride]. Memory moves 32-byte sectors: stride 2 uses half of each, "
            "stride 8 (32 bytes) and beyond one element per sector, 12.5 %."),
         "elementwise",
         "exact",
         {nParam(qint64(1) << 25),
          intParam("stride", tr("elements between consecutive reads"), 1, 1, 32, 1, {1, 2, 4, 8, 16, 32}),
          blockParam()},
         {"fp32"},
         [](const Params &p, model::Dtype d) { // useful bytes only
             return model::workloads::elementwise(double(paramInt(p, "n")), 0, 1, 1, d);
         },
         [](const Params &p, model::Dtype d) {
             return QStringList{
                 QStringLiteral("strided_read<%1, %2>").arg(cudaTypeName(d)).arg(paramInt(p, "stride"))};
         },
         {{{"n", 777}, {"stride", 32}},
          {{"n", 100003}, {"stride", 2}},
          {{"n", 1 << 20}, {"stride", 8}},
          {{"n", 1 << 20}, {"stride", 1}}}},
        {"memory.reduce",
         tr("Sum reduction"),
         tr("The sum of n floats. atomic: every element an atomicAdd on one address, which "
            "serializes. tree: per-thread sums, warp shuffles, one partial per block, the last "
            "block adds the partials."),
         "reduce",
         "cpu-fp64",
         {nParam(qint64(1) << 28),
          choiceParam("variant", tr("tree: warp-shuffle tree; atomic: one atomicAdd per element"),
                      {"tree", "atomic"}),
          blockParam()},
         {"fp32"},
         perElement(model::workloads::reduce),
         [](const Params &p, model::Dtype d) {
             if (paramText(p, "variant") == QLatin1String("tree"))
                 return QStringList{QStringLiteral("reduce_tree<%1, %2>")
                                        .arg(paramInt(p, "block"))
                                        .arg(memory::kReduceUnroll)};
             return QStringList{QStringLiteral("reduce_atomic<%1>").arg(cudaTypeName(d))};
         },
         [] {
             QList<Params> cases;
             for (const char *v : {"tree", "atomic"})
                 for (qint64 n : {qint64(777), qint64(1000003), qint64(1) << 22})
                     cases.append({{"n", n}, {"variant", v}});
             return cases;
         }()},
        {"memory.softmax",
         tr("Softmax"),
         tr("Row-wise softmax. three_pass: three kernels (row max, sum of exponentials, "
            "normalize), each reading the matrix again. online: one kernel, the row read once into "
            "registers and (max, sum) pairs merged with the online-softmax rule."),
         "softmax",
         "cpu-fp64",
         {rowsParam(), colsParam(),
          choiceParam("variant", tr("online: one pass; three_pass: three kernels"), {"online", "three_pass"}),
          blockParam()},
         both,
         perRow(model::workloads::softmax),
         softmaxKernels,
         rowCases({"online", "three_pass"}),
         [](const Params &p, model::Dtype d) {
             return paramText(p, "variant") == QLatin1String("online") ? rowFits(p, d) : QString();
         }},
        {"memory.rmsnorm",
         tr("RMSNorm"),
         tr("y = x / sqrt(mean(x^2) + eps) * w, one block per row, the row held in registers: one "
            "read and one write of the matrix."),
         "rmsnorm",
         "cpu-fp64",
         {rowsParam(), colsParam(), blockParam()},
         both,
         perRow(model::workloads::rmsnorm),
         [](const Params &p, model::Dtype d) {
             return QStringList{QStringLiteral("rmsnorm<%1, %2, %3>")
                                    .arg(cudaTypeName(d))
                                    .arg(paramInt(p, "cols"))
                                    .arg(paramInt(p, "block"))};
         },
         rowCases({}),
         rowFits},
        {"memory.layernorm",
         tr("LayerNorm (+ residual)"),
         tr("y = LayerNorm(x + r) * gamma + beta. two_kernels: the residual add writes h = x + r "
            "and LayerNorm reads it back (five tensor passes). fused: one kernel, h never leaves "
            "registers (three)."),
         "layernorm",
         "cpu-fp64",
         {rowsParam(), colsParam(), intParam("residual", tr("1: add a residual input first"), 1, 0, 1),
          choiceParam("variant", tr("fused: one kernel; two_kernels: residual add, then LayerNorm"),
                      {"fused", "two_kernels"}),
          blockParam()},
         both,
         [](const Params &p, model::Dtype d) {
             return model::workloads::layernorm(double(paramInt(p, "rows")), double(paramInt(p, "cols")), d,
                                                paramInt(p, "residual") != 0);
         },
         layernormKernels,
         rowCases({"fused", "two_kernels"}) + QList<Params>{{{"rows", 100}, {"cols", 1000}, {"residual", 0}}},
         rowFits},
    };
}

} // namespace

void registerMemoryKernels(Catalog &c)
{
    for (const MemoryKernel &m : memoryKernels()) {
        KernelSpec k;
        k.id = QString::fromLatin1(m.id);
        k.family = "memory";
        k.title = m.title;
        k.description = m.description;
        k.source = "memory.cu";
        k.workload = QString::fromLatin1(m.workload);
        k.reference = QString::fromLatin1(m.reference);
        k.params = m.params;
        k.dtypes = m.dtypes;
        k.work = m.work;
        k.validate = m.validate;
        k.compileOptions = [names = m.names](const Params &p, model::Dtype d) {
            CompileOptions o;
            o.source = QStringLiteral("memory.cu");
            o.nameExpressions = names(p, d);
            return o;
        };
        k.testCases = m.testCases;
        c.add(k);
    }
}

} // namespace kernels
