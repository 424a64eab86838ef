#include "live/livetools.h"

#include "gpumatch.h"
#include "live/runspanel.h"
#include "panels/panelhost.h"
#include "panels/resultspanel.h"
#include "panels/resultssession.h"
#include "paths.h"
#include "workerclient.h"
#include "workspace/workspace.h"

#include <QAction>
#include <QCoreApplication>
#include <QDir>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMainWindow>
#include <QMenu>
#include <QMimeData>
#include <QTimer>
#include <QUrl>

#include <functional>

namespace {
// A bundled suite is a few hundred KB; a larger file under that name is not read for its GPU.
constexpr qint64 kSuiteBytesMax = 16 << 20;
} // namespace

LiveTools::LiveTools(QObject *parent)
    : QObject(parent), m_worker(new WorkerClient(this)), m_session(new ResultsSession(this))
{
    connect(m_worker, &WorkerClient::measurement, this,
            [this](const QString &id, const model::Measurement &m) {
                m_session->addLiveMeasurement(m, m_replays.value(id));
            });
    connect(m_worker, &WorkerClient::ceiling, m_session,
            [this](const QString &, const model::MeasuredCeiling &c) { m_session->addLiveCeiling(c); });
    connect(m_worker, &WorkerClient::device, this, [this](const QString &id, const model::DeviceInfo &d) {
        if (id == m_devicesRequest)
            m_devices.append(d);
        else
            m_session->setLiveDevice(d); // the device a run used, or the one a replayed file names
    });
    connect(m_worker, &WorkerClient::finished, this,
            [this](const QString &id, bool ok, const QString &message) {
                if (id == m_devicesRequest)
                    onDevicesFinished(ok, message);
                m_replays.remove(id);
            });
    connect(m_worker, &WorkerClient::workerFailed, this, [this](const QString &message) {
        if (!m_window)
            return;
        m_host->showStatus(message, 20000);
        if (m_runs)
            m_host->showPanel(m_runs);
    });
}

LiveTools::~LiveTools() = default;

PanelHost *LiveTools::host() const
{
    return m_window ? m_host : nullptr;
}

RunsPanel *LiveTools::runsPanel() const
{
    return m_runs;
}

ResultsPanel *LiveTools::resultsPanel() const
{
    return m_results;
}

void LiveTools::attach(PanelHost *host)
{
    m_host = host;
    m_window = host->hostWindow();
    Workspace *ws = host->workspace();
    if (m_deviceGpu)
        ws->addGpu(*m_deviceGpu);
    const QJsonArray catalog = m_runs ? m_runs->catalog() : QJsonArray();

    m_runs = new RunsPanel(m_worker);
    host->addPanel(m_runs, tr("Runs"));
    host->registerPanel(QStringLiteral("runs"), m_runs);
    m_results = new ResultsPanel(m_session, host->chart());
    m_results->setSpecDb(&ws->specDb()); // each row predicted for the GPU it was measured on
    host->addPanel(m_results, tr("Results"));
    host->registerPanel(QStringLiteral("results"), m_results);

    if (!catalog.isEmpty())
        m_runs->setCatalog(catalog);
    if (m_deviceKnown)
        m_runs->setDevice(m_device, m_whyNone);
    m_runs->setDevices(m_devices);
    // Another host: ask its worker for its devices (the catalog is the same everywhere).
    connect(m_runs, &RunsPanel::hostChanged, this, [this] {
        m_devices.clear();
        m_deviceKnown = false;
        m_devicesRequest = m_worker->requestDevices();
        if (m_devicesRequest.isEmpty())
            onDevicesFinished(false, m_worker->lastFailure());
    });
    connect(m_runs, &RunsPanel::replayStarted, this, [this](const QString &id, const QString &file) {
        m_replays.insert(id, tr("replay of %1").arg(QFileInfo(file).fileName()));
        if (m_results)
            m_host->showPanel(m_runs);
    });
    connect(m_results, &ResultsPanel::messageShown, m_window,
            [host](const QString &text) { host->showStatus(text.section(QLatin1Char('\n'), 0, 0), 10000); });
    connect(ws, &Workspace::gpuChanged, m_results, &ResultsPanel::setGpu);
    if (const model::Gpu *gpu = ws->gpu())
        m_results->setGpu(*gpu);

    m_window->setAcceptDrops(true);
    m_window->installEventFilter(this);
    addMenuActions();
}

void LiveTools::addMenuActions()
{
    QMenu *file = m_host->fileMenu();
    if (!file)
        return;
    QAction *before = file->actions().value(0);
    auto add = [&](const QString &text, const QKeySequence &key, auto slot) {
        auto *a = new QAction(text, file);
        if (!key.isEmpty())
            a->setShortcut(key);
        connect(a, &QAction::triggered, this, [this, slot] {
            if (!m_results)
                return;
            m_host->showPanel(m_results);
            std::invoke(slot, m_results.data());
        });
        file->insertAction(before, a);
        m_actions << a;
        return a;
    };
    add(tr("&Open results…"), QKeySequence::Open, &ResultsPanel::openDialog)
        ->setObjectName(QStringLiteral("openResults"));
    add(tr("&Add to open results…"), {}, &ResultsPanel::addFileDialog)
        ->setObjectName(QStringLiteral("addResults"));
    m_recentMenu = new QMenu(tr("Open &recent results"), file);
    m_recentMenu->setObjectName(QStringLiteral("recentResults"));
    connect(m_recentMenu, &QMenu::aboutToShow, this, &LiveTools::fillRecentMenu);
    file->insertMenu(before, m_recentMenu);
    add(tr("&Compare with results…"), {}, &ResultsPanel::compareDialog)
        ->setObjectName(QStringLiteral("compareResults"));
    add(tr("&Save results as…"), QKeySequence::SaveAs, &ResultsPanel::saveAsDialog)
        ->setObjectName(QStringLiteral("saveResults"));
    add(tr("Export results as &CSV…"), {}, &ResultsPanel::exportCsvDialog)
        ->setObjectName(QStringLiteral("exportCsv"));
    add(tr("C&lose results file"), QKeySequence::Close, [](ResultsPanel *p) {
        p->closeSelectedFile();
    })->setObjectName(QStringLiteral("closeResults"));
    add(tr("Close all res&ults"), {}, &ResultsPanel::closeAllFiles)
        ->setObjectName(QStringLiteral("closeAllResults"));
    file->insertSeparator(before);
    fillRecentMenu();
}

void LiveTools::fillRecentMenu()
{
    if (!m_recentMenu)
        return;
    m_recentMenu->clear();
    const QStringList recent = ResultsSession::recentFiles();
    for (const QString &path : recent) {
        QAction *a = m_recentMenu->addAction(QFileInfo(path).fileName(), this,
                                             [this, path] { openInBackground(path); });
        a->setToolTip(path);
        a->setStatusTip(path);
    }
    if (recent.isEmpty())
        m_recentMenu->addAction(tr("(none yet)"))->setEnabled(false);
}

bool LiveTools::openFile(const QString &path)
{
    if (!m_results)
        return false;
    m_host->showPanel(m_results);
    return m_results->openFile(path);
}

void LiveTools::openInBackground(const QString &path, ResultsSession::OpenMode mode)
{
    openInBackground(QStringList{path}, mode);
}

void LiveTools::openInBackground(const QStringList &paths, ResultsSession::OpenMode mode)
{
    if (!m_results || paths.isEmpty())
        return;
    m_host->showPanel(m_results);
    m_results->openInBackground(paths, mode);
}

// ---- start-up: device or samples

void LiveTools::start(const StartOptions &options)
{
    m_samples = options.samples;
    m_selectDeviceGpu = options.selectDeviceGpu;
    if (options.offerRecovery)
        m_session->checkForRecovery();
    if (options.loadCatalog && m_runs)
        m_runs->loadCatalog();
    m_devices.clear();
    m_devicesRequest = m_worker->requestDevices();
    if (m_devicesRequest.isEmpty()) {
        onDevicesFinished(false, m_worker->lastFailure());
        return;
    }
    if (options.waitForDeviceMs > 0) {
        // Screenshots and tests: the window as it looks once the worker has answered.
        QElapsedTimer t;
        t.start();
        while ((!m_deviceKnown || (m_runs && m_runs->isCatalogLoading())) &&
               t.elapsed() < options.waitForDeviceMs)
            QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents, 50);
    }
}

void LiveTools::onDevicesFinished(bool ok, const QString &message)
{
    m_devicesRequest.clear();
    m_deviceKnown = true;
    m_device.reset();
    if (!m_devices.isEmpty())
        m_device = m_devices.first();
    m_whyNone = m_device ? QString() : (message.isEmpty() && !ok ? tr("the worker did not answer") : message);
    applyDevice();
    emit deviceAnswered();
}

void LiveTools::applyDevice()
{
    if (m_runs) {
        m_runs->setDevices(m_devices);
        m_runs->setDevice(m_device, m_whyNone);
    }
    if (!m_window)
        return;
    Workspace *ws = m_host->workspace();
    if (m_device) {
        const model::Gpu *gpu = model::matchGpu(ws->specDb(), *m_device);
        if (!gpu) {
            m_deviceGpu = gpuFromDevice(*m_device);
            ws->addGpu(*m_deviceGpu);
            gpu = ws->specDb().find(m_deviceGpu->id);
        }
        if (gpu && m_selectDeviceGpu)
            ws->selectGpu(gpu->id);
        return;
    }
    if (m_samples && m_session->files().isEmpty() && !m_session->isLoading() &&
        m_session->live().measurements.isEmpty())
        openSamples();
}

QString LiveTools::samplesPath(const QString &gpuId)
{
    // The bundled suites (samples/*-suite.json), each measured on the GPU its device.spec names:
    // the one of the GPU the window shows, else the H200's.
    if (!gpuId.isEmpty()) {
        const QDir dir(model::resourcePath(QStringLiteral("samples")));
        for (const QString &name : dir.entryList({QStringLiteral("*-suite.json")}, QDir::Files)) {
            QFile f(dir.filePath(name));
            if (f.size() > kSuiteBytesMax || !f.open(QIODevice::ReadOnly))
                continue;
            const QJsonObject device =
                QJsonDocument::fromJson(f.readAll()).object().value("device").toObject();
            if (device.value(QLatin1String("spec")).toString() == gpuId)
                return f.fileName();
        }
    }
    return model::resourcePath(QStringLiteral("samples/h200-suite.json"));
}

void LiveTools::openSamples()
{
    // A GPU chosen on the command line (--gpu) keeps the window: its own suite where one is bundled.
    const QString path = samplesPath(m_selectDeviceGpu || !m_host ? QString() : m_host->workspace()->gpuId());
    if (!m_results)
        return;
    if (!QFileInfo::exists(path)) {
        m_results->showMessage(
            tr("No CUDA device was found, and the H200 sample results (%1) are not installed. "
               "Open or replay a results file to see measured points.")
                .arg(QStringLiteral("samples/h200-suite.json")),
            ResultsPanel::Level::Warning);
        return;
    }
    if (!m_results->openFile(path))
        return;
    const QString spec =
        m_session->files().isEmpty() ? QString() : m_session->files().last().results.device.spec;
    if (!spec.isEmpty() && m_window && m_host->workspace()->specDb().find(spec) && m_selectDeviceGpu)
        m_host->workspace()->selectGpu(spec);
    const model::Gpu *measuredOn =
        spec.isEmpty() || !m_host ? nullptr : m_host->workspace()->specDb().find(spec);
    m_results->showMessage(
        tr("No CUDA device here: showing the sample results measured on an %1 (%2).")
            .arg(measuredOn ? measuredOn->displayName() : spec, QFileInfo(path).fileName()),
        ResultsPanel::Level::Info);
}

model::Gpu LiveTools::gpuFromDevice(const model::DeviceInfo &d)
{
    model::Gpu g;
    const int index = d.extra.value(QLatin1String("index")).toInt(0);
    g.id = QStringLiteral("device-%1").arg(index);
    g.name = tr("%1 (this machine)").arg(d.name.isEmpty() ? tr("CUDA device %1").arg(index) : d.name);
    g.vendor = QStringLiteral("NVIDIA");
    g.generation = tr("This machine");
    g.computeCapability = d.cc;
    g.architecture =
        d.cc.isEmpty() ? QString() : QStringLiteral("sm_") + QString(d.cc).remove(QLatin1Char('.'));
    g.fromDevice = true;
    const QString src = tr("cudaGetDeviceProperties on this machine");
    if (d.sms > 0)
        g.sms = model::Sourced{double(d.sms), src};
    if (d.clockMhz > 0)
        g.boostClockMhz = model::Sourced{d.clockMhz, src};
    if (d.l2Bytes > 0)
        g.l2Bytes = model::Sourced{d.l2Bytes, src};
    if (const double mem = d.extra.value(QLatin1String("mem_bytes")).toDouble(); mem > 0)
        g.memoryBytes = model::Sourced{mem, src};
    const double memClock = d.extra.value(QLatin1String("mem_clock_mhz")).toDouble();
    if (memClock > 0 && d.memBusBits > 0)
        g.bandwidth.insert(
            QStringLiteral("hbm"),
            {2 * memClock * 1e6 * d.memBusBits / 8,
             tr("estimate: 2 × memory clock × bus width (%1 MHz × %2 bit), not a datasheet figure")
                 .arg(memClock)
                 .arg(d.memBusBits)});
    const QStringList cc = d.cc.split(QLatin1Char('.'));
    const int major = cc.value(0).toInt(), minor = cc.value(1).toInt();
    const int lanes = (major < 8 || (major == 8 && minor == 0)) ? 64 : 128;
    if (d.sms > 0 && d.clockMhz > 0)
        g.peaks.insert(QStringLiteral("fp32"),
                       {double(d.sms) * lanes * 2 * d.clockMhz * 1e6,
                        tr("estimate: %1 SMs × %2 FP32 lanes × 2 × %3 MHz, not a datasheet figure")
                            .arg(d.sms)
                            .arg(lanes)
                            .arg(d.clockMhz)});
    model::SmLimits l;
    auto num = [&d](const char *key, int fallback) {
        const int v = d.extra.value(QLatin1String(key)).toInt();
        return v > 0 ? v : fallback;
    };
    l.maxThreadsPerSm = num("max_threads_per_sm", l.maxThreadsPerSm);
    l.maxThreadsPerBlock = num("max_threads_per_block", l.maxThreadsPerBlock);
    l.maxWarpsPerSm = l.maxThreadsPerSm / l.warpSize;
    l.maxBlocksPerSm = num("max_blocks_per_sm", l.maxBlocksPerSm);
    l.regsPerSm = num("regs_per_sm", l.regsPerSm);
    l.maxRegsPerBlock = num("regs_per_block", l.maxRegsPerBlock);
    l.smemPerSmBytes = num("smem_per_sm", l.smemPerSmBytes);
    l.smemPerBlockOptinBytes = num("smem_per_block_optin", l.smemPerBlockOptinBytes);
    l.reservedSmemPerBlock = d.extra.value(QLatin1String("reserved_smem_per_block")).toInt();
    l.source = src;
    g.limits = l;
    g.notes << tr("Built from this machine's device properties: the spec database has no entry for this GPU. "
                  "The HBM bandwidth and the FP32 peak are estimates; other peaks are unknown.");
    return g;
}

// ---- drag and drop

QStringList LiveTools::droppedFiles(const QEvent *event)
{
    // QDragEnterEvent and QDragMoveEvent are QDropEvents too.
    const QMimeData *mime = static_cast<const QDropEvent *>(event)->mimeData();
    QStringList files;
    if (!mime || !mime->hasUrls())
        return files;
    for (const QUrl &url : mime->urls()) {
        const QString f = url.toLocalFile();
        if (!f.isEmpty() && (f.endsWith(QLatin1String(".json"), Qt::CaseInsensitive) ||
                             f.endsWith(QLatin1String(".csv"), Qt::CaseInsensitive) ||
                             f.endsWith(QLatin1String(".ncu-rep"), Qt::CaseInsensitive)))
            files << f;
    }
    return files;
}

bool LiveTools::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_window && (event->type() == QEvent::DragEnter || event->type() == QEvent::DragMove)) {
        auto *e = static_cast<QDragMoveEvent *>(event);
        if (e->mimeData() && e->mimeData()->hasUrls()) { // the drop says which files it cannot use
            e->acceptProposedAction();
            return true;
        }
    } else if (watched == m_window && event->type() == QEvent::Drop) {
        auto *e = static_cast<QDropEvent *>(event);
        const QStringList files = droppedFiles(event);
        if (files.isEmpty() && m_results)
            m_results->showMessage(
                tr("Only RoofLab results (.json), Nsight Compute reports (.ncu-rep) and their CSV "
                   "exports (.csv) can be dropped here."),
                ResultsPanel::Level::Warning);
        openInBackground(files);
        e->acceptProposedAction();
        return true;
    }
    return QObject::eventFilter(watched, event);
}
