#pragma once

#include "resultset.h"

#include <QElapsedTimer>
#include <QObject>
#include <QStringList>
#include <QTimer>

#include <optional>

// The results a window shows, as a document: the live results of this session (runs and
// replays, autosaved as each measurement arrives), the files opened beside them, and one file
// to compare with. No widgets: the Results panel and the chart only read it.
//
// Opening never costs what is open: a file that cannot be used is refused with a message
// naming the file and the reason, and everything stays as it was.
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
    };

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
    void clearLive();

    // ---- files
    const QList<Document> &files() const { return m_files; }
    // A results file (.json) or an Nsight Compute CSV (.csv). A file already open is read again.
    // *message: why it was refused, or what was skipped; empty when all went well.
    bool open(const QString &path, QString *message);
    void closeFiles();
    const std::optional<Document> &comparison() const { return m_compare; }
    bool openComparison(const QString &path, QString *message);
    void closeComparison();
    static std::optional<Document> read(const QString &path, QString *error);

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
    // Files opened or closed, live results cleared or restored: rebuild what shows them.
    void documentsChanged();
    void comparisonChanged();
    void recoveryChanged(int count);
    void autosaveFailed(const QString &message);

private:
    void autosave();
    void writeAutosave();

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
};
