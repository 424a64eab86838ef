#include "resultset.h"

#include "profilecounters.h"

#include <QBuffer>
#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLocale>
#include <QRegularExpression>
#include <QSaveFile>
#include <QSet>
#include <QVarLengthArray>

#include <charconv>
#include <climits>
#include <cmath>
#include <deque>
#include <string_view>
#include <unordered_map>

namespace model {

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("model::ResultSet", text);
}

// Thrown inside the entry parsers only, to unwind to the one place that names the entry.
struct FieldError
{
    QString field;
    QString message;
};

[[noreturn]] void fail(const QString &field, const QString &message)
{
    throw FieldError{field, message};
}

// Null counts as absent: Qt writes NaN and infinity as null, so a null is what a non-finite
// value saved by an older writer looks like; for a required field that is still an error.
bool absent(const QJsonValue &v)
{
    return v.isUndefined() || v.isNull();
}

std::optional<double> number(const QJsonObject &o, const QString &key, const QString &field, bool required,
                             bool positive = false)
{
    const QJsonValue v = o.value(key);
    if (absent(v)) {
        if (required)
            fail(field, v.isNull() ? tr("is null (not a finite number)") : tr("is missing"));
        return std::nullopt;
    }
    if (!v.isDouble())
        fail(field, tr("must be a number"));
    const double d = v.toDouble();
    if (!std::isfinite(d))
        fail(field, tr("must be finite"));
    if (d < 0)
        fail(field, tr("must not be negative"));
    if (positive && d == 0)
        fail(field, tr("must be greater than zero"));
    return d;
}

QString string(const QJsonObject &o, const QString &key, const QString &field, bool required)
{
    const QJsonValue v = o.value(key);
    if (absent(v)) {
        if (required)
            fail(field, tr("is missing"));
        return {};
    }
    if (!v.isString())
        fail(field, tr("must be a string"));
    if (required && v.toString().trimmed().isEmpty())
        fail(field, tr("must not be empty"));
    return v.toString();
}

QJsonObject object(const QJsonObject &o, const QString &key, const QString &field, bool required)
{
    const QJsonValue v = o.value(key);
    if (absent(v)) {
        if (required)
            fail(field, tr("is missing"));
        return {};
    }
    if (!v.isObject())
        fail(field, tr("must be an object"));
    return v.toObject();
}

// The keys of o that are not in known: what we keep verbatim for the next save.
QJsonObject unknownKeys(const QJsonObject &o, std::initializer_list<const char *> known)
{
    // A new object, not a copy with keys removed: the copy would keep every removed key's and
    // string's bytes (a QJsonObject does not compact), which for 50,000 entries is megabytes.
    QJsonObject rest;
    for (auto it = o.constBegin(); it != o.constEnd(); ++it) {
        const QString key = it.key();
        bool isKnown = false;
        for (const char *k : known)
            if (key == QLatin1String(k)) {
                isKnown = true;
                break;
            }
        if (!isKnown)
            rest.insert(key, it.value());
    }
    return rest;
}

QString num(double v)
{
    return QString::number(v, 'g', QLocale::FloatingPointShortest);
}

QString paramText(const QVariant &v)
{
    const QJsonValue j = QJsonValue::fromVariant(v);
    if (j.isObject())
        return QString::fromUtf8(QJsonDocument(j.toObject()).toJson(QJsonDocument::Compact));
    if (j.isArray())
        return QString::fromUtf8(QJsonDocument(j.toArray()).toJson(QJsonDocument::Compact));
    if (j.isDouble())
        return num(j.toDouble());
    if (j.isBool())
        return j.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    return v.toString();
}

QString csvField(const QString &s)
{
    if (!s.contains(QLatin1Char(',')) && !s.contains(QLatin1Char('"')) && !s.contains(QLatin1Char('\n')) &&
        !s.contains(QLatin1Char('\r')))
        return s;
    QString q = s;
    q.replace(QLatin1String("\""), QLatin1String("\"\""));
    return QLatin1Char('"') + q + QLatin1Char('"');
}

bool hasCheck(const Check &c)
{
    return c.ok || c.maxRelErr != 0 || !c.reference.isEmpty() || !c.message.isEmpty();
}

const QString kSchemaPrefix = QStringLiteral("rooflab.results/");

// The same few strings (kernel ids, dtypes, parameter names) come back in every entry of a big
// file: one shared copy of each instead of one allocation per entry.
class Strings
{
public:
    QString operator()(const QString &s)
    {
        if (s.isEmpty())
            return {};
        const auto it = m_seen.constFind(s);
        if (it != m_seen.cend())
            return *it;
        if (m_seen.size() < kMaxSeen) // unique strings (seeds, names) would only grow the table
            m_seen.insert(s);
        return s;
    }

private:
    static constexpr qsizetype kMaxSeen = 1 << 16;
    QSet<QString> m_seen;
};

// QJsonObject::toVariantMap with shared keys and string values.
QVariantMap variantMap(const QJsonObject &o, Strings *strings)
{
    if (!strings)
        return o.toVariantMap();
    QVariantMap map;
    for (auto it = o.constBegin(); it != o.constEnd(); ++it) {
        const QJsonValue v = it.value();
        map.insert((*strings)(it.key()), v.isString() ? QVariant((*strings)(v.toString())) : v.toVariant());
    }
    return map;
}

std::optional<Measurement> measurementFrom(const QJsonObject &o, QString *error, Strings *strings);

} // namespace

CompactMap::CompactMap(const QVariantMap &map) : CompactMap(fromJson(QJsonObject::fromVariantMap(map))) {}

CompactMap &CompactMap::operator=(const QVariantMap &map)
{
    return *this = CompactMap(map);
}

CompactMap CompactMap::fromJson(const QJsonObject &o)
{
    CompactMap m;
    if (!o.isEmpty())
        m.m_text = QJsonDocument(o).toJson(QJsonDocument::Compact);
    return m;
}

CompactMap CompactMap::fromCompactText(QByteArray text)
{
    CompactMap m;
    if (text.size() > 2) // "{}" is the empty map
        m.m_text = std::move(text);
    return m;
}

QJsonObject CompactMap::toJson() const
{
    return m_text.isEmpty() ? QJsonObject() : QJsonDocument::fromJson(m_text).object();
}

QVariantMap CompactMap::toMap() const
{
    return toJson().toVariantMap();
}

QVariant CompactMap::value(const QString &key, const QVariant &defaultValue) const
{
    const QJsonValue v = toJson().value(key);
    return v.isUndefined() ? defaultValue : v.toVariant();
}

void CompactMap::insert(const QString &key, const QVariant &value)
{
    QVariantMap map = toMap();
    map.insert(key, value);
    *this = map;
}

QString Measurement::key() const
{
    // QVariantMap iterates in key order, so the parameter list is canonical.
    QStringList p;
    for (auto it = params.cbegin(); it != params.cend(); ++it)
        p.append(it.key() + QLatin1Char('=') + paramText(it.value()));
    QString k = kernel + QLatin1Char('|') + dtype + QLatin1Char('|') + p.join(QLatin1Char(';')) +
                QLatin1Char('|') + (level.isEmpty() ? QStringLiteral("hbm") : level);
    if (!precision.isEmpty())
        k += QLatin1Char('|') + precision;
    return k;
}

QString ResultSet::schemaName()
{
    return kSchemaPrefix + QString::number(kSchemaVersion);
}

std::optional<Measurement> ResultSet::measurementFromJson(const QJsonObject &o, QString *error)
{
    return measurementFrom(o, error, nullptr);
}

namespace {

std::optional<Measurement> measurementFrom(const QJsonObject &o, QString *error, Strings *strings)
{
    auto shared = [strings](const QString &s) { return strings ? (*strings)(s) : s; };
    try {
        Measurement m;
        m.kernel = shared(string(o, QStringLiteral("kernel"), QStringLiteral("kernel"), true));
        m.dtype = shared(string(o, QStringLiteral("dtype"), QStringLiteral("dtype"), false));
        m.params = variantMap(object(o, QStringLiteral("params"), QStringLiteral("params"), false), strings);
        m.flops = *number(o, QStringLiteral("flops"), QStringLiteral("flops"), true);
        m.bytes = *number(o, QStringLiteral("bytes"), QStringLiteral("bytes"), true);

        const QJsonObject t = object(o, QStringLiteral("time_s"), QStringLiteral("time_s"), true);
        m.time.median = *number(t, QStringLiteral("median"), QStringLiteral("time_s.median"), true, true);
        m.time.min =
            number(t, QStringLiteral("min"), QStringLiteral("time_s.min"), false).value_or(m.time.median);
        m.time.max =
            number(t, QStringLiteral("max"), QStringLiteral("time_s.max"), false).value_or(m.time.median);
        const double samples =
            number(t, QStringLiteral("samples"), QStringLiteral("time_s.samples"), false).value_or(1);
        if (samples > INT_MAX || samples != std::floor(samples))
            fail(QStringLiteral("time_s.samples"), tr("must be a whole number"));
        m.time.samples = int(samples);
        if (m.time.min > m.time.median || m.time.median > m.time.max)
            fail(QStringLiteral("time_s"), tr("min <= median <= max does not hold"));

        const QJsonObject c = object(o, QStringLiteral("check"), QStringLiteral("check"), false);
        if (!c.isEmpty()) {
            const QJsonValue ok = c.value(QLatin1String("ok"));
            if (!absent(ok) && !ok.isBool())
                fail(QStringLiteral("check.ok"), tr("must be true or false"));
            m.check.ok = ok.toBool(false);
            m.check.maxRelErr =
                number(c, QStringLiteral("max_rel_err"), QStringLiteral("check.max_rel_err"), false)
                    .value_or(0);
            m.check.reference =
                shared(string(c, QStringLiteral("reference"), QStringLiteral("check.reference"), false));
            m.check.message = string(c, QStringLiteral("message"), QStringLiteral("check.message"), false);
        }
        m.resources =
            CompactMap::fromJson(object(o, QStringLiteral("resources"), QStringLiteral("resources"), false));
        m.predictedTimeS =
            number(o, QStringLiteral("predicted_time_s"), QStringLiteral("predicted_time_s"), false);
        m.clockMhz = number(o, QStringLiteral("clock_mhz"), QStringLiteral("clock_mhz"), false).value_or(0);
        m.startedAtS =
            number(o, QStringLiteral("started_at_s"), QStringLiteral("started_at_s"), false).value_or(0);
        m.source = shared(string(o, QStringLiteral("source"), QStringLiteral("source"), false));
        m.level = shared(string(o, QStringLiteral("level"), QStringLiteral("level"), false));
        m.precision = shared(string(o, QStringLiteral("precision"), QStringLiteral("precision"), false));

        m.extra =
            unknownKeys(o, {"kernel", "params", "dtype", "flops", "bytes", "time_s", "check", "resources",
                            "predicted_time_s", "clock_mhz", "started_at_s", "source", "level", "precision"});
        // Unknown fields inside the nested objects are kept under the same key in extra;
        // toJson() writes the known fields over them.
        const QJsonObject tRest = unknownKeys(t, {"median", "min", "max", "samples"});
        if (!tRest.isEmpty())
            m.extra.insert(QStringLiteral("time_s"), tRest);
        // A check object whose known fields are all defaults is remembered in extra, so that the
        // next save writes it again; one with a value says so itself (toJson writes it then).
        const QJsonObject cRest = unknownKeys(c, {"ok", "max_rel_err", "reference", "message"});
        if (!cRest.isEmpty() || (o.value(QLatin1String("check")).isObject() && !hasCheck(m.check)))
            m.extra.insert(QStringLiteral("check"), cRest);
        return m;
    } catch (const FieldError &e) {
        if (error)
            *error = tr("\"%1\" %2").arg(e.field, e.message);
        return std::nullopt;
    }
}

} // namespace

namespace {

// A table keyed by bytes that it keeps a copy of, hashed by the standard library (Qt's qHash of a
// QByteArray is several times slower, and a big file makes millions of lookups).
template <typename T> class ByteTable
{
public:
    const T *find(QByteArrayView key) const
    {
        const auto it = m_map.find(std::string_view(key.data(), size_t(key.size())));
        return it == m_map.end() ? nullptr : &it->second;
    }
    // Stops taking entries at `limit`: a file of unique values would only grow it.
    void insert(QByteArrayView key, const T &value, qsizetype limit)
    {
        if (qsizetype(m_map.size()) >= limit)
            return;
        m_keys.push_back(key.toByteArray()); // its bytes stay where they are
        const QByteArray &k = m_keys.back();
        m_map.emplace(std::string_view(k.constData(), size_t(k.size())), value);
    }

private:
    std::deque<QByteArray> m_keys;
    std::unordered_map<std::string_view, T> m_map;
};

// Strings by their bytes (ASCII): the same few names and values come back in every entry, so a
// hit costs a lookup and no allocation.
class ByteStrings
{
public:
    QString operator()(QByteArrayView s)
    {
        if (s.isEmpty())
            return {};
        if (const QString *seen = m_seen.find(s))
            return *seen;
        QString text = QString::fromLatin1(s);
        m_seen.insert(s, text, kMaxSeen);
        return text;
    }

private:
    static constexpr qsizetype kMaxSeen = 1 << 16;
    ByteTable<QString> m_seen;
};

// One entry of "measurements" read straight from its bytes into a Measurement, with no document
// tree and no QJsonObject for it: the entries RoofLab writes (strings without escapes or
// non-ASCII bytes, params and resources of numbers, strings and booleans, time_s and check with
// their own fields only, every value valid). Anything else, a wrong entry above all, makes
// read() return nullopt, and the entry goes to measurementFrom, which alone decides what an entry
// means and what is wrong with it; this path only has to give the same Measurement for the
// entries it takes (tst_resultset compares the two on a generated file).
class EntryReader
{
public:
    explicit EntryReader(ByteStrings *strings) : m_strings(*strings) {}

    std::optional<Measurement> read(QByteArrayView bytes)
    {
        m_p = bytes.data();
        m_end = m_p + bytes.size();
        try {
            return entry();
        } catch (const Bail &) {
            return std::nullopt;
        }
    }

private:
    struct Bail
    {
    };
    [[noreturn]] static void bail() { throw Bail{}; }

    enum Key : unsigned {
        Kernel,
        Params,
        Dtype,
        Flops,
        Bytes,
        Time,
        CheckKey,
        Resources,
        Predicted,
        Clock,
        Started,
        Source,
        Level,
        Precision,
        Unknown
    };
    static Key keyOf(QByteArrayView k)
    {
        static const char *const names[] = {
            "kernel",    "params",           "dtype",     "flops",        "bytes",  "time_s", "check",
            "resources", "predicted_time_s", "clock_mhz", "started_at_s", "source", "level",  "precision"};
        for (unsigned i = 0; i < Unknown; ++i)
            if (k == QByteArrayView(names[i]))
                return Key(i);
        return Unknown;
    }

    std::optional<Measurement> entry()
    {
        Measurement m;
        unsigned seen = 0;
        bool checkObject = false;
        object([&](QByteArrayView key) {
            const Key k = keyOf(key);
            if (k != Unknown) {
                if (seen & (1u << k))
                    bail(); // a repeated key: Qt's parser decides which one counts
                seen |= 1u << k;
            }
            switch (k) {
            case Kernel:
                m.kernel = string();
                break;
            case Dtype:
                m.dtype = string();
                break;
            case Source:
                m.source = string();
                break;
            case Level:
                m.level = string();
                break;
            case Precision:
                m.precision = string();
                break;
            case Flops:
                m.flops = number();
                break;
            case Bytes:
                m.bytes = number();
                break;
            case Predicted:
                m.predictedTimeS = number();
                break;
            case Clock:
                m.clockMhz = number();
                break;
            case Started:
                m.startedAtS = number();
                break;
            case Params:
                m.params = params();
                break;
            case Resources:
                m.resources = compactMap();
                break;
            case Time:
                time(&m.time);
                break;
            case CheckKey:
                check(&m.check);
                checkObject = true;
                break;
            case Unknown: {
                const QString name = m_strings(key);
                if (name.isEmpty() || m.extra.contains(name))
                    bail();
                m.extra.insert(name, jsonValue());
                break;
            }
            }
        });
        skipSpace();
        if (m_p != m_end)
            bail();
        // What measurementFrom requires; a kernel of spaces only is its error to give.
        const unsigned required = (1u << Kernel) | (1u << Flops) | (1u << Bytes) | (1u << Time);
        if ((seen & required) != required || m.kernel.trimmed().isEmpty() || !(m.time.median > 0))
            bail();
        if (checkObject && !hasCheck(m.check))
            m.extra.insert(QStringLiteral("check"), QJsonObject());
        return m;
    }

    // ---- JSON pieces; each bails on anything it does not take
    void skipSpace()
    {
        while (m_p < m_end && (*m_p == ' ' || *m_p == '\n' || *m_p == '\r' || *m_p == '\t'))
            ++m_p;
    }
    bool accept(char c)
    {
        skipSpace();
        if (m_p < m_end && *m_p == c) {
            ++m_p;
            return true;
        }
        return false;
    }
    void expect(char c)
    {
        if (!accept(c))
            bail();
    }

    // {"key": value, ...}: `member(key)` reads each value.
    template <typename Member> void object(Member member)
    {
        expect('{');
        if (accept('}'))
            return;
        for (;;) {
            skipSpace();
            const QByteArrayView key = rawString();
            expect(':');
            skipSpace();
            member(key);
            if (accept(','))
                continue;
            expect('}');
            return;
        }
    }

    // A string of printable ASCII without escapes, its bytes between the quotes.
    QByteArrayView rawString()
    {
        if (m_p >= m_end || *m_p != '"')
            bail();
        const char *start = ++m_p;
        while (m_p < m_end && *m_p != '"') {
            const auto c = static_cast<unsigned char>(*m_p);
            if (c < 0x20 || c >= 0x80 || c == '\\')
                bail();
            ++m_p;
        }
        if (m_p >= m_end)
            bail();
        return QByteArrayView(start, m_p++ - start);
    }
    QString string() { return m_strings(rawString()); }

    struct Number
    {
        double d = 0;
        // Qt's parser keeps a number as an integer when it is written as one and fits a qint64
        // (exactly), or when its double is integral and within qint64 (76.0, 1e3);
        // QJsonValue::toVariant then gives a qlonglong.
        bool integer = false;
        qint64 i = 0;
    };
    // A number as JSON writes it (RFC 8259), read as Qt's parser reads it.
    Number rawNumber()
    {
        const char *start = m_p;
        auto digits = [this] {
            const char *from = m_p;
            while (m_p < m_end && *m_p >= '0' && *m_p <= '9')
                ++m_p;
            return m_p - from;
        };
        if (m_p < m_end && *m_p == '-')
            ++m_p;
        const char *intStart = m_p;
        const auto intDigits = digits();
        if (intDigits == 0 || (intDigits > 1 && *intStart == '0'))
            bail();
        bool written = true; // as an integer
        if (m_p < m_end && *m_p == '.') {
            ++m_p;
            written = false;
            if (digits() == 0)
                bail();
        }
        if (m_p < m_end && (*m_p == 'e' || *m_p == 'E')) {
            ++m_p;
            written = false;
            if (m_p < m_end && (*m_p == '+' || *m_p == '-'))
                ++m_p;
            if (digits() == 0)
                bail();
        }
        Number n;
        if (written) {
            const auto r = std::from_chars(start, m_p, n.i);
            if (r.ec == std::errc() && r.ptr == m_p) {
                n.integer = true;
                n.d = double(n.i);
                return n;
            }
        }
        const auto r = std::from_chars(start, m_p, n.d);
        if (r.ec != std::errc() || r.ptr != m_p || !std::isfinite(n.d))
            bail();
        n.integer = n.d == std::floor(n.d) && n.d >= -9223372036854775808.0 && n.d < 9223372036854775808.0;
        n.i = n.integer ? qint64(n.d) : 0;
        return n;
    }
    // A field measurementFrom reads with number(): finite and not negative.
    double number()
    {
        const double d = rawNumber().d;
        if (!(d >= 0))
            bail();
        return d;
    }
    bool boolean()
    {
        auto word = [this](QByteArrayView w) {
            if (m_end - m_p >= w.size() && QByteArrayView(m_p, w.size()) == w) {
                m_p += w.size();
                return true;
            }
            return false;
        };
        if (word("true"))
            return true;
        if (word("false"))
            return false;
        bail();
    }

    // params and resources: scalar values only, as QJsonValue::toVariant gives them.
    QVariantMap map()
    {
        QVariantMap out;
        object([&](QByteArrayView key) {
            const QString name = m_strings(key);
            if (name.isEmpty() || out.contains(name))
                bail();
            QVariant v;
            if (m_p < m_end && *m_p == '"') {
                v = string();
            } else if (m_p < m_end && (*m_p == 't' || *m_p == 'f')) {
                v = boolean();
            } else {
                const Number n = rawNumber();
                v = n.integer ? QVariant(qlonglong(n.i)) : QVariant(n.d);
            }
            out.insert(name, v);
        });
        return out;
    }
    // resources: the same scalars as map() takes, written again as compact JSON (the numbers as
    // the file writes them, so that Qt reads them as it would have read the file).
    CompactMap compactMap()
    {
        QByteArray text;
        text.reserve(160);
        text += '{';
        QVarLengthArray<QByteArrayView, 16> keys;
        object([&](QByteArrayView key) {
            if (key.isEmpty() || std::find(keys.cbegin(), keys.cend(), key) != keys.cend())
                bail(); // a repeated name: Qt's parser decides which value counts
            keys.append(key);
            if (text.size() > 1)
                text += ',';
            text += '"';
            text += key;
            text += "\":";
            const char *start = m_p;
            if (m_p < m_end && *m_p == '"')
                (void)rawString();
            else if (m_p < m_end && (*m_p == 't' || *m_p == 'f'))
                (void)boolean();
            else
                (void)rawNumber();
            text += QByteArrayView(start, m_p - start);
        });
        text += '}';
        text.squeeze();
        return CompactMap::fromCompactText(std::move(text));
    }

    // A sweep repeats its configurations: the same params text gives one shared map.
    QVariantMap params()
    {
        const char *start = m_p;
        if (m_p < m_end && *m_p == '{') {
            skipContainer();
            if (const QVariantMap *seen = m_params.find(QByteArrayView(start, m_p - start)))
                return *seen; // the same bytes read before
            m_p = start;
        }
        QVariantMap out = map();
        m_params.insert(QByteArrayView(start, m_p - start), out, kMaxParams);
        return out;
    }

    void time(TimeStats *t)
    {
        std::optional<double> median, min, max, samples;
        object([&](QByteArrayView key) {
            std::optional<double> *slot = key == QByteArrayView("median")    ? &median
                                          : key == QByteArrayView("min")     ? &min
                                          : key == QByteArrayView("max")     ? &max
                                          : key == QByteArrayView("samples") ? &samples
                                                                             : nullptr;
            if (!slot || *slot) // another field (kept in extra by measurementFrom), or repeated
                bail();
            *slot = number();
        });
        if (!median || !(*median > 0))
            bail();
        t->median = *median;
        t->min = min.value_or(*median);
        t->max = max.value_or(*median);
        const double n = samples.value_or(1);
        if (n > INT_MAX || n != std::floor(n) || t->min > t->median || t->median > t->max)
            bail();
        t->samples = int(n);
    }

    void check(Check *c)
    {
        unsigned seen = 0;
        object([&](QByteArrayView key) {
            const unsigned bit = key == QByteArrayView("ok")            ? 1
                                 : key == QByteArrayView("max_rel_err") ? 2
                                 : key == QByteArrayView("reference")   ? 4
                                 : key == QByteArrayView("message")     ? 8
                                                                        : 0;
            if (!bit || (seen & bit))
                bail();
            seen |= bit;
            if (bit == 1)
                c->ok = boolean();
            else if (bit == 2)
                c->maxRelErr = number();
            else if (bit == 4)
                c->reference = string();
            else
                c->message = QString::fromLatin1(rawString()); // seldom shared
        });
    }

    // An unknown field's value, kept in extra: scalars here, objects and arrays by Qt.
    QJsonValue jsonValue()
    {
        if (m_p >= m_end)
            bail();
        const char c = *m_p;
        if (c == '"')
            return QJsonValue(string());
        if (c == 't' || c == 'f')
            return QJsonValue(boolean());
        if (c == 'n') {
            if (m_end - m_p < 4 || QByteArrayView(m_p, 4) != QByteArrayView("null"))
                bail();
            m_p += 4;
            return QJsonValue(QJsonValue::Null);
        }
        if (c == '{' || c == '[') {
            const char *start = m_p;
            skipContainer();
            QJsonParseError e;
            const QJsonDocument doc =
                QJsonDocument::fromJson(QByteArray::fromRawData(start, m_p - start), &e);
            if (e.error != QJsonParseError::NoError)
                bail();
            return doc.isObject() ? QJsonValue(doc.object()) : QJsonValue(doc.array());
        }
        const Number n = rawNumber();
        return n.integer ? QJsonValue(n.i) : QJsonValue(n.d);
    }
    // Past the object or array at m_p (delimited only: Qt checks it).
    void skipContainer()
    {
        int depth = 0;
        while (m_p < m_end) {
            const char c = *m_p++;
            if (c == '"') {
                while (m_p < m_end && *m_p != '"')
                    m_p += *m_p == '\\' ? 2 : 1;
                if (m_p >= m_end)
                    bail();
                ++m_p;
            } else if (c == '{' || c == '[') {
                ++depth;
            } else if ((c == '}' || c == ']') && --depth == 0) {
                return;
            }
        }
        bail();
    }

    static constexpr qsizetype kMaxParams = 1 << 16;
    ByteStrings &m_strings;
    ByteTable<QVariantMap> m_params;
    const char *m_p = nullptr;
    const char *m_end = nullptr;
};

} // namespace

std::optional<MeasuredCeiling> ResultSet::ceilingFromJson(const QJsonObject &o, QString *error)
{
    try {
        MeasuredCeiling c;
        c.kind = string(o, QStringLiteral("kind"), QStringLiteral("kind"), true);
        if (c.kind == QLatin1String("memory")) {
            c.level = string(o, QStringLiteral("level"), QStringLiteral("level"), true);
            c.precision = string(o, QStringLiteral("precision"), QStringLiteral("precision"), false);
        } else if (c.kind == QLatin1String("compute")) {
            c.precision = string(o, QStringLiteral("precision"), QStringLiteral("precision"), true);
            c.level = string(o, QStringLiteral("level"), QStringLiteral("level"), false);
        } else {
            fail(QStringLiteral("kind"), tr("must be \"memory\" or \"compute\", not \"%1\"").arg(c.kind));
        }
        c.value = *number(o, QStringLiteral("value"), QStringLiteral("value"), true, true);
        const QString expected =
            c.kind == QLatin1String("memory") ? QStringLiteral("B/s") : QStringLiteral("FLOP/s");
        c.unit = string(o, QStringLiteral("unit"), QStringLiteral("unit"), false);
        if (c.unit.isEmpty())
            c.unit = expected;
        // Values are always in base units; OP/s is what integer ceilings are counted in.
        const bool unitOk =
            c.unit == expected || (c.kind == QLatin1String("compute") && c.unit == QLatin1String("OP/s"));
        if (!unitOk)
            fail(QStringLiteral("unit"), tr("must be \"%1\", not \"%2\"").arg(expected, c.unit));
        c.probe = string(o, QStringLiteral("probe"), QStringLiteral("probe"), false);
        c.clockMhz = number(o, QStringLiteral("clock_mhz"), QStringLiteral("clock_mhz"), false).value_or(0);
        c.extra = unknownKeys(o, {"kind", "level", "precision", "value", "unit", "probe", "clock_mhz"});
        return c;
    } catch (const FieldError &e) {
        if (error)
            *error = tr("\"%1\" %2").arg(e.field, e.message);
        return std::nullopt;
    }
}

QJsonObject ResultSet::toJson(const Measurement &m)
{
    QJsonObject o = m.extra;
    o.insert(QStringLiteral("kernel"), m.kernel);
    o.insert(QStringLiteral("params"), QJsonObject::fromVariantMap(m.params));
    o.insert(QStringLiteral("dtype"), m.dtype);
    o.insert(QStringLiteral("flops"), m.flops);
    o.insert(QStringLiteral("bytes"), m.bytes);
    QJsonObject t = m.extra.value(QLatin1String("time_s")).toObject();
    t.insert(QStringLiteral("median"), m.time.median);
    t.insert(QStringLiteral("min"), m.time.min);
    t.insert(QStringLiteral("max"), m.time.max);
    t.insert(QStringLiteral("samples"), m.time.samples);
    o.insert(QStringLiteral("time_s"), t);
    // An imported point has no check: leave the object out rather than write a failed one.
    if (hasCheck(m.check) || m.extra.contains(QLatin1String("check"))) {
        QJsonObject c = m.extra.value(QLatin1String("check")).toObject();
        c.insert(QStringLiteral("ok"), m.check.ok);
        c.insert(QStringLiteral("max_rel_err"), m.check.maxRelErr);
        c.insert(QStringLiteral("reference"), m.check.reference);
        if (!m.check.message.isEmpty())
            c.insert(QStringLiteral("message"), m.check.message);
        o.insert(QStringLiteral("check"), c);
    } else {
        o.remove(QStringLiteral("check"));
    }
    if (!m.resources.isEmpty())
        o.insert(QStringLiteral("resources"), m.resources.toJson());
    if (m.predictedTimeS)
        o.insert(QStringLiteral("predicted_time_s"), *m.predictedTimeS);
    if (m.clockMhz > 0)
        o.insert(QStringLiteral("clock_mhz"), m.clockMhz);
    if (m.startedAtS > 0)
        o.insert(QStringLiteral("started_at_s"), m.startedAtS);
    if (!m.source.isEmpty())
        o.insert(QStringLiteral("source"), m.source);
    if (!m.level.isEmpty())
        o.insert(QStringLiteral("level"), m.level);
    if (!m.precision.isEmpty())
        o.insert(QStringLiteral("precision"), m.precision);
    return o;
}

QJsonObject ResultSet::toJson(const MeasuredCeiling &c)
{
    QJsonObject o = c.extra;
    o.insert(QStringLiteral("kind"), c.kind);
    if (!c.level.isEmpty())
        o.insert(QStringLiteral("level"), c.level);
    if (!c.precision.isEmpty())
        o.insert(QStringLiteral("precision"), c.precision);
    o.insert(QStringLiteral("value"), c.value);
    o.insert(QStringLiteral("unit"),
             c.unit.isEmpty()
                 ? (c.kind == QLatin1String("memory") ? QStringLiteral("B/s") : QStringLiteral("FLOP/s"))
                 : c.unit);
    if (!c.probe.isEmpty())
        o.insert(QStringLiteral("probe"), c.probe);
    if (c.clockMhz > 0)
        o.insert(QStringLiteral("clock_mhz"), c.clockMhz);
    return o;
}

QJsonObject ResultSet::toJson(const DeviceInfo &d)
{
    QJsonObject o = d.extra;
    auto str = [&o](const char *key, const QString &v) {
        if (!v.isEmpty())
            o.insert(QLatin1String(key), v);
    };
    auto pos = [&o](const char *key, double v) {
        if (v > 0)
            o.insert(QLatin1String(key), v);
    };
    str("name", d.name);
    str("cc", d.cc);
    pos("sms", d.sms);
    pos("clock_mhz", d.clockMhz);
    pos("mem_bus_bits", d.memBusBits);
    pos("l2_bytes", d.l2Bytes);
    str("driver", d.driver);
    str("runtime", d.runtime);
    str("spec", d.spec);
    return o;
}

DeviceInfo ResultSet::deviceFromJson(const QJsonObject &o, QStringList *warnings)
{
    // A bad device field costs only that field: the measurements are still worth showing.
    DeviceInfo d;
    auto field = [&](const char *key, auto parse) {
        try {
            parse(QString::fromLatin1(key));
        } catch (const FieldError &e) {
            if (warnings)
                warnings->append(tr("device: \"%1\" %2; ignored").arg(e.field, e.message));
        }
    };
    auto integer = [&o](const QString &key) {
        const double v = number(o, key, key, false).value_or(0);
        if (v > INT_MAX || v != std::floor(v))
            fail(key, tr("must be a whole number"));
        return int(v);
    };
    field("name", [&](const QString &k) { d.name = string(o, k, k, false); });
    field("cc", [&](const QString &k) { d.cc = string(o, k, k, false); });
    field("sms", [&](const QString &k) { d.sms = integer(k); });
    field("clock_mhz", [&](const QString &k) { d.clockMhz = number(o, k, k, false).value_or(0); });
    field("mem_bus_bits", [&](const QString &k) { d.memBusBits = integer(k); });
    field("l2_bytes", [&](const QString &k) { d.l2Bytes = number(o, k, k, false).value_or(0); });
    field("driver", [&](const QString &k) { d.driver = string(o, k, k, false); });
    field("runtime", [&](const QString &k) { d.runtime = string(o, k, k, false); });
    field("spec", [&](const QString &k) { d.spec = string(o, k, k, false); });
    d.extra = unknownKeys(
        o, {"name", "cc", "sms", "clock_mhz", "mem_bus_bits", "l2_bytes", "driver", "runtime", "spec"});
    return d;
}

namespace {

QString parseErrorText(QJsonParseError::ParseError code)
{
    QJsonParseError e;
    e.error = code;
    return e.errorString(); // Qt's own (translated) words, as a whole-document parse gives them
}

// Reads a results document from a device in pieces: the top level is walked here, each value
// under it (and each entry of "measurements") is cut out as it arrives and parsed by
// QJsonDocument on its own. Qt does the JSON; this only finds where one value ends, so the
// bytes held at any time are one block and one entry, not the file and its document tree.
class StreamReader
{
public:
    struct Error
    {
        QString message;
    };

    StreamReader(QIODevice &in, const ResultSet::ReadOptions &options, qint64 total)
        : m_in(in), m_options(options), m_total(total)
    {
    }

    // The top-level object's values but "measurements", and the entries of "measurements"
    // handed to `entry` one by one, in order. Throws Error.
    // `fast(i, bytes)` is offered each entry's bytes first; when it returns false the entry is
    // parsed by Qt and handed to `entry`. `start()` is called at each "measurements" key: a
    // repeated key replaces what the one before gave, as in Qt's parse of the whole document.
    template <typename Start, typename Fast, typename Entry>
    QJsonObject readTop(Start start, Fast fast, Entry entry)
    {
        QJsonObject top;
        skipSpace();
        if (peek() != '{')
            throw Error{notAnObject()};
        ++m_pos;
        bool first = true;
        for (;;) {
            skipSpace();
            if (peek() == '}' && first) {
                ++m_pos;
                break;
            }
            if (peek() != '"')
                fail(first ? QJsonParseError::UnterminatedObject : QJsonParseError::MissingObject);
            if (top.size() >= kMaxTopKeys)
                throw Error{tr("has more than %1 fields at its top level, more than a results file has, %2")
                                .arg(kMaxTopKeys)
                                .arg(where(m_pos))};
            const QString key = readKey();
            skipSpace();
            if (peek() != ':')
                fail(QJsonParseError::MissingNameSeparator);
            ++m_pos;
            skipSpace();
            if (key == QLatin1String("measurements"))
                start();
            if (key == QLatin1String("measurements") && peek() == '[') {
                readArray(fast, entry);
                top.insert(key, QJsonArray()); // present: the caller knows it was an array
            } else {
                top.insert(key, parseValue());
            }
            skipSpace();
            const int c = peek();
            ++m_pos;
            if (c == ',') {
                first = false;
                continue;
            }
            if (c == '}')
                break;
            --m_pos;
            fail(QJsonParseError::UnterminatedObject);
        }
        skipSpace();
        if (peek() != -1)
            fail(QJsonParseError::GarbageAtEnd);
        progress(true);
        return top;
    }

private:
    // ---- the buffer: m_buf holds the file from offset m_dropped on
    int peek()
    {
        if (m_pos >= m_buf.size() && !fill())
            return -1;
        return static_cast<unsigned char>(m_buf.at(m_pos));
    }

    // Reads the next block; false at the end of the data.
    bool fill()
    {
        while (!m_eof) {
            // What is consumed goes before more is read, once it is worth the move.
            if (m_start > kBlock / 2) {
                countLines(m_start);
                m_buf.remove(0, m_start);
                m_pos -= m_start;
                m_dropped += m_start;
                m_start = 0;
            }
            const qsizetype had = m_buf.size();
            const qsizetype want = nextRead();
            m_buf.resize(had + want);
            const qint64 n = m_in.read(m_buf.data() + had, want);
            m_buf.resize(had + std::max<qint64>(n, 0));
            if (n < 0)
                throw Error{tr("cannot be read: %1").arg(m_in.errorString())};
            if (n > 0) {
                m_read += n;
                if (m_read > ResultSet::kMaxFileBytes)
                    throw Error{tooLarge(m_read)};
                progress(false);
                return true;
            }
            // A pipe may have more later; a file at its end has not.
            if (!m_in.isSequential() || m_in.atEnd() || !m_in.waitForReadyRead(30000))
                m_eof = true;
        }
        return false;
    }

    // A block, or less when less is coming: a small document in memory (a fuzz input, a
    // worker's line) or what a pipe has ready is read without a 1 MiB buffer.
    qsizetype nextRead() const
    {
        const qint64 left = m_in.isSequential() ? std::max<qint64>(m_in.bytesAvailable(), 4096)
                                                : std::max<qint64>(m_total - m_read, 0) + 1;
        return qsizetype(std::min<qint64>(left, kBlock));
    }

    void progress(bool done)
    {
        if (!m_options.progress)
            return;
        if (!done && m_read - m_reported < kReport)
            return;
        m_reported = m_read;
        if (!m_options.progress(m_read, m_total))
            throw Error{tr("reading was cancelled")};
    }

    // Between values nothing before m_pos is needed: space is consumed as it is read, so a
    // file of blanks costs one block, not its size.
    void skipSpace()
    {
        for (int c = peek(); c == ' ' || c == '\n' || c == '\r' || c == '\t'; c = peek())
            m_start = ++m_pos;
    }

    // The end of the value that starts at m_pos (exclusive), reading on as needed; the value
    // is not checked here, only delimited (strings with their escapes, nested brackets).
    // Positions are kept relative to m_pos: reading more may move the buffer's contents.
    qsizetype valueEnd()
    {
        qsizetype r = 0; // m_pos + r is the byte looked at
        auto at = [this, &r]() -> int {
            while (m_pos + r >= m_buf.size())
                if (!fill())
                    return -1;
            return static_cast<unsigned char>(m_buf.at(m_pos + r));
        };
        auto skipString = [&] {
            ++r; // the opening quote
            for (;;) {
                // a tight scan for the next quote or backslash in what is loaded
                const char *b = m_buf.constData() + m_pos;
                const qsizetype loaded = m_buf.size() - m_pos;
                while (r < loaded && b[r] != '"' && b[r] != '\\' && static_cast<unsigned char>(b[r]) >= 0x20)
                    ++r;
                const int c = at();
                if (c == -1)
                    failAt(m_pos + r, QJsonParseError::UnterminatedString);
                if (c < 0x20) // JSON has no raw line breaks or control characters in a string
                    failAt(m_pos + r, QJsonParseError::IllegalValue);
                if (c != '"' && c != '\\') {
                    checkSize(r);
                    continue; // the end of what was loaded, not of the string
                }
                ++r;
                if (c == '"')
                    return;
                if (at() == -1) // the escaped character
                    failAt(m_pos + r, QJsonParseError::UnterminatedString);
                ++r;
            }
        };
        const int first = at();
        if (first == '"') {
            skipString();
            return m_pos + r;
        }
        if (first == '{' || first == '[') {
            int depth = 0;
            for (;;) {
                const int c = at();
                if (c == -1)
                    failAt(m_pos + r, first == '{' ? QJsonParseError::UnterminatedObject
                                                   : QJsonParseError::UnterminatedArray);
                if (c == '"') {
                    skipString();
                    checkSize(r);
                    continue;
                }
                ++r;
                if (c == '{' || c == '[') {
                    if (++depth > kMaxDepth)
                        throw Error{
                            tr("nests objects and lists deeper than %1 levels, more than a results file "
                               "has, %2")
                                .arg(kMaxDepth)
                                .arg(where(m_pos + r - 1))};
                } else if ((c == '}' || c == ']') && --depth == 0) {
                    return m_pos + r;
                }
                if ((r & 0xffff) == 0)
                    checkSize(r);
            }
        }
        // A number, true, false or null: up to the next delimiter.
        for (int c = at();
             c != -1 && c != ',' && c != ']' && c != '}' && c != ' ' && c != '\n' && c != '\r' && c != '\t';
             c = at())
            if ((++r & 0xffff) == 0)
                checkSize(r);
        if (r == 0)
            failAt(m_pos, QJsonParseError::IllegalValue);
        return m_pos + r;
    }

    // The value at m_pos, parsed by Qt; its errors are placed in the file.
    QJsonValue parseValue()
    {
        const qsizetype end = valueEnd();
        const QByteArray bytes = QByteArray::fromRawData(m_buf.constData() + m_pos, end - m_pos);
        const bool container = bytes.startsWith('{') || bytes.startsWith('[');
        QJsonParseError e;
        QJsonDocument doc;
        if (container) {
            doc = QJsonDocument::fromJson(bytes, &e);
        } else {
            doc = QJsonDocument::fromJson('[' + bytes + ']', &e);
            e.offset = std::max(0, e.offset - 1);
        }
        if (e.error != QJsonParseError::NoError)
            failAt(m_pos + e.offset, e.error, e.errorString());
        m_pos = end;
        m_start = m_pos; // everything before is done with
        if (!container)
            return doc.array().at(0);
        return doc.isObject() ? QJsonValue(doc.object()) : QJsonValue(doc.array());
    }

    QString readKey()
    {
        const QJsonValue v = parseValue();
        if (!v.isString())
            fail(QJsonParseError::IllegalValue);
        return v.toString();
    }

    template <typename Fast, typename Entry> void readArray(Fast fast, Entry entry)
    {
        ++m_pos; // [
        skipSpace();
        if (peek() == ']') {
            ++m_pos;
            return;
        }
        for (qsizetype i = 0;; ++i) {
            skipSpace();
            const qsizetype end = valueEnd();
            if (fast(i, QByteArrayView(m_buf.constData() + m_pos, end - m_pos))) {
                m_pos = end;
                m_start = m_pos;
            } else {
                entry(i, parseValue());
            }
            skipSpace();
            const int c = peek();
            ++m_pos;
            if (c == ',')
                continue;
            if (c == ']')
                return;
            --m_pos;
            fail(c == -1 ? QJsonParseError::UnterminatedArray : QJsonParseError::MissingValueSeparator);
        }
    }

    // ---- errors, with the line and column of the file
    [[noreturn]] void fail(QJsonParseError::ParseError code) { failAt(m_pos, code); }

    [[noreturn]] void failAt(qsizetype bufferPos, QJsonParseError::ParseError code, const QString &text = {})
    {
        throw Error{tr("is not valid JSON: %1 %2")
                        .arg(text.isEmpty() ? parseErrorText(code) : text, where(bufferPos))};
    }

    // "at line L, column C (offset O)" for a position in m_buf.
    QString where(qsizetype bufferPos)
    {
        bufferPos = std::clamp<qsizetype>(bufferPos, 0, m_buf.size());
        countLines(0); // nothing more is dropped: count what is still here up to the error
        const QByteArray before = QByteArray::fromRawData(m_buf.constData(), bufferPos);
        const qint64 line = m_lines + before.count('\n') + 1;
        const qsizetype nl = before.lastIndexOf('\n');
        const qint64 lineStart = nl >= 0 ? m_dropped + nl + 1 : m_lineStart;
        const qint64 offset = m_dropped + bufferPos;
        return tr("at line %1, column %2 (offset %3)").arg(line).arg(offset - lineStart + 1).arg(offset);
    }

    // One value (an entry of "measurements", or a top-level field) is held whole while it is
    // parsed: past kMaxValueBytes it is refused instead of reading on to the end of the file.
    void checkSize(qsizetype valueBytes)
    {
        if (valueBytes > kMaxValueBytes)
            throw Error{
                tr("has a value of more than %1 MiB, the most one entry or field of a results file may "
                   "hold, starting %2")
                    .arg(kMaxValueBytes >> 20)
                    .arg(where(m_pos))};
    }

    // Lines in m_buf[0, upTo) (about to be dropped), for the line numbers of later errors.
    void countLines(qsizetype upTo)
    {
        if (upTo <= 0)
            return;
        const QByteArray part = QByteArray::fromRawData(m_buf.constData(), upTo);
        m_lines += part.count('\n');
        const qsizetype nl = part.lastIndexOf('\n');
        if (nl >= 0)
            m_lineStart = m_dropped + nl + 1;
    }

    // Not an object at the top: Qt says why (not JSON at all, or JSON of another shape), from
    // the block already read: a file that is wrong at its first byte is not read to its end.
    QString notAnObject()
    {
        while (m_buf.size() - m_pos < kSniffBytes && fill()) {
        }
        const QByteArray head = m_buf.mid(m_pos, kSniffBytes);
        QJsonParseError e;
        QJsonDocument::fromJson(head, &e);
        const bool cutShort = head.size() == kSniffBytes && e.offset >= head.size() - 1; // at the cut
        if (e.error != QJsonParseError::NoError && !cutShort)
            failAt(m_pos + e.offset, e.error, e.errorString());
        return tr("is not a RoofLab results file (the top level is not a JSON object)");
    }

public:
    static QString tooLarge(qint64 bytes)
    {
        const QString size = bytes >= (1ll << 30) ? tr("%1 GiB").arg(bytes / double(1ll << 30), 0, 'f', 2)
                                                  : tr("%1 MiB").arg(bytes / 1048576.0, 0, 'f', 1);
        return tr("is %1; results files larger than %2 GiB are refused")
            .arg(size)
            .arg(ResultSet::kMaxFileBytes >> 30);
    }

private:
    static constexpr qsizetype kBlock = 1 << 20; // tests/fuzz/differential.h pads inputs past it
    static constexpr qint64 kReport = 1 << 20;
    // One value held whole while it is parsed (an entry of "measurements", a top-level field),
    // and how deep objects and lists may nest: a results entry is a few hundred bytes, 4 deep.
    static constexpr qsizetype kMaxValueBytes = 64 << 20;
    static constexpr int kMaxDepth = 64;
    static constexpr qsizetype kSniffBytes = 64 << 10; // what says why a file is not an object
    static constexpr qsizetype kMaxTopKeys = 4096;
    QIODevice &m_in;
    const ResultSet::ReadOptions &m_options;
    qint64 m_total = 0;
    QByteArray m_buf;
    qsizetype m_pos = 0;    // next byte to look at
    qsizetype m_start = 0;  // bytes before this are consumed
    qint64 m_dropped = 0;   // file offset of m_buf[0]
    qint64 m_lines = 0;     // line breaks before m_buf[0]
    qint64 m_lineStart = 0; // file offset where the line holding m_buf[0] starts
    qint64 m_read = 0;
    qint64 m_reported = 0;
    bool m_eof = false;
};

} // namespace

std::optional<ResultSet> ResultSet::fromJson(const QByteArray &json, QString *error, QStringList *warnings)
{
    QBuffer buffer;
    buffer.setData(json);
    buffer.open(QIODevice::ReadOnly);
    return read(buffer, error, warnings);
}

std::optional<ResultSet> ResultSet::read(QIODevice &in, QString *error, QStringList *warnings,
                                         const ReadOptions &options)
{
    auto refuse = [error](const QString &message) -> std::optional<ResultSet> {
        if (error)
            *error = message;
        return std::nullopt;
    };
    const qint64 total = in.isSequential() ? 0 : in.size();
    if (total > kMaxFileBytes)
        return refuse(StreamReader::tooLarge(total));

    ResultSet rs;
    QStringList entryWarnings; // reported only if the file turns out to be a results file
    Strings strings;
    ByteStrings bytes;
    QJsonObject top;
    try {
        StreamReader reader(in, options, total);
        EntryReader fast(&bytes);
        top = reader.readTop(
            [&] {
                rs.measurements.clear();
                entryWarnings.clear();
            },
            [&](qsizetype, QByteArrayView entry) {
                auto m = fast.read(entry);
                if (m)
                    rs.measurements.append(std::move(*m));
                return bool(m);
            },
            [&](qsizetype i, const QJsonValue &v) {
                QString why;
                const QJsonObject o = v.toObject();
                const auto m = v.isObject() ? measurementFrom(o, &why, &strings) : std::nullopt;
                if (!v.isObject())
                    why = tr("is not an object");
                if (m)
                    rs.measurements.append(*m);
                else
                    entryWarnings.append(
                        tr("measurements[%1] (kernel \"%2\"): %3; entry skipped")
                            .arg(i)
                            .arg(o.value(QLatin1String("kernel")).toString(QStringLiteral("?")), why));
            });
    } catch (const StreamReader::Error &e) {
        return refuse(e.message);
    }

    const QJsonValue schemaValue = top.value(QLatin1String("schema"));
    if (!schemaValue.isString())
        return refuse(tr("is not a RoofLab results file (no \"schema\": \"%1\")").arg(schemaName()));
    const QString schema = schemaValue.toString();
    if (!schema.startsWith(kSchemaPrefix))
        return refuse(
            tr("is not a RoofLab results file (schema \"%1\", expected \"%2\")").arg(schema, schemaName()));
    bool versionOk = false;
    const qlonglong version = QStringView(schema).mid(kSchemaPrefix.size()).toLongLong(&versionOk);
    if (!versionOk || version < 1)
        return refuse(tr("has an unknown schema \"%1\" (expected \"%2\")").arg(schema, schemaName()));
    if (version > kSchemaVersion)
        return refuse(
            tr("was written by a newer RoofLab (results schema version %1; this version reads version "
               "%2 and older): update RoofLab to open it")
                .arg(version)
                .arg(kSchemaVersion));

    auto warn = [warnings](const QString &w) {
        if (warnings)
            warnings->append(w);
    };
    const QJsonValue created = top.value(QLatin1String("created"));
    if (created.isString())
        rs.created = created.toString();
    else if (!absent(created))
        warn(tr("\"created\" must be a string; ignored"));
    const QJsonValue tool = top.value(QLatin1String("tool"));
    if (tool.isObject())
        rs.tool = tool.toObject();
    else if (!absent(tool))
        warn(tr("\"tool\" must be an object; ignored"));
    const QJsonValue device = top.value(QLatin1String("device"));
    if (device.isObject())
        rs.device = deviceFromJson(device.toObject(), warnings);
    else if (!absent(device))
        warn(tr("\"device\" must be an object; ignored"));

    const QJsonValue ceilingsValue = top.value(QLatin1String("ceilings"));
    if (!ceilingsValue.isArray() && !absent(ceilingsValue))
        warn(tr("\"%1\" must be an array; ignored").arg(QLatin1String("ceilings")));
    const QJsonArray ceilings = ceilingsValue.toArray();
    for (qsizetype i = 0; i < ceilings.size(); ++i) {
        const QJsonObject o = ceilings.at(i).toObject();
        QString why;
        const auto c = ceilings.at(i).isObject() ? ceilingFromJson(o, &why) : std::nullopt;
        if (!ceilings.at(i).isObject())
            why = tr("is not an object");
        if (c)
            rs.ceilings.append(*c);
        else
            warn(tr("ceilings[%1] (%2 %3): %4; entry skipped")
                     .arg(i)
                     .arg(o.value(QLatin1String("kind")).toString(QStringLiteral("?")),
                          o.value(QLatin1String(o.value(QLatin1String("kind")).toString() ==
                                                        QLatin1String("memory")
                                                    ? "level"
                                                    : "precision"))
                              .toString(),
                          why));
    }
    const QJsonValue measurements = top.value(QLatin1String("measurements"));
    if (!measurements.isArray() && !absent(measurements))
        warn(tr("\"%1\" must be an array; ignored").arg(QLatin1String("measurements")));
    if (warnings)
        warnings->append(entryWarnings);
    rs.extra = unknownKeys(top, {"schema", "created", "tool", "device", "ceilings", "measurements"});
    return rs;
}

std::optional<ResultSet> ResultSet::load(const QString &path, QString *error, QStringList *warnings,
                                         const ReadOptions &options)
{
    auto refuse = [&](const QString &message) -> std::optional<ResultSet> {
        if (error)
            *error = QStringLiteral("%1: %2").arg(path, message);
        return std::nullopt;
    };
    QFile f(path);
    // Checked before reading, so a huge file costs nothing; the reader counts the bytes as
    // well because a pipe or a growing file reports no useful size.
    if (f.size() > kMaxFileBytes)
        return refuse(StreamReader::tooLarge(f.size()));
    if (QFileInfo(path).isDir())
        return refuse(tr("is a folder, not a results file"));
    if (!f.open(QIODevice::ReadOnly))
        return refuse(tr("cannot be opened: %1").arg(f.errorString()));
    QString why;
    auto rs = read(f, &why, warnings, options);
    if (!rs)
        return refuse(why);
    return rs;
}

QJsonObject ResultSet::toJson() const
{
    QJsonObject o = extra;
    o.insert(QStringLiteral("schema"), schemaName());
    if (!created.isEmpty())
        o.insert(QStringLiteral("created"), created);
    if (!tool.isEmpty())
        o.insert(QStringLiteral("tool"), tool);
    const QJsonObject d = toJson(device);
    if (!d.isEmpty())
        o.insert(QStringLiteral("device"), d);
    QJsonArray cs;
    for (const MeasuredCeiling &c : ceilings)
        cs.append(toJson(c));
    o.insert(QStringLiteral("ceilings"), cs);
    QJsonArray ms;
    for (const Measurement &m : measurements)
        ms.append(toJson(m));
    o.insert(QStringLiteral("measurements"), ms);
    return o;
}

bool ResultSet::save(const QString &path, QString *error) const
{
    auto failed = [&](const QString &message) {
        if (error)
            *error = QStringLiteral("%1: %2").arg(path, message);
        return false;
    };
    const QByteArray data = QJsonDocument(toJson()).toJson(QJsonDocument::Indented);
    // QSaveFile writes a temporary file next to the target and renames it over the target
    // only after every byte is written, so a failed save leaves the old file as it was.
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        return failed(tr("cannot be written: %1").arg(f.errorString()));
    if (f.write(data) != data.size()) {
        const QString why = f.errorString();
        f.cancelWriting();
        return failed(tr("cannot be written: %1").arg(why));
    }
    if (!f.commit())
        return failed(tr("cannot be written: %1").arg(f.errorString()));
    return true;
}

QStringList ResultSet::csvHeader()
{
    return {
        QStringLiteral("kernel"), QStringLiteral("dtype"), QStringLiteral("params"), QStringLiteral("flops"),
        QStringLiteral("bytes"), QStringLiteral("ai"), QStringLiteral("median_s"), QStringLiteral("min_s"),
        QStringLiteral("max_s"), QStringLiteral("samples"), QStringLiteral("flop_per_s"),
        QStringLiteral("bytes_per_s"), QStringLiteral("check_ok"), QStringLiteral("max_rel_err"),
        QStringLiteral("reference"), QStringLiteral("predicted_time_s"), QStringLiteral("clock_mhz"),
        QStringLiteral("source"), QStringLiteral("level"), QStringLiteral("precision"),
        // Nsight Compute counters (run --profile), empty without them.
        QStringLiteral("dram_bytes"), QStringLiteral("l2_bytes"), QStringLiteral("l1_bytes"),
        QStringLiteral("smem_bytes"), QStringLiteral("smem_bank_conflicts"), QStringLiteral("occupancy_pct"),
        QStringLiteral("issue_active_pct"), QStringLiteral("profile_clock_mhz")};
}

QStringList ResultSet::csvRow(const Measurement &m)
{
    QStringList params;
    for (auto it = m.params.cbegin(); it != m.params.cend(); ++it)
        params.append(it.key() + QLatin1Char('=') + paramText(it.value()));
    const bool checked = hasCheck(m.check);
    const auto counters = ProfileCounters::of(m);
    auto counter = [&counters](std::optional<double> (ProfileCounters::*get)() const) {
        const auto v = counters ? ((*counters).*get)() : std::nullopt;
        return v ? num(*v) : QString();
    };
    return {m.kernel,
            m.dtype,
            params.join(QLatin1Char(';')),
            num(m.flops),
            num(m.bytes),
            num(m.ai()),
            num(m.time.median),
            num(m.time.min),
            num(m.time.max),
            QString::number(m.time.samples),
            num(m.flopPerS()),
            num(m.bytesPerS()),
            checked ? (m.check.ok ? QStringLiteral("true") : QStringLiteral("false")) : QString(),
            checked ? num(m.check.maxRelErr) : QString(),
            m.check.reference,
            m.predictedTimeS ? num(*m.predictedTimeS) : QString(),
            m.clockMhz > 0 ? num(m.clockMhz) : QString(),
            m.source,
            m.level,
            m.precision,
            counter(&ProfileCounters::dramBytes),
            counter(&ProfileCounters::l2Bytes),
            counter(&ProfileCounters::l1Bytes),
            counter(&ProfileCounters::smemBytes),
            counter(&ProfileCounters::smemBankConflicts),
            counter(&ProfileCounters::occupancyPct),
            counter(&ProfileCounters::issueActivePct),
            counter(&ProfileCounters::smClockMhz)};
}

QString ResultSet::toCsv() const
{
    // RFC 4180: CRLF line ends, fields with commas, quotes or line breaks quoted.
    auto line = [](const QStringList &cells) {
        QStringList quoted;
        quoted.reserve(cells.size());
        for (const QString &c : cells)
            quoted.append(csvField(c));
        return quoted.join(QLatin1Char(',')) + QStringLiteral("\r\n");
    };
    QString out = line(csvHeader());
    for (const Measurement &m : measurements)
        out += line(csvRow(m));
    return out;
}

} // namespace model
