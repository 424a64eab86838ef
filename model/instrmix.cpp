#include "instrmix.h"

#include <QHash>
#include <QJsonArray>
#include <QRegularExpression>
#include <QSet>

#include <algorithm>
#include <optional>

namespace model {

namespace {

// One instruction of a function as the loop finder sees it.
struct Instr
{
    QString cls;
    double weight = 1;
    double work = 0;           // FLOPs per warp (math classes only): picks the main loop
    bool branch = false;       // a jump with a target (BRA, JMP, bra)
    bool guarded = false;      // predicated (@P0 / @%p1): falls through as well
    bool ends = false;         // EXIT / RET / ret / exit / trap: no successor
    QString targetLabel;       // nvdisasm / PTX: the label it jumps to
    qint64 targetAddress = -1; // cuobjdump: the address it jumps to
    qint64 address = -1;
};

struct Function
{
    QString name;
    QList<Instr> instrs;
    QHash<QString, int> labels;   // label -> index of the instruction after it
    QHash<qint64, int> byAddress; // address -> index (SASS)
};

const QSet<QString> &mathClasses()
{
    static const QSet<QString> s = {"ffma", "dfma", "hmma", "hgmma"};
    return s;
}

const QSet<QString> &globalLoadClasses()
{
    static const QSet<QString> s = {"ldg", "ldg64", "ldg128", "ldgsts", "tma"};
    return s;
}

// The token after the opcode's base is the width where the ISA spells one: "LDS.U.128".
QString widthClass(const QString &base, const QStringList &mods)
{
    if (mods.contains(QLatin1String("128")))
        return base + QLatin1String("128");
    if (mods.contains(QLatin1String("64")))
        return base + QLatin1String("64");
    return base;
}

QString stripGuard(QString s)
{
    s = s.trimmed();
    if (s.startsWith(QLatin1Char('{')))
        s = s.mid(1).trimmed();
    if (s.startsWith(QLatin1Char('@'))) {
        const int sp = int(s.indexOf(QRegularExpression(QStringLiteral("\\s"))));
        s = sp < 0 ? QString() : s.mid(sp).trimmed();
    }
    return s;
}

struct Counted
{
    QMap<QString, double> counts;
    double total = 0;
    double of(const QSet<QString> &classes) const
    {
        double n = 0;
        for (const QString &c : classes)
            n += counts.value(c, 0);
        return n;
    }
};

Counted countRange(const Function &f, int from, int to)
{
    Counted c;
    for (int i = from; i <= to && i < f.instrs.size(); ++i) {
        c.counts[f.instrs[i].cls] += f.instrs[i].weight;
        c.total += f.instrs[i].weight;
    }
    return c;
}

Counted countSet(const Function &f, const QList<int> &body)
{
    Counted c;
    for (int i : body) {
        c.counts[f.instrs[i].cls] += f.instrs[i].weight;
        c.total += f.instrs[i].weight;
    }
    return c;
}

int targetOf(const Function &f, const Instr &in)
{
    if (!in.targetLabel.isEmpty())
        return f.labels.value(in.targetLabel, -1);
    if (in.targetAddress >= 0)
        return f.byAddress.value(in.targetAddress, -1);
    return -1;
}

// The natural loops of the function's control flow: for each edge latch -> header where the
// header dominates the latch, the instructions that reach the latch without passing the
// header. ptxas places blocks of a loop out of line (the cp.async block of a multistage GEMM
// sits before the loop's header and jumps back into it), so a loop is a set, not a range.
QList<QList<int>> naturalLoops(const Function &f)
{
    const int n = int(f.instrs.size());
    QList<QList<int>> succ(n), pred(n);
    for (int i = 0; i < n; ++i) {
        const Instr &in = f.instrs[i];
        const int t = in.branch ? targetOf(f, in) : -1;
        if (t >= 0)
            succ[i].append(t);
        const bool fallsThrough = in.branch ? (t < 0 || in.guarded) : (!in.ends || in.guarded);
        if (fallsThrough && i + 1 < n)
            succ[i].append(i + 1);
    }
    for (int i = 0; i < n; ++i)
        for (int s : std::as_const(succ[i]))
            pred[s].append(i);
    // Reachable from the entry: code after the last EXIT (the `BRA self` trap) is no loop.
    QList<bool> reach(n, false);
    QList<int> stack;
    if (n > 0) {
        reach[0] = true;
        stack.append(0);
    }
    while (!stack.isEmpty()) {
        const int i = stack.takeLast();
        for (int s : std::as_const(succ[i]))
            if (!reach[s]) {
                reach[s] = true;
                stack.append(s);
            }
    }
    QList<QList<int>> loops;
    QList<int> seen(n, -1);
    int mark = 0;
    for (int latch = 0; latch < n; ++latch) {
        if (!reach[latch])
            continue;
        for (int header : std::as_const(succ[latch])) {
            if (header > latch || (header == latch + 1 && !f.instrs[latch].branch))
                continue; // a forward edge or plain fall-through; header after latch is not laid out by ptxas
            // Walk back from the latch, never through the header; reaching the entry means
            // the header does not dominate the latch (a jump into the middle of a loop).
            ++mark;
            QList<int> body{header};
            seen[header] = mark;
            bool dominated = true;
            stack = {latch};
            if (seen[latch] != mark) {
                seen[latch] = mark;
                body.append(latch);
            } else
                stack.clear();
            while (!stack.isEmpty() && dominated) {
                const int i = stack.takeLast();
                if (i == 0) {
                    dominated = false;
                    break;
                }
                for (int p : std::as_const(pred[i]))
                    if (reach[p] && seen[p] != mark) {
                        seen[p] = mark;
                        body.append(p);
                        stack.append(p);
                    }
            }
            if (!dominated)
                continue;
            std::sort(body.begin(), body.end());
            loops.append(body);
        }
    }
    return loops;
}

// The main loop's body, or nullopt when the function has none worth the name.
std::optional<QList<int>> mainLoop(const Function &f, MixFocus focus)
{
    struct Loop
    {
        QList<int> body;
        double work, math, loads;
    };
    QList<Loop> loops;
    for (const QList<int> &body : naturalLoops(f)) {
        const Counted c = countSet(f, body);
        double work = 0;
        for (int i : body)
            work += f.instrs[i].work;
        const double math = c.of(mathClasses()), loads = c.of(globalLoadClasses());
        if (math > 0 || loads > 0)
            loops.append({body, work, math, loads});
    }
    if (loops.isEmpty())
        return std::nullopt;
    // The math loop is the one with the most FLOPs (an epilogue's hundreds of FFMA are less
    // work than four HGMMA); the load loop the one with the most global loads. Ties: the
    // smallest (innermost) loop.
    auto best = [&](bool byMath) -> const Loop & {
        const Loop *b = &loops.first();
        for (const Loop &l : loops) {
            const double key = byMath ? l.work : l.loads, bkey = byMath ? b->work : b->loads;
            if (key > bkey || (key == bkey && l.body.size() < b->body.size()))
                b = &l;
        }
        return *b;
    };
    const Loop *math = &best(true), *mem = &best(false);
    // A persistent kernel's tile loop holds its K loop and the epilogue: every tensor-core
    // instruction is in the K loop, which is the main loop then (the smallest loop inside the
    // math loop with all of its HMMA/HGMMA).
    static const QSet<QString> tensorClasses = {"hmma", "hgmma"};
    const double tensor = countSet(f, math->body).of(tensorClasses);
    if (tensor > 0)
        for (const Loop &l : loops) {
            if (l.body.size() >= math->body.size() || countSet(f, l.body).of(tensorClasses) != tensor)
                continue;
            bool inside = true;
            for (int i : l.body)
                inside = inside && std::binary_search(math->body.begin(), math->body.end(), i);
            if (inside)
                math = &l;
        }
    const Loop *pick = focus == MixFocus::Math                         ? math
                       : focus == MixFocus::Memory                     ? mem
                       : (math->math > 0 && math->math >= math->loads) ? math
                                                                       : mem;
    if ((focus == MixFocus::Math && pick->math <= 0) || (focus == MixFocus::Memory && pick->loads <= 0))
        pick = focus == MixFocus::Math ? mem : math; // nothing of the kind: the other rule
    return pick->body;
}

InstrMix mixOf(const Function &f, MixFocus focus, const QString &source, const QString &arch)
{
    InstrMix m;
    m.source = source;
    m.arch = arch;
    m.kernel = f.name;
    const auto loop = mainLoop(f, focus);
    const Counted c = loop ? countSet(f, *loop) : countRange(f, 0, int(f.instrs.size()) - 1);
    m.counts = c.counts;
    m.total = c.total;
    m.loopFound = loop.has_value();
    return m;
}

const Function *pickFunction(const QList<Function> &fs, const QString &kernel)
{
    if (kernel.isEmpty()) {
        const Function *best = nullptr;
        for (const Function &f : fs)
            if (!best || f.instrs.size() > best->instrs.size())
                best = &f;
        return best;
    }
    for (const Function &f : fs)
        if (f.name == kernel)
            return &f;
    const Function *only = nullptr;
    for (const Function &f : fs)
        if (f.name.contains(kernel)) {
            if (only)
                return nullptr; // ambiguous
            only = &f;
        }
    return only;
}

// ------------------------------------------------------------------ SASS

// FLOPs per warp of one math instruction (0 for the rest), so that the main loop is the one
// with the most work: per lane FMA 2, packed half FMA 4; an MMA m·n·k is 2·m·n·k per warp, a
// warpgroup MMA 2·m·n·k per warpgroup, issued by each of its 4 warps.
double mmaWork(double m, double n, double k, bool warpgroup)
{
    return 2 * m * n * k / (warpgroup ? 4 : 1);
}

double sassWork(const QString &ins, const QString &cls)
{
    const QString opcode = ins.section(QLatin1Char(' '), 0, 0);
    const QStringList mods = opcode.split(QLatin1Char('.'));
    const QString base = mods.value(0);
    if (cls == QLatin1String("ffma"))
        return base == QLatin1String("FFMA2") ? 128 : 64;
    if (cls == QLatin1String("dfma"))
        return base == QLatin1String("DFMA") ? 64 : 32;
    if (cls == QLatin1String("hfma2")) {
        // HFMA2.MMA Rd, -RZ, RZ, imm, imm is ptxas's move idiom, no work.
        static const QRegularExpression movRe(QStringLiteral("^\\S+\\s+[^,]+,\\s*-?RZ\\s*,\\s*-?RZ\\s*,"));
        return movRe.match(ins).hasMatch() ? 0 : 128;
    }
    if (cls == QLatin1String("hmma")) {
        // HMMA.16816 / .1688 / DMMA.884 / IMMA.16832: m is 16 or 8, n 8, k the rest.
        static const QRegularExpression shapeRe(QStringLiteral("^(16|8)(8)(\\d+)$"));
        for (const QString &t : mods)
            if (const auto m = shapeRe.match(t); m.hasMatch())
                return mmaWork(m.captured(1).toDouble(), m.captured(2).toDouble(), m.captured(3).toDouble(),
                               false);
        return 4096;
    }
    if (cls == QLatin1String("hgmma")) {
        static const QRegularExpression shapeRe(QStringLiteral("^(\\d+)x(\\d+)x(\\d+)$"));
        for (const QString &t : mods)
            if (const auto m = shapeRe.match(t); m.hasMatch())
                return mmaWork(m.captured(1).toDouble(), m.captured(2).toDouble(), m.captured(3).toDouble(),
                               true);
        return mmaWork(64, 128, 16, true);
    }
    return 0;
}

double ptxWork(const QString &ins, const QString &cls, double weight)
{
    const QString opcode = ins.section(QRegularExpression(QStringLiteral("\\s")), 0, 0);
    const QStringList tok = opcode.split(QLatin1Char('.'));
    const QString base = tok.value(0);
    if (cls == QLatin1String("ffma"))
        return 64;
    if (cls == QLatin1String("dfma"))
        return base == QLatin1String("fma") || base == QLatin1String("mad") ? 64 : 32;
    if (cls == QLatin1String("hfma2"))
        return tok.last().endsWith(QLatin1String("x2")) ? 128 : 64;
    if (cls == QLatin1String("hmma") || cls == QLatin1String("hgmma")) {
        static const QRegularExpression shapeRe(QStringLiteral("^m(\\d+)n(\\d+)k(\\d+)$"));
        for (const QString &t : tok)
            if (const auto m = shapeRe.match(t); m.hasMatch())
                return mmaWork(m.captured(1).toDouble(), m.captured(2).toDouble(), m.captured(3).toDouble(),
                               cls == QLatin1String("hgmma"));
        return cls == QLatin1String("hgmma") ? mmaWork(64, 128, 16, true) : 4096 * weight;
    }
    return 0;
}

const QSet<QString> &sassIntOps()
{
    static const QSet<QString> s = {
        "IADD3", "IADD", "IADD32I", "VIADD",  "VIADDMNMX", "LEA",       "SHF",    "SHL",    "SHR",
        "LOP3",  "LOP",  "LOP32I",  "ISETP",  "ISCADD",    "ISCADD32I", "IMNMX",  "VIMNMX", "VIMNMX3",
        "IABS",  "SEL",  "MOV",     "MOV32I", "PRMT",      "BMSK",      "SGXT",   "POPC",   "FLO",
        "BREV",  "IDP",  "IDP4A",   "PLOP3",  "P2R",       "R2P",       "IMNMX3", "IADD64", "ISUB"};
    return s;
}

QList<Function> parseSass(const QString &text, QString *arch)
{
    static const QRegularExpression instrRe(QStringLiteral("^\\s*/\\*([0-9a-fA-F]+)\\*/\\s*(.*)$"));
    static const QRegularExpression sectionRe(QStringLiteral("^\\s*\\.section\\s+\\.text\\.([^,\\s]+)"));
    static const QRegularExpression anySectionRe(QStringLiteral("^\\s*\\.section\\s"));
    static const QRegularExpression textLabelRe(QStringLiteral("^\\.text\\.([^:\\s]+):\\s*$"));
    static const QRegularExpression cuobjFnRe(QStringLiteral("^\\s*Function\\s*:\\s*(\\S+)"));
    static const QRegularExpression labelRe(QStringLiteral("^\\s*([A-Za-z_.$][\\w.$]*):\\s*(?://.*)?$"));
    static const QRegularExpression archRe(QStringLiteral("EF_CUDA_SM(\\d+[af]?)\\b|arch\\s*=\\s*(sm_\\w+)"));
    static const QRegularExpression labelTargetRe(QStringLiteral("`\\(([^)]+)\\)"));
    static const QRegularExpression addrTargetRe(QStringLiteral("\\b0x([0-9a-fA-F]+)\\s*$"));
    QList<Function> fs;
    Function *cur = nullptr;
    bool inData = false;
    QStringList pendingLabels;
    auto start = [&](const QString &name) {
        if (cur && cur->name == name)
            return;
        for (Function &f : fs)
            if (f.name == name) {
                cur = &f;
                return;
            }
        fs.append(Function{});
        cur = &fs.last();
        cur->name = name;
        pendingLabels.clear();
    };
    for (const QString &raw : text.split(QLatin1Char('\n'))) {
        if (arch && arch->isEmpty())
            if (const auto m = archRe.match(raw); m.hasMatch())
                *arch =
                    m.captured(1).isEmpty() ? m.captured(2) : QLatin1String("sm_") + m.captured(1).toLower();
        if (const auto m = sectionRe.match(raw); m.hasMatch()) {
            start(m.captured(1));
            inData = false;
            continue;
        }
        if (anySectionRe.match(raw).hasMatch()) {
            // .nv.info, .nv.constant0, ...: nvdisasm prints their bytes with addresses too.
            cur = nullptr;
            inData = true;
            pendingLabels.clear();
            continue;
        }
        if (const auto m = cuobjFnRe.match(raw); m.hasMatch()) {
            start(m.captured(1));
            inData = false;
            continue;
        }
        if (const auto m = textLabelRe.match(raw); m.hasMatch()) {
            start(m.captured(1));
            inData = false;
            continue;
        }
        if (const auto m = instrRe.match(raw); m.hasMatch()) {
            QString body = m.captured(2);
            const int semi = int(body.indexOf(QLatin1Char(';')));
            if (semi < 0 || inData) // an encoding comment (cuobjdump's second line), data, or nothing
                continue;
            if (!cur)
                start(QString());
            body = body.left(semi).trimmed();
            if (body.startsWith(QLatin1Char('{')))
                body = body.mid(1).trimmed();
            const QString ins = stripGuard(body);
            if (ins.isEmpty())
                continue;
            const QString opcode = ins.section(QLatin1Char(' '), 0, 0);
            if (opcode.section(QLatin1Char('.'), 0, 0) == QLatin1String("NOP"))
                continue; // padding: never issued in a loop that matters
            if (body.startsWith(QLatin1String("@!PT ")))
                continue; // never executes: ptxas's padding next to LDGSTS (`@!PT LDS RZ, [RZ]`)
            Instr in;
            in.address = m.captured(1).toLongLong(nullptr, 16);
            in.cls = sassClass(ins);
            in.work = sassWork(ins, in.cls);
            in.guarded = body.startsWith(QLatin1Char('@')) && !body.startsWith(QLatin1String("@PT "));
            const QString base = opcode.section(QLatin1Char('.'), 0, 0);
            in.ends = base == QLatin1String("EXIT") || base == QLatin1String("RET") ||
                      base == QLatin1String("BPT") || base == QLatin1String("KILL");
            if (base == QLatin1String("BRA") || base == QLatin1String("JMP")) {
                const QString ops = ins.mid(opcode.size());
                if (const auto t = labelTargetRe.match(ops); t.hasMatch()) {
                    in.branch = true;
                    in.targetLabel = t.captured(1).trimmed();
                } else if (const auto a = addrTargetRe.match(ops); a.hasMatch()) {
                    in.branch = true;
                    in.targetAddress = a.captured(1).toLongLong(nullptr, 16);
                }
            }
            const int index = int(cur->instrs.size());
            for (const QString &l : std::as_const(pendingLabels))
                cur->labels.insert(l, index);
            pendingLabels.clear();
            cur->byAddress.insert(in.address, index);
            cur->instrs.append(in);
            continue;
        }
        if (const auto m = labelRe.match(raw); m.hasMatch() && cur)
            pendingLabels.append(m.captured(1));
    }
    fs.erase(std::remove_if(fs.begin(), fs.end(), [](const Function &f) { return f.instrs.isEmpty(); }),
             fs.end());
    return fs;
}

// ------------------------------------------------------------------ PTX

int ptxTypeBits(const QString &t)
{
    static const QRegularExpression re(QStringLiteral("^(?:[fsub]|bf|tf)(\\d+)(?:x(\\d+))?$"));
    const auto m = re.match(t);
    if (!m.hasMatch())
        return 0;
    return m.captured(1).toInt() * (m.captured(2).isEmpty() ? 1 : m.captured(2).toInt());
}

bool isPtxFloat(const QString &t)
{
    return t.startsWith(QLatin1Char('f')) || t.startsWith(QLatin1String("bf")) ||
           t.startsWith(QLatin1String("tf"));
}

bool isPtxHalf(const QString &t)
{
    return t == QLatin1String("f16") || t == QLatin1String("f16x2") || t == QLatin1String("bf16") ||
           t == QLatin1String("bf16x2");
}

// The last type-like token of an opcode ("fma.rn.ftz.f32" -> "f32").
QString ptxType(const QStringList &tok)
{
    for (int i = int(tok.size()) - 1; i > 0; --i)
        if (ptxTypeBits(tok[i]) > 0)
            return tok[i];
    return {};
}

QString ptxWidthClass(const QString &base, const QStringList &tok)
{
    int vec = 1, bits = 0;
    for (const QString &t : tok) {
        if (t == QLatin1String("v2"))
            vec = 2;
        else if (t == QLatin1String("v4"))
            vec = 4;
        else if (t == QLatin1String("v8"))
            vec = 8;
    }
    bits = ptxTypeBits(ptxType(tok));
    const int width = vec * std::max(bits, 8);
    if (width >= 128)
        return base + QLatin1String("128");
    if (width == 64)
        return base + QLatin1String("64");
    return base;
}

bool hasToken(const QStringList &tok, const char *prefix)
{
    for (const QString &t : tok)
        if (t.startsWith(QLatin1String(prefix)))
            return true;
    return false;
}

QList<Function> parsePtx(const QString &ptx, QString *arch)
{
    static const QRegularExpression entryRe(QStringLiteral("\\.entry\\s+([\\w$.]+)"));
    // PTX identifiers have no dots; "ld.shared::cta" is no label.
    static const QRegularExpression labelRe(QStringLiteral("^\\s*([A-Za-z_$%][\\w$]*):(?!:)\\s*(.*)$"));
    static const QRegularExpression targetRe(QStringLiteral("^\\s*\\.target\\s+(\\w+)"));
    QList<Function> fs;
    Function *cur = nullptr;
    bool pendingEntry = false; // header seen, body brace not yet
    int depth = 0;
    QString pendingStmt;
    QStringList pendingLabels;
    for (QString line : ptx.split(QLatin1Char('\n'))) {
        const int comment = int(line.indexOf(QLatin1String("//")));
        if (comment >= 0)
            line.truncate(comment);
        if (arch && arch->isEmpty())
            if (const auto m = targetRe.match(line); m.hasMatch())
                *arch = m.captured(1);
        if (const auto m = entryRe.match(line); m.hasMatch() && depth == 0) {
            fs.append(Function{});
            cur = &fs.last();
            cur->name = m.captured(1);
            pendingEntry = true;
            pendingLabels.clear();
            continue;
        }
        // Statements of the line, braces tracked for the function's extent. Braces count only
        // where a statement starts: inside one they are vector operands ("mma.sync ... {%f1, ...}").
        // An instruction ends at its ';', possibly lines later; a directive ends with its line.
        QString rest = pendingStmt.isEmpty() ? line : pendingStmt + QLatin1Char(' ') + line;
        pendingStmt.clear();
        while (!rest.trimmed().isEmpty()) {
            rest = rest.trimmed();
            if (rest.startsWith(QLatin1Char('{'))) {
                if (depth == 0 && !pendingEntry)
                    cur = nullptr; // a .func body or other braces outside an entry
                pendingEntry = false;
                ++depth;
                rest = rest.mid(1);
                continue;
            }
            if (rest.startsWith(QLatin1Char('}'))) {
                depth = std::max(0, depth - 1);
                if (depth == 0)
                    cur = nullptr;
                rest = rest.mid(1);
                continue;
            }
            if (const auto m = labelRe.match(rest); m.hasMatch() && !rest.startsWith(QLatin1Char('@'))) {
                if (cur && depth > 0)
                    pendingLabels.append(m.captured(1));
                rest = m.captured(2);
                continue;
            }
            const int end = int(rest.indexOf(QLatin1Char(';')));
            QString stmt;
            if (end >= 0) {
                stmt = rest.left(end);
                rest = rest.mid(end + 1);
            } else if (depth > 0 && cur && !rest.startsWith(QLatin1Char('.'))) {
                pendingStmt = rest; // continues on the next line
                break;
            } else {
                stmt = rest;
                rest.clear();
            }
            stmt = stmt.trimmed();
            if (stmt.isEmpty() || stmt.startsWith(QLatin1Char('.')) || !cur || depth == 0)
                continue;
            const QString ins = stripGuard(stmt);
            if (ins.isEmpty())
                continue;
            Instr in;
            in.cls = ptxClass(ins, &in.weight);
            in.work = ptxWork(ins, in.cls, in.weight);
            in.guarded = stmt.startsWith(QLatin1Char('@'));
            const QString opcode = ins.section(QRegularExpression(QStringLiteral("\\s")), 0, 0);
            const QString base = opcode.section(QLatin1Char('.'), 0, 0);
            in.ends = base == QLatin1String("ret") || base == QLatin1String("exit") ||
                      base == QLatin1String("trap");
            if (base == QLatin1String("bra")) {
                in.branch = true;
                in.targetLabel = ins.mid(opcode.size()).trimmed();
            }
            const int index = int(cur->instrs.size());
            for (const QString &l : std::as_const(pendingLabels))
                cur->labels.insert(l, index);
            pendingLabels.clear();
            cur->instrs.append(in);
        }
    }
    fs.erase(std::remove_if(fs.begin(), fs.end(), [](const Function &f) { return f.instrs.isEmpty(); }),
             fs.end());
    return fs;
}

} // namespace

// ------------------------------------------------------------------ public

const QStringList &instrClasses()
{
    static const QStringList c = {"ffma",  "fadd",   "fmul",  "hfma2",  "hadd2",  "hmul2",  "dfma",
                                  "hmma",  "hgmma",  "imad",  "int",    "lds",    "lds64",  "lds128",
                                  "ldsm",  "sts",    "sts64", "sts128", "ldg",    "ldg64",  "ldg128",
                                  "stg",   "ldgsts", "tma",   "ldl",    "ldl64",  "ldl128", "stl",
                                  "stl64", "stl128", "bar",   "atom",   "branch", "other"};
    return c;
}

QString sassClass(const QString &instruction)
{
    const QString ins = stripGuard(instruction);
    const QString opcode = ins.section(QLatin1Char(' '), 0, 0).section(QLatin1Char(';'), 0, 0);
    QStringList mods = opcode.split(QLatin1Char('.'));
    const QString base = mods.takeFirst();
    static const QHash<QString, QString> direct = {
        {"FFMA", "ffma"},    {"FFMA32I", "ffma"}, {"FFMA2", "ffma"},   {"FADD", "fadd"},
        {"FADD32I", "fadd"}, {"FADD2", "fadd"},   {"FMUL", "fmul"},    {"FMUL32I", "fmul"},
        {"FMUL2", "fmul"},   {"HFMA2", "hfma2"},  {"HADD2", "hadd2"},  {"HMUL2", "hmul2"},
        {"DFMA", "dfma"},    {"DADD", "dfma"},    {"DMUL", "dfma"},    {"HMMA", "hmma"},
        {"IMMA", "hmma"},    {"BMMA", "hmma"},    {"DMMA", "hmma"},    {"HGMMA", "hgmma"},
        {"IGMMA", "hgmma"},  {"QGMMA", "hgmma"},  {"BGMMA", "hgmma"},  {"IMAD", "imad"},
        {"IMAD32I", "imad"}, {"IMUL", "imad"},    {"IMUL32I", "imad"}, {"UIMAD", "imad"},
        {"LDSM", "ldsm"},    {"STSM", "sts"},     {"STG", "stg"},      {"LDGSTS", "ldgsts"},
        {"UTMALDG", "tma"},  {"UTMASTG", "tma"},  {"UTMAPF", "tma"},   {"UTMAREDG", "tma"},
        {"UBLKCP", "tma"},   {"UBLKRED", "tma"},  {"UBLKPF", "tma"},   {"BAR", "bar"},
        {"RED", "atom"},     {"ATOM", "atom"},    {"ATOMG", "atom"},   {"ATOMS", "atom"},
        {"REDG", "atom"},    {"REDUX", "other"},  {"BRA", "branch"},   {"BRX", "branch"},
        {"JMP", "branch"},   {"JMX", "branch"},   {"CALL", "branch"},  {"RET", "branch"},
        {"EXIT", "branch"},  {"BSSY", "branch"},  {"BSYNC", "branch"}, {"BREAK", "branch"},
    };
    if (const auto it = direct.constFind(base); it != direct.constEnd())
        return it.value();
    if (base == QLatin1String("LDS"))
        return widthClass(QStringLiteral("lds"), mods);
    if (base == QLatin1String("STS"))
        return widthClass(QStringLiteral("sts"), mods);
    if (base == QLatin1String("LDG"))
        return widthClass(QStringLiteral("ldg"), mods);
    // Local memory: spilled registers (and arrays the compiler could not keep in registers).
    if (base == QLatin1String("LDL"))
        return widthClass(QStringLiteral("ldl"), mods);
    if (base == QLatin1String("STL"))
        return widthClass(QStringLiteral("stl"), mods);
    // mbarrier waits: SYNCS.PHASECHK.TRANS64.TRYWAIT (the arrive side is "other").
    if (base == QLatin1String("SYNCS") && mods.value(0) == QLatin1String("PHASECHK"))
        return QStringLiteral("bar");
    if (sassIntOps().contains(base) ||
        (base.startsWith(QLatin1Char('U')) && sassIntOps().contains(base.mid(1))))
        return QStringLiteral("int");
    return QStringLiteral("other");
}

QString ptxClass(const QString &instruction, double *weight)
{
    if (weight)
        *weight = 1;
    const QString ins = stripGuard(instruction);
    const QString opcode = ins.section(QRegularExpression(QStringLiteral("\\s")), 0, 0);
    const QStringList tok = opcode.split(QLatin1Char('.'));
    const QString base = tok.value(0);
    const QString type = ptxType(tok);
    const bool fp = isPtxFloat(type), half = isPtxHalf(type);
    auto fpClass = [&](const char *f32, const char *h) -> QString {
        if (type == QLatin1String("f64"))
            return QStringLiteral("dfma");
        if (half)
            return QLatin1String(h);
        return QLatin1String(f32);
    };
    if (base == QLatin1String("fma"))
        return fpClass("ffma", "hfma2");
    if (base == QLatin1String("mad"))
        return fp ? fpClass("ffma", "hfma2") : QStringLiteral("imad");
    if (base == QLatin1String("add") || base == QLatin1String("sub"))
        return fp ? fpClass("fadd", "hadd2") : QStringLiteral("int");
    if (base == QLatin1String("mul"))
        return fp ? fpClass("fmul", "hmul2") : QStringLiteral("imad");
    if (base == QLatin1String("mul24") || base == QLatin1String("mad24"))
        return QStringLiteral("imad");
    if (base == QLatin1String("addc") || base == QLatin1String("subc"))
        return QStringLiteral("int");
    static const QSet<QString> intOps = {"shl", "shr",  "and",  "or",   "xor",  "not",  "cnot", "lop3",
                                         "bfe", "bfi",  "prmt", "popc", "clz",  "brev", "bmsk", "szext",
                                         "shf", "selp", "slct", "cvta", "dp4a", "dp2a"};
    if (intOps.contains(base))
        return QStringLiteral("int");
    if (base == QLatin1String("setp") || base == QLatin1String("set") || base == QLatin1String("min") ||
        base == QLatin1String("max") || base == QLatin1String("abs") || base == QLatin1String("neg"))
        return fp ? QStringLiteral("other") : QStringLiteral("int");
    if (base == QLatin1String("mov")) {
        // Special registers are S2R / CS2R in SASS.
        return ins.contains(QLatin1Char('%')) &&
                       ins.contains(QRegularExpression(
                           QStringLiteral(",\\s*%(tid|ntid|ctaid|nctaid|laneid|warpid|smid|clock|globaltimer|"
                                          "dynamic_smem_size|total_smem_size|lanemask|cluster)")))
                   ? QStringLiteral("other")
                   : QStringLiteral("int");
    }
    if (base == QLatin1String("cvt")) {
        // Integer to integer widening / narrowing is integer work; anything with a float is not.
        bool anyFloat = false;
        for (int i = 1; i < tok.size(); ++i)
            anyFloat = anyFloat || (ptxTypeBits(tok[i]) > 0 && isPtxFloat(tok[i]));
        return anyFloat ? QStringLiteral("other") : QStringLiteral("int");
    }
    if (base == QLatin1String("ld") || base == QLatin1String("ldu")) {
        if (hasToken(tok, "shared"))
            return ptxWidthClass(QStringLiteral("lds"), tok);
        if (hasToken(tok, "global"))
            return ptxWidthClass(QStringLiteral("ldg"), tok);
        return QStringLiteral("other");
    }
    if (base == QLatin1String("st")) {
        if (hasToken(tok, "shared"))
            return ptxWidthClass(QStringLiteral("sts"), tok);
        if (hasToken(tok, "global"))
            return QStringLiteral("stg");
        return QStringLiteral("other");
    }
    if (base == QLatin1String("ldmatrix"))
        return QStringLiteral("ldsm");
    if (base == QLatin1String("stmatrix"))
        return QStringLiteral("sts");
    if (base == QLatin1String("cp")) {
        // cp.async.commit_group / wait_group / wait_all / mbarrier.arrive, and the bulk ones, issue
        // no copy ("mbarrier::complete_tx" on a bulk copy is only its completion mechanism).
        const bool bookkeeping = tok.contains(QLatin1String("commit_group")) || hasToken(tok, "wait_group") ||
                                 tok.contains(QLatin1String("wait_all")) ||
                                 tok.value(2) == QLatin1String("mbarrier");
        if (tok.value(1) == QLatin1String("reduce") ||
            (tok.value(1) == QLatin1String("async") && tok.value(2) == QLatin1String("bulk")))
            return bookkeeping ? QStringLiteral("other") : QStringLiteral("tma");
        if (tok.value(1) == QLatin1String("async"))
            return bookkeeping ? QStringLiteral("other") : QStringLiteral("ldgsts");
        return QStringLiteral("other");
    }
    if (base == QLatin1String("bar") || base == QLatin1String("barrier"))
        return tok.value(1) == QLatin1String("warp") ? QStringLiteral("other") : QStringLiteral("bar");
    if (base == QLatin1String("mbarrier"))
        return tok.value(1) == QLatin1String("try_wait") || tok.value(1) == QLatin1String("test_wait")
                   ? QStringLiteral("bar")
                   : QStringLiteral("other");
    if (base == QLatin1String("wgmma"))
        return tok.value(1) == QLatin1String("mma_async") ? QStringLiteral("hgmma") : QStringLiteral("other");
    if (base == QLatin1String("mma"))
        return QStringLiteral("hmma");
    if (base == QLatin1String("wmma")) {
        static const QRegularExpression shapeRe(QStringLiteral("^m(\\d+)n(\\d+)k(\\d+)$"));
        QString shapeTok;
        for (const QString &t : tok)
            if (shapeRe.match(t).hasMatch())
                shapeTok = t;
        if (tok.value(1) == QLatin1String("mma")) {
            // One HMMA.16816 (or .1688 for tf32) covers 16·8·16 (16·8·8) multiply-adds.
            const auto m = shapeRe.match(shapeTok);
            if (weight && m.hasMatch()) {
                const double macs =
                    m.captured(1).toDouble() * m.captured(2).toDouble() * m.captured(3).toDouble();
                *weight = std::max(1.0, macs / (hasToken(tok, "tf32") ? 1024.0 : 2048.0));
            }
            return QStringLiteral("hmma");
        }
        if (tok.value(1) == QLatin1String("load")) {
            const bool operand = tok.value(2) == QLatin1String("a") || tok.value(2) == QLatin1String("b");
            if (hasToken(tok, "shared"))
                return operand ? QStringLiteral("ldsm") : QStringLiteral("lds");
            return hasToken(tok, "global") ? QStringLiteral("ldg128") : QStringLiteral("other");
        }
        if (tok.value(1) == QLatin1String("store"))
            return hasToken(tok, "shared")   ? QStringLiteral("sts")
                   : hasToken(tok, "global") ? QStringLiteral("stg")
                                             : QStringLiteral("other");
        return QStringLiteral("other");
    }
    if (base == QLatin1String("atom") || base == QLatin1String("red"))
        return QStringLiteral("atom");
    if (base == QLatin1String("bra") || base == QLatin1String("brx") || base == QLatin1String("ret") ||
        base == QLatin1String("exit") || base == QLatin1String("call"))
        return QStringLiteral("branch");
    return QStringLiteral("other");
}

QStringList sassFunctions(const QString &text)
{
    QStringList out;
    for (const Function &f : parseSass(text, nullptr))
        out.append(f.name);
    return out;
}

QStringList ptxEntries(const QString &ptx)
{
    QStringList out;
    for (const Function &f : parsePtx(ptx, nullptr))
        out.append(f.name);
    return out;
}

InstrMix countSass(const QString &text, const QString &kernel, MixFocus focus)
{
    QString arch;
    const QList<Function> fs = parseSass(text, &arch);
    const Function *f = pickFunction(fs, kernel);
    return f ? mixOf(*f, focus, QStringLiteral("sass"), arch) : InstrMix{};
}

InstrMix countPtx(const QString &ptx, const QString &kernel, MixFocus focus)
{
    QString arch;
    const QList<Function> fs = parsePtx(ptx, &arch);
    const Function *f = pickFunction(fs, kernel);
    return f ? mixOf(*f, focus, QStringLiteral("ptx"), arch) : InstrMix{};
}

double InstrMix::ratio(const QString &cls, const QString &per) const
{
    // Either side may name several classes: "lds+lds64+lds128" (or comma-separated).
    auto sum = [this](const QString &names) {
        double n = 0;
        for (const QString &c : names.split(QRegularExpression(QStringLiteral("[+,]")), Qt::SkipEmptyParts))
            n += count(c.trimmed());
        return n;
    };
    const double d = sum(per);
    return d > 0 ? sum(cls) / d : 0;
}

QJsonObject InstrMix::toJson() const
{
    QJsonObject c;
    for (auto it = counts.cbegin(); it != counts.cend(); ++it)
        c.insert(it.key(), it.value());
    return {{"source", source}, {"arch", arch},   {"kernel", kernel},
            {"counts", c},      {"total", total}, {"loop_found", loopFound}};
}

InstrMix InstrMix::fromJson(const QJsonObject &o)
{
    InstrMix m;
    m.source = o.value(QLatin1String("source")).toString();
    m.arch = o.value(QLatin1String("arch")).toString();
    m.kernel = o.value(QLatin1String("kernel")).toString();
    const QJsonObject c = o.value(QLatin1String("counts")).toObject();
    for (auto it = c.begin(); it != c.end(); ++it)
        if (it.value().isDouble())
            m.counts.insert(it.key(), it.value().toDouble());
    m.total = o.value(QLatin1String("total")).toDouble();
    if (m.total <= 0)
        for (double v : std::as_const(m.counts))
            m.total += v;
    m.loopFound = o.value(QLatin1String("loop_found")).toBool();
    return m;
}

} // namespace model
