#pragma once

// The differential half of the fuzz targets: the same bytes read as a reader meets them in a file
// or a pipe, in small pieces of random sizes and shifted across the reader's read block, so
// block boundaries, buffer compaction and records split between reads are fuzzed as well. The
// target then checks that the reading does not depend on where the pieces fall.

#include <QIODevice>

#include <algorithm>
#include <cstdint>
#include <cstring>

namespace fuzz {

// The read block of the results and CSV readers (kBlock in model/resultset.cpp, kReadBlockBytes in
// model/ncuimport.cpp): kept out of their headers, which half the program includes.
constexpr qint64 kReadBlock = 1 << 20;

// A deterministic source of numbers from the input itself (libFuzzer needs a target to give the
// same result for the same input).
class Dice
{
public:
    Dice(const uint8_t *data, size_t size)
    {
        for (size_t i = 0; i < size; ++i)
            m_state = (m_state ^ data[i]) * 0x100000001b3ull; // FNV-1a
    }
    uint64_t next()
    {
        m_state ^= m_state >> 33;
        m_state *= 0xff51afd7ed558ccdull;
        m_state ^= m_state >> 33;
        return m_state;
    }
    uint64_t below(uint64_t n) { return n ? next() % n : 0; }

private:
    uint64_t m_state = 0xcbf29ce484222325ull;
};

// A sequential device (as a pipe) giving `pad` copies of `padByte` and then the data, at most a
// random small number of bytes a read. The padding is made as it is read: padding past a
// 1 MiB read block costs no 1 MiB copy of the input.
class PieceDevice : public QIODevice
{
public:
    PieceDevice(const uint8_t *data, size_t size, Dice dice, qint64 pad = 0, char padByte = ' ',
                qint64 maxPiece = 64)
        : m_data(data), m_size(qint64(size)), m_dice(dice), m_pad(pad), m_padByte(padByte),
          m_maxPiece(maxPiece)
    {
        open(QIODevice::ReadOnly | QIODevice::Unbuffered);
    }
    bool isSequential() const override { return true; }
    bool atEnd() const override { return m_pos >= m_pad + m_size; }
    qint64 bytesAvailable() const override { return m_pad + m_size - m_pos; }

protected:
    qint64 readData(char *out, qint64 max) override
    {
        qint64 n = std::min<qint64>(max, m_pad + m_size - m_pos);
        if (m_pos >= m_pad) // the padding goes in big reads, the data in small pieces
            n = std::min<qint64>(n, 1 + qint64(m_dice.below(uint64_t(m_maxPiece))));
        for (qint64 i = 0; i < n; ++i, ++m_pos)
            out[i] = m_pos < m_pad ? m_padByte : char(m_data[m_pos - m_pad]);
        return n;
    }
    qint64 writeData(const char *, qint64) override { return -1; }

private:
    const uint8_t *m_data;
    qint64 m_size;
    Dice m_dice;
    qint64 m_pad;
    char m_padByte;
    qint64 m_maxPiece;
    qint64 m_pos = 0;
};

// Padding that puts the input across a read block's end: a few bytes to a few hundred bytes of
// it fall in the first block, the rest in the next.
inline qint64 padAcross(qint64 block, Dice &dice)
{
    return block - 1 - qint64(dice.below(512));
}

// Whether this input is also read padded: one in `every`, chosen by the input (a padded read
// costs a read block of padding).
inline bool padThisOne(const uint8_t *data, size_t size, int every)
{
    Dice d(data, size);
    return d.below(uint64_t(every)) == 0;
}

} // namespace fuzz
