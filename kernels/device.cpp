#include "device.h"

#include "compiler.h"
#include "cudacheck.h"

#include <QCoreApplication>
#include <QFile>
#include <QRegularExpression>

#include <cuda_runtime_api.h>

namespace kernels {

namespace {
QString tr(const char *s)
{
    return QCoreApplication::translate("kernels::Device", s);
}

QString versionText(int v)
{
    return QStringLiteral("%1.%2").arg(v / 1000).arg((v % 1000) / 10);
}
} // namespace

QList<Device> cudaDevices(QString *why)
{
    preferRealCompiles(); // before the driver starts (see compiler.h)
    int count = 0;
    const cudaError_t e = cudaGetDeviceCount(&count);
    if (e != cudaSuccess || count == 0) {
        if (why) {
            if (e == cudaErrorInsufficientDriver)
                *why = tr("no NVIDIA driver found, or one older than CUDA %1 (%2)")
                           .arg(runtimeVersion(), QString::fromLatin1(cudaGetErrorString(e)));
            else if (e == cudaErrorNoDevice || e == cudaSuccess)
                *why = tr("no CUDA-capable device is detected");
            else
                *why = QString::fromLatin1(cudaGetErrorString(e));
        }
        cudaGetLastError(); // clear it
        return {};
    }
    QList<Device> out;
    for (int i = 0; i < count; ++i) {
        cudaDeviceProp p{};
        if (cudaGetDeviceProperties(&p, i) != cudaSuccess) {
            cudaGetLastError();
            continue;
        }
        Device d;
        d.index = i;
        d.name = QString::fromUtf8(p.name);
        d.major = p.major;
        d.minor = p.minor;
        d.sms = p.multiProcessorCount;
        int khz = 0;
        if (cudaDeviceGetAttribute(&khz, cudaDevAttrClockRate, i) == cudaSuccess)
            d.clockMhz = khz / 1000.0;
        if (cudaDeviceGetAttribute(&khz, cudaDevAttrMemoryClockRate, i) == cudaSuccess)
            d.memClockMhz = khz / 1000.0;
        d.memBytes = qint64(p.totalGlobalMem);
        d.memBusBits = p.memoryBusWidth;
        d.l2Bytes = p.l2CacheSize;
        d.warpSize = p.warpSize;
        d.maxThreadsPerBlock = p.maxThreadsPerBlock;
        d.maxThreadsPerSm = p.maxThreadsPerMultiProcessor;
        d.maxBlocksPerSm = p.maxBlocksPerMultiProcessor;
        d.regsPerSm = p.regsPerMultiprocessor;
        d.regsPerBlock = p.regsPerBlock;
        d.smemPerBlock = qint64(p.sharedMemPerBlock);
        d.smemPerBlockOptin = qint64(p.sharedMemPerBlockOptin);
        d.smemPerSm = qint64(p.sharedMemPerMultiprocessor);
        d.reservedSmemPerBlock = qint64(p.reservedSharedMemPerBlock);
        // "GPU-xxxxxxxx-xxxx-...", as nvidia-smi -L prints it: names one GPU across hosts and reboots.
        const QByteArray u = QByteArray(reinterpret_cast<const char *>(p.uuid.bytes), 16).toHex();
        d.uuid = QStringLiteral("GPU-%1-%2-%3-%4-%5")
                     .arg(QString::fromLatin1(u.mid(0, 8)), QString::fromLatin1(u.mid(8, 4)),
                          QString::fromLatin1(u.mid(12, 4)), QString::fromLatin1(u.mid(16, 4)),
                          QString::fromLatin1(u.mid(20, 12)));
        out.append(d);
    }
    if (out.isEmpty() && why)
        *why = tr("cudaGetDeviceProperties failed for every device");
    return out;
}

QString noDeviceMessage(const QString &why)
{
    return why.isEmpty() ? tr("no CUDA device") : tr("no CUDA device (%1)").arg(why);
}

QString driverVersion()
{
    QFile f(QStringLiteral("/proc/driver/nvidia/version"));
    if (f.open(QIODevice::ReadOnly)) {
        static const QRegularExpression re(
            QStringLiteral("Kernel Module(?: for \\S+)?\\s+(\\d+\\.\\d+(?:\\.\\d+)?)"));
        const auto m = re.match(QString::fromUtf8(f.readAll()));
        if (m.hasMatch())
            return m.captured(1);
    }
    int v = 0;
    if (cudaDriverGetVersion(&v) == cudaSuccess && v > 0)
        return versionText(v);
    return {};
}

QString runtimeVersion()
{
    int v = 0;
    if (cudaRuntimeGetVersion(&v) == cudaSuccess && v > 0)
        return versionText(v);
    return QStringLiteral("%1.%2").arg(CUDART_VERSION / 1000).arg((CUDART_VERSION % 1000) / 10);
}

} // namespace kernels
