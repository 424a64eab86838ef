// Presentation mode, themes and lesson exports, offscreen: the projector layout renders in
// light and dark, the scale setting reaches fonts and pens, Esc leaves and puts the window back,
// a handout has one PDF page per step, and a language switch re-creates the window in place.
#include "chart/occupancygraph.h"
#include "chart/rooflinechart.h"
#include "classroom/classroom.h"
#include "classroom/lessonexport.h"
#include "classroom/lessonplayer.h"
#include "classroom/presentationmode.h"
#include "live/livetools.h"
#include "panels/occupancypanel.h"
#include "panels/workloadpanel.h"
#include "shell/appshell.h"
#include "shell/gpupicker.h"
#include "shell/mainwindow.h"
#include "shell/uilanguage.h"
#include "shell/uitheme.h"
#include "specdb.h"
#include "tile/tileexplorer.h"
#include "workerclient.h"
#include "workspace/workspace.h"

#include <QAbstractButton>
#include <QAbstractItemView>
#include <QAbstractSpinBox>
#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDockWidget>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QRegularExpression>
#include <QScrollArea>
#include <QScrollBar>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QToolBar>

#include <memory>

namespace {

const QString kResources = QStringLiteral(ROOFLAB_SOURCE_RESOURCES_DIR);

int lightness(const QImage &image, int x, int y)
{
    return QColor(image.pixel(x, y)).lightness();
}

// PDF page objects ("/Type /Page", not the "/Type /Pages" tree).
int pdfPages(const QByteArray &pdf)
{
    static const QRegularExpression page(QStringLiteral("/Type\\s*/Page(?![a-zA-Z])"));
    int n = 0;
    auto it = page.globalMatch(QString::fromLatin1(pdf));
    while (it.hasNext()) {
        it.next();
        ++n;
    }
    return n;
}

} // namespace

class TestGuiPresentation : public QObject
{
    Q_OBJECT
    model::SpecDb m_db;
    // One presenting window per language and scale, reused across the layout rows.
    std::unique_ptr<MainWindow> m_stage;
    QString m_stageKey;

    MainWindow *stage(const QString &language, double scale)
    {
        const QString key = QStringLiteral("%1 %2").arg(language).arg(scale);
        UiLanguage::install(language); // cleanup() puts English back after every row
        if (!m_stage || m_stageKey != key) {
            m_stage.reset();
            UiLanguage::install(language);
            m_stage = std::make_unique<MainWindow>(m_db);
            m_stage->resize(1280, 720);
            m_stage->show();
            m_stage->classroom()->presentation()->setScale(scale, false);
            m_stageKey = key;
        }
        return m_stage.get();
    }

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("RoofLabTest"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_gui_presentation"));
        QSettings().clear();
        m_db.loadDirectory(kResources + QStringLiteral("/gpus"));
        QVERIFY(m_db.errors().isEmpty());
        UiLanguage::install(QStringLiteral("en"));
    }

    void cleanupTestCase() { m_stage.reset(); }

    void cleanup()
    {
        UiTheme::apply(UiTheme::Mode::System);
        UiLanguage::install(QStringLiteral("en"));
        QSettings().clear();
    }

    void presentationRenders_data()
    {
        QTest::addColumn<QString>("theme");
        QTest::addColumn<QString>("language");
        QTest::newRow("light, English") << "light"
                                        << "en";
        QTest::newRow("dark, English") << "dark"
                                       << "en";
        QTest::newRow("dark, Chinese") << "dark"
                                       << "zh_CN";
    }

    void presentationRenders()
    {
        QFETCH(QString, theme);
        QFETCH(QString, language);
        const bool dark = theme == QLatin1String("dark");
        UiLanguage::install(language);
        UiTheme::apply(UiTheme::parse(theme));
        MainWindow w(m_db);
        w.resize(1280, 800);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        LessonPlayer *player = w.classroom()->player();
        PresentationMode *pm = w.classroom()->presentation();
        QVERIFY(player->openLesson(QStringLiteral("01-roofline"), 1));

        pm->enter(false);
        QApplication::processEvents();
        QVERIFY(pm->isActive());
        QVERIFY(w.classroom()->presentationAction()->isChecked());
        QVERIFY(!w.menuBar()->isVisible());
        for (QToolBar *bar : w.findChildren<QToolBar *>())
            QVERIFY(!bar->isVisible());
        for (QDockWidget *dock : w.findChildren<QDockWidget *>())
            QCOMPARE(dock->isVisible(), dock->objectName() == QLatin1String("presentationBanner"));
        QVERIFY(pm->isChartStaged());
        QVERIFY(pm->banner()->isVisible());
        QCOMPARE(pm->bannerTitle(), player->stepTitle());
        // The step asks a question first: the banner shows it in place of the caption.
        QCOMPARE(pm->bannerCaption(), player->shownCaption());
        QVERIFY(pm->bannerCaption() != player->stepCaption());
        QVERIFY(w.chart()->theme().isHighContrast());
        QCOMPARE(w.chart()->theme().isDark(), dark);

        const QImage shot = w.grab().toImage();
        QVERIFY(!shot.isNull());
        QCOMPARE(shot.size(), w.size());
        // The chart's background says which theme it is; the banner continues it.
        const QImage plot = w.chart()->toImage(400, 300);
        QVERIFY(dark ? lightness(plot, 3, 3) < 40 : lightness(plot, 3, 3) > 230);
        const QPoint inBanner = pm->banner()->mapTo(&w, QPoint(4, 4));
        QVERIFY(dark ? lightness(shot, inBanner.x(), inBanner.y()) < 40
                     : lightness(shot, inBanner.x(), inBanner.y()) > 230);

        // Steps keep the banner in step.
        player->next();
        QCOMPARE(pm->bannerTitle(), player->stepTitle());

        // Esc leaves and gives the desk layout back.
        // Qt's active window, so that the window's shortcuts take the key (on an X server without
        // a window manager nobody gives the window the focus).
        QApplication::setActiveWindow(&w);
        QTest::keyClick(w.chart(), Qt::Key_Escape);
        QVERIFY(!pm->isActive());
        QVERIFY(!w.classroom()->presentationAction()->isChecked());
        QVERIFY(w.menuBar()->isVisible());
        QVERIFY(w.findChild<QDockWidget *>(QStringLiteral("gpuDock"))->isVisible());
        QVERIFY(!w.findChild<QDockWidget *>(QStringLiteral("presentationBanner"))->isVisible());
        QVERIFY(!w.chart()->theme().isHighContrast());
        QCOMPARE(w.chart()->presentationScale(), 1.0);
    }

    // ---- every step on a 1280×720 projector: what the caption names is on screen, uncut

    void stepLayout_data()
    {
        QTest::addColumn<QString>("language");
        QTest::addColumn<double>("scale");
        QTest::addColumn<QString>("lesson");
        QTest::addColumn<int>("step");
        QStringList errors;
        const auto lessons =
            model::lessons::loadDirectory(kResources + QStringLiteral("/lessons"), &m_db, &errors);
        for (const QString &language : {QStringLiteral("en"), QStringLiteral("zh_CN")})
            for (double scale : {1.0, 1.5, 2.0})
                for (const model::Lesson &l : lessons)
                    for (int i = 0; i < l.steps.size(); ++i)
                        QTest::addRow("%s %gx %s step %d", qPrintable(language), scale, qPrintable(l.id),
                                      i + 1)
                            << language << scale << l.id << i;
    }

    void stepLayout()
    {
        QFETCH(QString, language);
        QFETCH(double, scale);
        QFETCH(QString, lesson);
        QFETCH(int, step);
        if (QGuiApplication::platformName() == QLatin1String("offscreen"))
            QSKIP("needs a real X screen (CTest runs this test under xvfb-run): the offscreen platform "
                  "does not size the stage's docks as a window system does");
        MainWindow *w = stage(language, scale);
        LessonPlayer *player = w->classroom()->player();
        PresentationMode *pm = w->classroom()->presentation();
        QVERIFY(player->openLesson(lesson, step));
        if (!pm->isActive())
            pm->enter(false);
        QApplication::processEvents();
        QApplication::processEvents(); // the stage scrolls to the needs once the docks have their sizes
        const QStringList needs = player->stepNeeds();
        const QString where =
            QStringLiteral("%1 step %2 (%3, %4x)").arg(lesson).arg(step + 1).arg(language).arg(scale);

        // The banner keeps to its share; at 1x the whole caption shows without scrolling.
        QVERIFY2(pm->banner()->height() <= w->height() * 0.3 + 8, qPrintable(where));
        if (scale == 1.0)
            QTRY_VERIFY2(pm->isCaptionFullyShown(),
                         qPrintable(where + QStringLiteral(": the caption scrolls at 1x")));

        // The chart, when the step needs it, is a chart and not a thumbnail.
        if (needs.contains(QLatin1String("chart"))) {
            QVERIFY2(pm->isChartStaged(), qPrintable(where));
            QVERIFY2(w->chart()->height() >= w->height() * 0.45,
                     qPrintable(where + QStringLiteral(": chart %1 px high").arg(w->chart()->height())));
            QVERIFY2(w->chart()->width() >= w->width() * 0.45,
                     qPrintable(where + QStringLiteral(": chart %1 px wide").arg(w->chart()->width())));
        }

        // What the step names in its panel is inside the panel's view, not below the fold or cut
        // at the side; a panel beside the chart is wide enough to read.
        const QList<QWidget *> needed = pm->neededWidgets();
        for (const QString &n : {QStringLiteral("term_bar"), QStringLiteral("measured_line"),
                                 QStringLiteral("occupancy_result"), QStringLiteral("llm_cards")})
            if (needs.contains(n))
                QVERIFY2(!needed.isEmpty(), qPrintable(where + QStringLiteral(": nothing found for ") + n));
        for (QWidget *n : needed) {
            const QString what = where + QStringLiteral(": ") +
                                 QString::fromLatin1(n->metaObject()->className()) + QLatin1Char(' ') +
                                 n->objectName();
            QVERIFY2(n->isVisibleTo(w), qPrintable(what));
            QWidget *view = n->parentWidget();
            for (QWidget *p = n->parentWidget(); p; p = p->parentWidget())
                if (auto *area = qobject_cast<QScrollArea *>(p)) {
                    view = area->viewport();
                    break;
                }
            QVERIFY(view);
            QVERIFY2(view->width() >= w->width() * 0.3,
                     qPrintable(what + QStringLiteral(": panel %1 px wide").arg(view->width())));
            const QRect r(n->mapTo(view, QPoint(0, 0)), n->size());
            // Whole when it fits in the view; else at least its top.
            const int shown = std::min(r.bottom(), view->height() - 1) - std::max(r.top(), 0) + 1;
            QVERIFY2(shown >= std::min(r.height(), view->height() / 2),
                     qPrintable(what + QStringLiteral(": %1 of %2 px in view").arg(shown).arg(r.height())));
            if (scale == 1.0 && needs.contains(QLatin1String("chart")))
                QVERIFY2(shown == r.height(), qPrintable(what + QStringLiteral(": not all in view at 1x")));
            // A headline is one line: its text fits (the occupancy percentage is not cut).
            if (auto *label = qobject_cast<QLabel *>(n); label && !label->wordWrap())
                QVERIFY2(label->fontMetrics().horizontalAdvance(label->text()) <=
                             label->contentsRect().width(),
                         qPrintable(what + QStringLiteral(": \"%1\" is cut").arg(label->text())));
        }

        // The legend is never over a point the step is about.
        const QRectF legend = w->chart()->legendRect();
        const model::LessonStep own = player->lesson()->steps.at(step);
        for (const QString &about : own.pointsAbout()) {
            QString id;
            for (const QString &candidate : w->chart()->pointIds())
                if (candidate == about || w->chart()->point(candidate)->label == about)
                    id = candidate;
            QVERIFY2(!id.isEmpty(), qPrintable(where + QStringLiteral(": no point ") + about));
            const QPointF at = w->chart()->pointCoords(id).value();
            const QPoint pixel = w->chart()->pixelFor(at.x(), at.y());
            QVERIFY2(!legend.contains(pixel),
                     qPrintable(where + QStringLiteral(": the legend covers ") + about));
        }
    }

    void themesFollowThePalette_data()
    {
        QTest::addColumn<QString>("theme");
        QTest::newRow("dark") << "dark";
        QTest::newRow("light") << "light";
    }

    void themesFollowThePalette()
    {
        QFETCH(QString, theme);
        const bool dark = theme == QLatin1String("dark");
        MainWindow w(m_db);
        w.resize(1200, 800);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        // Switched while the window is open, from its menu: the chart re-themes itself.
        w.themeAction(UiTheme::parse(theme))->trigger();
        QApplication::processEvents();
        QCOMPARE(UiTheme::isDark(), dark);
        QCOMPARE(w.chart()->theme().isDark(), dark);
        QCOMPARE(QSettings().value(QStringLiteral("ui/theme")).toString(), theme);
        const QImage plot = w.chart()->toImage(400, 300);
        QVERIFY(dark ? lightness(plot, 3, 3) < 60 : lightness(plot, 3, 3) > 230);
        const QImage shot = w.grab().toImage();
        QVERIFY(!shot.isNull());
        // The window itself follows: its background is dark in the dark theme.
        QVERIFY(dark ? lightness(shot, 2, shot.height() - 2) < 100
                     : lightness(shot, 2, shot.height() - 2) > 180);
    }

    // A teacher who never chose a scale gets one that keeps the slide's proportions: the
    // layout fits 1280×720 at 1× (a larger default cut the captions there).
    void defaultScaleFollowsTheScreen_data()
    {
        QTest::addColumn<int>("height");
        QTest::addColumn<double>("scale");
        QTest::newRow("600 lines") << 600 << 1.0;
        QTest::newRow("720p") << 720 << 1.0;
        QTest::newRow("768") << 768 << 1.0;
        QTest::newRow("900") << 900 << 1.25;
        QTest::newRow("1080p") << 1080 << 1.5;
        QTest::newRow("1440p") << 1440 << 2.0;
        QTest::newRow("2160p") << 2160 << 3.0;
    }
    void defaultScaleFollowsTheScreen()
    {
        QFETCH(int, height);
        QFETCH(double, scale);
        QCOMPARE(PresentationMode::defaultScale(height), scale);
        QVERIFY(PresentationMode::scaleSteps().contains(scale));
    }

    void scaleReachesFontsAndPens()
    {
        MainWindow w(m_db);
        w.resize(1280, 800);
        w.show();
        PresentationMode *pm = w.classroom()->presentation();
        QVERIFY(w.classroom()->player()->openLesson(QStringLiteral("02-intensity"), 0));
        const double deskFont = w.chart()->tickLabelFont().pointSizeF();
        const double deskPen = w.chart()->ceilingPenWidth();
        QVERIFY(deskFont > 0 && deskPen > 0);

        pm->setScale(1.0);
        pm->enter(false);
        QCOMPARE(w.chart()->presentationScale(), 1.0);
        QCOMPARE(w.chart()->tickLabelFont().pointSizeF(), deskFont);
        const double bannerAt1 =
            pm->banner()->findChild<QWidget *>(QStringLiteral("bannerCaption"))->font().pointSizeF();

        pm->setScale(2.5);
        QCOMPARE(w.chart()->presentationScale(), 2.5);
        QCOMPARE(w.chart()->tickLabelFont().pointSizeF(), deskFont * 2.5);
        QCOMPARE(w.chart()->ceilingPenWidth(), deskPen * 2.5);
        QCOMPARE(pm->banner()->findChild<QWidget *>(QStringLiteral("bannerCaption"))->font().pointSizeF(),
                 bannerAt1 * 2.5);
        QCOMPARE(QSettings().value(QStringLiteral("presentation/scale")).toDouble(), 2.5);
        QVERIFY(!w.grab().isNull());

        pm->setScale(7); // clamped to the range the menu offers
        QCOMPARE(pm->scale(), 3.0);
        pm->exit();
        QCOMPARE(w.chart()->tickLabelFont().pointSizeF(), deskFont);
        QCOMPARE(w.chart()->ceilingPenWidth(), deskPen);
    }

    // Presentation mode scales every panel's fonts with the chart: tables, labels, spin boxes,
    // combo boxes, buttons, the occupancy graphs (their titles and ticks too) and the tile
    // explorer; leaving it gives the desk fonts back.
    void panelFontsScale_data()
    {
        QTest::addColumn<QString>("panel"); // a panel name, or a dock's object name
        QTest::addColumn<double>("scale");
        for (const char *p : {"roofline", "occupancy", "tile", "runs", "results", "gpuDock", "lessonDock"})
            for (double s : {1.5, 2.5})
                QTest::addRow("%s at %.1f", p, s) << QString::fromLatin1(p) << s;
    }

    void panelFontsScale()
    {
        QFETCH(QString, panel);
        QFETCH(double, scale);
        LiveTools live; // the Runs and Results panels (torn down after the window)
        MainWindow w(m_db);
        live.worker()->setProgram(QStringLiteral(ROOFLAB_CLI));
        live.attach(&w);
        w.resize(1280, 800);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QWidget *root = w.panel(panel);
        if (!root)
            if (auto *dock = w.findChild<QDockWidget *>(panel))
                root = dock->widget();
        QVERIFY2(root, qPrintable(panel));
        // What a reader sees: every text-bearing widget of the panel, and the graphs.
        QList<QWidget *> widgets;
        for (QWidget *c : root->findChildren<QWidget *>())
            if (qobject_cast<QLabel *>(c) || qobject_cast<QAbstractSpinBox *>(c) ||
                qobject_cast<QAbstractItemView *>(c) || qobject_cast<QComboBox *>(c) ||
                qobject_cast<QAbstractButton *>(c) || qobject_cast<QLineEdit *>(c))
                widgets.append(c);
        QVERIFY(widgets.size() >= 3);
        QHash<QWidget *, double> desk;
        for (QWidget *c : std::as_const(widgets))
            desk[c] = c->font().pointSizeF();
        QHash<OccupancyGraph *, QPair<double, double>> graphDesk;
        for (OccupancyGraph *g : root->findChildren<OccupancyGraph *>())
            graphDesk[g] = {g->titleFont().pointSizeF(), g->tickLabelFont().pointSizeF()};
        QCOMPARE(graphDesk.isEmpty(), panel != QLatin1String("occupancy"));

        PresentationMode *pm = w.classroom()->presentation();
        pm->setScale(scale, false);
        pm->enter(false);
        QApplication::processEvents();
        const auto where = [](QWidget *c) {
            return QStringLiteral("%1 \"%2\"")
                .arg(QString::fromLatin1(c->metaObject()->className()), c->objectName());
        };
        for (QWidget *c : std::as_const(widgets))
            QVERIFY2(qAbs(c->font().pointSizeF() - desk[c] * scale) < 0.01,
                     qPrintable(QStringLiteral("%1: %2 pt on the desk, %3 pt at scale %4")
                                    .arg(where(c))
                                    .arg(desk[c])
                                    .arg(c->font().pointSizeF())
                                    .arg(scale)));
        for (auto it = graphDesk.cbegin(); it != graphDesk.cend(); ++it) {
            QCOMPARE(it.key()->titleFont().pointSizeF(), it.value().first * scale);
            QCOMPARE(it.key()->tickLabelFont().pointSizeF(), it.value().second * scale);
        }
        // Another scale while on the stage: from the desk fonts again, not compounded.
        pm->setScale(1.0, false);
        for (QWidget *c : std::as_const(widgets))
            QVERIFY2(qAbs(c->font().pointSizeF() - desk[c]) < 0.01, qPrintable(where(c)));
        pm->setScale(scale, false);
        pm->exit();
        for (QWidget *c : std::as_const(widgets))
            QVERIFY2(qAbs(c->font().pointSizeF() - desk[c]) < 0.01, qPrintable(where(c)));
        for (auto it = graphDesk.cbegin(); it != graphDesk.cend(); ++it)
            QCOMPARE(it.key()->titleFont().pointSizeF(), it.value().first);
    }

    void panelStepsTakeTheStage()
    {
        MainWindow w(m_db);
        w.resize(1280, 800);
        w.show();
        PresentationMode *pm = w.classroom()->presentation();
        LessonPlayer *player = w.classroom()->player();
        QVERIFY(player->openLesson(QStringLiteral("04-occupancy"), 0));
        pm->enter(false);
        QApplication::processEvents();
        QVERIFY(!pm->isChartStaged());
        QWidget *occupancy = w.panel(QStringLiteral("occupancy"));
        QVERIFY(occupancy->isVisibleTo(&w));
        QVERIFY(occupancy->visibleRegion().boundingRect().width() > w.width() / 2);
        // A roofline step brings the chart back.
        QVERIFY(player->openLesson(QStringLiteral("02-intensity"), 0));
        QApplication::processEvents();
        QVERIFY(pm->isChartStaged());
        QVERIFY(!occupancy->isVisibleTo(&w));
        // A tile step shows the explorer beside the chart: the predicted point is the point.
        if (QWidget *tile = w.panel(QStringLiteral("tile"))) {
            QVERIFY(player->openLesson(QStringLiteral("03-tiling"), 2));
            QApplication::processEvents();
            QVERIFY(pm->isChartStaged());
            QVERIFY(tile->isVisibleTo(&w));
        }
        // The step list comes and goes without leaving the stage.
        pm->setStepListShown(true);
        QVERIFY(pm->isStepListShown());
        pm->setStepListShown(false);
        QVERIFY(!pm->isStepListShown());
        pm->exit();
    }

    void handout_data()
    {
        QTest::addColumn<QString>("lesson");
        QTest::addColumn<QString>("language");
        QStringList errors;
        const auto lessons =
            model::lessons::loadDirectory(kResources + QStringLiteral("/lessons"), &m_db, &errors);
        for (const model::Lesson &l : lessons) {
            QTest::addRow("%s, English", qPrintable(l.id)) << l.id << "en";
            QTest::addRow("%s, Chinese", qPrintable(l.id)) << l.id << "zh_CN";
        }
    }

    void handout()
    {
        QFETCH(QString, lesson);
        QFETCH(QString, language);
        UiLanguage::install(language);
        MainWindow w(m_db);
        w.resize(1280, 800);
        w.show();
        LessonPlayer *player = w.classroom()->player();
        QVERIFY(player->openLesson(lesson, 1));
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString pdf = dir.filePath(lesson + QStringLiteral(".pdf"));
        QString error;
        LessonExporter exporter(&w, player);
        QVERIFY2(exporter.saveHandout(pdf, &error), qPrintable(error));
        QFile f(pdf);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray bytes = f.readAll();
        QVERIFY(bytes.startsWith("%PDF-"));
        QCOMPARE(pdfPages(bytes), player->stepCount());
        QVERIFY2(bytes.size() < 12 * 1024 * 1024, "a handout stays small enough to mail");
        QCOMPARE(player->currentStep(), 1); // the step that was open is open again
        QVERIFY(!w.chart()->theme().isDark());
        // For a person to look at: ROOFLAB_KEEP_HANDOUTS=<folder> keeps a copy of each.
        if (const QString keep = qEnvironmentVariable("ROOFLAB_KEEP_HANDOUTS"); !keep.isEmpty())
            QFile::copy(pdf, keep + QStringLiteral("/%1-%2.pdf").arg(lesson, language));

        const QStringList files =
            exporter.saveAllSlides(dir.filePath(QStringLiteral("slides")), QSize(800, 500), &error);
        QCOMPARE(files.size(), player->stepCount());
        for (const QString &file : files) {
            const QImage image(file);
            QCOMPARE(image.size(), QSize(800, 500));
        }
        QCOMPARE(player->currentStep(), 1);
    }

    void languageSwitchRecreatesTheWindow()
    {
        UiLanguage::install(QStringLiteral("en"));
        AppShell shell(m_db);
        MainWindow *before = shell.window();
        before->resize(1280, 800);
        before->show();
        QVERIFY(before->classroom()->player()->openLesson(QStringLiteral("03-tiling"), 2));
        before->classroom()->presentation()->enter(false);
        const QString fileMenu = before->menuBar()->actions().first()->text();
        QPointer<MainWindow> old = before;

        before->languageAction(QStringLiteral("zh_CN"))->trigger();
        MainWindow *after = shell.window();
        QVERIFY(after != before);
        QTRY_VERIFY(old.isNull()); // deleted once the menu's signal has returned
        QCOMPARE(UiLanguage::current(), QStringLiteral("zh_CN"));
        QCOMPARE(QSettings().value(QStringLiteral("ui/language")).toString(), QStringLiteral("zh_CN"));
        QVERIFY(after->isVisible());
        QVERIFY(after->menuBar()->actions().first()->text() != fileMenu);
        LessonPlayer *player = after->classroom()->player();
        QVERIFY(player->isOpen());
        QCOMPARE(player->lesson()->id, QStringLiteral("03-tiling"));
        QCOMPARE(player->currentStep(), 2);
        QCOMPARE(player->stepCaption(), player->lesson()->steps.at(2).caption.zh);
        QVERIFY(after->classroom()->presentation()->isActive());
        QVERIFY(after->languageAction(QStringLiteral("zh_CN"))->isChecked());

        // And back to English.
        after->classroom()->presentation()->exit();
        after->languageAction(QStringLiteral("en"))->trigger();
        QCOMPARE(UiLanguage::current(), QStringLiteral("en"));
        QCOMPARE(shell.window()->menuBar()->actions().first()->text(), fileMenu);
    }

    // The window is rebuilt, the work is not: what the user added and never saved (a workload,
    // the occupancy input, a tile, comparisons, axes) is on the new window, and it did not
    // travel through the settings.
    void languageSwitchKeepsUnsavedWork()
    {
        UiLanguage::install(QStringLiteral("en"));
        QSettings().remove(QStringLiteral("choices"));
        AppShell shell(m_db);
        MainWindow *before = shell.window();
        before->resize(1280, 800);
        before->show();
        const int workloadsBefore = int(before->workloadPanel()->entries().size());
        before->workloadPanel()->setKind(QStringLiteral("softmax"));
        before->workloadPanel()->setDtype(QStringLiteral("bf16"));
        QVERIFY(before->workloadPanel()->addCurrent());
        const WorkloadEntry added = before->workloadPanel()->entries().last();
        before->occupancyPanel()->setThreads(384);
        before->setComparisonGpus({QStringLiteral("a100-sxm4-80gb")});
        before->setLogScale(false);
        TileExplorer::Config tile = before->tileExplorer()->config();
        tile.bm = 64;
        before->tileExplorer()->setConfig(tile);
        QVERIFY(!QSettings().contains(QStringLiteral("choices/workloads")));

        before->languageAction(QStringLiteral("zh_CN"))->trigger();
        MainWindow *after = shell.window();
        QVERIFY(after != before);
        QCOMPARE(UiLanguage::current(), QStringLiteral("zh_CN"));
        QVERIFY(!QSettings().contains(QStringLiteral("choices/workloads")));
        QCOMPARE(after->workspace(), before->workspace());

        const QList<WorkloadEntry> entries = after->workloadPanel()->entries();
        QCOMPARE(int(entries.size()), workloadsBefore + 1);
        QCOMPARE(entries.last().describe(), added.describe());
        QVERIFY(after->chart()->pointIds().contains(entries.last().id)); // and on the new chart
        QCOMPARE(after->occupancyPanel()->input().threadsPerBlock, 384);
        QCOMPARE(after->comparisonGpuIds(), QStringList{QStringLiteral("a100-sxm4-80gb")});
        QCOMPARE(after->comparePicker()->checkedIds(), QStringList{QStringLiteral("a100-sxm4-80gb")});
        QVERIFY(!after->chart()->isLogScale());
        QCOMPARE(after->tileExplorer()->config().bm, 64);

        after->languageAction(QStringLiteral("en"))->trigger();
        QCOMPARE(int(shell.window()->workloadPanel()->entries().size()), workloadsBefore + 1);
    }
};

QTEST_MAIN(TestGuiPresentation)
#include "tst_gui_presentation.moc"
