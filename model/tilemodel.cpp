#include "tilemodel.h"

#include "units.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>
#include <vector>

namespace model {

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("model::TileModel", text);
}

qint64 ceilDiv(qint64 a, qint64 b)
{
    return (a + b - 1) / b;
}

// Registers one element of a dtype occupies, as a fraction of a 32-bit register.
double elementRegisters(Dtype d)
{
    return dtypeBytes(d) / 4.0;
}

} // namespace

QString MmaShape::name() const
{
    return QStringLiteral("m%1n%2k%3").arg(m).arg(n).arg(k);
}

TileModel::TileModel(const Gpu &gpu) : m_gpu(gpu), m_occ(gpu) {}

qint64 TileModel::smemBytes(const TileInput &in)
{
    return qint64(in.stages) * (qint64(in.bm) * in.bk + qint64(in.bk) * in.bn) * dtypeBytes(in.dtype) +
           in.extraSmemBytes;
}

double TileModel::aiStage(const TileInput &in)
{
    const double bytes = (double(in.bm) * in.bk + double(in.bk) * in.bn) * dtypeBytes(in.dtype);
    return bytes > 0 ? 2.0 * in.bm * in.bn * in.bk / bytes : 0.0;
}

int TileModel::estimateRegisters(const TileInput &in)
{
    if (in.threads <= 0)
        return 0;
    const double outputs = double(in.bm) * in.bn / in.threads;  // C elements per thread
    const double accRegs = in.dtype == Dtype::Fp64 ? 2.0 : 1.0; // fp64 accumulates in pairs
    // One k-step's operands for a square register tile TM ≈ TN ≈ √outputs: TM + TN elements.
    const double side = std::sqrt(std::max(1.0, outputs));
    const double fragments = 2.0 * side * elementRegisters(in.dtype);
    return int(std::ceil(outputs * accRegs + fragments + 32.0));
}

int TileModel::launchBoundRegisters(const TileInput &in) const
{
    if (in.boundThreads <= 0 || !m_gpu.limits)
        return 0;
    const SmLimits &l = *m_gpu.limits;
    const qint64 threads = (in.boundThreads + l.warpSize - 1) / l.warpSize * l.warpSize;
    const qint64 perThread = l.regsPerSm / (threads * std::max(1, in.boundMinBlocks));
    // Registers are given out per warp in units of regAllocUnit: a whole number of them per thread.
    const int unit = std::max(1, l.regAllocUnit / l.warpSize);
    return int(std::min<qint64>(l.maxRegsPerThread, perThread / unit * unit));
}

std::optional<MmaShape> TileModel::mmaShape(const QString &precision)
{
    // PTX ISA, mma.sync shapes (the warp-level MMA a block tile is built from).
    if (precision == QLatin1String("fp16_tc") || precision == QLatin1String("bf16_tc") ||
        precision == QLatin1String("fp16_tc_fp16acc"))
        return MmaShape{16, 8, 16};
    if (precision == QLatin1String("tf32_tc"))
        return MmaShape{16, 8, 8};
    if (precision == QLatin1String("fp8_tc") || precision == QLatin1String("fp8_tc_fp16acc") ||
        precision == QLatin1String("int8_tc"))
        return MmaShape{16, 8, 32};
    if (precision == QLatin1String("fp64_tc"))
        return MmaShape{8, 8, 4};
    if (precision.endsWith(QLatin1String("_tc")))
        return MmaShape{16, 8, 64}; // fp6/fp4 block-scaled shapes
    return std::nullopt;
}

void TileModel::tileOf(qint64 pid, qint64 gridM, qint64 gridN, int group, qint64 *pidM, qint64 *pidN)
{
    // Triton's matmul tutorial ("L2 cache optimizations"): GROUP_M rows of tiles are
    // walked column by column, so consecutive blocks share B panels and few A panels.
    const qint64 g = std::max(1, group);
    const qint64 inGroup = g * gridN;
    const qint64 groupId = pid / inGroup;
    const qint64 firstM = groupId * g;
    const qint64 sizeM = std::min(gridM - firstM, g);
    *pidM = firstM + (pid % inGroup) % sizeM;
    *pidN = (pid % inGroup) / sizeM;
}

void TileModel::hbmWaveModel(const TileInput &in, TileResult &r) const
{
    const double noReuse = r.l2ReadBytesNoReuse + r.cBytes;
    auto fallback = [&](const QString &why) {
        r.hbmBytes = noReuse;
        r.hbmReuse = false;
        r.notes.append(why);
    };
    const qint64 wave = qint64(r.blocksPerSm) * r.sms;
    r.l2CapacityBytes = m_gpu.l2Bytes ? m_gpu.l2Bytes->value : 0;
    if (wave <= 0)
        return fallback(tr("HBM traffic: no resident blocks per wave to share panels; no reuse assumed"));
    if (r.l2CapacityBytes <= 0)
        return fallback(
            tr("HBM traffic: the spec DB has no L2 size for %1; no reuse assumed").arg(m_gpu.displayName()));
    if (r.gridBlocks > kMaxWaveModelBlocks)
        return fallback(tr("HBM traffic: %1 blocks are too many for the wave-by-wave model; no reuse assumed")
                            .arg(r.gridBlocks));

    const int s = dtypeBytes(in.dtype);
    auto aPanel = [&](qint64 pm) { return double(std::min<qint64>(in.bm, in.M - pm * in.bm)) * in.K * s; };
    auto bPanel = [&](qint64 pn) { return double(std::min<qint64>(in.bn, in.N - pn * in.bn)) * in.K * s; };
    // The share of a panel that must stay in L2: all of it, or the K-slices in flight.
    const bool slices = in.footprint == L2Footprint::KSlices;
    const double resident = slices ? std::min(1.0, double(in.stages) * in.bk / double(in.K)) : 1.0;
    // Which wave last counted a panel: panels are counted once per wave.
    std::vector<qint64> seenM(size_t(r.gridM), -1), seenN(size_t(r.gridN), -1);
    double reads = 0;
    qint64 waves = 0, overflowing = 0;
    for (qint64 start = 0; start < r.gridBlocks; start += wave, ++waves) {
        const qint64 end = std::min(r.gridBlocks, start + wave);
        double panels = 0, separate = 0;
        for (qint64 pid = start; pid < end; ++pid) {
            qint64 pm = 0, pn = 0;
            tileOf(pid, r.gridM, r.gridN, in.group, &pm, &pn);
            if (seenM[size_t(pm)] != waves) {
                seenM[size_t(pm)] = waves;
                panels += aPanel(pm);
            }
            if (seenN[size_t(pn)] != waves) {
                seenN[size_t(pn)] = waves;
                panels += bPanel(pn);
            }
            separate += aPanel(pm) + bPanel(pn);
        }
        const double footprint = panels * resident;
        r.waveFootprintBytes = std::max(r.waveFootprintBytes, footprint);
        if (footprint <= r.l2CapacityBytes) {
            reads += panels;
        } else {
            reads += separate;
            ++overflowing;
        }
    }
    r.hbmBytes = reads + r.cBytes;
    r.hbmReuse = overflowing < waves;
    const QString order = in.group > 1 ? tr("grouped order, %1 rows of tiles per group").arg(in.group)
                                       : tr("row-major block order");
    const QString what = slices ? tr("in-flight K-slices (%1 stages × BK of each panel)").arg(in.stages)
                                : tr("whole A and B panels");
    if (overflowing == 0)
        r.notes.append(
            tr("HBM traffic: each wave of %1 blocks (%2) reads its A and B panels once; the largest "
               "wave's %3 take %4, within the %5 L2")
                .arg(wave)
                .arg(order, what, formatBytesBinary(r.waveFootprintBytes),
                     formatBytesBinary(r.l2CapacityBytes)));
    else
        r.notes.append(
            tr("HBM traffic: in %1 of %2 waves (%3) the %4 take more than the %5 L2 holds (up to %6); "
               "those waves are counted with no reuse")
                .arg(overflowing)
                .arg(waves)
                .arg(order, what, formatBytesBinary(r.l2CapacityBytes),
                     formatBytesBinary(r.waveFootprintBytes)));
}

TileResult TileModel::evaluate(const TileInput &in) const
{
    TileResult r;
    QStringList &p = r.problems;
    if (in.M <= 0 || in.N <= 0 || in.K <= 0)
        p.append(tr("M, N, K: every size must be at least 1 (got %1, %2, %3)").arg(in.M).arg(in.N).arg(in.K));
    if (in.bm <= 0 || in.bn <= 0 || in.bk <= 0)
        p.append(tr("BM, BN, BK: every tile size must be at least 1 (got %1, %2, %3)")
                     .arg(in.bm)
                     .arg(in.bn)
                     .arg(in.bk));
    if (in.stages < 1)
        p.append(tr("stages: at least 1 shared-memory buffer is needed (got %1)").arg(in.stages));
    if (in.threads < 1)
        p.append(tr("threads: at least 1 per block (got %1)").arg(in.threads));
    if (in.group < 1)
        p.append(tr("group: at least 1 row of tiles per group (got %1)").arg(in.group));
    if (in.extraSmemBytes < 0)
        p.append(tr("extra shared memory: must not be negative"));
    if (!p.isEmpty())
        return r; // nothing below is defined for these

    const int s = dtypeBytes(in.dtype);
    const double M = double(in.M), N = double(in.N), K = double(in.K);
    r.smemBytes = smemBytes(in);
    r.aiStage = aiStage(in);
    r.gridM = ceilDiv(in.M, in.bm);
    r.gridN = ceilDiv(in.N, in.bn);
    r.gridBlocks = r.gridM * r.gridN;
    r.kIterations = ceilDiv(in.K, in.bk);
    r.flops = workloads::gemm(M, N, K, in.dtype).flops;
    // A panel of A is read once per column of tiles, B once per row; a multicast cluster reads
    // the panel it shares once for all its blocks.
    r.l2ReadBytesNoReuse = M * K * s * double(ceilDiv(r.gridN, std::max(1, in.clusterN))) +
                           K * N * s * double(ceilDiv(r.gridM, std::max(1, in.clusterM)));
    r.cBytes = M * N * (in.cElemBytes > 0 ? in.cElemBytes : s);
    r.l2Bytes = r.l2ReadBytesNoReuse + r.cBytes;
    r.hbmBytesMin = (M * K + K * N) * s + r.cBytes;
    r.sms = m_gpu.smCount();

    // Work per thread: each thread owns a whole number of C elements.
    if ((qint64(in.bm) * in.bn) % in.threads != 0)
        p.append(
            tr("threads: the %1×%2 tile has %3 outputs, which %4 threads cannot share evenly (%3 is not a "
               "multiple of %4)")
                .arg(in.bm)
                .arg(in.bn)
                .arg(qint64(in.bm) * in.bn)
                .arg(in.threads));

    // The arithmetic path and, on tensor cores, the MMA shape the tile is built from.
    r.precision = precisionFor(m_gpu, in.dtype);
    r.peakFlopS = m_gpu.peak(r.precision);
    if (r.peakFlopS <= 0)
        p.append(tr("dtype: %1 has no %2 peak in the spec database")
                     .arg(m_gpu.displayName(), dtypeName(in.dtype)));
    r.mma = mmaShape(r.precision);
    if (r.mma && (in.bm % r.mma->m || in.bn % r.mma->n || in.bk % r.mma->k))
        p.append(tr("tile: %1×%2×%3 is not a multiple of the %4 tensor-core MMA shape (%5) for %6")
                     .arg(in.bm)
                     .arg(in.bn)
                     .arg(in.bk)
                     .arg(r.mma->name(), QStringLiteral("%1×%2×%3").arg(r.mma->m).arg(r.mma->n).arg(r.mma->k),
                          precisionLabel(r.precision)));

    // Registers: the compiler's figure when given, else an estimate that says it is one.
    r.registersEstimated = !in.registers.has_value();
    r.registers = in.registers ? *in.registers : estimateRegisters(in);
    const QString regWord =
        r.registersEstimated ? tr("estimated registers per thread") : tr("registers per thread");
    if (r.registersEstimated)
        r.notes.append(
            tr("registers: %1 per thread is an estimate (accumulators + fragments + 32); compile the "
               "kernel for the real count")
                .arg(r.registers));
    if (const int bound = launchBoundRegisters(in);
        r.registersEstimated && bound > 0 && r.registers > bound) {
        r.notes.append(tr("registers: __launch_bounds__(%1, %2) holds ptxas to %3 per thread (it spills the "
                          "rest), not the %4 estimated")
                           .arg(in.boundThreads)
                           .arg(in.boundMinBlocks)
                           .arg(bound)
                           .arg(r.registers));
        r.registers = bound;
    }
    bool occupancyReported = false;
    if (r.registers < 0 || r.registers > 255) {
        p.append(tr("registers: %1 %2 is outside 0..255").arg(r.registers).arg(regWord));
        occupancyReported = true;
    }

    // Shared memory against the per-block maximum (with the opt-in).
    if (!m_gpu.limits) {
        p.append(tr("GPU: %1 has no per-SM limits in the spec database, so occupancy and waves are unknown")
                     .arg(m_gpu.displayName()));
        occupancyReported = true;
    } else if (r.smemBytes > m_gpu.limits->smemPerBlockOptinBytes) {
        p.append(
            tr("shared memory: %1 stages × (%2×%3 + %3×%4) × %5 B = %6 B is more than the %7 B a block may "
               "use on %8")
                .arg(in.stages)
                .arg(in.bm)
                .arg(in.bk)
                .arg(in.bn)
                .arg(s)
                .arg(r.smemBytes)
                .arg(m_gpu.limits->smemPerBlockOptinBytes)
                .arg(m_gpu.displayName()));
        occupancyReported = true;
    }

    // Occupancy through cuda_occupancy.h; the whole tile's shared memory is dynamic.
    OccupancyInput oi;
    oi.threadsPerBlock = in.threads;
    oi.registersPerThread = r.registers;
    oi.dynamicSmemBytes = r.smemBytes;
    oi.carveout = in.carveout;
    r.occupancy = m_occ.compute(oi);
    r.blocksPerSm = r.occupancy.blocksPerSm;
    r.limiter = r.occupancy.limiter;
    if (!r.occupancy.ok && !occupancyReported)
        p.append(tr("occupancy: %1").arg(r.occupancy.reason));
    if (r.blocksPerSm > 0 && r.sms > 0) {
        const double perWave = double(r.blocksPerSm) * r.sms;
        r.waves = double(r.gridBlocks) / perWave;
        r.waveEfficiency = double(r.gridBlocks) / (std::ceil(r.waves) * perWave);
    }

    hbmWaveModel(in, r);

    r.hbmBytesPerS = m_gpu.bw(QStringLiteral("hbm"));
    if (in.l2BandwidthBytesPerS && *in.l2BandwidthBytesPerS > 0) {
        r.l2BytesPerS = *in.l2BandwidthBytesPerS;
        r.notes.append(tr("L2 bandwidth: %1 as given").arg(formatSi(r.l2BytesPerS, "B/s")));
    } else if (m_gpu.bw(QStringLiteral("l2")) > 0) {
        r.l2BytesPerS = m_gpu.bw(QStringLiteral("l2"));
    } else {
        r.l2BytesPerS = kAssumedL2ToHbm * r.hbmBytesPerS;
        r.l2BandwidthAssumed = true;
        r.notes.append(
            tr("L2 bandwidth: ASSUMED %1 × HBM = %2; the spec DB has no L2 figure for %3 (measure it "
               "and pass it to replace this assumption)")
                .arg(kAssumedL2ToHbm)
                .arg(formatSi(r.l2BytesPerS, "B/s"), m_gpu.displayName()));
    }
    if (r.hbmBytesPerS <= 0)
        p.append(tr("GPU: %1 has no HBM bandwidth in the spec database").arg(m_gpu.displayName()));

    if (!p.isEmpty())
        return r; // no prediction for a configuration that cannot run

    r.computeS = r.flops / (r.peakFlopS * r.waveEfficiency);
    r.hbmS = r.hbmBytes / r.hbmBytesPerS;
    r.l2S = r.l2Bytes / r.l2BytesPerS;
    r.predictedTimeS = std::max({r.computeS, r.hbmS, r.l2S});
    r.bound = r.predictedTimeS == r.computeS ? QStringLiteral("compute")
              : r.predictedTimeS == r.hbmS   ? QStringLiteral("hbm")
                                             : QStringLiteral("l2");
    r.predictedFlopS = r.flops / r.predictedTimeS;
    r.ok = true;
    return r;
}

} // namespace model
