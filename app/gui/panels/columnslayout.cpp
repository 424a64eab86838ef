#include "panels/columnslayout.h"

#include <QStyle>
#include <QWidget>

#include <algorithm>

ColumnsLayout::ColumnsLayout(QWidget *parent, int maxColumns)
    : QLayout(parent), m_maxColumns(std::max(1, maxColumns))
{
}

ColumnsLayout::~ColumnsLayout()
{
    while (QLayoutItem *item = takeAt(0))
        delete item;
}

void ColumnsLayout::addItem(QLayoutItem *item)
{
    m_items.append(item);
}

int ColumnsLayout::count() const
{
    return int(m_items.size());
}

QLayoutItem *ColumnsLayout::itemAt(int index) const
{
    return index >= 0 && index < m_items.size() ? m_items.at(index) : nullptr;
}

QLayoutItem *ColumnsLayout::takeAt(int index)
{
    return index >= 0 && index < m_items.size() ? m_items.takeAt(index) : nullptr;
}

int ColumnsLayout::hSpacing() const
{
    if (spacing() >= 0)
        return spacing();
    const QWidget *w = parentWidget();
    return w ? w->style()->pixelMetric(QStyle::PM_LayoutHorizontalSpacing, nullptr, w) : 6;
}

int ColumnsLayout::vSpacing() const
{
    if (spacing() >= 0)
        return spacing();
    const QWidget *w = parentWidget();
    return w ? w->style()->pixelMetric(QStyle::PM_LayoutVerticalSpacing, nullptr, w) : 6;
}

QSize ColumnsLayout::cell() const
{
    QSize s(0, 0);
    for (const QLayoutItem *item : m_items)
        if (!item->isEmpty())
            s = s.expandedTo(item->sizeHint());
    return s;
}

int ColumnsLayout::columnsFor(int width) const
{
    const QMargins m = contentsMargins();
    const int inner = width - m.left() - m.right();
    const int w = cell().width();
    int visible = 0;
    for (const QLayoutItem *item : m_items)
        visible += item->isEmpty() ? 0 : 1;
    if (w <= 0 || visible == 0)
        return 1;
    const int fit = std::clamp((inner + hSpacing()) / (w + hSpacing()), 1, std::min(m_maxColumns, visible));
    if (!m_balanced)
        return fit;
    // As many rows as that needs, then as few columns as fill them: 6 items in room for 4 or 5
    // are two rows of 3, so a width change between those keeps every item in its place.
    const int rows = (visible + fit - 1) / fit;
    return (visible + rows - 1) / rows;
}

int ColumnsLayout::heightFor(int columns) const
{
    int visible = 0;
    for (const QLayoutItem *item : m_items)
        visible += item->isEmpty() ? 0 : 1;
    const QMargins m = contentsMargins();
    if (visible == 0)
        return m.top() + m.bottom();
    const int rows = (visible + columns - 1) / columns;
    return m.top() + m.bottom() + rows * cell().height() + (rows - 1) * vSpacing();
}

int ColumnsLayout::heightForWidth(int width) const
{
    return heightFor(columnsFor(width));
}

QSize ColumnsLayout::minimumSize() const
{
    // One column wide; the height is the widest arrangement's (heightForWidth gives the rest).
    const QMargins m = contentsMargins();
    return {cell().width() + m.left() + m.right(), heightFor(m_maxColumns)};
}

QSize ColumnsLayout::sizeHint() const
{
    const QMargins m = contentsMargins();
    const int columns = std::max(1, std::min(m_maxColumns, int(m_items.size())));
    return {columns * cell().width() + (columns - 1) * hSpacing() + m.left() + m.right(), heightFor(columns)};
}

void ColumnsLayout::setGeometry(const QRect &rect)
{
    QLayout::setGeometry(rect);
    const QRect inner = rect.marginsRemoved(contentsMargins());
    const int columns = columnsFor(rect.width());
    const QSize c = cell();
    const int width = columns > 1 ? (inner.width() - (columns - 1) * hSpacing()) / columns : inner.width();
    int n = 0;
    for (QLayoutItem *item : std::as_const(m_items)) {
        if (item->isEmpty())
            continue;
        const int row = n / columns, column = n % columns;
        item->setGeometry(QRect(inner.left() + column * (width + hSpacing()),
                                inner.top() + row * (c.height() + vSpacing()), width, c.height()));
        ++n;
    }
}
