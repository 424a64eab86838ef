#include "panels/workloadpanel.h"

#include "roofline.h"
#include "units.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QLocale>
#include <QPushButton>
#include <QVBoxLayout>

#include <cmath>

namespace {

constexpr int kIdRole = Qt::UserRole + 1;

bool isFlagField(const QString &name)
{
    return name == QLatin1String("fused") || name == QLatin1String("unfused") ||
           name == QLatin1String("residual");
}

} // namespace

QString WorkloadPanel::fieldLabel(const QString &kind, const QString &name)
{
    const bool attention = kind == QLatin1String("attention");
    if (attention && name == QLatin1String("Hkv"))
        return tr("Hkv (KV heads)");
    if (attention && name == QLatin1String("Sq"))
        return tr("Sq (query tokens)");
    if (attention && name == QLatin1String("S"))
        return tr("S (KV length)");
    if (attention && name == QLatin1String("fused"))
        return tr("fused (FlashAttention)");
    if (name == QLatin1String("wbits"))
        return tr("weights stored in");
    if (name == QLatin1String("group"))
        return tr("group (weights per scale)");
    if (name == QLatin1String("unfused"))
        return tr("unfused (separate kernels)");
    if (name == QLatin1String("residual"))
        return tr("residual add");
    return name;
}

QString WorkloadPanel::fieldToolTip(const QString &kind, const QString &name)
{
    if (name == QLatin1String("Hkv"))
        return tr("Key/value heads. Fewer than H (and dividing it) is grouped-query attention, 1 is "
                  "multi-query; 0 means as many as H (multi-head attention).");
    if (name == QLatin1String("Sq"))
        return tr("Query tokens per sequence: 1 is a decode step (one new token against S cached ones); "
                  "0 means the same as S (self-attention, a prefill).");
    if (name == QLatin1String("S") && kind == QLatin1String("attention"))
        return tr("The keys and values each query attends to: the KV cache's length.");
    if (name == QLatin1String("wbits"))
        return tr("Weight-only quantization: the weights in 8 or 4 bits with one FP16 scale per group, the "
                  "activations and the output in the data type above (W8A16, W4A16).");
    if (name == QLatin1String("group"))
        return tr("Weights that share one FP16 scale along K (used with 8- or 4-bit weights).");
    if (name == QLatin1String("unfused")) {
        if (kind == QLatin1String("residual_rmsnorm"))
            return tr(
                "Unfused: the residual add writes h, then RMSNorm reads it back (10 instead of 8 bytes per "
                "element in BF16).");
        if (kind == QLatin1String("rmsnorm_fp8"))
            return tr(
                "Unfused: RMSNorm writes BF16, then a second kernel reads it and writes FP8 (7 instead of 3 "
                "bytes per element).");
        if (kind == QLatin1String("swiglu"))
            return tr(
                "Unfused: SiLU(gate) goes to a buffer that the multiply reads back (10 instead of 6 bytes "
                "per element in BF16).");
        if (kind == QLatin1String("rope_kv"))
            return tr(
                "Unfused: K is rotated in place, then copied into the KV cache (8 instead of 4 bytes per "
                "element in BF16).");
        return tr("Count the separate kernels the fused one replaces.");
    }
    if (name == QLatin1String("fused"))
        return tr(
            "Fused: Q, K and V read and O written once. Unticked: the scores and probabilities are also "
            "written and read back.");
    return {};
}

WorkloadPanel::WorkloadPanel(WorkloadModel *list, QWidget *parent)
    : QWidget(parent), m_model(list ? list : new WorkloadModel(this)), m_kind(new QComboBox(this)),
      m_dtype(new QComboBox(this)), m_shapeBox(new QWidget(this)),
      m_add(new QPushButton(tr("Add point"), this)), m_message(new QLabel(this)),
      m_list(new QListWidget(this)), m_remove(new QPushButton(tr("Remove"), this))
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
    m_flags.clear();
    m_wbits = nullptr;
    const QString kind = m_kind->currentText();
    const model::Shape shape = model::workloads::defaultShape(kind);
    for (const QString &key : WorkloadEntry::orderedKeys(shape)) {
        const auto it = shape.find(key);
        QWidget *field = nullptr;
        if (isFlagField(key)) {
            auto *box = new QCheckBox(m_shapeBox);
            box->setChecked(it.value() != 0);
            m_flags.insert(key, box);
            field = box;
        } else if (key == QLatin1String("wbits")) {
            m_wbits = new QComboBox(m_shapeBox);
            m_wbits->addItem(tr("the data type (not quantized)"), 0);
            m_wbits->addItem(tr("8 bits (W8A16)"), 8);
            m_wbits->addItem(tr("4 bits (W4A16)"), 4);
            m_wbits->setCurrentIndex(m_wbits->findData(int(it.value())));
            connect(m_wbits, &QComboBox::currentIndexChanged, this, &WorkloadPanel::updateFieldStates);
            field = m_wbits;
        } else {
            auto *spin = new QDoubleSpinBox(m_shapeBox);
            // Wide range on purpose: the model, not the widget, says what is valid, and says why.
            spin->setRange(-1e15, 1e15);
            spin->setDecimals(it.key() == QLatin1String("beta") ? 2 : 0);
            spin->setGroupSeparatorShown(true);
            // 0 is a choice here, not a size: the box says which.
            if (kind == QLatin1String("attention") && key == QLatin1String("Hkv")) {
                spin->setRange(0, 1e15);
                spin->setSpecialValueText(tr("same as H"));
            } else if (kind == QLatin1String("attention") && key == QLatin1String("Sq")) {
                spin->setRange(0, 1e15);
                spin->setSpecialValueText(tr("same as S (prefill)"));
            }
            spin->setValue(it.value());
            m_fields.insert(it.key(), spin);
            field = spin;
        }
        field->setToolTip(fieldToolTip(kind, key));
        m_shapeForm->addRow(fieldLabel(kind, key), field);
        if (QWidget *label = m_shapeForm->labelForField(field))
            label->setToolTip(field->toolTip());
    }
    updateFieldStates();
}

void WorkloadPanel::updateFieldStates()
{
    if (QDoubleSpinBox *group = m_fields.value(QStringLiteral("group")))
        group->setEnabled(m_wbits && m_wbits->currentData().toInt() != 0);
}

double WorkloadPanel::shapeValue(const QString &name) const
{
    if (const QDoubleSpinBox *spin = m_fields.value(name))
        return spin->value();
    if (const QCheckBox *box = m_flags.value(name))
        return box->isChecked() ? 1 : 0;
    if (m_wbits && name == QLatin1String("wbits"))
        return m_wbits->currentData().toInt();
    return std::nan("");
}

QWidget *WorkloadPanel::shapeField(const QString &name) const
{
    if (QDoubleSpinBox *spin = m_fields.value(name))
        return spin;
    if (QCheckBox *box = m_flags.value(name))
        return box;
    return name == QLatin1String("wbits") ? m_wbits : nullptr;
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
    else if (QCheckBox *box = m_flags.value(name))
        box->setChecked(value != 0);
    else if (m_wbits && name == QLatin1String("wbits")) {
        // A value the menu does not offer stays in it, so the model can say why it is refused.
        int i = m_wbits->findData(int(value));
        if (i < 0 || value != std::round(value)) {
            m_wbits->addItem(QLocale().toString(value), value);
            i = m_wbits->count() - 1;
        }
        m_wbits->setCurrentIndex(i);
    }
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
    for (const QString &key : model::workloads::defaultShape(e.kind).keys())
        e.shape.insert(key, shapeValue(key));
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
        *error = tr("%1 has no compute or memory ceiling for %2.")
                     .arg(m_gpu.displayName(), model::dtypeName(e.dtype));
        return std::nullopt;
    }
    const double ai = work->ai();
    const model::Attainable att = roof.attainable(ai, precision);
    ChartPoint p;
    p.id = e.id;
    p.label = e.shortLabel();
    p.subject = e.label;
    p.ai = ai;
    p.flopPerS = att.flopPerS;
    p.kind = ChartPoint::Kind::Predicted;
    p.gpuIndex = 0;
    const QString bound = att.bound == model::Bound::Memory ? tr("memory-bound") : tr("compute-bound");
    p.tooltip =
        tr("<b>%1</b> on %2<br>FLOPs: %3<br>Bytes (minimum traffic): %4<br>Arithmetic intensity: %5 "
           "FLOP/B<br>"
           "Attainable: %6 (%7 vs %8)<br>Bound: %9<br>Best-case time: %10")
            .arg(e.describe().toHtmlEscaped(), m_gpu.displayName().toHtmlEscaped(),
                 model::formatSi(work->flops, QStringLiteral("FLOP")),
                 model::formatSi(work->bytes, QStringLiteral("B")), QString::number(ai, 'g', 4),
                 model::formatSi(att.flopPerS, QStringLiteral("FLOP/s"), 4), model::precisionLabel(precision),
                 model::formatSi(bw, QStringLiteral("B/s"), 4), bound)
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
    const QString selected =
        m_list->currentItem() ? m_list->currentItem()->data(kIdRole).toString() : QString();
    const QSignalBlocker block(m_list);
    m_list->clear();
    for (const WorkloadEntry &e : m_model->entries()) {
        QString why;
        const auto p = pointFor(e, &why);
        const QString text = p ? tr("%1\n    AI %2 FLOP/B, %3")
                                     .arg(e.describe(), QString::number(p->ai, 'g', 4),
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
