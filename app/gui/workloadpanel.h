#pragma once

#include "chartdata.h"
#include "gpu.h"
#include "workloads.h"

#include <QMap>
#include <QVariantList>
#include <QWidget>

#include <optional>

class QComboBox;
class QDoubleSpinBox;
class QFormLayout;
class QLabel;
class QListWidget;
class QPushButton;

// One workload the user added: what it is, not where it lands (that depends on the GPU).
struct WorkloadEntry
{
    QString id; // chart point id
    QString kind;
    model::Dtype dtype = model::Dtype::Fp32;
    model::Shape shape;
    QString label; // a caption chosen for it (a lesson's "AI 10"); empty: shortLabel() makes one

    QString describe() const; // "gemm bf16 M=4096 N=4096 K=4096"
    QString shortLabel() const; // label, or "gemm bf16 4096×4096×4096", for the chart
    QVariantMap toVariant() const;
    static std::optional<WorkloadEntry> fromVariant(const QVariantMap &map);
};

// Pick a workload kind, dtype and shape; "Add point" puts its predicted point on the
// roofline of the current GPU. Counting is model::workloads; this is only the form.
class WorkloadPanel : public QWidget
{
    Q_OBJECT

public:
    explicit WorkloadPanel(QWidget *parent = nullptr);

    void setGpu(const model::Gpu &gpu);

    // The form, as a user fills it.
    void setKind(const QString &kind);
    QString kind() const;
    void setDtype(const QString &dtype);
    void setShapeValue(const QString &name, double value);
    // Adds the form's workload; false (and the message shown in the panel) when refused.
    bool addCurrent(QString *error = nullptr);
    QString message() const;

    QList<WorkloadEntry> entries() const { return m_entries; }
    void setEntries(const QList<WorkloadEntry> &entries);
    void removeEntry(const QString &id);
    QVariantList toVariant() const;
    void fromVariant(const QVariantList &list);

    // Predicted points for the current GPU (gpuIndex 0).
    QList<ChartPoint> points() const;
    // Selects the entry's row (a point clicked on the chart).
    void selectEntry(const QString &id);

signals:
    void pointsChanged();
    void entrySelected(const QString &id); // empty: none

private:
    void rebuildShapeForm();
    void refreshList();
    void showMessage(const QString &text, bool error);
    std::optional<ChartPoint> pointFor(const WorkloadEntry &entry, QString *error) const;
    QString newId();

    model::Gpu m_gpu;
    QList<WorkloadEntry> m_entries;
    int m_nextId = 1;
    QComboBox *m_kind = nullptr;
    QComboBox *m_dtype = nullptr;
    QWidget *m_shapeBox = nullptr;
    QFormLayout *m_shapeForm = nullptr;
    QMap<QString, QDoubleSpinBox *> m_fields;
    QPushButton *m_add = nullptr;
    QLabel *m_message = nullptr;
    QListWidget *m_list = nullptr;
    QPushButton *m_remove = nullptr;
};
