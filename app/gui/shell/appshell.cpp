#include "appshell.h"

#include "classroom.h"
#include "lessonplayer.h"
#include "mainwindow.h"
#include "presentationmode.h"
#include "uilanguage.h"

AppShell::AppShell(const model::SpecDb &db, QObject *parent) : QObject(parent), m_db(db)
{
    m_window = create();
}

AppShell::~AppShell()
{
    delete m_window;
}

MainWindow *AppShell::create()
{
    auto *w = new MainWindow(m_db);
    connect(w->classroom(), &Classroom::languageChangeRequested, this, &AppShell::switchLanguage);
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
        presentation->exit(); // so the layout saved below is the desk one
    // Likewise the user's own choices, not the lesson's; the new window opens the lesson again.
    old->classroom()->player()->closeLesson();
    old->saveSettings();

    UiLanguage::saveChoice(choice);
    UiLanguage::install(choice);
    m_window = create();
    if (old->testAttribute(Qt::WA_DontShowOnScreen))
        m_window->setAttribute(Qt::WA_DontShowOnScreen);
    if (!lesson.isEmpty())
        m_window->classroom()->player()->openLesson(lesson, step);
    if (visible)
        m_window->show();
    if (presenting)
        m_window->classroom()->presentation()->enter(fullScreen);
    // The old window is still inside its menu's signal: delete it once that has returned.
    old->hide();
    old->deleteLater();
    emit windowReplaced(m_window);
}
