#include "shell/gpupicker.h"

#include <QHeaderView>
#include <QLineEdit>
#include <QSortFilterProxyModel>
#include <QStandardItemModel>
#include <QToolTip>
#include <QTreeView>
#include <QVBoxLayout>

namespace {

constexpr int kIdRole = Qt::UserRole + 1;
constexpr int kSearchRole = Qt::UserRole + 2;

} // namespace

GpuPicker::GpuPicker(Mode mode, QWidget *parent)
    : QWidget(parent), m_mode(mode), m_filter(new QLineEdit(this)), m_view(new QTreeView(this)),
      m_model(new QStandardItemModel(this)), m_proxy(new QSortFilterProxyModel(this))
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_filter->setPlaceholderText(tr("Search GPUs (name, id, generation)…"));
    m_filter->setClearButtonEnabled(true);
    layout->addWidget(m_filter);
    layout->addWidget(m_view);

    m_proxy->setSourceModel(m_model);
    m_proxy->setFilterRole(kSearchRole);
    m_proxy->setFilterCaseSensitivity(Qt::CaseInsensitive);
    m_proxy->setRecursiveFilteringEnabled(true); // a matching GPU keeps its vendor/generation rows
    m_view->setModel(m_proxy);
    m_view->header()->hide();
    m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_view->setSelectionMode(mode == Mode::Single ? QAbstractItemView::SingleSelection
                                                  : QAbstractItemView::NoSelection);
    m_view->setUniformRowHeights(true);

    connect(m_filter, &QLineEdit::textChanged, this, &GpuPicker::setFilterText);
    connect(m_view->selectionModel(), &QItemSelectionModel::currentChanged, this, &GpuPicker::onCurrentIndex);
    connect(m_model, &QStandardItemModel::itemChanged, this, &GpuPicker::onItemChanged);
}

void GpuPicker::setGpus(const QList<model::Gpu> &gpus)
{
    m_updating = true;
    m_model->clear();
    QMap<QString, QStandardItem *> vendors;
    QMap<QString, QStandardItem *> generations;
    for (const model::Gpu &g : gpus) {
        const QString vendor = g.vendor.isEmpty() ? tr("Other") : g.vendor;
        const QString generation = g.generation.isEmpty() ? tr("Other") : g.generation;
        QStandardItem *&v = vendors[vendor];
        if (!v) {
            v = new QStandardItem(vendor);
            v->setSelectable(false);
            m_model->appendRow(v);
        }
        QStandardItem *&gen = generations[vendor + QLatin1Char('\n') + generation];
        if (!gen) {
            gen = new QStandardItem(generation);
            gen->setSelectable(false);
            v->appendRow(gen);
        }
        auto *item = new QStandardItem(g.displayName());
        item->setData(g.id, kIdRole);
        item->setData(QStringList{g.name, g.id, vendor, generation, g.architecture, g.formFactor}.join(
                          QLatin1Char(' ')),
                      kSearchRole);
        item->setToolTip(QStringLiteral("%1 (%2)").arg(g.displayName(), g.id));
        if (m_mode == Mode::Check) {
            item->setCheckable(true);
            item->setCheckState(m_checked.contains(g.id) ? Qt::Checked : Qt::Unchecked);
        }
        gen->appendRow(item);
    }
    m_checked.erase(std::remove_if(m_checked.begin(), m_checked.end(),
                                   [this](const QString &id) { return !itemFor(id); }),
                    m_checked.end());
    m_view->expandAll();
    m_updating = false;
    if (!m_current.isEmpty())
        setCurrentId(m_current);
}

QStandardItem *GpuPicker::itemFor(const QString &id) const
{
    const QModelIndexList hits =
        m_model->match(m_model->index(0, 0), kIdRole, id, 1, Qt::MatchExactly | Qt::MatchRecursive);
    return hits.isEmpty() ? nullptr : m_model->itemFromIndex(hits.first());
}

void GpuPicker::setCurrentId(const QString &id)
{
    QStandardItem *item = itemFor(id);
    if (!item)
        return;
    const QModelIndex index = m_proxy->mapFromSource(item->index());
    if (index.isValid()) {
        m_view->setCurrentIndex(index);
        m_view->scrollTo(index);
    }
    if (m_current != id) {
        m_current = id;
        emit currentChanged(id);
    }
}

void GpuPicker::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    // scrollTo() before the first layout has no effect; show the chosen GPU once laid out.
    QModelIndex index = m_view->currentIndex();
    if (m_mode == Mode::Check && !m_checked.isEmpty())
        if (QStandardItem *item = itemFor(m_checked.first()))
            index = m_proxy->mapFromSource(item->index());
    if (index.isValid())
        QMetaObject::invokeMethod(
            this, [this, index] { m_view->scrollTo(index, QAbstractItemView::PositionAtCenter); },
            Qt::QueuedConnection);
}

void GpuPicker::onCurrentIndex()
{
    const QString id = m_view->currentIndex().data(kIdRole).toString();
    if (m_mode != Mode::Single || m_updating || id.isEmpty() || id == m_current)
        return;
    m_current = id;
    emit currentChanged(id);
}

void GpuPicker::setCheckedIds(const QStringList &ids)
{
    m_updating = true;
    m_checked.clear();
    for (const QString &id : ids)
        if (itemFor(id) && !m_checked.contains(id) && m_checked.size() < m_maxChecked)
            m_checked << id;
    std::function<void(QStandardItem *)> walk = [&](QStandardItem *parent) {
        for (int r = 0; r < parent->rowCount(); ++r) {
            QStandardItem *child = parent->child(r);
            if (child->isCheckable())
                child->setCheckState(m_checked.contains(child->data(kIdRole).toString()) ? Qt::Checked
                                                                                         : Qt::Unchecked);
            walk(child);
        }
    };
    walk(m_model->invisibleRootItem());
    m_updating = false;
    emit checkedChanged(m_checked);
}

void GpuPicker::onItemChanged(QStandardItem *item)
{
    if (m_updating || !item->isCheckable())
        return;
    const QString id = item->data(kIdRole).toString();
    if (item->checkState() == Qt::Checked) {
        if (m_checked.contains(id))
            return;
        if (m_checked.size() >= m_maxChecked) {
            // Refuse rather than silently drop an older choice.
            m_updating = true;
            item->setCheckState(Qt::Unchecked);
            m_updating = false;
            QToolTip::showText(
                m_view->mapToGlobal(m_view->visualRect(m_proxy->mapFromSource(item->index())).center()),
                tr("At most %n comparison GPU(s); untick one first.", nullptr, m_maxChecked), m_view);
            return;
        }
        m_checked << id;
    } else {
        if (!m_checked.removeOne(id))
            return;
    }
    emit checkedChanged(m_checked);
}

void GpuPicker::setFilterText(const QString &text)
{
    if (m_filter->text() != text)
        m_filter->setText(text); // comes back here through textChanged
    m_proxy->setFilterFixedString(text);
    m_view->expandAll();
}

QString GpuPicker::filterText() const
{
    return m_filter->text();
}

QStringList GpuPicker::visibleIds() const
{
    QStringList ids;
    std::function<void(const QModelIndex &)> walk = [&](const QModelIndex &parent) {
        for (int r = 0; r < m_proxy->rowCount(parent); ++r) {
            const QModelIndex index = m_proxy->index(r, 0, parent);
            const QString id = index.data(kIdRole).toString();
            if (!id.isEmpty())
                ids << id;
            walk(index);
        }
    };
    walk({});
    return ids;
}
