// Replays saved fuzz inputs through a fuzz target's LLVMFuzzerTestOneInput without libFuzzer,
// so the corpus runs in every build (CTest: tst_fuzz_results, tst_fuzz_ncu) with any compiler.
//   tst_fuzz_X DIR|FILE...
// A target aborts when an input breaks one of its checks (or a sanitizer, in a sanitized
// build, stops it); the input it was reading is then named on stderr.
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTextStream>

#include <csignal>
#include <cstdint>
#include <cstring>
#include <unistd.h>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

namespace {
char g_current[4096]; // the input being read, for the abort handler

void nameCulprit(int sig)
{
    const char head[] = "\nthe input that stopped the target: ";
    (void)!write(STDERR_FILENO, head, sizeof head - 1);
    (void)!write(STDERR_FILENO, g_current, std::strlen(g_current));
    (void)!write(STDERR_FILENO, "\n", 1);
    std::signal(sig, SIG_DFL);
    std::raise(sig);
}
} // namespace

int main(int argc, char **argv)
{
    QTextStream err(stderr);
    std::signal(SIGABRT, nameCulprit);
    std::signal(SIGSEGV, nameCulprit);
    int replayed = 0;
    for (int i = 1; i < argc; ++i) {
        const QFileInfo arg(QString::fromLocal8Bit(argv[i]));
        QStringList files;
        if (arg.isDir()) {
            for (const QFileInfo &f : QDir(arg.filePath()).entryInfoList(QDir::Files, QDir::Name))
                files << f.filePath();
        } else {
            files << arg.filePath();
        }
        for (const QString &path : files) {
            QFile f(path);
            if (!f.open(QIODevice::ReadOnly)) {
                err << "cannot read " << path << '\n';
                return 1;
            }
            const QByteArray bytes = f.readAll();
            const QByteArray name = QFile::encodeName(path).left(sizeof g_current - 1);
            std::memcpy(g_current, name.constData(), size_t(name.size()));
            g_current[name.size()] = '\0';
            LLVMFuzzerTestOneInput(reinterpret_cast<const uint8_t *>(bytes.constData()),
                                   size_t(bytes.size()));
            ++replayed;
        }
    }
    if (replayed == 0) {
        err << "no inputs found in the folders given\n";
        return 1;
    }
    err << "replayed " << replayed << " inputs\n";
    return 0;
}
