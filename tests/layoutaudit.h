#pragma once
// What a person sees of a window, checked widget by widget: every control and label that is
// shown lies inside the window and inside the viewport that holds it (a panel may scroll up
// and down, never sideways), and its text is not cut (unless it elides on purpose and shows
// the whole text as its tooltip); on a roofline chart no two labels cover each other.
// Each finding is one line naming the widget, e.g.
//   "QLabel 'Shared memory per block' in OccupancyPanel: text needs 231 px, has 180"
#include "chart/rooflinechart.h"

#include <QAbstractButton>
#include <QAbstractItemView>
#include <QAbstractScrollArea>
#include <QAbstractSlider>
#include <QAbstractSpinBox>
#include <QCheckBox>
#include <QComboBox>
#include <QDockWidget>
#include <QGroupBox>
#include <QLabel>
#include <QLineEdit>
#include <QMainWindow>
#include <QPushButton>
#include <QRadioButton>
#include <QScrollBar>
#include <QStyle>
#include <QStyleOptionButton>
#include <QTabBar>
#include <QTextDocumentFragment>
#include <QToolButton>
#include <QWidget>

namespace layoutaudit {

// A short, stable name for a finding: the class, its text, the nearest named ancestor.
inline QString describe(const QWidget *w)
{
    QString text;
    if (const auto *l = qobject_cast<const QLabel *>(w))
        text = l->text();
    else if (const auto *b = qobject_cast<const QAbstractButton *>(w))
        text = b->text();
    else if (const auto *g = qobject_cast<const QGroupBox *>(w))
        text = g->title();
    else if (const auto *c = qobject_cast<const QComboBox *>(w))
        text = c->currentText();
    else if (const auto *s = qobject_cast<const QAbstractSpinBox *>(w))
        text = s->text();
    else if (const auto *e = qobject_cast<const QLineEdit *>(w))
        text = e->text();
    if (text.contains(QLatin1Char('<')))
        text = QTextDocumentFragment::fromHtml(text).toPlainText();
    text = text.simplified();
    if (text.size() > 40)
        text = text.left(37) + QStringLiteral("...");
    QString owner;
    for (const QWidget *p = w->parentWidget(); p && owner.isEmpty(); p = p->parentWidget()) {
        const QString cls = QString::fromLatin1(p->metaObject()->className());
        if (!cls.startsWith(QLatin1Char('Q')))
            owner = cls;
        else if (!p->objectName().isEmpty() && !p->objectName().startsWith(QLatin1String("qt_")))
            owner = p->objectName();
    }
    QString name = QString::fromLatin1(w->metaObject()->className());
    if (!w->objectName().isEmpty() && !w->objectName().startsWith(QLatin1String("qt_")))
        name += QLatin1Char('#') + w->objectName();
    return QStringLiteral("%1 '%2' in %3")
        .arg(name, text, owner.isEmpty() ? QStringLiteral("window") : owner);
}

// Parts of other widgets (a spin box's editor, a tab bar's scroll arrows, a chart's plot) are
// judged with their owner.
inline bool isPart(const QWidget *w)
{
    for (const QWidget *p = w->parentWidget(); p; p = p->parentWidget()) {
        if (qobject_cast<const QAbstractSpinBox *>(p) || qobject_cast<const QComboBox *>(p) ||
            qobject_cast<const QTabBar *>(p) || qobject_cast<const QScrollBar *>(p) ||
            qobject_cast<const RooflineChart *>(p))
            return true;
        // Editors and widgets inside an item view's cells.
        if (const auto *view = qobject_cast<const QAbstractItemView *>(p);
            view && view->viewport()->isAncestorOf(w))
            return true;
    }
    return w->objectName().startsWith(QLatin1String("qt_"));
}

inline bool isAudited(const QWidget *w)
{
    if (qobject_cast<const QScrollBar *>(w))
        return false;
    if (const auto *l = qobject_cast<const QLabel *>(w))
        return !l->text().trimmed().isEmpty() || l->pixmap().isNull() == false;
    return qobject_cast<const QAbstractButton *>(w) || qobject_cast<const QAbstractSpinBox *>(w) ||
           qobject_cast<const QComboBox *>(w) || qobject_cast<const QAbstractSlider *>(w) ||
           qobject_cast<const QLineEdit *>(w) || qobject_cast<const QTabBar *>(w) ||
           qobject_cast<const QGroupBox *>(w) || qobject_cast<const QAbstractItemView *>(w);
}

// Where w is cut by an ancestor: "" when whole. A scroll area's viewport may cut it at the top or
// the bottom while its vertical scroll bar can bring it into view; any other cut is a finding.
inline QString clipping(const QWidget *w)
{
    QRect r = w->rect();
    const QWidget *child = w;
    for (const QWidget *p = w->parentWidget(); p; child = p, p = p->parentWidget()) {
        r.translate(child->pos());
        if (child->isWindow())
            break;
        const QRect room = p->rect();
        const bool sideways = r.left() < room.left() || r.right() > room.right();
        const bool upDown = r.top() < room.top() || r.bottom() > room.bottom();
        if (!sideways && !upDown)
            continue;
        const auto *area = qobject_cast<const QAbstractScrollArea *>(p->parentWidget());
        const bool viewport = area && area->viewport() == p;
        const bool scrollsDown = viewport && area->verticalScrollBarPolicy() != Qt::ScrollBarAlwaysOff &&
                                 area->verticalScrollBar()->maximum() > 0;
        const QString by = QString::fromLatin1(p->metaObject()->className()) +
                           (viewport ? QStringLiteral(" (a scroll area's viewport)") : QString());
        if (sideways) {
            const int has =
                std::max(0, std::min(r.right(), room.right()) - std::max(r.left(), room.left()) + 1);
            return has == 0 ? QStringLiteral("outside %1, to the side").arg(by)
                            : QStringLiteral("cut sideways by %1 (needs %2 px, has %3)")
                                  .arg(by)
                                  .arg(r.width())
                                  .arg(has);
        }
        if (!scrollsDown)
            return QStringLiteral("cut at the %1 by %2")
                .arg(r.top() < room.top() ? QStringLiteral("top") : QStringLiteral("bottom"), by);
        // Scrolled out of view is fine; what remains must still fit further up.
        const QRect inside = r.intersected(room);
        if (inside.isEmpty())
            return {};
        r = inside; // scrolled out of view is fine; what remains must still fit above
    }
    return {};
}

// Widths a text needs against what it has: "" when it fits or elides on purpose.
inline QString textCut(const QWidget *w)
{
    const int slack = 1;
    if (const auto *l = qobject_cast<const QLabel *>(w)) {
        if (l->text().isEmpty())
            return {};
        const QRect room = l->contentsRect();
        if (l->wordWrap()) {
            const int need = l->heightForWidth(l->width());
            if (need > l->height() + slack)
                return QStringLiteral("wrapped text needs %1 px of height, has %2")
                    .arg(need)
                    .arg(l->height());
            return {};
        }
        const int need = l->sizeHint().width() - (l->width() - room.width());
        if (need > room.width() + slack && l->toolTip().isEmpty())
            return QStringLiteral("text needs %1 px, has %2").arg(need).arg(room.width());
        if (l->sizeHint().height() > l->height() + 2 * slack + 2)
            return QStringLiteral("text needs %1 px of height, has %2")
                .arg(l->sizeHint().height())
                .arg(l->height());
        return {};
    }
    if (const auto *b = qobject_cast<const QAbstractButton *>(w)) {
        if (b->text().isEmpty() || qobject_cast<const QToolButton *>(b))
            return {};
        const int need = b->sizeHint().width();
        if (need > b->width() + slack)
            return QStringLiteral("text needs %1 px, has %2").arg(need).arg(b->width());
        return {};
    }
    if (const auto *g = qobject_cast<const QGroupBox *>(w)) {
        const int need = g->fontMetrics().horizontalAdvance(g->title()) + (g->isCheckable() ? 24 : 8);
        if (!g->title().isEmpty() && need > g->width() + slack)
            return QStringLiteral("title needs %1 px, has %2").arg(need).arg(g->width());
        return {};
    }
    if (const auto *c = qobject_cast<const QComboBox *>(w)) {
        // The arrow and frame take what the style says; the current text needs the rest.
        const int arrow = c->style()->pixelMetric(QStyle::PM_ScrollBarExtent, nullptr, c) + 12;
        const int need = c->fontMetrics().horizontalAdvance(c->currentText()) + arrow;
        if (!c->currentText().isEmpty() && need > c->width() + slack && c->toolTip().isEmpty())
            return QStringLiteral("current text needs %1 px, has %2").arg(need).arg(c->width());
        return {};
    }
    if (const auto *s = qobject_cast<const QAbstractSpinBox *>(w)) {
        const auto *edit = s->findChild<QLineEdit *>();
        if (!edit)
            return {};
        const int need = edit->fontMetrics().horizontalAdvance(edit->text()) + 4;
        if (need > edit->width() + slack)
            return QStringLiteral("value needs %1 px, has %2").arg(need).arg(edit->width());
        return {};
    }
    if (const auto *e = qobject_cast<const QLineEdit *>(w)) {
        const int need = e->fontMetrics().horizontalAdvance(e->text()) + 8;
        if (need > e->width() + slack)
            return QStringLiteral("text needs %1 px, has %2").arg(need).arg(e->width());
        return {};
    }
    if (const auto *t = qobject_cast<const QTabBar *>(w)) {
        for (int i = 0; i < t->count(); ++i) {
            if (!t->isTabVisible(i))
                continue;
            const QRect tab = t->tabRect(i);
            if (!t->rect().contains(tab))
                return QStringLiteral("tab '%1' hidden behind the scroll arrows").arg(t->tabText(i));
        }
        return {};
    }
    if (const auto *slider = qobject_cast<const QAbstractSlider *>(w)) {
        // Every value within reach of the mouse: at least 5 px a step.
        const int steps = (slider->maximum() - slider->minimum()) / std::max(1, slider->singleStep());
        const int length = slider->orientation() == Qt::Horizontal ? slider->width() : slider->height();
        if (steps > 0 && steps <= 64 && length < 5 * steps)
            return QStringLiteral("%1 steps on %2 px").arg(steps).arg(length);
        return {};
    }
    return {};
}

// A dock behind another's tab keeps its widgets "visible" though none is shown; the main
// window's own tab bar for such docks sits outside the window while the docks are hidden.
inline bool isBehindTab(const QWidget *w)
{
    for (const QWidget *p = w; p; p = p->parentWidget())
        if (const auto *dock = qobject_cast<const QDockWidget *>(p))
            return !dock->isFloating() && dock->visibleRegion().isEmpty();
    if (qobject_cast<const QTabBar *>(w) && qobject_cast<const QMainWindow *>(w->parentWidget()))
        return !w->parentWidget()->rect().intersects(w->geometry());
    return false;
}

// Findings for every shown widget of root's window (root included).
inline QStringList audit(QWidget *root)
{
    QStringList out;
    QList<QWidget *> widgets = root->findChildren<QWidget *>();
    widgets.prepend(root);
    for (QWidget *w : std::as_const(widgets)) {
        if (!w->isVisible() || w->window() != root->window() || !isAudited(w) || isPart(w) || isBehindTab(w))
            continue;
        if (w->width() <= 0 || w->height() <= 0)
            continue;
        const QString clip = clipping(w);
        if (!clip.isEmpty()) {
            out << QStringLiteral("%1: %2").arg(describe(w), clip);
            continue; // its text is judged once it is on screen
        }
        const QString cut = textCut(w);
        if (!cut.isEmpty())
            out << QStringLiteral("%1: %2").arg(describe(w), cut);
    }
    // The charts: no two labels cover each other.
    for (RooflineChart *chart : root->findChildren<RooflineChart *>()) {
        if (!chart->isVisible())
            continue;
        const QList<RooflineChart::PlacedLabel> labels = chart->placedLabels();
        for (int i = 0; i < labels.size(); ++i)
            for (int j = i + 1; j < labels.size(); ++j) {
                const QRectF a = labels[i].rect.adjusted(1, 1, -1, -1),
                             b = labels[j].rect.adjusted(1, 1, -1, -1);
                if (a.intersects(b) && !labels[i].shape.intersected(labels[j].shape).isEmpty() &&
                    labels[i].shape.intersected(labels[j].shape).boundingRect().width() > 2 &&
                    labels[i].shape.intersected(labels[j].shape).boundingRect().height() > 2)
                    out << QStringLiteral("chart labels '%1' and '%2' overlap")
                               .arg(labels[i].text, labels[j].text);
            }
    }
    out.removeDuplicates();
    return out;
}

} // namespace layoutaudit
