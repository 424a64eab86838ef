#include "profiler.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>

namespace cli {

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("cli::Profiler", text);
}

bool isExecutableFile(const QString &path)
{
    const QFileInfo f(path);
    return f.isFile() && f.isExecutable();
}

// The ==ERROR== lines ncu wrote (on either stream), trimmed.
QStringList errorLines(const QString &text)
{
    QStringList out;
    for (const QString &l : text.split(QLatin1Char('\n')))
        if (l.trimmed().startsWith(QLatin1String("==ERROR==")))
            out.append(l.trimmed());
    return out;
}

// The requested metrics an error line names: ncu refuses the whole run for one it does not
// know on this GPU, so those are dropped and the run tried again.
QStringList unknownMetrics(const QStringList &errors, const QStringList &metrics)
{
    QStringList out;
    for (const QString &m : metrics) {
        const QString base = m.section(QLatin1Char('.'), 0, 0);
        for (const QString &e : errors)
            if (e.contains(m) || e.contains(QRegularExpression(
                                     QStringLiteral("\\b%1\\b").arg(QRegularExpression::escape(base))))) {
                out.append(m);
                break;
            }
    }
    return out;
}

QString paramText(const QVariant &v)
{
    return v.typeId() == QMetaType::QString ? v.toString() : QString::number(v.toLongLong());
}

} // namespace

ProfileTarget ProfileTarget::of(const model::Measurement &m, int device)
{
    ProfileTarget t;
    t.kernel = m.kernel;
    t.params = m.params;
    t.dtype = m.dtype;
    t.device = device;
    t.entry = m.resources.value(QStringLiteral("kernel")).toString();
    return t;
}

QString Profiler::findNcu(const QProcessEnvironment &env)
{
    if (env.contains(QStringLiteral("ROOFLAB_NCU"))) {
        const QString p = env.value(QStringLiteral("ROOFLAB_NCU"));
        return !p.isEmpty() && isExecutableFile(p) ? QFileInfo(p).absoluteFilePath() : QString();
    }
    const QStringList path =
        env.value(QStringLiteral("PATH")).split(QDir::listSeparator(), Qt::SkipEmptyParts);
    const QString onPath = QStandardPaths::findExecutable(QStringLiteral("ncu"), path);
    if (!onPath.isEmpty())
        return onPath;
    QStringList dirs;
    if (const QString home = env.value(QStringLiteral("CUDA_HOME")); !home.isEmpty())
        dirs.append(home + QStringLiteral("/bin"));
    dirs.append(QStringLiteral("/usr/local/cuda/bin"));
    for (const QString &d : dirs)
        if (isExecutableFile(d + QStringLiteral("/ncu")))
            return d + QStringLiteral("/ncu");
    return {};
}

Profiler::Profiler(QString ncu) : m_ncu(std::move(ncu)) {}

QString Profiler::notFoundMessage()
{
    return tr("profile: Nsight Compute (ncu) not found on PATH, in $CUDA_HOME/bin or /usr/local/cuda/bin; "
              "measuring without counters");
}

QString Profiler::entryStem(const QString &entry)
{
    QString s = entry.trimmed();
    const qsizetype cut = s.indexOf(QRegularExpression(QStringLiteral("[<(]")));
    if (cut >= 0)
        s = s.left(cut);
    s = s.trimmed();
    const qsizetype ns = s.lastIndexOf(QLatin1String("::"));
    return ns >= 0 ? s.mid(ns + 2) : s;
}

QString Profiler::kernelFilter(const QString &entry)
{
    const QString stem = entryStem(entry);
    if (stem.isEmpty())
        return QStringLiteral("regex:^(?!rl_)"); // no entry of its own: anything but the runner's kernels
    // The function name with or without namespace, template arguments or parameters.
    return QStringLiteral("regex:(^|::)%1($|[<(])").arg(QRegularExpression::escape(stem));
}

QStringList Profiler::childArguments(const ProfileTarget &t)
{
    QStringList a = {QStringLiteral("run"), t.kernel};
    for (auto it = t.params.cbegin(); it != t.params.cend(); ++it)
        a << QStringLiteral("--param") << it.key() + QLatin1Char('=') + paramText(it.value());
    if (!t.dtype.isEmpty())
        a << QStringLiteral("--dtype") << t.dtype;
    a << QStringLiteral("--device") << QString::number(t.device) << QStringLiteral("--repeat")
      << QStringLiteral("1") << QStringLiteral("--profile-child");
    return a;
}

QString Profiler::version() const
{
    if (!m_version.isEmpty())
        return m_version;
    m_version = readVersion();
    return m_version;
}

QString Profiler::readVersion() const
{
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove(QStringLiteral("LD_LIBRARY_PATH"));
    p.setProcessEnvironment(env);
    p.start(m_ncu, {QStringLiteral("--version")});
    if (!p.waitForFinished(30000)) {
        p.kill();
        p.waitForFinished(2000);
        return QStringLiteral("ncu");
    }
    const QString out = QString::fromLocal8Bit(p.readAllStandardOutput());
    const auto match = QRegularExpression(QStringLiteral("Version\\s+(\\S+)")).match(out);
    return match.hasMatch() ? QStringLiteral("ncu ") + match.captured(1) : QStringLiteral("ncu");
}

Profiler::Outcome Profiler::profile(const ProfileTarget &target, const QString &self) const
{
    Outcome o;
    if (!available()) {
        o.status = Status::NoNcu;
        o.message = notFoundMessage();
        return o;
    }
    const QString program = self.isEmpty() ? QCoreApplication::applicationFilePath() : self;
    // ncu runs with the libraries it was installed with, not this program's (a bundle's Qt on
    // LD_LIBRARY_PATH); the child gets them back through env.
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    QStringList launcher;
    if (env.contains(QStringLiteral("LD_LIBRARY_PATH")) && isExecutableFile(QStringLiteral("/usr/bin/env"))) {
        launcher = {QStringLiteral("/usr/bin/env"),
                    QStringLiteral("LD_LIBRARY_PATH=") + env.value(QStringLiteral("LD_LIBRARY_PATH"))};
        env.remove(QStringLiteral("LD_LIBRARY_PATH"));
    }
    // The child's own measurement is thrown away (only its counters count), so it needs no
    // instruction mix: no disassembler is started under ncu's injection (--target-processes all
    // would follow it too).
    env.insert(QStringLiteral("ROOFLAB_NO_DISASSEMBLER"), QStringLiteral("1"));
    QStringList metrics = model::ProfileCounters::metricNames();
    const QString stem = entryStem(target.entry);
    for (int attempt = 0; attempt < 3; ++attempt) {
        QStringList args = {QStringLiteral("--csv"),
                            QStringLiteral("--page"),
                            QStringLiteral("raw"),
                            QStringLiteral("--print-units"),
                            QStringLiteral("base"),
                            QStringLiteral("--clock-control"),
                            QStringLiteral("none"),
                            QStringLiteral("--metrics"),
                            metrics.join(QLatin1Char(',')),
                            QStringLiteral("--kernel-name-base"),
                            QStringLiteral("function"),
                            QStringLiteral("--kernel-name"),
                            kernelFilter(target.entry),
                            QStringLiteral("--launch-count"),
                            QStringLiteral("1"),
                            QStringLiteral("--target-processes"),
                            QStringLiteral("all")};
        args += launcher;
        args += program;
        args += childArguments(target);
        QProcess p;
        p.setProcessEnvironment(env);
        p.start(m_ncu, args);
        if (!p.waitForStarted(30000)) {
            o.message = tr("profile: %1 could not be started (%2); no counters").arg(m_ncu, p.errorString());
            return o;
        }
        if (!p.waitForFinished(timeoutMs)) {
            p.kill();
            p.waitForFinished(5000);
            o.message = tr("profile: ncu did not finish within %1 s; no counters").arg(timeoutMs / 1000);
            return o;
        }
        o.csv = p.readAllStandardOutput();
        const QString err = QString::fromLocal8Bit(p.readAllStandardError());
        const QString all = QString::fromLocal8Bit(o.csv) + QLatin1Char('\n') + err;
        if (all.contains(QLatin1String("ERR_NVGPUCTRPERM"))) {
            o.status = Status::NotPermitted;
            o.message = tr("profile: ncu may not read this GPU's performance counters (ERR_NVGPUCTRPERM; see "
                           "https://developer.nvidia.com/ERR_NVGPUCTRPERM); measuring without counters");
            return o;
        }
        const QStringList errors = errorLines(all);
        QString why;
        if (auto c = model::ProfileCounters::fromCsv(o.csv, stem, &why)) {
            c->clockControl = QStringLiteral("none");
            c->tool = version();
            o.counters = c;
            o.status = Status::Ok;
            return o;
        }
        const QStringList unknown = unknownMetrics(errors, metrics);
        if (!unknown.isEmpty() && unknown.size() < metrics.size()) {
            for (const QString &m : unknown)
                metrics.removeAll(m);
            continue; // a metric this ncu or GPU does not have: try without it
        }
        if (!errors.isEmpty())
            why = errors.first();
        else if (all.contains(QLatin1String("No kernels were profiled")))
            why = tr("no launch of %1 matched").arg(stem.isEmpty() ? target.kernel : stem);
        else if (p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0)
            why = tr("ncu exited with code %1: %2").arg(p.exitCode()).arg(why);
        o.message = tr("profile: %1; no counters").arg(why.simplified());
        return o;
    }
    o.message = tr("profile: ncu refused the metrics asked for; no counters");
    return o;
}

QString attachCounters(model::Measurement &m, int device, const Profiler &profiler, QByteArray *csv)
{
    const Profiler::Outcome o = profiler.profile(ProfileTarget::of(m, device));
    if (csv)
        *csv = o.csv;
    if (!o.counters)
        return o.message;
    o.counters->attachTo(m);
    return {};
}

} // namespace cli
