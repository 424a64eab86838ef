#pragma once

#include "events.h"

#include <QElapsedTimer>
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
//
// A host (setHost) is a name and a command that starts `rooflab-cli worker` somewhere else
// (`ssh -T gpu-lab rooflab-cli worker`, `srun --gres=gpu:1 rooflab-cli worker`). The worker's
// hello is checked first (another protocol number: refused, one line naming both); the
// transport's stderr is kept for messages; a Slurm queue wait is reported by waiting() and can
// be cancelled; once connected the client pings, so a lost connection is noticed within
// heartbeat's lost time (10 s by default). A failed remote worker is started again only by the
// next request. QtCore only: rooflab-cli --host/--via uses this class too.
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
    // The host the worker runs on: a name (for messages) and the command that starts the worker
    // there (split like a shell would, no shell involved); an empty command: this computer
    // (program() worker). Takes effect when the worker next starts; stop() first to switch.
    void setHost(const QString &name, const QString &command);
    QString hostName() const;
    QString hostCommand() const { return m_hostCommand; }
    bool isRemote() const { return !m_hostCommand.isEmpty(); }
    // The worker's hello once it has come (PROTOCOL.md -> Hello); empty before.
    QJsonObject helloEvent() const { return m_hello; }
    bool isConnected() const { return !m_hello.isEmpty() && isRunning(); }
    // The transport says the job waits in a queue (srun: "queued and waiting for resources").
    bool isWaiting() const { return !m_waitingMessage.isEmpty(); }
    // Pings every pingMs without a line from the worker; no line for lostMs: connection lost.
    void setHeartbeat(int pingMs, int lostMs);
    // A remote worker idle this long is let go (a Slurm job holds its GPU while it lives); the
    // next request starts it again. 0: never. Default 10 minutes.
    void setIdleTimeout(int ms) { m_idleMs = std::max(0, ms); }
    // The device index run/suite/ceilings requests go to (default 0).
    void setDeviceIndex(int index) { m_deviceIndex = index; }
    int deviceIndex() const { return m_deviceIndex; }
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
    QString compile(const QString &kernel, const QVariantMap &params, const QString &dtype,
                    const QString &arch);
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
    // The worker's hello passed the protocol check.
    void connected(const QJsonObject &hello);
    // message: the transport's line ("srun: job 12 queued and waiting for resources"); empty
    // when the wait is over.
    void waiting(const QString &message);
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
    bool startWorker();
    void onHeartbeat();
    void onHello(const model::events::Event &e);
    QString stderrText() const;
    QString hostLabel() const;
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
    QString m_hostName;
    QString m_hostCommand;
    QJsonObject m_hello;
    QString m_waitingMessage;
    QTimer m_heartbeat;
    QElapsedTimer m_lastHeard;
    qint64 m_lastPing = -1;
    int m_pingMs = 3000;
    int m_lostMs = 10000;
    int m_deviceIndex = 0;
    QTimer m_idle;
    int m_idleMs = 600'000;
    int m_nextId = 1;
    int m_restarts = 0;
    QString m_lastFailure;
};
