#include "workspace/workloadmodel.h"

#include <cmath>

namespace {

bool isFlag(const QString &name)
{
    return name == QLatin1String("fused") || name == QLatin1String("residual") ||
           name == QLatin1String("unfused");
}

// Parameters whose value says "not used" and would only be noise in a label: a GEMM's group
// without quantization (wbits 0), attention's Hkv and Sq at 0 (as many as H, as long as S).
bool isDefaulted(const model::Shape &shape, const QString &key)
{
    if (key == QLatin1String("wbits") || key == QLatin1String("Hkv") || key == QLatin1String("Sq"))
        return shape.value(key) == 0;
    if (key == QLatin1String("group"))
        return shape.value(QStringLiteral("wbits")) == 0;
    return false;
}

// 67108864 -> "2^26": the sizes people type are powers of two, and the digits are unreadable.
QString compactNumber(double v)
{
    if (v >= 65536 && v == std::floor(v)) {
        const double e = std::log2(v);
        if (e == std::floor(e))
            return QStringLiteral("2^%1").arg(int(e));
    }
    return QString::number(v, 'g', 8);
}

} // namespace

QStringList WorkloadEntry::orderedKeys(const model::Shape &shape)
{
    static const QStringList order = {"n",      "M",    "N",     "K",     "B",     "H",        "Hkv",
                                      "Sq",     "S",    "D",     "rows",  "cols",  "ops",      "loads",
                                      "stores", "beta", "wbits", "group", "fused", "residual", "unfused"};
    QStringList keys;
    for (const QString &k : order)
        if (shape.contains(k))
            keys << k;
    for (const QString &k : shape.keys())
        if (!keys.contains(k))
            keys << k;
    return keys;
}

QString WorkloadEntry::describe() const
{
    QStringList parts{kind, model::dtypeName(dtype)};
    for (const QString &key : orderedKeys(shape)) {
        const auto it = shape.find(key);
        if (isDefaulted(shape, key))
            continue;
        if (isFlag(it.key())) {
            if (it.value() != 0)
                parts << it.key();
        } else if (it.key() == QLatin1String("beta")) {
            if (it.value() != 0)
                parts << QStringLiteral("β=%1").arg(it.value());
        } else {
            parts << QStringLiteral("%1=%2").arg(it.key(), compactNumber(it.value()));
        }
    }
    return parts.join(QLatin1Char(' '));
}

QString WorkloadEntry::shortLabel() const
{
    if (!label.isEmpty())
        return label;
    QStringList sizes;
    QStringList flags;
    for (const QString &key : orderedKeys(shape)) {
        const double v = shape.value(key);
        if (isDefaulted(shape, key))
            continue;
        if (key == QLatin1String("wbits")) {
            flags << QStringLiteral("W%1A16").arg(v); // W4A16 (the activations in the dtype)
            continue;
        }
        // Not sizes of the problem: named, so "16×16×2048×128" still reads as B×H×S×D.
        if (key == QLatin1String("group") || key == QLatin1String("Hkv") || key == QLatin1String("Sq")) {
            flags << QStringLiteral("%1=%2").arg(key, compactNumber(v));
            continue;
        }
        if (isFlag(key) || key == QLatin1String("beta")) {
            if (v != 0)
                flags << key;
        } else if (key == QLatin1String("ops") || key == QLatin1String("loads") ||
                   key == QLatin1String("stores")) {
            continue; // in the tooltip; too much for a marker label
        } else {
            sizes << compactNumber(v);
        }
    }
    QStringList parts{kind, model::dtypeName(dtype), sizes.join(QStringLiteral("×"))};
    return (parts + flags).join(QLatin1Char(' '));
}

QVariantMap WorkloadEntry::toVariant() const
{
    QVariantMap shapeMap;
    for (auto it = shape.begin(); it != shape.end(); ++it)
        shapeMap.insert(it.key(), it.value());
    QVariantMap map{{QStringLiteral("kind"), kind},
                    {QStringLiteral("dtype"), model::dtypeName(dtype)},
                    {QStringLiteral("shape"), shapeMap}};
    if (!label.isEmpty())
        map.insert(QStringLiteral("label"), label);
    return map;
}

std::optional<WorkloadEntry> WorkloadEntry::fromVariant(const QVariantMap &map)
{
    WorkloadEntry e;
    e.kind = map.value(QStringLiteral("kind")).toString();
    const auto dtype = model::parseDtype(map.value(QStringLiteral("dtype")).toString());
    if (!model::workloads::kinds().contains(e.kind) || !dtype)
        return std::nullopt;
    e.dtype = *dtype;
    e.label = map.value(QStringLiteral("label")).toString();
    e.shape = model::workloads::defaultShape(e.kind);
    const QVariantMap shape = map.value(QStringLiteral("shape")).toMap();
    for (auto it = shape.begin(); it != shape.end(); ++it)
        if (e.shape.contains(it.key()))
            e.shape[it.key()] = it.value().toDouble();
    if (!model::workloads::count(e.kind, e.dtype, e.shape))
        return std::nullopt;
    return e;
}

WorkloadModel::WorkloadModel(QObject *parent) : QAbstractListModel(parent) {}

int WorkloadModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_entries.size());
}

QVariant WorkloadModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_entries.size())
        return {};
    const WorkloadEntry &e = m_entries.at(index.row());
    switch (role) {
    case Qt::DisplayRole:
        return e.describe();
    case IdRole:
        return e.id;
    case KindRole:
        return e.kind;
    case DtypeRole:
        return model::dtypeName(e.dtype);
    case LabelRole:
        return e.shortLabel();
    default:
        return {};
    }
}

QHash<int, QByteArray> WorkloadModel::roleNames() const
{
    QHash<int, QByteArray> names = QAbstractListModel::roleNames();
    names.insert(IdRole, "id");
    names.insert(KindRole, "kind");
    names.insert(DtypeRole, "dtype");
    names.insert(LabelRole, "label");
    return names;
}

std::optional<WorkloadEntry> WorkloadModel::entry(const QString &id) const
{
    const int row = rowOf(id);
    return row < 0 ? std::nullopt : std::optional(m_entries.at(row));
}

int WorkloadModel::rowOf(const QString &id) const
{
    for (int i = 0; i < m_entries.size(); ++i)
        if (m_entries.at(i).id == id)
            return i;
    return -1;
}

QString WorkloadModel::newId()
{
    return QStringLiteral("workload:%1").arg(m_nextId++);
}

QString WorkloadModel::add(WorkloadEntry entry)
{
    entry.id = newId();
    const int row = int(m_entries.size());
    beginInsertRows({}, row, row);
    m_entries << entry;
    endInsertRows();
    return entry.id;
}

void WorkloadModel::setEntries(const QList<WorkloadEntry> &entries)
{
    beginResetModel();
    m_entries.clear();
    for (WorkloadEntry e : entries) {
        e.id = newId();
        m_entries << e;
    }
    endResetModel();
}

bool WorkloadModel::remove(const QString &id)
{
    const int row = rowOf(id);
    if (row < 0)
        return false;
    beginRemoveRows({}, row, row);
    m_entries.removeAt(row);
    endRemoveRows();
    return true;
}

QVariantList WorkloadModel::toVariant() const
{
    QVariantList list;
    for (const WorkloadEntry &e : m_entries)
        list << e.toVariant();
    return list;
}

void WorkloadModel::fromVariant(const QVariantList &list)
{
    QList<WorkloadEntry> entries;
    for (const QVariant &v : list)
        if (auto e = WorkloadEntry::fromVariant(v.toMap()))
            entries << *e;
    setEntries(entries);
}
