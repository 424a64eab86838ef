// After a switch to Simplified Chinese at run time (View → Language), nothing a user sees is
// left in English: for every panel tab, every visible label, button, tab, group box, dock and
// menu title of the new window is held against the catalogue (rooflab_zh_CN.ts), and a text
// that is the English source of a message with a different Chinese translation, or that holds
// a long one, fails the row. The tile explorer is put on a kernel of the ladder first, so its
// kernel description and knobs are checked too.
#include "live/livetools.h"
#include "shell/appshell.h"
#include "shell/mainwindow.h"
#include "shell/uilanguage.h"
#include "specdb.h"
#include "tile/tilesession.h"
#include "workspace/workspace.h"

#include <QAbstractButton>
#include <QApplication>
#include <QDockWidget>
#include <QFile>
#include <QGroupBox>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QSettings>
#include <QStandardPaths>
#include <QTabBar>
#include <QTest>
#include <QTextDocumentFragment>
#include <QXmlStreamReader>

#include <algorithm>

namespace {

// Source → translation of every finished, non-plural message whose Chinese differs.
QHash<QString, QString> readCatalogue(const QString &file)
{
    QHash<QString, QString> out;
    QFile f(file);
    if (!f.open(QIODevice::ReadOnly))
        return out;
    QXmlStreamReader xml(&f);
    QString source, translation;
    bool numerus = false, unfinished = false;
    while (!xml.atEnd()) {
        xml.readNext();
        if (xml.isStartElement()) {
            if (xml.name() == QLatin1String("message")) {
                numerus = xml.attributes().value(QLatin1String("numerus")) == QLatin1String("yes");
                source.clear();
                translation.clear();
            } else if (xml.name() == QLatin1String("source")) {
                source = xml.readElementText();
            } else if (xml.name() == QLatin1String("translation")) {
                unfinished = xml.attributes().value(QLatin1String("type")) == QLatin1String("unfinished");
                if (!numerus)
                    translation = xml.readElementText();
            }
        } else if (xml.isEndElement() && xml.name() == QLatin1String("message")) {
            if (!numerus && !unfinished && !translation.isEmpty() && translation != source)
                out.insert(source, translation);
        }
    }
    return out;
}

// What a person reads: rich text as plain text, no mnemonic ampersands.
QString readable(const QString &text)
{
    QString t = Qt::mightBeRichText(text) ? QTextDocumentFragment::fromHtml(text).toPlainText() : text;
    t.remove(QRegularExpression(QStringLiteral("&(?=[^&\\s])")));
    return t.simplified();
}

// Whether a widget is on screen as far as its window goes: it and every parent up to the
// window visible.
bool shown(const QWidget *w)
{
    return w->isVisibleTo(w->window()) && w->window()->isVisible();
}

} // namespace

class TestGuiRetranslate : public QObject
{
    Q_OBJECT
    model::SpecDb m_db;
    QHash<QString, QString> m_catalogue;
    // The catalogue's long sources (no placeholder): found inside a longer text too.
    QStringList m_long;

    static void settle()
    {
        for (int i = 0; i < 5; ++i)
            QApplication::processEvents();
    }

    // Every visible text of the window, with where it was found.
    static QList<std::pair<QString, QString>> visibleTexts(MainWindow *w)
    {
        QList<std::pair<QString, QString>> out;
        auto add = [&out](const QObject *o, const QString &text) {
            const QString t = readable(text);
            if (!t.isEmpty())
                out.append({t, QString::fromLatin1(o->metaObject()->className())});
        };
        for (const QLabel *l : w->findChildren<QLabel *>())
            if (shown(l))
                add(l, l->text());
        for (const QAbstractButton *b : w->findChildren<QAbstractButton *>())
            if (shown(b))
                add(b, b->text());
        for (const QGroupBox *g : w->findChildren<QGroupBox *>())
            if (shown(g))
                add(g, g->title());
        for (const QTabBar *t : w->findChildren<QTabBar *>())
            if (shown(t))
                for (int i = 0; i < t->count(); ++i)
                    add(t, t->tabText(i));
        for (const QDockWidget *d : w->findChildren<QDockWidget *>())
            if (shown(d))
                add(d, d->windowTitle());
        for (const QAction *a : w->menuBar()->actions()) {
            add(w->menuBar(), a->text());
            if (const QMenu *m = a->menu())
                for (const QAction *item : m->actions())
                    if (!item->isSeparator())
                        add(m, item->text().section(QLatin1Char('\t'), 0, 0));
        }
        return out;
    }

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("RoofLabTest"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_gui_retranslate"));
        QSettings().clear();
        m_db.loadDirectory(QStringLiteral(ROOFLAB_SOURCE_RESOURCES_DIR "/gpus"));
        QVERIFY(m_db.errors().isEmpty());
        m_catalogue =
            readCatalogue(QStringLiteral(ROOFLAB_SOURCE_RESOURCES_DIR "/translations/rooflab_zh_CN.ts"));
        QVERIFY2(m_catalogue.size() > 500, "the Chinese catalogue could not be read");
        for (auto it = m_catalogue.cbegin(); it != m_catalogue.cend(); ++it)
            if (it.key().size() >= 24 && !it.key().contains(QLatin1Char('%')) &&
                !it.key().contains(QLatin1Char('<')))
                m_long << it.key();
        QVERIFY(UiLanguage::install(QStringLiteral("en")));
    }

    void cleanupTestCase()
    {
        UiLanguage::install(QStringLiteral("en"));
        QSettings().clear();
    }

    void nothingLeftInEnglish_data()
    {
        QTest::addColumn<QString>("panel");
        // The panels a window has; the names are the PanelHost's.
        for (const char *p : {"roofline", "occupancy", "tile", "llm", "results", "runs"})
            QTest::newRow(p) << QString::fromLatin1(p);
    }

    void nothingLeftInEnglish()
    {
        QFETCH(QString, panel);
        UiLanguage::install(QStringLiteral("en"));
        LiveTools live;
        AppShell shell(m_db);
        live.attach(shell.window());
        connect(&shell, &AppShell::windowReplaced, &live, [&live](MainWindow *w) { live.attach(w); });
        shell.window()->resize(1280, 720);
        shell.window()->show();
        QVERIFY(QTest::qWaitForWindowExposed(shell.window()));
        // A kernel of the ladder: its description and knobs come from the kernel catalogue.
        shell.workspace()->tileSession()->setStep(QStringLiteral("gemm.reg2d"));
        QCOMPARE(shell.workspace()->tileSession()->config().step, QStringLiteral("gemm.reg2d"));
        QWidget *before = shell.window()->panel(panel);
        QVERIFY2(before, qPrintable(shell.window()->panelNames().join(QLatin1Char(' '))));
        shell.window()->showPanel(before);
        settle();

        shell.switchLanguage(QStringLiteral("zh_CN"));
        settle();
        MainWindow *w = shell.window();
        QCOMPARE(UiLanguage::current(), QStringLiteral("zh_CN"));
        w->showPanel(w->panel(panel));
        settle();

        const QList<std::pair<QString, QString>> texts = visibleTexts(w);
        // The check sees the window: its menu bar in Chinese among many texts.
        QVERIFY(texts.size() > 20);
        QVERIFY(std::any_of(texts.cbegin(), texts.cend(), [this](const auto &t) {
            return t.first == readable(m_catalogue.value(QStringLiteral("&File")));
        }));
        QStringList english;
        for (const auto &[text, where] : texts) {
            if (m_catalogue.contains(text)) {
                english << QStringLiteral("%1: \"%2\"").arg(where, text);
                continue;
            }
            for (const QString &source : std::as_const(m_long))
                if (text.contains(source)) {
                    english << QStringLiteral("%1: \"%2\" in \"%3\"").arg(where, source, text.left(120));
                    break;
                }
        }
        english.removeDuplicates();
        QVERIFY2(english.isEmpty(), qPrintable(QStringLiteral("left in English after the switch:\n  ") +
                                               english.join(QStringLiteral("\n  "))));
        UiLanguage::install(QStringLiteral("en"));
    }
};

QTEST_MAIN(TestGuiRetranslate)
#include "tst_gui_retranslate.moc"
