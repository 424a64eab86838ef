#pragma once

#include <QString>
#include <QTranslator>

#include <memory>

namespace model {

// RoofLab's own translation catalogues (rooflab_<language>.qm), shared by the GUI and
// rooflab-cli. Looked up in <resources>/translations/ (installed: share/rooflab/translations,
// where a newer .qm can be dropped) and then in the copy compiled into the program (":/i18n").
namespace translations {

// The languages shipped: "en" (the source texts) and "zh_CN".
QStringList available();

// The language asked for by the environment: $ROOFLAB_LANGUAGE when it names a shipped
// language (the GUI sets it for the worker it starts), else the system's UI languages
// (LANGUAGE, LC_ALL, LC_MESSAGES, LANG): "zh_CN" for any Chinese, else "en".
QString fromEnvironment();

// The catalogue of one language ("en": the plural forms of the English source texts), or null
// when none could be loaded. *file is
// the .qm it was read from. A lookup that misses under its own context is retried under the
// catalogue's other contexts: lupdate files a string under the class or namespace it is written
// in, while a helper such as `tr(s) { return translate("cli::worker", s); }` asks under its own.
std::unique_ptr<QTranslator> load(const QString &language, QString *file = nullptr);

// load() and QCoreApplication::installTranslator() for the rest of the program (rooflab-cli).
// false when the language has no catalogue (the texts then stay English).
bool installFor(const QString &language);

} // namespace translations
} // namespace model
