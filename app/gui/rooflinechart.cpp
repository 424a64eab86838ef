#include "rooflinechart.h"

#include "roofline.h"
#include "units.h"

#include <qcustomplot.h>

#include <QFileInfo>
#include <QMouseEvent>
#include <QSvgGenerator>
#include <QToolTip>
#include <QVBoxLayout>

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <numeric>

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

// Label placement order (lower first): the selected GPU's roofs, the measured ceilings, the
// ridges, the points, the region names, then each comparison GPU (its index times
// kPriorityComparison). An emphasized ridge (a lesson points at it) goes before all (-1).
constexpr int kPriorityRoofs = 0;     // compute ceilings, +1 memory diagonals
constexpr int kPriorityMeasured = 2;
constexpr int kPriorityRidges = 3;    // +1 the ridges below the top one
constexpr int kPriorityPoints = 5;    // highlighted, +1 others, +2 trail names, +3 trail points
constexpr int kPriorityComparison = 10;
constexpr int kPriorityRegions = 9;

// model::formatSi with the number written the way the user's locale writes numbers; tick
// labels are the one place where that matters more than matching the CLI's output.
QString localeSi(double value, const QString &unit, int precision, const QLocale &locale)
{
    if (unit.isEmpty())
        return locale.toString(value, 'g', 6);
    static const struct
    {
        double scale;
        const char *prefix;
    } prefixes[] = {{1e18, "E"}, {1e15, "P"}, {1e12, "T"}, {1e9, "G"}, {1e6, "M"}, {1e3, "k"}, {1, ""},
                    {1e-3, "m"}, {1e-6, "\u00b5"}, {1e-9, "n"}};
    if (!std::isfinite(value))
        return QStringLiteral("\u2014");
    if (value == 0)
        return QStringLiteral("0 %1").arg(unit);
    for (const auto &p : prefixes)
        if (std::fabs(value) >= p.scale * 0.9995)
            return QStringLiteral("%1 %2%3").arg(locale.toString(value / p.scale, 'g', precision),
                                                 QString::fromUtf8(p.prefix), unit);
    return QStringLiteral("%1 %2").arg(locale.toString(value, 'g', precision), unit);
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

Qt::PenStyle levelStyle(const QString &level)
{
    if (level == QLatin1String("l2"))
        return Qt::DashDotLine;
    if (level == QLatin1String("smem"))
        return Qt::DotLine;
    return Qt::SolidLine;
}

// The rectangle a text of this size covers when its alignment point sits at pos.
QRectF alignedRect(const QPointF &pos, const QSizeF &size, Qt::Alignment align)
{
    QPointF tl = pos;
    if (align & Qt::AlignRight)
        tl.rx() -= size.width();
    else if (align & Qt::AlignHCenter)
        tl.rx() -= size.width() / 2;
    if (align & Qt::AlignBottom)
        tl.ry() -= size.height();
    else if (align & Qt::AlignVCenter)
        tl.ry() -= size.height() / 2;
    return {tl, size};
}

// Liang–Barsky: the part of segment a–b inside r, as parameters t0 <= t1; false if none.
bool clipSegment(const QPointF &a, const QPointF &b, const QRectF &r, double *t0, double *t1)
{
    double lo = 0, hi = 1;
    const double dx = b.x() - a.x(), dy = b.y() - a.y();
    const double p[4] = {-dx, dx, -dy, dy};
    const double q[4] = {a.x() - r.left(), r.right() - a.x(), a.y() - r.top(), r.bottom() - a.y()};
    for (int i = 0; i < 4; ++i) {
        if (p[i] == 0) {
            if (q[i] < 0)
                return false;
            continue;
        }
        const double t = q[i] / p[i];
        if (p[i] < 0)
            lo = std::max(lo, t);
        else
            hi = std::min(hi, t);
    }
    *t0 = lo;
    *t1 = hi;
    return lo < hi;
}

QString ceilingLabelText(const QStringList &names, double flopPerS)
{
    return QStringLiteral("%1 %2").arg(names.join(QStringLiteral(" / ")), model::formatSi(flopPerS, QStringLiteral("FLOP/s"), 4));
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

    connect(m_plot, &QCustomPlot::afterLayout, this, &RooflineChart::placeLabels);
    auto onRange = [this] {
        updateLineExtents();
        emit viewChanged();
    };
    connect(m_plot->xAxis, qOverload<const QCPRange &>(&QCPAxis::rangeChanged), this, onRange);
    connect(m_plot->yAxis, qOverload<const QCPRange &>(&QCPAxis::rangeChanged), this, onRange);

    m_precisions = {QStringLiteral("fp64"), QStringLiteral("fp32"), QStringLiteral("tf32_tc"), QStringLiteral("bf16_tc")};
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

QRectF RooflineChart::visibleRange() const
{
    const QCPRange x = m_plot->xAxis->range(), y = m_plot->yAxis->range();
    return {x.lower, y.lower, x.size(), y.size()};
}

// ---- export

bool RooflineChart::savePng(const QString &file, int width, int height)
{
    return m_plot->savePng(file, width, height);
}

bool RooflineChart::savePdf(const QString &file, int width, int height)
{
    return m_plot->savePdf(file, width, height, QCP::epNoCosmetic, QStringLiteral("RoofLab"), tr("Roofline chart"));
}

bool RooflineChart::saveSvg(const QString &file, int width, int height)
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
    return m_plot->toPixmap(width, height, scale).toImage();
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
        if (group == name || (group.startsWith(name) && group.size() > name.size() && group.at(name.size()) == QLatin1Char('-')))
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
    if (const ChartPoint *p = findPoint(id))
        return *p;
    return std::nullopt;
}

int RooflineChart::trailCount() const
{
    int n = 0;
    for (const auto &group : shown(m_trails))
        n += group.size();
    return n;
}

QPoint RooflineChart::pixelFor(double ai, double flopPerS) const
{
    const QPoint p(int(std::lround(m_plot->xAxis->coordToPixel(ai))), int(std::lround(m_plot->yAxis->coordToPixel(flopPerS))));
    return m_plot->mapTo(this, p);
}

void RooflineChart::replot()
{
    rebuild();
}

// ---- building

double RooflineChart::defaultXMin() const
{
    return m_log ? 0.01 : 0;
}

double RooflineChart::defaultXMax() const
{
    if (m_log)
        return 1.001e4; // a hair past 10^4 so its tick label is not trimmed by rounding
    // Linear: show the ridges comfortably, as seed 001 draws it.
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
                bottom = std::min(bottom, p.flopPerS);
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
    // Extend a little beyond the view so a drag shows no ends before the next update.
    const QCPRange x = m_plot->xAxis->range();
    double lo, hi;
    if (m_log) {
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
            if (start < hi) {
                keys = {start, hi};
                values = {l.value, l.value};
            }
        } else {
            const double end = std::min(l.limit, hi);
            if (lo < end) {
                keys = {lo, end};
                values = {l.value * lo, l.value * end};
            }
        }
        l.graph->setData(keys, values, true);
    }
}

void RooflineChart::addLabel(Label label, const QString &text, const QColor &color, bool bold)
{
    auto *item = new QCPItemText(m_plot);
    item->setColor(color);
    QFont f = font();
    f.setPointSizeF((label.anchor == Label::Anchor::Region ? 10 : 8.5) * m_scale);
    f.setBold(bold);
    f.setItalic(label.anchor == Label::Anchor::Region);
    item->setFont(f);
    // One line, never wider than a quarter of a 1280-pixel chart: a long configuration or file
    // name is cut with an ellipsis, the whole text stays in the tooltip.
    const QString oneLine = QString(text).replace(QLatin1Char('\n'), QLatin1Char(' '));
    item->setText(QFontMetrics(f, m_plot).elidedText(oneLine, Qt::ElideRight, int(300 * m_scale)));
    if (label.fullText.isEmpty())
        label.fullText = text;
    item->setPadding(QMargins(int(2 * m_scale), int(1 * m_scale), int(2 * m_scale), int(1 * m_scale)));
    if (label.anchor != Label::Anchor::Region)
        item->setBrush(m_theme.labelBackground);
    item->position->setType(QCPItemPosition::ptAbsolute);
    item->setClipToAxisRect(true);
    item->setSelectable(false);
    label.item = item;
    m_labels.append(label);
}

void RooflineChart::buildRegions()
{
    if (m_gpus.isEmpty())
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
        rect->topLeft->setTypeX(fromIsRatio ? QCPItemPosition::ptAxisRectRatio : QCPItemPosition::ptPlotCoords);
        rect->topLeft->setTypeY(QCPItemPosition::ptAxisRectRatio);
        rect->bottomRight->setTypeX(fromIsRatio ? QCPItemPosition::ptPlotCoords : QCPItemPosition::ptAxisRectRatio);
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
        if (!main || m.level == QLatin1String("hbm") || (main->level != QLatin1String("hbm") && m.bytesPerS < main->bytesPerS))
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
        const int line = addLine(true, peak, fastest > 0 ? peak / fastest : 0, QPen(color, (primary ? 2.2 : 1.8) * s));
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
        const QString text = QStringLiteral("%1 %2").arg(model::levelLabel(m.level, gpu.memoryType),
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
        if (c.precision == m_emphasizedRidge && m_precisions.contains(c.precision) && c.flopPerS > 0)
            emphasizedPeak = c.flopPerS;
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
            halo->setScatterStyle(
                QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(m_theme.highlight, 4 * s), Qt::NoBrush, 24 * s));
            halo->addData(ridge, it.key());
            m_markers.append({QPointF(ridge, it.key()), 14.0});
        }
        if (topRidge || emphasized) {
            // A drop line to the x axis so the ridge intensity can be read off the axis.
            auto *drop = new QCPItemLine(m_plot);
            drop->setPen(emphasized ? QPen(m_theme.highlight, 2.5 * s, Qt::DashLine) : QPen(color, s, Qt::DashLine));
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
                const QString value = model::formatSi(m.value, memory ? QStringLiteral("B/s") : QStringLiteral("FLOP/s"), 3);
                // The probe's name doubles the label's length; it is in the tooltip.
                drawn = tr("measured %1 %2").arg(what, value);
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

void RooflineChart::buildTrails()
{
    for (const auto &group : shown(m_trails)) {
        for (const ChartTrail &t : group) {
            if (t.points.isEmpty())
                continue;
            const QColor color = m_theme.gpuColor(t.gpuIndex);
            const bool measured = t.kind == ChartPoint::Kind::Measured;
            auto *curve = new QCPCurve(m_plot->xAxis, m_plot->yAxis);
            curve->setPen(QPen(color, 1.4 * m_scale, measured ? Qt::SolidLine : Qt::DashLine));
            curve->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(color, 1.5 * m_scale),
                                                   measured ? QBrush(color) : QBrush(m_theme.background), 6 * m_scale));
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
}

void RooflineChart::buildPoints()
{
    // One graph per look (kind, colour, highlight): 50 points cost a handful of plottables.
    QMap<std::tuple<int, int, bool>, QCPGraph *> graphs;
    QCPGraph *halo = nullptr;
    bool legendPredicted = false, legendMeasured = false;
    for (const auto &group : shown(m_points)) {
        for (const ChartPoint &p : group) {
            if (m_log && (p.ai <= 0 || p.flopPerS <= 0))
                continue;
            const bool measured = p.kind == ChartPoint::Kind::Measured;
            const bool lit = p.highlighted || (!m_highlighted.isEmpty() && p.id == m_highlighted);
            const auto key = std::make_tuple(int(measured), p.gpuIndex, lit);
            QCPGraph *g = graphs.value(key);
            if (!g) {
                const QColor color = m_theme.gpuColor(p.gpuIndex);
                g = m_plot->addGraph();
                g->setLineStyle(QCPGraph::lsNone);
                g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(color, (lit ? 2.6 : 2.0) * m_scale),
                                                   measured ? QBrush(color) : QBrush(m_theme.background),
                                                   (lit ? 13 : 10) * m_scale));
                graphs.insert(key, g);
                if (!measured && !legendPredicted) {
                    g->setName(tr("predicted (hollow)"));
                    g->addToLegend();
                    legendPredicted = true;
                } else if (measured && !legendMeasured) {
                    g->setName(tr("measured (filled)"));
                    g->addToLegend();
                    legendMeasured = true;
                }
            }
            g->addData(p.ai, p.flopPerS);
            // Half the marker's size plus half its pen; the halo's ring is part of a lit one.
            const double radius = lit ? 13 : 6;
            m_markers.append({QPointF(p.ai, p.flopPerS), radius});
            if (lit) {
                if (!halo) {
                    halo = m_plot->addGraph();
                    halo->setLineStyle(QCPGraph::lsNone);
                    halo->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(m_theme.highlight, 4 * m_scale),
                                                          Qt::NoBrush, 22 * m_scale));
                }
                halo->addData(p.ai, p.flopPerS);
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
}

// ---- label placement

namespace {

// A label's box where it would go: axis-aligned, or turned about its anchor (along a diagonal).
// Plain values, no allocation: placement tries thousands of them per layout.
struct Box
{
    QRectF rect;   // unturned, around the anchor
    bool turned = false;
    QPointF pivot; // turned: the anchor it turns about
    double cosA = 1, sinA = 0;
    std::array<QPointF, 4> quad; // rect turned
    QRectF bounds;               // quad's bounding box

    QPointF turn(const QPointF &p) const
    {
        const QPointF d = p - pivot;
        return pivot + QPointF(d.x() * cosA - d.y() * sinA, d.x() * sinA + d.y() * cosA);
    }
    QPointF unturn(const QPointF &p) const
    {
        const QPointF d = p - pivot;
        return pivot + QPointF(d.x() * cosA + d.y() * sinA, -d.x() * sinA + d.y() * cosA);
    }
    void setRect(const QRectF &r)
    {
        rect = r;
        quad = {r.topLeft(), r.topRight(), r.bottomRight(), r.bottomLeft()};
        if (!turned) {
            bounds = r;
            return;
        }
        double x0 = kInf, y0 = kInf, x1 = -kInf, y1 = -kInf;
        for (QPointF &q : quad) {
            q = turn(q);
            x0 = std::min(x0, q.x());
            y0 = std::min(y0, q.y());
            x1 = std::max(x1, q.x());
            y1 = std::max(y1, q.y());
        }
        bounds = QRectF(QPointF(x0, y0), QPointF(x1, y1));
    }
    QPolygonF polygon() const { return QPolygonF({quad[0], quad[1], quad[2], quad[3]}); }
};

Box makeBox(const QPointF &pos, const QSizeF &size, Qt::Alignment align, double angle)
{
    Box b;
    b.turned = angle != 0;
    if (b.turned) {
        b.pivot = pos;
        b.cosA = std::cos(angle * M_PI / 180);
        b.sinA = std::sin(angle * M_PI / 180);
    }
    b.setRect(alignedRect(pos, size, align));
    return b;
}

Box inflated(const Box &b, double by)
{
    Box out = b;
    out.setRect(b.rect.adjusted(-by, -by, by, by));
    return out;
}

// Separating axis test for two convex quads; touching is not overlapping.
bool quadsOverlap(const std::array<QPointF, 4> &a, const std::array<QPointF, 4> &b)
{
    for (const auto *poly : {&a, &b})
        for (int i = 0; i < 4; ++i) {
            const QPointF e = (*poly)[(i + 1) % 4] - (*poly)[i];
            const QPointF n(-e.y(), e.x());
            double aLo = kInf, aHi = -kInf, bLo = kInf, bHi = -kInf;
            for (const QPointF &p : a) {
                const double d = p.x() * n.x() + p.y() * n.y();
                aLo = std::min(aLo, d);
                aHi = std::max(aHi, d);
            }
            for (const QPointF &p : b) {
                const double d = p.x() * n.x() + p.y() * n.y();
                bLo = std::min(bLo, d);
                bHi = std::max(bHi, d);
            }
            if (aHi <= bLo || bHi <= aLo)
                return false;
        }
    return true;
}

bool overlaps(const Box &a, const Box &b)
{
    if (!a.bounds.intersects(b.bounds))
        return false;
    if (!a.turned && !b.turned)
        return true;
    return quadsOverlap(a.quad, b.quad);
}

struct Segment
{
    QPointF a, b;
    int line = -1; // index into m_lines, -1 for other strokes
};

// Whether a stroke runs through the box (in the box's own, unturned frame).
bool crosses(const Box &box, const Segment &s)
{
    if (std::max(s.a.x(), s.b.x()) < box.bounds.left() || std::min(s.a.x(), s.b.x()) > box.bounds.right() ||
        std::max(s.a.y(), s.b.y()) < box.bounds.top() || std::min(s.a.y(), s.b.y()) > box.bounds.bottom())
        return false;
    const QPointF a = box.turned ? box.unturn(s.a) : s.a;
    const QPointF b = box.turned ? box.unturn(s.b) : s.b;
    if (std::max(a.x(), b.x()) < box.rect.left() || std::min(a.x(), b.x()) > box.rect.right() ||
        std::max(a.y(), b.y()) < box.rect.top() || std::min(a.y(), b.y()) > box.rect.bottom())
        return false;
    double t0, t1;
    return clipSegment(a, b, box.rect, &t0, &t1);
}

// The point of r nearest to p (where a leader line meets its label).
QPointF nearestOn(const QRectF &r, const QPointF &p)
{
    return {std::clamp(p.x(), r.left(), r.right()), std::clamp(p.y(), r.top(), r.bottom())};
}

} // namespace

QRectF RooflineChart::plotArea() const
{
    return QRectF(m_plot->axisRect()->rect()).translated(m_plot->pos());
}

QList<RooflineChart::PlacedLabel> RooflineChart::placedLabels() const
{
    QList<PlacedLabel> out;
    const QPointF offset = m_plot->pos();
    for (const Label &l : m_labels)
        if (l.placed) {
            PlacedLabel p;
            p.text = l.item->text();
            p.fullText = l.fullText;
            p.shape = l.shape.translated(offset);
            p.rect = p.shape.boundingRect();
            p.lineCrossings = l.crossings;
            p.leader = l.leader && l.leader->visible();
            out << p;
        }
    return out;
}

QStringList RooflineChart::hiddenLabels() const
{
    QStringList out;
    for (const Label &l : m_labels)
        if (!l.placed)
            out << l.fullText;
    return out;
}

QList<QRectF> RooflineChart::markerRects() const
{
    QList<QRectF> out;
    for (const QRectF &r : m_markerRects)
        out << r.translated(m_plot->pos());
    return out;
}

// Each label, by priority, takes the first free place among candidates near its item: free
// means inside the plot, clear of every marker, of the legend and of the labels placed before
// it, and preferably of every line (a label across a ceiling reads as part of it). A point
// label with no free place near its marker moves further out with a thin leader line; any
// label that still finds no room is hidden, and its text shows as a tooltip when the mouse
// is on its point, ridge or line (labelTipAt()).
void RooflineChart::placeLabels()
{
    const QRectF area = QRectF(m_plot->axisRect()->rect()).adjusted(2, 2, -2, -2);
    QCPAxis *xa = m_plot->xAxis;
    QCPAxis *ya = m_plot->yAxis;
    auto pixel = [&](double x, double y) { return QPointF(xa->coordToPixel(x), ya->coordToPixel(y)); };
    auto placeable = [&](const QPointF &p) { return std::isfinite(p.x()) && std::isfinite(p.y()); };
    const double k = m_scale; // offsets grow with the fonts and markers

    // Hard obstacles: the legend, markers, and labels as they are placed.
    QList<Box> taken;
    if (m_plot->legend->visible())
        taken << makeBox(QRectF(m_plot->legend->outerRect()).topLeft(), QRectF(m_plot->legend->outerRect()).size(),
                         Qt::AlignLeft | Qt::AlignTop, 0);
    m_markerRects.clear();
    for (const Marker &m : std::as_const(m_markers)) {
        if (m_log && (m.data.x() <= 0 || m.data.y() <= 0))
            continue;
        const QPointF c = pixel(m.data.x(), m.data.y());
        const double r = m.radius * k;
        const QRectF rect(c - QPointF(r, r), QSizeF(2 * r, 2 * r));
        if (!placeable(c) || !rect.intersects(area))
            continue;
        m_markerRects << rect;
        taken << makeBox(rect.topLeft(), rect.size(), Qt::AlignLeft | Qt::AlignTop, 0);
    }
    const qsizetype firstLabel = taken.size();

    // Soft obstacles: every stroke on the plot, as pixel segments.
    QList<Segment> strokes;
    for (int i = 0; i < m_lines.size(); ++i) {
        const QCPGraph *g = m_lines.at(i).graph;
        for (int j = 0; j + 1 < g->dataCount(); ++j) {
            const QPointF a = pixel(g->data()->at(j)->key, g->data()->at(j)->value);
            const QPointF b = pixel(g->data()->at(j + 1)->key, g->data()->at(j + 1)->value);
            double t0, t1;
            if (placeable(a) && placeable(b) && clipSegment(a, b, area, &t0, &t1))
                strokes.append({a + (b - a) * t0, a + (b - a) * t1, i});
        }
    }
    for (const QPointF &d : std::as_const(m_dropLines)) {
        const QPointF a = pixel(d.x(), d.y());
        if (placeable(a))
            strokes.append({a, QPointF(a.x(), area.bottom() + 2), -1});
    }
    for (const QList<QPointF> &path : std::as_const(m_trailPaths))
        for (int j = 0; j + 1 < path.size(); ++j) {
            const QPointF a = pixel(path[j].x(), path[j].y()), b = pixel(path[j + 1].x(), path[j + 1].y());
            if (placeable(a) && placeable(b))
                strokes.append({a, b, -1});
        }

    QList<int> order(m_labels.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(),
                     [this](int a, int b) { return m_labels[a].priority < m_labels[b].priority; });

    struct Candidate
    {
        QPointF pos;
        Qt::Alignment align;
        double angle = 0;
        bool leader = false;
        bool off = false; // a little away from its line: placed only when no place beside it is free
        QPointF from;     // a leader's start on the item; null: from the marker's edge towards the label
    };
    QList<Candidate> candidates;
    candidates.reserve(64);

    for (int idx : order) {
        Label &l = m_labels[idx];
        QCPItemText *item = l.item;
        if (l.size.isEmpty()) {
            // As QCPItemText measures it; the text and font stay until the next rebuild.
            const QMargins pad = item->padding();
            const QSize text = QFontMetrics(item->font(), m_plot).boundingRect(QRect(), Qt::TextDontClip, item->text()).size();
            l.size = QSizeF(text.width() + pad.left() + pad.right() + 1, text.height() + pad.top() + pad.bottom() + 1);
        }
        const QSizeF size = l.size;
        const double w = size.width();

        candidates.clear();
        QPointF anchor; // Point and Ridge: the marker's centre
        double gap = 0; // Point and Ridge: centre to the nearest text edge
        switch (l.anchor) {
        case Label::Anchor::Point: {
            anchor = pixel(l.data.x(), l.data.y());
            gap = (l.markerRadius + 3) * k;
            const double d = gap * 0.75; // diagonal neighbours sit as close as the side ones
            candidates = {{anchor + QPointF(gap, 0), Qt::AlignLeft | Qt::AlignVCenter},
                          {anchor + QPointF(0, -gap), Qt::AlignHCenter | Qt::AlignBottom},
                          {anchor + QPointF(-gap, 0), Qt::AlignRight | Qt::AlignVCenter},
                          {anchor + QPointF(0, gap), Qt::AlignHCenter | Qt::AlignTop},
                          {anchor + QPointF(d, -d), Qt::AlignLeft | Qt::AlignBottom},
                          {anchor + QPointF(d, d), Qt::AlignLeft | Qt::AlignTop},
                          {anchor + QPointF(-d, d), Qt::AlignRight | Qt::AlignTop},
                          {anchor + QPointF(-d, -d), Qt::AlignRight | Qt::AlignBottom}};
            // Further out, with a leader line back to the marker.
            for (double far : {26.0, 44.0, 66.0, 92.0}) {
                const double r = gap + far * k, q = r * 0.72;
                candidates.append({anchor + QPointF(r, 0), Qt::AlignLeft | Qt::AlignVCenter, 0, true});
                candidates.append({anchor + QPointF(-r, 0), Qt::AlignRight | Qt::AlignVCenter, 0, true});
                candidates.append({anchor + QPointF(q, -q), Qt::AlignLeft | Qt::AlignBottom, 0, true});
                candidates.append({anchor + QPointF(q, q), Qt::AlignLeft | Qt::AlignTop, 0, true});
                candidates.append({anchor + QPointF(-q, q), Qt::AlignRight | Qt::AlignTop, 0, true});
                candidates.append({anchor + QPointF(-q, -q), Qt::AlignRight | Qt::AlignBottom, 0, true});
                candidates.append({anchor + QPointF(0, -r), Qt::AlignHCenter | Qt::AlignBottom, 0, true});
                candidates.append({anchor + QPointF(0, r), Qt::AlignHCenter | Qt::AlignTop, 0, true});
            }
            break;
        }
        case Label::Anchor::Ridge: {
            // Beside the dashed drop line, at the ridge or further down it (the line leads the
            // eye), then above the ridge, then out with a leader.
            anchor = pixel(l.data.x(), l.data.y());
            gap = (l.markerRadius + 2) * k;
            for (double down : {1.0, 18.0, 34.0, 52.0, 72.0, 96.0, 124.0, 156.0, 192.0}) {
                const double y = anchor.y() + gap + (down - 1) * k;
                candidates.append({QPointF(anchor.x() + 5 * k, y), Qt::AlignLeft | Qt::AlignTop});
                candidates.append({QPointF(anchor.x() - 5 * k, y), Qt::AlignRight | Qt::AlignTop});
            }
            candidates.append({anchor + QPointF(-gap, -gap), Qt::AlignRight | Qt::AlignBottom});
            candidates.append({anchor + QPointF(gap, -gap), Qt::AlignLeft | Qt::AlignBottom});
            break;
        }
        case Label::Anchor::RightEdge: {
            // Along the ceiling from the right edge leftwards to where it starts, the preferred
            // side first.
            const Line &line = m_lines.at(l.line);
            const double y = ya->coordToPixel(line.value);
            const double start = std::max(line.limit > 0 || !m_log ? xa->coordToPixel(line.limit) : area.left(), area.left());
            const double step = std::max(24.0 * k, w / 3);
            // Beside the line, then a label's height off it (markers on the line: the roof's
            // predicted points), which still reads as the line's if nothing lies between.
            // Further off, a thin leader line ties it to the ceiling.
            for (int row = 0; row < 4; ++row) {
                const double off = 2 * k + row * (size.height() + 2 * k);
                for (bool below : {l.below, !l.below})
                    // At the right edge even where the visible ceiling is shorter than its label.
                    for (double x = area.right() - 4; x == area.right() - 4 || x - w >= start; x -= step)
                        candidates.append({QPointF(x, below ? y + off : y - off),
                                           Qt::AlignRight | (below ? Qt::AlignTop : Qt::AlignBottom), 0, row > 1, row == 1,
                                           QPointF(std::max(x - w / 2, start), y)});
            }
            break;
        }
        case Label::Anchor::AlongLine: {
            const Line &line = m_lines.at(l.line);
            if (line.graph->dataCount() < 2)
                break;
            const QPointF a = pixel(line.graph->data()->at(0)->key, line.graph->data()->at(0)->value);
            const QPointF b = pixel(line.graph->data()->at(1)->key, line.graph->data()->at(1)->value);
            double t0, t1;
            if (!placeable(a) || !placeable(b) || !clipSegment(a, b, area, &t0, &t1))
                break;
            const double angle = std::atan2(b.y() - a.y(), b.x() - a.x()) * 180 / M_PI;
            const QPointF normal = QPointF(-(b.y() - a.y()), b.x() - a.x()) / std::hypot(b.x() - a.x(), b.y() - a.y());
            for (bool below : {l.below, !l.below})
                for (double f : {0.08, 0.2, 0.32, 0.44, 0.56, 0.68, 0.8}) {
                    const double t = t0 + (t1 - t0) * f;
                    // Nudge off the line so the text does not sit on the stroke.
                    const QPointF p = a + (b - a) * t + normal * ((below ? 2.0 : -2.0) * k);
                    candidates.append({p, Qt::AlignLeft | (below ? Qt::AlignTop : Qt::AlignBottom), angle});
                }
            break;
        }
        case Label::Anchor::Region: {
            double x = std::isfinite(l.data.x()) ? xa->coordToPixel(l.data.x()) : area.left();
            x = std::max(x, area.left());
            // The top corner of its region, a little lower, down at the bottom, or half-way.
            for (double y : {4.0, 24.0, 44.0})
                candidates.append({QPointF(x + 6, area.top() + y * k), Qt::AlignLeft | Qt::AlignTop});
            for (double y : {4.0, 24.0})
                candidates.append({QPointF(x + 6, area.bottom() - y * k), Qt::AlignLeft | Qt::AlignBottom});
            for (double f : {0.5, 0.62, 0.38, 0.74})
                candidates.append({QPointF(x + 6, area.top() + area.height() * f), Qt::AlignLeft | Qt::AlignVCenter});
            break;
        }
        }

        // From the marker's edge (or the candidate's point on its line) to the label's nearest point.
        auto leaderFor = [&](const Candidate &c, const Box &box) {
            const QPointF from = c.from.isNull() ? anchor : c.from;
            const QPointF end = nearestOn(box.rect, from);
            if (!c.from.isNull())
                return QLineF(from, end);
            const QPointF dir = (end - from) / std::max(1e-9, std::hypot(end.x() - from.x(), end.y() - from.y()));
            return QLineF(from + dir * gap * 0.8, end);
        };

        // Cost: a line through the label counts 10, a leader 15, and later candidates a little
        // more than earlier ones; the first free candidate with no line through it wins outright.
        int best = -1;
        double bestCost = kInf;
        Box bestBox;
        int bestCrossings = 0;
        for (int ci = 0; ci < candidates.size(); ++ci) {
            const Candidate &c = candidates.at(ci);
            if (bestCost < kInf && c.leader && bestCost <= 15)
                break; // a leader never beats a near place with at most one line through it
            const Box box = makeBox(c.pos, size, c.align, c.angle);
            if (!area.contains(box.bounds))
                continue;
            const Box padded = inflated(box, 1); // a pixel's gap to the other labels: they never touch
            bool free = true;
            for (qsizetype i = 0; i < taken.size() && free; ++i)
                free = !overlaps(i >= firstLabel ? padded : box, taken.at(i));
            if (!free)
                continue;
            QLineF leader;
            if (c.leader) {
                leader = leaderFor(c, box);
                bool clear = true;
                for (qsizetype i = firstLabel; i < taken.size() && clear; ++i)
                    clear = !crosses(taken.at(i), {leader.p1(), leader.p2()});
                if (!clear)
                    continue;
            }
            int crossings = 0;
            for (const Segment &s : std::as_const(strokes))
                if (s.line != l.line || l.line < 0)
                    crossings += crosses(box, s) ? 1 : 0;
            const double cost = crossings * 10 + (c.leader ? 15 : 0) + (c.off ? 5 : 0) + ci * 0.01;
            if (cost < bestCost) {
                bestCost = cost;
                best = ci;
                bestBox = box;
                bestCrossings = crossings;
            }
            if (crossings == 0)
                break; // every candidate after this one costs more
        }

        l.placed = best >= 0;
        item->setVisible(l.placed);
        if (l.leader)
            l.leader->setVisible(false);
        if (!l.placed)
            continue;
        const Candidate &c = candidates.at(best);
        item->position->setCoords(c.pos);
        item->setPositionAlignment(c.align);
        item->setRotation(c.angle);
        l.shape = bestBox.polygon();
        l.crossings = bestCrossings;
        taken << bestBox;
        if (c.leader) {
            if (!l.leader) {
                l.leader = new QCPItemLine(m_plot);
                l.leader->setSelectable(false);
                l.leader->setClipToAxisRect(true);
                l.leader->start->setType(QCPItemPosition::ptAbsolute);
                l.leader->end->setType(QCPItemPosition::ptAbsolute);
            }
            QPen pen(item->color(), std::max(0.8, 0.8 * k));
            l.leader->setPen(pen);
            const QLineF leader = leaderFor(c, bestBox);
            l.leader->start->setCoords(leader.p1());
            l.leader->end->setCoords(leader.p2());
            l.leader->setVisible(true);
            strokes.append({leader.p1(), leader.p2(), -1});
        }
    }
}

QString RooflineChart::labelTipAt(const QPoint &pos) const
{
    const QPointF p(pos);
    QCPAxis *xa = m_plot->xAxis;
    QCPAxis *ya = m_plot->yAxis;
    for (const Label &l : m_labels) {
        if (l.placed) {
            if (l.item->text() != l.fullText && l.shape.containsPoint(p, Qt::OddEvenFill))
                return l.fullText;
            continue;
        }
        switch (l.anchor) {
        case Label::Anchor::Ridge: {
            const QPointF c(xa->coordToPixel(l.data.x()), ya->coordToPixel(l.data.y()));
            if (std::hypot(c.x() - p.x(), c.y() - p.y()) <= 8)
                return l.fullText;
            break;
        }
        case Label::Anchor::RightEdge:
        case Label::Anchor::AlongLine: {
            const QCPGraph *g = m_lines.at(l.line).graph;
            for (int j = 0; j + 1 < g->dataCount(); ++j) {
                const QLineF seg(QPointF(xa->coordToPixel(g->data()->at(j)->key), ya->coordToPixel(g->data()->at(j)->value)),
                                 QPointF(xa->coordToPixel(g->data()->at(j + 1)->key),
                                         ya->coordToPixel(g->data()->at(j + 1)->value)));
                const QPointF d = seg.p2() - seg.p1();
                const double len2 = d.x() * d.x() + d.y() * d.y();
                if (!(len2 > 0) || !std::isfinite(len2))
                    continue;
                const double t = std::clamp(((p.x() - seg.x1()) * d.x() + (p.y() - seg.y1()) * d.y()) / len2, 0.0, 1.0);
                const QPointF q = seg.p1() + d * t;
                if (std::hypot(q.x() - p.x(), q.y() - p.y()) <= 4)
                    return l.fullText;
            }
            break;
        }
        default:
            break;
        }
    }
    return {};
}

// ---- mouse

QString RooflineChart::hitTest(const QPoint &pos) const
{
    QString best;
    double bestDist = 9;
    for (const auto &group : shown(m_points))
        for (const ChartPoint &p : group) {
            if (m_log && (p.ai <= 0 || p.flopPerS <= 0))
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
        if (const ChartPoint *p = id.isEmpty() ? nullptr : findPoint(id))
            QToolTip::showText(e->globalPosition().toPoint(), p->tooltip.isEmpty() ? p->label : p->tooltip, m_plot);
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
