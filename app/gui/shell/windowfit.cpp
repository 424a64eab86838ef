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
#include <QTimer>

#include <algorithm>
#include <cmath>

namespace {

// Below this the window takes the whole available area: every pixel of a projector counts.
constexpr int kSmallScreenWidth = 1440;
constexpr int kSmallScreenHeight = 860;

} // namespace

WindowFit::WindowFit(QMainWindow *window, RooflineChart *chart)
    : QObject(window), m_window(window), m_chart(chart)
{
    window->installEventFilter(this);
    if (chart)
        chart->installEventFilter(this);
    watchDocks();
}

QRect WindowFit::initialGeometry(const QRect &available)
{
    if (available.width() < kSmallScreenWidth || available.height() < kSmallScreenHeight)
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

int WindowFit::comfortableWidth(const QDockWidget *dock) const
{
    // A dock that scrolls could shrink to a sliver; keep the width its contents need without a
    // horizontal scroll bar (the GPU dock: the pickers and one column of ceiling toggles).
    const auto *scroll = qobject_cast<const QScrollArea *>(dock->widget());
    if (!scroll || !scroll->widget())
        return 0;
    return scroll->widget()->minimumSizeHint().width() + scroll->verticalScrollBar()->sizeHint().width() +
           2 * scroll->frameWidth() + 4;
}

void WindowFit::update()
{
    m_pending = false;
    if (!m_window)
        return;
    watchDocks();
    const QList<QDockWidget *> docks = m_window->findChildren<QDockWidget *>(Qt::FindDirectChildrenOnly);
    if (!isKeepingRoom()) {
        for (QDockWidget *dock : docks)
            if (dock->maximumWidth() != QWIDGETSIZE_MAX)
                dock->setMaximumWidth(QWIDGETSIZE_MAX);
        return;
    }

    // The side areas' widths now and the least each can take.
    struct Side
    {
        QList<QDockWidget *> docks;
        int width = 0;
        QList<QDockWidget *> front;
        int minimum = 0;
        bool shown = false;
    } sides[2];
    for (QDockWidget *dock : docks) {
        if (dock->isFloating())
            continue;
        const Qt::DockWidgetArea area = m_window->dockWidgetArea(dock);
        if (area != Qt::LeftDockWidgetArea && area != Qt::RightDockWidgetArea)
            continue;
        Side &side = sides[area == Qt::LeftDockWidgetArea ? 0 : 1];
        side.docks << dock;
        // A dock behind another's tab counts as visible but is not laid out: only the front one
        // tells the side's width.
        if (dock->isVisible() && !dock->visibleRegion().isEmpty()) {
            side.shown = true;
            side.width = std::max(side.width, dock->width());
            side.front << dock;
        }
        if (dock->isVisible())
            side.minimum = std::max({side.minimum, dock->minimumSizeHint().width(), dock->minimumWidth()});
    }

    // What the chart needs: its share of the window for the plot area, plus its own axes.
    const RooflineChart *chart = m_chart;
    const QRectF plot = chart->plotArea();
    const int axes = plot.width() > 0 && plot.width() < chart->width()
                         ? int(std::ceil(chart->width() - plot.width()))
                         : int(130 * chart->presentationScale());
    const int separator =
        m_window->style()->pixelMetric(QStyle::PM_DockWidgetSeparatorExtent, nullptr, m_window);
    const int width = m_window->width();
    const int budget = width - int(std::ceil(kChartShare * width)) - axes - 2 -
                       separator * (int(sides[0].shown) + int(sides[1].shown));
    // The front docks' contents without a horizontal scroll bar, where that leaves the other
    // side some room (the lesson's step list scrolls sideways sooner).
    for (Side &side : sides)
        for (QDockWidget *dock : std::as_const(side.front))
            side.minimum = std::max(side.minimum, std::min(comfortableWidth(dock), int(budget * 0.55)));

    // A side's width the user set by dragging its separator (the window's width the same) is
    // the one it goes back to whenever there is room.
    const bool dragging = QGuiApplication::mouseButtons() & Qt::LeftButton;
    if (dragging && width == m_lastWidth)
        for (int i = 0; i < 2; ++i)
            if (sides[i].shown && sides[i].width > 0)
                m_preferred[i] = sides[i].width;
    // Targets: the preferred widths, or, when they do not fit, both given back in proportion,
    // neither below what its contents need.
    int target[2];
    for (int i = 0; i < 2; ++i)
        target[i] = sides[i].shown ? std::max(sides[i].minimum, m_preferred[i]) : 0;
    if (target[0] + target[1] > budget) {
        const double left = double(target[0]) / (target[0] + target[1]);
        if (sides[0].shown)
            target[0] = std::max(sides[0].minimum, int(budget * left));
        if (sides[1].shown)
            target[1] = std::max(sides[1].minimum, budget - target[0]);
        if (sides[0].shown)
            target[0] = std::max(sides[0].minimum, budget - target[1]);
    }
    // Either side may be dragged wider into what the other leaves of the budget.
    const int caps[2] = {std::max(target[0], budget - target[1]), std::max(target[1], budget - target[0])};
    for (int i = 0; i < 2; ++i)
        for (QDockWidget *dock : std::as_const(sides[i].docks)) {
            const int cap = std::max(caps[i], dock->minimumSizeHint().width());
            if (dock->maximumWidth() != cap)
                dock->setMaximumWidth(cap);
        }

    // A new window width or a side shown or hidden: the docks take their targets (growing back
    // as well as shrinking); otherwise they keep what the user made of them within the caps.
    const bool changed =
        width != m_lastWidth || sides[0].shown != m_lastShown[0] || sides[1].shown != m_lastShown[1];
    m_lastWidth = width;
    m_lastShown[0] = sides[0].shown;
    m_lastShown[1] = sides[1].shown;
    if (!changed || dragging)
        return;
    QList<QDockWidget *> resize;
    QList<int> sizes;
    for (int i = 0; i < 2; ++i)
        for (QDockWidget *dock : std::as_const(sides[i].front))
            if (std::abs(dock->width() - target[i]) > 1) {
                resize << dock;
                sizes << target[i];
                break; // one per side: tabbed docks share their width
            }
    if (!resize.isEmpty())
        m_window->resizeDocks(resize, sizes, Qt::Horizontal);
}
