#include "classroom/presentationmode.h"

#include "chart/rooflinechart.h"
#include "classroom/lessonplayer.h"
#include "panels/panelhost.h"

#include <QDockWidget>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMainWindow>
#include <QMenuBar>
#include <QPushButton>
#include <QSettings>
#include <QShortcut>
#include <QStatusBar>
#include <QTableView>
#include <QTimer>
#include <QToolBar>
#include <QVBoxLayout>

#include <algorithm>

namespace {

const QString kScaleKey = QStringLiteral("presentation/scale");

} // namespace

PresentationMode::PresentationMode(PanelHost *host, LessonPlayer *player, QDockWidget *lessonDock,
                                   QObject *parent)
    : QObject(parent), m_host(host), m_window(host->hostWindow()), m_player(player), m_lessonDock(lessonDock),
      m_scale(savedScale())
{
    buildBanner();
    m_escape = new QShortcut(QKeySequence(Qt::Key_Escape), m_window);
    m_escape->setContext(Qt::WindowShortcut);
    m_escape->setWhatsThis(tr("Leave presentation mode"));
    m_escape->setEnabled(false);
    connect(m_escape, &QShortcut::activated, this, &PresentationMode::exit);
    connect(m_player, &LessonPlayer::stepApplied, this, [this] {
        if (m_active) {
            updateStage();
            updateBanner();
        }
    });
    connect(m_player, &LessonPlayer::lessonClosed, this, [this] {
        if (m_active) {
            updateStage();
            updateBanner();
        }
    });
}

double PresentationMode::savedScale()
{
    return std::clamp(QSettings().value(kScaleKey, 1.75).toDouble(), 1.0, 3.0);
}

void PresentationMode::buildBanner()
{
    m_bannerDock = new QDockWidget(tr("Presentation"), m_window);
    m_bannerDock->setObjectName(QStringLiteral("presentationBanner"));
    m_bannerDock->setFeatures(QDockWidget::NoDockWidgetFeatures);
    m_bannerDock->setAllowedAreas(Qt::BottomDockWidgetArea);
    m_bannerDock->setTitleBarWidget(new QWidget(m_bannerDock)); // no title bar: it is part of the slide

    m_banner = new QWidget(m_bannerDock);
    m_banner->setObjectName(QStringLiteral("presentationBannerContent"));
    m_banner->setAutoFillBackground(true);
    auto *grid = new QGridLayout(m_banner);
    grid->setContentsMargins(24, 12, 24, 14);

    m_title = new QLabel(m_banner);
    m_title->setObjectName(QStringLiteral("bannerTitle"));
    m_title->setWordWrap(true);
    m_caption = new QLabel(m_banner);
    m_caption->setObjectName(QStringLiteral("bannerCaption"));
    m_caption->setWordWrap(true);
    m_caption->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    m_notice = new QLabel(m_banner);
    m_notice->setWordWrap(true);
    m_notice->hide();
    m_counter = new QLabel(m_banner);
    m_counter->setAlignment(Qt::AlignRight | Qt::AlignVCenter);

    auto *buttons = new QHBoxLayout;
    m_prev = new QPushButton(tr("◀"), m_banner);
    m_prev->setToolTip(tr("Previous step (PageUp, Left)"));
    m_next = new QPushButton(tr("▶"), m_banner);
    m_next->setToolTip(tr("Next step (PageDown, Right, Space)"));
    m_stepsButton = new QPushButton(tr("Steps"), m_banner);
    m_stepsButton->setCheckable(true);
    m_stepsButton->setToolTip(tr("Show or hide the list of steps"));
    m_exitButton = new QPushButton(tr("Exit"), m_banner);
    m_exitButton->setToolTip(tr("Leave presentation mode (Esc)"));
    // A clicker's Space and the arrows must keep driving the lesson, not press a button.
    for (QPushButton *b : {m_prev, m_next, m_stepsButton, m_exitButton}) {
        b->setFocusPolicy(Qt::NoFocus);
        buttons->addWidget(b);
    }

    grid->addWidget(m_title, 0, 0);
    grid->addWidget(m_counter, 0, 1);
    grid->addWidget(m_caption, 1, 0, 1, 2);
    grid->addWidget(m_notice, 2, 0, 1, 2);
    grid->addLayout(buttons, 0, 2, 3, 1, Qt::AlignRight | Qt::AlignVCenter);
    grid->setColumnStretch(0, 1);
    m_bannerDock->setWidget(m_banner);
    m_window->addDockWidget(Qt::BottomDockWidgetArea, m_bannerDock);
    m_bannerDock->hide();

    connect(m_prev, &QPushButton::clicked, m_player, &LessonPlayer::previous);
    connect(m_next, &QPushButton::clicked, m_player, &LessonPlayer::next);
    connect(m_stepsButton, &QPushButton::toggled, this, &PresentationMode::setStepListShown);
    connect(m_exitButton, &QPushButton::clicked, this, &PresentationMode::exit);
}

void PresentationMode::enter(bool fullScreen)
{
    if (m_active)
        return;
    m_active = true;
    m_savedState = m_window->saveState();
    m_savedGeometry = m_window->saveGeometry();
    m_savedWindowState = m_window->windowState();
    m_savedFontSet = m_window->testAttribute(Qt::WA_SetFont);
    m_savedFont = m_window->font();
    m_menuBarShown = m_window->menuBar()->isVisible() || !m_window->isVisible();
    m_statusBarShown = m_window->statusBar()->isVisible() || !m_window->isVisible();

    m_window->menuBar()->hide();
    m_window->statusBar()->hide();
    for (QToolBar *bar : m_window->findChildren<QToolBar *>())
        bar->hide();
    for (QDockWidget *dock : m_window->findChildren<QDockWidget *>())
        if (dock != m_bannerDock)
            dock->hide();
    m_bannerDock->show();
    m_stepsButton->setChecked(false);
    m_escape->setEnabled(true);
    applyScale();
    updateStage();
    updateBanner();
    if (fullScreen)
        m_window->showFullScreen();
    emit activeChanged(true);
}

void PresentationMode::exit()
{
    if (!m_active)
        return;
    m_active = false;
    m_escape->setEnabled(false);
    m_bannerDock->hide();
    for (const QPointer<QDockWidget> &dock : std::as_const(m_hiddenTitles))
        if (dock) {
            QWidget *empty = dock->titleBarWidget();
            dock->setTitleBarWidget(nullptr);
            delete empty;
        }
    m_hiddenTitles.clear();
    restorePanels();
    m_host->chart()->show();
    m_host->chart()->setPresentationScale(1.0);
    m_host->chart()->setTheme(m_host->chartTheme(false));
    m_window->menuBar()->setVisible(m_menuBarShown);
    m_window->statusBar()->setVisible(m_statusBarShown);
    m_window->restoreState(m_savedState);
    m_bannerDock->hide(); // restoreState may bring it back from an old saved layout
    if (m_savedWindowState & Qt::WindowFullScreen)
        m_window->showFullScreen();
    else if (m_savedWindowState & Qt::WindowMaximized)
        m_window->showMaximized();
    else if (m_window->isFullScreen()) {
        m_window->showNormal();
        m_window->restoreGeometry(m_savedGeometry);
    }
    emit activeChanged(false);
}

void PresentationMode::setScale(double scale, bool remember)
{
    m_scale = std::clamp(scale, 1.0, 3.0);
    if (remember)
        QSettings().setValue(kScaleKey, m_scale);
    if (m_active) {
        applyScale();
        updateBanner();
    }
}

void PresentationMode::applyScale()
{
    RooflineChart *chart = m_host->chart();
    chart->setTheme(m_host->chartTheme(true));
    chart->setPresentationScale(m_scale);

    const QFont base = m_savedFontSet ? m_savedFont : QFont();
    const double size = base.pointSizeF() > 0 ? base.pointSizeF() : 10;
    scalePanels(m_scale);

    // The banner follows the chart's high-contrast colours so it reads as part of the slide.
    const ChartTheme theme = m_host->chartTheme(true);
    QPalette pal = m_banner->palette();
    pal.setColor(QPalette::Window, theme.background);
    pal.setColor(QPalette::WindowText, theme.text);
    m_banner->setPalette(pal);
    QFont title = base;
    title.setPointSizeF(size * 1.5 * m_scale);
    title.setBold(true);
    m_title->setFont(title);
    m_counter->setFont(title);
    QFont caption = base;
    caption.setPointSizeF(size * 1.15 * m_scale);
    m_caption->setFont(caption);
    QFont small = base;
    small.setPointSizeF(size * 0.9 * m_scale);
    m_notice->setFont(small);
    m_notice->setStyleSheet(QStringLiteral("color: %1;")
                                .arg(theme.isDark() ? QStringLiteral("#f5b041") : QStringLiteral("#9a5b00")));
    QFont buttons = base;
    buttons.setPointSizeF(size * 1.1 * m_scale);
    for (QPushButton *b : {m_prev, m_next, m_stepsButton, m_exitButton})
        b->setFont(buttons);
}

void PresentationMode::scalePanels(double scale)
{
    // Every panel grows with the chart: the docks' contents (tables, labels, spin boxes, the
    // occupancy graphs, the tile explorer, the GPU list, the step list). Every widget keeps its
    // proportion (a headline at 1.3 times, a bold gap): its desk font times the scale.
    const auto deskOf = [this](QWidget *w) -> const DeskFont & {
        for (DeskFont &d : m_deskFonts)
            if (d.widget == w)
                return d;
        // First seen now: a widget made on the stage was made at the current scale.
        DeskFont d{w, w->testAttribute(Qt::WA_SetFont), w->font()};
        if (d.font.pointSizeF() > 0)
            d.font.setPointSizeF(d.font.pointSizeF() / m_panelScale);
        m_deskFonts.append(d);
        return m_deskFonts.last();
    };
    m_deskFonts.removeIf([](const DeskFont &d) { return d.widget.isNull(); });
    for (QDockWidget *dock : m_window->findChildren<QDockWidget *>()) {
        QWidget *content = dock->widget();
        if (dock == m_bannerDock || !content)
            continue;
        // Each widget gets its font set, not only the panel: a style sheet on a frame (even one
        // that only sets a colour) stops a font from reaching the labels inside it, and item
        // views' headers take theirs from the platform. Parents come before their children.
        QList<QWidget *> widgets = {content};
        widgets += content->findChildren<QWidget *>();
        // Every desk font first: a new font on the panel reaches the children at once.
        QList<QFont> fonts;
        for (QWidget *w : std::as_const(widgets))
            fonts.append(deskOf(w).font);
        for (qsizetype i = 0; i < widgets.size(); ++i) {
            QFont f = fonts.at(i);
            if (f.pointSizeF() > 0)
                f.setPointSizeF(f.pointSizeF() * scale);
            widgets.at(i)->setFont(f);
        }
        // Table rows are as high as the style says, not the font: give the text its room.
        for (QAbstractItemView *view : content->findChildren<QAbstractItemView *>()) {
            auto *table = qobject_cast<QTableView *>(view);
            if (!table)
                continue;
            QHeaderView *rows = table->verticalHeader();
            auto it = std::find_if(m_deskRows.begin(), m_deskRows.end(),
                                   [rows](const DeskRows &d) { return d.header == rows; });
            if (it == m_deskRows.end()) {
                m_deskRows.append({rows, rows->defaultSectionSize()});
                it = m_deskRows.end() - 1;
            }
            rows->setDefaultSectionSize(std::max(it->size, QFontMetrics(table->font()).height() + 8));
        }
    }
    m_panelScale = scale;
}

void PresentationMode::restorePanels()
{
    for (const DeskFont &d : std::as_const(m_deskFonts))
        if (d.widget)
            d.widget->setFont(d.own ? d.font : QFont());
    // Inheriting again does not always give the desk font back (a header view's comes from the
    // platform, not its table): those keep it as their own.
    for (const DeskFont &d : std::as_const(m_deskFonts))
        if (d.widget && d.widget->font() != d.font)
            d.widget->setFont(d.font);
    for (const DeskRows &d : std::as_const(m_deskRows))
        if (d.header)
            d.header->setDefaultSectionSize(d.size);
    m_deskFonts.clear();
    m_deskRows.clear();
    m_panelScale = 1.0;
}

void PresentationMode::updateStage()
{
    const QString stage = m_player->isOpen() ? m_player->stagePanel() : QStringLiteral("roofline");
    QWidget *panel = m_host->panel(stage);
    const bool panelShown = stage != QLatin1String("roofline") && panel;
    // The occupancy calculator has nothing on the roofline: it takes the whole stage. The
    // other panels (tile explorer, runs, results) put their points on the chart, so the
    // chart stays beside them.
    const bool chartShown = !panelShown || stage != QLatin1String("occupancy");
    QDockWidget *panelDock = nullptr;
    for (QWidget *p = panel; p && p != m_window; p = p->parentWidget())
        if ((panelDock = qobject_cast<QDockWidget *>(p)))
            break;
    for (QDockWidget *dock : m_window->findChildren<QDockWidget *>()) {
        if (dock == m_bannerDock || dock == m_lessonDock)
            continue;
        const bool staged = panelShown && dock == panelDock;
        dock->setVisible(staged);
        // On the stage a dock is part of the slide: no title bar with float and close buttons.
        if (staged && !dock->titleBarWidget()) {
            dock->setTitleBarWidget(new QWidget(dock));
            m_hiddenTitles << dock;
        }
    }
    // With the central widget hidden, the panel's dock takes the whole stage.
    m_host->chart()->setVisible(chartShown);
    if (panelShown && chartShown && panelDock)
        m_window->resizeDocks({panelDock}, {int(m_window->width() * 0.45)}, Qt::Horizontal);
}

bool PresentationMode::isChartStaged() const
{
    return m_host->chart()->isVisibleTo(m_window);
}

void PresentationMode::updateBanner()
{
    const bool open = m_player->isOpen() && m_player->currentStep() >= 0;
    m_title->setText(open ? m_player->stepTitle() : tr("No lesson open"));
    m_caption->setText(
        open ? m_player->stepCaption()
             : tr("Show the step list to pick a lesson, or press Esc to leave presentation mode."));
    m_counter->setText(
        open ? QStringLiteral("%1 / %2").arg(m_player->currentStep() + 1).arg(m_player->stepCount())
             : QString());
    m_notice->setText(m_player->notices().join(QLatin1Char('\n')));
    m_notice->setVisible(open && !m_player->notices().isEmpty());
    m_prev->setEnabled(open && m_player->currentStep() > 0);
    m_next->setEnabled(open && m_player->currentStep() + 1 < m_player->stepCount());

    // Room for the whole caption: a dock does not grow for word-wrapped text by itself.
    const int width = std::max(400, (m_window->width() > 0 ? m_window->width() : 1280) - 380);
    const QFontMetrics fm(m_caption->font());
    const int captionHeight =
        fm.boundingRect(QRect(0, 0, width, 10000), Qt::TextWordWrap, m_caption->text()).height() +
        fm.lineSpacing() / 2;
    m_caption->setMinimumHeight(captionHeight);
    const int total = captionHeight + QFontMetrics(m_title->font()).lineSpacing() * 1.4 +
                      (m_notice->isVisible() ? QFontMetrics(m_notice->font()).lineSpacing() * 2 : 0) + 30;
    m_window->resizeDocks({m_bannerDock}, {total}, Qt::Vertical);
}

QString PresentationMode::bannerTitle() const
{
    return m_title->text();
}

QString PresentationMode::bannerCaption() const
{
    return m_caption->text();
}

bool PresentationMode::isStepListShown() const
{
    return m_lessonDock && m_lessonDock->isVisible();
}

void PresentationMode::setStepListShown(bool shown)
{
    if (m_lessonDock) {
        m_lessonDock->setVisible(shown);
        if (shown)
            m_lessonDock->raise();
    }
    if (m_stepsButton->isChecked() != shown) {
        const QSignalBlocker block(m_stepsButton);
        m_stepsButton->setChecked(shown);
    }
}
