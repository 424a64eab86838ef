#include "tileexplorer.h"

#include "explainview.h"
#include "rooflinechart.h"
#include "termbar.h"
#include "tilecompiler.h"
#include "workerclient.h"

#include "catalog.h"
#include "gemmladder.h"
#include "paths.h"
#include "units.h"

#include <QComboBox>
#include <QCoreApplication>
#include <QFileInfo>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSlider>
#include <QSpinBox>
#include <QTabWidget>
#include <QTableWidget>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace gemm = kernels::gemm;
using Field = kernels::gemm::TileField;

namespace {

// A spin box that steps through a knob's legal values (powers of two, ...) but still takes
// any typed value, so that an illegal one is shown with its reason rather than corrected.
class StopSpinBox : public QSpinBox
{
public:
    explicit StopSpinBox(QWidget *parent = nullptr) : QSpinBox(parent) {}
    void setStops(const QList<qint64> &stops) { m_stops = stops; }

    void stepBy(int steps) override
    {
        if (m_stops.isEmpty())
            return QSpinBox::stepBy(steps);
        const qint64 v = value();
        qint64 next = v;
        if (steps > 0) {
            for (qint64 s : m_stops)
                if (s > v) {
                    next = s;
                    break;
                }
        } else if (steps < 0) {
            for (auto it = m_stops.crbegin(); it != m_stops.crend(); ++it)
                if (*it < v) {
                    next = *it;
                    break;
                }
        }
        setValue(int(next));
        selectAll();
    }

protected:
    StepEnabled stepEnabled() const override
    {
        if (isReadOnly())
            return StepNone;
        if (m_stops.isEmpty())
            return QSpinBox::stepEnabled();
        StepEnabled e = StepNone;
        if (value() < m_stops.last())
            e |= StepUpEnabled;
        if (value() > m_stops.first())
            e |= StepDownEnabled;
        return e;
    }

private:
    QList<qint64> m_stops;
};

// The stop a value sits at, or the nearest on a log scale (the slider shows where it is near).
int nearestStop(const QList<qint64> &stops, qint64 v)
{
    if (stops.isEmpty())
        return 0;
    int best = 0;
    double bestDist = 1e300;
    for (int i = 0; i < stops.size(); ++i) {
        if (stops.at(i) == v)
            return i;
        const double d = v > 0 && stops.at(i) > 0 ? std::abs(std::log2(double(v)) - std::log2(double(stops.at(i))))
                                                  : std::abs(double(v - stops.at(i)));
        if (d < bestDist) {
            bestDist = d;
            best = i;
        }
    }
    return best;
}

// One row of the derived numbers (terms table, presets table, tooltips).
struct TermRow
{
    QString key;
    QString label;
    QString text;
    double raw = 0;
    bool bold = false;
    QString brief;      // for the narrow presets table; empty: text
    QString shortLabel; // the same
};

// The steps the tile model sees as 1×1 tiles (one output per thread, no shared memory).
bool isOneByOne(const QString &kernel)
{
    return kernel == QLatin1String("gemm.naive") || kernel == QLatin1String("gemm.coalesced");
}

QString percent(double v)
{
    return QStringLiteral("%1 %").arg(QString::number(v * 100, 'f', v * 100 >= 99.95 || v == 0 ? 0 : 1));
}

} // namespace

struct TileExplorer::Knob
{
    Field field = Field::M;
    QLabel *label = nullptr;
    QSlider *slider = nullptr;
    StopSpinBox *spin = nullptr;
    QComboBox *combo = nullptr;
    gemm::FieldRule rule;
    QList<qint64> stops;
};

// ---------------------------------------------------------------- presets

QList<TileExplorer::Preset> TileExplorer::seed003Presets()
{
    QList<Preset> out;
    const int shapes[3][3] = {{64, 64, 16}, {128, 128, 32}, {128, 128, 64}};
    const char *names[3] = {"A", "B", "C"};
    for (int i = 0; i < 3; ++i) {
        Config c;
        c.step = QString::fromLatin1(gemm::kModelStep);
        c.M = c.N = c.K = 4096;
        c.dtype = model::Dtype::Tf32;
        c.bm = shapes[i][0];
        c.bn = shapes[i][1];
        c.bk = shapes[i][2];
        c.tm = c.tn = 0;
        c.stages = 2;
        c.threads = 512;
        c.group = 1;
        out.append({QStringLiteral("%1 %2×%3×%4").arg(QLatin1String(names[i])).arg(c.bm).arg(c.bn).arg(c.bk), c});
    }
    return out;
}

QList<qint64> TileExplorer::sizeSweepValues()
{
    QList<qint64> v;
    for (qint64 d = 64; d <= 8192; d *= 2)
        v.append(d);
    return v;
}

// ---------------------------------------------------------------- construction

TileExplorer::TileExplorer(RooflineChart *chart, QWidget *parent)
    : QWidget(parent), m_chart(chart), m_compiler(new TileCompiler(this)), m_compileTimer(new QTimer(this))
{
    setObjectName(QStringLiteral("tileExplorer"));
    m_samplesFile = model::resourcePath(QStringLiteral("samples/h200-gemm-ladder.json"));
    // The compile starts once a slider rests: dragging through five values compiles one.
    m_compileTimer->setSingleShot(true);
    m_compileTimer->setInterval(150);
    connect(m_compileTimer, &QTimer::timeout, this, [this] { requestCompile(m_eval, true); });
    connect(m_compiler, &TileCompiler::compiled, this, &TileExplorer::onCompiled);

    m_config = gemm::defaultConfig(QStringLiteral("gemm.reg2d"));
    buildUi();
    refreshKnobs();
    recompute();
}

TileExplorer::~TileExplorer()
{
    qDeleteAll(m_knobs);
}

void TileExplorer::buildUi()
{
    // No scroll area of its own: MainWindow::addPanel puts every panel in one.
    QWidget *body = this;
    auto *root = new QVBoxLayout(body);

    m_title = new QLabel(body);
    m_title->setObjectName(QStringLiteral("title"));
    QFont titleFont = font();
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.2);
    titleFont.setBold(true);
    m_title->setFont(titleFont);
    m_title->setWordWrap(true);
    root->addWidget(m_title);
    m_stepTitle = new QLabel(body);
    m_stepTitle->setObjectName(QStringLiteral("stepTitle"));
    m_stepTitle->setWordWrap(true);
    root->addWidget(m_stepTitle);

    root->addWidget(buildKnobs());

    m_headline = new QLabel(body);
    m_headline->setObjectName(QStringLiteral("headline"));
    m_headline->setWordWrap(true);
    QFont big = font();
    big.setPointSizeF(big.pointSizeF() * 1.3);
    big.setBold(true);
    m_headline->setFont(big);
    m_headline->setTextInteractionFlags(Qt::TextSelectableByMouse);
    root->addWidget(m_headline);

    // Where the time goes: the model's terms against the measured time, then in words.
    m_termBar = new TermBar(body);
    root->addWidget(m_termBar);
    m_boundWords = new QLabel(body);
    m_boundWords->setObjectName(QStringLiteral("boundWords"));
    m_boundWords->setWordWrap(true);
    m_boundWords->setTextInteractionFlags(Qt::TextSelectableByMouse);
    root->addWidget(m_boundWords);

    m_registers = new QLabel(body);
    m_registers->setObjectName(QStringLiteral("registers"));
    m_registers->setWordWrap(true);
    root->addWidget(m_registers);

    m_problems = new QLabel(body);
    m_problems->setObjectName(QStringLiteral("problems"));
    m_problems->setWordWrap(true);
    m_problems->setStyleSheet(QStringLiteral("color: #b00020;"));
    m_problems->setTextInteractionFlags(Qt::TextSelectableByMouse);
    root->addWidget(m_problems);

    auto *measureRow = new QHBoxLayout;
    m_measureButton = new QPushButton(tr("Measure"), body);
    m_measureButton->setObjectName(QStringLiteral("measure"));
    m_measureButton->setToolTip(tr("Run exactly this configuration on the GPU through rooflab-cli worker (checked against "
                                   "cuBLAS, then timed) and plot the measured point beside the prediction"));
    connect(m_measureButton, &QPushButton::clicked, this, &TileExplorer::measure);
    measureRow->addWidget(m_measureButton);
    measureRow->addStretch(1);
    root->addLayout(measureRow);

    m_gap = new QLabel(body);
    m_gap->setObjectName(QStringLiteral("gap"));
    m_gap->setWordWrap(true);
    m_gap->setTextInteractionFlags(Qt::TextSelectableByMouse);
    QFont gapFont = font();
    gapFont.setBold(true);
    m_gap->setFont(gapFont);
    root->addWidget(m_gap);

    auto *tabs = new QTabWidget(body);
    tabs->setObjectName(QStringLiteral("tileTabs"));
    tabs->addTab(buildTermsTab(), tr("Terms"));
    tabs->addTab(buildPresetsTab(), tr("A100 worked example"));
    tabs->addTab(buildTrailsTab(), tr("Ladder && sweep"));
    root->addWidget(tabs, 1);

    m_notes = new QLabel(body);
    m_notes->setObjectName(QStringLiteral("notes"));
    m_notes->setWordWrap(true);
    m_notes->setStyleSheet(QStringLiteral("color: palette(placeholder-text);"));
    QFont small = font();
    small.setPointSizeF(small.pointSizeF() * 0.9);
    m_notes->setFont(small);
    root->addWidget(m_notes);
}

QWidget *TileExplorer::buildKnobs()
{
    auto *box = new QGroupBox(tr("Configuration"));
    auto *grid = new QGridLayout(box);
    grid->setColumnStretch(1, 1);
    grid->setVerticalSpacing(2);
    int row = 0;
    for (Field f : gemm::tileFields()) {
        auto *k = new Knob;
        k->field = f;
        const QString name = gemm::tileFieldKey(f);
        k->label = new QLabel(gemm::tileFieldName(f), box);
        k->slider = new QSlider(Qt::Horizontal, box);
        k->slider->setObjectName(QStringLiteral("slider_") + name);
        k->slider->setPageStep(1);
        k->slider->setSingleStep(1);
        k->slider->setTickPosition(QSlider::NoTicks);
        grid->addWidget(k->label, row, 0);
        grid->addWidget(k->slider, row, 1);
        if (f == Field::Dtype || f == Field::Step) {
            k->combo = new QComboBox(box);
            k->combo->setObjectName(QStringLiteral("combo_") + name);
            // Narrow docks: the combo shows short names; the list and the tooltip say more.
            k->combo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
            k->combo->setMinimumContentsLength(f == Field::Step ? 10 : 5);
            grid->addWidget(k->combo, row, 2);
            if (f == Field::Step) {
                for (const QString &s : gemm::tileSteps())
                    k->combo->addItem(gemm::shortStepName(s), s);
                for (int i = 0; i < k->combo->count(); ++i)
                    k->combo->setItemData(i, gemm::stepTitle(k->combo->itemData(i).toString()), Qt::ToolTipRole);
                k->stops.clear();
                for (int i = 0; i < k->combo->count(); ++i)
                    k->stops.append(i);
                connect(k->combo, &QComboBox::currentIndexChanged, this, &TileExplorer::onStep);
            } else {
                connect(k->combo, &QComboBox::currentIndexChanged, this, &TileExplorer::onDtype);
            }
        } else {
            k->spin = new StopSpinBox(box);
            k->spin->setObjectName(QStringLiteral("spin_") + name);
            k->spin->setSpecialValueText(QStringLiteral("—"));
            k->spin->setAccelerated(true);
            const bool size = f == Field::M || f == Field::N || f == Field::K;
            // Wide ranges on purpose: a typed value the step cannot take is shown with its
            // reason instead of being quietly corrected by the spin box.
            k->spin->setRange(0, size ? (1 << 24) : 65536);
            k->spin->setKeyboardTracking(false);
            k->spin->setMaximumWidth(fontMetrics().horizontalAdvance(QStringLiteral("000000")) + 40);
            grid->addWidget(k->spin, row, 2);
            connect(k->spin, &QSpinBox::valueChanged, this, [this, f](int v) { onSpin(f, v); });
        }
        connect(k->slider, &QSlider::valueChanged, this, [this, f](int i) { onSlider(f, i); });
        m_knobs.append(k);
        ++row;
    }
    return box;
}

QWidget *TileExplorer::buildTermsTab()
{
    m_terms = new QTableWidget(0, 2);
    m_terms->setObjectName(QStringLiteral("terms"));
    m_terms->setHorizontalHeaderLabels({tr("quantity"), tr("value")});
    m_terms->verticalHeader()->hide();
    m_terms->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_terms->setSelectionMode(QAbstractItemView::NoSelection);
    m_terms->setFocusPolicy(Qt::NoFocus);
    m_terms->horizontalHeader()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    m_terms->horizontalHeader()->setStretchLastSection(true);
    m_terms->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 4);
    m_terms->setMinimumHeight(22 * (fontMetrics().height() + 4) + 30);
    return m_terms;
}

QWidget *TileExplorer::buildPresetsTab()
{
    auto *w = new QWidget;
    auto *v = new QVBoxLayout(w);
    auto *intro = new QLabel(tr("The course notes' A100 example: 4096³ on TF32 tensor cores, 512 threads, double-buffered; the three plans side "
                                "by side. Apply one to explore from it."),
                             w);
    intro->setWordWrap(true);
    v->addWidget(intro);
    m_presetGpu = new QLabel(w);
    m_presetGpu->setObjectName(QStringLiteral("presetGpu"));
    m_presetGpu->setWordWrap(true);
    v->addWidget(m_presetGpu);
    auto *buttons = new QGridLayout;
    const QList<Preset> presets = seed003Presets();
    for (int i = 0; i < presets.size(); ++i) {
        auto *b = new QPushButton(presets.at(i).name, w);
        b->setObjectName(QStringLiteral("preset%1").arg(i));
        b->setToolTip(tr("Set the explorer to plan %1").arg(presets.at(i).name));
        connect(b, &QPushButton::clicked, this, [this, i] { applyPreset(i); });
        buttons->addWidget(b, i / 2, i % 2);
    }
    auto *onA100 = new QPushButton(tr("On A100"), w);
    onA100->setObjectName(QStringLiteral("presetGpuButton"));
    onA100->setToolTip(tr("Switch the GPU to the A100 of the worked example"));
    connect(onA100, &QPushButton::clicked, this, [this] { emit gpuRequested(seed003Gpu()); });
    buttons->addWidget(onA100, 1, 1);
    v->addLayout(buttons);

    m_presets = new QTableWidget(0, int(presets.size()), w);
    m_presets->setObjectName(QStringLiteral("presets"));
    QStringList headers;
    for (const Preset &p : presets)
        headers << p.name.section(QLatin1Char(' '), 0, 0); // "A": the full name is on its button
    m_presets->setHorizontalHeaderLabels(headers);
    m_presets->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_presets->setSelectionMode(QAbstractItemView::NoSelection);
    m_presets->setFocusPolicy(Qt::NoFocus);
    m_presets->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_presets->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 4);
    m_presets->setWordWrap(false);
    QFont small = m_presets->font();
    small.setPointSizeF(small.pointSizeF() * 0.9);
    m_presets->setFont(small);
    m_presets->setMinimumHeight(22 * (fontMetrics().height() + 4) + 30);
    v->addWidget(m_presets, 1);
    return w;
}

QWidget *TileExplorer::buildTrailsTab()
{
    auto *w = new QWidget;
    auto *v = new QVBoxLayout(w);

    auto *ladderRow = new QHBoxLayout;
    auto *ladder = new QPushButton(tr("Ladder at this size"), w);
    ladder->setObjectName(QStringLiteral("ladder"));
    ladder->setToolTip(tr("Every step of the GEMM ladder (its default tile) at the current M, N, K: predicted points, "
                          "and measured ones from the bundled H200 samples where they have this GPU and size"));
    connect(ladder, &QPushButton::clicked, this, &TileExplorer::showLadder);
    ladderRow->addWidget(ladder);
    auto *clear = new QPushButton(tr("Clear"), w);
    clear->setObjectName(QStringLiteral("clearTrails"));
    connect(clear, &QPushButton::clicked, this, &TileExplorer::clearTrails);
    ladderRow->addWidget(clear);
    ladderRow->addStretch(1);
    v->addLayout(ladderRow);
    m_ladderText = new QLabel(w);
    m_ladderText->setObjectName(QStringLiteral("ladderText"));
    m_ladderText->setWordWrap(true);
    v->addWidget(m_ladderText);

    auto *sweepRow = new QHBoxLayout;
    sweepRow->addWidget(new QLabel(tr("Sweep"), w));
    m_sweepField = new QComboBox(w);
    m_sweepField->setObjectName(QStringLiteral("sweepField"));
    m_sweepField->addItem(tr("size D = M = N = K"), -1);
    m_sweepField->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_sweepField->setMinimumContentsLength(8);
    for (Field f : {Field::BM, Field::BN, Field::BK, Field::TM, Field::TN, Field::Stages, Field::Threads, Field::Group})
        m_sweepField->addItem(gemm::tileFieldName(f), int(f));
    sweepRow->addWidget(m_sweepField, 1);
    auto *go = new QPushButton(tr("Sweep"), w);
    go->setObjectName(QStringLiteral("sweep"));
    connect(go, &QPushButton::clicked, this, [this] {
        const int f = m_sweepField->currentData().toInt();
        if (f < 0)
            sweepSize();
        else
            sweep(Field(f));
    });
    sweepRow->addWidget(go);
    v->addLayout(sweepRow);
    m_measureSweepButton = new QPushButton(tr("Measure sweep"), w);
    m_measureSweepButton->setObjectName(QStringLiteral("measureSweep"));
    m_measureSweepButton->setToolTip(tr("Run every point of the sweep through the worker, one after another"));
    connect(m_measureSweepButton, &QPushButton::clicked, this, &TileExplorer::measureSweep);
    auto *msRow = new QHBoxLayout;
    msRow->addWidget(m_measureSweepButton);
    msRow->addStretch(1);
    v->addLayout(msRow);
    m_sweepText = new QLabel(w);
    m_sweepText->setObjectName(QStringLiteral("sweepText"));
    m_sweepText->setWordWrap(true);
    v->addWidget(m_sweepText);
    v->addStretch(1);
    return w;
}

// ---------------------------------------------------------------- knobs

TileExplorer::Knob *TileExplorer::knob(Field f) const
{
    for (Knob *k : m_knobs)
        if (k->field == f)
            return k;
    return nullptr;
}

QSlider *TileExplorer::slider(Field f) const
{
    Knob *k = knob(f);
    return k ? k->slider : nullptr;
}

QSpinBox *TileExplorer::spinBox(Field f) const
{
    Knob *k = knob(f);
    return k ? k->spin : nullptr;
}

QComboBox *TileExplorer::combo(Field f) const
{
    Knob *k = knob(f);
    return k ? k->combo : nullptr;
}

void TileExplorer::refreshKnobs()
{
    const bool was = m_updating;
    m_updating = true;
    for (Knob *k : m_knobs) {
        const QSignalBlocker bs(k->slider);
        if (k->field == Field::Step) {
            k->slider->setRange(0, int(k->stops.size()) - 1);
            continue;
        }
        if (k->field == Field::Dtype) {
            const QSignalBlocker bc(k->combo);
            QStringList names = gemm::dtypesFor(m_config.step);
            const QString current = model::dtypeName(m_config.dtype);
            k->combo->clear();
            for (const QString &n : names)
                k->combo->addItem(n, n);
            if (!names.contains(current)) // from a lesson or setConfig: shown, and refused with its reason
                k->combo->addItem(tr("%1 (not for this step)").arg(current), current);
            k->stops.clear();
            for (int i = 0; i < names.size(); ++i)
                k->stops.append(i);
            k->slider->setRange(0, std::max(0, int(names.size()) - 1));
            k->slider->setEnabled(names.size() > 1);
            continue;
        }
        k->rule = gemm::fieldRule(m_config.step, k->field);
        const bool free = k->rule.role == gemm::FieldRole::Free;
        k->stops = free ? k->rule.stops : QList<qint64>{};
        k->slider->setRange(0, std::max(0, int(k->stops.size()) - 1));
        k->slider->setEnabled(free && k->stops.size() > 1);
        k->spin->setStops(k->stops);
        k->spin->setReadOnly(!free);
        k->spin->setButtonSymbols(free ? QAbstractSpinBox::UpDownArrows : QAbstractSpinBox::NoButtons);
        k->label->setEnabled(!(k->rule.role == gemm::FieldRole::Fixed && k->rule.fixedValue == 0));
        QString tip;
        if (free) {
            QStringList s;
            for (qint64 v : k->stops)
                s << QString::number(v);
            tip = tr("%1 for %2: slider values %3 (other values may be typed; they are checked)")
                      .arg(gemm::tileFieldName(k->field), gemm::shortStepName(m_config.step), s.join(QStringLiteral(", ")));
        } else {
            tip = tr("%1 for %2: %3").arg(gemm::tileFieldName(k->field), gemm::shortStepName(m_config.step), k->rule.why);
        }
        k->slider->setToolTip(tip);
        k->spin->setToolTip(tip);
        k->label->setToolTip(tip);
    }
    showValues();
    m_updating = was;
}

void TileExplorer::showValues()
{
    const bool was = m_updating;
    m_updating = true;
    for (Knob *k : m_knobs) {
        const QSignalBlocker bs(k->slider);
        if (k->field == Field::Step) {
            const QSignalBlocker bc(k->combo);
            const int i = std::max(0, k->combo->findData(m_config.step));
            k->combo->setCurrentIndex(i);
            k->slider->setValue(i);
            continue;
        }
        if (k->field == Field::Dtype) {
            const QSignalBlocker bc(k->combo);
            const int i = std::max(0, k->combo->findData(model::dtypeName(m_config.dtype)));
            k->combo->setCurrentIndex(i);
            k->slider->setValue(std::min(i, k->slider->maximum()));
            continue;
        }
        const QSignalBlocker bsp(k->spin);
        const qint64 v = m_config.value(k->field);
        k->spin->setValue(int(std::clamp<qint64>(v, k->spin->minimum(), k->spin->maximum())));
        k->slider->setValue(nearestStop(k->stops, v));
    }
    m_updating = was;
}

void TileExplorer::onSlider(Field f, int index)
{
    if (m_updating)
        return;
    if (f == Field::Step) {
        Knob *k = knob(f);
        k->combo->setCurrentIndex(index); // -> onStep
        return;
    }
    if (f == Field::Dtype) {
        Knob *k = knob(f);
        k->combo->setCurrentIndex(index); // -> onDtype
        return;
    }
    Knob *k = knob(f);
    if (!k || index < 0 || index >= k->stops.size())
        return;
    knobChanged(f, k->stops.at(index));
}

void TileExplorer::onSpin(Field f, int value)
{
    if (m_updating)
        return;
    knobChanged(f, value);
}

void TileExplorer::knobChanged(Field f, qint64 value)
{
    if (m_config.value(f) == value)
        return;
    m_config.setValue(f, value);
    m_stepChange.clear();
    // Derived knobs follow (threads of a register-blocked step, BN and BK of square tiles).
    m_config = gemm::normalized(m_config);
    showValues();
    recompute();
}

void TileExplorer::onDtype(int index)
{
    if (m_updating)
        return;
    Knob *k = knob(Field::Dtype);
    const auto d = model::parseDtype(k->combo->itemData(index).toString());
    if (!d || *d == m_config.dtype)
        return;
    m_config.dtype = *d;
    m_stepChange.clear();
    showValues();
    recompute();
}

void TileExplorer::onStep(int index)
{
    if (m_updating)
        return;
    const QString step = knob(Field::Step)->combo->itemData(index).toString();
    if (step.isEmpty() || step == m_config.step)
        return;
    QStringList changed;
    m_config = gemm::switchedStep(m_config, step, &changed);
    m_stepChange = changed.isEmpty()
                       ? QString()
                       : tr("Switching to %1 set %2: the old values are not knobs of this step, or not in its range.")
                             .arg(gemm::shortStepName(step), changed.join(QStringLiteral(", ")));
    refreshKnobs();
    recompute();
}

// ---------------------------------------------------------------- model

void TileExplorer::setGpu(const model::Gpu &gpu)
{
    m_gpu = gpu;
    m_model.emplace(gpu);
    // The samples' own measured ceilings where they were measured on this GPU, as the Results
    // panel predicts them; the datasheet otherwise. Their measurements mark the bar too.
    loadSamples();
    m_perf.emplace(gpu, !m_samplesGpu.isEmpty() && m_samplesGpu == gpu.id ? m_samplesCeilings : model::MachineCeilings{});
    m_evalCache.clear();
    m_title->setText(tr("Tile explorer · %1").arg(gpu.displayName()));
    fillPresets();
    recompute();
    reevaluateTrails();
}

void TileExplorer::setConfig(const Config &c)
{
    m_config = c;
    m_stepChange.clear();
    refreshKnobs();
    recompute();
}

bool TileExplorer::isLegal() const
{
    return m_eval.plan.problems.isEmpty() && m_eval.result.ok;
}

TileExplorer::Evaluation TileExplorer::evaluate(const Config &c, std::optional<int> knownRegisters) const
{
    Evaluation e;
    e.plan = gemm::plan(c, m_gpu.id.isEmpty() ? nullptr : &m_gpu);
    e.input = e.plan.input;
    if (knownRegisters) {
        e.input.registers = *knownRegisters;
    } else if (e.plan.hasKernel() && e.plan.problems.isEmpty() && !m_gpu.computeCapability.isEmpty()) {
        const gemm::CompileJob job = gemm::compileJob(e.plan, m_gpu);
        if (job.ok) {
            e.compileKey = job.key;
            if (const gemm::TileCompile *r = m_compiler->result(job.key)) {
                if (r->ok)
                    e.input.registers = r->registers;
                else
                    e.compileError = r->error;
            }
        } else {
            e.compileError = job.error;
        }
    }
    if (m_model) {
        const model::TileInput &in = e.input;
        const QString key = QStringLiteral("%1 %2 %3 %4 %5 %6 %7 %8 %9")
                                .arg(in.M)
                                .arg(in.N)
                                .arg(in.K)
                                .arg(int(in.dtype))
                                .arg(in.bm)
                                .arg(in.bn)
                                .arg(in.bk)
                                .arg(in.stages)
                                .arg(in.threads) +
                            QStringLiteral(" %1 %2 %3 %4 %5").arg(in.group).arg(in.registers.value_or(-1)).arg(in.extraSmemBytes).arg(in.carveout).arg(int(in.footprint));
        if (const auto it = m_evalCache.constFind(key); it != m_evalCache.constEnd()) {
            e.result = it.value();
        } else {
            e.result = m_model->evaluate(in);
            if (m_evalCache.size() > 4000)
                m_evalCache.clear();
            m_evalCache.insert(key, e.result);
        }
    }
    const bool legal = e.plan.problems.isEmpty() && e.result.ok;
    if (legal && m_perf && e.plan.hasKernel() && model::PerfModel::knows(e.plan.kernelId)) {
        model::KernelLaunch &l = e.launch;
        l.kernel = e.plan.kernelId;
        l.dtype = model::dtypeName(c.dtype);
        l.params = e.plan.kernelParams;
        l.threads = e.plan.launchThreads;
        l.registers = e.input.registers.value_or(0); // the NVRTC count once compiled; else the model's own
        l.smemBytes = e.result.smemBytes;
        // The launch as the plan makes it and the residency the terms table shows; the tile
        // model sees naive and coalesced as 1×1 tiles, so their grid and residency come from
        // the kernel's own BLOCK (the model derives them).
        if (!isOneByOne(e.plan.kernelId)) {
            l.grid = e.result.gridBlocks;
            l.blocksPerSm = e.result.blocksPerSm;
        }
        e.prediction = m_perf->predict(l);
        e.fullModel = e.prediction.ok;
        if (!e.prediction.ok) {
            const QString why = e.prediction.reason;
            e.prediction = tilePrediction(e.result);
            e.prediction.notes.prepend(tr("The performance model could not predict this launch (%1): the tile model's terms are shown.").arg(why));
        }
    } else {
        e.prediction = tilePrediction(e.result);
        e.prediction.ok = e.prediction.ok && legal;
    }
    return e;
}

model::Prediction TileExplorer::tilePrediction(const model::TileResult &r) const
{
    model::Prediction p;
    p.ok = r.ok && r.predictedTimeS > 0;
    p.reason = r.problems.join(QStringLiteral("; "));
    p.timeS = r.predictedTimeS;
    p.bound = r.bound;
    p.boundWords = bindingTerm(r);
    p.flops = r.flops;
    p.mixSource = QStringLiteral("tile");
    p.terms = {
        {QStringLiteral("compute"), r.computeS,
         tr("%1 at the %2 peak × wave efficiency %3")
             .arg(model::formatSi(r.flops, QStringLiteral("FLOP")), model::precisionLabel(r.precision), percent(r.waveEfficiency))},
        {QStringLiteral("l2"), r.l2S,
         tr("%1 read without reuse / L2 bandwidth%2")
             .arg(model::formatBytesBinary(r.l2ReadBytesNoReuse), r.l2BandwidthAssumed ? tr(" (assumed)") : QString())},
        {QStringLiteral("hbm"), r.hbmS, tr("%1 (L2 model) / HBM bandwidth").arg(model::formatBytesBinary(r.hbmBytes))},
    };
    p.levelBytes = {{QStringLiteral("hbm"), r.hbmBytes}, {QStringLiteral("l2"), r.l2ReadBytesNoReuse + r.cBytes}};
    p.notes << tr("The tile-model step has only the peak terms (compute, L2, HBM); a ladder step adds issue, shared "
                  "memory, L1, latency and waves from its kernel.");
    return p;
}

QPointF TileExplorer::pointOf(const model::TileResult &r, const model::Prediction &p)
{
    // The tile model's HBM traffic (the terms table's intensity), the prediction's time.
    const double flops = p.flops > 0 ? p.flops : r.flops;
    return {r.aiHbm(), p.timeS > 0 ? flops / p.timeS : 0};
}

void TileExplorer::recompute()
{
    m_eval = evaluate(m_config);
    if (!m_eval.compileKey.isEmpty() && !m_compiler->result(m_eval.compileKey))
        m_compileTimer->start();
    showResult();
    publish();
    emit resultChanged();
}

void TileExplorer::requestCompile(const Evaluation &e, bool urgent)
{
    if (e.compileKey.isEmpty() || m_compiler->result(e.compileKey))
        return;
    m_compiler->request(gemm::compileJob(e.plan, m_gpu), urgent);
    m_registers->setText(registersText());
}

bool TileExplorer::compilePending() const
{
    return !m_eval.compileKey.isEmpty() && !m_compiler->result(m_eval.compileKey);
}

int TileExplorer::pendingCompiles() const
{
    return m_compiler->pendingCount();
}

void TileExplorer::onCompiled(const QString &key)
{
    if (key == m_eval.compileKey) {
        recompute();
        emit registersChanged();
    }
    bool trail = false;
    for (const TrailEntry &e : std::as_const(m_ladder))
        trail = trail || e.compileKey == key;
    for (const TrailEntry &e : std::as_const(m_sweep))
        trail = trail || e.compileKey == key;
    if (trail)
        reevaluateTrails();
}

QStringList TileExplorer::problems() const
{
    QStringList out = m_eval.plan.problems;
    for (const QString &p : m_eval.result.problems)
        if (!out.contains(p))
            out.append(p);
    return out;
}

QString TileExplorer::problemsText() const
{
    return problems().join(QLatin1Char('\n'));
}

QString TileExplorer::notesText() const
{
    QStringList n;
    if (!m_stepChange.isEmpty())
        n << m_stepChange;
    n += m_eval.plan.notes;
    n += m_eval.result.notes;
    return n.join(QLatin1Char('\n'));
}

QString TileExplorer::bindingTerm(const model::TileResult &r) const
{
    if (r.bound == QLatin1String("compute"))
        return r.precision.endsWith(QLatin1String("_tc"))
                   ? tr("tensor throughput (%1)").arg(model::precisionLabel(r.precision))
                   : tr("%1 throughput (CUDA cores)").arg(model::precisionLabel(r.precision));
    if (r.bound == QLatin1String("hbm"))
        return tr("HBM bandwidth");
    if (r.bound == QLatin1String("l2"))
        return r.l2BandwidthAssumed ? tr("L2 bandwidth (assumed)") : tr("L2 bandwidth");
    return {};
}

QString TileExplorer::headline() const
{
    const model::TileResult &r = m_eval.result;
    if (!m_model)
        return tr("Choose a GPU to see the prediction");
    if (!isLegal())
        return tr("No prediction: this configuration cannot run (see why below)");
    const model::Prediction &p = m_eval.prediction;
    if (!p.ok)
        return tr("No prediction: %1").arg(p.reason);
    return tr("predicted %1 · %2 · bound by %3")
        .arg(model::formatSeconds(p.timeS), model::formatSi(pointOf(r, p).y(), QStringLiteral("FLOP/s")), TermBar::shortWords(p));
}

QString TileExplorer::boundText() const
{
    return m_boundWords->text();
}

void TileExplorer::showBar()
{
    const model::Prediction &p = m_eval.prediction;
    if (!isLegal() || !p.ok) {
        m_termBar->clear(isLegal() ? p.reason : tr("No bar: this configuration cannot run."));
        m_boundWords->clear();
        m_boundWords->hide();
        return;
    }
    m_termBar->setPrediction(p);
    const model::Measurement *m = knownMeasurement(m_eval.plan);
    m_termBar->setMeasured(m ? std::optional<double>(m->time.median) : std::nullopt);
    m_boundWords->setText(ExplainView::boundSentence(p));
    m_boundWords->show();
}

QString TileExplorer::registersText() const
{
    const model::TileResult &r = m_eval.result;
    if (!r.registersEstimated) {
        const gemm::TileCompile *c = m_compiler->result(m_eval.compileKey);
        QString s = tr("registers: %1 per thread, compiled (NVRTC, %2)").arg(r.registers).arg(c ? c->arch : QString());
        if (c && c->spillBytes > 0)
            s += tr("; %1 bytes spilled to local memory").arg(c->spillBytes);
        return s;
    }
    QString s = tr("registers: ≈ %1, estimated").arg(r.registers);
    if (!m_eval.compileKey.isEmpty() && !m_compiler->result(m_eval.compileKey))
        s += tr(" — compiling %1 with NVRTC…").arg(gemm::shortStepName(m_config.step));
    else if (!m_eval.compileError.isEmpty())
        s += tr(" — no compile: %1").arg(m_eval.compileError);
    else if (!m_eval.plan.hasKernel())
        s += tr(" (the tile-model step has no kernel to compile)");
    else if (!m_eval.plan.problems.isEmpty())
        s += tr(" (nothing to compile for a configuration that cannot run)");
    else if (m_gpu.computeCapability.isEmpty())
        s += tr(" (%1 is not an NVIDIA GPU: nothing to compile)").arg(m_gpu.displayName());
    return s;
}

namespace {

// legal false: the step or the kernel refuses the configuration, so no time is predicted even
// where the model alone would give one.
QList<TermRow> termRows(const model::TileResult &result, const model::Prediction &pred, const QString &registers, bool legal = true)
{
    model::TileResult r = result;
    r.ok = r.ok && legal;
    using model::formatBytesBinary;
    using model::formatSeconds;
    using model::formatSi;
    // TileExplorer::tr, spelled out: lupdate finds the strings in this free function.
    QList<TermRow> rows;
    rows.append({"smem", TileExplorer::tr("shared memory / block"), formatBytesBinary(double(r.smemBytes)), double(r.smemBytes)});
    rows.append({"ai_stage", TileExplorer::tr("intensity per stage"), QString::number(r.aiStage, 'g', 4) + TileExplorer::tr(" FLOP/B"), r.aiStage});
    rows.append({"grid", TileExplorer::tr("grid"), QStringLiteral("%1 × %2 = %3").arg(r.gridM).arg(r.gridN).arg(r.gridBlocks),
                 double(r.gridBlocks)});
    rows.append({"k_iterations", TileExplorer::tr("K iterations"), QString::number(r.kIterations), double(r.kIterations)});
    rows.append({"flops", TileExplorer::tr("FLOPs"), formatSi(r.flops, QStringLiteral("FLOP")), r.flops});
    rows.append({"l2_no_reuse", TileExplorer::tr("reads, no reuse"), formatBytesBinary(r.l2ReadBytesNoReuse), r.l2ReadBytesNoReuse});
    rows.append({"c_bytes", TileExplorer::tr("C written"), formatBytesBinary(r.cBytes), r.cBytes});
    rows.append({"hbm", TileExplorer::tr("HBM bytes (L2 model)"), formatBytesBinary(r.hbmBytes) + (r.hbmReuse ? QString() : TileExplorer::tr(" (no reuse)")),
                 r.hbmBytes});
    rows.append({"hbm_min", TileExplorer::tr("HBM bytes (minimum)"), formatBytesBinary(r.hbmBytesMin), r.hbmBytesMin});
    rows.append({"registers", TileExplorer::tr("registers / thread"), registers, double(r.registers)});
    rows.append({"blocks_per_sm", TileExplorer::tr("blocks / SM"),
                 r.blocksPerSm > 0 ? TileExplorer::tr("%1 (limit: %2)").arg(r.blocksPerSm).arg(model::limiterLabel(r.limiter)) : TileExplorer::tr("0"),
                 double(r.blocksPerSm)});
    rows.append({"occupancy", TileExplorer::tr("occupancy"), percent(r.occupancy.occupancy), r.occupancy.occupancy});
    rows.append({"waves", TileExplorer::tr("waves"), QString::number(r.waves, 'g', 4), r.waves});
    rows.append({"wave_efficiency", TileExplorer::tr("wave efficiency"), percent(r.waveEfficiency), r.waveEfficiency});
    const QString none = QStringLiteral("—");
    // One row per term of the prediction ("compute_s", "issue_s", ..., "waves_s").
    const bool ok = r.ok && pred.ok;
    const QHash<QString, QString> termLabels = {
        {"compute", TileExplorer::tr("compute term")}, {"issue", TileExplorer::tr("issue term")},   {"smem", TileExplorer::tr("shared memory term")},
        {"l1", TileExplorer::tr("L1 term")},           {"l2", TileExplorer::tr("L2 term")},         {"hbm", TileExplorer::tr("HBM term")},
        {"latency", TileExplorer::tr("latency term")}, {"waves", TileExplorer::tr("waves term")}};
    for (const model::PerfTerm &t : pred.terms) {
        QString text = ok ? formatSeconds(t.seconds) : none;
        if (ok && t.name == QLatin1String("l2") && pred.mixSource == QLatin1String("tile") && r.l2BandwidthAssumed)
            text += TileExplorer::tr(" (L2 bw assumed)");
        rows.append({t.name + QStringLiteral("_s"), termLabels.value(t.name, t.name), text, t.seconds, ok && pred.bound == t.name});
    }
    const double flopS = ok && pred.timeS > 0 ? (pred.flops > 0 ? pred.flops : r.flops) / pred.timeS : 0;
    rows.append({"time", TileExplorer::tr("predicted time"), ok ? formatSeconds(pred.timeS) : none, pred.timeS, ok});
    rows.append({"flop_s", TileExplorer::tr("predicted FLOP/s"), ok ? formatSi(flopS, QStringLiteral("FLOP/s")) : none, flopS});
    rows.append({"ai_hbm", TileExplorer::tr("intensity (HBM)"), ok ? QString::number(r.aiHbm(), 'g', 4) + TileExplorer::tr(" FLOP/B") : none, r.aiHbm()});
    rows.append({"bound", TileExplorer::tr("bound by"), ok ? pred.boundWords : none, 0, ok});

    // Short forms for the three-column presets table.
    const QHash<QString, QString> shortLabels = {
        {"smem", TileExplorer::tr("smem / block")},  {"ai_stage", TileExplorer::tr("AI / stage")},   {"grid", TileExplorer::tr("blocks")},
        {"k_iterations", TileExplorer::tr("K iterations")}, {"l2_no_reuse", TileExplorer::tr("reads, no reuse")}, {"hbm", TileExplorer::tr("HBM (L2 model)")},
        {"hbm_min", TileExplorer::tr("HBM minimum")}, {"registers", TileExplorer::tr("regs / thread")}, {"wave_efficiency", TileExplorer::tr("wave eff.")},
        {"compute_s", TileExplorer::tr("compute term")}, {"time", TileExplorer::tr("time")},           {"flop_s", TileExplorer::tr("FLOP/s")},
        {"ai_hbm", TileExplorer::tr("AI (HBM)")},    {"bound", TileExplorer::tr("bound")}};
    auto shortLimiter = [&](model::Limiter l) {
        switch (l) {
        case model::Limiter::Registers: return TileExplorer::tr("regs");
        case model::Limiter::SharedMemory: return TileExplorer::tr("smem");
        case model::Limiter::Warps: return TileExplorer::tr("warps");
        case model::Limiter::Blocks: return TileExplorer::tr("blocks");
        case model::Limiter::Barriers: return TileExplorer::tr("barriers");
        case model::Limiter::None: break;
        }
        return QString();
    };
    for (TermRow &row : rows) {
        row.shortLabel = shortLabels.value(row.key, row.label);
        if (row.key == QLatin1String("ai_stage"))
            row.brief = QString::number(r.aiStage, 'g', 4);
        else if (row.key == QLatin1String("grid"))
            row.brief = QString::number(r.gridBlocks);
        else if (row.key == QLatin1String("hbm"))
            row.brief = formatBytesBinary(r.hbmBytes) + (r.hbmReuse ? QString() : QStringLiteral("*"));
        else if (row.key == QLatin1String("blocks_per_sm") && r.blocksPerSm > 0)
            row.brief = QStringLiteral("%1 · %2").arg(r.blocksPerSm).arg(shortLimiter(r.limiter));
        else if (row.key == QLatin1String("l2_s") && ok)
            row.brief = formatSeconds(row.raw) + (r.l2BandwidthAssumed && pred.mixSource == QLatin1String("tile") ? QStringLiteral("*") : QString());
        else if (row.key == QLatin1String("ai_hbm") && r.ok)
            row.brief = QString::number(r.aiHbm(), 'g', 4);
        else if (row.key == QLatin1String("bound") && ok)
            row.brief = pred.bound == QLatin1String("compute") ? TileExplorer::tr("compute") : pred.bound == QLatin1String("hbm") ? TileExplorer::tr("HBM") : pred.bound == QLatin1String("l2") ? TileExplorer::tr("L2") : pred.bound;
        else if (row.key == QLatin1String("flops"))
            row.brief = formatSi(r.flops, QString()).trimmed();
        else if (row.key == QLatin1String("flop_s") && ok)
            row.brief = formatSi(flopS, QString()).trimmed();
        else if (row.key == QLatin1String("registers"))
            row.brief = r.registersEstimated ? QStringLiteral("≈ %1").arg(r.registers) : QString::number(r.registers);
        if (row.brief.isEmpty())
            row.brief = row.text;
    }
    return rows;
}

QString compactRegisters(const model::TileResult &r)
{
    return r.registersEstimated ? QStringLiteral("≈ %1 (est.)").arg(r.registers) : QString::number(r.registers);
}

} // namespace

void TileExplorer::showResult()
{
    const model::TileResult &r = m_eval.result;
    m_title->setText(tr("Tile explorer · %1").arg(m_gpu.id.isEmpty() ? tr("no GPU") : m_gpu.displayName()));
    QString step = gemm::stepTitle(m_config.step);
    if (const kernels::KernelSpec *k = kernels::Catalog::instance().find(m_config.step))
        step = QStringLiteral("<b>%1</b> — %2").arg(step.toHtmlEscaped(), k->description.toHtmlEscaped());
    else
        step = QStringLiteral("<b>%1</b> — %2")
                   .arg(step.toHtmlEscaped(), tr("the tile model with every knob free; registers are estimated"));
    m_stepTitle->setText(step);
    m_headline->setText(headline());
    m_headline->setStyleSheet(isLegal() ? QString() : QStringLiteral("color: #b00020;"));
    m_registers->setText(registersText());

    const QStringList p = problems();
    m_problems->setVisible(!p.isEmpty());
    if (!p.isEmpty()) {
        QString html = tr("<b>Why it cannot run:</b>");
        for (const QString &s : p)
            html += QStringLiteral("<br>• %1").arg(s.toHtmlEscaped());
        m_problems->setText(html);
    }
    m_notes->setText(notesText());

    const QList<TermRow> rows = termRows(r, m_eval.prediction, registersText().section(QStringLiteral(": "), 1), isLegal());
    if (m_terms->rowCount() != rows.size()) {
        m_terms->setRowCount(int(rows.size()));
        for (int i = 0; i < rows.size(); ++i)
            for (int c = 0; c < 2; ++c)
                m_terms->setItem(i, c, new QTableWidgetItem);
    }
    for (int i = 0; i < rows.size(); ++i) {
        QTableWidgetItem *label = m_terms->item(i, 0), *value = m_terms->item(i, 1);
        label->setText(rows.at(i).label);
        label->setData(Qt::UserRole, rows.at(i).key);
        value->setText(rows.at(i).text);
        value->setData(Qt::UserRole, rows.at(i).raw);
        value->setToolTip(rows.at(i).text);
        QFont f = value->font();
        f.setBold(rows.at(i).bold);
        value->setFont(f);
        label->setFont(f);
    }

    const bool canMeasure = isLegal() && m_eval.plan.hasKernel() && !m_gpu.computeCapability.isEmpty();
    m_measureButton->setEnabled(canMeasure);
    m_measureButton->setText(m_runs.isEmpty() ? tr("Measure") : tr("Measuring… (%1 queued)").arg(m_runs.size()));
    if (!m_eval.plan.hasKernel())
        m_measureButton->setToolTip(tr("The tile-model step has no kernel: pick a ladder step to measure"));
    m_gap->setText(gapText());
    showBar();
}

void TileExplorer::fillPresets()
{
    const QList<Preset> presets = seed003Presets();
    m_presetGpu->setText(m_gpu.id == seed003Gpu()
                             ? tr("On %1, as in the worked example.").arg(m_gpu.displayName())
                             : tr("On %1 (the worked example uses an A100: press “On A100” to compare with its numbers).")
                                   .arg(m_gpu.displayName()));
    QList<QList<TermRow>> cols;
    bool assumed = false;
    for (const Preset &p : presets) {
        const Evaluation e = evaluate(p.config);
        cols.append(termRows(e.result, e.prediction, compactRegisters(e.result)));
        assumed = assumed || e.result.l2BandwidthAssumed;
    }
    if (assumed)
        m_presetGpu->setText(m_presetGpu->text() + QLatin1Char(' ') +
                             tr("* L2 bandwidth assumed (%1 × HBM): the spec database has no L2 figure.")
                                 .arg(model::TileModel::kAssumedL2ToHbm));
    const int rows = cols.isEmpty() ? 0 : int(cols.first().size());
    m_presets->setRowCount(rows);
    QStringList labels;
    for (int i = 0; i < rows; ++i)
        labels << cols.first().at(i).shortLabel;
    m_presets->setVerticalHeaderLabels(labels);
    for (int c = 0; c < cols.size(); ++c)
        for (int i = 0; i < rows; ++i) {
            auto *item = new QTableWidgetItem(cols.at(c).at(i).brief);
            item->setData(Qt::UserRole, cols.at(c).at(i).raw);
            item->setData(Qt::UserRole + 1, cols.at(c).at(i).key);
            item->setToolTip(QStringLiteral("%1, %2: %3")
                                 .arg(presets.at(c).name, cols.first().at(i).label, cols.at(c).at(i).text));
            if (cols.at(c).at(i).bold && cols.at(c).at(i).key != QLatin1String("bound")) {
                QFont f = item->font();
                f.setBold(true);
                item->setFont(f);
            }
            m_presets->setItem(i, c, item);
        }
}

void TileExplorer::applyPreset(int index)
{
    const QList<Preset> presets = seed003Presets();
    if (index < 0 || index >= presets.size())
        return;
    setConfig(presets.at(index).config);
}

void TileExplorer::applyLessonState(const QVariantMap &state)
{
    auto get = [&](const QString &key) -> QVariant {
        for (auto it = state.begin(); it != state.end(); ++it)
            if (it.key().compare(key, Qt::CaseInsensitive) == 0)
                return it.value();
        return {};
    };
    QString step = get(QStringLiteral("step")).toString();
    if (step.isEmpty())
        step = QString::fromLatin1(gemm::kModelStep);
    const QVariant m = get(QStringLiteral("M"));
    Config c = gemm::defaultConfig(step, m.isValid() ? m.toLongLong() : 4096);
    if (const QVariant d = get(QStringLiteral("dtype")); d.isValid()) {
        if (const auto dt = model::parseDtype(d.toString()))
            c.dtype = *dt;
    }
    QList<Field> given;
    for (Field f : gemm::tileFields()) {
        if (f == Field::Dtype || f == Field::Step)
            continue;
        const QVariant v = get(gemm::tileFieldKey(f));
        if (!v.isValid())
            continue;
        c.setValue(f, v.toLongLong());
        given.append(f);
    }
    // A register-blocked step told only its threads finds TM and TN from them.
    if (given.contains(Field::Threads) && !given.contains(Field::TM) && !given.contains(Field::TN))
        c.tm = c.tn = 0;
    // Knobs the step names keep their values (a wrong one shows its reason); the rest follow.
    const Config n = gemm::normalized(c);
    for (Field f : gemm::tileFields())
        if (f != Field::Dtype && f != Field::Step && !given.contains(f))
            c.setValue(f, n.value(f));
    setConfig(c);
}

// ---------------------------------------------------------------- chart

QString TileExplorer::tooltipFor(const Evaluation &e, const QString &title) const
{
    const model::TileResult &r = e.result;
    QString html = QStringLiteral("<b>%1</b><br>%2 · %3 · %4×%5×%6<table>")
                       .arg(title.toHtmlEscaped(), gemm::shortStepName(e.plan.config.step),
                            model::dtypeName(e.plan.config.dtype))
                       .arg(e.plan.config.M)
                       .arg(e.plan.config.N)
                       .arg(e.plan.config.K);
    const QString regs = r.registersEstimated ? tr("≈ %1 (estimated)").arg(r.registers) : tr("%1 (compiled)").arg(r.registers);
    for (const TermRow &row : termRows(r, e.prediction, regs)) {
        const QString cell = QStringLiteral("<td>%1</td><td>%2</td>").arg(row.label.toHtmlEscaped(), row.text.toHtmlEscaped());
        html += row.bold ? QStringLiteral("<tr style=\"font-weight:bold\">%1</tr>").arg(cell) : QStringLiteral("<tr>%1</tr>").arg(cell);
    }
    html += QStringLiteral("</table>");
    if (r.ok && e.prediction.ok)
        html += tr("binding term: <b>%1</b>").arg(e.prediction.boundWords.toHtmlEscaped());
    return html;
}

void TileExplorer::publish()
{
    m_points.clear();
    m_trails.clear();
    const model::TileResult &r = m_eval.result;
    const QString label = QStringLiteral("%1 %2").arg(gemm::shortStepName(m_config.step), gemm::tileLabel(m_config));
    if (isLegal()) {
        ChartPoint p;
        p.id = currentPointId();
        p.label = label;
        p.tooltip = tooltipFor(m_eval, tr("Predicted: %1").arg(label));
        const QPointF xy = pointOf(r, m_eval.prediction);
        p.ai = xy.x();
        p.flopPerS = xy.y();
        p.kind = ChartPoint::Kind::Predicted;
        m_points.append(p);
        bool fromSamples = false;
        if (const model::Measurement *m = knownMeasurement(m_eval.plan, &fromSamples)) {
            ChartPoint mp;
            mp.id = measuredPointId();
            mp.label = tr("measured");
            mp.tooltip = QStringLiteral("<b>%1</b><br>%2").arg(tr("Measured: %1").arg(label).toHtmlEscaped(),
                                                               gapFor(m_eval.prediction, *m).toHtmlEscaped()) +
                         (fromSamples ? tr("<br>(from the samples file)") : QString());
            mp.ai = p.ai;
            mp.flopPerS = m->flopPerS();
            mp.kind = ChartPoint::Kind::Measured;
            m_points.append(mp);
            ChartTrail gap;
            gap.id = QStringLiteral("tile.gap");
            gap.kind = ChartPoint::Kind::Measured;
            gap.points = {QPointF(p.ai, p.flopPerS), QPointF(mp.ai, mp.flopPerS)};
            m_trails.append(gap);
        }
    }

    auto addTrail = [this](const QList<TrailEntry> &entries, const QString &id, const QString &predicted,
                           const QString &measured) {
        ChartTrail pt, mt;
        pt.id = id + QStringLiteral(".predicted");
        pt.label = predicted;
        pt.kind = ChartPoint::Kind::Predicted;
        mt.id = id + QStringLiteral(".measured");
        mt.label = measured;
        mt.kind = ChartPoint::Kind::Measured;
        for (int i = 0; i < entries.size(); ++i) {
            const TrailEntry &e = entries.at(i);
            if (!e.skipped.isEmpty())
                continue;
            const QPointF xy = pointOf(e.result, e.prediction);
            pt.points << xy;
            pt.pointLabels << e.label;
            ChartPoint p;
            p.id = QStringLiteral("%1.p%2").arg(id).arg(i);
            p.tooltip = e.tooltip;
            p.ai = xy.x();
            p.flopPerS = xy.y();
            m_points << p;
            if (e.measured) {
                const double ai = xy.x(); // the same configuration: the model's traffic, the measured time
                mt.points << QPointF(ai, e.measured->flopPerS());
                mt.pointLabels << e.label;
                ChartPoint m;
                m.id = QStringLiteral("%1.m%2").arg(id).arg(i);
                m.kind = ChartPoint::Kind::Measured;
                m.ai = ai;
                m.flopPerS = e.measured->flopPerS();
                m.tooltip = QStringLiteral("<b>%1</b><br>%2%3")
                                .arg(tr("Measured: %1").arg(e.label).toHtmlEscaped(), gapFor(e.prediction, *e.measured).toHtmlEscaped(),
                                     e.fromSamples ? tr("<br>(from the samples file)") : QString());
                m_points << m;
            }
        }
        if (!pt.points.isEmpty())
            m_trails << pt;
        if (!mt.points.isEmpty())
            m_trails << mt;
    };
    addTrail(m_ladder, QStringLiteral("tile.ladder"), tr("ladder, predicted"), tr("ladder, measured"));
    addTrail(m_sweep, QStringLiteral("tile.sweep"), tr("sweep %1, predicted").arg(m_sweepName),
             tr("sweep %1, measured").arg(m_sweepName));

    pushToChart();
}

bool TileExplorer::onChart() const
{
    // Standalone (tests, a window of its own) or in the main window's current tab.
    return !parentWidget() || isVisibleTo(window());
}

void TileExplorer::pushToChart()
{
    // Nothing to say before a GPU is chosen; leave the chart alone rather than rebuild it empty.
    if (!m_chart || !m_model)
        return;
    if (!onChart() || (m_points.isEmpty() && m_trails.isEmpty())) {
        if (m_published) {
            m_chart->setUpdatesSuspended(true);
            m_chart->setPoints({}, chartGroup());
            m_chart->setTrails({}, chartGroup());
            m_chart->setUpdatesSuspended(false);
            m_published = false;
        }
        return;
    }
    m_chart->setUpdatesSuspended(true);
    m_chart->setPoints(m_points, chartGroup());
    m_chart->setTrails(m_trails, chartGroup());
    m_chart->setUpdatesSuspended(false);
    m_published = true;
}

void TileExplorer::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    pushToChart();
}

void TileExplorer::hideEvent(QHideEvent *event)
{
    QWidget::hideEvent(event);
    pushToChart(); // clears the group when a tab switch hid us (not when the window went)
}

// ---------------------------------------------------------------- ladder and sweep

void TileExplorer::loadSamples()
{
    if (m_samplesLoaded)
        return;
    m_samplesLoaded = true;
    m_samples.clear();
    m_samplesGpu.clear();
    m_samplesError.clear();
    if (!QFileInfo::exists(m_samplesFile)) {
        m_samplesError = tr("%1 is not there (yet): no measured ladder to show").arg(QFileInfo(m_samplesFile).fileName());
        return;
    }
    QString error;
    const auto rs = model::ResultSet::load(m_samplesFile, &error);
    if (!rs) {
        m_samplesError = tr("%1 was not loaded: %2").arg(QFileInfo(m_samplesFile).fileName(), error);
        return;
    }
    m_samplesGpu = rs->device.spec;
    m_samplesCeilings = model::MachineCeilings::fromResults(*rs);
    for (const model::Measurement &m : rs->measurements) {
        if (!m.kernel.startsWith(QLatin1String("gemm.")) || !m.check.ok || m.time.median <= 0)
            continue;
        QStringList parts = {m.kernel, m.dtype};
        for (auto it = m.params.begin(); it != m.params.end(); ++it)
            parts << it.key() + QLatin1Char('=') + QString::number(it.value().toLongLong());
        const QString key = parts.join(QLatin1Char(' '));
        // One per configuration: the ladder's own run before sweeps and repeats.
        const bool ladder = m.extra.value(QLatin1String("role")).toString() == QLatin1String("ladder");
        if (!m_samples.contains(key) || ladder)
            m_samples.insert(key, m);
    }
}

void TileExplorer::setSamplesFile(const QString &path)
{
    m_samplesFile = path;
    m_samplesLoaded = false;
    m_samples.clear();
    m_samplesGpu.clear();
    m_samplesCeilings = {};
    if (m_model)
        setGpu(m_gpu); // reloads them, with their ceilings
}

QString TileExplorer::measurementKey(const gemm::TilePlan &p) const
{
    QStringList parts = {p.kernelId, model::dtypeName(p.config.dtype)};
    for (auto it = p.kernelParams.begin(); it != p.kernelParams.end(); ++it) // QMap: sorted by name
        parts << it.key() + QLatin1Char('=') + QString::number(it.value().toLongLong());
    return parts.join(QLatin1Char(' '));
}

const model::Measurement *TileExplorer::knownMeasurement(const gemm::TilePlan &p, bool *fromSamples) const
{
    if (!p.hasKernel())
        return nullptr;
    const QString key = measurementKey(p);
    if (fromSamples)
        *fromSamples = false;
    if (auto it = m_measured.constFind(key); it != m_measured.constEnd())
        return &it.value();
    if (!m_samplesGpu.isEmpty() && m_samplesGpu == m_gpu.id)
        if (auto it = m_samples.constFind(key); it != m_samples.constEnd()) {
            if (fromSamples)
                *fromSamples = true;
            return &it.value();
        }
    return nullptr;
}

void TileExplorer::evaluateEntry(TrailEntry &e)
{
    const Evaluation ev = evaluate(e.config);
    e.plan = ev.plan;
    e.result = ev.result;
    e.prediction = ev.prediction;
    e.compileKey = ev.compileKey;
    QStringList why = ev.plan.problems;
    for (const QString &p : ev.result.problems)
        if (!why.contains(p))
            why << p;
    if (ev.plan.problems.isEmpty() && ev.result.ok && !ev.prediction.ok && !ev.prediction.reason.isEmpty())
        why << ev.prediction.reason;
    e.skipped = ev.plan.problems.isEmpty() && ev.result.ok && ev.prediction.ok ? QString() : why.join(QStringLiteral("; "));
    e.tooltip = e.skipped.isEmpty() ? tooltipFor(ev, e.label) : QString();
    if (!ev.compileKey.isEmpty() && !m_compiler->result(ev.compileKey))
        m_compiler->request(gemm::compileJob(ev.plan, m_gpu), false);
    bool fromSamples = false;
    const model::Measurement *m = e.skipped.isEmpty() ? knownMeasurement(ev.plan, &fromSamples) : nullptr;
    if (m) {
        e.measured = *m;
        e.fromSamples = fromSamples;
    } else if (!e.measured || e.fromSamples) {
        e.measured.reset();
    }
}

void TileExplorer::reevaluateTrails()
{
    if (m_ladder.isEmpty() && m_sweep.isEmpty())
        return;
    for (TrailEntry &e : m_ladder)
        evaluateEntry(e);
    for (TrailEntry &e : m_sweep)
        evaluateEntry(e);
    publish();
    m_ladderText->setText(ladderText());
    m_sweepText->setText(sweepText());
    emit trailsChanged();
}

void TileExplorer::showLadder()
{
    loadSamples();
    m_ladder.clear();
    int n = 0;
    for (const QString &step : gemm::ladderIds()) {
        TrailEntry e;
        e.config = gemm::defaultConfig(step, m_config.M);
        e.config.M = m_config.M;
        e.config.N = m_config.N;
        e.config.K = m_config.K;
        e.label = QStringLiteral("%1 %2").arg(++n).arg(gemm::shortStepName(step));
        evaluateEntry(e);
        m_ladder.append(e);
    }
    m_ladderMessage.clear();
    publish();
    m_ladderText->setText(ladderText());
    emit trailsChanged();
}

QString TileExplorer::ladderText() const
{
    if (m_ladder.isEmpty())
        return tr("The ladder: every step's default tile at the current size, predicted (hollow) and, from the "
                  "samples file, measured (filled).");
    int shown = 0, measured = 0;
    QStringList skipped;
    for (const TrailEntry &e : m_ladder) {
        if (e.skipped.isEmpty())
            ++shown;
        else
            skipped << QStringLiteral("%1: %2").arg(e.label, e.skipped);
        if (e.measured)
            ++measured;
    }
    QString s = tr("Ladder at %1×%2×%3: %4 of %5 steps predicted, %6 measured.")
                    .arg(m_config.M)
                    .arg(m_config.N)
                    .arg(m_config.K)
                    .arg(shown)
                    .arg(m_ladder.size())
                    .arg(measured);
    if (!m_samplesError.isEmpty())
        s += QLatin1Char(' ') + m_samplesError + QLatin1Char('.');
    else if (!m_samplesGpu.isEmpty() && m_samplesGpu != m_gpu.id)
        s += QLatin1Char(' ') + tr("The samples were measured on %1; choose that GPU to see them.").arg(m_samplesGpu);
    else if (measured < shown)
        s += QLatin1Char(' ') +
             tr("The samples hold the fp32 steps at 4096³ and the tensor-core steps at 8192³ (their ladder sizes).");
    if (!skipped.isEmpty())
        s += QLatin1Char('\n') + tr("Not on the trail: %1").arg(skipped.join(QStringLiteral("; ")));
    return s;
}

void TileExplorer::sweep(Field field)
{
    const gemm::FieldRule rule = gemm::fieldRule(m_config.step, field);
    QList<std::pair<Config, QString>> configs;
    if (rule.role != gemm::FieldRole::Free || rule.stops.isEmpty()) {
        m_sweep.clear();
        m_sweepMessage = tr("%1 is not a knob of %2 (%3): nothing to sweep")
                             .arg(gemm::tileFieldName(field), gemm::shortStepName(m_config.step), rule.why);
        publish();
        m_sweepText->setText(sweepText());
        emit trailsChanged();
        return;
    }
    for (qint64 v : rule.stops) {
        Config c = m_config;
        c.setValue(field, v);
        configs.append({gemm::normalized(c), QStringLiteral("%1=%2").arg(gemm::tileFieldName(field)).arg(v)});
    }
    runSweep(gemm::tileFieldName(field), configs);
}

void TileExplorer::sweepSize()
{
    QList<std::pair<Config, QString>> configs;
    for (qint64 d : sizeSweepValues()) {
        Config c = m_config;
        c.M = c.N = c.K = d;
        configs.append({c, QStringLiteral("D=%1").arg(d)});
    }
    runSweep(QStringLiteral("D"), configs);
}

void TileExplorer::runSweep(const QString &name, const QList<std::pair<Config, QString>> &configs)
{
    loadSamples();
    m_sweep.clear();
    m_sweepName = name;
    m_sweepMessage.clear();
    for (const auto &[c, label] : configs) {
        TrailEntry e;
        e.config = c;
        e.label = label;
        evaluateEntry(e);
        m_sweep.append(e);
    }
    publish();
    m_sweepText->setText(sweepText());
    emit trailsChanged();
}

QString TileExplorer::sweepText() const
{
    if (!m_sweepMessage.isEmpty())
        return m_sweepMessage;
    if (m_sweep.isEmpty())
        return tr("A sweep draws one knob over its legal values (the others as set above), or the size D = M = N = K.");
    int shown = 0, measured = 0;
    QStringList skipped;
    for (const TrailEntry &e : m_sweep) {
        if (e.skipped.isEmpty())
            ++shown;
        else
            skipped << QStringLiteral("%1: %2").arg(e.label, e.skipped);
        if (e.measured)
            ++measured;
    }
    QString s = tr("Sweep of %1 (%2): %3 of %4 points predicted, %5 measured.")
                    .arg(m_sweepName, gemm::shortStepName(m_config.step))
                    .arg(shown)
                    .arg(m_sweep.size())
                    .arg(measured);
    if (!skipped.isEmpty())
        s += QLatin1Char('\n') + tr("Left out: %1").arg(skipped.join(QStringLiteral("; ")));
    return s;
}

void TileExplorer::clearTrails()
{
    m_ladder.clear();
    m_sweep.clear();
    m_sweepMessage.clear();
    publish();
    m_ladderText->setText(ladderText());
    m_sweepText->setText(sweepText());
    emit trailsChanged();
}

// ---------------------------------------------------------------- measuring

namespace {
QPointer<WorkerClient> &defaultWorker()
{
    static QPointer<WorkerClient> w;
    return w;
}
} // namespace

void TileExplorer::setDefaultWorker(WorkerClient *worker)
{
    defaultWorker() = worker;
}

void TileExplorer::setWorker(WorkerClient *worker)
{
    if (m_worker == worker)
        return;
    if (m_worker)
        m_worker->disconnect(this);
    m_worker = worker;
    if (!worker)
        return;
    connect(worker, &WorkerClient::measurement, this, &TileExplorer::onMeasured);
    connect(worker, &WorkerClient::error, this,
            [this](const QString &id, const QString &message, int code) { onRunFailed(id, message, code == 3); });
    connect(worker, &WorkerClient::finished, this, &TileExplorer::onRunFinished);
    connect(worker, &WorkerClient::progress, this, [this](const QString &id, int, int, const QString &what) {
        if (!m_runs.contains(id))
            return;
        m_runMessage = tr("Measuring: %1").arg(what);
        m_gap->setText(gapText());
    });
}

void TileExplorer::setWorkerProgram(const QString &program)
{
    if (!m_ownWorker)
        m_ownWorker = new WorkerClient(this);
    m_ownWorker->setProgram(program);
    setWorker(m_ownWorker);
}

WorkerClient *TileExplorer::worker()
{
    if (!m_worker) {
        if (defaultWorker()) {
            setWorker(defaultWorker());
        } else {
            if (!m_ownWorker)
                m_ownWorker = new WorkerClient(this);
            setWorker(m_ownWorker);
        }
    }
    return m_worker;
}

QString TileExplorer::runOn(const gemm::TilePlan &p, bool sweep)
{
    WorkerClient *w = worker();
    const QString id = w->run(p.kernelId, p.kernelParams, model::dtypeName(p.config.dtype), 20);
    if (id.isEmpty()) {
        m_runMessage = tr("Measure failed: %1").arg(w->lastFailure()); // could not start the worker
        return {};
    }
    m_runs.insert(id, {measurementKey(p), sweep, false});
    return id;
}

bool TileExplorer::measuring() const
{
    return !m_runs.isEmpty();
}

void TileExplorer::measure()
{
    if (!isLegal()) {
        m_runMessage = tr("Measure: this configuration cannot run (see the reasons above).");
    } else if (!m_eval.plan.hasKernel()) {
        m_runMessage = tr("Measure: the tile-model step has no kernel; pick a ladder step to measure.");
    } else {
        if (!runOn(m_eval.plan, false).isEmpty())
            m_runMessage = tr("Measuring %1 %2 through the worker (checked, then timed)…")
                               .arg(gemm::shortStepName(m_config.step), gemm::tileLabel(m_config));
    }
    showResult();
}

void TileExplorer::measureSweep()
{
    int queued = 0;
    for (const TrailEntry &e : std::as_const(m_sweep)) {
        if (!e.skipped.isEmpty() || !e.plan.hasKernel())
            continue;
        if (runOn(e.plan, true).isEmpty())
            break;
        ++queued;
    }
    m_sweepMessage.clear();
    if (queued)
        m_runMessage = tr("Measuring %n sweep point(s) through the worker…", nullptr, queued);
    else if (m_runMessage.isEmpty() || m_runs.isEmpty())
        m_runMessage = tr("Measure sweep: no point of the sweep has a kernel to run (sweep a ladder step).");
    showResult();
}

QString TileExplorer::gapFor(const model::Prediction &p, const model::Measurement &m) const
{
    if (!p.ok || p.timeS <= 0)
        return tr("measured %1").arg(model::formatSeconds(m.time.median));
    const double ratio = m.time.median / p.timeS - 1.0;
    const QString rel = ratio >= 0 ? tr("%1 % slower").arg(qRound(ratio * 100)) : tr("%1 % faster").arg(qRound(-ratio * 100));
    return tr("predicted %1, measured %2, %3; binding term: %4")
        .arg(model::formatSeconds(p.timeS), model::formatSeconds(m.time.median), rel, p.boundWords);
}

QString TileExplorer::gapText() const
{
    bool fromSamples = false;
    if (isLegal())
        if (const model::Measurement *m = knownMeasurement(m_eval.plan, &fromSamples))
            return gapFor(m_eval.prediction, *m) + (fromSamples ? tr(" (samples file)") : QString());
    return m_runMessage;
}

void TileExplorer::onMeasured(const QString &id, const model::Measurement &m)
{
    const RunTarget t = m_runs.value(id);
    if (t.key.isEmpty())
        return;
    m_noDevice = false;
    if (!m.check.ok) {
        m_runMessage = tr("%1: the result check FAILED (%2), so the point is not plotted.")
                           .arg(m.kernel, m.check.message.isEmpty() ? tr("max rel. error %1").arg(m.check.maxRelErr)
                                                                    : m.check.message);
    } else {
        m_measured.insert(t.key, m);
        m_runMessage.clear();
    }
    for (TrailEntry &e : m_sweep)
        if (e.skipped.isEmpty() && measurementKey(e.plan) == t.key && m.check.ok) {
            e.measured = m;
            e.fromSamples = false;
        }
    showResult();
    publish();
    m_sweepText->setText(sweepText());
    if (t.sweep)
        emit trailsChanged();
}

void TileExplorer::onRunFailed(const QString &id, const QString &message, bool noDevice)
{
    if (!m_runs.contains(id))
        return;
    m_runs[id].failed = true;
    m_noDevice = noDevice;
    m_runMessage = noDevice ? tr("No CUDA device: %1 The prediction stands; the ladder view shows measured sample "
                                 "results.")
                                  .arg(message.endsWith(QLatin1Char('.')) ? message : message + QLatin1Char('.'))
                            : tr("Measure failed: %1").arg(message);
    showResult();
}

void TileExplorer::onRunFinished(const QString &id, bool ok, const QString &message)
{
    const auto it = m_runs.constFind(id);
    if (it == m_runs.constEnd())
        return;
    // A request can end without an error event before it (a worker that died, no device at all).
    if (!ok && !it->failed && !message.isEmpty())
        onRunFailed(id, message, message.contains(QLatin1String("no CUDA device"), Qt::CaseInsensitive));
    m_runs.remove(id);
    showResult();
    if (m_runs.isEmpty())
        emit measurementFinished();
}
