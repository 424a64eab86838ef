#include "workloads.h"

#include <QCoreApplication>

#include <cmath>

namespace model {

const QStringList &dtypeNames()
{
    static const QStringList names = {"fp64", "fp32", "tf32", "fp16", "bf16", "fp8", "int8"};
    return names;
}

std::optional<Dtype> parseDtype(const QString &name)
{
    const int i = dtypeNames().indexOf(name.toLower());
    if (i < 0)
        return std::nullopt;
    return Dtype(i);
}

QString dtypeName(Dtype d)
{
    return dtypeNames().at(int(d));
}

int dtypeBytes(Dtype d)
{
    switch (d) {
    case Dtype::Fp64:
        return 8;
    case Dtype::Fp32:
    case Dtype::Tf32:
        return 4;
    case Dtype::Fp16:
    case Dtype::Bf16:
        return 2;
    case Dtype::Fp8:
    case Dtype::Int8:
        return 1;
    }
    return 4;
}

QString precisionFor(const Gpu &gpu, Dtype d)
{
    QStringList order;
    switch (d) {
    case Dtype::Fp64:
        order = {"fp64_tc", "fp64"};
        break;
    case Dtype::Fp32:
        order = {"fp32"};
        break;
    case Dtype::Tf32:
        order = {"tf32_tc", "fp32"};
        break;
    case Dtype::Fp16:
        order = {"fp16_tc", "fp16", "fp32"};
        break;
    case Dtype::Bf16:
        order = {"bf16_tc", "fp32"};
        break;
    case Dtype::Fp8:
        order = {"fp8_tc", "fp16_tc", "fp32"};
        break;
    case Dtype::Int8:
        order = {"int8_tc", "fp32"};
        break;
    }
    for (const QString &p : order)
        if (gpu.peaks.contains(p))
            return p;
    return gpu.peaks.isEmpty() ? QString() : gpu.peaks.firstKey();
}

namespace workloads {

WorkCount copy(double n, Dtype d)
{
    return {0, 2 * n * dtypeBytes(d)};
}

WorkCount vectorAdd(double n, Dtype d)
{
    return elementwise(n, 1, 2, 1, d);
}

WorkCount triad(double n, Dtype d)
{
    return elementwise(n, 2, 2, 1, d); // a = b + alpha * c: one FMA per element
}

WorkCount elementwise(double n, double ops, double loads, double stores, Dtype d)
{
    return {ops * n, (loads + stores) * n * dtypeBytes(d)};
}

WorkCount reduce(double n, Dtype d)
{
    return {n, (n + 1) * dtypeBytes(d)}; // n inputs read, one sum written
}

WorkCount softmax(double rows, double cols, Dtype d)
{
    // max, subtract, exp, sum, divide: about 5 operations per element (the Triton tutorial, §11.3.5)
    return {5 * rows * cols, 2 * rows * cols * dtypeBytes(d)};
}

WorkCount rmsnorm(double rows, double cols, Dtype d)
{
    // square, accumulate, scale, weight: ~4 per element; x read, y written, weight read once
    return {4 * rows * cols, (2 * rows * cols + cols) * dtypeBytes(d)};
}

WorkCount layernorm(double rows, double cols, Dtype d, bool residual)
{
    // mean, variance, normalize, affine: ~8 per element; gamma and beta read once.
    // With a residual: one more input and one more add per element.
    const double elems = rows * cols;
    const double flops = (residual ? 9 : 8) * elems;
    const double bytes = ((residual ? 3 : 2) * elems + 2 * cols) * dtypeBytes(d);
    return {flops, bytes};
}

WorkCount gemm(double M, double N, double K, Dtype d, double beta)
{
    const double s = dtypeBytes(d);
    double bytes = (M * K + K * N + M * N) * s;
    if (beta != 0)
        bytes += M * N * s; // C is read as well as written
    return {2 * M * N * K, bytes};
}

WorkCount gemmFp32C(double M, double N, double K, Dtype inputs)
{
    return {2 * M * N * K, (M * K + K * N) * dtypeBytes(inputs) + M * N * dtypeBytes(Dtype::Fp32)};
}

namespace {

// Bytes of a K×N weight stored in `wbits` bits with one fp16 scale per `group` weights along K
// (wbits 0: not quantized, stored as the activations are).
double weightBytes(double N, double K, Dtype act, int wbits, double group)
{
    if (wbits <= 0)
        return K * N * dtypeBytes(act);
    return K * N * wbits / 8.0 + (group > 0 ? std::ceil(K / group) * N * 2 : 0);
}

} // namespace

WorkCount quantGemm(double M, double N, double K, Dtype act, int wbits, double group)
{
    const double s = dtypeBytes(act);
    return {2 * M * N * K, (M * K + M * N) * s + weightBytes(N, K, act, wbits, group)};
}

std::optional<double> gemmRidgeM(double N, double K, Dtype act, int wbits, double group, double ridge)
{
    // I(M) = 2MNK / (M(K + N)s + W) = ridge, solved for M: the weight bytes W are paid once,
    // the activations' bytes grow with M and cap the intensity at 2NK / ((K + N)s).
    const double denominator = 2 * N * K - ridge * (K + N) * dtypeBytes(act);
    if (!(ridge > 0) || denominator <= 0)
        return std::nullopt;
    return ridge * weightBytes(N, K, act, wbits, group) / denominator;
}

WorkCount attention(double B, double H, double S, double D, Dtype d, bool fused)
{
    return attention(B, H, H, S, S, D, d, fused);
}

WorkCount attention(double B, double H, double Hkv, double Sq, double S, double D, Dtype d, bool fused)
{
    const double s = dtypeBytes(d);
    const double flops = 4 * B * H * Sq * S * D; // QK^T and PV, 2·Sq·S·D per head each
    double bytes =
        (2 * B * H * Sq * D + 2 * B * Hkv * S * D) * s; // Q read, O written; K, V read once per KV head
    if (!fused)
        bytes += 4 * B * H * Sq * S * s; // scores S and probabilities P, each written and read back
    return {flops, bytes};
}

WorkCount residualRmsnorm(double rows, double cols, Dtype d, bool fused)
{
    const double n = rows * cols, s = dtypeBytes(d);
    // one add, then the norm's ~4 per element; the norm's weight is read once
    const double accesses =
        fused ? 4 : 3 + 2; // fused: x, r in; h, y out. Unfused: add (x, r → h), norm (h → y)
    return {5 * n, accesses * n * s + cols * s};
}

WorkCount rmsnormFp8(double rows, double cols, Dtype d, bool fused)
{
    const double n = rows * cols, s = dtypeBytes(d);
    // the norm, then a scale and a round to FP8 (1 byte per element out)
    const double bytes = fused ? n * s + n : (2 * n * s) + (n * s + n); // unfused: norm x → y, quantize y → q
    return {5 * n, bytes + cols * s};
}

WorkCount swiglu(double rows, double cols, Dtype d, bool fused)
{
    const double n = rows * cols, s = dtypeBytes(d);
    // silu(g) = g / (1 + e^-g): ~4 per element, then one multiply
    const double accesses = fused ? 3 : 2 + 3; // unfused: silu (g → t), multiply (t, up → y)
    return {5 * n, accesses * n * s};
}

WorkCount ropeKv(double rows, double cols, Dtype d, bool fused)
{
    const double n = rows * cols, s = dtypeBytes(d);
    // a rotation: two multiplies and an add per element (the cos/sin table stays in cache)
    const double accesses = fused ? 2 : 2 + 2; // unfused: rotate k in place, then copy it into the cache
    return {3 * n, accesses * n * s};
}

const QStringList &kinds()
{
    static const QStringList k = {
        "copy",    "vector_add", "triad",     "elementwise",      "reduce",      "softmax", "layernorm",
        "rmsnorm", "gemm",       "attention", "residual_rmsnorm", "rmsnorm_fp8", "swiglu",  "rope_kv"};
    return k;
}

Shape defaultShape(const QString &kind)
{
    if (kind == "copy" || kind == "vector_add" || kind == "triad" || kind == "reduce")
        return {{"n", 1 << 26}};
    if (kind == "elementwise")
        return {{"n", 1 << 26}, {"ops", 1}, {"loads", 2}, {"stores", 1}};
    if (kind == "softmax" || kind == "rmsnorm")
        return {{"rows", 8192}, {"cols", 4096}};
    if (kind == "layernorm")
        return {{"rows", 8192}, {"cols", 4096}, {"residual", 0}};
    if (kind == "gemm") // wbits 0: weights stored like the activations; 4 or 8: weight-only quantized
        return {{"M", 4096}, {"N", 4096}, {"K", 4096}, {"beta", 0}, {"wbits", 0}, {"group", 128}};
    if (kind == "attention") // Hkv 0: as many KV heads as query heads; Sq 0: Sq = S (prefill)
        return {{"B", 16}, {"H", 16}, {"Hkv", 0}, {"Sq", 0}, {"S", 2048}, {"D", 128}, {"fused", 1}};
    if (kind == "residual_rmsnorm" || kind == "rmsnorm_fp8" || kind == "swiglu" || kind == "rope_kv")
        return {{"rows", 8192}, {"cols", 4096}, {"unfused", 0}};
    return {};
}

std::optional<WorkCount> count(const QString &kind, Dtype d, const Shape &shape, QString *error)
{
    auto tr = [](const char *s) { return QCoreApplication::translate("model::Workloads", s); };
    if (!kinds().contains(kind)) {
        if (error)
            *error = tr("unknown workload \"%1\" (known: %2)").arg(kind, kinds().join(", "));
        return std::nullopt;
    }
    Shape p = defaultShape(kind);
    for (auto it = shape.begin(); it != shape.end(); ++it) {
        if (!p.contains(it.key())) {
            if (error)
                *error = tr("workload \"%1\" has no parameter \"%2\" (it takes: %3)")
                             .arg(kind, it.key(), QStringList(p.keys()).join(", "));
            return std::nullopt;
        }
        p[it.key()] = it.value();
    }
    for (auto it = p.begin(); it != p.end(); ++it) {
        const bool flag =
            it.key() == "beta" || it.key() == "fused" || it.key() == "residual" || it.key() == "unfused";
        const bool zeroOk = flag || it.key() == "ops" || it.key() == "loads" || it.key() == "stores" ||
                            it.key() == "wbits" || it.key() == "Hkv" || it.key() == "Sq";
        if (!std::isfinite(it.value()) || it.value() < 0 || (!zeroOk && it.value() < 1)) {
            if (error)
                *error = tr("parameter \"%1\" of %2 must be %3 (got %4)")
                             .arg(it.key(), kind, zeroOk ? tr("zero or more") : tr("at least 1"))
                             .arg(it.value());
            return std::nullopt;
        }
    }
    if (kind == "elementwise" && p["loads"] + p["stores"] <= 0) {
        if (error)
            *error = tr("elementwise needs at least one load or store per element");
        return std::nullopt;
    }
    if (kind == "gemm" && p["wbits"] != 0) {
        if (p["wbits"] != 4 && p["wbits"] != 8) {
            if (error)
                *error =
                    tr("--wbits must be 4 or 8 (got %1): weight-only quantization stores the weights in 4 "
                       "or 8 bits")
                        .arg(p["wbits"]);
            return std::nullopt;
        }
        if (p["group"] < 1) {
            if (error)
                *error = tr("--group must be at least 1 (got %1): one fp16 scale per group of weights")
                             .arg(p["group"]);
            return std::nullopt;
        }
        if (p["beta"] != 0) {
            if (error)
                *error = tr("a weight-only quantized GEMM is counted with beta 0 (C written, not read)");
            return std::nullopt;
        }
        return quantGemm(p["M"], p["N"], p["K"], d, int(p["wbits"]), p["group"]);
    }
    if (kind == "attention") {
        const double hkv = p["Hkv"] > 0 ? p["Hkv"] : p["H"];
        const double sq = p["Sq"] > 0 ? p["Sq"] : p["S"];
        if (hkv > p["H"] || std::fmod(p["H"], hkv) != 0) {
            if (error)
                *error = tr("--Hkv must divide H (%1 query heads share each of the KV heads); got Hkv = %2")
                             .arg(p["H"])
                             .arg(hkv);
            return std::nullopt;
        }
        return attention(p["B"], p["H"], hkv, sq, p["S"], p["D"], d, p["fused"] != 0);
    }
    const bool fused = p.value("unfused") == 0;
    if (kind == "residual_rmsnorm")
        return residualRmsnorm(p["rows"], p["cols"], d, fused);
    if (kind == "rmsnorm_fp8")
        return rmsnormFp8(p["rows"], p["cols"], d, fused);
    if (kind == "swiglu")
        return swiglu(p["rows"], p["cols"], d, fused);
    if (kind == "rope_kv")
        return ropeKv(p["rows"], p["cols"], d, fused);
    if (kind == "copy")
        return copy(p["n"], d);
    if (kind == "vector_add")
        return vectorAdd(p["n"], d);
    if (kind == "triad")
        return triad(p["n"], d);
    if (kind == "elementwise")
        return elementwise(p["n"], p["ops"], p["loads"], p["stores"], d);
    if (kind == "reduce")
        return reduce(p["n"], d);
    if (kind == "softmax")
        return softmax(p["rows"], p["cols"], d);
    if (kind == "rmsnorm")
        return rmsnorm(p["rows"], p["cols"], d);
    if (kind == "layernorm")
        return layernorm(p["rows"], p["cols"], d, p["residual"] != 0);
    return gemm(p["M"], p["N"], p["K"], d, p["beta"]);
}

} // namespace workloads
} // namespace model
