// GPU hosts with the real programs: the GUI's WorkerClient (app/client) reaching rooflab-cli
// worker through a host command. A stand-in of another protocol and a command that exits at
// once; OpenSSH (sshd on a free localhost port with throwaway keys: hello, devices, a remote
// compile, a replay streamed back, the connection killed or frozen mid-run, a refused key); a
// one-node Slurm (munged, slurmctld, slurmd in a temporary folder: hello, devices, a job that
// waits in the queue and is cancelled). The daemons' rows skip with the reason when they cannot
// start here (CI installs them: scripts/common.sh).
#include "events.h"
#include "hosts.h"
#include "resultset.h"
#include "standin.h"
#include "workerclient.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QRandomGenerator>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QSysInfo>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>
#include <memory>

namespace {

QString cli()
{
    const QString beside = QCoreApplication::applicationDirPath() + QStringLiteral("/rooflab-cli");
    return QFileInfo(beside).isExecutable() ? beside : QStringLiteral(ROOFLAB_CLI);
}

QString quoted(const QString &s)
{
    return QLatin1Char('\'') + QString(s).replace(QLatin1String("'"), QLatin1String("'\\''")) +
           QLatin1Char('\'');
}

bool run(const QString &program, const QStringList &args, QString *out = nullptr, int ms = 20000,
         const QProcessEnvironment &env = QProcessEnvironment::systemEnvironment())
{
    QProcess p;
    p.setProcessEnvironment(env);
    p.start(program, args);
    const bool ok = p.waitForFinished(ms) && p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0;
    if (out)
        *out = QString::fromUtf8(p.readAllStandardOutput() + p.readAllStandardError());
    if (p.state() != QProcess::NotRunning) {
        p.kill();
        p.waitForFinished(2000);
    }
    return ok;
}

// The children of a process (by /proc), so the test ends only the processes it started.
QList<qint64> childrenOf(qint64 pid)
{
    QList<qint64> out;
    for (const QString &d : QDir(QStringLiteral("/proc")).entryList(QDir::Dirs)) {
        bool isPid = false;
        const qint64 p = d.toLongLong(&isPid);
        if (!isPid)
            continue;
        QFile f(QStringLiteral("/proc/%1/stat").arg(d));
        if (!f.open(QIODevice::ReadOnly))
            continue;
        const QByteArray stat = f.readAll();
        const qsizetype close = stat.lastIndexOf(')');
        const QList<QByteArray> fields = stat.mid(close + 2).split(' ');
        if (fields.size() > 1 && fields.at(1).toLongLong() == pid)
            out.append(p);
    }
    return out;
}

quint16 freePort()
{
    return quint16(20000 + QRandomGenerator::global()->bounded(20000));
}

// Everything one request brought back.
struct Answer
{
    bool finished = false;
    bool ok = false;
    QString message;
    QList<model::Measurement> measurements;
    QList<model::DeviceInfo> devices;
    QList<QJsonObject> other;
    QStringList waiting;
};

void collect(WorkerClient &w, Answer &a)
{
    QObject::connect(&w, &WorkerClient::finished, &w, [&a](const QString &, bool ok, const QString &m) {
        a.finished = true;
        a.ok = ok;
        a.message = m;
    });
    QObject::connect(&w, &WorkerClient::measurement, &w,
                     [&a](const QString &, const model::Measurement &m) { a.measurements.append(m); });
    QObject::connect(&w, &WorkerClient::device, &w,
                     [&a](const QString &, const model::DeviceInfo &d) { a.devices.append(d); });
    QObject::connect(&w, &WorkerClient::otherEvent, &w,
                     [&a](const QString &, const QJsonObject &e) { a.other.append(e); });
    QObject::connect(&w, &WorkerClient::waiting, &w, [&a](const QString &m) { a.waiting.append(m); });
}

bool waitUntil(const std::function<bool()> &done, int ms)
{
    QElapsedTimer t;
    t.start();
    while (!done() && t.elapsed() < ms)
        QTest::qWait(50);
    return done();
}

} // namespace

class TestHosts : public QObject
{
    Q_OBJECT

    QTemporaryDir m_tmp;
    QString m_replayFile;
    // sshd
    std::unique_ptr<QProcess> m_sshd;
    QString m_sshSkip;
    quint16 m_sshPort = 0;
    // Slurm
    QString m_slurmSkip;
    QString m_slurmConf;
    QList<QString> m_pidFiles;
    QProcessEnvironment m_slurmEnv;

    QString sshCommand(const QString &key, const QString &remote) const
    {
        return QStringLiteral("ssh -p %1 -i %2 -o UserKnownHostsFile=%3 -o StrictHostKeyChecking=accept-new "
                              "-o BatchMode=yes -o ConnectTimeout=10 -T 127.0.0.1 %4")
            .arg(m_sshPort)
            .arg(quoted(key), quoted(m_tmp.filePath("known_hosts")), remote);
    }
    QString workerCommand() const { return quoted(cli()) + QStringLiteral(" worker"); }

    QString script(const QString &name, const QByteArray &body)
    {
        return rooflab::test::writeScript(m_tmp.filePath(name), body);
    }

    void startSshd()
    {
        const QString sshd = QStringLiteral("/usr/sbin/sshd");
        if (!QFileInfo(sshd).isExecutable() || QStandardPaths::findExecutable("ssh").isEmpty() ||
            QStandardPaths::findExecutable("ssh-keygen").isEmpty()) {
            m_sshSkip =
                QStringLiteral("openssh-server and openssh-client are not installed (scripts/common.sh "
                               "installs them)");
            return;
        }
        for (const char *k : {"hostkey", "userkey", "otherkey"})
            if (!run("ssh-keygen", {"-q", "-t", "ed25519", "-N", "", "-f", m_tmp.filePath(k)})) {
                m_sshSkip = QStringLiteral("ssh-keygen failed");
                return;
            }
        QFile::copy(m_tmp.filePath("userkey.pub"), m_tmp.filePath("authorized_keys"));
        QDir().mkpath(QStringLiteral("/run/sshd")); // privilege separation directory
        for (int attempt = 0; attempt < 5; ++attempt) {
            m_sshPort = freePort();
            m_sshd = std::make_unique<QProcess>();
            m_sshd->setProcessChannelMode(QProcess::MergedChannels);
            // -D: in the foreground, so this test owns it; StrictModes=no: the keys are under /tmp.
            m_sshd->start(sshd, {"-D", "-f", "/dev/null", "-p", QString::number(m_sshPort), "-h",
                                 m_tmp.filePath("hostkey"), "-o", "ListenAddress=127.0.0.1", "-o",
                                 "AuthorizedKeysFile=" + m_tmp.filePath("authorized_keys"), "-o",
                                 "StrictModes=no", "-o", "PidFile=" + m_tmp.filePath("sshd.pid"), "-o",
                                 "PermitRootLogin=prohibit-password", "-E", m_tmp.filePath("sshd.log")});
            if (!m_sshd->waitForStarted(5000)) {
                m_sshSkip = QStringLiteral("sshd did not start: ") + m_sshd->errorString();
                return;
            }
            // Up when a client gets through (a port taken makes sshd exit at once).
            QString out;
            QElapsedTimer t;
            t.start();
            while (t.elapsed() < 8000 && m_sshd->state() == QProcess::Running) {
                if (run("ssh", Hosts::splitCommand(sshCommand(m_tmp.filePath("userkey"), "true")).mid(1),
                        &out, 15000))
                    return;
                QTest::qWait(200);
            }
            m_sshd->kill();
            m_sshd->waitForFinished(2000);
            QFile log(m_tmp.filePath("sshd.log"));
            log.open(QIODevice::ReadOnly);
            m_sshSkip = QStringLiteral("sshd on port %1 did not let the test in: %2 %3")
                            .arg(m_sshPort)
                            .arg(out.trimmed(), QString::fromUtf8(log.readAll().right(300)));
        }
        m_sshd.reset();
    }

    void startSlurm()
    {
        for (const char *p : {"munged", "slurmctld", "slurmd"})
            if (QStandardPaths::findExecutable(p, {"/usr/sbin", "/usr/bin"}).isEmpty()) {
                m_slurmSkip = QStringLiteral("%1 is not installed (slurmctld slurmd slurm-client munge: "
                                             "scripts/common.sh installs them)")
                                  .arg(p);
                return;
            }
        if (QStandardPaths::findExecutable("srun").isEmpty()) {
            m_slurmSkip = QStringLiteral("srun is not installed (slurm-client)");
            return;
        }
        QDir d(m_tmp.filePath("slurm"));
        d.mkpath(QStringLiteral("state"));
        d.mkpath(QStringLiteral("spool"));
        {
            QFile key(d.filePath("munge.key"));
            if (!key.open(QIODevice::WriteOnly)) {
                m_slurmSkip = QStringLiteral("cannot write the munge key");
                return;
            }
            QByteArray bytes(1024, 0);
            for (char &c : bytes)
                c = char(QRandomGenerator::global()->bounded(256));
            key.write(bytes);
            key.close();
            key.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner);
        }
        const QString sock = d.filePath("munge.sock");
        QString out;
        if (!run(QStandardPaths::findExecutable("munged", {"/usr/sbin"}),
                 {"--force", "--key-file=" + d.filePath("munge.key"), "--socket=" + sock,
                  "--pid-file=" + d.filePath("munged.pid"), "--log-file=" + d.filePath("munged.log"),
                  "--seed-file=" + d.filePath("munged.seed")},
                 &out)) {
            m_slurmSkip = QStringLiteral("munged did not start: ") + out.trimmed();
            return;
        }
        m_pidFiles.append(d.filePath("munged.pid"));
        const QString host = QSysInfo::machineHostName().section('.', 0, 0);
        const quint16 ctld = freePort(), slurmd = quint16(ctld + 1);
        m_slurmConf = d.filePath("slurm.conf");
        QFile conf(m_slurmConf);
        conf.open(QIODevice::WriteOnly);
        conf.write(QStringLiteral("ClusterName=rooflab-test\n"
                                  "SlurmctldHost=%1(127.0.0.1)\n"
                                  "SlurmctldPort=%2\nSlurmdPort=%3\n"
                                  "AuthType=auth/munge\nCredType=cred/munge\nAuthInfo=socket=%4\n"
                                  "StateSaveLocation=%5\nSlurmdSpoolDir=%6\n"
                                  "SlurmctldPidFile=%7\nSlurmdPidFile=%8\n"
                                  "SlurmctldLogFile=%9\nSlurmdLogFile=%10\n"
                                  "ProctrackType=proctrack/linuxproc\nTaskPlugin=task/none\n"
                                  "JobAcctGatherType=jobacct_gather/none\nSelectType=select/cons_tres\n"
                                  "ReturnToService=2\nSlurmUser=root\nSlurmdUser=root\nMpiDefault=none\n"
                                  "NodeName=%1 NodeAddr=127.0.0.1 CPUs=1 State=UNKNOWN\n"
                                  "PartitionName=test Nodes=%1 Default=YES State=UP MaxTime=INFINITE\n")
                       .arg(host)
                       .arg(ctld)
                       .arg(slurmd)
                       .arg(sock, d.filePath("state"), d.filePath("spool"), d.filePath("slurmctld.pid"),
                            d.filePath("slurmd.pid"), d.filePath("slurmctld.log"), d.filePath("slurmd.log"))
                       .toUtf8());
        conf.close();
        m_slurmEnv = QProcessEnvironment::systemEnvironment();
        m_slurmEnv.insert("SLURM_CONF", m_slurmConf);
        qputenv("SLURM_CONF", m_slurmConf.toLocal8Bit()); // srun started by the WorkerClient
        for (const char *daemon : {"slurmctld", "slurmd"}) {
            if (!run(QStandardPaths::findExecutable(daemon, {"/usr/sbin"}), {"-f", m_slurmConf}, &out, 20000,
                     m_slurmEnv)) {
                m_slurmSkip = QStringLiteral("%1 did not start: %2").arg(daemon, out.trimmed());
                return;
            }
            m_pidFiles.append(d.filePath(QStringLiteral("%1.pid").arg(daemon)));
        }
        // The node is idle a few seconds later.
        QElapsedTimer t;
        t.start();
        while (t.elapsed() < 30000) {
            run("sinfo", {"-h", "-o", "%t"}, &out, 5000, m_slurmEnv);
            if (out.trimmed() == QLatin1String("idle"))
                return;
            QTest::qWait(300);
        }
        m_slurmSkip = QStringLiteral("the Slurm node did not become idle: ") + out.trimmed();
    }

    void stopSlurm()
    {
        QList<qint64> pids;
        for (const QString &pf : m_pidFiles) {
            QFile f(pf);
            if (!f.open(QIODevice::ReadOnly))
                continue;
            const qint64 pid = f.readAll().trimmed().toLongLong();
            if (pid > 1 && ::kill(pid_t(pid), SIGTERM) == 0)
                pids.append(pid);
        }
        m_pidFiles.clear();
        // Gone before their folder is: they write their state as they stop.
        waitUntil(
            [&] {
                for (qint64 pid : pids)
                    if (QFileInfo::exists(QStringLiteral("/proc/%1").arg(pid)))
                        return false;
                return true;
            },
            10000);
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_tmp.isValid());
        QVERIFY(QFileInfo(cli()).isExecutable());
        // A results file whose measurements arrive about 0.3 s apart when replayed.
        QString error;
        // $ROOFLAB_RESOURCES in a bundle on the GPU machine, else the source tree's.
        const QString resources =
            qEnvironmentVariable("ROOFLAB_RESOURCES", QStringLiteral(ROOFLAB_SOURCE_RESOURCES_DIR));
        auto rs = model::ResultSet::load(resources + QStringLiteral("/samples/h200-suite.json"), &error);
        QVERIFY2(rs, qPrintable(error));
        rs->measurements = rs->measurements.mid(0, 8);
        for (model::Measurement &m : rs->measurements) {
            m.startedAtS = 0;
            m.time.median = m.time.min = m.time.max = 0.03;
            m.time.samples = 10;
        }
        m_replayFile = m_tmp.filePath("replay.json");
        QVERIFY(rs->save(m_replayFile, &error));
        startSshd();
        startSlurm();
    }

    void cleanupTestCase()
    {
        if (m_sshd) {
            for (qint64 c : childrenOf(m_sshd->processId()))
                ::kill(pid_t(c), SIGKILL);
            m_sshd->kill();
            m_sshd->waitForFinished(3000);
        }
        stopSlurm();
    }

    // ---- the command, split as sh splits it

    void splitCommand_data()
    {
        QTest::addColumn<QString>("command");
        QTest::addColumn<QStringList>("words");
        QTest::newRow("ssh") << "ssh -T gpu-lab rooflab-cli worker"
                             << QStringList{"ssh", "-T", "gpu-lab", "rooflab-cli", "worker"};
        QTest::newRow("single quotes")
            << "sh -c 'exec ./x worker'" << QStringList{"sh", "-c", "exec ./x worker"};
        QTest::newRow("double quotes and escapes")
            << QStringLiteral("a \"b \\\"c\\\" d\" e\\ f") << QStringList{"a", "b \"c\" d", "e f"};
        QTest::newRow("empty quotes") << "a '' b" << QStringList{"a", "", "b"};
        QTest::newRow("unterminated") << "sh -c 'oops" << QStringList{};
        QTest::newRow("blank") << "   " << QStringList{};
    }
    void splitCommand()
    {
        QFETCH(QString, command);
        QFETCH(QStringList, words);
        QCOMPARE(Hosts::splitCommand(command), words);
    }

    void hostsInSettings()
    {
        QSettings s(m_tmp.filePath("settings.ini"), QSettings::IniFormat);
        const QList<Host> hosts = {Hosts::local(),
                                   {"gpu-lab", "ssh -T gpu-lab rooflab-cli worker"},
                                   {"cluster", Hosts::slurmExample()}};
        Hosts::save(s, hosts);
        QCOMPARE(Hosts::load(s), hosts); // this computer first, never stored
        QVERIFY(Hosts::problem({"GPU-LAB", "ssh x"}, hosts).contains("already"));
        QVERIFY(!Hosts::problem({"new", "sh -c 'x"}, hosts).isEmpty());
        QVERIFY(Hosts::problem({"new", "ssh new rooflab-cli worker"}, hosts).isEmpty());
        QCOMPARE(Hosts::nameOf("ssh -p 2222 -i key -o BatchMode=yes gpu-lab rooflab-cli worker"),
                 QStringLiteral("gpu-lab"));
    }

    // ---- stand-ins and commands that fail at once

    void refused_data()
    {
        QTest::addColumn<QByteArray>("body");
        QTest::addColumn<QStringList>("expected");
        QTest::newRow("another protocol number")
            << QByteArray("printf '{\"event\":\"hello\",\"protocol\":99,\"version\":\"9.9\",\"host\":\"x\","
                          "\"devices\":0}\\n'; cat >/dev/null\n")
            << QStringList{"stand-in", "protocol 99", "speaks 2"};
        QTest::newRow("protocol 1: no hello")
            << QByteArray(
                   "read line; printf '{\"event\":\"done\",\"ok\":true,\"id\":\"1\"}\\n'; cat >/dev/null\n")
            << QStringList{"stand-in", "no hello", "protocol 1", "speaks 2"};
        QTest::newRow("exits at once") << QByteArray("echo 'stand-in: no such thing here' >&2; exit 3\n")
                                       << QStringList{"stand-in", "exit code 3", "no such thing here"};
    }
    void refused()
    {
        QFETCH(QByteArray, body);
        QFETCH(QStringList, expected);
        WorkerClient w;
        w.setHost(QStringLiteral("stand-in"), QStringLiteral("sh ") + quoted(script("standin.sh", body)));
        Answer a;
        collect(w, a);
        QSignalSpy failed(&w, &WorkerClient::workerFailed);
        QVERIFY(!w.requestDevices().isEmpty());
        QVERIFY(waitUntil([&] { return a.finished; }, 10000));
        QVERIFY(!a.ok);
        for (const QString &e : expected)
            QVERIFY2(a.message.contains(e), qPrintable(a.message));
        QVERIFY2(!a.message.contains('\n'), "one line");
        QCOMPARE(failed.count(), 1);
        QTest::qWait(300);
        QVERIFY2(!w.isRunning(), "a refused or broken host is not dialled again by itself");
    }

    void programMissing()
    {
        WorkerClient w;
        w.setHost(QStringLiteral("nowhere"), QStringLiteral("/nonexistent/ssh gpu rooflab-cli worker"));
        Answer a;
        collect(w, a);
        w.requestDevices();
        QVERIFY(waitUntil([&] { return a.finished; }, 10000));
        QVERIFY2(a.message.contains("nowhere") && a.message.contains("could not be run"),
                 qPrintable(a.message));
    }

    // A connection that goes quiet (packets dropped, no FIN) is noticed by the heartbeat.
    void quietConnectionIsLost()
    {
        WorkerClient w;
        w.setHost(QStringLiteral("quiet"),
                  QStringLiteral("sh ") +
                      quoted(script("quiet.sh", "printf '{\"event\":\"hello\",\"protocol\":2,"
                                                "\"version\":\"0\",\"host\":\"q\",\"devices\":0}\\n'"
                                                "; exec cat >/dev/null\n")));
        w.setHeartbeat(200, 1500);
        Answer a;
        collect(w, a);
        QElapsedTimer t;
        t.start();
        w.send(QStringLiteral("sleep"), {{"ms", 60000}});
        QVERIFY(waitUntil([&] { return a.finished; }, 10000));
        QVERIFY2(a.message.contains("Lost the connection to host \"quiet\""), qPrintable(a.message));
        QVERIFY(t.elapsed() < 10000);
    }

    void viaShell()
    {
        WorkerClient w;
        w.setHost(QStringLiteral("shell"), QStringLiteral("sh -c ") + quoted("exec " + workerCommand()));
        QSignalSpy connected(&w, &WorkerClient::connected);
        Answer a;
        collect(w, a);
        w.requestDevices();
        QVERIFY(waitUntil([&] { return a.finished; }, 60000));
        QVERIFY2(a.ok, qPrintable(a.message));
        QCOMPARE(connected.count(), 1);
        QCOMPARE(w.helloEvent().value("protocol").toInt(), model::events::kProtocol);
        QCOMPARE(a.devices.size(), w.helloEvent().value("devices").toInt());

        // Idle, it is let go (a Slurm job would hold its GPU); the next request dials again.
        w.setIdleTimeout(300);
        a = {};
        w.requestDevices();
        QVERIFY(waitUntil([&] { return a.finished; }, 60000));
        QVERIFY(waitUntil([&] { return !w.isRunning(); }, 5000));
        a = {};
        w.requestDevices();
        QVERIFY(waitUntil([&] { return a.finished; }, 60000));
        QVERIFY2(a.ok, qPrintable(a.message));
    }

    // ---- OpenSSH

    void sshHelloAndDevices()
    {
        if (!m_sshSkip.isEmpty())
            QSKIP(qPrintable(m_sshSkip));
        WorkerClient w;
        w.setHost(QStringLiteral("ssh-test"), sshCommand(m_tmp.filePath("userkey"), workerCommand()));
        Answer a;
        collect(w, a);
        w.requestDevices();
        QVERIFY(waitUntil([&] { return a.finished; }, 60000));
        QVERIFY2(a.ok, qPrintable(a.message));
        QCOMPARE(w.helloEvent().value("protocol").toInt(), 2);
        QCOMPARE(w.helloEvent().value("host").toString(), QSysInfo::machineHostName());
        QCOMPARE(a.devices.size(), w.helloEvent().value("devices").toInt());
    }

    void sshCompile()
    {
        if (!m_sshSkip.isEmpty())
            QSKIP(qPrintable(m_sshSkip));
        WorkerClient w;
        w.setHost(QStringLiteral("ssh-test"), sshCommand(m_tmp.filePath("userkey"), workerCommand()));
        Answer a;
        collect(w, a);
        w.compile(QStringLiteral("memory.copy"), {}, QStringLiteral("fp32"), QStringLiteral("sm_90"));
        QVERIFY(waitUntil([&] { return a.finished; }, 120000));
        QVERIFY2(a.ok, qPrintable(a.message));
        QCOMPARE(a.other.size(), 1);
        QCOMPARE(a.other.first().value("arch").toString(), QStringLiteral("sm_90"));
        QVERIFY(a.other.first().value("resources").toObject().value("regs").toInt() > 0);
    }

    void sshReplay()
    {
        if (!m_sshSkip.isEmpty())
            QSKIP(qPrintable(m_sshSkip));
        WorkerClient w;
        w.setHost(QStringLiteral("ssh-test"), sshCommand(m_tmp.filePath("userkey"), workerCommand()));
        Answer a;
        collect(w, a);
        w.send(QStringLiteral("replay"), {{"file", m_replayFile}, {"speed", 2}});
        QVERIFY(waitUntil([&] { return a.finished; }, 30000));
        QVERIFY2(a.ok, qPrintable(a.message));
        QCOMPARE(a.measurements.size(), 8);
        QCOMPARE(a.devices.size(), 1); // the file's device comes first
    }

    // The connection ends (sshd's session process killed) or freezes (stopped) mid-run: one
    // line naming the host, and every measurement that came before is still there.
    void sshLostMidRun_data()
    {
        QTest::addColumn<int>("signal");
        QTest::newRow("sshd killed") << int(SIGKILL);
        QTest::newRow("sshd frozen") << int(SIGSTOP);
    }
    void sshLostMidRun()
    {
        if (!m_sshSkip.isEmpty())
            QSKIP(qPrintable(m_sshSkip));
        QFETCH(int, signal);
        WorkerClient w;
        w.setHost(QStringLiteral("ssh-test"), sshCommand(m_tmp.filePath("userkey"), workerCommand()));
        w.setHeartbeat(500, 3000);
        Answer a;
        collect(w, a);
        w.send(QStringLiteral("replay"), {{"file", m_replayFile}, {"speed", 0.25}});
        QVERIFY(waitUntil([&] { return a.measurements.size() >= 2 || a.finished; }, 30000));
        QVERIFY2(!a.finished, qPrintable(a.message));
        const qsizetype before = a.measurements.size();
        const QList<qint64> sessions = childrenOf(m_sshd->processId());
        QVERIFY(!sessions.isEmpty());
        QElapsedTimer t;
        t.start();
        for (qint64 pid : sessions)
            ::kill(pid_t(pid), signal);
        QVERIFY(waitUntil([&] { return a.finished; }, 15000));
        QVERIFY2(t.elapsed() < 10000, "a lost connection is noticed within 10 s");
        for (qint64 pid : sessions) // a frozen one is ended now
            ::kill(pid_t(pid), SIGKILL);
        QVERIFY(!a.ok);
        QVERIFY2(a.message.contains("Lost the connection to host \"ssh-test\""), qPrintable(a.message));
        QVERIFY2(a.message.contains("kept"), qPrintable(a.message));
        QVERIFY(a.measurements.size() >= before); // nothing taken back
        QVERIFY(!w.isRunning());
    }

    void sshRefusedKey()
    {
        if (!m_sshSkip.isEmpty())
            QSKIP(qPrintable(m_sshSkip));
        WorkerClient w;
        w.setHost(QStringLiteral("ssh-test"), sshCommand(m_tmp.filePath("otherkey"), workerCommand()));
        Answer a;
        collect(w, a);
        w.requestDevices();
        QVERIFY(waitUntil([&] { return a.finished; }, 30000));
        QVERIFY(!a.ok);
        QVERIFY2(a.message.contains("host \"ssh-test\"") && a.message.contains("exit code 255") &&
                     a.message.contains("Permission denied"),
                 qPrintable(a.message));
    }

    void cliViaSsh()
    {
        if (!m_sshSkip.isEmpty())
            QSKIP(qPrintable(m_sshSkip));
        QString out;
        QProcess p;
        p.start(cli(),
                {"devices", "--json", "--via", sshCommand(m_tmp.filePath("userkey"), workerCommand())});
        QVERIFY(p.waitForFinished(60000));
        QCOMPARE(p.exitCode(), 0);
        const QJsonObject o = QJsonDocument::fromJson(p.readAllStandardOutput()).object();
        QCOMPARE(o.value("hello").toObject().value("protocol").toInt(), 2);
        QCOMPARE(o.value("host").toString(), QStringLiteral("127.0.0.1"));
    }

    // rooflab-cli --host NAME takes the host from the settings (by name only), --via a command.
    void cliHosts_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QString>("says"); // on stdout or stderr
        const QString via = QStringLiteral("sh -c ") + quoted("exec " + workerCommand());
        QTest::newRow("host from the settings")
            << QStringList{"devices", "--host", "shell"} << 0 << "shell: " + QSysInfo::machineHostName();
        QTest::newRow("host by another case")
            << QStringList{"devices", "--host", "SHELL"} << 0 << "protocol 2";
        QTest::newRow("unknown host") << QStringList{"devices", "--host", "nope"} << 2 << "no host \"nope\"";
        QTest::newRow("host and via")
            << QStringList{"devices", "--host", "shell", "--via", via} << 2 << "cannot be used together";
        QTest::newRow("via with a bad quote") << QStringList{"devices", "--via", "sh -c 'x"} << 2 << "quote";
        QTest::newRow("via a command that fails")
            << QStringList{"run", "memory.copy", "--via", "sh -c 'exit 255'"} << 1 << "exit code 255";
        QTest::newRow("compile through via")
            << QStringList{"compile", "memory.copy", "--arch", "sm_90", "--via", via} << 0 << "registers";
        QTest::newRow("bad input is checked here first")
            << QStringList{"run", "memory.nope", "--via", via} << 2 << "unknown kernel";
    }
    void cliHosts()
    {
        QFETCH(QStringList, args);
        QFETCH(int, exitCode);
        QFETCH(QString, says);
        const QString config = m_tmp.filePath("config");
        {
            QSettings s(config + "/RoofLab/rooflab.conf", QSettings::IniFormat);
            Hosts::save(
                s, {Hosts::local(), {"shell", QStringLiteral("sh -c ") + quoted("exec " + workerCommand())}});
        }
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert("XDG_CONFIG_HOME", config);
        p.setProcessEnvironment(env);
        p.start(cli(), args);
        QVERIFY(p.waitForFinished(120000));
        const QString out = QString::fromUtf8(p.readAllStandardOutput() + p.readAllStandardError());
        QVERIFY2(out.contains(says), qPrintable(out));
        QCOMPARE(p.exitCode(), exitCode);
    }

    // --device all without a GPU: exit 3, as a run on one device.
    void cliDeviceAllWithoutGpu_data()
    {
        QTest::addColumn<QString>("command");
        for (const char *c : {"run", "ceilings", "suite", "ladder"})
            QTest::newRow(c) << QString::fromLatin1(c);
    }
    void cliDeviceAllWithoutGpu()
    {
        QFETCH(QString, command);
        QProcess devices;
        devices.start(cli(), {"devices", "--json"});
        QVERIFY(devices.waitForFinished(60000));
        if (!QJsonDocument::fromJson(devices.readAllStandardOutput())
                 .object()
                 .value("devices")
                 .toArray()
                 .isEmpty())
            QSKIP("a CUDA device is here (lab/h200-hosts-check.sh runs --device all on it)");
        QStringList args{command};
        if (command == QLatin1String("run"))
            args << "memory.copy";
        QProcess p;
        p.start(cli(), args + QStringList{"--device", "all", "--parallel"});
        QVERIFY(p.waitForFinished(60000));
        QCOMPARE(p.exitCode(), 3);
        QVERIFY(p.readAllStandardError().contains("no CUDA device"));
    }

    // ---- Slurm

    void slurmHelloAndDevices()
    {
        if (!m_slurmSkip.isEmpty())
            QSKIP(qPrintable(m_slurmSkip));
        WorkerClient w;
        w.setHost(QStringLiteral("slurm-test"),
                  QStringLiteral("srun -n1 --time=00:05:00 ") + workerCommand());
        Answer a;
        collect(w, a);
        w.requestDevices();
        QVERIFY(waitUntil([&] { return a.finished; }, 60000));
        QVERIFY2(a.ok, qPrintable(a.message));
        QCOMPARE(w.helloEvent().value("protocol").toInt(), 2);
        QCOMPARE(a.devices.size(), w.helloEvent().value("devices").toInt());
        // The client closes the worker's stdin as it goes: srun ends and frees the node.
    }

    void slurmQueuedCancelled()
    {
        if (!m_slurmSkip.isEmpty())
            QSKIP(qPrintable(m_slurmSkip));
        QString out;
        QVERIFY(waitUntil(
            [&] {
                run("sinfo", {"-h", "-o", "%t"}, &out, 5000, m_slurmEnv);
                return out.trimmed() == QLatin1String("idle");
            },
            20000));
        // Fill the node's one CPU, so the next job waits in the queue.
        QProcess blocker;
        blocker.setProcessEnvironment(m_slurmEnv);
        blocker.start("srun", {"-n1", "--time=00:02:00", "sleep", "60"});
        QVERIFY(blocker.waitForStarted(5000));
        QVERIFY(waitUntil(
            [&] {
                run("squeue", {"-h", "-t", "R", "-o", "%i"}, &out, 5000, m_slurmEnv);
                return !out.trimmed().isEmpty();
            },
            20000));
        WorkerClient w;
        w.setHost(QStringLiteral("slurm-test"),
                  QStringLiteral("srun -n1 --time=00:05:00 ") + workerCommand());
        Answer a;
        collect(w, a);
        const QString id = w.requestDevices();
        QVERIFY(waitUntil([&] { return w.isWaiting() || a.finished; }, 20000));
        QVERIFY2(w.isWaiting(), qPrintable(a.message));
        QVERIFY(a.waiting.first().contains("queued and waiting for resources"));
        w.cancel(id);
        QVERIFY(waitUntil([&] { return a.finished; }, 5000));
        QVERIFY2(a.message.contains("cancelled while waiting in the queue of host \"slurm-test\""),
                 qPrintable(a.message));
        // The waiting job is gone from the queue (srun gave it up on SIGTERM).
        QVERIFY(waitUntil(
            [&] {
                run("squeue", {"-h", "-t", "PD", "-o", "%i"}, &out, 5000, m_slurmEnv);
                return out.trimmed().isEmpty();
            },
            15000));
        blocker.terminate();
        blocker.waitForFinished(10000);
    }
};

QTEST_GUILESS_MAIN(TestHosts)
#include "tst_hosts.moc"
