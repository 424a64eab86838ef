#include "resultsplot.h"

#include "deviceslots.h"
#include "resultschart.h"
#include "resultspanel.h"
#include "resultstablemodel.h"
#include "rooflinechart.h"
#include "units.h"

#include <algorithm>
#include <cmath>

namespace {

QString percentText(double v)
{
    return (v < 0 ? QString(QChar(0x2212)) : QStringLiteral("+")) + QString::number(std::abs(v), 'f', 1) +
           QStringLiteral(" %");
}

} // namespace

ResultsPlot::ResultsPlot(const ResultsSession *session, const ResultsTableModel *model,
                         const ResultsFilterModel *filter, RooflineChart *chart)
    : m_session(session), m_model(model), m_filter(filter), m_chart(chart)
{
}

void ResultsPlot::setGpu(const model::Gpu *gpu)
{
    if (gpu)
        m_gpu = *gpu;
    else
        m_gpu.reset();
}

void ResultsPlot::setSpecDb(const model::SpecDb *db)
{
    m_db = db;
}

void ResultsPlot::setOptions(const Options &options)
{
    m_options = options;
}

void ResultsPlot::setGrouped(bool grouped)
{
    if (grouped == m_options.grouped)
        return;
    m_options.grouped = grouped;
    update();
}

QString ResultsPlot::rowPointId(int row)
{
    return QStringLiteral("result:%1").arg(row);
}

QString ResultsPlot::rowSource(int row) const
{
    const QString file = m_model->file(row);
    return file.isEmpty() ? tr("measured in this session") : file;
}

bool ResultsPlot::rowShown(int row) const
{
    return !m_filter || m_filter->mapFromSource(m_model->index(row, 0)).isValid();
}

bool ResultsPlot::levelShown(const QString &level) const
{
    return m_options.levels.isEmpty() ||
           m_options.levels.contains(level.isEmpty() ? QStringLiteral("hbm") : level);
}

bool ResultsPlot::precisionShown(const QString &precision) const
{
    return m_options.precisions.isEmpty() || precision.isEmpty() || m_options.precisions.contains(precision);
}

void ResultsPlot::remember(const QString &id, int row)
{
    m_rowsOfPoint[id].append(row);
    m_pointOfRow.insert(row, id);
}

QList<ResultsSession::Row> ResultsPlot::rowsOf(const QString &pointId) const
{
    QList<ResultsSession::Row> out;
    for (int row : m_rowsOfPoint.value(pointId))
        if (row >= 0 && row < m_rows.size())
            out << m_rows.at(row);
    return out;
}

QString ResultsPlot::pointIdOf(const ResultsSession::Row &row) const
{
    for (int i = 0; i < m_rows.size(); ++i)
        if (m_rows.at(i).file == row.file && m_rows.at(i).index == row.index)
            return m_pointOfRow.value(i);
    return {};
}

void ResultsPlot::update()
{
    const model::Gpu *gpu = m_gpu ? &*m_gpu : nullptr;
    m_rows = m_session->rows();
    m_rowsOfPoint.clear();
    m_pointOfRow.clear();
    QList<ChartPoint> points;
    QHash<QString, int> predictedAt; // (intensity, precision, level) -> index in points
    QHash<int, QStringList> predictedFor;
    QList<ChartTrail> links;
    QList<ChartTrail> levelTrails; // profiled kernels: one point per memory level, joined
    QList<ChartPoint> comparePoints;

    const auto &cmp = m_session->comparison();
    QHash<QString, int> baseline; // key -> first index in the comparison file
    if (cmp)
        for (int i = 0; i < cmp->results.measurements.size(); ++i)
            if (const QString k = cmp->results.measurements.at(i).key(); !baseline.contains(k))
                baseline.insert(k, i); // the first, as ResultsTableModel matches

    // Several GPUs or hosts in the results: each its own colour, like compared GPUs.
    DeviceSlots devices;
    for (int row = 0; row < m_model->rowCount(); ++row)
        devices.see(m_model->measurement(row).extra);
    for (const ResultsSession::Document &d : m_session->files())
        for (const model::MeasuredCeiling &c : d.results.ceilings)
            devices.see(c.extra);
    for (const model::MeasuredCeiling &c : m_session->live().ceilings)
        devices.see(c.extra);

    int drawn = 0;
    for (int row = 0; row < m_model->rowCount() && drawn < ResultsPanel::kMaxChartPoints; ++row) {
        if (!rowShown(row))
            continue; // filtered out of the table: off the chart too
        const model::Measurement &m = m_model->measurement(row);
        if (!levelShown(m.level) || !precisionShown(m.precision))
            continue;
        QString extra;
        if (const auto change = m_model->changePercent(row))
            extra =
                tr("median time %1 against %2%3")
                    .arg(percentText(*change), cmp ? cmp->label : QString(),
                         m_model->changeSignificant(row) ? (*change < 0 ? tr(" (faster)") : tr(" (slower)"))
                                                         : tr(" (within the noise)"));
        const QString id = rowPointId(row);
        const auto p = resultschart::measuredPoint(m, id, gpu, rowSource(row), extra.toHtmlEscaped());
        if (!p)
            continue;
        points << *p;
        remember(id, row);
        if (devices.several())
            points.last().gpuIndex = devices.slotOf(m.extra);
        const auto levels = resultschart::levelPoints(m, QStringLiteral("levels:%1").arg(row), gpu);
        points << levels.points;
        for (const ChartPoint &lp : levels.points)
            m_rowsOfPoint[lp.id].append(row);
        levelTrails << levels.trails;
        ++drawn;
        if (gpu) {
            if (const auto s = resultschart::roofShare(*gpu, m); s && s->roof.flopPerS > 0) {
                const QString key =
                    QStringLiteral("%1|%2|%3").arg(s->ai, 0, 'g', 6).arg(s->precision, s->level);
                auto it = predictedAt.find(key);
                if (it == predictedAt.end()) {
                    ChartPoint pp;
                    pp.id = QStringLiteral("predicted:%1").arg(predictedAt.size());
                    pp.ai = s->ai;
                    pp.flopPerS = s->roof.flopPerS;
                    pp.kind = ChartPoint::Kind::Predicted;
                    pp.tooltip =
                        tr("<b>Predicted</b>: %1 at %2 FLOP/B on %3 (%4)")
                            .arg(model::formatSi(s->roof.flopPerS, QStringLiteral("FLOP/s")),
                                 QString::number(s->ai, 'g', 3), gpu->displayName().toHtmlEscaped(),
                                 s->roof.bound == model::Bound::Memory ? s->roofName + tr(", memory-bound")
                                                                       : s->roofName + tr(", compute-bound"));
                    it = predictedAt.insert(key, int(points.size()));
                    points << pp;
                }
                QStringList &names = predictedFor[*it];
                if (names.size() < 6)
                    names << resultschart::shortLabel(m).toHtmlEscaped();
                else if (names.size() == 6)
                    names << QStringLiteral("…");
            }
        }
        if (cmp) {
            const auto b = baseline.constFind(m.key());
            if (b != baseline.cend()) {
                const model::Measurement &bm = cmp->results.measurements.at(*b);
                if (bm.flops > 0 && bm.bytes > 0 && bm.time.median > 0) {
                    ChartTrail t;
                    t.id = QStringLiteral("link:%1").arg(row);
                    t.points = {QPointF(bm.ai(), bm.flopPerS()), QPointF(p->ai, p->flopPerS)};
                    t.kind = ChartPoint::Kind::Measured;
                    t.gpuIndex = -1;
                    links << t;
                }
            }
        }
    }
    for (auto it = predictedFor.cbegin(); it != predictedFor.cend(); ++it)
        points[it.key()].tooltip +=
            QStringLiteral("<br>") + tr("for: %1").arg(it.value().join(QStringLiteral(", ")));

    if (cmp) {
        for (int i = 0; i < cmp->results.measurements.size() && i < ResultsPanel::kMaxChartPoints; ++i) {
            auto p = resultschart::measuredPoint(cmp->results.measurements.at(i),
                                                 QStringLiteral("compare:%1").arg(i), gpu, cmp->path);
            if (!p)
                continue;
            p->gpuIndex = -1; // grey: the other file
            p->label.clear();
            comparePoints << *p;
        }
    }

    QList<ChartCeiling> ceilings;
    const int cap = 24 * std::clamp(devices.count(), 1, 4); // a readable chart, even with 8 GPUs
    auto addCeilings = [&ceilings, &devices, cap](const QList<model::MeasuredCeiling> &cs) {
        for (const model::MeasuredCeiling &c : cs)
            if (c.probe != QLatin1String("datasheet") && c.value > 0 && ceilings.size() < cap)
                ceilings << ChartCeiling{
                    c, devices.several() ? devices.slotOf(c.extra) : 0,
                    devices.several()
                        ? tr("%1: measured %2 %3")
                              .arg(DeviceSlots::nameOf(c.extra),
                                   c.kind == QLatin1String("memory") ? c.level.toUpper() : c.precision,
                                   model::formatSi(c.value, c.unit))
                        : QString()};
    };
    for (const ResultsSession::Document &d : m_session->files())
        addCeilings(d.results.ceilings);
    addCeilings(m_session->live().ceilings);

    m_chart->setUpdatesSuspended(true);
    // One group, this file's points first: the chart's legend takes the first measured marker's
    // colour, which must not be the comparison's grey.
    m_chart->setPoints(points + comparePoints, ResultsPanel::kGroup);
    m_chart->setMeasuredCeilings(ceilings, ResultsPanel::kGroup);
    m_chart->setTrails(levelTrails, ResultsPanel::kGroup);
    m_chart->setTrails(links, ResultsPanel::kCompareGroup);
    m_chart->setUpdatesSuspended(false);
    m_pointCount = drawn;
    m_linkCount = int(links.size());
}
