#pragma once

// The byte-level pieces of the Nsight Compute CSV import (model::NcuImport): a streaming CSV
// record splitter, ncu's units, and numbers written with any locale's separators.

#include <QByteArray>
#include <QByteArrayView>
#include <QString>

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace model::ncucsv {

// One CSV record: every field's bytes (UTF-8, quotes removed) in one buffer, so a record of 200
// fields costs two allocations that are reused for the next record.
struct Record
{
    std::string buffer;
    std::vector<int> ends; // end offset of each field in buffer (a record is under kMaxRecordBytes)
    qint64 line = 0;       // line of the record's first character (1-based; a file may pass 2 GB)

    int size() const { return int(ends.size()); }
    QByteArrayView field(int i) const
    {
        if (i < 0 || i >= size())
            return {};
        const int begin = i == 0 ? 0 : ends[size_t(i - 1)];
        return QByteArrayView(buffer.data() + begin, ends[size_t(i)] - begin);
    }
    QString text(int i) const { return QString::fromUtf8(field(i)); }
    void clear()
    {
        buffer.clear();
        ends.clear();
    }
};

// RFC 4180 records fed in chunks of any size (a record may span chunks). Quoted fields may hold
// commas, quotes and line breaks. Lenient: text after a closing quote is kept, a quote left open
// runs to the end. Lines starting "==WORD==" (ncu's own messages, interleaved with the CSV when
// both go to one stream) are handed to onToolLine instead. A UTF-8 BOM is skipped; CR is ignored.
class RecordSplitter
{
public:
    // What one record may hold. ncu's widest export (--set full --page raw) has about 2,000
    // columns and records of a few hundred KiB; the limits keep a hostile file (a header of
    // millions of empty columns, gigabytes without a line break, a quote never closed) from
    // costing more than a few times kMaxRecordBytes.
    static constexpr qsizetype kMaxRecordBytes = 16 << 20;
    static constexpr qsizetype kMaxFields = 65536;
    enum class Limit { None, RecordBytes, Fields };

    // Return false to stop: feed() then returns false and ignores the rest.
    std::function<bool(const Record &)> onRecord;
    std::function<void(const QByteArray &)> onToolLine;

    bool feed(const char *data, qsizetype size);
    bool finish(); // the last record when the input does not end with a line break
    bool unterminatedQuote() const { return m_unterminated; }
    // The line where the last quoted value opened: where a quote left open starts.
    qint64 quoteLine() const { return m_quoteLine; }
    // Set when a record passed a limit: feed() stopped there. The message names it and the line.
    Limit limitHit() const { return m_limit; }
    QString limitMessage() const;

private:
    enum class State { RecordStart, MaybeToolLine, FieldStart, Unquoted, Quoted, QuoteInQuoted };
    bool byte(char c);
    bool endRecord();
    bool endField();
    bool append(const char *data, qsizetype size);
    bool hit(Limit limit);
    void openQuote()
    {
        m_state = State::Quoted;
        m_quoteLine = m_line;
    }

    Record m_record;
    State m_state = State::RecordStart;
    QByteArray m_toolLine;
    qint64 m_line = 1;
    qint64 m_quoteLine = 0;
    Limit m_limit = Limit::None;
    bool m_started = false; // past a possible BOM
    int m_bomSeen = 0;
    bool m_unterminated = false;
    bool m_stopped = false;
};

// A unit ncu writes ("byte", "Mbyte", "usecond", "Gbyte/second", "cycle/nsecond", "inst", "%",
// "hz", "Ghz", ...): the factor to the base unit (byte, second, count, per second) and whether
// the unit is scaled (anything but ncu's base units: byte, nsecond, counts, per second). nullopt for
// a unit it does not know.
struct UnitFactor
{
    double factor = 1;
    bool scaled = false;
};
std::optional<UnitFactor> unitFactor(QByteArrayView unit);
// What a unit measures, to check a metric's unit fits its use.
enum class Dimension { None, Time, Bytes, Cycles, PerSecond, Percent, Other };
Dimension dimensionOf(QByteArrayView unit);

// The decimal mark of a file, voted by the values that show it: a value with both marks (the
// last one is decimal), one mark repeated (a group separator), or a single mark in a whole-number
// column (followed by exactly three digits it groups, otherwise it is decimal). ncu writes group
// separators in quoted values ("137,438,953,472"); some locales swap the marks.
class NumberStyle
{
public:
    void observe(QByteArrayView raw, bool integral);
    bool decided() const { return m_commaVotes + m_dotVotes > 0; }
    char decimal() const { return m_commaVotes > m_dotVotes ? ',' : '.'; }
    // nullopt for text that is not a finite number.
    std::optional<double> parse(QByteArrayView raw) const;

private:
    int m_commaVotes = 0;
    int m_dotVotes = 0;
};

// "", "n/a", "-" (any case, surrounding spaces).
bool isNotAvailable(QByteArrayView text);

} // namespace model::ncucsv
