// rooflab-cli run --profile without a GPU and without Nsight Compute: one line says ncu is
// missing and everything else is as without --profile. cli::Profiler against stand-in `ncu`
// scripts: the command it runs, ERR_NVGPUCTRPERM in one line, a metric ncu does not know
// dropped and tried again, the counters read from what ncu prints.
#include "profiler.h"
#include "standin.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QProcessEnvironment>
#include <QTemporaryDir>
#include <QTest>

namespace {

struct Run
{
    int code = -1;
    QByteArray out;
    QByteArray err;
};

QTemporaryDir &cacheDir()
{
    static QTemporaryDir dir;
    return dir;
}

Run runCli(const QStringList &args, const QMap<QString, QString> &env, const QByteArray &input = {})
{
    QProcess p;
    QProcessEnvironment e = QProcessEnvironment::systemEnvironment();
    e.insert("ROOFLAB_CACHE_DIR", cacheDir().path());
    e.remove("ROOFLAB_NCU");
    for (auto it = env.begin(); it != env.end(); ++it)
        e.insert(it.key(), it.value());
    p.setProcessEnvironment(e);
    p.start(QStringLiteral(ROOFLAB_CLI), args);
    if (!input.isEmpty()) {
        p.write(input);
        p.closeWriteChannel();
    }
    p.waitForFinished(300000);
    return {p.exitCode(), p.readAllStandardOutput(), p.readAllStandardError()};
}

QStringList lines(const QByteArray &text)
{
    return QString::fromUtf8(text).split('\n', Qt::SkipEmptyParts);
}

bool haveDevice()
{
    static const bool have = !QJsonDocument::fromJson(runCli({"devices", "--json"}, {}).out)
                                  .object()
                                  .value("devices")
                                  .toArray()
                                  .isEmpty();
    return have;
}

// A stand-in ncu: a shell script that logs its arguments and answers as `body` says.
QString writeFakeNcu(const QString &dir, const QByteArray &body)
{
    return rooflab::test::writeScript(
        dir + "/ncu",
        "if [ \"$1\" = --version ]; then echo 'NVIDIA (R) Nsight Compute Command Line Profiler'; "
        "echo 'Version 2099.1.0.0 (build 1) (public-release)'; exit 0; fi\n"
        "echo \"$@\" >> \"$(dirname \"$0\")/calls.log\"\n" +
            body);
}

const char *const kCopyCsv = ROOFLAB_TEST_DATA "/ncu/profile-memory-copy-handmade.csv";

} // namespace

class TestCliProfile : public QObject
{
    Q_OBJECT

private slots:
    // No ncu: one line says so, first; the rest of stderr, stdout and the exit code are those
    // of the same run without --profile (exit 3 and the no-device line on a machine without
    // a GPU, a measurement on one with).
    void withoutNcu_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("how");
        const QStringList run = {"run", "memory.copy", "--param", "n=4096"};
        QTest::newRow("ROOFLAB_NCU empty") << run << "override";
        QTest::newRow("nothing on PATH or CUDA_HOME") << run << "path";
        QTest::newRow("with --json") << run + QStringList{"--json"} << "override";
        QTest::newRow("suite") << QStringList{"suite"} << "override";
        QTest::newRow("ladder") << QStringList{"ladder", "--steps", "gemm.reg2d"} << "override";
    }

    void withoutNcu()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, how);
        QMap<QString, QString> env;
        if (how == "override") {
            env.insert("ROOFLAB_NCU", "");
        } else {
            if (QFileInfo::exists("/usr/local/cuda/bin/ncu"))
                QSKIP("this machine has /usr/local/cuda/bin/ncu, which the lookup finds whatever PATH says");
            QTemporaryDir empty;
            env.insert("PATH", "/usr/bin:/bin");
            env.insert("CUDA_HOME", empty.path());
            if (QFileInfo::exists("/usr/bin/ncu") || QFileInfo::exists("/bin/ncu"))
                QSKIP("ncu is installed in /usr/bin");
        }
        if (haveDevice())
            QSKIP("with a GPU the measurement itself differs run to run; the no-ncu line is checked without "
                  "one");
        const Run plain = runCli(args, env);
        const Run profiled = runCli(args + QStringList{"--profile"}, env);
        QCOMPARE(profiled.code, plain.code);
        QCOMPARE(plain.code, 3);
        QCOMPARE(profiled.out, plain.out);
        const QStringList pe = lines(profiled.err), e = lines(plain.err);
        QCOMPARE(pe.size(), e.size() + 1);
        QVERIFY2(pe.first().contains("ncu") && pe.first().contains("not found"), qPrintable(pe.first()));
        QVERIFY2(pe.first().contains("without counters"), qPrintable(pe.first()));
        QCOMPARE(pe.mid(1), e);
        QCOMPARE(pe.filter("ncu").size(), 1);
    }

    void badUsage()
    {
        const Run r = runCli({"run", "memory.copy", "--profile-csv", "x.csv"}, {{"ROOFLAB_NCU", ""}});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("--profile-csv needs --profile"), r.err.constData());
        const Run help = runCli({"run", "--help"}, {});
        QCOMPARE(help.code, 0);
        QVERIFY(help.out.contains("--profile"));
        QVERIFY(!help.out.contains("--profile-child")); // internal: the run ncu profiles
    }

    // The worker's run request with "profile": true: the same line as a warning event, then
    // the request goes on as without it (no device: error code 3).
    void workerWithoutNcu()
    {
        if (haveDevice())
            QSKIP("checked without a GPU");
        // stdin stays open until the request is done: a worker drops queued requests at EOF.
        QProcess p;
        QProcessEnvironment e = QProcessEnvironment::systemEnvironment();
        e.insert("ROOFLAB_CACHE_DIR", cacheDir().path());
        e.insert("ROOFLAB_NCU", "");
        p.setProcessEnvironment(e);
        p.start(QStringLiteral(ROOFLAB_CLI), {"worker"});
        QVERIFY(p.waitForStarted());
        p.write("{\"request\":\"run\",\"id\":\"p1\",\"kernel\":\"memory.copy\",\"params\":{\"n\":4096},"
                "\"profile\":true}\n");
        QByteArray out;
        QElapsedTimer clock;
        clock.start();
        while (!out.contains("\"event\":\"done\"") && clock.elapsed() < 120000 &&
               p.state() == QProcess::Running) {
            p.waitForReadyRead(1000);
            out += p.readAllStandardOutput();
        }
        p.closeWriteChannel();
        QVERIFY(p.waitForFinished(60000));
        out += p.readAllStandardOutput();
        const Run r{p.exitCode(), out, p.readAllStandardError()};
        QCOMPARE(r.code, 0);
        QStringList kinds;
        QString warning;
        int code = 0;
        for (const QString &l : lines(r.out)) {
            const QJsonObject e = QJsonDocument::fromJson(l.toUtf8()).object();
            if (e.value("id").toString() != "p1")
                continue;
            kinds.append(e.value("event").toString());
            if (e.value("event") == "warning")
                warning = e.value("message").toString();
            if (e.value("event") == "error")
                code = e.value("code").toInt();
        }
        QCOMPARE(kinds, (QStringList{"warning", "error", "done"}));
        QVERIFY2(warning.contains("ncu") && warning.contains("not found"), qPrintable(warning));
        QCOMPARE(code, 3);
    }

    void findNcu_data()
    {
        QTest::addColumn<QString>("how");
        QTest::addColumn<bool>("found");
        QTest::newRow("ROOFLAB_NCU names it") << "override" << true;
        QTest::newRow("ROOFLAB_NCU missing file") << "override-missing" << false;
        QTest::newRow("on PATH") << "path" << true;
        QTest::newRow("in $CUDA_HOME/bin") << "cuda_home" << true;
    }

    void findNcu()
    {
        QFETCH(QString, how);
        QFETCH(bool, found);
        QTemporaryDir dir;
        const QString bin = dir.filePath("cuda/bin");
        QVERIFY(QDir().mkpath(bin));
        const QString ncu = writeFakeNcu(bin, "exit 0\n");
        QVERIFY(!ncu.isEmpty());
        QProcessEnvironment env;
        env.insert("PATH", "/nonexistent");
        env.insert("CUDA_HOME", "/nonexistent");
        if (how == "override")
            env.insert("ROOFLAB_NCU", ncu);
        else if (how == "override-missing")
            env.insert("ROOFLAB_NCU", dir.filePath("nope/ncu"));
        else if (how == "path")
            env.insert("PATH", "/nonexistent:" + bin);
        else
            env.insert("CUDA_HOME", dir.filePath("cuda"));
        const QString got = cli::Profiler::findNcu(env);
        if (!found) {
            QVERIFY2(got.isEmpty(), qPrintable(got));
            return;
        }
        QCOMPARE(QFileInfo(got).canonicalFilePath(), QFileInfo(ncu).canonicalFilePath());
    }

    // The stand-in ncu's answers and what the Profiler makes of them.
    void fakeNcu_data()
    {
        QTest::addColumn<QByteArray>("body");
        QTest::addColumn<int>("status");
        QTest::addColumn<QString>("needle"); // in the message (or the kernel name when Ok)
        QTest::addColumn<int>("calls");
        const QByteArray csv = QByteArray("cat '") + kCopyCsv + "'\n";
        QTest::newRow("counters") << csv << int(cli::Profiler::Status::Ok) << "copy_vector" << 1;
        QTest::newRow("ERR_NVGPUCTRPERM")
            << QByteArray("echo '==PROF== Connected to process 1 (/x/rooflab-cli)'\n"
                          "echo '==ERROR== ERR_NVGPUCTRPERM - The user does not have permission to access "
                          "NVIDIA GPU "
                          "Performance Counters on the target device 0.'\nexit 1\n")
            << int(cli::Profiler::Status::NotPermitted) << "ERR_NVGPUCTRPERM" << 1;
        QTest::newRow("ERR_NVGPUCTRPERM on stderr, exit 0")
            << QByteArray("echo '==ERROR== ERR_NVGPUCTRPERM - no permission' >&2\n")
            << int(cli::Profiler::Status::NotPermitted) << "ERR_NVGPUCTRPERM" << 1;
        QTest::newRow("a metric this ncu does not know, then the rest")
            << (QByteArray("case \"$*\" in *sm__inst_executed_pipe_tensor.sum*) "
                           "echo '==ERROR== Failed to find metric sm__inst_executed_pipe_tensor.sum'; exit "
                           "1;; esac\n") +
                csv)
            << int(cli::Profiler::Status::Ok) << "copy_vector" << 2;
        QTest::newRow("no kernel profiled")
            << QByteArray("echo '==WARNING== No kernels were profiled.'\n")
            << int(cli::Profiler::Status::Failed) << "no launch of copy_vector" << 1;
        QTest::newRow("ncu fails")
            << QByteArray("echo '==ERROR== The application returned an error code (11).'\nexit 1\n")
            << int(cli::Profiler::Status::Failed) << "error code (11)" << 1;
    }

    void fakeNcu()
    {
        QFETCH(QByteArray, body);
        QFETCH(int, status);
        QFETCH(QString, needle);
        QFETCH(int, calls);
        QTemporaryDir dir;
        const cli::Profiler profiler(writeFakeNcu(dir.path(), body));
        QVERIFY(profiler.available());
        cli::ProfileTarget t;
        t.kernel = "memory.copy";
        t.params = {
            {"n", 268435456}, {"variant", "vector"}, {"block", 1024}, {"unroll", 2}, {"cache", "default"}};
        t.dtype = "fp32";
        t.device = 1;
        t.entry = "copy_vector<float, 2, 0>";
        const cli::Profiler::Outcome o = profiler.profile(t, "/opt/rooflab/bin/rooflab-cli");
        QCOMPARE(int(o.status), status);
        if (o.status == cli::Profiler::Status::Ok) {
            QVERIFY(o.counters);
            QVERIFY(o.message.isEmpty());
            QVERIFY2(o.counters->kernel.contains(needle), qPrintable(o.counters->kernel));
            QCOMPARE(o.counters->tool, QStringLiteral("ncu 2099.1.0.0"));
            QCOMPARE(o.counters->clockControl, QStringLiteral("none"));
            QVERIFY(o.counters->dramBytes() && *o.counters->dramBytes() > 2e9);
        } else {
            QVERIFY(!o.counters);
            QVERIFY2(o.message.contains(needle), qPrintable(o.message));
            QVERIFY2(!o.message.contains('\n'), qPrintable(o.message)); // one line
            QVERIFY(o.message.startsWith("profile: "));
        }
        QFile log(dir.filePath("calls.log"));
        QVERIFY(log.open(QIODevice::ReadOnly));
        const QStringList invocations = lines(log.readAll());
        QCOMPARE(invocations.size(), calls);
        const QString first = invocations.first();
        for (const char *part :
             {"--csv --page raw --print-units base --clock-control none --metrics ",
              "--kernel-name-base function", "--kernel-name regex:(^|::)copy_vector($|[<(])",
              "--launch-count 1 --target-processes all",
              "/opt/rooflab/bin/rooflab-cli run memory.copy --param block=1024 --param cache=default --param "
              "n=268435456 "
              "--param unroll=2 --param variant=vector --dtype fp32 --device 1 --repeat 1 --profile-child",
              "dram__bytes_read.sum", "l1tex__data_bank_conflicts_pipe_lsu_mem_shared.sum"})
            QVERIFY2(first.contains(QLatin1String(part)), part);
        if (calls == 2) {
            QVERIFY(first.contains("sm__inst_executed_pipe_tensor.sum"));
            QVERIFY(!invocations.at(1).contains("sm__inst_executed_pipe_tensor.sum"));
            QVERIFY(invocations.at(1).contains("sm__inst_executed_pipe_fma.sum"));
        }
    }

    // ncu itself runs without this program's LD_LIBRARY_PATH (a bundle's Qt could shadow its
    // own libraries); the profiled child gets it back through /usr/bin/env.
    void libraryPathGoesToTheChild()
    {
        const QByteArray saved = qgetenv("LD_LIBRARY_PATH");
        const bool had = qEnvironmentVariableIsSet("LD_LIBRARY_PATH");
        qputenv("LD_LIBRARY_PATH", "/bundle/lib:/usr/local/cuda/lib64");
        QTemporaryDir dir;
        const cli::Profiler profiler(writeFakeNcu(
            dir.path(),
            QByteArray(
                "echo \"ncu saw LD_LIBRARY_PATH=[$LD_LIBRARY_PATH]\" >> \"$(dirname \"$0\")/calls.log\"\n") +
                "cat '" + kCopyCsv + "'\n"));
        cli::ProfileTarget t;
        t.kernel = "memory.copy";
        t.entry = "copy_vector<float, 2, 0>";
        const cli::Profiler::Outcome o = profiler.profile(t, "/opt/rooflab/bin/rooflab-cli");
        if (had)
            qputenv("LD_LIBRARY_PATH", saved);
        else
            qunsetenv("LD_LIBRARY_PATH");
        QCOMPARE(int(o.status), int(cli::Profiler::Status::Ok));
        QFile log(dir.filePath("calls.log"));
        QVERIFY(log.open(QIODevice::ReadOnly));
        const QStringList l = lines(log.readAll());
        QCOMPARE(l.size(), 2);
        QVERIFY2(l.at(0).contains(
                     "--target-processes all /usr/bin/env LD_LIBRARY_PATH=/bundle/lib:/usr/local/cuda/lib64 "
                     "/opt/rooflab/bin/rooflab-cli run memory.copy"),
                 qPrintable(l.at(0)));
        QCOMPARE(l.at(1), QStringLiteral("ncu saw LD_LIBRARY_PATH=[]"));
    }

    void kernelFilter_data()
    {
        QTest::addColumn<QString>("entry");
        QTest::addColumn<QString>("stem");
        QTest::addColumn<QString>("filter");
        QTest::newRow("template") << "strided_read<float, 4>"
                                  << "strided_read"
                                  << "regex:(^|::)strided_read($|[<(])";
        QTest::newRow("extern C") << "gemm_reg2d"
                                  << "gemm_reg2d"
                                  << "regex:(^|::)gemm_reg2d($|[<(])";
        QTest::newRow("namespace") << "rl::copy_scalar<float>"
                                   << "copy_scalar"
                                   << "regex:(^|::)copy_scalar($|[<(])";
        QTest::newRow("no entry (library kernel)") << ""
                                                   << ""
                                                   << "regex:^(?!rl_)";
    }

    void kernelFilter()
    {
        QFETCH(QString, entry);
        QFETCH(QString, stem);
        QFETCH(QString, filter);
        QCOMPARE(cli::Profiler::entryStem(entry), stem);
        QCOMPARE(cli::Profiler::kernelFilter(entry), filter);
    }
};

QTEST_GUILESS_MAIN(TestCliProfile)
#include "tst_cli_profile.moc"
