// rooflab-cli: the headless half of RoofLab. Each subcommand lives in a cmd_*.cpp file and
// is listed once in the table below.
#include "buildstamp.h"
#include "cliutil.h"
#include "translations.h"

#include <QCoreApplication>
#include <QTextStream>

namespace cli {
int cmdGpus(const QStringList &args);
int cmdRoofline(const QStringList &args);
int cmdWorkload(const QStringList &args);
int cmdOccupancy(const QStringList &args);
int cmdTile(const QStringList &args);
int cmdReplay(const QStringList &args);
int cmdKernels(const QStringList &args);
int cmdCompile(const QStringList &args);
int cmdDevices(const QStringList &args);
int cmdRun(const QStringList &args);
int cmdCeilings(const QStringList &args);
int cmdSuite(const QStringList &args);
int cmdWorker(const QStringList &args);
int cmdLadder(const QStringList &args);
int cmdExplain(const QStringList &args);
int cmdImport(const QStringList &args);

const QList<Command> &commands()
{
    static const QList<Command> table = {
        {"gpus", "list the GPUs in the spec database", cmdGpus},
        {"roofline", "ceilings and ridge points of one GPU", cmdRoofline},
        {"workload", "FLOPs, bytes, intensity and attainable performance of a workload", cmdWorkload},
        {"occupancy", "theoretical occupancy of a launch, its limiter and the hand calculation",
         cmdOccupancy},
        {"tile", "GEMM tile model: shared memory, grid, traffic, occupancy, waves, predicted time", cmdTile},
        {"replay", "stream a saved results file as the worker's JSON-lines events, paced as measured",
         cmdReplay},
        {"kernels", "list the bundled CUDA kernels, their parameters and data types", cmdKernels},
        {"compile",
         "compile a kernel with NVRTC for an architecture and report registers, shared memory, spills",
         cmdCompile},
        {"devices", "list the CUDA devices", cmdDevices},
        {"run", "run one kernel on the GPU: check it against a reference, then time it", cmdRun},
        {"ceilings", "measure the GPU's ceilings with the probes", cmdCeilings},
        {"suite", "measure the ceilings and every memory kernel (fast and naive versions)", cmdSuite},
        {"worker", "run kernels for the GUI: JSON-lines requests on stdin, events on stdout", cmdWorker},
        {"ladder", "the GEMM ladder (naive ... wgmma + TMA) against cuBLAS, plus random tile sweeps",
         cmdLadder},
        {"explain",
         "the performance model's prediction beside every measurement of results files, term by term",
         cmdExplain},
        {"import", "Nsight Compute CSV exports or .ncu-rep reports as a results file and a per-kernel table",
         cmdImport},
    };
    return table;
}
} // namespace cli

static int usage(QTextStream &s)
{
    s << "usage: rooflab-cli COMMAND [options]   (rooflab-cli COMMAND --help for its options)\n\ncommands:\n";
    for (const auto &c : cli::commands())
        s << "  " << QString::fromLatin1(c.name).leftJustified(10) << ' ' << c.summary << '\n';
    s << "\nexit codes: 0 done, 1 a run or check failed, 2 bad usage or input, 3 no CUDA device\n";
    return cli::BadInput;
}

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName("rooflab");
    QCoreApplication::setOrganizationName("RoofLab");
    QCoreApplication::setApplicationVersion(QStringLiteral(ROOFLAB_VERSION));
    // Messages in the user's language: $ROOFLAB_LANGUAGE (the GUI passes its own to the worker),
    // else the system's. --json keys and values stay as they are.
    model::translations::installFor(model::translations::fromEnvironment());
    QStringList args = app.arguments();
    args.removeFirst();
    if (args.isEmpty() || args.first() == "--help" || args.first() == "-h") {
        QTextStream out(args.isEmpty() ? stderr : stdout);
        const int code = usage(out);
        return args.isEmpty() ? code : 0;
    }
    if (args.first() == "--version") {
        const QString git = model::buildGit();
        QTextStream(stdout) << "rooflab-cli " << ROOFLAB_VERSION
                            << (git.isEmpty() ? QString() : " (" + git + ')') << '\n';
        return 0;
    }
    for (const auto &c : cli::commands())
        if (args.first() == QLatin1String(c.name))
            return c.run(args);
    QTextStream err(stderr);
    err << "rooflab-cli: unknown command \"" << args.first() << "\"\n";
    return usage(err);
}
