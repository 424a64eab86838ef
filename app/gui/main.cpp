#include "mainwindow.h"
#include "rooflinechart.h"
#include "workloadpanel.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QLibraryInfo>
#include <QLocale>
#include <QTextStream>
#include <QTranslator>

#include <cstdio>

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

} // namespace

int main(int argc, char *argv[])
{
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("RoofLab"));
    QApplication::setApplicationName(QStringLiteral("rooflab"));
    QApplication::setApplicationDisplayName(QStringLiteral("RoofLab"));
    QApplication::setApplicationVersion(QStringLiteral(PROJECT_VERSION));

    QTranslator qtTranslator;
    if (qtTranslator.load(QLocale(), QStringLiteral("qtbase"), QStringLiteral("_"), QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QApplication::installTranslator(&qtTranslator);

    QCommandLineParser parser;
    parser.setApplicationDescription(QApplication::translate("main", "Roofline charts of GPUs: predicted and measured performance."));
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption gpuOption(QStringLiteral("gpu"), QApplication::translate("main", "Open on the GPU with this id."),
                                       QStringLiteral("ID"));
    const QCommandLineOption compareOption(QStringLiteral("compare"),
                                           QApplication::translate("main", "Overlay up to three more GPUs (comma-separated ids)."),
                                           QStringLiteral("ID,ID"));
    const QCommandLineOption shotOption(QStringLiteral("screenshot"),
                                        QApplication::translate("main", "Render the window to a PNG file without showing it, then exit."),
                                        QStringLiteral("FILE"));
    const QCommandLineOption demoOption(QStringLiteral("demo-points"),
                                        QApplication::translate("main", "Add a few example workload points (for screenshots)."));
    const QCommandLineOption linearOption(QStringLiteral("linear"),
                                          QApplication::translate("main", "Linear axes instead of log-log (as seed 001 draws it)."));
    parser.addOptions({gpuOption, compareOption, shotOption, demoOption, linearOption});
    parser.process(app);

    const model::SpecDb db = model::SpecDb::loadDefault();
    QTextStream err(stderr);
    for (const auto &e : db.errors())
        err << "rooflab: warning: refused " << e.text() << '\n';

    MainWindow window(db);
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

    if (parser.isSet(shotOption)) {
        // Laid out and painted like the real window, but never put on screen; choices
        // made on the command line are not saved.
        window.setAttribute(Qt::WA_DontShowOnScreen);
        window.show();
        QApplication::processEvents();
        window.chart()->replot();
        QApplication::processEvents();
        const QString file = parser.value(shotOption);
        if (!window.grab().save(file, "PNG")) {
            err << "rooflab: cannot write " << file << '\n';
            return 1;
        }
        return 0;
    }

    window.show();
    return QApplication::exec();
}
