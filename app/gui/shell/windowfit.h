#pragma once

#include <QObject>
#include <QPointer>
#include <QRect>
#include <QSet>

class QDockWidget;
class QMainWindow;
class RooflineChart;

// Fits the main window to the screen it opens on and gives each side area the room its content
// needs. On a first start (no saved geometry) the window is maximized on a small screen (a
// 1280×720 projector) and takes most of a larger one; a saved geometry larger than the screen
// is clamped to it. While the chart is on the desk (not in presentation mode, which lays out
// its own stage), each side dock is sized, when the window or the panel in front changes, to
// what its content needs without a horizontal scroll bar, as far as the chart's plot area
// keeps kChartShare of the window's width; the GPU side gives way first. Nothing is capped: the
// user drags the separators (or floats a dock) to any width, and a width set by dragging is
// kept while it is wider than the content needs.
class WindowFit : public QObject
{
    Q_OBJECT

public:
    // The share of the window's width the chart's plot area keeps beside the docks, and the
    // least it gives way to when the panels in front need the room.
    static constexpr double kChartShare = 0.36;
    static constexpr double kChartMinShare = 0.30;

    WindowFit(QMainWindow *window, RooflineChart *chart);

    // Below 1440×860 available (a 1280×720 projector, a 1366×768 laptop).
    static bool isSmallScreen(const QRect &available);
    // 90 % of the available geometry, centred; on a small screen (a 1280×720 projector) all of it.
    static QRect initialGeometry(const QRect &available);
    // The geometry moved, and shrunk where it must be, to lie inside available.
    static QRect clamped(const QRect &geometry, const QRect &available);

    // Sizes the window for its screen: first start when fresh, else clamps what was restored.
    void fitToScreen(bool fresh);
    // Sizes the side docks now (normally done on the next event-loop turn after a change).
    void update();
    // Whether the docks are sized for the chart's room (the chart is shown on the desk).
    bool isKeepingRoom() const;
    // In presentation mode the stage is laid out by it, not capped here.
    void setPresenting(bool presenting);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void schedule();
    void watchDocks();
    QRect availableGeometry() const;
    int comfortableWidth(const QDockWidget *dock) const;
    // The dock's width for its content in front: at its preferred size, or (least) its minimum.
    int contentWidth(const QDockWidget *dock, bool least) const;

    QPointer<QMainWindow> m_window;
    QPointer<RooflineChart> m_chart;
    bool m_presenting = false;
    QSet<QDockWidget *> m_watched;
    QSet<QObject *> m_watchedContent; // the panels shown in the docks, for their LayoutRequest
    bool m_pending = false;
    bool m_frameChecked = false;
    QRect m_fitted;              // the geometry fitToScreen() chose
    int m_preferred[2] = {0, 0}; // left and right widths the user dragged to (0: none yet)
    int m_lastWidth = -1;
    bool m_lastShown[2] = {false, false};
    const QWidget *m_lastContent[2] = {nullptr, nullptr};
};
