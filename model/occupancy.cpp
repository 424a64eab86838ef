// Theoretical occupancy through NVIDIA's cuda_occupancy.h (CUDA Toolkit, header-only; no
// CUDA runtime is linked). Its licence asks that the following notice be kept in the code
// and in the user documentation (also quoted in docs/THIRD_PARTY.md):
//
//   Copyright 1993-2017 NVIDIA Corporation.  All rights reserved.
//
//   NOTWITHSTANDING ANY TERMS OR CONDITIONS TO THE CONTRARY IN THE
//   LICENSE AGREEMENT, NVIDIA MAKES NO REPRESENTATION ABOUT THE
//   SUITABILITY OF THESE LICENSED DELIVERABLES FOR ANY PURPOSE.  IT IS
//   PROVIDED "AS IS" WITHOUT EXPRESS OR IMPLIED WARRANTY OF ANY KIND.
//   NVIDIA DISCLAIMS ALL WARRANTIES WITH REGARD TO THESE LICENSED
//   DELIVERABLES, INCLUDING ALL IMPLIED WARRANTIES OF MERCHANTABILITY,
//   NONINFRINGEMENT, AND FITNESS FOR A PARTICULAR PURPOSE.
//   NOTWITHSTANDING ANY TERMS OR CONDITIONS TO THE CONTRARY IN THE
//   LICENSE AGREEMENT, IN NO EVENT SHALL NVIDIA BE LIABLE FOR ANY
//   SPECIAL, INDIRECT, INCIDENTAL, OR CONSEQUENTIAL DAMAGES, OR ANY
//   DAMAGES WHATSOEVER RESULTING FROM LOSS OF USE, DATA OR PROFITS,
//   WHETHER IN AN ACTION OF CONTRACT, NEGLIGENCE OR OTHER TORTIOUS
//   ACTION, ARISING OUT OF OR IN CONNECTION WITH THE USE OR PERFORMANCE
//   OF THESE LICENSED DELIVERABLES.
//
//   U.S. Government End Users.  These Licensed Deliverables are a
//   "commercial item" as that term is defined at 48 C.F.R. 2.101 (OCT
//   1995), consisting of "commercial computer software" and "commercial
//   computer software documentation" as such terms are used in 48
//   C.F.R. 12.212 (SEPT 1995) and is provided to the U.S. Government
//   only as a commercial end item.  Consistent with 48 C.F.R.12.212 and
//   48 C.F.R. 227.7202-1 through 227.7202-4 (JUNE 1995), all
//   U.S. Government End Users acquire the Licensed Deliverables with
//   only those rights set forth herein.
#include "occupancy.h"

#include "paths.h"

#include <QCoreApplication>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

#include <cuda_occupancy.h>

#include <algorithm>
#include <climits>
#include <cmath>

namespace model {

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("model::Occupancy", text);
}

// NVIDIA tables write "KB" and mean KiB; so do the course notes and this explanation.
QString kb(qint64 bytes)
{
    if (bytes % 1024 == 0)
        return tr("%1 KB").arg(bytes / 1024);
    return tr("%1 KB").arg(QString::number(double(bytes) / 1024.0, 'f', 2));
}

QString kbBytes(qint64 bytes)
{
    return tr("%1 (%2 B)").arg(kb(bytes)).arg(bytes);
}

QString percent(double fraction)
{
    return QString::number(fraction * 100.0, 'g', 4) + QStringLiteral(" %");
}

int fromHeaderLimit(int v)
{
    return v == INT_MAX ? OccupancyResult::Unlimited : v;
}

QString limitText(int v)
{
    return v == OccupancyResult::Unlimited ? tr("no limit") : QString::number(v);
}

} // namespace

QString limiterName(Limiter l)
{
    switch (l) {
    case Limiter::Registers:
        return QStringLiteral("registers");
    case Limiter::SharedMemory:
        return QStringLiteral("shared_memory");
    case Limiter::Warps:
        return QStringLiteral("warps");
    case Limiter::Blocks:
        return QStringLiteral("blocks");
    case Limiter::Barriers:
        return QStringLiteral("barriers");
    case Limiter::None:
        break;
    }
    return QStringLiteral("none");
}

QString limiterLabel(Limiter l)
{
    switch (l) {
    case Limiter::Registers:
        return tr("registers");
    case Limiter::SharedMemory:
        return tr("shared memory");
    case Limiter::Warps:
        return tr("warps");
    case Limiter::Blocks:
        return tr("blocks per SM");
    case Limiter::Barriers:
        return tr("barriers");
    case Limiter::None:
        break;
    }
    return tr("none");
}

std::optional<int> parseCarveout(const QString &text)
{
    const QString t = text.trimmed().toLower();
    if (t == QLatin1String("default"))
        return CarveoutDefault;
    if (t == QLatin1String("max-l1") || t == QLatin1String("maxl1") || t == QLatin1String("l1"))
        return CarveoutMaxL1;
    if (t == QLatin1String("max-shared") || t == QLatin1String("maxshared") || t == QLatin1String("shared"))
        return CarveoutMaxShared;
    static const QRegularExpression pct(QStringLiteral("^(\\d{1,3})\\s*%?$"));
    const auto m = pct.match(t);
    if (!m.hasMatch())
        return std::nullopt;
    const int v = m.captured(1).toInt();
    if (v < 0 || v > 100)
        return std::nullopt;
    return v;
}

QString carveoutName(int carveout)
{
    if (carveout == CarveoutDefault)
        return QStringLiteral("default");
    if (carveout == CarveoutMaxL1)
        return QStringLiteral("max-l1");
    if (carveout == CarveoutMaxShared)
        return QStringLiteral("max-shared");
    return QStringLiteral("%1%").arg(carveout);
}

int OccupancyResult::limitFor(Limiter l) const
{
    switch (l) {
    case Limiter::Registers:
        return limitRegisters;
    case Limiter::SharedMemory:
        return limitSharedMemory;
    case Limiter::Warps:
        return limitWarps;
    case Limiter::Blocks:
        return limitBlocks;
    case Limiter::Barriers:
        return limitBarriers;
    case Limiter::None:
        break;
    }
    return 0;
}

QString OccupancyResult::summary() const
{
    const QString blocks = blocksPerSm == 1 ? tr("%1 block/SM") : tr("%1 blocks/SM");
    const QString warps = warpsPerSm == 1 ? tr("%1 warp") : tr("%1 warps");
    return QStringLiteral("%1 · %2 · %3")
        .arg(blocks.arg(blocksPerSm), warps.arg(warpsPerSm), percent(occupancy));
}

// The header's three descriptors and its answer for one input.
struct Occupancy::Raw
{
    cudaOccDeviceProp prop;
    cudaOccFuncAttributes attr;
    cudaOccDeviceState state;
    cudaOccResult result{};
};

namespace {

void fillProp(cudaOccDeviceProp &p, const SmLimits &l, int major, int minor, int sms)
{
    p.computeMajor = major;
    p.computeMinor = minor;
    p.maxThreadsPerBlock = l.maxThreadsPerBlock;
    p.maxThreadsPerMultiprocessor = l.maxThreadsPerSm;
    p.regsPerBlock = l.maxRegsPerBlock;
    p.regsPerMultiprocessor = l.regsPerSm;
    p.warpSize = l.warpSize;
    // cudaDeviceProp::sharedMemPerBlock is the limit without the opt-in: 48 KB.
    p.sharedMemPerBlock = size_t(l.smemStaticPerBlockBytes);
    p.sharedMemPerMultiprocessor = size_t(l.smemPerSmBytes);
    p.numSms = std::max(1, sms); // only scales minGridSize; the header requires > 0
    p.sharedMemPerBlockOptin = size_t(l.smemPerBlockOptinBytes);
    p.reservedSharedMemPerBlock = size_t(l.reservedSmemPerBlock);
}

// Every factor the header flags as binding. Where several tie, the first is a fixed hardware
// limit (warps, then blocks) before a resource: trimming registers or shared memory cannot
// lift a limit that the block size alone already reaches.
QList<Limiter> limitersFrom(unsigned factors)
{
    const std::pair<unsigned, Limiter> order[] = {{OCC_LIMIT_WARPS, Limiter::Warps},
                                                  {OCC_LIMIT_BLOCKS, Limiter::Blocks},
                                                  {OCC_LIMIT_REGISTERS, Limiter::Registers},
                                                  {OCC_LIMIT_SHARED_MEMORY, Limiter::SharedMemory},
                                                  {OCC_LIMIT_BARRIERS, Limiter::Barriers}};
    QList<Limiter> out;
    for (const auto &[bit, limiter] : order)
        if (factors & bit)
            out.append(limiter);
    return out;
}

QString headerError(cudaOccError e, const QString &cc, qint64 smemPerSm)
{
    if (e == CUDA_OCC_ERROR_UNKNOWN_DEVICE)
        return tr("cuda_occupancy.h (which knows compute capabilities up to %1.%2) does not know compute "
                  "capability %3")
            .arg(__CUDA_OCC_MAJOR__)
            .arg(__CUDA_OCC_MINOR__)
            .arg(cc);
    return tr("cuda_occupancy.h refused the input (invalid input): check the per-SM limits of CC %1, e.g. "
              "%2 shared memory per SM must be one of its carveout sizes")
        .arg(cc, kb(smemPerSm));
}

} // namespace

Occupancy::Occupancy(const Gpu &gpu)
    : m_cc(gpu.computeCapability), m_name(gpu.displayName()), m_sms(gpu.smCount())
{
    if (!gpu.limits) {
        m_error = gpu.computeCapability.isEmpty()
                      ? tr("%1 has no per-SM limits in the spec database: occupancy needs an NVIDIA GPU "
                           "with a compute capability")
                            .arg(gpu.displayName())
                      : tr("%1 has no per-SM limits (sm_limits) in the spec database").arg(gpu.displayName());
        return;
    }
    *this = Occupancy(*gpu.limits, gpu.computeCapability, gpu.smCount(), gpu.displayName());
}

Occupancy::Occupancy(const SmLimits &limits, const QString &computeCapability, int sms, const QString &name)
    : m_limits(limits), m_cc(computeCapability),
      m_name(name.isEmpty() ? tr("CC %1").arg(computeCapability) : name), m_sms(sms)
{
    static const QRegularExpression re(QStringLiteral("^(\\d+)\\.(\\d+)$"));
    const auto m = re.match(computeCapability);
    if (!m.hasMatch()) {
        m_error = tr("compute capability \"%1\" is not of the form X.Y").arg(computeCapability);
        return;
    }
    m_major = m.captured(1).toInt();
    m_minor = m.captured(2).toInt();
    const SmLimits &l = m_limits;
    if (l.warpSize <= 0 || l.maxThreadsPerBlock <= 0 || l.maxThreadsPerSm <= 0 || l.regsPerSm <= 0 ||
        l.maxRegsPerBlock <= 0 || l.smemPerSmBytes <= 0 || l.smemStaticPerBlockBytes <= 0 ||
        l.smemPerBlockOptinBytes <= 0) {
        m_error = tr("the per-SM limits of %1 are incomplete (a size is zero)").arg(m_name);
        return;
    }
    // Ask the header whether it knows this architecture at all, so an unknown CC is reported
    // once, up front, rather than as a zero.
    cudaOccDeviceProp p;
    fillProp(p, l, m_major, m_minor, m_sms);
    int blocks = 0;
    if (cudaOccMaxBlocksPerMultiprocessor(&blocks, &p) != CUDA_OCC_SUCCESS) {
        m_error = headerError(CUDA_OCC_ERROR_UNKNOWN_DEVICE, m_cc, l.smemPerSmBytes);
        return;
    }
    size_t smem = p.sharedMemPerMultiprocessor;
    const cudaOccError alignErr = cudaOccAlignUpShmemSizeVoltaPlus(&smem, &p);
    if (m_major >= 7 && alignErr != CUDA_OCC_SUCCESS) {
        m_error = headerError(alignErr, m_cc, l.smemPerSmBytes);
        return;
    }
    // The header would round an odd size up to its next carveout size, i.e. to more shared
    // memory than the SM has: refuse it rather than compute with a made-up figure.
    if (m_major >= 7 && qint64(smem) != l.smemPerSmBytes) {
        m_error = tr("%1 shared memory per SM is not one of cuda_occupancy.h's carveout sizes for CC %2 "
                     "(the next is %3)")
                      .arg(kb(l.smemPerSmBytes), m_cc, kb(qint64(smem)));
        return;
    }
}

std::optional<SmLimits> Occupancy::limitsForComputeCapability(const QString &cc, QString *error)
{
    auto failWith = [&](const QString &message) -> std::optional<SmLimits> {
        if (error)
            *error = message;
        return std::nullopt;
    };
    const QString path = resourcePath(QStringLiteral("cc_limits.json"));
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return failWith(tr("cannot read %1: %2").arg(path, f.errorString()));
    QJsonParseError perr;
    const QJsonDocument doc = QJsonDocument::fromJson(f.readAll(), &perr);
    if (!doc.isObject())
        return failWith(tr("%1 is not valid JSON: %2").arg(path, perr.errorString()));
    const QJsonObject root = doc.object();
    if (cc.startsWith('_') || !root.contains(cc) || !root.value(cc).isObject()) {
        QStringList known = root.keys();
        known.removeIf([](const QString &k) { return k.startsWith('_'); });
        return failWith(tr("unknown compute capability \"%1\" (known: %2)").arg(cc, known.join(", ")));
    }
    const QJsonObject o = root.value(cc).toObject();
    QString bad;
    auto number = [&](const char *key, bool positive = true) {
        const QJsonValue v = o.value(QLatin1String(key));
        const double d = v.toDouble(-1);
        if (!v.isDouble() || d != std::floor(d) || d < 0 || (positive && d <= 0) || d > 1e9) {
            if (bad.isEmpty())
                bad = QString::fromLatin1(key);
            return 0;
        }
        return int(d);
    };
    SmLimits l;
    l.warpSize = number("warp_size");
    l.maxThreadsPerBlock = number("max_threads_per_block");
    l.maxThreadsPerSm = number("max_threads_per_sm");
    l.maxWarpsPerSm = number("max_warps_per_sm");
    l.maxBlocksPerSm = number("max_blocks_per_sm");
    l.regsPerSm = number("regs_per_sm");
    l.maxRegsPerBlock = number("max_regs_per_block");
    l.maxRegsPerThread = number("max_regs_per_thread");
    l.regAllocUnit = number("reg_alloc_unit_size");
    l.regFileSubpartitions = number("reg_file_subpartitions");
    l.smemPerSmBytes = number("smem_per_sm_max_kib") * 1024;
    l.smemPerBlockOptinBytes = number("smem_per_block_optin_max_kib") * 1024;
    l.smemStaticPerBlockBytes = number("smem_static_per_block_max_kib") * 1024;
    l.smemAllocGranularity = number("smem_alloc_granularity_bytes");
    l.reservedSmemPerBlock = number("reserved_smem_per_block_bytes", false);
    l.smemBanks = o.contains("smem_banks") ? number("smem_banks") : 32;
    if (o.contains("unified_l1_smem_kib"))
        l.unifiedL1SmemBytes = number("unified_l1_smem_kib") * 1024;
    const QJsonArray opts = o.value("smem_capacity_options_kib").toArray();
    if (opts.isEmpty() && bad.isEmpty())
        bad = QStringLiteral("smem_capacity_options_kib");
    for (const QJsonValue &v : opts)
        l.smemCapacityOptionsKib.append(v.toInt());
    if (!bad.isEmpty())
        return failWith(tr("%1: entry \"%2\": field \"%3\" is missing or not a whole positive number")
                            .arg(path, cc, bad));
    QStringList sources;
    const QJsonObject src = o.value("sources").toObject();
    for (auto it = src.begin(); it != src.end(); ++it)
        sources.append(it.key() + QStringLiteral(": ") + it.value().toString());
    l.source =
        QStringLiteral("resources/cc_limits.json [%1]: %2").arg(cc, sources.join(QStringLiteral("; ")));
    return l;
}

QStringList Occupancy::knownComputeCapabilities(QString *error)
{
    QFile f(resourcePath(QStringLiteral("cc_limits.json")));
    if (!f.open(QIODevice::ReadOnly)) {
        if (error)
            *error = tr("cannot read %1: %2").arg(f.fileName(), f.errorString());
        return {};
    }
    QStringList keys = QJsonDocument::fromJson(f.readAll()).object().keys();
    keys.removeIf([](const QString &k) { return k.startsWith('_'); });
    std::sort(keys.begin(), keys.end(), [](const QString &a, const QString &b) {
        return a.section('.', 0, 0).toInt() * 100 + a.section('.', 1).toInt() <
               b.section('.', 0, 0).toInt() * 100 + b.section('.', 1).toInt();
    });
    return keys;
}

Occupancy Occupancy::forComputeCapability(const QString &cc)
{
    QString error;
    const auto limits = limitsForComputeCapability(cc, &error);
    if (!limits) {
        Occupancy o(SmLimits{}, cc);
        o.m_error = error;
        return o;
    }
    return Occupancy(*limits, cc);
}

QString Occupancy::validate(const OccupancyInput &in, QString *input) const
{
    auto bad = [input](const char *name, const QString &message) {
        if (input)
            *input = QString::fromLatin1(name);
        return message;
    };
    if (!isValid())
        return bad("device", m_error);
    const SmLimits &l = m_limits;
    if (in.threadsPerBlock < 1)
        return bad("threads", tr("threads per block: must be at least 1 (got %1)").arg(in.threadsPerBlock));
    if (in.threadsPerBlock > l.maxThreadsPerBlock)
        return bad("threads", tr("threads per block: %1 is more than the maximum of %2 per block on CC %3")
                                  .arg(in.threadsPerBlock)
                                  .arg(l.maxThreadsPerBlock)
                                  .arg(m_cc));
    if (in.registersPerThread < 0)
        return bad("registers",
                   tr("registers per thread: must not be negative (got %1)").arg(in.registersPerThread));
    if (in.registersPerThread > l.maxRegsPerThread)
        return bad("registers", tr("registers per thread: %1 is more than the maximum of %2 per thread")
                                    .arg(in.registersPerThread)
                                    .arg(l.maxRegsPerThread));
    if (in.staticSmemBytes < 0 || in.dynamicSmemBytes < 0)
        return bad("smem", tr("shared memory per block: must not be negative"));
    if (in.staticSmemBytes > l.smemStaticPerBlockBytes)
        return bad("static_smem",
                   tr("static shared memory: %1 is more than the %2 a block may declare statically; larger "
                      "allocations must be dynamic (with the opt-in)")
                       .arg(kbBytes(in.staticSmemBytes), kb(l.smemStaticPerBlockBytes)));
    if (in.smemBytes() > l.smemPerBlockOptinBytes)
        return bad(
            "smem",
            tr("shared memory per block: %1 is more than the per-block maximum of %2 (with the opt-in) on "
               "CC %3")
                .arg(kbBytes(in.smemBytes()), kbBytes(l.smemPerBlockOptinBytes), m_cc));
    if (in.carveout < CarveoutDefault || in.carveout > CarveoutMaxShared)
        return bad(
            "carveout",
            tr("carveout: %1 is not default, max-l1, max-shared or a percentage 0-100").arg(in.carveout));
    if (in.barriersPerBlock < 0 || in.barriersPerBlock > 16)
        return bad("barriers", tr("barriers per block: %1 is not between 0 and 16").arg(in.barriersPerBlock));
    return {};
}

bool Occupancy::run(const OccupancyInput &in, Raw &raw, QString *reason, QString *input) const
{
    const QString why = validate(in, input);
    if (!why.isEmpty()) {
        if (reason)
            *reason = why;
        return false;
    }
    fillProp(raw.prop, m_limits, m_major, m_minor, m_sms);
    raw.attr.maxThreadsPerBlock = m_limits.maxThreadsPerBlock;
    raw.attr.numRegs = in.registersPerThread;
    raw.attr.sharedSizeBytes = size_t(in.staticSmemBytes);
    raw.attr.partitionedGCConfig = PARTITIONED_GC_OFF;
    // As if the kernel had raised cudaFuncAttributeMaxDynamicSharedMemorySize as far as it
    // may: sizes above 48 KB are then allowed up to the opt-in maximum.
    raw.attr.shmemLimitConfig = FUNC_SHMEM_LIMIT_OPTIN;
    raw.attr.maxDynamicSharedSizeBytes = size_t(m_limits.smemPerBlockOptinBytes - in.staticSmemBytes);
    raw.attr.numBlockBarriers = in.barriersPerBlock;
    raw.attr.virtualResourceCount = 0;
    raw.state.cacheConfig = CACHE_PREFER_NONE;
    raw.state.carveoutConfig = in.carveout;
    const cudaOccError e = cudaOccMaxActiveBlocksPerMultiprocessor(
        &raw.result, &raw.prop, &raw.attr, &raw.state, in.threadsPerBlock, size_t(in.dynamicSmemBytes));
    if (e != CUDA_OCC_SUCCESS) {
        if (reason)
            *reason = headerError(e, m_cc, m_limits.smemPerSmBytes);
        if (input)
            *input = QStringLiteral("device");
        return false;
    }
    return true;
}

OccupancyResult Occupancy::compute(const OccupancyInput &in) const
{
    OccupancyResult res;
    if (m_limits.warpSize > 0)
        res.maxWarpsPerSm = m_limits.maxThreadsPerSm / m_limits.warpSize;
    Raw raw;
    if (!run(in, raw, &res.reason, &res.input))
        return res;
    const cudaOccResult &r = raw.result;
    const cudaOccDeviceProp &p = raw.prop;

    res.blocksPerSm = r.activeBlocksPerMultiprocessor;
    res.warpsPerBlock = __occDivideRoundUp(in.threadsPerBlock, p.warpSize);
    res.warpsPerSm = res.blocksPerSm * res.warpsPerBlock;
    res.occupancy = res.maxWarpsPerSm > 0 ? double(res.warpsPerSm) / res.maxWarpsPerSm : 0.0;
    res.limitRegisters = fromHeaderLimit(r.blockLimitRegs);
    res.limitSharedMemory = fromHeaderLimit(r.blockLimitSharedMem);
    res.limitWarps = fromHeaderLimit(r.blockLimitWarps);
    res.limitBlocks = fromHeaderLimit(r.blockLimitBlocks);
    res.limitBarriers = fromHeaderLimit(r.blockLimitBarriers);
    res.allocatedRegistersPerBlock = r.allocatedRegistersPerBlock;
    res.allocatedSmemPerBlock = qint64(r.allocatedSharedMemPerBlock);

    res.limiters = limitersFrom(r.limitingFactors);
    res.limiter = res.limiters.isEmpty() ? Limiter::None : res.limiters.first();

    // Architecture constants, read from the header itself so the text cannot drift from it.
    int regUnit = 0, subPartitions = 0, smemGranularity = 0, headerBlocks = 0;
    cudaOccRegAllocationGranularity(&regUnit, &p);
    cudaOccSubPartitionsPerMultiprocessor(&subPartitions, &p);
    cudaOccSMemAllocationGranularity(&smemGranularity, &p);
    cudaOccMaxBlocksPerMultiprocessor(&headerBlocks, &p);

    QStringList &s = res.steps;
    const int W = res.warpsPerBlock;
    s.append(tr("warps per block = ⌈%1 threads / %2⌉ = %3").arg(in.threadsPerBlock).arg(p.warpSize).arg(W));

    // Registers: allocated per warp in units of regUnit, then per sub-partition.
    const int regsPerWarp = in.registersPerThread * p.warpSize;
    const int regsPerWarpAlloc = W > 0 ? r.allocatedRegistersPerBlock / W : 0;
    if (__occRoundUp(regsPerWarp, regUnit) != regsPerWarpAlloc)
        res.explanationConsistent = false;
    if (in.registersPerThread == 0) {
        s.append(tr("registers per thread = 0 → registers do not limit the blocks"));
    } else {
        s.append(tr("registers per warp = %1 × %2 = %3 → rounded up to a multiple of %4 → %5")
                     .arg(in.registersPerThread)
                     .arg(p.warpSize)
                     .arg(regsPerWarp)
                     .arg(regUnit)
                     .arg(regsPerWarpAlloc));
        s.append(tr("registers per block = %1 × %2 warps = %3")
                     .arg(regsPerWarpAlloc)
                     .arg(W)
                     .arg(r.allocatedRegistersPerBlock));
        const int assumedWarps = __occRoundUp(W, subPartitions);
        if (r.blockLimitRegs == 0) {
            if (qint64(regsPerWarpAlloc) * assumedWarps > p.regsPerBlock &&
                r.allocatedRegistersPerBlock <= p.regsPerBlock)
                s.append(tr("blocks by registers: the hardware counts %1 warps (%2 rounded up to the %3 "
                            "register-file sub-partitions) × %4 = %5 registers, more than the %6 a block may "
                            "use → 0 blocks")
                             .arg(assumedWarps)
                             .arg(W)
                             .arg(subPartitions)
                             .arg(regsPerWarpAlloc)
                             .arg(qint64(regsPerWarpAlloc) * assumedWarps)
                             .arg(p.regsPerBlock));
            else
                s.append(tr("blocks by registers: %1 registers per block is more than the %2 a block may use "
                            "→ 0 blocks")
                             .arg(r.allocatedRegistersPerBlock)
                             .arg(p.regsPerBlock));
        } else {
            const int perPartition = p.regsPerMultiprocessor / subPartitions;
            const int warpsPerPartition = regsPerWarpAlloc > 0 ? perPartition / regsPerWarpAlloc : 0;
            const int warpsPerSm = warpsPerPartition * subPartitions;
            if (W <= 0 || warpsPerSm / W != r.blockLimitRegs)
                res.explanationConsistent = false;
            s.append(
                tr("blocks by registers: each of the %1 register-file sub-partitions holds ⌊(%2 / %1) / %3⌋ "
                   "= ⌊%4 / %3⌋ = %5 warps → %5 × %1 = %6 warps per SM → ⌊%6 / %7 warps⌋ = %8 blocks")
                    .arg(subPartitions)
                    .arg(p.regsPerMultiprocessor)
                    .arg(regsPerWarpAlloc)
                    .arg(perPartition)
                    .arg(warpsPerPartition)
                    .arg(warpsPerSm)
                    .arg(W)
                    .arg(r.blockLimitRegs));
        }
    }

    // Shared memory: static + dynamic + the driver's reservation, rounded to the granularity.
    const qint64 requested = in.smemBytes() + qint64(p.reservedSharedMemPerBlock);
    if (__occRoundUp(int(requested), smemGranularity) != res.allocatedSmemPerBlock)
        res.explanationConsistent = false;
    QString parts;
    if (in.staticSmemBytes > 0 && in.dynamicSmemBytes > 0)
        parts = tr("%1 static + %2 dynamic").arg(kb(in.staticSmemBytes), kb(in.dynamicSmemBytes));
    else
        parts = kb(in.smemBytes());
    if (p.reservedSharedMemPerBlock > 0)
        s.append(tr("shared memory per block = %1 + %2 reserved = %3 → rounded up to a multiple of %4 B → %5")
                     .arg(parts, kb(qint64(p.reservedSharedMemPerBlock)), kb(requested))
                     .arg(smemGranularity)
                     .arg(kbBytes(res.allocatedSmemPerBlock)));
    else
        s.append(tr("shared memory per block = %1 → rounded up to a multiple of %2 B → %3")
                     .arg(parts)
                     .arg(smemGranularity)
                     .arg(kbBytes(res.allocatedSmemPerBlock)));

    // The SM's shared-memory size: the carveout preference mapped to a supported size
    // (cudaOccSMemPerMultiprocessor), raised to the next size that fits one block if smaller.
    size_t preferred = 0;
    cudaOccSMemPerMultiprocessor(&preferred, &p, &raw.state);
    size_t smemPerSm = preferred;
    if (preferred < r.allocatedSharedMemPerBlock) {
        smemPerSm = r.allocatedSharedMemPerBlock;
        cudaOccAlignUpShmemSizeVoltaPlus(&smemPerSm, &p);
    }
    res.smemPerSmBytes = qint64(smemPerSm);
    const qint64 smMax = qint64(p.sharedMemPerMultiprocessor);
    QString carve;
    if (in.carveout == CarveoutDefault)
        carve = tr("shared memory per SM: carveout default → %1").arg(kb(qint64(preferred)));
    else if (in.carveout == CarveoutMaxL1)
        carve = tr("shared memory per SM: carveout max L1 → %1").arg(kb(qint64(preferred)));
    else
        carve = tr("shared memory per SM: carveout %1 % × %2 = %3 → next supported size %4")
                    .arg(in.carveout)
                    .arg(kb(smMax), kb(qint64(in.carveout) * smMax / 100), kb(qint64(preferred)));
    if (preferred < r.allocatedSharedMemPerBlock && r.blockLimitSharedMem > 0)
        carve += tr("; one block needs %1, so the driver takes the next size that fits → %2")
                     .arg(kb(res.allocatedSmemPerBlock), kb(res.smemPerSmBytes));
    s.append(carve);
    if (r.blockLimitSharedMem == 0) {
        s.append(tr("blocks by shared memory: %1 per block is more than a block may use → 0 blocks")
                     .arg(kb(res.allocatedSmemPerBlock)));
    } else if (r.allocatedSharedMemPerBlock == 0) {
        s.append(tr("blocks by shared memory: none used → no limit"));
    } else {
        if (qint64(smemPerSm / r.allocatedSharedMemPerBlock) != r.blockLimitSharedMem)
            res.explanationConsistent = false;
        s.append(tr("blocks by shared memory = ⌊%1 / %2⌋ = ⌊%3 / %4⌋ = %5 blocks")
                     .arg(kb(qint64(smemPerSm)), kb(res.allocatedSmemPerBlock))
                     .arg(qint64(smemPerSm))
                     .arg(qint64(r.allocatedSharedMemPerBlock))
                     .arg(r.blockLimitSharedMem));
    }

    if (res.maxWarpsPerSm / std::max(1, W) != r.blockLimitWarps)
        res.explanationConsistent = false;
    s.append(
        tr("blocks by warps = ⌊%1 / %2⌋ = %3 blocks").arg(res.maxWarpsPerSm).arg(W).arg(r.blockLimitWarps));
    s.append(tr("blocks per SM limit (CC %1) = %2").arg(m_cc).arg(r.blockLimitBlocks));
    const bool barriers = r.blockLimitBarriers != INT_MAX;
    if (barriers)
        s.append(
            tr("blocks by barriers (%1 per block) = %2").arg(in.barriersPerBlock).arg(r.blockLimitBarriers));

    QStringList mins;
    for (int v : {r.blockLimitRegs, r.blockLimitSharedMem, r.blockLimitWarps, r.blockLimitBlocks})
        mins.append(limitText(fromHeaderLimit(v)));
    if (barriers)
        mins.append(QString::number(r.blockLimitBarriers));
    QStringList names;
    for (Limiter l : std::as_const(res.limiters))
        names.append(limiterLabel(l));
    s.append(tr("min(%1) = %2 blocks/SM → %2 × %3 warps = %4 warps → %4 / %5 = %6 (limited by %7)")
                 .arg(mins.join(QStringLiteral(", ")))
                 .arg(res.blocksPerSm)
                 .arg(W)
                 .arg(res.warpsPerSm)
                 .arg(res.maxWarpsPerSm)
                 .arg(percent(res.occupancy), names.join(QStringLiteral(", "))));

    // Where the spec DB and the header disagree, the header's value was used; say so.
    const SmLimits &l = m_limits;
    if (headerBlocks != l.maxBlocksPerSm)
        res.notes.append(tr("the spec DB gives %1 blocks per SM for CC %2, cuda_occupancy.h uses %3")
                             .arg(l.maxBlocksPerSm)
                             .arg(m_cc)
                             .arg(headerBlocks));
    if (regUnit != l.regAllocUnit)
        res.notes.append(tr("the spec DB gives a register allocation unit of %1, cuda_occupancy.h uses %2")
                             .arg(l.regAllocUnit)
                             .arg(regUnit));
    if (smemGranularity != l.smemAllocGranularity)
        res.notes.append(
            tr("the spec DB gives a shared-memory granularity of %1 B, cuda_occupancy.h uses %2 B")
                .arg(l.smemAllocGranularity)
                .arg(smemGranularity));
    if (subPartitions != l.regFileSubpartitions)
        res.notes.append(tr("the spec DB gives %1 register-file sub-partitions, cuda_occupancy.h uses %2")
                             .arg(l.regFileSubpartitions)
                             .arg(subPartitions));
    if (l.maxWarpsPerSm != res.maxWarpsPerSm)
        res.notes.append(tr("the spec DB gives %1 warps per SM but %2 threads per SM (%3 warps); the threads "
                            "figure is used")
                             .arg(l.maxWarpsPerSm)
                             .arg(l.maxThreadsPerSm)
                             .arg(res.maxWarpsPerSm));
    if (!res.explanationConsistent)
        res.notes.append(tr("internal: an intermediate number of the explanation does not reproduce "
                            "cuda_occupancy.h's result; the header's numbers are the ones reported"));

    if (res.blocksPerSm > 0) {
        res.ok = true;
    } else {
        QStringList zero;
        if (r.blockLimitRegs == 0) {
            res.input = QStringLiteral("registers");
            zero.append(
                tr("registers: %1 per thread × %2 threads do not fit the %3 registers a block may use")
                    .arg(in.registersPerThread)
                    .arg(in.threadsPerBlock)
                    .arg(p.regsPerBlock));
        }
        if (r.blockLimitSharedMem == 0) {
            res.input = QStringLiteral("smem");
            zero.append(tr("shared memory per block: %1 allocated is more than a block may use")
                            .arg(kbBytes(res.allocatedSmemPerBlock)));
        }
        if (r.blockLimitWarps == 0) {
            res.input = QStringLiteral("threads");
            zero.append(tr("threads per block: %1 is more than the SM allows").arg(in.threadsPerBlock));
        }
        if (zero.isEmpty())
            zero.append(tr("cuda_occupancy.h allows 0 blocks per SM"));
        res.reason = zero.join(QStringLiteral("; "));
    }
    return res;
}

// A sweep point: the header's answer without the explanation (sweeps run hundreds of them).
OccupancyPoint Occupancy::point(const OccupancyInput &in, int x) const
{
    OccupancyPoint pt;
    pt.x = x;
    Raw raw;
    if (!run(in, raw, nullptr) || m_limits.warpSize <= 0)
        return pt;
    const int maxWarps = m_limits.maxThreadsPerSm / m_limits.warpSize;
    pt.blocksPerSm = raw.result.activeBlocksPerMultiprocessor;
    pt.warpsPerSm = pt.blocksPerSm * __occDivideRoundUp(in.threadsPerBlock, m_limits.warpSize);
    pt.occupancy = maxWarps > 0 ? double(pt.warpsPerSm) / maxWarps : 0.0;
    const QList<Limiter> l = limitersFrom(raw.result.limitingFactors);
    pt.limiter = l.isEmpty() ? Limiter::None : l.first();
    return pt;
}

QList<OccupancyPoint> Occupancy::sweepThreads(const OccupancyInput &in) const
{
    QList<OccupancyPoint> out;
    const int step = std::max(1, m_limits.warpSize);
    OccupancyInput x = in;
    for (int t = step; t <= m_limits.maxThreadsPerBlock; t += step) {
        x.threadsPerBlock = t;
        out.append(point(x, t));
    }
    return out;
}

QList<OccupancyPoint> Occupancy::sweepRegisters(const OccupancyInput &in) const
{
    QList<OccupancyPoint> out;
    OccupancyInput x = in;
    for (int regs = 1; regs <= m_limits.maxRegsPerThread; ++regs) {
        x.registersPerThread = regs;
        out.append(point(x, regs));
    }
    return out;
}

int Occupancy::smemSweepStep() const
{
    const int g = std::max(1, m_limits.smemAllocGranularity);
    const qint64 max = m_limits.smemPerBlockOptinBytes;
    const qint64 units = (max + qint64(g) * 1000 - 1) / (qint64(g) * 1000); // ⌈max / (g × 1000)⌉
    return int(std::max<qint64>(1, units) * g);
}

QList<OccupancyPoint> Occupancy::sweepSharedMemory(const OccupancyInput &in) const
{
    QList<OccupancyPoint> out;
    // The total per block is what the header counts; sweep it as dynamic memory so the 48 KB
    // static limit does not cut the curve short.
    OccupancyInput x = in;
    x.staticSmemBytes = 0;
    const qint64 max = m_limits.smemPerBlockOptinBytes;
    const int step = smemSweepStep();
    for (qint64 b = 0; b <= max; b += step) {
        x.dynamicSmemBytes = b;
        out.append(point(x, int(b)));
        if (b < max && b + step > max)
            b = max - step; // end exactly on the maximum
    }
    return out;
}

BlockSizeSuggestion Occupancy::suggestBlockSize(const OccupancyInput &in) const
{
    BlockSizeSuggestion s;
    OccupancyInput x = in;
    x.threadsPerBlock = std::max(1, std::min(in.threadsPerBlock, m_limits.maxThreadsPerBlock));
    Raw raw;
    if (!run(x, raw, nullptr))
        return s;
    int minGrid = 0, block = 0;
    if (cudaOccMaxPotentialOccupancyBlockSize(&minGrid, &block, &raw.prop, &raw.attr, &raw.state,
                                              size_t(x.dynamicSmemBytes)) != CUDA_OCC_SUCCESS)
        return s;
    s.blockSize = block;
    s.minGridSize = m_sms > 0 ? minGrid : minGrid / std::max(1, raw.prop.numSms);
    if (block > 0) {
        x.threadsPerBlock = block;
        s.occupancy = compute(x).occupancy;
    }
    return s;
}

} // namespace model
