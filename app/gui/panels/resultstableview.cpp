#include "panels/resultstableview.h"

#include <QHeaderView>
#include <QScrollBar>

ResultsTableView::ResultsTableView(QWidget *parent) : QTableView(parent), m_frozen(new QTableView(this))
{
    m_frozen->setObjectName(QStringLiteral("frozenColumn"));
    m_frozen->setFocusPolicy(Qt::NoFocus);
    m_frozen->verticalHeader()->hide();
    m_frozen->horizontalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_frozen->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_frozen->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_frozen->setHorizontalScrollMode(ScrollPerPixel);
    m_frozen->setVerticalScrollMode(ScrollPerPixel);
    // A thin line marks where the scrolled columns pass under it.
    m_frozen->setFrameShape(QFrame::NoFrame);
    m_frozen->setStyleSheet(QStringLiteral("QTableView { border-right: 1px solid palette(mid); }"));
    setHorizontalScrollMode(ScrollPerPixel);
    setVerticalScrollMode(ScrollPerPixel);
    viewport()->stackUnder(m_frozen);

    connect(horizontalHeader(), &QHeaderView::sectionResized, this, [this](int logical, int, int size) {
        if (logical != m_column)
            return;
        if (capWidth())
            return; // resized again: this comes back with the capped size
        m_frozen->setColumnWidth(logical, size);
        place();
    });
    connect(horizontalHeader(), &QHeaderView::sectionMoved, this, &ResultsTableView::syncColumns);
    connect(horizontalHeader(), &QHeaderView::sortIndicatorChanged, this,
            [this](int section, Qt::SortOrder order) {
                m_frozen->horizontalHeader()->setSortIndicatorShown(isSortingEnabled() &&
                                                                    section == m_column);
                m_frozen->horizontalHeader()->setSortIndicator(section, order);
            });
    // Sorting by the frozen column's header sorts the table.
    m_frozen->horizontalHeader()->setSectionsClickable(true);
    connect(m_frozen->horizontalHeader(), &QHeaderView::sectionClicked, this, [this](int section) {
        if (!isSortingEnabled())
            return;
        QHeaderView *h = horizontalHeader();
        const Qt::SortOrder order =
            h->sortIndicatorSection() == section && h->sortIndicatorOrder() == Qt::AscendingOrder
                ? Qt::DescendingOrder
                : Qt::AscendingOrder;
        sortByColumn(section, order);
    });
    connect(m_frozen->verticalScrollBar(), &QAbstractSlider::valueChanged, verticalScrollBar(),
            &QAbstractSlider::setValue);
    connect(verticalScrollBar(), &QAbstractSlider::valueChanged, m_frozen->verticalScrollBar(),
            &QAbstractSlider::setValue);
    // Double-clicks and the context menu on the name act as on the row beneath.
    connect(m_frozen, &QAbstractItemView::doubleClicked, this, &QAbstractItemView::doubleClicked);
    connect(m_frozen, &QAbstractItemView::clicked, this, &QAbstractItemView::clicked);
}

void ResultsTableView::setModel(QAbstractItemModel *model)
{
    m_frozen->setModel(model); // first: the table's new selection model is then shared at once
    QTableView::setModel(model);
    if (model) {
        // Queued: after the owner has laid out the columns again (moved, hidden).
        connect(model, &QAbstractItemModel::modelReset, this, &ResultsTableView::syncColumns,
                Qt::QueuedConnection);
        connect(model, &QAbstractItemModel::layoutChanged, this, &ResultsTableView::syncColumns,
                Qt::QueuedConnection);
        connect(model, &QAbstractItemModel::columnsInserted, this, &ResultsTableView::syncColumns,
                Qt::QueuedConnection);
        connect(model, &QAbstractItemModel::columnsRemoved, this, &ResultsTableView::syncColumns,
                Qt::QueuedConnection);
    }
    syncColumns();
}

void ResultsTableView::setSelectionModel(QItemSelectionModel *selectionModel)
{
    QTableView::setSelectionModel(selectionModel);
    if (selectionModel && m_frozen->model() == selectionModel->model())
        m_frozen->setSelectionModel(selectionModel);
}

void ResultsTableView::syncColumns()
{
    QHeaderView *h = horizontalHeader();
    m_column = -1;
    for (int v = 0; v < h->count(); ++v)
        if (const int logical = h->logicalIndex(v); !h->isSectionHidden(logical)) {
            m_column = logical;
            break;
        }
    m_frozen->setSelectionBehavior(selectionBehavior());
    m_frozen->setSelectionMode(selectionMode());
    m_frozen->setAlternatingRowColors(alternatingRowColors());
    m_frozen->setWordWrap(wordWrap());
    m_frozen->setTextElideMode(textElideMode());
    m_frozen->setItemDelegate(itemDelegate());
    if (m_column >= 0 && itemDelegateForColumn(m_column))
        m_frozen->setItemDelegateForColumn(m_column, itemDelegateForColumn(m_column));
    m_frozen->verticalHeader()->setDefaultSectionSize(verticalHeader()->defaultSectionSize());
    const int columns = model() ? model()->columnCount() : 0;
    for (int c = 0; c < columns; ++c)
        m_frozen->setColumnHidden(c, c != m_column);
    if (m_column >= 0) {
        capWidth();
        m_frozen->setColumnWidth(m_column, columnWidth(m_column));
        m_frozen->horizontalHeader()->setSortIndicatorShown(isSortingEnabled() &&
                                                            h->sortIndicatorSection() == m_column);
        m_frozen->horizontalHeader()->setSortIndicator(h->sortIndicatorSection(), h->sortIndicatorOrder());
    }
    m_frozen->setVisible(m_column >= 0);
    place();
}

bool ResultsTableView::capWidth()
{
    // A frozen column wider than half the table leaves too little room to scroll the rest past it.
    const int most = viewport()->width() / 2;
    if (m_column < 0 || most < 40 || columnWidth(m_column) <= most)
        return false;
    setColumnWidth(m_column, most);
    return true;
}

void ResultsTableView::place()
{
    if (m_column < 0)
        return;
    // Over the header and the rows, from the left edge of the viewport.
    const int x = verticalHeader()->isVisible() ? verticalHeader()->width() : 0;
    m_frozen->setGeometry(frameWidth() + x, frameWidth(), columnWidth(m_column),
                          viewport()->height() + horizontalHeader()->height());
    m_frozen->horizontalHeader()->setFixedHeight(horizontalHeader()->height());
    m_frozen->verticalScrollBar()->setValue(verticalScrollBar()->value());
}

void ResultsTableView::resizeEvent(QResizeEvent *event)
{
    QTableView::resizeEvent(event);
    capWidth();
    place();
}

void ResultsTableView::updateGeometries()
{
    QTableView::updateGeometries();
    place();
}

QModelIndex ResultsTableView::moveCursor(CursorAction cursorAction, Qt::KeyboardModifiers modifiers)
{
    const QModelIndex current = QTableView::moveCursor(cursorAction, modifiers);
    // Moving left onto a column under the overlay: scroll it out from beneath.
    if (m_column >= 0 && cursorAction == MoveLeft && current.column() != m_column &&
        visualRect(current).left() < columnWidth(m_column)) {
        const int covered = columnViewportPosition(current.column()) - columnWidth(m_column);
        horizontalScrollBar()->setValue(horizontalScrollBar()->value() + covered);
    }
    return current;
}

void ResultsTableView::scrollTo(const QModelIndex &index, ScrollHint hint)
{
    const int x = horizontalScrollBar()->value();
    QTableView::scrollTo(index, hint);
    if (index.column() == m_column) // always in view: only the row needs scrolling to
        horizontalScrollBar()->setValue(x);
}
