// The results table model: columns and roles, % of roof, compare mode, sorting by numbers and
// filtering through ResultsFilterModel; every change checked by QAbstractItemModelTester.
#include "resultstablemodel.h"

#include <QAbstractItemModelTester>
#include <QTest>

using model::Measurement;
using model::ResultSet;

namespace {

ResultSet small()
{
    auto rs = ResultSet::load(QStringLiteral(ROOFLAB_TEST_DATA "/results/small.json"), nullptr);
    return rs.value_or(ResultSet{});
}

QString cell(const QAbstractItemModel &m, int row, int column, int role = Qt::DisplayRole)
{
    return m.index(row, column).data(role).toString();
}

} // namespace

class TestResultsTableModel : public QObject
{
    Q_OBJECT

private slots:
    void columns_data()
    {
        QTest::addColumn<int>("row");
        QTest::addColumn<int>("column");
        QTest::addColumn<QString>("display");
        QTest::newRow("kernel") << 2 << int(ResultsTableModel::Kernel) << "gemm.tiled2d";
        QTest::newRow("params, sorted by name") << 2 << int(ResultsTableModel::Params)
                                                << "BK=8 BM=128 BN=128 K=4096 M=4096 N=4096";
        QTest::newRow("dtype") << 2 << int(ResultsTableModel::Dtype) << "fp32";
        QTest::newRow("check ok") << 2 << int(ResultsTableModel::CheckColumn) << "ok";
        QTest::newRow("check failed") << 3 << int(ResultsTableModel::CheckColumn) << "FAILED";
        QTest::newRow("copy has no FLOP/s") << 0 << int(ResultsTableModel::FlopPerS) << "—";
        QTest::newRow("AI") << 2 << int(ResultsTableModel::Ai) << "683";
        QTest::newRow("no roof yet") << 2 << int(ResultsTableModel::RoofPercent) << "";
        QTest::newRow("source") << 2 << int(ResultsTableModel::Source) << "rooflab · small.json";
    }
    void columns()
    {
        QFETCH(int, row);
        QFETCH(int, column);
        QFETCH(QString, display);
        ResultsTableModel m;
        QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
        m.setResults(small(), "/data/small.json");
        QCOMPARE(m.rowCount(), 4);
        QCOMPARE(m.columnCount(), int(ResultsTableModel::Change)); // no change column outside compare mode
        QCOMPARE(cell(m, row, column), display);
    }

    void numbersFormattedAndSortable()
    {
        ResultsTableModel m;
        m.setResults(small());
        QVERIFY(cell(m, 2, ResultsTableModel::FlopPerS).contains("TFLOP/s"));
        QVERIFY(cell(m, 2, ResultsTableModel::Median).contains("ms"));
        QCOMPARE(m.index(2, ResultsTableModel::Median).data(ResultsTableModel::SortRole).toDouble(), 2.75e-3);
        QCOMPARE(m.index(3, 0).data(ResultsTableModel::FailedRole).toBool(), true);
        QCOMPARE(m.index(2, 0).data(ResultsTableModel::KeyRole).toString(), m.measurement(2).key());
        QVERIFY(cell(m, 3, ResultsTableModel::CheckColumn, Qt::ToolTipRole).contains("3.1e-2"));
        QVERIFY(m.index(3, ResultsTableModel::CheckColumn).data(Qt::ForegroundRole).isValid());
        QCOMPARE(m.headerData(ResultsTableModel::RoofPercent, Qt::Horizontal).toString(), QString("% of roof"));
    }

    void roofPercent()
    {
        ResultsTableModel m;
        QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
        m.setResults(small());
        // A flat 100 TFLOP/s roof and a 4 TB/s memory roof for copies.
        m.setRoofFunction([](const Measurement &) { return ResultsTableModel::Roof{1e14, 4e12}; });
        const Measurement &gemm = m.measurement(2);
        QCOMPARE(*m.roofPercent(2), gemm.flopPerS() / 1e14 * 100);
        QCOMPARE(cell(m, 2, ResultsTableModel::RoofPercent), QString::number(gemm.flopPerS() / 1e12, 'f', 1) + " %");
        // the copy (no FLOPs) against bandwidth
        QCOMPARE(*m.roofPercent(0), m.measurement(0).bytesPerS() / 4e12 * 100);
        // rows added later get it too
        m.appendMeasurement(gemm, "live");
        QCOMPARE(*m.roofPercent(4), *m.roofPercent(2));
        // fixed per-row roofs replace the function; rows past the list have none
        m.setRoofs({{1e12, 0}, {0, 0}});
        QVERIFY(!m.roofPercent(0)); // a copy with no bandwidth roof
        QVERIFY(!m.roofPercent(1));
        QVERIFY(!m.roofPercent(2));
        QVERIFY(m.index(2, ResultsTableModel::RoofPercent).data(ResultsTableModel::SortRole).isNull());
    }

    void compareMode()
    {
        ResultsTableModel m;
        QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
        m.setResults(small());
        ResultSet baseline = small();
        baseline.measurements[2].time = {5.5e-3, 5.4e-3, 5.6e-3, 10}; // the new run is twice as fast
        baseline.measurements[1].time.median *= 1.01;                // within the noise
        baseline.measurements[1].time.max *= 1.01;
        baseline.measurements.removeAt(3);                           // no match for the naive GEMM
        m.setBaseline(baseline, "yesterday.json");
        QVERIFY(m.compareMode());
        QCOMPARE(m.columnCount(), int(ResultsTableModel::Change) + 1);
        QCOMPARE(m.headerData(ResultsTableModel::Change, Qt::Horizontal).toString(), QString("Change %"));
        QCOMPARE(*m.changePercent(2), -50.0);
        QCOMPARE(cell(m, 2, ResultsTableModel::Change), QString("\u221250.0 %"));
        QVERIFY(m.changeSignificant(2));
        QVERIFY(m.index(2, ResultsTableModel::Change).data(Qt::ForegroundRole).isValid());
        QVERIFY(!m.changeSignificant(1));
        QVERIFY(cell(m, 1, ResultsTableModel::Change, Qt::ToolTipRole).contains("within the noise"));
        QVERIFY(!m.changePercent(3));
        QCOMPARE(cell(m, 3, ResultsTableModel::Change), QString("—"));
        QCOMPARE(*m.changePercent(0), 0.0);
        // a live row that matches is compared at once
        m.appendMeasurement(m.measurement(2));
        QCOMPARE(*m.changePercent(4), -50.0);
        m.clearBaseline();
        QCOMPARE(m.columnCount(), int(ResultsTableModel::Change));
        QVERIFY(!m.changePercent(2));
    }

    void sortByNumbersNotText()
    {
        ResultsTableModel m;
        ResultsFilterModel proxy;
        proxy.setSourceModel(&m);
        QAbstractItemModelTester tester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
        m.setResults(small());
        proxy.sort(ResultsTableModel::Median, Qt::AscendingOrder);
        // 32 µs, 48 µs, 2.75 ms, 4.1 ms: as text "2.75 ms" would sort first
        QStringList kernels;
        for (int r = 0; r < proxy.rowCount(); ++r)
            kernels.append(cell(proxy, r, ResultsTableModel::Kernel));
        QCOMPARE(kernels, (QStringList{"memory.copy", "elementwise.vector_add", "gemm.tiled2d", "gemm.naive"}));
        proxy.sort(ResultsTableModel::FlopPerS, Qt::DescendingOrder);
        QCOMPARE(cell(proxy, 0, ResultsTableModel::Kernel), QString("gemm.tiled2d"));
        // unknown values after known ones
        m.setRoofs({{1e14, 0}, {1e14, 0}});
        proxy.sort(ResultsTableModel::RoofPercent, Qt::AscendingOrder);
        QCOMPARE(cell(proxy, 0, ResultsTableModel::Kernel), QString("elementwise.vector_add"));
        proxy.sort(ResultsTableModel::CheckColumn, Qt::AscendingOrder);
        QCOMPARE(cell(proxy, 0, ResultsTableModel::Kernel), QString("gemm.naive")); // failures first
    }

    void filter_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("dtype");
        QTest::addColumn<QString>("source");
        QTest::addColumn<bool>("failedOnly");
        QTest::addColumn<int>("rows");
        QTest::newRow("all") << "" << "" << "" << false << 6;
        QTest::newRow("text in kernel") << "gemm" << "" << "" << false << 2;
        QTest::newRow("text in params, any case") << "bm=128" << "" << "" << false << 1;
        QTest::newRow("dtype") << "" << "bf16" << "" << false << 2;
        QTest::newRow("source ncu") << "" << "" << "ncu" << false << 2;
        QTest::newRow("dtype matches exactly") << "" << "small.json" << "" << false << 0;
        QTest::newRow("source by file") << "" << "" << "small.json" << false << 4;
        QTest::newRow("failed only") << "" << "" << "" << true << 1;
        QTest::newRow("combined") << "gemm" << "fp32" << "rooflab" << true << 1;
    }
    void filter()
    {
        QFETCH(QString, text);
        QFETCH(QString, dtype);
        QFETCH(QString, source);
        QFETCH(bool, failedOnly);
        QFETCH(int, rows);
        ResultsTableModel m;
        ResultsFilterModel proxy;
        proxy.setSourceModel(&m);
        QAbstractItemModelTester tester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
        m.setResults(small(), "/results/small.json");
        Measurement imported = m.measurement(2);
        imported.kernel = "void cutlass::device_kernel<...>";
        imported.dtype = "bf16";
        imported.source = "ncu";
        imported.check = {};
        imported.params = {{"ncu_id", 0}};
        m.appendMeasurement(imported, "/profiles/profile.csv");
        imported.level = "l2";
        m.appendMeasurement(imported, "/profiles/profile.csv");
        QCOMPARE(cell(m, 4, ResultsTableModel::CheckColumn), QString("—")); // imported: not checked
        proxy.setText(text);
        proxy.setDtype(dtype);
        proxy.setSource(source);
        proxy.setFailedOnly(failedOnly);
        QCOMPARE(proxy.rowCount(), rows);
    }

    void modelTesterThroughChanges()
    {
        ResultsTableModel m;
        ResultsFilterModel proxy;
        proxy.setSourceModel(&m);
        QAbstractItemModelTester t1(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester t2(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
        proxy.sort(ResultsTableModel::Median);
        m.setResults(small());
        m.addResults(small(), "second.json");
        QCOMPARE(m.rowCount(), 8);
        m.appendMeasurement(small().measurements.at(0));
        m.addResults(ResultSet{}); // nothing to add
        m.setBaseline(small());
        m.setRoofFunction([](const Measurement &) { return ResultsTableModel::Roof{1e13, 1e12}; });
        proxy.sort(ResultsTableModel::Change, Qt::DescendingOrder);
        proxy.setText("gemm");
        m.clearBaseline();
        proxy.setText({});
        m.clear();
        QCOMPARE(m.rowCount(), 0);
        QCOMPARE(proxy.rowCount(), 0);
        m.clear();
    }
};

QTEST_GUILESS_MAIN(TestResultsTableModel)
#include "tst_resultstablemodel.moc"
