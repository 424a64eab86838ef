#include "compilemix.h"

#include "cliutil.h"
#include "kernelmix.h"

#include <QCoreApplication>
#include <QFile>
#include <QSaveFile>

namespace cli {

namespace {

QString tr(const char *s)
{
    return QCoreApplication::translate("cli::compile", s);
}

bool writeFile(const QString &path, const QByteArray &data, QString *error)
{
    QSaveFile f(path);
    if (f.open(QIODevice::WriteOnly) && f.write(data) == data.size() && f.commit())
        return true;
    *error = QStringLiteral("%1: %2").arg(path, f.errorString());
    return false;
}

QString number(double v)
{
    return v == double(qint64(v)) ? QString::number(qint64(v)) : QString::number(v, 'f', 1);
}

} // namespace

void addMixOptions(QCommandLineParser &p)
{
    p.addOption(
        {"mix",
         "count the main loop's instruction mix (SASS when nvdisasm or cuobjdump is found, else PTX)"});
    p.addOption({"mix-source", "where --mix counts from: auto, sass or ptx", "SRC", "auto"});
    p.addOption({"cubin-out", "write the compiled image to FILE", "FILE"});
    p.addOption({"sass-out", "write its SASS (nvdisasm or cuobjdump -sass) to FILE", "FILE"});
    p.addOption({"ptx-out", "write NVRTC's PTX to FILE", "FILE"});
}

QJsonObject withFields(QJsonObject doc, const QJsonObject &more)
{
    for (auto it = more.begin(); it != more.end(); ++it)
        doc.insert(it.key(), it.value());
    return doc;
}

int compileMixOutputs(const QCommandLineParser &p, const kernels::KernelSpec &spec,
                      const kernels::Params &params, model::Dtype dtype,
                      const kernels::CompileResult &compiled, kernels::Compiler &compiler, QJsonObject *json,
                      QStringList *text)
{
    QString error;
    if (p.isSet("mix") || p.isSet("cubin-out") || p.isSet("sass-out") || p.isSet("ptx-out"))
        json->insert(QStringLiteral("cache_key"),
                     compiled.cacheKey); // which sources and options the code is of
    if (p.isSet("cubin-out") && !writeFile(p.value("cubin-out"), compiled.cubin, &error))
        return fail(Failed, QStringLiteral("--cubin-out: ") + error);
    if (p.isSet("ptx-out") && !writeFile(p.value("ptx-out"), compiled.ptx, &error))
        return fail(Failed, QStringLiteral("--ptx-out: ") + error);
    if (p.isSet("sass-out")) {
        const QString sass = kernels::disassemble(compiled.cubin, kernels::findDisassembler(), &error);
        if (sass.isEmpty())
            return fail(Failed, QStringLiteral("--sass-out: ") + error);
        if (!writeFile(p.value("sass-out"), sass.toUtf8(), &error))
            return fail(Failed, QStringLiteral("--sass-out: ") + error);
    }
    if (!p.isSet("mix"))
        return Ok;
    const QString from = p.value("mix-source").toLower();
    kernels::MixSource source = kernels::MixSource::Auto;
    if (from == QLatin1String("sass"))
        source = kernels::MixSource::Sass;
    else if (from == QLatin1String("ptx"))
        source = kernels::MixSource::Ptx;
    else if (from != QLatin1String("auto"))
        return badInput(
            QStringLiteral("--mix-source: \"%1\" is not auto, sass or ptx").arg(p.value("mix-source")));
    const kernels::KernelCode k = kernels::kernelCode(compiled, compiler, spec.mainKernel(params, dtype),
                                                      kernels::mixFocusFor(spec.id), source);
    if (!k.ok)
        return fail(Failed, QStringLiteral("--mix: ") + k.error);
    QJsonObject mix = k.mix.toJson();
    if (!k.disassembler.isEmpty())
        mix.insert(QStringLiteral("disassembler"), k.disassembler);
    json->insert(QStringLiteral("instr_mix"), mix);

    const QString where =
        k.mix.source == QLatin1String("sass")
            ? tr("counted from the SASS (%1)").arg(k.disassembler)
            : tr("counted from the PTX (no disassembler found: integer and address arithmetic "
                 "is an estimate)");
    text->append((k.mix.loopFound
                      ? tr("instruction mix of %1, warp instructions of one main-loop iteration, %2:")
                      : tr("instruction mix of %1, the whole kernel (it has no loop), %2:"))
                     .arg(k.entry, where));
    text->append(QStringLiteral("  ") + mixSummary(k.mix));
    return Ok;
}

QString mixSummary(const model::InstrMix &m)
{
    QStringList parts;
    for (const QString &c : model::instrClasses())
        if (m.count(c) > 0)
            parts.append(QStringLiteral("%1 %2").arg(c, number(m.count(c))));
    return parts.join(QLatin1String(", ")) + tr("; total %1").arg(number(m.total));
}

QStringList remoteMixLines(const QCommandLineParser &p, const QJsonObject &compiled, int *code)
{
    *code = Ok;
    for (const char *o : {"cubin-out", "sass-out", "ptx-out"})
        if (p.isSet(QLatin1String(o))) {
            *code =
                badInput(QStringLiteral("--%1 writes a file here: it is not available with --host / --via")
                             .arg(QLatin1String(o)));
            return {};
        }
    if (!p.isSet("mix"))
        return {};
    const model::InstrMix m =
        model::InstrMix::fromJson(compiled.value(QLatin1String("instr_mix")).toObject());
    if (m.isEmpty()) {
        *code =
            fail(Failed, QStringLiteral("--mix: ") + compiled.value(QLatin1String("instr_mix_error"))
                                                         .toString(tr("the worker sent no instruction mix")));
        return {};
    }
    return {
        (m.loopFound
             ? tr("instruction mix of %1, warp instructions of one main-loop iteration, counted from the %2:")
             : tr("instruction mix of %1, the whole kernel (it has no loop), counted from the %2:"))
            .arg(m.kernel, m.source.toUpper()),
        QStringLiteral("  ") + mixSummary(m)};
}

} // namespace cli
