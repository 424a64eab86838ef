// tile --compile: the ladder kernel that implements the tile (kernels/gemmtile.h), compiled
// with NVRTC for the GPU's architecture (no GPU needed); its real register count replaces the
// model's estimate, and the model input follows what the kernel launches.
#include "cmd_tile.h"

#include "compiler.h"
#include "gemmtile.h"

#include <QJsonArray>

namespace cli {

namespace {

namespace gemm = kernels::gemm;

void addOptions(QCommandLineParser &p)
{
    p.addOption(
        {"compile",
         "compile the matching GEMM ladder kernel with NVRTC for the GPU's architecture and use its real "
         "register count (no GPU needed)"});
    p.addOption(
        {"step",
         "ladder step to compile with --compile (default: gemm.mma_multistage for bf16/fp16, gemm.reg2d "
         "for fp32; see: rooflab-cli kernels)",
         "ID"});
    p.addOption({"tm", "results per thread along M (register-blocked steps; default: from --threads)", "n"});
    p.addOption({"tn", "results per thread along N (register-blocked steps; default: from --threads)", "n"});
    p.addOption({"param",
                 "a kernel parameter without an option of its own, NAME=VALUE, repeatable (the warp grid WM, "
                 "WN, WNITER, WARPS_M, WARPS_N; MINB, FRAGPIPE, TMA_STORE, CLUSTER_M, CLUSTER_N; see: "
                 "rooflab-cli kernels --id STEP)",
                 "NAME=VALUE"});
}

// --param NAME=VALUE: only the step's own parameters that no other option sets.
QString readExtras(const QCommandLineParser &p, gemm::TileConfig &c)
{
    const gemm::TileConfig defaults = gemm::defaultConfig(c.step, c.M);
    for (const QString &given : p.values("param")) {
        const qsizetype eq = given.indexOf(QLatin1Char('='));
        const QString name = given.left(eq).trimmed().toUpper();
        bool ok = false;
        const qint64 v = eq > 0 ? given.mid(eq + 1).trimmed().toLongLong(&ok) : 0;
        if (eq <= 0 || !ok)
            return QStringLiteral("--param: \"%1\" is not NAME=VALUE with a whole number").arg(given);
        if (!defaults.extras.contains(name)) {
            QStringList known = defaults.extras.keys();
            return QStringLiteral("--param: %1 has no parameter %2 without an option of its own (%3)")
                .arg(c.step, name, known.isEmpty() ? QStringLiteral("it has none") : known.join(", "));
        }
        c.extras[name] = v;
    }
    return {};
}

QJsonObject paramsJson(const kernels::Params &p)
{
    QJsonObject o;
    for (auto it = p.begin(); it != p.end(); ++it)
        o[it.key()] = double(it.value().toLongLong());
    return o;
}

TileCompileOutcome compile(const QCommandLineParser &p, model::TileInput &in, const model::Gpu &gpu)
{
    TileCompileOutcome out;
    if (!p.isSet("compile"))
        return out;
    auto refuse = [&](const QString &why) {
        out.error = why;
        out.badInput = true;
        return out;
    };

    gemm::TileConfig c;
    c.step = p.isSet("step") ? p.value("step") : gemm::defaultStep(in.dtype);
    if (c.step.isEmpty())
        return refuse(
            QStringLiteral("--compile: no ladder kernel computes %1 (the ladder runs fp32 on CUDA cores and "
                           "bf16/fp16 on tensor cores); leave out --compile for the model alone")
                .arg(model::dtypeName(in.dtype)));
    if (c.step == QLatin1String(gemm::kModelStep) || !gemm::tileSteps().contains(c.step))
        return refuse(QStringLiteral("--step: \"%1\" is not a GEMM ladder step (known: %2)")
                          .arg(c.step, gemm::tileSteps().mid(1).join(", ")));
    c.M = in.M;
    c.N = in.N;
    c.K = in.K;
    c.dtype = in.dtype;
    c.bm = in.bm;
    c.bn = in.bn;
    c.bk = in.bk;
    c.stages = in.stages;
    c.threads = in.threads;
    c.group = in.group;
    for (const char *name : {"tm", "tn"}) {
        if (!p.isSet(name))
            continue;
        bool ok = false;
        const int v = p.value(name).toInt(&ok);
        if (!ok || v < 1)
            return refuse(
                QStringLiteral("--%1: \"%2\" is not a positive whole number").arg(name, p.value(name)));
        (name[1] == 'm' ? c.tm : c.tn) = v;
    }
    // Options left at their defaults take the step's own value where it has only one.
    for (const auto &[option, field] :
         {std::pair{"stages", gemm::TileField::Stages}, {"group", gemm::TileField::Group}}) {
        const gemm::FieldRule r = gemm::fieldRule(c.step, field);
        if (!p.isSet(option) && r.role == gemm::FieldRole::Fixed && r.fixedValue > 0)
            c.setValue(field, r.fixedValue);
    }
    c.extras = gemm::defaultConfig(c.step, c.M).extras;
    if (const QString why = readExtras(p, c); !why.isEmpty())
        return refuse(why);
    // TM / TN not given: chosen from the threads (the threads stay as given, and are checked).
    const gemm::TileConfig n = gemm::normalized(c);
    c.tm = c.tm > 0 ? c.tm : n.tm;
    c.tn = c.tn > 0 ? c.tn : n.tn;

    const gemm::TilePlan plan = gemm::plan(c, &gpu);
    if (!plan.problems.isEmpty())
        return refuse(
            QStringLiteral("--compile: %1 cannot take this tile: %2").arg(c.step, plan.problems.join("; ")));

    // A count given with --regs is kept: the tile is still mapped onto its kernel, not compiled.
    const std::optional<int> given = in.registers;
    kernels::Compiler compiler;
    gemm::TileCompile r;
    if (given) {
        QString why;
        r.ok = true;
        r.kernel = plan.kernelId;
        r.arch = gemm::archForGpu(plan.kernelId, gpu, &why);
        r.registers = *given;
    } else {
        r = gemm::compileTile(plan, gpu, compiler);
    }
    if (!r.ok) {
        out.error = QStringLiteral("%1 for %2: %3")
                        .arg(c.step, r.arch.isEmpty() ? gpu.displayName() : r.arch, r.error);
        out.badInput = r.arch.isEmpty(); // no architecture for this GPU: bad input, not a compiler failure
        return out;
    }

    // The model sees what the kernel launches: its padding, and the threads that compute outputs.
    const qint64 userExtra = in.extraSmemBytes;
    const auto l2 = in.l2BandwidthBytesPerS;
    const int carveout = in.carveout;
    const model::L2Footprint footprint = in.footprint;
    in = plan.input;
    in.extraSmemBytes += userExtra;
    in.l2BandwidthBytesPerS = l2;
    in.carveout = carveout;
    in.footprint = footprint;
    in.registers = given;
    if (!given)
        out.registers = r.registers;
    out.plan = plan;
    out.compiled = r;

    QJsonArray notes;
    for (const QString &note : plan.notes)
        notes.append(note);
    out.details = QJsonObject{{"kernel", r.kernel},
                              {"compiled", !given},
                              {"arch", r.arch},
                              {"params", paramsJson(plan.kernelParams)},
                              {"registers", r.registers},
                              {"smem_static_bytes", r.smemStaticBytes},
                              {"spill_bytes", r.spillBytes},
                              {"launch_threads", plan.launchThreads},
                              {"compile_ms", r.compileMs},
                              {"cache_hit", r.cacheHit},
                              {"nvrtc", kernels::Compiler::nvrtcVersion()},
                              {"notes", notes}};
    QStringList params;
    for (auto it = plan.kernelParams.begin(); it != plan.kernelParams.end(); ++it)
        if (it.key() != QLatin1String("M") && it.key() != QLatin1String("N") &&
            it.key() != QLatin1String("K"))
            params.append(it.key() + '=' + it.value().toString());
    out.rows = {{given ? "ladder kernel" : "compiled kernel",
                 given ? QStringLiteral("%1 for %2 (not compiled: --regs given)").arg(r.kernel, r.arch)
                       : QStringLiteral("%1 for %2 (NVRTC %3%4)")
                             .arg(r.kernel, r.arch, kernels::Compiler::nvrtcVersion(),
                                  r.cacheHit ? QStringLiteral(", cached") : QString())},
                {"kernel parameters", params.join(' ')},
                {"spills", QStringLiteral("%1 bytes").arg(r.spillBytes)}};
    return out;
}

} // namespace

TileCompileHook nvrtcTileCompileHook()
{
    TileCompileHook h;
    h.addOptions = addOptions;
    h.compile = compile;
    return h;
}

} // namespace cli
