#include "ncureport.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QProcessEnvironment>
#include <QRegularExpression>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryFile>
#include <QThread>
#include <QTimer>
#include <QVersionNumber>

#include <algorithm>

namespace model {

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("model::NcuReportReader", text);
}

bool isExecutableFile(const QString &path)
{
    const QFileInfo fi(path);
    return fi.isFile() && fi.isExecutable();
}

// Folders named by a version ("cuda-13.0", "2025.3.1"), newest first: a machine with several
// toolkits or Nsight Compute versions installed gets the newest, which reads every older report.
QStringList newestFirst(const QString &parent, const QString &prefix)
{
    QDir dir(parent);
    QList<std::pair<QVersionNumber, QString>> found;
    const QStringList names = dir.entryList({prefix + QLatin1Char('*')}, QDir::Dirs | QDir::NoDotAndDotDot);
    for (const QString &name : names) {
        const QVersionNumber v = QVersionNumber::fromString(name.mid(prefix.size()));
        if (!v.isNull())
            found.append({v, dir.filePath(name)});
    }
    std::sort(found.begin(), found.end(), [](const auto &a, const auto &b) { return a.first > b.first; });
    QStringList out;
    for (const auto &f : found)
        out.append(f.second);
    return out;
}

struct Candidate
{
    QString path, how;
};

QList<Candidate> candidates()
{
    QList<Candidate> c;
    const QString setting = QSettings().value(QLatin1String(NcuReportReader::kSettingKey)).toString();
    if (!setting.isEmpty())
        c.append({setting, QStringLiteral("setting")});
    const QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    if (const QString p = env.value(QStringLiteral("ROOFLAB_NCU")); !p.isEmpty())
        c.append({p, QStringLiteral("ROOFLAB_NCU")});
    const QStringList path =
        env.value(QStringLiteral("PATH")).split(QDir::listSeparator(), Qt::SkipEmptyParts);
    if (const QString onPath = QStandardPaths::findExecutable(QStringLiteral("ncu"), path); !onPath.isEmpty())
        c.append({onPath, QStringLiteral("PATH")});
    QStringList toolkits;
    for (const char *var : {"CUDA_HOME", "CUDA_PATH"})
        if (const QString d = env.value(QLatin1String(var)); !d.isEmpty())
            toolkits.append(d);
    toolkits.append(QStringLiteral("/usr/local/cuda"));
    toolkits += newestFirst(QStringLiteral("/usr/local"), QStringLiteral("cuda-"));
    for (const QString &t : toolkits)
        c.append({t + QStringLiteral("/bin/ncu"), QStringLiteral("CUDA Toolkit")});
    for (const QString &d : newestFirst(QStringLiteral("/opt/nvidia/nsight-compute"), QString()))
        c.append({d + QStringLiteral("/ncu"), QStringLiteral("Nsight Compute")});
    return c;
}

// ncu runs with the libraries it was installed with, not this program's: a bundle's Qt on
// LD_LIBRARY_PATH would be loaded by ncu's own Qt-based tools instead of theirs.
QProcessEnvironment ncuEnvironment()
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove(QStringLiteral("LD_LIBRARY_PATH"));
    return env;
}

// What ncu said went wrong: its ==ERROR== lines (on either stream), else the last line it
// wrote on stderr, else its exit code.
QString ncuFailure(const QString &report, const QByteArray &stdoutHead, const QByteArray &stderrText,
                   int exitCode, bool crashed)
{
    QStringList errors;
    for (const QByteArray *text : {&stderrText, &stdoutHead}) {
        const QStringList lines = QString::fromLocal8Bit(*text).split(QLatin1Char('\n'));
        for (const QString &line : lines)
            if (line.startsWith(QLatin1String("==ERROR==")))
                errors.append(line.mid(9).trimmed());
    }
    QString why = errors.join(QLatin1Char(' ')); // ncu's lines are sentences
    if (why.isEmpty()) {
        const QStringList lines = QString::fromLocal8Bit(stderrText).trimmed().split(QLatin1Char('\n'));
        why = lines.isEmpty() ? QString() : lines.last().trimmed();
    }
    if (why.isEmpty())
        why = crashed ? tr("ncu crashed") : tr("ncu exited with code %1").arg(exitCode);
    return tr("Nsight Compute could not read %1: %2").arg(QFileInfo(report).fileName(), why);
}

// A file name as a user would type it in a POSIX shell (the command is shown, never run).
QString shellQuoted(QString name)
{
    if (!name.contains(QRegularExpression(QStringLiteral("[^A-Za-z0-9_./+-]"))))
        return name;
    return QLatin1Char('\'') + name.replace(QLatin1Char('\''), QLatin1String("'\\''")) + QLatin1Char('\'');
}

QByteArray head(const QString &path, qint64 bytes)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.read(bytes) : QByteArray();
}

// The checks before ncu starts; "" when it may.
QString cannotStart(const QString &reportPath, const QString &ncu)
{
    if (ncu.isEmpty())
        return NcuReportReader::missingNcuMessage(reportPath);
    const QFileInfo fi(reportPath);
    if (!fi.isFile())
        return tr("%1: no such file").arg(reportPath);
    if (!fi.isReadable())
        return tr("%1: cannot be read").arg(reportPath);
    return {};
}

std::unique_ptr<QTemporaryFile> newCsvFile(QString *error)
{
    auto f = std::make_unique<QTemporaryFile>(QDir::tempPath() + QStringLiteral("/rooflab-ncu-XXXXXX.csv"));
    if (!f->open()) {
        *error = tr("cannot create a temporary file for ncu's output in %1: %2")
                     .arg(QDir::tempPath(), f->errorString());
        return nullptr;
    }
    f->close(); // ncu writes it; it stays until the object goes
    return f;
}

// The blocking export: ncu's CSV in *csv (a temporary file). "" on success.
QString exportBlocking(const QString &reportPath, const NcuReportOptions &options, QTemporaryFile *csv)
{
    QProcess p;
    p.setProcessEnvironment(ncuEnvironment());
    p.setStandardOutputFile(csv->fileName(), QIODevice::Truncate);
    const QString ncu = options.ncu.isEmpty() ? NcuReportReader::findNcu() : options.ncu;
    p.start(ncu, NcuReportReader::exportArguments(reportPath));
    if (!p.waitForStarted(30000))
        return tr("Nsight Compute (%1) could not be started: %2").arg(ncu, p.errorString());
    QElapsedTimer clock;
    clock.start();
    qint64 last = -1;
    while (!p.waitForFinished(100)) {
        if (p.state() == QProcess::NotRunning)
            break;
        const qint64 size = QFileInfo(csv->fileName()).size();
        const bool stop = options.progress && size != last && !options.progress(size);
        last = size;
        const bool late = options.timeoutMs >= 0 && clock.elapsed() > options.timeoutMs;
        if (stop || late) {
            p.kill();
            p.waitForFinished(5000);
            return stop ? NcuReportReader::cancelledMessage()
                        : tr("Nsight Compute did not finish reading %1 within %2 s")
                              .arg(QFileInfo(reportPath).fileName())
                              .arg(options.timeoutMs / 1000);
        }
    }
    const QByteArray err = p.readAllStandardError();
    const bool crashed = p.exitStatus() != QProcess::NormalExit;
    if (crashed || p.exitCode() != 0)
        return ncuFailure(reportPath, head(csv->fileName(), 1 << 16), err, p.exitCode(), crashed);
    if (options.progress) {
        const qint64 size = QFileInfo(csv->fileName()).size();
        if (size != last && !options.progress(size))
            return NcuReportReader::cancelledMessage();
    }
    return {};
}

} // namespace

bool NcuReportReader::isReport(const QString &path)
{
    return path.endsWith(QLatin1String(".ncu-rep"), Qt::CaseInsensitive);
}

QString NcuReportReader::findNcu(QString *how)
{
    for (const Candidate &c : candidates())
        if (isExecutableFile(c.path)) {
            if (how)
                *how = c.how;
            return QFileInfo(c.path).absoluteFilePath();
        }
    return {};
}

QStringList NcuReportReader::searchedPlaces()
{
    return {tr("the setting %1").arg(QLatin1String(kSettingKey)), QStringLiteral("$ROOFLAB_NCU"),
            QStringLiteral("PATH"),
            QStringLiteral("$CUDA_HOME/bin, $CUDA_PATH/bin, /usr/local/cuda/bin, /usr/local/cuda-*/bin"),
            QStringLiteral("/opt/nvidia/nsight-compute/*/ncu")};
}

QStringList NcuReportReader::exportArguments(const QString &reportPath)
{
    return {QStringLiteral("--import"), reportPath,
            QStringLiteral("--csv"),    QStringLiteral("--page"),
            QStringLiteral("raw"),      QStringLiteral("--print-units"),
            QStringLiteral("base")};
}

QString NcuReportReader::exportCommand(const QString &reportPath)
{
    QStringList args = exportArguments(shellQuoted(reportPath));
    return QStringLiteral("ncu ") + args.join(QLatin1Char(' '));
}

QString NcuReportReader::missingNcuMessage(const QString &reportPath)
{
    const QString name =
        reportPath.isEmpty() ? QStringLiteral("x.ncu-rep") : QFileInfo(reportPath).fileName();
    QString csv = name;
    csv.replace(QRegularExpression(QStringLiteral("\\.ncu-rep$"), QRegularExpression::CaseInsensitiveOption),
                QString());
    return tr("Nsight Compute (ncu) is needed to read the report %1 and was not found (setting %2, PATH, the "
              "CUDA "
              "Toolkit, /opt/nvidia/nsight-compute); on a machine that has it, export a CSV and open that: "
              "%3 > %4")
        .arg(name, QLatin1String(kSettingKey), exportCommand(name),
             shellQuoted(csv + QStringLiteral(".csv")));
}

QString NcuReportReader::cancelledMessage()
{
    return tr("cancelled");
}

std::optional<QByteArray> NcuReportReader::exportCsv(const QString &reportPath, QString *error,
                                                     const NcuReportOptions &options)
{
    QString why = cannotStart(reportPath, options.ncu.isEmpty() ? findNcu() : options.ncu);
    std::unique_ptr<QTemporaryFile> csv;
    if (why.isEmpty())
        csv = newCsvFile(&why);
    if (csv)
        why = exportBlocking(reportPath, options, csv.get());
    if (why.isEmpty()) {
        QFile f(csv->fileName());
        if (f.open(QIODevice::ReadOnly))
            return f.readAll();
        why = tr("cannot read ncu's output %1: %2").arg(f.fileName(), f.errorString());
    }
    if (error)
        *error = why;
    return std::nullopt;
}

std::optional<NcuReport> NcuReportReader::read(const QString &reportPath, QString *error,
                                               const NcuReportOptions &options)
{
    QString why = cannotStart(reportPath, options.ncu.isEmpty() ? findNcu() : options.ncu);
    std::unique_ptr<QTemporaryFile> csv;
    if (why.isEmpty())
        csv = newCsvFile(&why);
    if (csv)
        why = exportBlocking(reportPath, options, csv.get());
    if (why.isEmpty()) {
        QFile f(csv->fileName());
        if (!f.open(QIODevice::ReadOnly)) {
            why = tr("cannot read ncu's output %1: %2").arg(f.fileName(), f.errorString());
        } else if (auto r = NcuImport::read(f, &why, options.read)) {
            return r;
        } else {
            why = tr("%1: %2").arg(QFileInfo(reportPath).fileName(), why);
        }
    }
    if (error)
        *error = why;
    return std::nullopt;
}

NcuReportReader::NcuReportReader(QObject *parent) : QObject(parent) {}

NcuReportReader::~NcuReportReader()
{
    if (m_process) {
        m_process->disconnect(this);
        m_process->kill();
        m_process->waitForFinished(5000);
    }
    if (m_thread) {
        m_cancel->store(true);
        m_thread->disconnect(this);
        m_thread->wait();
        delete m_thread;
    }
}

void NcuReportReader::setNcuPath(const QString &ncu)
{
    m_ncuPath = ncu;
}

bool NcuReportReader::isRunning() const
{
    return m_running;
}

bool NcuReportReader::start(const QString &reportPath)
{
    if (isRunning()) {
        emit failed(tr("%1: another report is still being read").arg(QFileInfo(reportPath).fileName()));
        return false;
    }
    m_reportPath = reportPath;
    m_result.reset();
    m_parseError.clear();
    m_lastProgress = -1;
    m_cancel = std::make_shared<std::atomic_bool>(false);
    const QString ncu = m_ncuPath.isEmpty() ? findNcu() : m_ncuPath;
    QString why = cannotStart(reportPath, ncu);
    if (why.isEmpty())
        m_csv = newCsvFile(&why);
    if (!why.isEmpty()) {
        m_csv.reset();
        emit failed(why);
        return false;
    }
    m_running = true; // from here on exactly one of finished() or failed() follows
    m_process = new QProcess(this);
    m_process->setProcessEnvironment(ncuEnvironment());
    m_process->setStandardOutputFile(m_csv->fileName(), QIODevice::Truncate);
    connect(m_process, &QProcess::finished, this,
            [this](int code, QProcess::ExitStatus status) { onNcuFinished(code, int(status)); });
    connect(m_process, &QProcess::errorOccurred, this, [this](QProcess::ProcessError e) {
        if (e == QProcess::FailedToStart)
            fail(tr("Nsight Compute (%1) could not be started: %2")
                     .arg(m_process->program(), m_process->errorString()));
    });
    m_poll = new QTimer(this);
    m_poll->setInterval(100);
    connect(m_poll, &QTimer::timeout, this, &NcuReportReader::pollOutput);
    m_poll->start();
    m_process->start(ncu, exportArguments(reportPath));
    return true;
}

void NcuReportReader::cancel()
{
    if (!isRunning())
        return;
    m_cancel->store(true);
    if (m_process)
        m_process->kill(); // finished() follows and reports the cancel
}

void NcuReportReader::pollOutput()
{
    if (!m_csv)
        return;
    const qint64 size = QFileInfo(m_csv->fileName()).size();
    if (size != m_lastProgress) {
        m_lastProgress = size;
        emit progress(size);
    }
}

void NcuReportReader::onNcuFinished(int exitCode, int exitStatus)
{
    pollOutput();
    m_poll->stop();
    const QByteArray err = m_process->readAllStandardError();
    m_process->deleteLater();
    m_process = nullptr;
    if (m_cancel->load()) {
        fail(cancelledMessage());
        return;
    }
    const bool crashed = exitStatus != int(QProcess::NormalExit);
    if (crashed || exitCode != 0) {
        fail(ncuFailure(m_reportPath, head(m_csv->fileName(), 1 << 16), err, exitCode, crashed));
        return;
    }
    startParse();
    emit exported(std::max<qint64>(m_lastProgress, 0));
}

void NcuReportReader::startParse()
{
    const QString csvPath = m_csv->fileName();
    const std::shared_ptr<std::atomic_bool> cancelFlag = m_cancel;
    m_thread = QThread::create([this, csvPath, cancelFlag] {
        QFile f(csvPath);
        if (!f.open(QIODevice::ReadOnly)) {
            m_parseError = tr("cannot read ncu's output %1: %2").arg(csvPath, f.errorString());
            return;
        }
        NcuReadOptions o;
        // Emitted from this thread: queued to the reader's thread. At most one per percent.
        auto lastPct = std::make_shared<int>(-1);
        o.progress = [this, cancelFlag, lastPct](qint64 done, qint64 total) {
            const int pct = total > 0 ? int(done * 100 / total) : 0;
            if (pct != *lastPct) {
                *lastPct = pct;
                emit parseProgress(done, total);
            }
            return !cancelFlag->load();
        };
        QString error;
        m_result = NcuImport::read(f, &error, o);
        if (!m_result)
            m_parseError = error;
    });
    connect(m_thread, &QThread::finished, this, &NcuReportReader::onParseFinished);
    m_thread->start();
}

void NcuReportReader::onParseFinished()
{
    m_thread->wait();
    delete m_thread;
    m_thread = nullptr;
    if (m_cancel->load()) {
        fail(cancelledMessage());
        return;
    }
    if (!m_result) {
        fail(tr("%1: %2").arg(QFileInfo(m_reportPath).fileName(), m_parseError));
        return;
    }
    NcuReport report = std::move(*m_result);
    m_result.reset();
    cleanUp();
    emit finished(report);
}

void NcuReportReader::fail(const QString &message)
{
    if (m_process) {
        m_process->disconnect(this);
        m_process->kill();
        m_process->waitForFinished(5000);
        m_process->deleteLater();
        m_process = nullptr;
    }
    cleanUp();
    emit failed(message);
}

void NcuReportReader::cleanUp()
{
    m_running = false;
    if (m_poll) {
        m_poll->stop();
        m_poll->deleteLater();
        m_poll = nullptr;
    }
    m_csv.reset();
}

} // namespace model
