// On a CUDA device (skipped without one): the GUI (offscreen) runs a kernel through a host
// command, as it would on a GPU server: a host "gpu-via-sh" in the settings whose command starts
// the worker with sh, picked in the Runs panel; the devices come from that worker's hello and
// answer, the point is plotted, the measurement carries host, device index and UUID. With
// several GPUs, "All GPUs" measures on each. ROOFLAB_SHOT_DIR=dir keeps a screenshot there.
#include "chart/rooflinechart.h"
#include "hosts.h"
#include "live/livetools.h"
#include "live/runspanel.h"
#include "panels/resultssession.h"
#include "shell/mainwindow.h"
#include "specdb.h"
#include "testmain.h"
#include "workerclient.h"

#include <QComboBox>
#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QPushButton>
#include <QSet>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

namespace {

QString cli()
{
    const QString beside =
        QDir(QCoreApplication::applicationDirPath()).filePath(QStringLiteral("rooflab-cli"));
    return QFileInfo(beside).isExecutable() ? beside : QStringLiteral(ROOFLAB_CLI);
}

} // namespace

class TestGpuHosts : public QObject
{
    Q_OBJECT
    model::SpecDb m_db;
    QTemporaryDir m_tmp;
    QString m_out;
    int m_gpus = 0;

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("RoofLabTest"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_gpu_hosts"));
        m_out = qEnvironmentVariable("ROOFLAB_SHOT_DIR", m_tmp.path());
        QDir().mkpath(m_out);
        QProcess p;
        p.start(cli(), {QStringLiteral("devices"), QStringLiteral("--json")});
        QVERIFY(p.waitForFinished(120000));
        const QJsonObject d = QJsonDocument::fromJson(p.readAllStandardOutput()).object();
        m_gpus = int(d.value("devices").toArray().size());
        if (m_gpus == 0)
            QSKIP(qPrintable(d.value("message").toString())); // "no CUDA device (why)"
        m_db.loadDirectory(QStringLiteral(ROOFLAB_SOURCE_RESOURCES_DIR "/gpus"));
        if (m_db.gpus().isEmpty())
            m_db = model::SpecDb::loadDefault();
        Hosts::save(
            {Hosts::local(), {"gpu-via-sh", QStringLiteral("sh -c 'exec \"%1\" worker'").arg(cli())}});
    }

    void runThroughHostCommand()
    {
        LiveTools live;
        MainWindow window(m_db);
        live.worker()->setProgram(cli());
        live.session()->setAutosavePath(m_tmp.filePath("autosave.json"));
        live.attach(&window);
        window.resize(1400, 900);
        LiveTools::StartOptions o;
        o.waitForDeviceMs = 120000;
        o.offerRecovery = false;
        o.samples = false;
        live.start(o);
        RunsPanel *runs = live.runsPanel();
        QVERIFY(!runs->kernelIds().isEmpty() || QSignalSpy(runs, &RunsPanel::catalogLoaded).wait(60000));

        QSignalSpy answered(&live, &LiveTools::deviceAnswered);
        QVERIFY(runs->selectHost("gpu-via-sh"));
        QVERIFY(answered.wait(120000));
        QVERIFY2(live.device(), qPrintable(live.noDeviceReason()));
        QVERIFY(live.worker()->isRemote());
        QCOMPARE(live.worker()->helloEvent().value("devices").toInt(), m_gpus);
        QCOMPARE(runs->devicePicker()->count(), m_gpus > 1 ? m_gpus + 1 : m_gpus);

        QVERIFY(runs->selectKernel("memory.vector_add"));
        QVERIFY(runs->setParameter("n", qint64(1) << 24));
        const qsizetype before = live.session()->live().measurements.size();
        QSignalSpy finished(live.worker(), &WorkerClient::finished);
        QTest::mouseClick(runs->runButton(), Qt::LeftButton);
        QVERIFY(finished.wait(240000));
        QVERIFY2(finished.last().at(1).toBool(), qPrintable(finished.last().at(2).toString()));
        QCOMPARE(live.session()->live().measurements.size(), before + 1);
        const model::Measurement m = live.session()->live().measurements.last();
        QVERIFY(m.check.ok);
        QVERIFY(!m.extra.value("host").toString().isEmpty());
        QVERIFY(m.extra.value("device_uuid").toString().startsWith("GPU-"));
        QTRY_VERIFY(window.chart()->point(QStringLiteral("result:%1").arg(before)).has_value());

        if (m_gpus > 1) {
            // All GPUs: one measurement per GPU, one after another, each with its UUID.
            QVERIFY(runs->setDeviceChoice(-1));
            const qsizetype start = live.session()->live().measurements.size();
            QTest::mouseClick(runs->runButton(), Qt::LeftButton);
            QTRY_VERIFY_WITH_TIMEOUT(live.session()->live().measurements.size() == start + m_gpus, 600000);
            QSet<QString> uuids;
            for (qsizetype i = start; i < start + m_gpus; ++i)
                uuids.insert(live.session()->live().measurements.at(i).extra.value("device_uuid").toString());
            QCOMPARE(uuids.size(), m_gpus);
        }
        window.showPanel(runs);
        QTest::qWait(500);
        window.grab().save(QDir(m_out).filePath(QStringLiteral("gpu-hosts.png")));
    }
};

ROOFLAB_TEST_MAIN(TestGpuHosts)
#include "tst_gpu_hosts.moc"
