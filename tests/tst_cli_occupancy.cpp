// rooflab-cli occupancy: JSON shape and values, the readable table, bad input exits 2.
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTest>

namespace {
struct Run
{
    int code = -1;
    QByteArray out;
    QByteArray err;
    QJsonObject json() const { return QJsonDocument::fromJson(out).object(); }
};

Run cli(const QStringList &args)
{
    QProcess p;
    p.start(QStringLiteral(ROOFLAB_CLI), QStringList{"occupancy"} + args);
    p.waitForFinished(60000);
    return {p.exitCode(), p.readAllStandardOutput(), p.readAllStandardError()};
}
} // namespace

class TestCliOccupancy : public QObject
{
    Q_OBJECT

private slots:
    void json_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("blocks");
        QTest::addColumn<int>("warps");
        QTest::addColumn<double>("occupancy");
        QTest::addColumn<QString>("limiter");
        QTest::addColumn<int>("suggested");
        QTest::newRow("Triton tutorial A100 128t 192r 48KB")
            << QStringList{"--gpu", "a100-sxm4-80gb", "--threads", "128", "--regs", "192", "--smem", "49152"}
            << 2 << 8 << 0.125 << "registers" << 256;
        QTest::newRow("Triton tutorial A100 with 48K suffix")
            << QStringList{"--gpu", "a100-sxm4-80gb", "--threads", "128", "--regs", "192", "--smem", "48K"}
            << 2 << 8 << 0.125 << "registers" << 256;
        QTest::newRow("cc 9.0 100KB -> 2 blocks by smem")
            << QStringList{"--cc", "9.0", "--threads", "128", "--regs", "32", "--smem", "100KiB"} << 2 << 8
            << 0.125 << "shared_memory" << 1024;
        QTest::newRow("A100 48KB carveout max-l1 -> 1 block")
            << QStringList{"--gpu", "a100-sxm4-80gb", "--threads", "128",        "--regs",
                           "32",    "--smem",         "48K",       "--carveout", "max-l1"}
            << 1 << 4 << 0.0625 << "shared_memory" << 1024;
        QTest::newRow("static + dynamic on rtx-5090")
            << QStringList{"--gpu", "rtx-5090", "--threads", "256",           "--regs",
                           "32",    "--smem",   "32K",       "--static-smem", "16K"}
            << 3 << 24 << 0.5 << "shared_memory" << 768;
    }
    void json()
    {
        QFETCH(QStringList, args);
        QFETCH(int, blocks);
        QFETCH(int, warps);
        QFETCH(double, occupancy);
        QFETCH(QString, limiter);
        QFETCH(int, suggested);
        const Run r = cli(args + QStringList{"--json"});
        QVERIFY2(r.code == 0, r.err.constData());
        const QJsonObject o = r.json();
        for (const char *key : {"blocks_per_sm", "warps_per_sm", "occupancy", "limiter", "limits",
                                "allocated", "steps", "suggested_block_size"})
            QVERIFY2(o.contains(key), key);
        for (const char *key : {"registers", "shared_memory", "warps", "blocks"})
            QVERIFY2(o["limits"].toObject().contains(key), key);
        for (const char *key : {"registers_per_block", "smem_per_block"})
            QVERIFY2(o["allocated"].toObject()[key].isDouble(), key);
        QCOMPARE(o["blocks_per_sm"].toInt(), blocks);
        QCOMPARE(o["warps_per_sm"].toInt(), warps);
        QCOMPARE(o["occupancy"].toDouble(), occupancy);
        QCOMPARE(o["limiter"].toString(), limiter);
        QCOMPARE(o["limits"].toObject()[limiter].toInt(), blocks);
        QCOMPARE(o["suggested_block_size"].toInt(), suggested);
        const QJsonArray steps = o["steps"].toArray();
        QVERIFY(steps.size() >= 8);
        for (const auto &s : steps)
            QVERIFY(s.isString() && !s.toString().isEmpty());
        QVERIFY(steps.last().toString().contains(QString::number(blocks) + " blocks/SM"));
    }

    void tutorialExampleValues()
    {
        const Run r = cli(
            {"--gpu", "a100-sxm4-80gb", "--threads", "128", "--regs", "192", "--smem", "49152", "--json"});
        const QJsonObject o = r.json();
        QCOMPARE(o["allocated"].toObject()["registers_per_block"].toInt(), 24576);
        QCOMPARE(o["allocated"].toObject()["smem_per_block"].toInt(), 50176);
        const QJsonObject limits = o["limits"].toObject();
        QCOMPARE(limits["registers"].toInt(), 2);
        QCOMPARE(limits["shared_memory"].toInt(), 3);
        QCOMPARE(limits["warps"].toInt(), 16);
        QCOMPARE(limits["blocks"].toInt(), 32);
        QVERIFY(limits["barriers"].isNull()); // counted from CC 9.0 on
        const QString steps = QJsonDocument(o["steps"].toArray()).toJson();
        QVERIFY(steps.contains("192 × 32 = 6144"));
        QVERIFY(steps.contains("8 / 64 = 12.5 %"));
    }

    void table()
    {
        const Run r =
            cli({"--gpu", "a100-sxm4-80gb", "--threads", "128", "--regs", "192", "--smem", "49152"});
        QCOMPARE(r.code, 0);
        const QString out = QString::fromUtf8(r.out);
        QVERIFY2(out.contains("2 blocks/SM · 8 warps · 12.5 %"), qPrintable(out));
        QVERIFY(out.contains("limited by registers"));
        QVERIFY(out.contains("<- binds"));
        QVERIFY(out.contains("shared memory  3"));
        QVERIFY(out.contains("suggested block size: 256"));
        QVERIFY(out.contains("1. warps per block"));
        QVERIFY(out.contains("49 KB (50176 B)"));
    }

    void badInput_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("messagePart");
        const QStringList a100 = {"--gpu", "a100-sxm4-80gb"};
        const QStringList ok = {"--threads", "128", "--regs", "32"};
        QTest::newRow("neither --gpu nor --cc") << ok << "either --gpu";
        QTest::newRow("both --gpu and --cc") << a100 + QStringList{"--cc", "8.0"} + ok << "either --gpu";
        QTest::newRow("missing --threads") << a100 + QStringList{"--regs", "32"} << "--threads";
        QTest::newRow("missing --regs") << a100 + QStringList{"--threads", "128"} << "--regs";
        QTest::newRow("0 threads") << a100 + QStringList{"--threads", "0", "--regs", "32"} << "--threads";
        QTest::newRow("1025 threads")
            << a100 + QStringList{"--threads", "1025", "--regs", "32"} << "--threads";
        QTest::newRow("threads not a number")
            << a100 + QStringList{"--threads", "many", "--regs", "32"} << "--threads";
        QTest::newRow("256 registers") << a100 + QStringList{"--threads", "128", "--regs", "256"} << "--regs";
        QTest::newRow("registers per block too many")
            << a100 + QStringList{"--threads", "1024", "--regs", "255"} << "--regs";
        QTest::newRow("smem over the opt-in max") << a100 + ok + QStringList{"--smem", "164K"} << "--smem";
        QTest::newRow("smem not a size") << a100 + ok + QStringList{"--smem", "lots"} << "--smem";
        QTest::newRow("static smem over 48 KB")
            << a100 + ok + QStringList{"--smem", "60K", "--static-smem", "49K"} << "--static-smem";
        QTest::newRow("static smem over the total")
            << a100 + ok + QStringList{"--smem", "1K", "--static-smem", "2K"} << "--static-smem";
        QTest::newRow("bad carveout") << a100 + ok + QStringList{"--carveout", "most"} << "--carveout";
        QTest::newRow("unknown cc") << QStringList{"--cc", "9.9"} + ok << "--cc";
        QTest::newRow("unknown gpu") << QStringList{"--gpu", "gtx-9999"} + ok << "unknown GPU";
        QTest::newRow("AMD GPU without limits") << QStringList{"--gpu", "mi300x"} + ok << "--gpu";
    }
    void badInput()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, messagePart);
        const Run r = cli(args);
        QCOMPARE(r.code, 2);
        QVERIFY2(QString::fromUtf8(r.err).contains(messagePart), r.err.constData());
    }

    void impossibleJsonStillExplains()
    {
        // A launch the header gives 0 blocks: exit 2, but --json still carries the reason and steps.
        const Run r = cli({"--gpu", "a100-sxm4-80gb", "--threads", "320", "--regs", "200", "--json"});
        QCOMPARE(r.code, 2);
        const QJsonObject o = r.json();
        QCOMPARE(o["blocks_per_sm"].toInt(), 0);
        QCOMPARE(o["ok"].toBool(), false);
        QVERIFY(o["reason"].toString().contains("65536"));
        QVERIFY(QJsonDocument(o["steps"].toArray()).toJson().contains("76800"));
    }
};

QTEST_GUILESS_MAIN(TestCliOccupancy)
#include "tst_cli_occupancy.moc"
