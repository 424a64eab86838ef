#pragma once

#include "resultset.h"

#include <QList>
#include <QMap>
#include <QString>
#include <QVariantMap>

#include <memory>

namespace model {

struct Gpu;

// Points of many launches of one kernel, drawn as one (a real application has thousands
// of launches of a few dozen kernels).
//
// A group is the launches of one kernel configuration for one precision and memory level:
// kernel name + grid + block (+ the other params except ncu_id) + dtype + precision + level.
// For RoofLab's own measurements (no ncu_id) that is Measurement::key() and each measurement
// counts as one launch.
struct PointGroup
{
    QString key; // Measurement::key() of the members without ncu_id
    QString kernel, dtype, precision, level;
    QVariantMap params; // the members' params without ncu_id
    QList<int> members; // indices into the input list, in input order
    int launches = 0;
    double flops = 0, bytes = 0, timeS = 0; // sums over the members (time: each member's median)
    TimeStats launchTime;                   // min / median / max of the members' times; samples = launches
    double share = 0;                       // timeS / the total time of every launch in the input (0..1)

    double ai() const { return bytes > 0 ? flops / bytes : 0; }
    double flopPerS() const { return timeS > 0 ? flops / timeS : 0; }
    double bytesPerS() const { return timeS > 0 ? bytes / timeS : 0; }
};

// Groups sorted by total time, descending (ties: first member first). The total time counts
// each launch once, though one ncu launch gives several points (same params.ncu_id, or for
// points without ncu_id each measurement is its own launch).
QList<PointGroup> groupMeasurements(const QList<Measurement> &ms);

// One row per kernel configuration (name, grid, block): the Results table and `rooflab-cli
// import` list these.
struct KernelSummary
{
    QString kernel, grid, block;
    int launches = 0;
    double timeS = 0, share = 0;
    TimeStats launchTime;
    QString precision;               // the precision doing most FLOPs; empty for bandwidth-only kernels
    double flopPerS = 0;             // that precision's FLOPs / timeS
    QMap<QString, double> aiByLevel; // level ("hbm", "l2", "l1") -> FLOPs / bytes at that level
    QString bound;                   // "memory (hbm)" or "compute" (HBM intensity against the ridge; a
                                     // kernel without FLOPs is "memory (hbm)"); empty when gpu is null
    QList<int> members;              // indices of every point of the kernel's launches
};

// Sorted by total time, descending. gpu (may be null) decides "bound": the kernel's HBM intensity
// against the ridge of its precision.
QList<KernelSummary> summarizeKernels(const QList<Measurement> &ms, const Gpu *gpu);

// The same summaries built point by point, for a profile too large to keep every point
// (NcuReadOptions::points hands each launch's points over as they are read). Memory grows with
// the kernels and a few bytes per launch, not with the points.
class KernelSummarizer
{
public:
    KernelSummarizer();
    ~KernelSummarizer();
    KernelSummarizer(const KernelSummarizer &) = delete;
    KernelSummarizer &operator=(const KernelSummarizer &) = delete;

    // The points of one launch (they share its time); members count points in the order added.
    void addLaunch(const QList<Measurement> &points);
    // One point: index is what KernelSummary::members will hold, launch a number the caller gives
    // every point of one launch (0, 1, 2, ...).
    void add(const Measurement &m, int index, int launch);
    QList<KernelSummary> summaries(const Gpu *gpu) const;

private:
    struct Impl;
    std::unique_ptr<Impl> d;
};

// A long template name cut for a table cell: the name without its template arguments and
// parameter list, then cut to maxChars with "…". The full name goes into the tooltip.
QString shortKernelName(const QString &kernel, int maxChars = 48);

} // namespace model
