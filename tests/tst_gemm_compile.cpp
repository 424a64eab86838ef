// The GEMM ladder compiles with NVRTC for every architecture it targets, over a sweep of tile
// configurations, and illegal configurations are refused with a reason. No GPU needed.
#include "catalog.h"
#include "compiler.h"
#include "gemmladder.h"
#include "hostfloat.h"
#include "kernelpaths.h"
#include "src/rng.cuh"

#include <QtTest>

using namespace kernels;

Q_DECLARE_METATYPE(QVariantMap)

class TestGemmCompile : public QObject
{
    Q_OBJECT

private:
    static QString rowName(const QVariantMap &p)
    {
        if (p.isEmpty())
            return QStringLiteral("default");
        QStringList parts;
        for (auto it = p.begin(); it != p.end(); ++it)
            parts.append(it.key() + '=' + it.value().toString());
        return parts.join(',');
    }

    Compiler m_compiler;

private slots:
    void initTestCase()
    {
        QVERIFY2(!kernelSourceDir().isEmpty(), "kernel sources not found");
        QVERIFY2(!cudaIncludeDir().isEmpty(), "CUDA include folder not found");
        m_compiler.setCacheEnabled(false); // compile for real every time
    }

    // Each tile parameter is declared once, in the catalog: a step's source takes it from the
    // -D defines and holds no default of its own that could differ (step 9's BN once read 128
    // in its source and 256 in the catalog). The compile tests below show the defines suffice.
    void sourcesHoldNoParameterDefaults_data()
    {
        QTest::addColumn<QString>("id");
        for (const QString &id : gemm::ladderIds())
            QTest::newRow(qPrintable(id)) << id;
    }
    void sourcesHoldNoParameterDefaults()
    {
        QFETCH(QString, id);
        const KernelSpec *k = Catalog::instance().find(id);
        QVERIFY(k);
        QFile f(kernelSourceDir() + QLatin1Char('/') + k->source);
        QVERIFY2(f.open(QIODevice::ReadOnly), qPrintable(f.fileName()));
        const QString text = QString::fromUtf8(f.readAll());
        QStringList names = {QStringLiteral("DT")};
        for (const ParamSpec &ps : k->params)
            names << ps.name;
        int declared = 0;
        for (const QString &name : std::as_const(names)) {
            const QRegularExpression define(QStringLiteral("^\\s*#\\s*define\\s+%1\\b").arg(name),
                                            QRegularExpression::MultilineOption);
            QVERIFY2(
                !define.match(text).hasMatch(),
                qPrintable(
                    QStringLiteral("%1 defines %2 itself: the catalog declares it").arg(k->source, name)));
            declared += text.contains(QStringLiteral("!defined(%1)").arg(name)) ? 1 : 0;
        }
        QVERIFY2(declared > 0, "the source names the parameters it needs from the catalog");
    }

    void everyStepIsRegistered()
    {
        const Catalog &c = Catalog::instance();
        const QStringList expected = {
            "gemm.naive",          "gemm.coalesced",   "gemm.smem_tiled",       "gemm.reg1d",
            "gemm.reg2d",          "gemm.vectorized",  "gemm.warptiled",        "gemm.wmma",
            "gemm.mma_multistage", "gemm.wgmma_tma",   "gemm.wgmma_persistent", "gemm.wgmma_cluster",
            "gemm.cublas_sgemm",   "gemm.cublas_tf32", "gemm.cublas_bf16"};
        for (const QString &id : expected) {
            const KernelSpec *k = c.find(id);
            QVERIFY2(k, qPrintable(id));
            QCOMPARE(k->workload, QStringLiteral("gemm"));
            QVERIFY(k->param("M") && k->param("N") && k->param("K"));
            QCOMPARE(k->testCases.size(), 3);
            // The workload's FLOPs: 2MNK.
            const auto w = k->work(k->defaults(), *model::parseDtype(k->defaultDtype()));
            const double M = k->param("M")->defaultValue.toDouble();
            QCOMPARE(w.flops, 2 * M * M * M);
        }
        // The ladder writes fp32 C whatever its inputs; cuBLAS bf16 writes C in bf16.
        const QVariantMap shape{{"M", 1000}, {"N", 80}, {"K", 1008}};
        const double ab = 2.0 * (1000 * 1008 + 80 * 1008);
        for (const char *id : {"gemm.wmma", "gemm.mma_multistage", "gemm.wgmma_tma", "gemm.wgmma_cluster"})
            QCOMPARE(c.find(QLatin1String(id))->work(shape, model::Dtype::Bf16).bytes, ab + 4.0 * 1000 * 80);
        QCOMPARE(c.find(QStringLiteral("gemm.cublas_bf16"))->work(shape, model::Dtype::Bf16).bytes,
                 ab + 2.0 * 1000 * 80);
        const QStringList ladder = gemm::ladderIds();
        QCOMPARE(ladder.mid(0, 12), expected.mid(0, 12));
        // The fp8 step closes the ladder; cuBLASLt fp8 is its reference, with the same e4m3
        // inputs and an fp32 C: 1-byte operands and 4-byte results in the traffic.
        QCOMPARE(ladder.last(), QStringLiteral("gemm.wgmma_fp8"));
        QVERIFY(gemm::referenceIds().contains("gemm.cublaslt_fp8"));
        QCOMPARE(gemm::referenceFor("gemm.wgmma_fp8"), QStringLiteral("gemm.cublaslt_fp8"));
        QCOMPARE(gemm::archFor("gemm.wgmma_fp8", 9, 0), QStringLiteral("sm_90a"));
        QVERIFY(gemm::usesTensorCores("gemm.wgmma_fp8") && gemm::usesTma("gemm.wgmma_fp8"));
        QVERIFY(!gemm::isPersistent("gemm.wgmma_fp8") && !gemm::usesTma("gemm.cublaslt_fp8"));
        QVERIFY(gemm::tileParams("gemm.wgmma_fp8").contains("GROUP"));
        for (const QString &id : {QStringLiteral("gemm.wgmma_fp8"), QStringLiteral("gemm.cublaslt_fp8")}) {
            const KernelSpec *k = c.find(id);
            QVERIFY2(k, qPrintable(id));
            QCOMPARE(k->dtypes, QStringList{"fp8"});
            QCOMPARE(k->precision, QStringLiteral("fp8_tc"));
            QCOMPARE(k->testCases.size(), 3);
            const auto w = k->work({{"M", 1000}, {"N", 80}, {"K", 1008}}, model::Dtype::Fp8);
            QCOMPARE(w.flops, 2.0 * 1000 * 80 * 1008);
            QCOMPARE(w.bytes, 1000.0 * 1008 + 80.0 * 1008 + 4.0 * 1000 * 80);
            for (const QVariantMap &p : k->testCases) // sizes cuBLASLt fp8 and TMA take
                QVERIFY(p["K"].toInt() % 16 == 0 && p["N"].toInt() % 16 == 0);
        }
        // The same tile rules and shared memory as step 10: 128-byte rows of K either way.
        const QVariantMap t{{"M", 8192}, {"N", 8192},   {"K", 8192},     {"BM", 128},
                            {"BN", 256}, {"STAGES", 4}, {"CONSUMERS", 2}};
        QCOMPARE(gemm::dynamicSmemBytes("gemm.wgmma_fp8", t), gemm::dynamicSmemBytes("gemm.wgmma_tma", t));
        QCOMPARE(gemm::launchShape("gemm.wgmma_fp8", t, 132).gridX, 64 * 32);
        QCOMPARE(gemm::threadsPerBlock("gemm.wgmma_fp8", t), 384);
        QCOMPARE(gemm::referenceFor("gemm.warptiled"), QStringLiteral("gemm.cublas_sgemm"));
        QCOMPARE(gemm::referenceFor("gemm.mma_multistage"), QStringLiteral("gemm.cublas_bf16"));
        QCOMPARE(gemm::archFor("gemm.wgmma_tma", 9, 0), QStringLiteral("sm_90a"));
        QCOMPARE(gemm::archFor("gemm.wgmma_persistent", 9, 0), QStringLiteral("sm_90a"));
        QCOMPARE(gemm::referenceFor("gemm.wgmma_persistent"), QStringLiteral("gemm.cublas_bf16"));
        QVERIFY(gemm::usesTensorCores("gemm.wgmma_persistent") && gemm::usesTma("gemm.wgmma_persistent"));
        QVERIFY(gemm::isPersistent("gemm.wgmma_persistent") && !gemm::isPersistent("gemm.wgmma_tma"));
        QCOMPARE(gemm::archFor("gemm.wgmma_cluster", 9, 0), QStringLiteral("sm_90a"));
        QCOMPARE(gemm::referenceFor("gemm.wgmma_cluster"), QStringLiteral("gemm.cublas_bf16"));
        QVERIFY(gemm::usesTma("gemm.wgmma_cluster") && gemm::isPersistent("gemm.wgmma_cluster"));
        QVERIFY(gemm::tileParams("gemm.wgmma_cluster").contains("CLUSTER_M") &&
                gemm::tileParams("gemm.wgmma_cluster").contains("CLUSTER_N"));
        QCOMPARE(gemm::archFor("gemm.wmma", 8, 6), QStringLiteral("sm_86"));
        // The tensor-core kernels take a GROUP (swizzled block order) parameter.
        for (const QString &id :
             QStringList{"gemm.wmma", "gemm.mma_multistage", "gemm.wgmma_tma", "gemm.wgmma_persistent"})
            QVERIFY(gemm::tileParams(id).contains("GROUP"));
    }

    // The persistent step runs one block per SM at most, each looping over tiles; its shared
    // memory holds the stages and two 8 KB epilogue chunks per consumer warpgroup.
    void persistentLaunchShape()
    {
        const QVariantMap p{{"M", 8192}, {"N", 8192},   {"K", 8192},      {"BM", 128},
                            {"BN", 256}, {"STAGES", 4}, {"CONSUMERS", 2}, {"GROUP", 8}};
        QCOMPARE(gemm::launchShape("gemm.wgmma_persistent", p, 132).gridX, 132);
        QCOMPARE(gemm::launchShape("gemm.wgmma_persistent", p, 0).gridX, 64 * 32);
        QCOMPARE(gemm::launchShape("gemm.wgmma_tma", p, 132).gridX, 64 * 32); // not persistent
        QVariantMap small = p;
        small["M"] = 300;
        small["N"] = 300; // 3 x 2 tiles: fewer than the SMs
        QCOMPARE(gemm::launchShape("gemm.wgmma_persistent", small, 132).gridX, 6);
        QCOMPARE(gemm::launchShape("gemm.wgmma_persistent", p, 132).threads(), 384);
        QCOMPARE(gemm::dynamicSmemBytes("gemm.wgmma_persistent", p), 4 * 384 * 128 + 2 * 16384 + 1024 + 64);
        QCOMPARE(gemm::dynamicSmemBytes("gemm.wgmma_tma", p), 4 * 384 * 128 + 1024 + 64);
        // Five stages of 128 x 192 fit step 10 but not step 11 (its epilogue buffers).
        QVariantMap five = p;
        five["BN"] = 192;
        five["STAGES"] = 5;
        QVERIFY(gemm::illegalReason("gemm.wgmma_tma", five, 232448).isEmpty());
        QVERIFY(gemm::illegalReason("gemm.wgmma_persistent", five, 232448).contains("shared memory"));

        // Step 12: pairs of blocks (a cluster of 2 along x), at most one pair per two SMs, over
        // tiles of the cluster's shape; its shared memory is step 11's.
        const gemm::LaunchShape c = gemm::launchShape("gemm.wgmma_cluster", p, 132);
        QCOMPARE(c.clusterX, 2);
        QCOMPARE(c.gridX, 132);
        QCOMPARE(gemm::launchShape("gemm.wgmma_persistent", p, 132).clusterX, 1);
        QCOMPARE(gemm::launchShape("gemm.wgmma_cluster", p, 0).gridX, 2 * 32 * 32); // 32 x 32 pairs
        QVariantMap alongN = p;
        alongN["CLUSTER_M"] = 1;
        alongN["CLUSTER_N"] = 2;
        QCOMPARE(gemm::launchShape("gemm.wgmma_cluster", alongN, 0).gridX, 2 * 64 * 16);
        QCOMPARE(gemm::launchShape("gemm.wgmma_cluster", small, 132).gridX,
                 2 * 2 * 2); // 3 x 2 tiles: 2 x 2 pairs
        QCOMPARE(gemm::dynamicSmemBytes("gemm.wgmma_cluster", p),
                 gemm::dynamicSmemBytes("gemm.wgmma_persistent", p));
        QVariantMap square = p;
        square["CLUSTER_N"] = 2;
        QVERIFY(gemm::illegalReason("gemm.wgmma_cluster", square).contains("2 x 1 or 1 x 2"));
    }

    // The ladder files are numbered in ladder order (gemm/01_naive.cu ... gemm/10_wgmma_tma.cu),
    // so a folder listing reads as the lesson does; every one is there, with its entry.
    void ladderFilesInOrder()
    {
        const QStringList ids = gemm::ladderIds();
        QStringList sources;
        for (int i = 0; i < ids.size(); ++i) {
            const KernelSpec *k = Catalog::instance().find(ids[i]);
            QVERIFY(k);
            const QString stem = ids[i].mid(5); // "gemm.reg2d" -> "reg2d"
            QCOMPARE(k->source,
                     QStringLiteral("gemm/%1_%2.cu").arg(i + 1, 2, 10, QLatin1Char('0')).arg(stem));
            QVERIFY2(QFileInfo::exists(kernelSourceDir() + '/' + k->source), qPrintable(k->source));
            QCOMPARE(k->mainKernel(k->defaults(), *model::parseDtype(k->defaultDtype())), "gemm_" + stem);
            sources.append(k->source);
        }
        const QStringList listed =
            QDir(kernelSourceDir() + "/gemm").entryList({"*.cu"}, QDir::Files, QDir::Name);
        QCOMPARE(listed.size(), ids.size());
        for (int i = 0; i < listed.size(); ++i)
            QCOMPARE("gemm/" + listed[i], sources[i]);
        // The cuBLAS references are no compiled kernel.
        for (const QString &id : gemm::referenceIds())
            QVERIFY(Catalog::instance().find(id)->mainKernel({}, model::Dtype::Fp32).isEmpty());
    }

    void compile_data()
    {
        QTest::addColumn<QString>("id");
        QTest::addColumn<QString>("arch");
        QTest::addColumn<QVariantMap>("params");
        QTest::addColumn<QString>("dtype");

        const QStringList archs = {"sm_80", "sm_86", "sm_89", "sm_90"};
        // Hand-picked configurations per step besides the defaults: small, large, odd shapes.
        const QMap<QString, QList<QVariantMap>> extra = {
            {"gemm.naive", {{{"BLOCK", 16}}}},
            {"gemm.coalesced", {{{"BLOCK", 8}}}},
            {"gemm.smem_tiled", {{{"TILE", 16}}}},
            {"gemm.reg1d", {{{"BM", 128}, {"BN", 32}, {"BK", 16}, {"TM", 4}}}},
            {"gemm.reg2d", {{{"BM", 64}, {"BN", 64}, {"BK", 16}, {"TM", 4}, {"TN", 4}}}},
            {"gemm.vectorized", {{{"BM", 64}, {"BN", 128}, {"BK", 16}, {"TM", 8}, {"TN", 4}}}},
            {"gemm.warptiled",
             {{{"BM", 64}, {"BN", 64}, {"BK", 16}, {"WM", 32}, {"WN", 32}, {"WNITER", 1}, {"MINB", 3}},
              {{"BM", 128},
               {"BN", 128},
               {"BK", 16},
               {"WM", 64},
               {"WN", 64},
               {"WNITER", 4},
               {"TM", 8},
               {"TN", 4},
               {"MINB", 1}}}},
            {"gemm.wmma",
             {{{"BM", 64}, {"BN", 64}, {"BK", 64}, {"WARPS_M", 2}, {"WARPS_N", 2}, {"GROUP", 1}}}},
            {"gemm.wgmma_persistent", {{{"TMA_STORE", 0}}}},
            {"gemm.wgmma_cluster",
             {{{"CLUSTER_M", 1}, {"CLUSTER_N", 2}, {"TMA_STORE", 0}},
              {{"BM", 64},
               {"BN", 128},
               {"CONSUMERS", 1},
               {"STAGES", 6},
               {"CLUSTER_M", 1},
               {"CLUSTER_N", 2}}}},
            {"gemm.mma_multistage",
             {{{"BM", 128}, {"BN", 128}, {"BK", 64}, {"STAGES", 3}, {"WARPS_M", 2}, {"WARPS_N", 2}},
              {{"BM", 64},
               {"BN", 256},
               {"BK", 16},
               {"STAGES", 6},
               {"WARPS_M", 1},
               {"WARPS_N", 4},
               {"GROUP", 1}}}},
        };
        for (const QString &id : gemm::ladderIds()) {
            QList<QVariantMap> configs = {QVariantMap{}};
            configs += extra.value(id);
            if (gemm::usesTma(id)) {
                // wgmma is arch-specific: only sm_90a. The fp8 step takes e4m3 only.
                const KernelSpec *k = Catalog::instance().find(id);
                const QString dt = k->defaultDtype();
                configs += {{{"BN", 128}},
                            {{"BM", 256}, {"BN", 128}, {"STAGES", 3}},
                            {{"BM", 128}, {"BN", 192}, {"STAGES", 5}, {"GROUP", 1}},
                            {{"BM", 64}, {"BN", 64}, {"CONSUMERS", 1}, {"STAGES", 2}},
                            {{"BM", 64}, {"BN", 256}, {"CONSUMERS", 1}}};
                for (const QVariantMap &p : configs)
                    if (gemm::illegalReason(id, p, 232448).isEmpty()) // step 11 has less room for stages
                        QTest::addRow("%s/sm_90a/%s", qPrintable(id), qPrintable(rowName(p)))
                            << id << "sm_90a" << p << dt;
                if (k->dtypes.contains("fp16"))
                    QTest::addRow("%s/sm_90a/fp16", qPrintable(id))
                        << id << "sm_90a" << QVariantMap{} << "fp16";
                continue;
            }
            for (const QString &arch : archs)
                for (const QVariantMap &p : configs)
                    QTest::addRow("%s/%s/%s", qPrintable(id), qPrintable(arch), qPrintable(rowName(p)))
                        << id << arch << p << QString();
            if (gemm::usesTensorCores(id))
                QTest::addRow("%s/sm_90/fp16", qPrintable(id)) << id << "sm_90" << QVariantMap{} << "fp16";
        }
        // Random legal configurations, as the ladder suite sweeps them.
        for (const QString &id : {QStringLiteral("gemm.reg2d"), QStringLiteral("gemm.warptiled"),
                                  QStringLiteral("gemm.mma_multistage")})
            for (const QVariantMap &p : gemm::randomConfigs(id, 4, 2026))
                QTest::addRow("%s/sm_90/random:%s", qPrintable(id), qPrintable(rowName(p)))
                    << id << "sm_90" << p << QString();
        for (const QString &id : {QStringLiteral("gemm.wgmma_tma"), QStringLiteral("gemm.wgmma_persistent"),
                                  QStringLiteral("gemm.wgmma_cluster")})
            for (const QVariantMap &p : gemm::randomConfigs(id, 3, 2026))
                QTest::addRow("%s/sm_90a/random:%s", qPrintable(id), qPrintable(rowName(p)))
                    << id << "sm_90a" << p << "bf16";
        for (const QVariantMap &p : gemm::randomConfigs("gemm.wgmma_fp8", 3, 2026))
            QTest::addRow("gemm.wgmma_fp8/sm_90a/random:%s", qPrintable(rowName(p)))
                << QStringLiteral("gemm.wgmma_fp8") << "sm_90a" << p << "fp8";
    }

    void compile()
    {
        QFETCH(QString, id);
        QFETCH(QString, arch);
        QFETCH(QVariantMap, params);
        QFETCH(QString, dtype);
        const KernelSpec *k = Catalog::instance().find(id);
        QVERIFY(k);
        QString error;
        const auto r = Catalog::resolveAll(*k, params, dtype, &error);
        QVERIFY2(r, qPrintable(error));
        CompileOptions o = k->compileOptions(r->params, r->dtype);
        if (gemm::usesTma(id))
            QCOMPARE(o.arch, QStringLiteral("sm_90a")); // the catalog asks for the arch-specific target
        o.arch = arch;
        const CompileResult c = m_compiler.compile(o);
        QVERIFY2(c.ok, qPrintable(c.error + '\n' + c.log));
        const QString entry = "gemm_" + id.mid(5);
        const KernelResources *res = c.find(entry);
        QVERIFY2(res, qPrintable("no entry " + entry + " in\n" + c.log));
        QVERIFY2(res->registers > 0, qPrintable(c.log));
        QVERIFY(res->registers <= 255);
        qInfo("%s %s: %d registers, %d B static smem, %d B dynamic, %d B spilled, %d threads", qPrintable(id),
              qPrintable(arch), res->registers, res->smemStaticBytes,
              int(gemm::dynamicSmemBytes(id, r->params)), res->spillBytes(),
              gemm::threadsPerBlock(id, r->params));
        // The defaults are tuned: they must not spill.
        if (params.isEmpty())
            QVERIFY2(res->spillBytes() == 0, qPrintable(c.log));
    }

    void wgmmaNeedsArchSpecificTarget_data()
    {
        QTest::addColumn<QString>("id");
        for (const QString &id : gemm::ladderIds())
            if (gemm::usesTma(id))
                QTest::newRow(qPrintable(id)) << id;
    }

    void wgmmaNeedsArchSpecificTarget()
    {
        QFETCH(QString, id);
        const KernelSpec *k = Catalog::instance().find(id);
        QVERIFY(k);
        CompileOptions o = k->compileOptions(k->defaults(), *model::parseDtype(k->defaultDtype()));
        o.arch = "sm_90";
        const CompileResult c = m_compiler.compile(o);
        QVERIFY(!c.ok);
        QVERIFY2(c.log.contains("sm_90"), qPrintable(c.log));
    }

    // The fp8 bench's host e4m3 (the CPU reference must see the bytes the GPU multiplies):
    // OCP E4M3 as cuda_fp8.h stores it, round to nearest even, saturating at 448.
    void e4m3Rounding_data()
    {
        QTest::addColumn<double>("value");
        QTest::addColumn<int>("code");
        QTest::newRow("zero") << 0.0 << 0x00;
        QTest::newRow("minus zero") << -0.0 << 0x80;
        QTest::newRow("one: exponent 7 (the bias)") << 1.0 << 0x38;
        QTest::newRow("-1.75") << -1.75 << 0xbe;
        QTest::newRow("240 = 1.875 * 2^7") << 240.0 << 0x77;
        QTest::newRow("448, the largest") << 448.0 << 0x7e;
        QTest::newRow("460 rounds to 448") << 460.0 << 0x7e;
        QTest::newRow("500 saturates") << 500.0 << 0x7e;
        QTest::newRow("-1e9 saturates") << -1e9 << 0xfe;
        QTest::newRow("infinity saturates") << double(INFINITY) << 0x7e;
        QTest::newRow("NaN") << double(NAN) << 0x7f;
        QTest::newRow("2^-6, the smallest normal") << 0x1p-6 << 0x08;
        QTest::newRow("2^-9, the smallest subnormal") << 0x1p-9 << 0x01;
        QTest::newRow("2^-10: tie to even zero") << 0x1p-10 << 0x00;
        QTest::newRow("3 * 2^-10: tie to even 2 * 2^-9") << 3 * 0x1p-10 << 0x02;
        QTest::newRow("1.0625: tie to even 1.0") << 1.0625 << 0x38;
        QTest::newRow("1.1875: tie to even 1.25") << 1.1875 << 0x3a;
        QTest::newRow("1.05 rounds down") << 1.05 << 0x38;
        QTest::newRow("1.07 rounds up") << 1.07 << 0x39;
        QTest::newRow("7/8 * 2^-6 (largest subnormal)") << 0.875 * 0x1p-6 << 0x07;
        QTest::newRow("15/16 * 2^-6 rounds up to the smallest normal") << 0.9375 * 0x1p-6 << 0x08;
    }

    void e4m3Rounding()
    {
        QFETCH(double, value);
        QFETCH(int, code);
        using namespace kernels::hostfloat;
        QCOMPARE(int(doubleToE4m3(value)), code);
        QCOMPARE(int(floatToE4m3(float(value))), code);
        if (!std::isnan(value) && std::fabs(value) <= 448 && std::fabs(value) == std::fabs(e4m3Round(value)))
            QCOMPARE(e4m3ToDouble(uint8_t(code)), value); // exact values decode to themselves
    }

    void e4m3EveryCode()
    {
        using namespace kernels::hostfloat;
        int finite = 0;
        for (int b = 0; b < 256; ++b) {
            const double v = e4m3ToDouble(uint8_t(b));
            if (std::isnan(v)) {
                QVERIFY2((b & 0x7f) == 0x7f, qPrintable(QString::number(b, 16)));
                continue;
            }
            ++finite;
            QCOMPARE(int(doubleToE4m3(v)), b); // -0 keeps its sign
            QCOMPARE(int(floatToE4m3(float(v))), b);
            if ((b & 0x7f) < 0x7e) // the midpoint to the next code up ties to the even one
                QCOMPARE(int(floatToE4m3(float(0.5 * (v + e4m3ToDouble(uint8_t(b + 1)))))),
                         b & 1 ? b + 1 : b);
        }
        QCOMPARE(finite, 254);
        // The bench's fast float path agrees with the double one on the values it converts.
        for (unsigned i = 0; i < 200000; ++i) {
            const float f = rl_value(i, 3, -500.0f, 500.0f) * (i % 7 == 0 ? 1e-3f : 1.0f);
            QCOMPARE(int(floatToE4m3(f)), int(doubleToE4m3(f)));
        }
    }

    void refused_data()
    {
        QTest::addColumn<QString>("id");
        QTest::addColumn<QVariantMap>("params");
        QTest::addColumn<QString>("reason"); // a piece of the message

        QTest::newRow("naive block 33") << "gemm.naive" << QVariantMap{{"BLOCK", 33}} << "must be one of";
        QTest::newRow("reg1d BM not multiple of TM")
            << "gemm.reg1d" << QVariantMap{{"BM", 64}, {"TM", 3}} << "multiple of TM";
        QTest::newRow("reg1d too many threads")
            << "gemm.reg1d" << QVariantMap{{"BM", 256}, {"BN", 256}, {"TM", 8}} << "at most 1024";
        QTest::newRow("reg2d 48 threads")
            << "gemm.reg2d" << QVariantMap{{"BM", 48}, {"BN", 64}, {"TM", 8}, {"TN", 8}} << "multiple of 32";
        QTest::newRow("reg2d smem")
            << "gemm.reg2d" << QVariantMap{{"BM", 256}, {"BN", 256}, {"BK", 64}, {"TM", 16}, {"TN", 16}}
            << "48 KB";
        QTest::newRow("vectorized TM 6") << "gemm.vectorized" << QVariantMap{{"TM", 6}} << "multiple of 4";
        QTest::newRow("warptiled warp tile")
            << "gemm.warptiled" << QVariantMap{{"WM", 48}} << "multiples of the warp tile";
        QTest::newRow("warptiled 32 threads")
            << "gemm.warptiled" << QVariantMap{{"WM", 64}, {"WN", 64}, {"WNITER", 4}, {"TM", 8}, {"TN", 8}}
            << "32 threads";
        QTest::newRow("wmma warp 24 rows")
            << "gemm.wmma" << QVariantMap{{"BM", 64}, {"WARPS_M", 8}} << "multiple of 16 x 16";
        QTest::newRow("mma K 1001") << "gemm.mma_multistage" << QVariantMap{{"K", 1001}} << "multiple of 8";
        QTest::newRow("mma BK 48") << "gemm.mma_multistage" << QVariantMap{{"BK", 48}} << "must be one of";
        QTest::newRow("mma copies") << "gemm.mma_multistage"
                                    << QVariantMap{{"BM", 32},     {"BN", 32},     {"BK", 16},
                                                   {"WARPS_M", 2}, {"WARPS_N", 2}, {"STAGES", 2}}
                                    << "divide evenly";
        QTest::newRow("wgmma K 100") << "gemm.wgmma_tma" << QVariantMap{{"K", 100}} << "multiple of 8";
        QTest::newRow("wgmma BM 192 two consumers")
            << "gemm.wgmma_tma" << QVariantMap{{"BM", 192}} << "64 or 128";
        QTest::newRow("wgmma accumulators")
            << "gemm.wgmma_tma" << QVariantMap{{"BM", 256}, {"BN", 256}} << "accumulators";
        QTest::newRow("persistent K 100")
            << "gemm.wgmma_persistent" << QVariantMap{{"K", 100}} << "multiple of 8";
        QTest::newRow("persistent accumulators")
            << "gemm.wgmma_persistent" << QVariantMap{{"BM", 256}, {"BN", 256}} << "accumulators";
        QTest::newRow("cluster 1 x 1")
            << "gemm.wgmma_cluster" << QVariantMap{{"CLUSTER_M", 1}} << "2 x 1 or 1 x 2";
        QTest::newRow("cluster 4") << "gemm.wgmma_cluster" << QVariantMap{{"CLUSTER_M", 4}} << "between";
        QTest::newRow("fp8 K 264") << "gemm.wgmma_fp8" << QVariantMap{{"K", 264}} << "multiples of 16";
        QTest::newRow("fp8 N 517") << "gemm.wgmma_fp8" << QVariantMap{{"N", 517}} << "multiples of 16";
        QTest::newRow("cublaslt fp8 K 100")
            << "gemm.cublaslt_fp8" << QVariantMap{{"K", 100}} << "multiples of 16";
        QTest::newRow("fp8 accumulators")
            << "gemm.wgmma_fp8" << QVariantMap{{"BM", 256}, {"BN", 256}} << "accumulators";
        QTest::newRow("M zero") << "gemm.warptiled" << QVariantMap{{"M", 0}} << "between";
    }

    void refused()
    {
        QFETCH(QString, id);
        QFETCH(QVariantMap, params);
        QFETCH(QString, reason);
        const KernelSpec *k = Catalog::instance().find(id);
        QVERIFY(k);
        QString error;
        QVERIFY(!Catalog::resolveAll(*k, params, {}, &error));
        QVERIFY2(error.contains(reason), qPrintable(error));
    }

    void sharedMemoryLimitOfTheDevice()
    {
        // 6 stages of 256 x 256 x 64 bf16 tiles: 384 KB, over the 227 KB of an H100/H200.
        const QVariantMap p{{"BM", 256},   {"BN", 256},    {"BK", 64},
                            {"STAGES", 6}, {"WARPS_M", 4}, {"WARPS_N", 2}};
        QVERIFY(gemm::illegalReason("gemm.mma_multistage", p, 0).isEmpty());
        QVERIFY(gemm::illegalReason("gemm.mma_multistage", p, 232448).contains("shared memory"));
    }

    void staticAssertsBackTheCatalog()
    {
        // Past the catalog, the sources refuse illegal tiles themselves, with the same words.
        const KernelSpec *k = Catalog::instance().find("gemm.warptiled");
        QVERIFY(k);
        QVariantMap p = k->defaults();
        p["WM"] = 48;
        CompileOptions o = k->compileOptions(p, model::Dtype::Fp32);
        o.arch = "sm_90";
        const CompileResult c = m_compiler.compile(o);
        QVERIFY(!c.ok);
        QVERIFY2(c.log.contains("multiples of WM and WN"), qPrintable(c.log));
    }

    void randomConfigsAreLegalAndDistinct()
    {
        for (const QString &id :
             {QStringLiteral("gemm.reg2d"), QStringLiteral("gemm.warptiled"), QStringLiteral("gemm.wmma"),
              QStringLiteral("gemm.mma_multistage"), QStringLiteral("gemm.wgmma_tma"),
              QStringLiteral("gemm.wgmma_persistent"), QStringLiteral("gemm.wgmma_cluster")}) {
            const QList<QVariantMap> a = gemm::randomConfigs(id, 20, 7);
            QCOMPARE(a.size(), 20);
            QCOMPARE(gemm::randomConfigs(id, 20, 7), a); // reproducible
            for (int i = 0; i < a.size(); ++i) {
                QVERIFY2(gemm::illegalReason(id, a[i], 232448).isEmpty(),
                         qPrintable(id + ": " + rowName(a[i])));
                for (int j = 0; j < i; ++j)
                    QVERIFY(a[i] != a[j]);
            }
        }
    }
};

QTEST_GUILESS_MAIN(TestGemmCompile)
#include "tst_gemm_compile.moc"
