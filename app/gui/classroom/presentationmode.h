#pragma once

#include <QByteArray>
#include <QFont>
#include <QHash>
#include <QList>
#include <QObject>
#include <QPointer>

class LessonPlayer;
class PanelHost;
class QMainWindow;
class QDockWidget;
class QHeaderView;
class QLabel;
class QPushButton;
class QScrollArea;
class QShortcut;
class QWidget;

// Presentation mode for a projector: full screen, the chart (or the step's panel) first, the
// lesson's caption in a large banner under it, fonts and lines scaled, a high-contrast chart,
// and only the lesson's controls (previous, next, step list, exit with Esc). Leaving it puts
// the window back as it was: docks, toolbars, menus, size.
class PresentationMode : public QObject
{
    Q_OBJECT

public:
    // lessonDock: the lesson's step list, which the banner's "Steps" button shows beside the stage.
    PresentationMode(PanelHost *host, LessonPlayer *player, QDockWidget *lessonDock,
                     QObject *parent = nullptr);

    // fullScreen false keeps the window's size (screenshots, tests).
    void enter(bool fullScreen = true);
    void exit();
    bool isActive() const { return m_active; }

    // Fonts, pen widths and markers times this, 1.0 .. 3.0 (kept in QSettings "presentation/scale").
    void setScale(double scale, bool remember = true); // remember: kept for the next start
    double scale() const { return m_scale; }
    // The scale chosen last, or for one never chosen the default for the window's screen.
    static double savedScale();
    // The scales the View menu offers, smallest first.
    static QList<double> scaleSteps();
    // A slide keeps its proportions: the layout is made to fit 1280×720 at 1×, so a taller
    // screen gets text as large against its height (720 lines: 1×, 1080: 1.5×, 2160: 3×), in the
    // menu's steps.
    static double defaultScale(int screenHeight);

    // A running class's strip (ClassPanel::projectorStrip) at the banner's right, beside the
    // step's buttons: the projector shows the address and QR code while the dock is hidden.
    void setClassStrip(QWidget *strip);

    // ---- for tests and the exporters
    QWidget *banner() const { return m_banner; }
    QString bannerTitle() const;
    QString bannerCaption() const;
    bool isStepListShown() const;
    void setStepListShown(bool shown);
    // Whether the stage shows the chart (an occupancy step shows its panel alone; other panel
    // steps show the panel beside the chart).
    bool isChartStaged() const;
    // The widgets of the staged panel that the step's needs name (the term bar, the occupancy
    // result, the LLM cards), in the order the needs list them.
    QList<QWidget *> neededWidgets() const;
    // Whether the whole caption shows without scrolling its area.
    bool isCaptionFullyShown() const;

signals:
    void activeChanged(bool active);

private:
    void buildBanner();
    void updateBanner();
    // The caption area's height for the caption at this width, within the banner's share.
    void fitCaption(int width);
    bool eventFilter(QObject *watched, QEvent *event) override;
    void updateStage();
    void applyScale();
    void scalePanels(double scale);
    void scaleDock(QDockWidget *dock, double scale);
    void restorePanels();
    void revealNeeds(); // scrolls the staged panel so that what the step needs is in view
    QDockWidget *stagedDock() const;

    PanelHost *m_host = nullptr;
    QMainWindow *m_window = nullptr;
    LessonPlayer *m_player = nullptr;
    QPointer<QDockWidget> m_lessonDock;
    bool m_active = false;
    double m_scale = 1.0;
    QPointer<QWidget> m_classStrip; // ClassPanel's, in the banner

    // What enter() changed, to put back.
    QByteArray m_savedState;
    Qt::WindowStates m_savedWindowState;
    QByteArray m_savedGeometry;
    QFont m_savedFont;
    bool m_savedFontSet = false;
    bool m_menuBarShown = true;
    bool m_statusBarShown = true;

    QDockWidget *m_bannerDock = nullptr;
    QWidget *m_banner = nullptr;
    QLabel *m_title = nullptr;
    QLabel *m_caption = nullptr;
    QScrollArea *m_captionArea = nullptr; // a long caption scrolls here; the stage keeps its room
    bool m_revealAgain = false;           // a second look at the needs is queued
    int m_captionWidth = 0;               // the width the caption area was last fitted for
    QLabel *m_counter = nullptr;
    QLabel *m_notice = nullptr;
    QPushButton *m_prev = nullptr;
    QPushButton *m_next = nullptr;
    QPushButton *m_stepsButton = nullptr;
    QPushButton *m_exitButton = nullptr;
    QShortcut *m_escape = nullptr;
    QList<QPointer<QDockWidget>> m_hiddenTitles; // docks whose title bar the stage hid
    // Docks whose width limit the stage lifted (a panel beside the chart needs its room).
    struct DockWidth
    {
        QPointer<QDockWidget> dock;
        int maximum = 0;
    };
    QList<DockWidth> m_widthLimits;

    // The panels' fonts on the desk, to scale from and to put back.
    struct DeskFont
    {
        QPointer<QWidget> widget;
        bool own = false; // the widget had set a font of its own
        QFont font;       // its font at scale 1
    };
    QList<DeskFont> m_deskFonts;
    struct DeskRows
    {
        QPointer<QHeaderView> header;
        int size = 0;
    };
    QList<DeskRows> m_deskRows;
    QHash<const QDockWidget *, double> m_dockScale; // the scale each dock's fonts are at now
};
