// The main window on real X screens: for a 1280×720 projector, a 1366×768 laptop, a 1920×1080
// desktop and a 3840×2160 screen at scale 2, an Xvfb server of that size is started and this
// binary runs again as its client (ROOFLAB_SCREENS_CHILD, QT_QPA_PLATFORM=xcb), opening the
// window as a first start does (no saved settings, the worker asked for a device, the sample
// results shown) and bringing every panel tab to the front in turn. For each tab it reports
// the geometry as the X server has it; the rows here check that the window lies inside the
// screen's available geometry, that its minimum size fits 1280×720, that the chart's plot
// area keeps its share of the window's width (WindowFit::kChartMinShare at least) and that nothing of the
// chart is covered or off the screen. Then a saved geometry larger than the screen is restored: it must be
// clamped.
//
// Needs Xvfb (scripts/common.sh installs it); without it the rows skip.
#include "chart/rooflinechart.h"
#include "live/livetools.h"
#include "shell/appshell.h"
#include "shell/mainwindow.h"
#include "shell/windowfit.h"
#include "specdb.h"
#include "tile/tileexplorer.h"
#include "workerclient.h"
#include "xvfbscreen.h"

#include <QApplication>
#include <QDir>
#include <QDockWidget>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QScreen>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <cstdio>
#include <memory>

namespace {

QJsonObject rectJson(const QRect &r)
{
    return {{"x", r.x()}, {"y", r.y()}, {"w", r.width()}, {"h", r.height()}};
}

QRect jsonRect(const QJsonValue &v)
{
    const QJsonObject o = v.toObject();
    return {o["x"].toInt(), o["y"].toInt(), o["w"].toInt(), o["h"].toInt()};
}

void settle(int ms = 150)
{
    // WindowFit applies its caps on the next event-loop turn; the X server answers later still.
    QElapsedTimer t;
    t.start();
    while (t.elapsed() < ms)
        QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
}

// ---- the child: a client of the Xvfb display

// Whether the chart's drawing surface is all on screen: no dock or panel lies over any of it.
bool uncovered(const QWidget *chart)
{
    const QList<QWidget *> inner = chart->findChildren<QWidget *>(Qt::FindDirectChildrenOnly);
    const QWidget *plot = inner.isEmpty() ? chart : inner.first();
    return plot->size() == chart->size() && plot->visibleRegion() == QRegion(plot->rect());
}

QJsonObject measure(MainWindow *w, const QString &panel)
{
    const QRect available = w->screen()->availableGeometry();
    RooflineChart *chart = w->chart();
    const QRectF plot = chart->plotArea();
    const QRect chartGlobal(chart->mapToGlobal(QPoint(0, 0)), chart->size());
    QJsonArray docks;
    for (QDockWidget *d : w->findChildren<QDockWidget *>(Qt::FindDirectChildrenOnly))
        if (d->isVisible())
            docks.append(QJsonObject{
                {"name", d->objectName()}, {"width", d->width()}, {"min", d->minimumSizeHint().width()}});
    return QJsonObject{
        {"panel", panel},
        {"available", rectJson(available)},
        {"frame", rectJson(w->frameGeometry())},
        {"geometry", rectJson(w->geometry())},
        {"minimumHint",
         QJsonObject{{"w", w->minimumSizeHint().width()}, {"h", w->minimumSizeHint().height()}}},
        {"minimum", QJsonObject{{"w", w->minimumSize().width()}, {"h", w->minimumSize().height()}}},
        {"chart", rectJson(chartGlobal)},
        {"plotWidth", plot.width()},
        {"plotHeight", plot.height()},
        {"plotInside", QRectF(chart->rect()).contains(plot)},
        {"chartUncovered", uncovered(chart)},
        {"chartShown", chart->isVisible()},
        {"current", w->currentPanel() == w->panel(panel)},
        {"dpr", w->devicePixelRatioF()},
        {"docks", docks}};
}

int runChild(int argc, char **argv)
{
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("RoofLab"));
    QApplication::setApplicationName(QStringLiteral("rooflab"));
    QSettings().clear(); // a first start (XDG_CONFIG_HOME is the parent's temporary folder)
    const model::SpecDb db = model::SpecDb::loadDefault();
    QTextStream out(stdout);

    {
        LiveTools live;
        live.worker()->setProgram(QStringLiteral(ROOFLAB_CLI));
        AppShell shell(db, live.worker()); // as main() does: tile measurements share the worker
        MainWindow *w = shell.window();
        live.attach(w);
        LiveTools::StartOptions start;
        start.offerRecovery = false;
        start.waitForDeviceMs = 20000; // no device here: the sample results open, as on a first start
        live.start(start);
        w->show();
        if (!QTest::qWaitForWindowExposed(w, 10000)) {
            out << "{\"error\": \"window not exposed\"}\n";
            return 1;
        }
        settle(400);
        QStringList panels = w->panelNames();
        // The tab order of the Panels dock, whatever registered them.
        std::sort(panels.begin(), panels.end());
        for (const QString &name : std::as_const(panels)) {
            w->showPanel(w->panel(name));
            settle();
            out << QJsonDocument(measure(w, name)).toJson(QJsonDocument::Compact) << '\n';
            out.flush();
        }
        // The user closes the window at its size: saved for the next start.
        w->saveSettings();
    }

    {
        // A geometry saved on a bigger screen (or by hand) comes back inside this one.
        QSettings s;
        const QRect available = QGuiApplication::primaryScreen()->availableGeometry();
        {
            MainWindow big(db);
            big.setGeometry(QRect(available.topLeft() + QPoint(200, 150), available.size() * 1.6));
            s.setValue(QStringLiteral("window/geometry"), big.saveGeometry());
        }
        AppShell shell(db);
        MainWindow *w = shell.window();
        w->show();
        if (!QTest::qWaitForWindowExposed(w, 10000))
            out << "{\"error\": \"restored window not exposed\"}\n";
        settle(300);
        QJsonObject o = measure(w, QStringLiteral("restored"));
        out << QJsonDocument(o).toJson(QJsonDocument::Compact) << '\n';
    }
    out.flush();
    return 0;
}

// ---- the parent: one Xvfb server per screen

struct Screen
{
    int width, height;
    double scale;
};

} // namespace

class TestGuiScreens : public QObject
{
    Q_OBJECT
    // Reports per screen ("1280x720"), each a list of per-panel objects; the child runs once
    // per screen, for the first row that needs it.
    QHash<QString, QList<QJsonObject>> m_reports;
    QHash<QString, QString> m_failures;

    static QList<std::pair<QString, Screen>> screens()
    {
        return {{QStringLiteral("1280x720"), {1280, 720, 1}},
                {QStringLiteral("1366x768"), {1366, 768, 1}},
                {QStringLiteral("1920x1080"), {1920, 1080, 1}},
                {QStringLiteral("3840x2160 scale 2"), {3840, 2160, 2}}};
    }

    // Runs the child on a fresh Xvfb of that size; false (with why) when it could not.
    bool report(const QString &name, const Screen &screen, QList<QJsonObject> *out, QString *why)
    {
        if (m_reports.contains(name)) {
            *out = m_reports.value(name);
            *why = m_failures.value(name);
            return why->isEmpty();
        }
        const xvfbscreen::ChildResult r = xvfbscreen::runChild(
            screen.width, screen.height, QStringLiteral("ROOFLAB_SCREENS_CHILD"), {}, 180000, screen.scale);
        for (const QByteArray &line : r.out.split('\n'))
            if (line.startsWith('{'))
                out->append(QJsonDocument::fromJson(line).object());
        if (!r.ok || out->isEmpty())
            *why = r.ok ? QStringLiteral("the child reported nothing: %1").arg(QString::fromLocal8Bit(r.out))
                        : r.why;
        m_reports.insert(name, *out);
        m_failures.insert(name, *why);
        return why->isEmpty();
    }

private slots:
    void fitsTheScreen_data()
    {
        QTest::addColumn<QString>("screen");
        QTest::addColumn<QString>("panel");
        // The panels a first start has (LiveTools adds runs and results to the window's own).
        const QStringList panels = {"occupancy", "results", "roofline", "runs", "tile", "restored"};
        for (const auto &[name, screen] : screens())
            for (const QString &panel : panels)
                QTest::addRow("%s, %s", qPrintable(name), qPrintable(panel)) << name << panel;
    }

    void fitsTheScreen()
    {
        QFETCH(QString, screen);
        QFETCH(QString, panel);
        if (xvfbscreen::xvfbPath().isEmpty())
            QSKIP("Xvfb is not installed (scripts/common.sh installs the xvfb package)");
        Screen s{};
        for (const auto &[name, sc] : screens())
            if (name == screen)
                s = sc;
        QList<QJsonObject> reports;
        QString why;
        QVERIFY2(report(screen, s, &reports, &why), qPrintable(why));

        QJsonObject r;
        for (const QJsonObject &o : std::as_const(reports))
            if (o["panel"].toString() == panel)
                r = o;
        QVERIFY2(!r.isEmpty(), qPrintable(QStringLiteral("no report for %1").arg(panel)));
        const QString text = QString::fromUtf8(QJsonDocument(r).toJson(QJsonDocument::Compact));

        const QRect available = jsonRect(r["available"]);
        const QSize logical = QSize(s.width, s.height) / s.scale;
        QCOMPARE(available.size(), logical); // Xvfb has no panels: all of it is available
        QVERIFY2(available.contains(jsonRect(r["frame"])), qPrintable(text));
        if (panel != QLatin1String("restored"))
            QVERIFY2(r["current"].toBool(), qPrintable(text));
        // The minimum size fits the smallest screen, whatever tab is in front.
        const QJsonObject hint = r["minimumHint"].toObject(), minimum = r["minimum"].toObject();
        QVERIFY2(hint["w"].toInt() <= 1280 && hint["h"].toInt() <= 720, qPrintable(text));
        QVERIFY2(minimum["w"].toInt() <= 1280 && minimum["h"].toInt() <= 720, qPrintable(text));
        // The chart: shown, not covered, inside the screen, its plot area whole and wide.
        QVERIFY2(r["chartShown"].toBool() && r["chartUncovered"].toBool() && r["plotInside"].toBool(),
                 qPrintable(text));
        QVERIFY2(available.contains(jsonRect(r["chart"])), qPrintable(text));
        const int width = jsonRect(r["geometry"]).width();
        QVERIFY2(r["plotWidth"].toDouble() >= WindowFit::kChartMinShare * width - 2, qPrintable(text));
        QVERIFY2(r["plotHeight"].toDouble() >= 0.4 * jsonRect(r["geometry"]).height(), qPrintable(text));
        if (panel == QLatin1String("restored")) {
            // Restored from a geometry 1.6 times the screen: clamped, not left hanging off it.
            QVERIFY2(jsonRect(r["geometry"]).width() <= available.width(), qPrintable(text));
        } else {
            // A first start: the window takes most of the screen, not a fixed 1400×900.
            QVERIFY2(width >= 0.85 * available.width(), qPrintable(text));
        }
    }
};

int main(int argc, char **argv)
{
    if (qEnvironmentVariableIsSet("ROOFLAB_SCREENS_CHILD"))
        return runChild(argc, argv);
    QApplication app(argc, argv);
    TestGuiScreens test;
    QTEST_SET_MAIN_SOURCE_PATH
    return QTest::qExec(&test, argc, argv);
}

#include "tst_gui_screens.moc"
