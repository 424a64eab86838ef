#include "chart/rooflinechart.h"
#include "chart/rooflinechart_p.h"

#include <qcustomplot.h>

#include "units.h"

#include <QHash>
#include <QSet>

#include <algorithm>
#include <array>
#include <cmath>
#include <tuple>

using namespace rooflinechart_p;

// ---- points and trails

namespace {

// Marker diameters (pixels at scale 1): the standard one, and the range a time share spans.
constexpr double kStandardSize = 10;
constexpr double kMinShareSize = 6;
constexpr double kMaxShareSize = 40;

int levelIndex(const QString &level)
{
    if (level.isEmpty() || level == QLatin1String("hbm"))
        return 0;
    if (level == QLatin1String("l2"))
        return 1;
    if (level == QLatin1String("l1"))
        return 2;
    return level == QLatin1String("smem") ? 3 : 4;
}

QCPScatterStyle::ScatterShape levelShape(const QString &level, bool measured)
{
    if (level == QLatin1String("l2"))
        return QCPScatterStyle::ssSquare;
    if (level == QLatin1String("l1"))
        return QCPScatterStyle::ssTriangle;
    if (level == QLatin1String("smem"))
        return QCPScatterStyle::ssDiamond;
    return measured ? QCPScatterStyle::ssDisc : QCPScatterStyle::ssCircle;
}

} // namespace

QCPScatterStyle RooflineChart::markerStyle(const QCPScatterStyle &shape) const
{
    // On screen a marker is drawn once into a pixmap and copied to each point: ten thousand
    // antialiased shapes cost a frame, ten thousand small copies a few milliseconds. Files get
    // the shapes themselves (sharp in SVG and PDF at any zoom), and so does a HiDPI buffer, where
    // QCustomPlot would place a pixmap by its device size.
    if (m_vectorMarkers || m_plot->bufferDevicePixelRatio() != 1.0)
        return shape;
    const int side = int(std::ceil(shape.size() + shape.pen().widthF() + 2));
    QPixmap pixmap(side, side);
    pixmap.fill(Qt::transparent);
    QCPPainter painter(&pixmap);
    painter.setRenderHint(QPainter::Antialiasing);
    shape.applyTo(&painter, shape.pen());
    shape.drawShape(&painter, side / 2.0, side / 2.0);
    painter.end();
    return QCPScatterStyle(pixmap);
}

double RooflineChart::markerSize(double share)
{
    if (!(share >= 0))
        return kStandardSize;
    // Area ∝ share: the diameter goes with its square root. Sizes come in 2-pixel steps so that
    // a chart of thousands of kernels needs a few dozen graphs, not one per point.
    const double d =
        std::clamp(kMaxShareSize * std::sqrt(std::min(share, 1.0)), kMinShareSize, kMaxShareSize);
    return 2 * std::round(d / 2);
}

QString RooflineChart::levelName(const QString &level) const
{
    if (level == QLatin1String("l1"))
        return tr("L1");
    return model::levelLabel(level, m_gpus.isEmpty() ? QString() : m_gpus.first().memoryType);
}

void RooflineChart::buildTrails()
{
    // The level joins of every kernel, one curve per colour: NaN between kernels breaks the line.
    QMap<int, QCPCurve *> joins;
    QMap<int, std::array<QVector<double>, 3>> joinData;
    for (const auto &group : shown(m_trails)) {
        for (const ChartTrail &t : group) {
            if (t.points.isEmpty())
                continue;
            const QColor color = m_theme.gpuColor(t.gpuIndex);
            const bool measured = t.kind == ChartPoint::Kind::Measured;
            if (t.style == ChartTrail::Style::Levels) {
                auto &d = joinData[t.gpuIndex];
                for (const QPointF &p : t.points) {
                    if (m_log && (p.x() <= 0 || p.y() <= 0))
                        continue;
                    d[0] << d[0].size();
                    d[1] << p.x();
                    d[2] << p.y();
                }
                d[0] << d[0].size();
                d[1] << qQNaN();
                d[2] << qQNaN();
                if (!joins.contains(t.gpuIndex)) {
                    auto *curve = new QCPCurve(m_plot->xAxis, m_plot->yAxis);
                    QColor c = color;
                    c.setAlphaF(0.7);
                    curve->setPen(QPen(c, 1.2 * m_scale, measured ? Qt::SolidLine : Qt::DashLine));
                    curve->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssNone));
                    curve->setSelectable(QCP::stNone);
                    joins.insert(t.gpuIndex, curve);
                }
                if (m_levelJoinPaths < kMaxAvoidedJoins && t.points.size() > 1) {
                    m_trailPaths << t.points;
                    ++m_levelJoinPaths;
                }
                continue;
            }
            auto *curve = new QCPCurve(m_plot->xAxis, m_plot->yAxis);
            curve->setPen(QPen(color, 1.4 * m_scale, measured ? Qt::SolidLine : Qt::DashLine));
            curve->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(color, 1.5 * m_scale),
                                                   measured ? QBrush(color) : QBrush(m_theme.background),
                                                   6 * m_scale));
            QVector<double> ts, xs, ys;
            QList<QPointF> path;
            for (int i = 0; i < t.points.size(); ++i) {
                const QPointF &p = t.points.at(i);
                if (m_log && (p.x() <= 0 || p.y() <= 0))
                    continue;
                ts << i;
                xs << p.x();
                ys << p.y();
                path << p;
                m_markers.append({p, 4.0});
                if (i < t.pointLabels.size() && !t.pointLabels.at(i).isEmpty()) {
                    Label l;
                    l.anchor = Label::Anchor::Point;
                    l.data = p;
                    l.markerRadius = 4;
                    l.priority = kPriorityPoints + 3;
                    addLabel(l, t.pointLabels.at(i), m_theme.ink(color, 130));
                }
            }
            curve->setData(ts, xs, ys, true);
            if (path.size() > 1)
                m_trailPaths << path;
            if (!t.label.isEmpty() && !xs.isEmpty()) {
                Label l;
                l.anchor = Label::Anchor::Point;
                l.data = QPointF(xs.last(), ys.last());
                l.markerRadius = 4;
                l.priority = kPriorityPoints + 2;
                addLabel(l, t.label, m_theme.ink(color, 130), true);
            }
        }
    }
    for (auto it = joins.begin(); it != joins.end(); ++it) {
        const auto &d = joinData[it.key()];
        it.value()->setData(d[0], d[1], d[2], true);
    }
}

void RooflineChart::buildPoints()
{
    // One graph per look (kind, colour, highlight, level, size): thousands of points cost a few
    // dozen plottables, each drawn in one pass.
    struct Look
    {
        QCPGraph *graph = nullptr;
        QVector<double> keys, values;
    };
    QHash<quint64, Look> looks; // kind, colour, highlight, level, size packed in one key
    QVector<double> haloKeys, haloValues;
    double haloSize = 22;
    QSet<QString> levels; // of measured points
    bool anyPredicted = false, anyMeasured = false, anyShare = false;
    const double s = m_scale;
    for (const auto &group : shown(m_points)) {
        for (const ChartPoint &p : group) {
            if ((m_log && (p.ai <= 0 || p.flopPerS <= 0)) || isCovered(p))
                continue;
            const bool measured = p.kind == ChartPoint::Kind::Measured;
            const bool lit = p.highlighted || (!m_highlighted.isEmpty() && p.id == m_highlighted);
            const double size = markerSize(p.share) + (lit ? 3 : 0);
            const quint64 key = quint64(measured) | quint64(lit) << 1 | quint64(levelIndex(p.level)) << 2 |
                                quint64(quint8(p.gpuIndex + 1)) << 8 | quint64(quint16(size)) << 16;
            Look &look = looks[key];
            if (!look.graph) {
                const QColor color = m_theme.gpuColor(p.gpuIndex);
                QColor fill = color;
                if (p.share >= 0)
                    fill.setAlphaF(0.55); // big discs overlap: what lies under one shows through
                look.graph = m_plot->addGraph();
                look.graph->setLineStyle(QCPGraph::lsNone);
                look.graph->setAdaptiveSampling(false); // every point reachable, none merged away
                look.graph->setScatterStyle(markerStyle(
                    QCPScatterStyle(levelShape(p.level, measured),
                                    QPen(color, (lit            ? 2.6
                                                 : p.share >= 0 ? 1.4
                                                                : 2.0) *
                                                    s),
                                    measured ? QBrush(fill) : QBrush(m_theme.background), size * s)));
            }
            look.keys << p.ai;
            look.values << p.flopPerS;
            anyPredicted |= !measured;
            anyMeasured |= measured;
            anyShare |= measured && p.share >= 0;
            if (measured && !p.level.isEmpty())
                levels.insert(p.level);
            // Half the marker's size plus half its pen; the halo's ring is part of a lit one.
            const double radius = lit ? std::max(13.0, size / 2 + 8) : size / 2 + 1;
            m_markers.append({QPointF(p.ai, p.flopPerS), radius});
            if (lit) {
                haloKeys << p.ai;
                haloValues << p.flopPerS;
                haloSize = std::max(haloSize, size + 12); // the ring goes round a big marker too
            }
            if (!p.label.isEmpty()) {
                Label l;
                l.anchor = Label::Anchor::Point;
                l.data = QPointF(p.ai, p.flopPerS);
                l.markerRadius = radius;
                l.priority = kPriorityPoints + (lit ? 0 : 1); // before the comparison GPUs' labels
                addLabel(l, p.label, m_theme.ink(m_theme.gpuColor(p.gpuIndex), 140), lit);
            }
        }
    }
    for (Look &look : looks)
        look.graph->setData(look.keys, look.values);
    if (!haloKeys.isEmpty()) {
        QCPGraph *halo = m_plot->addGraph();
        halo->setLineStyle(QCPGraph::lsNone);
        halo->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(m_theme.highlight, 4 * s),
                                              Qt::NoBrush, haloSize * s));
        halo->setData(haloKeys, haloValues);
    }

    // The legend: which fill is measured and which predicted, then which marker is which level.
    auto legendEntry = [this, s](const QString &name, QCPScatterStyle::ScatterShape shape, bool filled) {
        QCPGraph *g = m_plot->addGraph(); // no data: only its legend icon draws
        g->setLineStyle(QCPGraph::lsNone);
        const QColor color = m_theme.gpuColor(0);
        g->setScatterStyle(QCPScatterStyle(shape, QPen(color, 1.6 * s),
                                           filled ? QBrush(color) : QBrush(m_theme.background), 9 * s));
        g->setName(name);
        g->addToLegend();
    };
    if (anyPredicted)
        legendEntry(tr("predicted (hollow)"), QCPScatterStyle::ssCircle, false);
    if (anyMeasured)
        legendEntry(anyShare ? tr("measured (filled; area: share of the time)") : tr("measured (filled)"),
                    QCPScatterStyle::ssDisc, true);
    // A level's marker is named only where the chart holds more than one kind of point.
    if (!levels.isEmpty() && (levels.size() > 1 || !levels.contains(QStringLiteral("hbm"))))
        for (const QString &level :
             {QStringLiteral("hbm"), QStringLiteral("l2"), QStringLiteral("l1"), QStringLiteral("smem")})
            if (levels.contains(level))
                legendEntry(tr("%1 point").arg(levelName(level)), levelShape(level, true), true);
}

QStringList RooflineChart::legendNames() const
{
    QStringList out;
    for (int i = 0; i < m_plot->legend->itemCount(); ++i)
        if (auto *item = qobject_cast<QCPPlottableLegendItem *>(m_plot->legend->item(i)))
            out << item->plottable()->name();
    return out;
}

QString RooflineChart::hitTest(const QPoint &pos) const
{
    QString best;
    double bestDist = 9;
    for (const auto &group : shown(m_points))
        for (const ChartPoint &p : group) {
            if ((m_log && (p.ai <= 0 || p.flopPerS <= 0)) || isCovered(p))
                continue;
            const QPointF c(m_plot->xAxis->coordToPixel(p.ai), m_plot->yAxis->coordToPixel(p.flopPerS));
            const double d = std::hypot(c.x() - pos.x(), c.y() - pos.y());
            if (d <= bestDist) {
                bestDist = d;
                best = p.id;
            }
        }
    return best;
}
