#pragma once

#include <QImage>
#include <QString>

// The QR code of a text (class mode's address) by libqrencode: black modules on white with the
// four-module quiet zone scanners need, `scale` pixels a module. A null image when the text
// does not fit a QR code.
QImage classQrImage(const QString &text, int scale);
