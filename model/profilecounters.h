#pragma once

#include "resultset.h"

#include <QByteArray>
#include <QJsonObject>
#include <QMap>
#include <QString>
#include <QStringList>

#include <optional>

namespace model {

// Nsight Compute counters of one profiled launch, as `rooflab-cli run --profile` attaches them
// to a measurement (its "counters" object; see docs/PROFILING.md):
//
//   "counters": {"tool": "ncu 2025.3.0.0", "clock_control": "none", "kernel": "copy_vector",
//                "dram_bytes": 2.1e9, "l2_bytes": ..., "l1_bytes": ..., "smem_bytes": ...,
//                "smem_wavefronts": ..., "smem_bank_conflicts": ..., "inst": {"fma": ...},
//                "issue_active_pct": ..., "occupancy_pct": ..., "sm_clock_mhz": ...,
//                "cycles": ..., "time_s": ..., "metrics": {"dram__bytes_read.sum": ..., ...}}
//
// "metrics" holds every value ncu gave, by its metric name, in base units (s, byte, Hz; counts,
// cycles and percentages as ncu writes them) and is what is read back; the named fields beside
// it are derived from it for people and scripts reading the file.
struct ProfileCounters
{
    QString tool;         // "ncu 2025.3.0.0"
    QString clockControl; // "none": ncu left the clocks alone
    QString kernel;       // the launch's "Kernel Name"
    QMap<QString, double> metrics;

    // The metrics `run --profile` asks ncu for.
    static QStringList metricNames();

    std::optional<double> metric(const QString &name) const;
    std::optional<double> dramBytes() const; // dram__bytes_read + _write (or dram__bytes.sum)
    std::optional<double> l2Bytes() const;   // lts__t_bytes.sum
    std::optional<double> l1Bytes() const;   // l1tex__t_bytes.sum (global and local through L1)
    std::optional<double> smemWavefronts() const;
    // Shared-memory pipe traffic: wavefronts × 128 B (one wavefront per clock moves up to
    // 128 B, so bank conflicts count as the extra wavefronts they cost).
    std::optional<double> smemBytes() const;
    std::optional<double> smemBankConflicts() const;
    std::optional<double> issueActivePct() const; // issue slots busy (% of active cycles)
    std::optional<double> occupancyPct() const;   // achieved occupancy (% of the warp slots)
    std::optional<double> smClockMhz() const;     // SM clock while profiled
    std::optional<double> cycles() const;         // elapsed SM cycles
    std::optional<double> timeS() const;          // gpu__time_duration
    // Warp instructions per pipe ("fma", "alu", "lsu", "fp64", "tensor", "xu") and "all".
    QMap<QString, double> instructions() const;

    QJsonObject toJson() const;
    // nullopt when o has no "metrics" object.
    static std::optional<ProfileCounters> fromJson(const QJsonObject &o);
    // The measurement's counters (its extra "counters"), if it has any.
    static std::optional<ProfileCounters> of(const Measurement &m);
    void attachTo(Measurement &m) const;

    // From `ncu --csv --page raw` output (tool lines and program output may be interleaved):
    // the first launch whose "Kernel Name" contains `kernel` (any launch when empty). nullopt
    // with *error when there is none or it has none of metricNames().
    static std::optional<ProfileCounters> fromCsv(const QByteArray &csv, const QString &kernel,
                                                  QString *error, QStringList *warnings = nullptr);
};

// Measured bytes per memory level: "hbm", "l2", "l1", "smem" (a level whose counters are
// missing is left out).
QMap<QString, double> measuredLevelBytes(const ProfileCounters &c);
// One line per level that either map has, in the order HBM, L2, L1, shared memory:
// "HBM: predicted 654 MiB, measured 612 MiB" ("—" for a side that lacks the level). The
// predicted map uses the same keys (model::Prediction::levelBytes).
QStringList levelComparison(const QMap<QString, double> &predicted, const QMap<QString, double> &measured,
                            const QString &memoryType = {});

} // namespace model
