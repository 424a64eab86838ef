// libFuzzer target: a GPU spec file (SpecDb::parse, SpecDb::loadFile) on any bytes. A refused
// file names why (and a field when one is at fault); an accepted one has every limit in range
// (nothing wrapped on its way to an int). Differential: blanks around the bytes change neither the
// outcome nor the field named, and (one input in eight) the file read from disk gives what the
// bytes give.
#include "differential.h"
#include "specdb.h"

#include <QTemporaryFile>

#include <cstdint>
#include <cstdlib>

namespace {

void checkLimits(const model::SmLimits &l)
{
    const int values[] = {l.warpSize,
                          l.maxThreadsPerBlock,
                          l.maxThreadsPerSm,
                          l.maxWarpsPerSm,
                          l.maxBlocksPerSm,
                          l.regsPerSm,
                          l.maxRegsPerBlock,
                          l.maxRegsPerThread,
                          l.regAllocUnit,
                          l.regFileSubpartitions,
                          l.smemPerSmBytes,
                          l.smemPerBlockOptinBytes,
                          l.smemStaticPerBlockBytes,
                          l.smemAllocGranularity,
                          l.reservedSmemPerBlock,
                          l.smemBanks};
    for (const int v : values)
        if (v < 0)
            std::abort();
    for (const int kib : l.smemCapacityOptionsKib)
        if (kib < 0 || kib > std::numeric_limits<int>::max() / 1024)
            std::abort();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray input(reinterpret_cast<const char *>(data), qsizetype(size));
    QString field, message;
    const auto gpu = model::SpecDb::parse(input, &field, &message);
    if (!gpu && message.isEmpty())
        std::abort();
    if (gpu && gpu->limits)
        checkLimits(*gpu->limits);

    QString field2, message2;
    const auto padded = model::SpecDb::parse("  \t" + input + "  ", &field2, &message2);
    // The field must not move; Qt's words for a syntax error may (a control character in a string is
    // "unterminated string" or "unterminated object" depending on what came before).
    if (bool(gpu) != bool(padded) || field != field2 || message2.isEmpty() != message.isEmpty() ||
        (gpu && gpu->id != padded->id))
        std::abort();

    if (!fuzz::padThisOne(data, size, 8))
        return 0;
    QTemporaryFile file;
    if (!file.open() || file.write(input) != input.size() || !file.flush())
        return 0;
    model::SpecDb db;
    if (db.loadFile(file.fileName()) != bool(gpu))
        std::abort();
    if (!gpu && (db.errors().isEmpty() || db.errors().first().message != message))
        std::abort();
    return 0;
}
