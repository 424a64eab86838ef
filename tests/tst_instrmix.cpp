// The instruction mix (model::InstrMix, kernels/kernelmix.h): the SASS and PTX classes of one
// instruction, the main loop of a hand-written nvdisasm / cuobjdump listing, the PTX count of
// every GEMM ladder step against what its tile implies, the SASS path through a stand-in
// disassembler, the caches, and — for each SASS dump measured on the H200 and committed under
// tests/data/sass/ — the SASS count against the PTX count of the same compile here.
#include "catalog.h"
#include "compiler.h"
#include "kernelmix.h"
#include "standin.h"

#include "instrmix.h"
#include "specdb.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <cmath>

using namespace model;

namespace {

QString readText(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
}

QString testData(const QString &rel)
{
    return QStringLiteral(ROOFLAB_TEST_DATA "/") + rel;
}

// One line of lab/dump-sass.list.
struct Dump
{
    QString name, kernel, dtype, arch;
    kernels::Params params;
};

QList<Dump> dumpList()
{
    QList<Dump> out;
    const QString text = readText(testData(QStringLiteral("../../lab/dump-sass.list")));
    for (const QString &line : text.split(QLatin1Char('\n'))) {
        const QStringList f = line.simplified().split(QLatin1Char(' '), Qt::SkipEmptyParts);
        if (f.size() < 4 || f[0].startsWith(QLatin1Char('#')))
            continue;
        Dump d{f[0], f[1], f[2], f[3], {}};
        for (int i = 4; i < f.size(); ++i)
            d.params.insert(f[i].section(QLatin1Char('='), 0, 0), f[i].section(QLatin1Char('='), 1));
        out.append(d);
    }
    return out;
}

// 32-bit words moved by the load / store classes of one kind.
double words(const InstrMix &m, const QString &base)
{
    return m.count(base) + 2 * m.count(base + "64") + 4 * m.count(base + "128");
}

double math(const InstrMix &m)
{
    return m.count("ffma") + m.count("dfma") + m.count("hmma") + m.count("hgmma");
}

double globalLoadWords(const InstrMix &m)
{
    return words(m, "ldg") + 4 * m.count("ldgsts") + m.count("tma");
}

QList<double> &intRatios()
{
    static QList<double> r;
    return r;
}

// A catalog kernel compiled here (cache in `dir`) and counted from `source`.
kernels::KernelCode codeOf(const QString &kernel, const QString &dtype, const QString &arch,
                           const kernels::Params &given, const QString &cacheDir, kernels::MixSource source,
                           QString *error)
{
    const kernels::KernelSpec *spec = kernels::Catalog::instance().find(kernel);
    if (!spec) {
        *error = "unknown kernel " + kernel;
        return {};
    }
    const auto resolved = kernels::Catalog::resolveAll(*spec, given, dtype, error);
    if (!resolved)
        return {};
    kernels::Compiler compiler({}, cacheDir);
    kernels::KernelCode k =
        kernels::catalogKernelCode(*spec, resolved->params, resolved->dtype, arch, compiler, source);
    if (!k.ok)
        *error = k.error;
    return k;
}

} // namespace

class TestInstrMix : public QObject
{
    Q_OBJECT

    QTemporaryDir m_cache;

private slots:
    void initTestCase()
    {
        QVERIFY(m_cache.isValid());
        // Counts from PTX unless a test asks for a disassembler (this machine may have one).
        qputenv("ROOFLAB_NO_DISASSEMBLER", "1");
    }

    void cleanupTestCase()
    {
        if (intRatios().isEmpty())
            return;
        QList<double> r = intRatios();
        std::sort(r.begin(), r.end());
        qInfo("integer and address instructions, SASS per PTX, over %d dumps: median %.2f (%.2f .. %.2f)",
              int(r.size()), r[r.size() / 2], r.first(), r.last());
    }

    void sassClass_data()
    {
        QTest::addColumn<QString>("instruction");
        QTest::addColumn<QString>("cls");
        const QList<std::pair<const char *, const char *>> rows = {
            {"FFMA R8, R16, R20, R8", "ffma"},
            {"@!P1 FFMA.FTZ R9, R29, R24, R9", "ffma"},
            {"FADD R3, R3, R4", "fadd"},
            {"FMUL R3, R3, 0.5", "fmul"},
            {"HFMA2.MMA R9, -RZ, RZ, 0, 0", "hfma2"},
            {"DFMA R4, R2, R6, R4", "dfma"},
            {"HMMA.16816.F32.BF16 R4, R8, R12, R4", "hmma"},
            {"HGMMA.64x128x16.F32.BF16 R24, gdesc[UR8], R24, gsb0", "hgmma"},
            {"IMAD.WIDE.U32 R2, R4, 0x4, R2", "imad"},
            {"IMAD.MOV.U32 R8, RZ, RZ, RZ", "imad"},
            {"IADD3 R4, R4, 0x8, RZ", "int"},
            {"UIADD3 UR4, UR4, 0x1, URZ", "int"},
            {"LOP3.LUT R3, R3, 0xff, RZ, 0xc0, !PT", "int"},
            {"MOV R1, R2", "int"},
            {"LDS R24, [R7+0x408]", "lds"},
            {"LDS.64 R28, [R7+0x400]", "lds64"},
            {"LDS.U.128 R16, [R6]", "lds128"},
            {"LDSM.16.M88.4 R4, [R3]", "ldsm"},
            {"STS [R5+0x10], R26", "sts"},
            {"STS.64 [R5], R12", "sts64"},
            {"STS.128 [R5], R12", "sts128"},
            {"LDG.E R26, desc[UR6][R2.64+0x10]", "ldg"},
            {"LDG.E.U16.CONSTANT R3, desc[UR4][R2.64]", "ldg"},
            {"LDG.E.LTC128B.64 R4, desc[UR4][R2.64]", "ldg64"},
            {"@P0 LDG.E.128.CONSTANT R12, desc[UR6][R2.64]", "ldg128"},
            {"LDL R5, [R1+0x1c]", "ldl"},
            {"LDL.64 R8, [R1+0x20]", "ldl64"},
            {"LDL.128 R12, [R1+0x40]", "ldl128"},
            {"STL [R1+0x1c], R5", "stl"},
            {"STL.128 [R1+0x40], R12", "stl128"},
            {"STG.E.128 desc[UR4][R4.64], R8", "stg"},
            {"LDGSTS.E.BYPASS.LTC128B.128 [R5], desc[UR4][R2.64]", "ldgsts"},
            {"UTMALDG.2D [UR8], [UR4]", "tma"},
            {"BAR.SYNC.DEFER_BLOCKING 0x0", "bar"},
            {"SYNCS.PHASECHK.TRANS64.TRYWAIT P0, [UR4+0x100], RZ", "bar"},
            {"SYNCS.ARRIVE.TRANS64.A1T0 RZ, [UR4], RZ", "other"},
            {"RED.E.ADD.F32.FTZ.RN.STRONG.GPU desc[UR6][R14.64], R9", "atom"},
            {"@!P0 BRA `(.L_x_1)", "branch"},
            {"EXIT", "branch"},
            {"BSYNC B0", "branch"},
            {"MUFU.EX2 R3, R2", "other"},
            {"S2R R0, SR_TID.X", "other"},
            {"FSETP.GT.AND P0, PT, R3, R4, PT", "other"},
            {"WARPGROUP.ARRIVE", "other"},
            {"DEPBAR.LE SB0, 0x1", "other"},
        };
        for (const auto &[ins, cls] : rows)
            QTest::newRow(ins) << QString::fromLatin1(ins) << QString::fromLatin1(cls);
    }

    void sassClass()
    {
        QFETCH(QString, instruction);
        QFETCH(QString, cls);
        QCOMPARE(model::sassClass(instruction), cls);
        QVERIFY(instrClasses().contains(cls));
    }

    void ptxClass_data()
    {
        QTest::addColumn<QString>("instruction");
        QTest::addColumn<QString>("cls");
        QTest::addColumn<double>("weight");
        const QList<std::tuple<const char *, const char *, double>> rows = {
            {"fma.rn.f32 %f1, %f2, %f3, %f1", "ffma", 1},
            {"@%p1 fma.rn.ftz.f32 %f1, %f2, %f3, %f1", "ffma", 1},
            {"fma.rn.bf16x2 %r1, %r2, %r3, %r1", "hfma2", 1},
            {"fma.rn.f64 %fd1, %fd2, %fd3, %fd1", "dfma", 1},
            {"add.f32 %f1, %f2, %f3", "fadd", 1},
            {"add.s32 %r1, %r2, 8", "int", 1},
            {"add.s64 %rd1, %rd2, %rd3", "int", 1},
            {"mul.rn.f32 %f1, %f2, %f3", "fmul", 1},
            {"mul.lo.s32 %r1, %r2, %r3", "imad", 1},
            {"mul.wide.s32 %rd1, %r2, 4", "imad", 1},
            {"mad.lo.s32 %r1, %r2, %r3, %r4", "imad", 1},
            {"ld.shared.f32 %f1, [%r1]", "lds", 1},
            {"ld.shared.v2.f32 {%f1, %f2}, [%r1]", "lds64", 1},
            {"ld.shared.v4.f32 {%f1, %f2, %f3, %f4}, [%r1+16]", "lds128", 1},
            {"ld.shared::cta.v4.u32 {%r1, %r2, %r3, %r4}, [%r5]", "lds128", 1},
            {"ld.shared.u64 %rd1, [%r1]", "lds64", 1},
            {"ld.global.nc.v4.f32 {%f1, %f2, %f3, %f4}, [%rd1]", "ldg128", 1},
            {"ld.global.f32 %f1, [%rd1]", "ldg", 1},
            {"ld.global.L1::no_allocate.v2.f32 {%f1, %f2}, [%rd1]", "ldg64", 1},
            {"ld.param.u64 %rd1, [k_param_0]", "other", 1},
            {"st.shared.v4.f32 [%r1], {%f1, %f2, %f3, %f4}", "sts128", 1},
            {"st.global.v4.f32 [%rd1], {%f1, %f2, %f3, %f4}", "stg", 1},
            {"ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%r1, %r2, %r3, %r4}, [%r5]", "ldsm", 1},
            {"cp.async.cg.shared.global [%r1], [%rd2], 16", "ldgsts", 1},
            {"cp.async.commit_group", "other", 1},
            {"cp.async.wait_group 2", "other", 1},
            {"cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes [%r1], [%rd1, "
             "{%r2, %r3}], [%r4]",
             "tma", 1},
            {"bar.sync 0", "bar", 1},
            {"barrier.sync 0", "bar", 1},
            {"bar.warp.sync -1", "other", 1},
            {"mbarrier.try_wait.parity.shared::cta.b64 %p1, [%r1], %r2", "bar", 1},
            {"mbarrier.arrive.expect_tx.shared::cta.b64 _, [%r1], 32768", "other", 1},
            {"wgmma.mma_async.sync.aligned.m64n128k16.f32.bf16.bf16 {%f1, %f2}, %rd1, %rd2, p, 1, 1, 0, 1",
             "hgmma", 1},
            {"wgmma.fence.sync.aligned", "other", 1},
            {"mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 {%f1, %f2, %f3, %f4}, {%r1, %r2, %r3, "
             "%r4}, {%r5, "
             "%r6}, {%f1, %f2, %f3, %f4}",
             "hmma", 1},
            {"wmma.mma.sync.aligned.row.col.m16n16k16.f32.bf16.bf16.f32 {%f1}, {%r1}, {%r2}, {%f1}", "hmma",
             2},
            {"wmma.load.a.sync.aligned.row.m16n16k16.shared.bf16 {%r1, %r2, %r3, %r4}, [%r5], %r6", "ldsm",
             1},
            {"bra.uni $L__BB0_3", "branch", 1},
            {"ret", "branch", 1},
            {"mov.u32 %r1, %tid.x", "other", 1},
            {"mov.u32 %r2, %r3", "int", 1},
            {"cvt.rn.f32.s32 %f1, %r1", "other", 1},
            {"cvt.u64.u32 %rd1, %r1", "int", 1},
            {"ex2.approx.ftz.f32 %f1, %f2", "other", 1},
            {"setp.lt.s32 %p1, %r1, %r2", "int", 1},
            {"setp.gt.f32 %p1, %f1, %f2", "other", 1},
            {"selp.b32 %r1, %r2, %r3, %p1", "int", 1},
            {"shfl.sync.bfly.b32 %r1, %r2, 16, 31, -1", "other", 1},
            {"atom.global.add.f32 %f1, [%rd1], %f2", "atom", 1},
            {"red.global.add.f32 [%rd1], %f2", "atom", 1},
        };
        for (const auto &[ins, cls, w] : rows)
            QTest::newRow(ins) << QString::fromLatin1(ins) << QString::fromLatin1(cls) << w;
    }

    void ptxClass()
    {
        QFETCH(QString, instruction);
        QFETCH(QString, cls);
        QFETCH(double, weight);
        double w = 0;
        QCOMPARE(model::ptxClass(instruction, &w), cls);
        QCOMPARE(w, weight);
    }

    // The hand-written listings: the K loop (.L_x_1) beats the remainder loop (.L_x_3: one
    // FFMA) and the mbarrier wait loop (.L_x_4: no math); the trap `BRA self` is no loop.
    void sassListing_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("kernel");
        QTest::addColumn<QString>("expected"); // class=count ...
        QTest::addColumn<double>("total");
        for (const char *f : {"nvdisasm-sm90.sass", "cuobjdump-sm90.sass"}) {
            QTest::addRow("%s gemm_demo", f)
                << QString::fromLatin1(f) << "gemm_demo"
                << "ldg128=1 ldg=1 sts128=1 sts=1 bar=2 lds128=2 lds64=1 lds=1 ffma=6 imad=1 int=3 branch=1"
                << 21.0;
            QTest::addRow("%s copy_demo", f) << QString::fromLatin1(f) << "copy_demo"
                                             << "imad=2 ldg128=1 int=2 stg=1 branch=1" << 7.0;
            QTest::addRow("%s largest function", f)
                << QString::fromLatin1(f) << QString() << "ffma=6 ldg128=1" << 21.0;
        }
    }

    void sassListing()
    {
        QFETCH(QString, file);
        QFETCH(QString, kernel);
        QFETCH(QString, expected);
        QFETCH(double, total);
        const QString text = readText(testData("instrmix/" + file));
        QVERIFY(!text.isEmpty());
        QCOMPARE(sassFunctions(text), (QStringList{"gemm_demo", "copy_demo"}));
        const InstrMix m = countSass(text, kernel);
        QVERIFY(!m.isEmpty());
        QCOMPARE(m.source, QStringLiteral("sass"));
        QCOMPARE(m.arch, QStringLiteral("sm_90"));
        QVERIFY(m.loopFound);
        QCOMPARE(m.total, total);
        for (const QString &kv : expected.split(QLatin1Char(' ')))
            QCOMPARE(m.count(kv.section('=', 0, 0)), kv.section('=', 1).toDouble());
        double sum = 0;
        for (double v : m.counts)
            sum += v;
        QCOMPARE(sum, m.total);
    }

    // Two loops: a load loop (4 LDG.128, 1 FFMA) and a math loop (8 FFMA, 1 LDG). The focus
    // picks one; Auto takes the math loop unless it has fewer math instructions than loads.
    void sassFocus_data()
    {
        QTest::addColumn<int>("focus");
        QTest::addColumn<int>("mathInMathLoop");
        QTest::addColumn<double>("ffma");
        QTest::addColumn<double>("ldg128");
        QTest::newRow("math") << int(MixFocus::Math) << 8 << 8.0 << 0.0;
        QTest::newRow("memory") << int(MixFocus::Memory) << 8 << 1.0 << 4.0;
        QTest::newRow("auto: the math loop") << int(MixFocus::Auto) << 8 << 8.0 << 0.0;
        QTest::newRow("auto: loads outnumber math everywhere") << int(MixFocus::Auto) << 0 << 1.0 << 4.0;
        QTest::newRow("math, none anywhere but the load loop's") << int(MixFocus::Math) << 0 << 1.0 << 4.0;
    }

    void sassFocus()
    {
        QFETCH(int, focus);
        QFETCH(int, mathInMathLoop);
        QFETCH(double, ffma);
        QFETCH(double, ldg128);
        QStringList lines = {"\t.section\t.text.k,\"ax\",@progbits", "k:", ".L_x_0:"};
        int addr = 0;
        auto ins = [&](const QString &text) {
            lines.append(
                QStringLiteral("        /*%1*/  %2 ;").arg(addr++ * 16, 4, 16, QLatin1Char('0')).arg(text));
        };
        for (int i = 0; i < 4; ++i)
            ins(QStringLiteral("LDG.E.128 R%1, desc[UR4][R2.64+0x%2]").arg(4 * i + 8).arg(16 * i, 0, 16));
        ins("FFMA R4, R8, R9, R4");
        ins("@P0 BRA `(.L_x_0)");
        lines.append(".L_x_1:");
        ins("LDG.E R3, desc[UR4][R6.64]");
        for (int i = 0; i < mathInMathLoop; ++i)
            ins("FFMA R5, R3, R3, R5");
        ins("@P1 BRA `(.L_x_1)");
        ins("EXIT");
        const InstrMix m = countSass(lines.join('\n'), "k", MixFocus(focus));
        QVERIFY(m.loopFound);
        QCOMPARE(m.count("ffma"), ffma);
        QCOMPARE(m.count("ldg128"), ldg128);
    }

    // How the main loop is chosen in listings shaped like the H200 dumps: by FLOPs, not by
    // instruction count; as the loop's blocks, wherever ptxas placed them; without the
    // never-executed `@!PT` padding.
    void mainLoopChoice_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<bool>("ptx");
        QTest::addColumn<QString>("expected");
        auto sass = [](const QStringList &body) {
            QStringList lines = {"\t.section\t.text.k,\"ax\",@progbits", "k:"};
            int addr = 0;
            for (const QString &l : body)
                lines.append(l.endsWith(':') ? l
                                             : QStringLiteral("        /*%1*/  %2 ;")
                                                   .arg(addr++ * 16, 4, 16, QLatin1Char('0'))
                                                   .arg(l));
            return lines.join('\n');
        };
        // 4 HGMMA.64x256x16 (131072 FLOPs each per warp) against an epilogue of 320 FFMA.
        QStringList wg = {".L_x_0:"};
        for (int i = 0; i < 4; ++i)
            wg.append("HGMMA.64x256x16.F32.BF16 R24, gdesc[UR16], R24");
        wg += {"@P0 BRA `(.L_x_0)", ".L_x_1:"};
        for (int i = 0; i < 320; ++i)
            wg.append("FFMA R4, R8, R9, R4");
        wg += {"@P1 BRA `(.L_x_1)", "EXIT"};
        QTest::newRow("sass: 4 HGMMA outweigh 320 FFMA") << sass(wg) << false << "hgmma=4 ffma=0";
        QStringList few = {".L_x_0:", "HMMA.16816.F32.BF16 R4, R8, R12, R4", "@P0 BRA `(.L_x_0)", ".L_x_1:"};
        for (int i = 0; i < 65; ++i)
            few.append("FFMA R4, R8, R9, R4");
        few += {"@P1 BRA `(.L_x_1)", "EXIT"};
        QTest::newRow("sass: 65 FFMA outweigh one HMMA.16816") << sass(few) << false << "hmma=0 ffma=65";
        // The multistage layout: the copy block sits before the loop's header and jumps back
        // into the loop; the jump to it is forward-looking code, not a loop of its own.
        const QStringList ms = {"BRA `(.L_x_10)",
                                ".L_x_12:",
                                "@!PT LDS RZ, [RZ]",
                                "@!PT LDS RZ, [RZ]",
                                "LDGSTS.E.BYPASS.LTC128B.128 [R168], desc[UR12][R170.64], P0",
                                "LDGSTS.E.BYPASS.LTC128B.128 [R172+0x8000], desc[UR12][R174.64], P6",
                                "BRA `(.L_x_11)",
                                ".L_x_10:",
                                "ISETP.GE.AND P0, PT, R2, R3, PT",
                                "@!P0 BRA `(.L_x_12)",
                                ".L_x_11:",
                                "LDGDEPBAR",
                                "DEPBAR.LE SB0, 0x2",
                                "BAR.SYNC.DEFER_BLOCKING 0x0",
                                "LDSM.16.M88.4 R132, [R200]",
                                "HMMA.16816.F32.BF16 R4, R132, R136, R4",
                                "HMMA.16816.F32.BF16 R8, R132, R138, R8",
                                "@!P4 BRA `(.L_x_10)",
                                "EXIT",
                                ".L_x_13:",
                                "BRA `(.L_x_13)"};
        QTest::newRow("sass: an out-of-line copy block is in its loop")
            << sass(ms) << false << "hmma=2 ldgsts=2 ldsm=1 bar=1 lds=0 branch=3";
        QString ptxText =
            ".version 8.0\n.target sm_90\n.visible .entry k()\n{\n$L__BB0_1:\n"
            "mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 {%f1,%f2,%f3,%f4}, {%r1,%r2,%r3,%r4}, "
            "{%r5,%r6}, {%f1,%f2,%f3,%f4};\n@%p1 bra $L__BB0_1;\n$L__BB0_2:\n";
        for (int i = 0; i < 40; ++i)
            ptxText += "fma.rn.f32 %f5, %f6, %f7, %f5;\n";
        ptxText += "@%p2 bra $L__BB0_2;\nret;\n}\n";
        QTest::newRow("ptx: one mma.m16n8k16 outweighs 40 fma") << ptxText << true << "hmma=1 ffma=0";
    }

    void mainLoopChoice()
    {
        QFETCH(QString, text);
        QFETCH(bool, ptx);
        QFETCH(QString, expected);
        const InstrMix m = ptx ? countPtx(text, "k", MixFocus::Math) : countSass(text, "k", MixFocus::Math);
        QVERIFY(m.loopFound);
        for (const QString &kv : expected.split(QLatin1Char(' ')))
            QVERIFY2(m.count(kv.section('=', 0, 0)) == kv.section('=', 1).toDouble(),
                     qPrintable(kv + ": got " + QString::number(m.count(kv.section('=', 0, 0)))));
    }

    void noLoop_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<bool>("ptx");
        QTest::addColumn<double>("total");
        QTest::newRow("sass: straight code and the trap loop")
            << "\t.section\t.text.k,\"ax\",@progbits\nk:\n"
               "        /*0000*/                   LDG.E R2, desc[UR4][R2.64] ;\n"
               "        /*0010*/                   FFMA R2, R2, R2, R2 ;\n"
               "        /*0020*/                   STG.E desc[UR4][R4.64], R2 ;\n"
               "        /*0030*/                   EXIT ;\n"
               ".L_x_0:\n"
               "        /*0040*/                   BRA `(.L_x_0);\n"
               "        /*0050*/                   NOP;\n"
            << false << 5.0;
        QTest::newRow("ptx: a forward branch only")
            << ".version 9.0\n.target sm_90\n.address_size 64\n.visible .entry k(\n\t.param .u64 "
               "k_param_0\n)\n{\n"
               "\t.reg .pred %p<2>;\n\t.reg .f32 %f<3>;\n\tld.global.f32 %f1, [%rd1];\n\t@%p1 bra "
               "$L__BB0_2;\n"
               "\tfma.rn.f32 %f2, %f1, %f1, %f1;\n$L__BB0_2:\n\tst.global.f32 [%rd1], %f2;\n\tret;\n\n}\n"
            << true << 5.0;
    }

    void noLoop()
    {
        QFETCH(QString, text);
        QFETCH(bool, ptx);
        QFETCH(double, total);
        const InstrMix m = ptx ? countPtx(text, "k") : countSass(text, "k");
        QVERIFY(!m.isEmpty());
        QVERIFY(!m.loopFound);
        QCOMPARE(m.total, total);
        QCOMPARE(m.count("ffma"), 1.0);
    }

    // PTX as NVRTC writes it: vector operands in braces, an inline-asm scope, a wait loop
    // nested in the main loop, an instruction over two lines, ld.shared::cta (no label).
    void ptxListing()
    {
        const QString ptx = QStringLiteral(
            "//\n// Generated by NVIDIA NVVM Compiler\n.version 9.0\n.target sm_90a\n.address_size 64\n\n"
            "\t// .globl\tdemo\n.extern .shared .align 16 .b8 smem[];\n\n"
            ".visible .entry demo(\n\t.param .u64 demo_param_0,\n\t.param .u32 demo_param_1\n)\n.maxntid "
            "256, 1, 1\n{\n"
            "\t.reg .pred \t%p<4>;\n\t.reg .b32 \t%r<40>;\n\t.reg .f32 \t%f<20>;\n\n"
            "\tld.param.u64 \t%rd1, [demo_param_0];\n\tmov.u32 \t%r1, %tid.x;\n"
            "$L__BB0_1:\n"
            "\t// begin inline asm\n\t{\n\t.reg .pred p;\n\tcp.async.cg.shared.global [%r2], [%rd2], "
            "16;\n\t}\n"
            "\t// end inline asm\n"
            "\tcp.async.commit_group;\n"
            "$L__BB0_2:\n"
            "\tmbarrier.try_wait.parity.shared::cta.b64 %p2, [%r3], %r4;\n"
            "\t@!%p2 bra \t$L__BB0_2;\n"
            "\tld.shared::cta.v4.f32 \t{%f1, %f2, %f3, %f4}, [%r5];\n"
            "\tmma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 {%f5, %f6, %f7, %f8},\n"
            "\t\t{%r6, %r7, %r8, %r9}, {%r10, %r11}, {%f5, %f6, %f7, %f8};\n"
            "\tfma.rn.f32 \t%f9, %f1, %f2, %f9;\n"
            "\tbar.sync \t0;\n"
            "\tadd.s32 \t%r12, %r12, 1;\n\tsetp.lt.s32 \t%p1, %r12, %r13;\n"
            "\t@%p1 bra \t$L__BB0_1;\n"
            "\tst.global.f32 \t[%rd1], %f9;\n\tret;\n\n}\n");
        QCOMPARE(ptxEntries(ptx), QStringList{"demo"});
        const InstrMix m = countPtx(ptx);
        QCOMPARE(m.source, QStringLiteral("ptx"));
        QCOMPARE(m.arch, QStringLiteral("sm_90a"));
        QCOMPARE(m.kernel, QStringLiteral("demo"));
        QVERIFY(m.loopFound);
        const QList<std::pair<const char *, double>> want = {{"ldgsts", 1}, {"other", 1},  {"bar", 2},
                                                             {"branch", 2}, {"lds128", 1}, {"hmma", 1},
                                                             {"ffma", 1},   {"int", 2}};
        for (const auto &[cls, n] : want)
            QVERIFY2(m.count(cls) == n,
                     qPrintable(QStringLiteral("%1: %2, expected %3").arg(cls).arg(m.count(cls)).arg(n)));
        QCOMPARE(m.total, 11.0);
    }

    void json_data()
    {
        QTest::addColumn<QString>("source");
        QTest::addColumn<bool>("loop");
        QTest::newRow("sass, loop") << "sass" << true;
        QTest::newRow("ptx, whole kernel") << "ptx" << false;
    }

    void json()
    {
        QFETCH(QString, source);
        QFETCH(bool, loop);
        InstrMix m;
        m.source = source;
        m.arch = "sm_90a";
        m.kernel = "gemm_wgmma_tma";
        m.counts = {{"hgmma", 4}, {"bar", 1}, {"int", 7.5}};
        m.total = 12.5;
        m.loopFound = loop;
        const QJsonObject o = m.toJson();
        QCOMPARE(o["loop_found"].toBool(), loop);
        const InstrMix back = InstrMix::fromJson(QJsonDocument::fromJson(QJsonDocument(o).toJson()).object());
        QCOMPARE(back.source, m.source);
        QCOMPARE(back.arch, m.arch);
        QCOMPARE(back.kernel, m.kernel);
        QCOMPARE(back.counts, m.counts);
        QCOMPARE(back.total, m.total);
        QCOMPARE(back.loopFound, m.loopFound);
        QVERIFY(InstrMix::fromJson({}).isEmpty());
    }

    void ratio_data()
    {
        QTest::addColumn<QString>("cls");
        QTest::addColumn<QString>("per");
        QTest::addColumn<double>("ratio");
        QTest::newRow("lds per ffma") << "lds"
                                      << "ffma" << 0.25;
        QTest::newRow("all shared loads per ffma") << "lds+lds64+lds128"
                                                   << "ffma" << 0.5;
        QTest::newRow("comma list") << "lds,lds128"
                                    << "ffma" << 0.375;
        QTest::newRow("per nothing") << "ffma"
                                     << "hmma" << 0.0;
    }

    void ratio()
    {
        QFETCH(QString, cls);
        QFETCH(QString, per);
        QFETCH(double, ratio);
        InstrMix m;
        m.counts = {{"ffma", 8}, {"lds", 2}, {"lds64", 1}, {"lds128", 1}};
        QCOMPARE(m.ratio(cls, per), ratio);
    }

    // Every ladder step compiled here and counted from its PTX: the main loop's math is what
    // the tile implies per K step (per thread for FP32, per warp for mma, per warpgroup for wgmma).
    void ladderFromPtx_data()
    {
        QTest::addColumn<QString>("kernel");
        QTest::addColumn<QString>("dtype");
        QTest::addColumn<QString>("params");
        QTest::addColumn<QString>("cls");
        QTest::addColumn<double>("expected"); // 0: at least one
        QTest::newRow("naive") << "gemm.naive"
                               << "fp32"
                               << ""
                               << "ffma" << 0.0;
        QTest::newRow("smem_tiled TILE 32: 32 FFMA per tile") << "gemm.smem_tiled"
                                                              << "fp32"
                                                              << ""
                                                              << "ffma" << 32.0;
        QTest::newRow("reg1d 64x64x8 TM 8: BK*TM") << "gemm.reg1d"
                                                   << "fp32"
                                                   << ""
                                                   << "ffma" << 64.0;
        QTest::newRow("reg2d 128x128x8 8x8: BK*TM*TN") << "gemm.reg2d"
                                                       << "fp32"
                                                       << ""
                                                       << "ffma" << 512.0;
        QTest::newRow("reg2d 64x64x16 4x4") << "gemm.reg2d"
                                            << "fp32"
                                            << "BM=64 BN=64 BK=16 TM=4 TN=4"
                                            << "ffma" << 256.0;
        QTest::newRow("vectorized 128x128x8") << "gemm.vectorized"
                                              << "fp32"
                                              << ""
                                              << "ffma" << 512.0;
        QTest::newRow("warptiled 64x256x8, 128 threads: BK*BM*BN/threads") << "gemm.warptiled"
                                                                           << "fp32"
                                                                           << ""
                                                                           << "ffma" << 1024.0;
        QTest::newRow("wmma 128x128x32, 8 warps: 2 HMMA per 16x16x16") << "gemm.wmma"
                                                                       << "bf16"
                                                                       << ""
                                                                       << "hmma" << 32.0;
        QTest::newRow("mma_multistage 128x256x32, 8 warps of 64x64") << "gemm.mma_multistage"
                                                                     << "bf16"
                                                                     << ""
                                                                     << "hmma" << 64.0;
        QTest::newRow("mma_multistage 128x128x32, 4 warps of 64x64") << "gemm.mma_multistage"
                                                                     << "bf16"
                                                                     << "BN=128 WARPS_N=2"
                                                                     << "hmma" << 64.0;
        QTest::newRow("mma_multistage 64x128x32, 4 warps of 32x64") << "gemm.mma_multistage"
                                                                    << "bf16"
                                                                    << "BM=64 BN=128 BK=32 STAGES=3 WARPS_N=2"
                                                                    << "hmma" << 32.0;
        QTest::newRow("wgmma_tma 128x256, BK 64: 4 per warpgroup") << "gemm.wgmma_tma"
                                                                   << "bf16"
                                                                   << ""
                                                                   << "hgmma" << 4.0;
        QTest::newRow("wgmma_fp8 128x256, BK 128: 4 k32 per warpgroup") << "gemm.wgmma_fp8"
                                                                        << "fp8"
                                                                        << ""
                                                                        << "hgmma" << 4.0;
    }

    void ladderFromPtx()
    {
        QFETCH(QString, kernel);
        QFETCH(QString, dtype);
        QFETCH(QString, params);
        QFETCH(QString, cls);
        QFETCH(double, expected);
        kernels::Params given;
        for (const QString &kv : params.split(' ', Qt::SkipEmptyParts))
            given.insert(kv.section('=', 0, 0), kv.section('=', 1));
        QString error;
        const kernels::KernelCode k =
            codeOf(kernel, dtype, "sm_90", given, m_cache.path(), kernels::MixSource::Auto, &error);
        QVERIFY2(k.ok, qPrintable(error));
        QCOMPARE(k.mix.source, QStringLiteral("ptx")); // ROOFLAB_NO_DISASSEMBLER
        QVERIFY(k.disassembler.isEmpty());
        QVERIFY(k.mix.loopFound);
        QVERIFY(!k.entry.isEmpty());
        QVERIFY(k.mix.arch.startsWith("sm_90"));
        if (expected > 0)
            QCOMPARE(k.mix.count(cls), expected);
        else
            QVERIFY(k.mix.count(cls) >= 1);
        QVERIFY(k.mix.total > k.mix.count(cls));
        QVERIFY(globalLoadWords(k.mix) + words(k.mix, "lds") + k.mix.count("ldsm") + k.mix.count("hgmma") >
                0);
    }

    // A persistent kernel's tile loop holds its K loop and its epilogue: the main loop is the
    // K loop, which holds every HGMMA, not the tile loop around it (the epilogue's FFMA, the
    // stores and the TMA stores are once per tile, not per K-slice).
    void persistentMainLoopIsTheKLoop_data()
    {
        QTest::addColumn<QString>("kernel");
        QTest::newRow("wgmma_persistent") << "gemm.wgmma_persistent";
        QTest::newRow("wgmma_cluster") << "gemm.wgmma_cluster";
    }
    void persistentMainLoopIsTheKLoop()
    {
        QFETCH(QString, kernel);
        QString error;
        const kernels::KernelCode k =
            codeOf(kernel, "bf16", "sm_90", {}, m_cache.path(), kernels::MixSource::Ptx, &error);
        QVERIFY2(k.ok, qPrintable(error));
        QVERIFY(k.mix.loopFound);
        QCOMPARE(k.mix.count("hgmma"), 4.0); // 128 x 256 tile, two consumers: 4 k16 steps each
        QCOMPARE(k.mix.count("ffma"), 0.0);
        QCOMPARE(k.mix.count("stg") + k.mix.count("sts64"), 0.0);
        QVERIFY2(k.mix.total < 200, qPrintable(QString::number(k.mix.total)));
    }

    // Memory kernels are counted for their loads: the tree reduction's grid-stride loop.
    void memoryFocus()
    {
        QString error;
        const kernels::KernelCode k =
            codeOf("memory.reduce", "fp32", "sm_90", {}, m_cache.path(), kernels::MixSource::Ptx, &error);
        QVERIFY2(k.ok, qPrintable(error));
        QVERIFY(k.mix.loopFound);
        QVERIFY(k.mix.count("ldg128") >= 1);
        QCOMPARE(kernels::mixFocusFor("memory.copy"), MixFocus::Memory);
        QCOMPARE(kernels::mixFocusFor("gemm.reg2d"), MixFocus::Math);
        QCOMPARE(kernels::mixFocusFor("probe.fma_fp32"), MixFocus::Auto);
    }

    void cacheAndSources()
    {
        QTemporaryDir dir;
        kernels::Compiler compiler({}, dir.path());
        const kernels::KernelSpec *spec = kernels::Catalog::instance().find("gemm.reg1d");
        QVERIFY(spec);
        const kernels::Params p = spec->defaults();
        kernels::CompileResult compiled;
        const kernels::KernelCode first = kernels::catalogKernelCode(
            *spec, p, Dtype::Fp32, "sm_80", compiler, kernels::MixSource::Ptx, false, &compiled);
        QVERIFY2(first.ok, qPrintable(first.error));
        QVERIFY(QFileInfo::exists(dir.filePath(compiled.cacheKey + ".mix.json")));
        QVERIFY(QFileInfo::exists(dir.filePath(compiled.cacheKey + ".ptx")));
        const kernels::KernelCode again =
            kernels::kernelCode(compiled, compiler, {}, MixFocus::Math, kernels::MixSource::Ptx);
        QVERIFY(again.cacheHit);
        QCOMPARE(again.mix.counts, first.mix.counts);
        // The text when asked for, never from the cache.
        const kernels::KernelCode text =
            kernels::kernelCode(compiled, compiler, {}, MixFocus::Math, kernels::MixSource::Ptx, true);
        QVERIFY(!text.cacheHit);
        QVERIFY(text.ptx.contains(".entry gemm_reg1d"));
        QCOMPARE(text.mix.counts, first.mix.counts);
        // SASS wanted, no disassembler: an error that says where it looked.
        const kernels::KernelCode sass =
            kernels::kernelCode(compiled, compiler, {}, MixFocus::Math, kernels::MixSource::Sass);
        QVERIFY(!sass.ok);
        QVERIFY2(sass.error.contains("nvdisasm"), qPrintable(sass.error));
    }

    // The tile explorer's compile job: counted, and the second time a lookup.
    void compileJob_data()
    {
        QTest::addColumn<QString>("step");
        QTest::addColumn<QString>("gpu");
        QTest::addColumn<QString>("cls");
        QTest::newRow("reg2d on an H200") << "gemm.reg2d"
                                          << "h200-sxm"
                                          << "ffma";
        QTest::newRow("mma_multistage on an H100") << "gemm.mma_multistage"
                                                   << "h100-sxm"
                                                   << "hmma";
    }

    void compileJob()
    {
        QFETCH(QString, step);
        QFETCH(QString, gpu);
        QFETCH(QString, cls);
        const model::SpecDb db = model::SpecDb::loadDefault();
        const model::Gpu *g = db.find(gpu);
        QVERIFY(g);
        const kernels::gemm::TilePlan plan = kernels::gemm::plan(kernels::gemm::defaultConfig(step), g);
        const kernels::gemm::CompileJob job = kernels::gemm::compileJob(plan, *g);
        QVERIFY2(job.ok, qPrintable(job.error));
        kernels::Compiler compiler({}, m_cache.path());
        const kernels::KernelCode first = kernels::compileJobCode(job, compiler);
        QVERIFY2(first.ok, qPrintable(first.error));
        QVERIFY(first.mix.count(cls) > 0);
        const kernels::KernelCode again = kernels::compileJobCode(job, compiler);
        QVERIFY(again.cacheHit);
        QCOMPARE(again.mix.counts, first.mix.counts);
        kernels::gemm::CompileJob bad = job;
        bad.ok = false;
        bad.error = "no kernel";
        QCOMPARE(kernels::compileJobCode(bad, compiler).error, QStringLiteral("no kernel"));
    }

    // What the tile explorer pays per knob change for a configuration it has seen.
    void benchCompileJobLookup()
    {
        const model::SpecDb db = model::SpecDb::loadDefault();
        const model::Gpu *g = db.find("h200-sxm");
        QVERIFY(g);
        const auto job = kernels::gemm::compileJob(
            kernels::gemm::plan(kernels::gemm::defaultConfig("gemm.vectorized"), g), *g);
        kernels::Compiler compiler({}, m_cache.path());
        QVERIFY(kernels::compileJobCode(job, compiler).ok);
        QBENCHMARK
        {
            const kernels::KernelCode k = kernels::compileJobCode(job, compiler);
            QVERIFY(k.cacheHit);
        }
    }

    // The SASS path end to end with a stand-in nvdisasm on PATH that prints the hand-written
    // listing under the real entry's name.
    void standInDisassembler()
    {
        QTemporaryDir bin, cache;
        const QString script = rooflab::test::writeScript(
            bin.filePath("nvdisasm"),
            QStringLiteral("[ -s \"$1\" ] || exit 3\nsed s/gemm_demo/gemm_reg2d/g '%1'\n")
                .arg(testData("instrmix/nvdisasm-sm90.sass"))
                .toUtf8());
        QVERIFY(!script.isEmpty());
        const QByteArray path = qgetenv("PATH");
        qunsetenv("ROOFLAB_NO_DISASSEMBLER");
        qputenv("PATH", bin.path().toUtf8() + ':' + path);
        const kernels::Disassembler d = kernels::findDisassembler();
        QString error;
        const kernels::KernelCode k =
            codeOf("gemm.reg2d", "fp32", "sm_90", {}, cache.path(), kernels::MixSource::Auto, &error);
        qputenv("PATH", path);
        qputenv("ROOFLAB_NO_DISASSEMBLER", "1");
        QCOMPARE(d.kind, QStringLiteral("nvdisasm"));
        QCOMPARE(d.program, QFileInfo(script).absoluteFilePath());
        QVERIFY2(k.ok, qPrintable(error));
        QCOMPARE(k.mix.source, QStringLiteral("sass"));
        QCOMPARE(k.disassembler, d.program);
        QCOMPARE(k.mix.count("ffma"), 6.0); // the listing's, not the PTX's 512
        QCOMPARE(k.mix.arch, QStringLiteral("sm_90"));
    }

    // Each committed H200 dump against the PTX of the same compile here. Math per main-loop
    // iteration within 10 % (or a whole multiple: ptxas unrolled the loop further); shared and
    // global traffic per math instruction (per global load word for memory kernels) within
    // 25 %, in 32-bit words, since ptxas merges scalar shared loads into vector ones; integer
    // and address arithmetic is only reported (ptxas reshapes it most).
    void sassAgainstPtx_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("kernel");
        QTest::addColumn<QString>("dtype");
        QTest::addColumn<QString>("arch");
        QTest::addColumn<kernels::Params>("params");
        const QList<Dump> dumps = dumpList();
        QVERIFY2(dumps.size() >= 20, "lab/dump-sass.list");
        QStringList missing;
        for (const Dump &d : dumps)
            if (!QFileInfo::exists(testData("sass/" + d.name + ".sass")))
                missing.append(d.name);
        if (missing.size() == dumps.size())
            QSKIP(qPrintable("no SASS dumps are committed yet (run lab/dump-sass.sh on the H200, unpack into "
                             "tests/data/sass/); missing: " +
                             missing.join(", ")));
        for (const Dump &d : dumps)
            QTest::newRow(qPrintable(d.name)) << d.name << d.kernel << d.dtype << d.arch << d.params;
    }

    void sassAgainstPtx()
    {
        QFETCH(QString, name);
        QFETCH(QString, kernel);
        QFETCH(QString, dtype);
        QFETCH(QString, arch);
        QFETCH(kernels::Params, params);
        const QString file = testData("sass/" + name + ".sass");
        if (!QFileInfo::exists(file))
            QSKIP(qPrintable("tests/data/sass/" + name +
                             ".sass is not committed (lab/dump-sass.sh writes it)"));
        QString error;
        const kernels::KernelCode ptx =
            codeOf(kernel, dtype, arch, params, m_cache.path(), kernels::MixSource::Ptx, &error);
        QVERIFY2(ptx.ok, qPrintable(error));
        const InstrMix sass = countSass(readText(file), ptx.entry, kernels::mixFocusFor(kernel));
        QVERIFY2(!sass.isEmpty(), qPrintable(ptx.entry + " is not in " + file));
        const InstrMix &p = ptx.mix;
        // Dumps are of the sources as they were; a mismatch after a kernel edit says so.
        QString stale;
        const QJsonObject manifest =
            QJsonDocument::fromJson(readText(testData("sass/manifest.json")).toUtf8()).object();
        const QString key = manifest.value(name).toObject().value("cache_key").toString();
        kernels::CompileResult compiled;
        {
            const kernels::KernelSpec *spec = kernels::Catalog::instance().find(kernel);
            const auto r = kernels::Catalog::resolveAll(*spec, params, dtype, &error);
            kernels::Compiler compiler({}, m_cache.path());
            kernels::catalogKernelCode(*spec, r->params, r->dtype, arch, compiler, kernels::MixSource::Ptx,
                                       false, &compiled);
        }
        if (!key.isEmpty() && key != compiled.cacheKey)
            stale = " (the dump is of other kernel sources: run lab/dump-sass.sh again)";
        auto show = [&](const InstrMix &m) {
            QStringList parts;
            for (auto it = m.counts.cbegin(); it != m.counts.cend(); ++it)
                parts.append(QStringLiteral("%1 %2").arg(it.key()).arg(it.value()));
            return parts.join(", ");
        };
        const QString both = "\n  SASS: " + show(sass) + "\n  PTX:  " + show(p) + stale;
        QCOMPARE(sass.loopFound, p.loopFound);

        const bool memoryKernel = kernels::mixFocusFor(kernel) == MixFocus::Memory;
        double unroll = 1;
        if (!memoryKernel) {
            for (const char *cls : {"ffma", "dfma", "hmma", "hgmma"}) {
                const double s = sass.count(cls), q = p.count(cls);
                if (s == 0 && q == 0)
                    continue;
                const double k = q > 0 ? std::round(s / q) : 0;
                const bool close = std::abs(s - q) <= 0.10 * std::max(s, q);
                const bool multiple = k >= 2 && std::abs(s - k * q) <= 0.10 * s;
                QVERIFY2(close || multiple,
                         qPrintable(QStringLiteral("%1: SASS %2, PTX %3").arg(cls).arg(s).arg(q) + both));
                if (multiple)
                    unroll = k;
            }
        }
        const double sPer = memoryKernel ? globalLoadWords(sass) : math(sass);
        const double pPer = memoryKernel ? globalLoadWords(p) : math(p);
        QVERIFY2(sPer > 0 && pPer > 0, qPrintable("nothing to compare per" + both));
        const QList<std::pair<QString, std::function<double(const InstrMix &)>>> traffic = {
            {"shared load words", [](const InstrMix &m) { return words(m, "lds"); }},
            {"ldmatrix", [](const InstrMix &m) { return m.count("ldsm"); }},
            {"shared store words", [](const InstrMix &m) { return words(m, "sts"); }},
            {"global load words", [](const InstrMix &m) { return globalLoadWords(m); }},
            {"global stores", [](const InstrMix &m) { return m.count("stg"); }},
            {"cp.async", [](const InstrMix &m) { return m.count("ldgsts"); }},
            {"tma", [](const InstrMix &m) { return m.count("tma"); }},
        };
        for (const auto &[what, f] : traffic) {
            const double s = f(sass) / sPer, q = f(p) / pPer;
            QVERIFY2(std::abs(s - q) <= 0.25 * std::max(s, q) + 1e-12,
                     qPrintable(QStringLiteral("%1 per %2: SASS %3, PTX %4")
                                    .arg(what, memoryKernel ? "global load word" : "math instruction")
                                    .arg(s)
                                    .arg(q) +
                                both));
        }
        const double sInt = sass.count("int") + sass.count("imad"), pInt = p.count("int") + p.count("imad");
        if (pInt > 0) {
            const double r = sInt / (pInt * unroll);
            intRatios().append(r);
            qInfo("%s: integer/address instructions SASS %g vs PTX %g%s: ratio %.2f; total %g vs %g",
                  qPrintable(name), sInt, pInt,
                  unroll > 1 ? qPrintable(QStringLiteral(" (x%1 unrolled)").arg(unroll)) : "", r, sass.total,
                  p.total);
        }
    }
};

QTEST_GUILESS_MAIN(TestInstrMix)
#include "tst_instrmix.moc"
