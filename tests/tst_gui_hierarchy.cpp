// The Results chart as a hierarchical roofline of a whole application:
// imported launches grouped per kernel (name, grid, block) at group FLOPs / group bytes and
// group FLOPs / group time, sized by their share of the time, expanded to every launch on
// request; each memory level with its own marker against its own level's roof, the levels of one
// kernel joined, the kernel named once; the point <-> rows mapping; and every one of 50,000
// measurements on the chart.
#include "panels/resultsplot.h"

#include "chart/resultschart.h"
#include "chart/rooflinechart.h"
#include "panels/resultspanel.h"
#include "panels/resultssession.h"
#include "panels/resultstablemodel.h"
#include "specdb.h"

#include <QJsonArray>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

namespace {

// One imported launch at one level: the shape model::NcuImport gives.
model::Measurement launch(const QString &kernel, int id, const QString &grid, const QString &precision,
                          double flops, const QString &level, double bytes, double seconds)
{
    model::Measurement m;
    m.kernel = kernel;
    m.params = {{"ncu_id", id}, {"grid", grid}, {"block", "(256, 1, 1)"}};
    m.dtype = precision == "fp16" ? "fp16" : "fp32";
    m.precision = precision;
    m.flops = flops;
    m.bytes = bytes;
    m.level = level;
    m.time = {seconds, seconds, seconds, 1};
    m.source = "ncu";
    m.extra.insert("ncu", QJsonObject{{"flops", "2*sm__sass_thread_inst_executed_op_ffma_pred_on.sum"},
                                      {"bytes", level == "hbm"  ? "dram__bytes.sum"
                                                : level == "l2" ? "lts__t_bytes.sum"
                                                                : "l1tex__t_bytes.sum"},
                                      {"time", "gpu__time_duration.sum"},
                                      {"level_definition", level == "hbm"  ? "dram__bytes"
                                                           : level == "l2" ? "lts__t_bytes"
                                                                           : "l1tex__t_bytes"},
                                      {"export", "raw, base units"}});
    return m;
}

// "sgemm": 3 launches of 1 ms (hbm, l2, l1 each); "axpy": 2 launches of 0.5 ms with a little
// fp16 work too (hbm, l2). Total time 4 ms: sgemm 75 %, axpy 25 %.
model::ResultSet profile()
{
    model::ResultSet rs;
    rs.device.name = "NVIDIA H200";
    int id = 0;
    for (int i = 0; i < 3; ++i, ++id) {
        const double f = 2e10 * (i + 1);
        rs.measurements
            << launch("sgemm_kernel(float*, int)", id, "(64, 64, 1)", "fp32", f, "hbm", 1e8 * (i + 1), 1e-3)
            << launch("sgemm_kernel(float*, int)", id, "(64, 64, 1)", "fp32", f, "l2", 4e8 * (i + 1), 1e-3)
            << launch("sgemm_kernel(float*, int)", id, "(64, 64, 1)", "fp32", f, "l1", 9e8 * (i + 1), 1e-3);
    }
    for (int i = 0; i < 2; ++i, ++id) {
        rs.measurements << launch("axpy", id, "(4096, 1, 1)", "fp32", 2e8, "hbm", 1.2e9, 0.5e-3)
                        << launch("axpy", id, "(4096, 1, 1)", "fp32", 2e8, "l2", 1.3e9, 0.5e-3)
                        << launch("axpy", id, "(4096, 1, 1)", "fp16", 1e6, "hbm", 1.2e9, 0.5e-3)
                        << launch("axpy", id, "(4096, 1, 1)", "fp16", 1e6, "l2", 1.3e9, 0.5e-3);
    }
    return rs;
}

struct Fixture
{
    ResultsSession session;
    ResultsTableModel table;
    ResultsFilterModel filter;
    RooflineChart chart;
    ResultsPlot plot{&session, &table, &filter, &chart};

    bool open(const QString &path, const model::Gpu &gpu)
    {
        QString message;
        if (!session.open(path, &message)) {
            qWarning() << message;
            return false;
        }
        table.clear();
        for (const ResultsSession::Document &d : session.files())
            table.addResults(d.results, d.path);
        filter.setSourceModel(&table);
        chart.resize(1280, 720);
        chart.setGpus({gpu});
        plot.setGpu(&gpu);
        plot.update();
        return true;
    }
    QList<ChartPoint> measured(const QString &prefix = {}) const
    {
        QList<ChartPoint> out;
        for (const ChartPoint &p : chart.points(ResultsPlot::kGroup))
            if (p.kind == ChartPoint::Kind::Measured && p.id.startsWith(prefix) &&
                !p.id.startsWith("compare:"))
                out << p;
        return out;
    }
};

} // namespace

class TestGuiHierarchy : public QObject
{
    Q_OBJECT
    model::SpecDb m_db;
    QTemporaryDir m_tmp;
    QString m_profile;

private slots:
    void initTestCase()
    {
        m_db.loadDirectory(QStringLiteral(ROOFLAB_SOURCE_RESOURCES_DIR "/gpus"));
        QVERIFY(m_db.find("h200-sxm"));
        m_profile = m_tmp.filePath("profile.json");
        QString error;
        QVERIFY2(profile().save(m_profile, &error), qPrintable(error));
    }

    // Grouped (the default): one point per kernel configuration, precision and level, at the
    // sums; its share of the time; launches, total, min/median/max and the metrics in its tooltip.
    void grouped()
    {
        Fixture f;
        f.session.setAutosavePath(m_tmp.filePath("a1.json"));
        QVERIFY(f.open(m_profile, *m_db.find("h200-sxm")));
        QVERIFY(f.plot.grouped());
        QCOMPARE(f.plot.pointCount(), 3); // sgemm fp32, axpy fp32, axpy fp16
        const QList<ChartPoint> points = f.measured("group:");
        QCOMPARE(points.size(), 3 + 2 + 2); // their levels
        bool sawSgemmL2 = false;
        for (const ChartPoint &p : points) {
            QVERIFY(!p.level.isEmpty());
            const QList<ResultsSession::Row> rows = f.plot.rowsOf(p.id);
            if (p.tooltip.contains("sgemm_kernel") && p.level == "l2") {
                sawSgemmL2 = true;
                // (2+4+6)e10 FLOPs over (4+8+12)e8 bytes, in 3 ms
                QVERIFY(qFuzzyCompare(p.ai, 12e10 / 24e8));
                QVERIFY(qFuzzyCompare(p.flopPerS, 12e10 / 3e-3));
                QVERIFY(qFuzzyCompare(p.share, 0.75));
                QVERIFY2(p.tooltip.contains("launches: 3, total 3 ms") && p.tooltip.contains("75.0 %") &&
                             p.tooltip.contains("min 1 ms") && p.tooltip.contains("lts__t_bytes.sum") &&
                             p.tooltip.contains("gpu__time_duration.sum") &&
                             p.tooltip.contains("raw, base units"),
                         qPrintable(p.tooltip));
                QCOMPARE(rows.size(), 9); // the kernel's rows at every level: any of its points leads to them
            }
            for (const ResultsSession::Row &r : rows)
                QVERIFY(!f.plot.pointIdOf(r).isEmpty());
            if (p.tooltip.contains("axpy"))
                QVERIFY(qFuzzyCompare(p.share, 0.25));
        }
        QVERIFY(sawSgemmL2);
        // A row leads back to the point of its level.
        const ResultsSession::Row first = f.session.rows().first(); // sgemm, hbm
        QCOMPARE(f.chart.point(f.plot.pointIdOf(first))->level, QString("hbm"));
        // Bigger share, bigger marker; sizes stay within their bounds.
        QVERIFY(RooflineChart::markerSize(0.75) > RooflineChart::markerSize(0.25));
        QCOMPARE(RooflineChart::markerSize(1e-9), RooflineChart::markerSize(0));
        QCOMPARE(RooflineChart::markerSize(1.0), RooflineChart::markerSize(5.0));
        QVERIFY(RooflineChart::markerSize(0) >= 6 && RooflineChart::markerSize(1) <= 40);
    }

    // The levels of one kernel are joined, each level has its marker, the kernel is named once
    // (on its main precision), and the legend says which marker is which level.
    void hierarchy()
    {
        Fixture f;
        f.session.setAutosavePath(m_tmp.filePath("a2.json"));
        QVERIFY(f.open(m_profile, *m_db.find("h200-sxm")));
        QCOMPARE(f.chart.trailCount(), 3); // a join per kernel point with more than one level
        QMap<QString, int> named;
        for (const ChartPoint &p : f.measured("group:"))
            if (!p.label.isEmpty())
                ++named[p.label];
        QCOMPARE(named.keys(), (QStringList{"axpy", "sgemm_kernel"}));
        QCOMPARE(named.value("sgemm_kernel"), 1);
        QCOMPARE(named.value("axpy"), 1);
        const QStringList legend = f.chart.legendNames();
        for (const char *entry : {"HBM point", "L2 point", "L1 point"})
            QVERIFY2(legend.contains(QLatin1String(entry)), qPrintable(legend.join(", ")));
        // Each level against its own roof: the H200's datasheet has no L2 figure, RoofLab's
        // samples measured one (l2_read); it is drawn, and the L2 points' predictions sit on it.
        const QStringList measured = f.chart.measuredLabels();
        QVERIFY2(measured.filter("L2").size() == 1, qPrintable(measured.join(", ")));
        const model::Gpu *roofs = f.plot.roofGpu();
        QVERIFY(roofs && roofs->bandwidth.contains("l2"));
        const double l2 = roofs->bw("l2");
        QVERIFY(l2 > 8e12 && l2 < 9e12);
        bool predictedAtL2 = false;
        for (const ChartPoint &p : f.chart.points(ResultsPlot::kGroup))
            if (p.kind == ChartPoint::Kind::Predicted && p.level == "l2") {
                QVERIFY(p.flopPerS <= l2 * p.ai * 1.000001);
                predictedAtL2 |= std::abs(p.flopPerS - l2 * p.ai) < 1e-6 * p.flopPerS;
            }
        QVERIFY(predictedAtL2);
        // L1 has no roof anywhere: its point says so and gets no prediction, never HBM's.
        for (const ChartPoint &p : f.measured("group:"))
            if (p.level == "l1")
                QVERIFY2(p.tooltip.contains("no L1 roof"), qPrintable(p.tooltip));
    }

    // Expanded: every launch, its own point and share; the launch's levels joined.
    void expanded()
    {
        Fixture f;
        f.session.setAutosavePath(m_tmp.filePath("a3.json"));
        QVERIFY(f.open(m_profile, *m_db.find("h200-sxm")));
        f.plot.setGrouped(false);
        QCOMPARE(f.plot.pointCount(), 3 + 2 * 2); // launches × precisions
        const QList<ChartPoint> points = f.measured("result:");
        QCOMPARE(points.size(), 9 + 8);
        QCOMPARE(f.chart.trailCount(), 7);
        for (const ChartPoint &p : points) {
            const QString tip = f.chart.tooltipOf(p.id); // made when first shown
            QVERIFY2(tip.contains("of the file's time") &&
                         tip.contains("lts__t_bytes.sum") == (p.level == "l2"),
                     qPrintable(tip));
            QCOMPARE(f.chart.point(p.id)->tooltip, tip);
            QCOMPARE(f.plot.rowsOf(p.id).size(), tip.contains("sgemm") ? 3 : 2);   // the launch's levels
            QVERIFY(p.share > 0.12 && p.share < 0.26);                             // 1 ms or 0.5 ms of 4 ms
            QVERIFY(f.plot.tableRowsOf(p.id).contains(ResultsPanel::rowOf(p.id))); // "result:<row>" as before
        }
        f.plot.setGrouped(true);
        QCOMPARE(f.plot.pointCount(), 3);
    }

    // --levels / --precisions: only those points are drawn.
    void options()
    {
        Fixture f;
        f.session.setAutosavePath(m_tmp.filePath("a4.json"));
        QVERIFY(f.open(m_profile, *m_db.find("h200-sxm")));
        ResultsPlot::Options o;
        o.levels = {"hbm"};
        o.precisions = {"fp32"};
        f.plot.setOptions(o);
        f.plot.update();
        const QList<ChartPoint> points = f.measured("group:");
        QCOMPARE(points.size(), 2);
        for (const ChartPoint &p : points)
            QCOMPARE(p.level, QString("hbm"));
        QCOMPARE(f.chart.trailCount(), 0);
    }

    // A real profile (the H200 known-work program, --set full): every kernel named once.
    void realProfile()
    {
        const QString file = QStringLiteral(ROOFLAB_TEST_DATA "/ncu/real/knownwork-full.raw-base.csv");
        if (!QFile::exists(file))
            QSKIP("tests/data/ncu/real/ has no knownwork-full.raw-base.csv");
        Fixture f;
        f.session.setAutosavePath(m_tmp.filePath("a5.json"));
        QVERIFY(f.open(file, *m_db.find("h200-sxm")));
        QSet<QString> kernels;
        for (const ResultsSession::Row &r : f.session.rows())
            if (const model::Measurement &m = f.session.measurement(r); m.flops > 0)
                kernels.insert(m.kernel);
        QStringList labels;
        for (const ChartPoint &p : f.measured("group:"))
            if (!p.label.isEmpty())
                labels << p.label;
        QCOMPARE(labels.size(), kernels.size());
        QCOMPARE(QSet<QString>(labels.cbegin(), labels.cend()).size(), labels.size());
    }

    // 50,000 measurements: every one reachable on the chart (no 2,000-point cap). Imported
    // launches of 25 kernels group to 25 kernel points (×2 levels); RoofLab's own rows are each drawn.
    void fiftyThousand()
    {
        model::ResultSet rs;
        for (int i = 0; i < 25000; ++i) {
            const int k = i % 25;
            const QString name = QStringLiteral("kernel_%1").arg(k);
            rs.measurements << launch(name, i, "(128, 1, 1)", "fp32", 1e9 * (k + 1), "hbm", 1e8,
                                      1e-5 * (k + 1))
                            << launch(name, i, "(128, 1, 1)", "fp32", 1e9 * (k + 1), "l2", 3e8,
                                      1e-5 * (k + 1));
        }
        const QString path = m_tmp.filePath("fifty.json");
        QString error;
        QVERIFY2(rs.save(path, &error), qPrintable(error));
        Fixture f;
        f.session.setAutosavePath(m_tmp.filePath("a6.json"));
        QVERIFY(f.open(path, *m_db.find("h200-sxm")));
        QCOMPARE(f.plot.pointCount(), 25);
        QCOMPARE(f.measured("group:").size(), 50);
        int named = 0;
        for (const ChartPoint &p : f.measured("group:"))
            named += p.label.isEmpty() ? 0 : 1;
        QCOMPARE(named, 25);
        f.plot.setGrouped(false);
        QCOMPARE(f.plot.pointCount(), 25000);
        QCOMPARE(f.measured("result:").size(), 50000);
        int labelled = 0;
        for (const ChartPoint &p : f.measured("result:"))
            labelled += p.label.isEmpty() ? 0 : 1;
        QCOMPARE(labelled, 25); // each kernel named once, on one of its launches; the rest in tooltips
    }

    // RoofLab's own rows: each its own point "result:<row>" (a row and its point lead to each
    // other), the first kMaxLabels named as resultschart::shortLabel names them, a row without
    // FLOPs on no point, a profiled row's level points leading back to it.
    void ownRows()
    {
        model::ResultSet rs;
        const int n = 300;
        for (int i = 0; i < n; ++i) {
            model::Measurement m;
            m.kernel = i % 2 ? "gemm.reg2d" : "memory.triad";
            m.dtype = i % 3 ? "fp32" : "bf16";
            m.params = {{"M", 64 * (i + 1)}, {"variant", i % 4 ? "" : "vec4"}};
            m.flops = i == 7 ? 0 : 1e9 * (i + 1);
            m.bytes = 1e8;
            m.time = {1e-3, 1e-3, 1e-3, 5};
            m.source = "rooflab";
            if (i == 11)
                m.extra.insert("counters", QJsonObject{{"tool", "ncu 2025.3"},
                                                       {"metrics", QJsonObject{{"dram__bytes.sum", 2e8},
                                                                               {"lts__t_bytes.sum", 6e8}}}});
            rs.measurements << m;
        }
        const QString path = m_tmp.filePath("own.json");
        QString error;
        QVERIFY2(rs.save(path, &error), qPrintable(error));
        Fixture f;
        f.session.setAutosavePath(m_tmp.filePath("a7.json"));
        QVERIFY(f.open(path, *m_db.find("h200-sxm")));
        QCOMPARE(f.plot.pointCount(), n - 1);
        const QList<ChartPoint> points = f.measured("result:");
        QCOMPARE(points.size(), n - 1);
        int named = 0;
        for (const ChartPoint &p : points) {
            const int row = ResultsPanel::rowOf(p.id);
            QCOMPARE(f.plot.tableRowsOf(p.id), QList<int>{row});
            QCOMPARE(f.plot.pointIdOfTableRow(row), p.id);
            QCOMPARE(f.plot.rowsOf(p.id).size(), 1);
            QCOMPARE(f.plot.pointIdOf(f.plot.rowsOf(p.id).first()), p.id);
            const model::Measurement &m = f.table.measurement(row);
            if (row <= ResultsPlot::kMaxLabels) { // the first kMaxLabels rows with a point
                QCOMPARE(p.label, resultschart::shortLabel(m));
                ++named;
            } else {
                QVERIFY2(p.label.isEmpty(), qPrintable(p.id));
            }
            QVERIFY(qFuzzyCompare(p.ai, m.ai()));
            QVERIFY(qFuzzyCompare(p.flopPerS, m.flopPerS()));
            QVERIFY(f.chart.tooltipOf(p.id).contains(m.kernel));
        }
        QCOMPARE(named, ResultsPlot::kMaxLabels);
        QVERIFY(f.plot.pointIdOfTableRow(7).isEmpty()); // no FLOPs, no point
        QVERIFY(f.plot.tableRowsOf(ResultsPlot::rowPointId(7)).isEmpty());
        QVERIFY(f.plot.tableRowsOf(ResultsPlot::rowPointId(n)).isEmpty());
        const QList<ChartPoint> levels = f.measured("levels:11:");
        QCOMPARE(levels.size(), 2);
        for (const ChartPoint &p : levels)
            QCOMPARE(f.plot.tableRowsOf(p.id), QList<int>{11});
        QCOMPARE(f.chart.trailCount(), 1); // the profiled row's levels joined
    }
};

QTEST_MAIN(TestGuiHierarchy)
#include "tst_gui_hierarchy.moc"
