#include "tile/tileexplorer.h"

#include "chart/rooflinechart.h"
#include "tile/termbar.h"
#include "tile/termwords.h"

#include "units.h"

#include <QComboBox>
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
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace gemm = kernels::gemm;
using Field = kernels::gemm::TileField;

namespace {

// How many of the model's best tiles the explorer draws and measures.
constexpr int kBestTiles = 8;

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
        const double d = v > 0 && stops.at(i) > 0
                             ? std::abs(std::log2(double(v)) - std::log2(double(stops.at(i))))
                             : std::abs(double(v - stops.at(i)));
        if (d < bestDist) {
            bestDist = d;
            best = i;
        }
    }
    return best;
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

// ---------------------------------------------------------------- construction

TileExplorer::TileExplorer(RooflineChart *chart, QWidget *parent) : TileExplorer(nullptr, chart, parent) {}

TileExplorer::TileExplorer(TileSession *session, RooflineChart *chart, QWidget *parent)
    : QWidget(parent), m_session(session ? session : new TileSession(this)), m_chart(chart)
{
    setObjectName(QStringLiteral("tileExplorer"));
    buildUi();
    bind();
    refreshKnobs();
    fillPresets();
    showResult();
    showTrails();
    pushToChart();
}

TileExplorer::~TileExplorer()
{
    qDeleteAll(m_knobs);
}

void TileExplorer::bind()
{
    TileSession *s = m_session;
    connect(s, &TileSession::configChanged, this, &TileExplorer::onConfigChanged);
    connect(s, &TileSession::gpuChanged, this, &TileExplorer::fillPresets);
    connect(s, &TileSession::resultChanged, this, [this] {
        showResult();
        emit resultChanged();
    });
    connect(s, &TileSession::runStateChanged, this, &TileExplorer::showRunState);
    connect(s, &TileSession::registersChanged, this, &TileExplorer::registersChanged);
    connect(s, &TileSession::measurementFinished, this, &TileExplorer::measurementFinished);
    connect(s, &TileSession::trailsChanged, this, [this] {
        showTrails();
        emit trailsChanged();
    });
    connect(s, &TileSession::chartChanged, this, &TileExplorer::pushToChart);
}

void TileExplorer::applyLessonState(const QVariantMap &state)
{
    m_session->applyLessonState(state);
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

namespace {
// A slider's length per stop: enough for a hand on a touchpad to land on each.
constexpr int kPixelsPerStop = 12;
} // namespace

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
                    k->combo->setItemData(i, gemm::stepTitle(k->combo->itemData(i).toString()),
                                          Qt::ToolTipRole);
                k->stops.clear();
                for (int i = 0; i < k->combo->count(); ++i)
                    k->stops.append(i);
                connect(k->combo, &QComboBox::currentIndexChanged, this, &TileExplorer::onStep);
                // The short name in the box, the step's whole title on hover.
                QComboBox *combo = k->combo;
                connect(combo, &QComboBox::currentIndexChanged, combo, [combo](int i) {
                    combo->setToolTip(combo->itemData(i, Qt::ToolTipRole).toString());
                });
                combo->setToolTip(combo->itemData(combo->currentIndex(), Qt::ToolTipRole).toString());
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
    auto *intro = new QLabel(tr("The course notes' A100 example: 4096³ on TF32 tensor cores, 512 threads, "
                                "double-buffered; the three plans side "
                                "by side. Apply one to explore from it."),
                             w);
    intro->setWordWrap(true);
    v->addWidget(intro);
    m_presetGpu = new QLabel(w);
    m_presetGpu->setObjectName(QStringLiteral("presetGpu"));
    m_presetGpu->setWordWrap(true);
    v->addWidget(m_presetGpu);
    auto *buttons = new QGridLayout;
    const QList<Preset> presets = a100ExamplePresets();
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
    connect(onA100, &QPushButton::clicked, this, [this] { emit gpuRequested(a100ExampleGpu()); });
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
    ladder->setToolTip(
        tr("Every step of the GEMM ladder (its default tile) at the current M, N, K: predicted points, "
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
    m_sweepField->addItem(tr("measured tiles (RoofLab's samples)"), -2);
    m_sweepField->addItem(tr("the model's best %1 tiles").arg(kBestTiles), -3);
    m_sweepField->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_sweepField->setMinimumContentsLength(8);
    for (Field f :
         {Field::BM, Field::BN, Field::BK, Field::TM, Field::TN, Field::Stages, Field::Threads, Field::Group})
        m_sweepField->addItem(gemm::tileFieldName(f), int(f));
    sweepRow->addWidget(m_sweepField, 1);
    auto *go = new QPushButton(tr("Sweep"), w);
    go->setObjectName(QStringLiteral("sweep"));
    connect(go, &QPushButton::clicked, this, [this] {
        const int f = m_sweepField->currentData().toInt();
        if (f == -3)
            sweepBest(kBestTiles);
        else if (f == -2)
            sweepMeasured();
        else if (f < 0)
            sweepSize();
        else
            sweep(Field(f));
    });
    sweepRow->addWidget(go);
    v->addLayout(sweepRow);
    m_measureSweepButton = new QPushButton(tr("Measure sweep"), w);
    m_measureSweepButton->setObjectName(QStringLiteral("measureSweep"));
    m_measureSweepButton->setToolTip(
        tr("Run every point of the sweep through the worker, one after another"));
    connect(m_measureSweepButton, &QPushButton::clicked, this, &TileExplorer::measureSweep);
    auto *msRow = new QHBoxLayout;
    msRow->addWidget(m_measureSweepButton);
    msRow->addStretch(1);
    v->addLayout(msRow);
    m_sweepText = new QLabel(w);
    m_sweepText->setObjectName(QStringLiteral("sweepText"));
    m_sweepText->setWordWrap(true);
    v->addWidget(m_sweepText);
    m_sweepTable = new QTableWidget(0, 4, w);
    m_sweepTable->setObjectName(QStringLiteral("sweepTable"));
    m_sweepTable->setHorizontalHeaderLabels({tr("tile"), tr("predicted"), tr("bound by"), tr("measured")});
    m_sweepTable->verticalHeader()->hide();
    m_sweepTable->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_sweepTable->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_sweepTable->setSelectionMode(QAbstractItemView::SingleSelection);
    m_sweepTable->setWordWrap(false);
    // The numbers keep their width; the tile's label takes the rest and is elided if it must.
    m_sweepTable->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_sweepTable->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_sweepTable->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_sweepTable->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_sweepTable->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 4);
    m_sweepTable->setToolTip(tr("Double-click a row to set the explorer to that tile"));
    m_sweepTable->hide();
    connect(m_sweepTable, &QTableWidget::cellDoubleClicked, this, [this](int row) {
        const QList<TileSession::TrailEntry> &entries = m_session->sweepEntries();
        if (row >= 0 && row < entries.size())
            m_session->setConfig(entries.at(row).config);
    });
    v->addWidget(m_sweepTable);
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

void TileExplorer::onConfigChanged()
{
    // A new step brings new rules and ranges, and a dtype outside the step's list is shown with
    // a note (an entry of its own, gone again once the dtype is one of the step's); otherwise
    // only the values move.
    const Config &c = m_session->config();
    const QStringList dtypes = gemm::dtypesFor(c.step);
    const QComboBox *dtype = knob(Field::Dtype)->combo;
    const bool sameList = dtypes.contains(model::dtypeName(c.dtype)) && dtype->count() == dtypes.size();
    if (c.step != m_knobStep || !sameList)
        refreshKnobs();
    else
        showValues();
}

void TileExplorer::refreshKnobs()
{
    const bool was = m_updating;
    m_updating = true;
    const Config &c = m_session->config();
    m_knobStep = c.step;
    for (Knob *k : m_knobs) {
        const QSignalBlocker bs(k->slider);
        if (k->field == Field::Step) {
            k->slider->setRange(0, int(k->stops.size()) - 1);
            continue;
        }
        if (k->field == Field::Dtype) {
            const QSignalBlocker bc(k->combo);
            QStringList names = gemm::dtypesFor(c.step);
            const QString current = model::dtypeName(c.dtype);
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
        k->rule = gemm::fieldRule(c.step, k->field);
        const bool free = k->rule.role == gemm::FieldRole::Free;
        k->stops = free ? k->rule.stops : QList<qint64>{};
        k->slider->setRange(0, std::max(0, int(k->stops.size()) - 1));
        k->slider->setEnabled(free && k->stops.size() > 1);
        // Every stop within reach of the mouse: a small drag moves one stop, not five.
        k->slider->setMinimumWidth(std::max(120, kPixelsPerStop * int(k->stops.size())));
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
                      .arg(gemm::tileFieldName(k->field), gemm::shortStepName(c.step),
                           s.join(QStringLiteral(", ")));
        } else {
            tip = tr("%1 for %2: %3")
                      .arg(gemm::tileFieldName(k->field), gemm::shortStepName(c.step), k->rule.why);
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
    const Config &c = m_session->config();
    for (Knob *k : m_knobs) {
        const QSignalBlocker bs(k->slider);
        if (k->field == Field::Step) {
            const QSignalBlocker bc(k->combo);
            const int i = std::max(0, k->combo->findData(c.step));
            k->combo->setCurrentIndex(i);
            k->slider->setValue(i);
            continue;
        }
        if (k->field == Field::Dtype) {
            const QSignalBlocker bc(k->combo);
            const int i = std::max(0, k->combo->findData(model::dtypeName(c.dtype)));
            k->combo->setCurrentIndex(i);
            k->slider->setValue(std::min(i, k->slider->maximum()));
            continue;
        }
        const QSignalBlocker bsp(k->spin);
        const qint64 v = c.value(k->field);
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
    m_session->setValue(f, k->stops.at(index));
}

void TileExplorer::onSpin(Field f, int value)
{
    if (m_updating)
        return;
    m_session->setValue(f, value);
}

void TileExplorer::onDtype(int index)
{
    if (m_updating)
        return;
    if (const auto d = model::parseDtype(knob(Field::Dtype)->combo->itemData(index).toString()))
        m_session->setDtype(*d);
}

void TileExplorer::onStep(int index)
{
    if (m_updating)
        return;
    m_session->setStep(knob(Field::Step)->combo->itemData(index).toString());
}

// ---------------------------------------------------------------- showing the session

void TileExplorer::showResult()
{
    const TileSession &s = *m_session;
    m_title->setText(
        tr("Tile explorer · %1").arg(s.gpu().id.isEmpty() ? tr("no GPU") : s.gpu().displayName()));
    m_stepTitle->setText(s.stepTitleHtml());
    m_headline->setText(s.headline());
    m_headline->setStyleSheet(s.isLegal() ? QString() : QStringLiteral("color: #b00020;"));

    const QStringList p = s.problems();
    m_problems->setVisible(!p.isEmpty());
    if (!p.isEmpty()) {
        QString html = tr("<b>Why it cannot run:</b>");
        for (const QString &line : p)
            html += QStringLiteral("<br>• %1").arg(line.toHtmlEscaped());
        m_problems->setText(html);
    }
    m_notes->setText(s.notesText());

    const QList<TileTermRow> rows = s.termRows();
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
    showBar();
    showRunState();
}

void TileExplorer::showRunState()
{
    const TileSession &s = *m_session;
    m_registers->setText(s.registersText());
    m_measureButton->setEnabled(s.canMeasure());
    m_measureButton->setText(s.measuring() ? tr("Measuring… (%1 queued)").arg(s.runsInFlight())
                                           : tr("Measure"));
    m_measureButton->setToolTip(s.plan().hasKernel()
                                    ? tr("Run exactly this configuration on the GPU through rooflab-cli "
                                         "worker (checked against cuBLAS, then "
                                         "timed) and plot the measured point beside the prediction")
                                    : tr("The tile-model step has no kernel: pick a ladder step to measure"));
    m_gap->setText(s.gapText());
}

void TileExplorer::showBar()
{
    const TileSession &s = *m_session;
    const model::Prediction &p = s.prediction();
    if (!s.isLegal() || !p.ok) {
        m_termBar->clear(s.isLegal() ? p.reason : tr("No bar: this configuration cannot run."));
        m_boundWords->clear();
        m_boundWords->hide();
        return;
    }
    m_termBar->setPrediction(p);
    const model::Measurement *m = s.measurement();
    m_termBar->setMeasured(m ? std::optional<double>(m->time.median) : std::nullopt);
    m_boundWords->setText(s.boundSentence());
    m_boundWords->show();
}

QString TileExplorer::boundText() const
{
    return m_boundWords->text();
}

void TileExplorer::showTrails()
{
    m_ladderText->setText(m_session->ladderText());
    m_sweepText->setText(m_session->sweepText());
    showSweepTable();
}

void TileExplorer::showSweepTable()
{
    const QList<TileSession::TrailEntry> &entries = m_session->sweepEntries();
    m_sweepTable->setRowCount(int(entries.size()));
    for (int i = 0; i < entries.size(); ++i) {
        const TileSession::TrailEntry &e = entries.at(i);
        const bool predicted = e.skipped.isEmpty() && e.prediction.ok;
        const QStringList cells = {e.label, predicted ? model::formatSeconds(e.prediction.timeS) : e.skipped,
                                   predicted ? termwords::termLabel(e.prediction.bound) : QString(),
                                   e.measured ? model::formatSeconds(e.measured->time.median)
                                              : QStringLiteral("-")};
        for (int c = 0; c < cells.size(); ++c) {
            auto *item = new QTableWidgetItem(cells.at(c));
            item->setToolTip(c == 0 ? e.tooltip : cells.at(c));
            m_sweepTable->setItem(i, c, item);
        }
    }
    // Every row shown: the panel scrolls, not the table.
    const int rows = int(entries.size());
    m_sweepTable->setFixedHeight(m_sweepTable->horizontalHeader()->sizeHint().height() +
                                 m_sweepTable->verticalHeader()->length() + 2 * m_sweepTable->frameWidth());
    m_sweepTable->setVisible(rows > 0);
}

void TileExplorer::fillPresets()
{
    const TileSession &s = *m_session;
    const QList<Preset> presets = a100ExamplePresets();
    m_presetGpu->setText(
        s.gpu().id == a100ExampleGpu()
            ? tr("On %1, as in the worked example.").arg(s.gpu().displayName())
            : tr("On %1 (the worked example uses an A100: press “On A100” to compare with its numbers).")
                  .arg(s.gpu().displayName()));
    QList<QList<TileTermRow>> cols;
    bool assumed = false;
    for (const Preset &p : presets) {
        const TileSession::Evaluation e = s.evaluate(p.config);
        cols.append(TileSession::termRows(e.result, e.prediction, TileSession::compactRegisters(e.result)));
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

// ---------------------------------------------------------------- chart

bool TileExplorer::onChart() const
{
    // Standalone (tests, a window of its own) or in the main window's current tab.
    return !parentWidget() || isVisibleTo(window());
}

void TileExplorer::pushToChart()
{
    // Nothing to say before a GPU is chosen; leave the chart alone rather than rebuild it empty.
    if (!m_chart || !m_session->hasGpu())
        return;
    const QList<ChartPoint> &points = m_session->points();
    const QList<ChartTrail> &trails = m_session->trails();
    if (!onChart() || (points.isEmpty() && trails.isEmpty())) {
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
    m_chart->setPoints(points, chartGroup());
    m_chart->setTrails(trails, chartGroup());
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
