#include "ncuimport.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QJsonObject>
#include <QMap>
#include <QRegularExpression>
#include <QSet>

#include <cmath>
#include <functional>

namespace model {

namespace {

QString tr(const char *text, const char *disambiguation = nullptr, int n = -1)
{
    return QCoreApplication::translate("model::NcuImport", text, disambiguation, n);
}

const QString kTime = QStringLiteral("gpu__time_duration.sum");
const QString kDram = QStringLiteral("dram__bytes.sum");
const QString kDramRead = QStringLiteral("dram__bytes_read.sum");
const QString kDramWrite = QStringLiteral("dram__bytes_write.sum");
const QString kLts = QStringLiteral("lts__t_bytes.sum");
const QString kTensorPrefix = QStringLiteral("sm__ops_path_tensor_src_");
const QString kClock = QStringLiteral("sm__cycles_elapsed.avg.per_second");
// The details page's own duration, used only when gpu__time_duration.sum was not requested.
const QString kDetailsDuration = QStringLiteral("Duration");

QString sass(const char *op)
{
    return QStringLiteral("sm__sass_thread_inst_executed_op_%1_pred_on.sum").arg(QLatin1String(op));
}

// A CUDA-core FLOP family: FLOPs = sum(weight × instruction count).
struct SassFamily
{
    const char *precision;
    const char *dtype;
    struct Term
    {
        const char *op;
        int weight;
    };
    Term terms[3];
};

// FMA counts twice; half-precision instructions are packed half2, so Nsight's own section
// counts 2×hadd + 2×hmul + 4×hfma (shared/reference/ncu-csv.md).
const SassFamily kSassFamilies[] = {
    {"fp64", "fp64", {{"dadd", 1}, {"dmul", 1}, {"dfma", 2}}},
    {"fp32", "fp32", {{"fadd", 1}, {"fmul", 1}, {"ffma", 2}}},
    {"fp16", "fp16", {{"hadd", 2}, {"hmul", 2}, {"hfma", 4}}},
};

const QStringList kTensorMetrics = {
    QStringLiteral("sm__ops_path_tensor_src_fp64.sum"),
    QStringLiteral("sm__ops_path_tensor_src_tf32_dst_fp32.sum"),
    QStringLiteral("sm__ops_path_tensor_src_fp16_dst_fp16.sum"),
    QStringLiteral("sm__ops_path_tensor_src_fp16_dst_fp32.sum"),
    QStringLiteral("sm__ops_path_tensor_src_bf16_dst_fp32.sum"),
    QStringLiteral("sm__ops_path_tensor_src_fp8.sum"),
    QStringLiteral("sm__ops_path_tensor_src_int8.sum"),
};

// ---------------------------------------------------------------------------------------
// CSV records

struct Record
{
    QStringList fields;
    int line = 0;
};

struct CsvText
{
    QList<Record> records;
    QStringList toolLines; // ==PROF==, ==WARNING==, ==ERROR== lines
    bool unterminatedQuote = false;
};

// "==WORD==" at the start of a line: ncu's own messages, interleaved with the CSV when both
// go to one stream.
bool isToolLine(QStringView text, qsizetype i)
{
    if (i + 1 >= text.size() || text[i] != QLatin1Char('=') || text[i + 1] != QLatin1Char('='))
        return false;
    qsizetype j = i + 2;
    while (j < text.size() && text[j].isUpper())
        ++j;
    return j > i + 2 && j + 1 < text.size() && text[j] == QLatin1Char('=') && text[j + 1] == QLatin1Char('=');
}

// RFC 4180 records (quoted fields may hold commas, quotes and line breaks). Lenient: text
// after a closing quote is kept, a quote left open runs to the end of the input.
CsvText splitCsv(QStringView text)
{
    CsvText out;
    const qsizetype n = text.size();
    qsizetype i = 0;
    int line = 1;
    while (i < n) {
        const QChar c = text[i];
        if (c == QLatin1Char('\n')) {
            ++line;
            ++i;
            continue;
        }
        if (c == QLatin1Char('\r')) {
            ++i;
            continue;
        }
        if (isToolLine(text, i)) {
            qsizetype end = text.indexOf(QLatin1Char('\n'), i);
            if (end < 0)
                end = n;
            out.toolLines.append(text.mid(i, end - i).trimmed().toString());
            i = end;
            continue;
        }
        Record r;
        r.line = line;
        for (;;) {
            QString field;
            if (i < n && text[i] == QLatin1Char('"')) {
                ++i;
                bool closed = false;
                while (i < n) {
                    const QChar q = text[i];
                    if (q == QLatin1Char('"')) {
                        if (i + 1 < n && text[i + 1] == QLatin1Char('"')) {
                            field += QLatin1Char('"');
                            i += 2;
                            continue;
                        }
                        ++i;
                        closed = true;
                        break;
                    }
                    if (q == QLatin1Char('\n'))
                        ++line;
                    field += q;
                    ++i;
                }
                if (!closed)
                    out.unterminatedQuote = true;
            }
            const qsizetype start = i;
            while (i < n && text[i] != QLatin1Char(',') && text[i] != QLatin1Char('\n') &&
                   text[i] != QLatin1Char('\r'))
                ++i;
            field += text.mid(start, i - start);
            r.fields.append(field);
            if (i < n && text[i] == QLatin1Char(',')) {
                ++i;
                continue;
            }
            break; // at a line end or the end of the input; the outer loop consumes it
        }
        out.records.append(r);
    }
    return out;
}

// ---------------------------------------------------------------------------------------
// Numbers and units

// Any: a number whose unit does not matter here (registers/thread, block, SM, bit).
enum class Quantity { Time, Bytes, Count, Frequency, Any };

struct Cell
{
    QString unit;
    QString text;
};

struct Launch
{
    QString id;
    QString kernel;
    QString grid;
    QString block;
    QString device;
    QString cc;
    int line = 0;
    QHash<QString, Cell> metrics;
};

std::optional<double> prefixFactor(QStringView prefix)
{
    static const QHash<QString, double> factors = {
        {QString(), 1},
        {QStringLiteral("K"), 1e3},
        {QStringLiteral("k"), 1e3},
        {QStringLiteral("M"), 1e6},
        {QStringLiteral("G"), 1e9},
        {QStringLiteral("T"), 1e12},
        {QStringLiteral("P"), 1e15},
        {QStringLiteral("m"), 1e-3},
        {QStringLiteral("u"), 1e-6},
        {QString(QChar(0x00B5)), 1e-6},
        {QString(QChar(0x03BC)), 1e-6},
        {QStringLiteral("n"), 1e-9},
        {QStringLiteral("p"), 1e-12},
        {QStringLiteral("Ki"), 1024.0},
        {QStringLiteral("Mi"), 1024.0 * 1024},
        {QStringLiteral("Gi"), 1024.0 * 1024 * 1024},
        {QStringLiteral("Ti"), 1024.0 * 1024 * 1024 * 1024},
    };
    const auto it = factors.constFind(prefix.toString());
    if (it == factors.cend())
        return std::nullopt;
    return *it;
}

// Factor from the unit the file states to the base unit (s, byte, count, Hz). ncu's prefixes
// are decimal ("65.54 Kbyte" is 64 KiB); binary ones are accepted where spelled "Ki".
std::optional<double> unitFactor(const QString &rawUnit, Quantity q)
{
    const QString unit = rawUnit.trimmed();
    QStringList bases;
    switch (q) {
    case Quantity::Any:
        return 1.0;
    case Quantity::Time:
        if (unit == QLatin1String("cycle"))
            return std::nullopt;
        bases = {QStringLiteral("second"), QStringLiteral("sec"), QStringLiteral("s")};
        break;
    case Quantity::Bytes:
        bases = {QStringLiteral("bytes"), QStringLiteral("byte"), QStringLiteral("B")};
        break;
    case Quantity::Count:
        bases = {QStringLiteral("inst"), QStringLiteral("ops"), QStringLiteral("op"), QStringLiteral("flop"),
                 QString()};
        break;
    case Quantity::Frequency:
        if (unit.startsWith(QLatin1String("cycle/"))) {
            const auto per = unitFactor(unit.mid(6), Quantity::Time);
            return per && *per > 0 ? std::optional<double>(1 / *per) : std::nullopt;
        }
        bases = {QStringLiteral("hz"), QStringLiteral("Hz")};
        break;
    }
    for (const QString &base : bases) {
        if (!unit.endsWith(base))
            continue;
        if (const auto f = prefixFactor(QStringView(unit).left(unit.size() - base.size())))
            return f;
    }
    return std::nullopt;
}

QString stripSpaces(QStringView s)
{
    QString t;
    t.reserve(s.size());
    for (const QChar c : s) {
        // Group separators other locales use: spaces (incl. no-break and thin), apostrophes.
        if (c.isSpace() || c == QChar(0x00A0) || c == QChar(0x202F) || c == QChar(0x2009) ||
            c == QLatin1Char('\'') || c == QChar(0x2019))
            continue;
        t += c;
    }
    return t;
}

// The decimal mark of the whole file, voted by every value that shows it: a value with both
// marks (the last one is decimal), one mark repeated (a group separator), or a single mark in
// a count column (whole numbers: followed by three digits it groups, otherwise it is decimal).
class NumberStyle
{
public:
    void observe(QStringView raw, bool integral)
    {
        const QString s = stripSpaces(raw);
        const qsizetype commas = s.count(QLatin1Char(','));
        const qsizetype dots = s.count(QLatin1Char('.'));
        if (commas && dots) {
            vote(s.lastIndexOf(QLatin1Char(',')) > s.lastIndexOf(QLatin1Char('.')) ? QLatin1Char(',')
                                                                                   : QLatin1Char('.'));
        } else if (commas > 1) {
            vote(QLatin1Char('.'));
        } else if (dots > 1) {
            vote(QLatin1Char(','));
        } else if (integral && (commas == 1 || dots == 1)) {
            const QChar mark = commas ? QLatin1Char(',') : QLatin1Char('.');
            const qsizetype at = s.indexOf(mark);
            qsizetype digits = 0;
            while (at + 1 + digits < s.size() && s[at + 1 + digits].isDigit())
                ++digits;
            const bool grouping = digits == 3 && at + 1 + digits == s.size();
            vote(grouping ? (mark == QLatin1Char(',') ? QLatin1Char('.') : QLatin1Char(',')) : mark);
        }
    }
    QChar decimal() const { return m_commaVotes > m_dotVotes ? QLatin1Char(',') : QLatin1Char('.'); }

    std::optional<double> parse(QStringView raw) const
    {
        const QChar dec = decimal();
        const QChar group = dec == QLatin1Char('.') ? QLatin1Char(',') : QLatin1Char('.');
        QString t;
        for (const QChar c : stripSpaces(raw)) {
            if (c == group)
                continue;
            t += c == dec ? QLatin1Char('.') : c;
        }
        bool ok = false;
        const double d = t.toDouble(&ok);
        if (!ok || !std::isfinite(d))
            return std::nullopt;
        return d;
    }

private:
    void vote(QChar decimalMark) { ++(decimalMark == QLatin1Char(',') ? m_commaVotes : m_dotVotes); }
    int m_commaVotes = 0;
    int m_dotVotes = 0;
};

bool isNotAvailable(const QString &text)
{
    const QString t = text.trimmed();
    return t.isEmpty() || t.compare(QLatin1String("n/a"), Qt::CaseInsensitive) == 0 ||
           t == QLatin1String("-");
}

// Tallies of per-launch problems, reported once per metric rather than once per launch.
struct Problems
{
    QMap<QString, int> notAvailable;
    QMap<QString, QString> badValue; // metric -> first reason
    QMap<QString, int> badCount;
};

class Reader
{
public:
    Reader(const NumberStyle &style, Problems &problems) : m_style(style), m_problems(problems) {}

    // The metric in base units; nullopt when absent, n/a or unusable (tallied in problems).
    std::optional<double> value(const Launch &l, const QString &metric, Quantity q) const
    {
        const auto it = l.metrics.constFind(metric);
        if (it == l.metrics.cend())
            return std::nullopt;
        if (isNotAvailable(it->text)) {
            ++m_problems.notAvailable[metric];
            return std::nullopt;
        }
        const auto factor = unitFactor(it->unit, q);
        if (!factor)
            return bad(metric, tr("unknown unit \"%1\"").arg(it->unit));
        const auto v = m_style.parse(it->text);
        if (!v)
            return bad(metric, tr("\"%1\" is not a number").arg(it->text));
        if (*v < 0)
            return bad(metric, tr("negative value %1").arg(it->text));
        const double scaled = *v * *factor;
        if (!std::isfinite(scaled))
            return bad(metric, tr("\"%1\" is out of range").arg(it->text));
        return scaled;
    }

private:
    std::optional<double> bad(const QString &metric, const QString &why) const
    {
        if (!m_problems.badValue.contains(metric))
            m_problems.badValue.insert(metric, why);
        ++m_problems.badCount[metric];
        return std::nullopt;
    }

    const NumberStyle &m_style;
    Problems &m_problems;
};

// Tensor-core FLOP columns: sm__ops_path_tensor_src_<src>[_dst_<dst>].sum.
struct TensorColumn
{
    QString metric;
    QString src;
    QString dst;
};

struct TensorTarget
{
    QString precision;
    QString dtype;
};

std::optional<TensorTarget> tensorTarget(const QString &src, const QString &dst)
{
    if (src == QLatin1String("fp16"))
        return TensorTarget{dst == QLatin1String("fp16") ? QStringLiteral("fp16_tc_fp16acc")
                                                         : QStringLiteral("fp16_tc"),
                            QStringLiteral("fp16")};
    if (src == QLatin1String("bf16"))
        return TensorTarget{QStringLiteral("bf16_tc"), QStringLiteral("bf16")};
    if (src == QLatin1String("tf32"))
        return TensorTarget{QStringLiteral("tf32_tc"), QStringLiteral("tf32")};
    // Blackwell's mixed f8f6f4 path runs all three at the FP8 rate.
    if (src == QLatin1String("fp8") || src == QLatin1String("fp4_fp6_fp8") || src == QLatin1String("fp6"))
        return TensorTarget{dst == QLatin1String("fp16") ? QStringLiteral("fp8_tc_fp16acc")
                                                         : QStringLiteral("fp8_tc"),
                            QStringLiteral("fp8")};
    if (src == QLatin1String("fp4"))
        return TensorTarget{QStringLiteral("fp4_tc"), QStringLiteral("fp4")};
    if (src == QLatin1String("fp64"))
        return TensorTarget{QStringLiteral("fp64_tc"), QStringLiteral("fp64")};
    if (src == QLatin1String("int8"))
        return TensorTarget{QStringLiteral("int8_tc"), QStringLiteral("int8")};
    return std::nullopt;
}

// Which tensor columns to add up: per source, the _dst_ variants when present (they tell
// the accumulator), else the source's total; never both, which would count twice.
QList<TensorColumn> tensorColumns(const QSet<QString> &present, QStringList *warnings)
{
    static const QRegularExpression re(
        QStringLiteral("^sm__ops_path_tensor_src_([a-z0-9_]+?)(?:_dst_([a-z0-9]+))?\\.sum$"));
    QMap<QString, QList<TensorColumn>> bySrc;
    for (const QString &m : present) {
        const auto match = re.match(m);
        if (match.hasMatch())
            bySrc[match.captured(1)].append({m, match.captured(1), match.captured(2)});
    }
    QList<TensorColumn> out;
    for (auto it = bySrc.cbegin(); it != bySrc.cend(); ++it) {
        if (!tensorTarget(it.key(), {})) {
            if (warnings)
                warnings->append(
                    tr("tensor FLOPs from an unknown source type \"%1\" are not imported").arg(it.key()));
            continue;
        }
        QList<TensorColumn> variants, total;
        for (const TensorColumn &c : *it)
            (c.dst.isEmpty() ? total : variants).append(c);
        std::sort(variants.begin(), variants.end(),
                  [](const TensorColumn &a, const TensorColumn &b) { return a.metric < b.metric; });
        out.append(variants.isEmpty() ? total : variants);
    }
    return out;
}

struct Table
{
    QList<Launch> launches;
    QSet<QString> present; // metric names the file has (columns, or names seen on the details page)
    bool details = false;
    int skippedRows = 0;
    QList<int> skippedLines;
};

bool wanted(const QString &name)
{
    static const QSet<QString> names = [] {
        QSet<QString> s = {kTime,
                           kDram,
                           kDramRead,
                           kDramWrite,
                           kLts,
                           kClock,
                           kDetailsDuration,
                           QStringLiteral("launch__registers_per_thread"),
                           QStringLiteral("device__attribute_multiprocessor_count"),
                           QStringLiteral("device__attribute_l2_cache_size"),
                           QStringLiteral("device__attribute_global_memory_bus_width"),
                           QStringLiteral("device__attribute_display_name")};
        for (const SassFamily &f : kSassFamilies)
            for (const auto &t : f.terms)
                s.insert(sass(t.op));
        return s;
    }();
    return names.contains(name) || name.startsWith(kTensorPrefix) ||
           name.startsWith(QLatin1String("launch__occupancy_limit_"));
}

int column(const QStringList &header, const char *name)
{
    return int(header.indexOf(QLatin1String(name)));
}

QString field(const Record &r, int col)
{
    return col >= 0 && col < r.fields.size() ? r.fields.at(col) : QString();
}

// `want` picks the metric columns kept (the import's own set, or the caller's).
std::optional<Table> readTable(const CsvText &csv, QString *error,
                               const std::function<bool(const QString &)> &want = wanted)
{
    qsizetype h = 0;
    while (h < csv.records.size() && !csv.records.at(h).fields.contains(QLatin1String("Kernel Name")))
        ++h;
    if (h == csv.records.size()) {
        if (error)
            *error = tr("is not an Nsight Compute CSV export (no header with \"Kernel Name\"; export with "
                        "ncu --csv --page raw)");
        return std::nullopt;
    }
    const QStringList header = csv.records.at(h).fields;
    Table t;
    const int cId = column(header, "ID");
    const int cKernel = column(header, "Kernel Name");
    const int cGrid = column(header, "Grid Size");
    const int cBlock = column(header, "Block Size");
    const int cDevice = column(header, "Device");
    const int cCc = column(header, "CC");
    auto fillLaunch = [&](Launch &l, const Record &r) {
        l.id = field(r, cId).trimmed();
        l.kernel = field(r, cKernel);
        l.grid = field(r, cGrid);
        l.block = field(r, cBlock);
        l.device = field(r, cDevice).trimmed();
        l.cc = field(r, cCc);
        l.line = r.line;
    };
    auto skip = [&t](const Record &r) {
        ++t.skippedRows;
        if (t.skippedLines.size() < 5)
            t.skippedLines.append(r.line);
    };

    const int cMetricName = column(header, "Metric Name");
    const int cMetricUnit = column(header, "Metric Unit");
    const int cMetricValue = column(header, "Metric Value");
    if (cMetricName >= 0 && cMetricValue >= 0) {
        // --page details: one row per (launch, metric); gather them per launch ID.
        t.details = true;
        QHash<QString, qsizetype> byId;
        const int needed =
            1 + std::max({cId, cKernel, cGrid, cBlock, cDevice, cCc, cMetricName, cMetricUnit, cMetricValue});
        for (qsizetype i = h + 1; i < csv.records.size(); ++i) {
            const Record &r = csv.records.at(i);
            // Rule columns may be cut short or end in a stray comma; the metric columns are what counts.
            if (r.fields.size() < needed) {
                skip(r);
                continue;
            }
            const QString id = field(r, cId).trimmed() + QLatin1Char('\x1f') + field(r, cKernel);
            auto it = byId.constFind(id);
            if (it == byId.cend()) {
                Launch l;
                fillLaunch(l, r);
                it = byId.insert(id, t.launches.size());
                t.launches.append(l);
            }
            const QString name = field(r, cMetricName).trimmed();
            t.present.insert(name);
            if (want(name))
                t.launches[*it].metrics.insert(name, {field(r, cMetricUnit), field(r, cMetricValue)});
        }
        return t;
    }

    // --page raw: one wide row per launch, the units on the line after the header.
    QList<int> metricCols;
    for (int c = 0; c < header.size(); ++c) {
        t.present.insert(header.at(c));
        if (want(header.at(c)))
            metricCols.append(c);
    }
    qsizetype first = h + 1;
    QStringList units(header.size());
    if (first < csv.records.size() && csv.records.at(first).fields.size() >= header.size() &&
        field(csv.records.at(first), cId >= 0 ? cId : cKernel).trimmed().isEmpty()) {
        units = csv.records.at(first).fields;
        ++first;
    } else {
        // Without a units line nothing says how values are scaled; --print-units base is
        // the only safe reading.
        t.present.insert(QStringLiteral("(no units line)"));
        for (int c : metricCols) {
            const QString &name = header.at(c);
            units[c] = name == kTime                                ? QStringLiteral("ns")
                       : name.contains(QLatin1String("bytes"))      ? QStringLiteral("byte")
                       : name.contains(QLatin1String("cache_size")) ? QStringLiteral("byte")
                       : name.endsWith(QLatin1String("per_second")) ? QStringLiteral("hz")
                                                                    : QString();
        }
    }
    for (qsizetype i = first; i < csv.records.size(); ++i) {
        const Record &r = csv.records.at(i);
        // A trailing comma adds an empty field; program output interleaved has far fewer.
        if (r.fields.size() < header.size()) {
            skip(r);
            continue;
        }
        Launch l;
        fillLaunch(l, r);
        for (int c : metricCols)
            l.metrics.insert(header.at(c), {units.at(c), r.fields.at(c)});
        t.launches.append(l);
    }
    return t;
}

} // namespace

QStringList NcuImport::metrics()
{
    QStringList m = {kTime, kDram, kLts};
    for (const SassFamily &f : kSassFamilies)
        for (const auto &t : f.terms)
            m.append(sass(t.op));
    m.append(kTensorMetrics);
    return m;
}

QString NcuImport::commandLine()
{
    return QStringLiteral("ncu --csv --page raw --print-units base --clock-control none --metrics %1 ./app > "
                          "profile.csv")
        .arg(metrics().join(QLatin1Char(',')));
}

std::optional<ResultSet> NcuImport::fromCsv(const QByteArray &csv, QString *error, QStringList *warnings)
{
    auto refuse = [error](const QString &message) -> std::optional<ResultSet> {
        if (error)
            *error = message;
        return std::nullopt;
    };
    auto warn = [warnings](const QString &w) {
        if (warnings)
            warnings->append(w);
    };
    if (csv.size() > ResultSet::kMaxFileBytes)
        return refuse(tr("is %1 MiB; files larger than %2 MiB are refused")
                          .arg(csv.size() / 1048576.0, 0, 'f', 1)
                          .arg(ResultSet::kMaxFileBytes / 1048576));
    QString text = QString::fromUtf8(csv);
    if (text.startsWith(QChar(0xFEFF)))
        text.remove(0, 1);
    const CsvText records = splitCsv(text);
    QString why;
    auto table = readTable(records, &why);
    if (!table)
        return refuse(why);
    for (const QString &l : records.toolLines)
        if (l.startsWith(QLatin1String("==ERROR==")) || l.startsWith(QLatin1String("==WARNING==")))
            warn(tr("ncu said: %1").arg(l));
    if (records.unterminatedQuote)
        warn(tr("the file ends inside a quoted value (truncated?)"));
    if (table->skippedRows > 0) {
        QStringList lines;
        for (int l : table->skippedLines)
            lines.append(QString::number(l));
        warn(tr("%n line(s) that are not CSV rows of the table were skipped (line %1%2)", nullptr,
                table->skippedRows)
                 .arg(lines.join(QStringLiteral(", ")),
                      table->skippedRows > lines.size() ? QStringLiteral(", ...") : QString()));
    }
    const QSet<QString> &present = table->present;
    const bool noUnits = present.contains(QStringLiteral("(no units line)"));
    if (noUnits)
        warn(tr("no units line after the header: values are read as base units (ns, byte); export with "
                "--print-units base"));

    // What the file can give, and what it lacks.
    const bool hasTime = present.contains(kTime) || (table->details && present.contains(kDetailsDuration));
    const bool hasDram =
        present.contains(kDram) || (present.contains(kDramRead) && present.contains(kDramWrite));
    const bool hasLts = present.contains(kLts);
    const QList<TensorColumn> tensor = tensorColumns(present, warnings);
    bool hasFlops = !tensor.isEmpty();
    for (const SassFamily &f : kSassFamilies) {
        QStringList have, lack;
        for (const auto &t : f.terms)
            (present.contains(sass(t.op)) ? have : lack).append(QLatin1String(t.op));
        hasFlops = hasFlops || !have.isEmpty();
        if (!have.isEmpty() && !lack.isEmpty())
            warn(tr("%1 FLOPs count only %2: %3 not in the file (counted as 0)")
                     .arg(QString::fromLatin1(f.precision).toUpper(), have.join(QStringLiteral(", ")),
                          lack.join(QStringLiteral(", "))));
    }
    if (!present.contains(kDram) && present.contains(kDramRead) != present.contains(kDramWrite))
        warn(tr("only one of %1 and %2 is in the file: no HBM point (ask for %3)")
                 .arg(kDramRead, kDramWrite, kDram));
    QStringList missing;
    if (!hasTime)
        missing.append(kTime);
    if (!hasDram && !hasLts)
        missing.append(tr("%1 (or %2)").arg(kDram, kLts));
    if (!hasFlops)
        missing.append(tr("a FLOP count (%1, ... or %2*.sum)").arg(sass("ffma"), kTensorPrefix));
    if (!missing.isEmpty()) {
        QString message =
            tr("lacks the metrics a roofline point needs: %1.").arg(missing.join(QStringLiteral("; ")));
        if (table->details)
            message += QLatin1Char(' ') +
                       tr("The details page lists raw metrics only when they are requested with --metrics; "
                          "--page raw is the format this import is made for.");
        return refuse(message + QLatin1Char('\n') + tr("Profile with:\n  %1").arg(commandLine()));
    }

    NumberStyle style;
    for (const Launch &l : table->launches)
        for (auto it = l.metrics.cbegin(); it != l.metrics.cend(); ++it)
            if (!isNotAvailable(it->text) && it.key() != QLatin1String("device__attribute_display_name")) {
                // Counts and bytes in base units are whole numbers; scaled ones ("Mbyte") are not.
                const QString unit = it->unit.trimmed();
                const bool integral =
                    (unit.isEmpty() || unit == QLatin1String("byte") || unit == QLatin1String("inst")) &&
                    it.key() != kTime && it.key() != kClock && it.key() != kDetailsDuration;
                style.observe(it->text, integral);
            }
    Problems problems;
    const Reader read(style, problems);

    ResultSet rs;
    rs.tool = QJsonObject{{QStringLiteral("name"), QStringLiteral("ncu")},
                          {QStringLiteral("import"), table->details ? QStringLiteral("csv --page details")
                                                                    : QStringLiteral("csv --page raw")}};
    QSet<QString> devices;
    int skippedLaunches = 0;
    for (const Launch &l : table->launches) {
        const QString kernel = l.kernel.trimmed().isEmpty() ? tr("kernel %1").arg(l.id) : l.kernel;
        auto time = read.value(l, kTime, Quantity::Time);
        if (!time && table->details)
            time = read.value(l, kDetailsDuration, Quantity::Time);
        if (!time || *time <= 0) {
            ++skippedLaunches;
            warn(tr("launch %1 (%2, line %3): no usable %4; skipped")
                     .arg(l.id, kernel)
                     .arg(l.line)
                     .arg(kTime));
            continue;
        }

        struct Level
        {
            QString level;
            double bytes;
            QString metric;
        };
        QList<Level> levels;
        if (const auto d = read.value(l, kDram, Quantity::Bytes))
            levels.append({QStringLiteral("hbm"), *d, kDram});
        else if (!l.metrics.contains(kDram)) {
            const auto r = read.value(l, kDramRead, Quantity::Bytes);
            const auto w = read.value(l, kDramWrite, Quantity::Bytes);
            if (r && w)
                levels.append(
                    {QStringLiteral("hbm"), *r + *w, kDramRead + QStringLiteral(" + ") + kDramWrite});
        }
        if (const auto b = read.value(l, kLts, Quantity::Bytes))
            levels.append({QStringLiteral("l2"), *b, kLts});

        struct Flops
        {
            QString precision;
            QString dtype;
            double flops = 0;
            QStringList formula;
        };
        QList<Flops> flops;
        auto add = [&flops](const QString &precision, const QString &dtype, double value,
                            const QString &term) {
            for (Flops &f : flops)
                if (f.precision == precision) {
                    f.flops += value;
                    f.formula.append(term);
                    return;
                }
            flops.append({precision, dtype, value, {term}});
        };
        for (const SassFamily &f : kSassFamilies)
            for (const auto &t : f.terms)
                if (const auto v = read.value(l, sass(t.op), Quantity::Count))
                    add(QLatin1String(f.precision), QLatin1String(f.dtype), t.weight * *v,
                        t.weight == 1 ? sass(t.op) : QStringLiteral("%1*%2").arg(t.weight).arg(sass(t.op)));
        for (const TensorColumn &c : tensor)
            if (const auto v = read.value(l, c.metric, Quantity::Count)) {
                const auto target = tensorTarget(c.src, c.dst);
                add(target->precision, target->dtype, *v, c.metric);
            }
        flops.removeIf([](const Flops &f) { return !(f.flops > 0); });
        // The precision doing most of the work first (the tensor point of a GEMM, not its epilogue).
        std::stable_sort(flops.begin(), flops.end(),
                         [](const Flops &a, const Flops &b) { return a.flops > b.flops; });
        if (flops.isEmpty())
            flops.append({QString(), QString(), 0, {}}); // a bandwidth-only point per level

        Measurement base;
        base.kernel = kernel;
        if (!l.id.isEmpty()) {
            bool isInt = false;
            const qlonglong id = l.id.toLongLong(&isInt);
            base.params.insert(QStringLiteral("ncu_id"), isInt ? QVariant(id) : QVariant(l.id));
        }
        if (!l.grid.isEmpty())
            base.params.insert(QStringLiteral("grid"), l.grid);
        if (!l.block.isEmpty())
            base.params.insert(QStringLiteral("block"), l.block);
        base.time = TimeStats{*time, *time, *time, 1};
        base.source = QStringLiteral("ncu");
        if (const auto hz = read.value(l, kClock, Quantity::Frequency))
            base.clockMhz = *hz / 1e6;
        if (const auto regs = read.value(l, QStringLiteral("launch__registers_per_thread"), Quantity::Any))
            base.resources.insert(QStringLiteral("regs"), *regs);
        for (auto it = l.metrics.cbegin(); it != l.metrics.cend(); ++it)
            if (it.key().startsWith(QLatin1String("launch__occupancy_limit_")))
                if (const auto v = read.value(l, it.key(), Quantity::Any))
                    base.resources.insert(QStringLiteral("occupancy_limit_") +
                                              it.key().mid(QStringLiteral("launch__occupancy_limit_").size()),
                                          *v);

        if (levels.isEmpty()) {
            ++skippedLaunches;
            warn(tr("launch %1 (%2, line %3): no usable byte count; skipped").arg(l.id, kernel).arg(l.line));
            continue;
        }
        for (const Flops &f : flops)
            for (const Level &lv : levels) {
                if (lv.bytes <= 0 && f.flops > 0) {
                    warn(tr("launch %1 (%2): %3 is 0, so its %4 point has no intensity; skipped")
                             .arg(l.id, kernel, lv.metric, lv.level));
                    continue;
                }
                Measurement m = base;
                m.dtype = f.dtype;
                m.precision = f.precision;
                m.flops = f.flops;
                m.bytes = lv.bytes;
                m.level = lv.level;
                // Which definitions were used: Nsight's own chart counts L2/L1 differently.
                QJsonObject ncu{{QStringLiteral("bytes"), lv.metric}};
                if (!f.formula.isEmpty())
                    ncu.insert(QStringLiteral("flops"), f.formula.join(QStringLiteral(" + ")));
                m.extra.insert(QStringLiteral("ncu"), ncu);
                rs.measurements.append(m);
            }
        // "Device" is the CUDA device index; the name is a device__attribute column.
        const QString displayName =
            l.metrics.value(QStringLiteral("device__attribute_display_name")).text.trimmed();
        devices.insert(l.device + QLatin1Char('/') + displayName);
        if (devices.size() == 1) {
            rs.device.name = !displayName.isEmpty() ? displayName
                             : l.device.isEmpty()   ? QString()
                                                    : tr("CUDA device %1").arg(l.device);
            rs.device.cc = l.cc.trimmed();
            if (const auto sms =
                    read.value(l, QStringLiteral("device__attribute_multiprocessor_count"), Quantity::Any))
                rs.device.sms = int(std::min(*sms, 1e6));
            if (const auto l2 =
                    read.value(l, QStringLiteral("device__attribute_l2_cache_size"), Quantity::Bytes))
                rs.device.l2Bytes = *l2;
            if (const auto bus =
                    read.value(l, QStringLiteral("device__attribute_global_memory_bus_width"), Quantity::Any))
                rs.device.memBusBits = int(std::min(*bus, 1e6));
        }
    }
    if (devices.size() > 1)
        warn(tr("the file holds launches on %1 devices; the results carry the first one's name")
                 .arg(devices.size()));
    for (auto it = problems.notAvailable.cbegin(); it != problems.notAvailable.cend(); ++it)
        warn(tr("%1 was n/a in %n launch(es)", nullptr, it.value()).arg(it.key()));
    for (auto it = problems.badValue.cbegin(); it != problems.badValue.cend(); ++it)
        warn(tr("%1 unusable in %n launch(es) (%2)", nullptr, problems.badCount.value(it.key()))
                 .arg(it.key(), it.value()));
    if (rs.measurements.isEmpty())
        return refuse(table->launches.isEmpty()
                          ? tr("holds no kernel launches (only the header)")
                          : tr("has no launch with usable values (%n skipped)", nullptr, skippedLaunches));
    return rs;
}

namespace {

// The quantity a unit measures, so any metric can be read in base units.
Quantity quantityOf(const QString &rawUnit)
{
    const QString u = rawUnit.trimmed();
    if (u.startsWith(QLatin1String("cycle/")) || u.endsWith(QLatin1String("hz"), Qt::CaseInsensitive))
        return Quantity::Frequency;
    if (u.contains(QLatin1Char('/')))
        return Quantity::Any; // a rate or ratio: --print-units base leaves it unscaled
    if (u.endsWith(QLatin1String("byte")) || u.endsWith(QLatin1String("bytes")))
        return Quantity::Bytes;
    if (u.endsWith(QLatin1String("second")) || (u.size() <= 2 && u.endsWith(QLatin1Char('s'))))
        return Quantity::Time;
    return Quantity::Any;
}

} // namespace

std::optional<QList<NcuImport::RawLaunch>> NcuImport::rawLaunches(const QByteArray &csv, const QStringList &metrics,
                                                                  QString *error, QStringList *warnings)
{
    auto refuse = [error](const QString &message) -> std::optional<QList<RawLaunch>> {
        if (error)
            *error = message;
        return std::nullopt;
    };
    if (csv.size() > ResultSet::kMaxFileBytes)
        return refuse(tr("is %1 MiB; files larger than %2 MiB are refused")
                          .arg(csv.size() / 1048576.0, 0, 'f', 1)
                          .arg(ResultSet::kMaxFileBytes / 1048576));
    QString text = QString::fromUtf8(csv);
    if (text.startsWith(QChar(0xFEFF)))
        text.remove(0, 1);
    const CsvText records = splitCsv(text);
    const QSet<QString> names(metrics.cbegin(), metrics.cend());
    QString why;
    const auto table = readTable(records, &why, [&names](const QString &n) { return names.contains(n); });
    if (!table)
        return refuse(why);
    if (warnings)
        for (const QString &l : records.toolLines)
            if (l.startsWith(QLatin1String("==ERROR==")) || l.startsWith(QLatin1String("==WARNING==")))
                warnings->append(tr("ncu said: %1").arg(l));
    NumberStyle style;
    for (const Launch &l : table->launches)
        for (auto it = l.metrics.cbegin(); it != l.metrics.cend(); ++it)
            if (!isNotAvailable(it->text)) {
                const QString unit = it->unit.trimmed();
                style.observe(it->text, unit.isEmpty() || unit == QLatin1String("byte") ||
                                            unit == QLatin1String("inst") || unit == QLatin1String("cycle"));
            }
    Problems problems;
    const Reader read(style, problems);
    QList<RawLaunch> out;
    for (const Launch &l : table->launches) {
        RawLaunch r{l.id, l.kernel, l.grid, l.block, l.cc.trimmed(), {}};
        for (auto it = l.metrics.cbegin(); it != l.metrics.cend(); ++it)
            if (const auto v = read.value(l, it.key(), quantityOf(it->unit)))
                r.values.insert(it.key(), *v);
        out.append(r);
    }
    if (warnings) {
        for (auto it = problems.notAvailable.cbegin(); it != problems.notAvailable.cend(); ++it)
            warnings->append(tr("%1 was n/a in %n launch(es)", nullptr, it.value()).arg(it.key()));
        for (auto it = problems.badValue.cbegin(); it != problems.badValue.cend(); ++it)
            warnings->append(tr("%1 unusable in %n launch(es) (%2)", nullptr, problems.badCount.value(it.key()))
                                 .arg(it.key(), it.value()));
    }
    if (out.isEmpty())
        return refuse(tr("holds no kernel launches (only the header)"));
    return out;
}

std::optional<ResultSet> NcuImport::load(const QString &path, QString *error, QStringList *warnings)
{
    auto refuse = [&](const QString &message) -> std::optional<ResultSet> {
        if (error)
            *error = QStringLiteral("%1: %2").arg(path, message);
        return std::nullopt;
    };
    QFile f(path);
    if (f.size() > ResultSet::kMaxFileBytes)
        return refuse(tr("is %1 MiB; files larger than %2 MiB are refused")
                          .arg(f.size() / 1048576.0, 0, 'f', 1)
                          .arg(ResultSet::kMaxFileBytes / 1048576));
    if (QFileInfo(path).isDir())
        return refuse(tr("is a folder, not a CSV file"));
    if (!f.open(QIODevice::ReadOnly))
        return refuse(tr("cannot be opened: %1").arg(f.errorString()));
    const QByteArray data = f.read(ResultSet::kMaxFileBytes + 1);
    if (f.error() != QFileDevice::NoError)
        return refuse(tr("cannot be read: %1").arg(f.errorString()));
    QString why;
    auto rs = fromCsv(data, &why, warnings);
    if (!rs)
        return refuse(why);
    rs->created = QFileInfo(path).lastModified().toUTC().toString(Qt::ISODate);
    rs->tool.insert(QStringLiteral("file"), QFileInfo(path).fileName());
    return rs;
}

} // namespace model
