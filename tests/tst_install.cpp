// `cmake --install` into a scratch prefix gives a RoofLab that runs from anywhere: the programs
// find the installed database, lessons, translations and kernel sources (model/paths.cpp looks
// in <exe>/../share/rooflab), and the desktop file and icon are where desktops look for them.
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QtEndian>

class TestInstall : public QObject
{
    Q_OBJECT
    QTemporaryDir m_prefix;
    QTemporaryDir m_elsewhere; // a working directory with nothing of RoofLab in it

    // The installed programs must not be pointed at the source tree.
    QProcessEnvironment cleanEnvironment() const
    {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.remove(QStringLiteral("ROOFLAB_RESOURCES"));
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        env.insert(QStringLiteral("XDG_CONFIG_HOME"), m_elsewhere.filePath(QStringLiteral("config")));
        env.insert(QStringLiteral("XDG_DATA_HOME"), m_elsewhere.filePath(QStringLiteral("data")));
        return env;
    }

    QString installed(const QString &relative) const { return m_prefix.filePath(relative); }

private slots:
    void initTestCase()
    {
        QVERIFY(m_prefix.isValid());
        QVERIFY(m_elsewhere.isValid());
        QProcess cmake;
        cmake.setProcessChannelMode(QProcess::MergedChannels);
        cmake.start(QStringLiteral(ROOFLAB_CMAKE),
                    {QStringLiteral("--install"), QStringLiteral(ROOFLAB_BINARY_DIR),
                     QStringLiteral("--prefix"), m_prefix.path()});
        QVERIFY2(cmake.waitForFinished(300000), "cmake --install did not finish");
        const QByteArray log = cmake.readAll();
        QVERIFY2(cmake.exitStatus() == QProcess::NormalExit && cmake.exitCode() == 0, log.constData());
    }

    void filesInPlace_data()
    {
        QTest::addColumn<QString>("path");
        QTest::newRow("GUI") << "bin/rooflab";
        QTest::newRow("CLI") << "bin/rooflab-cli";
        QTest::newRow("GPU database") << "share/rooflab/gpus/h200-sxm.json";
        QTest::newRow("compute-capability limits") << "share/rooflab/cc_limits.json";
        QTest::newRow("lessons") << "share/rooflab/lessons/01-roofline.json";
        QTest::newRow("Chinese translation") << "share/rooflab/translations/rooflab_zh_CN.qm";
        QTest::newRow("desktop file") << "share/applications/rooflab.desktop";
        QTest::newRow("icon") << "share/icons/hicolor/scalable/apps/rooflab.svg";
        QTest::newRow("user guide") << "share/doc/rooflab/USER_GUIDE.md";
        QTest::newRow("user guide's pictures") << "share/doc/rooflab/screenshots/main.png";
        QTest::newRow("licence") << "share/doc/rooflab/LICENSE";
    }

    // Every committed sample results file and every GEMM ladder step is installed, byte for
    // byte (globbed from the source tree: a new or renamed file is a new row).
    void copiesOfTheSources_data()
    {
        QTest::addColumn<QString>("source");
        QTest::addColumn<QString>("path");
        const QString resources = QStringLiteral(ROOFLAB_SOURCE_RESOURCES_DIR);
        QDirIterator samples(resources + "/samples", QDir::Files, QDirIterator::Subdirectories);
        QStringList rows;
        while (samples.hasNext()) {
            const QString f = samples.next();
            rows << f;
            QTest::newRow(qPrintable("samples/" + f.mid(resources.size() + 9)))
                << f << "share/rooflab/" + f.mid(resources.size() + 1);
        }
        const QDir gemm(QStringLiteral(ROOFLAB_SOURCE_DIR "/kernels/src/gemm"));
        const QStringList steps =
            gemm.entryList({QStringLiteral("*.cu"), QStringLiteral("*.cuh")}, QDir::Files, QDir::Name);
        for (const QString &cu : steps)
            QTest::newRow(qPrintable("kernels/gemm/" + cu))
                << gemm.filePath(cu) << "share/rooflab/kernels/gemm/" + cu;
        QVERIFY2(rows.size() > 0, "no sample files in the source tree");
        QVERIFY2(steps.size() >= 10, "the GEMM ladder's sources are where the install rule looks");
    }

    void copiesOfTheSources()
    {
        QFETCH(QString, source);
        QFETCH(QString, path);
        QFile a(source), b(installed(path));
        QVERIFY2(b.open(QIODevice::ReadOnly), qPrintable(b.fileName() + " is not installed"));
        QVERIFY(a.open(QIODevice::ReadOnly));
        QVERIFY2(a.readAll() == b.readAll(), qPrintable(b.fileName() + " differs from " + source));
    }

    void filesInPlace()
    {
        QFETCH(QString, path);
        const QFileInfo info(installed(path));
        QVERIFY2(info.isFile(), qPrintable(info.filePath()));
        QVERIFY(info.size() > 0);
        if (path.startsWith(QLatin1String("bin/")))
            QVERIFY(info.isExecutable());
    }

    void kernelSources()
    {
        const QDir kernels(installed(QStringLiteral("share/rooflab/kernels")));
        QVERIFY2(kernels.exists(), qPrintable(kernels.path()));
        const QStringList sources =
            kernels.entryList({QStringLiteral("*.cu"), QStringLiteral("*.cuh")}, QDir::Files);
        QVERIFY2(!sources.isEmpty(), "kernel sources are installed for NVRTC");
    }

    void lessonsComplete()
    {
        const QStringList shipped = QDir(QStringLiteral(ROOFLAB_SOURCE_RESOURCES_DIR "/lessons"))
                                        .entryList({QStringLiteral("*.json")});
        const QStringList there =
            QDir(installed(QStringLiteral("share/rooflab/lessons"))).entryList({QStringLiteral("*.json")});
        QCOMPARE(there, shipped);
    }

    void desktopFile()
    {
        QFile f(installed(QStringLiteral("share/applications/rooflab.desktop")));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray text = f.readAll();
        QVERIFY(text.contains("Exec=rooflab"));
        QVERIFY(text.contains("Icon=rooflab"));
        QVERIFY(text.contains("Name[zh_CN]=") || text.contains("GenericName[zh_CN]="));
        const QString validate = QStandardPaths::findExecutable(QStringLiteral("desktop-file-validate"));
        if (validate.isEmpty())
            return; // desktop-file-utils not installed: the checks above are what we have
        QProcess p;
        p.setProcessChannelMode(QProcess::MergedChannels);
        p.start(validate, {f.fileName()});
        QVERIFY(p.waitForFinished(30000));
        QVERIFY2(p.exitCode() == 0, p.readAll().constData());
    }

    // The installed CLI, run from an unrelated folder, finds the installed database.
    void cliFindsDatabase()
    {
        // A GPU only the installed copy has: proof that the installed share/rooflab is read,
        // not the source tree the program was built from.
        QFile teaching(installed(QStringLiteral("share/rooflab/gpus/teaching-gpu.json")));
        QVERIFY(teaching.open(QIODevice::ReadOnly));
        QJsonObject gpu = QJsonDocument::fromJson(teaching.readAll()).object();
        QVERIFY(!gpu.isEmpty());
        gpu.insert(QStringLiteral("id"), QStringLiteral("installed-copy"));
        QFile marker(installed(QStringLiteral("share/rooflab/gpus/installed-copy.json")));
        QVERIFY(marker.open(QIODevice::WriteOnly));
        marker.write(QJsonDocument(gpu).toJson());
        marker.close();

        QProcess cli;
        cli.setProcessEnvironment(cleanEnvironment());
        cli.setWorkingDirectory(m_elsewhere.path());
        cli.start(installed(QStringLiteral("bin/rooflab-cli")),
                  {QStringLiteral("gpus"), QStringLiteral("--json")});
        QVERIFY(cli.waitForFinished(60000));
        QVERIFY2(cli.exitCode() == 0, cli.readAllStandardError().constData());
        const QJsonDocument doc = QJsonDocument::fromJson(cli.readAllStandardOutput());
        QVERIFY(doc.isArray() || doc.isObject());
        const QJsonArray gpus =
            doc.isArray() ? doc.array() : doc.object().value(QStringLiteral("gpus")).toArray();
        QVERIFY(gpus.size() >= 20);
        QStringList ids;
        for (const QJsonValue &g : gpus)
            ids << g.toObject().value(QStringLiteral("id")).toString();
        QVERIFY(ids.contains(QStringLiteral("h200-sxm")));
        QVERIFY2(ids.contains(QStringLiteral("installed-copy")), "the installed database is the one read");
        QFile::remove(marker.fileName());
    }

    // The installed CLI compiles a bundled kernel from the installed sources: an installed
    // GEMM source made unusable makes the compile fail with NVRTC's message, and put back it
    // compiles again (no GPU needed; --no-cache so the disk cache cannot answer).
    void compileFromInstalledCopy()
    {
        const auto compile = [this](QByteArray *out) {
            QProcess cli;
            cli.setProcessEnvironment(cleanEnvironment());
            cli.setWorkingDirectory(m_elsewhere.path());
            cli.setProcessChannelMode(QProcess::MergedChannels);
            cli.start(installed(QStringLiteral("bin/rooflab-cli")),
                      {QStringLiteral("compile"), QStringLiteral("gemm.naive"), QStringLiteral("--arch"),
                       QStringLiteral("sm_90"), QStringLiteral("--no-cache"), QStringLiteral("--json")});
            if (!cli.waitForFinished(120000))
                return -1;
            *out = cli.readAll();
            return cli.exitCode();
        };
        QByteArray out;
        QCOMPARE(compile(&out), 0);
        const QJsonObject result = QJsonDocument::fromJson(out.mid(out.indexOf('{'))).object();
        const QJsonArray functions = result.value(QStringLiteral("functions")).toArray();
        QVERIFY2(!functions.isEmpty(), out.constData());
        QVERIFY2(functions.first().toObject().value(QStringLiteral("registers")).toInt() > 0,
                 out.constData());

        const QDir gemm(installed(QStringLiteral("share/rooflab/kernels/gemm")));
        const QStringList sources = gemm.entryList({QStringLiteral("*.cu")}, QDir::Files);
        QVERIFY(!sources.isEmpty());
        QHash<QString, QByteArray> kept;
        for (const QString &cu : sources) {
            QFile f(gemm.filePath(cu));
            QVERIFY(f.open(QIODevice::ReadWrite));
            kept.insert(cu, f.readAll());
            f.write("\n#error the installed copy was compiled\n");
        }
        const int broken = compile(&out);
        for (auto it = kept.cbegin(); it != kept.cend(); ++it) {
            QFile f(gemm.filePath(it.key()));
            QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
            f.write(it.value());
        }
        QVERIFY2(broken != 0, out.constData());
        QVERIFY2(out.contains("the installed copy was compiled"), out.constData());
        QCOMPARE(compile(&out), 0);
    }

    // The installed GUI, from the same folder, opens a lesson in Chinese and renders it.
    void guiRunsFromAnywhere()
    {
        const QString shot = m_elsewhere.filePath(QStringLiteral("lesson.png"));
        QProcess gui;
        gui.setProcessEnvironment(cleanEnvironment());
        gui.setWorkingDirectory(m_elsewhere.path());
        gui.setProcessChannelMode(QProcess::MergedChannels);
        gui.start(installed(QStringLiteral("bin/rooflab")),
                  {QStringLiteral("--screenshot"), shot, QStringLiteral("--lang"), QStringLiteral("zh_CN"),
                   QStringLiteral("--lesson"), QStringLiteral("02-intensity"), QStringLiteral("--step"),
                   QStringLiteral("3"), QStringLiteral("--size"), QStringLiteral("1000x700")});
        QVERIFY(gui.waitForFinished(60000));
        const QByteArray log = gui.readAll();
        QVERIFY2(gui.exitCode() == 0, log.constData());
        QVERIFY2(!log.contains("no translation"), log.constData());
        // QtCore only here: read the PNG header (signature, then IHDR width and height).
        QFile png(shot);
        QVERIFY(png.open(QIODevice::ReadOnly));
        const QByteArray head = png.read(24);
        QVERIFY(head.startsWith("\x89PNG\r\n\x1a\n"));
        QCOMPARE(qFromBigEndian<quint32>(head.constData() + 16), 1000u);
        QCOMPARE(qFromBigEndian<quint32>(head.constData() + 20), 700u);
    }
};

QTEST_MAIN(TestInstall)
#include "tst_install.moc"
