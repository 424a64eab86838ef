#pragma once

// `run --profile` (and the worker's "profile": true): the kernel once more under Nsight
// Compute. rooflab-cli re-executes itself as the profiled child (`run ... --repeat 1
// --profile-child`), ncu profiles the first launch of the kernel's own entry with the clocks
// left alone, and the counters (model::ProfileCounters) are attached to the measurement.
#include "profilecounters.h"
#include "resultset.h"

#include <QProcessEnvironment>
#include <QString>
#include <QStringList>
#include <QVariantMap>

#include <optional>

namespace cli {

struct ProfileTarget
{
    QString kernel;     // catalog id
    QVariantMap params; // resolved parameters
    QString dtype;
    int device = 0;
    QString entry; // the kernel's entry (name expression, e.g. "strided_read<float, 4>"); may be empty

    static ProfileTarget of(const model::Measurement &m, int device);
};

class Profiler
{
public:
    enum class Status { Ok, NoNcu, NotPermitted, Failed };

    struct Outcome
    {
        Status status = Status::Failed;
        QString message; // one line for the user when there are no counters
        std::optional<model::ProfileCounters> counters;
        QByteArray csv; // what ncu wrote on stdout (the raw CSV page)
    };

    // $ROOFLAB_NCU when set (an empty or missing path: none), else `ncu` on PATH, then
    // $CUDA_HOME/bin and /usr/local/cuda/bin. Never a path read from a results file.
    static QString findNcu(const QProcessEnvironment &env = QProcessEnvironment::systemEnvironment());

    explicit Profiler(QString ncu);
    bool available() const { return !m_ncu.isEmpty(); }
    const QString &ncu() const { return m_ncu; }
    // The one line said when ncu is missing.
    static QString notFoundMessage();

    // `self` is the rooflab-cli to run as the child (this program by default).
    Outcome profile(const ProfileTarget &target, const QString &self = {}) const;

    // The child's command line after `self`, and ncu's --kernel-name filter for an entry.
    static QStringList childArguments(const ProfileTarget &target);
    static QString kernelFilter(const QString &entry);
    // "copy_vector" from "copy_vector<float, 2>" (what ncu's "function" name base matches).
    static QString entryStem(const QString &entry);
    // "ncu 2025.3.0.0" from `ncu --version` (asked once); "ncu" when it cannot be read.
    QString version() const;

    int timeoutMs = 10 * 60 * 1000;

private:
    QString readVersion() const;

    QString m_ncu;
    mutable QString m_version; // asked once
};

// Profiles m's kernel and attaches the counters. Returns the one line to tell the user when
// none were attached (empty when they were); `csv` receives ncu's output when given.
QString attachCounters(model::Measurement &m, int device, const Profiler &profiler,
                       QByteArray *csv = nullptr);

} // namespace cli
