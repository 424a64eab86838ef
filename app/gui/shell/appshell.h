#pragma once

#include "specdb.h"

#include <QObject>
#include <QPointer>

class MainWindow;
class WorkerClient;
class Workspace;

// Owns the app's state (one Workspace, restored from the settings once) and the main window
// on it. Switching the UI language re-creates the window in the new language (every widget
// takes its texts when it is built) on the same Workspace, so nothing the user did is lost,
// saved or not; the layout, the open lesson and step, and presentation mode carry over.
class AppShell : public QObject
{
    Q_OBJECT

public:
    // worker: the kernels' worker (LiveTools'), which the tile explorer's session measures with.
    explicit AppShell(model::SpecDb db, WorkerClient *worker = nullptr, QObject *parent = nullptr);
    ~AppShell() override;

    Workspace *workspace() const { return m_workspace; }
    MainWindow *window() const { return m_window; }

    // Installs the language ("" = system, "en", "zh_CN") and replaces the window.
    void switchLanguage(const QString &choice);

signals:
    void windowReplaced(MainWindow *window);

private:
    MainWindow *create();

    Workspace *m_workspace;
    QPointer<MainWindow> m_window;
};
