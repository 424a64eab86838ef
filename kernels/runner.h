#pragma once

// Runs catalog kernels on a CUDA device: compiles them for it (NVRTC), fills inputs with
// random data, checks the output against a reference before anything is timed, then times
// many samples with CUDA events, flushing L2 in between, and measures the SM clock.
#include "catalog.h"
#include "compiler.h"
#include "device.h"

#include "gpu.h"
#include "resultset.h"
#include "specdb.h"

#include <cuda_runtime_api.h>

#include <functional>
#include <memory>
#include <optional>

namespace kernels {

// A compiled image loaded on the current device (cudart library management, no driver API).
class Module
{
public:
    Module() = default;
    ~Module();
    Module(const Module &) = delete;
    Module &operator=(const Module &) = delete;

    bool load(const CompileResult &compiled, QString *error);
    // By name expression (or lowered name); nullptr with a message when absent.
    cudaKernel_t kernel(const QString &name, QString *error) const;
    const CompileResult &compiled() const { return m_compiled; }
    // Forget the library without unloading it (after the context died).
    void abandon() { m_library = nullptr; }

private:
    cudaLibrary_t m_library = nullptr;
    CompileResult m_compiled;
};

struct RunOptions
{
    int repeat = 0;        // timed samples; 0: as many as fit in budgetS (5 to 100)
    double budgetS = 0.25; // time for the timed samples when repeat is 0
    bool flushL2 = true;   // flush L2 before every sample (probes of a cache opt out anyway)
};

enum class RunStatus {
    Ok,          // checked and timed
    CheckFailed, // ran and was timed, but the output is wrong (measurement marked failed)
    BadInput,    // unknown kernel, bad parameter or dtype
    NoDevice,    // no CUDA device
    Refused,     // a launch shape that cannot run on this device (said before launching)
    Failed       // a CUDA error, a compile error, out of memory
};

struct RunResult
{
    RunStatus status = RunStatus::Failed;
    QString message;
    std::optional<model::Measurement> measurement; // with Ok and CheckFailed
};

class Runner
{
public:
    explicit Runner(int device = 0);
    ~Runner();

    // Selects the device and prepares the stream, the L2 flush buffer and the runtime
    // kernels; false with "no CUDA device (...)" when there is none. Safe to call again.
    bool open(QString *error);
    bool isOpen() const;
    // A kernel faulted: the CUDA context of this process is gone, nothing more can run.
    bool contextLost() const;
    RunStatus openStatus() const; // NoDevice or Failed after open() returned false

    const Device &device() const;
    model::DeviceInfo deviceInfo() const;
    const model::Gpu *spec() const; // the spec-DB entry matched to the device, if any
    Compiler &compiler();
    void setProgress(std::function<void(const QString &)> progress);

    // Resolves (defaults, ranges, dtype) and runs; bad input is reported before the device
    // is touched, so it is BadInput even without a GPU.
    RunResult run(const QString &kernelId, const QVariantMap &params, const QString &dtype = {},
                  const RunOptions &options = {});
    RunResult run(const KernelSpec &spec, const Params &resolved, model::Dtype dtype,
                  const RunOptions &options = {});

    // The SM clock now: one thread per SM spins on %globaltimer for `ms` and counts
    // clock64 cycles. 0 when it could not be measured.
    double measureClockMhz(double ms = 3.0, QString *error = nullptr);

    // Matches a device to the spec database by name, compute capability and SM count.
    static const model::Gpu *matchSpec(const model::SpecDb &db, const Device &device);
    // The runner's own kernels (kernels/src/runtime.cu: fill, L2 flush, clock).
    static CompileOptions runtimeCompileOptions(const QString &arch);

    struct Impl; // implementation detail (runner.cpp), public only for its helpers there

private:
    std::unique_ptr<Impl> d;
};

} // namespace kernels
