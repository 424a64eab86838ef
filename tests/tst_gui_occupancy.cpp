// OccupancyPanel, offscreen: typing into the inputs changes the number, the highlighted limit
// and all three graphs' markers; another GPU brings its own limits.
#include "chart/occupancygraph.h"
#include "panels/occupancypanel.h"
#include "shell/uitheme.h"
#include "specdb.h"

#include <QApplication>
#include <QComboBox>
#include <QDir>
#include <QLabel>
#include <QPushButton>
#include <QSlider>
#include <QSpinBox>
#include <QTest>

#include <cmath>

using model::Limiter;
using Sweep = OccupancyPanel::Sweep;

namespace {

const model::Gpu &gpu(const QString &id)
{
    static const model::SpecDb db = model::SpecDb::loadDefault();
    const model::Gpu *g = db.find(id);
    if (!g)
        qFatal("test GPU %s missing", qPrintable(id));
    return *g;
}

// WCAG 2 relative luminance and contrast ratio (1 .. 21).
double luminance(const QColor &c)
{
    const auto channel = [](double v) {
        return v <= 0.03928 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4);
    };
    return 0.2126 * channel(c.redF()) + 0.7152 * channel(c.greenF()) + 0.0722 * channel(c.blueF());
}

double contrastRatio(const QColor &a, const QColor &b)
{
    const double la = luminance(a), lb = luminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

model::OccupancyInput input(int threads, int regs, qint64 smem)
{
    model::OccupancyInput in;
    in.threadsPerBlock = threads;
    in.registersPerThread = regs;
    in.dynamicSmemBytes = smem;
    return in;
}

// Replace a spin box's text the way a user does: select all, type, Enter.
void typeInto(QSpinBox *spin, int value)
{
    spin->setFocus();
    QTest::keyClick(spin, Qt::Key_A, Qt::ControlModifier);
    QTest::keyClicks(spin, QString::number(value));
    QTest::keyClick(spin, Qt::Key_Return);
}

} // namespace

class TestGuiOccupancy : public QObject
{
    Q_OBJECT

private slots:
    void tutorialExample()
    {
        OccupancyPanel panel;
        panel.setGpu(gpu("a100-sxm4-80gb"));
        panel.setInput(input(128, 192, 48 * 1024));
        QCOMPARE(panel.headline(), QString("2 blocks/SM · 8 warps · 12.5 %"));
        QCOMPARE(panel.highlightedLimiter(), Limiter::Registers);
        QVERIFY(panel.stepTexts().join('\n').contains("192 × 32 = 6144"));
        QVERIFY(panel.stepTexts().last().contains("12.5 %"));
        QCOMPARE(panel.markerPosition(Sweep::Registers), QPointF(192, 0.125));
        QCOMPARE(panel.markerPosition(Sweep::Threads), QPointF(128, 0.125));
        QCOMPARE(panel.markerPosition(Sweep::SharedMemory), QPointF(48 * 1024, 0.125));
        // The drawn marker is in display units: KB and percent.
        QCOMPARE(panel.graph(Sweep::SharedMemory)->drawnMarker(), QPointF(48, 12.5));
        QCOMPARE(panel.graph(Sweep::Registers)->pointCount(), 255);
        QCOMPARE(panel.graph(Sweep::Threads)->pointCount(), 32);
        QCOMPARE(panel.suggestion().blockSize, 256);
    }

    void typingRegisters_data()
    {
        QTest::addColumn<int>("regs");
        QTest::addColumn<QString>("headline");
        QTest::addColumn<Limiter>("limiter");
        // A100, 128 threads, 48 KB: registers bind at 192, shared memory (3 blocks) below 160.
        QTest::newRow("128 regs -> 3 blocks by shared memory")
            << 128 << "3 blocks/SM · 12 warps · 18.75 %" << Limiter::SharedMemory;
        QTest::newRow("255 regs -> 2 blocks by registers")
            << 255 << "2 blocks/SM · 8 warps · 12.5 %" << Limiter::Registers;
        QTest::newRow("168 regs -> 3 blocks, registers tie with shared memory")
            << 168 << "3 blocks/SM · 12 warps · 18.75 %" << Limiter::Registers;
    }
    void typingRegisters()
    {
        QFETCH(int, regs);
        QFETCH(QString, headline);
        QFETCH(Limiter, limiter);
        OccupancyPanel panel;
        panel.setGpu(gpu("a100-sxm4-80gb"));
        panel.setInput(input(128, 192, 48 * 1024));
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        const auto threadsBefore = *panel.markerPosition(Sweep::Threads);
        const auto smemBefore = *panel.markerPosition(Sweep::SharedMemory);
        const int regCurveBefore = panel.graph(Sweep::Registers)->points().at(99).blocksPerSm;
        const int threadCurveBefore = panel.graph(Sweep::Threads)->points().at(3).blocksPerSm;

        typeInto(panel.registersSpin(), regs);

        QCOMPARE(panel.registersSpin()->value(), regs);
        QCOMPARE(panel.registersSlider()->value(), regs);
        QCOMPARE(panel.headline(), headline);
        QCOMPARE(panel.highlightedLimiter(), limiter);
        const double occ = panel.result().occupancy;
        QCOMPARE(panel.markerPosition(Sweep::Registers), QPointF(regs, occ));
        QCOMPARE(panel.markerPosition(Sweep::Threads), QPointF(threadsBefore.x(), occ));
        QCOMPARE(panel.markerPosition(Sweep::SharedMemory), QPointF(smemBefore.x(), occ));
        // The register curve is a sweep over registers: it does not depend on the register
        // count; the threads curve does.
        QCOMPARE(panel.graph(Sweep::Registers)->points().at(99).blocksPerSm, regCurveBefore);
        if (headline != QString("2 blocks/SM · 8 warps · 12.5 %"))
            QVERIFY(occ != threadsBefore.y());
        Q_UNUSED(threadCurveBefore);
        QCOMPARE(panel.graph(Sweep::Threads)->points().at(3).blocksPerSm,
                 panel.result().blocksPerSm); // 128 threads is the 4th point
    }

    void sliderMovesEverything()
    {
        OccupancyPanel panel;
        panel.setGpu(gpu("a100-sxm4-80gb"));
        panel.setInput(input(128, 32, 0));
        QCOMPARE(panel.headline(), QString("16 blocks/SM · 64 warps · 100 %"));
        // Page steps of the register slider (mouse clicks in the groove, right of the handle).
        QSlider *slider = panel.registersSlider();
        slider->resize(300, 20);
        for (int i = 0; i < 20; ++i)
            slider->triggerAction(QAbstractSlider::SliderPageStepAdd);
        QCOMPARE(panel.registersSpin()->value(), slider->value());
        QVERIFY(slider->value() > 32);
        QCOMPARE(panel.markerPosition(Sweep::Registers)->x(), double(slider->value()));
        QVERIFY(panel.result().occupancy < 1.0);
        QCOMPARE(panel.highlightedLimiter(), Limiter::Registers);
        // Threads through its slider: whole warps.
        auto *threadsSlider = panel.findChild<QSlider *>("threadsSlider");
        QVERIFY(threadsSlider);
        threadsSlider->setValue(8);
        QCOMPARE(panel.threadsSpin()->value(), 256);
        QCOMPARE(panel.markerPosition(Sweep::Threads)->x(), 256.0);
    }

    void sharedMemoryAndCarveout()
    {
        OccupancyPanel panel;
        panel.setGpu(gpu("a100-sxm4-80gb"));
        panel.setInput(input(128, 32, 0));
        typeInto(panel.smemSpin(), 48 * 1024);
        QCOMPARE(panel.headline(), QString("3 blocks/SM · 12 warps · 18.75 %"));
        QCOMPARE(panel.highlightedLimiter(), Limiter::SharedMemory);
        QCOMPARE(panel.markerPosition(Sweep::SharedMemory)->x(), 48.0 * 1024);
        auto *mode = panel.findChild<QComboBox *>("carveoutMode");
        QVERIFY(mode);
        mode->setCurrentIndex(1); // max L1: the SM keeps only what one block needs (64 KB)
        QCOMPARE(panel.headline(), QString("1 block/SM · 4 warps · 6.25 %"));
        QCOMPARE(panel.input().carveout, int(model::CarveoutMaxL1));
        auto *pct = panel.findChild<QSpinBox *>("carveoutSpin");
        QVERIFY(pct);
        pct->setValue(60); // switches to a percentage: 98.4 KB -> 100 KB -> 2 blocks
        QCOMPARE(mode->currentIndex(), 3);
        QCOMPARE(panel.headline(), QString("2 blocks/SM · 8 warps · 12.5 %"));
        QVERIFY(
            panel.stepTexts().join('\n').contains("60 % × 164 KB = 98.40 KB → next supported size 100 KB"));
    }

    void otherGpuBringsItsLimits_data()
    {
        QTest::addColumn<QString>("id");
        QTest::addColumn<QString>("headline");
        QTest::addColumn<Limiter>("limiter");
        QTest::addColumn<int>("smemMax");
        QTest::addColumn<QString>("titlePart");
        QTest::newRow("h100-sxm: 32 blocks of 2 warps = 64 warps")
            << "h100-sxm"
            << "32 blocks/SM · 64 warps · 100 %" << Limiter::Warps << 227 * 1024
            << "64 warps, 32 blocks, 228 KB";
        QTest::newRow("rtx-5090 CC 12.0: 24 blocks of 2 warps = 48 warps")
            << "rtx-5090"
            << "24 blocks/SM · 48 warps · 100 %" << Limiter::Warps << 99 * 1024
            << "48 warps, 24 blocks, 100 KB";
        QTest::newRow("t4 CC 7.5: 16 blocks of 2 warps = 32 warps")
            << "t4"
            << "16 blocks/SM · 32 warps · 100 %" << Limiter::Warps << 64 * 1024
            << "32 warps, 16 blocks, 64 KB";
    }
    void otherGpuBringsItsLimits()
    {
        QFETCH(QString, id);
        QFETCH(QString, headline);
        QFETCH(Limiter, limiter);
        QFETCH(int, smemMax);
        QFETCH(QString, titlePart);
        OccupancyPanel panel;
        panel.setGpu(gpu("a100-sxm4-80gb"));
        panel.setInput(input(64, 16, 0));
        const QList<model::OccupancyPoint> a100Smem = panel.graph(Sweep::SharedMemory)->points();
        panel.setGpu(gpu(id));
        QCOMPARE(panel.headline(), headline);
        QCOMPARE(panel.highlightedLimiter(), limiter);
        QCOMPARE(panel.result().maxWarpsPerSm, gpu(id).limits->maxThreadsPerSm / 32);
        QCOMPARE(panel.result().limitBlocks, gpu(id).limits->maxBlocksPerSm);
        QCOMPARE(panel.findChild<QSlider *>("smemSlider")->maximum(), smemMax);
        QCOMPARE(qint64(panel.graph(Sweep::SharedMemory)->points().last().x), qint64(smemMax));
        QVERIFY(panel.graph(Sweep::SharedMemory)->points().size() != a100Smem.size() ||
                panel.graph(Sweep::SharedMemory)->points().last().x != a100Smem.last().x);
        const QLabel *title = panel.findChild<QLabel *>("title");
        QVERIFY(title);
        QVERIFY2(title->text().contains(titlePart), qPrintable(title->text()));
    }

    void rtx5090LimitsAgainstH100()
    {
        // Same launch, two GPUs: 256 threads, 32 registers, 40 KB.
        OccupancyPanel panel;
        panel.setGpu(gpu("h100-sxm"));
        panel.setInput(input(256, 32, 40 * 1024));
        QCOMPARE(panel.headline(), QString("5 blocks/SM · 40 warps · 62.5 %")); // 228 KB / 41 KB
        panel.setGpu(gpu("rtx-5090"));
        QCOMPARE(panel.headline(),
                 QString("2 blocks/SM · 16 warps · 33.33 %")); // 100 KB / 41 KB, of 48 warps
        QCOMPARE(panel.highlightedLimiter(), Limiter::SharedMemory);
        QCOMPARE(panel.markerPosition(Sweep::Threads), QPointF(256, 16.0 / 48));
    }

    void impossibleInputShowsAReason()
    {
        OccupancyPanel panel;
        panel.setGpu(gpu("rtx-5090"));
        panel.setInput(input(128, 32, 120 * 1024)); // over the 99 KB per-block maximum
        QCOMPARE(panel.result().blocksPerSm, 0);
        QVERIFY(!panel.result().ok);
        QVERIFY(panel.headline().startsWith("0 blocks/SM"));
        QVERIFY(panel.stepTexts().join('\n').contains("99 KB"));
        QCOMPARE(panel.markerPosition(Sweep::SharedMemory), QPointF(120 * 1024, 0.0));
        // And back to a valid input.
        typeInto(panel.smemSpin(), 16 * 1024);
        QVERIFY(panel.result().ok);
    }

    void gpuWithoutLimits()
    {
        OccupancyPanel panel;
        panel.setGpu(gpu("mi300x"));
        QVERIFY(!panel.result().ok);
        QVERIFY(panel.result().reason.contains("no per-SM limits"));
        QVERIFY(!panel.registersSpin()->isEnabled());
        QCOMPARE(panel.graph(Sweep::Registers)->pointCount(), 0);
        QVERIFY(!panel.markerPosition(Sweep::Registers));
        // Back to an NVIDIA GPU: everything returns.
        panel.setGpu(gpu("a100-sxm4-80gb"));
        QVERIFY(panel.result().ok);
        QVERIFY(panel.registersSpin()->isEnabled());
        QCOMPARE(panel.graph(Sweep::Registers)->pointCount(), 255);
    }

    void useSuggestedBlockSize()
    {
        OccupancyPanel panel;
        panel.setGpu(gpu("a100-sxm4-80gb"));
        panel.setInput(input(96, 64, 0));
        const int suggested = panel.suggestion().blockSize;
        QCOMPARE(suggested, 1024);
        auto *use = panel.findChild<QPushButton *>("useSuggestion");
        QVERIFY(use && use->isEnabled());
        QTest::mouseClick(use, Qt::LeftButton);
        QCOMPARE(panel.threadsSpin()->value(), suggested);
        QCOMPARE(panel.result().occupancy, panel.suggestion().occupancy);
        QVERIFY(!use->isEnabled());
    }

    void resultChangedSignal()
    {
        OccupancyPanel panel;
        panel.setGpu(gpu("a100-sxm4-80gb"));
        int count = 0;
        connect(&panel, &OccupancyPanel::resultChanged, this, [&count] { ++count; });
        panel.setRegisters(100);
        panel.setThreads(256);
        QCOMPARE(count, 2);
    }

    void screenshot()
    {
        // ROOFLAB_SCREENSHOT_DIR=/some/dir saves the panel for a look by eye.
        OccupancyPanel panel;
        panel.resize(1280, 980);
        panel.setGpu(gpu("a100-sxm4-80gb"));
        panel.setInput(input(128, 192, 48 * 1024));
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        QCoreApplication::processEvents();
        const QImage img = panel.grab().toImage();
        QVERIFY(!img.isNull());
        const QString dir = qEnvironmentVariable("ROOFLAB_SCREENSHOT_DIR");
        if (!dir.isEmpty()) {
            QVERIFY(img.save(QDir(dir).filePath("occupancy-a100.png")));
            panel.setGpu(gpu("rtx-5090"));
            panel.setInput(input(256, 32, 120 * 1024));
            QCoreApplication::processEvents();
            QVERIFY(panel.grab().save(QDir(dir).filePath("occupancy-rtx5090-bad.png")));
            panel.setInput(input(256, 32, 40 * 1024));
            QCoreApplication::processEvents();
            QVERIFY(panel.grab().save(QDir(dir).filePath("occupancy-rtx5090.png")));
        }
    }

    // The graphs' titles, axis labels and ticks follow the theme: readable (WCAG contrast
    // ratio >= 4.5) on the graph's background in light and dark, also when the theme is switched
    // while the panel is open.
    void titlesReadableInEveryTheme_data()
    {
        QTest::addColumn<QString>("before"); // theme the panel is built in
        QTest::addColumn<QString>("after");  // theme switched to while it is shown
        QTest::newRow("light") << "light"
                               << "light";
        QTest::newRow("dark") << "dark"
                              << "dark";
        QTest::newRow("light, then dark") << "light"
                                          << "dark";
        QTest::newRow("dark, then light") << "dark"
                                          << "light";
    }

    void titlesReadableInEveryTheme()
    {
        QFETCH(QString, before);
        QFETCH(QString, after);
        UiTheme::apply(UiTheme::parse(before));
        OccupancyPanel panel;
        panel.resize(1280, 900);
        panel.setGpu(gpu("a100-sxm4-80gb"));
        panel.setInput(input(128, 192, 48 * 1024));
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        UiTheme::apply(UiTheme::parse(after));
        QCoreApplication::processEvents();
        const bool dark = after == QLatin1String("dark");
        const QList<OccupancyGraph *> graphs = panel.findChildren<OccupancyGraph *>();
        QCOMPARE(graphs.size(), 3);
        for (OccupancyGraph *g : graphs) {
            const QColor bg = g->backgroundColor();
            QVERIFY2(dark ? bg.lightness() < 100 : bg.lightness() > 180, qPrintable(bg.name()));
            // What is drawn is that background (a corner of the plot, away from any text).
            const QImage img = g->grab().toImage();
            QCOMPARE(QColor(img.pixel(2, 2)).name(), bg.name());
            const double ratio = contrastRatio(g->titleColor(), bg);
            QVERIFY2(ratio >= 4.5, qPrintable(QStringLiteral("%1: title %2 on %3, contrast %4")
                                                  .arg(g->title(), g->titleColor().name(), bg.name())
                                                  .arg(ratio, 0, 'f', 2)));
        }
        UiTheme::apply(UiTheme::Mode::System);
    }
};

QTEST_MAIN(TestGuiOccupancy)
#include "tst_gui_occupancy.moc"
