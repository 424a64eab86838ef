// rooflab-cli run --profile on a machine with a GPU and Nsight Compute: the copy kernel's
// counters come back in the results JSON and its DRAM traffic is 2·n·s (each element read
// once and written once) within 10 %. Skips without a GPU or without ncu.
#include "profiler.h"
#include "testmain.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QProcessEnvironment>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

namespace {

struct Run
{
    int code = -1;
    QByteArray out;
    QByteArray err;
};

// Next to this test in a bundle (the GPU host), else the build tree's.
QString cliPath()
{
    const QString beside = QCoreApplication::applicationDirPath() + QStringLiteral("/rooflab-cli");
    return QFileInfo::exists(beside) ? beside : QStringLiteral(ROOFLAB_CLI);
}

Run runCli(const QStringList &args)
{
    static QTemporaryDir cache;
    QProcess p;
    QProcessEnvironment e = QProcessEnvironment::systemEnvironment();
    e.insert("ROOFLAB_CACHE_DIR", cache.path());
    p.setProcessEnvironment(e);
    p.start(cliPath(), args);
    p.waitForFinished(600000);
    return {p.exitCode(), p.readAllStandardOutput(), p.readAllStandardError()};
}

bool haveDevice()
{
    static const bool have = !QJsonDocument::fromJson(runCli({"devices", "--json"}).out)
                                  .object()
                                  .value("devices")
                                  .toArray()
                                  .isEmpty();
    return have;
}

} // namespace

class TestGpuProfile : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        if (!QFileInfo::exists(cliPath()))
            QSKIP("rooflab-cli not found");
        if (!haveDevice())
            QSKIP("no CUDA device (rooflab-cli devices lists none)");
        if (cli::Profiler::findNcu().isEmpty())
            QSKIP("no Nsight Compute (ncu) on PATH, in $CUDA_HOME/bin or /usr/local/cuda/bin");
    }

    void copyDramBytes_data()
    {
        QTest::addColumn<QString>("variant");
        QTest::addColumn<QString>("dtype");
        QTest::addColumn<qint64>("n");
        // 1 GiB buffers, far larger than L2: what stays dirty in L2 when the kernel ends (at
        // most its 60 MiB on an H200) is not written to DRAM while ncu counts, so small buffers
        // would undercount the writes.
        QTest::newRow("vector fp32, 2^28") << "vector"
                                           << "fp32" << (qint64(1) << 28);
        QTest::newRow("scalar fp32, 2^28") << "scalar"
                                           << "fp32" << (qint64(1) << 28);
        QTest::newRow("vector bf16, 2^29") << "vector"
                                           << "bf16" << (qint64(1) << 29);
    }

    void copyDramBytes()
    {
        QFETCH(QString, variant);
        QFETCH(QString, dtype);
        QFETCH(qint64, n);
        const Run r = runCli({"run", "memory.copy", "--param", QStringLiteral("n=%1").arg(n), "--param",
                              "variant=" + variant, "--dtype", dtype, "--profile", "--json"});
        QVERIFY2(r.code == 0, r.err.constData());
        const QJsonObject m =
            QJsonDocument::fromJson(r.out).object().value("measurements").toArray().first().toObject();
        const QJsonObject c = m.value("counters").toObject();
        QVERIFY2(!c.isEmpty(), r.err.constData()); // the one-line reason is on stderr
        QVERIFY2(c.value("tool").toString().startsWith("ncu"), qPrintable(c.value("tool").toString()));
        QCOMPARE(c.value("clock_control").toString(), QStringLiteral("none"));
        const double s = dtype == "fp32" ? 4 : 2;
        const double expected = 2.0 * double(n) * s;
        const double dram = c.value("dram_bytes").toDouble();
        qInfo("%s %s n=%lld: DRAM %.4g B (2·n·s = %.4g, %+.1f %%), L2 %.4g B, occupancy %.1f %%, SM %.0f MHz",
              qPrintable(variant), qPrintable(dtype), n, dram, expected, (dram / expected - 1) * 100,
              c.value("l2_bytes").toDouble(), c.value("occupancy_pct").toDouble(),
              c.value("sm_clock_mhz").toDouble());
        QVERIFY2(std::fabs(dram / expected - 1) <= 0.10,
                 qPrintable(QStringLiteral("DRAM %1 B against 2·n·s = %2 B").arg(dram).arg(expected)));
        // Every byte that reaches DRAM went through L2.
        QVERIFY(c.value("l2_bytes").toDouble() >= 0.9 * dram);
        QVERIFY(c.value("sm_clock_mhz").toDouble() > 0);
        QVERIFY(c.value("metrics").toObject().contains("gpu__time_duration.sum"));
    }
};

ROOFLAB_TEST_GUILESS_MAIN(TestGpuProfile)
#include "tst_gpu_profile.moc"
