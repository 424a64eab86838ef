// gpus, roofline, workload: the model's numbers, no GPU needed.
#include "cliutil.h"
#include "dbutil.h"

#include "roofline.h"
#include "specdb.h"
#include "units.h"
#include "workloads.h"

#include <QJsonArray>

namespace cli {

int cmdKvcache(const QStringList &args); // cmd_llm.cpp
int cmdDecoder(const QStringList &args); // cmd_llm.cpp

int cmdGpus(const QStringList &args)
{
    QCommandLineParser p;
    addDbOptions(p);
    p.addOption({"json", "machine-readable output"});
    if (!parse(p, args, "List the GPUs in the spec database."))
        return p.isSet("help") ? Ok : BadInput;
    const model::SpecDb db = loadDb(p);
    QJsonArray gpus;
    QList<QStringList> rows;
    for (const model::Gpu &g : db.gpus()) {
        gpus.append(QJsonObject{
            {"id", g.id},
            {"name", g.name},
            {"vendor", g.vendor},
            {"cc", g.computeCapability.isEmpty() ? QJsonValue() : QJsonValue(g.computeCapability)}});
        rows.append({g.id, g.name, g.vendor, g.generation, g.computeCapability});
    }
    if (p.isSet("json"))
        printJson({{"gpus", gpus}});
    else
        printTable({"id", "name", "vendor", "generation", "cc"}, rows);
    return Ok;
}

int cmdRoofline(const QStringList &args)
{
    QCommandLineParser p;
    addDbOptions(p);
    p.addOption({"gpu", "GPU id (see: rooflab-cli gpus)", "ID"});
    p.addOption({"json", "machine-readable output"});
    if (!parse(p, args, "Ceilings and ridge points of one GPU."))
        return p.isSet("help") ? Ok : BadInput;
    const model::SpecDb db = loadDb(p);
    const model::Gpu *gpu = requireGpu(db, p);
    if (!gpu)
        return BadInput;
    const model::Roofline roof(*gpu);
    QJsonArray compute, memory, ridges;
    for (const auto &c : roof.compute())
        compute.append(
            QJsonObject{{"precision", c.precision}, {"flop_per_s", c.flopPerS}, {"source", c.source}});
    for (const auto &m : roof.memory())
        memory.append(QJsonObject{{"level", m.level}, {"bytes_per_s", m.bytesPerS}, {"source", m.source}});
    for (const auto &r : roof.ridges())
        ridges.append(QJsonObject{{"precision", r.precision}, {"level", r.level}, {"ai", r.ai}});
    if (p.isSet("json")) {
        printJson({{"gpu", gpu->id}, {"compute", compute}, {"memory", memory}, {"ridges", ridges}});
        return Ok;
    }
    printLine(QStringLiteral("%1 (%2)").arg(gpu->name, gpu->id));
    QList<QStringList> rows;
    for (const auto &m : roof.memory())
        rows.append(
            {model::levelLabel(m.level, gpu->memoryType), model::formatSi(m.bytesPerS, "B/s"), "", ""});
    for (const auto &c : roof.compute()) {
        QStringList row = {model::precisionLabel(c.precision), model::formatSi(c.flopPerS, "FLOP/s")};
        row.append(QString::number(roof.ridge(c.precision, "hbm"), 'f', 1));
        row.append(roof.bandwidth("smem") > 0 ? QString::number(roof.ridge(c.precision, "smem"), 'f', 2)
                                              : "");
        rows.append(row);
    }
    printTable({"ceiling", "value", "ridge vs HBM (FLOP/B)", "ridge vs smem"}, rows);
    return Ok;
}

int cmdWorkload(const QStringList &args)
{
    // The two LLM workloads are lists of operators rather than one count.
    if (args.size() > 1 && args.at(1) == QLatin1String("kvcache"))
        return cmdKvcache(args.mid(1));
    if (args.size() > 1 && args.at(1) == QLatin1String("decoder"))
        return cmdDecoder(args.mid(1));
    QCommandLineParser p;
    addDbOptions(p);
    p.addPositionalArgument("kind",
                            "workload: " + model::workloads::kinds().join(", ") + ", kvcache, decoder");
    p.addOption({"gpu", "GPU id", "ID"});
    p.addOption({"dtype", "data type: " + model::dtypeNames().join(", "), "D", "fp32"});
    const QStringList shapeNames = {"n",    "M",    "N",   "K",     "beta",   "B",   "H",  "S",     "D",
                                    "rows", "cols", "ops", "loads", "stores", "Hkv", "Sq", "wbits", "group"};
    for (const QString &n : shapeNames)
        p.addOption({n, "shape parameter " + n, "value"});
    p.addOption({"fused", "attention: fused (flash) rather than materialized scores"});
    p.addOption(
        {"unfused",
         "residual_rmsnorm, rmsnorm_fp8, swiglu, rope_kv: as the separate kernels the fused one replaces"});
    p.addOption({"residual", "layernorm: with a residual input"});
    p.addOption({"json", "machine-readable output"});
    if (!parse(p, args, "FLOPs, minimum bytes, intensity and attainable performance of a workload."))
        return p.isSet("help") ? Ok : BadInput;
    if (p.positionalArguments().size() != 1)
        return badInput("workload: name one workload kind (" + model::workloads::kinds().join(", ") + ")");
    const QString kind = p.positionalArguments().at(0);
    const auto dtype = model::parseDtype(p.value("dtype"));
    if (!dtype)
        return badInput(QStringLiteral("--dtype: unknown data type \"%1\" (known: %2)")
                            .arg(p.value("dtype"), model::dtypeNames().join(", ")));
    const model::SpecDb db = loadDb(p);
    const model::Gpu *gpu = requireGpu(db, p);
    if (!gpu)
        return BadInput;
    model::Shape shape;
    for (const QString &n : shapeNames) {
        bool given = false;
        const auto v = numberOption(p, n, &given);
        if (!v)
            return BadInput;
        if (given)
            shape[n] = *v;
    }
    if (kind == "attention")
        shape["fused"] = p.isSet("fused") ? 1 : 0;
    if (p.isSet("residual"))
        shape["residual"] = 1;
    if (p.isSet("unfused"))
        shape["unfused"] = 1;
    QString error;
    const auto count = model::workloads::count(kind, *dtype, shape, &error);
    if (!count)
        return badInput(error);
    const QString precision = model::precisionFor(*gpu, *dtype);
    const model::Roofline roof(*gpu);
    const auto att = roof.attainable(count->ai(), precision);
    // A GEMM's intensity grows with M (tokens in flight): where it meets the ridge on this GPU.
    std::optional<double> ridgeM;
    if (kind == "gemm") {
        const model::Shape full = [&] {
            model::Shape s = model::workloads::defaultShape("gemm");
            for (auto it = shape.cbegin(); it != shape.cend(); ++it)
                s[it.key()] = it.value();
            return s;
        }();
        ridgeM = model::workloads::gemmRidgeM(full["N"], full["K"], *dtype, int(full["wbits"]), full["group"],
                                              roof.ridge(precision, "hbm"));
    }
    if (p.isSet("json")) {
        printJson({{"kind", kind},
                   {"dtype", model::dtypeName(*dtype)},
                   {"gpu", gpu->id},
                   {"precision", precision},
                   {"flops", count->flops},
                   {"bytes", count->bytes},
                   {"ai", count->ai()},
                   {"attainable_flop_s", att.flopPerS},
                   {"bound", model::boundName(att.bound)},
                   {"ridge_m", ridgeM ? QJsonValue(*ridgeM) : QJsonValue()}});
        return Ok;
    }
    QList<QStringList> rows = {
        {"workload", kind + " (" + model::dtypeName(*dtype) + ")"},
        {"GPU", gpu->name},
        {"FLOPs", model::formatSi(count->flops, "FLOP")},
        {"bytes (minimum)", model::formatSi(count->bytes, "B")},
        {"intensity", QString::number(count->ai(), 'g', 4) + " FLOP/B"},
        {"ceiling", model::precisionLabel(precision) + " " + model::formatSi(att.ceiling, "FLOP/s")},
        {"attainable", model::formatSi(att.flopPerS, "FLOP/s")},
        {"bound", model::boundName(att.bound)}};
    if (kind == "gemm")
        rows.append(
            {"crosses the ridge at", ridgeM ? QStringLiteral("M = %1").arg(*ridgeM, 0, 'f', 1)
                                            : QStringLiteral("never (the activations' bytes cap it below)")});
    printTable({"quantity", "value"}, rows);
    return Ok;
}

} // namespace cli
