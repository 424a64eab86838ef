// explain: the performance model's prediction beside every measurement of results files.
#include "cliutil.h"
#include "dbutil.h"

#include "ceilingpolicy.h"
#include "perfmodel.h"
#include "profilecounters.h"
#include "resultset.h"
#include "units.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QJsonArray>

namespace cli {

namespace {

QString tr(const char *s)
{
    return QCoreApplication::translate("cli::explain", s);
}

// A results file, or nullopt after a one-line message (its warnings go to stderr).
std::optional<model::ResultSet> loadResults(const QString &file)
{
    QString error;
    QStringList warnings;
    auto set = model::ResultSet::load(file, &error, &warnings);
    if (!set) {
        badInput(error); // the reader's message starts with the file's path
        return std::nullopt;
    }
    for (const QString &w : warnings)
        qWarning().noquote() << tr("rooflab-cli: %1: %2").arg(file, w);
    return set;
}

QJsonObject choiceJson(const model::CeilingChoice &c)
{
    return {{"origin", model::CeilingChoice::originName(c.origin)}, {"file", c.file}, {"reason", c.reason}};
}

// The spec-database GPU a results file was measured on: its "spec" id, else its name.
const model::Gpu *gpuOfFile(const model::SpecDb &db, const model::ResultSet &set)
{
    if (!set.device.spec.isEmpty())
        if (const model::Gpu *g = db.find(set.device.spec))
            return g;
    for (const model::Gpu &g : db.gpus())
        if (!set.device.name.isEmpty() && (g.name == set.device.name || set.device.name.contains(g.name)))
            return &g;
    return nullptr;
}

QString paramsText(const QVariantMap &p)
{
    QStringList parts;
    for (auto it = p.cbegin(); it != p.cend(); ++it)
        parts << QStringLiteral("%1=%2").arg(it.key(), it.value().toString());
    return parts.join(QLatin1Char(' '));
}

QJsonObject rowJson(const model::ExplainRow &r, bool predictionOnly)
{
    const model::Measurement &m = r.measurement;
    QJsonObject o{{"file", r.file},
                  {"index", r.index},
                  {"kernel", m.kernel},
                  {"dtype", m.dtype},
                  {"params", QJsonObject::fromVariantMap(m.params)},
                  {"measured_s", m.time.median}};
    if (!r.prediction.ok) {
        o["predicted_s"] = QJsonValue();
        o["gap"] = QJsonValue();
        o["reason"] = r.prediction.reason;
        return o;
    }
    o["predicted_s"] = r.prediction.timeS;
    if (predictionOnly)
        o["gap"] = QJsonValue(); // another GPU: nothing measured to compare with
    else
        o["gap"] = r.gap;
    o["bound"] = r.prediction.bound;
    o["bound_words"] = r.prediction.boundWords;
    QJsonObject terms;
    for (const model::PerfTerm &t : r.prediction.terms)
        terms[t.name] = t.seconds;
    o["terms"] = terms;
    QJsonObject details;
    for (const model::PerfTerm &t : r.prediction.terms)
        if (!t.detail.isEmpty())
            details[t.name] = t.detail;
    o["term_details"] = details;
    // How the terms give predicted_s: the formula, and the lines the views print.
    o["formula"] = r.prediction.formula.toJson();
    o["formula_text"] = QJsonArray::fromStringList(model::formulaLines(r.prediction.formula));
    QJsonObject levels;
    for (auto it = r.prediction.levelBytes.cbegin(); it != r.prediction.levelBytes.cend(); ++it)
        levels[it.key()] = it.value();
    o["predicted_bytes"] = levels;
    // Counters measured under Nsight Compute: each level predicted beside measured.
    if (const auto c = model::ProfileCounters::of(m)) {
        QJsonObject measured;
        const QMap<QString, double> ml = model::measuredLevelBytes(*c);
        for (auto it = ml.cbegin(); it != ml.cend(); ++it)
            measured[it.key()] = it.value();
        o["measured_bytes"] = measured;
        o["levels"] = QJsonArray::fromStringList(model::levelComparison(r.prediction.levelBytes, ml));
        if (const auto mhz = c->smClockMhz())
            o["profiled_clock_mhz"] = *mhz;
    }
    o["clock_mhz"] = r.prediction.clockMhz;
    o["instr_mix_source"] = r.prediction.mixSource;
    o["notes"] = QJsonArray::fromStringList(r.prediction.notes);
    return o;
}

} // namespace

int cmdExplain(const QStringList &args)
{
    QCommandLineParser p;
    addDbOptions(p);
    p.addPositionalArgument("FILE", tr("results files (RoofLab JSON), or folders of them"), "FILE...");
    p.addOption(
        {"gpu", tr("predict the same kernels on another GPU of the database (a prediction only)"), "ID"});
    p.addOption({"kernel", tr("only measurements of this kernel id"), "ID"});
    p.addOption(
        {"ceilings",
         tr("use the measured ceilings of this results file (default: those of the files given, per device)"),
         "FILE"});
    p.addOption({"formula", tr("after the table, how the terms combine into each predicted time (shown "
                               "by itself for ten rows or fewer)")});
    p.addOption({"json", tr("machine-readable output")});
    if (!parse(p, args,
               tr("The performance model's prediction beside every measurement it knows, term by term.")))
        return p.isSet("help") ? Ok : BadInput;
    // A folder stands for the results files in it (a measured set kept together).
    QStringList files;
    for (const QString &arg : p.positionalArguments()) {
        const QFileInfo fi(arg);
        if (fi.isDir()) {
            const QDir dir(arg);
            for (const QString &f : dir.entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name))
                files << dir.filePath(f);
        } else {
            files << arg;
        }
    }
    if (files.isEmpty())
        return badInput(tr("explain needs at least one results file"));
    const model::SpecDb db = loadDb(p);
    const model::Gpu *other = nullptr;
    if (p.isSet("gpu")) {
        other = requireGpu(db, p);
        if (!other)
            return BadInput;
    }

    // Every file first: the ceilings one file is judged against may come from another
    // (model::chooseCeilings: its own, the files beside it, --ceilings FILE, the samples).
    QList<QPair<QString, model::ResultSet>> sets;
    for (const QString &file : std::as_const(files)) {
        const auto set = loadResults(file);
        if (!set)
            return BadInput;
        sets.append({file, *set});
    }
    std::optional<model::ResultSet> named;
    if (p.isSet("ceilings") && !(named = loadResults(p.value("ceilings"))))
        return BadInput;
    QList<model::CeilingSource> suite;
    for (const auto &[file, set] : std::as_const(sets))
        suite << model::CeilingSource{QFileInfo(file).fileName(), &set};

    // Rows are kept slim: the JSON row is made as soon as a row is, and the readable output
    // needs only a row's time, gap and binding term (its formula for the first rows, or every
    // row with --formula; its level bytes when it was profiled).
    const bool json = p.isSet("json");
    const bool everyFormula = p.isSet("formula");
    constexpr int kFormulaRows = 10; // without --formula, the formulas are printed up to this many rows
    QList<model::ExplainRow> all;
    QJsonArray jsonRows;
    int explainedSoFar = 0;
    QMap<QString, model::CeilingChoice> choices; // file name -> the ceilings its rows use
    QStringList refusals;                        // why --ceilings FILE was not used, per file
    for (const auto &[file, setRef] : std::as_const(sets)) {
        const model::ResultSet *set = &setRef;
        const model::Gpu *gpu = other ? other : gpuOfFile(db, *set);
        if (!gpu)
            return badInput(tr("%1: its GPU (%2) is not in the spec database; name one with --gpu")
                                .arg(file, set->device.name.isEmpty() ? tr("unnamed") : set->device.name));
        model::CeilingRequest request;
        request.gpu = gpu;
        request.own = {QFileInfo(file).fileName(), set};
        request.suite = suite;
        if (named)
            request.named = {QFileInfo(p.value("ceilings")).fileName(), &*named};
        const model::CeilingChoice choice = model::chooseCeilings(request);
        if (!choice.namedRefused.isEmpty())
            refusals << choice.namedRefused;
        choices.insert(request.own.file, choice);
        const model::MachineCeilings &ceil = choice.machine;
        model::explainEach(*set, QFileInfo(file).fileName(), *gpu, ceil, other != nullptr,
                           [&](model::ExplainRow &r) {
                               if (p.isSet("kernel") && r.measurement.kernel != p.value("kernel"))
                                   return;
                               if (json) {
                                   QJsonObject row = rowJson(r, other != nullptr);
                                   row["ceilings"] = choiceJson(choice);
                                   jsonRows.append(row);
                               }
                               model::Prediction &pr = r.prediction;
                               if (pr.ok && !everyFormula && ++explainedSoFar > kFormulaRows)
                                   pr.formula = {};
                               pr.terms.clear();
                               pr.notes.clear();
                               if (!model::ProfileCounters::of(r.measurement))
                                   pr.levelBytes.clear();
                               all.append(std::move(r));
                           });
    }
    // --ceilings FILE is used where the order allows it; where no file could use it, the
    // command stops and says why rather than explaining against other ceilings.
    if (named && refusals.size() == sets.size())
        return badInput(tr("--ceilings: %1").arg(refusals.first()));
    for (const QString &r : std::as_const(refusals))
        qWarning().noquote() << tr("rooflab-cli: --ceilings: %1").arg(r);
    const model::ExplainSummary sum = model::summarize(all);

    if (json) {
        QJsonObject spearman;
        for (auto it = sum.spearman.cbegin(); it != sum.spearman.cend(); ++it)
            spearman[it.key()] = it.value();
        QJsonObject summary{{"n", sum.n}, {"unexplained", sum.unexplained}};
        if (other) {
            summary["prediction_for"] = other->id;
            summary["note"] = tr("predictions for a GPU the files were not measured on: no gaps");
        } else {
            summary["median_abs_gap"] = sum.medianAbsGap;
            summary["worst_gap"] = sum.worstGap;
            summary["spearman"] = spearman;
        }
        printJson({{"measurements", jsonRows}, {"summary", summary}});
        return Ok;
    }

    QList<QStringList> table;
    QStringList unexplained;
    for (const model::ExplainRow &r : all) {
        const model::Measurement &m = r.measurement;
        if (!r.prediction.ok) {
            unexplained << tr("  %1 #%2 %3 %4: %5")
                               .arg(r.file)
                               .arg(r.index)
                               .arg(m.kernel, paramsText(m.params), r.prediction.reason);
            continue;
        }
        table.append({QString::number(r.index), m.kernel, m.dtype, paramsText(m.params),
                      model::formatSi(m.time.median, "s"), model::formatSi(r.prediction.timeS, "s"),
                      other ? QStringLiteral("—")
                            : QStringLiteral("%1%2 %").arg(r.gap >= 0 ? "+" : "").arg(100 * r.gap, 0, 'f', 0),
                      r.prediction.bound});
    }
    for (auto it = choices.cbegin(); it != choices.cend(); ++it)
        printLine(tr("Ceilings for %1: %2").arg(it.key(), it.value().reason));
    if (other)
        printLine(tr("Predictions for %1 (measured on another GPU: the measured column is that GPU's)")
                      .arg(other->displayName()));
    printTable({tr("#"), tr("kernel"), tr("dtype"), tr("params"), tr("measured"), tr("predicted"), tr("gap"),
                tr("bound")},
               table);
    // Profiled rows: where the bytes went, level by level.
    for (const model::ExplainRow &r : all) {
        if (!r.prediction.ok)
            continue;
        const auto c = model::ProfileCounters::of(r.measurement);
        if (!c)
            continue;
        printLine(tr("#%1 %2 (profiled):").arg(r.index).arg(r.measurement.kernel));
        for (const QString &line :
             model::levelComparison(r.prediction.levelBytes, model::measuredLevelBytes(*c)))
            printLine(QStringLiteral("  ") + line);
    }
    // How the terms combine, row by row: the figures of each line give the next one.
    const int explainedRows = int(table.size());
    if (everyFormula || explainedRows <= kFormulaRows) {
        for (const model::ExplainRow &r : all) {
            if (!r.prediction.ok)
                continue;
            printLine(tr("#%1 %2 %3: how the terms combine")
                          .arg(r.index)
                          .arg(r.measurement.kernel, paramsText(r.measurement.params)));
            for (const QString &line : model::formulaLines(r.prediction.formula))
                printLine(QStringLiteral("  ") + line);
        }
    }
    if (!unexplained.isEmpty()) {
        printLine(tr("Not explained:"));
        for (const QString &u : unexplained)
            printLine(u);
    }
    if (!other) {
        printLine(tr("%1 explained, %2 not; median |gap| %3 %, worst %4 %")
                      .arg(sum.n)
                      .arg(sum.unexplained)
                      .arg(100 * sum.medianAbsGap, 0, 'f', 1)
                      .arg(100 * sum.worstGap, 0, 'f', 0));
        for (auto it = sum.spearman.cbegin(); it != sum.spearman.cend(); ++it)
            printLine(tr("  Spearman rank correlation %1: %2").arg(it.key()).arg(it.value(), 0, 'f', 2));
    }
    return Ok;
}

} // namespace cli
