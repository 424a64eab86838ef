// How long a full chart rebuild takes: the budget is one frame (16 ms), so a GPU change,
// a toggle or a live run's new point never stutters.
#include "rooflinechart.h"
#include "specdb.h"

#include <QTest>

class BenchChart : public QObject
{
    Q_OBJECT
    model::SpecDb m_db;

private slots:
    void initTestCase() { m_db.loadDirectory(QStringLiteral(ROOFLAB_SOURCE_RESOURCES_DIR "/gpus")); }

    // GPU change with four overlaid GPUs and 50 points, replot included.
    void rebuildFourGpusFiftyPoints()
    {
        RooflineChart chart;
        chart.resize(1200, 800);
        chart.show();
        QVERIFY(QTest::qWaitForWindowExposed(&chart));
        chart.setVisiblePrecisions({"fp64", "fp32", "tf32_tc", "bf16_tc", "fp8_tc"});

        QList<ChartPoint> points;
        for (int i = 0; i < 50; ++i) {
            ChartPoint p;
            p.id = QStringLiteral("p%1").arg(i);
            p.label = QStringLiteral("gemm %1").arg(64 * (i + 1));
            p.tooltip = p.label;
            p.ai = 0.05 * std::pow(1.25, i);
            p.flopPerS = std::min(3.35e12 * p.ai, 989e12) * 0.7;
            p.kind = i % 2 ? ChartPoint::Kind::Measured : ChartPoint::Kind::Predicted;
            p.gpuIndex = i % 4;
            points << p;
        }
        chart.setPoints(points);

        const QStringList ids = {"h200-sxm", "a100-sxm4-80gb", "h100-sxm", "b200", "mi300x"};
        QList<model::Gpu> a, b;
        for (int i = 0; i < 4; ++i) {
            a << *m_db.find(ids[i]);
            b << *m_db.find(ids[i + 1]);
        }
        bool flip = false;
        QBENCHMARK {
            chart.setGpus(flip ? a : b); // rebuilds every item and replots
            flip = !flip;
        }
        QCOMPARE(chart.gpus().size(), 4);
        QCOMPARE(chart.pointIds().size(), 50);
    }
};

QTEST_MAIN(BenchChart)
#include "tst_bench_chart.moc"
