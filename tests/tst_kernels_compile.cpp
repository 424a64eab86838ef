// Every bundled kernel of the memory, probe and test families compiles with NVRTC for
// sm_80, sm_86, sm_89, sm_90 and sm_120 with its default parameters (no GPU needed) and
// reports registers; a source with an error gives NVRTC's log; the disk cache hits on a
// second compile. (The GEMM ladder has its own tst_gemm_compile.)
#include "benches.h"
#include "catalog.h"
#include "compiler.h"
#include "kernelpaths.h"
#include "runner.h"
#include "suite.h"

#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

using namespace kernels;

class TestKernelsCompile : public QObject
{
    Q_OBJECT

    QTemporaryDir m_cache;

    static bool mine(const KernelSpec &k)
    {
        return k.family == QLatin1String("memory") || k.family == QLatin1String("probe") ||
               k.family == QLatin1String("test");
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_cache.isValid());
        QVERIFY2(!kernelSourceDir().isEmpty(), qPrintable(kernelSourceCandidates().join(", ")));
        QVERIFY2(!cudaIncludeDir().isEmpty(), qPrintable(cudaIncludeCandidates().join(", ")));
    }

    // The catalog says what a kernel is, the runtime's bench makers make it run: every
    // catalog kernel (all families, test cases included) has a bench, whose main kernel is
    // the catalog's, and one of the name expressions compiled for it.
    void everyKernelHasABench()
    {
        int count = 0;
        for (const KernelSpec &k : Catalog::instance().kernels()) {
            QList<Params> cases = k.testCases;
            cases.prepend(k.defaults());
            for (const Params &given : cases) {
                QString error;
                const auto r = Catalog::resolveAll(k, given, {}, &error);
                QVERIFY2(r, qPrintable(k.id + ": " + error));
                const std::unique_ptr<Bench> b = makeBench(k, r->params, r->dtype);
                QVERIFY2(b, qPrintable(k.id));
                QCOMPARE(b->mainKernel(), k.mainKernel(r->params, r->dtype));
                if (!k.source.isEmpty() && !k.entry)
                    QVERIFY2(k.compileOptions(r->params, r->dtype).nameExpressions.contains(b->mainKernel()),
                             qPrintable(k.id));
                ++count;
            }
        }
        QVERIFY(count > 3 * Catalog::instance().kernels().size());
        KernelSpec unknown;
        unknown.id = "memory.nothing";
        unknown.family = "memory";
        QVERIFY(!makeBench(unknown, {}, model::Dtype::Fp32));
    }

    void everyKernel_data()
    {
        QTest::addColumn<QString>("kernel");
        QTest::addColumn<QString>("dtype");
        QTest::addColumn<QString>("arch");
        int count = 0;
        for (const KernelSpec &k : Catalog::instance().kernels()) {
            if (!mine(k) || k.source.isEmpty())
                continue;
            for (const QString &dtype : k.dtypes)
                for (const char *arch : {"sm_80", "sm_86", "sm_89", "sm_90", "sm_120"}) {
                    QTest::addRow("%s %s %s", qPrintable(k.id), qPrintable(dtype), arch)
                        << k.id << dtype << arch;
                    ++count;
                }
        }
        QVERIFY(count >= 5 * 17);
    }

    void everyKernel()
    {
        QFETCH(QString, kernel);
        QFETCH(QString, dtype);
        QFETCH(QString, arch);
        const KernelSpec *spec = Catalog::instance().find(kernel);
        QVERIFY(spec);
        QString error;
        const auto resolved = Catalog::resolveAll(*spec, {}, dtype, &error);
        QVERIFY2(resolved, qPrintable(error));
        CompileOptions o = spec->compileOptions(resolved->params, resolved->dtype);
        o.arch = arch;
        Compiler compiler({}, m_cache.path());
        const CompileResult r = compiler.compile(o);
        QVERIFY2(r.ok, qPrintable(r.error + "\n" + r.log));
        QVERIFY(!r.cubin.isEmpty());
        QCOMPARE(r.arch, arch);
        QVERIFY(r.compileMs > 0);
        for (const QString &name : o.nameExpressions) {
            const KernelResources *k = r.find(name);
            QVERIFY2(k, qPrintable(name));
            QVERIFY2(k->registers > 0, qPrintable(name));
            QVERIFY(!k->lowered.isEmpty());
            QVERIFY2(k->spillBytes() == 0,
                     qPrintable(QStringLiteral("%1 spills %2 bytes").arg(name).arg(k->spillBytes())));
        }
    }

    // The PTX of the same compile is kept (the instruction mix reads it) and cached with the image.
    void ptxKept()
    {
        QTemporaryDir dir;
        Compiler compiler({}, dir.path());
        CompileOptions o =
            Catalog::instance()
                .find("memory.copy")
                ->compileOptions(Catalog::instance().find("memory.copy")->defaults(), model::Dtype::Fp32);
        o.arch = "sm_90";
        const CompileResult a = compiler.compile(o);
        QVERIFY2(a.ok, qPrintable(a.error));
        QVERIFY(!a.cacheHit);
        QVERIFY(a.ptx.contains(".target sm_90"));
        QVERIFY(a.ptx.contains(".entry " + a.kernels.first().lowered.toUtf8()));
        const CompileResult b = compiler.compile(o);
        QVERIFY(b.cacheHit);
        QCOMPARE(b.ptx, a.ptx);
        // An entry cached without its PTX (written before it was kept) is compiled again.
        QVERIFY(QFile::remove(dir.filePath(a.cacheKey + ".ptx")));
        const CompileResult c = compiler.compile(o);
        QVERIFY(!c.cacheHit);
        QCOMPARE(c.ptx, a.ptx);
    }

    void runtimeKernels_data()
    {
        QTest::addColumn<QString>("arch");
        for (const char *arch : {"sm_80", "sm_90", "sm_120"})
            QTest::newRow(arch) << arch;
    }
    void runtimeKernels()
    {
        QFETCH(QString, arch);
        Compiler compiler({}, m_cache.path());
        const CompileOptions o = Runner::runtimeCompileOptions(arch);
        const CompileResult r = compiler.compile(o);
        QVERIFY2(r.ok, qPrintable(r.error + "\n" + r.log));
        for (const QString &name : o.nameExpressions)
            QVERIFY2(r.find(name) && r.find(name)->registers > 0, qPrintable(name));
    }

    // The fallback used when ptxas prints nothing (NVRTC took a cached image): the cubin's
    // own attributes must give what ptxas reports.
    void cubinAgreesWithPtxas_data()
    {
        QTest::addColumn<QString>("kernel");
        QTest::addColumn<QString>("arch");
        for (const KernelSpec &k : Catalog::instance().kernels())
            if (mine(k) && !k.source.isEmpty())
                for (const char *arch : {"sm_80", "sm_90", "sm_120"})
                    QTest::addRow("%s %s", qPrintable(k.id), arch) << k.id << arch;
    }
    void cubinAgreesWithPtxas()
    {
        QFETCH(QString, kernel);
        QFETCH(QString, arch);
        const KernelSpec *spec = Catalog::instance().find(kernel);
        const auto resolved = Catalog::resolveAll(*spec, {}, {}, nullptr);
        QVERIFY(resolved);
        CompileOptions o = spec->compileOptions(resolved->params, resolved->dtype);
        o.arch = arch;
        Compiler compiler({}, m_cache.path());
        const CompileResult r = compiler.compile(o);
        QVERIFY2(r.ok, qPrintable(r.error));
        const QList<KernelResources> logged = Compiler::parsePtxasLog(r.log);
        const QList<KernelResources> elf = Compiler::parseCubin(r.cubin);
        QVERIFY(!logged.isEmpty());
        QCOMPARE(elf.size(), logged.size());
        for (const KernelResources &l : logged) {
            const auto it = std::find_if(elf.begin(), elf.end(),
                                         [&](const KernelResources &e) { return e.lowered == l.lowered; });
            QVERIFY2(it != elf.end(), qPrintable(l.lowered));
            QCOMPARE(it->registers, l.registers);
            QCOMPARE(it->stackFrameBytes, l.stackFrameBytes);
            QCOMPARE(it->smemStaticBytes, l.smemStaticBytes);
        }
        for (const KernelResources &k : r.kernels)
            QVERIFY(!k.fromCubin); // here ptxas always reports
    }

    // probe.smem_fma's loop holds what the probe claims: 8 / vec shared loads (LDS.32 or
    // LDS.128) and 8 x ratio FFMAs per iteration, nothing hoisted, no spills, on both
    // architectures the model calibrates (counted in NVRTC's PTX of the same compile).
    void smemFmaLoop_data()
    {
        QTest::addColumn<int>("ratio");
        QTest::addColumn<int>("stride");
        QTest::addColumn<int>("vec");
        QTest::addColumn<QString>("arch");
        QTest::newRow("ratio 8 stride 2 LDS.32 sm_90") << 8 << 2 << 1 << "sm_90";
        QTest::newRow("ratio 8 stride 2 LDS.32 sm_80") << 8 << 2 << 1 << "sm_80";
        QTest::newRow("ratio 1 stride 32 LDS.32 sm_90") << 1 << 32 << 1 << "sm_90";
        QTest::newRow("ratio 32 stride 1 LDS.128 sm_90") << 32 << 1 << 4 << "sm_90";
        QTest::newRow("ratio 16 stride 8 LDS.128 sm_80") << 16 << 8 << 4 << "sm_80";
    }
    void smemFmaLoop()
    {
        QFETCH(int, ratio);
        QFETCH(int, stride);
        QFETCH(int, vec);
        QFETCH(QString, arch);
        const KernelSpec *spec = Catalog::instance().find("probe.smem_fma");
        QVERIFY(spec);
        QString error;
        const auto resolved = Catalog::resolveAll(*spec,
                                                  {{"ratio", QString::number(ratio)},
                                                   {"stride", QString::number(stride)},
                                                   {"vec", QString::number(vec)}},
                                                  {}, &error);
        QVERIFY2(resolved, qPrintable(error));
        CompileOptions o = spec->compileOptions(resolved->params, resolved->dtype);
        o.arch = arch;
        Compiler compiler({}, m_cache.path());
        const CompileResult r = compiler.compile(o);
        QVERIFY2(r.ok, qPrintable(r.error + "\n" + r.log));
        const KernelResources *k = r.find(o.nameExpressions.value(0));
        QVERIFY(k);
        QCOMPARE(k->spillBytes(), 0);
        QCOMPARE(k->smemStaticBytes, 8192);
        QVERIFY(k->registers >= ratio + 8); // the accumulators and the 8 loaded words
        // The timed loop: the only one marked nounroll, from its label to the branch back.
        const QStringList lines = QString::fromLatin1(r.ptx).split('\n');
        const qsizetype pragma = lines.indexOf(QRegularExpression(R"(\s*\.pragma "nounroll";)"));
        QVERIFY2(pragma > 0, "no nounroll loop in the PTX");
        const QString label = lines[pragma - 1].trimmed().chopped(1); // "$L__BB0_7:"
        QVERIFY2(label.startsWith("$L__"), qPrintable(label));
        int lds = 0, lds128 = 0, ffma = 0, end = -1;
        for (qsizetype i = pragma; i < lines.size() && end < 0; ++i) {
            const QString &l = lines[i];
            if (l.contains("ld.volatile.shared.v4.f32"))
                ++lds128;
            else if (l.contains("ld.volatile.shared.f32"))
                ++lds;
            else if (l.contains("fma.rn.f32"))
                ++ffma;
            else if (l.contains("bra") && l.contains(label + ';'))
                end = int(i);
        }
        QVERIFY2(end > 0, "the loop does not branch back to its label");
        QCOMPARE(lds, vec == 1 ? 8 : 0);
        QCOMPARE(lds128, vec == 4 ? 2 : 0);
        QCOMPARE(ffma, 8 * ratio);
    }

    void testKernelFollowsTheBuildOption()
    {
        // main() set ROOFLAB_ENABLE_TEST_KERNELS=1, so only the build option decides here
        // (tst_cli_kernels checks that without the variable it is absent).
        QCOMPARE(Catalog::instance().find("test.fault") != nullptr, Catalog::testKernelsBuiltIn());
    }

    void compileErrorGivesLog()
    {
        Compiler compiler({}, m_cache.path());
        CompileOptions o;
        o.source = "broken.cu";
        o.arch = "sm_90";
        o.nameExpressions = {"broken<0>"};
        const CompileResult r = compiler.compileText(
            "template <int D> __global__ void broken(float *p) { p[0] = no_such_variable; }\n", o);
        QVERIFY(!r.ok);
        QVERIFY(r.cubin.isEmpty());
        QVERIFY2(r.log.contains("no_such_variable") && r.log.contains("error"), qPrintable(r.log));
        QVERIFY2(r.error.contains("broken.cu") && r.error.contains("sm_90"), qPrintable(r.error));
    }

    void badArchitecture_data()
    {
        QTest::addColumn<QString>("arch");
        QTest::newRow("unknown number") << "sm_42";
        QTest::newRow("not an arch") << "hopper";
        QTest::newRow("empty") << "";
    }
    void badArchitecture()
    {
        QFETCH(QString, arch);
        Compiler compiler({}, m_cache.path());
        CompileOptions o;
        o.source = "memory.cu";
        o.arch = arch;
        o.nameExpressions = {"copy_scalar<float>"};
        const CompileResult r = compiler.compile(o);
        QVERIFY(!r.ok);
        QVERIFY2(r.error.contains("sm_90"), qPrintable(r.error)); // lists what is supported
    }

    void archSpellings_data()
    {
        QTest::addColumn<QString>("in");
        QTest::addColumn<QString>("out");
        QTest::newRow("sm_90") << "sm_90"
                               << "sm_90";
        QTest::newRow("90") << "90"
                            << "sm_90";
        QTest::newRow("9.0") << "9.0"
                             << "sm_90";
        QTest::newRow("sm_90a") << "sm_90a"
                                << "sm_90a";
        QTest::newRow("SM_120") << "SM_120"
                                << "sm_120";
    }
    void archSpellings()
    {
        QFETCH(QString, in);
        QFETCH(QString, out);
        QCOMPARE(Compiler::normalizeArch(in), out);
    }

    void diskCacheHits()
    {
        QTemporaryDir fresh;
        QVERIFY(fresh.isValid());
        CompileOptions o;
        o.source = "memory.cu";
        o.arch = "sm_90";
        o.nameExpressions = {"copy_vector<float, 4, 0>"};
        Compiler first({}, fresh.path());
        const CompileResult a = first.compile(o);
        QVERIFY2(a.ok, qPrintable(a.error));
        QVERIFY(!a.cacheHit);
        Compiler second({}, fresh.path()); // a new compiler, as in a new process
        const CompileResult b = second.compile(o);
        QVERIFY(b.ok);
        QVERIFY(b.cacheHit);
        QCOMPARE(b.cubin, a.cubin);
        QCOMPARE(b.cacheKey, a.cacheKey);
        QCOMPARE(b.kernels.size(), a.kernels.size());
        QCOMPARE(b.kernels.first().registers, a.kernels.first().registers);
        QCOMPARE(b.kernels.first().name, a.kernels.first().name);
        QCOMPARE(b.compileMs, a.compileMs); // the time of the compile that made the image
        // Another option is another key.
        o.defines["RL_UNUSED"] = "1";
        const CompileResult c = second.compile(o);
        QVERIFY(c.ok);
        QVERIFY(!c.cacheHit);
        QVERIFY(c.cacheKey != a.cacheKey);
        // A damaged cache entry is compiled again, not trusted.
        QFile f(fresh.filePath(a.cacheKey + ".cubin"));
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write("junk");
        f.close();
        o.defines.clear();
        const CompileResult d = second.compile(o);
        QVERIFY(d.ok);
        QVERIFY(!d.cacheHit);
        QCOMPARE(d.cubin, a.cubin);
    }

    void ptxasLogParsing()
    {
        const QString log =
            "ptxas info    : 0 bytes gmem\n"
            "ptxas info    : Compiling entry function '_Z1kIfEvPT_i' for 'sm_90'\n"
            "ptxas info    : Function properties for _Z1kIfEvPT_i\n"
            "ptxas         .     16 bytes stack frame, 8 bytes spill stores, 4 bytes spill loads\n"
            "ptxas info    : Used 42 registers, used 1 barriers, 1024 bytes smem, 368 bytes cmem[0]\n"
            "ptxas info    : Compiling entry function 'plain' for 'sm_90'\n"
            "ptxas info    : Function properties for plain\n"
            "ptxas         .     0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads\n"
            "ptxas info    : Used 8 registers, used 0 barriers\n";
        const QList<KernelResources> ks = Compiler::parsePtxasLog(log);
        QCOMPARE(ks.size(), 2);
        QCOMPARE(ks[0].lowered, QString("_Z1kIfEvPT_i"));
        QCOMPARE(ks[0].registers, 42);
        QCOMPARE(ks[0].smemStaticBytes, 1024);
        QCOMPARE(ks[0].stackFrameBytes, 16);
        QCOMPARE(ks[0].spillBytes(), 12);
        QCOMPARE(ks[0].barriers, 1);
        QCOMPARE(ks[1].registers, 8);
        QCOMPARE(ks[1].smemStaticBytes, 0);
    }

    void parameterValidation_data()
    {
        QTest::addColumn<QString>("kernel");
        QTest::addColumn<QVariantMap>("params");
        QTest::addColumn<QString>("dtype");
        QTest::addColumn<QString>("named");
        QTest::newRow("unknown parameter") << "memory.copy" << QVariantMap{{"size", "4"}} << ""
                                           << "\"size\"";
        QTest::newRow("below minimum") << "memory.copy" << QVariantMap{{"n", "0"}} << ""
                                       << "\"n\"";
        QTest::newRow("not an integer") << "memory.copy" << QVariantMap{{"n", "1.5"}} << ""
                                        << "\"n\"";
        QTest::newRow("not a multiple of 32") << "memory.copy" << QVariantMap{{"block", "100"}} << ""
                                              << "\"block\"";
        QTest::newRow("unknown variant") << "memory.copy" << QVariantMap{{"variant", "wide"}} << ""
                                         << "\"variant\"";
        QTest::newRow("not an allowed stride") << "memory.strided_read" << QVariantMap{{"stride", "3"}} << ""
                                               << "\"stride\"";
        QTest::newRow("dtype not offered") << "memory.reduce" << QVariantMap{} << "bf16"
                                           << "--dtype";
        QTest::newRow("row too long for the block")
            << "memory.rmsnorm" << QVariantMap{{"cols", "16384"}, {"block", "64"}} << ""
            << "\"cols\"";
    }
    void parameterValidation()
    {
        QFETCH(QString, kernel);
        QFETCH(QVariantMap, params);
        QFETCH(QString, dtype);
        QFETCH(QString, named);
        const KernelSpec *spec = Catalog::instance().find(kernel);
        QVERIFY(spec);
        QString error;
        QVERIFY(!Catalog::resolveAll(*spec, params, dtype, &error));
        QVERIFY2(error.contains(named), qPrintable(error));
    }

    void parameterSpellings()
    {
        const KernelSpec *spec = Catalog::instance().find("memory.copy");
        QString error;
        const auto a = Catalog::resolve(*spec, {{"n", "2^20"}}, &error);
        QVERIFY2(a, qPrintable(error));
        QCOMPARE(a->value("n").toLongLong(), qint64(1) << 20);
        const auto b = Catalog::resolve(*spec, {{"n", "1e6"}}, &error);
        QVERIFY(b);
        QCOMPARE(b->value("n").toLongLong(), qint64(1000000));
        QCOMPARE(b->value("variant").toString(), QString("vector")); // default filled in
    }

    // The suite's copy figure is the fastest checked 16-byte copy variant over cudaMemcpyAsync;
    // the bulk copy is measured only where the TMA bulk-copy engine exists (sm_90 and newer).
    void suiteCopyFigure()
    {
        int bulk = 0, persistent = 0;
        for (const SuiteItem &i : suiteItems()) {
            if (i.kernel != QLatin1String("memory.copy"))
                continue;
            const QString v = i.params.value("variant").toString();
            bulk += v == QLatin1String("bulk") && i.minMajor == 9;
            persistent += v == QLatin1String("persistent") && i.minMajor == 0;
        }
        QCOMPARE(bulk, 1);
        QCOMPARE(persistent, 1);

        model::ResultSet rs;
        auto add = [&](const QString &kernel, const QVariantMap &p, double tbPerS, bool ok = true) {
            model::Measurement m;
            m.kernel = kernel;
            m.params = p;
            m.dtype = "fp32";
            m.bytes = 8.0 * double(qint64(1) << 28);
            m.time.median = m.time.min = m.time.max = m.bytes / (tbPerS * 1e12);
            m.check.ok = ok;
            rs.measurements.append(m);
        };
        add("probe.memcpy_d2d", {}, 4.30);
        add("memory.copy", {{"variant", "vector"}}, 4.24);
        add("memory.copy", {{"variant", "bulk"}}, 9.99, false); // a wrong output measures nothing
        add("memory.copy", {{"variant", "persistent"}}, 4.33);
        add("memory.copy", {{"variant", "bulk"}}, 4.28);
        const QJsonObject s = suiteSummary(rs);
        QCOMPARE(s["copy_vector_vs_memcpy"].toObject()["value"].toDouble(), 4.24 / 4.30);
        const QJsonObject best = s["copy_best_vs_memcpy"].toObject();
        QCOMPARE(best["value"].toDouble(), 4.33 / 4.30);
        QVERIFY2(best["what"].toString().contains("(persistent)"), qPrintable(best["what"].toString()));
        QCOMPARE(best["target"].toDouble(), 1.0);
        QVERIFY(best["met"].toBool());
        // Without the memcpy reference there is no figure.
        rs.measurements.removeFirst();
        QVERIFY(!suiteSummary(rs).contains("copy_best_vs_memcpy"));
    }
};

int main(int argc, char **argv)
{
    // The faulting test kernel is compiled too (it is only ever run by the GPU test's
    // subprocess).
    qputenv("ROOFLAB_ENABLE_TEST_KERNELS", "1");
    QCoreApplication app(argc, argv);
    TestKernelsCompile t;
    return QTest::qExec(&t, argc, argv);
}

#include "tst_kernels_compile.moc"
