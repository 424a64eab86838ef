#pragma once

#include "ncuimport.h"
#include "resultset.h"

#include <QElapsedTimer>
#include <QFutureWatcher>
#include <QObject>
#include <QPointer>
#include <QStringList>
#include <QTimer>

#include <atomic>
#include <functional>
#include <memory>
#include <optional>

// The results a window shows, as a document: the live results of this session (runs and
// replays, autosaved as each measurement arrives), the files opened beside them, and one file
// to compare with. No widgets: the Results panel and the chart only read it.
//
// Opening never costs what is open: a file that cannot be used is refused with a message
// naming the file and the reason, and everything stays as it was.
namespace model {
class NcuReportReader;
}

class ResultsSession : public QObject
{
    Q_OBJECT

public:
    struct Document
    {
        QString path;  // where it was read from
        QString label; // shown in the table's Source column and in messages (the file name)
        model::ResultSet results;
        QStringList warnings; // entries the loader skipped
        // Nsight Compute imports: every launch (points or not), and when the export gives no
        // point (the default set), what is missing and the ncu command that gives it.
        QList<model::NcuLaunchRow> launches;
        QString noPoints;
        bool hidden = false; // kept open, but off the table and the chart
        int batch = 0;       // the open gesture that brought it (OpenMode::Replace keeps its own)
        bool isNcu() const { return !launches.isEmpty() || !noPoints.isEmpty(); }
    };
    // How a file joins what is open. A profile is one application and a results file one
    // session: Replace closes the files open before (the sample data among them) once the new
    // file is read, so that shares and filters never mix unrelated files; Add keeps them.
    enum class OpenMode { Add, Replace };

    // One measurement as the table and chart list it: the files' rows first, then the live ones.
    struct Row
    {
        int file = -1; // index into files(); -1: live
        int index = 0; // into that document's measurements
        QString source;
    };

    explicit ResultsSession(QObject *parent = nullptr);
    ~ResultsSession() override;

    // ---- live results
    const model::ResultSet &live() const { return m_live; }
    // Appends and autosaves (an atomic write) at once, so a crash loses nothing. Only a burst
    // (a replay at full speed) is written together, at most 100 ms later.
    void addLiveMeasurement(const model::Measurement &m, const QString &origin = {});
    void addLiveCeiling(const model::MeasuredCeiling &c);
    // The device the live results were measured on (the worker's or the replayed file's).
    void setLiveDevice(const model::DeviceInfo &device);
    // Where each live measurement came from: empty for a run, the file name for a replay.
    QString liveOrigin(int index) const { return m_liveOrigins.value(index); }
    // Live measurements not yet saved with Save As.
    int unsavedCount() const { return int(m_live.measurements.size()) - m_savedLive; }

    // ---- files
    const QList<Document> &files() const { return m_files; }
    // A results file (.json) or an Nsight Compute CSV (.csv). A file already open is read again.
    // *message: why it was refused, or what was skipped; empty when all went well.
    bool open(const QString &path, QString *message, OpenMode mode = OpenMode::Add);
    // Closes one file (index into files()) or every file; the live results stay. Nothing else
    // changes: the other files keep their rows, hidden state and order.
    void closeFile(int index);
    void closeAllFiles();
    // A hidden file stays open (shares, Save As) but its rows leave the table and the chart.
    void setFileHidden(int index, bool hidden);
    const std::optional<Document> &comparison() const { return m_compare; }
    bool openComparison(const QString &path, QString *message);
    void closeComparison();
    // `progress` (optional) is called from the reading thread with bytes read and the total
    // (0: unknown); false stops the read.
    using Progress = std::function<bool(qint64 done, qint64 total)>;
    static std::optional<Document> read(const QString &path, QString *error, const Progress &progress = {});

    // ---- reading in the background: a big file or a report reads on a worker thread while
    // the window stays live; the document joins the files only once it is read, so a refused
    // or cancelled file changes nothing. Files queue and are read one at a time, in order.
    // Several paths are one gesture (a drop, the command line): with Replace they close what was
    // open before and stay together.
    void openInBackground(const QString &path, OpenMode mode = OpenMode::Add);
    void openInBackground(const QStringList &paths, OpenMode mode);
    // Stops the file being read and drops the queue; what is open stays as it was.
    void cancelLoading();
    bool isLoading() const { return bool(m_job); }
    // The file being read (its name), and how far: bytes read and the total (0: unknown).
    QString loadingLabel() const;
    qint64 loadingDone() const;
    qint64 loadingTotal() const;

    // Every shown measurement, in table order.
    QList<Row> rows() const;
    const model::Measurement &measurement(const Row &row) const;
    int measurementCount() const;
    // The files and the live results as one results file (for Save As).
    model::ResultSet merged() const;
    // Atomic; the live measurements count as saved afterwards and the autosave is removed.
    bool saveAs(const QString &path, QString *error);
    bool exportCsv(const QString &path, QString *error) const;

    // ---- autosave: the live measurements not yet saved, in <AppDataLocation>/autosave.json
    // unless set; removed when nothing is unsaved
    static QString defaultAutosavePath();
    // Writes a pending autosave now (also done on destruction).
    void flushAutosave();
    void setAutosavePath(const QString &path);
    QString autosavePath() const { return m_autosavePath; }
    // At start: what an earlier session left unsaved is moved aside (autosave-recovered.json)
    // so this session's autosave cannot overwrite it. Returns its measurement count (0: none).
    int checkForRecovery();
    int recoverableCount() const { return m_recoverable; }
    QString recoveryPath() const;
    // Appends the recovered measurements to the live results; the recovery file goes.
    bool restoreRecovery(QString *message);
    void discardRecovery();

    // ---- recent files (QSettings "results/recent", newest first)
    static QStringList recentFiles();
    static void addRecentFile(const QString &path);
    static constexpr int kMaxRecent = 8;

signals:
    void liveMeasurementAdded(int index);
    void liveCeilingsChanged();
    void liveDeviceChanged();
    // Files opened or closed, live results restored: rebuild what shows them.
    void documentsChanged();
    // A file was hidden or shown again (rows unchanged).
    void visibilityChanged();
    void comparisonChanged();
    void recoveryChanged(int count);
    void autosaveFailed(const QString &message);
    // About every 100 ms while a file is read in the background.
    void loadProgress(const QString &label, qint64 done, qint64 total);
    // One background read done: ok, cancelled (then not ok), and open()'s message (why it was
    // refused, what was skipped, that it was stopped; empty when all went well).
    void loadFinished(const QString &path, bool ok, bool cancelled, const QString &message);
    // The queue is empty (after the last loadFinished, or a cancel).
    void loadsDone();

private:
    struct Loaded
    {
        std::optional<Document> doc;
        QString error;
    };
    struct Queued
    {
        QString path;
        OpenMode mode = OpenMode::Add;
        int batch = 0;
    };
    struct Job
    {
        QString path;
        OpenMode mode = OpenMode::Add;
        int batch = 0;
        QString label;
        std::atomic<qint64> done{0};
        std::atomic<qint64> total{0};
        std::atomic<bool> cancel{false};
    };

    void autosave();
    void writeAutosave();
    void startNextLoad();
    void startReport(const std::shared_ptr<Job> &job);
    void onLoadDone();
    void finishLoad(std::shared_ptr<Job> job, Loaded out); // by value: it resets m_job
    // Adds a read document to the files (open() and the background reads).
    QString adopt(Document doc, OpenMode mode, int batch);

    model::ResultSet m_live;
    QStringList m_liveOrigins;
    int m_savedLive = 0;
    QList<Document> m_files;
    std::optional<Document> m_compare;
    QString m_autosavePath;
    int m_recoverable = 0;
    bool m_autosaveWarned = false;
    QElapsedTimer m_lastAutosave;
    QTimer m_autosaveTimer;

    QList<Queued> m_queue;
    int m_batch = 0;
    std::shared_ptr<Job> m_job;
    QPointer<model::NcuReportReader> m_report; // a .ncu-rep being exported by ncu
    QFutureWatcher<Loaded> m_watcher;
    QTimer m_progressTimer;
};
