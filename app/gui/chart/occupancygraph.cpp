#include "chart/occupancygraph.h"

#include <qcustomplot.h>

#include <QVBoxLayout>

#include <algorithm>

namespace {
// Dark blue and red on a light background; lighter versions of both on a dark one.
const QColor kCurve(0x1f, 0x4e, 0x79);
const QColor kCurveOnDark(0x6f, 0xa8, 0xdc);
const QColor kMarker(0xc0, 0x39, 0x2b);
const QColor kMarkerOnDark(0xff, 0x7a, 0x6b);

bool isDark(const QPalette &p)
{
    return p.color(QPalette::Base).lightness() < p.color(QPalette::Text).lightness();
}
} // namespace

OccupancyGraph::OccupancyGraph(const QString &title, const QString &xLabel, double xDivisor, QWidget *parent)
    : QWidget(parent), m_title(title), m_xDivisor(xDivisor > 0 ? xDivisor : 1.0)
{
    m_plot = new QCustomPlot(this);
    m_plot->setMinimumSize(240, 190);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_plot);

    m_plot->plotLayout()->insertRow(0);
    m_titleElement = new QCPTextElement(m_plot, title);
    m_plot->plotLayout()->addElement(0, 0, m_titleElement);

    m_plot->xAxis->setLabel(xLabel);
    m_plot->yAxis->setLabel(tr("occupancy (%)"));
    m_plot->yAxis->setRange(0, 105);
    QSharedPointer<QCPAxisTickerFixed> yTicks(new QCPAxisTickerFixed);
    yTicks->setTickStep(25);
    m_plot->yAxis->setTicker(yTicks);
    m_plot->yAxis->grid()->setSubGridVisible(false);

    m_curve = m_plot->addGraph();
    m_curve->setLineStyle(QCPGraph::lsStepLeft);

    m_line = new QCPItemStraightLine(m_plot);
    m_dot = m_plot->addGraph();
    m_dot->setLineStyle(QCPGraph::lsNone);
    m_label = new QCPItemText(m_plot);
    m_label->setPadding(QMargins(4, 2, 4, 2));
    applyStyle();
    rebuild();
}

void OccupancyGraph::applyStyle()
{
    const QPalette pal = palette();
    const bool dark = isDark(pal);
    const QColor background = pal.color(QPalette::Base);
    const QColor text = pal.color(QPalette::Text);
    const QColor grid = dark ? QColor(255, 255, 255, 40) : QColor(0, 0, 0, 35);
    m_plot->setBackground(background);
    m_background = background;

    QFont titleFont = font();
    titleFont.setBold(true);
    m_titleElement->setFont(titleFont);
    m_titleElement->setTextColor(text);
    QFont tickFont = font();
    tickFont.setPointSizeF(tickFont.pointSizeF() * 0.9);
    for (QCPAxis *axis : {m_plot->xAxis, m_plot->yAxis}) {
        axis->setTickLabelFont(tickFont);
        axis->setLabelFont(font());
        axis->setTickLabelColor(text);
        axis->setLabelColor(text);
        axis->setBasePen(QPen(text, 1));
        axis->setTickPen(QPen(text, 1));
        axis->setSubTickPen(QPen(text, 1));
        axis->grid()->setPen(QPen(grid, 1, Qt::DotLine));
        axis->grid()->setZeroLinePen(Qt::NoPen);
    }

    const QColor curve = dark ? kCurveOnDark : kCurve;
    const QColor marker = dark ? kMarkerOnDark : kMarker;
    m_curve->setPen(QPen(curve, 2));
    m_curve->setBrush(QColor(curve.red(), curve.green(), curve.blue(), dark ? 48 : 28));
    m_line->setPen(QPen(marker, 1, Qt::DashLine));
    m_dot->setScatterStyle(
        QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(marker, 2), QBrush(background), 10));
    m_label->setColor(marker);
    QFont labelFont = font();
    labelFont.setBold(true);
    m_label->setFont(labelFont);
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void OccupancyGraph::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    // A theme switch (QApplication::setPalette) or presentation mode's scaled font reaches the
    // widget here; QCustomPlot keeps the colours and fonts it was given, so give it new ones.
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::FontChange ||
        event->type() == QEvent::ApplicationPaletteChange)
        applyStyle();
}

QColor OccupancyGraph::titleColor() const
{
    return m_titleElement->textColor();
}

QColor OccupancyGraph::backgroundColor() const
{
    return m_background;
}

QFont OccupancyGraph::titleFont() const
{
    return m_titleElement->font();
}

QFont OccupancyGraph::tickLabelFont() const
{
    return m_plot->xAxis->tickLabelFont();
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
