#include "gemmtile.h"

#include "catalog.h"
#include "gemmladder.h"
#include "gemmsteps.h"

#include <QCoreApplication>
#include <QSet>
#include <QThreadPool>

#include <algorithm>
#include <cmath>
#include <new>

namespace kernels::gemm {

namespace {

QString tr(const char *s)
{
    return QCoreApplication::translate("kernels::GemmTile", s);
}

const char *const kOutOfMemory = QT_TRANSLATE_NOOP("kernels::GemmTile", "out of memory while compiling");

using model::Dtype;

// The steps by role, so that the rules below read like the kernels' static_asserts.
enum class Kind { Model, Naive, SmemTiled, Reg1d, Reg2d, Vectorized, Warptiled, Wmma, Mma, Wgmma, Unknown };

// Step 13: step 10's tile in e4m3, a K-slice of 128 (one 128-byte swizzle row of 1-byte
// values), fp32 C.
bool fp8Wgmma(const QString &step)
{
    const model::gemmsteps::Step *t = model::gemmsteps::find(step);
    return t && t->ladder() && t->fp8;
}

// A step's kind, from its pattern in the one table of GEMM steps (model/gemmsteps.h). Steps
// 11 and up are step 10's tile with a persistent grid, a TMA-store epilogue (and clusters): the
// same knobs.
Kind kindOf(const QString &step)
{
    if (step == QLatin1String(kModelStep))
        return Kind::Model;
    const model::gemmsteps::Step *t = model::gemmsteps::find(step);
    if (!t)
        return Kind::Unknown;
    using P = model::gemmsteps::Pattern;
    switch (t->pattern) {
    case P::OneByOne:
        return Kind::Naive;
    case P::SmemTiled:
        return Kind::SmemTiled;
    case P::Reg1d:
        return Kind::Reg1d;
    case P::Reg2d:
        return Kind::Reg2d;
    case P::Vectorized:
        return Kind::Vectorized;
    case P::Warptiled:
        return Kind::Warptiled;
    case P::Wmma:
        return Kind::Wmma;
    case P::Mma:
        return Kind::Mma;
    case P::Wgmma:
        return Kind::Wgmma;
    case P::Library:
        break;
    }
    return Kind::Unknown;
}

QList<qint64> pow2(qint64 lo, qint64 hi)
{
    QList<qint64> out;
    for (qint64 v = lo; v <= hi; v *= 2)
        out.append(v);
    return out;
}

QList<qint64> range(qint64 lo, qint64 hi)
{
    QList<qint64> out;
    for (qint64 v = lo; v <= hi; ++v)
        out.append(v);
    return out;
}

FieldRule freeRule(const QList<qint64> &stops, qint64 min, qint64 max)
{
    FieldRule r;
    r.role = FieldRole::Free;
    r.stops = stops;
    r.min = min;
    r.max = max;
    return r;
}

FieldRule fixedRule(qint64 value, const QString &why)
{
    FieldRule r;
    r.role = FieldRole::Fixed;
    r.fixedValue = value;
    r.min = r.max = value;
    r.why = why;
    return r;
}

FieldRule derivedRule(const QString &why)
{
    FieldRule r;
    r.role = FieldRole::Derived;
    r.why = why;
    return r;
}

bool isPow2(qint64 v)
{
    return v > 0 && (v & (v - 1)) == 0;
}

int log2i(qint64 v)
{
    int n = 0;
    while (v > 1) {
        v >>= 1;
        ++n;
    }
    return n;
}

// Register tile for a register-blocked step from the threads wanted: TM·TN outputs per
// thread, as square as possible (TM ≥ TN), capped at 16 each.
void registerTileFor(int bm, int bn, int threads, int *tm, int *tn)
{
    const qint64 per = threads > 0 ? qint64(bm) * bn / threads : 0;
    if (per < 1 || !isPow2(per)) {
        *tm = *tn = 8;
        return;
    }
    const int l = log2i(per);
    *tn = 1 << (l / 2);
    *tm = int(per / *tn);
}

// Warp grids for `warps` warps (powers of two, at most 8 per side), the usual one first:
// as square as possible with more warps along N (2×4 for 8 warps, as the kernels' defaults).
QList<std::pair<int, int>> warpGrids(int warps)
{
    QList<std::pair<int, int>> out;
    if (!isPow2(warps))
        return out;
    const int l = log2i(warps);
    const int nPref = 1 << ((l + 1) / 2);
    out.append({warps / nPref, nPref});
    for (int wn = 1; wn <= 8; wn *= 2) {
        const int wm = warps / wn;
        if (wm < 1 || wm > 8 || wm * wn != warps || (wm == warps / nPref && wn == nPref))
            continue;
        out.append({wm, wn});
    }
    std::stable_sort(out.begin() + 1, out.end(), [](const auto &a, const auto &b) {
        return std::abs(log2i(a.first) - log2i(a.second)) < std::abs(log2i(b.first) - log2i(b.second));
    });
    return out;
}

qint64 maxDynSmemOf(const model::Gpu *gpu)
{
    return gpu && gpu->limits ? gpu->limits->smemPerBlockOptinBytes : 0;
}

bool parseCc(const model::Gpu &gpu, int *major, int *minor)
{
    const QStringList parts = gpu.computeCapability.split(QLatin1Char('.'));
    bool ok1 = false, ok2 = false;
    *major = parts.value(0).toInt(&ok1);
    *minor = parts.value(1).toInt(&ok2);
    return parts.size() == 2 && ok1 && ok2;
}

QString joinStops(const QList<qint64> &v)
{
    QStringList s;
    for (qint64 x : v)
        s.append(QString::number(x));
    return s.join(QStringLiteral(", "));
}

} // namespace

// ---------------------------------------------------------------- fields

namespace {

// Each field's key in lesson files and JSON and its label; a label the catalogue translates is
// marked (M, N, K and the tile sizes read the same in every language).
struct FieldText
{
    TileField field;
    const char *key;
    const char *label;
    bool translated;
};

const FieldText kFieldTexts[] = {
    {TileField::M, "M", "M", false},
    {TileField::N, "N", "N", false},
    {TileField::K, "K", "K", false},
    {TileField::Dtype, "dtype", QT_TRANSLATE_NOOP("kernels::GemmTile", "dtype"), true},
    {TileField::Step, "step", QT_TRANSLATE_NOOP("kernels::GemmTile", "kernel step"), true},
    {TileField::BM, "bm", "BM", false},
    {TileField::BN, "bn", "BN", false},
    {TileField::BK, "bk", "BK", false},
    {TileField::TM, "tm", "TM", false},
    {TileField::TN, "tn", "TN", false},
    {TileField::Stages, "stages", QT_TRANSLATE_NOOP("kernels::GemmTile", "stages"), true},
    {TileField::Threads, "threads", QT_TRANSLATE_NOOP("kernels::GemmTile", "threads"), true},
    {TileField::Group, "group", QT_TRANSLATE_NOOP("kernels::GemmTile", "group"), true},
};

const FieldText *fieldText(TileField f)
{
    for (const FieldText &t : kFieldTexts)
        if (t.field == f)
            return &t;
    return nullptr;
}

} // namespace

const QList<TileField> &tileFields()
{
    static const QList<TileField> f = [] {
        QList<TileField> all;
        for (const FieldText &t : kFieldTexts)
            all.append(t.field);
        return all;
    }();
    return f;
}

QString tileFieldName(TileField f)
{
    const FieldText *t = fieldText(f);
    if (!t)
        return {};
    return t->translated ? tr(t->label) : QString::fromLatin1(t->label);
}

QString tileFieldKey(TileField f)
{
    const FieldText *t = fieldText(f);
    return t ? QString::fromLatin1(t->key) : QString();
}

namespace {

// Where a numeric field lives in a configuration: the problem sizes are 64-bit, the tile sizes int;
// dtype and step are not numbers (both pointers null).
struct FieldSlot
{
    qint64 *wide = nullptr;
    int *narrow = nullptr;
};

FieldSlot slotOf(TileConfig &c, TileField f)
{
    switch (f) {
    case TileField::M:
        return {&c.M, nullptr};
    case TileField::N:
        return {&c.N, nullptr};
    case TileField::K:
        return {&c.K, nullptr};
    case TileField::BM:
        return {nullptr, &c.bm};
    case TileField::BN:
        return {nullptr, &c.bn};
    case TileField::BK:
        return {nullptr, &c.bk};
    case TileField::TM:
        return {nullptr, &c.tm};
    case TileField::TN:
        return {nullptr, &c.tn};
    case TileField::Stages:
        return {nullptr, &c.stages};
    case TileField::Threads:
        return {nullptr, &c.threads};
    case TileField::Group:
        return {nullptr, &c.group};
    case TileField::Dtype:
    case TileField::Step:
        break;
    }
    return {};
}

} // namespace

qint64 TileConfig::value(TileField f) const
{
    const FieldSlot slot = slotOf(const_cast<TileConfig &>(*this), f); // read only
    return slot.wide ? *slot.wide : slot.narrow ? *slot.narrow : 0;
}

void TileConfig::setValue(TileField f, qint64 v)
{
    const FieldSlot slot = slotOf(*this, f);
    if (slot.wide)
        *slot.wide = v;
    else if (slot.narrow)
        *slot.narrow = int(v);
}

// ---------------------------------------------------------------- steps and rules

QStringList tileSteps()
{
    return QStringList{QString::fromLatin1(kModelStep)} + ladderIds();
}

QString stepTitle(const QString &step)
{
    if (kindOf(step) == Kind::Model)
        return tr("Tile model only (no kernel)");
    if (QString title = ladderStepTitle(step); !title.isEmpty())
        return title; // in the language shown now, not the catalog's
    if (const KernelSpec *k = Catalog::instance().find(step))
        return k->title;
    return step;
}

QString shortStepName(const QString &step)
{
    return step.startsWith(QLatin1String("gemm.")) ? step.mid(5) : step;
}

FieldRule fieldRule(const QString &step, TileField f)
{
    const Kind k = kindOf(step);
    const QString na = tr("not a knob of this step");
    switch (f) {
    case TileField::M:
    case TileField::N:
    case TileField::K:
        return freeRule(pow2(64, 16384), 1, 32768);
    case TileField::Dtype:
    case TileField::Step:
        return freeRule({}, 0, 0);
    default:
        break;
    }

    switch (k) {
    case Kind::Model:
    case Kind::Unknown:
        switch (f) {
        case TileField::BM:
        case TileField::BN:
            return freeRule(pow2(8, 256), 1, 4096);
        case TileField::BK:
            return freeRule(pow2(8, 128), 1, 4096);
        case TileField::TM:
        case TileField::TN:
            return fixedRule(0, tr("the tile model does not see the per-thread tile"));
        case TileField::Stages:
            return freeRule(range(1, 8), 1, 64);
        case TileField::Threads:
            return freeRule(pow2(32, 1024), 1, 1024);
        case TileField::Group:
            return freeRule(pow2(1, 64), 1, 4096);
        default:
            break;
        }
        break;
    case Kind::Naive: {
        const QString one =
            tr("no tile: every output is computed on its own, so the model counts a 1×1 tile (no reuse)");
        switch (f) {
        case TileField::BM:
        case TileField::BN:
        case TileField::BK:
            return fixedRule(1, one);
        case TileField::TM:
        case TileField::TN:
            return fixedRule(0, na);
        case TileField::Stages:
            return fixedRule(1, tr("no shared memory"));
        case TileField::Threads:
            return freeRule({64, 256, 1024}, 1, 1024);
        case TileField::Group:
            return fixedRule(1, tr("launch order as the grid runs"));
        default:
            break;
        }
        break;
    }
    case Kind::SmemTiled:
        switch (f) {
        case TileField::BM:
            return freeRule({8, 16, 32}, 1, 32);
        case TileField::BN:
        case TileField::BK:
            return derivedRule(tr("= BM: square TILE×TILE tiles of A and B"));
        case TileField::TM:
        case TileField::TN:
            return fixedRule(0, na);
        case TileField::Stages:
            return fixedRule(1, tr("one shared-memory buffer"));
        case TileField::Threads:
            return derivedRule(tr("= TILE²: one thread per output of the tile"));
        case TileField::Group:
            return fixedRule(1, tr("row-major block order"));
        default:
            break;
        }
        break;
    case Kind::Reg1d:
    case Kind::Reg2d:
    case Kind::Vectorized: {
        const bool vec = k == Kind::Vectorized;
        switch (f) {
        case TileField::BM:
        case TileField::BN:
            return freeRule(pow2(8, 256), 8, 256);
        case TileField::BK:
            return vec ? freeRule(pow2(4, 64), 4, 64) : freeRule(pow2(1, 64), 1, 64);
        case TileField::TM:
            return k == Kind::Reg1d ? freeRule(pow2(1, 32), 1, 32)
                   : vec            ? freeRule(pow2(4, 16), 4, 16)
                                    : freeRule(pow2(1, 16), 1, 16);
        case TileField::TN:
            if (k == Kind::Reg1d)
                return fixedRule(1, tr("one column of results per thread"));
            return vec ? freeRule(pow2(4, 16), 4, 16) : freeRule(pow2(1, 16), 1, 16);
        case TileField::Stages:
            return fixedRule(1, tr("one shared-memory buffer"));
        case TileField::Threads:
            return derivedRule(k == Kind::Reg1d ? tr("= BM·BN/TM: one thread per TM results")
                                                : tr("= (BM/TM)·(BN/TN): one thread per TM×TN patch"));
        case TileField::Group:
            return fixedRule(1, tr("row-major block order"));
        default:
            break;
        }
        break;
    }
    case Kind::Warptiled:
        switch (f) {
        case TileField::BM:
        case TileField::BN:
            return freeRule(pow2(16, 256), 16, 256);
        case TileField::BK:
            return freeRule(pow2(4, 64), 4, 64);
        case TileField::TM:
        case TileField::TN:
            return freeRule(pow2(4, 16), 4, 16);
        case TileField::Stages:
            return fixedRule(2, tr("two tile buffers: the next K-slice loads during the math"));
        case TileField::Threads:
            return freeRule(pow2(32, 1024), 32, 1024);
        case TileField::Group:
            return fixedRule(1, tr("row-major block order"));
        default:
            break;
        }
        break;
    case Kind::Wmma:
    case Kind::Mma:
        switch (f) {
        case TileField::BM:
        case TileField::BN:
            return freeRule(pow2(16, 256), 16, 256);
        case TileField::BK:
            return k == Kind::Wmma ? freeRule({16, 32, 48, 64}, 16, 64) : freeRule({16, 32, 64}, 16, 64);
        case TileField::TM:
        case TileField::TN:
            return fixedRule(0, tr("tensor cores: the MMA instruction sets the per-warp tile"));
        case TileField::Stages:
            return k == Kind::Wmma ? fixedRule(1, tr("one stage: load, barrier, compute"))
                                   : freeRule(range(2, 8), 2, 8);
        case TileField::Threads:
            return freeRule(pow2(32, 1024), 32, 1024);
        case TileField::Group:
            return freeRule(pow2(1, 64), 1, 64);
        default:
            break;
        }
        break;
    case Kind::Wgmma:
        switch (f) {
        case TileField::BM:
        case TileField::BN:
            return freeRule({64, 128, 192, 256}, 64, 256);
        case TileField::BK:
            if (fp8Wgmma(step))
                return fixedRule(128, tr("TMA copies 128-byte swizzled rows: 128 e4m3 elements"));
            return fixedRule(64, tr("TMA copies 128-byte (64-element) swizzled rows"));
        case TileField::TM:
        case TileField::TN:
            return fixedRule(0, tr("tensor cores: wgmma sets the per-warpgroup tile"));
        case TileField::Stages:
            return freeRule(range(2, 8), 2, 8);
        case TileField::Threads:
            return freeRule({256, 384}, 256, 384);
        case TileField::Group:
            return freeRule(pow2(1, 64), 1, 64);
        default:
            break;
        }
        break;
    }
    return freeRule({}, 0, 0);
}

QStringList dtypesFor(const QString &step)
{
    if (kindOf(step) == Kind::Model || kindOf(step) == Kind::Unknown)
        return model::dtypeNames();
    if (const KernelSpec *k = Catalog::instance().find(step))
        return k->dtypes;
    return {};
}

QString defaultStep(Dtype d)
{
    if (d == Dtype::Bf16 || d == Dtype::Fp16)
        return QStringLiteral("gemm.mma_multistage");
    if (d == Dtype::Fp32)
        return QStringLiteral("gemm.reg2d");
    return {};
}

TileConfig defaultConfig(const QString &step, qint64 size)
{
    TileConfig c;
    c.M = c.N = c.K = size;
    c.step = step;
    if (kindOf(step) == Kind::Model || kindOf(step) == Kind::Unknown)
        return c;
    const KernelSpec *k = Catalog::instance().find(step);
    if (!k)
        return c;
    Params p = k->defaults();
    p["M"] = p["N"] = p["K"] = size;
    const auto d = model::parseDtype(k->defaultDtype());
    if (auto from = configFromKernel(step, p, d.value_or(Dtype::Fp32)))
        return *from;
    return c;
}

TileConfig normalized(TileConfig c)
{
    const Kind k = kindOf(c.step);
    for (TileField f : {TileField::BM, TileField::BN, TileField::BK, TileField::TM, TileField::TN,
                        TileField::Stages, TileField::Threads, TileField::Group}) {
        const FieldRule r = fieldRule(c.step, f);
        if (r.role == FieldRole::Fixed)
            c.setValue(f, r.fixedValue);
    }
    switch (k) {
    case Kind::SmemTiled:
        c.bn = c.bk = c.bm;
        c.threads = c.bm * c.bm;
        break;
    case Kind::Reg1d:
        if (c.tm <= 0)
            c.tm = c.threads > 0 && qint64(c.bm) * c.bn % c.threads == 0
                       ? int(qint64(c.bm) * c.bn / c.threads)
                       : 8;
        c.threads = c.tm > 0 ? int(qint64(c.bm) * c.bn / c.tm) : 0;
        break;
    case Kind::Reg2d:
    case Kind::Vectorized:
        if (c.tm <= 0 || c.tn <= 0)
            registerTileFor(c.bm, c.bn, c.threads, &c.tm, &c.tn);
        c.threads = c.tm > 0 && c.tn > 0 ? (c.bm / c.tm) * (c.bn / c.tn) : 0;
        break;
    default:
        break;
    }
    return c;
}

TileConfig switchedStep(const TileConfig &c, const QString &step, QStringList *changed)
{
    const TileConfig d = defaultConfig(step, c.M);
    TileConfig out = c;
    out.step = step;
    if (step != c.step)
        out.extras = d.extras; // another kernel: its own defaults
    for (TileField f : {TileField::BM, TileField::BN, TileField::BK, TileField::TM, TileField::TN,
                        TileField::Stages, TileField::Threads, TileField::Group}) {
        const FieldRule was = fieldRule(c.step, f), now = fieldRule(step, f);
        if (now.role != FieldRole::Free)
            continue;
        const qint64 v = c.value(f);
        const bool keep = was.role == FieldRole::Free && v >= now.min && v <= now.max;
        if (keep)
            continue;
        out.setValue(f, d.value(f));
        if (changed && v != d.value(f) && was.role == FieldRole::Free)
            changed->append(QStringLiteral("%1 %2 → %3").arg(tileFieldName(f)).arg(v).arg(d.value(f)));
    }
    // A register-blocked step needs its per-thread tile: the previous step's threads decide it
    // only when that step had no TM / TN of its own.
    if (fieldRule(c.step, TileField::TM).role != FieldRole::Free &&
        fieldRule(step, TileField::TM).role == FieldRole::Free) {
        out.tm = d.tm;
        out.tn = fieldRule(step, TileField::TN).role == FieldRole::Free ? d.tn : out.tn;
    }
    const QStringList dts = dtypesFor(step);
    if (!dts.contains(model::dtypeName(c.dtype)) && !dts.isEmpty()) {
        out.dtype = d.dtype;
        if (changed)
            changed->append(QStringLiteral("%1 %2 → %3")
                                .arg(tileFieldName(TileField::Dtype), model::dtypeName(c.dtype),
                                     model::dtypeName(d.dtype)));
    }
    return normalized(out);
}

// ---------------------------------------------------------------- plan

namespace {

int extra(const TileConfig &c, const char *name)
{
    return int(c.extras.value(QLatin1String(name)).toLongLong());
}

// The warp grids to try, the configuration's own first (a measured tile's WM x WN, or the
// step's defaults) when it still fits the block tile and the threads.
QList<std::pair<int, int>> preferredGrid(const TileConfig &c, Kind k, QList<std::pair<int, int>> grids)
{
    std::pair<int, int> own{0, 0};
    if (k == Kind::Warptiled && extra(c, "WM") > 0 && extra(c, "WN") > 0 && c.bm % extra(c, "WM") == 0 &&
        c.bn % extra(c, "WN") == 0)
        own = {c.bm / extra(c, "WM"), c.bn / extra(c, "WN")};
    else if (k != Kind::Warptiled)
        own = {extra(c, "WARPS_M"), extra(c, "WARPS_N")};
    if (const qsizetype i = grids.indexOf(own); i > 0)
        grids.move(i, 0);
    return grids;
}

// Fills the kernel parameters of a step from a configuration; the warp grid (and for the
// warp-tiled step the sub-tile split) is the first legal one for the threads asked for.
void kernelParams(const TileConfig &c, Kind k, qint64 maxDynSmem, TilePlan &p)
{
    Params &kp = p.kernelParams;
    kp["M"] = c.M;
    kp["N"] = c.N;
    kp["K"] = c.K;
    const QString id = c.step;
    auto legal = [&](const Params &q) { return illegalReason(id, q, maxDynSmem).isEmpty(); };
    switch (k) {
    case Kind::Naive: {
        const int block = int(std::lround(std::sqrt(double(std::max(0, c.threads)))));
        if (block * block != c.threads || (block != 8 && block != 16 && block != 32))
            p.problems.append(
                tr("threads: %1 launches BLOCK×BLOCK threads with BLOCK 8, 16 or 32 (64, 256 or 1024 "
                   "threads), not %2")
                    .arg(id)
                    .arg(c.threads));
        kp["BLOCK"] = block;
        p.launchThreads = c.threads;
        break;
    }
    case Kind::SmemTiled:
        kp["TILE"] = c.bm;
        p.launchThreads = c.bm * c.bm;
        break;
    case Kind::Reg1d:
        kp["BM"] = c.bm;
        kp["BN"] = c.bn;
        kp["BK"] = c.bk;
        kp["TM"] = c.tm;
        p.launchThreads = c.tm > 0 ? int(qint64(c.bm) * c.bn / c.tm) : 0;
        break;
    case Kind::Reg2d:
    case Kind::Vectorized:
        kp["BM"] = c.bm;
        kp["BN"] = c.bn;
        kp["BK"] = c.bk;
        kp["TM"] = c.tm;
        kp["TN"] = c.tn;
        p.launchThreads = c.tm > 0 && c.tn > 0 ? (c.bm / c.tm) * (c.bn / c.tn) : 0;
        break;
    case Kind::Warptiled:
    case Kind::Wmma:
    case Kind::Mma: {
        kp["BM"] = c.bm;
        kp["BN"] = c.bn;
        kp["BK"] = c.bk;
        if (k == Kind::Warptiled) {
            kp["TM"] = c.tm;
            kp["TN"] = c.tn;
        } else {
            kp["GROUP"] = c.group;
        }
        if (k == Kind::Mma)
            kp["STAGES"] = c.stages;
        p.launchThreads = c.threads;
        const QList<std::pair<int, int>> grids = warpGrids(c.threads / 32);
        if (c.threads % 32 != 0 || grids.isEmpty()) {
            p.problems.append(tr("threads: %1 is not a power-of-two number of warps (32, 64, 128, ... 1024)")
                                  .arg(c.threads));
            break;
        }
        bool found = false;
        Params first;
        for (const auto &[wm, wn] : preferredGrid(c, k, grids)) {
            Params q = kp;
            if (k == Kind::Warptiled) {
                q["WM"] = c.bm / wm;
                q["WN"] = c.bn / wn;
                // __launch_bounds__: 2 blocks only where they fit
                q["MINB"] = c.extras.contains("MINB") ? extra(c, "MINB") : (c.threads > 512 ? 1 : 2);
                QList<int> iters = {2, 1, 4, 8};
                if (const int own = extra(c, "WNITER"); iters.contains(own))
                    iters.move(iters.indexOf(own), 0);
                for (int wni : iters) {
                    q["WNITER"] = wni;
                    if (first.isEmpty())
                        first = q;
                    if (c.bm % wm == 0 && c.bn % wn == 0 && legal(q)) {
                        found = true;
                        break;
                    }
                }
            } else {
                q["WARPS_M"] = wm;
                q["WARPS_N"] = wn;
                if (first.isEmpty())
                    first = q;
                found = legal(q);
            }
            if (found) {
                kp = q;
                break;
            }
        }
        if (!found)
            kp = first; // the usual grid; its reason is reported below
        break;
    }
    case Kind::Wgmma: {
        kp["BM"] = c.bm;
        kp["BN"] = c.bn;
        kp["STAGES"] = c.stages;
        kp["GROUP"] = c.group;
        const int consumers = c.threads / 128 - 1;
        if (c.threads % 128 != 0 || consumers < 1 || consumers > 2)
            p.problems.append(
                tr("threads: %1 launches one producer and 1 or 2 consumer warpgroups (256 or 384 "
                   "threads), not %2")
                    .arg(id)
                    .arg(c.threads));
        kp["CONSUMERS"] = std::clamp(consumers, 1, 2);
        p.launchThreads = c.threads;
        break;
    }
    case Kind::Model:
    case Kind::Unknown:
        break;
    }
    // The parameters without a knob (FRAGPIPE, TMA_STORE, CLUSTER_M, ...) go to the kernel as
    // the configuration has them; the catalog's defaults fill in the rest.
    for (const QString &name : tileParams(id))
        if (!kp.contains(name))
            if (const auto it = c.extras.constFind(name); it != c.extras.constEnd())
                kp.insert(name, it.value());
}

} // namespace

TilePlan plan(const TileConfig &c, const model::Gpu *gpu)
{
    TilePlan p;
    p.config = c;
    const Kind k = kindOf(c.step);
    if (k == Kind::Unknown) {
        p.problems.append(
            tr("step: \"%1\" is not a GEMM ladder step (known: %2)").arg(c.step, tileSteps().join(", ")));
        return p;
    }
    const QString dt = model::dtypeName(c.dtype);
    if (!dtypesFor(c.step).contains(dt))
        p.problems.append(
            tr("dtype: %1 computes %2 only, not %3").arg(c.step, dtypesFor(c.step).join(" / "), dt));

    // Knob by knob: typed values out of range, derived ones that disagree, fixed ones that differ.
    const TileConfig expect = normalized(c);
    for (TileField f : tileFields()) {
        if (f == TileField::Dtype || f == TileField::Step)
            continue;
        const FieldRule r = fieldRule(c.step, f);
        const qint64 v = c.value(f);
        switch (r.role) {
        case FieldRole::Free:
            if (v < r.min || v > r.max)
                p.problems.append(tr("%1: %2 is outside %3..%4 for %5 (slider values: %6)")
                                      .arg(tileFieldName(f))
                                      .arg(v)
                                      .arg(r.min)
                                      .arg(r.max)
                                      .arg(c.step, joinStops(r.stops)));
            break;
        case FieldRole::Derived:
            if (v != expect.value(f))
                p.problems.append(tr("%1: %2 gives %3, not %4 (%5)")
                                      .arg(tileFieldName(f), c.step)
                                      .arg(expect.value(f))
                                      .arg(v)
                                      .arg(r.why));
            break;
        case FieldRole::Fixed:
            if (r.fixedValue != 0 && v != r.fixedValue && v != 0)
                p.problems.append(tr("%1: %2 always uses %3 (%4), not %5")
                                      .arg(tileFieldName(f), c.step)
                                      .arg(r.fixedValue)
                                      .arg(r.why)
                                      .arg(v));
            break;
        }
    }

    // The model's view of the launch.
    model::TileInput &in = p.input;
    in.M = c.M;
    in.N = c.N;
    in.K = c.K;
    in.dtype = c.dtype;
    in.bm = c.bm;
    in.bn = c.bn;
    in.bk = c.bk;
    in.stages = c.stages;
    in.threads = c.threads;
    in.group = c.group;
    if (const model::gemmsteps::Step *st = model::gemmsteps::find(c.step))
        in.cElemBytes = st->cElemBytes();
    switch (k) {
    case Kind::Naive:
        // The kernel-engineering notes' naive GEMM (ch. 05): no sharing between threads; each output is
        // its own 1×1 "block".
        in.bm = in.bn = in.bk = 1;
        in.stages = 1;
        in.threads = 1;
        p.notes.append(
            tr("%1 shares nothing between threads: the model counts every output as its own 1×1 tile with "
               "one thread, so blocks/SM and waves below are per thread; the launch has %2 "
               "threads per block")
                .arg(c.step)
                .arg(c.threads));
        break;
    case Kind::SmemTiled:
        in.bn = in.bk = in.bm;
        in.threads = c.bm * c.bm;
        in.stages = 1;
        break;
    case Kind::Vectorized:
        in.extraSmemBytes = qint64(c.bk) * 4 * 4; // A stored transposed with 4 floats of padding per row
        break;
    case Kind::Warptiled:
        in.stages = 2;
        in.extraSmemBytes = 2 * qint64(c.bk) * 4 * 4; // the same padding in both buffers
        break;
    case Kind::Wmma:
        in.stages = 1;
        in.extraSmemBytes = qint64(c.bm + c.bn) * 8 * 2; // rows padded by 8 halves against bank conflicts
        break;
    case Kind::Wgmma:
        in.bk = fp8Wgmma(c.step) ? 128 : 64;
        in.extraSmemBytes = 1024 + 16 * qint64(c.stages); // 1 KB alignment slack + the stage barriers
        if (isPersistent(c.step)) // two 8 KB chunks of C per consumer warpgroup for the TMA store
            in.extraSmemBytes += 2 * 8192 * qint64(std::max(1, c.threads / 128 - 1));
        if (const model::gemmsteps::Step *t = model::gemmsteps::find(c.step); t && t->cluster) {
            // The explorer has no cluster knob: the configuration's own shape (the step's
            // 2 x 1 by default), whose multicast halves the L2 reads of B.
            const TileConfig d = defaultConfig(c.step, c.M);
            in.clusterM = c.extras.contains("CLUSTER_M") ? extra(c, "CLUSTER_M") : extra(d, "CLUSTER_M");
            in.clusterN = c.extras.contains("CLUSTER_N") ? extra(c, "CLUSTER_N") : extra(d, "CLUSTER_N");
        }
        // The producer warpgroup moves data with TMA and computes no outputs.
        in.threads = std::max(128, c.threads - 128);
        p.notes.append(
            tr("%1: the producer warpgroup (128 threads) only issues TMA copies; the model spreads the "
               "tile over the %2 consumer threads")
                .arg(c.step)
                .arg(in.threads));
        break;
    default:
        break;
    }
    if (k == Kind::Model)
        return p;

    p.kernelId = c.step;
    const qint64 maxDyn = maxDynSmemOf(gpu);
    kernelParams(c, k, maxDyn, p);
    // Every ladder kernel declares __launch_bounds__(its threads[, MINB]); the wgmma steps 1.
    in.boundThreads = p.launchThreads;
    in.boundMinBlocks = k == Kind::Warptiled ? int(p.kernelParams.value("MINB").toLongLong()) : 1;
    const KernelSpec *spec = Catalog::instance().find(c.step);
    if (!spec) {
        p.problems.append(tr("step: %1 is not in the kernel catalog").arg(c.step));
        return p;
    }
    // The catalog's own checks (ranges, allowed values, K alignment, the static_assert rules),
    // then the device's shared-memory limit; each reason once.
    QString error;
    const bool dtypeOk = dtypesFor(c.step).contains(dt);
    if (!Catalog::resolve(*spec, p.kernelParams, &error) ||
        (dtypeOk && !Catalog::resolveAll(*spec, p.kernelParams, dt, &error) && !p.problems.contains(error)))
        p.problems.append(error);
    if (const QString why = illegalReason(c.step, p.kernelParams, maxDyn);
        !why.isEmpty() && !p.problems.contains(why))
        p.problems.append(why);
    if (gpu) {
        QString archError;
        if (archForGpu(c.step, *gpu, &archError).isEmpty() && !gpu->computeCapability.isEmpty())
            p.problems.append(archError);
        else if (gpu->computeCapability.isEmpty())
            p.notes.append(
                tr("%1 is not an NVIDIA GPU: nothing to compile or run there; registers stay estimated")
                    .arg(gpu->displayName()));
    }
    return p;
}

// ---------------------------------------------------------------- compile

QString archForGpu(const QString &step, const model::Gpu &gpu, QString *error)
{
    auto fail = [&](const QString &m) {
        if (error)
            *error = m;
        return QString();
    };
    int major = 0, minor = 0;
    if (!parseCc(gpu, &major, &minor))
        return fail(tr("%1 has no CUDA compute capability in the spec database").arg(gpu.displayName()));
    const Kind k = kindOf(step);
    if (k == Kind::Wgmma && major != 9)
        return fail(tr("%1 needs sm_90a (Hopper: wgmma and TMA); %2 is compute capability %3")
                        .arg(step, gpu.displayName(), gpu.computeCapability));
    if ((k == Kind::Wmma || k == Kind::Mma) && major < 8)
        return fail(tr("%1 needs bf16 tensor cores (compute capability 8.0 or later); %2 is %3")
                        .arg(step, gpu.displayName(), gpu.computeCapability));
    QString arch = archFor(step, major, minor);
    QString why;
    if (Compiler::normalizeArch(arch, &why).isEmpty())
        return fail(why);
    return arch;
}

CompileJob compileJob(const TilePlan &p, const model::Gpu &gpu)
{
    CompileJob j;
    j.kernel = p.kernelId;
    if (!p.hasKernel()) {
        j.error = tr("the tile-model step has no kernel to compile; pick a ladder step");
        return j;
    }
    const KernelSpec *spec = Catalog::instance().find(p.kernelId);
    if (!spec || !spec->compileOptions) {
        j.error = tr("%1 is not a compiled kernel").arg(p.kernelId);
        return j;
    }
    QString error;
    const auto resolved =
        Catalog::resolveAll(*spec, p.kernelParams, model::dtypeName(p.config.dtype), &error);
    if (!resolved) {
        j.error = error;
        return j;
    }
    const QString arch = archForGpu(p.kernelId, gpu, &error);
    if (arch.isEmpty()) {
        j.error = error;
        return j;
    }
    j.options = spec->compileOptions(resolved->params, resolved->dtype);
    j.options.arch = arch;
    QStringList key = {p.kernelId, model::dtypeName(resolved->dtype), arch};
    for (auto it = j.options.defines.cbegin(); it != j.options.defines.cend(); ++it)
        key.append(it.key() + QLatin1Char('=') + it.value());
    j.key = key.join(QLatin1Char(' '));
    j.ok = true;
    return j;
}

TileCompile runCompileJob(const CompileJob &job, Compiler &compiler)
{
    TileCompile t;
    t.kernel = job.kernel;
    t.arch = job.options.arch;
    if (!job.ok) {
        t.error = job.error;
        return t;
    }
    const CompileResult r = compiler.compile(job.options);
    t.compileMs = r.compileMs;
    t.cacheHit = r.cacheHit;
    if (!r.ok) {
        t.error = r.error.isEmpty() ? tr("NVRTC failed") : r.error;
        return t;
    }
    const KernelResources w = r.worst();
    t.ok = true;
    t.arch = r.arch;
    t.registers = w.registers;
    t.smemStaticBytes = w.smemStaticBytes;
    t.spillBytes = w.spillBytes();
    t.stackBytes = w.stackFrameBytes;
    return t;
}

TileCompile compileTile(const TilePlan &p, const model::Gpu &gpu, Compiler &compiler)
{
    return runCompileJob(compileJob(p, gpu), compiler);
}

// ---------------------------------------------------------------- from a measurement

std::optional<TileConfig> configFromKernel(const QString &kernel, const Params &params, Dtype dtype)
{
    const Kind k = kindOf(kernel);
    if (k == Kind::Model || k == Kind::Unknown)
        return std::nullopt;
    const KernelSpec *spec = Catalog::instance().find(kernel);
    if (!spec)
        return std::nullopt;
    Params p = spec->defaults();
    for (auto it = params.begin(); it != params.end(); ++it)
        p[it.key()] = it.value();
    auto v = [&](const char *name) { return int(p.value(QString::fromLatin1(name)).toLongLong()); };
    TileConfig c;
    c.step = kernel;
    c.dtype = dtype;
    c.M = p.value("M").toLongLong();
    c.N = p.value("N").toLongLong();
    c.K = p.value("K").toLongLong();
    c.group = 1;
    c.stages = 1;
    c.tm = c.tn = 0;
    switch (k) {
    case Kind::Naive:
        c.bm = c.bn = c.bk = 1;
        c.threads = v("BLOCK") * v("BLOCK");
        break;
    case Kind::SmemTiled:
        c.bm = c.bn = c.bk = v("TILE");
        c.threads = c.bm * c.bm;
        break;
    case Kind::Reg1d:
        c.bm = v("BM"), c.bn = v("BN"), c.bk = v("BK"), c.tm = v("TM"), c.tn = 1;
        c.threads = c.tm > 0 ? c.bm * c.bn / c.tm : 0;
        break;
    case Kind::Reg2d:
    case Kind::Vectorized:
        c.bm = v("BM"), c.bn = v("BN"), c.bk = v("BK"), c.tm = v("TM"), c.tn = v("TN");
        c.threads = c.tm > 0 && c.tn > 0 ? (c.bm / c.tm) * (c.bn / c.tn) : 0;
        break;
    case Kind::Warptiled:
        c.bm = v("BM"), c.bn = v("BN"), c.bk = v("BK"), c.tm = v("TM"), c.tn = v("TN");
        c.stages = 2;
        c.threads = v("WM") > 0 && v("WN") > 0 ? 32 * (c.bm / v("WM")) * (c.bn / v("WN")) : 0;
        break;
    case Kind::Wmma:
    case Kind::Mma:
        c.bm = v("BM"), c.bn = v("BN"), c.bk = v("BK");
        c.stages = k == Kind::Mma ? v("STAGES") : 1;
        c.threads = 32 * v("WARPS_M") * v("WARPS_N");
        c.group = v("GROUP");
        break;
    case Kind::Wgmma:
        c.bm = v("BM"), c.bn = v("BN"), c.bk = fp8Wgmma(kernel) ? 128 : 64;
        c.stages = v("STAGES");
        c.threads = 128 * (v("CONSUMERS") + 1);
        c.group = v("GROUP");
        break;
    case Kind::Model:
    case Kind::Unknown:
        break;
    }
    // What the knobs above do not hold travels with the configuration.
    const QStringList knobs = {"M",  "N",  "K",  "BLOCK",  "TILE",  "BM",       "BN",
                               "BK", "TM", "TN", "STAGES", "GROUP", "CONSUMERS"};
    for (const ParamSpec &ps : spec->params)
        if (!knobs.contains(ps.name))
            c.extras.insert(ps.name, p.value(ps.name));
    return c;
}

bool isOneByOne(const QString &step)
{
    return kindOf(step) == Kind::Naive;
}

model::KernelLaunch launchOf(const TilePlan &p, const model::TileResult &r, std::optional<int> registers,
                             const TileCompile *compiled)
{
    model::KernelLaunch l;
    l.kernel = p.kernelId;
    l.dtype = model::dtypeName(p.config.dtype);
    l.params = p.kernelParams;
    l.threads = p.launchThreads;
    l.registers = registers.value_or(0);
    if (compiled && compiled->ok) {
        l.spillBytes = compiled->spillBytes;
        l.stackBytes = compiled->stackBytes;
    }
    l.smemBytes = int(r.smemBytes);
    if (!isOneByOne(p.kernelId)) {
        l.grid = r.gridBlocks;
        l.blocksPerSm = r.blocksPerSm;
    }
    return l;
}

model::Prediction predictTile(const TilePlan &p, const model::TileResult &r, std::optional<int> registers,
                              const TileCompile *compiled, const model::PerfModel &perf,
                              model::KernelLaunch *launch)
{
    if (!p.hasKernel() || !model::PerfModel::knows(p.kernelId)) {
        model::Prediction none;
        none.reason = tr("%1 is not a kernel the performance model knows")
                          .arg(p.hasKernel() ? p.kernelId : p.config.step);
        return none;
    }
    const model::KernelLaunch l = launchOf(p, r, registers, compiled);
    if (launch)
        *launch = l;
    return perf.predict(l);
}

QString measurementKey(const QString &kernel, const QString &dtype, const Params &params)
{
    Params p = params;
    if (const KernelSpec *spec = Catalog::instance().find(kernel))
        for (const ParamSpec &ps : spec->params)
            if (!p.contains(ps.name))
                p.insert(ps.name, ps.defaultValue);
    QStringList parts = {kernel, dtype};
    for (auto it = p.cbegin(); it != p.cend(); ++it) // QVariantMap: sorted by name
        parts << it.key() + QLatin1Char('=') +
                     (it.value().typeId() == QMetaType::QString ? it.value().toString()
                                                                : QString::number(it.value().toLongLong()));
    return parts.join(QLatin1Char(' '));
}

QString tileLabel(const TileConfig &c)
{
    const Kind k = kindOf(c.step);
    if (k == Kind::Naive)
        return tr("%1 thr, no tile").arg(c.threads);
    QString s = QStringLiteral("%1×%2×%3").arg(c.bm).arg(c.bn).arg(c.bk);
    if (c.tm > 0 && (k == Kind::Reg1d || k == Kind::Reg2d || k == Kind::Vectorized || k == Kind::Warptiled))
        s += k == Kind::Reg1d ? QStringLiteral(" TM%1").arg(c.tm)
                              : QStringLiteral(" %1×%2/thr").arg(c.tm).arg(c.tn);
    if (c.stages > 1)
        s += tr(" ·%1 st").arg(c.stages);
    s += tr(" ·%1 thr").arg(c.threads);
    if (c.group > 1)
        s += tr(" ·g%1").arg(c.group);
    return s;
}

TileConfig configFromKeys(const QVariantMap &keys)
{
    auto get = [&](const QString &key) -> QVariant {
        for (auto it = keys.begin(); it != keys.end(); ++it)
            if (it.key().compare(key, Qt::CaseInsensitive) == 0)
                return it.value();
        return {};
    };
    QString step = get(QStringLiteral("step")).toString();
    if (step.isEmpty())
        step = QString::fromLatin1(kModelStep);
    const QVariant m = get(QStringLiteral("M"));
    TileConfig c = defaultConfig(step, m.isValid() ? m.toLongLong() : 4096);
    if (const QVariant d = get(QStringLiteral("dtype")); d.isValid())
        if (const auto dt = model::parseDtype(d.toString()))
            c.dtype = *dt;
    QList<TileField> given;
    for (TileField f : tileFields()) {
        if (f == TileField::Dtype || f == TileField::Step)
            continue;
        const QVariant v = get(tileFieldKey(f));
        if (!v.isValid())
            continue;
        c.setValue(f, v.toLongLong());
        given.append(f);
    }
    // A register-blocked step told only its threads finds TM and TN from them.
    if (given.contains(TileField::Threads) && !given.contains(TileField::TM) &&
        !given.contains(TileField::TN))
        c.tm = c.tn = 0;
    const TileConfig n = normalized(c);
    for (TileField f : tileFields())
        if (f != TileField::Dtype && f != TileField::Step && !given.contains(f))
            c.setValue(f, n.value(f));
    return c;
}

} // namespace kernels::gemm

namespace kernels::gemm {

void indexMeasuredTiles(const model::ResultSet &rs, const QString &file,
                        QHash<QString, model::Measurement> &into)
{
    for (const model::Measurement &m : rs.measurements) {
        const model::gemmsteps::Step *step = model::gemmsteps::find(m.kernel);
        if (!step || !step->ladder() || !m.check.ok || m.time.median <= 0)
            continue;
        const QString key = measurementKey(m.kernel, m.dtype, m.params);
        const bool ladder = m.extra.value(QLatin1String("role")).toString() == QLatin1String("ladder");
        if (!into.contains(key) || ladder) {
            model::Measurement &kept = into[key] = m;
            kept.extra.insert(QLatin1String(kSampleFileKey), file);
        }
    }
}

TileRanking rankTiles(const TileConfig &base, const model::Gpu &gpu, const model::PerfModel &perf)
{
    TileRanking out;
    if (kindOf(base.step) == Kind::Model || kindOf(base.step) == Kind::Unknown)
        return out;
    QList<TileField> knobs;
    QList<QList<qint64>> values;
    for (TileField f : {TileField::BM, TileField::BN, TileField::BK, TileField::TM, TileField::TN,
                        TileField::Stages, TileField::Threads, TileField::Group}) {
        const FieldRule r = fieldRule(base.step, f);
        if (r.role == FieldRole::Free && !r.stops.isEmpty()) {
            knobs << f;
            values << r.stops;
        }
    }
    const model::TileModel tileModel(gpu);
    const QString dtype = model::dtypeName(base.dtype);
    QSet<QString> seen;
    QList<int> at(knobs.size(), 0);
    for (bool more = true; more;) {
        TileConfig c = base;
        for (int i = 0; i < knobs.size(); ++i)
            c.setValue(knobs[i], values[i][at[i]]);
        c = normalized(c);
        ++out.considered;
        const TilePlan p = plan(c, &gpu);
        const QString key =
            p.problems.isEmpty() ? measurementKey(p.kernelId, dtype, p.kernelParams) : QString();
        if (key.isEmpty()) {
            ++out.refused;
        } else if (!seen.contains(key)) { // two knob settings the step launches alike
            seen.insert(key);
            const int bound = tileModel.launchBoundRegisters(p.input);
            const int allowed = bound > 0 ? bound : gpu.limits ? gpu.limits->maxRegsPerThread : 0;
            if (allowed > 0 && model::TileModel::estimateRegisters(p.input) > allowed) {
                ++out.spilling;
            } else {
                const model::TileResult r = tileModel.evaluate(p.input);
                const model::Prediction pr =
                    r.ok ? predictTile(p, r, std::nullopt, nullptr, perf) : model::Prediction{};
                if (pr.ok && pr.timeS > 0)
                    out.tiles.append({c, p, r, pr});
                else
                    ++out.refused;
            }
        }
        // The next combination: the last knob fastest.
        more = false;
        for (int i = int(knobs.size()) - 1; i >= 0 && !more; --i) {
            if (++at[i] < values[i].size())
                more = true;
            else
                at[i] = 0;
        }
    }
    // Fastest first; among equals, the nearest to the step's defaults.
    const Params defaults = plan(defaultConfig(base.step, base.M), &gpu).kernelParams;
    auto differences = [](const Params &a, const Params &b) {
        int n = 0;
        for (auto it = a.cbegin(); it != a.cend(); ++it)
            n += b.value(it.key()) != it.value();
        return n;
    };
    QList<std::pair<int, RankedTile>> sorted;
    for (RankedTile &t : out.tiles)
        sorted.append({differences(t.plan.kernelParams, defaults), std::move(t)});
    std::stable_sort(sorted.begin(), sorted.end(), [](const auto &a, const auto &b) {
        if (a.second.prediction.timeS != b.second.prediction.timeS)
            return a.second.prediction.timeS < b.second.prediction.timeS;
        return a.first < b.first;
    });
    out.tiles.clear();
    QList<QList<Params>> members; // per kept tile: its parameters and those folded into it
    for (auto &[distance, t] : sorted) {
        // Folded into an earlier tile the model predicts exactly as fast when one parameter
        // sets it apart from that tile or from one already folded into it.
        bool folded = false;
        for (qsizetype i = out.tiles.size() - 1; i >= 0 && !folded; --i) {
            if (out.tiles[i].prediction.timeS != t.prediction.timeS)
                break;
            for (const Params &m : std::as_const(members[i]))
                if (differences(m, t.plan.kernelParams) == 1) {
                    ++out.tiles[i].alike;
                    members[i].append(t.plan.kernelParams);
                    folded = true;
                    break;
                }
        }
        if (!folded) {
            members.append({t.plan.kernelParams});
            out.tiles.append(std::move(t));
        }
    }
    return out;
}

RankingRefinement refineRanking(TileRanking &ranking, int n, const model::Gpu &gpu,
                                const model::PerfModel &perf, int maxCompiles, const CompileFn &compile)
{
    RankingRefinement out;
    const model::TileModel tileModel(gpu);
    for (;;) {
        QList<qsizetype> batch; // uncompiled tiles among the first n
        for (qsizetype i = 0; i < std::min<qsizetype>(n, ranking.tiles.size()); ++i)
            if (ranking.tiles.at(i).compiledRegisters == 0)
                batch.append(i);
        batch = batch.mid(0, std::max(0, maxCompiles - out.compiled - out.failed));
        if (batch.isEmpty())
            return out;
        QList<TileCompile> compiled(batch.size());
        QList<bool> outOfMemory(batch.size(), false);
        auto compileOne = [&](qsizetype b) {
            const CompileJob job = compileJob(ranking.tiles.at(batch[b]).plan, gpu);
            if (!job.ok)
                return; // compiled[b] stays a failure
            if (compile) {
                compiled[b] = compile(job);
            } else {
                Compiler compiler;
                compiled[b] = runCompileJob(job, compiler);
            }
        };
        {
            QThreadPool pool; // one Compiler a job: each keeps its own NVRTC state
            for (qsizetype b = 0; b < batch.size(); ++b)
                pool.start([&, b] {
                    // A burst of compiles on every core can outrun a machine whose memory
                    // grows on demand (a GPU host's virtual machine did): such a compile is
                    // tried again below, alone, instead of ending the program.
                    try {
                        compileOne(b);
                    } catch (const std::bad_alloc &) {
                        outOfMemory[b] = true;
                    }
                });
            pool.waitForDone();
        }
        for (qsizetype b = 0; b < batch.size(); ++b)
            if (outOfMemory.at(b)) {
                try {
                    compileOne(b);
                } catch (const std::bad_alloc &) {
                    compiled[b].error = tr(kOutOfMemory);
                }
            }
        QSet<qsizetype> drop;
        for (qsizetype b = 0; b < batch.size(); ++b) {
            RankedTile &t = ranking.tiles[batch[b]];
            const TileCompile &c = compiled.at(b);
            if (!c.ok || c.registers <= 0) {
                ++out.failed;
                drop.insert(batch[b]);
                continue;
            }
            ++out.compiled;
            model::TileInput in = t.plan.input;
            in.registers = c.registers;
            t.result = tileModel.evaluate(in);
            t.prediction =
                t.result.ok ? predictTile(t.plan, t.result, c.registers, &c, perf) : model::Prediction{};
            t.compiledRegisters = c.registers;
            if (c.spillBytes > 0)
                ++out.spilled;
            if (c.spillBytes > 0 || !t.prediction.ok || t.prediction.timeS <= 0)
                drop.insert(batch[b]);
        }
        for (qsizetype i = ranking.tiles.size() - 1; i >= 0; --i)
            if (drop.contains(i))
                ranking.tiles.removeAt(i);
        std::stable_sort(
            ranking.tiles.begin(), ranking.tiles.end(),
            [](const RankedTile &a, const RankedTile &b) { return a.prediction.timeS < b.prediction.timeS; });
    }
}

} // namespace kernels::gemm
