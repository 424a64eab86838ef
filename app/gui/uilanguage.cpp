#include "uilanguage.h"

#include "paths.h"

#include <QCoreApplication>
#include <QFile>
#include <QLibraryInfo>
#include <QLocale>
#include <QSettings>
#include <QTranslator>
#include <QtEndian>

#include <memory>

namespace {

const QString kSettingsKey = QStringLiteral("ui/language");

// lupdate files a tr() call under the class or namespace the call is written in, while a
// helper such as model/'s `tr(s) { return translate("model::Lesson", s); }` asks at run time
// under its own context. When the exact lookup misses, this translator tries the other
// contexts of the same catalogue, so those strings are still translated. The contexts are
// read from the .qm itself (lrelease stores them with every message).
class ContextFallbackTranslator : public QTranslator
{
public:
    bool loadCatalogue(const QString &file)
    {
        if (!load(file))
            return false;
        QFile f(file);
        if (f.open(QIODevice::ReadOnly))
            readContexts(f.readAll());
        m_file = file;
        return true;
    }

    QString file() const { return m_file; }

    QString translate(const char *context, const char *sourceText, const char *disambiguation = nullptr,
                      int n = -1) const override
    {
        QString t = QTranslator::translate(context, sourceText, disambiguation, n);
        if (!t.isNull() || !sourceText || !*sourceText)
            return t;
        for (const QByteArray &c : m_contexts) {
            if (context && c == context)
                continue;
            t = QTranslator::translate(c.constData(), sourceText, disambiguation, n);
            if (!t.isNull())
                return t;
        }
        return {};
    }

private:
    // The .qm layout (qtranslator.cpp): 16-byte magic, then blocks of tag (1 byte), length
    // (big-endian 32 bit) and data. The Messages block (0x69) holds records of tagged fields;
    // tag 7 is a context in UTF-8.
    void readContexts(const QByteArray &qm)
    {
        const auto *p = reinterpret_cast<const uchar *>(qm.constData());
        const qsizetype size = qm.size();
        qsizetype pos = 16;
        while (pos + 5 <= size) {
            const uchar tag = p[pos];
            const quint32 len = qFromBigEndian<quint32>(p + pos + 1);
            pos += 5;
            if (len > quint32(size - pos))
                return;
            if (tag == 0x69)
                readMessages(p + pos, p + pos + len);
            pos += len;
        }
    }

    void readMessages(const uchar *m, const uchar *end)
    {
        while (m < end) {
            const uchar tag = *m++;
            switch (tag) {
            case 1: // end of a message
                break;
            case 5: // obsolete, 32-bit payload
            case 9:
                m += 4;
                break;
            case 2: // 16-bit source text or context, translation: length-prefixed
            case 3:
            case 4:
            case 6:
            case 8: {
                if (end - m < 4)
                    return;
                const quint32 len = qFromBigEndian<quint32>(m);
                m += 4;
                if (len != 0xffffffff)
                    m += len;
                break;
            }
            case 7: {
                if (end - m < 4)
                    return;
                const quint32 len = qFromBigEndian<quint32>(m);
                m += 4;
                if (qint64(len) > end - m)
                    return;
                const QByteArray context(reinterpret_cast<const char *>(m), int(len));
                if (!m_contexts.contains(context))
                    m_contexts.append(context);
                m += len;
                break;
            }
            default:
                return; // unknown layout: keep what was read
            }
        }
    }

    QList<QByteArray> m_contexts;
    QString m_file;
};

struct State
{
    std::unique_ptr<ContextFallbackTranslator> app;
    std::unique_ptr<QTranslator> qt;
    QString current = QStringLiteral("en");
    QString choice;
};

State &state()
{
    static State s;
    return s;
}

void uninstall()
{
    State &s = state();
    if (s.app)
        QCoreApplication::removeTranslator(s.app.get());
    if (s.qt)
        QCoreApplication::removeTranslator(s.qt.get());
    s.app.reset();
    s.qt.reset();
}

} // namespace

QStringList UiLanguage::available()
{
    return {QStringLiteral("en"), QStringLiteral("zh_CN")};
}

QString UiLanguage::nativeName(const QString &code)
{
    if (code.startsWith(QLatin1String("zh")))
        return QStringLiteral("简体中文");
    return QStringLiteral("English");
}

QString UiLanguage::systemLanguage()
{
    // Only Simplified Chinese is shipped; a reader of Traditional Chinese is still better served by it.
    for (const QString &l : QLocale::system().uiLanguages())
        if (l.startsWith(QLatin1String("zh")))
            return QStringLiteral("zh_CN");
    return QStringLiteral("en");
}

QString UiLanguage::savedChoice()
{
    const QString v = QSettings().value(kSettingsKey).toString();
    return available().contains(v) ? v : QString();
}

void UiLanguage::saveChoice(const QString &choice)
{
    QSettings().setValue(kSettingsKey, available().contains(choice) ? choice : QString());
}

bool UiLanguage::install(const QString &choice)
{
    State &s = state();
    uninstall();
    const QString code = available().contains(choice) ? choice : systemLanguage();
    s.choice = available().contains(choice) ? choice : QString();
    s.current = QStringLiteral("en");
    // Numbers follow the system's conventions unless a language was picked by hand.
    QLocale::setDefault(s.choice.isEmpty() ? QLocale::system() : QLocale(code == QLatin1String("en") ? QStringLiteral("en_US") : code));
    if (code == QLatin1String("en"))
        return true;

    auto app = std::make_unique<ContextFallbackTranslator>();
    const QString name = QStringLiteral("rooflab_%1.qm").arg(code);
    bool ok = false;
    for (const QString &dir : {model::resourcePath(QStringLiteral("translations")), QStringLiteral(":/i18n")}) {
        if (QFile::exists(dir + QLatin1Char('/') + name) && app->loadCatalogue(dir + QLatin1Char('/') + name)) {
            ok = true;
            break;
        }
    }
    if (!ok)
        return false;
    QCoreApplication::installTranslator(app.get());
    s.app = std::move(app);
    s.current = code;

    // Qt's own dialogs and context menus (optional: not every system has qtbase_zh_CN.qm).
    auto qt = std::make_unique<QTranslator>();
    if (qt->load(QStringLiteral("qtbase_") + code, QLibraryInfo::path(QLibraryInfo::TranslationsPath))) {
        QCoreApplication::installTranslator(qt.get());
        s.qt = std::move(qt);
    }
    return true;
}

QString UiLanguage::current()
{
    return state().current;
}

QString UiLanguage::currentChoice()
{
    return state().choice;
}

QString UiLanguage::loadedFile()
{
    return state().app ? state().app->file() : QString();
}
