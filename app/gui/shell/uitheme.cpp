#include "shell/uitheme.h"

#include <QApplication>
#include <QPalette>
#include <QSettings>
#include <QStyle>
#include <QStyleFactory>

namespace {

const QString kSettingsKey = QStringLiteral("ui/theme");

struct State
{
    bool captured = false;
    QPalette systemPalette;
    QString systemStyle;
    UiTheme::Mode mode = UiTheme::Mode::System;
};

State &state()
{
    static State s;
    return s;
}

// Remember what the platform gave us before the first override, so System can go back to it.
void capture()
{
    State &s = state();
    if (s.captured)
        return;
    s.captured = true;
    s.systemPalette = QApplication::palette();
    s.systemStyle = QApplication::style() ? QApplication::style()->name() : QString();
}

QPalette darkPalette()
{
    QPalette p;
    const QColor window(45, 47, 51), base(32, 34, 37), text(228, 228, 228), disabled(125, 125, 125);
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, QColor(40, 42, 46));
    p.setColor(QPalette::ToolTipBase, QColor(60, 62, 66));
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::PlaceholderText, QColor(150, 150, 150));
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, window);
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::BrightText, QColor(255, 90, 90));
    p.setColor(QPalette::Light, QColor(70, 72, 76));
    p.setColor(QPalette::Midlight, QColor(58, 60, 64));
    p.setColor(QPalette::Mid, QColor(38, 40, 43));
    p.setColor(QPalette::Dark, QColor(25, 26, 28));
    p.setColor(QPalette::Shadow, Qt::black);
    p.setColor(QPalette::Highlight, QColor(60, 120, 210));
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::Link, QColor(110, 170, 255));
    p.setColor(QPalette::LinkVisited, QColor(180, 140, 255));
    for (auto role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
        p.setColor(QPalette::Disabled, role, disabled);
    p.setColor(QPalette::Disabled, QPalette::Highlight, QColor(70, 70, 70));
    return p;
}

} // namespace

QString UiTheme::name(Mode mode)
{
    switch (mode) {
    case Mode::Light:
        return QStringLiteral("light");
    case Mode::Dark:
        return QStringLiteral("dark");
    case Mode::System:
        break;
    }
    return QStringLiteral("system");
}

UiTheme::Mode UiTheme::parse(const QString &name, Mode fallback)
{
    if (name == QLatin1String("light"))
        return Mode::Light;
    if (name == QLatin1String("dark"))
        return Mode::Dark;
    if (name == QLatin1String("system"))
        return Mode::System;
    return fallback;
}

UiTheme::Mode UiTheme::savedMode()
{
    return parse(QSettings().value(kSettingsKey).toString());
}

void UiTheme::saveMode(Mode mode)
{
    QSettings().setValue(kSettingsKey, name(mode));
}

void UiTheme::apply(Mode mode)
{
    capture();
    State &s = state();
    s.mode = mode;
    switch (mode) {
    case Mode::System:
        if (!s.systemStyle.isEmpty())
            QApplication::setStyle(QStyleFactory::create(s.systemStyle));
        QApplication::setPalette(s.systemPalette);
        break;
    case Mode::Light:
        QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
        QApplication::setPalette(QApplication::style()->standardPalette());
        break;
    case Mode::Dark:
        QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
        QApplication::setPalette(darkPalette());
        break;
    }
}

UiTheme::Mode UiTheme::current()
{
    return state().mode;
}

bool UiTheme::isDark()
{
    const QPalette p = QApplication::palette();
    return p.color(QPalette::Window).lightness() < p.color(QPalette::WindowText).lightness();
}

ChartTheme UiTheme::chartTheme(bool presentation)
{
    const bool dark = isDark();
    if (presentation)
        return ChartTheme::highContrast(dark);
    return dark ? ChartTheme::dark() : ChartTheme::light();
}
