// rooflab-cli kernels / compile / devices / run / ceilings / suite: the JSON shapes, exit 3
// without a CUDA device, exit 2 naming the parameter for bad input (checked before the device).
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QProcessEnvironment>
#include <QRegularExpression>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

namespace {
struct Run
{
    int code = -1;
    QByteArray out;
    QByteArray err;
    QJsonObject json() const { return QJsonDocument::fromJson(out).object(); }
};

QTemporaryDir &cacheDir()
{
    static QTemporaryDir dir;
    return dir;
}

Run cli(const QStringList &args, const QMap<QString, QString> &env = {})
{
    QProcess p;
    QProcessEnvironment e = QProcessEnvironment::systemEnvironment();
    e.insert("ROOFLAB_CACHE_DIR", cacheDir().path());
    e.remove("ROOFLAB_ENABLE_TEST_KERNELS");
    for (auto it = env.begin(); it != env.end(); ++it)
        e.insert(it.key(), it.value());
    p.setProcessEnvironment(e);
    p.start(QStringLiteral(ROOFLAB_CLI), args);
    p.waitForFinished(300000);
    return {p.exitCode(), p.readAllStandardOutput(), p.readAllStandardError()};
}

bool haveDevice()
{
    static const bool have = !cli({"devices", "--json"}).json()["devices"].toArray().isEmpty();
    return have;
}
} // namespace

class TestCliKernels : public QObject
{
    Q_OBJECT

private slots:
    void kernelsJson()
    {
        const Run r = cli({"kernels", "--json"});
        QCOMPARE(r.code, 0);
        const QJsonArray ks = r.json()["kernels"].toArray();
        QVERIFY(ks.size() >= 21);
        QStringList ids;
        for (const auto &v : ks) {
            const QJsonObject k = v.toObject();
            for (const char *key : {"id", "family", "dtypes", "params"})
                QVERIFY2(k.contains(key), key);
            ids.append(k["id"].toString());
            QVERIFY(!k["dtypes"].toArray().isEmpty());
            for (const auto &pv : k["params"].toArray()) {
                const QJsonObject p = pv.toObject();
                for (const char *key : {"name", "default", "min", "max"})
                    QVERIFY2(p.contains(key), qPrintable(k["id"].toString() + " " + key));
            }
        }
        for (const char *id :
             {"memory.copy",      "memory.vector_add", "memory.triad",   "memory.strided_read",
              "memory.reduce",    "memory.softmax",    "memory.rmsnorm", "memory.layernorm",
              "probe.hbm_read",   "probe.hbm_write",   "probe.hbm_copy", "probe.l2_read",
              "probe.l2_bulk",    "probe.smem_read",   "probe.fma_fp32", "probe.fma_fp64",
              "probe.hfma2_fp16", "probe.mma_bf16",    "probe.mma_fp16", "probe.mma_tf32",
              "probe.memcpy_d2d", "probe.smem_fma"})
            QVERIFY2(ids.contains(id), id);
        QVERIFY(!ids.contains("test.fault")); // only with ROOFLAB_ENABLE_TEST_KERNELS=1
        // The copy kernel's variants are listed with their values: the two lessons, then the two
        // that aim at cudaMemcpyAsync.
        for (const auto &v : ks)
            if (v.toObject()["id"] == "memory.copy")
                for (const auto &pv : v.toObject()["params"].toArray())
                    if (pv.toObject()["name"] == "variant")
                        QCOMPARE(pv.toObject()["values"].toArray(),
                                 QJsonArray({"vector", "scalar", "persistent", "bulk"}));
        const Run table = cli({"kernels"});
        QCOMPARE(table.code, 0);
        QVERIFY(table.out.contains("memory.softmax"));
    }

    void testKernelNeedsTheVariable()
    {
        const Run r = cli({"kernels", "--json"}, {{"ROOFLAB_ENABLE_TEST_KERNELS", "1"}});
        QCOMPARE(r.code, 0);
        bool found = false;
        for (const auto &v : r.json()["kernels"].toArray())
            found = found || v.toObject()["id"] == "test.fault";
        QVERIFY(found); // the build has ROOFLAB_TEST_KERNELS=ON by default
    }

    void compileJson_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::newRow("copy sm_90") << QStringList{"memory.copy", "--arch", "sm_90"};
        QTest::newRow("softmax bf16 sm_80")
            << QStringList{"memory.softmax", "--arch", "sm_80", "--dtype", "bf16"};
        QTest::newRow("three-pass softmax sm_120")
            << QStringList{"memory.softmax", "--arch", "sm_120", "--param", "variant=three_pass"};
        QTest::newRow("mma bf16 sm_89 chains 8")
            << QStringList{"probe.mma_bf16", "--arch", "sm_89", "--param", "chains=8"};
        QTest::newRow("layernorm odd cols")
            << QStringList{"memory.layernorm", "--arch", "sm_86", "--param", "cols=1000"};
        QTest::newRow("smem_fma ratio 8 stride 2 sm_90")
            << QStringList{"probe.smem_fma", "--arch",  "sm_90",     "--param", "ratio=8",        "--param",
                           "stride=2",       "--param", "block=256", "--param", "blocks_per_sm=2"};
        QTest::newRow("smem_fma LDS.128 ratio 32 sm_80")
            << QStringList{"probe.smem_fma", "--arch", "sm_80", "--param", "vec=4", "--param", "ratio=32"};
    }
    void compileJson()
    {
        QFETCH(QStringList, args);
        const Run r = cli(QStringList{"compile"} + args + QStringList{"--json"});
        QVERIFY2(r.code == 0, r.err.constData());
        const QJsonObject o = r.json();
        for (const char *key :
             {"kernel", "arch", "registers", "smem_static_bytes", "spill_bytes", "compile_ms"})
            QVERIFY2(o.contains(key), key);
        QCOMPARE(o["kernel"].toString(), args.first());
        QCOMPARE(o["arch"].toString(), args.at(2));
        QVERIFY(o["registers"].toInt() > 0);
        QCOMPARE(o["spill_bytes"].toInt(), 0);
        QVERIFY(o["compile_ms"].toDouble() > 0);
        QVERIFY(!o["functions"].toArray().isEmpty());
    }

    void compileTwiceHitsTheCache()
    {
        const QStringList args = {"compile", "memory.triad", "--arch", "sm_90",
                                  "--param", "unroll=2",     "--json"};
        const Run a = cli(args);
        const Run b = cli(args);
        QCOMPARE(a.code, 0);
        QCOMPARE(b.code, 0);
        QVERIFY(b.json()["cache_hit"].toBool());
        QCOMPARE(b.json()["registers"], a.json()["registers"]);
    }

    void compileTable()
    {
        const Run r = cli({"compile", "probe.fma_fp32", "--arch", "sm_90"});
        QCOMPARE(r.code, 0);
        QVERIFY(r.out.contains("fma_fp32<8>"));
    }

    // --mix: the main loop's instruction mix, from the PTX when no disassembler is found (none
    // here or on CI; ROOFLAB_NO_DISASSEMBLER makes sure), per main-loop iteration.
    void compileMix_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("cls");
        QTest::addColumn<double>("count"); // 0: at least one
        QTest::newRow("reg2d 128x128x8 8x8: 512 FFMA")
            << QStringList{"gemm.reg2d", "--arch", "sm_90"} << "ffma" << 512.0;
        QTest::newRow("mma_multistage sm_80: 64 HMMA")
            << QStringList{"gemm.mma_multistage", "--arch", "sm_80", "--dtype", "bf16"} << "hmma" << 64.0;
        QTest::newRow("wgmma_tma for sm_90 (built as sm_90a)")
            << QStringList{"gemm.wgmma_tma", "--arch", "sm_90"} << "hgmma" << 4.0;
        QTest::newRow("tree reduction: its loads")
            << QStringList{"memory.reduce", "--arch", "sm_90"} << "ldg128" << 0.0;
    }
    void compileMix()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, cls);
        QFETCH(double, count);
        const Run r = cli(QStringList{"compile"} + args + QStringList{"--mix", "--json"},
                          {{"ROOFLAB_NO_DISASSEMBLER", "1"}});
        QVERIFY2(r.code == 0, r.err.constData());
        const QJsonObject mix = r.json()["instr_mix"].toObject();
        QCOMPARE(mix["source"].toString(), QStringLiteral("ptx"));
        QVERIFY(mix["loop_found"].toBool());
        QVERIFY(r.json()["arch"].toString().startsWith(mix["arch"].toString()));
        const double n = mix["counts"].toObject()[cls].toDouble();
        if (count > 0)
            QCOMPARE(n, count);
        else
            QVERIFY(n >= 1);
        QVERIFY(mix["total"].toDouble() > n);
        QCOMPARE(r.json()["cache_key"].toString().size(), 40);
    }

    void compileMixText()
    {
        const Run r =
            cli({"compile", "gemm.reg1d", "--arch", "sm_90", "--mix"}, {{"ROOFLAB_NO_DISASSEMBLER", "1"}});
        QVERIFY2(r.code == 0, r.err.constData());
        QVERIFY2(r.out.contains("counted from the PTX"), r.out.constData());
        QVERIFY2(r.out.contains("ffma 64"), r.out.constData());
    }

    // Through a worker (--via): the mix comes in the compiled reply.
    void compileMixVia()
    {
        const QString via = QStringLiteral("%1 worker").arg(QStringLiteral(ROOFLAB_CLI));
        const Run r = cli({"compile", "gemm.reg1d", "--arch", "sm_90", "--mix", "--json", "--via", via},
                          {{"ROOFLAB_NO_DISASSEMBLER", "1"}});
        QVERIFY2(r.code == 0, r.err.constData());
        QCOMPARE(r.json()["instr_mix"].toObject()["counts"].toObject()["ffma"].toDouble(), 64.0);
        const Run text = cli({"compile", "gemm.reg1d", "--arch", "sm_90", "--mix", "--via", via},
                             {{"ROOFLAB_NO_DISASSEMBLER", "1"}});
        QVERIFY2(text.out.contains("ffma 64"), text.out.constData());
        const Run file =
            cli({"compile", "gemm.reg1d", "--arch", "sm_90", "--ptx-out", "k.ptx", "--via", via});
        QCOMPARE(file.code, 2);
    }

    void compileCodeOut()
    {
        QTemporaryDir dir;
        const QString ptx = dir.filePath("k.ptx"), cubin = dir.filePath("k.cubin");
        const Run r =
            cli({"compile", "gemm.smem_tiled", "--arch", "sm_90", "--ptx-out", ptx, "--cubin-out", cubin},
                {{"ROOFLAB_NO_DISASSEMBLER", "1"}});
        QVERIFY2(r.code == 0, r.err.constData());
        QFile p(ptx), c(cubin);
        QVERIFY(p.open(QIODevice::ReadOnly) && c.open(QIODevice::ReadOnly));
        QVERIFY(p.readAll().contains(".entry gemm_smem_tiled"));
        QVERIFY(c.readAll().startsWith("\x7f"
                                       "ELF"));
        // SASS needs a disassembler: exit 1 saying where it looked; --mix-source sass likewise.
        for (const QStringList &extra : {QStringList{"--sass-out", dir.filePath("k.sass")},
                                         QStringList{"--mix", "--mix-source", "sass"}}) {
            const Run s = cli(QStringList{"compile", "gemm.smem_tiled", "--arch", "sm_90"} + extra,
                              {{"ROOFLAB_NO_DISASSEMBLER", "1"}});
            QCOMPARE(s.code, 1);
            QVERIFY2(s.err.contains("nvdisasm"), s.err.constData());
        }
        const Run bad =
            cli({"compile", "gemm.smem_tiled", "--arch", "sm_90", "--mix", "--mix-source", "elf"});
        QCOMPARE(bad.code, 2);
        QVERIFY2(bad.err.contains("--mix-source"), bad.err.constData());
    }

    void devicesJson()
    {
        const Run r = cli({"devices", "--json"});
        QCOMPARE(r.code, 0);
        const QJsonObject o = r.json();
        QVERIFY(o.contains("devices"));
        for (const auto &v : o["devices"].toArray())
            for (const char *key : {"index", "name", "cc", "sms", "clock_mhz", "mem_bytes"})
                QVERIFY2(v.toObject().contains(key), key);
        if (o["devices"].toArray().isEmpty())
            QVERIFY(o["message"].toString().contains("no CUDA device"));
    }

    void noDevice_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::newRow("run") << QStringList{"run", "memory.copy"};
        QTest::newRow("run with parameters")
            << QStringList{"run", "memory.softmax", "--param", "cols=1000", "--json"};
        QTest::newRow("ceilings") << QStringList{"ceilings"};
        QTest::newRow("suite") << QStringList{"suite", "--json"};
    }
    void noDevice()
    {
        if (haveDevice())
            QSKIP("a CUDA device is present");
        QFETCH(QStringList, args);
        const Run r = cli(args);
        QCOMPARE(r.code, 3);
        QVERIFY2(r.err.contains("no CUDA device"), r.err.constData());
        QVERIFY(r.out.isEmpty());
    }

    void compileWithoutArchOrDevice()
    {
        if (haveDevice())
            QSKIP("a CUDA device is present (its architecture is the default)");
        const Run r = cli({"compile", "memory.copy"});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("--arch"), r.err.constData());
    }

    void badInput_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("named");
        QTest::newRow("run: unknown kernel") << QStringList{"run", "memory.teleport"} << "unknown kernel";
        QTest::newRow("run: no kernel") << QStringList{"run"} << "name one kernel";
        QTest::newRow("run: unknown parameter")
            << QStringList{"run", "memory.copy", "--param", "bogus=1"} << "\"bogus\"";
        QTest::newRow("run: n below minimum")
            << QStringList{"run", "memory.copy", "--param", "n=0"} << "\"n\"";
        QTest::newRow("run: n not a number")
            << QStringList{"run", "memory.copy", "--param", "n=many"} << "\"n\"";
        QTest::newRow("run: block not a multiple of 32")
            << QStringList{"run", "memory.vector_add", "--param", "block=100"} << "\"block\"";
        QTest::newRow("run: unknown variant")
            << QStringList{"run", "memory.reduce", "--param", "variant=magic"} << "\"variant\"";
        QTest::newRow("run: stride not offered")
            << QStringList{"run", "memory.strided_read", "--param", "stride=5"} << "\"stride\"";
        QTest::newRow("run: row too long")
            << QStringList{"run", "memory.softmax", "--param", "cols=16384", "--param", "block=128"}
            << "\"cols\"";
        QTest::newRow("run: dtype") << QStringList{"run", "memory.reduce", "--dtype", "fp64"} << "--dtype";
        QTest::newRow("run: malformed --param")
            << QStringList{"run", "memory.copy", "--param", "n"} << "--param";
        QTest::newRow("run: --repeat 0") << QStringList{"run", "memory.copy", "--repeat", "0"} << "--repeat";
        QTest::newRow("run: test kernel without the variable")
            << QStringList{"run", "test.fault"} << "unknown kernel";
        QTest::newRow("compile: bad arch")
            << QStringList{"compile", "memory.copy", "--arch", "sm_42"} << "--arch";
        QTest::newRow("compile: bad parameter")
            << QStringList{"compile", "memory.layernorm", "--arch", "sm_90", "--param", "residual=2"}
            << "\"residual\"";
        QTest::newRow("compile: not compiled")
            << QStringList{"compile", "probe.memcpy_d2d", "--arch", "sm_90"} << "not a compiled kernel";
        QTest::newRow("run: smem_fma vec 2")
            << QStringList{"run", "probe.smem_fma", "--param", "vec=2"} << "\"vec\"";
        QTest::newRow("run: smem_fma stride 16 with vec 4")
            << QStringList{"run", "probe.smem_fma", "--param", "vec=4", "--param", "stride=16"}
            << "\"stride\"";
        QTest::newRow("run: smem_fma blocks_per_sm 0")
            << QStringList{"run", "probe.smem_fma", "--param", "blocks_per_sm=0"} << "\"blocks_per_sm\"";
        QTest::newRow("suite: unknown option") << QStringList{"suite", "--fast"} << "fast";
    }
    void badInput()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, named);
        const Run r = cli(args);
        QCOMPARE(r.code, 2);
        QVERIFY2(QString::fromUtf8(r.err).contains(named), r.err.constData());
    }

    // A kernel that needs an arch-specific target (wgmma: sm_90a) is built for it when its
    // architecture is asked for, and refused in one line naming the target for any other; the
    // worker's compile request does the same.
    void archSpecificTarget_data()
    {
        QTest::addColumn<QString>("kernel");
        QTest::addColumn<QString>("arch");
        QTest::addColumn<int>("code");
        QTest::addColumn<QString>("built"); // the target compiled for, or what the refusal names
        QTest::newRow("wgmma_tma for sm_90 -> sm_90a") << "gemm.wgmma_tma"
                                                       << "sm_90" << 0 << "sm_90a";
        QTest::newRow("wgmma_tma for sm_90a") << "gemm.wgmma_tma"
                                              << "sm_90a" << 0 << "sm_90a";
        QTest::newRow("wgmma_tma for 9.0") << "gemm.wgmma_tma"
                                           << "9.0" << 0 << "sm_90a";
        QTest::newRow("wgmma_tma for sm_80: refused") << "gemm.wgmma_tma"
                                                      << "sm_80" << 2 << "sm_90a";
        QTest::newRow("wgmma_tma for sm_100: refused") << "gemm.wgmma_tma"
                                                       << "sm_100" << 2 << "sm_90a";
        QTest::newRow("mma_multistage for sm_90 stays sm_90") << "gemm.mma_multistage"
                                                              << "sm_90" << 0 << "sm_90";
    }

    void archSpecificTarget()
    {
        QFETCH(QString, kernel);
        QFETCH(QString, arch);
        QFETCH(int, code);
        QFETCH(QString, built);
        const Run r = cli({"compile", kernel, "--arch", arch, "--json"});
        QCOMPARE(r.code, code);
        const QList<QByteArray> errLines =
            r.err.trimmed().isEmpty() ? QList<QByteArray>{} : r.err.trimmed().split('\n');
        if (code == 0) {
            QCOMPARE(r.json()["arch"].toString(), built);
            QVERIFY2(errLines.isEmpty(), r.err.constData()); // no ptxas errors
        } else {
            QCOMPARE(errLines.size(), 1);
            QVERIFY2(errLines.first().contains(built.toLatin1()) &&
                         errLines.first().contains(kernel.toLatin1()),
                     r.err.constData());
        }

        // The worker: a compiled event for that target, or an error (code 2) naming it.
        QProcess worker;
        QProcessEnvironment e = QProcessEnvironment::systemEnvironment();
        e.insert("ROOFLAB_CACHE_DIR", cacheDir().path());
        worker.setProcessEnvironment(e);
        worker.start(QStringLiteral(ROOFLAB_CLI), {"worker"});
        QVERIFY(worker.waitForStarted());
        worker.write(QJsonDocument(
                         QJsonObject{{"request", "compile"}, {"id", "c"}, {"kernel", kernel}, {"arch", arch}})
                         .toJson(QJsonDocument::Compact) +
                     "\n");
        QString compiledFor, error;
        int errorCode = 0;
        bool done = false;
        QByteArray buffer;
        QElapsedTimer t;
        t.start();
        while (!done && t.elapsed() < 120000 && worker.waitForReadyRead(120000)) {
            buffer += worker.readAllStandardOutput();
            qsizetype nl;
            while ((nl = buffer.indexOf('\n')) >= 0) {
                const QJsonObject ev = QJsonDocument::fromJson(buffer.left(nl)).object();
                buffer.remove(0, nl + 1);
                const QString kind = ev["event"].toString();
                if (kind == "compiled")
                    compiledFor = ev["arch"].toString();
                else if (kind == "error")
                    error = ev["message"].toString(), errorCode = ev["code"].toInt();
                else if (kind == "done")
                    done = true;
            }
        }
        worker.closeWriteChannel();
        worker.waitForFinished();
        QVERIFY(done);
        if (code == 0) {
            QCOMPARE(compiledFor, built);
        } else {
            QCOMPARE(errorCode, 2);
            QVERIFY2(error.contains(built) && !error.contains('\n'), qPrintable(error));
        }
    }

    // Every example in the README and app/PROTOCOL.md works as written: the kernel ids are in the
    // catalog, each `rooflab-cli ...` line of the README's code blocks runs (exit 0, or 3 where
    // it needs a GPU and there is none), and the protocol's request lines are accepted.
    void documentedExamples()
    {
        const QString root = QStringLiteral(ROOFLAB_SOURCE_RESOURCES_DIR "/..");
        const auto read = [&](const QString &name) {
            QFile f(root + QLatin1Char('/') + name);
            return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
        };
        const QString readme = read("README.md"), protocol = read("app/PROTOCOL.md");
        QVERIFY(!readme.isEmpty() && !protocol.isEmpty());

        QSet<QString> ids;
        for (const QJsonValue &k : cli({"kernels", "--json"}).json()["kernels"].toArray())
            ids.insert(k.toObject()["id"].toString());
        QVERIFY(ids.size() > 10);
        static const QRegularExpression kernelId(QStringLiteral("\\b(?:memory|gemm|probe)\\.[a-z0-9_]+\\b"));
        for (const QString &text : {readme, protocol})
            for (auto it = kernelId.globalMatch(text); it.hasNext();) {
                const QString id = it.next().captured();
                QVERIFY2(ids.contains(id), qPrintable(id + " is not in rooflab-cli kernels"));
            }

        // The README's command lines, run from a scratch folder (some write --out files).
        QTemporaryDir scratch;
        static const QRegularExpression block(QStringLiteral("```sh\\n(.*?)```"),
                                              QRegularExpression::DotMatchesEverythingOption);
        int ran = 0;
        for (auto it = block.globalMatch(readme); it.hasNext();) {
            QString code = it.next().captured(1);
            code.replace(QStringLiteral("\\\n"), QStringLiteral(" "));
            for (QString line : code.split(QLatin1Char('\n'))) {
                line = line.section(QLatin1Char('#'), 0, 0).trimmed();
                line.remove(QRegularExpression(QStringLiteral("\\[[^]]*\\]"))); // [optional] parts
                QStringList args = line.split(QLatin1Char(' '), Qt::SkipEmptyParts);
                if (args.isEmpty() || !args.first().endsWith(QLatin1String("rooflab-cli")))
                    continue;
                args.removeFirst();
                // worker waits for stdin; replay is paced by its file (tst_cli_replay runs both);
                // --host and --via need a GPU host set up (tst_hosts).
                if (args.first() == "worker" || args.first() == "replay" || args.contains("--host") ||
                    args.contains("--via"))
                    continue;
                for (QString &a : args)
                    if (a.startsWith(QLatin1String("resources/")))
                        a = root + QLatin1Char('/') + a;
                QProcess p;
                QProcessEnvironment e = QProcessEnvironment::systemEnvironment();
                e.insert("ROOFLAB_CACHE_DIR", cacheDir().path());
                e.insert("ROOFLAB_NO_DISASSEMBLER", "1");
                p.setProcessEnvironment(e);
                p.setWorkingDirectory(scratch.path());
                p.start(QStringLiteral(ROOFLAB_CLI), args);
                QVERIFY(p.waitForFinished(300000));
                const int rc = p.exitCode();
                const bool gpu = QStringList{"run", "ceilings", "suite", "ladder"}.contains(args.first());
                QVERIFY2(rc == 0 || (gpu && !haveDevice() && rc == 3),
                         qPrintable(QStringLiteral("README: rooflab-cli %1 -> exit %2: %3")
                                        .arg(args.join(' '))
                                        .arg(rc)
                                        .arg(QString::fromUtf8(p.readAllStandardError()))));
                ++ran;
            }
        }
        QVERIFY(ran >= 15);

        // The protocol's request lines, to a worker: nothing is refused as bad input.
        QStringList requests;
        for (const QString &line : protocol.split(QLatin1Char('\n')))
            if (line.startsWith(QLatin1String("{\"request\"")))
                requests << line;
        QVERIFY(!requests.isEmpty());
        QProcess worker;
        worker.start(QStringLiteral(ROOFLAB_CLI), {"worker"});
        QVERIFY(worker.waitForStarted());
        for (const QString &r : requests)
            worker.write(r.toUtf8() + "\n");
        QTest::qWait(2000); // let the requests be read before stdin closes (which cancels what is queued)
        worker.closeWriteChannel();
        QVERIFY(worker.waitForFinished(60000));
        for (const QByteArray &line : worker.readAllStandardOutput().split('\n')) {
            const QJsonObject ev = QJsonDocument::fromJson(line).object();
            if (ev["event"].toString() == "error")
                QVERIFY2(ev["code"].toInt() != 2, line.constData());
        }
    }
};

QTEST_GUILESS_MAIN(TestCliKernels)
#include "tst_cli_kernels.moc"
