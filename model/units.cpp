#include "units.h"

#include <cmath>

namespace model {

QString formatSi(double value, const QString &unit, int precision)
{
    static const struct
    {
        double scale;
        const char *prefix;
    } prefixes[] = {{1e18, "E"}, {1e15, "P"}, {1e12, "T"}, {1e9, "G"},  {1e6, "M"},
                    {1e3, "k"},  {1, ""},     {1e-3, "m"}, {1e-6, "µ"}, {1e-9, "n"}};
    if (!std::isfinite(value))
        return QStringLiteral("—");
    if (value == 0)
        return QStringLiteral("0 %1").arg(unit);
    const double mag = std::fabs(value);
    for (const auto &p : prefixes) {
        if (mag >= p.scale * 0.9995)
            return QStringLiteral("%1 %2%3").arg(QString::number(value / p.scale, 'g', precision),
                                                 QString::fromUtf8(p.prefix), unit);
    }
    return QStringLiteral("%1 %2").arg(QString::number(value, 'g', precision), unit);
}

QString formatBytesBinary(double bytes, int precision)
{
    static const char *names[] = {"B", "KiB", "MiB", "GiB", "TiB"};
    int i = 0;
    while (std::fabs(bytes) >= 1024 && i < 4) {
        bytes /= 1024;
        ++i;
    }
    return QStringLiteral("%1 %2").arg(QString::number(bytes, 'g', precision), QString::fromLatin1(names[i]));
}

QString formatSeconds(double seconds, int precision)
{
    return formatSi(seconds, QStringLiteral("s"), precision);
}

} // namespace model
