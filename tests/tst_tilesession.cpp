// The tile explorer's state without a single widget (QCoreApplication only): a TileSession's
// evaluations are the models' own (model::TileModel's traffic and residency, model::PerfModel's
// time for ladder steps), repeated configurations come from the cache, the NVRTC compile queue
// runs the configuration on screen first and drops compiles nobody needs (a stand-in compile
// function, so the order is seen and nothing waits for NVRTC), the ladder maps every step's
// default tile to its kernel and the samples' measurements, the configuration is a plain value
// with a change signal, and measuring goes through a worker (a stand-in script).
#include "ceilingpolicy.h"
#include "events.h"
#include "gemmladder.h"
#include "gemmsteps.h"
#include "gemmtile.h"
#include "kernelpaths.h"
#include "paths.h"
#include "perfmodel.h"
#include "specdb.h"
#include "standin.h"
#include "tile/tilecompiler.h"
#include "tile/tilesession.h"
#include "tilemodel.h"
#include "units.h"

#include <QCoreApplication>
#include <QFile>
#include <QGuiApplication>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMutex>
#include <QProcess>
#include <QRegularExpression>
#include <QSemaphore>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

#include <new>

namespace gemm = kernels::gemm;
using Field = kernels::gemm::TileField;

namespace {

// The ceilings the session predicts with: those model::chooseCeilings picks for a GPU
// (RoofLab's samples measured on it, else the datasheet), as the Results panel and `explain`
// do without a file of their own.
model::MachineCeilings samplesCeilings(const model::Gpu &g)
{
    model::CeilingRequest r;
    r.gpu = &g;
    return model::chooseCeilings(r).machine;
}

// What the models say for a configuration with `registers`, built here from the plan.
struct Expected
{
    model::TileResult result;
    model::Prediction prediction; // ok false for the model step (no kernel)
};
Expected expected(const model::Gpu &g, const gemm::TileConfig &c, std::optional<int> registers)
{
    const gemm::TilePlan plan = gemm::plan(c, &g);
    model::TileInput in = plan.input;
    in.registers = registers;
    Expected e;
    e.result = model::TileModel(g).evaluate(in);
    if (!plan.hasKernel())
        return e;
    model::KernelLaunch l;
    l.kernel = plan.kernelId;
    l.dtype = model::dtypeName(c.dtype);
    l.params = plan.kernelParams;
    l.threads = plan.launchThreads;
    l.registers = registers.value_or(0);
    l.smemBytes = e.result.smemBytes;
    if (plan.kernelId != "gemm.naive" && plan.kernelId != "gemm.coalesced") {
        l.grid = e.result.gridBlocks;
        l.blocksPerSm = e.result.blocksPerSm;
    }
    e.prediction = model::PerfModel(g, samplesCeilings(g)).predict(l);
    return e;
}

// Parameters as numbers by name (a results file stores them as JSON numbers).
QString paramsKey(const QVariantMap &params)
{
    QStringList parts;
    for (auto it = params.begin(); it != params.end(); ++it)
        parts << it.key() + QLatin1Char('=') + QString::number(it.value().toLongLong());
    return parts.join(QLatin1Char(' '));
}

const ChartPoint *findPoint(const QList<ChartPoint> &points, const QString &id)
{
    for (const ChartPoint &p : points)
        if (p.id == id)
            return &p;
    return nullptr;
}

// A compile stand-in: records the order compiles start in, waits for a permit, answers a
// fixed register count. Nothing runs NVRTC.
struct FakeCompiles
{
    QSemaphore permits;
    QMutex mutex;
    QStringList started;
    int registers = 77;

    TileCompiler::CompileFunction function()
    {
        return [this](const gemm::CompileJob &job) {
            {
                QMutexLocker lock(&mutex);
                started << job.key;
            }
            permits.acquire();
            gemm::TileCompile r;
            r.ok = true;
            r.kernel = job.kernel;
            r.arch = QStringLiteral("sm_fake");
            r.registers = registers;
            return r;
        };
    }
    QStringList startedKeys()
    {
        QMutexLocker lock(&mutex);
        return started;
    }
};

gemm::CompileJob job(const QString &key)
{
    gemm::CompileJob j;
    j.ok = true;
    j.key = key;
    j.kernel = key;
    return j;
}

// A worker stand-in (run as `script worker`): says hello, then answers every request line with
// the events in `eventsFile`, each given the request's id.
QString standInWorker(const QTemporaryDir &dir, const QString &eventsFile)
{
    return rooflab::test::replayWorker(dir.filePath("worker.sh"), eventsFile, model::events::kProtocol);
}

} // namespace

class TestTileSession : public QObject
{
    Q_OBJECT

    model::SpecDb m_db;
    const model::Gpu &gpu(const QString &id) { return *m_db.find(id); }

private slots:
    void initTestCase()
    {
        m_db.loadDirectory(QStringLiteral(ROOFLAB_SOURCE_RESOURCES_DIR "/gpus"));
        QVERIFY(m_db.find("h200-sxm") && m_db.find("a100-sxm4-80gb"));
    }

    // No QGuiApplication, no widget: the session is QtCore.
    void runsWithoutWidgets()
    {
        QVERIFY(QCoreApplication::instance());
        QVERIFY(!qobject_cast<QGuiApplication *>(QCoreApplication::instance()));
        TileSession s;
        QVERIFY(!s.hasGpu());
        QVERIFY(s.headline().contains("Choose a GPU"));
        QVERIFY(s.points().isEmpty());
        s.setGpu(gpu("h200-sxm"));
        QVERIFY(s.hasGpu());
        QVERIFY2(s.isLegal(), qPrintable(s.problemsText()));
        QVERIFY(findPoint(s.points(), TileSession::currentPointId()));
    }

    // ---- evaluations are the models' own

    void evaluationIsTheModels_data()
    {
        QTest::addColumn<QString>("gpu");
        QTest::addColumn<QString>("step");
        QTest::addColumn<QString>("dtype");
        QTest::addColumn<int>("registers"); // what the stand-in compile answers
        QTest::newRow("h200 reg2d fp32") << "h200-sxm"
                                         << "gemm.reg2d"
                                         << "fp32" << 120;
        QTest::newRow("h200 mma_multistage bf16") << "h200-sxm"
                                                  << "gemm.mma_multistage"
                                                  << "bf16" << 77;
        // 1024 threads: more than 64 registers could not be resident.
        QTest::newRow("h200 naive fp32") << "h200-sxm"
                                         << "gemm.naive"
                                         << "fp32" << 32;
        QTest::newRow("a100 model tf32") << "a100-sxm4-80gb"
                                         << "model"
                                         << "tf32" << 0;
    }
    void evaluationIsTheModels()
    {
        QFETCH(QString, gpu);
        QFETCH(QString, step);
        QFETCH(QString, dtype);
        QFETCH(int, registers);
        FakeCompiles fake;
        fake.registers = registers;
        fake.permits.release(1000);
        TileSession s;
        s.compiler()->setCompileFunction(fake.function());
        s.setCompileDelay(0);
        const model::Gpu &g = this->gpu(gpu);
        s.setGpu(g);
        gemm::TileConfig c = gemm::defaultConfig(step);
        c.dtype = *model::parseDtype(dtype);
        s.setConfig(c);
        QVERIFY2(s.isLegal(), qPrintable(s.problemsText()));
        const bool ladder = step != "model";
        if (ladder) { // the stand-in compile's registers replace the estimate
            QSignalSpy regs(&s, &TileSession::registersChanged);
            QTRY_VERIFY(!s.registersEstimated());
            QCOMPARE(regs.count(), 1);
            QCOMPARE(s.result().registers, fake.registers);
            QCOMPARE(s.launch().registers, fake.registers);
            QVERIFY2(s.registersText().contains("sm_fake"), qPrintable(s.registersText()));
        } else {
            QVERIFY(s.evaluation().compileKey.isEmpty()); // the model step has no kernel
            QVERIFY(s.registersText().contains("no kernel"));
        }
        const Expected e = expected(g, c, ladder ? std::optional<int>(fake.registers) : std::nullopt);
        QCOMPARE(s.result().blocksPerSm, e.result.blocksPerSm);
        QCOMPARE(s.result().gridBlocks, e.result.gridBlocks);
        QCOMPARE(s.result().hbmBytes, e.result.hbmBytes);
        QCOMPARE(s.result().smemBytes, e.result.smemBytes);
        QVERIFY2(s.fullModel() == ladder, qPrintable(s.prediction().notes.join("; ")));
        const double time = ladder ? e.prediction.timeS : e.result.predictedTimeS;
        QVERIFY(time > 0);
        QCOMPARE(s.prediction().timeS, time);
        if (ladder) {
            QCOMPARE(s.prediction().bound, e.prediction.bound);
            QCOMPARE(s.prediction().terms.size(), e.prediction.terms.size());
        } else { // the tile model's peak terms only
            QCOMPARE(s.prediction().terms.size(), qsizetype(3));
            QCOMPARE(s.prediction().bound, e.result.bound);
        }
        // The chart's point: the tile model's HBM intensity, the prediction's FLOP/s.
        const ChartPoint *p = findPoint(s.points(), TileSession::currentPointId());
        QVERIFY(p);
        QCOMPARE(p->ai, e.result.aiHbm());
        QCOMPARE(p->flopPerS, s.prediction().flops / time);
        // The words say the same numbers.
        QVERIFY2(s.headline().contains(model::formatSeconds(time)), qPrintable(s.headline()));
        const QList<TileTermRow> rows = s.termRows();
        const auto row =
            std::find_if(rows.begin(), rows.end(), [](const TileTermRow &r) { return r.key == "time"; });
        QVERIFY(row != rows.end());
        QCOMPARE(row->raw, time);
        QVERIFY(row->bold);
        QVERIFY(!s.boundSentence().isEmpty());
    }

    void illegalConfigurationHasNoPoint()
    {
        TileSession s;
        s.setCompileDelay(60000); // nothing compiles in this test
        s.setGpu(gpu("h200-sxm"));
        gemm::TileConfig c = gemm::defaultConfig("gemm.reg2d");
        c.bm = 4096; // far past the shared memory
        c.bn = 4096;
        s.setConfig(c);
        QVERIFY(!s.isLegal());
        QVERIFY(!s.problems().isEmpty());
        QVERIFY(!findPoint(s.points(), TileSession::currentPointId()));
        QVERIFY(s.headline().contains("cannot run"));
        QVERIFY(!s.canMeasure());
        QVERIFY(s.boundSentence().isEmpty());
        s.measure(); // refused with its reason, nothing queued
        QVERIFY(!s.measuring());
        QVERIFY2(s.gapText().contains("cannot run"), qPrintable(s.gapText()));
    }

    // ---- the evaluation cache

    void repeatedConfigurationsComeFromTheCache()
    {
        TileSession s;
        s.setCompileDelay(60000);
        s.setGpu(gpu("a100-sxm4-80gb"));
        const gemm::TileConfig a = TileSession::a100ExamplePresets().at(0).config;
        const gemm::TileConfig b = TileSession::a100ExamplePresets().at(1).config;
        s.setConfig(a);
        const int afterA = s.modelEvaluations();
        const model::TileResult ra = s.result();
        s.setConfig(b);
        QCOMPARE(s.modelEvaluations(), afterA + 1); // a new input: the model runs
        s.setConfig(a);
        QCOMPARE(s.modelEvaluations(), afterA + 1); // back to A: from the cache
        QCOMPARE(s.result().hbmBytes, ra.hbmBytes);
        QCOMPARE(s.result().predictedTimeS, ra.predictedTimeS);
        (void)s.evaluate(b); // any configuration, through the same cache
        QCOMPARE(s.modelEvaluations(), afterA + 1);
        const int cached = s.cachedEvaluations();
        QVERIFY(cached >= 2);
        // A new GPU: a new model, so nothing old is reused.
        s.setGpu(gpu("h200-sxm"));
        QCOMPARE(s.modelEvaluations(), afterA + 2);
        QCOMPARE(s.cachedEvaluations(), 1);
    }

    // ---- the compile queue

    void compilerQueueOrderAndCancel()
    {
        FakeCompiles fake;
        TileCompiler compiler;
        compiler.setCompileFunction(fake.function());
        compiler.setMaxParallel(1);
        QSignalSpy started(&compiler, &TileCompiler::started);
        QSignalSpy compiled(&compiler, &TileCompiler::compiled);
        compiler.request(job("sweep1"));
        compiler.request(job("sweep2"));
        compiler.request(job("sweep3"));
        compiler.request(job("screen1"), true);
        compiler.request(job("screen2"), true); // the latest urgent one first
        compiler.request(job("sweep2"), true);  // promoted
        compiler.request(job("sweep3"));        // already queued: nothing changes
        QCOMPARE(started.count(), 1);
        QVERIFY(compiler.isRunning("sweep1"));
        QCOMPARE(compiler.queuedKeys(), QStringList({"sweep2", "screen2", "screen1", "sweep3"}));
        QCOMPARE(compiler.pendingCount(), 5);
        QVERIFY(compiler.cancel("screen1"));
        QVERIFY(!compiler.cancel("screen1"));
        QVERIFY(!compiler.cancel("sweep1")); // running: it finishes
        QCOMPARE(compiler.queuedKeys(), QStringList({"sweep2", "screen2", "sweep3"}));

        fake.permits.release(10);
        QTRY_COMPARE(compiled.count(), 4);
        QCOMPARE(fake.startedKeys(), QStringList({"sweep1", "sweep2", "screen2", "sweep3"}));
        QCOMPARE(compiler.pendingCount(), 0);
        QVERIFY(compiler.result("sweep1") && compiler.result("sweep1")->ok);
        QVERIFY(!compiler.result("screen1"));
        // Known: asked again, nothing starts.
        compiler.request(job("sweep1"), true);
        QCOMPARE(started.count(), 4);
        QCOMPARE(compiler.pendingCount(), 0);
    }

    void sessionCompilesTheScreenFirstAndDropsTheRest()
    {
        FakeCompiles fake;
        TileSession s;
        s.compiler()->setCompileFunction(fake.function());
        s.compiler()->setMaxParallel(1);
        s.setCompileDelay(0);
        s.setGpu(gpu("h200-sxm"));
        s.setConfig(gemm::defaultConfig("gemm.reg2d"));
        const QString first = s.evaluation().compileKey;
        QVERIFY(!first.isEmpty());
        QTRY_VERIFY(s.compiler()->isRunning(first)); // it holds the one compile slot

        // The ladder queues its steps behind it, in ladder order.
        s.showLadder();
        QStringList ladderKeys;
        for (const TileSession::TrailEntry &e : s.ladder())
            if (!e.compileKey.isEmpty() && e.compileKey != first)
                ladderKeys << e.compileKey;
        QVERIFY(ladderKeys.size() >= 4);
        QCOMPARE(s.compiler()->queuedKeys(), ladderKeys);

        // A knob moves: the new configuration goes before the ladder.
        s.setValue(Field::BM, 64);
        const QString second = s.evaluation().compileKey;
        QVERIFY(second != first);
        QCOMPARE(s.compiler()->queuedKeys().first(), second);
        QVERIFY(s.compilePending());
        // And again: the configuration left behind is dropped (no trail wants it).
        const QList<qint64> bks = gemm::fieldRule("gemm.reg2d", Field::BK).stops;
        QVERIFY(bks.size() >= 2);
        s.setValue(Field::BK, bks.first() != s.config().bk ? bks.first() : bks.last());
        const QString third = s.evaluation().compileKey;
        QVERIFY(third != second);
        QCOMPARE(s.compiler()->queuedKeys().first(), third);
        QVERIFY(!s.compiler()->isQueued(second));
        // Back to the ladder's own reg2d tile: that key is the ladder's, it stays.
        QVERIFY(s.compiler()->isRunning(first));

        // The trails go: their queued compiles go with them; the screen's stays.
        s.clearTrails();
        QCOMPARE(s.compiler()->queuedKeys(), QStringList({third}));
        QCOMPARE(s.pendingCompiles(), 2); // the running one and the screen's

        QSignalSpy regs(&s, &TileSession::registersChanged);
        fake.permits.release(100);
        QTRY_COMPARE(s.pendingCompiles(), 0);
        QVERIFY(!s.compilePending());
        QCOMPARE(regs.count(), 1); // the screen's compile, once
        QVERIFY(!s.registersEstimated());
        QCOMPARE(s.result().registers, fake.registers);
        QCOMPARE(fake.startedKeys(), QStringList({first, third}));
    }

    // ---- the ladder and its mapping

    void ladderMapsEveryStep()
    {
        FakeCompiles fake;
        fake.permits.release(1000);
        TileSession s;
        s.compiler()->setCompileFunction(fake.function());
        const model::Gpu &h200 = gpu("h200-sxm");
        s.setGpu(h200);
        s.setConfig(gemm::defaultConfig("gemm.reg2d")); // 4096³: the samples' fp32 size
        QSignalSpy trails(&s, &TileSession::trailsChanged);
        QSignalSpy chart(&s, &TileSession::chartChanged);
        s.showLadder();
        QCOMPARE(trails.count(), 1);
        QVERIFY(chart.count() >= 1);
        const QStringList ids = gemm::ladderIds();
        QCOMPARE(s.ladder().size(), ids.size());

        // The bundled samples hold every step's default tile at 4096³ on the H200 (the
        // tensor-core steps from the 4096³ ladder, wmma from the validation set). Step by step,
        // by name.
        const QStringList unmeasured;
        int shown = 0, measured = 0;
        for (int i = 0; i < ids.size(); ++i) {
            const TileSession::TrailEntry &e = s.ladder().at(i);
            gemm::TileConfig want = gemm::defaultConfig(ids.at(i), 4096);
            want.M = want.N = want.K = 4096;
            QCOMPARE(e.config, want);
            QCOMPARE(e.plan.kernelId, ids.at(i));
            QCOMPARE(e.label, QStringLiteral("%1 %2").arg(i + 1).arg(gemm::shortStepName(ids.at(i))));
            // The kernel's parameters map back to the same configuration.
            const auto back = gemm::configFromKernel(e.plan.kernelId, e.plan.kernelParams, e.config.dtype);
            QVERIFY2(back, qPrintable(ids.at(i)));
            QCOMPARE(back->step, ids.at(i));
            QCOMPARE(gemm::plan(*back, &h200).kernelParams, e.plan.kernelParams);
            QVERIFY2(e.skipped.isEmpty(), qPrintable(ids.at(i) + ": " + e.skipped));
            ++shown;
            QVERIFY(e.prediction.ok);
            QVERIFY(!e.tooltip.isEmpty());
            QVERIFY2(bool(e.measured) == !unmeasured.contains(ids.at(i)), qPrintable(ids.at(i)));
            if (e.measured) {
                ++measured;
                QVERIFY(e.fromSamples);
                QCOMPARE(e.measured->kernel, e.plan.kernelId);
                QCOMPARE(e.measured->params.value("M").toLongLong(), 4096);
                QCOMPARE(gemm::measurementKey(e.measured->kernel, e.measured->dtype, e.measured->params),
                         gemm::measurementKey(e.plan.kernelId, model::dtypeName(e.config.dtype),
                                              e.plan.kernelParams));
            }
        }
        QVERIFY2(!s.ladderText().contains("Measured at other sizes"), qPrintable(s.ladderText()));
        // At 2048³ the fp32 steps are measured (the validation set), the tensor-core ones at
        // other sizes, which the text names.
        s.setConfig(gemm::defaultConfig("gemm.reg2d", 2048));
        s.showLadder();
        for (const TileSession::TrailEntry &e : s.ladder())
            QVERIFY2(bool(e.measured) == !gemm::usesTensorCores(e.plan.kernelId),
                     qPrintable(e.plan.kernelId));
        QVERIFY2(s.ladderText().contains("Measured at other sizes: wmma 8192³, 6144×3072×4096, 4096³, …; "
                                         "mma_multistage 8192³, 4096³, "),
                 qPrintable(s.ladderText()));
        s.setConfig(gemm::defaultConfig("gemm.reg2d", 4096));
        s.showLadder();
        QVERIFY(shown >= 5);
        QVERIFY(measured >= 1);
        QVERIFY2(s.ladderText().contains(QStringLiteral("%1 of %2 steps predicted, %3 measured")
                                             .arg(shown)
                                             .arg(ids.size())
                                             .arg(measured)),
                 qPrintable(s.ladderText()));
        // On the chart: one predicted point per shown step, one measured per sample.
        const ChartTrail *predicted = nullptr, *fromSamples = nullptr;
        for (const ChartTrail &t : s.trails()) {
            if (t.id == "tile.ladder.predicted")
                predicted = &t;
            if (t.id == "tile.ladder.measured")
                fromSamples = &t;
        }
        QVERIFY(predicted && fromSamples);
        QCOMPARE(predicted->points.size(), qsizetype(shown));
        QCOMPARE(fromSamples->points.size(), qsizetype(measured));

        // Another GPU: the ladder is predicted there; the samples are not its.
        s.setGpu(gpu("a100-sxm4-80gb"));
        for (const TileSession::TrailEntry &e : s.ladder())
            QVERIFY(!e.measured);
        QVERIFY2(s.ladderText().contains("measured on h100-sxm, h200-sxm"), qPrintable(s.ladderText()));
        QTRY_COMPARE(s.pendingCompiles(), 0);
    }

    // Every GEMM ladder run in RoofLab's samples is shown when the explorer is set to its
    // configuration on its GPU: the tile parameters without a knob (the warp grid, FRAGPIPE,
    // TMA_STORE, the cluster shape) travel with the configuration, and defaults left out of a
    // file or a plan name the same configuration.
    void everySampleIsShown_data()
    {
        QTest::addColumn<QString>("gpuId");
        QTest::addColumn<QStringList>("steps"); // the ladder steps its samples must hold
        QTest::newRow("H200") << "h200-sxm" << gemm::ladderIds();
        QTest::newRow("H100") << "h100-sxm" << QStringList{"gemm.reg2d",        "gemm.vectorized",
                                                           "gemm.warptiled",    "gemm.mma_multistage",
                                                           "gemm.wgmma_tma",    "gemm.wgmma_persistent",
                                                           "gemm.wgmma_cluster"};
    }
    void everySampleIsShown()
    {
        QFETCH(QString, gpuId);
        QFETCH(QStringList, steps);
        TileSession s;
        s.setCompileDelay(60000);
        s.setGpu(gpu(gpuId));
        const QList<model::Measurement> samples = s.sampleMeasurements(gpuId);
        QMap<QString, int> perStep;
        for (const model::Measurement &m : samples) {
            const auto dtype = model::parseDtype(m.dtype);
            QVERIFY(dtype);
            const auto c = gemm::configFromKernel(m.kernel, m.params, *dtype);
            QVERIFY(c);
            s.setConfig(*c);
            bool fromSamples = false;
            const model::Measurement *shown = s.measurement(&fromSamples);
            const QString what = m.kernel + QLatin1Char(' ') + paramsKey(m.params);
            QVERIFY2(shown, qPrintable(what + ": " + s.problemsText()));
            QVERIFY(fromSamples);
            QCOMPARE(gemm::measurementKey(shown->kernel, shown->dtype, shown->params),
                     gemm::measurementKey(m.kernel, m.dtype, m.params));
            ++perStep[m.kernel];
        }
        for (const QString &step : steps)
            QVERIFY2(perStep.value(step) > 0, qPrintable(step));
        qInfo("%s: %lld configurations measured in the samples, all shown", qPrintable(gpuId),
              qlonglong(samples.size()));
    }

    // One prediction path: `rooflab-cli tile --compile` predicts every committed configuration
    // as the explorer does (same plan, launch, ceilings and performance model), given the same
    // register count.
    void cliAgreesOnEveryCommittedConfiguration_data()
    {
        QTest::addColumn<QString>("gpuId");
        QTest::newRow("H200") << "h200-sxm";
        QTest::newRow("H100") << "h100-sxm";
    }
    void cliAgreesOnEveryCommittedConfiguration()
    {
        QFETCH(QString, gpuId);
        FakeCompiles fake;
        fake.registers = 64;
        fake.permits.release(100000);
        TileSession s;
        s.compiler()->setCompileFunction(fake.function());
        s.setCompileDelay(0);
        s.setGpu(gpu(gpuId));
        struct Case
        {
            QStringList args;
            model::Prediction gui;
            QString what;
        };
        QList<Case> cases;
        for (const model::Measurement &m : s.sampleMeasurements(gpuId)) {
            const auto c = gemm::configFromKernel(m.kernel, m.params, *model::parseDtype(m.dtype));
            QVERIFY(c);
            s.setConfig(*c);
            QTRY_VERIFY(!s.registersEstimated());
            QVERIFY2(s.fullModel(), qPrintable(m.kernel));
            QStringList args = {"tile",
                                "--json",
                                "--compile",
                                "--regs",
                                "64",
                                "--gpu",
                                gpuId,
                                "--step",
                                c->step,
                                "--dtype",
                                model::dtypeName(c->dtype)};
            for (const auto &[name, v] : {std::pair{"-M", c->M},
                                          {"-N", c->N},
                                          {"-K", c->K},
                                          {"--bm", c->bm},
                                          {"--bn", c->bn},
                                          {"--bk", c->bk},
                                          {"--stages", c->stages},
                                          {"--threads", c->threads},
                                          {"--group", c->group},
                                          {"--tm", c->tm},
                                          {"--tn", c->tn}})
                if (v > 0)
                    args << QLatin1String(name) << QString::number(v);
            for (auto it = c->extras.cbegin(); it != c->extras.cend(); ++it)
                args << "--param" << it.key() + QLatin1Char('=') + it.value().toString();
            cases.append({args, s.prediction(), m.kernel + QLatin1Char(' ') + paramsKey(m.params)});
        }
        QVERIFY(cases.size() > 100);
        // Eight at a time: a few hundred short runs.
        for (qsizetype at = 0; at < cases.size(); at += 8) {
            std::vector<std::unique_ptr<QProcess>> runs;
            for (qsizetype i = at; i < std::min(at + 8, cases.size()); ++i) {
                runs.push_back(std::make_unique<QProcess>());
                runs.back()->start(QStringLiteral(ROOFLAB_CLI), cases.at(i).args);
            }
            for (size_t j = 0; j < runs.size(); ++j) {
                const Case &k = cases.at(at + qsizetype(j));
                QVERIFY(runs[j]->waitForFinished(60000));
                QVERIFY2(runs[j]->exitCode() == 0,
                         qPrintable(k.what + ": " + runs[j]->readAllStandardError()));
                const QJsonObject perf = QJsonDocument::fromJson(runs[j]->readAllStandardOutput())
                                             .object()
                                             .value("model")
                                             .toObject();
                QVERIFY2(perf.value("ok").toBool(),
                         qPrintable(k.what + ": " + perf.value("reason").toString()));
                QVERIFY2(qFuzzyCompare(perf.value("predicted_time_s").toDouble(), k.gui.timeS),
                         qPrintable(QStringLiteral("%1: CLI %2 s, explorer %3 s")
                                        .arg(k.what)
                                        .arg(perf.value("predicted_time_s").toDouble())
                                        .arg(k.gui.timeS)));
                QCOMPARE(perf.value("bound").toString(), k.gui.bound);
            }
        }
        qInfo("%s: %lld configurations, the CLI's prediction equal to the explorer's", qPrintable(gpuId),
              qlonglong(cases.size()));
    }

    // The measured tiles of a step at a size: the held-out reg2d sweep at 2560³ on the H200,
    // every tile predicted beside its measurement, fastest first.
    void sweepsTheMeasuredTiles()
    {
        TileSession s;
        s.setCompileDelay(60000);
        s.setGpu(gpu("h200-sxm"));
        s.setConfig(gemm::defaultConfig("gemm.reg2d", 2560));
        s.sweepMeasured();
        QCOMPARE(s.sweepEntries().size(), qsizetype(32));
        double last = 0;
        for (const TileSession::TrailEntry &e : s.sweepEntries()) {
            QVERIFY2(e.measured, qPrintable(e.label));
            QVERIFY(e.measured->time.median >= last);
            last = e.measured->time.median;
            QCOMPARE(e.label, gemm::tileLabel(e.config));
        }
        QVERIFY2(s.sweepText().contains("32 of 32 points predicted, 32 measured"), qPrintable(s.sweepText()));
        // A size the samples do not hold says so.
        s.setConfig(gemm::defaultConfig("gemm.reg2d", 3000));
        s.sweepMeasured();
        QVERIFY(s.sweepEntries().isEmpty());
        QVERIFY2(s.sweepText().contains("hold no reg2d tile at 3000×3000×3000"), qPrintable(s.sweepText()));
    }

    // The model's ranking of every legal tile: fastest first, all legal, none twice, the
    // step's default among the candidates; the explorer's best-tiles sweep and
    // `rooflab-cli tile --best` list the same tiles with the same predictions, and say how
    // the best measured pick compares with the best measured tile of RoofLab's samples.
    void ranksTheTilesOfAStep()
    {
        TileSession s;
        s.setCompileDelay(60000);
        s.compiler()->setCompileFunction([](const gemm::CompileJob &) { return gemm::TileCompile{}; });
        s.setGpu(gpu("h200-sxm"));
        s.setConfig(gemm::defaultConfig("gemm.reg2d"));
        const model::PerfModel perf(gpu("h200-sxm"),
                                    model::chooseCeilings(model::CeilingRequest{&gpu("h200-sxm")}).machine);
        const gemm::TileRanking ranking = gemm::rankTiles(s.config(), gpu("h200-sxm"), perf);
        QVERIFY(ranking.tiles.size() > 50);
        QVERIFY(ranking.considered >= ranking.tiles.size() + ranking.refused + ranking.spilling);
        // A tile whose accumulators cannot stay in registers is not ranked: mma_multistage's
        // 64x128 warp tiles spilled 7.5-15 KB and ran 70x slower than predicted.
        {
            gemm::TileConfig mma = gemm::defaultConfig("gemm.mma_multistage");
            const gemm::TileRanking r = gemm::rankTiles(mma, gpu("h200-sxm"), perf);
            QVERIFY(r.spilling > 0);
            // At 4096^3 the whole problem fits in the H200's L2: GROUP changes no prediction,
            // so the tiles that differ only in it are listed once.
            QVERIFY(r.tiles.first().alike > 0);
            for (qsizetype i = 1; i < r.tiles.size(); ++i)
                if (r.tiles.at(i).prediction.timeS == r.tiles.at(i - 1).prediction.timeS) {
                    int differ = 0;
                    for (const QString &k : r.tiles.at(i).plan.kernelParams.keys())
                        differ += r.tiles.at(i).plan.kernelParams.value(k) !=
                                  r.tiles.at(i - 1).plan.kernelParams.value(k);
                    QVERIFY(differ > 1);
                }
            for (const gemm::RankedTile &t : r.tiles) {
                const qint64 warpTile = t.plan.kernelParams.value("BM").toLongLong() /
                                        t.plan.kernelParams.value("WARPS_M").toLongLong() *
                                        t.plan.kernelParams.value("BN").toLongLong() /
                                        t.plan.kernelParams.value("WARPS_N").toLongLong();
                QVERIFY2(warpTile < 64 * 128, qPrintable(gemm::tileLabel(t.config)));
            }
        }
        QVERIFY(ranking.refused > 0); // some combinations break the step's rules
        QSet<QString> keys;
        bool defaultSeen = false;
        const gemm::TilePlan defaultPlan = gemm::plan(gemm::defaultConfig("gemm.reg2d"), &gpu("h200-sxm"));
        for (qsizetype i = 0; i < ranking.tiles.size(); ++i) {
            const gemm::RankedTile &t = ranking.tiles.at(i);
            QVERIFY(t.plan.problems.isEmpty());
            QVERIFY(t.prediction.ok);
            if (i > 0)
                QVERIFY(ranking.tiles.at(i - 1).prediction.timeS <= t.prediction.timeS);
            const QString key = gemm::measurementKey(t.plan.kernelId, "fp32", t.plan.kernelParams);
            QVERIFY2(!keys.contains(key), qPrintable(key));
            keys.insert(key);
            defaultSeen = defaultSeen || t.plan.kernelParams == defaultPlan.kernelParams;
        }
        QVERIFY(defaultSeen);

        // The explorer's best tiles: the same ranking, its leaders compiled through the session's
        // compile function (here one that gives every tile 128 registers) on a pool thread.
        const gemm::CompileFn fake = [](const gemm::CompileJob &job) {
            gemm::TileCompile c;
            c.ok = true;
            c.kernel = job.kernel;
            c.registers = 128;
            return c;
        };
        s.compiler()->setCompileFunction(fake);
        gemm::TileRanking expected = ranking;
        gemm::refineRanking(expected, 5, gpu("h200-sxm"), perf, gemm::kRefineCompilesPerPick * 5, fake);
        s.sweepBest(5);
        QVERIFY2(s.sweepText().contains(QStringLiteral("compiling the leaders")), qPrintable(s.sweepText()));
        QTRY_COMPARE_WITH_TIMEOUT(s.sweepEntries().size(), 5, 30000);
        for (int i = 0; i < 5; ++i)
            QCOMPARE(s.sweepEntries().at(i).plan.kernelParams, expected.tiles.at(i).plan.kernelParams);
        QVERIFY2(
            s.sweepText().contains(QStringLiteral("%1 tiles considered: %2 would spill registers, %3 ranked")
                                       .arg(ranking.considered)
                                       .arg(ranking.spilling)
                                       .arg(ranking.tiles.size())),
            qPrintable(s.sweepText()));

        QProcess cli;
        cli.start(QStringLiteral(ROOFLAB_CLI),
                  {"tile", "--best", "5", "--step", "gemm.reg2d", "--gpu", "h200-sxm", "-M", "4096", "-N",
                   "4096", "-K", "4096", "--json", "--estimate"});
        QVERIFY(cli.waitForFinished(60000));
        QCOMPARE(cli.exitCode(), 0);
        const QJsonObject o = QJsonDocument::fromJson(cli.readAllStandardOutput()).object();
        QCOMPARE(o.value("considered").toInt(), ranking.considered);
        const QJsonArray tiles = o.value("tiles").toArray();
        QCOMPARE(tiles.size(), 5);
        for (int i = 0; i < 5; ++i) {
            const QJsonObject t = tiles.at(i).toObject();
            QCOMPARE(t.value("predicted_time_s").toDouble(), ranking.tiles.at(i).prediction.timeS);
            QCOMPARE(t.value("bound").toString(), ranking.tiles.at(i).prediction.bound);
        }
        // RoofLab measured reg2d tiles at 4096^3 on the H200: the best of them is named.
        QVERIFY(o.value("best_committed_time_s").toDouble() > 0);

        // Without --estimate the leaders are compiled (NVRTC, no GPU) and ranked again by their
        // real registers: every tile listed carries its compiled count, fastest first, and the
        // prediction is the one refineRanking made.
        gemm::TileRanking refined = ranking;
        const gemm::RankingRefinement stats =
            gemm::refineRanking(refined, 5, gpu("h200-sxm"), perf, gemm::kRefineCompilesPerPick * 5);
        QVERIFY(stats.compiled >= 5);
        QVERIFY(refined.tiles.first().compiledRegisters > 0);
        QProcess compiled;
        compiled.start(QStringLiteral(ROOFLAB_CLI),
                       {"tile", "--best", "5", "--step", "gemm.reg2d", "--gpu", "h200-sxm", "-M", "4096",
                        "-N", "4096", "-K", "4096", "--json"});
        QVERIFY(compiled.waitForFinished(300000));
        QCOMPARE(compiled.exitCode(), 0);
        const QJsonObject c = QJsonDocument::fromJson(compiled.readAllStandardOutput()).object();
        QCOMPARE(c.value("compiled").toInt(), stats.compiled);
        const QJsonArray ctiles = c.value("tiles").toArray();
        QCOMPARE(ctiles.size(), 5);
        for (int i = 0; i < 5; ++i) {
            const QJsonObject t = ctiles.at(i).toObject();
            QCOMPARE(t.value("registers").toInt(0), refined.tiles.at(i).compiledRegisters);
            QCOMPARE(t.value("predicted_time_s").toDouble(), refined.tiles.at(i).prediction.timeS);
            if (i > 0)
                QVERIFY(t.value("predicted_time_s").toDouble() >=
                        ctiles.at(i - 1).toObject().value("predicted_time_s").toDouble());
        }

        // Refused in one line each: no step, the model step, a tile option beside --best.
        for (const QStringList &bad :
             {QStringList{"tile", "--best", "5", "--gpu", "h200-sxm", "-M", "64", "-N", "64", "-K", "64"},
              QStringList{"tile", "--best", "5", "--step", "model", "--gpu", "h200-sxm", "-M", "64", "-N",
                          "64", "-K", "64"},
              QStringList{"tile", "--best", "5", "--step", "gemm.reg2d", "--bm", "64", "--gpu", "h200-sxm",
                          "-M", "64", "-N", "64", "-K", "64"},
              QStringList{"tile", "--best", "0", "--step", "gemm.reg2d", "--gpu", "h200-sxm", "-M", "64",
                          "-N", "64", "-K", "64"}}) {
            QProcess p;
            p.start(QStringLiteral(ROOFLAB_CLI), bad);
            QVERIFY(p.waitForFinished(60000));
            QCOMPARE(p.exitCode(), 2);
            QCOMPARE(QString::fromUtf8(p.readAllStandardError()).trimmed().count('\n'), 0);
        }
    }

    // A compile that runs out of memory in the parallel burst (a GPU host whose memory grows on
    // demand did, and the exception ended rooflab-cli) is tried again alone; one that fails
    // again counts as a failed compile. Nothing leaves the pool's threads.
    void rankingSurvivesACompileOutOfMemory()
    {
        const model::Gpu &h200 = gpu("h200-sxm");
        const model::PerfModel perf(h200, model::chooseCeilings(model::CeilingRequest{&h200}).machine);
        const gemm::TileRanking ranking = gemm::rankTiles(gemm::defaultConfig("gemm.reg2d"), h200, perf);
        QVERIFY(ranking.tiles.size() > 10);
        auto fits = [](const gemm::CompileJob &job) {
            gemm::TileCompile c;
            c.ok = true;
            c.kernel = job.kernel;
            c.registers = 96;
            return c;
        };
        gemm::TileRanking calm = ranking;
        const gemm::RankingRefinement calmOut = gemm::refineRanking(calm, 4, h200, perf, 24, fits);

        QMutex lock;
        QSet<QString> tried; // the first compile of each tile runs out of memory
        const gemm::CompileFn burst = [&](const gemm::CompileJob &job) {
            {
                const QMutexLocker locker(&lock);
                if (!tried.contains(job.key)) {
                    tried.insert(job.key);
                    throw std::bad_alloc();
                }
            }
            return fits(job);
        };
        gemm::TileRanking retried = ranking;
        const gemm::RankingRefinement out = gemm::refineRanking(retried, 4, h200, perf, 24, burst);
        QCOMPARE(out.compiled, calmOut.compiled);
        QCOMPARE(out.failed, 0);
        for (int i = 0; i < 4; ++i)
            QCOMPARE(retried.tiles.at(i).plan.kernelParams, calm.tiles.at(i).plan.kernelParams);

        const gemm::CompileFn never = [](const gemm::CompileJob &) -> gemm::TileCompile {
            throw std::bad_alloc();
        };
        gemm::TileRanking failing = ranking;
        const gemm::RankingRefinement none = gemm::refineRanking(failing, 4, h200, perf, 8, never);
        QCOMPARE(none.compiled, 0);
        QCOMPARE(none.failed, 8);
        QCOMPARE(failing.tiles.size(), ranking.tiles.size() - 8);
    }

    // One table of GEMM steps (model/gemmsteps.h): the catalog holds exactly its steps, the
    // ladder is in its order, each source file is numbered by its rung, and the explorer and
    // the performance model see the same traits.
    void stepTableMatchesTheCatalog()
    {
        QStringList catalogGemm;
        for (const kernels::KernelSpec &k : kernels::Catalog::instance().kernels())
            if (k.family == QLatin1String("gemm"))
                catalogGemm << k.id;
        QStringList table, ladder;
        for (const model::gemmsteps::Step &t : model::gemmsteps::steps()) {
            table << QLatin1String(t.id);
            if (t.ladder()) {
                ladder << QLatin1String(t.id);
                QCOMPARE(t.rung, ladder.size());
            }
        }
        catalogGemm.sort();
        QStringList sortedTable = table;
        sortedTable.sort();
        QCOMPARE(catalogGemm, sortedTable);
        QCOMPARE(gemm::ladderIds(), ladder);
        for (const model::gemmsteps::Step &t : model::gemmsteps::steps()) {
            const QString id = QLatin1String(t.id);
            const kernels::KernelSpec *k = kernels::Catalog::instance().find(id);
            QVERIFY(k);
            if (t.ladder())
                QVERIFY2(
                    k->source.startsWith(QStringLiteral("gemm/%1_").arg(t.rung, 2, 10, QLatin1Char('0'))),
                    qPrintable(id + ": " + k->source));
            QCOMPARE(gemm::usesTensorCores(id), t.tensorCores);
            QCOMPARE(gemm::usesTma(id), t.tma);
            QCOMPARE(gemm::isPersistent(id), t.persistent);
            QCOMPARE(gemm::isOneByOne(id), t.oneByOne());
            QCOMPARE(model::PerfModel::knows(id), t.ladder());
            QCOMPARE(gemm::tileSteps().contains(id), t.ladder());
        }
    }

    // Each parameter is declared once, in the step table: the catalog offers exactly those,
    // with their defaults and ranges, and each step's source demands exactly those (its
    // `#if !defined(...)` guard; DT, the input type, comes from the dtype), so a parameter the
    // table gains or loses without its source fails here.
    void stepParametersAreDeclaredOnce()
    {
        const QString dir = kernels::kernelSourceDir();
        QVERIFY2(!dir.isEmpty(), "kernel sources not found");
        const QRegularExpression required(QStringLiteral("!defined\\((\\w+)\\)"));
        for (const model::gemmsteps::Step &t : model::gemmsteps::steps()) {
            const QString id = QLatin1String(t.id);
            const kernels::KernelSpec *k = kernels::Catalog::instance().find(id);
            QVERIFY(k);
            QStringList declared;
            for (const model::gemmsteps::Param &p : t.params) {
                declared << QLatin1String(p.name);
                const kernels::ParamSpec *spec = nullptr;
                for (const kernels::ParamSpec &ps : k->params)
                    if (ps.name == QLatin1String(p.name))
                        spec = &ps;
                QVERIFY2(spec, qPrintable(id + ": no " + p.name));
                QCOMPARE(spec->defaultValue.toLongLong(), p.defaultValue);
                QCOMPARE(spec->min, p.min);
                QCOMPARE(spec->max, p.max);
                QCOMPARE(spec->allowed, p.allowed);
            }
            QCOMPARE(k->params.size(), declared.size() + 3); // and M, N, K
            QCOMPARE(gemm::tileParams(id), declared);
            if (!t.ladder())
                continue;
            QFile f(dir + '/' + t.source());
            QVERIFY2(f.open(QIODevice::ReadOnly), qPrintable(f.fileName()));
            QStringList demanded;
            for (const QString &line : QString::fromUtf8(f.readAll()).split('\n')) {
                if (!line.startsWith(QLatin1String("#if !defined")) &&
                    !line.startsWith(QLatin1String("    !defined")))
                    continue;
                for (auto it = required.globalMatch(line); it.hasNext();)
                    if (const QString name = it.next().captured(1); name != QLatin1String("DT"))
                        demanded << name;
            }
            QStringList a = declared, b = demanded;
            a.sort();
            b.sort();
            QVERIFY2(a == b, qPrintable(QStringLiteral("%1: the table declares %2, %3 demands %4")
                                            .arg(id, declared.join(','), t.source(), demanded.join(','))));
        }
    }

    void sweepsOneKnobOrTheSize()
    {
        TileSession s;
        s.setCompileDelay(60000);
        s.compiler()->setCompileFunction([](const gemm::CompileJob &) { return gemm::TileCompile{}; });
        s.setGpu(gpu("h200-sxm"));
        s.setConfig(gemm::defaultConfig("gemm.mma_multistage"));
        s.sweep(Field::Stages);
        const QList<qint64> stops = gemm::fieldRule("gemm.mma_multistage", Field::Stages).stops;
        QCOMPARE(s.sweepEntries().size(), stops.size());
        for (int i = 0; i < stops.size(); ++i)
            QCOMPARE(s.sweepEntries().at(i).config.stages, int(stops.at(i)));
        QCOMPARE(s.sweepName(), gemm::tileFieldName(Field::Stages));
        s.sweepSize();
        QCOMPARE(s.sweepEntries().size(), TileSession::sizeSweepValues().size());
        QCOMPARE(s.sweepEntries().last().config.M, qint64(8192));
        // A knob the step does not have: nothing to sweep, and said so.
        s.setConfig(gemm::defaultConfig("gemm.naive"));
        s.sweep(Field::Stages);
        QVERIFY(s.sweepEntries().isEmpty());
        QVERIFY2(s.sweepText().contains("nothing to sweep"), qPrintable(s.sweepText()));
        QTRY_COMPARE(s.pendingCompiles(), 0);
    }

    // ---- the configuration as a value

    void configurationSignals()
    {
        TileSession s;
        s.setCompileDelay(60000);
        s.setGpu(gpu("h200-sxm"));
        QSignalSpy changed(&s, &TileSession::configChanged);
        QSignalSpy result(&s, &TileSession::resultChanged);
        s.setConfig(s.config()); // the same value: re-evaluated, not changed
        QCOMPARE(changed.count(), 0);
        QCOMPARE(result.count(), 1);

        s.setConfig(gemm::defaultConfig("gemm.reg2d"));
        changed.clear();
        s.setValue(Field::TM, 16); // threads follow (register-blocked step)
        QCOMPARE(changed.count(), 1);
        const auto sent = changed.takeFirst().at(0).value<gemm::TileConfig>();
        QCOMPARE(sent, s.config());
        QCOMPARE(sent.tm, 16);
        QCOMPARE(sent, gemm::normalized(sent));
        s.setValue(Field::TM, 16); // no change, no signal
        QCOMPARE(changed.count(), 0);

        // A step switch keeps the knobs the steps share and says which took a default.
        const gemm::TileConfig before = s.config();
        QStringList knobs;
        const gemm::TileConfig want = gemm::switchedStep(before, "gemm.mma_multistage", &knobs);
        s.setStep("gemm.mma_multistage");
        QCOMPARE(s.config(), want);
        QCOMPARE(changed.count(), 1);
        QCOMPARE(s.stepChangeNote().isEmpty(), knobs.isEmpty());
        s.setDtype(model::Dtype::Fp16);
        QCOMPARE(s.config().dtype, model::Dtype::Fp16);
        QCOMPARE(changed.count(), 2);

        // A lesson's tile: named knobs as given, the rest the step's defaults.
        s.applyLessonState({{"step", "gemm.reg2d"}, {"bm", 64}, {"M", 2048}});
        QCOMPARE(s.config().step, QStringLiteral("gemm.reg2d"));
        QCOMPARE(s.config().bm, 64);
        QCOMPARE(s.config().M, qint64(2048));
        QCOMPARE(s.config().bn, gemm::defaultConfig("gemm.reg2d", 2048).bn);
        s.applyPreset(2);
        QCOMPARE(s.config(), TileSession::a100ExamplePresets().at(2).config);
    }

    // ---- measuring through a worker

    void measuresThroughAWorker()
    {
        TileSession s;
        s.setCompileDelay(60000);
        s.setGpu(gpu("h200-sxm"));
        gemm::TileConfig c = gemm::defaultConfig("gemm.mma_multistage");
        c.K = 2048; // not in the samples
        s.setConfig(c);
        QVERIFY(s.canMeasure());
        QVERIFY(!s.measurement());
        const double predicted = s.prediction().timeS;
        model::Measurement m;
        m.kernel = s.plan().kernelId;
        m.params = s.plan().kernelParams;
        m.dtype = model::dtypeName(c.dtype);
        m.flops = s.result().flops;
        m.bytes = s.result().hbmBytesMin;
        m.time = {predicted * 1.25, predicted * 1.2, predicted * 1.3, 20};
        m.check.ok = true;
        m.check.reference = "cublas";
        QTemporaryDir dir;
        QFile f(dir.filePath("events.jsonl"));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(model::events::line(model::events::measurement(m)));
        f.write(model::events::line(model::events::done(true)));
        f.close();
        s.setWorkerProgram(standInWorker(dir, f.fileName()));
        QSignalSpy done(&s, &TileSession::measurementFinished);
        QSignalSpy state(&s, &TileSession::runStateChanged);
        s.measure();
        QVERIFY(s.measuring());
        QCOMPARE(s.runsInFlight(), 1);
        QVERIFY(state.count() >= 1);
        QVERIFY(done.wait(20000));
        QVERIFY(!s.measuring());
        QVERIFY(s.measurement());
        QCOMPARE(s.measurement()->time.median, m.time.median);
        QVERIFY2(s.gapText().contains("25 % slower"), qPrintable(s.gapText()));
        const ChartPoint *mp = findPoint(s.points(), TileSession::measuredPointId());
        QVERIFY(mp);
        QCOMPARE(mp->flopPerS, m.flops / m.time.median);
        QCOMPARE(mp->ai, findPoint(s.points(), TileSession::currentPointId())->ai);
    }
};

QTEST_GUILESS_MAIN(TestTileSession)
#include "tst_tilesession.moc"
