// The GUI carries no CUDA runtime: it links the kernel catalog (QtCore and NVRTC) and never
// the runtime library (benches, Runner, cudart, cuBLAS), which only rooflab-cli links. Read
// from the built binaries with nm and readelf, the way a packager would look.
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTest>

namespace {

struct Tool
{
    QString output;
    QString error; // empty when it ran
};

Tool runTool(const QString &name, const QStringList &args)
{
    const QString program = QStandardPaths::findExecutable(name);
    if (program.isEmpty())
        return {{}, name + QStringLiteral(" not found on PATH")};
    QProcess p;
    p.start(program, args);
    if (!p.waitForFinished(120000) || p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0)
        return {{},
                QStringLiteral("%1 %2 failed: %3")
                    .arg(name, args.join(' '), QString::fromLocal8Bit(p.readAllStandardError()))};
    return {QString::fromLocal8Bit(p.readAllStandardOutput()), {}};
}

// Symbols of the CUDA runtime and cuBLAS: cudaMalloc, __cudaRegisterFatBinary, __cudart123,
// cublasCreate_v2 ... (not kernels::cudaIncludeDir, whose demangled name starts with kernels::).
QStringList cudaRuntimeSymbols(const QString &nmOutput)
{
    static const QRegularExpression re(QStringLiteral("^\\S*\\s+\\S\\s+((?:cuda|__cuda|cublas)\\w*)"),
                                       QRegularExpression::MultilineOption);
    QStringList out;
    for (auto it = re.globalMatch(nmOutput); it.hasNext();)
        out.append(it.next().captured(1));
    out.removeDuplicates();
    return out;
}

QStringList needed(const QString &readelfOutput)
{
    static const QRegularExpression re(QStringLiteral("\\(NEEDED\\)\\s+Shared library: \\[([^\\]]+)\\]"));
    QStringList out;
    for (auto it = re.globalMatch(readelfOutput); it.hasNext();)
        out.append(it.next().captured(1));
    return out;
}

} // namespace

class TestGuiLinks : public QObject
{
    Q_OBJECT

private slots:
    // The check itself can see the runtime: rooflab-cli has it (statically linked cudart; cuBLAS
    // loaded when a GEMM reference first needs it).
    void cliHasTheRuntime()
    {
        const Tool nm = runTool(QStringLiteral("nm"), {QStringLiteral(ROOFLAB_CLI)});
        if (!nm.error.isEmpty())
            QSKIP(qPrintable(nm.error));
        const QStringList symbols = cudaRuntimeSymbols(nm.output);
        QVERIFY2(symbols.contains(QStringLiteral("cudaMalloc")), qPrintable(symbols.mid(0, 20).join(' ')));
        QVERIFY2(symbols.size() > 100, qPrintable(QString::number(symbols.size())));
        const Tool elf =
            runTool(QStringLiteral("readelf"), {QStringLiteral("-d"), QStringLiteral(ROOFLAB_CLI)});
        if (!elf.error.isEmpty())
            QSKIP(qPrintable(elf.error));
        // cuBLAS is loaded by name at its first use (kernels/cublasgemm.cpp), not at start-up:
        // no NEEDED entry, but the name is in the binary.
        QVERIFY2(needed(elf.output).filter(QStringLiteral("libcublas")).isEmpty(),
                 qPrintable(needed(elf.output).join(' ')));
        QFile cli(QStringLiteral(ROOFLAB_CLI));
        QVERIFY(cli.open(QIODevice::ReadOnly));
        const QString name = QStringLiteral("libcublas.so.13"); // a QStringLiteral: stored as UTF-16
        QVERIFY(cli.readAll().contains(QByteArray(reinterpret_cast<const char *>(name.utf16()),
                                                  name.size() * qsizetype(sizeof(char16_t)))));
    }

    void guiHasNoCudaRuntimeSymbol()
    {
        const Tool nm = runTool(QStringLiteral("nm"), {QStringLiteral(ROOFLAB_GUI)});
        if (!nm.error.isEmpty())
            QSKIP(qPrintable(nm.error));
        QVERIFY2(!nm.output.isEmpty(), "nm printed no symbols (a stripped binary proves nothing)");
        const QStringList symbols = cudaRuntimeSymbols(nm.output);
        QVERIFY2(symbols.isEmpty(),
                 qPrintable(QStringLiteral("%1 CUDA runtime / cuBLAS symbols in the GUI: %2")
                                .arg(symbols.size())
                                .arg(symbols.mid(0, 20).join(' '))));
    }

    void guiNeedsNoCudaLibrary()
    {
        const Tool elf =
            runTool(QStringLiteral("readelf"), {QStringLiteral("-d"), QStringLiteral(ROOFLAB_GUI)});
        if (!elf.error.isEmpty())
            QSKIP(qPrintable(elf.error));
        const QStringList libs = needed(elf.output);
        QVERIFY2(!libs.isEmpty(), "readelf found no NEEDED entries");
        // NVRTC is allowed: the tile explorer compiles for register counts.
        QVERIFY2(libs.filter(QRegularExpression(QStringLiteral("^lib(cublas|cublasLt|cudart|cuda)\\.so")))
                     .isEmpty(),
                 qPrintable(libs.join(' ')));
    }
};

QTEST_GUILESS_MAIN(TestGuiLinks)
#include "tst_gui_links.moc"
