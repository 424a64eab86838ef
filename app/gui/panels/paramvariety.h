#pragma once

#include <QHash>
#include <QString>
#include <QStringList>
#include <QVariantMap>

// What tells the rows of one kernel apart: among the parameters whose values differ between its
// rows, the ones where a row has other than the most common value (in a tie, the first row's),
// e.g. "BM=64 M=2048". Rows of different parameters always read apart; the rows with the most
// common set read as the kernel's name alone. An import's launch id ("ncu_id") says nothing and
// is left out. The results table and the Kernels view both name their rows with it.
class ParamVariety
{
public:
    // Counts one row; true when the text of rows counted before may have changed (precise: only
    // when it did, at the cost of working out the common values again).
    bool add(const QString &kernel, const QVariantMap &params, bool precise);
    // "" when nothing sets the row apart.
    QString text(const QString &kernel, const QVariantMap &params) const;
    void clear();

private:
    struct Kernel
    {
        QVariantMap first; // the parameters of the kernel's first row
        QStringList keys;  // those that differ in some later row, sorted
        int rows = 0;
        QHash<QString, QHash<QString, int>> counts; // varying key -> value text -> rows
        mutable QHash<QString, QString> common;     // varying key -> its most common value text
        mutable bool commonStale = true;
    };
    static QString valueText(const QVariantMap &params, const QString &key); // "—" when absent
    static const QHash<QString, QString> &commonOf(const Kernel &v);

    QHash<QString, Kernel> m_kernels;
};
