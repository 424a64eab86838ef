#include "llm.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>

namespace model::llm {

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("model::llm", text);
}

} // namespace

const QList<ModelConfig> &presets()
{
    // Shapes from each model's published config.json (hidden_size, num_hidden_layers,
    // num_attention_heads, num_key_value_heads, intermediate_size, vocab_size).
    static const QList<ModelConfig> list = {
        {"llama-3-8b", "Llama 3 8B",
         "https://huggingface.co/meta-llama/Meta-Llama-3-8B/blob/main/config.json", 32, 4096, 32, 8, 128,
         14336, 128256},
        {"llama-3-70b", "Llama 3 70B",
         "https://huggingface.co/meta-llama/Meta-Llama-3-70B/blob/main/config.json", 80, 8192, 64, 8, 128,
         28672, 128256},
        {"llama-2-7b", "Llama 2 7B (multi-head attention)",
         "https://huggingface.co/meta-llama/Llama-2-7b-hf/blob/main/config.json", 32, 4096, 32, 32, 128,
         11008, 32000},
    };
    return list;
}

std::optional<ModelConfig> preset(const QString &id)
{
    for (const ModelConfig &m : presets())
        if (m.id.compare(id, Qt::CaseInsensitive) == 0)
            return m;
    return std::nullopt;
}

KvCache kvCache(double layers, double kvHeads, double headDim, Dtype kv, double batch, double seqLen,
                double weightBytes)
{
    KvCache c;
    c.bytesPerToken = 2 * layers * kvHeads * headDim * dtypeBytes(kv); // K and V
    c.tokens = batch * seqLen;
    c.totalBytes = c.bytesPerToken * c.tokens;
    c.crossoverTokens = weightBytes > 0 && c.bytesPerToken > 0 ? weightBytes / c.bytesPerToken : 0;
    return c;
}

const QStringList &weightFormatNames()
{
    static const QStringList names = {"bf16", "w8a16", "w4a16", "fp8"};
    return names;
}

std::optional<WeightFormat> parseWeightFormat(const QString &name)
{
    const int i = weightFormatNames().indexOf(name.toLower());
    if (i < 0)
        return std::nullopt;
    return WeightFormat(i);
}

QString weightFormatName(WeightFormat f)
{
    return weightFormatNames().at(int(f));
}

namespace {

// Builds the step's operators in order, each counted on the GPU's roofline.
class StepBuilder
{
public:
    StepBuilder(const Gpu &gpu, const StepOptions &o) : m_gpu(gpu), m_o(o) {}

    void linear(const QString &name, double M, double N, double K, double count)
    {
        Shape shape{{"M", M}, {"N", N}, {"K", K}};
        Dtype d = Dtype::Bf16;
        switch (m_o.weights) {
        case WeightFormat::Bf16:
            break;
        case WeightFormat::Fp8:
            d = Dtype::Fp8;
            break;
        case WeightFormat::W8A16:
            shape["wbits"] = 8;
            shape["group"] = m_o.group;
            break;
        case WeightFormat::W4A16:
            shape["wbits"] = 4;
            shape["group"] = m_o.group;
            break;
        }
        const auto work = workloads::count("gemm", d, shape);
        add(name, "gemm", shape, d, *work, count);
        const double weights = work->bytes - (M * K + M * N) * dtypeBytes(d);
        m_step.weightBytes += count * weights;
    }

    void elementwise(const QString &name, const QString &kind, double rows, double cols, double count)
    {
        const Shape shape{{"rows", rows}, {"cols", cols}, {"unfused", m_o.fused ? 0.0 : 1.0}};
        add(name, kind, shape, Dtype::Bf16, *workloads::count(kind, Dtype::Bf16, shape), count);
    }

    void attention(const ModelConfig &m, double count)
    {
        const Shape shape{{"B", m_o.batch},
                          {"H", double(m.heads)},
                          {"Hkv", double(m.kvHeads)},
                          {"Sq", m_o.queries},
                          {"S", m_o.kvLength},
                          {"D", double(m.headDim)},
                          {"fused", m_o.fused ? 1.0 : 0.0}};
        add("attention", "attention", shape, Dtype::Bf16, *workloads::count("attention", Dtype::Bf16, shape),
            count);
        m_step.kvBytes +=
            count * 2 * m_o.batch * m.kvHeads * m_o.kvLength * m.headDim * dtypeBytes(Dtype::Bf16);
    }

    Step take() { return m_step; }

private:
    void add(const QString &name, const QString &kind, const Shape &shape, Dtype d, const WorkCount &w,
             double count)
    {
        Operator op;
        op.name = name;
        op.kind = kind;
        op.shape = shape;
        op.dtype = d;
        op.work = w;
        op.count = count;
        op.precision = precisionFor(m_gpu, d);
        const double peak = m_gpu.peak(op.precision), bw = m_gpu.bw("hbm");
        const double compute = peak > 0 ? w.flops / peak : 0;
        const double memory = bw > 0 ? w.bytes / bw : 0;
        op.memoryBound = memory >= compute;
        op.timeS = count * std::max(compute, memory);
        m_step.ops.append(op);
        m_step.timeS += op.timeS;
        m_step.flops += count * w.flops;
        m_step.bytes += count * w.bytes;
    }

    const Gpu &m_gpu;
    const StepOptions &m_o;
    Step m_step;
};

} // namespace

const QStringList &linearLayerNames()
{
    static const QStringList names = {"qkv_proj", "o_proj", "gate_up_proj", "down_proj"};
    return names;
}

std::optional<Step> decoderStep(const ModelConfig &m, const Gpu &gpu, const StepOptions &o, QString *error)
{
    auto refuse = [error](const QString &why) -> std::optional<Step> {
        if (error)
            *error = why;
        return std::nullopt;
    };
    for (double v : {o.batch, o.queries, o.kvLength})
        if (!std::isfinite(v) || v < 1)
            return refuse(tr("batch, query tokens and KV length must each be at least 1"));
    if (o.queries > o.kvLength)
        return refuse(tr("a step cannot have more query tokens (%1) than its KV length (%2): the KV length "
                         "counts the tokens of this step too")
                          .arg(o.queries)
                          .arg(o.kvLength));
    if (!(o.group >= 1))
        return refuse(tr("the quantization group must be at least 1 weight"));
    if (gpu.bw("hbm") <= 0)
        return refuse(tr("%1 has no memory bandwidth in the database").arg(gpu.name));

    const double M = o.batch * o.queries; // tokens in flight through the linear layers
    const double layers = o.wholeModel ? m.layers : 1;
    const double qDim = double(m.heads) * m.headDim, kvDim = double(m.kvHeads) * m.headDim;
    StepBuilder b(gpu, o);
    // The residual add of the previous block fuses into each norm (residual + RMSNorm).
    b.elementwise("attn_norm", "residual_rmsnorm", M, m.hidden, layers);
    b.linear("qkv_proj", M, qDim + 2 * kvDim, m.hidden, layers);
    b.elementwise("rope_kv", "rope_kv", M, kvDim, layers); // K rotated and written into the cache
    b.attention(m, layers);
    b.linear("o_proj", M, m.hidden, qDim, layers);
    b.elementwise("mlp_norm", "residual_rmsnorm", M, m.hidden, layers);
    b.linear("gate_up_proj", M, 2.0 * m.intermediate, m.hidden, layers);
    b.elementwise("swiglu", "swiglu", M, m.intermediate, layers);
    b.linear("down_proj", M, m.hidden, m.intermediate, layers);
    if (o.wholeModel) // the next token's logits: one row per sequence
        b.linear("lm_head", o.batch, m.vocab, m.hidden, 1);
    return b.take();
}

} // namespace model::llm
