#pragma once

#include "gpu.h"

#include <QMap>
#include <QString>
#include <QStringList>

#include <optional>

namespace model {

enum class Dtype { Fp64, Fp32, Tf32, Fp16, Bf16, Fp8, Int8 };

const QStringList &dtypeNames(); // "fp64", "fp32", ...
std::optional<Dtype> parseDtype(const QString &name);
QString dtypeName(Dtype d);
int dtypeBytes(Dtype d); // tf32 is stored in 4 bytes
// The roofline precision a dtype runs at on this GPU: tensor cores where the GPU has them
// for it, else the nearest CUDA-core ceiling ("bf16" on A100 -> "bf16_tc").
QString precisionFor(const Gpu &gpu, Dtype d);

// FLOPs and minimum algorithmic bytes (each input read once, each output written once).
struct WorkCount
{
    double flops = 0;
    double bytes = 0;
    double ai() const { return bytes > 0 ? flops / bytes : 0; }
};

// Shape parameters by name: n; M, N, K, beta, wbits, group; B, H, Hkv, Sq, S, D, fused; rows,
// cols, residual, unfused; ops, loads, stores.
using Shape = QMap<QString, double>;

// One formula per workload, used by the CLI, the GUI and the kernel catalog alike.
namespace workloads {

WorkCount copy(double n, Dtype d);
WorkCount vectorAdd(double n, Dtype d);
WorkCount triad(double n, Dtype d);
WorkCount elementwise(double n, double ops, double loads, double stores, Dtype d);
WorkCount reduce(double n, Dtype d);
WorkCount softmax(double rows, double cols, Dtype d);
WorkCount rmsnorm(double rows, double cols, Dtype d);
WorkCount layernorm(double rows, double cols, Dtype d, bool residual = false);
WorkCount gemm(double M, double N, double K, Dtype d, double beta = 0);
// A GEMM whose C is fp32 whatever its inputs: the ladder's tensor-core steps (bf16, fp16 or e4m3
// A and B, fp32 C written once) and cuBLASLt's fp8 reference; FLOPs as for gemm.
WorkCount gemmFp32C(double M, double N, double K, Dtype inputs);
// Weight-only quantized GEMM (W4A16, W8A16): C[M×N] = A[M×K] · W[K×N] with W stored in `wbits`
// bits and one fp16 scale per `group` weights along K; A and C in `act`. FLOPs as for gemm.
WorkCount quantGemm(double M, double N, double K, Dtype act, int wbits, double group);
// The M (tokens in flight) at which gemm(M, N, K) (or quantGemm with wbits 4|8; 0 = not
// quantized) reaches intensity `ridge`: below it the GEMM sits on the slope, above it under the
// roof. nullopt when it never gets there (the bytes of A and C alone keep it below the ridge).
std::optional<double> gemmRidgeM(double N, double K, Dtype act, int wbits, double group, double ridge);
// Attention of Sq query tokens against S keys and values per sequence, H query heads sharing
// Hkv key/value heads (grouped-query attention when Hkv divides H, multi-query at Hkv = 1; Hkv =
// H is multi-head). Sq = 1 is one decode step, Sq = S self-attention (prefill). Fused: Q, K, V
// read and O written once (FlashAttention); materialized: the scores and probabilities (B·H·Sq·S
// each) are also written and read back.
WorkCount attention(double B, double H, double S, double D, Dtype d, bool fused);
WorkCount attention(double B, double H, double Hkv, double Sq, double S, double D, Dtype d, bool fused);

// The decoder layer's small operators, fused or as the separate kernels they replace (the
// course notes' chapter 09). Bytes per element in bf16, fused ← unfused:
//   residual_rmsnorm  8 ← 10: read x, r; write h = x + r and y = rmsnorm(h)  (add, then norm)
//   rmsnorm_fp8       3 ← 7:  read x; write fp8 y                            (norm to bf16, then quantize)
//   swiglu            6 ← 10: read gate, up; write y = silu(gate) · up        (silu to a buffer, then
//   multiply) rope_kv           4 ← 8:  read k; write the rotated k into the KV cache   (rotate in place,
//   then copy)
// rows × cols elements; the norms' weight vectors are read once.
WorkCount residualRmsnorm(double rows, double cols, Dtype d, bool fused = true);
WorkCount rmsnormFp8(double rows, double cols, Dtype d, bool fused = true);
WorkCount swiglu(double rows, double cols, Dtype d, bool fused = true);
WorkCount ropeKv(double rows, double cols, Dtype d, bool fused = true);

// Every workload kind by name, in display order.
const QStringList &kinds();
// The shape parameters a kind takes, with defaults.
Shape defaultShape(const QString &kind);
// Counts for a kind and shape; nullopt and a message on an unknown kind or a bad size.
std::optional<WorkCount> count(const QString &kind, Dtype d, const Shape &shape, QString *error = nullptr);

} // namespace workloads

} // namespace model
