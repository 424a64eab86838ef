#pragma once

#include <QJsonObject>
#include <QMap>
#include <QString>
#include <QStringList>

namespace model {

// The instruction mix of a kernel's main loop, counted from its code: warp instructions of
// one iteration of the hottest loop, by class. Counted from SASS (nvdisasm / cuobjdump output)
// where a disassembler is found, otherwise from the PTX that NVRTC emits (an estimate for the
// integer and address arithmetic, which ptxas reshapes most).
//
// Classes (keys of `counts`), one SASS opcode family each; PTX instructions map onto them as
// in shared/reference/perf-model.md:
//   ffma fadd fmul   FP32 pipe          hfma2 hadd2 hmul2   FP16x2 on the FMA pipe
//   dfma             FP64 pipe          hmma hgmma          tensor core (mma.sync / wgmma)
//   imad int         integer / address  lds lds64 lds128 ldsm   shared loads (by width)
//   sts sts64 sts128 shared stores      ldg ldg64 ldg128    global loads (by width)
//   stg              global stores      ldgsts              cp.async (LDGSTS)
//   tma              UTMALDG / bulk     bar                 BAR.SYNC / bar.sync / mbarrier waits
//   branch           BRA and the like   other               everything else
struct InstrMix
{
    QString source;               // "sass" or "ptx" (or "tile": estimated from the tile shape, no code read)
    QString arch;                 // "sm_90", "sm_90a"
    QString kernel;               // the entry's name
    QMap<QString, double> counts; // warp instructions per main-loop iteration, by class
    double total = 0;             // all instructions of the loop body
    bool loopFound = false;       // false: counts are for the whole kernel body

    bool isEmpty() const { return counts.isEmpty(); }
    double count(const QString &cls) const { return counts.value(cls, 0); }
    // Instructions of the classes `cls` per instruction of the class `per` (0 when per is 0).
    double ratio(const QString &cls, const QString &per) const;

    QJsonObject toJson() const;
    static InstrMix fromJson(const QJsonObject &o);
};

// The classes above, in display order (also "atom": RED / ATOM / atom.* / red.*, which the
// reductions use; without it they would hide in "other"; and "ldl"/"stl" with their widths:
// local memory, where spilled registers go).
const QStringList &instrClasses();

// Which loop is the main one: the most math work (FFMA, DFMA, HMMA, HGMMA weighted by their
// FLOPs per warp, so four HGMMA.64x256x16 outweigh an epilogue's hundreds of FFMA), or the
// most global loads (LDG, LDGSTS, TMA) for memory kernels. Auto takes the math loop unless
// it has fewer math instructions than global loads.
enum class MixFocus { Auto, Math, Memory };

// Counts one function of nvdisasm or `cuobjdump -sass` output. `kernel`: the mangled entry
// name (exact, else the only function containing it); empty: the largest function. A loop is
// a natural loop of the control flow (a backward branch to a label that dominates it), with
// all its blocks, also those ptxas placed out of line; among loops with equal counts the
// smallest (innermost) wins. `@!PT` instructions (never executed) are not counted. No such
// loop: the whole function, loopFound false. Empty when the text holds no such function.
InstrMix countSass(const QString &text, const QString &kernel = {}, MixFocus focus = MixFocus::Auto);
// The same for NVRTC's PTX (`.entry` functions).
InstrMix countPtx(const QString &ptx, const QString &kernel = {}, MixFocus focus = MixFocus::Auto);

// The class of one SASS instruction ("@P0 LDG.E.128 R4, desc[UR6][R2.64]"), of one PTX
// instruction ("ld.shared.v4.f32 {...}, [%r1]"), as the counters use them. `weight`: how
// many SASS instructions the PTX one becomes (wmma.mma: 2 HMMA), 1 otherwise.
QString sassClass(const QString &instruction);
QString ptxClass(const QString &instruction, double *weight = nullptr);
// The functions of a SASS listing / the entries of a PTX module, in order.
QStringList sassFunctions(const QString &text);
QStringList ptxEntries(const QString &ptx);

} // namespace model
