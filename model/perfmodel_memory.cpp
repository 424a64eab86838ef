// The performance model of the streaming kernels (memory.*, the LLM inference kernels: bytes,
// loads in flight and Little's law against HBM) and of the shared-memory bank-conflict probe.
#include "perfmodel_detail.h"

#include "occupancy.h"
#include "tilemodel.h"
#include "units.h"
#include "workloads.h"

#include <QHash>
#include <QSet>

namespace model {

using namespace perfdetail;

Prediction PerfModel::predictProbe(const KernelLaunch &l, const Setting &at, Prediction r) const
{
    // What predict() worked out for every kernel, under the names the terms below use.
    [[maybe_unused]] const auto [sms, hz, clockMhz, dtype, s, hbmCopy, hbmRead, hbmWrite, l2Bw] = at;
    const auto addTerm = termAdder(r);

    // ------------------------------------------------------------ bank conflicts
    // probe.smem_read: every lane of a warp reads word lane × stride, so a stride that shares
    // a factor with the 32 banks makes each load take gcd(stride, 32) wavefronts.
    const qint64 stride = std::max<qint64>(1, param(l.params, "stride", 1));
    const int ways = smemWavefronts([&](int lane) { return qint64(lane) * stride; }, 4);
    const double wavefronts = l.bytes / 128.0 * ways;
    const double tSmem = wavefronts / (double(sms) * m_arch.smemBytesPerClkSm / 128.0) / hz;
    r.timeS = tSmem + m_arch.launchS;
    for (const QString &t : Prediction::termNames())
        addTerm(t, t == QLatin1String("smem") ? tSmem : (t == QLatin1String("waves") ? m_arch.launchS : 0),
                t == QLatin1String("smem")
                    ? tr("stride %1 words: %2-way bank conflict, %3 wavefronts per SM at one per clock")
                          .arg(stride)
                          .arg(ways)
                          .arg(formatSi(wavefronts / sms, ""))
                    : QString());
    r.formula = PerfFormula::combine(PerfFormula::Op::Sum, QStringLiteral("predicted"),
                                     {PerfFormula::figure(QStringLiteral("smem"), tSmem),
                                      PerfFormula::figure(QStringLiteral("waves"), m_arch.launchS)});
    r.bound = r.formula.binding();
    r.boundWords = wordsFor(r.bound, MathPipe::Fma);
    r.levelBytes[QStringLiteral("smem")] = wavefronts * 128;
    r.mixSource = QStringLiteral("tile");
    r.ok = l.bytes > 0;
    if (!r.ok)
        r.reason = tr("the run records no bytes");
    return r;
}

Prediction PerfModel::predictStreaming(const KernelLaunch &l, const Setting &at, Prediction r) const
{
    // What predict() worked out for every kernel, under the names the terms below use.
    [[maybe_unused]] const auto [sms, hz, clockMhz, dtype, s, hbmCopy, hbmRead, hbmWrite, l2Bw] = at;
    const auto addTerm = termAdder(r);

    // ------------------------------------------------------------ memory family
    const QVariantMap &p = l.params;
    const QString variant = paramText(p, "variant");
    const int block = l.threads > 0 ? l.threads : int(param(p, "block", 256));
    const int granule = m_arch.dramGranuleBytes;
    double readBytes = 0, writeBytes = 0, flightPerWarp = 0, launches = 1;
    const qint64 n = param(p, "n", 0);
    const qint64 rows = param(p, "rows", 0), cols = param(p, "cols", 0);
    const int unroll = int(param(p, "unroll", 1));
    const double vecBytes = 16;
    if (l.kernel == QLatin1String("memory.copy") || l.kernel == QLatin1String("memory.vector_add") ||
        l.kernel == QLatin1String("memory.triad")) {
        const int inputs = l.kernel == QLatin1String("memory.copy") ? 1 : 2;
        readBytes = double(inputs) * n * s;
        writeBytes = double(n) * s;
        // Loads in flight per warp: scalar kernels have one element per thread; vector
        // kernels issue `unroll` 16-byte loads per input before the first is used.
        flightPerWarp = inputs * 32.0 * (variant == QLatin1String("scalar") ? s : vecBytes * unroll);
        // The bulk copy's block is one warp whose lane 0 keeps stages - 1 chunks loading while
        // the previous stores drain (copy_bulk in kernels/src/memory.cu), whatever `unroll` says.
        if (variant == QLatin1String("bulk"))
            flightPerWarp = double(std::max<qint64>(1, param(p, "stages", 4) - 1)) *
                            double(std::max<qint64>(16, param(p, "chunk", 16384)));
    } else if (l.kernel == QLatin1String("memory.strided_read")) {
        const qint64 stride = std::max<qint64>(1, param(p, "stride", 1));
        // (an init-capture: clang 14 cannot capture a structured binding)
        const int g =
            dramGranules([stride, elem = s](int lane) { return qint64(lane) * stride * elem; }, s, granule);
        readBytes = double(n) / 32 * g * granule;
        writeBytes = double(n) * s;
        flightPerWarp = g * double(granule);
        r.notes << tr("stride %1: a warp's load brings %2 × %3 B from DRAM for %4 useful bytes (%5 %)")
                       .arg(stride)
                       .arg(g)
                       .arg(granule)
                       .arg(32 * s)
                       .arg(100.0 * 32 * s / (g * granule), 0, 'f', 1);
    } else if (l.kernel == QLatin1String("memory.reduce")) {
        if (variant == QLatin1String("atomic")) {
            r.reason = tr("atomics to one address: the model has no sourced figure for how fast the L2 "
                          "serializes them");
            return r;
        }
        readBytes = double(n) * 4;
        flightPerWarp = 32.0 * vecBytes * 4;
    } else if (l.kernel == QLatin1String("memory.softmax") || l.kernel == QLatin1String("memory.rmsnorm") ||
               l.kernel == QLatin1String("memory.layernorm")) {
        const double tensor = double(rows) * cols * s;
        double reads = 1, writes = 1;
        if (l.kernel == QLatin1String("memory.softmax") && variant == QLatin1String("three_pass")) {
            reads = 3; // max, sum, normalize: three kernels each read the rows again
            launches = 3;
        }
        if (l.kernel == QLatin1String("memory.layernorm")) {
            const bool residual = param(p, "residual", 0) != 0;
            reads = residual ? 2 : 1;
            if (variant == QLatin1String("two_kernels")) {
                // x + residual written out, then read again by the normalization.
                reads += residual ? 1 : 0;
                writes += residual ? 1 : 0;
                launches = 2;
            }
        }
        readBytes = reads * tensor + double(cols) * s;
        writeBytes = writes * tensor;
        const double perThread = double(cols) * s / std::max(1, block);
        flightPerWarp = 32.0 * std::min(perThread, 4 * vecBytes);
    } else if (l.kernel == QLatin1String("llm.residual_rmsnorm")) {
        // x and r read, h and y written, the weight vector once (kernels/src/llm.cu).
        const double tensor = double(rows) * cols * s;
        readBytes = 2 * tensor + double(cols) * s;
        writeBytes = 2 * tensor;
        const double perThread = double(cols) * s / std::max(1, block);
        flightPerWarp = 2 * 32.0 * std::min(perThread, 4 * vecBytes);
    } else if (l.kernel == QLatin1String("llm.decode_attention")) {
        // K and V once per KV head, Q once; O written. With the KV length split over
        // several blocks, each writes its partial (o, m, l) in fp32 and a second kernel
        // reads them back. A warp keeps its next 16-row K and V tile in flight (cp.async).
        const double B = param(p, "B", 1), H = param(p, "H", 1), Hkv = param(p, "Hkv", 1);
        const double S = param(p, "S", 1), D = param(p, "D", 128);
        const double split =
            std::max<qint64>(1, l.grid > 0 ? l.grid / qint64(B * Hkv) : param(p, "split", 1));
        readBytes = 2 * B * Hkv * S * D * s + B * H * D * s;
        writeBytes = B * H * D * s;
        if (split > 1) {
            const double partials = B * H * split * (D + 2) * 4;
            readBytes += partials;
            writeBytes += partials;
            launches = 2;
        }
        flightPerWarp = 2.0 * 16 * D * s;
        r.notes << tr("decode attention: %1 query heads per KV head read each K and V row once; the KV "
                      "length in %2 part(s)")
                       .arg(H / Hkv)
                       .arg(split);
    } else if (l.kernel == QLatin1String("llm.w4a16_gemm")) {
        // Half a byte per weight and an fp16 scale per 128, X once (its re-reads per column
        // tile stay in L2), Y written. A warp's ntiles x 8 columns x 128 k of a group are
        // ntiles x 512 bytes and 128 of scales, copied into the warp's ring of `stages`.
        // The warp issues group j + stages - 1 before it waits for group j, so while it waits
        // (the case the latency term describes) all `stages` copies are in flight; stages - 1
        // only while it multiplies. (Counting stages - 1 had two stages at half the rate of
        // three; on the H200 two ran as fast.)
        const double M = param(p, "M", 1), N = param(p, "N", 1), K = param(p, "K", 128);
        readBytes = K * N / 2 + std::ceil(K / 128) * N * 2 + M * K * s;
        writeBytes = M * N * s;
        flightPerWarp = double(std::max<qint64>(1, param(p, "stages", 2))) *
                        (double(std::max<qint64>(1, param(p, "ntiles", 8))) * 512.0 + 128.0);
        r.notes << tr(
            "W4A16: the model counts bytes and loads in flight only; the tensor-core and dequantization "
            "instructions and their latency are not in it");
    }
    // Blocks when the run recorded none: the row kernels take a row each, the LLM kernels
    // a block per (KV chunk, KV head, sequence) and per (64 columns a warp, K part).
    qint64 derivedGrid = ceilDivL(n, block);
    if (rows > 0)
        derivedGrid = rows;
    if (l.kernel == QLatin1String("llm.decode_attention"))
        derivedGrid = param(p, "B", 1) * param(p, "Hkv", 1) * std::max<qint64>(1, param(p, "split", 1));
    else if (l.kernel == QLatin1String("llm.w4a16_gemm"))
        derivedGrid = ceilDivL(param(p, "N", 1), 8 * std::max<qint64>(1, param(p, "ntiles", 8)) *
                                                     std::max<qint64>(1, param(p, "warps", 4))) *
                      std::max<qint64>(1, param(p, "splitk", 1));
    const qint64 grid = l.grid > 0 ? l.grid : derivedGrid;
    int bps = l.blocksPerSm;
    if (bps <= 0) {
        const Occupancy &occ = m_tile.occupancy();
        OccupancyInput oi;
        oi.threadsPerBlock = block;
        oi.registersPerThread = l.registers > 0 ? l.registers : 32;
        oi.staticSmemBytes = l.smemBytes;
        bps = occ.isValid() ? std::max(1, occ.compute(oi).blocksPerSm) : 1;
    }
    const double warpsPerSm = std::min(double(bps) * block / 32, double(grid) * block / 32 / sms);
    const double bytesInFlightSm = warpsPerSm * flightPerWarp;
    const double latS = m_arch.dramLoadedLatencyClk / hz;
    // Little's law: what the resident loads can deliver, against what DRAM can.
    const double latRate = sms * bytesInFlightSm / latS;
    const double tLat = readBytes > 0 ? readBytes / latRate : 0;
    const double bw = readBytes > 0 && writeBytes > 0 ? hbmCopy : (readBytes > 0 ? hbmRead : hbmWrite);
    const double tBw = (readBytes + writeBytes) / bw;
    const double launch = launches * m_arch.launchS;
    r.timeS = softMax(tLat, tBw) + launch;
    r.flops = 0;
    r.levelBytes[QStringLiteral("hbm")] = readBytes + writeBytes;
    r.levelBytes[QStringLiteral("l2")] = readBytes + writeBytes;
    addTerm(QStringLiteral("compute"), 0, tr("memory-bound kernel"));
    addTerm(QStringLiteral("issue"), 0, QString());
    addTerm(QStringLiteral("smem"), 0, QString());
    addTerm(QStringLiteral("l1"), 0, QString());
    addTerm(QStringLiteral("l2"), (readBytes + writeBytes) / l2Bw,
            tr("%1 through L2 at %2").arg(formatSi(readBytes + writeBytes, "B"), formatSi(l2Bw, "B/s")));
    addTerm(QStringLiteral("hbm"), tBw,
            tr("%1 at %2").arg(formatSi(readBytes + writeBytes, "B"), formatSi(bw, "B/s")));
    addTerm(QStringLiteral("latency"), tLat,
            tr("%1 in flight per SM (%2 warps × %3 B) against %4 clocks of loaded DRAM latency: %5")
                .arg(formatSi(bytesInFlightSm, "B"))
                .arg(warpsPerSm, 0, 'f', 0)
                .arg(flightPerWarp, 0, 'f', 0)
                .arg(m_arch.dramLoadedLatencyClk, 0, 'f', 0)
                .arg(formatSi(latRate, "B/s")));
    addTerm(QStringLiteral("waves"), launch, tr("%1 launch(es)").arg(launches));
    // The loads the resident warps keep in flight and the bandwidth overlap imperfectly.
    r.formula =
        PerfFormula::combine(PerfFormula::Op::Sum, QStringLiteral("predicted"),
                             {PerfFormula::combine(PerfFormula::Op::Overlap, QString(),
                                                   {PerfFormula::figure(QStringLiteral("latency"), tLat),
                                                    PerfFormula::figure(QStringLiteral("hbm"), tBw)},
                                                   kOverlapExponent),
                              PerfFormula::figure(QStringLiteral("waves"), launch)});
    r.bound = r.formula.binding();
    r.boundWords = wordsFor(r.bound, MathPipe::Fma);
    r.mixSource = QStringLiteral("tile");
    r.ok = true;
    return r;
}

} // namespace model
