#pragma once

#include "gpu.h"
#include "panels/resultssession.h"
#include "resultset.h"
#include "specdb.h"

#include <QObject>
#include <QPointer>

#include <optional>

class PanelHost;
class QAction;
class QMainWindow;
class QMenu;
class ResultsPanel;
class ResultsSession;
class RunsPanel;
class WorkerClient;

// Live runs and saved results in a window (a PanelHost: the main window). Owns the worker client
// and the results session, which outlive any one window (AppShell re-creates the window on a
// language switch), and gives each window its Runs and Results panels ("runs", "results"), the File menu's
// results actions, drag and drop of results files and Nsight Compute CSVs, and the start-up:
// ask the worker for a CUDA device and open on its spec entry, or, with none, open the H200
// sample results and say so.
class LiveTools : public QObject
{
    Q_OBJECT

public:
    explicit LiveTools(QObject *parent = nullptr);
    ~LiveTools() override;

    WorkerClient *worker() const { return m_worker; }
    ResultsSession *session() const { return m_session; }
    PanelHost *host() const;
    RunsPanel *runsPanel() const;
    ResultsPanel *resultsPanel() const;

    // Adds the panels, menu actions and drop handling to a window (again for a new one).
    void attach(PanelHost *host);

    struct StartOptions
    {
        bool offerRecovery = true; // offer what an earlier session left unsaved
        bool samples = true;       // without a device, open the sample results (unless files are open)
        int waitForDeviceMs = 0;   // > 0: block (events handled) until the device and catalog answers
        bool loadCatalog = true;
        bool selectDeviceGpu = true; // open on the device's spec entry (not when --gpu chose one)
    };
    void start(const StartOptions &options);
    void start() { start(StartOptions()); }

    // The device the worker found (after start's answer); nullopt: none or not yet known.
    std::optional<model::DeviceInfo> device() const { return m_device; }
    bool deviceKnown() const { return m_deviceKnown; }
    QString noDeviceReason() const { return m_whyNone; }

    // The bundled suite measured on gpuId (resources/samples/*-suite.json), else the H200's.
    static QString samplesPath(const QString &gpuId = QString());
    // An entry built from the device's properties, for a GPU the database does not know
    // (fromDevice set; bandwidth and FP32 peak are estimates and say so).
    static model::Gpu gpuFromDevice(const model::DeviceInfo &device);

    // Opens results (.json) or an Nsight Compute CSV, with the Results panel's messages.
    bool openFile(const QString &path);
    // The same read in the background, with the panel's progress bar and Cancel (drops, recent
    // files, the command line). Several paths are one gesture: with Replace they are opened
    // together and close the files open before (the samples among them).
    void openInBackground(const QString &path,
                          ResultsSession::OpenMode mode = ResultsSession::OpenMode::Replace);
    void openInBackground(const QStringList &paths,
                          ResultsSession::OpenMode mode = ResultsSession::OpenMode::Replace);

signals:
    void deviceAnswered();

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void addMenuActions();
    void fillRecentMenu();
    void onDevicesFinished(bool ok, const QString &message);
    void applyDevice();
    void openSamples();
    static QStringList droppedFiles(const QEvent *event);

    WorkerClient *m_worker;
    ResultsSession *m_session;
    PanelHost *m_host = nullptr;
    QPointer<QMainWindow> m_window; // the host's window: null once it is gone
    QPointer<RunsPanel> m_runs;
    QPointer<ResultsPanel> m_results;
    QPointer<QMenu> m_recentMenu;
    QList<QPointer<QAction>> m_actions;
    QString m_devicesRequest;
    QList<model::DeviceInfo> m_devices;
    std::optional<model::DeviceInfo> m_device;
    std::optional<model::Gpu> m_deviceGpu; // built for an unknown GPU; added to each window
    bool m_deviceKnown = false;
    QString m_whyNone;
    QHash<QString, QString> m_replays; // request id -> file, for the Source column
    bool m_samples = true;
    bool m_selectDeviceGpu = true;
};
