#include "panels/llmview.h"

#include "chart/rooflinechart.h"
#include "panels/tokenruler.h"
#include "units.h"
#include "workspace/workspace.h"

#include <QComboBox>
#include <QEvent>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QSlider>
#include <QSpinBox>
#include <QStyle>
#include <QVBoxLayout>

#include <cmath>

namespace llm = model::llm;

namespace {

QString count(double v)
{
    return QLocale().toString(qRound64(v));
}

// FLOP/B and query tokens as people write them: "0.99", "31.7", "1,911" (never "1.91E+03").
QString plain(double v)
{
    return std::abs(v) >= 100 ? QLocale().toString(v, 'f', 0) : QLocale().toString(v, 'g', 3);
}

QString percent(double share)
{
    return QLocale().toString(100 * share, 'f', share < 0.1 ? 1 : 0) + QStringLiteral(" %");
}

} // namespace

LlmView::LlmView(Workspace *workspace, RooflineChart *chart, QWidget *parent)
    : QWidget(parent), m_workspace(workspace), m_session(workspace->llmSession()), m_chart(chart)
{
    buildUi();
    connect(m_session, &LlmSession::changed, this, &LlmView::showScene);
    showScene();
}

LlmView::~LlmView() = default;

int LlmView::sliderPosition(double tokens)
{
    const double t = std::log2(std::clamp(tokens, llmview::kMinTokens, llmview::kMaxTokens)) /
                     std::log2(llmview::kMaxTokens / llmview::kMinTokens);
    return int(std::lround(t * kSliderSteps));
}

double LlmView::tokensAt(int position)
{
    const double t = std::clamp(position, 0, kSliderSteps) / double(kSliderSteps);
    return std::round(llmview::kMinTokens * std::pow(llmview::kMaxTokens / llmview::kMinTokens, t));
}

void LlmView::buildUi()
{
    // The host scrolls the panel in its tab; nothing here may be wider than a narrow dock
    // (1280 × 720), so long texts wrap and the combos shrink.
    QWidget *content = this;
    auto *layout = new QVBoxLayout(this);
    auto *form = new QFormLayout;
    m_model = new QComboBox(content);
    m_linear = new QComboBox(content);
    // Long names must not widen a narrow dock: the combos shrink and show the rest on hover.
    for (QComboBox *combo : {m_model, m_linear}) {
        combo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        combo->setMinimumContentsLength(6);
    }
    form->setRowWrapPolicy(QFormLayout::WrapLongRows); // labels above their fields when narrow
    form->addRow(tr("Model"), m_model);
    form->addRow(tr("Linear layer"), m_linear);
    layout->addLayout(form);

    m_tokensLabel = new QLabel(content);
    layout->addWidget(m_tokensLabel);
    m_slider = new QSlider(Qt::Horizontal, content);
    m_slider->setRange(0, kSliderSteps);
    m_slider->setSingleStep(25); // a quarter octave
    m_slider->setPageStep(100);  // an octave
    m_slider->setToolTip(tr("M, the tokens in flight through the linear layers this step (log scale): "
                            "a decode step has one per sequence, a prefill the whole prompt."));
    layout->addWidget(m_slider);
    m_ruler = new TokenRuler(content);
    m_ruler->setRange(llmview::kMinTokens, llmview::kMaxTokens);
    // The groove runs between the handle's half-widths.
    m_ruler->setInset(style()->pixelMetric(QStyle::PM_SliderLength, nullptr, m_slider) / 2);
    m_ruler->setToolTip(tr("Each mark is the M at which a format's GEMM reaches its ridge: left of it the "
                           "layer waits on memory, right of it on the tensor cores."));
    layout->addWidget(m_ruler);

    auto *kvForm = new QFormLayout;
    kvForm->setRowWrapPolicy(QFormLayout::WrapLongRows);
    m_batch = new QSpinBox(content);
    m_batch->setRange(1, int(llmview::kMaxBatch));
    m_batch->setToolTip(tr("B, the sequences in the batch. Each brings M / B tokens to the step."));
    m_kv = new QSpinBox(content);
    m_kv->setRange(1, int(llmview::kMaxKvLength));
    m_kv->setSingleStep(1024);
    m_kv->setGroupSeparatorShown(true);
    m_kv->setToolTip(tr("S, the tokens each sequence's KV cache holds (this step's included)."));
    kvForm->addRow(tr("Sequences B"), m_batch);
    kvForm->addRow(tr("KV length S"), m_kv);
    layout->addLayout(kvForm);

    m_headline = new QLabel(content);
    m_headline->setWordWrap(true);
    layout->addWidget(m_headline);
    m_kvLabel = new QLabel(content);
    m_kvLabel->setWordWrap(true);
    layout->addWidget(m_kvLabel);

    for (int i = 0; i < int(model::llm::weightFormatNames().size()); ++i) {
        auto *card = new QLabel(content);
        card->setObjectName(QStringLiteral("formatCard%1").arg(i));
        card->setWordWrap(true);
        card->setTextFormat(Qt::RichText);
        card->setFrameShape(QFrame::StyledPanel);
        card->setMargin(4);
        layout->addWidget(card);
        m_cards << card;
    }
    m_note = new QLabel(content);
    m_note->setWordWrap(true);
    layout->addWidget(m_note);
    layout->addStretch(1);

    fillCombos();
    connect(m_model, &QComboBox::currentIndexChanged, this, [this] {
        if (!m_showing)
            m_session->setModel(m_model->currentData().toString());
    });
    connect(m_linear, &QComboBox::currentIndexChanged, this, [this] {
        if (!m_showing)
            m_session->setLinear(m_linear->currentData().toString());
    });
    connect(m_slider, &QSlider::valueChanged, this, [this](int v) {
        if (!m_showing)
            m_session->setTokens(tokensAt(v));
    });
    connect(m_batch, &QSpinBox::valueChanged, this, [this](int v) {
        if (!m_showing)
            m_session->setBatch(v);
    });
    connect(m_kv, &QSpinBox::valueChanged, this, [this](int v) {
        if (!m_showing)
            m_session->setKvLength(v);
    });
}

void LlmView::fillCombos()
{
    const QSignalBlocker a(m_model), b(m_linear);
    m_model->clear();
    for (const llm::ModelConfig &m : llm::presets()) {
        m_model->addItem(m.name, m.id);
        m_model->setItemData(
            m_model->count() - 1,
            tr("%1 layers, hidden %2, %3 query heads sharing %4 KV heads of %5, MLP %6.\nSource: %7")
                .arg(m.layers)
                .arg(m.hidden)
                .arg(m.heads)
                .arg(m.kvHeads)
                .arg(m.headDim)
                .arg(m.intermediate)
                .arg(m.source),
            Qt::ToolTipRole);
    }
    m_linear->clear();
    for (const QString &name : llmview::linearNames())
        m_linear->addItem(name, name);
}

QColor LlmView::formatColor(int index) const
{
    return m_chart ? m_chart->theme().gpuColor(index) : RooflineChart::gpuColor(index);
}

QString LlmView::headline() const
{
    return m_headline->text();
}

QString LlmView::kvText() const
{
    return m_kvLabel->text();
}

void LlmView::showScene()
{
    const llmview::Scene &scene = m_session->scene();
    const llmview::Settings &s = scene.settings;
    m_showing = true;
    m_model->setCurrentIndex(m_model->findData(s.model));
    // The layer names carry the chosen model's shapes.
    for (int i = 0; i < m_linear->count(); ++i)
        m_linear->setItemText(i, m_linear->itemData(i).toString());
    m_linear->setCurrentIndex(m_linear->findData(s.linear));
    if (scene.N > 0) {
        m_linear->setItemText(m_linear->currentIndex(),
                              tr("%1 (K %2 × N %3)").arg(s.linear, count(scene.K), count(scene.N)));
        m_linear->setToolTip(m_linear->currentText());
    }
    // The slider keeps its own position while the user drags within one token.
    if (tokensAt(m_slider->value()) != s.tokens)
        m_slider->setValue(sliderPosition(s.tokens));
    m_batch->setValue(int(s.batch));
    m_kv->setValue(int(s.kvLength));
    m_showing = false;

    m_tokensLabel->setText(tr("Tokens in flight M = %1").arg(count(s.tokens)));
    m_ruler->setTokens(s.tokens);
    QList<TokenRuler::Mark> marks;
    for (int i = 0; i < scene.formats.size(); ++i)
        if (const auto &f = scene.formats.at(i); f.crossoverM)
            marks << TokenRuler::Mark{f.name, formatColor(i), *f.crossoverM};
    m_ruler->setMarks(marks);

    if (!scene.error.isEmpty()) {
        m_headline->setText(scene.error);
        m_kvLabel->clear();
    } else {
        const QString kind = scene.queries <= 1 ? tr("a decode step, one new token per sequence")
                             : s.batch == 1
                                 ? tr("a prefill of %1 prompt tokens").arg(count(s.tokens))
                                 : tr("%1 tokens per sequence (a chunked prefill)").arg(plain(scene.queries));
        m_headline->setText(
            tr("B × Sq = %1 × %2 = M: %3. The chart shows %4 at M in each format; as M grows, each "
               "point follows its format's path (in its colour) up the slope and along its roof.")
                .arg(count(s.batch), plain(scene.queries), kind, s.linear));
        const llmview::FormatSeries *bf16 = scene.formats.isEmpty() ? nullptr : &scene.formats.first();
        QString text = tr("KV cache (BF16): %1 per token × B·S = %2 tokens = %3.")
                           .arg(model::formatBytesBinary(scene.kv.bytesPerToken), count(scene.kv.tokens),
                                model::formatBytesBinary(scene.kv.totalBytes));
        if (bf16)
            text += QLatin1Char(' ') +
                    tr("It is %1 of the BF16 step's bytes; its reads pass the weights' at B·S ≈ %2 tokens.")
                        .arg(percent(bf16->kvShare), count(bf16->kvCrossoverTokens));
        m_kvLabel->setText(text);
    }
    if (scene.settings.kvLength < scene.kvLength)
        m_kvLabel->setText(
            m_kvLabel->text() + QLatin1Char(' ') +
            tr("(S is taken as %1: the KV cache holds this step's tokens too.)").arg(count(scene.kvLength)));
    showCards();
    updateChart();
}

void LlmView::setCoveredRidges(const QStringList &precisions)
{
    if (precisions == m_coveredRidges)
        return;
    m_coveredRidges = precisions;
    showCards();
    updateChart();
}

QString LlmView::ridgeFigure(const llmview::FormatSeries &f) const
{
    return m_coveredRidges.contains(f.precision) ? QStringLiteral("?") : QLocale().toString(f.ridge, 'f', 0);
}

QString LlmView::formatText(int index) const
{
    return index >= 0 && index < m_cards.size() ? m_cards.at(index)->text() : QString();
}

void LlmView::showCards()
{
    const llmview::Scene &scene = m_session->scene();
    for (int i = 0; i < m_cards.size(); ++i) {
        QLabel *card = m_cards.at(i);
        if (i >= scene.formats.size()) {
            card->clear();
            card->setToolTip(QString());
            continue;
        }
        const llmview::FormatSeries &f = scene.formats.at(i);
        const QString ridge =
            f.crossoverM
                ? tr("reaches the ridge (%1 FLOP/B) at M ≈ %2").arg(ridgeFigure(f), count(*f.crossoverM))
                : tr("never reaches the ridge (%1 FLOP/B)").arg(ridgeFigure(f));
        const QString at = tr("At M = %1: %2 FLOP/B, %3, %4 for %5.")
                               .arg(count(scene.settings.tokens), plain(f.gemm.ai()),
                                    f.memoryBound ? tr("memory-bound") : tr("compute-bound"),
                                    model::formatSeconds(f.gemmTimeS), scene.settings.linear);
        const QString step =
            f.step.ops.isEmpty()
                ? QString()
                : tr("Model step: %1 at the roofline; the KV cache is %2 of its bytes and its reads pass "
                     "the weights' at B·S ≈ %3 tokens.")
                      .arg(model::formatSeconds(f.step.timeS), percent(f.kvShare),
                           count(f.kvCrossoverTokens));
        card->setText(tr("<b style=\"color:%1\">%2</b> on %3 %4<br>%5<br>%6")
                          .arg(formatColor(i).name(), f.name.toHtmlEscaped(),
                               model::precisionLabel(f.precision).toHtmlEscaped(), ridge.toHtmlEscaped(),
                               at.toHtmlEscaped(), step.toHtmlEscaped()));
        card->setToolTip(
            tr("Below the ridge M the GEMM waits on HBM; above it on the tensor cores. The step: %1 "
               "layers, the final norm and the LM head, each operator at max(FLOPs / peak, bytes / HBM).")
                .arg(scene.model.layers));
    }
    const model::Gpu &gpu = m_session->gpu();
    QString note = tr("Colours are the four weight formats. W8A16 and W4A16 keep BF16 activations and "
                      "one FP16 scale per 128 weights.");
    if (!scene.formats.isEmpty() && scene.formats.last().precision != QLatin1String("fp8_tc"))
        note += QLatin1Char(' ') +
                tr("%1 has no FP8 tensor cores: FP8 runs at %2 here.")
                    .arg(gpu.displayName(), model::precisionLabel(scene.formats.last().precision));
    m_note->setText(note);
}

QList<ChartPoint> LlmView::points() const
{
    const llmview::Scene &scene = m_session->scene();
    QList<ChartPoint> out;
    QList<QPointF> labelled; // one label for formats that cross at the same ridge
    for (int i = 0; i < scene.formats.size(); ++i) {
        const llmview::FormatSeries &f = scene.formats.at(i);
        const QString key = llm::weightFormatName(f.format);
        ChartPoint p;
        p.id = pointId(key);
        p.label = tr("%1 M=%2").arg(f.name, count(scene.settings.tokens));
        p.ai = f.gemm.ai();
        p.flopPerS = f.attainable;
        p.gpuIndex = i;
        p.tooltip = tr("<b>%1 %2</b>, M = %3 tokens<br>FLOPs: %4<br>Bytes: %5<br>Intensity: %6 FLOP/B<br>"
                       "Attainable: %7 (%8)<br>Time at the roofline: %9")
                        .arg(f.name, scene.settings.linear, count(scene.settings.tokens),
                             model::formatSi(f.gemm.flops, QStringLiteral("FLOP")),
                             model::formatSi(f.gemm.bytes, QStringLiteral("B")), plain(f.gemm.ai()),
                             model::formatSi(f.attainable, QStringLiteral("FLOP/s"), 4),
                             f.memoryBound ? tr("memory-bound") : tr("compute-bound"))
                        .arg(model::formatSeconds(f.gemmTimeS));
        out << p;
        if (!f.crossoverM)
            continue;
        ChartPoint r;
        r.id = ridgePointId(key);
        r.ai = f.ridge;
        r.flopPerS = f.peak;
        r.gpuIndex = i;
        r.share = 0; // the smallest marker: a mark, not a workload
        QStringList names;
        for (const llmview::FormatSeries &g : scene.formats)
            if (g.crossoverM && g.ridge == f.ridge)
                names << tr("%1 M≈%2").arg(g.name, count(*g.crossoverM));
        const QPointF at(r.ai, r.flopPerS);
        if (!labelled.contains(at)) {
            r.label = tr("ridge: %1").arg(names.join(QStringLiteral(", ")));
            labelled << at;
        }
        r.tooltip =
            tr("<b>%1</b> reaches the ridge (%2 FLOP/B, %3) at M ≈ %4 tokens")
                .arg(f.name, ridgeFigure(f), model::precisionLabel(f.precision), count(*f.crossoverM));
        out << r;
    }
    return out;
}

QList<ChartTrail> LlmView::trails() const
{
    QList<ChartTrail> out;
    const llmview::Scene &scene = m_session->scene();
    for (int i = 0; i < scene.formats.size(); ++i) {
        const llmview::FormatSeries &f = scene.formats.at(i);
        ChartTrail t;
        t.id = pointId(llm::weightFormatName(f.format)) + QStringLiteral(":path");
        t.points = f.trail;
        t.gpuIndex = i;
        t.style = ChartTrail::Style::Levels; // a thin line: the markers are the points above
        out << t;
    }
    return out;
}

void LlmView::updateChart()
{
    if (!m_chart)
        return;
    m_chart->setUpdatesSuspended(true);
    const bool shown = isVisible() && m_session->hasGpu();
    m_chart->setPoints(shown ? points() : QList<ChartPoint>{}, chartGroup());
    m_chart->setTrails(shown ? trails() : QList<ChartTrail>{}, chartGroup());
    m_chart->setUpdatesSuspended(false);
}

void LlmView::wantCeilings()
{
    // The FP8 roof is not among the ceilings shown first; the view offers it once, where the GPU
    // has it (a user who unticks it afterwards keeps it off).
    if (!m_workspace || m_ceilingsOffered)
        return;
    m_ceilingsOffered = true;
    const QString fp8 = QStringLiteral("fp8_tc");
    QStringList wanted = m_workspace->wantedPrecisions();
    for (const llmview::FormatSeries &f : m_session->scene().formats)
        if (f.precision == fp8 && !wanted.contains(fp8)) {
            wanted << fp8;
            m_workspace->setWantedCeilings(wanted, m_workspace->wantedLevels());
        }
}

void LlmView::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    wantCeilings();
    updateChart();
}

void LlmView::hideEvent(QHideEvent *event)
{
    QWidget::hideEvent(event);
    updateChart();
}

void LlmView::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange && m_session)
        showScene(); // the formats' colours follow the chart's theme
}
