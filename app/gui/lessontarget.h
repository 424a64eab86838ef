#pragma once

#include <QVariantMap>

// A panel that a lesson step can put in a given state. The lesson player looks a panel up by
// name in the main window's registry (MainWindow::registerPanel / panel) and, when the panel
// implements this interface, hands it the step's settings for it: for "tile", the step's
// "tile" object (M N K dtype step bm bn bk tm tn stages threads group; see model/lesson.h).
//
//     class TileExplorer : public QWidget, public LessonTarget { ...
//         void applyLessonState(const QVariantMap &state) override; };
//     window->registerPanel(QStringLiteral("tile"), explorer);   // after addPanel()
//
// Applying must set every field the map names and leave the rest at the panel's defaults for a
// fresh step, so that re-applying a step after the teacher changed something restores it.
class LessonTarget
{
public:
    virtual ~LessonTarget() = default;
    virtual void applyLessonState(const QVariantMap &state) = 0;
};
