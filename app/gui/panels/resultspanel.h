#pragma once

#include "gpu.h"
#include "panels/resultssession.h"
#include "panels/resultstableview.h"
#include "perfmodel.h"

#include <QHash>
#include <QSet>
#include <QTimer>
#include <QWidget>

#include <limits>
#include <memory>
#include <optional>

class QCheckBox;
class QComboBox;
class QDialog;
class QFrame;
class QLabel;
class QLineEdit;
class QListWidget;
class QListWidgetItem;
class QProgressBar;
class QSortFilterProxyModel;
class QStackedWidget;
class QPushButton;
class QTableView;
class QToolButton;
namespace model {
class SpecDb;
}
class ExplainView;
class KernelsTableModel;
class ResultsFilterModel;
class ResultsPlot;
class ResultsSession;
class ResultsTableModel;
class RooflineChart;

// The Results panel: every measurement of the session (live runs, replays, opened files) in a
// sortable, filterable table, and the same rows on the chart: measured points filled, each with
// a hollow predicted point at the roof for its intensity on the current GPU, measured ceilings
// dashed. Selecting a row highlights its point; clicking a point selects its row. With a file
// to compare, its points are drawn grey, matching pairs (same kernel, type, parameters) are
// linked and the table shows each row's change.
//
// Every row the performance model knows gets its prediction (model::PerfModel for the GPU the
// row was measured on, with its file's measured ceilings) and the gap; Explain (the button, or
// a double-click on a row) opens the row's explanation: the terms against the measured time,
// the binding term in words, the model's notes, predicted against measured bytes per level.
class ResultsPanel : public QWidget
{
    Q_OBJECT

public:
    // No cap: every row is drawn (imported launches grouped per kernel, labels only for the
    // largest); kept for the summary line, which never needs its note now.
    static constexpr int kMaxChartPoints = std::numeric_limits<int>::max();

    ResultsPanel(ResultsSession *session, RooflineChart *chart, QWidget *parent = nullptr);
    ~ResultsPanel() override;

    void setGpu(const model::Gpu &gpu);
    // The spec DB the rows' devices are matched in (the main window's; it must outlive the
    // panel). Without it, or for a device it lacks, rows are predicted for the current GPU.
    void setSpecDb(const model::SpecDb *db);

    ResultsTableModel *tableModel() const { return m_model; }
    ResultsFilterModel *filterModel() const { return m_proxy; }
    ResultsTableView *view() const { return m_view; }
    // What turns the rows into chart points (grouping, the point <-> rows mapping).
    ResultsPlot *plot() const { return m_plot.get(); }
    QLineEdit *filterEdit() const { return m_filter; }
    // The Kernels view: one row per kernel (name, grid, block), sorted by total time.
    KernelsTableModel *kernelsModel() const { return m_kernels; }
    ResultsTableView *kernelsView() const { return m_kernelsView; }
    QToolButton *groupButton() const { return m_groupButton; }
    // Grouped: the Kernels view and one chart point per kernel; expanded: every launch's
    // points, in the measurements table. Opening an Nsight Compute import groups, until the
    // user chooses.
    void setGrouped(bool grouped);
    bool grouped() const { return m_grouped; }
    // The kernel row (Kernels view, source-model row) selected; -1 when none.
    int selectedKernel() const;
    void selectKernel(int row);

    // The chart point id of a table row (source-model row) and back; -1 / empty when none.
    static QString pointId(int row);
    static int rowOf(const QString &pointId);
    void selectRow(int row);
    int selectedRow() const;

    // The Explain window for a source-model row (non-modal; follows the selection while open).
    void explainRow(int row);
    void explainSelected();
    QDialog *explainDialog() const { return m_explainDialog; }
    ExplainView *explainView() const { return m_explainView; }
    // The model the rows of `file` are predicted with (the table model's file argument), or
    // nullptr with *why set.
    const model::PerfModel *perfModelFor(const QString &file, QString *why = nullptr) const;

    using OpenMode = ResultsSession::OpenMode;
    // Opens a results file or an ncu CSV; a refused file leaves everything as it was. The
    // message (refusal or skipped entries) is shown here and returned by message(). Add keeps
    // the open files beside it; Replace closes them once it is read (File → Open).
    bool openFile(const QString &path, OpenMode mode = OpenMode::Add);
    // The same on a worker thread, with a progress bar and Cancel here (File → Open, drops,
    // recent files, the command line); the message comes when it is read. Files queue; several
    // paths are one gesture (opened together).
    void openInBackground(const QString &path, OpenMode mode = OpenMode::Add);
    void openInBackground(const QStringList &paths, OpenMode mode);
    // The open files, one checkable line each (unchecked: hidden from the table and chart).
    QListWidget *filesList() const { return m_files; }
    // Closes the file selected in that list (the only one, when one is open); false when none.
    bool closeSelectedFile();
    void closeAllFiles();
    void cancelLoading();
    bool isLoading() const;
    // Waits (running the event loop) until every queued file is read or msecs pass; false on
    // the timeout. For the command line's --screenshot and --quit-after-load.
    bool waitForLoads(int msecs);
    QProgressBar *loadProgressBar() const { return m_loadBar; }
    bool compareWith(const QString &path);
    void stopComparing();
    bool saveAs(const QString &path);
    bool exportCsv(const QString &path);

    // File dialogs (the File menu and the buttons here).
    void openDialog();    // replaces the open files
    void addFileDialog(); // beside the open files
    void compareDialog();
    void saveAsDialog();
    void exportCsvDialog();

    enum class Level { Info, Warning, Error };
    void showMessage(const QString &text, Level level);
    QString message() const { return m_messageText; }
    Level messageLevel() const { return m_messageLevel; }

    // Rebuilds the chart items now instead of on the next event-loop turn (tests, screenshots).
    void updateChartNow();
    // Rows drawn on the chart / linked to the comparison file, after the last chart update.
    int chartPointCount() const { return m_chartPoints; }
    int linkCount() const { return m_links; }

signals:
    void messageShown(const QString &text);
    // Every file queued with openInBackground has been read (or refused, or cancelled).
    void loadsDone();

private:
    void rebuildTable();
    void updateFilesList();
    void onFileItemChanged(QListWidgetItem *item);
    void applyHidden();
    // A file just opened must not vanish behind a filter typed for another: clears them; true
    // when one was set.
    bool clearFilters();
    void opened(const QString &path, bool ok, const QString &message, bool cancelled);
    void onLiveMeasurement(int index);
    void onComparisonChanged();
    void scheduleChart();
    void updateRoofs();
    void updateSummary();
    void updateRecovery(int count);
    void onLoadProgress(const QString &label, qint64 done, qint64 total);
    void onLoadFinished(const QString &path, bool ok, bool cancelled, const QString &message);
    void onSelection();
    void applyColumns();
    void columnMenu(const QPoint &pos);
    void onPointClicked(const QString &id);
    void onKernelSelection();
    void updateKernels();
    QString rowSource(int row) const;
    void updatePredictions();
    model::Prediction predictFor(const model::Measurement &m, const QString &file) const;

    ResultsSession *m_session;
    RooflineChart *m_chart;
    std::unique_ptr<ResultsPlot> m_plot;
    std::optional<model::Gpu> m_gpu;
    ResultsTableModel *m_model;
    ResultsFilterModel *m_proxy;
    ResultsTableView *m_view;
    QLineEdit *m_filter;
    QComboBox *m_dtype;
    QCheckBox *m_failed;
    QLabel *m_message;
    QFrame *m_messageFrame;
    QFrame *m_recoveryFrame;
    QLabel *m_recoveryLabel;
    QFrame *m_compareFrame;
    QLabel *m_compareLabel;
    KernelsTableModel *m_kernels = nullptr;
    QSortFilterProxyModel *m_kernelsProxy = nullptr;
    ResultsTableView *m_kernelsView = nullptr;
    QListWidget *m_files = nullptr;
    QWidget *m_filesBox = nullptr;
    QToolButton *m_closeFile = nullptr;
    QStackedWidget *m_stack = nullptr;
    QToolButton *m_groupButton = nullptr;
    bool m_grouped = false;
    bool m_groupChosen = false; // the user pressed the button: opening files no longer decides
    bool m_kernelsStale = true; // the Kernels view is rebuilt when it is shown
    QFrame *m_loadFrame = nullptr;
    QLabel *m_loadLabel = nullptr;
    QProgressBar *m_loadBar = nullptr;
    QLabel *m_summary;
    QTimer m_chartTimer;
    QString m_messageText;
    Level m_messageLevel = Level::Info;
    int m_chartPoints = 0;
    int m_links = 0;
    QSet<int> m_hidden; // ResultsTableModel columns

    const model::SpecDb *m_db = nullptr;
    struct FileModel
    {
        std::optional<model::PerfModel> model;
        QString note; // how its GPU was chosen, when not the file's own device
        QString why;  // no model: why
    };
    mutable QHash<QString, FileModel> m_perf; // by the table model's file argument
    QToolButton *m_explainButton = nullptr;
    QDialog *m_explainDialog = nullptr;
    ExplainView *m_explainView = nullptr;
    int m_explainRow = -1;
};
