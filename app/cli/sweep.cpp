#include "sweep.h"

#include "compiler.h"
#include "gemmladder.h"

#include <QElapsedTimer>
#include <QSet>

#include <algorithm>
#include <atomic>
#include <thread>
#include <vector>

namespace cli {

std::optional<SweepAxis> parseAxis(const QString &text, QString *error)
{
    const qsizetype eq = text.indexOf('=');
    if (eq <= 0) {
        *error = QStringLiteral("--axis: \"%1\" is not NAME=a,b,c").arg(text);
        return std::nullopt;
    }
    SweepAxis axis;
    axis.name = text.left(eq).trimmed();
    for (const QString &v : text.mid(eq + 1).split(',')) {
        const QString value = v.trimmed();
        if (value.isEmpty()) {
            *error = QStringLiteral("--axis %1: an empty value in \"%2\"").arg(axis.name, text.mid(eq + 1));
            return std::nullopt;
        }
        if (axis.values.contains(value)) {
            *error = QStringLiteral("--axis %1: the value %2 is given twice").arg(axis.name, value);
            return std::nullopt;
        }
        axis.values.append(value);
    }
    return axis;
}

QString checkAxes(const kernels::KernelSpec &spec, const QVariantMap &fixed, const QList<SweepAxis> &axes)
{
    QSet<QString> seen;
    qint64 points = 1;
    for (const SweepAxis &a : axes) {
        if (!spec.param(a.name)) {
            QStringList known;
            for (const kernels::ParamSpec &ps : spec.params)
                known.append(ps.name);
            return QStringLiteral("--axis: %1 has no parameter %2 (known: %3)")
                .arg(spec.id, a.name, known.join(", "));
        }
        if (seen.contains(a.name))
            return QStringLiteral("--axis: %1 is given twice (list its values in one --axis)").arg(a.name);
        if (fixed.contains(a.name))
            return QStringLiteral("--axis: %1 is also given as --param (give it one way)").arg(a.name);
        seen.insert(a.name);
        points *= a.values.size();
        if (points > kMaxSweepPoints)
            return QStringLiteral("--axis: more than %1 combinations; sweep fewer values")
                .arg(kMaxSweepPoints);
    }
    return {};
}

QList<SweepPoint> expandSweep(const kernels::KernelSpec &spec, const QVariantMap &fixed,
                              const QList<SweepAxis> &axes, const QString &dtype, qint64 maxDynSmem)
{
    const bool ladderStep = !kernels::gemm::tileParams(spec.id).isEmpty();
    // An odometer over the axes' value indices, the last axis turning fastest.
    std::vector<qsizetype> at(size_t(axes.size()), 0);
    QList<SweepPoint> points;
    for (;;) {
        SweepPoint pt;
        pt.given = fixed;
        QStringList label;
        for (qsizetype i = 0; i < axes.size(); ++i) {
            const QString &v = axes[i].values[at[size_t(i)]];
            pt.given[axes[i].name] = v;
            label.append(axes[i].name + "=" + v);
        }
        pt.label = label.join(' ');
        QString error;
        if (const auto r = kernels::Catalog::resolveAll(spec, pt.given, dtype, &error)) {
            pt.params = r->params;
            pt.dtype = r->dtype;
            if (ladderStep && maxDynSmem > 0)
                pt.illegal = kernels::gemm::illegalReason(spec.id, pt.params, maxDynSmem);
        } else {
            pt.illegal = error;
        }
        points.append(pt);
        qsizetype i = axes.size() - 1;
        for (; i >= 0; --i) {
            if (++at[size_t(i)] < axes[i].values.size())
                break;
            at[size_t(i)] = 0;
        }
        if (i < 0)
            return points;
    }
}

namespace {

// The compiler's own first error line (a static_assert's message, say), else its summary.
QString firstError(const kernels::CompileResult &r)
{
    for (const QString &line : r.log.split('\n'))
        if (line.contains(QLatin1String("error")))
            return line.trimmed();
    return r.error.section('\n', 0, 0);
}

} // namespace

double precompileSweep(const kernels::KernelSpec &spec, QList<SweepPoint> &points, const QString &arch,
                       int threads)
{
    QElapsedTimer wall;
    wall.start();
    if (spec.source.isEmpty() || !spec.compileOptions)
        return 0;
    std::vector<SweepPoint *> legal;
    for (SweepPoint &pt : points)
        if (pt.illegal.isEmpty())
            legal.push_back(&pt);
    // NVRTC compiles separate programs concurrently; each thread keeps its own Compiler, and
    // the disk cache they share is written file by file with QSaveFile.
    std::atomic<size_t> next{0};
    auto work = [&] {
        kernels::Compiler compiler;
        for (size_t i = next++; i < legal.size(); i = next++) {
            SweepPoint &pt = *legal[i];
            kernels::CompileOptions o = spec.compileOptions(pt.params, pt.dtype);
            // As the Runner does: the arch-specific target where the kernel asks for it.
            o.arch = arch + (o.arch == arch + "a" ? "a" : "");
            const kernels::CompileResult r = compiler.compile(o);
            if (!r.ok)
                pt.illegal = firstError(r);
        }
    };
    const int n = std::clamp(threads, 1, int(std::max<size_t>(legal.size(), 1)));
    std::vector<std::thread> pool;
    for (int t = 1; t < n; ++t)
        pool.emplace_back(work);
    work();
    for (std::thread &t : pool)
        t.join();
    return double(wall.elapsed());
}

} // namespace cli
