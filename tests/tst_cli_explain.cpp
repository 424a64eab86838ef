// rooflab-cli explain: the JSON the issue specifies, the readable table, bad input, --gpu.
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
