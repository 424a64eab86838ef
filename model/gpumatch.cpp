#include "gpumatch.h"

#include <QRegularExpression>
#include <QStringList>

namespace model {

const Gpu *matchGpu(const SpecDb &db, const DeviceInfo &device)
{
    if (!device.spec.isEmpty())
        if (const Gpu *g = db.find(device.spec))
            return g;
    // Same idea as the worker's match: the device's model token ("h200", "4090") must be in the
    // entry's name, the SM count must agree, and more shared name tokens win.
    static const QRegularExpression split(QStringLiteral("[^a-z0-9]+"));
    static const QStringList generic = {"nvidia", "geforce", "tesla", "quadro", "rtx"};
    const QStringList tokens = device.name.toLower().split(split, Qt::SkipEmptyParts);
    QString modelToken;
    for (const QString &t : tokens)
        if (!generic.contains(t)) {
            modelToken = t;
            break;
        }
    if (modelToken.isEmpty())
        return nullptr;
    const Gpu *best = nullptr;
    int bestScore = -1;
    for (const Gpu &g : db.gpus()) {
        if (g.fromDevice)
            continue;
        if (!g.computeCapability.isEmpty() && !device.cc.isEmpty() && g.computeCapability != device.cc)
            continue;
        if (g.smCount() > 0 && device.sms > 0 && g.smCount() != device.sms)
            continue;
        const QStringList gt = g.name.toLower().split(split, Qt::SkipEmptyParts);
        if (!gt.contains(modelToken))
            continue;
        int score = 0;
        for (const QString &t : tokens)
            score += gt.contains(t) ? 10 : 0;
        if (g.smCount() == device.sms)
            score += 5;          // an entry whose SM count is known and agrees beats one without
        score -= int(gt.size()); // "H200 SXM" before "H200 NVL 141GB" when nothing else decides
        if (score > bestScore) {
            best = &g;
            bestScore = score;
        }
    }
    return best;
}

} // namespace model
