// How long a full chart rebuild takes: the budget is one frame (16 ms), so a GPU change,
// a toggle or a live run's new point never stutters.
#include "chart/rooflinechart.h"
#include "panels/resultsplot.h"
#include "panels/resultssession.h"
#include "panels/resultstablemodel.h"
#include "specdb.h"

#include <QElapsedTimer>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

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
        QBENCHMARK
        {
            chart.setGpus(flip ? a : b); // rebuilds every item and replots
            flip = !flip;
        }
        QCOMPARE(chart.gpus().size(), 4);
        QCOMPARE(chart.pointIds().size(), 50);
    }

    // Panning and zooming a profile of 10,000 expanded launch points: each frame is a
    // setVisibleRange (a drag step or a wheel notch) and the replot it makes, labels placed
    // again. Budget: 16 ms a frame. 5,000 launches at two levels (HBM disc, L2 square), each
    // pair joined, sized by time share, the 40 largest named (as ResultsPlot labels them).
    void panTenThousandLaunchPoints()
    {
        RooflineChart chart;
        chart.resize(1280, 720);
        chart.show();
        QVERIFY(QTest::qWaitForWindowExposed(&chart));
        chart.setGpus({*m_db.find("h200-sxm")});
        QList<ChartPoint> points;
        QList<ChartTrail> joins;
        double total = 0;
        for (int i = 0; i < 5000; ++i)
            total += 1.0 / (1 + i % 97);
        for (int i = 0; i < 5000; ++i) {
            const double ai = 0.02 * std::pow(1.0021, i); // 0.02 .. 700 FLOP/B
            const double fps = std::min(4.8e12 * ai, 67e12) * (0.05 + 0.9 * ((i * 7919) % 1000) / 1000.0);
            const double share = (1.0 / (1 + i % 97)) / total;
            ChartTrail t;
            t.kind = ChartPoint::Kind::Measured;
            t.style = ChartTrail::Style::Levels;
            for (const char *name : {"hbm", "l2"}) {
                const QString level = QLatin1String(name);
                ChartPoint p;
                p.id = QStringLiteral("result:%1:%2").arg(i).arg(level);
                p.ai = level == QLatin1String("hbm") ? ai : ai / 3;
                p.flopPerS = fps;
                p.kind = ChartPoint::Kind::Measured;
                p.level = level;
                p.share = share;
                p.tooltip = p.id;
                if (i < 40 && level == QLatin1String("hbm"))
                    p.label = QStringLiteral("kernel_%1").arg(i);
                points << p;
                t.points << QPointF(p.ai, p.flopPerS);
            }
            joins << t;
        }
        chart.setUpdatesSuspended(true);
        chart.setPoints(points, "results");
        chart.setTrails(joins, "results");
        chart.setUpdatesSuspended(false);
        QCOMPARE(chart.pointIds().size(), 10000);

        const QRectF start = chart.visibleRange();
        int step = 0;
        QElapsedTimer timer;
        qint64 frames = 0, nanos = 0;
        QBENCHMARK
        {
            // A drag: the view moves a little each frame, back and forth, and zooms in and out.
            const double f = std::pow(1.03, (step % 20) < 10 ? step % 10 : 10 - step % 10);
            QRectF r = start;
            r.setLeft(start.left() * f);
            r.setRight(start.right() * f * (step % 2 ? 1.0 : 0.9));
            timer.start();
            chart.setVisibleRange(r);
            nanos += timer.nsecsElapsed();
            ++frames;
            ++step;
        }
        const double ms = nanos / 1e6 / std::max<qint64>(1, frames);
        qInfo("pan/zoom with 10,000 launch points: %.2f ms a frame (budget 16 ms), %lld frames", ms, frames);
        QVERIFY(!chart.placedLabels().isEmpty()); // the labels are placed each frame, not dropped
    }

    // The Results chart of 50,000 measurements (every point reachable, no 2,000 cap):
    // ResultsPlot turning the rows into chart items and the chart rebuilding, for RoofLab's own
    // rows (each its point) and for 50,000 imported launches (grouped per kernel; expanded).
    void plotFiftyThousand_data()
    {
        QTest::addColumn<bool>("imported");
        QTest::addColumn<bool>("grouped");
        QTest::addColumn<int>("points");
        QTest::newRow("RoofLab rows") << false << true << 50000;
        QTest::newRow("imported, grouped") << true << true << 50;
        QTest::newRow("imported, expanded") << true << false << 50000;
    }
    void plotFiftyThousand()
    {
        QFETCH(bool, imported);
        QFETCH(bool, grouped);
        QFETCH(int, points);
        model::ResultSet rs;
        for (int i = 0; i < 50000; ++i) {
            model::Measurement m;
            const int k = i % 50;
            m.kernel = imported ? QStringLiteral("void kernel_%1<float, 128>(float*)").arg(k)
                                : QStringLiteral("gemm.tile%1").arg(k);
            m.params = imported
                           ? QVariantMap{{"ncu_id", i}, {"grid", "(128, 1, 1)"}, {"block", "(256, 1, 1)"}}
                           : QVariantMap{{"M", 64 * (1 + i % 97)}, {"N", 64 * (1 + i / 97)}, {"BK", 8}};
            m.dtype = QStringLiteral("fp32");
            m.precision = QStringLiteral("fp32");
            m.flops = 1e9 * (1 + i % 13);
            m.bytes = 1e8 * (1 + i % 7);
            const double t = 1e-5 * (1 + k);
            m.time = {t, t, t, 1};
            m.source = imported ? QStringLiteral("ncu") : QStringLiteral("rooflab");
            m.level = QStringLiteral("hbm");
            rs.measurements << m;
        }
        QTemporaryDir dir;
        QString error;
        QVERIFY2(rs.save(dir.filePath("r.json"), &error), qPrintable(error));
        ResultsSession session;
        session.setAutosavePath({});
        QVERIFY(session.open(dir.filePath("r.json"), &error));
        ResultsTableModel table;
        table.addResults(session.files().first().results, session.files().first().path);
        RooflineChart chart;
        chart.resize(1280, 720);
        chart.setGpus({*m_db.find("h200-sxm")});
        ResultsPlot plot(&session, &table, nullptr, &chart);
        plot.setGpu(m_db.find("h200-sxm"));
        ResultsPlot::Options o;
        o.grouped = grouped;
        plot.setOptions(o);
        QElapsedTimer timer;
        timer.start();
        int runs = 0;
        QBENCHMARK
        {
            plot.update(); // the rows into points, and the chart rebuilt and replotted
            ++runs;
        }
        qInfo("50,000 measurements (%s): %.0f ms per update, %d kernel points", QTest::currentDataTag(),
              timer.nsecsElapsed() / 1e6 / std::max(1, runs), plot.pointCount());
        QCOMPARE(plot.pointCount(), points);
    }
};

QTEST_MAIN(BenchChart)
#include "tst_bench_chart.moc"
