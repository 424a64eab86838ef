// Test-only kernels (kernels/src/testing.cu): registered only when built with
// ROOFLAB_TEST_KERNELS and ROOFLAB_ENABLE_TEST_KERNELS=1 is set.
#include "catalog.h"

#include <QCoreApplication>

namespace kernels {

namespace {

class FaultBench : public Bench
{
public:
    FaultBench() { m_mainKernel = QStringLiteral("fault_oob<0>"); }

    bool setup(BenchContext &ctx, QString *error) override
    {
        m_kernel = ctx.kernel(m_mainKernel, error);
        return m_kernel && ctx.checkLaunch(m_kernel, 32, 0, error) && (m_buf = ctx.alloc(4096, error));
    }

    bool launch(BenchContext &ctx, QString *error) override
    {
        long long n = 1024;
        void *args[] = {&m_buf, &n};
        return ctx.launch(m_kernel, dim3(1), dim3(32), 0, args, error);
    }

    model::Check check(BenchContext &) override
    {
        return failedCheck("none", QStringLiteral("the fault kernel returned without faulting"));
    }

private:
    cudaKernel_t m_kernel = nullptr;
    void *m_buf = nullptr;
};

} // namespace

void registerTestKernels(Catalog &c)
{
    KernelSpec k;
    k.id = "test.fault";
    k.family = "test";
    k.title = QCoreApplication::translate("kernels::TestKernels", "Faulting kernel (test)");
    k.description = QCoreApplication::translate("kernels::TestKernels",
                                                "Writes far out of bounds on purpose: an illegal-address fault that "
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
    k.makeBench = [](const Params &, model::Dtype) { return std::make_unique<FaultBench>(); };
    c.add(k);
}

} // namespace kernels
