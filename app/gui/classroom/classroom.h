#pragma once

#include "uitheme.h"

#include <QHash>
#include <QObject>

class LessonPlayer;
class MainWindow;
class PresentationMode;
class QAction;
class QActionGroup;
class QDockWidget;

// The teaching layer of a main window: the lesson dock (LessonPlayer), presentation mode, lesson
// exports (slides, PDF handout), and the View menu's Language and Theme choices. One per window;
// MainWindow creates it, so a re-created window (a language switch) gets a fresh one.
class Classroom : public QObject
{
    Q_OBJECT

public:
    explicit Classroom(MainWindow *window);

    LessonPlayer *player() const { return m_player; }
    PresentationMode *presentation() const { return m_presentation; }
    QDockWidget *lessonDock() const { return m_lessonDock; }

    // The chart's colours for the palette in use (high contrast while presenting).
    void applyChartTheme();

    // Menu actions, for tests and for the command line: language "" (system), "en", "zh_CN".
    QAction *languageAction(const QString &choice) const { return m_languageActions.value(choice); }
    QAction *themeAction(UiTheme::Mode mode) const { return m_themeActions.value(int(mode)); }
    QAction *presentationAction() const { return m_presentAction; }

    // Switches the UI language: saved, then handed to whoever re-creates the window (AppShell);
    // without one, installed for windows created from now on.
    void requestLanguage(const QString &choice);
    void setThemeMode(UiTheme::Mode mode);

    // Brings a panel forward by name: "lesson" (the lesson dock) or one of MainWindow's
    // registered panels. wide: its dock takes most of the window's width (screenshots of a
    // panel). false for an unknown name.
    bool showPanel(const QString &name, bool wide = false);

signals:
    void languageChangeRequested(const QString &choice);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void buildDock();
    void buildMenus();
    void exportView();
    void exportSlides();
    void exportHandout();

    MainWindow *m_window;
    LessonPlayer *m_player = nullptr;
    PresentationMode *m_presentation = nullptr;
    QDockWidget *m_lessonDock = nullptr;
    QAction *m_presentAction = nullptr;
    QHash<QString, QAction *> m_languageActions;
    QHash<int, QAction *> m_themeActions;
    bool m_theming = false;
};
