// model::TileModel: the course notes' tile numbers (the roofline chapter, the Triton tutorial, the
// tiled-GEMM notes, the kernel-engineering notes), the L2 wave model with grouped order, waves and
// the predicted time, and one row per illegal configuration.
#include "specdb.h"
#include "tilemodel.h"

#include <QSet>
#include <QTest>

#include <cmath>

using model::Dtype;
using model::TileInput;
using model::TileModel;
using model::TileResult;

namespace {

const model::Gpu &gpu(const QString &id)
{
    static const model::SpecDb db = model::SpecDb::loadDefault();
    const model::Gpu *g = db.find(id);
    if (!g)
        qFatal("test GPU %s missing", qPrintable(id));
    return *g;
}

TileInput tile(qint64 mnk, Dtype d, int bm, int bn, int bk, int stages, int threads,
               std::optional<int> regs = {})
{
    TileInput in;
    in.M = in.N = in.K = mnk;
    in.dtype = d;
    in.bm = bm;
    in.bn = bn;
    in.bk = bk;
    in.stages = stages;
    in.threads = threads;
    in.registers = regs;
    return in;
}

constexpr double GiB = 1024.0 * 1024 * 1024;
constexpr double MiB = 1024.0 * 1024;

} // namespace

Q_DECLARE_METATYPE(model::Dtype)
Q_DECLARE_METATYPE(model::TileInput)

class TestTileModel : public QObject
{
    Q_OBJECT

private slots:
    void a100Example_data()
    {
        QTest::addColumn<int>("bm");
        QTest::addColumn<int>("bk");
        QTest::addColumn<qint64>("smem");
        QTest::addColumn<qint64>("blocks");
        QTest::addColumn<qint64>("kIters");
        QTest::addColumn<double>("noReuse");
        QTest::addColumn<int>("smemBlocks");
        // 4096³ FP32, 512 threads, double-buffered, A100 (the tiled-GEMM notes §3).
        QTest::newRow(
            "tiled-GEMM notes plan A 64x64x16: 16 KB, 4096 blocks, 8 GiB, smem room for ~10 (9) blocks")
            << 64 << 16 << qint64(16 * 1024) << qint64(4096) << qint64(256) << 8 * GiB << 9;
        QTest::newRow("tiled-GEMM notes plan B 128x128x32: 64 KB, 1024 blocks, 4 GiB, 2 blocks by smem")
            << 128 << 32 << qint64(64 * 1024) << qint64(1024) << qint64(128) << 4 * GiB << 2;
        QTest::newRow("tiled-GEMM notes plan C 128x128x64: 128 KB, 1024 blocks, 4 GiB, 1 block by smem")
            << 128 << 64 << qint64(128 * 1024) << qint64(1024) << qint64(64) << 4 * GiB << 1;
    }
    void a100Example()
    {
        QFETCH(int, bm);
        QFETCH(int, bk);
        QFETCH(qint64, smem);
        QFETCH(qint64, blocks);
        QFETCH(qint64, kIters);
        QFETCH(double, noReuse);
        QFETCH(int, smemBlocks);
        const TileModel tm(gpu("a100-sxm4-80gb"));
        const TileResult r = tm.evaluate(tile(4096, Dtype::Fp32, bm, bm, bk, 2, 512, 40));
        QVERIFY2(r.ok, qPrintable(r.problems.join('\n')));
        QCOMPARE(r.smemBytes, smem);
        QCOMPARE(r.gridBlocks, blocks);
        QCOMPARE(r.kIterations, kIters);
        QCOMPARE(r.l2ReadBytesNoReuse, noReuse);
        QCOMPARE(r.cBytes, 64 * MiB);
        QCOMPARE(r.hbmBytesMin, 192 * MiB); // A, B read once and C written once: 3 × 64 MiB
        QCOMPARE(r.occupancy.limitSharedMemory, smemBlocks);
        QCOMPARE(r.flops, 2.0 * 4096.0 * 4096.0 * 4096.0);
        QVERIFY(r.hbmBytes >= r.hbmBytesMin && r.hbmBytes <= r.l2ReadBytesNoReuse + r.cBytes);
    }

    void a100ExampleBlocksPerSm()
    {
        // §2.2: "164 KB can hold 2 blocks" of the 64 KB tile; 512 threads with few registers.
        const TileResult r =
            TileModel(gpu("a100-sxm4-80gb")).evaluate(tile(4096, Dtype::Fp32, 128, 128, 32, 2, 512, 40));
        QCOMPARE(r.blocksPerSm, 2);
        QCOMPARE(r.limiter, model::Limiter::SharedMemory);
        QCOMPARE(r.occupancy.occupancy, 0.5); // the notes' "about 50 %"
    }

    void stageIntensity_data()
    {
        QTest::addColumn<int>("b");
        QTest::addColumn<double>("ai");
        // the roofline chapter: B_K = 64, s = 2 (FP16/BF16)
        QTest::newRow("roofline chapter 16x16 tile -> 8 FLOP/B") << 16 << 8.0;
        QTest::newRow("roofline chapter 64x64 tile -> 32 FLOP/B") << 64 << 32.0;
        QTest::newRow("128x128 tile -> 64 FLOP/B") << 128 << 64.0;
    }
    void stageIntensity()
    {
        QFETCH(int, b);
        QFETCH(double, ai);
        const TileInput in = tile(4096, Dtype::Bf16, b, b, 64, 2, 256);
        QCOMPARE(TileModel::aiStage(in), ai);
        QCOMPARE(2.0 * b * b * 64 / ((b * 64.0 + 64.0 * b) * 2), ai); // 2·BM·BN·BK / ((BM·BK + BK·BN)·s)
        QCOMPARE(TileModel(gpu("b200")).evaluate(in).aiStage, ai);
    }

    void naiveToTiled_data()
    {
        QTest::addColumn<int>("b");
        QTest::addColumn<int>("threads");
        QTest::addColumn<double>("bytes");
        QTest::addColumn<double>("intensity");
        // 4096³ FP32, MNK(1/BM + 1/BN)·s with no reuse between blocks
        QTest::newRow("kernel-engineering notes naive (1x1 per block): 512 GiB, I = 0.25")
            << 1 << 1 << 512 * GiB << 0.25;
        QTest::newRow("kernel-engineering notes 128x128 tiles: 4 GiB, I = 32")
            << 128 << 256 << 4 * GiB << 32.0;
    }
    void naiveToTiled()
    {
        QFETCH(int, b);
        QFETCH(int, threads);
        QFETCH(double, bytes);
        QFETCH(double, intensity);
        const TileResult r = TileModel(gpu("a100-sxm4-80gb"))
                                 .evaluate(tile(4096, Dtype::Fp32, b, b, std::max(1, b / 4), 2, threads, 64));
        QCOMPARE(r.l2ReadBytesNoReuse, bytes);
        QCOMPARE(r.flops / r.l2ReadBytesNoReuse, intensity);
    }

    void tritonTutorialConfig()
    {
        // §11.4.4: fp16, 128×128×32, 3 stages, 4 warps, 192 registers on A100.
        const TileResult r =
            TileModel(gpu("a100-sxm4-80gb")).evaluate(tile(4096, Dtype::Fp16, 128, 128, 32, 3, 128, 192));
        QVERIFY2(r.ok, qPrintable(r.problems.join('\n')));
        QCOMPARE(r.smemBytes, qint64(48 * 1024));
        QCOMPARE(r.blocksPerSm, 2);
        QCOMPARE(r.limiter, model::Limiter::Registers);
        QCOMPARE(r.mma->name(), QString("m16n8k16"));
        QCOMPARE(r.precision, QString("fp16_tc"));
        QVERIFY(!r.registersEstimated);
    }

    void wavesAndTime()
    {
        // A100: 1024 blocks, 2 per SM × 108 SMs = 216 per wave → 4.74 waves, the last one 74 % full.
        const TileModel tm(gpu("a100-sxm4-80gb"));
        const TileResult r = tm.evaluate(tile(4096, Dtype::Tf32, 128, 128, 32, 2, 256, 128));
        QVERIFY2(r.ok, qPrintable(r.problems.join('\n')));
        QCOMPARE(r.blocksPerSm, 2);
        QCOMPARE(r.sms, 108);
        QCOMPARE(r.waves, 1024.0 / 216);
        QCOMPARE(r.waveEfficiency, 1024.0 / (5 * 216));
        QCOMPARE(r.precision, QString("tf32_tc"));
        QCOMPARE(r.peakFlopS, 156e12);
        QCOMPARE(r.computeS, r.flops / (156e12 * r.waveEfficiency));
        QCOMPARE(r.hbmS, r.hbmBytes / 2.039e12);
        QCOMPARE(r.l2S, r.l2Bytes / r.l2BytesPerS);
        QCOMPARE(r.predictedTimeS, std::max({r.computeS, r.hbmS, r.l2S}));
        QCOMPARE(r.predictedFlopS, r.flops / r.predictedTimeS);
        const QString expected = r.predictedTimeS == r.computeS ? "compute"
                                 : r.predictedTimeS == r.hbmS   ? "hbm"
                                                                : "l2";
        QCOMPARE(r.bound, expected);
        QVERIFY(r.predictedFlopS <= r.peakFlopS);
        QCOMPARE(r.aiHbm(), r.flops / r.hbmBytes);
        // The spec DB has no L2 bandwidth: the assumption is flagged and stated.
        QVERIFY(r.l2BandwidthAssumed);
        QCOMPARE(r.l2BytesPerS, TileModel::kAssumedL2ToHbm * 2.039e12);
        QVERIFY(r.notes.join('\n').contains("ASSUMED"));
        // A measured figure replaces it.
        TileInput in = tile(4096, Dtype::Tf32, 128, 128, 32, 2, 256, 128);
        in.l2BandwidthBytesPerS = 5e12;
        const TileResult m = tm.evaluate(in);
        QVERIFY(!m.l2BandwidthAssumed);
        QCOMPARE(m.l2S, m.l2Bytes / 5e12);
    }

    void hbmWaveModel_data()
    {
        QTest::addColumn<QString>("gpuId");
        QTest::addColumn<TileInput>("input");
        QTest::addColumn<bool>("reuse");
        QTest::addColumn<double>("hbm");
        TileInput small = tile(1024, Dtype::Fp16, 128, 128, 32, 3, 256, 96);
        QTest::newRow("one wave: every panel read once -> the minimum")
            << "a100-sxm4-80gb" << small << true << (3.0 * 1024 * 1024 * 2);
        TileInput big = tile(4096, Dtype::Tf32, 128, 128, 32, 2, 256, 128);
        big.footprint = model::L2Footprint::Panels;
        QTest::newRow("DESIGN panels: 4096^3 fp32 waves overflow the 40 MiB L2 -> no reuse")
            << "a100-sxm4-80gb" << big << false << (4 * GiB + 64 * MiB);
        TileInput wide = tile(0, Dtype::Fp16, 128, 128, 32, 3, 256, 128);
        wide.M = 8192;
        wide.N = 16384;
        wide.K = 2048;
        wide.footprint = model::L2Footprint::Panels;
        QTest::newRow("row-major 8192x16384x2048: 130 panels (65.5 MiB) overflow -> no reuse")
            << "a100-sxm4-80gb" << wide << false << (8192 * MiB + 256 * MiB);
        wide.group = 8;
        QTest::newRow("grouped order 8: 8 rows x 27 columns (21.5 MiB) fit -> 948 MiB")
            << "a100-sxm4-80gb" << wide << true << 948 * MiB;
        TileInput sliced = big;
        sliced.footprint = model::L2Footprint::KSlices;
        // 5 waves of 216 blocks in row-major order touch rows 0-6, 6-13, 13-20, 20-26, 27-31
        // (7, 8, 8, 7, 5 A panels) and all 32 B panels each: 2 MiB per panel, plus C.
        QTest::newRow("K-slice footprint: 4096^3 fp32 shares panels within each wave")
            << "a100-sxm4-80gb" << sliced << true << ((7 + 8 + 8 + 7 + 5 + 5 * 32) * 2 * MiB + 64 * MiB);
    }
    void hbmWaveModel()
    {
        QFETCH(QString, gpuId);
        QFETCH(TileInput, input);
        QFETCH(bool, reuse);
        QFETCH(double, hbm);
        const TileResult r = TileModel(gpu(gpuId)).evaluate(input);
        QVERIFY2(r.ok, qPrintable(r.problems.join('\n')));
        QCOMPARE(r.hbmReuse, reuse);
        QCOMPARE(r.hbmBytes, hbm);
        QVERIFY(r.hbmBytes >= r.hbmBytesMin);
        QVERIFY(r.hbmBytes <= r.l2ReadBytesNoReuse + r.cBytes);
        QVERIFY(r.notes.join('\n').contains("HBM traffic"));
    }

    void groupedOrder()
    {
        // Triton's grouped order on a 4×3 grid of tiles with GROUP_M = 2.
        const QList<QPair<qint64, qint64>> expected = {{0, 0}, {1, 0}, {0, 1}, {1, 1}, {0, 2}, {1, 2},
                                                       {2, 0}, {3, 0}, {2, 1}, {3, 1}, {2, 2}, {3, 2}};
        for (qint64 pid = 0; pid < 12; ++pid) {
            qint64 m = 0, n = 0;
            TileModel::tileOf(pid, 4, 3, 2, &m, &n);
            QCOMPARE(m, expected[int(pid)].first);
            QCOMPARE(n, expected[int(pid)].second);
        }
        // GROUP_M = 1 is row-major; a last group with fewer rows still covers every tile once.
        QSet<QPair<qint64, qint64>> seen;
        for (qint64 pid = 0; pid < 5 * 7; ++pid) {
            qint64 m = 0, n = 0;
            TileModel::tileOf(pid, 5, 7, 3, &m, &n);
            QVERIFY(m >= 0 && m < 5 && n >= 0 && n < 7);
            seen.insert({m, n});
            TileModel::tileOf(pid, 5, 7, 1, &m, &n);
            QCOMPARE(m, pid / 7);
            QCOMPARE(n, pid % 7);
        }
        QCOMPARE(seen.size(), 35);
    }

    void estimatedRegisters()
    {
        const TileModel tm(gpu("a100-sxm4-80gb"));
        // the tiled-GEMM notes: 128×128 with 256 threads "easily over a hundred"; 512 threads far fewer.
        const TileResult r256 = tm.evaluate(tile(4096, Dtype::Fp32, 128, 128, 32, 2, 256));
        QVERIFY(r256.registersEstimated);
        QVERIFY(r256.registers > 100 && r256.registers <= 255);
        QVERIFY(r256.notes.join('\n').contains("estimate"));
        const TileResult r512 = tm.evaluate(tile(4096, Dtype::Fp32, 128, 128, 32, 2, 512));
        QVERIFY(r512.registers < r256.registers);
        QCOMPARE(TileModel::estimateRegisters(tile(4096, Dtype::Fp32, 128, 128, 32, 2, 256)), r256.registers);
    }

    void mmaShapes()
    {
        QCOMPARE(TileModel::mmaShape("bf16_tc")->name(), QString("m16n8k16"));
        QCOMPARE(TileModel::mmaShape("tf32_tc")->name(), QString("m16n8k8"));
        QCOMPARE(TileModel::mmaShape("fp8_tc")->name(), QString("m16n8k32"));
        QCOMPARE(TileModel::mmaShape("fp64_tc")->name(), QString("m8n8k4"));
        QVERIFY(!TileModel::mmaShape("fp32"));
    }

    void illegal_data()
    {
        QTest::addColumn<QString>("gpuId");
        QTest::addColumn<TileInput>("input");
        QTest::addColumn<QString>("problemPart");
        const QString a100 = "a100-sxm4-80gb";
        TileInput zero = tile(4096, Dtype::Fp32, 128, 128, 32, 2, 256, 64);
        zero.K = 0;
        QTest::newRow("K = 0") << a100 << zero << "M, N, K";
        QTest::newRow("BM = 0") << a100 << tile(4096, Dtype::Fp32, 0, 128, 32, 2, 256, 64) << "BM, BN, BK";
        QTest::newRow("0 stages") << a100 << tile(4096, Dtype::Fp32, 128, 128, 32, 0, 256, 64) << "stages";
        TileInput group = tile(4096, Dtype::Fp32, 128, 128, 32, 2, 256, 64);
        group.group = 0;
        QTest::newRow("group 0") << a100 << group << "group";
        QTest::newRow("tile not dividing threads: 128x128 over 384 threads")
            << a100 << tile(4096, Dtype::Fp32, 128, 128, 32, 2, 384, 64) << "cannot share evenly";
        QTest::newRow("smem over the per-block limit: 3 stages of 128x128x64 fp32 = 192 KB on A100")
            << a100 << tile(4096, Dtype::Fp32, 128, 128, 64, 3, 256, 64)
            << "196608 B is more than the 166912 B";
        QTest::newRow("smem over the RTX 5090 limit: 2 stages of 128x128x64 fp32 = 128 KB")
            << "rtx-5090" << tile(4096, Dtype::Fp32, 128, 128, 64, 2, 256, 64) << "101376 B";
        QTest::newRow("registers 256")
            << a100 << tile(4096, Dtype::Fp32, 128, 128, 32, 2, 256, 256) << "outside 0..255";
        QTest::newRow("estimated registers over 255: 256x256 tile on 128 threads")
            << a100 << tile(4096, Dtype::Fp32, 256, 256, 8, 2, 128) << "estimated registers";
        QTest::newRow("tensor-core tile: bf16 BK=8 is not a multiple of m16n8k16")
            << a100 << tile(4096, Dtype::Bf16, 128, 128, 8, 2, 256, 96) << "m16n8k16";
        QTest::newRow("tensor-core tile: tf32 BM=24 is not a multiple of m16n8k8")
            << a100 << tile(4096, Dtype::Tf32, 24, 128, 32, 2, 256, 96) << "m16n8k8";
        QTest::newRow("1024 threads x 255 registers: no block fits")
            << a100 << tile(4096, Dtype::Fp32, 128, 128, 32, 2, 1024, 255) << "occupancy: registers";
        QTest::newRow("threads over 1024")
            << a100 << tile(4096, Dtype::Fp32, 128, 128, 32, 2, 2048, 32) << "occupancy: threads per block";
        QTest::newRow("GPU without limits (MI300X)")
            << "mi300x" << tile(4096, Dtype::Fp32, 128, 128, 32, 2, 256, 64) << "no per-SM limits";
    }
    void illegal()
    {
        QFETCH(QString, gpuId);
        QFETCH(TileInput, input);
        QFETCH(QString, problemPart);
        const TileResult r = TileModel(gpu(gpuId)).evaluate(input);
        QVERIFY(!r.ok);
        QVERIFY2(r.problems.join('\n').contains(problemPart), qPrintable(r.problems.join('\n')));
        QCOMPARE(r.predictedTimeS, 0.0);
        QVERIFY(r.bound.isEmpty());
        // Never clamped: what can be computed is reported as asked.
        if (input.bm > 0 && input.bn > 0 && input.bk > 0 && input.stages > 0 && input.K > 0 &&
            input.group > 0 && input.threads > 0) {
            QCOMPARE(r.smemBytes, TileModel::smemBytes(input));
            QCOMPARE(r.gridBlocks,
                     ((input.M + input.bm - 1) / input.bm) * ((input.N + input.bn - 1) / input.bn));
            if (input.registers)
                QCOMPARE(r.registers, *input.registers);
        }
    }
};

QTEST_GUILESS_MAIN(TestTileModel)
#include "tst_tilemodel.moc"
