#pragma once

#include "chart/chartdata.h"
#include "llm/llmsession.h"

#include <QWidget>

class QComboBox;
class QLabel;
class QSlider;
class QSpinBox;
class RooflineChart;
class TokenRuler;
class Workspace;

// Decode vs prefill (the course notes' chapter 08): a log slider over M, the tokens in flight,
// moves one linear layer of a decoder layer from the HBM slope to the roof on the roofline
// chart, in BF16, W8A16, W4A16 and FP8 side by side (one colour each), with the M at which each
// reaches its ridge marked on the chart and under the slider; a model preset, B sequences and
// the KV length S, with the KV cache's share of the model step's bytes and each format's step
// time at the roofline. A view of the workspace's LlmSession; its points go to the chart (group
// "llm") while the view can be seen.
class LlmView : public QWidget
{
    Q_OBJECT

public:
    static constexpr int kSliderSteps = 1400; // 100 per octave over 1 … 16384

    // A view of workspace->llmSession(), drawing on chart (may be null).
    LlmView(Workspace *workspace, RooflineChart *chart, QWidget *parent = nullptr);
    ~LlmView() override;

    LlmSession *session() const { return m_session; }
    static QString chartGroup() { return LlmSession::chartGroup(); }
    // Point ids on the chart: "llm:<format>" (the layer at M), "llm:<format>:ridge" (at the
    // crossover M); trails "llm:<format>:path". <format>: bf16, w8a16, w4a16, fp8.
    static QString pointId(const QString &format) { return QStringLiteral("llm:") + format; }
    static QString ridgePointId(const QString &format) { return pointId(format) + QStringLiteral(":ridge"); }

    // The slider's log scale.
    static int sliderPosition(double tokens);
    static double tokensAt(int position);

    // What the view puts on the chart (the same whether or not it is shown).
    QList<ChartPoint> points() const;
    QList<ChartTrail> trails() const;

    // Predict, then reveal: the ridges of these precisions are asked for by a lesson's exercise;
    // the cards and the ridge points' tooltips give "?" for their FLOP/B until it is revealed.
    void setCoveredRidges(const QStringList &precisions);

    // ---- the widgets, for tests and lessons
    QSlider *slider() const { return m_slider; }
    TokenRuler *ruler() const { return m_ruler; }
    QComboBox *modelCombo() const { return m_model; }
    QComboBox *linearCombo() const { return m_linear; }
    QSpinBox *batchSpin() const { return m_batch; }
    QSpinBox *kvSpin() const { return m_kv; }
    // One card per format, in the scene's order: its ceiling, crossover M, point at M and step.
    QString formatText(int index) const;
    QString headline() const;
    QString kvText() const;

protected:
    void showEvent(QShowEvent *event) override;
    void hideEvent(QHideEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    QString ridgeFigure(const llmview::FormatSeries &f) const; // "412", or "?" while covered
    QStringList m_coveredRidges;
    void buildUi();
    void fillCombos();
    void showScene(); // the session's scene into the widgets and the chart
    void showCards();
    void updateChart();
    void wantCeilings(); // the formats' compute ceilings on the chart
    QColor formatColor(int index) const;

    Workspace *m_workspace = nullptr;
    LlmSession *m_session = nullptr;
    RooflineChart *m_chart = nullptr;
    QComboBox *m_model = nullptr;
    QComboBox *m_linear = nullptr;
    QLabel *m_tokensLabel = nullptr;
    QSlider *m_slider = nullptr;
    TokenRuler *m_ruler = nullptr;
    QSpinBox *m_batch = nullptr;
    QSpinBox *m_kv = nullptr;
    QLabel *m_headline = nullptr;
    QLabel *m_kvLabel = nullptr;
    QList<QLabel *> m_cards;
    QLabel *m_note = nullptr;
    bool m_ceilingsOffered = false;
    bool m_showing = false; // widgets being set from the session: their signals are not the user's
};
