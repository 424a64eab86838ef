#pragma once

#include "chart/chartdata.h"
#include "chart/charttheme.h"
#include "gpu.h"

#include <QHash>
#include <QImage>
#include <QList>
#include <QPen>
#include <QPointF>
#include <QPolygonF>
#include <QRectF>
#include <QStringList>
#include <QWidget>

#include <array>
#include <functional>
#include <optional>

class QCustomPlot;
class QCPAbstractItem;
class QCPItemLine;
class QCPItemText;
class QCPGraph;
class QCPScatterStyle;

// The roofline chart: the one widget that wraps QCustomPlot. Everything outside talks to it
// in domain terms (GPUs, visible precisions and levels, points, trails, measured ceilings)
// and never touches QCustomPlot. Every setter rebuilds the plot; several changes in a row
// can be batched with setUpdatesSuspended(true) ... (false).
class RooflineChart : public QWidget
{
    Q_OBJECT

public:
    static constexpr int kMaxGpus = 4;

    explicit RooflineChart(QWidget *parent = nullptr);
    ~RooflineChart() override;

    // GPUs to draw; the first is the primary one (shading, default view). Extra entries
    // beyond kMaxGpus are ignored.
    void setGpus(const QList<model::Gpu> &gpus);
    QList<model::Gpu> gpus() const { return m_gpus; }
    // Precisions ("bf16_tc") and memory levels ("hbm") to draw, where a GPU has them.
    void setVisiblePrecisions(const QStringList &precisions);
    QStringList visiblePrecisions() const { return m_precisions; }
    void setVisibleLevels(const QStringList &levels);
    QStringList visibleLevels() const { return m_levels; }

    void setLogScale(bool log);
    bool isLogScale() const { return m_log; }

    // Points, trails and measured ceilings come in named groups so that independent sources
    // (workload panel, live runs, a results file) replace only their own.
    void setPoints(const QList<ChartPoint> &points, const QString &group = {});
    void setTrails(const QList<ChartTrail> &trails, const QString &group = {});
    void setMeasuredCeilings(const QList<ChartCeiling> &ceilings, const QString &group = {});
    void clearGroup(const QString &group);
    // Draws only these groups (and takes clicks and hovers only on them); the others keep their
    // data and come back with an empty list. A name also shows the groups named "<name>-..."
    // ("results" shows "results-compare"). A lesson uses it to show just what its step is about.
    void setVisibleGroups(const QStringList &groups);
    QStringList visibleGroups() const { return m_visibleGroups; }
    // Marks one point (empty id: none); the previous one is unmarked.
    void setHighlighted(const QString &id);
    QString highlighted() const { return m_highlighted; }
    // Points the legend must not cover (a lesson step's subject; ids or labels): it moves to
    // another corner of the plot. Without any, it still leaves its corner when that hides a marker another
    // corner would not.
    void setLegendKeepClear(const QStringList &ids);
    QStringList legendKeepClear() const { return m_legendKeepClear; }
    QRectF legendRect() const; // this widget's pixels; empty when no legend is drawn

    // Emphasises the ridge of one precision ("fp32", "bf16_tc"; empty: none): a halo, a bold
    // label and a drop line to the axis, so a lesson can point at it.
    void setEmphasizedRidge(const QString &precision);
    // Predict, then reveal: points whose subject is listed are not drawn (nor hit, nor
    // labelled), and the listed precisions' ridges keep their marker but lose their label, drop
    // line and emphasis, until the cover is lifted. The view's range still counts the covered
    // points, so the axes do not jump at the reveal.
    void setCovered(const QStringList &subjects, const QStringList &ridges);
    bool isCovered(const ChartPoint &p) const
    {
        return !p.subject.isEmpty() && m_coveredSubjects.contains(p.subject);
    }
    QString emphasizedRidge() const { return m_emphasizedRidge; }
    QStringList emphasizedRidgeLabels() const { return m_emphasizedLabels; } // as drawn

    // Colours (light, dark, high contrast); rebuilds.
    void setTheme(const ChartTheme &theme);
    const ChartTheme &theme() const { return m_theme; }
    // Fonts, pen widths, marker sizes and label offsets times this (1.0 .. 3.0), for projectors.
    void setPresentationScale(double scale);
    double presentationScale() const { return m_scale; }
    QFont tickLabelFont() const;
    double ceilingPenWidth() const; // the primary GPU's compute ceilings (0 when none is drawn)

    // Holds back rebuilding while several setters run; resuming rebuilds once.
    void setUpdatesSuspended(bool suspended);

    // Back to the default view of the current GPUs.
    void resetView();

    // Export at the given size in pixels (0: the widget's size). false on a write error.
    bool savePng(const QString &file, int width = 0, int height = 0);
    bool saveSvg(const QString &file, int width = 0, int height = 0);
    bool savePdf(const QString &file, int width = 0, int height = 0);
    // By suffix (.png, .svg, .pdf).
    bool saveImage(const QString &file, int width = 0, int height = 0);
    // The chart drawn at width × height logical pixels, times scale device pixels (handouts).
    QImage toImage(int width, int height, double scale = 1.0);

    // ---- state for tests and other code, no pixel peeking needed
    QStringList ceilingLabels() const;  // datasheet compute and memory ceilings, as drawn
    QStringList ridgeLabels() const;    // "ridge 206 FLOP/B"
    QStringList measuredLabels() const; // measured ceilings
    QStringList pointIds() const;       // of the groups drawn
    std::optional<QPointF> pointCoords(const QString &id) const; // (FLOP/B, FLOP/s)
    std::optional<ChartPoint> point(const QString &id) const;    // its tooltip made if need be
    // Tooltips made when first asked for, for a group whose points leave ChartPoint::tooltip
    // empty: a chart of 50,000 points then builds only the texts someone hovers. nullptr: none.
    using TooltipFunction = std::function<QString(const QString &id)>;
    void setTooltipFunction(const QString &group, const TooltipFunction &f);
    QString tooltipOf(const QString &id) const; // the tooltip as hovering shows it
    QList<ChartPoint> points(const QString &group) const { return m_points.value(group); } // as set
    int trailCount() const;
    QStringList legendNames() const; // as drawn: GPUs, measured/predicted, the level markers
    // A point's marker diameter (pixels at scale 1) for its time share (ChartPoint::share).
    static double markerSize(double share);
    // "HBM", "L2", "L1", "Shared memory" (the primary GPU's memory type names the first).
    QString levelName(const QString &level) const;
    QRectF visibleRange() const; // x: FLOP/B, y: FLOP/s (left, bottom, width, height)
    // The tick labels the axis (Qt::Horizontal: FLOP/B) shows for the visible range.
    QStringList tickLabels(Qt::Orientation axis) const;
    void setVisibleRange(const QRectF &range);
    // Shaded region split (FLOP/B): the primary GPU's ridge for its top visible precision.
    double shadingRidge() const { return m_shadingRidge; }
    // Pixel position of a data point (for QTest mouse events in tests).
    QPoint pixelFor(double ai, double flopPerS) const;
    QWidget *plotWidget() const; // what the mouse clicks (pixelFor's point mapped into it)
    // The labels as the last layout placed them, in this widget's pixels: the text drawn (a
    // long one shortened; the full text is its tooltip), the box it covers (rotated labels:
    // shape is the turned box, rect its bounding box), how many chart lines run through it,
    // and whether it sits away from its item at the end of a leader line.
    struct PlacedLabel
    {
        QString text;
        QString fullText;
        QRectF rect;
        QPolygonF shape;
        int lineCrossings = 0;
        bool leader = false;
        int line = -1; // a ceiling's or diagonal's label: its line in linePaths()
    };
    QList<PlacedLabel> placedLabels() const;
    QList<QPointF> dropLines() const { return m_dropLines; } // ridges (data) with a line down to the axis
    QStringList hiddenLabels() const;   // full texts of labels with no room left: shown on hover
    QList<QRectF> markerRects() const;  // point, trail and ridge markers, this widget's pixels
    QList<QPolygonF> linePaths() const; // every ceiling and diagonal as drawn, this widget's pixels
    QRectF plotArea() const;            // the axis rect (inside the ticks), this widget's pixels
    // Rebuild and repaint now (normally done by each setter).
    void replot();

    static QColor gpuColor(int index);
    static QString ridgeText(double ai);

signals:
    void pointClicked(const QString &id);
    // A left click (not a drag) inside the plot, in data coordinates (FLOP/B, FLOP/s): where
    // an exercise's guess goes.
    void clickedAt(const QPointF &data);
    void pointHovered(const QString &id); // empty when the mouse leaves all points

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    // A text item and the places it may go, tried in order in placeLabels(); see there for
    // what happens to one that finds no room.
    struct Label
    {
        enum class Anchor { Point, Ridge, RightEdge, AlongLine, Region };
        QCPItemText *item = nullptr;
        QCPItemLine *leader = nullptr; // made when first needed
        Anchor anchor = Anchor::Point;
        QPointF data;            // Point, Ridge: the point; Region: x where the region starts
        int line = -1;           // AlongLine / RightEdge: index into m_lines
        bool below = false;      // RightEdge / AlongLine: text below the line instead of above
        int priority = 0;        // lower goes first
        double markerRadius = 0; // Point, Ridge: pixels (at scale 1) from the centre to the marker's edge
        QString fullText;        // the tooltip when the drawn text is shortened or hidden
        QSizeF size;             // the text's box, measured at the first placement
        // Set by placeLabels()
        bool placed = false;
        QPolygonF shape; // plot pixels
        int crossings = 0;
    };
    // A marker labels keep clear of, in data coordinates with its radius in pixels.
    struct Marker
    {
        QPointF data;
        double radius = 0; // times m_scale
    };
    // A roofline segment whose visible extent follows the view (a ceiling runs to the right
    // edge, a diagonal comes in from the left edge) without ever holding huge coordinates.
    struct Line
    {
        QCPGraph *graph = nullptr;
        bool horizontal = true;
        double value = 0; // FLOP/s (horizontal) or B/s (diagonal)
        double limit = 0; // horizontal: x where it starts; diagonal: x where it ends
    };

    void rebuild();
    void clearPlot();
    void buildRegions();
    void buildGpu(int index);
    void buildMeasured();
    void buildTrails();
    void buildPoints();
    // The look of a point's marker as the plot draws it (a pixmap copy of the shape on screen).
    QCPScatterStyle markerStyle(const QCPScatterStyle &shape) const;
    // Exports draw the shapes, not their pixmaps; set while a file is written.
    bool m_vectorMarkers = false;
    template <typename F> bool withVectorMarkers(F write);
    bool writeSvg(const QString &file, int width, int height);
    void applyAxes();
    void applyStyle(); // theme and scale on axes, grid and legend
    void updateLineExtents();
    void placeLegend(); // after layout, before the labels: the corner that hides the fewest points
    void placeLabels(); // after layout: pixel-space placement, collisions hidden
    void addLabel(Label label, const QString &text, const QColor &color, bool bold = false);
    // The label (not a point's) whose item is under pos and whose full text is not on screen.
    QString labelTipAt(const QPoint &pos) const;
    int addLine(bool horizontal, double value, double limit, const QPen &pen);
    QString hitTest(const QPoint &pos) const;
    const ChartPoint *findPoint(const QString &id) const;
    bool groupShown(const QString &group) const;
    // The groups of a hash that are drawn (implicitly shared copies).
    template <typename T> QList<QList<T>> shown(const QHash<QString, QList<T>> &groups) const
    {
        QList<QList<T>> out;
        for (auto it = groups.cbegin(); it != groups.cend(); ++it)
            if (groupShown(it.key()))
                out << it.value();
        return out;
    }
    double defaultXMin() const;
    double defaultXMax() const;
    // x0, x1, y0, y1 as exact numbers (a QRectF's right() = left + width rounds 1e4 down and
    // loses the last tick label).
    std::array<double, 4> defaultRange() const;
    void applyDefaultRange();

    QCustomPlot *m_plot = nullptr;
    QList<model::Gpu> m_gpus;
    QStringList m_precisions;
    QStringList m_levels;
    QStringList m_coveredSubjects;
    QStringList m_coveredRidges;
    bool m_log = true;
    bool m_suspended = false;
    bool m_dirty = false;
    bool m_viewSet = false; // the user or a caller moved the view; keep it on rebuild
    QString m_highlighted;
    QStringList m_legendKeepClear;
    QString m_emphasizedRidge;
    QStringList m_visibleGroups; // empty: all
    QStringList m_emphasizedLabels;
    ChartTheme m_theme = ChartTheme::light();
    double m_scale = 1.0;
    QHash<QString, QList<ChartPoint>> m_points;
    QHash<QString, TooltipFunction> m_tooltipFunctions;
    QHash<QString, QList<ChartTrail>> m_trails;
    QHash<QString, QList<ChartCeiling>> m_measured;
    QStringList m_ceilingLabels;
    QStringList m_ridgeLabels;
    QStringList m_measuredLabels;
    double m_shadingRidge = 0;
    QList<Label> m_labels;
    QList<Line> m_lines;
    QList<Marker> m_markers;
    QList<QPointF> m_dropLines;         // ridges (data) with a dashed line down to the x axis
    QList<QList<QPointF>> m_trailPaths; // data coordinates, for the lines labels avoid
    // Labels keep clear of the first level joins only: past that many, a chart of thousands of
    // kernels would spend its frame on lines no label is near.
    static constexpr int kMaxAvoidedJoins = 400;
    int m_levelJoinPaths = 0;
    QList<QRectF> m_markerRects; // plot pixels, as the last placement saw them
    QPoint m_pressPos;
    QString m_hovered;
};
