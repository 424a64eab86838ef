#pragma once

#include <QJsonObject>
#include <QMap>
#include <QString>
#include <QStringList>

#include <optional>

namespace model {

// A number from the spec database together with where it came from.
struct Sourced
{
    double value = 0;
    QString source;
};

// Per-SM limits of a compute capability (shared/reference/cc_limits.json), the inputs of
// cuda_occupancy.h's cudaOccDeviceProp.
struct SmLimits
{
    int warpSize = 32;
    int maxThreadsPerBlock = 1024;
    int maxThreadsPerSm = 2048;
    int maxWarpsPerSm = 64;
    int maxBlocksPerSm = 32;
    int regsPerSm = 65536;
    int maxRegsPerBlock = 65536;
    int maxRegsPerThread = 255;
    int regAllocUnit = 256;
    int regFileSubpartitions = 4;
    int smemPerSmBytes = 0;
    int smemPerBlockOptinBytes = 0;
    int smemStaticPerBlockBytes = 48 * 1024;
    int smemAllocGranularity = 128;
    int reservedSmemPerBlock = 0;
    int smemBanks = 32;
    int unifiedL1SmemBytes = 0; // the L1 data cache and shared memory together (0: not given)
    QList<int> smemCapacityOptionsKib;
    QString source;
};

// One GPU of the spec database. Throughputs in FLOP/s (OP/s for int8), bandwidths in B/s.
struct Gpu
{
    QString id;
    QString name;
    QString vendor;
    QString architecture;
    QString generation;
    QString formFactor;
    QString computeCapability; // "9.0"; empty for non-NVIDIA parts
    QString memoryType;
    std::optional<Sourced> sms;
    std::optional<Sourced> boostClockMhz;
    std::optional<Sourced> memoryBytes;
    std::optional<Sourced> l2Bytes;
    QMap<QString, Sourced> bandwidth;   // memory level ("hbm", "l2", "smem") -> B/s
    QMap<QString, Sourced> peaks;       // precision ("fp32", "bf16_tc", ...) -> FLOP/s, dense
    QMap<QString, Sourced> sparsePeaks; // as published with 2:4 sparsity
    std::optional<SmLimits> limits;
    QStringList notes;
    QString file;            // where it was loaded from
    bool userFile = false;   // from the user's folder rather than the bundled database
    bool fromDevice = false; // built from a live device's properties, not a database file

    int smCount() const { return sms ? int(sms->value) : 0; }
    double peak(const QString &precision) const { return peaks.value(precision).value; }
    double bw(const QString &level) const { return bandwidth.value(level).value; }
    QString displayName() const { return name; }
};

// Every precision name the database may use, in display order.
const QStringList &knownPrecisions();
// Every memory level, fastest last.
const QStringList &knownLevels();
// Human label for a precision ("BF16 Tensor") or level ("HBM").
QString precisionLabel(const QString &precision);
QString levelLabel(const QString &level, const QString &memoryType = {});

} // namespace model
