// worker: the GUI's kernel runner (app/PROTOCOL.md). Requests come as JSON lines on stdin,
// events go out as JSON lines on stdout. The GUI never launches a kernel in its own process,
// so a kernel that faults or hangs takes down only this one.
//
// Two threads: this one reads stdin (so `cancel` is seen while a suite runs) and a job thread
// handles the other requests one at a time, in order. Cancel stops a batch after the kernel
// that is running: a launched kernel cannot be stopped, and its measurement is still good.
#include "cliutil.h"

#include "catalog.h"
#include "compiler.h"
#include "device.h"
#include "events.h"
#include "kernelmix.h"
#include "profiler.h"
#include "runner.h"
#include "specdb.h"
#include "suite.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSysInfo>

#include <atomic>
#include <condition_variable>
#include <cstdio>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <thread>

namespace cli {

namespace {

QString tr(const char *text, const char *disambiguation = nullptr, int n = -1)
{
    return QCoreApplication::translate("cli::worker", text, disambiguation, n);
}

// stdout is shared by both threads: one whole line at a time.
class Out
{
public:
    void send(const QJsonObject &event, const QString &id)
    {
        const QByteArray l = model::events::line(model::events::withId(event, id));
        std::lock_guard lock(m_mutex);
        std::fwrite(l.constData(), 1, size_t(l.size()), stdout);
        std::fflush(stdout); // the GUI acts on each line as it comes
    }

private:
    std::mutex m_mutex;
};

struct Request
{
    QString id;
    QString kind;
    QJsonObject json;
};

// Exit codes of rooflab-cli, reused as the `code` of error events.
int codeFor(kernels::RunStatus s)
{
    switch (s) {
    case kernels::RunStatus::NoDevice:
        return NoDevice;
    case kernels::RunStatus::BadInput:
    case kernels::RunStatus::Refused:
        return BadInput;
    default:
        return Failed;
    }
}

class Worker
{
public:
    int exec()
    {
        sayHello();
        std::thread jobs([this] { jobLoop(); });
        std::string raw;
        int c;
        // Byte-wise reading: std::getline on stdin would do too, but this keeps a line that
        // is not UTF-8 or has a NUL from confusing anything.
        for (;;) {
            raw.clear();
            while ((c = std::fgetc(stdin)) != EOF && c != '\n')
                raw.push_back(char(c));
            if (!raw.empty())
                onLine(QByteArray(raw.data(), qsizetype(raw.size())).trimmed());
            if (c == EOF)
                break;
        }
        // stdin closed: the GUI is gone or wants us gone, and a worker left running a suite
        // would hold the GPU for minutes. The kernel that runs finishes, the rest is
        // cancelled (and says so, for a script that piped its requests in), then we exit.
        std::deque<Request> dropped;
        {
            std::lock_guard lock(m_mutex);
            m_eof = true;
            dropped.swap(m_queue);
            if (!m_current.isEmpty())
                m_cancelled.insert(m_current);
        }
        m_wake.notify_all();
        for (const Request &r : dropped)
            cancelled(r.id, tr("stdin was closed before it started"));
        jobs.join();
        return Ok;
    }

private:
    // The first line (PROTOCOL.md -> hello): what a Hosts dialog shows, and the number a client
    // checks before it trusts anything else on this stream.
    void sayHello()
    {
        QString why;
        const QList<kernels::Device> list = kernels::cudaDevices(&why);
        QJsonArray gpus;
        for (const kernels::Device &d : list)
            gpus.append(QJsonObject{{"index", d.index}, {"name", d.name}, {"uuid", d.uuid}, {"cc", d.cc()}});
        QJsonObject fields{{"gpus", gpus}, {"pid", qint64(QCoreApplication::applicationPid())}};
        if (!list.isEmpty())
            fields.insert(QStringLiteral("driver"), kernels::driverVersion());
        else
            fields.insert(QStringLiteral("message"), kernels::noDeviceMessage(why));
        m_out.send(
            model::events::hello(QCoreApplication::applicationVersion(), m_host, int(list.size()), fields),
            {});
    }

    void onLine(const QByteArray &line)
    {
        if (line.isEmpty())
            return;
        QJsonParseError pe;
        const QJsonDocument doc = QJsonDocument::fromJson(line, &pe);
        if (pe.error != QJsonParseError::NoError || !doc.isObject()) {
            refuse({}, pe.error != QJsonParseError::NoError
                           ? tr("not JSON: %1 at offset %2").arg(pe.errorString()).arg(pe.offset)
                           : tr("a request must be a JSON object"));
            return;
        }
        Request r;
        r.json = doc.object();
        r.id = r.json.value(QLatin1String("id")).toVariant().toString();
        r.kind = r.json.value(QLatin1String("request")).toString();
        static const QStringList known = {"devices", "compile", "run",   "ceilings",
                                          "suite",   "sleep",   "replay"};
        if (r.kind == QLatin1String("cancel")) {
            cancel(r);
        } else if (r.kind == QLatin1String("ping")) {
            // Answered here, not queued: a client that hears nothing for seconds knows the
            // connection (not a long kernel) is gone.
            QJsonObject done = model::events::done(true);
            done.insert(QStringLiteral("pong"), true);
            m_out.send(done, r.id);
        } else if (known.contains(r.kind)) {
            {
                std::lock_guard lock(m_mutex);
                m_queue.push_back(r);
            }
            m_wake.notify_all();
        } else if (r.kind.isEmpty()) {
            refuse(
                r.id,
                tr("a request needs a \"request\" string (one of: %1, cancel, ping)").arg(known.join(", ")));
        } else {
            refuse(r.id,
                   tr("unknown request \"%1\" (known: %2, cancel, ping)").arg(r.kind, known.join(", ")));
        }
    }

    // Answered here, on the reading thread, while a job may be running.
    void cancel(const Request &r)
    {
        const QString target = r.json.value(QLatin1String("target")).toVariant().toString();
        if (target.isEmpty()) {
            refuse(r.id, tr("cancel: name the request to stop in \"target\""));
            return;
        }
        bool queued = false, running = false;
        {
            std::lock_guard lock(m_mutex);
            for (auto it = m_queue.begin(); it != m_queue.end(); ++it)
                if (it->id == target) {
                    m_queue.erase(it);
                    queued = true;
                    break;
                }
            running = !queued && target == m_current;
            if (running)
                m_cancelled.insert(target);
        }
        if (queued)
            cancelled(target, tr("cancelled before it started"));
        QJsonObject done = model::events::done(true);
        if (!queued && !running)
            done.insert(QStringLiteral("message"), tr("no request \"%1\" is queued or running").arg(target));
        m_out.send(done, r.id);
    }

    void refuse(const QString &id, const QString &message)
    {
        error(id, message, BadInput);
        m_out.send(model::events::done(false), id);
    }

    void error(const QString &id, const QString &message, int code, const QString &what = {},
               bool contextLost = false)
    {
        QJsonObject e = model::events::error(message);
        e.insert(QStringLiteral("code"), code);
        if (!what.isEmpty())
            e.insert(QStringLiteral("what"), what);
        if (contextLost)
            e.insert(QStringLiteral("context_lost"), true);
        m_out.send(e, id);
    }

    void cancelled(const QString &id, const QString &how)
    {
        QJsonObject e = model::events::error(tr("cancelled: %1").arg(how));
        e.insert(QStringLiteral("code"), Failed);
        e.insert(QStringLiteral("cancelled"), true);
        m_out.send(e, id);
        m_out.send(model::events::done(false), id);
    }

    bool isCancelled(const QString &id)
    {
        std::lock_guard lock(m_mutex);
        return m_cancelled.count(id) > 0;
    }

    void jobLoop()
    {
        for (;;) {
            Request r;
            {
                std::unique_lock lock(m_mutex);
                m_wake.wait(lock, [this] { return m_eof || !m_queue.empty(); });
                if (m_queue.empty() || m_eof)
                    return;
                r = m_queue.front();
                m_queue.pop_front();
                m_current = r.id;
            }
            handle(r);
            std::lock_guard lock(m_mutex);
            m_current.clear();
            m_cancelled.erase(r.id);
        }
    }

    void handle(const Request &r)
    {
        if (r.kind == QLatin1String("devices"))
            devices(r);
        else if (r.kind == QLatin1String("compile"))
            compile(r);
        else if (r.kind == QLatin1String("run"))
            run(r);
        else if (r.kind == QLatin1String("ceilings") || r.kind == QLatin1String("suite"))
            batch(r);
        else if (r.kind == QLatin1String("sleep"))
            sleep(r);
        else if (r.kind == QLatin1String("replay"))
            replay(r);
    }

    // A results file on the worker's machine streamed back as rooflab-cli replay streams it
    // (with this request's id): a host without a GPU can still show a measured session.
    void replay(const Request &r)
    {
        const QString path = r.json.value(QLatin1String("file")).toString();
        const double speed = r.json.value(QLatin1String("speed")).toDouble(1.0);
        if (path.isEmpty() || !(speed >= 0)) {
            refuse(r.id, tr("replay: name a results file in \"file\" (and a \"speed\" >= 0)"));
            return;
        }
        QString message;
        QStringList warnings;
        const auto rs = model::ResultSet::load(path, &message, &warnings);
        if (!rs) {
            refuse(r.id, message);
            return;
        }
        QElapsedTimer clock;
        clock.start();
        // Waits until `at` seconds of the recorded timeline; false when cancelled meanwhile.
        auto waitUntil = [&](double at) {
            if (speed == 0)
                return !isCancelled(r.id);
            const qint64 due = qint64(std::min(at / speed, 1e6) * 1000);
            while (clock.elapsed() < due) {
                if (isCancelled(r.id))
                    return false;
                std::this_thread::sleep_for(
                    std::chrono::milliseconds(std::min<qint64>(50, due - clock.elapsed())));
            }
            return !isCancelled(r.id);
        };
        if (!rs->device.name.isEmpty())
            m_out.send(model::events::device(rs->device), r.id);
        for (const QString &w : warnings)
            m_out.send(model::events::warning(w), r.id);
        for (const model::MeasuredCeiling &c : rs->ceilings)
            m_out.send(model::events::ceiling(c), r.id);
        const int total = int(rs->measurements.size());
        double at = 0;
        for (int i = 0; i < total; ++i) {
            const model::Measurement &m = rs->measurements.at(i);
            const double begin = std::max(at, m.startedAtS > 0 ? m.startedAtS : at);
            if (!waitUntil(begin)) {
                cancelled(r.id, tr("stopped after %1 of %2 measurements").arg(i).arg(total));
                return;
            }
            m_out.send(
                model::events::progress(i, total, model::events::describe(m.kernel, m.dtype, m.params)),
                r.id);
            at = begin + m.time.median * std::max(1, m.time.samples);
            if (!waitUntil(at)) {
                cancelled(r.id, tr("stopped after %1 of %2 measurements").arg(i).arg(total));
                return;
            }
            m_out.send(model::events::measurement(m), r.id);
        }
        m_out.send(model::events::progress(total, total, tr("replayed %1").arg(path)), r.id);
        m_out.send(model::events::done(true), r.id);
    }

    void devices(const Request &r)
    {
        QString why;
        const QList<kernels::Device> list = kernels::cudaDevices(&why);
        if (!list.isEmpty() && !m_db)
            m_db = std::make_unique<model::SpecDb>(model::SpecDb::loadDefault());
        for (const kernels::Device &d : list) {
            model::DeviceInfo i;
            i.name = d.name;
            i.cc = d.cc();
            i.sms = d.sms;
            i.clockMhz = d.clockMhz;
            i.memBusBits = d.memBusBits;
            i.l2Bytes = double(d.l2Bytes);
            i.driver = kernels::driverVersion();
            i.runtime = kernels::runtimeVersion();
            if (const model::Gpu *g = kernels::Runner::matchSpec(*m_db, d))
                i.spec = g->id;
            // What the GUI needs to build a spec entry for a GPU the database does not know.
            i.extra = QJsonObject{{"index", d.index},
                                  {"uuid", d.uuid},
                                  {"host", m_host},
                                  {"mem_bytes", double(d.memBytes)},
                                  {"mem_clock_mhz", d.memClockMhz},
                                  {"max_threads_per_sm", d.maxThreadsPerSm},
                                  {"max_threads_per_block", d.maxThreadsPerBlock},
                                  {"max_blocks_per_sm", d.maxBlocksPerSm},
                                  {"regs_per_sm", d.regsPerSm},
                                  {"regs_per_block", d.regsPerBlock},
                                  {"smem_per_sm", double(d.smemPerSm)},
                                  {"smem_per_block_optin", double(d.smemPerBlockOptin)},
                                  {"reserved_smem_per_block", double(d.reservedSmemPerBlock)}};
            m_out.send(model::events::device(i), r.id);
        }
        QJsonObject done = model::events::done(true);
        if (list.isEmpty())
            done.insert(QStringLiteral("message"), kernels::noDeviceMessage(why));
        m_out.send(done, r.id);
    }

    // The Runner of a device, opened once and kept (its context, compile cache, flush buffer).
    kernels::Runner *runner(const Request &r, int *code, QString *message)
    {
        const int index = r.json.value(QLatin1String("device")).toInt(0);
        auto &slot = m_runners[index];
        if (!slot)
            slot = std::make_unique<kernels::Runner>(index);
        if (!slot->open(message)) {
            *code = codeFor(slot->openStatus());
            return nullptr;
        }
        return slot.get();
    }

    // Where a result was measured: several GPUs or hosts can feed one session.
    model::Measurement stamped(model::Measurement m, const kernels::Runner &dev) const
    {
        m.extra.insert(QStringLiteral("host"), m_host);
        m.extra.insert(QStringLiteral("device_index"), dev.device().index);
        m.extra.insert(QStringLiteral("device_uuid"), dev.device().uuid);
        return m;
    }

    model::DeviceInfo deviceInfo(const kernels::Runner &dev) const
    {
        model::DeviceInfo i = dev.deviceInfo();
        i.extra.insert(QStringLiteral("host"), m_host);
        return i;
    }

    static QVariantMap paramsOf(const QJsonObject &o)
    {
        return o.value(QLatin1String("params")).toObject().toVariantMap();
    }

    void run(const Request &r)
    {
        const QString kernel = r.json.value(QLatin1String("kernel")).toString();
        const QString dtype = r.json.value(QLatin1String("dtype")).toString();
        const QVariantMap given = paramsOf(r.json);
        QString what = model::events::describe(kernel, dtype, given);
        // Input first, so bad input is code 2 with or without a GPU.
        const kernels::KernelSpec *spec = kernels::Catalog::instance().find(kernel);
        if (!spec) {
            refuse(r.id, kernel.isEmpty()
                             ? tr("run: name a kernel in \"kernel\"")
                             : tr("unknown kernel \"%1\" (see: rooflab-cli kernels)").arg(kernel));
            return;
        }
        QString message;
        const auto resolved = kernels::Catalog::resolveAll(*spec, given, dtype, &message);
        if (!resolved) {
            refuse(r.id, message);
            return;
        }
        what = model::events::describe(kernel, model::dtypeName(resolved->dtype), resolved->params);
        kernels::RunOptions options;
        options.repeat = r.json.value(QLatin1String("samples")).toInt(0);
        if (options.repeat < 0 || options.repeat > 100000) {
            refuse(r.id, tr("\"samples\" must be 1 to 100000 (0 or absent: automatic)"));
            return;
        }
        // "profile": the kernel once more under Nsight Compute; without ncu one warning says so.
        const Profiler profiler(r.json.value(QLatin1String("profile")).toBool() ? Profiler::findNcu()
                                                                                : QString());
        if (r.json.value(QLatin1String("profile")).toBool() && !profiler.available())
            m_out.send(model::events::warning(Profiler::notFoundMessage()), r.id);
        int code = Failed;
        kernels::Runner *dev = runner(r, &code, &message);
        if (!dev) {
            error(r.id, message, code, what);
            m_out.send(model::events::done(false), r.id);
            return;
        }
        m_out.send(model::events::device(deviceInfo(*dev)), r.id);
        m_out.send(model::events::progress(0, 1, what), r.id);
        dev->setProgress([&](const QString &step) { m_out.send(model::events::progress(0, 1, step), r.id); });
        kernels::RunResult result = dev->run(*spec, resolved->params, resolved->dtype, options);
        dev->setProgress({});
        if (result.measurement && profiler.available()) {
            m_out.send(model::events::progress(0, 1, tr("%1: profiling under Nsight Compute").arg(spec->id)),
                       r.id);
            if (const QString why = attachCounters(*result.measurement, dev->device().index, profiler);
                !why.isEmpty())
                m_out.send(model::events::warning(why), r.id);
        }
        if (result.measurement)
            m_out.send(model::events::measurement(stamped(*result.measurement, *dev)), r.id);
        m_out.send(model::events::progress(1, 1, what), r.id);
        if (result.status == kernels::RunStatus::Ok && !isCancelled(r.id)) {
            m_out.send(model::events::done(true), r.id);
            return;
        }
        if (result.status == kernels::RunStatus::Ok)
            cancelled(r.id, tr("the run had finished; its measurement is kept"));
        else
            fail(r.id, result, what, dev->contextLost());
    }

    void fail(const QString &id, const kernels::RunResult &result, const QString &what, bool contextLost)
    {
        error(id, result.message, codeFor(result.status), what, contextLost);
        m_out.send(model::events::done(false), id);
    }

    QList<kernels::SuiteItem> itemsFor(const Request &r, QString *message)
    {
        QList<kernels::SuiteItem> items;
        if (r.kind == QLatin1String("ceilings")) {
            const QJsonArray probes = r.json.value(QLatin1String("probes")).toArray();
            for (const kernels::SuiteItem &i : kernels::ceilingItems()) {
                bool wanted = probes.isEmpty();
                for (const QJsonValue &p : probes)
                    wanted = wanted || p.toString() == i.probe || p.toString() == i.kernel;
                if (wanted)
                    items.append(i);
            }
            if (items.isEmpty())
                *message = tr("ceilings: none of the probes named is known");
            return items;
        }
        if (r.json.contains(QLatin1String("kernels"))) {
            for (const QJsonValue &v : r.json.value(QLatin1String("kernels")).toArray()) {
                const QJsonObject o = v.toObject();
                kernels::SuiteItem i;
                i.kernel = o.value(QLatin1String("kernel")).toString();
                i.params = paramsOf(o);
                i.dtype = o.value(QLatin1String("dtype")).toString();
                const kernels::KernelSpec *spec = kernels::Catalog::instance().find(i.kernel);
                QString why;
                if (!spec) {
                    *message = tr("suite: unknown kernel \"%1\"").arg(i.kernel);
                    return {};
                }
                if (!kernels::Catalog::resolveAll(*spec, i.params, i.dtype, &why)) {
                    *message = tr("suite: %1: %2").arg(i.kernel, why);
                    return {};
                }
                items.append(i);
            }
            if (items.isEmpty())
                *message = tr("suite: \"kernels\" is empty");
            return items;
        }
        const QString name = r.json.value(QLatin1String("name")).toString(QStringLiteral("standard"));
        if (name == QLatin1String("standard") || name == QLatin1String("ceilings"))
            items = kernels::ceilingItems();
        if (name == QLatin1String("standard") || name == QLatin1String("memory"))
            items += kernels::suiteItems();
        if (name == QLatin1String("llm"))
            items = kernels::llmItems();
        if (items.isEmpty())
            *message = tr("suite: unknown name \"%1\" (known: standard, memory, ceilings, llm)").arg(name);
        return items;
    }

    // ceilings and suite: item by item, so progress, results and cancel come between kernels.
    void batch(const Request &r)
    {
        QString message;
        const QList<kernels::SuiteItem> items = itemsFor(r, &message);
        if (items.isEmpty()) {
            refuse(r.id, message);
            return;
        }
        int code = Failed;
        kernels::Runner *dev = runner(r, &code, &message);
        if (!dev) {
            error(r.id, message, code);
            m_out.send(model::events::done(false), r.id);
            return;
        }
        m_out.send(model::events::device(deviceInfo(*dev)), r.id);
        QElapsedTimer clock;
        clock.start();
        const int total = int(items.size());
        int problems = 0;
        for (int i = 0; i < total; ++i) {
            const kernels::SuiteItem &item = items.at(i);
            const QString what = model::events::describe(item.kernel, item.dtype, item.params);
            if (isCancelled(r.id)) {
                cancelled(r.id, tr("stopped after %1 of %2 kernels").arg(i).arg(total));
                return;
            }
            m_out.send(model::events::progress(i, total, what), r.id);
            dev->setProgress(
                [&](const QString &step) { m_out.send(model::events::progress(i, total, step), r.id); });
            model::ResultSet one;
            // "budget_s": seconds of timed samples per kernel (rooflab-cli ladder --budget).
            kernels::RunOptions options;
            options.budgetS =
                std::clamp(r.json.value(QLatin1String("budget_s")).toDouble(options.budgetS), 0.01, 60.0);
            kernels::Batch b(*dev, one, options);
            const double startedAt = double(clock.elapsed()) / 1e3;
            const bool goOn = b.run({item});
            dev->setProgress({});
            for (model::Measurement m : one.measurements) {
                m.startedAtS = startedAt;
                m_out.send(model::events::measurement(stamped(m, *dev)), r.id);
            }
            for (model::MeasuredCeiling c : one.ceilings) {
                c.extra.insert(QStringLiteral("host"), m_host);
                c.extra.insert(QStringLiteral("device_index"), dev->device().index);
                c.extra.insert(QStringLiteral("device_uuid"), dev->device().uuid);
                m_out.send(model::events::ceiling(c), r.id);
            }
            if (!goOn) {
                // No device, or the CUDA context died: nothing more can run in this process.
                const bool lost = dev->contextLost();
                error(r.id, b.problems().value(0, tr("%1 stopped the batch").arg(what)),
                      b.stopStatus() == kernels::RunStatus::NoDevice ? NoDevice : Failed, what, lost);
                m_out.send(model::events::done(false), r.id);
                return;
            }
            for (const QString &p : b.problems()) {
                ++problems;
                m_out.send(model::events::warning(p), r.id);
            }
        }
        m_out.send(model::events::progress(total, total, tr("%1 kernels done").arg(total)), r.id);
        QJsonObject done = model::events::done(problems == 0);
        if (problems > 0)
            done.insert(QStringLiteral("message"),
                        tr("%n kernel(s) failed or failed their check", nullptr, problems));
        m_out.send(done, r.id);
    }

    // The compiled reply with the main kernel's instruction mix ("instr_mix", as in results
    // files), or why it could not be counted ("instr_mix_error").
    QJsonObject withInstrMix(QJsonObject reply, const kernels::KernelSpec &spec,
                             const kernels::Catalog::Resolved &k, const kernels::CompileResult &c)
    {
        const kernels::KernelCode code = kernels::kernelCode(
            c, m_compiler, spec.mainKernel(k.params, k.dtype), kernels::mixFocusFor(spec.id));
        if (code.ok)
            reply.insert(QStringLiteral("instr_mix"), code.mix.toJson());
        else
            reply.insert(QStringLiteral("instr_mix_error"), code.error);
        return reply;
    }

    void compile(const Request &r)
    {
        const QString kernel = r.json.value(QLatin1String("kernel")).toString();
        const kernels::KernelSpec *spec = kernels::Catalog::instance().find(kernel);
        if (!spec || spec->source.isEmpty()) {
            refuse(r.id, !spec ? tr("unknown kernel \"%1\" (see: rooflab-cli kernels)").arg(kernel)
                               : tr("%1 is not a compiled kernel (nothing to compile)").arg(kernel));
            return;
        }
        QString message;
        const auto resolved = kernels::Catalog::resolveAll(
            *spec, paramsOf(r.json), r.json.value(QLatin1String("dtype")).toString(), &message);
        if (!resolved) {
            refuse(r.id, message);
            return;
        }
        QString arch = r.json.value(QLatin1String("arch")).toString();
        if (arch.isEmpty()) {
            const QList<kernels::Device> devices = kernels::cudaDevices();
            if (devices.isEmpty()) {
                refuse(r.id, tr("compile: \"arch\" is required (there is no CUDA device to take it from), "
                                "e.g. \"sm_90\""));
                return;
            }
            arch = devices.first().arch();
        }
        // The kernel's arch-specific target where it needs one ("sm_90" -> "sm_90a" for wgmma).
        kernels::CompileOptions o = spec->compileOptions(resolved->params, resolved->dtype);
        o.arch = kernels::Compiler::targetFor(kernel, o.arch, arch, &message);
        if (o.arch.isEmpty()) {
            refuse(r.id, message);
            return;
        }
        const QString what =
            model::events::describe(kernel, model::dtypeName(resolved->dtype), resolved->params);
        m_out.send(model::events::progress(0, 1, tr("%1: compiling for %2").arg(what, o.arch)), r.id);
        const kernels::CompileResult c = m_compiler.compile(o);
        if (!c.ok) {
            error(r.id, c.error + (c.log.isEmpty() ? QString() : QLatin1Char('\n') + c.log), Failed, what);
            m_out.send(model::events::done(false), r.id);
            return;
        }
        const kernels::KernelResources w = c.worst();
        m_out.send(withInstrMix(QJsonObject{{"event", "compiled"},
                                            {"kernel", kernel},
                                            {"arch", c.arch},
                                            {"resources", QJsonObject{{"regs", w.registers},
                                                                      {"smem", w.smemStaticBytes},
                                                                      {"spill_bytes", w.spillBytes()},
                                                                      {"stack_bytes", w.stackFrameBytes}}},
                                            {"cache_hit", c.cacheHit},
                                            {"compile_ms", c.compileMs},
                                            {"log", c.log}},
                                *spec, *resolved, c),
                   r.id);
        m_out.send(model::events::done(true), r.id);
    }

    // Waits `ms` (progress every 100 ms unless "quiet"): lets clients and tests try cancel
    // and time limits without a GPU.
    void sleep(const Request &r)
    {
        const int ms = std::clamp(r.json.value(QLatin1String("ms")).toInt(1000), 0, 3600 * 1000);
        const bool quiet = r.json.value(QLatin1String("quiet")).toBool(false);
        QElapsedTimer t;
        t.start();
        const int steps = std::max(1, ms / 100);
        for (int i = 0; i < steps; ++i) {
            if (isCancelled(r.id)) {
                cancelled(r.id, tr("stopped after %1 ms").arg(t.elapsed()));
                return;
            }
            if (!quiet)
                m_out.send(model::events::progress(i, steps, tr("sleeping %1 ms").arg(ms)), r.id);
            std::this_thread::sleep_for(std::chrono::milliseconds(std::min(100, ms)));
        }
        m_out.send(model::events::done(true), r.id);
    }

    Out m_out;
    const QString m_host = QSysInfo::machineHostName();
    std::mutex m_mutex;
    std::condition_variable m_wake;
    std::deque<Request> m_queue;
    std::set<QString> m_cancelled;
    QString m_current;
    bool m_eof = false;
    // Used by the job thread only.
    std::map<int, std::unique_ptr<kernels::Runner>> m_runners;
    std::unique_ptr<model::SpecDb> m_db;
    kernels::Compiler m_compiler;
};

} // namespace

int cmdWorker(const QStringList &args)
{
    QCommandLineParser p;
    if (!parse(p, args,
               "Run kernels for the GUI: JSON-lines requests on stdin, events on stdout (app/PROTOCOL.md). "
               "Exits when stdin is closed."))
        return p.isSet("help") ? Ok : BadInput;
    Worker w;
    return w.exec();
}

} // namespace cli
