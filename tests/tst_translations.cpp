// The Simplified Chinese translation is complete and current: nothing unfinished, empty or
// obsolete in the committed .ts; every tr() string in the code today is in it (lupdate is run
// over app/ model/ kernels/ into a temporary .ts and compared); placeholders survive
// translation; and at run time the strings come out in Chinese, model/'s helpers included.
//
// When this fails after someone added strings: run tools/update-translations.sh, translate
// what it lists, and commit resources/translations/rooflab_zh_CN.ts.
#include "shell/uilanguage.h"

#include <QCoreApplication>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>
#include <QProcess>
#include <QRegularExpression>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>
#include <QXmlStreamReader>

namespace {

const QString kSourceDir = QStringLiteral(ROOFLAB_SOURCE_DIR);
const QString kTs = kSourceDir + QStringLiteral("/resources/translations/rooflab_zh_CN.ts");

struct Message
{
    QString context;
    QString source;
    QString comment;
    QString type;             // translation's type attribute: "", "unfinished", "vanished", "obsolete"
    QStringList translations; // one, or one per numerus form
    bool numerus = false;

    QString key() const { return context + QLatin1Char('\x1f') + source + QLatin1Char('\x1f') + comment; }
    QString where() const { return QStringLiteral("[%1] \"%2\"").arg(context, source); }
};

QList<Message> readTs(const QString &path, QString *error)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        *error = f.errorString();
        return {};
    }
    QList<Message> out;
    QXmlStreamReader xml(&f);
    QString context;
    Message m;
    bool inMessage = false;
    while (!xml.atEnd()) {
        xml.readNext();
        if (xml.isStartElement()) {
            const auto name = xml.name();
            if (name == QLatin1String("context")) {
                context.clear();
            } else if (name == QLatin1String("name") && !inMessage) {
                context = xml.readElementText();
            } else if (name == QLatin1String("message")) {
                m = Message{};
                m.context = context;
                m.numerus = xml.attributes().value(QLatin1String("numerus")) == QLatin1String("yes");
                inMessage = true;
            } else if (inMessage && name == QLatin1String("source")) {
                m.source = xml.readElementText();
            } else if (inMessage && name == QLatin1String("comment")) {
                m.comment = xml.readElementText();
            } else if (inMessage && name == QLatin1String("translation")) {
                m.type = xml.attributes().value(QLatin1String("type")).toString();
                if (!m.numerus)
                    m.translations << xml.readElementText();
            } else if (inMessage && name == QLatin1String("numerusform")) {
                m.translations << xml.readElementText();
            }
        } else if (xml.isEndElement() && xml.name() == QLatin1String("message")) {
            out << m;
            inMessage = false;
        }
    }
    if (xml.hasError())
        *error = QStringLiteral("%1 at line %2").arg(xml.errorString()).arg(xml.lineNumber());
    return out;
}

// %1..%99, %L1, %n: what QString::arg and tr(n) fill in. A translation must keep every one.
QStringList placeholders(const QString &text)
{
    static const QRegularExpression re(QStringLiteral("%L?(\\d{1,2}|n)"));
    QStringList out;
    auto it = re.globalMatch(text);
    while (it.hasNext())
        out << it.next().captured(1);
    out.sort();
    out.removeDuplicates();
    return out;
}

} // namespace

class TestTranslations : public QObject
{
    Q_OBJECT
    QList<Message> m_committed;

private slots:
    void initTestCase()
    {
        QString error;
        m_committed = readTs(kTs, &error);
        QVERIFY2(error.isEmpty(), qPrintable(kTs + QStringLiteral(": ") + error));
        QVERIFY(m_committed.size() > 100);
    }

    void nothingUnfinished()
    {
        QStringList bad;
        for (const Message &m : std::as_const(m_committed)) {
            if (!m.type.isEmpty())
                bad << QStringLiteral("%1: %2").arg(m.where(), m.type);
            else if (m.translations.isEmpty() ||
                     std::any_of(m.translations.cbegin(), m.translations.cend(),
                                 [](const QString &t) { return t.trimmed().isEmpty(); }))
                bad << QStringLiteral("%1: empty translation").arg(m.where());
        }
        QVERIFY2(
            bad.isEmpty(),
            qPrintable(QStringLiteral("%1 message(s) not translated (run tools/update-translations.sh and "
                                      "translate them):\n  ")
                           .arg(bad.size()) +
                       bad.join(QStringLiteral("\n  "))));
    }

    void placeholdersKept()
    {
        QStringList bad;
        for (const Message &m : std::as_const(m_committed)) {
            const QStringList want = placeholders(m.source);
            for (const QString &t : m.translations) {
                QStringList have = placeholders(t);
                // A Chinese numerus form may leave the count out ("%n 个文件" or just "文件").
                if (m.numerus && !have.contains(QStringLiteral("n")) && want.contains(QStringLiteral("n"))) {
                    have << QStringLiteral("n");
                    have.sort();
                }
                if (have != want)
                    bad << QStringLiteral("%1 -> \"%2\": placeholders %3, expected %4")
                               .arg(m.where(), t, have.join(QLatin1Char(',')), want.join(QLatin1Char(',')));
            }
        }
        QVERIFY2(bad.isEmpty(), qPrintable(bad.join(QLatin1Char('\n'))));
    }

    // English's plural forms: every %n message of the code (all of them are in the Chinese
    // catalogue, checked above) has its "one" and "many" form written, and "1 warp", not
    // "1 warps", comes out at run time.
    void englishPluralForms()
    {
        QString error;
        const QString enTs = kSourceDir + QStringLiteral("/resources/translations/rooflab_en.ts");
        const QList<Message> en = readTs(enTs, &error);
        QVERIFY2(error.isEmpty(), qPrintable(enTs + QStringLiteral(": ") + error));
        QSet<QString> written;
        QStringList bad;
        for (const Message &m : en) {
            if (m.numerus && m.type.isEmpty() && m.translations.size() == 2 &&
                !m.translations.at(0).trimmed().isEmpty() && !m.translations.at(1).trimmed().isEmpty())
                written.insert(m.key());
            else
                bad << m.where();
        }
        for (const Message &m : std::as_const(m_committed))
            if (m.numerus && !written.contains(m.key()))
                bad << m.where();
        bad.removeDuplicates();
        QVERIFY2(bad.isEmpty(), qPrintable(QStringLiteral("plural forms not written in %1 (run "
                                                          "tools/update-translations.sh):\n  ")
                                               .arg(enTs) +
                                           bad.join(QStringLiteral("\n  "))));

        QVERIFY(UiLanguage::install(QStringLiteral("en")));
        QCOMPARE(
            QCoreApplication::translate("OccupancyPanel", "%n warp(s) per block of %1 per SM", nullptr, 1),
            QStringLiteral("1 warp per block of %1 per SM"));
        QCOMPARE(
            QCoreApplication::translate("OccupancyPanel", "%n warp(s) per block of %1 per SM", nullptr, 4),
            QStringLiteral("4 warps per block of %1 per SM"));
    }

    // lupdate over the code as it is now, into a scratch file, compared with the committed one.
    void everyStringInTheCodeIsInTheTs()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString fresh = dir.filePath(QStringLiteral("fresh_zh_CN.ts"));
        QProcess lupdate;
        lupdate.setWorkingDirectory(kSourceDir);
        lupdate.setProcessChannelMode(QProcess::MergedChannels);
        lupdate.start(QStringLiteral(ROOFLAB_LUPDATE),
                      {QStringLiteral("-silent"), QStringLiteral("-locations"), QStringLiteral("none"),
                       QStringLiteral("-no-obsolete"), QStringLiteral("-source-language"),
                       QStringLiteral("en_US"), QStringLiteral("-target-language"), QStringLiteral("zh_CN"),
                       QStringLiteral("-extensions"), QStringLiteral("cpp,h"), QStringLiteral("app"),
                       QStringLiteral("model"), QStringLiteral("kernels"), QStringLiteral("-ts"), fresh});
        QVERIFY2(lupdate.waitForFinished(120000), "lupdate did not finish");
        QVERIFY2(lupdate.exitCode() == 0, lupdate.readAll().constData());

        QString error;
        const QList<Message> now = readTs(fresh, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QVERIFY(now.size() > 100);
        QSet<QString> committed;
        for (const Message &m : std::as_const(m_committed))
            committed.insert(m.key());
        QSet<QString> inCode;
        QStringList missing;
        for (const Message &m : now) {
            inCode.insert(m.key());
            if (!committed.contains(m.key()))
                missing << m.where();
        }
        QStringList gone;
        for (const Message &m : std::as_const(m_committed))
            if (!inCode.contains(m.key()))
                gone << m.where();
        QVERIFY2(missing.isEmpty(),
                 qPrintable(QStringLiteral("%1 string(s) in the code are not in %2 (run "
                                           "tools/update-translations.sh and translate them):\n  ")
                                .arg(missing.size())
                                .arg(kTs) +
                            missing.join(QStringLiteral("\n  "))));
        QVERIFY2(gone.isEmpty(),
                 qPrintable(QStringLiteral("%1 string(s) in the .ts are no longer in the code (run "
                                           "tools/update-translations.sh):\n  ")
                                .arg(gone.size()) +
                            gone.join(QStringLiteral("\n  "))));
    }

    // No choice saved: the UI follows the system's language. CTest runs this once more as
    // tst_translations_zh_system with LANG/LC_ALL=zh_CN.UTF-8, where Chinese must come up.
    void followsTheSystemLanguage()
    {
        const QString expected = qEnvironmentVariable("ROOFLAB_EXPECT_SYSTEM_LANGUAGE");
        const QString system = UiLanguage::systemLanguage();
        if (!expected.isEmpty())
            QCOMPARE(system, expected);
        else
            QCOMPARE(system, QLocale::system().name().startsWith(QLatin1String("zh"))
                                 ? QStringLiteral("zh_CN")
                                 : QStringLiteral("en"));
        QVERIFY(UiLanguage::install(QString()));
        QCOMPARE(UiLanguage::current(), system);
        QCOMPARE(UiLanguage::currentChoice(), QString());
        const QString file = QCoreApplication::translate("MainWindow", "&File");
        QCOMPARE(file == QLatin1String("&File"), system == QLatin1String("en"));
        UiLanguage::install(QStringLiteral("en"));
    }

    // The compiled catalogue at run time: the UI's own strings, and model/'s strings asked for
    // under their helper's context (lupdate files them under the calling namespace).
    void runtimeLookup_data()
    {
        QTest::addColumn<QString>("context");
        QTest::addColumn<QString>("source");
        QTest::newRow("main window menu") << "MainWindow"
                                          << "&File";
        QTest::newRow("chart axis") << "RooflineChart"
                                    << "Arithmetic intensity (FLOP/B)";
        QTest::newRow("lesson player") << "LessonPlayer"
                                       << "Restore step";
        QTest::newRow("model::Lesson helper (filed as model::lessons)") << "model::Lesson"
                                                                        << "is missing";
        QTest::newRow("model::Occupancy helper") << "model::Occupancy"
                                                 << "registers";
    }

    void runtimeLookup()
    {
        QFETCH(QString, context);
        QFETCH(QString, source);
        QVERIFY(UiLanguage::install(QStringLiteral("zh_CN")));
        QCOMPARE(UiLanguage::current(), QStringLiteral("zh_CN"));
        const QString t =
            QCoreApplication::translate(context.toUtf8().constData(), source.toUtf8().constData());
        UiLanguage::install(QStringLiteral("en"));
        bool han = false;
        for (QChar c : t)
            han = han || (c.unicode() >= 0x4e00 && c.unicode() <= 0x9fff);
        QVERIFY2(han, qPrintable(QStringLiteral("[%1] \"%2\" -> \"%3\"").arg(context, source, t)));
        QCOMPARE(QCoreApplication::translate(context.toUtf8().constData(), source.toUtf8().constData()),
                 source);
    }

    // rooflab-cli loads the same catalogue: a worker's error comes back in the user's language,
    // from the system (LANGUAGE) or from the GUI, which passes its own language to the worker it
    // starts (ROOFLAB_LANGUAGE, set by UiLanguage::install).
    void workerSpeaksTheLanguage_data()
    {
        QTest::addColumn<QString>("guiLanguage"); // "": the test leaves UiLanguage alone
        QTest::addColumn<QStringList>("environment");
        QTest::addColumn<bool>("chinese");
        QTest::newRow("LANGUAGE=zh_CN")
            << "" << QStringList{"LANG=C.UTF-8", "LC_ALL=", "LANGUAGE=zh_CN"} << true;
        QTest::newRow("LANG=zh_CN.UTF-8")
            << "" << QStringList{"LANG=zh_CN.UTF-8", "LC_ALL=", "LANGUAGE="} << true;
        QTest::newRow("LANGUAGE=en") << "" << QStringList{"LANG=C.UTF-8", "LC_ALL=", "LANGUAGE=en"} << false;
        QTest::newRow("C locale") << "" << QStringList{"LANG=C", "LC_ALL=C", "LANGUAGE="} << false;
        QTest::newRow("ROOFLAB_LANGUAGE=zh_CN on an English system")
            << "" << QStringList{"LANG=C", "LC_ALL=C", "LANGUAGE=", "ROOFLAB_LANGUAGE=zh_CN"} << true;
        QTest::newRow("GUI in Chinese on an English system")
            << "zh_CN" << QStringList{"LANG=C", "LC_ALL=C", "LANGUAGE="} << true;
        QTest::newRow("GUI in English on a Chinese system")
            << "en" << QStringList{"LANG=zh_CN.UTF-8", "LC_ALL=", "LANGUAGE=zh_CN"} << false;
    }

    void workerSpeaksTheLanguage()
    {
        QFETCH(QString, guiLanguage);
        QFETCH(QStringList, environment);
        QFETCH(bool, chinese);
        if (!guiLanguage.isEmpty())
            QVERIFY(UiLanguage::install(guiLanguage));
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        if (guiLanguage.isEmpty())
            env.remove(QStringLiteral("ROOFLAB_LANGUAGE"));
        for (const QString &kv : environment)
            env.insert(kv.section(QLatin1Char('='), 0, 0), kv.section(QLatin1Char('='), 1));
        QProcess worker;
        worker.setProcessEnvironment(env);
        worker.start(QStringLiteral(ROOFLAB_CLI), {QStringLiteral("worker")});
        const bool started = worker.waitForStarted(10000);
        UiLanguage::install(QStringLiteral("en"));
        QVERIFY2(started, qPrintable(worker.errorString()));
        // A line that is not JSON: "not JSON: ... at offset 1" (translated since the first round).
        worker.write("not json\n");
        worker.closeWriteChannel();
        QVERIFY(worker.waitForFinished(30000));
        QString message;
        for (const QByteArray &line : worker.readAllStandardOutput().split('\n')) {
            const QJsonObject e = QJsonDocument::fromJson(line).object();
            if (e.value(QLatin1String("event")).toString() == QLatin1String("error"))
                message = e.value(QLatin1String("message")).toString();
        }
        QVERIFY2(!message.isEmpty(), "the worker answered no error");
        QCOMPARE(message.startsWith(QStringLiteral("不是 JSON")), chinese);
        QCOMPARE(message.startsWith(QLatin1String("not JSON")), !chinese);
    }
};

QTEST_MAIN(TestTranslations)
#include "tst_translations.moc"
