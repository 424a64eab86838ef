// import: Nsight Compute exports (CSV) and reports (.ncu-rep) become a RoofLab results file
// and a per-kernel table, on a server with no display.
#include "cliutil.h"
#include "dbutil.h"

#include "gpumatch.h"
#include "kernelgroups.h"
#include "ncuimport.h"
#include "ncureport.h"
#include "resultset.h"
#include "units.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QJsonArray>
#include <QTextStream>

namespace cli {

namespace {

QString tr(const char *s, const char *disambiguation = nullptr, int n = -1)
{
    return QCoreApplication::translate("cli::import", s, disambiguation, n);
}

// The spec-database GPU of the profile: --gpu, else the device the export names, matched as
// the GUI matches it (name, compute capability, SM count).
const model::Gpu *gpuOf(const model::SpecDb &db, const QCommandLineParser &p, const model::ResultSet &rs)
{
    if (p.isSet("gpu"))
        return requireGpu(db, p);
    return model::matchGpu(db, rs.device);
}

// A CSV or a report, read the one way each can be.
std::optional<model::NcuReport> readOne(const QString &path, QString *error,
                                        const model::NcuReadOptions &options)
{
    if (model::NcuReportReader::isReport(path)) {
        QString why;
        model::NcuReportOptions reportOptions;
        reportOptions.read = options;
        auto report = model::NcuReportReader::read(path, &why, reportOptions);
        if (!report && error)
            *error = why.startsWith(path) ? why : QStringLiteral("%1: %2").arg(path, why);
        return report;
    }
    return model::NcuImport::readFile(path, error, options);
}

QString num(double v, const char *unit)
{
    return v > 0 ? model::formatSi(v, QLatin1String(unit)) : QStringLiteral("-");
}

QString percent(double share)
{
    return QString::number(share * 100, 'f', 1) + QLatin1Char('%');
}

// Launches without points, per kernel (name, grid, block): count, total time, mean % of peak.
struct LaunchGroup
{
    QString kernel, grid, block;
    int launches = 0;
    double timeS = 0;
    QMap<QString, double> percentSums;
    QMap<QString, int> percentCounts;
};

// Launch rows grouped as they are read (a whole application's rows are not kept).
class LaunchTable
{
public:
    void add(const model::NcuLaunchRow &r)
    {
        const QString key = r.kernel + QLatin1Char('\x1f') + r.grid + QLatin1Char('\x1f') + r.block;
        auto it = m_index.constFind(key);
        if (it == m_index.cend()) {
            it = m_index.insert(key, int(m_groups.size()));
            m_groups.append({r.kernel, r.grid, r.block, 0, 0, {}, {}});
        }
        LaunchGroup &g = m_groups[*it];
        ++g.launches;
        g.timeS += r.timeS;
        m_total += r.timeS;
        ++m_launches;
        for (auto p = r.percents.cbegin(); p != r.percents.cend(); ++p) {
            g.percentSums[p.key()] += p.value();
            ++g.percentCounts[p.key()];
        }
    }
    int launches() const { return m_launches; }
    double total() const { return m_total; }
    QList<LaunchGroup> groups() const
    {
        QList<LaunchGroup> out = m_groups;
        std::stable_sort(out.begin(), out.end(),
                         [](const LaunchGroup &a, const LaunchGroup &b) { return a.timeS > b.timeS; });
        return out;
    }

private:
    QList<LaunchGroup> m_groups;
    QHash<QString, int> m_index;
    double m_total = 0;
    int m_launches = 0;
};

// The headline "% of peak" columns: Nsight's Speed Of Light figures when the file has them.
QStringList percentColumns(const QList<LaunchGroup> &groups)
{
    QStringList all;
    for (const LaunchGroup &g : groups)
        for (auto it = g.percentSums.cbegin(); it != g.percentSums.cend(); ++it)
            if (!all.contains(it.key()))
                all.append(it.key());
    static const QStringList headline = {
        QStringLiteral("sm__throughput.avg.pct_of_peak_sustained_elapsed"),
        QStringLiteral("gpu__compute_memory_throughput.avg.pct_of_peak_sustained_elapsed"),
        QStringLiteral("dram__throughput.avg.pct_of_peak_sustained_elapsed"),
        QStringLiteral("Compute (SM) Throughput"),
        QStringLiteral("Memory Throughput"),
        QStringLiteral("DRAM Throughput"),
    };
    QStringList shown;
    for (const QString &h : headline)
        if (all.contains(h))
            shown.append(h);
    for (const QString &a : all)
        if (shown.size() < 3 && !shown.contains(a))
            shown.append(a);
    return shown;
}

QString percentLabel(const QString &metric)
{
    // "sm__throughput.avg.pct_of_peak_sustained_elapsed" -> "sm__throughput %"
    const qsizetype dot = metric.indexOf(QLatin1Char('.'));
    return (dot > 0 ? metric.left(dot) : metric) + QStringLiteral(" %");
}

} // namespace

int cmdImport(const QStringList &args)
{
    QCommandLineParser p;
    addDbOptions(p);
    p.addPositionalArgument(
        "FILE", tr("Nsight Compute CSV exports (--page raw or details) or .ncu-rep reports"), "FILE...");
    p.addOption({"out", tr("write the points as a RoofLab results file (atomically)"), "FILE"});
    p.addOption({"gpu",
                 tr("the GPU of the spec database that decides \"bound\" (default: the profile's device)"),
                 "ID"});
    p.addOption({"json", tr("machine-readable output (full kernel names)")});
    if (!parse(p, args,
               tr("Reads Nsight Compute profiles as roofline points and prints one row per kernel "
                  "(name, grid, block): launches, total time, share of the time, FLOP/s, intensity per "
                  "memory level, bound.")))
        return p.isSet("help") ? Ok : BadInput;
    const QStringList files = p.positionalArguments();
    if (files.isEmpty())
        return badInput(tr("import needs at least one CSV export or .ncu-rep report"));

    // Without --out only the table is made: every launch's points go straight into the
    // summaries, so a whole application's profile needs memory for its kernels, not its points.
    const bool keepPoints = p.isSet("out");
    model::ResultSet merged;
    model::KernelSummarizer summarizer;
    LaunchTable launchTable;
    qint64 points = 0;
    QStringList warnings, noPoints;
    for (int f = 0; f < files.size(); ++f) {
        model::NcuReadOptions options;
        const QString fileName = QFileInfo(files[f]).fileName();
        options.launches = [&launchTable](model::NcuLaunchRow &&row) { launchTable.add(row); };
        if (!keepPoints)
            options.points = [&](QList<model::Measurement> &&launchPoints) {
                // Launch IDs restart in every file: the file keeps the launches of several apart.
                if (files.size() > 1)
                    for (model::Measurement &m : launchPoints)
                        m.params.insert(QStringLiteral("ncu_file"), fileName);
                points += launchPoints.size();
                summarizer.addLaunch(launchPoints);
            };
        const int launchesBefore = launchTable.launches();
        QString error;
        auto report = readOne(files[f], &error, options);
        if (!report)
            return badInput(error);
        for (const QString &w : std::as_const(report->warnings))
            warnings.append(QStringLiteral("%1: %2").arg(files[f], w));
        if (launchTable.launches() == launchesBefore)
            return badInput(QStringLiteral("%1: %2").arg(files[f], report->noPoints));
        if (!report->noPoints.isEmpty())
            noPoints.append(QStringLiteral("%1: %2").arg(files[f], report->noPoints));
        if (files.size() > 1)
            for (model::Measurement &m : report->results.measurements)
                m.params.insert(QStringLiteral("ncu_file"), fileName);
        points += report->results.measurements.size();
        if (f == 0) {
            merged = std::move(report->results);
        } else {
            if (!report->results.device.name.isEmpty() && report->results.device.name != merged.device.name)
                warnings.append(
                    tr("%1 was profiled on %2, the first file on %3; the results carry the first name")
                        .arg(files[f], report->results.device.name, merged.device.name));
            merged.measurements.append(std::move(report->results.measurements));
        }
    }
    if (files.size() > 1)
        merged.tool.insert(QStringLiteral("files"), QJsonArray::fromStringList(files));

    const model::SpecDb db = loadDb(p);
    const model::Gpu *gpu = gpuOf(db, p, merged);
    if (p.isSet("gpu") && !gpu)
        return BadInput; // requireGpu said why
    if (gpu && merged.device.spec.isEmpty())
        merged.device.spec = gpu->id;

    const bool json = p.isSet("json");
    QTextStream err(stderr);
    if (!json)
        for (const QString &w : std::as_const(warnings))
            err << tr("warning: %1").arg(w) << '\n';
    err.flush();

    QJsonObject doc{{"files", QJsonArray::fromStringList(files)},
                    {"device", merged.device.name},
                    {"gpu", gpu ? gpu->id : QString()},
                    {"launches", launchTable.launches()},
                    {"points", double(points)},
                    {"warnings", QJsonArray::fromStringList(warnings)}};

    if (points == 0) {
        // No FLOP counts (the default set): the kernels with their time and % of peak, then why.
        const double total = launchTable.total();
        const QList<LaunchGroup> groups = launchTable.groups();
        const QStringList pct = percentColumns(groups);
        QJsonArray kernels;
        QList<QStringList> rows;
        for (const LaunchGroup &g : groups) {
            QJsonObject percents;
            for (auto it = g.percentSums.cbegin(); it != g.percentSums.cend(); ++it)
                percents[it.key()] = it.value() / g.percentCounts.value(it.key());
            kernels.append(QJsonObject{{"kernel", g.kernel},
                                       {"grid", g.grid},
                                       {"block", g.block},
                                       {"launches", g.launches},
                                       {"time_s", g.timeS},
                                       {"share", total > 0 ? g.timeS / total : 0.0},
                                       {"percents", percents}});
            QStringList row = {model::shortKernelName(g.kernel),
                               g.grid,
                               g.block,
                               QString::number(g.launches),
                               g.timeS > 0 ? model::formatSeconds(g.timeS) : QStringLiteral("-"),
                               total > 0 ? percent(g.timeS / total) : QStringLiteral("-")};
            for (const QString &c : pct)
                row.append(g.percentCounts.contains(c)
                               ? QString::number(g.percentSums.value(c) / g.percentCounts.value(c), 'f', 1)
                               : QStringLiteral("-"));
            rows.append(row);
        }
        const QString message = noPoints.join(QLatin1Char('\n'));
        if (json) {
            doc["kernels"] = kernels;
            doc["no_points"] = message;
            printJson(doc);
        } else {
            QStringList header = {tr("kernel"),   tr("grid"), tr("block"),
                                  tr("launches"), tr("time"), tr("share")};
            for (const QString &c : pct)
                header.append(percentLabel(c));
            printTable(header, rows);
            printLine(QString());
            printLine(message);
        }
        if (p.isSet("out"))
            return fail(BadInput,
                        tr("no roofline points, so no results file was written to %1").arg(p.value("out")));
        return Ok;
    }

    if (!noPoints.isEmpty())
        for (const QString &n : std::as_const(noPoints))
            doc["no_points"] = doc.value("no_points").toString() + n + QLatin1Char('\n');
    if (p.isSet("out")) {
        QString error;
        if (!merged.save(p.value("out"), &error))
            return fail(Failed, tr("cannot write %1: %2").arg(p.value("out"), error));
        doc["out"] = p.value("out");
    }

    const QList<model::KernelSummary> kernels =
        keepPoints ? model::summarizeKernels(merged.measurements, gpu) : summarizer.summaries(gpu);
    static const QStringList levels = {QStringLiteral("hbm"), QStringLiteral("l2"), QStringLiteral("l1")};
    if (json) {
        QJsonArray arr;
        for (const model::KernelSummary &k : kernels) {
            QJsonObject ai;
            for (auto it = k.aiByLevel.cbegin(); it != k.aiByLevel.cend(); ++it)
                ai[it.key()] = it.value();
            arr.append(QJsonObject{{"kernel", k.kernel},
                                   {"grid", k.grid},
                                   {"block", k.block},
                                   {"launches", k.launches},
                                   {"time_s", k.timeS},
                                   {"share", k.share},
                                   {"launch_time_s", QJsonObject{{"min", k.launchTime.min},
                                                                 {"median", k.launchTime.median},
                                                                 {"max", k.launchTime.max}}},
                                   {"precision", k.precision},
                                   {"flop_per_s", k.flopPerS},
                                   {"ai", ai},
                                   {"bound", k.bound}});
        }
        doc["kernels"] = arr;
        printJson(doc);
        return Ok;
    }
    QList<QStringList> rows;
    for (const model::KernelSummary &k : kernels) {
        QStringList row = {model::shortKernelName(k.kernel),
                           k.grid,
                           k.block,
                           QString::number(k.launches),
                           model::formatSeconds(k.timeS),
                           percent(k.share),
                           k.precision.isEmpty() ? QStringLiteral("-") : model::precisionLabel(k.precision),
                           num(k.flopPerS, "FLOP/s")};
        for (const QString &l : levels)
            row.append(k.aiByLevel.contains(l) ? QString::number(k.aiByLevel.value(l), 'g', 3)
                                               : QStringLiteral("-"));
        row.append(k.bound.isEmpty() ? QStringLiteral("-") : k.bound);
        rows.append(row);
    }
    printTable({tr("kernel"), tr("grid"), tr("block"), tr("launches"), tr("time"), tr("share"),
                tr("precision"), tr("FLOP/s"), tr("I hbm"), tr("I l2"), tr("I l1"), tr("bound")},
               rows);
    printLine(tr("%n launch(es), %1 point(s) from %2 file(s)%3", nullptr, launchTable.launches())
                  .arg(points)
                  .arg(files.size())
                  .arg(p.isSet("out") ? tr("; written to %1").arg(p.value("out")) : QString()));
    for (const QString &n : std::as_const(noPoints))
        printLine(n);
    return Ok;
}

} // namespace cli
