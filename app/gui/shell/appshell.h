#pragma once

#include "specdb.h"

#include <QObject>
#include <QPointer>

class MainWindow;

// Owns the main window. Switching the UI language re-creates the window in the new language
// (every widget takes its texts when it is built) and carries over what the user had: the
// saved choices and layout, the open lesson and step, presentation mode.
class AppShell : public QObject
{
    Q_OBJECT

public:
    explicit AppShell(const model::SpecDb &db, QObject *parent = nullptr);
    ~AppShell() override;

    MainWindow *window() const { return m_window; }

    // Installs the language ("" = system, "en", "zh_CN") and replaces the window.
    void switchLanguage(const QString &choice);

signals:
    void windowReplaced(MainWindow *window);

private:
    MainWindow *create();

    model::SpecDb m_db;
    QPointer<MainWindow> m_window;
};
