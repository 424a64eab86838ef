#pragma once

#include <QJsonObject>
#include <QStringList>

#include <algorithm>

// Which GPU a result came from, as a colour slot of the chart: results carry "host" and
// "device_uuid" (or "device_index") from the worker (app/PROTOCOL.md), so measured ceilings and
// points of several GPUs or hosts can be drawn side by side, like the spec comparison. Results
// without them (older files) share slot 0.
class DeviceSlots
{
public:
    static QString keyOf(const QJsonObject &extra)
    {
        const QString host = extra.value(QLatin1String("host")).toString();
        QString gpu = extra.value(QLatin1String("device_uuid")).toString();
        if (gpu.isEmpty() && extra.contains(QLatin1String("device_index")))
            gpu = QString::number(extra.value(QLatin1String("device_index")).toInt());
        return gpu.isEmpty() ? QString() : host + QLatin1Char('/') + gpu;
    }
    // Collects the devices first (see()), then hands out slots in that order.
    void see(const QJsonObject &extra)
    {
        const QString k = keyOf(extra);
        if (!k.isEmpty() && !m_keys.contains(k))
            m_keys.append(k);
    }
    bool several() const { return m_keys.size() > 1; }
    int count() const { return int(m_keys.size()); }
    int slotOf(const QJsonObject &extra) const { return std::max(0, int(m_keys.indexOf(keyOf(extra)))); }
    // "gpu-lab GPU 1" for labels; empty for results without a device.
    static QString nameOf(const QJsonObject &extra)
    {
        if (keyOf(extra).isEmpty())
            return {};
        return QStringLiteral("%1 GPU %2")
            .arg(extra.value(QLatin1String("host")).toString())
            .arg(extra.value(QLatin1String("device_index")).toInt())
            .trimmed();
    }

private:
    QStringList m_keys;
};
