#pragma once

// rooflab-cli run --axis NAME=a,b,c: a parameter sweep over one kernel. The cartesian product
// of the axes, each combination resolved against the kernel (illegal ones kept with their
// one-line reason), and the legal ones compiled ahead, in parallel, so that the device's time
// goes to checking and timing.
#include "catalog.h"

#include <QList>
#include <QString>
#include <QStringList>
#include <QVariantMap>

#include <optional>

namespace cli {

struct SweepAxis
{
    QString name;
    QStringList values;
};

// "NAME=a,b,c" -> an axis; nullopt with *error (one line) when malformed.
std::optional<SweepAxis> parseAxis(const QString &text, QString *error);

// One combination of the axes' values.
struct SweepPoint
{
    QVariantMap given;      // --param values with this combination's axis values, as given
    QString label;          // the axis values alone: "BM=64 TM=4"
    QString illegal;        // why it cannot run (empty: legal)
    kernels::Params params; // resolved, when legal
    model::Dtype dtype = model::Dtype::Fp32;
};

// The largest sweep one command expands (each combination is a compile and a timed run).
constexpr int kMaxSweepPoints = 4096;

// The axes checked against the kernel and the fixed --param values (a parameter the kernel
// lacks, an axis given twice or also as --param, more than kMaxSweepPoints combinations):
// an empty string when fine, else the message.
QString checkAxes(const kernels::KernelSpec &spec, const QVariantMap &fixed, const QList<SweepAxis> &axes);

// Every combination, the first axis varying slowest, each resolved (defaults, ranges, the
// kernel's own cross-parameter check) and, for a GEMM ladder step, checked against the
// device's opt-in shared memory per block (maxDynSmem; 0 skips that rule). Call checkAxes first.
QList<SweepPoint> expandSweep(const kernels::KernelSpec &spec, const QVariantMap &fixed,
                              const QList<SweepAxis> &axes, const QString &dtype, qint64 maxDynSmem = 0);

// Compiles every legal point for `arch` ("sm_90"; a kernel that needs the arch-specific target
// gets "sm_90a") into the compiler's disk cache, `threads` at a time; a point that does not
// compile becomes illegal with the compiler's first line. Returns the wall time in ms.
double precompileSweep(const kernels::KernelSpec &spec, QList<SweepPoint> &points, const QString &arch,
                       int threads);

} // namespace cli
