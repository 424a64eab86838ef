// Live runs and saved results in the main window, offscreen and without a GPU: a results file
// replayed through the real `rooflab-cli replay` fills the chart and the table while the
// progress bar moves; Cancel stops it; a worker killed (or a stand-in that crashes, hangs or
// loses its CUDA context) is reported by kernel name, restarted, and costs no result; bad files
// are refused with a message and change nothing; compare links pairs with their change; the
// autosave holds every measurement; table rows and chart points select each other; CSV export.
//
// ROOFLAB_SHOT_DIR=dir writes screenshots of the Runs panel during a replay and of the Results
// panel with a comparison there (for looking at, not compared).
#include "chart/resultschart.h"
#include "chart/rooflinechart.h"
#include "gpumatch.h"
#include "live/livetools.h"
#include "live/runspanel.h"
#include "panels/resultspanel.h"
#include "panels/resultssession.h"
#include "panels/resultstablemodel.h"
#include "shell/mainwindow.h"
#include "specdb.h"
#include "standin.h"
#include "workerclient.h"

#include <QAction>
#include <QApplication>
#include <QDir>
#include <QDropEvent>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMenu>
#include <QMenuBar>
#include <QMimeData>
#include <QProcess>
#include <QProgressBar>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QUrl>

#include <csignal>
#include <memory>

namespace {

QString data(const QString &name)
{
    return QStringLiteral(ROOFLAB_TEST_DATA "/") + name;
}

QJsonObject readJson(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(f.readAll()).object();
}

bool writeJson(const QString &path, const QJsonObject &o)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(QJsonDocument(o).toJson()) > 0;
}

// The window and its live tools, torn down window first (the panels point into the tools).
struct App
{
    LiveTools live;
    MainWindow window;

    App(const model::SpecDb &db, const QString &autosave) : window(db)
    {
        live.worker()->setProgram(QStringLiteral(ROOFLAB_CLI));
        live.session()->setAutosavePath(autosave);
        live.attach(&window);
        window.resize(1400, 900);
    }
    RunsPanel *runs() const { return live.runsPanel(); }
    ResultsPanel *results() const { return live.resultsPanel(); }
    ResultsTableModel *table() const { return live.resultsPanel()->tableModel(); }
    RooflineChart *chart() const { return window.chart(); }
    int rows() const { return table()->rowCount(); }
    QStringList resultPoints() const
    {
        QStringList ids;
        for (const QString &id : chart()->pointIds())
            if (ResultsPanel::rowOf(id) >= 0)
                ids << id;
        return ids;
    }
};

} // namespace

class TestGuiLive : public QObject
{
    Q_OBJECT
    model::SpecDb m_db;
    QTemporaryDir m_tmp;
    QString m_slow; // 16 measurements, one every 0.3 s at speed 1

    QString autosavePath(const char *name) const
    {
        return m_tmp.filePath(QStringLiteral("%1-autosave.json").arg(name));
    }

    // A stand-in worker (protocol 2: hello first): answers devices with none, and a run with a progress event
    // and a measurement, then does what `action` says (crash, hang, report a lost context, exit).
    QString fakeWorker(const QString &name, const QString &action)
    {
        const QByteArray m =
            R"({"kernel":"fake.kernel","params":{"n":7},"dtype":"fp32","flops":1000000,"bytes":4000000,)"
            R"("time_s":{"median":1e-5,"min":1e-5,"max":1e-5,"samples":3},"check":{"ok":true,"max_rel_err":0,"reference":"cpu-fp64"}})";
        return rooflab::test::writeScript(
            m_tmp.filePath(name + QStringLiteral(".sh")),
            "printf "
            "'{\"event\":\"hello\",\"protocol\":2,\"version\":\"0\",\"host\":\"fake\",\"devices\":0}\\n'\n"
            "while IFS= read -r line; do\n"
            "  id=$(printf '%s\\n' \"$line\" | sed -n 's/.*\"id\":\"\\([^\"]*\\)\".*/\\1/p')\n"
            "  case \"$line\" in\n"
            "  *'\"request\":\"devices\"'*) printf '{\"event\":\"done\",\"ok\":true,\"id\":\"%s\"}\\n' "
            "\"$id\" ;;\n"
            "  *'\"request\":\"run\"'*)\n"
            "    printf '{\"event\":\"progress\",\"done\":0,\"total\":1,\"what\":\"fake.kernel fp32 "
            "n=7\",\"id\":\"%s\"}\\n' \"$id\"\n"
            "    printf '{\"event\":\"measurement\",\"measurement\":" +
                m +
                ",\"id\":\"%s\"}\\n' \"$id\"\n"
                "    " +
                action.toUtf8() +
                "\n"
                "    ;;\n"
                "  esac\n"
                "done\n");
    }

    void shot(App &app, QWidget *panel, const QString &name)
    {
        const QString dir = qEnvironmentVariable("ROOFLAB_SHOT_DIR");
        if (dir.isEmpty())
            return;
        app.window.showPanel(panel);
        app.results()->updateChartNow();
        QApplication::processEvents();
        app.window.grab().save(QDir(dir).filePath(name));
    }

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("RoofLabTest"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_gui_live"));
        QSettings().clear();
        QVERIFY(m_tmp.isValid());
        m_db.loadDirectory(QStringLiteral(ROOFLAB_SOURCE_RESOURCES_DIR "/gpus"));
        QVERIFY(m_db.find(QStringLiteral("h200-sxm")));

        // A file that replays slowly enough to watch, cancel and kill.
        QJsonObject small = readJson(data("results/small.json"));
        QJsonArray ms = small["measurements"].toArray(), slow;
        for (int i = 0; i < 16; ++i) {
            QJsonObject m = ms.at(i % ms.size()).toObject();
            m["started_at_s"] = 0.3 * i;
            QJsonObject p = m["params"].toObject();
            p["i"] = i; // keep every entry its own row and key
            m["params"] = p;
            slow.append(m);
        }
        small["measurements"] = slow;
        m_slow = m_tmp.filePath(QStringLiteral("slow.json"));
        QVERIFY(writeJson(m_slow, small));
    }

    void cleanup() { QSettings().clear(); }

    void startWithoutDevice()
    {
        App app(m_db, autosavePath("start"));
        LiveTools::StartOptions o;
        o.waitForDeviceMs = 30000;
        o.offerRecovery = false;
        app.live.start(o);
        QVERIFY(app.live.deviceKnown());
        if (app.live.device())
            QSKIP("a CUDA device is present");
        QVERIFY(app.live.noDeviceReason().contains(QStringLiteral("no CUDA device")));
        auto *label = app.runs()->findChild<QLabel *>(QStringLiteral("deviceLabel"));
        QVERIFY(label->text().contains(QStringLiteral("No CUDA device found")));
        QVERIFY(label->text().contains(QStringLiteral("Replay")));
        QVERIFY(!app.runs()->runButton()->isEnabled());
        QVERIFY(app.runs()->replayButton()->isEnabled());
        if (QFileInfo::exists(LiveTools::samplesPath())) {
            QCOMPARE(app.live.session()->files().size(), 1);
            QVERIFY(app.rows() > 0);
            // The samples are a document like any other: a file opened replaces them...
            app.live.openInBackground(data("results/small.json"));
            QTRY_COMPARE(app.live.session()->files().size(), 1);
            QTRY_COMPARE(app.live.session()->files().first().label, QStringLiteral("small.json"));
            QCOMPARE(app.rows(), 4);
            // ...unless added beside them
            app.live.openInBackground(LiveTools::samplesPath(), ResultsSession::OpenMode::Add);
            QTRY_COMPARE(app.live.session()->files().size(), 2);
        } else {
            QVERIFY2(app.results()->message().contains(QStringLiteral("not installed")),
                     qPrintable(app.results()->message()));
            QCOMPARE(app.rows(), 0);
        }
        QCOMPARE(app.window.currentGpuId(), QStringLiteral("h200-sxm"));
    }

    void catalogAndEditors()
    {
        App app(m_db, autosavePath("catalog"));
        QSignalSpy loaded(app.runs(), &RunsPanel::catalogLoaded);
        app.runs()->loadCatalog();
        QVERIFY(loaded.wait(30000));
        QVERIFY(app.runs()->kernelIds().contains(QStringLiteral("memory.copy")));
        for (const QJsonValue &v : app.runs()->catalog()) {
            const QJsonObject k = v.toObject();
            QVERIFY(app.runs()->selectKernel(k["id"].toString()));
            QStringList want;
            for (const QJsonValue &p : k["params"].toArray())
                want << p.toObject()["name"].toString();
            want.sort();
            QStringList have = app.runs()->parameters().keys();
            have.sort();
            QCOMPARE(have, want);
            QCOMPARE(app.runs()->dtype(), k["dtypes"].toArray().first().toString());
        }
        QVERIFY(app.runs()->selectKernel(QStringLiteral("memory.copy")));
        const QJsonObject copy = [&] {
            for (const QJsonValue &v : app.runs()->catalog())
                if (v.toObject()["id"] == QLatin1String("memory.copy"))
                    return v.toObject();
            return QJsonObject();
        }();
        for (const QJsonValue &p : copy["params"].toArray()) {
            const QJsonObject o = p.toObject();
            const QVariant value = app.runs()->parameters().value(o["name"].toString());
            if (o["default"].isString())
                QCOMPARE(value.toString(), o["default"].toString());
            else
                QCOMPARE(value.toLongLong(), qint64(o["default"].toDouble()));
        }
        QVERIFY(app.runs()->setParameter(QStringLiteral("n"), qint64(1) << 32)); // beyond an int
        QCOMPARE(app.runs()->parameters().value(QStringLiteral("n")).toLongLong(), qint64(1) << 32);
        QVERIFY(app.runs()->setParameter(QStringLiteral("variant"), QStringLiteral("scalar")));
        QVERIFY(!app.runs()->setParameter(QStringLiteral("variant"), QStringLiteral("warp-drive")));
    }

    void replayFillsChartAndTable()
    {
        App app(m_db, autosavePath("replay"));
        app.window.show();
        app.runs()->setReplaySpeed(0);
        QSignalSpy added(app.live.session(), &ResultsSession::liveMeasurementAdded);
        const QString id = app.runs()->replay(data("results/small.json"));
        QVERIFY(!id.isEmpty());
        QTRY_COMPARE_WITH_TIMEOUT(app.rows(), 4, 20000);
        QTRY_VERIFY(!app.live.worker()->isBusy());
        app.results()->updateChartNow();
        // Three rows have FLOPs and land on the chart, filled; the copy is in the table only.
        QCOMPARE(app.resultPoints().size(), 3);
        const auto p = app.chart()->point(ResultsPanel::pointId(2)); // gemm.tiled2d
        QVERIFY(p);
        QCOMPARE(p->kind, ChartPoint::Kind::Measured);
        QVERIFY(qAbs(p->ai / (137438953472.0 / 201326592) - 1) < 1e-9);
        QVERIFY(qAbs(p->flopPerS / (137438953472.0 / 2.75e-3) - 1) < 1e-9);
        // The tooltip: the measurement, its check, its share of the roof above it.
        QVERIFY2(p->tooltip.contains(QStringLiteral("median 2.75 ms")), qPrintable(p->tooltip));
        QVERIFY(p->tooltip.contains(QStringLiteral("check: ok")));
        QVERIFY(p->tooltip.contains(QStringLiteral("% of the FP32 roof; compute-bound")));
        const auto vadd = app.chart()->point(ResultsPanel::pointId(1));
        QVERIFY(vadd && vadd->tooltip.contains(QStringLiteral("% of the HBM roof; memory-bound")));
        // A hollow predicted point at the roof for each intensity.
        int predicted = 0;
        for (const QString &pid : app.chart()->pointIds())
            if (pid.startsWith(QStringLiteral("predicted:"))) {
                ++predicted;
                QCOMPARE(app.chart()->point(pid)->kind, ChartPoint::Kind::Predicted);
            }
        QCOMPARE(predicted, 3);
        // The file's measured ceilings, dashed beside the datasheet ones.
        QCOMPARE(app.chart()->measuredLabels().size(), 2);
        // Replayed rows name the file they came from; the % of roof column is filled.
        QVERIFY(app.table()
                    ->data(app.table()->index(0, ResultsTableModel::Source))
                    .toString()
                    .contains("small.json"));
        QVERIFY(app.table()->roofPercent(1).has_value());
        QVERIFY(app.runs()->statusText().startsWith(QStringLiteral("Done")));
        QCOMPARE(app.runs()->progressBar()->value(), app.runs()->progressBar()->maximum());
        // Autosaved as they came (a burst like this one within 100 ms).
        QString error;
        std::optional<model::ResultSet> saved;
        QTRY_VERIFY((saved = model::ResultSet::load(app.live.session()->autosavePath(), &error)) &&
                    saved->measurements.size() == 4);
        QCOMPARE(saved->measurements.size(), 4);
        QCOMPARE(saved->measurements.at(2).kernel, QStringLiteral("gemm.tiled2d"));
        QCOMPARE(saved->ceilings.size(), 2);
        QCOMPARE(saved->device.name, QStringLiteral("Test GPU (not real)"));
    }

    void replayProgressAndCancel()
    {
        App app(m_db, autosavePath("cancel"));
        app.window.show();
        QSignalSpy loaded(app.runs(), &RunsPanel::catalogLoaded);
        app.runs()->loadCatalog(); // for the screenshot: the panel as a user sees it
        QVERIFY(loaded.wait(30000));
        app.runs()->setDevice(std::nullopt, QStringLiteral("no CUDA device (no NVIDIA driver found)"));
        app.runs()->setReplaySpeed(1);
        QList<int> values;
        connect(app.runs()->progressBar(), &QProgressBar::valueChanged, this, [&](int v) { values << v; });
        QVERIFY(!app.runs()->replay(m_slow).isEmpty());
        QVERIFY(!app.runs()->replayButton()->isEnabled());
        QVERIFY(app.runs()->cancelButton()->isEnabled());
        QTRY_VERIFY_WITH_TIMEOUT(app.rows() >= 3, 20000);
        QCOMPARE(app.runs()->progressBar()->maximum(), 16);
        QVERIFY(app.runs()->progressBar()->value() >= 2);
        QVERIFY(app.runs()->statusText().contains(QStringLiteral(" of 16: ")));
        shot(app, app.runs(), QStringLiteral("runs-replay.png"));
        QTest::mouseClick(app.runs()->cancelButton(), Qt::LeftButton);
        QTRY_VERIFY(!app.live.worker()->isBusy());
        const int rows = app.rows();
        QTest::qWait(1000); // nothing more arrives
        QCOMPARE(app.rows(), rows);
        QVERIFY(rows < 16);
        QVERIFY(app.runs()->statusText().contains(QStringLiteral("cancelled")));
        QVERIFY(app.runs()->message().isEmpty()); // a cancel is no problem to report
        QVERIFY(app.runs()->replayButton()->isEnabled());
        // The bar moved forward, step by step.
        QVERIFY(values.size() >= 3);
        QVERIFY(std::is_sorted(values.begin(), values.end() - 1)); // the last is the reset
    }

    void killWorkerMidReplay()
    {
        App app(m_db, autosavePath("kill"));
        app.runs()->setReplaySpeed(1);
        QSignalSpy failed(app.live.worker(), &WorkerClient::workerFailed);
        QVERIFY(!app.runs()->replay(m_slow).isEmpty());
        QTRY_VERIFY_WITH_TIMEOUT(app.rows() >= 3, 20000);
        const qint64 pid = app.live.worker()->processId();
        QVERIFY(pid > 0);
        ::kill(pid_t(pid), SIGKILL);
        QVERIFY(failed.wait(10000));
        const int rows = app.rows();
        const QString message = failed.first().first().toString();
        QVERIFY2(message.contains(QStringLiteral("stopped unexpectedly")), qPrintable(message));
        QVERIFY2(message.contains(QStringLiteral("gemm.")) ||
                     message.contains(QStringLiteral("memory.copy")) ||
                     message.contains(QStringLiteral("vector_add")),
                 qPrintable(message)); // names the kernel (and its parameters)
        QVERIFY(message.contains(QStringLiteral("i=")));
        QCOMPARE(app.runs()->message(), message);
        QTest::qWait(300);
        QCOMPARE(app.rows(), rows); // every result kept
        QVERIFY(rows >= 3);
        // A fresh worker runs and answers.
        QVERIFY(app.live.worker()->isRunning());
        QVERIFY(!app.live.worker()->isReplaying());
        QVERIFY(app.live.worker()->processId() != pid);
        QCOMPARE(app.live.worker()->restartCount(), 1);
        QSignalSpy finished(app.live.worker(), &WorkerClient::finished);
        const QString id = app.live.worker()->requestDevices();
        QVERIFY(finished.wait(30000));
        QCOMPARE(finished.first().first().toString(), id);
        QVERIFY(finished.first().at(1).toBool());
    }

    void fakeWorkerFailure_data()
    {
        QTest::addColumn<QString>("action");
        QTest::addColumn<QString>("message");
        QTest::newRow("crash") << "kill -KILL $$"
                               << "stopped unexpectedly (it crashed)";
        QTest::newRow("exit while running") << "exit 0"
                                            << "stopped unexpectedly (it exited with code 0)";
        QTest::newRow("hang past the time limit") << "exec sleep 30"
                                                  << "sent nothing for 0.8 s";
        QTest::newRow("sticky CUDA error")
            << R"(printf '{"event":"error","message":"an illegal memory access was encountered","fatal":true,"code":1,"context_lost":true,"id":"%s"}\n' "$id")"
            << "faulted and took the worker's CUDA context with it: an illegal memory access";
    }
    void fakeWorkerFailure()
    {
        QFETCH(QString, action);
        QFETCH(QString, message);
        App app(m_db, autosavePath("fake"));
        const QString script =
            fakeWorker(QString::fromLatin1(QTest::currentDataTag()).replace(' ', '_'), action);
        app.live.worker()->setProgram(script);
        app.live.worker()->setTimeLimit(QStringLiteral("run"), 800);
        app.runs()->setDevice(model::DeviceInfo{QStringLiteral("Fake GPU")}, {});
        QSignalSpy failed(app.live.worker(), &WorkerClient::workerFailed);
        QSignalSpy finished(app.live.worker(), &WorkerClient::finished);
        const QString id =
            app.live.worker()->run(QStringLiteral("fake.kernel"), {{"n", 7}}, QStringLiteral("fp32"));
        QVERIFY(!id.isEmpty());
        QVERIFY(failed.wait(10000));
        const QString text = failed.first().first().toString();
        QVERIFY2(text.contains(message), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("fake.kernel fp32 n=7")),
                 qPrintable(text)); // kernel and parameters
        QVERIFY(text.contains(QStringLiteral("restarted")));
        // The request ended, failed; the measurement that came before it is kept.
        QCOMPARE(finished.size(), 1);
        QCOMPARE(finished.first().first().toString(), id);
        QCOMPARE(finished.first().at(1).toBool(), false);
        QCOMPARE(app.live.session()->live().measurements.size(), 1);
        QCOMPARE(app.rows(), 1);
        // Restarted, and the new one answers.
        QVERIFY(app.live.worker()->isRunning());
        QCOMPARE(app.live.worker()->restartCount(), 1);
        finished.clear();
        app.live.worker()->requestDevices();
        QVERIFY(finished.wait(10000));
        QVERIFY(finished.first().at(1).toBool());
    }

    void workerMissing()
    {
        App app(m_db, autosavePath("missing"));
        app.live.worker()->setProgram(m_tmp.filePath(QStringLiteral("no-such-rooflab-cli")));
        LiveTools::StartOptions o;
        o.waitForDeviceMs = 5000;
        o.offerRecovery = false;
        o.samples = false;
        app.live.start(o);
        QVERIFY(app.live.deviceKnown());
        QVERIFY(!app.live.device());
        QVERIFY2(app.live.noDeviceReason().contains(QStringLiteral("ROOFLAB_CLI")),
                 qPrintable(app.live.noDeviceReason()));
        QVERIFY(app.runs()->replay(data("results/small.json")).isEmpty());
        QVERIFY(app.runs()->message().contains(QStringLiteral("not found")));
    }

    void badFiles_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<bool>("opens");
        QTest::addColumn<int>("added");
        QTest::addColumn<QString>("message");
        QTest::newRow("does not parse")
            << data("results/truncated.json") << false << 0 << "is not valid JSON";
        QTest::newRow("newer schema") << data("results/newer-schema.json") << false << 0 << "newer RoofLab";
        QTest::newRow("another schema")
            << data("results/other-schema.json") << false << 0 << "not a RoofLab results file";
        QTest::newRow("missing fields, NaN, negative: partly loaded")
            << data("results/bad-entries.json") << true << 1 << "skipped what could not be used";
        QTest::newRow("3 GB") << QStringLiteral("@huge") << false << 0 << "larger than 2 GiB are refused";
        QTest::newRow("no such file") << QStringLiteral("@missing") << false << 0 << "cannot be opened";
        QTest::newRow("a folder") << QStringLiteral("@folder") << false << 0 << "is a folder";
        QTest::newRow("not an ncu CSV") << data("ncu/bad-not-ncu.csv") << false << 0 << "bad-not-ncu.csv";
        // its launches are listed under Kernels, the message says what is missing; no point
        QTest::newRow("ncu CSV missing metrics") << data("ncu/bad-missing-metrics.csv") << true << 0 << "ncu";
        QTest::newRow("good ncu CSV") << data("ncu/gemm-bf16-raw.csv") << true << -1 << "";
    }
    void badFiles()
    {
        QFETCH(QString, file);
        QFETCH(bool, opens);
        QFETCH(int, added);
        QFETCH(QString, message);
        if (file == QLatin1String("@huge")) {
            file = m_tmp.filePath(QStringLiteral("huge.json"));
            QFile f(file);
            QVERIFY(f.open(QIODevice::WriteOnly));
            QVERIFY(f.resize(3000ll * 1024 * 1024)); // sparse: costs no disk
        } else if (file == QLatin1String("@missing")) {
            file = m_tmp.filePath(QStringLiteral("missing.json"));
        } else if (file == QLatin1String("@folder")) {
            file = m_tmp.filePath(QStringLiteral("folder.json"));
            QDir().mkpath(file);
        }
        App app(m_db, autosavePath("bad"));
        QVERIFY(app.results()->openFile(data("results/small.json")));
        app.results()->compareWith(data("results/small.json"));
        app.results()->updateChartNow();
        const QStringList pointsBefore = app.chart()->pointIds();
        const int rowsBefore = app.rows();

        QCOMPARE(app.live.openFile(file), opens);
        app.results()->updateChartNow();
        QVERIFY2(app.results()->message().contains(message, Qt::CaseInsensitive),
                 qPrintable(app.results()->message()));
        if (!opens) {
            QCOMPARE(app.results()->messageLevel(), ResultsPanel::Level::Error);
            QVERIFY(app.results()->message().contains(QFileInfo(file).fileName()));
            QCOMPARE(app.rows(), rowsBefore);
            QCOMPARE(app.chart()->pointIds(), pointsBefore);
            QCOMPARE(app.live.session()->files().size(), 1);
            QVERIFY(app.live.session()->comparison().has_value());
        } else if (added >= 0) {
            QCOMPARE(app.rows(), rowsBefore + added);
            QCOMPARE(app.results()->messageLevel(), ResultsPanel::Level::Warning);
        } else {
            QVERIFY(app.rows() > rowsBefore);
        }
        QVERIFY(app.live.session()->comparison().has_value()); // nothing already open is lost
    }

    void compareTwoFiles()
    {
        // Another day: the GEMM 20 % faster, vector add 50 % slower, the naive GEMM not run.
        QJsonObject other = readJson(data("results/small.json"));
        QJsonArray ms;
        for (const QJsonValue &v : other["measurements"].toArray()) {
            QJsonObject m = v.toObject();
            const QString k = m["kernel"].toString();
            if (k == QLatin1String("gemm.naive"))
                continue;
            const double f = k == QLatin1String("gemm.tiled2d")             ? 0.8
                             : k == QLatin1String("elementwise.vector_add") ? 1.5
                                                                            : 1.0;
            QJsonObject t = m["time_s"].toObject();
            for (const char *key : {"median", "min", "max"})
                t[key] = t[key].toDouble() / f; // the file compared with is the baseline
            m["time_s"] = t;
            ms.append(m);
        }
        other["measurements"] = ms;
        QJsonObject device = other["device"].toObject();
        device["name"] = "Yesterday's GPU";
        other["device"] = device;
        const QString path = m_tmp.filePath(QStringLiteral("yesterday.json"));
        QVERIFY(writeJson(path, other));

        App app(m_db, autosavePath("compare"));
        app.window.show();
        QVERIFY(app.results()->openFile(data("results/small.json")));
        QVERIFY(app.results()->compareWith(path));
        app.results()->updateChartNow();
        QVERIFY(app.table()->compareMode());
        // Change = (median - the other file's median) / the other file's median.
        const double tiled = *app.table()->changePercent(2);
        QVERIFY2(qAbs(tiled - (0.8 - 1) * 100) < 1e-6, qPrintable(QString::number(tiled)));
        QVERIFY(qAbs(*app.table()->changePercent(1) - 50) < 1e-6);
        QVERIFY(qAbs(*app.table()->changePercent(0)) < 1e-6);
        QVERIFY(!app.table()->changePercent(3)); // nothing to compare with
        QCOMPARE(app.table()->data(app.table()->index(2, ResultsTableModel::Change)).toString(),
                 QString(QChar(0x2212)) + "20.0 %");
        // On the chart: the other file's points grey, pairs with FLOPs linked.
        QCOMPARE(app.results()->linkCount(), 2);
        QCOMPARE(app.chart()->trailCount(), 2);
        int grey = 0;
        for (const QString &id : app.chart()->pointIds())
            if (id.startsWith(QStringLiteral("compare:")))
                grey += app.chart()->point(id)->gpuIndex == -1 ? 1 : 0;
        QCOMPARE(grey, 2); // vector_add and tiled2d (the copy has no FLOPs)
        QVERIFY(app.chart()->point(ResultsPanel::pointId(2))->tooltip.contains(QStringLiteral("(faster)")));
        shot(app, app.results(), QStringLiteral("results-compare.png"));
        app.results()->stopComparing();
        app.results()->updateChartNow();
        QVERIFY(!app.table()->compareMode());
        QCOMPARE(app.chart()->trailCount(), 0);
    }

    void autosaveAndRecovery()
    {
        const QString autosave = autosavePath("recovery");
        {
            App app(m_db, autosave);
            app.runs()->setReplaySpeed(0);
            app.runs()->replay(data("results/small.json"));
            QTRY_COMPARE_WITH_TIMEOUT(app.rows(), 4, 20000);
            QTRY_VERIFY(!app.live.worker()->isBusy());
            QCOMPARE(app.live.session()->unsavedCount(), 4);
            // the app "crashes" here: nothing saved, the autosave stays
        }
        QString error; // the session flushed its autosave when it went
        auto left = model::ResultSet::load(autosave, &error);
        QVERIFY2(left, qPrintable(error));
        QCOMPARE(left->measurements.size(), 4);

        App app(m_db, autosave);
        LiveTools::StartOptions o;
        o.samples = false;
        o.waitForDeviceMs = 30000;
        app.live.start(o);
        QCOMPARE(app.live.session()->recoverableCount(), 4);
        auto *restore = app.results()->findChild<QPushButton *>(QStringLiteral("restoreButton"));
        QVERIFY(restore && restore->isVisibleTo(app.results()));
        QTest::mouseClick(restore, Qt::LeftButton);
        QCOMPARE(app.rows(), 4);
        QCOMPARE(app.live.session()->recoverableCount(), 0);
        QVERIFY(!restore->isVisibleTo(app.results()));
        // Saved: the autosave goes, nothing is offered next time.
        const QString saved = m_tmp.filePath(QStringLiteral("saved.json"));
        QVERIFY(app.results()->saveAs(saved));
        QVERIFY(!QFileInfo::exists(autosave));
        QCOMPARE(model::ResultSet::load(saved, &error)->measurements.size(), 4);
        QCOMPARE(app.live.session()->unsavedCount(), 0);
        QVERIFY(ResultsSession::recentFiles().contains(QFileInfo(saved).absoluteFilePath()));
    }

    void selectionFollowsChart()
    {
        App app(m_db, autosavePath("select"));
        app.window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&app.window));
        QVERIFY(app.results()->openFile(data("results/small.json")));
        app.window.showPanel(app.results());
        app.results()->updateChartNow();
        // Row -> point.
        app.results()->selectRow(2);
        QCOMPARE(app.chart()->highlighted(), ResultsPanel::pointId(2));
        // Point -> row, by a click on the marker.
        const auto p = app.chart()->point(ResultsPanel::pointId(1));
        QVERIFY(p);
        const QPoint at = app.chart()->pixelFor(p->ai, p->flopPerS);
        QWidget *target = app.chart()->childAt(at);
        QVERIFY(target);
        QTest::mouseClick(target, Qt::LeftButton, {}, target->mapFrom(app.chart(), at));
        QCOMPARE(app.results()->selectedRow(), 1);
        QCOMPARE(app.chart()->highlighted(), ResultsPanel::pointId(1));
        // Sorted, the same row keeps its point.
        app.results()->view()->sortByColumn(ResultsTableModel::Median, Qt::DescendingOrder);
        app.results()->selectRow(0);
        QCOMPARE(app.chart()->highlighted(), ResultsPanel::pointId(0));
        // Filtered: the chart shows what the table shows.
        app.results()->filterEdit()->setText(QStringLiteral("gemm"));
        app.results()->updateChartNow();
        QCOMPARE(app.results()->filterModel()->rowCount(), 2);
        QCOMPARE(app.resultPoints().size(), 2);
    }

    void csvExport()
    {
        App app(m_db, autosavePath("csv"));
        QVERIFY(app.results()->openFile(data("results/small.json")));
        const QString path = m_tmp.filePath(QStringLiteral("out.csv"));
        QVERIFY(app.results()->exportCsv(path));
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QList<QByteArray> lines = f.readAll().trimmed().split('\n');
        QCOMPARE(lines.size(), 5);
        QCOMPARE(QString::fromUtf8(lines.first()).trimmed(),
                 model::ResultSet::csvHeader().join(QLatin1Char(',')));
        QVERIFY(lines.at(3).startsWith("gemm.tiled2d"));
        QVERIFY(!app.results()->exportCsv(m_tmp.filePath(QStringLiteral("no/such/dir/out.csv"))));
        QCOMPARE(app.results()->messageLevel(), ResultsPanel::Level::Error);
    }

    void dropFiles()
    {
        App app(m_db, autosavePath("drop"));
        QVERIFY(app.window.acceptDrops());
        QMimeData mime;
        mime.setUrls({QUrl::fromLocalFile(data("results/small.json")),
                      QUrl::fromLocalFile(data("ncu/fp32-sgemm-raw.csv"))});
        QDragEnterEvent enter(QPoint(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(&app.window, &enter);
        QVERIFY(enter.isAccepted());
        QDropEvent drop(QPointF(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(&app.window, &drop);
        QTRY_COMPARE(app.live.session()->files().size(), 2); // read in the background
        QVERIFY(app.rows() > 4);
        QCOMPARE(app.window.currentPanel(), app.results());
    }

    void fileMenu()
    {
        App app(m_db, autosavePath("menu"));
        QMenu *file = app.window.fileMenu();
        QVERIFY(file);
        QStringList names;
        for (QAction *a : file->actions())
            names << (a->menu() ? a->menu()->objectName() : a->objectName());
        for (const char *n : {"openResults", "addResults", "recentResults", "compareResults", "saveResults",
                              "exportCsv", "closeResults", "closeAllResults"})
            QVERIFY2(names.contains(QLatin1String(n)), n);
        QVERIFY(names.indexOf(QStringLiteral("openResults")) < 2); // at the top, before the chart export
        QVERIFY(app.window.panel(QStringLiteral("runs")) == app.runs());
        QVERIFY(app.window.panel(QStringLiteral("results")) == app.results());
        QVERIFY(app.results()->openFile(data("results/small.json")));
        QCOMPARE(ResultsSession::recentFiles().value(0),
                 QFileInfo(data("results/small.json")).absoluteFilePath());
        // Close and Close all act on the files, never on this session's measurements.
        QVERIFY(app.results()->openFile(data("ncu/fp32-sgemm-raw.csv")));
        QCOMPARE(app.live.session()->files().size(), 2);
        auto action = [file](const char *name) {
            for (QAction *a : file->actions())
                if (a->objectName() == QLatin1String(name))
                    return a;
            return static_cast<QAction *>(nullptr);
        };
        QCOMPARE(action("closeResults")->shortcut(), QKeySequence(QKeySequence::Close));
        app.results()->filesList()->setCurrentRow(0);
        action("closeResults")->trigger();
        QCOMPARE(app.live.session()->files().size(), 1);
        QCOMPARE(app.live.session()->files().first().label, QStringLiteral("fp32-sgemm-raw.csv"));
        action("closeAllResults")->trigger();
        QVERIFY(app.live.session()->files().isEmpty());
        QCOMPARE(app.rows(), 0);
    }

    void newWindowKeepsResults()
    {
        // AppShell re-creates the window on a language switch; the results stay.
        LiveTools live;
        live.worker()->setProgram(QStringLiteral(ROOFLAB_CLI));
        live.session()->setAutosavePath(autosavePath("window"));
        auto first = std::make_unique<MainWindow>(m_db);
        live.attach(first.get());
        QVERIFY(live.resultsPanel()->openFile(data("results/small.json")));
        first.reset();
        MainWindow second(m_db);
        live.attach(&second);
        live.resultsPanel()->updateChartNow();
        QCOMPARE(live.resultsPanel()->tableModel()->rowCount(), 4);
        QCOMPARE(live.resultsPanel()->chartPointCount(), 3);
    }

    void deviceEntries_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("cc");
        QTest::addColumn<int>("sms");
        QTest::addColumn<QString>("spec"); // the worker's match
        QTest::addColumn<QString>("expected");
        QTest::newRow("worker's match") << "NVIDIA H200"
                                        << "9.0" << 132 << "h200-sxm"
                                        << "h200-sxm";
        QTest::newRow("by name and SMs") << "NVIDIA H100 80GB HBM3"
                                         << "9.0" << 132 << ""
                                         << "h100-sxm";
        QTest::newRow("A100 by SM count") << "NVIDIA A100-SXM4-80GB"
                                          << "8.0" << 108 << ""
                                          << "a100-sxm4-";
        QTest::newRow("wrong SM count: unknown") << "NVIDIA A100-SXM4-80GB"
                                                 << "8.0" << 100 << ""
                                                 << "";
        QTest::newRow("SM count unknown in the database") << "NVIDIA H200 NVL"
                                                          << "9.0" << 132 << ""
                                                          << "h200-nvl";
        QTest::newRow("unknown GPU") << "NVIDIA Future X1"
                                     << "12.0" << 200 << ""
                                     << "";
    }
    void deviceEntries()
    {
        QFETCH(QString, name);
        QFETCH(QString, cc);
        QFETCH(int, sms);
        QFETCH(QString, spec);
        QFETCH(QString, expected);
        model::DeviceInfo d;
        d.name = name;
        d.cc = cc;
        d.sms = sms;
        d.clockMhz = 1980;
        d.memBusBits = 6144;
        d.l2Bytes = 50e6;
        d.spec = spec;
        d.extra = QJsonObject{{"index", 0}, {"mem_clock_mhz", 2619}, {"mem_bytes", 80e9}};
        const model::Gpu *g = model::matchGpu(m_db, d);
        if (expected.isEmpty()) {
            QVERIFY2(!g, g ? qPrintable(g->id) : "");
            // An entry built from the properties, marked as such, on which the app can open.
            const model::Gpu built = LiveTools::gpuFromDevice(d);
            QVERIFY(built.fromDevice);
            QVERIFY(built.name.contains(name));
            QVERIFY(built.peak(QStringLiteral("fp32")) > 0);
            QVERIFY(built.bw(QStringLiteral("hbm")) > 0);
            QVERIFY(built.bandwidth.value(QStringLiteral("hbm")).source.contains(QStringLiteral("estimate")));
            MainWindow w(m_db);
            QVERIFY(w.addGpu(built));
            w.selectGpu(built.id);
            QCOMPARE(w.currentGpuId(), built.id);
            QVERIFY(!w.chart()->ceilingLabels().isEmpty());
        } else {
            QVERIFY(g);
            QVERIFY2(g->id.startsWith(expected), qPrintable(g->id));
        }
    }

    void roofShareTexts_data()
    {
        QTest::addColumn<double>("flops");
        QTest::addColumn<double>("bytes");
        QTest::addColumn<double>("seconds");
        QTest::addColumn<QString>("text");
        // teaching-gpu: FP32 20 TFLOP/s, 500 GB/s (the operators-and-kernels notes), ridge 40 FLOP/B.
        QTest::newRow("memory-bound at 62 %")
            << 1e9 << 1e9 << 1e9 / (0.62 * 500e9) << "62 % of the HBM roof; memory-bound";
        QTest::newRow("compute-bound at 50 %")
            << 1e12 << 1e9 << 1e12 / 10e12 << "50 % of the FP32 roof; compute-bound";
        QTest::newRow("a copy against the bandwidth")
            << 0.0 << 1e9 << 1e9 / 450e9 << "90 % of the HBM bandwidth; memory-bound";
    }
    void roofShareTexts()
    {
        QFETCH(double, flops);
        QFETCH(double, bytes);
        QFETCH(double, seconds);
        QFETCH(QString, text);
        const model::Gpu *gpu = m_db.find(QStringLiteral("teaching-gpu"));
        QVERIFY(gpu);
        model::Measurement m;
        m.kernel = QStringLiteral("x.y");
        m.dtype = QStringLiteral("fp32");
        m.flops = flops;
        m.bytes = bytes;
        m.time.median = m.time.min = m.time.max = seconds;
        const auto s = resultschart::roofShare(*gpu, m);
        QVERIFY(s);
        QCOMPARE(resultschart::shareText(*s), text);
    }
};

QTEST_MAIN(TestGuiLive)
#include "tst_gui_live.moc"
