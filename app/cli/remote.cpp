#include "remote.h"

#include "cliutil.h"
#include "hosts.h"
#include "workerclient.h"

#include <QCoreApplication>
#include <QDir>
#include <QEventLoop>
#include <QFileInfo>
#include <QProcess>
#include <QTextStream>

#include <functional>
#include <memory>

namespace cli {

namespace {

QString tr(const char *s)
{
    return QCoreApplication::translate("cli::Remote", s);
}

void note(const QString &line)
{
    QTextStream(stderr) << line << '\n' << Qt::flush;
}

std::unique_ptr<WorkerClient> clientFor(const Remote &host)
{
    auto c = std::make_unique<WorkerClient>();
    // The worker of this very program when there is no host command (--device all here).
    c->setProgram(QCoreApplication::applicationFilePath());
    c->setHost(host.name, host.command);
    c->setTimeLimit(QStringLiteral("suite"), 600'000);
    return c;
}

} // namespace

void addRemoteOptions(QCommandLineParser &p, bool deviceAll)
{
    p.addOption(
        {"host", "run through the worker of this host from the settings (rooflab's Hosts dialog)", "NAME"});
    p.addOption({"via",
                 "run through the worker this command starts, e.g. \"ssh -T gpu-lab rooflab-cli worker\"",
                 "COMMAND"});
    if (deviceAll)
        p.addOption(
            {"parallel", "with --device all: run the GPUs together (they share power and host bandwidth)"});
}

std::optional<Remote> remoteOf(const QCommandLineParser &p, int *code)
{
    *code = Ok;
    if (p.isSet("host") && p.isSet("via")) {
        *code = badInput(tr("--host and --via cannot be used together"));
        return std::nullopt;
    }
    if (p.isSet("via")) {
        const QString command = p.value("via").trimmed();
        QString why;
        if (Hosts::splitCommand(command, &why).isEmpty()) {
            *code = badInput(tr("--via: %1 (it is the command that starts rooflab-cli worker)").arg(why));
            return std::nullopt;
        }
        return Remote{Hosts::nameOf(command), command};
    }
    if (p.isSet("host")) {
        // By name from the user's own settings only.
        const auto h = Hosts::find(p.value("host"));
        if (!h) {
            QStringList names;
            for (const Host &x : Hosts::load())
                if (!x.isLocal())
                    names.append(x.name);
            *code = badInput(tr("--host: no host \"%1\" in the settings (hosts: %2)")
                                 .arg(p.value("host"), names.isEmpty() ? tr("none yet") : names.join(", ")));
            return std::nullopt;
        }
        if (h->isLocal())
            return std::nullopt;
        return Remote{h->name, h->command};
    }
    return std::nullopt;
}

std::optional<int> deviceChoice(const QCommandLineParser &p, bool allowAll)
{
    const QString v = p.value("device");
    if (allowAll && v == QLatin1String("all"))
        return -1;
    bool ok = false;
    const int d = v.toInt(&ok);
    if (!ok || d < 0) {
        badInput(allowAll ? tr("--device: \"%1\" is not a device index or \"all\"").arg(v)
                          : tr("--device: \"%1\" is not a device index").arg(v));
        return std::nullopt;
    }
    return d;
}

QList<Outcome> runRemote(const Remote &host, const QString &kind, const QJsonObject &fields,
                         const QList<int> &devices, bool parallel)
{
    const QList<int> targets = devices.isEmpty() ? QList<int>{-1} : devices;
    QList<Outcome> outcomes(targets.size());
    std::vector<std::unique_ptr<WorkerClient>> clients;
    QEventLoop loop;
    int open = 0;
    qsizetype next = 0;
    std::function<void()> launch;
    auto sendOne = [&](qsizetype i) {
        auto c = clientFor(host);
        WorkerClient *w = c.get();
        Outcome &o = outcomes[i];
        o.device = std::max(0, targets.at(i));
        const QString tag = targets.size() > 1 ? QStringLiteral("[%1 gpu%2] ").arg(host.name).arg(o.device)
                                               : QStringLiteral("[%1] ").arg(host.name);
        QObject::connect(w, &WorkerClient::connected, w, [&o](const QJsonObject &h) { o.hello = h; });
        QObject::connect(w, &WorkerClient::waiting, w, [tag](const QString &m) {
            if (!m.isEmpty())
                note(tag + tr("waiting: %1").arg(m));
        });
        QObject::connect(w, &WorkerClient::progress, w,
                         [tag](const QString &, int done, int total, const QString &what) {
                             note(tag + QStringLiteral("%1/%2 %3").arg(done).arg(total).arg(what));
                         });
        QObject::connect(w, &WorkerClient::device, w, [&o](const QString &, const model::DeviceInfo &d) {
            o.results.device = d;
            o.devices.append(d);
        });
        QObject::connect(
            w, &WorkerClient::measurement, w,
            [&o](const QString &, const model::Measurement &m) { o.results.measurements.append(m); });
        QObject::connect(
            w, &WorkerClient::ceiling, w,
            [&o](const QString &, const model::MeasuredCeiling &c) { o.results.ceilings.append(c); });
        QObject::connect(w, &WorkerClient::warning, w, [tag, &o](const QString &, const QString &m) {
            o.warnings.append(m);
            note(tag + m);
        });
        QObject::connect(w, &WorkerClient::otherEvent, w,
                         [&o](const QString &, const QJsonObject &e) { o.other.append(e); });
        QObject::connect(w, &WorkerClient::error, w, [&o](const QString &, const QString &, int code) {
            o.errored = true;
            if (o.code == Ok || code == NoDevice)
                o.code = code;
        });
        QObject::connect(
            w, &WorkerClient::finished, w,
            [&o, &open, &loop, &launch, parallel](const QString &, bool ok, const QString &message) {
                o.ok = ok;
                o.message = message;
                if (!ok && o.code == Ok)
                    o.code = Failed;
                if (--open == 0 && !parallel)
                    launch();
                if (open == 0)
                    loop.quit();
            });
        QJsonObject f = fields;
        if (targets.at(i) >= 0)
            f.insert(QStringLiteral("device"), targets.at(i));
        ++open;
        if (w->send(kind, f).isEmpty()) {
            --open;
            o.code = Failed;
            o.message = w->lastFailure();
        }
        clients.push_back(std::move(c));
    };
    launch = [&] {
        while (next < targets.size()) {
            sendOne(next++);
            if (!parallel && open > 0)
                return;
        }
    };
    launch();
    if (open > 0)
        loop.exec();
    for (const Outcome &o : outcomes)
        if (!o.ok && !o.message.isEmpty())
            note(QStringLiteral("rooflab-cli: %1").arg(o.message));
    return outcomes; // each client closes its worker's stdin and waits for it as it goes
}

QList<model::DeviceInfo> remoteDevices(const Remote &host, int *code, QJsonObject *hello)
{
    const QList<Outcome> o = runRemote(host, QStringLiteral("devices"), {});
    *code = o.first().ok ? Ok : o.first().code;
    if (hello)
        *hello = o.first().hello;
    if (*code == Ok && o.first().devices.isEmpty())
        note(QStringLiteral("rooflab-cli: %1: %2").arg(host.name, o.first().message));
    return o.first().devices;
}

RemoteSession::RemoteSession(const Remote &host) : m_host(host), m_client(clientFor(host)) {}

RemoteSession::~RemoteSession() = default;

Outcome RemoteSession::request(const QString &kind, const QJsonObject &fields)
{
    WorkerClient *w = m_client.get();
    Outcome o;
    QEventLoop loop;
    QObject ctx; // the connections of this request only
    QObject::connect(w, &WorkerClient::connected, &ctx, [&o](const QJsonObject &h) { o.hello = h; });
    QObject::connect(w, &WorkerClient::waiting, &ctx, [this](const QString &m) {
        if (!m.isEmpty())
            note(QStringLiteral("[%1] ").arg(m_host.name) + tr("waiting: %1").arg(m));
    });
    QObject::connect(w, &WorkerClient::progress, &ctx,
                     [this](const QString &, int, int, const QString &what) {
                         note(QStringLiteral("  [%1] %2").arg(m_host.name, what));
                     });
    QObject::connect(w, &WorkerClient::device, &ctx, [&o](const QString &, const model::DeviceInfo &d) {
        o.results.device = d;
        o.devices.append(d);
    });
    QObject::connect(w, &WorkerClient::measurement, &ctx, [&o](const QString &, const model::Measurement &m) {
        o.results.measurements.append(m);
    });
    QObject::connect(w, &WorkerClient::ceiling, &ctx, [&o](const QString &, const model::MeasuredCeiling &c) {
        o.results.ceilings.append(c);
    });
    QObject::connect(w, &WorkerClient::warning, &ctx,
                     [&o](const QString &, const QString &m) { o.warnings.append(m); });
    QObject::connect(w, &WorkerClient::otherEvent, &ctx,
                     [&o](const QString &, const QJsonObject &e) { o.other.append(e); });
    QObject::connect(w, &WorkerClient::error, &ctx, [&o](const QString &, const QString &, int code) {
        o.errored = true;
        if (o.code == Ok || code == NoDevice)
            o.code = code;
    });
    QString id;
    bool done = false;
    QObject::connect(w, &WorkerClient::finished, &ctx,
                     [&](const QString &which, bool ok, const QString &message) {
                         if (which != id)
                             return;
                         o.ok = ok;
                         o.message = message;
                         if (!ok && o.code == Ok)
                             o.code = Failed;
                         done = true;
                         loop.quit();
                     });
    id = w->send(kind, fields);
    if (id.isEmpty()) {
        o.code = Failed;
        o.errored = true;
        o.message = w->lastFailure();
    } else if (!done) {
        loop.exec();
    }
    if (!o.ok && !o.message.isEmpty())
        note(QStringLiteral("rooflab-cli: %1").arg(o.message));
    return o;
}

QString perDevicePath(const QString &path, int device)
{
    const QFileInfo fi(path);
    const QString suffix = fi.completeSuffix().isEmpty() ? QString() : QLatin1Char('.') + fi.completeSuffix();
    return fi.dir().filePath(QStringLiteral("%1-gpu%2%3").arg(fi.baseName()).arg(device).arg(suffix));
}

int combinedExit(const QList<Outcome> &outcomes)
{
    bool allNoDevice = !outcomes.isEmpty();
    bool failed = false;
    for (const Outcome &o : outcomes) {
        allNoDevice = allNoDevice && o.code == NoDevice;
        failed = failed || !o.ok;
    }
    if (allNoDevice)
        return NoDevice;
    for (const Outcome &o : outcomes)
        if (o.code == BadInput)
            return BadInput;
    return failed ? Failed : Ok;
}

} // namespace cli
