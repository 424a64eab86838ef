#include "bench.h"

#include "hostfloat.h"
#include "src/rng.cuh"

#include <cstring>

namespace kernels {

bool Bench::poison(BenchContext &ctx, QString *error)
{
    for (const auto &[p, bytes] : m_outputs)
        if (!ctx.memset(p, 0xff, bytes, error)) // all-ones bits: NaN in every float format
            return false;
    return true;
}

bool Bench::findMain(BenchContext &ctx, int block, QString *error, int *perSm, size_t dynSmem)
{
    m_kernel = ctx.kernel(m_mainKernel, error);
    return m_kernel && ctx.checkLaunch(m_kernel, block, dynSmem, error, perSm);
}

bool Bench::launchMain(BenchContext &ctx, long long grid, int block, void **args, QString *error,
                       size_t dynSmem)
{
    return ctx.launch(m_kernel, dim3(unsigned(grid)), dim3(unsigned(block)), dynSmem, args, error);
}

void *Bench::allocFilled(BenchContext &ctx, long long n, model::Dtype d, float lo, float hi, unsigned seed,
                         QString *error)
{
    void *p = ctx.alloc(size_t(n) * size_t(model::dtypeBytes(d)), error);
    return p && ctx.fill(p, n, d, lo, hi, seed, error) ? p : nullptr;
}

unsigned *Bench::allocWords(BenchContext &ctx, long long n, unsigned seed, QString *error)
{
    auto *p = static_cast<unsigned *>(ctx.alloc(size_t(n) * sizeof(unsigned), error));
    return p && ctx.fillWords(p, n, seed, error) ? p : nullptr;
}

void *Bench::allocOutput(BenchContext &ctx, size_t bytes, QString *error)
{
    void *p = ctx.alloc(bytes, error);
    if (p)
        addOutput(p, bytes);
    return p;
}

model::Check failedCheck(const QString &reference, const QString &message)
{
    model::Check c;
    c.ok = false;
    c.reference = reference;
    c.maxRelErr = 0;
    c.message = message;
    return c;
}

double hostValue(long long i, unsigned seed, float lo, float hi, model::Dtype d)
{
    const float v = rl_value((unsigned long long)i, seed, lo, hi);
    switch (d) {
    case model::Dtype::Bf16:
        return hostfloat::bf16Round(v);
    case model::Dtype::Fp16:
        return hostfloat::halfToDouble(hostfloat::floatToHalf(v));
    case model::Dtype::Fp8:
        return hostfloat::e4m3Round(v);
    default:
        return v;
    }
}

double elementValue(const void *data, long long i, model::Dtype d)
{
    switch (d) {
    case model::Dtype::Fp64:
        return static_cast<const double *>(data)[i];
    case model::Dtype::Bf16:
        return hostfloat::bf16ToFloat(static_cast<const uint16_t *>(data)[i]);
    case model::Dtype::Fp16:
        return hostfloat::halfToDouble(static_cast<const uint16_t *>(data)[i]);
    case model::Dtype::Fp8:
        return hostfloat::e4m3ToDouble(static_cast<const uint8_t *>(data)[i]);
    default:
        return static_cast<const float *>(data)[i];
    }
}

double toleranceFor(model::Dtype d)
{
    switch (d) {
    case model::Dtype::Fp64:
        return 1e-12;
    case model::Dtype::Fp32:
    case model::Dtype::Tf32:
        return 1e-5;
    case model::Dtype::Bf16:
        return 1.6e-2; // 8-bit significand: half an ulp is 2^-9, plus the math
    case model::Dtype::Fp16:
        return 2e-3;
    default:
        return 1e-2;
    }
}

} // namespace kernels
