// rooflab-cli tile --compile: the matching GEMM ladder kernel is compiled with NVRTC for the
// GPU's architecture (no GPU needed) and its real register count replaces the estimate; the
// JSON keeps its shape and says where the registers came from. Illegal tiles exit 2.
#include <QFile>
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

Run cli(const QStringList &args, const QString &cacheDir)
{
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert("ROOFLAB_CACHE_DIR", cacheDir);
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(ROOFLAB_CLI), QStringList{"tile"} + args);
    p.waitForFinished(180000);
    return {p.exitCode(), p.readAllStandardOutput(), p.readAllStandardError()};
}

QStringList tile(const QString &gpu, const QString &dtype, int bm, int bn, int bk, int stages, int threads)
{
    return {"--gpu",     gpu,
            "--M",       "4096",
            "--N",       "4096",
            "--K",       "4096",
            "--dtype",   dtype,
            "--bm",      QString::number(bm),
            "--bn",      QString::number(bn),
            "--bk",      QString::number(bk),
            "--stages",  QString::number(stages),
            "--threads", QString::number(threads)};
}
} // namespace

class TestCliTileCompile : public QObject
{
    Q_OBJECT
    QTemporaryDir m_cache; // a cold cache: NVRTC really runs

private slots:
    void compiled_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("kernel");
        QTest::addColumn<QString>("arch");
        QTest::addColumn<int>("launchThreads");
        QTest::newRow("fp32 default step reg2d on A100: sm_80")
            << tile("a100-sxm4-80gb", "fp32", 128, 128, 8, 1, 256) << "gemm.reg2d"
            << "sm_80" << 256;
        QTest::newRow("bf16 default step mma_multistage on H200: sm_90")
            << (tile("h200-sxm", "bf16", 128, 128, 32, 3, 128) + QStringList{"--group", "8"})
            << "gemm.mma_multistage"
            << "sm_90" << 128;
        QTest::newRow("--step wgmma_tma on H200: sm_90a")
            << (tile("h200-sxm", "bf16", 128, 256, 64, 4, 384) + QStringList{"--step", "gemm.wgmma_tma"})
            << "gemm.wgmma_tma"
            << "sm_90a" << 384;
        QTest::newRow("--step wgmma_fp8 on H200: sm_90a, BK 128")
            << (tile("h200-sxm", "fp8", 128, 256, 128, 4, 384) + QStringList{"--step", "gemm.wgmma_fp8"})
            << "gemm.wgmma_fp8"
            << "sm_90a" << 384;
        QTest::newRow("--step warptiled on RTX 4090 (sm_89), TM/TN from the threads")
            << (tile("rtx-4090", "fp32", 128, 128, 16, 2, 256) +
                QStringList{"--step", "gemm.warptiled", "--tm", "4", "--tn", "4"})
            << "gemm.warptiled"
            << "sm_89" << 256;
    }
    void compiled()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, kernel);
        QFETCH(QString, arch);
        QFETCH(int, launchThreads);
        if (!QFile::exists(QStringLiteral(ROOFLAB_SOURCE_RESOURCES_DIR "/gpus/") + args.at(1) + ".json"))
            QSKIP("that GPU is not in the spec database");
        // Without --compile: the model alone, registers estimated. (The model alone refuses the
        // wgmma launch of 384 threads: its producer warpgroup computes no outputs; --compile
        // gives the model the kernel's 256 consumer threads.)
        const Run estimated = cli(args + QStringList{"--json"}, m_cache.path());
        if (kernel.startsWith(QLatin1String("gemm.wgmma"))) {
            QCOMPARE(estimated.code, 2);
        } else {
            QVERIFY2(estimated.code == 0, estimated.err.constData());
            QCOMPARE(estimated.json()["registers_source"].toString(), QStringLiteral("estimated"));
            QVERIFY(estimated.json()["compile"].isNull());
        }

        const Run r = cli(args + QStringList{"--compile", "--json"}, m_cache.path());
        QVERIFY2(r.code == 0, r.err.constData());
        const QJsonObject o = r.json();
        // The shape every caller relies on, plus where the registers came from.
        for (const char *key :
             {"smem_bytes", "ai_stage", "grid_blocks", "k_iterations", "l2_read_bytes_no_reuse", "c_bytes",
              "hbm_bytes", "hbm_bytes_min", "registers", "blocks_per_sm", "waves", "wave_efficiency",
              "predicted_time_s", "predicted_flop_s", "bound"})
            QVERIFY2(o.contains(key), key);
        QCOMPARE(o["registers_estimated"].toBool(), false);
        QCOMPARE(o["registers_source"].toString(), QStringLiteral("compiled"));
        const QJsonObject c = o["compile"].toObject();
        QCOMPARE(c["kernel"].toString(), kernel);
        QCOMPARE(c["arch"].toString(), arch);
        QCOMPARE(c["launch_threads"].toInt(), launchThreads);
        QVERIFY(c["registers"].toInt() > 16 && c["registers"].toInt() <= 255);
        QCOMPARE(o["registers"].toInt(), c["registers"].toInt());
        QVERIFY(c["params"].toObject().contains("BM") || c["params"].toObject().contains("TILE"));
        QVERIFY(o["ok"].toBool());
        // fp8: 1-byte A and B, fp32 C (4 bytes an element) in the traffic.
        if (kernel == QLatin1String("gemm.wgmma_fp8")) {
            QCOMPARE(o["c_bytes"].toDouble(), 4096.0 * 4096 * 4);
            QCOMPARE(o["hbm_bytes_min"].toDouble(), 2 * 4096.0 * 4096 + 4096.0 * 4096 * 4);
        }
        // The performance model explains the ladder kernel term by term.
        const QJsonObject perf = o["model"].toObject();
        QCOMPARE(perf["kernel"].toString(), kernel);
        if (perf["ok"].toBool()) {
            QVERIFY(perf["predicted_time_s"].toDouble() > 0);
            for (const char *t : {"compute", "issue", "smem", "l1", "l2", "hbm", "latency", "waves"})
                QVERIFY2(perf["terms"].toObject().contains(t), t);
            QVERIFY(!perf["bound_words"].toString().isEmpty());
        } else {
            QVERIFY2(!perf["reason"].toString().isEmpty(), "a kernel the model cannot predict says why");
        }

        // --regs wins: the count given is used as it is, nothing compiled.
        const Run given = cli(args + QStringList{"--compile", "--regs", "64", "--json"}, m_cache.path());
        QCOMPARE(given.code, 0);
        QCOMPARE(given.json()["registers"].toInt(), 64);
        QCOMPARE(given.json()["registers_source"].toString(), QStringLiteral("given"));

        // The readable table names the kernel and the architecture.
        const Run table = cli(args + QStringList{"--compile"}, m_cache.path());
        QCOMPARE(table.code, 0);
        QVERIFY(table.out.contains("(compiled)"));
        QVERIFY(table.out.contains(QStringLiteral("%1 for %2").arg(kernel, arch).toUtf8()));
    }

    void refused_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("messagePart");
        QTest::newRow("tf32: no ladder kernel")
            << (tile("a100-sxm4-80gb", "tf32", 128, 128, 32, 2, 512) + QStringList{"--compile"})
            << "no ladder kernel computes tf32";
        QTest::newRow("mma BM 96") << (tile("h200-sxm", "bf16", 96, 128, 32, 3, 128) +
                                       QStringList{"--compile"})
                                   << "BM";
        QTest::newRow("reg2d threads 512 for a 256-thread tile")
            << (tile("a100-sxm4-80gb", "fp32", 128, 128, 8, 1, 512) +
                QStringList{"--compile", "--tm", "8", "--tn", "8"})
            << "threads";
        QTest::newRow("wgmma on A100") << (tile("a100-sxm4-80gb", "bf16", 128, 256, 64, 4, 384) +
                                           QStringList{"--compile", "--step", "gemm.wgmma_tma"})
                                       << "sm_90a";
        QTest::newRow("unknown step") << (tile("h200-sxm", "bf16", 128, 128, 32, 3, 128) +
                                          QStringList{"--compile", "--step", "gemm.nope"})
                                      << "not a GEMM ladder step";
    }
    void refused()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, messagePart);
        const Run r = cli(args, m_cache.path());
        QCOMPARE(r.code, 2);
        QVERIFY2(QString::fromUtf8(r.err).contains(messagePart), r.err.constData());
        QVERIFY(r.out.isEmpty());
    }
};

QTEST_MAIN(TestCliTileCompile)
#include "tst_cli_tile_compile.moc"
