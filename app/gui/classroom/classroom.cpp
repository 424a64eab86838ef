#include "classroom/classroom.h"

#include "chart/rooflinechart.h"
#include "classroom/classpanel.h"
#include "classroom/lessonexport.h"
#include "classroom/lessonplayer.h"
#include "classroom/presentationmode.h"
#include "panels/panelhost.h"

#include <QAction>
#include <QActionGroup>
#include <QDir>
#include <QDockWidget>
#include <QEvent>
#include <QFileDialog>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QScrollArea>
#include <QStandardPaths>
#include <QTimer>

Classroom::Classroom(PanelHost *host)
    : QObject(host->hostWindow()), m_host(host), m_window(host->hostWindow())
{
    buildDock();
    m_presentation = new PresentationMode(m_host, m_player, m_lessonDock, this);
    buildMenus();
    m_player->installShortcuts(m_window);
    connect(m_player, &LessonPlayer::presentationRequested, m_presentAction, &QAction::trigger);
    connect(m_presentation, &PresentationMode::activeChanged, this, [this](bool on) {
        const QSignalBlocker block(m_presentAction);
        m_presentAction->setChecked(on);
        if (!on && m_exercises)
            m_exercises->showDockIfNeeded();
    });
    applyChartTheme();
    m_window->installEventFilter(this);
}

void Classroom::buildDock()
{
    m_player = new LessonPlayer(m_host->workspace(), m_host);
    auto *scroll = new QScrollArea;
    scroll->setWidget(m_player);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_lessonDock = new QDockWidget(tr("Lesson"), m_window);
    m_lessonDock->setObjectName(QStringLiteral("lessonDock"));
    m_lessonDock->setWidget(scroll);
    // Beside the GPU list, behind it: the lesson sets the GPU, the list stays one click away.
    if (QDockWidget *gpuDock = m_host->gpuDock()) {
        m_window->tabifyDockWidget(gpuDock, m_lessonDock);
        gpuDock->raise();
    } else {
        m_window->addDockWidget(Qt::LeftDockWidgetArea, m_lessonDock);
    }
    connect(m_player, &LessonPlayer::lessonOpened, this, [this] {
        if (!m_presentation || !m_presentation->isActive())
            m_lessonDock->raise();
    });
}

void Classroom::buildMenus()
{
    QMenu *view = m_host->viewMenu();
    view->addSeparator();
    view->addAction(m_lessonDock->toggleViewAction());

    m_presentAction = new QAction(tr("&Presentation mode"), this);
    m_presentAction->setCheckable(true);
    m_presentAction->setShortcut(QKeySequence(Qt::Key_F5));
    m_presentAction->setToolTip(
        tr("Full screen for a projector: the chart first, the lesson's caption large (F5; Esc leaves)"));
    connect(m_presentAction, &QAction::toggled, this, [this](bool on) {
        if (on)
            m_presentation->enter();
        else
            m_presentation->exit();
    });
    view->addAction(m_presentAction);
    m_window->addAction(m_presentAction); // F5 must also work while the menu bar is hidden

    QMenu *scaleMenu = view->addMenu(tr("Presentation &scale"));
    auto *scaleGroup = new QActionGroup(scaleMenu);
    for (double s : PresentationMode::scaleSteps()) {
        QAction *a = scaleMenu->addAction(tr("%1×").arg(QLocale().toString(s, 'g', 3)));
        a->setCheckable(true);
        a->setChecked(qFuzzyCompare(s, m_presentation->scale()));
        scaleGroup->addAction(a);
        connect(a, &QAction::triggered, this, [this, s] { m_presentation->setScale(s); });
    }

    QMenu *lesson = m_window->menuBar()->addMenu(tr("&Lesson"));
    lesson->setObjectName(QStringLiteral("lessonMenu"));
    for (const model::Lesson &l : m_player->lessons()) {
        const QString id = l.id;
        lesson->addAction(l.title.forLanguage(m_host->uiLanguage()), this,
                          [this, id] { m_player->openLesson(id); });
    }
    lesson->addSeparator();
    // Shown with their keys, but the keys themselves are the player's shortcuts (they step
    // aside for fields that use arrows), not the menu's.
    QAction *prev = lesson->addAction(tr("Previous step") + QLatin1Char('\t') + tr("PageUp"), m_player,
                                      &LessonPlayer::previous);
    QAction *next = lesson->addAction(tr("Next step") + QLatin1Char('\t') + tr("PageDown"), m_player,
                                      &LessonPlayer::next);
    QAction *restore = lesson->addAction(tr("&Restore step"), m_player, &LessonPlayer::reapplyStep);
    QAction *close = lesson->addAction(tr("&Close lesson"), m_player, &LessonPlayer::closeLesson);
    lesson->addSeparator();
    lesson->addAction(tr("Export current &view as PNG…"), this, &Classroom::exportView);
    QAction *slides = lesson->addAction(tr("Export every &step as PNG…"), this, &Classroom::exportSlides);
    QAction *handout = lesson->addAction(tr("Export &handout as PDF…"), this, &Classroom::exportHandout);
    m_exercises = new ClassPanel(m_host, m_player, m_presentAction);
    m_exercises->addMenuActions(lesson);
    m_presentation->setClassStrip(m_exercises->projectorStrip());
    auto enable = [=, this] {
        const bool open = m_player->isOpen();
        for (QAction *a : {prev, next, restore, close, slides, handout})
            a->setEnabled(open);
    };
    connect(m_player, &LessonPlayer::lessonOpened, this, enable);
    connect(m_player, &LessonPlayer::lessonClosed, this, enable);
    enable();
}

bool Classroom::showPanel(const QString &name, bool wide)
{
    QWidget *panel = name == QLatin1String("lesson") ? m_lessonDock : m_host->panel(name);
    if (!panel)
        return false;
    m_host->showPanel(panel);
    QDockWidget *dock = nullptr;
    for (QWidget *p = panel; p && p != m_window; p = p->parentWidget())
        if ((dock = qobject_cast<QDockWidget *>(p)))
            break;
    if (!dock)
        return true;
    dock->show();
    dock->raise();
    if (wide && name != QLatin1String("roofline")) {
        // After the window has its final size (screenshots resize it before showing it).
        QTimer::singleShot(0, dock, [this, dock] {
            const bool left = m_window->dockWidgetArea(dock) == Qt::LeftDockWidgetArea;
            m_window->resizeDocks({dock}, {int(m_window->width() * (left ? 0.4 : 0.7))}, Qt::Horizontal);
        });
    }
    return true;
}

void Classroom::applyChartTheme()
{
    m_theming = true;
    const bool presenting = m_presentation && m_presentation->isActive();
    m_host->chart()->setTheme(m_host->chartTheme(presenting));
    m_theming = false;
}

bool Classroom::eventFilter(QObject *watched, QEvent *event)
{
    // The window saves its settings as it closes: what it saves should be the user's own
    // desk (GPU, workloads, ...), not the last lesson step.
    if (watched == m_window && event->type() == QEvent::Close && m_player->isOpen())
        m_player->closeLesson();
    if (watched == m_window && !m_theming &&
        (event->type() == QEvent::PaletteChange || event->type() == QEvent::ApplicationPaletteChange))
        applyChartTheme();
    return QObject::eventFilter(watched, event);
}

void Classroom::exportView()
{
    const QString dir = QStandardPaths::writableLocation(QStandardPaths::PicturesLocation);
    const QString name = m_player->isOpen() ? QStringLiteral("%1-step-%2.png")
                                                  .arg(m_player->lesson()->id)
                                                  .arg(m_player->currentStep() + 1, 2, 10, QLatin1Char('0'))
                                            : QStringLiteral("roofline.png");
    const QString file = QFileDialog::getSaveFileName(m_window, tr("Export current view"),
                                                      QDir(dir).filePath(name), tr("PNG image (*.png)"));
    if (file.isEmpty())
        return;
    QString error;
    if (LessonExporter(m_host, m_player).saveSlide(file, QSize(1600, 1000), &error))
        m_host->showStatus(tr("View written to %1").arg(QDir::toNativeSeparators(file)), 5000);
    else
        QMessageBox::warning(m_window, tr("Export current view"), error);
}

void Classroom::exportSlides()
{
    const QString dir =
        QFileDialog::getExistingDirectory(m_window, tr("Export every step as PNG"),
                                          QStandardPaths::writableLocation(QStandardPaths::PicturesLocation));
    if (dir.isEmpty())
        return;
    QString error;
    const QStringList files = LessonExporter(m_host, m_player).saveAllSlides(dir, QSize(1600, 1000), &error);
    if (files.isEmpty())
        QMessageBox::warning(m_window, tr("Export every step as PNG"), error);
    else
        m_host->showStatus(
            tr("%n slide(s) written to %1", nullptr, int(files.size())).arg(QDir::toNativeSeparators(dir)),
            5000);
}

void Classroom::exportHandout()
{
    if (!m_player->isOpen())
        return;
    const QString dir = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
    const QString file = QFileDialog::getSaveFileName(
        m_window, tr("Export handout"), QDir(dir).filePath(m_player->lesson()->id + QStringLiteral(".pdf")),
        tr("PDF document (*.pdf)"));
    if (file.isEmpty())
        return;
    QString error;
    if (LessonExporter(m_host, m_player).saveHandout(file, &error))
        m_host->showStatus(tr("Handout written to %1").arg(QDir::toNativeSeparators(file)), 5000);
    else
        QMessageBox::warning(m_window, tr("Export handout"), error);
}
