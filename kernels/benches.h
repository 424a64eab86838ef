#pragma once

// The host side of every catalog kernel (runtime library): one bench maker per family, found
// by the kernel's family. The catalog (catalog.h) says what a kernel is; this makes it run.
#include "bench.h"
#include "catalog.h"

#include <memory>

namespace kernels {

// The bench of a catalog kernel for resolved parameters, its main kernel set
// (KernelSpec::mainKernel); nullptr for a kernel no bench maker knows.
std::unique_ptr<Bench> makeBench(const KernelSpec &spec, const Params &p, model::Dtype d);

// One per family file (bench_*.cpp); nullptr for an id the family does not have.
std::unique_ptr<Bench> memoryBench(const KernelSpec &spec, const Params &p, model::Dtype d);
std::unique_ptr<Bench> probeBench(const KernelSpec &spec, const Params &p, model::Dtype d);
std::unique_ptr<Bench> gemmBench(const KernelSpec &spec, const Params &p, model::Dtype d);
std::unique_ptr<Bench> llmBench(const KernelSpec &spec, const Params &p, model::Dtype d);
std::unique_ptr<Bench> testBench(const KernelSpec &spec, const Params &p, model::Dtype d);

} // namespace kernels
