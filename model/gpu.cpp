#include "gpu.h"

#include <QCoreApplication>

namespace model {

const QStringList &knownPrecisions()
{
    static const QStringList names = {
        "fp64",   "fp64_tc",        "fp32",   "fp16",   "tf32_tc", "fp16_tc", "bf16_tc", "fp16_tc_fp16acc",
        "fp8_tc", "fp8_tc_fp16acc", "fp6_tc", "fp4_tc", "int8_tc"};
    return names;
}

const QStringList &knownLevels()
{
    static const QStringList names = {"hbm", "l2", "smem"};
    return names;
}

QString precisionLabel(const QString &p)
{
    auto tr = [](const char *s) { return QCoreApplication::translate("model::Gpu", s); };
    if (p == "fp64")
        return tr("FP64");
    if (p == "fp64_tc")
        return tr("FP64 Tensor");
    if (p == "fp32")
        return tr("FP32");
    if (p == "fp16")
        return tr("FP16 (CUDA cores)");
    if (p == "tf32_tc")
        return tr("TF32 Tensor");
    if (p == "fp16_tc")
        return tr("FP16 Tensor");
    if (p == "bf16_tc")
        return tr("BF16 Tensor");
    if (p == "fp16_tc_fp16acc")
        return tr("FP16 Tensor, FP16 acc.");
    if (p == "fp8_tc")
        return tr("FP8 Tensor");
    if (p == "fp8_tc_fp16acc")
        return tr("FP8 Tensor, FP16 acc.");
    if (p == "fp6_tc")
        return tr("FP6 Tensor");
    if (p == "fp4_tc")
        return tr("FP4 Tensor");
    if (p == "int8_tc")
        return tr("INT8 Tensor");
    return p;
}

QString levelLabel(const QString &level, const QString &memoryType)
{
    auto tr = [](const char *s) { return QCoreApplication::translate("model::Gpu", s); };
    if (level == "hbm")
        return memoryType.isEmpty() || memoryType.startsWith("HBM") ? tr("HBM") : tr("DRAM");
    if (level == "l2")
        return tr("L2");
    if (level == "smem")
        return tr("Shared memory");
    return level;
}

} // namespace model
