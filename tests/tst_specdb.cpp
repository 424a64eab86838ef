// The GPU spec database: every required GPU present with sourced numbers, bad files refused
// with the file and the field named while the rest still loads, user files picked up.
#include "specdb.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using model::SpecDb;

class TestSpecDb : public QObject
{
    Q_OBJECT

    static QByteArray goodJson(const QString &id)
    {
        QFile f(QStringLiteral(ROOFLAB_SOURCE_RESOURCES_DIR "/gpus/h200-sxm.json"));
        f.open(QIODevice::ReadOnly);
        QJsonObject o = QJsonDocument::fromJson(f.readAll()).object();
        o["id"] = id;
        return QJsonDocument(o).toJson();
    }

private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void requiredIds_data()
    {
        QTest::addColumn<QString>("id");
        for (const char *id : {"v100-sxm2-32gb",
                               "t4",
                               "a100-sxm4-40gb",
                               "a100-sxm4-80gb",
                               "a100-pcie-80gb",
                               "a10",
                               "a40",
                               "l4",
                               "l40s",
                               "rtx-3090",
                               "rtx-4090",
                               "rtx-5090",
                               "rtx-6000-ada",
                               "rtx-pro-6000",
                               "h100-sxm",
                               "h100-pcie",
                               "h100-nvl",
                               "h200-sxm",
                               "h200-nvl",
                               "h20",
                               "b200",
                               "gb200",
                               "b300",
                               "gb300",
                               "jetson-agx-orin-64gb",
                               "mi250x",
                               "mi300x",
                               "mi325x",
                               "mi355x",
                               "teaching-gpu"})
            QTest::newRow(id) << QString::fromLatin1(id);
    }
    void requiredIds()
    {
        QFETCH(QString, id);
        SpecDb db;
        db.loadDirectory(QStringLiteral(ROOFLAB_SOURCE_RESOURCES_DIR "/gpus"));
        QVERIFY2(db.errors().isEmpty(), qPrintable(db.errors().value(0).text()));
        const model::Gpu *g = db.find(id);
        QVERIFY2(g, qPrintable("missing " + id));
        QVERIFY(!g->name.isEmpty() && !g->vendor.isEmpty() && !g->architecture.isEmpty());
        QVERIFY(g->bw("hbm") > 0);
        QVERIFY(!g->bandwidth["hbm"].source.isEmpty());
        QVERIFY(!g->peaks.isEmpty());
        for (auto it = g->peaks.begin(); it != g->peaks.end(); ++it)
            QVERIFY2(!it->source.isEmpty() && it->value > 0, qPrintable(id + " " + it.key()));
        if (g->vendor == "NVIDIA") {
            QVERIFY(!g->computeCapability.isEmpty());
            QVERIFY2(g->limits.has_value(),
                     "NVIDIA entries carry the per-SM limits of their compute capability");
            QVERIFY(g->limits->regsPerSm == 65536);
        }
    }

    void h200Figures()
    {
        SpecDb db;
        db.loadDirectory(QStringLiteral(ROOFLAB_SOURCE_RESOURCES_DIR "/gpus"));
        const model::Gpu *g = db.find("h200-sxm");
        QVERIFY(g);
        QCOMPARE(g->smCount(), 132);
        QCOMPARE(g->computeCapability, QString("9.0"));
        QCOMPARE(g->bw("hbm"), 4.8e12);
        QCOMPARE(g->peak("bf16_tc"), 989.5e12);
        QCOMPARE(g->sparsePeaks.value("bf16_tc").value, 1979e12);
        QCOMPARE(g->l2Bytes->value, 60.0 * 1024 * 1024);
        QCOMPARE(g->limits->smemPerSmBytes, 228 * 1024);
        QCOMPARE(g->limits->smemPerBlockOptinBytes, 227 * 1024);
        QCOMPARE(g->limits->reservedSmemPerBlock, 1024);
    }

    void badFiles_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("field");
        QTest::addColumn<QString>("messagePart");
        const QByteArray good = goodJson("bad-one");
        auto edit = [&](auto fn) {
            QJsonObject o = QJsonDocument::fromJson(good).object();
            fn(o);
            return QJsonDocument(o).toJson();
        };
        QTest::newRow("not JSON (truncated)") << QByteArray("{ \"id\": ") << "id"
                                              << "not valid JSON";
        QTest::newRow("missing name") << edit([](QJsonObject &o) { o.remove("name"); }) << "name"
                                      << "missing";
        QTest::newRow("missing hbm bandwidth")
            << edit([](QJsonObject &o) { o["bandwidth"] = QJsonObject{}; }) << "bandwidth.hbm"
            << "missing";
        QTest::newRow("negative peak") << edit([](QJsonObject &o) {
            QJsonObject p = o["peaks"].toObject();
            p["fp32"] = QJsonObject{{"value", -67e12}, {"source", "x"}};
            o["peaks"] = p;
        }) << "peaks.fp32.value"
                                       << "negative";
        QTest::newRow("non-finite bandwidth")
            << QByteArray("{\"schema\":\"rooflab.gpu/1\",\"id\":\"x\",\"name\":\"X\",\"vendor\":\"Other\","
                          "\"architecture\":\"A\",\"bandwidth\":{\"hbm\":{\"value\":1e999,\"source\":\"s\"}},"
                          "\"peaks\":{\"fp32\":{\"value\":1e12,\"source\":\"s\"}}}")
            << "bandwidth.hbm.value"
            << "finite";
        QTest::newRow("unknown precision") << edit([](QJsonObject &o) {
            QJsonObject p = o["peaks"].toObject();
            p["fp12_tc"] = QJsonObject{{"value", 1e12}, {"source", "x"}};
            o["peaks"] = p;
        }) << "peaks.fp12_tc"
                                           << "unknown name";
        QTest::newRow("number without source") << edit([](QJsonObject &o) {
            QJsonObject p = o["peaks"].toObject();
            p["fp32"] = QJsonObject{{"value", 1e12}};
            o["peaks"] = p;
        }) << "peaks.fp32.source"
                                               << "source";
        QTest::newRow("newer schema")
            << edit([](QJsonObject &o) { o["schema"] = "rooflab.gpu/9"; }) << "schema"
            << "unsupported";
        QTest::newRow("string where number") << edit([](QJsonObject &o) {
            o["sms"] = QJsonObject{{"value", "many"}, {"source", "x"}};
        }) << "sms.value"
                                             << "number";
        QTest::newRow("NVIDIA without compute capability")
            << edit([](QJsonObject &o) { o.remove("compute_capability"); }) << "compute_capability"
            << "missing";
        QTest::newRow("duplicate id") << goodJson("good-one") << "id"
                                      << "duplicate";
        // Whole numbers are checked before they become an int: nothing wraps.
        auto limit = [&](const char *key, const QJsonValue &v) {
            return edit([&](QJsonObject &o) {
                QJsonObject l = o["sm_limits"].toObject();
                l[key] = v;
                o["sm_limits"] = l;
            });
        };
        QTest::newRow("limit 1e300") << limit("max_warps_per_sm", 1e300) << "sm_limits.max_warps_per_sm"
                                     << "at most 2147483647";
        QTest::newRow("shared memory KiB past an int in bytes")
            << limit("smem_per_sm_max_kib", 4194532) << "sm_limits.smem_per_sm_max_kib"
            << "at most 2097151";
        QTest::newRow("capacity option 1e116")
            << limit("smem_capacity_options_kib", QJsonArray{0, 100, 1e116})
            << "sm_limits.smem_capacity_options_kib[2]"
            << "at most 2097151";
        QTest::newRow("capacity option not whole") << limit("smem_capacity_options_kib", QJsonArray{0, 1.5})
                                                   << "sm_limits.smem_capacity_options_kib[1]"
                                                   << "whole number";
        QTest::newRow("a file far too large")
            << QByteArray("{\"schema\": \"rooflab.gpu/1\", \"notes\": [\"") + QByteArray(2 << 20, 'x') +
                   "\"]}"
            << QString() << "larger than 1024 KiB are refused";
    }
    void badFiles()
    {
        QFETCH(QByteArray, json);
        QFETCH(QString, field);
        QFETCH(QString, messagePart);
        QTemporaryDir dir;
        {
            QFile g(dir.filePath("a-good.json"));
            QVERIFY(g.open(QIODevice::WriteOnly));
            g.write(goodJson("good-one"));
            QFile b(dir.filePath("b-bad.json"));
            QVERIFY(b.open(QIODevice::WriteOnly));
            b.write(json);
        }
        SpecDb db;
        db.loadDirectory(dir.path());
        QCOMPARE(db.gpus().size(), 1); // the good file still loads
        QCOMPARE(db.gpus().first().id, QString("good-one"));
        QCOMPARE(db.errors().size(), 1);
        const auto &e = db.errors().first();
        QVERIFY(e.file.endsWith("b-bad.json"));
        QCOMPARE(e.field, field);
        QVERIFY2(e.message.contains(messagePart), qPrintable(e.text()));
        QVERIFY(e.text().contains("b-bad.json"));
    }

    void userFolder()
    {
        const QString userDir = SpecDb::userDirectory();
        QVERIFY(userDir.contains("qttest") || userDir.contains(".local"));
        QDir().mkpath(userDir);
        QFile f(userDir + "/my-gpu.json");
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(goodJson("my-lab-gpu"));
        f.close();
        qputenv("ROOFLAB_RESOURCES", ROOFLAB_SOURCE_RESOURCES_DIR);
        const SpecDb db = SpecDb::loadDefault();
        const model::Gpu *g = db.find("my-lab-gpu");
        QVERIFY(g);
        QVERIFY(g->userFile);
        QVERIFY(db.find("h200-sxm"));
        QFile::remove(userDir + "/my-gpu.json");
    }
};

QTEST_GUILESS_MAIN(TestSpecDb)
#include "tst_specdb.moc"
