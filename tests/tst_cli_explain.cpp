// rooflab-cli explain: its JSON, the readable table, bad input, --gpu.
#include <QDirIterator>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <numeric>

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

// "4.21 ms" -> 4.21e-3: a figure as the formula prints it.
double shownSeconds(const QString &shown, bool *ok)
{
    static const QHash<QString, double> units = {{QStringLiteral("s"), 1},
                                                 {QStringLiteral("ms"), 1e-3},
                                                 {QString::fromUtf8("\u00b5s"), 1e-6},
                                                 {QStringLiteral("ns"), 1e-9}};
    const QStringList parts = shown.split(QLatin1Char(' '));
    *ok = parts.size() == 2 && units.contains(parts.at(1));
    bool number = false;
    const double v = parts.value(0).toDouble(&number);
    *ok = *ok && number;
    return *ok ? v * units.value(parts.at(1)) : 0;
}

// What a reader gets from the printed figures: each part as printed when it has its own figure
// (a leaf, or a sub-result with its own line), the operation done by hand.
double addUp(const QJsonObject &f, QString *bad)
{
    const QString op = f.value("op").toString();
    bool ok = true;
    if (op == QLatin1String("figure")) {
        const double v = shownSeconds(f.value("shown").toString(), &ok);
        if (!ok)
            *bad = f.value("shown").toString();
        return v;
    }
    QList<double> v;
    for (const QJsonValue &pv : f.value("parts").toArray()) {
        const QJsonObject part = pv.toObject();
        const bool printed = part.value("op").toString() == QLatin1String("figure") ||
                             !part.value("name").toString().isEmpty();
        double x = addUp(part, bad);
        if (printed) {
            x = shownSeconds(part.value("shown").toString(), &ok);
            if (!ok)
                *bad = part.value("shown").toString();
        }
        v.append(x);
    }
    if (v.isEmpty()) {
        *bad = QStringLiteral("an operation without parts");
        return 0;
    }
    if (op == QLatin1String("sum"))
        return std::accumulate(v.cbegin(), v.cend(), 0.0);
    if (op == QLatin1String("max"))
        return *std::max_element(v.cbegin(), v.cend());
    if (op == QLatin1String("overlap")) {
        const double p = f.value("p").toDouble();
        double sum = 0;
        for (double x : v)
            sum += std::pow(x, p);
        return std::pow(sum, 1.0 / p);
    }
    *bad = QStringLiteral("unknown op ") + op;
    return 0;
}

// Into the part that contributes most, down to a figure: the term it belongs to.
QString largestPath(const QJsonObject &f)
{
    if (f.value("op").toString() == QLatin1String("figure"))
        return f.value("term").toString();
    QJsonObject largest;
    for (const QJsonValue &pv : f.value("parts").toArray())
        if (largest.isEmpty() ||
            pv.toObject().value("seconds").toDouble() > largest.value("seconds").toDouble())
            largest = pv.toObject();
    return largestPath(largest);
}

QStringList figuresShown(const QJsonObject &f)
{
    if (f.value("op").toString() == QLatin1String("figure"))
        return {f.value("shown").toString()};
    QStringList out;
    for (const QJsonValue &pv : f.value("parts").toArray())
        out += figuresShown(pv.toObject());
    return out;
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

    // Every committed sample (resources/samples and its folders): adding up the figures the
    // formula prints, rounded as printed, gives the predicted time within 1 %, and the bound
    // term is the one the formula's largest parts lead to.
    void formulaAddsUpOverEverySample()
    {
        QStringList folders{QStringLiteral(ROOFLAB_SOURCE_RESOURCES_DIR "/samples")};
        QDirIterator dirs(folders.first(), QDir::Dirs | QDir::NoDotAndDotDot, QDirIterator::Subdirectories);
        while (dirs.hasNext())
            folders << dirs.next();
        const Run r = explain(folders + QStringList{"--json"});
        QCOMPARE(r.code, 0);
        const QJsonArray ms = QJsonDocument::fromJson(r.out).object().value("measurements").toArray();
        int checked = 0;
        double worst = 0;
        for (const QJsonValue &v : ms) {
            const QJsonObject m = v.toObject();
            if (m.value("predicted_s").isNull())
                continue;
            const QString what = QStringLiteral("%1 #%2 %3")
                                     .arg(m.value("file").toString())
                                     .arg(m.value("index").toInt())
                                     .arg(m.value("kernel").toString());
            const QJsonObject formula = m.value("formula").toObject();
            QString bad;
            const double added = addUp(formula, &bad);
            QVERIFY2(bad.isEmpty(), qPrintable(what + QStringLiteral(": ") + bad));
            const double predicted = m.value("predicted_s").toDouble();
            const double error = qAbs(added / predicted - 1);
            worst = std::max(worst, error);
            QVERIFY2(error < 0.01, qPrintable(QStringLiteral("%1: the figures add up to %2 s, predicted %3 s")
                                                  .arg(what)
                                                  .arg(added)
                                                  .arg(predicted)));
            QCOMPARE(m.value("bound").toString(), largestPath(formula));
            // The printed lines carry every figure, and end with the predicted time.
            const QStringList lines = m.value("formula_text").toVariant().toStringList();
            QVERIFY2(!lines.isEmpty(), qPrintable(what));
            for (const QString &figure : figuresShown(formula))
                QVERIFY2(lines.join(QLatin1Char('\n')).contains(figure),
                         qPrintable(what + QStringLiteral(": ") + figure));
            QVERIFY2(lines.last().endsWith(formula.value("shown").toString()), qPrintable(lines.last()));
            ++checked;
        }
        QVERIFY2(checked >= 173, qPrintable(QString::number(checked)));
        qInfo("%d predictions: the printed figures add up to within %.3f %% of each", checked, 100 * worst);
    }

    void tableEndsWithTheSummary()
    {
        const Run r = explain({sample("h200-gemm-ladder.json")});
        QCOMPARE(r.code, 0);
        QVERIFY(r.out.contains("gemm.warptiled"));
        QVERIFY(r.out.contains("median |gap|"));
        QVERIFY(r.out.contains("Not explained:"));         // the cuBLAS references, with the reason
        QVERIFY(!r.out.contains("how the terms combine")); // a long table: only with --formula
        // --formula: how the terms combine, row by row, ending with the predicted time.
        const Run f = explain({sample("h200-gemm-ladder.json"), "--kernel", "gemm.reg2d", "--formula"});
        QCOMPARE(f.code, 0);
        QVERIFY(f.out.contains("how the terms combine"));
        QVERIFY2(f.out.contains("throughput with latency = ((throughput "), f.out.constData());
        QVERIFY(f.out.contains("  predicted = max("));
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
