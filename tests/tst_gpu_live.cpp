// On a CUDA device (skipped without one): a kernel run from the GUI (offscreen) through the
// worker lands where `rooflab-cli run` measures the same kernel and parameters (within run-to-run
// noise); a kernel that faults on purpose kills only the worker, which the GUI reports by name,
// restarts, and runs the next kernel in; then `rooflab --screenshot` of the result.
//
// ROOFLAB_SHOT_DIR=dir keeps the results file and the screenshot there.
#include "chart/rooflinechart.h"
#include "classroom/classpanel.h"
#include "classroom/classroom.h"
#include "classroom/lessonplayer.h"
#include "gpumatch.h"
#include "live/livetools.h"
#include "live/runspanel.h"
#include "panels/resultspanel.h"
#include "panels/resultssession.h"
#include "shell/mainwindow.h"
#include "specdb.h"
#include "testmain.h"
#include "workerclient.h"

#include <QDir>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QPushButton>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

namespace {

// The programs beside this test (a bundle on the GPU machine), else the build tree's.
QString program(const QString &name, const char *built)
{
    const QString beside = QDir(QCoreApplication::applicationDirPath()).filePath(name);
    return QFileInfo(beside).isExecutable() ? beside : QString::fromUtf8(built);
}

struct App
{
    LiveTools live;
    MainWindow window;

    App(const model::SpecDb &db, const QString &cli, const QString &autosave) : window(db)
    {
        live.worker()->setProgram(cli);
        live.session()->setAutosavePath(autosave);
        live.attach(&window);
        window.resize(1400, 900);
        LiveTools::StartOptions o;
        o.waitForDeviceMs = 120000;
        o.offerRecovery = false;
        o.samples = false;
        o.loadCatalog = true;
        live.start(o);
    }
    bool waitForCatalog()
    {
        if (!live.runsPanel()->kernelIds().isEmpty())
            return true;
        QSignalSpy loaded(live.runsPanel(), &RunsPanel::catalogLoaded);
        return loaded.wait(60000);
    }
    // Runs the selected kernel with the Run button; the measurement, or nullopt.
    std::optional<model::Measurement> runSelected(int timeoutMs = 240000)
    {
        const qsizetype before = live.session()->live().measurements.size();
        QSignalSpy finished(live.worker(), &WorkerClient::finished);
        QTest::mouseClick(live.runsPanel()->runButton(), Qt::LeftButton);
        if (!finished.wait(timeoutMs))
            return std::nullopt;
        if (live.session()->live().measurements.size() == before)
            return std::nullopt;
        return live.session()->live().measurements.last();
    }
};

} // namespace

class TestGpuLive : public QObject
{
    Q_OBJECT
    model::SpecDb m_db;
    QTemporaryDir m_tmp;
    QString m_cli;
    QString m_gui;
    QString m_out;

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("RoofLabTest"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_gpu_live"));
        qputenv("ROOFLAB_ENABLE_TEST_KERNELS", "1"); // the worker inherits it: test.fault is listed
        m_cli = program(QStringLiteral("rooflab-cli"), ROOFLAB_CLI);
        m_gui = program(QStringLiteral("rooflab"), ROOFLAB_GUI);
        m_out = qEnvironmentVariable("ROOFLAB_SHOT_DIR", m_tmp.path());
        QDir().mkpath(m_out);

        QProcess p;
        p.start(m_cli, {QStringLiteral("devices"), QStringLiteral("--json")});
        QVERIFY(p.waitForFinished(120000));
        const QJsonObject d = QJsonDocument::fromJson(p.readAllStandardOutput()).object();
        if (d.value("devices").toArray().isEmpty())
            QSKIP(qPrintable(d.value("message").toString())); // "no CUDA device (why)"
        m_db.loadDirectory(QStringLiteral(ROOFLAB_SOURCE_RESOURCES_DIR "/gpus"));
        if (m_db.gpus().isEmpty())
            m_db = model::SpecDb::loadDefault(); // a bundle: $ROOFLAB_RESOURCES
        QVERIFY(!m_db.gpus().isEmpty());
    }

    void runFromGuiLandsWhereCliMeasures()
    {
        App app(m_db, m_cli, m_tmp.filePath(QStringLiteral("autosave.json")));
        QVERIFY(app.live.device());
        // Opens on the device's spec entry (or one built from its properties).
        const model::Gpu *spec = model::matchGpu(app.window.specDb(), *app.live.device());
        QVERIFY(app.window.currentGpu());
        QCOMPARE(app.window.currentGpuId(), spec ? spec->id : QStringLiteral("device-0"));
        qInfo() << "device" << app.live.device()->name << "-> spec" << app.window.currentGpuId();

        QVERIFY(app.waitForCatalog());
        RunsPanel *runs = app.live.runsPanel();
        QVERIFY(runs->runButton()->isEnabled());
        QVERIFY(runs->selectKernel(QStringLiteral("memory.vector_add")));
        QVERIFY(runs->setParameter(QStringLiteral("n"), qint64(1) << 26));
        const auto m = app.runSelected();
        QVERIFY2(m, qPrintable(runs->message()));
        QVERIFY2(m->check.ok, qPrintable(m->check.message));
        app.live.resultsPanel()->updateChartNow();
        const auto at = app.window.chart()->pointCoords(ResultsPanel::pointId(0));
        QVERIFY(at);
        QCOMPARE(at->x(), m->ai());
        QCOMPARE(at->y(), m->flopPerS());

        // The same kernel and parameters through the CLI.
        QStringList args = {QStringLiteral("run"), m->kernel, QStringLiteral("--json"),
                            QStringLiteral("--dtype"), m->dtype};
        for (auto it = m->params.cbegin(); it != m->params.cend(); ++it)
            args << QStringLiteral("--param") << it.key() + QLatin1Char('=') + it.value().toString();
        QProcess cli;
        cli.start(m_cli, args);
        QVERIFY(cli.waitForFinished(240000));
        QCOMPARE(cli.exitCode(), 0);
        QString error;
        const auto rs = model::ResultSet::fromJson(cli.readAllStandardOutput(), &error);
        QVERIFY2(rs && rs->measurements.size() == 1, qPrintable(error));
        const model::Measurement &c = rs->measurements.first();
        QCOMPARE(c.ai(), m->ai());
        const double ratio = m->flopPerS() / c.flopPerS();
        qInfo() << "GUI" << m->bytesPerS() / 1e12 << "TB/s, CLI" << c.bytesPerS() / 1e12 << "TB/s, ratio"
                << ratio;
        QVERIFY2(ratio > 0.85 && ratio < 1.15, qPrintable(QString::number(ratio)));

        // Saved, and shown by the app itself in a screenshot (opening on this device's GPU).
        const QString results = QDir(m_out).filePath(QStringLiteral("gpu-live.json"));
        QVERIFY(app.live.resultsPanel()->saveAs(results));
        const QString shot = QDir(m_out).filePath(QStringLiteral("gpu-live.png"));
        QProcess gui;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("ROOFLAB_CLI"), m_cli);
        gui.setProcessEnvironment(env);
        gui.start(m_gui, {QStringLiteral("--screenshot"), shot, QStringLiteral("--results"), results,
                          QStringLiteral("--panel"), QStringLiteral("results")});
        QVERIFY(gui.waitForFinished(120000));
        QVERIFY2(gui.exitCode() == 0, gui.readAllStandardError().constData());
        const QImage image(shot);
        QVERIFY(!image.isNull());
        QCOMPARE(image.size(), QSize(1400, 900));
    }

    // A lesson's measured answer measured again on this GPU: Reveal in lesson 5's "Measured on
    // an H200" step runs the register-blocked GEMM through the worker with the sample's
    // parameters and answers with that run, at the sample's intensity.
    void exerciseAnswerMeasuredLive()
    {
        App app(m_db, m_cli, m_tmp.filePath(QStringLiteral("autosave-exercise.json")));
        QVERIFY(app.live.device());
        const QString device = app.live.device()->name;
        ClassPanel *panel = app.window.classroom()->exercises();
        panel->setLiveRuns(app.live.worker(), [device] { return device; });
        QVERIFY(app.window.classroom()->player()->openLesson(QStringLiteral("05-predict-measure"), 3));
        const auto sample = panel->truth();
        QVERIFY(sample && sample->measured);
        QSignalSpy revealed(panel, &ClassPanel::revealedNow);
        panel->reveal();
        QVERIFY(panel->isMeasuring());
        QVERIFY(revealed.wait(300000));
        const QString text = panel->resultText();
        qInfo().noquote() << text;
        QVERIFY2(text.contains(QStringLiteral("measured now on ") + device), qPrintable(text));
        const auto at = app.window.chart()->pointCoords(QStringLiteral("exercise-truth"));
        QVERIFY(at);
        QVERIFY(qAbs(at->x() / sample->x - 1) < 1e-9); // the same problem, so the same intensity
        const double ratio = at->y() / sample->y;
        qInfo() << "live / sample performance" << ratio;
        QVERIFY2(ratio > 0.2 && ratio < 5, qPrintable(QString::number(ratio)));
    }

    void faultKillsOnlyTheWorker()
    {
        App app(m_db, m_cli, m_tmp.filePath(QStringLiteral("autosave-fault.json")));
        QVERIFY(app.waitForCatalog());
        RunsPanel *runs = app.live.runsPanel();
        if (!runs->kernelIds().contains(QStringLiteral("test.fault")))
            QSKIP("built without ROOFLAB_TEST_KERNELS");
        QVERIFY(runs->selectKernel(QStringLiteral("memory.copy")));
        QVERIFY(runs->setParameter(QStringLiteral("n"), qint64(1) << 22));
        QVERIFY(app.runSelected());
        const qint64 pid = app.live.worker()->processId();

        QSignalSpy failed(app.live.worker(), &WorkerClient::workerFailed);
        QVERIFY(runs->selectKernel(QStringLiteral("test.fault")));
        QVERIFY(!app.runSelected()); // no measurement
        QCOMPARE(failed.size(), 1);
        const QString message = failed.first().first().toString();
        qInfo() << message;
        QVERIFY2(message.contains(QStringLiteral("test.fault")), qPrintable(message));
        QVERIFY(message.contains(QStringLiteral("CUDA context")));
        QCOMPARE(runs->message(), message);
        QCOMPARE(app.live.session()->live().measurements.size(), 1); // the copy is kept
        QCOMPARE(app.live.worker()->restartCount(), 1);
        QVERIFY(app.live.worker()->processId() != pid);

        // The fresh worker runs the next kernel.
        QVERIFY(runs->selectKernel(QStringLiteral("memory.copy")));
        QVERIFY(runs->setParameter(QStringLiteral("n"), qint64(1) << 22));
        const auto again = app.runSelected();
        QVERIFY2(again && again->check.ok, qPrintable(runs->message()));
        QCOMPARE(app.live.session()->live().measurements.size(), 2);
    }
};

ROOFLAB_TEST_MAIN(TestGpuLive)
#include "tst_gpu_live.moc"
