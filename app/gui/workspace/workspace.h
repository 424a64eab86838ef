#pragma once

#include "gemmtile.h"
#include "gpu.h"
#include "lesson.h"
#include "llm/llmsession.h"
#include "occupancy.h"
#include "specdb.h"
#include "workspace/workloadmodel.h"

#include <QObject>
#include <QStringList>

#include <optional>

class QSettings;
class TileSession;

// What the user is looking at, without any widget: the spec database (the one copy the app
// has), the GPU and the GPUs compared with it, the ceilings and memory levels wanted, the axes,
// the workloads (a list model), the selected workload, the occupancy calculator's input and the
// tile explorer's session (its configuration, evaluations, ladder, sweeps and measurements).
// Panels are views of it: they read it, write it, and follow its signals; lessons apply their
// steps to it; the shell keeps it while it re-creates the window (a language switch), so
// nothing the user did is lost with the old widgets.
//
// Setters that change nothing emit nothing, so a panel may write back what it was just told.
class Workspace : public QObject
{
    Q_OBJECT

public:
    // The GPU and up to three to compare with: as many as the chart can draw.
    static constexpr int kMaxGpus = 4;
    using TileConfig = kernels::gemm::TileConfig;

    explicit Workspace(model::SpecDb db, QObject *parent = nullptr);
    ~Workspace() override;

    const model::SpecDb &specDb() const { return m_db; }
    // A spec entry built elsewhere (a live device the database does not know); false for a
    // duplicate id.
    bool addGpu(const model::Gpu &gpu);

    // ---- GPUs
    QString gpuId() const { return m_gpuId; }
    const model::Gpu *gpu() const; // nullptr until one is selected
    // false (and nothing changes) for an id the database does not have.
    bool selectGpu(const QString &id);
    QStringList comparisonIds() const { return m_compare; }
    // Known ids only, without repeats, at most kMaxGpus - 1.
    void setComparisonIds(const QStringList &ids);
    // What the chart draws: the GPU first, then the comparisons that are not the GPU.
    QList<model::Gpu> shownGpus() const;

    // ---- ceilings
    // What the user wants to see, kept across GPU changes (FP64 unticked on one GPU stays
    // unticked on the next), and what the shown GPUs offer.
    QStringList wantedPrecisions() const { return m_precisions; }
    QStringList wantedLevels() const { return m_levels; }
    void setWantedCeilings(const QStringList &precisions, const QStringList &levels);
    QStringList availablePrecisions() const;
    QStringList availableLevels() const;
    static QStringList defaultPrecisions(); // the figures a course quotes first

    // ---- axes
    bool logScale() const { return m_log; }
    void setLogScale(bool log);

    // ---- workloads
    WorkloadModel *workloads() const { return m_workloads; }
    QString selectedWorkload() const { return m_selected; }
    void setSelectedWorkload(const QString &id); // "" = none

    // ---- occupancy calculator and tile explorer
    model::OccupancyInput occupancyInput() const { return m_occupancy; }
    void setOccupancyInput(const model::OccupancyInput &in);
    // The tile explorer's state, without widgets; it follows the workspace's GPU. Explorers are
    // views of it (TileExplorer(session, chart)), so a re-created window shows the same tile,
    // trails and measurements.
    TileSession *tileSession() const { return m_tile; }
    const TileConfig &tileConfig() const;
    void setTileConfig(const TileConfig &config);

    // ---- decode vs prefill
    // The LLM view's model, M, B and S (llm/llmsession.h); it follows the workspace's GPU.
    LlmSession *llmSession() const { return m_llm; }

    // ---- lessons
    // Puts the workspace in the state a lesson step describes: GPU, comparisons, ceilings,
    // axes, workloads, occupancy input, tile configuration. Absent fields leave things as they
    // are; results, highlights and panels are for the lesson player's window.
    void applyLessonStep(const model::LessonStep &step);

    // The user's own choices, to put back after a lesson (or to compare in tests).
    struct Choices
    {
        QString gpu;
        QStringList compare;
        QStringList precisions;
        QStringList levels;
        bool log = true;
        QVariantList workloads;
        model::OccupancyInput occupancy;
    };
    Choices choices() const;
    void setChoices(const Choices &choices);

    // "choices/..." in the application's settings: GPU (default the H200, else the first
    // entry), comparisons, ceilings, axes, workloads.
    void save(QSettings &settings) const;
    void restore(const QSettings &settings);
    static QString defaultGpuId() { return QStringLiteral("h200-sxm"); }

signals:
    void gpuChanged(const model::Gpu &gpu);
    void gpusChanged(); // an entry was added to the database
    void comparisonChanged(const QStringList &ids);
    void ceilingsChanged();
    void logScaleChanged(bool log);
    void selectedWorkloadChanged(const QString &id);
    void occupancyInputChanged(const model::OccupancyInput &in);
    void tileConfigChanged(const kernels::gemm::TileConfig &config); // the session's configChanged

private:
    model::SpecDb m_db;
    QString m_gpuId;
    QStringList m_compare;
    QStringList m_precisions;
    QStringList m_levels;
    bool m_log = true;
    WorkloadModel *m_workloads;
    QString m_selected;
    model::OccupancyInput m_occupancy;
    LlmSession *m_llm = new LlmSession(this);
    TileSession *m_tile;
};
