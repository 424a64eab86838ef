#pragma once

#include <QObject>

class ClassPanel;
class LessonPlayer;
class PanelHost;
class PresentationMode;
class QAction;
class QDockWidget;
class QMainWindow;

// The teaching layer of a window: the lesson dock (LessonPlayer), presentation mode and its
// scale, lesson exports (slides, PDF handout), the Lesson menu. One per window; the window
// creates it, so a re-created window (a language switch) gets a fresh one, playing on the same
// Workspace.
class Classroom : public QObject
{
    Q_OBJECT

public:
    explicit Classroom(PanelHost *host);

    LessonPlayer *player() const { return m_player; }
    PresentationMode *presentation() const { return m_presentation; }
    ClassPanel *exercises() const { return m_exercises; } // exercises and class mode
    QDockWidget *lessonDock() const { return m_lessonDock; }

    // The chart's colours for the palette in use (high contrast while presenting).
    void applyChartTheme();

    QAction *presentationAction() const { return m_presentAction; }

    // Brings a panel forward by name: "lesson" (the lesson dock) or one of the host's
    // registered panels. wide: its dock takes most of the window's width (screenshots of a
    // panel). false for an unknown name.
    bool showPanel(const QString &name, bool wide = false);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void buildDock();
    void buildMenus();
    void exportView();
    void exportSlides();
    void exportHandout();

    PanelHost *m_host;
    QMainWindow *m_window;
    LessonPlayer *m_player = nullptr;
    PresentationMode *m_presentation = nullptr;
    ClassPanel *m_exercises = nullptr;
    QDockWidget *m_lessonDock = nullptr;
    QAction *m_presentAction = nullptr;
    bool m_theming = false;
};
