// ladder: the GEMM optimization ladder on the device, each step beside its cuBLAS reference,
// plus random legal tile configurations (for comparing the tile model with measurements),
// written as one results file.
#include "cliutil.h"
#include "remote.h"

#include "gemmladder.h"
#include "profiler.h"
#include "runner.h"
#include "specdb.h"
#include "suite.h"
#include "units.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QJsonArray>
#include <QProcess>
#include <QTextStream>

#include <algorithm>

namespace cli {

namespace {

QString tr(const char *s)
{
    return QCoreApplication::translate("cli::Ladder", s);
}

QVariantMap cube(qint64 n)
{
    return {{"M", n}, {"N", n}, {"K", n}};
}

QVariantMap merged(QVariantMap a, const QVariantMap &b)
{
    for (auto it = b.begin(); it != b.end(); ++it)
        a[it.key()] = it.value();
    return a;
}

// The checked, timed run of one step that the ratios are taken from: its defaults at the size.
const model::Measurement *mainRun(const model::ResultSet &rs, const QString &kernel, qint64 size)
{
    for (const model::Measurement &m : rs.measurements)
        if (m.kernel == kernel && m.extra.value("role").toString() == QLatin1String("ladder") &&
            m.params.value("M").toLongLong() == size)
            return &m;
    return nullptr;
}

// The fastest checked run of a step among its ladder run and its random tile sweep.
const model::Measurement *bestRun(const model::ResultSet &rs, const QString &kernel)
{
    const model::Measurement *top = nullptr;
    for (const model::Measurement &m : rs.measurements) {
        const QString role = m.extra.value("role").toString();
        if (m.kernel == kernel && m.check.ok && m.time.median > 0 &&
            (role == QLatin1String("sweep") || role == QLatin1String("ladder")) &&
            (!top || m.time.median < top->time.median))
            top = &m;
    }
    return top;
}

// The run of `reference` measured right before `step` (role "paired"), if there is one.
const model::Measurement *pairedRun(const model::ResultSet &rs, const QString &reference, const QString &step)
{
    for (const model::Measurement &m : rs.measurements)
        if (m.kernel == reference && m.extra.value("role").toString() == QLatin1String("paired") &&
            m.extra.value("paired_for").toString() == step)
            return &m;
    return nullptr;
}

QJsonObject timeJson(const model::Measurement &m)
{
    return {
        {"median_s", m.time.median},     {"min_s", m.time.min},
        {"max_s", m.time.max},           {"samples", m.time.samples},
        {"tflops", m.flopPerS() / 1e12}, {"tflops_best", m.time.min > 0 ? m.flops / m.time.min / 1e12 : 0.0}};
}

QString paramsText(const QVariantMap &p, const QStringList &names)
{
    QStringList parts;
    for (const QString &n : names)
        if (p.contains(n))
            parts.append(n + '=' + p.value(n).toString());
    return parts.join(' ');
}

// The device a worker described, as far as the ladder's plan needs it (architecture, opt-in
// shared memory for the random tiles).
kernels::Device deviceFrom(const model::DeviceInfo &info)
{
    kernels::Device d;
    d.index = info.extra.value("index").toInt();
    d.name = info.name;
    d.major = info.cc.section('.', 0, 0).toInt();
    d.minor = info.cc.section('.', 1, 1).toInt();
    d.sms = info.sms;
    d.smemPerBlockOptin = qint64(info.extra.value("smem_per_block_optin").toDouble());
    d.uuid = info.extra.value("uuid").toString();
    return d;
}

// --device all: the ladder once per GPU, each in a rooflab-cli of its own (one worker per GPU),
// one after another or together, each into FILE-gpuN.
int ladderOnEvery(const QCommandLineParser &p, const QStringList &args, const std::optional<Remote> &remote)
{
    QList<int> indices;
    if (remote) {
        int code = Ok;
        for (const model::DeviceInfo &d : remoteDevices(*remote, &code))
            indices.append(d.extra.value("index").toInt());
        if (code != Ok)
            return code;
    } else {
        QString why;
        for (const kernels::Device &d : kernels::cudaDevices(&why))
            indices.append(d.index);
        if (indices.isEmpty())
            return fail(NoDevice, kernels::noDeviceMessage(why));
    }
    if (indices.isEmpty())
        return NoDevice;
    const bool parallel = p.isSet("parallel");
    QStringList base;
    for (qsizetype i = 1; i < args.size(); ++i) {
        const QString &a = args.at(i);
        if (a == QLatin1String("--device") || a == QLatin1String("--out")) {
            ++i;
            continue;
        }
        if (a.startsWith(QLatin1String("--device=")) || a.startsWith(QLatin1String("--out=")) ||
            a == QLatin1String("--parallel"))
            continue;
        base.append(a);
    }
    QList<QProcess *> children;
    int exit = Ok, noDevice = 0;
    auto reap = [&](QProcess *c) {
        c->waitForFinished(-1);
        const int code = c->exitStatus() == QProcess::NormalExit ? c->exitCode() : Failed;
        noDevice += code == NoDevice ? 1 : 0;
        if (code == BadInput || (code != Ok && exit == Ok))
            exit = code == NoDevice ? Failed : code;
        delete c;
    };
    for (int index : indices) {
        auto *c = new QProcess;
        c->setProcessChannelMode(QProcess::ForwardedChannels);
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert("ROOFLAB_RUN_PARALLEL", parallel ? "1" : "0");
        c->setProcessEnvironment(env);
        QStringList a = QStringList{"ladder"} + base + QStringList{"--device", QString::number(index)};
        if (p.isSet("out"))
            a << "--out" << perDevicePath(p.value("out"), index);
        QTextStream(stderr) << tr("GPU %1: rooflab-cli %2").arg(index).arg(a.join(' ')) << '\n' << Qt::flush;
        c->start(QCoreApplication::applicationFilePath(), a);
        if (parallel)
            children.append(c);
        else
            reap(c);
    }
    for (QProcess *c : children)
        reap(c);
    return noDevice == indices.size() ? NoDevice : exit;
}

} // namespace

int cmdLadder(const QStringList &args)
{
    QCommandLineParser p;
    p.addOption(
        {"size",
         "M = N = K for every step (default: 4096 for the fp32 steps, 8192 for the tensor-core steps)", "N"});
    p.addOption({"fp32-size", "M = N = K of the fp32 steps and cuBLAS SGEMM/TF32", "N", "4096"});
    p.addOption({"tc-size", "M = N = K of the tensor-core steps and cuBLAS BF16", "N", "8192"});
    p.addOption({"sweep", "random legal tile configurations of mma_multistage and reg2d (default 20 each)",
                 "COUNT", "20"});
    p.addOption({"sweep-extra",
                 "random configurations of warptiled, wgmma_tma, wgmma_persistent, wgmma_cluster and "
                 "wgmma_fp8 as well (default 6 each)",
                 "COUNT", "6"});
    p.addOption({"seed", "seed of the random configurations", "S", "2026"});
    p.addOption({"no-checks", "skip the three small check sizes of every step"});
    p.addOption({"profile", "each measurement once more under Nsight Compute (ncu), its counters attached"});
    p.addOption(
        {"steps", "only these ids (comma-separated; default: the whole ladder and its references)", "IDS"});
    p.addOption({"set",
                 "override a parameter of one step everywhere it runs, e.g. gemm.mma_multistage:STAGES=3 "
                 "(repeatable; random sweep tiles keep their own values)",
                 "ID:NAME=VALUE"});
    p.addOption({"budget", "seconds of timed samples per run (default 0.25)", "S", "0.25"});
    p.addOption({"device", "CUDA device index, or \"all\": every GPU (FILE-gpuN each)", "I", "0"});
    addRemoteOptions(p, true);
    p.addOption({"out", "write the results file here", "FILE"});
    p.addOption({"json", "print the summary as JSON"});
    if (!parse(p, args,
               tr("Runs the GEMM ladder (naive ... wgmma + TMA) and its cuBLAS references, each step checked "
                  "against cuBLAS, and sweeps random tile configurations.")))
        return p.isSet("help") ? Ok : BadInput;

    qint64 fp32Size = 4096, tcSize = 8192;
    bool ok = false;
    auto positive = [&](const QString &name, qint64 &out) {
        const qint64 v = p.value(name).toLongLong(&ok);
        if (!ok || v < 1 || v > 32768)
            return false;
        out = v;
        return true;
    };
    if (!positive("fp32-size", fp32Size) || !positive("tc-size", tcSize))
        return badInput(tr("--fp32-size and --tc-size take a whole number from 1 to 32768"));
    if (p.isSet("size")) {
        if (!positive("size", fp32Size))
            return badInput(tr("--size takes a whole number from 1 to 32768"));
        tcSize = fp32Size;
    }
    qint64 sweep = 0, sweepExtra = 0, seed = 0;
    seed = p.value("seed").toLongLong(&ok);
    if (!ok || seed < 0 || seed > 0xffffffffLL)
        return badInput(tr("--seed takes a whole number"));
    sweep = p.value("sweep").toLongLong(&ok);
    if (!ok || sweep < 0 || sweep > 200)
        return badInput(tr("--sweep takes a whole number from 0 to 200"));
    sweepExtra = p.value("sweep-extra").toLongLong(&ok);
    if (!ok || sweepExtra < 0 || sweepExtra > 200)
        return badInput(tr("--sweep-extra takes a whole number from 0 to 200"));
    const double budget = p.value("budget").toDouble(&ok);
    if (!ok || budget <= 0 || budget > 60)
        return badInput(tr("--budget takes seconds between 0 and 60"));
    int remoteCode = Ok;
    const std::optional<Remote> remote = remoteOf(p, &remoteCode);
    if (remoteCode != Ok)
        return remoteCode;
    const bool everyDevice = p.value("device") == QLatin1String("all");
    const int device = everyDevice ? 0 : p.value("device").toInt(&ok);
    if (!everyDevice && (!ok || device < 0))
        return badInput(tr("--device takes a device index or \"all\""));

    QStringList ids = kernels::gemm::referenceIds() + kernels::gemm::ladderIds();
    if (p.isSet("steps")) {
        const QStringList wanted = p.value("steps").split(',', Qt::SkipEmptyParts);
        for (const QString &w : wanted)
            if (!ids.contains(w.trimmed()))
                return badInput(
                    tr("--steps: \"%1\" is not a GEMM ladder id (they are: %2)").arg(w, ids.join(", ")));
        QStringList kept;
        for (const QString &id : ids)
            if (wanted.contains(id))
                kept.append(id);
        ids = kept;
    }

    // --set ID:NAME=VALUE, checked against the catalog before the device is touched.
    QString error;
    QMap<QString, QVariantMap> overrides;
    for (const QString &s : p.values("set")) {
        const int colon = s.indexOf(':'), eq = s.indexOf('=');
        const QString id = s.left(colon), name = s.mid(colon + 1, eq - colon - 1);
        const kernels::KernelSpec *k = kernels::Catalog::instance().find(id);
        if (colon <= 0 || eq <= colon + 1 || !k || !kernels::gemm::ladderIds().contains(id) ||
            !k->param(name))
            return badInput(
                tr("--set %1: expected ID:NAME=VALUE with a ladder step and one of its parameters").arg(s));
        overrides[id][name] = s.mid(eq + 1);
    }
    for (auto it = overrides.begin(); it != overrides.end(); ++it) {
        const kernels::KernelSpec *k = kernels::Catalog::instance().find(it.key());
        if (!kernels::Catalog::resolveAll(*k, it.value(), {}, &error))
            return badInput(tr("--set: %1").arg(error));
    }

    if (everyDevice)
        return ladderOnEvery(p, args, remote);

    const Profiler profiler(p.isSet("profile") && !remote ? Profiler::findNcu() : QString());
    if (p.isSet("profile") && !remote && !profiler.available())
        QTextStream(stderr) << Profiler::notFoundMessage() << '\n';
    QTextStream err(stderr);
    // Here (a Runner in this process) or through the worker of a host (--host/--via).
    std::optional<kernels::Runner> runner;
    std::unique_ptr<RemoteSession> session;
    kernels::Device dev;
    model::ResultSet rs;
    if (remote) {
        if (p.isSet("profile"))
            err << tr("--profile runs only here, not through a host; measuring without it") << '\n';
        session = std::make_unique<RemoteSession>(*remote);
        const Outcome d = session->request(QStringLiteral("devices"), {});
        if (!d.ok)
            return d.code == Ok ? Failed : d.code;
        const model::DeviceInfo *info = nullptr;
        for (const model::DeviceInfo &x : d.devices)
            if (x.extra.value("index").toInt() == device)
                info = &x;
        if (!info)
            return d.devices.isEmpty() ? fail(NoDevice, QStringLiteral("%1: %2").arg(remote->name, d.message))
                                       : badInput(tr("--device %1: %2 has %3 devices")
                                                      .arg(device)
                                                      .arg(remote->name)
                                                      .arg(d.devices.size()));
        dev = deviceFrom(*info);
        rs.created = QDateTime::currentDateTimeUtc().toString(Qt::ISODate);
        rs.tool = kernels::toolInfo("rooflab-cli");
        rs.device = *info;
        static const model::SpecDb db = model::SpecDb::loadDefault();
        if (const model::Gpu *g = db.find(info->spec))
            rs.ceilings = kernels::datasheetCeilings(*g);
        rs.extra["host"] = remote->name;
    } else {
        runner.emplace(device);
        if (!runner->open(&error))
            return fail(runner->openStatus() == kernels::RunStatus::NoDevice ? NoDevice : Failed, error);
        dev = runner->device();
        runner->setProgress([&](const QString &m) { err << "  " << m << '\n' << Qt::flush; });
        rs = kernels::newResultSet(*runner, kernels::toolInfo("rooflab-cli"));
    }
    rs.extra["device_index"] = dev.index;
    rs.extra["device_uuid"] = dev.uuid;
    if (qEnvironmentVariableIsSet("ROOFLAB_RUN_PARALLEL")) // a child of --device all
        rs.extra["parallel"] = qEnvironmentVariable("ROOFLAB_RUN_PARALLEL") == QLatin1String("1");

    // What this device can run: wgmma only on sm_90, tensor-core steps from sm_80 on.
    QStringList skipped;
    QStringList runnable;
    for (const QString &id : ids) {
        if (kernels::gemm::usesTma(id) && !(dev.major == 9 && dev.minor == 0))
            skipped.append(tr("%1 (needs sm_90, the device is %2)").arg(id, dev.arch()));
        else if ((kernels::gemm::usesTensorCores(id) || id == QLatin1String("gemm.cublas_tf32")) &&
                 dev.major < 8)
            skipped.append(tr("%1 (needs sm_80 or newer)").arg(id));
        else if (kernels::Catalog::instance().find(id)->dtypes.contains(QLatin1String("fp8")) &&
                 dev.major * 10 + dev.minor < 89)
            skipped.append(tr("%1 (fp8 needs sm_89 or newer, the device is %2)").arg(id, dev.arch()));
        else
            runnable.append(id);
    }

    kernels::RunOptions options;
    options.budgetS = budget;
    std::optional<kernels::Batch> batch;
    if (runner)
        batch.emplace(*runner, rs, options);
    // Through a worker: each group is one "suite" request of its kernels.
    QStringList remoteProblems;
    int remoteFailed = 0, remoteErrors = 0;
    bool remoteNoDevice = false;
    auto runItems = [&](const QList<kernels::SuiteItem> &items) -> bool {
        if (batch)
            return batch->run(items);
        QJsonArray list;
        for (const kernels::SuiteItem &i : items)
            list.append(QJsonObject{
                {"kernel", i.kernel}, {"params", QJsonObject::fromVariantMap(i.params)}, {"dtype", i.dtype}});
        const Outcome o = session->request(QStringLiteral("suite"),
                                           {{"kernels", list}, {"device", device}, {"budget_s", budget}});
        for (const model::Measurement &m : o.results.measurements) {
            rs.measurements.append(m);
            remoteFailed += m.check.ok ? 0 : 1;
        }
        remoteProblems += o.warnings;
        if (o.errored) {
            ++remoteErrors;
            remoteNoDevice = o.code == NoDevice;
            remoteProblems.append(o.message);
        }
        return !o.errored;
    };
    auto problems = [&] { return batch ? batch->problems() : remoteProblems; };
    if (profiler.available() && batch)
        batch->setAfterRun([&](model::Measurement &m) {
            err << "  " << m.kernel << ": profiling under Nsight Compute\n" << Qt::flush;
            if (const QString why = attachCounters(m, device, profiler); !why.isEmpty())
                err << why << '\n' << Qt::flush;
        });

    auto sizeOf = [&](const QString &id) {
        return (kernels::gemm::usesTensorCores(id) || id == QLatin1String("gemm.cublas_bf16")) ? tcSize
                                                                                               : fp32Size;
    };
    auto runGroup = [&](QList<kernels::SuiteItem> items, const QString &role) {
        for (kernels::SuiteItem &item : items) {
            const QVariantMap o = overrides.value(item.kernel);
            for (auto it = o.begin(); it != o.end(); ++it)
                if (!item.params.contains(it.key()))
                    item.params[it.key()] = it.value();
        }
        const qsizetype before = rs.measurements.size();
        const bool alive = runItems(items);
        for (qsizetype i = before; i < rs.measurements.size(); ++i)
            rs.measurements[i].extra["role"] = role;
        return alive;
    };

    // 1. The references and the ladder at the sizes of the targets. Each step's reference is
    // measured once more right before the step ("paired"), and the step's ratio is taken against
    // that run: a GPU held at its power limit warms through the ladder and its clock falls by a
    // few per cent (cuBLAS bf16 8192^3 at 720, 716, then 697 TFLOP/s in one H200 call), so a
    // reference measured only at the start would favour itself over the last steps.
    auto itemOf = [&](const QString &id) {
        const kernels::KernelSpec *k = kernels::Catalog::instance().find(id);
        return kernels::SuiteItem{id, cube(sizeOf(id)), k ? k->defaultDtype() : QString()};
    };
    err << tr("GEMM ladder on %1 (%2): fp32 steps at %3^3, tensor-core steps at %4^3")
               .arg(dev.name, dev.arch())
               .arg(fp32Size)
               .arg(tcSize)
        << '\n';
    const QStringList references = kernels::gemm::referenceIds();
    QList<kernels::SuiteItem> refItems;
    for (const QString &id : runnable)
        if (references.contains(id))
            refItems.append(itemOf(id));
    bool alive = runGroup(refItems, "ladder");
    for (const QString &id : runnable) {
        if (!alive)
            break;
        if (references.contains(id))
            continue;
        const QString refId = kernels::gemm::referenceFor(id);
        if (!refId.isEmpty() && runnable.contains(refId)) {
            const qsizetype at = rs.measurements.size();
            alive = runGroup({itemOf(refId)}, "paired");
            for (qsizetype i = at; i < rs.measurements.size(); ++i)
                rs.measurements[i].extra["paired_for"] = id;
        }
        alive = alive && runGroup({itemOf(id)}, "ladder");
    }
    // The same run for the tensor-core reference at the fp32 size too, when they differ, so a
    // tensor-core step can be compared at either size.
    if (alive && tcSize != fp32Size && runnable.contains("gemm.cublas_bf16"))
        alive = runGroup({{"gemm.cublas_bf16", cube(fp32Size), "bf16"}}, "reference");

    // 2. Every step correct at three sizes, including sizes that are multiples of no tile.
    if (alive && !p.isSet("no-checks")) {
        QList<kernels::SuiteItem> checks;
        for (const QString &id : runnable) {
            const kernels::KernelSpec *k = kernels::Catalog::instance().find(id);
            for (const QVariantMap &tc : k->testCases)
                checks.append({id, tc, k->defaultDtype()});
        }
        alive = runGroup(checks, "check");
    }

    // 3. Random legal tile configurations: measured points for the tile model.
    struct SweepPlan
    {
        QString id;
        qint64 count;
    };
    const QList<SweepPlan> plans = {{"gemm.mma_multistage", sweep},        {"gemm.reg2d", sweep},
                                    {"gemm.warptiled", sweepExtra},        {"gemm.wgmma_tma", sweepExtra},
                                    {"gemm.wgmma_persistent", sweepExtra}, {"gemm.wgmma_cluster", sweepExtra},
                                    {"gemm.wgmma_fp8", sweepExtra}};
    for (const SweepPlan &plan : plans) {
        if (!alive || plan.count <= 0 || !runnable.contains(plan.id))
            continue;
        const kernels::KernelSpec *k = kernels::Catalog::instance().find(plan.id);
        QList<kernels::SuiteItem> items;
        for (const QVariantMap &cfg :
             kernels::gemm::randomConfigs(plan.id, int(plan.count), quint32(seed), dev.smemPerBlockOptin))
            items.append({plan.id, merged(cfg, cube(sizeOf(plan.id))), k->defaultDtype()});
        err << tr("sweeping %1 random tile configurations of %2").arg(items.size()).arg(plan.id) << '\n';
        alive = runGroup(items, "sweep");
    }

    // 4. Each swept step's best configuration measured once more, right after its reference
    // (role "best", the reference "paired" for "<id>:best"), and its ratio taken between these
    // two runs: the best of many runs is the one its noise favoured most, and the sweeps run
    // last, on the warmest card, far from the references measured at the start.
    for (const SweepPlan &plan : plans) {
        if (!alive || plan.count <= 0 || !runnable.contains(plan.id))
            continue;
        const model::Measurement *top = bestRun(rs, plan.id);
        if (!top)
            continue;
        const kernels::SuiteItem again{plan.id, top->params, top->dtype};
        const QString refId = kernels::gemm::referenceFor(plan.id);
        if (!refId.isEmpty() && runnable.contains(refId)) {
            const qsizetype at = rs.measurements.size();
            alive = runGroup({itemOf(refId)}, "paired");
            for (qsizetype i = at; i < rs.measurements.size(); ++i)
                rs.measurements[i].extra["paired_for"] = plan.id + QStringLiteral(":best");
        }
        alive = alive && runGroup({again}, "best");
    }

    // Summary: each step's rate and its ratio to its cuBLAS reference within this run.
    QJsonArray steps;
    QList<QStringList> rows;
    for (const QString &id : runnable) {
        const qint64 size = sizeOf(id);
        const model::Measurement *m = mainRun(rs, id, size);
        if (!m)
            continue;
        const QString refId = kernels::gemm::referenceFor(id);
        const model::Measurement *paired = pairedRun(rs, refId, id);
        const model::Measurement *ref = paired            ? paired
                                        : refId.isEmpty() ? nullptr
                                                          : mainRun(rs, refId, size);
        QJsonObject o = timeJson(*m);
        o["kernel"] = id;
        o["size"] = size;
        o["dtype"] = m->dtype;
        o["check_ok"] = m->check.ok;
        if (ref && ref->time.median > 0 && m->time.median > 0 && m->check.ok && ref->check.ok) {
            o["reference"] = refId;
            o["ratio"] = ref->time.median / m->time.median;
            o["reference_run"] = paired ? QStringLiteral("paired") : QStringLiteral("first");
            o["reference_tflops"] = ref->flopPerS() / 1e12;
        }
        steps.append(o);
        rows.append(
            {id, m->dtype, QString::number(size), QString::number(m->flopPerS() / 1e12, 'f', 2),
             model::formatSeconds(m->time.median),
             model::formatSeconds(m->time.min) + " / " + model::formatSeconds(m->time.max),
             o.contains("ratio") ? QString::number(100 * o["ratio"].toDouble(), 'f', 1) + " %" : QString("-"),
             m->check.ok ? "ok" : "FAILED"});
    }
    // The best configuration of each swept step: its run measured again beside its reference
    // (above) when there is one, else the fastest run and the step's own paired reference.
    QJsonArray best;
    for (const SweepPlan &plan : plans) {
        const QString refId = kernels::gemm::referenceFor(plan.id);
        const model::Measurement *again = nullptr;
        for (const model::Measurement &m : rs.measurements)
            if (m.kernel == plan.id && m.extra.value("role").toString() == QLatin1String("best"))
                again = &m;
        const model::Measurement *top = again ? again : bestRun(rs, plan.id);
        if (!top || !top->check.ok || top->time.median <= 0)
            continue;
        const qint64 size = top->params.value("M").toLongLong();
        const model::Measurement *paired =
            pairedRun(rs, refId, again ? plan.id + QStringLiteral(":best") : plan.id);
        const model::Measurement *ref = paired ? paired : mainRun(rs, refId, size);
        QJsonObject o = timeJson(*top);
        o["kernel"] = plan.id;
        o["params"] = QJsonObject::fromVariantMap(top->params);
        o["measured_again"] = again != nullptr;
        if (ref && ref->time.median > 0 && ref->check.ok) {
            o["ratio"] = ref->time.median / top->time.median;
            o["reference_run"] = paired ? QStringLiteral("paired") : QStringLiteral("first");
            o["reference_tflops"] = ref->flopPerS() / 1e12;
        }
        best.append(o);
    }
    int checked = 0, checkOk = 0;
    for (const model::Measurement &m : rs.measurements) {
        ++checked;
        checkOk += m.check.ok ? 1 : 0;
    }
    const QJsonObject summary{{"fp32_size", fp32Size},
                              {"tc_size", tcSize},
                              {"steps", steps},
                              {"best_sweep", best},
                              {"measurements", checked},
                              {"checks_ok", checkOk},
                              {"skipped", QJsonArray::fromStringList(skipped)},
                              {"problems", QJsonArray::fromStringList(problems())}};
    rs.extra["gemm_ladder"] = summary;

    if (p.isSet("out") && !rs.save(p.value("out"), &error))
        return fail(Failed, error);

    if (p.isSet("json")) {
        printJson(summary);
    } else {
        printTable({"kernel", "dtype", "size", "TFLOP/s", "median", "min / max", "of cuBLAS", "check"}, rows);
        if (!best.isEmpty()) {
            printLine(QString());
            printLine(tr("best tile configurations found:"));
            for (const auto &v : best) {
                const QJsonObject o = v.toObject();
                const QString id = o["kernel"].toString();
                printLine(QStringLiteral("  %1  %2 TFLOP/s  %3  %4")
                              .arg(id)
                              .arg(o["tflops"].toDouble(), 0, 'f', 2)
                              .arg(o.contains("ratio")
                                       ? QString::number(100 * o["ratio"].toDouble(), 'f', 1) + " % of cuBLAS"
                                       : QString())
                              .arg(paramsText(o["params"].toObject().toVariantMap(),
                                              kernels::gemm::tileParams(id))));
            }
        }
        printLine(QString());
        printLine(tr("%1 measurements, %2 checks passed").arg(checked).arg(checkOk));
        for (const QString &s : skipped)
            printLine(tr("skipped: %1").arg(s));
        for (const QString &pr : problems())
            printLine(tr("problem: %1").arg(pr));
        if (p.isSet("out"))
            printLine(tr("wrote %1").arg(p.value("out")));
    }
    if (batch ? batch->stopStatus() == kernels::RunStatus::NoDevice : remoteNoDevice)
        return NoDevice;
    const int failed = batch ? batch->failedChecks() + batch->errors() : remoteFailed + remoteErrors;
    return (failed > 0 || !alive) ? Failed : Ok;
}

} // namespace cli
