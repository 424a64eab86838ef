// Results files: round trip with unknown fields kept, refusals with a clear message (newer
// schema, not JSON, too big), bad entries skipped and named, CSV export, atomic save.
#include "generateddevice.h"
#include "resultset.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <csignal>
#include <cstring>
#include <sys/resource.h>
#include <unistd.h>

using model::Measurement;
using model::ResultSet;

namespace {

QString data(const char *name)
{
    return QStringLiteral(ROOFLAB_TEST_DATA "/results/") + QLatin1String(name);
}

QJsonObject fileJson(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(f.readAll()).object();
}

QJsonObject goodMeasurement()
{
    return QJsonDocument::fromJson(R"({"kernel": "gemm.tiled2d", "params": {"M": 64}, "dtype": "fp32",
        "flops": 524288, "bytes": 49152,
        "time_s": {"median": 2e-6, "min": 1e-6, "max": 3e-6, "samples": 5},
        "check": {"ok": true, "max_rel_err": 1e-7, "reference": "cpu-fp64"},
        "predicted_time_s": 1e-6, "clock_mhz": 1800})")
        .object();
}

QJsonObject withField(QJsonObject o, const QString &path, const QJsonValue &v)
{
    const int dot = int(path.indexOf(QLatin1Char('.')));
    if (dot < 0) {
        if (v.isUndefined())
            o.remove(path);
        else
            o.insert(path, v);
        return o;
    }
    const QString head = path.left(dot);
    o.insert(head, withField(o.value(head).toObject(), path.mid(dot + 1), v));
    return o;
}

// A results file of n varied entries, big enough to cross the reader's 1 MiB blocks: escaped
// and non-ASCII kernel names, nested unknown fields, numbers of every form, one bad entry.
QByteArray bigFile(int n)
{
    QJsonArray ms;
    for (int i = 0; i < n; ++i) {
        QJsonObject o = goodMeasurement();
        o.insert("kernel", i % 97 == 0 ? QString("odd \"name\" \\ %1 \u00e9\u4e2d{[").arg(i)
                                       : QString("gemm.k%1").arg(i % 13));
        o.insert("params",
                 QJsonObject{{"M", 64 * (i % 7 + 1)}, {"variant", i % 2 ? "a,b" : "c]"}, {"f", 0.5 + i}});
        o.insert("flops", 1e9 + i);
        o.insert("resources", QJsonObject{{"regs", 32 + i % 64}, {"smem", 1024 * (i % 5)}});
        o.insert("counters", QJsonObject{{"metrics", QJsonObject{{"dram__bytes.sum", 1.5e6 * i}}},
                                         {"list", QJsonArray{1, "}", QJsonArray{2, 3}}}});
        if (i == n / 2)
            o.remove("flops"); // skipped, named in the warnings
        ms.append(o);
    }
    QJsonObject top{
        {"schema", "rooflab.results/1"},
        {"created", "2026-12-01T00:00:00Z"},
        {"device", QJsonObject{{"name", "NVIDIA H200"}, {"sms", 132}}},
        {"ceilings", QJsonArray{QJsonObject{{"kind", "memory"}, {"level", "hbm"}, {"value", 4.3e12}}}},
        {"measurements", ms},
        {"note", "kept"}};
    return QJsonDocument(top).toJson(QJsonDocument::Indented);
}

// Hands out its data a few bytes at a time, as a pipe does.
class Trickle : public QIODevice
{
public:
    explicit Trickle(QByteArray data) : m_data(std::move(data)) { open(QIODevice::ReadOnly); }
    bool isSequential() const override { return true; }
    qint64 bytesAvailable() const override { return m_data.size() - m_pos + QIODevice::bytesAvailable(); }
    bool atEnd() const override { return m_pos >= m_data.size() && QIODevice::atEnd(); }

protected:
    qint64 readData(char *out, qint64 max) override
    {
        const qint64 n = std::min<qint64>({max, 7, m_data.size() - m_pos});
        memcpy(out, m_data.constData() + m_pos, size_t(n));
        m_pos += n;
        return n;
    }
    qint64 writeData(const char *, qint64) override { return -1; }

private:
    QByteArray m_data;
    qint64 m_pos = 0;
};

} // namespace

class TestResultSet : public QObject
{
    Q_OBJECT

private slots:
    void loadSmall()
    {
        QString error;
        QStringList warnings;
        const auto rs = ResultSet::load(data("small.json"), &error, &warnings);
        QVERIFY2(rs, qPrintable(error));
        QVERIFY2(warnings.isEmpty(), qPrintable(warnings.join('\n')));
        QCOMPARE(rs->measurements.size(), 4);
        QCOMPARE(rs->ceilings.size(), 2);
        QCOMPARE(rs->device.name, QString("Test GPU (not real)"));
        QCOMPARE(rs->device.sms, 132);
        QCOMPARE(rs->device.l2Bytes, 62914560.0);
        const Measurement &gemm = rs->measurements.at(2);
        QCOMPARE(gemm.kernel, QString("gemm.tiled2d"));
        QCOMPARE(gemm.params.value("BM").toInt(), 128);
        QCOMPARE(gemm.flops, 137438953472.0);
        QCOMPARE(gemm.time.samples, 10);
        QCOMPARE(gemm.time.min, 2.71e-3);
        QVERIFY(gemm.check.ok);
        QCOMPARE(gemm.check.reference, QString("cublas"));
        QCOMPARE(*gemm.predictedTimeS, 2.3e-3);
        QCOMPARE(gemm.startedAtS, 0.12);
        QCOMPARE(gemm.resources.value("regs").toInt(), 128);
        QVERIFY(std::abs(gemm.ai() - 682.67) < 0.01);
        const Measurement &naive = rs->measurements.at(3);
        QVERIFY(!naive.check.ok);
        QVERIFY(naive.check.message.contains("3.1e-2"));
        QCOMPARE(rs->ceilings.at(0).level, QString("hbm"));
        QCOMPARE(rs->ceilings.at(0).clockMhz, 1980.0);
        QCOMPARE(rs->ceilings.at(1).precision, QString("fp32"));
    }

    // Saved again, the file is the same document, unknown fields at every level included.
    void roundTripKeepsUnknownFields()
    {
        QString error;
        const auto rs = ResultSet::load(data("small.json"), &error);
        QVERIFY2(rs, qPrintable(error));
        QTemporaryDir dir;
        const QString path = dir.filePath("again.json");
        QVERIFY2(rs->save(path, &error), qPrintable(error));

        QJsonObject original = fileJson(data("small.json"));
        // The one normalisation: started_at_s 0 is the default and is not written.
        QJsonArray ms = original["measurements"].toArray();
        QJsonObject first = ms[0].toObject();
        first.remove("started_at_s");
        ms[0] = first;
        original["measurements"] = ms;
        const QJsonObject saved = fileJson(path);
        QCOMPARE(saved, original);

        QCOMPARE(saved["comment"].toString().left(11), QString("Hand-writte"));
        QCOMPARE(saved["device"].toObject()["pci_bus_id"].toString(), QString("0000:00:00.0"));
        QCOMPARE(saved["ceilings"].toArray()[0].toObject()["note"].toString(),
                 QString("unknown ceiling field"));
        const QJsonObject m0 = saved["measurements"].toArray()[0].toObject();
        QCOMPARE(m0["power_w"].toInt(), 410);
        QCOMPARE(m0["time_s"].toObject()["p90"].toDouble(), 3.3e-5);

        const auto again = ResultSet::load(path, &error);
        QVERIFY2(again, qPrintable(error));
        QCOMPARE(again->toJson(), rs->toJson());
    }

    void builtInCodeRoundTrips()
    {
        ResultSet rs;
        rs.created = "2026-01-01T00:00:00Z";
        Measurement m;
        m.kernel = "memory.copy";
        m.dtype = "bf16";
        m.params = {{"n", 1024}, {"variant", "vec4"}};
        m.flops = 0;
        m.bytes = 4096;
        m.time = {1e-6, 9e-7, 1.2e-6, 7};
        m.source = "rooflab";
        m.level = "l2";
        m.predictedTimeS = 0.0; // present but zero survives
        rs.measurements.append(m);
        QString error;
        const auto back = ResultSet::fromJson(QJsonDocument(rs.toJson()).toJson(), &error);
        QVERIFY2(back, qPrintable(error));
        const Measurement &b = back->measurements.at(0);
        QCOMPARE(b.key(), m.key());
        QCOMPARE(b.time.samples, 7);
        QCOMPARE(b.level, QString("l2"));
        QVERIFY(b.predictedTimeS.has_value());
        QVERIFY(!rs.toJson()["measurements"].toArray()[0].toObject().contains("check"));
        QCOMPARE(rs.toJson()["schema"].toString(), QString("rooflab.results/1"));
    }

    void refused_data()
    {
        QTest::addColumn<QString>("path");
        QTest::addColumn<QByteArray>("content"); // written to path when not empty
        QTest::addColumn<QStringList>("expected");
        QTest::newRow("newer schema") << data("newer-schema.json") << QByteArray()
                                      << QStringList{"newer RoofLab", "version 2", "update RoofLab"};
        QTest::newRow("another tool's file")
            << data("other-schema.json") << QByteArray()
            << QStringList{"not a RoofLab results file", "nvbench.results/1"};
        QTest::newRow("truncated: line and column")
            << data("truncated.json") << QByteArray() << QStringList{"not valid JSON", "line 5", "column 1"};
        QTest::newRow("syntax error on line 3")
            << QString()
            << QByteArray("{\n  \"schema\": \"rooflab.results/1\",\n  \"measurements\": [1,,2]\n}")
            << QStringList{"not valid JSON", "line 3", "column"};
        QTest::newRow("top level array") << QString() << QByteArray("[]") << QStringList{"not a JSON object"};
        QTest::newRow("no schema") << QString() << QByteArray("{\"measurements\": []}")
                                   << QStringList{"not a RoofLab results file", "rooflab.results/1"};
        QTest::newRow("schema version 0") << QString() << QByteArray("{\"schema\": \"rooflab.results/0\"}")
                                          << QStringList{"unknown schema"};
        QTest::newRow("schema version not a number")
            << QString() << QByteArray("{\"schema\": \"rooflab.results/x\"}")
            << QStringList{"unknown schema"};
        QTest::newRow("empty file") << QString() << QByteArray(" ") << QStringList{"not valid JSON"};
        QTest::newRow("missing file") << QString("/nonexistent/rooflab/file.json") << QByteArray()
                                      << QStringList{"/nonexistent/rooflab/file.json", "cannot be opened"};
        QTest::newRow("a folder") << QString(ROOFLAB_TEST_DATA) << QByteArray() << QStringList{"folder"};
    }
    void refused()
    {
        QFETCH(QString, path);
        QFETCH(QByteArray, content);
        QFETCH(QStringList, expected);
        QTemporaryDir dir;
        if (path.isEmpty()) {
            path = dir.filePath("case.json");
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(content);
        }
        QString error;
        QStringList warnings;
        QVERIFY(!ResultSet::load(path, &error, &warnings));
        for (const QString &e : expected)
            QVERIFY2(error.contains(e), qPrintable(error));
        QVERIFY(error.startsWith(path)); // the file is named
    }

    void badEntriesSkipped_data()
    {
        QTest::addColumn<QString>("warning");
        QTest::newRow("negative ceiling") << "ceilings[0] (memory hbm): \"value\" must not be negative";
        QTest::newRow("missing field") << "measurements[1] (kernel \"missing.flops\"): \"flops\" is missing";
        QTest::newRow("NaN as a string")
            << "measurements[2] (kernel \"nan.string\"): \"flops\" must be a number";
        QTest::newRow("null (a NaN written by Qt)")
            << "measurements[3] (kernel \"null.median\"): \"time_s.median\" is null";
        QTest::newRow("negative")
            << "measurements[4] (kernel \"negative.bytes\"): \"bytes\" must not be negative";
        QTest::newRow("zero time")
            << "measurements[5] (kernel \"zero.time\"): \"time_s.median\" must be greater than zero";
        QTest::newRow("no kernel") << "measurements[6] (kernel \"?\"): \"kernel\" is missing";
        QTest::newRow("not an object") << "measurements[7] (kernel \"?\"): is not an object";
    }
    void badEntriesSkipped()
    {
        QFETCH(QString, warning);
        QString error;
        QStringList warnings;
        const auto rs = ResultSet::load(data("bad-entries.json"), &error, &warnings);
        QVERIFY2(rs, qPrintable(error));
        QCOMPARE(rs->measurements.size(), 1);
        QCOMPARE(rs->measurements.at(0).kernel, QString("good.one"));
        QCOMPARE(rs->ceilings.size(), 1);
        QCOMPARE(warnings.size(), 8);
        bool found = false;
        for (const QString &w : warnings)
            found = found || (w.startsWith(warning) && w.endsWith("entry skipped"));
        QVERIFY2(found, qPrintable(warnings.join('\n')));
    }

    void entryField_data()
    {
        QTest::addColumn<QString>("field");
        QTest::addColumn<QJsonValue>("value"); // Undefined = removed
        QTest::addColumn<QString>("error");    // empty = accepted
        QTest::newRow("good") << "kernel" << QJsonValue("gemm.tiled2d") << "";
        QTest::newRow("infinite flops") << "flops" << QJsonValue(qInf()) << "\"flops\" must be finite";
        QTest::newRow("negative median")
            << "time_s.median" << QJsonValue(-1e-6) << "\"time_s.median\" must not be negative";
        QTest::newRow("min above median") << "time_s.min" << QJsonValue(5e-6) << "min <= median <= max";
        QTest::newRow("fractional samples") << "time_s.samples" << QJsonValue(1.5) << "whole number";
        QTest::newRow("huge samples") << "time_s.samples" << QJsonValue(1e12) << "whole number";
        QTest::newRow("min and max default to median")
            << "time_s" << QJsonValue(QJsonObject{{"median", 1e-6}}) << "";
        QTest::newRow("no time") << "time_s" << QJsonValue(QJsonValue::Undefined) << "\"time_s\" is missing";
        QTest::newRow("time not an object") << "time_s" << QJsonValue(1.0) << "\"time_s\" must be an object";
        QTest::newRow("empty kernel") << "kernel" << QJsonValue(" ") << "\"kernel\" must not be empty";
        QTest::newRow("check.ok not a bool")
            << "check.ok" << QJsonValue("yes") << "\"check.ok\" must be true or false";
        QTest::newRow("NaN rel err") << "check.max_rel_err" << QJsonValue("NaN")
                                     << "\"check.max_rel_err\" must be a number";
        QTest::newRow("negative predicted time")
            << "predicted_time_s" << QJsonValue(-1) << "\"predicted_time_s\" must not be negative";
        QTest::newRow("null predicted time is absent")
            << "predicted_time_s" << QJsonValue(QJsonValue::Null) << "";
        QTest::newRow("params not an object")
            << "params" << QJsonValue(QJsonArray{1}) << "\"params\" must be an object";
        QTest::newRow("dtype a number") << "dtype" << QJsonValue(32) << "\"dtype\" must be a string";
    }
    void entryField()
    {
        QFETCH(QString, field);
        QFETCH(QJsonValue, value);
        QFETCH(QString, error);
        QString why;
        const auto m = ResultSet::measurementFromJson(withField(goodMeasurement(), field, value), &why);
        if (error.isEmpty()) {
            QVERIFY2(m, qPrintable(why));
        } else {
            QVERIFY(!m);
            QVERIFY2(why.contains(error), qPrintable(why));
        }
    }

    void ceilingField_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("error");
        QTest::newRow("memory") << QByteArray(R"({"kind":"memory","level":"l2","value":1e13})") << "";
        QTest::newRow("int8 in OP/s")
            << QByteArray(R"({"kind":"compute","precision":"int8_tc","value":1e15,"unit":"OP/s"})") << "";
        QTest::newRow("memory without level")
            << QByteArray(R"({"kind":"memory","value":1e12})") << "\"level\" is missing";
        QTest::newRow("unknown kind") << QByteArray(R"({"kind":"latency","value":1})") << "\"kind\" must be";
        QTest::newRow("scaled unit") << QByteArray(
                                            R"({"kind":"memory","level":"hbm","value":4800,"unit":"GB/s"})")
                                     << "\"unit\" must be \"B/s\"";
        QTest::newRow("zero") << QByteArray(R"({"kind":"compute","precision":"fp32","value":0})")
                              << "greater than zero";
    }
    void ceilingField()
    {
        QFETCH(QByteArray, json);
        QFETCH(QString, error);
        QString why;
        const auto c = ResultSet::ceilingFromJson(QJsonDocument::fromJson(json).object(), &why);
        if (error.isEmpty())
            QVERIFY2(c, qPrintable(why));
        else
            QVERIFY2(!c && why.contains(error), qPrintable(why));
    }

    void deviceFieldIgnoredNotFatal()
    {
        QString error;
        QStringList warnings;
        const auto rs = ResultSet::fromJson(
            R"({"schema":"rooflab.results/1","device":{"name":"X","sms":"many","l2_bytes":-5},"measurements":[]})",
            &error, &warnings);
        QVERIFY2(rs, qPrintable(error));
        QCOMPARE(rs->device.name, QString("X"));
        QCOMPARE(rs->device.sms, 0);
        QCOMPARE(warnings.size(), 2);
        QVERIFY(warnings.join('\n').contains("device: \"sms\" must be a number"));
    }

    // A 3 GB file is refused from its size, before anything is read (a sparse file: cheap).
    void hugeFileRefused_data()
    {
        QTest::addColumn<qint64>("size");
        QTest::newRow("3 GB") << qint64(3) * 1000 * 1000 * 1000;
        QTest::newRow("one byte over the limit") << ResultSet::kMaxFileBytes + 1;
    }
    void hugeFileRefused()
    {
        QFETCH(qint64, size);
        QTemporaryDir dir;
        const QString path = dir.filePath("huge.json");
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        QVERIFY(f.resize(size));
        f.close();
        QString error;
        QVERIFY(!ResultSet::load(path, &error));
        QVERIFY2(error.contains("larger than 2 GiB are refused"), qPrintable(error));
    }

    void csv()
    {
        QString error;
        auto rs = ResultSet::load(data("small.json"), &error);
        QVERIFY2(rs, qPrintable(error));
        Measurement odd = rs->measurements.at(3);
        odd.kernel = "void k<float, 2>(float*, int)";
        odd.check.reference = "say \"hi\"";
        odd.params = {{"M", 1}, {"N", 2}};
        odd.predictedTimeS.reset();
        odd.clockMhz = 0;
        rs->measurements.append(odd);
        const QString csv = rs->toCsv();
        const QStringList lines = csv.split("\r\n");
        QCOMPARE(lines.size(), 1 + 5 + 1); // header, rows, empty after the last CRLF
        QVERIFY(lines.last().isEmpty());
        QCOMPARE(
            lines.at(0),
            QString(
                "kernel,dtype,params,flops,bytes,ai,median_s,min_s,max_s,samples,flop_per_s,bytes_per_s,"
                "check_ok,max_rel_err,reference,predicted_time_s,clock_mhz,source,level,precision,dram_bytes,"
                "l2_bytes,"
                "l1_bytes,smem_bytes,smem_bank_conflicts,occupancy_pct,issue_active_pct,profile_clock_mhz"));
        QCOMPARE(lines.at(3),
                 QString("gemm.tiled2d,fp32,BK=8;BM=128;BN=128;K=4096;M=4096;N=4096,137438953472,201326592,"
                         "682.6666666666666,0.00275,0.00271,0.00283,10,49977801262545.46,73209669818.18182,"
                         "true,2.4e-06,cublas,0.0023,1965,rooflab,,,,,,,,,,"));
        QCOMPARE(lines.at(5),
                 QString("\"void k<float, 2>(float*, int)\",fp32,M=1;N=2,2147483648,12582912,"
                         "170.66666666666666,0.0041,0.004,0.0043,10,523776499512.19507,"
                         "3069002926.829268,false,0.031,\"say \"\"hi\"\"\",,,rooflab,,,,,,,,,,"));
        QCOMPARE(ResultSet::csvHeader().size(), ResultSet::csvRow(odd).size());
    }

    void keyMatchesOnKernelDtypeParams()
    {
        Measurement a;
        a.kernel = "gemm.tiled2d";
        a.dtype = "fp32";
        a.params.insert("BN", 64);
        a.params.insert("BM", 128);
        Measurement b = a;
        b.params.clear();
        b.params.insert("BM", 128);
        b.params.insert("BN", 64);
        b.time.median = 99; // results do not matter
        QCOMPARE(a.key(), b.key());
        b.level = "hbm"; // the default level
        QCOMPARE(a.key(), b.key());
        b.level = "l2";
        QVERIFY(a.key() != b.key());
        b = a;
        b.dtype = "bf16";
        QVERIFY(a.key() != b.key());
        b = a;
        b.params["BN"] = 128;
        QVERIFY(a.key() != b.key());
    }

    // QSaveFile: a save that fails leaves the old file as it was and no temporary behind.
    void atomicSaveReadOnlyFolder()
    {
        if (::geteuid() == 0)
            QSKIP("running as root: folder permissions do not stop root (atomicSaveWriteFails covers it)");
        QTemporaryDir dir;
        const QString path = dir.filePath("results.json");
        QVERIFY(QFile::copy(data("small.json"), path));
        QVERIFY(QFile::setPermissions(dir.path(), QFileDevice::ReadOwner | QFileDevice::ExeOwner));
        ResultSet empty;
        QString error;
        const bool saved = empty.save(path, &error);
        QFile::setPermissions(dir.path(),
                              QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
        QVERIFY(!saved);
        QVERIFY2(error.contains(path), qPrintable(error));
        QCOMPARE(fileJson(path), fileJson(data("small.json")));
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files), QStringList{"results.json"});
    }

    void atomicSaveWriteFails()
    {
        // A file size limit makes the write itself fail half-way, as a full disk would.
        QTemporaryDir dir;
        const QString path = dir.filePath("results.json");
        QVERIFY(QFile::copy(data("small.json"), path));
        auto big = ResultSet::load(data("small.json"), nullptr);
        QVERIFY(big);
        for (int i = 0; i < 200; ++i)
            big->measurements.append(big->measurements.at(2));

        struct rlimit old
        {
        };
        QCOMPARE(::getrlimit(RLIMIT_FSIZE, &old), 0);
        auto oldHandler = std::signal(SIGXFSZ, SIG_IGN);
        struct rlimit small = old;
        small.rlim_cur = 8192;
        QCOMPARE(::setrlimit(RLIMIT_FSIZE, &small), 0);
        QString error;
        const bool saved = big->save(path, &error);
        ::setrlimit(RLIMIT_FSIZE, &old);
        std::signal(SIGXFSZ, oldHandler);

        QVERIFY(!saved);
        QVERIFY2(error.contains("cannot be written"), qPrintable(error));
        QCOMPARE(fileJson(path), fileJson(data("small.json")));
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden), QStringList{"results.json"});
        // and with the limit lifted the same save goes through
        QVERIFY2(big->save(path, &error), qPrintable(error));
        QCOMPARE(ResultSet::load(path, &error)->measurements.size(), 204);
    }

    // The streaming reader gives what the whole-document parse gives, entry by entry, from a
    // file and from a pipe that trickles.
    void streamingMatchesDocument_data()
    {
        QTest::addColumn<bool>("pipe");
        QTest::newRow("file") << false;
        QTest::newRow("pipe, 7 bytes a read") << true;
    }
    void streamingMatchesDocument()
    {
        QFETCH(bool, pipe);
        const int n = pipe ? 1500 : 6000;
        const QByteArray json = bigFile(n);
        if (!pipe)
            QVERIFY(json.size() > 3 * 1024 * 1024); // several blocks
        const QJsonObject doc = QJsonDocument::fromJson(json).object();
        QVERIFY(!doc.isEmpty());
        QString error;
        QStringList warnings;
        std::optional<ResultSet> rs;
        if (pipe) {
            Trickle in(json);
            rs = ResultSet::read(in, &error, &warnings);
        } else {
            QTemporaryDir dir;
            QFile f(dir.filePath("big.json"));
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(json);
            f.close();
            rs = ResultSet::load(f.fileName(), &error, &warnings);
        }
        QVERIFY2(rs, qPrintable(error));
        QCOMPARE(warnings.size(), 1);
        QVERIFY2(warnings.at(0).startsWith(QString("measurements[%1] (kernel \"gemm.k").arg(n / 2)),
                 qPrintable(warnings.at(0)));
        QCOMPARE(rs->measurements.size(), n - 1);
        QCOMPARE(rs->device.sms, 132);
        QCOMPARE(rs->ceilings.size(), 1);
        QCOMPARE(rs->extra.value("note").toString(), QString("kept"));
        const QJsonArray ms = doc.value("measurements").toArray();
        int k = 0;
        for (int i = 0; i < n; ++i) {
            if (i == n / 2)
                continue;
            const auto expected = ResultSet::measurementFromJson(ms.at(i).toObject(), &error);
            QVERIFY(expected);
            const Measurement &got = rs->measurements.at(k++);
            QCOMPARE(ResultSet::toJson(got), ResultSet::toJson(*expected));
            QCOMPARE(got.key(), expected->key());
        }
        QCOMPARE(rs->measurements.at(0).kernel, QString("odd \"name\" \\ 0 \u00e9\u4e2d{["));
    }

    // Entries are read from their bytes where they are plain (as RoofLab writes them) and by Qt
    // where they are not; either way each gives what measurementFromJson gives for its object:
    // the same fields, the same unknown fields, and params and resources of the same types (Qt
    // keeps 76.0 and 1e3 as integers, 1e19 as a double). Entries that are wrong are skipped
    // with the same warning.
    void plainEntriesMatchTheDocument()
    {
        QFile file(data("plain-and-not.json"));
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray json = file.readAll();
        QString error;
        QStringList warnings;
        const auto rs = ResultSet::fromJson(json, &error, &warnings);
        QVERIFY2(rs, qPrintable(error));

        QStringList expectedWarnings;
        QList<Measurement> expected;
        const QJsonArray doc = QJsonDocument::fromJson(json).object().value("measurements").toArray();
        QCOMPARE(doc.size(), 21);
        for (int i = 0; i < doc.size(); ++i) {
            QString why;
            const auto m = doc.at(i).isObject() ? ResultSet::measurementFromJson(doc.at(i).toObject(), &why)
                                                : std::nullopt;
            if (m)
                expected << *m;
            else
                expectedWarnings << QString("measurements[%1]").arg(i);
        }
        QCOMPARE(rs->measurements.size(), expected.size());
        QCOMPARE(warnings.size(), expectedWarnings.size());
        for (int i = 0; i < warnings.size(); ++i)
            QVERIFY2(warnings.at(i).startsWith(expectedWarnings.at(i)), qPrintable(warnings.at(i)));
        auto types = [](const QVariantMap &map) {
            QStringList out;
            for (auto it = map.cbegin(); it != map.cend(); ++it)
                out << it.key() + '=' + it.value().metaType().name() + ':' + it.value().toString();
            return out;
        };
        for (int i = 0; i < expected.size(); ++i) {
            const Measurement &got = rs->measurements.at(i), &want = expected.at(i);
            QCOMPARE(QJsonDocument(ResultSet::toJson(got)).toJson(),
                     QJsonDocument(ResultSet::toJson(want)).toJson());
            QCOMPARE(types(got.params), types(want.params));
            QCOMPARE(types(got.resources), types(want.resources));
            QCOMPARE(got.extra, want.extra);
            QCOMPARE(got.key(), want.key());
            QCOMPARE(got.check.message, want.check.message);
        }
        // the first, plain entry, field by field
        const Measurement &first = rs->measurements.at(0);
        QCOMPARE(first.params.value("BK").metaType().id(), QMetaType::LongLong);
        QCOMPARE(first.params.value("big").metaType().id(), QMetaType::Double);
        QCOMPARE(first.time.max, 2.9e-3);
        QCOMPARE(first.extra.value("counters").toObject().value("list").toArray().size(), 3);
        QVERIFY(first.extra.value("nothing").isNull());
        // a check object of defaults only is remembered and written again; one with values is
        // written from them
        QVERIFY(rs->measurements.at(2).extra.contains("check"));
        QVERIFY(ResultSet::toJson(rs->measurements.at(2)).contains("check"));
        QVERIFY(ResultSet::toJson(rs->measurements.at(3)).contains("check"));
        QVERIFY(!ResultSet::toJson(rs->measurements.at(1)).contains("check"));
        QVERIFY(ResultSet::toJson(first).value("check").toObject().value("ok").toBool());
    }

    // A repeated "measurements" key: the last one counts, as in Qt's parse of the whole document
    // (the fuzzer found the stream reader keeping both).
    void repeatedMeasurementsKey()
    {
        const QByteArray json = R"({"schema": "rooflab.results/1",
            "measurements": [{"kernel": "a", "flops": 1, "bytes": 2, "time_s": {"median": 3}}, {"kernel": 1}],
            "measurements": [{"kernel": "b", "flops": 1, "bytes": 2, "time_s": {"median": 3}}],
            "note": 1})";
        QString error;
        QStringList warnings;
        const auto rs = ResultSet::fromJson(json, &error, &warnings);
        QVERIFY2(rs, qPrintable(error));
        QCOMPARE(rs->measurements.size(), 1);
        QCOMPARE(rs->measurements.at(0).kernel, QString("b"));
        QVERIFY2(warnings.isEmpty(), qPrintable(warnings.join('\n')));
        const QByteArray notArray = R"({"schema": "rooflab.results/1",
            "measurements": [{"kernel": "a", "flops": 1, "bytes": 2, "time_s": {"median": 3}}],
            "measurements": 5})";
        const auto rs2 = ResultSet::fromJson(notArray, &error, &warnings);
        QVERIFY2(rs2, qPrintable(error));
        QCOMPARE(rs2->measurements.size(), 0);
    }

    // Progress reaches the whole file; a false from the callback stops the read.
    void progressAndCancel()
    {
        const QByteArray json = bigFile(6000);
        QTemporaryDir dir;
        QFile f(dir.filePath("big.json"));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(json);
        f.close();
        QList<qint64> seen;
        ResultSet::ReadOptions options;
        options.progress = [&seen, &json](qint64 done, qint64 total) {
            if (total != json.size())
                return false;
            seen << done;
            return true;
        };
        QString error;
        QVERIFY2(ResultSet::load(f.fileName(), &error, nullptr, options), qPrintable(error));
        QVERIFY(seen.size() >= 3);
        QVERIFY(std::is_sorted(seen.cbegin(), seen.cend()));
        QCOMPARE(seen.last(), qint64(json.size()));

        int calls = 0;
        options.progress = [&calls](qint64, qint64) { return ++calls < 2; };
        QVERIFY(!ResultSet::load(f.fileName(), &error, nullptr, options));
        QVERIFY2(error.contains("cancelled"), qPrintable(error));
        QCOMPARE(calls, 2);
    }

    // An error deep in a big file is placed by its line and column in the file, not in a block.
    // What a hostile file may cost: each limit is refused in one line that names it and where,
    // after reading little more than the limit (the device makes its bytes as they are read).
    void limits_data()
    {
        QTest::addColumn<QByteArray>("head");
        QTest::addColumn<char>("fill");
        QTest::addColumn<qint64>("count");
        QTest::addColumn<QStringList>("expected");
        QTest::addColumn<qint64>("maxRead"); // the most the reader may read before it refuses
        const qint64 block = 1 << 20;
        const qint64 endless = qint64(1) << 32;
        QTest::newRow("random bytes: refused from the first block")
            << QByteArray("\x8f\x03") << 'q' << endless << QStringList{"not valid JSON", "line 1, column"}
            << block;
        QTest::newRow("a string that never ends")
            << QByteArray("{\"schema\": \"") << 'x' << endless
            << QStringList{"more than 64 MiB", "line 1, column 12 (offset 11)"} << (64 + 2) * block;
        QTest::newRow("a number that never ends")
            << QByteArray("{\"schema\": 1") << '0' << endless
            << QStringList{"more than 64 MiB", "line 1, column 12 (offset 11)"} << (64 + 2) * block;
        QTest::newRow("nesting") << QByteArray("{\"tool\": ") << '[' << qint64(1000)
                                 << QStringList{"deeper than 64 levels", "column 74"} << block;
        QByteArray keys = "{\"a0\":0";
        for (int i = 1; i <= 5000; ++i)
            keys += ",\"a" + QByteArray::number(i) + "\":0";
        QTest::newRow("top-level fields")
            << keys << ' ' << qint64(0) << QStringList{"more than 4096 fields"} << block;
    }
    void limits()
    {
        QFETCH(QByteArray, head);
        QFETCH(char, fill);
        QFETCH(qint64, count);
        QFETCH(QStringList, expected);
        QFETCH(qint64, maxRead);
        GeneratedDevice in(head, fill, count, "}");
        QString error;
        QVERIFY(!ResultSet::read(in, &error));
        for (const QString &e : expected)
            QVERIFY2(error.contains(e), qPrintable(error));
        QVERIFY2(in.bytesRead() <= maxRead, qPrintable(QString::number(in.bytesRead())));
    }

    // /dev/zero: endless, and a pipe to Qt (no size): refused at its first byte.
    void devZero()
    {
        if (!QFileInfo::exists("/dev/zero"))
            QSKIP("no /dev/zero");
        QString error;
        QVERIFY(!ResultSet::load("/dev/zero", &error));
        QVERIFY2(error.startsWith("/dev/zero: is not valid JSON") && error.contains("line 1, column"),
                 qPrintable(error));
    }

    void errorPlacedInFile_data()
    {
        QTest::addColumn<QByteArray>("broken"); // replaces the last entry's "flops" value
        QTest::newRow("two commas") << QByteArray("1,,");
        QTest::newRow("bad number") << QByteArray("1e");
        QTest::newRow("bad literal") << QByteArray("tru");
        QTest::newRow("unterminated string") << QByteArray("1, \"x");
    }
    void errorPlacedInFile()
    {
        QFETCH(QByteArray, broken);
        QByteArray json = bigFile(6000);
        const QByteArray needle = "\"flops\": 1000005999";
        const qsizetype at = json.lastIndexOf(needle);
        QVERIFY(at > 0);
        json.replace(at + 9, needle.size() - 9, broken);
        QJsonParseError qt;
        QJsonDocument::fromJson(json, &qt); // what Qt says for the whole document
        QVERIFY(qt.error != QJsonParseError::NoError);
        const QString line = QString("line %1,").arg(json.left(at).count('\n') + 1); // the broken value's
        QString error;
        QVERIFY(!ResultSet::fromJson(json, &error));
        QVERIFY2(error.contains("not valid JSON"), qPrintable(error));
        QVERIFY2(error.contains(line), qPrintable(error + " / expected " + line));
        if (!broken.contains('"')) // the same words as Qt's for the whole document
            QVERIFY2(error.contains(qt.errorString()), qPrintable(error + " / Qt: " + qt.errorString()));
    }

    void saveIntoMissingFolder()
    {
        ResultSet rs;
        QString error;
        QVERIFY(!rs.save("/nonexistent/rooflab/out.json", &error));
        QVERIFY2(error.contains("/nonexistent/rooflab/out.json"), qPrintable(error));
    }
};

QTEST_GUILESS_MAIN(TestResultSet)
#include "tst_resultset.moc"
