// The Results panel explains the gap: the Predicted and Gap columns use the model of the GPU each
// row was measured on (not the GPU chosen in the window), with its file's measured ceilings; a
// double-click or Explain opens the row's explanation — the term bar against the measured time,
// the binding term in words, the notes, predicted against measured bytes per level when the
// measurement carries Nsight Compute counters — and the open window follows the selection.
// ROOFLAB_SCREENSHOTS=dir saves the Explain window in the light and dark themes and at a
// projector's font size.
#include "ceilingpolicy.h"
#include "chart/rooflinechart.h"
#include "panels/explainview.h"
#include "panels/resultspanel.h"
#include "panels/resultssession.h"
#include "panels/resultstablemodel.h"
#include "profilecounters.h"
#include "shell/uitheme.h"
#include "specdb.h"
#include "tile/termbar.h"
#include "units.h"

#include <QDialog>
#include <QDir>
#include <QRegularExpression>
#include <QSet>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QToolButton>
#include <QtTest>

namespace {

const QString kSample = QStringLiteral(ROOFLAB_SOURCE_RESOURCES_DIR "/samples/h200-gemm-ladder.json");

int sourceRow(const ResultsTableModel &m, const QString &kernel)
{
    int first = -1;
    for (int r = 0; r < m.rowCount(); ++r)
        if (m.measurement(r).kernel == kernel) {
            if (m.measurement(r).extra.value("role").toString() == "ladder")
                return r;
            if (first < 0)
                first = r;
        }
    return first;
}

} // namespace

class TestGuiExplain : public QObject
{
    Q_OBJECT

    model::SpecDb m_db;
    QTemporaryDir m_dir;

    struct Desk
    {
        RooflineChart chart;
        ResultsSession session;
        ResultsPanel *panel = nullptr;
        explicit Desk(const model::SpecDb &db, const QString &autosave)
        {
            session.setAutosavePath(autosave);
            panel = new ResultsPanel(&session, &chart);
            panel->setSpecDb(&db);
        }
        ~Desk() { delete panel; }
    };

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        m_db.loadDirectory(QStringLiteral(ROOFLAB_SOURCE_RESOURCES_DIR "/gpus"));
        QVERIFY(m_db.find("h200-sxm") && m_db.find("a100-sxm4-80gb"));
        QVERIFY(m_dir.isValid());
    }

    void explainRow_data()
    {
        QTest::addColumn<QString>("kernel");
        QTest::addColumn<bool>("known");
        QTest::newRow("reg2d: FP32, register-blocked") << "gemm.reg2d" << true;
        QTest::newRow("smem_tiled: shared-memory bound") << "gemm.smem_tiled" << true;
        QTest::newRow("mma_multistage: tensor cores") << "gemm.mma_multistage" << true;
        QTest::newRow("cuBLAS: measured, not modelled") << "gemm.cublas_sgemm" << false;
    }
    void explainRow()
    {
        QFETCH(QString, kernel);
        QFETCH(bool, known);
        Desk d(m_db, m_dir.filePath("autosave.json"));
        // The window's GPU is an A100; the file was measured on an H200, and is predicted for it.
        d.panel->setGpu(*m_db.find("a100-sxm4-80gb"));
        QVERIFY(d.panel->openFile(kSample));
        d.panel->resize(900, 600);
        d.panel->show();
        QVERIFY(QTest::qWaitForWindowExposed(d.panel));
        ResultsTableModel *m = d.panel->tableModel();
        const int row = sourceRow(*m, kernel);
        QVERIFY(row >= 0);
        const model::Measurement &meas = m->measurement(row);
        const auto set = model::ResultSet::load(kSample, nullptr);
        QVERIFY(set);
        // Its ceilings as model::chooseCeilings picks them for the file (its own, else the
        // samples measured on the H200), as explain does.
        model::CeilingRequest ceilings;
        ceilings.gpu = m_db.find("h200-sxm");
        ceilings.own = {QFileInfo(kSample).fileName(), &*set};
        const model::Prediction expect =
            model::PerfModel(*m_db.find("h200-sxm"), model::chooseCeilings(ceilings).machine)
                .predict(model::KernelLaunch::fromMeasurement(meas));
        QCOMPARE(expect.ok, known);
        QVERIFY(m->prediction(row));
        if (known) {
            QCOMPARE(m->prediction(row)->timeS, expect.timeS); // the H200's model, not the A100's
            QCOMPARE(*m->gap(row), meas.time.median / expect.timeS - 1);
        } else {
            QVERIFY(!m->gap(row));
        }

        // Double-click the row: the Explain window opens on it.
        QVERIFY(!d.panel->explainDialog());
        const QModelIndex index =
            d.panel->filterModel()->mapFromSource(m->index(row, ResultsTableModel::Kernel));
        d.panel->view()->scrollTo(index);
        const QRect cellRect = d.panel->view()->visualRect(index);
        QTest::mouseClick(d.panel->view()->viewport(), Qt::LeftButton, {}, cellRect.center());
        QTest::mouseDClick(d.panel->view()->viewport(), Qt::LeftButton, {}, cellRect.center());
        QVERIFY(d.panel->explainDialog());
        QVERIFY(d.panel->explainDialog()->isVisible());
        ExplainView *v = d.panel->explainView();
        QVERIFY(v->titleText().startsWith(kernel));
        QCOMPARE(*v->termBar()->measuredS(), meas.time.median);
        if (!known) {
            QVERIFY(!v->termBar()->prediction().ok);
            QVERIFY2(v->boundText().contains("cannot explain"), qPrintable(v->boundText()));
            QVERIFY2(v->boundText().contains(expect.reason), qPrintable(v->boundText()));
            return;
        }
        QCOMPARE(v->termBar()->prediction().timeS, expect.timeS);
        QCOMPARE(v->termBar()->prediction().bound, expect.bound);
        QVERIFY2(v->boundText().contains(expect.boundWords), qPrintable(v->boundText()));
        QVERIFY2(v->gapText().contains(model::formatSeconds(meas.time.median)) &&
                     v->gapText().contains(model::formatSeconds(expect.timeS)),
                 qPrintable(v->gapText()));
        // Bytes per level: the model's, and no counters in this file to compare with.
        QVERIFY2(v->levelsText().contains("HBM: predicted " +
                                          model::formatBytesBinary(expect.levelBytes.value("hbm"))),
                 qPrintable(v->levelsText()));
        QVERIFY(v->levelsText().contains("No counters"));
        for (const QString &n : expect.notes)
            QVERIFY2(v->notesText().contains(n), qPrintable(n));
        // How the terms combine: under the bars, the model's formula with the bars' own figures,
        // ending with the predicted time; the highlighted term is the one the formula says binds.
        const QStringList lines = v->termBar()->formulaLines();
        QVERIFY2(lines.size() >= 2, qPrintable(lines.join('\n')));
        QVERIFY2(lines.last().endsWith("= " + model::formatSeconds(expect.timeS, 3)),
                 qPrintable(lines.last()));
        QCOMPARE(v->termBar()->prediction().bound, expect.formula.binding());
        for (const model::PerfTerm &t : expect.terms)
            if (lines.join('\n').contains(TermBar::termLabel(t.name) + ' '))
                QVERIFY2(lines.join('\n').contains(TermBar::termLabel(t.name) + ' ' +
                                                   model::formatSeconds(t.seconds, 3)),
                         qPrintable(t.name + ": " + lines.join('\n')));
        QVERIFY2(lines.join('\n').contains(TermBar::termLabel(expect.bound) + ' '), qPrintable(expect.bound));
        QVERIFY(v->termBar()->accessibleDescription().contains(lines.last()));
        // The bar makes room for the lines it paints.
        QVERIFY(v->termBar()->height() >= v->termBar()->heightForWidth(v->termBar()->width()));
        // The measured line is drawn where the measured time falls on the terms' axis.
        QVERIFY(v->termBar()->measuredX() > 0);
        QCOMPARE(v->termBar()->measuredX() > v->termBar()->predictedX(), meas.time.median > expect.timeS);

        // The open window follows the selection.
        const int other = sourceRow(*m, kernel == "gemm.reg2d" ? "gemm.vectorized" : "gemm.reg2d");
        d.panel->selectRow(other);
        QVERIFY2(v->titleText().startsWith(m->measurement(other).kernel), qPrintable(v->titleText()));
    }

    void explainWithCounters()
    {
        // A profiled run: the counters measured 612 MiB from DRAM and 3 GiB through L2.
        auto set = model::ResultSet::load(kSample, nullptr);
        QVERIFY(set);
        model::ResultSet one = *set;
        one.measurements.clear();
        for (const model::Measurement &m : set->measurements)
            if (m.kernel == "gemm.reg2d" && m.extra.value("role").toString() == "ladder")
                one.measurements << m;
        QCOMPARE(one.measurements.size(), 1);
        model::ProfileCounters c;
        c.tool = "ncu 2025.3.0.0";
        c.clockControl = "none";
        c.kernel = "gemm_reg2d";
        c.metrics = {{"dram__bytes_read.sum", 600.0 * (1 << 20)},
                     {"dram__bytes_write.sum", 12.0 * (1 << 20)},
                     {"lts__t_bytes.sum", 3.0 * (1 << 30)},
                     {"sm__cycles_elapsed.avg.per_second", 1.98e9}};
        c.attachTo(one.measurements[0]);
        const QString file = m_dir.filePath("profiled.json");
        QString error;
        QVERIFY2(one.save(file, &error), qPrintable(error));

        Desk d(m_db, m_dir.filePath("autosave2.json"));
        QVERIFY(d.panel->openFile(file));
        QCOMPARE(d.panel->tableModel()->rowCount(), 1);
        d.panel->selectRow(0);
        auto *button = d.panel->findChild<QToolButton *>("explainButton");
        QVERIFY(button && button->isEnabled());
        button->click();
        ExplainView *v = d.panel->explainView();
        QVERIFY(v);
        const QString levels = v->levelsText();
        QVERIFY2(levels.contains("HBM: predicted ") && levels.contains("measured 612 MiB"),
                 qPrintable(levels));
        QVERIFY2(levels.contains("L2: predicted ") &&
                     levels.contains("measured " + model::formatBytesBinary(3.0 * (1 << 30))),
                 qPrintable(levels));
        QVERIFY(!levels.contains("No counters"));
        QVERIFY2(levels.contains("ncu 2025.3.0.0"), qPrintable(levels));
    }

    // The time axis in plain units: "100 µs", never "1e+02 µs", whatever the scale.
    void termBarAxisIsPlain_data()
    {
        QTest::addColumn<double>("predictedS");
        QTest::newRow("104 µs") << 104e-6;
        QTest::newRow("1.02 ms") << 1.02e-3;
        QTest::newRow("4.21 ms") << 4.21e-3;
        QTest::newRow("11 ms") << 11e-3;
        QTest::newRow("276 ms") << 0.276;
        QTest::newRow("35 s") << 35.0;
    }
    void termBarAxisIsPlain()
    {
        QFETCH(double, predictedS);
        model::Prediction p;
        p.ok = true;
        p.timeS = predictedS;
        p.bound = QStringLiteral("compute");
        p.terms = {{QStringLiteral("compute"), predictedS, {}}};
        p.formula = model::PerfFormula::slowestOf(predictedS, 0, 0);
        for (const int width : {260, 520, 900}) {
            TermBar bar;
            bar.resize(width, bar.heightForWidth(width));
            bar.setPrediction(p);
            const QStringList labels = bar.tickLabels();
            QVERIFY2(labels.size() >= 2, qPrintable(labels.join(" | "))); // 0 and at least one more
            static const QRegularExpression plain(
                QString::fromUtf8("^(0|[0-9]+(\\.[0-9]+)? (s|ms|\u00b5s|ns))$"));
            for (const QString &l : labels)
                QVERIFY2(plain.match(l).hasMatch(), qPrintable(l + " in " + labels.join(" | ")));
            QCOMPARE(QSet<QString>(labels.cbegin(), labels.cend()).size(), labels.size()); // no two alike
        }
    }

    void screenshots()
    {
        const QString shots = qEnvironmentVariable("ROOFLAB_SCREENSHOTS");
        if (shots.isEmpty())
            QSKIP("set ROOFLAB_SCREENSHOTS=dir to save the Explain window");
        for (const auto &[mode, name, scale] :
             {std::tuple{UiTheme::Mode::Light, "light", 1.0}, std::tuple{UiTheme::Mode::Dark, "dark", 1.0},
              std::tuple{UiTheme::Mode::Light, "projector", 1.8}}) {
            UiTheme::apply(mode);
            Desk d(m_db, m_dir.filePath("autosave3.json"));
            QVERIFY(d.panel->openFile(kSample));
            d.panel->explainRow(sourceRow(*d.panel->tableModel(), "gemm.reg2d"));
            QDialog *dialog = d.panel->explainDialog();
            QFont f = dialog->font();
            f.setPointSizeF(f.pointSizeF() * scale);
            dialog->setFont(f);
            dialog->resize(int(680 * scale), int(560 * scale));
            QVERIFY(QTest::qWaitForWindowExposed(dialog));
            QCoreApplication::processEvents();
            QVERIFY(dialog->grab().save(
                QDir(shots).filePath(QStringLiteral("explain-%1.png").arg(QLatin1String(name)))));
        }
        UiTheme::apply(UiTheme::Mode::Light);
    }
};

QTEST_MAIN(TestGuiExplain)
#include "tst_gui_explain.moc"
