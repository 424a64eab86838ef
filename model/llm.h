#pragma once

#include "gpu.h"
#include "workloads.h"

#include <QList>
#include <QString>

#include <optional>

namespace model::llm {

// The shapes of a published decoder-only model, as its configuration file gives them.
struct ModelConfig
{
    QString id;     // "llama-3-8b"
    QString name;   // "Llama 3 8B"
    QString source; // where the numbers come from
    int layers = 0;
    int hidden = 0;       // d_model
    int heads = 0;        // query heads
    int kvHeads = 0;      // key/value heads (grouped-query attention when fewer than heads)
    int headDim = 0;      // hidden / heads
    int intermediate = 0; // the MLP's inner width (SwiGLU: gate and up are each this wide)
    int vocab = 0;
};

const QList<ModelConfig> &presets();
std::optional<ModelConfig> preset(const QString &id);

// The KV cache of a model: K and V of every layer and KV head for each token.
struct KvCache
{
    double bytesPerToken = 0; // 2 · layers · Hkv · D · bytes
    double tokens = 0;        // B · S
    double totalBytes = 0;    // what one decode step reads
    // B · S at which the KV reads of a decode step equal the weight reads (0: weights not given)
    double crossoverTokens = 0;
};
KvCache kvCache(double layers, double kvHeads, double headDim, Dtype kv, double batch, double seqLen,
                double weightBytes = 0);

// How a model's linear layers store their weights.
enum class WeightFormat { Bf16, W8A16, W4A16, Fp8 };
const QStringList &weightFormatNames(); // "bf16", "w8a16", "w4a16", "fp8"
std::optional<WeightFormat> parseWeightFormat(const QString &name);
QString weightFormatName(WeightFormat f);

// One operator of a decoder step with its work and its time at the roofline of a GPU.
struct Operator
{
    QString name; // "qkv_proj", "attention", ...
    QString kind; // the workload kind: "gemm", "attention", "residual_rmsnorm", ...
    Shape shape;  // its workload shape (workloads::count(kind, dtype, shape) gives work)
    Dtype dtype = Dtype::Bf16;
    WorkCount work;    // for one instance
    double count = 1;  // instances per step (layers)
    QString precision; // the ceiling it runs against on the GPU
    double timeS = 0;  // count · max(FLOPs / peak, bytes / HBM bandwidth)
    bool memoryBound = true;
};

struct StepOptions
{
    double batch = 1;       // B sequences
    double queries = 1;     // Sq tokens per sequence this step: 1 is a decode step, S a prefill
    double kvLength = 4096; // S: the KV cache length (the prompt length for a prefill)
    WeightFormat weights = WeightFormat::Bf16;
    double group = 128;     // weight-only quantization: weights per fp16 scale
    bool wholeModel = true; // every layer, the final norm and the LM head; else one layer
    bool fused = true;      // residual+RMSNorm, SwiGLU, RoPE+KV write and attention fused
};

struct Step
{
    QList<Operator> ops;
    double timeS = 0;
    double flops = 0;
    double bytes = 0;
    double weightBytes = 0; // the linear layers' weights (and scales) read
    double kvBytes = 0;     // the KV cache read by attention
};

// The linear layers of a decoder layer, in order, as decoderStep names its GEMMs.
const QStringList &linearLayerNames(); // "qkv_proj", "o_proj", "gate_up_proj", "down_proj"

// The operators of one decoder layer, or of a whole model step, for a GPU.
std::optional<Step> decoderStep(const ModelConfig &model, const Gpu &gpu, const StepOptions &options,
                                QString *error = nullptr);

} // namespace model::llm
