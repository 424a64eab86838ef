#pragma once

#include "resultset.h"

#include <QByteArray>
#include <QMap>
#include <QString>
#include <QStringList>

#include <optional>

namespace model {

// Imports an Nsight Compute CSV export as roofline points (see shared/reference/ncu-csv.md).
//
// Expected: `ncu --csv --page raw --print-units base --metrics <metrics()> ./app > file.csv`.
// The long `--page details` format is read too when it carries the same raw metric names
// (they appear there once requested with --metrics).
//
// Each kernel launch gives one Measurement per precision that has FLOPs (fp64, fp32, fp16 on
// CUDA cores; tensor-core FLOPs from sm__ops_path_tensor_src_*) and per memory level that has
// bytes (hbm from dram__bytes, l2 from lts__t_bytes): kernel = "Kernel Name", source "ncu",
// time = gpu__time_duration (one sample), params {ncu_id, grid, block}. A launch with no
// FLOPs at all gives one point per level with flops 0 (a bandwidth point).
//
// Handled: the units line (ns/us/ms, byte/Kbyte/..., SI prefixes), quoted values with
// thousands separators (",", ".", spaces, apostrophes; the decimal mark is inferred from the
// whole file), ==PROF==/==WARNING==/==ERROR== lines and program output interleaved, CRLF,
// a UTF-8 BOM, kernel names with commas and quotes.
class NcuImport
{
public:
    // The metrics to request for a full import (time, bytes per level, every FLOP count).
    static QStringList metrics();
    // A complete ncu command line asking for metrics(), for error messages and the docs.
    static QString commandLine();

    // nullopt with *error set when no point can be made (not an ncu CSV, required metrics
    // missing: the message lists them and the command to use). Launches or metrics with bad
    // values are skipped and listed in *warnings.
    static std::optional<ResultSet> fromCsv(const QByteArray &csv, QString *error,
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
    // The same CSV reading as fromCsv (units line, separators, interleaved tool lines), for
    // any metrics: `rooflab-cli run --profile` reads its counters with it.
    static std::optional<QList<RawLaunch>> rawLaunches(const QByteArray &csv, const QStringList &metrics,
                                                       QString *error, QStringList *warnings = nullptr);
    // Refuses files over ResultSet::kMaxFileBytes before reading them.
    static std::optional<ResultSet> load(const QString &path, QString *error,
                                         QStringList *warnings = nullptr);
};

} // namespace model
