#include "benches.h"

namespace kernels {

std::unique_ptr<Bench> makeBench(const KernelSpec &spec, const Params &p, model::Dtype d)
{
    using Maker = std::unique_ptr<Bench> (*)(const KernelSpec &, const Params &, model::Dtype);
    static const struct
    {
        const char *family;
        Maker make;
    } families[] = {
        {"memory", memoryBench}, // bench_memory.cpp
        {"probe", probeBench},   // bench_probes.cpp
        {"gemm", gemmBench},     // bench_gemm.cpp
        {"llm", llmBench},       // bench_llm.cpp
#ifdef ROOFLAB_TEST_KERNELS
        {"test", testBench},
#endif
    };
    for (const auto &f : families) {
        if (spec.family != QLatin1String(f.family))
            continue;
        std::unique_ptr<Bench> b = f.make(spec, p, d);
        if (b)
            b->setMainKernel(spec.mainKernel(p, d));
        return b;
    }
    return nullptr;
}

} // namespace kernels
