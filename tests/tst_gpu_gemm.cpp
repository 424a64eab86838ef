// Every GEMM ladder step runs and matches cuBLAS (and sampled fp64 dot products) at three
// sizes, including sizes that are multiples of no tile. Skips without a CUDA device.
#include "catalog.h"
#include "gemmladder.h"
#include "runner.h"
#include "testmain.h"

#include <QtTest>

using namespace kernels;

Q_DECLARE_METATYPE(QVariantMap)

class TestGpuGemm : public QObject
{
    Q_OBJECT

    Runner m_runner;
    bool m_open = false;
    QString m_why;

    static QString rowName(const QVariantMap &p)
    {
        QStringList parts;
        for (auto it = p.begin(); it != p.end(); ++it)
            parts.append(it.key() + '=' + it.value().toString());
        return parts.join(',');
    }

private slots:
    void initTestCase() { m_open = m_runner.open(&m_why); }

    void step_data()
    {
        QTest::addColumn<QString>("id");
        QTest::addColumn<QVariantMap>("params");
        QTest::addColumn<QString>("dtype");
        const QStringList ids = gemm::referenceIds() + gemm::ladderIds();
        for (const QString &id : ids) {
            const KernelSpec *k = Catalog::instance().find(id);
            QVERIFY(k);
            for (const QVariantMap &p : k->testCases)
                QTest::addRow("%s/%s", qPrintable(id), qPrintable(rowName(p)))
                    << id << p << k->defaultDtype();
        }
        // fp16 through the tensor-core steps at an odd size.
        for (const QString &id :
             QStringList{"gemm.wmma", "gemm.mma_multistage", "gemm.wgmma_tma", "gemm.wgmma_persistent",
                         "gemm.wgmma_cluster", "gemm.cublas_bf16"})
            QTest::addRow("%s/fp16", qPrintable(id))
                << id << QVariantMap{{"M", 333}, {"N", 517}, {"K", 264}} << "fp16";
        // Tile variants at an odd size: the edges of every tile shape are exercised.
        const QVariantMap odd{{"M", 333}, {"N", 517}, {"K", 264}};
        for (const QString &id :
             QStringList{"gemm.reg2d", "gemm.warptiled", "gemm.wmma", "gemm.mma_multistage", "gemm.wgmma_tma",
                         "gemm.wgmma_persistent", "gemm.wgmma_cluster"})
            for (QVariantMap p : gemm::randomConfigs(id, 4, 11)) {
                const QString name = rowName(p);
                for (auto it = odd.begin(); it != odd.end(); ++it)
                    p[it.key()] = it.value();
                QTest::addRow("%s/random:%s", qPrintable(id), qPrintable(name)) << id << p << QString();
            }
        // A size past one wave of blocks with the defaults.
        for (const QString &id : QStringList{"gemm.warptiled", "gemm.mma_multistage", "gemm.wgmma_tma",
                                             "gemm.wgmma_persistent", "gemm.wgmma_cluster"})
            QTest::addRow("%s/2048", qPrintable(id))
                << id << QVariantMap{{"M", 2048}, {"N", 2048}, {"K", 2048}} << QString();
        // fp8 (e4m3): random tiles at an odd M with the N and K cuBLASLt fp8 takes (multiples of
        // 16, of no tile), and sizes past one wave, against cuBLASLt fp8 and fp64 samples.
        const QVariantMap oddFp8{{"M", 333}, {"N", 528}, {"K", 272}};
        for (QVariantMap p : gemm::randomConfigs("gemm.wgmma_fp8", 4, 11)) {
            const QString name = rowName(p);
            for (auto it = oddFp8.begin(); it != oddFp8.end(); ++it)
                p[it.key()] = it.value();
            QTest::addRow("gemm.wgmma_fp8/random:%s", qPrintable(name)) << "gemm.wgmma_fp8" << p << "fp8";
        }
        for (const QString &id : {QStringLiteral("gemm.wgmma_fp8"), QStringLiteral("gemm.cublaslt_fp8")}) {
            QTest::addRow("%s/2048", qPrintable(id))
                << id << QVariantMap{{"M", 2048}, {"N", 2048}, {"K", 2048}} << "fp8";
            QTest::addRow("%s/3000x4112x4096", qPrintable(id))
                << id << QVariantMap{{"M", 3000}, {"N", 4112}, {"K", 4096}} << "fp8";
        }
        // The persistent steps loop over tiles: sizes with several tiles per SM, one of them
        // cut at both edges with N % 4 == 0 (the TMA store clips), one with N % 4 != 0 (direct
        // stores), and a small-tile variant where every block takes many tiles.
        for (const QString &id : gemm::ladderIds()) {
            if (!gemm::isPersistent(id))
                continue;
            QTest::addRow("%s/4096", qPrintable(id))
                << id << QVariantMap{{"M", 4096}, {"N", 4096}, {"K", 4096}} << QString();
            QTest::addRow("%s/3000x5000x2000", qPrintable(id))
                << id << QVariantMap{{"M", 3000}, {"N", 5000}, {"K", 2000}} << QString();
            QTest::addRow("%s/TMA_STORE=0:3000x5000x2000", qPrintable(id))
                << id << QVariantMap{{"M", 3000}, {"N", 5000}, {"K", 2000}, {"TMA_STORE", 0}} << QString();
            QTest::addRow("%s/2050x1030x520", qPrintable(id))
                << id << QVariantMap{{"M", 2050}, {"N", 1030}, {"K", 520}} << QString();
            QTest::addRow("%s/BN64:1500x1500x256", qPrintable(id))
                << id
                << QVariantMap{{"M", 1500}, {"N", 1500}, {"K", 256}, {"BM", 128}, {"BN", 64}, {"STAGES", 6}}
                << QString();
        }
        // Step 12's other cluster shape (pairs along N share A), at sizes whose tile rows and
        // columns are odd in number: the second block of an edge pair computes past C.
        for (const QVariantMap &size : {QVariantMap{{"M", 4096}, {"N", 4096}, {"K", 4096}},
                                        QVariantMap{{"M", 3000}, {"N", 5000}, {"K", 2000}},
                                        QVariantMap{{"M", 333}, {"N", 517}, {"K", 264}}}) {
            QVariantMap p = size;
            p["CLUSTER_M"] = 1;
            p["CLUSTER_N"] = 2;
            QTest::addRow("gemm.wgmma_cluster/1x2:%s", qPrintable(rowName(size)))
                << QStringLiteral("gemm.wgmma_cluster") << p << QString();
        }
    }

    void step()
    {
        if (!m_open)
            QSKIP(qPrintable("no CUDA device: " + m_why));
        QFETCH(QString, id);
        QFETCH(QVariantMap, params);
        QFETCH(QString, dtype);
        // A kernel known to hang or fault on this machine can be left out of a run:
        // ROOFLAB_SKIP_KERNELS=gemm.wgmma_tma,...
        if (qEnvironmentVariable("ROOFLAB_SKIP_KERNELS").split(',').contains(id))
            QSKIP("left out by ROOFLAB_SKIP_KERNELS");
        // ... or a run kept to a few: ROOFLAB_ONLY_KERNELS=gemm.wgmma_persistent,gemm.wgmma_cluster
        if (const QString only = qEnvironmentVariable("ROOFLAB_ONLY_KERNELS");
            !only.isEmpty() && !only.split(',').contains(id))
            QSKIP("not in ROOFLAB_ONLY_KERNELS");
        const Device &dev = m_runner.device();
        if (gemm::usesTma(id) && !(dev.major == 9 && dev.minor == 0))
            QSKIP("wgmma + TMA needs an sm_90 device");
        if ((gemm::usesTensorCores(id) || id == QLatin1String("gemm.cublas_tf32")) && dev.major < 8)
            QSKIP("tensor-core steps need sm_80 or newer");
        if (Catalog::instance().find(id)->dtypes.contains("fp8") && dev.major * 10 + dev.minor < 89)
            QSKIP("fp8 tensor cores need sm_89 or newer");
        RunOptions o;
        o.repeat = 3; // correctness here; speed is the ladder command's job
        const RunResult r = m_runner.run(id, params, dtype, o);
        QVERIFY2(r.measurement, qPrintable(r.message));
        QVERIFY2(r.status == RunStatus::Ok, qPrintable(r.message));
        QVERIFY2(r.measurement->check.ok, qPrintable(r.measurement->check.message));
        QVERIFY(r.measurement->time.median > 0);
        // The compiled steps keep their main loop's instruction mix (SASS where nvdisasm is found).
        if (!id.startsWith(QLatin1String("gemm.cublas"))) {
            const QJsonObject mix = r.measurement->extra.value(QLatin1String("instr_mix")).toObject();
            QVERIFY2(mix.value(QLatin1String("loop_found")).toBool(),
                     qPrintable(id + ": no main loop in instr_mix"));
            qInfo("%s instruction mix from the %s, %g per iteration", qPrintable(id),
                  qPrintable(mix.value(QLatin1String("source")).toString()),
                  mix.value(QLatin1String("total")).toDouble());
        }
        qInfo("%s %s: max err %.2e (%s), %.3f TFLOP/s", qPrintable(id), qPrintable(rowName(params)),
              r.measurement->check.maxRelErr, qPrintable(r.measurement->check.reference),
              r.measurement->flopPerS() / 1e12);
    }
};

ROOFLAB_TEST_GUILESS_MAIN(TestGpuGemm)
#include "tst_gpu_gemm.moc"
