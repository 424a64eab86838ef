#include "panels/tokenruler.h"

#include <QFontMetrics>
#include <QLocale>
#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <cmath>

TokenRuler::TokenRuler(QWidget *parent) : QWidget(parent)
{
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
}

void TokenRuler::setRange(double minTokens, double maxTokens)
{
    m_min = std::max(1e-9, minTokens);
    m_max = std::max(m_min * 2, maxTokens);
    update();
}

void TokenRuler::setTokens(double m)
{
    m_tokens = m;
    update();
}

void TokenRuler::setMarks(const QList<Mark> &marks)
{
    m_marks = marks;
    update();
}

void TokenRuler::setInset(int pixels)
{
    m_inset = std::max(0, pixels);
    update();
}

double TokenRuler::xFor(double m) const
{
    const double t =
        (std::log(std::clamp(m, m_min, m_max)) - std::log(m_min)) / (std::log(m_max) - std::log(m_min));
    return m_inset + t * std::max(1, width() - 2 * m_inset);
}

QSize TokenRuler::sizeHint() const
{
    const QFontMetrics fm(font());
    // A row of mark labels per format at most above the axis, the tick labels below it.
    return {300, (kLabelRows + 1) * fm.height() + 20};
}

QSize TokenRuler::minimumSizeHint() const
{
    return {120, sizeHint().height()};
}

void TokenRuler::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    const QFontMetrics fm(font());
    const int axisY = kLabelRows * fm.height() + 12;
    const QColor ink = palette().color(QPalette::WindowText);
    QColor faint = ink;
    faint.setAlphaF(0.45);

    p.setPen(QPen(faint, 1));
    p.drawLine(QPointF(xFor(m_min), axisY), QPointF(xFor(m_max), axisY));
    // Ticks at each power of two, labelled every other octave where there is room.
    double lastLabelRight = -1e9;
    for (double m = 1; m <= m_max * 1.0001; m *= 2) {
        if (m < m_min)
            continue;
        const double x = xFor(m);
        p.setPen(QPen(faint, 1));
        p.drawLine(QPointF(x, axisY - 3), QPointF(x, axisY + 3));
        const QString text = m >= 1024 ? QStringLiteral("%1k").arg(m / 1024) : QLocale().toString(qint64(m));
        const int w = fm.horizontalAdvance(text);
        if (x - w / 2.0 > lastLabelRight + 4 && x + w / 2.0 <= width()) {
            p.setPen(ink);
            p.drawText(QPointF(std::max(0.0, x - w / 2.0), axisY + 4 + fm.ascent()), text);
            lastLabelRight = x + w / 2.0;
        }
    }

    // Format marks: triangles on the axis, labels stacked in rows so neighbours stay readable.
    QList<QRectF> placed;
    for (const Mark &mark : m_marks) {
        const bool outside = mark.tokens > m_max || mark.tokens < m_min;
        const double x = xFor(mark.tokens);
        QPainterPath tri;
        tri.moveTo(x, axisY);
        tri.lineTo(x - 5, axisY - 8);
        tri.lineTo(x + 5, axisY - 8);
        tri.closeSubpath();
        p.setPen(Qt::NoPen);
        p.setBrush(mark.color);
        p.drawPath(tri);
        const QString text =
            outside ? QStringLiteral("%1 %2%3").arg(
                          mark.label, mark.tokens > m_max ? QStringLiteral("→ ") : QStringLiteral("← "),
                          QLocale().toString(qRound64(mark.tokens)))
                    : QStringLiteral("%1 %2").arg(mark.label, QLocale().toString(qRound64(mark.tokens)));
        const int w = fm.horizontalAdvance(text);
        double left = std::clamp(x - w / 2.0, 0.0, std::max(0.0, double(width() - w)));
        QRectF box(left, axisY - 10 - fm.height(), w, fm.height());
        for (int row = 0; row < kLabelRows; ++row) {
            box.moveTop(axisY - 10 - (row + 1) * fm.height());
            const bool clash = std::any_of(placed.begin(), placed.end(), [&](const QRectF &r) {
                return r.adjusted(-3, 0, 3, 0).intersects(box);
            });
            if (!clash)
                break;
        }
        placed << box;
        p.setPen(mark.color);
        p.drawText(box, Qt::AlignLeft | Qt::AlignVCenter, text);
    }

    // The slider's M.
    const double x = xFor(m_tokens);
    p.setPen(QPen(ink, 2));
    p.drawLine(QPointF(x, axisY - 6), QPointF(x, axisY + 6));
}
