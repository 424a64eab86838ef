#pragma once

#include "panels/paramvariety.h"
#include "perfmodel.h"
#include "resultset.h"

#include <QAbstractTableModel>
#include <QHash>
#include <QSet>
#include <QSortFilterProxyModel>

#include <deque>
#include <functional>
#include <memory>
#include <optional>

// The results table: one row per measurement, from one or more results files, an ncu import
// or a live worker. A thin adapter over model::Measurement (QtCore/QtGui only, no widgets).
//
// Compare mode: given a baseline ResultSet, a last column "Change %" shows each row's median
// time against the baseline row with the same Measurement::key() (negative = faster).
//
// With a predict function, "Predicted" and "Gap" show the performance model's time for the
// rows it knows (model::PerfModel::knows) and gap = measured / predicted − 1; other rows leave
// both empty, with the reason as their tooltip.
class ResultsTableModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column {
        Kernel,
        Params,
        Dtype,
        Median,
        Min,
        Max,
        FlopPerS,
        BytesPerS,
        Ai,
        CheckColumn,
        RoofPercent,
        Predicted,  // the performance model's time (model::PerfModel)
        Gap,        // measured / predicted - 1, signed %
        Derivation, // imported points: the ncu metrics and derivation of FLOPs, bytes and time
        Source,
        Change, // present only in compare mode
    };
    enum Role {
        SortRole = Qt::UserRole + 1, // raw number (or lower-case text) to sort by; invalid = unknown
        KeyRole,                     // Measurement::key()
        FailedRole,                  // bool: the check ran and failed
    };

    // The attainable performance at a row's intensity on the chosen GPU: FLOP/s for points with
    // FLOPs, the memory bandwidth for bandwidth-only points (flops 0). 0 = unknown.
    struct Roof
    {
        double flopPerS = 0;
        double bytesPerS = 0;
    };
    using RoofFunction = std::function<Roof(const model::Measurement &)>;
    // The prediction for a row from `file` (its path as given to setResults; for live rows the
    // origin given to appendMeasurement). A Prediction with ok false carries the reason.
    using PredictFunction = std::function<model::Prediction(const model::Measurement &, const QString &file)>;

    explicit ResultsTableModel(QObject *parent = nullptr);

    // Replaces all rows with the file's measurements; `file` is shown in the Source column.
    void setResults(const model::ResultSet &results, const QString &file = {});
    void addResults(const model::ResultSet &results, const QString &file = {});
    // One row at the end (a measurement event from the worker).
    void appendMeasurement(const model::Measurement &m, const QString &file = {});
    void clear();

    const model::Measurement &measurement(int row) const { return *m_rows.at(row).m; }
    QString file(int row) const { return m_rows.at(row).file; }
    // What tells a row apart from the other rows of its kernel, shown beside the kernel's name:
    // among the parameters whose values differ between those rows, the ones where this row has
    // other than the most common value ("BM=64 M=2048"). Rows of different parameters always
    // read apart; the rows with the most common set show the name alone.
    QString distinguishing(int row) const { return distinguishingOf(*m_rows.at(row).m); }

    // The roof per row, computed by f now and for rows added later (the GUI passes a lambda
    // over model::Roofline::attainable for the selected GPU).
    void setRoofFunction(RoofFunction f);
    // Fixed roofs in row order; rows beyond the list have none. Replaces any roof function.
    void setRoofs(const QList<Roof> &perRow);
    // measured / roof × 100 (FLOP/s, or B/s for bandwidth-only points).
    std::optional<double> roofPercent(int row) const { return roofOf(m_rows.at(row)); }

    // Predictions per row, computed by f now and for rows added later; nullptr removes them.
    void setPredictFunction(PredictFunction f);
    // One model for every row: the GPU and ceilings given (tests, a single results file).
    static PredictFunction predictorFor(const model::Gpu &gpu, const model::MachineCeilings &ceilings = {});
    // nullptr without a predict function; else the row's prediction (ok false: why not).
    const model::Prediction *prediction(int row) const;
    // measured / predicted − 1 for rows with a prediction.
    std::optional<double> gap(int row) const { return gapOf(m_rows.at(row)); }

    void setBaseline(const model::ResultSet &baseline, const QString &label = {});
    void clearBaseline();
    bool compareMode() const { return m_compare; }
    // (median - baseline median) / baseline median × 100; nullopt when no baseline row matches.
    std::optional<double> changePercent(int row) const { return m_rows.at(row).change; }
    // The change is larger than both rows' own spread ((max - min) / median) and 2 %.
    bool changeSignificant(int row) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    // The roof share and the prediction are worked out when first asked for (shown, sorted
    // by, tooltip), not for every row as it arrives: a file of 50,000 rows shows a screenful.
    struct Row
    {
        const model::Measurement *m = nullptr; // in m_sets or m_single: a file's rows are not copied
        QString file;
        std::optional<double> change;
        double baselineSpread = 0; // (max - min) / median of the matched baseline row, %
        mutable bool roofReady = false;
        mutable bool predictionReady = false;
        mutable std::optional<double> roofPercent;
        mutable std::shared_ptr<const model::Prediction> prediction;
        mutable std::optional<double> gap;
    };

    // Rows for the measurements of `ms` kept by m_sets (shared with the caller's list, not copied).
    void appendRows(const QList<model::Measurement> &ms, const QString &file);
    void varietyChanged();
    QString distinguishingOf(const model::Measurement &m) const;
    void updateDerived(Row &r) const;
    std::optional<double> roofOf(const Row &r) const;
    const model::Prediction *predictionOf(const Row &r) const;
    std::optional<double> gapOf(const Row &r) const;
    std::optional<double> percentOf(const model::Measurement &m, const Roof &roof) const;
    QVariant display(const Row &r, int column) const;
    QVariant sortValue(const Row &r, int column) const;
    QString toolTip(int row, int column) const;

    QList<Row> m_rows;
    // What the rows point into: the files' lists, held as implicitly shared copies (a list that
    // is held is never changed here, so its entries stay where they are even when the caller's
    // own copy changes), and the measurements added one at a time.
    QList<QList<model::Measurement>> m_sets;
    std::deque<model::Measurement> m_single;
    RoofFunction m_roof;
    PredictFunction m_predict;
    bool m_compare = false;
    QString m_baselineLabel;
    QHash<QString, model::Measurement> m_baseline; // key() -> first baseline row with it
    ParamVariety m_variety;                        // what tells a kernel's rows apart
};

// Sorts by ResultsTableModel::SortRole (numbers, not their formatted text; unknown values
// last) and filters rows by text, dtype, source and failed checks.
class ResultsFilterModel : public QSortFilterProxyModel
{
    Q_OBJECT

public:
    explicit ResultsFilterModel(QObject *parent = nullptr);

    // Case-insensitive substring of kernel, params or file; empty = all rows.
    void setText(const QString &text);
    void setDtype(const QString &dtype);   // exact; empty = all
    void setSource(const QString &source); // "rooflab", "ncu", or a file; empty = all
    void setFailedOnly(bool on);
    // Rows whose file (ResultsTableModel::file) is in the set are hidden: a file kept open
    // but not shown.
    void setHiddenFiles(const QSet<QString> &files);
    QSet<QString> hiddenFiles() const { return m_hiddenFiles; }
    // Any of text, dtype, source or failed-only is set.
    bool filtering() const;

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override;
    bool lessThan(const QModelIndex &left, const QModelIndex &right) const override;

private:
    QString m_text;
    QString m_dtype;
    QString m_source;
    bool m_failedOnly = false;
    QSet<QString> m_hiddenFiles;
};
