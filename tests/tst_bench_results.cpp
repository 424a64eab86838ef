// What a big results file costs to open, stage by stage (50,000 measurements, about
// 50 MB): reading it, the table, the Kernels view, the chart. Each stage is timed by QBENCHMARK
// and its memory reported as the growth of the peak resident set. The file comes from
// tools/gen-results.py (python3 needed) or from $ROOFLAB_BENCH_RESULTS. tools/bench-results.sh
// times the whole app against Python's json.load.
#include "chart/rooflinechart.h"
#include "panels/kernelstablemodel.h"
#include "panels/resultspanel.h"
#include "panels/resultssession.h"
#include "panels/resultstablemodel.h"
#include "specdb.h"

#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <sys/resource.h>

namespace {

double peakMb()
{
    rusage u{};
    getrusage(RUSAGE_SELF, &u);
    return u.ru_maxrss / 1024.0; // KiB on Linux
}

} // namespace

class BenchResults : public QObject
{
    Q_OBJECT
    QTemporaryDir m_dir;
    QString m_file;
    qint64 m_bytes = 0;
    model::SpecDb m_db;

private slots:
    void initTestCase()
    {
        m_db.loadDirectory(QStringLiteral(ROOFLAB_SOURCE_RESOURCES_DIR "/gpus"));
        m_file = qEnvironmentVariable("ROOFLAB_BENCH_RESULTS");
        if (m_file.isEmpty()) {
            m_file = m_dir.filePath(QStringLiteral("results-50k.json"));
            QProcess gen;
            gen.start(QStringLiteral("python3"),
                      {QStringLiteral(ROOFLAB_SOURCE_RESOURCES_DIR "/../tools/gen-results.py"),
                       QStringLiteral("--out"), m_file});
            if (!gen.waitForFinished(120000) || gen.exitCode() != 0)
                QSKIP(
                    "python3 tools/gen-results.py did not run; set ROOFLAB_BENCH_RESULTS to a results file");
        }
        m_bytes = QFileInfo(m_file).size();
        QVERIFY(m_bytes > 0);
        qInfo("file: %.1f MB, peak before: %.0f MB", m_bytes / 1e6, peakMb());
    }

    void read()
    {
        const double before = peakMb();
        qsizetype n = 0;
        QBENCHMARK_ONCE
        {
            QString error;
            const auto rs = model::ResultSet::load(m_file, &error);
            QVERIFY2(rs, qPrintable(error));
            n = rs->measurements.size();
        }
        QVERIFY(n >= 1000);
        qInfo("read: %lld measurements, peak +%.0f MB (%.2fx the file)", qlonglong(n), peakMb() - before,
              (peakMb() - before) * 1e6 / m_bytes);
    }

    // The panel as the app has it: session, table, Kernels view and chart, offscreen.
    void openInPanel()
    {
        const double before = peakMb();
        RooflineChart chart;
        chart.resize(1280, 720);
        ResultsSession session;
        session.setAutosavePath({});
        ResultsPanel panel(&session, &chart);
        panel.setSpecDb(&m_db);
        panel.setGpu(*m_db.find(QStringLiteral("h200-sxm")));
        QBENCHMARK_ONCE
        {
            QVERIFY2(panel.openFile(m_file), qPrintable(panel.message()));
            panel.updateChartNow();
        }
        const int rows = panel.tableModel()->rowCount();
        QVERIFY(rows >= 1000);
        qInfo("table: %d rows, chart: %d points; peak +%.0f MB over the read (%.2fx the file)", rows,
              panel.chartPointCount(), peakMb() - before, (peakMb() - before) * 1e6 / m_bytes);
        QBENCHMARK_ONCE
        {
            panel.setGrouped(true);
            panel.updateChartNow();
        }
        QVERIFY(panel.kernelsModel()->rowCount() > 0);
        qInfo("kernels view: %d rows, chart grouped: %d points", panel.kernelsModel()->rowCount(),
              panel.chartPointCount());
    }
};

QTEST_MAIN(BenchResults)
#include "tst_bench_results.moc"
