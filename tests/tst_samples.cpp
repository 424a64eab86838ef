// Every committed sample results file (resources/samples/**.json) is one the app can show as
// it is: it loads with no warning, every reference check in it passed, it names a GPU of the
// spec database, and nothing in it runs faster than that GPU's datasheet allows (measured
// FLOP/s under the peak of its precision, bytes/s under the bandwidth of its memory level,
// measured ceilings under their datasheet ceilings). One row per file, so a new sample is
// tested the day it is committed.
#include "resultset.h"
#include "specdb.h"

#include <QDirIterator>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

#include <cmath>

using namespace model;

class TestSamples : public QObject
{
    Q_OBJECT
    SpecDb m_db;
    const QString m_root = QStringLiteral(ROOFLAB_SOURCE_RESOURCES_DIR "/samples");

    // "above the datasheet" when value > limit by more than timing can explain; `what` names it
    // in the message. A probe that runs at the peak (the H100's shared-memory read, 100.2 % of
    // the figure derived from its 1980 MHz boost clock) lands within CUDA events' resolution of
    // it, on either side: 0.5 % is allowed, a wrong byte or FLOP count is far beyond it.
    static QString aboveLimit(double value, double limit, const QString &what)
    {
        constexpr double kTimingSlack = 1.005;
        if (value <= limit * kTimingSlack)
            return {};
        return QStringLiteral("%1: %2 is above the datasheet's %3 (%4 %)")
            .arg(what)
            .arg(value, 0, 'g', 4)
            .arg(limit, 0, 'g', 4)
            .arg(100.0 * value / limit, 0, 'f', 1);
    }

private slots:
    void initTestCase()
    {
        m_db.loadDirectory(QStringLiteral(ROOFLAB_SOURCE_RESOURCES_DIR "/gpus"));
        QVERIFY(m_db.errors().isEmpty());
        QVERIFY(m_db.find(QStringLiteral("h200-sxm")));
    }

    void sample_data()
    {
        QTest::addColumn<QString>("path");
        int n = 0;
        QDirIterator it(m_root, {QStringLiteral("*.json")}, QDir::Files, QDirIterator::Subdirectories);
        QStringList files;
        while (it.hasNext())
            files << it.next();
        files.sort();
        for (const QString &f : files) {
            QTest::newRow(qPrintable(f.mid(m_root.size() + 1))) << f;
            ++n;
        }
        QVERIFY2(n > 0, qPrintable("no sample files under " + m_root));
    }

    void sample()
    {
        QFETCH(QString, path);
        QString error;
        QStringList warnings;
        const std::optional<ResultSet> rs = ResultSet::load(path, &error, &warnings);
        QVERIFY2(rs, qPrintable(error));
        QVERIFY2(warnings.isEmpty(), qPrintable(warnings.join(QLatin1Char('\n'))));
        QVERIFY(!rs->measurements.isEmpty() || !rs->ceilings.isEmpty());

        const Gpu *gpu = m_db.find(rs->device.spec);
        QVERIFY2(gpu, qPrintable(
                          QStringLiteral("device \"%1\" names spec \"%2\", which the database does not have")
                              .arg(rs->device.name, rs->device.spec)));

        QStringList problems;
        for (qsizetype i = 0; i < rs->measurements.size(); ++i) {
            const Measurement &m = rs->measurements[i];
            const QString what = QStringLiteral("measurement %1 (%2 %3)").arg(i).arg(m.kernel, m.dtype);
            if (!m.check.ok)
                problems << what + ": check failed: " + m.check.message;
            if (m.flops > 0) {
                const double peak = gpu->peak(m.precision);
                if (peak <= 0)
                    problems << what + ": no datasheet peak for precision \"" + m.precision + "\"";
                else if (const QString p = aboveLimit(m.flopPerS(), peak, what + " FLOP/s"); !p.isEmpty())
                    problems << p;
            }
            // A level the datasheet gives no figure for (L2 on most GPUs) cannot be checked.
            const QString level = m.level.isEmpty() ? QStringLiteral("hbm") : m.level;
            if (const double bw = gpu->bw(level); bw > 0 && m.bytes > 0)
                if (const QString p = aboveLimit(m.bytesPerS(), bw, what + " " + level + " B/s");
                    !p.isEmpty())
                    problems << p;
        }
        for (qsizetype i = 0; i < rs->ceilings.size(); ++i) {
            const MeasuredCeiling &c = rs->ceilings[i];
            const QString what =
                QStringLiteral("ceiling %1 (%2 %3%4, %5)").arg(i).arg(c.kind, c.level, c.precision, c.probe);
            const double limit =
                c.kind == QLatin1String("memory") ? gpu->bw(c.level) : gpu->peak(c.precision);
            if (limit <= 0) {
                if (c.kind != QLatin1String("memory"))
                    problems << what + ": no datasheet peak to compare with";
                continue;
            }
            if (const QString p = aboveLimit(c.value, limit, what); !p.isEmpty())
                problems << p;
        }
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
    }

    // Lesson 3's last step quotes the committed ladder (h200-gemm-ladder.json): each step's
    // ratio to its cuBLAS reference as the ladder wrote it, to two decimals, and the fp8 rung's
    // TFLOP/s, in both languages. A sample measured again fails this until the caption follows.
    void lessonThreeQuotesTheLadder()
    {
        auto load = [](const QString &path) {
            QFile f(path);
            return f.open(QIODevice::ReadOnly) ? QJsonDocument::fromJson(f.readAll()).object()
                                               : QJsonObject();
        };
        const QJsonObject ladder = load(m_root + QStringLiteral("/h200-gemm-ladder.json"));
        const QJsonObject lesson =
            load(QStringLiteral(ROOFLAB_SOURCE_RESOURCES_DIR "/lessons/03-tiling.json"));
        const QJsonArray steps = lesson.value("steps").toArray();
        QVERIFY(!ladder.isEmpty() && !steps.isEmpty());
        const QJsonObject caption = steps.last().toObject().value("caption").toObject();
        QMap<QString, QJsonObject> rows;
        for (const QJsonValue &v : ladder.value("gemm_ladder").toObject().value("steps").toArray())
            rows.insert(v.toObject().value("kernel").toString(), v.toObject());
        const QStringList quoted = {"gemm.warptiled",        "gemm.mma_multistage", "gemm.wgmma_tma",
                                    "gemm.wgmma_persistent", "gemm.wgmma_cluster",  "gemm.wgmma_fp8"};
        for (const QString &lang : {QStringLiteral("en"), QStringLiteral("zh")}) {
            const QString text = caption.value(lang).toString();
            QVERIFY(!text.isEmpty());
            for (const QString &k : quoted) {
                QVERIFY2(rows.contains(k), qPrintable(k + " is not in the ladder sample"));
                const QString ratio = QString::number(rows.value(k).value("ratio").toDouble(), 'f', 2);
                QVERIFY2(text.contains(ratio),
                         qPrintable(QStringLiteral("%1 (%2): %3 not quoted").arg(k, lang, ratio)));
            }
            const QString fp8 =
                QString::number(rows.value("gemm.wgmma_fp8").value("tflops").toDouble(), 'f', 0);
            QVERIFY2(text.contains(fp8 + " TFLOP/s"), qPrintable(lang + ": fp8 " + fp8));
        }
    }

    // Both committed ladders (8192^3 and 4096^3 tensor-core sizes) take each step's ratio against
    // its reference measured right before the step, every run in them passed its check, and the
    // ratio is the two runs' medians as written beside them.
    void laddersUsePairedReferences()
    {
        for (const QString &name :
             {QStringLiteral("h200-gemm-ladder.json"), QStringLiteral("h200-gemm-ladder-4096.json")}) {
            QFile f(m_root + QLatin1Char('/') + name);
            QVERIFY2(f.open(QIODevice::ReadOnly), qPrintable(name));
            const QJsonObject ladder =
                QJsonDocument::fromJson(f.readAll()).object().value("gemm_ladder").toObject();
            QCOMPARE(ladder.value("checks_ok").toInt(), ladder.value("measurements").toInt());
            int paired = 0;
            for (const QJsonValue &v : ladder.value("steps").toArray()) {
                const QJsonObject o = v.toObject();
                QVERIFY2(o.value("check_ok").toBool(),
                         qPrintable(name + ": " + o.value("kernel").toString()));
                if (!o.contains("reference"))
                    continue;
                QCOMPARE(o.value("reference_run").toString(), QStringLiteral("paired"));
                const double mine = o.value("tflops").toDouble(),
                             ref = o.value("reference_tflops").toDouble();
                QVERIFY(ref > 0);
                QVERIFY2(std::abs(o.value("ratio").toDouble() - mine / ref) < 1e-6,
                         qPrintable(o.value("kernel").toString()));
                ++paired;
            }
            QVERIFY2(paired >= 5, qPrintable(name));
            // A swept step's best configuration: measured again right after its own reference
            // run, and its ratio that pair's.
            for (const QJsonValue &v : ladder.value("best_sweep").toArray()) {
                const QJsonObject o = v.toObject();
                const QString k = name + ": best " + o.value("kernel").toString();
                QCOMPARE(o.value("reference_run").toString(), QStringLiteral("paired"));
                const double ref = o.value("reference_tflops").toDouble();
                QVERIFY2(ref > 0, qPrintable(k));
                QVERIFY2(std::abs(o.value("ratio").toDouble() - o.value("tflops").toDouble() / ref) < 1e-6,
                         qPrintable(k));
                if (ladder.value("tc_size").toInt() == 8192)
                    QVERIFY2(o.value("measured_again").toBool(), qPrintable(k));
            }
        }
    }
};

QTEST_GUILESS_MAIN(TestSamples)
#include "tst_samples.moc"
