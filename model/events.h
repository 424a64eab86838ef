#pragma once

#include <QVariantMap>

#include "resultset.h"

#include <QByteArray>
#include <QJsonObject>
#include <QString>

#include <optional>

// The JSON-lines events of rooflab-cli worker and rooflab-cli replay (app/PROTOCOL.md): one
// JSON object per line, "event" naming its kind. Built and parsed here only, so the worker,
// replay and the GUI cannot drift apart.
namespace model::events {

// "memory.copy fp32 n=16777216 variant=vector": a run as the GUI shows it and messages name it.
QString describe(const QString &kernel, const QString &dtype, const QVariantMap &params);

// {"event":"progress","done":i,"total":n,"what":"..."}
QJsonObject progress(int done, int total, const QString &what);
// {"event":"measurement","measurement":{...as in a results file...}}
QJsonObject measurement(const Measurement &m);
// {"event":"ceiling","ceiling":{...as in a results file...}}
QJsonObject ceiling(const MeasuredCeiling &c);
// {"event":"device","device":{...as in a results file...}}
QJsonObject device(const DeviceInfo &d);
// {"event":"warning","message":"..."}: something was skipped; the request goes on.
QJsonObject warning(const QString &message);
// {"event":"error","message":"...","fatal":true}: fatal ends the request (a done follows).
QJsonObject error(const QString &message, bool fatal = true);
// {"event":"done","ok":true}: the last event of every request.
QJsonObject done(bool ok = true);

// The worker protocol's number (app/PROTOCOL.md). A client refuses a worker that says another
// one in its hello. 1: no hello; 2: hello first, ping answered at once.
constexpr int kProtocol = 2;
// {"event":"hello","protocol":2,"version":"0.1.0","host":"...","devices":n,...}: the worker's
// first line. `fields` adds what the worker knows (gpus, driver).
QJsonObject hello(const QString &version, const QString &host, int devices, const QJsonObject &fields = {});

// The event with the request's "id" added (when id is not empty), so answers can be matched.
QJsonObject withId(QJsonObject event, const QString &id);
// Compact JSON and a newline: one line of the stream.
QByteArray line(const QJsonObject &event);

// A worker with no device says "no CUDA device" or "no CUDA device (why)"
// (kernels::noDeviceMessage): whether message is one, and its why (empty when it names none),
// so a heading that already says "No CUDA device" adds only the why.
bool isNoDevice(const QString &message);
QString noDeviceWhy(const QString &message);

enum class Kind { Progress, Measurement, Ceiling, Device, Warning, Error, Done, Other };

// One parsed line. Unknown kinds come back as Other (newer workers may add events).
struct Event
{
    Kind kind = Kind::Other;
    QString name; // the "event" string
    QString id;   // request id, empty when none
    int done = 0, total = 0;
    QString what;
    QString message;
    bool fatal = true;
    bool ok = true;
    std::optional<model::Measurement> measurement;
    std::optional<model::MeasuredCeiling> ceiling;
    std::optional<model::DeviceInfo> device;
    QJsonObject json; // the whole line
};

// nullopt with *error set for a line that is not a JSON object with an "event" string, or
// whose measurement/ceiling does not pass the results-file checks.
std::optional<Event> parse(const QByteArray &line, QString *error);

} // namespace model::events
