#include "tile/termbar.h"

#include "tile/termwords.h"

#include "units.h"

#include <QCoreApplication>
#include <QEvent>
#include <QHelpEvent>
#include <QPainter>
#include <QPainterPath>
#include <QRegularExpression>
#include <QToolTip>

#include <algorithm>
#include <cmath>

namespace {

QColor blend(const QColor &a, const QColor &b, double t)
{
    return QColor::fromRgbF(float(a.redF() * t + b.redF() * (1 - t)),
                            float(a.greenF() * t + b.greenF() * (1 - t)),
                            float(a.blueF() * t + b.blueF() * (1 - t)));
}

bool darkPalette(const QPalette &p)
{
    return p.color(QPalette::Window).lightness() < p.color(QPalette::WindowText).lightness();
}

// The measured line: a warm colour that stands apart from the (usually blue) highlight of the
// binding bar in both themes.
QColor measuredColor(const QPalette &p)
{
    return darkPalette(p) ? QColor(0xff, 0xab, 0x40) : QColor(0xd8, 0x43, 0x15);
}

// Axis ticks from 0 to max at the smallest step of 1, 2, 5 × 10ⁿ whose labels (each about
// labelPx wide on an axis spanPx long) keep clear of each other; at least one beside 0.
QList<double> ticks(double max, double spanPx, double labelPx)
{
    QList<double> out;
    if (!(max > 0) || !(spanPx > 0))
        return out;
    const double minStep = max * labelPx * 1.3 / spanPx;
    const double mag = std::pow(10.0, std::floor(std::log10(minStep)));
    double step = 10 * mag;
    for (double m : {1.0, 2.0, 5.0, 10.0})
        if (m * mag >= minStep) {
            step = m * mag;
            break;
        }
    while (step > max) { // a very narrow bar: one tick beside 0 rather than none
        const double m = step / std::pow(10.0, std::floor(std::log10(step) + 1e-9));
        step *= m > 4 ? 0.4 : 0.5; // 5 -> 2 -> 1 -> 0.5
    }
    for (double v = 0; v <= max * (1 + 1e-9); v += step)
        out.append(v);
    return out;
}

} // namespace

TermBar::TermBar(QWidget *parent) : QWidget(parent)
{
    setObjectName(QStringLiteral("termBar"));
    QSizePolicy policy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    policy.setHeightForWidth(true);
    setSizePolicy(policy);
    setMouseTracking(false);
    clear();
}

QString TermBar::termLabel(const QString &term)
{
    return termwords::termLabel(term);
}

QString TermBar::shortWords(const model::Prediction &p)
{
    return termwords::shortWords(p);
}

QString TermBar::overlapHint()
{
    return termwords::overlapHint();
}

void TermBar::setPrediction(const model::Prediction &prediction)
{
    m_prediction = prediction;
    m_message = prediction.ok ? QString() : prediction.reason;
    QStringList parts;
    if (prediction.ok) {
        parts << tr("predicted %1, bound by %2")
                     .arg(model::formatSeconds(prediction.timeS), prediction.boundWords);
        for (const model::PerfTerm &t : prediction.terms)
            parts << QStringLiteral("%1 %2").arg(termLabel(t.name), model::formatSeconds(t.seconds));
        parts << formulaLines();
    }
    setAccessibleDescription(parts.join(QStringLiteral("; ")));
    updateGeometry();
    update();
}

void TermBar::setMeasured(std::optional<double> seconds, const QString &label)
{
    if (seconds && !(*seconds > 0))
        seconds.reset();
    if (m_measured == seconds && m_measuredLabel == label)
        return;
    m_measured = seconds;
    m_measuredLabel = label;
    updateGeometry(); // the legend may take another row
    update();
}

void TermBar::clear(const QString &why)
{
    model::Prediction none;
    none.reason = why;
    setPrediction(none);
    setMeasured(std::nullopt);
}

QList<model::PerfTerm> TermBar::shownTerms() const
{
    return m_prediction.ok ? m_prediction.terms : QList<model::PerfTerm>{};
}

QStringList TermBar::legendLabels() const
{
    QStringList out;
    if (m_prediction.ok && m_prediction.timeS > 0)
        out << tr("predicted %1").arg(model::formatSeconds(m_prediction.timeS));
    if (m_prediction.ok && m_measured)
        out << (m_measuredLabel.isEmpty() ? tr("measured %1").arg(model::formatSeconds(*m_measured))
                                          : m_measuredLabel);
    return out;
}

int TermBar::legendRows(double width) const
{
    // Side by side when they fit, else one under the other (a narrow dock).
    const QStringList labels = legendLabels();
    if (labels.isEmpty())
        return 1;
    const QFontMetricsF fm(font());
    double w = 0;
    for (const QString &l : labels)
        w += fm.horizontalAdvance(l) + 5 + fm.height();
    return w <= width ? 1 : int(labels.size());
}

QStringList TermBar::formulaLines() const
{
    return termwords::formulaLines(m_prediction);
}

namespace {

// A formula line as painted: a figure keeps its label, number and unit together when the line
// wraps ("launch 3 µs", never "launch" at the end of one row and "3 µs" on the next).
QString paintedLine(QString line)
{
    static const QRegularExpression beforeNumber(QStringLiteral(" (?=[0-9])"));
    static const QRegularExpression beforeUnit(QString::fromUtf8("([0-9]) ((?:[mµn]?s)\\b)"));
    line.replace(beforeNumber, QString(QChar(0x00a0)));
    return line.replace(beforeUnit, QString::fromUtf8("\\1\u00a0\\2"));
}

} // namespace

double TermBar::formulaHeight(double width) const
{
    // Each line wraps at spaces within the widget, a quarter row apart so a wrapped line reads
    // as one; a small gap above the first.
    const QFontMetricsF fm(font());
    double h = 0;
    for (const QString &line : formulaLines())
        h +=
            fm.boundingRect(QRectF(0, 0, std::max(40.0, width - 4), 1e6), Qt::TextWordWrap, paintedLine(line))
                .height() +
            fm.height() * 0.25;
    return h > 0 ? h + fm.height() * 0.4 : 0;
}

int TermBar::rowCount(double width) const
{
    // The legend above the bars, one row of axis labels below.
    return int(shownTerms().size()) + legendRows(width) + 1;
}

double TermBar::axisMaxS() const
{
    double m = m_prediction.ok ? m_prediction.timeS : 0;
    for (const model::PerfTerm &t : shownTerms())
        m = std::max(m, t.seconds);
    if (m_measured)
        m = std::max(m, *m_measured);
    return m > 0 ? m * 1.04 : 1e-3;
}

TermBar::Geometry TermBar::geometry() const
{
    const QFontMetricsF fm(font());
    Geometry g;
    if (m_labelW < 0) { // every term's label, so the bars do not jump when terms come and go
        m_labelW = 0;
        for (const QString &n : model::Prediction::termNames())
            m_labelW = std::max(m_labelW, fm.horizontalAdvance(termLabel(n)));
        m_valueW = fm.horizontalAdvance(QStringLiteral("000.0 ms"));
    }
    g.labelW = m_labelW;
    const double pad = fm.height() * 0.5;
    const double valueW = m_valueW + pad;
    g.row = std::ceil(fm.height() * 1.45);
    g.bar = std::ceil(fm.height() * 0.95);
    g.left = g.labelW + pad;
    g.right = std::max(g.left + 40, width() - valueW - 2);
    g.top = g.row * legendRows(width()); // the legend rows
    return g;
}

QList<double> TermBar::tickValues(const Geometry &g) const
{
    const QFontMetricsF fm(font());
    return ticks(axisMaxS(), g.right - g.left, fm.horizontalAdvance(QStringLiteral("0.00 ms")));
}

QString TermBar::tickLabel(double seconds)
{
    // Ticks fall on multiples of 1, 2, 5 × 10ⁿ ("10.5 ms" needs three digits), written out
    // ("100 µs", never "1e+02 µs").
    return seconds == 0 ? QStringLiteral("0") : model::formatSeconds(seconds, 3);
}

QStringList TermBar::tickLabels() const
{
    QStringList out;
    if (m_prediction.ok)
        for (double v : tickValues(geometry()))
            out << tickLabel(v);
    return out;
}

double TermBar::xFor(double seconds) const
{
    return xIn(geometry(), axisMaxS(), seconds);
}

double TermBar::xIn(const Geometry &g, double axisMax, double seconds)
{
    return g.left + (g.right - g.left) * std::clamp(seconds / axisMax, 0.0, 1.0);
}

double TermBar::predictedX() const
{
    return m_prediction.ok && m_prediction.timeS > 0 ? xFor(m_prediction.timeS) : -1;
}

double TermBar::measuredX() const
{
    return m_prediction.ok && m_measured ? xFor(*m_measured) : -1;
}

QRectF TermBar::barRect(const QString &term) const
{
    const QList<model::PerfTerm> terms = shownTerms();
    const Geometry g = geometry();
    for (int i = 0; i < terms.size(); ++i)
        if (terms.at(i).name == term)
            return barIn(g, axisMaxS(), i, terms.at(i).seconds);
    return {};
}

QRectF TermBar::barIn(const Geometry &g, double axisMax, int row, double seconds)
{
    const double y = g.top + row * g.row + (g.row - g.bar) / 2;
    return QRectF(QPointF(g.left, y), QPointF(xIn(g, axisMax, seconds), y + g.bar));
}

QSize TermBar::sizeHint() const
{
    const Geometry g = geometry();
    const int w = int(g.left + 260 + m_valueW);
    return QSize(w, heightForWidth(w));
}

QSize TermBar::minimumSizeHint() const
{
    const int w = int(geometry().left + 120);
    return QSize(w, heightForWidth(w));
}

bool TermBar::hasHeightForWidth() const
{
    return true;
}

int TermBar::heightForWidth(int width) const
{
    const Geometry g = geometry();
    const int rows = m_prediction.ok ? rowCount(width) : 3;
    return int(std::ceil(g.row * rows + 4 + (m_prediction.ok ? formulaHeight(width) : 0)));
}

void TermBar::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing, true);
    const QPalette pal = palette();
    const QColor text = pal.color(QPalette::WindowText);
    const QColor window = pal.color(QPalette::Window);
    const QColor dim = blend(text, window, 0.55);
    const QFontMetricsF fm(font());

    if (!m_prediction.ok) {
        p.setPen(dim);
        const QString why = m_message.isEmpty() ? tr("No prediction for this configuration.") : m_message;
        p.drawText(rect().adjusted(4, 2, -4, -2), Qt::AlignLeft | Qt::AlignVCenter | Qt::TextWordWrap, why);
        return;
    }

    const Geometry g = geometry();
    const double axisMax = axisMaxS();
    const auto xFor = [&](double seconds) { return xIn(g, axisMax, seconds); };
    const QList<model::PerfTerm> terms = shownTerms();
    const double bottom = g.top + terms.size() * g.row;
    const QColor normal = blend(text, window, darkPalette(pal) ? 0.45 : 0.35);
    const QColor bound = pal.color(QPalette::Highlight);
    const QColor mcolor = measuredColor(pal);

    // Grid and axis.
    QPen gridPen(blend(text, window, 0.15), 1);
    for (double v : tickValues(g)) {
        const double x = xFor(v);
        p.setPen(gridPen);
        p.drawLine(QPointF(x, g.top), QPointF(x, bottom));
        p.setPen(dim);
        const QString label = tickLabel(v);
        const double w = fm.horizontalAdvance(label);
        p.drawText(QRectF(std::clamp(x - w / 2, 0.0, width() - w), bottom + 2, w + 1, g.row),
                   Qt::AlignLeft | Qt::AlignTop, label);
    }
    p.setPen(QPen(dim, 1));
    p.drawLine(QPointF(g.left, g.top), QPointF(g.left, bottom));

    // The formula under the axis labels: the figures on each line give the next.
    double formulaY = bottom + g.row + fm.height() * 0.4;
    p.setPen(text);
    for (const QString &formulaLine : formulaLines()) {
        const QString line = paintedLine(formulaLine);
        const QRectF box(2, formulaY, std::max(40.0, width() - 4.0), 1e6);
        const QRectF used = fm.boundingRect(box, Qt::TextWordWrap, line);
        p.drawText(box, Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap, line);
        formulaY += used.height() + fm.height() * 0.25;
    }

    // Bars, one per term.
    QFont boldFont = font();
    boldFont.setBold(true);
    for (int i = 0; i < terms.size(); ++i) {
        const model::PerfTerm &t = terms.at(i);
        const bool isBound = t.name == m_prediction.bound;
        const double yRow = g.top + i * g.row;
        p.setFont(isBound ? boldFont : font());
        p.setPen(isBound ? text : dim.darker(darkPalette(pal) ? 70 : 130));
        p.drawText(QRectF(0, yRow, g.labelW, g.row), Qt::AlignRight | Qt::AlignVCenter, termLabel(t.name));
        const QRectF r = barIn(g, axisMax, i, t.seconds);
        if (r.width() > 0.5) {
            p.setPen(Qt::NoPen);
            p.setBrush(isBound ? bound : normal);
            p.drawRoundedRect(r, 2, 2);
        }
        p.setPen(isBound ? text : dim);
        const QString value = t.seconds > 0 ? model::formatSeconds(t.seconds, 3) : QStringLiteral("0");
        p.drawText(QRectF(std::max(r.right(), g.left) + 4, yRow, width() - r.right(), g.row),
                   Qt::AlignLeft | Qt::AlignVCenter, value);
    }
    p.setFont(font());

    // Markers across the bars, and their legend above (stacked when the widget is narrow).
    const QStringList labels = legendLabels();
    const bool stacked = legendRows(width()) > 1;
    double legendX = stacked ? 2 : g.left;
    double legendY = 0;
    int item = 0;
    auto legend = [&](const QPen &pen) {
        const QString label = labels.value(item++);
        p.setPen(pen);
        const double y = legendY + g.row / 2;
        p.drawLine(QPointF(legendX, y - g.bar / 2), QPointF(legendX, y + g.bar / 2));
        p.setPen(text);
        const double w = fm.horizontalAdvance(label);
        p.drawText(QRectF(legendX + 5, legendY, w + 2, g.row), Qt::AlignLeft | Qt::AlignVCenter, label);
        if (stacked)
            legendY += g.row;
        else
            legendX += w + 5 + fm.height();
    };
    QPen predictedPen(text, 2, Qt::DashLine);
    predictedPen.setDashPattern({3, 2});
    const double px = m_prediction.timeS > 0 ? xFor(m_prediction.timeS) : -1;
    if (px >= 0) {
        p.setPen(predictedPen);
        p.drawLine(QPointF(px, g.top - 2), QPointF(px, bottom + 2));
        legend(predictedPen);
    }
    const double mx = m_measured ? xFor(*m_measured) : -1;
    if (mx >= 0) {
        const QPen mpen(mcolor, 3);
        p.setPen(mpen);
        p.drawLine(QPointF(mx, g.top - 2), QPointF(mx, bottom + 2));
        legend(mpen);
    }
}

bool TermBar::event(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        auto *help = static_cast<QHelpEvent *>(event);
        const Geometry g = geometry();
        const QList<model::PerfTerm> terms = shownTerms();
        const int i = int(std::floor((help->pos().y() - g.top) / g.row));
        if (i >= 0 && i < terms.size()) {
            const model::PerfTerm &t = terms.at(i);
            QString tip = QStringLiteral("<b>%1: %2</b>")
                              .arg(termLabel(t.name).toHtmlEscaped(), model::formatSeconds(t.seconds));
            if (t.name == m_prediction.bound)
                tip += QStringLiteral(" — ") + tr("the binding term").toHtmlEscaped();
            if (!t.detail.isEmpty())
                tip += QStringLiteral("<br>") + t.detail.toHtmlEscaped();
            QToolTip::showText(help->globalPos(), tip, this);
        } else if (m_prediction.ok) {
            QString tip = tr("predicted %1, bound by %2")
                              .arg(model::formatSeconds(m_prediction.timeS), m_prediction.boundWords);
            if (m_measured)
                tip += QLatin1Char('\n') + tr("measured %1").arg(model::formatSeconds(*m_measured));
            tip += QLatin1Char('\n') + overlapHint();
            QToolTip::showText(help->globalPos(), tip, this);
        } else {
            QToolTip::hideText();
        }
        return true;
    }
    return QWidget::event(event);
}

void TermBar::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::FontChange || event->type() == QEvent::StyleChange) {
        m_labelW = -1;
        updateGeometry();
    }
    QWidget::changeEvent(event);
}
