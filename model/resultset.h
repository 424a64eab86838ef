#pragma once

#include <QJsonObject>
#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>
#include <QVariantMap>

#include <functional>
#include <optional>

class QIODevice;

namespace model {

// One measured (or imported) ceiling: a memory level in B/s or a precision in FLOP/s.
struct MeasuredCeiling
{
    QString kind;      // "memory" or "compute"
    QString level;     // memory: "hbm", "l2", "smem"; empty for compute
    QString precision; // compute: "fp32", "bf16_tc", ...; empty for memory
    double value = 0;  // B/s or FLOP/s
    QString unit;      // "B/s" or "FLOP/s"
    QString probe;     // which probe measured it ("copy", "fma_fp32", "cudaMemcpyAsync", ...) or "datasheet"
    double clockMhz = 0; // SM clock measured during the probe (0 = unknown)
    QJsonObject extra;   // unknown fields, kept on save
};

struct TimeStats
{
    double median = 0, min = 0, max = 0; // seconds
    int samples = 0;
};

struct Check
{
    bool ok = false;
    double maxRelErr = 0;
    QString reference; // "cublas", "cpu-fp64", ...
    QString message;   // why it failed, when it did
};

// A small map of names to JSON values (a measurement's resources) kept as its compact JSON
// text: a file of 50,000 measurements holds 50,000 of them, and a QVariantMap of seven numbers
// costs about 750 bytes where the text costs about 150. Reads and writes go through a QVariantMap,
// with the types QJsonValue::toVariant gives (whole numbers qlonglong); meant for maps that
// are written once and read seldom.
class CompactMap
{
public:
    CompactMap() = default;
    CompactMap(const QVariantMap &map); // NOLINT(google-explicit-constructor): stands in for one
    CompactMap &operator=(const QVariantMap &map);
    static CompactMap fromJson(const QJsonObject &o);
    // `text` must be one JSON object, compact (tested by callers: ResultSet's reader).
    static CompactMap fromCompactText(QByteArray text);

    QVariantMap toMap() const;
    operator QVariantMap() const { return toMap(); } // NOLINT(google-explicit-constructor)
    QJsonObject toJson() const;
    QByteArray text() const { return m_text; } // empty for an empty map

    bool isEmpty() const { return m_text.isEmpty(); }
    bool contains(const QString &key) const { return toJson().contains(key); }
    QVariant value(const QString &key, const QVariant &defaultValue = {}) const;
    // Decodes, inserts and encodes again: build a QVariantMap and assign it when there are many.
    void insert(const QString &key, const QVariant &value);
    bool operator==(const CompactMap &other) const { return toJson() == other.toJson(); }

private:
    QByteArray m_text;
};

// One kernel run: what ran, how long it took, whether its output was right.
struct Measurement
{
    QString kernel;     // catalog id, e.g. "memory.copy" or "gemm.reg2d"
    QVariantMap params; // kernel parameters (sizes, tiles, variant)
    QString dtype;
    double flops = 0;
    double bytes = 0; // minimum algorithmic bytes (model::Workloads)
    TimeStats time;
    Check check;
    CompactMap resources; // regs, smem, blocks_per_sm, ...
    std::optional<double> predictedTimeS;
    double clockMhz = 0;   // SM clock measured around the run (0 = unknown)
    double startedAtS = 0; // seconds since the file's first measurement (replay pacing)
    QString source;        // "rooflab" or "ncu" (imported)
    QString level;         // memory level its bytes refer to ("hbm" unless imported otherwise)
    QString precision;     // roofline precision it is compared against
    QJsonObject extra;     // unknown fields, kept on save

    double ai() const { return bytes > 0 ? flops / bytes : 0; }
    double flopPerS() const { return time.median > 0 ? flops / time.median : 0; }
    double bytesPerS() const { return time.median > 0 ? bytes / time.median : 0; }
    // kernel + dtype + sorted params (+ memory level, "hbm" when empty, + precision when set):
    // what Compare matches on. Level and precision keep apart the several points that one
    // imported ncu launch gives.
    QString key() const;
};

struct DeviceInfo
{
    QString name;
    QString cc;
    int sms = 0;
    double clockMhz = 0;
    int memBusBits = 0;
    double l2Bytes = 0;
    QString driver;
    QString runtime;
    QString spec; // spec DB id it matched, if any
    QJsonObject extra;
};

// A results file (schema "rooflab.results/1"; see DESIGN.md -> Results file).
//
// Loading: a measurement needs "kernel", "flops", "bytes" and "time_s.median" (> 0); every
// number present must be finite and not negative, and min <= median <= max. An entry that
// breaks this is skipped and named in the warnings (index, kernel, field); the rest loads.
// Unknown fields (top level, device, ceilings, measurements, and inside time_s and check)
// are kept in `extra` and written again on save; known fields are written over them.
class ResultSet
{
public:
    static constexpr int kSchemaVersion = 1;
    // Larger files are refused: far above any real results file (50,000 measurements are
    // about 45 MB), low enough that a wrong file (a disk image) is not read for minutes.
    static constexpr qint64 kMaxFileBytes = 2ll * 1024 * 1024 * 1024;
    // "rooflab.results/1"
    static QString schemaName();

    QString created; // ISO 8601
    QJsonObject tool;
    DeviceInfo device;
    QList<MeasuredCeiling> ceilings;
    QList<Measurement> measurements;
    QJsonObject extra; // unknown top-level fields, kept on save

    struct ReadOptions
    {
        // Called about every MiB with the bytes read so far and the total (0: unknown), from
        // the reading thread; returning false stops the read (nullopt, *error says so).
        std::function<bool(qint64 done, qint64 total)> progress;
    };
    // Loads a file; nullopt with *error set when it cannot be used at all. Entries with bad
    // values (NaN, negative, missing fields) are skipped and listed in *warnings.
    //
    // Streaming: the measurements are parsed one at a time as the bytes arrive, so a big file
    // costs its measurements and not a document tree beside them. An entry as RoofLab writes it
    // is read straight from its bytes (no QJsonObject for it; equal params share one map), any
    // other through measurementFromJson, with the same result. Reentrant (one call per
    // thread), for reading in the background.
    static std::optional<ResultSet> load(const QString &path, QString *error, QStringList *warnings = nullptr,
                                         const ReadOptions &options = {});
    static std::optional<ResultSet> read(QIODevice &in, QString *error, QStringList *warnings = nullptr,
                                         const ReadOptions &options = {});
    static std::optional<ResultSet> fromJson(const QByteArray &json, QString *error,
                                             QStringList *warnings = nullptr);
    QJsonObject toJson() const;
    // Atomic write (QSaveFile).
    bool save(const QString &path, QString *error) const;
    // One row per measurement.
    QString toCsv() const;

    // The CSV columns and one measurement's cells (unquoted), for other exporters.
    static QStringList csvHeader();
    static QStringList csvRow(const Measurement &m);

    // One entry as in the file (also the payload of the worker's events). The *FromJson
    // functions set *error to the field and the reason, e.g. "\"flops\" must not be negative".
    static QJsonObject toJson(const Measurement &m);
    static QJsonObject toJson(const MeasuredCeiling &c);
    static QJsonObject toJson(const DeviceInfo &d);
    static std::optional<Measurement> measurementFromJson(const QJsonObject &o, QString *error);
    static std::optional<MeasuredCeiling> ceilingFromJson(const QJsonObject &o, QString *error);
    // A bad field costs only that field (named in *warnings).
    static DeviceInfo deviceFromJson(const QJsonObject &o, QStringList *warnings = nullptr);
};

} // namespace model
