#include "panels/kernelstablemodel.h"

#include "gpu.h"
#include "panels/paramvariety.h"
#include "units.h"

#include <QFileInfo>
#include <QJsonObject>

#include <algorithm>

namespace {

QString percentText(double share)
{
    return QString::number(share * 100, 'f', share < 0.001 ? 2 : 1) + QStringLiteral(" %");
}

QString launchKey(const QString &kernel, const QString &grid, const QString &block)
{
    return kernel + QLatin1Char('\x1f') + grid + QLatin1Char('\x1f') + block;
}

// "sm__throughput.avg.pct_of_peak_sustained_elapsed" -> "sm__throughput"; display names stay.
QString percentName(const QString &metric)
{
    const qsizetype dot = metric.indexOf(QLatin1Char('.'));
    return metric.contains(QLatin1String("__")) && dot > 0 ? metric.left(dot) : metric;
}

} // namespace

KernelsTableModel::KernelsTableModel(QObject *parent) : QAbstractTableModel(parent) {}

void KernelsTableModel::clear()
{
    beginResetModel();
    m_rows.clear();
    m_rowOfTableRow.clear();
    endResetModel();
}

void KernelsTableModel::setInputs(const QList<Input> &inputs, const model::Gpu *gpu)
{
    beginResetModel();
    m_rows.clear();
    m_rowOfTableRow.clear();
    for (int order = 0; order < inputs.size(); ++order) {
        const Input &in = inputs.at(order);
        const qsizetype firstOfFile = m_rows.size();
        // The launches an ncu export lists, per kernel: the whole story for an export without
        // FLOPs, the throughput percentages for one with them.
        struct LaunchGroup
        {
            model::KernelSummary s;
            QMap<QString, double> percentSums;
            QMap<QString, int> percentCounts;
            QList<double> times;
            QString timeFrom;
        };
        QHash<QString, int> groupOf;
        QList<LaunchGroup> groups;
        double launchTotal = 0;
        if (in.launches)
            for (const model::NcuLaunchRow &l : *in.launches) {
                const QString k = launchKey(l.kernel, l.grid, l.block);
                auto it = groupOf.find(k);
                if (it == groupOf.end()) {
                    it = groupOf.insert(k, int(groups.size()));
                    LaunchGroup g;
                    g.s.kernel = l.kernel;
                    g.s.grid = l.grid;
                    g.s.block = l.block;
                    g.timeFrom = l.timeFrom;
                    groups << g;
                }
                LaunchGroup &g = groups[*it];
                ++g.s.launches;
                g.s.timeS += l.timeS;
                g.times << l.timeS;
                launchTotal += l.timeS;
                for (auto p = l.percents.cbegin(); p != l.percents.cend(); ++p) {
                    g.percentSums[p.key()] += p.value();
                    ++g.percentCounts[p.key()];
                }
            }
        auto percentsOf = [&](const QString &key) {
            QMap<QString, double> out;
            const auto it = groupOf.constFind(key);
            if (it == groupOf.cend())
                return out;
            const LaunchGroup &g = groups.at(*it);
            for (auto p = g.percentSums.cbegin(); p != g.percentSums.cend(); ++p)
                out.insert(p.key(), p.value() / std::max(1, g.percentCounts.value(p.key())));
            return out;
        };

        if (in.measurements && !in.measurements->isEmpty()) {
            for (const model::KernelSummary &s : model::summarizeKernels(*in.measurements, gpu)) {
                Row r;
                r.summary = s;
                r.file = in.file;
                for (int member : s.members) {
                    r.tableRows << in.firstRow + member;
                    const QJsonObject ncu =
                        in.measurements->at(member).extra.value(QLatin1String("ncu")).toObject();
                    const QString flops = ncu.value(QLatin1String("flops")).toString();
                    if (!flops.isEmpty() && !r.flopsFrom.contains(flops))
                        r.flopsFrom << flops;
                    QString bytes = ncu.value(QLatin1String("bytes")).toString();
                    if (!bytes.isEmpty()) {
                        const QString level = in.measurements->at(member).level;
                        const QString def = ncu.value(QLatin1String("level_definition")).toString();
                        bytes =
                            (level.isEmpty() ? QString() : model::levelLabel(level) + QStringLiteral(": ")) +
                            bytes + (def.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(def));
                        if (!r.bytesFrom.contains(bytes))
                            r.bytesFrom << bytes;
                    }
                    if (r.timeFrom.isEmpty())
                        r.timeFrom = ncu.value(QLatin1String("time")).toString();
                }
                std::sort(r.tableRows.begin(), r.tableRows.end());
                if (!s.members.isEmpty())
                    r.params = in.measurements->at(s.members.first()).params;
                r.percents = percentsOf(launchKey(s.kernel, s.grid, s.block));
                m_rows << r;
            }
        } else {
            for (LaunchGroup &g : groups) {
                Row r;
                r.summary = g.s;
                r.summary.share = launchTotal > 0 ? g.s.timeS / launchTotal : 0;
                std::sort(g.times.begin(), g.times.end());
                if (!g.times.isEmpty()) {
                    r.summary.launchTime.min = g.times.first();
                    r.summary.launchTime.max = g.times.last();
                    r.summary.launchTime.median = g.times.at(g.times.size() / 2);
                    r.summary.launchTime.samples = int(g.times.size());
                }
                r.file = in.file;
                r.timeFrom = g.timeFrom;
                r.percents = percentsOf(launchKey(g.s.kernel, g.s.grid, g.s.block));
                m_rows << r;
            }
        }
        // A file's kernels together, the most time first: its shares add up to 100 % there.
        for (qsizetype i = firstOfFile; i < m_rows.size(); ++i)
            m_rows[i].fileOrder = order;
        std::stable_sort(m_rows.begin() + firstOfFile, m_rows.end(),
                         [](const Row &a, const Row &b) { return a.summary.timeS > b.summary.timeS; });
    }
    for (int i = 0; i < m_rows.size(); ++i)
        for (int t : std::as_const(m_rows[i].tableRows))
            m_rowOfTableRow.insert(t, i);
    // Seventeen rows of gemm.reg2d read apart by what differs between them.
    ParamVariety variety;
    for (const Row &r : std::as_const(m_rows))
        if (!r.tableRows.isEmpty())
            variety.add(r.summary.kernel, r.params, false);
    for (Row &r : m_rows)
        if (!r.tableRows.isEmpty())
            r.detail = variety.text(r.summary.kernel, r.params);
    endResetModel();
}

QList<int> KernelsTableModel::tableRows(int row) const
{
    return row >= 0 && row < m_rows.size() ? m_rows.at(row).tableRows : QList<int>();
}

int KernelsTableModel::rowOfTableRow(int tableRow) const
{
    return m_rowOfTableRow.value(tableRow, -1);
}

QString KernelsTableModel::fullName(int row) const
{
    return m_rows.at(row).summary.kernel;
}

double KernelsTableModel::share(int row) const
{
    return m_rows.at(row).summary.share;
}

QString KernelsTableModel::derivation(int row) const
{
    const Row &r = m_rows.at(row);
    QStringList lines;
    for (const QString &f : r.flopsFrom)
        lines << tr("FLOPs: %1").arg(f);
    for (const QString &b : r.bytesFrom)
        lines << tr("bytes, %1").arg(b);
    if (!r.timeFrom.isEmpty())
        lines << tr("time: %1").arg(r.timeFrom);
    return lines.join(QLatin1Char('\n'));
}

int KernelsTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int KernelsTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant KernelsTableModel::display(const Row &r, int column) const
{
    const model::KernelSummary &s = r.summary;
    auto ai = [&s](const char *level) -> QVariant {
        const auto it = s.aiByLevel.constFind(QLatin1String(level));
        return it == s.aiByLevel.cend() ? QVariant(QStringLiteral("—"))
                                        : QVariant(QString::number(*it, 'g', 3));
    };
    switch (column) {
    case Kernel: {
        const QString name = model::shortKernelName(s.kernel, 36);
        return r.detail.isEmpty() ? name : name + QStringLiteral(" · ") + r.detail;
    }
    case Grid:
        return s.grid;
    case Block:
        return s.block;
    case Launches:
        return s.launches;
    case Time:
        return model::formatSeconds(s.timeS);
    case Share:
        return percentText(s.share);
    case FlopPerS:
        return s.flopPerS > 0 ? model::formatSi(s.flopPerS, QStringLiteral("FLOP/s")) : QStringLiteral("—");
    case AiHbm:
        return ai("hbm");
    case AiL2:
        return ai("l2");
    case AiL1:
        return ai("l1");
    case Bound:
        return s.bound;
    case Throughput: {
        QStringList parts;
        for (auto it = r.percents.cbegin(); it != r.percents.cend(); ++it)
            parts << QStringLiteral("%1 %2 %").arg(percentName(it.key())).arg(it.value(), 0, 'f', 0);
        return parts.join(QStringLiteral(" · "));
    }
    case Derivation: {
        if (r.flopsFrom.isEmpty() && r.bytesFrom.isEmpty())
            return r.tableRows.isEmpty() ? tr("no FLOP counts in the export") : QString();
        QString first = r.flopsFrom.isEmpty() ? r.bytesFrom.value(0) : r.flopsFrom.first();
        return first;
    }
    case Source:
        return r.file.isEmpty() ? tr("this session") : QFileInfo(r.file).fileName();
    }
    return {};
}

QVariant KernelsTableModel::sortValue(const Row &r, int column) const
{
    const model::KernelSummary &s = r.summary;
    switch (column) {
    case Launches:
        return s.launches;
    case Time:
        return s.timeS;
    case Share:
        return s.share;
    case FlopPerS:
        return s.flopPerS;
    case AiHbm:
        return s.aiByLevel.value(QStringLiteral("hbm"), -1);
    case AiL2:
        return s.aiByLevel.value(QStringLiteral("l2"), -1);
    case AiL1:
        return s.aiByLevel.value(QStringLiteral("l1"), -1);
    default:
        return display(r, column).toString().toLower();
    }
}

QString KernelsTableModel::toolTip(const Row &r, int column) const
{
    const model::KernelSummary &s = r.summary;
    switch (column) {
    case Kernel:
        return s.kernel; // the full name, template arguments and all
    case Time:
    case Launches:
        return tr("%n launch(es): %1 in all; per launch min %2, median %3, max %4", nullptr, s.launches)
            .arg(model::formatSeconds(s.timeS), model::formatSeconds(s.launchTime.min),
                 model::formatSeconds(s.launchTime.median), model::formatSeconds(s.launchTime.max));
    case Share:
        return tr("%1 of the time of every launch in %2")
            .arg(percentText(s.share), QFileInfo(r.file).fileName());
    case FlopPerS:
        return s.precision.isEmpty()
                   ? tr("no FLOPs counted")
                   : tr("%1 FLOPs over the kernel's time").arg(model::precisionLabel(s.precision));
    case Throughput: {
        QStringList lines;
        for (auto it = r.percents.cbegin(); it != r.percents.cend(); ++it)
            lines << QStringLiteral("%1: %2 %").arg(it.key()).arg(it.value(), 0, 'f', 1);
        return lines.isEmpty()
                   ? QString()
                   : tr("mean over the launches, % of peak:\n%1").arg(lines.join(QLatin1Char('\n')));
    }
    case Derivation:
    case AiHbm:
    case AiL2:
    case AiL1:
    case Bound: {
        const int row = int(&r - m_rows.constData());
        return derivation(row);
    }
    case Source:
        return r.file.isEmpty() ? tr("measured in this session") : r.file;
    }
    return {};
}

QVariant KernelsTableModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Row &r = m_rows.at(index.row());
    switch (role) {
    case Qt::DisplayRole:
        return display(r, index.column());
    case Qt::ToolTipRole:
        return toolTip(r, index.column());
    case Qt::TextAlignmentRole:
        if (index.column() >= Share && index.column() <= AiL1)
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        return QVariant::fromValue(Qt::AlignLeft | Qt::AlignVCenter);
    case SortRole:
        return sortValue(r, index.column());
    case ShareRole:
        return r.summary.share;
    case FileRole:
        return r.file;
    case FileOrderRole:
        return r.fileOrder;
    }
    return {};
}

QVariant KernelsTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal)
        return {};
    if (role == Qt::ToolTipRole && section == Share)
        return tr(
            "share of the time of every launch in the kernel's own file (a profile is one application)");
    if (role != Qt::DisplayRole)
        return {};
    switch (section) {
    case Kernel:
        return tr("Kernel");
    case Grid:
        return tr("Grid");
    case Block:
        return tr("Block");
    case Launches:
        return tr("Launches");
    case Time:
        return tr("Total time");
    case Share:
        return tr("Share of file");
    case FlopPerS:
        return tr("FLOP/s");
    case AiHbm:
        return tr("AI HBM");
    case AiL2:
        return tr("AI L2");
    case AiL1:
        return tr("AI L1");
    case Bound:
        return tr("Bound");
    case Throughput:
        return tr("Throughput");
    case Derivation:
        return tr("Derived from");
    case Source:
        return tr("File");
    }
    return {};
}
