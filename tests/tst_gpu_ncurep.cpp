// A fresh .ncu-rep through the real Nsight Compute: profiles the program of known work
// (tests/data/ncu/real/knownwork.cu) with RoofLab's metric list into a report, opens it with
// model::NcuReportReader (blocking and asynchronous) and checks the figures against the work
// known in closed form. Runs only where there is a GPU, ncu and the program (or nvcc to build
// it); skips otherwise, saying what is missing.
//
//   ROOFLAB_KNOWNWORK=/path/to/knownwork   the program already built (else nvcc builds it)
//   ROOFLAB_NCU=/path/to/ncu               as NcuReportReader finds it otherwise
//   ROOFLAB_METRICS=a,b,...                instead of NcuImport::metrics() less what
//                                          `ncu --query-metrics` does not list
#include "ncureport.h"
#include "testmain.h"

#include <QDir>
#include <QFileInfo>
#include <QProcess>
#include <QSet>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using model::Measurement;
using model::NcuReport;
using model::NcuReportReader;

namespace {

// The sizes in knownwork.cu.
constexpr double kVecN = 1 << 24, kAxpyN = 1 << 23, kHfmaThreads = 132 * 2048, kHfmaIters = 4096,
                 kGemm = 1024;

bool haveGpu()
{
    QProcess p;
    p.start(QStringLiteral("nvidia-smi"), {QStringLiteral("-L")});
    return p.waitForFinished(20000) && p.exitCode() == 0 && p.readAllStandardOutput().contains("GPU ");
}

QString findNvcc()
{
    const QString onPath = QStandardPaths::findExecutable(QStringLiteral("nvcc"));
    if (!onPath.isEmpty())
        return onPath;
    return QFileInfo(QStringLiteral("/usr/local/cuda/bin/nvcc")).isExecutable()
               ? QStringLiteral("/usr/local/cuda/bin/nvcc")
               : QString();
}

// The points of launches whose kernel name contains `name`, for one precision and level.
QList<const Measurement *> points(const NcuReport &r, const QString &name, const QString &precision,
                                  const QString &level)
{
    QList<const Measurement *> out;
    for (const Measurement &m : r.results.measurements)
        if (m.kernel.contains(name) && m.precision == precision && m.level == level)
            out.append(&m);
    return out;
}

// The metrics whose base names `ncu --query-metrics` lists for this GPU; all of them when the
// query gives nothing to go by.
QString knownTo(const QString &ncu, const QStringList &metrics)
{
    QProcess q;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove("LD_LIBRARY_PATH");
    q.setProcessEnvironment(env);
    q.start(ncu, {"--query-metrics"});
    if (!q.waitForFinished(60000) || q.exitCode() != 0)
        return metrics.join(',');
    QSet<QString> names;
    for (const QByteArray &line : q.readAllStandardOutput().split('\n'))
        names.insert(QString::fromLatin1(line.left(line.indexOf(' '))));
    QStringList kept, dropped;
    for (const QString &m : metrics)
        (names.contains(m.section('.', 0, 0)) ? kept : dropped) << m;
    if (kept.size() * 2 < metrics.size())
        return metrics.join(',');
    if (!dropped.isEmpty())
        qInfo("not on this GPU, left out: %s", qPrintable(dropped.join(' ')));
    return kept.join(',');
}

} // namespace

class TestGpuNcuRep : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_ncu, m_report, m_skip;

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        if (!haveGpu()) {
            m_skip = QStringLiteral("no CUDA device (nvidia-smi -L lists none)");
            return;
        }
        m_ncu = NcuReportReader::findNcu();
        if (m_ncu.isEmpty()) {
            m_skip = QStringLiteral("no Nsight Compute (ncu) found: ") +
                     NcuReportReader::searchedPlaces().join(", ");
            return;
        }
        QString program = qEnvironmentVariable("ROOFLAB_KNOWNWORK");
        if (program.isEmpty()) {
            const QString nvcc = findNvcc();
            if (nvcc.isEmpty()) {
                m_skip = QStringLiteral("no nvcc to build knownwork.cu (or set ROOFLAB_KNOWNWORK)");
                return;
            }
            program = m_dir.filePath("knownwork");
            QProcess cc;
            cc.setProcessChannelMode(QProcess::MergedChannels);
            cc.start(nvcc, {"-O3", "-arch=sm_90", "-o", program,
                            QStringLiteral(ROOFLAB_TEST_DATA "/ncu/real/knownwork.cu"), "-lcublas",
                            "-Xlinker", "-rpath=/usr/local/cuda/lib64"});
            QVERIFY2(cc.waitForFinished(300000) && cc.exitCode() == 0, cc.readAll().constData());
        }
        // RoofLab's own list, as a user following `rooflab-cli import`'s advice would collect it.
        m_report = m_dir.filePath("kw.ncu-rep");
        // Less what this GPU's ncu lacks (ncu refuses a whole run for one metric it lacks).
        const QString metrics =
            qEnvironmentVariable("ROOFLAB_METRICS", knownTo(m_ncu, model::NcuImport::metrics()));
        QProcess p;
        p.setProcessChannelMode(QProcess::MergedChannels);
        // ncu with its own libraries, not a bundle's Qt (the program finds cuBLAS by its rpath).
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.remove("LD_LIBRARY_PATH");
        p.setProcessEnvironment(env);
        p.start(m_ncu, {"--clock-control", "none", "--metrics", metrics, "-f", "-o", m_report, program});
        QVERIFY2(p.waitForFinished(240000), "ncu did not finish within 240 s");
        const QByteArray log = p.readAll();
        QVERIFY2(p.exitCode() == 0 && QFileInfo(m_report).size() > 0, log.right(2000).constData());
    }

    // The blocking API (rooflab-cli import): the known work, exactly where it is countable.
    void blockingReadGivesTheKnownWork()
    {
        if (!m_skip.isEmpty())
            QSKIP(qPrintable(m_skip));
        QString error;
        const auto r = NcuReportReader::read(m_report, &error);
        QVERIFY2(r, qPrintable(error));
        QVERIFY2(r->launches.size() >= 6,
                 qPrintable(QString::number(r->launches.size()))); // cuBLAS may add some
        struct Row
        {
            const char *name, *precision;
            double flops;
            bool exact;
            double minBytes;
        };
        const Row rows[] = {
            {"vector_add", "fp32", kVecN, true, 3 * kVecN * 4},
            {"daxpy", "fp64", 2 * kAxpyN, true, 3 * kAxpyN * 8},
            {"hfma2_loop", "fp16", 4 * kHfmaThreads * kHfmaIters, true, 2 * kHfmaThreads * 4},
            {"sgemm_naive", "fp32", 2 * kGemm * kGemm * kGemm, true, 3 * kGemm * kGemm * 4},
        };
        for (const Row &row : rows) {
            const auto l2 = points(*r, row.name, row.precision, "l2");
            QVERIFY2(l2.size() == 1, row.name);
            QCOMPARE(l2[0]->flops, row.flops);
            QVERIFY2(l2[0]->time.median > 0, row.name);
            // Every byte passes L2 (ncu flushes the caches before each pass); DRAM at least
            // reads the inputs (written outputs may still sit in L2 when the kernel ends).
            QVERIFY2(l2[0]->bytes >= row.minBytes,
                     qPrintable(QString("%1: L2 %2 < %3").arg(row.name).arg(l2[0]->bytes).arg(row.minBytes)));
            const auto hbm = points(*r, row.name, row.precision, "hbm");
            QVERIFY2(hbm.size() == 1, row.name);
            QCOMPARE(hbm[0]->flops, row.flops);
            QCOMPARE(hbm[0]->time.median, l2[0]->time.median);
        }
        const double gemm = 2 * kGemm * kGemm * kGemm;
        // cuBLAS: its kernels' FFMAs (any epilogue adds a few per output, < 1 %).
        double sgemm = 0;
        for (const Measurement &m : r->results.measurements)
            if (m.precision == "fp32" && m.level == "hbm" && !m.kernel.contains("sgemm_naive") &&
                !m.kernel.contains("vector_add"))
                sgemm += m.flops;
        QVERIFY2(sgemm >= gemm && sgemm < 1.01 * gemm, qPrintable(QString::number(sgemm, 'g', 12)));
        // bf16 on tensor cores: sm__ops_path_tensor_src_bf16_dst_fp32 counts FLOPs exactly.
        double bf16 = 0;
        for (const Measurement &m : r->results.measurements)
            if (m.precision == "bf16_tc" && m.level == "hbm")
                bf16 += m.flops;
        QCOMPARE(bf16, gemm);
    }

    // The asynchronous API (the GUI): progress while ncu writes, then the same report.
    void asyncReadGivesTheSameReport()
    {
        if (!m_skip.isEmpty())
            QSKIP(qPrintable(m_skip));
        NcuReportReader reader;
        QSignalSpy progress(&reader, &NcuReportReader::progress);
        std::optional<NcuReport> report;
        connect(&reader, &NcuReportReader::finished, this, [&report](const NcuReport &r) { report = r; });
        QSignalSpy failed(&reader, &NcuReportReader::failed);
        QVERIFY(reader.start(m_report));
        QTRY_VERIFY_WITH_TIMEOUT(report || !failed.isEmpty(), 120000);
        QVERIFY2(failed.isEmpty(), failed.isEmpty() ? "" : qPrintable(failed.first().first().toString()));
        QVERIFY(!progress.isEmpty());
        QVERIFY(progress.last().first().toLongLong() > 1000);
        QVERIFY(report->launches.size() >= 6);
        QString error;
        const auto blocking = NcuReportReader::read(m_report, &error);
        QVERIFY(blocking);
        QCOMPARE(report->results.measurements.size(), blocking->results.measurements.size());
        for (qsizetype i = 0; i < report->results.measurements.size(); ++i)
            QCOMPARE(report->results.measurements[i].flops, blocking->results.measurements[i].flops);
    }
};

ROOFLAB_TEST_GUILESS_MAIN(TestGpuNcuRep)
#include "tst_gpu_ncurep.moc"
