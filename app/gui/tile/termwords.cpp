#include "tile/termwords.h"

#include <QCoreApplication>

namespace {
// The contexts these strings had when the widgets said them: the catalogue keeps them.
struct TermBarText
{
    Q_DECLARE_TR_FUNCTIONS(TermBar)
};
struct ExplainText
{
    Q_DECLARE_TR_FUNCTIONS(ExplainView)
};
} // namespace

namespace termwords {

QString termLabel(const QString &term)
{
    if (term == QLatin1String("compute"))
        return TermBarText::tr("compute");
    if (term == QLatin1String("issue"))
        return TermBarText::tr("issue");
    if (term == QLatin1String("smem"))
        return TermBarText::tr("shared mem.");
    if (term == QLatin1String("l1"))
        return TermBarText::tr("L1 / global");
    if (term == QLatin1String("l2"))
        return TermBarText::tr("L2");
    if (term == QLatin1String("hbm"))
        return TermBarText::tr("HBM");
    if (term == QLatin1String("latency"))
        return TermBarText::tr("latency");
    if (term == QLatin1String("waves"))
        return TermBarText::tr("waves, tail");
    return term;
}

QString shortWords(const model::Prediction &p)
{
    // The model words its binding term "<what>: <why>"; a headline takes the what.
    const QString w = p.boundWords.isEmpty() ? termLabel(p.bound) : p.boundWords;
    for (const QString &sep : {QStringLiteral(": "), QStringLiteral("：")})
        if (const int i = w.indexOf(sep); i > 0)
            return w.left(i);
    return w;
}

QString overlapHint()
{
    return TermBarText::tr(
        "Each bar is the time one resource would need alone. They overlap, so they do not add up: the "
        "lines under the bars show how the model combines them into the predicted time.");
}

QStringList formulaLines(const model::Prediction &p)
{
    if (!p.ok)
        return {};
    return model::formulaLines(p.formula, [](const QString &term) { return termLabel(term); });
}

QString boundSentence(const model::Prediction &p)
{
    if (!p.ok)
        return {};
    QString detail;
    for (const model::PerfTerm &t : p.terms)
        if (t.name == p.bound)
            detail = t.detail;
    const QString words = p.boundWords.isEmpty() ? termLabel(p.bound) : p.boundWords;
    return detail.isEmpty() ? ExplainText::tr("Bound by %1.").arg(words)
                            : ExplainText::tr("Bound by %1: %2").arg(words, detail);
}

} // namespace termwords
