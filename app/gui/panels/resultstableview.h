#pragma once

#include <QTableView>

// A table whose first visible column stays in place while the others scroll sideways: the
// Results panel's kernel names stay beside the numbers a user scrolls to. A second view lies
// over the left edge, on the same model and selection model, showing only that column; it
// follows the main view's column order, widths, vertical scroll and sorting.
class ResultsTableView : public QTableView
{
    Q_OBJECT

public:
    explicit ResultsTableView(QWidget *parent = nullptr);

    void setModel(QAbstractItemModel *model) override;
    void setSelectionModel(QItemSelectionModel *selectionModel) override;
    // The view over the first column (tests, and styling that must reach both).
    QTableView *frozenView() const { return m_frozen; }
    // The logical column it shows: the first visible one; -1 when none.
    int frozenColumn() const { return m_column; }
    // The frozen column is always in view: scrolling to one of its cells moves only vertically.
    void scrollTo(const QModelIndex &index, ScrollHint hint = EnsureVisible) override;

protected:
    void resizeEvent(QResizeEvent *event) override;
    QModelIndex moveCursor(CursorAction cursorAction, Qt::KeyboardModifiers modifiers) override;
    void updateGeometries() override;

private:
    // Which column is first, which columns the overlay hides, its width and place.
    void syncColumns();
    void place();
    // At most half the table wide; true when it had to be narrowed.
    bool capWidth();

    QTableView *m_frozen;
    int m_column = -1;
};
