// Exercises ("predict, then reveal"): every shipped exercise has a truth the app computes, the
// truth agrees with the calculator or results file it names (never with a caption's number),
// and a guess's error takes the form that fits the question.
#include "exercise.h"
#include "lesson.h"
#include "occupancy.h"
#include "resultset.h"
#include "roofline.h"
#include "specdb.h"

#include <QDir>
#include <QTest>

#include <cmath>
#include <limits>

namespace {

const QString kResources = QStringLiteral(ROOFLAB_SOURCE_RESOURCES_DIR);

model::ExerciseTruth pointTruth(double x, double y)
{
    model::ExerciseTruth t;
    t.answer = model::AnswerType::Point;
    t.x = x;
    t.y = y;
    t.xMin = 1e-3;
    t.xMax = 1e5;
    t.yMin = 1e8;
    t.yMax = 1e17;
    return t;
}

model::ExerciseTruth numberTruth(double v, bool log)
{
    model::ExerciseTruth t;
    t.answer = model::AnswerType::Number;
    t.value = v;
    t.unit = log ? QStringLiteral("FLOP/B") : QStringLiteral("blocks/SM");
    t.logScale = log;
    t.valueMin = log ? 0.01 : 0;
    t.valueMax = log ? 1e5 : 64;
    return t;
}

} // namespace

class TestExercise : public QObject
{
    Q_OBJECT
    model::SpecDb m_db;
    QList<model::Lesson> m_lessons;

    const model::Lesson *lesson(const QString &id) const
    {
        for (const model::Lesson &l : m_lessons)
            if (l.id == id)
                return &l;
        return nullptr;
    }

private slots:
    void initTestCase()
    {
        m_db.loadDirectory(kResources + QStringLiteral("/gpus"));
        QStringList errors;
        m_lessons = model::lessons::loadDirectory(kResources + QStringLiteral("/lessons"), &m_db, &errors);
        QVERIFY2(errors.isEmpty(), qPrintable(errors.join('\n')));
        QCOMPARE(m_lessons.size(), 6);
    }

    // Every exercise of every lesson: a truth, an explanation, choices that name the truth,
    // and a truth inside the range the phones' page accepts.
    void everyExerciseHasATruth_data()
    {
        QTest::addColumn<QString>("lessonId");
        QTest::addColumn<int>("step");
        QTest::addColumn<int>("index");
        for (const model::Lesson &l : m_lessons)
            for (int s = 0; s < l.steps.size(); ++s)
                for (int e = 0; e < l.steps[s].exercises.size(); ++e)
                    QTest::addRow("%s step %d question %d", qPrintable(l.id), s + 1, e + 1) << l.id << s << e;
    }
    void everyExerciseHasATruth()
    {
        QFETCH(QString, lessonId);
        QFETCH(int, step);
        QFETCH(int, index);
        const model::Lesson *l = lesson(lessonId);
        QVERIFY(l);
        const model::Exercise &e = l->steps[step].exercises[index];
        QVERIFY(!e.questionEn.isEmpty() && !e.questionZh.isEmpty());
        QCOMPARE(e.question(QStringLiteral("zh_CN")), e.questionZh);
        QString error;
        const auto t =
            model::exercises::truth(e, model::lessons::effectiveStep(*l, step), m_db, kResources, &error);
        QVERIFY2(t, qPrintable(error));
        QCOMPARE(t->answer, e.answer);
        QVERIFY(!t->explanation.isEmpty());
        model::Guess exact;
        exact.x = t->x;
        exact.y = t->y;
        exact.value = t->value;
        exact.choice = t->choice;
        const model::GuessError g = model::exercises::grade(*t, exact);
        QVERIFY2(g.valid, qPrintable(model::exercises::truthText(*t)));
        QVERIFY(g.right);
        if (e.answer == model::AnswerType::Choice)
            QVERIFY(t->choice >= 0 && t->choice < t->choices.size());
    }

    // Lesson 4's truths are the occupancy calculator's, not its captions': the maxnreg step's
    // caption says 4 blocks, but 48 KB of shared memory a block lets only 3 fit on an A100.
    void occupancyTruthsAreTheCalculators_data()
    {
        QTest::addColumn<int>("step");
        QTest::addColumn<int>("index");
        QTest::addColumn<QString>("truth");
        QTest::newRow("worked example, blocks") << 0 << 0 << "blocks_per_sm";
        QTest::newRow("maxnreg 128, blocks") << 1 << 0 << "blocks_per_sm";
        QTest::newRow("100 KB smem, limiter") << 2 << 0 << "limiter";
        QTest::newRow("100 KB smem, warps") << 2 << 1 << "warps_per_sm";
        QTest::newRow("block slots, blocks") << 3 << 0 << "blocks_per_sm";
    }
    void occupancyTruthsAreTheCalculators()
    {
        QFETCH(int, step);
        QFETCH(int, index);
        QFETCH(QString, truth);
        const model::Lesson *l = lesson(QStringLiteral("04-occupancy"));
        QVERIFY(l);
        const model::LessonStep eff = model::lessons::effectiveStep(*l, step);
        const model::Exercise &e = l->steps[step].exercises[index];
        QCOMPARE(e.truth, truth);
        QString error;
        const auto t = model::exercises::truth(e, eff, m_db, kResources, &error);
        QVERIFY2(t, qPrintable(error));
        model::OccupancyInput in;
        in.threadsPerBlock = eff.occupancy.value("threads").toInt();
        in.registersPerThread = eff.occupancy.value("regs").toInt();
        in.dynamicSmemBytes = eff.occupancy.value("smem").toLongLong();
        const model::OccupancyResult r = model::Occupancy(*m_db.find(eff.gpu)).compute(in);
        QVERIFY(r.ok);
        if (truth == QLatin1String("blocks_per_sm"))
            QCOMPARE(t->value, double(r.blocksPerSm));
        else if (truth == QLatin1String("warps_per_sm"))
            QCOMPARE(t->value, double(r.warpsPerSm));
        else
            QCOMPARE(t->choices.value(t->choice), model::limiterName(r.limiter));
    }

    // The Triton tutorial's worked example (§11.4.4): A100, 128 threads, 192 registers, 48 KB → 2 blocks/SM;
    // and the maxnreg step is bound by shared memory at 3, whatever its caption says.
    void occupancyTutorialFigures()
    {
        const model::Lesson *l = lesson(QStringLiteral("04-occupancy"));
        QVERIFY(l);
        QString error;
        const auto example = model::exercises::truth(
            l->steps[0].exercises[0], model::lessons::effectiveStep(*l, 0), m_db, kResources, &error);
        QVERIFY2(example, qPrintable(error));
        QCOMPARE(example->value, 2.0);
        const auto capped = model::exercises::truth(
            l->steps[1].exercises[0], model::lessons::effectiveStep(*l, 1), m_db, kResources, &error);
        QVERIFY2(capped, qPrintable(error));
        QCOMPARE(capped->value, 3.0);
    }

    // A measured truth is the results file's point, the ladder's own run of the kernel.
    void resultTruthIsTheMeasuredPoint()
    {
        const model::Lesson *l = lesson(QStringLiteral("03-tiling"));
        QVERIFY(l);
        const int step = int(l->steps.size()) - 1;
        const model::LessonStep eff = model::lessons::effectiveStep(*l, step);
        QString error;
        const auto set = model::ResultSet::load(QDir(kResources).filePath(eff.results), &error);
        QVERIFY2(set, qPrintable(error));
        for (const model::Exercise &e : l->steps[step].exercises) {
            const auto t = model::exercises::truth(e, eff, m_db, kResources, &error);
            QVERIFY2(t, qPrintable(error));
            const QString kernel = e.truth.mid(QStringLiteral("result:").size());
            bool found = false;
            for (const model::Measurement &m : set->measurements)
                if (m.kernel == kernel && m.extra.value("role").toString() == QLatin1String("ladder")) {
                    QCOMPARE(t->x, m.ai());
                    QCOMPARE(t->y, m.flopPerS());
                    found = true;
                }
            QVERIFY2(found, qPrintable(kernel));
        }
    }

    // A workload's truth is where the roofline puts it: its intensity, min(peak, bw · I).
    void workloadTruthIsOnTheRoof()
    {
        const model::Lesson *l = lesson(QStringLiteral("03-tiling"));
        QVERIFY(l);
        const model::LessonStep eff = model::lessons::effectiveStep(*l, 0);
        QString error;
        const auto t = model::exercises::truth(l->steps[0].exercises[0], eff, m_db, kResources, &error);
        QVERIFY2(t, qPrintable(error));
        // 4096³ FP32: 2·4096³ FLOP over 3·4096²·4 bytes = 4096/6.
        QVERIFY(std::abs(t->x - 4096.0 / 6) < 1e-9 * t->x);
        const model::Roofline roof(*m_db.find(eff.gpu));
        QCOMPARE(t->y, roof.attainable(t->x, QStringLiteral("fp32")).flopPerS);
    }

    void gradePoint_data()
    {
        QTest::addColumn<double>("gx");
        QTest::addColumn<double>("gy");
        QTest::addColumn<bool>("valid");
        QTest::addColumn<bool>("right");
        QTest::addColumn<double>("factor");
        QTest::newRow("exact") << 10.0 << 1e12 << true << true << 1.0;
        QTest::newRow("performance 10x high") << 10.0 << 1e13 << true << false << 10.0;
        QTest::newRow("intensity 10x low") << 1.0 << 1e12 << true << false << 10.0;
        QTest::newRow("both 10x off") << 100.0 << 1e13 << true << false << std::pow(10.0, std::sqrt(2.0));
        QTest::newRow("within 10 %") << 10.5 << 1e12 << true << true << 1.05;
        QTest::newRow("NaN") << std::numeric_limits<double>::quiet_NaN() << 1e12 << false << false << 1.0;
        QTest::newRow("zero intensity") << 0.0 << 1e12 << false << false << 1.0;
        QTest::newRow("beyond the chart") << 10.0 << 1e30 << false << false << 1.0;
    }
    void gradePoint()
    {
        QFETCH(double, gx);
        QFETCH(double, gy);
        QFETCH(bool, valid);
        QFETCH(bool, right);
        QFETCH(double, factor);
        model::Guess g;
        g.x = gx;
        g.y = gy;
        const model::GuessError e = model::exercises::grade(pointTruth(10, 1e12), g);
        QCOMPARE(e.valid, valid);
        if (!valid)
            return;
        QCOMPARE(e.right, right);
        QVERIFY2(std::abs(e.factor - factor) < 1e-9 * factor, qPrintable(QString::number(e.factor)));
        QVERIFY(!e.text.isEmpty());
    }

    // An axis within 10 % is right on, not "1.0× too low"; an answer in the thousands is written
    // without an exponent.
    void gradeTexts()
    {
        model::Guess g;
        g.x = 9.8; // 2 % low
        g.y = 1e13;
        const model::GuessError e = model::exercises::grade(pointTruth(10, 1e12), g);
        QCOMPARE(e.text, QStringLiteral("intensity right on, performance 10× too high"));
        QCOMPARE(model::exercises::truthText(pointTruth(2730.4, 1e12)),
                 QStringLiteral("(2730 FLOP/B, 1 TFLOP/s)"));
        QCOMPARE(model::exercises::truthText(pointTruth(0.0833, 1e12)),
                 QStringLiteral("(0.0833 FLOP/B, 1 TFLOP/s)"));
    }

    void gradeNumber_data()
    {
        QTest::addColumn<bool>("log");
        QTest::addColumn<double>("truth");
        QTest::addColumn<double>("guess");
        QTest::addColumn<bool>("right");
        QTest::addColumn<QString>("text");
        QTest::newRow("blocks exact") << false << 3.0 << 3.0 << true << "right";
        QTest::newRow("one block too many") << false << 3.0 << 4.0 << false << "+1 blocks/SM";
        QTest::newRow("two blocks too few") << false << 3.0 << 1.0 << false << "-2 blocks/SM";
        QTest::newRow("ridge 2x high") << true << 100.0 << 200.0 << false << "2.0× too high";
        QTest::newRow("ridge 4x low") << true << 100.0 << 25.0 << false << "4.0× too low";
        QTest::newRow("ridge 400x low") << true << 100.0 << 0.25 << false << "400× too low";
    }
    void gradeNumber()
    {
        QFETCH(bool, log);
        QFETCH(double, truth);
        QFETCH(double, guess);
        QFETCH(bool, right);
        QFETCH(QString, text);
        model::Guess g;
        g.value = guess;
        const model::GuessError e = model::exercises::grade(numberTruth(truth, log), g);
        QVERIFY(e.valid);
        QCOMPARE(e.right, right);
        QVERIFY2(e.text.startsWith(text), qPrintable(e.text));
    }

    void gradeChoice()
    {
        model::ExerciseTruth t;
        t.answer = model::AnswerType::Choice;
        t.choices = model::exercises::boundChoices();
        t.choice = 1;
        model::Guess g;
        g.choice = 1;
        QVERIFY(model::exercises::grade(t, g).right);
        g.choice = 0;
        const model::GuessError wrong = model::exercises::grade(t, g);
        QVERIFY(wrong.valid && !wrong.right);
        QVERIFY(wrong.text.contains(model::exercises::choiceLabel("compute")));
        g.choice = 2;
        QVERIFY(!model::exercises::grade(t, g).valid);
    }

    void medians()
    {
        QList<model::Guess> guesses;
        for (double v : {1.0, 100.0, 10.0}) {
            model::Guess g;
            g.x = v;
            g.y = v * 1e12;
            g.value = v;
            guesses << g;
        }
        const auto point = model::exercises::median(pointTruth(1, 1), guesses);
        QVERIFY(point);
        QVERIFY(std::abs(point->x - 10) < 1e-9 && std::abs(point->y - 1e13) < 1e-3);
        const auto linear = model::exercises::median(numberTruth(1, false), guesses);
        QCOMPARE(linear->value, 10.0);
        QVERIFY(!model::exercises::median(numberTruth(1, false), {}));
    }
};

QTEST_GUILESS_MAIN(TestExercise)
#include "tst_exercise.moc"
