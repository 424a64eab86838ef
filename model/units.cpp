#include "units.h"

#include <cmath>

namespace model {

QString formatPlain(double value, int precision, const QLocale &locale)
{
    QLocale plain = locale;
    plain.setNumberOptions(locale.numberOptions() | QLocale::OmitGroupSeparator);
    QString text = plain.toString(value, 'g', precision);
    if (!std::isfinite(value) || !text.contains(QLatin1Char('e'), Qt::CaseInsensitive))
        return text;
    // The same digits written out: rounded to `precision` digits first (999 at one digit is
    // 1000), then as many decimals as those digits need.
    const double rounded = QString::number(value, 'g', precision).toDouble();
    const int magnitude = int(std::floor(std::log10(std::fabs(rounded))));
    text = plain.toString(rounded, 'f', std::max(0, precision - 1 - magnitude));
    if (text.contains(plain.decimalPoint())) {
        while (text.endsWith(plain.zeroDigit()))
            text.chop(1);
        if (text.endsWith(plain.decimalPoint()))
            text.chop(plain.decimalPoint().size());
    }
    return text;
}

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
            return QStringLiteral("%1 %2%3").arg(formatPlain(value / p.scale, precision),
                                                 QString::fromUtf8(p.prefix), unit);
    }
    return QStringLiteral("%1 %2").arg(formatPlain(value, precision), unit);
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
