#pragma once

#include "chartdata.h"
#include "gpu.h"
#include "resultssession.h"

#include <QCoreApplication>
#include <QHash>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace model {
class SpecDb;
}
class ResultsFilterModel;
class ResultsTableModel;
class RooflineChart;

// Turns the session's rows into chart items: the measured points (one per kernel group, or one
// per launch when expanded), their predicted points at the roof, the comparison file's points
// and links, the measured ceilings; and keeps which rows each point stands for. No widgets of
// its own: it reads the session, the table model (the rows in table order, their comparison)
// and the filter (rows filtered out of the table are off the chart too), and pushes into the
// chart's groups ResultsPanel::kGroup and kCompareGroup. The Results panel and the headless
// chart export (chartexport.h) both draw through it.
class ResultsPlot
{
    Q_DECLARE_TR_FUNCTIONS(ResultsPlot)

public:
    struct Options
    {
        bool grouped = true;    // launches of one kernel as one point; false: every launch
        QStringList levels;     // memory levels drawn ("hbm", "l2", "l1", "smem"); empty: all
        QStringList precisions; // precisions drawn ("fp32", "bf16_tc"); empty: all
    };

    // Every pointer must outlive this object; filter may be nullptr (all rows shown).
    ResultsPlot(const ResultsSession *session, const ResultsTableModel *model, const ResultsFilterModel *filter,
                RooflineChart *chart);

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
    QList<int> tableRowsOf(const QString &pointId) const { return m_rowsOfPoint.value(pointId); }
    QString pointIdOfTableRow(int row) const { return m_pointOfRow.value(row); }

    // "result:<row>": the id of a single row's point (as ResultsPanel::pointId).
    static QString rowPointId(int row);

private:
    QString rowSource(int row) const;
    bool rowShown(int row) const;
    bool levelShown(const QString &level) const;
    bool precisionShown(const QString &precision) const;
    void remember(const QString &id, int row);

    const ResultsSession *m_session;
    const ResultsTableModel *m_model;
    const ResultsFilterModel *m_filter;
    RooflineChart *m_chart;
    std::optional<model::Gpu> m_gpu;
    const model::SpecDb *m_db = nullptr;
    Options m_options;

    QList<ResultsSession::Row> m_rows; // table order, as the session lists them
    QHash<QString, QList<int>> m_rowsOfPoint;
    QHash<int, QString> m_pointOfRow;
    int m_pointCount = 0;
    int m_linkCount = 0;
};
