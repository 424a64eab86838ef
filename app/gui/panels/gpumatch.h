#pragma once

#include "resultset.h"
#include "specdb.h"

// The spec entry for a device a result came from: the worker's match (device.spec) when the
// database has it, else one matched here by name and SM count; nullptr when none. Widget-free,
// so the Results panel, the headless chart export and the live tools (which adds an entry for
// a device the database lacks) share it without including one another.
const model::Gpu *matchGpu(const model::SpecDb &db, const model::DeviceInfo &device);
