// libFuzzer target: NcuImport::fromCsv on any bytes. A refused input says why; every point
// an import makes is a valid results-file entry (finite, not negative, time > 0) that saves
// and loads again.
#include "ncuimport.h"

#include <QJsonDocument>

#include <cmath>
#include <cstdint>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray input(reinterpret_cast<const char *>(data), qsizetype(size));
    QString error;
    QStringList warnings;
    const auto rs = model::NcuImport::fromCsv(input, &error, &warnings);
    if (!rs) {
        if (error.isEmpty())
            std::abort();
        return 0;
    }
    if (rs->measurements.isEmpty())
        std::abort();
    for (const model::Measurement &m : rs->measurements)
        if (!std::isfinite(m.flops) || !std::isfinite(m.bytes) || m.flops < 0 || m.bytes < 0 ||
            !(m.time.median > 0) || !std::isfinite(m.time.median) || m.kernel.trimmed().isEmpty())
            std::abort();
    const QByteArray saved = QJsonDocument(rs->toJson()).toJson(QJsonDocument::Compact);
    QStringList warnings2;
    const auto again = model::ResultSet::fromJson(saved, &error, &warnings2);
    if (!again || again->measurements.size() != rs->measurements.size())
        std::abort();
    return 0;
}
