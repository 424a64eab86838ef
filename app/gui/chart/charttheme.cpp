#include "chart/charttheme.h"

ChartTheme ChartTheme::light()
{
    ChartTheme t;
    t.kind = Kind::Light;
    t.background = Qt::white;
    t.axis = QColor(40, 40, 40);
    t.text = QColor(20, 20, 20);
    t.grid = QColor(200, 200, 200);
    t.subGrid = QColor(232, 232, 232);
    t.legendBackground = QColor(255, 255, 255, 220);
    t.labelBackground = QColor(255, 255, 255, 200);
    t.memoryRegion = QColor(60, 120, 200, 20);
    t.computeRegion = QColor(230, 140, 30, 20);
    t.memoryText = QColor(60, 100, 160);
    t.computeText = QColor(170, 100, 20);
    t.highlight = QColor(255, 190, 0);
    t.neutral = QColor(110, 110, 110);
    // Distinct in colour and lightness, readable on white and in grey-scale print.
    t.gpuColors = {QColor(31, 90, 180), QColor(214, 95, 0), QColor(40, 150, 60), QColor(150, 50, 160)};
    return t;
}

ChartTheme ChartTheme::dark()
{
    ChartTheme t;
    t.kind = Kind::Dark;
    t.background = QColor(30, 32, 36);
    t.axis = QColor(190, 190, 190);
    t.text = QColor(225, 225, 225);
    t.grid = QColor(75, 78, 84);
    t.subGrid = QColor(50, 53, 58);
    t.legendBackground = QColor(30, 32, 36, 220);
    t.labelBackground = QColor(30, 32, 36, 200);
    t.memoryRegion = QColor(90, 150, 255, 26);
    t.computeRegion = QColor(255, 160, 60, 22);
    t.memoryText = QColor(140, 180, 240);
    t.computeText = QColor(240, 180, 110);
    t.highlight = QColor(255, 210, 40);
    t.neutral = QColor(160, 160, 160);
    // The light set is too dark on charcoal; these keep the same hues at higher lightness.
    t.gpuColors = {QColor(100, 165, 255), QColor(255, 150, 60), QColor(95, 205, 115), QColor(210, 130, 230)};
    return t;
}

ChartTheme ChartTheme::highContrast(bool dark)
{
    ChartTheme t = dark ? ChartTheme::dark() : ChartTheme::light();
    t.kind = dark ? Kind::HighContrastDark : Kind::HighContrastLight;
    if (dark) {
        t.background = Qt::black;
        t.axis = Qt::white;
        t.text = Qt::white;
        t.grid = QColor(110, 110, 110);
        t.subGrid = QColor(55, 55, 55);
        t.legendBackground = QColor(0, 0, 0, 230);
        t.labelBackground = QColor(0, 0, 0, 215);
        t.gpuColors = {QColor(80, 170, 255), QColor(255, 150, 0), QColor(60, 230, 90), QColor(235, 110, 255)};
        t.memoryText = QColor(120, 190, 255);
        t.computeText = QColor(255, 190, 90);
    } else {
        t.background = Qt::white;
        t.axis = Qt::black;
        t.text = Qt::black;
        t.grid = QColor(150, 150, 150);
        t.subGrid = QColor(215, 215, 215);
        t.legendBackground = QColor(255, 255, 255, 235);
        t.labelBackground = QColor(255, 255, 255, 225);
        t.gpuColors = {QColor(0, 70, 200), QColor(215, 75, 0), QColor(0, 135, 40), QColor(150, 0, 170)};
        t.memoryText = QColor(0, 60, 150);
        t.computeText = QColor(150, 75, 0);
        t.highlight = QColor(255, 170, 0);
    }
    // Projectors wash out faint tints; the split is told by the labels and the ridge line.
    t.memoryRegion =
        QColor(t.gpuColors[0].red(), t.gpuColors[0].green(), t.gpuColors[0].blue(), dark ? 30 : 18);
    t.computeRegion =
        QColor(t.gpuColors[1].red(), t.gpuColors[1].green(), t.gpuColors[1].blue(), dark ? 26 : 16);
    t.neutral = dark ? QColor(190, 190, 190) : QColor(80, 80, 80);
    return t;
}

QColor ChartTheme::gpuColor(int index) const
{
    if (index < 0)
        return neutral;
    return gpuColors[size_t(index) % gpuColors.size()];
}

QColor ChartTheme::ink(const QColor &color, int factor) const
{
    if (isDark())
        return color.lighter(100 + (factor - 100) / 2);
    return color.darker(factor);
}
