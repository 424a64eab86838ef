// rooflab-cli worker (app/PROTOCOL.md) over QProcess, as the GUI drives it: requests in, JSON-line
// events out, ids echoed, bad input answered without the worker dying, cancel read while a
// request runs, no device -> error code 3, stdin closed -> exit. Runs without a GPU; the rows
// that need one skip (and are run on the GPU machine).
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTest>

#include <functional>

namespace {

// rooflab-cli beside this test (a bundle on the GPU machine), else the build tree's.
QString cli()
{
    const QString beside = QCoreApplication::applicationDirPath() + QStringLiteral("/rooflab-cli");
    return QFileInfo(beside).isExecutable() ? beside : QStringLiteral(ROOFLAB_CLI);
}

// One worker process and every event it has sent.
class Worker
{
public:
    explicit Worker(const QProcessEnvironment &env = QProcessEnvironment::systemEnvironment())
    {
        m_p.setProcessEnvironment(env);
        m_p.start(cli(), {QStringLiteral("worker")});
    }
    ~Worker()
    {
        if (m_p.state() != QProcess::NotRunning) {
            m_p.kill();
            m_p.waitForFinished(5000);
        }
    }

    bool started() { return m_p.waitForStarted(10000); }
    void send(const QJsonObject &request) { sendRaw(QJsonDocument(request).toJson(QJsonDocument::Compact)); }
    void sendRaw(const QByteArray &line) { m_p.write(line + '\n'); }
    void closeInput() { m_p.closeWriteChannel(); }

    // Reads events until `done` holds or the time is up.
    bool waitFor(const std::function<bool()> &done, int ms = 30000)
    {
        QElapsedTimer t;
        t.start();
        while (!done()) {
            if (t.elapsed() > ms || m_p.state() == QProcess::NotRunning) {
                read();
                return done();
            }
            m_p.waitForReadyRead(100);
            read();
        }
        return true;
    }
    // Every event for one request id, once its done has come.
    QList<QJsonObject> answer(const QString &id, int ms = 30000)
    {
        waitFor([&] { return hasDone(id); }, ms);
        return eventsFor(id);
    }
    // The hello (no id) belongs to no request.
    QList<QJsonObject> eventsFor(const QString &id) const
    {
        QList<QJsonObject> out;
        for (const QJsonObject &e : m_events)
            if (e.value("id").toString() == id && e.value("event") != QLatin1String("hello"))
                out.append(e);
        return out;
    }
    bool hasDone(const QString &id) const
    {
        for (const QJsonObject &e : m_events)
            if (e.value("id").toString() == id && e.value("event") == QLatin1String("done"))
                return true;
        return false;
    }
    const QList<QJsonObject> &events() const { return m_events; }
    QProcess &process() { return m_p; }
    QByteArray notJson() const { return m_notJson; }

private:
    void read()
    {
        m_buffer += m_p.readAllStandardOutput();
        qsizetype nl;
        while ((nl = m_buffer.indexOf('\n')) >= 0) {
            const QByteArray line = m_buffer.left(nl);
            m_buffer.remove(0, nl + 1);
            const QJsonDocument d = QJsonDocument::fromJson(line);
            if (d.isObject())
                m_events.append(d.object());
            else
                m_notJson += line + '\n';
        }
    }

    QProcess m_p;
    QByteArray m_buffer;
    QByteArray m_notJson;
    QList<QJsonObject> m_events;
};

QStringList names(const QList<QJsonObject> &events)
{
    QStringList n;
    for (const QJsonObject &e : events)
        n.append(e.value("event").toString());
    return n;
}

QJsonObject first(const QList<QJsonObject> &events, const QString &name)
{
    for (const QJsonObject &e : events)
        if (e.value("event").toString() == name)
            return e;
    return {};
}

// The CUDA devices `rooflab-cli devices --json` sees: what the worker must report too.
int deviceCount()
{
    QProcess p;
    p.start(cli(), {QStringLiteral("devices"), QStringLiteral("--json")});
    if (!p.waitForFinished(60000))
        return -1;
    return int(QJsonDocument::fromJson(p.readAllStandardOutput()).object().value("devices").toArray().size());
}

} // namespace

class TestWorker : public QObject
{
    Q_OBJECT
    int m_devices = 0;

private slots:
    void initTestCase()
    {
        m_devices = deviceCount();
        QVERIFY2(m_devices >= 0, "rooflab-cli devices did not answer");
    }

    // Protocol 2: the first line is the hello, before any request is read.
    void hello()
    {
        Worker w;
        QVERIFY(w.started());
        QVERIFY(w.waitFor([&] { return !w.events().isEmpty(); }, 60000));
        const QJsonObject h = w.events().first();
        QCOMPARE(h.value("event").toString(), QStringLiteral("hello"));
        QCOMPARE(h.value("protocol").toInt(), 2);
        QVERIFY(!h.value("version").toString().isEmpty());
        QVERIFY(!h.value("host").toString().isEmpty());
        QCOMPARE(h.value("devices").toInt(-1), m_devices);
        QCOMPARE(h.value("gpus").toArray().size(), m_devices);
        QVERIFY(!h.contains("id"));
    }

    // ping is answered at once, while another request runs.
    void pingWhileBusy()
    {
        Worker w;
        w.send({{"request", "sleep"}, {"id", "s"}, {"ms", 20000}});
        QVERIFY(w.waitFor([&] { return names(w.eventsFor("s")).contains("progress"); }));
        QElapsedTimer t;
        t.start();
        w.send({{"request", "ping"}, {"id", "p"}});
        const QList<QJsonObject> a = w.answer("p", 5000);
        QVERIFY(t.elapsed() < 3000);
        QCOMPARE(names(a), QStringList{"done"});
        QVERIFY(a.first().value("pong").toBool());
        QVERIFY(!w.hasDone("s"));
    }

    void devices()
    {
        Worker w;
        QVERIFY(w.started());
        w.send({{"request", "devices"}, {"id", "d1"}});
        const QList<QJsonObject> a = w.answer("d1");
        QCOMPARE(names(a).count("device"), m_devices);
        QCOMPARE(names(a).last(), QStringLiteral("done"));
        QVERIFY(a.last().value("ok").toBool());
        if (m_devices == 0) {
            QVERIFY2(a.last().value("message").toString().contains("no CUDA device"),
                     qPrintable(a.last().value("message").toString()));
        } else {
            const QJsonObject d = first(a, "device").value("device").toObject();
            QVERIFY(!d.value("name").toString().isEmpty());
            QVERIFY(d.value("sms").toInt() > 0);
            QVERIFY(d.contains("mem_clock_mhz")); // for a spec entry built from the device
            QVERIFY(d.value("uuid").toString().startsWith("GPU-"));
            QVERIFY(!d.value("host").toString().isEmpty());
        }
    }

    void noDevice_data()
    {
        QTest::addColumn<QJsonObject>("request");
        QTest::newRow("run memory.copy") << QJsonObject{{"request", "run"}, {"kernel", "memory.copy"}};
        QTest::newRow("run with params") << QJsonObject{{"request", "run"},
                                                        {"kernel", "memory.vector_add"},
                                                        {"params", QJsonObject{{"n", 1000}}},
                                                        {"dtype", "bf16"}};
        QTest::newRow("ceilings") << QJsonObject{{"request", "ceilings"}};
        QTest::newRow("suite standard") << QJsonObject{{"request", "suite"}};
        QTest::newRow("suite of kernels") << QJsonObject{
            {"request", "suite"}, {"kernels", QJsonArray{QJsonObject{{"kernel", "memory.copy"}}}}};
    }
    void noDevice()
    {
        if (m_devices > 0)
            QSKIP("a CUDA device is present: the no-device answer cannot be seen here");
        QFETCH(QJsonObject, request);
        Worker w;
        request["id"] = "r";
        w.send(request);
        const QList<QJsonObject> a = w.answer("r");
        QCOMPARE(names(a), (QStringList{"error", "done"}));
        QCOMPARE(a.first().value("code").toInt(), 3);
        QVERIFY(a.first().value("message").toString().contains("no CUDA device"));
        QCOMPARE(a.last().value("ok").toBool(true), false);
    }

    void badRequest_data()
    {
        QTest::addColumn<QByteArray>("line");
        QTest::addColumn<QString>("id"); // expected on the answer; empty: none could be read
        QTest::addColumn<QString>("message");
        QTest::newRow("not JSON") << QByteArray("garbage{") << ""
                                  << "not JSON";
        QTest::newRow("a JSON array") << QByteArray("[1,2]") << ""
                                      << "JSON object";
        QTest::newRow("no request field") << QByteArray(R"({"id":"a"})") << "a"
                                          << "\"request\"";
        QTest::newRow("unknown request") << QByteArray(R"({"request":"launch","id":"b"})") << "b"
                                         << "unknown request \"launch\"";
        QTest::newRow("numeric id echoed as text") << QByteArray(R"({"request":"fly","id":42})") << "42"
                                                   << "unknown request";
        QTest::newRow("run without kernel") << QByteArray(R"({"request":"run","id":"c"})") << "c"
                                            << "name a kernel";
        QTest::newRow("unknown kernel")
            << QByteArray(R"({"request":"run","id":"d","kernel":"memory.nope"})") << "d"
            << "unknown kernel \"memory.nope\"";
        QTest::newRow("parameter out of range")
            << QByteArray(R"({"request":"run","id":"e","kernel":"memory.copy","params":{"n":-5}})") << "e"
            << "\"n\"";
        QTest::newRow("unknown data type")
            << QByteArray(R"({"request":"run","id":"f","kernel":"memory.copy","dtype":"fp7"})") << "f"
            << "fp7";
        QTest::newRow("samples out of range")
            << QByteArray(R"({"request":"run","id":"g","kernel":"memory.copy","samples":-3})") << "g"
            << "samples";
        QTest::newRow("unknown suite")
            << QByteArray(R"({"request":"suite","id":"h","name":"everything"})") << "h"
            << "unknown name \"everything\"";
        QTest::newRow("suite with a bad kernel")
            << QByteArray(
                   R"({"request":"suite","id":"i","kernels":[{"kernel":"memory.copy"},{"kernel":"x.y"}]})")
            << "i"
            << "unknown kernel \"x.y\"";
        QTest::newRow("unknown probe")
            << QByteArray(R"({"request":"ceilings","id":"j","probes":["warp_drive"]})") << "j"
            << "none of the probes";
        QTest::newRow("cancel without target") << QByteArray(R"({"request":"cancel","id":"k"})") << "k"
                                               << "target";
        QTest::newRow("compile a probe-less id")
            << QByteArray(R"({"request":"compile","id":"l","kernel":"nope"})") << "l"
            << "unknown kernel";
        QTest::newRow("compile for a bad arch")
            << QByteArray(R"({"request":"compile","id":"m","kernel":"memory.copy","arch":"sm_x"})") << "m"
            << "sm_x";
    }
    void badRequest()
    {
        QFETCH(QByteArray, line);
        QFETCH(QString, id);
        QFETCH(QString, message);
        Worker w;
        w.sendRaw(line);
        // The worker answers and keeps running: a devices request after it is answered too.
        w.send({{"request", "devices"}, {"id", "after"}});
        QVERIFY(w.waitFor([&] { return w.hasDone("after"); }));
        const QList<QJsonObject> a = w.eventsFor(id);
        QCOMPARE(names(a), (QStringList{"error", "done"}));
        QCOMPARE(a.first().value("code").toInt(), 2);
        QVERIFY2(a.first().value("message").toString().contains(message),
                 qPrintable(a.first().value("message").toString()));
        QCOMPARE(a.last().value("ok").toBool(true), false);
        QVERIFY(w.notJson().isEmpty());
    }

    void compileWithoutDevice()
    {
        Worker w;
        w.send({{"request", "compile"}, {"id", "c"}, {"kernel", "memory.copy"}, {"arch", "sm_90"}});
        const QList<QJsonObject> a = w.answer("c", 120000);
        QCOMPARE(names(a).last(), QStringLiteral("done"));
        QVERIFY(a.last().value("ok").toBool());
        const QJsonObject c = first(a, "compiled");
        QCOMPARE(c.value("arch").toString(), QStringLiteral("sm_90"));
        QVERIFY(c.value("resources").toObject().value("regs").toInt() > 0);
        // The main kernel's instruction mix, as a results file records it.
        const QJsonObject mix = c.value("instr_mix").toObject();
        QVERIFY2(mix.value("counts").toObject().value("stg").toDouble() > 0,
                 qPrintable(c.value("instr_mix_error").toString()));
        QVERIFY(QStringList({"sass", "ptx"}).contains(mix.value("source").toString()));
    }

    void cancelRunning()
    {
        Worker w;
        w.send({{"request", "sleep"}, {"id", "s"}, {"ms", 20000}});
        QVERIFY(w.waitFor([&] { return names(w.eventsFor("s")).contains("progress"); }));
        QElapsedTimer t;
        t.start();
        w.send({{"request", "cancel"}, {"id", "c"}, {"target", "s"}});
        const QList<QJsonObject> a = w.answer("s", 5000);
        QVERIFY2(t.elapsed() < 3000, "cancel is read while a request runs");
        QCOMPARE(names(a).mid(names(a).size() - 2), (QStringList{"error", "done"}));
        QVERIFY(a.at(a.size() - 2).value("cancelled").toBool());
        QCOMPARE(a.last().value("ok").toBool(true), false);
        QCOMPARE(names(w.answer("c")), QStringList{"done"});
    }

    void cancelQueued()
    {
        Worker w;
        w.send({{"request", "sleep"}, {"id", "a"}, {"ms", 1500}});
        w.send({{"request", "sleep"}, {"id", "b"}, {"ms", 1500}});
        w.send({{"request", "cancel"}, {"id", "c"}, {"target", "b"}});
        const QList<QJsonObject> b = w.answer("b");
        QCOMPARE(names(b), (QStringList{"error", "done"})); // never started: no progress
        QVERIFY(b.first().value("message").toString().contains("before it started"));
        QVERIFY(!w.hasDone("a")); // a goes on
        const QList<QJsonObject> a = w.answer("a");
        QVERIFY(a.last().value("ok").toBool());
    }

    void cancelUnknown()
    {
        Worker w;
        w.send({{"request", "cancel"}, {"id", "c"}, {"target", "never-sent"}});
        const QList<QJsonObject> a = w.answer("c");
        QCOMPARE(names(a), QStringList{"done"});
        QVERIFY(a.first().value("message").toString().contains("never-sent"));
    }

    void inOrder()
    {
        Worker w;
        for (int i = 0; i < 5; ++i)
            w.send({{"request", "sleep"}, {"id", QString::number(i)}, {"ms", 50}, {"quiet", true}});
        QVERIFY(w.waitFor([&] { return w.hasDone("4"); }));
        QStringList order;
        for (const QJsonObject &e : w.events())
            if (e.value("event") == QLatin1String("done"))
                order << e.value("id").toString();
        QCOMPARE(order, (QStringList{"0", "1", "2", "3", "4"}));
    }

    void eofExits_data()
    {
        QTest::addColumn<bool>("busy");
        QTest::newRow("idle") << false;
        QTest::newRow("while a request runs and one waits") << true;
    }
    void eofExits()
    {
        QFETCH(bool, busy);
        Worker w;
        QVERIFY(w.started());
        if (busy) {
            w.send({{"request", "sleep"}, {"id", "a"}, {"ms", 20000}});
            w.send({{"request", "sleep"}, {"id", "b"}, {"ms", 20000}});
            QVERIFY(w.waitFor([&] { return !w.eventsFor("a").isEmpty(); }));
        }
        QElapsedTimer t;
        t.start();
        w.closeInput();
        QVERIFY(w.process().waitForFinished(5000));
        QVERIFY(t.elapsed() < 5000);
        QCOMPARE(w.process().exitStatus(), QProcess::NormalExit);
        QCOMPARE(w.process().exitCode(), 0);
        if (busy) {
            w.waitFor([] { return false; }, 0); // what was left in the pipe
            QVERIFY(w.hasDone("a"));
            QVERIFY(w.hasDone("b"));
            QVERIFY(first(w.eventsFor("b"), "error").value("cancelled").toBool());
        }
    }

    // ---- on a GPU machine

    void runOnDevice()
    {
        if (m_devices == 0)
            QSKIP("no CUDA device (this row runs on the GPU machine)");
        Worker w;
        w.send({{"request", "run"},
                {"id", "r"},
                {"kernel", "memory.vector_add"},
                {"params", QJsonObject{{"n", 1 << 24}}}});
        const QList<QJsonObject> a = w.answer("r", 180000);
        QVERIFY2(a.last().value("ok").toBool(), qPrintable(QJsonDocument(a.last()).toJson()));
        QCOMPARE(names(a).first(), QStringLiteral("device"));
        QVERIFY(names(a).contains("progress"));
        const QJsonObject m = first(a, "measurement").value("measurement").toObject();
        QCOMPARE(m.value("kernel").toString(), QStringLiteral("memory.vector_add"));
        QVERIFY(m.value("check").toObject().value("ok").toBool());
        QVERIFY(m.value("time_s").toObject().value("median").toDouble() > 0);
    }

    void faultLosesContext()
    {
        if (m_devices == 0)
            QSKIP("no CUDA device (this row runs on the GPU machine)");
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert("ROOFLAB_ENABLE_TEST_KERNELS", "1");
        Worker w(env);
        w.send({{"request", "run"}, {"id", "f"}, {"kernel", "test.fault"}});
        const QList<QJsonObject> a = w.answer("f", 180000);
        if (!a.isEmpty() && first(a, "error").value("message").toString().contains("unknown kernel"))
            QSKIP("built without ROOFLAB_TEST_KERNELS");
        const QJsonObject e = first(a, "error");
        QVERIFY2(e.value("context_lost").toBool(), qPrintable(QJsonDocument(e).toJson()));
        QVERIFY(e.value("what").toString().startsWith("test.fault"));
        QCOMPARE(a.last().value("ok").toBool(true), false);
    }
};

QTEST_GUILESS_MAIN(TestWorker)
#include "tst_worker.moc"
