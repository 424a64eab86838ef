// The Results panel at the size of a whole application: the Kernels view of an
// Nsight Compute import (one row per kernel, sorted by total time, shares, shortened names with
// the full one on hover, where the numbers came from), its row and chart point highlighting
// each other, Group/Expand, an export without FLOP counts, reading in the background with
// progress and Cancel, and .ncu-rep reports through a stand-in ncu. Offscreen.
#include "chart/rooflinechart.h"
#include "ncureport.h"
#include "panels/kernelstablemodel.h"
#include "panels/resultspanel.h"
#include "panels/resultsplot.h"
#include "panels/resultssession.h"
#include "panels/resultstablemodel.h"
#include "specdb.h"

#include <QFile>
#include <QProgressBar>
#include <QSettings>
#include <QSignalSpy>
#include <QStackedWidget>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>

namespace {

QString ncuData(const char *name)
{
    return QStringLiteral(ROOFLAB_TEST_DATA "/ncu/") + QLatin1String(name);
}

const QString kFakeNcu = QStringLiteral(ROOFLAB_TEST_DATA "/../fake-ncu.sh");

struct Panel
{
    model::SpecDb db;
    RooflineChart chart;
    ResultsSession session;
    ResultsPanel panel{&session, &chart};

    Panel()
    {
        db.loadDirectory(QStringLiteral(ROOFLAB_SOURCE_RESOURCES_DIR "/gpus"));
        session.setAutosavePath({});
        panel.setSpecDb(&db);
        panel.setGpu(*db.find(QStringLiteral("h200-sxm")));
        chart.resize(1280, 720);
        panel.resize(900, 500);
    }
    int kernelRow(const QString &kernel, const QString &grid)
    {
        KernelsTableModel *k = panel.kernelsModel();
        for (int r = 0; r < k->rowCount(); ++r)
            if (k->fullName(r) == kernel && k->index(r, KernelsTableModel::Grid).data().toString() == grid)
                return r;
        return -1;
    }
};

// A report beside the export the stand-in ncu serves for it.
QString makeReport(const QTemporaryDir &dir, const char *csv)
{
    const QString report = dir.filePath(QStringLiteral("app.ncu-rep"));
    QFile::copy(ncuData(csv), dir.filePath(QStringLiteral("app.raw-base.csv")));
    QFile f(report);
    if (f.open(QIODevice::WriteOnly))
        f.write(QByteArray("NVR\0stand-in report", 19)); // a report's first bytes
    return report;
}

} // namespace

class TestGuiKernels : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QSettings().clear();
    }
    void cleanup() { QSettings().clear(); }

    // kA with grid (8,1,1) runs three times (1 + 3 + 2 us), kB once (5 us), kA (16,1,1) once
    // (0.5 us): three kernels, the longest first, each with its share of the 11.5 us.
    void kernelsViewOfAnImport()
    {
        Panel p;
        QVERIFY2(p.panel.openFile(ncuData("launches-grouping-raw.csv")), qPrintable(p.panel.message()));
        QVERIFY(p.panel.grouped()); // an ncu import opens grouped
        QVERIFY(p.panel.groupButton()->isChecked());
        QTableView *view = p.panel.kernelsView();
        QCOMPARE(qobject_cast<QStackedWidget *>(view->parentWidget())->currentWidget(), view);
        KernelsTableModel *k = p.panel.kernelsModel();
        QCOMPARE(k->rowCount(), 3);
        // as the view sorts it: by total time, longest first
        const QModelIndex top = view->model()->index(0, KernelsTableModel::Kernel);
        QCOMPARE(top.data(Qt::ToolTipRole).toString(), QString("kA(float*)"));
        QCOMPARE(top.data().toString(), QString("kA"));
        const int a = p.kernelRow("kA(float*)", "(8, 1, 1)");
        const int b = p.kernelRow("kB(float*)", "(16, 1, 1)");
        QVERIFY(a >= 0 && b >= 0);
        QCOMPARE(k->index(a, KernelsTableModel::Launches).data().toInt(), 3);
        QCOMPARE(k->index(a, KernelsTableModel::Time).data(KernelsTableModel::SortRole).toDouble(), 6e-6);
        QVERIFY(qAbs(k->share(a) - 6.0 / 11.5) < 1e-9);
        QVERIFY(qAbs(k->share(b) - 5.0 / 11.5) < 1e-9);
        QCOMPARE(k->index(a, KernelsTableModel::Share).data().toString(), QString("52.2 %"));
        // kA: 2 FLOPs per FFMA, 6,000 FFMA over 6 us = 2 GFLOP/s
        QCOMPARE(k->index(a, KernelsTableModel::FlopPerS).data(KernelsTableModel::SortRole).toDouble(),
                 12000 / 6e-6);
        // where the numbers came from: the import's metrics and derivations
        const QString from = k->derivation(a);
        QVERIFY2(from.contains("ffma") && from.contains("dram__bytes.sum") &&
                     from.contains("gpu__time_duration.sum"),
                 qPrintable(from));
        QCOMPARE(k->index(a, KernelsTableModel::Derivation).data(Qt::ToolTipRole).toString(), from);
    }

    // Selecting a kernel highlights its point; clicking a point selects its kernel.
    void rowAndPointHighlightEachOther()
    {
        Panel p;
        QVERIFY(p.panel.openFile(ncuData("launches-grouping-raw.csv")));
        p.panel.updateChartNow();
        const int a = p.kernelRow("kA(float*)", "(8, 1, 1)");
        p.panel.selectKernel(a);
        const QString id = p.chart.highlighted();
        QVERIFY2(!id.isEmpty(), "no point highlighted");
        const QList<int> rows = p.panel.plot()->tableRowsOf(id);
        QVERIFY(!rows.isEmpty());
        for (int r : rows)
            QCOMPARE(p.panel.kernelsModel()->rowOfTableRow(r), a);

        const int b = p.kernelRow("kB(float*)", "(16, 1, 1)");
        const QString other = p.panel.plot()->pointIdOfTableRow(p.panel.kernelsModel()->tableRows(b).first());
        QVERIFY(!other.isEmpty() && other != id);
        emit p.chart.pointClicked(other);
        QCOMPARE(p.panel.selectedKernel(), b);
        QCOMPARE(p.chart.highlighted(), other);
    }

    // Expand: every launch's points in the measurements table and on the chart.
    void groupAndExpand()
    {
        Panel p;
        QVERIFY(p.panel.openFile(ncuData("launches-grouping-raw.csv")));
        p.panel.updateChartNow();
        const int grouped = p.panel.chartPointCount();
        QVERIFY(grouped > 0);
        p.panel.groupButton()->click();
        QVERIFY(!p.panel.grouped());
        QVERIFY(!p.panel.plot()->grouped());
        QCOMPARE(qobject_cast<QStackedWidget *>(p.panel.view()->parentWidget())->currentWidget(),
                 p.panel.view());
        p.panel.updateChartNow();
        QVERIFY2(p.panel.chartPointCount() > grouped,
                 qPrintable(QString("%1 expanded, %2 grouped").arg(p.panel.chartPointCount()).arg(grouped)));
        // each launch's point says where its numbers came from, in its own column
        ResultsTableModel *t = p.panel.tableModel();
        const QString from = t->index(0, ResultsTableModel::Derivation).data().toString();
        QVERIFY2(from.contains("time: gpu__time_duration.sum") && from.contains("bytes: "), qPrintable(from));
        QVERIFY(t->index(0, ResultsTableModel::Derivation).data(Qt::ToolTipRole).toString().contains('\n'));
        QVERIFY(!p.panel.view()->isColumnHidden(ResultsTableModel::Derivation));
        // the user chose: opening another import no longer regroups
        QVERIFY(p.panel.openFile(ncuData("smsp-names-raw.csv")));
        QVERIFY(!p.panel.grouped());
    }

    // The default set has no FLOP counts: its kernels are listed with their time and the
    // throughput percentages, the message says which set gives points, and nothing already
    // open is lost.
    void exportWithoutFlops()
    {
        Panel p;
        QVERIFY(p.panel.openFile(ncuData("launches-grouping-raw.csv")));
        const int rowsBefore = p.panel.tableModel()->rowCount();
        QVERIFY(rowsBefore > 0);
        QVERIFY(p.panel.openFile(ncuData("basic-set-raw.csv")));
        QCOMPARE(p.session.files().size(), 2);
        QCOMPARE(p.panel.tableModel()->rowCount(), rowsBefore); // no points from it, none lost
        QVERIFY(!p.session.files().last().noPoints.isEmpty());
        QVERIFY2(p.panel.message().contains(p.session.files().last().noPoints),
                 qPrintable(p.panel.message()));
        QVERIFY2(p.panel.message().contains("--set") || p.panel.message().contains("--metrics"),
                 qPrintable(p.panel.message()));
        QCOMPARE(p.panel.messageLevel(), ResultsPanel::Level::Warning);
        const QString gemm = "void gemm_tiled<128, 128>(float const*, float const*, float*, int)";
        const int g = p.kernelRow(gemm, "(64, 64, 1)");
        QVERIFY(g >= 0);
        KernelsTableModel *k = p.panel.kernelsModel();
        QCOMPARE(k->index(g, KernelsTableModel::Kernel).data().toString(), QString("gemm_tiled<…>"));
        QCOMPARE(k->index(g, KernelsTableModel::Kernel).data(Qt::ToolTipRole).toString(), gemm);
        QCOMPARE(k->index(g, KernelsTableModel::Launches).data().toInt(), 2);
        QCOMPARE(k->index(g, KernelsTableModel::Time).data(KernelsTableModel::SortRole).toDouble(), 2.49e-3);
        QVERIFY(qAbs(k->share(g) - 2.49 / 2.54) < 1e-9);
        const QString throughput = k->index(g, KernelsTableModel::Throughput).data().toString();
        QVERIFY2(throughput.contains("dram__throughput 12 %"), qPrintable(throughput)); // (12.5 + 12.25) / 2
        QVERIFY(k->tableRows(g).isEmpty()); // no point to highlight
    }

    // A big file reads in the background with a progress bar; Cancel leaves everything as it was.
    void backgroundReadAndCancel()
    {
        QTemporaryDir dir;
        model::ResultSet big;
        big.measurements.reserve(20000);
        for (int i = 0; i < 20000; ++i) {
            model::Measurement m;
            m.kernel = QStringLiteral("gemm.reg2d");
            m.params = {{"M", 64 * (i % 50 + 1)}, {"seed", i}};
            m.dtype = QStringLiteral("fp32");
            m.flops = 1e9;
            m.bytes = 1e7;
            m.time.median = m.time.min = m.time.max = 1e-3;
            big.measurements << m;
        }
        const QString path = dir.filePath("big.json");
        QString error;
        QVERIFY2(big.save(path, &error), qPrintable(error));

        Panel p;
        QVERIFY(p.panel.openFile(ncuData("launches-grouping-raw.csv")));
        const int before = p.panel.tableModel()->rowCount();
        QSignalSpy done(&p.panel, &ResultsPanel::loadsDone);
        p.panel.openInBackground(path);
        QVERIFY(p.panel.isLoading());
        p.panel.cancelLoading();
        QVERIFY(done.wait(20000));
        QVERIFY(!p.panel.isLoading());
        QCOMPARE(p.session.files().size(), 1);
        QCOMPARE(p.panel.tableModel()->rowCount(), before);
        QVERIFY2(p.panel.message().contains("Stopped reading"), qPrintable(p.panel.message()));
        QCOMPARE(p.panel.messageLevel(), ResultsPanel::Level::Info);

        QSignalSpy progress(&p.session, &ResultsSession::loadProgress);
        p.panel.openInBackground(path);
        QVERIFY(p.panel.findChild<QWidget *>("loadFrame")->isVisibleTo(&p.panel));
        QVERIFY(done.wait(60000));
        QVERIFY(!progress.isEmpty());
        QVERIFY(!p.panel.findChild<QWidget *>("loadFrame")->isVisibleTo(&p.panel));
        QCOMPARE(p.session.files().size(), 2);
        QCOMPARE(p.panel.tableModel()->rowCount(), before + 20000);
        QCOMPARE(p.panel.message(), QString("Opened big.json."));

        // a refused file: its message, and nothing changes
        const QString bad = dir.filePath("bad.json");
        QFile f(bad);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("{\"schema\": \"rooflab.results/1\", \"measurements\": [1,,2]}");
        f.close();
        p.panel.openInBackground(bad);
        QVERIFY(done.wait(20000));
        QCOMPARE(p.session.files().size(), 2);
        QCOMPARE(p.panel.messageLevel(), ResultsPanel::Level::Error);
        QVERIFY2(p.panel.message().contains("not valid JSON"), qPrintable(p.panel.message()));
    }

    // A report: the installed ncu exports it (here the stand-in), then it opens like its CSV.
    void reportThroughNcu()
    {
        QTemporaryDir dir;
        const QString report = makeReport(dir, "launches-grouping-raw.csv");
        QSettings().setValue(model::NcuReportReader::kSettingKey, kFakeNcu);
        Panel p;
        QSignalSpy done(&p.panel, &ResultsPanel::loadsDone);
        p.panel.openInBackground(report);
        QVERIFY(p.panel.isLoading());
        QVERIFY(p.panel.loadProgressBar()->isVisibleTo(&p.panel));
        QVERIFY(done.wait(30000));
        QVERIFY2(p.panel.messageLevel() != ResultsPanel::Level::Error, qPrintable(p.panel.message()));
        QCOMPARE(p.session.files().size(), 1);
        QVERIFY(p.panel.grouped());
        QCOMPARE(p.panel.kernelsModel()->rowCount(), 3);
    }

    // Without Nsight Compute: its one-line message, and what is open stays.
    void reportWithoutNcu()
    {
        QTemporaryDir dir;
        const QString report = makeReport(dir, "launches-grouping-raw.csv");
        QSettings().setValue(model::NcuReportReader::kSettingKey, dir.filePath("no-such-ncu"));
        const QByteArray path = qgetenv("PATH");
        qputenv("PATH", "/nonexistent");
        qunsetenv("ROOFLAB_NCU");
        const QString found = model::NcuReportReader::findNcu();
        if (!found.isEmpty()) {
            qputenv("PATH", path);
            QSKIP("an ncu is installed here; the message without one cannot be seen");
        }
        Panel p;
        QVERIFY(p.panel.openFile(ncuData("launches-grouping-raw.csv")));
        QSignalSpy done(&p.panel, &ResultsPanel::loadsDone);
        p.panel.openInBackground(report);
        const bool finished = !done.isEmpty() || done.wait(20000); // no ncu: refused at once
        qputenv("PATH", path);
        QVERIFY(finished);
        QCOMPARE(p.panel.messageLevel(), ResultsPanel::Level::Error);
        QVERIFY2(p.panel.message().contains(model::NcuReportReader::missingNcuMessage(report)),
                 qPrintable(p.panel.message()));
        QCOMPARE(p.session.files().size(), 1);
    }
};

QTEST_MAIN(TestGuiKernels)
#include "tst_gui_kernels.moc"
