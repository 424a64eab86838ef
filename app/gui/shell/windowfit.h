#pragma once

#include <QObject>
#include <QPointer>
#include <QRect>
#include <QSet>

class QDockWidget;
class QMainWindow;
class RooflineChart;

// Fits the main window to the screen it opens on and keeps the chart readable beside the
// docks. On a first start (no saved geometry) the window's size comes from the screen's
// available geometry; a saved geometry larger than the screen is clamped to it. While the
// chart is on the desk (not in presentation mode, where a lesson's panel takes its share of
// the stage), the left and right docks are capped so that the chart's plot area keeps
// kChartShare of the window's width: a wide panel (the results table, the occupancy sweeps)
// scrolls in its tab instead of squeezing the chart.
class WindowFit : public QObject
{
    Q_OBJECT

public:
    static constexpr double kChartShare = 0.55;

    WindowFit(QMainWindow *window, RooflineChart *chart);

    // 90 % of the available geometry, centred; on a small screen (a 1280×720 projector) all of it.
    static QRect initialGeometry(const QRect &available);
    // The geometry moved, and shrunk where it must be, to lie inside available.
    static QRect clamped(const QRect &geometry, const QRect &available);

    // Sizes the window for its screen: first start when fresh, else clamps what was restored.
    void fitToScreen(bool fresh);
    // Applies the dock caps now (normally done on the next event-loop turn after a change).
    void update();
    // Whether the caps are held (the chart is shown on the desk).
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

    QPointer<QMainWindow> m_window;
    QPointer<RooflineChart> m_chart;
    bool m_presenting = false;
    QSet<QDockWidget *> m_watched;
    bool m_pending = false;
    bool m_frameChecked = false;
    QRect m_fitted;                  // the geometry fitToScreen() chose
    int m_preferred[2] = {290, 340}; // left and right side widths, as MainWindow lays them out first
    int m_lastWidth = -1;
    bool m_lastShown[2] = {false, false};
};
