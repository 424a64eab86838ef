#include "workerclient.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QJsonDocument>
#include <QStandardPaths>

namespace {

// Defaults for the time without any event after which a request counts as hung. A kernel run
// reports each step (compile, check, timing), so minutes of silence mean something is stuck.
const QHash<QString, int> &defaultLimits()
{
    static const QHash<QString, int> limits = {
        {QStringLiteral("devices"), 60'000}, {QStringLiteral("compile"), 180'000},
        {QStringLiteral("run"), 180'000},    {QStringLiteral("ceilings"), 300'000},
        {QStringLiteral("suite"), 300'000},  {QStringLiteral("sleep"), 0},
        {QStringLiteral("replay"), 0}, // paced by the file: long pauses are normal
    };
    return limits;
}

constexpr qsizetype kMaxLine = 64ll * 1024 * 1024; // one event; a results file is refused beyond this too

QString describe(const QString &kernel, const QString &dtype, const QVariantMap &params)
{
    QStringList parts = {kernel};
    if (!dtype.isEmpty())
        parts.append(dtype);
    for (auto it = params.cbegin(); it != params.cend(); ++it)
        parts.append(it.key() + QLatin1Char('=') + it.value().toString());
    return parts.join(QLatin1Char(' '));
}

} // namespace

WorkerClient::WorkerClient(QObject *parent) : QObject(parent), m_program(defaultProgram())
{
    m_watchdog.setSingleShot(true);
    connect(&m_watchdog, &QTimer::timeout, this, &WorkerClient::onWatchdog);
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
    return startProcess({QStringLiteral("worker")}, false);
}

bool WorkerClient::startProcess(const QStringList &args, bool replay)
{
    const QFileInfo exe(m_program);
    if (m_program.isEmpty() || !exe.isFile() || !exe.isExecutable()) {
        m_lastFailure =
            tr("The kernel worker rooflab-cli was not found at \"%1\": install it next to rooflab or set "
               "ROOFLAB_CLI to its path.")
                .arg(m_program);
        return false;
    }
    detachProcess(false);
    m_buffer.clear();
    m_stderrTail.clear();
    m_replay = replay;
    auto *p = new QProcess(this);
    m_process = p;
    p->setProcessChannelMode(QProcess::SeparateChannels);
    connect(p, &QProcess::readyReadStandardOutput, this, &WorkerClient::onReadyRead);
    connect(p, &QProcess::readyReadStandardError, this, &WorkerClient::onStderr);
    connect(p, &QProcess::finished, this, &WorkerClient::onExited);
    connect(p, &QProcess::errorOccurred, this, &WorkerClient::onProcessError);
    connect(p, &QProcess::started, this, [this, p] { emit started(p->processId()); });
    p->start(m_program, args);
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
    if (!isRunning() && !startProcess({QStringLiteral("worker")}, false))
        return {};
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
    return send(QStringLiteral("run"), f, describe(kernel, dtype, params));
}

QString WorkerClient::runSuite(const QString &name)
{
    return send(QStringLiteral("suite"), {{"name", name}}, tr("the %1 suite").arg(name));
}

QString WorkerClient::measureCeilings()
{
    return send(QStringLiteral("ceilings"), {}, tr("the ceiling probes"));
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
    for (const QByteArray &l : lines)
        if (!l.trimmed().isEmpty())
            m_stderrTail.append(QString::fromUtf8(l.trimmed()));
    while (m_stderrTail.size() > 20)
        m_stderrTail.removeFirst();
}

void WorkerClient::onLine(const QByteArray &line)
{
    QString why;
    const auto e = model::events::parse(line, &why);
    if (!e) {
        // A measurement that fails the results-file checks, or a line that is no event: the
        // request goes on (PROTOCOL.md: treat it as a warning).
        const QString id = m_open.isEmpty() ? QString() : m_open.first().id;
        emit warning(id, tr("ignored a line from the worker: %1").arg(why));
        return;
    }
    handleEvent(*e);
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
    fail(tr("The kernel worker %1 could not be started: %2").arg(m_program, m_process->errorString()), false);
}

void WorkerClient::restartWatchdog()
{
    if (m_open.isEmpty()) {
        m_watchdog.stop();
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
    const int limit = timeLimit(m_open.first().kind);
    fail(tr("The kernel worker sent nothing for %1 s while running %2; it was stopped (the kernel may hang).")
             .arg(limit / 1000.0, 0, 'g', 3)
             .arg(describeRunning()));
}

void WorkerClient::fail(const QString &message, bool restart)
{
    const QString full = restart ? message + QLatin1Char(' ') +
                                       tr("The worker was restarted; every result received before is kept.")
                                 : message;
    m_lastFailure = full;
    const QList<Request> open = m_open;
    m_open.clear();
    m_watchdog.stop();
    detachProcess(true); // this process only: it is ours and it is broken
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
