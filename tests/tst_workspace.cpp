// The Workspace without any widget (QCoreApplication): GPU choice, comparisons, ceilings, axes,
// workloads as a list model, occupancy input and tile configuration change through it with one
// signal per change and none for a no-op; a lesson step applies to it with no window; the
// user's choices survive a lesson and a save/restore.
#include "lesson.h"
#include "specdb.h"
#include "tile/tilesession.h"
#include "workspace/workspace.h"

#include <QCoreApplication>
#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

namespace {

const QString kResources = QStringLiteral(ROOFLAB_SOURCE_RESOURCES_DIR);

WorkloadEntry entry(const QString &kind, model::Dtype dtype, const QString &label = {})
{
    WorkloadEntry e;
    e.kind = kind;
    e.dtype = dtype;
    e.shape = model::workloads::defaultShape(kind);
    e.label = label;
    return e;
}

} // namespace

class TestWorkspace : public QObject
{
    Q_OBJECT
    model::SpecDb m_db;
    QList<model::Lesson> m_lessons;

private slots:
    void initTestCase()
    {
        m_db.loadDirectory(kResources + QStringLiteral("/gpus"));
        QVERIFY(m_db.errors().isEmpty());
        QVERIFY(m_db.find(QStringLiteral("h200-sxm")));
        QVERIFY(m_db.find(QStringLiteral("a100-sxm4-80gb")));
        QStringList errors;
        m_lessons = model::lessons::loadDirectory(kResources + QStringLiteral("/lessons"), &m_db, &errors);
        QVERIFY2(errors.isEmpty(), qPrintable(errors.join('\n')));
        QVERIFY(!m_lessons.isEmpty());
    }

    void noWidgetsHere()
    {
        // The test runs under QCoreApplication: a widget would abort it.
        QVERIFY(!QCoreApplication::instance()->inherits("QApplication"));
    }

    void selectGpu()
    {
        Workspace ws(m_db);
        QVERIFY(!ws.gpu());
        QSignalSpy spy(&ws, &Workspace::gpuChanged);
        QVERIFY(ws.selectGpu(QStringLiteral("a100-sxm4-80gb")));
        QCOMPARE(spy.count(), 1);
        QCOMPARE(spy.at(0).at(0).value<model::Gpu>().id, QStringLiteral("a100-sxm4-80gb"));
        QCOMPARE(ws.gpu()->id, QStringLiteral("a100-sxm4-80gb"));
        QVERIFY(ws.selectGpu(QStringLiteral("a100-sxm4-80gb"))); // the same: no signal
        QCOMPARE(spy.count(), 1);
        QVERIFY(!ws.selectGpu(QStringLiteral("no-such-gpu")));
        QCOMPARE(ws.gpuId(), QStringLiteral("a100-sxm4-80gb"));
        QCOMPARE(spy.count(), 1);
    }

    void comparisons()
    {
        Workspace ws(m_db);
        ws.selectGpu(QStringLiteral("h200-sxm"));
        QSignalSpy spy(&ws, &Workspace::comparisonChanged);
        QStringList ids;
        for (const model::Gpu &g : m_db.gpus())
            ids << g.id;
        QVERIFY(ids.size() >= 5);
        // Unknown ids and repeats go; at most three stay.
        ws.setComparisonIds({QStringLiteral("nope"), ids[0], ids[0], ids[1], ids[2], ids[3], ids[4]});
        QCOMPARE(ws.comparisonIds(), (QStringList{ids[0], ids[1], ids[2]}));
        QCOMPARE(spy.count(), 1);
        ws.setComparisonIds({ids[0], ids[1], ids[2]});
        QCOMPARE(spy.count(), 1);
        // The chart draws the GPU first and never twice.
        ws.setComparisonIds({QStringLiteral("h200-sxm"), QStringLiteral("a100-sxm4-80gb")});
        const QList<model::Gpu> shown = ws.shownGpus();
        QCOMPARE(shown.size(), 2);
        QCOMPARE(shown.at(0).id, QStringLiteral("h200-sxm"));
        QCOMPARE(shown.at(1).id, QStringLiteral("a100-sxm4-80gb"));
    }

    void addGpu()
    {
        Workspace ws(m_db);
        QSignalSpy spy(&ws, &Workspace::gpusChanged);
        model::Gpu g = *m_db.find(QStringLiteral("h200-sxm"));
        g.id = QStringLiteral("device-0");
        g.fromDevice = true;
        QVERIFY(ws.addGpu(g));
        QCOMPARE(spy.count(), 1);
        QVERIFY(!ws.addGpu(g)); // a duplicate id
        QCOMPARE(spy.count(), 1);
        QVERIFY(ws.selectGpu(QStringLiteral("device-0")));
        QVERIFY(ws.gpu()->fromDevice);
        QVERIFY(!m_db.find(QStringLiteral("device-0"))); // the workspace's own database
    }

    void ceilingsKeptAcrossGpus()
    {
        Workspace ws(m_db);
        QCOMPARE(ws.wantedPrecisions(), Workspace::defaultPrecisions());
        ws.selectGpu(QStringLiteral("h200-sxm"));
        QVERIFY(ws.availablePrecisions().contains(QStringLiteral("fp64")));
        QVERIFY(ws.availableLevels().contains(QStringLiteral("hbm")));
        QSignalSpy spy(&ws, &Workspace::ceilingsChanged);
        ws.setWantedCeilings({QStringLiteral("fp32")}, {QStringLiteral("hbm")});
        QCOMPARE(spy.count(), 1);
        ws.setWantedCeilings({QStringLiteral("fp32")}, {QStringLiteral("hbm")});
        QCOMPARE(spy.count(), 1);
        ws.selectGpu(QStringLiteral("a100-sxm4-80gb"));
        QCOMPARE(ws.wantedPrecisions(), QStringList{QStringLiteral("fp32")});
        QCOMPARE(ws.wantedLevels(), QStringList{QStringLiteral("hbm")});
        QCOMPARE(spy.count(), 1);
    }

    void logScale()
    {
        Workspace ws(m_db);
        QVERIFY(ws.logScale());
        QSignalSpy spy(&ws, &Workspace::logScaleChanged);
        ws.setLogScale(false);
        ws.setLogScale(false);
        QCOMPARE(spy.count(), 1);
        QCOMPARE(spy.at(0).at(0).toBool(), false);
    }

    void workloadModel()
    {
        Workspace ws(m_db);
        WorkloadModel *m = ws.workloads();
        QSignalSpy inserted(m, &QAbstractItemModel::rowsInserted);
        QSignalSpy removed(m, &QAbstractItemModel::rowsRemoved);
        const QString a = m->add(entry(QStringLiteral("vector_add"), model::Dtype::Fp32));
        const QString b =
            m->add(entry(QStringLiteral("gemm"), model::Dtype::Bf16, QStringLiteral("big GEMM")));
        QCOMPARE(inserted.count(), 2);
        QVERIFY(a != b);
        QCOMPARE(m->rowCount(), 2);
        QCOMPARE(m->rowOf(b), 1);
        QCOMPARE(m->data(m->index(1), WorkloadModel::IdRole).toString(), b);
        QCOMPARE(m->data(m->index(1), WorkloadModel::LabelRole).toString(), QStringLiteral("big GEMM"));
        QVERIFY(m->data(m->index(0)).toString().startsWith(QStringLiteral("vector_add fp32")));

        // The selection follows the list: a removed workload is no longer selected.
        QSignalSpy selected(&ws, &Workspace::selectedWorkloadChanged);
        ws.setSelectedWorkload(b);
        QCOMPARE(selected.count(), 1);
        QVERIFY(m->remove(b));
        QVERIFY(!m->remove(b));
        QCOMPARE(removed.count(), 1);
        QCOMPARE(ws.selectedWorkload(), QString());
        QCOMPARE(selected.count(), 2);

        // Saved as variants and read back; a refused entry is left out.
        QVariantList saved = m->toVariant();
        saved << QVariantMap{{QStringLiteral("kind"), QStringLiteral("no_such_kind")}};
        WorkloadModel other;
        other.fromVariant(saved);
        QCOMPARE(other.rowCount(), 1);
        QCOMPARE(other.entries().at(0).kind, QStringLiteral("vector_add"));
    }

    void occupancyAndTile()
    {
        Workspace ws(m_db);
        QSignalSpy occ(&ws, &Workspace::occupancyInputChanged);
        model::OccupancyInput in;
        ws.setOccupancyInput(in); // the default: nothing changes
        QCOMPARE(occ.count(), 0);
        in.threadsPerBlock = 256;
        ws.setOccupancyInput(in);
        QCOMPARE(occ.count(), 1);
        QCOMPARE(ws.occupancyInput().threadsPerBlock, 256);

        // The tile explorer's session is the workspace's: its configuration is the workspace's.
        QVERIFY(ws.tileSession());
        QSignalSpy tile(&ws, &Workspace::tileConfigChanged);
        Workspace::TileConfig c = ws.tileConfig();
        c.bm = c.bm == 64 ? 128 : 64;
        ws.setTileConfig(c);
        ws.setTileConfig(c);
        QCOMPARE(tile.count(), 1);
        QVERIFY(ws.tileConfig() == c);
        QVERIFY(ws.tileSession()->config() == c);
        // The session follows the workspace's GPU.
        ws.selectGpu(QStringLiteral("a100-sxm4-80gb"));
        QCOMPARE(ws.tileSession()->gpu().id, QStringLiteral("a100-sxm4-80gb"));
        QVERIFY(ws.tileSession()->hasGpu());
    }

    void tileFromLesson()
    {
        // Named knobs as given (in any case), the rest at the step's defaults; the workspace
        // holds what a lesson's tile object says.
        Workspace ws(m_db);
        model::LessonStep step;
        step.tile = {{QStringLiteral("step"), QStringLiteral("gemm.mma_multistage")},
                     {QStringLiteral("dtype"), QStringLiteral("bf16")},
                     {QStringLiteral("BM"), 96},
                     {QStringLiteral("m"), 2048}};
        ws.applyLessonStep(step);
        const Workspace::TileConfig c = ws.tileConfig();
        QCOMPARE(c.step, QStringLiteral("gemm.mma_multistage"));
        QCOMPARE(c.dtype, model::Dtype::Bf16);
        QCOMPARE(c.bm, 96);
        QCOMPARE(c.M, qint64(2048));
        const Workspace::TileConfig defaults =
            kernels::gemm::normalized(kernels::gemm::defaultConfig(c.step, 2048));
        QCOMPARE(c.bk, defaults.bk);
        QCOMPARE(c.stages, defaults.stages);
        // No step: the tile-model step.
        QCOMPARE(kernels::gemm::configFromKeys({{QStringLiteral("bm"), 64}}).step,
                 QString::fromLatin1(kernels::gemm::kModelStep));
    }

    void lessonStepWithoutWindow_data()
    {
        QTest::addColumn<QString>("lesson");
        QTest::addColumn<int>("step");
        for (const model::Lesson &l : m_lessons)
            for (int i = 0; i < l.steps.size(); ++i)
                QTest::addRow("%s step %d", qPrintable(l.id), i + 1) << l.id << i;
    }

    void lessonStepWithoutWindow()
    {
        QFETCH(QString, lesson);
        QFETCH(int, step);
        const model::Lesson *l = nullptr;
        for (const model::Lesson &x : m_lessons)
            if (x.id == lesson)
                l = &x;
        QVERIFY(l);
        const model::LessonStep want = model::lessons::effectiveStep(*l, step);

        Workspace ws(m_db);
        ws.selectGpu(QStringLiteral("h200-sxm"));
        ws.workloads()->add(entry(QStringLiteral("softmax"), model::Dtype::Bf16, QStringLiteral("mine")));
        ws.applyLessonStep(want);

        if (!want.gpu.isEmpty())
            QCOMPARE(ws.gpuId(), want.gpu);
        if (want.compare) {
            QStringList expected;
            for (const QString &id : *want.compare)
                if (!expected.contains(id) && expected.size() < Workspace::kMaxGpus - 1)
                    expected << id;
            QCOMPARE(ws.comparisonIds(), expected);
        }
        if (want.precisions)
            QCOMPARE(ws.wantedPrecisions(), *want.precisions);
        if (want.levels)
            QCOMPARE(ws.wantedLevels(), *want.levels);
        if (!want.scale.isEmpty())
            QCOMPARE(ws.logScale(), want.scale == QLatin1String("log"));
        if (want.workloads) {
            QCOMPARE(ws.workloads()->rowCount(), int(want.workloads->size()));
            for (int i = 0; i < want.workloads->size(); ++i) {
                QCOMPARE(ws.workloads()->entries().at(i).kind, want.workloads->at(i).kind);
                QCOMPARE(ws.workloads()->entries().at(i).label, want.workloads->at(i).label);
            }
        } else {
            QCOMPARE(ws.workloads()->rowCount(), 1); // the user's own stays
        }
        if (!want.occupancy.isEmpty())
            QCOMPARE(ws.occupancyInput().threadsPerBlock,
                     want.occupancy.value(QStringLiteral("threads"), 128).toInt());
        const Workspace::TileConfig tileBefore = Workspace(m_db).tileConfig();
        if (!want.tile.isEmpty())
            QVERIFY(ws.tileConfig() == kernels::gemm::configFromKeys(want.tile));
        else
            QVERIFY(ws.tileConfig() == tileBefore); // untouched
    }

    void choicesSurviveALesson()
    {
        Workspace ws(m_db);
        ws.selectGpu(QStringLiteral("a100-sxm4-80gb"));
        ws.setWantedCeilings({QStringLiteral("fp32")}, {QStringLiteral("hbm")});
        ws.workloads()->add(entry(QStringLiteral("vector_add"), model::Dtype::Fp32, QStringLiteral("mine")));
        const Workspace::Choices before = ws.choices();

        model::LessonStep step;
        step.gpu = QStringLiteral("h200-sxm");
        step.precisions = QStringList{QStringLiteral("fp64")};
        step.scale = QStringLiteral("linear");
        step.workloads = QList<model::LessonWorkload>{{QStringLiteral("gemm"), model::Dtype::Bf16,
                                                       model::workloads::defaultShape(QStringLiteral("gemm")),
                                                       QStringLiteral("AI 1365")}};
        step.occupancy = {{QStringLiteral("threads"), 512}, {QStringLiteral("regs"), 64}};
        ws.applyLessonStep(step);
        QCOMPARE(ws.gpuId(), QStringLiteral("h200-sxm"));
        QCOMPARE(ws.wantedLevels(), QStringList{QStringLiteral("hbm")}); // not named: kept
        QVERIFY(!ws.logScale());
        QCOMPARE(ws.workloads()->entries().at(0).label, QStringLiteral("AI 1365"));
        QCOMPARE(ws.occupancyInput().registersPerThread, 64);

        ws.setChoices(before);
        QCOMPARE(ws.gpuId(), QStringLiteral("a100-sxm4-80gb"));
        QCOMPARE(ws.wantedPrecisions(), QStringList{QStringLiteral("fp32")});
        QVERIFY(ws.logScale());
        QCOMPARE(ws.workloads()->rowCount(), 1);
        QCOMPARE(ws.workloads()->entries().at(0).label, QStringLiteral("mine"));
        QCOMPARE(ws.occupancyInput().threadsPerBlock, 128);
    }

    void saveAndRestore()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString file = dir.filePath(QStringLiteral("choices.ini"));
        {
            Workspace ws(m_db);
            ws.selectGpu(QStringLiteral("a100-sxm4-80gb"));
            ws.setComparisonIds({QStringLiteral("h200-sxm")});
            ws.setWantedCeilings({QStringLiteral("fp32")}, {QStringLiteral("hbm"), QStringLiteral("l2")});
            ws.setLogScale(false);
            ws.workloads()->add(entry(QStringLiteral("triad"), model::Dtype::Fp64));
            QSettings s(file, QSettings::IniFormat);
            ws.save(s);
        }
        Workspace ws(m_db);
        QSettings s(file, QSettings::IniFormat);
        ws.restore(s);
        QCOMPARE(ws.gpuId(), QStringLiteral("a100-sxm4-80gb"));
        QCOMPARE(ws.comparisonIds(), QStringList{QStringLiteral("h200-sxm")});
        QCOMPARE(ws.wantedLevels(), (QStringList{QStringLiteral("hbm"), QStringLiteral("l2")}));
        QVERIFY(!ws.logScale());
        QCOMPARE(ws.workloads()->rowCount(), 1);
        QCOMPARE(ws.workloads()->entries().at(0).kind, QStringLiteral("triad"));

        // Nothing saved: the H200.
        Workspace fresh(m_db);
        QSettings empty(dir.filePath(QStringLiteral("empty.ini")), QSettings::IniFormat);
        fresh.restore(empty);
        QCOMPARE(fresh.gpuId(), Workspace::defaultGpuId());
    }
};

QTEST_GUILESS_MAIN(TestWorkspace)
#include "tst_workspace.moc"
