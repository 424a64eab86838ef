// The LLM kernels (kernels/family_llm.cpp, kernels/src/llm.cu) without a GPU: their catalog
// rows, the legality of their parameters (each refusal names what is wrong), work counts that
// are model::workloads' own for every default and test case, a bench for each, the split of
// the work when the split parameters are 0, and NVRTC compiles for the tensor-core
// architectures with no spills; `rooflab-cli suite --set` refuses an unknown set; the
// performance model (rooflab-cli explain) predicts the committed H200 points of these kernels.
#include "benches.h"
#include "catalog.h"
#include "compiler.h"
#include "family_llm.h"
#include "suite.h"

#include "perfmodel.h"
#include "resultset.h"
#include "specdb.h"
#include "workloads.h"

#include <QMap>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace kernels;

namespace {

const KernelSpec &spec(const char *id)
{
    const KernelSpec *k = Catalog::instance().find(QString::fromLatin1(id));
    if (!k)
        qFatal("no catalog entry %s", id);
    return *k;
}

// resolveAll's message for these parameters; empty when they are legal.
QString refusal(const char *id, const QVariantMap &given, const QString &dtype = {})
{
    QString error;
    const auto r = Catalog::resolveAll(spec(id), given, dtype, &error);
    return r ? QString() : error;
}

bool sameWork(const model::WorkCount &a, const model::WorkCount &b)
{
    return a.flops == b.flops && a.bytes == b.bytes;
}

} // namespace

class TestLlmKernels : public QObject
{
    Q_OBJECT

    QTemporaryDir m_cache;

private slots:
    void catalogRows()
    {
        const QStringList ids = {"llm.decode_attention", "llm.w4a16_gemm", "llm.w4a16_cublas",
                                 "llm.residual_rmsnorm"};
        for (const QString &id : ids) {
            const KernelSpec *k = Catalog::instance().find(id);
            QVERIFY2(k, qPrintable(id));
            QCOMPARE(k->family, QStringLiteral("llm"));
            QCOMPARE(k->defaultDtype(), QStringLiteral("bf16"));
            QVERIFY(k->dtypes.contains("fp16"));
            QVERIFY(!k->title.isEmpty() && !k->description.isEmpty());
            QCOMPARE(k->reference, QStringLiteral("cpu-fp64"));
            QVERIFY2(k->testCases.size() >= 3, qPrintable(id));
            QVERIFY(k->work && k->testCases.size() >= 3);
        }
        QVERIFY(Catalog::instance().families().contains("llm"));
        QCOMPARE(spec("llm.w4a16_cublas").source, QString()); // cuBLAS: nothing compiled
        QCOMPARE(spec("llm.decode_attention").source, QStringLiteral("llm.cu"));
        QCOMPARE(spec("llm.decode_attention").workload, QStringLiteral("attention"));
        QCOMPARE(spec("llm.w4a16_gemm").workload, QStringLiteral("quant_gemm"));
        QCOMPARE(spec("llm.residual_rmsnorm").workload, QStringLiteral("residual_rmsnorm"));
        // The benchmark shapes are the defaults: KV 8k with g = 4, the 8192 x 28672 weight at M = 1.
        const Params a = spec("llm.decode_attention").defaults();
        QCOMPARE(paramInt(a, "S"), 8192);
        QCOMPARE(paramInt(a, "H") / paramInt(a, "Hkv"), 4);
        const Params w = spec("llm.w4a16_gemm").defaults();
        QCOMPARE(paramInt(w, "K"), 8192);
        QCOMPARE(paramInt(w, "N"), 28672);
        QCOMPARE(paramInt(w, "M"), 1);
        QCOMPARE(paramInt(w, "group"), llm::kW4Group);
    }

    void legality_data()
    {
        QTest::addColumn<QString>("kernel");
        QTest::addColumn<QVariantMap>("params");
        QTest::addColumn<QString>("dtype");
        QTest::addColumn<QString>("message"); // a part of the refusal; empty: legal
        QTest::newRow("gqa g=4") << "llm.decode_attention" << QVariantMap{{"H", 32}, {"Hkv", 8}} << ""
                                 << "";
        QTest::newRow("mqa") << "llm.decode_attention" << QVariantMap{{"H", 16}, {"Hkv", 1}} << ""
                             << "";
        QTest::newRow("mha") << "llm.decode_attention" << QVariantMap{{"H", 32}, {"Hkv", 32}} << ""
                             << "";
        QTest::newRow("Hkv does not divide H")
            << "llm.decode_attention" << QVariantMap{{"H", 32}, {"Hkv", 5}} << ""
            << "multiple of Hkv";
        QTest::newRow("g over 16") << "llm.decode_attention" << QVariantMap{{"H", 64}, {"Hkv", 2}} << ""
                                   << "16-row";
        QTest::newRow("D 96") << "llm.decode_attention" << QVariantMap{{"D", 96}} << ""
                              << "D";
        QTest::newRow("split past the tiles")
            << "llm.decode_attention" << QVariantMap{{"S", 100}, {"split", 8}} << ""
            << "split (8)";
        QTest::newRow("attention fp32") << "llm.decode_attention" << QVariantMap{} << "fp32"
                                        << "fp32";
        QTest::newRow("w4 M 16") << "llm.w4a16_gemm" << QVariantMap{{"M", 16}} << ""
                                 << "";
        QTest::newRow("w4 M 17") << "llm.w4a16_gemm" << QVariantMap{{"M", 17}} << ""
                                 << "M";
        QTest::newRow("w4 K not a group multiple") << "llm.w4a16_gemm" << QVariantMap{{"K", 1000}} << ""
                                                   << "K";
        QTest::newRow("w4 group 64") << "llm.w4a16_gemm" << QVariantMap{{"group", 64}} << ""
                                     << "group";
        QTest::newRow("w4 splitk past the groups")
            << "llm.w4a16_gemm" << QVariantMap{{"K", 512}, {"splitk", 5}} << ""
            << "splitk (5)";
        QTest::newRow("w4 kwarps 4 x warps 4") << "llm.w4a16_gemm" << QVariantMap{{"kwarps", 4}} << ""
                                               << "";
        QTest::newRow("w4 more than 16 warps")
            << "llm.w4a16_gemm" << QVariantMap{{"kwarps", 8}, {"warps", 4}} << ""
            << "warps x kwarps (4 x 8)";
        QTest::newRow("w4 wgmma warps 2") << "llm.w4a16_gemm" << QVariantMap{{"wgmma", 1}, {"warps", 2}} << ""
                                          << "wgmma takes whole warpgroups";
        QTest::newRow("w4 wgmma half panels")
            << "llm.w4a16_gemm" << QVariantMap{{"wgmma", 1}, {"ntiles", 4}} << ""
            << "whole 64-column panels";
        QTest::newRow("w4 wgmma kwarps 2")
            << "llm.w4a16_gemm" << QVariantMap{{"wgmma", 1}, {"kwarps", 2}} << ""
            << "no warps along K";
        QTest::newRow("w4 wgmma 1 warps 8")
            << "llm.w4a16_gemm" << QVariantMap{{"wgmma", 1}, {"warps", 8}} << ""
            << "";
        QTest::newRow("w4 kwarps 3") << "llm.w4a16_gemm" << QVariantMap{{"kwarps", 3}} << ""
                                     << "kwarps";
        QTest::newRow("w4 balance 1") << "llm.w4a16_gemm" << QVariantMap{{"balance", 1}} << ""
                                      << "";
        QTest::newRow("w4 balance half panels")
            << "llm.w4a16_gemm" << QVariantMap{{"balance", 1}, {"ntiles", 4}} << ""
            << "balance=1 takes whole 64-column panels";
        QTest::newRow("w4 balance kwarps 2")
            << "llm.w4a16_gemm" << QVariantMap{{"balance", 1}, {"kwarps", 2}} << ""
            << "balance=1";
        QTest::newRow("w4 balance wgmma")
            << "llm.w4a16_gemm" << QVariantMap{{"balance", 1}, {"wgmma", 1}} << ""
            << "balance=1";
        QTest::newRow("w4 xbufs 9") << "llm.w4a16_gemm" << QVariantMap{{"xbufs", 9}} << ""
                                    << "xbufs";
        QTest::newRow("w4 N odd") << "llm.w4a16_gemm" << QVariantMap{{"N", 77}, {"K", 256}} << "fp16"
                                  << "";
        QTest::newRow("cublas baseline K 1152") << "llm.w4a16_cublas" << QVariantMap{{"K", 1152}} << ""
                                                << "";
        QTest::newRow("rmsnorm row too long")
            << "llm.residual_rmsnorm" << QVariantMap{{"cols", 16384}, {"block", 128}} << ""
            << "cols";
        QTest::newRow("rmsnorm fp32") << "llm.residual_rmsnorm" << QVariantMap{} << "fp32"
                                      << "";
    }
    void legality()
    {
        QFETCH(QString, kernel);
        QFETCH(QVariantMap, params);
        QFETCH(QString, dtype);
        QFETCH(QString, message);
        const QString got = refusal(qPrintable(kernel), params, dtype);
        if (message.isEmpty())
            QVERIFY2(got.isEmpty(), qPrintable(got));
        else
            QVERIFY2(got.contains(message),
                     qPrintable(QStringLiteral("expected \"%1\" in \"%2\"").arg(message, got)));
    }

    // The catalog counts a kernel's work with model::workloads, never by itself.
    void workCounts()
    {
        int checked = 0;
        for (const char *id :
             {"llm.decode_attention", "llm.w4a16_gemm", "llm.w4a16_cublas", "llm.residual_rmsnorm"}) {
            const KernelSpec &k = spec(id);
            QList<Params> cases = k.testCases;
            cases.prepend(k.defaults());
            for (const Params &given : cases)
                for (const QString &dt : k.dtypes) {
                    QString error;
                    const auto r = Catalog::resolveAll(k, given, dt, &error);
                    QVERIFY2(r, qPrintable(QStringLiteral("%1: %2").arg(k.id, error)));
                    const Params &p = r->params;
                    const model::Dtype d = r->dtype;
                    const auto n = [&](const char *name) {
                        return double(paramInt(p, QString::fromLatin1(name)));
                    };
                    model::WorkCount want;
                    if (k.id == QLatin1String("llm.decode_attention"))
                        want =
                            model::workloads::attention(n("B"), n("H"), n("Hkv"), 1, n("S"), n("D"), d, true);
                    else if (k.id == QLatin1String("llm.w4a16_gemm"))
                        want = model::workloads::quantGemm(n("M"), n("N"), n("K"), d, 4, 128);
                    else if (k.id == QLatin1String("llm.w4a16_cublas"))
                        want = model::workloads::gemm(n("M"), n("N"), n("K"), d);
                    else
                        want = model::workloads::residualRmsnorm(n("rows"), n("cols"), d, true);
                    QVERIFY2(sameWork(k.work(p, d), want), qPrintable(k.id));
                    ++checked;
                }
        }
        QVERIFY(checked >= 40);
        // The figures themselves (bf16): decode attention reads K and V once per KV head,
        // 2 x B x Hkv x S x D x 2 bytes, plus Q and O; 4 x B x H x S x D FLOPs: I about g.
        const model::WorkCount a =
            spec("llm.decode_attention").work(spec("llm.decode_attention").defaults(), model::Dtype::Bf16);
        QCOMPARE(a.bytes, 2.0 * 8 * 8 * 8192 * 128 * 2 + 2.0 * 8 * 32 * 128 * 2);
        QCOMPARE(a.flops, 4.0 * 8 * 32 * 8192 * 128);
        QVERIFY(a.ai() > 3.9 && a.ai() < 4.0);
        // W4A16 at M = 1 on 8192 x 28672: half a byte per weight and 2 bytes of scale per 128.
        const model::WorkCount w =
            spec("llm.w4a16_gemm").work(spec("llm.w4a16_gemm").defaults(), model::Dtype::Bf16);
        QCOMPARE(w.bytes, 8192.0 * 28672 / 2 + 64.0 * 28672 * 2 + (8192.0 + 28672) * 2);
        // The baseline reads four times the weight bytes.
        const model::WorkCount c =
            spec("llm.w4a16_cublas").work(spec("llm.w4a16_cublas").defaults(), model::Dtype::Bf16);
        QVERIFY(c.bytes / w.bytes > 3.7 && c.bytes / w.bytes < 4.0);
        QCOMPARE(c.flops, w.flops);
    }

    void everyCaseHasABench()
    {
        for (const char *id :
             {"llm.decode_attention", "llm.w4a16_gemm", "llm.w4a16_cublas", "llm.residual_rmsnorm"}) {
            const KernelSpec &k = spec(id);
            for (const Params &given : k.testCases) {
                QString error;
                const auto r = Catalog::resolveAll(k, given, {}, &error);
                QVERIFY2(r, qPrintable(error));
                const std::unique_ptr<Bench> b = makeBench(k, r->params, r->dtype);
                QVERIFY2(b, qPrintable(k.id));
                QCOMPARE(b->mainKernel(), k.mainKernel(r->params, r->dtype));
                QVERIFY(b->flushL2());
            }
        }
        // Attention compiles its combine kernel beside the main one.
        const KernelSpec &a = spec("llm.decode_attention");
        const QStringList names = a.compileOptions(a.defaults(), model::Dtype::Bf16).nameExpressions;
        QCOMPARE(names.size(), 2);
        QVERIFY(names[0].startsWith("decode_attention<__nv_bfloat16, 128, "));
        QVERIFY(names[1].startsWith("decode_attention_combine<"));
        QCOMPARE(llm::attentionSmem(128), 64 * 1024);
    }

    void compiles_data()
    {
        QTest::addColumn<QString>("kernel");
        QTest::addColumn<QVariantMap>("params");
        QTest::addColumn<QString>("dtype");
        QTest::addColumn<QString>("arch");
        for (const char *id : {"llm.decode_attention", "llm.w4a16_gemm", "llm.residual_rmsnorm"}) {
            const KernelSpec &k = spec(id);
            for (const QString &dt : k.dtypes)
                for (const char *arch : {"sm_80", "sm_90", "sm_120"})
                    QTest::addRow("%s %s %s defaults", id, qPrintable(dt), arch)
                        << QString::fromLatin1(id) << QVariantMap{} << dt << arch;
        }
        QTest::addRow("attention D 64 sm_90") << "llm.decode_attention" << QVariantMap{{"D", 64}} << "bf16"
                                              << "sm_90";
        // Warps along K: two with two fragments of tokens (the most registers), eight of one column warp.
        for (const char *arch : {"sm_80", "sm_90"}) {
            QTest::addRow("w4a16 M 16 kwarps 2 %s", arch)
                << "llm.w4a16_gemm" << QVariantMap{{"M", 16}, {"kwarps", 2}} << "bf16" << arch;
            QTest::addRow("w4a16 M 1 kwarps 8 warps 1 %s", arch)
                << "llm.w4a16_gemm" << QVariantMap{{"M", 1}, {"kwarps", 8}, {"warps", 1}} << "fp16" << arch;
        }
        // The warpgroup path, arch-specific: two fragments of tokens in one warpgroup, one in two.
        QTest::addRow("w4a16 wgmma M 16 sm_90a")
            << "llm.w4a16_gemm" << QVariantMap{{"M", 16}, {"wgmma", 1}} << "bf16"
            << "sm_90a";
        QTest::addRow("w4a16 wgmma M 1 warps 8 fp16 sm_90a")
            << "llm.w4a16_gemm" << QVariantMap{{"M", 1}, {"wgmma", 1}, {"warps", 8}} << "fp16"
            << "sm_90a";
        // The balanced schedule (its own template instance) and the most X buffers.
        QTest::addRow("w4a16 balance M 16 sm_90")
            << "llm.w4a16_gemm" << QVariantMap{{"M", 16}, {"balance", 1}} << "bf16"
            << "sm_90";
        QTest::addRow("w4a16 xbufs 8 M 9 sm_80")
            << "llm.w4a16_gemm" << QVariantMap{{"M", 9}, {"xbufs", 8}} << "fp16"
            << "sm_80";
        QTest::addRow("rmsnorm 77 columns sm_90")
            << "llm.residual_rmsnorm" << QVariantMap{{"cols", 77}, {"block", 64}} << "bf16"
            << "sm_90";
    }
    void compiles()
    {
        QFETCH(QString, kernel);
        QFETCH(QVariantMap, params);
        QFETCH(QString, dtype);
        QFETCH(QString, arch);
        QVERIFY(m_cache.isValid());
        const KernelSpec *k = Catalog::instance().find(kernel);
        QString error;
        const auto r = Catalog::resolveAll(*k, params, dtype, &error);
        QVERIFY2(r, qPrintable(error));
        CompileOptions o = k->compileOptions(r->params, r->dtype);
        o.arch = arch;
        Compiler compiler({}, m_cache.path());
        const CompileResult c = compiler.compile(o);
        QVERIFY2(c.ok, qPrintable(c.error + "\n" + c.log));
        for (const QString &name : o.nameExpressions) {
            const KernelResources *kr = c.find(name);
            QVERIFY2(kr, qPrintable(name));
            QVERIFY(kr->registers > 0);
            QVERIFY2(kr->spillBytes() == 0,
                     qPrintable(QStringLiteral("%1 spills %2 bytes").arg(name).arg(kr->spillBytes())));
        }
    }

    // The model describes the LLM kernels by their bytes and loads in flight. On the committed
    // H200 run (resources/samples/h200-llm.json) with the suite's measured ceilings: decode
    // attention and residual + RMSNorm run at their HBM bound (measured within 10 % of it); the
    // W4A16 kernel runs below its bound, at M = 16 furthest (the gap is what the kernel leaves);
    // cuBLAS is named as the reference the model does not describe.
    void modelPredictsTheH200Points()
    {
        const QString dir = QStringLiteral(ROOFLAB_SOURCE_RESOURCES_DIR "/samples/");
        QString error;
        const auto llmSet = model::ResultSet::load(dir + "h200-llm.json", &error);
        QVERIFY2(llmSet, qPrintable(error));
        const auto suite = model::ResultSet::load(dir + "h200-suite.json", &error);
        QVERIFY2(suite, qPrintable(error));
        const model::SpecDb db = model::SpecDb::loadDefault();
        const model::Gpu *h200 = db.find(QStringLiteral("h200-sxm"));
        QVERIFY(h200);
        const QList<model::ExplainRow> rows =
            model::explainSet(*llmSet, "h200-llm.json", *h200, model::MachineCeilings::fromResults(*suite));
        int attention = 0, norm = 0, w4 = 0, cublas = 0;
        QMap<std::pair<int, int>, double> w4Gap; // (N, M)
        for (const model::ExplainRow &r : rows) {
            const QString &k = r.measurement.kernel;
            if (k == QLatin1String("llm.w4a16_cublas")) {
                QVERIFY(!r.prediction.ok);
                QVERIFY2(r.prediction.reason.contains("cuBLAS"), qPrintable(r.prediction.reason));
                ++cublas;
                continue;
            }
            if (!k.startsWith(QLatin1String("llm.")))
                continue;
            QVERIFY2(r.prediction.ok, qPrintable(k + ": " + r.prediction.reason));
            QCOMPARE(r.prediction.bound, QStringLiteral("hbm"));
            QCOMPARE(r.prediction.levelBytes.value("hbm") > 0, true);
            if (k == QLatin1String("llm.w4a16_gemm")) {
                // The model counts bytes and loads in flight only: the kernel is slower than it
                // says, and most at M = 16, where its warps wait on their mma chains.
                QVERIFY2(r.gap > 0.10, qPrintable(QStringLiteral("%1: gap %2").arg(k).arg(r.gap)));
                w4Gap[{r.measurement.params.value("N").toInt(), r.measurement.params.value("M").toInt()}] =
                    r.gap;
                ++w4;
            } else {
                QVERIFY2(std::abs(r.gap) < 0.10, qPrintable(QStringLiteral("%1: gap %2").arg(k).arg(r.gap)));
                (k == QLatin1String("llm.decode_attention") ? attention : norm) += 1;
            }
        }
        QCOMPARE(attention, 4);
        QCOMPARE(norm, 1);
        QCOMPARE(w4, 6);
        for (int n : {8192, 28672})
            QVERIFY2(w4Gap.value({n, 16}) > w4Gap.value({n, 1}) + 0.2,
                     qPrintable(QStringLiteral("N %1: gap %2 at M = 16, %3 at M = 1")
                                    .arg(n)
                                    .arg(w4Gap.value({n, 16}))
                                    .arg(w4Gap.value({n, 1}))));
        QCOMPARE(cublas, 6);
    }

    void suiteSet()
    {
        // The llm set: a vector copy before and after, both benchmark weights at M = 1, 4, 16
        // for both the kernel and its baseline, attention at g = 4 and 8.
        const QList<SuiteItem> &items = llmItems();
        QCOMPARE(items.first().kernel, QStringLiteral("memory.copy"));
        QCOMPARE(items.last().kernel, QStringLiteral("memory.copy"));
        int w4 = 0, base = 0, g4 = 0, g8 = 0;
        for (const SuiteItem &i : items) {
            const KernelSpec *k = Catalog::instance().find(i.kernel);
            QVERIFY2(k, qPrintable(i.kernel));
            QString error;
            QVERIFY2(Catalog::resolveAll(*k, i.params, i.dtype, &error), qPrintable(i.kernel + ": " + error));
            w4 += i.kernel == QLatin1String("llm.w4a16_gemm");
            base += i.kernel == QLatin1String("llm.w4a16_cublas");
            if (i.kernel == QLatin1String("llm.decode_attention")) {
                const int g = i.params.value("H").toInt() / i.params.value("Hkv").toInt();
                QVERIFY(i.params.value("S").toInt() >= 8192);
                g4 += g == 4;
                g8 += g == 8;
            }
        }
        QCOMPARE(w4, 6);
        QCOMPARE(base, 6);
        QVERIFY(g4 >= 1 && g8 >= 1);
        // An empty results file has no ratios to report.
        QVERIFY(llmSummary(model::ResultSet{}).isEmpty());

        QProcess cli;
        cli.start(QStringLiteral(ROOFLAB_CLI), {"suite", "--set", "nonsense"});
        QVERIFY(cli.waitForFinished(30000));
        QCOMPARE(cli.exitCode(), 2);
        QVERIFY(QString::fromUtf8(cli.readAllStandardError()).contains("nonsense"));
    }
};

QTEST_GUILESS_MAIN(TestLlmKernels)
#include "tst_llm_kernels.moc"
