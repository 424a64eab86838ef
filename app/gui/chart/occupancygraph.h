#pragma once

#include "occupancy.h"

#include <QPointF>
#include <QWidget>

#include <optional>

class QCustomPlot;
class QCPGraph;
class QCPItemStraightLine;
class QCPItemText;
class QCPTextElement;

// One occupancy curve (occupancy against threads, registers or shared memory) with a marker
// at the current input. Wraps exactly one QCustomPlot; nothing else touches it.
class OccupancyGraph : public QWidget
{
    Q_OBJECT

public:
    // xDivisor scales the sweep's x for display (1024: bytes shown as KB).
    explicit OccupancyGraph(const QString &title, const QString &xLabel, double xDivisor = 1.0,
                            QWidget *parent = nullptr);

    void setSweep(const QList<model::OccupancyPoint> &points);
    // The current input (in sweep units, e.g. bytes) and its occupancy (0..1); nullopt hides it.
    void setMarker(std::optional<QPointF> xAndOccupancy);
    void clear();

    // ---- state for tests (sweep units: x as swept, y as a fraction)
    QString title() const { return m_title; }
    int pointCount() const { return m_points.size(); }
    const QList<model::OccupancyPoint> &points() const { return m_points; }
    std::optional<QPointF> marker() const { return m_marker; }
    // The marker as drawn (display units: x divided by xDivisor, y in percent).
    std::optional<QPointF> drawnMarker() const;
    // Colours and fonts as drawn: they follow the widget's palette (light or dark theme) and font
    // (presentation mode scales it).
    QColor titleColor() const;
    QColor backgroundColor() const;
    QFont titleFont() const;
    QFont tickLabelFont() const;

protected:
    void changeEvent(QEvent *event) override;

private:
    void rebuild();
    void applyStyle();

    QString m_title;
    double m_xDivisor = 1.0;
    QList<model::OccupancyPoint> m_points;
    std::optional<QPointF> m_marker;
    QCustomPlot *m_plot = nullptr;
    QCPGraph *m_curve = nullptr;
    QCPGraph *m_dot = nullptr;
    QCPItemStraightLine *m_line = nullptr;
    QCPItemText *m_label = nullptr;
    QCPTextElement *m_titleElement = nullptr;
    QColor m_background;
};
