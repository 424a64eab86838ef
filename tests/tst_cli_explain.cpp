// rooflab-cli explain: the JSON the issue specifies, the readable table, bad input, --gpu.
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

Run explain(const QStringList &args)
{
    QProcess p;
    p.start(QStringLiteral(ROOFLAB_CLI), QStringList{"explain"} + args);
    Run r;
    if (!p.waitForFinished(60000))
        return r;
    r.code = p.exitCode();
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    return r;
}

QString sample(const char *name)
{
    return QStringLiteral(ROOFLAB_SOURCE_RESOURCES_DIR "/samples/") + QLatin1String(name);
}

} // namespace

class TstCliExplain : public QObject
{
    Q_OBJECT

private slots:
    void jsonHasEveryField()
    {
        const Run r = explain({sample("h200-gemm-ladder.json"), sample("h200-suite.json"), "--json"});
        QCOMPARE(r.code, 0);
        const QJsonObject doc = QJsonDocument::fromJson(r.out).object();
        const QJsonArray ms = doc.value("measurements").toArray();
        QVERIFY(ms.size() > 50);
        int explained = 0;
        for (const QJsonValue &v : ms) {
            const QJsonObject m = v.toObject();
            for (const char *key :
                 {"file", "index", "kernel", "dtype", "params", "measured_s", "predicted_s"})
                QVERIFY2(m.contains(QLatin1String(key)), key);
            if (m.value("predicted_s").isNull()) {
                QVERIFY2(!m.value("reason").toString().isEmpty(), "an unexplained row says why");
                continue;
            }
            ++explained;
            const QJsonObject terms = m.value("terms").toObject();
            for (const char *t : {"compute", "issue", "smem", "l1", "l2", "hbm", "latency", "waves"})
                QVERIFY2(terms.contains(QLatin1String(t)), t);
            const double gap = m.value("gap").toDouble();
            QVERIFY(qAbs(gap - (m.value("measured_s").toDouble() / m.value("predicted_s").toDouble() - 1)) <
                    1e-9);
            QVERIFY(!m.value("bound").toString().isEmpty());
            QVERIFY(m.value("notes").isArray());
        }
        QVERIFY(explained > 50);
        const QJsonObject s = doc.value("summary").toObject();
        QCOMPARE(s.value("n").toInt(), explained);
        QVERIFY(s.value("median_abs_gap").toDouble() > 0);
        QVERIFY(s.value("spearman").toObject().contains("gemm.reg2d"));
    }

    void tableEndsWithTheSummary()
    {
        const Run r = explain({sample("h200-gemm-ladder.json")});
        QCOMPARE(r.code, 0);
        QVERIFY(r.out.contains("gemm.warptiled"));
        QVERIFY(r.out.contains("median |gap|"));
        QVERIFY(r.out.contains("Not explained:")); // the cuBLAS references, with the reason
    }

    // Another GPU: predictions only, no gaps.
    void anotherGpuIsAPrediction()
    {
        const Run r = explain({sample("h200-gemm-ladder.json"), "--gpu", "a100-sxm4-80gb", "--json"});
        QCOMPARE(r.code, 0);
        const QJsonObject doc = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(doc.value("summary").toObject().value("prediction_for").toString(),
                 QStringLiteral("a100-sxm4-80gb"));
        for (const QJsonValue &v : doc.value("measurements").toArray())
            QVERIFY(v.toObject().value("gap").isNull());
    }

    // --ceilings FILE is honoured or refused with one line; never ignored. The validation's
    // HBM copy: -0.7 % against the ceilings measured beside it, +12.4 % against the datasheet.
    void ceilingsHonouredOrRefused_data()
    {
        QTest::addColumn<QString>("ceilings"); // "other-gpu": the validation's ceilings said to be an H100's
        QTest::addColumn<int>("code");
        QTest::addColumn<QString>("origin");
        QTest::addColumn<double>("gap"); // percent
        QTest::addColumn<QString>("message");
        QTest::newRow("named file honoured")
            << sample("h200-validation/h200-ceilings.json") << 0 << "named" << -0.7 << "";
        QTest::newRow("no file named: the samples measured on the H200")
            << QString() << 0 << "samples" << -0.7 << "";
        QTest::newRow("another GPU's ceilings refused")
            << QStringLiteral("other-gpu") << 2 << "" << 0.0 << "not on NVIDIA H200";
        QTest::newRow("a file without measured ceilings refused")
            << sample("h200-gemm-ladder.json") << 2 << "" << 0.0 << "no measured ceilings";
    }
    void ceilingsHonouredOrRefused()
    {
        QFETCH(QString, ceilings);
        QFETCH(int, code);
        QFETCH(QString, origin);
        QFETCH(double, gap);
        QFETCH(QString, message);
        QTemporaryDir dir;
        if (ceilings == QLatin1String("other-gpu")) {
            QFile in(sample("h200-validation/h200-ceilings.json"));
            QVERIFY(in.open(QIODevice::ReadOnly));
            QJsonObject doc = QJsonDocument::fromJson(in.readAll()).object();
            doc["device"] = QJsonObject{{"name", "NVIDIA H100 80GB HBM3"}, {"spec", "h100-sxm"}};
            ceilings = dir.filePath("h100-ceilings.json");
            QFile out(ceilings);
            QVERIFY(out.open(QIODevice::WriteOnly));
            out.write(QJsonDocument(doc).toJson());
        }
        QStringList args = {sample("h200-validation/11-copy_n134217728_variantvector.json"), "--json"};
        if (!ceilings.isEmpty())
            args << "--ceilings" << ceilings;
        const Run r = explain(args);
        QCOMPARE(r.code, code);
        if (code != 0) {
            QVERIFY2(QString::fromUtf8(r.err).contains(message), r.err.constData());
            QCOMPARE(r.err.trimmed().count('\n'), 0); // one line
            QVERIFY(r.out.isEmpty());
            return;
        }
        const QJsonArray ms = QJsonDocument::fromJson(r.out).object().value("measurements").toArray();
        QCOMPARE(ms.size(), 1);
        const QJsonObject m = ms.first().toObject();
        QCOMPARE(m.value("ceilings").toObject().value("origin").toString(), origin);
        QVERIFY(m.value("ceilings").toObject().value("file").toString().endsWith("h200-ceilings.json"));
        QCOMPARE(std::round(1000 * m.value("gap").toDouble()) / 10, gap);
    }

    // The ceilings of each file are named in the table too.
    void tableNamesTheCeilings()
    {
        const Run r = explain({sample("h200-gemm-ladder.json"), sample("h200-suite.json")});
        QCOMPARE(r.code, 0);
        QVERIFY2(
            r.out.contains("Ceilings for h200-gemm-ladder.json: measured ceilings of the files beside it "
                           "from the same GPU (h200-suite.json)"),
            r.out.constData());
        QVERIFY(r.out.contains(
            "Ceilings for h200-suite.json: measured ceilings of its own file (h200-suite.json)"));
    }

    void badInput_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        QTest::newRow("no file") << QStringList{} << QStringLiteral("at least one results file");
        QTest::newRow("missing file") << QStringList{"/nonexistent/x.json"} << QStringLiteral("x.json");
        QTest::newRow("unknown --gpu")
            << QStringList{sample("h200-suite.json"), "--gpu", "nope"} << QStringLiteral("nope");
        QTest::newRow("not JSON") << QStringList{QStringLiteral(ROOFLAB_TEST_DATA "/../CMakeLists.txt")}
                                  << QStringLiteral("CMakeLists.txt");
    }
    void badInput()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        const Run r = explain(args);
        QCOMPARE(r.code, 2);
        QVERIFY2(QString::fromUtf8(r.err).contains(message), r.err.constData());
    }
};

QTEST_GUILESS_MAIN(TstCliExplain)
#include "tst_cli_explain.moc"
