#pragma once

// Stand-in programs the tests start instead of real ones (a worker, ncu, nvdisasm): short
// shell scripts written into a temporary folder.
#include <QByteArray>
#include <QFile>
#include <QString>

namespace rooflab::test {

// Writes "#!/bin/sh" and `body` to `path` and makes it executable by its owner; returns the
// path, or an empty string when it cannot be written.
inline QString writeScript(const QString &path, const QByteArray &body)
{
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        return {};
    f.write("#!/bin/sh\n" + body);
    f.close();
    if (!f.setPermissions(f.permissions() | QFileDevice::ExeOwner))
        return {};
    return path;
}

// A worker stand-in (run as `path worker`): says hello (worker protocol `protocol`), then
// answers every request line with the events in `eventsFile`, each given the request's id, as
// rooflab-cli worker would.
inline QString replayWorker(const QString &path, const QString &eventsFile, int protocol)
{
    return writeScript(
        path, QStringLiteral("printf "
                             "'{\"event\":\"hello\",\"protocol\":%2,\"version\":\"0\",\"host\":\"stand-in\","
                             "\"devices\":1}\\n'\n"
                             "while IFS= read -r line; do\n"
                             "  id=$(printf '%s' \"$line\" | sed -n 's/.*\"id\":\"\\([^\"]*\\)\".*/\\1/p')\n"
                             "  sed \"s/}\\$/,\\\"id\\\":\\\"$id\\\"}/\" '%1'\n"
                             "done\n")
                  .arg(eventsFile)
                  .arg(protocol)
                  .toUtf8());
}

} // namespace rooflab::test
