// model::Occupancy: the course notes' worked examples (the Triton tutorial §11.4, the tiled-GEMM
// notes §2.2) through cuda_occupancy.h, the explanation's numbers, sweeps, the suggested block size
// and impossible inputs.
#include "occupancy.h"
#include "specdb.h"

#include <QTest>

using model::Limiter;
using model::Occupancy;
using model::OccupancyInput;
using model::OccupancyResult;

namespace {

const model::SpecDb &db()
{
    static const model::SpecDb d = model::SpecDb::loadDefault();
    return d;
}

// "a100-sxm4-80gb" from the spec DB, or "cc:8.0" for a bare compute capability.
Occupancy device(const QString &name)
{
    if (name.startsWith("cc:"))
        return Occupancy::forComputeCapability(name.mid(3));
    const model::Gpu *g = db().find(name);
    if (!g)
        qFatal("test GPU %s missing from the spec DB", qPrintable(name));
    return Occupancy(*g);
}

OccupancyInput input(int threads, int regs, qint64 smem, int carveout = model::CarveoutDefault)
{
    OccupancyInput in;
    in.threadsPerBlock = threads;
    in.registersPerThread = regs;
    in.dynamicSmemBytes = smem;
    in.carveout = carveout;
    return in;
}

constexpr int KB = 1024;
constexpr int Skip = -2; // a limit the row does not check

} // namespace

Q_DECLARE_METATYPE(model::Limiter)

class TestOccupancy : public QObject
{
    Q_OBJECT

private slots:
    void courseExamples_data()
    {
        QTest::addColumn<QString>("gpu");
        QTest::addColumn<int>("threads");
        QTest::addColumn<int>("regs");
        QTest::addColumn<int>("smem");
        QTest::addColumn<int>("carveout");
        QTest::addColumn<int>("blocks");
        QTest::addColumn<int>("warps");
        QTest::addColumn<double>("occupancy");
        QTest::addColumn<Limiter>("limiter");
        QTest::addColumn<int>("byRegs");
        QTest::addColumn<int>("bySmem");
        QTest::addColumn<QStringList>("stepParts");

        const int def = model::CarveoutDefault;
        const QString a100 = "a100-sxm4-80gb";
        QTest::newRow("Triton tutorial §11.4.4 A100 128t 192r 48KB -> 2 blocks 12.5% registers")
            << a100 << 128 << 192 << 48 * KB << def << 2 << 8 << 0.125 << Limiter::Registers << 2 << 3
            << QStringList{"192 × 32 = 6144",
                           "multiple of 256 → 6144",
                           "6144 × 4 warps = 24576",
                           "⌊16384 / 6144⌋ = 2 warps",
                           "⌊8 / 4 warps⌋ = 2 blocks",
                           "48 KB + 1 KB reserved = 49 KB",
                           "multiple of 128 B → 49 KB (50176 B)",
                           "⌊164 KB / 49 KB⌋ = ⌊167936 / 50176⌋ = 3 blocks",
                           "⌊64 / 4⌋ = 16 blocks",
                           "(CC 8.0) = 32",
                           "min(2, 3, 16, 32) = 2 blocks/SM",
                           "8 / 64 = 12.5 %"};
        QTest::newRow("Triton tutorial §11.4.4 maxnreg=128: registers allow 4 as the tutorial says, but its "
                      "own 48KB smem "
                      "caps at 3 -> 18.75% smem")
            << a100 << 128 << 128 << 48 * KB << def << 3 << 12 << 0.1875 << Limiter::SharedMemory << 4 << 3
            << QStringList{"128 × 32 = 4096", "⌊16384 / 4096⌋ = 4 warps", "⌊16 / 4 warps⌋ = 4 blocks",
                           "12 / 64 = 18.75 %"};
        QTest::newRow(
            "Triton tutorial §11.4.4 maxnreg=128 with BLOCK_K=16 (24KB) -> the tutorial's 4 blocks 25%")
            << a100 << 128 << 128 << 24 * KB << def << 4 << 16 << 0.25 << Limiter::Registers << 4 << 6
            << QStringList{"16 / 64 = 25 %"};
        QTest::newRow(
            "Triton tutorial §11.4.4 BLOCK_M/N=64 ~96r 24KB: header says 5 blocks 31.25% (tutorial: 4, 25%)")
            << a100 << 128 << 96 << 24 * KB << def << 5 << 20 << 0.3125 << Limiter::Registers << 5 << 6
            << QStringList{"96 × 32 = 3072", "⌊16384 / 3072⌋ = 5 warps", "20 / 64 = 31.25 %"};
        QTest::newRow(
            "Triton tutorial §11.4.4 num_warps=8 256t 192r 64KB (49152 regs/block) -> 1 block 8 warps 12.5%")
            << a100 << 256 << 192 << 64 * KB << def << 1 << 8 << 0.125 << Limiter::Registers << 1 << 2
            << QStringList{"6144 × 8 warps = 49152", "⌊8 / 8 warps⌋ = 1 blocks", "8 / 64 = 12.5 %"};
        QTest::newRow("Triton tutorial §11.4.4 BLOCK_K=16 24KB 192r -> still 2 blocks 12.5%")
            << a100 << 128 << 192 << 24 * KB << def << 2 << 8 << 0.125 << Limiter::Registers << 2 << 6
            << QStringList{"24 KB + 1 KB reserved = 25 KB", "12.5 %"};
        QTest::newRow("Triton tutorial §11.4.2 128 regs x 256 threads -> 2 blocks 16 warps 25%")
            << a100 << 256 << 128 << 0 << def << 2 << 16 << 0.25 << Limiter::Registers << 2 << Skip
            << QStringList{"4096 × 8 warps = 32768", "16 / 64 = 25 %"};
        QTest::newRow(
            "Triton tutorial §11.4.2 32 regs x 256t -> 8 blocks 100% (regs tie with warps; warps shown)")
            << a100 << 256 << 32 << 0 << def << 8 << 64 << 1.0 << Limiter::Warps << 8 << Skip
            << QStringList{"1024 × 8 warps = 8192", "64 / 64 = 100 %"};
        QTest::newRow("Triton tutorial §11.4.2 block slots: 32-thread blocks -> 32 blocks x 1 warp = 50%")
            << a100 << 32 << 32 << 0 << def << 32 << 32 << 0.5 << Limiter::Blocks << 64 << Skip
            << QStringList{"(CC 8.0) = 32", "32 / 64 = 50 %"};
        QTest::newRow("Triton tutorial §11.4.2 SMEM 100KB per block: A100 -> 1 block")
            << a100 << 128 << 32 << 100 * KB << def << 1 << 4 << 0.0625 << Limiter::SharedMemory << Skip << 1
            << QStringList{"100 KB + 1 KB reserved = 101 KB", "⌊164 KB / 101 KB⌋"};
        QTest::newRow("Triton tutorial §11.4.2 SMEM 100KB per block: H100 -> 2 blocks")
            << "h100-sxm" << 128 << 32 << 100 * KB << def << 2 << 8 << 0.125 << Limiter::SharedMemory << Skip
            << 2 << QStringList{"⌊228 KB / 101 KB⌋ = ⌊233472 / 103424⌋ = 2 blocks"};
        QTest::newRow(
            "tiled-GEMM notes §2.2 128x128x32 2 stages 64KB, 256t 64r (regs allow 4) -> 2 blocks by smem")
            << a100 << 256 << 64 << 64 * KB << def << 2 << 16 << 0.25 << Limiter::SharedMemory << 4 << 2
            << QStringList{"64 KB + 1 KB reserved = 65 KB", "⌊164 KB / 65 KB⌋ = ⌊167936 / 66560⌋ = 2 blocks"};
        QTest::newRow("tiled-GEMM notes §2.2 same tile with 512t 32r -> 2 blocks, the notes' ~50%")
            << a100 << 512 << 32 << 64 * KB << def << 2 << 32 << 0.5 << Limiter::SharedMemory << 4 << 2
            << QStringList{"32 / 64 = 50 %"};
        QTest::newRow("cc 12.0 1024 threads -> 1 block of 32 warps out of 48")
            << "cc:12.0" << 1024 << 32 << 0 << def << 1 << 32 << 32.0 / 48 << Limiter::Warps << 2 << Skip
            << QStringList{"⌊48 / 32⌋ = 1 blocks", "(CC 12.0) = 24"};
        QTest::newRow("rtx-5090 64-thread blocks -> 24 block slots (CC 12.0) = 48 warps 100%")
            << "rtx-5090" << 64 << 32 << 0 << def << 24 << 48 << 1.0 << Limiter::Warps << Skip << Skip
            << QStringList{"(CC 12.0) = 24", "blocks by barriers (1 per block) = 24"};
        QTest::newRow("carveout max-l1: A100 48KB -> SM raised to 64 KB -> 1 block")
            << a100 << 128 << 32 << 48 * KB << int(model::CarveoutMaxL1) << 1 << 4 << 0.0625
            << Limiter::SharedMemory << Skip << 1 << QStringList{"carveout max L1 → 0 KB", "→ 64 KB"};
        QTest::newRow("carveout 50%: A100 48KB -> 82 KB -> 100 KB -> 2 blocks")
            << a100 << 128 << 32 << 48 * KB << 50 << 2 << 8 << 0.125 << Limiter::SharedMemory << Skip << 2
            << QStringList{"50 % × 164 KB = 82 KB → next supported size 100 KB"};
        QTest::newRow("carveout max-shared: A100 48KB -> 164 KB -> 3 blocks")
            << a100 << 128 << 32 << 48 * KB << int(model::CarveoutMaxShared) << 3 << 12 << 0.1875
            << Limiter::SharedMemory << Skip << 3 << QStringList{"⌊164 KB / 49 KB⌋"};
        QTest::newRow("V100 (CC 7.0): no reservation, 256 B granularity")
            << "v100-sxm2-32gb" << 128 << 32 << 48 * KB << def << 2 << 8 << 0.125 << Limiter::SharedMemory
            << Skip << 2
            << QStringList{"48 KB → rounded up to a multiple of 256 B → 48 KB (49152 B)", "⌊96 KB / 48 KB⌋"};
    }
    void courseExamples()
    {
        QFETCH(QString, gpu);
        QFETCH(int, threads);
        QFETCH(int, regs);
        QFETCH(int, smem);
        QFETCH(int, carveout);
        QFETCH(int, blocks);
        QFETCH(int, warps);
        QFETCH(double, occupancy);
        QFETCH(Limiter, limiter);
        QFETCH(int, byRegs);
        QFETCH(int, bySmem);
        QFETCH(QStringList, stepParts);

        const Occupancy occ = device(gpu);
        QVERIFY2(occ.isValid(), qPrintable(occ.error()));
        const OccupancyResult r = occ.compute(input(threads, regs, smem, carveout));
        QVERIFY2(r.ok, qPrintable(r.reason));
        QCOMPARE(r.blocksPerSm, blocks);
        QCOMPARE(r.warpsPerSm, warps);
        QCOMPARE(r.occupancy, occupancy);
        QCOMPARE(model::limiterName(r.limiter), model::limiterName(limiter));
        QVERIFY(r.limiters.contains(limiter));
        if (byRegs != Skip)
            QCOMPARE(r.limitRegisters, byRegs);
        if (bySmem != Skip)
            QCOMPARE(r.limitSharedMemory, bySmem);
        QVERIFY(r.explanationConsistent);
        QVERIFY2(r.notes.isEmpty(), qPrintable(r.notes.join('\n')));
        const QString steps = r.steps.join('\n');
        for (const QString &part : stepParts)
            QVERIFY2(steps.contains(part), qPrintable(QString("missing \"%1\" in:\n%2").arg(part, steps)));
        QVERIFY(r.summary().startsWith(QString::number(blocks) + (blocks == 1 ? " block/SM" : " blocks/SM")));
    }

    void allocatedAndSummary()
    {
        const OccupancyResult r = device("a100-sxm4-80gb").compute(input(128, 192, 48 * KB));
        QCOMPARE(r.allocatedRegistersPerBlock, 24576);
        QCOMPARE(r.allocatedSmemPerBlock, qint64(50176));
        QCOMPARE(r.smemPerSmBytes, qint64(167936));
        QCOMPARE(r.limitWarps, 16);
        QCOMPARE(r.limitBlocks, 32);
        QCOMPARE(r.limitBarriers, OccupancyResult::Unlimited); // the header counts barriers from CC 9.0
        QCOMPARE(r.summary(), QString("2 blocks/SM · 8 warps · 12.5 %"));
        // Static and dynamic shared memory add up the same way.
        OccupancyInput split = input(128, 192, 40 * KB);
        split.staticSmemBytes = 8 * KB;
        const OccupancyResult s = device("a100-sxm4-80gb").compute(split);
        QCOMPARE(s.allocatedSmemPerBlock, qint64(50176));
        QVERIFY(s.steps.join('\n').contains("8 KB static + 40 KB dynamic + 1 KB reserved"));
    }

    void byComputeCapabilityMatchesSpecDb_data()
    {
        QTest::addColumn<QString>("gpu");
        for (const model::Gpu &g : db().gpus())
            if (g.limits)
                QTest::newRow(qPrintable(g.id)) << g.id;
    }
    void byComputeCapabilityMatchesSpecDb()
    {
        // Every GPU of the DB agrees with the header (no notes) and with its bare CC, and
        // every intermediate number of the explanation reproduces the header's result.
        QFETCH(QString, gpu);
        const Occupancy byGpu = device(gpu);
        QVERIFY2(byGpu.isValid(), qPrintable(byGpu.error()));
        const Occupancy byCc = Occupancy::forComputeCapability(byGpu.computeCapability());
        QVERIFY2(byCc.isValid(), qPrintable(byCc.error()));
        for (int threads : {32, 96, 128, 256, 320, 640, 1024})
            for (int regs : {0, 16, 40, 64, 96, 128, 168, 200, 255})
                for (int smem : {0, 1000, 16 * KB, 48 * KB, 99 * KB}) {
                    const OccupancyInput in = input(threads, regs, smem);
                    const OccupancyResult a = byGpu.compute(in);
                    const OccupancyResult b = byCc.compute(in);
                    QCOMPARE(a.blocksPerSm, b.blocksPerSm);
                    QVERIFY(a.explanationConsistent);
                    QVERIFY2(a.notes.isEmpty(), qPrintable(a.notes.join('\n')));
                    QVERIFY(a.ok == (a.blocksPerSm > 0));
                    if (!a.ok)
                        QVERIFY(!a.reason.isEmpty());
                }
    }

    void limitsFollowTheGpu_data()
    {
        QTest::addColumn<QString>("gpu");
        QTest::addColumn<int>("maxWarps");
        QTest::addColumn<int>("blockSlots");
        QTest::addColumn<int>("smemPerSmKb");
        QTest::newRow("h100-sxm CC 9.0") << "h100-sxm" << 64 << 32 << 228;
        QTest::newRow("rtx-5090 CC 12.0") << "rtx-5090" << 48 << 24 << 100;
        QTest::newRow("t4 CC 7.5") << "t4" << 32 << 16 << 64;
        QTest::newRow("jetson orin CC 8.7") << "jetson-agx-orin-64gb" << 48 << 16 << 164;
        QTest::newRow("b200 CC 10.0") << "b200" << 64 << 32 << 228;
    }
    void limitsFollowTheGpu()
    {
        QFETCH(QString, gpu);
        QFETCH(int, maxWarps);
        QFETCH(int, blockSlots);
        QFETCH(int, smemPerSmKb);
        const OccupancyResult r = device(gpu).compute(input(32, 16, 0));
        QVERIFY(r.ok);
        QCOMPARE(r.maxWarpsPerSm, maxWarps);
        QCOMPARE(r.limitBlocks, blockSlots);
        QCOMPARE(r.blocksPerSm, blockSlots);
        QCOMPARE(r.smemPerSmBytes, qint64(smemPerSmKb) * KB);
    }

    void impossible_data()
    {
        QTest::addColumn<QString>("gpu");
        QTest::addColumn<int>("threads");
        QTest::addColumn<int>("regs");
        QTest::addColumn<int>("staticSmem");
        QTest::addColumn<int>("smem");
        QTest::addColumn<int>("carveout");
        QTest::addColumn<QString>("input");
        QTest::addColumn<QString>("reasonPart");
        const int def = model::CarveoutDefault;
        const QString a100 = "a100-sxm4-80gb";
        QTest::newRow("0 threads") << a100 << 0 << 32 << 0 << 0 << def << "threads"
                                   << "at least 1";
        QTest::newRow("1025 threads") << a100 << 1025 << 32 << 0 << 0 << def << "threads"
                                      << "maximum of 1024";
        QTest::newRow("negative threads") << a100 << -32 << 32 << 0 << 0 << def << "threads"
                                          << "at least 1";
        QTest::newRow("256 registers") << a100 << 128 << 256 << 0 << 0 << def << "registers"
                                       << "maximum of 255";
        QTest::newRow("negative registers") << a100 << 128 << -1 << 0 << 0 << def << "registers"
                                            << "negative";
        QTest::newRow("smem over the A100 opt-in max (163 KB)")
            << a100 << 128 << 32 << 0 << 163 * KB + 1 << def << "smem"
            << "163 KB";
        QTest::newRow("smem over the RTX 5090 opt-in max (99 KB)")
            << "rtx-5090" << 128 << 32 << 0 << 100 * KB << def << "smem"
            << "99 KB";
        QTest::newRow("static smem over 48 KB") << a100 << 128 << 32 << 49 * KB << 0 << def << "static_smem"
                                                << "must be dynamic";
        QTest::newRow("negative smem") << a100 << 128 << 32 << 0 << -1 << def << "smem"
                                       << "negative";
        QTest::newRow("carveout 150%") << a100 << 128 << 32 << 0 << 0 << 150 << "carveout"
                                       << "percentage";
        QTest::newRow("255 regs x 1024 threads: registers per block")
            << a100 << 1024 << 255 << 0 << 0 << def << "registers"
            << "65536";
        QTest::newRow("200 regs x 320 threads: fits 64000 but the sub-partition rounding needs 76800")
            << a100 << 320 << 200 << 0 << 0 << def << "registers"
            << "65536";
        QTest::newRow("unknown compute capability 9.9") << "cc:9.9" << 128 << 32 << 0 << 0 << def << "device"
                                                        << "unknown compute capability";
        QTest::newRow("malformed compute capability") << "cc:sm90" << 128 << 32 << 0 << 0 << def << "device"
                                                      << "unknown compute capability";
        QTest::newRow("AMD MI300X has no limits") << "mi300x" << 128 << 32 << 0 << 0 << def << "device"
                                                  << "no per-SM limits";
        QTest::newRow("teaching GPU has no limits")
            << "teaching-gpu" << 128 << 32 << 0 << 0 << def << "device"
            << "no per-SM limits";
    }
    void impossible()
    {
        QFETCH(QString, gpu);
        QFETCH(int, threads);
        QFETCH(int, regs);
        QFETCH(int, staticSmem);
        QFETCH(int, smem);
        QFETCH(int, carveout);
        QFETCH(QString, input);
        QFETCH(QString, reasonPart);
        const Occupancy occ = device(gpu);
        OccupancyInput in = ::input(threads, regs, smem, carveout);
        in.staticSmemBytes = staticSmem;
        const OccupancyResult r = occ.compute(in);
        QVERIFY(!r.ok);
        QCOMPARE(r.blocksPerSm, 0);
        QCOMPARE(r.warpsPerSm, 0);
        QCOMPARE(r.occupancy, 0.0);
        QCOMPARE(r.input, input);
        QVERIFY2(r.reason.contains(reasonPart), qPrintable(r.reason));
        // Sweeps and the suggestion stay finite and never crash on a bad device or input.
        for (const auto &p : occ.sweepRegisters(in))
            QVERIFY(p.occupancy >= 0 && p.occupancy <= 1);
        occ.suggestBlockSize(in);
    }

    void headerUnknownArchitecture()
    {
        // Limits that look sane but a CC the header does not know: refused up front.
        model::SmLimits l = *Occupancy::limitsForComputeCapability("9.0");
        const Occupancy occ(l, "13.0");
        QVERIFY(!occ.isValid());
        QVERIFY2(occ.error().contains("does not know compute capability 13.0"), qPrintable(occ.error()));
        const OccupancyResult r = occ.compute(input(128, 32, 0));
        QCOMPARE(r.blocksPerSm, 0);
        QCOMPARE(r.input, QString("device"));
        // A shared-memory size per SM that is none of the header's carveout sizes.
        l.smemPerSmBytes = 200 * KB;
        const Occupancy odd(l, "9.0");
        QVERIFY(!odd.isValid());
        QVERIFY2(odd.error().contains("carveout sizes"), qPrintable(odd.error()));
    }

    void ccLimitsFile()
    {
        const QStringList known = Occupancy::knownComputeCapabilities();
        QCOMPARE(known,
                 (QStringList{"7.0", "7.5", "8.0", "8.6", "8.7", "8.9", "9.0", "10.0", "10.3", "12.0"}));
        QString error;
        const auto l = Occupancy::limitsForComputeCapability("8.6", &error);
        QVERIFY2(l, qPrintable(error));
        QCOMPARE(l->maxWarpsPerSm, 48);
        QCOMPARE(l->maxBlocksPerSm, 16);
        QCOMPARE(l->smemPerSmBytes, 100 * KB);
        QCOMPARE(l->smemPerBlockOptinBytes, 99 * KB);
        QVERIFY(l->source.contains("docs.nvidia.com"));
        QVERIFY(!Occupancy::limitsForComputeCapability("_meta", &error));
        QVERIFY(error.contains("unknown compute capability"));
    }

    void carveoutNames_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("value");
        QTest::newRow("default") << "default" << -1;
        QTest::newRow("max-l1") << "max-l1" << 0;
        QTest::newRow("max-shared") << "MAX-SHARED" << 100;
        QTest::newRow("percent") << "50%" << 50;
        QTest::newRow("bare number") << "25" << 25;
        QTest::newRow("over 100") << "101%" << -99;
        QTest::newRow("word") << "lots" << -99;
        QTest::newRow("negative") << "-5" << -99;
    }
    void carveoutNames()
    {
        QFETCH(QString, text);
        QFETCH(int, value);
        const auto v = model::parseCarveout(text);
        if (value == -99) {
            QVERIFY(!v);
            return;
        }
        QVERIFY(v);
        QCOMPARE(*v, value);
        QCOMPARE(*model::parseCarveout(model::carveoutName(*v)), *v);
    }

    void sweeps_data()
    {
        QTest::addColumn<QString>("gpu");
        QTest::addColumn<int>("threads");
        QTest::addColumn<int>("regs");
        QTest::addColumn<int>("smem");
        QTest::addColumn<int>("smemStep");
        QTest::newRow("a100 Triton tutorial config") << "a100-sxm4-80gb" << 128 << 192 << 48 * KB << 256;
        QTest::newRow("h100 256t 64r 64KB") << "h100-sxm" << 256 << 64 << 64 * KB << 256;
        QTest::newRow("rtx-5090 128t 32r 0KB") << "rtx-5090" << 128 << 32 << 0 << 128;
        QTest::newRow("v100 256t 40r 16KB") << "v100-sxm2-32gb" << 256 << 40 << 16 * KB << 256;
    }
    void sweeps()
    {
        QFETCH(QString, gpu);
        QFETCH(int, threads);
        QFETCH(int, regs);
        QFETCH(int, smem);
        QFETCH(int, smemStep);
        const Occupancy occ = device(gpu);
        const OccupancyInput in = input(threads, regs, smem);
        const OccupancyResult here = occ.compute(in);

        const auto byThreads = occ.sweepThreads(in);
        QCOMPARE(byThreads.size(), 1024 / 32);
        QCOMPARE(byThreads.first().x, 32);
        QCOMPARE(byThreads.last().x, 1024);
        const auto byRegs = occ.sweepRegisters(in);
        QCOMPARE(byRegs.size(), 255);
        QCOMPARE(byRegs.first().x, 1);
        QCOMPARE(byRegs.last().x, 255);
        const auto bySmem = occ.sweepSharedMemory(in);
        QCOMPARE(occ.smemSweepStep(), smemStep);
        QVERIFY(bySmem.size() <= 1001);
        QCOMPARE(bySmem.first().x, 0);
        QCOMPARE(qint64(bySmem.last().x), occ.maxSmemPerBlock());

        // More registers or more shared memory never raise occupancy.
        for (int i = 1; i < byRegs.size(); ++i)
            QVERIFY2(byRegs[i].occupancy <= byRegs[i - 1].occupancy,
                     qPrintable(QString::number(byRegs[i].x)));
        for (int i = 1; i < bySmem.size(); ++i)
            QVERIFY2(bySmem[i].occupancy <= bySmem[i - 1].occupancy,
                     qPrintable(QString::number(bySmem[i].x)));
        // Bigger blocks never fit more blocks per SM.
        for (int i = 1; i < byThreads.size(); ++i)
            QVERIFY(byThreads[i].blocksPerSm <= byThreads[i - 1].blocksPerSm);
        // The sweeps pass through the current point.
        const auto at = [](const QList<model::OccupancyPoint> &s, int x) {
            for (const auto &p : s)
                if (p.x == x)
                    return p;
            return model::OccupancyPoint{-1, -1, -1, -1, Limiter::None};
        };
        QCOMPARE(at(byThreads, threads).occupancy, here.occupancy);
        QCOMPARE(at(byRegs, regs).occupancy, here.occupancy);
        QCOMPARE(model::limiterName(at(byRegs, regs).limiter), model::limiterName(here.limiter));
        QCOMPARE(at(bySmem, smem).occupancy, here.occupancy);
        // Every sweep point agrees with a full computation.
        for (const auto &p : byRegs) {
            OccupancyInput x = in;
            x.registersPerThread = p.x;
            QCOMPARE(occ.compute(x).blocksPerSm, p.blocksPerSm);
        }
    }

    void suggestedBlockSize_data()
    {
        QTest::addColumn<QString>("gpu");
        QTest::addColumn<int>("regs");
        QTest::addColumn<int>("smem");
        QTest::addColumn<int>("blockSize");
        QTest::addColumn<double>("occupancy");
        QTest::addColumn<int>("minGrid");
        // 1024 threads reach 100 % at once (the header tries the largest size first).
        QTest::newRow("a100 32 regs no smem -> 1024") << "a100-sxm4-80gb" << 32 << 0 << 1024 << 1.0 << 216;
        // 192 regs: 8 warps fit; 256 threads (1 block) is the largest size reaching them.
        QTest::newRow("a100 Triton tutorial 192 regs 48KB -> 256")
            << "a100-sxm4-80gb" << 192 << 48 * KB << 256 << 0.125 << 108;
        // 100 KB per block: 2 blocks per H100 SM; 1024-thread blocks give 64 warps.
        QTest::newRow("h100 32 regs 100KB -> 1024") << "h100-sxm" << 32 << 100 * KB << 1024 << 1.0 << 264;
        // RTX 5090: 48 warps = 1536 threads; 768-thread blocks are the largest that reach it.
        QTest::newRow("rtx-5090 32 regs -> 768") << "rtx-5090" << 32 << 0 << 768 << 1.0 << 340;
    }
    void suggestedBlockSize()
    {
        QFETCH(QString, gpu);
        QFETCH(int, regs);
        QFETCH(int, smem);
        QFETCH(int, blockSize);
        QFETCH(double, occupancy);
        QFETCH(int, minGrid);
        const Occupancy occ = device(gpu);
        const OccupancyInput in = input(128, regs, smem);
        const auto s = occ.suggestBlockSize(in);
        QCOMPARE(s.blockSize, blockSize);
        QCOMPARE(s.occupancy, occupancy);
        QCOMPARE(s.minGridSize, minGrid);
        // No block size of the sweep does better.
        for (const auto &p : occ.sweepThreads(in))
            QVERIFY(p.occupancy <= s.occupancy);
    }
};

QTEST_GUILESS_MAIN(TestOccupancy)
#include "tst_occupancy.moc"
