// Results as documents: the sample data is a file like any other (closed, replaced by what the
// user opens unless asked to add), shares are of each file's own time, the table and the
// Kernels view name each row's file, a file can be hidden or closed without touching the others,
// a new file never hides behind a filter, and the kernel column stays in view when the table
// scrolls sideways. Offscreen.
#include "chart/rooflinechart.h"
#include "panels/kernelstablemodel.h"
#include "panels/resultspanel.h"
#include "panels/resultssession.h"
#include "panels/resultstablemodel.h"
#include "panels/resultstableview.h"
#include "specdb.h"

#include <QFile>
#include <QFileInfo>
#include <QHeaderView>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLineEdit>
#include <QListWidget>
#include <QScrollBar>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

namespace {

const QString kSuite = QStringLiteral(ROOFLAB_SOURCE_RESOURCES_DIR "/samples/h200-suite.json");
const QString kLadder = QStringLiteral(ROOFLAB_SOURCE_RESOURCES_DIR "/samples/h200-gemm-ladder.json");
const QString kNcu = QStringLiteral(ROOFLAB_TEST_DATA "/ncu/launches-grouping-raw.csv");
const QString kSmall = QStringLiteral(ROOFLAB_TEST_DATA "/results/small.json");
const QString kTruncated = QStringLiteral(ROOFLAB_TEST_DATA "/results/truncated.json");

QString abs(const QString &path)
{
    return QFileInfo(path).absoluteFilePath();
}

// A kernel's share of its file's time, worked out from the file itself (each measurement is
// one launch of its kernel): what the Kernels view must show for it.
double shareInFile(const QString &path, const QString &kernel)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return -1;
    double mine = 0, total = 0;
    for (const QJsonValue v : QJsonDocument::fromJson(f.readAll())["measurements"].toArray()) {
        const double t = v["time_s"]["median"].toDouble();
        total += t;
        if (v["kernel"].toString() == kernel)
            mine += t;
    }
    return total > 0 ? mine / total : -1;
}

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
        panel.resize(900, 600);
    }
    QStringList openPaths() const
    {
        QStringList out;
        for (const ResultsSession::Document &d : session.files())
            out << d.path;
        return out;
    }
    bool openInBackground(const QStringList &paths, ResultsSession::OpenMode mode)
    {
        QSignalSpy done(&panel, &ResultsPanel::loadsDone);
        panel.openInBackground(paths, mode);
        return done.wait(20000);
    }
    // Three files side by side: the samples, the GEMM ladder and an Nsight CSV.
    void openThree()
    {
        QVERIFY(panel.openFile(kSuite));
        QVERIFY(panel.openFile(kLadder));
        QVERIFY(panel.openFile(kNcu));
    }
    int shownRowsOf(const QString &path) const
    {
        int n = 0;
        const ResultsFilterModel *proxy = panel.filterModel();
        for (int r = 0; r < proxy->rowCount(); ++r)
            n += panel.tableModel()->file(proxy->mapToSource(proxy->index(r, 0)).row()) == path ? 1 : 0;
        return n;
    }
    int rowsOf(const QString &path) const
    {
        int n = 0;
        for (int r = 0; r < panel.tableModel()->rowCount(); ++r)
            n += panel.tableModel()->file(r) == path ? 1 : 0;
        return n;
    }
};

} // namespace

class TestGuiResultsDocs : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QSettings().clear();
        QVERIFY(QFileInfo::exists(kSuite) && QFileInfo::exists(kLadder) && QFileInfo::exists(kNcu));
    }
    void cleanup() { QSettings().clear(); }

    // File → Open (and the command line) replaces the open files, the samples among them;
    // several files of one gesture stay together; Add keeps what is open.
    void openReplacesAddKeeps()
    {
        Panel p;
        QVERIFY(p.panel.openFile(kSuite)); // as the start-up opens the samples
        QSignalSpy messages(&p.panel, &ResultsPanel::messageShown);
        QVERIFY(p.openInBackground({kLadder, kNcu}, ResultsSession::OpenMode::Replace));
        QCOMPARE(p.openPaths(), QStringList({abs(kLadder), abs(kNcu)}));
        // the user is told what was closed, and how to keep it
        QVERIFY(!messages.isEmpty());
        const QString said = messages.first().first().toString();
        QVERIFY2(said.contains(QStringLiteral("h200-suite.json")) &&
                     said.contains(QStringLiteral("Add to open results")),
                 qPrintable(said));
        QCOMPARE(p.rowsOf(abs(kSuite)), 0);
        QVERIFY(p.openInBackground({kSuite}, ResultsSession::OpenMode::Add));
        QCOMPARE(p.openPaths(), QStringList({abs(kLadder), abs(kNcu), abs(kSuite)}));
        QVERIFY(p.panel.filesList()->isVisibleTo(&p.panel));
        QCOMPARE(p.panel.filesList()->count(), 3);
    }

    // A file that cannot be read closes nothing, even when it was to replace them.
    void refusedFileLosesNothing_data()
    {
        QTest::addColumn<QString>("bad");
        QTest::newRow("truncated json") << kTruncated;
        QTest::newRow("missing file") << QStringLiteral("/no/such/results.json");
    }
    void refusedFileLosesNothing()
    {
        QFETCH(QString, bad);
        Panel p;
        p.openThree();
        const int rows = p.panel.tableModel()->rowCount();
        QVERIFY(p.openInBackground({bad}, ResultsSession::OpenMode::Replace));
        QCOMPARE(p.panel.messageLevel(), ResultsPanel::Level::Error);
        QCOMPARE(p.session.files().size(), 3);
        QCOMPARE(p.panel.tableModel()->rowCount(), rows);
        QVERIFY(!p.panel.openFile(bad, ResultsSession::OpenMode::Replace));
        QCOMPARE(p.session.files().size(), 3);
    }

    // The samples, the GEMM ladder and an Nsight CSV together. Every share is
    // of its own file's time, each file's add up to 100 %, and each row names its file.
    void sharesPerFile()
    {
        Panel p;
        p.openThree();
        p.panel.setGrouped(true);
        KernelsTableModel *k = p.panel.kernelsModel();
        QHash<QString, double> sums;
        double reduce = 0; // memory.reduce's share (92.4 %) is of the samples' own time
        for (int r = 0; r < k->rowCount(); ++r) {
            const QString file = k->index(r, 0).data(KernelsTableModel::FileRole).toString();
            QVERIFY(p.openPaths().contains(file));
            QCOMPARE(k->index(r, KernelsTableModel::Source).data().toString(), QFileInfo(file).fileName());
            sums[file] += k->share(r);
            if (k->fullName(r) == QLatin1String("memory.reduce")) {
                QCOMPARE(file, abs(kSuite));
                reduce += k->share(r);
            }
        }
        QCOMPARE(sums.size(), 3);
        for (auto it = sums.cbegin(); it != sums.cend(); ++it)
            QVERIFY2(qAbs(it.value() - 1.0) < 1e-6,
                     qPrintable(QStringLiteral("%1: %2").arg(it.key()).arg(it.value())));
        const double expected = shareInFile(kSuite, QStringLiteral("memory.reduce"));
        QVERIFY2(expected > 0.5 && qAbs(reduce - expected) < 1e-9,
                 qPrintable(QStringLiteral("%1, the file says %2").arg(reduce).arg(expected)));
        // the header says what the share is of
        QCOMPARE(k->headerData(KernelsTableModel::Share, Qt::Horizontal).toString(),
                 QStringLiteral("Share of file"));
        // as the view lists them: one file's kernels together, each file the most time first
        const QAbstractItemModel *view = p.panel.kernelsView()->model();
        QStringList order;
        double last = 0;
        for (int r = 0; r < view->rowCount(); ++r) {
            const QString file = view->index(r, 0).data(KernelsTableModel::FileRole).toString();
            const double t =
                view->index(r, KernelsTableModel::Time).data(KernelsTableModel::SortRole).toDouble();
            if (order.isEmpty() || order.last() != file) {
                QVERIFY2(!order.contains(file), qPrintable(file + QStringLiteral(" split in two")));
                order << file;
            } else {
                QVERIFY(t <= last);
            }
            last = t;
        }
        QCOMPARE(order, p.openPaths());
        // the measurements table: its File column, second from the left
        p.panel.setGrouped(false);
        ResultsTableModel *t = p.panel.tableModel();
        for (int r = 0; r < t->rowCount(); ++r)
            QCOMPARE(t->index(r, ResultsTableModel::Source).data().toString(),
                     QFileInfo(t->file(r)).fileName());
        QCOMPARE(p.panel.view()->horizontalHeader()->visualIndex(ResultsTableModel::Source), 1);
        QVERIFY(!p.panel.view()->isColumnHidden(ResultsTableModel::Source));
    }

    // Unchecked in the list of files: its rows leave the table, the Kernels view and the chart;
    // checked again, they come back. Nothing is closed.
    void hideFile()
    {
        Panel p;
        p.openThree();
        p.panel.setGrouped(true); // the Kernels view and one point per kernel
        p.panel.updateChartNow();
        const int points = p.panel.chartPointCount();
        const int ladderRows = p.rowsOf(abs(kLadder));
        QCOMPARE(p.shownRowsOf(abs(kLadder)), ladderRows);
        QListWidgetItem *item = p.panel.filesList()->item(1);
        QVERIFY(item->text().contains(QStringLiteral("h200-gemm-ladder.json")));
        item->setCheckState(Qt::Unchecked);
        QVERIFY(p.session.files().at(1).hidden);
        QCOMPARE(p.shownRowsOf(abs(kLadder)), 0);
        QCOMPARE(p.shownRowsOf(abs(kSuite)), p.rowsOf(abs(kSuite)));
        QCOMPARE(p.panel.tableModel()->rowCount(), p.rowsOf(abs(kSuite)) + ladderRows + p.rowsOf(abs(kNcu)));
        p.panel.updateChartNow();
        QVERIFY2(
            p.panel.chartPointCount() < points,
            qPrintable(QStringLiteral("%1 points, %2 before").arg(p.panel.chartPointCount()).arg(points)));
        const QAbstractItemModel *kernels = p.panel.kernelsView()->model();
        QVERIFY(kernels->rowCount() > 0);
        for (int r = 0; r < kernels->rowCount(); ++r)
            QVERIFY(kernels->index(r, 0).data(KernelsTableModel::FileRole).toString() != abs(kLadder));
        item->setCheckState(Qt::Checked);
        QCOMPARE(p.shownRowsOf(abs(kLadder)), ladderRows);
        p.panel.updateChartNow();
        QCOMPARE(p.panel.chartPointCount(), points);
    }

    // Closing one file leaves the others as they were: rows, order, hidden state.
    void closeOneKeepsOthers()
    {
        Panel p;
        p.openThree();
        p.panel.filesList()->item(2)->setCheckState(Qt::Unchecked); // the ncu export hidden
        const int suiteRows = p.rowsOf(abs(kSuite)), ncuRows = p.rowsOf(abs(kNcu));
        p.panel.filesList()->setCurrentRow(1);
        QVERIFY(p.panel.closeSelectedFile());
        QCOMPARE(p.openPaths(), QStringList({abs(kSuite), abs(kNcu)}));
        QCOMPARE(p.rowsOf(abs(kSuite)), suiteRows);
        QCOMPARE(p.rowsOf(abs(kNcu)), ncuRows);
        QCOMPARE(p.rowsOf(abs(kLadder)), 0);
        QVERIFY(p.session.files().at(1).hidden);
        QCOMPARE(p.panel.filesList()->item(1)->checkState(), Qt::Unchecked);
        QCOMPARE(p.shownRowsOf(abs(kNcu)), 0);
        QCOMPARE(p.shownRowsOf(abs(kSuite)), suiteRows);
        p.panel.closeAllFiles();
        QVERIFY(p.session.files().isEmpty());
        QCOMPARE(p.panel.tableModel()->rowCount(), 0);
        QVERIFY(!p.panel.filesList()->isVisibleTo(&p.panel));
    }

    // A filter typed for one file never hides the next file's rows without a word.
    void newFileClearsFilter()
    {
        Panel p;
        QVERIFY(p.panel.openFile(kSuite));
        p.panel.filterEdit()->setText(QStringLiteral("reduce"));
        QVERIFY(p.panel.filterModel()->rowCount() < p.panel.tableModel()->rowCount());
        QVERIFY(p.openInBackground({kLadder}, ResultsSession::OpenMode::Add));
        QVERIFY(p.panel.filterEdit()->text().isEmpty());
        QVERIFY2(p.panel.message().contains(QStringLiteral("filter")), qPrintable(p.panel.message()));
        // the columns fit the rows now shown, not the few the filter had let through
        QTableView *view = p.panel.view();
        const QAbstractItemView *items = view; // sizeHintForColumn is public there
        QVERIFY2(view->columnWidth(ResultsTableModel::Kernel) >=
                     items->sizeHintForColumn(ResultsTableModel::Kernel),
                 qPrintable(QStringLiteral("%1 < %2")
                                .arg(view->columnWidth(ResultsTableModel::Kernel))
                                .arg(items->sizeHintForColumn(ResultsTableModel::Kernel))));
        QCOMPARE(p.shownRowsOf(abs(kLadder)), p.rowsOf(abs(kLadder)));
        QVERIFY(p.rowsOf(abs(kLadder)) > 0);
    }

    // The filter says "kernel, parameters, file": a file's name keeps that file's kernels in
    // the Kernels view as it keeps its measurements in the table (it emptied the view).
    void fileNameFiltersBothViews()
    {
        Panel p;
        p.openThree();
        p.panel.setGrouped(true);
        const QString name = QFileInfo(kNcu).completeBaseName();
        p.panel.filterEdit()->setText(name);
        QCOMPARE(p.shownRowsOf(abs(kNcu)), p.rowsOf(abs(kNcu)));
        QCOMPARE(p.panel.filterModel()->rowCount(), p.rowsOf(abs(kNcu)));
        const QAbstractItemModel *view = p.panel.kernelsView()->model();
        QVERIFY(view->rowCount() > 0);
        for (int r = 0; r < view->rowCount(); ++r)
            QCOMPARE(view->index(r, 0).data(KernelsTableModel::FileRole).toString(), abs(kNcu));
        // a kernel's name still finds its rows in every file
        p.panel.filterEdit()->setText(QStringLiteral("memory.reduce"));
        QVERIFY(view->rowCount() >= 1);
        for (int r = 0; r < view->rowCount(); ++r)
            QVERIFY(
                view->index(r, 0).data(Qt::ToolTipRole).toString().contains(QStringLiteral("memory.reduce")));
    }

    // The 17 rows of gemm.reg2d in the ladder read apart: the kernel column names what differs.
    void rowsOfOneKernelReadApart()
    {
        Panel p;
        QVERIFY(p.panel.openFile(kLadder));
        ResultsTableModel *t = p.panel.tableModel();
        QHash<QString, QSet<QString>> texts;
        QHash<QString, QSet<QString>> params;
        for (int r = 0; r < t->rowCount(); ++r) {
            const model::Measurement &m = t->measurement(r);
            const QString shown = t->index(r, ResultsTableModel::Kernel).data().toString();
            QVERIFY(shown.startsWith(m.kernel));
            texts[m.kernel].insert(shown);
            params[m.kernel].insert(t->index(r, ResultsTableModel::Params).data().toString());
        }
        QVERIFY(params.value(QStringLiteral("gemm.reg2d")).size() > 1);
        for (auto it = params.cbegin(); it != params.cend(); ++it)
            QCOMPARE(texts.value(it.key()).size(), it.value().size());
        // the Kernels view, one row per kernel and parameter set, names them apart the same way
        p.panel.setGrouped(true);
        KernelsTableModel *k = p.panel.kernelsModel();
        QSet<QString> reg2d;
        int rows = 0;
        for (int r = 0; r < k->rowCount(); ++r)
            if (k->fullName(r) == QLatin1String("gemm.reg2d")) {
                ++rows;
                reg2d.insert(k->index(r, KernelsTableModel::Kernel).data().toString());
            }
        QCOMPARE(rows, int(params.value(QStringLiteral("gemm.reg2d")).size()));
        QCOMPARE(reg2d.size(), rows);
    }

    // Scrolled to the far right, the kernel names are still there, over the left edge; the
    // overlay selects what the table selects.
    void kernelColumnStaysInView()
    {
        Panel p;
        QVERIFY(p.panel.openFile(kLadder));
        p.panel.resize(420, 500);
        p.panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&p.panel));
        ResultsTableView *view = p.panel.view();
        QScrollBar *bar = view->horizontalScrollBar();
        QVERIFY2(bar->maximum() > 0, "the table fits: nothing to scroll");
        bar->setValue(bar->maximum());
        QApplication::processEvents();
        QCOMPARE(view->frozenColumn(), int(ResultsTableModel::Kernel));
        QTableView *frozen = view->frozenView();
        QVERIFY(frozen->isVisible());
        QVERIFY(view->columnViewportPosition(ResultsTableModel::Kernel) < 0); // scrolled away below
        QCOMPARE(frozen->geometry().left(), view->viewport()->geometry().left());
        QCOMPARE(frozen->columnWidth(ResultsTableModel::Kernel),
                 view->columnWidth(ResultsTableModel::Kernel));
        QVERIFY(frozen->width() <= view->viewport()->width() / 2 + 1); // room left for the rest
        for (int c = 0; c < view->model()->columnCount(); ++c)
            QCOMPARE(frozen->isColumnHidden(c), c != ResultsTableModel::Kernel);
        const QModelIndex first = view->model()->index(0, ResultsTableModel::Kernel);
        const QRect cell = frozen->visualRect(first);
        QVERIFY(frozen->viewport()->rect().contains(cell));
        QVERIFY(first.data().toString().startsWith(QStringLiteral("gemm.")));
        // a row far down: both scroll to it together
        p.panel.selectRow(view->model()->rowCount() - 1);
        QApplication::processEvents();
        QCOMPARE(frozen->selectionModel(), view->selectionModel());
        QCOMPARE(frozen->verticalScrollBar()->value(), view->verticalScrollBar()->value());
        QVERIFY(frozen->viewport()->rect().intersects(frozen->visualRect(
            view->model()->index(view->model()->rowCount() - 1, ResultsTableModel::Kernel))));
        // the Kernels view keeps its names too
        p.panel.setGrouped(true);
        QCOMPARE(p.panel.kernelsView()->frozenColumn(), int(KernelsTableModel::Kernel));
    }
};

QTEST_MAIN(TestGuiResultsDocs)
#include "tst_gui_results_docs.moc"
