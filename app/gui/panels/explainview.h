#pragma once

#include "perfmodel.h"
#include "resultset.h"

#include <QWidget>

#include <optional>

class QLabel;
class TermBar;

// The explanation of one measurement: the performance model's terms as a bar against the
// measured time, the binding term in words, the gap, the model's notes, and per memory level
// the bytes the model predicts beside those the counters measured (when the measurement was
// profiled: "HBM: predicted 654 MiB, measured 612 MiB"). Used by the Results panel's Explain
// window.
class ExplainView : public QWidget
{
    Q_OBJECT

public:
    explicit ExplainView(QWidget *parent = nullptr);

    // `source` names where the row came from (a file, "measured in this session").
    void setRow(const model::Measurement &m, const model::Prediction &p, const QString &source);
    void clear();

    // "bound by <words>: <the binding term's arithmetic>", for a prediction that is ok.
    static QString boundSentence(const model::Prediction &p);
    // measured / predicted - 1; nullopt without both times.
    static std::optional<double> gap(const model::Measurement &m, const model::Prediction &p);
    // ---- state for tests
    TermBar *termBar() const { return m_bar; }
    QString titleText() const;
    QString boundText() const;
    QString gapText() const;
    QString levelsText() const; // one line per level, plain text
    QString notesText() const;

protected:
    void changeEvent(QEvent *event) override;

private:
    void applyFonts();

    TermBar *m_bar = nullptr;
    QLabel *m_hint = nullptr;
    QLabel *m_title = nullptr;
    QLabel *m_bound = nullptr;
    QLabel *m_gap = nullptr;
    QLabel *m_levels = nullptr;
    QLabel *m_notes = nullptr;
    QStringList m_levelLines;
    QStringList m_noteLines;
};
