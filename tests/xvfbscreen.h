#pragma once
// A real X screen for the layout tests: an Xvfb server of a given size, and this test binary
// run again as its client (with QT_QPA_PLATFORM=xcb and its own settings folders), so that a
// window is laid out, mapped and measured as it is on a projector or a desktop.
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QScopeGuard>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <functional>

namespace xvfbscreen {

inline QString xvfbPath()
{
    return QStandardPaths::findExecutable(QStringLiteral("Xvfb"));
}

// A display number no server holds (the tests' range, away from a developer's :0 and :1).
inline int freeDisplay()
{
    for (int n = 90; n < 140; ++n)
        if (!QFile::exists(QStringLiteral("/tmp/.X11-unix/X%1").arg(n)) &&
            !QFile::exists(QStringLiteral("/tmp/.X%1-lock").arg(n)))
            return n;
    return -1;
}

struct ChildResult
{
    bool ok = false;
    QString why;    // when not ok
    QByteArray out; // the child's standard output
    QByteArray err; // and its standard error
};

// Starts Xvfb at width×height, runs this binary with env added (and childMarker=1), waits up
// to timeoutMs, stops the server. scale: QT_SCALE_FACTOR for the child (1: none).
inline ChildResult runChild(int width, int height, const QString &childMarker,
                            const QProcessEnvironment &extra, int timeoutMs = 180000, double scale = 1.0)
{
    ChildResult r;
    const int display = freeDisplay();
    if (display < 0) {
        r.why = QStringLiteral("no free X display number in :90..:139");
        return r;
    }
    QProcess xvfb;
    xvfb.setProcessChannelMode(QProcess::MergedChannels);
    xvfb.start(xvfbPath(), {QStringLiteral(":%1").arg(display), QStringLiteral("-screen"),
                            QStringLiteral("0"), QStringLiteral("%1x%2x24").arg(width).arg(height),
                            QStringLiteral("-nolisten"), QStringLiteral("tcp")});
    xvfb.waitForStarted(5000);
    auto stopXvfb = qScopeGuard([&xvfb] {
        xvfb.terminate();
        if (!xvfb.waitForFinished(3000)) {
            xvfb.kill();
            xvfb.waitForFinished(3000);
        }
    });
    QElapsedTimer t;
    t.start();
    while (!QFile::exists(QStringLiteral("/tmp/.X11-unix/X%1").arg(display)) && t.elapsed() < 10000 &&
           xvfb.state() == QProcess::Running)
        QTest::qWait(50);
    if (xvfb.state() != QProcess::Running) {
        r.why = QStringLiteral("Xvfb :%1 did not start: %2")
                    .arg(display)
                    .arg(QString::fromLocal8Bit(xvfb.readAll()));
        return r;
    }

    QTemporaryDir home;
    QProcess child;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(childMarker, QStringLiteral("1"));
    env.insert(QStringLiteral("DISPLAY"), QStringLiteral(":%1").arg(display));
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("xcb"));
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), home.filePath(QStringLiteral("config")));
    env.insert(QStringLiteral("XDG_CACHE_HOME"), home.filePath(QStringLiteral("cache")));
    env.insert(QStringLiteral("XDG_DATA_HOME"), home.filePath(QStringLiteral("data")));
    env.remove(QStringLiteral("QT_SCALE_FACTOR"));
    env.remove(QStringLiteral("QT_SCREEN_SCALE_FACTORS"));
    if (scale != 1)
        env.insert(QStringLiteral("QT_SCALE_FACTOR"), QString::number(scale));
    for (const QString &key : extra.keys())
        env.insert(key, extra.value(key));
    child.setProcessEnvironment(env);
    child.start(QCoreApplication::applicationFilePath(), {});
    if (!child.waitForFinished(timeoutMs)) {
        child.kill();
        child.waitForFinished();
        r.why = QStringLiteral("the child did not finish: %1")
                    .arg(QString::fromLocal8Bit(child.readAllStandardError()));
        return r;
    }
    r.out = child.readAllStandardOutput();
    r.err = child.readAllStandardError();
    r.ok = child.exitStatus() == QProcess::NormalExit && child.exitCode() == 0;
    if (!r.ok)
        r.why = QStringLiteral("the child failed (exit %1): %2")
                    .arg(child.exitCode())
                    .arg(QString::fromLocal8Bit(r.err));
    return r;
}

} // namespace xvfbscreen
