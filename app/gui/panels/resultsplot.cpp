#include "panels/resultsplot.h"

#include "ceilingpolicy.h"
#include "chart/resultschart.h"
#include "chart/rooflinechart.h"
#include "kernelgroups.h"
#include "panels/deviceslots.h"
#include "panels/resultstablemodel.h"
#include "paths.h"
#include "units.h"

#include <QFileInfo>
#include <QSet>
#include <QVarLengthArray>

#include <algorithm>
#include <cmath>
#include <deque>
#include <numeric>

namespace {

QString percentText(double v)
{
    return (v < 0 ? QString(QChar(0x2212)) : QStringLiteral("+")) + QString::number(std::abs(v), 'f', 1) +
           QStringLiteral(" %");
}

QString html(const QString &s)
{
    return s.toHtmlEscaped();
}

bool isLaunch(const model::Measurement &m)
{
    return m.source == QLatin1String("ncu");
}

// One kernel (a launch, or a group of launches) across its memory levels: what joins its level
// points, and the key that finds them. Levels apart, the same kernel, dtype, precision, params.
QString unitKey(int file, const QString &kernel, const QString &dtype, const QString &precision,
                const QVariantMap &params)
{
    QString k = QString::number(file) + QLatin1Char('\x1f') + kernel + QLatin1Char('\x1f') + dtype +
                QLatin1Char('\x1f') + precision;
    for (auto it = params.cbegin(); it != params.cend(); ++it)
        k += QLatin1Char('\x1f') + it.key() + QLatin1Char('=') + it.value().toString();
    return k;
}

// Levels in the order a hierarchical roofline reads them: the label goes on the first present.
int levelOrder(const QString &level)
{
    static const QStringList order = {QStringLiteral("hbm"), QStringLiteral("l2"), QStringLiteral("l1"),
                                      QStringLiteral("smem")};
    const int i = int(order.indexOf(level.isEmpty() ? QStringLiteral("hbm") : level));
    return i < 0 ? int(order.size()) : i;
}

} // namespace

ResultsPlot::ResultsPlot(const ResultsSession *session, const ResultsTableModel *model,
                         const ResultsFilterModel *filter, RooflineChart *chart)
    : m_session(session), m_model(model), m_filter(filter), m_chart(chart)
{
}

ResultsPlot::~ResultsPlot()
{
    if (m_chart) // the chart may outlive this (a window's chart, a panel rebuilt)
        m_chart->setTooltipFunction(ResultsPlot::kGroup, nullptr);
}

QString ResultsPlot::noRoofNote(const QString &level) const
{
    const model::Gpu *roofs = roofGpu();
    if (!roofs || level.isEmpty() || level == QLatin1String("hbm") || roofs->bandwidth.contains(level))
        return {};
    return tr("no %1 roof for %2: the spec database has none and no file or sample measured one")
        .arg(html(resultschart::levelName(level, roofs->memoryType)), html(roofs->displayName()));
}

QString ResultsPlot::tooltipOf(const QString &id) const
{
    // A row's point ("result:<row>") as the last update drew it; the rows are the table's still
    // (every change of them updates the chart).
    if (!id.startsWith(QLatin1String("result:")))
        return {};
    bool ok = false;
    const int row = id.mid(7).toInt(&ok);
    if (!ok || row < 0 || row >= m_model->rowCount())
        return {};
    const model::Measurement &m = m_model->measurement(row);
    QString tip = resultschart::tooltip(m, roofGpu(), rowSource(row), m_tipExtra.value(row));
    if (isLaunch(m))
        if (const QString note = noRoofNote(m.level); !note.isEmpty())
            tip += QStringLiteral("<br>") + note;
    return tip;
}

void ResultsPlot::setGpu(const model::Gpu *gpu)
{
    if (gpu)
        m_gpu = *gpu;
    else
        m_gpu.reset();
}

void ResultsPlot::setSpecDb(const model::SpecDb *db)
{
    m_db = db;
}

void ResultsPlot::setOptions(const Options &options)
{
    m_options = options;
}

void ResultsPlot::setGrouped(bool grouped)
{
    if (grouped == m_options.grouped)
        return;
    m_options.grouped = grouped;
    update();
}

QString ResultsPlot::rowPointId(int row)
{
    return QStringLiteral("result:%1").arg(row);
}

QString ResultsPlot::rowSource(int row) const
{
    const QString file = m_model->file(row);
    return file.isEmpty() ? tr("measured in this session") : file;
}

bool ResultsPlot::rowShown(int row) const
{
    return !m_filter || m_filter->mapFromSource(m_model->index(row, 0)).isValid();
}

bool ResultsPlot::levelShown(const QString &level) const
{
    return m_options.levels.isEmpty() ||
           m_options.levels.contains(level.isEmpty() ? QStringLiteral("hbm") : level);
}

bool ResultsPlot::precisionShown(const QString &precision) const
{
    return m_options.precisions.isEmpty() || precision.isEmpty() || m_options.precisions.contains(precision);
}

QList<int> ResultsPlot::tableRowsOf(const QString &pointId) const
{
    if (const auto it = m_rowsOfPoint.constFind(pointId); it != m_rowsOfPoint.cend())
        return *it;
    // A row drawn as a point of its own is not in the table: its id names it.
    if (pointId.startsWith(QLatin1String("result:"))) {
        bool ok = false;
        const int row = QStringView(pointId).mid(7).toInt(&ok);
        if (ok && row >= 0 && row < m_ownPoint.size() && m_ownPoint.testBit(row))
            return {row};
    }
    return {};
}

QString ResultsPlot::pointIdOfTableRow(int row) const
{
    if (row >= 0 && row < m_ownPoint.size() && m_ownPoint.testBit(row))
        return rowPointId(row);
    return m_pointOfRow.value(row);
}

QList<ResultsSession::Row> ResultsPlot::rowsOf(const QString &pointId) const
{
    QList<ResultsSession::Row> out;
    for (int row : tableRowsOf(pointId))
        if (row >= 0 && row < m_rows.size())
            out << m_rows.at(row);
    return out;
}

QString ResultsPlot::pointIdOf(const ResultsSession::Row &row) const
{
    return pointIdOfTableRow(m_tableRow.value(rowKey(row), -1));
}

qint64 ResultsPlot::rowKey(const ResultsSession::Row &row)
{
    return (qint64(row.file + 1) << 32) | quint32(row.index);
}

// ---- the roofs each level is held against

QList<model::MeasuredCeiling> ResultsPlot::levelRoofs(const QSet<QString> &levels,
                                                      QList<ChartCeiling> *drawn) const
{
    QList<model::MeasuredCeiling> out;
    if (!m_gpu)
        return out;
    // The results' own measured ceilings first, then the samples measured on this GPU.
    QList<const model::ResultSet *> sets;
    for (const ResultsSession::Document &d : m_session->files())
        sets << &d.results;
    sets << &m_session->live();
    for (const QString &level : levels) {
        if (level.isEmpty() || m_gpu->bandwidth.contains(level))
            continue;
        const model::MeasuredCeiling *best = nullptr;
        for (const model::ResultSet *set : std::as_const(sets))
            for (const model::MeasuredCeiling &c : set->ceilings)
                if (c.kind == QLatin1String("memory") && c.level == level && c.value > 0 &&
                    (!best || c.value > best->value))
                    best = &c; // drawn already, with the results' other ceilings
        if (!best) {           // the ceilings the model would choose for this GPU with no file of its own
            model::CeilingRequest request;
            request.gpu = &*m_gpu;
            const model::CeilingChoice choice = model::chooseCeilings(request);
            for (const model::MeasuredCeiling &c : choice.measured)
                if (c.kind == QLatin1String("memory") && c.level == level) {
                    model::MeasuredCeiling shown = c;
                    shown.probe = tr("%1, RoofLab's samples (%2)").arg(c.probe, choice.file);
                    if (drawn)
                        *drawn << ChartCeiling{shown, 0, {}};
                    out << c;
                    break;
                }
        }
        if (best)
            out << *best;
    }
    return out;
}

// ---- building

void ResultsPlot::update()
{
    m_rows = m_session->rows();
    m_rowsOfPoint.clear();
    m_pointOfRow.clear();
    m_ownPoint.fill(false, m_rows.size());
    m_tipExtra.clear();
    m_tableRow.clear();
    m_tableRow.reserve(m_rows.size());
    for (int i = 0; i < m_rows.size(); ++i)
        m_tableRow.insert(rowKey(m_rows.at(i)), i);
    const int rowCount = int(std::min<qsizetype>(m_model->rowCount(), m_rows.size()));
    const auto &cmp = m_session->comparison();

    // Several GPUs or hosts in the results: each its own colour, like compared GPUs.
    DeviceSlots devices;
    for (int row = 0; row < rowCount; ++row)
        devices.see(m_model->measurement(row).extra);
    for (const ResultsSession::Document &d : m_session->files())
        for (const model::MeasuredCeiling &c : d.results.ceilings)
            devices.see(c.extra);
    for (const model::MeasuredCeiling &c : m_session->live().ceilings)
        devices.see(c.extra);

    // The roofs of levels the GPU's datasheet lacks (L2 where a file or the samples measured it):
    // each point is held against its own level's roof. The samples' are drawn where points need them.
    QList<ChartCeiling> sampleRoofs;
    const QList<model::MeasuredCeiling> extraRoofs =
        levelRoofs({QStringLiteral("l2"), QStringLiteral("l1"), QStringLiteral("smem")}, &sampleRoofs);
    m_roofGpu = m_gpu;
    if (m_roofGpu)
        for (const model::MeasuredCeiling &c : extraRoofs)
            m_roofGpu->bandwidth.insert(c.level, {c.value, tr("measured (%1)").arg(c.probe)});
    const model::Gpu *roofs = m_roofGpu ? &*m_roofGpu : nullptr;
    const model::Gpu *gpu = roofs;

    // Each file's time, every launch once (one ncu launch gives a point per precision and level):
    // what an imported kernel's share is of.
    QHash<int, double> fileTime;
    QHash<int, QList<int>> launchRows; // file -> its imported rows, in table order
    {
        QHash<int, QSet<QString>> seen;
        for (int row = 0; row < rowCount; ++row) {
            const model::Measurement &m = m_model->measurement(row);
            if (!isLaunch(m))
                continue;
            const int file = m_rows.at(row).file;
            launchRows[file].append(row);
            const QString id = m.kernel + QLatin1Char('\x1f') +
                               m.params.value(QStringLiteral("ncu_id")).toString() + QLatin1Char('\x1f') +
                               m.params.value(QStringLiteral("grid")).toString() +
                               m.params.value(QStringLiteral("block")).toString();
            if (!seen[file].contains(id)) {
                seen[file].insert(id);
                fileTime[file] += m.time.median;
            }
        }
    }

    // The chart's kernels: one unit per kernel (a RoofLab row; an imported launch, or a group of
    // launches), holding a point per memory level.
    struct Unit
    {
        QList<ChartPoint> points; // by level
        QList<int> rows;          // every row of every level (an own unit: none, its row is `order`)
        // per point: the figures roofShare and predictions read (a row of the table, or a
        // group's sum in `sums`)
        QList<const model::Measurement *> asMeasured;
        double share = -1;
        int order = 0;     // table order of its first row
        QString kernelKey; // the kernel apart from its precision: named once, on its main precision
        double flops = 0;
        bool own = false; // a RoofLab row, its own kernel: named from its measurement when labelled
    };
    QList<Unit> units;
    units.reserve(rowCount);
    QHash<QString, int> unitOf;
    std::deque<model::Measurement> sums; // the groups as one measurement each (stable addresses)
    QList<ChartPoint> extras;            // profiled runs' level points
    QList<ChartTrail> levelTrails;
    QSet<QString> levels; // levels with points

    auto unitFor = [&](const QString &key, int order, const QString &kernelKey, double flops) -> Unit & {
        auto it = unitOf.find(key);
        if (it == unitOf.end()) {
            it = unitOf.insert(key, int(units.size()));
            units.append(Unit());
            units.last().order = order;
            units.last().kernelKey = kernelKey;
            units.last().flops = flops;
        }
        return units[*it];
    };

    for (int row = 0; row < rowCount; ++row) {
        if (!rowShown(row))
            continue; // filtered out of the table: off the chart too
        const model::Measurement &m = m_model->measurement(row);
        if (!levelShown(m.level) || !precisionShown(m.precision))
            continue;
        const int file = m_rows.at(row).file;
        if (isLaunch(m) && m_options.grouped && file >= 0)
            continue; // drawn with its group below
        QString extra;
        if (const auto change = m_model->changePercent(row))
            extra =
                tr("median time %1 against %2%3")
                    .arg(percentText(*change), cmp ? cmp->label : QString(),
                         m_model->changeSignificant(row) ? (*change < 0 ? tr(" (faster)") : tr(" (slower)"))
                                                         : tr(" (within the noise)"));
        double share = -1;
        if (isLaunch(m) && fileTime.value(file) > 0) {
            share = m.time.median / fileTime.value(file);
            extra +=
                (extra.isEmpty() ? QString() : QStringLiteral("<br>")) +
                tr("%1 of the file's time")
                    .arg(html(QString::number(share * 100, 'f', share < 0.1 ? 2 : 1) + QStringLiteral(" %")));
        }
        if (m.flops <= 0 || m.bytes <= 0 || m.time.median <= 0)
            continue; // no point (as resultschart::pointOf)
        const QString id = rowPointId(row);
        // Its tooltip is made when hovered (tooltipOf), its name only where it is labelled.
        ChartPoint point;
        point.id = id;
        point.ai = m.ai();
        point.flopPerS = m.flopPerS();
        point.kind = ChartPoint::Kind::Measured;
        auto p = &point;
        if (devices.several())
            p->gpuIndex = devices.slotOf(m.extra);
        if (!extra.isEmpty())
            m_tipExtra.insert(row, extra);
        if (isLaunch(m)) {
            m_rowsOfPoint[id].append(row);
            m_pointOfRow.insert(row, id);
            p->label = resultschart::shortLabel(m);
            p->level = m.level.isEmpty() ? QStringLiteral("hbm") : m.level;
            p->share = share;
            levels.insert(p->level);
            QVariantMap config = m.params; // its ncu_id keeps launches apart; the name goes on one of them
            config.remove(QStringLiteral("ncu_id"));
            Unit &u = unitFor(unitKey(file, m.kernel, m.dtype, m.precision, m.params), row,
                              unitKey(file, m.kernel, {}, {}, config), m.flops);
            u.points << *p;
            u.asMeasured << &m;
            u.rows << row;
            u.share = share;
        } else {
            // Its own unit: no other row shares it, so no lookup (its id is no unit key).
            m_ownPoint.setBit(row);
            units.append(Unit());
            Unit &u = units.last();
            u.order = row;
            u.kernelKey = id;
            u.flops = m.flops;
            u.own = true;
            u.points << *p;
            u.asMeasured << &m;
            if (!m.extra.contains(QLatin1String("counters")))
                continue; // no level points (ProfileCounters::of reads them there)
            const auto lp = resultschart::levelPoints(m, QStringLiteral("levels:%1").arg(row), gpu);
            for (ChartPoint q : lp.points) {
                if (!levelShown(q.level))
                    continue;
                if (devices.several())
                    q.gpuIndex = p->gpuIndex;
                m_rowsOfPoint[q.id].append(row);
                levels.insert(q.level);
                extras << q;
            }
            for (ChartTrail t : lp.trails) {
                t.gpuIndex = p->gpuIndex;
                levelTrails << t;
            }
        }
    }

    // Imported launches, grouped: one point per kernel configuration and level, at the group's
    // FLOPs / bytes and FLOPs / time, sized by its share of the file's time.
    if (m_options.grouped) {
        for (auto f = launchRows.cbegin(); f != launchRows.cend(); ++f) {
            const QList<int> &rows = f.value();
            QList<model::Measurement> ms;
            ms.reserve(rows.size());
            for (int row : rows)
                ms << m_model->measurement(row);
            const QList<model::PointGroup> groups = model::groupMeasurements(ms);
            const QString source = rows.isEmpty() ? QString() : rowSource(rows.first());
            for (int gi = 0; gi < groups.size(); ++gi) {
                const model::PointGroup &g = groups.at(gi);
                if (!levelShown(g.level) || !precisionShown(g.precision) || g.flops <= 0 || g.bytes <= 0 ||
                    g.timeS <= 0)
                    continue;
                QList<int> members;
                bool anyShown = false;
                for (int i : g.members) {
                    members << rows.at(i);
                    anyShown |= rowShown(rows.at(i));
                }
                if (!anyShown)
                    continue;
                const model::Measurement &first = ms.at(g.members.first());
                sums.push_back(first); // the group as one measurement: roofs, predictions
                model::Measurement &sum = sums.back();
                sum.flops = g.flops;
                sum.bytes = g.bytes;
                sum.time = {g.timeS, g.timeS, g.timeS, g.launches};
                sum.params = g.params;
                ChartPoint p;
                p.id = QStringLiteral("group:%1:%2").arg(f.key()).arg(gi);
                p.kind = ChartPoint::Kind::Measured;
                p.ai = g.ai();
                p.flopPerS = g.flopPerS();
                p.level = g.level;
                p.share = g.share;
                p.label = resultschart::shortLabel(first);
                p.tooltip = groupTooltip(g, first, gpu, source);
                if (devices.several())
                    p.gpuIndex = devices.slotOf(first.extra);
                levels.insert(p.level);
                for (int row : members) {
                    m_rowsOfPoint[p.id].append(row);
                    m_pointOfRow.insert(row, p.id);
                }
                Unit &u = unitFor(unitKey(f.key(), g.kernel, g.dtype, g.precision, g.params), members.first(),
                                  unitKey(f.key(), g.kernel, {}, {}, g.params), g.flops);
                u.points << p;
                u.asMeasured << &sum;
                u.rows << members;
                u.share = g.share;
            }
        }
    }

    // Labels: the kernels taking the most time first (imported), then RoofLab's rows in table
    // order; past kMaxLabels the name is in the tooltip only, so a chart of thousands stays legible.
    // One name per kernel: on the precision doing most of its work (a GEMM's tensor point, not
    // its epilogue's; expanded, its launch with the most), so a kernel of 400 launches is named once.
    QHash<QString, int> mainOf; // kernelKey -> unit
    QList<int> byWeight;
    for (int i = 0; i < units.size(); ++i) {
        if (units.at(i).own) {
            byWeight << i; // its kernel key is its own
            continue;
        }
        auto it = mainOf.find(units.at(i).kernelKey);
        if (it == mainOf.end())
            mainOf.insert(units.at(i).kernelKey, i);
        else if (units.at(i).flops > units.at(*it).flops)
            *it = i;
    }
    byWeight << mainOf.values();
    std::sort(byWeight.begin(), byWeight.end(), [&units](int a, int b) {
        const Unit &x = units.at(a), &y = units.at(b);
        return x.share != y.share ? x.share > y.share : x.order < y.order;
    });
    const QSet<int> labelled(byWeight.cbegin(),
                             byWeight.cbegin() + std::min<qsizetype>(byWeight.size(), kMaxLabels));

    QList<ChartPoint> points;
    QList<ChartTrail> links;
    QHash<QString, int> predictedAt; // (intensity, precision, level) -> index in points
    QHash<int, QStringList> predictedFor;
    QHash<QString, int> baseline; // key -> first index in the comparison file
    if (cmp)
        for (int i = 0; i < cmp->results.measurements.size(); ++i)
            if (const QString k = cmp->results.measurements.at(i).key(); !baseline.contains(k))
                baseline.insert(k, i); // the first, as ResultsTableModel matches
    // Hollow predicted points for every kernel on a chart of a readable size, for the labelled
    // ones on a larger one.
    const bool allPredicted = units.size() <= kMaxLabels * 10;

    points.reserve(units.size() + extras.size());
    for (int ui = 0; ui < units.size(); ++ui) {
        Unit &u = units[ui];
        const bool named = labelled.contains(ui);
        // Levels in reading order; the kernel's name on the first, the join through all.
        QVarLengthArray<int, 4> order(u.points.size());
        std::iota(order.begin(), order.end(), 0);
        std::stable_sort(order.begin(), order.end(), [&u](int a, int b) {
            return levelOrder(u.points.at(a).level) < levelOrder(u.points.at(b).level);
        });
        ChartTrail join;
        join.kind = ChartPoint::Kind::Measured;
        join.style = ChartTrail::Style::Levels;
        QVarLengthArray<std::pair<double, QPointF>, 4> byAi;
        for (int k = 0; k < order.size(); ++k) {
            ChartPoint p = u.points.at(order.at(k));
            const model::Measurement &m = *u.asMeasured.at(order.at(k));
            if (k > 0 || !named)
                p.label.clear();
            else if (u.own)
                p.label = resultschart::shortLabel(m);
            if (u.points.size() > 1) // every level point leads to all of the kernel's rows
                m_rowsOfPoint.insert(p.id, u.rows);
            // Against its own level's roof: the tooltip's share line uses the roofs with measured levels.
            if (!p.tooltip.isEmpty()) // a group's; a row's is made when hovered, with the same note
                if (const QString note = noRoofNote(p.level); !note.isEmpty())
                    p.tooltip += QStringLiteral("<br>") + note;
            join.gpuIndex = p.gpuIndex;
            byAi.append({p.ai, QPointF(p.ai, p.flopPerS)});
            points << p;
            if (roofs && (allPredicted || named)) {
                if (const auto s = resultschart::roofShare(*roofs, m); s && s->roof.flopPerS > 0) {
                    const QString key =
                        QStringLiteral("%1|%2|%3").arg(s->ai, 0, 'g', 6).arg(s->precision, s->level);
                    auto it = predictedAt.find(key);
                    if (it == predictedAt.end()) {
                        ChartPoint pp;
                        pp.id = QStringLiteral("predicted:%1").arg(predictedAt.size());
                        pp.ai = s->ai;
                        pp.flopPerS = s->roof.flopPerS;
                        pp.kind = ChartPoint::Kind::Predicted;
                        pp.level = p.level;
                        pp.gpuIndex = p.gpuIndex;
                        pp.tooltip =
                            tr("<b>Predicted</b>: %1 at %2 FLOP/B on %3 (%4)")
                                .arg(model::formatSi(s->roof.flopPerS, QStringLiteral("FLOP/s")),
                                     QString::number(s->ai, 'g', 3), roofs->displayName().toHtmlEscaped(),
                                     s->roof.bound == model::Bound::Memory
                                         ? s->roofName + tr(", memory-bound")
                                         : s->roofName + tr(", compute-bound"));
                        it = predictedAt.insert(key, int(points.size()));
                        points << pp;
                    }
                    QStringList &names = predictedFor[*it];
                    if (names.size() < 6)
                        names << resultschart::shortLabel(m).toHtmlEscaped();
                    else if (names.size() == 6)
                        names << QStringLiteral("…");
                }
            }
            if (cmp && (u.own || u.rows.size() == 1)) {
                const auto b = baseline.constFind(m.key());
                if (b != baseline.cend()) {
                    const model::Measurement &bm = cmp->results.measurements.at(*b);
                    if (bm.flops > 0 && bm.bytes > 0 && bm.time.median > 0) {
                        ChartTrail t;
                        t.id = QStringLiteral("link:%1").arg(u.own ? u.order : u.rows.first());
                        t.points = {QPointF(bm.ai(), bm.flopPerS()), QPointF(p.ai, p.flopPerS)};
                        t.kind = ChartPoint::Kind::Measured;
                        t.gpuIndex = -1;
                        links << t;
                    }
                }
            }
        }
        if (byAi.size() > 1) {
            std::sort(byAi.begin(), byAi.end(),
                      [](const auto &a, const auto &b) { return a.first < b.first; });
            join.id = QStringLiteral("join:%1").arg(ui);
            for (const auto &[ai, pt] : byAi)
                join.points << pt;
            levelTrails << join;
        }
    }
    for (auto it = predictedFor.cbegin(); it != predictedFor.cend(); ++it)
        points[it.key()].tooltip +=
            QStringLiteral("<br>") + tr("for: %1").arg(it.value().join(QStringLiteral(", ")));
    points << extras;

    QList<ChartPoint> comparePoints;
    if (cmp) {
        for (int i = 0; i < cmp->results.measurements.size(); ++i) {
            const model::Measurement &m = cmp->results.measurements.at(i);
            if (!levelShown(m.level) || !precisionShown(m.precision))
                continue;
            auto p = resultschart::measuredPoint(m, QStringLiteral("compare:%1").arg(i), roofs, cmp->path);
            if (!p)
                continue;
            p->gpuIndex = -1; // grey: the other file
            p->label.clear();
            if (isLaunch(m))
                p->level = m.level.isEmpty() ? QStringLiteral("hbm") : m.level;
            comparePoints << *p;
        }
    }

    QList<ChartCeiling> ceilings;
    const int cap = 24 * std::clamp(devices.count(), 1, 4); // a readable chart, even with 8 GPUs
    auto addCeilings = [&ceilings, &devices, cap](const QList<model::MeasuredCeiling> &cs) {
        for (const model::MeasuredCeiling &c : cs)
            if (c.probe != QLatin1String("datasheet") && c.value > 0 && ceilings.size() < cap)
                ceilings << ChartCeiling{
                    c, devices.several() ? devices.slotOf(c.extra) : 0,
                    devices.several()
                        ? tr("%1: measured %2 %3")
                              .arg(DeviceSlots::nameOf(c.extra),
                                   c.kind == QLatin1String("memory") ? c.level.toUpper() : c.precision,
                                   model::formatSi(c.value, c.unit))
                        : QString()};
    };
    for (const ResultsSession::Document &d : m_session->files()) {
        // A file measured on one other GPU than the chart's: its roofs are that GPU's, not
        // this one's, and are not drawn as if they were (its points still are, in its colour).
        const bool other = m_gpu && !devices.several() && !d.results.device.name.isEmpty() &&
                           !model::measuredOn(d.results.device, *m_gpu);
        if (!other)
            addCeilings(d.results.ceilings);
    }
    addCeilings(m_session->live().ceilings);
    for (const ChartCeiling &c : std::as_const(sampleRoofs))
        if (levels.contains(c.ceiling.level))
            ceilings << c;

    m_chart->setUpdatesSuspended(true);
    m_chart->setTooltipFunction(ResultsPlot::kGroup, [this](const QString &id) { return tooltipOf(id); });
    m_chart->setPoints(points + comparePoints, ResultsPlot::kGroup);
    m_chart->setMeasuredCeilings(ceilings, ResultsPlot::kGroup);
    m_chart->setTrails(levelTrails, ResultsPlot::kGroup);
    m_chart->setTrails(links, ResultsPlot::kCompareGroup);
    m_chart->setUpdatesSuspended(false);
    m_pointCount = int(units.size());
    m_linkCount = int(links.size());
}

QString ResultsPlot::groupTooltip(const model::PointGroup &g, const model::Measurement &first,
                                  const model::Gpu *gpu, const QString &source) const
{
    QStringList lines;
    lines << QStringLiteral("<b>%1</b>").arg(html(first.kernel));
    QStringList what;
    if (const QString grid = g.params.value(QStringLiteral("grid")).toString(); !grid.isEmpty())
        what << tr("grid %1").arg(html(grid));
    if (const QString block = g.params.value(QStringLiteral("block")).toString(); !block.isEmpty())
        what << tr("block %1").arg(html(block));
    if (!g.precision.isEmpty())
        what << html(model::precisionLabel(g.precision));
    what << tr("at %1").arg(html(resultschart::levelName(g.level, gpu ? gpu->memoryType : QString())));
    lines << what.join(QStringLiteral(" · "));
    lines << tr("launches: %1, total %2 (%3 of the file's time)")
                 .arg(g.launches)
                 .arg(model::formatSeconds(g.timeS),
                      QString::number(g.share * 100, 'f', g.share < 0.1 ? 2 : 1) + QStringLiteral(" %"));
    lines << tr("launch time: min %1, median %2, max %3")
                 .arg(model::formatSeconds(g.launchTime.min), model::formatSeconds(g.launchTime.median),
                      model::formatSeconds(g.launchTime.max));
    lines << QStringLiteral("%1 · %2 · %3")
                 .arg(model::formatSi(g.flopPerS(), QStringLiteral("FLOP/s")),
                      model::formatSi(g.bytesPerS(), QStringLiteral("B/s")),
                      tr("AI %1 FLOP/B").arg(QString::number(g.ai(), 'g', 3)));
    if (const model::Gpu *roofs = gpu) {
        model::Measurement sum = first;
        sum.flops = g.flops;
        sum.bytes = g.bytes;
        sum.time = {g.timeS, g.timeS, g.timeS, g.launches};
        if (const auto s = resultschart::roofShare(*roofs, sum))
            lines << tr("<b>%1</b> on %2").arg(html(resultschart::shareText(*s)), html(roofs->displayName()));
    }
    lines << resultschart::ncuDerivation(first);
    if (!source.isEmpty())
        lines << QStringLiteral("<i>%1</i>").arg(html(source));
    lines.removeAll(QString());
    return lines.join(QStringLiteral("<br>"));
}
