// libFuzzer target: one line of the worker's event stream (events::parse) on any bytes. A refused
// line says why; an accepted one has the kind its "event" names, with the measurement, ceiling or
// device it announces, and written again (events::line) it parses to the same kind.
// Differential: blanks around the line change nothing (the client trims lines it reads).
#include "events.h"

#include <cstdint>
#include <cstdlib>

using model::events::Kind;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray input(reinterpret_cast<const char *>(data), qsizetype(size));
    QString error;
    const auto e = model::events::parse(input, &error);
    if (!e) {
        if (error.isEmpty())
            std::abort();
    } else {
        if ((e->kind == Kind::Measurement) != bool(e->measurement) ||
            (e->kind == Kind::Ceiling) != bool(e->ceiling) || (e->kind == Kind::Device) != bool(e->device))
            std::abort();
        QString why;
        const auto again = model::events::parse(model::events::line(e->json), &why);
        if (!again || again->kind != e->kind || again->name != e->name)
            std::abort();
    }
    QString error2;
    const auto padded = model::events::parse(" \t" + input + " ", &error2);
    if (bool(e) != bool(padded) || (e && padded->kind != e->kind))
        std::abort();
    return 0;
}
