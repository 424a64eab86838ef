#pragma once

// `rooflab-cli compile ... --mix`: the instruction mix of the compiled kernel's main loop
// (kernels/kernelmix.h), and the code itself (--cubin-out, --sass-out, --ptx-out).
#include "catalog.h"
#include "compiler.h"

#include "instrmix.h"

#include <QCommandLineParser>
#include <QJsonObject>

namespace cli {

void addMixOptions(QCommandLineParser &p);
// Writes the files asked for and counts the mix when --mix is set: *json gets "instr_mix"
// (InstrMix::toJson, with the disassembler) and *text the readable lines. Returns the exit
// code: Ok, or Failed when a file or the count could not be made.
int compileMixOutputs(const QCommandLineParser &p, const kernels::KernelSpec &spec,
                      const kernels::Params &params, model::Dtype dtype,
                      const kernels::CompileResult &compiled, kernels::Compiler &compiler, QJsonObject *json,
                      QStringList *text);
// "ffma 512, lds 128, ...; total 1047"
QString mixSummary(const model::InstrMix &m);
// --mix through a worker (--host / --via): the lines for the worker's compiled reply; *code
// Failed when it has no mix, BadInput for the file options, which need a local compile.
QStringList remoteMixLines(const QCommandLineParser &p, const QJsonObject &compiled, int *code);
// `doc` with the fields of `more` added.
QJsonObject withFields(QJsonObject doc, const QJsonObject &more);

} // namespace cli
