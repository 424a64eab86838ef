// rooflab-cli tile: JSON shape and the A100 example's values, the readable table, illegal configurations
// and bad options exit 2.
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
    p.start(QStringLiteral(ROOFLAB_CLI), QStringList{"tile"} + args);
    p.waitForFinished(60000);
    return {p.exitCode(), p.readAllStandardOutput(), p.readAllStandardError()};
}

// The tiled-GEMM notes' plan B (§3.2): 4096³ FP32, 128×128×32, double-buffered, 512 threads, on A100.
const QStringList kA100PlanB = {"--gpu",     "a100-sxm4-80gb",
                                "--M",       "4096",
                                "--N",       "4096",
                                "--K",       "4096",
                                "--dtype",   "fp32",
                                "--bm",      "128",
                                "--bn",      "128",
                                "--bk",      "32",
                                "--stages",  "2",
                                "--threads", "512",
                                "--regs",    "40"};
} // namespace

class TestCliTile : public QObject
{
    Q_OBJECT

private slots:
    void jsonShape()
    {
        const Run r = cli(kA100PlanB + QStringList{"--json"});
        QVERIFY2(r.code == 0, r.err.constData());
        const QJsonObject o = r.json();
        for (const char *key : {"smem_bytes",
                                "ai_stage",
                                "grid_blocks",
                                "k_iterations",
                                "l2_read_bytes_no_reuse",
                                "c_bytes",
                                "hbm_bytes",
                                "hbm_bytes_min",
                                "registers",
                                "registers_estimated",
                                "blocks_per_sm",
                                "limiter",
                                "waves",
                                "wave_efficiency",
                                "time",
                                "predicted_time_s",
                                "predicted_flop_s",
                                "bound",
                                "problems",
                                "notes"})
            QVERIFY2(o.contains(key), key);
        for (const char *key : {"compute_s", "hbm_s", "l2_s"})
            QVERIFY2(o["time"].toObject()[key].isDouble(), key);
        QCOMPARE(o["smem_bytes"].toDouble(), 65536.0);
        QCOMPARE(o["grid_blocks"].toDouble(), 1024.0);
        QCOMPARE(o["k_iterations"].toDouble(), 128.0);
        QCOMPARE(o["l2_read_bytes_no_reuse"].toDouble(), 4.0 * 1024 * 1024 * 1024);
        QCOMPARE(o["c_bytes"].toDouble(), 64.0 * 1024 * 1024);
        QCOMPARE(o["hbm_bytes_min"].toDouble(), 192.0 * 1024 * 1024);
        QCOMPARE(o["ai_stage"].toDouble(), 32.0); // 2·128·128·32 / ((128·32 + 32·128)·4)
        QCOMPARE(o["registers"].toInt(), 40);
        QCOMPARE(o["registers_estimated"].toBool(), false);
        QCOMPARE(o["blocks_per_sm"].toInt(), 2);
        QCOMPARE(o["limiter"].toString(), QString("shared_memory"));
        QCOMPARE(o["ok"].toBool(), true);
        const QStringList bounds = {"compute", "hbm", "l2"};
        QVERIFY(bounds.contains(o["bound"].toString()));
        const double t = o["predicted_time_s"].toDouble();
        const QJsonObject terms = o["time"].toObject();
        QCOMPARE(t, std::max({terms["compute_s"].toDouble(), terms["hbm_s"].toDouble(),
                              terms["l2_s"].toDouble()}));
        QVERIFY(o["l2_bandwidth_assumed"].toBool());
    }

    void estimateAndGroup()
    {
        QStringList args = kA100PlanB;
        args.removeLast();
        args.removeLast(); // no --regs: an estimate, marked as such
        const Run r = cli(args + QStringList{"--group", "8", "--json"});
        QCOMPARE(r.code, 0);
        QCOMPARE(r.json()["registers_estimated"].toBool(), true);
        QCOMPARE(r.json()["inputs"].toObject()["group"].toInt(), 8);
    }

    void table()
    {
        const Run r = cli(kA100PlanB);
        QCOMPARE(r.code, 0);
        const QString out = QString::fromUtf8(r.out);
        for (const char *part : {"shared memory / block", "64 KiB", "32 × 32 = 1024 blocks", "4 GiB",
                                 "predicted time", "compute term", "HBM term", "L2 term", "ASSUMED"})
            QVERIFY2(out.contains(QString::fromUtf8(part)), part);
    }

    void illegal_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("messagePart");
        auto with = [](const QString &option, const QString &value) {
            QStringList a = kA100PlanB;
            a[a.indexOf(option) + 1] = value;
            return a;
        };
        QTest::newRow("smem over the A100 per-block limit") << with("--bk", "96") << "shared memory";
        QTest::newRow("tile not dividing threads") << with("--threads", "384") << "cannot share evenly";
        QTest::newRow("registers over 255") << with("--regs", "300") << "--regs";
        QTest::newRow("tensor-core tile") << with("--dtype", "bf16") + QStringList{"--bk", "8"} << "m16n8k16";
        QTest::newRow("missing --bk")
            << QStringList{"--gpu", "a100-sxm4-80gb", "--M", "1",    "--N", "1",         "--K",
                           "1",     "--bm",           "16",  "--bn", "16",  "--threads", "256"}
            << "--bk";
        QTest::newRow("unknown dtype") << with("--dtype", "fp12") << "--dtype";
        QTest::newRow("not a number") << with("--M", "big") << "--M";
        QTest::newRow("zero size") << with("--N", "0") << "--N";
        QTest::newRow("unknown gpu") << with("--gpu", "gtx-9999") << "unknown GPU";
        QTest::newRow("bad footprint")
            << kA100PlanB + QStringList{"--l2-footprint", "all"} << "--l2-footprint";
    }
    void illegal()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, messagePart);
        const Run r = cli(args);
        QCOMPARE(r.code, 2);
        QVERIFY2(QString::fromUtf8(r.err).contains(messagePart), r.err.constData());
    }

    void illegalJsonKeepsNumbers()
    {
        QStringList args = kA100PlanB;
        args[args.indexOf("--bk") + 1] = "96"; // 2 × (128·96 + 96·128) · 4 B = 192 KB > 163 KB
        const Run r = cli(args + QStringList{"--json"});
        QCOMPARE(r.code, 2);
        const QJsonObject o = r.json();
        QCOMPARE(o["ok"].toBool(), false);
        QCOMPARE(o["smem_bytes"].toDouble(), 196608.0); // reported as asked, not clamped
        QVERIFY(o["predicted_time_s"].isNull());
        QVERIFY(!o["problems"].toArray().isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestCliTile)
#include "tst_cli_tile.moc"
