#pragma once

#include "workloads.h"

#include <QAbstractListModel>
#include <QVariantList>

#include <optional>

// One workload the user added: what it is, not where it lands (that depends on the GPU).
struct WorkloadEntry
{
    QString id; // chart point id, given by the WorkloadModel
    QString kind;
    model::Dtype dtype = model::Dtype::Fp32;
    model::Shape shape;
    QString label; // a caption chosen for it (a lesson's "AI 10"); empty: shortLabel() makes one

    QString describe() const;   // "gemm bf16 M=4096 N=4096 K=4096"
    QString shortLabel() const; // label, or "gemm bf16 4096×4096×4096", for the chart
    QVariantMap toVariant() const;
    // nullopt for an unknown kind or dtype, or a shape model::workloads refuses.
    static std::optional<WorkloadEntry> fromVariant(const QVariantMap &map);
    // Shape parameters in the order people say them (M, N, K), not alphabetical.
    static QStringList orderedKeys(const model::Shape &shape);
};

// The workloads on the roofline, in the order they were added. Widget-free: the workload panel
// is one view of it, lessons and the saved choices write it, and it outlives the window (a
// language switch keeps what the user added and never saved).
class WorkloadModel : public QAbstractListModel
{
    Q_OBJECT

public:
    enum Role { IdRole = Qt::UserRole + 1, KindRole, DtypeRole, LabelRole };

    explicit WorkloadModel(QObject *parent = nullptr);

    int rowCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QHash<int, QByteArray> roleNames() const override;

    const QList<WorkloadEntry> &entries() const { return m_entries; }
    std::optional<WorkloadEntry> entry(const QString &id) const;
    int rowOf(const QString &id) const; // -1 when absent

    // Appends the entry with a new id; returns the id.
    QString add(WorkloadEntry entry);
    // Replaces every entry (each gets a new id: a chart point of the old list is not this one).
    void setEntries(const QList<WorkloadEntry> &entries);
    bool remove(const QString &id);
    void clear() { setEntries({}); }

    QVariantList toVariant() const;
    // Entries WorkloadEntry::fromVariant refuses are left out.
    void fromVariant(const QVariantList &list);

private:
    QString newId();

    QList<WorkloadEntry> m_entries;
    int m_nextId = 1;
};
