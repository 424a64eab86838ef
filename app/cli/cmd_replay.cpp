// replay: a saved results file streamed as the worker's JSON-lines events (app/PROTOCOL.md),
// paced as it was measured, so a classroom can watch points arrive without a GPU.
#include "cliutil.h"

#include "events.h"
#include "resultset.h"

#include <QCoreApplication>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <thread>

namespace cli {

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("cli::replay", text);
}

void emitEvent(const QJsonObject &event)
{
    const QByteArray l = model::events::line(event);
    std::fwrite(l.constData(), 1, size_t(l.size()), stdout);
    std::fflush(stdout); // the reader acts on each line as it comes
}

QString describe(const model::Measurement &m)
{
    QStringList parts = {m.kernel};
    if (!m.dtype.isEmpty())
        parts.append(m.dtype);
    for (auto it = m.params.cbegin(); it != m.params.cend(); ++it)
        parts.append(it.key() + QLatin1Char('=') + it.value().toString());
    return parts.join(QLatin1Char(' '));
}

} // namespace

int cmdReplay(const QStringList &args)
{
    QCommandLineParser p;
    p.addPositionalArgument("file", "a results file (rooflab.results/1)");
    p.addOption({"speed", "pace multiplier: 1 = as measured, 2 = twice as fast, 0 = no pacing (default 1)",
                 "X", "1"});
    if (!parse(p, args,
               "Stream a saved results file as JSON-lines events (the worker's protocol, app/PROTOCOL.md), "
               "paced as it was measured."))
        return p.isSet("help") ? Ok : BadInput;
    if (p.positionalArguments().size() != 1)
        return badInput(tr("replay: name one results file"));
    bool ok = false;
    const double speed = p.value("speed").toDouble(&ok);
    if (!ok || !std::isfinite(speed) || speed < 0)
        return badInput(tr("--speed: \"%1\" is not a number >= 0").arg(p.value("speed")));

    const QString path = p.positionalArguments().at(0);
    QString error;
    QStringList warnings;
    const auto rs = model::ResultSet::load(path, &error, &warnings);
    if (!rs) {
        emitEvent(model::events::error(error));
        emitEvent(model::events::done(false));
        return fail(BadInput, error);
    }

    using Clock = std::chrono::steady_clock;
    const Clock::time_point start = Clock::now();
    // Sleeps until `at` seconds of the recorded timeline, scaled by --speed.
    auto waitUntil = [&](double at) {
        if (speed == 0 || !(at > 0))
            return;
        const double s = std::min(at / speed, 1e7); // beyond ~4 months nobody is waiting
        std::this_thread::sleep_until(
            start + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(s)));
    };

    if (!rs->device.name.isEmpty())
        emitEvent(model::events::device(rs->device));
    for (const QString &w : warnings)
        emitEvent(model::events::warning(w));
    for (const model::MeasuredCeiling &c : rs->ceilings)
        emitEvent(model::events::ceiling(c));

    // A measurement starts at its started_at_s, or when the one before it ended where that is
    // not recorded; its event comes when it ends (median × samples later). Never earlier than
    // the event before, so the stream stays in order.
    const int total = int(rs->measurements.size());
    double clock = 0;
    for (int i = 0; i < total; ++i) {
        const model::Measurement &m = rs->measurements.at(i);
        const double begin = std::max(clock, m.startedAtS > 0 ? m.startedAtS : clock);
        waitUntil(begin);
        emitEvent(model::events::progress(i, total, describe(m)));
        clock = begin + m.time.median * std::max(1, m.time.samples);
        waitUntil(clock);
        emitEvent(model::events::measurement(m));
    }
    emitEvent(model::events::progress(total, total, tr("replayed %1").arg(path)));
    emitEvent(model::events::done(true));
    return Ok;
}

} // namespace cli
