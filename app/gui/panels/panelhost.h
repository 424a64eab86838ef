#pragma once

#include <QString>
#include <QStringList>

class QDockWidget;
class QMainWindow;
class QMenu;
class QWidget;
class RooflineChart;
class Workspace;
struct ChartTheme;

// What the parts built into a window (lessons, presentation mode, the live panels) need of it,
// so that they never include the main window's class: its chart, its tool panels by name, its
// menus and docks, the app's state. MainWindow implements it; the parts take a PanelHost*.
class PanelHost
{
public:
    virtual ~PanelHost() = default;

    virtual QMainWindow *hostWindow() = 0; // docks, menu bar, status bar, geometry
    virtual RooflineChart *chart() const = 0;
    virtual Workspace *workspace() const = 0;

    // Tool panels: added as tabs in the panel dock, found by name ("roofline", "occupancy",
    // "tile", "runs", "results").
    virtual void addPanel(QWidget *panel, const QString &title) = 0;
    virtual void registerPanel(const QString &name, QWidget *panel) = 0;
    virtual QWidget *panel(const QString &name) const = 0;
    virtual QStringList panelNames() const = 0;
    virtual void showPanel(QWidget *panel) = 0;

    virtual QMenu *fileMenu() const = 0;
    virtual QMenu *viewMenu() const = 0;
    virtual QDockWidget *gpuDock() const = 0;   // the GPU list and ceilings, on the left
    virtual QDockWidget *panelDock() const = 0; // the tool panels' tabs, on the right

    // The chart's colours for the palette in use; high contrast for a projector.
    virtual ChartTheme chartTheme(bool presentation) const = 0;
    // The language the window's texts are in ("en", "zh_CN"): widgets take theirs when built.
    virtual QString uiLanguage() const = 0;
    // One line in the window's status bar.
    virtual void showStatus(const QString &text, int timeoutMs) = 0;
};
