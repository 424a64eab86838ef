// The GUI's hosts: the Hosts dialog (add, refuse a clash, test through a real worker behind a
// host command, the "connected: ..." line) and the Runs panel's host and device pickers ("All
// GPUs" sends one request per GPU). Offscreen; no GPU needed.
#include "chart/rooflinechart.h"
#include "live/hostsdialog.h"
#include "live/runspanel.h"
#include "panels/resultspanel.h"
#include "panels/resultssession.h"
#include "specdb.h"
#include "workerclient.h"

#include <QApplication>
#include <QComboBox>
#include <QFileInfo>
#include <QJsonArray>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTest>

namespace {

QString cli()
{
    const QString beside = QCoreApplication::applicationDirPath() + QStringLiteral("/rooflab-cli");
    return QFileInfo(beside).isExecutable() ? beside : QStringLiteral(ROOFLAB_CLI);
}

QString shellHost()
{
    return QStringLiteral("sh -c 'exec \"%1\" worker'").arg(cli());
}

} // namespace

class TestGuiHosts : public QObject
{
    Q_OBJECT

    // ROOFLAB_SHOT_DIR=dir keeps pictures of the dialog and the panel there.
    static void shot(QWidget *w, const char *name)
    {
        const QString dir = qEnvironmentVariable("ROOFLAB_SHOT_DIR");
        if (dir.isEmpty())
            return;
        w->show();
        QTest::qWait(200);
        w->grab().save(dir + QLatin1Char('/') + QLatin1String(name));
    }

private slots:
    void initTestCase()
    {
        QCoreApplication::setOrganizationName(QStringLiteral("RoofLabTest"));
        QStandardPaths::setTestModeEnabled(true); // settings in a test folder, not the user's
        Hosts::save({});
    }

    void describeHello_data()
    {
        QTest::addColumn<QJsonObject>("hello");
        QTest::addColumn<QString>("text");
        const QJsonObject h200{{"name", "NVIDIA H200"}};
        QTest::newRow("two H200") << QJsonObject{{"protocol", 2},
                                                 {"version", "0.1.0"},
                                                 {"driver", "580.159"},
                                                 {"gpus", QJsonArray{h200, h200}}}
                                  << "connected: 2 × NVIDIA H200, driver 580.159, RoofLab 0.1.0, protocol 2";
        QTest::newRow("no GPU") << QJsonObject{{"protocol", 2}, {"version", "0.1.0"}, {"gpus", QJsonArray{}}}
                                << "connected: no CUDA device, RoofLab 0.1.0, protocol 2";
    }
    void describeHello()
    {
        QFETCH(QJsonObject, hello);
        QFETCH(QString, text);
        QCOMPARE(HostsDialog::describeHello(hello), text);
    }

    void dialogAddsTestsAndSaves()
    {
        HostsDialog d;
        QCOMPARE(d.hosts().size(), 1); // this computer
        QVERIFY(d.addHost({"shell", shellHost()}));
        QVERIFY(d.addHost({"gpu-lab", Hosts::sshExample("gpu-lab")}));
        QVERIFY(d.addHost({"cluster", "ssh -T -o BatchMode=yes login " + Hosts::slurmExample()}));
        QVERIFY(!d.addHost({"SHELL", "ssh x rooflab-cli worker"}));
        QVERIFY(d.problem().contains("already"));
        d.selectHost(1);
        QSignalSpy done(&d, &HostsDialog::testFinished);
        d.testSelected();
        QVERIFY(done.wait(60000));
        QVERIFY2(done.first().at(0).toBool(), qPrintable(d.testResult()));
        QVERIFY2(d.testResult().startsWith("connected: ") && d.testResult().contains("protocol 2"),
                 qPrintable(d.testResult()));
        shot(&d, "hosts-dialog.png");
        d.accept();
        QCOMPARE(Hosts::find("shell")->command, shellHost());
    }

    void dialogTestFails()
    {
        HostsDialog d;
        QVERIFY(d.addHost({"broken", "sh -c 'echo nope >&2; exit 255'"}));
        QSignalSpy done(&d, &HostsDialog::testFinished);
        d.testSelected();
        QVERIFY(done.wait(20000));
        QVERIFY(!done.first().at(0).toBool());
        QVERIFY2(d.testResult().contains("host \"broken\"") && d.testResult().contains("nope"),
                 qPrintable(d.testResult()));
    }

    void panelPicksHostAndDevices()
    {
        Hosts::save({Hosts::local(), {"shell", shellHost()}});
        WorkerClient worker;
        worker.setProgram(QStringLiteral(ROOFLAB_CLI));
        RunsPanel panel(&worker);
        QCOMPARE(panel.hostPicker()->count(), 2);
        QSignalSpy changed(&panel, &RunsPanel::hostChanged);
        QVERIFY(panel.selectHost("shell"));
        QCOMPARE(changed.count(), 1);
        QCOMPARE(worker.hostCommand(), shellHost());
        QCOMPARE(worker.hostName(), QStringLiteral("shell"));

        model::DeviceInfo a, b;
        a.name = b.name = QStringLiteral("NVIDIA H200");
        a.extra = {{"index", 0}};
        b.extra = {{"index", 1}};
        panel.setDevices({a, b});
        panel.setDevice(a);
        QCOMPARE(panel.devicePicker()->count(), 3); // two GPUs and "All 2 GPUs"
        QVERIFY(panel.setDeviceChoice(-1));
        QVERIFY(!panel.runSuite().isEmpty());
        QCOMPARE(worker.openRequests().size(), 2); // one per GPU, queued one after another
        panel.resize(380, 720);
        shot(&panel, "runs-hosts.png");
        worker.stop();
    }

    // Results of two GPUs (host, device UUID from the worker): their points and measured
    // ceilings in two colours, the ceilings named by host and GPU.
    void chartComparesDevices_data()
    {
        QTest::addColumn<QStringList>("uuids");
        QTest::addColumn<QList<int>>("colours");
        QTest::newRow("one GPU") << QStringList{"GPU-a", "GPU-a"} << QList<int>{0, 0};
        QTest::newRow("two GPUs of one host") << QStringList{"GPU-a", "GPU-b"} << QList<int>{0, 1};
    }
    void chartComparesDevices()
    {
        QFETCH(QStringList, uuids);
        QFETCH(QList<int>, colours);
        ResultsSession session;
        RooflineChart chart;
        ResultsPanel panel(&session, &chart);
        const model::SpecDb db = model::SpecDb::loadDefault();
        QVERIFY(db.find("h200-sxm"));
        panel.setGpu(*db.find("h200-sxm"));
        for (int i = 0; i < uuids.size(); ++i) {
            const QJsonObject where{{"host", "gpu-lab"}, {"device_index", i}, {"device_uuid", uuids.at(i)}};
            model::Measurement m;
            m.kernel = QStringLiteral("memory.vector_add");
            m.dtype = QStringLiteral("fp32");
            m.flops = 1e9;
            m.bytes = 12e9;
            m.time = {0.004 + 0.001 * i, 0.004, 0.006, 10};
            m.check.ok = true;
            m.extra = where;
            session.addLiveMeasurement(m);
            model::MeasuredCeiling c;
            c.kind = QStringLiteral("memory");
            c.level = QStringLiteral("hbm");
            c.value = 4.3e12 - 1e11 * i;
            c.unit = QStringLiteral("B/s");
            c.probe = QStringLiteral("hbm_copy");
            c.extra = where;
            session.addLiveCeiling(c);
        }
        QTRY_VERIFY(chart.point("result:1").has_value());
        QCOMPARE(chart.point("result:0")->gpuIndex, colours.at(0));
        QCOMPARE(chart.point("result:1")->gpuIndex, colours.at(1));
        const bool several = colours.at(1) != colours.at(0);
        QCOMPARE(chart.measuredLabels().join(' ').contains("gpu-lab GPU 1"), several);
    }
};

QTEST_MAIN(TestGuiHosts)
#include "tst_gui_hosts.moc"
