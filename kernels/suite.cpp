#include "suite.h"

#include "buildstamp.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QJsonArray>

#include <cmath>
#include <numeric>

namespace kernels {

namespace {
QString tr(const char *s)
{
    return QCoreApplication::translate("kernels::Suite", s);
}
} // namespace

QJsonObject toolInfo(const QString &name)
{
    return {{"name", name}, {"version", QStringLiteral(ROOFLAB_VERSION_STRING)}, {"git", model::buildGit()}};
}

QList<model::MeasuredCeiling> datasheetCeilings(const model::Gpu &gpu)
{
    QList<model::MeasuredCeiling> out;
    for (auto it = gpu.bandwidth.begin(); it != gpu.bandwidth.end(); ++it) {
        model::MeasuredCeiling c;
        c.kind = "memory";
        c.level = it.key();
        c.value = it.value().value;
        c.unit = "B/s";
        c.probe = "datasheet";
        c.extra = {{"source", it.value().source}, {"spec", gpu.id}};
        out.append(c);
    }
    for (auto it = gpu.peaks.begin(); it != gpu.peaks.end(); ++it) {
        model::MeasuredCeiling c;
        c.kind = "compute";
        c.precision = it.key();
        c.value = it.value().value;
        c.unit = "FLOP/s";
        c.probe = "datasheet";
        c.clockMhz = gpu.boostClockMhz ? gpu.boostClockMhz->value : 0;
        c.extra = {{"source", it.value().source}, {"spec", gpu.id}};
        out.append(c);
    }
    return out;
}

model::ResultSet newResultSet(const Runner &runner, const QJsonObject &tool)
{
    model::ResultSet rs;
    rs.created = QDateTime::currentDateTimeUtc().toString(Qt::ISODate);
    rs.tool = tool;
    rs.device = runner.deviceInfo();
    if (runner.spec())
        rs.ceilings = datasheetCeilings(*runner.spec());
    return rs;
}

const QList<SuiteItem> &ceilingItems()
{
    static const QList<SuiteItem> items = {
        {"probe.hbm_read", {}, "fp32", "memory", "hbm", "", "hbm_read"},
        {"probe.hbm_write", {}, "fp32", "memory", "hbm", "", "hbm_write"},
        {"probe.hbm_copy", {}, "fp32", "memory", "hbm", "", "hbm_copy"},
        {"probe.memcpy_d2d", {}, "fp32", "memory", "hbm", "", "cudaMemcpyAsync"},
        {"probe.l2_read", {}, "fp32", "memory", "l2", "", "l2_read"},
        // L2 through the copy engine, the TMA steps' path (sm_90 and newer): its own ceiling.
        {"probe.l2_bulk", {}, "fp32", "memory", "l2", "", "l2_bulk", 9},
        {"probe.smem_read", {{"stride", 1}}, "fp32", "memory", "smem", "", "smem_read"},
        {"probe.fma_fp32", {}, "fp32", "compute", "", "fp32", "fma_fp32"},
        {"probe.fma_fp64", {}, "fp64", "compute", "", "fp64", "fma_fp64"},
        {"probe.hfma2_fp16", {}, "fp16", "compute", "", "fp16", "hfma2_fp16"},
        {"probe.mma_bf16", {}, "bf16", "compute", "", "bf16_tc", "mma_bf16"},
        {"probe.mma_fp16", {}, "fp16", "compute", "", "fp16_tc", "mma_fp16"},
        {"probe.mma_tf32", {}, "tf32", "compute", "", "tf32_tc", "mma_tf32"},
        {"probe.cublas_bf16", {}, "bf16", "compute", "", "bf16_tc", "cublas_bf16"},
    };
    return items;
}

const QList<SuiteItem> &suiteItems()
{
    static const QList<SuiteItem> items = [] {
        QList<SuiteItem> l;
        auto add = [&](const QString &k, const QVariantMap &p, const QString &dt = "fp32", int minMajor = 0) {
            l.append({k, p, dt, {}, {}, {}, {}, minMajor});
        };
        add("memory.copy", {{"variant", "vector"}});
        add("memory.copy", {{"variant", "scalar"}, {"block", 256}}); // kernel-engineering notes' first try
        add("memory.copy", {{"variant", "persistent"}});             // the two aimed at cudaMemcpyAsync
        add("memory.copy", {{"variant", "bulk"}}, "fp32", 9);        // TMA bulk copies: sm_90 and newer
        add("memory.vector_add", {{"variant", "vector"}});
        add("memory.vector_add", {{"variant", "scalar"}});
        add("memory.vector_add", {{"variant", "vector"}}, "bf16");
        add("memory.triad", {{"variant", "vector"}});
        for (int s : {1, 2, 4, 8, 32})
            add("memory.strided_read", {{"stride", s}});
        add("memory.reduce", {{"variant", "tree"}});
        add("memory.reduce", {{"variant", "atomic"}});
        add("memory.softmax", {{"variant", "online"}});
        add("memory.softmax", {{"variant", "three_pass"}});
        add("memory.softmax", {{"variant", "online"}}, "bf16");
        add("memory.rmsnorm", {});
        add("memory.rmsnorm", {}, "bf16");
        add("memory.layernorm", {{"variant", "fused"}});
        add("memory.layernorm", {{"variant", "two_kernels"}});
        add("memory.layernorm", {{"variant", "fused"}}, "bf16");
        // Bank conflicts: fewer iterations where each load costs gcd(s, 32) times more.
        for (int s : {2, 4, 8, 32})
            add("probe.smem_read", {{"stride", s}, {"iters", 4096 / std::gcd(s, 32)}});
        return l;
    }();
    return items;
}

Batch::Batch(Runner &runner, model::ResultSet &results, const RunOptions &options)
    : m_runner(runner), m_results(results), m_options(options)
{
    m_clock.start();
}

bool Batch::run(const QList<SuiteItem> &items)
{
    for (const SuiteItem &item : items) {
        if (item.minMajor > 0 && m_runner.device().major < item.minMajor)
            continue;
        const double startedAt = double(m_clock.elapsed()) / 1e3;
        const RunResult r = m_runner.run(item.kernel, item.params, item.dtype, m_options);
        if (r.status == RunStatus::NoDevice) {
            m_stop = r.status;
            m_problems.append(r.message);
            return false;
        }
        if (!r.measurement) {
            ++m_errors;
            m_problems.append(r.message);
            if (m_runner.contextLost()) {
                m_stop = RunStatus::Failed;
                return false;
            }
            continue;
        }
        model::Measurement m = *r.measurement;
        m.startedAtS = startedAt;
        if (m_afterRun)
            m_afterRun(m);
        m_results.measurements.append(m);
        if (!m.check.ok) {
            ++m_failedChecks;
            m_problems.append(r.message);
            continue; // a probe whose output is wrong measures no ceiling
        }
        if (!item.ceilingKind.isEmpty()) {
            model::MeasuredCeiling c;
            c.kind = item.ceilingKind;
            c.level = item.ceilingLevel;
            c.precision = item.ceilingPrecision;
            const bool memory = c.kind == QLatin1String("memory");
            c.value = memory ? m.bytesPerS() : m.flopPerS();
            c.unit = memory ? "B/s" : "FLOP/s";
            c.probe = item.probe;
            c.clockMhz = m.clockMhz;
            c.extra = {{"kernel", m.kernel}, {"measurement", int(m_results.measurements.size() - 1)}};
            m_results.ceilings.append(c);
        }
    }
    return true;
}

int fp32LanesPerSm(const QString &cc)
{
    const QStringList parts = cc.split('.');
    const int major = parts.value(0).toInt(), minor = parts.value(1).toInt();
    if (major < 8 || (major == 8 && minor == 0))
        return 64;
    return 128;
}

const model::Measurement *findPassed(const model::ResultSet &rs, const QString &kernel,
                                     const QVariantMap &params, const QString &dtype)
{
    for (const model::Measurement &m : rs.measurements) {
        if (m.kernel != kernel || m.dtype != dtype || !m.check.ok || m.time.median <= 0)
            continue;
        bool match = true;
        for (auto it = params.begin(); it != params.end() && match; ++it)
            match = m.params.value(it.key()).toString() == it.value().toString();
        if (match)
            return &m;
    }
    return nullptr;
}

QJsonObject suiteSummary(const model::ResultSet &rs)
{
    QJsonObject out;
    auto bw = [&](const QString &k, const QVariantMap &p, const QString &dt = "fp32") {
        const model::Measurement *m = findPassed(rs, k, p, dt);
        return m ? m->bytesPerS() : 0.0;
    };
    auto ratio = [&](const QString &name, double num, double den, double target, const QString &what) {
        if (num <= 0 || den <= 0)
            return;
        QJsonObject o{{"value", num / den}, {"what", what}};
        if (target > 0) {
            o["target"] = target;
            o["met"] = num / den >= target;
        }
        out[name] = o;
    };
    const double memcpy = bw("probe.memcpy_d2d", {});
    const double copy = bw("probe.hbm_copy", {});
    const double read = bw("probe.hbm_read", {});
    ratio("copy_vector_vs_memcpy", bw("memory.copy", {{"variant", "vector"}}), memcpy, 0.95,
          tr("vector copy / cudaMemcpyAsync device to device"));
    // The copy figure: the fastest of the three 16-byte variants against cudaMemcpyAsync.
    QString bestCopy;
    double bestCopyBw = 0;
    for (const char *v : {"vector", "persistent", "bulk"})
        if (const double b = bw("memory.copy", {{"variant", v}}); b > bestCopyBw) {
            bestCopyBw = b;
            bestCopy = QString::fromLatin1(v);
        }
    ratio("copy_best_vs_memcpy", bestCopyBw, memcpy, 1.00,
          tr("fastest copy variant (%1) / cudaMemcpyAsync device to device").arg(bestCopy));
    ratio("vector_add_vs_copy", bw("memory.vector_add", {{"variant", "vector"}}), copy, 0.90,
          tr("vector add (fp32) / copy ceiling"));
    ratio("triad_vs_copy", bw("memory.triad", {{"variant", "vector"}}), copy, 0.90,
          tr("triad (fp32) / copy ceiling"));
    ratio("reduce_tree_vs_hbm_read", bw("memory.reduce", {{"variant", "tree"}}), read, 0.90,
          tr("tree reduction / HBM read ceiling"));
    ratio("softmax_online_vs_copy", bw("memory.softmax", {{"variant", "online"}, {"cols", 4096}}), copy, 0.85,
          tr("one-pass softmax, 4096 columns (fp32) / copy ceiling"));
    ratio("rmsnorm_vs_copy", bw("memory.rmsnorm", {{"cols", 4096}}), copy, 0.85,
          tr("RMSNorm, 4096 columns (fp32) / copy ceiling"));
    ratio("layernorm_fused_vs_copy", bw("memory.layernorm", {{"variant", "fused"}, {"cols", 4096}}), copy,
          0.85, tr("fused LayerNorm + residual, 4096 columns (fp32) / copy ceiling"));
    if (const model::Measurement *f = findPassed(rs, "probe.fma_fp32", {})) {
        const double peak = double(rs.device.sms) * fp32LanesPerSm(rs.device.cc) * 2.0 * f->clockMhz * 1e6;
        ratio("fma_fp32_vs_clock_peak", f->flopPerS(), peak, 0.90,
              tr("FP32 FMA probe / (SMs x %1 lanes x 2 x the measured clock %2 MHz)")
                  .arg(fp32LanesPerSm(rs.device.cc))
                  .arg(f->clockMhz, 0, 'f', 0));
    }
    double bf16Datasheet = 0;
    for (const model::MeasuredCeiling &c : rs.ceilings)
        if (c.probe == QLatin1String("datasheet") && c.precision == QLatin1String("bf16_tc"))
            bf16Datasheet = c.value;
    if (const model::Measurement *m = findPassed(rs, "probe.mma_bf16", {}, "bf16"))
        ratio("mma_bf16_vs_datasheet", m->flopPerS(), bf16Datasheet > 0 ? bf16Datasheet : 989.5e12, 0,
              tr("mma.sync bf16 probe / datasheet dense bf16 %1 TFLOP/s")
                  .arg((bf16Datasheet > 0 ? bf16Datasheet : 989.5e12) / 1e12));
    if (const model::Measurement *m = findPassed(rs, "probe.cublas_bf16", {}, "bf16"))
        ratio("cublas_bf16_vs_datasheet", m->flopPerS(), bf16Datasheet > 0 ? bf16Datasheet : 989.5e12, 0,
              tr("cuBLAS bf16 GEMM / datasheet dense bf16"));
    // How slow the naive variants are: bandwidth of the naive one over the fast one.
    ratio("naive_copy_scalar_vs_vector", bw("memory.copy", {{"variant", "scalar"}}),
          bw("memory.copy", {{"variant", "vector"}}), 0, tr("scalar copy / vector copy"));
    ratio("naive_vector_add_scalar_vs_vector", bw("memory.vector_add", {{"variant", "scalar"}}),
          bw("memory.vector_add", {{"variant", "vector"}}), 0, tr("scalar vector add / vector"));
    ratio("naive_reduce_atomic_vs_tree", bw("memory.reduce", {{"variant", "atomic"}}),
          bw("memory.reduce", {{"variant", "tree"}}), 0, tr("atomic reduction / tree reduction"));
    ratio("naive_softmax_three_pass_vs_online", bw("memory.softmax", {{"variant", "three_pass"}}),
          bw("memory.softmax", {{"variant", "online"}}), 0, tr("three-kernel softmax / one-pass online"));
    ratio("naive_layernorm_two_kernels_vs_fused", bw("memory.layernorm", {{"variant", "two_kernels"}}),
          bw("memory.layernorm", {{"variant", "fused"}}), 0,
          tr("residual add + LayerNorm as two kernels / fused"));
    const double stride1 = bw("memory.strided_read", {{"stride", 1}});
    for (int s : {2, 4, 8, 32})
        ratio(QStringLiteral("strided_read_%1_vs_1").arg(s), bw("memory.strided_read", {{"stride", s}}),
              stride1, 0,
              // fp32: a 32-byte sector holds 8 elements, of which 8/s (at least 1) are used.
              tr("strided read, stride %1 / stride 1 (read sector efficiency %2 %)")
                  .arg(s)
                  .arg(100.0 * std::max(1.0 / s, 0.125)));
    const double smem1 = bw("probe.smem_read", {{"stride", 1}});
    for (int s : {2, 4, 8, 32})
        ratio(QStringLiteral("smem_stride_%1_vs_1").arg(s), bw("probe.smem_read", {{"stride", s}}), smem1, 0,
              tr("shared-memory read, stride %1 (%2-way bank conflict) / stride 1")
                  .arg(s)
                  .arg(std::gcd(s, 32)));
    return out;
}

QStringList summaryLines(const QJsonObject &summary)
{
    QStringList lines;
    for (auto it = summary.begin(); it != summary.end(); ++it) {
        const QJsonObject o = it.value().toObject();
        QString line =
            QStringLiteral("%1: %2 %").arg(o["what"].toString()).arg(100 * o["value"].toDouble(), 0, 'f', 1);
        if (o.contains("target"))
            line += QStringLiteral(" (target %1 %: %2)")
                        .arg(100 * o["target"].toDouble(), 0, 'f', 0)
                        .arg(o["met"].toBool() ? tr("met") : tr("MISSED"));
        lines.append(line);
    }
    return lines;
}

} // namespace kernels
