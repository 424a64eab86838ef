// The test-only kernel's bench (kernels/src/testing.cu): it faults on purpose.
#include "benches.h"

namespace kernels {

namespace {

class FaultBench : public Bench
{
public:
    bool setup(BenchContext &ctx, QString *error) override
    {
        return findMain(ctx, 32, error) && (m_buf = ctx.alloc(4096, error));
    }

    bool launch(BenchContext &ctx, QString *error) override
    {
        long long n = 1024;
        void *args[] = {&m_buf, &n};
        return launchMain(ctx, 1, 32, args, error);
    }

    model::Check check(BenchContext &) override
    {
        return failedCheck("none", QStringLiteral("the fault kernel returned without faulting"));
    }

private:
    void *m_buf = nullptr;
};

} // namespace

std::unique_ptr<Bench> testBench(const KernelSpec &spec, const Params &, model::Dtype)
{
    if (spec.id == QLatin1String("test.fault"))
        return std::make_unique<FaultBench>();
    return nullptr;
}

} // namespace kernels
