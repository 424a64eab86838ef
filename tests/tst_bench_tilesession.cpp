// What one knob change costs the tile session alone (no widget, no paint): the tile model, the
// performance model, the words and the chart's values, for a configuration seen before (the
// evaluation cache answers) and for one that is new each time (the model runs). The budget is
// one frame (16 ms): the view adds its tables and paints on top (tst_bench_tile).
#include "gemmtile.h"
#include "specdb.h"
#include "tile/tilesession.h"

#include <QTest>

#include <ctime>

using Field = kernels::gemm::TileField;
Q_DECLARE_METATYPE(kernels::gemm::TileField)

namespace {

double threadCpuMs()
{
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

constexpr double kBudgetMs = 16; // one frame at 60 Hz

} // namespace

class BenchTileSession : public QObject
{
    Q_OBJECT
    model::SpecDb m_db;

private slots:
    void initTestCase() { m_db.loadDirectory(QStringLiteral(ROOFLAB_SOURCE_RESOURCES_DIR "/gpus")); }

    void knobChange_data()
    {
        QTest::addColumn<QString>("step");
        QTest::addColumn<Field>("field");
        QTest::addColumn<bool>("ladder");
        QTest::newRow("mma_multistage BK") << "gemm.mma_multistage" << Field::BK << false;
        // 1×1 tiles at 4096³: 16.7 M blocks through the L2 wave model when not cached.
        QTest::newRow("naive threads") << "gemm.naive" << Field::Threads << false;
        QTest::newRow("model BN, ladder trail") << "model" << Field::BN << true;
    }
    // The figures, measured once: a new input (the model runs) and a cached one.
    void knobChange()
    {
        QFETCH(QString, step);
        QFETCH(Field, field);
        QFETCH(bool, ladder);
        TileSession s;
        qint64 a = 0, b = 0;
        QVERIFY(setUp(s, step, field, ladder, &a, &b));

        // New inputs each time: M grows by 64 per step, so the cache never answers (at most
        // 20 steps or about a second).
        const int evaluationsBefore = s.modelEvaluations();
        const double start = threadCpuMs();
        int cold = 0;
        while (cold < 20 && threadCpuMs() - start < 1000)
            s.setValue(Field::M, 4096 + 64 * ++cold);
        const double coldMs = (threadCpuMs() - start) / cold;
        QCOMPARE(s.modelEvaluations(), evaluationsBefore + cold);
        s.setValue(Field::M, 4096);

        // Back and forth between two values: from the cache after the first of each.
        s.setValue(field, b);
        s.setValue(field, a);
        const int warm = 200;
        const int evaluationsWarm = s.modelEvaluations();
        const double t0 = threadCpuMs();
        for (int i = 0; i < warm; ++i)
            s.setValue(field, i % 2 ? a : b);
        const double warmMs = (threadCpuMs() - t0) / warm;
        QCOMPARE(s.modelEvaluations(), evaluationsWarm); // every one from the cache

        qInfo("%s: knob change, session only: %.3f ms of CPU from the cache, %.3f ms for a new input (budget "
              "%.0f ms)%s",
              QTest::currentDataTag(), warmMs, coldMs, kBudgetMs,
              std::max(warmMs, coldMs) > kBudgetMs ? ", OVER BUDGET" : "");
    }

    void knobChangeCached_data() { knobChange_data(); }
    void knobChangeCached()
    {
        QFETCH(QString, step);
        QFETCH(Field, field);
        QFETCH(bool, ladder);
        TileSession s;
        qint64 a = 0, b = 0;
        QVERIFY(setUp(s, step, field, ladder, &a, &b));
        bool flip = false;
        QBENCHMARK
        {
            s.setValue(field, flip ? a : b);
            flip = !flip;
        }
        QVERIFY(s.isLegal() || !s.problems().isEmpty());
    }

private:
    // A session on the H200 at the step's defaults; a and b: the knob's value and another.
    bool setUp(TileSession &s, const QString &step, Field field, bool ladder, qint64 *a, qint64 *b)
    {
        s.setCompileDelay(1 << 30); // the registers stay estimated: nothing competes for the CPU
        s.setGpu(*m_db.find("h200-sxm"));
        s.setConfig(kernels::gemm::defaultConfig(step));
        if (ladder)
            s.showLadder();
        const QList<qint64> stops = kernels::gemm::fieldRule(step, field).stops;
        if (stops.size() < 2)
            return false;
        *a = s.config().value(field);
        *b = stops.first() != *a ? stops.first() : stops.last();
        return true;
    }
};

QTEST_GUILESS_MAIN(BenchTileSession)
#include "tst_bench_tilesession.moc"
