#pragma once

#include "gpu.h"

#include <QList>
#include <QString>

namespace model {

// A database file that was refused, and why.
struct SpecError
{
    QString file;
    QString field;
    QString message;
    QString text() const;
};

// The GPU spec database: one JSON file per GPU (schema "rooflab.gpu/1"), from the bundled
// resources/gpus folder and the user's folder. A bad file is refused with a message naming
// the file and the field; every other file still loads.
class SpecDb
{
public:
    SpecDb() = default;

    // Bundled database plus the user's folder (see userDirectory()).
    static SpecDb loadDefault();
    // Where a user drops extra GPU files: <AppDataLocation>/gpus.
    static QString userDirectory();

    void loadDirectory(const QString &dir, bool userFiles = false);
    bool loadFile(const QString &path, bool userFile = false);
    // Parse one document; on failure returns nullopt and fills field and message.
    static std::optional<Gpu> parse(const QByteArray &json, QString *field, QString *message);

    // Adds an entry built elsewhere (a live device); refuses a duplicate id.
    bool add(const Gpu &gpu, QString *message = nullptr);

    const QList<Gpu> &gpus() const { return m_gpus; }
    const QList<SpecError> &errors() const { return m_errors; }
    const Gpu *find(const QString &id) const;
    QStringList ids() const;

private:
    QList<Gpu> m_gpus;
    QList<SpecError> m_errors;
};

} // namespace model
