#include "specdb.h"

#include "paths.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QStandardPaths>

#include <cmath>
#include <limits>

namespace model {

QString SpecError::text() const
{
    return field.isEmpty() ? QStringLiteral("%1: %2").arg(file, message)
                           : QStringLiteral("%1: field \"%2\": %3").arg(file, field, message);
}

namespace {

// Thrown inside parse() only, to unwind to the one place that reports the field.
struct FieldError
{
    QString field;
    QString message;
};

// Bundled GPU files are about 10 KiB; a larger file is refused unread.
constexpr qint64 kMaxFileBytes = 1 << 20;

[[noreturn]] void fail(const QString &field, const QString &message)
{
    throw FieldError{field, message};
}

QString tr(const char *text)
{
    return QCoreApplication::translate("model::SpecDb", text);
}

double checkedNumber(const QJsonValue &v, const QString &field)
{
    if (!v.isDouble())
        fail(field, tr("must be a number"));
    const double d = v.toDouble();
    if (!std::isfinite(d))
        fail(field, tr("must be finite"));
    if (d < 0)
        fail(field, tr("must not be negative"));
    return d;
}

QString requiredString(const QJsonObject &o, const QString &key)
{
    const QJsonValue v = o.value(key);
    if (v.isUndefined() || v.isNull())
        fail(key, tr("is missing"));
    if (!v.isString() || v.toString().trimmed().isEmpty())
        fail(key, tr("must be a non-empty string"));
    return v.toString();
}

QString optionalString(const QJsonObject &o, const QString &key)
{
    const QJsonValue v = o.value(key);
    if (v.isUndefined() || v.isNull())
        return {};
    if (!v.isString())
        fail(key, tr("must be a string"));
    return v.toString();
}

// {"value": number, "source": "..."}; a source is required so every number can be traced.
Sourced sourced(const QJsonValue &v, const QString &field, bool positive = true)
{
    if (!v.isObject())
        fail(field, tr("must be an object {\"value\": number, \"source\": text}"));
    const QJsonObject o = v.toObject();
    if (!o.contains("value"))
        fail(field + ".value", tr("is missing"));
    Sourced s;
    s.value = checkedNumber(o.value("value"), field + ".value");
    if (positive && s.value <= 0)
        fail(field + ".value", tr("must be greater than zero"));
    const QJsonValue src = o.value("source");
    if (!src.isString() || src.toString().trimmed().isEmpty())
        fail(field + ".source", tr("is missing: every number needs its source"));
    s.source = src.toString();
    return s;
}

std::optional<Sourced> optionalSourced(const QJsonObject &o, const QString &key)
{
    const QJsonValue v = o.value(key);
    if (v.isUndefined() || v.isNull())
        return std::nullopt;
    return sourced(v, key);
}

QMap<QString, Sourced> sourcedMap(const QJsonObject &o, const QString &key, const QStringList &allowed,
                                  bool required)
{
    const QJsonValue v = o.value(key);
    if (v.isUndefined() || v.isNull()) {
        if (required)
            fail(key, tr("is missing"));
        return {};
    }
    if (!v.isObject())
        fail(key, tr("must be an object"));
    QMap<QString, Sourced> out;
    const QJsonObject m = v.toObject();
    for (auto it = m.begin(); it != m.end(); ++it) {
        const QString field = key + '.' + it.key();
        if (!allowed.contains(it.key()))
            fail(field, tr("unknown name (known: %1)").arg(allowed.join(", ")));
        out.insert(it.key(), sourced(it.value(), field));
    }
    return out;
}

// A whole number in [0, max], checked before it becomes an int: a file's 1e300 or a KiB count
// whose bytes pass INT_MAX is refused by name, never wrapped.
int wholeNumber(const QJsonValue &v, const QString &field, int max)
{
    const double d = checkedNumber(v, field);
    if (d != std::floor(d))
        fail(field, tr("must be a whole number"));
    if (d > max)
        fail(field, tr("must be at most %1").arg(max));
    return int(d);
}

// A limit in units of `unit` bytes (1 or 1024), its byte count within an int.
int limitInt(const QJsonObject &o, const QString &key, int unit = 1)
{
    const QString field = "sm_limits." + key;
    if (!o.contains(key))
        fail(field, tr("is missing"));
    return wholeNumber(o.value(key), field, std::numeric_limits<int>::max() / unit);
}

SmLimits parseLimits(const QJsonObject &o)
{
    SmLimits l;
    l.warpSize = limitInt(o, "warp_size");
    l.maxThreadsPerBlock = limitInt(o, "max_threads_per_block");
    l.maxThreadsPerSm = limitInt(o, "max_threads_per_sm");
    l.maxWarpsPerSm = limitInt(o, "max_warps_per_sm");
    l.maxBlocksPerSm = limitInt(o, "max_blocks_per_sm");
    l.regsPerSm = limitInt(o, "regs_per_sm");
    l.maxRegsPerBlock = limitInt(o, "max_regs_per_block");
    l.maxRegsPerThread = limitInt(o, "max_regs_per_thread");
    l.regAllocUnit = limitInt(o, "reg_alloc_unit_size");
    l.regFileSubpartitions = limitInt(o, "reg_file_subpartitions");
    l.smemPerSmBytes = limitInt(o, "smem_per_sm_max_kib", 1024) * 1024;
    l.smemPerBlockOptinBytes = limitInt(o, "smem_per_block_optin_max_kib", 1024) * 1024;
    l.smemStaticPerBlockBytes = limitInt(o, "smem_static_per_block_max_kib", 1024) * 1024;
    l.smemAllocGranularity = limitInt(o, "smem_alloc_granularity_bytes");
    l.reservedSmemPerBlock = limitInt(o, "reserved_smem_per_block_bytes");
    l.smemBanks = o.contains("smem_banks") ? limitInt(o, "smem_banks") : 32;
    const QJsonValue opts = o.value("smem_capacity_options_kib");
    if (!opts.isArray() || opts.toArray().isEmpty())
        fail("sm_limits.smem_capacity_options_kib", tr("must be a non-empty list of numbers"));
    const QJsonArray options = opts.toArray();
    for (qsizetype i = 0; i < options.size(); ++i)
        l.smemCapacityOptionsKib.append(
            wholeNumber(options.at(i), QStringLiteral("sm_limits.smem_capacity_options_kib[%1]").arg(i),
                        std::numeric_limits<int>::max() / 1024));
    if (l.warpSize <= 0 || l.maxWarpsPerSm <= 0 || l.maxBlocksPerSm <= 0 || l.regAllocUnit <= 0 ||
        l.smemAllocGranularity <= 0 || l.regFileSubpartitions <= 0)
        fail("sm_limits", tr("sizes and granularities must be greater than zero"));
    l.source = o.value("source").toString();
    return l;
}

// The dotted path of the member being read at a byte offset ("bandwidth.hbm.value"), so a
// syntax error such as a non-finite number (1e999, NaN) names its field like any other.
QString pathAtOffset(const QByteArray &json, int offset)
{
    QStringList stack;  // keys of the enclosing objects; "" for arrays
    QString lastString; // the most recent string token
    QString pendingKey; // a key whose ':' was seen and whose value is being read
    bool inString = false;
    QByteArray current;
    for (int i = 0; i < std::min<int>(offset, json.size()); ++i) {
        const char c = json[i];
        if (inString) {
            if (c == '\\') {
                ++i;
            } else if (c == '"') {
                inString = false;
                lastString = QString::fromUtf8(current);
            } else {
                current.append(c);
            }
            continue;
        }
        switch (c) {
        case '"':
            inString = true;
            current.clear();
            break;
        case ':':
            pendingKey = lastString;
            break;
        case '{':
        case '[':
            stack.append(pendingKey);
            pendingKey.clear();
            break;
        case '}':
        case ']':
            if (!stack.isEmpty())
                stack.removeLast();
            pendingKey.clear();
            break;
        case ',':
            pendingKey.clear();
            break;
        default:
            break;
        }
    }
    QStringList parts;
    for (const QString &k : stack)
        if (!k.isEmpty())
            parts.append(k);
    if (!pendingKey.isEmpty())
        parts.append(pendingKey);
    return parts.join('.');
}

} // namespace

std::optional<Gpu> SpecDb::parse(const QByteArray &json, QString *field, QString *message)
{
    QJsonParseError perr;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &perr);
    if (perr.error != QJsonParseError::NoError || !doc.isObject()) {
        const bool syntax = perr.error != QJsonParseError::NoError;
        if (field)
            *field = syntax ? pathAtOffset(json, perr.offset) : QString();
        if (message) {
            const int line = json.left(perr.offset).count('\n') + 1;
            *message = !syntax ? tr("not a JSON object")
                       : perr.error == QJsonParseError::IllegalNumber
                           ? tr("not valid JSON: the number on line %1 must be finite").arg(line)
                           : tr("not valid JSON (%1 on line %2)").arg(perr.errorString()).arg(line);
        }
        return std::nullopt;
    }
    const QJsonObject o = doc.object();
    try {
        const QString schema = requiredString(o, "schema");
        if (schema != QLatin1String("rooflab.gpu/1"))
            fail("schema", tr("unsupported schema \"%1\" (expected rooflab.gpu/1)").arg(schema));
        Gpu g;
        g.id = requiredString(o, "id");
        if (g.id.contains(QRegularExpression(QStringLiteral("[^a-z0-9._-]"))))
            fail("id", tr("may hold only lowercase letters, digits, '.', '_' and '-'"));
        g.name = requiredString(o, "name");
        g.vendor = requiredString(o, "vendor");
        g.architecture = requiredString(o, "architecture");
        g.generation = optionalString(o, "generation");
        if (g.generation.isEmpty())
            g.generation = g.architecture.section(' ', 0, 0);
        g.formFactor = optionalString(o, "form_factor");
        g.computeCapability = optionalString(o, "compute_capability");
        if (!g.computeCapability.isEmpty() &&
            !QRegularExpression(QStringLiteral("^\\d+\\.\\d+$")).match(g.computeCapability).hasMatch())
            fail("compute_capability", tr("must look like \"9.0\""));
        if (g.vendor == QLatin1String("NVIDIA") && g.computeCapability.isEmpty())
            fail("compute_capability", tr("is missing (required for NVIDIA GPUs)"));
        g.memoryType = optionalString(o, "memory_type");
        g.sms = optionalSourced(o, "sms");
        g.boostClockMhz = optionalSourced(o, "boost_clock_mhz");
        g.memoryBytes = optionalSourced(o, "memory_bytes");
        g.l2Bytes = optionalSourced(o, "l2_bytes");
        if (o.contains("tdp_w"))
            optionalSourced(o, "tdp_w"); // validated, not used by the model
        g.bandwidth = sourcedMap(o, "bandwidth", knownLevels(), true);
        if (!g.bandwidth.contains("hbm"))
            fail("bandwidth.hbm", tr("is missing: every GPU needs its main-memory bandwidth"));
        g.peaks = sourcedMap(o, "peaks", knownPrecisions(), true);
        if (g.peaks.isEmpty())
            fail("peaks", tr("needs at least one precision"));
        g.sparsePeaks = sourcedMap(o, "sparse_peaks", knownPrecisions(), false);
        const QJsonValue lim = o.value("sm_limits");
        if (lim.isObject())
            g.limits = parseLimits(lim.toObject());
        else if (!lim.isUndefined() && !lim.isNull())
            fail("sm_limits", tr("must be an object"));
        for (const QJsonValue &n : o.value("notes").toArray())
            g.notes.append(n.toString());
        return g;
    } catch (const FieldError &e) {
        if (field)
            *field = e.field;
        if (message)
            *message = e.message;
        return std::nullopt;
    }
}

bool SpecDb::loadFile(const QString &path, bool userFile)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        m_errors.append({path, {}, tr("cannot be read: %1").arg(f.errorString())});
        return false;
    }
    // A GPU file is a few KiB: one far larger is not one, and is not read whole.
    if (f.size() > kMaxFileBytes) {
        m_errors.append({path,
                         {},
                         tr("is %1 KiB; GPU files larger than %2 KiB are refused")
                             .arg(f.size() >> 10)
                             .arg(kMaxFileBytes >> 10)});
        return false;
    }
    QString field, message;
    auto gpu = parse(f.read(kMaxFileBytes), &field, &message);
    if (!gpu) {
        m_errors.append({path, field, message});
        return false;
    }
    if (find(gpu->id)) {
        m_errors.append(
            {path, QStringLiteral("id"),
             tr("duplicate id \"%1\" (already loaded from %2)").arg(gpu->id, find(gpu->id)->file)});
        return false;
    }
    gpu->file = path;
    gpu->userFile = userFile;
    m_gpus.append(*gpu);
    return true;
}

void SpecDb::loadDirectory(const QString &dir, bool userFiles)
{
    const QDir d(dir);
    const QStringList files = d.entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name);
    for (const QString &name : files)
        loadFile(d.filePath(name), userFiles);
}

bool SpecDb::add(const Gpu &gpu, QString *message)
{
    if (find(gpu.id)) {
        if (message)
            *message = tr("duplicate id \"%1\"").arg(gpu.id);
        return false;
    }
    m_gpus.append(gpu);
    return true;
}

QString SpecDb::userDirectory()
{
    QString base = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
    if (base.isEmpty())
        base = QDir::homePath() + "/.local/share/rooflab";
    return base + "/gpus";
}

SpecDb SpecDb::loadDefault()
{
    SpecDb db;
    db.loadDirectory(resourcePath("gpus"), false);
    db.loadDirectory(userDirectory(), true);
    return db;
}

const Gpu *SpecDb::find(const QString &id) const
{
    for (const Gpu &g : m_gpus)
        if (g.id == id)
            return &g;
    return nullptr;
}

QStringList SpecDb::ids() const
{
    QStringList out;
    for (const Gpu &g : m_gpus)
        out.append(g.id);
    return out;
}

} // namespace model
