#include "workspace/workspace.h"

#include "tile/tilesession.h"

#include <QSettings>

namespace gemm = kernels::gemm;

namespace {

bool sameInput(const model::OccupancyInput &a, const model::OccupancyInput &b)
{
    return a.threadsPerBlock == b.threadsPerBlock && a.registersPerThread == b.registersPerThread &&
           a.staticSmemBytes == b.staticSmemBytes && a.dynamicSmemBytes == b.dynamicSmemBytes &&
           a.carveout == b.carveout && a.barriersPerBlock == b.barriersPerBlock;
}

} // namespace

Workspace::Workspace(model::SpecDb db, QObject *parent)
    : QObject(parent), m_db(std::move(db)), m_precisions(defaultPrecisions()), m_levels(model::knownLevels()),
      m_workloads(new WorkloadModel(this)), m_tile(new TileSession(this))
{
    connect(m_tile, &TileSession::configChanged, this, &Workspace::tileConfigChanged);
    // A workload removed or replaced cannot stay selected.
    auto dropStaleSelection = [this] {
        if (!m_selected.isEmpty() && m_workloads->rowOf(m_selected) < 0)
            setSelectedWorkload(QString());
    };
    connect(m_workloads, &QAbstractItemModel::modelReset, this, dropStaleSelection);
    connect(m_workloads, &QAbstractItemModel::rowsRemoved, this, dropStaleSelection);
}

Workspace::~Workspace() = default;

QStringList Workspace::defaultPrecisions()
{
    // FP8/FP4 and the accumulate variants on request.
    return {QStringLiteral("fp64"), QStringLiteral("fp32"), QStringLiteral("tf32_tc"),
            QStringLiteral("bf16_tc")};
}

bool Workspace::addGpu(const model::Gpu &gpu)
{
    if (!m_db.add(gpu))
        return false;
    emit gpusChanged();
    return true;
}

const model::Gpu *Workspace::gpu() const
{
    return m_gpuId.isEmpty() ? nullptr : m_db.find(m_gpuId);
}

bool Workspace::selectGpu(const QString &id)
{
    const model::Gpu *g = m_db.find(id);
    if (!g)
        return false;
    if (id != m_gpuId) {
        m_gpuId = id;
        m_llm->setGpu(*g);
        m_tile->setGpu(*g);
        emit gpuChanged(*g);
    }
    return true;
}

void Workspace::setComparisonIds(const QStringList &ids)
{
    QStringList known;
    for (const QString &id : ids)
        if (m_db.find(id) && !known.contains(id) && known.size() < kMaxGpus - 1)
            known << id;
    if (known == m_compare)
        return;
    m_compare = known;
    emit comparisonChanged(m_compare);
}

QList<model::Gpu> Workspace::shownGpus() const
{
    QList<model::Gpu> gpus;
    if (const model::Gpu *g = gpu())
        gpus << *g;
    for (const QString &id : m_compare)
        if (const model::Gpu *g = m_db.find(id); g && id != m_gpuId && gpus.size() < kMaxGpus)
            gpus << *g;
    return gpus;
}

void Workspace::setWantedCeilings(const QStringList &precisions, const QStringList &levels)
{
    if (precisions == m_precisions && levels == m_levels)
        return;
    m_precisions = precisions;
    m_levels = levels;
    emit ceilingsChanged();
}

QStringList Workspace::availablePrecisions() const
{
    QStringList out;
    for (const model::Gpu &g : shownGpus())
        for (const QString &p : g.peaks.keys())
            if (!out.contains(p))
                out << p;
    return out;
}

QStringList Workspace::availableLevels() const
{
    QStringList out;
    for (const model::Gpu &g : shownGpus())
        for (const QString &l : g.bandwidth.keys())
            if (!out.contains(l))
                out << l;
    return out;
}

void Workspace::setLogScale(bool log)
{
    if (log == m_log)
        return;
    m_log = log;
    emit logScaleChanged(log);
}

void Workspace::setSelectedWorkload(const QString &id)
{
    if (id == m_selected)
        return;
    m_selected = id;
    emit selectedWorkloadChanged(id);
}

void Workspace::setOccupancyInput(const model::OccupancyInput &in)
{
    if (sameInput(in, m_occupancy))
        return;
    m_occupancy = in;
    emit occupancyInputChanged(in);
}

const Workspace::TileConfig &Workspace::tileConfig() const
{
    return m_tile->config();
}

void Workspace::setTileConfig(const TileConfig &config)
{
    if (config == m_tile->config())
        return;
    m_tile->setConfig(config); // emits configChanged, so tileConfigChanged
}

void Workspace::applyLessonStep(const model::LessonStep &step)
{
    if (!step.gpu.isEmpty())
        selectGpu(step.gpu);
    if (step.compare)
        setComparisonIds(*step.compare);
    if (step.precisions || step.levels)
        setWantedCeilings(step.precisions.value_or(m_precisions), step.levels.value_or(m_levels));
    if (!step.scale.isEmpty())
        setLogScale(step.scale == QLatin1String("log"));
    if (step.workloads) {
        QList<WorkloadEntry> entries;
        for (const model::LessonWorkload &w : *step.workloads) {
            WorkloadEntry e;
            e.kind = w.kind;
            e.dtype = w.dtype;
            e.shape = w.shape;
            e.label = w.label;
            entries << e;
        }
        m_workloads->setEntries(entries);
    }
    if (!step.llm.isEmpty())
        m_llm->applyLessonState(step.llm);
    if (!step.occupancy.isEmpty()) {
        // A fresh launch with the step's numbers: whatever the teacher moved (carveout
        // included) goes back to the script.
        model::OccupancyInput in;
        in.threadsPerBlock = step.occupancy.value(QStringLiteral("threads"), in.threadsPerBlock).toInt();
        in.registersPerThread = step.occupancy.value(QStringLiteral("regs"), in.registersPerThread).toInt();
        in.dynamicSmemBytes = step.occupancy.value(QStringLiteral("smem"), 0).toLongLong();
        setOccupancyInput(in);
    }
    if (!step.tile.isEmpty())
        m_tile->applyLessonState(step.tile);
}

Workspace::Choices Workspace::choices() const
{
    Choices c;
    c.gpu = m_gpuId;
    c.compare = m_compare;
    c.precisions = m_precisions;
    c.levels = m_levels;
    c.log = m_log;
    c.workloads = m_workloads->toVariant();
    c.occupancy = m_occupancy;
    return c;
}

void Workspace::setChoices(const Choices &c)
{
    if (!c.gpu.isEmpty())
        selectGpu(c.gpu);
    setComparisonIds(c.compare);
    setWantedCeilings(c.precisions, c.levels);
    setLogScale(c.log);
    m_workloads->fromVariant(c.workloads);
    setOccupancyInput(c.occupancy);
}

void Workspace::save(QSettings &s) const
{
    s.setValue(QStringLiteral("choices/gpu"), m_gpuId);
    s.setValue(QStringLiteral("choices/compare"), m_compare);
    s.setValue(QStringLiteral("choices/precisions"), m_precisions);
    s.setValue(QStringLiteral("choices/levels"), m_levels);
    s.setValue(QStringLiteral("choices/log"), m_log);
    s.setValue(QStringLiteral("choices/workloads"), m_workloads->toVariant());
}

void Workspace::restore(const QSettings &s)
{
    if (s.contains(QStringLiteral("choices/precisions")))
        setWantedCeilings(s.value(QStringLiteral("choices/precisions")).toStringList(),
                          s.value(QStringLiteral("choices/levels")).toStringList());
    setLogScale(s.value(QStringLiteral("choices/log"), true).toBool());
    setComparisonIds(s.value(QStringLiteral("choices/compare")).toStringList());
    QString gpu = s.value(QStringLiteral("choices/gpu"), defaultGpuId()).toString();
    if (!m_db.find(gpu))
        gpu = m_db.find(defaultGpuId()) ? defaultGpuId()
                                        : (m_db.gpus().isEmpty() ? QString() : m_db.gpus().first().id);
    if (!gpu.isEmpty())
        selectGpu(gpu);
    m_workloads->fromVariant(s.value(QStringLiteral("choices/workloads")).toList());
}
