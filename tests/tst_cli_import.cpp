// rooflab-cli import: an Nsight Compute export becomes a results file and a
// per-kernel table; the default set's export lists its kernels and says which set gives points;
// a file it cannot read exits 2 with the message; a .ncu-rep goes through ncu (a stand-in here).
#include "resultset.h"
#include "standin.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

namespace {

struct Run
{
    int code = -1;
    QByteArray out, err;
};

Run cli(const QStringList &args, const QProcessEnvironment &env = QProcessEnvironment::systemEnvironment())
{
    QProcess p;
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(ROOFLAB_CLI), QStringList{"import"} + args);
    Run r;
    if (!p.waitForFinished(60000))
        return r;
    r.code = p.exitCode();
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    return r;
}

QString data(const char *name)
{
    return QStringLiteral(ROOFLAB_TEST_DATA "/ncu/") + QLatin1String(name);
}

bool near(double a, double b)
{
    return std::abs(a - b) <= std::abs(b) * 1e-9;
}

} // namespace

class TstCliImport : public QObject
{
    Q_OBJECT

private slots:
    // launches-grouping-raw.csv by hand: kA (8,1,1) 3 launches, 1000+3000+2000 ns, 2x6000 FFMA,
    // 16,384 DRAM bytes; kB 5000 ns; kA (16,1,1) 500 ns. Total 11,500 ns.
    void jsonTable()
    {
        const Run r = cli({data("launches-grouping-raw.csv"), "--json"});
        QCOMPARE(r.code, 0);
        const QJsonObject doc = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(doc.value("launches").toInt(), 5);
        QCOMPARE(doc.value("points").toInt(), 10);
        const QJsonArray kernels = doc.value("kernels").toArray();
        QCOMPARE(kernels.size(), 3);
        const QJsonObject a = kernels[0].toObject();
        QCOMPARE(a.value("kernel").toString(), QString("kA(float*)"));
        QCOMPARE(a.value("grid").toString(), QString("(8, 1, 1)"));
        QCOMPARE(a.value("launches").toInt(), 3);
        QVERIFY(near(a.value("time_s").toDouble(), 6000e-9));
        QVERIFY(near(a.value("share").toDouble(), 6000.0 / 11500));
        QVERIFY(near(a.value("flop_per_s").toDouble(), 12000 / 6000e-9));
        QVERIFY(near(a.value("ai").toObject().value("hbm").toDouble(), 12000.0 / 16384));
        QVERIFY(near(a.value("ai").toObject().value("l2").toDouble(), 12000.0 / 32768));
        const QJsonObject t = a.value("launch_time_s").toObject();
        QVERIFY(near(t.value("min").toDouble(), 1000e-9));
        QVERIFY(near(t.value("median").toDouble(), 2000e-9));
        QVERIFY(near(t.value("max").toDouble(), 3000e-9));
        QCOMPARE(a.value("precision").toString(), QString("fp32"));
        QCOMPARE(kernels[1].toObject().value("kernel").toString(), QString("kB(float*)"));
        QCOMPARE(kernels[2].toObject().value("grid").toString(), QString("(16, 1, 1)"));
    }

    void readableTable()
    {
        const Run r = cli({data("gemm-bf16-raw.csv"), "--gpu", "h200-sxm"});
        QCOMPARE(r.code, 0);
        const QString out = QString::fromUtf8(r.out);
        // the long template name shortened; bf16 at 771 TFLOP/s against the H200's ridge: compute
        QVERIFY2(out.contains("cutlass::device_kernel<…>"), qPrintable(out));
        QVERIFY2(!out.contains("GemmUniversal"), qPrintable(out));
        QVERIFY2(out.contains("BF16 Tensor"), qPrintable(out));
        QVERIFY2(out.contains("100.0%"), qPrintable(out));
        QVERIFY2(out.contains("compute"), qPrintable(out));
        QVERIFY2(out.contains("2 launch(es), 8 point(s) from 1 file(s)"), qPrintable(out));
        // --json keeps the full name
        const QJsonObject doc =
            QJsonDocument::fromJson(cli({data("gemm-bf16-raw.csv"), "--json"}).out).object();
        QVERIFY(doc.value("kernels").toArray()[0].toObject().value("kernel").toString().contains(
            "GemmUniversal"));
    }

    // Without --gpu the spec entry that decides "bound" is the export's device, matched as the
    // GUI matches it (model::matchGpu: name, compute capability, SM count). An H100 SXM names
    // itself "NVIDIA H100 80GB HBM3", in no entry's name; "NVIDIA H200" is in the H200 NVL's name
    // as well, but 132 SMs are the SXM's.
    void deviceMatchedWithoutGpu_data()
    {
        QTest::addColumn<QString>("device");
        QTest::addColumn<QString>("spec");
        QTest::newRow("H100 SXM") << "NVIDIA H100 80GB HBM3"
                                  << "h100-sxm";
        QTest::newRow("H200 SXM") << "NVIDIA H200"
                                  << "h200-sxm";
    }
    void deviceMatchedWithoutGpu()
    {
        QFETCH(QString, device);
        QFETCH(QString, spec);
        QFile in(data("gemm-bf16-raw.csv")); // 132 SMs, CC 9.0
        QVERIFY(in.open(QIODevice::ReadOnly));
        QByteArray csv = in.readAll();
        QVERIFY(csv.contains("\"NVIDIA H200\""));
        csv.replace("\"NVIDIA H200\"", '"' + device.toUtf8() + '"');
        QTemporaryDir dir;
        QFile out(dir.filePath("profile.csv"));
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(csv);
        out.close();

        const Run json = cli({out.fileName(), "--json"});
        QCOMPARE(json.code, 0);
        const QJsonObject doc = QJsonDocument::fromJson(json.out).object();
        QCOMPARE(doc.value("gpu").toString(), spec);
        QCOMPARE(doc.value("kernels").toArray()[0].toObject().value("bound").toString(), QString("compute"));
        // the table's bound column, and the same entry as --gpu names it
        const Run table = cli({out.fileName()});
        QCOMPARE(table.code, 0);
        const QString text = QString::fromUtf8(table.out);
        QVERIFY2(text.contains("compute"), qPrintable(text));
        QCOMPARE(table.out, cli({out.fileName(), "--gpu", spec}).out);
    }

    void writesResultsFile()
    {
        QTemporaryDir dir;
        const QString out = dir.filePath("profile.json");
        const Run r = cli({data("roofline-rates-raw.csv"), "--out", out});
        QVERIFY2(r.code == 0, r.err.constData());
        QString error;
        const auto rs = model::ResultSet::load(out, &error);
        QVERIFY2(rs, qPrintable(error));
        QCOMPARE(rs->measurements.size(), 3);
        QStringList levels;
        for (const model::Measurement &m : rs->measurements) {
            levels.append(m.level);
            QCOMPARE(m.extra.value("ncu").toObject().value("time").toString(),
                     QString("gpu__time_duration.sum"));
        }
        QCOMPARE(levels, (QStringList{"hbm", "l2", "l1"}));
        QCOMPARE(rs->tool.value("name").toString(), QString("ncu"));
    }

    void twoFilesKeepLaunchesApart()
    {
        const Run r = cli({data("launches-grouping-raw.csv"), data("smsp-names-raw.csv"), "--json"});
        QCOMPARE(r.code, 0);
        const QJsonObject doc = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(doc.value("launches").toInt(), 6);
        QCOMPARE(doc.value("kernels").toArray().size(), 4);
    }

    // The default set: the kernel list with time and % of peak, then the message.
    void defaultSetListsKernels()
    {
        const Run r = cli({data("basic-set-raw.csv")});
        QCOMPARE(r.code, 0);
        const QString out = QString::fromUtf8(r.out);
        QVERIFY2(out.contains("gemm_tiled<…>") && out.contains("relu"), qPrintable(out));
        QVERIFY2(out.contains("sm__throughput %"), qPrintable(out));
        QVERIFY2(out.contains("90.2"), qPrintable(out)); // mean of 90.1 and 90.3
        QVERIFY2(out.contains("2.49 ms"), qPrintable(out));
        QVERIFY2(out.indexOf("--set roofline") > out.indexOf("relu"), qPrintable(out));
        const QJsonObject doc =
            QJsonDocument::fromJson(cli({data("basic-set-raw.csv"), "--json"}).out).object();
        QCOMPARE(doc.value("points").toInt(), 0);
        QVERIFY(doc.value("no_points").toString().contains("a FLOP count"));
        const QJsonObject gemm = doc.value("kernels").toArray()[0].toObject();
        QCOMPARE(gemm.value("launches").toInt(), 2);
        QVERIFY(near(gemm.value("time_s").toDouble(), 2.49e-3));
        QVERIFY(near(gemm.value("percents")
                         .toObject()
                         .value("dram__throughput.avg.pct_of_peak_sustained_elapsed")
                         .toDouble(),
                     12.375));
        // no points, so no results file
        QTemporaryDir dir;
        const Run w = cli({data("basic-set-raw.csv"), "--out", dir.filePath("x.json")});
        QCOMPARE(w.code, 2);
        QVERIFY(!QFile::exists(dir.filePath("x.json")));
        QVERIFY2(w.err.contains("no results file was written"), w.err.constData());
    }

    void badInput_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("message");
        QTest::newRow("not an ncu file") << data("bad-not-ncu.csv") << "is not an Nsight Compute CSV export";
        QTest::newRow("header only") << data("bad-header-only.csv") << "no kernel launches";
        QTest::newRow("missing") << data("no-such-file.csv") << "cannot be opened";
        QTest::newRow("a folder") << QString(ROOFLAB_TEST_DATA "/ncu") << "is a folder";
    }
    void badInput()
    {
        QFETCH(QString, file);
        QFETCH(QString, message);
        const Run r = cli({file});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains(message.toUtf8()), r.err.constData());
        QVERIFY2(r.err.contains(file.toUtf8()), r.err.constData());
    }

    // A .ncu-rep is exported by ncu: here a stand-in that prints a committed export.
    void reportThroughNcu()
    {
        QTemporaryDir dir;
        const QString fake = rooflab::test::writeScript(
            dir.filePath("ncu"), "exec cat '" + data("launches-grouping-raw.csv").toUtf8() + "'\n");
        QVERIFY(!fake.isEmpty());
        const QString report = dir.filePath("app.ncu-rep");
        QFile rep(report);
        QVERIFY(rep.open(QIODevice::WriteOnly));
        rep.write("not read by RoofLab: ncu reads it");
        rep.close();
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert("ROOFLAB_NCU", fake);
        env.insert("XDG_CONFIG_HOME", dir.filePath("config")); // no "ncu/path" setting from elsewhere
        env.insert("HOME", dir.path());
        const Run r = cli({report, "--json"}, env);
        QVERIFY2(r.code == 0, r.err.constData());
        const QJsonObject doc = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(doc.value("launches").toInt(), 5);
        QCOMPARE(doc.value("kernels").toArray()[0].toObject().value("launches").toInt(), 3);
        // Without any ncu: exit 2 and the one line saying Nsight Compute is needed.
        env.insert("ROOFLAB_NCU", dir.filePath("missing-ncu"));
        env.insert("PATH", dir.filePath("empty"));
        env.insert("CUDA_HOME", dir.filePath("empty"));
        env.insert("CUDA_PATH", dir.filePath("empty"));
        const Run none = cli({report}, env);
        QCOMPARE(none.code, 2);
        QVERIFY2(none.err.contains("Nsight Compute"), none.err.constData());
    }
};

QTEST_GUILESS_MAIN(TstCliImport)
#include "tst_cli_import.moc"
