// The main window and its roofline chart, driven like a user would (offscreen): pick a GPU,
// add workloads, toggle axes, overlay GPUs, export, and get the same choices back next run.
#include "chart/rooflinechart.h"
#include "panels/occupancypanel.h"
#include "panels/workloadpanel.h"
#include "roofline.h"
#include "shell/ceilingtoggles.h"
#include "shell/gpupicker.h"
#include "shell/mainwindow.h"
#include "specdb.h"
#include "units.h"
#include "workloads.h"
#include "workspace/workspace.h"

#include <QApplication>
#include <QFile>
#include <QImage>
#include <QMouseEvent>
#include <QPainter>
#include <QPushButton>
#include <QRegularExpression>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QStatusBar>
#include <QSvgRenderer>
#include <QTemporaryDir>
#include <QTest>
#include <QToolTip>
#include <QTreeView>

class TestGuiRoofline : public QObject
{
    Q_OBJECT
    model::SpecDb m_db;

    // Clicks the GPU's row in a picker's tree, as a user would after typing in the search box.
    static void clickGpu(GpuPicker *picker, const model::Gpu &gpu)
    {
        picker->setFilterText(gpu.id);
        auto *view = picker->findChild<QTreeView *>();
        QVERIFY(view);
        const QModelIndexList hits =
            view->model()->match(view->model()->index(0, 0), Qt::DisplayRole, gpu.displayName(), 1,
                                 Qt::MatchExactly | Qt::MatchRecursive);
        QCOMPARE(hits.size(), 1);
        view->scrollTo(hits.first());
        QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, view->visualRect(hits.first()).center());
    }

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("RoofLabTest"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_gui_roofline"));
        QSettings().clear();
        m_db.loadDirectory(QStringLiteral(ROOFLAB_SOURCE_RESOURCES_DIR "/gpus"));
        QVERIFY(m_db.errors().isEmpty());
        QVERIFY(m_db.find(QStringLiteral("h200-sxm")));
    }

    void cleanup() { QSettings().clear(); }

    void opensOnH200ByDefault()
    {
        MainWindow w(m_db);
        QCOMPARE(w.currentGpuId(), QStringLiteral("h200-sxm"));
        QVERIFY(w.chart()->ceilingLabels().contains(QStringLiteral("BF16 Tensor 989.5 TFLOP/s")));
        QVERIFY(w.chart()->isLogScale());
        const QRectF r = w.chart()->visibleRange();
        QCOMPARE(r.left(), 0.01);
        QVERIFY(qAbs(r.right() / 1e4 - 1) < 0.01);
    }

    void pickGpu_data()
    {
        QTest::addColumn<QString>("gpu");
        QTest::addColumn<QString>("ceiling");
        QTest::addColumn<QString>("memory");
        QTest::addColumn<QString>("ridge");
        QTest::newRow("h200-sxm: the Triton tutorial's ridge 206") << "h200-sxm"
                                                                   << "BF16 Tensor 989.5 TFLOP/s"
                                                                   << "HBM 4.8 TB/s"
                                                                   << "ridge 206 FLOP/B";
        QTest::newRow("a100-sxm4-80gb: 312 / 2.039 = 153") << "a100-sxm4-80gb"
                                                           << "BF16 Tensor 312 TFLOP/s"
                                                           << "HBM 2.039 TB/s"
                                                           << "ridge 153 FLOP/B";
        QTest::newRow("teaching-gpu: operators-and-kernels notes, 20 TFLOP/s / 500 GB/s = 40")
            << "teaching-gpu"
            << "FP32 20 TFLOP/s"
            << "HBM 500 GB/s"
            << "ridge 40 FLOP/B";
    }

    void pickGpu()
    {
        QFETCH(QString, gpu);
        QFETCH(QString, ceiling);
        QFETCH(QString, memory);
        QFETCH(QString, ridge);
        MainWindow w(m_db);
        w.selectGpu(QStringLiteral("rtx-4090")); // start somewhere else, so the click is a change
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QSignalSpy changed(&w, &MainWindow::gpuChanged);

        clickGpu(w.gpuPicker(), *m_db.find(gpu));
        QCOMPARE(w.currentGpuId(), gpu);
        QCOMPARE(changed.size(), 1);
        QCOMPARE(changed.first().first().value<model::Gpu>().id, gpu);
        const QStringList labels = w.chart()->ceilingLabels();
        QVERIFY2(labels.contains(ceiling), qPrintable(labels.join(" | ")));
        QVERIFY2(labels.contains(memory), qPrintable(labels.join(" | ")));
        QVERIFY2(w.chart()->ridgeLabels().contains(ridge), qPrintable(w.chart()->ridgeLabels().join(" | ")));
        QVERIFY(!labels.join(' ').contains(QStringLiteral("RTX"))); // the old GPU is gone
    }

    void searchFilters()
    {
        MainWindow w(m_db);
        w.gpuPicker()->setFilterText(QStringLiteral("hopper"));
        const QStringList ids = w.gpuPicker()->visibleIds();
        QVERIFY(ids.contains(QStringLiteral("h100-sxm")));
        QVERIFY(!ids.contains(QStringLiteral("a100-sxm4-80gb")));
        w.gpuPicker()->setFilterText(QString());
        QCOMPARE(w.gpuPicker()->visibleIds().size(), m_db.gpus().size());
    }

    void togglesFollowGpu()
    {
        MainWindow w(m_db);
        w.selectGpu(QStringLiteral("teaching-gpu"));
        QCOMPARE(w.ceilingToggles()->offeredPrecisions(), QStringList{QStringLiteral("fp32")});
        w.selectGpu(QStringLiteral("h200-sxm"));
        QVERIFY(w.ceilingToggles()->offeredPrecisions().contains(QStringLiteral("fp8_tc")));
        w.ceilingToggles()->setPrecisionChecked(QStringLiteral("fp8_tc"), true);
        QVERIFY(w.chart()->ceilingLabels().contains(QStringLiteral("FP8 Tensor 1.979 PFLOP/s")));
        QVERIFY(w.chart()->ridgeLabels().contains(QStringLiteral("ridge 412 FLOP/B")));
        w.ceilingToggles()->setLevelChecked(QStringLiteral("smem"), false);
        QVERIFY(!w.chart()->ceilingLabels().join(' ').contains(QStringLiteral("Shared memory")));
    }

    void addWorkload_data()
    {
        QTest::addColumn<QString>("gpu");
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("dtype");
        QTest::addColumn<model::Shape>("shape");
        QTest::addColumn<QString>("bound");
        QTest::newRow("h200 gemm bf16 4096^3 (AI 1365, compute-bound)")
            << "h200-sxm"
            << "gemm"
            << "bf16" << model::Shape{{"M", 4096}, {"N", 4096}, {"K", 4096}} << "compute-bound";
        QTest::newRow("a100 vector_add fp32 (AI 1/12, memory-bound)")
            << "a100-sxm4-80gb"
            << "vector_add"
            << "fp32" << model::Shape{{"n", 1 << 20}} << "memory-bound";
        QTest::newRow("teaching softmax fp32")
            << "teaching-gpu"
            << "softmax"
            << "fp32" << model::Shape{{"rows", 1024}, {"cols", 1024}} << "memory-bound";
        QTest::newRow("h200 fused attention bf16")
            << "h200-sxm"
            << "attention"
            << "bf16" << model::Shape{{"B", 1}, {"H", 8}, {"S", 4096}, {"D", 128}} << "compute-bound";
    }

    void addWorkload()
    {
        QFETCH(QString, gpu);
        QFETCH(QString, kind);
        QFETCH(QString, dtype);
        QFETCH(model::Shape, shape);
        QFETCH(QString, bound);
        MainWindow w(m_db);
        w.selectGpu(gpu);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        WorkloadPanel *panel = w.workloadPanel();
        panel->setKind(kind);
        panel->setDtype(dtype);
        for (auto it = shape.begin(); it != shape.end(); ++it)
            panel->setShapeValue(it.key(), it.value());
        auto *add = panel->findChild<QPushButton *>();
        QVERIFY(add);
        QCOMPARE(add->text(), QStringLiteral("Add point"));
        QTest::mouseClick(add, Qt::LeftButton);

        const auto d = *model::parseDtype(dtype);
        const auto work = model::workloads::count(kind, d, shape);
        QVERIFY(work);
        const model::Gpu &g = *m_db.find(gpu);
        const model::Attainable att = model::Roofline(g).attainable(work->ai(), model::precisionFor(g, d));

        QCOMPARE(w.chart()->pointIds().size(), 1);
        const QString id = w.chart()->pointIds().first();
        const auto at = w.chart()->pointCoords(id);
        QVERIFY(at);
        QCOMPARE(at->x(), work->ai());
        QCOMPARE(at->y(), att.flopPerS);
        const QString tip = w.chart()->point(id)->tooltip;
        QVERIFY2(tip.contains(model::formatSi(att.flopPerS, "FLOP/s", 4)), qPrintable(tip));
        QVERIFY2(tip.contains(model::formatSi(work->flops, "FLOP")), qPrintable(tip));
        QVERIFY2(tip.contains(bound), qPrintable(tip));

        // Hovering the marker reports it (the tooltip is shown from the same hit test).
        QSignalSpy hovered(w.chart(), &RooflineChart::pointHovered);
        const QPoint p = w.chart()->pixelFor(at->x(), at->y());
        QWidget *target = w.chart()->childAt(p);
        QVERIFY(target);
        const QPoint local = target->mapFrom(w.chart(), p);
        QMouseEvent move(QEvent::MouseMove, local, target->mapToGlobal(local), Qt::NoButton, Qt::NoButton,
                         Qt::NoModifier);
        QApplication::sendEvent(target, &move);
        QCOMPARE(hovered.size(), 1);
        QCOMPARE(hovered.first().first().toString(), id);
        QToolTip::hideText();

        // Clicking the marker reports its id and selects its row.
        QSignalSpy clicked(w.chart(), &RooflineChart::pointClicked);
        QTest::mouseClick(target, Qt::LeftButton, {}, target->mapFrom(w.chart(), p));
        QCOMPARE(clicked.size(), 1);
        QCOMPARE(clicked.first().first().toString(), id);
        QCOMPARE(w.chart()->highlighted(), id);

        // The point follows the GPU: same AI, the new roof.
        w.selectGpu(QStringLiteral("b200"));
        const model::Gpu &b = *m_db.find(QStringLiteral("b200"));
        QCOMPARE(w.chart()->pointCoords(w.chart()->pointIds().first())->y(),
                 model::Roofline(b).attainable(work->ai(), model::precisionFor(b, d)).flopPerS);

        panel->removeEntry(panel->entries().first().id);
        QVERIFY(w.chart()->pointIds().isEmpty());
    }

    void badWorkload_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("field");
        QTest::addColumn<double>("value");
        QTest::addColumn<QString>("message");
        QTest::newRow("gemm M=0") << "gemm"
                                  << "M" << 0.0 << "\"M\"";
        QTest::newRow("softmax negative rows") << "softmax"
                                               << "rows" << -5.0 << "\"rows\"";
        QTest::newRow("copy has no FLOPs") << "copy"
                                           << "n" << 1024.0 << "0 FLOPs";
    }

    void badWorkload()
    {
        QFETCH(QString, kind);
        QFETCH(QString, field);
        QFETCH(double, value);
        QFETCH(QString, message);
        MainWindow w(m_db);
        w.workloadPanel()->setKind(kind);
        w.workloadPanel()->setShapeValue(field, value);
        QString error;
        QVERIFY(!w.workloadPanel()->addCurrent(&error));
        QVERIFY2(error.contains(message), qPrintable(error));
        QCOMPARE(w.workloadPanel()->message(), error); // shown to the user, not only returned
        QVERIFY(w.chart()->pointIds().isEmpty());
    }

    void logLinear()
    {
        MainWindow w(m_db);
        w.selectGpu(QStringLiteral("teaching-gpu"));
        QVERIFY(w.chart()->isLogScale());
        w.setLogScale(false);
        QVERIFY(!w.chart()->isLogScale());
        QCOMPARE(w.chart()->visibleRange().left(), 0.0);
        QCOMPARE(w.chart()->visibleRange().top(), 0.0);
        QVERIFY(w.chart()->visibleRange().right() > 40); // the teaching GPU's ridge is on screen
        w.setLogScale(true);
        QVERIFY(w.chart()->isLogScale());
        QCOMPARE(w.chart()->visibleRange().left(), 0.01);

        // Zoom, then reset.
        w.chart()->setVisibleRange(QRectF(1, 1e12, 9, 1e13));
        QCOMPARE(w.chart()->visibleRange().left(), 1.0);
        w.chart()->resetView();
        QCOMPARE(w.chart()->visibleRange().left(), 0.01);
    }

    void exportFormats_data()
    {
        QTest::addColumn<QString>("suffix");
        QTest::addColumn<QByteArray>("magic");
        QTest::newRow("png") << "png" << QByteArray("\x89PNG");
        QTest::newRow("svg") << "svg" << QByteArray("<?xml");
        QTest::newRow("pdf") << "pdf" << QByteArray("%PDF");
    }

    void exportFormats()
    {
        QFETCH(QString, suffix);
        QFETCH(QByteArray, magic);
        QTemporaryDir dir;
        MainWindow w(m_db);
        w.workloadPanel()->addCurrent();
        const QString file = dir.filePath(QStringLiteral("chart.") + suffix);
        QVERIFY(w.exportChart(file, 1200, 800));
        QFile f(file);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray data = f.readAll();
        QVERIFY(data.size() > 1000);
        QVERIFY2(data.startsWith(magic), data.left(16).constData());
        if (suffix == QLatin1String("png"))
            QCOMPARE(QImage(file).size(), QSize(1200, 800));
        if (suffix == QLatin1String("svg"))
            QVERIFY(data.contains("TFLOP/s"));
    }

    void overlayFourGpus()
    {
        MainWindow w(m_db);
        w.selectGpu(QStringLiteral("h200-sxm"));
        w.setComparisonGpus(
            {QStringLiteral("a100-sxm4-80gb"), QStringLiteral("h100-sxm"), QStringLiteral("b200")});
        QCOMPARE(w.chart()->gpus().size(), 4);
        const QStringList labels = w.chart()->ceilingLabels();
        QVERIFY(labels.contains(QStringLiteral("BF16 Tensor 312 TFLOP/s")));
        QVERIFY(labels.contains(QStringLiteral("BF16 Tensor 2.25 PFLOP/s")));
        QVERIFY(labels.contains(QStringLiteral("HBM 7.7 TB/s")));
        QVERIFY(labels.contains(QStringLiteral("HBM 3.35 TB/s")));
        // One ridge per GPU in an overlay: its top visible precision against HBM.
        QCOMPARE(w.chart()->ridgeLabels(), (QStringList{"ridge 206 FLOP/B", "ridge 153 FLOP/B",
                                                        "ridge 295 FLOP/B", "ridge 292 FLOP/B"}));
        // Shading follows the primary GPU.
        QCOMPARE(qRound(w.chart()->shadingRidge()), 206);

        // A fourth comparison GPU is refused, not swapped in silently.
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.comparePicker()->setCheckedIds({"a100-sxm4-80gb", "h100-sxm", "b200", "mi300x"});
        QCOMPARE(w.comparisonGpuIds().size(), 3);
        QCOMPARE(w.chart()->gpus().size(), 4);
    }

    void chartApi()
    {
        RooflineChart chart;
        chart.resize(900, 600);
        chart.setGpus({*m_db.find(QStringLiteral("h200-sxm"))});
        ChartPoint predicted;
        predicted.id = QStringLiteral("p");
        predicted.ai = 10;
        predicted.flopPerS = 48e12;
        ChartPoint measured = predicted;
        measured.id = QStringLiteral("m");
        measured.kind = ChartPoint::Kind::Measured;
        measured.flopPerS = 40e12;
        chart.setPoints({predicted, measured}, QStringLiteral("runs"));
        chart.setPoints({predicted}, QStringLiteral("other"));
        QCOMPARE(chart.pointIds().size(), 3);
        chart.clearGroup(QStringLiteral("other"));
        QCOMPARE(chart.pointIds().size(), 2);
        QCOMPARE(*chart.pointCoords(QStringLiteral("m")), QPointF(10, 40e12));
        chart.setHighlighted(QStringLiteral("m"));
        QCOMPARE(chart.highlighted(), QStringLiteral("m"));

        model::MeasuredCeiling c;
        c.kind = QStringLiteral("memory");
        c.level = QStringLiteral("hbm");
        c.value = 4.3e12;
        c.probe = QStringLiteral("copy");
        chart.setMeasuredCeilings({ChartCeiling{c, 0, {}}});
        QCOMPARE(chart.measuredLabels(), QStringList{QStringLiteral("measured HBM 4.3 TB/s (copy probe)")});
        // Two L2 roofs of one GPU (loads, copy engine): the drawn labels name their probes.
        model::MeasuredCeiling loads = c, bulk = c;
        loads.level = bulk.level = QStringLiteral("l2");
        loads.value = 8.6e12;
        loads.probe = QStringLiteral("l2_read");
        bulk.value = 11e12;
        bulk.probe = QStringLiteral("l2_bulk");
        chart.setMeasuredCeilings(
            {ChartCeiling{c, 0, {}}, ChartCeiling{loads, 0, {}}, ChartCeiling{bulk, 0, {}}});
        chart.show();
        QVERIFY(QTest::qWaitForWindowExposed(&chart));
        for (int i = 0; i < 3; ++i)
            QApplication::processEvents();
        QStringList drawn;
        for (const RooflineChart::PlacedLabel &l : chart.placedLabels())
            if (l.text.startsWith(QLatin1String("measured")))
                drawn << l.text;
        // Whichever L2 label finds room names its probe; the lone HBM roof does not need to.
        QVERIFY2(drawn.contains(QStringLiteral("measured HBM 4.3 TB/s")), qPrintable(drawn.join(" | ")));
        int l2Drawn = 0;
        for (const QString &t : std::as_const(drawn))
            if (t.startsWith(QLatin1String("measured L2"))) {
                ++l2Drawn;
                QVERIFY2(t == QLatin1String("measured L2 8.6 TB/s (l2_read)") ||
                             t == QLatin1String("measured L2 11 TB/s (l2_bulk)"),
                         qPrintable(t));
            }
        QVERIFY2(l2Drawn > 0, qPrintable(drawn.join(" | ")));
        chart.setMeasuredCeilings({ChartCeiling{c, 0, {}}});

        ChartTrail trail;
        trail.label = QStringLiteral("tile sweep");
        trail.points = {{8, 38e12}, {16, 67e12}, {32, 150e12}};
        trail.pointLabels = {QStringLiteral("16×16"), QStringLiteral("32×32"), QStringLiteral("64×64")};
        chart.setTrails({trail});
        QCOMPARE(chart.trailCount(), 1);

        QTemporaryDir dir;
        QVERIFY(chart.saveImage(dir.filePath(QStringLiteral("c.svg"))));
    }

    // Tick labels in one plain style however the view is panned or zoomed: SI prefixes from
    // 1000 up ("100 k", "1 M", "1 TFLOP/s"), plain decimals below, never an exponent, never a
    // group separator.
    void ticksArePlain_data()
    {
        QTest::addColumn<QRectF>("range"); // x: FLOP/B, y: FLOP/s
        QTest::newRow("default-like") << QRectF(QPointF(0.01, 1e9), QPointF(1e4, 1e16));
        QTest::newRow("panned right: 10^3 .. 10^7 FLOP/B") << QRectF(QPointF(1e3, 1e12), QPointF(1e7, 1e15));
        QTest::newRow("zoomed into one decade") << QRectF(QPointF(100, 1e14), QPointF(1000, 1e15));
        QTest::newRow("panned left: tiny intensities") << QRectF(QPointF(1e-5, 1e6), QPointF(0.1, 1e10));
        QTest::newRow("zoomed far out") << QRectF(QPointF(1e-12, 1), QPointF(1e15, 1e30));
    }
    void ticksArePlain()
    {
        QFETCH(QRectF, range);
        for (const bool log : {true, false}) {
            RooflineChart chart;
            chart.resize(900, 600);
            chart.setGpus({*m_db.find(QStringLiteral("h200-sxm"))});
            chart.setLogScale(log);
            chart.setVisibleRange(range);
            static const QRegularExpression plainX(QStringLiteral("^-?[0-9]+(\\.[0-9]+)?( [kMGTPE])?$"));
            static const QRegularExpression plainY(
                QString::fromUtf8("^-?[0-9]+(\\.[0-9]+)? [kMGTPE]?FLOP/s$"));
            const QStringList x = chart.tickLabels(Qt::Horizontal), y = chart.tickLabels(Qt::Vertical);
            QVERIFY2(x.size() >= 2 && y.size() >= 2, qPrintable(x.join(" | ") + " / " + y.join(" | ")));
            for (const QString &l : x)
                QVERIFY2(plainX.match(l).hasMatch(), qPrintable(l + " in " + x.join(" | ")));
            for (const QString &l : y)
                QVERIFY2(plainY.match(l).hasMatch() || l == "0 FLOP/s",
                         qPrintable(l + " in " + y.join(" | ")));
            if (log) { // zoomed out no further than the prefixes reach
                const QRectF v = chart.visibleRange();
                QVERIFY2(v.left() >= 1e-4 * 0.999 && v.right() <= 1e8 * 1.001, qPrintable(x.join(" | ")));
                QVERIFY2(v.top() >= 1e6 * 0.999 && v.bottom() <= 1e20 * 1.001, qPrintable(y.join(" | ")));
            }
        }
    }

    // An exported chart draws its lines inside the plot only: an SVG painter ignores the axis
    // rect's clip, so a bandwidth diagonal must start at the plot's edge, not run on across the
    // tick labels. Outside the plot only the grey axes and texts are drawn: no coloured pixel.
    void exportKeepsLinesInThePlot_data()
    {
        QTest::addColumn<QString>("suffix");
        QTest::newRow("svg") << QStringLiteral("svg");
        QTest::newRow("png") << QStringLiteral("png");
    }

    void exportKeepsLinesInThePlot()
    {
        QFETCH(QString, suffix);
        RooflineChart chart;
        chart.resize(900, 560);
        chart.show();
        QVERIFY(QTest::qWaitForWindowExposed(&chart));
        chart.setGpus({*m_db.find(QStringLiteral("h200-sxm"))});
        // The diagonals enter at the left and bottom edges (x, y, width, height in FLOP/B, FLOP/s).
        chart.setVisibleRange(QRectF(0.5, 5e11, 4000 - 0.5, 5e15 - 5e11));
        chart.replot();
        const QRect plot = chart.plotArea().toAlignedRect();
        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("c.") + suffix);
        QVERIFY(chart.saveImage(file, chart.width(), chart.height()));
        QImage image(chart.size(), QImage::Format_ARGB32);
        if (suffix == QLatin1String("svg")) {
            QSvgRenderer svg(file);
            QVERIFY(svg.isValid());
            image.fill(Qt::white);
            QPainter painter(&image);
            svg.render(&painter, QRectF(QPointF(0, 0), QSizeF(chart.size())));
        } else {
            QVERIFY(image.load(file));
            QCOMPARE(image.size(), chart.size());
        }
        int coloured = 0;
        QPoint first;
        const QRect inside = plot.adjusted(-2, -2, 2, 2); // the axis line's own width
        for (int y = 0; y < image.height(); ++y)
            for (int x = 0; x < image.width(); ++x) {
                if (inside.contains(x, y))
                    continue;
                const QColor c = image.pixelColor(x, y);
                if (c.hsvSaturation() > 90 && c.value() > 60 && c.alpha() > 200) {
                    if (coloured++ == 0)
                        first = QPoint(x, y);
                }
            }
        QVERIFY2(coloured == 0, qPrintable(QStringLiteral("%1 coloured pixels outside the plot %2,%3 %4x%5, "
                                                          "the first at %6,%7")
                                               .arg(coloured)
                                               .arg(plot.x())
                                               .arg(plot.y())
                                               .arg(plot.width())
                                               .arg(plot.height())
                                               .arg(first.x())
                                               .arg(first.y())));
    }

    void refusedFilesAreShown()
    {
        QTemporaryDir dir;
        QFile bad(dir.filePath(QStringLiteral("broken-gpu.json")));
        QVERIFY(bad.open(QIODevice::WriteOnly));
        bad.write(
            R"({"schema": "rooflab.gpu/1", "id": "broken-gpu", "name": "Broken", "peaks": {"fp32": {"value": -1}}})");
        bad.close();
        model::SpecDb db = m_db;
        db.loadDirectory(dir.path(), true);
        QVERIFY(!db.errors().isEmpty());
        MainWindow w(db);
        QVERIFY(w.refusedFiles().join(' ').contains(QStringLiteral("broken-gpu.json")));
        QVERIFY(w.statusBar()->currentMessage().contains(QStringLiteral("broken-gpu.json")));
    }

    // The window's widgets are views of its Workspace, both ways: what the workspace is told
    // shows in the widgets and the chart, and what a user does in a widget reaches it.
    void windowIsAViewOfItsWorkspace()
    {
        MainWindow w(m_db);
        Workspace *ws = w.workspace();
        QVERIFY(ws);
        QVERIFY(&w.specDb() == &ws->specDb()); // one database, not a copy

        QVERIFY(ws->selectGpu(QStringLiteral("a100-sxm4-80gb")));
        QCOMPARE(w.chart()->gpus().value(0).id, QStringLiteral("a100-sxm4-80gb"));
        QCOMPARE(w.occupancyPanel()->gpu().id, QStringLiteral("a100-sxm4-80gb"));
        ws->setComparisonIds({QStringLiteral("h100-sxm")});
        QCOMPARE(w.comparePicker()->checkedIds(), QStringList{QStringLiteral("h100-sxm")});
        QCOMPARE(w.chart()->gpus().size(), 2);
        ws->setWantedCeilings({QStringLiteral("fp32")}, {QStringLiteral("hbm")});
        QCOMPARE(w.ceilingToggles()->wantedPrecisions(), QStringList{QStringLiteral("fp32")});
        QVERIFY(!w.chart()->ceilingLabels().join(' ').contains(QStringLiteral("FP64")));
        ws->setLogScale(false);
        QVERIFY(!w.chart()->isLogScale());
        WorkloadEntry e;
        e.kind = QStringLiteral("vector_add");
        e.shape = model::workloads::defaultShape(e.kind);
        const QString id = ws->workloads()->add(e);
        QCOMPARE(w.workloadPanel()->entries().size(), 1);
        QVERIFY(w.chart()->pointIds().contains(id));
        ws->setSelectedWorkload(id);
        QCOMPARE(w.chart()->highlighted(), id);
        model::OccupancyInput in;
        in.threadsPerBlock = 512;
        ws->setOccupancyInput(in);
        QCOMPARE(w.occupancyPanel()->input().threadsPerBlock, 512);

        // And back: the widgets write to the workspace.
        w.ceilingToggles()->setPrecisionChecked(QStringLiteral("fp32"), false);
        QVERIFY(!ws->wantedPrecisions().contains(QStringLiteral("fp32")));
        w.occupancyPanel()->setThreads(256);
        QCOMPARE(ws->occupancyInput().threadsPerBlock, 256);
        w.comparePicker()->setCheckedIds({});
        QVERIFY(ws->comparisonIds().isEmpty());
        w.workloadPanel()->removeEntry(id);
        QCOMPARE(ws->workloads()->rowCount(), 0);
        QVERIFY(ws->selectedWorkload().isEmpty());
        w.setLogScale(true);
        QVERIFY(ws->logScale());
    }

    void settingsPersist()
    {
        {
            MainWindow w(m_db);
            w.selectGpu(QStringLiteral("a100-sxm4-80gb"));
            w.setComparisonGpus({QStringLiteral("h100-sxm")});
            w.ceilingToggles()->setPrecisionChecked(QStringLiteral("fp64"), false);
            w.setLogScale(false);
            w.workloadPanel()->setKind(QStringLiteral("triad"));
            QVERIFY(w.workloadPanel()->addCurrent());
            w.close(); // saves
        }
        MainWindow w(m_db);
        QCOMPARE(w.currentGpuId(), QStringLiteral("a100-sxm4-80gb"));
        QCOMPARE(w.comparisonGpuIds(), QStringList{QStringLiteral("h100-sxm")});
        QVERIFY(!w.ceilingToggles()->wantedPrecisions().contains(QStringLiteral("fp64")));
        QVERIFY(!w.chart()->ceilingLabels().contains(QStringLiteral("FP64 9.7 TFLOP/s")));
        QVERIFY(!w.chart()->isLogScale());
        QCOMPARE(w.workloadPanel()->entries().size(), 1);
        QCOMPARE(w.workloadPanel()->entries().first().kind, QStringLiteral("triad"));
        QCOMPARE(w.chart()->pointIds().size(), 1);
    }
};

QTEST_MAIN(TestGuiRoofline)
#include "tst_gui_roofline.moc"
