// libFuzzer target: NcuImport::fromCsv (and ProfileCounters::fromCsv) on any bytes. A refused input says why;
// every point an import makes is a valid results-file entry (finite, not negative, time > 0) that saves and
// loads again. Differential: the same bytes from a pipe in pieces of 1-64 bytes give the same report (points,
// launches, warnings, message), and (one input in 64) after blank lines that push them across the
// reader's 1 MiB block, the same points and launches.
#include "differential.h"
#include "ncuimport.h"
#include "profilecounters.h"

#include <QBuffer>
#include <QJsonDocument>

#include <cmath>
#include <cstdint>
#include <cstdlib>

namespace {

bool samePoints(const model::NcuReport &a, const model::NcuReport &b)
{
    if (a.results.measurements.size() != b.results.measurements.size() ||
        a.launches.size() != b.launches.size() || a.noPoints != b.noPoints)
        return false;
    for (qsizetype i = 0; i < a.results.measurements.size(); ++i)
        if (model::ResultSet::toJson(a.results.measurements[i]) !=
            model::ResultSet::toJson(b.results.measurements[i]))
            return false;
    return true;
}

void differential(const uint8_t *data, size_t size, const QByteArray &input)
{
    QBuffer whole;
    whole.setData(input);
    QString error;
    const auto report = model::NcuImport::read(whole, &error);
    fuzz::Dice dice(data, size);
    {
        fuzz::PieceDevice pieces(data, size, dice);
        QString error2;
        const auto report2 = model::NcuImport::read(pieces, &error2);
        if (bool(report) != bool(report2) || error != error2 ||
            (report && (!samePoints(*report, *report2) || report->warnings != report2->warnings)))
            std::abort();
    }
    // Blank lines before the input: a NUL in its first kilobytes is then past the binary check, and
    // a byte-order mark no longer at the start.
    if (!fuzz::padThisOne(data, size, 64) || input.left(4096).contains('\0') || input.startsWith('\xef'))
        return;
    fuzz::PieceDevice padded(data, size, dice, fuzz::padAcross(fuzz::kReadBlock, dice), '\n');
    QString error3;
    const auto report3 = model::NcuImport::read(padded, &error3);
    if (bool(report) != bool(report3) || (!report3 && error3.isEmpty()) ||
        (report && !samePoints(*report, *report3)))
        std::abort();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray input(reinterpret_cast<const char *>(data), qsizetype(size));
    differential(data, size, input);
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
