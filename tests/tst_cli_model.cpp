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
        QTest::newRow("vector add fp32 on the course notes' teaching GPU")
            << QStringList{"vector_add", "--dtype", "fp32", "--gpu", "teaching-gpu", "--n", "1000000"}
            << 1.0 / 12 << "memory";
        QTest::newRow("gemm fp16 4096 on A100 compute-bound")
            << QStringList{"gemm", "--dtype", "fp16", "--gpu", "a100-sxm4-80gb", "--M", "4096",
                           "--N",  "4096",    "--K",  "4096"}
            << 4096.0 / 3 << "compute";
        QTest::newRow("fused attention")
            << QStringList{"attention", "--dtype", "bf16", "--gpu", "h200-sxm", "--B", "1",
                           "--H",       "8",       "--S",  "1024",  "--D",      "64",  "--fused"}
            << 512.0 << "compute";
        QTest::newRow("softmax rows/cols") << QStringList{"softmax", "--dtype", "fp16",   "--gpu", "h100-sxm",
                                                          "--rows",  "8192",    "--cols", "4096"}
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

    // workload kvcache / decoder / gemm --wbits: the course notes' chapter 08–09 figures end to end.
    void llmWorkloads()
    {
        const Run kv = cli({"workload", "kvcache", "--model", "llama-3-8b", "--B", "8", "--S", "4096",
                            "--weights-bytes", "17179869184", "--json"});
        QVERIFY2(kv.code == 0, kv.err.constData());
        QCOMPARE(kv.json()["bytes_per_token"].toDouble(), 131072.0);
        QCOMPARE(kv.json()["crossover_tokens"].toDouble(), 131072.0);
        const Run kvTable = cli({"workload", "kvcache", "--layers", "32", "--Hkv", "8", "--D", "128"});
        QVERIFY2(kvTable.code == 0, kvTable.err.constData());
        QVERIFY2(kvTable.out.contains("128 KiB"), kvTable.out.constData());

        const Run bf16 = cli({"workload", "decoder", "--model", "llama-3-8b", "--gpu", "a100-sxm4-80gb",
                              "--S", "512", "--json"});
        const Run int4 = cli({"workload", "decoder", "--model", "llama-3-8b", "--gpu", "a100-sxm4-80gb",
                              "--S", "512", "--weights", "w4a16", "--json"});
        QVERIFY2(bf16.code == 0 && int4.code == 0, bf16.err.constData());
        const double t16 = bf16.json()["time_s"].toDouble(), t4 = int4.json()["time_s"].toDouble();
        QVERIFY2(t16 > 7e-3 && t16 < 8.5e-3 && t4 > 1.7e-3 && t4 < 2.4e-3,
                 qPrintable(QString("%1 %2").arg(t16).arg(t4)));
        QCOMPARE(bf16.json()["ops"].toArray().size(), 10);
        const Run table = cli({"workload", "decoder", "--gpu", "h100-sxm", "--layer"});
        QVERIFY2(table.code == 0 && table.out.contains("attention") && table.out.contains("gate_up_proj"),
                 table.out.constData());

        const Run gemm = cli({"workload", "gemm", "--dtype", "bf16", "--gpu", "a100-sxm4-80gb", "--M", "1",
                              "--N", "8192", "--K", "8192", "--wbits", "4", "--json"});
        QVERIFY2(gemm.code == 0, gemm.err.constData());
        QVERIFY(gemm.json()["ridge_m"].toDouble() > 36 && gemm.json()["ridge_m"].toDouble() < 44);
        QCOMPARE(gemm.json()["bound"].toString(), QString("memory"));
        const Run gemmTable = cli({"workload", "gemm", "--dtype", "bf16", "--gpu", "a100-sxm4-80gb"});
        QVERIFY2(gemmTable.out.contains("crosses the ridge at"), gemmTable.out.constData());

        const Run gqa = cli({"workload", "attention", "--dtype", "bf16",  "--gpu",   "h200-sxm", "--B",
                             "1",        "--H",       "32",      "--Hkv", "8",       "--Sq",     "1",
                             "--S",      "8192",      "--D",     "128",   "--fused", "--json"});
        QVERIFY2(gqa.code == 0, gqa.err.constData());
        QVERIFY(std::abs(gqa.json()["ai"].toDouble() - 4) < 0.01);
        QCOMPARE(gqa.json()["bound"].toString(), QString("memory"));
    }

    void badInput_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("messagePart");
        QTest::newRow("unknown command") << QStringList{"fly"} << "unknown command";
        QTest::newRow("roofline without --gpu") << QStringList{"roofline"} << "--gpu";
        QTest::newRow("unknown gpu") << QStringList{"roofline", "--gpu", "gtx-9999"} << "unknown GPU";
        QTest::newRow("unknown dtype")
            << QStringList{"workload", "copy", "--gpu", "t4", "--dtype", "fp12"} << "fp12";
        QTest::newRow("negative size")
            << QStringList{"workload", "copy", "--gpu", "t4", "--n", "-4"} << "\"n\"";
        QTest::newRow("not a number")
            << QStringList{"workload", "copy", "--gpu", "t4", "--n", "lots"} << "--n";
        QTest::newRow("unknown workload")
            << QStringList{"workload", "conv9d", "--gpu", "t4"} << "unknown workload";
        QTest::newRow("unknown option") << QStringList{"gpus", "--colour"} << "colour";
        QTest::newRow("decoder unknown preset")
            << QStringList{"workload", "decoder", "--model", "gpt-9", "--gpu", "t4"} << "unknown preset";
        QTest::newRow("decoder unknown weights")
            << QStringList{"workload", "decoder", "--weights", "int3", "--gpu", "t4"} << "int3";
        QTest::newRow("kvcache without shapes") << QStringList{"workload", "kvcache"} << "--layers";
        QTest::newRow("GQA heads not dividing")
            << QStringList{"workload", "attention", "--gpu", "t4", "--H", "32", "--Hkv", "5"}
            << "--Hkv must divide";
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
