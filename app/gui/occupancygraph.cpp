#include "occupancygraph.h"

#include <qcustomplot.h>

#include <QVBoxLayout>

#include <algorithm>

namespace {
const QColor kCurve(0x1f, 0x4e, 0x79);
const QColor kMarker(0xc0, 0x39, 0x2b);
} // namespace

OccupancyGraph::OccupancyGraph(const QString &title, const QString &xLabel, double xDivisor, QWidget *parent)
    : QWidget(parent), m_title(title), m_xDivisor(xDivisor > 0 ? xDivisor : 1.0)
{
    m_plot = new QCustomPlot(this);
    m_plot->setMinimumSize(240, 190);
    m_plot->setBackground(palette().base());
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_plot);

    m_plot->plotLayout()->insertRow(0);
    QFont titleFont = font();
    titleFont.setBold(true);
    m_plot->plotLayout()->addElement(0, 0, new QCPTextElement(m_plot, title, titleFont));

    QFont tickFont = font();
    tickFont.setPointSizeF(tickFont.pointSizeF() * 0.9);
    m_plot->xAxis->setLabel(xLabel);
    m_plot->yAxis->setLabel(tr("occupancy (%)"));
    m_plot->xAxis->setTickLabelFont(tickFont);
    m_plot->yAxis->setTickLabelFont(tickFont);
    m_plot->yAxis->setRange(0, 105);
    QSharedPointer<QCPAxisTickerFixed> yTicks(new QCPAxisTickerFixed);
    yTicks->setTickStep(25);
    m_plot->yAxis->setTicker(yTicks);
    m_plot->yAxis->grid()->setSubGridVisible(false);

    m_curve = m_plot->addGraph();
    m_curve->setLineStyle(QCPGraph::lsStepLeft);
    m_curve->setPen(QPen(kCurve, 2));
    m_curve->setBrush(QColor(kCurve.red(), kCurve.green(), kCurve.blue(), 28));

    m_line = new QCPItemStraightLine(m_plot);
    m_line->setPen(QPen(kMarker, 1, Qt::DashLine));
    m_dot = m_plot->addGraph();
    m_dot->setLineStyle(QCPGraph::lsNone);
    m_dot->setScatterStyle(
        QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(kMarker, 2), QBrush(Qt::white), 10));
    m_label = new QCPItemText(m_plot);
    m_label->setColor(kMarker);
    QFont labelFont = font();
    labelFont.setBold(true);
    m_label->setFont(labelFont);
    m_label->setPadding(QMargins(4, 2, 4, 2));
    rebuild();
}

void OccupancyGraph::setSweep(const QList<model::OccupancyPoint> &points)
{
    m_points = points;
    rebuild();
}

void OccupancyGraph::setMarker(std::optional<QPointF> xAndOccupancy)
{
    m_marker = xAndOccupancy;
    rebuild();
}

void OccupancyGraph::clear()
{
    m_points.clear();
    m_marker.reset();
    rebuild();
}

std::optional<QPointF> OccupancyGraph::drawnMarker() const
{
    if (!m_dot->visible() || m_dot->data()->isEmpty())
        return std::nullopt;
    const auto it = m_dot->data()->constBegin();
    return QPointF(it->key, it->value);
}

void OccupancyGraph::rebuild()
{
    QVector<double> xs, ys;
    xs.reserve(m_points.size());
    ys.reserve(m_points.size());
    for (const auto &p : std::as_const(m_points)) {
        xs.append(p.x / m_xDivisor);
        ys.append(p.occupancy * 100.0);
    }
    m_curve->setData(xs, ys, true);
    if (!xs.isEmpty()) {
        double hi = std::max(xs.last(), xs.first() + 1);
        // An input beyond the sweep (more than the GPU allows) still gets its marker on screen.
        if (m_marker && m_marker->x() / m_xDivisor > hi)
            hi = m_marker->x() / m_xDivisor * 1.05;
        m_plot->xAxis->setRange(xs.first(), hi);
    }

    const bool show = m_marker.has_value();
    m_dot->setVisible(show);
    m_line->setVisible(show);
    m_label->setVisible(show);
    if (show) {
        const double x = m_marker->x() / m_xDivisor;
        const double y = m_marker->y() * 100.0;
        m_dot->setData({x}, {y});
        m_line->point1->setCoords(x, 0);
        m_line->point2->setCoords(x, 1);
        m_label->setText(QString::number(y, 'g', 4) + QStringLiteral(" %"));
        // Keep the label inside the plot: left of the marker on the right half.
        const auto range = m_plot->xAxis->range();
        const bool right = x > range.lower + range.size() * 0.6;
        m_label->setPositionAlignment((right ? Qt::AlignRight : Qt::AlignLeft) |
                                      (y > 80 ? Qt::AlignTop : Qt::AlignBottom));
        m_label->position->setCoords(x, y > 80 ? y - 4 : y + 2);
    } else {
        m_dot->data()->clear();
    }
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}
