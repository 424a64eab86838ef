#include "chart/rooflinechart.h"
#include "classroom/classpanel.h"
#include "classroom/classroom.h"
#include "classroom/lessonplayer.h"
#include "classroom/presentationmode.h"
#include "live/livetools.h"
#include "panels/chartexport.h"
#include "panels/resultspanel.h"
#include "panels/resultssession.h"
#include "panels/workloadpanel.h"
#include "shell/appshell.h"
#include "shell/mainwindow.h"
#include "shell/uilanguage.h"
#include "shell/uitheme.h"
#include "workspace/workspace.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QDockWidget>
#include <QLocale>
#include <QTextStream>

#include <algorithm>
#include <cstdio>
#include <optional>

namespace {

// Workloads that make the comparison screenshot say something: one memory-bound, one compute-bound.
void addDemoWorkloads(WorkloadPanel *panel)
{
    panel->setKind(QStringLiteral("vector_add"));
    panel->setDtype(QStringLiteral("fp32"));
    panel->addCurrent();
    panel->setKind(QStringLiteral("softmax"));
    panel->setDtype(QStringLiteral("bf16"));
    panel->addCurrent();
    panel->setKind(QStringLiteral("gemm"));
    panel->setDtype(QStringLiteral("bf16"));
    panel->addCurrent();
}

// "zh", "zh_CN", "zh-CN" -> "zh_CN"; "en", "en_US" -> "en"; "system" -> ""; nullopt if unknown.
std::optional<QString> parseLanguage(const QString &text)
{
    const QString t = text.toLower().replace(QLatin1Char('-'), QLatin1Char('_'));
    if (t == QLatin1String("system") || t.isEmpty())
        return QString();
    if (t.startsWith(QLatin1String("zh")))
        return QStringLiteral("zh_CN");
    if (t.startsWith(QLatin1String("en")))
        return QStringLiteral("en");
    return std::nullopt;
}

// --lang must be known before any translated text exists, the parser's help included.
std::optional<QString> languageArgument(int argc, char *argv[])
{
    for (int i = 1; i < argc; ++i) {
        const QString a = QString::fromLocal8Bit(argv[i]);
        if (a == QLatin1String("--lang") && i + 1 < argc)
            return QString::fromLocal8Bit(argv[i + 1]);
        if (a.startsWith(QLatin1String("--lang=")))
            return a.mid(7);
    }
    return std::nullopt;
}

// Commands that show no window (a chart written to a file, help, version, a load check) must
// run where there is no display at all (CI, ssh): Qt aborts when its default platform finds
// none, so such a run picks the offscreen platform before QApplication is built. A platform
// the user chose (QT_QPA_PLATFORM, -platform) is left alone.
bool runsWithoutWindow(int argc, char *argv[])
{
    static const char *const headless[] = {"--export-chart", "--help", "--help-all",       "-h", "-?",
                                           "--version",      "-v",     "--quit-after-load"};
    for (int i = 1; i < argc; ++i) {
        const QByteArrayView a(argv[i]);
        if (a == "-platform" || a.startsWith("-platform="))
            return false;
        for (const char *h : headless)
            if (a == h || (a.startsWith(h) && a.size() > qsizetype(qstrlen(h)) && a[qstrlen(h)] == '='))
                return true;
    }
    return false;
}

void chooseOffscreenWhenHeadless(int argc, char *argv[])
{
    if (!qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM") || !qEnvironmentVariableIsEmpty("DISPLAY") ||
        !qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY"))
        return;
    if (runsWithoutWindow(argc, argv))
        qputenv("QT_QPA_PLATFORM", "offscreen");
}

} // namespace

int main(int argc, char *argv[])
{
    chooseOffscreenWhenHeadless(argc, argv);
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("RoofLab"));
    QApplication::setApplicationName(QStringLiteral("rooflab"));
    QApplication::setApplicationDisplayName(QStringLiteral("RoofLab"));
    QApplication::setApplicationVersion(QStringLiteral(PROJECT_VERSION));

    // The saved language (View -> Language), or --lang for this run only (screenshots, tests).
    const std::optional<QString> langArg = languageArgument(argc, argv);
    const std::optional<QString> lang = langArg ? parseLanguage(*langArg) : UiLanguage::savedChoice();
    if (lang && !UiLanguage::install(*lang))
        QTextStream(stderr) << "rooflab: warning: no translation for " << *lang << "; using English\n";

    QCommandLineParser parser;
    parser.setApplicationDescription(
        QApplication::translate("main", "Roofline charts of GPUs: predicted and measured performance."));
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption gpuOption(QStringLiteral("gpu"),
                                       QApplication::translate("main", "Open on the GPU with this id."),
                                       QStringLiteral("ID"));
    const QCommandLineOption compareOption(
        QStringLiteral("compare"),
        QApplication::translate("main", "Overlay up to three more GPUs (comma-separated ids)."),
        QStringLiteral("ID,ID"));
    const QCommandLineOption shotOption(
        QStringLiteral("screenshot"),
        QApplication::translate("main", "Render the window to a PNG file without showing it, then exit."),
        QStringLiteral("FILE"));
    const QCommandLineOption demoOption(
        QStringLiteral("demo-points"),
        QApplication::translate("main", "Add a few example workload points (for screenshots)."));
    const QCommandLineOption linearOption(
        QStringLiteral("linear"),
        QApplication::translate(
            "main", "Linear axes instead of log-log (as the course notes draw the first roofline)."));
    const QCommandLineOption langOption(
        QStringLiteral("lang"),
        QApplication::translate("main", "User interface language for this run: en, zh_CN or system."),
        QStringLiteral("LANG"));
    const QCommandLineOption themeOption(
        QStringLiteral("theme"),
        QApplication::translate("main", "Theme for this run: system, light or dark."),
        QStringLiteral("THEME"));
    const QCommandLineOption panelOption(
        QStringLiteral("panel"),
        QApplication::translate("main", "Bring a panel to the front (roofline, occupancy, lesson, ...)."),
        QStringLiteral("NAME"));
    const QCommandLineOption lessonOption(
        QStringLiteral("lesson"),
        QApplication::translate("main", "Open a lesson (its id, e.g. 01-roofline)."), QStringLiteral("ID"));
    const QCommandLineOption stepOption(
        QStringLiteral("step"),
        QApplication::translate("main", "Go to this step of the lesson (1 = the first)."),
        QStringLiteral("N"));
    const QCommandLineOption revealOption(
        QStringLiteral("reveal"),
        QApplication::translate("main",
                                "Reveal every answer of the --step (the step as written, no guess)."));
    const QCommandLineOption presentOption(QStringLiteral("presentation"),
                                           QApplication::translate("main", "Start in presentation mode."));
    const QCommandLineOption scaleOption(QStringLiteral("scale"),
                                         QApplication::translate("main", "Presentation scale, 1.0 to 3.0."),
                                         QStringLiteral("X"));
    const QCommandLineOption sizeOption(
        QStringLiteral("size"),
        QApplication::translate("main", "Window size for --screenshot (default 1400x900)."),
        QStringLiteral("WxH"));
    parser.addOptions({gpuOption, compareOption, shotOption, demoOption, linearOption, langOption,
                       themeOption, panelOption, lessonOption, stepOption, presentOption, scaleOption,
                       sizeOption});
    const QCommandLineOption resultsOption(
        QStringLiteral("results"),
        QApplication::translate(
            "main",
            "Open a results file, an Nsight Compute report (.ncu-rep) or its CSV export (repeatable)."),
        QStringLiteral("FILE"));
    const QCommandLineOption compareResultsOption(
        QStringLiteral("compare-results"),
        QApplication::translate("main", "Compare the results with this file."), QStringLiteral("FILE"));
    const QCommandLineOption quitAfterLoadOption(
        QStringLiteral("quit-after-load"),
        QApplication::translate("main", "Open the files given, draw them, then quit (for benchmarks)."));
    parser.addOption(resultsOption);
    // Charts for reports: the Results chart alone, written to a file, no window (chartexport.h).
    const QCommandLineOption exportChartOption(
        QStringLiteral("export-chart"),
        QApplication::translate(
            "main", "Write the chart of the --results files to FILE (.svg, .pdf or .png) and quit; "
                    "--size sets its size (default 1600x1000)."),
        QStringLiteral("FILE"));
    const QCommandLineOption levelsOption(
        QStringLiteral("levels"),
        QApplication::translate("main", "Memory levels to draw, e.g. hbm,l2,l1 (--export-chart)."),
        QStringLiteral("LIST"));
    const QCommandLineOption precisionsOption(
        QStringLiteral("precisions"),
        QApplication::translate("main", "Precisions to draw, e.g. fp32,bf16_tc (--export-chart)."),
        QStringLiteral("LIST"));
    const QCommandLineOption expandOption(
        QStringLiteral("expand"),
        QApplication::translate("main", "One point per launch instead of one per kernel (--export-chart)."));
    parser.addOptions({exportChartOption, levelsOption, precisionsOption, expandOption});
    parser.addOption(compareResultsOption);
    parser.addOption(quitAfterLoadOption);
    parser.addOption(revealOption);
    // What a file manager passes (rooflab.desktop: Exec=rooflab %F): results files to open.
    parser.addPositionalArgument(
        QStringLiteral("files"),
        QApplication::translate("main", "Results files, Nsight Compute reports or CSV exports to open."),
        QStringLiteral("[FILE...]"));
    parser.process(app);

    if (langArg && !lang) {
        QTextStream(stderr) << "rooflab: unknown language \"" << *langArg
                            << "\" (known: en, zh_CN, system)\n";
        return 2;
    }
    UiTheme::Mode theme = UiTheme::savedMode();
    if (parser.isSet(themeOption)) {
        const QString name = parser.value(themeOption);
        theme = UiTheme::parse(name);
        if (UiTheme::name(theme) != name) {
            QTextStream(stderr) << "rooflab: unknown theme \"" << name << "\" (known: system, light, dark)\n";
            return 2;
        }
    }
    UiTheme::apply(theme);

    model::SpecDb specs = model::SpecDb::loadDefault();
    QTextStream err(stderr);
    for (const auto &e : specs.errors())
        err << "rooflab: warning: refused " << e.text() << '\n';

    if (parser.isSet(exportChartOption)) {
        chartexport::Request r;
        r.files = parser.values(resultsOption) + parser.positionalArguments();
        r.out = parser.value(exportChartOption);
        r.size = parser.value(sizeOption);
        r.gpu = parser.value(gpuOption);
        r.levels = parser.value(levelsOption);
        r.precisions = parser.value(precisionsOption);
        r.expand = parser.isSet(expandOption);
        r.linear = parser.isSet(linearOption);
        return chartexport::run(r, specs, err);
    }

    LiveTools live; // the worker and the results outlive any one window, so they go last
    // Owns the app's state (the one spec DB among it) and the window; re-creates the window when
    // the language changes. Tile measurements queue on the Runs panel's worker.
    AppShell shell(std::move(specs), live.worker());
    const model::SpecDb &db = shell.workspace()->specDb();
    MainWindow &window = *shell.window();
    // Exercises measure their measured answers again where the Runs panel has a GPU.
    const auto liveAnswers = [&live](MainWindow *w) {
        w->classroom()->exercises()->setLiveRuns(live.worker(), [&live] {
            return live.deviceKnown() && live.device() ? live.device()->name : QString();
        });
    };
    live.attach(&window); // the Runs and Results panels, File-menu actions, drops
    liveAnswers(&window);
    QObject::connect(&shell, &AppShell::windowReplaced, &live, [&live, liveAnswers](MainWindow *w) {
        live.attach(w);
        liveAnswers(w);
    });
    if (parser.isSet(gpuOption)) {
        const QString id = parser.value(gpuOption);
        if (!db.find(id)) {
            err << "rooflab: unknown GPU \"" << id << "\" (see: rooflab-cli gpus)\n";
            return 2;
        }
        window.selectGpu(id);
    }
    if (parser.isSet(compareOption)) {
        QStringList ids = parser.value(compareOption).split(QLatin1Char(','), Qt::SkipEmptyParts);
        for (const QString &id : ids)
            if (!db.find(id)) {
                err << "rooflab: unknown GPU \"" << id << "\" in --compare\n";
                return 2;
            }
        window.setComparisonGpus(ids);
    }
    if (parser.isSet(linearOption))
        window.setLogScale(false);
    if (parser.isSet(demoOption))
        addDemoWorkloads(window.workloadPanel());
    LessonPlayer *player = window.classroom()->player();
    if (parser.isSet(lessonOption)) {
        const QString id = parser.value(lessonOption);
        bool ok = true;
        const int step = parser.isSet(stepOption) ? parser.value(stepOption).toInt(&ok) - 1 : 0;
        QStringList ids;
        for (const model::Lesson &l : player->lessons())
            ids << l.id;
        if (!ok || !player->openLesson(id, std::max(0, step))) {
            err << "rooflab: unknown lesson \"" << id
                << "\" or bad --step (lessons: " << ids.join(QStringLiteral(", ")) << ")\n";
            return 2;
        }
        if (step >= player->stepCount()) {
            err << "rooflab: lesson " << id << " has " << player->stepCount() << " steps\n";
            return 2;
        }
        if (parser.isSet(revealOption))
            window.classroom()->exercises()->revealAll();
    }
    if (parser.isSet(panelOption)) {
        const QString name = parser.value(panelOption);
        // In a screenshot the panel is the subject: its dock gets most of the width.
        if (!window.classroom()->showPanel(name, parser.isSet(shotOption))) {
            err << "rooflab: unknown panel \"" << name << "\" (known: lesson, "
                << window.panelNames().join(QStringLiteral(", ")) << ")\n";
            return 2;
        }
    }
    if (parser.isSet(scaleOption)) {
        bool ok = false;
        const double scale = parser.value(scaleOption).toDouble(&ok);
        if (!ok || scale < 1 || scale > 3) {
            err << "rooflab: --scale takes a number from 1.0 to 3.0\n";
            return 2;
        }
        window.classroom()->presentation()->setScale(scale, false); // for this run, like --lang
    }
    QSize shotSize(1400, 900);
    if (parser.isSet(sizeOption)) {
        const QStringList wh = parser.value(sizeOption).split(QLatin1Char('x'));
        if (wh.size() != 2 || wh[0].toInt() < 200 || wh[1].toInt() < 150) {
            err << "rooflab: --size takes WIDTHxHEIGHT, e.g. 1280x800\n";
            return 2;
        }
        shotSize = QSize(wh[0].toInt(), wh[1].toInt());
    }

    // Read in the background, in order; a file that cannot be read says so here as well.
    QObject::connect(live.session(), &ResultsSession::loadFinished, &app,
                     [&err](const QString &, bool ok, bool, const QString &message) {
                         if (!ok)
                             err << "rooflab: " << message << Qt::endl;
                     });
    // The files named here are one document set: opened together, never added to the samples.
    live.openInBackground(parser.values(resultsOption) + parser.positionalArguments());
    if (parser.isSet(compareResultsOption) &&
        !live.resultsPanel()->compareWith(parser.value(compareResultsOption)))
        err << "rooflab: " << live.resultsPanel()->message() << '\n';
    LiveTools::StartOptions startOptions;
    startOptions.selectDeviceGpu =
        !parser.isSet(gpuOption) && !parser.isSet(lessonOption); // a lesson sets its GPU
    if (parser.isSet(shotOption)) {
        startOptions.offerRecovery = false;   // nothing to click in a screenshot
        startOptions.waitForDeviceMs = 20000; // the picture shows the device's GPU and the kernel list
    }
    live.start(startOptions);

    if (parser.isSet(shotOption)) {
        // Laid out and painted like the real window, but never put on screen; choices
        // made on the command line are not saved.
        window.setAttribute(Qt::WA_DontShowOnScreen);
        window.resize(shotSize);
        window.show();
        if (parser.isSet(presentOption))
            window.classroom()->presentation()->enter(false); // the window's size, not the (virtual) screen's
        QApplication::processEvents();
        live.resultsPanel()->waitForLoads(10 * 60 * 1000);
        live.resultsPanel()->updateChartNow();
        window.chart()->replot();
        QApplication::processEvents();
        const QString file = parser.value(shotOption);
        // Highest zlib level: these end up in the docs and the repository.
        if (!window.grab().save(file, "PNG", 0)) {
            err << "rooflab: cannot write " << file << '\n';
            return 1;
        }
        return 0;
    }

    window.show();
    if (parser.isSet(presentOption))
        window.classroom()->presentation()->enter();
    if (parser.isSet(quitAfterLoadOption)) {
        // Shown, read, drawn and painted once: what a user waits for before the first look.
        live.resultsPanel()->waitForLoads(10 * 60 * 1000);
        live.resultsPanel()->updateChartNow();
        window.chart()->replot();
        QApplication::processEvents();
        return 0;
    }
    return QApplication::exec();
}
