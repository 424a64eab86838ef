#include "llm/llmscene.h"

#include "roofline.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>

namespace llmview {

namespace llm = model::llm;

const QStringList &linearNames()
{
    return llm::linearLayerNames();
}

Settings normalized(Settings s)
{
    const Settings defaults;
    if (!llm::preset(s.model))
        s.model = defaults.model;
    if (!linearNames().contains(s.linear))
        s.linear = defaults.linear;
    auto clampFinite = [](double v, double lo, double hi, double fallback) {
        return std::isfinite(v) ? std::clamp(std::round(v), lo, hi) : fallback;
    };
    s.batch = clampFinite(s.batch, 1, kMaxBatch, defaults.batch);
    s.kvLength = clampFinite(s.kvLength, 1, kMaxKvLength, defaults.kvLength);
    // Each sequence brings at least one token to the step.
    s.tokens = clampFinite(s.tokens, std::max(kMinTokens, s.batch), std::max(kMaxTokens, s.batch), s.batch);
    return s;
}

const QList<double> &trailTokens()
{
    static const QList<double> m = [] {
        QList<double> out;
        for (int i = 0; i <= 4 * 14; ++i) // 2^0 … 2^14 = 16384
            out << std::pow(2.0, i / 4.0);
        return out;
    }();
    return m;
}

QString formatLabel(llm::WeightFormat f)
{
    switch (f) {
    case llm::WeightFormat::Bf16:
        return QStringLiteral("BF16");
    case llm::WeightFormat::W8A16:
        return QStringLiteral("W8A16");
    case llm::WeightFormat::W4A16:
        return QStringLiteral("W4A16");
    case llm::WeightFormat::Fp8:
        return QStringLiteral("FP8");
    }
    return {};
}

namespace {

model::Shape gemmShape(double M, double N, double K, int wbits, double group)
{
    model::Shape shape{{QStringLiteral("M"), M}, {QStringLiteral("N"), N}, {QStringLiteral("K"), K}};
    if (wbits > 0) {
        shape.insert(QStringLiteral("wbits"), wbits);
        shape.insert(QStringLiteral("group"), group);
    }
    return shape;
}

} // namespace

Scene compute(const Settings &settings, const model::Gpu &gpu)
{
    Scene scene;
    scene.settings = normalized(settings);
    const Settings &s = scene.settings;
    scene.model = *llm::preset(s.model);
    scene.queries = s.tokens / s.batch;
    scene.kvLength = std::max(s.kvLength, std::ceil(scene.queries));

    const model::Roofline roof(gpu);
    const double bw = roof.bandwidth(QStringLiteral("hbm"));
    if (bw <= 0) {
        scene.error = QCoreApplication::translate("LlmView", "%1 has no HBM bandwidth in the database.")
                          .arg(gpu.displayName());
        return scene;
    }

    llm::StepOptions step;
    step.batch = s.batch;
    step.queries = scene.queries;
    step.kvLength = scene.kvLength;

    // The chosen linear layer's weight shape, from one layer as decoderStep builds it.
    llm::StepOptions one = step;
    one.wholeModel = false;
    if (const auto layer = llm::decoderStep(scene.model, gpu, one, &scene.error))
        for (const llm::Operator &op : layer->ops)
            if (op.name == s.linear) {
                scene.N = op.shape.value(QStringLiteral("N"));
                scene.K = op.shape.value(QStringLiteral("K"));
            }
    if (scene.N <= 0 || scene.K <= 0) {
        if (scene.error.isEmpty())
            scene.error = QCoreApplication::translate("LlmView", "%1 has no layer \"%2\".")
                              .arg(scene.model.name, s.linear);
        return scene;
    }

    scene.kv = llm::kvCache(scene.model.layers, scene.model.kvHeads, scene.model.headDim, model::Dtype::Bf16,
                            s.batch, scene.kvLength);
    for (const QString &name : llm::weightFormatNames()) {
        FormatSeries f;
        f.format = *llm::parseWeightFormat(name);
        f.name = formatLabel(f.format);
        f.activations = f.format == llm::WeightFormat::Fp8 ? model::Dtype::Fp8 : model::Dtype::Bf16;
        f.wbits = f.format == llm::WeightFormat::W4A16 ? 4 : f.format == llm::WeightFormat::W8A16 ? 8 : 0;
        f.precision = model::precisionFor(gpu, f.activations);
        f.ridge = roof.ridge(f.precision);
        const double peak = roof.peak(f.precision);
        f.peak = peak;
        auto at = [&](double M) {
            return *model::workloads::count(QStringLiteral("gemm"), f.activations,
                                            gemmShape(M, scene.N, scene.K, f.wbits, step.group));
        };
        f.gemm = at(s.tokens);
        const model::Attainable a = model::Roofline::attainable(f.gemm.ai(), peak, bw);
        f.attainable = a.flopPerS;
        f.memoryBound = a.bound == model::Bound::Memory;
        f.gemmTimeS = f.attainable > 0 ? f.gemm.flops / f.attainable : 0;
        f.crossoverM =
            model::workloads::gemmRidgeM(scene.N, scene.K, f.activations, f.wbits, step.group, f.ridge);
        for (double M : trailTokens()) {
            const model::WorkCount w = at(M);
            f.trail << QPointF(w.ai(), model::Roofline::attainable(w.ai(), peak, bw).flopPerS);
        }
        llm::StepOptions whole = step;
        whole.weights = f.format;
        if (const auto st = llm::decoderStep(scene.model, gpu, whole, &scene.error)) {
            f.step = *st;
            f.kvShare = st->bytes > 0 ? st->kvBytes / st->bytes : 0;
            f.kvCrossoverTokens = llm::kvCache(scene.model.layers, scene.model.kvHeads, scene.model.headDim,
                                               model::Dtype::Bf16, s.batch, scene.kvLength, st->weightBytes)
                                      .crossoverTokens;
        }
        scene.formats << f;
    }
    return scene;
}

} // namespace llmview
