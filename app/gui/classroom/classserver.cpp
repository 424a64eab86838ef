#include "classroom/classserver.h"

#include <QAbstractHttpServer>
#include <QFile>
#include <QHttpServerRequest>
#include <QHttpServerResponder>
#include <QJsonArray>
#include <QJsonDocument>
#include <QNetworkInterface>
#include <QRandomGenerator>
#include <QTcpServer>
#include <QWebSocket>

#include <cmath>

// The HTTP side: the page under /<code>, 404 for everything else. WebSocket upgrades are
// handed to ClassServer by QAbstractHttpServer (newWebSocketConnection), which checks the code.
class ClassHttpServer : public QAbstractHttpServer
{
public:
    explicit ClassHttpServer(ClassServer *owner) : m_owner(owner) {}

protected:
    bool handleRequest(const QHttpServerRequest &request, QTcpSocket *socket) override
    {
        const QString path = request.url().path();
        // A WebSocket upgrade: Qt 6.4 hands the socket over when this returns true without a
        // response; false answers 404 and closes it. Only the session's socket path, with room.
        if (request.value("upgrade").compare("websocket", Qt::CaseInsensitive) == 0)
            return path == QLatin1Char('/') + m_owner->code() + QLatin1String("/ws") && m_owner->hasRoom();
        QHttpServerResponder responder = makeResponder(request, socket);
        // Only a GET of the page itself; the socket is /<code>/ws and arrives as an upgrade.
        if (request.method() == QHttpServerRequest::Method::Get &&
            (path == QLatin1Char('/') + m_owner->code() ||
             path == QLatin1Char('/') + m_owner->code() + '/')) {
            responder.write(m_owner->page(),
                            {{"Content-Type", "text/html; charset=utf-8"},
                             {"Cache-Control", "no-store"},
                             // The page runs its own inline script and nothing else.
                             {"Content-Security-Policy",
                              "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; "
                              "connect-src 'self' ws: wss:; img-src data:"},
                             {"X-Content-Type-Options", "nosniff"},
                             {"Referrer-Policy", "no-referrer"}});
            return true;
        }
        responder.write(QByteArray("not found\n"), "text/plain", QHttpServerResponder::StatusCode::NotFound);
        return true;
    }
    void missingHandler(const QHttpServerRequest &request, QTcpSocket *socket) override
    {
        makeResponder(request, socket).write(QHttpServerResponder::StatusCode::NotFound);
    }

private:
    ClassServer *m_owner;
};

namespace {

// No 0/O or 1/I/L: the code is read off a projector and typed.
QString newCode()
{
    static const char alphabet[] = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
    QString code;
    for (int i = 0; i < ClassServer::kCodeLength; ++i)
        code += QLatin1Char(alphabet[QRandomGenerator::system()->bounded(int(sizeof(alphabet) - 1))]);
    return code;
}

// Keeps letters, digits, spaces and punctuation; drops control and format characters (no
// bidi overrides: a nickname cannot reorder the text beside it).
QString cleanNickname(const QString &raw)
{
    QString out;
    for (const QChar c : raw) {
        const QChar::Category cat = c.category();
        if (cat == QChar::Other_Control || cat == QChar::Other_Format || cat == QChar::Other_NotAssigned ||
            cat == QChar::Other_PrivateUse || cat == QChar::Separator_Line ||
            cat == QChar::Separator_Paragraph)
            continue;
        out += c;
    }
    out = out.simplified();
    if (out.size() > ClassServer::kMaxNickname) {
        out.truncate(ClassServer::kMaxNickname);
        // Not half of a surrogate pair.
        if (out.back().isHighSurrogate())
            out.chop(1);
    }
    return out;
}

bool number(const QJsonObject &o, const char *key, double lo, double hi, double *out)
{
    const QJsonValue v = o.value(QLatin1String(key));
    if (!v.isDouble())
        return false;
    const double d = v.toDouble();
    if (!std::isfinite(d) || d < lo || d > hi)
        return false;
    *out = d;
    return true;
}

} // namespace

ClassServer::ClassServer(QObject *parent) : QObject(parent) {}

ClassServer::~ClassServer()
{
    stop();
}

bool ClassServer::start(quint16 port, const QHostAddress &address, QString *error)
{
    stop();
    m_code = newCode();
    m_http = std::make_unique<ClassHttpServer>(this);
    connect(m_http.get(), &QAbstractHttpServer::newWebSocketConnection, this, &ClassServer::acceptSockets);
    m_port = m_http->listen(address, port);
    if (m_port == 0) {
        if (error)
            *error = tr("cannot listen on port %1: %2")
                         .arg(port)
                         .arg(m_http->servers().isEmpty() ? QString()
                                                          : m_http->servers().constFirst()->errorString());
        m_http.reset();
        return false;
    }
    m_rejected = 0;
    m_nextClient = 1;
    return true;
}

void ClassServer::stop()
{
    const bool wasRunning = isRunning();
    const QList<QWebSocket *> sockets = m_clients.keys();
    m_clients.clear();
    for (QWebSocket *s : sockets) {
        s->disconnect(this);
        s->abort();
        s->deleteLater();
    }
    // Deleting the server closes its listening sockets and any HTTP connection it holds.
    m_http.reset();
    m_port = 0;
    m_code.clear();
    m_question.reset();
    m_answers.clear();
    m_truth.reset();
    m_revealed = false;
    if (wasRunning) {
        emit clientsChanged(0, 0);
        emit stopped();
    }
}

bool ClassServer::isRunning() const
{
    return m_http != nullptr;
}

QUrl ClassServer::pageUrl(const QString &host) const
{
    QUrl u;
    u.setScheme(QStringLiteral("http"));
    u.setHost(host);
    u.setPort(m_port);
    u.setPath(QLatin1Char('/') + m_code);
    return u;
}

QString ClassServer::lanAddress()
{
    for (const QHostAddress &a : QNetworkInterface::allAddresses())
        if (a.protocol() == QAbstractSocket::IPv4Protocol && !a.isLoopback() && !a.isLinkLocal())
            return a.toString();
    return QStringLiteral("127.0.0.1");
}

int ClassServer::joinedCount() const
{
    int n = 0;
    for (const Client &c : m_clients)
        n += c.nickname.isEmpty() ? 0 : 1;
    return n;
}

QByteArray ClassServer::page() const
{
    QFile f(QStringLiteral(":/rooflab/web/class.html"));
    if (!f.open(QIODevice::ReadOnly))
        return QByteArray("<!doctype html><title>RoofLab</title>page missing");
    QByteArray html = f.readAll();
    // The teacher's language, or the browser's when none is set (only "en"/"zh" can appear).
    const QByteArray lang = m_language.startsWith(QLatin1String("zh")) ? "zh"
                            : m_language.isEmpty()                     ? ""
                                                                       : "en";
    html.replace("__LANG__", lang);
    return html;
}

void ClassServer::acceptSockets()
{
    while (m_http && m_http->hasPendingWebSocketConnections()) {
        std::unique_ptr<QWebSocket> owned = m_http->nextPendingWebSocketConnection();
        QWebSocket *s = owned.release();
        s->setParent(this);
        s->setMaxAllowedIncomingFrameSize(kMaxMessageBytes);
        s->setMaxAllowedIncomingMessageSize(kMaxMessageBytes);
        const bool codeOk = s->requestUrl().path() == QLatin1Char('/') + m_code + QLatin1String("/ws");
        if (!codeOk || int(m_clients.size()) >= m_maxClients) {
            ++m_rejected;
            s->close(QWebSocketProtocol::CloseCodePolicyViolated,
                     codeOk ? QStringLiteral("full") : QStringLiteral("no such class"));
            s->deleteLater();
            continue;
        }
        Client c;
        c.id = m_nextClient++;
        c.window.start();
        m_clients.insert(s, c);
        connect(s, &QWebSocket::textMessageReceived, this, [this, s](const QString &t) { onMessage(s, t); });
        connect(s, &QWebSocket::binaryMessageReceived, this,
                [this, s](const QByteArray &) { reject(s, "type"); });
        connect(s, &QWebSocket::disconnected, this, [this, s] { drop(s); });
        send(s, {{"t", "hello"}, {"client", c.id}});
        if (m_question)
            send(s, questionMessage());
        emit clientsChanged(clientCount(), joinedCount());
    }
}

void ClassServer::drop(QWebSocket *socket)
{
    if (m_clients.remove(socket)) {
        socket->deleteLater();
        emit clientsChanged(clientCount(), joinedCount());
    }
}

void ClassServer::reject(QWebSocket *socket, const QString &code)
{
    ++m_rejected;
    if (m_clients.contains(socket))
        send(socket, {{"t", "error"}, {"code", code}});
}

void ClassServer::send(QWebSocket *socket, const QJsonObject &o)
{
    socket->sendTextMessage(QString::fromUtf8(QJsonDocument(o).toJson(QJsonDocument::Compact)));
}

void ClassServer::onMessage(QWebSocket *socket, const QString &text)
{
    auto it = m_clients.find(socket);
    if (it == m_clients.end())
        return;
    Client &c = it.value();
    if (c.window.elapsed() > kRateWindowMs) {
        c.window.restart();
        c.inWindow = 0;
        c.warnedRate = false;
    }
    if (++c.inWindow > kMaxMessagesPerWindow) {
        ++m_rejected;
        if (c.inWindow > kDropAfter) {
            m_clients.erase(it);
            socket->disconnect(this);
            socket->close(QWebSocketProtocol::CloseCodePolicyViolated, QStringLiteral("too many messages"));
            socket->deleteLater();
            emit clientsChanged(clientCount(), joinedCount());
            return;
        }
        if (!c.warnedRate) {
            c.warnedRate = true;
            send(socket, {{"t", "error"}, {"code", "rate"}});
        }
        return;
    }
    if (text.size() > kMaxMessageBytes)
        return reject(socket, "size");
    QJsonParseError perr;
    const QJsonDocument doc = QJsonDocument::fromJson(text.toUtf8(), &perr);
    if (perr.error != QJsonParseError::NoError || !doc.isObject())
        return reject(socket, "json");
    const QJsonObject o = doc.object();
    const QString type = o.value("t").toString();
    if (type == QLatin1String("join")) {
        if (!o.value("name").isString())
            return reject(socket, "nickname");
        const QString name = cleanNickname(o.value("name").toString());
        if (name.isEmpty())
            return reject(socket, "nickname");
        c.nickname = name;
        // The name an answer already given carries follows the new one.
        for (ClassAnswer &a : m_answers)
            if (a.client == c.id)
                a.nickname = name;
        send(socket, {{"t", "joined"}, {"name", name}});
        emit clientsChanged(clientCount(), joinedCount());
        return;
    }
    if (type == QLatin1String("answer")) {
        if (c.nickname.isEmpty())
            return reject(socket, "join");
        if (!m_question || m_revealed || o.value("ex").toInt(-1) != m_question->id ||
            !o.value("ex").isDouble())
            return reject(socket, "closed");
        if (!takeAnswer(c, o))
            return reject(socket, "range");
        send(socket, {{"t", "received"}, {"ex", m_question->id}});
        emit answersChanged(int(m_answers.size()));
        return;
    }
    reject(socket, "type");
}

bool ClassServer::takeAnswer(Client &c, const QJsonObject &o)
{
    const Question &q = *m_question;
    model::Guess g;
    switch (q.answer) {
    case model::AnswerType::Point:
        if (!number(o, "x", q.xMin, q.xMax, &g.x) || !number(o, "y", q.yMin, q.yMax, &g.y))
            return false;
        break;
    case model::AnswerType::Number:
        if (!number(o, "v", q.valueMin, q.valueMax, &g.value))
            return false;
        break;
    case model::AnswerType::Choice: {
        double choice = -1;
        if (!number(o, "c", 0, double(q.choices.size() - 1), &choice) || choice != std::floor(choice))
            return false;
        g.choice = int(choice);
        break;
    }
    }
    for (ClassAnswer &a : m_answers)
        if (a.client == c.id) {
            a.guess = g;
            return true;
        }
    m_answers.append({c.id, c.nickname, g});
    return true;
}

QJsonObject ClassServer::questionMessage() const
{
    const Question &q = *m_question;
    QJsonObject o{{"t", "ask"},
                  {"ex", q.id},
                  {"en", q.en},
                  {"zh", q.zh},
                  {"answer", model::answerTypeName(q.answer)},
                  {"revealed", m_revealed}};
    switch (q.answer) {
    case model::AnswerType::Point:
        o.insert("range", QJsonArray{q.xMin, q.xMax, q.yMin, q.yMax});
        break;
    case model::AnswerType::Number:
        o.insert("range", QJsonArray{q.valueMin, q.valueMax});
        o.insert("unit", q.unit);
        o.insert("log", q.logScale);
        break;
    case model::AnswerType::Choice:
        o.insert("choicesEn", QJsonArray::fromStringList(q.choiceLabelsEn));
        o.insert("choicesZh", QJsonArray::fromStringList(q.choiceLabelsZh));
        break;
    }
    return o;
}

void ClassServer::ask(const Question &q)
{
    m_question = q;
    m_answers.clear();
    m_truth.reset();
    m_revealed = false;
    const QJsonObject msg = questionMessage();
    for (auto it = m_clients.begin(); it != m_clients.end(); ++it)
        send(it.key(), msg);
    emit answersChanged(0);
}

void ClassServer::clearQuestion()
{
    m_question.reset();
    m_answers.clear();
    m_truth.reset();
    m_revealed = false;
    for (auto it = m_clients.begin(); it != m_clients.end(); ++it)
        send(it.key(), {{"t", "wait"}});
    emit answersChanged(0);
}

void ClassServer::reveal(const model::ExerciseTruth &truth)
{
    if (!m_question)
        return;
    m_truth = truth;
    m_revealed = true;
    const QString truthText = model::exercises::truthText(truth);
    for (auto it = m_clients.begin(); it != m_clients.end(); ++it) {
        QJsonObject o{{"t", "reveal"}, {"ex", m_question->id}, {"truth", truthText}};
        if (truth.answer == model::AnswerType::Point) {
            // The page draws the answer on its chart beside the student's own guess.
            o.insert("x", truth.x);
            o.insert("y", truth.y);
        }
        for (const ClassAnswer &a : std::as_const(m_answers))
            if (a.client == it.value().id) {
                const model::GuessError e = model::exercises::grade(truth, a.guess);
                o.insert("guess", model::exercises::guessText(truth, a.guess));
                o.insert("error", e.text);
                o.insert("right", e.right);
            }
        send(it.key(), o);
    }
}
