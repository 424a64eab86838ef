#include "catalog.h"

#include "family_llm.h" // registerLlmKernels (kernels/family_llm.cpp)
#include "gemmladder.h" // registerGemmKernels (kernels/family_gemm.cpp)

#include <QCoreApplication>

#include <cmath>

namespace kernels {

namespace {
QString tr(const char *s)
{
    return QCoreApplication::translate("kernels::Catalog", s);
}
} // namespace

const ParamSpec *KernelSpec::param(const QString &name) const
{
    for (const ParamSpec &p : params)
        if (p.name == name)
            return &p;
    return nullptr;
}

Params KernelSpec::defaults() const
{
    Params out;
    for (const ParamSpec &p : params)
        out[p.name] = p.defaultValue;
    return out;
}

QString KernelSpec::mainKernel(const Params &p, model::Dtype d) const
{
    if (entry)
        return entry(p, d);
    if (compileOptions && !source.isEmpty())
        return compileOptions(p, d).nameExpressions.value(0);
    return {};
}

QString cudaTypeName(model::Dtype d)
{
    switch (d) {
    case model::Dtype::Fp64:
        return QStringLiteral("double");
    case model::Dtype::Bf16:
        return QStringLiteral("__nv_bfloat16");
    case model::Dtype::Fp16:
        return QStringLiteral("__half");
    default:
        return QStringLiteral("float");
    }
}

ParamSpec intParam(const QString &name, const QString &description, qint64 def, qint64 min, qint64 max,
                   qint64 multipleOf, const QList<qint64> &allowed)
{
    ParamSpec p;
    p.name = name;
    p.description = description;
    p.defaultValue = def;
    p.min = min;
    p.max = max;
    p.multipleOf = multipleOf;
    p.allowed = allowed;
    return p;
}

ParamSpec choiceParam(const QString &name, const QString &description, const QStringList &choices)
{
    ParamSpec p;
    p.name = name;
    p.description = description;
    p.defaultValue = choices.value(0);
    p.choices = choices;
    return p;
}

bool Catalog::testKernelsBuiltIn()
{
#ifdef ROOFLAB_TEST_KERNELS
    return true;
#else
    return false;
#endif
}

bool Catalog::testKernelsEnabled()
{
#ifdef ROOFLAB_TEST_KERNELS
    return qEnvironmentVariable("ROOFLAB_ENABLE_TEST_KERNELS") == QLatin1String("1");
#else
    return false;
#endif
}

const Catalog &Catalog::instance()
{
    static const Catalog catalog = [] {
        Catalog c;
        registerMemoryKernels(c);
        registerProbeKernels(c);
        registerGemmKernels(c);
        registerLlmKernels(c);
#ifdef ROOFLAB_TEST_KERNELS
        if (testKernelsEnabled())
            registerTestKernels(c);
#endif
        return c;
    }();
    return catalog;
}

const KernelSpec *Catalog::find(const QString &id) const
{
    for (const KernelSpec &k : m_kernels)
        if (k.id == id)
            return &k;
    return nullptr;
}

QStringList Catalog::ids() const
{
    QStringList out;
    for (const KernelSpec &k : m_kernels)
        out.append(k.id);
    return out;
}

QStringList Catalog::families() const
{
    QStringList out;
    for (const KernelSpec &k : m_kernels)
        if (!out.contains(k.family))
            out.append(k.family);
    return out;
}

void Catalog::add(KernelSpec spec)
{
    Q_ASSERT(!find(spec.id));
    m_kernels.append(std::move(spec));
}

std::optional<Params> Catalog::resolve(const KernelSpec &spec, const QVariantMap &given, QString *error)
{
    auto fail = [&](const QString &m) {
        if (error)
            *error = m;
        return std::nullopt;
    };
    Params out = spec.defaults();
    for (auto it = given.begin(); it != given.end(); ++it) {
        const ParamSpec *p = spec.param(it.key());
        if (!p) {
            QStringList names;
            for (const ParamSpec &ps : spec.params)
                names.append(ps.name);
            return fail(tr("%1 has no parameter \"%2\" (it takes: %3)")
                            .arg(spec.id, it.key(), names.isEmpty() ? tr("none") : names.join(", ")));
        }
        if (p->isChoice()) {
            const QString v = it.value().toString();
            if (!p->choices.contains(v))
                return fail(tr("parameter \"%1\" of %2: \"%3\" is not one of %4")
                                .arg(p->name, spec.id, v, p->choices.join(", ")));
            out[p->name] = v;
            continue;
        }
        // Numbers: integers, also written as 1e6 or 2^28.
        const QString text = it.value().toString().trimmed();
        double v = NAN;
        bool ok = false;
        if (text.contains('^')) {
            const QStringList parts = text.split('^');
            bool okb = false, oke = false;
            const double b = parts.value(0).toDouble(&okb), e = parts.value(1).toDouble(&oke);
            ok = parts.size() == 2 && okb && oke;
            v = std::pow(b, e);
        } else {
            v = text.toDouble(&ok);
        }
        if (!ok || !std::isfinite(v) || v != std::floor(v))
            return fail(tr("parameter \"%1\" of %2: \"%3\" is not an integer").arg(p->name, spec.id, text));
        const qint64 n = qint64(v);
        if (!p->allowed.isEmpty() && !p->allowed.contains(n)) {
            QStringList vals;
            for (qint64 a : p->allowed)
                vals.append(QString::number(a));
            return fail(tr("parameter \"%1\" of %2 must be one of %3 (got %4)")
                            .arg(p->name, spec.id, vals.join(", "))
                            .arg(n));
        }
        if (n < p->min || n > p->max)
            return fail(tr("parameter \"%1\" of %2 must be between %3 and %4 (got %5)")
                            .arg(p->name, spec.id)
                            .arg(p->min)
                            .arg(p->max)
                            .arg(n));
        if (p->multipleOf > 1 && n % p->multipleOf != 0)
            return fail(tr("parameter \"%1\" of %2 must be a multiple of %3 (got %4)")
                            .arg(p->name, spec.id)
                            .arg(p->multipleOf)
                            .arg(n));
        out[p->name] = n;
    }
    return out;
}

std::optional<model::Dtype> Catalog::resolveDtype(const KernelSpec &spec, const QString &dtype,
                                                  QString *error)
{
    const QString name = dtype.isEmpty() ? spec.defaultDtype() : dtype.toLower();
    const auto d = model::parseDtype(name);
    if (!d || !spec.dtypes.contains(name)) {
        if (error)
            *error = tr("--dtype: %1 does not run in \"%2\" (it takes: %3)")
                         .arg(spec.id, dtype, spec.dtypes.join(", "));
        return std::nullopt;
    }
    return d;
}

std::optional<Catalog::Resolved> Catalog::resolveAll(const KernelSpec &spec, const QVariantMap &given,
                                                     const QString &dtype, QString *error)
{
    const auto params = resolve(spec, given, error);
    if (!params)
        return std::nullopt;
    const auto d = resolveDtype(spec, dtype, error);
    if (!d)
        return std::nullopt;
    if (spec.validate) {
        const QString problem = spec.validate(*params, *d);
        if (!problem.isEmpty()) {
            if (error)
                *error = problem;
            return std::nullopt;
        }
    }
    return Resolved{*params, *d};
}

} // namespace kernels
