#include "shell/uilanguage.h"

#include "translations.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QSettings>
#include <QTranslator>

#include <memory>

namespace {

const QString kSettingsKey = QStringLiteral("ui/language");

struct State
{
    std::unique_ptr<QTranslator> app;
    QString file; // the .qm the app's strings come from
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
    s.file.clear();
}

} // namespace

QStringList UiLanguage::available()
{
    return model::translations::available();
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
    QLocale::setDefault(s.choice.isEmpty()
                            ? QLocale::system()
                            : QLocale(code == QLatin1String("en") ? QStringLiteral("en_US") : code));
    // rooflab-cli worker (started by this process) writes its messages in the same language.
    qputenv("ROOFLAB_LANGUAGE", code.toLatin1());
    auto app = model::translations::load(code, &s.file);
    if (code == QLatin1String("en")) {
        // The source texts, with their plural forms where the catalogue is there.
        if (app) {
            QCoreApplication::installTranslator(app.get());
            s.app = std::move(app);
        }
        return true;
    }
    if (!app) {
        qputenv("ROOFLAB_LANGUAGE", "en");
        return false;
    }
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
    return state().app ? state().file : QString();
}
