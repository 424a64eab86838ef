#include "chart/rooflinechart.h"

#include "chart/rooflinechart_p.h"
#include "roofline.h"
#include "units.h"

#include <qcustomplot.h>

#include <QFileInfo>
#include <QHash>
#include <QMouseEvent>
#include <QSvgGenerator>
#include <QToolTip>
#include <QVBoxLayout>

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <numeric>

using namespace rooflinechart_p;

namespace {

// model::formatSi with the number written the way the user's locale writes numbers; tick
// labels are the one place where that matters more than matching the CLI's output. One style on
// every axis, however far it is panned: SI prefixes from 1000 up ("100 k", "1 M", never
// "100,000" beside "1e+06"), plain decimals below, never an exponent. A quantity without a unit
// (FLOP/B) takes no prefix below 1 ("0.01", not "10 m").
QString localeSi(double value, const QString &unit, int precision, const QLocale &locale)
{
    static const struct
    {
        double scale;
        const char *prefix;
    } prefixes[] = {{1e18, "E"}, {1e15, "P"}, {1e12, "T"}, {1e9, "G"},       {1e6, "M"},
                    {1e3, "k"},  {1, ""},     {1e-3, "m"}, {1e-6, "\u00b5"}, {1e-9, "n"}};
    if (!std::isfinite(value))
        return QStringLiteral("\u2014");
    if (value == 0)
        return unit.isEmpty() ? QStringLiteral("0") : QStringLiteral("0 %1").arg(unit);
    const auto join = [&](const QString &number, const char *prefix) {
        const QString suffix = QString::fromUtf8(prefix) + unit;
        return suffix.isEmpty() ? number : QStringLiteral("%1 %2").arg(number, suffix);
    };
    for (const auto &p : prefixes) {
        if (unit.isEmpty() && p.scale < 1)
            break;
        if (std::fabs(value) >= p.scale * 0.9995)
            return join(model::formatPlain(value / p.scale, precision, locale), p.prefix);
    }
    return join(model::formatPlain(value, precision, locale), "");
}

// Y axis ticks with SI prefixes ("1 TFLOP/s"), log and linear flavours.
class SiLogTicker : public QCPAxisTickerLog
{
public:
    explicit SiLogTicker(QString unit) : m_unit(std::move(unit)) {}

protected:
    QString getTickLabel(double tick, const QLocale &locale, QChar, int) override
    {
        return localeSi(tick, m_unit, 3, locale);
    }

private:
    QString m_unit;
};

class SiTicker : public QCPAxisTicker
{
public:
    explicit SiTicker(QString unit) : m_unit(std::move(unit)) {}

protected:
    QString getTickLabel(double tick, const QLocale &locale, QChar, int) override
    {
        if (std::fabs(tick) < 1e-12 * (std::fabs(tick) + 1))
            tick = 0;
        return localeSi(tick, m_unit, 3, locale);
    }

private:
    QString m_unit;
};

QString ceilingLabelText(const QStringList &names, double flopPerS)
{
    return QStringLiteral("%1 %2").arg(names.join(QStringLiteral(" / ")),
                                       model::formatSi(flopPerS, QStringLiteral("FLOP/s"), 4));
}

} // namespace

RooflineChart::RooflineChart(QWidget *parent) : QWidget(parent), m_plot(new QCustomPlot(this))
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_plot);

    m_plot->setAutoAddPlottableToLegend(false);
    m_plot->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    m_plot->setNoAntialiasingOnDrag(true);
    m_plot->setMouseTracking(true);
    m_plot->installEventFilter(this);

    for (QCPAxis *axis : {m_plot->xAxis, m_plot->yAxis})
        axis->grid()->setSubGridVisible(true);
    m_plot->xAxis->setLabel(tr("Arithmetic intensity (FLOP/B)"));
    m_plot->yAxis->setLabel(tr("Performance (FLOP/s)"));

    m_plot->legend->setVisible(true);
    m_plot->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignBottom | Qt::AlignRight);
    m_plot->setLocale(locale());
    applyStyle();

    // The legend first: the labels keep clear of it where it ends up.
    connect(m_plot, &QCustomPlot::afterLayout, this, &RooflineChart::placeLegend);
    connect(m_plot, &QCustomPlot::afterLayout, this, &RooflineChart::placeLabels);
    auto onRange = [this] { updateLineExtents(); };
    connect(m_plot->xAxis, qOverload<const QCPRange &>(&QCPAxis::rangeChanged), this, onRange);
    connect(m_plot->yAxis, qOverload<const QCPRange &>(&QCPAxis::rangeChanged), this, onRange);
    // Log axes zoom out no further than any GPU or kernel could need (FLOP/B 10⁻⁴ … 10⁸,
    // FLOP/s 1 M … 100 E): beyond, the labels would run out of SI prefixes and crowd.
    const auto keepWithin = [](QCPAxis *axis, double lo, double hi) {
        connect(axis, qOverload<const QCPRange &>(&QCPAxis::rangeChanged), axis,
                [axis, lo, hi](const QCPRange &r) {
                    if (axis->scaleType() != QCPAxis::stLogarithmic || (r.lower >= lo && r.upper <= hi))
                        return;
                    axis->setRange(std::max(r.lower, lo), std::min(r.upper, hi));
                });
    };
    keepWithin(m_plot->xAxis, 1e-4, 1e8);
    keepWithin(m_plot->yAxis, 1e6, 1e20);

    m_precisions = {QStringLiteral("fp64"), QStringLiteral("fp32"), QStringLiteral("tf32_tc"),
                    QStringLiteral("bf16_tc")};
    m_levels = model::knownLevels();
    rebuild();
}

RooflineChart::~RooflineChart() = default;

QColor RooflineChart::gpuColor(int index)
{
    // Distinct in colour and lightness, readable on white and in grey-scale print.
    static const QColor colors[kMaxGpus] = {QColor(31, 90, 180), QColor(214, 95, 0), QColor(40, 150, 60),
                                            QColor(150, 50, 160)};
    if (index < 0)
        return QColor(110, 110, 110);
    return colors[index % kMaxGpus];
}

QString RooflineChart::ridgeText(double ai)
{
    const QString n = ai >= 10 ? QString::number(ai, 'f', 0) : QString::number(ai, 'g', 2);
    return tr("ridge %1 FLOP/B").arg(n);
}

// ---- setters

void RooflineChart::setGpus(const QList<model::Gpu> &gpus)
{
    m_gpus = gpus.mid(0, kMaxGpus);
    m_viewSet = false;
    rebuild();
}

void RooflineChart::setVisiblePrecisions(const QStringList &precisions)
{
    m_precisions = precisions;
    m_viewSet = false;
    rebuild();
}

void RooflineChart::setVisibleLevels(const QStringList &levels)
{
    m_levels = levels;
    rebuild();
}

void RooflineChart::setLogScale(bool log)
{
    if (log == m_log)
        return;
    m_log = log;
    m_viewSet = false;
    rebuild();
}

void RooflineChart::setPoints(const QList<ChartPoint> &points, const QString &group)
{
    m_points.insert(group, points);
    rebuild();
}

void RooflineChart::setTrails(const QList<ChartTrail> &trails, const QString &group)
{
    m_trails.insert(group, trails);
    rebuild();
}

void RooflineChart::setMeasuredCeilings(const QList<ChartCeiling> &ceilings, const QString &group)
{
    m_measured.insert(group, ceilings);
    rebuild();
}

void RooflineChart::clearGroup(const QString &group)
{
    m_points.remove(group);
    m_trails.remove(group);
    m_measured.remove(group);
    rebuild();
}

void RooflineChart::setHighlighted(const QString &id)
{
    if (id == m_highlighted)
        return;
    m_highlighted = id;
    rebuild();
}

void RooflineChart::setEmphasizedRidge(const QString &precision)
{
    if (precision == m_emphasizedRidge)
        return;
    m_emphasizedRidge = precision;
    rebuild();
}

void RooflineChart::setCovered(const QStringList &subjects, const QStringList &ridges)
{
    if (subjects == m_coveredSubjects && ridges == m_coveredRidges)
        return;
    m_coveredSubjects = subjects;
    m_coveredRidges = ridges;
    if (!m_highlighted.isEmpty())
        if (const ChartPoint *p = findPoint(m_highlighted); p && isCovered(*p))
            m_highlighted.clear(); // a halo would show where the answer is
    rebuild();
}

void RooflineChart::setTheme(const ChartTheme &theme)
{
    m_theme = theme;
    applyStyle();
    rebuild();
}

void RooflineChart::setPresentationScale(double scale)
{
    scale = std::clamp(scale, 0.5, 4.0);
    if (scale == m_scale)
        return;
    m_scale = scale;
    applyStyle();
    rebuild();
}

QFont RooflineChart::tickLabelFont() const
{
    return m_plot->xAxis->tickLabelFont();
}

double RooflineChart::ceilingPenWidth() const
{
    for (const Line &l : m_lines)
        if (l.horizontal)
            return l.graph->pen().widthF();
    return 0;
}

void RooflineChart::applyStyle()
{
    const double s = m_scale;
    QFont tickFont = font();
    tickFont.setPointSizeF(9 * s);
    QFont labelFont = font();
    labelFont.setPointSizeF(10 * s);
    m_plot->setBackground(QBrush(m_theme.background));
    m_plot->axisRect()->setBackground(QBrush(m_theme.background));
    // Cosmetic (0) pens stay one device pixel; a projector needs them wider.
    const double thin = s > 1.01 ? s : 0;
    for (QCPAxis *axis : {m_plot->xAxis, m_plot->yAxis}) {
        axis->setTickLabelFont(tickFont);
        axis->setLabelFont(labelFont);
        axis->setTickLabelColor(m_theme.text);
        axis->setLabelColor(m_theme.text);
        axis->setBasePen(QPen(m_theme.axis, thin));
        axis->setTickPen(QPen(m_theme.axis, thin));
        axis->setSubTickPen(QPen(m_theme.axis, thin));
        axis->setTickLength(0, int(5 * s));
        axis->setSubTickLength(0, int(2 * s));
        axis->grid()->setPen(QPen(m_theme.grid, thin, Qt::SolidLine));
        axis->grid()->setSubGridPen(QPen(m_theme.subGrid, 0, Qt::DotLine));
        axis->grid()->setZeroLinePen(Qt::NoPen);
    }
    m_plot->legend->setFont(tickFont);
    m_plot->legend->setTextColor(m_theme.text);
    m_plot->legend->setBrush(m_theme.legendBackground);
    m_plot->legend->setBorderPen(QPen(m_theme.axis, thin));
    m_plot->legend->setIconSize(int(32 * s), int(18 * s));
}

void RooflineChart::setUpdatesSuspended(bool suspended)
{
    m_suspended = suspended;
    if (!suspended && m_dirty)
        rebuild();
}

void RooflineChart::resetView()
{
    applyDefaultRange();
    m_viewSet = false;
    m_plot->replot();
}

void RooflineChart::setVisibleRange(const QRectF &range)
{
    m_plot->xAxis->setRange(range.left(), range.right());
    m_plot->yAxis->setRange(range.top(), range.bottom());
    m_viewSet = true;
    m_plot->replot();
}

QStringList RooflineChart::tickLabels(Qt::Orientation axis) const
{
    QCPAxis *a = axis == Qt::Horizontal ? m_plot->xAxis : m_plot->yAxis;
    QVector<double> ticks;
    QVector<QString> labels;
    a->ticker()->generate(a->range(), m_plot->locale(), QLatin1Char('g'), a->numberPrecision(), ticks,
                          nullptr, &labels);
    QStringList out;
    for (int i = 0; i < ticks.size() && i < labels.size(); ++i)
        if (a->range().contains(ticks.at(i)))
            out << labels.at(i);
    return out;
}

QRectF RooflineChart::visibleRange() const
{
    const QCPRange x = m_plot->xAxis->range(), y = m_plot->yAxis->range();
    return {x.lower, y.lower, x.size(), y.size()};
}

// ---- export

template <typename F> bool RooflineChart::withVectorMarkers(F write)
{
    if (m_vectorMarkers)
        return write();
    m_vectorMarkers = true;
    const bool view = m_viewSet;
    m_viewSet = true; // the same view in the file as on screen
    rebuild();
    const bool ok = write();
    m_vectorMarkers = false;
    rebuild();
    m_viewSet = view;
    return ok;
}

bool RooflineChart::savePng(const QString &file, int width, int height)
{
    return withVectorMarkers([&] { return m_plot->savePng(file, width, height); });
}

bool RooflineChart::savePdf(const QString &file, int width, int height)
{
    return withVectorMarkers([&] {
        return m_plot->savePdf(file, width, height, QCP::epNoCosmetic, QStringLiteral("RoofLab"),
                               tr("Roofline chart"));
    });
}

bool RooflineChart::saveSvg(const QString &file, int width, int height)
{
    return withVectorMarkers([&] { return writeSvg(file, width, height); });
}

bool RooflineChart::writeSvg(const QString &file, int width, int height)
{
    const int w = width > 0 ? width : m_plot->width();
    const int h = height > 0 ? height : m_plot->height();
    QSvgGenerator generator;
    generator.setFileName(file);
    generator.setSize(QSize(w, h));
    generator.setViewBox(QRect(0, 0, w, h));
    generator.setTitle(tr("Roofline chart"));
    generator.setDescription(tr("Created by RoofLab"));
    QCPPainter painter;
    if (!painter.begin(&generator))
        return false;
    painter.setMode(QCPPainter::pmVectorized);
    painter.setMode(QCPPainter::pmNoCaching);
    m_plot->toPainter(&painter, w, h);
    painter.end();
    return QFileInfo(file).size() > 0;
}

QImage RooflineChart::toImage(int width, int height, double scale)
{
    QImage image;
    withVectorMarkers([&] {
        image = m_plot->toPixmap(width, height, scale).toImage();
        return true;
    });
    return image;
}

bool RooflineChart::saveImage(const QString &file, int width, int height)
{
    const QString suffix = QFileInfo(file).suffix().toLower();
    if (suffix == QLatin1String("svg"))
        return saveSvg(file, width, height);
    if (suffix == QLatin1String("pdf"))
        return savePdf(file, width, height);
    return savePng(file, width, height);
}

// ---- accessors

QStringList RooflineChart::ceilingLabels() const
{
    return m_ceilingLabels;
}

QStringList RooflineChart::ridgeLabels() const
{
    return m_ridgeLabels;
}

QStringList RooflineChart::measuredLabels() const
{
    return m_measuredLabels;
}

QStringList RooflineChart::pointIds() const
{
    QStringList ids;
    for (const auto &group : shown(m_points))
        for (const ChartPoint &p : group)
            ids << p.id;
    return ids;
}

const ChartPoint *RooflineChart::findPoint(const QString &id) const
{
    for (auto it = m_points.cbegin(); it != m_points.cend(); ++it) {
        if (!groupShown(it.key()))
            continue;
        for (const ChartPoint &p : it.value())
            if (p.id == id)
                return &p;
    }
    return nullptr;
}

bool RooflineChart::groupShown(const QString &group) const
{
    if (m_visibleGroups.isEmpty())
        return true;
    for (const QString &name : m_visibleGroups)
        if (group == name || (group.startsWith(name) && group.size() > name.size() &&
                              group.at(name.size()) == QLatin1Char('-')))
            return true;
    return false;
}

void RooflineChart::setVisibleGroups(const QStringList &groups)
{
    if (groups == m_visibleGroups)
        return;
    m_visibleGroups = groups;
    if (!m_highlighted.isEmpty() && !findPoint(m_highlighted))
        m_highlighted.clear();
    rebuild();
}

std::optional<QPointF> RooflineChart::pointCoords(const QString &id) const
{
    if (const ChartPoint *p = findPoint(id))
        return QPointF(p->ai, p->flopPerS);
    return std::nullopt;
}

std::optional<ChartPoint> RooflineChart::point(const QString &id) const
{
    if (const ChartPoint *p = findPoint(id)) {
        ChartPoint out = *p;
        if (out.tooltip.isEmpty())
            out.tooltip = tooltipOf(id);
        return out;
    }
    return std::nullopt;
}

void RooflineChart::setTooltipFunction(const QString &group, const TooltipFunction &f)
{
    if (f)
        m_tooltipFunctions.insert(group, f);
    else
        m_tooltipFunctions.remove(group);
}

QString RooflineChart::tooltipOf(const QString &id) const
{
    for (auto it = m_points.cbegin(); it != m_points.cend(); ++it) {
        if (!groupShown(it.key()))
            continue;
        for (const ChartPoint &p : it.value())
            if (p.id == id) {
                if (!p.tooltip.isEmpty())
                    return p.tooltip;
                if (const auto f = m_tooltipFunctions.constFind(it.key()); f != m_tooltipFunctions.cend())
                    if (QString tip = (*f)(id); !tip.isEmpty())
                        return tip;
                return p.label;
            }
    }
    return {};
}

int RooflineChart::trailCount() const
{
    int n = 0;
    for (const auto &group : shown(m_trails))
        n += group.size();
    return n;
}

QWidget *RooflineChart::plotWidget() const
{
    return m_plot;
}

QPoint RooflineChart::pixelFor(double ai, double flopPerS) const
{
    const QPoint p(int(std::lround(m_plot->xAxis->coordToPixel(ai))),
                   int(std::lround(m_plot->yAxis->coordToPixel(flopPerS))));
    return m_plot->mapTo(this, p);
}

void RooflineChart::setLegendKeepClear(const QStringList &ids)
{
    if (ids == m_legendKeepClear)
        return;
    m_legendKeepClear = ids;
    m_plot->replot();
}

QRectF RooflineChart::legendRect() const
{
    if (!m_plot->legend->visible())
        return {};
    return QRectF(m_plot->legend->outerRect()).translated(m_plot->pos());
}

void RooflineChart::placeLegend()
{
    QCPLayoutInset *inset = m_plot->axisRect()->insetLayout();
    if (!m_plot->legend->visible() || inset->elementCount() == 0)
        return;
    const QRectF area = inset->rect();
    const QSizeF size = QRectF(m_plot->legend->outerRect()).size();
    auto pixel = [this](QPointF data) {
        return QPointF(m_plot->xAxis->coordToPixel(data.x()), m_plot->yAxis->coordToPixel(data.y()));
    };
    QList<QPointF> kept;
    QStringList keep = m_legendKeepClear;
    if (!m_highlighted.isEmpty())
        keep << m_highlighted; // what the user or a lesson marked is never under the legend
    for (auto it = m_points.cbegin(); it != m_points.cend(); ++it) {
        if (!groupShown(it.key()))
            continue;
        for (const ChartPoint &p : it.value())
            if (keep.contains(p.id) || keep.contains(p.label))
                kept << pixel(QPointF(p.ai, p.flopPerS));
    }
    QList<QPointF> others;
    for (const Marker &m : std::as_const(m_markers))
        if (!m_log || (m.data.x() > 0 && m.data.y() > 0))
            others << pixel(m.data);
    // The usual corner first; a subject point under the legend costs more than any number of
    // other markers.
    const Qt::Alignment corners[] = {Qt::AlignBottom | Qt::AlignRight, Qt::AlignTop | Qt::AlignLeft,
                                     Qt::AlignBottom | Qt::AlignLeft, Qt::AlignTop | Qt::AlignRight};
    const double margin = 8 * m_scale; // a marker's radius and a little air
    Qt::Alignment best = corners[0];
    qsizetype bestCost = -1;
    for (Qt::Alignment a : corners) {
        const QPointF topLeft((a & Qt::AlignLeft) ? area.left() : area.right() - size.width(),
                              (a & Qt::AlignTop) ? area.top() : area.bottom() - size.height());
        const QRectF r = QRectF(topLeft, size).adjusted(-margin, -margin, margin, margin);
        qsizetype cost = 0;
        for (const QPointF &p : std::as_const(kept))
            cost += r.contains(p) ? 100000 : 0;
        for (const QPointF &p : std::as_const(others))
            cost += r.contains(p) ? 1 : 0;
        if (bestCost < 0 || cost < bestCost) {
            best = a;
            bestCost = cost;
        }
    }
    if (inset->insetAlignment(0) != best) {
        inset->setInsetAlignment(0, best);
        inset->update(QCPLayoutElement::upLayout);
    }
}

void RooflineChart::replot()
{
    rebuild();
}

// ---- building

double RooflineChart::defaultXMin() const
{
    if (!m_log)
        return 0;
    // From 0.01, or the decade below the lowest point: a profile's copies and conversions sit at
    // a few thousandths of a FLOP per byte, and every point should be in the first view.
    double lo = 0.01;
    for (const auto &group : shown(m_points))
        for (const ChartPoint &p : group)
            if (p.ai > 0 && p.flopPerS > 0 && p.ai < lo)
                lo = p.ai;
    return lo < 0.01 ? std::max(1e-6, std::pow(10, std::floor(std::log10(lo)))) : 0.01;
}

double RooflineChart::defaultXMax() const
{
    if (m_log) {
        double hi = 0;
        for (const auto &group : shown(m_points))
            for (const ChartPoint &p : group)
                if (p.ai > 0 && p.flopPerS > 0)
                    hi = std::max(hi, p.ai);
        // A hair past the decade so its tick label is not trimmed by rounding.
        return hi > 1e4 ? std::min(1e8, std::pow(10, std::ceil(std::log10(hi)))) * 1.001 : 1.001e4;
    }
    // Linear: show the ridges comfortably, as the operators-and-kernels notes draw it.
    double ridge = 0;
    for (const model::Gpu &g : m_gpus) {
        const model::Roofline roof(g);
        double top = 0, slow = 0;
        for (const auto &c : roof.compute())
            if (m_precisions.contains(c.precision))
                top = std::max(top, c.flopPerS);
        for (const auto &m : roof.memory())
            if (m_levels.contains(m.level) && (slow == 0 || m.bytesPerS < slow))
                slow = m.bytesPerS;
        if (slow > 0)
            ridge = std::max(ridge, top / slow);
    }
    return ridge > 0 ? ridge * 2.5 : 100;
}

void RooflineChart::applyDefaultRange()
{
    const auto r = defaultRange();
    m_plot->xAxis->setRange(r[0], r[1]);
    m_plot->yAxis->setRange(r[2], r[3]);
}

std::array<double, 4> RooflineChart::defaultRange() const
{
    const double xMin = defaultXMin(), xMax = defaultXMax();
    double top = 0, bottom = kInf;
    for (const model::Gpu &g : m_gpus) {
        const model::Roofline roof(g);
        for (const auto &c : roof.compute())
            if (m_precisions.contains(c.precision))
                top = std::max(top, c.flopPerS);
        for (const auto &m : roof.memory())
            if (m_levels.contains(m.level)) {
                top = std::max(top, m.bytesPerS * (m_log ? 1 : 0)); // a diagonal alone still needs room
                bottom = std::min(bottom, m.bytesPerS * 0.01);
            }
    }
    for (const auto &group : shown(m_points))
        for (const ChartPoint &p : group)
            if (p.flopPerS > 0) {
                top = std::max(top, p.flopPerS);
                // Room below the lowest point for its marker (a large one is 40 pixels across).
                bottom = std::min(bottom, p.flopPerS / 1.6);
            }
    if (top <= 0)
        top = 1e15;
    if (!std::isfinite(bottom) || bottom <= 0)
        bottom = top / 1e5;
    if (!m_log)
        return {xMin, xMax, 0, top * 1.15};
    const double lo = std::pow(10, std::floor(std::log10(bottom)));
    const double hi = std::pow(10, std::ceil(std::log10(top * 1.5)));
    return {xMin, xMax, lo, hi};
}

void RooflineChart::clearPlot()
{
    m_plot->clearItems();
    m_plot->clearPlottables();
    m_plot->legend->clearItems();
    m_labels.clear();
    m_lines.clear();
    m_markers.clear();
    m_dropLines.clear();
    m_trailPaths.clear();
    m_levelJoinPaths = 0;
    m_markerRects.clear();
    m_ceilingLabels.clear();
    m_ridgeLabels.clear();
    m_measuredLabels.clear();
    m_emphasizedLabels.clear();
    m_shadingRidge = 0;
}

void RooflineChart::applyAxes()
{
    const auto type = m_log ? QCPAxis::stLogarithmic : QCPAxis::stLinear;
    m_plot->xAxis->setScaleType(type);
    m_plot->yAxis->setScaleType(type);
    if (m_log) {
        auto x = QSharedPointer<SiLogTicker>::create(QString());
        auto y = QSharedPointer<SiLogTicker>::create(QStringLiteral("FLOP/s"));
        for (const auto &t : {x, y}) {
            t->setLogBase(10);
            t->setSubTickCount(8);
            t->setTickCount(9);
        }
        m_plot->xAxis->setTicker(x);
        m_plot->yAxis->setTicker(y);
    } else {
        m_plot->xAxis->setTicker(QSharedPointer<SiTicker>::create(QString()));
        m_plot->yAxis->setTicker(QSharedPointer<SiTicker>::create(QStringLiteral("FLOP/s")));
    }
}

void RooflineChart::rebuild()
{
    if (m_suspended) {
        m_dirty = true;
        return;
    }
    m_dirty = false;
    clearPlot();
    applyAxes();
    if (!m_viewSet) {
        applyDefaultRange();
        m_viewSet = false; // setRange is ours, not the user's
    }
    buildRegions();
    for (int i = 0; i < m_gpus.size(); ++i)
        buildGpu(i);
    buildMeasured();
    buildTrails();
    buildPoints();
    updateLineExtents();
    m_plot->legend->setVisible(m_plot->legend->itemCount() > 0);
    m_plot->replot();
}

int RooflineChart::addLine(bool horizontal, double value, double limit, const QPen &pen)
{
    QCPGraph *g = m_plot->addGraph();
    g->setPen(pen);
    g->setLineStyle(QCPGraph::lsLine);
    g->setAdaptiveSampling(false);
    m_lines.append({g, horizontal, value, limit});
    return int(m_lines.size()) - 1;
}

void RooflineChart::updateLineExtents()
{
    // Extend a little beyond the view so a drag shows no ends before the next update. A file
    // gets exactly the view: an SVG painter ignores the axis rect's clip, so a line past the
    // view would be drawn across the tick labels.
    const QCPRange x = m_plot->xAxis->range();
    const QCPRange y = m_plot->yAxis->range();
    double lo, hi;
    if (m_vectorMarkers) {
        lo = x.lower;
        hi = x.upper;
    } else if (m_log) {
        lo = std::max(x.lower, 1e-300) / 10;
        hi = x.upper * 10;
    } else {
        lo = x.lower - x.size();
        hi = x.upper + x.size();
    }
    for (const Line &l : m_lines) {
        QVector<double> keys, values;
        if (l.horizontal) {
            const double start = std::max(l.limit, lo);
            if (start < hi && (!m_vectorMarkers || y.contains(l.value))) {
                keys = {start, hi};
                values = {l.value, l.value};
            }
        } else {
            // A file's diagonal also starts and ends where it crosses the bottom and top edges.
            const double from = m_vectorMarkers && l.value > 0 ? std::max(lo, y.lower / l.value) : lo;
            const double end =
                std::min(m_vectorMarkers && l.value > 0 ? std::min(l.limit, y.upper / l.value) : l.limit, hi);
            if (from < end) {
                keys = {from, end};
                values = {l.value * from, l.value * end};
            }
        }
        l.graph->setData(keys, values, true);
    }
}

void RooflineChart::buildRegions()
{
    // Where the shading turns from memory- to compute-bound is the ridge: not while one is asked.
    if (m_gpus.isEmpty() || !m_coveredRidges.isEmpty())
        return;
    const model::Roofline roof(m_gpus.first());
    double top = 0;
    for (const auto &c : roof.compute())
        if (m_precisions.contains(c.precision))
            top = std::max(top, c.flopPerS);
    double slow = 0;
    for (const auto &m : roof.memory())
        if (m_levels.contains(m.level) && (slow == 0 || m.bytesPerS < slow))
            slow = m.bytesPerS;
    if (top <= 0 || slow <= 0)
        return;
    m_shadingRidge = top / slow;

    auto region = [this](double from, double to, bool fromIsRatio, const QColor &color) {
        auto *rect = new QCPItemRect(m_plot);
        rect->setLayer(QStringLiteral("background"));
        rect->setPen(Qt::NoPen);
        rect->setBrush(color);
        rect->setSelectable(false);
        rect->topLeft->setTypeX(fromIsRatio ? QCPItemPosition::ptAxisRectRatio
                                            : QCPItemPosition::ptPlotCoords);
        rect->topLeft->setTypeY(QCPItemPosition::ptAxisRectRatio);
        rect->bottomRight->setTypeX(fromIsRatio ? QCPItemPosition::ptPlotCoords
                                                : QCPItemPosition::ptAxisRectRatio);
        rect->bottomRight->setTypeY(QCPItemPosition::ptAxisRectRatio);
        rect->topLeft->setCoords(from, 0);
        rect->bottomRight->setCoords(to, 1);
    };
    region(0, m_shadingRidge, true, m_theme.memoryRegion);
    region(m_shadingRidge, 1, false, m_theme.computeRegion);

    Label mem;
    mem.anchor = Label::Anchor::Region;
    mem.data = QPointF(-kInf, 0);
    mem.priority = kPriorityRegions;
    addLabel(mem, tr("memory-bound"), m_theme.memoryText);
    Label comp = mem;
    comp.data = QPointF(m_shadingRidge, 0);
    addLabel(comp, tr("compute-bound"), m_theme.computeText);
}

void RooflineChart::buildGpu(int index)
{
    const model::Gpu &gpu = m_gpus.at(index);
    const model::Roofline roof(gpu);
    const QColor color = m_theme.gpuColor(index);
    const bool primary = index == 0;
    const double s = m_scale;

    // Equal peaks (FP16 and BF16 Tensor, say) share one line and one label.
    QMap<double, QStringList> peaks;
    double top = 0;
    for (const auto &c : roof.compute())
        if (m_precisions.contains(c.precision) && c.flopPerS > 0) {
            peaks[c.flopPerS] << model::precisionLabel(c.precision);
            top = std::max(top, c.flopPerS);
        }
    QList<model::MemoryCeiling> levels;
    double fastest = 0;
    for (const auto &m : roof.memory())
        if (m_levels.contains(m.level) && m.bytesPerS > 0) {
            levels << m;
            fastest = std::max(fastest, m.bytesPerS);
        }
    // Ridges are quoted against DRAM/HBM, the level a kernel's minimum traffic refers to.
    const model::MemoryCeiling *main = nullptr;
    for (const auto &m : levels)
        if (!main || m.level == QLatin1String("hbm") ||
            (main->level != QLatin1String("hbm") && m.bytesPerS < main->bytesPerS))
            main = &m;

    bool inLegend = false;
    auto legendOnce = [&](QCPGraph *g) {
        if (inLegend)
            return;
        g->setName(gpu.displayName());
        g->addToLegend();
        inLegend = true;
    };

    // Highest first so the primary labels of the top ceilings win the right edge.
    for (auto it = peaks.end(); it != peaks.begin();) {
        --it;
        const double peak = it.key();
        const int line =
            addLine(true, peak, fastest > 0 ? peak / fastest : 0, QPen(color, (primary ? 2.2 : 1.8) * s));
        legendOnce(m_lines[line].graph);
        const QString text = ceilingLabelText(it.value(), peak);
        m_ceilingLabels << text;
        Label l;
        l.anchor = Label::Anchor::RightEdge;
        l.line = line;
        l.priority = primary ? kPriorityRoofs : kPriorityComparison * index;
        addLabel(l, text, m_theme.ink(color, 115), primary);
    }
    for (const auto &m : levels) {
        QPen pen(color, (primary ? 2.0 : 1.6) * s, levelStyle(m.level));
        const int line = addLine(false, m.bytesPerS, top > 0 ? top / m.bytesPerS : kInf, pen);
        legendOnce(m_lines[line].graph);
        const QString text =
            QStringLiteral("%1 %2").arg(model::levelLabel(m.level, gpu.memoryType),
                                        model::formatSi(m.bytesPerS, QStringLiteral("B/s"), 4));
        m_ceilingLabels << text;
        Label l;
        l.anchor = Label::Anchor::AlongLine;
        l.line = line;
        l.priority = primary ? kPriorityRoofs + 1 : kPriorityComparison * index + 1;
        addLabel(l, text, m_theme.ink(color, 115), primary);
    }

    if (!main)
        return;
    // Every ridge for a lone GPU; only the top one per GPU in an overlay, to stay readable.
    // The peak of the precision a lesson points at, drawn even where overlays hide other ridges.
    double emphasizedPeak = 0;
    for (const auto &c : roof.compute())
        if (c.precision == m_emphasizedRidge && m_precisions.contains(c.precision) && c.flopPerS > 0 &&
            !m_coveredRidges.contains(c.precision))
            emphasizedPeak = c.flopPerS;
    // The peaks whose ridge an unrevealed exercise asks for.
    QList<double> coveredPeaks;
    for (const auto &c : roof.compute())
        if (m_coveredRidges.contains(c.precision) && c.flopPerS > 0)
            coveredPeaks << c.flopPerS;
    QCPGraph *marks = m_plot->addGraph();
    marks->setLineStyle(QCPGraph::lsNone);
    marks->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, color, 7 * s));
    for (auto it = peaks.end(); it != peaks.begin();) {
        --it;
        const double ridge = it.key() / main->bytesPerS;
        const bool topRidge = it.key() == top;
        const bool emphasized = emphasizedPeak > 0 && it.key() == emphasizedPeak;
        if (!topRidge && !emphasized && m_gpus.size() > 1)
            continue;
        marks->addData(ridge, it.key());
        m_markers.append({QPointF(ridge, it.key()), 4.0});
        if (coveredPeaks.contains(it.key()))
            continue; // the marker shows where the roofs meet; the figure waits for the reveal
        const QString text = ridgeText(ridge);
        m_ridgeLabels << text;
        Label l;
        l.anchor = Label::Anchor::Ridge;
        l.data = QPointF(ridge, it.key());
        l.markerRadius = emphasized ? 14 : 4;
        l.priority = emphasized ? -1
                     : primary  ? kPriorityRidges + (topRidge ? 0 : 1)
                                : kPriorityComparison * index + (topRidge ? 2 : 3);
        addLabel(l, text, m_theme.ink(color, 130), emphasized);
        if (emphasized) {
            m_emphasizedLabels << text;
            QCPGraph *halo = m_plot->addGraph();
            halo->setLineStyle(QCPGraph::lsNone);
            halo->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(m_theme.highlight, 4 * s),
                                                  Qt::NoBrush, 24 * s));
            halo->addData(ridge, it.key());
            m_markers.append({QPointF(ridge, it.key()), 14.0});
        }
        if (topRidge || emphasized) {
            // A drop line to the x axis so the ridge intensity can be read off the axis.
            auto *drop = new QCPItemLine(m_plot);
            drop->setPen(emphasized ? QPen(m_theme.highlight, 2.5 * s, Qt::DashLine)
                                    : QPen(color, s, Qt::DashLine));
            drop->setSelectable(false);
            drop->start->setCoords(ridge, it.key());
            drop->end->setTypeY(QCPItemPosition::ptAxisRectRatio);
            drop->end->setCoords(ridge, 1);
            m_dropLines << QPointF(ridge, it.key());
        }
    }
}

void RooflineChart::buildMeasured()
{
    for (const auto &group : shown(m_measured)) {
        // Two memory roofs of one level from one GPU (L2 by loads and by the copy engine) are
        // told apart by their probes on the chart itself, not only in the tooltip. (Compute roofs
        // of one precision, the mma.sync probe's and cuBLAS's, keep their short labels on the
        // narrow plots of small screens; the tooltip names the probe.)
        QHash<QString, int> perLevel;
        auto levelKey = [](const ChartCeiling &c) {
            return QStringLiteral("%1/%2").arg(c.gpuIndex).arg(c.ceiling.level);
        };
        for (const ChartCeiling &c : group)
            if (c.ceiling.value > 0 && c.ceiling.kind == QLatin1String("memory"))
                ++perLevel[levelKey(c)];
        for (const ChartCeiling &c : group) {
            const model::MeasuredCeiling &m = c.ceiling;
            if (m.value <= 0)
                continue;
            const QColor color = m_theme.gpuColor(c.gpuIndex);
            const bool memory = m.kind == QLatin1String("memory");
            QString text = c.label;
            QString drawn = text;
            if (text.isEmpty()) {
                const QString what = memory ? model::levelLabel(m.level) : model::precisionLabel(m.precision);
                const QString value =
                    model::formatSi(m.value, memory ? QStringLiteral("B/s") : QStringLiteral("FLOP/s"), 3);
                // The probe's name doubles the label's length; it is in the tooltip, and on the
                // chart only where two roofs of the level need telling apart.
                drawn = memory && perLevel.value(levelKey(c)) > 1 && !m.probe.isEmpty()
                            ? tr("measured %1 %2 (%3)").arg(what, value, m.probe)
                            : tr("measured %1 %2").arg(what, value);
                text = m.probe.isEmpty() ? drawn : tr("measured %1 %2 (%3 probe)").arg(what, value, m.probe);
            }
            double limit = memory ? kInf : 0;
            if (memory && c.gpuIndex >= 0 && c.gpuIndex < m_gpus.size()) {
                double top = 0;
                const model::Roofline roof(m_gpus.at(c.gpuIndex));
                for (const auto &p : roof.compute())
                    if (m_precisions.contains(p.precision))
                        top = std::max(top, p.flopPerS);
                if (top > 0)
                    limit = top / m.value;
            }
            const int line = addLine(!memory, m.value, limit, QPen(color, 1.6 * m_scale, Qt::DashLine));
            m_measuredLabels << text;
            Label l;
            l.anchor = memory ? Label::Anchor::AlongLine : Label::Anchor::RightEdge;
            l.line = line;
            l.below = true;
            l.priority = c.gpuIndex > 0 ? kPriorityComparison * c.gpuIndex + 4 : kPriorityMeasured;
            l.fullText = text;
            addLabel(l, drawn, m_theme.ink(color, 115));
        }
    }
}

// ---- mouse

bool RooflineChart::eventFilter(QObject *watched, QEvent *event)
{
    if (watched != m_plot)
        return QWidget::eventFilter(watched, event);
    switch (event->type()) {
    case QEvent::MouseMove: {
        auto *e = static_cast<QMouseEvent *>(event);
        if (e->buttons() != Qt::NoButton) {
            m_viewSet = true; // a drag pans
            break;
        }
        const QString id = hitTest(e->position().toPoint());
        if (id != m_hovered) {
            m_hovered = id;
            emit pointHovered(id);
        }
        if (const QString tip = id.isEmpty() ? QString() : tooltipOf(id); !tip.isEmpty())
            QToolTip::showText(e->globalPosition().toPoint(), tip, m_plot);
        else if (const QString tip = labelTipAt(e->position().toPoint()); !tip.isEmpty())
            QToolTip::showText(e->globalPosition().toPoint(), tip, m_plot);
        else
            QToolTip::hideText();
        break;
    }
    case QEvent::MouseButtonPress:
        m_pressPos = static_cast<QMouseEvent *>(event)->position().toPoint();
        break;
    case QEvent::MouseButtonRelease: {
        auto *e = static_cast<QMouseEvent *>(event);
        const QPoint pos = e->position().toPoint();
        if (e->button() == Qt::LeftButton && (pos - m_pressPos).manhattanLength() < 4) {
            const QString id = hitTest(pos);
            if (!id.isEmpty())
                emit pointClicked(id);
            if (m_plot->axisRect()->rect().contains(pos))
                emit clickedAt(
                    QPointF(m_plot->xAxis->pixelToCoord(pos.x()), m_plot->yAxis->pixelToCoord(pos.y())));
        }
        break;
    }
    case QEvent::MouseButtonDblClick:
        resetView();
        return true;
    case QEvent::Wheel:
        m_viewSet = true;
        break;
    case QEvent::Leave:
        if (!m_hovered.isEmpty()) {
            m_hovered.clear();
            emit pointHovered(QString());
        }
        break;
    default:
        break;
    }
    return QWidget::eventFilter(watched, event);
}
