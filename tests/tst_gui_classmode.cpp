// Exercises and class mode on the teacher's window (offscreen): a guess revealed beside the
// truth on the chart; class mode on lesson 3 with phones on the loopback, the cloud of guesses,
// the class median and the closest named (or numbered); the real student page driven in
// headless Chromium (DevTools protocol) by several phones at 360×740, in English and Chinese;
// 100 phones answering while the GUI's frame time and the reveal time are measured (figures,
// not asserts).
#include "chart/rooflinechart.h"
#include "classroom/classpanel.h"
#include "classroom/classroom.h"
#include "classroom/classserver.h"
#include "classroom/lessonplayer.h"
#include "classroom/presentationmode.h"
#include "events.h"
#include "layoutaudit.h"
#include "lesson.h"
#include "shell/appshell.h"
#include "shell/mainwindow.h"
#include "shell/uilanguage.h"
#include "specdb.h"
#include "standin.h"
#include "units.h"
#include "workerclient.h"

#include <QAction>
#include <QApplication>
#include <QDir>
#include <QDockWidget>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QProcess>
#include <QPushButton>
#include <QRegularExpression>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>
#include <QTimer>
#include <QWebSocket>

#include <algorithm>
#include <atomic>
#include <functional>
#include <memory>

namespace {

const QString kResources = QStringLiteral(ROOFLAB_SOURCE_RESOURCES_DIR);

// A phone as a bare WebSocket (the load test's 100).
struct Phone
{
    std::unique_ptr<QWebSocket> ws = std::make_unique<QWebSocket>();
    int asks = 0, reveals = 0, received = 0;
    Phone()
    {
        QObject::connect(ws.get(), &QWebSocket::textMessageReceived, ws.get(), [this](const QString &t) {
            const QString type = QJsonDocument::fromJson(t.toUtf8()).object().value("t").toString();
            asks += type == QLatin1String("ask");
            reveals += type == QLatin1String("reveal");
            received += type == QLatin1String("received");
        });
    }
    void send(const QJsonObject &o)
    {
        ws->sendTextMessage(QString::fromUtf8(QJsonDocument(o).toJson(QJsonDocument::Compact)));
    }
};

// Phones on a thread of their own, so that the GUI thread's frame time is the app's alone.
class Swarm
{
public:
    std::atomic<int> connected{0}, asks{0}, reveals{0};

    Swarm()
    {
        m_thread.start();
        m_context.moveToThread(&m_thread);
    }
    ~Swarm()
    {
        run([this] { m_sockets.clear(); });
        m_thread.quit();
        m_thread.wait();
    }
    void open(const QUrl &url, int n)
    {
        run([this, url, n] {
            for (int i = 0; i < n; ++i) {
                auto ws = std::make_unique<QWebSocket>();
                QObject::connect(ws.get(), &QWebSocket::connected, ws.get(), [this] { ++connected; });
                QObject::connect(ws.get(), &QWebSocket::textMessageReceived, ws.get(),
                                 [this](const QString &t) {
                                     const QString type =
                                         QJsonDocument::fromJson(t.toUtf8()).object().value("t").toString();
                                     asks += type == QLatin1String("ask");
                                     reveals += type == QLatin1String("reveal");
                                 });
                ws->open(url);
                m_sockets.push_back(std::move(ws));
            }
        });
    }
    // Each phone sends what make(i) gives it.
    void sendAll(std::function<QJsonObject(int)> make)
    {
        run([this, make] {
            for (size_t i = 0; i < m_sockets.size(); ++i)
                m_sockets[i]->sendTextMessage(
                    QString::fromUtf8(QJsonDocument(make(int(i))).toJson(QJsonDocument::Compact)));
        });
    }

private:
    template <typename F> void run(F f) { QMetaObject::invokeMethod(&m_context, f, Qt::QueuedConnection); }
    QThread m_thread;
    QObject m_context;
    std::vector<std::unique_ptr<QWebSocket>> m_sockets;
};

// Chrome's DevTools protocol over one browser-level WebSocket, sessions flattened.
class Cdp
{
public:
    ~Cdp()
    {
        m_ws.abort();
        if (m_chromium.state() != QProcess::NotRunning) {
            m_chromium.kill();
            m_chromium.waitForFinished(5000);
        }
    }
    static QString chromium()
    {
        for (const QString &name : {QStringLiteral("chromium"), QStringLiteral("chromium-browser"),
                                    QStringLiteral("google-chrome")})
            if (const QString path = QStandardPaths::findExecutable(name); !path.isEmpty())
                return path;
        return {};
    }
    bool start(QString *error)
    {
        m_chromium.setProgram(chromium());
        m_chromium.setArguments({"--headless=new", "--no-sandbox", "--disable-gpu",
                                 "--disable-background-networking", "--disable-extensions", "--no-first-run",
                                 "--disable-sync", "--mute-audio", "--remote-debugging-port=0",
                                 "--user-data-dir=" + m_profile.path(), "about:blank"});
        m_chromium.setProcessChannelMode(QProcess::SeparateChannels);
        m_chromium.start();
        if (!m_chromium.waitForStarted(10000)) {
            *error = m_chromium.errorString();
            return false;
        }
        static const QRegularExpression listening(QStringLiteral("DevTools listening on (ws://\\S+)"));
        QString err;
        QElapsedTimer t;
        t.start();
        QString url;
        while (url.isEmpty() && t.elapsed() < 30000 && m_chromium.state() == QProcess::Running) {
            m_chromium.waitForReadyRead(500);
            err += QString::fromUtf8(m_chromium.readAllStandardError());
            if (const auto m = listening.match(err); m.hasMatch())
                url = m.captured(1);
        }
        if (url.isEmpty()) {
            *error = QStringLiteral("no DevTools address from chromium: ") + err.right(500);
            return false;
        }
        QObject::connect(&m_ws, &QWebSocket::textMessageReceived, &m_ws, [this](const QString &text) {
            const QJsonObject o = QJsonDocument::fromJson(text.toUtf8()).object();
            if (o.contains("id"))
                m_replies.insert(o.value("id").toInt(), o);
        });
        QSignalSpy connected(&m_ws, &QWebSocket::connected);
        m_ws.open(QUrl(url));
        if (!connected.wait(10000)) {
            *error = QStringLiteral("cannot reach DevTools at ") + url;
            return false;
        }
        return true;
    }
    QJsonObject call(const QString &method, const QJsonObject &params = {}, const QString &session = {})
    {
        const int id = ++m_next;
        QJsonObject o{{"id", id}, {"method", method}, {"params", params}};
        if (!session.isEmpty())
            o.insert("sessionId", session);
        m_ws.sendTextMessage(QString::fromUtf8(QJsonDocument(o).toJson(QJsonDocument::Compact)));
        if (!QTest::qWaitFor([&] { return m_replies.contains(id); }, 20000))
            return {};
        return m_replies.take(id);
    }
    // A tab at a phone's size, showing url; its session id.
    QString openPhone(const QUrl &url)
    {
        const QString target = call("Target.createTarget", {{"url", "about:blank"}})
                                   .value("result")
                                   .toObject()
                                   .value("targetId")
                                   .toString();
        const QString session = call("Target.attachToTarget", {{"targetId", target}, {"flatten", true}})
                                    .value("result")
                                    .toObject()
                                    .value("sessionId")
                                    .toString();
        call("Emulation.setDeviceMetricsOverride",
             {{"width", 360}, {"height", 740}, {"deviceScaleFactor", 1}, {"mobile", true}}, session);
        call("Page.navigate", {{"url", url.toString()}}, session);
        const bool loaded = QTest::qWaitFor(
            [&] { return eval(session, "document.readyState").toString() == QLatin1String("complete"); },
            10000);
        return loaded ? session : QString();
    }
    QJsonValue eval(const QString &session, const QString &expression)
    {
        return call("Runtime.evaluate", {{"expression", expression}, {"returnByValue", true}}, session)
            .value("result")
            .toObject()
            .value("result")
            .toObject()
            .value("value");
    }
    void click(const QString &session, double x, double y)
    {
        for (const char *type : {"mousePressed", "mouseReleased"})
            call("Input.dispatchMouseEvent",
                 {{"type", type}, {"x", x}, {"y", y}, {"button", "left"}, {"clickCount", 1}}, session);
    }
    // Clicks the middle of an element, as a finger would.
    void tap(const QString &session, const QString &selector, double fx = 0.5, double fy = 0.5)
    {
        const QJsonObject r =
            eval(session, QStringLiteral("(function(){var b=document.querySelector('%1')"
                                         ".getBoundingClientRect();return {x:b.left,y:b.top,"
                                         "w:b.width,h:b.height};})()")
                              .arg(selector))
                .toObject();
        click(session, r.value("x").toDouble() + fx * r.value("w").toDouble(),
              r.value("y").toDouble() + fy * r.value("h").toDouble());
    }
    bool screenshot(const QString &session, const QString &file)
    {
        // A tab in the background draws no frames: bring it forward first.
        call("Page.bringToFront", {}, session);
        const QJsonObject reply = call("Page.captureScreenshot", {{"format", "png"}}, session);
        const QByteArray png =
            QByteArray::fromBase64(reply.value("result").toObject().value("data").toString().toLatin1());
        if (png.isEmpty())
            qWarning("captureScreenshot: %s",
                     QJsonDocument(reply).toJson(QJsonDocument::Compact).constData());
        QFile f(file);
        return !png.isEmpty() && f.open(QIODevice::WriteOnly) && f.write(png) == png.size();
    }

private:
    QProcess m_chromium;
    QTemporaryDir m_profile;
    QWebSocket m_ws;
    QHash<int, QJsonObject> m_replies;
    int m_next = 0;
};

} // namespace

class TestGuiClassMode : public QObject
{
    Q_OBJECT
    model::SpecDb m_db;

    static QStringList labels(RooflineChart *chart)
    {
        QStringList out;
        for (const ChartPoint &p : chart->points(ClassPanel::chartGroup()))
            if (!p.label.isEmpty())
                out << p.label;
        return out;
    }

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("RoofLabTest"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_gui_classmode"));
        QSettings().clear();
        m_db.loadDirectory(kResources + QStringLiteral("/gpus"));
        QVERIFY(m_db.errors().isEmpty());
    }
    void cleanupTestCase()
    {
        UiLanguage::install(QStringLiteral("en"));
        QSettings().clear();
    }

    // One person at the app: the guess, Reveal, the truth and the error; both on the chart.
    void revealAlone()
    {
        UiLanguage::install(QStringLiteral("en"));
        MainWindow w(m_db);
        w.resize(1280, 720);
        w.show();
        ClassPanel *panel = w.classroom()->exercises();
        QVERIFY(panel);
        QVERIFY(w.classroom()->player()->openLesson(QStringLiteral("03-tiling"), 0));
        QCOMPARE(panel->exerciseCount(), 1);
        QVERIFY(panel->dock()->isVisible());
        const auto t = panel->truth();
        QVERIFY(t);
        model::Guess g;
        g.x = t->x / 2;
        g.y = t->y;
        panel->setGuess(g);
        // Before Reveal the guess is on the chart, the answer is not.
        QVERIFY(w.chart()->pointIds().contains(QStringLiteral("exercise-guess")));
        QVERIFY(!w.chart()->pointIds().contains(QStringLiteral("exercise-truth")));
        panel->reveal();
        QVERIFY(panel->isRevealed());
        QVERIFY2(panel->resultText().contains(QStringLiteral("too low")), qPrintable(panel->resultText()));
        QVERIFY(panel->resultText().contains(t->explanation.left(20)));
        const auto truthPoint = w.chart()->pointCoords(QStringLiteral("exercise-truth"));
        QVERIFY(truthPoint);
        QCOMPARE(truthPoint->x(), t->x);
        QCOMPARE(truthPoint->y(), t->y);
        QVERIFY(w.chart()->pointIds().contains(QStringLiteral("exercise-guess")));
        // The next step clears the reveal.
        w.classroom()->player()->next();
        QVERIFY(w.chart()->points(ClassPanel::chartGroup()).isEmpty());
        QVERIFY(!panel->isRevealed());
    }

    // A measured answer measured again live where the Runs panel has a GPU (here a stand-in
    // worker): Reveal waits for the run and answers with it, naming the GPU and the sample
    // results' figure; a run that fails says why and the sample results answer; with no GPU
    // the samples answer at once.
    void liveAnswer_data()
    {
        QTest::addColumn<QString>("outcome");
        QTest::newRow("measured") << "measured";
        QTest::newRow("failed") << "failed";
        QTest::newRow("no device") << "none";
    }
    void liveAnswer()
    {
        QFETCH(QString, outcome);
        UiLanguage::install(QStringLiteral("en"));
        MainWindow w(m_db);
        w.resize(1280, 720);
        w.show();
        ClassPanel *panel = w.classroom()->exercises();
        QVERIFY(w.classroom()->player()->openLesson(QStringLiteral("05-predict-measure"), 3));
        const auto sample = panel->truth();
        QVERIFY(sample && sample->measured && !sample->kernel.isEmpty());

        model::Measurement m;
        m.kernel = sample->kernel;
        m.params = sample->params;
        m.dtype = sample->dtype;
        m.flops = 2.0 * 4096 * 4096 * 4096;
        m.bytes = m.flops / sample->x;
        m.time = {m.flops / (sample->y * 1.25), m.flops / (sample->y * 1.3), m.flops / (sample->y * 1.2),
                  ClassPanel::kLiveSamples};
        m.check.ok = true;
        QTemporaryDir dir;
        QFile f(dir.filePath(QStringLiteral("events.jsonl")));
        QVERIFY(f.open(QIODevice::WriteOnly));
        if (outcome == QLatin1String("failed")) {
            f.write(model::events::line(model::events::error(QStringLiteral("CUDA error: out of memory"))));
            f.write(model::events::line(model::events::done(false)));
        } else {
            f.write(model::events::line(model::events::measurement(m)));
            f.write(model::events::line(model::events::done(true)));
        }
        f.close();
        WorkerClient worker;
        worker.setProgram(rooflab::test::replayWorker(dir.filePath(QStringLiteral("worker.sh")), f.fileName(),
                                                      model::events::kProtocol));
        const QString device = outcome == QLatin1String("none") ? QString() : QStringLiteral("Stand-in H200");
        panel->setLiveRuns(&worker, [device] { return device; });
        model::Guess g;
        g.x = sample->x;
        g.y = sample->y;
        panel->setGuess(g);
        QSignalSpy revealed(panel, &ClassPanel::revealedNow);
        panel->reveal();
        if (outcome != QLatin1String("none")) {
            QVERIFY(panel->isMeasuring());
            QVERIFY(!panel->isRevealed());
            QVERIFY2(panel->resultText().contains(QStringLiteral("Measuring")),
                     qPrintable(panel->resultText()));
            QVERIFY(revealed.wait(20000));
        }
        QVERIFY(panel->isRevealed());
        QVERIFY(!panel->isMeasuring());
        const auto truthPoint = w.chart()->pointCoords(QStringLiteral("exercise-truth"));
        QVERIFY(truthPoint);
        const QString text = panel->resultText();
        if (outcome == QLatin1String("measured")) {
            QVERIFY(qAbs(truthPoint->y() / (sample->y * 1.25) - 1) < 1e-9);
            QVERIFY2(text.contains(QStringLiteral("measured now on Stand-in H200")), qPrintable(text));
            QVERIFY2(text.contains(model::formatSi(sample->y, QStringLiteral("FLOP/s"))), qPrintable(text));
            QVERIFY2(text.contains(QStringLiteral("too low")),
                     qPrintable(text)); // the guess was the sample's
        } else {
            QCOMPARE(truthPoint->y(), sample->y);
            if (outcome == QLatin1String("failed"))
                QVERIFY2(text.contains(QStringLiteral("out of memory")), qPrintable(text));
            else
                QVERIFY(!text.contains(QStringLiteral("measured now")));
        }
        panel->setLiveRuns(nullptr, {});
    }

    // At the desk, moving between a step's questions: a new question starts from no guess; one
    // revealed before shows its answer again; on lesson 4's two-question step the calculator's
    // working (which gives the second answer) waits for the second question.
    void questionsKeepTheirReveal()
    {
        UiLanguage::install(QStringLiteral("en"));
        MainWindow w(m_db);
        w.resize(1280, 720);
        w.show();
        ClassPanel *panel = w.classroom()->exercises();
        LessonPlayer *player = w.classroom()->player();
        QVERIFY(player->openLesson(QStringLiteral("03-tiling"), 4));
        const auto t = panel->truth();
        QVERIFY(t);
        model::Guess g;
        g.x = t->x;
        g.y = t->y * 3;
        panel->setGuess(g);
        panel->reveal();
        const QString first = panel->resultText();
        QVERIFY2(first.contains(QStringLiteral("performance 3.0× too high")), qPrintable(first));
        panel->setExerciseIndex(1);
        QVERIFY(!panel->isRevealed());
        QVERIFY(!panel->isGuessPlaced());
        QCOMPARE(panel->guess().x, 1.0); // not the first question's guess
        QVERIFY(!w.chart()->pointIds().contains(QStringLiteral("exercise-guess")));
        panel->setExerciseIndex(0);
        QVERIFY(panel->isRevealed());
        QVERIFY2(panel->resultText().startsWith(first.section(QLatin1Char('\n'), 0, 2)),
                 qPrintable(panel->resultText()));
        QVERIFY(w.chart()->pointIds().contains(QStringLiteral("exercise-truth")));

        QVERIFY(player->openLesson(QStringLiteral("04-occupancy"), 2));
        QCOMPARE(panel->exerciseCount(), 2);
        const auto limiter = panel->truth();
        QVERIFY(limiter);
        panel->reveal();
        // "... = 1 blocks/SM → 1 × 4 warps = 4 warps": the second question's answer.
        QVERIFY2(!panel->resultText().contains(QStringLiteral("warps =")), qPrintable(panel->resultText()));
        QVERIFY(!player->shownCaption().contains(QStringLiteral("warps =")));
        panel->setExerciseIndex(1);
        panel->reveal();
        QVERIFY2(panel->resultText().contains(QStringLiteral("warps")), qPrintable(panel->resultText()));
        QCOMPARE(player->shownCaption(), player->stepCaption());
    }

    // Lesson 4's maxnreg step asks for blocks: the truth is the calculator's 3, and a guess of
    // the caption's 4 is one block off.
    void occupancyNumber()
    {
        UiLanguage::install(QStringLiteral("en"));
        MainWindow w(m_db);
        w.show();
        ClassPanel *panel = w.classroom()->exercises();
        QVERIFY(w.classroom()->player()->openLesson(QStringLiteral("04-occupancy"), 1));
        model::Guess g;
        g.value = 4;
        panel->setGuess(g);
        panel->reveal();
        QVERIFY2(panel->resultText().contains(QStringLiteral("Answer: 3 blocks/SM")),
                 qPrintable(panel->resultText()));
        QVERIFY2(panel->resultText().contains(QStringLiteral("+1 blocks/SM")),
                 qPrintable(panel->resultText()));
    }

    // Class mode on lesson 3's ladder: phones answer, the teacher's count follows, Reveal draws
    // the cloud, the median and the closest three by name, or numbered when anonymous.
    void classCloud()
    {
        UiLanguage::install(QStringLiteral("en"));
        MainWindow w(m_db);
        w.resize(1280, 720);
        w.show();
        ClassPanel *panel = w.classroom()->exercises();
        LessonPlayer *player = w.classroom()->player();
        QVERIFY(player->openLesson(QStringLiteral("03-tiling"), 4));
        QString error;
        QVERIFY2(panel->startClass(&error), qPrintable(error));
        QVERIFY(panel->classModeAction()->isChecked());
        ClassServer *server = panel->server();
        QVERIFY(server->question());
        QVERIFY(panel->classAddress().contains(server->code()));
        const auto t = panel->truth();
        QVERIFY(t);
        const QStringList names = {"far", "<i>close</i>", "closer", "closest", "off"};
        const QList<double> factors = {100, 1.5, 1.2, 1.05, 10};
        std::vector<std::unique_ptr<Phone>> phones;
        for (int i = 0; i < names.size(); ++i) {
            phones.push_back(std::make_unique<Phone>());
            QSignalSpy connected(phones.back()->ws.get(), &QWebSocket::connected);
            phones.back()->ws->open(
                QUrl(QStringLiteral("ws://127.0.0.1:%1/%2/ws").arg(server->port()).arg(server->code())));
            QVERIFY(connected.wait(5000));
            phones.back()->send({{"t", "join"}, {"name", names[i]}});
        }
        QVERIFY(QTest::qWaitFor([&] { return server->joinedCount() == int(names.size()); }, 5000));
        QVERIFY(QTest::qWaitFor([&] { return phones.back()->asks == 1; }, 5000));
        const int ex = server->question()->id;
        for (int i = 0; i < names.size(); ++i)
            phones[i]->send({{"t", "answer"}, {"ex", ex}, {"x", t->x}, {"y", t->y * factors[i]}});
        QVERIFY(QTest::qWaitFor([&] { return server->answers().size() == names.size(); }, 5000));
        panel->reveal();
        QVERIFY(QTest::qWaitFor([&] { return phones[0]->reveals == 1; }, 5000));
        const QList<ChartPoint> points = w.chart()->points(ClassPanel::chartGroup());
        QCOMPARE(points.size(), names.size() + 2); // the guesses, the median, the truth
        QStringList shown = labels(w.chart());
        QVERIFY2(shown.contains("closest") && shown.contains("closer") && shown.contains("<i>close</i>") &&
                     !shown.contains("far") && !shown.contains("off"),
                 qPrintable(shown.join(", ")));
        QVERIFY(shown.contains(QStringLiteral("class median")));
        QVERIFY(panel->resultText().contains(QStringLiteral("Closest: closest, closer, <i>close</i>")));
        const auto median = w.chart()->pointCoords(QStringLiteral("class-median"));
        QVERIFY(median);
        QVERIFY(std::abs(median->y() / (t->y * 1.5) - 1) < 1e-9);
        panel->setAnonymous(true);
        shown = labels(w.chart());
        QVERIFY2(shown.contains("#1") && !shown.contains("closest"), qPrintable(shown.join(", ")));
        QCOMPARE(panel->record().rounds().size(), 1);
        QCOMPARE(panel->record().rounds()[0].answers.size(), names.size());
        // The ladder's measured point of the question just revealed is drawn; the step's caption
        // waits for its last question.
        const auto coveredPoints = [&w](const QString &kernel) {
            int n = 0;
            for (const QString &id : w.chart()->pointIds())
                n += w.chart()->point(id)->subject == kernel && w.chart()->isCovered(*w.chart()->point(id));
            return n;
        };
        const QList<model::Exercise> &asked = player->lesson()->steps.at(4).exercises;
        QCOMPARE(coveredPoints(model::exercises::coverOf(asked.at(0)).subject), 0);
        QVERIFY(coveredPoints(model::exercises::coverOf(asked.at(1)).subject) > 0);
        QVERIFY(player->shownCaption() != player->stepCaption());
        // Every other step of the ladder in turn: the phones are asked, answer, see the reveal.
        for (int q = 1; q < asked.size(); ++q) {
            panel->setExerciseIndex(q);
            QVERIFY(QTest::qWaitFor([&] { return phones[0]->asks == q + 1; }, 5000));
            const auto tq = panel->truth();
            QVERIFY(tq);
            for (int i = 0; i < names.size(); ++i)
                phones[i]->send({{"t", "answer"},
                                 {"ex", server->question()->id},
                                 {"x", tq->x},
                                 {"y", tq->y * factors[i]}});
            QVERIFY(QTest::qWaitFor([&] { return server->answers().size() == names.size(); }, 5000));
            QVERIFY(coveredPoints(model::exercises::coverOf(asked.at(q)).subject) > 0);
            panel->reveal();
            QVERIFY(QTest::qWaitFor([&] { return phones[0]->reveals == q + 1; }, 5000));
            QCOMPARE(coveredPoints(model::exercises::coverOf(asked.at(q)).subject), 0);
        }
        QCOMPARE(panel->record().rounds().size(), asked.size());
        QVERIFY(!panel->isCovering());
        QCOMPARE(player->shownCaption(), player->stepCaption());
        panel->stopClass();
        QVERIFY(!server->isRunning());
        QVERIFY(!panel->classModeAction()->isChecked());
        QVERIFY(QTest::qWaitFor([&] { return phones[0]->ws->state() == QAbstractSocket::UnconnectedState; },
                                5000));
        // Nothing a phone sent changed the lesson.
        QCOMPARE(player->lesson()->id, QStringLiteral("03-tiling"));
        QCOMPARE(player->currentStep(), 4);
    }

    // The real page in headless Chromium: phones at 360×740 join, place a point on the page's
    // chart with a tap, send it; the teacher's panel counts them and its reveal reaches each
    // page with that phone's own error. Screenshots go to $ROOFLAB_SHOTS when it is set.
    void browserPhones_data()
    {
        QTest::addColumn<QString>("language");
        QTest::newRow("English") << "en";
        QTest::newRow("Chinese") << "zh_CN";
    }
    void browserPhones()
    {
        QFETCH(QString, language);
        if (Cdp::chromium().isEmpty())
            QSKIP("no chromium (Debian: chromium)");
        Cdp cdp;
        QString error;
        QVERIFY2(cdp.start(&error), qPrintable(error));
        UiLanguage::install(language);
        MainWindow w(m_db);
        w.resize(1280, 720);
        w.show();
        ClassPanel *panel = w.classroom()->exercises();
        QVERIFY(w.classroom()->player()->openLesson(QStringLiteral("03-tiling"), 4));
        QVERIFY2(panel->startClass(&error), qPrintable(error));
        ClassServer *server = panel->server();
        const QUrl url = server->pageUrl(QStringLiteral("127.0.0.1"));
        const QString shots = qEnvironmentVariable("ROOFLAB_SHOTS");
        const QString tag = language.left(2);

        constexpr int kPhones = 4;
        QStringList sessions;
        for (int i = 0; i < kPhones; ++i) {
            const QString s = cdp.openPhone(url);
            QVERIFY(!s.isEmpty());
            QCOMPARE(cdp.eval(s, "document.documentElement.lang").toString(),
                     language.startsWith("zh") ? QStringLiteral("zh-CN") : QStringLiteral("en"));
            cdp.eval(s, QStringLiteral("document.getElementById('name').value = 'phone <%1>'").arg(i));
            cdp.tap(s, "#join");
            sessions << s;
        }
        QVERIFY(QTest::qWaitFor([&] { return server->joinedCount() == kPhones; }, 10000));
        for (const QString &s : sessions)
            QVERIFY(QTest::qWaitFor(
                [&] {
                    return cdp.eval(s, "!document.getElementById('askCard').classList.contains('hidden')")
                        .toBool();
                },
                10000));
        // The nickname is shown as text, never as markup.
        QCOMPARE(cdp.eval(sessions[0], "document.getElementById('who').textContent").toString(),
                 QStringLiteral("phone <0>"));
        QCOMPARE(cdp.eval(sessions[0], "document.getElementById('who').children.length").toInt(), 0);
        // The page at a phone's width: nothing wider than the screen.
        QVERIFY(cdp.eval(sessions[0], "document.documentElement.scrollWidth <= 360").toBool());
        for (int i = 0; i < kPhones; ++i) {
            cdp.tap(sessions[i], "#chart", 0.2 + 0.2 * i, 0.7 - 0.1 * i);
            QVERIFY(!cdp.eval(sessions[i], "document.getElementById('send').disabled").toBool());
        }
        if (!shots.isEmpty()) {
            QVERIFY(cdp.screenshot(sessions[0],
                                   QDir(shots).filePath(QStringLiteral("phone-guess-%1.png").arg(tag))));
            QTest::qWait(200);
            QVERIFY(w.grab().save(QDir(shots).filePath(QStringLiteral("teacher-class-%1.png").arg(tag))));
        }
        for (const QString &s : sessions)
            cdp.tap(s, "#send");
        QVERIFY(QTest::qWaitFor([&] { return server->answers().size() == kPhones; }, 10000));
        // Each phone's point is where its tap was: further right and higher for later phones.
        QList<ClassAnswer> answers = server->answers();
        std::sort(answers.begin(), answers.end(),
                  [](const auto &a, const auto &b) { return a.nickname < b.nickname; });
        for (int i = 1; i < kPhones; ++i) {
            QVERIFY(answers[i].guess.x > answers[i - 1].guess.x);
            QVERIFY(answers[i].guess.y > answers[i - 1].guess.y);
        }
        if (!shots.isEmpty()) {
            // The projector while the class answers: the question, the QR code and the counts.
            PresentationMode *presentation = w.classroom()->presentation();
            presentation->setScale(1.0, false);
            presentation->enter(false);
            QTest::qWait(400);
            QVERIFY(w.grab().save(QDir(shots).filePath(QStringLiteral("projector-class-%1.png").arg(tag))));
            presentation->exit();
        }
        // The answer's colour on a phone's chart: none before the reveal, a ring after it.
        const QString answerPixels =
            QStringLiteral("(function () { var c = document.getElementById('chart'), n = 0,"
                           " d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;"
                           " for (var i = 0; i < d.length; i += 4) if (d[i] === 194 && d[i + 1] === 65 && "
                           "d[i + 2] === 12) n++;"
                           " return n; })()");
        QCOMPARE(cdp.eval(sessions[0], answerPixels).toInt(), 0);
        panel->reveal();
        QCOMPARE(w.chart()->points(ClassPanel::chartGroup()).size(), kPhones + 2);
        const auto t = panel->truth();
        for (int i = 0; i < kPhones; ++i) {
            QVERIFY(QTest::qWaitFor(
                [&] {
                    return !cdp.eval(sessions[i],
                                     "document.getElementById('revealCard').classList.contains('hidden')")
                                .toBool();
                },
                10000));
            const QString shown =
                cdp.eval(sessions[i], "document.getElementById('error').textContent").toString();
            const QString name =
                cdp.eval(sessions[i], "document.getElementById('who').textContent").toString();
            for (const ClassAnswer &a : std::as_const(answers))
                if (a.nickname == name)
                    QCOMPARE(shown, model::exercises::grade(*t, a.guess).text);
            const int drawn = cdp.eval(sessions[i], answerPixels).toInt();
            QVERIFY2(drawn > 100, qPrintable(QStringLiteral("%1 answer pixels").arg(drawn)));
        }
        // The teacher's screen after the reveal: this answer's explanation where the caption
        // was, the step's own caption waiting for its last question.
        const QString shown = w.classroom()->player()->shownCaption();
        QVERIFY2(shown.contains(t->explanation), qPrintable(shown));
        if (!shots.isEmpty()) {
            QVERIFY(cdp.screenshot(sessions[0],
                                   QDir(shots).filePath(QStringLiteral("phone-reveal-%1.png").arg(tag))));
            w.classroom()->showPanel(QStringLiteral("roofline"));
            QTest::qWait(200);
            QVERIFY(w.grab().save(QDir(shots).filePath(QStringLiteral("teacher-reveal-%1.png").arg(tag))));
            // On the projector (a real X screen: xvfb-run), at 1x.
            PresentationMode *presentation = w.classroom()->presentation();
            presentation->setScale(1.0, false);
            presentation->enter(false);
            QTest::qWait(400);
            QVERIFY(w.grab().save(QDir(shots).filePath(QStringLiteral("projector-reveal-%1.png").arg(tag))));
            presentation->exit();
        }
        panel->stopClass();
        QVERIFY(QTest::qWaitFor(
            [&] {
                return !cdp.eval(sessions[0], "document.getElementById('wait').textContent")
                            .toString()
                            .isEmpty();
            },
            10000));
    }

    // On the projector (presentation mode hides the Exercise dock) a running class shows its
    // QR code, address, counts and Reveal in the banner, uncut, at 1280×720 and 1×; the strip
    // goes with class mode.
    void projectorShowsTheClass()
    {
        UiLanguage::install(QStringLiteral("en"));
        MainWindow w(m_db);
        w.resize(1280, 720);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(w.classroom()->player()->openLesson(QStringLiteral("03-tiling"), 4));
        PresentationMode *presentation = w.classroom()->presentation();
        presentation->setScale(1.0, false);
        presentation->enter(false);
        ClassPanel *panel = w.classroom()->exercises();
        QWidget *strip = panel->projectorStrip();
        QVERIFY(strip);
        // The step asks questions: the strip shows the exercise, not yet a class.
        QTest::qWait(50);
        QVERIFY(strip->isVisible());
        QLabel *address = nullptr;
        for (QLabel *l : strip->findChildren<QLabel *>())
            if (!l->pixmap().isNull() || l->text().startsWith(QLatin1String("http")))
                address = l;
        QVERIFY(!address || !address->isVisible());
        QString error;
        QVERIFY2(panel->startClass(&error), qPrintable(error));
        QTest::qWait(100);
        QVERIFY(strip->isVisible());
        QVERIFY(presentation->banner()->isAncestorOf(strip));
        QVERIFY(!panel->dock()->isVisible()); // the desk's dock stays hidden on the stage
        QStringList texts;
        for (const QLabel *l : strip->findChildren<QLabel *>())
            texts << l->text();
        QVERIFY2(texts.contains(panel->classAddress()), qPrintable(texts.join(QStringLiteral(" | "))));
        bool qr = false;
        for (const QLabel *l : strip->findChildren<QLabel *>())
            qr = qr || !l->pixmap().isNull();
        QVERIFY(qr);
        const QStringList findings = layoutaudit::audit(strip);
        QVERIFY2(findings.isEmpty(), qPrintable(findings.join(QLatin1Char('\n'))));
        auto *reveal = strip->findChild<QPushButton *>(QStringLiteral("classStripReveal"));
        QVERIFY(reveal);
        reveal->click();
        QVERIFY(panel->isRevealed());
        presentation->exit(); // back at the desk, the dock shows the class
        QTest::qWait(50);
        QVERIFY(panel->dock()->isVisible());
        panel->stopClass();
        for (QLabel *l : strip->findChildren<QLabel *>())
            QVERIFY2(l->pixmap().isNull() || !l->isVisibleTo(strip), "the QR code goes with the class");
    }

    // The teacher alone on the projector, no class: the step's caption waits behind its
    // question; a click on the chart places the guess, the strip's Reveal shows the answer
    // beside it, the error, and then the step's caption and its measured point.
    void projectorGuessWithoutClass()
    {
        UiLanguage::install(QStringLiteral("en"));
        MainWindow w(m_db);
        w.resize(1280, 720);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        LessonPlayer *player = w.classroom()->player();
        QVERIFY(player->openLesson(QStringLiteral("05-predict-measure"), 3));
        PresentationMode *presentation = w.classroom()->presentation();
        presentation->setScale(1.0, false);
        presentation->enter(false);
        QTest::qWait(100);
        ClassPanel *panel = w.classroom()->exercises();
        QCOMPARE(panel->exerciseCount(), 2);
        QWidget *strip = panel->projectorStrip();
        QVERIFY(strip->isVisible());
        QVERIFY(presentation->banner()->isAncestorOf(strip));
        const QString question = panel->exercise()->question(QStringLiteral("en"));
        QVERIFY2(presentation->bannerCaption().contains(question), qPrintable(presentation->bannerCaption()));
        QVERIFY(presentation->bannerCaption() != player->stepCaption());
        // The measured points asked about are not on the chart yet.
        const auto t = panel->truth();
        QVERIFY(t && t->measured);
        for (const QString &id : w.chart()->pointIds())
            if (w.chart()->point(id)->subject == QLatin1String("gemm.reg2d"))
                QVERIFY(w.chart()->isCovered(*w.chart()->point(id)));
        // A click on the chart at a third of the truth's performance.
        QWidget *plot = w.chart()->plotWidget();
        const QPoint at = plot->mapFrom(w.chart(), w.chart()->pixelFor(t->x, t->y / 3));
        QTest::mouseClick(plot, Qt::LeftButton, {}, at);
        QVERIFY(panel->isGuessPlaced());
        const auto guess = w.chart()->pointCoords(QStringLiteral("exercise-guess"));
        QVERIFY(guess);
        QVERIFY2(qAbs(std::log10(guess->y() / (t->y / 3))) < 0.02, qPrintable(QString::number(guess->y())));
        const QStringList findings = layoutaudit::audit(strip);
        QVERIFY2(findings.isEmpty(), qPrintable(findings.join(QLatin1Char('\n'))));
        auto *reveal = strip->findChild<QPushButton *>(QStringLiteral("classStripReveal"));
        QVERIFY(reveal && reveal->isEnabled());
        reveal->click();
        QVERIFY(panel->isRevealed());
        auto *result = strip->findChild<QLabel *>(QStringLiteral("classStripResult"));
        QVERIFY(result && result->isVisible());
        QVERIFY2(result->text().contains(QStringLiteral("too low")), qPrintable(result->text()));
        QVERIFY(!reveal->isEnabled());
        // The step's other question still covers the caption; after it, the caption shows.
        QVERIFY(panel->isCovering());
        panel->setExerciseIndex(1);
        reveal->click();
        QVERIFY(!panel->isCovering());
        QCOMPARE(presentation->bannerCaption(), player->stepCaption());
        for (const QString &id : w.chart()->pointIds())
            QVERIFY(!w.chart()->isCovered(*w.chart()->point(id)));
        // The revealed answer is a measured point: the legend says so, and nothing "predicted"
        // stands for it.
        QVERIFY(w.chart()->legendNames().join(' ').contains(QStringLiteral("measured")));
        presentation->exit();
    }

    // The teacher switches the language mid-class: the new window takes the class over. The
    // phones stay connected to the same address and their answers stay; the reveal happens in
    // the new window and reaches every phone.
    void languageSwitchKeepsTheClass()
    {
        UiLanguage::install(QStringLiteral("en"));
        AppShell shell(m_db);
        MainWindow *w = shell.window();
        w->resize(1280, 720);
        w->show();
        QVERIFY(QTest::qWaitForWindowExposed(w));
        QVERIFY(w->classroom()->player()->openLesson(QStringLiteral("03-tiling"), 4));
        ClassPanel *panel = w->classroom()->exercises();
        QString error;
        QVERIFY2(panel->startClass(&error), qPrintable(error));
        const quint16 port = panel->server()->port();
        const QString code = panel->server()->code();
        const int exercise = panel->exerciseIndex();
        constexpr int kPhones = 3;
        Swarm swarm;
        swarm.open(QUrl(QStringLiteral("ws://127.0.0.1:%1/%2/ws").arg(port).arg(code)), kPhones);
        QVERIFY(QTest::qWaitFor(
            [&] { return swarm.connected == kPhones && panel->server()->clientCount() == kPhones; }, 10000));
        swarm.sendAll([](int i) {
            return QJsonObject{{"t", "join"}, {"name", QStringLiteral("p%1").arg(i)}};
        });
        QVERIFY(QTest::qWaitFor([&] { return panel->server()->joinedCount() == kPhones; }, 10000));
        QVERIFY(QTest::qWaitFor([&] { return swarm.asks >= kPhones; }, 10000));
        const int ex = panel->server()->question()->id;
        const auto t = panel->truth();
        QVERIFY(t);
        const double x = t->x, y = t->y;
        swarm.sendAll([=](int i) {
            return QJsonObject{{"t", "answer"}, {"ex", ex}, {"x", x * (1 + i)}, {"y", y}};
        });
        QVERIFY(QTest::qWaitFor([&] { return panel->server()->answers().size() == kPhones; }, 10000));

        shell.switchLanguage(QStringLiteral("zh_CN"));
        QVERIFY(QTest::qWaitFor([&] { return shell.window() != w; }, 5000));
        ClassPanel *taken = shell.window()->classroom()->exercises();
        QVERIFY(taken->server()->isRunning());
        QCOMPARE(taken->server()->port(), port);
        QCOMPARE(taken->server()->code(), code);
        QCOMPARE(taken->exerciseIndex(), exercise);
        QTest::qWait(200); // the old window goes; its idle server stops without touching the phones
        QCOMPARE(taken->server()->clientCount(), kPhones);
        QCOMPARE(taken->server()->answers().size(), kPhones);
        QVERIFY(taken->classModeAction()->isChecked());
        taken->reveal();
        QVERIFY(QTest::qWaitFor([&] { return swarm.reveals >= kPhones; }, 10000));
        QCOMPARE(taken->record().rounds().size(), 1);
        QCOMPARE(taken->record().rounds().last().answers.size(), kPhones);
        QVERIFY2(taken->resultText().contains(QStringLiteral("答案")) ||
                     taken->resultText().contains(QStringLiteral("正确")),
                 qPrintable(taken->resultText()));
        taken->stopClass();
        shell.switchLanguage(QStringLiteral("en"));
    }

    // 100 phones (on a thread of their own) answer each of lesson 3's ladder questions within a
    // moment of one another. Figures, not asserts: the GUI thread's longest frame gap while the
    // answers arrive (a 1 ms timer on it), and the reveal's time to grade every answer and draw
    // the cloud.
    void hundredPhonesFrameTime()
    {
        UiLanguage::install(QStringLiteral("en"));
        MainWindow w(m_db);
        w.resize(1280, 720);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        ClassPanel *panel = w.classroom()->exercises();
        QVERIFY(w.classroom()->player()->openLesson(QStringLiteral("03-tiling"), 4));
        QString error;
        QVERIFY2(panel->startClass(&error), qPrintable(error));
        ClassServer *server = panel->server();
        constexpr int kPhones = 100;
        Swarm swarm;
        swarm.open(QUrl(QStringLiteral("ws://127.0.0.1:%1/%2/ws").arg(server->port()).arg(server->code())),
                   kPhones);
        QVERIFY(QTest::qWaitFor(
            [&] { return swarm.connected == kPhones && server->clientCount() == kPhones; }, 30000));
        swarm.sendAll([](int i) {
            return QJsonObject{{"t", "join"}, {"name", QStringLiteral("p%1").arg(i)}};
        });
        QVERIFY(QTest::qWaitFor([&] { return server->joinedCount() == kPhones; }, 30000));

        QElapsedTimer frame;
        double worstGapMs = 0;
        QTimer tick;
        tick.setInterval(1);
        QObject::connect(&tick, &QTimer::timeout, &tick, [&] {
            worstGapMs = std::max(worstGapMs, frame.nsecsElapsed() / 1e6);
            frame.restart();
        });
        for (int q = 0; q < panel->exerciseCount(); ++q) {
            panel->setExerciseIndex(q);
            QVERIFY(QTest::qWaitFor([&] { return swarm.asks >= (q + 1) * kPhones; }, 30000));
            const int ex = server->question()->id;
            const auto t = panel->truth();
            QVERIFY(t);
            worstGapMs = 0;
            frame.start();
            tick.start();
            QElapsedTimer answering;
            answering.start();
            const double x = t->x, y = t->y;
            swarm.sendAll([=](int i) {
                return QJsonObject{
                    {"t", "answer"}, {"ex", ex}, {"x", x * (1 + i % 7)}, {"y", y * (1 + i % 5)}};
            });
            {
                // The app's own event loop (qWaitFor would sleep between its polls).
                QEventLoop loop;
                QObject::connect(server, &ClassServer::answersChanged, &loop, [&](int n) {
                    if (n == kPhones)
                        loop.quit();
                });
                QTimer::singleShot(30000, &loop, &QEventLoop::quit);
                loop.exec();
            }
            QCOMPARE(server->answers().size(), kPhones);
            const double arriveMs = answering.nsecsElapsed() / 1e6;
            const double answeringGapMs = worstGapMs;
            panel->reveal();
            const double revealMs = panel->lastRevealMs();
            QElapsedTimer drawn;
            drawn.start();
            w.chart()->repaint(); // the reveal on screen
            const double paintMs = drawn.nsecsElapsed() / 1e6;
            QVERIFY(QTest::qWaitFor([&] { return swarm.reveals >= (q + 1) * kPhones; }, 30000));
            tick.stop();
            QCOMPARE(w.chart()->points(ClassPanel::chartGroup()).size(), kPhones + 2);
            QCOMPARE(panel->record().rounds().last().answers.size(), kPhones);
            qInfo("question %d: %d answers, each once, all in %.1f ms after the first was sent; longest GUI "
                  "frame gap while they arrived %.2f ms; reveal graded and drawn in %.2f ms, painted in %.2f "
                  "ms",
                  q + 1, kPhones, arriveMs, answeringGapMs, revealMs, paintMs);
        }
        panel->stopClass();
    }
};

QTEST_MAIN(TestGuiClassMode)
#include "tst_gui_classmode.moc"
