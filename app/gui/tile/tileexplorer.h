#pragma once

#include "tile/tilesession.h"

#include <QPointer>
#include <QWidget>

class QComboBox;
class QLabel;
class QPushButton;
class QSlider;
class QSpinBox;
class QTableWidget;
class RooflineChart;
class TermBar;
class WorkerClient;

// The GEMM tile explorer's view of a TileSession: sliders and spin boxes for the problem (M, N,
// K, dtype), the ladder step and its tile (BM, BN, BK, TM, TN, stages, threads, group); the
// headline, a bar of where the time goes against the measured time with the binding term in
// words, the registers (estimated until the NVRTC compile lands), the reasons a configuration
// cannot run; tabs with the terms table, the tiled-GEMM notes' A100 plans side by side, the ladder and the
// sweeps. The session's points and trails go to the roofline chart (group "tile") while the
// explorer can be seen. Every knob writes to the session; every session signal refreshes what
// it changed, so another owner (a lesson, the Workspace) may drive the session directly.
class TileExplorer : public QWidget
{
    Q_OBJECT

public:
    using Field = TileSession::Field;
    using Config = TileSession::Config;
    using Preset = TileSession::Preset;

    static QString chartGroup() { return TileSession::chartGroup(); }
    static QString currentPointId() { return TileSession::currentPointId(); }
    static QString measuredPointId() { return TileSession::measuredPointId(); }
    static QList<Preset> a100ExamplePresets() { return TileSession::a100ExamplePresets(); }
    static QString a100ExampleGpu() { return TileSession::a100ExampleGpu(); }
    static QList<qint64> sizeSweepValues() { return TileSession::sizeSweepValues(); }

    // A session of its own.
    explicit TileExplorer(RooflineChart *chart, QWidget *parent = nullptr);
    // A view of `session` (not owned; it must outlive the explorer).
    TileExplorer(TileSession *session, RooflineChart *chart, QWidget *parent = nullptr);
    ~TileExplorer() override;

    TileSession *session() const { return m_session; }

    // Lesson steps go to the session (TileSession::applyLessonState).
    void applyLessonState(const QVariantMap &state);

    // ---- the session, forwarded (the main window, lessons and tests drive the explorer so)
    void setGpu(const model::Gpu &gpu) { m_session->setGpu(gpu); }
    const model::Gpu &gpu() const { return m_session->gpu(); }
    void setConfig(const Config &c) { m_session->setConfig(c); }
    const Config &config() const { return m_session->config(); }
    const kernels::gemm::TilePlan &plan() const { return m_session->plan(); }
    const model::TileResult &result() const { return m_session->result(); }
    const model::Prediction &prediction() const { return m_session->prediction(); }
    const model::KernelLaunch &launch() const { return m_session->launch(); }
    bool fullModel() const { return m_session->fullModel(); }
    bool isLegal() const { return m_session->isLegal(); }
    void applyPreset(int index) { m_session->applyPreset(index); }
    void measure() { m_session->measure(); }
    void showLadder() { m_session->showLadder(); }
    void sweep(Field field) { m_session->sweep(field); }
    void sweepSize() { m_session->sweepSize(); }
    void sweepMeasured() { m_session->sweepMeasured(); }
    void sweepBest(int n) { m_session->sweepBest(n); }
    void measureSweep() { m_session->measureSweep(); }
    void clearTrails() { m_session->clearTrails(); }
    void setWorker(WorkerClient *worker) { m_session->setWorker(worker); }
    void setWorkerProgram(const QString &program) { m_session->setWorkerProgram(program); }
    WorkerClient *worker() { return m_session->worker(); }
    void setSamplesFile(const QString &path) { m_session->setSamplesFile(path); }
    QString headline() const { return m_session->headline(); }
    QString registersText() const { return m_session->registersText(); }
    bool registersEstimated() const { return m_session->registersEstimated(); }
    bool compilePending() const { return m_session->compilePending(); }
    int pendingCompiles() const { return m_session->pendingCompiles(); }
    QStringList problems() const { return m_session->problems(); }
    QString problemsText() const { return m_session->problemsText(); }
    QString notesText() const { return m_session->notesText(); }
    QString gapText() const { return m_session->gapText(); }
    bool measuring() const { return m_session->measuring(); }
    QList<ChartTrail> trails() const { return m_session->trails(); }
    QList<ChartPoint> points() const { return m_session->points(); }
    QString ladderText() const { return m_session->ladderText(); }
    QString sweepText() const { return m_session->sweepText(); }

    // ---- the widgets, for tests and other code
    QSlider *slider(Field f) const;
    QSpinBox *spinBox(Field f) const; // nullptr for dtype and step
    QComboBox *combo(Field f) const;  // dtype and step; nullptr otherwise
    QPushButton *measureButton() const { return m_measureButton; }
    QTableWidget *termsTable() const { return m_terms; }
    TermBar *termBar() const { return m_termBar; }
    QString boundText() const; // the binding term in words, under the bar
    QTableWidget *presetTable() const { return m_presets; }
    // The sweep's points, one row each (the model's best tiles ranked); double-click loads one.
    QTableWidget *sweepTable() const { return m_sweepTable; }

signals:
    void resultChanged(); // after the view shows the session's new result
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
    void bind();
    void buildUi();
    QWidget *buildKnobs();
    QWidget *buildTermsTab();
    QWidget *buildPresetsTab();
    QWidget *buildTrailsTab();
    void onConfigChanged();
    void refreshKnobs(); // rules, ranges and shown values for the step
    void showValues();
    void onSlider(Field f, int index);
    void onSpin(Field f, int value);
    void onDtype(int index);
    void onStep(int index);
    void showResult();
    void showRunState();
    void showBar();
    void showTrails();
    void showSweepTable();
    void fillPresets();
    bool onChart() const;
    void pushToChart();
    Knob *knob(Field f) const;

    TileSession *m_session = nullptr;
    RooflineChart *m_chart = nullptr;
    bool m_updating = false;
    QString m_knobStep;       // the step the knobs' rules were set up for
    bool m_published = false; // the chart holds our group

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
    QTableWidget *m_sweepTable = nullptr;
};
