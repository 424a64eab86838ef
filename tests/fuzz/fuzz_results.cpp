// libFuzzer target: ResultSet::fromJson on any bytes. Beyond "no crash, no sanitizer report":
// a refused input says why, every entry loads as measurementFromJson reads its object, and
// whatever loads saves and loads again with the same entries. Differential: the same bytes
// from a pipe in pieces of 1-64 bytes give the same result and the same message, and (one
// input in eight) after blanks that push them across the reader's 1 MiB block, the same result.
#include "differential.h"
#include "resultset.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <cstdint>
#include <cstdlib>

namespace {

bool sameEntries(const model::ResultSet &a, const model::ResultSet &b)
{
    if (a.measurements.size() != b.measurements.size() || a.ceilings.size() != b.ceilings.size())
        return false;
    for (qsizetype i = 0; i < a.measurements.size(); ++i)
        if (model::ResultSet::toJson(a.measurements[i]) != model::ResultSet::toJson(b.measurements[i]))
            return false;
    return true;
}

// The same bytes through a pipe, in pieces and (sometimes) shifted across a read block.
void differential(const uint8_t *data, size_t size, const std::optional<model::ResultSet> &rs,
                  const QString &error, const QStringList &warnings)
{
    fuzz::Dice dice(data, size);
    {
        fuzz::PieceDevice pieces(data, size, dice);
        QString error2;
        QStringList warnings2;
        const auto rs2 = model::ResultSet::read(pieces, &error2, &warnings2);
        if (bool(rs) != bool(rs2) || error != error2 || warnings != warnings2 ||
            (rs && !sameEntries(*rs, *rs2)))
            std::abort();
    }
    if (!fuzz::padThisOne(data, size, 8))
        return;
    fuzz::PieceDevice padded(data, size, dice, fuzz::padAcross(fuzz::kReadBlock, dice));
    QString error3;
    const auto rs3 = model::ResultSet::read(padded, &error3);
    if (bool(rs) != bool(rs3) || (!rs3 && error3.isEmpty()) || (rs && !sameEntries(*rs, *rs3)))
        std::abort();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray input(reinterpret_cast<const char *>(data), qsizetype(size));
    QString error;
    QStringList warnings;
    const auto rs = model::ResultSet::fromJson(input, &error, &warnings);
    differential(data, size, rs, error, warnings);
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
