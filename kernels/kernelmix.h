#pragma once

// The instruction mix of a compiled kernel (model::InstrMix), counted from its SASS when the
// CUDA Toolkit's disassembler is found (nvdisasm, else cuobjdump), from the PTX of the same
// NVRTC compile otherwise. Needs no GPU. Cached in memory and next to the Compiler's image
// (<cache>/<key>.mix.json), so asking again for a configuration is cheap.
#include "catalog.h"
#include "compiler.h"
#include "gemmtile.h"

#include "instrmix.h"

#include <QString>

namespace kernels {

struct Disassembler
{
    QString program; // absolute path; empty: none found
    QString kind;    // "nvdisasm" or "cuobjdump"
    bool isValid() const { return !program.isEmpty(); }
};

// nvdisasm, else cuobjdump: on PATH, then $CUDA_HOME/bin, $CUDA_PATH/bin, /usr/local/cuda/bin
// and the toolkit found at build time. Never a path from a results file. Set
// ROOFLAB_NO_DISASSEMBLER=1 to pretend there is none (tests, comparisons with the PTX count).
Disassembler findDisassembler();
// Every place looked at, for messages.
QStringList disassemblerCandidates();

// The SASS listing of a cubin (nvdisasm's output, or `cuobjdump -sass`); empty with *error.
QString disassemble(const QByteArray &cubin, const Disassembler &d, QString *error = nullptr);

enum class MixSource {
    Auto, // SASS when a disassembler is found, PTX otherwise
    Sass, // SASS or nothing (an error without a disassembler)
    Ptx,  // always the PTX
};

struct KernelCode
{
    bool ok = false;
    QString error;
    QString entry; // the lowered (mangled) entry name counted
    QString arch;
    model::InstrMix mix;
    QString disassembler; // the program the SASS came from; empty for a PTX count
    bool cacheHit = false;
    QString sass; // filled only when asked (keepText): the whole module's listing
    QString ptx;
};

// Which loop a catalog kernel's mix is about: GEMM steps their math, memory kernels their
// global loads, the rest whatever dominates.
model::MixFocus mixFocusFor(const QString &kernelId);

// One entry of a compile (name expression or lowered name; empty: the only entry, or the
// largest). Cached by the compile's key, the entry, the focus and the source.
KernelCode kernelCode(const CompileResult &compiled, Compiler &compiler, const QString &entry = {},
                      model::MixFocus focus = model::MixFocus::Auto, MixSource source = MixSource::Auto,
                      bool keepText = false);

// A catalog kernel for resolved parameters, compiled (cached) for `arch`; its main kernel
// (the one whose registers the results report) is counted.
KernelCode catalogKernelCode(const KernelSpec &spec, const Params &params, model::Dtype dtype,
                             const QString &arch, Compiler &compiler, MixSource source = MixSource::Auto,
                             bool keepText = false, CompileResult *compiled = nullptr);

// The tile explorer's compile job (gemmtile.h): compiled (cached) and counted. Cheap when the
// job was compiled or counted before.
KernelCode compileJobCode(const gemm::CompileJob &job, Compiler &compiler,
                          MixSource source = MixSource::Auto);

} // namespace kernels
