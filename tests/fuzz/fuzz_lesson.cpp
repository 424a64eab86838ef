// libFuzzer target: a lesson file (lessons::parse, lessons::load) on any bytes. A refused lesson
// says why; an accepted one has an id and at least one step, and every step's merged state can be
// computed. Differential: blanks around the bytes change nothing, and (one input in eight) the
// file read from disk gives what the bytes give.
#include "differential.h"
#include "lesson.h"

#include <QTemporaryFile>

#include <cstdint>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray input(reinterpret_cast<const char *>(data), qsizetype(size));
    QString error;
    const auto lesson = model::lessons::parse(input, nullptr, &error);
    if (!lesson && error.isEmpty())
        std::abort();
    if (lesson) {
        if (lesson->id.isEmpty() || lesson->steps.isEmpty())
            std::abort();
        for (int i = 0; i < lesson->steps.size(); ++i)
            (void)model::lessons::effectiveStep(*lesson, i);
    }

    QString error2;
    const auto padded = model::lessons::parse(" \n" + input + "\n ", nullptr, &error2);
    if (bool(lesson) != bool(padded) || (!padded && error2.isEmpty()) ||
        (lesson && (lesson->id != padded->id || lesson->steps.size() != padded->steps.size())))
        std::abort();

    if (!fuzz::padThisOne(data, size, 8))
        return 0;
    QTemporaryFile file;
    if (!file.open() || file.write(input) != input.size() || !file.flush())
        return 0;
    QString error3;
    const auto loaded = model::lessons::load(file.fileName(), nullptr, &error3);
    if (bool(loaded) != bool(lesson) || (!loaded && !error3.endsWith(error)))
        std::abort();
    return 0;
}
