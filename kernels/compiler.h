#pragma once

#include <QByteArray>
#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>

namespace kernels {

// What to compile: one kernel source file, the template instantiations wanted, the defines.
struct CompileOptions
{
    QString source;                 // file name in kernelSourceDir(), e.g. "memory.cu"
    QString arch;                   // "sm_90"; the Runner fills in the live device's
    QStringList nameExpressions;    // template instantiations, e.g. "softmax_online<float, 4096, 256>"
    QMap<QString, QString> defines; // -DNAME=VALUE
    QStringList extraOptions;       // further NVRTC options ("-lineinfo", "-maxrregcount=64", ...)
};

// One compiled entry function as ptxas reports it.
struct KernelResources
{
    QString name;    // the name expression (or the entry name for extern "C" kernels)
    QString lowered; // mangled entry name, as loaded from the cubin
    int registers = 0;
    int smemStaticBytes = 0;
    int stackFrameBytes = 0;
    int spillStoreBytes = 0;
    int spillLoadBytes = 0;
    int barriers = 0;
    // True when ptxas printed nothing for this function (NVRTC reuses a cached image when
    // a driver is present) and the numbers were read from the cubin instead: registers and
    // stack frame are exact, spills are then unknown (0), static shared memory is the
    // section size less the per-block reservation some architectures fold into it.
    bool fromCubin = false;
    int spillBytes() const { return spillStoreBytes + spillLoadBytes; }
};

struct CompileResult
{
    bool ok = false;
    QString error; // why it failed (a short line); the compiler's own words are in log
    QString log;   // NVRTC / ptxas log
    QByteArray cubin;
    QByteArray ptx; // NVRTC's PTX of the same compile (the instruction mix reads it without a disassembler)
    QString arch;
    QList<KernelResources> kernels;
    double compileMs = 0; // NVRTC time of the compile that produced this image (also on a cache hit)
    bool cacheHit = false;
    QString cacheKey;

    // By name expression or lowered name; nullptr when absent.
    const KernelResources *find(const QString &name) const;
    // The largest register count / static shared memory / spill over all entries.
    KernelResources worst() const;
};

// Sets CUDA_CACHE_DISABLE=1 unless the user set it: with a driver present NVRTC otherwise
// reuses images from the driver's compute cache and ptxas reports no resources. Called
// before the driver is initialized (Compiler, Runner, cudaDevices); Compiler's own disk
// cache takes its place.
void preferRealCompiles();

// Compiles kernel sources with NVRTC for an exact architecture (no GPU needed) and keeps the
// images in a disk cache keyed by (source text and headers, options, arch, NVRTC version).
class Compiler
{
public:
    // Empty folders: kernelSourceDir() and defaultCacheDir().
    explicit Compiler(const QString &sourceDir = {}, const QString &cacheDir = {});

    CompileResult compile(const CompileOptions &options);
    // Compiles the given text as if it were options.source (tests, user edits).
    CompileResult compileText(const QByteArray &text, const CompileOptions &options);

    void setCacheEnabled(bool enabled) { m_cacheEnabled = enabled; }
    QString sourceDir() const { return m_sourceDir; }
    QString cacheDir() const { return m_cacheDir; }

    // $ROOFLAB_CACHE_DIR, else <QStandardPaths::CacheLocation>/kernels.
    static QString defaultCacheDir();
    static QString nvrtcVersion();      // "13.0"
    static QList<int> supportedArchs(); // 75, 80, 86, ... as NVRTC reports them
    // "sm_90" / "sm_90a" / "90" / "9.0" -> "sm_90"; empty when malformed or unsupported.
    static QString normalizeArch(const QString &arch, QString *error = nullptr);
    // The target to compile kernel `id` for when `requested` is asked. A kernel that needs an
    // arch-specific target (its CompileOptions::arch, e.g. "sm_90a": wgmma exists nowhere else)
    // gets it for that architecture ("sm_90" -> "sm_90a"), and cannot be built for any other
    // (empty, *error says which target to use). Otherwise normalizeArch(requested).
    static QString targetFor(const QString &id, const QString &required, const QString &requested,
                             QString *error = nullptr);
    // ptxas -v output -> resources per entry (exposed for tests).
    static QList<KernelResources> parsePtxasLog(const QString &log);
    // The same from the cubin's ELF (.nv.info EIATTR_REGCOUNT / EIATTR_FRAME_SIZE,
    // .nv.shared.<entry> sizes); empty when it is not a cubin this parser understands.
    static QList<KernelResources> parseCubin(const QByteArray &cubin);

private:
    QByteArray headerText() const;

    QString m_sourceDir;
    QString m_cacheDir;
    bool m_cacheEnabled = true;
};

} // namespace kernels
