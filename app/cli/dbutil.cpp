#include "dbutil.h"

#include "cliutil.h"

#include <QTextStream>

namespace cli {

void addDbOptions(QCommandLineParser &p)
{
    p.addOption({"gpu-dir", "an extra folder of GPU spec files", "DIR"});
}

model::SpecDb loadDb(const QCommandLineParser &p)
{
    model::SpecDb db = model::SpecDb::loadDefault();
    if (p.isSet("gpu-dir"))
        db.loadDirectory(p.value("gpu-dir"), true);
    QTextStream err(stderr);
    for (const auto &e : db.errors())
        err << "rooflab-cli: warning: refused " << e.text() << '\n';
    return db;
}

const model::Gpu *requireGpu(const model::SpecDb &db, const QCommandLineParser &p)
{
    if (!p.isSet("gpu")) {
        badInput("--gpu ID is required (see: rooflab-cli gpus)");
        return nullptr;
    }
    const model::Gpu *g = db.find(p.value("gpu"));
    if (!g)
        badInput(QStringLiteral("--gpu: unknown GPU \"%1\" (see: rooflab-cli gpus)").arg(p.value("gpu")));
    return g;
}

} // namespace cli
