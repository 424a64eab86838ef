#pragma once

// ROOFLAB_TEST_MAIN(TestClass): QTEST_MAIN, except that a run in which every test function
// skipped (no CUDA device, no ncu...) exits with kSkipReturnCode, which tests/CMakeLists.txt
// gives CTest as SKIP_RETURN_CODE, so CTest reports such a test as skipped instead of passed.
// A run in which anything passed or failed exits as Qt Test says (the number of failures).
#include <QFile>
#include <QStringList>
#include <QTemporaryDir>
#include <QTest>

#if defined(QT_WIDGETS_LIB)
#include <QApplication>
#elif defined(QT_GUI_LIB)
#include <QGuiApplication>
#endif

namespace rooflab::test {

inline constexpr int kSkipReturnCode = 77;

// Whether a TAP log names at least one skip and no test function that ran (initTestCase and
// cleanupTestCase do not count: they run around skipped functions too).
inline bool onlySkips(const QByteArray &tap)
{
    bool skipped = false;
    for (const QByteArray &raw : tap.split('\n')) {
        const QByteArray line = raw.trimmed();
        const bool ok = line.startsWith("ok ");
        if (!ok && !line.startsWith("not ok "))
            continue;
        if (!ok)
            return false; // a failure
        if (line.contains("# SKIP")) {
            skipped = true;
            continue;
        }
        if (!line.contains("- initTestCase()") && !line.contains("- cleanupTestCase()"))
            return false; // a test function ran and passed
    }
    return skipped;
}

// Runs the test with the usual loggers plus a TAP log it reads afterwards.
inline int runReportingSkips(QObject *test, int argc, char **argv)
{
    QStringList args;
    bool ownLogger = false;
    for (int i = 0; i < argc; ++i) {
        args << QString::fromLocal8Bit(argv[i]);
        ownLogger = ownLogger || args.last() == QLatin1String("-o");
    }
    QTemporaryDir dir;
    const QString tap = dir.filePath(QStringLiteral("log.tap"));
    if (!ownLogger) // with any -o, Qt Test adds no stdout logger of its own
        args << QStringLiteral("-o") << QStringLiteral("-,txt");
    if (dir.isValid())
        args << QStringLiteral("-o") << tap + QStringLiteral(",tap");
    int result = QTest::qExec(test, args);
    if (result == kSkipReturnCode)
        return result + 1; // that many failures must not read as a skip
    QFile log(tap);
    if (result == 0 && log.open(QIODevice::ReadOnly) && onlySkips(log.readAll()))
        result = kSkipReturnCode;
    return result;
}

} // namespace rooflab::test

#if defined(QT_WIDGETS_LIB)
#define ROOFLAB_TEST_APPLICATION QApplication
#elif defined(QT_GUI_LIB)
#define ROOFLAB_TEST_APPLICATION QGuiApplication
#else
#define ROOFLAB_TEST_APPLICATION QCoreApplication
#endif

#define ROOFLAB_TEST_MAIN_WITH(Application, TestObject)                                                      \
    int main(int argc, char *argv[])                                                                         \
    {                                                                                                        \
        Application app(argc, argv);                                                                         \
        app.setAttribute(Qt::AA_Use96Dpi, true);                                                             \
        TestObject tc;                                                                                       \
        QTEST_SET_MAIN_SOURCE_PATH                                                                           \
        return rooflab::test::runReportingSkips(&tc, argc, argv);                                            \
    }

// QTEST_MAIN and QTEST_GUILESS_MAIN, reporting skips.
#define ROOFLAB_TEST_MAIN(TestObject) ROOFLAB_TEST_MAIN_WITH(ROOFLAB_TEST_APPLICATION, TestObject)
#define ROOFLAB_TEST_GUILESS_MAIN(TestObject) ROOFLAB_TEST_MAIN_WITH(QCoreApplication, TestObject)
