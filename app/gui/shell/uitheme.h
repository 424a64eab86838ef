#pragma once

#include "chart/charttheme.h"

#include <QString>

// Light and dark application themes. "System" keeps the platform's palette (and infers dark
// from it: Qt 6.4 has no colour-scheme query); Light and Dark use the Fusion style with a
// fixed palette. The choice is kept in QSettings ("ui/theme").
class UiTheme
{
public:
    enum class Mode { System, Light, Dark };

    static QString name(Mode mode); // "system", "light", "dark"
    static Mode parse(const QString &name, Mode fallback = Mode::System);

    static Mode savedMode();
    static void saveMode(Mode mode);

    // Sets the application style and palette; every widget repaints, and each RooflineChart is
    // re-themed by whoever owns it (Classroom listens for the palette change).
    static void apply(Mode mode);
    static Mode current();
    // Whether the palette in use is dark (window colour darker than its text).
    static bool isDark();
    // The chart colours that go with the palette; high contrast for presentation mode.
    static ChartTheme chartTheme(bool presentation = false);
};
