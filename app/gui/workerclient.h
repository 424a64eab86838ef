#pragma once

#include "events.h"

#include <QHash>
#include <QJsonObject>
#include <QObject>
#include <QPointer>
#include <QProcess>
#include <QStringList>
#include <QTimer>
#include <QVariantMap>

// The GUI's end of `rooflab-cli worker` (app/PROTOCOL.md): starts it with QProcess, sends
// requests as JSON lines and turns the events that come back into signals. The GUI never
// launches a kernel in its own process; whatever a kernel does, only the worker suffers.
//
// When the worker crashes, sends nothing for a request's time limit, or reports that a kernel
// fault killed its CUDA context, the client kills that worker process (nothing else), ends
// every open request with an error naming what was running (kernel and parameters), emits
// workerFailed() with the same message and starts a fresh worker. Whatever arrived before is
// the receivers' to keep: nothing is taken back.
//
// replay() runs `rooflab-cli replay FILE --speed X` in the worker's place: the same events, so
// the rest of the GUI cannot tell a replay from a live run.
class WorkerClient : public QObject
{
    Q_OBJECT

public:
    explicit WorkerClient(QObject *parent = nullptr);
    ~WorkerClient() override;

    // $ROOFLAB_CLI, else rooflab-cli beside this executable (or the build tree's app/cli), else
    // the one on PATH.
    static QString defaultProgram();
    void setProgram(const QString &program);
    QString program() const { return m_program; }
    // How long a request may go without any event before the worker counts as hung, per request
    // kind ("devices", "compile", "run", "ceilings", "suite", "replay", ...); 0 = no limit.
    void setTimeLimit(const QString &kind, int ms);
    int timeLimit(const QString &kind) const;

    bool isRunning() const; // a worker or replay process is running
    bool isReplaying() const { return m_replay; }
    bool isBusy() const { return !m_open.isEmpty(); }
    qint64 processId() const;
    int restartCount() const { return m_restarts; }
    // The last failure (crash, time limit, lost context, could not start); empty if none.
    QString lastFailure() const { return m_lastFailure; }

    // Starts the worker now (requests start it too). False when the program cannot be started.
    bool start();
    // Closes the worker's stdin (it exits after the kernel that runs) and kills it if it has not
    // gone within a few seconds. Open requests end as cancelled.
    void stop();

    // Requests; each returns its id, which every signal about it carries. Empty when the
    // request could not be sent (lastFailure() says why).
    QString requestDevices();
    QString run(const QString &kernel, const QVariantMap &params, const QString &dtype = {}, int samples = 0);
    QString runSuite(const QString &name = QStringLiteral("standard"));
    QString measureCeilings();
    // Any request kind; `fields` beside "request" and "id"; `what` names it in messages.
    QString send(const QString &kind, const QJsonObject &fields = {}, const QString &what = {});
    // Replays a results file instead of running kernels; refused (empty id) while busy.
    QString replay(const QString &file, double speed = 1.0);
    // Stops a request (empty: every open one). The worker stops after the kernel that runs;
    // a replay stops at once.
    void cancel(const QString &id = {});

    QStringList openRequests() const;
    // What runs now: the latest progress text of the oldest open request, or its description.
    QString currentWhat() const;

signals:
    void started(qint64 pid);
    void progress(const QString &id, int done, int total, const QString &what);
    void measurement(const QString &id, const model::Measurement &m);
    void ceiling(const QString &id, const model::MeasuredCeiling &c);
    void device(const QString &id, const model::DeviceInfo &d);
    void warning(const QString &id, const QString &message);
    // code: the CLI's exit codes (1 failed, 2 bad input, 3 no CUDA device).
    void error(const QString &id, const QString &message, int code);
    // Every request ends with exactly one finished(); message: the done event's message or the
    // error that ended it.
    void finished(const QString &id, bool ok, const QString &message);
    // Events this class does not turn into a signal of their own ("compiled", newer kinds).
    void otherEvent(const QString &id, const QJsonObject &event);
    // The worker crashed, hung or lost its CUDA context; it has been killed and restarted.
    void workerFailed(const QString &message);
    void busyChanged(bool busy);

private:
    struct Request
    {
        QString id;
        QString kind;
        QString what;     // kernel and parameters, or what the request is
        QString itemWhat; // the kernel and parameters that run now (a suite's current item)
        QString lastWhat; // the latest progress text
        int lastDone = -1;
        QString error; // the error event that came before done
        bool cancelled = false;
    };

    bool startProcess(const QStringList &args, bool replay);
    void onReadyRead();
    void onStderr();
    void onExited(int code, QProcess::ExitStatus status);
    void onProcessError(QProcess::ProcessError error);
    void onLine(const QByteArray &line);
    void handleEvent(const model::events::Event &e);
    void finish(const QString &id, bool ok, const QString &message);
    void fail(const QString &message, bool restart = true);
    void restartWatchdog();
    void onWatchdog();
    void detachProcess(bool kill);
    Request *find(const QString &id);
    QString describeRunning() const;

    QString m_program;
    QPointer<QProcess> m_process;
    bool m_replay = false;
    QString m_replayId;
    QByteArray m_buffer;
    QStringList m_stderrTail;
    QList<Request> m_open;
    QHash<QString, int> m_limits;
    QTimer m_watchdog;
    int m_nextId = 1;
    int m_restarts = 0;
    QString m_lastFailure;
};
