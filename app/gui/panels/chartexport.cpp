#include "panels/chartexport.h"

#include "chart/rooflinechart.h"
#include "gpumatch.h"
#include "panels/resultsplot.h"
#include "panels/resultssession.h"
#include "panels/resultstablemodel.h"
#include "specdb.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QLayout>
#include <QTemporaryDir>
#include <QTextStream>

namespace chartexport {

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("ChartExport", text);
}

// "hbm,l2" -> the names, each checked against the known ones; false with *error naming a bad one.
bool parseList(const QString &text, const QStringList &known, const QString &option, QStringList *out,
               QString *error)
{
    out->clear();
    for (const QString &part : text.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        const QString name = part.trimmed().toLower();
        if (!known.contains(name)) {
            *error =
                tr("%1: unknown name \"%2\" (known: %3)").arg(option, name, known.join(QStringLiteral(", ")));
            return false;
        }
        if (!out->contains(name))
            out->append(name);
    }
    return true;
}

} // namespace

bool parseSize(const QString &text, QSize *size, QString *error)
{
    const QStringList wh = text.trimmed().toLower().split(QLatin1Char('x'));
    bool okW = false, okH = false;
    const int w = wh.size() == 2 ? wh[0].toInt(&okW) : 0;
    const int h = wh.size() == 2 ? wh[1].toInt(&okH) : 0;
    if (!okW || !okH || w < 200 || h < 150 || w > 10000 || h > 10000) {
        *error = tr("--size takes WIDTHxHEIGHT from 200x150 to 10000x10000, e.g. 1600x1000 (got \"%1\")")
                     .arg(text);
        return false;
    }
    *size = QSize(w, h);
    return true;
}

int run(const Request &request, const model::SpecDb &db, QTextStream &err)
{
    const QString prefix = QStringLiteral("rooflab: ");
    auto fail = [&](const QString &message, int code = 2) {
        err << prefix << message << Qt::endl;
        return code;
    };

    const QString suffix = QFileInfo(request.out).suffix().toLower();
    if (suffix != QLatin1String("svg") && suffix != QLatin1String("pdf") && suffix != QLatin1String("png"))
        return fail(tr("--export-chart writes .svg, .pdf or .png; \"%1\" has none of these extensions")
                        .arg(request.out));
    QSize size(1600, 1000);
    QString error;
    if (!request.size.isEmpty() && !parseSize(request.size, &size, &error))
        return fail(error);
    QStringList levels, precisions;
    if (!parseList(request.levels, model::knownLevels() + QStringList{QStringLiteral("l1")},
                   QStringLiteral("--levels"), &levels, &error) ||
        !parseList(request.precisions, model::knownPrecisions(), QStringLiteral("--precisions"), &precisions,
                   &error))
        return fail(error);
    if (request.files.isEmpty())
        return fail(tr("--export-chart needs results to draw: --results FILE (or files after the options)"));

    // The session reads the files as the window does; its autosave goes nowhere near the user's.
    QTemporaryDir scratch;
    ResultsSession session;
    session.setAutosavePath(QDir(scratch.path()).filePath(QStringLiteral("autosave.json")));
    for (const QString &file : request.files) {
        QString message;
        if (!session.open(file, &message))
            return fail(message.isEmpty() ? tr("cannot read %1").arg(file) : message);
        if (!message.isEmpty())
            err << prefix << tr("warning: %1").arg(message) << Qt::endl; // loaded, with entries skipped
    }

    const model::Gpu *gpu = nullptr;
    if (!request.gpu.isEmpty()) {
        gpu = db.find(request.gpu);
        if (!gpu)
            return fail(tr("unknown GPU \"%1\" (see: rooflab-cli gpus)").arg(request.gpu));
    }
    for (const ResultsSession::Document &d : session.files())
        if (!gpu)
            gpu = model::matchGpu(db, d.results.device);
    if (!gpu)
        gpu = db.find(QStringLiteral("h200-sxm"));
    if (!gpu && !db.gpus().isEmpty())
        gpu = &db.gpus().first();
    if (!gpu)
        return fail(tr("the spec database has no GPUs to draw the roofs of"));

    ResultsTableModel table;
    for (const ResultsSession::Document &d : session.files())
        table.addResults(d.results, d.path);

    RooflineChart chart;
    chart.setUpdatesSuspended(true);
    chart.resize(size);
    if (chart.layout())
        chart.layout()->activate(); // laid out at the export's size, never shown
    chart.setLogScale(!request.linear);
    chart.setGpus({*gpu});
    if (!levels.isEmpty())
        chart.setVisibleLevels(levels);

    ResultsPlot plot(&session, &table, nullptr, &chart);
    ResultsPlot::Options options;
    options.grouped = !request.expand;
    options.levels = levels;
    options.precisions = precisions;
    plot.setOptions(options);
    plot.setGpu(gpu);
    plot.update();
    if (plot.pointCount() == 0)
        return fail(
            tr("nothing to draw: no measurement in %1 has FLOPs, bytes and a time (for the levels and "
               "precisions asked for)")
                .arg(request.files.join(QStringLiteral(", "))));
    if (precisions.isEmpty()) {
        // The chart's usual roofs, and the roof of every precision a point is held against.
        QStringList shown = chart.visiblePrecisions();
        for (const ResultsSession::Document &d : session.files())
            for (const model::Measurement &m : d.results.measurements)
                if (!m.precision.isEmpty() && gpu->peaks.contains(m.precision) &&
                    !shown.contains(m.precision))
                    shown << m.precision;
        chart.setVisiblePrecisions(shown);
    } else {
        chart.setVisiblePrecisions(precisions);
    }
    chart.setUpdatesSuspended(false);
    chart.replot();

    if (!chart.saveImage(request.out, size.width(), size.height()))
        return fail(tr("cannot write %1").arg(request.out), 1);
    QTextStream(stdout) << prefix
                        << tr("wrote %1 (%2x%3, %4 kernel point(s), %5)")
                               .arg(request.out)
                               .arg(size.width())
                               .arg(size.height())
                               .arg(plot.pointCount())
                               .arg(gpu->displayName())
                        << Qt::endl;
    return 0;
}

} // namespace chartexport
