// Class mode's server on the loopback: the page only under the session's code, a socket only
// with it; only typed, sized answers to the question being asked; malformed, oversized and
// out-of-order messages rejected with the server still up; per-client rate limit, the client
// cap, stop() closing everything; 100 phones answering every question, each answer recorded
// exactly once (figures printed, no timed asserts); the record saved and exported safely.
#include "classroom/classrecord.h"
#include "classroom/classserver.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QSignalSpy>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>
#include <QWebSocket>

#include <algorithm>
#include <memory>

namespace {

// A phone: a WebSocket and what it has been told.
struct Phone
{
    std::unique_ptr<QWebSocket> ws = std::make_unique<QWebSocket>();
    QList<QJsonObject> received;
    bool closed = false;

    Phone()
    {
        QObject::connect(ws.get(), &QWebSocket::textMessageReceived, ws.get(), [this](const QString &t) {
            received << QJsonDocument::fromJson(t.toUtf8()).object();
        });
        QObject::connect(ws.get(), &QWebSocket::disconnected, ws.get(), [this] { closed = true; });
    }
    int count(const QString &type) const
    {
        int n = 0;
        for (const QJsonObject &o : received)
            n += o.value("t").toString() == type ? 1 : 0;
        return n;
    }
    QJsonObject last(const QString &type) const
    {
        for (auto it = received.crbegin(); it != received.crend(); ++it)
            if (it->value("t").toString() == type)
                return *it;
        return {};
    }
    void send(const QJsonObject &o)
    {
        ws->sendTextMessage(QString::fromUtf8(QJsonDocument(o).toJson(QJsonDocument::Compact)));
    }
};

ClassServer::Question pointQuestion(int id)
{
    ClassServer::Question q;
    q.id = id;
    q.en = QStringLiteral("Where?");
    q.zh = QStringLiteral("哪里？");
    q.answer = model::AnswerType::Point;
    q.xMin = 1e-3;
    q.xMax = 1e5;
    q.yMin = 1e8;
    q.yMax = 1e17;
    return q;
}

ClassServer::Question choiceQuestion(int id)
{
    ClassServer::Question q = pointQuestion(id);
    q.answer = model::AnswerType::Choice;
    q.choices = model::exercises::boundChoices();
    q.choiceLabelsEn = q.choiceLabelsZh = q.choices;
    return q;
}

model::ExerciseTruth pointTruth()
{
    model::ExerciseTruth t;
    t.answer = model::AnswerType::Point;
    t.x = 10;
    t.y = 1e12;
    t.xMin = 1e-3;
    t.xMax = 1e5;
    t.yMin = 1e8;
    t.yMax = 1e17;
    return t;
}

QByteArray httpGet(const QUrl &url, int *status, QByteArray *csp = nullptr)
{
    QNetworkAccessManager nam;
    QNetworkReply *r = nam.get(QNetworkRequest(url));
    QSignalSpy done(r, &QNetworkReply::finished);
    done.wait(5000);
    *status = r->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    if (csp)
        *csp = r->rawHeader("Content-Security-Policy");
    const QByteArray body = r->readAll();
    r->deleteLater();
    return body;
}

} // namespace

class TestClassServer : public QObject
{
    Q_OBJECT
    std::unique_ptr<ClassServer> m_server;

    QUrl wsUrl(const QString &code) const
    {
        return QUrl(QStringLiteral("ws://127.0.0.1:%1/%2/ws").arg(m_server->port()).arg(code));
    }
    bool open(Phone &p, const QString &code = {})
    {
        QSignalSpy connected(p.ws.get(), &QWebSocket::connected);
        p.ws->open(wsUrl(code.isEmpty() ? m_server->code() : code));
        return connected.wait(5000) || connected.count() > 0;
    }
    bool join(Phone &p, const QString &name)
    {
        if (!open(p))
            return false;
        p.send({{"t", "join"}, {"name", name}});
        return QTest::qWaitFor([&] { return p.count("joined") > 0; }, 5000);
    }

private slots:
    void init()
    {
        m_server = std::make_unique<ClassServer>();
        QString error;
        QVERIFY2(m_server->start(0, QHostAddress::LocalHost, &error), qPrintable(error));
        QVERIFY(m_server->port() > 0);
        QCOMPARE(m_server->code().size(), ClassServer::kCodeLength);
    }
    void cleanup() { m_server.reset(); }

    // The page: under the code only, small, its own script only.
    void pageOnlyUnderTheCode()
    {
        int status = 0;
        QByteArray csp;
        const QByteArray page = httpGet(m_server->pageUrl("127.0.0.1"), &status, &csp);
        QCOMPARE(status, 200);
        QVERIFY(page.contains("RoofLab"));
        QVERIFY2(page.size() < 100 * 1024, qPrintable(QString::number(page.size())));
        QVERIFY(!page.contains("<script src"));
        QVERIFY(!page.contains("http://") && !page.contains("https://"));
        QVERIFY(!page.contains("innerHTML"));
        QVERIFY(csp.contains("default-src 'none'"));
        for (const QString &path :
             {QStringLiteral("/"), QStringLiteral("/WRONGCOD"), QStringLiteral("/../etc/passwd"),
              QStringLiteral("/%1/../x").arg(m_server->code()), QStringLiteral("/favicon.ico")}) {
            QUrl u(QStringLiteral("http://127.0.0.1:%1").arg(m_server->port()));
            u.setPath(path);
            httpGet(u, &status);
            QVERIFY2(status == 404, qPrintable(path + ": " + QString::number(status)));
        }
    }

    void pageFollowsTheTeachersLanguage()
    {
        m_server->setLanguage("zh_CN");
        QVERIFY(m_server->page().contains("data-lang=\"zh\""));
        m_server->setLanguage("en");
        QVERIFY(m_server->page().contains("data-lang=\"en\""));
        m_server->setLanguage({});
        QVERIFY(m_server->page().contains("data-lang=\"\""));
    }

    void socketWithoutTheCodeIsClosed()
    {
        Phone p;
        open(p, QStringLiteral("WRONGCOD"));
        QVERIFY(QTest::qWaitFor([&] { return p.closed; }, 5000));
        QCOMPARE(m_server->clientCount(), 0);
        QCOMPARE(p.count("hello"), 0);
    }

    void joinAnswerReveal()
    {
        Phone a, b;
        QVERIFY(join(a, "Ada"));
        QVERIFY(join(b, "  <b>Bob</b>\u202e\x01  "));
        QCOMPARE(b.last("joined").value("name").toString(), QStringLiteral("<b>Bob</b>"));
        m_server->ask(pointQuestion(7));
        QVERIFY(QTest::qWaitFor([&] { return a.count("ask") == 1 && b.count("ask") == 1; }, 5000));
        QCOMPARE(a.last("ask").value("ex").toInt(), 7);
        QVERIFY(!a.last("ask").contains("truth"));
        a.send({{"t", "answer"}, {"ex", 7}, {"x", 20.0}, {"y", 2e12}});
        b.send({{"t", "answer"}, {"ex", 7}, {"x", 5.0}, {"y", 1e12}});
        // A changed mind replaces the earlier answer: still one answer per phone.
        b.send({{"t", "answer"}, {"ex", 7}, {"x", 10.0}, {"y", 1e12}});
        QVERIFY(QTest::qWaitFor([&] { return b.count("received") == 2 && a.count("received") == 1; }, 5000));
        QCOMPARE(m_server->answers().size(), 2);
        QCOMPARE(m_server->answers()[1].guess.x, 10.0);
        m_server->reveal(pointTruth());
        QVERIFY(QTest::qWaitFor([&] { return a.count("reveal") && b.count("reveal"); }, 5000));
        QVERIFY(b.last("reveal").value("right").toBool());
        QVERIFY(!a.last("reveal").value("right").toBool());
        QVERIFY(a.last("reveal").value("error").toString().contains(QStringLiteral("too high")));
        // The answer's point goes with it: each page draws it beside its own guess.
        QCOMPARE(a.last("reveal").value("x").toDouble(), 10.0);
        QCOMPARE(a.last("reveal").value("y").toDouble(), 1e12);
        // After the reveal the question is closed.
        a.send({{"t", "answer"}, {"ex", 7}, {"x", 10.0}, {"y", 1e12}});
        QVERIFY(QTest::qWaitFor([&] { return a.count("error") == 1; }, 5000));
        QCOMPARE(a.last("error").value("code").toString(), QStringLiteral("closed"));
    }

    // Malformed, oversized, out-of-range and out-of-order messages: each rejected, the server
    // stays up, and nothing but a valid answer reaches answers().
    void fuzz_data()
    {
        QTest::addColumn<QByteArray>("message");
        QTest::newRow("not JSON") << QByteArray("{\"t\":");
        QTest::newRow("JSON array") << QByteArray("[1,2,3]");
        QTest::newRow("JSON string") << QByteArray("\"answer\"");
        QTest::newRow("empty") << QByteArray("");
        QTest::newRow("unknown type") << QByteArray(R"({"t":"set_lesson","lesson":"x"})");
        QTest::newRow("no type") << QByteArray(R"({"ex":1,"x":1,"y":1e12})");
        QTest::newRow("old question") << QByteArray(R"({"t":"answer","ex":1,"x":1,"y":1e12})");
        QTest::newRow("future question") << QByteArray(R"({"t":"answer","ex":3,"x":1,"y":1e12})");
        QTest::newRow("question id as string") << QByteArray(R"({"t":"answer","ex":"2","x":1,"y":1e12})");
        QTest::newRow("x as string") << QByteArray(R"({"t":"answer","ex":2,"x":"1","y":1e12})");
        QTest::newRow("y missing") << QByteArray(R"({"t":"answer","ex":2,"x":1})");
        QTest::newRow("x negative") << QByteArray(R"({"t":"answer","ex":2,"x":-1,"y":1e12})");
        QTest::newRow("x zero") << QByteArray(R"({"t":"answer","ex":2,"x":0,"y":1e12})");
        QTest::newRow("y huge") << QByteArray(R"({"t":"answer","ex":2,"x":1,"y":1e300})");
        QTest::newRow("y overflows") << QByteArray(R"({"t":"answer","ex":2,"x":1,"y":1e999})");
        QTest::newRow("nested object") << QByteArray(R"({"t":"answer","ex":2,"x":{"y":1},"y":1e12})");
        QTest::newRow("name not a string") << QByteArray(R"({"t":"join","name":42})");
        QTest::newRow("name only controls") << QByteArray("{\"t\":\"join\",\"name\":\"\\u0001\\u202e \"}");
        QTest::newRow("oversized") << QByteArray(R"({"t":"join","name":")") + QByteArray(4000, 'x') + "\"}";
    }
    void fuzz()
    {
        QFETCH(QByteArray, message);
        Phone honest, fuzzer;
        QVERIFY(join(honest, "honest"));
        QVERIFY(join(fuzzer, "fuzzer"));
        m_server->ask(pointQuestion(1));
        m_server->ask(pointQuestion(2));
        QVERIFY(QTest::qWaitFor([&] { return fuzzer.count("ask") == 2; }, 5000));
        const int rejectedBefore = m_server->rejectedCount();
        fuzzer.ws->sendTextMessage(QString::fromUtf8(message));
        QVERIFY(QTest::qWaitFor([&] { return m_server->rejectedCount() > rejectedBefore || fuzzer.closed; },
                                5000));
        QCOMPARE(fuzzer.count("received"), 0);
        QVERIFY(m_server->answers().isEmpty());
        QCOMPARE(fuzzer.last("joined").value("name").toString(), QStringLiteral("fuzzer"));
        QCOMPARE(m_server->question()->id, 2);
        // Still up: the honest phone answers.
        honest.send({{"t", "answer"}, {"ex", 2}, {"x", 1.0}, {"y", 1e12}});
        QVERIFY(QTest::qWaitFor([&] { return honest.count("received") == 1; }, 5000));
        QCOMPARE(m_server->answers().size(), 1);
        QCOMPARE(m_server->answers()[0].nickname, QStringLiteral("honest"));
    }

    void binaryAndChoiceChecks()
    {
        Phone p;
        QVERIFY(join(p, "p"));
        m_server->ask(choiceQuestion(1));
        QVERIFY(QTest::qWaitFor([&] { return p.count("ask") == 1; }, 5000));
        p.ws->sendBinaryMessage(QByteArray("\x00\x01", 2));
        for (const char *bad : {R"({"t":"answer","ex":1,"c":2})", R"({"t":"answer","ex":1,"c":-1})",
                                R"({"t":"answer","ex":1,"c":0.5})", R"({"t":"answer","ex":1,"x":1})"})
            p.ws->sendTextMessage(QString::fromLatin1(bad));
        QVERIFY(QTest::qWaitFor([&] { return p.count("error") == 5; }, 5000));
        p.send({{"t", "answer"}, {"ex", 1}, {"c", 1}});
        QVERIFY(QTest::qWaitFor([&] { return p.count("received") == 1; }, 5000));
        QCOMPARE(m_server->answers().size(), 1);
        QCOMPARE(m_server->answers()[0].guess.choice, 1);
    }

    void answerBeforeJoiningIsRefused()
    {
        Phone p;
        QVERIFY(open(p));
        m_server->ask(pointQuestion(1));
        p.send({{"t", "answer"}, {"ex", 1}, {"x", 1.0}, {"y", 1e12}});
        QVERIFY(QTest::qWaitFor([&] { return p.count("error") == 1; }, 5000));
        QCOMPARE(p.last("error").value("code").toString(), QStringLiteral("join"));
        QVERIFY(m_server->answers().isEmpty());
    }

    // A phone that floods is told to slow down, then dropped; the others are not affected.
    void rateLimit()
    {
        Phone flood, calm;
        QVERIFY(join(flood, "flood"));
        QVERIFY(join(calm, "calm"));
        m_server->ask(pointQuestion(1));
        for (int i = 0; i < ClassServer::kDropAfter + 10; ++i)
            flood.send({{"t", "answer"}, {"ex", 1}, {"x", 1.0}, {"y", 1e12}});
        QVERIFY(QTest::qWaitFor([&] { return flood.closed; }, 5000));
        QCOMPARE(flood.count("error"), 1);
        QCOMPARE(flood.last("error").value("code").toString(), QStringLiteral("rate"));
        QVERIFY(flood.count("received") <= ClassServer::kMaxMessagesPerWindow);
        calm.send({{"t", "answer"}, {"ex", 1}, {"x", 2.0}, {"y", 1e12}});
        QVERIFY(QTest::qWaitFor([&] { return calm.count("received") == 1; }, 5000));
        QCOMPARE(m_server->clientCount(), 1);
    }

    void clientCap()
    {
        m_server->setMaxClients(2);
        Phone a, b, c;
        QVERIFY(open(a));
        QVERIFY(open(b));
        open(c);
        QVERIFY(QTest::qWaitFor([&] { return c.closed; }, 5000));
        QCOMPARE(m_server->clientCount(), 2);
    }

    void stopClosesEverything()
    {
        Phone a, b;
        QVERIFY(join(a, "a"));
        QVERIFY(join(b, "b"));
        const quint16 port = m_server->port();
        QSignalSpy stopped(m_server.get(), &ClassServer::stopped);
        m_server->stop();
        QCOMPARE(stopped.count(), 1);
        QVERIFY(QTest::qWaitFor([&] { return a.closed && b.closed; }, 5000));
        QVERIFY(!m_server->isRunning());
        QTcpSocket probe;
        probe.connectToHost(QHostAddress::LocalHost, port);
        QVERIFY(!probe.waitForConnected(1000));
    }

    // 100 phones on the loopback answer three questions each, within a moment of one another:
    // every answer arrives exactly once. Figures (not asserts): the time from the first answer
    // sent to the last one recorded, and the time to grade and send the reveal.
    void hundredPhones()
    {
        constexpr int kPhones = 100;
        m_server->setMaxClients(kPhones);
        std::vector<std::unique_ptr<Phone>> phones;
        for (int i = 0; i < kPhones; ++i) {
            phones.push_back(std::make_unique<Phone>());
            phones.back()->ws->open(wsUrl(m_server->code()));
        }
        QVERIFY(QTest::qWaitFor(
            [&] {
                return m_server->clientCount() == kPhones &&
                       std::all_of(phones.begin(), phones.end(), [](const auto &p) {
                           return p->ws->state() == QAbstractSocket::ConnectedState;
                       });
            },
            20000));
        for (int i = 0; i < kPhones; ++i)
            phones[i]->send({{"t", "join"}, {"name", QStringLiteral("phone %1").arg(i)}});
        QVERIFY(QTest::qWaitFor([&] { return m_server->joinedCount() == kPhones; }, 20000));
        for (int round = 1; round <= 3; ++round) {
            m_server->ask(pointQuestion(round));
            QVERIFY(QTest::qWaitFor(
                [&] {
                    for (const auto &p : phones)
                        if (p->count("ask") < round)
                            return false;
                    return true;
                },
                20000));
            QElapsedTimer t;
            t.start();
            for (int i = 0; i < kPhones; ++i)
                phones[i]->send({{"t", "answer"}, {"ex", round}, {"x", 1.0 + i}, {"y", 1e12 * (round + 1)}});
            QVERIFY(QTest::qWaitFor([&] { return m_server->answers().size() == kPhones; }, 20000));
            const double arrivedMs = t.nsecsElapsed() / 1e6;
            const QList<ClassAnswer> answers = m_server->answers();
            QSet<int> clients;
            for (const ClassAnswer &a : answers) {
                clients.insert(a.client);
                const int i = a.nickname.mid(6).toInt();
                QCOMPARE(a.nickname, QStringLiteral("phone %1").arg(i));
                QCOMPARE(a.guess.x, 1.0 + i);
                QCOMPARE(a.guess.y, 1e12 * (round + 1));
            }
            QCOMPARE(clients.size(), kPhones);
            t.restart();
            m_server->reveal(pointTruth());
            const double revealMs = t.nsecsElapsed() / 1e6;
            QVERIFY(QTest::qWaitFor(
                [&] {
                    for (const auto &p : phones)
                        if (p->count("reveal") < round)
                            return false;
                    return true;
                },
                20000));
            qInfo(
                "round %d: %d answers recorded once each, %.1f ms from the first sent to the last recorded; "
                "reveal graded and sent in %.2f ms, on every phone after %.1f ms",
                round, kPhones, arrivedMs, revealMs, t.nsecsElapsed() / 1e6);
        }
        QCOMPARE(m_server->rejectedCount(), 0);
    }

    // The session's record: JSON (schema, answers, errors) and CSV with names kept as data.
    void recordSavesAndExports()
    {
        ClassRecord record;
        ClassRound r;
        r.lesson = "03-tiling";
        r.step = 4;
        r.question = "Where, \"exactly\"?";
        r.truth = pointTruth();
        model::Guess g;
        g.x = 20;
        g.y = 1e12;
        r.answers << ClassAnswer{1, QStringLiteral("=HYPERLINK(\"x\")"), g}
                  << ClassAnswer{2, QStringLiteral("Bo, b"), g};
        record.add(r);
        record.add(r); // asked again: replaces
        QCOMPARE(record.rounds().size(), 1);
        QTemporaryDir dir;
        QString error;
        QVERIFY2(record.save(dir.filePath("a.json"), &error), qPrintable(error));
        QFile f(dir.filePath("a.json"));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QJsonObject o = QJsonDocument::fromJson(f.readAll()).object();
        QCOMPARE(o.value("schema").toString(), ClassRecord::schemaName());
        const QJsonArray answers = o.value("rounds").toArray()[0].toObject().value("answers").toArray();
        QCOMPARE(answers.size(), 2);
        QCOMPARE(answers[0].toObject().value("name").toString(), QStringLiteral("=HYPERLINK(\"x\")"));
        QCOMPARE(answers[0].toObject().value("factor").toDouble(), 2.0);
        const QString csv = record.toCsv();
        QVERIFY2(csv.contains(QStringLiteral("\"'=HYPERLINK(\"\"x\"\")\"")), qPrintable(csv));
        QVERIFY(csv.contains(QStringLiteral("\"Bo, b\"")));
        QVERIFY(csv.contains(QStringLiteral("\"Where, \"\"exactly\"\"?\"")));
        QCOMPARE(csv.count('\n'), 3);
        QVERIFY(!record.save(dir.filePath("no/such/dir/a.json"), &error));
        QVERIFY(error.contains("a.json"));
    }
};

QTEST_GUILESS_MAIN(TestClassServer)
#include "tst_classserver.moc"
