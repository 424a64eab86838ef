#pragma once

#include "perfmodel.h"
#include "resultset.h"

#include <QList>
#include <QString>

namespace model {

struct Gpu;

// Which measured ceilings a measurement is judged against. One rule for the Results panel,
// the Results chart, the Tile explorer and `rooflab-cli explain`, in this order:
//
//   1. its own file's suite: the measured ceilings in its own file, else those of the files
//      loaded beside it from the same device (a ladder run next to the suite that measured
//      the machine);
//   2. a file the user names (`explain --ceilings FILE`);
//   3. RoofLab's bundled samples measured on the same GPU;
//   4. the datasheet.
//
// A set counts only when it holds measured ceilings (not datasheet copies) and was measured
// on the GPU the prediction is for: one GPU's measured bandwidth says nothing about another.
// The choice comes back with a one-line reason so every caller can show it.
struct CeilingSource
{
    QString file; // shown to the user (a file name)
    const ResultSet *set = nullptr;
};

struct CeilingChoice
{
    enum class Origin { OwnFile, Suite, NamedFile, Samples, Datasheet };
    Origin origin = Origin::Datasheet;
    QString file;                    // where the ceilings come from; empty for the datasheet
    QList<MeasuredCeiling> measured; // the chosen measured ceilings; empty for the datasheet
    MachineCeilings machine;         // the same, as the performance model takes them
    QString reason;                  // one translated line: what was chosen and why
    // A named file that was not used: why not (empty when it was used or none was named).
    QString namedRefused;

    static QString originName(Origin o); // "own", "suite", "named", "samples", "datasheet"
};

struct CeilingRequest
{
    const Gpu *gpu = nullptr;             // the GPU the prediction is for
    CeilingSource own;                    // the measurement's own file (set may be null: live rows)
    QList<CeilingSource> suite;           // files loaded beside it (any device: filtered here)
    CeilingSource named;                  // a file the user names (set null when none)
    bool samples = true;                  // RoofLab's bundled samples may be used
    QList<CeilingSource> samplesOverride; // tests: stand-ins for the bundled samples
};

// True when a set's device is this GPU: the spec id the worker matched, else the name.
bool measuredOn(const DeviceInfo &device, const Gpu &gpu);
// The ceilings a probe measured (datasheet copies and empty values left out).
QList<MeasuredCeiling> measuredCeilings(const ResultSet &set);

CeilingChoice chooseCeilings(const CeilingRequest &request);

// RoofLab's bundled sample files that hold measured ceilings (loaded once, measurements
// dropped), in the order they are preferred.
const QList<ResultSet> &bundledCeilingSets();

} // namespace model
