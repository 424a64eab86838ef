// Test-only kernels (kernels/src/testing.cu): registered only when built with
// ROOFLAB_TEST_KERNELS and ROOFLAB_ENABLE_TEST_KERNELS=1 is set. The bench is in
// bench_testing.cpp.
#include "catalog.h"

#include <QCoreApplication>

namespace kernels {

void registerTestKernels(Catalog &c)
{
    KernelSpec k;
    k.id = "test.fault";
    k.family = "test";
    k.title = QCoreApplication::translate("kernels::TestKernels", "Faulting kernel (test)");
    k.description = QCoreApplication::translate(
        "kernels::TestKernels", "Writes far out of bounds on purpose: an illegal-address fault that "
                                "leaves the process's CUDA context unusable. For crash tests.");
    k.source = "testing.cu";
    k.workload = "copy";
    k.reference = "none";
    k.dtypes = {"fp32"};
    k.testOnly = true;
    k.work = [](const Params &, model::Dtype d) { return model::workloads::copy(32, d); };
    k.compileOptions = [](const Params &, model::Dtype) {
        CompileOptions o;
        o.source = QStringLiteral("testing.cu");
        o.nameExpressions = {QStringLiteral("fault_oob<0>")};
        return o;
    };
    c.add(k);
}

} // namespace kernels
