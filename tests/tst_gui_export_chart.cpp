// rooflab --results FILE --export-chart roofline.svg|pdf|png [--size WxH]: the built binary renders
// the Results chart alone, with no window and no display (QT_QPA_PLATFORM=offscreen), into a file
// that is what it claims to be (a PNG of the size asked, an SVG that parses and names the
// kernels, a PDF); a bad request exits 2 with a message and writes nothing; a file that loads
// with warnings still exports, the warnings on stderr.
#include <QFile>
#include <QImage>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <QXmlStreamReader>

namespace {

struct Run
{
    int code = -1;
    QString out, err;
};

// headless: no platform named, as on a CI runner or over ssh; the binary must choose one itself.
Run rooflab(const QStringList &args, bool headless = false)
{
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    if (headless)
        env.remove("QT_QPA_PLATFORM");
    else
        env.insert("QT_QPA_PLATFORM", "offscreen");
    env.remove("DISPLAY");
    env.remove("WAYLAND_DISPLAY");
    env.insert("ROOFLAB_RESOURCES", ROOFLAB_SOURCE_RESOURCES_DIR);
    p.setProcessEnvironment(env);
    p.start(ROOFLAB_GUI, args);
    Run r;
    if (!p.waitForFinished(120000)) {
        p.kill();
        p.waitForFinished();
        return r;
    }
    r.code = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = QString::fromUtf8(p.readAllStandardOutput());
    r.err = QString::fromUtf8(p.readAllStandardError());
    return r;
}

// Every <text> of an SVG, joined; empty with *error when it does not parse.
QString svgText(const QString &path, QString *error)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        *error = "cannot open";
        return {};
    }
    QXmlStreamReader xml(&f);
    QStringList texts;
    bool root = false;
    while (!xml.atEnd()) {
        xml.readNext();
        if (xml.isStartElement()) {
            root |= xml.name() == QLatin1String("svg");
            if (xml.name() == QLatin1String("text"))
                texts << xml.readElementText(QXmlStreamReader::IncludeChildElements).trimmed();
        }
    }
    if (xml.hasError())
        *error = xml.errorString();
    else if (!root)
        *error = "no <svg> element";
    return texts.join('\n');
}

} // namespace

class TestGuiExportChart : public QObject
{
    Q_OBJECT
    QTemporaryDir m_tmp;
    // An H200 profile (the NERSC recipe's metrics) of six kernels of known work; it loads with a
    // warning (tensor instructions without a tensor FLOP count, so no bf16 point).
    const QString m_profile = QStringLiteral(ROOFLAB_TEST_DATA "/ncu/real/knownwork-nersc.raw-base.csv");
    const QString m_small = QStringLiteral(ROOFLAB_TEST_DATA "/ncu/fp32-sgemm-raw.csv");

private slots:
    void initTestCase()
    {
        QVERIFY(QFile::exists(ROOFLAB_GUI));
        QVERIFY(QFile::exists(m_small));
    }

    void png()
    {
        const QString out = m_tmp.filePath("roofline.png");
        const Run r = rooflab({"--results", m_small, "--export-chart", out, "--size", "1280x720"});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QImage image;
        QVERIFY(image.load(out, "PNG"));
        QCOMPARE(image.size(), QSize(1280, 720));
        // Not a blank page: the roofs and points draw in colour on the white background.
        int coloured = 0;
        for (int y = 0; y < image.height(); y += 4)
            for (int x = 0; x < image.width(); x += 4)
                coloured += qAbs(qRed(image.pixel(x, y)) - qBlue(image.pixel(x, y))) > 60 ? 1 : 0;
        QVERIFY2(coloured > 200, qPrintable(QString::number(coloured)));
        QVERIFY2(r.out.contains("1280x720"), qPrintable(r.out));
    }

    void svg()
    {
        const QString out = m_tmp.filePath("roofline.svg");
        const Run r = rooflab({"--results", m_small, "--export-chart", out, "--gpu", "h200-sxm"});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QString error;
        const QString text = svgText(out, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QVERIFY2(text.contains("sgemm_tiled2d"), qPrintable(text)); // the kernel, named on its point
        QVERIFY2(text.contains("HBM 4.8 TB/s"), qPrintable(text));  // the H200 asked for
        QVERIFY(text.contains("FP32 67 TFLOP/s"));
    }

    void pdf()
    {
        const QString out = m_tmp.filePath("roofline.pdf");
        const Run r = rooflab({"--results", m_small, "--export-chart", out, "--size", "800x500"});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QFile f(out);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QVERIFY(f.read(5) == "%PDF-");
        QVERIFY(f.size() > 2000);
    }

    // A real profile loads with warnings: they go to stderr and the chart is still written;
    // grouped it has one point per kernel, expanded (--expand) no fewer; --levels limits it.
    void warningsAndOptions()
    {
        if (!QFile::exists(m_profile))
            QSKIP("tests/data/ncu/real/ has no knownwork-nersc.raw-base.csv");
        const QString out = m_tmp.filePath("profile.svg");
        const Run grouped = rooflab({"--results", m_profile, "--export-chart", out, "--levels", "hbm,l2,l1"});
        QVERIFY2(grouped.code == 0, qPrintable(grouped.err));
        QVERIFY2(grouped.err.contains("warning"), qPrintable(grouped.err));
        QString error;
        const QString text = svgText(out, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        for (const char *kernel : {"sgemm_naive", "vector_add"}) // the largest kernels are named
            QVERIFY2(text.contains(QLatin1String(kernel)), qPrintable(text));
        QVERIFY2(text.contains("L2 point"), qPrintable(text)); // the legend names the level markers
        QVERIFY2(text.contains("measured L2"),
                 qPrintable(text)); // the L2 roof the L2 points are held against
        auto points = [](const QString &out) {
            const int at = out.indexOf(" kernel point");
            return out.mid(out.lastIndexOf(' ', at - 1) + 1, at - out.lastIndexOf(' ', at - 1) - 1).toInt();
        };
        const Run expanded = rooflab({"--results", m_profile, "--export-chart", out, "--expand"});
        QVERIFY2(expanded.code == 0, qPrintable(expanded.err));
        QVERIFY2(points(grouped.out) > 0 && points(expanded.out) >= points(grouped.out),
                 qPrintable(grouped.out + expanded.out));
        const Run hbm = rooflab({"--results", m_profile, "--export-chart", out, "--levels", "hbm"});
        QVERIFY2(hbm.code == 0, qPrintable(hbm.err));
        QVERIFY(!svgText(out, &error).contains("L2 point"));
    }

    void badRequests_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        const QString s = m_small;
        const QString jpg = m_tmp.filePath("roofline.jpg");
        const QString png = m_tmp.filePath("never.png");
        QTest::newRow("extension") << QStringList{"--results", s, "--export-chart", jpg}
                                   << ".svg, .pdf or .png";
        QTest::newRow("size") << QStringList{"--results", s, "--export-chart", png, "--size", "12x9000"}
                              << "--size";
        QTest::newRow("size text") << QStringList{"--results", s, "--export-chart", png, "--size", "big"}
                                   << "--size";
        QTest::newRow("not a profile")
            << QStringList{"--results", ROOFLAB_TEST_DATA "/ncu/bad-not-ncu.csv", "--export-chart", png}
            << "not an Nsight Compute CSV";
        QTest::newRow("missing file")
            << QStringList{"--results", m_tmp.filePath("none.csv"), "--export-chart", png} << "none.csv";
        QTest::newRow("no files") << QStringList{"--export-chart", png} << "--results";
        QTest::newRow("level") << QStringList{"--results", s, "--export-chart", png, "--levels", "hbm,l9"}
                               << "l9";
        QTest::newRow("gpu") << QStringList{"--results", s, "--export-chart", png, "--gpu", "no-such-gpu"}
                             << "no-such-gpu";
    }
    void badRequests()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        const Run r = rooflab(args);
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains(message), qPrintable(r.err));
        QVERIFY(!QFile::exists(m_tmp.filePath("roofline.jpg")));
        QVERIFY(!QFile::exists(m_tmp.filePath("never.png")));
    }
    // The commands that show no window run with neither a display nor QT_QPA_PLATFORM.
    void withoutDisplay_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("expectOut"); // on stdout, or the file written when it ends in .png
        const QString png = m_tmp.filePath("headless.png");
        QTest::newRow("export-chart") << QStringList{"--results", m_small, "--export-chart", png} << png;
        QTest::newRow("help") << QStringList{"--help"} << "--export-chart";
        QTest::newRow("version") << QStringList{"--version"} << "rooflab ";
        QTest::newRow("quit-after-load")
            << QStringList{"--results", m_small, "--quit-after-load"} << QString();
    }
    void withoutDisplay()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, expectOut);
        const Run r = rooflab(args, true);
        QVERIFY2(r.code == 0, qPrintable(QStringLiteral("exit %1: %2").arg(r.code).arg(r.err)));
        if (expectOut.endsWith(QLatin1String(".png")))
            QVERIFY(!QImage(expectOut).isNull());
        else
            QVERIFY2(r.out.contains(expectOut), qPrintable(r.out));
    }
};

QTEST_MAIN(TestGuiExportChart)
#include "tst_gui_export_chart.moc"
