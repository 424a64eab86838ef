#pragma once

#include "chart/chartdata.h"
#include "gpu.h"
#include "panels/resultssession.h"

#include <QBitArray>
#include <QCoreApplication>
#include <QHash>
#include <QList>
#include <QPointer>
#include <QSet>
#include <QString>
#include <QStringList>

#include <optional>

namespace model {
class SpecDb;
struct PointGroup;
} // namespace model
class ResultsFilterModel;
class ResultsTableModel;
class RooflineChart;

// Turns the session's rows into chart items: the measured points (one per kernel group, or one
// per launch when expanded), their predicted points at the roof, the comparison file's points
// and links, the measured ceilings; and keeps which rows each point stands for. No widgets of
// its own: it reads the session, the table model (the rows in table order, their comparison)
// and the filter (rows filtered out of the table are off the chart too), and pushes into the
// chart's groups kGroup and kCompareGroup. The Results panel and the headless
// chart export (chartexport.h) both draw through it.
class ResultsPlot
{
    Q_DECLARE_TR_FUNCTIONS(ResultsPlot)

public:
    // The chart groups it fills, which the Results panel owns (others' groups are left alone).
    static inline const QString kGroup = QStringLiteral("results"); // points, measured ceilings
    static inline const QString kCompareGroup = QStringLiteral("results-compare"); // compared pairs' links

    struct Options
    {
        bool grouped = true;    // launches of one kernel as one point; false: every launch
        QStringList levels;     // memory levels drawn ("hbm", "l2", "l1", "smem"); empty: all
        QStringList precisions; // precisions drawn ("fp32", "bf16_tc"); empty: all
    };

    // Every pointer must outlive this object; filter may be nullptr (all rows shown).
    ResultsPlot(const ResultsSession *session, const ResultsTableModel *model,
                const ResultsFilterModel *filter, RooflineChart *chart);
    ~ResultsPlot();
    ResultsPlot(const ResultsPlot &) = delete;
    ResultsPlot &operator=(const ResultsPlot &) = delete;

    void setGpu(const model::Gpu *gpu); // nullptr: none (no predicted points, no shares)
    void setSpecDb(const model::SpecDb *db);
    void setOptions(const Options &options);
    Options options() const { return m_options; }
    // Grouped (the default) or expanded; redraws when it changes.
    void setGrouped(bool grouped);
    bool grouped() const { return m_options.grouped; }

    // Rebuilds every chart item from the rows now.
    void update();

    // After the last update: the measured kernel points drawn (a kernel's levels count once),
    // and the links to the comparison file.
    int pointCount() const { return m_pointCount; }
    int linkCount() const { return m_linkCount; }

    // The rows a chart point stands for (one for a launch, all its launches for a group; every
    // level point of a kernel gives the same rows) and the point that shows a row ("" when it
    // is not on the chart).
    QList<ResultsSession::Row> rowsOf(const QString &pointId) const;
    QString pointIdOf(const ResultsSession::Row &row) const;
    // The same in table (source-model) rows.
    QList<int> tableRowsOf(const QString &pointId) const;
    QString pointIdOfTableRow(int row) const;

    // "result:<row>": the id of a single row's point (as ResultsPanel::pointId). A group of
    // imported launches is "group:<file>:<n>"; a profiled run's level points "levels:<row>:<level>".
    static QString rowPointId(int row);

    // The GPU the points are held against: the chosen one, with the bandwidth of levels its
    // datasheet lacks where the results or RoofLab's samples measured them (L2 on an H200).
    const model::Gpu *roofGpu() const { return m_roofGpu ? &*m_roofGpu : nullptr; }

    // Kernels named on the chart (the most time first); the others' names are in their tooltips.
    static constexpr int kMaxLabels = 40;

private:
    QString rowSource(int row) const;
    bool rowShown(int row) const;
    bool levelShown(const QString &level) const;
    bool precisionShown(const QString &precision) const;
    // For each level the GPU has no bandwidth for: the fastest measured ceiling of that level in
    // the results, else the first in RoofLab's samples for this GPU (added to *drawn, labelled).
    QList<model::MeasuredCeiling> levelRoofs(const QSet<QString> &levels, QList<ChartCeiling> *drawn) const;
    // A row point's tooltip, made when the chart first shows it.
    QString tooltipOf(const QString &id) const;
    // "no L1 roof for …" for a level the roofs lack (HBM always has one).
    QString noRoofNote(const QString &level) const;
    QString groupTooltip(const model::PointGroup &g, const model::Measurement &first, const model::Gpu *gpu,
                         const QString &source) const;

    const ResultsSession *m_session;
    const ResultsTableModel *m_model;
    const ResultsFilterModel *m_filter;
    QPointer<RooflineChart> m_chart;
    std::optional<model::Gpu> m_gpu;
    std::optional<model::Gpu> m_roofGpu;
    const model::SpecDb *m_db = nullptr;
    Options m_options;

    QList<ResultsSession::Row> m_rows; // table order, as the session lists them
    // Points of several rows (groups, a kernel's levels) and rows on such a point; a row drawn as
    // a point of its own ("result:<row>") is only a bit in m_ownPoint.
    QHash<QString, QList<int>> m_rowsOfPoint;
    QHash<int, QString> m_pointOfRow;
    QBitArray m_ownPoint;
    QHash<int, QString> m_tipExtra; // table row -> the tooltip's extra lines (change, share)
    QHash<qint64, int> m_tableRow;  // rowKey -> table row
    static qint64 rowKey(const ResultsSession::Row &row);
    int m_pointCount = 0;
    int m_linkCount = 0;
};
