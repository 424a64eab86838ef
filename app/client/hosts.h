#pragma once

#include <QCoreApplication>
#include <QList>
#include <QString>

#include <optional>

class QSettings;

// A host: a name and the command that starts `rooflab-cli worker` there with app/PROTOCOL.md
// on its stdin/stdout (`ssh -T gpu-lab rooflab-cli worker`, `srun --gres=gpu:1 ... worker`).
// Hosts live in the user's settings only and are picked by name: nothing read from a results
// file or a lesson ever becomes a command. No passwords are stored (ssh runs with BatchMode).
struct Host
{
    QString name;
    QString command; // empty: this computer
    bool isLocal() const { return command.trimmed().isEmpty(); }
    bool operator==(const Host &) const = default;
};

class Hosts
{
    Q_DECLARE_TR_FUNCTIONS(Hosts)

public:
    // "This computer": the default host, always first, never stored.
    static Host local();
    // The hosts in the settings (group "hosts"), this computer first.
    static QList<Host> load();
    static QList<Host> load(QSettings &settings);
    // Stores every host but this computer.
    static void save(const QList<Host> &hosts);
    static void save(QSettings &settings, const QList<Host> &hosts);
    // By name, from the settings; nullopt when there is none of that name.
    static std::optional<Host> find(const QString &name);
    // Why a host cannot be stored (empty name, the name of another, a command that does not
    // split into a program); empty when it can. `others`: the hosts it must not clash with.
    static QString problem(const Host &host, const QList<Host> &others);
    // A command split into program and arguments as sh would split it: words, 'single' and
    // "double" quotes, backslash escapes; no expansion, no shell runs it. Empty (with *error)
    // for an unterminated quote or no words.
    static QStringList splitCommand(const QString &command, QString *error = nullptr);
    // The name a --via command gives its host in messages: ssh's destination, else the program.
    static QString nameOf(const QString &command);
    // Commands for the dialog's examples; BatchMode so ssh never asks for a password.
    static QString sshExample(const QString &server);
    static QString slurmExample();
};
