#pragma once

#include <QSize>
#include <QString>
#include <QStringList>

class QTextStream;
namespace model {
class SpecDb;
}

// `rooflab --results FILE... --export-chart roofline.svg|pdf|png [--size WxH]`: the Results
// chart of the files, rendered alone without a window (QT_QPA_PLATFORM=offscreen and no display
// will do), for a paper or a CI artefact. The same drawing as the window's (ResultsPlot into a
// RooflineChart): grouped imported kernels, hierarchical levels, measured ceilings.
namespace chartexport {

// What main() hands over, as the user typed it; run() checks it.
struct Request
{
    QStringList files;   // results files, Nsight Compute CSVs or reports
    QString out;         // .svg, .pdf or .png
    QString size;        // "WxH"; empty: 1600x1000
    QString gpu;         // spec id; empty: the first file's device, else the H200
    QString levels;      // "hbm,l2,l1"; empty: every level
    QString precisions;  // "fp32,bf16_tc"; empty: the chart's defaults and those of the points
    bool expand = false; // every launch instead of one point per kernel
    bool linear = false; // linear axes
};

// "1600x1000" -> size; false with *error for anything else or outside 200x150 .. 10000x10000.
bool parseSize(const QString &text, QSize *size, QString *error);

// Renders the chart. Returns the exit code: 0 written; 2 a bad request (unknown GPU, level or
// precision, bad size or extension, a file that cannot be read, nothing to draw); 1 a write
// error. Messages, and the warnings of files that load with some entries skipped, go to err.
int run(const Request &request, const model::SpecDb &db, QTextStream &err);

} // namespace chartexport
