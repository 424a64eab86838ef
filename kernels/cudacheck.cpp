#include "cudacheck.h"

#include <QFileInfo>

namespace kernels {

QString cudaMessage(cudaError_t e, const char *what, const char *file, int line)
{
    return QStringLiteral("%1: %2 (%3, %4:%5)")
        .arg(QString::fromLatin1(what), QString::fromLatin1(cudaGetErrorString(e)),
             QString::fromLatin1(cudaGetErrorName(e)), QFileInfo(QString::fromLatin1(file)).fileName())
        .arg(line);
}

bool cudaOk(cudaError_t e, const char *what, const char *file, int line, QString *error)
{
    if (e == cudaSuccess)
        return true;
    if (error)
        *error = cudaMessage(e, what, file, line);
    return false;
}

bool isStickyError(cudaError_t e)
{
    switch (e) {
    case cudaErrorIllegalAddress:
    case cudaErrorLaunchFailure:
    case cudaErrorHardwareStackError:
    case cudaErrorIllegalInstruction:
    case cudaErrorMisalignedAddress:
    case cudaErrorInvalidAddressSpace:
    case cudaErrorInvalidPc:
    case cudaErrorAssert:
    case cudaErrorLaunchTimeout:
    case cudaErrorECCUncorrectable:
    case cudaErrorUnknown:
        return true;
    default:
        return false;
    }
}

} // namespace kernels
