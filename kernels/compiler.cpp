#include "compiler.h"

#include "kernelpaths.h"

#include <nvrtc.h>

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QDir>
#include <QDirIterator>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QSaveFile>
#include <QStandardPaths>

#include <cstring>
#include <memory>
#include <vector>

namespace kernels {

namespace {

QString tr(const char *s)
{
    return QCoreApplication::translate("kernels::Compiler", s);
}

QString nvrtcText(nvrtcResult r)
{
    return QString::fromLatin1(nvrtcGetErrorString(r));
}

// Bumped when the cached metadata's meaning changes.
constexpr char kCacheFormat[] = "rooflab-kernel-cache/2";

QJsonObject toJson(const KernelResources &k)
{
    return {{"name", k.name},
            {"lowered", k.lowered},
            {"registers", k.registers},
            {"smem_static", k.smemStaticBytes},
            {"stack_frame", k.stackFrameBytes},
            {"spill_stores", k.spillStoreBytes},
            {"spill_loads", k.spillLoadBytes},
            {"barriers", k.barriers},
            {"from_cubin", k.fromCubin}};
}

KernelResources resourcesFromJson(const QJsonObject &o)
{
    KernelResources k;
    k.name = o["name"].toString();
    k.lowered = o["lowered"].toString();
    k.registers = o["registers"].toInt();
    k.smemStaticBytes = o["smem_static"].toInt();
    k.stackFrameBytes = o["stack_frame"].toInt();
    k.spillStoreBytes = o["spill_stores"].toInt();
    k.spillLoadBytes = o["spill_loads"].toInt();
    k.barriers = o["barriers"].toInt();
    k.fromCubin = o["from_cubin"].toBool();
    return k;
}

} // namespace

const KernelResources *CompileResult::find(const QString &name) const
{
    for (const KernelResources &k : kernels)
        if (k.name == name || k.lowered == name)
            return &k;
    return nullptr;
}

KernelResources CompileResult::worst() const
{
    KernelResources w;
    for (const KernelResources &k : kernels) {
        w.registers = std::max(w.registers, k.registers);
        w.smemStaticBytes = std::max(w.smemStaticBytes, k.smemStaticBytes);
        w.stackFrameBytes = std::max(w.stackFrameBytes, k.stackFrameBytes);
        w.spillStoreBytes = std::max(w.spillStoreBytes, k.spillStoreBytes);
        w.spillLoadBytes = std::max(w.spillLoadBytes, k.spillLoadBytes);
        w.barriers = std::max(w.barriers, k.barriers);
    }
    return w;
}

void preferRealCompiles()
{
    if (!qEnvironmentVariableIsSet("CUDA_CACHE_DISABLE"))
        qputenv("CUDA_CACHE_DISABLE", "1");
}

Compiler::Compiler(const QString &sourceDir, const QString &cacheDir)
    : m_sourceDir(sourceDir.isEmpty() ? kernelSourceDir() : sourceDir),
      m_cacheDir(cacheDir.isEmpty() ? defaultCacheDir() : cacheDir)
{
    preferRealCompiles();
}

QString Compiler::defaultCacheDir()
{
    const QString env = qEnvironmentVariable("ROOFLAB_CACHE_DIR");
    if (!env.isEmpty())
        return env;
    QString base = QStandardPaths::writableLocation(QStandardPaths::CacheLocation);
    if (base.isEmpty())
        base = QDir::tempPath() + "/rooflab-cache";
    return base + "/kernels";
}

QString Compiler::nvrtcVersion()
{
    int major = 0, minor = 0;
    if (::nvrtcVersion(&major, &minor) != NVRTC_SUCCESS)
        return {};
    return QStringLiteral("%1.%2").arg(major).arg(minor);
}

QList<int> Compiler::supportedArchs()
{
    int n = 0;
    if (nvrtcGetNumSupportedArchs(&n) != NVRTC_SUCCESS || n <= 0)
        return {};
    std::vector<int> archs(n);
    if (nvrtcGetSupportedArchs(archs.data()) != NVRTC_SUCCESS)
        return {};
    return QList<int>(archs.begin(), archs.end());
}

QString Compiler::normalizeArch(const QString &arch, QString *error)
{
    static const QRegularExpression re(QStringLiteral("^(?:sm_|compute_)?(\\d+)(?:\\.(\\d))?([af]?)$"));
    const auto m = re.match(arch.trimmed().toLower());
    int number = 0;
    if (m.hasMatch())
        number = m.captured(2).isEmpty() ? m.captured(1).toInt()
                                         : m.captured(1).toInt() * 10 + m.captured(2).toInt();
    const QList<int> supported = supportedArchs();
    if (!m.hasMatch() || !supported.contains(number)) {
        if (error) {
            QStringList names;
            for (int a : supported)
                names.append(QStringLiteral("sm_%1").arg(a));
            *error = tr("unsupported architecture \"%1\" (NVRTC %2 compiles for: %3)")
                         .arg(arch, nvrtcVersion(), names.join(", "));
        }
        return {};
    }
    return QStringLiteral("sm_%1%2").arg(number).arg(m.captured(3));
}

QString Compiler::targetFor(const QString &id, const QString &required, const QString &requested,
                            QString *error)
{
    const QString arch = normalizeArch(requested, error);
    if (arch.isEmpty() || !required.endsWith(QLatin1Char('a')))
        return arch;
    const auto base = [](const QString &a) {
        return a.endsWith(QLatin1Char('a')) || a.endsWith(QLatin1Char('f')) ? a.chopped(1) : a;
    };
    if (base(arch) == base(required))
        return required;
    if (error)
        *error = tr("%1 can only be compiled for %2 (it uses instructions that exist only there), not for %3")
                     .arg(id, required, arch);
    return {};
}

QList<KernelResources> Compiler::parsePtxasLog(const QString &log)
{
    static const QRegularExpression entry(QStringLiteral("Compiling entry function '([^']+)'"));
    static const QRegularExpression frame(
        QStringLiteral("(\\d+) bytes stack frame, (\\d+) bytes spill stores, (\\d+) bytes spill loads"));
    static const QRegularExpression used(QStringLiteral("Used (\\d+) registers"));
    static const QRegularExpression barriers(QStringLiteral("used (\\d+) barriers"));
    static const QRegularExpression smem(QStringLiteral("(\\d+) bytes smem"));
    QList<KernelResources> out;
    KernelResources *cur = nullptr;
    for (const QString &line : log.split('\n')) {
        if (const auto m = entry.match(line); m.hasMatch()) {
            out.append(KernelResources{});
            cur = &out.last();
            cur->lowered = m.captured(1);
            cur->name = cur->lowered;
            continue;
        }
        if (!cur)
            continue;
        if (const auto m = frame.match(line); m.hasMatch()) {
            cur->stackFrameBytes = m.captured(1).toInt();
            cur->spillStoreBytes = m.captured(2).toInt();
            cur->spillLoadBytes = m.captured(3).toInt();
        }
        if (const auto m = used.match(line); m.hasMatch()) {
            cur->registers = m.captured(1).toInt();
            if (const auto b = barriers.match(line); b.hasMatch())
                cur->barriers = b.captured(1).toInt();
            if (const auto s = smem.match(line); s.hasMatch())
                cur->smemStaticBytes = s.captured(1).toInt();
        }
    }
    return out;
}

QList<KernelResources> Compiler::parseCubin(const QByteArray &cubin)
{
    // ELF64, little endian: the section headers, their names, the symbol table, then the
    // CUDA attributes. Every read is bounds-checked; anything unexpected gives nothing.
    const qsizetype n = cubin.size();
    const auto *d = reinterpret_cast<const unsigned char *>(cubin.constData());
    auto u16 = [&](qsizetype o) { return o + 2 <= n ? quint16(d[o] | d[o + 1] << 8) : quint16(0); };
    auto u32 = [&](qsizetype o) {
        quint32 v = 0;
        if (o >= 0 && o + 4 <= n)
            std::memcpy(&v, d + o, 4);
        return v;
    };
    auto u64 = [&](qsizetype o) {
        quint64 v = 0;
        if (o >= 0 && o + 8 <= n)
            std::memcpy(&v, d + o, 8);
        return v;
    };
    if (n < 64 ||
        std::memcmp(d,
                    "\x7f"
                    "ELF",
                    4) != 0 ||
        d[4] != 2 || d[5] != 1)
        return {};
    const quint64 shoff = u64(0x28);
    const int shentsize = u16(0x3a), shnum = u16(0x3c), shstrndx = u16(0x3e);
    if (shentsize < 64 || shnum <= 0 || shstrndx >= shnum || shoff + quint64(shnum) * shentsize > quint64(n))
        return {};
    struct Section
    {
        quint32 name, type, link, info;
        quint64 offset, size;
    };
    QList<Section> secs;
    for (int i = 0; i < shnum; ++i) {
        const qsizetype o = qsizetype(shoff) + qsizetype(i) * shentsize;
        secs.append({u32(o), u32(o + 4), u32(o + 40), u32(o + 44), u64(o + 24), u64(o + 32)});
    }
    auto cstr = [&](quint64 base, quint64 off) {
        const quint64 at = base + off;
        if (at >= quint64(n))
            return QByteArray();
        const void *end = std::memchr(d + at, 0, size_t(quint64(n) - at));
        return end ? QByteArray(reinterpret_cast<const char *>(d + at),
                                qsizetype(static_cast<const unsigned char *>(end) - (d + at)))
                   : QByteArray();
    };
    const quint64 shstr = secs[shstrndx].offset;
    QMap<quint32, QByteArray> symbolNames; // symbol index -> name
    QMap<QByteArray, KernelResources> byName;
    bool reservedSmem = false;
    for (const Section &sec : secs) {
        const QByteArray name = cstr(shstr, sec.name);
        if (sec.type == 2 /* SHT_SYMTAB */ && sec.link < quint32(secs.size())) {
            const quint64 strBase = secs[sec.link].offset;
            for (quint64 o = 0; o + 24 <= sec.size; o += 24)
                symbolNames[quint32(o / 24)] = cstr(strBase, u32(qsizetype(sec.offset + o)));
        }
        if (name.startsWith(".nv.shared.reserved."))
            reservedSmem = true;
    }
    for (const Section &sec : secs) {
        const QByteArray name = cstr(shstr, sec.name);
        if (name.startsWith(".text.")) {
            KernelResources &k = byName[name.mid(6)];
            k.lowered = QString::fromLatin1(name.mid(6));
        }
    }
    for (const Section &sec : secs) {
        const QByteArray name = cstr(shstr, sec.name);
        if (name == ".nv.info") {
            // Records: format byte, attribute byte, then (format 4) a 16-bit size and payload.
            qsizetype o = qsizetype(sec.offset);
            const qsizetype end = std::min<qsizetype>(n, qsizetype(sec.offset + sec.size));
            while (o + 4 <= end) {
                const int format = d[o], attr = d[o + 1];
                if (format != 4) {
                    o += 4;
                    continue;
                }
                const int size = u16(o + 2);
                if (size == 8 && (attr == 0x2f || attr == 0x11)) { // EIATTR_REGCOUNT, EIATTR_FRAME_SIZE
                    const QByteArray fn = symbolNames.value(u32(o + 4));
                    if (byName.contains(fn)) {
                        if (attr == 0x2f)
                            byName[fn].registers = int(u32(o + 8));
                        else
                            byName[fn].stackFrameBytes = int(u32(o + 8));
                    }
                }
                o += 4 + size;
            }
        } else if (name.startsWith(".nv.shared.") && !name.startsWith(".nv.shared.reserved.")) {
            const QByteArray fn = name.mid(11);
            if (byName.contains(fn))
                byName[fn].smemStaticBytes =
                    int(std::max<qint64>(0, qint64(sec.size) - (reservedSmem ? 1024 : 0)));
        }
    }
    QList<KernelResources> out;
    for (auto it = byName.begin(); it != byName.end(); ++it) {
        KernelResources k = it.value();
        k.name = k.lowered;
        k.fromCubin = true;
        if (k.registers > 0)
            out.append(k);
    }
    return out;
}

QByteArray Compiler::headerText() const
{
    // Local headers are part of every source's meaning: a change in one must miss the cache.
    // Those of a family's folder too (gemm/ladder.cuh), named by their relative path.
    QByteArray all;
    const QDir dir(m_sourceDir);
    QStringList names;
    QDirIterator it(m_sourceDir, {"*.cuh", "*.h"}, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext())
        names.append(dir.relativeFilePath(it.next()));
    names.sort();
    for (const QString &name : names) {
        QFile f(dir.filePath(name));
        if (f.open(QIODevice::ReadOnly))
            all += name.toUtf8() + '\n' + f.readAll() + '\n';
    }
    return all;
}

CompileResult Compiler::compile(const CompileOptions &options)
{
    if (m_sourceDir.isEmpty()) {
        CompileResult r;
        r.error = tr("the kernel sources were not found (looked in: %1; set ROOFLAB_KERNELS)")
                      .arg(kernelSourceCandidates().join(", "));
        return r;
    }
    QFile f(QDir(m_sourceDir).filePath(options.source));
    if (!f.open(QIODevice::ReadOnly)) {
        CompileResult r;
        r.error = tr("cannot read kernel source %1: %2").arg(f.fileName(), f.errorString());
        return r;
    }
    return compileText(f.readAll(), options);
}

CompileResult Compiler::compileText(const QByteArray &text, const CompileOptions &options)
{
    CompileResult r;
    QString archError;
    r.arch = normalizeArch(options.arch, &archError);
    if (r.arch.isEmpty()) {
        r.error = archError;
        return r;
    }
    const QString include = cudaIncludeDir();
    if (include.isEmpty()) {
        r.error = tr("the CUDA include folder (cuda_fp16.h) was not found (looked in: %1; set "
                     "ROOFLAB_CUDA_INCLUDE)")
                      .arg(cudaIncludeCandidates().join(", "));
        return r;
    }

    QStringList opts = {"--gpu-architecture=" + r.arch, "--std=c++17", "--ptxas-options=-v"};
    for (auto it = options.defines.begin(); it != options.defines.end(); ++it)
        opts.append(it.value().isEmpty() ? "-D" + it.key()
                                         : QStringLiteral("-D%1=%2").arg(it.key(), it.value()));
    opts += options.extraOptions;
    // Include folders are not part of the key: their contents are (the local headers), and
    // the CUDA headers are tied to the NVRTC version, which is.
    const QStringList keyed = opts;
    if (!m_sourceDir.isEmpty())
        opts.append("-I" + m_sourceDir);
    opts.append("-I" + include);

    QCryptographicHash h(QCryptographicHash::Sha256);
    h.addData(QByteArray(kCacheFormat) + '\n');
    h.addData(nvrtcVersion().toUtf8() + '\n');
    h.addData(keyed.join('\n').toUtf8() + '\n');
    h.addData(options.nameExpressions.join('\n').toUtf8() + '\n');
    h.addData(options.source.toUtf8() + '\n');
    h.addData(text);
    h.addData(headerText());
    r.cacheKey = QString::fromLatin1(h.result().toHex().left(40));

    const QDir cache(m_cacheDir);
    const QString cubinPath = cache.filePath(r.cacheKey + ".cubin");
    const QString metaPath = cache.filePath(r.cacheKey + ".json");
    const QString ptxPath = cache.filePath(r.cacheKey + ".ptx");
    if (m_cacheEnabled) {
        // An entry written before the PTX was kept has no .ptx: compiled again once.
        QFile cf(cubinPath), mf(metaPath), pf(ptxPath);
        if (pf.open(QIODevice::ReadOnly) && cf.open(QIODevice::ReadOnly) && mf.open(QIODevice::ReadOnly)) {
            const QJsonObject meta = QJsonDocument::fromJson(mf.readAll()).object();
            const QByteArray cubin = cf.readAll();
            if (meta["format"].toString() == QLatin1String(kCacheFormat) && !cubin.isEmpty() &&
                meta["cubin_bytes"].toInteger() == cubin.size()) {
                r.cubin = cubin;
                r.ptx = pf.readAll();
                r.log = meta["log"].toString();
                r.compileMs = meta["compile_ms"].toDouble();
                for (const auto &k : meta["kernels"].toArray())
                    r.kernels.append(resourcesFromJson(k.toObject()));
                r.cacheHit = true;
                r.ok = true;
                return r;
            }
        }
    }

    preferRealCompiles();
    QElapsedTimer timer;
    timer.start();
    nvrtcProgram prog = nullptr;
    const QByteArray name = options.source.isEmpty() ? QByteArray("kernel.cu") : options.source.toUtf8();
    const QByteArray src = text + '\0';
    nvrtcResult rc = nvrtcCreateProgram(&prog, src.constData(), name.constData(), 0, nullptr, nullptr);
    if (rc != NVRTC_SUCCESS) {
        r.error = tr("nvrtcCreateProgram: %1").arg(nvrtcText(rc));
        return r;
    }
    std::unique_ptr<nvrtcProgram, void (*)(nvrtcProgram *)> guard(
        &prog, [](nvrtcProgram *p) { nvrtcDestroyProgram(p); });
    QList<QByteArray> exprs;
    for (const QString &e : options.nameExpressions) {
        exprs.append(e.toUtf8());
        rc = nvrtcAddNameExpression(prog, exprs.last().constData());
        if (rc != NVRTC_SUCCESS) {
            r.error = tr("nvrtcAddNameExpression(%1): %2").arg(e, nvrtcText(rc));
            return r;
        }
    }
    QList<QByteArray> optBytes;
    std::vector<const char *> optPtrs;
    for (const QString &o : opts)
        optBytes.append(o.toUtf8());
    for (const QByteArray &o : optBytes)
        optPtrs.push_back(o.constData());
    rc = nvrtcCompileProgram(prog, int(optPtrs.size()), optPtrs.data());
    size_t logSize = 0;
    if (nvrtcGetProgramLogSize(prog, &logSize) == NVRTC_SUCCESS && logSize > 1) {
        QByteArray log(qsizetype(logSize), '\0');
        if (nvrtcGetProgramLog(prog, log.data()) == NVRTC_SUCCESS)
            r.log = QString::fromUtf8(log.constData());
    }
    r.compileMs = double(timer.nsecsElapsed()) / 1e6;
    if (rc != NVRTC_SUCCESS) {
        r.error = tr("compiling %1 for %2 failed: %3").arg(options.source, r.arch, nvrtcText(rc));
        return r;
    }
    size_t cubinSize = 0;
    rc = nvrtcGetCUBINSize(prog, &cubinSize);
    if (rc != NVRTC_SUCCESS || cubinSize == 0) {
        r.error = tr("nvrtcGetCUBINSize: %1").arg(nvrtcText(rc));
        return r;
    }
    r.cubin.resize(qsizetype(cubinSize));
    rc = nvrtcGetCUBIN(prog, r.cubin.data());
    if (rc != NVRTC_SUCCESS) {
        r.error = tr("nvrtcGetCUBIN: %1").arg(nvrtcText(rc));
        return r;
    }
    // NVRTC keeps the PTX of a compile for a real architecture too: no second compile.
    size_t ptxSize = 0;
    if (nvrtcGetPTXSize(prog, &ptxSize) == NVRTC_SUCCESS && ptxSize > 1) {
        QByteArray ptx(qsizetype(ptxSize), '\0');
        if (nvrtcGetPTX(prog, ptx.data()) == NVRTC_SUCCESS)
            r.ptx = ptx.left(qsizetype(qstrnlen(ptx.constData(), size_t(ptx.size()))));
    }
    r.kernels = parsePtxasLog(r.log);
    // Where ptxas printed nothing for an entry (a cached image), read the cubin.
    for (const KernelResources &k : parseCubin(r.cubin)) {
        bool logged = false;
        for (const KernelResources &l : r.kernels)
            logged = logged || (l.lowered == k.lowered && l.registers > 0);
        if (!logged) {
            r.kernels.erase(std::remove_if(r.kernels.begin(), r.kernels.end(),
                                           [&](const KernelResources &l) { return l.lowered == k.lowered; }),
                            r.kernels.end());
            r.kernels.append(k);
        }
    }
    for (const QString &e : options.nameExpressions) {
        const char *lowered = nullptr;
        if (nvrtcGetLoweredName(prog, e.toUtf8().constData(), &lowered) != NVRTC_SUCCESS || !lowered) {
            r.error = tr("no lowered name for %1").arg(e);
            return r;
        }
        const QString low = QString::fromLatin1(lowered);
        bool found = false;
        for (KernelResources &k : r.kernels)
            if (k.lowered == low) {
                k.name = e;
                found = true;
            }
        if (!found) {
            // ptxas printed nothing for it (should not happen): still record the name mapping.
            KernelResources k;
            k.name = e;
            k.lowered = low;
            r.kernels.append(k);
        }
    }
    r.ok = true;

    if (m_cacheEnabled && QDir().mkpath(m_cacheDir)) {
        QJsonArray ks;
        for (const KernelResources &k : r.kernels)
            ks.append(toJson(k));
        const QJsonObject meta{{"format", QLatin1String(kCacheFormat)},
                               {"arch", r.arch},
                               {"nvrtc", nvrtcVersion()},
                               {"source", options.source},
                               {"compile_ms", r.compileMs},
                               {"cubin_bytes", qint64(r.cubin.size())},
                               {"log", r.log},
                               {"kernels", ks}};
        // The PTX and the image first, then the metadata that validates them: a reader never
        // sees metadata without its image.
        QSaveFile cf(cubinPath), pf(ptxPath);
        if (pf.open(QIODevice::WriteOnly) && pf.write(r.ptx) == r.ptx.size() && pf.commit() &&
            cf.open(QIODevice::WriteOnly) && cf.write(r.cubin) == r.cubin.size() && cf.commit()) {
            QSaveFile mf(metaPath);
            if (mf.open(QIODevice::WriteOnly)) {
                mf.write(QJsonDocument(meta).toJson(QJsonDocument::Compact));
                mf.commit();
            }
        }
    }
    return r;
}

} // namespace kernels
