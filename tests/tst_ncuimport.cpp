// Nsight Compute CSV import (shared/reference/ncu-csv.md): points with the right FLOPs, bytes
// and time from hand-written exports; the traps (units line, separators, ==PROF== lines,
// tensor metrics, details page); missing metrics refused with the list and the command.
#include "generateddevice.h"
#include "kernelgroups.h"
#include "ncuimport.h"

#include <QBuffer>
#include <QFileInfo>
#include <QJsonDocument>
#include <QTest>

#include <cmath>

using model::Measurement;
using model::NcuImport;
using model::ResultSet;

namespace {

QString data(const QString &name)
{
    return QStringLiteral(ROOFLAB_TEST_DATA "/ncu/") + name;
}

const Measurement *find(const ResultSet &rs, int id, const QString &precision, const QString &level)
{
    for (const Measurement &m : rs.measurements)
        if (m.params.value("ncu_id").toInt() == id && m.precision == precision && m.level == level)
            return &m;
    return nullptr;
}

// A raw export with the given metric columns (units, values) for one launch.
QByteArray rawCsv(const QList<std::tuple<QString, QString, QString>> &metrics, const QString &kernel = "k()")
{
    QStringList header = {"ID",     "Process ID", "Process Name", "Host Name", "Kernel Name", "Context",
                          "Stream", "Block Size", "Grid Size",    "Device",    "CC"};
    QStringList units(header.size());
    QStringList values = {"0", "1",           "app",       "127.0.0.1", kernel, "1",
                          "7", "(256, 1, 1)", "(1, 1, 1)", "0",         "9.0"};
    for (const auto &[name, unit, value] : metrics) {
        header << name;
        units << unit;
        values << value;
    }
    auto line = [](QStringList cells) {
        for (QString &c : cells)
            c = '"' + c.replace("\"", "\"\"") + '"';
        return cells.join(',') + '\n';
    };
    return (line(header) + line(units) + line(values)).toUtf8();
}

bool near(double a, double b)
{
    return std::abs(a - b) <= std::abs(b) * 1e-12;
}

// A device that says it is 5 GiB long and holds nothing: the limit is checked before reading.
class HugeDevice : public QIODevice
{
public:
    qint64 size() const override { return 5ll << 30; }
    bool isSequential() const override { return false; }

protected:
    qint64 readData(char *, qint64) override { return 0; }
    qint64 writeData(const char *, qint64) override { return -1; }
};

} // namespace

class TestNcuImport : public QObject
{
    Q_OBJECT

private slots:
    // Each row: one point of a sample file, with the numbers worked out by hand.
    void goodFiles_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("points");
        QTest::addColumn<int>("id");
        QTest::addColumn<QString>("precision");
        QTest::addColumn<QString>("level");
        QTest::addColumn<QString>("dtype");
        QTest::addColumn<double>("flops");
        QTest::addColumn<double>("bytes");
        QTest::addColumn<double>("seconds");

        // bf16 GEMM 4096³: tensor FLOPs = 2·4096³ exactly; the FP32 epilogue is its own small point.
        QTest::newRow("bf16 gemm: tensor vs hbm") << "gemm-bf16-raw.csv" << 8 << 0 << "bf16_tc"
                                                  << "hbm"
                                                  << "bf16" << 137438953472.0 << 151257088.0 << 178256e-9;
        QTest::newRow("bf16 gemm: tensor vs l2") << "gemm-bf16-raw.csv" << 8 << 0 << "bf16_tc"
                                                 << "l2"
                                                 << "bf16" << 137438953472.0 << 1932735283.0 << 178256e-9;
        QTest::newRow("bf16 gemm: fp32 epilogue, FMA counted twice")
            << "gemm-bf16-raw.csv" << 8 << 0 << "fp32"
            << "hbm"
            << "fp32" << (16777216.0 + 2 * 16777216.0) << 151257088.0 << 178256e-9;
        QTest::newRow("bf16 gemm: second launch after a PROF line")
            << "gemm-bf16-raw.csv" << 8 << 1 << "bf16_tc"
            << "hbm"
            << "bf16" << 137438953472.0 << 151265280.0 << 177984e-9;
        // SGEMM 4096³: FFMA = 4096³, so FLOPs = 2·4096³ + the alpha FMULs; bytes = read + write.
        QTest::newRow("sgemm: dram read + write")
            << "fp32-sgemm-raw.csv" << 4 << 0 << "fp32"
            << "hbm"
            << "fp32" << (2 * 68719476736.0 + 16777216.0) << (205520896.0 + 67108864.0) << 2748416e-9;
        QTest::newRow("vector add: one FADD per element") << "fp32-sgemm-raw.csv" << 4 << 1 << "fp32"
                                                          << "l2"
                                                          << "fp32" << 16777216.0 << 201326592.0 << 45312e-9;
        // The same profile with comma decimals, dot groups, usecond, Mbyte and Gbyte.
        QTest::newRow("de locale + scaled units: sgemm")
            << "fp32-sgemm-de-scaled.csv" << 4 << 0 << "fp32"
            << "hbm"
            << "fp32" << (2 * 68719476736.0 + 16777216.0) << (205520896.0 + 67108864.0) << 2748416e-9;
        QTest::newRow("de locale + scaled units: vector add l2 in Gbyte")
            << "fp32-sgemm-de-scaled.csv" << 4 << 1 << "fp32"
            << "l2"
            << "fp32" << 16777216.0 << 201326592.0 << 45312e-9;
        QTest::newRow("details page, gpu__time_duration in us")
            << "gemm-bf16-details.csv" << 2 << 0 << "bf16_tc"
            << "hbm"
            << "bf16" << 137438953472.0 << 151257088.0 << 178.26e-6;
        QTest::newRow("bad values: the one good launch") << "bad-values.csv" << 1 << 2 << "fp32"
                                                         << "hbm"
                                                         << "fp32" << 1048576.0 << 8388608.0 << 12160e-9;
    }
    void goodFiles()
    {
        QFETCH(QString, file);
        QFETCH(int, points);
        QFETCH(int, id);
        QFETCH(QString, precision);
        QFETCH(QString, level);
        QFETCH(QString, dtype);
        QFETCH(double, flops);
        QFETCH(double, bytes);
        QFETCH(double, seconds);
        QString error;
        QStringList warnings;
        const auto rs = NcuImport::load(data(file), &error, &warnings);
        QVERIFY2(rs, qPrintable(error));
        QCOMPARE(rs->measurements.size(), points);
        const Measurement *m = find(*rs, id, precision, level);
        QVERIFY2(m, qPrintable(QString("no %1/%2 point for launch %3").arg(precision, level).arg(id)));
        QCOMPARE(m->dtype, dtype);
        QCOMPARE(m->flops, flops);
        QCOMPARE(m->bytes, bytes);
        QVERIFY2(std::abs(m->time.median - seconds) < seconds * 1e-12,
                 qPrintable(QString::number(m->time.median, 'g', 17)));
        QCOMPARE(m->time.samples, 1);
        QCOMPARE(m->time.min, m->time.median);
        QCOMPARE(m->source, QString("ncu"));
        QVERIFY(!m->kernel.isEmpty());
        // every imported point is a valid results-file entry
        QString why;
        QVERIFY2(ResultSet::measurementFromJson(ResultSet::toJson(*m), &why), qPrintable(why));
    }

    void gemmDetails()
    {
        QString error;
        QStringList warnings;
        const auto rs = NcuImport::load(data("gemm-bf16-raw.csv"), &error, &warnings);
        QVERIFY2(rs, qPrintable(error));
        QVERIFY2(warnings.isEmpty(), qPrintable(warnings.join('\n')));
        const Measurement &first = rs->measurements.first();
        // the kernel name keeps its commas; the tensor point, doing the work, comes first
        QVERIFY(first.kernel.startsWith(
            "void cutlass::device_kernel<cutlass::gemm::kernel::GemmUniversal<cute::tuple<int, int, int, "
            "int>"));
        QCOMPARE(first.precision, QString("bf16_tc"));
        QCOMPARE(first.params.value("grid").toString(), QString("(132, 1, 1)"));
        QCOMPARE(first.params.value("block").toString(), QString("(384, 1, 1)"));
        QCOMPARE(first.resources.value("regs").toInt(), 168);
        QCOMPARE(first.resources.value("occupancy_limit_registers").toInt(), 1);
        QVERIFY(std::abs(first.clockMhz - 1980) < 0.01);
        QCOMPARE(rs->device.name, QString("NVIDIA H200"));
        QCOMPARE(rs->device.cc, QString("9.0"));
        QCOMPARE(rs->device.sms, 132);
        QCOMPARE(rs->device.l2Bytes, 62914560.0);
        // bf16 at 771 TFLOP/s, not "0 % of FP32 peak"
        QVERIFY(std::abs(first.flopPerS() / 1e12 - 771.0) < 1);
        QCOMPARE(first.extra.value("ncu").toObject().value("bytes").toString(), QString("dram__bytes.sum"));
        // key() keeps the points of one launch apart
        QSet<QString> keys;
        for (const Measurement &m : rs->measurements)
            keys.insert(m.key());
        QCOMPARE(keys.size(), rs->measurements.size());
    }

    void refused_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QStringList>("expected");
        QTest::newRow("missing metrics: listed, with the command")
            << "bad-missing-metrics.csv"
            << QStringList{"dram__bytes.sum (or lts__t_bytes.sum)", "a FLOP count",
                           "ncu --csv --page raw --print-units base",
                           "sm__ops_path_tensor_src_bf16_dst_fp32.sum"};
        QTest::newRow("details page without raw metrics")
            << "bad-details-sections-only.csv"
            << QStringList{"dram__bytes.sum", "--page raw", "requested with --metrics"};
        QTest::newRow("not an ncu file") << "bad-not-ncu.csv" << QStringList{"not an Nsight Compute CSV"};
        QTest::newRow("header only") << "bad-header-only.csv" << QStringList{"no kernel launches"};
    }
    void refused()
    {
        QFETCH(QString, file);
        QFETCH(QStringList, expected);
        QString error;
        QStringList warnings;
        QVERIFY(!NcuImport::load(data(file), &error, &warnings));
        QVERIFY(error.startsWith(data(file)));
        for (const QString &e : expected)
            QVERIFY2(error.contains(e), qPrintable(error));
    }

    // What a hostile file may cost: each limit is refused in one line that names it and the line,
    // after reading little more than the limit (the device makes its bytes as they are read).
    void limits_data()
    {
        QTest::addColumn<QByteArray>("head");
        QTest::addColumn<char>("fill");
        QTest::addColumn<qint64>("count");
        QTest::addColumn<QStringList>("expected");
        QTest::addColumn<qint64>("maxRead"); // the most the reader may read before it refuses
        const qint64 mib = 1 << 20;
        const qint64 endless = qint64(1) << 32;
        const QByteArray header = "\"ID\",\"Kernel Name\",\"gpu__time_duration.sum\"\n,,\"nsecond\"\n";
        QTest::newRow("a header of empty columns")
            << QByteArray("\"ID\",\"Kernel Name\"") << ',' << qint64(30) * mib
            << QStringList{"line 1 has more than 65536 columns"} << 2 * mib;
        QTest::newRow("a record without a line break")
            << header + "0,\"k\"," << '7' << endless
            << QStringList{"record on line 3 passes 16 MiB", "not a CSV export"} << 18 * mib;
        QTest::newRow("a quote never closed")
            << header + "0,\"k" << 'x' << endless
            << QStringList{"record on line 3 passes 16 MiB", "quote opened on line 3 is never closed"}
            << 18 * mib;
        QTest::newRow("a line of equals signs") << QByteArray("==") << '=' << endless
                                                << QStringList{"record on line 1 passes 16 MiB"} << 18 * mib;
        QTest::newRow("a quote left open, short")
            << header + "0,\"k,1\n1,k,2\n"
            << 'x' << qint64(100) << QStringList{"quote opened on line 3 is never closed"} << mib;
        QTest::newRow("binary in the first kilobytes")
            << QByteArray("ID,Kernel Name\n") << '\0' << endless
            << QStringList{"not a CSV text file", "zero byte at offset 15"} << mib;
    }
    void limits()
    {
        QFETCH(QByteArray, head);
        QFETCH(char, fill);
        QFETCH(qint64, count);
        QFETCH(QStringList, expected);
        QFETCH(qint64, maxRead);
        GeneratedDevice in(head, fill, count);
        QString error;
        QVERIFY(!NcuImport::read(in, &error));
        for (const QString &e : expected)
            QVERIFY2(error.contains(e), qPrintable(error));
        QVERIFY2(in.bytesRead() <= maxRead, qPrintable(QString::number(in.bytesRead())));
    }

    // /dev/zero: endless, and a pipe to Qt (no size): refused from its first kilobytes.
    void devZero()
    {
        if (!QFileInfo::exists("/dev/zero"))
            QSKIP("no /dev/zero");
        QString error;
        QVERIFY(!NcuImport::readFile("/dev/zero", &error));
        QVERIFY2(error.startsWith("/dev/zero: is not a CSV text file") && error.contains("offset 0"),
                 qPrintable(error));
    }

    void badValuesWarned()
    {
        QString error;
        QStringList warnings;
        QVERIFY(NcuImport::load(data("bad-values.csv"), &error, &warnings));
        const QString all = warnings.join('\n');
        QVERIFY2(all.contains("launch 0 (scale(float*, int), line 3): no usable gpu__time_duration.sum"),
                 qPrintable(all));
        QVERIFY2(all.contains("gpu__time_duration.sum was n/a in 1 launch"), qPrintable(all));
        QVERIFY2(all.contains("dram__bytes.sum unusable in 1 launch(es) (negative value"), qPrintable(all));
        QVERIFY2(all.contains("launch 1"), qPrintable(all));
    }

    // Number spellings and units, one launch each.
    void numbers_data()
    {
        QTest::addColumn<QString>("timeUnit");
        QTest::addColumn<QString>("time");
        QTest::addColumn<QString>("byteUnit");
        QTest::addColumn<QString>("bytes");
        QTest::addColumn<QString>("ffma");
        QTest::addColumn<double>("seconds");
        QTest::addColumn<double>("expectBytes");
        QTest::addColumn<double>("expectFlops");
        QTest::newRow("base units, comma groups") << "ns"
                                                  << "1,500"
                                                  << "byte"
                                                  << "1,048,576"
                                                  << "2,000,000" << 1.5e-6 << 1048576.0 << 4e6;
        QTest::newRow("nsecond, no groups") << "nsecond"
                                            << "1500"
                                            << "byte"
                                            << "1048576"
                                            << "2000000" << 1.5e-6 << 1048576.0 << 4e6;
        QTest::newRow("msecond with decimals") << "msecond"
                                               << "1.25"
                                               << "Kbyte"
                                               << "1,048.58"
                                               << "1,000" << 1.25e-3 << 1048580.0 << 2000.0;
        QTest::newRow("second, exponent") << "second"
                                          << "4.0e-05"
                                          << "Gbyte"
                                          << "1.5"
                                          << "1e9" << 4e-5 << 1.5e9 << 2e9;
        QTest::newRow("dot groups (de)") << "ns"
                                         << "1.500"
                                         << "byte"
                                         << "1.048.576"
                                         << "2.000.000" << 1.5e-6 << 1048576.0 << 4e6;
        QTest::newRow("single dot group in a count (de)") << "ns"
                                                          << "1500"
                                                          << "byte"
                                                          << "8.192"
                                                          << "1.000" << 1.5e-6 << 8192.0 << 2000.0;
        QTest::newRow("no-break space groups (fr)")
            << "ns" << QString("1\u00a0500") << "byte" << QString("1\u202f048\u202f576")
            << QString("2 000 000") << 1.5e-6 << 1048576.0 << 4e6;
        QTest::newRow("apostrophe groups (de-CH)") << "ns"
                                                   << "1'500"
                                                   << "byte"
                                                   << "1'048'576"
                                                   << "2'000'000" << 1.5e-6 << 1048576.0 << 4e6;
        QTest::newRow("usecond, comma decimal, dot groups") << "usecond"
                                                            << "1.234,5"
                                                            << "byte"
                                                            << "1.048.576"
                                                            << "0" << 1.2345e-3 << 1048576.0 << 0.0;
    }
    void numbers()
    {
        QFETCH(QString, timeUnit);
        QFETCH(QString, time);
        QFETCH(QString, byteUnit);
        QFETCH(QString, bytes);
        QFETCH(QString, ffma);
        QFETCH(double, seconds);
        QFETCH(double, expectBytes);
        QFETCH(double, expectFlops);
        const QByteArray csv = rawCsv({{"dram__bytes.sum", byteUnit, bytes},
                                       {"gpu__time_duration.sum", timeUnit, time},
                                       {"sm__sass_thread_inst_executed_op_ffma_pred_on.sum", "inst", ffma}});
        QString error;
        QStringList warnings;
        const auto rs = NcuImport::fromCsv(csv, &error, &warnings);
        QVERIFY2(rs, qPrintable(error));
        QCOMPARE(rs->measurements.size(), 1);
        const Measurement &m = rs->measurements.at(0);
        QVERIFY2(std::abs(m.time.median - seconds) <= seconds * 1e-12,
                 qPrintable(QString::number(m.time.median, 'g', 17)));
        QVERIFY2(std::abs(m.bytes - expectBytes) <= expectBytes * 1e-12,
                 qPrintable(QString::number(m.bytes, 'g', 17)));
        QCOMPARE(m.flops, expectFlops);
    }

    // Which tensor columns count, and against which ceiling.
    void tensor_data()
    {
        QTest::addColumn<QStringList>("columns");
        QTest::addColumn<QStringList>("values");
        QTest::addColumn<QString>("precision");
        QTest::addColumn<QString>("dtype");
        QTest::addColumn<double>("flops");
        QTest::newRow("bf16") << QStringList{"sm__ops_path_tensor_src_bf16_dst_fp32.sum"}
                              << QStringList{"1,000"} << "bf16_tc"
                              << "bf16" << 1000.0;
        QTest::newRow("fp16 total only")
            << QStringList{"sm__ops_path_tensor_src_fp16.sum"} << QStringList{"500"} << "fp16_tc"
            << "fp16" << 500.0;
        QTest::newRow("fp16 total and variants: variants only, never twice")
            << QStringList{"sm__ops_path_tensor_src_fp16.sum", "sm__ops_path_tensor_src_fp16_dst_fp32.sum"}
            << QStringList{"900", "900"} << "fp16_tc"
            << "fp16" << 900.0;
        QTest::newRow("fp16 with fp16 accumulate") << QStringList{"sm__ops_path_tensor_src_fp16_dst_fp16.sum"}
                                                   << QStringList{"700"} << "fp16_tc_fp16acc"
                                                   << "fp16" << 700.0;
        QTest::newRow("tf32") << QStringList{"sm__ops_path_tensor_src_tf32_dst_fp32.sum"} << QStringList{"64"}
                              << "tf32_tc"
                              << "tf32" << 64.0;
        QTest::newRow("fp8") << QStringList{"sm__ops_path_tensor_src_fp8.sum"} << QStringList{"2,048"}
                             << "fp8_tc"
                             << "fp8" << 2048.0;
        // ncu 2025.3 on Hopper (--set full): FP8 by sparsity, INT1; unused ones say nothing.
        QTest::newRow("hopper fp8 dense (sparsity_off), sparse and int1 unused")
            << QStringList{"sm__ops_path_tensor_src_fp8_sparsity_off.sum",
                           "sm__ops_path_tensor_src_fp8_sparsity_on.sum", "sm__ops_path_tensor_src_int1.sum"}
            << QStringList{"2,048", "0", "0"} << "fp8_tc"
            << "fp8" << 2048.0;
        QTest::newRow("fp8 total and sparsity_off: the total only, never twice")
            << QStringList{"sm__ops_path_tensor_src_fp8.sum", "sm__ops_path_tensor_src_fp8_sparsity_off.sum"}
            << QStringList{"1,024", "1,024"} << "fp8_tc"
            << "fp8" << 1024.0;
        QTest::newRow("blackwell f8f6f4 at the fp8 rate")
            << QStringList{"sm__ops_path_tensor_src_fp4_fp6_fp8_dst_fp32.sum"} << QStringList{"4,096"}
            << "fp8_tc"
            << "fp8" << 4096.0;
        QTest::newRow("fp4") << QStringList{"sm__ops_path_tensor_src_fp4_dst_fp32.sum"}
                             << QStringList{"8,192"} << "fp4_tc"
                             << "fp4" << 8192.0;
        QTest::newRow("fp64") << QStringList{"sm__ops_path_tensor_src_fp64.sum"} << QStringList{"16"}
                              << "fp64_tc"
                              << "fp64" << 16.0;
        QTest::newRow("int8 (OPs)") << QStringList{"sm__ops_path_tensor_src_int8.sum"} << QStringList{"32"}
                                    << "int8_tc"
                                    << "int8" << 32.0;
        QTest::newRow("half on CUDA cores: packed, 2/2/4")
            << QStringList{"sm__sass_thread_inst_executed_op_hadd_pred_on.sum",
                           "sm__sass_thread_inst_executed_op_hmul_pred_on.sum",
                           "sm__sass_thread_inst_executed_op_hfma_pred_on.sum"}
            << QStringList{"10", "100", "1,000"} << "fp16"
            << "fp16" << (20.0 + 200 + 4000);
        QTest::newRow("fp64 on CUDA cores")
            << QStringList{"sm__sass_thread_inst_executed_op_dadd_pred_on.sum",
                           "sm__sass_thread_inst_executed_op_dmul_pred_on.sum",
                           "sm__sass_thread_inst_executed_op_dfma_pred_on.sum"}
            << QStringList{"1", "2", "3"} << "fp64"
            << "fp64" << 9.0;
    }
    void tensor()
    {
        QFETCH(QStringList, columns);
        QFETCH(QStringList, values);
        QFETCH(QString, precision);
        QFETCH(QString, dtype);
        QFETCH(double, flops);
        QList<std::tuple<QString, QString, QString>> metrics = {{"gpu__time_duration.sum", "ns", "1,000"},
                                                                {"lts__t_bytes.sum", "byte", "4,096"}};
        for (int i = 0; i < columns.size(); ++i)
            metrics.append({columns[i], columns[i].contains("sass") ? "inst" : "", values[i]});
        QString error;
        QStringList warnings;
        const auto rs = NcuImport::fromCsv(rawCsv(metrics), &error, &warnings);
        QVERIFY2(rs, qPrintable(error));
        QCOMPARE(rs->measurements.size(), 1);
        const Measurement &m = rs->measurements.at(0);
        QCOMPARE(m.precision, precision);
        QCOMPARE(m.dtype, dtype);
        QCOMPARE(m.flops, flops);
        QCOMPARE(m.level, QString("l2"));
        QVERIFY2(warnings.isEmpty(), qPrintable(warnings.join('\n')));
    }

    // Tensor work on a path with no precision on the chart (2:4 sparse FP8, INT1) is named in a
    // warning when a launch used it, and not counted.
    void unimportedTensorPathWarns()
    {
        QString error;
        QStringList warnings;
        const auto rs = NcuImport::fromCsv(rawCsv({{"gpu__time_duration.sum", "ns", "1,000"},
                                                   {"lts__t_bytes.sum", "byte", "4,096"},
                                                   {"sm__ops_path_tensor_src_bf16_dst_fp32.sum", "", "512"},
                                                   {"sm__ops_path_tensor_src_fp8_sparsity_on.sum", "", "256"},
                                                   {"sm__ops_path_tensor_src_int1.sum", "", "0"}}),
                                           &error, &warnings);
        QVERIFY2(rs, qPrintable(error));
        QCOMPARE(rs->measurements.size(), 1);
        QCOMPARE(rs->measurements.at(0).flops, 512.0);
        const QString w = warnings.join('\n');
        QVERIFY2(w.contains("sm__ops_path_tensor_src_fp8_sparsity_on.sum"), qPrintable(w));
        QVERIFY2(!w.contains("int1"), qPrintable(w));
    }

    void traps()
    {
        // BOM, CRLF, a kernel name with quotes and a line break, PROF lines between rows,
        // program output, a trailing comma, a units-less file.
        QByteArray csv = "\xef\xbb\xbf==PROF== Connected to process 1 (app)\r\n" +
                         rawCsv({{"dram__bytes.sum", "byte", "4,096"},
                                 {"gpu__time_duration.sum", "ns", "2,000"},
                                 {"sm__sass_thread_inst_executed_op_fadd_pred_on.sum", "inst", "1,024"}},
                                "void k<\"x\">(\nint)");
        csv.replace("\n\"0\"", "\n==PROF== Profiling \"k\" - 0: 0%....100%\nprogram says hello\n\"0\"");
        csv.replace("\"1,024\"\n", "\"1,024\",\r\n");
        QString error;
        QStringList warnings;
        const auto rs = NcuImport::fromCsv(csv, &error, &warnings);
        QVERIFY2(rs, qPrintable(error));
        QCOMPARE(rs->measurements.size(), 1);
        QCOMPARE(rs->measurements[0].kernel, QString("void k<\"x\">(\nint)"));
        QCOMPARE(rs->measurements[0].flops, 1024.0);
        QCOMPARE(rs->measurements[0].time.median, 2e-6);
        QVERIFY2(warnings.join('\n').contains("1 line(s) that are not CSV rows"),
                 qPrintable(warnings.join('\n')));
    }

    void noUnitsLineReadAsBase()
    {
        QByteArray csv = rawCsv({{"dram__bytes.sum", "byte", "4,096"},
                                 {"gpu__time_duration.sum", "ns", "2,000"},
                                 {"sm__sass_thread_inst_executed_op_fadd_pred_on.sum", "inst", "1,024"}});
        QList<QByteArray> lines = csv.split('\n');
        lines.removeAt(1);
        QString error;
        QStringList warnings;
        const auto rs = NcuImport::fromCsv(lines.join('\n'), &error, &warnings);
        QVERIFY2(rs, qPrintable(error));
        QCOMPARE(rs->measurements[0].time.median, 2e-6);
        QVERIFY(warnings.join('\n').contains("no units line"));
    }

    void partialFamilyWarned()
    {
        const auto rs = NcuImport::fromCsv(
            rawCsv({{"dram__bytes.sum", "byte", "4,096"},
                    {"gpu__time_duration.sum", "ns", "2,000"},
                    {"sm__sass_thread_inst_executed_op_ffma_pred_on.sum", "inst", "1,024"}}),
            nullptr, nullptr);
        QVERIFY(rs);
        QStringList warnings;
        NcuImport::fromCsv(rawCsv({{"dram__bytes.sum", "byte", "4,096"},
                                   {"gpu__time_duration.sum", "ns", "2,000"},
                                   {"sm__sass_thread_inst_executed_op_ffma_pred_on.sum", "inst", "1,024"}}),
                           nullptr, &warnings);
        QVERIFY2(warnings.join('\n').contains("FP32 FLOPs count only ffma: fadd, fmul not in the file"),
                 qPrintable(warnings.join('\n')));
    }

    void unknownTimeUnitRefusesLaunch()
    {
        QString error;
        QStringList warnings;
        QVERIFY(
            !NcuImport::fromCsv(rawCsv({{"dram__bytes.sum", "byte", "4,096"},
                                        {"gpu__time_duration.sum", "cycle", "2,000"},
                                        {"sm__sass_thread_inst_executed_op_fadd_pred_on.sum", "inst", "1"}}),
                                &error, &warnings));
        QVERIFY2(warnings.join('\n').contains("unknown unit \"cycle\""), qPrintable(warnings.join('\n')));
        QVERIFY2(error.contains("no launch with usable values"), qPrintable(error));
    }

    void bandwidthOnlyKernel()
    {
        // FLOP metrics asked for but all zero (a copy): one bandwidth point per level.
        const auto rs =
            NcuImport::fromCsv(rawCsv({{"dram__bytes.sum", "byte", "8,192"},
                                       {"gpu__time_duration.sum", "ns", "1,000"},
                                       {"lts__t_bytes.sum", "byte", "8,192"},
                                       {"sm__sass_thread_inst_executed_op_fadd_pred_on.sum", "inst", "0"}}),
                               nullptr, nullptr);
        QVERIFY(rs);
        QCOMPARE(rs->measurements.size(), 2);
        QCOMPARE(rs->measurements[0].flops, 0.0);
        QCOMPARE(rs->measurements[0].bytesPerS(), 8.192e9);
    }

    // Every export Nsight writes: one point per row, numbers worked out by hand from the
    // file, and the derivation the point records.
    void exports_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("points");
        QTest::addColumn<QString>("precision");
        QTest::addColumn<QString>("level");
        QTest::addColumn<double>("flops");
        QTest::addColumn<double>("bytes");
        QTest::addColumn<double>("seconds");
        QTest::addColumn<QString>("timeFrom");
        QTest::addColumn<QString>("bytesFrom");
        QTest::addColumn<QString>("definition");
        QTest::addColumn<QString>("exportKind");
        QTest::addColumn<QString>("flopsFormula");

        // smsp__X.sum is the same count as sm__X.sum: 2 x 1,048,576 FFMA.
        QTest::newRow("smsp__ names")
            << "smsp-names-raw.csv" << 1 << "fp32"
            << "hbm" << 2097152.0 << 12582912.0 << 25.6e-6 << "gpu__time_duration.sum"
            << "dram__bytes.sum"
            << "dram__bytes"
            << "raw, base units"
            << "smsp__sass_thread_inst_executed_op_fadd_pred_on.sum + "
               "smsp__sass_thread_inst_executed_op_fmul_pred_on.sum + "
               "2*smsp__sass_thread_inst_executed_op_ffma_pred_on.sum";
        // Rates x 1.98e9 cycles/s x 2 ms: FFMA 4,096/cycle -> 2*16,220,160,000, FADD 128/cycle ->
        // 506,880,000.
        const double work = 2 * 4096.0 * 1.98e9 * 2e-3 + 128.0 * 1.98e9 * 2e-3;
        const QString rateFormula =
            "(smsp__sass_thread_inst_executed_op_fadd_pred_on.sum.per_cycle_elapsed * "
            "smsp__cycles_elapsed.avg.per_second * time)"
            " + (smsp__sass_thread_inst_executed_op_fmul_pred_on.sum.per_cycle_elapsed * "
            "smsp__cycles_elapsed.avg.per_second * time)"
            " + 2*(smsp__sass_thread_inst_executed_op_ffma_pred_on.sum.per_cycle_elapsed * "
            "smsp__cycles_elapsed.avg.per_second * time)";
        QTest::newRow("rates: dram bytes per second x time")
            << "roofline-rates-raw.csv" << 3 << "fp32"
            << "hbm" << work << 3e9 << 2e-3 << "gpu__time_duration.sum"
            << "dram__bytes.sum.per_second * time"
            << "dram__bytes"
            << "raw, base units" << rateFormula;
        // No lts2xbar cycles (Nsight's L2 figure; tst_ncu_real reads it from real files): the L2 -> L1
        // read bytes are the last resort, under their own name.
        QTest::newRow("rates: L2 from L2-to-L1 reads")
            << "roofline-rates-raw.csv" << 3 << "fp32"
            << "l2" << work << 12e9 << 2e-3 << "gpu__time_duration.sum"
            << "l1tex__m_xbar2l1tex_read_bytes.sum.per_second * time"
            << "l1tex__m_xbar2l1tex_read_bytes"
            << "raw, base units" << rateFormula;
        // 2e11 active writeback cycles/s x 128 B x 2 ms
        QTest::newRow("rates: Nsight's L1 writeback figure")
            << "roofline-rates-raw.csv" << 3 << "fp32"
            << "l1" << work << 51.2e9 << 2e-3 << "gpu__time_duration.sum"
            << "l1tex__lsu_writeback_active_mem_lg.sum.per_second * 128 * time"
            << "nsight-l1-writeback (l1tex__lsu_writeback_active_mem_lg × 128 B)"
            << "raw, base units" << rateFormula;
        // NERSC: 3,960,000 cycles / 1.98 cycle/ns = 2 ms; 805.31 Mbyte; 2 x 1,073,741,824 DFMA.
        const QString dfma = "sm__sass_thread_inst_executed_op_dadd_pred_on.sum + "
                             "sm__sass_thread_inst_executed_op_dmul_pred_on.sum + "
                             "2*sm__sass_thread_inst_executed_op_dfma_pred_on.sum";
        QTest::newRow("NERSC details, scaled: hbm")
            << "nersc-details-scaled.csv" << 3 << "fp64"
            << "hbm" << 2147483648.0 << 805.31e6 << 2e-3
            << "sm__cycles_elapsed.avg / sm__cycles_elapsed.avg.per_second"
            << "dram__bytes.sum"
            << "dram__bytes"
            << "details, scaled units" << dfma;
        QTest::newRow("NERSC details, scaled: L2 from lts__t_bytes")
            << "nersc-details-scaled.csv" << 3 << "fp64"
            << "l2" << 2147483648.0 << 2.15e9 << 2e-3
            << "sm__cycles_elapsed.avg / sm__cycles_elapsed.avg.per_second"
            << "lts__t_bytes.sum"
            << "lts__t_bytes"
            << "details, scaled units" << dfma;
        QTest::newRow("NERSC details, scaled: L1 from l1tex__t_bytes")
            << "nersc-details-scaled.csv" << 3 << "fp64"
            << "l1" << 2147483648.0 << 8.59e9 << 2e-3
            << "sm__cycles_elapsed.avg / sm__cycles_elapsed.avg.per_second"
            << "l1tex__t_bytes.sum"
            << "l1tex__t_bytes"
            << "details, scaled units" << dfma;
        // 2020-2021 layout: "Kernel Time" is the launch's date; the time is the SOL section's Duration.
        QTest::newRow("old details layout with Kernel Time")
            << "old-details-2021.csv" << 1 << "fp32"
            << "hbm" << 2097152.0 << 12.58e6 << 12.8e-6 << "Duration"
            << "dram__bytes.sum"
            << "dram__bytes"
            << "details, scaled units"
            << "sm__sass_thread_inst_executed_op_fadd_pred_on.sum + "
               "sm__sass_thread_inst_executed_op_fmul_pred_on.sum + "
               "2*sm__sass_thread_inst_executed_op_ffma_pred_on.sum";
    }
    void exports()
    {
        QFETCH(QString, file);
        QFETCH(int, points);
        QFETCH(QString, precision);
        QFETCH(QString, level);
        QFETCH(double, flops);
        QFETCH(double, bytes);
        QFETCH(double, seconds);
        QFETCH(QString, timeFrom);
        QFETCH(QString, bytesFrom);
        QFETCH(QString, definition);
        QFETCH(QString, exportKind);
        QFETCH(QString, flopsFormula);
        QString error;
        const auto report = NcuImport::readFile(data(file), &error);
        QVERIFY2(report, qPrintable(error));
        QVERIFY2(report->noPoints.isEmpty(), qPrintable(report->noPoints));
        QCOMPARE(report->results.measurements.size(), points);
        QCOMPARE(report->launches.size(), 1);
        const Measurement *m = find(report->results, 0, precision, level);
        QVERIFY2(m, qPrintable(QString("no %1/%2 point").arg(precision, level)));
        QVERIFY2(near(m->flops, flops), qPrintable(QString::number(m->flops, 'g', 17)));
        QVERIFY2(near(m->bytes, bytes), qPrintable(QString::number(m->bytes, 'g', 17)));
        QVERIFY2(near(m->time.median, seconds), qPrintable(QString::number(m->time.median, 'g', 17)));
        QVERIFY(near(report->launches[0].timeS, seconds));
        QCOMPARE(report->launches[0].timeFrom, timeFrom);
        const QJsonObject ncu = m->extra.value("ncu").toObject();
        QCOMPARE(ncu.value("time").toString(), timeFrom);
        QCOMPARE(ncu.value("bytes").toString(), bytesFrom);
        QCOMPARE(ncu.value("level_definition").toString(), definition);
        QCOMPARE(ncu.value("export").toString(), exportKind);
        QCOMPARE(ncu.value("flops").toString(), flopsFormula);
        QString why;
        QVERIFY2(ResultSet::measurementFromJson(ResultSet::toJson(*m), &why), qPrintable(why));
    }

    void oldLayoutHasNoGridOrDevice()
    {
        QString error;
        const auto report = NcuImport::readFile(data("old-details-2021.csv"), &error);
        QVERIFY2(report, qPrintable(error));
        const model::NcuLaunchRow &l = report->launches.at(0);
        QCOMPARE(l.kernel, QString("saxpy(int, float, float const*, float*)"));
        QVERIFY(l.grid.isEmpty() && l.block.isEmpty() && l.cc.isEmpty());
        QCOMPARE(l.percents.value("DRAM Throughput"), 88.5);
        QVERIFY(!report->results.measurements[0].params.contains("grid"));
    }

    void ratesKeepPercents()
    {
        const auto report = NcuImport::readFile(data("roofline-rates-raw.csv"), nullptr);
        QVERIFY(report);
        QCOMPARE(report->launches[0].percents.value("sm__throughput.avg.pct_of_peak_sustained_elapsed"),
                 71.5);
        QCOMPARE(report->launches[0].grid, QString("(64, 64, 1)"));
    }

    // sm__inst_executed_pipe_tensor counts instructions: no factor is guessed, the warning names the metric.
    void tensorInstructionsOnlyWarned()
    {
        const auto report = NcuImport::readFile(data("nersc-details-scaled.csv"), nullptr);
        QVERIFY(report);
        for (const Measurement &m : report->results.measurements)
            QVERIFY2(!m.precision.endsWith("_tc"), qPrintable(m.precision));
        const QString all = report->warnings.join('\n');
        QVERIFY2(all.contains("1 launch(es) ran tensor instructions (sm__inst_executed_pipe_tensor.sum)"),
                 qPrintable(all));
        QVERIFY2(all.contains("sm__ops_path_tensor_src_<type>.sum"), qPrintable(all));
        QCOMPARE(report->launches[0].percents.value("Compute (SM) Throughput"), 45.2);
    }

    // The default set: no FLOPs, so no point, but every launch with its time and % of peak,
    // and the message says which set gives points.
    void basicSetListsKernels()
    {
        QString error;
        const auto report = NcuImport::readFile(data("basic-set-raw.csv"), &error);
        QVERIFY2(report, qPrintable(error));
        QVERIFY(report->results.measurements.isEmpty());
        QCOMPARE(report->launches.size(), 3);
        const model::NcuLaunchRow &gemm = report->launches[0];
        QCOMPARE(gemm.kernel, QString("void gemm_tiled<128, 128>(float const*, float const*, float*, int)"));
        QVERIFY(near(gemm.timeS, 1.25e-3));
        QCOMPARE(gemm.timeFrom, QString("gpu__time_duration.sum"));
        QCOMPARE(gemm.percents.size(), 3);
        QCOMPARE(gemm.percents.value("sm__throughput.avg.pct_of_peak_sustained_elapsed"), 90.1);
        QCOMPARE(gemm.percents.value("dram__throughput.avg.pct_of_peak_sustained_elapsed"), 12.5);
        QCOMPARE(gemm.percents.value("gpu__compute_memory_throughput.avg.pct_of_peak_sustained_elapsed"),
                 45.0);
        QVERIFY(near(report->launches[1].timeS, 50e-6));
        QCOMPARE(report->launches[2].percents.value("sm__throughput.avg.pct_of_peak_sustained_elapsed"),
                 90.3);
        for (const char *part : {"a FLOP count", "dram__bytes.sum (or lts__t_bytes.sum)", "--set roofline",
                                 "--set full", "ncu --csv --page raw --print-units base"})
            QVERIFY2(report->noPoints.contains(part), qPrintable(report->noPoints));
        QCOMPARE(report->noPoints.count("ncu --"), 1); // one command
        // The old API still refuses it, with the same message.
        QString why;
        QVERIFY(!NcuImport::load(data("basic-set-raw.csv"), &why));
        QVERIFY2(why.contains("--set roofline"), qPrintable(why));
    }

    void limitRefusedBeforeReading()
    {
        HugeDevice huge;
        QVERIFY(huge.open(QIODevice::ReadOnly));
        QString error;
        bool called = false;
        model::NcuReadOptions options;
        options.progress = [&called](qint64, qint64) {
            called = true;
            return true;
        };
        QVERIFY(!NcuImport::read(huge, &error, options));
        QVERIFY2(error.contains("is 5.0 GiB") && error.contains("up to 4 GiB"), qPrintable(error));
        QVERIFY(!called);
    }

    void cancelFromProgress()
    {
        // Over two chunks, so progress is asked before the end.
        QByteArray csv = rawCsv({{"dram__bytes.sum", "byte", "4,096"},
                                 {"gpu__time_duration.sum", "ns", "2,000"},
                                 {"sm__sass_thread_inst_executed_op_fadd_pred_on.sum", "inst", "1,024"}});
        const QByteArray row = csv.mid(csv.lastIndexOf("\n\"0\"") + 1);
        while (csv.size() < 3 * 1024 * 1024)
            csv += row;
        QBuffer buffer(&csv);
        QVERIFY(buffer.open(QIODevice::ReadOnly));
        QList<qint64> seen;
        model::NcuReadOptions options;
        options.progress = [&seen](qint64 done, qint64 total) {
            seen.append(done);
            return !(done > 0 && total > 0 && seen.size() >= 2); // cancel on the second call
        };
        QString error;
        QVERIFY(!NcuImport::read(buffer, &error, options));
        QCOMPARE(error, QString("cancelled"));
        QCOMPARE(seen.size(), 2);
        QCOMPARE(seen[0], 1ll << 20);
        // Not cancelled: every launch is read, progress ends at the total.
        QBuffer again(&csv);
        QVERIFY(again.open(QIODevice::ReadOnly));
        qint64 last = 0;
        options.progress = [&last](qint64 done, qint64) {
            last = done;
            return true;
        };
        const auto report = NcuImport::read(again, &error, options);
        QVERIFY2(report, qPrintable(error));
        QCOMPARE(last, qint64(csv.size()));
        QCOMPARE(report->launches.size(), int((csv.size() - csv.indexOf("\n\"0\"") - 1) / row.size()));
    }

    // Launches of one kernel (name, grid, block) become one point per level: sums by hand
    // from launches-grouping-raw.csv (times in ns: kA(8) 1000+3000+2000, kB 5000, kA(16) 500).
    void groupingSums()
    {
        QString error;
        const auto report = NcuImport::readFile(data("launches-grouping-raw.csv"), &error);
        QVERIFY2(report, qPrintable(error));
        QCOMPARE(report->results.measurements.size(), 10); // 5 launches x (hbm, l2)
        const QList<model::PointGroup> groups = model::groupMeasurements(report->results.measurements);
        QCOMPARE(groups.size(), 6);
        const model::PointGroup &a = groups[0];
        QCOMPARE(a.kernel, QString("kA(float*)"));
        QCOMPARE(a.level, QString("hbm"));
        QCOMPARE(a.launches, 3);
        QCOMPARE(a.flops, 2 * (1000.0 + 3000 + 2000));
        QCOMPARE(a.bytes, 4096.0 + 4096 + 8192);
        QVERIFY(near(a.timeS, 6000e-9));
        QVERIFY(near(a.launchTime.min, 1000e-9));
        QVERIFY(near(a.launchTime.median, 2000e-9));
        QVERIFY(near(a.launchTime.max, 3000e-9));
        QVERIFY(near(a.share, 6000.0 / 11500));
        QVERIFY(!a.params.contains("ncu_id"));
        QCOMPARE(a.params.value("grid").toString(), QString("(8, 1, 1)"));
        QCOMPARE(groups[1].level, QString("l2"));
        QCOMPARE(groups[1].bytes, 8192.0 + 8192 + 16384);
        QCOMPARE(groups[2].kernel, QString("kB(float*)"));
        QVERIFY(near(groups[2].share, 5000.0 / 11500));
        QCOMPARE(groups[4].params.value("grid").toString(), QString("(16, 1, 1)"));
        QCOMPARE(groups[4].launches, 1);
        const QList<model::KernelSummary> kernels =
            model::summarizeKernels(report->results.measurements, nullptr);
        QCOMPARE(kernels.size(), 3);
        QCOMPARE(kernels[0].launches, 3);
        QVERIFY(near(kernels[0].timeS, 6000e-9));
        QVERIFY(near(kernels[0].flopPerS, 12000 / 6000e-9));
        QVERIFY(near(kernels[0].aiByLevel.value("hbm"), 12000.0 / 16384));
        QVERIFY(near(kernels[0].aiByLevel.value("l2"), 12000.0 / 32768));
        QCOMPARE(kernels[0].precision, QString("fp32"));
        QVERIFY(near(kernels[0].share + kernels[1].share + kernels[2].share, 1.0));
    }

    // A whole application read by a caller that only summarises it: points and rows are handed
    // over per launch, nothing is kept, and the summaries equal those of the kept points.
    void streamedToTheCaller()
    {
        QString error;
        const auto kept = NcuImport::readFile(data("launches-grouping-raw.csv"), &error);
        QVERIFY2(kept, qPrintable(error));
        model::KernelSummarizer summarizer;
        QList<int> pointsPerLaunch;
        QStringList rowIds;
        model::NcuReadOptions options;
        options.points = [&](QList<Measurement> &&points) {
            pointsPerLaunch.append(int(points.size()));
            summarizer.addLaunch(points);
        };
        options.launches = [&](model::NcuLaunchRow &&row) { rowIds.append(row.id); };
        const auto streamed = NcuImport::readFile(data("launches-grouping-raw.csv"), &error, options);
        QVERIFY2(streamed, qPrintable(error));
        QVERIFY(streamed->results.measurements.isEmpty());
        QVERIFY(streamed->launches.isEmpty());
        QVERIFY(streamed->noPoints.isEmpty());
        QCOMPARE(pointsPerLaunch, (QList<int>{2, 2, 2, 2, 2}));
        QCOMPARE(rowIds, (QStringList{"0", "1", "2", "3", "4"}));
        const auto a = summarizer.summaries(nullptr);
        const auto b = model::summarizeKernels(kept->results.measurements, nullptr);
        QCOMPARE(a.size(), b.size());
        for (int i = 0; i < a.size(); ++i) {
            QCOMPARE(a[i].kernel, b[i].kernel);
            QCOMPARE(a[i].grid, b[i].grid);
            QCOMPARE(a[i].launches, b[i].launches);
            QCOMPARE(a[i].timeS, b[i].timeS);
            QCOMPARE(a[i].share, b[i].share);
            QCOMPARE(a[i].aiByLevel, b[i].aiByLevel);
            QCOMPARE(a[i].members, b[i].members);
        }
        QCOMPARE(streamed->results.device.cc, QString("9.0"));
    }

    void metricsListIsComplete()
    {
        const QStringList m = NcuImport::metrics();
        for (const char *name : {"gpu__time_duration.sum", "dram__bytes.sum", "lts__t_bytes.sum",
                                 "sm__sass_thread_inst_executed_op_ffma_pred_on.sum",
                                 "sm__sass_thread_inst_executed_op_hfma_pred_on.sum",
                                 "sm__sass_thread_inst_executed_op_dfma_pred_on.sum",
                                 "sm__ops_path_tensor_src_bf16_dst_fp32.sum", "l1tex__t_bytes.sum"})
            QVERIFY2(m.contains(name), name);
        QVERIFY(NcuImport::commandLine().contains("--page raw --print-units base"));
    }
};

QTEST_GUILESS_MAIN(TestNcuImport)
#include "tst_ncuimport.moc"
