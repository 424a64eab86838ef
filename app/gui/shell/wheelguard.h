#pragma once

#include <QObject>

// A mouse wheel turned over a scrolled panel scrolls the panel: a spin box, combo box or slider
// that the pointer happens to pass over changes its value only once the user has clicked or
// tabbed into it. Installed once on the application (AppShell); the value widgets take focus
// by click or Tab, not by wheel.
class WheelGuard : public QObject
{
    Q_OBJECT

public:
    explicit WheelGuard(QObject *parent = nullptr);

    // Installs one guard on the application (a second call does nothing).
    static void install();

    // Whether a wheel event over this widget would change a value it holds without focus.
    static bool guards(const QWidget *widget);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;
};
