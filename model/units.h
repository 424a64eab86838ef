#pragma once

#include <QLocale>
#include <QString>

namespace model {

// A number to `precision` significant digits ('g') but never in exponent form: "150" at
// precision 2, not "1.5e+02" (axis labels, figures a person adds up). Written in `locale`.
QString formatPlain(double value, int precision, const QLocale &locale = QLocale::c());
// "4.80 TB/s", "989.5 TFLOP/s": value scaled to an SI prefix, with the unit appended.
QString formatSi(double value, const QString &unit, int precision = 3);
// Bytes with binary prefixes where the course notes use them ("8.00 GiB").
QString formatBytesBinary(double bytes, int precision = 3);
// Seconds as ms / µs / s.
QString formatSeconds(double seconds, int precision = 3);

} // namespace model
