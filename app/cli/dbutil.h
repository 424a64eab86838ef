#pragma once

#include "specdb.h"

#include <QCommandLineParser>

namespace cli {

// --gpu-dir DIR: an extra folder of GPU files (validated like the bundled ones).
void addDbOptions(QCommandLineParser &p);
// The database; refused files are reported on stderr and the rest still loads.
model::SpecDb loadDb(const QCommandLineParser &p);
// The GPU named by --gpu, or a message (and nullptr) when it is missing or unknown.
const model::Gpu *requireGpu(const model::SpecDb &db, const QCommandLineParser &p);

} // namespace cli
