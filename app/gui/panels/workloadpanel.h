#pragma once

#include "chart/chartdata.h"
#include "gpu.h"
#include "workloads.h"
#include "workspace/workloadmodel.h"

#include <QMap>
#include <QVariantList>
#include <QWidget>

#include <optional>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QFormLayout;
class QLabel;
class QListWidget;
class QPushButton;

// Pick a workload kind, dtype and shape; "Add point" puts its predicted point on the
// roofline of the current GPU. Counting is model::workloads; the list is a WorkloadModel (the
// workspace's, or one of the panel's own); this is only the form and a view of the list.
class WorkloadPanel : public QWidget
{
    Q_OBJECT

public:
    // list: the workloads to show and edit; nullptr: a list of the panel's own.
    explicit WorkloadPanel(WorkloadModel *list = nullptr, QWidget *parent = nullptr);
    WorkloadModel *model() const { return m_model; }

    void setGpu(const model::Gpu &gpu);

    // The form, as a user fills it.
    void setKind(const QString &kind);
    QString kind() const;
    void setDtype(const QString &dtype);
    void setShapeValue(const QString &name, double value);
    // The form's value of a shape parameter (a flag: 0 or 1; wbits: 0, 4 or 8); NaN when the kind
    // has no such parameter.
    double shapeValue(const QString &name) const;
    // The form's widget for a parameter (a spin box, a check box or, for wbits, a combo box).
    QWidget *shapeField(const QString &name) const;
    // The words the form puts beside a parameter, and its tooltip.
    static QString fieldLabel(const QString &kind, const QString &name);
    static QString fieldToolTip(const QString &kind, const QString &name);
    // Adds the form's workload; false (and the message shown in the panel) when refused.
    bool addCurrent(QString *error = nullptr);
    QString message() const;

    QList<WorkloadEntry> entries() const { return m_model->entries(); }
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
    void updateFieldStates(); // group only with wbits; the current kind's dependent fields
    void refreshList();
    void showMessage(const QString &text, bool error);
    std::optional<ChartPoint> pointFor(const WorkloadEntry &entry, QString *error) const;
    void onModelChanged();

    model::Gpu m_gpu;
    WorkloadModel *m_model = nullptr;
    QComboBox *m_kind = nullptr;
    QComboBox *m_dtype = nullptr;
    QWidget *m_shapeBox = nullptr;
    QFormLayout *m_shapeForm = nullptr;
    QMap<QString, QDoubleSpinBox *> m_fields; // numbers
    QMap<QString, QCheckBox *> m_flags;       // fused, unfused, residual
    QComboBox *m_wbits = nullptr;             // gemm: none, 8 or 4 bits
    QPushButton *m_add = nullptr;
    QLabel *m_message = nullptr;
    QListWidget *m_list = nullptr;
    QPushButton *m_remove = nullptr;
};
