#pragma once

#include "gpu.h"
#include "panels/panelhost.h"
#include "shell/uitheme.h"
#include "specdb.h"

#include <QHash>
#include <QMainWindow>
#include <QPointer>

class CeilingToggles;
class Classroom;
class GpuPicker;
class OccupancyPanel;
class QAction;
class QScrollArea;
class PanelSwitcher;
class QTabWidget;
class QToolButton;
class TileExplorer;
class WindowFit;
class WorkloadPanel;
class Workspace;

// The main window: GPU picker and comparison list on the left, the roofline chart in the
// centre, tool panels (workloads first; occupancy, runs, tiles, results later) on the right.
// Every choice shown here lives in a Workspace: the window's widgets are views of it, bound
// both ways, so a window re-created on the same Workspace (a language switch) shows what the
// old one did.
class MainWindow : public QMainWindow, public PanelHost
{
    Q_OBJECT

public:
    // A window with a Workspace of its own, on a copy of db, restored from the settings (tests,
    // a window without the shell).
    explicit MainWindow(const model::SpecDb &db, QWidget *parent = nullptr);
    // A window on a workspace its owner keeps (AppShell); nothing is read from the settings
    // (restoreSettings() or restoreLayout() do that).
    explicit MainWindow(Workspace *workspace, QWidget *parent = nullptr);
    ~MainWindow() override;

    // ---- PanelHost
    QMainWindow *hostWindow() override { return this; }
    RooflineChart *chart() const override { return m_chart; }
    Workspace *workspace() const override { return m_workspace; }
    void addPanel(QWidget *panel, const QString &title) override;
    void registerPanel(const QString &name, QWidget *panel) override;
    QWidget *panel(const QString &name) const override;
    QStringList panelNames() const override;
    void showPanel(QWidget *panel) override;
    QMenu *fileMenu() const override { return m_fileMenu; }
    QMenu *viewMenu() const override { return m_viewMenu; }
    QMenu *helpMenu() const { return m_helpMenu; }
    QDockWidget *gpuDock() const override { return m_gpuDock; }
    QDockWidget *panelDock() const override { return m_panelDock; }
    ChartTheme chartTheme(bool presentation) const override;
    QString uiLanguage() const override;
    void showStatus(const QString &text, int timeoutMs) override;

    GpuPicker *gpuPicker() const { return m_picker; }
    GpuPicker *comparePicker() const { return m_compare; }
    CeilingToggles *ceilingToggles() const { return m_toggles; }
    WorkloadPanel *workloadPanel() const { return m_workloads; }
    OccupancyPanel *occupancyPanel() const { return m_occupancy; }
    TileExplorer *tileExplorer() const { return m_tiles; }
    // Lessons, presentation mode and exports (classroom/classroom.h).
    Classroom *classroom() const { return m_classroom; }
    // The window's fit to its screen and the chart's share of its width (windowfit.h).
    WindowFit *windowFit() const { return m_fit; }
    const model::SpecDb &specDb() const;

    // The workspace's choices, for code that has the window at hand.
    QString currentGpuId() const;
    const model::Gpu *currentGpu() const;
    void selectGpu(const QString &id);
    QStringList comparisonGpuIds() const;
    void setComparisonGpus(const QStringList &ids);
    void setLogScale(bool log);
    // Adds a spec entry built elsewhere (a live device the database does not know) to the
    // workspace, and so to both pickers; false for a duplicate id.
    bool addGpu(const model::Gpu &gpu);

    QWidget *currentPanel() const;

    bool exportChart(const QString &file, int width = 0, int height = 0);
    // Messages for database files SpecDb refused (also shown in the status bar).
    QStringList refusedFiles() const;

    // View → Language and View → Theme: language "" (system), "en", "zh_CN".
    QAction *languageAction(const QString &choice) const { return m_languageActions.value(choice); }
    QAction *themeAction(UiTheme::Mode mode) const { return m_themeActions.value(int(mode)); }
    // Saves the choice, then asks whoever re-creates the window (AppShell) to switch; with no
    // one listening, installs it for windows created from now on.
    void requestLanguage(const QString &choice);
    void setThemeMode(UiTheme::Mode mode);

    // Window geometry, dock layout and the workspace's choices; saved on close.
    void saveSettings() const;
    // The saved geometry and dock layout (the choices are the workspace owner's to restore).
    void restoreSettings();
    // A layout taken from another window (saveGeometry(), saveState()); empty: a first start.
    void restoreLayout(const QByteArray &geometry, const QByteArray &state);

signals:
    void gpuChanged(const model::Gpu &gpu);
    void languageChangeRequested(const QString &choice);

protected:
    void closeEvent(QCloseEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    void build();
    void buildActions();
    void buildDocks();
    void buildAppearanceMenus();
    void buildHelpMenu();                            // the user guide, keyboard shortcuts, About
    QScrollArea *addPanelPage(const QString &title); // an empty tab for a panel
    void bindWorkspace();
    void showRefusedFiles();
    void onGpuChanged(const model::Gpu &gpu);
    void fillPickers();
    void updateChart();
    void exportDialog();

    Workspace *m_workspace = nullptr;
    bool m_ownsWorkspace = false;
    RooflineChart *m_chart = nullptr;
    GpuPicker *m_picker = nullptr;
    GpuPicker *m_compare = nullptr;
    CeilingToggles *m_toggles = nullptr;
    WorkloadPanel *m_workloads = nullptr;
    OccupancyPanel *m_occupancy = nullptr;
    TileExplorer *m_tiles = nullptr;
    QTabWidget *m_panels = nullptr;
    PanelSwitcher *m_switcher = nullptr;
    QMenu *m_fileMenu = nullptr;
    QMenu *m_viewMenu = nullptr;
    QMenu *m_helpMenu = nullptr;
    QDockWidget *m_gpuDock = nullptr;
    QDockWidget *m_panelDock = nullptr;
    QAction *m_logAction = nullptr;
    QToolButton *m_refusedButton = nullptr;
    QHash<QString, QPointer<QWidget>> m_namedPanels;
    QHash<QString, QAction *> m_languageActions;
    QHash<int, QAction *> m_themeActions;
    Classroom *m_classroom = nullptr;
    WindowFit *m_fit = nullptr;
};
