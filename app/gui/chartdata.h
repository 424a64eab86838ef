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
    double ai = 0;   // FLOP/B
    double flopPerS = 0;
    Kind kind = Kind::Predicted;
    int gpuIndex = 0;      // colour of that GPU (0 = primary); -1 = neutral grey
    bool highlighted = false;
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
    QString label;               // legend-like text at the trail's last point
    QList<QPointF> points;       // (FLOP/B, FLOP/s), drawn in this order
    QStringList pointLabels;     // one configuration label per point (may be shorter or empty)
    ChartPoint::Kind kind = ChartPoint::Kind::Predicted;
    int gpuIndex = 0;
};
