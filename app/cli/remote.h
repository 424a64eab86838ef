#pragma once

// rooflab-cli as a client of a worker (app/PROTOCOL.md): --host NAME (from the settings) or
// --via "COMMAND" run devices/compile/run/ceilings/suite/ladder through `rooflab-cli worker`
// there, with the GUI's WorkerClient; --device all runs one worker per GPU, one after another or
// (--parallel) together.
#include "resultset.h"

#include <QCommandLineParser>
#include <QJsonObject>
#include <QList>
#include <QString>

#include <memory>
#include <optional>

class WorkerClient;

namespace cli {

struct Remote
{
    QString name;    // for messages
    QString command; // empty: a worker of this program on this computer (--device all)
};

// --host, --via (and --parallel with allowAll): the options every client subcommand takes.
void addRemoteOptions(QCommandLineParser &p, bool deviceAll);
// The host the options name; nullopt: run here, in this process. *code is set (2) on bad usage.
std::optional<Remote> remoteOf(const QCommandLineParser &p, int *code);
// "--device all": every device (-1); else the index; nullopt (message printed) when malformed.
std::optional<int> deviceChoice(const QCommandLineParser &p, bool allowAll);

// What one worker request brought back.
struct Outcome
{
    int device = 0;
    bool ok = false;
    int code = 0; // rooflab-cli exit code: 0, 1, 2, 3
    QString message;
    model::ResultSet results;         // the device it ran on, its measurements and ceilings
    QList<model::DeviceInfo> devices; // every device event (the answer to "devices")
    QList<QJsonObject> other;         // events without a signal of their own ("compiled")
    QStringList warnings;             // a suite's items that failed, and what else it warned of
    bool errored = false;             // a fatal error ended the request (no device, context lost, transport)
    QJsonObject hello;
};

// One worker there, kept for several requests (rooflab-cli ladder sends a request per group).
class RemoteSession
{
public:
    explicit RemoteSession(const Remote &host);
    ~RemoteSession();
    Outcome request(const QString &kind, const QJsonObject &fields);
    const Remote &host() const { return m_host; }

private:
    Remote m_host;
    std::unique_ptr<WorkerClient> m_client;
};

// Sends one request (`kind` with `fields`) to a worker per device in `devices` (empty: one
// worker, no "device" field) and waits for every answer; progress goes to stderr.
QList<Outcome> runRemote(const Remote &host, const QString &kind, const QJsonObject &fields,
                         const QList<int> &devices = {}, bool parallel = false);
// The device indices the worker there reports (empty: none; *code 3 and message printed).
QList<model::DeviceInfo> remoteDevices(const Remote &host, int *code, QJsonObject *hello = nullptr);
// Results file name of one device when several are written: run.json -> run-gpu1.json.
QString perDevicePath(const QString &path, int device);
// Exit code of several outcomes: 3 when every one had no device, 1 when any failed.
int combinedExit(const QList<Outcome> &outcomes);

} // namespace cli
