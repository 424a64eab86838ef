#pragma once

#include "chart/chartdata.h"
#include "gemmtile.h"
#include "gpu.h"
#include "perfmodel.h"
#include "resultset.h"
#include "tilemodel.h"

#include <QHash>
#include <QList>
#include <QObject>
#include <QPointer>
#include <QThreadPool>
#include <QVariantMap>

#include <memory>
#include <optional>

class QTimer;
class TileCompiler;
class WorkerClient;

// One row of the numbers a configuration derives to (the terms table, the presets table, the
// tooltips): a stable key ("smem", "grid", "compute_s", "time", ...), the translated label and
// text, the raw value and, for the narrow presets table, short forms.
struct TileTermRow
{
    QString key;
    QString label;
    QString text;
    double raw = 0;
    bool bold = false;  // the binding term, the predicted time
    QString brief;      // short text (never empty)
    QString shortLabel; // short label (never empty)
};

// The GEMM tile explorer without its widgets: the configuration (problem, dtype, ladder step,
// tile knobs), its evaluation by model::TileModel (tile, grid, waves, traffic; cached by input)
// and model::PerfModel (the time term by term), the background NVRTC compile that replaces the
// register estimate (through TileCompiler: the configuration on screen first, after the knobs
// rest), the ladder and the sweeps, the bundled samples' measurements, and measuring through a
// WorkerClient (never in this process). It owns the state; TileExplorer is one view of it, and
// the Workspace may own a session (or only its Config) without any widget.
//
// Everything here is QtCore: a test drives it under QCoreApplication.
class TileSession : public QObject
{
    Q_OBJECT

public:
    using Field = kernels::gemm::TileField;
    // The configuration as a plain value: step, M, N, K, dtype, BM, BN, BK, TM, TN, stages,
    // threads, group (kernels/gemmtile.h). The GPU is set apart (setGpu): it is the window's.
    using Config = kernels::gemm::TileConfig;

    // Chart ids: the group of every point and trail, and the two points of the configuration.
    static QString chartGroup() { return QStringLiteral("tile"); }
    static QString currentPointId() { return QStringLiteral("tile.current"); }
    static QString measuredPointId() { return QStringLiteral("tile.measured"); }

    struct Preset
    {
        QString name; // "A 64×64×16"
        Config config;
    };
    // The tiled-GEMM notes' A100 example: 4096³ TF32 on tensor cores, 512 threads, double-buffered.
    static QList<Preset> a100ExamplePresets();
    static QString a100ExampleGpu() { return QStringLiteral("a100-sxm4-80gb"); }
    static QList<qint64> sizeSweepValues(); // 64, 128, ... 8192

    // What the models make of one configuration.
    struct Evaluation
    {
        kernels::gemm::TilePlan plan;
        model::TileInput input; // the plan's input with the compiled registers when known
        model::TileResult result;
        model::KernelLaunch launch; // handed to model::PerfModel (kernel empty for the model step)
        // The performance model's prediction (ladder steps), or the tile model's peak-only
        // terms (compute, L2, HBM) for the model step; ok false when nothing runs.
        model::Prediction prediction;
        bool fullModel = false; // prediction from model::PerfModel (else the tile model's terms)
        QString compileKey;     // the NVRTC compile that gives its registers (empty: none)
        QString compileError;

        bool legal() const { return plan.problems.isEmpty() && result.ok; }
    };

    // One point of the ladder or of a sweep.
    struct TrailEntry
    {
        Config config;
        QString label; // "5 reg2d", "BM=64", "D=1024"
        kernels::gemm::TilePlan plan;
        model::TileResult result;
        model::Prediction prediction;
        QString compileKey;
        QString skipped; // why it is not on the trail (empty: it is)
        QString tooltip;
        std::optional<model::Measurement> measured;
        bool fromSamples = false;
    };

    explicit TileSession(QObject *parent = nullptr);
    ~TileSession() override;

    // ---- the GPU (no GPU: nothing is predicted)
    void setGpu(const model::Gpu &gpu);
    const model::Gpu &gpu() const { return m_gpu; }
    bool hasGpu() const { return m_model.has_value(); }

    // ---- the configuration
    const Config &config() const { return m_config; }
    // The whole configuration at once (one evaluation); values are kept as given and checked.
    void setConfig(const Config &c);
    // One knob, as a slider or spin box sets it: derived knobs follow (threads of a
    // register-blocked step, BN and BK of square tiles). Dtype and Step: use setDtype, setStep.
    void setValue(Field f, qint64 value);
    void setDtype(model::Dtype dtype);
    // Free knobs the new step shares are kept; the others take its defaults (stepChangeNote()).
    void setStep(const QString &step);
    // The UI language changed: the model's words in the evaluations (the binding term, the
    // notes) and the trails' texts are made again in it; the numbers stay.
    void retranslate();
    // Lesson steps: M N K dtype step bm bn bk tm tn stages threads group; unnamed knobs take
    // the step's defaults (no "step": the tile-model step).
    void applyLessonState(const QVariantMap &state);
    void applyPreset(int index);
    QString stepChangeNote() const { return m_stepChange; }

    // ---- the evaluation of the configuration
    const Evaluation &evaluation() const { return m_eval; }
    const kernels::gemm::TilePlan &plan() const { return m_eval.plan; }
    const model::TileResult &result() const { return m_eval.result; }
    const model::Prediction &prediction() const { return m_eval.prediction; }
    const model::KernelLaunch &launch() const { return m_eval.launch; }
    bool fullModel() const { return m_eval.fullModel; }
    bool isLegal() const { return m_eval.legal(); }
    bool registersEstimated() const { return m_eval.result.registersEstimated; }
    // Any configuration on this GPU, through the same cache (presets, trails, tests).
    Evaluation evaluate(const Config &c) const;
    // How often model::TileModel really ran (the rest came from the cache), and the cache size.
    int modelEvaluations() const { return m_modelEvaluations; }
    int cachedEvaluations() const { return int(m_evalCache.size()); }

    // ---- the NVRTC compiles
    TileCompiler *compiler() const { return m_compiler; }
    // The configuration's compile starts once the knobs rest this long (default 150 ms: a
    // slider dragged through five values compiles one); 0: at once.
    void setCompileDelay(int ms);
    bool compilePending() const; // the configuration's compile is queued, running or waiting
    int pendingCompiles() const; // every queued or running compile (ladder and sweep too)

    // ---- words (translated) for the configuration
    QString headline() const;
    QString registersText() const;
    QStringList problems() const; // the step's rules, then the model's
    QString problemsText() const;
    QString notesText() const;
    QString gapText() const;       // predicted vs measured, or what the last run said
    QString boundSentence() const; // "Bound by ...: ..." (empty when nothing is predicted)
    QString stepTitleHtml() const;
    QList<TileTermRow> termRows() const;
    // The rows of any evaluation (legal false: nothing predicted, as for a refused step).
    static QList<TileTermRow> termRows(const model::TileResult &result, const model::Prediction &pred,
                                       const QString &registers, bool legal = true);
    static QString compactRegisters(const model::TileResult &r); // "≈ 96 (est.)" or "96"
    QString tooltipFor(const Evaluation &e, const QString &title) const;
    // The measured time of the configuration (this session's runs, else the samples on their
    // GPU); nullptr when none.
    const model::Measurement *measurement(bool *fromSamples = nullptr) const;

    // ---- ladder and sweeps
    // Every ladder step (its default tile) at the current M, N, K: the predicted trail, and the
    // measured one from the samples file where it has this GPU and size.
    void showLadder();
    // One knob over its slider values (the other knobs as they are), or the size D = M = N = K.
    void sweep(Field field);
    void sweepSize();
    // Every tile of the step RoofLab's samples measured at this size on this GPU, fastest first.
    void sweepMeasured();
    // The model's n fastest legal tiles of the step at this size (kernels::gemm::rankTiles), their
    // leaders compiled on a pool thread first (refineRanking); the sweep fills when they are, with
    // RoofLab's measured points where the samples hold them; measureSweep() runs them.
    void sweepBest(int n);
    void clearTrails();
    const QList<TrailEntry> &ladder() const { return m_ladder; }
    const QList<TrailEntry> &sweepEntries() const { return m_sweep; }
    QString sweepName() const { return m_sweepName; }
    QString ladderText() const;
    QString sweepText() const;

    // What the chart shows for the session (group chartGroup()): the configuration's predicted
    // and measured points with the gap between them, and the ladder and sweep trails.
    const QList<ChartPoint> &points() const { return m_points; }
    const QList<ChartTrail> &trails() const { return m_trails; }

    // ---- measuring, through a WorkerClient: the one given here (the main window's, shared with
    // the Runs panel so that two runs never share the GPU), else a worker of the session's own.
    // setWorkerProgram() gives it an own worker running `program worker` (tests use a stand-in).
    void setWorker(WorkerClient *worker);
    void setWorkerProgram(const QString &program);
    WorkerClient *worker();
    // Runs the configuration on the GPU through the worker; the answer arrives later.
    void measure();
    void measureSweep(); // every point of the sweep, one after another
    bool measuring() const { return !m_runs.isEmpty(); }
    int runsInFlight() const { return int(m_runs.size()); }
    bool canMeasure() const; // legal, a ladder kernel, an NVIDIA GPU

    // The measurements shown beside the predictions: every GEMM ladder run in RoofLab's
    // bundled samples (<resources>/samples, its folders too) by default, each on the GPU it
    // was measured on.
    void setSamplesFiles(const QStringList &paths);
    void setSamplesFile(const QString &path) { setSamplesFiles({path}); }
    QStringList samplesFiles() const { return m_samplesFiles; }
    static QStringList bundledSamplesFiles();
    // The sample measurements of one GPU, one per configuration (tests, the ranking).
    QList<model::Measurement> sampleMeasurements(const QString &gpuId) const;

signals:
    void configChanged(const kernels::gemm::TileConfig &config);
    void gpuChanged(const model::Gpu &gpu);
    // The configuration's evaluation changed (config, GPU, registers, a measurement).
    void resultChanged();
    // The configuration's compiled registers arrived (resultChanged comes first).
    void registersChanged();
    // What measuring says changed (a run queued, progress, an error): gapText(), measuring().
    void runStateChanged();
    // Every run asked for has ended.
    void measurementFinished();
    // The ladder or the sweep (entries, their texts) changed.
    void trailsChanged();
    // points() or trails() changed: one signal per change, for one chart rebuild.
    void chartChanged();

private:
    // A ranking on its way through the compiler (sweepBest), shared by the pool thread and the
    // answer it posts back.
    struct BestJob
    {
        kernels::gemm::TileRanking ranking;
        kernels::gemm::RankingRefinement refined;
        model::Gpu gpu;
        model::PerfModel perf;
        int n = 0;
        int generation = 0;
    };
    std::shared_ptr<BestJob> m_bestJob; // the latest, until shown; the pool thread fills `refined`
    // The pool thread's answer (queued): shows m_bestJob's picks if no other sweep came since.
    Q_INVOKABLE void bestRanked(int generation);
    void showBest(const kernels::gemm::TileRanking &ranking, const kernels::gemm::RankingRefinement &refined,
                  int n);
    void recompute();
    void requestCompile(bool urgent);
    void onCompiled(const QString &key);
    void rebuildChart();
    void reevaluateTrails();
    void evaluateEntry(TrailEntry &e);
    void runSweep(const QString &name, const QList<std::pair<Config, QString>> &configs);
    void releaseCompile(const QString &key);
    static QString measurementKey(const kernels::gemm::TilePlan &p);
    const model::Measurement *knownMeasurement(const kernels::gemm::TilePlan &p,
                                               bool *fromSamples = nullptr) const;
    void loadSamples();
    static QString sampleSource(const model::Measurement &m);
    QString measuredSizesOfUnmeasured() const;
    QString bestPickText() const;
    void onMeasured(const QString &id, const model::Measurement &m);
    void onRunFailed(const QString &id, const QString &message, bool noDevice);
    void onRunFinished(const QString &id, bool ok, const QString &message);
    QString runOn(const kernels::gemm::TilePlan &p, bool sweep);
    QString bindingTerm(const model::TileResult &r) const;
    model::Prediction tilePrediction(const model::TileResult &r) const;
    static QPointF pointOf(const model::TileResult &r, const model::Prediction &p);
    QString gapFor(const model::Prediction &p, const model::Measurement &m) const;

    TileCompiler *m_compiler = nullptr;
    QTimer *m_compileTimer = nullptr;
    QPointer<WorkerClient> m_worker;
    WorkerClient *m_ownWorker = nullptr;
    model::Gpu m_gpu;
    std::optional<model::TileModel> m_model;
    std::optional<model::PerfModel> m_perf;
    Config m_config;
    Evaluation m_eval;
    QString m_stepChange; // knobs that took the new step's defaults

    // Model results by input: the same configuration is not evaluated twice (a 1×1 naive tile
    // at 4096³ walks 16.7 M blocks through the L2 wave model).
    mutable QHash<QString, model::TileResult> m_evalCache;
    mutable int m_modelEvaluations = 0;

    QList<ChartPoint> m_points;
    QList<ChartTrail> m_trails;
    QList<TrailEntry> m_ladder;
    QList<TrailEntry> m_sweep;
    QString m_sweepName;
    QString m_sweepMessage;
    QString m_sweepNote;      // under the sweep's counts: how many tiles the best-tiles sweep ranked
    bool m_bestSweep = false; // the sweep is the model's best tiles (sweepBest)
    int m_bestGeneration = 0; // sweepBest's ranking answers only while this is its own
    QThreadPool m_rankPool;   // sweepBest's ranking (one at a time; waited for on destruction)

    // Measurements by gemm::measurementKey; the samples by GPU spec id, then the same key.
    QHash<QString, model::Measurement> m_measured;
    QHash<QString, QHash<QString, model::Measurement>> m_samples;
    QStringList m_samplesFiles;
    bool m_bundledSamples = false; // m_samplesFiles are RoofLab's own (bundledSamplesFiles())
    // Per GPU: the first samples file with measured ceilings (its device and ceilings, no
    // measurements) and its name.
    QHash<QString, model::ResultSet> m_samplesCeilings;
    QHash<QString, QString> m_samplesCeilingsFile;
    QString m_samplesError;
    bool m_samplesLoaded = false;
    struct RunTarget
    {
        QString key;
        bool sweep = false;
        bool failed = false; // an error came before its end
    };
    QHash<QString, RunTarget> m_runs;
    QString m_runMessage;
};
