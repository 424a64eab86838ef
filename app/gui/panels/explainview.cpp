#include "panels/explainview.h"

#include "profilecounters.h"
#include "tile/termbar.h"
#include "tile/termwords.h"
#include "units.h"

#include <QEvent>
#include <QLabel>
#include <QVBoxLayout>

#include <cmath>

namespace {

QString paramsText(const QVariantMap &params)
{
    QStringList parts;
    for (auto it = params.cbegin(); it != params.cend(); ++it)
        parts << it.key() + QLatin1Char('=') + it.value().toString();
    return parts.join(QLatin1Char(' '));
}

QString signedPercent(double v)
{
    return (v < 0 ? QString(QChar(0x2212)) : QStringLiteral("+")) +
           QString::number(std::abs(v) * 100, 'f', 0) + QStringLiteral(" %");
}

} // namespace

ExplainView::ExplainView(QWidget *parent) : QWidget(parent)
{
    setObjectName(QStringLiteral("explainView"));
    auto *layout = new QVBoxLayout(this);
    auto label = [this, layout](const char *name, bool selectable = true) {
        auto *l = new QLabel(this);
        l->setObjectName(QLatin1String(name));
        l->setWordWrap(true);
        if (selectable)
            l->setTextInteractionFlags(Qt::TextSelectableByMouse);
        layout->addWidget(l);
        return l;
    };
    m_title = label("explainTitle");
    m_bar = new TermBar(this);
    layout->addWidget(m_bar);
    m_hint = label("explainHint", false);
    m_hint->setText(TermBar::overlapHint());
    m_bound = label("explainBound");
    m_gap = label("explainGap");
    m_levels = label("explainLevels");
    m_notes = label("explainNotes");
    layout->addStretch(1);
    applyFonts();
    clear();
}

void ExplainView::applyFonts()
{
    // Derived from the view's font each time, so a larger one (a projector) scales them all.
    QFont big = font();
    big.setBold(true);
    big.setPointSizeF(big.pointSizeF() * 1.15);
    m_title->setFont(big);
    QFont bold = font();
    bold.setBold(true);
    m_bound->setFont(bold);
    QFont small = font();
    small.setPointSizeF(small.pointSizeF() * 0.92);
    m_hint->setFont(small);
    m_notes->setFont(small);
    for (QLabel *l : {m_hint, m_notes}) {
        QPalette p = l->palette();
        p.setColor(QPalette::WindowText, palette().color(QPalette::PlaceholderText));
        l->setPalette(p);
    }
}

void ExplainView::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange || event->type() == QEvent::PaletteChange)
        applyFonts();
    if (event->type() == QEvent::LanguageChange)
        m_hint->setText(TermBar::overlapHint());
}

QString ExplainView::boundSentence(const model::Prediction &p)
{
    return termwords::boundSentence(p);
}

std::optional<double> ExplainView::gap(const model::Measurement &m, const model::Prediction &p)
{
    if (!p.ok || !(p.timeS > 0) || !(m.time.median > 0))
        return std::nullopt;
    return m.time.median / p.timeS - 1.0;
}

void ExplainView::clear()
{
    m_bar->clear(tr("Select a measurement to explain."));
    m_title->setText(tr("Nothing selected"));
    m_bound->clear();
    m_gap->clear();
    m_levels->clear();
    m_notes->clear();
    m_levelLines.clear();
    m_noteLines.clear();
}

void ExplainView::setRow(const model::Measurement &m, const model::Prediction &p, const QString &source)
{
    m_title->setText(
        QStringLiteral("%1 · %2 · %3")
            .arg(m.kernel, m.dtype.isEmpty() ? QStringLiteral("—") : m.dtype, paramsText(m.params)));
    m_title->setToolTip(source);
    m_bar->setPrediction(p);
    m_bar->setMeasured(m.time.median > 0 ? std::optional<double>(m.time.median) : std::nullopt);

    m_levelLines.clear();
    m_noteLines.clear();
    if (!p.ok) {
        m_bound->setText(
            tr("The performance model cannot explain this measurement: %1")
                .arg(p.reason.isEmpty() ? tr("it has no description of %1").arg(m.kernel) : p.reason));
        m_gap->setText(tr("measured %1").arg(model::formatSeconds(m.time.median)));
        m_levels->clear();
        m_notes->clear();
        return;
    }
    m_bound->setText(boundSentence(p));
    if (const auto g = gap(m, p))
        m_gap->setText(
            tr("Measured %1, predicted %2: gap %3 (%4).")
                .arg(model::formatSeconds(m.time.median), model::formatSeconds(p.timeS), signedPercent(*g),
                     *g >= 0 ? tr("slower than the model says") : tr("faster than the model says")));
    else
        m_gap->setText(tr("Predicted %1.").arg(model::formatSeconds(p.timeS)));

    const auto counters = model::ProfileCounters::of(m);
    m_levelLines = model::levelComparison(p.levelBytes, counters ? model::measuredLevelBytes(*counters)
                                                                 : QMap<QString, double>{});
    if (!counters)
        m_levelLines << tr("No counters in this measurement: `rooflab-cli run --profile` adds the measured "
                           "bytes per level.");
    else if (const auto mhz = counters->smClockMhz())
        m_levelLines
            << tr("counters: %1, SM clock %2 MHz while profiled").arg(counters->tool).arg(qRound(*mhz));
    m_levels->setText(m_levelLines.join(QLatin1Char('\n')));

    m_noteLines = p.notes;
    if (p.clockMhz > 0)
        m_noteLines << tr("SM clock used: %1 MHz").arg(qRound(p.clockMhz));
    QString html;
    for (const QString &n : std::as_const(m_noteLines))
        html += QStringLiteral("• %1<br>").arg(n.toHtmlEscaped());
    m_notes->setText(html);
}

QString ExplainView::titleText() const
{
    return m_title->text();
}

QString ExplainView::boundText() const
{
    return m_bound->text();
}

QString ExplainView::gapText() const
{
    return m_gap->text();
}

QString ExplainView::levelsText() const
{
    return m_levelLines.join(QLatin1Char('\n'));
}

QString ExplainView::notesText() const
{
    return m_noteLines.join(QLatin1Char('\n'));
}
