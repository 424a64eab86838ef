// Lesson files: every shipped lesson validates against the spec database; malformed lessons
// are refused with a message naming the step and the field.
#include "lesson.h"
#include "specdb.h"

#include <QDir>
#include <QFile>
#include <QRegularExpression>
#include <QTest>

class TestLesson : public QObject
{
    Q_OBJECT
    model::SpecDb m_db;

private slots:
    void initTestCase() { m_db.loadDirectory(QStringLiteral(ROOFLAB_SOURCE_RESOURCES_DIR "/gpus")); }

    void shippedLessons_data()
    {
        QTest::addColumn<QString>("file");
        const QDir d(QStringLiteral(ROOFLAB_SOURCE_RESOURCES_DIR "/lessons"));
        for (const QString &f : d.entryList({"*.json"}, QDir::Files, QDir::Name))
            QTest::newRow(qPrintable(f)) << d.filePath(f);
    }
    void shippedLessons()
    {
        QFETCH(QString, file);
        QString error;
        const auto lesson = model::lessons::load(file, &m_db, &error);
        QVERIFY2(lesson, qPrintable(error));
        QVERIFY(lesson->steps.size() >= 4);
        // Predict, then reveal: every lesson asks at least two questions.
        int exercises = 0;
        for (const auto &s : lesson->steps)
            exercises += s.exercises.size();
        QVERIFY2(exercises >= 2, qPrintable(QString::number(exercises)));
        for (const auto &s : lesson->steps) {
            QVERIFY(!s.caption.en.isEmpty() && !s.caption.zh.isEmpty());
            QVERIFY(s.caption.forLanguage("zh_CN") == s.caption.zh);
            QVERIFY(s.caption.forLanguage("en_GB") == s.caption.en);
        }
    }

    // Users meet the content, not the project's internal names: no course document called by an
    // index (nor "种子") in what a lesson or a GPU's notes show; they say "the course notes" or
    // "A100 worked example".
    void noInternalNames_data()
    {
        QTest::addColumn<QString>("file");
        for (const char *dir : {"/lessons", "/gpus"}) {
            const QDir d(QStringLiteral(ROOFLAB_SOURCE_RESOURCES_DIR) + QLatin1String(dir));
            for (const QString &f : d.entryList({"*.json"}, QDir::Files, QDir::Name))
                QTest::newRow(qPrintable(QLatin1String(dir + 1) + QLatin1Char('/') + f)) << d.filePath(f);
        }
    }
    void noInternalNames()
    {
        QFETCH(QString, file);
        QFile f(file);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(f.readAll());
        static const QRegularExpression internal(QStringLiteral("\\bseeds?\\b|种子"),
                                                 QRegularExpression::CaseInsensitiveOption);
        const auto m = internal.match(text);
        QVERIFY2(!m.hasMatch(), qPrintable(text.mid(std::max<qsizetype>(0, m.capturedStart() - 40), 100)));
    }

    void lessonsInCourseOrder()
    {
        QStringList errors;
        const auto all = model::lessons::loadDirectory(
            QStringLiteral(ROOFLAB_SOURCE_RESOURCES_DIR "/lessons"), &m_db, &errors);
        QVERIFY2(errors.isEmpty(), qPrintable(errors.join('\n')));
        QCOMPARE(all.size(), 6);
        QCOMPARE(all.first().id, QString("01-roofline"));
        QCOMPARE(all.at(4).id, QString("05-predict-measure"));
        QCOMPARE(all.last().id, QString("06-llm-inference"));
    }

    // Lesson 6 drives the decode-vs-prefill view: each of its "llm" states is one configuration,
    // and a step without one keeps the last (the measured step shows the roofline panel).
    void llmLessonStates()
    {
        QString error;
        const auto l = model::lessons::load(
            QStringLiteral(ROOFLAB_SOURCE_RESOURCES_DIR "/lessons/06-llm-inference.json"), &m_db, &error);
        QVERIFY2(l, qPrintable(error));
        QVERIFY(l->steps.size() >= 5 && l->steps.size() <= 7);
        QCOMPARE(l->steps.first().panel, QString("llm"));
        QCOMPARE(l->steps.first().llm.value("M").toDouble(), 1.0);
        const auto prefill = model::lessons::effectiveStep(*l, 1);
        QCOMPARE(prefill.llm.value("M").toDouble(), 4096.0);
        QCOMPARE(prefill.gpu, QString("h200-sxm")); // from step 1
        const auto kv = model::lessons::effectiveStep(*l, 2);
        QCOMPARE(kv.llm.value("B").toDouble() * kv.llm.value("S").toDouble(), 131072.0);
        const auto last = model::lessons::effectiveStep(*l, int(l->steps.size()) - 1);
        QVERIFY(l->steps.last().llm.isEmpty());
        QCOMPARE(last.llm, l->steps.at(l->steps.size() - 2).llm);
    }

    void malformed_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("messagePart");
        const QByteArray head =
            R"({"schema":"rooflab.lesson/1","id":"x","title":{"en":"T","zh":"T"},"steps":)";
        const QByteArray cap = R"("caption":{"en":"c","zh":"c"})";
        QTest::newRow("not JSON") << QByteArray("{\"schema\":") << "not valid JSON";
        QTest::newRow("wrong schema") << QByteArray(R"({"schema":"rooflab.lesson/2"})") << "schema";
        QTest::newRow("no steps") << head + "[]}"
                                  << "at least one step";
        QTest::newRow("caption without Chinese") << head + R"([{"caption":{"en":"c"}}]})"
                                                 << "steps[0].caption";
        QTest::newRow("unknown GPU") << head + "[{" + cap + R"(,"gpu":"gtx-9999"}]})"
                                     << "steps[0].gpu";
        QTest::newRow("unknown field") << head + "[{" + cap + R"(,"colour":"red"}]})"
                                       << "steps[0].colour";
        QTest::newRow("bad workload size")
            << head + "[{" + cap + R"(,"workloads":[{"kind":"gemm","shape":{"M":-1}}]}]})"
            << "steps[0].workloads[0]";
        QTest::newRow("unknown precision") << head + "[{" + cap + R"(,"precisions":["fp12"]}]})"
                                           << "fp12";
        QTest::newRow("unknown panel") << head + "[{" + cap + R"(,"panel":"kitchen"}]})"
                                       << "kitchen";
        QTest::newRow("four comparison GPUs") << head + "[{" + cap + R"(,"compare":["t4","t4","t4","t4"]}]})"
                                              << "at most three";
        QTest::newRow("llm not an object") << head + "[{" + cap + R"(,"llm":[1]}]})"
                                           << "steps[0].llm";
        QTest::newRow("llm unknown field") << head + "[{" + cap + R"(,"llm":{"tokens":4}}]})"
                                           << "steps[0].llm.tokens";
        QTest::newRow("llm unknown model") << head + "[{" + cap + R"(,"llm":{"model":"gpt-9"}}]})"
                                           << "gpt-9";
        QTest::newRow("llm unknown layer") << head + "[{" + cap + R"(,"llm":{"linear":"lm_head"}}]})"
                                           << "lm_head";
        QTest::newRow("llm S below 1") << head + "[{" + cap + R"(,"llm":{"S":0}}]})"
                                       << "steps[0].llm.S";
        QTest::newRow("llm M a string") << head + "[{" + cap + R"(,"llm":{"M":"many"}}]})"
                                        << "steps[0].llm.M";
        QTest::newRow("results_roles not a list") << head + "[{" + cap + R"(,"results_roles":"ladder"}]})"
                                                  << "steps[0].results_roles";
        QTest::newRow("results_roles of numbers") << head + "[{" + cap + R"(,"results_roles":[1]}]})"
                                                  << "steps[0].results_roles";
        QTest::newRow("llm M below B") << head + "[{" + cap + R"(,"llm":{"M":4,"B":8}}]})"
                                       << "at least B";
        // Exercises: each bad field named, and a truth the step cannot compute refused.
        const QByteArray q = R"("question":{"en":"q","zh":"q"})";
        const QByteArray gpu = R"(,"gpu":"h100-sxm")";
        const QByteArray occ = R"(,"occupancy":{"threads":128,"regs":32,"smem":0})";
        QTest::newRow("exercises not a list") << head + "[{" + cap + R"(,"exercises":{}}]})"
                                              << "steps[0].exercises";
        QTest::newRow("exercise without question")
            << head + "[{" + cap + gpu + R"(,"exercises":[{"answer":"number","truth":"ridge:fp32"}]}]})"
            << "steps[0].exercises[0].question";
        QTest::newRow("exercise question without Chinese")
            << head + "[{" + cap + gpu +
                   R"(,"exercises":[{"question":{"en":"q"},"answer":"number","truth":"ridge:fp32"}]}]})"
            << "steps[0].exercises[0].question";
        QTest::newRow("exercise unknown answer type") << head + "[{" + cap + gpu + R"(,"exercises":[{)" + q +
                                                             R"(,"answer":"essay","truth":"ridge:fp32"}]}]})"
                                                      << "steps[0].exercises[0].answer";
        QTest::newRow("exercise answer type mismatch") << head + "[{" + cap + gpu + R"(,"exercises":[{)" + q +
                                                              R"(,"answer":"point","truth":"ridge:fp32"}]}]})"
                                                       << "steps[0].exercises[0].answer";
        QTest::newRow("exercise without truth")
            << head + "[{" + cap + gpu + R"(,"exercises":[{)" + q + R"(,"answer":"number"}]}]})"
            << "steps[0].exercises[0].truth";
        QTest::newRow("exercise with a written answer")
            << head + "[{" + cap + gpu + R"(,"exercises":[{)" + q +
                   R"(,"answer":"number","truth":"ridge:fp32","value":3}]}]})"
            << "steps[0].exercises[0].value";
        QTest::newRow("exercise unknown truth") << head + "[{" + cap + gpu + R"(,"exercises":[{)" + q +
                                                       R"(,"answer":"number","truth":"vibes"}]}]})"
                                                << "steps[0].exercises[0].truth";
        QTest::newRow("exercise ridge of unknown precision")
            << head + "[{" + cap + gpu + R"(,"exercises":[{)" + q +
                   R"(,"answer":"number","truth":"ridge:fp12"}]}]})"
            << "fp12";
        QTest::newRow("exercise workload not on the step")
            << head + "[{" + cap + gpu + R"(,"exercises":[{)" + q +
                   R"(,"answer":"point","truth":"workload:nope"}]}]})"
            << "steps[0].exercises[0].truth";
        QTest::newRow("exercise occupancy without a launch")
            << head + "[{" + cap + gpu + R"(,"exercises":[{)" + q +
                   R"(,"answer":"choice","truth":"limiter"}]}]})"
            << "occupancy launch";
        QTest::newRow("exercise result without results")
            << head + "[{" + cap + gpu + R"(,"exercises":[{)" + q +
                   R"(,"answer":"point","truth":"result:gemm.naive"}]}]})"
            << "results file";
        QTest::newRow("exercise without a GPU") << head + "[{" + cap + occ + R"(,"exercises":[{)" + q +
                                                       R"(,"answer":"number","truth":"blocks_per_sm"}]}]})"
                                                << "needs a GPU";
        QTest::newRow("exercise on the second step")
            << head + "[{" + cap + gpu + "},{" + cap + R"(,"exercises":[{)" + q +
                   R"(,"answer":"number","truth":"warps_per_sm"}]}]})"
            << "steps[1].exercises[0].truth";
        QTest::newRow("unknown need") << head + "[{" + cap + R"(,"needs":["chart","legend"]}]})"
                                      << "legend";
        QTest::newRow("needs not a list") << head + "[{" + cap + R"(,"needs":"chart"}]})"
                                          << "steps[0].needs";
        QTest::newRow("point without a label") << head + "[{" + cap + R"(,"needs":["point:"]}]})"
                                               << "point:";
    }

    // A step's needs are its own, like its caption: the next step does not inherit them.
    void needsAreTheStepsOwn()
    {
        const QByteArray json =
            R"({"schema":"rooflab.lesson/1","id":"x","title":{"en":"T","zh":"T"},"steps":[)"
            R"({"caption":{"en":"a","zh":"a"},"needs":["chart","point:naive","point:D=64"]},)"
            R"({"caption":{"en":"b","zh":"b"}}]})";
        QString error;
        const auto l = model::lessons::parse(json, &m_db, &error);
        QVERIFY2(l, qPrintable(error));
        const model::LessonStep first = model::lessons::effectiveStep(*l, 0);
        QCOMPARE(first.needs, (QStringList{"chart", "point:naive", "point:D=64"}));
        QCOMPARE(first.pointsAbout(), (QStringList{"naive", "D=64"}));
        QVERIFY(model::lessons::effectiveStep(*l, 1).needs.isEmpty());
    }

    // Every shipped step says what it needs on screen (presentation mode lays it out from that).
    void shippedStepsSayWhatTheyNeed()
    {
        QStringList errors;
        const auto lessons = model::lessons::loadDirectory(
            QStringLiteral(ROOFLAB_SOURCE_RESOURCES_DIR "/lessons"), &m_db, &errors);
        QVERIFY2(errors.isEmpty(), qPrintable(errors.join('\n')));
        for (const model::Lesson &l : lessons)
            for (int i = 0; i < l.steps.size(); ++i)
                QVERIFY2(!l.steps.at(i).needs.isEmpty(),
                         qPrintable(QStringLiteral("%1 step %2").arg(l.id).arg(i + 1)));
    }
    void malformed()
    {
        QFETCH(QByteArray, json);
        QFETCH(QString, messagePart);
        QString error;
        QVERIFY(!model::lessons::parse(json, &m_db, &error));
        QVERIFY2(error.contains(messagePart), qPrintable(error));
    }
};

QTEST_GUILESS_MAIN(TestLesson)
#include "tst_lesson.moc"
