// kernels, compile, devices, run, ceilings, suite: the bundled CUDA kernels (kernels/).
// compile needs no GPU; run, ceilings and suite need one and exit 3 without it.
#include "cliutil.h"
#include "compilemix.h"
#include "remote.h"
#include "sweep.h"

#include "catalog.h"
#include "compiler.h"
#include "device.h"
#include "profiler.h"
#include "runner.h"
#include "suite.h"

#include "specdb.h"
#include "units.h"

#include <QDateTime>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSysInfo>
#include <QTextStream>
#include <QThread>

#include <functional>

namespace cli {

namespace {

void progress(const QString &line)
{
    QTextStream(stderr) << line << '\n';
}

QJsonValue paramValue(const QVariant &v)
{
    if (v.typeId() == QMetaType::QString)
        return v.toString();
    return double(v.toLongLong());
}

// --param k=v (repeatable) into a map; nullopt (and exit 2 printed) on a malformed one.
std::optional<QVariantMap> paramOptions(const QCommandLineParser &p)
{
    QVariantMap out;
    for (const QString &kv : p.values("param")) {
        const qsizetype eq = kv.indexOf('=');
        if (eq <= 0) {
            badInput(QStringLiteral("--param: \"%1\" is not NAME=VALUE").arg(kv));
            return std::nullopt;
        }
        out[kv.left(eq).trimmed()] = kv.mid(eq + 1).trimmed();
    }
    return out;
}

const kernels::KernelSpec *requireKernel(const QCommandLineParser &p, const QString &command)
{
    if (p.positionalArguments().size() != 1) {
        badInput(QStringLiteral("%1: name one kernel (see: rooflab-cli kernels)").arg(command));
        return nullptr;
    }
    const QString id = p.positionalArguments().at(0);
    const kernels::KernelSpec *spec = kernels::Catalog::instance().find(id);
    if (!spec)
        badInput(QStringLiteral("unknown kernel \"%1\" (known: %2)")
                     .arg(id, kernels::Catalog::instance().ids().join(", ")));
    return spec;
}

// The kernel commands' own options: the kernel id, --param, --dtype.
void addKernelOptions(QCommandLineParser &p)
{
    p.addPositionalArgument("kernel", "kernel id (see: rooflab-cli kernels)");
    p.addOption({"param", "kernel parameter NAME=VALUE (repeatable)", "NAME=VALUE"});
    p.addOption({"dtype", "data type", "D"});
}

// --param and --dtype resolved against the kernel: the parameters as given (what a worker
// request carries: the worker resolves them again) and as the kernel runs them; nullopt,
// the message printed (exit 2), when one is wrong.
struct KernelInput
{
    QVariantMap given;
    kernels::Catalog::Resolved resolved;
};

std::optional<KernelInput> kernelInput(const QCommandLineParser &p, const kernels::KernelSpec &spec)
{
    const auto given = paramOptions(p);
    if (!given)
        return std::nullopt;
    QString error;
    const auto resolved = kernels::Catalog::resolveAll(spec, *given, p.value("dtype"), &error);
    if (!resolved) {
        badInput(error);
        return std::nullopt;
    }
    return KernelInput{*given, *resolved};
}

void addRunOptions(QCommandLineParser &p)
{
    p.addOption(
        {"out", "write the results file (rooflab.results/1) to FILE (with --device all: FILE-gpuN)", "FILE"});
    p.addOption({"json", "write the results file to stdout"});
    p.addOption({"device", "CUDA device index, or \"all\": one worker per GPU", "N", "0"});
    addRemoteOptions(p, true);
}

std::optional<int> deviceOption(const QCommandLineParser &p)
{
    bool ok = false;
    const int d = p.value("device").toInt(&ok);
    if (!ok || d < 0) {
        badInput(QStringLiteral("--device: \"%1\" is not a device index").arg(p.value("device")));
        return std::nullopt;
    }
    return d;
}

// Opens the device; the exit code when it cannot (3 without one).
std::optional<int> openRunner(kernels::Runner &runner)
{
    QString error;
    if (runner.open(&error))
        return std::nullopt;
    switch (runner.openStatus()) {
    case kernels::RunStatus::NoDevice:
        return fail(NoDevice, error);
    case kernels::RunStatus::BadInput:
        return fail(BadInput, error);
    default:
        return fail(Failed, error);
    }
}

// Writes the results where asked; false (message printed) when the file cannot be written.
bool writeResults(const QCommandLineParser &p, const model::ResultSet &rs)
{
    if (p.isSet("out")) {
        QString error;
        if (!rs.save(p.value("out"), &error)) {
            fail(Failed, QStringLiteral("--out: %1").arg(error));
            return false;
        }
        progress(QStringLiteral("wrote %1").arg(p.value("out")));
    }
    if (p.isSet("json"))
        printJson(rs.toJson());
    return true;
}

QString rateText(const model::Measurement &m)
{
    QStringList parts;
    if (m.bytes > 0)
        parts.append(model::formatSi(m.bytesPerS(), "B/s"));
    if (m.flops > 0)
        parts.append(model::formatSi(m.flopPerS(), "FLOP/s"));
    return parts.join(", ");
}

QString timeText(const model::TimeStats &t)
{
    return QStringLiteral("%1 (%2 .. %3, %4 samples)")
        .arg(model::formatSeconds(t.median), model::formatSeconds(t.min), model::formatSeconds(t.max))
        .arg(t.samples);
}

void printMeasurements(const QList<model::Measurement> &ms)
{
    QList<QStringList> rows;
    for (const model::Measurement &m : ms) {
        QStringList params;
        for (auto it = m.params.begin(); it != m.params.end(); ++it)
            params.append(it.key() + "=" + it.value().toString());
        rows.append({m.kernel, m.dtype, params.join(" "), timeText(m.time), rateText(m),
                     m.check.ok ? QStringLiteral("ok") : QStringLiteral("FAILED"),
                     m.clockMhz > 0 ? QString::number(m.clockMhz, 'f', 0) : QString()});
    }
    printTable({"kernel", "dtype", "params", "time median (min .. max)", "rate", "check", "SM MHz"}, rows);
}

void printCounters(const model::ProfileCounters &c)
{
    QStringList parts;
    for (auto it : model::measuredLevelBytes(c).asKeyValueRange())
        parts.append(QStringLiteral("%1 %2").arg(it.first, model::formatBytesBinary(it.second)));
    if (const auto v = c.occupancyPct())
        parts.append(QStringLiteral("occupancy %1 %").arg(*v, 0, 'f', 1));
    if (const auto v = c.issueActivePct())
        parts.append(QStringLiteral("issue slots %1 %").arg(*v, 0, 'f', 1));
    if (const auto v = c.smClockMhz())
        parts.append(QStringLiteral("SM %1 MHz").arg(*v, 0, 'f', 0));
    printLine(QStringLiteral("counters (%1, clocks not locked): %2").arg(c.tool, parts.join(", ")));
}

// suite --profile: the counters of one measurement; a line when there are none.
void profileInto(model::Measurement &m, int device, const Profiler &profiler)
{
    progress(QStringLiteral("%1: profiling under Nsight Compute").arg(m.kernel));
    if (const QString why = attachCounters(m, device, profiler); !why.isEmpty())
        progress(why);
}

void printCeilings(const QList<model::MeasuredCeiling> &cs)
{
    QList<QStringList> rows;
    for (const model::MeasuredCeiling &c : cs) {
        if (c.probe == QLatin1String("datasheet"))
            continue;
        rows.append({c.kind, c.kind == QLatin1String("memory") ? c.level : c.precision,
                     model::formatSi(c.value, c.unit), c.probe,
                     c.clockMhz > 0 ? QString::number(c.clockMhz, 'f', 0) : QString()});
    }
    printTable({"kind", "level / precision", "measured", "probe", "SM MHz"}, rows);
}

// A results file of what a worker sent: its device, the datasheet ceilings of its spec entry,
// what it measured, and where (host, device index and UUID, run alone or beside others).
model::ResultSet resultsOf(const Outcome &o, const Remote &host, bool parallel, int runs)
{
    model::ResultSet rs = o.results;
    rs.created = QDateTime::currentDateTimeUtc().toString(Qt::ISODate);
    rs.tool = kernels::toolInfo("rooflab-cli");
    static const model::SpecDb db = model::SpecDb::loadDefault();
    QList<model::MeasuredCeiling> ceilings;
    if (const model::Gpu *g = db.find(rs.device.spec))
        ceilings = kernels::datasheetCeilings(*g);
    rs.ceilings = ceilings + rs.ceilings;
    rs.extra["host"] = host.command.isEmpty() ? QSysInfo::machineHostName() : host.name;
    rs.extra["device_index"] = rs.device.extra.value("index").toInt(o.device);
    rs.extra["device_uuid"] = rs.device.extra.value("uuid").toString();
    if (runs > 1)
        rs.extra["parallel"] = parallel;
    return rs;
}

// --host / --via, or --device all: the request goes through workers (one per GPU) with the
// GUI's client. nullopt: none of those was asked for; run here, in this process.
std::optional<int> viaWorkers(const QCommandLineParser &p, const QString &kind, const QJsonObject &fields,
                              const std::function<void(const model::ResultSet &)> &print)
{
    int code = Ok;
    const std::optional<Remote> remote = remoteOf(p, &code);
    if (code != Ok)
        return code;
    const auto device = deviceChoice(p, true);
    if (!device)
        return BadInput;
    if (!remote && *device >= 0)
        return std::nullopt;
    const Remote host = remote ? *remote : Remote{QSysInfo::machineHostName(), {}};
    QList<int> indices;
    if (*device < 0) {
        const QList<model::DeviceInfo> list = remoteDevices(host, &code);
        if (code != Ok)
            return code;
        if (list.isEmpty())
            return NoDevice;
        for (const model::DeviceInfo &d : list)
            indices.append(d.extra.value("index").toInt(int(indices.size())));
    } else {
        indices = {*device};
    }
    const bool parallel = p.isSet("parallel");
    const QList<Outcome> outcomes = runRemote(host, kind, fields, indices, parallel);
    QJsonArray all;
    for (const Outcome &o : outcomes) {
        if (o.code == NoDevice || o.code == BadInput)
            continue;
        model::ResultSet rs = resultsOf(o, host, parallel, int(outcomes.size()));
        if (kind == QLatin1String("suite")) {
            const QJsonObject summary = kernels::suiteSummary(rs);
            rs.extra["summary"] = summary;
            for (const QString &line : kernels::summaryLines(summary))
                progress(line);
        }
        if (p.isSet("out")) {
            const QString path =
                outcomes.size() > 1 ? perDevicePath(p.value("out"), o.device) : p.value("out");
            QString error;
            if (!rs.save(path, &error))
                return fail(Failed, QStringLiteral("--out: %1").arg(error));
            progress(QStringLiteral("wrote %1").arg(path));
        }
        if (p.isSet("json")) {
            all.append(rs.toJson());
        } else {
            if (outcomes.size() > 1 || remote)
                printLine(QStringLiteral("%1, GPU %2: %3 %4")
                              .arg(rs.extra.value("host").toString())
                              .arg(o.device)
                              .arg(rs.device.name, rs.extra.value("device_uuid").toString()));
            print(rs);
        }
    }
    if (p.isSet("json")) {
        if (all.size() == 1)
            printJson(all.first().toObject());
        else
            printJson({{"runs", all}, {"parallel", parallel}});
    }
    return combinedExit(outcomes);
}

int batchExit(const kernels::Batch &b)
{
    if (b.stopStatus() == kernels::RunStatus::NoDevice)
        return NoDevice;
    return b.failedChecks() || b.errors() || b.stopStatus() != kernels::RunStatus::Ok ? Failed : Ok;
}

} // namespace

int cmdKernels(const QStringList &args)
{
    QCommandLineParser p;
    p.addOption({"json", "machine-readable output"});
    if (!parse(p, args, "List the bundled kernels, their parameters and data types."))
        return p.isSet("help") ? Ok : BadInput;
    QJsonArray list;
    QList<QStringList> rows;
    for (const kernels::KernelSpec &k : kernels::Catalog::instance().kernels()) {
        QJsonArray params;
        QStringList text;
        for (const kernels::ParamSpec &ps : k.params) {
            QJsonObject o{
                {"name", ps.name}, {"default", paramValue(ps.defaultValue)}, {"description", ps.description}};
            if (ps.isChoice()) {
                o["min"] = QJsonValue();
                o["max"] = QJsonValue();
                o["values"] = QJsonArray::fromStringList(ps.choices);
            } else {
                o["min"] = double(ps.min);
                o["max"] = double(ps.max);
                if (!ps.allowed.isEmpty()) {
                    QJsonArray vals;
                    for (qint64 v : ps.allowed)
                        vals.append(double(v));
                    o["values"] = vals;
                }
                if (ps.multipleOf > 1)
                    o["multiple_of"] = double(ps.multipleOf);
            }
            params.append(o);
            text.append(ps.name + "=" + ps.defaultValue.toString());
        }
        list.append(QJsonObject{{"id", k.id},
                                {"family", k.family},
                                {"title", k.title},
                                {"description", k.description},
                                {"workload", k.workload},
                                {"level", k.level},
                                {"source", k.source},
                                {"dtypes", QJsonArray::fromStringList(k.dtypes)},
                                {"params", params}});
        rows.append({k.id, k.family, k.dtypes.join(","), text.join(" ")});
    }
    if (p.isSet("json"))
        printJson({{"kernels", list}});
    else
        printTable({"id", "family", "dtypes", "parameters (defaults)"}, rows);
    return Ok;
}

// The fields of a worker request for one kernel: its id, the parameters as given (the worker
// resolves them again) and the dtype when the user named one.
static QJsonObject workerRequest(const QString &kernel, const QVariantMap &given, const QCommandLineParser &p)
{
    QJsonObject params;
    for (auto it = given.begin(); it != given.end(); ++it)
        params[it.key()] = it.value().toString();
    QJsonObject f{{"kernel", kernel}, {"params", params}};
    if (p.isSet("dtype"))
        f["dtype"] = p.value("dtype");
    return f;
}

int cmdCompile(const QStringList &args)
{
    QCommandLineParser p;
    addKernelOptions(p);
    p.addOption({"arch", "target architecture, e.g. sm_90 (default: the CUDA device's)", "ARCH"});
    p.addOption({"no-cache", "compile even when the disk cache holds the image"});
    p.addOption({"log", "print the NVRTC / ptxas log"});
    p.addOption({"json", "machine-readable output"});
    addMixOptions(p);
    addRemoteOptions(p, false);
    if (!parse(p, args, "Compile a kernel with NVRTC (no GPU needed) and report its resources."))
        return p.isSet("help") ? Ok : BadInput;
    const kernels::KernelSpec *spec = requireKernel(p, "compile");
    if (!spec)
        return BadInput;
    if (spec->source.isEmpty())
        return badInput(QStringLiteral("%1 is not a compiled kernel (nothing to compile)").arg(spec->id));
    const auto input = kernelInput(p, *spec);
    if (!input)
        return BadInput;
    const QVariantMap *given = &input->given;
    const kernels::Catalog::Resolved *resolved = &input->resolved;
    QString error;
    int remoteCode = Ok;
    if (const auto remote = remoteOf(p, &remoteCode)) {
        if (!p.value("arch").isEmpty() && kernels::Compiler::normalizeArch(p.value("arch"), &error).isEmpty())
            return badInput(QStringLiteral("--arch: ") + error);
        QJsonObject f = workerRequest(spec->id, *given, p);
        if (!p.value("arch").isEmpty())
            f["arch"] = p.value("arch");
        const Outcome o = runRemote(*remote, QStringLiteral("compile"), f).first();
        QJsonObject c;
        for (const QJsonObject &e : o.other)
            if (e.value("event") == QLatin1String("compiled"))
                c = e;
        if (!o.ok || c.isEmpty())
            return o.code == Ok ? Failed : o.code;
        int mixCode = Ok;
        const QStringList mixText = remoteMixLines(p, c, &mixCode);
        if (mixCode != Ok)
            return mixCode;
        const QJsonObject res = c.value("resources").toObject();
        if (p.isSet("json")) {
            printJson(
                {{"kernel", spec->id},
                 {"arch", c.value("arch")},
                 {"host", remote->name},
                 {"dtype", model::dtypeName(resolved->dtype)},
                 {"registers", res.value("regs")},
                 {"smem_static_bytes", res.value("smem")},
                 {"spill_bytes", res.value("spill_bytes")},
                 {"compile_ms", c.value("compile_ms")},
                 {"cache_hit", c.value("cache_hit")},
                 {"instr_mix", p.isSet("mix") ? c.value("instr_mix") : QJsonValue(QJsonValue::Undefined)}});
        } else {
            printLine(QStringLiteral("%1 for %2 on %3 (%4 ms%5)")
                          .arg(spec->id, c.value("arch").toString(), remote->name)
                          .arg(c.value("compile_ms").toDouble(), 0, 'f', 1)
                          .arg(c.value("cache_hit").toBool() ? ", from the cache" : ""));
            printTable(
                {"registers", "static smem (B)", "spill (B)", "stack (B)"},
                {{QString::number(res.value("regs").toInt()), QString::number(res.value("smem").toInt()),
                  QString::number(res.value("spill_bytes").toInt()),
                  QString::number(res.value("stack_bytes").toInt())}});
            for (const QString &line : mixText)
                printLine(line);
        }
        if (p.isSet("log"))
            QTextStream(stderr) << c.value("log").toString();
        return Ok;
    }
    if (remoteCode != Ok)
        return remoteCode;
    QString arch = p.value("arch");
    if (arch.isEmpty()) {
        const QList<kernels::Device> devices = kernels::cudaDevices();
        if (devices.isEmpty())
            return badInput(QStringLiteral(
                "--arch is required (there is no CUDA device to take it from), e.g. --arch sm_90"));
        arch = devices.first().arch();
    }
    kernels::CompileOptions o = spec->compileOptions(resolved->params, resolved->dtype);
    // wgmma_tma asks for sm_90a: --arch sm_90 means that; any other architecture is refused in one line.
    o.arch = kernels::Compiler::targetFor(spec->id, o.arch, arch, &error);
    if (o.arch.isEmpty())
        return badInput(QStringLiteral("--arch: ") + error);
    kernels::Compiler compiler;
    compiler.setCacheEnabled(!p.isSet("no-cache"));
    const kernels::CompileResult r = compiler.compile(o);
    if (!r.ok) {
        QTextStream(stderr) << r.log << (r.log.endsWith('\n') ? "" : "\n");
        return fail(Failed, r.error);
    }
    QJsonObject mixJson;
    QStringList mixText;
    if (const int code =
            compileMixOutputs(p, *spec, resolved->params, resolved->dtype, r, compiler, &mixJson, &mixText);
        code != Ok)
        return code;
    const kernels::KernelResources w = r.worst();
    QJsonArray functions;
    QList<QStringList> rows;
    for (const kernels::KernelResources &k : r.kernels) {
        functions.append(QJsonObject{{"name", k.name},
                                     {"lowered", k.lowered},
                                     {"registers", k.registers},
                                     {"smem_static_bytes", k.smemStaticBytes},
                                     {"spill_bytes", k.spillBytes()},
                                     {"stack_bytes", k.stackFrameBytes}});
        rows.append({k.name, QString::number(k.registers), QString::number(k.smemStaticBytes),
                     QString::number(k.spillBytes()), QString::number(k.stackFrameBytes)});
    }
    if (p.isSet("json")) {
        QJsonObject params;
        for (auto it = resolved->params.begin(); it != resolved->params.end(); ++it)
            params[it.key()] = paramValue(it.value());
        printJson(withFields({{"kernel", spec->id},
                              {"arch", r.arch},
                              {"dtype", model::dtypeName(resolved->dtype)},
                              {"params", params},
                              {"registers", w.registers},
                              {"smem_static_bytes", w.smemStaticBytes},
                              {"spill_bytes", w.spillBytes()},
                              {"compile_ms", r.compileMs},
                              {"cache_hit", r.cacheHit},
                              {"nvrtc", kernels::Compiler::nvrtcVersion()},
                              {"functions", functions}},
                             mixJson));
    } else {
        printLine(QStringLiteral("%1 for %2 (NVRTC %3, %4 ms%5)")
                      .arg(spec->id, r.arch, kernels::Compiler::nvrtcVersion())
                      .arg(r.compileMs, 0, 'f', 1)
                      .arg(r.cacheHit ? ", from the cache" : ""));
        printTable({"function", "registers", "static smem (B)", "spill (B)", "stack (B)"}, rows);
        for (const QString &line : mixText)
            printLine(line);
    }
    if (p.isSet("log"))
        QTextStream(stderr) << r.log;
    return Ok;
}

int cmdDevices(const QStringList &args)
{
    QCommandLineParser p;
    p.addOption({"json", "machine-readable output"});
    addRemoteOptions(p, false);
    if (!parse(p, args, "List the CUDA devices (an empty list without one)."))
        return p.isSet("help") ? Ok : BadInput;
    int code = Ok;
    if (const auto remote = remoteOf(p, &code)) {
        QJsonObject hello;
        const QList<model::DeviceInfo> devices = remoteDevices(*remote, &code, &hello);
        if (code != Ok)
            return code;
        QJsonArray list;
        QList<QStringList> rows;
        for (const model::DeviceInfo &d : devices) {
            QJsonObject o = model::ResultSet::toJson(d);
            list.append(o);
            rows.append({QString::number(d.extra.value("index").toInt()), d.name, d.cc,
                         QString::number(d.sms), QString::number(d.clockMhz, 'f', 0),
                         model::formatBytesBinary(d.extra.value("mem_bytes").toDouble()),
                         d.extra.value("uuid").toString()});
        }
        if (p.isSet("json")) {
            printJson({{"host", remote->name}, {"hello", hello}, {"devices", list}});
        } else {
            printLine(
                QStringLiteral("%1: %2, RoofLab %3, protocol %4")
                    .arg(remote->name, hello.value("host").toString(), hello.value("version").toString())
                    .arg(hello.value("protocol").toInt()));
            if (devices.isEmpty())
                printLine(hello.value("message").toString(QStringLiteral("no CUDA device")));
            else
                printTable({"index", "name", "cc", "SMs", "max SM MHz", "memory", "uuid"}, rows);
        }
        return Ok;
    }
    if (code != Ok)
        return code;
    QString why;
    const QList<kernels::Device> devices = kernels::cudaDevices(&why);
    QJsonArray list;
    QList<QStringList> rows;
    for (const kernels::Device &d : devices) {
        list.append(QJsonObject{{"index", d.index},
                                {"name", d.name},
                                {"cc", d.cc()},
                                {"sms", d.sms},
                                {"clock_mhz", d.clockMhz},
                                {"mem_bytes", double(d.memBytes)},
                                {"l2_bytes", double(d.l2Bytes)},
                                {"mem_bus_bits", d.memBusBits}});
        rows.append({QString::number(d.index), d.name, d.cc(), QString::number(d.sms),
                     QString::number(d.clockMhz, 'f', 0), model::formatBytesBinary(double(d.memBytes))});
    }
    if (p.isSet("json")) {
        QJsonObject o{{"devices", list}};
        if (devices.isEmpty())
            o["message"] = kernels::noDeviceMessage(why);
        printJson(o);
    } else if (devices.isEmpty()) {
        printLine(kernels::noDeviceMessage(why));
    } else {
        printTable({"index", "name", "cc", "SMs", "max SM MHz", "memory"}, rows);
    }
    return Ok;
}

namespace {

void printSweepPlan(const QList<SweepPoint> &points)
{
    QList<QStringList> rows;
    int legal = 0;
    for (const SweepPoint &pt : points) {
        legal += pt.illegal.isEmpty() ? 1 : 0;
        rows.append({pt.label, pt.illegal.isEmpty() ? QStringLiteral("legal") : QStringLiteral("skipped"),
                     pt.illegal});
    }
    printTable({"combination", "plan", "why not"}, rows);
    printLine(QStringLiteral("%1 combinations: %2 legal, %3 skipped")
                  .arg(points.size())
                  .arg(legal)
                  .arg(points.size() - legal));
}

QJsonObject sweepPlanJson(const kernels::KernelSpec &spec, const QList<SweepPoint> &points)
{
    QJsonArray legal, skipped;
    for (const SweepPoint &pt : points) {
        QJsonObject given;
        for (auto it = pt.given.begin(); it != pt.given.end(); ++it)
            given[it.key()] = it.value().toString();
        if (pt.illegal.isEmpty())
            legal.append(QJsonObject{{"label", pt.label}, {"params", given}});
        else
            skipped.append(QJsonObject{{"label", pt.label}, {"params", given}, {"reason", pt.illegal}});
    }
    return {
        {"kernel", spec.id}, {"combinations", int(points.size())}, {"legal", legal}, {"skipped", skipped}};
}

// run --axis: the plan, the compiles ahead, then every legal combination checked and timed
// into one results file. --dry-run stops after the plan (after the compiles with --arch).
int runSweep(const QCommandLineParser &p, const kernels::KernelSpec &spec)
{
    const auto fixed = paramOptions(p);
    if (!fixed)
        return BadInput;
    QList<SweepAxis> axes;
    for (const QString &text : p.values("axis")) {
        QString error;
        const auto axis = parseAxis(text, &error);
        if (!axis)
            return badInput(error);
        axes.append(*axis);
    }
    if (const QString why = checkAxes(spec, *fixed, axes); !why.isEmpty())
        return badInput(why);
    if (p.isSet("host") || p.isSet("via") || p.value("device") == QLatin1String("all"))
        return badInput(QStringLiteral("--axis runs on one device of this computer: leave out --host, --via "
                                       "and --device all"));
    if (p.isSet("profile"))
        return badInput(
            QStringLiteral("--axis cannot be profiled; profile one combination with run --profile"));
    if (p.isSet("arch") && !p.isSet("dry-run"))
        return badInput(QStringLiteral("--arch goes with --dry-run (a run compiles for its device)"));
    int jobs = QThread::idealThreadCount();
    if (p.isSet("jobs")) {
        bool ok = false;
        jobs = p.value("jobs").toInt(&ok);
        if (!ok || jobs < 1 || jobs > 256)
            return badInput(
                QStringLiteral("--jobs: \"%1\" is not a number of compiles (1 to 256)").arg(p.value("jobs")));
    }
    kernels::RunOptions options;
    if (p.isSet("repeat")) {
        bool ok = false;
        options.repeat = p.value("repeat").toInt(&ok);
        if (!ok || options.repeat < 1 || options.repeat > 100000)
            return badInput(QStringLiteral("--repeat: \"%1\" is not a number of samples (1 to 100000)")
                                .arg(p.value("repeat")));
    }
    qint64 maxSmem = 0;
    if (p.isSet("max-smem")) {
        if (!p.isSet("dry-run"))
            return badInput(
                QStringLiteral("--max-smem goes with --dry-run (a run reads its device's limit)"));
        bool ok = false;
        maxSmem = p.value("max-smem").toLongLong(&ok);
        if (!ok || maxSmem < 1)
            return badInput(
                QStringLiteral("--max-smem: \"%1\" is not a number of bytes").arg(p.value("max-smem")));
    }
    QList<SweepPoint> points = expandSweep(spec, *fixed, axes, p.value("dtype"), maxSmem);
    const auto legalCount = [&points] {
        return std::count_if(points.begin(), points.end(),
                             [](const SweepPoint &pt) { return pt.illegal.isEmpty(); });
    };

    if (p.isSet("dry-run")) {
        if (p.isSet("arch")) {
            QString error;
            const QString arch = kernels::Compiler::normalizeArch(p.value("arch"), &error);
            if (arch.isEmpty())
                return badInput(QStringLiteral("--arch: %1").arg(error));
            const qsizetype before = legalCount();
            const double ms = precompileSweep(spec, points, arch, jobs);
            progress(QStringLiteral("compiled %1 combinations for %2 in %3 s on %4 threads")
                         .arg(before)
                         .arg(arch)
                         .arg(ms / 1e3, 0, 'f', 1)
                         .arg(jobs));
        }
        if (p.isSet("json"))
            printJson(sweepPlanJson(spec, points));
        else
            printSweepPlan(points);
        return legalCount() > 0 ? Ok : BadInput;
    }
    if (legalCount() == 0) {
        printSweepPlan(points);
        return badInput(QStringLiteral("--axis: no legal combination to run"));
    }

    const auto device = deviceOption(p);
    if (!device)
        return BadInput;
    kernels::Runner runner(*device);
    runner.setProgress(progress);
    if (const auto code = openRunner(runner))
        return *code;
    // The device's own shared-memory limit, before anything is compiled for it.
    points = expandSweep(spec, *fixed, axes, p.value("dtype"), runner.device().smemPerBlockOptin);
    const double compileMs = precompileSweep(spec, points, runner.device().arch(), jobs);
    progress(QStringLiteral("%1: compiled %2 combinations ahead in %3 s")
                 .arg(spec.id)
                 .arg(legalCount())
                 .arg(compileMs / 1e3, 0, 'f', 1));
    QList<kernels::SuiteItem> items;
    QJsonArray skipped;
    for (const SweepPoint &pt : points) {
        if (pt.illegal.isEmpty()) {
            kernels::SuiteItem item;
            item.kernel = spec.id;
            item.params = pt.given;
            item.dtype = p.value("dtype");
            items.append(item);
        } else {
            progress(QStringLiteral("skipped %1: %2").arg(pt.label, pt.illegal));
            skipped.append(QJsonObject{{"label", pt.label}, {"reason", pt.illegal}});
        }
    }
    model::ResultSet rs = kernels::newResultSet(runner, kernels::toolInfo("rooflab-cli"));
    kernels::Batch batch(runner, rs, options);
    batch.run(items);
    for (const QString &problem : batch.problems())
        progress("problem: " + problem);
    QJsonObject sweep{{"kernel", spec.id},
                      {"combinations", int(points.size())},
                      {"skipped", skipped},
                      {"compile_ahead_s", compileMs / 1e3},
                      {"seconds", batch.elapsedS()}};
    QJsonArray axesJson;
    for (const SweepAxis &a : axes)
        axesJson.append(QJsonObject{{"name", a.name}, {"values", QJsonArray::fromStringList(a.values)}});
    sweep["axes"] = axesJson;
    rs.extra["sweep"] = sweep;
    if (!writeResults(p, rs))
        return Failed;
    if (!p.isSet("json"))
        printMeasurements(rs.measurements);
    progress(QStringLiteral("%1: %2 of %3 combinations measured, %4 skipped, %5 failed, %6 s")
                 .arg(spec.id)
                 .arg(rs.measurements.size())
                 .arg(points.size())
                 .arg(skipped.size())
                 .arg(batch.failedChecks() + batch.errors())
                 .arg(batch.elapsedS(), 0, 'f', 1));
    return batchExit(batch);
}

} // namespace

int cmdRun(const QStringList &args)
{
    QCommandLineParser p;
    addKernelOptions(p);
    p.addOption({"repeat", "timed samples (default: as many as fit in a quarter second, 5 to 100)", "N"});
    p.addOption({"profile", "then run it once more under Nsight Compute (ncu) and attach its counters"});
    p.addOption({"profile-csv", "with --profile: write ncu's raw CSV output to FILE", "FILE"});
    QCommandLineOption child("profile-child"); // the run ncu profiles: no table on stdout
    child.setFlags(QCommandLineOption::HiddenFromHelp);
    p.addOption(child);
    p.addOption({"axis",
                 "sweep a parameter over the values a,b,c (repeatable: every combination, illegal ones "
                 "skipped with their reason, all in one results file)",
                 "NAME=a,b,c"});
    p.addOption({"dry-run", "with --axis: print the combinations and which are skipped, without a GPU"});
    p.addOption(
        {"arch", "with --dry-run: also compile the legal combinations for this architecture", "sm_XY"});
    p.addOption(
        {"max-smem",
         "with --dry-run: skip GEMM tiles that need more shared memory per block than BYTES (227 KB on "
         "sm_90: 232448)",
         "BYTES"});
    p.addOption({"jobs", "with --axis: compiles at a time (default: the CPU's threads)", "N"});
    addRunOptions(p);
    if (!parse(p, args, "Run one kernel on the CUDA device: check its output, then time it."))
        return p.isSet("help") ? Ok : BadInput;
    // Everything about the input is checked before the device is looked for.
    const kernels::KernelSpec *spec = requireKernel(p, "run");
    if (!spec)
        return BadInput;
    if (p.isSet("axis"))
        return runSweep(p, *spec);
    for (const char *only : {"dry-run", "arch", "jobs", "max-smem"})
        if (p.isSet(only))
            return badInput(QStringLiteral("--%1 goes with --axis").arg(QLatin1String(only)));
    const auto input = kernelInput(p, *spec);
    if (!input)
        return BadInput;
    const QVariantMap *given = &input->given;
    const kernels::Catalog::Resolved *resolved = &input->resolved;
    QString error;
    kernels::RunOptions options;
    if (p.isSet("repeat")) {
        bool ok = false;
        options.repeat = p.value("repeat").toInt(&ok);
        if (!ok || options.repeat < 1 || options.repeat > 100000)
            return badInput(QStringLiteral("--repeat: \"%1\" is not a number of samples (1 to 100000)")
                                .arg(p.value("repeat")));
    }
    {
        QJsonObject f = workerRequest(spec->id, *given, p);
        if (options.repeat > 0)
            f["samples"] = options.repeat;
        if (const auto code = viaWorkers(p, QStringLiteral("run"), f, [](const model::ResultSet &rs) {
                printMeasurements(rs.measurements);
            }))
            return *code;
    }
    const auto device = deviceOption(p);
    if (!device)
        return BadInput;
    if (p.isSet("profile-csv") && !p.isSet("profile"))
        return badInput(QStringLiteral("--profile-csv needs --profile"));
    // Said before the device is looked for, so it comes first whatever happens next.
    const Profiler profiler(p.isSet("profile") ? Profiler::findNcu() : QString());
    if (p.isSet("profile") && !profiler.available())
        progress(Profiler::notFoundMessage());

    kernels::Runner runner(*device);
    runner.setProgress(progress);
    if (const auto code = openRunner(runner))
        return *code;
    kernels::RunResult r = runner.run(*spec, resolved->params, resolved->dtype, options);
    if (!r.measurement) {
        const int code = r.status == kernels::RunStatus::NoDevice   ? NoDevice
                         : r.status == kernels::RunStatus::BadInput ? BadInput
                         : r.status == kernels::RunStatus::Refused  ? BadInput
                                                                    : Failed;
        return fail(code, r.message);
    }
    if (profiler.available()) {
        progress(QStringLiteral("%1: profiling under Nsight Compute (%2)").arg(spec->id, profiler.ncu()));
        QByteArray csv;
        const QString why = attachCounters(*r.measurement, *device, profiler, &csv);
        if (!why.isEmpty())
            progress(why);
        if (p.isSet("profile-csv")) {
            QFile f(p.value("profile-csv"));
            if (!f.open(QIODevice::WriteOnly) || f.write(csv) != csv.size())
                progress(QStringLiteral("--profile-csv: %1: %2").arg(f.fileName(), f.errorString()));
        }
    }
    model::ResultSet rs = kernels::newResultSet(runner, kernels::toolInfo("rooflab-cli"));
    rs.measurements.append(*r.measurement);
    if (!writeResults(p, rs))
        return Failed;
    if (!p.isSet("json") && !p.isSet("profile-child")) {
        printMeasurements(rs.measurements);
        if (const auto c = model::ProfileCounters::of(*r.measurement))
            printCounters(*c);
    }
    if (!r.measurement->check.ok)
        return fail(Failed, r.message);
    return Ok;
}

namespace {

// The local half of ceilings and suite (no --host/--via): opens --device, runs the items into
// a fresh results file, says the problems, then `report` (extras and summary), writes the
// file where asked and prints it unless --json; the exit code.
int localBatch(const QCommandLineParser &p, const std::function<void(kernels::Batch &, int device)> &run,
               const std::function<void(kernels::Batch &, model::ResultSet &)> &report,
               const std::function<void(const model::ResultSet &)> &print)
{
    const auto device = deviceOption(p);
    if (!device)
        return BadInput;
    kernels::Runner runner(*device);
    runner.setProgress(progress);
    if (const auto code = openRunner(runner))
        return *code;
    model::ResultSet rs = kernels::newResultSet(runner, kernels::toolInfo("rooflab-cli"));
    kernels::Batch batch(runner, rs);
    run(batch, *device);
    for (const QString &problem : batch.problems())
        progress("problem: " + problem);
    report(batch, rs);
    if (!writeResults(p, rs))
        return Failed;
    if (!p.isSet("json"))
        print(rs);
    return batchExit(batch);
}

} // namespace

int cmdCeilings(const QStringList &args)
{
    QCommandLineParser p;
    addRunOptions(p);
    if (!parse(p, args,
               "Measure the device's ceilings with the probes (HBM, L2, shared memory, FMA, tensor cores)."))
        return p.isSet("help") ? Ok : BadInput;
    const auto print = [](const model::ResultSet &rs) { printCeilings(rs.ceilings); };
    if (const auto code = viaWorkers(p, QStringLiteral("ceilings"), {}, print))
        return *code;
    return localBatch(
        p, [](kernels::Batch &batch, int) { batch.run(kernels::ceilingItems()); },
        [](kernels::Batch &, model::ResultSet &) {}, print);
}

int cmdSuite(const QStringList &args)
{
    QCommandLineParser p;
    addRunOptions(p);
    p.addOption({"profile", "each kernel once more under Nsight Compute (ncu), its counters attached"});
    p.addOption({"set",
                 "standard: the ceilings and the memory kernels; llm: the LLM inference kernels' benchmarks "
                 "against a vector copy",
                 "NAME", "standard"});
    if (!parse(p, args, "Measure the ceilings, then every memory kernel in its fast and naive versions."))
        return p.isSet("help") ? Ok : BadInput;
    const QString set = p.value("set");
    if (set != QLatin1String("standard") && set != QLatin1String("llm")) {
        progress(QStringLiteral("--set: unknown set \"%1\" (known: standard, llm)").arg(set));
        return BadInput;
    }
    const bool llm = set == QLatin1String("llm");
    const auto print = [](const model::ResultSet &rs) {
        printCeilings(rs.ceilings);
        printMeasurements(rs.measurements);
    };
    if (const auto code = viaWorkers(p, QStringLiteral("suite"), {{"name", set}}, print))
        return *code;
    const Profiler profiler(p.isSet("profile") ? Profiler::findNcu() : QString());
    if (p.isSet("profile") && !profiler.available())
        progress(Profiler::notFoundMessage());
    const auto run = [&](kernels::Batch &batch, int device) {
        if (profiler.available())
            batch.setAfterRun(
                [&profiler, device](model::Measurement &m) { profileInto(m, device, profiler); });
        if (llm)
            batch.run(kernels::llmItems());
        else if (batch.run(kernels::ceilingItems()))
            batch.run(kernels::suiteItems());
    };
    const auto report = [llm](kernels::Batch &batch, model::ResultSet &rs) {
        const QJsonObject summary = llm ? kernels::llmSummary(rs) : kernels::suiteSummary(rs);
        rs.extra["summary"] = summary;
        rs.extra["suite_seconds"] = batch.elapsedS();
        for (const QString &line : kernels::summaryLines(summary))
            progress(line);
        progress(QStringLiteral("suite: %1 measurements, %2 ceilings measured, %3 s")
                     .arg(rs.measurements.size())
                     .arg(std::count_if(rs.ceilings.begin(), rs.ceilings.end(),
                                        [](const model::MeasuredCeiling &c) {
                                            return c.probe != QLatin1String("datasheet");
                                        }))
                     .arg(batch.elapsedS(), 0, 'f', 1));
    };
    return localBatch(p, run, report, print);
}

} // namespace cli
