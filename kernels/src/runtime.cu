// Kernels the runner itself uses (not in the catalog): filling buffers with reproducible
// random data, flushing L2 between samples, and reading the SM clock.
#include "common.cuh"

// p[i] = rl_value(i, seed, lo, hi) rounded to T: the host regenerates the same values.
template <typename T> __global__ void rl_fill(T *p, long long n, unsigned seed, float lo, float hi)
{
    const long long stride = (long long)gridDim.x * blockDim.x;
    for (long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
        p[i] = rl_from_float<T>(rl_value((unsigned long long)i, seed, lo, hi));
}

// Raw nonzero 32-bit words (probes that add words as integers).
template <int D> __global__ void rl_fill_words(unsigned *p, long long n, unsigned seed)
{
    const long long stride = (long long)gridDim.x * blockDim.x;
    for (long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
        p[i] = rl_word((unsigned long long)i, seed);
}

// Reads a buffer larger than L2 so that whatever was cached (and dirty) is evicted before
// the next sample; the store never happens but keeps the loads.
template <int D> __global__ void rl_flush_read(const uint4 *__restrict__ p, long long nv, unsigned *sink)
{
    unsigned acc = 0;
    const long long stride = (long long)gridDim.x * blockDim.x;
    for (long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x; i < nv; i += stride) {
        const uint4 r = p[i];
        acc ^= r.x ^ r.y ^ r.z ^ r.w;
    }
    if (acc == 0x9e3779b9u && sink)
        *sink = acc;
}

// One thread per block spins for spin_ns of global time and records the SM cycles that
// passed: cycles / ns = the SM clock in GHz while the GPU is busy.
template <int D> __global__ void rl_clock(long long spin_ns, unsigned long long *out)
{
    if (threadIdx.x != 0)
        return;
    const unsigned long long t0 = rl_globaltimer();
    const unsigned long long c0 = clock64();
    unsigned long long t = t0;
    while ((long long)(t - t0) < spin_ns)
        t = rl_globaltimer();
    const unsigned long long c1 = clock64();
    out[2 * blockIdx.x] = c1 - c0;
    out[2 * blockIdx.x + 1] = t - t0;
}
