#include "workerclient.h"

#include "events.h"

#include "hosts.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QStandardPaths>

namespace {

// Defaults for the time without any event after which a request counts as hung. A kernel run
// reports each step (compile, check, timing), so minutes of silence mean something is stuck.
const QHash<QString, int> &defaultLimits()
{
    static const QHash<QString, int> limits = {
        {QStringLiteral("devices"), 60'000},
        {QStringLiteral("compile"), 180'000},
        {QStringLiteral("run"), 180'000},
        {QStringLiteral("ceilings"), 300'000},
        {QStringLiteral("suite"), 300'000},
        {QStringLiteral("sleep"), 0},
        {QStringLiteral("replay"), 0}, // paced by the file: long pauses are normal
        // From start to the hello: ssh's connection, a worker package's first CUDA call. A
        // Slurm job waiting in the queue has no limit (it says so, and can be cancelled).
        {QStringLiteral("connect"), 60'000},
    };
    return limits;
}

constexpr qsizetype kMaxLine = 64ll * 1024 * 1024; // one event; a results file is refused beyond this too

} // namespace

WorkerClient::WorkerClient(QObject *parent) : QObject(parent), m_program(defaultProgram())
{
    m_watchdog.setSingleShot(true);
    connect(&m_watchdog, &QTimer::timeout, this, &WorkerClient::onWatchdog);
    m_heartbeat.setInterval(250);
    connect(&m_heartbeat, &QTimer::timeout, this, &WorkerClient::onHeartbeat);
    m_idle.setSingleShot(true);
    connect(&m_idle, &QTimer::timeout, this, [this] {
        if (isBusy() || !isRunning() || m_replay)
            return;
        m_heartbeat.stop();
        detachProcess(false); // stdin closed: the worker exits, srun ends, the node is free again
    });
}

WorkerClient::~WorkerClient()
{
    if (m_process) {
        m_process->disconnect(this);
        if (m_process->state() != QProcess::NotRunning) {
            // A worker exits once its stdin closes; a replay is simply stopped.
            if (!m_replay)
                m_process->closeWriteChannel();
            if (m_replay || !m_process->waitForFinished(2000)) {
                m_process->kill();
                m_process->waitForFinished(2000);
            }
        }
        delete m_process;
    }
}

QString WorkerClient::defaultProgram()
{
    const QString env = qEnvironmentVariable("ROOFLAB_CLI");
    if (!env.isEmpty())
        return env;
    const QDir dir(QCoreApplication::applicationDirPath());
    const QString beside = dir.filePath(QStringLiteral("rooflab-cli"));
    // Installed or bundled beside rooflab; in a build tree, app/cli beside app/gui or tests.
    for (const QString &candidate : {beside, dir.filePath(QStringLiteral("../cli/rooflab-cli")),
                                     dir.filePath(QStringLiteral("../app/cli/rooflab-cli"))})
        if (QFileInfo(candidate).isExecutable())
            return QDir::cleanPath(candidate);
    const QString onPath = QStandardPaths::findExecutable(QStringLiteral("rooflab-cli"));
    return onPath.isEmpty() ? beside : onPath;
}

void WorkerClient::setProgram(const QString &program)
{
    m_program = program;
}

void WorkerClient::setHost(const QString &name, const QString &command)
{
    m_hostName = name;
    m_hostCommand = command.trimmed();
}

QString WorkerClient::hostName() const
{
    return m_hostName.isEmpty() ? tr("this computer") : m_hostName;
}

// "host "gpu-lab"": how messages name where the worker runs.
QString WorkerClient::hostLabel() const
{
    return tr("host \"%1\"").arg(hostName());
}

void WorkerClient::setHeartbeat(int pingMs, int lostMs)
{
    m_pingMs = std::max(50, pingMs);
    m_lostMs = std::max(m_pingMs, lostMs);
}

// The transport's last words on one line: ssh's "Permission denied (publickey)", srun's errors.
QString WorkerClient::stderrText() const
{
    const QStringList tail = m_stderrTail.mid(std::max<qsizetype>(0, m_stderrTail.size() - 3));
    return tail.join(QStringLiteral(" / "));
}

void WorkerClient::setTimeLimit(const QString &kind, int ms)
{
    m_limits.insert(kind, std::max(0, ms));
    if (!m_open.isEmpty() && m_open.first().kind == kind)
        restartWatchdog();
}

int WorkerClient::timeLimit(const QString &kind) const
{
    return m_limits.value(kind, defaultLimits().value(kind, 300'000));
}

bool WorkerClient::isRunning() const
{
    return m_process && m_process->state() != QProcess::NotRunning;
}

qint64 WorkerClient::processId() const
{
    return m_process ? m_process->processId() : 0;
}

bool WorkerClient::start()
{
    if (isRunning())
        return !m_replay;
    return startWorker();
}

bool WorkerClient::startWorker()
{
    return startProcess({QStringLiteral("worker")}, false);
}

bool WorkerClient::startProcess(const QStringList &args, bool replay)
{
    QString program = m_program;
    QStringList arguments = args;
    if (!replay && isRemote()) {
        // The user's own command from the settings (or --via), split like a shell would split it;
        // no shell runs it, so nothing in it is expanded twice.
        QString why;
        arguments = Hosts::splitCommand(m_hostCommand, &why);
        if (arguments.isEmpty()) {
            m_lastFailure = tr("The command of %1 cannot be used: %2.").arg(hostLabel(), why);
            return false;
        }
        program = arguments.takeFirst();
        // ssh never asks for a password here: keys, an agent or nothing (PROTOCOL.md -> Hello).
        if (QFileInfo(program).fileName() == QLatin1String("ssh") &&
            !arguments.join(QLatin1Char(' ')).contains(QLatin1String("BatchMode"), Qt::CaseInsensitive))
            arguments = QStringList{QStringLiteral("-o"), QStringLiteral("BatchMode=yes")} + arguments;
    }
    const QFileInfo exe(m_program);
    if (program == m_program && (m_program.isEmpty() || !exe.isFile() || !exe.isExecutable())) {
        m_lastFailure =
            tr("The kernel worker rooflab-cli was not found at \"%1\": install it next to rooflab or set "
               "ROOFLAB_CLI to its path.")
                .arg(m_program);
        return false;
    }
    detachProcess(false);
    m_buffer.clear();
    m_stderrTail.clear();
    m_hello = {};
    m_waitingMessage.clear();
    m_heartbeat.stop();
    m_lastPing = -1;
    m_replay = replay;
    auto *p = new QProcess(this);
    m_process = p;
    p->setProcessChannelMode(QProcess::SeparateChannels);
    connect(p, &QProcess::readyReadStandardOutput, this, &WorkerClient::onReadyRead);
    connect(p, &QProcess::readyReadStandardError, this, &WorkerClient::onStderr);
    connect(p, &QProcess::finished, this, &WorkerClient::onExited);
    connect(p, &QProcess::errorOccurred, this, &WorkerClient::onProcessError);
    connect(p, &QProcess::started, this, [this, p] { emit started(p->processId()); });
    p->start(program, arguments);
    return true;
}

// Lets go of the current process: killed now, or (kill = false) asked to exit by closing its
// stdin and killed only if it is still there a few seconds later.
void WorkerClient::detachProcess(bool kill)
{
    QProcess *p = m_process;
    if (!p)
        return;
    m_process = nullptr;
    p->disconnect(this);
    if (p->state() == QProcess::NotRunning) {
        p->deleteLater();
        return;
    }
    if (kill || m_replay) {
        p->kill();
        p->waitForFinished(3000); // reap it; a SIGKILLed process goes at once
        p->deleteLater();
        return;
    }
    connect(p, &QProcess::finished, p, &QObject::deleteLater);
    p->closeWriteChannel();
    QTimer::singleShot(5000, p, [p] { p->kill(); });
}

void WorkerClient::stop()
{
    const QList<Request> open = m_open;
    m_open.clear();
    m_watchdog.stop();
    m_heartbeat.stop();
    m_waitingMessage.clear();
    detachProcess(false);
    m_replay = false;
    for (const Request &r : open) {
        emit error(r.id, tr("cancelled: the worker was stopped"), 1);
        emit finished(r.id, false, tr("cancelled: the worker was stopped"));
    }
    if (!open.isEmpty())
        emit busyChanged(false);
}

QString WorkerClient::send(const QString &kind, const QJsonObject &fields, const QString &what)
{
    if (m_replay && isRunning()) {
        m_lastFailure = tr("A replay is running: wait for it to end or cancel it first.");
        return {};
    }
    if (!isRunning() && !startWorker())
        return {};
    m_idle.stop();
    const QString id = QString::number(m_nextId++);
    QJsonObject o = fields;
    o.insert(QStringLiteral("request"), kind);
    o.insert(QStringLiteral("id"), id);
    m_process->write(QJsonDocument(o).toJson(QJsonDocument::Compact) + '\n');
    Request r;
    r.id = id;
    r.kind = kind;
    r.what = what.isEmpty() ? kind : what;
    m_open.append(r);
    if (m_open.size() == 1) {
        restartWatchdog();
        emit busyChanged(true);
    }
    return id;
}

QString WorkerClient::requestDevices()
{
    return send(QStringLiteral("devices"), {}, tr("looking for CUDA devices"));
}

QString WorkerClient::run(const QString &kernel, const QVariantMap &params, const QString &dtype, int samples)
{
    QJsonObject f{{"kernel", kernel}, {"params", QJsonObject::fromVariantMap(params)}};
    if (!dtype.isEmpty())
        f.insert(QStringLiteral("dtype"), dtype);
    if (samples > 0)
        f.insert(QStringLiteral("samples"), samples);
    if (m_deviceIndex != 0)
        f.insert(QStringLiteral("device"), m_deviceIndex);
    return send(QStringLiteral("run"), f, model::events::describe(kernel, dtype, params));
}

QString WorkerClient::runSuite(const QString &name)
{
    QJsonObject f{{"name", name}};
    if (m_deviceIndex != 0)
        f.insert(QStringLiteral("device"), m_deviceIndex);
    return send(QStringLiteral("suite"), f, tr("the %1 suite").arg(name));
}

QString WorkerClient::measureCeilings()
{
    QJsonObject f;
    if (m_deviceIndex != 0)
        f.insert(QStringLiteral("device"), m_deviceIndex);
    return send(QStringLiteral("ceilings"), f, tr("the ceiling probes"));
}

QString WorkerClient::compile(const QString &kernel, const QVariantMap &params, const QString &dtype,
                              const QString &arch)
{
    QJsonObject f{{"kernel", kernel}, {"params", QJsonObject::fromVariantMap(params)}};
    if (!dtype.isEmpty())
        f.insert(QStringLiteral("dtype"), dtype);
    if (!arch.isEmpty())
        f.insert(QStringLiteral("arch"), arch);
    return send(QStringLiteral("compile"), f, model::events::describe(kernel, dtype, params));
}

QString WorkerClient::replay(const QString &file, double speed)
{
    if (isBusy()) {
        m_lastFailure = tr("The worker is busy: cancel what runs before replaying a file.");
        return {};
    }
    if (!startProcess({QStringLiteral("replay"), file, QStringLiteral("--speed"), QString::number(speed)},
                      true))
        return {};
    Request r;
    r.id = QStringLiteral("replay-%1").arg(m_nextId++);
    r.kind = QStringLiteral("replay");
    r.what = tr("the replay of %1").arg(QFileInfo(file).fileName());
    m_replayId = r.id;
    m_open.append(r);
    restartWatchdog();
    emit busyChanged(true);
    return r.id;
}

void WorkerClient::cancel(const QString &id)
{
    QStringList targets;
    for (Request &r : m_open)
        if ((id.isEmpty() || r.id == id) && !r.cancelled) {
            r.cancelled = true;
            targets.append(r.id);
        }
    if (targets.isEmpty())
        return;
    if (!m_replay && isRemote() && m_hello.isEmpty() && isRunning()) {
        // Still connecting or waiting in a queue: nothing runs yet, so the transport itself is
        // stopped (srun gives the queued job up on SIGTERM; ssh just goes).
        QProcess *p = m_process;
        m_process = nullptr;
        p->disconnect(this);
        p->setParent(nullptr); // lives until srun has given the job up, even past this client
        connect(p, &QProcess::finished, p, &QObject::deleteLater);
        p->terminate();
        QTimer::singleShot(5000, p, [p] { p->kill(); });
        const bool wasWaiting = !m_waitingMessage.isEmpty();
        m_waitingMessage.clear();
        if (wasWaiting)
            emit waiting({});
        const QString message = wasWaiting ? tr("cancelled while waiting in the queue of %1").arg(hostLabel())
                                           : tr("cancelled while connecting to %1").arg(hostLabel());
        for (const QString &t : targets) {
            emit error(t, message, 1);
            finish(t, false, message);
        }
        return;
    }
    if (m_replay) {
        // Nothing runs on a GPU in a replay: stop it now.
        detachProcess(true);
        m_replay = false;
        const QString message = tr("cancelled");
        for (const QString &t : targets) {
            emit error(t, message, 1);
            finish(t, false, message);
        }
        return;
    }
    for (const QString &t : targets) {
        const QJsonObject o{
            {"request", "cancel"}, {"id", QStringLiteral("cancel-%1").arg(m_nextId++)}, {"target", t}};
        if (m_process)
            m_process->write(QJsonDocument(o).toJson(QJsonDocument::Compact) + '\n');
    }
}

QStringList WorkerClient::openRequests() const
{
    QStringList ids;
    for (const Request &r : m_open)
        ids.append(r.id);
    return ids;
}

QString WorkerClient::currentWhat() const
{
    if (m_open.isEmpty())
        return {};
    const Request &r = m_open.first();
    return r.lastWhat.isEmpty() ? r.what : r.lastWhat;
}

// "memory.copy fp32 n=16777216 (timing 40 samples)": the kernel and its parameters, then the
// step it had reached when it was last heard of.
QString WorkerClient::describeRunning() const
{
    if (m_open.isEmpty())
        return tr("nothing (no request was open)");
    const Request &r = m_open.first();
    QString what = r.itemWhat.isEmpty() ? r.what : r.itemWhat;
    if (!r.lastWhat.isEmpty() && r.lastWhat != what)
        what += QStringLiteral(" (%1)").arg(r.lastWhat);
    return what;
}

WorkerClient::Request *WorkerClient::find(const QString &id)
{
    for (Request &r : m_open)
        if (r.id == id)
            return &r;
    return nullptr;
}

void WorkerClient::onReadyRead()
{
    if (!m_process)
        return;
    m_buffer += m_process->readAllStandardOutput();
    m_lastHeard.start();
    qsizetype start = 0;
    for (;;) {
        const qsizetype nl = m_buffer.indexOf('\n', start);
        if (nl < 0)
            break;
        const QByteArray line = m_buffer.mid(start, nl - start).trimmed();
        start = nl + 1;
        if (!line.isEmpty())
            onLine(line);
        if (!m_process) // a failure while handling the line replaced the process
            return;
    }
    m_buffer.remove(0, start);
    if (m_buffer.size() > kMaxLine)
        fail(tr("The kernel worker sent a line of more than %1 MiB while running %2.")
                 .arg(kMaxLine / 1048576)
                 .arg(describeRunning()));
}

void WorkerClient::onStderr()
{
    if (!m_process)
        return;
    // Kept for crash messages (a CUDA error, an assertion); people read stderr, nothing parses it.
    const QList<QByteArray> lines = m_process->readAllStandardError().split('\n');
    static const QRegularExpression queued(QStringLiteral("queued and waiting for resources|"
                                                          "waiting for resources|Pending job allocation"));
    static const QRegularExpression granted(
        QStringLiteral("has been allocated resources|Granted job allocation"));
    for (const QByteArray &l : lines) {
        if (l.trimmed().isEmpty())
            continue;
        const QString text = QString::fromUtf8(l.trimmed());
        m_stderrTail.append(text);
        // Slurm says, on stderr, that the job waits; nothing else there is acted on.
        if (isRemote() && m_hello.isEmpty() && queued.match(text).hasMatch() && m_waitingMessage != text) {
            m_waitingMessage = text;
            restartWatchdog();
            emit waiting(text);
        } else if (!m_waitingMessage.isEmpty() && granted.match(text).hasMatch()) {
            m_waitingMessage.clear();
            restartWatchdog();
            emit waiting({});
        }
    }
    while (m_stderrTail.size() > 20)
        m_stderrTail.removeFirst();
}

void WorkerClient::onLine(const QByteArray &line)
{
    QString why;
    const auto e = model::events::parse(line, &why);
    if (!m_replay && m_hello.isEmpty()) {
        // Nothing is trusted before the hello: a worker of another protocol would be misread.
        if (e && e->name == QLatin1String("hello")) {
            onHello(*e);
        } else {
            fail(tr("%1 sent no hello (its first line: \"%2\"): it speaks worker protocol 1, this RoofLab "
                    "speaks %3. Install the same RoofLab version there.")
                     .arg(hostLabel(), QString::fromUtf8(line.left(120)))
                     .arg(model::events::kProtocol),
                 false);
        }
        return;
    }
    if (!e) {
        // A measurement that fails the results-file checks, or a line that is no event: the
        // request goes on (PROTOCOL.md: treat it as a warning).
        const QString id = m_open.isEmpty() ? QString() : m_open.first().id;
        emit warning(id, tr("ignored a line from the worker: %1").arg(why));
        return;
    }
    handleEvent(*e);
}

void WorkerClient::onHello(const model::events::Event &e)
{
    const int protocol = e.json.value(QLatin1String("protocol")).toInt(-1);
    if (protocol != model::events::kProtocol) {
        fail(tr("%1 speaks worker protocol %2, this RoofLab speaks %3: install RoofLab %4 there (it has %5).")
                 .arg(hostLabel())
                 .arg(protocol)
                 .arg(model::events::kProtocol)
                 .arg(QCoreApplication::applicationVersion(),
                      e.json.value(QLatin1String("version")).toString(tr("an unknown version"))),
             false);
        return;
    }
    m_hello = e.json;
    if (!m_waitingMessage.isEmpty()) {
        m_waitingMessage.clear();
        emit waiting({});
    }
    m_lastHeard.start();
    m_lastPing = -1;
    if (isRemote())
        m_heartbeat.start();
    restartWatchdog();
    emit connected(m_hello);
}

// Pings a remote worker that has been quiet; one quiet for lostMs has lost its connection
// (a network that drops packets makes ssh wait for minutes before it exits).
void WorkerClient::onHeartbeat()
{
    if (!isConnected() || m_replay) {
        m_heartbeat.stop();
        return;
    }
    const qint64 quiet = m_lastHeard.elapsed();
    if (quiet >= m_lostMs) {
        const QString what = m_open.isEmpty() ? tr("nothing") : describeRunning();
        fail(tr("Lost the connection to %1: nothing came for %2 s, not even the answer to a ping, while "
                "running "
                "%3.")
                 .arg(hostLabel())
                 .arg(m_lostMs / 1000.0, 0, 'g', 3)
                 .arg(what));
        return;
    }
    if (quiet >= m_pingMs && (m_lastPing < 0 || m_lastHeard.elapsed() - m_lastPing >= m_pingMs)) {
        m_lastPing = m_lastHeard.elapsed();
        const QJsonObject o{{"request", "ping"}, {"id", QStringLiteral("ping-%1").arg(m_nextId++)}};
        m_process->write(QJsonDocument(o).toJson(QJsonDocument::Compact) + '\n');
    }
}

void WorkerClient::handleEvent(const model::events::Event &e)
{
    QString id = e.id;
    if (id.isEmpty() && m_replay)
        id = m_replayId; // replay events carry no id
    Request *r = find(id);
    if (!r) {
        if (e.kind == model::events::Kind::Warning || e.kind == model::events::Kind::Error)
            emit warning(id, e.message);
        return; // the answer to a cancel, or a late event of a request already ended
    }
    restartWatchdog();
    using K = model::events::Kind;
    switch (e.kind) {
    case K::Progress:
        if (r->itemWhat.isEmpty() || e.done != r->lastDone) {
            r->itemWhat = e.what;
            r->lastDone = e.done;
        }
        r->lastWhat = e.what;
        emit progress(id, e.done, e.total, e.what);
        break;
    case K::Measurement:
        emit measurement(id, *e.measurement);
        break;
    case K::Ceiling:
        emit ceiling(id, *e.ceiling);
        break;
    case K::Device:
        emit device(id, *e.device);
        break;
    case K::Warning:
        emit warning(id, e.message);
        break;
    case K::Error: {
        const QString what = e.json.value(QLatin1String("what")).toString();
        if (!what.isEmpty())
            r->itemWhat = what;
        if (e.json.value(QLatin1String("context_lost")).toBool()) {
            // A sticky CUDA error: this worker can run nothing more.
            fail(tr("%1 faulted and took the worker's CUDA context with it: %2.")
                     .arg(describeRunning(), e.message));
            return;
        }
        r->error = e.message;
        emit error(id, e.message, e.json.value(QLatin1String("code")).toInt(1));
        break;
    }
    case K::Done: {
        QString message = e.json.value(QLatin1String("message")).toString();
        if (message.isEmpty())
            message = r->error;
        if (m_replay && id == m_replayId)
            m_replayId.clear(); // its process ends next; that is no crash
        finish(id, e.ok, message);
        break;
    }
    case K::Other:
        emit otherEvent(id, e.json);
        break;
    }
}

void WorkerClient::finish(const QString &id, bool ok, const QString &message)
{
    for (qsizetype i = 0; i < m_open.size(); ++i)
        if (m_open.at(i).id == id) {
            m_open.removeAt(i);
            break;
        }
    restartWatchdog();
    emit finished(id, ok, message);
    if (m_open.isEmpty() && isRemote() && !m_replay && m_idleMs > 0 && isRunning())
        m_idle.start(m_idleMs);
    if (m_open.isEmpty())
        emit busyChanged(false);
}

void WorkerClient::onExited(int code, QProcess::ExitStatus status)
{
    // Events still in the pipe come first: a replay's last lines arrive with its exit.
    onReadyRead();
    if (!m_process)
        return;
    const bool wasReplay = m_replay;
    if (!wasReplay && isRemote()) {
        // The transport ended: ssh's 255, srun refused, the worker's host gone.
        const QString said = stderrText();
        const QString how = status == QProcess::CrashExit ? tr("it crashed") : tr("exit code %1").arg(code);
        QString message;
        if (m_hello.isEmpty())
            message = tr("Could not start the worker on %1: \"%2\" ended (%3) before the worker answered%4.")
                          .arg(hostLabel(), m_hostCommand, how,
                               said.isEmpty() ? QString() : QStringLiteral(": ") + said);
        else
            message = tr("Lost the connection to %1 (%2) while running %3%4.")
                          .arg(hostLabel(), how, m_open.isEmpty() ? tr("nothing") : describeRunning(),
                               said.isEmpty() ? QString() : QStringLiteral(": ") + said);
        if (m_open.isEmpty()) {
            m_lastFailure = message;
            detachProcess(false);
            m_heartbeat.stop();
            emit workerFailed(message);
            return;
        }
        fail(message);
        return;
    }
    if (m_open.isEmpty() || (wasReplay && m_replayId.isEmpty())) {
        detachProcess(false);
        m_replay = false;
        return; // it ended after its last request, as a replay does
    }
    QString how = status == QProcess::CrashExit ? tr("it crashed") : tr("it exited with code %1").arg(code);
    if (!m_stderrTail.isEmpty())
        how += QStringLiteral("; it said: \"%1\"").arg(m_stderrTail.last());
    fail(wasReplay
             ? tr("The replay stopped unexpectedly (%1) while replaying %2.").arg(how, describeRunning())
             : tr("The kernel worker stopped unexpectedly (%1) while running %2.")
                   .arg(how, describeRunning()));
}

void WorkerClient::onProcessError(QProcess::ProcessError error)
{
    if (error != QProcess::FailedToStart || !m_process)
        return; // crashes are handled when the process has finished
    // No restart: a program that cannot start will not start on the second try either.
    if (isRemote() && !m_replay)
        fail(tr("Could not start the worker on %1: \"%2\" could not be run: %3")
                 .arg(hostLabel(), m_hostCommand, m_process->errorString()),
             false);
    else
        fail(tr("The kernel worker %1 could not be started: %2").arg(m_program, m_process->errorString()),
             false);
}

void WorkerClient::restartWatchdog()
{
    if (m_open.isEmpty()) {
        m_watchdog.stop();
        return;
    }
    if (!m_replay && m_hello.isEmpty() && isRunning()) {
        // Connecting: a limit of its own, none while a queue holds the job.
        if (!m_waitingMessage.isEmpty() || timeLimit(QStringLiteral("connect")) <= 0)
            m_watchdog.stop();
        else
            m_watchdog.start(timeLimit(QStringLiteral("connect")));
        return;
    }
    const int limit = timeLimit(m_open.first().kind);
    if (limit <= 0)
        m_watchdog.stop();
    else
        m_watchdog.start(limit);
}

void WorkerClient::onWatchdog()
{
    if (m_open.isEmpty())
        return;
    if (!m_replay && m_hello.isEmpty()) {
        const QString said = stderrText();
        fail(tr("No answer from %1 within %2 s (no hello from its worker)%3.")
                 .arg(hostLabel())
                 .arg(timeLimit(QStringLiteral("connect")) / 1000.0, 0, 'g', 3)
                 .arg(said.isEmpty() ? QString() : QStringLiteral(": ") + said));
        return;
    }
    const int limit = timeLimit(m_open.first().kind);
    fail(tr("The kernel worker sent nothing for %1 s while running %2; it was stopped (the kernel may hang).")
             .arg(limit / 1000.0, 0, 'g', 3)
             .arg(describeRunning()));
}

void WorkerClient::fail(const QString &message, bool restart)
{
    // A remote worker is started again by the next request only: a broken host would otherwise
    // be dialled (or a Slurm job queued) again and again.
    const bool remote = isRemote() && !m_replay;
    if (remote && restart) {
        restart = false;
        m_heartbeat.stop();
    }
    const QString full =
        restart ? message + QLatin1Char(' ') +
                      tr("The worker was restarted; every result received before is kept.")
        : remote && !m_open.isEmpty() && !m_hello.isEmpty()
            ? message + QLatin1Char(' ') +
                  tr("Every result received before is kept; send the run again when the host "
                     "answers.")
            : message;
    m_lastFailure = full;
    const QList<Request> open = m_open;
    m_open.clear();
    m_watchdog.stop();
    detachProcess(true); // this process only: it is ours and it is broken
    m_heartbeat.stop();
    m_waitingMessage.clear();
    m_replay = false;
    m_replayId.clear();
    if (restart) {
        ++m_restarts;
        startProcess({QStringLiteral("worker")}, false);
    }
    for (const Request &r : open) {
        emit error(r.id, full, 1);
        emit finished(r.id, false, full);
    }
    emit workerFailed(full);
    if (!open.isEmpty())
        emit busyChanged(false);
}
