#pragma once

#include "resultset.h"

#include <QColor>
#include <QList>
#include <QPointF>
#include <QString>

// Plain values the RooflineChart draws. Callers (workload panel, runs, tile explorer,
// results table) build these; only RooflineChart knows how they become QCustomPlot items.

// One point on the chart in data coordinates (x: FLOP/B, y: FLOP/s).
struct ChartPoint
{
    enum class Kind { Predicted, Measured }; // hollow vs filled marker

    QString id;      // unique within the chart; pointClicked() reports it
    QString label;   // short text drawn beside the marker (may be empty)
    QString tooltip; // shown on hover (may be rich text)
    // What the point shows, by name: a workload's label, a measured kernel's id. A lesson's
    // exercise covers the point of its answer by this name until the reveal.
    QString subject;
    double ai = 0; // FLOP/B
    double flopPerS = 0;
    Kind kind = Kind::Predicted;
    int gpuIndex = 0; // colour of that GPU (0 = primary); -1 = neutral grey
    bool highlighted = false;
    // The memory level its intensity counts bytes at ("hbm", "l2", "l1", "smem"): each level
    // has its own marker shape (a hierarchical roofline). Empty: the plain circle.
    QString level;
    // Its share of the total time (0..1): the marker's area grows with it, between a minimum
    // and a maximum size (as Intel Advisor sizes kernels). Negative: the standard size.
    double share = -1;
};

// A measured ceiling drawn dashed beside the datasheet ones.
struct ChartCeiling
{
    model::MeasuredCeiling ceiling;
    int gpuIndex = 0;
    QString label; // empty: "measured HBM 4.3 TB/s (copy probe)"
};

// A polyline through points, e.g. a tile sweep or the runs of one kernel family.
struct ChartTrail
{
    QString id;
    QString label;           // legend-like text at the trail's last point
    QList<QPointF> points;   // (FLOP/B, FLOP/s), drawn in this order
    QStringList pointLabels; // one configuration label per point (may be shorter or empty)
    ChartPoint::Kind kind = ChartPoint::Kind::Predicted;
    int gpuIndex = 0;
    // Sweep: a line with a marker at each point. Levels: only the thin line joining the level
    // points of one kernel (the points are ChartPoints with their own markers); all of them are
    // drawn as one curve, so thousands of kernels cost a single plottable.
    enum class Style { Sweep, Levels };
    Style style = Style::Sweep;
};
