// The layout audit: the app as a person sees it on a 1280×720 projector and a 1920×1080
// desktop, in English and in Chinese. For each screen and language an Xvfb server of that size
// is started and this binary runs again as its client (tests/xvfbscreen.h), opening the window
// as a first start does (the sample results shown). In window mode it brings every panel tab
// to the front and opens the dialogs; in presentation mode, at 1×, 1.5× and 2×, it steps
// through every lesson. At each stop tests/layoutaudit.h lists what a person could not use:
// a control or label outside its viewport or cut by its parent, text cut short, chart labels
// on top of each other. Each stop is a row here; a row fails with its findings.
//
// Needs Xvfb (scripts/common.sh installs it); without it the rows skip.
#include "classroom/classroom.h"
#include "classroom/lessonplayer.h"
#include "classroom/presentationmode.h"
#include "layoutaudit.h"
#include "live/hostsdialog.h"
#include "live/livetools.h"
#include "panels/resultspanel.h"
#include "shell/appshell.h"
#include "shell/mainwindow.h"
#include "shell/uilanguage.h"
#include "specdb.h"
#include "workerclient.h"
#include "xvfbscreen.h"

#include <QApplication>
#include <QDialog>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSettings>
#include <QTest>
#include <QTextStream>

namespace {

void settle(int ms = 150)
{
    QElapsedTimer t;
    t.start();
    while (t.elapsed() < ms)
        QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
}

// The audit once the layout has come to rest: on a loaded machine a panel may still be
// laying out after a fixed wait (a scroll area's viewport a frame behind its contents), so
// the audit is repeated until two in a row agree, within a few seconds. A finding that stays
// is reported; one that only a busy moment showed is not.
QStringList settledAudit(QWidget *w)
{
    QStringList last = layoutaudit::audit(w);
    for (int i = 0; i < 20; ++i) {
        settle(150);
        QStringList now = layoutaudit::audit(w);
        if (now == last)
            return now;
        last = std::move(now);
    }
    return last;
}

void report(QTextStream &out, const QString &stop, const QStringList &findings)
{
    out << QJsonDocument(QJsonObject{{"stop", stop}, {"findings", QJsonArray::fromStringList(findings)}})
               .toJson(QJsonDocument::Compact)
        << '\n';
    out.flush();
}

// Window mode: every panel tab, then the dialogs.
void auditWindow(MainWindow *w, LiveTools &live, QTextStream &out)
{
    QStringList panels = w->panelNames();
    std::sort(panels.begin(), panels.end());
    for (const QString &name : std::as_const(panels)) {
        w->showPanel(w->panel(name));
        settle();
        report(out, QStringLiteral("window/panel %1").arg(name), settledAudit(w));
    }
    if (ResultsPanel *results = live.resultsPanel()) {
        w->showPanel(results);
        settle();
        results->explainRow(0);
        settle(300);
        if (QDialog *d = results->explainDialog(); d && d->isVisible()) {
            report(out, QStringLiteral("window/dialog explain"), settledAudit(d));
            d->close();
        }
    }
    {
        HostsDialog hosts(w);
        hosts.show();
        settle(300);
        report(out, QStringLiteral("window/dialog hosts"), settledAudit(&hosts));
    }
}

// Presentation mode at one scale: every step of every lesson.
void auditLessons(MainWindow *w, double scale, QTextStream &out)
{
    Classroom *classroom = w->classroom();
    LessonPlayer *player = classroom->player();
    PresentationMode *presentation = classroom->presentation();
    presentation->setScale(scale, false);
    QStringList ids;
    for (const model::Lesson &lesson : player->lessons())
        ids << lesson.id;
    for (const QString &id : std::as_const(ids)) {
        if (!player->openLesson(id, 0))
            continue;
        if (!presentation->isActive())
            presentation->enter(true);
        settle(400);
        for (int step = 0; step < player->stepCount(); ++step) {
            player->goToStep(step);
            settle(300);
            report(out, QStringLiteral("present %1x/%2 step %3").arg(scale).arg(id).arg(step + 1),
                   settledAudit(w));
        }
    }
    presentation->exit();
    settle(300);
    report(out, QStringLiteral("window/after presentation %1x").arg(scale), settledAudit(w));
}

int runChild(int argc, char **argv)
{
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("RoofLab"));
    QApplication::setApplicationName(QStringLiteral("rooflab"));
    QSettings().clear();
    UiLanguage::install(qEnvironmentVariable("ROOFLAB_AUDIT_LANG"));
    const model::SpecDb db = model::SpecDb::loadDefault();
    QTextStream out(stdout);

    LiveTools live;
    live.worker()->setProgram(QStringLiteral(ROOFLAB_CLI));
    AppShell shell(db, live.worker());
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
    settle(600);
    auditWindow(w, live, out);
    for (const double scale : {1.0, 1.5, 2.0})
        auditLessons(w, scale, out);
    return 0;
}

} // namespace

class TestGuiLayout : public QObject
{
    Q_OBJECT
    // The child's stops per screen and language ("1280x720 en"): stop -> findings.
    QHash<QString, QMap<QString, QStringList>> m_stops;
    QHash<QString, QString> m_failures;

    struct Screen
    {
        int width, height;
    };

    bool stops(const QString &screenName, const Screen &s, const QString &lang,
               QMap<QString, QStringList> *out, QString *why)
    {
        const QString key = screenName + QLatin1Char(' ') + lang;
        if (!m_stops.contains(key)) {
            QProcessEnvironment env;
            env.insert(QStringLiteral("ROOFLAB_AUDIT_LANG"), lang);
            const xvfbscreen::ChildResult r =
                xvfbscreen::runChild(s.width, s.height, QStringLiteral("ROOFLAB_LAYOUT_CHILD"), env, 600000);
            QMap<QString, QStringList> parsed;
            for (const QByteArray &line : r.out.split('\n')) {
                const QJsonObject o = QJsonDocument::fromJson(line).object();
                if (o.contains(QLatin1String("stop"))) {
                    QStringList findings;
                    for (const QJsonValue &v : o["findings"].toArray())
                        findings << v.toString();
                    parsed.insert(o["stop"].toString(), findings);
                }
            }
            m_stops.insert(key, parsed);
            m_failures.insert(key, r.ok ? QString() : r.why);
        }
        *out = m_stops.value(key);
        *why = m_failures.value(key);
        return why->isEmpty();
    }

private slots:
    void usable_data()
    {
        QTest::addColumn<QString>("screen");
        QTest::addColumn<QString>("lang");
        for (const char *screen : {"1280x720", "1920x1080"})
            for (const char *lang : {"en", "zh_CN"})
                QTest::addRow("%s %s", screen, lang)
                    << QString::fromLatin1(screen) << QString::fromLatin1(lang);
    }

    void usable()
    {
        QFETCH(QString, screen);
        QFETCH(QString, lang);
        if (xvfbscreen::xvfbPath().isEmpty())
            QSKIP("Xvfb is not installed (scripts/common.sh installs the xvfb package)");
        const QStringList size = screen.split(QLatin1Char('x'));
        QMap<QString, QStringList> all;
        QString why;
        QVERIFY2(stops(screen, {size[0].toInt(), size[1].toInt()}, lang, &all, &why), qPrintable(why));
        // Every stop the app has: each panel, two dialogs, every lesson step at three scales.
        QVERIFY2(all.size() >= 10, qPrintable(QStringLiteral("only %1 stops reported").arg(all.size())));
        QStringList failed;
        for (auto it = all.cbegin(); it != all.cend(); ++it)
            for (const QString &finding : it.value())
                failed << QStringLiteral("%1 %2 | %3 | %4").arg(screen, lang, it.key(), finding);
        if (!failed.isEmpty())
            qWarning().noquote() << failed.join(QLatin1Char('\n'));
        QVERIFY2(failed.isEmpty(),
                 qPrintable(QStringLiteral("%1 findings (listed above)").arg(failed.size())));
    }
};

int main(int argc, char **argv)
{
    if (qEnvironmentVariableIsSet("ROOFLAB_LAYOUT_CHILD"))
        return runChild(argc, argv);
    QApplication app(argc, argv);
    TestGuiLayout test;
    QTEST_SET_MAIN_SOURCE_PATH
    return QTest::qExec(&test, argc, argv);
}

#include "tst_gui_layout.moc"
