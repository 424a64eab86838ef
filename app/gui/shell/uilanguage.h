#pragma once

#include <QString>
#include <QStringList>

// The language of the user interface: RoofLab's own translation and Qt's (qtbase_<lang>.qm
// from the system), and the default QLocale that numbers are written in. The choice is kept in
// QSettings ("ui/language"); an empty choice follows the system locale.
//
// Translations are looked up in <resources>/translations/ (installed: share/rooflab/translations)
// and then in the copy compiled into the program (":/i18n"). Widgets take their texts when they
// are built, so a change takes effect in windows created afterwards (AppShell re-creates the
// main window for that).
class UiLanguage
{
public:
    static QStringList available();                 // "en", "zh_CN"
    static QString nativeName(const QString &code); // "English", "简体中文"
    static QString systemLanguage();                // "zh_CN" on a Chinese system, else "en"

    static QString savedChoice(); // "" = follow the system
    static void saveChoice(const QString &choice);

    // Installs the translators for a choice ("" = system, "en", "zh_CN"). false if the
    // translation for that language could not be loaded (the UI then stays in English).
    static bool install(const QString &choice);
    static QString current();       // the installed language: "en" or "zh_CN"
    static QString currentChoice(); // what install() was given ("" = system)
    // The .qm file install() loaded RoofLab's strings from (for English: its plural forms;
    // "" when there is none).
    static QString loadedFile();
};
