#include "panels/occupancypanel.h"

#include "chart/occupancygraph.h"

#include <QComboBox>
#include <QCoreApplication>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSlider>
#include <QSpinBox>
#include <QStackedWidget>
#include <QTableWidget>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>

namespace {

using model::Limiter;

// One colour per limit, used for its table row and the "limited by" line alike.
QColor limiterColor(Limiter l)
{
    switch (l) {
    case Limiter::Registers:
        return QColor(0xc0, 0x5a, 0x00);
    case Limiter::SharedMemory:
        return QColor(0x1a, 0x6f, 0xb5);
    case Limiter::Warps:
        return QColor(0x2e, 0x7d, 0x32);
    case Limiter::Blocks:
        return QColor(0x7b, 0x1f, 0xa2);
    case Limiter::Barriers:
        return QColor(0x55, 0x55, 0x55);
    case Limiter::None:
        break;
    }
    return QColor(0xb0, 0x00, 0x20);
}

constexpr Limiter kRows[] = {Limiter::Registers, Limiter::SharedMemory, Limiter::Warps, Limiter::Blocks,
                             Limiter::Barriers};
constexpr int kMaxSmemSpin = 256 * 1024; // above every GPU's per-block maximum, so too much shows a reason
constexpr int kCarveDefault = 0, kCarveMaxL1 = 1, kCarveMaxShared = 2, kCarvePercent = 3;

QString kb(qint64 bytes)
{
    const QString n =
        bytes % 1024 == 0 ? QString::number(bytes / 1024) : QString::number(bytes / 1024.0, 'f', 2);
    return QCoreApplication::translate("OccupancyPanel", "%1 KB").arg(n);
}

} // namespace

OccupancyPanel::OccupancyPanel(QWidget *parent) : QWidget(parent)
{
    buildUi();
    updateRanges();
    recompute();
}

void OccupancyPanel::buildUi()
{
    m_building = true;
    auto *root = new QGridLayout(this);

    m_title = new QLabel(this);
    m_title->setObjectName("title");
    QFont titleFont = font();
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.25);
    titleFont.setBold(true);
    m_title->setFont(titleFont);
    m_title->setWordWrap(true); // the GPU's name and limits: two lines in a narrow dock
    root->addWidget(m_title, 0, 0, 1, 2);

    // ---- inputs
    auto *inputs = new QGroupBox(tr("Launch"), this);
    auto *form = new QGridLayout(inputs);
    form->setColumnStretch(1, 1);
    auto addRow = [&](int row, const QString &label, QWidget *control, QSpinBox *spin,
                      QWidget *extra = nullptr) {
        auto *name = new QLabel(label, inputs);
        name->setWordWrap(true); // two lines in a narrow dock rather than a wider panel
        form->addWidget(name, row, 0);
        if (control)
            form->addWidget(control, row, 1);
        form->addWidget(spin, row, 2);
        if (extra)
            form->addWidget(extra, row, 3);
    };

    m_threadsSlider = new QSlider(Qt::Horizontal, inputs);
    m_threadsSlider->setObjectName("threadsSlider");
    m_threadsSlider->setToolTip(tr("threads per block, in whole warps"));
    m_threadsSlider->setMinimumWidth(5 * 32); // every warp count within reach of the mouse
    m_threads = new QSpinBox(inputs);
    m_threads->setObjectName("threadsSpin");
    m_threads->setRange(1, 1024);
    m_threads->setSingleStep(32);
    m_threads->setValue(128);
    addRow(0, tr("Threads per block"), m_threadsSlider, m_threads);

    m_registersSlider = new QSlider(Qt::Horizontal, inputs);
    m_registersSlider->setObjectName("registersSlider");
    m_registers = new QSpinBox(inputs);
    m_registers->setObjectName("registersSpin");
    m_registers->setRange(0, 255);
    m_registers->setValue(32);
    m_registers->setToolTip(tr("registers per thread, as ptxas or NVRTC reports them"));
    addRow(1, tr("Registers per thread"), m_registersSlider, m_registers);

    m_smemSlider = new QSlider(Qt::Horizontal, inputs);
    m_smemSlider->setObjectName("smemSlider");
    m_smem = new QSpinBox(inputs);
    m_smem->setObjectName("smemSpin");
    m_smem->setRange(0, kMaxSmemSpin);
    m_smem->setSingleStep(1024);
    m_smem->setSuffix(tr(" B"));
    m_smem->setToolTip(tr("shared memory per block, static + dynamic, in bytes"));
    m_smemKb = new QLabel(inputs);
    m_smemKb->installEventFilter(this); // its own font change (presentation mode) refits it
    fitKbLabel();
    addRow(2, tr("Shared memory per block"), m_smemSlider, m_smem, m_smemKb);

    m_staticSmem = new QSpinBox(inputs);
    m_staticSmem->setObjectName("staticSmemSpin");
    m_staticSmem->setRange(0, kMaxSmemSpin);
    m_staticSmem->setSingleStep(1024);
    m_staticSmem->setSuffix(tr(" B"));
    m_staticSmem->setToolTip(
        tr("the part declared as __shared__ arrays (at most 48 KB); the rest is dynamic"));
    addRow(3, tr("   of which static"), nullptr, m_staticSmem);

    auto *carve = new QWidget(inputs);
    auto *carveLayout = new QHBoxLayout(carve);
    carveLayout->setContentsMargins(0, 0, 0, 0);
    m_carveoutMode = new QComboBox(carve);
    m_carveoutMode->setObjectName("carveoutMode");
    m_carveoutMode->addItem(tr("default"));
    m_carveoutMode->addItem(tr("max L1"));
    m_carveoutMode->addItem(tr("max shared"));
    m_carveoutMode->addItem(tr("percentage"));
    m_carveoutMode->setToolTip(tr("cudaFuncAttributePreferredSharedMemoryCarveout: how much of the unified "
                                  "L1/shared memory the SM gives to shared memory"));
    m_carveoutSlider = new QSlider(Qt::Horizontal, carve);
    m_carveoutSlider->setObjectName("carveoutSlider");
    m_carveoutSlider->setRange(0, 100);
    m_carveoutSlider->setValue(50);
    carveLayout->addWidget(m_carveoutMode);
    carveLayout->addWidget(m_carveoutSlider, 1);
    m_carveoutPercent = new QSpinBox(inputs);
    m_carveoutPercent->setObjectName("carveoutSpin");
    m_carveoutPercent->setRange(0, 100);
    m_carveoutPercent->setValue(50);
    m_carveoutPercent->setSuffix(tr(" %"));
    addRow(4, tr("Shared-memory carveout"), carve, m_carveoutPercent);
    form->setRowStretch(5, 1);
    root->addWidget(inputs, 1, 0);
    m_inputsBox = inputs;

    // ---- result
    auto *result = new QGroupBox(tr("Result"), this);
    // The result, or (while a lesson's exercise asks for it) a note that it waits for the reveal.
    m_resultStack = new QStackedWidget(result);
    auto *resultOuter = new QVBoxLayout(result);
    resultOuter->setContentsMargins(0, 0, 0, 0);
    resultOuter->addWidget(m_resultStack);
    auto *resultPage = new QWidget(m_resultStack);
    m_resultStack->addWidget(resultPage);
    m_coverNote = new QLabel(m_resultStack);
    m_coverNote->setObjectName(QStringLiteral("resultCover"));
    m_coverNote->setWordWrap(true);
    m_coverNote->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    m_coverNote->setMargin(8);
    m_resultStack->addWidget(m_coverNote);
    auto *res = new QVBoxLayout(resultPage);
    m_headline = new QLabel(result);
    m_headline->setObjectName("headline");
    QFont big = font();
    big.setPointSizeF(big.pointSizeF() * 1.9);
    big.setBold(true);
    m_headline->setFont(big);
    m_headline->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_headline->setWordWrap(true); // "16 blocks/SM · 64 warps · 100 %" never loses its percentage
    res->addWidget(m_headline);
    m_limitedBy = new QLabel(result);
    QFont mid = font();
    mid.setPointSizeF(mid.pointSizeF() * 1.15);
    mid.setBold(true);
    m_limitedBy->setFont(mid);
    res->addWidget(m_limitedBy);
    m_reason = new QLabel(result);
    m_reason->setWordWrap(true);
    m_reason->setStyleSheet(QStringLiteral("color: #b00020;"));
    res->addWidget(m_reason);

    m_limits = new QTableWidget(int(std::size(kRows)), 3, result);
    m_limits->setObjectName("limitTable");
    m_limits->setHorizontalHeaderLabels({tr("limit"), tr("blocks / SM"), tr("because")});
    m_limits->verticalHeader()->hide();
    m_limits->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_limits->setSelectionMode(QAbstractItemView::NoSelection);
    m_limits->setFocusPolicy(Qt::NoFocus);
    m_limits->horizontalHeader()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    m_limits->horizontalHeader()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    m_limits->horizontalHeader()->setStretchLastSection(true);
    for (int row = 0; row < int(std::size(kRows)); ++row)
        for (int col = 0; col < 3; ++col) {
            auto *item = new QTableWidgetItem;
            item->setData(Qt::UserRole, int(kRows[row]));
            if (col == 1)
                item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            m_limits->setItem(row, col, item);
        }
    // The reasons wrap in a narrow dock instead of widening the panel past it: the table's
    // height follows its rows, its width whatever the panel has (at least the numbers).
    m_limits->setWordWrap(true);
    m_limits->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_limits->setSizeAdjustPolicy(QAbstractScrollArea::AdjustToContents);
    m_limits->setMinimumWidth(fontMetrics().averageCharWidth() * 40);
    m_limits->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_limits->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    res->addWidget(m_limits);

    m_allocated = new QLabel(result);
    m_allocated->setWordWrap(true);
    res->addWidget(m_allocated);
    auto *sugRow = new QHBoxLayout;
    m_suggestionLabel = new QLabel(result);
    m_suggestionLabel->setWordWrap(true);
    m_suggestionLabel->setToolTip(
        tr("the block size cudaOccMaxPotentialOccupancyBlockSize picks for these registers "
           "and this shared memory: the largest one reaching the highest occupancy"));
    m_useSuggestion = new QPushButton(tr("Use it"), result);
    m_useSuggestion->setObjectName("useSuggestion");
    m_useSuggestion->setToolTip(tr("set threads per block to the suggested size"));
    sugRow->addWidget(m_suggestionLabel, 1);
    sugRow->addWidget(m_useSuggestion);
    res->addLayout(sugRow);
    m_notes = new QLabel(result);
    m_notes->setWordWrap(true);
    m_notes->setStyleSheet(QStringLiteral("color: #8a6d00;"));
    res->addWidget(m_notes);
    res->addStretch(1);
    root->addWidget(result, 1, 1);
    m_resultBox = result;

    // ---- steps
    auto *stepsBox = new QGroupBox(tr("By hand (cuda_occupancy.h's numbers)"), this);
    auto *stepsLayout = new QVBoxLayout(stepsBox);
    m_steps = new QListWidget(stepsBox);
    m_steps->setObjectName("steps");
    m_steps->setWordWrap(true);
    m_steps->setSelectionMode(QAbstractItemView::NoSelection);
    m_steps->setFocusPolicy(Qt::NoFocus);
    m_steps->setMinimumHeight(200);
    stepsLayout->addWidget(m_steps);
    root->addWidget(stepsBox, 2, 0, 1, 2);
    m_stepsBox = stepsBox;

    // ---- sweeps
    auto *graphs = new QBoxLayout(QBoxLayout::LeftToRight);
    m_graphs = graphs;
    m_byThreads =
        new OccupancyGraph(tr("Occupancy vs threads per block"), tr("threads per block"), 1.0, this);
    m_byRegisters =
        new OccupancyGraph(tr("Occupancy vs registers per thread"), tr("registers per thread"), 1.0, this);
    m_bySmem = new OccupancyGraph(tr("Occupancy vs shared memory per block"),
                                  tr("shared memory per block (KB)"), 1024.0, this);
    graphs->addWidget(m_byThreads);
    graphs->addWidget(m_byRegisters);
    graphs->addWidget(m_bySmem);
    root->addLayout(graphs, 3, 0, 1, 2);
    root->setRowStretch(2, 1);
    root->setRowStretch(3, 2);
    root->setColumnStretch(0, 1);
    root->setColumnStretch(1, 1);
    m_root = root;

    // ---- wiring: a slider moves its spin box; a spin box moves its slider without echo.
    connect(m_threadsSlider, &QSlider::valueChanged, this,
            [this](int warps) { m_threads->setValue(warps * 32); });
    connect(m_threads, &QSpinBox::valueChanged, this, [this](int threads) {
        const QSignalBlocker b(m_threadsSlider);
        m_threadsSlider->setValue((threads + 31) / 32);
        recompute();
    });
    connect(m_registersSlider, &QSlider::valueChanged, m_registers, &QSpinBox::setValue);
    connect(m_registers, &QSpinBox::valueChanged, this, [this](int regs) {
        const QSignalBlocker b(m_registersSlider);
        m_registersSlider->setValue(regs);
        recompute();
    });
    connect(m_smemSlider, &QSlider::valueChanged, m_smem, &QSpinBox::setValue);
    connect(m_smem, &QSpinBox::valueChanged, this, [this](int bytes) {
        const QSignalBlocker b(m_smemSlider);
        m_smemSlider->setValue(bytes);
        recompute();
    });
    connect(m_staticSmem, &QSpinBox::valueChanged, this, &OccupancyPanel::recompute);
    connect(m_carveoutMode, &QComboBox::currentIndexChanged, this, &OccupancyPanel::recompute);
    connect(m_carveoutSlider, &QSlider::valueChanged, m_carveoutPercent, &QSpinBox::setValue);
    connect(m_carveoutPercent, &QSpinBox::valueChanged, this, [this](int pct) {
        const QSignalBlocker b(m_carveoutSlider);
        m_carveoutSlider->setValue(pct);
        // Moving the percentage means the user wants a percentage.
        if (m_carveoutMode->currentIndex() != kCarvePercent)
            m_carveoutMode->setCurrentIndex(kCarvePercent); // recomputes
        else
            recompute();
    });
    connect(m_useSuggestion, &QPushButton::clicked, this, &OccupancyPanel::applySuggestion);
    m_building = false;
}

void OccupancyPanel::setResultCovered(bool covered)
{
    m_covered = covered;
    m_coverNote->setText(tr("Predict first: the calculator's answer (blocks, warps, occupancy and what "
                            "limits them) stays covered until the exercise is revealed."));
    m_resultStack->setCurrentIndex(covered ? 1 : 0);
    m_stepsBox->setVisible(!covered);
    for (OccupancyGraph *g : {m_byThreads, m_byRegisters, m_bySmem})
        g->setVisible(!covered);
}

void OccupancyPanel::setGpu(const model::Gpu &gpu)
{
    m_gpu = gpu;
    m_occ.emplace(gpu);
    updateRanges();
    recompute();
}

void OccupancyPanel::updateRanges()
{
    const bool valid = m_occ && m_occ->isValid();
    const model::SmLimits l = valid ? m_occ->limits() : model::SmLimits{};
    const QSignalBlocker b1(m_threadsSlider), b2(m_registersSlider), b3(m_smemSlider);
    m_threadsSlider->setRange(1, std::max(1, l.maxThreadsPerBlock / std::max(1, l.warpSize)));
    m_threadsSlider->setValue((m_threads->value() + 31) / 32);
    m_registersSlider->setRange(1, std::max(1, l.maxRegsPerThread));
    m_registersSlider->setValue(m_registers->value());
    const int smemMax = valid ? int(m_occ->maxSmemPerBlock()) : 48 * 1024;
    m_smemSlider->setRange(0, smemMax);
    m_smemSlider->setSingleStep(std::max(1, l.smemAllocGranularity));
    m_smemSlider->setPageStep(4096);
    m_smemSlider->setValue(m_smem->value());
    m_staticSmem->setMaximum(kMaxSmemSpin);

    if (!m_occ)
        m_title->setText(tr("Occupancy: choose an NVIDIA GPU"));
    else if (!valid)
        m_title->setText(tr("Occupancy: %1").arg(m_gpu.displayName()));
    else
        m_title->setText(tr("Occupancy: %1 (CC %2): %3 warps, %4 blocks, %5 shared memory per SM")
                             .arg(m_gpu.displayName(), m_occ->computeCapability())
                             .arg(l.maxThreadsPerSm / std::max(1, l.warpSize))
                             .arg(l.maxBlocksPerSm)
                             .arg(kb(l.smemPerSmBytes)));
    for (QWidget *w : std::initializer_list<QWidget *>{m_threads, m_threadsSlider, m_registers,
                                                       m_registersSlider, m_smem, m_smemSlider, m_staticSmem,
                                                       m_carveoutMode, m_carveoutSlider, m_carveoutPercent})
        w->setEnabled(valid);
}

model::OccupancyInput OccupancyPanel::input() const
{
    model::OccupancyInput in;
    in.threadsPerBlock = m_threads->value();
    in.registersPerThread = m_registers->value();
    const qint64 total = m_smem->value();
    in.staticSmemBytes = std::min<qint64>(m_staticSmem->value(), total);
    in.dynamicSmemBytes = total - in.staticSmemBytes;
    switch (m_carveoutMode->currentIndex()) {
    case kCarveMaxL1:
        in.carveout = model::CarveoutMaxL1;
        break;
    case kCarveMaxShared:
        in.carveout = model::CarveoutMaxShared;
        break;
    case kCarvePercent:
        in.carveout = m_carveoutPercent->value();
        break;
    default:
        in.carveout = model::CarveoutDefault;
        break;
    }
    return in;
}

void OccupancyPanel::setInput(const model::OccupancyInput &in)
{
    m_building = true;
    m_threads->setValue(in.threadsPerBlock);
    m_registers->setValue(in.registersPerThread);
    m_smem->setValue(int(std::min<qint64>(in.smemBytes(), kMaxSmemSpin)));
    m_staticSmem->setValue(int(std::min<qint64>(in.staticSmemBytes, kMaxSmemSpin)));
    setCarveout(in.carveout);
    m_building = false;
    recompute();
}

void OccupancyPanel::setThreads(int threads)
{
    m_threads->setValue(threads);
}

void OccupancyPanel::setRegisters(int registers)
{
    m_registers->setValue(registers);
}

void OccupancyPanel::setCarveout(int carveout)
{
    const QSignalBlocker b(m_carveoutMode);
    if (carveout == model::CarveoutDefault) {
        m_carveoutMode->setCurrentIndex(kCarveDefault);
    } else if (carveout == model::CarveoutMaxL1) {
        m_carveoutMode->setCurrentIndex(kCarveMaxL1);
    } else if (carveout == model::CarveoutMaxShared) {
        m_carveoutMode->setCurrentIndex(kCarveMaxShared);
    } else {
        m_carveoutMode->setCurrentIndex(kCarvePercent);
        const QSignalBlocker bp(m_carveoutPercent), bs(m_carveoutSlider);
        m_carveoutPercent->setValue(carveout);
        m_carveoutSlider->setValue(carveout);
    }
    recompute();
}

void OccupancyPanel::applySuggestion()
{
    if (m_suggestion.blockSize > 0)
        m_threads->setValue(m_suggestion.blockSize);
}

void OccupancyPanel::recompute()
{
    if (m_building)
        return;
    const bool percent = m_carveoutMode->currentIndex() == kCarvePercent;
    m_carveoutSlider->setEnabled(percent && m_carveoutMode->isEnabled());
    m_carveoutPercent->setEnabled(percent && m_carveoutMode->isEnabled());
    m_smemKb->setText(QStringLiteral("= ") + kb(m_smem->value()));

    const model::OccupancyInput in = input();
    m_suggestion = {};
    if (!m_occ) {
        m_result = {};
        m_result.reason = tr("no GPU chosen");
    } else {
        m_result = m_occ->compute(in);
        if (m_occ->isValid())
            m_suggestion = m_occ->suggestBlockSize(in);
    }
    const bool curves = m_occ && m_occ->isValid();
    if (curves) {
        m_byThreads->setSweep(m_occ->sweepThreads(in));
        m_byRegisters->setSweep(m_occ->sweepRegisters(in));
        m_bySmem->setSweep(m_occ->sweepSharedMemory(in));
        const double occ = m_result.occupancy;
        m_byThreads->setMarker(QPointF(in.threadsPerBlock, occ));
        m_byRegisters->setMarker(QPointF(in.registersPerThread, occ));
        m_bySmem->setMarker(QPointF(double(in.smemBytes()), occ));
    } else {
        m_byThreads->clear();
        m_byRegisters->clear();
        m_bySmem->clear();
    }
    showResult();
    emit resultChanged();
}

void OccupancyPanel::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange && m_limits) {
        m_limits->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 8);
        showResult();
        fitKbLabel();
        // Larger type (presentation mode) needs more room side by side: choose again once the
        // boxes have their new sizes.
        QTimer::singleShot(0, this, [this] {
            // Presentation mode sets each child's font after the panel's: measure the KB label
            // again at its own new size.
            fitKbLabel();
            if (m_watchedParent) {
                m_layoutChosen = false;
                arrange(m_watchedParent->width());
            }
        });
    }
}

void OccupancyPanel::showResult()
{
    const model::OccupancyResult &r = m_result;
    m_headline->setText(r.summary());
    if (r.ok) {
        const QColor c = limiterColor(r.limiter);
        QStringList others;
        for (Limiter l : r.limiters)
            if (l != r.limiter)
                others.append(model::limiterLabel(l));
        QString text = tr("limited by %1").arg(model::limiterLabel(r.limiter));
        if (!others.isEmpty())
            text += tr(" (tied with %1)").arg(others.join(tr(", ")));
        m_limitedBy->setText(text);
        m_limitedBy->setStyleSheet(QStringLiteral("color: %1;").arg(c.name()));
        m_reason->clear();
        m_reason->hide();
    } else {
        m_limitedBy->setText(tr("cannot launch"));
        m_limitedBy->setStyleSheet(QStringLiteral("color: #b00020;"));
        m_reason->setText(r.reason);
        m_reason->show();
    }

    // The limit table: blocks each limit allows and what sets it; the binding row bold and tinted.
    const model::OccupancyInput in = input();
    const bool haveNumbers = !r.steps.isEmpty();
    for (int row = 0; row < int(std::size(kRows)); ++row) {
        const Limiter l = kRows[row];
        const int v = r.limitFor(l);
        QString because;
        switch (l) {
        case Limiter::Registers:
            because = tr("%1 registers per block").arg(r.allocatedRegistersPerBlock);
            break;
        case Limiter::SharedMemory:
            because = tr("%1 per block of %2 per SM").arg(kb(r.allocatedSmemPerBlock), kb(r.smemPerSmBytes));
            break;
        case Limiter::Warps:
            because = tr("%n warp(s) per block of %1 per SM", nullptr, r.warpsPerBlock).arg(r.maxWarpsPerSm);
            break;
        case Limiter::Blocks:
            because = tr("CC %1 block slots").arg(m_occ ? m_occ->computeCapability() : QString());
            break;
        case Limiter::Barriers:
            because = tr("%1 barrier(s) per block").arg(in.barriersPerBlock);
            break;
        case Limiter::None:
            break;
        }
        const bool binding = haveNumbers && r.limiters.contains(l);
        const bool primary = binding && l == r.limiter;
        m_limits->setRowHidden(row, l == Limiter::Barriers && v == model::OccupancyResult::Unlimited);
        const QString value = !haveNumbers                             ? QStringLiteral("–")
                              : v == model::OccupancyResult::Unlimited ? tr("no limit")
                                                                       : QString::number(v);
        const QStringList cells = {model::limiterLabel(l), value, haveNumbers ? because : QString()};
        for (int col = 0; col < 3; ++col) {
            QTableWidgetItem *item = m_limits->item(row, col);
            item->setText(cells[col]);
            QFont f = font();
            f.setBold(binding);
            item->setFont(f);
            item->setData(Qt::UserRole + 1, primary);
            const QColor c = limiterColor(l);
            item->setForeground(binding ? QBrush(c) : palette().text());
            item->setBackground(binding ? QBrush(QColor(c.red(), c.green(), c.blue(), 36)) : QBrush());
        }
    }
    int h = m_limits->horizontalHeader()->height() + 2 * m_limits->frameWidth();
    for (int row = 0; row < m_limits->rowCount(); ++row)
        if (!m_limits->isRowHidden(row))
            h += m_limits->rowHeight(row);
    m_limits->setFixedHeight(h);

    if (haveNumbers)
        m_allocated->setText(tr("Allocated per block: %1 registers · %2 (%3 B) shared memory")
                                 .arg(r.allocatedRegistersPerBlock)
                                 .arg(kb(r.allocatedSmemPerBlock))
                                 .arg(r.allocatedSmemPerBlock));
    else
        m_allocated->clear();
    if (m_suggestion.blockSize > 0) {
        m_suggestionLabel->setText(tr("Suggested block size: %1 threads → %2 %")
                                       .arg(m_suggestion.blockSize)
                                       .arg(QString::number(m_suggestion.occupancy * 100, 'g', 4)));
        m_useSuggestion->setEnabled(m_suggestion.blockSize != in.threadsPerBlock);
    } else {
        m_suggestionLabel->setText(m_occ && m_occ->isValid() ? tr("No block size fits these resources.")
                                                             : QString());
        m_useSuggestion->setEnabled(false);
    }
    m_useSuggestion->setVisible(m_occ && m_occ->isValid());
    m_notes->setText(r.notes.join('\n'));
    m_notes->setVisible(!r.notes.isEmpty());

    m_steps->clear();
    for (int i = 0; i < r.steps.size(); ++i)
        m_steps->addItem(QStringLiteral("%1. %2").arg(i + 1).arg(r.steps[i]));
    if (r.steps.isEmpty() && !r.reason.isEmpty())
        m_steps->addItem(r.reason);
    if (m_steps->count() > 0 && r.ok) {
        QListWidgetItem *last = m_steps->item(m_steps->count() - 1);
        QFont f = font();
        f.setBold(true);
        last->setFont(f);
    }
}

QString OccupancyPanel::headline() const
{
    return m_headline->text();
}

model::Limiter OccupancyPanel::highlightedLimiter() const
{
    for (int row = 0; row < m_limits->rowCount(); ++row) {
        const QTableWidgetItem *item = m_limits->item(row, 0);
        if (item->data(Qt::UserRole + 1).toBool())
            return Limiter(item->data(Qt::UserRole).toInt());
    }
    return Limiter::None;
}

QStringList OccupancyPanel::stepTexts() const
{
    QStringList out;
    for (int i = 0; i < m_steps->count(); ++i)
        out.append(m_steps->item(i)->text());
    return out;
}

OccupancyGraph *OccupancyPanel::graph(Sweep which) const
{
    switch (which) {
    case Sweep::Threads:
        return m_byThreads;
    case Sweep::Registers:
        return m_byRegisters;
    case Sweep::SharedMemory:
        return m_bySmem;
    }
    return nullptr;
}

std::optional<QPointF> OccupancyPanel::markerPosition(Sweep which) const
{
    return graph(which)->marker();
}

bool OccupancyPanel::event(QEvent *event)
{
    // In a scroll area the room is the viewport's width, not this widget's (which the layout's
    // minimum holds open): watch the parent to lay out for it.
    if (event->type() == QEvent::ParentChange) {
        if (m_watchedParent)
            m_watchedParent->removeEventFilter(this);
        m_watchedParent = parentWidget();
        if (m_watchedParent)
            m_watchedParent->installEventFilter(this);
    }
    return QWidget::event(event);
}

bool OccupancyPanel::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_watchedParent && event->type() == QEvent::Resize)
        arrange(m_watchedParent->width());
    if (watched == m_smemKb && event->type() == QEvent::FontChange)
        fitKbLabel();
    return QWidget::eventFilter(watched, event);
}

void OccupancyPanel::arrange(int room)
{
    // Side by side (inputs beside the result, the three sweeps in a row) when both fit in the
    // room; else one under the other, so a narrow dock shows every control without scrolling
    // sideways.
    const int spacing = m_root->horizontalSpacing() >= 0 ? m_root->horizontalSpacing() : 6;
    const QMargins m = m_root->contentsMargins();
    const int wide = m_inputsBox->minimumSizeHint().width() + m_resultBox->minimumSizeHint().width() +
                     spacing + m.left() + m.right();
    const bool stacked = room < wide;
    if (m_layoutChosen && stacked == m_stacked)
        return;
    m_layoutChosen = true;
    m_stacked = stacked;
    m_root->removeWidget(m_inputsBox);
    m_root->removeWidget(m_resultBox);
    m_root->removeWidget(m_stepsBox);
    m_root->removeItem(m_graphs);
    if (stacked) {
        m_root->addWidget(m_inputsBox, 1, 0, 1, 2);
        m_root->addWidget(m_resultBox, 2, 0, 1, 2);
        m_root->addWidget(m_stepsBox, 3, 0, 1, 2);
        m_root->addLayout(m_graphs, 4, 0, 1, 2);
        m_graphs->setDirection(QBoxLayout::TopToBottom);
    } else {
        m_root->addWidget(m_inputsBox, 1, 0);
        m_root->addWidget(m_resultBox, 1, 1);
        m_root->addWidget(m_stepsBox, 2, 0, 1, 2);
        m_root->addLayout(m_graphs, 3, 0, 1, 2);
        m_graphs->setDirection(QBoxLayout::LeftToRight);
    }
    for (int r = 0; r < 5; ++r)
        m_root->setRowStretch(r, 0);
    m_root->setRowStretch(stacked ? 3 : 2, 1);
    m_root->setRowStretch(stacked ? 4 : 3, 2);
}

void OccupancyPanel::fitKbLabel()
{
    // Room for the widest conversion ("= 9999 KB") at the label's own type size: it never cuts
    // and never makes the row jump as the value changes.
    if (m_smemKb)
        m_smemKb->setMinimumWidth(m_smemKb->fontMetrics().horizontalAdvance(QStringLiteral("= 9999 KB")) + 4);
}
