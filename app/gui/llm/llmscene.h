#pragma once

#include "gpu.h"
#include "llm.h"
#include "workloads.h"

#include <QList>
#include <QPointF>
#include <QString>
#include <QStringList>

#include <optional>

// What the decode-vs-prefill view shows, computed without a widget: one linear layer of a
// decoder layer at M tokens in flight in each weight format (its point on the roofline, the
// path it takes as M grows, the M at which it reaches the ridge), and the whole model's step
// for B sequences of KV length S (its time at the roofline and the KV cache's share of bytes).
namespace llmview {

// M tokens in flight come from B sequences, Sq = M / B query tokens each: M = B is a decode
// step, B = 1 and M = S a prefill. S counts this step's tokens too, so it is at least Sq.
struct Settings
{
    QString model = QStringLiteral("llama-3-8b");
    double tokens = 1;      // M
    double batch = 1;       // B
    double kvLength = 4096; // S
    QString linear = QStringLiteral("gate_up_proj");

    bool operator==(const Settings &o) const = default;
};

inline constexpr double kMinTokens = 1;
inline constexpr double kMaxTokens = 16384;
inline constexpr double kMaxBatch = 1024;
inline constexpr double kMaxKvLength = 1 << 20;

// The linear layers of a decoder layer, as model::llm::decoderStep names them.
const QStringList &linearNames();
// Settings brought into range: M in [1, 16384] and at least B, B ≥ 1, S ≥ 1, a known model
// and linear layer (unknown ones fall back to the defaults).
Settings normalized(Settings s);
// The M values of each format's path over the slider's range (four per octave, 1 … 16384).
const QList<double> &trailTokens();

struct FormatSeries
{
    model::llm::WeightFormat format = model::llm::WeightFormat::Bf16;
    QString name; // "BF16", "W8A16", "W4A16", "FP8"
    model::Dtype activations = model::Dtype::Bf16;
    int wbits = 0;     // 0: weights stored like the activations
    QString precision; // the ceiling its GEMMs run at
    double peak = 0;   // FLOP/s of that ceiling
    double ridge = 0;  // FLOP/B of that ceiling against HBM
    // The chosen linear layer at M tokens.
    model::WorkCount gemm;
    double attainable = 0; // FLOP/s at its intensity
    bool memoryBound = true;
    double gemmTimeS = 0;
    std::optional<double> crossoverM; // workloads::gemmRidgeM; none when it never gets there
    QList<QPointF> trail;             // (FLOP/B, FLOP/s) at trailTokens()
    // The whole model's step for B sequences, Sq tokens each, against S tokens of KV cache.
    model::llm::Step step;
    double kvShare = 0;           // step.kvBytes / step.bytes
    double kvCrossoverTokens = 0; // B · S at which the KV reads pass this format's weight reads
};

struct Scene
{
    Settings settings; // as normalized
    model::llm::ModelConfig model;
    double queries = 1;     // Sq = M / B
    double kvLength = 1;    // S as used: at least Sq
    double N = 0, K = 0;    // the chosen linear layer's weight, K × N
    model::llm::KvCache kv; // bf16 K and V of B · S tokens
    QList<FormatSeries> formats;
    QString error; // non-empty: nothing could be computed (a GPU without the ceilings)
};

Scene compute(const Settings &settings, const model::Gpu &gpu);

// "BF16", "W8A16", "W4A16", "FP8"
QString formatLabel(model::llm::WeightFormat f);

} // namespace llmview
