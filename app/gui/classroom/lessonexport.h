#pragma once

#include "chart/charttheme.h"

#include <QImage>
#include <QSize>
#include <QString>
#include <QStringList>

class LessonPlayer;
class PanelHost;

// Slides and handouts of a lesson: the step's stage (the chart, or the panel the step shows)
// with its title and caption in the UI language. Every step is applied in turn, as the
// teacher would step through it, and the step that was open is applied again at the end.
class LessonExporter
{
public:
    LessonExporter(PanelHost *host, LessonPlayer *player);

    // The current step as one image: a title line, the stage, the caption under it. Without an
    // open lesson, the chart alone.
    QImage slide(QSize size = QSize(1600, 1000)) const;
    bool saveSlide(const QString &file, QSize size = QSize(1600, 1000), QString *error = nullptr) const;

    // <dir>/<lesson id>-step-01.png ...; the files written, or empty with *error set.
    QStringList saveAllSlides(const QString &dir, QSize size = QSize(1600, 1000), QString *error = nullptr);

    // A PDF handout: one A4 landscape page per step, the chart drawn at print resolution.
    bool saveHandout(const QString &file, QString *error = nullptr);

private:
    // The stage drawn into `area`: the chart, the step's panel, or both side by side (as
    // presentation mode shows them). chartScale: device pixels per chart pixel.
    void paintStage(class QPainter *painter, const QRectF &area, double chartScale) const;
    void paintSlide(class QPainter *painter, const QRectF &page, double unit, double chartScale) const;

    PanelHost *m_host;
    LessonPlayer *m_player;
};
