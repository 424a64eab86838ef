// resultschart::levelPoints: a profiled measurement becomes hierarchical-roofline points, one
// per memory level its Nsight Compute counters measured, at FLOPs / level bytes, each with its
// level's marker and no label of its own (the kernel is named once, on its measured point),
// joined by a thin line in order of intensity; a measurement without counters or FLOPs gives none.
#include "chart/resultschart.h"

#include "profilecounters.h"

#include <QTest>

using Metrics = QMap<QString, double>;

namespace {

model::Measurement gemm(const QMap<QString, double> &metrics)
{
    model::Measurement m;
    m.kernel = QStringLiteral("gemm.reg2d");
    m.dtype = QStringLiteral("fp32");
    m.flops = 2.0 * 4096 * 4096 * 4096;
    m.bytes = 3.0 * 4096 * 4096 * 4;
    m.time = {8e-3, 7.9e-3, 8.1e-3, 20};
    if (!metrics.isEmpty()) {
        model::ProfileCounters c;
        c.tool = QStringLiteral("ncu 2025.3.0.0");
        c.metrics = metrics;
        c.attachTo(m);
    }
    return m;
}

} // namespace

class TestGuiLevelPoints : public QObject
{
    Q_OBJECT

private slots:
    void points_data()
    {
        QTest::addColumn<Metrics>("metrics");
        QTest::addColumn<double>("flops");
        QTest::addColumn<QStringList>("levels"); // in order of intensity
        const QMap<QString, double> all = {{"dram__bytes_read.sum", 6.0e8},
                                           {"dram__bytes_write.sum", 0.67e8},
                                           {"lts__t_bytes.sum", 4.3e9},
                                           {"l1tex__t_bytes.sum", 4.4e9},
                                           {"l1tex__data_pipe_lsu_wavefronts_mem_shared.sum", 2.0e8}};
        QTest::newRow("four levels") << all << 2.0 * 4096 * 4096 * 4096
                                     << QStringList{"smem", "l1", "l2", "hbm"};
        QTest::newRow("DRAM and L2 only")
            << QMap<QString, double>{{"dram__bytes.sum", 1e9}, {"lts__t_bytes.sum", 2e9}} << 1e12
            << QStringList{"l2", "hbm"};
        QTest::newRow("one level: a point, no line")
            << QMap<QString, double>{{"lts__t_bytes.sum", 2e9}} << 1e12 << QStringList{"l2"};
        QTest::newRow("a level with 0 bytes is left out")
            << QMap<QString, double>{{"lts__t_bytes.sum", 2e9},
                                     {"l1tex__data_pipe_lsu_wavefronts_mem_shared.sum", 0}}
            << 1e12 << QStringList{"l2"};
        QTest::newRow("no counters") << QMap<QString, double>{} << 1e12 << QStringList{};
        QTest::newRow("no FLOPs (a copy)") << all << 0.0 << QStringList{};
    }

    void points()
    {
        QFETCH(Metrics, metrics);
        QFETCH(double, flops);
        QFETCH(QStringList, levels);
        model::Measurement m = gemm(metrics);
        m.flops = flops;
        const auto lp = resultschart::levelPoints(m, QStringLiteral("levels:7"), nullptr);
        QStringList got;
        double lastAi = 0;
        for (const ChartPoint &p : lp.points) {
            const QString level = p.id.section(':', 2);
            got.append(level);
            QCOMPARE(p.id.section(':', 0, 1), QStringLiteral("levels:7"));
            QCOMPARE(p.kind, ChartPoint::Kind::Measured);
            QVERIFY(p.ai > lastAi);
            lastAi = p.ai;
            QCOMPARE(p.flopPerS, m.flopPerS());
            const auto bytes = model::measuredLevelBytes(*model::ProfileCounters::of(m)).value(level);
            QVERIFY(qFuzzyCompare(p.ai, m.flops / bytes));
            QVERIFY2(p.tooltip.contains("Nsight Compute") && p.tooltip.contains("ncu 2025.3.0.0"),
                     qPrintable(p.tooltip));
            QCOMPARE(p.level, level);                         // the level picks the marker
            QVERIFY2(p.label.isEmpty(), qPrintable(p.label)); // named once, not per level
        }
        QCOMPARE(got, levels);
        if (levels.size() > 1) {
            QCOMPARE(lp.trails.size(), 1);
            QCOMPARE(lp.trails.first().points.size(), levels.size());
            QCOMPARE(lp.trails.first().points.first().x(), lp.points.first().ai);
            QCOMPARE(lp.trails.first().kind, ChartPoint::Kind::Measured);
            QCOMPARE(lp.trails.first().style, ChartTrail::Style::Levels); // a join, not a sweep
        } else {
            QVERIFY(lp.trails.isEmpty());
        }
    }

    // The measured point's own tooltip lists what the counters say.
    void tooltip()
    {
        const model::Measurement m = gemm({{"dram__bytes.sum", 1024.0 * 1024 * 1024},
                                           {"lts__t_bytes.sum", 4.0 * 1024 * 1024 * 1024},
                                           {"sm__warps_active.avg.pct_of_peak_sustained_active", 12.4},
                                           {"smsp__issue_active.avg.pct_of_peak_sustained_active", 40.2},
                                           {"smsp__cycles_elapsed.avg.per_second", 1.98e9}});
        const QString t = resultschart::tooltip(m, nullptr);
        QVERIFY2(t.contains("Nsight Compute: HBM 1 GiB · L2 4 GiB · occupancy 12 % · issue slots 40 % busy · "
                            "SM 1980 MHz"),
                 qPrintable(t));
        QVERIFY(!resultschart::tooltip(gemm({}), nullptr).contains("Nsight Compute"));
    }

    // The level is named in each point's tooltip (the marker shows it on the chart).
    void levelNames()
    {
        const auto lp =
            resultschart::levelPoints(gemm({{"dram__bytes.sum", 1e9},
                                            {"l1tex__t_bytes.sum", 3e9},
                                            {"l1tex__data_pipe_lsu_wavefronts_mem_shared.sum", 1e8}}),
                                      "levels:0", nullptr);
        QStringList levels;
        for (const ChartPoint &p : lp.points) {
            levels.append(p.level);
            QVERIFY2(p.tooltip.contains("measured at " + resultschart::levelName(p.level)),
                     qPrintable(p.tooltip));
        }
        QCOMPARE(levels, (QStringList{"smem", "l1", "hbm"}));
        QCOMPARE(resultschart::levelName("l1"), QString("L1"));
        QCOMPARE(resultschart::levelName("hbm", "GDDR6X"), QString("DRAM"));
    }
};

QTEST_MAIN(TestGuiLevelPoints)
#include "tst_gui_levelpoints.moc"
