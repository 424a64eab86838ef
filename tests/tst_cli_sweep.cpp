// rooflab-cli run --axis: parsing an axis, the checks against the kernel, the cartesian
// expansion and its legality filter, and the --dry-run plan end to end (no GPU needed).
#include "sweep.h"

#include "catalog.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QProcessEnvironment>
#include <QTemporaryDir>
#include <QTest>

namespace {
struct Run
{
    int code = -1;
    QByteArray out;
    QByteArray err;
};

Run runCli(const QStringList &args)
{
    static QTemporaryDir cache;
    QProcess p;
    QProcessEnvironment e = QProcessEnvironment::systemEnvironment();
    e.insert("ROOFLAB_CACHE_DIR", cache.path());
    p.setProcessEnvironment(e);
    p.start(QStringLiteral(ROOFLAB_CLI), args);
    p.waitForFinished(300000);
    return {p.exitCode(), p.readAllStandardOutput(), p.readAllStandardError()};
}

const kernels::KernelSpec &reg2d()
{
    const kernels::KernelSpec *spec = kernels::Catalog::instance().find("gemm.reg2d");
    Q_ASSERT(spec);
    return *spec;
}

QList<cli::SweepAxis> axes(const QStringList &texts)
{
    QList<cli::SweepAxis> out;
    for (const QString &t : texts) {
        QString error;
        const auto a = cli::parseAxis(t, &error);
        if (!a)
            qFatal("axis %s: %s", qPrintable(t), qPrintable(error));
        out.append(*a);
    }
    return out;
}
} // namespace

class TestCliSweep : public QObject
{
    Q_OBJECT

private slots:
    void parseAxis_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("name");
        QTest::addColumn<QStringList>("values"); // empty: refused
        QTest::addColumn<QString>("errorPart");
        QTest::newRow("three values") << "BM=64,128,256"
                                      << "BM" << QStringList{"64", "128", "256"} << "";
        QTest::newRow("one value") << "TM=4"
                                   << "TM" << QStringList{"4"} << "";
        QTest::newRow("spaces trimmed") << " BN = 64 , 128"
                                        << "BN" << QStringList{"64", "128"} << "";
        QTest::newRow("choice values") << "variant=tree,atomic"
                                       << "variant" << QStringList{"tree", "atomic"} << "";
        QTest::newRow("no equals") << "BM"
                                   << "" << QStringList{} << "is not NAME=a,b,c";
        QTest::newRow("no name") << "=64"
                                 << "" << QStringList{} << "is not NAME=a,b,c";
        QTest::newRow("no values") << "BM="
                                   << "" << QStringList{} << "an empty value";
        QTest::newRow("empty in list") << "BM=64,,128"
                                       << "" << QStringList{} << "an empty value";
        QTest::newRow("trailing comma") << "BM=64,"
                                        << "" << QStringList{} << "an empty value";
        QTest::newRow("repeated value") << "BM=64,64"
                                        << "" << QStringList{} << "given twice";
    }
    void parseAxis()
    {
        QFETCH(QString, text);
        QFETCH(QString, name);
        QFETCH(QStringList, values);
        QFETCH(QString, errorPart);
        QString error;
        const auto a = cli::parseAxis(text, &error);
        QCOMPARE(a.has_value(), !values.isEmpty());
        if (a) {
            QCOMPARE(a->name, name);
            QCOMPARE(a->values, values);
        } else {
            QVERIFY2(error.contains(errorPart), qPrintable(error));
            QVERIFY2(!error.contains('\n'), "one line");
        }
    }

    void checkAxes_data()
    {
        QTest::addColumn<QStringList>("axisTexts");
        QTest::addColumn<QString>("fixedParam"); // NAME=VALUE or empty
        QTest::addColumn<QString>("errorPart");  // empty: accepted
        QTest::newRow("two axes") << QStringList{"BM=64,128", "TM=4,8"} << "M=2048"
                                  << "";
        QTest::newRow("unknown parameter") << QStringList{"WM=32"} << ""
                                           << "has no parameter WM";
        QTest::newRow("axis twice") << QStringList{"BM=64", "BM=128"} << ""
                                    << "given twice";
        QTest::newRow("also a --param") << QStringList{"BM=64,128"} << "BM=32"
                                        << "also given as --param";
        QStringList many;
        for (int v = 1; v <= 17; ++v)
            many.append(QString::number(v));
        QTest::newRow("too many combinations")
            << QStringList{"M=" + many.join(','), "N=" + many.join(','), "K=" + many.join(',')} << ""
            << "more than 4096 combinations";
    }
    void checkAxes()
    {
        QFETCH(QStringList, axisTexts);
        QFETCH(QString, fixedParam);
        QFETCH(QString, errorPart);
        QVariantMap fixed;
        if (!fixedParam.isEmpty())
            fixed[fixedParam.section('=', 0, 0)] = fixedParam.section('=', 1);
        const QString why = cli::checkAxes(reg2d(), fixed, axes(axisTexts));
        if (errorPart.isEmpty())
            QVERIFY2(why.isEmpty(), qPrintable(why));
        else
            QVERIFY2(why.contains(errorPart), qPrintable(why));
    }

    // The product in order (first axis slowest), the --param values in every point, and the
    // illegal combinations kept with the catalog's reason.
    void expansion()
    {
        const QVariantMap fixed{{"M", "2048"}};
        const QList<cli::SweepPoint> pts =
            cli::expandSweep(reg2d(), fixed, axes({"BM=64,128,512", "TM=4,7"}), QString());
        QStringList labels;
        for (const cli::SweepPoint &pt : pts)
            labels.append(pt.label);
        QCOMPARE(labels, (QStringList{"BM=64 TM=4", "BM=64 TM=7", "BM=128 TM=4", "BM=128 TM=7", "BM=512 TM=4",
                                      "BM=512 TM=7"}));
        const QList<bool> legal{true, false, true, false, false, false};
        for (qsizetype i = 0; i < pts.size(); ++i) {
            QCOMPARE(pts[i].illegal.isEmpty(), legal[i]);
            QCOMPARE(pts[i].given.value("M").toString(), QStringLiteral("2048"));
        }
        QVERIFY2(pts[1].illegal.contains("TM (7)"), qPrintable(pts[1].illegal));
        QVERIFY2(pts[4].illegal.contains("between 8 and 256"), qPrintable(pts[4].illegal));
        // A legal point carries the resolved values: its own axis values, the defaults beside.
        QCOMPARE(pts[2].params.value("BM").toLongLong(), 128);
        QCOMPARE(pts[2].params.value("TM").toLongLong(), 4);
        QCOMPARE(pts[2].params.value("M").toLongLong(), 2048);
        QCOMPARE(pts[2].params.value("BN"), reg2d().defaults().value("BN"));
    }

    // The device's shared-memory limit skips the tiles that need more; without one they stay.
    void smemLimit()
    {
        const kernels::KernelSpec *mma = kernels::Catalog::instance().find("gemm.mma_multistage");
        QVERIFY(mma);
        const QVariantMap fixed{{"BM", "128"}, {"BN", "128"}, {"BK", "64"}};
        const auto ax = axes({"STAGES=2,8"}); // 2 x 256 x 64 x 2 B = 64 KB; 8 stages 256 KB
        const QList<cli::SweepPoint> limited = cli::expandSweep(*mma, fixed, ax, "bf16", 232448);
        QCOMPARE(limited.size(), 2);
        QVERIFY2(limited[0].illegal.isEmpty(), qPrintable(limited[0].illegal));
        QVERIFY2(limited[1].illegal.contains("shared memory"), qPrintable(limited[1].illegal));
        const QList<cli::SweepPoint> unlimited = cli::expandSweep(*mma, fixed, ax, "bf16");
        QVERIFY(unlimited[1].illegal.isEmpty());
    }

    void dryRunJson()
    {
        const Run r = runCli({"run", "gemm.reg2d", "--param", "M=4096", "--param", "N=2048", "--axis",
                              "BM=64,128", "--axis", "TM=4,8,7", "--dry-run", "--json"});
        QCOMPARE(r.code, 0);
        const QJsonObject o = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(o["kernel"].toString(), QStringLiteral("gemm.reg2d"));
        QCOMPARE(o["combinations"].toInt(), 6);
        QCOMPARE(o["legal"].toArray().size(), 4);
        const QJsonArray skipped = o["skipped"].toArray();
        QCOMPARE(skipped.size(), 2);
        for (const auto &v : skipped) {
            QVERIFY(v.toObject()["label"].toString().endsWith("TM=7"));
            QVERIFY(!v.toObject()["reason"].toString().isEmpty());
        }
        QCOMPARE(o["legal"].toArray()[0].toObject()["params"].toObject()["N"].toString(),
                 QStringLiteral("2048"));
    }

    void badInput_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("errorPart");
        QTest::newRow("malformed axis") << QStringList{"--axis", "BM"} << "is not NAME=a,b,c";
        QTest::newRow("unknown parameter") << QStringList{"--axis", "XX=1,2"} << "has no parameter XX";
        QTest::newRow("nothing legal") << QStringList{"--axis", "BM=300,400"} << "no legal combination";
        QTest::newRow("dry-run without axis") << QStringList{"--dry-run"} << "--dry-run goes with --axis";
        QTest::newRow("arch without dry-run")
            << QStringList{"--axis", "BM=64", "--arch", "sm_90"} << "--arch goes with";
        QTest::newRow("bad arch") << QStringList{"--axis", "BM=64", "--dry-run", "--arch", "sm_x"}
                                  << "--arch";
        QTest::newRow("max-smem without dry-run")
            << QStringList{"--axis", "BM=64", "--max-smem", "1000"} << "--max-smem goes with --dry-run";
        QTest::newRow("jobs zero") << QStringList{"--axis", "BM=64", "--jobs", "0"} << "--jobs";
        QTest::newRow("profiled sweep")
            << QStringList{"--axis", "BM=64", "--profile"} << "cannot be profiled";
        QTest::newRow("remote sweep") << QStringList{"--axis", "BM=64", "--device", "all"} << "one device";
    }
    void badInput()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, errorPart);
        const Run r = runCli(QStringList{"run", "gemm.reg2d"} + args);
        QCOMPARE(r.code, 2);
        QVERIFY2(QString::fromUtf8(r.err).contains(errorPart), r.err.constData());
    }

    // With --arch the legal combinations compile (NVRTC, no GPU); none becomes illegal.
    void dryRunCompiles()
    {
        const Run r =
            runCli({"run", "gemm.reg2d", "--axis", "TM=4,8", "--dry-run", "--arch", "sm_90", "--json"});
        QCOMPARE(r.code, 0);
        QVERIFY2(r.err.contains("compiled 2 combinations for sm_90"), r.err.constData());
        const QJsonObject o = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(o["legal"].toArray().size(), 2);
    }
};

QTEST_GUILESS_MAIN(TestCliSweep)
#include "tst_cli_sweep.moc"
