// libFuzzer target: NcuImport::fromCsv (and ProfileCounters::fromCsv) on any bytes. A refused input says why;
// every point an import makes is a valid results-file entry (finite, not negative, time > 0) that saves and
// loads again.
#include "ncuimport.h"
#include "profilecounters.h"

#include <QJsonDocument>

#include <cmath>
#include <cstdint>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray input(reinterpret_cast<const char *>(data), qsizetype(size));
    QString error;
    QStringList warnings;
    // run --profile's reader of the same CSV: counters finite and not negative, or a reason.
    QString why;
    if (const auto c = model::ProfileCounters::fromCsv(input, {}, &why)) {
        for (const double v : c->metrics)
            if (!std::isfinite(v) || v < 0)
                std::abort();
        const auto back = model::ProfileCounters::fromJson(c->toJson());
        if (!back || back->metrics != c->metrics)
            std::abort();
    } else if (why.isEmpty()) {
        std::abort();
    }
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
