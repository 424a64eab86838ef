#pragma once

#include "gpu.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace model {

// What stops more blocks from being resident on one SM (the names match cuda_occupancy.h's
// cudaOccLimitingFactor; "none" only for an impossible input).
enum class Limiter { None, Registers, SharedMemory, Warps, Blocks, Barriers };

// "registers", "shared_memory", "warps", "blocks", "barriers", "none" (stable JSON names).
QString limiterName(Limiter l);
// Translated label for tables ("shared memory").
QString limiterLabel(Limiter l);

// One kernel launch as the occupancy calculator sees it.
struct OccupancyInput
{
    int threadsPerBlock = 128;
    int registersPerThread = 32;
    qint64 staticSmemBytes = 0;  // __shared__ arrays, at most 48 KB
    qint64 dynamicSmemBytes = 0; // the launch's dynamic size (above 48 KB needs the opt-in)
    // Shared-memory carveout preference, as cudaFuncAttributePreferredSharedMemoryCarveout:
    // CarveoutDefault, CarveoutMaxL1 (0), CarveoutMaxShared (100) or a percentage 0..100.
    int carveout = -1;
    int barriersPerBlock = 1; // __syncthreads barriers; the runtime assumes 1

    qint64 smemBytes() const { return staticSmemBytes + dynamicSmemBytes; }
};

constexpr int CarveoutDefault = -1;
constexpr int CarveoutMaxL1 = 0;
constexpr int CarveoutMaxShared = 100;

// "default", "max-l1", "max-shared", "50%" (also "50"); nullopt for anything else.
std::optional<int> parseCarveout(const QString &text);
QString carveoutName(int carveout); // "default", "max-l1", "max-shared", "50%"

// The answer for one input. Every number comes from cuda_occupancy.h; the steps explain
// those numbers (see Occupancy::compute).
struct OccupancyResult
{
    static constexpr int Unlimited = -1; // a limit that does not apply (header's INT_MAX)

    bool ok = false; // false: the launch cannot run (or the device is unknown); see reason
    QString reason;  // why ok is false, naming the input at fault
    // The input at fault when ok is false: "threads", "registers", "smem", "static_smem",
    // "carveout", "barriers" or "device" (no limits, unknown compute capability).
    QString input;
    int blocksPerSm = 0;
    int warpsPerBlock = 0;
    int warpsPerSm = 0;
    int maxWarpsPerSm = 0;
    double occupancy = 0;            // warpsPerSm / maxWarpsPerSm
    Limiter limiter = Limiter::None; // the one to show (see Occupancy::compute for ties)
    QList<Limiter> limiters;         // every limit equal to the minimum, as the header reports
    // Blocks per SM each limit allows (Unlimited where none applies).
    int limitRegisters = 0;
    int limitSharedMemory = 0;
    int limitWarps = 0;
    int limitBlocks = 0;
    int limitBarriers = Unlimited;
    int allocatedRegistersPerBlock = 0;
    qint64 allocatedSmemPerBlock = 0;
    qint64 smemPerSmBytes = 0;         // shared memory per SM after the carveout, as the header uses it
    QStringList steps;                 // the hand calculation, in order, with its numbers
    QStringList notes;                 // where the spec DB and the header disagree, and other caveats
    bool explanationConsistent = true; // the steps' intermediate numbers reproduce the header's

    int limitFor(Limiter l) const;
    // "2 blocks/SM · 8 warps · 12.5 %"
    QString summary() const;
};

// One point of a sweep: x is threads, registers or shared-memory bytes.
struct OccupancyPoint
{
    int x = 0;
    double occupancy = 0;
    int blocksPerSm = 0;
    int warpsPerSm = 0;
    Limiter limiter = Limiter::None;
};

// The block size cudaOccMaxPotentialOccupancyBlockSize suggests.
struct BlockSizeSuggestion
{
    int blockSize = 0;   // 0: no block size can run with these resources
    int minGridSize = 0; // blocks to fill every SM once (per SM × SMs)
    double occupancy = 0;
};

// Theoretical occupancy of a kernel on one SM, computed by NVIDIA's cuda_occupancy.h (the
// arithmetic the CUDA runtime uses) with cudaOccDeviceProp filled from the spec DB's per-SM
// limits, plus the steps a student would write down by hand.
class Occupancy
{
public:
    // A GPU of the spec database; without sm_limits (AMD, the teaching GPU) every result
    // carries a reason instead of numbers.
    explicit Occupancy(const Gpu &gpu);
    // Bare limits for a compute capability ("8.0"); sms only scales minGridSize.
    Occupancy(const SmLimits &limits, const QString &computeCapability, int sms = 0,
              const QString &name = {});

    // Limits for a compute capability from resources/cc_limits.json (the reference copy,
    // with sources); nullopt and a message when the file or the entry is missing or bad.
    static std::optional<SmLimits> limitsForComputeCapability(const QString &cc, QString *error = nullptr);
    // Compute capabilities listed in resources/cc_limits.json.
    static QStringList knownComputeCapabilities(QString *error = nullptr);
    // An Occupancy for a bare compute capability; check isValid().
    static Occupancy forComputeCapability(const QString &cc);

    bool isValid() const { return m_error.isEmpty(); }
    QString error() const { return m_error; }
    const SmLimits &limits() const { return m_limits; }
    QString computeCapability() const { return m_cc; }
    QString name() const { return m_name; }
    int sms() const { return m_sms; }
    // Largest shared memory one block may request (static + dynamic, opt-in), bytes.
    qint64 maxSmemPerBlock() const { return m_limits.smemPerBlockOptinBytes; }

    OccupancyResult compute(const OccupancyInput &in) const;

    // Occupancy as one input varies, the others held: threads 32..max step 32; registers
    // 1..max; shared memory 0..max per block in steps of the allocation granularity (or a
    // multiple of it, keeping the sweep at most ~1000 points).
    QList<OccupancyPoint> sweepThreads(const OccupancyInput &in) const;
    QList<OccupancyPoint> sweepRegisters(const OccupancyInput &in) const;
    QList<OccupancyPoint> sweepSharedMemory(const OccupancyInput &in) const;
    int smemSweepStep() const;

    // cudaOccMaxPotentialOccupancyBlockSize with the input's registers and shared memory.
    BlockSizeSuggestion suggestBlockSize(const OccupancyInput &in) const;

private:
    struct Raw;
    bool run(const OccupancyInput &in, Raw &raw, QString *reason, QString *input = nullptr) const;
    OccupancyPoint point(const OccupancyInput &in, int x) const;
    QString validate(const OccupancyInput &in, QString *input) const;

    SmLimits m_limits;
    QString m_cc;
    QString m_name;
    int m_major = 0;
    int m_minor = 0;
    int m_sms = 0;
    QString m_error;
};

} // namespace model
