// On a CUDA device: every bundled kernel (memory and probe families) passes its reference
// check at three sizes, including sizes that are not multiples of the block size or of the
// vector width; cudaOccupancyMaxActiveBlocksPerMultiprocessor agrees with cuda_occupancy.h
// (model::Occupancy on the spec DB's entry) for every kernel, block size and dynamic shared
// memory; the spec DB's limits agree with cudaGetDeviceProperties; a faulting kernel kills
// only its own process. Skips without a device.
#include "catalog.h"
#include "compiler.h"
#include "device.h"
#include "runner.h"

#include "occupancy.h"
#include "specdb.h"
#include "testmain.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QJsonObject>
#include <QProcess>
#include <QTest>

#include <cuda_runtime_api.h>

using namespace kernels;

namespace {
bool mine(const KernelSpec &k)
{
    return k.family == QLatin1String("memory") || k.family == QLatin1String("probe") ||
           k.family == QLatin1String("llm");
}

QString paramsText(const QVariantMap &p)
{
    QStringList parts;
    for (auto it = p.begin(); it != p.end(); ++it)
        parts.append(it.key() + "=" + it.value().toString());
    return parts.join(' ');
}
} // namespace

class TestGpuKernels : public QObject
{
    Q_OBJECT

    std::unique_ptr<Runner> m_runner;
    QList<Device> m_devices;
    int m_occChecked = 0, m_occAgreed = 0, m_regsChecked = 0, m_regsAgreed = 0;
    int m_checksRun = 0;

private slots:
    void initTestCase()
    {
        QString why;
        m_devices = cudaDevices(&why);
        if (m_devices.isEmpty())
            QSKIP(qPrintable("no CUDA device (" + why + ")"));
        m_runner = std::make_unique<Runner>(0);
        QString error;
        QVERIFY2(m_runner->open(&error), qPrintable(error));
        const Device &d = m_runner->device();
        qInfo("device: %s, %s, %d SMs, %.0f MHz max, L2 %lld bytes, spec %s", qPrintable(d.name),
              qPrintable(d.arch()), d.sms, d.clockMhz, d.l2Bytes,
              m_runner->spec() ? qPrintable(m_runner->spec()->id) : "none");
    }

    void cleanupTestCase()
    {
        if (m_devices.isEmpty())
            return;
        qInfo("reference checks passed: %d", m_checksRun);
        qInfo(
            "occupancy: cudaOccupancyMaxActiveBlocksPerMultiprocessor == cuda_occupancy.h in %d of %d cases",
            m_occAgreed, m_occChecked);
        qInfo("registers: ptxas (NVRTC log) == cudaFuncGetAttributes in %d of %d entry functions",
              m_regsAgreed, m_regsChecked);
    }

    void clock()
    {
        const double mhz = m_runner->measureClockMhz(5.0);
        qInfo("SM clock now: %.0f MHz (max %.0f)", mhz, m_runner->device().clockMhz);
        QVERIFY(mhz > 100);
        QVERIFY(mhz < m_runner->device().clockMhz * 1.1 + 50);
    }

    void referenceChecks_data()
    {
        QTest::addColumn<QString>("kernel");
        QTest::addColumn<QVariantMap>("params");
        QTest::addColumn<QString>("dtype");
        for (const KernelSpec &k : Catalog::instance().kernels()) {
            if (!mine(k))
                continue;
            QVERIFY2(k.testCases.size() >= 3, qPrintable(k.id + " needs three test sizes"));
            for (const QVariantMap &p : k.testCases)
                for (const QString &dt : k.dtypes)
                    QTest::addRow("%s %s %s", qPrintable(k.id), qPrintable(dt), qPrintable(paramsText(p)))
                        << k.id << p << dt;
        }
    }
    void referenceChecks()
    {
        QFETCH(QString, kernel);
        QFETCH(QVariantMap, params);
        QFETCH(QString, dtype);
        const Device &dev = m_runner->device();
        if (params.value("wgmma").toInt() == 1 && !(dev.major == 9 && dev.minor == 0))
            QSKIP(qPrintable("wgmma and TMA need sm_90 (Hopper); this device is " + dev.arch()));
        if (kernel == QLatin1String("probe.l2_bulk") && dev.major < 9)
            QSKIP(
                qPrintable("bulk copies (cp.async.bulk) need sm_90 or newer; this device is " + dev.arch()));
        RunOptions o;
        o.repeat = 3;
        const RunResult r = m_runner->run(kernel, params, dtype, o);
        QVERIFY2(r.measurement, qPrintable(r.message));
        const model::Measurement &m = *r.measurement;
        QVERIFY2(m.check.ok, qPrintable(r.message));
        QVERIFY(m.time.median > 0 && m.time.min <= m.time.median && m.time.median <= m.time.max);
        QCOMPARE(m.time.samples, 3);
        QVERIFY(m.bytes > 0 || m.flops > 0);
        QVERIFY(m.clockMhz > 0);
        // Memory kernels keep their main loop's instruction mix for the performance model.
        if (kernel.startsWith(QLatin1String("memory."))) {
            const QJsonObject mix = m.extra.value(QLatin1String("instr_mix")).toObject();
            QVERIFY2(mix.value(QLatin1String("total")).toDouble() > 0, qPrintable(kernel + ": no instr_mix"));
        }
        ++m_checksRun;
    }

    // probe.smem_fma, one configuration per row: checked, and resident as asked (the blocks'
    // own SM ids), with the FLOPs and shared-memory bytes of the whole grid.
    void smemFma_data()
    {
        QTest::addColumn<QVariantMap>("params");
        QTest::addColumn<int>("perSm"); // blocks per SM expected
        QTest::addColumn<int>("ways");
        QTest::newRow("ratio 8 stride 2, 256 threads x 2")
            << QVariantMap{{"ratio", 8}, {"stride", 2}, {"block", 256}, {"blocks_per_sm", 2}, {"iters", 64}}
            << 2 << 2;
        QTest::newRow("ratio 4 LDS.128, 128 threads x 8")
            << QVariantMap{{"ratio", 4}, {"vec", 4}, {"block", 128}, {"blocks_per_sm", 8}, {"iters", 64}} << 8
            << 1;
        QTest::newRow("1024 threads x 4: two fit")
            << QVariantMap{{"ratio", 2}, {"stride", 4}, {"block", 1024}, {"blocks_per_sm", 4}, {"iters", 32}}
            << 2 << 4;
    }
    void smemFma()
    {
        QFETCH(QVariantMap, params);
        QFETCH(int, perSm);
        QFETCH(int, ways);
        RunOptions o;
        o.repeat = 3;
        const RunResult r = m_runner->run("probe.smem_fma", params, "fp32", o);
        QVERIFY2(r.measurement, qPrintable(r.message));
        const model::Measurement &m = *r.measurement;
        QVERIFY2(m.check.ok, qPrintable(r.message));
        const QVariantMap &res = m.resources;
        const int sms = m_runner->device().sms, block = params["block"].toInt();
        QCOMPARE(res["blocks_per_sm"].toInt(), perSm);
        QCOMPARE(res["blocks_per_sm_seen_min"].toInt(), perSm);
        QCOMPARE(res["blocks_per_sm_seen_max"].toInt(), perSm);
        QCOMPARE(res["sms_used"].toInt(), sms);
        QCOMPARE(res["grid"].toLongLong(), qint64(sms) * perSm);
        QCOMPARE(res["warps_per_sm"].toInt(), perSm * block / 32);
        QCOMPARE(res["conflict_ways"].toInt(), ways);
        QVERIFY(res["regs"].toInt() > 0);
        const double words = double(sms) * perSm * block * params["iters"].toDouble() * 8;
        QCOMPARE(m.flops, words * 2 * params["ratio"].toDouble());
        QCOMPARE(m.bytes, words * 4);
        QCOMPARE(m.level, QStringLiteral("smem"));
        for (const char *key : {"ratio", "stride", "vec", "iters", "block", "blocks_per_sm"})
            QVERIFY2(m.params.contains(key), key);
        QVERIFY(m.clockMhz > 0);
        qInfo("%s: %.1f us, %.2f TFLOP/s, %.2f TB/s shared, %d registers", QTest::currentDataTag(),
              m.time.median * 1e6, m.flops / m.time.median / 1e12, m.bytes / m.time.median / 1e12,
              res["regs"].toInt());
    }

    void occupancy_data()
    {
        QTest::addColumn<QString>("kernel");
        for (const KernelSpec &k : Catalog::instance().kernels())
            if (mine(k) && !k.source.isEmpty())
                QTest::newRow(qPrintable(k.id)) << k.id;
    }
    void occupancy()
    {
        QFETCH(QString, kernel);
        const model::Gpu *spec = m_runner->spec();
        if (!spec || !spec->limits)
            QSKIP("the device matches no spec-DB entry with SM limits");
        const model::Occupancy occ(*spec);
        QVERIFY2(occ.isValid(), qPrintable(occ.error()));
        const KernelSpec *k = Catalog::instance().find(kernel);
        QString error;
        const auto resolved = Catalog::resolveAll(*k, {}, {}, &error);
        QVERIFY2(resolved, qPrintable(error));
        CompileOptions o = k->compileOptions(resolved->params, resolved->dtype);
        o.arch = m_runner->device().arch();
        const CompileResult cr = m_runner->compiler().compile(o);
        QVERIFY2(cr.ok, qPrintable(cr.error));
        Module module;
        QVERIFY2(module.load(cr, &error), qPrintable(error));
        const Device &dev = m_runner->device();
        QStringList mismatches;
        for (const KernelResources &res : cr.kernels) {
            cudaKernel_t f = module.kernel(res.name, &error);
            QVERIFY2(f, qPrintable(error));
            const void *fp = reinterpret_cast<const void *>(f);
            cudaFuncAttributes attr{};
            QCOMPARE(cudaFuncGetAttributes(&attr, fp), cudaSuccess);
            ++m_regsChecked;
            if (attr.numRegs == res.registers)
                ++m_regsAgreed;
            else
                mismatches.append(QStringLiteral("%1: ptxas %2 registers, runtime %3")
                                      .arg(res.name)
                                      .arg(res.registers)
                                      .arg(attr.numRegs));
            QCOMPARE(int(attr.sharedSizeBytes), res.smemStaticBytes);
            const int maxDyn = int(dev.smemPerBlockOptin) - int(attr.sharedSizeBytes);
            QCOMPARE(cudaFuncSetAttribute(fp, cudaFuncAttributeMaxDynamicSharedMemorySize, maxDyn),
                     cudaSuccess);
            for (int block : {32, 64, 96, 128, 192, 256, 320, 384, 512, 640, 768, 1024}) {
                if (block > attr.maxThreadsPerBlock)
                    continue;
                for (int dyn : {0, 1000, 8192, 32768, 49152, 65536, 102400, 150000, 200000, maxDyn}) {
                    if (dyn > maxDyn)
                        continue;
                    int runtime = -1;
                    QCOMPARE(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&runtime, fp, block, size_t(dyn)),
                             cudaSuccess);
                    model::OccupancyInput in;
                    in.threadsPerBlock = block;
                    in.registersPerThread = attr.numRegs;
                    in.staticSmemBytes = qint64(attr.sharedSizeBytes);
                    in.dynamicSmemBytes = dyn;
                    const model::OccupancyResult mr = occ.compute(in);
                    const int model = mr.ok ? mr.blocksPerSm : 0;
                    ++m_occChecked;
                    if (model == runtime)
                        ++m_occAgreed;
                    else
                        mismatches.append(QStringLiteral("%1: block %2, %3 regs, %4 B static + %5 B dynamic: "
                                                         "runtime %6, model %7 (%8)")
                                              .arg(res.name)
                                              .arg(block)
                                              .arg(attr.numRegs)
                                              .arg(attr.sharedSizeBytes)
                                              .arg(dyn)
                                              .arg(runtime)
                                              .arg(model)
                                              .arg(mr.ok ? mr.summary() : mr.reason));
                }
            }
        }
        QVERIFY2(mismatches.isEmpty(), qPrintable(mismatches.mid(0, 20).join("\n")));
    }

    void specLimitsMatchTheDevice()
    {
        const model::Gpu *spec = m_runner->spec();
        if (!spec || !spec->limits)
            QSKIP("the device matches no spec-DB entry with SM limits");
        const Device &d = m_runner->device();
        const model::SmLimits &l = *spec->limits;
        struct Row
        {
            const char *what;
            qint64 spec, device;
        } rows[] = {
            {"SMs", spec->smCount(), d.sms},
            {"L2 bytes", spec->l2Bytes ? qint64(spec->l2Bytes->value) : -1, d.l2Bytes},
            {"warp size", l.warpSize, d.warpSize},
            {"max threads per block", l.maxThreadsPerBlock, d.maxThreadsPerBlock},
            {"max threads per SM", l.maxThreadsPerSm, d.maxThreadsPerSm},
            {"max blocks per SM", l.maxBlocksPerSm, d.maxBlocksPerSm},
            {"registers per SM", l.regsPerSm, d.regsPerSm},
            {"registers per block", l.maxRegsPerBlock, d.regsPerBlock},
            {"shared memory per SM", l.smemPerSmBytes, d.smemPerSm},
            {"shared memory per block (opt-in)", l.smemPerBlockOptinBytes, d.smemPerBlockOptin},
            {"shared memory per block (static)", l.smemStaticPerBlockBytes, d.smemPerBlock},
            {"reserved shared memory per block", l.reservedSmemPerBlock, d.reservedSmemPerBlock},
        };
        int agree = 0;
        QStringList differ;
        for (const Row &r : rows) {
            if (r.spec == r.device)
                ++agree;
            else
                differ.append(QStringLiteral("%1: spec DB %2, device %3")
                                  .arg(QLatin1String(r.what))
                                  .arg(r.spec)
                                  .arg(r.device));
        }
        qInfo("spec DB %s vs cudaGetDeviceProperties: %d of %d limits agree", qPrintable(spec->id), agree,
              int(std::size(rows)));
        QVERIFY2(differ.isEmpty(), qPrintable(differ.join("\n")));
    }

    void faultKillsOnlyItsProcess()
    {
        // Next to this test in a bundle, else the build tree's.
        QString cli = QCoreApplication::applicationDirPath() + "/rooflab-cli";
        if (!QFileInfo::exists(cli))
            cli = QStringLiteral(ROOFLAB_CLI);
        if (!QFileInfo::exists(cli))
            QSKIP("rooflab-cli not found");
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert("ROOFLAB_ENABLE_TEST_KERNELS", "1");
        p.setProcessEnvironment(env);
        p.start(cli, {"run", "test.fault"});
        QVERIFY(p.waitForFinished(120000));
        const QByteArray err = p.readAllStandardError();
        if (err.contains("unknown kernel"))
            QSKIP("built without ROOFLAB_TEST_KERNELS");
        QCOMPARE(p.exitCode(), 1);
        QVERIFY2(err.contains("illegal") || err.contains("Illegal"), err.constData());
        // This process's context is untouched.
        RunOptions o;
        o.repeat = 3;
        const RunResult r = m_runner->run("memory.copy", {{"n", 1000}}, "fp32", o);
        QVERIFY2(r.measurement && r.measurement->check.ok, qPrintable(r.message));
    }
};

ROOFLAB_TEST_GUILESS_MAIN(TestGpuKernels)
#include "tst_gpu_kernels.moc"
