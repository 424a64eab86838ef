#include "panels/paramvariety.h"

bool ParamVariety::add(const QString &kernel, const QVariantMap &params, bool precise)
{
    auto it = m_kernels.find(kernel);
    if (it == m_kernels.end()) {
        Kernel v;
        v.first = params;
        v.rows = 1;
        m_kernels.insert(kernel, v);
        return false;
    }
    Kernel &v = *it;
    // One row at a time (a live run), only a change of the texts shown costs the earlier rows a
    // repaint; a file at once repaints them once anyway.
    const QHash<QString, QString> before =
        precise && !v.keys.isEmpty() ? commonOf(v) : QHash<QString, QString>();
    for (const QString &key : std::as_const(v.keys))
        ++v.counts[key][valueText(params, key)];
    bool grew = false;
    if (!(v.first == params)) { // equal maps are often one shared map: cheap
        auto differs = [&](const QString &key) {
            // An import's launch id tells launches apart but says nothing; its grid and block do.
            if (v.keys.contains(key) || key == QLatin1String("ncu_id"))
                return;
            // Every row before this one had the first row's value.
            QHash<QString, int> &count = v.counts[key];
            count[valueText(v.first, key)] = v.rows;
            ++count[valueText(params, key)];
            v.keys.append(key);
            grew = true;
        };
        for (auto p = params.cbegin(); p != params.cend(); ++p)
            if (v.first.value(p.key()) != p.value())
                differs(p.key());
        for (auto p = v.first.cbegin(); p != v.first.cend(); ++p)
            if (!params.contains(p.key()))
                differs(p.key());
        if (grew)
            v.keys.sort();
    }
    ++v.rows;
    v.commonStale = true;
    if (grew)
        return true;
    if (v.keys.isEmpty())
        return false;
    return !precise || commonOf(v) != before;
}

QString ParamVariety::valueText(const QVariantMap &params, const QString &key)
{
    const auto it = params.constFind(key);
    return it == params.cend() ? QStringLiteral("—") : it->toString();
}

const QHash<QString, QString> &ParamVariety::commonOf(const Kernel &v)
{
    if (v.commonStale) {
        v.common.clear();
        for (auto k = v.counts.cbegin(); k != v.counts.cend(); ++k) {
            // The most rows; in a tie the first row's value (the rows after it read as changes).
            const QString first = valueText(v.first, k.key());
            QString best;
            int most = -1;
            for (auto c = k->cbegin(); c != k->cend(); ++c)
                if (c.value() > most ||
                    (c.value() == most && best != first && (c.key() == first || c.key() < best))) {
                    most = c.value();
                    best = c.key();
                }
            v.common.insert(k.key(), best);
        }
        v.commonStale = false;
    }
    return v.common;
}

QString ParamVariety::text(const QString &kernel, const QVariantMap &params) const
{
    const auto it = m_kernels.constFind(kernel);
    if (it == m_kernels.cend() || it->keys.isEmpty())
        return {};
    const QHash<QString, QString> &common = commonOf(*it);
    QStringList parts;
    for (const QString &key : it->keys)
        if (const QString value = valueText(params, key); value != common.value(key))
            parts << key + QLatin1Char('=') + value;
    return parts.join(QLatin1Char(' '));
}

void ParamVariety::clear()
{
    m_kernels.clear();
}
