#pragma once

#include "resultset.h"

#include <QByteArray>
#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>

#include <functional>
#include <optional>

class QIODevice;

namespace model {

// One kernel launch of an export, whether or not it gives roofline points: what the Results
// panel and `rooflab-cli import` list for an export without FLOP counts (the default set).
struct NcuLaunchRow
{
    QString id;                     // ncu's launch ID ("ID" column)
    QString kernel;                 // "Kernel Name" as written (full, unshortened)
    QString grid;                   // "Grid Size", e.g. "(256, 1, 1)"; empty in old layouts that lack it
    QString block;                  // "Block Size"; empty in old layouts
    QString device;                 // "Device" (CUDA index) or the display name when the file has it
    QString cc;                     // "CC"; empty in old layouts
    double timeS = 0;               // 0 when the file has no time for the launch
    QString timeFrom;               // how timeS was derived: the same strings as extra["ncu"]["time"] below
    QMap<QString, double> percents; // "% of peak" metrics the file has: metric (or display name) -> %
};

// What one export gives.
struct NcuReport
{
    ResultSet results;            // roofline points (may hold none)
    QList<NcuLaunchRow> launches; // every launch, points or not, in file order
    QString noPoints;             // set when results has no measurements: what is missing + the ONE ncu
                                  // command that gives it
    QStringList warnings;         // skipped launches, n/a values, partial FLOP families, ...
};

struct NcuReadOptions
{
    // Called now and then while reading: bytes read so far and the total (-1 when unknown).
    // Return false to cancel: read() then fails with the error "cancelled" and returns nothing.
    std::function<bool(qint64 done, qint64 total)> progress;
    // For a whole application's profile read by a caller that only summarises it (rooflab-cli
    // import without --out): when set, each launch's points (or its row) are handed over as they
    // are made instead of being kept in NcuReport::results (NcuReport::launches), so memory does
    // not grow with the launches. noPoints is still set only when no launch gave a point.
    std::function<void(QList<Measurement> &&points)> points;
    std::function<void(NcuLaunchRow &&row)> launches;
};

// Imports an Nsight Compute CSV export as roofline points (see shared/reference/ncu-csv.md and
// docs/NCU-IMPORT.md).
//
// Read: `--page raw` (one wide row per launch) and `--page details` (one row per launch and
// metric, including the 2020-2021 layout with "Kernel Time" and no Block/Grid Size, Device or CC);
// base or scaled units ("Mbyte", "usecond", "Gbyte/second", "cycle/nsecond", "%"); `sm__` or
// `smsp__` names (smsp__X.sum == sm__X.sum); counts (`.sum`) or rates (`.sum.per_cycle_elapsed`
// × the unit's cycles per second × time, `.sum.per_second` × time), as Nsight's own roofline
// sections record them. Also handled: quoted values with thousands separators (the decimal mark
// is inferred from the file), ==PROF==/==WARNING== lines interleaved, CRLF, a UTF-8 BOM.
// The file is read in chunks; only the columns the import uses are kept per launch.
//
// Each launch gives one Measurement per precision that has FLOPs and per memory level that has
// bytes: kernel = "Kernel Name", source "ncu", time = one sample, level "hbm" | "l2" | "l1",
// params {ncu_id, grid, block}. A launch with no FLOPs gives one bandwidth point (flops 0) per
// level. Every point carries, in Measurement::extra["ncu"] (keys kept stable: the GUI shows them):
//   "flops":            the formula, e.g. "sm__sass_thread_inst_executed_op_fadd_pred_on.sum +
//                       2*sm__sass_thread_inst_executed_op_ffma_pred_on.sum"; rates are written
//                       "(X.sum.per_cycle_elapsed * smsp__cycles_elapsed.avg.per_second * time)"
//                       (absent for a bandwidth point)
//   "bytes":            the metric or expression the bytes came from, e.g. "dram__bytes.sum",
//                       "dram__bytes.sum.per_second * time",
//                       "lts__lts2xbar_cycles_active.sum.per_second * 32 * time",
//                       "l1tex__lsu_writeback_active_mem_lgds.sum * 128"
//   "time":             "gpu__time_duration.sum" | "Duration" (details page's own) |
//                       "sm__cycles_elapsed.avg / sm__cycles_elapsed.avg.per_second"
//   "level_definition": "dram__bytes" | "lts__t_bytes" |
//                       "nsight-l2 (lts__lts2xbar_cycles_active × 32 B)" (Nsight's roofline L2) |
//                       "l1tex__m_xbar2l1tex_read_bytes" (L2 → L1 reads; only when nothing else) |
//                       "l1tex__t_bytes" |
//                       "nsight-l1-writeback (l1tex__lsu_writeback_active_mem_lgds × 128 B)" (Nsight's
//                       roofline L1; "_mem_lg" and plain "l1tex__lsu_writeback_active" in older ncu)
//   "export":           "raw, base units" | "raw, scaled units" | "details, base units" |
//                       "details, scaled units"
class NcuImport
{
public:
    static constexpr qint64 kMaxBytes = 4ll << 30; // 4 GiB; larger inputs are refused with a message

    // The metrics to request for a full import (time, bytes per level, every FLOP count).
    static QStringList metrics();
    // A complete ncu command line asking for metrics(), for error messages and the docs.
    static QString commandLine();

    // Streams the export from `in` (opened for reading, or opened here). nullopt with *error set
    // when it is not an ncu CSV export, is past kMaxBytes, cannot be read or was cancelled
    // ("cancelled"). An export that lists launches but cannot give a point is NOT an error: the
    // report has its launches and noPoints says what is missing.
    static std::optional<NcuReport> read(QIODevice &in, QString *error, const NcuReadOptions &options = {});
    // The same for a file; the error starts with the path.
    static std::optional<NcuReport> readFile(const QString &path, QString *error,
                                             const NcuReadOptions &options = {});

    // Thin wrappers kept for older callers: nullopt with *error when no point can be made
    // (the message is the report's noPoints).
    static std::optional<ResultSet> fromCsv(const QByteArray &csv, QString *error,
                                            QStringList *warnings = nullptr);
    static std::optional<ResultSet> load(const QString &path, QString *error,
                                         QStringList *warnings = nullptr);

    // One launch of an export with the metrics asked for, each in base units (s, byte, Hz;
    // counts, cycles and percentages as written). Metrics that are absent or n/a are left out.
    struct RawLaunch
    {
        QString id;
        QString kernel;
        QString grid;
        QString block;
        QString cc;
        QMap<QString, double> values;
    };
    // The same CSV reading as read(), for any metrics: `rooflab-cli run --profile` reads its
    // counters with it.
    static std::optional<QList<RawLaunch>> rawLaunches(const QByteArray &csv, const QStringList &metrics,
                                                       QString *error, QStringList *warnings = nullptr);
};

} // namespace model
