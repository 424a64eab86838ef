// occupancy: theoretical occupancy of a launch (cuda_occupancy.h), with the hand calculation.
#include "cliutil.h"
#include "dbutil.h"

#include "occupancy.h"
#include "specdb.h"

#include <QJsonArray>
#include <QRegularExpression>

#include <climits>

namespace cli {

namespace {

// A whole number of bytes: "49152", "48K", "48KB", "48KiB" (K means 1024, as NVIDIA writes it).
std::optional<qint64> parseBytes(const QString &text)
{
    static const QRegularExpression re(QStringLiteral("^\\s*(\\d+)\\s*(k|kb|kib)?\\s*$"),
                                       QRegularExpression::CaseInsensitiveOption);
    const auto m = re.match(text);
    if (!m.hasMatch())
        return std::nullopt;
    bool ok = false;
    const qint64 v = m.captured(1).toLongLong(&ok);
    if (!ok || v > (qint64(1) << 40))
        return std::nullopt;
    return m.captured(2).isEmpty() ? v : v * 1024;
}

std::optional<int> intOption(const QCommandLineParser &p, const QString &name)
{
    bool ok = false;
    const int v = p.value(name).trimmed().toInt(&ok);
    if (!ok) {
        badInput(QStringLiteral("--%1: \"%2\" is not a whole number").arg(name, p.value(name)));
        return std::nullopt;
    }
    return v;
}

// The option a model input name corresponds to, for error messages.
QString optionFor(const QString &input, bool byCc)
{
    if (input == QLatin1String("threads"))
        return QStringLiteral("--threads");
    if (input == QLatin1String("registers"))
        return QStringLiteral("--regs");
    if (input == QLatin1String("smem"))
        return QStringLiteral("--smem");
    if (input == QLatin1String("static_smem"))
        return QStringLiteral("--static-smem");
    if (input == QLatin1String("carveout"))
        return QStringLiteral("--carveout");
    if (input == QLatin1String("barriers"))
        return QStringLiteral("--barriers");
    return byCc ? QStringLiteral("--cc") : QStringLiteral("--gpu");
}

QJsonValue limitJson(int v)
{
    return v == model::OccupancyResult::Unlimited ? QJsonValue() : QJsonValue(v);
}

} // namespace

int cmdOccupancy(const QStringList &args)
{
    QCommandLineParser p;
    addDbOptions(p);
    p.addOption({"gpu", "GPU id from the spec database (see: rooflab-cli gpus)", "ID"});
    p.addOption({"cc", "a bare compute capability instead of a GPU (limits from cc_limits.json)", "X.Y"});
    p.addOption({"threads", "threads per block", "T"});
    p.addOption({"regs", "registers per thread", "R"});
    p.addOption({"smem", "shared memory per block in bytes (dynamic; 48K = 49152), default 0", "BYTES", "0"});
    p.addOption(
        {"static-smem", "of which static (__shared__ arrays, at most 48 KB), default 0", "BYTES", "0"});
    p.addOption({"carveout", "shared-memory carveout: default, max-l1, max-shared or a percentage (50%)", "C",
                 "default"});
    p.addOption({"barriers", "block barriers per block (default 1, as the runtime assumes)", "N", "1"});
    p.addOption({"json", "machine-readable output"});
    if (!parse(p, args,
               "Theoretical occupancy of one launch (NVIDIA cuda_occupancy.h), the limit that binds and the\n"
               "steps of the hand calculation."))
        return p.isSet("help") ? Ok : BadInput;

    if (p.isSet("gpu") == p.isSet("cc"))
        return badInput("occupancy: give either --gpu ID or --cc X.Y");
    for (const char *required : {"threads", "regs"})
        if (!p.isSet(required))
            return badInput(QStringLiteral("--%1 is required").arg(QLatin1String(required)));
    const auto threads = intOption(p, "threads");
    if (!threads)
        return BadInput;
    const auto regs = intOption(p, "regs");
    if (!regs)
        return BadInput;
    const auto barriers = intOption(p, "barriers");
    if (!barriers)
        return BadInput;
    const auto smem = parseBytes(p.value("smem"));
    if (!smem)
        return badInput(
            QStringLiteral("--smem: \"%1\" is not a size in bytes (e.g. 49152 or 48K)").arg(p.value("smem")));
    const auto staticSmem = parseBytes(p.value("static-smem"));
    if (!staticSmem)
        return badInput(QStringLiteral("--static-smem: \"%1\" is not a size in bytes (e.g. 4096 or 4K)")
                            .arg(p.value("static-smem")));
    if (*staticSmem > *smem)
        return badInput(QStringLiteral("--static-smem: %1 B is more than the --smem total of %2 B")
                            .arg(*staticSmem)
                            .arg(*smem));
    const auto carveout = model::parseCarveout(p.value("carveout"));
    if (!carveout)
        return badInput(
            QStringLiteral("--carveout: \"%1\" is not default, max-l1, max-shared or a percentage 0-100")
                .arg(p.value("carveout")));

    const bool byCc = p.isSet("cc");
    std::optional<model::Occupancy> occ;
    QString device;
    if (byCc) {
        occ = model::Occupancy::forComputeCapability(p.value("cc"));
        device = p.value("cc");
    } else {
        const model::SpecDb db = loadDb(p);
        const model::Gpu *gpu = requireGpu(db, p);
        if (!gpu)
            return BadInput;
        occ.emplace(*gpu);
        device = gpu->id;
    }
    if (!occ->isValid())
        return badInput(QStringLiteral("%1: %2").arg(byCc ? "--cc" : "--gpu", occ->error()));

    model::OccupancyInput in;
    in.threadsPerBlock = *threads;
    in.registersPerThread = *regs;
    in.staticSmemBytes = *staticSmem;
    in.dynamicSmemBytes = *smem - *staticSmem;
    in.carveout = *carveout;
    in.barriersPerBlock = *barriers;
    const model::OccupancyResult r = occ->compute(in);
    const model::BlockSizeSuggestion sug = occ->suggestBlockSize(in);

    if (p.isSet("json")) {
        QJsonArray steps, limiters, notes;
        for (const QString &s : r.steps)
            steps.append(s);
        for (model::Limiter l : r.limiters)
            limiters.append(model::limiterName(l));
        for (const QString &n : r.notes)
            notes.append(n);
        QJsonObject o{
            {"device", device},
            {"cc", occ->computeCapability()},
            {"inputs", QJsonObject{{"threads", in.threadsPerBlock},
                                   {"regs", in.registersPerThread},
                                   {"smem", double(in.smemBytes())},
                                   {"static_smem", double(in.staticSmemBytes)},
                                   {"carveout", model::carveoutName(in.carveout)},
                                   {"barriers", in.barriersPerBlock}}},
            {"ok", r.ok},
            {"blocks_per_sm", r.blocksPerSm},
            {"warps_per_block", r.warpsPerBlock},
            {"warps_per_sm", r.warpsPerSm},
            {"max_warps_per_sm", r.maxWarpsPerSm},
            {"occupancy", r.occupancy},
            {"limiter", model::limiterName(r.limiter)},
            {"limiters", limiters},
            {"limits", QJsonObject{{"registers", limitJson(r.limitRegisters)},
                                   {"shared_memory", limitJson(r.limitSharedMemory)},
                                   {"warps", limitJson(r.limitWarps)},
                                   {"blocks", limitJson(r.limitBlocks)},
                                   {"barriers", limitJson(r.limitBarriers)}}},
            {"allocated", QJsonObject{{"registers_per_block", r.allocatedRegistersPerBlock},
                                      {"smem_per_block", double(r.allocatedSmemPerBlock)}}},
            {"smem_per_sm", double(r.smemPerSmBytes)},
            {"steps", steps},
            {"notes", notes},
            {"suggested_block_size", sug.blockSize > 0 ? QJsonValue(sug.blockSize) : QJsonValue()},
            {"suggested_occupancy", sug.occupancy},
        };
        if (!r.ok)
            o.insert("reason", r.reason);
        printJson(o);
    } else if (r.ok) {
        printLine(QStringLiteral("%1 (CC %2): %3 threads, %4 registers, %5 B shared memory, carveout %6")
                      .arg(occ->name(), occ->computeCapability())
                      .arg(in.threadsPerBlock)
                      .arg(in.registersPerThread)
                      .arg(in.smemBytes())
                      .arg(model::carveoutName(in.carveout)));
        printLine(QString());
        printLine(r.summary() + QStringLiteral("   (limited by %1)").arg(model::limiterLabel(r.limiter)));
        printLine(QString());
        QList<QStringList> rows;
        const model::Limiter order[] = {model::Limiter::Registers, model::Limiter::SharedMemory,
                                        model::Limiter::Warps, model::Limiter::Blocks,
                                        model::Limiter::Barriers};
        for (model::Limiter l : order) {
            const int v = r.limitFor(l);
            if (l == model::Limiter::Barriers && v == model::OccupancyResult::Unlimited)
                continue;
            rows.append({model::limiterLabel(l),
                         v == model::OccupancyResult::Unlimited ? "no limit" : QString::number(v),
                         r.limiters.contains(l) ? "<- binds" : ""});
        }
        printTable({"limit", "blocks/SM", ""}, rows);
        printLine(QString());
        printLine(QStringLiteral("allocated per block: %1 registers, %2 B shared memory")
                      .arg(r.allocatedRegistersPerBlock)
                      .arg(r.allocatedSmemPerBlock));
        if (sug.blockSize > 0)
            printLine(QStringLiteral("suggested block size: %1 threads (%2 occupancy)")
                          .arg(sug.blockSize)
                          .arg(QString::number(sug.occupancy * 100, 'g', 4) + " %"));
        printLine(QString());
        printLine("steps:");
        for (int i = 0; i < r.steps.size(); ++i)
            printLine(QStringLiteral("  %1. %2").arg(i + 1).arg(r.steps[i]));
        for (const QString &n : r.notes)
            printLine("note: " + n);
    }
    if (!r.ok)
        return badInput(QStringLiteral("%1: %2").arg(optionFor(r.input, byCc), r.reason));
    return Ok;
}

} // namespace cli
