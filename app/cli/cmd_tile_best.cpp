// tile --best N: every legal tile of a ladder step at one GEMM size ranked by the performance
// model (kernels::gemm::rankTiles, as the Tile explorer's "the model's best tiles"; the leaders
// compiled for their real registers and ranked again, refineRanking), the top N
// with their binding terms and RoofLab's measured time where its samples hold that tile; with
// --measure, the top N run on this machine's GPU, and the best of them against the best
// measured tile of the whole committed sweep.
#include "cmd_tile.h"

#include "ceilingpolicy.h"
#include "cliutil.h"
#include "dbutil.h"
#include "paths.h"
#include "perfmodel.h"
#include "runner.h"
#include "specdb.h"
#include "units.h"

#include <QDir>
#include <QDirIterator>
#include <QJsonArray>
#include <QTextStream>

namespace cli {

namespace {

namespace gemm = kernels::gemm;

void progressLine(const QString &line)
{
    QTextStream(stderr) << line << '\n';
}

// RoofLab's measured tiles of this GPU (resources/samples), by gemm::measurementKey.
QHash<QString, model::Measurement> committedTiles(const QString &gpuId)
{
    QHash<QString, model::Measurement> out;
    const QDir root(model::resourcePath(QStringLiteral("samples")));
    QStringList files;
    for (QDirIterator it(root.path(), {QStringLiteral("*.json")}, QDir::Files, QDirIterator::Subdirectories);
         it.hasNext();)
        files << it.next();
    files.sort(); // as the explorer reads them: the ladder files before the folders' sweeps
    for (const QString &file : std::as_const(files)) {
        const auto rs = model::ResultSet::load(file, nullptr);
        if (rs && rs->device.spec == gpuId)
            gemm::indexMeasuredTiles(*rs, root.relativeFilePath(file), out);
    }
    return out;
}

QString paramsText(const kernels::Params &p)
{
    QStringList out;
    for (auto it = p.begin(); it != p.end(); ++it)
        if (it.key() != QLatin1String("M") && it.key() != QLatin1String("N") &&
            it.key() != QLatin1String("K"))
            out << it.key() + '=' + it.value().toString();
    return out.join(' ');
}

QJsonObject paramsJson(const kernels::Params &p)
{
    QJsonObject o;
    for (auto it = p.begin(); it != p.end(); ++it)
        o[it.key()] = double(it.value().toLongLong());
    return o;
}

struct Row
{
    const gemm::RankedTile *tile = nullptr;
    const model::Measurement *committed = nullptr; // RoofLab's samples
    std::optional<model::Measurement> measured;    // --measure
    QString measureError;
};

} // namespace

void addBestOptions(QCommandLineParser &p)
{
    p.addOption({"best",
                 "rank every legal tile of --step at this size by the performance model and list the N "
                 "fastest (with --gpu, -M, -N, -K; --dtype defaults to the step's own)",
                 "N"});
    p.addOption({"measure",
                 "with --best: run the N tiles on this machine's GPU (--device) and compare the best "
                 "of them with the best tile RoofLab's samples measured"});
    p.addOption({"device", "with --measure: CUDA device index", "N", "0"});
    p.addOption({"estimate", "with --best: rank by the model's register estimate alone (the leaders are not "
                             "compiled with NVRTC)"});
}

int tileBest(const QCommandLineParser &p)
{
    bool ok = false;
    const int n = p.value("best").toInt(&ok);
    if (!ok || n < 1 || n > 1000)
        return badInput(
            QStringLiteral("--best: \"%1\" is not a number of tiles (1 to 1000)").arg(p.value("best")));
    for (const char *required : {"gpu", "M", "N", "K", "step"})
        if (!p.isSet(required))
            return badInput(QStringLiteral("--best needs --%1").arg(QLatin1String(required)));
    for (const char *other : {"bm", "bn", "bk", "threads", "tm", "tn", "regs", "compile"})
        if (p.isSet(other))
            return badInput(
                QStringLiteral("--best ranks every tile: leave out --%1").arg(QLatin1String(other)));
    const QString step = p.value("step");
    if (step == QLatin1String(gemm::kModelStep) || !gemm::tileSteps().contains(step))
        return badInput(QStringLiteral("--step: \"%1\" is not a GEMM ladder step (known: %2)")
                            .arg(step, gemm::tileSteps().mid(1).join(", ")));
    gemm::TileConfig base = gemm::defaultConfig(step);
    for (const char *dim : {"M", "N", "K"}) {
        const qint64 v = p.value(dim).toLongLong(&ok);
        if (!ok || v < 1 || v > (qint64(1) << 24))
            return badInput(
                QStringLiteral("--%1: \"%2\" is not a size from 1 to 2^24").arg(dim, p.value(dim)));
        (dim[0] == 'M' ? base.M : dim[0] == 'N' ? base.N : base.K) = v;
    }
    if (p.isSet("dtype")) {
        const auto d = model::parseDtype(p.value("dtype"));
        if (!d || !gemm::dtypesFor(step).contains(model::dtypeName(*d)))
            return badInput(QStringLiteral("--dtype: %1 computes %2, not \"%3\"")
                                .arg(step, gemm::dtypesFor(step).join(" / "), p.value("dtype")));
        base.dtype = *d;
    }
    const model::SpecDb db = loadDb(p);
    const model::Gpu *gpu = requireGpu(db, p);
    if (!gpu)
        return BadInput;
    if (QString why; gemm::archForGpu(step, *gpu, &why).isEmpty())
        return badInput(QStringLiteral("--step: %1 cannot run on %2: %3").arg(step, gpu->displayName(), why));
    int device = 0;
    if (p.isSet("measure")) {
        device = p.value("device").toInt(&ok);
        if (!ok || device < 0)
            return badInput(QStringLiteral("--device: \"%1\" is not a device index").arg(p.value("device")));
    }

    model::CeilingRequest request;
    request.gpu = gpu;
    const model::CeilingChoice ceilings = model::chooseCeilings(request);
    const model::PerfModel perf(*gpu, ceilings.machine);
    gemm::TileRanking ranking = gemm::rankTiles(base, *gpu, perf);
    // The leaders with the compiler's registers (as the Tile explorer's best tiles).
    gemm::RankingRefinement refined;
    if (!p.isSet("estimate"))
        refined = gemm::refineRanking(ranking, n, *gpu, perf, gemm::kRefineCompilesPerPick * n);
    if (ranking.tiles.isEmpty())
        return badInput(QStringLiteral("--best: none of the %1 tiles of %2 tried at %3×%4×%5 is legal on %6")
                            .arg(ranking.considered)
                            .arg(step)
                            .arg(base.M)
                            .arg(base.N)
                            .arg(base.K)
                            .arg(gpu->displayName()));

    const QHash<QString, model::Measurement> committed = committedTiles(gpu->id);
    const QString dtype = model::dtypeName(base.dtype);
    QList<Row> rows;
    for (qsizetype i = 0; i < std::min<qsizetype>(n, ranking.tiles.size()); ++i) {
        const gemm::RankedTile &t = ranking.tiles.at(i);
        Row r;
        r.tile = &t;
        const auto it =
            committed.constFind(gemm::measurementKey(t.plan.kernelId, dtype, t.plan.kernelParams));
        r.committed = it == committed.constEnd() ? nullptr : &it.value();
        rows << r;
    }
    // The best tile of the whole committed sweep of this step, size and dtype.
    const model::Measurement *bestCommitted = nullptr;
    for (const model::Measurement &m : committed)
        if (m.kernel == step && m.dtype == dtype && m.params.value("M").toLongLong() == base.M &&
            m.params.value("N").toLongLong() == base.N && m.params.value("K").toLongLong() == base.K &&
            (!bestCommitted || m.time.median < bestCommitted->time.median))
            bestCommitted = &m;

    if (p.isSet("measure")) {
        kernels::Runner runner(device);
        runner.setProgress(progressLine);
        QString error;
        if (!runner.open(&error))
            return fail(runner.openStatus() == kernels::RunStatus::NoDevice ? NoDevice : Failed, error);
        const kernels::KernelSpec *spec = kernels::Catalog::instance().find(step);
        for (Row &r : rows) {
            progressLine(QStringLiteral("tile --best: measuring %1 %2")
                             .arg(step, paramsText(r.tile->plan.kernelParams)));
            kernels::RunResult run = runner.run(*spec, r.tile->plan.kernelParams, base.dtype, {});
            if (run.measurement && run.measurement->check.ok)
                r.measured = *run.measurement;
            else
                r.measureError = run.message;
        }
    }

    const Row *bestPick = nullptr;
    auto timeOf = [](const Row &r) -> double {
        return r.measured ? r.measured->time.median : r.committed ? r.committed->time.median : 0.0;
    };
    for (const Row &r : rows)
        if (timeOf(r) > 0 && (!bestPick || timeOf(r) < timeOf(*bestPick)))
            bestPick = &r;
    const double reach = bestPick && bestCommitted ? bestCommitted->time.median / timeOf(*bestPick) : 0.0;

    if (p.isSet("json")) {
        QJsonArray tiles;
        for (const Row &r : rows) {
            const model::Prediction &pr = r.tile->prediction;
            QJsonObject terms;
            for (const model::PerfTerm &t : pr.terms)
                terms[t.name] = t.seconds;
            QJsonObject o{{"label", gemm::tileLabel(r.tile->config)},
                          {"params", paramsJson(r.tile->plan.kernelParams)},
                          {"alike", r.tile->alike},
                          {"registers", r.tile->compiledRegisters > 0 ? QJsonValue(r.tile->compiledRegisters)
                                                                      : QJsonValue()},
                          {"predicted_time_s", pr.timeS},
                          {"predicted_flop_s", pr.flops / pr.timeS},
                          {"bound", pr.bound},
                          {"bound_words", pr.boundWords},
                          {"terms", terms}};
            if (r.committed)
                o["committed_time_s"] = r.committed->time.median;
            if (r.measured)
                o["measured_time_s"] = r.measured->time.median;
            if (!r.measureError.isEmpty())
                o["measure_error"] = r.measureError;
            tiles.append(o);
        }
        QJsonObject out{{"gpu", gpu->id},
                        {"step", step},
                        {"dtype", dtype},
                        {"M", double(base.M)},
                        {"N", double(base.N)},
                        {"K", double(base.K)},
                        {"ceilings", ceilings.reason},
                        {"considered", ranking.considered},
                        {"spilling", ranking.spilling},
                        {"ranked", int(ranking.tiles.size())},
                        {"compiled", refined.compiled},
                        {"compile_failed", refined.failed},
                        {"compiled_spilling", refined.spilled},
                        {"tiles", tiles}};
        if (bestCommitted) {
            out["best_committed_time_s"] = bestCommitted->time.median;
            out["best_committed_params"] = paramsJson(bestCommitted->params);
        }
        if (reach > 0)
            out["best_pick_reaches"] = reach;
        printJson(out);
    } else {
        printLine(
            QStringLiteral("%1: %2 at %3×%4×%5 %6: %7 tiles tried, %8 would spill registers, %9 ranked; "
                           "the model's %10 fastest")
                .arg(gpu->name, step)
                .arg(base.M)
                .arg(base.N)
                .arg(base.K)
                .arg(dtype)
                .arg(ranking.considered)
                .arg(ranking.spilling)
                .arg(ranking.tiles.size())
                .arg(rows.size()));
        printLine(QStringLiteral("ceilings: %1").arg(ceilings.reason));
        printLine(p.isSet("estimate")
                      ? QStringLiteral("registers: the model's estimate (--estimate)")
                      : QStringLiteral("registers: compiled with NVRTC for the leaders (%1 compiles; %2 "
                                       "spilled and %3 failed, both left out), re-ranked until the first "
                                       "%4 are all compiled")
                            .arg(refined.compiled + refined.failed)
                            .arg(refined.spilled)
                            .arg(refined.failed)
                            .arg(rows.size()));
        QList<QStringList> table;
        int rank = 0;
        for (const Row &r : rows) {
            const model::Prediction &pr = r.tile->prediction;
            table.append(
                {QString::number(++rank),
                 paramsText(r.tile->plan.kernelParams) +
                     (r.tile->alike > 0 ? QStringLiteral(" (+%1 alike)").arg(r.tile->alike) : QString()),
                 r.tile->compiledRegisters > 0 ? QString::number(r.tile->compiledRegisters)
                                               : QStringLiteral("-"),
                 model::formatSeconds(pr.timeS), model::formatSi(pr.flops / pr.timeS, "FLOP/s"), pr.bound,
                 r.measured                  ? model::formatSeconds(r.measured->time.median)
                 : !r.measureError.isEmpty() ? QStringLiteral("failed: ") + r.measureError
                 : r.committed               ? model::formatSeconds(r.committed->time.median) + " (samples)"
                                             : QStringLiteral("-")});
        }
        printTable({"#", "tile", "registers", "predicted", "predicted rate", "bound by", "measured"}, table);
        if (bestCommitted)
            printLine(QStringLiteral("best measured tile in RoofLab's samples: %1, %2 (%3)")
                          .arg(paramsText(bestCommitted->params),
                               model::formatSeconds(bestCommitted->time.median),
                               bestCommitted->extra.value(QLatin1String(gemm::kSampleFileKey)).toString()));
        if (reach > 0)
            printLine(QStringLiteral("the best measured of the model's %1 reaches %2 % of it")
                          .arg(rows.size())
                          .arg(100.0 * reach, 0, 'f', 1));
        else if (!p.isSet("measure"))
            printLine(
                QStringLiteral("none of these tiles is in RoofLab's samples: --measure runs them on this "
                               "machine's GPU"));
    }
    for (const Row &r : rows)
        if (!r.measureError.isEmpty())
            return Failed;
    return Ok;
}

} // namespace cli
