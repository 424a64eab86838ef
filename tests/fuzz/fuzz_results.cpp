// libFuzzer target: ResultSet::fromJson on any bytes. Beyond "no crash, no sanitizer report":
// a refused input says why, every entry loads as measurementFromJson reads its object, and
// whatever loads saves and loads again with the same entries.
#include "resultset.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

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
    // Plain entries are read from their bytes, the others by Qt: each as measurementFromJson
    // reads the entry's object.
    const QJsonArray entries =
        QJsonDocument::fromJson(input).object().value(QLatin1String("measurements")).toArray();
    qsizetype k = 0;
    for (const QJsonValue &v : entries) {
        QString why;
        const auto m =
            v.isObject() ? model::ResultSet::measurementFromJson(v.toObject(), &why) : std::nullopt;
        if (!m)
            continue;
        if (k >= rs->measurements.size() ||
            model::ResultSet::toJson(rs->measurements[k++]) != model::ResultSet::toJson(*m))
            std::abort();
    }
    if (k != rs->measurements.size())
        std::abort();
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
