#include "shell/appshell.h"

#include "classroom/classpanel.h"
#include "classroom/classroom.h"
#include "classroom/lessonplayer.h"
#include "classroom/presentationmode.h"
#include "shell/mainwindow.h"
#include "shell/uilanguage.h"
#include "shell/wheelguard.h"
#include "tile/tilesession.h"
#include "workspace/workspace.h"

#include <QSettings>

AppShell::AppShell(model::SpecDb db, WorkerClient *worker, QObject *parent)
    : QObject(parent), m_workspace(new Workspace(std::move(db), this))
{
    WheelGuard::install(); // a wheel over a panel scrolls it; it never changes a field passed over
    if (worker)            // tile measurements queue with the Runs panel's, so two runs never share the GPU
        m_workspace->tileSession()->setWorker(worker);
    m_workspace->restore(QSettings());
    m_window = create();
    m_window->restoreSettings();
}

AppShell::~AppShell()
{
    delete m_window; // before the workspace it shows
}

MainWindow *AppShell::create()
{
    auto *w = new MainWindow(m_workspace);
    connect(w, &MainWindow::languageChangeRequested, this, &AppShell::switchLanguage);
    return w;
}

void AppShell::switchLanguage(const QString &choice)
{
    MainWindow *old = m_window;
    if (!old)
        return;
    LessonPlayer *player = old->classroom()->player();
    const QString lesson = player->isOpen() ? player->lesson()->id : QString();
    const int step = player->currentStep();
    PresentationMode *presentation = old->classroom()->presentation();
    const bool presenting = presentation->isActive();
    const bool fullScreen = old->isFullScreen();
    const bool visible = old->isVisible();
    if (presenting)
        presentation->exit(); // so the layout taken below is the desk one
    // The workspace goes back to the user's own choices; the new window opens the lesson again
    // (and takes a class in progress over, with its question and answers).
    old->classroom()->exercises()->prepareHandOver();
    player->closeLesson();
    const QByteArray geometry = old->saveGeometry();
    const QByteArray state = old->saveState();

    UiLanguage::saveChoice(choice);
    UiLanguage::install(choice);
    // What outlives the window and holds words (the tile explorer's evaluations) says them again.
    m_workspace->tileSession()->retranslate();
    m_window = create();
    m_window->restoreLayout(geometry, state);
    if (old->testAttribute(Qt::WA_DontShowOnScreen))
        m_window->setAttribute(Qt::WA_DontShowOnScreen);
    if (!lesson.isEmpty())
        m_window->classroom()->player()->openLesson(lesson, step);
    // A class in progress goes on: the phones stay connected to the same address.
    m_window->classroom()->exercises()->adopt(old->classroom()->exercises());
    if (visible)
        m_window->show();
    if (presenting)
        m_window->classroom()->presentation()->enter(fullScreen);
    // The old window is still inside its menu's signal: delete it once that has returned.
    old->hide();
    old->deleteLater();
    emit windowReplaced(m_window);
}
