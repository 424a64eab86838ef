#pragma once

#include <QList>
#include <QString>

namespace kernels {

// One CUDA device as the runtime reports it (cudaGetDeviceProperties + attributes).
struct Device
{
    int index = -1;
    QString name;
    int major = 0, minor = 0;
    int sms = 0;
    double clockMhz = 0;    // maximum SM clock
    double memClockMhz = 0; // memory clock
    qint64 memBytes = 0;
    int memBusBits = 0;
    qint64 l2Bytes = 0;
    int warpSize = 32;
    int maxThreadsPerBlock = 0;
    int maxThreadsPerSm = 0;
    int maxBlocksPerSm = 0;
    int regsPerSm = 0;
    int regsPerBlock = 0;
    qint64 smemPerBlock = 0;
    qint64 smemPerBlockOptin = 0;
    qint64 smemPerSm = 0;
    qint64 reservedSmemPerBlock = 0;
    QString uuid; // "GPU-8ef1...", as nvidia-smi -L names it

    QString cc() const { return QStringLiteral("%1.%2").arg(major).arg(minor); }
    QString arch() const { return QStringLiteral("sm_%1%2").arg(major).arg(minor); }
};

// Every CUDA device. Empty, with *why set, when there is none: no driver (libcuda.so is only
// on GPU machines; the runtime is linked statically so the program still starts), no device,
// or a driver older than the runtime.
QList<Device> cudaDevices(QString *why = nullptr);
// "no CUDA device (why)": what every entry point says when there is none.
QString noDeviceMessage(const QString &why);
// The NVIDIA driver version ("580.159.04") when the kernel module says it, else the CUDA
// driver API version ("13.0"); empty without a driver.
QString driverVersion();
QString runtimeVersion(); // CUDA runtime linked in, "13.0"

} // namespace kernels
