#pragma once

#include "gpu.h"

#include <QList>
#include <QString>

namespace model {

enum class Bound { Memory, Compute };
QString boundName(Bound b); // "memory" / "compute"

struct ComputeCeiling
{
    QString precision;
    double flopPerS = 0;
    QString source;
};

struct MemoryCeiling
{
    QString level;
    double bytesPerS = 0;
    QString source;
};

struct Ridge
{
    QString precision;
    QString level;
    double ai = 0; // FLOP/byte where the diagonal meets the ceiling
};

struct Attainable
{
    double flopPerS = 0;
    Bound bound = Bound::Memory;
    double ceiling = 0;   // the compute ceiling that applies
    double bandwidth = 0; // the memory ceiling that applies
};

// The roofline of one GPU from its datasheet figures: attainable(ai) = min(peak, bw * ai).
class Roofline
{
public:
    explicit Roofline(const Gpu &gpu);

    const QList<ComputeCeiling> &compute() const { return m_compute; }
    const QList<MemoryCeiling> &memory() const { return m_memory; }
    QList<Ridge> ridges() const;

    // 0 when the GPU has no such ceiling.
    double peak(const QString &precision) const;
    double bandwidth(const QString &level) const;
    double ridge(const QString &precision, const QString &level = QStringLiteral("hbm")) const;
    Attainable attainable(double ai, const QString &precision,
                          const QString &level = QStringLiteral("hbm")) const;

    static Attainable attainable(double ai, double peak, double bandwidth);

private:
    QList<ComputeCeiling> m_compute;
    QList<MemoryCeiling> m_memory;
};

} // namespace model
