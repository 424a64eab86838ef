#pragma once

#include "exercise.h"

#include <QElapsedTimer>
#include <QHash>
#include <QHostAddress>
#include <QJsonObject>
#include <QList>
#include <QObject>
#include <QString>
#include <QUrl>

#include <memory>
#include <optional>

class ClassHttpServer;
class QWebSocket;

// One student's answer to the exercise being asked.
struct ClassAnswer
{
    int client = 0;   // the connection's number (stable for the session)
    QString nickname; // as typed, trimmed and cut to kMaxNickname; shown as plain text only
    model::Guess guess;
};

// Class mode's server: serves the student page and talks to each phone over a WebSocket, on
// one port, only while it is started. Safe by construction:
// * the page and the socket are reachable only under a per-session code ("/<code>", "/<code>/ws");
//   every other request gets 404 and a socket without the code is closed before it is read;
// * the only thing a student can send is a nickname and an answer to the exercise being asked:
//   typed and range-checked JSON of at most kMaxMessageBytes, at most kMaxMessagesPerWindow per
//   client in kRateWindowMs (beyond kDropAfter the client is disconnected), at most
//   maxClients() connections; nothing else is read, and nothing reaches the lesson, a file or a
//   process: the teacher's side only reads answers();
// * the page comes from the app's resources (no third-party script) and shows everything a
//   student typed as text, never markup;
// * stop() closes every connection and the port.
class ClassServer : public QObject
{
    Q_OBJECT

public:
    static constexpr int kMaxNickname = 24;
    static constexpr int kMaxMessageBytes = 512;
    static constexpr int kRateWindowMs = 5000;
    static constexpr int kMaxMessagesPerWindow = 20;
    static constexpr int kDropAfter = 60; // messages in one window: the client goes
    static constexpr int kCodeLength = 8;

    // What the phones are asked. The truth stays on the teacher's side until reveal().
    struct Question
    {
        int id = 0; // changes with every exercise asked
        QString en, zh;
        model::AnswerType answer = model::AnswerType::Point;
        QStringList choices; // choice names; the page shows choiceLabel()s
        QStringList choiceLabelsEn, choiceLabelsZh;
        QString unit;
        bool logScale = true;
        double xMin = 0, xMax = 0, yMin = 0, yMax = 0, valueMin = 0, valueMax = 0;
    };

    explicit ClassServer(QObject *parent = nullptr);
    ~ClassServer() override;

    // Listens on port (0: any free one) of address; false and a message when it cannot.
    bool start(quint16 port = 0, const QHostAddress &address = QHostAddress::Any, QString *error = nullptr);
    void stop(); // closes every connection and the port
    bool isRunning() const;
    quint16 port() const { return m_port; }
    QString code() const { return m_code; }
    // The page's address for a host ("http://192.168.1.20:41234/K7Q2MXPA").
    QUrl pageUrl(const QString &host) const;
    // A LAN address phones can reach (the first non-loopback IPv4), else 127.0.0.1.
    static QString lanAddress();

    void setMaxClients(int n) { m_maxClients = n; }
    int maxClients() const { return m_maxClients; }
    // The page's language follows the teacher's ("zh_CN") unless empty (then the browser's).
    void setLanguage(const QString &language) { m_language = language; }

    int clientCount() const { return int(m_clients.size()); }
    bool hasRoom() const { return clientCount() < m_maxClients; }
    int joinedCount() const;

    // Asks every phone (and phones that join later) this question; clears the answers.
    void ask(const Question &q);
    // No question: the phones wait for the next one.
    void clearQuestion();
    std::optional<Question> question() const { return m_question; }
    // The answers to the question being asked, one per client (a later answer replaces its
    // earlier one), in the order they first arrived.
    QList<ClassAnswer> answers() const { return m_answers; }
    // Sends each phone the truth and its own error; no answers are taken afterwards.
    void reveal(const model::ExerciseTruth &truth);
    bool isRevealed() const { return m_revealed; }

    // Rejected messages since start (malformed, oversized, out of range, rate-limited): a
    // count, for the teacher's panel and the tests.
    int rejectedCount() const { return m_rejected; }

    // The student page as served (the resource with the language filled in).
    QByteArray page() const;

signals:
    void clientsChanged(int connected, int joined);
    void answersChanged(int count);
    void stopped();

private:
    struct Client
    {
        int id = 0;
        QString nickname;
        QElapsedTimer window;
        int inWindow = 0;
        bool warnedRate = false;
    };

    void acceptSockets();
    void onMessage(QWebSocket *socket, const QString &text);
    void drop(QWebSocket *socket);
    void reject(QWebSocket *socket, const QString &code);
    void send(QWebSocket *socket, const QJsonObject &o);
    QJsonObject questionMessage() const;
    bool takeAnswer(Client &c, const QJsonObject &o);

    std::unique_ptr<ClassHttpServer> m_http;
    quint16 m_port = 0;
    QString m_code;
    QString m_language;
    int m_maxClients = 150;
    int m_nextClient = 1;
    QHash<QWebSocket *, Client> m_clients;
    std::optional<Question> m_question;
    QList<ClassAnswer> m_answers;
    std::optional<model::ExerciseTruth> m_truth;
    bool m_revealed = false;
    int m_rejected = 0;
};
