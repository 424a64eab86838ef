#pragma once

#include <QCommandLineParser>
#include <QJsonObject>
#include <QStringList>

// Shared pieces of the rooflab-cli subcommands.
namespace cli {

enum Exit { Ok = 0, Failed = 1, BadInput = 2, NoDevice = 3 };

// One subcommand: args[0] is the subcommand's name, the rest its arguments.
struct Command
{
    const char *name;
    const char *summary;
    int (*run)(const QStringList &args);
};

// All subcommands, in help order (defined in main.cpp's table).
const QList<Command> &commands();

// Parses args; on an error prints it with the usage and returns false (caller exits 2).
bool parse(QCommandLineParser &parser, const QStringList &args, const QString &description);
// Prints "rooflab-cli: message" on stderr and returns BadInput.
int badInput(const QString &message);
int fail(int code, const QString &message);

void printJson(const QJsonObject &doc);
// A readable, column-aligned table on stdout.
void printTable(const QStringList &header, const QList<QStringList> &rows);
void printLine(const QString &line);

// Numeric option with validation; on error prints the message and returns nullopt.
std::optional<double> numberOption(const QCommandLineParser &p, const QString &name, bool *given = nullptr);

} // namespace cli
