#include "ceilingpolicy.h"

#include "gpu.h"
#include "paths.h"

#include <QCoreApplication>
#include <QFileInfo>

namespace model {

namespace {

QString tr(const char *s)
{
    return QCoreApplication::translate("CeilingPolicy", s);
}

QString deviceName(const DeviceInfo &d)
{
    return !d.name.isEmpty() ? d.name : !d.spec.isEmpty() ? d.spec : tr("an unnamed device");
}

bool usable(const CeilingSource &s, const Gpu &gpu)
{
    return s.set && measuredOn(s.set->device, gpu) && !measuredCeilings(*s.set).isEmpty();
}

CeilingChoice chosen(CeilingChoice::Origin origin, const QString &file, QList<MeasuredCeiling> measured)
{
    CeilingChoice c;
    c.origin = origin;
    c.file = file;
    c.measured = std::move(measured);
    ResultSet pooled;
    pooled.ceilings = c.measured;
    c.machine = MachineCeilings::fromResults(pooled);
    return c;
}

} // namespace

QString CeilingChoice::originName(Origin o)
{
    switch (o) {
    case Origin::OwnFile:
        return QStringLiteral("own");
    case Origin::Suite:
        return QStringLiteral("suite");
    case Origin::NamedFile:
        return QStringLiteral("named");
    case Origin::Samples:
        return QStringLiteral("samples");
    case Origin::Datasheet:
        break;
    }
    return QStringLiteral("datasheet");
}

bool measuredOn(const DeviceInfo &device, const Gpu &gpu)
{
    if (!device.spec.isEmpty())
        return device.spec == gpu.id;
    return !device.name.isEmpty() && !gpu.name.isEmpty() &&
           (device.name == gpu.name || device.name.contains(gpu.name));
}

QList<MeasuredCeiling> measuredCeilings(const ResultSet &set)
{
    QList<MeasuredCeiling> out;
    for (const MeasuredCeiling &c : set.ceilings)
        if (c.probe != QLatin1String("datasheet") && c.value > 0)
            out << c;
    return out;
}

namespace {

// The samples that stand for this GPU's measured machine: the bundled sets, or the test's.
QList<CeilingSource> sampleSources(const CeilingRequest &req)
{
    QList<CeilingSource> samples = req.samplesOverride;
    if (samples.isEmpty())
        for (const ResultSet &s : bundledCeilingSets())
            samples << CeilingSource{s.extra.value(QLatin1String("rooflab_sample_file")).toString(), &s};
    return samples;
}

// The copy engine's L2 rate (probe.l2_bulk) is younger than most ceilings files: where the
// chosen source lacks it, the model takes it from RoofLab's samples of the same GPU, and the
// reason says so. Only the model's figure is filled in; the drawn roofs stay the file's own.
void fillCopyEngineRate(CeilingChoice &c, const CeilingRequest &req)
{
    if (c.origin == CeilingChoice::Origin::Datasheet || c.machine.l2BulkBytesPerS || !req.samples || !req.gpu)
        return;
    for (const CeilingSource &s : sampleSources(req)) {
        if (!usable(s, *req.gpu))
            continue;
        const MachineCeilings m = MachineCeilings::fromResults(*s.set);
        if (!m.l2BulkBytesPerS)
            continue;
        c.machine.l2BulkBytesPerS = m.l2BulkBytesPerS;
        c.reason += tr("; the copy engine's L2 rate from RoofLab's samples (%1)").arg(s.file);
        c.machine.source = c.reason;
        return;
    }
}

// The source of the ceilings, in the order the policy gives (model::chooseCeilings).
CeilingChoice chooseSource(const CeilingRequest &req)
{
    CeilingChoice c;
    const bool named = req.named.set != nullptr;
    if (!req.gpu) {
        c.reason = tr("datasheet ceilings: no GPU to match measured ones against");
        if (named)
            c.namedRefused = tr("%1: no GPU to match its ceilings against").arg(req.named.file);
        return c;
    }
    const Gpu &gpu = *req.gpu;
    const QString name = gpu.displayName();

    // 1. Its own file's suite.
    if (usable(req.own, gpu)) {
        c = chosen(CeilingChoice::Origin::OwnFile, req.own.file, measuredCeilings(*req.own.set));
        c.reason = tr("measured ceilings of its own file (%1)").arg(req.own.file);
        c.machine.source = c.reason;
    } else {
        QList<MeasuredCeiling> pooled;
        QStringList files;
        for (const CeilingSource &s : req.suite)
            if (s.set != req.own.set && usable(s, gpu)) {
                pooled += measuredCeilings(*s.set);
                files << s.file;
            }
        if (!pooled.isEmpty()) {
            c = chosen(CeilingChoice::Origin::Suite, files.join(QStringLiteral(", ")), pooled);
            c.reason = tr("measured ceilings of the files beside it from the same GPU (%1)").arg(c.file);
            c.machine.source = c.reason;
        }
    }
    if (c.origin != CeilingChoice::Origin::Datasheet) {
        if (named)
            c.namedRefused = tr("%1 not used for %2: %3 come first")
                                 .arg(req.named.file, req.own.file.isEmpty() ? name : req.own.file, c.reason);
        return c;
    }

    // 2. A file the user names: used, or refused with the reason.
    if (named) {
        const ResultSet &n = *req.named.set;
        if (!measuredOn(n.device, gpu))
            c.namedRefused =
                tr("%1 was measured on %2, not on %3: one GPU's ceilings do not apply to another")
                    .arg(req.named.file, deviceName(n.device), name);
        else if (measuredCeilings(n).isEmpty())
            c.namedRefused = tr("%1 holds no measured ceilings (datasheet figures only)").arg(req.named.file);
        if (c.namedRefused.isEmpty()) {
            c = chosen(CeilingChoice::Origin::NamedFile, req.named.file, measuredCeilings(n));
            c.reason = tr("measured ceilings of %1, as asked").arg(req.named.file);
            c.machine.source = c.reason;
            return c;
        }
    }

    // 3. RoofLab's samples measured on this GPU.
    if (req.samples) {
        const QList<CeilingSource> samples = sampleSources(req);
        for (const CeilingSource &s : samples)
            if (usable(s, gpu)) {
                const QString refused = c.namedRefused;
                c = chosen(CeilingChoice::Origin::Samples, s.file, measuredCeilings(*s.set));
                c.namedRefused = refused;
                c.reason = tr("RoofLab's samples measured on %1 (%2)").arg(name, s.file);
                c.machine.source = c.reason;
                return c;
            }
    }

    // 4. The datasheet.
    c.reason = tr("datasheet ceilings of %1: nothing measured on it").arg(name);
    return c;
}

} // namespace

CeilingChoice chooseCeilings(const CeilingRequest &req)
{
    CeilingChoice c = chooseSource(req);
    fillCopyEngineRate(c, req);
    return c;
}

const QList<ResultSet> &bundledCeilingSets()
{
    // The H200 validation's measurement of the machine first (the chart's L2 roof has always
    // come from it), then the suites'; each applies to the GPU it was measured on.
    static const QList<ResultSet> sets = [] {
        QList<ResultSet> out;
        for (const char *file : {"samples/h200-validation/h200-ceilings.json", "samples/h200-suite.json",
                                 "samples/h100-suite.json"}) {
            QString error;
            if (auto rs = ResultSet::load(resourcePath(QLatin1String(file)), &error)) {
                rs->measurements.clear(); // only the ceilings and the device are needed
                rs->extra.insert(QStringLiteral("rooflab_sample_file"),
                                 QFileInfo(QLatin1String(file)).fileName());
                if (!measuredCeilings(*rs).isEmpty())
                    out << *rs;
            }
        }
        return out;
    }();
    return sets;
}

} // namespace model
