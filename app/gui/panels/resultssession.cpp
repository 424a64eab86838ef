#include "panels/resultssession.h"

#include "ncuimport.h"
#include "ncureport.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QPromise>
#include <QSaveFile>
#include <QSettings>
#include <QStandardPaths>
#include <QThreadPool>

namespace {

const QString kRecentKey = QStringLiteral("results/recent");

bool sameCeiling(const model::MeasuredCeiling &a, const model::MeasuredCeiling &b)
{
    return a.kind == b.kind && a.level == b.level && a.precision == b.precision && a.probe == b.probe &&
           a.value == b.value;
}

QString skippedSummary(const QStringList &warnings)
{
    QStringList shown = warnings.mid(0, 5);
    QString s = shown.join(QStringLiteral("\n"));
    if (warnings.size() > shown.size())
        s += QLatin1Char('\n') +
             ResultsSession::tr("… and %n more", nullptr, int(warnings.size() - shown.size()));
    return s;
}

} // namespace

ResultsSession::ResultsSession(QObject *parent) : QObject(parent), m_autosavePath(defaultAutosavePath())
{
    m_live.created = QDateTime::currentDateTimeUtc().toString(Qt::ISODate);
    m_live.tool = QJsonObject{{"name", "rooflab"}, {"version", QCoreApplication::applicationVersion()}};
    m_autosaveTimer.setSingleShot(true);
    connect(&m_autosaveTimer, &QTimer::timeout, this, &ResultsSession::writeAutosave);
    m_progressTimer.setInterval(100);
    connect(&m_progressTimer, &QTimer::timeout, this, [this] {
        if (m_job)
            emit loadProgress(m_job->label, m_job->done, m_job->total);
    });
    connect(&m_watcher, &QFutureWatcherBase::finished, this, &ResultsSession::onLoadDone);
}

ResultsSession::~ResultsSession()
{
    // A read still running stops at its next block; its result goes nowhere.
    if (m_job)
        m_job->cancel = true;
    flushAutosave();
}

// ---- live results

void ResultsSession::addLiveMeasurement(const model::Measurement &m, const QString &origin)
{
    m_live.measurements.append(m);
    m_liveOrigins.append(origin);
    autosave();
    emit liveMeasurementAdded(int(m_live.measurements.size()) - 1);
}

void ResultsSession::addLiveCeiling(const model::MeasuredCeiling &c)
{
    for (const model::MeasuredCeiling &have : m_live.ceilings)
        if (sameCeiling(have, c))
            return; // a replay of the same file twice
    m_live.ceilings.append(c);
    autosave();
    emit liveCeilingsChanged();
}

void ResultsSession::setLiveDevice(const model::DeviceInfo &device)
{
    // One results file names one device: the first that measured something here.
    if (!m_live.device.name.isEmpty() && !m_live.measurements.isEmpty())
        return;
    m_live.device = device;
    emit liveDeviceChanged();
}

// Each write holds every live measurement, so writing per measurement costs O(n) each: fine for
// runs seconds apart, too much for a replay at full speed. Bursts are written together.
void ResultsSession::autosave()
{
    if (m_autosavePath.isEmpty())
        return;
    if (m_lastAutosave.isValid() && m_lastAutosave.elapsed() < 100) {
        if (!m_autosaveTimer.isActive())
            m_autosaveTimer.start(100);
        return;
    }
    writeAutosave();
}

void ResultsSession::flushAutosave()
{
    if (m_autosaveTimer.isActive())
        writeAutosave();
}

void ResultsSession::writeAutosave()
{
    m_autosaveTimer.stop();
    m_lastAutosave.start();
    if (m_autosavePath.isEmpty())
        return;
    if (unsavedCount() <= 0) {
        QFile::remove(m_autosavePath);
        return;
    }
    // What a crash would lose: the live measurements not yet saved with Save As.
    model::ResultSet unsaved = m_live;
    unsaved.measurements = m_live.measurements.mid(m_savedLive);
    QDir().mkpath(QFileInfo(m_autosavePath).absolutePath());
    QString error;
    if (!unsaved.save(m_autosavePath, &error) && !m_autosaveWarned) {
        m_autosaveWarned = true; // once: a full disk would otherwise say it per measurement
        emit autosaveFailed(tr("Autosave failed: %1").arg(error));
    }
}

// ---- files

namespace {

// The readers' messages start with the file (results files, CSV exports) or not (a report ncu
// cannot read): either way the path is said once, first.
QString withPath(const QString &path, const QString &why)
{
    const QString name = QFileInfo(path).fileName();
    if (why.startsWith(path) || why.startsWith(name + QLatin1Char(':')))
        return why;
    return QStringLiteral("%1: %2").arg(path, why);
}

} // namespace

std::optional<ResultsSession::Document> ResultsSession::read(const QString &path, QString *error,
                                                             const Progress &progress)
{
    Document d;
    d.path = QFileInfo(path).absoluteFilePath();
    d.label = QFileInfo(path).fileName();
    std::optional<model::ResultSet> rs;
    auto fromReport = [&d, &rs](model::NcuReport &&report) {
        rs = std::move(report.results);
        d.warnings = report.warnings;
        d.launches = std::move(report.launches);
        d.noPoints = report.noPoints;
    };
    if (model::NcuReportReader::isReport(path)) {
        model::NcuReportOptions options;
        options.read.progress = progress;
        QString why;
        auto report = model::NcuReportReader::read(path, &why, options);
        if (report)
            fromReport(std::move(*report));
        else if (error)
            *error = withPath(path, why);
    } else if (path.endsWith(QLatin1String(".csv"), Qt::CaseInsensitive)) {
        model::NcuReadOptions options;
        options.progress = [&progress](qint64 done, qint64 total) {
            return !progress || progress(done, std::max<qint64>(total, 0));
        };
        auto report = model::NcuImport::readFile(path, error, options);
        if (report)
            fromReport(std::move(*report));
    } else {
        model::ResultSet::ReadOptions options;
        options.progress = progress;
        rs = model::ResultSet::load(path, error, &d.warnings, options);
    }
    if (!rs)
        return std::nullopt;
    d.results = *rs;
    return d;
}

bool ResultsSession::open(const QString &path, QString *message, OpenMode mode)
{
    QString error;
    auto doc = read(path, &error);
    if (!doc) {
        if (message)
            *message = tr("Could not open %1").arg(error);
        return false;
    }
    const QString said = adopt(std::move(*doc), mode, ++m_batch);
    if (message)
        *message = said;
    return true;
}

QString ResultsSession::adopt(Document doc, OpenMode mode, int batch)
{
    doc.batch = batch;
    QString message;
    if (doc.results.measurements.isEmpty() && !doc.noPoints.isEmpty())
        message = tr("%1: %n kernel launch(es), listed under Kernels; no roofline point: %2", nullptr,
                     int(doc.launches.size()))
                      .arg(doc.label, doc.noPoints);
    else if (!doc.warnings.isEmpty())
        message = tr("%1: opened %n measurement(s); skipped what could not be used:", nullptr,
                     int(doc.results.measurements.size()))
                      .arg(doc.label) +
                  QLatin1Char('\n') + skippedSummary(doc.warnings);
    else if (doc.results.measurements.isEmpty())
        message = tr("%1 holds no measurements.").arg(doc.label);
    const QString path = doc.path;
    if (mode == OpenMode::Replace) {
        // Only now, with the new file read: a refused file closes nothing.
        QStringList closed;
        for (qsizetype i = m_files.size() - 1; i >= 0; --i)
            if (m_files.at(i).batch != batch && m_files.at(i).path != path) {
                closed.prepend(m_files.at(i).label);
                m_files.removeAt(i);
            }
        if (!closed.isEmpty()) {
            const QString note = tr("Opened %1 on its own and closed %2 (File → Add to open results keeps "
                                    "files open together).")
                                     .arg(doc.label, closed.join(QStringLiteral(", ")));
            message = message.isEmpty() ? note : message + QLatin1Char('\n') + note;
        }
    }
    bool replaced = false;
    for (Document &d : m_files)
        if (d.path == path) {
            doc.hidden = d.hidden;
            d = doc;
            replaced = true;
        }
    if (!replaced)
        m_files.append(std::move(doc));
    addRecentFile(path);
    emit documentsChanged();
    return message;
}

void ResultsSession::closeFile(int index)
{
    if (index < 0 || index >= m_files.size())
        return;
    m_files.removeAt(index);
    emit documentsChanged();
}

void ResultsSession::closeAllFiles()
{
    if (m_files.isEmpty())
        return;
    m_files.clear();
    emit documentsChanged();
}

void ResultsSession::setFileHidden(int index, bool hidden)
{
    if (index < 0 || index >= m_files.size() || m_files.at(index).hidden == hidden)
        return;
    m_files[index].hidden = hidden;
    emit visibilityChanged();
}

void ResultsSession::openInBackground(const QString &path, OpenMode mode)
{
    openInBackground(QStringList{path}, mode);
}

void ResultsSession::openInBackground(const QStringList &paths, OpenMode mode)
{
    if (paths.isEmpty())
        return;
    const int batch = ++m_batch;
    for (const QString &path : paths)
        m_queue.append({path, mode, batch});
    if (!m_job)
        startNextLoad();
}

void ResultsSession::startNextLoad()
{
    if (m_queue.isEmpty()) {
        m_progressTimer.stop();
        emit loadsDone();
        return;
    }
    auto job = std::make_shared<Job>();
    const Queued next = m_queue.takeFirst();
    job->path = next.path;
    job->mode = next.mode;
    job->batch = next.batch;
    job->label = QFileInfo(job->path).fileName();
    m_job = job;
    m_progressTimer.start();
    emit loadProgress(job->label, 0, 0);
    if (model::NcuReportReader::isReport(job->path)) {
        startReport(job);
        return;
    }
    auto promise = std::make_shared<QPromise<Loaded>>();
    m_watcher.setFuture(promise->future());
    promise->start();
    // The reader is reentrant and touches nothing of the session: the document comes back
    // through the future and joins the files in onLoadDone, on this thread.
    QThreadPool::globalInstance()->start([job, promise] {
        Loaded out;
        out.doc = read(job->path, &out.error, [job](qint64 done, qint64 total) {
            job->done = done;
            job->total = total;
            return !job->cancel;
        });
        promise->addResult(std::move(out));
        promise->finish();
    });
}

// A report: ncu exports it (a process), then its CSV is read on the reader's own thread.
void ResultsSession::startReport(const std::shared_ptr<Job> &job)
{
    auto *reader = new model::NcuReportReader(this);
    m_report = reader;
    connect(reader, &model::NcuReportReader::progress, this, [job](qint64 bytes) { job->done = bytes; });
    connect(reader, &model::NcuReportReader::parseProgress, this, [job](qint64 done, qint64 total) {
        job->done = done;
        job->total = std::max<qint64>(total, 0);
    });
    auto done = [this, job, reader](Loaded out) {
        reader->deleteLater();
        if (m_report == reader)
            m_report.clear();
        if (m_job == job)
            finishLoad(job, std::move(out));
    };
    connect(reader, &model::NcuReportReader::finished, this, [job, done](const model::NcuReport &report) {
        Loaded out;
        Document d;
        d.path = QFileInfo(job->path).absoluteFilePath();
        d.label = job->label;
        d.results = report.results;
        d.warnings = report.warnings;
        d.launches = report.launches;
        d.noPoints = report.noPoints;
        out.doc = std::move(d);
        done(std::move(out));
    });
    connect(reader, &model::NcuReportReader::failed, this, [job, done](const QString &message) {
        Loaded out;
        out.error = withPath(job->path, message);
        done(std::move(out));
    });
    reader->start(job->path); // failed() follows at once when it cannot start (no ncu)
}

void ResultsSession::onLoadDone()
{
    if (!m_job || m_report)
        return; // a report finishes through its reader
    const QFuture<Loaded> future = m_watcher.future();
    finishLoad(m_job, future.resultCount() > 0 ? future.result() : Loaded{});
}

void ResultsSession::finishLoad(std::shared_ptr<Job> job, Loaded out)
{
    m_job.reset();
    if (job->cancel) {
        emit loadFinished(job->path, false, true,
                          tr("Stopped reading %1; nothing was changed.").arg(job->label));
    } else if (!out.doc) {
        emit loadFinished(job->path, false, false, tr("Could not open %1").arg(out.error));
    } else {
        const QString message = adopt(std::move(*out.doc), job->mode, job->batch);
        emit loadFinished(job->path, true, false, message);
    }
    startNextLoad();
}

void ResultsSession::cancelLoading()
{
    m_queue.clear();
    if (m_job)
        m_job->cancel = true; // onLoadDone reports it when the reader has stopped
    if (m_report)
        m_report->cancel(); // kills ncu; failed() follows
}

QString ResultsSession::loadingLabel() const
{
    return m_job ? m_job->label : QString();
}

qint64 ResultsSession::loadingDone() const
{
    return m_job ? m_job->done.load() : 0;
}

qint64 ResultsSession::loadingTotal() const
{
    return m_job ? m_job->total.load() : 0;
}

bool ResultsSession::openComparison(const QString &path, QString *message)
{
    QString error;
    auto doc = read(path, &error);
    if (!doc) {
        if (message)
            *message = tr("Could not compare with %1").arg(error);
        return false;
    }
    if (message) {
        message->clear();
        if (!doc->warnings.isEmpty())
            *message = tr("Comparing with %1: skipped what could not be used:").arg(doc->label) +
                       QLatin1Char('\n') + skippedSummary(doc->warnings);
    }
    m_compare = *doc;
    addRecentFile(doc->path);
    emit comparisonChanged();
    return true;
}

void ResultsSession::closeComparison()
{
    if (!m_compare)
        return;
    m_compare.reset();
    emit comparisonChanged();
}

QList<ResultsSession::Row> ResultsSession::rows() const
{
    QList<Row> out;
    out.reserve(measurementCount());
    for (int f = 0; f < m_files.size(); ++f)
        for (int i = 0; i < m_files.at(f).results.measurements.size(); ++i)
            out.append({f, i, m_files.at(f).path});
    for (int i = 0; i < m_live.measurements.size(); ++i)
        out.append({-1, i, m_liveOrigins.value(i)});
    return out;
}

const model::Measurement &ResultsSession::measurement(const Row &row) const
{
    return row.file < 0 ? m_live.measurements.at(row.index)
                        : m_files.at(row.file).results.measurements.at(row.index);
}

int ResultsSession::measurementCount() const
{
    qsizetype n = m_live.measurements.size();
    for (const Document &d : m_files)
        n += d.results.measurements.size();
    return int(n);
}

model::ResultSet ResultsSession::merged() const
{
    model::ResultSet out;
    out.created = QDateTime::currentDateTimeUtc().toString(Qt::ISODate);
    out.tool = m_live.tool;
    const bool live = !m_live.measurements.isEmpty() || m_files.isEmpty();
    out.device = live ? m_live.device : m_files.first().results.device;
    auto addCeilings = [&out](const QList<model::MeasuredCeiling> &cs) {
        for (const model::MeasuredCeiling &c : cs) {
            bool have = false;
            for (const model::MeasuredCeiling &o : out.ceilings)
                have = have || sameCeiling(o, c);
            if (!have)
                out.ceilings.append(c);
        }
    };
    for (const Document &d : m_files) {
        addCeilings(d.results.ceilings);
        out.measurements += d.results.measurements;
    }
    addCeilings(m_live.ceilings);
    out.measurements += m_live.measurements;
    if (m_files.size() == 1 && m_live.measurements.isEmpty())
        out.extra = m_files.first().results.extra; // a plain re-save keeps what the file had
    return out;
}

bool ResultsSession::saveAs(const QString &path, QString *error)
{
    if (!merged().save(path, error))
        return false;
    m_savedLive = int(m_live.measurements.size());
    m_autosaveTimer.stop();
    QFile::remove(m_autosavePath); // everything in it is in the saved file now
    addRecentFile(QFileInfo(path).absoluteFilePath());
    return true;
}

bool ResultsSession::exportCsv(const QString &path, QString *error) const
{
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Text)) {
        if (error)
            *error = tr("%1 cannot be written: %2").arg(path, f.errorString());
        return false;
    }
    f.write(merged().toCsv().toUtf8());
    if (!f.commit()) {
        if (error)
            *error = tr("%1 cannot be written: %2").arg(path, f.errorString());
        return false;
    }
    return true;
}

// ---- autosave and recovery

QString ResultsSession::defaultAutosavePath()
{
    return QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation))
        .filePath(QStringLiteral("autosave.json"));
}

void ResultsSession::setAutosavePath(const QString &path)
{
    m_autosavePath = path;
}

QString ResultsSession::recoveryPath() const
{
    const QFileInfo fi(m_autosavePath);
    return fi.dir().filePath(fi.completeBaseName() + QStringLiteral("-recovered.json"));
}

int ResultsSession::checkForRecovery()
{
    QString error;
    std::optional<model::ResultSet> recovered;
    if (QFileInfo::exists(recoveryPath()))
        recovered = model::ResultSet::load(recoveryPath(), &error);
    if (QFileInfo::exists(m_autosavePath)) {
        auto left = model::ResultSet::load(m_autosavePath, &error);
        if (left && !left->measurements.isEmpty()) {
            // An offer not taken last time and a newer one: keep both in the recovery file.
            if (recovered)
                recovered->measurements += left->measurements;
            else
                recovered = left;
            QString saveError;
            if (!recovered->save(recoveryPath(), &saveError)) {
                emit autosaveFailed(
                    tr("Could not keep the unsaved results of the last session: %1").arg(saveError));
                recovered.reset();
            } else {
                QFile::remove(m_autosavePath);
            }
        } else if (left) {
            QFile::remove(m_autosavePath); // nothing in it
        }
    }
    m_recoverable = recovered ? int(recovered->measurements.size()) : 0;
    emit recoveryChanged(m_recoverable);
    return m_recoverable;
}

bool ResultsSession::restoreRecovery(QString *message)
{
    QString error;
    const auto rs = model::ResultSet::load(recoveryPath(), &error);
    if (!rs) {
        if (message)
            *message = tr("Could not restore the unsaved results: %1").arg(error);
        return false;
    }
    if (m_live.device.name.isEmpty())
        m_live.device = rs->device;
    for (const model::MeasuredCeiling &c : rs->ceilings) {
        bool have = false;
        for (const model::MeasuredCeiling &o : m_live.ceilings)
            have = have || sameCeiling(o, c);
        if (!have)
            m_live.ceilings.append(c);
    }
    for (const model::Measurement &m : rs->measurements) {
        m_live.measurements.append(m);
        m_liveOrigins.append(tr("recovered"));
    }
    autosave();
    QFile::remove(recoveryPath());
    m_recoverable = 0;
    emit recoveryChanged(0);
    emit documentsChanged();
    if (message)
        *message = tr("Restored %n unsaved measurement(s) of an earlier session.", nullptr,
                      int(rs->measurements.size()));
    return true;
}

void ResultsSession::discardRecovery()
{
    QFile::remove(recoveryPath());
    m_recoverable = 0;
    emit recoveryChanged(0);
}

// ---- recent files

QStringList ResultsSession::recentFiles()
{
    return QSettings().value(kRecentKey).toStringList();
}

void ResultsSession::addRecentFile(const QString &path)
{
    QStringList list = recentFiles();
    list.removeAll(path);
    list.prepend(path);
    while (list.size() > kMaxRecent)
        list.removeLast();
    QSettings().setValue(kRecentKey, list);
}
