#pragma once

#include "perfmodel.h"

#include <QString>

// The words for a prediction's terms, without a widget: the term bar, the Explain window and
// the tile session (its headline) say them alike. Their translations stay under the contexts
// they were written in ("TermBar", "ExplainView").
namespace termwords {

// A term's label ("shared mem.", "L1 / global"); unknown names as given.
QString termLabel(const QString &term);
// The binding term in a few words, for a headline ("shared-memory bandwidth").
QString shortWords(const model::Prediction &p);
// What a student should know to read the bars (each alone; the formula combines them).
QString overlapHint();
// How the terms combine into the predicted time, one line per step, in these words (the
// model's formula, model::formulaLines).
QStringList formulaLines(const model::Prediction &p);
// "Bound by <words>: <the term's arithmetic>." (empty when nothing is predicted).
QString boundSentence(const model::Prediction &p);

} // namespace termwords
