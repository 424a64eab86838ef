#pragma once

#include "chartdata.h"
#include "gemmtile.h"
#include "gpu.h"
#include "lessontarget.h"
#include "perfmodel.h"
#include "resultset.h"
#include "tilemodel.h"

#include <QHash>
#include <QPointer>
#include <QWidget>

#include <optional>

class QComboBox;
class QLabel;
class QPushButton;
class QSlider;
class QSpinBox;
class QTableWidget;
class QTimer;
class RooflineChart;
class TermBar;
class TileCompiler;
class WorkerClient;

// The GEMM tile explorer: sliders and spin boxes for the problem (M, N, K, dtype), the ladder
// step and its tile (BM, BN, BK, TM, TN, stages, threads, group). Every change re-evaluates
// model::TileModel (tile, grid, waves, traffic) and model::PerfModel (the time, term by term:
// compute, issue, shared memory, L1, L2, HBM, latency, waves) and moves the predicted point
// (group "tile" of the roofline chart) at once; a bar shows where the time goes against the
// measured time, with the binding term in words;
// the ladder kernel of the configuration compiles with NVRTC in the background and its real
// register count replaces the estimate. "Measure" runs the configuration through
// `rooflab-cli worker` (never in this process) and plots the measured point beside the
// prediction with the gap. Also: seed 003's presets side by side, the whole ladder at one
// size, and sweeps of one knob or of the problem size.
class TileExplorer : public QWidget, public LessonTarget
{
    Q_OBJECT

public:
    using Field = kernels::gemm::TileField;
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
    // Seed 003: 4096³ TF32 on tensor cores, 512 threads, double-buffered, on A100.
    static QList<Preset> seed003Presets();
    static QString seed003Gpu() { return QStringLiteral("a100-sxm4-80gb"); }

    explicit TileExplorer(RooflineChart *chart, QWidget *parent = nullptr);
    ~TileExplorer() override;

    void setGpu(const model::Gpu &gpu);
    const model::Gpu &gpu() const { return m_gpu; }

    // The whole configuration at once (one evaluation); values are shown as given and checked.
    void setConfig(const Config &c);
    const Config &config() const { return m_config; }
    const kernels::gemm::TilePlan &plan() const { return m_eval.plan; }
    const model::TileResult &result() const { return m_eval.result; }
    // What the model evaluated: the plan's input with the compiled registers when known.
    const model::TileInput &modelInput() const { return m_eval.input; }
    // The performance model's prediction (ladder steps), or the tile model's peak-only terms
    // (compute, L2, HBM) as a Prediction for the model step; ok false when nothing runs.
    const model::Prediction &prediction() const { return m_eval.prediction; }
    // The launch handed to model::PerfModel (kernel empty for the model step).
    const model::KernelLaunch &launch() const { return m_eval.launch; }
    bool fullModel() const { return m_eval.fullModel; }
    bool isLegal() const;

    // Lesson steps: M N K dtype step bm bn bk tm tn stages threads group; unnamed knobs take
    // the step's defaults (no "step": the tile-model step).
    void applyLessonState(const QVariantMap &state) override;

    void applyPreset(int index);
    // Runs the configuration on the GPU through the worker; the answer arrives later.
    void measure();
    // Every ladder step (its default tile) at the current M, N, K: predicted trail, plus the
    // measured one from the samples file where it has this GPU and size.
    void showLadder();
    // One knob over its slider values (the other knobs as they are), or the size D = M = N = K.
    void sweep(Field field);
    void sweepSize();
    void measureSweep();
    void clearTrails();

    // Measuring goes through a WorkerClient: the one given here (e.g. the main window's, shared
    // with the Runs panel so that two runs never share the GPU), else the default one, else a
    // worker of the explorer's own. setWorkerProgram() gives it an own worker running `program
    // worker` (tests use a stand-in).
    void setWorker(WorkerClient *worker);
    static void setDefaultWorker(WorkerClient *worker);
    void setWorkerProgram(const QString &program);
    WorkerClient *worker();
    void setSamplesFile(const QString &path); // default: <resources>/samples/h200-gemm-ladder.json
    static QList<qint64> sizeSweepValues();   // 64, 128, ... 8192

    // ---- state for tests and other code
    QSlider *slider(Field f) const;
    QSpinBox *spinBox(Field f) const; // nullptr for dtype and step
    QComboBox *combo(Field f) const;  // dtype and step; nullptr otherwise
    QPushButton *measureButton() const { return m_measureButton; }
    QTableWidget *termsTable() const { return m_terms; }
    TermBar *termBar() const { return m_termBar; }
    QString boundText() const; // the binding term in words, under the bar
    QTableWidget *presetTable() const { return m_presets; }
    QString headline() const;
    QString registersText() const;
    bool registersEstimated() const { return m_eval.result.registersEstimated; }
    bool compilePending() const;   // the configuration on screen waits for its compile
    int pendingCompiles() const;   // every queued or running compile (ladder and sweep too)
    QStringList problems() const; // the step's rules, then the model's
    QString problemsText() const;
    QString notesText() const;
    QString gapText() const;
    bool measuring() const;
    QList<ChartTrail> trails() const { return m_trails; }
    QList<ChartPoint> points() const { return m_points; }
    QString ladderText() const;
    QString sweepText() const;

signals:
    void resultChanged();
    void registersChanged();
    void measurementFinished();
    void trailsChanged();
    // "Open on A100": the main window switches its GPU.
    void gpuRequested(const QString &id);

protected:
    // The tile group is on the chart only while the explorer can be seen (its tab is the current
    // one, or it stands alone), so other panels' charts are not cluttered by it.
    void showEvent(QShowEvent *event) override;
    void hideEvent(QHideEvent *event) override;

private:
    struct Knob;
    bool onChart() const;
    void pushToChart();
    struct TrailEntry
    {
        Config config;
        QString label;
        kernels::gemm::TilePlan plan;
        model::TileResult result;
        QString compileKey;
        QString skipped; // why it is not on the trail
        QString tooltip;
        model::Prediction prediction;
        std::optional<model::Measurement> measured;
        bool fromSamples = false;
    };
    struct Evaluation
    {
        kernels::gemm::TilePlan plan;
        model::TileInput input;
        model::TileResult result;
        model::KernelLaunch launch;
        model::Prediction prediction;
        bool fullModel = false; // prediction from model::PerfModel (else the tile model's terms)
        QString compileKey;
        QString compileError;
    };

    void buildUi();
    QWidget *buildKnobs();
    QWidget *buildTermsTab();
    QWidget *buildPresetsTab();
    QWidget *buildTrailsTab();
    void refreshKnobs(); // rules, ranges and shown values for the step
    void showValues();
    void onSlider(Field f, int index);
    void onSpin(Field f, int value);
    void onDtype(int index);
    void onStep(int index);
    void knobChanged(Field f, qint64 value);
    void recompute();
    Evaluation evaluate(const Config &c, std::optional<int> knownRegisters = std::nullopt) const;
    void requestCompile(const Evaluation &e, bool urgent);
    void onCompiled(const QString &key);
    void showResult();
    void fillPresets();
    void publish(); // points and trails to the chart, in one rebuild
    void reevaluateTrails();
    void evaluateEntry(TrailEntry &e);
    void runSweep(const QString &name, const QList<std::pair<Config, QString>> &configs);
    QString measurementKey(const kernels::gemm::TilePlan &p) const;
    const model::Measurement *knownMeasurement(const kernels::gemm::TilePlan &p, bool *fromSamples = nullptr) const;
    void loadSamples();
    void onMeasured(const QString &id, const model::Measurement &m);
    void onRunFailed(const QString &id, const QString &message, bool noDevice);
    void onRunFinished(const QString &id, bool ok, const QString &message);
    QString runOn(const kernels::gemm::TilePlan &p, bool sweep);
    QString tooltipFor(const Evaluation &e, const QString &title) const;
    QString bindingTerm(const model::TileResult &r) const;
    model::Prediction tilePrediction(const model::TileResult &r) const;
    static QPointF pointOf(const model::TileResult &r, const model::Prediction &p);
    void showBar();
    QString gapFor(const model::Prediction &p, const model::Measurement &m) const;
    Knob *knob(Field f) const;

    RooflineChart *m_chart = nullptr;
    TileCompiler *m_compiler = nullptr;
    QPointer<WorkerClient> m_worker;
    WorkerClient *m_ownWorker = nullptr;
    model::Gpu m_gpu;
    std::optional<model::TileModel> m_model;
    std::optional<model::PerfModel> m_perf;
    Config m_config;
    Evaluation m_eval;
    QString m_stepChange; // knobs that took the new step's defaults
    bool m_updating = false;
    QTimer *m_compileTimer = nullptr;

    QList<Knob *> m_knobs;
    QLabel *m_title = nullptr;
    QLabel *m_stepTitle = nullptr;
    QLabel *m_headline = nullptr;
    QLabel *m_registers = nullptr;
    QLabel *m_problems = nullptr;
    QLabel *m_notes = nullptr;
    QLabel *m_gap = nullptr;
    QPushButton *m_measureButton = nullptr;
    QTableWidget *m_terms = nullptr;
    TermBar *m_termBar = nullptr;
    QLabel *m_boundWords = nullptr;
    QTableWidget *m_presets = nullptr;
    QLabel *m_presetGpu = nullptr;
    QComboBox *m_sweepField = nullptr;
    QPushButton *m_measureSweepButton = nullptr;
    QLabel *m_ladderText = nullptr;
    QLabel *m_sweepText = nullptr;

    // Model results by input: the same configuration is not evaluated twice (a 1×1 naive tile
    // at 4096³ walks 16.7 M blocks through the L2 wave model).
    mutable QHash<QString, model::TileResult> m_evalCache;

    // Chart state
    bool m_published = false; // the chart holds our group
    QList<ChartPoint> m_points;
    QList<ChartTrail> m_trails;
    QList<TrailEntry> m_ladder;
    QList<TrailEntry> m_sweep;
    QString m_sweepName;
    QString m_ladderMessage;
    QString m_sweepMessage;

    // Measurements: by kernel + dtype + parameters; the samples file by the same key.
    QHash<QString, model::Measurement> m_measured;
    QHash<QString, model::Measurement> m_samples;
    QString m_samplesFile;
    QString m_samplesGpu; // spec id the samples were measured on
    model::MachineCeilings m_samplesCeilings; // the samples' measured ceilings, for their GPU
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
    bool m_noDevice = false;
};
