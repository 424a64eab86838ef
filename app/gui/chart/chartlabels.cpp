#include "chart/rooflinechart.h"
#include "chart/rooflinechart_p.h"

#include <qcustomplot.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <numeric>

using namespace rooflinechart_p;

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

// ---- label placement

namespace {

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

// A label's box where it would go: axis-aligned, or turned about its anchor (along a diagonal).
// Plain values, no allocation: placement tries thousands of them per layout.
struct Box
{
    QRectF rect; // unturned, around the anchor
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

double pointToSegment(const QPointF &p, const QPointF &a, const QPointF &b)
{
    const QPointF d = b - a;
    const double len2 = d.x() * d.x() + d.y() * d.y();
    const double t =
        len2 > 0 ? std::clamp(((p.x() - a.x()) * d.x() + (p.y() - a.y()) * d.y()) / len2, 0.0, 1.0) : 0.0;
    const QPointF q = a + d * t;
    return std::hypot(p.x() - q.x(), p.y() - q.y());
}

// How far a stroke passes from the box: 0 through it, else the nearest corner or end.
double distance(const Box &box, const Segment &s)
{
    if (crosses(box, s))
        return 0;
    double best = kInf;
    for (int i = 0; i < 4; ++i) {
        best = std::min(best, pointToSegment(box.quad[size_t(i)], s.a, s.b));
        best = std::min(best, pointToSegment(s.a, box.quad[size_t(i)], box.quad[size_t((i + 1) % 4)]));
        best = std::min(best, pointToSegment(s.b, box.quad[size_t(i)], box.quad[size_t((i + 1) % 4)]));
    }
    return best;
}

// The obstacles placement checks, bucketed by where they lie: a candidate is held only against
// the boxes in the cells it covers, so 10,000 point markers cost what a few dozen did.
class BoxGrid
{
public:
    BoxGrid(const QRectF &area, double cell)
        : m_origin(area.topLeft()), m_cell(cell), m_cols(std::max(1, int(std::ceil(area.width() / cell)))),
          m_rows(std::max(1, int(std::ceil(area.height() / cell)))), m_cells(size_t(m_cols) * size_t(m_rows))
    {
    }
    void insert(int index, const QRectF &bounds)
    {
        const auto [c0, r0, c1, r1] = span(bounds);
        for (int r = r0; r <= r1; ++r)
            for (int c = c0; c <= c1; ++c)
                m_cells[size_t(r) * size_t(m_cols) + size_t(c)].push_back(index);
    }
    // Whether hit(i) holds for any box in the cells bounds covers (a box may be asked twice).
    template <typename F> bool any(const QRectF &bounds, F hit) const
    {
        const auto [c0, r0, c1, r1] = span(bounds);
        for (int r = r0; r <= r1; ++r)
            for (int c = c0; c <= c1; ++c)
                for (int i : m_cells[size_t(r) * size_t(m_cols) + size_t(c)])
                    if (hit(i))
                        return true;
        return false;
    }

private:
    std::array<int, 4> span(const QRectF &b) const
    {
        auto clampTo = [](double v, int n) { return std::clamp(int(std::floor(v)), 0, n - 1); };
        return {clampTo((b.left() - m_origin.x()) / m_cell, m_cols),
                clampTo((b.top() - m_origin.y()) / m_cell, m_rows),
                clampTo((b.right() - m_origin.x()) / m_cell, m_cols),
                clampTo((b.bottom() - m_origin.y()) / m_cell, m_rows)};
    }
    QPointF m_origin;
    double m_cell;
    int m_cols, m_rows;
    std::vector<std::vector<int>> m_cells;
};

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
            p.line = l.line;
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

QList<QPolygonF> RooflineChart::linePaths() const
{
    QList<QPolygonF> out;
    const QPointF offset = m_plot->pos();
    for (const Line &line : m_lines) {
        QPolygonF path;
        const QCPGraph *g = line.graph;
        for (int j = 0; j < g->dataCount(); ++j)
            path << QPointF(m_plot->xAxis->coordToPixel(g->data()->at(j)->key),
                            m_plot->yAxis->coordToPixel(g->data()->at(j)->value)) +
                        offset;
        out << path;
    }
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
    BoxGrid grid(area, 40); // boxes past the plot's edge land in its edge cells

    auto take = [&taken, &grid](const Box &b) {
        grid.insert(int(taken.size()), b.bounds);
        taken << b;
    };
    if (m_plot->legend->visible())
        take(makeBox(QRectF(m_plot->legend->outerRect()).topLeft(),
                     QRectF(m_plot->legend->outerRect()).size(), Qt::AlignLeft | Qt::AlignTop, 0));
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
        take(makeBox(rect.topLeft(), rect.size(), Qt::AlignLeft | Qt::AlignTop, 0));
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
        bool off = false;    // a little away from its line: placed only when no place beside it is free
        QPointF from;        // a leader's start on the item; null: from the marker's edge towards the label
        bool onLine = false; // across its own line: after the places beside it
    };
    QList<Candidate> candidates;
    candidates.reserve(64);

    for (int idx : order) {
        Label &l = m_labels[idx];
        QCPItemText *item = l.item;
        if (l.size.isEmpty()) {
            // As QCPItemText measures it; the text and font stay until the next rebuild.
            const QMargins pad = item->padding();
            const QSize text = QFontMetrics(item->font(), m_plot)
                                   .boundingRect(QRect(), Qt::TextDontClip, item->text())
                                   .size();
            l.size = QSizeF(text.width() + pad.left() + pad.right() + 1,
                            text.height() + pad.top() + pad.bottom() + 1);
        }
        const QSizeF size = l.size;
        const double w = size.width();

        candidates.clear();
        QPointF anchor; // Point and Ridge: the marker's centre
        double gap = 0; // Point and Ridge: centre to the nearest text edge
        switch (l.anchor) {
        case Label::Anchor::Point: {
            anchor = pixel(l.data.x(), l.data.y());
            if (!area.contains(anchor))
                break; // its point is out of view: a label at the edge would name nothing there
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
            // Only a ridge with a drop line has a line to lead the eye down it; any other ridge
            // label stays beside its point, or goes out with a leader to it (far down the
            // chart on its own it sat beside another ridge's point and was read as that one's).
            const bool dropLine = m_dropLines.contains(l.data);
            const QList<double> downs =
                dropLine ? QList<double>{1.0, 18.0, 34.0, 52.0, 72.0, 96.0, 124.0, 156.0, 192.0}
                         : QList<double>{1.0, 14.0};
            for (double down : downs) {
                const double y = anchor.y() + gap + (down - 1) * k;
                candidates.append({QPointF(anchor.x() + 5 * k, y), Qt::AlignLeft | Qt::AlignTop});
                candidates.append({QPointF(anchor.x() - 5 * k, y), Qt::AlignRight | Qt::AlignTop});
            }
            candidates.append({anchor + QPointF(-gap, -gap), Qt::AlignRight | Qt::AlignBottom});
            candidates.append({anchor + QPointF(gap, -gap), Qt::AlignLeft | Qt::AlignBottom});
            if (!dropLine)
                for (double far : {26.0, 44.0, 66.0, 92.0}) {
                    const double r = gap + far * k, q = r * 0.72;
                    candidates.append({anchor + QPointF(q, q), Qt::AlignLeft | Qt::AlignTop, 0, true});
                    candidates.append({anchor + QPointF(-q, q), Qt::AlignRight | Qt::AlignTop, 0, true});
                    candidates.append({anchor + QPointF(-q, -q), Qt::AlignRight | Qt::AlignBottom, 0, true});
                    candidates.append({anchor + QPointF(q, -q), Qt::AlignLeft | Qt::AlignBottom, 0, true});
                    candidates.append({anchor + QPointF(r, 0), Qt::AlignLeft | Qt::AlignVCenter, 0, true});
                    candidates.append({anchor + QPointF(-r, 0), Qt::AlignRight | Qt::AlignVCenter, 0, true});
                }
            break;
        }
        case Label::Anchor::RightEdge: {
            // Along the ceiling from the right edge leftwards to where it starts, the preferred
            // side first.
            const Line &line = m_lines.at(l.line);
            const double y = ya->coordToPixel(line.value);
            const double start =
                std::max(line.limit > 0 || !m_log ? xa->coordToPixel(line.limit) : area.left(), area.left());
            const double step = std::max(24.0 * k, w / 3);
            // Beside the line, then a label's height off it (markers on the line: the roof's
            // predicted points), which still reads as the line's if nothing lies between.
            // Further off, a thin leader line ties it to the ceiling.
            // Between two roofs closer than a label's height (FP8 over BF16 on a small chart)
            // neither side is nearer its own line: then the label sits on it, the line passing
            // under its box.
            auto alongTheLine = [&](double dy, Qt::Alignment side, bool leader, bool off, bool onLine) {
                // At the right edge even where the visible ceiling is shorter than its label.
                for (double x = area.right() - 4; x == area.right() - 4 || x - w >= start; x -= step) {
                    candidates.append({QPointF(x, y + dy), Qt::AlignRight | side, 0, leader, off,
                                       QPointF(std::max(x - w / 2, start), y)});
                    candidates.last().onLine = onLine;
                }
            };
            for (int row = 0; row < 4; ++row) {
                const double off = 2 * k + row * (size.height() + 2 * k);
                for (bool below : {l.below, !l.below})
                    alongTheLine(below ? off : -off, below ? Qt::AlignTop : Qt::AlignBottom, row > 1,
                                 row == 1, false);
                if (row == 0)
                    alongTheLine(0, Qt::AlignVCenter, false, false, true);
            }
            // A ceiling whose visible stretch is short and crowded with points (the big GEMMs of
            // the H200 ladder under a Blackwell roof) may put its label on its level just left of
            // where it starts, where there is room for it, with a leader to its first pixel.
            if (start > area.left() + w) {
                candidates.append({QPointF(start - 4 * k, y), Qt::AlignRight | Qt::AlignVCenter, 0, true,
                                   true, QPointF(start, y)});
                for (bool below : {l.below, !l.below})
                    candidates.append({QPointF(start - 4 * k, below ? y + 2 * k : y - 2 * k),
                                       Qt::AlignRight | (below ? Qt::AlignTop : Qt::AlignBottom), 0, true,
                                       true, QPointF(start, y)});
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
            const QPointF normal =
                QPointF(-(b.y() - a.y()), b.x() - a.x()) / std::hypot(b.x() - a.x(), b.y() - a.y());
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
                candidates.append(
                    {QPointF(x + 6, area.top() + area.height() * f), Qt::AlignLeft | Qt::AlignVCenter});
            break;
        }
        }

        auto nearestIsOwn = [&](const Box &box) {
            double own = kInf, other = kInf;
            for (const Segment &s : std::as_const(strokes))
                if (s.line == l.line)
                    own = std::min(own, distance(box, s));
                else if (s.line >= 0)
                    other = std::min(other, distance(box, s));
            return own <= other;
        };

        // From the marker's edge (or the candidate's point on its line) to the label's nearest point.
        auto leaderFor = [&](const Candidate &c, const Box &box) {
            const QPointF from = c.from.isNull() ? anchor : c.from;
            const QPointF end = nearestOn(box.rect, from);
            if (!c.from.isNull())
                return QLineF(from, end);
            const QPointF dir =
                (end - from) / std::max(1e-9, std::hypot(end.x() - from.x(), end.y() - from.y()));
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
            if (grid.any(padded.bounds,
                         [&](int i) { return overlaps(i >= firstLabel ? padded : box, taken.at(i)); }))
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
            // A ceiling's label beside its line reads as that line's only when no other line
            // is as near: a roof a factor of two above (FP8 over BF16) would otherwise take it.
            // Further off, the leader line ties it to its own.
            if (l.line >= 0 && !c.leader && !nearestIsOwn(box))
                continue;
            int crossings = 0;
            for (const Segment &s : std::as_const(strokes))
                if (s.line != l.line || l.line < 0)
                    crossings += crosses(box, s) ? 1 : 0;
            const double cost =
                crossings * 10 + (c.leader ? 15 : 0) + (c.off ? 5 : 0) + (c.onLine ? 3 : 0) + ci * 0.01;
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
        take(bestBox);
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
                const QLineF seg(QPointF(xa->coordToPixel(g->data()->at(j)->key),
                                         ya->coordToPixel(g->data()->at(j)->value)),
                                 QPointF(xa->coordToPixel(g->data()->at(j + 1)->key),
                                         ya->coordToPixel(g->data()->at(j + 1)->value)));
                const QPointF d = seg.p2() - seg.p1();
                const double len2 = d.x() * d.x() + d.y() * d.y();
                if (!(len2 > 0) || !std::isfinite(len2))
                    continue;
                const double t =
                    std::clamp(((p.x() - seg.x1()) * d.x() + (p.y() - seg.y1()) * d.y()) / len2, 0.0, 1.0);
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
