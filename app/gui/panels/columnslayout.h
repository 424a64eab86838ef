#pragma once

#include <QLayout>
#include <QList>

// Items in as many equal columns as the width allows (at least one, at most maxColumns),
// filled row by row: the ceiling check boxes are two columns in a wide dock and one in the
// narrow dock a 1280-pixel screen leaves beside the chart. The height follows the width
// (heightForWidth), so a scroll area around it scrolls instead of cutting rows off.
class ColumnsLayout : public QLayout
{
public:
    explicit ColumnsLayout(QWidget *parent = nullptr, int maxColumns = 2);
    ~ColumnsLayout() override;

    void addItem(QLayoutItem *item) override;
    int count() const override;
    QLayoutItem *itemAt(int index) const override;
    QLayoutItem *takeAt(int index) override;
    Qt::Orientations expandingDirections() const override { return {}; }
    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int width) const override;
    QSize minimumSize() const override;
    QSize sizeHint() const override;
    void setGeometry(const QRect &rect) override;

    // Columns used at this width (the layout's whole width, margins included).
    int columnsFor(int width) const;
    // Rows as even as the width allows (fewer columns where the last row would be short), so
    // items keep their row and column over a range of widths (the Panels dock's buttons).
    void setBalancedRows(bool on) { m_balanced = on; }

private:
    QSize cell() const; // the largest item's size hint
    int heightFor(int columns) const;
    int hSpacing() const;
    int vSpacing() const;

    QList<QLayoutItem *> m_items;
    int m_maxColumns;
    bool m_balanced = false;
};
