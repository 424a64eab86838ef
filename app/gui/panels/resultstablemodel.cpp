#include "panels/resultstablemodel.h"

#include "gpu.h"
#include "units.h"

#include <QBrush>
#include <QColor>
#include <QFileInfo>
#include <QJsonObject>

#include <cmath>

namespace {

// Where an imported point's numbers came from (NcuImport writes extra["ncu"]), one line each.
QStringList derivationLines(const model::Measurement &m)
{
    const QJsonObject ncu = m.extra.value(QLatin1String("ncu")).toObject();
    QStringList lines;
    if (const QString f = ncu.value(QLatin1String("flops")).toString(); !f.isEmpty())
        lines << ResultsTableModel::tr("FLOPs: %1").arg(f);
    if (const QString b = ncu.value(QLatin1String("bytes")).toString(); !b.isEmpty()) {
        const QString def = ncu.value(QLatin1String("level_definition")).toString();
        lines << ResultsTableModel::tr("bytes: %1")
                     .arg(def.isEmpty() ? b : QStringLiteral("%1 (%2)").arg(b, def));
    }
    if (const QString t = ncu.value(QLatin1String("time")).toString(); !t.isEmpty())
        lines << ResultsTableModel::tr("time: %1").arg(t);
    return lines;
}

QString paramsText(const QVariantMap &params)
{
    QStringList parts;
    for (auto it = params.cbegin(); it != params.cend(); ++it)
        parts.append(it.key() + QLatin1Char('=') + it.value().toString());
    return parts.join(QLatin1Char(' '));
}

bool checked(const model::Check &c)
{
    return c.ok || !c.reference.isEmpty() || !c.message.isEmpty() || c.maxRelErr != 0;
}

double spreadPercent(const model::TimeStats &t)
{
    return t.median > 0 ? (t.max - t.min) / t.median * 100 : 0;
}

QString percentText(double v, bool sign)
{
    // U+2212 minus: the same width as '+', so a column of changes lines up.
    QString s = QString::number(std::abs(v), 'f', 1) + QStringLiteral(" %");
    if (!sign)
        return v < 0 ? QChar(0x2212) + s : s;
    return (v < 0 ? QString(QChar(0x2212)) : QStringLiteral("+")) + s;
}

// The gap's tint: within the ±25 % target green, up to ±50 % amber, beyond red.
// Translucent, so that it reads on light and dark palettes alike.
QColor gapTint(double gap)
{
    const double a = std::abs(gap);
    if (a <= 0.25)
        return QColor(0x2e, 0x7d, 0x32, a <= 0.10 ? 90 : 50);
    if (a <= 0.5)
        return QColor(0xf9, 0xa8, 0x25, 80);
    return QColor(0xc6, 0x28, 0x28, a <= 1.0 ? 70 : 110);
}

} // namespace

ResultsTableModel::ResultsTableModel(QObject *parent) : QAbstractTableModel(parent) {}

void ResultsTableModel::setResults(const model::ResultSet &results, const QString &file)
{
    beginResetModel();
    m_rows.clear();
    m_sets.clear();
    m_single.clear();
    m_variety.clear();
    m_sets.append(results.measurements);
    m_rows.reserve(results.measurements.size());
    for (const model::Measurement &m : std::as_const(m_sets.last())) {
        Row r{&m, file};
        updateDerived(r);
        m_variety.add(m.kernel, m.params, false);
        m_rows.append(std::move(r));
    }
    endResetModel();
}

void ResultsTableModel::addResults(const model::ResultSet &results, const QString &file)
{
    appendRows(results.measurements, file);
}

void ResultsTableModel::appendMeasurement(const model::Measurement &m, const QString &file)
{
    beginInsertRows({}, int(m_rows.size()), int(m_rows.size()));
    m_single.push_back(m); // a deque: what earlier rows point to stays where it is
    Row r{&m_single.back(), file};
    updateDerived(r);
    m_rows.append(std::move(r));
    endInsertRows();
    // Counted once the row is in: its arrival may change how the earlier rows read.
    if (m_variety.add(m_single.back().kernel, m_single.back().params, true))
        varietyChanged();
}

void ResultsTableModel::appendRows(const QList<model::Measurement> &ms, const QString &file)
{
    if (ms.isEmpty())
        return;
    beginInsertRows({}, int(m_rows.size()), int(m_rows.size() + ms.size() - 1));
    m_sets.append(ms);
    m_rows.reserve(m_rows.size() + ms.size());
    for (const model::Measurement &m : std::as_const(m_sets.last())) {
        Row r{&m, file};
        updateDerived(r);
        m_rows.append(std::move(r));
    }
    endInsertRows();
    // Counted once the rows are in: they may change how the earlier rows read.
    bool changed = false;
    for (const model::Measurement &m : std::as_const(m_sets.last()))
        changed = m_variety.add(m.kernel, m.params, false) || changed;
    if (changed)
        varietyChanged();
}

void ResultsTableModel::varietyChanged()
{
    // Rows read differently now (a parameter to tell them apart, another common value).
    if (!m_rows.isEmpty())
        emit dataChanged(index(0, Kernel), index(int(m_rows.size()) - 1, Kernel));
}

QString ResultsTableModel::distinguishingOf(const model::Measurement &m) const
{
    return m_variety.text(m.kernel, m.params);
}

void ResultsTableModel::clear()
{
    if (m_rows.isEmpty())
        return;
    beginResetModel();
    m_rows.clear();
    m_sets.clear();
    m_single.clear();
    m_variety.clear();
    endResetModel();
}

std::optional<double> ResultsTableModel::percentOf(const model::Measurement &m, const Roof &roof) const
{
    if (m.flops > 0)
        return roof.flopPerS > 0 ? std::optional<double>(m.flopPerS() / roof.flopPerS * 100) : std::nullopt;
    return roof.bytesPerS > 0 ? std::optional<double>(m.bytesPerS() / roof.bytesPerS * 100) : std::nullopt;
}

void ResultsTableModel::updateDerived(Row &r) const
{
    r.change.reset();
    r.baselineSpread = 0;
    if (m_compare) {
        const auto it = m_baseline.constFind(r.m->key());
        if (it != m_baseline.cend() && it->time.median > 0) {
            r.change = (r.m->time.median - it->time.median) / it->time.median * 100;
            r.baselineSpread = spreadPercent(it->time);
        }
    }
}

std::optional<double> ResultsTableModel::roofOf(const Row &r) const
{
    if (!r.roofReady) {
        r.roofReady = true;
        r.roofPercent = m_roof ? percentOf(*r.m, m_roof(*r.m)) : std::nullopt;
    }
    return r.roofPercent;
}

const model::Prediction *ResultsTableModel::predictionOf(const Row &r) const
{
    if (!r.predictionReady) {
        r.predictionReady = true;
        r.prediction.reset();
        r.gap.reset();
        if (m_predict) {
            auto p = std::make_shared<model::Prediction>(m_predict(*r.m, r.file));
            if (p->ok && p->timeS > 0 && r.m->time.median > 0)
                r.gap = r.m->time.median / p->timeS - 1.0;
            r.prediction = std::move(p);
        }
    }
    return r.prediction.get();
}

std::optional<double> ResultsTableModel::gapOf(const Row &r) const
{
    predictionOf(r);
    return r.gap;
}

void ResultsTableModel::setPredictFunction(PredictFunction f)
{
    m_predict = std::move(f);
    for (Row &r : m_rows)
        r.predictionReady = false;
    if (!m_rows.isEmpty())
        emit dataChanged(index(0, Predicted), index(int(m_rows.size()) - 1, Gap));
}

ResultsTableModel::PredictFunction ResultsTableModel::predictorFor(const model::Gpu &gpu,
                                                                   const model::MachineCeilings &ceilings)
{
    const auto perf = std::make_shared<model::PerfModel>(gpu, ceilings);
    // Kernels it does not know come back not ok, with the model's reason.
    return [perf](const model::Measurement &m, const QString &) {
        return perf->predict(model::KernelLaunch::fromMeasurement(m));
    };
}

const model::Prediction *ResultsTableModel::prediction(int row) const
{
    return predictionOf(m_rows.at(row));
}

void ResultsTableModel::setRoofFunction(RoofFunction f)
{
    m_roof = std::move(f);
    for (Row &r : m_rows)
        r.roofReady = false;
    if (!m_rows.isEmpty())
        emit dataChanged(index(0, RoofPercent), index(int(m_rows.size()) - 1, RoofPercent));
}

void ResultsTableModel::setRoofs(const QList<Roof> &perRow)
{
    m_roof = nullptr;
    for (qsizetype i = 0; i < m_rows.size(); ++i) {
        m_rows[i].roofReady = true;
        m_rows[i].roofPercent = i < perRow.size() ? percentOf(*m_rows[i].m, perRow[i]) : std::nullopt;
    }
    if (!m_rows.isEmpty())
        emit dataChanged(index(0, RoofPercent), index(int(m_rows.size()) - 1, RoofPercent));
}

void ResultsTableModel::setBaseline(const model::ResultSet &baseline, const QString &label)
{
    // The column count changes, which views follow most simply through a reset.
    beginResetModel();
    m_compare = true;
    m_baselineLabel = label;
    m_baseline.clear();
    for (const model::Measurement &m : baseline.measurements) {
        const QString k = m.key();
        if (!m_baseline.contains(k))
            m_baseline.insert(k, m);
    }
    for (Row &r : m_rows)
        updateDerived(r);
    endResetModel();
}

void ResultsTableModel::clearBaseline()
{
    if (!m_compare)
        return;
    beginResetModel();
    m_compare = false;
    m_baseline.clear();
    m_baselineLabel.clear();
    for (Row &r : m_rows)
        updateDerived(r);
    endResetModel();
}

bool ResultsTableModel::changeSignificant(int row) const
{
    const Row &r = m_rows.at(row);
    if (!r.change)
        return false;
    return std::abs(*r.change) > std::max({2.0, spreadPercent(r.m->time), r.baselineSpread});
}

int ResultsTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int ResultsTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : (m_compare ? Change + 1 : Change);
}

QVariant ResultsTableModel::display(const Row &r, int column) const
{
    const model::Measurement &m = *r.m;
    switch (column) {
    case Kernel: {
        const QString what = distinguishingOf(m);
        return what.isEmpty() ? m.kernel : m.kernel + QStringLiteral(" · ") + what;
    }
    case Params:
        return paramsText(m.params);
    case Dtype:
        return m.dtype;
    case Median:
        return model::formatSeconds(m.time.median);
    case Min:
        return model::formatSeconds(m.time.min);
    case Max:
        return model::formatSeconds(m.time.max);
    case FlopPerS:
        return m.flops > 0 ? model::formatSi(m.flopPerS(), QStringLiteral("FLOP/s")) : QStringLiteral("—");
    case BytesPerS:
        return model::formatSi(m.bytesPerS(), QStringLiteral("B/s"));
    case Ai:
        return m.bytes > 0 ? QString::number(m.ai(), 'g', 3) : QStringLiteral("—");
    case CheckColumn:
        if (!checked(m.check))
            return QStringLiteral("—");
        return m.check.ok ? tr("ok") : tr("FAILED");
    case RoofPercent: {
        const auto roof = roofOf(r);
        return roof ? percentText(*roof, false) : QString();
    }
    case Source: {
        // The file a row came from; a live row's origin (a replay) or this session.
        const QString name = QFileInfo(r.file).fileName();
        return name.isEmpty() ? tr("this session") : name;
    }
    case Predicted: {
        const model::Prediction *p = predictionOf(r);
        return p && p->ok ? model::formatSeconds(p->timeS) : QString();
    }
    case Gap: {
        const auto gap = gapOf(r);
        return gap ? percentText(*gap * 100, true) : QString();
    }
    case Change:
        return r.change ? percentText(*r.change, true) : QStringLiteral("—");
    case Derivation:
        return derivationLines(m).join(QStringLiteral("; "));
    }
    return {};
}

QVariant ResultsTableModel::sortValue(const Row &r, int column) const
{
    const model::Measurement &m = *r.m;
    switch (column) {
    case Kernel:
        return display(r, Kernel).toString().toLower();
    case Params:
        return paramsText(m.params).toLower();
    case Dtype:
        return m.dtype;
    case Median:
        return m.time.median;
    case Min:
        return m.time.min;
    case Max:
        return m.time.max;
    case FlopPerS:
        return m.flopPerS();
    case BytesPerS:
        return m.bytesPerS();
    case Ai:
        return m.ai();
    case CheckColumn:
        // failed, then not checked, then ok: failures first when sorted ascending
        return !checked(m.check) ? 1 : (m.check.ok ? 2 : 0);
    case RoofPercent: {
        const auto roof = roofOf(r);
        return roof ? QVariant(*roof) : QVariant();
    }
    case Source:
        return display(r, Source).toString().toLower();
    case Predicted: {
        const model::Prediction *p = predictionOf(r);
        return p && p->ok ? QVariant(p->timeS) : QVariant();
    }
    case Gap: {
        const auto gap = gapOf(r);
        return gap ? QVariant(*gap * 100) : QVariant();
    }
    case Change:
        return r.change ? QVariant(*r.change) : QVariant();
    case Derivation:
        return display(r, Derivation).toString().toLower();
    }
    return {};
}

QString ResultsTableModel::toolTip(int row, int column) const
{
    const Row &r = m_rows.at(row);
    const model::Measurement &m = *r.m;
    switch (column) {
    case Kernel:
    case Dtype: {
        QString t = m.kernel;
        if (!m.precision.isEmpty())
            t += QLatin1Char('\n') +
                 tr("compared against the %1 ceiling").arg(model::precisionLabel(m.precision));
        if (!m.level.isEmpty())
            t += QLatin1Char('\n') + tr("bytes counted at %1").arg(model::levelLabel(m.level));
        return t;
    }
    case Median:
    case Min:
    case Max:
        return tr("%n sample(s); median %1, min %2, max %3", nullptr, m.time.samples)
            .arg(model::formatSeconds(m.time.median), model::formatSeconds(m.time.min),
                 model::formatSeconds(m.time.max));
    case CheckColumn:
        if (!checked(m.check))
            return tr("not checked (imported)");
        return tr("max relative error %1 against %2")
                   .arg(m.check.maxRelErr, 0, 'g', 3)
                   .arg(m.check.reference) +
               (m.check.message.isEmpty() ? QString() : QLatin1Char('\n') + m.check.message);
    case RoofPercent:
        return tr("measured performance as a share of the roof at this intensity");
    case Predicted:
    case Gap: {
        const model::Prediction *pp = predictionOf(r);
        if (!pp)
            return tr("no performance model for this panel");
        const model::Prediction &p = *pp;
        if (!p.ok)
            return tr("not predicted: %1")
                .arg(p.reason.isEmpty() ? tr("the model does not know %1").arg(m.kernel) : p.reason);
        QString t = tr("predicted %1, bound by %2").arg(model::formatSeconds(p.timeS), p.boundWords);
        if (const auto gap = gapOf(r))
            t += QLatin1Char('\n') +
                 tr("measured %1: %2 against the prediction (positive = slower than predicted)")
                     .arg(model::formatSeconds(m.time.median), percentText(*gap * 100, true));
        return t + QLatin1Char('\n') + tr("double-click the row (or Explain) for every term");
    }
    case Source: {
        const QString what =
            m.source == QLatin1String("ncu") ? tr("imported from Nsight Compute") : tr("measured by RoofLab");
        return r.file.isEmpty() ? tr("%1 in this session").arg(what) : r.file + QLatin1Char('\n') + what;
    }
    case Derivation:
        return derivationLines(m).join(QLatin1Char('\n'));
    case Change:
        if (!r.change)
            return tr("no row with the same kernel, data type and parameters in %1").arg(m_baselineLabel);
        return tr("median time against %1: %2 (negative = faster)%3")
            .arg(m_baselineLabel, percentText(*r.change, true),
                 changeSignificant(row) ? QString() : tr(", within the noise"));
    }
    return {};
}

QVariant ResultsTableModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Row &r = m_rows.at(index.row());
    const int column = index.column();
    switch (role) {
    case Qt::DisplayRole:
        return display(r, column);
    case Qt::ToolTipRole:
        return toolTip(index.row(), column);
    case Qt::TextAlignmentRole:
        if (column >= Median && column <= RoofPercent && column != CheckColumn)
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        if (column == Change || column == Predicted || column == Gap)
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        return QVariant::fromValue(Qt::AlignLeft | Qt::AlignVCenter);
    case Qt::ForegroundRole:
        if (column == CheckColumn && checked(r.m->check) && !r.m->check.ok)
            return QBrush(QColor(0xc6, 0x28, 0x28));
        if (column == Change && changeSignificant(index.row()))
            return QBrush(*r.change < 0 ? QColor(0x2e, 0x7d, 0x32) : QColor(0xc6, 0x28, 0x28));
        return {};
    case Qt::BackgroundRole:
        if (column == Gap)
            if (const auto gap = gapOf(r))
                return QBrush(gapTint(*gap));
        return {};
    case SortRole:
        return sortValue(r, column);
    case KeyRole:
        return r.m->key();
    case FailedRole:
        return checked(r.m->check) && !r.m->check.ok;
    }
    return {};
}

QVariant ResultsTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= columnCount())
        return {};
    if (role == Qt::DisplayRole) {
        switch (section) {
        case Kernel:
            return tr("Kernel");
        case Params:
            return tr("Parameters");
        case Dtype:
            return tr("Type");
        case Median:
            return tr("Median");
        case Min:
            return tr("Min");
        case Max:
            return tr("Max");
        case FlopPerS:
            return tr("FLOP/s");
        case BytesPerS:
            return tr("B/s");
        case Ai:
            return tr("AI (FLOP/B)");
        case CheckColumn:
            return tr("Check");
        case RoofPercent:
            return tr("% of roof");
        case Predicted:
            return tr("Predicted");
        case Gap:
            return tr("Gap");
        case Derivation:
            return tr("Derived from");
        case Source:
            return tr("File");
        case Change:
            return tr("Change %");
        }
    }
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case Median:
            return tr("median kernel time over the samples");
        case Ai:
            return tr("arithmetic intensity: FLOPs per byte of memory traffic");
        case RoofPercent:
            return tr("measured FLOP/s (B/s for copies) as a share of the roofline at this intensity");
        case Predicted:
            return tr(
                "kernel time the performance model predicts (compute, issue, shared memory, L1, L2, HBM, "
                "latency, waves: the slowest plus the latency not hidden)");
        case Gap:
            return tr("measured / predicted − 1: positive = slower than predicted");
        case Change:
            return tr("median time against %1; negative = faster").arg(m_baselineLabel);
        }
    }
    return {};
}

// ---------------------------------------------------------------------------------------

ResultsFilterModel::ResultsFilterModel(QObject *parent) : QSortFilterProxyModel(parent)
{
    setSortRole(ResultsTableModel::SortRole);
}

void ResultsFilterModel::setText(const QString &text)
{
    m_text = text.trimmed();
    invalidateFilter();
}

void ResultsFilterModel::setDtype(const QString &dtype)
{
    m_dtype = dtype;
    invalidateFilter();
}

void ResultsFilterModel::setSource(const QString &source)
{
    m_source = source;
    invalidateFilter();
}

void ResultsFilterModel::setFailedOnly(bool on)
{
    m_failedOnly = on;
    invalidateFilter();
}

void ResultsFilterModel::setHiddenFiles(const QSet<QString> &files)
{
    if (files == m_hiddenFiles)
        return;
    m_hiddenFiles = files;
    invalidateFilter();
}

bool ResultsFilterModel::filtering() const
{
    return !m_text.isEmpty() || !m_dtype.isEmpty() || !m_source.isEmpty() || m_failedOnly;
}

bool ResultsFilterModel::filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const
{
    const auto *results = qobject_cast<const ResultsTableModel *>(sourceModel());
    if (!results || sourceParent.isValid())
        return QSortFilterProxyModel::filterAcceptsRow(sourceRow, sourceParent);
    const model::Measurement &m = results->measurement(sourceRow);
    const QString file = results->file(sourceRow);
    if (!m_hiddenFiles.isEmpty() && m_hiddenFiles.contains(file))
        return false;
    if (!m_dtype.isEmpty() && m.dtype != m_dtype)
        return false;
    if (!m_source.isEmpty() && m.source != m_source && file != m_source &&
        QFileInfo(file).fileName() != m_source)
        return false;
    if (m_failedOnly && !results->index(sourceRow, 0).data(ResultsTableModel::FailedRole).toBool())
        return false;
    if (!m_text.isEmpty()) {
        const QString params = results->index(sourceRow, ResultsTableModel::Params).data().toString();
        if (!m.kernel.contains(m_text, Qt::CaseInsensitive) &&
            !params.contains(m_text, Qt::CaseInsensitive) && !file.contains(m_text, Qt::CaseInsensitive))
            return false;
    }
    return true;
}

bool ResultsFilterModel::lessThan(const QModelIndex &left, const QModelIndex &right) const
{
    const QVariant l = left.data(sortRole());
    const QVariant r = right.data(sortRole());
    // Unknown values (no roof, no baseline match) after every known one.
    if (!l.isValid() || !r.isValid())
        return l.isValid() && !r.isValid();
    if (l.typeId() == QMetaType::Double || r.typeId() == QMetaType::Double || l.typeId() == QMetaType::Int)
        return l.toDouble() < r.toDouble();
    return QString::localeAwareCompare(l.toString(), r.toString()) < 0;
}
