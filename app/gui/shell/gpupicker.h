#pragma once

#include "gpu.h"

#include <QStringList>
#include <QWidget>

class QLineEdit;
class QSortFilterProxyModel;
class QStandardItem;
class QStandardItemModel;
class QTreeView;

// A searchable tree of GPUs grouped by vendor and generation. In Single mode one GPU is
// current; in Check mode up to maxChecked GPUs are ticked (the comparison list).
class GpuPicker : public QWidget
{
    Q_OBJECT

public:
    enum class Mode { Single, Check };

    explicit GpuPicker(Mode mode, QWidget *parent = nullptr);

    void setGpus(const QList<model::Gpu> &gpus);
    void setMaxChecked(int n) { m_maxChecked = n; }

    void setCurrentId(const QString &id);
    QStringList checkedIds() const { return m_checked; }
    void setCheckedIds(const QStringList &ids);

    void setFilterText(const QString &text);
    QString filterText() const;
    // GPUs that the filter leaves visible, in tree order (for tests and keyboard users).
    QStringList visibleIds() const;

signals:
    void currentChanged(const QString &id);
    void checkedChanged(const QStringList &ids);

protected:
    void showEvent(QShowEvent *event) override;

private:
    void onCurrentIndex();
    void onItemChanged(QStandardItem *item);
    QStandardItem *itemFor(const QString &id) const;

    Mode m_mode;
    int m_maxChecked = 3;
    bool m_updating = false;
    QString m_current;
    QStringList m_checked; // in the order they were ticked
    QLineEdit *m_filter = nullptr;
    QTreeView *m_view = nullptr;
    QStandardItemModel *m_model = nullptr;
    QSortFilterProxyModel *m_proxy = nullptr;
};
