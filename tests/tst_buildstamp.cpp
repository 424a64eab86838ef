// The build stamp is taken when the programs are built (cmake/buildstamp.cmake), so it names the
// commit the tree is at, not the one the build folder was configured at, and says when tracked
// files differed from it.
#include "buildstamp.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <optional>

class TestBuildStamp : public QObject
{
    Q_OBJECT
    QString m_git;
    QTemporaryDir m_repo;

    // Runs git in `dir`; its standard output, trimmed, or nothing when it failed.
    std::optional<QString> git(const QString &dir, const QStringList &args) const
    {
        QProcess p;
        p.setWorkingDirectory(dir);
        p.start(m_git, args);
        if (!p.waitForFinished(30000) || p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0)
            return std::nullopt;
        return QString::fromUtf8(p.readAllStandardOutput()).trimmed();
    }

    // Runs the stamp script as the build does; the file it writes.
    QByteArray stamp(const QString &out) const
    {
        QProcess p;
        p.setProcessChannelMode(QProcess::MergedChannels);
        p.start(QStringLiteral(ROOFLAB_CMAKE),
                {"-DGIT=" + m_git, "-DSOURCE_DIR=" + m_repo.path(), "-DOUTPUT=" + out, QStringLiteral("-P"),
                 QStringLiteral(ROOFLAB_SOURCE_DIR "/cmake/buildstamp.cmake")});
        if (!p.waitForFinished(30000) || p.exitCode() != 0) {
            qWarning("%s", p.readAll().constData());
            return {};
        }
        QFile f(out);
        return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
    }

private slots:
    void initTestCase()
    {
        m_git = QStandardPaths::findExecutable(QStringLiteral("git"));
        QVERIFY(m_repo.isValid());
    }

    // This build's stamp is the checkout's HEAD. A stamp taken when the build folder was
    // configured fails here once a commit is built; a commit made after this binary was built
    // (another shell committing meanwhile) is no fault of the stamp.
    void namesTheCommitBuilt()
    {
        if (m_git.isEmpty())
            QSKIP("git is not installed");
        const QString src = QStringLiteral(ROOFLAB_SOURCE_DIR);
        const QString head = git(src, {"rev-parse", "--short", "HEAD"}).value_or(QString());
        if (head.isEmpty())
            QSKIP("the sources are not a git checkout");
        const qint64 committed =
            git(src, {"log", "-1", "--format=%ct", "HEAD"}).value_or(QString()).toLongLong();
        const qint64 built =
            QFileInfo(QCoreApplication::applicationFilePath()).lastModified().toSecsSinceEpoch();
        if (head != QLatin1String(model::buildGitHash()) && committed > built)
            QSKIP(qPrintable("HEAD (" + head +
                             ") was committed after this test was built: rebuild, then test"));
        QCOMPARE(QString::fromLatin1(model::buildGitHash()), head);
        QCOMPARE(model::buildGit(), model::buildGitDirty() ? head + "-dirty" : head);
    }

    void cliVersionSaysIt()
    {
        QProcess cli;
        cli.start(QStringLiteral(ROOFLAB_CLI), {QStringLiteral("--version")});
        QVERIFY(cli.waitForFinished(30000));
        QCOMPARE(cli.exitCode(), 0);
        const QString out = QString::fromUtf8(cli.readAllStandardOutput()).trimmed();
        QVERIFY2(out.startsWith(QLatin1String("rooflab-cli ")), qPrintable(out));
        if (!model::buildGit().isEmpty())
            QVERIFY2(out.endsWith(" (" + model::buildGit() + ')'), qPrintable(out));
    }

    // The script on a scratch repository: a commit, then an edit to a tracked file, then
    // nothing new (the file is left alone, so nothing recompiles).
    void followsCommitsAndEdits()
    {
        if (m_git.isEmpty())
            QSKIP("git is not installed");
        const QString dir = m_repo.path();
        QVERIFY(git(dir, {"init", "-q"}).has_value());
        QFile file(dir + "/a.txt");
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("one\n");
        file.close();
        QVERIFY(git(dir, {"add", "a.txt"}).has_value());
        QVERIFY(
            git(dir, {"-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "one"}).has_value());
        const QString first = git(dir, {"rev-parse", "--short", "HEAD"}).value_or(QString());
        QVERIFY(!first.isEmpty());

        QTemporaryDir build;
        const QString out = build.filePath(QStringLiteral("buildstamp.cpp"));
        QByteArray text = stamp(out);
        QVERIFY2(text.contains("\"" + first.toLatin1() + "\""), text.constData());
        QVERIFY2(text.contains("return false;"), text.constData());

        QVERIFY(file.open(QIODevice::Append));
        file.write("two\n");
        file.close();
        text = stamp(out);
        QVERIFY2(text.contains("return true;"), text.constData()); // dirty

        // An untracked file does not make a tree dirty; unchanged, the output is not rewritten.
        QFile untracked(dir + "/new.txt");
        QVERIFY(untracked.open(QIODevice::WriteOnly));
        untracked.close();
        QVERIFY(git(dir, {"-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-am", "two"})
                    .has_value());
        const QString second = git(dir, {"rev-parse", "--short", "HEAD"}).value_or(QString());
        QVERIFY(second != first);
        text = stamp(out);
        QVERIFY2(text.contains("\"" + second.toLatin1() + "\"") && text.contains("return false;"),
                 text.constData());
        const QDateTime old = QDateTime::currentDateTimeUtc().addDays(-1);
        {
            QFile f(out);
            QVERIFY(f.open(QIODevice::ReadWrite));
            QVERIFY(f.setFileTime(old, QFileDevice::FileModificationTime));
        }
        QCOMPARE(stamp(out), text);
        QCOMPARE(QFileInfo(out).lastModified().toUTC(), old); // not rewritten
    }
};

QTEST_MAIN(TestBuildStamp)
#include "tst_buildstamp.moc"
