// The results table model: columns and roles, % of roof, the performance model's Predicted and
// Gap columns on the committed H200 ladder sample, compare mode, sorting by numbers and
// filtering through ResultsFilterModel; every change checked by QAbstractItemModelTester.
#include "panels/kernelstablemodel.h"
#include "panels/resultstablemodel.h"

#include "specdb.h"
#include "units.h"

#include <QAbstractItemModelTester>
#include <QBrush>
#include <QColor>
#include <QSignalSpy>
#include <QTest>

#include <cmath>

using model::Measurement;
using model::ResultSet;

namespace {

ResultSet small()
{
    auto rs = ResultSet::load(QStringLiteral(ROOFLAB_TEST_DATA "/results/small.json"), nullptr);
    return rs.value_or(ResultSet{});
}

ResultSet ladderSample()
{
    auto rs = ResultSet::load(QStringLiteral(ROOFLAB_SOURCE_RESOURCES_DIR "/samples/h200-gemm-ladder.json"),
                              nullptr);
    return rs.value_or(ResultSet{});
}

// The row of the sample's own ladder run of a kernel (role "ladder"), else its first row.
int ladderRow(const ResultSet &rs, const QString &kernel)
{
    int first = -1;
    for (int i = 0; i < rs.measurements.size(); ++i)
        if (rs.measurements.at(i).kernel == kernel) {
            if (rs.measurements.at(i).extra.value("role").toString() == "ladder")
                return i;
            if (first < 0)
                first = i;
        }
    return first;
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
        QTest::newRow("params, sorted by name")
            << 2 << int(ResultsTableModel::Params) << "BK=8 BM=128 BN=128 K=4096 M=4096 N=4096";
        QTest::newRow("dtype") << 2 << int(ResultsTableModel::Dtype) << "fp32";
        QTest::newRow("check ok") << 2 << int(ResultsTableModel::CheckColumn) << "ok";
        QTest::newRow("check failed") << 3 << int(ResultsTableModel::CheckColumn) << "FAILED";
        QTest::newRow("copy has no FLOP/s") << 0 << int(ResultsTableModel::FlopPerS) << "—";
        QTest::newRow("AI") << 2 << int(ResultsTableModel::Ai) << "683";
        QTest::newRow("no roof yet") << 2 << int(ResultsTableModel::RoofPercent) << "";
        QTest::newRow("file") << 2 << int(ResultsTableModel::Source) << "small.json";
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
        QCOMPARE(m.headerData(ResultsTableModel::RoofPercent, Qt::Horizontal).toString(),
                 QString("% of roof"));
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
        QCOMPARE(cell(m, 2, ResultsTableModel::RoofPercent),
                 QString::number(gemm.flopPerS() / 1e12, 'f', 1) + " %");
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

    // ---- Predicted and Gap: model::PerfModel for the sample's H200 with its measured ceilings

    void predictedAndGap_data()
    {
        QTest::addColumn<QString>("kernel");
        QTest::addColumn<bool>("known");
        for (const char *k :
             {"gemm.naive", "gemm.coalesced", "gemm.smem_tiled", "gemm.reg1d", "gemm.reg2d",
              "gemm.vectorized", "gemm.warptiled", "gemm.wmma", "gemm.mma_multistage", "gemm.wgmma_tma"})
            QTest::newRow(k) << QString(k) << true;
        QTest::newRow("cuBLAS sgemm: the reference, not modelled") << "gemm.cublas_sgemm" << false;
        QTest::newRow("cuBLAS bf16: the reference, not modelled") << "gemm.cublas_bf16" << false;
    }
    void predictedAndGap()
    {
        QFETCH(QString, kernel);
        QFETCH(bool, known);
        model::SpecDb db;
        db.loadDirectory(QStringLiteral(ROOFLAB_SOURCE_RESOURCES_DIR "/gpus"));
        const ResultSet rs = ladderSample();
        QVERIFY(!rs.measurements.isEmpty());
        const model::Gpu *h200 = db.find(rs.device.spec);
        QVERIFY(h200);
        const int row = ladderRow(rs, kernel);
        QVERIFY(row >= 0);

        ResultsTableModel m;
        QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
        m.setResults(rs, "h200-gemm-ladder.json");
        QCOMPARE(m.columnCount(), int(ResultsTableModel::Change));
        QCOMPARE(m.headerData(ResultsTableModel::Predicted, Qt::Horizontal).toString(), QString("Predicted"));
        QCOMPARE(m.headerData(ResultsTableModel::Gap, Qt::Horizontal).toString(), QString("Gap"));
        // No predict function yet: empty, and the tooltip says why.
        QVERIFY(!m.prediction(row));
        QVERIFY(cell(m, row, ResultsTableModel::Predicted).isEmpty());
        QVERIFY(!cell(m, row, ResultsTableModel::Predicted, Qt::ToolTipRole).isEmpty());

        m.setPredictFunction(ResultsTableModel::predictorFor(*h200, model::MachineCeilings::fromResults(rs)));
        const model::Measurement &meas = m.measurement(row);
        QCOMPARE(meas.kernel, kernel);
        QVERIFY(m.prediction(row));
        QCOMPARE(model::PerfModel::knows(kernel), known);
        if (!known) {
            QVERIFY(!m.prediction(row)->ok);
            QVERIFY(cell(m, row, ResultsTableModel::Predicted).isEmpty());
            QVERIFY(cell(m, row, ResultsTableModel::Gap).isEmpty());
            QVERIFY(!m.gap(row));
            const QString tip = cell(m, row, ResultsTableModel::Gap, Qt::ToolTipRole);
            QVERIFY(!m.prediction(row)->reason.isEmpty());
            QVERIFY2(tip.startsWith("not predicted: ") && tip.contains(m.prediction(row)->reason),
                     qPrintable(tip));
            QVERIFY(m.index(row, ResultsTableModel::Gap).data(ResultsTableModel::SortRole).isNull());
            QVERIFY(!m.index(row, ResultsTableModel::Gap).data(Qt::BackgroundRole).isValid());
            return;
        }
        // The model's own prediction for the launch the file recorded.
        const model::Prediction expect = model::PerfModel(*h200, model::MachineCeilings::fromResults(rs))
                                             .predict(model::KernelLaunch::fromMeasurement(meas));
        QVERIFY2(expect.ok, qPrintable(expect.reason));
        QCOMPARE(m.prediction(row)->timeS, expect.timeS);
        QCOMPARE(cell(m, row, ResultsTableModel::Predicted), model::formatSeconds(expect.timeS));
        QCOMPARE(m.index(row, ResultsTableModel::Predicted).data(ResultsTableModel::SortRole).toDouble(),
                 expect.timeS);
        // gap = measured / predicted - 1, signed, in per cent.
        const double gap = meas.time.median / expect.timeS - 1;
        QCOMPARE(*m.gap(row), gap);
        const QString text = cell(m, row, ResultsTableModel::Gap);
        QCOMPARE(text, (gap < 0 ? QString(QChar(0x2212)) : QString("+")) +
                           QString::number(std::abs(gap) * 100, 'f', 1) + " %");
        QCOMPARE(m.index(row, ResultsTableModel::Gap).data(ResultsTableModel::SortRole).toDouble(),
                 gap * 100);
        QVERIFY(m.index(row, ResultsTableModel::Gap).data(Qt::BackgroundRole).isValid()); // coloured by size
        const QString tip = cell(m, row, ResultsTableModel::Gap, Qt::ToolTipRole);
        QVERIFY2(tip.contains(expect.boundWords), qPrintable(tip));
        qInfo("%-20s measured %9s predicted %9s gap %7s bound %s", qPrintable(kernel),
              qPrintable(model::formatSeconds(meas.time.median)),
              qPrintable(model::formatSeconds(expect.timeS)), qPrintable(text), qPrintable(expect.bound));
    }

    void gapColours_data()
    {
        QTest::addColumn<double>("ratio"); // measured / predicted
        QTest::addColumn<QString>("band");
        QTest::newRow("+5 %: within 10 %") << 1.05 << "near";
        QTest::newRow("-20 %: within the 25 % target") << 0.80 << "target";
        QTest::newRow("+40 %: within 50 %") << 1.40 << "amber";
        QTest::newRow("+150 %: beyond") << 2.5 << "red";
    }
    void gapColours()
    {
        QFETCH(double, ratio);
        QFETCH(QString, band);
        ResultsTableModel m;
        m.setResults(small());
        m.setPredictFunction([ratio](const Measurement &meas, const QString &) {
            model::Prediction p;
            p.ok = true;
            p.timeS = meas.time.median / ratio;
            p.bound = "hbm";
            p.boundWords = "HBM bandwidth";
            return p;
        });
        QVERIFY(qAbs(*m.gap(2) - (ratio - 1)) < 1e-12);
        const QColor c = m.index(2, ResultsTableModel::Gap).data(Qt::BackgroundRole).value<QBrush>().color();
        // Green up to the 25 % target (stronger within 10 %), amber to 50 %, red beyond.
        if (band == "near" || band == "target")
            QVERIFY(c.green() > c.red());
        if (band == "near")
            QVERIFY(c.alpha() > 60);
        if (band == "target")
            QVERIFY(c.alpha() <= 60);
        if (band == "amber")
            QVERIFY(c.red() > 200 && c.green() > 120);
        if (band == "red")
            QVERIFY(c.red() > 150 && c.green() < 80);
    }

    void compareMode()
    {
        ResultsTableModel m;
        QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
        m.setResults(small());
        ResultSet baseline = small();
        baseline.measurements[2].time = {5.5e-3, 5.4e-3, 5.6e-3, 10}; // the new run is twice as fast
        baseline.measurements[1].time.median *= 1.01;                 // within the noise
        baseline.measurements[1].time.max *= 1.01;
        baseline.measurements.removeAt(3); // no match for the naive GEMM
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
        QCOMPARE(kernels,
                 (QStringList{"memory.copy", "elementwise.vector_add", "gemm.tiled2d", "gemm.naive"}));
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
        QTest::newRow("all") << ""
                             << ""
                             << "" << false << 6;
        QTest::newRow("text in kernel") << "gemm"
                                        << ""
                                        << "" << false << 2;
        QTest::newRow("text in params, any case") << "bm=128"
                                                  << ""
                                                  << "" << false << 1;
        QTest::newRow("dtype") << ""
                               << "bf16"
                               << "" << false << 2;
        QTest::newRow("source ncu") << ""
                                    << ""
                                    << "ncu" << false << 2;
        QTest::newRow("dtype matches exactly") << ""
                                               << "small.json"
                                               << "" << false << 0;
        QTest::newRow("source by file") << ""
                                        << ""
                                        << "small.json" << false << 4;
        QTest::newRow("failed only") << ""
                                     << ""
                                     << "" << true << 1;
        QTest::newRow("combined") << "gemm"
                                  << "fp32"
                                  << "rooflab" << true << 1;
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

    // Rows of one kernel read apart: the kernel column adds the parameters where a row differs
    // from the most common value among that kernel's rows (in a tie, the first row's), and only
    // those; an import's launch id says nothing and is left out.
    void distinguishingParameters_data()
    {
        QTest::addColumn<QVariantMap>("first");
        QTest::addColumn<QVariantMap>("second");
        QTest::addColumn<QString>("secondShown");
        QTest::addColumn<QString>("firstOnceOutnumbered");
        const QVariantMap a{{"M", 4096}, {"BM", 64}, {"BN", 128}};
        QTest::newRow("one tile size differs")
            << a << QVariantMap{{"M", 4096}, {"BM", 128}, {"BN", 128}} << "k · BM=128"
            << "k · BM=64";
        QTest::newRow("two differ, in name order")
            << a << QVariantMap{{"M", 2048}, {"BM", 128}, {"BN", 128}} << "k · BM=128 M=2048"
            << "k · BM=64 M=4096";
        QTest::newRow("a parameter only one has")
            << a << QVariantMap{{"M", 4096}, {"BM", 64}, {"BN", 128}, {"split", 4}} << "k · split=4"
            << "k · split=—";
        QTest::newRow("repeats of one run") << a << a << "k"
                                            << "k";
        QTest::newRow("launch ids only") << QVariantMap{{"ncu_id", 1}, {"grid", "(8, 1, 1)"}}
                                         << QVariantMap{{"ncu_id", 2}, {"grid", "(8, 1, 1)"}} << "k"
                                         << "k";
        QTest::newRow("launches of two grids")
            << QVariantMap{{"ncu_id", 1}, {"grid", "(8, 1, 1)"}}
            << QVariantMap{{"ncu_id", 2}, {"grid", "(16, 1, 1)"}} << "k · grid=(16, 1, 1)"
            << "k · grid=(8, 1, 1)";
    }
    void distinguishingParameters()
    {
        QFETCH(QVariantMap, first);
        QFETCH(QVariantMap, second);
        QFETCH(QString, secondShown);
        QFETCH(QString, firstOnceOutnumbered);
        ResultsTableModel m;
        QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy changed(&m, &QAbstractItemModel::dataChanged);
        Measurement one = small().measurements.at(2);
        one.kernel = "k";
        one.params = first;
        Measurement other = small().measurements.at(0); // another kernel: never in k's summary
        other.params = {{"n", 1}};
        m.appendMeasurement(one);
        m.appendMeasurement(other);
        QCOMPARE(cell(m, 0, ResultsTableModel::Kernel), QString("k")); // alone: nothing to tell apart
        one.params = second;
        m.appendMeasurement(one, "later.json");
        QCOMPARE(cell(m, 0, ResultsTableModel::Kernel), QString("k"));
        QCOMPARE(cell(m, 2, ResultsTableModel::Kernel), secondShown);
        QCOMPARE(cell(m, 1, ResultsTableModel::Kernel), small().measurements.at(0).kernel);
        // a third like the second: theirs is the common value now, the first row tells
        changed.clear();
        m.appendMeasurement(one);
        QCOMPARE(cell(m, 0, ResultsTableModel::Kernel), firstOnceOutnumbered);
        QCOMPARE(cell(m, 3, ResultsTableModel::Kernel), QString("k"));
        QCOMPARE(changed.isEmpty(), firstOnceOutnumbered == QLatin1String("k")); // views told
        // the same rows at once, as a file
        ResultSet file;
        file.measurements << m.measurement(0) << m.measurement(1) << m.measurement(2) << m.measurement(3);
        ResultsTableModel fromFile;
        fromFile.setResults(file);
        for (int r = 0; r < 4; ++r)
            QCOMPARE(cell(fromFile, r, ResultsTableModel::Kernel), cell(m, r, ResultsTableModel::Kernel));
        m.clear();
        m.appendMeasurement(one);
        QCOMPARE(cell(m, 0, ResultsTableModel::Kernel), QString("k"));
    }

    // A hidden file's rows leave the proxy; the others stay, and the filter says it filters
    // only for what a user typed or chose.
    void hiddenFiles()
    {
        ResultsTableModel m;
        ResultsFilterModel proxy;
        proxy.setSourceModel(&m);
        QAbstractItemModelTester tester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
        m.addResults(small(), "/a/small.json");
        m.addResults(small(), "/b/small.json");
        m.appendMeasurement(small().measurements.at(0)); // this session's
        QCOMPARE(proxy.rowCount(), 9);
        proxy.setHiddenFiles({"/a/small.json"});
        QCOMPARE(proxy.rowCount(), 5);
        for (int r = 0; r < proxy.rowCount(); ++r)
            QVERIFY(m.file(proxy.mapToSource(proxy.index(r, 0)).row()) != "/a/small.json");
        QVERIFY(!proxy.filtering());
        proxy.setText("gemm");
        QVERIFY(proxy.filtering());
        QCOMPARE(proxy.rowCount(), 2);
        proxy.setHiddenFiles({});
        QCOMPARE(proxy.rowCount(), 4);
    }

    // The Kernels view: shares of each file's own time, a file's kernels together.
    void kernelSharesPerFile()
    {
        QList<Measurement> a, b;
        auto run = [](const char *kernel, double t) {
            Measurement m = small().measurements.at(2);
            m.kernel = kernel;
            m.time = {t, t, t, 1};
            return m;
        };
        a << run("a.small", 1e-3) << run("a.big", 3e-3);
        b << run("b.one", 1.0) << run("b.two", 1.0);
        KernelsTableModel k;
        QAbstractItemModelTester tester(&k, QAbstractItemModelTester::FailureReportingMode::QtTest);
        k.setInputs({{"/x/a.json", &a, nullptr, 0}, {"/x/b.json", &b, nullptr, 2}}, nullptr);
        QCOMPARE(k.rowCount(), 4);
        // b's kernels take 500 times as long, but a's are listed first, each file by its own time
        QStringList names, files;
        for (int r = 0; r < k.rowCount(); ++r) {
            names << k.fullName(r);
            files << k.index(r, KernelsTableModel::Source).data().toString();
        }
        QCOMPARE(names, QStringList({"a.big", "a.small", "b.one", "b.two"}));
        QCOMPARE(files, QStringList({"a.json", "a.json", "b.json", "b.json"}));
        QCOMPARE(k.share(0), 0.75);
        QCOMPARE(k.share(1), 0.25);
        QCOMPARE(k.share(2), 0.5);
        QCOMPARE(k.index(2, 0).data(KernelsTableModel::FileRole).toString(), QString("/x/b.json"));
        QCOMPARE(k.index(2, 0).data(KernelsTableModel::FileOrderRole).toInt(), 1);
        QVERIFY(k.index(0, KernelsTableModel::Share).data(Qt::ToolTipRole).toString().contains("a.json"));
        QCOMPARE(k.tableRows(2), QList<int>({2}));
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
