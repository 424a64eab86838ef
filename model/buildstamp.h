#pragma once

#include <QString>

// The commit the programs were built from. It is taken when they are built, not when the
// build folder was configured, so it follows every commit (cmake/buildstamp.cmake).
namespace model {

// "abc1234"; empty outside a git checkout (a source tarball).
const char *buildGitHash();
// Tracked files differed from that commit when it was built.
bool buildGitDirty();
// The hash with "-dirty" appended when dirty, as `git describe --dirty` writes it;
// what results files record as tool.git.
inline QString buildGit()
{
    const QString hash = QString::fromLatin1(buildGitHash());
    return hash.isEmpty() || !buildGitDirty() ? hash : hash + QLatin1String("-dirty");
}

} // namespace model
