// Labels on the roofline chart never collide: for every GPU in the database, with both sample
// results files open and the example workloads added, in a 1280×720 and a 1920×1080 window,
// every label drawn lies inside the plot, clear of every other label and of every marker. On
// the default H200 view the ridge label keeps off the dashed ceilings, the BF16 Tensor roof's
// label is shown beside the cublas_bf16 point rather than behind it, and the long measured
// label is one short line (the whole text is its tooltip). A crowd of points gets leader lines
// or hidden labels, never overlaps. A ceiling's or diagonal's label beside its line is never
// nearer another line than its own (lesson 6's BF16 and FP8 roofs, a factor of two apart).
#include "chart/rooflinechart.h"
#include "classroom/classroom.h"
#include "classroom/lessonplayer.h"
#include "classroom/presentationmode.h"
#include "live/livetools.h"
#include "panels/resultspanel.h"
#include "panels/workloadpanel.h"
#include "shell/mainwindow.h"
#include "specdb.h"

#include <QApplication>
#include <QRegularExpression>
#include <QSettings>
#include <QStandardPaths>
#include <QTest>

#include <algorithm>
#include <limits>
#include <memory>

namespace {

// Area shared by two convex shapes (label boxes, turned or not; markers), in square pixels.
double overlapArea(const QPolygonF &a, const QPolygonF &b)
{
    if (!a.boundingRect().intersects(b.boundingRect()))
        return 0;
    const QPolygonF common = a.intersected(b);
    double twice = 0;
    for (int i = 0; i + 1 < common.size(); ++i)
        twice += common[i].x() * common[i + 1].y() - common[i + 1].x() * common[i].y();
    return std::abs(twice) / 2;
}

double pointToSegment(const QPointF &p, const QLineF &s)
{
    const QPointF d = s.p2() - s.p1();
    const double len2 = d.x() * d.x() + d.y() * d.y();
    const double t = len2 > 0 ? std::clamp(QPointF::dotProduct(p - s.p1(), d) / len2, 0.0, 1.0) : 0.0;
    return QLineF(p, s.p1() + d * t).length();
}

// How near a drawn line comes to a label's box: 0 when it runs through it, else the nearest
// corner to the line or the nearest end of a segment to the box's edges.
double distanceToPath(const QPolygonF &shape, const QPolygonF &path)
{
    double best = std::numeric_limits<double>::infinity();
    const int n = int(shape.size());
    for (int j = 0; j + 1 < path.size(); ++j) {
        const QLineF seg(path[j], path[j + 1]);
        for (int i = 0; i < n; ++i) {
            const QLineF edge(shape[i], shape[(i + 1) % n]);
            if (edge.intersects(seg, nullptr) == QLineF::BoundedIntersection)
                return 0;
            best = std::min({best, pointToSegment(shape[i], seg), pointToSegment(seg.p1(), edge),
                             pointToSegment(seg.p2(), edge)});
        }
        if (shape.containsPoint(seg.p1(), Qt::OddEvenFill))
            return 0;
    }
    return best;
}

QString sampleFile(const char *name)
{
    return QStringLiteral(ROOFLAB_SOURCE_RESOURCES_DIR "/samples/") + QLatin1String(name);
}

// The window with its live tools, the way main() puts them together (the worker is never started).
struct App
{
    LiveTools live;
    MainWindow window;

    explicit App(const model::SpecDb &db) : window(db) { live.attach(&window); }
    RooflineChart *chart() const { return window.chart(); }
};

} // namespace

class TestGuiLabels : public QObject
{
    Q_OBJECT
    model::SpecDb m_db;
    std::unique_ptr<App> m_app;

    static void settle()
    {
        for (int i = 0; i < 3; ++i)
            QApplication::processEvents();
    }

    // Every placed label inside the plot and clear of the others and of the markers.
    static void checkDisjoint(const RooflineChart *chart)
    {
        const QList<RooflineChart::PlacedLabel> labels = chart->placedLabels();
        const QList<QRectF> markers = chart->markerRects();
        const QRectF plot = chart->plotArea();
        QVERIFY(!labels.isEmpty());
        for (int i = 0; i < labels.size(); ++i) {
            const auto &a = labels.at(i);
            QVERIFY2(plot.contains(a.rect), qPrintable(QStringLiteral("\"%1\" leaves the plot").arg(a.text)));
            QVERIFY2(!a.text.contains(QLatin1Char('\n')), qPrintable(a.text));
            for (int j = i + 1; j < labels.size(); ++j) {
                const auto &b = labels.at(j);
                QVERIFY2(overlapArea(a.shape, b.shape) < 0.01,
                         qPrintable(QStringLiteral("\"%1\" overlaps \"%2\"").arg(a.text, b.text)));
            }
            for (const QRectF &m : markers)
                QVERIFY2(overlapArea(a.shape, QPolygonF(m)) < 0.01,
                         qPrintable(QStringLiteral("\"%1\" covers a marker at %2,%3")
                                        .arg(a.text)
                                        .arg(m.center().x())
                                        .arg(m.center().y())));
        }
    }

    // A ceiling's or diagonal's label, where it sits beside its line (no leader), is nearer to
    // that line than to any other: a label between two roofs names the one it is closer to.
    static void checkNearestLine(const RooflineChart *chart)
    {
        const QList<QPolygonF> paths = chart->linePaths();
        for (const auto &l : chart->placedLabels()) {
            if (l.line < 0 || l.leader)
                continue;
            QVERIFY(l.line < paths.size());
            const double own = distanceToPath(l.shape, paths.at(l.line));
            for (int j = 0; j < paths.size(); ++j) {
                if (j == l.line || paths.at(j).size() < 2)
                    continue;
                const double other = distanceToPath(l.shape, paths.at(j));
                QVERIFY2(own <= other + 0.5,
                         qPrintable(QStringLiteral("\"%1\" is %2 px from its line but %3 px from another")
                                        .arg(l.fullText)
                                        .arg(own, 0, 'f', 1)
                                        .arg(other, 0, 'f', 1)));
            }
        }
    }

    void show(const QString &gpu, const QSize &size)
    {
        m_app->window.selectGpu(gpu);
        m_app->window.resize(size);
        settle();
        m_app->live.resultsPanel()->updateChartNow();
        m_app->chart()->replot();
        settle();
    }

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("RoofLabTest"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_gui_labels"));
        QSettings().clear();
        m_db.loadDirectory(QStringLiteral(ROOFLAB_SOURCE_RESOURCES_DIR "/gpus"));
        QVERIFY(m_db.errors().isEmpty());
        QVERIFY(m_db.gpus().size() > 20);

        m_app = std::make_unique<App>(m_db);
        m_app->window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&m_app->window));
        QVERIFY(m_app->live.openFile(sampleFile("h200-suite.json")));
        QVERIFY(m_app->live.openFile(sampleFile("h200-gemm-ladder.json")));
        WorkloadPanel *workloads = m_app->window.workloadPanel();
        for (const auto &[kind, dtype] :
             {std::pair{"vector_add", "fp32"}, {"softmax", "bf16"}, {"gemm", "bf16"}}) {
            workloads->setKind(QLatin1String(kind));
            workloads->setDtype(QLatin1String(dtype));
            workloads->addCurrent();
        }
        m_app->window.showPanel(workloads);
    }

    void cleanupTestCase()
    {
        m_app.reset();
        QSettings().clear();
    }

    void labelsNeverCollide_data()
    {
        QTest::addColumn<QString>("gpu");
        QTest::addColumn<QSize>("size");
        for (const model::Gpu &g : m_db.gpus())
            for (const QSize &s : {QSize(1280, 720), QSize(1920, 1080)})
                QTest::addRow("%s, %dx%d", qPrintable(g.id), s.width(), s.height()) << g.id << s;
    }

    void labelsNeverCollide()
    {
        QFETCH(QString, gpu);
        QFETCH(QSize, size);
        show(gpu, size);
        QCOMPARE(m_app->window.currentGpuId(), gpu);
        QVERIFY(m_app->chart()->pointIds().size() > 50); // the samples and the workloads are drawn
        checkDisjoint(m_app->chart());
        if (QTest::currentTestFailed())
            return;
        checkNearestLine(m_app->chart());
        if (QTest::currentTestFailed())
            return;
        // The selected GPU's roofs come first: its top compute ceiling always finds a place.
        const QStringList ceilings = m_app->chart()->ceilingLabels();
        QVERIFY(!ceilings.isEmpty());
        QStringList drawn;
        for (const auto &l : m_app->chart()->placedLabels())
            drawn << l.fullText;
        // The open results were measured on an H200: on another GPU's smaller chart its points
        // may crowd every place along that GPU's top roof, whose label then shows on hover
        // (markers are never covered). On the H200's own chart it is always drawn.
        const bool othersPoints = !gpu.startsWith(QLatin1String("h200"));
        if (othersPoints && !drawn.contains(ceilings.first()))
            QVERIFY2(m_app->chart()->hiddenLabels().contains(ceilings.first()),
                     qPrintable(ceilings.first() + QStringLiteral(" is neither drawn nor on hover")));
        else
            QVERIFY2(drawn.contains(ceilings.first()),
                     qPrintable(ceilings.first() + QStringLiteral(" is hidden; drawn: ") +
                                drawn.join(QStringLiteral(" | "))));
        qInfo("%d labels drawn, %d hidden (tooltips)", int(drawn.size()),
              int(m_app->chart()->hiddenLabels().size()));
    }

    // The default H200 view (the sample results a first start opens, no workloads), as the
    // issue found it: each label where it reads.
    void defaultH200View_data()
    {
        QTest::addColumn<QSize>("size");
        QTest::newRow("1280x720") << QSize(1280, 720);
        QTest::newRow("1920x1080") << QSize(1920, 1080);
        QTest::newRow("1400x900") << QSize(1400, 900);
    }

    void defaultH200View()
    {
        QFETCH(QSize, size);
        LiveTools live;
        MainWindow w(m_db);
        live.attach(&w);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(live.openFile(sampleFile("h200-suite.json")));
        w.selectGpu(QStringLiteral("h200-sxm"));
        w.resize(size);
        settle();
        live.resultsPanel()->updateChartNow();
        w.chart()->replot();
        settle();
        checkDisjoint(w.chart());

        auto find = [&w](const QString &start) -> std::optional<RooflineChart::PlacedLabel> {
            for (const auto &l : w.chart()->placedLabels())
                if (l.fullText.startsWith(start))
                    return l;
            return std::nullopt;
        };
        const auto ridge = find(QStringLiteral("ridge 206 FLOP/B"));
        QVERIFY2(ridge, qPrintable(w.chart()->hiddenLabels().join(QStringLiteral(" | "))));
        QCOMPARE(ridge->lineCrossings, 0); // off the dashed (measured) ceilings and every other line
        // Every ridge label beside its own ridge point (on the 4.8 TB/s HBM slope), or tied to it
        // by a leader: one far down the chart on its own sat beside another ridge and read as
        // that one's.
        const QRegularExpression ridgeText(QStringLiteral("^ridge ([0-9.]+) FLOP/B$"));
        for (const auto &l : w.chart()->placedLabels()) {
            const QRegularExpressionMatch m = ridgeText.match(l.fullText);
            if (!m.hasMatch() || l.leader)
                continue;
            const double ai = m.captured(1).toDouble();
            // A ridge with a drop line may label it further down that line.
            if (std::any_of(w.chart()->dropLines().cbegin(), w.chart()->dropLines().cend(),
                            [ai](const QPointF &d) { return qAbs(d.x() / ai - 1) < 0.01; }))
                continue;
            const QPointF at = w.chart()->pixelFor(ai, ai * 4.8e12);
            const double dx = std::max({l.rect.left() - at.x(), at.x() - l.rect.right(), 0.0});
            const double dy = std::max({l.rect.top() - at.y(), at.y() - l.rect.bottom(), 0.0});
            QVERIFY2(std::hypot(dx, dy) <= 30,
                     qPrintable(
                         QStringLiteral("%1: %2 px from its ridge").arg(l.fullText).arg(std::hypot(dx, dy))));
        }
        const auto bf16 = find(QStringLiteral("BF16 Tensor 989.5 TFLOP/s"));
        QVERIFY2(bf16, qPrintable(w.chart()->hiddenLabels().join(QStringLiteral(" | "))));
        QCOMPARE(bf16->lineCrossings, 0);
        const auto measured = find(QStringLiteral("measured BF16 Tensor"));
        QVERIFY2(measured, qPrintable(w.chart()->hiddenLabels().join(QStringLiteral(" | "))));
        QVERIFY2(measured->fullText.contains(QStringLiteral("(mma_bf16 probe)")),
                 qPrintable(measured->fullText));
        QVERIFY2(!measured->text.contains(QStringLiteral("probe")), qPrintable(measured->text));
        // One line of text: no taller than the chart's label font allows for one.
        QVERIFY2(measured->rect.height() < 2 * QFontMetrics(w.chart()->font()).height(),
                 qPrintable(measured->text));
        // Short enough to leave most of the roof's length free on the plot a 1280-pixel screen
        // leaves beside the panels (about 400 px wide).
        QVERIFY2(measured->rect.width() < 0.55 * w.chart()->plotArea().width(),
                 qPrintable(QStringLiteral("%1 px of %2")
                                .arg(measured->rect.width())
                                .arg(w.chart()->plotArea().width())));
    }

    // Lesson 6 draws the BF16 and FP8 tensor roofs a factor of two apart: each label beside its
    // own roof, none over another, at the desk and in presentation mode, on both screens.
    void lessonRoofs_data()
    {
        QTest::addColumn<QString>("lesson");
        QTest::addColumn<int>("step");
        QTest::addColumn<QSize>("size");
        QTest::addColumn<bool>("presenting");
        for (int step : {0, 1, 2, 5}) // the H200 steps (the A100 has no FP8 roof)
            for (const QSize &s : {QSize(1280, 720), QSize(1920, 1080)})
                for (bool presenting : {false, true})
                    QTest::addRow("06-llm-inference step %d, %dx%d%s", step + 1, s.width(), s.height(),
                                  presenting ? ", presentation" : "")
                        << QStringLiteral("06-llm-inference") << step << s << presenting;
    }

    void lessonRoofs()
    {
        QFETCH(QString, lesson);
        QFETCH(int, step);
        QFETCH(QSize, size);
        QFETCH(bool, presenting);
        LiveTools live;
        MainWindow w(m_db);
        live.attach(&w);
        w.resize(size);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(w.classroom()->player()->openLesson(lesson, step));
        if (presenting)
            w.classroom()->presentation()->enter(false);
        w.resize(size);
        settle();
        w.chart()->replot();
        settle();
        checkDisjoint(w.chart());
        checkNearestLine(w.chart());
        QStringList drawn;
        for (const auto &l : w.chart()->placedLabels())
            drawn << l.fullText;
        // Presentation mode at 1280×720 leaves the chart a third of the screen: the two roofs
        // lie closer than a label's height, with the points on them, and one label may be left
        // to its tooltip rather than sit by the other roof. Elsewhere both are drawn.
        const bool cramped = presenting && size.height() <= 720;
        const QStringList hidden = w.chart()->hiddenLabels();
        for (const char *roof : {"BF16 Tensor", "FP8 Tensor"}) {
            auto named = [roof](const QString &t) { return t.startsWith(QLatin1String(roof)); };
            const bool shown = std::any_of(drawn.cbegin(), drawn.cend(), named);
            QVERIFY2(shown || (cramped && std::any_of(hidden.cbegin(), hidden.cend(), named)),
                     qPrintable(QLatin1String(roof) + QStringLiteral(" is not drawn; drawn: ") +
                                drawn.join(QStringLiteral(" | "))));
        }
        if (presenting)
            w.classroom()->presentation()->exit();
        w.classroom()->player()->closeLesson();
    }

    // Forty points on top of each other: some labels go out on leader lines, the rest hide;
    // whatever is drawn is still disjoint.
    void crowdedPoints()
    {
        RooflineChart chart;
        chart.resize(700, 450);
        chart.show();
        QVERIFY(QTest::qWaitForWindowExposed(&chart));
        chart.setGpus({*m_db.find(QStringLiteral("h200-sxm"))});
        QList<ChartPoint> points;
        for (int i = 0; i < 40; ++i) {
            ChartPoint p;
            p.id = QStringLiteral("p%1").arg(i);
            p.label = QStringLiteral("kernel %1").arg(i);
            p.ai = 20 * (1 + 0.01 * i);
            p.flopPerS = 50e12 * (1 + 0.01 * (i % 7));
            p.kind = ChartPoint::Kind::Measured;
            points << p;
        }
        chart.setPoints(points);
        chart.replot();
        checkDisjoint(&chart);
        int leaders = 0, kernels = 0;
        for (const auto &l : chart.placedLabels()) {
            leaders += l.leader ? 1 : 0;
            kernels += l.fullText.startsWith(QStringLiteral("kernel")) ? 1 : 0;
        }
        QVERIFY(leaders > 0);
        QVERIFY(kernels < 40);
        QCOMPARE(kernels + int(chart.hiddenLabels().filter(QStringLiteral("kernel")).size()), 40);
    }
};

QTEST_MAIN(TestGuiLabels)
#include "tst_gui_labels.moc"
