#pragma once

#include <QColor>

#include <array>

// The colours RooflineChart draws with. Light and dark follow the desktop; the high-contrast
// flavours are for projectors (no tinted regions, saturated lines, a stronger grid), where a
// washed-out beamer turns pale blue into white.
struct ChartTheme
{
    enum class Kind { Light, Dark, HighContrastLight, HighContrastDark };

    Kind kind = Kind::Light;
    QColor background;
    QColor axis; // axis lines and ticks
    QColor text; // tick labels, axis titles, legend
    QColor grid;
    QColor subGrid;
    QColor legendBackground;
    QColor labelBackground; // behind labels on the plot, so lines do not cut through text
    QColor memoryRegion;    // shading left of the ridge
    QColor computeRegion;   // shading right of the ridge
    QColor memoryText;
    QColor computeText;
    QColor highlight; // halo around a highlighted point or ridge
    QColor neutral;   // points not tied to a GPU
    std::array<QColor, 4> gpuColors;

    static ChartTheme light();
    static ChartTheme dark();
    static ChartTheme highContrast(bool dark);

    bool isDark() const { return kind == Kind::Dark || kind == Kind::HighContrastDark; }
    bool isHighContrast() const { return kind == Kind::HighContrastLight || kind == Kind::HighContrastDark; }
    QColor gpuColor(int index) const; // -1: neutral
    // A line colour turned into text colour: darker on a light background, lighter on a dark one.
    QColor ink(const QColor &color, int factor = 130) const;
};
