#include "kernelpaths.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>

namespace kernels {

QStringList kernelSourceCandidates()
{
    QStringList c;
    const QString env = qEnvironmentVariable("ROOFLAB_KERNELS");
    if (!env.isEmpty())
        c.append(env);
    if (QCoreApplication::instance()) {
        const QString exe = QCoreApplication::applicationDirPath();
        c.append(QDir::cleanPath(exe + "/../share/rooflab/kernels"));
        c.append(QDir::cleanPath(exe + "/kernels"));
    }
    c.append(QStringLiteral(ROOFLAB_SOURCE_KERNELS));
    return c;
}

QString kernelSourceDir()
{
    for (const QString &dir : kernelSourceCandidates())
        if (QFileInfo::exists(dir + "/memory.cu"))
            return QDir(dir).absolutePath();
    return {};
}

QStringList cudaIncludeCandidates()
{
    QStringList c;
    const QString env = qEnvironmentVariable("ROOFLAB_CUDA_INCLUDE");
    if (!env.isEmpty())
        c.append(env);
    const QString home = qEnvironmentVariable("CUDA_HOME");
    if (!home.isEmpty())
        c.append(home + "/include");
    c.append(QStringLiteral("/usr/local/cuda/include"));
    for (const QString &d : QStringLiteral(ROOFLAB_CUDA_INCLUDE_DIRS).split(';', Qt::SkipEmptyParts))
        c.append(d);
    return c;
}

QString cudaIncludeDir()
{
    for (const QString &dir : cudaIncludeCandidates())
        if (QFileInfo::exists(dir + "/cuda_fp16.h"))
            return QDir(dir).absolutePath();
    return {};
}

} // namespace kernels
