// tile: the GEMM tile model (shared memory, grid, traffic, occupancy, waves, predicted time).
#include "cmd_tile.h"
#include "ceilingpolicy.h"
#include "perfmodel.h"

#include "cliutil.h"
#include "dbutil.h"

#include "specdb.h"
#include "tilemodel.h"
#include "units.h"

#include <QJsonArray>

#include <functional>

namespace cli {

namespace {

const TileCompileHook &hook()
{
    static const TileCompileHook h = nvrtcTileCompileHook();
    return h;
}

// A whole number within [lo, hi], or a message naming the option.
std::optional<qint64> wholeOption(const QCommandLineParser &p, const QString &name, qint64 lo, qint64 hi)
{
    bool ok = false;
    const qint64 v = p.value(name).trimmed().toLongLong(&ok);
    if (!ok) {
        badInput(QStringLiteral("--%1: \"%2\" is not a whole number").arg(name, p.value(name)));
        return std::nullopt;
    }
    if (v < lo || v > hi) {
        badInput(QStringLiteral("--%1: %2 is outside %3..%4").arg(name).arg(v).arg(lo).arg(hi));
        return std::nullopt;
    }
    return v;
}

QJsonArray strings(const QStringList &list)
{
    QJsonArray a;
    for (const QString &s : list)
        a.append(s);
    return a;
}

} // namespace

int cmdTile(const QStringList &args)
{
    QCommandLineParser p;
    addDbOptions(p);
    p.addOption({"gpu", "GPU id (see: rooflab-cli gpus)", "ID"});
    for (const char *dim : {"M", "N", "K"})
        p.addOption(
            {dim, QStringLiteral("GEMM size %1 (C is M×N, A M×K, B K×N)").arg(QLatin1String(dim)), "n"});
    p.addOption({"dtype", "data type: " + model::dtypeNames().join(", "), "D", "fp32"});
    p.addOption({"bm", "tile rows BM", "n"});
    p.addOption({"bn", "tile columns BN", "n"});
    p.addOption({"bk", "K-step BK", "n"});
    p.addOption({"stages", "shared-memory buffers (2 = double buffering)", "n", "2"});
    p.addOption({"threads", "threads per block", "n"});
    p.addOption({"group", "grouped block order: rows of tiles per group (1 = row-major)", "G", "1"});
    p.addOption(
        {"regs", "registers per thread from the compiler (default: an estimate, marked as such)", "R"});
    p.addOption({"extra-smem", "extra shared memory per block in bytes (padding)", "BYTES", "0"});
    p.addOption({"l2-bw", "L2 bandwidth in B/s (default: the spec DB's, else a stated assumption)", "B/s"});
    p.addOption(
        {"carveout", "shared-memory carveout: default, max-l1, max-shared or a percentage", "C", "default"});
    p.addOption({"l2-footprint",
                 "what must fit in L2 for a wave to share panels: panels (whole BM×K / K×BN panels, as "
                 "DESIGN.md) or kslice (only the stages × BK slices in flight; the default)",
                 "F", "kslice"});
    p.addOption({"json", "machine-readable output"});
    // --compile (cmd_tile_compile.cpp) adds its options here and, below, replaces the estimated
    // register count with the compiled ladder kernel's.
    if (hook().addOptions)
        hook().addOptions(p);
    addBestOptions(p); // --best N (cmd_tile_best.cpp)
    if (!parse(
            p, args,
            "The GEMM tile model: shared memory, grid, traffic with and without L2 reuse, occupancy, waves\n"
            "and the predicted time with each of its terms."))
        return p.isSet("help") ? Ok : BadInput;

    if (p.isSet("best"))
        return tileBest(p);
    for (const char *only : {"measure", "device"})
        if (p.isSet(only))
            return badInput(QStringLiteral("--%1 goes with --best").arg(QLatin1String(only)));
    for (const char *required : {"gpu", "M", "N", "K", "bm", "bn", "bk", "threads"})
        if (!p.isSet(required))
            return badInput(QStringLiteral("--%1 is required").arg(QLatin1String(required)));
    const auto dtype = model::parseDtype(p.value("dtype"));
    if (!dtype)
        return badInput(QStringLiteral("--dtype: unknown data type \"%1\" (known: %2)")
                            .arg(p.value("dtype"), model::dtypeNames().join(", ")));
    model::TileInput in;
    in.dtype = *dtype;
    const qint64 maxDim = qint64(1) << 24, maxTile = 4096;
    struct Field
    {
        const char *name;
        qint64 lo, hi;
        std::function<void(qint64)> set;
    };
    const Field fields[] = {
        {"M", 1, maxDim, [&](qint64 v) { in.M = v; }},
        {"N", 1, maxDim, [&](qint64 v) { in.N = v; }},
        {"K", 1, maxDim, [&](qint64 v) { in.K = v; }},
        {"bm", 1, maxTile, [&](qint64 v) { in.bm = int(v); }},
        {"bn", 1, maxTile, [&](qint64 v) { in.bn = int(v); }},
        {"bk", 1, maxTile, [&](qint64 v) { in.bk = int(v); }},
        {"stages", 1, 64, [&](qint64 v) { in.stages = int(v); }},
        {"threads", 1, 65536, [&](qint64 v) { in.threads = int(v); }},
        {"group", 1, maxDim, [&](qint64 v) { in.group = int(v); }},
        {"extra-smem", 0, qint64(1) << 30, [&](qint64 v) { in.extraSmemBytes = v; }},
    };
    for (const Field &f : fields) {
        const auto v = wholeOption(p, f.name, f.lo, f.hi);
        if (!v)
            return BadInput;
        f.set(*v);
    }
    if (p.isSet("regs")) {
        const auto v = wholeOption(p, "regs", 0, 255);
        if (!v)
            return BadInput;
        in.registers = int(*v);
    }
    if (p.isSet("l2-bw")) {
        bool ok = false;
        const double bw = p.value("l2-bw").toDouble(&ok);
        if (!ok || !(bw > 0))
            return badInput(
                QStringLiteral("--l2-bw: \"%1\" is not a positive bandwidth in B/s").arg(p.value("l2-bw")));
        in.l2BandwidthBytesPerS = bw;
    }
    const auto carveout = model::parseCarveout(p.value("carveout"));
    if (!carveout)
        return badInput(
            QStringLiteral("--carveout: \"%1\" is not default, max-l1, max-shared or a percentage 0-100")
                .arg(p.value("carveout")));
    in.carveout = *carveout;
    if (p.value("l2-footprint") == QLatin1String("panels"))
        in.footprint = model::L2Footprint::Panels;
    else if (p.value("l2-footprint") == QLatin1String("kslice"))
        in.footprint = model::L2Footprint::KSlices;
    else
        return badInput(
            QStringLiteral("--l2-footprint: \"%1\" is not panels or kslice").arg(p.value("l2-footprint")));

    const model::SpecDb db = loadDb(p);
    const model::Gpu *gpu = requireGpu(db, p);
    if (!gpu)
        return BadInput;
    // --regs wins over --compile: a count the user gives is taken as it is.
    const bool regsGiven = in.registers.has_value();
    TileCompileOutcome compiled;
    if (hook().compile) { // it keeps a given count, and still maps the tile onto its kernel
        compiled = hook().compile(p, in, *gpu);
        if (!compiled.error.isEmpty())
            return compiled.badInput
                       ? badInput(QStringLiteral("tile: %1").arg(compiled.error))
                       : fail(Failed, QStringLiteral("tile: compile failed: %1").arg(compiled.error));
        if (compiled.registers)
            in.registers = *compiled.registers;
    }
    const QString registersSource = regsGiven            ? QStringLiteral("given")
                                    : compiled.registers ? QStringLiteral("compiled")
                                                         : QStringLiteral("estimated");

    const model::TileModel tm(*gpu);
    const model::TileResult r = tm.evaluate(in);
    // With --compile the tile is a ladder kernel: the performance model explains it term by
    // term (the peaks-only terms above stay for the lesson on rooflines).
    std::optional<model::Prediction> perf;
    // The ceilings of the one policy (model::chooseCeilings): RoofLab's samples measured on this
    // GPU, else the datasheet; the prediction is the explorer's (kernels::gemm::predictTile).
    model::CeilingRequest ceilingRequest;
    ceilingRequest.gpu = gpu;
    const model::CeilingChoice ceilings = model::chooseCeilings(ceilingRequest);
    if (compiled.plan.hasKernel() && r.ok)
        perf = kernels::gemm::predictTile(compiled.plan, r, in.registers, &compiled.compiled,
                                          model::PerfModel(*gpu, ceilings.machine));
    QJsonObject perfJson;
    if (perf) {
        QJsonObject terms;
        for (const model::PerfTerm &t : perf->terms)
            terms[t.name] = t.seconds;
        perfJson =
            QJsonObject{{"ok", perf->ok},
                        {"reason", perf->reason},
                        {"kernel", compiled.plan.kernelId},
                        {"ceilings", ceilings.reason},
                        {"predicted_time_s", perf->ok ? QJsonValue(perf->timeS) : QJsonValue()},
                        {"predicted_flop_s",
                         perf->ok && perf->timeS > 0 ? QJsonValue(perf->flops / perf->timeS) : QJsonValue()},
                        {"bound", perf->bound},
                        {"bound_words", perf->boundWords},
                        {"terms", terms},
                        {"formula", perf->formula.toJson()},
                        {"formula_text", strings(model::formulaLines(perf->formula))},
                        {"notes", strings(perf->notes)}};
    }

    if (p.isSet("json")) {
        QJsonObject o{
            {"gpu", gpu->id},
            {"ok", r.ok},
            {"problems", strings(r.problems)},
            {"notes", strings(r.notes)},
            {"inputs", QJsonObject{{"M", double(in.M)},
                                   {"N", double(in.N)},
                                   {"K", double(in.K)},
                                   {"dtype", model::dtypeName(in.dtype)},
                                   {"bm", in.bm},
                                   {"bn", in.bn},
                                   {"bk", in.bk},
                                   {"stages", in.stages},
                                   {"threads", in.threads},
                                   {"group", in.group}}},
            {"precision", r.precision},
            {"mma", r.mma ? QJsonValue(r.mma->name()) : QJsonValue()},
            {"smem_bytes", double(r.smemBytes)},
            {"ai_stage", r.aiStage},
            {"grid", QJsonObject{{"m", double(r.gridM)}, {"n", double(r.gridN)}}},
            {"grid_blocks", double(r.gridBlocks)},
            {"k_iterations", double(r.kIterations)},
            {"flops", r.flops},
            {"l2_read_bytes_no_reuse", r.l2ReadBytesNoReuse},
            {"c_bytes", r.cBytes},
            {"l2_bytes", r.l2Bytes},
            {"hbm_bytes", r.hbmBytes},
            {"hbm_bytes_min", r.hbmBytesMin},
            {"hbm_reuse", r.hbmReuse},
            {"l2_footprint", in.footprint == model::L2Footprint::KSlices ? "kslice" : "panels"},
            {"wave_footprint_bytes", r.waveFootprintBytes},
            {"registers", r.registers},
            {"registers_estimated", r.registersEstimated},
            {"registers_source", registersSource},
            {"compile", compiled.details.isEmpty() ? QJsonValue() : QJsonValue(compiled.details)},
            {"blocks_per_sm", r.blocksPerSm},
            {"limiter", model::limiterName(r.limiter)},
            {"occupancy", r.occupancy.occupancy},
            {"waves", r.waves},
            {"wave_efficiency", r.waveEfficiency},
            {"peak_flop_s", r.peakFlopS},
            {"hbm_bytes_per_s", r.hbmBytesPerS},
            {"l2_bytes_per_s", r.l2BytesPerS},
            {"l2_bandwidth_assumed", r.l2BandwidthAssumed},
            {"time", QJsonObject{{"compute_s", r.computeS}, {"hbm_s", r.hbmS}, {"l2_s", r.l2S}}},
            {"predicted_time_s", r.ok ? QJsonValue(r.predictedTimeS) : QJsonValue()},
            {"predicted_flop_s", r.ok ? QJsonValue(r.predictedFlopS) : QJsonValue()},
            {"ai_hbm", r.aiHbm()},
            {"bound", r.ok ? QJsonValue(r.bound) : QJsonValue()},
            {"formula", r.ok ? QJsonValue(model::PerfFormula::slowestOf(r.computeS, r.hbmS, r.l2S).toJson())
                             : QJsonValue()},
            {"model", perfJson.isEmpty() ? QJsonValue() : QJsonValue(perfJson)},
        };
        printJson(o);
    } else {
        printLine(QStringLiteral("%1: GEMM %2×%3×%4 %5, tile %6×%7×%8, %9 stages")
                      .arg(gpu->name)
                      .arg(in.M)
                      .arg(in.N)
                      .arg(in.K)
                      .arg(model::dtypeName(in.dtype))
                      .arg(in.bm)
                      .arg(in.bn)
                      .arg(in.bk)
                      .arg(in.stages) +
                  QStringLiteral(", %1 threads, group %2").arg(in.threads).arg(in.group));
        const auto bytes = [](double b) { return model::formatBytesBinary(b); };
        QList<QStringList> rows = {
            {"shared memory / block", bytes(double(r.smemBytes))},
            {"intensity per stage", QString::number(r.aiStage, 'g', 4) + " FLOP/B"},
            {"grid", QStringLiteral("%1 × %2 = %3 blocks").arg(r.gridM).arg(r.gridN).arg(r.gridBlocks)},
            {"K iterations", QString::number(r.kIterations)},
            {"FLOPs", model::formatSi(r.flops, "FLOP")},
            {"L2 reads, no reuse", bytes(r.l2ReadBytesNoReuse)},
            {"C written", bytes(r.cBytes)},
            {"HBM bytes (L2 wave model)", bytes(r.hbmBytes) + (r.hbmReuse ? "" : "  (no reuse)")},
            {"HBM bytes (minimum)", bytes(r.hbmBytesMin)},
            {"registers / thread", QString::number(r.registers) + (r.registersEstimated ? "  (estimated)"
                                                                   : compiled.registers ? "  (compiled)"
                                                                                        : "")},
            {"blocks / SM",
             QStringLiteral("%1 (limited by %2)").arg(r.blocksPerSm).arg(model::limiterLabel(r.limiter))},
            {"waves",
             QStringLiteral("%1 (efficiency %2 %)")
                 .arg(QString::number(r.waves, 'g', 4), QString::number(r.waveEfficiency * 100, 'g', 4))},
        };
        rows += compiled.rows;
        if (r.ok) {
            rows.append({"compute term", model::formatSeconds(r.computeS) + "  (" +
                                             model::precisionLabel(r.precision) + " " +
                                             model::formatSi(r.peakFlopS, "FLOP/s") + " × wave efficiency)"});
            rows.append({"HBM term", model::formatSeconds(r.hbmS) + "  (" +
                                         model::formatSi(r.hbmBytesPerS, "B/s") + ")"});
            rows.append({"L2 term", model::formatSeconds(r.l2S) + "  (" +
                                        model::formatSi(r.l2BytesPerS, "B/s") +
                                        (r.l2BandwidthAssumed ? ", ASSUMED" : "") + ")"});
            rows.append(
                {"predicted time", model::formatSeconds(r.predictedTimeS) + "  (" + r.bound + "-bound)"});
            rows.append({"predicted", model::formatSi(r.predictedFlopS, "FLOP/s") + " at " +
                                          QString::number(r.aiHbm(), 'g', 4) + " FLOP/B (HBM)"});
        }
        if (perf && perf->ok) {
            rows.append({QStringLiteral("ceilings"), ceilings.reason});
            rows.append({QStringLiteral("performance model (%1)").arg(compiled.plan.kernelId),
                         model::formatSeconds(perf->timeS) + "  (" + perf->bound + "-bound), " +
                             model::formatSi(perf->flops / perf->timeS, "FLOP/s")});
            for (const model::PerfTerm &t : perf->terms)
                rows.append(
                    {QStringLiteral("  ") + t.name,
                     model::formatSeconds(t.seconds) + (t.detail.isEmpty() ? QString() : "  " + t.detail)});
        }
        printTable({"quantity", "value"}, rows);
        // How the terms combine into each predicted time (the peaks-only one, then the model's).
        if (r.ok)
            for (const QString &line :
                 model::formulaLines(model::PerfFormula::slowestOf(r.computeS, r.hbmS, r.l2S)))
                printLine("tile model: " + line);
        if (perf && perf->ok) {
            for (const QString &line : model::formulaLines(perf->formula))
                printLine("performance model: " + line);
            printLine("bound by " + perf->boundWords);
        }
        for (const QString &n : r.notes)
            printLine("note: " + n);
    }
    if (!r.ok) {
        for (const QString &problem : r.problems)
            badInput(QStringLiteral("tile: %1").arg(problem));
        return BadInput;
    }
    return Ok;
}

} // namespace cli
