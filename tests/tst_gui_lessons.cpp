// Lessons played on a real main window (offscreen): every shipped step applies and renders in
// both languages, the keyboard and a clicker move through them, a parameter changed mid-lesson
// comes back when the step is re-applied, and a broken lesson file is refused with its message.
#include "chart/rooflinechart.h"
#include "classroom/classpanel.h"
#include "classroom/classroom.h"
#include "classroom/lessonplayer.h"
#include "panels/llmview.h"
#include "panels/occupancypanel.h"
#include "panels/workloadpanel.h"
#include "resultset.h"
#include "roofline.h"
#include "shell/ceilingtoggles.h"
#include "shell/mainwindow.h"
#include "shell/uilanguage.h"
#include "specdb.h"

#include <QApplication>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

namespace {

const QString kResources = QStringLiteral(ROOFLAB_SOURCE_RESOURCES_DIR);

int countWithPrefix(const QStringList &ids, const QString &prefix)
{
    int n = 0;
    for (const QString &id : ids)
        n += id.startsWith(prefix) ? 1 : 0;
    return n;
}

bool hasHan(const QString &text)
{
    for (QChar c : text)
        if (c.unicode() >= 0x4e00 && c.unicode() <= 0x9fff)
            return true;
    return false;
}

QStringList sorted(QStringList l)
{
    l.sort();
    return l;
}

} // namespace

class TestGuiLessons : public QObject
{
    Q_OBJECT
    model::SpecDb m_db;
    QList<model::Lesson> m_lessons;
    std::unique_ptr<MainWindow> m_window;
    QString m_windowLanguage;

    // One window per language (widgets take their texts when built), reused across rows.
    MainWindow *window(const QString &language)
    {
        if (!m_window || m_windowLanguage != language) {
            m_window.reset();
            UiLanguage::install(language);
            m_window = std::make_unique<MainWindow>(m_db);
            m_window->resize(1280, 800);
            m_window->show();
            m_windowLanguage = language;
        }
        return m_window.get();
    }

    const model::Lesson *lessonById(const QString &id) const
    {
        for (const model::Lesson &l : m_lessons)
            if (l.id == id)
                return &l;
        return nullptr;
    }

    static void writeFile(const QString &path, const QByteArray &bytes)
    {
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(bytes);
    }

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("RoofLabTest"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_gui_lessons"));
        QSettings().clear();
        m_db.loadDirectory(kResources + QStringLiteral("/gpus"));
        QVERIFY(m_db.errors().isEmpty());
        QStringList errors;
        m_lessons = model::lessons::loadDirectory(kResources + QStringLiteral("/lessons"), &m_db, &errors);
        QVERIFY2(errors.isEmpty(), qPrintable(errors.join('\n')));
        QVERIFY(m_lessons.size() >= 5);
    }

    void cleanupTestCase()
    {
        m_window.reset();
        UiLanguage::install(QStringLiteral("en"));
        QSettings().clear();
    }

    // ---- every step of every shipped lesson, in both languages

    void everyStep_data()
    {
        QTest::addColumn<QString>("language");
        QTest::addColumn<QString>("lesson");
        QTest::addColumn<int>("step");
        for (const QString &language : {QStringLiteral("en"), QStringLiteral("zh_CN")})
            for (const model::Lesson &l : std::as_const(m_lessons))
                for (int i = 0; i < l.steps.size(); ++i)
                    QTest::addRow("%s %s step %d", qPrintable(language), qPrintable(l.id), i + 1)
                        << language << l.id << i;
    }

    void everyStep()
    {
        QFETCH(QString, language);
        QFETCH(QString, lesson);
        QFETCH(int, step);
        MainWindow *w = window(language);
        LessonPlayer *player = w->classroom()->player();
        const model::Lesson *l = lessonById(lesson);
        QVERIFY(l);
        QVERIFY(player->openLesson(lesson, step));
        QCOMPARE(player->currentStep(), step);
        const model::LessonStep want = LessonPlayer::effectiveStep(*l, step);
        RooflineChart *chart = w->chart();

        if (!want.gpu.isEmpty()) {
            QCOMPARE(w->currentGpuId(), want.gpu);
            QCOMPARE(chart->gpus().first().id, want.gpu);
        }
        if (want.compare) {
            QCOMPARE(sorted(w->comparisonGpuIds()), sorted(*want.compare));
            QCOMPARE(chart->gpus().size(), 1 + want.compare->size());
        }
        if (want.precisions)
            QCOMPARE(sorted(chart->visiblePrecisions()), sorted(*want.precisions));
        if (want.levels)
            QCOMPARE(sorted(chart->visibleLevels()), sorted(*want.levels));
        if (!want.scale.isEmpty())
            QCOMPARE(chart->isLogScale(), want.scale == QLatin1String("log"));
        if (want.workloads) {
            QCOMPARE(countWithPrefix(chart->pointIds(), QStringLiteral("workload:")), want.workloads->size());
            for (const model::LessonWorkload &lw : *want.workloads) {
                bool found = false;
                for (const QString &id : chart->pointIds())
                    found = found || (chart->point(id)->label == lw.label);
                QVERIFY2(found, qPrintable(lw.label));
            }
        }
        const int measured = countWithPrefix(chart->pointIds(), QStringLiteral("lesson-results:"));
        if (want.results.isEmpty()) {
            QCOMPARE(measured, 0);
        } else if (QFile::exists(kResources + QLatin1Char('/') + want.results)) {
            QVERIFY(measured > 0);
            if (!want.resultsRoles.isEmpty()) {
                // One point for each run of the roles asked for, none of the others.
                QString error;
                const auto set = model::ResultSet::load(kResources + QLatin1Char('/') + want.results, &error);
                QVERIFY2(set, qPrintable(error));
                int expected = 0;
                for (const model::Measurement &m : set->measurements)
                    expected += m.kernel.startsWith(want.resultsFilter) &&
                                want.resultsRoles.contains(m.extra.value("role").toString()) && m.ai() > 0 &&
                                m.flopPerS() > 0;
                QCOMPARE(measured, expected);
                QVERIFY(expected < set->measurements.size());
            }
        } else {
            QCOMPARE(measured, 0);
            QVERIFY2(player->notices().join(' ').contains(want.results),
                     qPrintable(player->notices().join(' ')));
        }

        // Predict, then reveal: a step that asks questions covers their answers (the caption that
        // explains them, the points, the ridge's figure, the calculator's result) until each is
        // revealed; then the step is as written.
        const auto *caption = player->findChild<QLabel *>(QStringLiteral("stepCaption"));
        QVERIFY(caption);
        const QList<model::Exercise> &asked = l->steps.at(step).exercises;
        if (!asked.isEmpty()) {
            ClassPanel *exercises = w->classroom()->exercises();
            QVERIFY(exercises->isCovering());
            QVERIFY2(caption->text().contains(asked.first().question(language)), qPrintable(caption->text()));
            QVERIFY(caption->text() != l->steps.at(step).caption.forLanguage(language));
            for (const model::Exercise &e : asked) {
                const model::ExerciseCover c = model::exercises::coverOf(e);
                if (!c.subject.isEmpty()) {
                    int covered = 0;
                    for (const QString &id : chart->pointIds())
                        covered +=
                            chart->point(id)->subject == c.subject && chart->isCovered(*chart->point(id));
                    QVERIFY2(covered > 0, qPrintable(c.subject));
                }
                if (!c.ridge.isEmpty()) {
                    const model::Roofline roof(chart->gpus().first());
                    const QString figure = RooflineChart::ridgeText(roof.ridge(c.ridge));
                    QVERIFY2(!chart->ridgeLabels().contains(figure), qPrintable(figure));
                    // Nor do the LLM view's cards give it, on a step that shows them.
                    if (auto *llm = qobject_cast<LlmView *>(w->panel(QStringLiteral("llm")));
                        llm && player->stagePanel() == QLatin1String("llm"))
                        for (int i = 0; i < 4; ++i)
                            QVERIFY2(
                                !llm->formatText(i).contains(QLocale().toString(roof.ridge(c.ridge), 'f', 0) +
                                                             QStringLiteral(" FLOP/B")),
                                qPrintable(llm->formatText(i)));
                }
                if (c.occupancy)
                    QVERIFY(w->occupancyPanel()->isResultCovered());
                // A prediction asked for beside measured results: the measurements wait too.
                if (c.measured)
                    for (const ChartPoint &p : chart->points(LessonPlayer::resultsGroup()))
                        QVERIFY2(chart->isCovered(p), qPrintable(p.subject));
            }
            const int at = exercises->exerciseIndex();
            exercises->revealAll(); // Lesson → Reveal every answer of this step
            QVERIFY(!exercises->isCovering());
            QCOMPARE(exercises->exerciseIndex(), at);
            QVERIFY(exercises->isRevealed());
            QCOMPARE(caption->text(), l->steps.at(step).caption.forLanguage(language));
            QVERIFY(!w->occupancyPanel()->isResultCovered());
            for (const QString &id : chart->pointIds())
                QVERIFY2(!chart->isCovered(*chart->point(id)), qPrintable(id));
        }

        const QString highlight = l->steps.at(step).highlight;
        if (highlight.startsWith(QLatin1String("ridge:"))) {
            QCOMPARE(chart->emphasizedRidge(), highlight.mid(6));
            QCOMPARE(chart->emphasizedRidgeLabels().size(), 1);
        } else {
            QVERIFY(chart->emphasizedRidge().isEmpty());
            if (!highlight.isEmpty()) {
                QVERIFY(!chart->highlighted().isEmpty());
                QCOMPARE(chart->point(chart->highlighted())->label, highlight);
            }
        }

        const QString panel = want.panel.isEmpty() ? QStringLiteral("roofline") : want.panel;
        QCOMPARE(player->stagePanel(), panel);
        if (QWidget *p = w->panel(panel))
            QCOMPARE(w->currentPanel(), p);
        else
            QVERIFY2(!player->notices().isEmpty(), "a step showing a panel this build lacks says so");
        if ((!l->steps.at(step).tile.isEmpty() || panel == QLatin1String("tile")) &&
            !w->panel(QStringLiteral("tile")))
            QVERIFY2(!player->notices().isEmpty(), "a tile step without the tile explorer says so");
        if (!want.occupancy.isEmpty()) {
            const model::OccupancyInput in = w->occupancyPanel()->input();
            QCOMPARE(in.threadsPerBlock, want.occupancy.value(QStringLiteral("threads")).toInt());
            QCOMPARE(in.registersPerThread, want.occupancy.value(QStringLiteral("regs")).toInt());
            QCOMPARE(in.smemBytes(), want.occupancy.value(QStringLiteral("smem")).toLongLong());
        }

        // The chart shows the step's groups only; closing the lesson shows everything again.
        QVERIFY(chart->visibleGroups().contains(QStringLiteral("workloads")));
        QCOMPARE(chart->visibleGroups().contains(QStringLiteral("tile")), panel == QLatin1String("tile"));

        // What the panel shows, in the UI language.
        const auto *title = player->findChild<QLabel *>(QStringLiteral("stepTitle"));
        QVERIFY(title);
        QCOMPARE(caption->text(), l->steps.at(step).caption.forLanguage(language));
        QCOMPARE(title->text(), l->steps.at(step).title.forLanguage(language));
        QCOMPARE(hasHan(caption->text()), language == QLatin1String("zh_CN"));
        // The window's own texts are translated too.
        const QString fileMenu = w->menuBar()->actions().first()->text();
        QCOMPARE(hasHan(fileMenu), language == QLatin1String("zh_CN"));

        // And it renders.
        QApplication::processEvents();
        const QImage shot = w->grab().toImage();
        QVERIFY(!shot.isNull());
        QCOMPARE(shot.size(), w->size());
        const QImage plot = chart->toImage(400, 300);
        QVERIFY(!plot.isNull());
        // Drawn, not blank: a sample of pixels holds the background, the shading, lines and text
        // (three fixed pixels are not enough: the legend may cover the middle one).
        QSet<QRgb> colours;
        for (int y = 0; y < plot.height(); y += 10)
            for (int x = 0; x < plot.width(); x += 10)
                colours.insert(plot.pixel(x, y));
        QVERIFY2(colours.size() >= 4, qPrintable(QString::number(colours.size())));
    }

    // ---- keyboard and clicker

    void keyboard_data()
    {
        QTest::addColumn<int>("key");
        QTest::addColumn<int>("delta");
        QTest::newRow("PageDown: next (clicker)") << int(Qt::Key_PageDown) << 1;
        QTest::newRow("Right: next") << int(Qt::Key_Right) << 1;
        QTest::newRow("Space: next") << int(Qt::Key_Space) << 1;
        QTest::newRow("PageUp: previous (clicker)") << int(Qt::Key_PageUp) << -1;
        QTest::newRow("Left: previous") << int(Qt::Key_Left) << -1;
    }

    void keyboard()
    {
        QFETCH(int, key);
        QFETCH(int, delta);
        MainWindow *w = window(QStringLiteral("en"));
        QApplication::setActiveWindow(w);
        QVERIFY(QTest::qWaitForWindowActive(w));
        LessonPlayer *player = w->classroom()->player();
        QVERIFY(player->openLesson(QStringLiteral("02-intensity"), 1));
        w->chart()->setFocus();
        QTest::keyClick(w->chart(), Qt::Key(key));
        QCOMPARE(player->currentStep(), 1 + delta);
        // At the ends nothing wraps around.
        player->goToStep(delta > 0 ? player->stepCount() - 1 : 0);
        QTest::keyClick(w->chart(), Qt::Key(key));
        QCOMPARE(player->currentStep(), delta > 0 ? player->stepCount() - 1 : 0);
    }

    void keysStayWithEditors()
    {
        MainWindow *w = window(QStringLiteral("en"));
        QApplication::setActiveWindow(w);
        QVERIFY(QTest::qWaitForWindowActive(w));
        LessonPlayer *player = w->classroom()->player();
        QVERIFY(player->openLesson(QStringLiteral("04-occupancy"), 1));
        QSpinBox *threads = w->occupancyPanel()->threadsSpin();
        threads->setFocus();
        QTRY_COMPARE(QApplication::focusWidget(), threads);
        // Arrows move the text cursor of a spin box, not the lesson...
        QTest::keyClick(threads, Qt::Key_Right);
        QTest::keyClick(threads, Qt::Key_Left);
        QCOMPARE(player->currentStep(), 1);
        // ...but the clicker's PageDown always steps on.
        QTest::keyClick(threads, Qt::Key_PageDown);
        QCOMPARE(player->currentStep(), 2);

        // Space types a space in a text field.
        auto *search = w->findChild<QLineEdit *>();
        QVERIFY(search);
        search->clear();
        search->setFocus();
        QTRY_COMPARE(QApplication::focusWidget(), search);
        QTest::keyClicks(search, QStringLiteral("h 1"));
        QCOMPARE(search->text(), QStringLiteral("h 1"));
        QCOMPARE(player->currentStep(), 2);
        search->clear();

        // No lesson open: the keys are the app's again.
        player->closeLesson();
        w->chart()->setFocus();
        QTest::keyClick(w->chart(), Qt::Key_PageDown);
        QCOMPARE(player->currentStep(), -1);
    }

    // ---- the teacher changes things, then returns to the script

    void reapplyRestores_data()
    {
        QTest::addColumn<QString>("how");
        QTest::newRow("Restore step button") << "button";
        QTest::newRow("jump away and back") << "jump";
        QTest::newRow("reapplyStep()") << "api";
    }

    void reapplyRestores()
    {
        QFETCH(QString, how);
        MainWindow *w = window(QStringLiteral("en"));
        LessonPlayer *player = w->classroom()->player();
        auto back = [&] {
            if (how == QLatin1String("button")) {
                auto buttons = player->findChildren<QPushButton *>();
                for (QPushButton *b : buttons)
                    if (b->text() == LessonPlayer::tr("Restore step"))
                        QTest::mouseClick(b, Qt::LeftButton);
            } else if (how == QLatin1String("jump")) {
                const int step = player->currentStep();
                player->goToStep(step + 1);
                player->goToStep(step);
            } else {
                player->reapplyStep();
            }
        };

        // The chart: GPU, axes, zoom, workloads.
        QVERIFY(player->openLesson(QStringLiteral("01-roofline"), 1));
        const QRectF lessonView = w->chart()->visibleRange();
        w->selectGpu(QStringLiteral("rtx-4090"));
        w->setLogScale(true);
        w->chart()->setVisibleRange(QRectF(1, 1e12, 10, 1e13));
        w->ceilingToggles()->setPrecisionChecked(QStringLiteral("fp32"), false);
        w->workloadPanel()->setEntries({});
        QCOMPARE(countWithPrefix(w->chart()->pointIds(), QStringLiteral("workload:")), 0);
        back();
        QCOMPARE(w->currentGpuId(), QStringLiteral("teaching-gpu"));
        QVERIFY(!w->chart()->isLogScale());
        QCOMPARE(w->chart()->visibleRange(), lessonView);
        QCOMPARE(w->chart()->visiblePrecisions(), QStringList{QStringLiteral("fp32")});
        QCOMPARE(countWithPrefix(w->chart()->pointIds(), QStringLiteral("workload:")), 1);
        QCOMPARE(w->chart()->emphasizedRidge(), QStringLiteral("fp32"));
        QVERIFY(w->chart()->emphasizedRidgeLabels().contains(QStringLiteral("ridge 40 FLOP/B")));

        // The occupancy panel: the Triton tutorial's example comes back, carveout included.
        QVERIFY(player->openLesson(QStringLiteral("04-occupancy"), 0));
        QCOMPARE(w->occupancyPanel()->headline(), QStringLiteral("2 blocks/SM · 8 warps · 12.5 %"));
        w->occupancyPanel()->setThreads(256);
        w->occupancyPanel()->setRegisters(64);
        w->occupancyPanel()->setCarveout(25);
        w->showPanel(w->workloadPanel());
        QVERIFY(w->occupancyPanel()->headline() != QStringLiteral("2 blocks/SM · 8 warps · 12.5 %"));
        back();
        QCOMPARE(w->occupancyPanel()->headline(), QStringLiteral("2 blocks/SM · 8 warps · 12.5 %"));
        QCOMPARE(w->occupancyPanel()->input().carveout, model::CarveoutDefault);
        QCOMPARE(w->currentPanel(), w->panel(QStringLiteral("occupancy")));
    }

    void closingRestoresTheDesk()
    {
        MainWindow *w = window(QStringLiteral("en"));
        LessonPlayer *player = w->classroom()->player();
        player->closeLesson();
        w->selectGpu(QStringLiteral("l40s"));
        w->setComparisonGpus({QStringLiteral("rtx-4090")});
        w->setLogScale(true);
        w->workloadPanel()->setKind(QStringLiteral("softmax"));
        QVERIFY(w->workloadPanel()->addCurrent());
        w->occupancyPanel()->setThreads(512);
        const QStringList points = w->chart()->pointIds();
        const QStringList ceilings = w->chart()->ceilingLabels();

        // A point of someone else's (a results file the user opened): hidden during the lesson.
        ChartPoint other;
        other.id = QStringLiteral("results:1");
        other.ai = 10;
        other.flopPerS = 1e13;
        other.kind = ChartPoint::Kind::Measured;
        w->chart()->setPoints({other}, QStringLiteral("results"));

        QVERIFY(player->openLesson(QStringLiteral("01-roofline"), 0));
        QVERIFY(!w->chart()->pointIds().contains(other.id));
        player->next();
        QVERIFY(player->openLesson(QStringLiteral("04-occupancy"), 2)); // one lesson after another
        QCOMPARE(w->currentGpuId(), QStringLiteral("a100-sxm4-80gb"));
        player->closeLesson();

        QCOMPARE(w->currentGpuId(), QStringLiteral("l40s"));
        QCOMPARE(w->comparisonGpuIds(), QStringList{QStringLiteral("rtx-4090")});
        QVERIFY(w->chart()->isLogScale());
        QCOMPARE(w->chart()->ceilingLabels(), ceilings);
        QCOMPARE(countWithPrefix(w->chart()->pointIds(), QStringLiteral("workload:")),
                 countWithPrefix(points, QStringLiteral("workload:")));
        QCOMPARE(w->workloadPanel()->entries().last().kind, QStringLiteral("softmax"));
        QCOMPARE(w->occupancyPanel()->input().threadsPerBlock, 512);
        QVERIFY(w->chart()->emphasizedRidge().isEmpty());
        QVERIFY(w->chart()->visibleGroups().isEmpty());
        QVERIFY(w->chart()->pointIds().contains(other.id));
        w->chart()->clearGroup(QStringLiteral("results"));

        // Closing the window mid-lesson saves the desk, not the lesson's state.
        QVERIFY(player->openLesson(QStringLiteral("02-intensity"), 3));
        QVERIFY(w->close());
        QCOMPARE(QSettings().value(QStringLiteral("choices/gpu")).toString(), QStringLiteral("l40s"));
        QVERIFY(!player->isOpen());
        w->show();
    }

    void stepsDoNotDependOnThePath()
    {
        MainWindow *w = window(QStringLiteral("en"));
        LessonPlayer *player = w->classroom()->player();
        // Straight to the A100 → B200 step, and there by walking: the same state.
        QVERIFY(player->openLesson(QStringLiteral("01-roofline"), 4));
        const QStringList direct = w->chart()->ceilingLabels();
        const QString gpu = w->currentGpuId();
        QVERIFY(player->openLesson(QStringLiteral("01-roofline"), 0));
        for (int i = 0; i < 4; ++i)
            player->next();
        QCOMPARE(player->currentStep(), 4);
        QCOMPARE(w->chart()->ceilingLabels(), direct);
        QCOMPARE(w->currentGpuId(), gpu);
        QCOMPARE(w->chart()->gpus().size(), 4);
    }

    // ---- results files: shown when there, explained when not

    void lessonResults_data()
    {
        QTest::addColumn<bool>("present");
        QTest::newRow("sample results installed") << true;
        QTest::newRow("sample results missing") << false;
    }

    void lessonResults()
    {
        QFETCH(bool, present);
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        // A resources folder of our own: the shipped GPUs and lessons, our own samples/.
        QVERIFY(QFile::link(kResources + QStringLiteral("/gpus"), dir.filePath(QStringLiteral("gpus"))));
        QVERIFY(
            QFile::link(kResources + QStringLiteral("/lessons"), dir.filePath(QStringLiteral("lessons"))));
        QVERIFY(QDir(dir.path()).mkpath(QStringLiteral("samples")));
        if (present)
            writeFile(dir.filePath(QStringLiteral("samples/h200-gemm-ladder.json")), R"({
  "schema": "rooflab.results/1",
  "device": {"name": "NVIDIA H200", "spec": "h200-sxm"},
  "measurements": [
    {"kernel": "gemm.naive", "dtype": "fp32", "flops": 1.37e11, "bytes": 2.0e8, "time_s": {"median": 0.1}, "role": "ladder"},
    {"kernel": "gemm.tiled2d", "dtype": "fp32", "flops": 1.37e11, "bytes": 2.0e8, "time_s": {"median": 0.004}, "role": "ladder"},
    {"kernel": "gemm.tiled2d", "dtype": "fp32", "flops": 1.37e11, "bytes": 2.0e8, "time_s": {"median": 0.005}, "role": "check"},
    {"kernel": "memory.copy", "dtype": "fp32", "flops": 0, "bytes": 2.0e8, "time_s": {"median": 0.0001}}
  ]
})");
        const QByteArray saved = qgetenv("ROOFLAB_RESOURCES");
        qputenv("ROOFLAB_RESOURCES", dir.path().toLocal8Bit());
        MainWindow w(m_db);
        LessonPlayer *player = w.classroom()->player();
        QVERIFY(player->openLesson(QStringLiteral("05-predict-measure"), 3));
        qputenv("ROOFLAB_RESOURCES", saved);

        const QStringList ids = w.chart()->pointIds();
        if (present) {
            // gemm.* of the ladder only: not memory.copy, not the check run
            QCOMPARE(countWithPrefix(ids, QStringLiteral("lesson-results:")), 2);
            const auto p = w.chart()->point(QStringLiteral("lesson-results:1"));
            QVERIFY(p);
            QCOMPARE(p->kind, ChartPoint::Kind::Measured);
            QCOMPARE(p->label, QStringLiteral("tiled2d fp32"));
            QCOMPARE(p->gpuIndex, 0); // measured on the GPU the chart shows
            QVERIFY(qAbs(p->flopPerS / (1.37e11 / 0.004) - 1) < 1e-9);
            QVERIFY(player->notices().isEmpty());
        } else {
            QCOMPARE(countWithPrefix(ids, QStringLiteral("lesson-results:")), 0);
            QCOMPARE(player->notices().size(), 1);
            QVERIFY(player->notices().first().contains(QStringLiteral("samples/h200-gemm-ladder.json")));
            const auto *notice = player->findChild<QLabel *>(QStringLiteral("stepNotice"));
            QVERIFY(notice && !notice->isHidden());
        }
        // Going back a step leaves the measured points behind.
        player->previous();
        QCOMPARE(countWithPrefix(w.chart()->pointIds(), QStringLiteral("lesson-results:")), 0);
    }

    // ---- bad lesson files

    void refusedFile_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("message");
        const QByteArray head =
            R"({"schema": "rooflab.lesson/1", "id": "bad", "title": {"en": "Bad", "zh": "坏"}, )";
        QTest::newRow("not JSON") << QByteArray("{ this is not json") << "not valid JSON";
        QTest::newRow("wrong schema")
            << QByteArray(R"({"schema": "rooflab.lesson/9"})") << "rooflab.lesson/1";
        QTest::newRow("no steps") << head + R"("steps": []})"
                                  << "at least one step";
        QTest::newRow("caption missing") << head + R"("steps": [{"gpu": "h200-sxm"}]})"
                                         << "steps[0].caption";
        QTest::newRow("unknown GPU")
            << head + R"("steps": [{"caption": {"en": "a", "zh": "甲"}, "gpu": "gtx-9999"}]})"
            << "unknown GPU \"gtx-9999\"";
        QTest::newRow("unknown panel")
            << head + R"("steps": [{"caption": {"en": "a", "zh": "甲"}, "panel": "slides"}]})"
            << "unknown panel \"slides\"";
        QTest::newRow("unknown field")
            << head + R"("steps": [{"caption": {"en": "a", "zh": "甲"}, "colour": "red"}]})"
            << "steps[0].colour";
    }

    void refusedFile()
    {
        QFETCH(QByteArray, json);
        QFETCH(QString, message);
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QVERIFY(QFile::copy(kResources + QStringLiteral("/lessons/01-roofline.json"),
                            dir.filePath(QStringLiteral("01-good.json"))));
        writeFile(dir.filePath(QStringLiteral("02-bad.json")), json);

        MainWindow *w = window(QStringLiteral("en"));
        LessonPlayer *player = w->classroom()->player();
        player->loadDirectory(dir.path());
        QCOMPARE(player->lessons().size(), 1); // the good one still loads
        QCOMPARE(player->refusedFiles().size(), 1);
        const QString refused = player->refusedFiles().first();
        QVERIFY2(refused.contains(QStringLiteral("02-bad.json")), qPrintable(refused));
        QVERIFY2(refused.contains(message), qPrintable(refused));
        const auto *label = player->findChild<QLabel *>(QStringLiteral("refusedLessons"));
        QVERIFY(label && !label->isHidden());
        QVERIFY(label->text().contains(refused));
        QVERIFY(player->openLesson(QStringLiteral("01-roofline")));

        player->loadDirectory(); // back to the shipped lessons
        QVERIFY(player->refusedFiles().isEmpty());
        QVERIFY(label->isHidden());
    }
};

QTEST_MAIN(TestGuiLessons)
#include "tst_gui_lessons.moc"
