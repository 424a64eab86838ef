#include "kernelmix.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMutex>
#include <QProcess>
#include <QSaveFile>
#include <QStandardPaths>
#include <QTemporaryDir>

namespace kernels {

namespace {

QString tr(const char *s)
{
    return QCoreApplication::translate("kernels::KernelMix", s);
}

constexpr char kMixFormat[] = "rooflab-mix/1";

QMutex &cacheMutex()
{
    static QMutex m;
    return m;
}

QHash<QString, KernelCode> &memoryCache()
{
    static QHash<QString, KernelCode> c;
    return c;
}

QString focusName(model::MixFocus f)
{
    switch (f) {
    case model::MixFocus::Math:
        return QStringLiteral("math");
    case model::MixFocus::Memory:
        return QStringLiteral("memory");
    case model::MixFocus::Auto:
        break;
    }
    return QStringLiteral("auto");
}

QStringList toolkitBinDirs()
{
    QStringList dirs;
    for (const char *var : {"CUDA_HOME", "CUDA_PATH"}) {
        const QString v = qEnvironmentVariable(var);
        if (!v.isEmpty())
            dirs.append(v + QLatin1String("/bin"));
    }
    dirs.append(QStringLiteral("/usr/local/cuda/bin"));
    // The toolkit found at build time: <root>/include or <root>/targets/<triple>/include.
    for (const QString &inc :
         QStringLiteral(ROOFLAB_CUDA_INCLUDE_DIRS).split(QLatin1Char(';'), Qt::SkipEmptyParts)) {
        dirs.append(QDir::cleanPath(inc + QLatin1String("/../bin")));
        dirs.append(QDir::cleanPath(inc + QLatin1String("/../../../bin")));
    }
    dirs.removeDuplicates();
    return dirs;
}

} // namespace

QStringList disassemblerCandidates()
{
    QStringList c = {QStringLiteral("nvdisasm (PATH)"), QStringLiteral("cuobjdump (PATH)")};
    for (const QString &d : toolkitBinDirs())
        c.append(d);
    return c;
}

Disassembler findDisassembler()
{
    if (qEnvironmentVariableIntValue("ROOFLAB_NO_DISASSEMBLER") == 1)
        return {};
    // Looked up again only when the environment that decides it changes.
    static QMutex mutex;
    static QString lastEnv;
    static Disassembler last;
    const QString env = qEnvironmentVariable("PATH") + QLatin1Char('\n') + qEnvironmentVariable("CUDA_HOME") +
                        QLatin1Char('\n') + qEnvironmentVariable("CUDA_PATH");
    QMutexLocker lock(&mutex);
    if (env == lastEnv && !lastEnv.isEmpty())
        return last;
    last = {};
    lastEnv = env;
    for (const char *name : {"nvdisasm", "cuobjdump"}) {
        const QString n = QLatin1String(name);
        QString p = QStandardPaths::findExecutable(n);
        if (p.isEmpty())
            p = QStandardPaths::findExecutable(n, toolkitBinDirs());
        if (!p.isEmpty()) {
            last = {QFileInfo(p).absoluteFilePath(), n};
            break;
        }
    }
    return last;
}

QString disassemble(const QByteArray &cubin, const Disassembler &d, QString *error)
{
    auto fail = [&](const QString &m) {
        if (error)
            *error = m;
        return QString();
    };
    if (!d.isValid())
        return fail(tr("no disassembler (nvdisasm or cuobjdump) was found (looked in: %1)")
                        .arg(disassemblerCandidates().join(QLatin1String(", "))));
    if (cubin.isEmpty())
        return fail(tr("there is no compiled image to disassemble"));
    QTemporaryDir dir;
    if (!dir.isValid())
        return fail(tr("cannot create a temporary folder: %1").arg(dir.errorString()));
    const QString path = dir.filePath(QStringLiteral("kernel.cubin"));
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(cubin) != cubin.size())
        return fail(tr("cannot write %1: %2").arg(path, f.errorString()));
    f.close();
    QProcess p;
    const QStringList args =
        d.kind == QLatin1String("cuobjdump") ? QStringList{QStringLiteral("-sass"), path} : QStringList{path};
    p.start(d.program, args);
    if (!p.waitForStarted(10000))
        return fail(tr("%1 did not start: %2").arg(d.program, p.errorString()));
    if (!p.waitForFinished(120000)) {
        p.kill();
        p.waitForFinished(1000);
        return fail(tr("%1 did not finish within 120 s").arg(d.program));
    }
    const QString out = QString::fromUtf8(p.readAllStandardOutput());
    if (p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0) {
        const QString err =
            QString::fromUtf8(p.readAllStandardError()).trimmed().section(QLatin1Char('\n'), 0, 0);
        return fail(tr("%1 failed (exit code %2): %3")
                        .arg(QFileInfo(d.program).fileName())
                        .arg(p.exitCode())
                        .arg(err));
    }
    return out;
}

model::MixFocus mixFocusFor(const QString &kernelId)
{
    if (kernelId.startsWith(QLatin1String("gemm.")))
        return model::MixFocus::Math;
    if (kernelId.startsWith(QLatin1String("memory.")))
        return model::MixFocus::Memory;
    return model::MixFocus::Auto;
}

KernelCode kernelCode(const CompileResult &compiled, Compiler &compiler, const QString &entry,
                      model::MixFocus focus, MixSource source, bool keepText)
{
    KernelCode k;
    k.arch = compiled.arch;
    if (!compiled.ok) {
        k.error = compiled.error.isEmpty() ? tr("the kernel did not compile") : compiled.error;
        return k;
    }
    if (!entry.isEmpty()) {
        const KernelResources *r = compiled.find(entry);
        k.entry = r ? r->lowered : entry;
    } else if (compiled.kernels.size() == 1) {
        k.entry = compiled.kernels.first().lowered;
    }
    const Disassembler dis = source == MixSource::Ptx ? Disassembler{} : findDisassembler();
    const bool fromSass = dis.isValid();
    if (source == MixSource::Sass && !fromSass) {
        k.error = tr("no disassembler (nvdisasm or cuobjdump) was found (looked in: %1)")
                      .arg(disassemblerCandidates().join(QLatin1String(", ")));
        return k;
    }
    const QString src = fromSass ? QStringLiteral("sass") : QStringLiteral("ptx");
    const QString key = QStringList{compiled.cacheKey, k.entry, focusName(focus), src}.join(QLatin1Char('|'));
    const bool cacheable = !compiled.cacheKey.isEmpty() && !keepText;

    if (cacheable) {
        QMutexLocker lock(&cacheMutex());
        if (const auto it = memoryCache().constFind(key); it != memoryCache().constEnd()) {
            KernelCode hit = it.value();
            hit.cacheHit = true;
            return hit;
        }
    }
    // The disk cache beside the Compiler's image: one file per compile, one object per entry.
    const QString mixPath = compiled.cacheKey.isEmpty()
                                ? QString()
                                : QDir(compiler.cacheDir()).filePath(compiled.cacheKey + ".mix.json");
    QJsonObject disk;
    if (!mixPath.isEmpty()) {
        QFile f(mixPath);
        if (f.open(QIODevice::ReadOnly)) {
            disk = QJsonDocument::fromJson(f.readAll()).object();
            if (disk.value(QLatin1String("format")).toString() != QLatin1String(kMixFormat))
                disk = {};
        }
    }
    const QString diskKey = QStringList{k.entry, focusName(focus), src}.join(QLatin1Char('|'));
    if (cacheable) {
        const QJsonObject e = disk.value(QLatin1String("entries")).toObject().value(diskKey).toObject();
        if (!e.isEmpty()) {
            k.ok = true;
            k.mix = model::InstrMix::fromJson(e.value(QLatin1String("mix")).toObject());
            k.disassembler = e.value(QLatin1String("disassembler")).toString();
            if (k.entry.isEmpty())
                k.entry = k.mix.kernel;
            {
                QMutexLocker lock(&cacheMutex());
                memoryCache().insert(key, k);
            }
            k.cacheHit = true;
            return k;
        }
    }

    QString text;
    if (fromSass) {
        QString why;
        text = disassemble(compiled.cubin, dis, &why);
        if (text.isEmpty()) {
            k.error = why;
            return k;
        }
        k.mix = model::countSass(text, k.entry, focus);
        k.disassembler = dis.program;
        if (keepText)
            k.sass = text;
    } else {
        if (compiled.ptx.isEmpty()) {
            k.error = tr("the compile kept no PTX to count");
            return k;
        }
        text = QString::fromUtf8(compiled.ptx);
        k.mix = model::countPtx(text, k.entry, focus);
    }
    if (keepText)
        k.ptx = QString::fromUtf8(compiled.ptx);
    if (k.mix.isEmpty()) {
        k.error = k.entry.isEmpty()
                      ? tr("no function with instructions in the %1").arg(src.toUpper())
                      : tr("%1 is not in the %2 (or has no instructions)").arg(k.entry, src.toUpper());
        return k;
    }
    k.mix.arch = compiled.arch; // "sm_90a" as compiled (the listing says only SM90)
    if (k.entry.isEmpty())
        k.entry = k.mix.kernel;
    k.ok = true;

    if (!compiled.cacheKey.isEmpty()) {
        KernelCode stored = k;
        stored.sass.clear();
        stored.ptx.clear();
        {
            QMutexLocker lock(&cacheMutex());
            memoryCache().insert(key, stored);
        }
        if (!mixPath.isEmpty() && QDir().mkpath(compiler.cacheDir())) {
            QJsonObject entries = disk.value(QLatin1String("entries")).toObject();
            entries.insert(diskKey, QJsonObject{{"mix", k.mix.toJson()}, {"disassembler", k.disassembler}});
            disk = QJsonObject{{"format", QLatin1String(kMixFormat)}, {"entries", entries}};
            QSaveFile f(mixPath);
            if (f.open(QIODevice::WriteOnly)) {
                f.write(QJsonDocument(disk).toJson(QJsonDocument::Compact));
                f.commit();
            }
        }
    }
    return k;
}

KernelCode catalogKernelCode(const KernelSpec &spec, const Params &params, model::Dtype dtype,
                             const QString &arch, Compiler &compiler, MixSource source, bool keepText,
                             CompileResult *compiled)
{
    KernelCode k;
    if (!spec.compileOptions || spec.source.isEmpty()) {
        k.error = tr("%1 is not a compiled kernel").arg(spec.id);
        return k;
    }
    CompileOptions o = spec.compileOptions(params, dtype);
    // A family that needs the arch-specific target (sm_90a: wgmma) gets it, as in the Runner.
    const QString want = Compiler::normalizeArch(arch);
    o.arch = !o.arch.isEmpty() && o.arch == want + QLatin1Char('a') ? o.arch : arch;
    const CompileResult r = compiler.compile(o);
    if (compiled)
        *compiled = r;
    if (!r.ok) {
        k.error = r.error;
        k.arch = r.arch;
        return k;
    }
    return kernelCode(r, compiler, spec.mainKernel(params, dtype), mixFocusFor(spec.id), source, keepText);
}

KernelCode compileJobCode(const gemm::CompileJob &job, Compiler &compiler, MixSource source)
{
    if (!job.ok) {
        KernelCode k;
        k.error = job.error;
        return k;
    }
    // The explorer asks on every knob change: a configuration counted before costs a lookup.
    static QHash<QString, KernelCode> byJob;
    const QString key = job.key + QLatin1Char('|') + QString::number(int(source)) + QLatin1Char('|') +
                        compiler.sourceDir() + QLatin1Char('|') +
                        (findDisassembler().isValid() ? "sass" : "ptx");
    {
        QMutexLocker lock(&cacheMutex());
        if (const auto it = byJob.constFind(key); it != byJob.constEnd()) {
            KernelCode hit = it.value();
            hit.cacheHit = true;
            return hit;
        }
    }
    KernelCode k = kernelCode(compiler.compile(job.options), compiler, {}, mixFocusFor(job.kernel), source);
    if (k.ok) {
        QMutexLocker lock(&cacheMutex());
        byJob.insert(key, k);
    }
    return k;
}

} // namespace kernels
