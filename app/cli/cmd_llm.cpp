// workload kvcache, workload decoder: LLM inference on the roofline (no GPU needed).
#include "cliutil.h"
#include "dbutil.h"

#include "llm.h"
#include "roofline.h"
#include "specdb.h"
#include "units.h"

#include <QCoreApplication>
#include <QJsonArray>

namespace cli {

namespace {

QString tr(const char *s)
{
    return QCoreApplication::translate("cli::llm", s);
}

QString presetList()
{
    QStringList ids;
    for (const auto &m : model::llm::presets())
        ids.append(m.id);
    return ids.join(", ");
}

// A number option with its default when not given (numberOption gives 0 then).
std::optional<double> numberOr(const QCommandLineParser &p, const QString &name, double fallback)
{
    bool given = false;
    const auto v = numberOption(p, name, &given);
    if (!v)
        return std::nullopt;
    return given ? *v : fallback;
}

// The bytes of weights one decode step reads: every linear layer once (bf16 unless told).
double stepWeightBytes(const model::llm::ModelConfig &m, const model::Gpu &gpu)
{
    model::llm::StepOptions o;
    o.kvLength = 1;
    const auto step = model::llm::decoderStep(m, gpu, o);
    return step ? step->weightBytes : 0;
}

} // namespace

int cmdKvcache(const QStringList &args)
{
    QCommandLineParser p;
    addDbOptions(p);
    p.addOption(
        {"model",
         tr("a model preset (%1): its layers, KV heads, head size and weight bytes").arg(presetList()),
         "ID"});
    p.addOption({"layers", tr("decoder layers"), "L"});
    p.addOption({"Hkv", tr("key/value heads"), "h"});
    p.addOption({"D", tr("head size"), "d"});
    p.addOption({"B", tr("sequences in the batch"), "b", "1"});
    p.addOption({"S", tr("tokens in each sequence's cache"), "s", "4096"});
    p.addOption({"dtype", tr("KV cache type: %1").arg(model::dtypeNames().join(", ")), "D", "bf16"});
    p.addOption({"weights-bytes",
                 tr("bytes of weights a decode step reads (for where the KV reads pass them)"), "W"});
    p.addOption({"gpu", tr("GPU id (for a preset's weight bytes; any GPU gives the same)"), "ID"});
    p.addOption({"json", tr("machine-readable output")});
    if (!parse(p, args,
               tr("The KV cache of a decoder model: bytes per token, in total for B × S tokens, and the "
                  "B × S at which a decode step's KV reads pass its weight reads.")))
        return p.isSet("help") ? Ok : BadInput;
    const auto dtype = model::parseDtype(p.value("dtype"));
    if (!dtype)
        return badInput(tr("--dtype: unknown data type \"%1\"").arg(p.value("dtype")));
    double layers = 0, hkv = 0, d = 0, weights = 0;
    if (p.isSet("model")) {
        const auto m = model::llm::preset(p.value("model"));
        if (!m)
            return badInput(
                tr("--model: unknown preset \"%1\" (known: %2)").arg(p.value("model"), presetList()));
        layers = m->layers;
        hkv = m->kvHeads;
        d = m->headDim;
        const model::SpecDb db = loadDb(p);
        const model::Gpu *gpu =
            p.isSet("gpu") ? requireGpu(db, p) : (db.gpus().isEmpty() ? nullptr : &db.gpus().first());
        if (p.isSet("gpu") && !gpu)
            return BadInput;
        if (gpu)
            weights = stepWeightBytes(*m, *gpu);
    }
    for (const auto &[name, target] : {std::pair<const char *, double *>{"layers", &layers},
                                       {"Hkv", &hkv},
                                       {"D", &d},
                                       {"weights-bytes", &weights}}) {
        bool given = false;
        const auto v = numberOption(p, QLatin1String(name), &given);
        if (!v)
            return BadInput;
        if (given)
            *target = *v;
    }
    if (layers < 1 || hkv < 1 || d < 1)
        return badInput(tr("kvcache needs --layers, --Hkv and --D (each at least 1), or --model"));
    const auto b = numberOr(p, "B", 1), s = numberOr(p, "S", 4096);
    if (!b || !s)
        return BadInput;
    if (*b < 1 || *s < 1)
        return badInput(tr("--B and --S must each be at least 1"));
    const auto kv = model::llm::kvCache(layers, hkv, d, *dtype, *b, *s, weights);
    if (p.isSet("json")) {
        printJson({{"layers", layers},
                   {"kv_heads", hkv},
                   {"head_dim", d},
                   {"dtype", model::dtypeName(*dtype)},
                   {"bytes_per_token", kv.bytesPerToken},
                   {"tokens", kv.tokens},
                   {"total_bytes", kv.totalBytes},
                   {"weight_bytes", weights > 0 ? QJsonValue(weights) : QJsonValue()},
                   {"crossover_tokens", weights > 0 ? QJsonValue(kv.crossoverTokens) : QJsonValue()}});
        return Ok;
    }
    QList<QStringList> rows = {{tr("KV per token"), model::formatBytesBinary(kv.bytesPerToken) +
                                                        QStringLiteral("  (2 × %1 × %2 × %3 × %4 B)")
                                                            .arg(layers)
                                                            .arg(hkv)
                                                            .arg(d)
                                                            .arg(model::dtypeBytes(*dtype))},
                               {tr("tokens (B × S)"), QString::number(kv.tokens, 'f', 0)},
                               {tr("KV read per decode step"), model::formatBytesBinary(kv.totalBytes)}};
    if (weights > 0) {
        rows.append({tr("weights read per step"), model::formatBytesBinary(weights)});
        rows.append({tr("KV reads pass the weight reads at"),
                     tr("B × S ≈ %1 tokens").arg(kv.crossoverTokens, 0, 'f', 0)});
        rows.append({tr("KV share of the step's reads"),
                     QStringLiteral("%1 %").arg(100 * kv.totalBytes / (kv.totalBytes + weights), 0, 'f', 1)});
    }
    printTable({tr("quantity"), tr("value")}, rows);
    return Ok;
}

int cmdDecoder(const QStringList &args)
{
    QCommandLineParser p;
    addDbOptions(p);
    p.addOption({"model", tr("model preset: %1").arg(presetList()), "ID", "llama-3-8b"});
    p.addOption({"gpu", tr("GPU id"), "ID"});
    p.addOption({"B", tr("sequences in the batch"), "b", "1"});
    p.addOption({"S", tr("KV length (tokens in the cache, this step's included)"), "s", "4096"});
    p.addOption({"Sq", tr("query tokens per sequence this step (1: a decode step)"), "n", "1"});
    p.addOption({"prefill", tr("a prefill step: Sq = S")});
    p.addOption(
        {"weights", tr("weight format: %1").arg(model::llm::weightFormatNames().join(", ")), "F", "bf16"});
    p.addOption({"group", tr("w8a16/w4a16: weights per fp16 scale"), "g", "128"});
    p.addOption({"layer", tr("one decoder layer instead of the whole model step")});
    p.addOption({"unfused", tr("the small operators and attention as separate kernels")});
    p.addOption({"json", tr("machine-readable output")});
    if (!parse(p, args,
               tr("The operators of one decoder step of a model with their roofline points, and the step's "
                  "time at the roofline.")))
        return p.isSet("help") ? Ok : BadInput;
    const auto m = model::llm::preset(p.value("model"));
    if (!m)
        return badInput(tr("--model: unknown preset \"%1\" (known: %2)").arg(p.value("model"), presetList()));
    const auto format = model::llm::parseWeightFormat(p.value("weights"));
    if (!format)
        return badInput(tr("--weights: unknown format \"%1\" (known: %2)")
                            .arg(p.value("weights"), model::llm::weightFormatNames().join(", ")));
    const model::SpecDb db = loadDb(p);
    const model::Gpu *gpu = requireGpu(db, p);
    if (!gpu)
        return BadInput;
    model::llm::StepOptions o;
    const auto b = numberOr(p, "B", 1), s = numberOr(p, "S", 4096), sq = numberOr(p, "Sq", 1),
               g = numberOr(p, "group", 128);
    if (!b || !s || !sq || !g)
        return BadInput;
    o.batch = *b;
    o.kvLength = *s;
    o.queries = p.isSet("prefill") ? *s : *sq;
    o.weights = *format;
    o.group = *g;
    o.wholeModel = !p.isSet("layer");
    o.fused = !p.isSet("unfused");
    QString error;
    const auto step = model::llm::decoderStep(*m, *gpu, o, &error);
    if (!step)
        return badInput(error);

    if (p.isSet("json")) {
        QJsonArray ops;
        for (const auto &op : step->ops)
            ops.append(QJsonObject{{"name", op.name},
                                   {"kind", op.kind},
                                   {"count", op.count},
                                   {"flops", op.work.flops},
                                   {"bytes", op.work.bytes},
                                   {"ai", op.work.ai()},
                                   {"precision", op.precision},
                                   {"bound", op.memoryBound ? "memory" : "compute"},
                                   {"time_s", op.timeS}});
        printJson({{"model", m->id},
                   {"source", m->source},
                   {"gpu", gpu->id},
                   {"weights", model::llm::weightFormatName(o.weights)},
                   {"B", o.batch},
                   {"Sq", o.queries},
                   {"S", o.kvLength},
                   {"whole_model", o.wholeModel},
                   {"ops", ops},
                   {"time_s", step->timeS},
                   {"flops", step->flops},
                   {"bytes", step->bytes},
                   {"weight_bytes", step->weightBytes},
                   {"kv_bytes", step->kvBytes}});
        return Ok;
    }
    printLine(
        tr("%1 on %2: %3 × %4 query token(s), KV length %5, %6 weights%7")
            .arg(m->name, gpu->name)
            .arg(o.batch)
            .arg(o.queries)
            .arg(o.kvLength)
            .arg(model::llm::weightFormatName(o.weights), o.wholeModel ? QString() : tr(", one layer")));
    QList<QStringList> rows;
    for (const auto &op : step->ops)
        rows.append({op.name, QStringLiteral("× %1").arg(op.count), model::formatSi(op.work.flops, "FLOP"),
                     model::formatSi(op.work.bytes, "B"), QString::number(op.work.ai(), 'g', 4),
                     model::precisionLabel(op.precision), op.memoryBound ? tr("memory") : tr("compute"),
                     model::formatSeconds(op.timeS)});
    printTable({tr("operator"), tr("count"), tr("FLOPs"), tr("bytes"), tr("FLOP/B"), tr("ceiling"),
                tr("bound"), tr("time")},
               rows);
    printLine(tr("step at the roofline: %1; weights read %2, KV read %3 (%4 % of the bytes)")
                  .arg(model::formatSeconds(step->timeS), model::formatBytesBinary(step->weightBytes),
                       model::formatBytesBinary(step->kvBytes))
                  .arg(step->bytes > 0 ? 100 * step->kvBytes / step->bytes : 0, 0, 'f', 1));
    printLine(tr("shapes: %1").arg(m->source));
    return Ok;
}

} // namespace cli
