#include "shell/windowfit.h"

#include "chart/rooflinechart.h"

#include <QDockWidget>
#include <QEvent>
#include <QGuiApplication>
#include <QMainWindow>
#include <QScreen>
#include <QScrollArea>
#include <QScrollBar>
#include <QStyle>
#include <QTabWidget>
#include <QTimer>

#include <algorithm>
#include <cmath>

namespace {

// Below this the window takes the whole available area: every pixel of a projector counts.
constexpr int kSmallScreenWidth = 1440;
constexpr int kSmallScreenHeight = 860;
// The least the GPU side gives way to, in characters: "NVIDIA H200 SXM 141GB" and its tree indent.
constexpr int kGpuSideChars = 30;

} // namespace

WindowFit::WindowFit(QMainWindow *window, RooflineChart *chart)
    : QObject(window), m_window(window), m_chart(chart)
{
    window->installEventFilter(this);
    if (chart)
        chart->installEventFilter(this);
    watchDocks();
}

bool WindowFit::isSmallScreen(const QRect &available)
{
    return available.width() < kSmallScreenWidth || available.height() < kSmallScreenHeight;
}

QRect WindowFit::initialGeometry(const QRect &available)
{
    if (isSmallScreen(available))
        return available;
    const QSize size(int(available.width() * 0.9), int(available.height() * 0.9));
    QRect r(QPoint(0, 0), size);
    r.moveCenter(available.center());
    return r;
}

QRect WindowFit::clamped(const QRect &geometry, const QRect &available)
{
    QRect r = geometry;
    r.setWidth(std::min(r.width(), available.width()));
    r.setHeight(std::min(r.height(), available.height()));
    r.moveLeft(std::clamp(r.left(), available.left(), available.right() - r.width() + 1));
    r.moveTop(std::clamp(r.top(), available.top(), available.bottom() - r.height() + 1));
    return r;
}

QRect WindowFit::availableGeometry() const
{
    QScreen *screen = m_window->screen();
    if (!screen)
        screen = QGuiApplication::primaryScreen();
    return screen ? screen->availableGeometry() : QRect();
}

void WindowFit::fitToScreen(bool fresh)
{
    const QRect available = availableGeometry();
    if (available.isEmpty())
        return;
    m_window->setGeometry(fresh ? initialGeometry(available) : clamped(m_window->geometry(), available));
    m_fitted = m_window->geometry();
    m_frameChecked = false;
    // On a projector the window is maximized, not just sized to the screen: a window manager
    // then fits its frame and title bar inside the screen, and the status bar stays on it.
    if (fresh && isSmallScreen(available))
        m_window->setWindowState(m_window->windowState() | Qt::WindowMaximized);
    schedule();
}

bool WindowFit::isKeepingRoom() const
{
    if (!m_window || !m_chart || !m_chart->isVisibleTo(m_window))
        return false;
    return !m_presenting;
}

void WindowFit::setPresenting(bool presenting)
{
    m_presenting = presenting;
    schedule();
}

void WindowFit::watchDocks()
{
    for (QDockWidget *dock : m_window->findChildren<QDockWidget *>(Qt::FindDirectChildrenOnly)) {
        if (m_watched.contains(dock))
            continue;
        m_watched.insert(dock);
        dock->installEventFilter(this);
        connect(dock, &QDockWidget::dockLocationChanged, this, &WindowFit::schedule);
        connect(dock, &QDockWidget::topLevelChanged, this, &WindowFit::schedule);
        connect(dock, &QObject::destroyed, this, [this, dock] { m_watched.remove(dock); });
        // Another panel brought to the front needs its own width.
        for (QTabWidget *tabs : dock->findChildren<QTabWidget *>())
            if (tabs->parentWidget() == dock->widget() || tabs == dock->widget())
                connect(tabs, &QTabWidget::currentChanged, this, &WindowFit::schedule);
    }
}

bool WindowFit::eventFilter(QObject *watched, QEvent *event)
{
    switch (event->type()) {
    case QEvent::Resize:
    case QEvent::Show:
    case QEvent::Hide:
        schedule();
        break;
    case QEvent::ChildAdded:
        if (watched == m_window)
            schedule(); // a dock added later (the lesson dock, the presentation banner)
        break;
    case QEvent::LayoutRequest:
        if (m_watchedContent.contains(watched))
            schedule(); // a panel that grew (filled in after it was shown) may no longer fit
        break;
    default:
        break;
    }
    if (watched == m_window && event->type() == QEvent::Show && !m_frameChecked) {
        // A window manager's frame is known only once the window is mapped: keep the frame,
        // not just the client area, on the screen.
        QTimer::singleShot(0, this, [this] {
            // Only the size chosen here: a caller that resized the window (a screenshot's --size,
            // a test) meant that size.
            if (!m_window || m_window->isFullScreen() || m_window->isMaximized() ||
                m_window->geometry() != m_fitted || m_window->testAttribute(Qt::WA_DontShowOnScreen))
                return;
            m_frameChecked = true;
            const QRect available = availableGeometry();
            const QRect frame = m_window->frameGeometry();
            if (available.isEmpty() || available.contains(frame))
                return;
            const QRect fitted = clamped(frame, available);
            const QMargins margins(
                m_window->geometry().left() - frame.left(), m_window->geometry().top() - frame.top(),
                frame.right() - m_window->geometry().right(), frame.bottom() - m_window->geometry().bottom());
            m_window->setGeometry(fitted.marginsRemoved(margins));
        });
    }
    return QObject::eventFilter(watched, event);
}

void WindowFit::schedule()
{
    if (m_pending)
        return;
    m_pending = true;
    QTimer::singleShot(0, this, &WindowFit::update);
}

// The scroll area that shows the dock's content now: the dock's own, or the page in front of a
// tab widget inside it (the Panels dock).
static const QScrollArea *frontScroll(const QDockWidget *dock)
{
    if (const auto *scroll = qobject_cast<const QScrollArea *>(dock->widget()))
        return scroll;
    if (!dock->widget())
        return nullptr;
    if (const auto *tabs =
            dock->widget()->findChild<const QTabWidget *>(QString(), Qt::FindDirectChildrenOnly))
        return qobject_cast<const QScrollArea *>(tabs->currentWidget());
    return nullptr;
}

int WindowFit::comfortableWidth(const QDockWidget *dock) const
{
    return contentWidth(dock, false);
}

int WindowFit::contentWidth(const QDockWidget *dock, bool least) const
{
    // The width at which the dock's content in front needs no horizontal scroll bar and cuts no
    // field: its preferred width, with the vertical scroll bar and what lies around the scroll
    // area (the Panels dock's buttons, frames).
    const QScrollArea *scroll = frontScroll(dock);
    if (!scroll || !scroll->widget())
        return dock->minimumSizeHint().width();
    const QWidget *content = scroll->widget();
    const int inner = least ? content->minimumSizeHint().width()
                            : std::max(content->minimumSizeHint().width(), content->sizeHint().width());
    const int around = std::max(0, dock->width() - scroll->width());
    // The vertical scroll bar as the style draws it, and a few pixels for the dock's own frame
    // (not yet known before the dock is first laid out).
    const int bar = std::max(scroll->verticalScrollBar()->sizeHint().width(),
                             scroll->style()->pixelMetric(QStyle::PM_ScrollBarExtent, nullptr, scroll));
    return inner + bar + 2 * scroll->frameWidth() + std::max(around, 8) + 4;
}

void WindowFit::update()
{
    m_pending = false;
    if (!m_window)
        return;
    watchDocks();
    const QList<QDockWidget *> docks = m_window->findChildren<QDockWidget *>(Qt::FindDirectChildrenOnly);
    // No dock is ever capped: the user sizes the side areas (a cap from an older version goes).
    for (QDockWidget *dock : docks)
        if (dock->maximumWidth() != QWIDGETSIZE_MAX)
            dock->setMaximumWidth(QWIDGETSIZE_MAX);
    if (!isKeepingRoom())
        return;

    // The side areas: the docks in front, what their content needs, the least each can take.
    struct Side
    {
        QList<QDockWidget *> front;
        int width = 0;
        int need = 0;
        int minimum = 0;
        bool shown = false;
        const QWidget *content = nullptr; // the page in front, to notice a switch of panel
    } sides[2];
    for (QDockWidget *dock : docks) {
        if (dock->isFloating())
            continue;
        const Qt::DockWidgetArea area = m_window->dockWidgetArea(dock);
        if (area != Qt::LeftDockWidgetArea && area != Qt::RightDockWidgetArea)
            continue;
        Side &side = sides[area == Qt::LeftDockWidgetArea ? 0 : 1];
        // A dock behind another's tab counts as visible but is not laid out: only the front one
        // tells the side's width.
        if (!dock->isVisible() || dock->visibleRegion().isEmpty())
            continue;
        side.shown = true;
        side.front << dock;
        side.width = std::max(side.width, dock->width());
        side.need = std::max(side.need, comfortableWidth(dock));
        // The least: what the content in front needs at its narrowest, without scrolling sideways.
        side.minimum = std::max(
            {side.minimum, dock->minimumSizeHint().width(), dock->minimumWidth(), contentWidth(dock, true)});
        if (const QScrollArea *scroll = frontScroll(dock)) {
            side.content = scroll->widget();
            if (QWidget *content = scroll->widget(); content && !m_watchedContent.contains(content)) {
                m_watchedContent.insert(content);
                content->installEventFilter(this);
                connect(content, &QObject::destroyed, this,
                        [this, content] { m_watchedContent.remove(content); });
            }
        }
    }

    // What the chart keeps: kChartShare of the window for its plot area, plus its axes.
    const RooflineChart *chart = m_chart;
    const QRectF plot = chart->plotArea();
    const int axes = plot.width() > 0 && plot.width() < chart->width()
                         ? int(std::ceil(chart->width() - plot.width()))
                         : int(130 * chart->presentationScale());
    const int separator =
        m_window->style()->pixelMetric(QStyle::PM_DockWidgetSeparatorExtent, nullptr, m_window);
    const int width = m_window->width();
    const int chrome = axes + 2 + separator * (int(sides[0].shown) + int(sides[1].shown));
    // The chart keeps kChartShare of the window; where the panels in front need more, it gives
    // up to kChartMinShare before any panel is squeezed.
    const int wanted = sides[0].need * int(sides[0].shown) + sides[1].need * int(sides[1].shown);
    const int roomy = width - int(std::ceil(kChartShare * width)) - chrome;
    const int tight = width - int(std::ceil(kChartMinShare * width)) - chrome;
    const int budget = std::clamp(wanted, roomy, tight);

    // A width the user set by dragging a separator (the window's width the same) is kept for
    // that side while its content fits in it.
    const bool dragging = QGuiApplication::mouseButtons() & Qt::LeftButton;
    if (dragging && width == m_lastWidth)
        for (int i = 0; i < 2; ++i)
            if (sides[i].shown && sides[i].width > 0)
                m_preferred[i] = sides[i].width;

    // Targets: each side what its content in front needs (or the user's wider choice); when
    // both do not fit beside the chart, the GPU side gives way first (its lists scroll), then
    // the panel side, neither below its minimum.
    int target[2];
    for (int i = 0; i < 2; ++i)
        target[i] = sides[i].shown ? std::max({sides[i].minimum, sides[i].need, m_preferred[i]}) : 0;
    if (target[0] + target[1] > budget) {
        // The GPU side keeps room for a GPU's name (its lists elide and scroll below that).
        const int floor = std::min(sides[0].need, m_window->fontMetrics().averageCharWidth() * kGpuSideChars);
        if (sides[0].shown)
            target[0] = std::max({sides[0].minimum, floor, std::min(target[0], budget - target[1])});
        if (sides[1].shown)
            target[1] = std::max(sides[1].minimum, std::min(target[1], budget - target[0]));
    }

    // A new window width, a side shown or hidden, or another panel in front: the docks take
    // their targets; otherwise they keep what the user made of them.
    // So does a side whose content no longer fits at its narrowest.
    const bool squeezed = (sides[0].shown && sides[0].width + 1 < sides[0].minimum) ||
                          (sides[1].shown && sides[1].width + 1 < sides[1].minimum);
    const bool changed = width != m_lastWidth || sides[0].shown != m_lastShown[0] ||
                         sides[1].shown != m_lastShown[1] || sides[0].content != m_lastContent[0] ||
                         sides[1].content != m_lastContent[1] || squeezed;
    m_lastWidth = width;
    for (int i = 0; i < 2; ++i) {
        m_lastShown[i] = sides[i].shown;
        m_lastContent[i] = sides[i].content;
    }
    if (!changed || dragging)
        return;
    QList<QDockWidget *> resize;
    QList<int> sizes;
    for (int i = 0; i < 2; ++i)
        if (!sides[i].front.isEmpty() && std::abs(sides[i].width - target[i]) > 1) {
            resize << sides[i].front.first(); // one per side: tabbed docks share their width
            sizes << target[i];
        }
    if (!resize.isEmpty())
        m_window->resizeDocks(resize, sizes, Qt::Horizontal);
}
