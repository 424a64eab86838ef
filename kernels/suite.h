#pragma once

// The ceilings (probes run on the device) and the standard suite (every memory kernel in its
// fast and naive versions), assembled into a results file, and the ratios that judge them.
#include "runner.h"

#include "resultset.h"

#include <QElapsedTimer>
#include <QJsonObject>
#include <QList>
#include <QString>

#include <functional>

namespace kernels {

// {"name": name, "version": "0.1.0", "git": "abc1234"}
QJsonObject toolInfo(const QString &name);
// A results file holding the device and the datasheet ceilings of its spec entry.
model::ResultSet newResultSet(const Runner &runner, const QJsonObject &tool);
// Every datasheet figure of a spec entry as a ceiling with probe "datasheet"; compute ones
// carry the spec's boost clock so they can be scaled to the clock measured in a run.
QList<model::MeasuredCeiling> datasheetCeilings(const model::Gpu &gpu);

struct SuiteItem
{
    QString kernel;
    QVariantMap params;
    QString dtype;
    // Set for probes whose rate is a ceiling:
    QString ceilingKind; // "memory" or "compute"
    QString ceilingLevel;
    QString ceilingPrecision;
    QString probe; // the ceiling's probe name ("hbm_copy", "cudaMemcpyAsync", ...)
    // Run only on devices of compute capability minMajor.x or newer (0: every device); a
    // Batch passes over the others without counting an error.
    int minMajor = 0;
};

// The probes behind `rooflab-cli ceilings`.
const QList<SuiteItem> &ceilingItems();
// The measurements `rooflab-cli suite` runs after the ceilings.
const QList<SuiteItem> &suiteItems();
// `rooflab-cli suite --set llm` (suite_llm.cpp): the LLM kernels' benchmarks and a vector copy.
const QList<SuiteItem> &llmItems();
QJsonObject llmSummary(const model::ResultSet &results);

// Runs items in order into one results file: every run becomes a measurement (a failed check
// is kept, marked failed), every probe item also a measured ceiling.
class Batch
{
public:
    Batch(Runner &runner, model::ResultSet &results, const RunOptions &options = {});

    // False when it had to stop: no device, or a kernel fault killed the CUDA context.
    bool run(const QList<SuiteItem> &items);

    // Called with every measurement before it is kept (run --profile's counters).
    void setAfterRun(std::function<void(model::Measurement &)> f) { m_afterRun = std::move(f); }

    int failedChecks() const { return m_failedChecks; }
    int errors() const { return m_errors; }
    const QStringList &problems() const { return m_problems; }
    RunStatus stopStatus() const { return m_stop; }
    double elapsedS() const { return double(m_clock.elapsed()) / 1e3; }

private:
    Runner &m_runner;
    model::ResultSet &m_results;
    RunOptions m_options;
    QElapsedTimer m_clock;
    int m_failedChecks = 0;
    int m_errors = 0;
    QStringList m_problems;
    RunStatus m_stop = RunStatus::Ok;
    std::function<void(model::Measurement &)> m_afterRun;
};

// The suite's yardsticks, each a ratio within one results file: vector copy vs
// cudaMemcpyAsync, vector add / triad vs the copy ceiling, tree reduction vs HBM read, the
// fused row kernels vs copy, FP32 FMA vs SMs x lanes x 2 x the measured clock, mma.sync vs
// the datasheet, and how much slower each naive variant is.
QJsonObject suiteSummary(const model::ResultSet &results);

// The first measurement of `kernel` in `dtype` that passed its check, whose params include
// `params` (compared as text): what the summaries read their figures from.
const model::Measurement *findPassed(const model::ResultSet &results, const QString &kernel,
                                     const QVariantMap &params,
                                     const QString &dtype = QStringLiteral("fp32"));
QStringList summaryLines(const QJsonObject &summary);
// FP32 lanes per SM of a compute capability (128 from 8.6 on, 64 for 7.x and 8.0).
int fp32LanesPerSm(const QString &cc);

} // namespace kernels
