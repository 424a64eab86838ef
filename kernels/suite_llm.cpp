// `rooflab-cli suite --set llm`: the LLM family's benchmarks in one run, with the
// vector copy they are judged against, and the ratios that judge them (all within one
// results file, so one clock and one thermal state).
#include "family_llm.h"
#include "suite.h"

#include <QCoreApplication>

namespace kernels {

namespace {

QString tr(const char *s)
{
    return QCoreApplication::translate("kernels::Suite", s);
}

// The (N, K) of the two weights the targets name: Llama-3-70B's MLP up/gate projection
// (8192 x 28672) and its attention output projection (8192 x 8192).
const QList<QPair<int, int>> kWeights = {{28672, 8192}, {8192, 8192}};
const QList<int> kTokens = {1, 4, 16};

// Decode attention shapes: GQA g = 4 (H 32, Hkv 8) and g = 8 (H 64, Hkv 8), KV length 8k and 32k.
struct AttentionShape
{
    int B, H, Hkv, S;
};
const QList<AttentionShape> kAttention = {
    {8, 32, 8, 8192}, {8, 64, 8, 8192}, {2, 32, 8, 32768}, {2, 64, 8, 32768}};

QVariantMap attentionParams(const AttentionShape &a)
{
    return {{"B", a.B}, {"H", a.H}, {"Hkv", a.Hkv}, {"S", a.S}, {"D", 128}};
}

} // namespace

const QList<SuiteItem> &llmItems()
{
    static const QList<SuiteItem> items = [] {
        QList<SuiteItem> l;
        auto add = [&](const QString &k, const QVariantMap &p, const QString &dt) {
            l.append({k, p, dt, {}, {}, {}, {}});
        };
        add("memory.copy", {{"variant", "vector"}}, "fp32"); // the yardstick, first and last
        for (const AttentionShape &a : kAttention)
            add("llm.decode_attention", attentionParams(a), "bf16");
        for (const auto &[n, k] : kWeights)
            for (int m : kTokens) {
                add("llm.w4a16_gemm", {{"M", m}, {"N", n}, {"K", k}}, "bf16");
                add("llm.w4a16_cublas", {{"M", m}, {"N", n}, {"K", k}}, "bf16");
            }
        add("llm.residual_rmsnorm", {}, "bf16");
        add("memory.copy", {{"variant", "vector"}}, "fp32");
        return l;
    }();
    return items;
}

QJsonObject llmSummary(const model::ResultSet &rs)
{
    QJsonObject out;
    auto ratio = [&](const QString &name, double num, double den, double target, const QString &what) {
        if (num <= 0 || den <= 0)
            return;
        QJsonObject o{{"value", num / den}, {"what", what}};
        if (target > 0) {
            o["target"] = target;
            o["met"] = num / den >= target;
        }
        out[name] = o;
    };
    // The copy: the faster of the two vector copies of this run (before and after the rest).
    double copy = 0;
    for (const model::Measurement &m : rs.measurements)
        if (m.kernel == QLatin1String("memory.copy") && m.check.ok && m.time.median > 0)
            copy = std::max(copy, m.bytesPerS());
    for (const AttentionShape &a : kAttention)
        if (const model::Measurement *m = findPassed(rs, "llm.decode_attention", attentionParams(a), "bf16"))
            ratio(
                QStringLiteral("decode_attention_g%1_s%2_vs_copy").arg(a.H / a.Hkv).arg(a.S), m->bytesPerS(),
                copy, 0.85,
                tr("decode attention bf16, B %1, H %2, Hkv %3 (g = %4), S %5, D 128 / vector copy, at %6 MHz")
                    .arg(a.B)
                    .arg(a.H)
                    .arg(a.Hkv)
                    .arg(a.H / a.Hkv)
                    .arg(a.S)
                    .arg(m->clockMhz, 0, 'f', 0));
    for (const auto &[n, k] : kWeights)
        for (int mm : kTokens) {
            const QVariantMap p{{"M", mm}, {"N", n}, {"K", k}};
            const model::Measurement *ours = findPassed(rs, "llm.w4a16_gemm", p, "bf16");
            const model::Measurement *base = findPassed(rs, "llm.w4a16_cublas", p, "bf16");
            if (!ours || !base)
                continue;
            // Speed-up: cuBLAS's time over ours (the targets: 3x on the large weight, 2.5x on the other).
            ratio(QStringLiteral("w4a16_vs_cublas_m%1_%2x%3").arg(mm).arg(k).arg(n), base->time.median,
                  ours->time.median, n > 8192 ? 3.0 : 2.5,
                  tr("W4A16 speed-up over cuBLAS bf16 on the dequantized weight, M %1, K x N %2 x %3 (%4 vs "
                     "%5 us, "
                     "at %6 and %7 MHz)")
                      .arg(mm)
                      .arg(k)
                      .arg(n)
                      .arg(ours->time.median * 1e6, 0, 'f', 1)
                      .arg(base->time.median * 1e6, 0, 'f', 1)
                      .arg(ours->clockMhz, 0, 'f', 0)
                      .arg(base->clockMhz, 0, 'f', 0));
            ratio(QStringLiteral("w4a16_m%1_%2x%3_vs_copy").arg(mm).arg(k).arg(n), ours->bytesPerS(), copy, 0,
                  tr("W4A16 M %1, K x N %2 x %3: its bytes per second / vector copy").arg(mm).arg(k).arg(n));
        }
    if (const model::Measurement *m = findPassed(rs, "llm.residual_rmsnorm", {}, "bf16"))
        ratio("residual_rmsnorm_vs_copy", m->bytesPerS(), copy, 0.95,
              tr("fused residual + RMSNorm bf16, %1 x %2 / vector copy, at %3 MHz")
                  .arg(m->params.value("rows").toString(), m->params.value("cols").toString())
                  .arg(m->clockMhz, 0, 'f', 0));
    return out;
}

} // namespace kernels
