#include "tile/tilesession.h"

#include "tile/termwords.h"
#include "tile/tilecompiler.h"
#include "workerclient.h"

#include "catalog.h"
#include "ceilingpolicy.h"
#include "events.h"
#include "gemmladder.h"
#include "gemmsteps.h"
#include "paths.h"
#include "units.h"

#include <QCoreApplication>
#include <QDirIterator>
#include <QFileInfo>
#include <QThreadPool>
#include <QTimer>

#include <algorithm>
#include <array>
#include <utility>

namespace gemm = kernels::gemm;
using Field = kernels::gemm::TileField;

namespace {

// The strings were the explorer widget's before the session took them over: they keep its
// translation context, so the catalogue's translations still apply.
struct Text
{
    Q_DECLARE_TR_FUNCTIONS(TileExplorer)
};

QString percent(double v)
{
    return QStringLiteral("%1 %").arg(QString::number(v * 100, 'f', v * 100 >= 99.95 || v == 0 ? 0 : 1));
}

// The model's input, every field that changes its answer: the evaluation cache's key.
QString inputKey(const model::TileInput &in)
{
    return QStringLiteral("%1 %2 %3 %4 %5 %6 %7 %8 %9")
               .arg(in.M)
               .arg(in.N)
               .arg(in.K)
               .arg(int(in.dtype))
               .arg(in.bm)
               .arg(in.bn)
               .arg(in.bk)
               .arg(in.stages)
               .arg(in.threads) +
           QStringLiteral(" %1 %2 %3 %4 %5")
               .arg(in.group)
               .arg(in.registers.value_or(-1))
               .arg(in.extraSmemBytes)
               .arg(in.carveout)
               .arg(int(in.footprint));
}

} // namespace

// ---------------------------------------------------------------- presets

QList<TileSession::Preset> TileSession::a100ExamplePresets()
{
    QList<Preset> out;
    const int shapes[3][3] = {{64, 64, 16}, {128, 128, 32}, {128, 128, 64}};
    const char *names[3] = {"A", "B", "C"};
    for (int i = 0; i < 3; ++i) {
        Config c;
        c.step = QString::fromLatin1(gemm::kModelStep);
        c.M = c.N = c.K = 4096;
        c.dtype = model::Dtype::Tf32;
        c.bm = shapes[i][0];
        c.bn = shapes[i][1];
        c.bk = shapes[i][2];
        c.tm = c.tn = 0;
        c.stages = 2;
        c.threads = 512;
        c.group = 1;
        out.append(
            {QStringLiteral("%1 %2×%3×%4").arg(QLatin1String(names[i])).arg(c.bm).arg(c.bn).arg(c.bk), c});
    }
    return out;
}

QList<qint64> TileSession::sizeSweepValues()
{
    QList<qint64> v;
    for (qint64 d = 64; d <= 8192; d *= 2)
        v.append(d);
    return v;
}

// ---------------------------------------------------------------- construction

TileSession::TileSession(QObject *parent)
    : QObject(parent), m_compiler(new TileCompiler(this)), m_compileTimer(new QTimer(this))
{
    m_rankPool.setMaxThreadCount(1);
    m_samplesFiles = bundledSamplesFiles();
    m_bundledSamples = true;
    // The compile starts once the knobs rest: dragging a slider through five values compiles one.
    m_compileTimer->setSingleShot(true);
    m_compileTimer->setInterval(150);
    connect(m_compileTimer, &QTimer::timeout, this, [this] { requestCompile(true); });
    connect(m_compiler, &TileCompiler::compiled, this, &TileSession::onCompiled);

    m_config = gemm::defaultConfig(QStringLiteral("gemm.reg2d"));
    recompute();
}

TileSession::~TileSession()
{
    m_rankPool.clear();
    m_rankPool.waitForDone(); // no ranking may outlive `this`: it posts its answer to it
}

void TileSession::setCompileDelay(int ms)
{
    m_compileTimer->setInterval(std::max(0, ms));
}

// ---------------------------------------------------------------- configuration

void TileSession::setConfig(const Config &c)
{
    const bool changed = c != m_config;
    m_config = c;
    m_stepChange.clear();
    if (changed)
        emit configChanged(m_config);
    recompute();
}

void TileSession::setValue(Field f, qint64 value)
{
    if (f == Field::Dtype || f == Field::Step || m_config.value(f) == value)
        return;
    m_config.setValue(f, value);
    m_stepChange.clear();
    // Derived knobs follow (threads of a register-blocked step, BN and BK of square tiles).
    m_config = gemm::normalized(m_config);
    emit configChanged(m_config);
    recompute();
}

void TileSession::setDtype(model::Dtype dtype)
{
    if (dtype == m_config.dtype)
        return;
    m_config.dtype = dtype;
    m_stepChange.clear();
    emit configChanged(m_config);
    recompute();
}

void TileSession::retranslate()
{
    m_evalCache.clear();
    recompute();
    reevaluateTrails();
}

void TileSession::setStep(const QString &step)
{
    if (step.isEmpty() || step == m_config.step)
        return;
    QStringList changed;
    m_config = gemm::switchedStep(m_config, step, &changed);
    m_stepChange =
        changed.isEmpty()
            ? QString()
            : Text::tr(
                  "Switching to %1 set %2: the old values are not knobs of this step, or not in its range.")
                  .arg(gemm::shortStepName(step), changed.join(QStringLiteral(", ")));
    emit configChanged(m_config);
    recompute();
}

void TileSession::applyPreset(int index)
{
    const QList<Preset> presets = a100ExamplePresets();
    if (index < 0 || index >= presets.size())
        return;
    setConfig(presets.at(index).config);
}

void TileSession::applyLessonState(const QVariantMap &state)
{
    setConfig(gemm::configFromKeys(state));
}

// ---------------------------------------------------------------- model

void TileSession::setGpu(const model::Gpu &gpu)
{
    m_gpu = gpu;
    m_model.emplace(gpu);
    // The ceilings of the one policy (model::chooseCeilings): RoofLab's samples measured on
    // this GPU, else the datasheet; samples files other than the bundled ones stand in for
    // those. Their measurements mark the bar too.
    loadSamples();
    model::CeilingRequest request;
    request.gpu = &gpu;
    if (const auto it = m_samplesCeilings.constFind(gpu.id);
        it != m_samplesCeilings.constEnd() && !m_bundledSamples)
        request.samplesOverride = {{m_samplesCeilingsFile.value(gpu.id), &it.value()}};
    m_perf.emplace(gpu, model::chooseCeilings(request).machine);
    m_evalCache.clear();
    emit gpuChanged(m_gpu);
    recompute();
    reevaluateTrails();
}

TileSession::Evaluation TileSession::evaluate(const Config &c) const
{
    Evaluation e;
    e.plan = gemm::plan(c, m_gpu.id.isEmpty() ? nullptr : &m_gpu);
    e.input = e.plan.input;
    if (e.plan.hasKernel() && e.plan.problems.isEmpty() && !m_gpu.computeCapability.isEmpty()) {
        const gemm::CompileJob job = gemm::compileJob(e.plan, m_gpu);
        if (job.ok) {
            e.compileKey = job.key;
            if (const gemm::TileCompile *r = m_compiler->result(job.key)) {
                if (r->ok)
                    e.input.registers = r->registers;
                else
                    e.compileError = r->error;
            }
        } else {
            e.compileError = job.error;
        }
    }
    if (m_model) {
        const QString key = inputKey(e.input);
        if (const auto it = m_evalCache.constFind(key); it != m_evalCache.constEnd()) {
            e.result = it.value();
        } else {
            e.result = m_model->evaluate(e.input);
            ++m_modelEvaluations;
            if (m_evalCache.size() > 4000)
                m_evalCache.clear();
            m_evalCache.insert(key, e.result);
        }
    }
    const bool legal = e.legal();
    if (legal && m_perf && e.plan.hasKernel() && model::PerfModel::knows(e.plan.kernelId)) {
        const gemm::TileCompile *compiled =
            e.compileKey.isEmpty() ? nullptr : m_compiler->result(e.compileKey);
        // registers: the NVRTC count once compiled; else the performance model's own
        e.prediction = gemm::predictTile(e.plan, e.result, e.input.registers, compiled, *m_perf, &e.launch);
        e.fullModel = e.prediction.ok;
        if (!e.prediction.ok) {
            const QString why = e.prediction.reason;
            e.prediction = tilePrediction(e.result);
            e.prediction.notes.prepend(Text::tr("The performance model could not predict this launch (%1): "
                                                "the tile model's terms are shown.")
                                           .arg(why));
        }
    } else {
        e.prediction = tilePrediction(e.result);
        e.prediction.ok = e.prediction.ok && legal;
    }
    return e;
}

model::Prediction TileSession::tilePrediction(const model::TileResult &r) const
{
    model::Prediction p;
    p.ok = r.ok && r.predictedTimeS > 0;
    p.reason = r.problems.join(QStringLiteral("; "));
    p.timeS = r.predictedTimeS;
    p.formula = model::PerfFormula::slowestOf(r.computeS, r.hbmS, r.l2S);
    p.bound = r.ok ? p.formula.binding() : r.bound;
    p.boundWords = bindingTerm(r);
    p.flops = r.flops;
    p.mixSource = QStringLiteral("tile");
    p.terms = {
        {QStringLiteral("compute"), r.computeS,
         Text::tr("%1 at the %2 peak × wave efficiency %3")
             .arg(model::formatSi(r.flops, QStringLiteral("FLOP")), model::precisionLabel(r.precision),
                  percent(r.waveEfficiency))},
        {QStringLiteral("l2"), r.l2S,
         Text::tr("%1 read without reuse / L2 bandwidth%2")
             .arg(model::formatBytesBinary(r.l2ReadBytesNoReuse),
                  r.l2BandwidthAssumed ? Text::tr(" (assumed)") : QString())},
        {QStringLiteral("hbm"), r.hbmS,
         Text::tr("%1 (L2 model) / HBM bandwidth").arg(model::formatBytesBinary(r.hbmBytes))},
    };
    p.levelBytes = {{QStringLiteral("hbm"), r.hbmBytes},
                    {QStringLiteral("l2"), r.l2ReadBytesNoReuse + r.cBytes}};
    p.notes << Text::tr(
        "The tile-model step has only the peak terms (compute, L2, HBM); a ladder step adds issue, shared "
        "memory, L1, latency and waves from its kernel.");
    return p;
}

QPointF TileSession::pointOf(const model::TileResult &r, const model::Prediction &p)
{
    // The tile model's HBM traffic (the terms table's intensity), the prediction's time.
    const double flops = p.flops > 0 ? p.flops : r.flops;
    return {r.aiHbm(), p.timeS > 0 ? flops / p.timeS : 0};
}

void TileSession::recompute()
{
    const QString oldKey = m_eval.compileKey;
    m_eval = evaluate(m_config);
    // The configuration the user left needs its compile no more (unless a trail point does).
    releaseCompile(oldKey);
    if (!m_eval.compileKey.isEmpty() && !m_compiler->result(m_eval.compileKey)) {
        if (m_compileTimer->interval() == 0)
            requestCompile(true);
        else
            m_compileTimer->start();
    } else {
        m_compileTimer->stop();
    }
    rebuildChart();
    emit resultChanged();
}

void TileSession::requestCompile(bool urgent)
{
    if (m_eval.compileKey.isEmpty() || m_compiler->result(m_eval.compileKey))
        return;
    m_compiler->request(gemm::compileJob(m_eval.plan, m_gpu), urgent);
    emit runStateChanged(); // "compiling …" in the registers' words
}

bool TileSession::compilePending() const
{
    return !m_eval.compileKey.isEmpty() && !m_compiler->result(m_eval.compileKey);
}

int TileSession::pendingCompiles() const
{
    return m_compiler->pendingCount();
}

void TileSession::onCompiled(const QString &key)
{
    if (key == m_eval.compileKey) {
        recompute();
        emit registersChanged();
    }
    bool trail = false;
    for (const TrailEntry &e : std::as_const(m_ladder))
        trail = trail || e.compileKey == key;
    for (const TrailEntry &e : std::as_const(m_sweep))
        trail = trail || e.compileKey == key;
    if (trail)
        reevaluateTrails();
}

// ---------------------------------------------------------------- words

QStringList TileSession::problems() const
{
    QStringList out = m_eval.plan.problems;
    for (const QString &p : m_eval.result.problems)
        if (!out.contains(p))
            out.append(p);
    return out;
}

QString TileSession::problemsText() const
{
    return problems().join(QLatin1Char('\n'));
}

QString TileSession::notesText() const
{
    QStringList n;
    if (!m_stepChange.isEmpty())
        n << m_stepChange;
    n += m_eval.plan.notes;
    n += m_eval.result.notes;
    return n.join(QLatin1Char('\n'));
}

QString TileSession::bindingTerm(const model::TileResult &r) const
{
    if (r.bound == QLatin1String("compute"))
        return r.precision.endsWith(QLatin1String("_tc"))
                   ? Text::tr("tensor throughput (%1)").arg(model::precisionLabel(r.precision))
                   : Text::tr("%1 throughput (CUDA cores)").arg(model::precisionLabel(r.precision));
    if (r.bound == QLatin1String("hbm"))
        return Text::tr("HBM bandwidth");
    if (r.bound == QLatin1String("l2"))
        return r.l2BandwidthAssumed ? Text::tr("L2 bandwidth (assumed)") : Text::tr("L2 bandwidth");
    return {};
}

QString TileSession::headline() const
{
    const model::TileResult &r = m_eval.result;
    if (!m_model)
        return Text::tr("Choose a GPU to see the prediction");
    if (!isLegal())
        return Text::tr("No prediction: this configuration cannot run (see why below)");
    const model::Prediction &p = m_eval.prediction;
    if (!p.ok)
        return Text::tr("No prediction: %1").arg(p.reason);
    return Text::tr("predicted %1 · %2 · bound by %3")
        .arg(model::formatSeconds(p.timeS), model::formatSi(pointOf(r, p).y(), QStringLiteral("FLOP/s")),
             termwords::shortWords(p));
}

QString TileSession::boundSentence() const
{
    return isLegal() ? termwords::boundSentence(m_eval.prediction) : QString();
}

QString TileSession::stepTitleHtml() const
{
    const QString step = gemm::stepTitle(m_config.step);
    // From the ladder, in the language shown now (the catalog keeps its first language's).
    if (const QString about = kernels::gemm::ladderStepDescription(m_config.step); !about.isEmpty())
        return QStringLiteral("<b>%1</b> — %2").arg(step.toHtmlEscaped(), about.toHtmlEscaped());
    if (const kernels::KernelSpec *k = kernels::Catalog::instance().find(m_config.step))
        return QStringLiteral("<b>%1</b> — %2").arg(step.toHtmlEscaped(), k->description.toHtmlEscaped());
    return QStringLiteral("<b>%1</b> — %2")
        .arg(step.toHtmlEscaped(), Text::tr("the tile model with every knob free; registers are estimated"));
}

QString TileSession::registersText() const
{
    const model::TileResult &r = m_eval.result;
    if (!r.registersEstimated) {
        const gemm::TileCompile *c = m_compiler->result(m_eval.compileKey);
        QString s = Text::tr("registers: %1 per thread, compiled (NVRTC, %2)")
                        .arg(r.registers)
                        .arg(c ? c->arch : QString());
        if (c && c->spillBytes > 0)
            s += Text::tr("; %1 bytes spilled to local memory").arg(c->spillBytes);
        return s;
    }
    QString s = Text::tr("registers: ≈ %1, estimated").arg(r.registers);
    if (!m_eval.compileKey.isEmpty() && !m_compiler->result(m_eval.compileKey))
        s += Text::tr(" — compiling %1 with NVRTC…").arg(gemm::shortStepName(m_config.step));
    else if (!m_eval.compileError.isEmpty())
        s += Text::tr(" — no compile: %1").arg(m_eval.compileError);
    else if (!m_eval.plan.hasKernel())
        s += Text::tr(" (the tile-model step has no kernel to compile)");
    else if (!m_eval.plan.problems.isEmpty())
        s += Text::tr(" (nothing to compile for a configuration that cannot run)");
    else if (m_gpu.computeCapability.isEmpty())
        s += Text::tr(" (%1 is not an NVIDIA GPU: nothing to compile)").arg(m_gpu.displayName());
    return s;
}

QList<TileTermRow> TileSession::termRows() const
{
    return termRows(m_eval.result, m_eval.prediction, registersText().section(QStringLiteral(": "), 1),
                    isLegal());
}

QList<TileTermRow> TileSession::termRows(const model::TileResult &result, const model::Prediction &pred,
                                         const QString &registers, bool legal)
{
    // legal false: the step or the kernel refuses the configuration, so no time is predicted
    // even where the model alone would give one.
    model::TileResult r = result;
    r.ok = r.ok && legal;
    using model::formatBytesBinary;
    using model::formatSeconds;
    using model::formatSi;
    QList<TileTermRow> rows;
    rows.append({"smem", Text::tr("shared memory / block"), formatBytesBinary(double(r.smemBytes)),
                 double(r.smemBytes)});
    rows.append({"ai_stage", Text::tr("intensity per stage"),
                 QString::number(r.aiStage, 'g', 4) + Text::tr(" FLOP/B"), r.aiStage});
    rows.append({"grid", Text::tr("grid"),
                 QStringLiteral("%1 × %2 = %3").arg(r.gridM).arg(r.gridN).arg(r.gridBlocks),
                 double(r.gridBlocks)});
    rows.append(
        {"k_iterations", Text::tr("K iterations"), QString::number(r.kIterations), double(r.kIterations)});
    rows.append({"flops", Text::tr("FLOPs"), formatSi(r.flops, QStringLiteral("FLOP")), r.flops});
    rows.append({"l2_no_reuse", Text::tr("reads, no reuse"), formatBytesBinary(r.l2ReadBytesNoReuse),
                 r.l2ReadBytesNoReuse});
    rows.append({"c_bytes", Text::tr("C written"), formatBytesBinary(r.cBytes), r.cBytes});
    rows.append({"hbm", Text::tr("HBM bytes (L2 model)"),
                 formatBytesBinary(r.hbmBytes) + (r.hbmReuse ? QString() : Text::tr(" (no reuse)")),
                 r.hbmBytes});
    rows.append(
        {"hbm_min", Text::tr("HBM bytes (minimum)"), formatBytesBinary(r.hbmBytesMin), r.hbmBytesMin});
    rows.append({"registers", Text::tr("registers / thread"), registers, double(r.registers)});
    rows.append({"blocks_per_sm", Text::tr("blocks / SM"),
                 r.blocksPerSm > 0
                     ? Text::tr("%1 (limit: %2)").arg(r.blocksPerSm).arg(model::limiterLabel(r.limiter))
                     : Text::tr("0"),
                 double(r.blocksPerSm)});
    rows.append({"occupancy", Text::tr("occupancy"), percent(r.occupancy.occupancy), r.occupancy.occupancy});
    rows.append({"waves", Text::tr("waves"), QString::number(r.waves, 'g', 4), r.waves});
    rows.append(
        {"wave_efficiency", Text::tr("wave efficiency"), percent(r.waveEfficiency), r.waveEfficiency});
    const QString none = QStringLiteral("—");
    // One row per term of the prediction ("compute_s", "issue_s", ..., "waves_s").
    const bool ok = r.ok && pred.ok;
    const QHash<QString, QString> termLabels = {{"compute", Text::tr("compute term")},
                                                {"issue", Text::tr("issue term")},
                                                {"smem", Text::tr("shared memory term")},
                                                {"l1", Text::tr("L1 term")},
                                                {"l2", Text::tr("L2 term")},
                                                {"hbm", Text::tr("HBM term")},
                                                {"latency", Text::tr("latency term")},
                                                {"waves", Text::tr("waves term")}};
    for (const model::PerfTerm &t : pred.terms) {
        QString text = ok ? formatSeconds(t.seconds) : none;
        if (ok && t.name == QLatin1String("l2") && pred.mixSource == QLatin1String("tile") &&
            r.l2BandwidthAssumed)
            text += Text::tr(" (L2 bw assumed)");
        rows.append({t.name + QStringLiteral("_s"), termLabels.value(t.name, t.name), text, t.seconds,
                     ok && pred.bound == t.name});
    }
    const double flopS = ok && pred.timeS > 0 ? (pred.flops > 0 ? pred.flops : r.flops) / pred.timeS : 0;
    rows.append({"time", Text::tr("predicted time"), ok ? formatSeconds(pred.timeS) : none, pred.timeS, ok});
    rows.append({"flop_s", Text::tr("predicted FLOP/s"),
                 ok ? formatSi(flopS, QStringLiteral("FLOP/s")) : none, flopS});
    rows.append({"ai_hbm", Text::tr("intensity (HBM)"),
                 ok ? QString::number(r.aiHbm(), 'g', 4) + Text::tr(" FLOP/B") : none, r.aiHbm()});
    rows.append({"bound", Text::tr("bound by"), ok ? pred.boundWords : none, 0, ok});

    // Short forms for the three-column presets table.
    const QHash<QString, QString> shortLabels = {{"smem", Text::tr("smem / block")},
                                                 {"ai_stage", Text::tr("AI / stage")},
                                                 {"grid", Text::tr("blocks")},
                                                 {"k_iterations", Text::tr("K iterations")},
                                                 {"l2_no_reuse", Text::tr("reads, no reuse")},
                                                 {"hbm", Text::tr("HBM (L2 model)")},
                                                 {"hbm_min", Text::tr("HBM minimum")},
                                                 {"registers", Text::tr("regs / thread")},
                                                 {"wave_efficiency", Text::tr("wave eff.")},
                                                 {"compute_s", Text::tr("compute term")},
                                                 {"time", Text::tr("time")},
                                                 {"flop_s", Text::tr("FLOP/s")},
                                                 {"ai_hbm", Text::tr("AI (HBM)")},
                                                 {"bound", Text::tr("bound")}};
    auto shortLimiter = [&](model::Limiter l) {
        switch (l) {
        case model::Limiter::Registers:
            return Text::tr("regs");
        case model::Limiter::SharedMemory:
            return Text::tr("smem");
        case model::Limiter::Warps:
            return Text::tr("warps");
        case model::Limiter::Blocks:
            return Text::tr("blocks");
        case model::Limiter::Barriers:
            return Text::tr("barriers");
        case model::Limiter::None:
            break;
        }
        return QString();
    };
    for (TileTermRow &row : rows) {
        row.shortLabel = shortLabels.value(row.key, row.label);
        if (row.key == QLatin1String("ai_stage"))
            row.brief = QString::number(r.aiStage, 'g', 4);
        else if (row.key == QLatin1String("grid"))
            row.brief = QString::number(r.gridBlocks);
        else if (row.key == QLatin1String("hbm"))
            row.brief = formatBytesBinary(r.hbmBytes) + (r.hbmReuse ? QString() : QStringLiteral("*"));
        else if (row.key == QLatin1String("blocks_per_sm") && r.blocksPerSm > 0)
            row.brief = QStringLiteral("%1 · %2").arg(r.blocksPerSm).arg(shortLimiter(r.limiter));
        else if (row.key == QLatin1String("l2_s") && ok)
            row.brief = formatSeconds(row.raw) +
                        (r.l2BandwidthAssumed && pred.mixSource == QLatin1String("tile") ? QStringLiteral("*")
                                                                                         : QString());
        else if (row.key == QLatin1String("ai_hbm") && r.ok)
            row.brief = QString::number(r.aiHbm(), 'g', 4);
        else if (row.key == QLatin1String("bound") && ok)
            row.brief = pred.bound == QLatin1String("compute") ? Text::tr("compute")
                        : pred.bound == QLatin1String("hbm")   ? Text::tr("HBM")
                        : pred.bound == QLatin1String("l2")    ? Text::tr("L2")
                                                               : pred.bound;
        else if (row.key == QLatin1String("flops"))
            row.brief = formatSi(r.flops, QString()).trimmed();
        else if (row.key == QLatin1String("flop_s") && ok)
            row.brief = formatSi(flopS, QString()).trimmed();
        else if (row.key == QLatin1String("registers"))
            row.brief =
                r.registersEstimated ? QStringLiteral("≈ %1").arg(r.registers) : QString::number(r.registers);
        if (row.brief.isEmpty())
            row.brief = row.text;
    }
    return rows;
}

QString TileSession::compactRegisters(const model::TileResult &r)
{
    return r.registersEstimated ? QStringLiteral("≈ %1 (est.)").arg(r.registers)
                                : QString::number(r.registers);
}

QString TileSession::tooltipFor(const Evaluation &e, const QString &title) const
{
    const model::TileResult &r = e.result;
    QString html = QStringLiteral("<b>%1</b><br>%2 · %3 · %4×%5×%6<table>")
                       .arg(title.toHtmlEscaped(), gemm::shortStepName(e.plan.config.step),
                            model::dtypeName(e.plan.config.dtype))
                       .arg(e.plan.config.M)
                       .arg(e.plan.config.N)
                       .arg(e.plan.config.K);
    const QString regs = r.registersEstimated ? Text::tr("≈ %1 (estimated)").arg(r.registers)
                                              : Text::tr("%1 (compiled)").arg(r.registers);
    for (const TileTermRow &row : termRows(r, e.prediction, regs)) {
        const QString cell =
            QStringLiteral("<td>%1</td><td>%2</td>").arg(row.label.toHtmlEscaped(), row.text.toHtmlEscaped());
        html += row.bold ? QStringLiteral("<tr style=\"font-weight:bold\">%1</tr>").arg(cell)
                         : QStringLiteral("<tr>%1</tr>").arg(cell);
    }
    html += QStringLiteral("</table>");
    if (r.ok && e.prediction.ok)
        html += Text::tr("binding term: <b>%1</b>").arg(e.prediction.boundWords.toHtmlEscaped());
    return html;
}

// ---------------------------------------------------------------- chart values

void TileSession::rebuildChart()
{
    m_points.clear();
    m_trails.clear();
    const model::TileResult &r = m_eval.result;
    const QString label =
        QStringLiteral("%1 %2").arg(gemm::shortStepName(m_config.step), gemm::tileLabel(m_config));
    if (isLegal()) {
        ChartPoint p;
        p.id = currentPointId();
        p.label = label;
        p.tooltip = tooltipFor(m_eval, Text::tr("Predicted: %1").arg(label));
        const QPointF xy = pointOf(r, m_eval.prediction);
        p.ai = xy.x();
        p.flopPerS = xy.y();
        p.kind = ChartPoint::Kind::Predicted;
        m_points.append(p);
        bool fromSamples = false;
        if (const model::Measurement *m = knownMeasurement(m_eval.plan, &fromSamples)) {
            ChartPoint mp;
            mp.id = measuredPointId();
            mp.label = Text::tr("measured");
            mp.tooltip =
                QStringLiteral("<b>%1</b><br>%2")
                    .arg(Text::tr("Measured: %1").arg(label).toHtmlEscaped(),
                         gapFor(m_eval.prediction, *m).toHtmlEscaped()) +
                (fromSamples ? QStringLiteral("<br>") + sampleSource(*m).toHtmlEscaped() : QString());
            mp.ai = p.ai;
            mp.flopPerS = m->flopPerS();
            mp.kind = ChartPoint::Kind::Measured;
            m_points.append(mp);
            ChartTrail gap;
            gap.id = QStringLiteral("tile.gap");
            gap.kind = ChartPoint::Kind::Measured;
            gap.points = {QPointF(p.ai, p.flopPerS), QPointF(mp.ai, mp.flopPerS)};
            m_trails.append(gap);
        }
    }

    auto addTrail = [this](const QList<TrailEntry> &entries, const QString &id, const QString &predicted,
                           const QString &measured) {
        ChartTrail pt, mt;
        pt.id = id + QStringLiteral(".predicted");
        pt.label = predicted;
        pt.kind = ChartPoint::Kind::Predicted;
        mt.id = id + QStringLiteral(".measured");
        mt.label = measured;
        mt.kind = ChartPoint::Kind::Measured;
        for (int i = 0; i < entries.size(); ++i) {
            const TrailEntry &e = entries.at(i);
            if (!e.skipped.isEmpty())
                continue;
            const QPointF xy = pointOf(e.result, e.prediction);
            pt.points << xy;
            pt.pointLabels << e.label;
            ChartPoint p;
            p.id = QStringLiteral("%1.p%2").arg(id).arg(i);
            p.tooltip = e.tooltip;
            p.ai = xy.x();
            p.flopPerS = xy.y();
            m_points << p;
            if (e.measured) {
                const double ai = xy.x(); // the same configuration: the model's traffic, the measured time
                mt.points << QPointF(ai, e.measured->flopPerS());
                mt.pointLabels << e.label;
                ChartPoint m;
                m.id = QStringLiteral("%1.m%2").arg(id).arg(i);
                m.kind = ChartPoint::Kind::Measured;
                m.ai = ai;
                m.flopPerS = e.measured->flopPerS();
                m.tooltip = QStringLiteral("<b>%1</b><br>%2%3")
                                .arg(Text::tr("Measured: %1").arg(e.label).toHtmlEscaped(),
                                     gapFor(e.prediction, *e.measured).toHtmlEscaped(),
                                     e.fromSamples
                                         ? QStringLiteral("<br>") + sampleSource(*e.measured).toHtmlEscaped()
                                         : QString());
                m_points << m;
            }
        }
        if (!pt.points.isEmpty())
            m_trails << pt;
        if (!mt.points.isEmpty())
            m_trails << mt;
    };
    addTrail(m_ladder, QStringLiteral("tile.ladder"), Text::tr("ladder, predicted"),
             Text::tr("ladder, measured"));
    addTrail(m_sweep, QStringLiteral("tile.sweep"), Text::tr("sweep %1, predicted").arg(m_sweepName),
             Text::tr("sweep %1, measured").arg(m_sweepName));
    emit chartChanged();
}

// ---------------------------------------------------------------- samples

QStringList TileSession::bundledSamplesFiles()
{
    QStringList files;
    QDirIterator it(model::resourcePath(QStringLiteral("samples")), {QStringLiteral("*.json")}, QDir::Files,
                    QDirIterator::Subdirectories);
    while (it.hasNext())
        files << it.next();
    files.sort(); // the ladder files before the folders' sweeps: a ladder run is the one kept
    return files;
}

void TileSession::loadSamples()
{
    if (m_samplesLoaded)
        return;
    m_samplesLoaded = true;
    m_samples.clear();
    m_samplesCeilings.clear();
    m_samplesCeilingsFile.clear();
    m_samplesError.clear();
    QStringList problems;
    const QDir samplesDir(model::resourcePath(QStringLiteral("samples")));
    for (const QString &file : std::as_const(m_samplesFiles)) {
        const QString name = QFileInfo(file).fileName();
        if (!QFileInfo::exists(file)) {
            problems << Text::tr("%1 is not there (yet)").arg(name);
            continue;
        }
        QString error;
        const auto rs = model::ResultSet::load(file, &error);
        if (!rs) {
            problems << Text::tr("%1 was not loaded: %2").arg(name, error);
            continue;
        }
        const QString gpu = rs->device.spec;
        if (gpu.isEmpty())
            continue; // not matched to a GPU of the spec database: nothing to compare with
        if (!m_samplesCeilings.contains(gpu) && !model::measuredCeilings(*rs).isEmpty()) {
            model::ResultSet ceilings;
            ceilings.device = rs->device;
            ceilings.ceilings = rs->ceilings;
            m_samplesCeilings.insert(gpu, ceilings);
            m_samplesCeilingsFile.insert(gpu, name);
        }
        const QString shown = samplesDir.relativeFilePath(file).startsWith(QLatin1String(".."))
                                  ? name
                                  : samplesDir.relativeFilePath(file);
        gemm::indexMeasuredTiles(*rs, shown, m_samples[gpu]);
    }
    m_samplesError = problems.join(QStringLiteral("; "));
}

void TileSession::setSamplesFiles(const QStringList &paths)
{
    m_samplesFiles = paths;
    m_bundledSamples = false;
    m_samplesLoaded = false;
    m_samples.clear();
    m_samplesCeilings.clear();
    if (m_model)
        setGpu(m_gpu); // reloads them, with their ceilings
}

// "(RoofLab's samples: h200-heldout/reg2d-2560x2560x2560.json)"
QString TileSession::sampleSource(const model::Measurement &m)
{
    return Text::tr("(RoofLab's samples: %1)")
        .arg(m.extra.value(QLatin1String(gemm::kSampleFileKey)).toString());
}

QList<model::Measurement> TileSession::sampleMeasurements(const QString &gpuId) const
{
    return m_samples.value(gpuId).values();
}

QString TileSession::measurementKey(const gemm::TilePlan &p)
{
    return gemm::measurementKey(p.kernelId, model::dtypeName(p.config.dtype), p.kernelParams);
}

const model::Measurement *TileSession::knownMeasurement(const gemm::TilePlan &p, bool *fromSamples) const
{
    if (fromSamples)
        *fromSamples = false;
    if (!p.hasKernel())
        return nullptr;
    const QString key = measurementKey(p);
    if (auto it = m_measured.constFind(key); it != m_measured.constEnd())
        return &it.value();
    if (const auto mine = m_samples.constFind(m_gpu.id); mine != m_samples.constEnd())
        if (auto it = mine->constFind(key); it != mine->constEnd()) {
            if (fromSamples)
                *fromSamples = true;
            return &it.value();
        }
    return nullptr;
}

const model::Measurement *TileSession::measurement(bool *fromSamples) const
{
    if (fromSamples)
        *fromSamples = false;
    return isLegal() ? knownMeasurement(m_eval.plan, fromSamples) : nullptr;
}

// ---------------------------------------------------------------- ladder and sweep

void TileSession::evaluateEntry(TrailEntry &e)
{
    const Evaluation ev = evaluate(e.config);
    e.plan = ev.plan;
    e.result = ev.result;
    e.prediction = ev.prediction;
    e.compileKey = ev.compileKey;
    QStringList why = ev.plan.problems;
    for (const QString &p : ev.result.problems)
        if (!why.contains(p))
            why << p;
    if (ev.plan.problems.isEmpty() && ev.result.ok && !ev.prediction.ok && !ev.prediction.reason.isEmpty())
        why << ev.prediction.reason;
    e.skipped = ev.plan.problems.isEmpty() && ev.result.ok && ev.prediction.ok
                    ? QString()
                    : why.join(QStringLiteral("; "));
    e.tooltip = e.skipped.isEmpty() ? tooltipFor(ev, e.label) : QString();
    if (!ev.compileKey.isEmpty() && !m_compiler->result(ev.compileKey))
        m_compiler->request(gemm::compileJob(ev.plan, m_gpu), false);
    bool fromSamples = false;
    const model::Measurement *m = e.skipped.isEmpty() ? knownMeasurement(ev.plan, &fromSamples) : nullptr;
    if (m) {
        e.measured = *m;
        e.fromSamples = fromSamples;
    } else if (!e.measured || e.fromSamples) {
        e.measured.reset();
    }
}

void TileSession::reevaluateTrails()
{
    if (m_ladder.isEmpty() && m_sweep.isEmpty())
        return;
    for (TrailEntry &e : m_ladder)
        evaluateEntry(e);
    for (TrailEntry &e : m_sweep)
        evaluateEntry(e);
    rebuildChart();
    emit trailsChanged();
}

void TileSession::releaseCompile(const QString &key)
{
    // A compile nobody shows any more (not the configuration, no trail point) need not run:
    // dropped while queued; one already running finishes and is remembered.
    if (key.isEmpty() || key == m_eval.compileKey)
        return;
    for (const QList<TrailEntry> *list : {&m_ladder, &m_sweep})
        for (const TrailEntry &e : *list)
            if (e.compileKey == key)
                return;
    m_compiler->cancel(key);
}

void TileSession::showLadder()
{
    loadSamples();
    const QList<TrailEntry> old = m_ladder;
    m_ladder.clear();
    int n = 0;
    for (const QString &step : gemm::ladderIds()) {
        TrailEntry e;
        e.config = gemm::defaultConfig(step, m_config.M);
        e.config.M = m_config.M;
        e.config.N = m_config.N;
        e.config.K = m_config.K;
        e.label = QStringLiteral("%1 %2").arg(++n).arg(gemm::shortStepName(step));
        evaluateEntry(e);
        m_ladder.append(e);
    }
    for (const TrailEntry &o : old) // the old ladder's compiles the new trails do not share
        releaseCompile(o.compileKey);
    rebuildChart();
    emit trailsChanged();
}

namespace {

// What a trail's text reports: points on it, points with a measurement, and why the others are not.
struct TrailCounts
{
    int shown = 0;
    int measured = 0;
    QStringList skipped;
};

template <typename Entries> TrailCounts trailCounts(const Entries &entries)
{
    TrailCounts c;
    for (const auto &e : entries) {
        if (e.skipped.isEmpty())
            ++c.shown;
        else
            c.skipped << QStringLiteral("%1: %2").arg(e.label, e.skipped);
        if (e.measured)
            ++c.measured;
    }
    return c;
}

} // namespace

// For the ladder's steps without a measurement at this size: the sizes the samples of this
// GPU hold their default tile at ("wmma 8192³").
QString TileSession::measuredSizesOfUnmeasured() const
{
    const auto mine = m_samples.constFind(m_gpu.id);
    if (mine == m_samples.constEnd())
        return {};
    QStringList out;
    for (const TrailEntry &e : m_ladder) {
        if (e.measured || !e.skipped.isEmpty() || !e.plan.hasKernel())
            continue;
        QList<std::array<qint64, 3>> sizes;
        for (const model::Measurement &m : *mine) {
            if (m.kernel != e.plan.kernelId)
                continue;
            const auto c = gemm::configFromKernel(m.kernel, m.params, e.config.dtype);
            if (!c)
                continue;
            gemm::TileConfig same = e.config;
            same.M = c->M, same.N = c->N, same.K = c->K;
            const std::array<qint64, 3> size = {c->M, c->N, c->K};
            if (!sizes.contains(size) &&
                gemm::measurementKey(m.kernel, m.dtype, m.params) == measurementKey(gemm::plan(same, &m_gpu)))
                sizes << size;
        }
        // The largest first (a ladder's own size), three at most.
        std::sort(sizes.begin(), sizes.end(), [](const auto &a, const auto &b) {
            return double(a[0]) * a[1] * a[2] > double(b[0]) * b[1] * b[2];
        });
        QStringList names;
        for (const auto &[m, n, k] : sizes.first(std::min<qsizetype>(3, sizes.size())))
            names << (m == n && n == k ? QString::number(m) + QChar(0xB3)
                                       : QStringLiteral("%1×%2×%3").arg(m).arg(n).arg(k));
        if (sizes.size() > 3)
            names << QStringLiteral("…");
        if (!names.isEmpty())
            out << gemm::shortStepName(e.plan.kernelId) + QLatin1Char(' ') + names.join(QStringLiteral(", "));
    }
    return out.join(QStringLiteral("; "));
}

QString TileSession::ladderText() const
{
    if (m_ladder.isEmpty())
        return Text::tr(
            "The ladder: every step's default tile at the current size, predicted (hollow) and, from "
            "RoofLab's samples, measured (filled).");
    const auto [shown, measured, skipped] = trailCounts(m_ladder);
    QString s = Text::tr("Ladder at %1×%2×%3: %4 of %5 steps predicted, %6 measured.")
                    .arg(m_config.M)
                    .arg(m_config.N)
                    .arg(m_config.K)
                    .arg(shown)
                    .arg(m_ladder.size())
                    .arg(measured);
    if (!m_samplesError.isEmpty())
        s += QLatin1Char(' ') + m_samplesError + QLatin1Char('.');
    if (!m_samples.contains(m_gpu.id) && !m_samples.isEmpty()) {
        QStringList gpus = m_samples.keys();
        gpus.sort();
        s += QLatin1Char(' ') + Text::tr("RoofLab's samples were measured on %1; choose one of those GPUs to "
                                         "see them.")
                                    .arg(gpus.join(QStringLiteral(", ")));
    } else if (measured < shown) {
        if (const QString sizes = measuredSizesOfUnmeasured(); !sizes.isEmpty())
            s += QLatin1Char(' ') + Text::tr("Measured at other sizes: %1.").arg(sizes);
    }
    if (!skipped.isEmpty())
        s += QLatin1Char('\n') + Text::tr("Not on the trail: %1").arg(skipped.join(QStringLiteral("; ")));
    return s;
}

void TileSession::sweep(Field field)
{
    const gemm::FieldRule rule = gemm::fieldRule(m_config.step, field);
    QList<std::pair<Config, QString>> configs;
    if (rule.role != gemm::FieldRole::Free || rule.stops.isEmpty()) {
        const QList<TrailEntry> old = std::exchange(m_sweep, {});
        for (const TrailEntry &o : old)
            releaseCompile(o.compileKey);
        m_sweepMessage = Text::tr("%1 is not a knob of %2 (%3): nothing to sweep")
                             .arg(gemm::tileFieldName(field), gemm::shortStepName(m_config.step), rule.why);
        rebuildChart();
        emit trailsChanged();
        return;
    }
    for (qint64 v : rule.stops) {
        Config c = m_config;
        c.setValue(field, v);
        configs.append({gemm::normalized(c), QStringLiteral("%1=%2").arg(gemm::tileFieldName(field)).arg(v)});
    }
    runSweep(gemm::tileFieldName(field), configs);
}

void TileSession::sweepSize()
{
    QList<std::pair<Config, QString>> configs;
    for (qint64 d : sizeSweepValues()) {
        Config c = m_config;
        c.M = c.N = c.K = d;
        configs.append({c, QStringLiteral("D=%1").arg(d)});
    }
    runSweep(QStringLiteral("D"), configs);
}

void TileSession::sweepMeasured()
{
    loadSamples();
    // Every tile of this step RoofLab's samples measured on this GPU at this size and dtype,
    // fastest first: the predictions beside them show whether the model orders them as the
    // GPU did.
    QList<model::Measurement> found;
    for (const model::Measurement &m : m_samples.value(m_gpu.id)) {
        const auto c = gemm::configFromKernel(m.kernel, m.params, m_config.dtype);
        if (c && m.kernel == m_config.step && m.dtype == model::dtypeName(m_config.dtype) &&
            c->M == m_config.M && c->N == m_config.N && c->K == m_config.K)
            found << m;
    }
    std::sort(found.begin(), found.end(), [](const model::Measurement &a, const model::Measurement &b) {
        return a.time.median < b.time.median;
    });
    QList<std::pair<Config, QString>> configs;
    for (const model::Measurement &m : std::as_const(found)) {
        const Config c = *gemm::configFromKernel(m.kernel, m.params, m_config.dtype);
        configs.append({c, gemm::tileLabel(c)});
    }
    runSweep(Text::tr("measured tiles"), configs);
    if (configs.isEmpty())
        m_sweepMessage = Text::tr("RoofLab's samples hold no %1 tile at %2×%3×%4 on %5.")
                             .arg(gemm::shortStepName(m_config.step))
                             .arg(m_config.M)
                             .arg(m_config.N)
                             .arg(m_config.K)
                             .arg(m_gpu.displayName());
}

void TileSession::sweepBest(int n)
{
    loadSamples();
    if (!m_perf || m_config.step == QLatin1String(gemm::kModelStep)) {
        runSweep(Text::tr("the model's best tiles"), {});
        m_sweepMessage =
            Text::tr("The model ranks the tiles of a ladder step on a GPU: pick a step other than "
                     "\"%1\".")
                .arg(gemm::stepTitle(m_config.step));
        rebuildChart();
        emit trailsChanged();
        return;
    }
    gemm::TileRanking ranking = gemm::rankTiles(m_config, m_gpu, *m_perf);
    runSweep(Text::tr("the model's best %1").arg(n), {});
    m_bestSweep = true;
    m_sweepMessage = Text::tr("%1 tiles ranked by the model; compiling the leaders for their registers…")
                         .arg(ranking.tiles.size());
    emit trailsChanged();
    // The leaders are compiled on the session's own pool thread (seconds of NVRTC): the answer
    // comes back to the GUI thread and is dropped if another sweep or a cleared trail came first.
    const int generation = ++m_bestGeneration;
    m_bestJob = std::make_shared<BestJob>(BestJob{std::move(ranking), {}, m_gpu, *m_perf, n, generation});
    m_rankPool.start([this, job = m_bestJob, compile = m_compiler->compileFunction()] {
        job->refined = gemm::refineRanking(job->ranking, job->n, job->gpu, job->perf,
                                           gemm::kRefineCompilesPerPick * job->n, compile);
        QMetaObject::invokeMethod(this, "bestRanked", Qt::QueuedConnection, Q_ARG(int, job->generation));
    });
}

void TileSession::bestRanked(int generation)
{
    // Every sweep and cleared trail moves the generation on: only the latest job's answer counts.
    if (generation != m_bestGeneration || !m_bestJob)
        return;
    const std::shared_ptr<BestJob> job = std::exchange(m_bestJob, nullptr);
    showBest(job->ranking, job->refined, job->n);
}

void TileSession::showBest(const gemm::TileRanking &ranking, const gemm::RankingRefinement &refined, int n)
{
    QList<std::pair<Config, QString>> configs;
    for (qsizetype i = 0; i < std::min<qsizetype>(n, ranking.tiles.size()); ++i)
        configs.append({ranking.tiles.at(i).config, QStringLiteral("#%1 %2")
                                                        .arg(configs.size() + 1)
                                                        .arg(gemm::tileLabel(ranking.tiles.at(i).config))});
    runSweep(Text::tr("the model's best %1").arg(n), configs);
    m_sweepNote =
        Text::tr("%1 tiles considered: %2 would spill registers, %3 ranked; the leaders compiled for "
                 "their registers and ranked again (%4 compiles, %5 spilled, %6 failed; tiles the "
                 "model predicts alike are shown once).")
            .arg(ranking.considered)
            .arg(ranking.spilling)
            .arg(ranking.tiles.size())
            .arg(refined.compiled + refined.failed)
            .arg(refined.spilled)
            .arg(refined.failed);
    m_bestSweep = true;
    emit trailsChanged();
}

// How good the model's pick is where this step was measured at this size: the fastest measured
// of its picks (RoofLab's samples, or measured here) against the fastest tile RoofLab's samples
// hold.
QString TileSession::bestPickText() const
{
    const QString dtype = model::dtypeName(m_config.dtype);
    const model::Measurement *bestOfAll = nullptr;
    for (const model::Measurement &m : m_samples.value(m_gpu.id))
        if (m.kernel == m_config.step && m.dtype == dtype && m.params.value("M").toLongLong() == m_config.M &&
            m.params.value("N").toLongLong() == m_config.N &&
            m.params.value("K").toLongLong() == m_config.K &&
            (!bestOfAll || m.time.median < bestOfAll->time.median))
            bestOfAll = &m;
    const TrailEntry *bestPick = nullptr;
    for (const TrailEntry &e : m_sweep)
        if (e.measured && (!bestPick || e.measured->time.median < bestPick->measured->time.median))
            bestPick = &e;
    if (!bestPick)
        return Text::tr("None of the picks is measured yet: Measure sweep runs them.");
    QString s = Text::tr("Fastest measured pick: %1, %2.")
                    .arg(bestPick->label, model::formatSeconds(bestPick->measured->time.median));
    if (bestOfAll)
        s += QLatin1Char(' ') +
             Text::tr(
                 "Fastest tile of %1 in RoofLab's samples at this size: %2, %3; the pick reaches %4 % of it.")
                 .arg(gemm::shortStepName(m_config.step),
                      gemm::tileLabel(
                          *gemm::configFromKernel(bestOfAll->kernel, bestOfAll->params, m_config.dtype)),
                      model::formatSeconds(bestOfAll->time.median))
                 .arg(100.0 * bestOfAll->time.median / bestPick->measured->time.median, 0, 'f', 1);
    return s;
}

void TileSession::runSweep(const QString &name, const QList<std::pair<Config, QString>> &configs)
{
    ++m_bestGeneration; // a ranking still compiling no longer answers
    m_sweepNote.clear();
    m_bestSweep = false;
    loadSamples();
    const QList<TrailEntry> old = m_sweep;
    m_sweep.clear();
    m_sweepName = name;
    m_sweepMessage.clear();
    for (const auto &[c, label] : configs) {
        TrailEntry e;
        e.config = c;
        e.label = label;
        evaluateEntry(e);
        m_sweep.append(e);
    }
    for (const TrailEntry &o : old) // the previous sweep's compiles the trails do not share
        releaseCompile(o.compileKey);
    rebuildChart();
    emit trailsChanged();
}

QString TileSession::sweepText() const
{
    if (!m_sweepMessage.isEmpty())
        return m_sweepMessage;
    if (m_sweep.isEmpty())
        return Text::tr("A sweep draws one knob over its legal values (the others as set above), or the size "
                        "D = M = N = K.");
    const auto [shown, measured, skipped] = trailCounts(m_sweep);
    QString s = Text::tr("Sweep of %1 (%2): %3 of %4 points predicted, %5 measured.")
                    .arg(m_sweepName, gemm::shortStepName(m_config.step))
                    .arg(shown)
                    .arg(m_sweep.size())
                    .arg(measured);
    if (!m_sweepNote.isEmpty())
        s += QLatin1Char('\n') + m_sweepNote;
    if (m_bestSweep)
        s += QLatin1Char('\n') + bestPickText();
    if (!skipped.isEmpty())
        s += QLatin1Char('\n') + Text::tr("Left out: %1").arg(skipped.join(QStringLiteral("; ")));
    return s;
}

void TileSession::clearTrails()
{
    QList<TrailEntry> old = std::exchange(m_ladder, {});
    old += std::exchange(m_sweep, {});
    for (const TrailEntry &o : old)
        releaseCompile(o.compileKey);
    m_sweepMessage.clear();
    m_sweepNote.clear();
    m_bestSweep = false;
    ++m_bestGeneration;
    rebuildChart();
    emit trailsChanged();
}

// ---------------------------------------------------------------- measuring

void TileSession::setWorker(WorkerClient *worker)
{
    if (m_worker == worker)
        return;
    if (m_worker)
        m_worker->disconnect(this);
    m_worker = worker;
    if (!worker)
        return;
    connect(worker, &WorkerClient::measurement, this, &TileSession::onMeasured);
    connect(worker, &WorkerClient::error, this, [this](const QString &id, const QString &message, int code) {
        onRunFailed(id, message, code == 3);
    });
    connect(worker, &WorkerClient::finished, this, &TileSession::onRunFinished);
    connect(worker, &WorkerClient::progress, this, [this](const QString &id, int, int, const QString &what) {
        if (!m_runs.contains(id))
            return;
        m_runMessage = Text::tr("Measuring: %1").arg(what);
        emit runStateChanged();
    });
}

void TileSession::setWorkerProgram(const QString &program)
{
    if (!m_ownWorker)
        m_ownWorker = new WorkerClient(this);
    m_ownWorker->setProgram(program);
    setWorker(m_ownWorker);
}

WorkerClient *TileSession::worker()
{
    if (!m_worker) {
        if (!m_ownWorker)
            m_ownWorker = new WorkerClient(this);
        setWorker(m_ownWorker);
    }
    return m_worker;
}

QString TileSession::runOn(const gemm::TilePlan &p, bool sweep)
{
    WorkerClient *w = worker();
    QString id = w->run(p.kernelId, p.kernelParams, model::dtypeName(p.config.dtype), 20);
    if (id.isEmpty()) {
        m_runMessage = Text::tr("Measure failed: %1").arg(w->lastFailure()); // could not start the worker
        return {};
    }
    m_runs.insert(id, {measurementKey(p), sweep, false});
    return id;
}

bool TileSession::canMeasure() const
{
    return isLegal() && m_eval.plan.hasKernel() && !m_gpu.computeCapability.isEmpty();
}

void TileSession::measure()
{
    if (!isLegal()) {
        m_runMessage = Text::tr("Measure: this configuration cannot run (see the reasons above).");
    } else if (!m_eval.plan.hasKernel()) {
        m_runMessage = Text::tr("Measure: the tile-model step has no kernel; pick a ladder step to measure.");
    } else {
        if (!runOn(m_eval.plan, false).isEmpty())
            m_runMessage = Text::tr("Measuring %1 %2 through the worker (checked, then timed)…")
                               .arg(gemm::shortStepName(m_config.step), gemm::tileLabel(m_config));
    }
    emit runStateChanged();
}

void TileSession::measureSweep()
{
    int queued = 0;
    for (const TrailEntry &e : std::as_const(m_sweep)) {
        if (!e.skipped.isEmpty() || !e.plan.hasKernel())
            continue;
        if (runOn(e.plan, true).isEmpty())
            break;
        ++queued;
    }
    m_sweepMessage.clear();
    if (queued) {
        m_runMessage = Text::tr("Measuring %n sweep point(s) through the worker…", nullptr, queued);
    } else if (m_runMessage.isEmpty() || m_runs.isEmpty()) {
        m_runMessage =
            Text::tr("Measure sweep: no point of the sweep has a kernel to run (sweep a ladder step).");
    }
    emit runStateChanged();
}

QString TileSession::gapFor(const model::Prediction &p, const model::Measurement &m) const
{
    if (!p.ok || p.timeS <= 0)
        return Text::tr("measured %1").arg(model::formatSeconds(m.time.median));
    const double ratio = m.time.median / p.timeS - 1.0;
    const QString rel = ratio >= 0 ? Text::tr("%1 % slower").arg(qRound(ratio * 100))
                                   : Text::tr("%1 % faster").arg(qRound(-ratio * 100));
    return Text::tr("predicted %1, measured %2, %3; binding term: %4")
        .arg(model::formatSeconds(p.timeS), model::formatSeconds(m.time.median), rel, p.boundWords);
}

QString TileSession::gapText() const
{
    bool fromSamples = false;
    if (const model::Measurement *m = measurement(&fromSamples))
        return gapFor(m_eval.prediction, *m) +
               (fromSamples ? QLatin1Char(' ') + sampleSource(*m) : QString());
    return m_runMessage;
}

void TileSession::onMeasured(const QString &id, const model::Measurement &m)
{
    const RunTarget t = m_runs.value(id);
    if (t.key.isEmpty())
        return;
    if (!m.check.ok) {
        m_runMessage = Text::tr("%1: the result check FAILED (%2), so the point is not plotted.")
                           .arg(m.kernel, m.check.message.isEmpty()
                                              ? Text::tr("max rel. error %1").arg(m.check.maxRelErr)
                                              : m.check.message);
    } else {
        m_measured.insert(t.key, m);
        m_runMessage.clear();
    }
    for (TrailEntry &e : m_sweep)
        if (e.skipped.isEmpty() && measurementKey(e.plan) == t.key && m.check.ok) {
            e.measured = m;
            e.fromSamples = false;
        }
    rebuildChart();
    emit resultChanged(); // the bar's measured line, the gap
    emit runStateChanged();
    if (t.sweep)
        emit trailsChanged();
}

void TileSession::onRunFailed(const QString &id, const QString &message, bool noDevice)
{
    if (!m_runs.contains(id))
        return;
    m_runs[id].failed = true;
    // The worker's message already says "no CUDA device": only its why is added to the heading.
    QString why = model::events::isNoDevice(message) ? model::events::noDeviceWhy(message) : message;
    if (why.endsWith(QLatin1Char('.')))
        why.chop(1);
    const QString standing =
        Text::tr("The prediction stands; the ladder view shows measured sample results.");
    if (!noDevice) {
        m_runMessage = Text::tr("Measure failed: %1").arg(message);
    } else if (why.isEmpty()) {
        m_runMessage = Text::tr("No CUDA device. %1").arg(standing);
    } else {
        m_runMessage = Text::tr("No CUDA device (%1). %2").arg(why, standing);
    }
    emit runStateChanged();
}

void TileSession::onRunFinished(const QString &id, bool ok, const QString &message)
{
    const auto it = m_runs.constFind(id);
    if (it == m_runs.constEnd())
        return;
    // A request can end without an error event before it (a worker that died, no device at all).
    if (!ok && !it->failed && !message.isEmpty())
        onRunFailed(id, message, model::events::isNoDevice(message));
    m_runs.remove(id);
    emit runStateChanged();
    if (m_runs.isEmpty())
        emit measurementFinished();
}
