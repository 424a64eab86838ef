#include "classroom/classqr.h"

#include <QPainter>

#include <qrencode.h>

#include <memory>

QImage classQrImage(const QString &text, int scale)
{
    const QByteArray utf8 = text.toUtf8();
    // Level M: a projected code photographed from the back of the room still reads.
    std::unique_ptr<QRcode, decltype(&QRcode_free)> code(
        QRcode_encodeString(utf8.constData(), 0, QR_ECLEVEL_M, QR_MODE_8, 1), &QRcode_free);
    if (!code || scale < 1)
        return {};
    constexpr int quiet = 4;
    const int modules = code->width;
    const int side = (modules + 2 * quiet) * scale;
    QImage image(side, side, QImage::Format_RGB32);
    image.fill(Qt::white);
    QPainter p(&image);
    for (int y = 0; y < modules; ++y)
        for (int x = 0; x < modules; ++x)
            if (code->data[y * modules + x] & 1) // bit 0: a dark module
                p.fillRect((x + quiet) * scale, (y + quiet) * scale, scale, scale, Qt::black);
    return image;
}
