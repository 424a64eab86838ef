#pragma once

#include "chart/chartdata.h"
#include "gpu.h"
#include "resultset.h"
#include "roofline.h"

#include <optional>

// How a measurement relates to a GPU's roofline, and the chart items and texts that show it:
// the roof above the point (attainable at its intensity for its precision and memory level),
// its share of that roof, the predicted (hollow) point and the tooltip. Plain functions over
// model values, shared by the Results panel, the table's roof column and the tests.
namespace resultschart {

struct RoofShare
{
    QString precision;      // the compute ceiling it is held against ("fp32", "bf16_tc")
    QString level;          // the memory level its bytes count at ("hbm")
    double ai = 0;          // FLOP/B (0 for a point without FLOPs)
    model::Attainable roof; // attainable at ai; for a point without FLOPs only .bandwidth is set
    double share = 0;       // measured / roof (FLOP/s; B/s for a point without FLOPs), 0..1+
    QString roofName;       // "HBM roof", "FP32 roof", "HBM bandwidth"
};

// nullopt when the GPU has neither the precision nor the level (nothing to hold it against).
std::optional<RoofShare> roofShare(const model::Gpu &gpu, const model::Measurement &m);
// "62 % of the HBM roof; memory-bound"
QString shareText(const RoofShare &s);
// Short text beside a marker: "vector_add bf16", "copy scalar".
QString shortLabel(const model::Measurement &m);
// "memory.copy fp32 n=16777216 variant=vector"
QString describe(const model::Measurement &m);
// Rich text: the measurement (median/min/max time, FLOP/s, B/s, AI), its check, its share of
// the roof on gpu (when given), the prediction it carries, and where it came from.
QString tooltip(const model::Measurement &m, const model::Gpu *gpu, const QString &source = {},
                const QString &extra = {});
// "HBM", "L2", "L1", "Shared memory" (HBM is "DRAM" for a GDDR memoryType).
QString levelName(const QString &level, const QString &memoryType = {});
// Rich text: the metrics and the derivation an imported Nsight Compute point came from
// (Measurement::extra["ncu"]: flops, bytes, time, level_definition, export); empty for others.
QString ncuDerivation(const model::Measurement &m);
// The measured point (filled) on the chart; nullopt for points a log chart cannot place
// (no FLOPs: intensity 0).
std::optional<ChartPoint> measuredPoint(const model::Measurement &m, const QString &id, const model::Gpu *gpu,
                                        const QString &source = {}, const QString &extra = {});
// The same without its tooltip (for a chart that makes tooltips when hovered).
std::optional<ChartPoint> pointOf(const model::Measurement &m, const QString &id);

// The hierarchical roofline of a profiled measurement (one with Nsight Compute counters): one
// filled point per memory level the counters measured (HBM, L2, L1, shared memory) at
// FLOPs / that level's bytes and the measured FLOP/s, each with its level's marker and no label
// (the measured point names the kernel), and the thin line joining them in order of intensity
// (ChartTrail::Style::Levels). Empty for a measurement without counters or FLOPs.
struct LevelPoints
{
    QList<ChartPoint> points;
    QList<ChartTrail> trails; // at most one
};
LevelPoints levelPoints(const model::Measurement &m, const QString &id, const model::Gpu *gpu);

} // namespace resultschart
