#include "paths.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>

namespace model {

QString resourceDir()
{
    const QString env = qEnvironmentVariable("ROOFLAB_RESOURCES");
    if (!env.isEmpty() && QFileInfo(env + "/gpus").isDir())
        return QDir(env).absolutePath();
    const QString exeDir = QCoreApplication::instance() ? QCoreApplication::applicationDirPath() : QString();
    if (!exeDir.isEmpty()) {
        for (const QString &rel : {QStringLiteral("/../share/rooflab"), QStringLiteral("/resources"),
                                   QStringLiteral("/../resources")}) {
            const QString candidate = QDir::cleanPath(exeDir + rel);
            if (QFileInfo(candidate + "/gpus").isDir())
                return candidate;
        }
    }
    return QStringLiteral(ROOFLAB_SOURCE_RESOURCES);
}

QString resourcePath(const QString &relative)
{
    return resourceDir() + '/' + relative;
}

} // namespace model
