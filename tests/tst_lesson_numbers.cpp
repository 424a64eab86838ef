// Every number in a shipped lesson caption, in both languages, against what the app computes
// at that step: the step is played on a real main window (offscreen) and the figure is read
// from the app's own state there (the GPU's ceilings, the occupancy calculator, the tile
// explorer's session, the decode-vs-prefill scene, the chart's points, the results file the
// step shows). A number in a caption with no check here fails its row: a new figure needs a
// check. Where a caption quotes the course notes, the check computes what the notes did
// (their rounding, the limit they forgot) next to what the app says.
#include "chart/rooflinechart.h"
#include "classroom/classroom.h"
#include "classroom/lessonplayer.h"
#include "llm/llmscene.h"
#include "llm/llmsession.h"
#include "occupancy.h"
#include "shell/mainwindow.h"
#include "shell/uilanguage.h"
#include "specdb.h"
#include "tile/tilesession.h"
#include "workspace/workloadmodel.h"
#include "workspace/workspace.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QSettings>
#include <QStandardPaths>
#include <QTest>

#include <cmath>
#include <functional>
#include <memory>

namespace {

const QString kResources = QStringLiteral(ROOFLAB_SOURCE_RESOURCES_DIR);
constexpr double KiB = 1024;
constexpr double GiB = 1024.0 * 1024 * 1024;

// The numbers of a caption as written ("131,072", "0.083", "4096"): digits standing alone,
// not part of a name (A100, BF16, L2, W4A16, 80GB, 2D) and not the model names' sizes.
QStringList numbersIn(QString text)
{
    static const QRegularExpression names(QStringLiteral("Llama \\d+ \\d+B"));
    static const QRegularExpression number(
        QStringLiteral("(?<![A-Za-z0-9_.])(\\d+(?:[.,]\\d+)*)(?![A-Za-z0-9_])"));
    text.replace(names, QStringLiteral("Llama"));
    QStringList out;
    auto it = number.globalMatch(text);
    while (it.hasNext())
        out << it.next().captured(1);
    return out;
}

// What the app computes at a step, read from the window playing it.
struct At
{
    MainWindow *w = nullptr;

    Workspace *ws() const { return w->workspace(); }
    const model::Gpu &gpu() const { return *ws()->gpu(); }
    model::Gpu gpu(const QString &id) const { return *ws()->specDb().find(id); }
    static double ridge(const model::Gpu &g, const QString &precision)
    {
        return g.peak(precision) / g.bw("hbm");
    }
    double ridge(const QString &precision) const { return ridge(gpu(), precision); }
    model::OccupancyResult occupancy() const
    {
        return model::Occupancy(gpu()).compute(ws()->occupancyInput());
    }
    model::OccupancyResult occupancyOn(const QString &id) const
    {
        return model::Occupancy(gpu(id)).compute(ws()->occupancyInput());
    }
    const TileSession::Evaluation &tile() const { return ws()->tileSession()->evaluation(); }
    double term(const QString &name) const { return tile().prediction.term(name); }
    double tileMeasuredS() const
    {
        const model::Measurement *m = ws()->tileSession()->measurement();
        return m ? m->time.median : 0;
    }
    const llmview::Scene &llm() const { return ws()->llmSession()->scene(); }
    // The scene at other settings on this GPU (a step compares with the one before).
    llmview::Scene llmAt(double tokens, double batch, double kv) const
    {
        llmview::Settings s = llm().settings;
        s.tokens = tokens;
        s.batch = batch;
        s.kvLength = kv;
        return llmview::compute(s, gpu());
    }
    static const llmview::FormatSeries &format(const llmview::Scene &s, model::llm::WeightFormat f)
    {
        for (const llmview::FormatSeries &x : s.formats)
            if (x.format == f)
                return x;
        return s.formats.first();
    }
    const llmview::FormatSeries &format(model::llm::WeightFormat f) const { return format(llm(), f); }
    // A workload of the step, by its label.
    model::WorkCount work(const QString &label) const
    {
        for (const WorkloadEntry &e : ws()->workloads()->entries())
            if (e.label == label)
                return model::workloads::count(e.kind, e.dtype, e.shape).value_or(model::WorkCount{});
        return {};
    }
    double shape(const QString &label, const QString &key) const
    {
        for (const WorkloadEntry &e : ws()->workloads()->entries())
            if (e.label == label)
                return e.shape.value(key);
        return 0;
    }
    // A chart point's intensity (FLOP/B), by id.
    double pointAi(const QString &id) const
    {
        const auto p = w->chart()->pointCoords(id);
        return p ? p->x() : 0;
    }
};

// The results files the lessons show, as the Results panel reads them.
QJsonObject sample(const QString &name)
{
    QFile f(kResources + QStringLiteral("/samples/") + name);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(f.readAll()).object();
}

// The ladder's step against cuBLAS measured just before it (h200-gemm-ladder.json).
double ladder(const QString &kernel, const QString &field)
{
    static const QJsonObject doc = sample(QStringLiteral("h200-gemm-ladder.json"));
    for (const QJsonValue &v :
         doc.value(QStringLiteral("gemm_ladder")).toObject().value(QStringLiteral("steps")).toArray())
        if (v.toObject().value(QStringLiteral("kernel")).toString() == kernel)
            return v.toObject().value(field).toDouble();
    return 0;
}

// A run of h200-llm.json: its median time and achieved bytes per second.
struct Run
{
    double timeS = 0;
    double bytesPerS = 0;
};
Run llmRun(const QString &kernel, const QVariantMap &params)
{
    static const QJsonObject doc = sample(QStringLiteral("h200-llm.json"));
    for (const QJsonValue &v : doc.value(QStringLiteral("measurements")).toArray()) {
        const QJsonObject m = v.toObject();
        if (m.value(QStringLiteral("kernel")).toString() != kernel)
            continue;
        const QVariantMap p = m.value(QStringLiteral("params")).toObject().toVariantMap();
        bool match = true;
        for (auto it = params.cbegin(); it != params.cend(); ++it)
            match = match && p.value(it.key()).toDouble() == it.value().toDouble();
        if (!match)
            continue;
        const double t =
            m.value(QStringLiteral("time_s")).toObject().value(QStringLiteral("median")).toDouble();
        return {t, t > 0 ? m.value(QStringLiteral("bytes")).toDouble() / t : 0};
    }
    return {};
}
double copyBandwidth()
{
    return llmRun(QStringLiteral("memory.copy"), {{QStringLiteral("variant"), 0}}).bytesPerS;
}

// One number of a caption and how the app arrives at it. tolerance < 0: the app's value must
// round to the number as written (0.276 to three places, 989.5 to one); else a relative
// tolerance, for a number the caption calls approximate.
struct Figure
{
    QString shown;
    std::function<double(const At &)> value;
    double tolerance = -1;
};

using F = std::function<double(const At &)>;
using model::llm::WeightFormat;

// "<lesson id>/<step index>" -> the figures its caption may use (both languages).
QHash<QString, QList<Figure>> figures()
{
    QHash<QString, QList<Figure>> f;
    const auto peakT = [](const QString &p) {
        return F([p](const At &a) { return a.gpu().peak(p) / 1e12; });
    };
    const auto ridgeOf = [](const QString &id, const QString &p) {
        return F([id, p](const At &a) { return At::ridge(id.isEmpty() ? a.gpu() : a.gpu(id), p); });
    };
    const auto hbmT = F([](const At &a) { return a.gpu().bw("hbm") / 1e12; });
    const auto occ = [](int model::OccupancyResult::*field) {
        return F([field](const At &a) { return double(a.occupancy().*field); });
    };
    const auto input = [](const QString &key) {
        return F([key](const At &a) {
            const model::OccupancyInput in = a.ws()->occupancyInput();
            if (key == QLatin1String("threads"))
                return double(in.threadsPerBlock);
            if (key == QLatin1String("warps"))
                return in.threadsPerBlock / 32.0;
            if (key == QLatin1String("regs"))
                return double(in.registersPerThread);
            return in.smemBytes() / KiB;
        });
    };
    const auto fmtStepMs = [](WeightFormat fmt) {
        return F([fmt](const At &a) { return At::format(a.llm(), fmt).step.timeS * 1e3; });
    };

    // ---- 1. The roofline of one GPU (the teaching GPU, then the A100 and its successors)
    f["01-roofline/0"] = {{"20", peakT("fp32")},
                          {"500", F([](const At &a) { return a.gpu().bw("hbm") / 1e9; })}};
    f["01-roofline/1"] = {
        {"20", peakT("fp32")},
        {"500", F([](const At &a) { return a.gpu().bw("hbm") / 1e9; })},
        {"40", ridgeOf({}, "fp32")},
        {"10", F([](const At &a) { return a.work("AI 10").ai(); })},
        {"5", F([](const At &a) { return a.gpu().bw("hbm") * a.work("AI 10").ai() / 1e12; })}};
    f["01-roofline/3"] = {{"312", peakT("bf16_tc")},
                          {"2.039", hbmT},
                          {"153", ridgeOf({}, "bf16_tc")},
                          // The notes' bandwidth, rounded to one decimal, and the ridge it gives.
                          {"2.0", F([](const At &a) { return std::round(a.gpu().bw("hbm") / 1e11) / 10; })},
                          {"156", F([](const At &a) {
                               return a.gpu().peak("bf16_tc") / (std::round(a.gpu().bw("hbm") / 1e11) * 1e11);
                           })},
                          {"9.6", ridgeOf({}, "fp32")},
                          {"9.8", F([](const At &a) {
                               return a.gpu().peak("fp32") / (std::round(a.gpu().bw("hbm") / 1e11) * 1e11);
                           })}};
    f["01-roofline/4"] = {{"153", ridgeOf("a100-sxm4-80gb", "bf16_tc")},
                          {"295", ridgeOf("h100-sxm", "bf16_tc")},
                          {"206", ridgeOf("h200-sxm", "bf16_tc")},
                          {"4.8", F([](const At &a) { return a.gpu("h200-sxm").bw("hbm") / 1e12; })},
                          {"292", ridgeOf("b200", "bf16_tc")},
                          {"7.7", F([](const At &a) { return a.gpu("b200").bw("hbm") / 1e12; })},
                          // The notes' B200: 8.0 TB/s, and the ridge that gives.
                          // Each of the notes' two figures against the other and the app's peak: they agree
                          // with the peak, and differ from the app only in the bandwidth.
                          {"8.0", F([](const At &a) { return a.gpu("b200").peak("bf16_tc") / 281e12; })},
                          {"281", F([](const At &a) { return a.gpu("b200").peak("bf16_tc") / 8.0e12; })}};

    // ---- 2. Arithmetic intensity
    f["02-intensity/0"] = {
        {"1", F([](const At &a) { return a.work("add fp32").flops / a.shape("add fp32", "n"); })},
        {"3", F([](const At &a) { return a.work("add fp32").bytes / a.shape("add fp32", "n") / 4; })},
        {"12", F([](const At &a) { return 1 / a.work("add fp32").ai(); })},
        {"0.083", F([](const At &a) { return a.work("add fp32").ai(); })},
        {"6", F([](const At &a) { return 1 / a.work("add bf16").ai(); })}};
    f["02-intensity/1"] = {{"5", F([](const At &a) {
                                return a.work("softmax").flops /
                                       (a.shape("softmax", "rows") * a.shape("softmax", "cols"));
                            })},
                           {"1.25", F([](const At &a) { return a.work("softmax").ai(); })},
                           {"1", F([](const At &a) { return a.work("RMSNorm").ai(); })}};
    f["02-intensity/2"] = {{"3", F([](const At &a) {
                                return a.work("D=64").bytes /
                                       (a.shape("D=64", "M") * a.shape("D=64", "M") * 2);
                            })},
                           {"2", F([](const At &) { return double(model::dtypeBytes(model::Dtype::Fp16)); })},
                           {"21", F([](const At &a) { return a.work("D=64").ai(); })},
                           {"64", F([](const At &a) { return a.shape("D=64", "M"); })},
                           {"341", F([](const At &a) { return a.work("D=1024").ai(); })},
                           {"1024", F([](const At &a) { return a.shape("D=1024", "M"); })},
                           {"1365", F([](const At &a) { return a.work("D=4096").ai(); })},
                           {"4096", F([](const At &a) { return a.shape("D=4096", "M"); })},
                           {"153", ridgeOf("a100-sxm4-80gb", "bf16_tc")}};
    f["02-intensity/3"] = {{"2", F([](const At &a) { return a.shape("fused", "S") / a.work("fused").ai(); })},
                           {"60", F([](const At &a) { return a.work("materialized").ai(); }), 0.05},
                           {"128", F([](const At &a) { return a.shape("materialized", "D"); })},
                           {"2048", F([](const At &a) { return a.shape("materialized", "S"); })},
                           {"1024", F([](const At &a) { return a.work("fused").ai(); })}};

    // ---- 3. Tiling (H200)
    f["03-tiling/0"] = {{"4096", F([](const At &a) { return a.shape("ideal 4096³", "M"); })},
                        {"137.4", F([](const At &a) { return a.work("ideal 4096³").flops / 1e9; })},
                        {"192", F([](const At &a) { return a.work("ideal 4096³").bytes / (KiB * KiB); })},
                        {"683", F([](const At &a) { return a.work("ideal 4096³").ai(); })}};
    f["03-tiling/1"] = {
        // FLOPs per byte the loads move through L1 (whole sectors for A's scattered reads)
        {"0.06",
         F([](const At &a) { return a.tile().result.flops / a.tile().prediction.levelBytes.value("l1"); })},
        {"0.5", F([](const At &a) { return a.pointAi(TileSession::currentPointId()); }), 0.25},
        {"0.3", F([](const At &a) { return a.tile().prediction.timeS; })},
        {"0.276", F([](const At &a) { return a.tileMeasuredS(); })}};
    f["03-tiling/2"] = {
        {"128", F([](const At &a) { return double(a.tile().input.bm); })},
        {"4", F([](const At &a) { return a.tile().result.l2ReadBytesNoReuse / GiB; })},
        {"32", F([](const At &a) { return a.tile().result.flops / a.tile().result.l2ReadBytesNoReuse; })},
        {"146", F([](const At &a) { return double(a.tile().result.registers); })},
        {"8.14", F([](const At &a) { return a.tileMeasuredS() * 1e3; })}};
    f["03-tiling/3"] = {{"67", peakT("fp32")},
                        {"989.5", peakT("bf16_tc")},
                        {"128", F([](const At &a) { return double(a.tile().input.bm); })},
                        {"32", F([](const At &a) { return double(a.tile().input.bk); })},
                        {"64", F([](const At &a) { return a.tile().result.aiStage; })},
                        {"3", F([](const At &a) { return double(a.tile().input.stages); })},
                        {"4", F([](const At &a) { return a.tile().input.threads / 32.0; })},
                        {"0.64", F([](const At &) { return ladder("gemm.mma_multistage", "ratio"); })}};
    f["03-tiling/4"] = {{"0.92", F([](const At &) { return ladder("gemm.warptiled", "ratio"); })},
                        {"0.64", F([](const At &) { return ladder("gemm.mma_multistage", "ratio"); })},
                        {"1.02", F([](const At &) {
                             // persistent and clustered wgmma, each
                             return std::max(ladder("gemm.wgmma_persistent", "ratio"),
                                             ladder("gemm.wgmma_cluster", "ratio"));
                         })},
                        {"1457", F([](const At &) { return ladder("gemm.wgmma_fp8", "tflops"); })},
                        {"1.11", F([](const At &) { return ladder("gemm.wgmma_fp8", "ratio"); })}};

    // ---- 4. Occupancy (A100)
    f["04-occupancy/0"] = {{"128", input("threads")},
                           {"4", input("warps")},
                           {"192", input("regs")},
                           {"48", input("smem")},
                           {"2", occ(&model::OccupancyResult::limitRegisters)},
                           {"3", occ(&model::OccupancyResult::limitSharedMemory)},
                           {"16", occ(&model::OccupancyResult::limitWarps)},
                           {"32", occ(&model::OccupancyResult::limitBlocks)},
                           {"8", occ(&model::OccupancyResult::warpsPerSm)},
                           {"12.5", F([](const At &a) { return a.occupancy().occupancy * 100; })}};
    f["04-occupancy/1"] = {{"128", input("regs")},
                           {"16384", occ(&model::OccupancyResult::allocatedRegistersPerBlock)},
                           {"4", occ(&model::OccupancyResult::limitRegisters)},
                           // The notes' answer: the register limit alone.
                           {"16", F([](const At &a) {
                                return double(a.occupancy().limitRegisters * a.occupancy().warpsPerBlock);
                            })},
                           {"25", F([](const At &a) {
                                const model::OccupancyResult r = a.occupancy();
                                return 100.0 * r.limitRegisters * r.warpsPerBlock / r.maxWarpsPerSm;
                            })},
                           // The calculator's.
                           {"3", occ(&model::OccupancyResult::blocksPerSm)},
                           {"12", occ(&model::OccupancyResult::warpsPerSm)},
                           {"18.75", F([](const At &a) { return a.occupancy().occupancy * 100; })},
                           {"48", input("smem")},
                           {"49", F([](const At &a) { return a.occupancy().allocatedSmemPerBlock / KiB; })},
                           {"1", F([](const At &a) { return a.gpu().limits->reservedSmemPerBlock / KiB; })},
                           {"164", F([](const At &a) { return a.occupancy().smemPerSmBytes / KiB; })}};
    f["04-occupancy/2"] = {
        {"100", input("smem")},
        {"164", F([](const At &a) { return a.occupancy().smemPerSmBytes / KiB; })},
        {"163", F([](const At &a) { return model::Occupancy(a.gpu()).maxSmemPerBlock() / KiB; })},
        {"1", occ(&model::OccupancyResult::blocksPerSm)},
        {"228", F([](const At &a) { return a.occupancyOn("h100-sxm").smemPerSmBytes / KiB; })},
        {"2", F([](const At &a) { return double(a.occupancyOn("h100-sxm").blocksPerSm); })}};
    f["04-occupancy/3"] = {{"32", occ(&model::OccupancyResult::limitBlocks)},
                           {"50", F([](const At &a) { return a.occupancy().occupancy * 100; })}};
    // "32 threads", "32 blocks" and "32 warps" are one figure: also the threads and warps.
    f["04-occupancy/3"] << Figure{"32", input("threads")}
                        << Figure{"32", occ(&model::OccupancyResult::warpsPerSm)};

    // ---- 5. Predict, measure, explain (A100 tile plans, then the H200)
    f["05-predict-measure/0"] = {
        {"16", F([](const At &a) { return a.tile().result.smemBytes / KiB; })},
        {"4096", F([](const At &a) { return double(a.tile().result.gridBlocks); })},
        {"8", F([](const At &a) { return a.tile().result.l2ReadBytesNoReuse / GiB; })}};
    f["05-predict-measure/1"] = {
        {"64", F([](const At &a) { return a.tile().result.smemBytes / KiB; })},
        {"1024", F([](const At &a) { return double(a.tile().result.gridBlocks); })},
        {"4", F([](const At &a) { return a.tile().result.l2ReadBytesNoReuse / GiB; })},
        // The notes' prediction: the FLOPs at the peak, nothing else.
        {"0.88", F([](const At &a) { return a.tile().result.flops / a.tile().result.peakFlopS * 1e3; })},
        {"0.93", F([](const At &a) { return a.tile().result.predictedTimeS * 1e3; })},
        {"9.5", F([](const At &a) { return a.tile().result.waves; })},
        {"108", F([](const At &a) { return double(a.gpu().smCount()); })},
        {"512", F([](const At &a) { return double(a.tile().input.threads); })}};
    f["05-predict-measure/2"] = {{"128", F([](const At &a) { return a.tile().result.smemBytes / KiB; })}};
    f["05-predict-measure/4"] = {{"2.1", F([](const At &a) { return a.term("compute") * 1e3; })},
                                 {"3.2", F([](const At &a) { return a.term("issue") * 1e3; })},
                                 {"2.8", F([](const At &a) { return a.term("smem") * 1e3; })},
                                 {"146", F([](const At &a) { return double(a.tile().result.registers); })},
                                 {"256", F([](const At &a) { return double(a.tile().input.threads); })},
                                 {"8", F([](const At &a) { return a.tile().input.threads / 32.0; })},
                                 {"8.5", F([](const At &a) { return a.tile().prediction.timeS * 1e3; })},
                                 {"8.14", F([](const At &a) { return a.tileMeasuredS() * 1e3; })}};

    // ---- 6. LLM inference (Llama 3 8B; H200, then A100, then H200)
    const auto bf16 = WeightFormat::Bf16;
    f["06-llm-inference/0"] = {
        {"1", F([](const At &a) { return a.llm().settings.tokens; })},
        // FLOPs per weight, bytes per weight: 2 each
        {"2",
         F([bf16](const At &a) { return At::format(a.llm(), bf16).gemm.flops / (a.llm().N * a.llm().K); })},
        {"200", F([bf16](const At &a) { return a.ridge("bf16_tc") / a.format(bf16).gemm.ai(); }), 0.05},
        {"206", F([](const At &a) { return a.ridge("bf16_tc"); })},
        {"3.2", fmtStepMs(bf16)},
        {"4.8", hbmT}};
    f["06-llm-inference/0"] << Figure{"1", F([bf16](const At &a) { return a.format(bf16).gemm.ai(); })};
    f["06-llm-inference/1"] = {
        {"4096", F([](const At &a) { return a.llm().settings.tokens; })},
        {"1900", F([bf16](const At &a) { return a.format(bf16).gemm.ai(); }), 0.03},
        {"219", F([bf16](const At &a) { return a.format(bf16).crossoverM.value_or(0); })},
        {"111", F([](const At &a) { return a.format(WeightFormat::W8A16).crossoverM.value_or(0); })},
        {"56", F([](const At &a) { return a.format(WeightFormat::W4A16).crossoverM.value_or(0); })}};
    f["06-llm-inference/2"] = {
        {"2", F([](const At &a) {
             return a.llm().kv.bytesPerToken /
                    (a.llm().model.layers * a.llm().model.kvHeads * a.llm().model.headDim) / 2;
         })},
        {"32", F([](const At &a) { return double(a.llm().model.layers); })},
        {"8", F([](const At &a) { return double(a.llm().model.kvHeads); })},
        {"128", F([](const At &a) { return a.llm().kv.bytesPerToken / KiB; })},
        {"4096", F([](const At &a) { return a.llm().kvLength; })},
        {"16", F([](const At &a) { return a.llm().kv.totalBytes / GiB; })},
        {"14", F([bf16](const At &a) { return a.format(bf16).step.weightBytes / GiB; })},
        {"53", F([bf16](const At &a) { return a.format(bf16).kvShare * 100; })},
        {"6.8", fmtStepMs(bf16)},
        {"3.2", F([bf16](const At &a) {
             return At::format(a.llmAt(1, 1, a.llm().kvLength), bf16).step.timeS * 1e3;
         })},
        {"512", F([](const At &a) {
             return a.llm().kv.bytesPerToken / KiB * a.llm().model.heads / a.llm().model.kvHeads;
         })}};
    // 32 layers, 32 sequences, 32 query heads: one figure, three checks
    f["06-llm-inference/2"] << Figure{"32", F([](const At &a) { return a.llm().settings.batch; })}
                            << Figure{"32", F([](const At &a) { return double(a.llm().model.heads); })}
                            << Figure{"128", F([](const At &a) { return double(a.llm().model.headDim); })};
    f["06-llm-inference/3"] = {
        {"2.0", F([](const At &a) { return a.gpu().bw("hbm") / 1e12; })},
        {"7.4", fmtStepMs(bf16)},
        {"14", F([bf16](const At &a) { return a.format(bf16).step.weightBytes / GiB; })},
        {"4", F([](const At &a) { return double(a.format(WeightFormat::W4A16).wbits); })},
        {"128", F([](const At &) { return model::llm::StepOptions().group; })},
        {"2.0", fmtStepMs(WeightFormat::W4A16)},
        {"1", F([bf16](const At &a) { return a.format(bf16).gemm.ai(); })}};
    f["06-llm-inference/3"] << Figure{"4",
                                      F([](const At &a) { return a.format(WeightFormat::W4A16).gemm.ai(); })};
    f["06-llm-inference/4"] = {
        {"4096", F([](const At &a) { return a.llm().settings.tokens; })},
        {"312", peakT("bf16_tc")},
        {"222", fmtStepMs(bf16)},
        {"153", F([](const At &a) { return a.ridge("bf16_tc"); })},
        {"160", F([bf16](const At &a) { return a.format(bf16).crossoverM.value_or(0); })},
        {"41", F([](const At &a) { return a.format(WeightFormat::W4A16).crossoverM.value_or(0); })}};
    f["06-llm-inference/4"] << Figure{"222", fmtStepMs(WeightFormat::W4A16)};
    f["06-llm-inference/5"] = {
        {"1", F([](const At &a) { return a.llm().settings.tokens; })},
        {"2", F([](const At &a) { return a.format(WeightFormat::Fp8).gemm.ai(); })},
        {"1.7", fmtStepMs(WeightFormat::Fp8)},
        {"3.2", fmtStepMs(bf16)},
        {"1979", peakT("fp8_tc")},
        {"989.5", peakT("bf16_tc")},
        {"42", F([](const At &a) {
             return At::format(a.llmAt(4096, 1, 4096), WeightFormat::Fp8).step.timeS * 1e3;
         })},
        {"71", F([bf16](const At &a) { return At::format(a.llmAt(4096, 1, 4096), bf16).step.timeS * 1e3; })},
        {"4096", F([](const At &a) { return a.llmAt(4096, 1, 4096).settings.tokens; })},
        {"412", F([](const At &a) { return a.ridge("fp8_tc"); })},
        {"206", F([](const At &a) { return a.ridge("bf16_tc"); })},
        {"219", F([](const At &a) { return a.format(WeightFormat::Fp8).crossoverM.value_or(0); })}};
    f["06-llm-inference/5"] << Figure{
        "219", F([bf16](const At &a) { return a.format(bf16).crossoverM.value_or(0); })};
    f["06-llm-inference/6"] = {
        {"0.85", F([](const At &) {
             double lo = 1;
             for (int h : {32, 64})
                 for (int b : {2, 8})
                     lo = std::min(lo, llmRun("llm.decode_attention", {{"H", h}, {"B", b}}).bytesPerS /
                                           copyBandwidth());
             return lo;
         })},
        {"0.90", F([](const At &) {
             double hi = 0;
             for (int h : {32, 64})
                 for (int b : {2, 8})
                     hi = std::max(hi, llmRun("llm.decode_attention", {{"H", h}, {"B", b}}).bytesPerS /
                                           copyBandwidth());
             return hi;
         })},
        {"0.99",
         F([](const At &) { return llmRun("llm.residual_rmsnorm", {}).bytesPerS / copyBandwidth(); })},
        {"8192", F([](const At &) { return 8192.0; })},
        {"28672", F([](const At &) { return 28672.0; })},
        {"3.2", F([](const At &) {
             const QVariantMap shape{{"M", 1}, {"N", 28672}, {"K", 8192}};
             return llmRun("llm.w4a16_cublas", shape).timeS / llmRun("llm.w4a16_gemm", shape).timeS;
         })},
        {"1", F([](const At &a) { return a.shape("W4A16 M=1", "M"); })},
        {"4", F([](const At &a) { return a.work("BF16 M=1").bytes / a.work("W4A16 M=1").bytes; }), 0.12}};
    // The weight's shape is the lesson's W4A16 point, and the runs measured it.
    f["06-llm-inference/6"] << Figure{"8192", F([](const At &a) { return a.shape("W4A16 M=1", "K"); })}
                            << Figure{"28672", F([](const At &a) { return a.shape("W4A16 M=1", "N"); })};
    return f;
}

bool matches(double value, const QString &shown, double tolerance)
{
    const double x = QString(shown).remove(QLatin1Char(',')).toDouble();
    if (tolerance >= 0)
        return std::abs(value - x) <= tolerance * std::abs(x);
    const int point = int(shown.indexOf(QLatin1Char('.')));
    const int decimals = point < 0 ? 0 : int(shown.size()) - point - 1;
    return std::abs(value - x) <= 0.5 * std::pow(10.0, -decimals) * (1 + 1e-9);
}

} // namespace

class TestLessonNumbers : public QObject
{
    Q_OBJECT
    model::SpecDb m_db;
    QList<model::Lesson> m_lessons;
    QHash<QString, QList<Figure>> m_figures;
    std::unique_ptr<MainWindow> m_window;

    const model::Lesson *lessonById(const QString &id) const
    {
        for (const model::Lesson &l : m_lessons)
            if (l.id == id)
                return &l;
        return nullptr;
    }

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("RoofLabTest"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_lesson_numbers"));
        QSettings().clear();
        m_db.loadDirectory(kResources + QStringLiteral("/gpus"));
        QVERIFY(m_db.errors().isEmpty());
        QStringList errors;
        m_lessons = model::lessons::loadDirectory(kResources + QStringLiteral("/lessons"), &m_db, &errors);
        QVERIFY2(errors.isEmpty(), qPrintable(errors.join('\n')));
        QVERIFY(m_lessons.size() >= 6);
        m_figures = figures();
        UiLanguage::install(QStringLiteral("en"));
        m_window = std::make_unique<MainWindow>(m_db);
        m_window->resize(1280, 720);
        m_window->show();
    }

    void cleanupTestCase()
    {
        m_window.reset();
        QSettings().clear();
    }

    // The extraction itself: names are not numbers, numbers are.
    void numbersAreFound_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QStringList>("numbers");
        QTest::newRow("names") << "A100, BF16, L2, HBM3e, W4A16, 80GB and Llama 3 8B" << QStringList{};
        QTest::newRow("figures") << "I = 0.25, 131,072 tokens, 4096³, 1/12 ≈ 0.083"
                                 << QStringList{"0.25", "131,072", "4096", "1", "12", "0.083"};
        QTest::newRow("range") << "0.85–0.90 of it" << QStringList{"0.85", "0.90"};
        QTest::newRow("Chinese") << "能放 4 个 block，16 个 warp，25 %。" << QStringList{"4", "16", "25"};
    }
    void numbersAreFound()
    {
        QFETCH(QString, text);
        QFETCH(QStringList, numbers);
        QCOMPARE(numbersIn(text), numbers);
    }

    // The two languages say the same numbers: a figure changed in one caption and not in the
    // other (or changed to another figure the step also uses) is caught here.
    void sameNumbersInBothLanguages_data()
    {
        QTest::addColumn<QString>("lesson");
        QTest::addColumn<int>("step");
        for (const model::Lesson &l : std::as_const(m_lessons))
            for (int i = 0; i < l.steps.size(); ++i)
                QTest::addRow("%s step %d", qPrintable(l.id), i + 1) << l.id << i;
    }
    void sameNumbersInBothLanguages()
    {
        QFETCH(QString, lesson);
        QFETCH(int, step);
        const model::LocalizedText &caption = lessonById(lesson)->steps.at(step).caption;
        QStringList en = numbersIn(caption.en);
        QStringList zh = numbersIn(caption.zh);
        en.sort();
        zh.sort();
        en.removeDuplicates();
        zh.removeDuplicates();
        QCOMPARE(zh, en);
    }

    // ---- one row per number per step per language
    void captionNumbers_data()
    {
        QTest::addColumn<QString>("language");
        QTest::addColumn<QString>("lesson");
        QTest::addColumn<int>("step");
        QTest::addColumn<QString>("number");
        for (const QString &language : {QStringLiteral("en"), QStringLiteral("zh_CN")})
            for (const model::Lesson &l : std::as_const(m_lessons))
                for (int i = 0; i < l.steps.size(); ++i) {
                    QStringList seen;
                    for (const QString &n : numbersIn(l.steps.at(i).caption.forLanguage(language))) {
                        if (seen.contains(n))
                            continue;
                        seen << n;
                        QTest::addRow("%s %s step %d: %s", qPrintable(language), qPrintable(l.id), i + 1,
                                      qPrintable(n))
                            << language << l.id << i << n;
                    }
                }
    }

    void captionNumbers()
    {
        QFETCH(QString, language);
        QFETCH(QString, lesson);
        QFETCH(int, step);
        QFETCH(QString, number);
        const QString key = QStringLiteral("%1/%2").arg(lesson).arg(step);
        QList<Figure> checks;
        for (const Figure &f : m_figures.value(key))
            if (f.shown == number)
                checks << f;
        QVERIFY2(!checks.isEmpty(),
                 qPrintable(QStringLiteral("no check for \"%1\" in %2 step %3 (%4): add one to "
                                           "figures() or take the number out of the caption")
                                .arg(number, lesson)
                                .arg(step + 1)
                                .arg(language)));
        // Played as the teacher would: the step applied on the window, the tile explorer's
        // registers compiled (the captions quote NVRTC's count, not the estimate).
        LessonPlayer *player = m_window->classroom()->player();
        if (player->lesson() == nullptr || player->lesson()->id != lesson || player->currentStep() != step)
            QVERIFY(player->openLesson(lesson, step));
        const model::Lesson *l = lessonById(lesson);
        QVERIFY(l);
        const QVariantMap tile = model::lessons::effectiveStep(*l, step).tile;
        if (tile.contains(QStringLiteral("step")) && player->stagePanel() == QLatin1String("tile"))
            QTRY_VERIFY_WITH_TIMEOUT(!m_window->workspace()->tileSession()->registersEstimated(), 120000);
        const At at{m_window.get()};
        for (const Figure &f : std::as_const(checks)) {
            const double v = f.value(at);
            QVERIFY2(matches(v, number, f.tolerance),
                     qPrintable(QStringLiteral("\"%1\" in the caption, the app computes %2")
                                    .arg(number)
                                    .arg(v, 0, 'g', 6)));
        }
    }
};

QTEST_MAIN(TestLessonNumbers)
#include "tst_lesson_numbers.moc"
