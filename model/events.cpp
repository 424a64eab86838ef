#include "events.h"

#include <QCoreApplication>
#include <QJsonDocument>

namespace model::events {

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("model::events", text);
}

QJsonObject event(const char *name)
{
    return QJsonObject{{QStringLiteral("event"), QLatin1String(name)}};
}

} // namespace

QString describe(const QString &kernel, const QString &dtype, const QVariantMap &params)
{
    QStringList parts = {kernel};
    if (!dtype.isEmpty())
        parts.append(dtype);
    for (auto it = params.cbegin(); it != params.cend(); ++it)
        parts.append(it.key() + QLatin1Char('=') + it.value().toString());
    return parts.join(QLatin1Char(' '));
}

QJsonObject progress(int done, int total, const QString &what)
{
    QJsonObject e = event("progress");
    e.insert(QStringLiteral("done"), done);
    e.insert(QStringLiteral("total"), total);
    e.insert(QStringLiteral("what"), what);
    return e;
}

QJsonObject measurement(const Measurement &m)
{
    QJsonObject e = event("measurement");
    e.insert(QStringLiteral("measurement"), ResultSet::toJson(m));
    return e;
}

QJsonObject ceiling(const MeasuredCeiling &c)
{
    QJsonObject e = event("ceiling");
    e.insert(QStringLiteral("ceiling"), ResultSet::toJson(c));
    return e;
}

QJsonObject device(const DeviceInfo &d)
{
    QJsonObject e = event("device");
    e.insert(QStringLiteral("device"), ResultSet::toJson(d));
    return e;
}

QJsonObject warning(const QString &message)
{
    QJsonObject e = event("warning");
    e.insert(QStringLiteral("message"), message);
    return e;
}

QJsonObject error(const QString &message, bool fatal)
{
    QJsonObject e = event("error");
    e.insert(QStringLiteral("message"), message);
    e.insert(QStringLiteral("fatal"), fatal);
    return e;
}

QJsonObject done(bool ok)
{
    QJsonObject e = event("done");
    e.insert(QStringLiteral("ok"), ok);
    return e;
}

QJsonObject hello(const QString &version, const QString &host, int devices, const QJsonObject &fields)
{
    QJsonObject o = fields;
    o.insert(QStringLiteral("event"), QStringLiteral("hello"));
    o.insert(QStringLiteral("protocol"), kProtocol);
    o.insert(QStringLiteral("version"), version);
    o.insert(QStringLiteral("host"), host);
    o.insert(QStringLiteral("devices"), devices);
    return o;
}

QJsonObject withId(QJsonObject event, const QString &id)
{
    if (!id.isEmpty())
        event.insert(QStringLiteral("id"), id);
    return event;
}

QByteArray line(const QJsonObject &event)
{
    return QJsonDocument(event).toJson(QJsonDocument::Compact) + '\n';
}

namespace {
const QLatin1String kNoDevice("no CUDA device");
}

bool isNoDevice(const QString &message)
{
    return message.startsWith(kNoDevice, Qt::CaseInsensitive);
}

QString noDeviceWhy(const QString &message)
{
    if (!isNoDevice(message))
        return {};
    QString why = message.mid(kNoDevice.size()).trimmed();
    if (why.endsWith(QLatin1Char('.')))
        why.chop(1);
    if (why.startsWith(QLatin1Char('(')) && why.endsWith(QLatin1Char(')')))
        why = why.mid(1, why.size() - 2);
    return why.trimmed();
}

std::optional<Event> parse(const QByteArray &line, QString *error)
{
    auto refuse = [error](const QString &message) -> std::optional<Event> {
        if (error)
            *error = message;
        return std::nullopt;
    };
    QJsonParseError pe;
    const QJsonDocument doc = QJsonDocument::fromJson(line, &pe);
    if (pe.error != QJsonParseError::NoError)
        return refuse(tr("not JSON: %1 at offset %2").arg(pe.errorString()).arg(pe.offset));
    if (!doc.isObject() || !doc.object().value(QLatin1String("event")).isString())
        return refuse(tr("not an event (a JSON object with an \"event\" string)"));
    Event e;
    e.json = doc.object();
    e.name = e.json.value(QLatin1String("event")).toString();
    e.id = e.json.value(QLatin1String("id")).toVariant().toString();
    QString why;
    if (e.name == QLatin1String("progress")) {
        e.kind = Kind::Progress;
        e.done = e.json.value(QLatin1String("done")).toInt();
        e.total = e.json.value(QLatin1String("total")).toInt();
        e.what = e.json.value(QLatin1String("what")).toString();
    } else if (e.name == QLatin1String("measurement")) {
        e.kind = Kind::Measurement;
        e.measurement =
            ResultSet::measurementFromJson(e.json.value(QLatin1String("measurement")).toObject(), &why);
        if (!e.measurement)
            return refuse(tr("measurement event: %1").arg(why));
    } else if (e.name == QLatin1String("ceiling")) {
        e.kind = Kind::Ceiling;
        e.ceiling = ResultSet::ceilingFromJson(e.json.value(QLatin1String("ceiling")).toObject(), &why);
        if (!e.ceiling)
            return refuse(tr("ceiling event: %1").arg(why));
    } else if (e.name == QLatin1String("device")) {
        e.kind = Kind::Device;
        e.device = ResultSet::deviceFromJson(e.json.value(QLatin1String("device")).toObject());
    } else if (e.name == QLatin1String("warning")) {
        e.kind = Kind::Warning;
        e.message = e.json.value(QLatin1String("message")).toString();
    } else if (e.name == QLatin1String("error")) {
        e.kind = Kind::Error;
        e.message = e.json.value(QLatin1String("message")).toString();
        e.fatal = e.json.value(QLatin1String("fatal")).toBool(true);
    } else if (e.name == QLatin1String("done")) {
        e.kind = Kind::Done;
        e.ok = e.json.value(QLatin1String("ok")).toBool(true);
    }
    return e;
}

} // namespace model::events
