#pragma once

#include "hosts.h"
#include "resultset.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QPointer>
#include <QVariantMap>
#include <QWidget>

#include <functional>
#include <optional>

class QComboBox;
class QDoubleSpinBox;
class QFormLayout;
class QLabel;
class QPlainTextEdit;
class QProcess;
class QProgressBar;
class QPushButton;
class WorkerClient;

// The Runs panel: the bundled kernels (from `rooflab-cli kernels --json`; the GUI links no
// CUDA) with their descriptions and parameter editors, Run selected / Run suite / Measure
// ceilings on the CUDA device through the worker, Replay… of a results file, a progress bar
// with what runs, and Cancel. Results themselves go to the session (LiveTools connects the
// worker to it); this panel shows what happens and what went wrong.
class RunsPanel : public QWidget
{
    Q_OBJECT

public:
    explicit RunsPanel(WorkerClient *worker, QWidget *parent = nullptr);
    ~RunsPanel() override;

    // The catalog as `rooflab-cli kernels --json` prints it (its "kernels" array).
    void setCatalog(const QJsonArray &kernels);
    QJsonArray catalog() const { return m_catalog; }
    // Runs `rooflab-cli kernels --json` (the worker's program) and fills the catalog when it
    // answers; catalogLoaded() then.
    void loadCatalog();
    bool isCatalogLoading() const { return !m_catalogProcess.isNull(); }

    // What the worker found: a device, or none with the reason. Until called: "looking".
    void setDevice(const std::optional<model::DeviceInfo> &device, const QString &whyNone = {});
    // Every device of the host, for the device picker ("All GPUs" when there are several).
    void setDevices(const QList<model::DeviceInfo> &devices);
    // The host picker: the hosts in the settings (this computer first). Picking one stops the
    // worker, points it at that host and emits hostChanged().
    void reloadHosts();
    bool selectHost(const QString &name);
    Host currentHost() const;
    // The device runs go to: an index, or -1 for every GPU (one after another).
    int deviceChoice() const;
    bool setDeviceChoice(int index);
    QComboBox *hostPicker() const { return m_hostBox; }
    QComboBox *devicePicker() const { return m_deviceBox; }
    void hostsDialog();

    QStringList kernelIds() const;
    bool selectKernel(const QString &id);
    QString selectedKernel() const;
    // Parameter values as the editors hold them (numbers as qint64, choices as strings).
    QVariantMap parameters() const;
    bool setParameter(const QString &name, const QVariant &value);
    QString dtype() const;
    bool setDtype(const QString &dtype);

    double replaySpeed() const;
    void setReplaySpeed(double speed);

    // The actions behind the buttons; each returns the request id (empty when refused, with the
    // reason in message()).
    QString runSelected();
    QString runSuite();
    QString measureCeilings();
    QString replay(const QString &file);
    void replayDialog();
    void cancel();

    QProgressBar *progressBar() const { return m_progress; }
    QString statusText() const;
    // The last problem shown (worker failure, error of a request); empty when none.
    QString message() const { return m_messageText; }
    QStringList log() const { return m_log; }
    QPushButton *runButton() const { return m_runButton; }
    QPushButton *cancelButton() const { return m_cancelButton; }
    QPushButton *replayButton() const { return m_replayButton; }

signals:
    void catalogLoaded();
    void hostChanged(const Host &host);
    // A replay of this file started; its measurements arrive like live ones.
    void replayStarted(const QString &requestId, const QString &file);

private:
    void buildEditors();
    void updateButtons();
    void showProblem(const QString &text);
    void addLog(const QString &line);
    void onProgress(const QString &id, int done, int total, const QString &what);
    void onFinished(const QString &id, bool ok, const QString &message);
    void onError(const QString &id, const QString &message, int code);
    void onWorkerFailed(const QString &message);
    QString started(const QString &id, const QString &what);
    // Sends one request per device the picker names (all GPUs: one after another).
    QString startOnDevices(const std::function<QString()> &send, const QString &what);
    void onHostPicked(int index);
    QJsonObject kernelJson(const QString &id) const;

    WorkerClient *m_worker;
    QJsonArray m_catalog;
    std::optional<model::DeviceInfo> m_device;
    bool m_deviceKnown = false;
    QString m_whyNone;
    QString m_running; // our request being shown, if any
    QString m_runningWhat;
    QPointer<QProcess> m_catalogProcess;
    QStringList m_log;
    QString m_messageText;

    QList<Host> m_hosts;
    QList<model::DeviceInfo> m_devices;
    QStringList m_queued; // the other GPUs' requests of an "All GPUs" run
    QComboBox *m_hostBox;
    QComboBox *m_deviceBox;
    QLabel *m_deviceLabel;
    QComboBox *m_kernel;
    QLabel *m_description;
    QWidget *m_editorBox;
    QFormLayout *m_editors;
    QComboBox *m_dtype = nullptr;
    QPushButton *m_runButton;
    QPushButton *m_suiteButton;
    QPushButton *m_ceilingsButton;
    QPushButton *m_replayButton;
    QDoubleSpinBox *m_speed;
    QPushButton *m_cancelButton;
    QProgressBar *m_progress;
    QLabel *m_status;
    QLabel *m_problem;
    QPlainTextEdit *m_logView;
};
