// Ceilings, ridges and attainable performance against the course notes' worked numbers.
#include "roofline.h"
#include "specdb.h"

#include <QTest>

class TestRoofline : public QObject
{
    Q_OBJECT
    model::SpecDb m_db;

    const model::Gpu &gpu(const QString &id)
    {
        const model::Gpu *g = m_db.find(id);
        if (!g)
            qFatal("missing GPU %s", qPrintable(id));
        return *g;
    }

private slots:
    void initTestCase() { m_db.loadDirectory(QStringLiteral(ROOFLAB_SOURCE_RESOURCES_DIR "/gpus")); }

    // Ridge = peak / HBM bandwidth (the Triton tutorial §11.2.2, the roofline chapter, the tiled-GEMM
    // notes §1.1).
    void ridges_data()
    {
        QTest::addColumn<QString>("gpu");
        QTest::addColumn<QString>("precision");
        QTest::addColumn<double>("expected");
        QTest::addColumn<double>("tolerance"); // relative
        QTest::newRow("Triton tutorial A100 BF16 ridge: datasheet 312/2.039 = 153 (tutorial: BW 2.0 -> 156)")
            << "a100-sxm4-80gb"
            << "bf16_tc" << 153.0 << 0.005;
        QTest::newRow("Triton tutorial H100 BF16 ridge 295") << "h100-sxm"
                                                             << "bf16_tc" << 295.0 << 0.005;
        QTest::newRow("Triton tutorial H100 FP8 ridge 592 (datasheet 1979/3.35 = 590.7)")
            << "h100-sxm"
            << "fp8_tc" << 592.0 << 0.005;
        QTest::newRow("Triton tutorial H200 BF16 ridge 206") << "h200-sxm"
                                                             << "bf16_tc" << 206.0 << 0.005;
        QTest::newRow(
            "Triton tutorial B200 BF16 ridge: datasheet 2250/7.7 = 292 (the tutorial uses 8.0 TB/s -> 281)")
            << "b200"
            << "bf16_tc" << 292.2 << 0.005;
        QTest::newRow("Triton tutorial B200 FP8 ridge: 4500/7.7 = 584 (the tutorial: 562 at 8.0 TB/s)")
            << "b200"
            << "fp8_tc" << 584.4 << 0.005;
        QTest::newRow("Triton tutorial B200 FP4 ridge: 9000/7.7 = 1169 (the tutorial: 1125 at 8.0 TB/s)")
            << "b200"
            << "fp4_tc" << 1168.8 << 0.005;
        QTest::newRow("operators-and-kernels notes teaching GPU ridge 40") << "teaching-gpu"
                                                                           << "fp32" << 40.0 << 1e-9;
        QTest::newRow("tiled-GEMM notes A100 FP32 ridge: 19.5/2.039 = 9.56 (the notes: 9.8 at 2.0 TB/s)")
            << "a100-sxm4-80gb"
            << "fp32" << 9.56 << 0.005;
        QTest::newRow("tiled-GEMM notes A100 TF32 ridge: 156/2.039 = 76.5 (the notes: 78 at 2.0 TB/s)")
            << "a100-sxm4-80gb"
            << "tf32_tc" << 76.5 << 0.005;
    }
    void ridges()
    {
        QFETCH(QString, gpu);
        QFETCH(QString, precision);
        QFETCH(double, expected);
        QFETCH(double, tolerance);
        const model::Roofline roof(this->gpu(gpu));
        const double r = roof.ridge(precision);
        QVERIFY2(std::abs(r - expected) <= tolerance * expected, qPrintable(QString::number(r)));
    }

    // The course notes' rounded figures, as the notes compute them (their own inputs).
    void notesRoundedRidges_data()
    {
        QTest::addColumn<double>("peak");
        QTest::addColumn<double>("bw");
        QTest::addColumn<double>("expected");
        QTest::newRow("Triton tutorial A100 312 TFLOP/s over 2.0 TB/s = 156") << 312e12 << 2.0e12 << 156.0;
        QTest::newRow("Triton tutorial B200 2250 over 8.0 = 281") << 2250e12 << 8.0e12 << 281.25;
        QTest::newRow("roofline chapter B200 2 PFLOP/s over 8 TB/s = 250") << 2e15 << 8e12 << 250.0;
    }
    void notesRoundedRidges()
    {
        QFETCH(double, peak);
        QFETCH(double, bw);
        QFETCH(double, expected);
        // At the ridge both roofs meet: attainable(ridge) equals the peak and is compute-bound.
        const auto at = model::Roofline::attainable(expected, peak, bw);
        QCOMPARE(at.flopPerS, peak);
        QVERIFY(std::abs(peak / bw - expected) < 1e-9 * expected);
        QCOMPARE(model::Roofline::attainable(expected * 0.5, peak, bw).bound, model::Bound::Memory);
    }

    void rooflineChapterB200RidgeInRange()
    {
        // The roofline chapter approximates B200 with 2 PFLOP/s and 8 TB/s (ridge ~250); the datasheet
        // gives ~292.
        const double r = model::Roofline(gpu("b200")).ridge("bf16_tc");
        QVERIFY(r >= 250 && r <= 295);
    }

    void attainable_data()
    {
        QTest::addColumn<QString>("gpu");
        QTest::addColumn<QString>("precision");
        QTest::addColumn<double>("ai");
        QTest::addColumn<double>("expected");
        QTest::addColumn<QString>("bound");
        QTest::newRow("operators-and-kernels notes teaching GPU AI 10 -> 5 TFLOP/s")
            << "teaching-gpu"
            << "fp32" << 10.0 << 5e12 << "memory";
        QTest::newRow("operators-and-kernels notes teaching GPU AI 1 -> 0.5 TFLOP/s")
            << "teaching-gpu"
            << "fp32" << 1.0 << 0.5e12 << "memory";
        QTest::newRow("operators-and-kernels notes teaching GPU AI 100 -> 20 TFLOP/s")
            << "teaching-gpu"
            << "fp32" << 100.0 << 20e12 << "compute";
        QTest::newRow("Triton tutorial A100 vector add fp16 AI 1/6 -> 340 GFLOP/s at 2.039 TB/s")
            << "a100-sxm4-80gb"
            << "bf16_tc" << 1.0 / 6 << 2039e9 / 6 << "memory";
        QTest::newRow("Triton tutorial §11.8.1 A100 vector add fp32 -> 169 GFLOP/s")
            << "a100-sxm4-80gb"
            << "fp32" << 1.0 / 12 << 2039e9 / 12 << "memory";
        QTest::newRow("Triton tutorial §11.8.2 A100 softmax AI 1.25 -> 2549 GFLOP/s")
            << "a100-sxm4-80gb"
            << "fp16_tc" << 1.25 << 2548.75e9 << "memory";
        QTest::newRow("Triton tutorial §11.8.3 A100 GEMM AI 1365 -> 312 TFLOP/s")
            << "a100-sxm4-80gb"
            << "fp16_tc" << 1365.0 << 312e12 << "compute";
    }
    void attainable()
    {
        QFETCH(QString, gpu);
        QFETCH(QString, precision);
        QFETCH(double, ai);
        QFETCH(double, expected);
        QFETCH(QString, bound);
        const auto a = model::Roofline(this->gpu(gpu)).attainable(ai, precision);
        QVERIFY2(std::abs(a.flopPerS - expected) <= 1e-9 * expected, qPrintable(QString::number(a.flopPerS)));
        QCOMPARE(model::boundName(a.bound), bound);
    }

    void ceilingsAndLevels()
    {
        const model::Roofline roof(gpu("h200-sxm"));
        QVERIFY(roof.compute().size() >= 8);
        QCOMPARE(roof.bandwidth("hbm"), 4.8e12);
        QVERIFY(roof.bandwidth("smem") > roof.bandwidth("hbm"));
        QCOMPARE(roof.peak("fp4_tc"), 0.0); // Hopper has no FP4
        QCOMPARE(roof.ridges().size(), roof.compute().size() * roof.memory().size());
    }
};

QTEST_GUILESS_MAIN(TestRoofline)
#include "tst_roofline.moc"
