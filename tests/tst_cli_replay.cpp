// rooflab-cli replay: the worker's events (app/PROTOCOL.md) for a saved file, in order and
// in shape; pacing from started_at_s / time × samples, --speed; bad files exit 2 with an
// error event.
#include "events.h"
#include "resultset.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

namespace {

struct Run
{
    int code = -1;
    QList<QJsonObject> events;
    QByteArray out;
    QByteArray err;
    qint64 ms = 0;
    QStringList names() const
    {
        QStringList n;
        for (const QJsonObject &e : events)
            n.append(e["event"].toString());
        return n;
    }
};

Run replay(const QStringList &args, int timeoutMs = 60000)
{
    QProcess p;
    QElapsedTimer t;
    t.start();
    p.start(QStringLiteral(ROOFLAB_CLI), QStringList{"replay"} + args);
    const bool finished = p.waitForFinished(timeoutMs);
    Run r;
    r.ms = t.elapsed();
    if (!finished) {
        p.kill();
        p.waitForFinished();
        return r;
    }
    r.code = p.exitCode();
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    for (const QByteArray &line : r.out.split('\n')) {
        if (line.isEmpty())
            continue;
        QJsonParseError e;
        const QJsonDocument d = QJsonDocument::fromJson(line, &e);
        r.events.append(d.isObject() ? d.object() : QJsonObject{{"event", "NOT JSON: " + QString(line)}});
    }
    return r;
}

QString data(const char *name)
{
    return QStringLiteral(ROOFLAB_TEST_DATA "/results/") + QLatin1String(name);
}

} // namespace

class TestCliReplay : public QObject
{
    Q_OBJECT

private slots:
    void eventsInOrder()
    {
        const Run r = replay({"--speed", "0", data("small.json")});
        QCOMPARE(r.code, 0);
        QCOMPARE(r.names(), (QStringList{"device", "ceiling", "ceiling", "progress", "measurement",
                                         "progress", "measurement", "progress", "measurement", "progress",
                                         "measurement", "progress", "done"}));
        // progress counts up to total
        QList<int> done;
        for (const QJsonObject &e : r.events)
            if (e["event"] == "progress") {
                QCOMPARE(e["total"].toInt(), 4);
                QVERIFY(e.contains("what"));
                done.append(e["done"].toInt());
            }
        QCOMPARE(done, (QList<int>{0, 1, 2, 3, 4}));
        QCOMPARE(r.events[3]["what"].toString(), QString("memory.copy fp32 n=16777216"));
        QCOMPARE(r.events.last(), (QJsonObject{{"event", "done"}, {"ok", true}}));
        QVERIFY(r.err.isEmpty());
    }

    // The payloads are the results file's own objects: what the GUI receives it can save.
    void payloadsAreResultsFileObjects()
    {
        const Run r = replay({"--speed", "0", data("small.json")});
        const auto rs = model::ResultSet::load(data("small.json"), nullptr);
        QVERIFY(rs);
        QList<QJsonObject> measurements, ceilings;
        for (const QJsonObject &e : r.events) {
            if (e["event"] == "measurement")
                measurements.append(e["measurement"].toObject());
            if (e["event"] == "ceiling")
                ceilings.append(e["ceiling"].toObject());
            if (e["event"] == "device")
                QCOMPARE(e["device"].toObject(), model::ResultSet::toJson(rs->device));
        }
        QCOMPARE(measurements.size(), 4);
        for (int i = 0; i < 4; ++i)
            QCOMPARE(measurements[i], model::ResultSet::toJson(rs->measurements[i]));
        QCOMPARE(ceilings[0], model::ResultSet::toJson(rs->ceilings[0]));
        QCOMPARE(measurements[0]["power_w"].toInt(), 410); // unknown fields travel too
        // and the shared parser reads every line back
        for (const QByteArray &line : r.out.split('\n')) {
            if (line.isEmpty())
                continue;
            QString why;
            const auto e = model::events::parse(line, &why);
            QVERIFY2(e, qPrintable(why));
            QVERIFY(e->kind != model::events::Kind::Other);
        }
    }

    void warningsForSkippedEntries()
    {
        const Run r = replay({"--speed", "0", data("bad-entries.json")});
        QCOMPARE(r.code, 0);
        QCOMPARE(r.names().count("warning"), 8);
        QCOMPARE(r.names().count("measurement"), 1);
        QCOMPARE(r.names().last(), QString("done"));
    }

    void badFile_data()
    {
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("message");
        QTest::newRow("not JSON") << data("truncated.json") << "line 5";
        QTest::newRow("newer schema") << data("newer-schema.json") << "newer RoofLab";
        QTest::newRow("missing") << QString("/nonexistent/results.json") << "cannot be opened";
    }
    void badFile()
    {
        QFETCH(QString, path);
        QFETCH(QString, message);
        const Run r = replay({"--speed", "0", path});
        QCOMPARE(r.code, 2);
        QCOMPARE(r.names(), (QStringList{"error", "done"}));
        QVERIFY2(r.events[0]["message"].toString().contains(message),
                 qPrintable(r.events[0]["message"].toString()));
        QCOMPARE(r.events[0]["fatal"].toBool(), true);
        QCOMPARE(r.events[1]["ok"].toBool(), false);
        QVERIFY(r.err.contains(message.toUtf8()));
    }

    void badUsage_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::newRow("no file") << QStringList{};
        QTest::newRow("two files") << QStringList{data("small.json"), data("small.json")};
        QTest::newRow("negative speed") << QStringList{"--speed", "-1", data("small.json")};
        QTest::newRow("speed not a number") << QStringList{"--speed", "fast", data("small.json")};
        QTest::newRow("unknown option") << QStringList{"--sped", "2", data("small.json")};
    }
    void badUsage()
    {
        QFETCH(QStringList, args);
        const Run r = replay(args);
        QCOMPARE(r.code, 2);
        QVERIFY(r.events.isEmpty());
        QVERIFY(!r.err.isEmpty());
    }

    // small.json's last measurement starts at 0.2 s and runs 10 × 4.1 ms: a paced replay takes
    // at least 0.241 s, at --speed 2 at least half that.
    void pacing_data()
    {
        QTest::addColumn<QString>("speed");
        QTest::addColumn<int>("minMs");
        QTest::newRow("as measured") << "1" << 241;
        QTest::newRow("twice as fast") << "2" << 120;
    }
    void pacing()
    {
        QFETCH(QString, speed);
        QFETCH(int, minMs);
        const Run r = replay({"--speed", speed, data("small.json")});
        QCOMPARE(r.code, 0);
        QVERIFY2(r.ms >= minMs, qPrintable(QString::number(r.ms)));
        QCOMPARE(r.names().count("measurement"), 4);
    }

    // A file whose measurements are an hour apart: --speed 0 does not wait, and without
    // started_at_s the gaps come from median × samples.
    void speedZeroDoesNotWait()
    {
        QTemporaryDir dir;
        model::ResultSet rs;
        model::Measurement m;
        m.kernel = "slow.kernel";
        m.dtype = "fp32";
        m.flops = 1;
        m.bytes = 1;
        m.time = {1800, 1800, 1800, 2}; // one hour of samples
        rs.measurements = {m, m};
        rs.measurements[1].startedAtS = 7200;
        const QString path = dir.filePath("slow.json");
        QVERIFY(rs.save(path, nullptr));
        const Run r = replay({"--speed", "0", path}, 30000);
        QCOMPARE(r.code, 0); // -1 would mean it waited and was killed
        QCOMPARE(r.names().count("measurement"), 2);
    }
};

QTEST_GUILESS_MAIN(TestCliReplay)
#include "tst_cli_replay.moc"
