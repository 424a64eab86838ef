// model::NcuReportReader without Nsight Compute: a stand-in ncu (tests/fake-ncu.sh) serves the
// export the real ncu made of each committed report in tests/data/ncu/real/, and fails as the
// real one does for a file that is not a report. Checked: which ncu is found (setting, PATH),
// the exact arguments, the report read blocking and asynchronously (the same points as the
// committed export), progress, cancel, the missing-ncu message, a failing ncu.
#include "ncureport.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using model::NcuImport;
using model::NcuReport;
using model::NcuReportOptions;
using model::NcuReportReader;

namespace {

const QString kReal = QStringLiteral(ROOFLAB_TEST_DATA "/ncu/real/");
const QString kFakeNcu = QStringLiteral(ROOFLAB_TEST_DATA "/../fake-ncu.sh");

QStringList lines(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    QStringList out = QString::fromUtf8(f.readAll()).split('\n');
    if (!out.isEmpty() && out.last().isEmpty())
        out.removeLast();
    return out;
}

// The points of two reports side by side: the same kernels, precisions, levels and figures.
void compareReports(const NcuReport &a, const NcuReport &b)
{
    QCOMPARE(a.launches.size(), b.launches.size());
    QCOMPARE(a.results.measurements.size(), b.results.measurements.size());
    for (qsizetype i = 0; i < a.results.measurements.size(); ++i) {
        const auto &x = a.results.measurements[i], &y = b.results.measurements[i];
        QCOMPARE(x.kernel, y.kernel);
        QCOMPARE(x.precision, y.precision);
        QCOMPARE(x.level, y.level);
        QCOMPARE(x.flops, y.flops);
        QCOMPARE(x.bytes, y.bytes);
        QCOMPARE(x.time.median, y.time.median);
    }
    QCOMPARE(a.noPoints, b.noPoints);
}

} // namespace

class TestNcuReport : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_log;

    void useFake() { QSettings().setValue(NcuReportReader::kSettingKey, kFakeNcu); }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QCoreApplication::setOrganizationName("RoofLab-tests");
        QCoreApplication::setApplicationName("tst_ncureport");
        QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, m_dir.filePath("settings"));
        QVERIFY2(QFileInfo(kFakeNcu).isExecutable(), qPrintable(kFakeNcu));
        qunsetenv("ROOFLAB_NCU");
        m_log = m_dir.filePath("args.txt");
        qputenv("FAKE_NCU_LOG", m_log.toLocal8Bit());
    }

    void init()
    {
        qunsetenv("FAKE_NCU_CHUNK");
        qunsetenv("FAKE_NCU_DELAY");
        qunsetenv("FAKE_NCU_EXIT");
        QFile::remove(m_log);
        useFake();
    }

    void recognisesReports()
    {
        QVERIFY(NcuReportReader::isReport("a/b/x.ncu-rep"));
        QVERIFY(NcuReportReader::isReport("X.NCU-REP"));
        QVERIFY(!NcuReportReader::isReport("x.csv"));
        QVERIFY(!NcuReportReader::isReport("x.ncu-rep.csv"));
    }

    void exportArgumentsAreExactlyThese()
    {
        QCOMPARE(NcuReportReader::exportArguments("my report.ncu-rep"),
                 QStringList(
                     {"--import", "my report.ncu-rep", "--csv", "--page", "raw", "--print-units", "base"}));
        QCOMPARE(NcuReportReader::exportCommand("a.ncu-rep"),
                 QString("ncu --import a.ncu-rep --csv --page raw --print-units base"));
        // A name a shell would split is quoted in the command shown to a user.
        QCOMPARE(NcuReportReader::exportCommand("my report.ncu-rep"),
                 QString("ncu --import 'my report.ncu-rep' --csv --page raw --print-units base"));
    }

    void findsNcuFromTheSettingThenPath()
    {
        QString how;
        QCOMPARE(NcuReportReader::findNcu(&how), QFileInfo(kFakeNcu).absoluteFilePath());
        QCOMPARE(how, QString("setting"));

        // A setting naming nothing usable is passed over: then ncu on PATH.
        QSettings().setValue(NcuReportReader::kSettingKey, m_dir.filePath("no-such-ncu"));
        const QString bin = m_dir.filePath("bin");
        QVERIFY(QDir().mkpath(bin));
        QFile::remove(bin + "/ncu");
        QVERIFY(QFile::link(kFakeNcu, bin + "/ncu"));
        const QByteArray path = qgetenv("PATH");
        qputenv("PATH", (bin + ":" + QString::fromLocal8Bit(path)).toLocal8Bit());
        const QString found = NcuReportReader::findNcu(&how);
        qputenv("PATH", path);
        QCOMPARE(found, bin + "/ncu");
        QCOMPARE(how, QString("PATH"));
    }

    // The committed report through the stand-in gives what the committed export gives, and ncu
    // got exactly the arguments it should.
    void blockingReadServesTheReport_data()
    {
        QTest::addColumn<QString>("stem");
        QTest::newRow("triad, RoofLab's metrics") << "triad-rooflab";
        QTest::newRow("triad, --set full") << "triad-full";
        QTest::newRow("reg2d, --set roofline") << "reg2d-roofline";
        QTest::newRow("reg2d, NERSC's metrics") << "reg2d-nersc";
    }
    void blockingReadServesTheReport()
    {
        QFETCH(QString, stem);
        const QString report = kReal + stem + ".ncu-rep";
        QString error;
        QList<qint64> seen;
        NcuReportOptions o;
        o.progress = [&seen](qint64 bytes) {
            seen.append(bytes);
            return true;
        };
        const auto r = NcuReportReader::read(report, &error, o);
        QVERIFY2(r, qPrintable(error));
        QCOMPARE(lines(m_log), NcuReportReader::exportArguments(report));
        const auto direct = NcuImport::readFile(kReal + stem + ".raw-base.csv", &error);
        QVERIFY2(direct, qPrintable(error));
        compareReports(*r, *direct);
        QVERIFY(!r->results.measurements.isEmpty());
        QVERIFY(!seen.isEmpty());
        QCOMPARE(seen.last(), QFileInfo(kReal + stem + ".raw-base.csv").size());

        const auto csv = NcuReportReader::exportCsv(report, &error);
        QVERIFY2(csv, qPrintable(error));
        QFile f(kReal + stem + ".raw-base.csv");
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(*csv, f.readAll());
    }

    // A name with spaces and quotes reaches ncu as one argument, untouched (no shell between).
    void oddFileNamesReachNcuAsTheyAre()
    {
        const QString dir = m_dir.filePath("a dir; $(x)");
        QVERIFY(QDir().mkpath(dir));
        const QString report = dir + "/it's run 1.ncu-rep";
        QFile::remove(report);
        QFile::remove(dir + "/it's run 1.raw-base.csv");
        QVERIFY(QFile::copy(kReal + "triad-rooflab.ncu-rep", report));
        QVERIFY(QFile::copy(kReal + "triad-rooflab.raw-base.csv", dir + "/it's run 1.raw-base.csv"));
        QString error;
        const auto r = NcuReportReader::read(report, &error);
        QVERIFY2(r, qPrintable(error));
        QCOMPARE(lines(m_log), NcuReportReader::exportArguments(report));
        QCOMPARE(r->results.measurements.size(), 3);
    }

    // The default set has no FLOP counts: a report with its launch and the message, not a failure.
    void defaultSetGivesTheKernelListAndTheMessage()
    {
        QString error;
        const auto r = NcuReportReader::read(kReal + "triad-default.ncu-rep", &error);
        QVERIFY2(r, qPrintable(error));
        QVERIFY(r->results.measurements.isEmpty());
        QCOMPARE(r->launches.size(), 1);
        QVERIFY(r->launches[0].kernel.contains("binary_vector"));
        QVERIFY(r->launches[0].timeS > 0);
        QVERIFY(!r->noPoints.isEmpty());
    }

    void asyncReadReportsProgressThenTheReport()
    {
        qputenv("FAKE_NCU_CHUNK", "16384");
        qputenv("FAKE_NCU_DELAY", "0.02");
        const QString stem = "triad-full"; // 162 KB: ten pieces
        NcuReportReader reader;
        QSignalSpy progress(&reader, &NcuReportReader::progress);
        QSignalSpy exported(&reader, &NcuReportReader::exported);
        QSignalSpy parsing(&reader, &NcuReportReader::parseProgress);
        QSignalSpy failed(&reader, &NcuReportReader::failed);
        std::optional<NcuReport> report;
        connect(&reader, &NcuReportReader::finished, this, [&report](const NcuReport &r) { report = r; });
        QVERIFY(reader.start(kReal + stem + ".ncu-rep"));
        QVERIFY(reader.isRunning());
        QTRY_VERIFY_WITH_TIMEOUT(report || !failed.isEmpty(), 20000);
        QVERIFY2(failed.isEmpty(), failed.isEmpty() ? "" : qPrintable(failed.first().first().toString()));
        QVERIFY(!reader.isRunning());
        const qint64 size = QFileInfo(kReal + stem + ".raw-base.csv").size();
        QVERIFY2(progress.size() >= 2, qPrintable(QString::number(progress.size())));
        qint64 last = -1;
        for (const auto &p : progress) {
            QVERIFY(p.first().toLongLong() > last); // only growing figures
            last = p.first().toLongLong();
        }
        QCOMPARE(last, size);
        QCOMPARE(exported.size(), 1);
        QCOMPARE(exported.first().first().toLongLong(), size);
        // Then the CSV read in the background, reported against the CSV's size.
        QVERIFY(!parsing.isEmpty());
        for (const auto &p : parsing) {
            QCOMPARE(p.at(1).toLongLong(), size);
            QVERIFY(p.at(0).toLongLong() >= 0 && p.at(0).toLongLong() <= size);
        }
        QString error;
        const auto direct = NcuImport::readFile(kReal + stem + ".raw-base.csv", &error);
        QVERIFY(direct);
        compareReports(*report, *direct);
        QCOMPARE(lines(m_log), NcuReportReader::exportArguments(kReal + stem + ".ncu-rep"));
    }

    void cancelKillsNcu()
    {
        qputenv("FAKE_NCU_CHUNK", "1024");
        qputenv("FAKE_NCU_DELAY", "0.2"); // 160 pieces: half a minute unless cancelled
        NcuReportReader reader;
        QSignalSpy progress(&reader, &NcuReportReader::progress);
        QSignalSpy failed(&reader, &NcuReportReader::failed);
        bool finished = false;
        connect(&reader, &NcuReportReader::finished, this, [&finished] { finished = true; });
        QVERIFY(reader.start(kReal + "triad-full.ncu-rep"));
        QTRY_VERIFY_WITH_TIMEOUT(!progress.isEmpty() && progress.last().first().toLongLong() > 0, 10000);
        reader.cancel();
        QTRY_COMPARE_WITH_TIMEOUT(failed.size(), 1, 5000);
        QCOMPARE(failed.first().first().toString(), NcuReportReader::cancelledMessage());
        QVERIFY(!reader.isRunning());
        QTest::qWait(300);
        QVERIFY(!finished);
        QCOMPARE(failed.size(), 1);
        // A reader is used again after a cancel.
        qunsetenv("FAKE_NCU_CHUNK");
        qunsetenv("FAKE_NCU_DELAY");
        bool again = false;
        connect(&reader, &NcuReportReader::finished, this, [&again] { again = true; });
        QVERIFY(reader.start(kReal + "triad-rooflab.ncu-rep"));
        QTRY_VERIFY_WITH_TIMEOUT(again, 10000);
    }

    // A cancel once ncu is done, while the CSV is read in the background: cancelled, no report.
    void cancelWhileReadingTheCsv()
    {
        NcuReportReader reader;
        QSignalSpy failed(&reader, &NcuReportReader::failed);
        bool finished = false;
        connect(&reader, &NcuReportReader::finished, this, [&finished] { finished = true; });
        connect(&reader, &NcuReportReader::exported, &reader, &NcuReportReader::cancel);
        QVERIFY(reader.start(kReal + "triad-full.ncu-rep"));
        QTRY_COMPARE_WITH_TIMEOUT(failed.size(), 1, 10000);
        QCOMPARE(failed.first().first().toString(), NcuReportReader::cancelledMessage());
        QVERIFY(!finished);
        QVERIFY(!reader.isRunning());
    }

    void cancelFromTheBlockingProgress()
    {
        qputenv("FAKE_NCU_CHUNK", "1024");
        qputenv("FAKE_NCU_DELAY", "0.2");
        NcuReportOptions o;
        o.progress = [](qint64 bytes) { return bytes == 0; }; // stop at the first bytes
        QString error;
        QVERIFY(!NcuReportReader::read(kReal + "triad-full.ncu-rep", &error, o));
        QCOMPARE(error, NcuReportReader::cancelledMessage());
    }

    // A file that is not a report: ncu's own words, the file named, nothing returned.
    void failingNcu_data()
    {
        QTest::addColumn<QString>("content");
        QTest::addColumn<QByteArray>("exitCode");
        QTest::addColumn<QString>("expected");
        QTest::newRow("text file") << "not a report\n"
                                   << QByteArray() << "The file is not an Nsight Compute profiler report.";
        QTest::newRow("report the stand-in cannot read")
            << QString("NVR") + QChar(0) + "damaged" << QByteArray() << "An unexpected incompatibility";
        QTest::newRow("ncu exits with an error after its output")
            << QString() << QByteArray("3") << "ncu exited with code 3";
    }
    void failingNcu()
    {
        QFETCH(QString, content);
        QFETCH(QByteArray, exitCode);
        QFETCH(QString, expected);
        QString report = kReal + "triad-rooflab.ncu-rep";
        if (!content.isEmpty()) {
            report = m_dir.filePath("bad.ncu-rep");
            QFile f(report);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(content.toLatin1());
        }
        if (!exitCode.isEmpty())
            qputenv("FAKE_NCU_EXIT", exitCode);
        QString error;
        QVERIFY(!NcuReportReader::read(report, &error));
        QVERIFY2(error.contains(expected), qPrintable(error));
        QVERIFY2(error.contains(QFileInfo(report).fileName()), qPrintable(error));

        NcuReportReader reader;
        QSignalSpy failed(&reader, &NcuReportReader::failed);
        bool finished = false;
        connect(&reader, &NcuReportReader::finished, this, [&finished] { finished = true; });
        QVERIFY(reader.start(report));
        QTRY_COMPARE_WITH_TIMEOUT(failed.size(), 1, 10000);
        QCOMPARE(failed.first().first().toString(), error);
        QVERIFY(!finished);
    }

    void missingFile()
    {
        QString error;
        QVERIFY(!NcuReportReader::read(m_dir.filePath("nothing.ncu-rep"), &error));
        QVERIFY2(error.contains("nothing.ncu-rep") && error.contains("no such file"), qPrintable(error));
        QVERIFY(!QFile::exists(m_log)); // ncu was not started for it
    }

    void missingNcu()
    {
        const QString msg = NcuReportReader::missingNcuMessage("/data/run 3.ncu-rep");
        // One line: what is needed, and the command that makes a CSV on a machine with ncu.
        QVERIFY(!msg.contains('\n'));
        QVERIFY2(msg.contains("Nsight Compute"), qPrintable(msg));
        QVERIFY2(
            msg.endsWith("ncu --import 'run 3.ncu-rep' --csv --page raw --print-units base > 'run 3.csv'"),
            qPrintable(msg));

        QSettings().setValue(NcuReportReader::kSettingKey, m_dir.filePath("no-such-ncu"));
        const QByteArray path = qgetenv("PATH"), home = qgetenv("CUDA_HOME"), cudaPath = qgetenv("CUDA_PATH");
        qputenv("PATH", m_dir.filePath("empty").toLocal8Bit());
        qunsetenv("CUDA_HOME");
        qunsetenv("CUDA_PATH");
        const QString installed = NcuReportReader::findNcu();
        auto restore = qScopeGuard([&] {
            qputenv("PATH", path);
            if (!home.isEmpty())
                qputenv("CUDA_HOME", home);
            if (!cudaPath.isEmpty())
                qputenv("CUDA_PATH", cudaPath);
        });
        if (!installed.isEmpty())
            QSKIP(qPrintable("an Nsight Compute is installed here: " + installed));
        const QString report = kReal + "triad-rooflab.ncu-rep";
        QString error;
        QVERIFY(!NcuReportReader::read(report, &error));
        QCOMPARE(error, NcuReportReader::missingNcuMessage(report));
        NcuReportReader reader;
        QSignalSpy failed(&reader, &NcuReportReader::failed);
        QVERIFY(!reader.start(report));
        QCOMPARE(failed.size(), 1);
        QCOMPARE(failed.first().first().toString(), NcuReportReader::missingNcuMessage(report));
        QVERIFY(!reader.isRunning());
    }

    // A reader destroyed while ncu runs takes ncu with it.
    void destroyWhileRunning()
    {
        qputenv("FAKE_NCU_CHUNK", "1024");
        qputenv("FAKE_NCU_DELAY", "0.2");
        auto *reader = new NcuReportReader;
        QSignalSpy progress(reader, &NcuReportReader::progress);
        QVERIFY(reader->start(kReal + "triad-full.ncu-rep"));
        QTRY_VERIFY_WITH_TIMEOUT(!progress.isEmpty(), 10000);
        auto *ncu = reader->findChild<QProcess *>();
        QVERIFY(ncu);
        const qint64 pid = ncu->processId();
        QVERIFY(pid > 0 && QFileInfo::exists(QString("/proc/%1").arg(pid)));
        delete reader;
        QVERIFY(!QFileInfo::exists(QString("/proc/%1").arg(pid))); // killed and reaped
    }
};

QTEST_GUILESS_MAIN(TestNcuReport)
#include "tst_ncureport.moc"
