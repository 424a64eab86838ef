#include "workloadpanel.h"

#include "roofline.h"
#include "units.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QVBoxLayout>

namespace {

constexpr int kIdRole = Qt::UserRole + 1;

} // namespace

WorkloadPanel::WorkloadPanel(WorkloadModel *list, QWidget *parent)
    : QWidget(parent), m_model(list ? list : new WorkloadModel(this)), m_kind(new QComboBox(this)),
      m_dtype(new QComboBox(this)), m_shapeBox(new QWidget(this)),
      m_add(new QPushButton(tr("Add point"), this)), m_message(new QLabel(this)), m_list(new QListWidget(this)),
      m_remove(new QPushButton(tr("Remove"), this))
{
    auto *layout = new QVBoxLayout(this);
    auto *form = new QFormLayout;
    m_kind->addItems(model::workloads::kinds());
    m_kind->setCurrentText(QStringLiteral("gemm"));
    m_dtype->addItems(model::dtypeNames());
    m_dtype->setCurrentText(QStringLiteral("bf16"));
    form->addRow(tr("Workload"), m_kind);
    form->addRow(tr("Data type"), m_dtype);
    layout->addLayout(form);
    m_shapeForm = new QFormLayout(m_shapeBox);
    m_shapeForm->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_shapeBox);
    layout->addWidget(m_add);
    m_message->setWordWrap(true);
    m_message->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_message);
    layout->addWidget(new QLabel(tr("Points on the chart:"), this));
    m_list->setSelectionMode(QAbstractItemView::SingleSelection);
    m_list->setWordWrap(true);
    m_list->setAlternatingRowColors(true);
    layout->addWidget(m_list, 1);
    auto *buttons = new QHBoxLayout;
    buttons->addStretch();
    buttons->addWidget(m_remove);
    layout->addLayout(buttons);

    connect(m_kind, &QComboBox::currentTextChanged, this, &WorkloadPanel::rebuildShapeForm);
    connect(m_add, &QPushButton::clicked, this, [this] { addCurrent(); });
    connect(m_remove, &QPushButton::clicked, this, [this] {
        if (QListWidgetItem *item = m_list->currentItem())
            removeEntry(item->data(kIdRole).toString());
    });
    connect(m_list, &QListWidget::currentItemChanged, this, [this](QListWidgetItem *item) {
        m_remove->setEnabled(item != nullptr);
        emit entrySelected(item ? item->data(kIdRole).toString() : QString());
    });
    m_remove->setEnabled(false);
    rebuildShapeForm();
    // Whoever changes the list (this form, a lesson, the saved choices), the view follows.
    connect(m_model, &QAbstractItemModel::modelReset, this, &WorkloadPanel::onModelChanged);
    connect(m_model, &QAbstractItemModel::rowsInserted, this, &WorkloadPanel::onModelChanged);
    connect(m_model, &QAbstractItemModel::rowsRemoved, this, &WorkloadPanel::onModelChanged);
    connect(m_model, &QAbstractItemModel::dataChanged, this, &WorkloadPanel::onModelChanged);
    refreshList();
}

void WorkloadPanel::onModelChanged()
{
    refreshList();
    emit pointsChanged();
}

void WorkloadPanel::rebuildShapeForm()
{
    while (m_shapeForm->rowCount() > 0)
        m_shapeForm->removeRow(0);
    m_fields.clear();
    const model::Shape shape = model::workloads::defaultShape(m_kind->currentText());
    for (const QString &key : WorkloadEntry::orderedKeys(shape)) {
        const auto it = shape.find(key);
        auto *spin = new QDoubleSpinBox(m_shapeBox);
        // Wide range on purpose: the model, not the widget, says what is valid, and says why.
        spin->setRange(-1e15, 1e15);
        spin->setDecimals(it.key() == QLatin1String("beta") ? 2 : 0);
        spin->setValue(it.value());
        spin->setGroupSeparatorShown(true);
        m_shapeForm->addRow(it.key(), spin);
        m_fields.insert(it.key(), spin);
    }
}

void WorkloadPanel::setGpu(const model::Gpu &gpu)
{
    m_gpu = gpu;
    refreshList();
    emit pointsChanged();
}

void WorkloadPanel::setKind(const QString &kind)
{
    m_kind->setCurrentText(kind);
}

QString WorkloadPanel::kind() const
{
    return m_kind->currentText();
}

void WorkloadPanel::setDtype(const QString &dtype)
{
    m_dtype->setCurrentText(dtype);
}

void WorkloadPanel::setShapeValue(const QString &name, double value)
{
    if (QDoubleSpinBox *spin = m_fields.value(name))
        spin->setValue(value);
}

QString WorkloadPanel::message() const
{
    return m_message->text();
}

void WorkloadPanel::showMessage(const QString &text, bool error)
{
    m_message->setText(text);
    m_message->setStyleSheet(error ? QStringLiteral("color: #b00020;") : QString());
}

bool WorkloadPanel::addCurrent(QString *error)
{
    WorkloadEntry e;
    e.kind = m_kind->currentText();
    e.dtype = model::parseDtype(m_dtype->currentText()).value_or(model::Dtype::Fp32);
    for (auto it = m_fields.begin(); it != m_fields.end(); ++it)
        e.shape.insert(it.key(), it.value()->value());
    QString why;
    if (!pointFor(e, &why)) {
        showMessage(why, true);
        if (error)
            *error = why;
        return false;
    }
    m_model->add(e); // the view follows the model's signal
    showMessage(tr("Added %1.").arg(e.describe()), false);
    return true;
}

std::optional<ChartPoint> WorkloadPanel::pointFor(const WorkloadEntry &e, QString *error) const
{
    QString why;
    const auto work = model::workloads::count(e.kind, e.dtype, e.shape, &why);
    if (!work) {
        *error = why;
        return std::nullopt;
    }
    const model::Roofline roof(m_gpu);
    const QString precision = model::precisionFor(m_gpu, e.dtype);
    const double bw = roof.bandwidth(QStringLiteral("hbm"));
    if (work->flops <= 0) {
        // copy: nothing to put on a FLOP/s axis, but still worth telling what bounds it.
        *error = tr("%1 does no arithmetic (0 FLOPs), so it has no point on a roofline. It moves %2; "
                    "at the memory bandwidth (%3) that takes at least %4.")
                     .arg(e.describe(), model::formatSi(work->bytes, QStringLiteral("B")),
                          model::formatSi(bw, QStringLiteral("B/s"), 4),
                          bw > 0 ? model::formatSeconds(work->bytes / bw) : QStringLiteral("—"));
        return std::nullopt;
    }
    if (precision.isEmpty() || bw <= 0) {
        *error = tr("%1 has no compute or memory ceiling for %2.").arg(m_gpu.displayName(), model::dtypeName(e.dtype));
        return std::nullopt;
    }
    const double ai = work->ai();
    const model::Attainable att = roof.attainable(ai, precision);
    ChartPoint p;
    p.id = e.id;
    p.label = e.shortLabel();
    p.ai = ai;
    p.flopPerS = att.flopPerS;
    p.kind = ChartPoint::Kind::Predicted;
    p.gpuIndex = 0;
    const QString bound = att.bound == model::Bound::Memory ? tr("memory-bound") : tr("compute-bound");
    p.tooltip = tr("<b>%1</b> on %2<br>FLOPs: %3<br>Bytes (minimum traffic): %4<br>Arithmetic intensity: %5 FLOP/B<br>"
                   "Attainable: %6 (%7 vs %8)<br>Bound: %9<br>Best-case time: %10")
                    .arg(e.describe().toHtmlEscaped(), m_gpu.displayName().toHtmlEscaped(),
                         model::formatSi(work->flops, QStringLiteral("FLOP")), model::formatSi(work->bytes, QStringLiteral("B")),
                         QString::number(ai, 'g', 4), model::formatSi(att.flopPerS, QStringLiteral("FLOP/s"), 4),
                         model::precisionLabel(precision), model::formatSi(bw, QStringLiteral("B/s"), 4), bound)
                    .arg(model::formatSeconds(work->flops / att.flopPerS));
    return p;
}

QList<ChartPoint> WorkloadPanel::points() const
{
    QList<ChartPoint> out;
    for (const WorkloadEntry &e : m_model->entries()) {
        QString why;
        if (auto p = pointFor(e, &why))
            out << *p;
    }
    return out;
}

void WorkloadPanel::refreshList()
{
    const QString selected = m_list->currentItem() ? m_list->currentItem()->data(kIdRole).toString() : QString();
    const QSignalBlocker block(m_list);
    m_list->clear();
    for (const WorkloadEntry &e : m_model->entries()) {
        QString why;
        const auto p = pointFor(e, &why);
        const QString text = p ? tr("%1\n    AI %2 FLOP/B, %3").arg(e.describe(), QString::number(p->ai, 'g', 4),
                                                           model::formatSi(p->flopPerS, QStringLiteral("FLOP/s"), 4))
                               : tr("%1 — not on this GPU's roofline").arg(e.describe());
        auto *item = new QListWidgetItem(text, m_list);
        item->setData(kIdRole, e.id);
        item->setToolTip(p ? p->tooltip : why);
        if (e.id == selected)
            m_list->setCurrentItem(item);
    }
    m_remove->setEnabled(m_list->currentItem() != nullptr);
}

void WorkloadPanel::setEntries(const QList<WorkloadEntry> &entries)
{
    m_model->setEntries(entries);
}

void WorkloadPanel::removeEntry(const QString &id)
{
    m_model->remove(id);
}

QVariantList WorkloadPanel::toVariant() const
{
    return m_model->toVariant();
}

void WorkloadPanel::fromVariant(const QVariantList &list)
{
    m_model->fromVariant(list);
}

void WorkloadPanel::selectEntry(const QString &id)
{
    for (int r = 0; r < m_list->count(); ++r)
        if (m_list->item(r)->data(kIdRole).toString() == id) {
            m_list->setCurrentRow(r);
            return;
        }
    m_list->setCurrentRow(-1);
}
