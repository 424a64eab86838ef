#pragma once

#include <QColor>
#include <QList>
#include <QString>
#include <QWidget>

// The M axis under the decode-vs-prefill slider, on the same log scale: powers of two, the
// slider's M, and one coloured mark per weight format at the M where its GEMM reaches the
// ridge (left of a mark the format sits on the slope, right of it under its roof).
class TokenRuler : public QWidget
{
    Q_OBJECT

public:
    struct Mark
    {
        QString label; // "W4A16"
        QColor color;
        double tokens = 0; // M
    };

    explicit TokenRuler(QWidget *parent = nullptr);

    void setRange(double minTokens, double maxTokens);
    void setTokens(double m);
    double tokens() const { return m_tokens; }
    // Marks outside the range are drawn as an arrow at its edge with their value.
    void setMarks(const QList<Mark> &marks);
    QList<Mark> marks() const { return m_marks; }
    // Pixels kept free at each end, so the axis lines up with the slider's groove.
    void setInset(int pixels);

    // The x pixel of M (tests; the painting uses it).
    double xFor(double m) const;
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent *event) override;

private:
    static constexpr int kLabelRows = 4;

    double m_min = 1;
    double m_max = 16384;
    double m_tokens = 1;
    int m_inset = 8;
    QList<Mark> m_marks;
};
