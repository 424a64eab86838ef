#pragma once

#include "perfmodel.h"

#include <QWidget>

#include <optional>

// "Where the time goes": one horizontal bar per term of a model::Prediction (compute, issue,
// smem, l1, l2, hbm, latency, waves), all on one linear time axis from 0, the binding term
// drawn in the highlight colour, the predicted time as a dashed line and the measured time
// (when there is one) as a solid line across every bar; under the axis, the model's formula
// with the figures that give the predicted time. A small painted widget rather than a
// chart: it repaints on every slider step and follows the palette (light, dark) and the font
// (presentation mode's larger one), so it reads on a projector too.
class TermBar : public QWidget
{
    Q_OBJECT

public:
    explicit TermBar(QWidget *parent = nullptr);

    // A prediction that is not ok clears the bars and shows its reason instead.
    void setPrediction(const model::Prediction &prediction);
    void setMeasured(std::optional<double> seconds, const QString &label = {});
    void clear(const QString &why = {});

    // The term names in the model's order with their translated labels ("shared memory").
    static QString termLabel(const QString &term);
    // The binding term in a few words, for a headline ("shared-memory bandwidth").
    static QString shortWords(const model::Prediction &p);
    // What a student should know to read the bars (they are not a sum).
    static QString overlapHint();

    // ---- state for tests and screenshots
    const model::Prediction &prediction() const { return m_prediction; }
    std::optional<double> measuredS() const { return m_measured; }
    QString message() const { return m_message; }
    // How the terms combine into the predicted time, as painted under the axis (one step a line).
    QStringList formulaLines() const;
    double axisMaxS() const;
    // Where a term's bar and the markers are drawn (widget coordinates); empty / -1 when not.
    QRectF barRect(const QString &term) const;
    double xFor(double seconds) const;
    // The time axis' labels as drawn ("0", "50 µs", "100 µs": plain numbers, SI prefixes).
    QStringList tickLabels() const;
    double predictedX() const;
    double measuredX() const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;
    bool hasHeightForWidth() const override;
    int heightForWidth(int width) const override; // the legend stacks when narrow

protected:
    void paintEvent(QPaintEvent *event) override;
    bool event(QEvent *event) override; // per-bar tooltips: the term's arithmetic
    void changeEvent(QEvent *event) override;

private:
    struct Geometry
    {
        double labelW = 0; // label column
        double left = 0;   // x of 0 s
        double right = 0;  // x of axisMaxS()
        double top = 0;    // first bar row
        double row = 0;    // row pitch
        double bar = 0;    // bar thickness
    };
    Geometry geometry() const;
    static double xIn(const Geometry &g, double axisMax, double seconds);
    QList<double> tickValues(const Geometry &g) const;
    static QString tickLabel(double seconds);
    static QRectF barIn(const Geometry &g, double axisMax, int row, double seconds);
    QList<model::PerfTerm> shownTerms() const;
    int rowCount(double width) const;
    int legendRows(double width) const;
    double formulaHeight(double width) const;
    QStringList legendLabels() const;

    model::Prediction m_prediction;
    std::optional<double> m_measured;
    QString m_measuredLabel;
    QString m_message;
    mutable double m_labelW = -1; // label column and value widths for the font (-1: to measure)
    mutable double m_valueW = 0;
};
