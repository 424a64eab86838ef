#pragma once

#include <QPointer>
#include <QWidget>

class ColumnsLayout;
class QButtonGroup;
class QTabWidget;

// The Panels dock's choice of panel: one button per page of a QTabWidget (whose own tab bar it
// hides), in as many columns as the dock's width allows, so every panel's name is whole and none
// hides behind a tab bar's scroll arrows on a 1280-pixel screen. Follows the tab widget's pages
// (rebuild() after adding one) and its current page both ways.
class PanelSwitcher : public QWidget
{
    Q_OBJECT

public:
    explicit PanelSwitcher(QTabWidget *tabs, QWidget *parent = nullptr);

    // After a page was added, removed or renamed.
    void rebuild();

protected:
    void changeEvent(QEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    void select(int index);

    QPointer<QTabWidget> m_tabs;
    ColumnsLayout *m_layout;
    QButtonGroup *m_group;
};
