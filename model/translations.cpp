#include "translations.h"

#include "paths.h"

#include <QCoreApplication>
#include <QFile>
#include <QLocale>
#include <QtEndian>

namespace model::translations {

namespace {

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
        return true;
    }

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
};

QString shipped(const QString &name)
{
    // Only Simplified Chinese is shipped; a reader of Traditional Chinese is still better served by it.
    if (name.startsWith(QLatin1String("zh")))
        return QStringLiteral("zh_CN");
    if (name == QLatin1String("en") || name.startsWith(QLatin1String("en_")) ||
        name.startsWith(QLatin1String("en-")) || name == QLatin1String("C") || name == QLatin1String("POSIX"))
        return QStringLiteral("en");
    return {};
}

} // namespace

QStringList available()
{
    return {QStringLiteral("en"), QStringLiteral("zh_CN")};
}

QString fromEnvironment()
{
    const QString asked = shipped(qEnvironmentVariable("ROOFLAB_LANGUAGE"));
    if (!asked.isEmpty())
        return asked;
    for (const QString &l : QLocale::system().uiLanguages())
        if (shipped(l) == QLatin1String("zh_CN"))
            return QStringLiteral("zh_CN");
    return QStringLiteral("en");
}

std::unique_ptr<QTranslator> load(const QString &language, QString *file)
{
    if (file)
        file->clear();
    if (!available().contains(language))
        return nullptr;
    // English is the source text; its catalogue holds only the plural forms ("1 warp", "2 warps").
    auto t = std::make_unique<ContextFallbackTranslator>();
    const QString name = QStringLiteral("rooflab_%1.qm").arg(language);
    for (const QString &dir : {resourcePath(QStringLiteral("translations")), QStringLiteral(":/i18n")}) {
        const QString path = dir + QLatin1Char('/') + name;
        if (QFile::exists(path) && t->loadCatalogue(path)) {
            if (file)
                *file = path;
            return t;
        }
    }
    return nullptr;
}

bool installFor(const QString &language)
{
    static std::unique_ptr<QTranslator> installed;
    if (installed)
        QCoreApplication::removeTranslator(installed.get());
    installed = load(language);
    if (installed)
        QCoreApplication::installTranslator(installed.get());
    return installed != nullptr || language == QLatin1String("en");
}

} // namespace model::translations
