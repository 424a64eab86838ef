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

// Shape parameters by name: n; M, N, K, beta; B, H, S, D, fused; rows, cols, residual;
// ops, loads, stores.
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
WorkCount attention(double B, double H, double S, double D, Dtype d, bool fused);

// Every workload kind by name, in display order.
const QStringList &kinds();
// The shape parameters a kind takes, with defaults.
Shape defaultShape(const QString &kind);
// Counts for a kind and shape; nullopt and a message on an unknown kind or a bad size.
std::optional<WorkCount> count(const QString &kind, Dtype d, const Shape &shape, QString *error = nullptr);

} // namespace workloads

} // namespace model
