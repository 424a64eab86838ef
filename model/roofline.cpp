#include "roofline.h"

#include <algorithm>

namespace model {

QString boundName(Bound b)
{
    return b == Bound::Memory ? QStringLiteral("memory") : QStringLiteral("compute");
}

Roofline::Roofline(const Gpu &gpu)
{
    for (const QString &p : knownPrecisions())
        if (gpu.peaks.contains(p))
            m_compute.append({p, gpu.peaks[p].value, gpu.peaks[p].source});
    for (const QString &l : knownLevels())
        if (gpu.bandwidth.contains(l))
            m_memory.append({l, gpu.bandwidth[l].value, gpu.bandwidth[l].source});
}

QList<Ridge> Roofline::ridges() const
{
    QList<Ridge> out;
    for (const auto &c : m_compute)
        for (const auto &m : m_memory)
            out.append({c.precision, m.level, c.flopPerS / m.bytesPerS});
    return out;
}

double Roofline::peak(const QString &precision) const
{
    for (const auto &c : m_compute)
        if (c.precision == precision)
            return c.flopPerS;
    return 0;
}

double Roofline::bandwidth(const QString &level) const
{
    for (const auto &m : m_memory)
        if (m.level == level)
            return m.bytesPerS;
    return 0;
}

double Roofline::ridge(const QString &precision, const QString &level) const
{
    const double bw = bandwidth(level);
    return bw > 0 ? peak(precision) / bw : 0;
}

Attainable Roofline::attainable(double ai, double peak, double bandwidth)
{
    Attainable a;
    a.ceiling = peak;
    a.bandwidth = bandwidth;
    const double memoryRoof = bandwidth * ai;
    a.bound = memoryRoof < peak ? Bound::Memory : Bound::Compute;
    a.flopPerS = std::min(memoryRoof, peak);
    return a;
}

Attainable Roofline::attainable(double ai, const QString &precision, const QString &level) const
{
    return attainable(ai, peak(precision), bandwidth(level));
}

} // namespace model
