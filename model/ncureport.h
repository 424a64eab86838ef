#pragma once

#include "ncuimport.h"

#include <QObject>
#include <QPointer>
#include <QString>
#include <QStringList>

#include <atomic>
#include <functional>
#include <memory>
#include <optional>

class QProcess;
class QTemporaryFile;
class QThread;
class QTimer;

namespace model {

// How the blocking calls run ncu (a struct of its own: a nested one cannot be a default argument).
struct NcuReportOptions
{
    QString ncu;                                   // "" = NcuReportReader::findNcu()
    std::function<bool(qint64 csvBytes)> progress; // ncu's output so far; return false = cancel
    NcuReadOptions read;                           // passed on to NcuImport::read
    int timeoutMs = -1;                            // -1 = wait as long as ncu runs
};

// Opens Nsight Compute reports (.ncu-rep, written by `ncu -o`) through the Nsight Compute that
// is installed: a report is a binary format only ncu reads, so ncu exports it as the CSV that
// NcuImport reads:
//
//     ncu --import FILE --csv --page raw --print-units base
//
// The arguments go to ncu as a list (never through a shell); FILE is the only thing from the
// user. ncu's output goes to a temporary file (a full-set report of a whole application gives
// CSVs of gigabytes), then NcuImport::read reads it.
//
// Which ncu, in order (the first executable file wins):
//   1. the setting "ncu/path" (QSettings; the GUI's settings, `setNcuPath` overrides it),
//   2. $ROOFLAB_NCU (as `rooflab-cli run --profile` uses it),
//   3. `ncu` on PATH,
//   4. $CUDA_HOME/bin, $CUDA_PATH/bin, /usr/local/cuda/bin, then /usr/local/cuda-X.Y/bin
//      (newest version first),
//   5. /opt/nvidia/nsight-compute/<version>/ncu (newest version first).
// Without one, every call fails with missingNcuMessage(): one line that says Nsight Compute is
// needed and the command that exports a CSV on a machine that has it.
//
// Two ways to use it:
//   * blocking, for rooflab-cli:  auto r = NcuReportReader::read(path, &error);
//   * asynchronous, for the GUI:  auto *r = new NcuReportReader(this);
//                                 connect(r, &NcuReportReader::progress, ...);   // CSV bytes so far
//                                 connect(r, &NcuReportReader::finished, ...);   // the NcuReport
//                                 connect(r, &NcuReportReader::failed, ...);     // one message
//                                 r->start(path);   // ... r->cancel() kills ncu / stops the read
// Exactly one of finished or failed follows each start() that returned true (cancel() gives
// failed(cancelledMessage())). Nothing is shared between readers: several can run at once.
class NcuReportReader : public QObject
{
    Q_OBJECT

public:
    // QSettings key naming the ncu to use (a full path).
    static constexpr const char *kSettingKey = "ncu/path";

    // True for a file name that is an Nsight Compute report (".ncu-rep", any case).
    static bool isReport(const QString &path);

    // The ncu found as described above, "" when there is none. *how (optional) says where it
    // was found ("setting", "ROOFLAB_NCU", "PATH", "CUDA Toolkit", "Nsight Compute").
    static QString findNcu(QString *how = nullptr);
    // Every place looked at, in order, for messages and the docs.
    static QStringList searchedPlaces();

    // The arguments given to ncu for a report: exactly
    // {"--import", reportPath, "--csv", "--page", "raw", "--print-units", "base"}.
    static QStringList exportArguments(const QString &reportPath);
    // The same as one command line for a user to type ("ncu --import x.ncu-rep --csv ...").
    static QString exportCommand(const QString &reportPath);

    // One line: Nsight Compute is needed to read REPORT and how to export a CSV elsewhere.
    static QString missingNcuMessage(const QString &reportPath);
    static QString cancelledMessage();

    // Blocking: runs ncu, then NcuImport::read on its CSV. nullopt with *error set when there is
    // no ncu, ncu fails (its ==ERROR== line), the read fails or progress cancelled.
    static std::optional<NcuReport> read(const QString &reportPath, QString *error,
                                         const NcuReportOptions &options = {});
    // Blocking: only the export; the CSV ncu wrote, whole, in memory (tests, small reports).
    static std::optional<QByteArray> exportCsv(const QString &reportPath, QString *error,
                                               const NcuReportOptions &options = {});

    explicit NcuReportReader(QObject *parent = nullptr);
    ~NcuReportReader() override; // kills a running ncu and waits for a running read

    // Overrides the setting and the search for this reader ("" = look again).
    void setNcuPath(const QString &ncu);
    QString ncuPath() const { return m_ncuPath; }

    // Starts reading a report; false (and failed() emitted) when it cannot start: no ncu, no
    // such file, or a read already running.
    bool start(const QString &reportPath);
    // Kills ncu or stops the CSV read; failed(cancelledMessage()) follows.
    void cancel();
    bool isRunning() const;
    QString reportPath() const { return m_reportPath; }

signals:
    // Bytes of CSV ncu has written so far (ncu prints nothing else that says how far it is).
    void progress(qint64 csvBytes);
    // ncu is done; its CSV is being read (parseProgress follows, then finished or failed).
    void exported(qint64 csvBytes);
    void parseProgress(qint64 done, qint64 total);
    void finished(const model::NcuReport &report);
    void failed(const QString &message);

private:
    void pollOutput();
    void onNcuFinished(int exitCode, int exitStatus);
    void startParse();
    void onParseFinished();
    void fail(const QString &message);
    void cleanUp();

    QString m_ncuPath;
    QString m_reportPath;
    QProcess *m_process = nullptr;
    QTimer *m_poll = nullptr;
    std::unique_ptr<QTemporaryFile> m_csv;
    QThread *m_thread = nullptr;
    std::shared_ptr<std::atomic_bool> m_cancel;
    std::optional<NcuReport> m_result;
    QString m_parseError;
    qint64 m_lastProgress = -1;
    bool m_running = false;
};

} // namespace model
