// How long one slider step of the tile explorer takes, from the slider's valueChanged to the
// repainted chart and term bar: the knob, model::TileModel, model::PerfModel, the terms table,
// the chart rebuild and both paints. The budget is one frame (16 ms), so dragging a slider
// never stutters.
#include "chart/rooflinechart.h"
#include "gemmtile.h"
#include "perfmodel.h"
#include "specdb.h"
#include "tile/termbar.h"
#include "tile/tileexplorer.h"

#include <QElapsedTimer>
#include <QHBoxLayout>
#include <QSlider>
#include <QTemporaryDir>
#include <QTest>

#include <ctime>

using Field = kernels::gemm::TileField;
Q_DECLARE_METATYPE(kernels::gemm::TileField)

class BenchTile : public QObject
{
    Q_OBJECT
    model::SpecDb m_db;

private slots:
    void initTestCase() { m_db.loadDirectory(QStringLiteral(ROOFLAB_SOURCE_RESOURCES_DIR "/gpus")); }

    void sliderToRepaint_data()
    {
        QTest::addColumn<QString>("step");
        QTest::addColumn<Field>("field");
        QTest::addColumn<bool>("ladder");
        QTest::newRow("mma_multistage BK, bf16 4096³") << "gemm.mma_multistage" << Field::BK << false;
        QTest::newRow("reg2d BM, fp32 4096³") << "gemm.reg2d" << Field::BM << false;
        QTest::newRow("naive threads, fp32 4096³") << "gemm.naive" << Field::Threads << false;
        QTest::newRow("model BN, with the ladder trail drawn") << "model" << Field::BN << true;
    }
    void sliderToRepaint()
    {
        QFETCH(QString, step);
        QFETCH(Field, field);
        QFETCH(bool, ladder);
        QWidget window;
        auto *layout = new QHBoxLayout(&window);
        auto *chart = new RooflineChart(&window);
        auto *explorer = new TileExplorer(chart, &window);
        layout->addWidget(chart, 3);
        layout->addWidget(explorer, 1);
        window.resize(1600, 1000);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        chart->setVisiblePrecisions({"fp32", "tf32_tc", "bf16_tc"});
        explorer->setGpu(*m_db.find("h200-sxm"));
        explorer->setConfig(kernels::gemm::defaultConfig(step));
        if (ladder)
            explorer->showLadder();
        // Let the background compiles finish first: they would only compete for the CPU.
        QTRY_VERIFY_WITH_TIMEOUT(explorer->pendingCompiles() == 0 && !explorer->compilePending(), 300000);
        QSlider *s = explorer->slider(field);
        QVERIFY(s && s->isEnabled());
        bool up = s->value() == s->minimum();
        auto change = [&] {
            s->triggerAction(up ? QAbstractSlider::SliderSingleStepAdd
                                : QAbstractSlider::SliderSingleStepSub);
            chart->repaint(); // the paint of the new frame, synchronously
            explorer->termBar()->repaint();
            up = !up;
        };
        // This thread's CPU time as well: on a busy machine the wall clock also counts the
        // time other processes had the core.
        timespec t0{}, t1{};
        QElapsedTimer wall;
        wall.start();
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t0);
        const int cpuSteps = 40;
        for (int i = 0; i < cpuSteps; ++i)
            change();
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t1);
        const double wallMs = double(wall.nsecsElapsed()) / 1e6 / cpuSteps;
        const double cpuMs = ((t1.tv_sec - t0.tv_sec) * 1e3 + (t1.tv_nsec - t0.tv_nsec) / 1e6) / cpuSteps;
        // The figure against its budget, one line a log reader can grep ("(budget 16 ms)").
        constexpr double kBudgetMs = 16; // one frame at 60 Hz
        qInfo("%s: slider change: %.2f ms of CPU, %.2f ms wall (budget %.0f ms)%s (slider -> models -> chart "
              "rebuild -> paints)",
              QTest::currentDataTag(), cpuMs, wallMs, kBudgetMs, cpuMs > kBudgetMs ? ", OVER BUDGET" : "");
        // The parts: the performance model alone, and the term bar's paint alone.
        auto cpuMsOf = [](int n, auto &&f) {
            timespec a{}, b{};
            clock_gettime(CLOCK_THREAD_CPUTIME_ID, &a);
            for (int i = 0; i < n; ++i)
                f();
            clock_gettime(CLOCK_THREAD_CPUTIME_ID, &b);
            return ((b.tv_sec - a.tv_sec) * 1e3 + (b.tv_nsec - a.tv_nsec) / 1e6) / n;
        };
        if (explorer->fullModel()) {
            const model::PerfModel perf(explorer->gpu());
            const model::KernelLaunch launch = explorer->launch();
            qInfo("%s: model::PerfModel::predict %.3f ms of CPU", QTest::currentDataTag(),
                  cpuMsOf(50, [&] { (void)perf.predict(launch); }));
        }
        qInfo("%s: term bar paint %.3f ms of CPU", QTest::currentDataTag(),
              cpuMsOf(50, [&] { explorer->termBar()->repaint(); }));
        QBENCHMARK
        {
            change();
        }
        QVERIFY(chart->pointIds().contains(TileExplorer::currentPointId()) || !explorer->isLegal());
        QVERIFY(explorer->termBar()->prediction().ok || !explorer->isLegal());
    }
};

QTEST_MAIN(BenchTile)
#include "tst_bench_tile.moc"
