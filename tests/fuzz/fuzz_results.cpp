// libFuzzer target: ResultSet::fromJson on any bytes. Beyond "no crash, no sanitizer report":
// a refused input says why, and whatever loads saves and loads again with the same entries.
#include "resultset.h"

#include <QJsonDocument>

#include <cstdint>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray input(reinterpret_cast<const char *>(data), qsizetype(size));
    QString error;
    QStringList warnings;
    const auto rs = model::ResultSet::fromJson(input, &error, &warnings);
    if (!rs) {
        if (error.isEmpty())
            std::abort();
        return 0;
    }
    (void)rs->toCsv();
    const QByteArray saved = QJsonDocument(rs->toJson()).toJson(QJsonDocument::Compact);
    QStringList warnings2;
    const auto again = model::ResultSet::fromJson(saved, &error, &warnings2);
    if (!again || !warnings2.isEmpty() || again->measurements.size() != rs->measurements.size() ||
        again->ceilings.size() != rs->ceilings.size())
        std::abort();
    for (qsizetype i = 0; i < rs->measurements.size(); ++i)
        if (again->measurements[i].key() != rs->measurements[i].key())
            std::abort();
    return 0;
}
