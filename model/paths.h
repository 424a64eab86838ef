#pragma once

#include <QString>

namespace model {

// The folder holding RoofLab's data (gpus/, samples/, lessons/, translations/). Looked up,
// in order: $ROOFLAB_RESOURCES; <exe>/../share/rooflab (installed); <exe>/resources (a
// bundle); the source tree the program was built from.
QString resourceDir();
QString resourcePath(const QString &relative);

} // namespace model
