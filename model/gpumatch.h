#pragma once

#include "resultset.h"
#include "specdb.h"

namespace model {

// The spec entry for a device a result came from: the worker's match (device.spec) when the
// database has it, else one matched here by name, compute capability and SM count; nullptr
// when none. The Results panel, the headless chart export, the live tools and
// `rooflab-cli import` all use this one match.
const Gpu *matchGpu(const SpecDb &db, const DeviceInfo &device);

} // namespace model
