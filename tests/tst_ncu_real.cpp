// The import on real Nsight Compute files (tests/data/ncu/real/, made on an H200; README there):
// every export of one report gives the same FLOPs, bytes and time (±1 %); they equal the work
// known in closed form (FLOPs exactly where ncu counts them, bytes at least the minimum
// traffic); from the roofline sections' rates they equal what the sections compute; exports
// without FLOPs list their kernels and say what to collect.
//
// The expected figures come from knownwork.cu's sizes and from the CSV columns themselves (read
// here with a small reader of its own), not from NcuImport's code.
#include "ncuimport.h"

#include <QFile>
#include <QTest>

#include <cmath>

using model::Measurement;
using model::NcuImport;
using model::NcuReport;

namespace {

const QString kReal = QStringLiteral(ROOFLAB_TEST_DATA "/ncu/real/");

// knownwork.cu's sizes and the bundled kernels' parameters in capture-summary.txt.
constexpr double kVecN = 1 << 24, kAxpyN = 1 << 23, kThreads = 132 * 2048, kIters = 4096, kG = 1024;
constexpr double kTriadN = 16777216;

struct Work
{
    QString kernel;    // a part of "Kernel Name"
    QString precision; // the point that carries the work
    double flops;
    bool exact;      // counted exactly by ncu; else the epilogue adds < 1 %
    double minBytes; // each input read once, each output written once
    double minReads; // the inputs alone
    bool l1;         // loads pass through L1 (not the TMA-fed cuBLAS bf16 kernel)
    // Global data reaches registers through the LSU, so Nsight's L1 figure (LSU writeback cycles
    // × 128 B) sees it: not for cuBLAS's kernels, which copy global memory to shared memory with
    // cp.async (the SGEMM: 798,720 LDGSTS, no LDG, 2,048 writeback cycles = 262 KB in
    // knownwork-full) or TMA (the bf16 GEMM).
    bool lsuLoads;
};

QList<Work> workOf(const QString &program)
{
    if (program == "knownwork")
        return {
            {"vector_add", "fp32", kVecN, true, 3 * kVecN * 4, 2 * kVecN * 4, true, true},
            {"daxpy", "fp64", 2 * kAxpyN, true, 3 * kAxpyN * 8, 2 * kAxpyN * 8, true, true},
            {"hfma2_loop", "fp16", 4 * kThreads * kIters, true, 2 * kThreads * 4, kThreads * 4, true, true},
            {"sgemm_naive", "fp32", 2 * kG * kG * kG, true, 3 * kG * kG * 4, 2 * kG * kG * 4, true, true},
            {"sm80_xmma_gemm_f32f32", "fp32", 2 * kG * kG * kG, false, 3 * kG * kG * 4, 2 * kG * kG * 4, true,
             false},
            {"nvjet_sm90", "bf16_tc", 2 * kG * kG * kG, true, 3 * kG * kG * 2, 2 * kG * kG * 2, false,
             false}};
    if (program == "triad")
        return {{"binary_vector", "fp32", 2 * kTriadN, true, 3 * kTriadN * 4, 2 * kTriadN * 4, true, true}};
    return {{"gemm_reg2d", "fp32", 2 * kG * kG * kG, false, 3 * kG * kG * 4, 2 * kG * kG * 4, true, true}};
}

bool near(double a, double b, double rel = 0.01)
{
    return std::abs(a - b) <= rel * std::max(std::abs(a), std::abs(b));
}

// A small CSV reader for ncu's raw page: header, units, one row per launch; values as numbers
// with the thousands separators dropped.
struct RawPage
{
    QStringList header;
    QList<QStringList> rows; // launches
    double value(int launch, const QString &metric) const
    {
        const qsizetype i = header.indexOf(metric);
        if (i < 0)
            return std::nan("");
        QString v = rows[launch][i];
        v.remove(',');
        bool ok = false;
        const double d = v.toDouble(&ok);
        return ok ? d : std::nan("");
    }
    QString text(int launch, const QString &column) const { return rows[launch][header.indexOf(column)]; }
};

QList<QStringList> parseCsv(const QByteArray &data)
{
    QList<QStringList> out;
    QStringList row;
    QString cell;
    bool quoted = false;
    const QString s = QString::fromUtf8(data);
    for (qsizetype i = 0; i < s.size(); ++i) {
        const QChar c = s[i];
        if (quoted) {
            if (c == '"' && i + 1 < s.size() && s[i + 1] == '"') {
                cell += '"';
                ++i;
            } else if (c == '"') {
                quoted = false;
            } else {
                cell += c;
            }
        } else if (c == '"') {
            quoted = true;
        } else if (c == ',') {
            row << cell;
            cell.clear();
        } else if (c == '\n') {
            row << cell;
            cell.clear();
            out << row;
            row.clear();
        } else if (c != '\r') {
            cell += c;
        }
    }
    if (!cell.isEmpty() || !row.isEmpty())
        out << (row << cell);
    return out;
}

RawPage rawPage(const QString &file)
{
    QFile f(kReal + file);
    RawPage p;
    if (!f.open(QIODevice::ReadOnly))
        return p;
    QList<QStringList> all = parseCsv(f.readAll());
    if (all.size() < 2)
        return p;
    p.header = all.takeFirst();
    all.removeFirst(); // units
    p.rows = all;
    return p;
}

const Measurement *point(const NcuReport &r, const QString &id, const QString &precision,
                         const QString &level)
{
    for (const Measurement &m : r.results.measurements)
        if (m.params.value("ncu_id").toString() == id && m.precision == precision && m.level == level)
            return &m;
    return nullptr;
}

QString definition(const Measurement &m)
{
    return m.extra.value("ncu").toObject().value("level_definition").toString();
}

QString idOf(const NcuReport &r, const QString &kernelPart)
{
    for (const auto &l : r.launches)
        if (l.kernel.contains(kernelPart))
            return l.id;
    return {};
}

const QStringList kPrograms = {"knownwork", "triad", "reg2d"};
const QStringList kFlopSets = {"full", "roofline", "nersc", "rooflab"};
const QStringList kExports = {"raw-base", "raw-scaled", "details-base", "details-scaled"};

// The exports that carry FLOP counts or rates: the raw page of every set with them, and the
// details page of the two metric lists (the sets' details pages hold section figures only).
bool hasFlops(const QString &set, const QString &exportKind)
{
    return exportKind.startsWith("raw") || set == "nersc" || set == "rooflab";
}

} // namespace

class TestNcuReal : public QObject
{
    Q_OBJECT

private slots:
    // The list RoofLab tells users to collect names only metrics this H200's ncu knows: ncu
    // refuses a whole run for one it does not (rooflab-metrics.txt is the list less those that
    // `ncu --query-metrics --chip gh100` did not list, capture-summary.txt names them). Known
    // too: every metric the full set's raw page holds (ncu collected them on this GPU), among
    // them the fp16 tensor count sm__ops_path_tensor_src_fp16.sum.
    void ownMetricListIsKnownToTheH200sNcu()
    {
        QFile f(kReal + "rooflab-metrics.txt");
        QVERIFY(f.open(QIODevice::ReadOnly));
        QStringList known = QString::fromLatin1(f.readAll()).trimmed().split(',');
        QVERIFY(known.size() > 10);
        const RawPage full = rawPage("knownwork-full.raw-base.csv");
        QVERIFY(full.header.size() > 1000);
        known += full.header;
        QStringList unknown;
        for (const QString &m : NcuImport::metrics())
            if (!known.contains(m))
                unknown << m;
        QVERIFY2(unknown.isEmpty(),
                 qPrintable("not on GH100 (ncu 2025.3): " + unknown.join(", ") +
                            "; its fp16 tensor count is sm__ops_path_tensor_src_fp16.sum"));
    }

    // The known work in every export that has FLOPs.
    void knownWork_data()
    {
        QTest::addColumn<QString>("program");
        QTest::addColumn<QString>("file");
        QTest::addColumn<bool>("rates");
        for (const QString &p : kPrograms)
            for (const QString &s : kFlopSets)
                for (const QString &e : kExports)
                    if (hasFlops(s, e))
                        QTest::addRow("%s", qPrintable(p + "-" + s + "." + e))
                            << p << p + "-" + s + "." + e + ".csv" << (s == "full" || s == "roofline");
    }
    void knownWork()
    {
        QFETCH(QString, program);
        QFETCH(QString, file);
        QFETCH(bool, rates);
        QString error;
        const auto r = NcuImport::readFile(kReal + file, &error);
        QVERIFY2(r, qPrintable(error));
        QVERIFY2(r->noPoints.isEmpty(), qPrintable(r->noPoints));
        // No kernel here uses the sparse FP8 or INT1 tensor paths (the full set's columns are 0):
        // nothing to warn about.
        QVERIFY2(!r->warnings.join('\n').contains("are not imported"), qPrintable(r->warnings.join('\n')));
        const QList<Work> work = workOf(program);
        QCOMPARE(r->launches.size(), work.size());
        for (const Work &w : work) {
            const QString id = idOf(*r, w.kernel);
            QVERIFY2(!id.isEmpty(), qPrintable(w.kernel));
            const Measurement *hbm = point(*r, id, w.precision, "hbm");
            if (w.precision.endsWith("_tc") && file.contains("-nersc.")) {
                // NERSC's list counts tensor instructions only (a Hopper HGMMA is not a fixed
                // number of FLOPs): no tensor point, and a warning naming the metric that counts them.
                QVERIFY2(!hbm, qPrintable(w.kernel));
                QVERIFY2(r->warnings.join('\n').contains("sm__ops_path_tensor"),
                         qPrintable(r->warnings.join('\n')));
                continue;
            }
            QVERIFY2(hbm, qPrintable(w.kernel + ": no " + w.precision + " HBM point"));
            const bool tensorCount = w.precision.endsWith("_tc"); // a count in every set
            if (w.exact && (!rates || tensorCount))
                QCOMPARE(hbm->flops, w.flops);
            else if (w.exact) // rates carry two decimals
                QVERIFY2(near(hbm->flops, w.flops), qPrintable(QString("%1: %2 FLOPs, not %3")
                                                                   .arg(w.kernel)
                                                                   .arg(hbm->flops, 0, 'g', 10)
                                                                   .arg(w.flops, 0, 'g', 10)));
            else
                QVERIFY2(hbm->flops >= w.flops * (rates ? 0.99 : 1.0) && hbm->flops < 1.01 * w.flops,
                         qPrintable(QString("%1: %2 FLOPs").arg(w.kernel).arg(hbm->flops, 0, 'g', 10)));
            QVERIFY(hbm->time.median > 0);
            // DRAM: at least the inputs (ncu flushes the caches before each pass; written lines
            // may still sit in L2 when the kernel ends).
            QVERIFY2(hbm->bytes >= w.minReads,
                     qPrintable(QString("%1: DRAM %2 B").arg(w.kernel).arg(hbm->bytes)));
            for (const QString &level : {QString("l2"), QString("l1")}) {
                const Measurement *m = point(*r, id, w.precision, level);
                if (!m)
                    continue;
                QCOMPARE(m->flops, hbm->flops);
                QCOMPARE(m->time.median, hbm->time.median);
                const QString def = definition(*m);
                // Every byte passes lts__t and l1tex__t; Nsight's own L2 and L1 figures count the
                // data going towards the SMs (reads).
                const double least =
                    def == "lts__t_bytes" || def == "l1tex__t_bytes" ? w.minBytes : w.minReads;
                if (level == "l1" && !w.l1)
                    continue;
                if (level == "l1" && def.startsWith("nsight-l1-writeback") && !w.lsuLoads)
                    continue; // checked against the section's own figure in ratesAsTheSectionsDefineThem
                QVERIFY2(def != "l1tex__m_xbar2l1tex_read_bytes" || level != "l2",
                         qPrintable(w.kernel + ": L2 from L2-to-L1 reads, not Nsight's L2 figure"));
                QVERIFY2(m->bytes >= least, qPrintable(QString("%1 %2 (%3): %4 B < %5 B")
                                                           .arg(w.kernel, level, def)
                                                           .arg(m->bytes)
                                                           .arg(least)));
            }
        }
    }

    // The four exports of one report agree, point by point (details pages where they have FLOPs).
    void exportsOfOneReportAgree_data()
    {
        QTest::addColumn<QString>("stem");
        QTest::addColumn<QStringList>("exports");
        for (const QString &p : kPrograms)
            for (const QString &s : kFlopSets) {
                QStringList e;
                for (const QString &x : kExports)
                    if (hasFlops(s, x))
                        e << x;
                QTest::addRow("%s", qPrintable(p + "-" + s)) << p + "-" + s << e;
            }
    }
    void exportsOfOneReportAgree()
    {
        QFETCH(QString, stem);
        QFETCH(QStringList, exports);
        QString error;
        const auto ref = NcuImport::readFile(kReal + stem + ".raw-base.csv", &error);
        QVERIFY2(ref, qPrintable(error));
        QVERIFY(!ref->results.measurements.isEmpty());
        // Rates are written with two decimals in base units and six in scaled ones: a small rate
        // (an HFMA2.MMA constant move now and then) differs by up to 0.005 per cycle and weight.
        const RawPage page = rawPage(stem + ".raw-base.csv");
        auto roundingOf = [&page](const Measurement &m) {
            for (int i = 0; i < page.rows.size(); ++i)
                if (page.text(i, "ID") == m.params.value("ncu_id").toString()) {
                    const double hz = page.value(i, "smsp__cycles_elapsed.avg.per_second");
                    return std::isnan(hz) ? 0.0 : 0.005 * 8 * hz * m.time.median;
                }
            return 0.0;
        };
        for (const QString &e : exports) {
            const auto other = NcuImport::readFile(kReal + stem + "." + e + ".csv", &error);
            QVERIFY2(other, qPrintable(error));
            QCOMPARE(other->results.measurements.size(), ref->results.measurements.size());
            for (const Measurement &m : ref->results.measurements) {
                const Measurement *o =
                    point(*other, m.params.value("ncu_id").toString(), m.precision, m.level);
                const QString what =
                    QString("%1 %2 %3 %4 in %5")
                        .arg(m.params.value("ncu_id").toString(), m.kernel.left(30), m.precision, m.level, e);
                QVERIFY2(o, qPrintable(what + ": missing"));
                QCOMPARE(definition(*o), definition(m));
                QVERIFY2(near(o->flops, m.flops) || std::abs(o->flops - m.flops) <= roundingOf(m),
                         qPrintable(what + QString(": FLOPs %1 vs %2").arg(o->flops).arg(m.flops)));
                QVERIFY2(near(o->bytes, m.bytes),
                         qPrintable(what + QString(": bytes %1 vs %2").arg(o->bytes).arg(m.bytes)));
                QVERIFY2(
                    near(o->time.median, m.time.median),
                    qPrintable(what + QString(": time %1 vs %2").arg(o->time.median).arg(m.time.median)));
            }
        }
    }

    // The roofline sections' figures from their own rates (the --set roofline export holds
    // exactly what Nsight's roofline charts are drawn from): work = (add + mul + 2 fma) per
    // SMSP cycle × SMSP cycles per second × duration; HBM = dram__bytes per second × duration;
    // L2 = lts2xbar cycles × 32 B, L1 = LSU writeback cycles (lg + ds) × 128 B, per second ×
    // duration.
    void ratesAsTheSectionsDefineThem_data()
    {
        QTest::addColumn<QString>("program");
        QTest::addColumn<QString>("set");
        for (const QString &p : kPrograms)
            for (const QString &s : {QString("full"), QString("roofline")})
                QTest::addRow("%s", qPrintable(p + "-" + s)) << p << s;
    }
    void ratesAsTheSectionsDefineThem()
    {
        QFETCH(QString, program);
        QFETCH(QString, set);
        const QString file = program + "-" + set + ".raw-base.csv";
        const RawPage page = rawPage(file);
        QVERIFY(!page.rows.isEmpty());
        QString error;
        const auto r = NcuImport::readFile(kReal + file, &error);
        QVERIFY2(r, qPrintable(error));
        const QString op = "smsp__sass_thread_inst_executed_op_%1_pred_on.sum.per_cycle_elapsed";
        for (int i = 0; i < page.rows.size(); ++i) {
            const QString id = page.text(i, "ID");
            const QString name = page.text(i, "Kernel Name").left(30);
            const double t = page.value(i, "gpu__time_duration.sum") * 1e-9;
            const double hz = page.value(i, "smsp__cycles_elapsed.avg.per_second");
            QVERIFY(t > 0 && hz > 0);
            auto work = [&](const char *p, double add, double mul, double fma) {
                return (add * page.value(i, op.arg(QString(p) + "add")) +
                        mul * page.value(i, op.arg(QString(p) + "mul")) +
                        fma * page.value(i, op.arg(QString(p) + "fma"))) *
                       hz * t;
            };
            const double dram = page.value(i, "dram__bytes.sum.per_second") * t;
            // The derived columns are these products (checked, so the definitions are the files').
            const double l2 = page.value(i, "lts__lts2xbar_cycles_active.sum.per_second") * 32 * t;
            QVERIFY(near(page.value(i, "derived__lts__lts2xbar_bytes.sum.per_second") * t, l2));
            const double l1 = page.value(i, "l1tex__lsu_writeback_active_mem_lgds.sum.per_second") * 128 * t;
            QVERIFY(
                near(page.value(i, "derived__l1tex__lsu_writeback_bytes_mem_lgds.sum.per_second") * t, l1));
            const struct
            {
                const char *precision;
                double flops;
            } families[] = {
                {"fp32", work("f", 1, 1, 2)}, {"fp64", work("d", 1, 1, 2)}, {"fp16", work("h", 2, 2, 4)}};
            for (const auto &f : families) {
                if (!(f.flops > 0))
                    continue;
                const Measurement *hbm = point(*r, id, f.precision, "hbm");
                QVERIFY2(hbm, qPrintable(QString("%1 %2: no point").arg(name, f.precision)));
                QVERIFY2(near(hbm->flops, f.flops), qPrintable(QString("%1 %2: %3 FLOPs, the section %4")
                                                                   .arg(name, f.precision)
                                                                   .arg(hbm->flops)
                                                                   .arg(f.flops)));
                QVERIFY2(near(hbm->time.median, t), qPrintable(name));
                QVERIFY2(
                    near(hbm->bytes, dram),
                    qPrintable(QString("%1: HBM %2 B, the section %3").arg(name).arg(hbm->bytes).arg(dram)));
                const Measurement *l2point = point(*r, id, f.precision, "l2");
                QVERIFY2(l2point,
                         qPrintable(QString("%1 %2: no L2 point (Nsight's chart has one: lts2xbar × 32 B)")
                                        .arg(name, f.precision)));
                QVERIFY2(near(l2point->bytes, l2), qPrintable(QString("%1: L2 %2 B (%3), the section %4 B")
                                                                  .arg(name)
                                                                  .arg(l2point->bytes)
                                                                  .arg(definition(*l2point))
                                                                  .arg(l2)));
                if (l1 > 0) {
                    const Measurement *l1point = point(*r, id, f.precision, "l1");
                    QVERIFY2(
                        l1point,
                        qPrintable(QString("%1 %2: no L1 point (Nsight's chart has one: writeback × 128 B)")
                                       .arg(name, f.precision)));
                    QVERIFY2(
                        near(l1point->bytes, l1),
                        qPrintable(
                            QString("%1: L1 %2 B, the section %3 B").arg(name).arg(l1point->bytes).arg(l1)));
                }
            }
        }
    }

    // Exports without FLOPs: the default set's, and the details pages of the sets (section
    // figures only). The kernel table with each launch's time (as the file has it) and its
    // "% of peak" figures, and one message naming what gives points.
    void kernelTableAndMessage_data()
    {
        QTest::addColumn<QString>("program");
        QTest::addColumn<QString>("set");
        QTest::addColumn<QString>("exportKind");
        // What the message must name: the set that collects FLOPs, or (for the details page of a
        // set that has them, in the raw page) exporting the raw page from the report.
        QTest::addColumn<QString>("gives");
        for (const QString &p : kPrograms)
            for (const QString &e : kExports) {
                QTest::addRow("%s", qPrintable(p + "-default." + e)) << p << "default" << e << "--set";
                if (e.startsWith("details"))
                    for (const QString &s : {QString("full"), QString("roofline")})
                        QTest::addRow("%s", qPrintable(p + "-" + s + "." + e)) << p << s << e << "--import";
            }
    }
    void kernelTableAndMessage()
    {
        QFETCH(QString, program);
        QFETCH(QString, set);
        QFETCH(QString, exportKind);
        QFETCH(QString, gives);
        QString error;
        const auto r = NcuImport::readFile(kReal + program + "-" + set + "." + exportKind + ".csv", &error);
        QVERIFY2(r, qPrintable(error));
        QVERIFY(r->results.measurements.isEmpty());
        const QList<Work> work = workOf(program);
        QCOMPARE(r->launches.size(), work.size());
        // The time of each launch as the raw page of the same report gives it.
        const RawPage page = rawPage(program + "-" + set + ".raw-base.csv");
        QCOMPARE(page.rows.size(), work.size());
        for (int i = 0; i < work.size(); ++i) {
            const auto &l = r->launches[i];
            QCOMPARE(l.id, page.text(i, "ID"));
            QVERIFY2(l.kernel.contains(work[i].kernel), qPrintable(l.kernel));
            QVERIFY2(near(l.timeS, page.value(i, "gpu__time_duration.sum") * 1e-9),
                     qPrintable(QString("%1: %2 s").arg(l.kernel.left(30)).arg(l.timeS)));
            QVERIFY2(!l.percents.isEmpty(), qPrintable(l.kernel.left(30)));
        }
        QVERIFY2(r->noPoints.contains(gives), qPrintable(r->noPoints));
    }
};

QTEST_GUILESS_MAIN(TestNcuReal)
#include "tst_ncu_real.moc"
