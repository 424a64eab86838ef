// rooflab-cli gpus / roofline / workload: JSON shapes, readable output, bad input exits 2.
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
    QByteArray out;
    QByteArray err;
    QJsonObject json() const { return QJsonDocument::fromJson(out).object(); }
};

Run cli(const QStringList &args)
{
    QProcess p;
    p.start(QStringLiteral(ROOFLAB_CLI), args);
    p.waitForFinished(60000);
    return {p.exitCode(), p.readAllStandardOutput(), p.readAllStandardError()};
}
} // namespace

class TestCliModel : public QObject
{
    Q_OBJECT

private slots:
    void gpusJson()
    {
        const Run r = cli({"gpus", "--json"});
        QCOMPARE(r.code, 0);
        const QJsonArray gpus = r.json()["gpus"].toArray();
        QVERIFY(gpus.size() >= 30);
        for (const auto &g : gpus)
            for (const char *key : {"id", "name", "vendor", "cc"})
                QVERIFY2(g.toObject().contains(key), key);
        const Run table = cli({"gpus"});
        QCOMPARE(table.code, 0);
        QVERIFY(table.out.contains("h200-sxm") && table.out.contains("NVIDIA H200 SXM"));
    }

    void rooflineJson()
    {
        const Run r = cli({"roofline", "--gpu", "h200-sxm", "--json"});
        QCOMPARE(r.code, 0);
        const QJsonObject o = r.json();
        QCOMPARE(o["gpu"].toString(), QString("h200-sxm"));
        bool found = false;
        for (const auto &ridge : o["ridges"].toArray()) {
            const QJsonObject x = ridge.toObject();
            if (x["precision"] == "bf16_tc" && x["level"] == "hbm") {
                QVERIFY(std::abs(x["ai"].toDouble() - 206.15) < 0.01);
                found = true;
            }
        }
        QVERIFY(found);
        QVERIFY(o["compute"].toArray().first().toObject().contains("flop_per_s"));
        QCOMPARE(o["memory"].toArray().first().toObject()["level"].toString(), QString("hbm"));
        QCOMPARE(o["memory"].toArray().first().toObject()["bytes_per_s"].toDouble(), 4.8e12);
    }

    void workloadJson_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<double>("ai");
        QTest::addColumn<QString>("bound");
        QTest::newRow("seed001-like vector add fp32 on teaching GPU")
            << QStringList{"vector_add", "--dtype", "fp32", "--gpu", "teaching-gpu", "--n", "1000000"} << 1.0 / 12
            << "memory";
        QTest::newRow("gemm fp16 4096 on A100 compute-bound")
            << QStringList{"gemm", "--dtype", "fp16", "--gpu", "a100-sxm4-80gb", "--M", "4096", "--N", "4096", "--K", "4096"}
            << 4096.0 / 3 << "compute";
        QTest::newRow("fused attention")
            << QStringList{"attention", "--dtype", "bf16", "--gpu", "h200-sxm", "--B", "1", "--H", "8", "--S", "1024",
                           "--D", "64", "--fused"}
            << 512.0 << "compute";
        QTest::newRow("softmax rows/cols") << QStringList{"softmax", "--dtype", "fp16", "--gpu", "h100-sxm", "--rows",
                                                          "8192", "--cols", "4096"}
                                           << 1.25 << "memory";
    }
    void workloadJson()
    {
        QFETCH(QStringList, args);
        QFETCH(double, ai);
        QFETCH(QString, bound);
        const Run r = cli(QStringList{"workload"} + args + QStringList{"--json"});
        QVERIFY2(r.code == 0, r.err.constData());
        const QJsonObject o = r.json();
        for (const char *key : {"kind", "dtype", "flops", "bytes", "ai", "attainable_flop_s", "bound"})
            QVERIFY2(o.contains(key), key);
        QVERIFY(std::abs(o["ai"].toDouble() - ai) < 1e-6 * ai);
        QCOMPARE(o["bound"].toString(), bound);
    }

    void badInput_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("messagePart");
        QTest::newRow("unknown command") << QStringList{"fly"} << "unknown command";
        QTest::newRow("roofline without --gpu") << QStringList{"roofline"} << "--gpu";
        QTest::newRow("unknown gpu") << QStringList{"roofline", "--gpu", "gtx-9999"} << "unknown GPU";
        QTest::newRow("unknown dtype") << QStringList{"workload", "copy", "--gpu", "t4", "--dtype", "fp12"} << "fp12";
        QTest::newRow("negative size") << QStringList{"workload", "copy", "--gpu", "t4", "--n", "-4"} << "\"n\"";
        QTest::newRow("not a number") << QStringList{"workload", "copy", "--gpu", "t4", "--n", "lots"} << "--n";
        QTest::newRow("unknown workload") << QStringList{"workload", "conv9d", "--gpu", "t4"} << "unknown workload";
        QTest::newRow("unknown option") << QStringList{"gpus", "--colour"} << "colour";
    }
    void badInput()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, messagePart);
        const Run r = cli(args);
        QCOMPARE(r.code, 2);
        QVERIFY2(QString::fromUtf8(r.err).contains(messagePart), r.err.constData());
    }

    void badDatabaseFileIsReportedAndRestLoads()
    {
        QTemporaryDir dir;
        QFile f(dir.filePath("broken.json"));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("{\"schema\": \"rooflab.gpu/1\", \"id\": \"broken\"}");
        f.close();
        const Run r = cli({"gpus", "--json", "--gpu-dir", dir.path()});
        QCOMPARE(r.code, 0);
        QVERIFY(QString::fromUtf8(r.err).contains("broken.json"));
        QVERIFY(QString::fromUtf8(r.err).contains("\"name\""));
        QVERIFY(r.json()["gpus"].toArray().size() >= 30);
    }
};

QTEST_GUILESS_MAIN(TestCliModel)
#include "tst_cli_model.moc"
