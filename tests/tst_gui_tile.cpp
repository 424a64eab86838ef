// The tile explorer, driven like a user: sliders move the predicted point to exactly where
// the models put it (model::TileModel's traffic, model::PerfModel's time for ladder steps); the
// term bar and the binding term's words follow every knob; illegal configurations show their
// reasons and lose the point;
// the course notes' tile-size article's presets side by side; the background NVRTC compile replaces the
// estimated registers; ladder and sweep trails; Measure through a worker (a stand-in printing canned events,
// and the real one, which has no device here); lesson states set the controls.
#include "ceilingpolicy.h"
#include "chart/rooflinechart.h"
#include "events.h"
#include "gemmladder.h"
#include "gemmtile.h"
#include "panels/occupancypanel.h"
#include "paths.h"
#include "perfmodel.h"
#include "shell/mainwindow.h"
#include "specdb.h"
#include "standin.h"
#include "tile/termbar.h"
#include "tile/tileexplorer.h"
#include "tilemodel.h"
#include "units.h"
#include "workloads.h"

#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QSlider>
#include <QSpinBox>
#include <QStandardPaths>
#include <QStyleOptionSlider>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QtTest>

namespace gemm = kernels::gemm;
using Field = kernels::gemm::TileField;

Q_DECLARE_METATYPE(kernels::gemm::TileField)
Q_DECLARE_METATYPE(QAbstractSlider::SliderAction)

namespace {

// The ceilings the explorer predicts with: those model::chooseCeilings picks for the bundled
// ladder (its own, else RoofLab's samples measured on this GPU, else the datasheet).
model::MachineCeilings samplesCeilings(const model::Gpu &g)
{
    const auto rs =
        model::ResultSet::load(model::resourcePath(QStringLiteral("samples/h200-gemm-ladder.json")), nullptr);
    model::CeilingRequest r;
    r.gpu = &g;
    if (rs)
        r.own = {QStringLiteral("h200-gemm-ladder.json"), &*rs};
    return model::chooseCeilings(r).machine;
}

// The performance model's prediction for a ladder configuration, built here from the plan as
// the explorer must build it (the launch, the compiled registers when known, the tile's smem).
model::Prediction perfPrediction(const model::Gpu &g, const gemm::TileConfig &c, std::optional<int> registers)
{
    const gemm::TilePlan plan = gemm::plan(c, &g);
    model::TileInput in = plan.input;
    in.registers = registers;
    const model::TileResult r = model::TileModel(g).evaluate(in);
    model::KernelLaunch l;
    l.kernel = plan.kernelId;
    l.dtype = model::dtypeName(c.dtype);
    l.params = plan.kernelParams;
    l.threads = plan.launchThreads;
    l.registers = registers.value_or(0);
    l.smemBytes = r.smemBytes;
    if (plan.kernelId != "gemm.naive" && plan.kernelId != "gemm.coalesced") { // 1×1 tiles in the tile model
        l.grid = r.gridBlocks;
        l.blocksPerSm = r.blocksPerSm;
    }
    return model::PerfModel(g, samplesCeilings(g)).predict(l);
}

// The model's point for a configuration, with the registers the explorer used: the tile
// model's HBM intensity; the time from the performance model for ladder steps, the tile
// model's for the model step.
QPointF modelPoint(const model::Gpu &g, const gemm::TileConfig &c, std::optional<int> registers)
{
    const gemm::TilePlan plan = gemm::plan(c, &g);
    model::TileInput in = plan.input;
    in.registers = registers;
    const model::TileResult r = model::TileModel(g).evaluate(in);
    if (!plan.hasKernel() || !model::PerfModel::knows(plan.kernelId))
        return {r.aiHbm(), r.predictedFlopS};
    const model::Prediction p = perfPrediction(g, c, registers);
    return {r.aiHbm(), p.ok ? p.flops / p.timeS : 0};
}

std::optional<int> usedRegisters(const TileExplorer &ex)
{
    return ex.result().registersEstimated ? std::nullopt : std::optional<int>(ex.result().registers);
}

bool samePoint(const QPointF &a, const QPointF &b)
{
    return qFuzzyCompare(a.x(), b.x()) && qFuzzyCompare(a.y(), b.y());
}

// A worker stand-in (run as `script worker`): says hello (protocol 2), then answers every
// request line with the events in `eventsFile`, each given the request's id, as rooflab-cli
// worker would.
QString standInWorker(const QTemporaryDir &dir, const QString &eventsFile)
{
    return rooflab::test::replayWorker(dir.filePath("worker.sh"), eventsFile, model::events::kProtocol);
}

} // namespace

class TestGuiTile : public QObject
{
    Q_OBJECT

    model::SpecDb m_db;
    QTemporaryDir m_cache;

    const model::Gpu &gpu(const QString &id) { return *m_db.find(id); }

    void waitIdle(TileExplorer &ex)
    {
        QTRY_VERIFY_WITH_TIMEOUT(ex.pendingCompiles() == 0 && !ex.compilePending(), 180000);
    }

private slots:
    void initTestCase()
    {
        m_db.loadDirectory(QStringLiteral(ROOFLAB_SOURCE_RESOURCES_DIR "/gpus"));
        QVERIFY(m_db.find("h200-sxm") && m_db.find("a100-sxm4-80gb"));
        // A fresh compile cache: the compiles below really run NVRTC (no GPU needed).
        QVERIFY(m_cache.isValid());
        qputenv("ROOFLAB_CACHE_DIR", m_cache.path().toUtf8());
        QStandardPaths::setTestModeEnabled(true);
    }

    // ---- sliders and spin boxes move the predicted point to the model's coordinates

    void sliderMovesPoint_data()
    {
        QTest::addColumn<QString>("gpu");
        QTest::addColumn<QString>("step");
        QTest::addColumn<Field>("field");
        QTest::addColumn<QAbstractSlider::SliderAction>("action");
        const auto add = QAbstractSlider::SliderSingleStepAdd, sub = QAbstractSlider::SliderSingleStepSub;
        QTest::newRow("h200 reg2d BM 128 -> 64") << "h200-sxm"
                                                 << "gemm.reg2d" << Field::BM << sub;
        QTest::newRow("h200 reg2d TM 8 -> 16 (threads follow)") << "h200-sxm"
                                                                << "gemm.reg2d" << Field::TM << add;
        QTest::newRow("h200 mma BK 32 -> 64") << "h200-sxm"
                                              << "gemm.mma_multistage" << Field::BK << add;
        QTest::newRow("h200 mma stages 4 -> 3") << "h200-sxm"
                                                << "gemm.mma_multistage" << Field::Stages << sub;
        QTest::newRow("h200 mma group 8 -> 4") << "h200-sxm"
                                               << "gemm.mma_multistage" << Field::Group << sub;
        QTest::newRow("h200 mma K 4096 -> 2048") << "h200-sxm"
                                                 << "gemm.mma_multistage" << Field::K << sub;
        QTest::newRow("a100 model dtype fp32 -> tf32") << "a100-sxm4-80gb"
                                                       << "model" << Field::Dtype << add;
        QTest::newRow("a100 model threads 256 -> 512") << "a100-sxm4-80gb"
                                                       << "model" << Field::Threads << add;
        QTest::newRow("a100 model BN 128 -> 256") << "a100-sxm4-80gb"
                                                  << "model" << Field::BN << add;
        QTest::newRow("a100 warptiled BK 8 -> 16") << "a100-sxm4-80gb"
                                                   << "gemm.warptiled" << Field::BK << add;
        QTest::newRow("a100 step smem_tiled -> reg1d") << "a100-sxm4-80gb"
                                                       << "gemm.smem_tiled" << Field::Step << add;
    }
    void sliderMovesPoint()
    {
        QFETCH(QString, gpu);
        QFETCH(QString, step);
        QFETCH(Field, field);
        QFETCH(QAbstractSlider::SliderAction, action);
        RooflineChart chart;
        TileExplorer ex(&chart);
        ex.setGpu(this->gpu(gpu));
        ex.setConfig(gemm::defaultConfig(step));
        QVERIFY2(ex.isLegal(), qPrintable(ex.problemsText()));
        const auto before = chart.pointCoords(TileExplorer::currentPointId());
        QVERIFY(before);
        QCOMPARE(*before, modelPoint(this->gpu(gpu), ex.config(), usedRegisters(ex)));

        QSlider *s = ex.slider(field);
        QVERIFY(s && s->isEnabled());
        const int index = s->value();
        s->triggerAction(action);
        QVERIFY(s->value() != index);
        QVERIFY2(ex.isLegal(), qPrintable(ex.problemsText()));
        const auto after = chart.pointCoords(TileExplorer::currentPointId());
        QVERIFY(after);
        const QPointF expected = modelPoint(this->gpu(gpu), ex.config(), usedRegisters(ex));
        QVERIFY(samePoint(*after, expected));
        // It moved wherever the model moves it (a compute-bound point with the same waves stays).
        if (!samePoint(expected, *before))
            QVERIFY2(!samePoint(*after, *before), "the point did not move");
        // The terms table follows too.
        QCOMPARE(ex.termsTable()->item(0, 1)->data(Qt::UserRole).toDouble(), double(ex.result().smemBytes));
        // The spin box shows the slider's value (numbers) and the point's tooltip every term.
        if (QSpinBox *spin = ex.spinBox(field))
            QCOMPARE(qint64(spin->value()), ex.config().value(field));
        const auto p = chart.point(TileExplorer::currentPointId());
        QCOMPARE(p->kind, ChartPoint::Kind::Predicted);
        for (const char *term : {"compute term", "HBM term", "L2 term", "predicted time", "binding term"})
            QVERIFY2(p->tooltip.contains(QLatin1String(term)), term);
    }

    void mouseDragAndSpinBox()
    {
        RooflineChart chart;
        TileExplorer ex(&chart);
        ex.setGpu(gpu("h200-sxm"));
        ex.setConfig(gemm::defaultConfig("gemm.mma_multistage"));
        ex.resize(420, 1200);
        ex.show();
        QVERIFY(QTest::qWaitForWindowExposed(&ex));

        // Drag the BM handle to the left end: 16.
        QSlider *s = ex.slider(Field::BM);
        QStyleOptionSlider opt;
        opt.initFrom(s);
        opt.orientation = s->orientation();
        opt.minimum = s->minimum();
        opt.maximum = s->maximum();
        opt.sliderPosition = opt.sliderValue = s->value();
        const QRect handle = s->style()->subControlRect(QStyle::CC_Slider, &opt, QStyle::SC_SliderHandle, s);
        QTest::mousePress(s, Qt::LeftButton, {}, handle.center());
        QTest::mouseMove(s, QPoint(1, handle.center().y()));
        QTest::mouseRelease(s, Qt::LeftButton, {}, QPoint(1, handle.center().y()));
        QCOMPARE(s->value(), 0);
        QCOMPARE(ex.config().bm, 16);
        QCOMPARE(ex.spinBox(Field::BM)->value(), 16);
        auto p = chart.pointCoords(TileExplorer::currentPointId());
        if (ex.isLegal()) {
            QVERIFY(p);
            QVERIFY(samePoint(*p, modelPoint(gpu("h200-sxm"), ex.config(), usedRegisters(ex))));
        } else {
            QVERIFY(!p); // 16 rows over 2 warps: not a whole 16-row warp tile; the reason is shown
            QVERIFY(!ex.problems().isEmpty());
        }

        // The spin box steps through the legal values: 16 -> 32 -> 64.
        QSpinBox *spin = ex.spinBox(Field::BM);
        spin->stepBy(1);
        spin->stepBy(1);
        QCOMPARE(ex.config().bm, 64);
        QCOMPARE(s->value(), 2);
        QVERIFY2(ex.isLegal(), qPrintable(ex.problemsText()));
        p = chart.pointCoords(TileExplorer::currentPointId());
        QVERIFY(p && samePoint(*p, modelPoint(gpu("h200-sxm"), ex.config(), usedRegisters(ex))));
    }

    // ---- the term bar: where the time goes, and why, for every knob that changes a term

    void barFollowsKnobs_data()
    {
        QTest::addColumn<QString>("gpu");
        QTest::addColumn<QString>("step");
        QTest::addColumn<Field>("field");
        QTest::addColumn<QAbstractSlider::SliderAction>("action");
        const auto add = QAbstractSlider::SliderSingleStepAdd, sub = QAbstractSlider::SliderSingleStepSub;
        QTest::newRow("h200 reg2d BK 8 -> 16") << "h200-sxm"
                                               << "gemm.reg2d" << Field::BK << add;
        QTest::newRow("h200 reg2d BK 8 -> 4") << "h200-sxm"
                                              << "gemm.reg2d" << Field::BK << sub;
        QTest::newRow("h200 reg2d TM 8 -> 4 (threads follow)") << "h200-sxm"
                                                               << "gemm.reg2d" << Field::TM << sub;
        QTest::newRow("h200 reg2d TN 8 -> 16 (threads follow)") << "h200-sxm"
                                                                << "gemm.reg2d" << Field::TN << add;
        QTest::newRow("h200 reg1d TM 8 -> 16 (threads follow)") << "h200-sxm"
                                                                << "gemm.reg1d" << Field::TM << add;
        QTest::newRow("h200 vectorized BK 8 -> 16") << "h200-sxm"
                                                    << "gemm.vectorized" << Field::BK << add;
        QTest::newRow("h200 warptiled BK 8 -> 16") << "h200-sxm"
                                                   << "gemm.warptiled" << Field::BK << add;
        // (TN 4 -> 8 moves nothing in the default 64×64 warp tile: a thread's fragment loads
        // per k-step stay TM·WMITER + TN·WNITER = 16 + 8 = 8 + 16.)
        QTest::newRow("h200 warptiled BM 64 -> larger") << "h200-sxm"
                                                        << "gemm.warptiled" << Field::BM << add;
        QTest::newRow("h200 warptiled threads 128 -> 256") << "h200-sxm"
                                                           << "gemm.warptiled" << Field::Threads << add;
        QTest::newRow("h200 naive threads 1024 -> 256") << "h200-sxm"
                                                        << "gemm.naive" << Field::Threads << sub;
        QTest::newRow("h200 mma BK 32 -> 64") << "h200-sxm"
                                              << "gemm.mma_multistage" << Field::BK << add;
        QTest::newRow("h200 mma threads 128 -> 256") << "h200-sxm"
                                                     << "gemm.mma_multistage" << Field::Threads << add;
        QTest::newRow("a100 reg2d TM 8 -> 4") << "a100-sxm4-80gb"
                                              << "gemm.reg2d" << Field::TM << sub;
        QTest::newRow("h200 smem_tiled TILE 32 -> 16 (threads follow)")
            << "h200-sxm"
            << "gemm.smem_tiled" << Field::BM << sub;
    }
    void barFollowsKnobs()
    {
        QFETCH(QString, gpu);
        QFETCH(QString, step);
        QFETCH(Field, field);
        QFETCH(QAbstractSlider::SliderAction, action);
        RooflineChart chart;
        TileExplorer ex(&chart);
        const model::Gpu &g = this->gpu(gpu);
        ex.setGpu(g);
        ex.setConfig(gemm::defaultConfig(step));
        QVERIFY2(ex.isLegal(), qPrintable(ex.problemsText()));
        QVERIFY(ex.fullModel()); // a ladder step: the performance model, not the tile model's peaks
        auto barState = [&ex] {
            QList<double> s;
            for (const model::PerfTerm &t : ex.termBar()->prediction().terms)
                s << t.seconds;
            return s;
        };
        auto checkShown = [&] {
            const model::Prediction &p = ex.prediction();
            QVERIFY(p.ok);
            // Every term in the model's order, the binding one named, its words under the bar.
            QStringList names;
            for (const model::PerfTerm &t : p.terms)
                names << t.name;
            QCOMPARE(names, model::Prediction::termNames());
            QCOMPARE(ex.termBar()->prediction().timeS, p.timeS);
            QCOMPARE(ex.termBar()->prediction().bound, p.bound);
            QVERIFY(!p.boundWords.isEmpty());
            QVERIFY2(ex.boundText().contains(p.boundWords), qPrintable(ex.boundText()));
            QVERIFY(!ex.findChild<QLabel *>("boundWords")->isHidden());
            QVERIFY2(ex.headline().contains(model::formatSeconds(p.timeS)), qPrintable(ex.headline()));
            // The predicted time is on the bar's axis, at least as long as the binding term.
            QVERIFY(ex.termBar()->predictedX() >= ex.termBar()->barRect(p.bound).right() - 0.5);
            // The same prediction as the model gives for this launch, built independently.
            const model::Prediction expect = perfPrediction(g, ex.config(), usedRegisters(ex));
            QVERIFY(expect.ok);
            QCOMPARE(p.timeS, expect.timeS);
            QCOMPARE(p.bound, expect.bound);
            const auto pt = chart.pointCoords(TileExplorer::currentPointId());
            QVERIFY(pt);
            QVERIFY(samePoint(*pt, modelPoint(g, ex.config(), usedRegisters(ex))));
        };
        checkShown();
        if (QTest::currentTestFailed())
            return;
        const auto before = *chart.pointCoords(TileExplorer::currentPointId());
        const QList<double> barBefore = barState();
        const double timeBefore = ex.prediction().timeS;

        QSlider *s = ex.slider(field);
        QVERIFY(s && s->isEnabled());
        const int index = s->value();
        s->triggerAction(action);
        QVERIFY(s->value() != index);
        QVERIFY2(ex.isLegal(), qPrintable(ex.problemsText()));
        checkShown();
        if (QTest::currentTestFailed())
            return;
        // The knob changes a term: the bar and the predicted point move with it.
        QVERIFY2(barState() != barBefore, "the bar did not move");
        QVERIFY2(
            ex.prediction().timeS != timeBefore,
            qPrintable(
                QStringLiteral("the predicted time stayed at %1").arg(model::formatSeconds(timeBefore))));
        QVERIFY2(!samePoint(*chart.pointCoords(TileExplorer::currentPointId()), before),
                 "the point did not move");
    }

    void barShowsSampleMeasurement_data()
    {
        QTest::addColumn<QString>("step");
        QTest::newRow("reg2d 4096³ fp32") << "gemm.reg2d";
        QTest::newRow("naive 4096³ fp32") << "gemm.naive";
        QTest::newRow("vectorized 4096³ fp32") << "gemm.vectorized";
        QTest::newRow("wgmma_tma 8192³ bf16") << "gemm.wgmma_tma";
    }
    void barShowsSampleMeasurement()
    {
        QFETCH(QString, step);
        // The bundled H200 ladder: its own run of the step, set in the explorer as it was run.
        const auto rs = model::ResultSet::load(
            model::resourcePath(QStringLiteral("samples/h200-gemm-ladder.json")), nullptr);
        QVERIFY(rs);
        const model::Measurement *sample = nullptr;
        for (const model::Measurement &m : rs->measurements)
            if (m.kernel == step && m.extra.value("role").toString() == "ladder")
                sample = &m;
        QVERIFY(sample);
        const auto c =
            gemm::configFromKernel(sample->kernel, sample->params, *model::parseDtype(sample->dtype));
        QVERIFY(c);
        RooflineChart chart;
        TileExplorer ex(&chart);
        ex.setGpu(gpu("h200-sxm"));
        ex.setConfig(*c);
        QVERIFY2(ex.isLegal(), qPrintable(ex.problemsText()));
        QVERIFY(ex.termBar()->measuredS());
        QCOMPARE(*ex.termBar()->measuredS(), sample->time.median);
        QVERIFY(ex.termBar()->measuredX() > 0);
        QVERIFY2(ex.gapText().contains("(RoofLab's samples: h200-gemm-ladder.json)"),
                 qPrintable(ex.gapText()));
        QVERIFY(chart.pointCoords(TileExplorer::measuredPointId()));
        qInfo("%s: predicted %s, measured %s, bound by %s", QTest::currentDataTag(),
              qPrintable(model::formatSeconds(ex.prediction().timeS)),
              qPrintable(model::formatSeconds(sample->time.median)), qPrintable(ex.prediction().bound));
        // A gross check of the launch the explorer builds (not of the model's accuracy): a wrong
        // grid or block once put the naive step at 279 s against its 276 ms.
        const double ratio = sample->time.median / ex.prediction().timeS;
        QVERIFY2(ratio > 0.25 && ratio < 4, qPrintable(QString::number(ratio)));
        // On another GPU the H200's measurement is not shown against its prediction.
        ex.setGpu(gpu("a100-sxm4-80gb"));
        QVERIFY(!ex.termBar()->measuredS());
    }

    void barForModelStepAndIllegal()
    {
        RooflineChart chart;
        TileExplorer ex(&chart);
        ex.setGpu(gpu("a100-sxm4-80gb"));
        ex.applyPreset(1);
        // The model step has no kernel: its bar is the tile model's peak terms.
        QVERIFY(!ex.fullModel());
        QStringList names;
        for (const model::PerfTerm &t : ex.termBar()->prediction().terms)
            names << t.name;
        QCOMPARE(names, (QStringList{"compute", "l2", "hbm"}));
        QCOMPARE(ex.termBar()->prediction().timeS, ex.result().predictedTimeS);
        QCOMPARE(ex.prediction().bound, ex.result().bound);
        QVERIFY(!ex.boundText().isEmpty());
        // A configuration that cannot run has no bar and no words.
        ex.applyLessonState({{"step", "gemm.mma_multistage"}, {"dtype", "bf16"}, {"bm", 96}});
        QVERIFY(!ex.isLegal());
        QVERIFY(!ex.termBar()->prediction().ok);
        QVERIFY(ex.findChild<QLabel *>("boundWords")->isHidden());
    }

    // ---- illegal configurations: reasons shown, point removed, nothing clamped

    void illegal_data()
    {
        QTest::addColumn<QString>("gpu");
        QTest::addColumn<QVariantMap>("state");
        QTest::addColumn<QString>("reasonPart");
        QTest::newRow("mma BM 96 typed: not a power of two")
            << "h200-sxm" << QVariantMap{{"step", "gemm.mma_multistage"}, {"dtype", "bf16"}, {"bm", 96}}
            << "BM";
        QTest::newRow("model 256x256x128 fp32, 4 stages: 1 MiB of shared memory")
            << "h200-sxm" << QVariantMap{{"dtype", "fp32"}, {"bm", 256},   {"bn", 256},
                                         {"bk", 128},       {"stages", 4}, {"threads", 256}}
            << "shared memory";
        QTest::newRow("wgmma on A100: Hopper only")
            << "a100-sxm4-80gb" << QVariantMap{{"step", "gemm.wgmma_tma"}, {"dtype", "bf16"}} << "sm_90a";
        QTest::newRow("reg2d TM 16 on an 8-row tile")
            << "h200-sxm" << QVariantMap{{"step", "gemm.reg2d"}, {"bm", 8}, {"tm", 16}, {"tn", 8}} << "TM";
        QTest::newRow("reg2d threads 512 where the tile gives 256")
            << "h200-sxm"
            << QVariantMap{{"step", "gemm.reg2d"}, {"bm", 128}, {"bn", 128}, {"tm", 8}, {"tn", 8},
                           {"threads", 512}}
            << "threads";
        QTest::newRow("mma with fp32: the kernel takes bf16 or fp16")
            << "h200-sxm" << QVariantMap{{"step", "gemm.mma_multistage"}, {"dtype", "fp32"}} << "dtype";
    }
    void illegal()
    {
        QFETCH(QString, gpu);
        QFETCH(QVariantMap, state);
        QFETCH(QString, reasonPart);
        RooflineChart chart;
        TileExplorer ex(&chart);
        ex.setGpu(this->gpu(gpu));
        QVERIFY(chart.pointCoords(TileExplorer::currentPointId()));
        ex.applyLessonState(state);
        QVERIFY(!ex.isLegal());
        QVERIFY2(ex.problemsText().contains(reasonPart), qPrintable(ex.problemsText()));
        QVERIFY(!chart.pointCoords(TileExplorer::currentPointId()));
        QVERIFY(ex.headline().contains("cannot run"));
        auto *label = ex.findChild<QLabel *>("problems");
        QVERIFY(label && !label->isHidden());
        QVERIFY(label->text().contains(reasonPart.toHtmlEscaped()));
        // Shown as given, never corrected: the spin boxes hold the values that were set.
        for (auto it = state.begin(); it != state.end(); ++it)
            for (Field f : gemm::tileFields())
                if (gemm::tileFieldKey(f) == it.key() && ex.spinBox(f))
                    QCOMPARE(qint64(ex.spinBox(f)->value()), it.value().toLongLong());
        QVERIFY(!ex.measureButton()->isEnabled());
        // A legal configuration brings the point back.
        ex.setConfig(gemm::defaultConfig(gpu == "h200-sxm" ? "gemm.mma_multistage" : "gemm.reg2d"));
        QVERIFY2(ex.isLegal(), qPrintable(ex.problemsText()));
        QVERIFY(chart.pointCoords(TileExplorer::currentPointId()));
        QVERIFY(label->isHidden());
    }

    // ---- the tiled-GEMM notes' A100 presets

    void presets_data()
    {
        QTest::addColumn<int>("column");
        QTest::addColumn<double>("smem");
        QTest::addColumn<double>("blocks");
        QTest::addColumn<double>("kIterations");
        QTest::addColumn<double>("noReuse");
        QTest::newRow("A 64x64x16: 16 KiB, 4096 blocks, 8 GiB")
            << 0 << 16384.0 << 4096.0 << 256.0 << 8.0 * (1 << 30);
        QTest::newRow("B 128x128x32: 64 KiB, 1024 blocks, 4 GiB")
            << 1 << 65536.0 << 1024.0 << 128.0 << 4.0 * (1 << 30);
        QTest::newRow("C 128x128x64: 128 KiB, 1024 blocks, 4 GiB")
            << 2 << 131072.0 << 1024.0 << 64.0 << 4.0 * (1 << 30);
    }
    void presets()
    {
        QFETCH(int, column);
        QFETCH(double, smem);
        QFETCH(double, blocks);
        QFETCH(double, kIterations);
        QFETCH(double, noReuse);
        RooflineChart chart;
        TileExplorer ex(&chart);
        const model::Gpu &a100 = gpu("a100-sxm4-80gb");
        ex.setGpu(a100);
        QTableWidget *t = ex.presetTable();
        QCOMPARE(t->columnCount(), 3);
        QHash<QString, double> raw;
        QHash<QString, QString> text;
        for (int row = 0; row < t->rowCount(); ++row) {
            raw[t->item(row, column)->data(Qt::UserRole + 1).toString()] =
                t->item(row, column)->data(Qt::UserRole).toDouble();
            text[t->item(row, column)->data(Qt::UserRole + 1).toString()] = t->item(row, column)->text();
        }
        QCOMPARE(raw["smem"], smem);
        QCOMPARE(raw["grid"], blocks);
        QCOMPARE(raw["k_iterations"], kIterations);
        QCOMPARE(raw["l2_no_reuse"], noReuse);
        // Every other number is the model's, for the same input.
        const TileExplorer::Preset preset = TileExplorer::a100ExamplePresets().at(column);
        const model::TileResult r = model::TileModel(a100).evaluate(gemm::plan(preset.config, &a100).input);
        QVERIFY(r.ok);
        const QHash<QString, double> expect = {{"ai_stage", r.aiStage},
                                               {"flops", r.flops},
                                               {"hbm", r.hbmBytes},
                                               {"hbm_min", r.hbmBytesMin},
                                               {"c_bytes", r.cBytes},
                                               {"registers", r.registers},
                                               {"blocks_per_sm", r.blocksPerSm},
                                               {"occupancy", r.occupancy.occupancy},
                                               {"waves", r.waves},
                                               {"wave_efficiency", r.waveEfficiency},
                                               {"compute_s", r.computeS},
                                               {"hbm_s", r.hbmS},
                                               {"l2_s", r.l2S},
                                               {"time", r.predictedTimeS},
                                               {"flop_s", r.predictedFlopS}};
        for (auto it = expect.begin(); it != expect.end(); ++it)
            QVERIFY2(qFuzzyCompare(raw.value(it.key(), -1) + 1, it.value() + 1), qPrintable(it.key()));
        QVERIFY(text["registers"].startsWith("≈")); // the model step: estimated
        QVERIFY(text["blocks_per_sm"].startsWith(QString::number(r.blocksPerSm) + " · "));
        QVERIFY(!text["bound"].isEmpty());

        // Applying the preset sets the controls and moves the point there.
        ex.applyPreset(column);
        QCOMPARE(ex.combo(Field::Step)->currentData().toString(), QStringLiteral("model"));
        QCOMPARE(ex.combo(Field::Dtype)->currentData().toString(), QStringLiteral("tf32"));
        QCOMPARE(ex.spinBox(Field::BM)->value(), preset.config.bm);
        QCOMPARE(ex.spinBox(Field::BK)->value(), preset.config.bk);
        QCOMPARE(ex.spinBox(Field::Threads)->value(), 512);
        QCOMPARE(ex.spinBox(Field::Stages)->value(), 2);
        QCOMPARE(*chart.pointCoords(TileExplorer::currentPointId()), QPointF(r.aiHbm(), r.predictedFlopS));
        QCOMPARE(ex.termsTable()->item(0, 1)->data(Qt::UserRole).toDouble(), smem);
    }

    // ---- background NVRTC compile replaces the estimate

    void backgroundCompile_data()
    {
        QTest::addColumn<QString>("gpu");
        QTest::addColumn<QString>("step");
        QTest::addColumn<QString>("arch");
        QTest::newRow("a100 reg2d, sm_80") << "a100-sxm4-80gb"
                                           << "gemm.reg2d"
                                           << "sm_80";
        QTest::newRow("h200 mma_multistage, sm_90") << "h200-sxm"
                                                    << "gemm.mma_multistage"
                                                    << "sm_90";
    }
    void backgroundCompile()
    {
        QFETCH(QString, gpu);
        QFETCH(QString, step);
        QFETCH(QString, arch);
        RooflineChart chart;
        TileExplorer ex(&chart);
        const model::Gpu &g = this->gpu(gpu);
        ex.setGpu(g);
        gemm::TileConfig c = gemm::defaultConfig(step);
        c.bk *= 2; // a configuration no other test compiled
        ex.setConfig(c);
        QVERIFY2(ex.isLegal(), qPrintable(ex.problemsText()));
        QVERIFY(ex.registersEstimated());
        QVERIFY2(ex.registersText().contains("≈") && ex.registersText().contains("estimated"),
                 qPrintable(ex.registersText()));
        QSignalSpy spy(&ex, &TileExplorer::registersChanged);
        QTRY_VERIFY_WITH_TIMEOUT(!ex.registersEstimated(), 180000);
        QVERIFY2(!ex.registersText().contains("estimated"), qPrintable(ex.registersText()));
        QVERIFY(ex.registersText().contains(arch));
        QCOMPARE(spy.count(), 1);

        // The same count as a compile done here, and the occupancy and point that follow from it.
        kernels::Compiler compiler;
        const gemm::TileCompile direct = gemm::compileTile(gemm::plan(ex.config(), &g), g, compiler);
        QVERIFY2(direct.ok, qPrintable(direct.error));
        QCOMPARE(direct.arch, arch);
        QCOMPARE(ex.result().registers, direct.registers);
        model::TileInput in = gemm::plan(ex.config(), &g).input;
        in.registers = direct.registers;
        const model::TileResult r = model::TileModel(g).evaluate(in);
        QCOMPARE(ex.result().blocksPerSm, r.blocksPerSm);
        QCOMPARE(ex.result().limiter, r.limiter);
        QCOMPARE(*chart.pointCoords(TileExplorer::currentPointId()),
                 modelPoint(g, ex.config(), direct.registers));
        // The compiled count reaches the performance model's launch.
        QCOMPARE(ex.launch().registers, direct.registers);

        // Cached by configuration: back to it after a change, no new compile and no estimate.
        ex.slider(Field::K)->triggerAction(QAbstractSlider::SliderSingleStepSub);
        QVERIFY(!ex.registersEstimated()); // K is not a compile parameter: the same kernel
        ex.slider(Field::K)->triggerAction(QAbstractSlider::SliderSingleStepAdd);
        QVERIFY(!ex.registersEstimated());
        QCOMPARE(ex.result().registers, direct.registers);
    }

    // ---- the ladder view

    void ladder()
    {
        // A small samples file: two ladder steps measured on H200 at 4096³.
        QTemporaryDir dir;
        const model::Gpu &h200 = gpu("h200-sxm");
        model::ResultSet rs;
        rs.device.name = h200.name;
        rs.device.spec = h200.id;
        const double flops = 2.0 * 4096 * 4096 * 4096;
        QHash<QString, double> times = {{"gemm.naive", 0.25}, {"gemm.reg2d", 0.012}};
        for (auto it = times.begin(); it != times.end(); ++it) {
            const gemm::TilePlan p = gemm::plan(gemm::defaultConfig(it.key()), &h200);
            model::Measurement m;
            m.kernel = it.key();
            m.params = p.kernelParams;
            m.dtype = "fp32";
            m.flops = flops;
            m.bytes = 3.0 * 4096 * 4096 * 4;
            m.time = {it.value(), it.value() * 0.98, it.value() * 1.05, 10};
            m.check.ok = true;
            m.check.reference = "cublas";
            m.extra["role"] = "ladder";
            rs.measurements.append(m);
        }
        const QString file = dir.filePath("ladder.json");
        QString error;
        QVERIFY2(rs.save(file, &error), qPrintable(error));

        RooflineChart chart;
        TileExplorer ex(&chart);
        ex.setSamplesFile(file);
        ex.setGpu(h200);
        ex.setConfig(gemm::defaultConfig("gemm.reg2d"));
        QElapsedTimer clock;
        clock.start();
        ex.showLadder();
        qInfo("ladder of %d steps evaluated and drawn in %lld ms", int(gemm::ladderIds().size()),
              clock.elapsed());

        const QList<ChartTrail> trails = ex.trails();
        auto find = [&](const QString &id) -> const ChartTrail * {
            for (const ChartTrail &t : trails)
                if (t.id == id)
                    return &t;
            return nullptr;
        };
        const ChartTrail *pred = find("tile.ladder.predicted");
        const ChartTrail *meas = find("tile.ladder.measured");
        QVERIFY(pred && meas);
        QCOMPARE(pred->kind, ChartPoint::Kind::Predicted);
        QCOMPARE(meas->kind, ChartPoint::Kind::Measured);
        QCOMPARE(pred->points.size(), gemm::ladderIds().size()); // H200 runs every step, wgmma included
        QCOMPARE(pred->pointLabels.first(), QStringLiteral("1 naive"));
        QCOMPARE(pred->pointLabels.at(9), QStringLiteral("10 wgmma_tma"));
        QCOMPARE(pred->pointLabels.at(10), QStringLiteral("11 wgmma_persistent"));
        QCOMPARE(pred->pointLabels.at(11), QStringLiteral("12 wgmma_cluster"));
        QCOMPARE(meas->pointLabels, (QStringList{"1 naive", "5 reg2d"}));
        QCOMPARE(meas->points.at(1).y(), flops / 0.012);
        // Each predicted point is the model's for that step's default tile.
        for (int i = 0; i < pred->points.size(); ++i) {
            const QString step = gemm::ladderIds().at(i);
            gemm::TileConfig c = gemm::defaultConfig(step, 4096);
            model::TileInput in = gemm::plan(c, &h200).input;
            const model::TileResult r = model::TileModel(h200).evaluate(in);
            QCOMPARE(pred->points.at(i).x(), r.aiHbm()); // registers estimated: no compile is back yet
        }
        // The kernel-engineering notes (ch. 05): the naive step is a 1×1 tile: 512 GiB of requests
        // without reuse, I = 0.25.
        const model::TileResult naive =
            model::TileModel(h200).evaluate(gemm::plan(gemm::defaultConfig("gemm.naive"), &h200).input);
        QCOMPARE(naive.l2ReadBytesNoReuse, 512.0 * (1 << 30));
        QCOMPARE(naive.flops / naive.l2ReadBytesNoReuse, 0.25);
        QVERIFY(chart.trailCount() >= 2);
        QVERIFY(ex.ladderText().contains("2 measured"));
        waitIdle(ex);

        // On A100 the Hopper steps (wgmma and TMA) are left out, with their reason.
        ex.setGpu(gpu("a100-sxm4-80gb"));
        ex.showLadder();
        const QList<ChartTrail> a100 = ex.trails();
        qsizetype hopper = 0;
        for (const QString &id : gemm::ladderIds())
            hopper += gemm::usesTma(id) ? 1 : 0;
        QVERIFY(hopper >= 3);
        QCOMPARE(a100.first().points.size(), gemm::ladderIds().size() - hopper);
        QVERIFY2(ex.ladderText().contains("wgmma_tma") && ex.ladderText().contains("sm_90a"),
                 qPrintable(ex.ladderText()));
        QVERIFY(ex.ladderText().contains("samples were measured on h200-sxm"));
        ex.clearTrails();
        QVERIFY(ex.trails().isEmpty());
        waitIdle(ex);
    }

    // ---- sweeps

    void sweep_data()
    {
        QTest::addColumn<QString>("step");
        QTest::addColumn<int>("field"); // -1: the size D
        QTest::addColumn<int>("minLeftOut");
        QTest::newRow("mma_multistage BM 16..256") << "gemm.mma_multistage" << int(Field::BM) << 1;
        QTest::newRow("reg2d TM 1..16") << "gemm.reg2d" << int(Field::TM) << 0;
        QTest::newRow("size D 64..8192, reg2d") << "gemm.reg2d" << -1 << 0;
        QTest::newRow("model stages 1..8 on H200 (8 stages of 32 KiB do not fit)")
            << "model" << int(Field::Stages) << 1;
    }
    void sweep()
    {
        QFETCH(QString, step);
        QFETCH(int, field);
        QFETCH(int, minLeftOut);
        RooflineChart chart;
        TileExplorer ex(&chart);
        const model::Gpu &g = gpu("h200-sxm");
        ex.setGpu(g);
        ex.setConfig(gemm::defaultConfig(step));
        if (field < 0)
            ex.sweepSize();
        else
            ex.sweep(Field(field));
        // Expected: every slider value (or size) whose configuration the step and the model accept,
        // at the model's coordinates (registers estimated: no compile has come back yet).
        const QList<qint64> values =
            field < 0 ? TileExplorer::sizeSweepValues() : gemm::fieldRule(step, Field(field)).stops;
        const QString name = field < 0 ? QStringLiteral("D") : gemm::tileFieldName(Field(field));
        QStringList labels, leftOut;
        QList<QPointF> points;
        for (qint64 v : values) {
            gemm::TileConfig c = ex.config();
            if (field < 0)
                c.M = c.N = c.K = v;
            else
                c.setValue(Field(field), v);
            c = gemm::normalized(c);
            const gemm::TilePlan p = gemm::plan(c, &g);
            const model::TileResult r = model::TileModel(g).evaluate(p.input);
            const QString label = QStringLiteral("%1=%2").arg(name).arg(v);
            if (p.problems.isEmpty() && r.ok) {
                labels << label;
                points << modelPoint(g, c, std::nullopt);
            } else {
                leftOut << label;
            }
        }
        QVERIFY(labels.size() >= 2);
        QVERIFY(leftOut.size() >= minLeftOut);
        const ChartTrail *t = nullptr;
        const QList<ChartTrail> trails = ex.trails();
        for (const ChartTrail &tr : trails)
            if (tr.id == "tile.sweep.predicted")
                t = &tr;
        QVERIFY(t);
        QVERIFY2(t->pointLabels == labels, qPrintable(t->pointLabels.join(' ') + " | " + ex.sweepText()));
        QCOMPARE(t->points, points);
        QCOMPARE(t->kind, ChartPoint::Kind::Predicted);
        QVERIFY(t->label.startsWith("sweep " + name));
        // Left out with their reasons, never drawn at a clamped value.
        for (const QString &l : leftOut)
            QVERIFY2(ex.sweepText().contains(l + ": "), qPrintable(ex.sweepText()));
        QVERIFY(chart.trailCount() >= 1);
        waitIdle(ex);
    }

    // ---- Measure through a worker

    void measureWithStandInWorker()
    {
        RooflineChart chart;
        TileExplorer ex(&chart);
        const model::Gpu &g = gpu("h200-sxm");
        ex.setGpu(g);
        ex.setConfig(gemm::defaultConfig("gemm.mma_multistage", 6144)); // no sample at 6144³
        waitIdle(ex);
        const double predicted = ex.prediction().timeS;
        QVERIFY(predicted > 0);
        QVERIFY(!ex.termBar()->measuredS()); // nothing measured yet at this size

        // The worker's answer: measured 17 % slower than predicted, checked.
        model::Measurement m;
        m.kernel = ex.plan().kernelId;
        m.params = ex.plan().kernelParams;
        m.dtype = "bf16";
        m.flops = ex.result().flops;
        m.bytes = ex.result().hbmBytesMin;
        m.time = {predicted * 1.17, predicted * 1.15, predicted * 1.2, 20};
        m.check.ok = true;
        m.check.reference = "cublas";
        QTemporaryDir dir;
        QFile f(dir.filePath("events.jsonl"));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(model::events::line(model::events::progress(0, 1, "gemm.mma_multistage")));
        f.write(model::events::line(model::events::measurement(m)));
        f.write(model::events::line(model::events::done(true)));
        f.close();
        ex.setWorkerProgram(standInWorker(dir, f.fileName()));

        QVERIFY(ex.measureButton()->isEnabled());
        QSignalSpy done(&ex, &TileExplorer::measurementFinished);
        QTest::mouseClick(ex.measureButton(), Qt::LeftButton);
        QVERIFY(ex.measuring());
        QVERIFY(done.wait(20000));
        QVERIFY2(ex.gapText().contains("17 % slower"), qPrintable(ex.gapText()));
        QVERIFY(ex.gapText().contains("predicted " + model::formatSeconds(predicted)));
        QVERIFY(ex.gapText().contains("binding term: "));
        const auto mp = chart.point(TileExplorer::measuredPointId());
        QVERIFY(mp);
        QCOMPARE(mp->kind, ChartPoint::Kind::Measured);
        QCOMPARE(mp->flopPerS, m.flops / m.time.median);
        QCOMPARE(mp->ai, chart.pointCoords(TileExplorer::currentPointId())->x()); // beside the prediction
        // The bar shows the measured time on the terms' axis.
        QCOMPARE(*ex.termBar()->measuredS(), m.time.median);
        QVERIFY(ex.termBar()->measuredX() > ex.termBar()->predictedX());

        // Measure sweep: every point of a sweep through the same worker.
        ex.sweep(Field::Stages);
        QSignalSpy trails(&ex, &TileExplorer::trailsChanged);
        ex.measureSweep();
        QVERIFY(done.wait(30000));
        const QList<ChartTrail> all = ex.trails();
        const ChartTrail *measured = nullptr;
        for (const ChartTrail &t : all)
            if (t.id == "tile.sweep.measured")
                measured = &t;
        QVERIFY(measured);
        QVERIFY(measured->points.size() >= 2);
        QCOMPARE(measured->kind, ChartPoint::Kind::Measured);
        QVERIFY(measured->pointLabels.first().startsWith("stages="));
    }

    void measureWithoutDevice_data()
    {
        QTest::addColumn<bool>("realWorker");
        QTest::newRow("stand-in worker reporting no device") << false;
        QTest::newRow("rooflab-cli worker on this machine") << true;
    }
    void measureWithoutDevice()
    {
        QFETCH(bool, realWorker);
        RooflineChart chart;
        TileExplorer ex(&chart);
        QTemporaryDir dir;
        ex.setSamplesFile(dir.filePath("none.json")); // the bundled samples measured this configuration
        ex.setGpu(gpu("h200-sxm"));
        ex.setConfig(gemm::defaultConfig("gemm.reg2d"));
        if (realWorker) {
            ex.setWorkerProgram(QStringLiteral(ROOFLAB_CLI));
        } else {
            QFile f(dir.filePath("events.jsonl"));
            QVERIFY(f.open(QIODevice::WriteOnly));
            QJsonObject e = model::events::error("no CUDA device: cudaGetDeviceCount failed (no driver)");
            e["code"] = 3;
            f.write(model::events::line(e));
            f.write(model::events::line(model::events::done(false)));
            f.close();
            ex.setWorkerProgram(standInWorker(dir, f.fileName()));
        }
        QSignalSpy done(&ex, &TileExplorer::measurementFinished);
        ex.measure();
        QVERIFY(done.wait(60000));
        if (realWorker && chart.pointCoords(TileExplorer::measuredPointId()))
            QSKIP("this machine has a CUDA device: the run was measured");
        QVERIFY2(ex.gapText().contains("No CUDA device"), qPrintable(ex.gapText()));
        QVERIFY(!chart.pointCoords(TileExplorer::measuredPointId()));
        // ... and the explorer keeps working.
        const auto before = chart.pointCoords(TileExplorer::currentPointId());
        ex.slider(Field::K)->triggerAction(QAbstractSlider::SliderSingleStepSub);
        const auto after = chart.pointCoords(TileExplorer::currentPointId());
        QVERIFY(before && after && *before != *after);
        waitIdle(ex);
    }

    // ---- lessons

    void lessonState_data()
    {
        QTest::addColumn<QString>("gpu");
        QTest::addColumn<QVariantMap>("state");
        for (const QString &name :
             {QStringLiteral("03-tiling.json"), QStringLiteral("05-predict-measure.json")}) {
            QFile f(QStringLiteral(ROOFLAB_SOURCE_RESOURCES_DIR "/lessons/") + name);
            QVERIFY(f.open(QIODevice::ReadOnly));
            const QJsonArray steps = QJsonDocument::fromJson(f.readAll()).object()["steps"].toArray();
            QString gpu;
            for (const QJsonValue &v : steps) {
                const QJsonObject s = v.toObject();
                gpu = s["gpu"].toString(gpu);
                if (s.contains("tile"))
                    QTest::newRow(qPrintable(name + ": " + s["title"].toObject()["en"].toString()))
                        << gpu << s["tile"].toObject().toVariantMap();
            }
        }
    }
    void lessonState()
    {
        QFETCH(QString, gpu);
        QFETCH(QVariantMap, state);
        RooflineChart chart;
        TileExplorer ex(&chart);
        ex.setGpu(this->gpu(gpu));
        ex.setConfig(gemm::defaultConfig("gemm.wmma")); // something else first
        ex.applyLessonState(state);
        QCOMPARE(ex.combo(Field::Step)->currentData().toString(), state.value("step", "model").toString());
        QCOMPARE(ex.combo(Field::Dtype)->currentData().toString(), state.value("dtype").toString());
        for (auto it = state.begin(); it != state.end(); ++it)
            for (Field f : gemm::tileFields())
                if (gemm::tileFieldKey(f) == it.key() && ex.spinBox(f)) {
                    QCOMPARE(qint64(ex.spinBox(f)->value()), it.value().toLongLong());
                    QCOMPARE(ex.config().value(f), it.value().toLongLong());
                }
        QVERIFY2(ex.isLegal(), qPrintable(ex.problemsText()));
        QVERIFY(chart.pointCoords(TileExplorer::currentPointId()));
        // Re-applying after a change restores the step.
        ex.slider(Field::K)->triggerAction(QAbstractSlider::SliderSingleStepSub);
        ex.applyLessonState(state);
        QCOMPARE(ex.config().K, state.value("K").toLongLong());
        if (state.value("step") == "gemm.naive") // 512 GiB of requests without reuse, I = 0.25
            QCOMPARE(ex.result().flops / ex.result().l2ReadBytesNoReuse, 0.25);
        waitIdle(ex);
    }

    // What the lesson captions say about the bar must stay true of the models (lessons 3 and 5).
    void lessonCaptionsTrue_data()
    {
        QTest::addColumn<QString>("gpu");
        QTest::addColumn<QVariantMap>("state");
        QTest::addColumn<QString>("bound");    // the binding term once the compile answered
        QTest::addColumn<int>("blocksPerSm");  // 0: not claimed
        QTest::addColumn<double>("measuredS"); // the H200 sample the caption quotes; 0: none
        const QVariantMap reg2d{
            {"M", 4096}, {"N", 4096}, {"K", 4096}, {"dtype", "fp32"}, {"step", "gemm.reg2d"},
            {"bm", 128}, {"bn", 128}, {"bk", 8},   {"tm", 8},         {"tn", 8}};
        QTest::newRow("lesson 3 naive: L1 / global, measured 0.276 s")
            << "h200-sxm"
            << QVariantMap{{"M", 4096}, {"N", 4096}, {"K", 4096}, {"dtype", "fp32"}, {"step", "gemm.naive"}}
            << "l1" << 0 << 0.2758;
        QTest::newRow("lesson 3 and 5 reg2d: latency, one block, 8.13 ms")
            << "h200-sxm" << reg2d << "latency" << 1 << 0.00813;
        QTest::newRow("lesson 3 tensor cores: latency")
            << "h200-sxm" << QVariantMap{{"M", 4096},
                                         {"N", 4096},
                                         {"K", 4096},
                                         {"dtype", "bf16"},
                                         {"step", "gemm.mma_multistage"},
                                         {"bm", 128},
                                         {"bn", 128},
                                         {"bk", 32},
                                         {"stages", 3},
                                         {"threads", 128},
                                         {"group", 8}}
            << "latency" << 0 << 0.0;
        const QVariantMap plan{{"M", 4096}, {"N", 4096}, {"K", 4096},   {"dtype", "tf32"}, {"bm", 64},
                               {"bn", 64},  {"bk", 16},  {"stages", 2}, {"threads", 512}};
        QVariantMap b = plan, c = plan;
        b["bm"] = b["bn"] = 128;
        b["bk"] = 32;
        c["bm"] = c["bn"] = 128;
        c["bk"] = 64;
        QTest::newRow("lesson 5 plan A: L2") << "a100-sxm4-80gb" << plan << "l2" << 0 << 0.0;
        QTest::newRow("lesson 5 plan B: compute, one block")
            << "a100-sxm4-80gb" << b << "compute" << 1 << 0.0;
        QTest::newRow("lesson 5 plan C: compute, one block")
            << "a100-sxm4-80gb" << c << "compute" << 1 << 0.0;
    }
    void lessonCaptionsTrue()
    {
        QFETCH(QString, gpu);
        QFETCH(QVariantMap, state);
        QFETCH(QString, bound);
        QFETCH(int, blocksPerSm);
        QFETCH(double, measuredS);
        RooflineChart chart;
        TileExplorer ex(&chart);
        ex.setGpu(this->gpu(gpu));
        ex.applyLessonState(state);
        waitIdle(ex);
        QVERIFY2(ex.isLegal(), qPrintable(ex.problemsText()));
        QCOMPARE(ex.prediction().bound, bound);
        QVERIFY(!ex.boundText().isEmpty());
        if (blocksPerSm > 0)
            QCOMPARE(ex.result().blocksPerSm, blocksPerSm);
        if (measuredS > 0) {
            QVERIFY(ex.termBar()->measuredS());
            QVERIFY(qAbs(*ex.termBar()->measuredS() / measuredS - 1) < 0.01);
        }
        qInfo("%s: predicted %s, bound %s", QTest::currentDataTag(),
              qPrintable(model::formatSeconds(ex.prediction().timeS)), qPrintable(ex.prediction().bound));
    }

    // ---- a view of a session that another owner drives

    void viewOfASharedSession()
    {
        TileSession session;
        session.setCompileDelay(60000); // the registers do not matter here
        session.setGpu(gpu("h200-sxm"));
        RooflineChart chart;
        auto *ex = new TileExplorer(&session, &chart);
        QCOMPARE(ex->session(), &session);

        // The owner sets the configuration: the knobs, the headline and the point follow.
        gemm::TileConfig c = gemm::defaultConfig("gemm.mma_multistage");
        c.K = 2048;
        session.setConfig(c);
        QCOMPARE(ex->combo(Field::Step)->currentData().toString(), QStringLiteral("gemm.mma_multistage"));
        QCOMPARE(ex->spinBox(Field::K)->value(), 2048);
        QCOMPARE(ex->spinBox(Field::BK)->value(), c.bk);
        QCOMPARE(ex->findChild<QLabel *>("headline")->text(), session.headline());
        QCOMPARE(*chart.pointCoords(TileExplorer::currentPointId()),
                 QPointF(session.points().first().ai, session.points().first().flopPerS));

        // A dtype the step does not take is shown with its note, and goes when the owner fixes it.
        c.dtype = model::Dtype::Fp32;
        session.setConfig(c);
        QVERIFY(ex->combo(Field::Dtype)->currentText().contains("not for this step"));
        QVERIFY(!ex->isLegal());
        c.dtype = model::Dtype::Fp16;
        session.setConfig(c);
        QCOMPARE(ex->combo(Field::Dtype)->count(), gemm::dtypesFor("gemm.mma_multistage").size());
        QCOMPARE(ex->combo(Field::Dtype)->currentData().toString(), QStringLiteral("fp16"));

        // The user moves a knob: the session (the owner's) has the new value.
        QSignalSpy changed(&session, &TileSession::configChanged);
        ex->slider(Field::Stages)->triggerAction(QAbstractSlider::SliderSingleStepSub);
        QCOMPARE(changed.count(), 1);
        QCOMPARE(session.config().stages, ex->spinBox(Field::Stages)->value());
        QVERIFY(session.config().stages < c.stages);

        // The view goes, the session stays (and keeps its state).
        delete ex;
        QCOMPARE(session.config().K, qint64(2048));
        session.setValue(Field::K, 4096); // nothing left to update: no crash
        QCOMPARE(session.config().K, qint64(4096));
    }

    // ---- in the main window

    void mainWindow()
    {
        MainWindow w(m_db);
        w.resize(1500, 950);
        auto *ex = qobject_cast<TileExplorer *>(w.panel("tile"));
        QVERIFY(ex);
        w.selectGpu("a100-sxm4-80gb");
        QCOMPARE(ex->gpu().id, QStringLiteral("a100-sxm4-80gb"));
        w.selectGpu("h200-sxm");
        QCOMPARE(ex->gpu().id, QStringLiteral("h200-sxm"));
        w.showPanel(ex);
        QCOMPARE(w.currentPanel()->isAncestorOf(ex) || w.currentPanel() == ex, true);
        // "On A100" asks the window for the A100 example's GPU.
        ex->findChild<QPushButton *>("presetGpuButton")->click();
        QCOMPARE(w.currentGpuId(), QStringLiteral("a100-sxm4-80gb"));
        QCOMPARE(ex->gpu().id, QStringLiteral("a100-sxm4-80gb"));
        const double shading = w.chart()->shadingRidge();
        QVERIFY(shading > 0);
        ex->applyPreset(1);
        QVERIFY(w.chart()->pointCoords(TileExplorer::currentPointId()));
        QCOMPARE(w.chart()->shadingRidge(), shading); // the chart's own state left as it was
        // Only while its tab is the current one: another panel's chart is not cluttered by it.
        w.showPanel(w.occupancyPanel());
        ex->slider(Field::K)->triggerAction(QAbstractSlider::SliderSingleStepSub);
        QVERIFY(!w.chart()->pointCoords(TileExplorer::currentPointId()));
        w.showPanel(ex);
        ex->slider(Field::K)->triggerAction(QAbstractSlider::SliderSingleStepAdd);
        QVERIFY(w.chart()->pointCoords(TileExplorer::currentPointId()));

        const QString shots = qEnvironmentVariable("ROOFLAB_SCREENSHOTS");
        if (!shots.isEmpty()) {
            w.show();
            QVERIFY(QTest::qWaitForWindowExposed(&w));
            w.selectGpu("h200-sxm");
            ex->setConfig(gemm::defaultConfig("gemm.mma_multistage"));
            ex->sweepSize();
            QTest::qWait(50);
            w.chart()->replot();
            QCoreApplication::processEvents(); // pending layouts, as before a real paint
            QVERIFY(w.grab().save(QDir(shots).filePath("tile-sweep.png")));
            ex->clearTrails();
            ex->setConfig(gemm::defaultConfig("gemm.reg2d"));
            ex->showLadder();
            w.chart()->replot();
            QCoreApplication::processEvents(); // pending layouts, as before a real paint
            QVERIFY(w.grab().save(QDir(shots).filePath("tile-ladder.png")));
            ex->clearTrails();
            w.selectGpu("a100-sxm4-80gb");
            ex->applyPreset(1);
            ex->findChild<QTabWidget *>("tileTabs")->setCurrentIndex(1);
            w.chart()->replot();
            if (auto *area = qobject_cast<QScrollArea *>(
                    ex->parentWidget() ? ex->parentWidget()->parentWidget() : nullptr))
                area->ensureWidgetVisible(ex->presetTable(), 0, 0);
            QCoreApplication::processEvents(); // pending layouts, as before a real paint
            QVERIFY(w.grab().save(QDir(shots).filePath("tile-presets.png")));
            QVERIFY(ex->minimumSizeHint().width() <= ex->parentWidget()->width()); // no sideways scrolling
            ex->applyLessonState({{"step", "gemm.mma_multistage"}, {"dtype", "bf16"}, {"bm", 96}});
            ex->findChild<QTabWidget *>("tileTabs")->setCurrentIndex(0);
            QCoreApplication::processEvents(); // pending layouts, as before a real paint
            QVERIFY(w.grab().save(QDir(shots).filePath("tile-illegal.png")));
        }
        waitIdle(*ex);
    }
};

QTEST_MAIN(TestGuiTile)
#include "tst_gui_tile.moc"
