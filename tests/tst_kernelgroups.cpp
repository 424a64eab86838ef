// model::groupMeasurements / summarizeKernels: launches of one kernel become one point
// per precision and level; each launch's time is counted once in the shares; RoofLab's own
// measurements group by key(); "bound" from the GPU's ridge; long names shortened. The
// benchmark groups 30,000 launches x 3 levels (run with -bench... options of QTest; not asserted).
#include "kernelgroups.h"

#include "gpu.h"

#include <QTest>

#include <cmath>

using model::Measurement;

namespace {

Measurement point(int id, const QString &kernel, const QString &grid, const QString &level, double flops,
                  double bytes, double seconds, const QString &precision = "fp32")
{
    Measurement m;
    m.kernel = kernel;
    // As NcuImport makes them: literal keys, the file's grid and block strings shared.
    static const QString block = QStringLiteral("(256, 1, 1)");
    m.params = {
        {QStringLiteral("ncu_id"), id}, {QStringLiteral("grid"), grid}, {QStringLiteral("block"), block}};
    m.dtype = precision == "bf16_tc" ? "bf16" : "fp32";
    m.precision = precision;
    m.level = level;
    m.flops = flops;
    m.bytes = bytes;
    m.time = {seconds, seconds, seconds, 1};
    m.source = "ncu";
    return m;
}

Measurement own(const QString &kernel, int n, double seconds)
{
    Measurement m;
    m.kernel = kernel;
    m.params = {{"n", n}};
    m.dtype = "fp32";
    m.flops = n;
    m.bytes = 12.0 * n;
    m.time = {seconds, seconds * 0.9, seconds * 1.1, 20};
    m.source = "rooflab";
    return m;
}

bool near(double a, double b)
{
    return std::abs(a - b) <= std::abs(b) * 1e-12;
}

// A whole application: 30,000 launches of 30 kernels, 3 levels each; the points of one launch
// share their strings and params, as NcuImport makes them.
QList<Measurement> application()
{
    QList<Measurement> ms;
    ms.reserve(90000);
    const QString grid = QStringLiteral("(132, 1, 1)");
    for (int i = 0; i < 30000; ++i) {
        const QString kernel = QStringLiteral("void app::kernel_%1<float, 128>(Params)").arg(i % 30);
        const double t = 1e-6 * (1 + i % 7);
        const Measurement base = point(i, kernel, grid, "hbm", 1e6, 1e5, t);
        for (const QString &level : {QStringLiteral("hbm"), QStringLiteral("l2"), QStringLiteral("l1")}) {
            Measurement m = base;
            m.level = level;
            ms.append(m);
        }
    }
    return ms;
}

} // namespace

class TestKernelGroups : public QObject
{
    Q_OBJECT

private slots:
    // One launch gives two points (hbm, l2) and a tensor point: its time counts once in the total.
    void launchTimeCountedOnce()
    {
        const QList<Measurement> ms = {
            point(0, "gemm", "(8, 1, 1)", "hbm", 100, 10, 4e-6, "bf16_tc"),
            point(0, "gemm", "(8, 1, 1)", "l2", 100, 40, 4e-6, "bf16_tc"),
            point(0, "gemm", "(8, 1, 1)", "hbm", 5, 10, 4e-6, "fp32"),
            point(1, "copy", "(8, 1, 1)", "hbm", 0, 64, 1e-6, ""),
        };
        const auto groups = model::groupMeasurements(ms);
        QCOMPARE(groups.size(), 4);
        // total time 5 us: gemm 4 us (each of its groups 80 %), copy 1 us
        for (const model::PointGroup &g : groups)
            QVERIFY2(near(g.share, g.kernel == "gemm" ? 0.8 : 0.2), qPrintable(g.key));
        QCOMPARE(groups[3].kernel, QString("copy"));
        const auto kernels = model::summarizeKernels(ms, nullptr);
        QCOMPARE(kernels.size(), 2);
        QCOMPARE(kernels[0].launches, 1);
        QVERIFY(near(kernels[0].timeS, 4e-6));
        QVERIFY(near(kernels[0].share, 0.8));
        QCOMPARE(kernels[0].precision, QString("bf16_tc"));
        QVERIFY(near(kernels[0].aiByLevel.value("hbm"), 10.0));
        QVERIFY(near(kernels[0].aiByLevel.value("l2"), 2.5));
        QVERIFY(near(kernels[0].flopPerS, 100 / 4e-6));
        QCOMPARE(kernels[0].members, (QList<int>{0, 1, 2}));
    }

    void sumsAndTimeStats()
    {
        QList<Measurement> ms;
        const double times[] = {3e-6, 1e-6, 2e-6, 10e-6};
        for (int i = 0; i < 4; ++i)
            ms.append(point(i, "k", "(8, 1, 1)", "hbm", 1000.0 * (i + 1), 100.0 * (i + 1), times[i]));
        ms.append(point(4, "k", "(16, 1, 1)", "hbm", 1, 1, 1e-6)); // another grid: its own group
        const auto groups = model::groupMeasurements(ms);
        QCOMPARE(groups.size(), 2);
        const model::PointGroup &g = groups[0];
        QCOMPARE(g.launches, 4);
        QCOMPARE(g.members, (QList<int>{0, 1, 2, 3}));
        QCOMPARE(g.flops, 10000.0);
        QCOMPARE(g.bytes, 1000.0);
        QVERIFY(near(g.timeS, 16e-6));
        QVERIFY(near(g.launchTime.min, 1e-6));
        QVERIFY(near(g.launchTime.median, 2.5e-6)); // even count: mean of 2 and 3 us
        QVERIFY(near(g.launchTime.max, 10e-6));
        QCOMPARE(g.launchTime.samples, 4);
        QVERIFY(near(g.ai(), 10.0));
        QVERIFY(near(g.flopPerS(), 10000 / 16e-6));
        QVERIFY(near(g.share, 16.0 / 17));
        QVERIFY(!g.params.contains("ncu_id"));
        QVERIFY(!g.key.contains("ncu_id"));
    }

    // RoofLab's own results: a group is one Measurement::key(), each measurement one launch.
    void ownMeasurementsByKey()
    {
        const QList<Measurement> ms = {own("memory.copy", 1 << 20, 2e-5), own("memory.copy", 1 << 22, 8e-5),
                                       own("memory.copy", 1 << 20, 4e-5)};
        const auto groups = model::groupMeasurements(ms);
        QCOMPARE(groups.size(), 2);
        QCOMPARE(groups[0].key, ms[1].key());
        QCOMPARE(groups[1].launches, 2);
        QVERIFY(near(groups[1].timeS, 6e-5));
        QVERIFY(near(groups[1].share, 6.0 / 14));
        QCOMPARE(groups[1].level, QString("hbm"));
        const auto kernels = model::summarizeKernels(ms, nullptr);
        QCOMPARE(kernels.size(), 2);
        QCOMPARE(kernels[1].launches, 2);
    }

    void boundFromRidge()
    {
        model::Gpu gpu;
        gpu.peaks.insert("fp32", {60e12, {}});
        gpu.bandwidth.insert("hbm", {4e12, {}}); // ridge 15 FLOP/B
        const QList<Measurement> ms = {point(0, "low", "(1, 1, 1)", "hbm", 140, 10, 1e-6),
                                       point(1, "high", "(1, 1, 1)", "hbm", 160, 10, 1e-6),
                                       point(2, "copy", "(1, 1, 1)", "hbm", 0, 10, 1e-6, "")};
        const auto kernels = model::summarizeKernels(ms, &gpu);
        QCOMPARE(kernels.size(), 3);
        for (const model::KernelSummary &k : kernels)
            QCOMPARE(k.bound, k.kernel == "high" ? QString("compute") : QString("memory (hbm)"));
        QVERIFY(model::summarizeKernels(ms, nullptr)[0].bound.isEmpty());
    }

    void shortNames_data()
    {
        QTest::addColumn<QString>("kernel");
        QTest::addColumn<QString>("shortName");
        QTest::newRow("cutlass")
            << "void cutlass::device_kernel<cutlass::gemm::kernel::GemmUniversal<cute::tuple<int, "
               "int, int, int>, cutlass::bfloat16_t, float>>(T1::Params)"
            << "cutlass::device_kernel<…>";
        QTest::newRow("plain") << "vector_add(float const*, float const*, float*, int)"
                               << "vector_add";
        QTest::newRow("cut at 48") << QString("k_") + QString(60, 'x') + "(int)"
                                   << QString("k_") + QString(45, 'x') + "…";
        QTest::newRow("no parameters") << "ampere_sgemm_128x64_nn"
                                       << "ampere_sgemm_128x64_nn";
    }
    void shortNames()
    {
        QFETCH(QString, kernel);
        QFETCH(QString, shortName);
        QCOMPARE(model::shortKernelName(kernel), shortName);
    }

    // 30,000 launches x 3 levels: the brief asks for well under 100 ms (measured, not asserted).
    void benchGroupApplication()
    {
        const QList<Measurement> ms = application();
        QList<model::PointGroup> groups;
        QBENCHMARK
        {
            groups = model::groupMeasurements(ms);
        }
        QCOMPARE(groups.size(), 90);
        int launches = 0;
        for (const model::PointGroup &g : groups)
            launches += g.launches;
        QCOMPARE(launches, 90000);
    }
    void benchSummarizeApplication()
    {
        const QList<Measurement> ms = application();
        QList<model::KernelSummary> kernels;
        QBENCHMARK
        {
            kernels = model::summarizeKernels(ms, nullptr);
        }
        QCOMPARE(kernels.size(), 30);
        QCOMPARE(kernels[0].launches + kernels[29].launches > 0, true);
    }
};

QTEST_GUILESS_MAIN(TestKernelGroups)
#include "tst_kernelgroups.moc"
