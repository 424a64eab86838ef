#include "live/runspanel.h"

#include "live/hostsdialog.h"

#include "events.h"
#include "workerclient.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QPlainTextEdit>
#include <QProcess>
#include <QProgressBar>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QTime>
#include <QVBoxLayout>

#include <climits>

namespace {

const char *kParamProperty = "rooflabParam";

QString rangeText(const QJsonObject &p)
{
    if (p.value(QLatin1String("values")).isArray()) {
        QStringList v;
        for (const QJsonValue &x : p.value(QLatin1String("values")).toArray())
            v << (x.isString() ? x.toString() : QString::number(qint64(x.toDouble())));
        return RunsPanel::tr("one of %1").arg(v.join(QStringLiteral(", ")));
    }
    QString s = RunsPanel::tr("%1 to %2")
                    .arg(qint64(p.value(QLatin1String("min")).toDouble()))
                    .arg(qint64(p.value(QLatin1String("max")).toDouble()));
    if (const qint64 m = qint64(p.value(QLatin1String("multiple_of")).toDouble()); m > 1)
        s += RunsPanel::tr(", a multiple of %1").arg(m);
    return s;
}

} // namespace

RunsPanel::RunsPanel(WorkerClient *worker, QWidget *parent)
    : QWidget(parent), m_worker(worker), m_hostBox(new QComboBox), m_deviceBox(new QComboBox),
      m_deviceLabel(new QLabel), m_kernel(new QComboBox), m_description(new QLabel), m_editorBox(new QWidget),
      m_editors(new QFormLayout(m_editorBox)), m_runButton(new QPushButton(tr("Run selected"))),
      m_suiteButton(new QPushButton(tr("Run suite"))),
      m_ceilingsButton(new QPushButton(tr("Measure ceilings"))),
      m_replayButton(new QPushButton(tr("Replay…"))), m_speed(new QDoubleSpinBox),
      m_cancelButton(new QPushButton(tr("Cancel"))), m_progress(new QProgressBar), m_status(new QLabel),
      m_problem(new QLabel), m_logView(new QPlainTextEdit)
{
    setObjectName(QStringLiteral("runsPanel"));
    auto *layout = new QVBoxLayout(this);

    // Where kernels run: a host from the settings and one of its GPUs (or all of them).
    auto *hostRow = new QHBoxLayout;
    m_hostBox->setObjectName(QStringLiteral("hostPicker"));
    m_hostBox->setToolTip(tr("The computer the kernels run on (Hosts… adds GPU servers and Slurm clusters)"));
    hostRow->addWidget(m_hostBox, 1);
    auto *hostsButton = new QPushButton(tr("Hosts…"));
    hostsButton->setObjectName(QStringLiteral("hostsButton"));
    hostRow->addWidget(hostsButton);
    layout->addLayout(hostRow);
    m_deviceBox->setObjectName(QStringLiteral("devicePicker"));
    m_deviceBox->setToolTip(tr("The GPU runs go to; All GPUs runs on each one after another"));
    m_deviceBox->hide();
    layout->addWidget(m_deviceBox);
    m_deviceLabel->setWordWrap(true);
    m_deviceLabel->setObjectName(QStringLiteral("deviceLabel"));
    m_deviceLabel->setText(tr("Looking for a CUDA device…"));
    layout->addWidget(m_deviceLabel);
    connect(hostsButton, &QPushButton::clicked, this, &RunsPanel::hostsDialog);
    connect(m_hostBox, &QComboBox::activated, this, &RunsPanel::onHostPicked);
    connect(m_worker, &WorkerClient::waiting, this, [this](const QString &message) {
        if (!message.isEmpty())
            m_deviceLabel->setText(tr("<b>Waiting in the queue of %1</b><br>%2 (Cancel gives the place up)")
                                       .arg(m_worker->hostName().toHtmlEscaped(), message.toHtmlEscaped()));
        updateButtons();
    });
    reloadHosts();

    auto *kernelBox = new QGroupBox(tr("Kernel"));
    auto *kl = new QVBoxLayout(kernelBox);
    m_kernel->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_kernel->setMinimumContentsLength(18);
    kl->addWidget(m_kernel);
    m_description->setWordWrap(true);
    m_description->setObjectName(QStringLiteral("kernelDescription"));
    kl->addWidget(m_description);
    m_editors->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    m_editors->setContentsMargins(0, 0, 0, 0);
    kl->addWidget(m_editorBox);
    auto *reset = new QPushButton(tr("Defaults"));
    reset->setToolTip(tr("Every parameter back to the kernel's default"));
    connect(reset, &QPushButton::clicked, this, &RunsPanel::buildEditors);
    auto *runRow = new QHBoxLayout;
    runRow->addWidget(m_runButton, 1);
    runRow->addWidget(reset);
    kl->addLayout(runRow);
    layout->addWidget(kernelBox);

    auto *batchRow = new QHBoxLayout;
    m_suiteButton->setToolTip(
        tr("The ceiling probes, then every memory kernel in its fast and naive versions"));
    m_ceilingsButton->setToolTip(
        tr("HBM, L2 and shared-memory bandwidth, FMA and tensor-core rates: the measured "
           "ceilings, drawn dashed beside the datasheet ones"));
    batchRow->addWidget(m_suiteButton);
    batchRow->addWidget(m_ceilingsButton);
    layout->addLayout(batchRow);

    auto *replayRow = new QHBoxLayout;
    m_replayButton->setToolTip(
        tr("Play a saved results file back as if it were running now, paced as it was measured"));
    replayRow->addWidget(m_replayButton, 1);
    m_speed->setRange(0, 1000);
    m_speed->setDecimals(1);
    m_speed->setSingleStep(0.5);
    m_speed->setSuffix(QStringLiteral(" ×"));
    m_speed->setSpecialValueText(tr("at once"));
    m_speed->setToolTip(tr("Replay speed: 1 × as measured, 0: everything at once"));
    m_speed->setValue(QSettings().value(QStringLiteral("runs/replaySpeed"), 1.0).toDouble());
    replayRow->addWidget(m_speed);
    layout->addLayout(replayRow);

    auto *progressRow = new QHBoxLayout;
    m_progress->setRange(0, 1);
    m_progress->setValue(0);
    m_progress->setTextVisible(true);
    progressRow->addWidget(m_progress, 1);
    m_cancelButton->setToolTip(tr("Stop: a run stops after the kernel that is running, a replay at once"));
    progressRow->addWidget(m_cancelButton);
    layout->addLayout(progressRow);
    m_status->setWordWrap(true);
    m_status->setObjectName(QStringLiteral("runStatus"));
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_status);
    m_problem->setWordWrap(true);
    m_problem->setObjectName(QStringLiteral("runProblem"));
    m_problem->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_problem->setStyleSheet(QStringLiteral("QLabel { background: #fdecea; color: #8e1b1b; padding: 6px; }"));
    m_problem->hide();
    layout->addWidget(m_problem);
    m_logView->setReadOnly(true);
    m_logView->setMaximumBlockCount(500);
    m_logView->setPlaceholderText(tr("Messages from the worker appear here."));
    m_logView->setMinimumHeight(70);
    layout->addWidget(m_logView, 1);

    connect(m_kernel, &QComboBox::currentIndexChanged, this, &RunsPanel::buildEditors);
    connect(m_runButton, &QPushButton::clicked, this, &RunsPanel::runSelected);
    connect(m_suiteButton, &QPushButton::clicked, this, &RunsPanel::runSuite);
    connect(m_ceilingsButton, &QPushButton::clicked, this, &RunsPanel::measureCeilings);
    connect(m_replayButton, &QPushButton::clicked, this, &RunsPanel::replayDialog);
    connect(m_cancelButton, &QPushButton::clicked, this, &RunsPanel::cancel);
    connect(m_speed, &QDoubleSpinBox::valueChanged, this,
            [](double v) { QSettings().setValue(QStringLiteral("runs/replaySpeed"), v); });

    connect(m_worker, &WorkerClient::progress, this, &RunsPanel::onProgress);
    connect(m_worker, &WorkerClient::finished, this, &RunsPanel::onFinished);
    connect(m_worker, &WorkerClient::error, this, &RunsPanel::onError);
    connect(m_worker, &WorkerClient::warning, this, [this](const QString &id, const QString &message) {
        if (id == m_running)
            addLog(tr("warning: %1").arg(message));
    });
    connect(m_worker, &WorkerClient::workerFailed, this, &RunsPanel::onWorkerFailed);
    connect(m_worker, &WorkerClient::busyChanged, this, &RunsPanel::updateButtons);
    updateButtons();
}

RunsPanel::~RunsPanel()
{
    // A catalog query still running would report to a half-destroyed panel.
    if (m_catalogProcess) {
        m_catalogProcess->disconnect(this);
        m_catalogProcess->kill();
        m_catalogProcess->waitForFinished(2000);
    }
}

// ---- catalog and editors

void RunsPanel::loadCatalog()
{
    if (m_catalogProcess)
        return;
    auto *p = new QProcess(this);
    m_catalogProcess = p;
    connect(p, &QProcess::finished, this, [this, p](int code, QProcess::ExitStatus status) {
        p->deleteLater();
        const QJsonDocument doc = QJsonDocument::fromJson(p->readAllStandardOutput());
        if (status != QProcess::NormalExit || code != 0 || !doc.isObject()) {
            showProblem(tr("Could not read the kernel list from %1 (exit code %2): %3")
                            .arg(m_worker->program())
                            .arg(code)
                            .arg(QString::fromUtf8(p->readAllStandardError()).trimmed()));
            return;
        }
        setCatalog(doc.object().value(QLatin1String("kernels")).toArray());
    });
    connect(p, &QProcess::errorOccurred, this, [this, p](QProcess::ProcessError e) {
        if (e != QProcess::FailedToStart)
            return;
        p->deleteLater();
        showProblem(tr("The kernel list is not available: %1 could not be started (%2). Set ROOFLAB_CLI to "
                       "rooflab-cli's path.")
                        .arg(m_worker->program(), p->errorString()));
    });
    p->start(m_worker->program(), {QStringLiteral("kernels"), QStringLiteral("--json")});
}

void RunsPanel::setCatalog(const QJsonArray &kernels)
{
    m_catalog = kernels;
    const QString current = selectedKernel();
    const QSignalBlocker block(m_kernel);
    m_kernel->clear();
    QString family;
    for (const QJsonValue &v : kernels) {
        const QJsonObject k = v.toObject();
        const QString f = k.value(QLatin1String("family")).toString();
        if (!family.isEmpty() && f != family)
            m_kernel->insertSeparator(m_kernel->count());
        family = f;
        const QString id = k.value(QLatin1String("id")).toString();
        const QString title = k.value(QLatin1String("title")).toString();
        m_kernel->addItem(title.isEmpty() ? id : QStringLiteral("%1 — %2").arg(title, id), id);
        m_kernel->setItemData(m_kernel->count() - 1, k.value(QLatin1String("description")).toString(),
                              Qt::ToolTipRole);
    }
    const int index = m_kernel->findData(current);
    m_kernel->setCurrentIndex(index >= 0 ? index : 0);
    buildEditors();
    updateButtons();
    emit catalogLoaded();
}

QJsonObject RunsPanel::kernelJson(const QString &id) const
{
    for (const QJsonValue &v : m_catalog)
        if (v.toObject().value(QLatin1String("id")).toString() == id)
            return v.toObject();
    return {};
}

void RunsPanel::buildEditors()
{
    while (m_editors->rowCount() > 0)
        m_editors->removeRow(0); // deletes the editors, m_dtype among them
    m_dtype = nullptr;
    const QJsonObject kernel = kernelJson(selectedKernel());
    const QJsonObject *k = &kernel;
    if (kernel.isEmpty()) {
        m_description->setText(m_catalog.isEmpty() ? tr("The kernel list is loading…") : QString());
        return;
    }
    m_dtype = new QComboBox;
    QString text = k->value(QLatin1String("description")).toString();
    const QString workload = k->value(QLatin1String("workload")).toString();
    if (!workload.isEmpty() && workload != QLatin1String("probe"))
        text +=
            QStringLiteral(" ") + tr("(counted as the %1 workload at the %2 level)")
                                      .arg(workload, k->value(QLatin1String("level")).toString().toUpper());
    m_description->setText(text);

    for (const QJsonValue &v : k->value(QLatin1String("params")).toArray()) {
        const QJsonObject p = v.toObject();
        const QString name = p.value(QLatin1String("name")).toString();
        const QJsonValue def = p.value(QLatin1String("default"));
        QWidget *editor = nullptr;
        if (p.value(QLatin1String("values")).isArray()) {
            auto *box = new QComboBox;
            for (const QJsonValue &x : p.value(QLatin1String("values")).toArray()) {
                if (x.isString())
                    box->addItem(x.toString(), x.toString());
                else
                    box->addItem(QString::number(qint64(x.toDouble())), qint64(x.toDouble()));
            }
            const int i =
                def.isString() ? box->findData(def.toString()) : box->findData(qint64(def.toDouble()));
            box->setCurrentIndex(std::max(0, i));
            editor = box;
        } else {
            const double lo = p.value(QLatin1String("min")).toDouble(),
                         hi = p.value(QLatin1String("max")).toDouble();
            const double step = std::max(1.0, p.value(QLatin1String("multiple_of")).toDouble(1));
            if (hi <= INT_MAX && lo >= INT_MIN) {
                auto *spin = new QSpinBox;
                spin->setRange(int(lo), int(hi));
                spin->setSingleStep(int(step));
                spin->setValue(int(def.toDouble()));
                spin->setGroupSeparatorShown(hi >= 100000);
                editor = spin;
            } else {
                // Sizes up to 2^32 and beyond: a double holds every integer up to 2^53 exactly.
                auto *spin = new QDoubleSpinBox;
                spin->setDecimals(0);
                spin->setRange(lo, hi);
                spin->setSingleStep(step);
                spin->setValue(def.toDouble());
                spin->setGroupSeparatorShown(true);
                editor = spin;
            }
        }
        editor->setObjectName(QStringLiteral("param_") + name);
        editor->setProperty(kParamProperty, name);
        editor->setToolTip(
            QStringLiteral("%1\n%2").arg(p.value(QLatin1String("description")).toString(), rangeText(p)));
        auto *label = new QLabel(name);
        label->setToolTip(editor->toolTip());
        m_editors->addRow(label, editor);
    }
    for (const QJsonValue &d : k->value(QLatin1String("dtypes")).toArray())
        m_dtype->addItem(d.toString(), d.toString());
    m_dtype->setObjectName(QStringLiteral("param_dtype"));
    m_dtype->setToolTip(tr("Data type of the inputs and outputs"));
    m_editors->addRow(tr("type"), m_dtype);
}

QStringList RunsPanel::kernelIds() const
{
    QStringList ids;
    for (const QJsonValue &v : m_catalog)
        ids << v.toObject().value(QLatin1String("id")).toString();
    return ids;
}

bool RunsPanel::selectKernel(const QString &id)
{
    const int i = m_kernel->findData(id);
    if (i < 0)
        return false;
    m_kernel->setCurrentIndex(i);
    return true;
}

QString RunsPanel::selectedKernel() const
{
    return m_kernel->currentData().toString();
}

QVariantMap RunsPanel::parameters() const
{
    QVariantMap out;
    for (QWidget *w : m_editorBox->findChildren<QWidget *>()) {
        const QString name = w->property(kParamProperty).toString();
        if (name.isEmpty())
            continue;
        if (auto *box = qobject_cast<QComboBox *>(w))
            out.insert(name, box->currentData());
        else if (auto *spin = qobject_cast<QSpinBox *>(w))
            out.insert(name, qint64(spin->value()));
        else if (auto *dspin = qobject_cast<QDoubleSpinBox *>(w))
            out.insert(name, qint64(dspin->value()));
    }
    return out;
}

bool RunsPanel::setParameter(const QString &name, const QVariant &value)
{
    for (QWidget *w : m_editorBox->findChildren<QWidget *>()) {
        if (w->property(kParamProperty).toString() != name)
            continue;
        if (auto *box = qobject_cast<QComboBox *>(w)) {
            int i = box->findData(value);
            if (i < 0)
                i = box->findText(value.toString());
            if (i < 0)
                return false;
            box->setCurrentIndex(i);
            return true;
        }
        if (auto *spin = qobject_cast<QSpinBox *>(w)) {
            spin->setValue(value.toInt());
            return spin->value() == value.toInt();
        }
        if (auto *dspin = qobject_cast<QDoubleSpinBox *>(w)) {
            dspin->setValue(value.toDouble());
            return dspin->value() == value.toDouble();
        }
    }
    return false;
}

QString RunsPanel::dtype() const
{
    return m_dtype ? m_dtype->currentData().toString() : QString();
}

bool RunsPanel::setDtype(const QString &dtype)
{
    const int i = m_dtype ? m_dtype->findData(dtype) : -1;
    if (i < 0)
        return false;
    m_dtype->setCurrentIndex(i);
    return true;
}

double RunsPanel::replaySpeed() const
{
    return m_speed->value();
}

void RunsPanel::setReplaySpeed(double speed)
{
    m_speed->setValue(speed);
}

// ---- device

void RunsPanel::setDevice(const std::optional<model::DeviceInfo> &device, const QString &whyNone)
{
    m_deviceKnown = true;
    m_device = device;
    m_whyNone = whyNone;
    if (device) {
        QStringList facts;
        if (!device->cc.isEmpty())
            facts << tr("compute capability %1").arg(device->cc);
        if (device->sms > 0)
            facts << tr("%1 SMs").arg(device->sms);
        if (!device->driver.isEmpty())
            facts << tr("driver %1").arg(device->driver);
        if (m_worker->isRemote())
            facts << tr("on %1").arg(m_worker->hostName().toHtmlEscaped());
        m_deviceLabel->setText(
            tr("<b>%1</b><br>%2").arg(device->name.toHtmlEscaped(), facts.join(QStringLiteral(" · "))));
    } else {
        // The worker says "no CUDA device (why)": only the why is news under this heading.
        const QString why =
            model::events::isNoDevice(whyNone) ? model::events::noDeviceWhy(whyNone) : whyNone;
        m_deviceLabel->setText(
            tr("<b>No CUDA device found</b>%1. Runs need an NVIDIA GPU; you can still "
               "<b>Replay…</b> a results file and watch its points arrive as they were measured.")
                .arg(why.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(why.toHtmlEscaped())));
    }
    updateButtons();
}

void RunsPanel::updateButtons()
{
    const bool busy = m_worker->isBusy();
    const bool device = m_device.has_value();
    const QString noDevice = tr("No CUDA device: runs need an NVIDIA GPU.");
    m_runButton->setEnabled(device && !busy && !selectedKernel().isEmpty());
    m_suiteButton->setEnabled(device && !busy);
    m_ceilingsButton->setEnabled(device && !busy);
    for (QPushButton *b : {m_runButton, m_suiteButton, m_ceilingsButton})
        b->setStatusTip(device ? QString() : noDevice);
    m_replayButton->setEnabled(!busy);
    m_cancelButton->setEnabled(!m_running.isEmpty() || m_worker->isWaiting());
}

// ---- hosts and devices

void RunsPanel::reloadHosts()
{
    const QString current = m_hostBox->currentText();
    m_hosts = Hosts::load();
    const QSignalBlocker block(m_hostBox);
    m_hostBox->clear();
    for (const Host &h : m_hosts)
        m_hostBox->addItem(h.name);
    // The worker's host stays picked while it is still in the list.
    const int keep = m_hostBox->findText(m_worker->isRemote() ? m_worker->hostName() : current);
    m_hostBox->setCurrentIndex(std::max(0, keep));
}

Host RunsPanel::currentHost() const
{
    return m_hosts.value(m_hostBox->currentIndex(), Hosts::local());
}

bool RunsPanel::selectHost(const QString &name)
{
    const int i = m_hostBox->findText(name);
    if (i < 0)
        return false;
    m_hostBox->setCurrentIndex(i);
    onHostPicked(i);
    return true;
}

void RunsPanel::onHostPicked(int index)
{
    const Host h = m_hosts.value(index, Hosts::local());
    if (h.command == m_worker->hostCommand() && (h.isLocal() || h.name == m_worker->hostName()))
        return;
    m_worker->stop();
    m_worker->setHost(h.isLocal() ? QString() : h.name, h.command);
    m_device.reset();
    m_devices.clear();
    m_deviceBox->hide();
    m_deviceLabel->setText(tr("Connecting to %1…").arg(h.name.toHtmlEscaped()));
    addLog(tr("host: %1")
               .arg(h.isLocal() ? h.name : h.name + QStringLiteral(" (") + h.command + QLatin1Char(')')));
    updateButtons();
    emit hostChanged(h);
}

void RunsPanel::hostsDialog()
{
    HostsDialog dialog(this);
    if (dialog.exec() == QDialog::Accepted)
        reloadHosts();
}

void RunsPanel::setDevices(const QList<model::DeviceInfo> &devices)
{
    m_devices = devices;
    const QSignalBlocker block(m_deviceBox);
    m_deviceBox->clear();
    for (qsizetype i = 0; i < devices.size(); ++i) {
        const int index = devices.at(i).extra.value(QLatin1String("index")).toInt(int(i));
        m_deviceBox->addItem(tr("GPU %1: %2").arg(index).arg(devices.at(i).name), index);
    }
    if (devices.size() > 1)
        m_deviceBox->addItem(tr("All %1 GPUs, one after another").arg(devices.size()), -1);
    m_deviceBox->setVisible(devices.size() > 1);
}

int RunsPanel::deviceChoice() const
{
    return m_deviceBox->count() ? m_deviceBox->currentData().toInt() : 0;
}

bool RunsPanel::setDeviceChoice(int index)
{
    const int i = m_deviceBox->findData(index);
    if (i < 0)
        return false;
    m_deviceBox->setCurrentIndex(i);
    return true;
}

QString RunsPanel::startOnDevices(const std::function<QString()> &send, const QString &what)
{
    QList<int> indices;
    if (deviceChoice() < 0)
        for (int i = 0; i < m_deviceBox->count(); ++i) {
            if (m_deviceBox->itemData(i).toInt() >= 0)
                indices.append(m_deviceBox->itemData(i).toInt());
        }
    else
        indices = {deviceChoice()};
    QStringList ids;
    for (int index : indices) {
        m_worker->setDeviceIndex(index);
        const QString id = send();
        if (id.isEmpty())
            break;
        ids.append(id);
    }
    m_worker->setDeviceIndex(0);
    if (ids.isEmpty())
        return started({}, what);
    m_queued = ids.mid(1);
    return started(ids.first(),
                   indices.size() > 1 ? tr("%1 on %2 GPUs").arg(what).arg(indices.size()) : what);
}

// ---- actions

QString RunsPanel::started(const QString &id, const QString &what)
{
    if (id.isEmpty()) {
        showProblem(m_worker->lastFailure());
        return {};
    }
    m_running = id;
    m_runningWhat = what;
    m_problem->hide();
    m_messageText.clear();
    m_progress->setRange(0, 0); // busy until the first progress says how far
    m_status->setText(tr("Starting %1…").arg(what));
    addLog(tr("started %1").arg(what));
    updateButtons();
    return id;
}

QString RunsPanel::runSelected()
{
    if (!m_device) {
        showProblem(tr("No CUDA device: runs need an NVIDIA GPU. Replay a results file instead."));
        return {};
    }
    const QString kernel = selectedKernel();
    const QVariantMap params = parameters();
    QStringList p;
    for (auto it = params.cbegin(); it != params.cend(); ++it)
        p << it.key() + QLatin1Char('=') + it.value().toString();
    const QString type = dtype();
    return startOnDevices([&] { return m_worker->run(kernel, params, type); },
                          QStringLiteral("%1 %2 %3").arg(kernel, type, p.join(QLatin1Char(' '))).trimmed());
}

QString RunsPanel::runSuite()
{
    if (!m_device) {
        showProblem(tr("No CUDA device: the suite needs an NVIDIA GPU."));
        return {};
    }
    return startOnDevices([this] { return m_worker->runSuite(); }, tr("the standard suite"));
}

QString RunsPanel::measureCeilings()
{
    if (!m_device) {
        showProblem(tr("No CUDA device: the ceilings are measured on an NVIDIA GPU."));
        return {};
    }
    return startOnDevices([this] { return m_worker->measureCeilings(); }, tr("the ceiling probes"));
}

QString RunsPanel::replay(const QString &file)
{
    const QString id = started(m_worker->replay(file, replaySpeed()),
                               tr("the replay of %1").arg(QFileInfo(file).fileName()));
    if (!id.isEmpty())
        emit replayStarted(id, file);
    return id;
}

void RunsPanel::replayDialog()
{
    const QString file = QFileDialog::getOpenFileName(
        this, tr("Replay results"), QSettings().value(QStringLiteral("results/lastDir")).toString(),
        tr("RoofLab results (*.json);;All files (*)"));
    if (!file.isEmpty())
        replay(file);
}

void RunsPanel::cancel()
{
    if (m_running.isEmpty() && m_worker->isWaiting()) {
        m_worker->cancel(); // gives up the place in the queue
        return;
    }
    if (m_running.isEmpty())
        return;
    for (const QString &id : std::as_const(m_queued))
        m_worker->cancel(id);
    m_queued.clear();
    m_status->setText(tr("Cancelling %1: the kernel that runs finishes first…").arg(m_runningWhat));
    m_worker->cancel(m_running);
}

// ---- what the worker says

void RunsPanel::onProgress(const QString &id, int done, int total, const QString &what)
{
    if (id != m_running)
        return;
    if (total > 1) {
        m_progress->setRange(0, total);
        m_progress->setValue(done);
    }
    m_status->setText(total > 1 ? tr("%1 of %2: %3").arg(done).arg(total).arg(what) : what);
}

void RunsPanel::onFinished(const QString &id, bool ok, const QString &message)
{
    if (id != m_running)
        return;
    if (!m_queued.isEmpty()) {
        // All GPUs: the next one's request takes over the progress bar.
        addLog(ok ? tr("done on one GPU: %1").arg(m_runningWhat)
                  : tr("stopped on one GPU: %1: %2").arg(m_runningWhat, message));
        m_running = m_queued.takeFirst();
        return;
    }
    m_running.clear();
    m_progress->setRange(0, 1);
    m_progress->setValue(ok ? 1 : 0);
    const QString text =
        ok ? tr("Done: %1.").arg(m_runningWhat)
           : tr("Stopped: %1 (%2)").arg(m_runningWhat, message.isEmpty() ? tr("failed") : message);
    m_status->setText(ok && !message.isEmpty() ? text + QLatin1Char(' ') + message : text);
    addLog(ok ? tr("done: %1").arg(m_runningWhat) : tr("stopped: %1: %2").arg(m_runningWhat, message));
    updateButtons();
}

void RunsPanel::onError(const QString &id, const QString &message, int code)
{
    if (id != m_running || message.startsWith(QLatin1String("cancelled")))
        return;
    addLog(tr("error (code %1): %2").arg(code).arg(message));
    if (message != m_worker->lastFailure()) // a worker failure is shown by onWorkerFailed
        showProblem(message);
}

void RunsPanel::onWorkerFailed(const QString &message)
{
    addLog(message);
    showProblem(message);
}

void RunsPanel::showProblem(const QString &text)
{
    if (text.isEmpty())
        return;
    m_messageText = text;
    m_problem->setText(text);
    m_problem->show();
}

void RunsPanel::addLog(const QString &line)
{
    m_log << line;
    if (m_log.size() > 500)
        m_log.removeFirst();
    m_logView->appendPlainText(
        QStringLiteral("%1  %2").arg(QTime::currentTime().toString(QStringLiteral("HH:mm:ss")), line));
}

QString RunsPanel::statusText() const
{
    return m_status->text();
}
