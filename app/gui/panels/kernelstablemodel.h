#pragma once

#include "kernelgroups.h"
#include "ncuimport.h"
#include "resultset.h"

#include <QAbstractTableModel>
#include <QHash>
#include <QList>
#include <QMap>
#include <QStringList>

#include <optional>

namespace model {
struct Gpu;
}

// The Results panel's Kernels view: one row per kernel (name, grid, block) of each open file,
// the files one after another, each sorted by total time: launches, total time, share of the file's time,
// FLOP/s, intensity per memory level, bound, and where the numbers came from (the ncu metrics and derivations
// the import recorded in Measurement::extra["ncu"]). An export without FLOP counts (the
// default set) still lists its kernels, from its launches: time, share and the throughput
// percentages it has. A thin adapter over model::summarizeKernels (QtCore/QtGui, no widgets).
class KernelsTableModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    // What a narrow panel needs first: which kernel, how much of the time, how fast; then the rest.
    enum Column {
        Kernel,
        Source, // the file: shares are of its time
        Share,
        Time,
        Launches,
        FlopPerS,
        AiHbm,
        AiL2,
        AiL1,
        Bound,
        Grid,
        Block,
        Throughput,
        Derivation,
        ColumnCount
    };
    enum Role {
        SortRole = Qt::UserRole + 1, // the raw number (or lower-case text)
        ShareRole,                   // 0..1, for the bar the view draws
        FileRole,                    // Input::file of the row
        FileOrderRole,               // the index of its input: rows of one file sort together
    };

    // One file (or the live results) as the table lists it.
    struct Input
    {
        QString file; // shown in Source; "" for the live results
        const QList<model::Measurement> *measurements = nullptr;
        const QList<model::NcuLaunchRow> *launches = nullptr; // ncu imports; may be null
        int firstRow = 0;                                     // its first row in ResultsTableModel
    };

    explicit KernelsTableModel(QObject *parent = nullptr);

    // Rebuilds every row; the lists must outlive the next call (they are the session's).
    void setInputs(const QList<Input> &inputs, const model::Gpu *gpu);
    void clear();

    // The ResultsTableModel rows (points) of a kernel row; empty for a kernel without points.
    QList<int> tableRows(int row) const;
    // The kernel row holding a ResultsTableModel row; -1 when none.
    int rowOfTableRow(int tableRow) const;
    QString fullName(int row) const;
    double share(int row) const;
    // Where a kernel row's FLOPs, bytes and time came from, one line each ("" when unknown).
    QString derivation(int row) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    struct Row
    {
        model::KernelSummary summary;
        QString file;
        int fileOrder = 0;
        QVariantMap params;               // its first point's (none for a launch-only row)
        QString detail;                   // what tells it apart from rows of the same kernel (ParamVariety)
        QList<int> tableRows;             // sorted
        QMap<QString, double> percents;   // throughput % (mean over launches), launch-only rows
        QStringList flopsFrom, bytesFrom; // distinct derivations of its points
        QString timeFrom;
    };
    QVariant display(const Row &r, int column) const;
    QVariant sortValue(const Row &r, int column) const;
    QString toolTip(const Row &r, int column) const;

    QList<Row> m_rows;
    QHash<int, int> m_rowOfTableRow;
};
