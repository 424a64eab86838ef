#pragma once

// What the files of RooflineChart share (rooflinechart.cpp: setup, roofs and mouse;
// chartpoints.cpp: points and trails; chartlabels.cpp: label placement). Not for other code.

#include <QString>
#include <Qt>

#include <limits>

namespace rooflinechart_p {

constexpr double kInf = std::numeric_limits<double>::infinity();

// Label placement order (lower first): the selected GPU's roofs, the measured ceilings, the
// ridges, the points, the region names, then each comparison GPU (its index times
// kPriorityComparison). An emphasized ridge (a lesson points at it) goes before all (-1).
constexpr int kPriorityRoofs = 0; // compute ceilings, +1 memory diagonals
constexpr int kPriorityMeasured = 2;
constexpr int kPriorityRidges = 3; // +1 the ridges below the top one
constexpr int kPriorityPoints = 5; // highlighted, +1 others, +2 trail names, +3 trail points
constexpr int kPriorityComparison = 10;
constexpr int kPriorityRegions = 9;

// A memory level's line style: its roof and the measured ceiling of that level.
inline Qt::PenStyle levelStyle(const QString &level)
{
    if (level == QLatin1String("l2"))
        return Qt::DashDotLine;
    if (level == QLatin1String("l1"))
        return Qt::DashDotDotLine;
    if (level == QLatin1String("smem"))
        return Qt::DotLine;
    return Qt::SolidLine;
}

} // namespace rooflinechart_p
