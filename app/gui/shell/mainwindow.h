#pragma once

#include "gpu.h"
#include "specdb.h"

#include <QHash>
#include <QMainWindow>
#include <QPointer>

class CeilingToggles;
class Classroom;
class GpuPicker;
class OccupancyPanel;
class QAction;
class QTabWidget;
class QToolButton;
class RooflineChart;
class WindowFit;
class WorkloadPanel;

// The main window: GPU picker and comparison list on the left, the roofline chart in the
// centre, tool panels (workloads first; occupancy, runs, tiles, results later) on the right.
class MainWindow : public QMainWindow
{
    Q_OBJECT

public:
    explicit MainWindow(const model::SpecDb &db, QWidget *parent = nullptr);

    RooflineChart *chart() const { return m_chart; }
    GpuPicker *gpuPicker() const { return m_picker; }
    GpuPicker *comparePicker() const { return m_compare; }
    CeilingToggles *ceilingToggles() const { return m_toggles; }
    WorkloadPanel *workloadPanel() const { return m_workloads; }
    OccupancyPanel *occupancyPanel() const { return m_occupancy; }
    // Lessons, presentation mode, language and theme menus (app/gui/classroom.h).
    Classroom *classroom() const { return m_classroom; }
    // The window's fit to its screen and the chart's share of its width (windowfit.h).
    WindowFit *windowFit() const { return m_fit; }
    const model::SpecDb &specDb() const { return m_db; }

    QString currentGpuId() const;
    const model::Gpu *currentGpu() const;
    void selectGpu(const QString &id);
    QStringList comparisonGpuIds() const;
    void setComparisonGpus(const QStringList &ids);
    void setLogScale(bool log);
    // Adds a spec entry built elsewhere (a live device the database does not know) to both
    // pickers; false for a duplicate id.
    bool addGpu(const model::Gpu &gpu);

    // Adds a tool panel as a tab beside the workload panel; the window keeps it.
    void addPanel(QWidget *panel, const QString &title);
    // Brings a panel added with addPanel (or the workload panel) to the front.
    void showPanel(QWidget *panel);
    QWidget *currentPanel() const;
    // Panels by name, for lessons and code that should not know their classes. "roofline" (the
    // workload panel) and "occupancy" are registered here; "runs", "results", "tile" register
    // theirs after addPanel(). A panel implementing LessonTarget (lessontarget.h) also takes a
    // lesson step's settings.
    void registerPanel(const QString &name, QWidget *panel);
    QWidget *panel(const QString &name) const;
    QStringList panelNames() const;

    bool exportChart(const QString &file, int width = 0, int height = 0);
    // Messages for database files SpecDb refused (also shown in the status bar).
    QStringList refusedFiles() const;

    // Window geometry and the user's choices; restored by the constructor, saved on close.
    void saveSettings() const;
    void restoreSettings();

signals:
    void gpuChanged(const model::Gpu &gpu);

protected:
    void closeEvent(QCloseEvent *event) override;

private:
    void buildActions();
    void buildDocks();
    void showRefusedFiles();
    void onGpuPicked(const QString &id);
    void updateChart();
    void exportDialog();

    model::SpecDb m_db;
    QString m_gpuId;
    RooflineChart *m_chart = nullptr;
    GpuPicker *m_picker = nullptr;
    GpuPicker *m_compare = nullptr;
    CeilingToggles *m_toggles = nullptr;
    WorkloadPanel *m_workloads = nullptr;
    OccupancyPanel *m_occupancy = nullptr;
    QTabWidget *m_panels = nullptr;
    QAction *m_logAction = nullptr;
    QToolButton *m_refusedButton = nullptr;
    QHash<QString, QPointer<QWidget>> m_namedPanels;
    Classroom *m_classroom = nullptr;
    WindowFit *m_fit = nullptr;
};
