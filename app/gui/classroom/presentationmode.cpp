#include "classroom/presentationmode.h"

#include "chart/rooflinechart.h"
#include "classroom/lessonplayer.h"
#include "panels/panelhost.h"

#include <QApplication>
#include <QComboBox>
#include <QCoreApplication>
#include <QDockWidget>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMainWindow>
#include <QMenuBar>
#include <QPushButton>
#include <QRegularExpression>
#include <QScreen>
#include <QScrollArea>
#include <QScrollBar>
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

// The banner never takes more than this share of the window's height: a long caption scrolls
// in its area instead of crushing the chart.
constexpr double kBannerShare = 0.3;
// A panel staged beside the chart gets at least this share of the width (its controls and
// texts readable) and at most the other (the chart stays the larger half).
constexpr double kPanelMinShare = 0.36;
constexpr double kPanelMaxShare = 0.5;
// Pixels left free below the needed part of a panel: word-wrapped cards settle a line late.
constexpr int kAir = 6;

QScrollArea *scrollAreaOf(QWidget *w)
{
    for (QWidget *p = w ? w->parentWidget() : nullptr; p; p = p->parentWidget())
        if (auto *area = qobject_cast<QScrollArea *>(p))
            return area;
    return nullptr;
}

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
    connect(m_player, &LessonPlayer::captionCoverChanged, this, [this] {
        if (m_active)
            updateBanner();
    });
}

double PresentationMode::savedScale()
{
    const QSettings settings;
    if (settings.contains(kScaleKey))
        return std::clamp(settings.value(kScaleKey).toDouble(), 1.0, 3.0);
    const QScreen *screen = QGuiApplication::primaryScreen();
    return defaultScale(screen ? screen->geometry().height() : 720);
}

QList<double> PresentationMode::scaleSteps()
{
    return {1.0, 1.25, 1.5, 1.75, 2.0, 2.5, 3.0};
}

double PresentationMode::defaultScale(int screenHeight)
{
    const double proportional = screenHeight / 720.0;
    double chosen = 1.0;
    for (double s : scaleSteps())
        if (s <= proportional + 1e-9)
            chosen = s;
    return chosen;
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
    m_captionArea = new QScrollArea(m_banner);
    m_captionArea->setObjectName(QStringLiteral("bannerCaptionArea"));
    m_captionArea->setFrameShape(QFrame::NoFrame);
    m_captionArea->setWidgetResizable(true);
    m_captionArea->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_captionArea->setFocusPolicy(Qt::NoFocus);
    m_captionArea->viewport()->setAutoFillBackground(false);
    m_caption = new QLabel(m_captionArea);
    m_caption->setObjectName(QStringLiteral("bannerCaption"));
    m_caption->setWordWrap(true);
    m_caption->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    m_captionArea->setWidget(m_caption);
    m_captionArea->viewport()->installEventFilter(this);
    m_notice = new QLabel(m_banner);
    m_notice->setWordWrap(true);
    m_notice->hide();
    m_counter = new QLabel(m_banner);
    m_counter->setAlignment(Qt::AlignRight | Qt::AlignVCenter);

    // Two by two: the banner's width goes to the caption (and, in class mode, the QR code).
    auto *buttons = new QGridLayout;
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
    int slot = 0;
    for (QPushButton *b : {m_prev, m_next, m_stepsButton, m_exitButton}) {
        b->setFocusPolicy(Qt::NoFocus);
        buttons->addWidget(b, slot / 2, slot % 2);
        ++slot;
    }

    grid->addWidget(m_title, 0, 0);
    grid->addWidget(m_counter, 0, 1);
    grid->addWidget(m_captionArea, 1, 0, 1, 2);
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

void PresentationMode::setClassStrip(QWidget *strip)
{
    auto *grid = qobject_cast<QGridLayout *>(m_banner->layout());
    if (!grid || !strip)
        return;
    strip->setParent(m_banner);
    grid->addWidget(strip, 0, 3, 3, 1, Qt::AlignRight | Qt::AlignVCenter);
    m_classStrip = strip;
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
    if (fullScreen) {
        m_window->showFullScreen();
        // Without a window manager nobody honours the request: take the screen's size.
        if (const QScreen *screen = m_window->screen())
            m_window->setGeometry(screen->geometry());
    }
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
    for (const DockWidth &d : std::as_const(m_widthLimits))
        if (d.dock)
            d.dock->setMaximumWidth(d.maximum);
    m_widthLimits.clear();
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
    if (m_classStrip) {
        // On the strip itself too: what it makes later (a choice's buttons) inherits the size.
        m_classStrip->setFont(caption);
        for (QLabel *l : m_classStrip->findChildren<QLabel *>()) {
            QFont f = caption;
            f.setBold(l->font().bold()); // the address stands out
            l->setFont(f);
        }
        for (QPushButton *b : m_classStrip->findChildren<QPushButton *>())
            b->setFont(buttons);
    }
}

void PresentationMode::scalePanels(double scale)
{
    // Every panel grows with the chart: the docks' contents (tables, labels, spin boxes, the
    // occupancy graphs, the tile explorer, the GPU list, the step list).
    for (QDockWidget *dock : m_window->findChildren<QDockWidget *>())
        if (dock != m_bannerDock)
            scaleDock(dock, scale);
}

void PresentationMode::scaleDock(QDockWidget *dock, double scale)
{
    QWidget *content = dock->widget();
    if (!content)
        return;
    // Every widget keeps its proportion (a headline at 1.3 times, a bold gap): its desk font
    // times the scale.
    const double now = m_dockScale.value(dock, 1.0);
    const auto deskOf = [this, now](QWidget *w) -> const DeskFont & {
        for (DeskFont &d : m_deskFonts)
            if (d.widget == w)
                return d;
        // First seen now: a widget made on the stage was made at the dock's current scale.
        DeskFont d{w, w->testAttribute(Qt::WA_SetFont), w->font()};
        if (d.font.pointSizeF() > 0)
            d.font.setPointSizeF(d.font.pointSizeF() / now);
        m_deskFonts.append(d);
        return m_deskFonts.last();
    };
    m_deskFonts.removeIf([](const DeskFont &d) { return d.widget.isNull(); });
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
    // A combo box keeps the least width it worked out at its first font (Qt clears only its
    // size hint on a font change): make it measure again, or a panel stays as wide as at 2x.
    for (QComboBox *combo : content->findChildren<QComboBox *>()) {
        const int chars = combo->minimumContentsLength();
        combo->setMinimumContentsLength(chars + 1);
        combo->setMinimumContentsLength(chars);
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
    m_dockScale.insert(dock, scale);
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
    m_dockScale.clear();
}

void PresentationMode::updateStage()
{
    const QString stage = m_player->isOpen() ? m_player->stagePanel() : QStringLiteral("roofline");
    QWidget *panel = m_host->panel(stage);
    const bool panelShown = stage != QLatin1String("roofline") && panel;
    // The step says what it needs: a panel step without the chart (the occupancy calculator
    // has nothing on the roofline) gives its panel the whole stage.
    const QStringList needs = m_player->stepNeeds();
    const bool chartShown = !panelShown || needs.contains(QLatin1String("chart"));
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
    if (panelShown && panelDock) {
        // The desk may cap a side dock's width so that the chart keeps its share; on the stage
        // the step decides the shares.
        if (std::none_of(m_widthLimits.cbegin(), m_widthLimits.cend(),
                         [panelDock](const DockWidth &d) { return d.dock == panelDock; })) {
            m_widthLimits.append({panelDock, panelDock->maximumWidth()});
            panelDock->setMaximumWidth(QWIDGETSIZE_MAX);
        }
        if (chartShown) {
            // As wide as the panel's controls want, within the shares.
            const QScrollArea *area = scrollAreaOf(panel);
            const int frame =
                area ? area->verticalScrollBar()->sizeHint().width() + 2 * area->frameWidth() : 0;
            const int wanted =
                std::max(panel->minimumSizeHint().width(), panel->sizeHint().width()) + frame + 24;
            const int width = std::clamp(wanted, int(m_window->width() * kPanelMinShare),
                                         int(m_window->width() * kPanelMaxShare));
            m_window->resizeDocks({panelDock}, {width}, Qt::Horizontal);
        }
    }
    // A clicker's arrows drive the lesson only while the focus is not in a field that uses
    // them: each step starts with the focus on the slide, not on whatever desk widget (a GPU
    // list, the panels' tab bar, a slider) had it. A field the teacher clicks keeps it until
    // the next step.
    if (chartShown)
        m_host->chart()->setFocus(Qt::OtherFocusReason);
    else
        m_banner->setFocus(Qt::OtherFocusReason);
    // The docks take their sizes when the layout runs: scroll to the needs after that.
    QTimer::singleShot(0, this, &PresentationMode::revealNeeds);
}

QDockWidget *PresentationMode::stagedDock() const
{
    QWidget *panel = m_player->isOpen() ? m_host->panel(m_player->stagePanel()) : nullptr;
    for (QWidget *p = panel; p && p != m_window; p = p->parentWidget())
        if (auto *dock = qobject_cast<QDockWidget *>(p))
            return dock;
    return nullptr;
}

QList<QWidget *> PresentationMode::neededWidgets() const
{
    QList<QWidget *> out;
    if (!m_active || !m_player->isOpen())
        return out;
    QWidget *panel = m_host->panel(m_player->stagePanel());
    if (!panel || m_player->stagePanel() == QLatin1String("roofline"))
        return out;
    auto add = [&out](QWidget *w) {
        if (w && !out.contains(w))
            out << w;
    };
    // The needs' names (model::lessons::needNames()) against the panels' widgets: one place
    // that knows which widget shows what.
    for (const QString &need : m_player->stepNeeds()) {
        if (need == QLatin1String("term_bar") || need == QLatin1String("measured_line")) {
            for (QWidget *w : panel->findChildren<QWidget *>())
                if (w->inherits("TermBar"))
                    add(w);
        } else if (need == QLatin1String("occupancy_result")) {
            // Before an exercise's reveal the result is covered by a note that says so.
            if (QWidget *cover = panel->findChild<QWidget *>(QStringLiteral("resultCover"));
                cover && cover->isVisibleTo(panel)) {
                add(cover);
                continue;
            }
            add(panel->findChild<QWidget *>(QStringLiteral("headline")));
            add(panel->findChild<QWidget *>(QStringLiteral("limitTable")));
        } else if (need == QLatin1String("llm_cards")) {
            static const QRegularExpression card(QStringLiteral("^formatCard"));
            for (QWidget *w : panel->findChildren<QWidget *>(card))
                add(w);
        }
    }
    return out;
}

void PresentationMode::revealNeeds()
{
    if (!m_active)
        return;
    // The docks' new sizes and the panel's own layout first: what follows is in their pixels.
    // Twice: word-wrapped labels learn their height only once their width is set.
    const auto settle = [] {
        QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
        QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
    };
    settle();
    QDockWidget *dock = stagedDock();
    QWidget *panel = m_player->isOpen() ? m_host->panel(m_player->stagePanel()) : nullptr;
    QScrollArea *area = scrollAreaOf(panel);
    if (!dock || !dock->isVisible() || !area || !area->widget())
        return;
    const QList<QWidget *> needed = neededWidgets();
    // The needed widgets' span in the scrolled content.
    const auto spanOf = [&needed, area] {
        QRect span;
        for (QWidget *w : needed)
            if (w->isVisibleTo(area->widget()))
                span |= QRect(w->mapTo(area->widget(), QPoint(0, 0)), w->size());
        return span;
    };
    // A panel at the presentation scale that is wider than its place on the stage, or whose
    // needed part is taller than the view, is drawn smaller (down to its desk size) rather
    // than cut at the side or split by the fold.
    const auto fits = [&] {
        return area->widget()->width() <= area->viewport()->width() &&
               spanOf().height() + kAir <= area->viewport()->height();
    };
    // Beside the chart, a panel wider than its place first takes more of the stage (up to
    // kPanelMaxShare of the window).
    const auto widen = [&, settle] {
        const int over = area->widget()->width() - area->viewport()->width();
        if (over <= 0 || !m_host->chart()->isVisibleTo(m_window))
            return;
        const int width = std::min(dock->width() + over + 2, int(m_window->width() * kPanelMaxShare));
        if (width > dock->width()) {
            m_window->resizeDocks({dock}, {width}, Qt::Horizontal);
            settle();
        }
    };
    double scale = m_scale;
    if (m_dockScale.value(dock, 1.0) != scale) {
        scaleDock(dock, scale);
        settle();
    }
    widen();
    while (scale > 1.0 && !fits()) {
        scale = std::max(1.0, scale - 0.125);
        scaleDock(dock, scale);
        settle();
        widen();
    }
    // Then all of the needed span when it fits, else its top.
    const QRect span = spanOf();
    if (span.isEmpty())
        return;
    QScrollBar *bar = area->verticalScrollBar();
    const int viewport = area->viewport()->height();
    const int value = bar->value();
    if (span.top() >= value && span.bottom() <= value + viewport)
        return; // already in view: the panel keeps its own scroll position
    bar->setValue(span.height() <= viewport ? span.bottom() - viewport + 1 : span.top());
    if (span.top() < bar->value())
        bar->setValue(span.top());
    // Cards whose wrapped text settles after this pass move by a few pixels: look once more
    // when the event loop has laid them out.
    if (!m_revealAgain) {
        m_revealAgain = true;
        QTimer::singleShot(0, this, [this] {
            revealNeeds();
            m_revealAgain = false;
        });
    }
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
        open ? m_player->shownCaption()
             : tr("Show the step list to pick a lesson, or press Esc to leave presentation mode."));
    m_counter->setText(
        open ? QStringLiteral("%1 / %2").arg(m_player->currentStep() + 1).arg(m_player->stepCount())
             : QString());
    m_notice->setText(m_player->notices().join(QLatin1Char('\n')));
    m_notice->setVisible(open && !m_player->notices().isEmpty());
    m_prev->setEnabled(open && m_player->currentStep() > 0);
    m_next->setEnabled(open && m_player->currentStep() + 1 < m_player->stepCount());

    // Room for the whole caption when the window has it: a dock does not grow for word-wrapped
    // text by itself. Before the banner is laid out its width is estimated from the window's;
    // once the caption area has its real width (eventFilter) the height is fitted again.
    const int viewport = m_captionArea->viewport()->width();
    if (m_bannerDock->isVisible() && m_captionArea->isVisible() && viewport > 100) {
        fitCaption(viewport);
        return;
    }
    const int windowWidth = m_window->width() > 0 ? m_window->width() : 1280;
    // Two buttons a row.
    const int buttonsWidth = std::max(m_prev->sizeHint().width() + m_next->sizeHint().width(),
                                      m_stepsButton->sizeHint().width() + m_exitButton->sizeHint().width()) +
                             12;
    fitCaption(std::max(300, windowWidth - buttonsWidth - 60 -
                                 m_captionArea->verticalScrollBar()->sizeHint().width()));
}

void PresentationMode::fitCaption(int width)
{
    m_captionWidth = width;
    const int windowHeight = m_window->height() > 0 ? m_window->height() : 720;
    const QFontMetrics fm(m_caption->font());
    // The label's own answer (its margins and indent included) where it has one.
    const int wrapped = m_caption->heightForWidth(width);
    const int captionHeight =
        std::max(wrapped,
                 fm.boundingRect(QRect(0, 0, width, 100000), Qt::TextWordWrap, m_caption->text()).height()) +
        fm.lineSpacing() / 2;
    const int titleHeight = int(QFontMetrics(m_title->font()).lineSpacing() * 1.4);
    const int noticeHeight = m_notice->isVisible() ? QFontMetrics(m_notice->font()).lineSpacing() * 2 : 0;
    const int chrome = titleHeight + noticeHeight + 30;
    const int room = std::max(2 * fm.lineSpacing(), int(windowHeight * kBannerShare) - chrome);
    m_captionArea->setFixedHeight(std::min(captionHeight, room));
    m_captionArea->verticalScrollBar()->setValue(0);
    m_window->resizeDocks({m_bannerDock}, {std::min(captionHeight, room) + chrome}, Qt::Vertical);
}

bool PresentationMode::eventFilter(QObject *watched, QEvent *event)
{
    // The caption's real width is known only once the banner is laid out (the first entry, a
    // new scale, a window resized): fit its height to it.
    if (watched == m_captionArea->viewport() && event->type() == QEvent::Resize && m_active) {
        const int width = m_captionArea->viewport()->width();
        if (width > 100 && std::abs(width - m_captionWidth) > 2)
            QTimer::singleShot(0, this, [this] {
                const int now = m_captionArea->viewport()->width();
                if (m_active && now > 100 && std::abs(now - m_captionWidth) > 2)
                    fitCaption(now);
            });
    }
    return QObject::eventFilter(watched, event);
}

bool PresentationMode::isCaptionFullyShown() const
{
    return m_captionArea->verticalScrollBar()->maximum() == 0;
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
