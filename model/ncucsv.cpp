#include "ncucsv.h"

#include <QCoreApplication>

#include <charconv>
#include <cmath>
#include <cstring>

namespace model::ncucsv {

// ---------------------------------------------------------------------------------------
// Records

QString RecordSplitter::limitMessage() const
{
    // The context lupdate gives a member's tr() calls.
    auto tr = [](const char *text) {
        return QCoreApplication::translate("model::ncucsv::RecordSplitter", text);
    };
    switch (m_limit) {
    case Limit::None:
        return {};
    case Limit::RecordBytes:
        return m_state == State::Quoted || m_state == State::QuoteInQuoted
                   ? tr("the record on line %1 passes %2 MiB, the most one CSV row may hold: the quote "
                        "opened on "
                        "line %3 is never closed")
                         .arg(m_record.line)
                         .arg(kMaxRecordBytes >> 20)
                         .arg(m_quoteLine)
                   : tr("the record on line %1 passes %2 MiB, the most one CSV row may hold (not a CSV "
                        "export?)")
                         .arg(m_record.line)
                         .arg(kMaxRecordBytes >> 20);
    case Limit::Fields:
        return tr("the record on line %1 has more than %2 columns, the most one CSV row may hold")
            .arg(m_record.line)
            .arg(kMaxFields);
    }
    return {};
}

bool RecordSplitter::hit(Limit limit)
{
    m_limit = limit;
    m_stopped = true;
    return false;
}

bool RecordSplitter::append(const char *data, qsizetype size)
{
    if (qsizetype(m_record.buffer.size()) + size > kMaxRecordBytes)
        return hit(Limit::RecordBytes);
    m_record.buffer.append(data, size_t(size));
    return true;
}

bool RecordSplitter::endField()
{
    if (qsizetype(m_record.ends.size()) >= kMaxFields)
        return hit(Limit::Fields);
    m_record.ends.push_back(int(m_record.buffer.size()));
    return true;
}

bool RecordSplitter::feed(const char *data, qsizetype size)
{
    if (m_stopped)
        return false;
    for (qsizetype i = 0; i < size; ++i) {
        const char c = data[i];
        if (!m_started) {
            // Skip a UTF-8 BOM (EF BB BF) at the very start.
            static const char bom[] = "\xef\xbb\xbf";
            if (m_bomSeen < 3 && c == bom[m_bomSeen]) {
                ++m_bomSeen;
                continue;
            }
            m_started = true;
            if (m_bomSeen > 0 && m_bomSeen < 3) {
                // Not a BOM after all: feed the bytes it held back.
                const int held = m_bomSeen;
                m_bomSeen = 3;
                for (int k = 0; k < held; ++k)
                    if (!byte(bom[k]))
                        return false;
            }
        }
        // Fast paths: plain field bytes are the bulk of a file, and most fields are quoted.
        if (m_state == State::FieldStart && c == '"') {
            openQuote();
            continue;
        }
        if (m_state == State::QuoteInQuoted && c == ',') {
            if (!endField())
                return false;
            m_state = State::FieldStart;
            continue;
        }
        if (m_state == State::Unquoted) {
            qsizetype j = i;
            while (j < size && data[j] != ',' && data[j] != '\n' && data[j] != '\r')
                ++j;
            if (j > i) {
                if (!append(data + i, j - i))
                    return false;
                i = j - 1;
                continue;
            }
        } else if (m_state == State::Quoted) {
            qsizetype j = i;
            while (j < size && data[j] != '"' && data[j] != '\n')
                ++j;
            if (j > i) {
                if (!append(data + i, j - i))
                    return false;
                i = j - 1;
                continue;
            }
        }
        if (!byte(c)) {
            m_stopped = true;
            return false;
        }
    }
    return true;
}

bool RecordSplitter::byte(char c)
{
    switch (m_state) {
    case State::RecordStart:
        if (c == '\n') {
            ++m_line;
            return true;
        }
        if (c == '\r')
            return true;
        m_record.clear();
        m_record.line = m_line;
        if (c == '=') {
            m_toolLine = QByteArray(1, c);
            m_state = State::MaybeToolLine;
            return true;
        }
        m_state = State::FieldStart;
        return byte(c);
    case State::MaybeToolLine: {
        if (c != '\n') {
            if (m_toolLine.size() >= kMaxRecordBytes)
                return hit(Limit::RecordBytes);
            m_toolLine.append(c);
            return true;
        }
        // "==WORD==" opens ncu's own lines.
        qsizetype j = 2;
        const QByteArray &t = m_toolLine;
        if (t.startsWith("==")) {
            while (j < t.size() && t[j] >= 'A' && t[j] <= 'Z')
                ++j;
        }
        if (j > 2 && t.mid(j, 2) == "==") {
            if (onToolLine)
                onToolLine(t.trimmed());
            ++m_line;
            m_state = State::RecordStart;
            return true;
        }
        // An ordinary line that starts with '=': read it as CSV.
        const QByteArray held = m_toolLine;
        m_state = State::FieldStart;
        for (const char h : held)
            if (!byte(h))
                return false;
        return byte('\n');
    }
    case State::FieldStart:
        if (c == '"') {
            openQuote();
            return true;
        }
        m_state = State::Unquoted;
        return byte(c);
    case State::Unquoted:
        if (c == ',') {
            if (!endField())
                return false;
            m_state = State::FieldStart;
        } else if (c == '\n') {
            if (!endField())
                return false;
            ++m_line;
            return endRecord();
        } else if (c != '\r') {
            return append(&c, 1);
        }
        return true;
    case State::Quoted:
        if (c == '"')
            m_state = State::QuoteInQuoted;
        else {
            if (c == '\n')
                ++m_line;
            return append(&c, 1);
        }
        return true;
    case State::QuoteInQuoted:
        if (c == '"') {
            m_state = State::Quoted;
            return append(&c, 1);
        }
        m_state = State::Unquoted;
        return byte(c);
    }
    return true;
}

bool RecordSplitter::endRecord()
{
    m_state = State::RecordStart;
    if (onRecord && !onRecord(m_record)) {
        m_stopped = true;
        return false;
    }
    return true;
}

bool RecordSplitter::finish()
{
    if (m_stopped)
        return false;
    switch (m_state) {
    case State::RecordStart:
        return true;
    case State::MaybeToolLine:
        return byte('\n');
    case State::Quoted:
        m_unterminated = true;
        [[fallthrough]];
    default:
        return endField() && endRecord();
    }
}

// ---------------------------------------------------------------------------------------
// Units

namespace {

std::optional<double> prefixFactor(QByteArrayView p)
{
    if (p.isEmpty())
        return 1.0;
    struct Prefix
    {
        const char *text;
        double factor;
    };
    static const Prefix prefixes[] = {
        {"K", 1e3},         {"k", 1e3},         {"M", 1e6},           {"G", 1e9},
        {"T", 1e12},        {"P", 1e15},        {"m", 1e-3},          {"u", 1e-6},
        {"\xc2\xb5", 1e-6}, {"\xce\xbc", 1e-6}, {"n", 1e-9},          {"p", 1e-12},
        {"Ki", 1024.0},     {"Mi", 1048576.0},  {"Gi", 1073741824.0}, {"Ti", 1099511627776.0},
    };
    for (const Prefix &x : prefixes)
        if (p == QByteArrayView(x.text))
            return x.factor;
    return std::nullopt;
}

struct Base
{
    const char *word;
    Dimension dimension;
};

// Longest words first, so "second" is not read as a prefix "secon" + "d".
const Base kBases[] = {
    {"wavefronts", Dimension::Other}, {"wavefront", Dimension::Other}, {"requests", Dimension::Other},
    {"request", Dimension::Other},    {"sectors", Dimension::Other},   {"sector", Dimension::Other},
    {"threads", Dimension::Other},    {"thread", Dimension::Other},    {"second", Dimension::Time},
    {"cycles", Dimension::Cycles},    {"cycle", Dimension::Cycles},    {"bytes", Dimension::Bytes},
    {"byte", Dimension::Bytes},       {"warps", Dimension::Other},     {"warp", Dimension::Other},
    {"inst", Dimension::Other},       {"flop", Dimension::Other},      {"ops", Dimension::Other},
    {"sec", Dimension::Time},         {"op", Dimension::Other},        {"hz", Dimension::PerSecond},
    {"Hz", Dimension::PerSecond},     {"B", Dimension::Bytes},         {"s", Dimension::Time},
};

struct Part
{
    double factor = 1;
    bool scaled = false;
    Dimension dimension = Dimension::None;
};

std::optional<Part> part(QByteArrayView u)
{
    u = u.trimmed();
    if (u.isEmpty())
        return Part{};
    if (u == "%")
        return Part{1, false, Dimension::Percent};
    for (const Base &b : kBases) {
        const QByteArrayView word(b.word);
        if (!u.endsWith(word))
            continue;
        const auto f = prefixFactor(u.first(u.size() - word.size()));
        if (!f)
            continue;
        // ncu's base unit of time is the nanosecond ("ns", "nsecond"): only other prefixes are scaled.
        const bool scaled = b.dimension == Dimension::Time ? *f != 1e-9 : *f != 1.0;
        return Part{*f, scaled, b.dimension};
    }
    // A bare prefix: a scaled count ("K", "M").
    if (const auto f = prefixFactor(u))
        return Part{*f, *f != 1.0, Dimension::None};
    return std::nullopt;
}

} // namespace

std::optional<UnitFactor> unitFactor(QByteArrayView unit)
{
    unit = unit.trimmed();
    const qsizetype slash = unit.indexOf('/');
    if (slash < 0) {
        const auto p = part(unit);
        if (!p)
            return std::nullopt;
        return UnitFactor{p->factor, p->scaled};
    }
    const auto num = part(unit.first(slash));
    const auto den = part(unit.sliced(slash + 1));
    if (!num || !den || den->factor == 0)
        return std::nullopt;
    // A per-second rate with a scaled time base ("cycle/nsecond") is cycles per 1e-9 s.
    // ncu's base rates are per second ("byte/second", "cycle/second").
    return UnitFactor{num->factor / den->factor, num->scaled || den->factor != 1.0};
}

Dimension dimensionOf(QByteArrayView unit)
{
    unit = unit.trimmed();
    const qsizetype slash = unit.indexOf('/');
    if (slash < 0) {
        const auto p = part(unit);
        return p ? p->dimension : Dimension::Other;
    }
    const auto den = part(unit.sliced(slash + 1));
    if (den && den->dimension == Dimension::Time)
        return Dimension::PerSecond;
    return Dimension::Other; // per cycle, per thread, ...
}

// ---------------------------------------------------------------------------------------
// Numbers

namespace {

// The value's characters without group spaces or apostrophes (incl. UTF-8 no-break, narrow
// no-break and thin spaces, and the typographic apostrophe). Returns false when too long.
bool compact(QByteArrayView raw, char *out, int capacity, int *length)
{
    int n = 0;
    const char *p = raw.data();
    const qsizetype size = raw.size();
    for (qsizetype i = 0; i < size; ++i) {
        const unsigned char c = static_cast<unsigned char>(p[i]);
        if (c == ' ' || c == '\t' || c == '\'')
            continue;
        if (c == 0xC2 && i + 1 < size && static_cast<unsigned char>(p[i + 1]) == 0xA0) {
            ++i;
            continue;
        }
        if (c == 0xE2 && i + 2 < size && static_cast<unsigned char>(p[i + 1]) == 0x80) {
            const unsigned char d = static_cast<unsigned char>(p[i + 2]);
            if (d == 0xAF || d == 0x89 || d == 0x99) {
                i += 2;
                continue;
            }
        }
        if (n >= capacity)
            return false;
        out[n++] = char(c);
    }
    *length = n;
    return true;
}

} // namespace

void NumberStyle::observe(QByteArrayView raw, bool integral)
{
    char s[128];
    int n = 0;
    if (!compact(raw, s, sizeof s, &n))
        return;
    int commas = 0, dots = 0, lastComma = -1, lastDot = -1;
    for (int i = 0; i < n; ++i) {
        if (s[i] == ',') {
            ++commas;
            lastComma = i;
        } else if (s[i] == '.') {
            ++dots;
            lastDot = i;
        }
    }
    auto vote = [this](char mark) { ++(mark == ',' ? m_commaVotes : m_dotVotes); };
    if (commas && dots) {
        vote(lastComma > lastDot ? ',' : '.');
    } else if (commas > 1) {
        vote('.');
    } else if (dots > 1) {
        vote(',');
    } else if (integral && (commas == 1 || dots == 1)) {
        const int at = commas ? lastComma : lastDot;
        int digits = 0;
        while (at + 1 + digits < n && s[at + 1 + digits] >= '0' && s[at + 1 + digits] <= '9')
            ++digits;
        const bool grouping = digits == 3 && at + 1 + digits == n;
        const char mark = commas ? ',' : '.';
        vote(grouping ? (mark == ',' ? '.' : ',') : mark);
    }
}

std::optional<double> NumberStyle::parse(QByteArrayView raw) const
{
    char s[128];
    int n = 0;
    if (!compact(raw, s, sizeof s, &n) || n == 0)
        return std::nullopt;
    const char dec = decimal();
    const char group = dec == '.' ? ',' : '.';
    int w = 0;
    for (int i = 0; i < n; ++i) {
        if (s[i] == group)
            continue;
        s[w++] = s[i] == dec ? '.' : s[i];
    }
    const char *begin = s;
    if (w > 0 && *begin == '+') {
        ++begin;
        --w;
    }
    double d = 0;
    const auto [end, ec] = std::from_chars(begin, begin + w, d);
    if (ec != std::errc() || end != begin + w || !std::isfinite(d))
        return std::nullopt;
    return d;
}

bool isNotAvailable(QByteArrayView text)
{
    const QByteArrayView t = text.trimmed();
    return t.isEmpty() || t.compare("n/a", Qt::CaseInsensitive) == 0 || t == "-";
}

} // namespace model::ncucsv
