// model::ProfileCounters: the counters `rooflab-cli run --profile` reads from Nsight Compute's
// raw CSV, kept in a results file, turned into bytes per memory level and compared with a
// prediction ("HBM: predicted 654 MiB, measured 612 MiB").
#include "ncuimport.h"
#include "profilecounters.h"
#include "resultset.h"

#include <QFile>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using LevelBytes = QMap<QString, double>;

namespace {

// Replace the hand-made file with one measured on the H200 (lab/profile-check.sh writes
// memory.copy.csv); the figures below are those of a 2^28-element fp32 copy either way.
const char *const kCopyCsv = ROOFLAB_TEST_DATA "/ncu/profile-memory-copy-handmade.csv";

QByteArray readFile(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return f.readAll();
}

bool near(double a, double b, double rel)
{
    return std::fabs(a - b) <= rel * std::fabs(b);
}

const QByteArray kTwoLaunches =
    "\"ID\",\"Kernel Name\",\"Block Size\",\"Grid Size\",\"dram__bytes_read.sum\",\"dram__bytes_write.sum\","
    "\"gpu__time_duration.sum\"\n"
    "\"\",\"\",\"\",\"\",\"Mbyte\",\"byte\",\"us\"\n"
    "\"0\",\"rl_fill<float>(float *, long long)\",\"(256, 1, 1)\",\"(2112, 1, 1)\",\"1.5\",\"100\",\"3.5\"\n"
    "\"1\",\"void strided_read<float, 4>(const float *, float *, long long)\",\"(256, 1, 1)\",\"(512, 1, "
    "1)\","
    "\"536.9\",\"4,096\",\"250.25\"\n";

} // namespace

class TestProfileCounters : public QObject
{
    Q_OBJECT

private slots:
    void fromCsv_data()
    {
        QTest::addColumn<QString>("metric");
        QTest::addColumn<double>("expected");
        // Read + write, both ~1 GiB: 2·n·s for n = 2^28 fp32.
        QTest::newRow("dram bytes") << "dram" << 2147868672.0;
        QTest::newRow("l2 bytes") << "l2" << 2149580800.0;
        QTest::newRow("l1 bytes") << "l1" << 2147483648.0;
        QTest::newRow("smem bytes (no shared memory)") << "smem" << 0.0;
        QTest::newRow("bank conflicts") << "conflicts" << 0.0;
        QTest::newRow("occupancy %") << "occupancy" << 86.47;
        QTest::newRow("issue slots %") << "issue" << 4.21;
        QTest::newRow("SM clock MHz (hz unit)") << "clock" << 1979.950338;
        QTest::newRow("time s (ns unit)") << "time" << 502.816e-6;
        QTest::newRow("cycles (fractional avg)") << "cycles" << 995575.52;
        QTest::newRow("fma pipe") << "inst.fma" << 2097152.0;
        QTest::newRow("lsu pipe") << "inst.lsu" << 4194304.0;
        QTest::newRow("all warp instructions") << "inst.all" << 20971520.0;
    }

    // The same import on ncu's own output: memory.copy (vector, n = 2^27 fp32) profiled on an
    // NVIDIA H200 by `rooflab-cli run --profile` (lab/h200-validate.sh, 2026-12-01).
    void measuredOnTheH200()
    {
        const QString path = QStringLiteral(ROOFLAB_TEST_DATA "/ncu/profile-memory-copy-h200.csv");
        QString error;
        const auto c = model::ProfileCounters::fromCsv(readFile(path), "copy_vector", &error);
        QVERIFY2(c, qPrintable(error));
        QVERIFY(c->kernel.contains(QLatin1String("copy_vector")));
        const double expected = 2.0 * 134217728 * 4; // read + write
        QVERIFY(c->dramBytes());
        QVERIFY2(qAbs(*c->dramBytes() / expected - 1) < 0.05, qPrintable(QString::number(*c->dramBytes())));
        QVERIFY(c->smClockMhz() && *c->smClockMhz() > 1000 && *c->smClockMhz() < 2100);
        QVERIFY(c->issueActivePct() && *c->issueActivePct() > 0 && *c->issueActivePct() < 100);
        QVERIFY(c->occupancyPct() && *c->occupancyPct() > 0);
        QVERIFY(c->timeS() && *c->timeS() > 100e-6 && *c->timeS() < 1e-3);
        QVERIFY(c->instructions().value(QStringLiteral("all")) > 0);
    }

    void fromCsv()
    {
        QFETCH(QString, metric);
        QFETCH(double, expected);
        const QByteArray csv = readFile(QString::fromLatin1(kCopyCsv));
        QVERIFY2(!csv.isEmpty(), kCopyCsv);
        QString error;
        QStringList warnings;
        const auto c = model::ProfileCounters::fromCsv(csv, QStringLiteral("copy_vector"), &error, &warnings);
        QVERIFY2(c, qPrintable(error));
        QVERIFY2(warnings.isEmpty(), qPrintable(warnings.join('\n')));
        QVERIFY(c->kernel.startsWith(QLatin1String("void copy_vector<float")));
        std::optional<double> v;
        if (metric == "dram")
            v = c->dramBytes();
        else if (metric == "l2")
            v = c->l2Bytes();
        else if (metric == "l1")
            v = c->l1Bytes();
        else if (metric == "smem")
            v = c->smemBytes();
        else if (metric == "conflicts")
            v = c->smemBankConflicts();
        else if (metric == "occupancy")
            v = c->occupancyPct();
        else if (metric == "issue")
            v = c->issueActivePct();
        else if (metric == "clock")
            v = c->smClockMhz();
        else if (metric == "time")
            v = c->timeS();
        else if (metric == "cycles")
            v = c->cycles();
        else if (metric.startsWith("inst.") && c->instructions().contains(metric.mid(5)))
            v = c->instructions().value(metric.mid(5));
        QVERIFY2(v, qPrintable(metric));
        QVERIFY2(expected == 0 ? *v == 0 : near(*v, expected, 1e-6),
                 qPrintable(QStringLiteral("%1: %2, expected %3")
                                .arg(metric)
                                .arg(*v, 0, 'g', 12)
                                .arg(expected, 0, 'g', 12)));
    }

    // The same file imports as roofline points (File → Open): --profile asks for the import's metrics too.
    void importsAsRooflinePoints()
    {
        QString error;
        const auto rs = model::NcuImport::fromCsv(readFile(QString::fromLatin1(kCopyCsv)), &error);
        QVERIFY2(rs, qPrintable(error));
        QStringList levels;
        for (const model::Measurement &m : rs->measurements) {
            levels.append(m.level);
            QCOMPARE(m.source, QStringLiteral("ncu"));
            QVERIFY(near(m.time.median, 502.816e-6, 1e-9));
        }
        // l1tex__t_bytes.sum is in the file too: HBM, L2 and L1.
        QCOMPARE(levels, (QStringList{"hbm", "l2", "l1"}));
        QCOMPARE(rs->device.name, QStringLiteral("NVIDIA H200"));
    }

    // The launch is picked by the kernel's name; other launches (the runner's fill) are not it.
    void picksTheKernel_data()
    {
        QTest::addColumn<QString>("kernel");
        QTest::addColumn<double>("dram");
        QTest::addColumn<double>("timeS");
        QTest::newRow("strided_read, scaled units") << "strided_read" << (536.9e6 + 4096) << 250.25e-6;
        QTest::newRow("any: the first launch") << "" << (1.5e6 + 100) << 3.5e-6;
    }

    void picksTheKernel()
    {
        QFETCH(QString, kernel);
        QFETCH(double, dram);
        QFETCH(double, timeS);
        QString error;
        const auto c = model::ProfileCounters::fromCsv(kTwoLaunches, kernel, &error);
        QVERIFY2(c, qPrintable(error));
        QVERIFY(c->dramBytes() && near(*c->dramBytes(), dram, 1e-9));
        QVERIFY(c->timeS() && near(*c->timeS(), timeS, 1e-9));
        QVERIFY(!c->l2Bytes()); // not in the file
    }

    void refuses_data()
    {
        QTest::addColumn<QByteArray>("csv");
        QTest::addColumn<QString>("kernel");
        QTest::addColumn<QString>("needle");
        QTest::newRow("no such launch") << kTwoLaunches << "gemm_reg2d"
                                        << "gemm_reg2d";
        QTest::newRow("not an ncu export") << QByteArray("kernel,time\ncopy,1\n") << ""
                                           << "Kernel Name";
        QTest::newRow("only ncu's error lines")
            << QByteArray("==ERROR== ERR_NVGPUCTRPERM - The user does not have permission\n") << ""
            << "Kernel Name";
        QTest::newRow("header only") << QByteArray("\"ID\",\"Kernel Name\",\"lts__t_bytes.sum\"\n") << ""
                                     << "no kernel launches";
    }

    void refuses()
    {
        QFETCH(QByteArray, csv);
        QFETCH(QString, kernel);
        QFETCH(QString, needle);
        QString error;
        QVERIFY(!model::ProfileCounters::fromCsv(csv, kernel, &error));
        QVERIFY2(error.contains(needle), qPrintable(error));
    }

    // Counters go into the measurement's "counters" and come back from a saved file.
    void keptInResultsFile()
    {
        QString error;
        auto c =
            model::ProfileCounters::fromCsv(readFile(QString::fromLatin1(kCopyCsv)), "copy_vector", &error);
        QVERIFY2(c, qPrintable(error));
        c->tool = QStringLiteral("ncu 2025.3.0.0");
        c->clockControl = QStringLiteral("none");
        model::ResultSet rs;
        model::Measurement m;
        m.kernel = QStringLiteral("memory.copy");
        m.dtype = QStringLiteral("fp32");
        m.bytes = 2147483648.0;
        m.time = {5e-4, 4.9e-4, 5.1e-4, 10};
        c->attachTo(m);
        rs.measurements.append(m);
        QTemporaryDir dir;
        const QString path = dir.filePath("r.json");
        QVERIFY2(rs.save(path, &error), qPrintable(error));
        const auto back = model::ResultSet::load(path, &error);
        QVERIFY2(back, qPrintable(error));
        QCOMPARE(back->measurements.size(), 1);
        const QJsonObject json = back->measurements.first().extra.value("counters").toObject();
        QCOMPARE(json.value("tool").toString(), QStringLiteral("ncu 2025.3.0.0"));
        QCOMPARE(json.value("clock_control").toString(), QStringLiteral("none"));
        QCOMPARE(json.value("dram_bytes").toDouble(), 2147868672.0); // derived fields are written too
        const auto again = model::ProfileCounters::of(back->measurements.first());
        QVERIFY(again);
        QCOMPARE(again->metrics, c->metrics);
        QCOMPARE(again->tool, c->tool);
        QVERIFY(!model::ProfileCounters::of(model::Measurement{}));

        // CSV export: the counter columns filled for this row, empty for one without counters.
        model::Measurement plain;
        plain.kernel = QStringLiteral("memory.copy");
        const QStringList header = model::ResultSet::csvHeader();
        const QStringList row = model::ResultSet::csvRow(back->measurements.first());
        const QStringList bare = model::ResultSet::csvRow(plain);
        QCOMPARE(row.size(), header.size());
        QCOMPARE(row.at(header.indexOf("dram_bytes")), QStringLiteral("2147868672"));
        QCOMPARE(row.at(header.indexOf("occupancy_pct")), QStringLiteral("86.47"));
        QCOMPARE(row.at(header.indexOf("smem_bytes")), QStringLiteral("0"));
        for (const char *col : {"dram_bytes", "l2_bytes", "l1_bytes", "smem_bytes", "smem_bank_conflicts",
                                "occupancy_pct", "issue_active_pct", "profile_clock_mhz"})
            QVERIFY2(header.contains(col) && bare.at(header.indexOf(col)).isEmpty(), col);
    }

    void levelBytes_data()
    {
        QTest::addColumn<QByteArray>("metricsCsvRow"); // name=value pairs
        QTest::addColumn<QString>("expected");         // level=bytes pairs
        QTest::newRow("all four")
            << QByteArray("dram__bytes_read.sum=100;dram__bytes_write.sum=28;lts__t_bytes.sum=512;"
                          "l1tex__t_bytes.sum=1024;l1tex__data_pipe_lsu_wavefronts_mem_shared.sum=3")
            << "hbm=128;l1=1024;l2=512;smem=384";
        QTest::newRow("dram__bytes.sum when read/write are missing")
            << QByteArray("dram__bytes.sum=77") << "hbm=77";
        QTest::newRow("read without write: dram__bytes.sum")
            << QByteArray("dram__bytes_read.sum=5;dram__bytes.sum=9") << "hbm=9";
        QTest::newRow("nothing") << QByteArray("smsp__inst_executed.sum=5") << "";
    }

    void levelBytes()
    {
        QFETCH(QByteArray, metricsCsvRow);
        QFETCH(QString, expected);
        model::ProfileCounters c;
        for (const QByteArray &kv : metricsCsvRow.split(';'))
            c.metrics.insert(QString::fromLatin1(kv.split('=').at(0)), kv.split('=').at(1).toDouble());
        QStringList got;
        for (auto [level, bytes] : model::measuredLevelBytes(c).asKeyValueRange())
            got.append(level + '=' + QString::number(bytes));
        QCOMPARE(got.join(';'), expected);
    }

    void comparison_data()
    {
        QTest::addColumn<LevelBytes>("predicted");
        QTest::addColumn<LevelBytes>("measured");
        QTest::addColumn<QString>("memoryType");
        QTest::addColumn<QStringList>("lines");
        const double mib = 1024.0 * 1024.0;
        QTest::newRow("strided read on the H200: HBM only")
            << LevelBytes{{"hbm", 654 * mib}} << LevelBytes{{"hbm", 612 * mib}} << "HBM3e"
            << QStringList{"HBM: predicted 654 MiB, measured 612 MiB"};
        QTest::newRow("levels in memory order, missing sides")
            << LevelBytes{{"smem", 4 * mib * 1024}, {"hbm", 2 * mib * 1024}, {"l2", 8 * mib * 1024}}
            << LevelBytes{{"l1", 3 * mib}, {"hbm", 2.5 * mib * 1024}, {"l2", 6 * mib * 1024}} << ""
            << QStringList{"HBM: predicted 2 GiB, measured 2.5 GiB", "L2: predicted 8 GiB, measured 6 GiB",
                           "L1: predicted —, measured 3 MiB", "Shared memory: predicted 4 GiB, measured —"};
        QTest::newRow("GDDR memory is DRAM") << LevelBytes{{"hbm", 1024}} << LevelBytes{} << "GDDR6X"
                                             << QStringList{"DRAM: predicted 1 KiB, measured —"};
        QTest::newRow("nothing to compare") << LevelBytes{} << LevelBytes{} << "" << QStringList{};
    }

    void comparison()
    {
        QFETCH(LevelBytes, predicted);
        QFETCH(LevelBytes, measured);
        QFETCH(QString, memoryType);
        QFETCH(QStringList, lines);
        QCOMPARE(model::levelComparison(predicted, measured, memoryType), lines);
    }

    // What run --profile asks for: each metric the brief names, once, with the import's own.
    void metricNames()
    {
        const QStringList m = model::ProfileCounters::metricNames();
        for (const char *name :
             {"dram__bytes_read.sum", "dram__bytes_write.sum", "lts__t_bytes.sum", "l1tex__t_bytes.sum",
              "l1tex__data_pipe_lsu_wavefronts_mem_shared.sum",
              "l1tex__data_bank_conflicts_pipe_lsu_mem_shared.sum", "sm__inst_executed_pipe_fma.sum",
              "sm__inst_executed_pipe_alu.sum", "sm__inst_executed_pipe_lsu.sum", "smsp__inst_executed.sum",
              "smsp__issue_active.avg.pct_of_peak_sustained_active",
              "sm__warps_active.avg.pct_of_peak_sustained_active", "smsp__cycles_elapsed.avg.per_second",
              "sm__cycles_elapsed.avg", "gpu__time_duration.sum",
              "sm__sass_thread_inst_executed_op_ffma_pred_on.sum"})
            QVERIFY2(m.contains(QLatin1String(name)), name);
        QCOMPARE(QSet<QString>(m.begin(), m.end()).size(), m.size());
    }
};

QTEST_GUILESS_MAIN(TestProfileCounters)
#include "tst_profilecounters.moc"
