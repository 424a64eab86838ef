#include "shell/panelswitcher.h"

#include "panels/columnslayout.h"

#include <QButtonGroup>
#include <QEvent>
#include <QResizeEvent>
#include <QTabBar>
#include <QTabWidget>
#include <QToolButton>

PanelSwitcher::PanelSwitcher(QTabWidget *tabs, QWidget *parent)
    : QWidget(parent), m_tabs(tabs), m_layout(new ColumnsLayout(this, 6)), m_group(new QButtonGroup(this))
{
    setObjectName(QStringLiteral("panelSwitcher"));
    m_layout->setContentsMargins(0, 0, 0, 0);
    m_layout->setSpacing(2);
    // A panel in front sizes the dock: the buttons must not change places when it does (the
    // same click would open another panel).
    m_layout->setBalancedRows(true);
    m_group->setExclusive(true);
    tabs->tabBar()->hide();
    connect(tabs, &QTabWidget::currentChanged, this, &PanelSwitcher::select);
    connect(m_group, &QButtonGroup::idClicked, tabs, &QTabWidget::setCurrentIndex);
    rebuild();
}

void PanelSwitcher::rebuild()
{
    for (QAbstractButton *b : m_group->buttons()) {
        m_group->removeButton(b);
        delete b;
    }
    if (!m_tabs)
        return;
    for (int i = 0; i < m_tabs->count(); ++i) {
        auto *b = new QToolButton(this);
        b->setText(m_tabs->tabText(i));
        b->setToolTip(m_tabs->tabToolTip(i));
        b->setCheckable(true);
        b->setAutoRaise(true);
        b->setToolButtonStyle(Qt::ToolButtonTextOnly);
        b->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
        m_group->addButton(b, i);
        m_layout->addWidget(b);
    }
    select(m_tabs->currentIndex());
    updateGeometry();
}

void PanelSwitcher::select(int index)
{
    if (QAbstractButton *b = m_group->button(index))
        b->setChecked(true);
}

void PanelSwitcher::resizeEvent(QResizeEvent *event)
{
    // A tall panel below must not squeeze the buttons into fewer rows than the width needs.
    const int rows = m_layout->heightForWidth(event->size().width());
    if (minimumHeight() != rows)
        setMinimumHeight(rows);
    QWidget::resizeEvent(event);
}

void PanelSwitcher::changeEvent(QEvent *event)
{
    // A language switch renames the pages; the buttons follow.
    if (event->type() == QEvent::LanguageChange && m_tabs)
        for (int i = 0; i < m_tabs->count(); ++i)
            if (QAbstractButton *b = m_group->button(i))
                b->setText(m_tabs->tabText(i));
    QWidget::changeEvent(event);
}
