// model::chooseCeilings: which measured ceilings a measurement is judged against (its own
// file, the files beside it, a named file, RoofLab's samples, the datasheet) and why.
#include "ceilingpolicy.h"
#include "gpu.h"

#include <QTest>

namespace {

model::Gpu gpu(const QString &id)
{
    model::Gpu g;
    g.id = id;
    g.name = id == QLatin1String("h200-sxm") ? QStringLiteral("NVIDIA H200") : QStringLiteral("NVIDIA A100");
    return g;
}

// A set measured on `spec` ("" = none given): a datasheet copy always, and an HBM copy
// ceiling of `hbm` B/s when hbm > 0.
model::ResultSet set(const QString &spec, double hbm)
{
    model::ResultSet s;
    s.device.spec = spec;
    s.device.name = gpu(spec).name;
    s.ceilings << model::MeasuredCeiling{"memory", "hbm", {}, 4.8e12, "B/s", "datasheet", 0, {}};
    if (hbm > 0)
        s.ceilings << model::MeasuredCeiling{"memory", "hbm", {}, hbm, "B/s", "hbm_copy", 0, {}};
    return s;
}

const QString H200 = QStringLiteral("h200-sxm");
const QString A100 = QStringLiteral("a100-sxm4-80gb");

} // namespace

class TstCeilingPolicy : public QObject
{
    Q_OBJECT

private slots:
    // Own 1.0, suite 2.0, named 3.0, samples 4.0 TB/s: the value tells which was chosen.
    void order_data()
    {
        QTest::addColumn<QString>("target"); // the GPU predicted for
        QTest::addColumn<QString>("own");    // device of the own file ("-": no own file)
        QTest::addColumn<bool>("ownMeasured");
        QTest::addColumn<QString>("suite"); // device of the file beside it ("-": none)
        QTest::addColumn<QString>("named"); // device of --ceilings ("-": none)
        QTest::addColumn<bool>("namedMeasured");
        QTest::addColumn<QString>("origin");
        QTest::addColumn<double>("hbm"); // 0: the datasheet (no measured HBM)
        QTest::addColumn<QString>("refused");

        QTest::newRow("own file first")
            << H200 << H200 << true << H200 << "-" << false << "own" << 1e12 << "";
        QTest::newRow("the suite beside it")
            << H200 << H200 << false << H200 << "-" << false << "suite" << 2e12 << "";
        QTest::newRow("a suite of another GPU is not used")
            << H200 << H200 << false << A100 << "-" << false << "samples" << 4e12 << "";
        QTest::newRow("named honoured")
            << H200 << H200 << false << "-" << H200 << true << "named" << 3e12 << "";
        QTest::newRow("named after the suite")
            << H200 << H200 << false << H200 << H200 << true << "suite" << 2e12 << "come first";
        QTest::newRow("named after its own ceilings")
            << H200 << H200 << true << "-" << H200 << true << "own" << 1e12 << "come first";
        QTest::newRow("named from another GPU refused")
            << H200 << H200 << false << "-" << A100 << true << "samples" << 4e12 << "not on NVIDIA H200";
        QTest::newRow("named with no measured ceilings refused")
            << H200 << H200 << false << "-" << H200 << false << "samples" << 4e12 << "no measured ceilings";
        QTest::newRow("samples when nothing else") << H200 << "-" << false << "-"
                                                   << "-" << false << "samples" << 4e12 << "";
        QTest::newRow("datasheet for a GPU nothing measured") << A100 << "-" << false << "-"
                                                              << "-" << false << "datasheet" << 0.0 << "";
        // explain --gpu: the file's ceilings belong to the GPU that ran it.
        QTest::newRow("own file of another GPU")
            << A100 << H200 << true << H200 << "-" << false << "datasheet" << 0.0 << "";
        QTest::newRow("named for the other GPU")
            << A100 << H200 << true << "-" << A100 << true << "named" << 3e12 << "";
    }
    void order()
    {
        QFETCH(QString, target);
        QFETCH(QString, own);
        QFETCH(bool, ownMeasured);
        QFETCH(QString, suite);
        QFETCH(QString, named);
        QFETCH(bool, namedMeasured);
        QFETCH(QString, origin);
        QFETCH(double, hbm);
        QFETCH(QString, refused);

        const model::Gpu g = gpu(target);
        const model::ResultSet ownSet = set(own, ownMeasured ? 1e12 : 0);
        const model::ResultSet suiteSet = set(suite, 2e12);
        const model::ResultSet namedSet = set(named, namedMeasured ? 3e12 : 0);
        const model::ResultSet samplesSet = set(H200, 4e12);
        model::CeilingRequest r;
        r.gpu = &g;
        if (own != QLatin1String("-"))
            r.own = {QStringLiteral("run.json"), &ownSet};
        if (suite != QLatin1String("-"))
            r.suite = {{QStringLiteral("run.json"), &ownSet}, {QStringLiteral("suite.json"), &suiteSet}};
        if (named != QLatin1String("-"))
            r.named = {QStringLiteral("named.json"), &namedSet};
        r.samplesOverride = {{QStringLiteral("samples.json"), &samplesSet}};

        const model::CeilingChoice c = model::chooseCeilings(r);
        QCOMPARE(model::CeilingChoice::originName(c.origin), origin);
        QCOMPARE(c.machine.hbmBytesPerS.value_or(0), hbm);
        QVERIFY(!c.reason.isEmpty());
        if (hbm > 0)
            QVERIFY2(c.machine.source == c.reason, qPrintable(c.machine.source)); // shown with the prediction
        if (refused.isEmpty())
            QVERIFY2(c.namedRefused.isEmpty(), qPrintable(c.namedRefused));
        else
            QVERIFY2(c.namedRefused.contains(refused), qPrintable(c.namedRefused));
        QVERIFY(!c.namedRefused.contains(QLatin1Char('\n'))); // one line
    }

    void noGpuIsTheDatasheet()
    {
        const model::ResultSet named = set(H200, 3e12);
        model::CeilingRequest r;
        r.named = {QStringLiteral("named.json"), &named};
        const model::CeilingChoice c = model::chooseCeilings(r);
        QCOMPARE(c.origin, model::CeilingChoice::Origin::Datasheet);
        QVERIFY(!c.namedRefused.isEmpty());
    }

    // The bundled samples: measured on the H200, found through the resource folder.
    void bundledSamples()
    {
        const model::Gpu h200 = gpu(H200);
        model::CeilingRequest r;
        r.gpu = &h200;
        const model::CeilingChoice c = model::chooseCeilings(r);
        QCOMPARE(c.origin, model::CeilingChoice::Origin::Samples);
        QCOMPARE(c.file, QStringLiteral("h200-ceilings.json"));
        QVERIFY(c.machine.hbmBytesPerS.value_or(0) > 4e12 && c.machine.hbmBytesPerS.value_or(0) < 4.8e12);
        QVERIFY(c.machine.l2BytesPerS.has_value());
        for (const model::MeasuredCeiling &m : c.measured)
            QVERIFY(m.probe != QLatin1String("datasheet"));
        r.samples = false;
        QCOMPARE(model::chooseCeilings(r).origin, model::CeilingChoice::Origin::Datasheet);
    }

    // A file measured before probe.l2_bulk existed: its own ceilings, and the copy engine's L2
    // rate from the samples of the same GPU, said in the reason; none from another GPU's.
    void copyEngineRateFromTheSamples()
    {
        const model::Gpu h200 = gpu(H200);
        const model::ResultSet own = set(H200, 1e12);
        model::ResultSet samples = set(H200, 4e12), other = set(A100, 4e12);
        const model::MeasuredCeiling bulk{"memory", "l2", {}, 11e12, "B/s", "l2_bulk", 0, {}};
        samples.ceilings << bulk;
        other.ceilings << bulk;
        model::CeilingRequest r;
        r.gpu = &h200;
        r.own = {QStringLiteral("old.json"), &own};
        r.samplesOverride = {{QStringLiteral("a100-samples.json"), &other},
                             {QStringLiteral("h200-samples.json"), &samples}};
        model::CeilingChoice c = model::chooseCeilings(r);
        QCOMPARE(c.origin, model::CeilingChoice::Origin::OwnFile);
        QCOMPARE(*c.machine.hbmBytesPerS, 1e12); // the file's own
        QCOMPARE(c.machine.l2BulkBytesPerS.value_or(0), 11e12);
        QVERIFY2(c.reason.contains(QLatin1String("h200-samples.json")), qPrintable(c.reason));
        QCOMPARE(c.machine.source, c.reason);
        for (const model::MeasuredCeiling &m : c.measured) // the drawn roofs stay the file's
            QVERIFY(m.probe != QLatin1String("l2_bulk"));
        r.samples = false; // no samples: nothing filled in
        QVERIFY(!model::chooseCeilings(r).machine.l2BulkBytesPerS);
        r.samples = true;
        r.samplesOverride = {{QStringLiteral("a100-samples.json"), &other}};
        QVERIFY(!model::chooseCeilings(r).machine.l2BulkBytesPerS);
    }
};

QTEST_GUILESS_MAIN(TstCeilingPolicy)
#include "tst_ceilingpolicy.moc"
