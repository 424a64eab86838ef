#pragma once

// Every bundled kernel, registered once: id, family, description, parameters with their
// ranges, dtypes, its workload (FLOPs and bytes from model::workloads), the sources and
// instantiations to compile. What runs and checks it on a device (its Bench) lives in the
// runtime library (benches.h): the catalog needs no CUDA runtime, so the GUI can use it.
#include "compiler.h"

#include "workloads.h"

#include <QList>
#include <QString>
#include <QStringList>
#include <QVariant>
#include <QVariantMap>

#include <functional>
#include <optional>

namespace kernels {

// A kernel's parameters by name: numbers (qint64) and choices (strings).
using Params = QVariantMap;

struct ParamSpec
{
    QString name;
    QString description;
    QVariant defaultValue;   // a number (qint64) or, for a choice, a string
    qint64 min = 0, max = 0; // numbers
    QList<qint64> allowed;   // numbers: when not empty, only these
    QStringList choices;     // strings: the variants
    qint64 multipleOf = 1;   // numbers: e.g. block sizes are multiples of 32

    bool isChoice() const { return !choices.isEmpty(); }
};

struct KernelSpec
{
    QString id;          // "memory.copy"
    QString family;      // "memory", "probe", "test"
    QString title;       // short, translated
    QString description; // for the GUI, translated
    QString source;      // file in kernels/src; empty for work that is not a compiled kernel
    QString workload;    // model::workloads kind it is counted as ("copy", "softmax", ...) or "probe"
    QString level = QStringLiteral("hbm"); // memory level its bytes refer to
    QString precision;                     // roofline precision; empty: model::precisionFor(gpu, dtype)
    QString reference;                     // how the check is done: "cpu-fp64", "exact", "cublas" ...
    QList<ParamSpec> params;
    QStringList dtypes; // the first is the default
    bool testOnly = false;

    // FLOPs and bytes for resolved parameters (from model::workloads, never computed here).
    std::function<model::WorkCount(const Params &, model::Dtype)> work;
    // Further checks across parameters; an empty string when fine, else a message naming one.
    std::function<QString(const Params &, model::Dtype)> validate;
    // What NVRTC compiles for these parameters (arch filled in by the caller).
    std::function<CompileOptions(const Params &, model::Dtype)> compileOptions;
    // The entry function whose registers and shared memory the results report, when it is
    // not the first of compileOptions' name expressions (extern "C" entries: "gemm_naive").
    std::function<QString(const Params &, model::Dtype)> entry;
    // Parameter sets for the GPU tests: three sizes, including ones that are not multiples
    // of the block size or the vector width.
    QList<Params> testCases;

    const ParamSpec *param(const QString &name) const;
    Params defaults() const;
    // entry(), else the first name expression; empty for work that is not a compiled kernel.
    QString mainKernel(const Params &p, model::Dtype d) const;
    QString defaultDtype() const { return dtypes.value(0); }
};

class Catalog
{
public:
    // The bundled kernels (test kernels only when built with ROOFLAB_TEST_KERNELS and
    // ROOFLAB_ENABLE_TEST_KERNELS=1 is set).
    static const Catalog &instance();
    static bool testKernelsEnabled();
    static bool testKernelsBuiltIn(); // the CMake option ROOFLAB_TEST_KERNELS

    const QList<KernelSpec> &kernels() const { return m_kernels; }
    const KernelSpec *find(const QString &id) const;
    QStringList ids() const;
    QStringList families() const;
    void add(KernelSpec spec);

    // Defaults filled in, values parsed and range-checked; nullopt with a message naming the
    // parameter. `given` holds strings (from the command line) or numbers.
    static std::optional<Params> resolve(const KernelSpec &spec, const QVariantMap &given, QString *error);
    static std::optional<model::Dtype> resolveDtype(const KernelSpec &spec, const QString &dtype,
                                                    QString *error);
    // Both, then the kernel's own cross-parameter check.
    struct Resolved
    {
        Params params;
        model::Dtype dtype = model::Dtype::Fp32;
    };
    static std::optional<Resolved> resolveAll(const KernelSpec &spec, const QVariantMap &given,
                                              const QString &dtype, QString *error);

private:
    QList<KernelSpec> m_kernels;
};

// Registration, one function per family file.
void registerMemoryKernels(Catalog &c);
void registerProbeKernels(Catalog &c);
void registerTestKernels(Catalog &c);

// Small shared helpers for the family files.
inline qint64 paramInt(const Params &p, const QString &name)
{
    return p.value(name).toLongLong();
}
inline QString paramText(const Params &p, const QString &name)
{
    return p.value(name).toString();
}
// C++ type name of a dtype in the kernel sources ("float", "__nv_bfloat16").
QString cudaTypeName(model::Dtype d);
ParamSpec intParam(const QString &name, const QString &description, qint64 def, qint64 min, qint64 max,
                   qint64 multipleOf = 1, const QList<qint64> &allowed = {});
ParamSpec choiceParam(const QString &name, const QString &description, const QStringList &choices);
// The most shared memory one block may opt in to on sm_90 (227 KB; CUDA C++ Programming Guide,
// "Technical Specifications per Compute Capability"): the bulk copies' stages must fit it.
constexpr qint64 kSm90BlockSmemBytes = 227 * 1024;
inline long long ceilDiv(long long a, long long b)
{
    return (a + b - 1) / b;
}

} // namespace kernels
