#pragma once

// A sequential device (as a pipe) that gives `head`, then `count` copies of `fill`, then `tail`,
// made as they are read: a test can hand a reader gigabytes without holding them, and see how
// far the reader read before it refused (bytesRead()).

#include <QByteArray>
#include <QIODevice>

#include <algorithm>

class GeneratedDevice : public QIODevice
{
public:
    GeneratedDevice(QByteArray head, char fill, qint64 count, QByteArray tail = {})
        : m_head(std::move(head)), m_tail(std::move(tail)), m_fill(fill), m_count(count)
    {
        open(QIODevice::ReadOnly);
    }
    bool isSequential() const override { return true; }
    bool atEnd() const override { return m_pos >= total() && QIODevice::atEnd(); }
    qint64 bytesRead() const { return m_pos; }

protected:
    qint64 total() const { return m_head.size() + m_count + m_tail.size(); }
    qint64 readData(char *out, qint64 max) override
    {
        const qint64 n = std::min(max, total() - m_pos);
        for (qint64 i = 0; i < n; ++i, ++m_pos) {
            if (m_pos < m_head.size())
                out[i] = m_head[m_pos];
            else if (m_pos < m_head.size() + m_count)
                out[i] = m_fill;
            else
                out[i] = m_tail[m_pos - m_head.size() - m_count];
        }
        return n;
    }
    qint64 writeData(const char *, qint64) override { return -1; }

private:
    QByteArray m_head, m_tail;
    char m_fill;
    qint64 m_count;
    qint64 m_pos = 0;
};
