#include "shell/wheelguard.h"

#include <QAbstractScrollArea>
#include <QAbstractSlider>
#include <QAbstractSpinBox>
#include <QApplication>
#include <QComboBox>
#include <QScrollBar>
#include <QWheelEvent>

namespace {

// The nearest scroll area whose viewport holds the widget: the panel to scroll instead.
QAbstractScrollArea *scrollAreaAround(QWidget *widget)
{
    for (QWidget *p = widget->parentWidget(); p; p = p->parentWidget())
        if (auto *area = qobject_cast<QAbstractScrollArea *>(p);
            area && area->viewport()->isAncestorOf(widget))
            return area;
    return nullptr;
}

} // namespace

WheelGuard::WheelGuard(QObject *parent) : QObject(parent) {}

void WheelGuard::install()
{
    if (!qApp || qApp->findChild<WheelGuard *>(QString(), Qt::FindDirectChildrenOnly))
        return;
    qApp->installEventFilter(new WheelGuard(qApp));
}

bool WheelGuard::guards(const QWidget *widget)
{
    if (!widget || widget->hasFocus())
        return false;
    // Scroll bars exist to be wheeled; the chart's own sliders are not value fields.
    if (qobject_cast<const QScrollBar *>(widget))
        return false;
    return qobject_cast<const QAbstractSpinBox *>(widget) || qobject_cast<const QComboBox *>(widget) ||
           qobject_cast<const QAbstractSlider *>(widget);
}

bool WheelGuard::eventFilter(QObject *watched, QEvent *event)
{
    if (event->type() == QEvent::Wheel && watched->isWidgetType()) {
        auto *widget = static_cast<QWidget *>(watched);
        if (guards(widget)) {
            // Taking focus by wheel is what let a pass over the panel change a value.
            if (widget->focusPolicy() == Qt::WheelFocus)
                widget->setFocusPolicy(Qt::StrongFocus);
            // Hand the turn to the scroll area around the field, as if the field were not
            // there: the panel scrolls.
            if (QAbstractScrollArea *area = scrollAreaAround(widget)) {
                auto *wheel = static_cast<QWheelEvent *>(event);
                QWidget *viewport = area->viewport();
                const QPointF pos = widget->mapTo(viewport, wheel->position());
                QWheelEvent forwarded(pos, wheel->globalPosition(), wheel->pixelDelta(), wheel->angleDelta(),
                                      wheel->buttons(), wheel->modifiers(), wheel->phase(), wheel->inverted(),
                                      wheel->source());
                QApplication::sendEvent(viewport, &forwarded);
            }
            return true;
        }
    }
    return QObject::eventFilter(watched, event);
}
