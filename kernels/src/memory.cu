// Memory-bound kernels of the course notes: copy, vector add, triad, strided read, reduction,
// softmax, RMSNorm, LayerNorm. Each comes in the version a first attempt would write and the
// version that reaches the bandwidth ceiling, so the gap is visible on the roofline.
// Every kernel is a template: NVRTC compiles only the instantiations the catalog asks for.
#include "common.cuh"

// ---------------------------------------------------------------- elementwise

struct RlCopyOp
{
    float alpha;
    __device__ __forceinline__ float operator()(float a, float) const { return a; }
};
struct RlAddOp
{
    float alpha;
    __device__ __forceinline__ float operator()(float a, float b) const { return a + b; }
};
// a = b + alpha * c (STREAM triad): one fused multiply-add per element
struct RlTriadOp
{
    float alpha;
    __device__ __forceinline__ float operator()(float b, float c) const { return fmaf(alpha, c, b); }
};

// One element per thread: the five-line kernel of the kernel-engineering notes (ch. 02).
template <typename T> __global__ void copy_scalar(const T *__restrict__ in, T *__restrict__ out, long long n)
{
    const long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = in[i];
}

template <typename T, typename Op>
__global__ void binary_scalar(const T *__restrict__ x, const T *__restrict__ y, T *__restrict__ out,
                              long long n, Op op)
{
    const long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = rl_from_float<T>(op(rl_to_float<T>(x[i]), rl_to_float<T>(y[i])));
}

// 16-byte accesses, UNROLL of them in flight per thread before the first store (the kernel-engineering
// notes, ch. 03: enough bytes in flight per SM). The block's vectors are contiguous per unroll step so
// every warp access is one 512-byte run. HINT 1 marks the data as streamed (evict-first).
// The < 16-byte tail is done by block 0.
template <typename T, int UNROLL, int HINT>
__global__ void copy_vector(const T *__restrict__ in, T *__restrict__ out, long long n)
{
    constexpr int V = RlVec<T>::N;
    const long long nv = n / V;
    const long long base = (long long)blockIdx.x * blockDim.x * UNROLL + threadIdx.x;
    rl_copy16<UNROLL, HINT>(reinterpret_cast<const uint4 *>(in), reinterpret_cast<uint4 *>(out), base, nv);
    if (blockIdx.x == 0 && threadIdx.x < n - nv * V)
        out[nv * V + threadIdx.x] = in[nv * V + threadIdx.x];
}

// The vector copy as a grid-stride loop over one wave of blocks (the bench launches as many
// blocks as fit on the SMs at once): no block is scheduled after the first wave, so the end of
// the copy has no tail of late blocks, and each thread keeps UNROLL 16-byte loads in flight
// for the whole run.
template <typename T, int UNROLL, int HINT>
__global__ void copy_persistent(const T *__restrict__ in, T *__restrict__ out, long long n)
{
    constexpr int V = RlVec<T>::N;
    const long long nv = n / V;
    const long long stride = (long long)gridDim.x * blockDim.x * UNROLL;
    for (long long base = (long long)blockIdx.x * blockDim.x * UNROLL + threadIdx.x; base < nv;
         base += stride)
        rl_copy16<UNROLL, HINT>(reinterpret_cast<const uint4 *>(in), reinterpret_cast<uint4 *>(out), base,
                                nv);
    if (blockIdx.x == 0 && threadIdx.x < n - nv * V)
        out[nv * V + threadIdx.x] = in[nv * V + threadIdx.x];
}

// The copy by the Hopper bulk-copy engine (TMA, sm_90): no data passes through registers. One
// thread per block walks chunks blockIdx.x, blockIdx.x + gridDim.x, ... of CHUNK bytes: a
// cp.async.bulk global -> shared completes on the stage's mbarrier (transaction bytes), a
// cp.async.bulk shared -> global writes it out. STAGES buffers: STAGES - 1 loads in flight
// while the previous stores drain; a stage is refilled once its store has read it
// (cp.async.bulk.wait_group.read). Shared memory: STAGES * CHUNK bytes dynamic (the launch
// sets it). The last chunk may be shorter (a multiple of 16 bytes); the < 16-byte tail is
// copied by block 0's threads. Block: 32 threads (one warp; only lane 0 issues copies).
template <typename T, int STAGES, int CHUNK>
__global__ void __launch_bounds__(32) copy_bulk(const T *__restrict__ in, T *__restrict__ out, long long n)
{
    static_assert(STAGES >= 2 && CHUNK % 16 == 0, "copy_bulk: two stages or more, 16-byte chunks");
    const long long bytes = n * (long long)sizeof(T), body = bytes & ~15LL;
    const unsigned char *src = reinterpret_cast<const unsigned char *>(in);
    unsigned char *dst = reinterpret_cast<unsigned char *>(out);
#if __CUDA_ARCH__ >= 900
    extern __shared__ __align__(128) unsigned char buf[];
    __shared__ __align__(8) unsigned long long bar[STAGES];
    if (threadIdx.x == 0) {
        const unsigned s0 = (unsigned)__cvta_generic_to_shared(buf),
                       b0 = (unsigned)__cvta_generic_to_shared(bar);
        const long long chunks = (body + CHUNK - 1) / CHUNK;
        const long long mine = blockIdx.x < chunks ? (chunks - blockIdx.x + gridDim.x - 1) / gridDim.x : 0;
        for (int s = 0; s < STAGES; ++s)
            asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;\n" ::"r"(b0 + 8 * s));
        asm volatile("fence.mbarrier_init.release.cluster;\n" ::: "memory");
        auto sizeOf = [&](long long i) {
            const long long off = (blockIdx.x + i * gridDim.x) * (long long)CHUNK;
            return (unsigned)min((long long)CHUNK, body - off);
        };
        auto load = [&](long long i) { // chunk i of this block into stage i % STAGES
            const int s = int(i % STAGES);
            const unsigned size = sizeOf(i);
            const unsigned char *g = src + (blockIdx.x + i * gridDim.x) * (long long)CHUNK;
            asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;\n" ::"r"(b0 + 8 * s),
                         "r"(size)
                         : "memory");
            asm volatile(
                "cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];\n" ::
                    "r"(s0 + s * CHUNK),
                "l"(g), "r"(size), "r"(b0 + 8 * s)
                : "memory");
        };
        for (long long i = 0; i < STAGES - 1 && i < mine; ++i)
            load(i);
        for (long long i = 0; i < mine; ++i) {
            const int s = int(i % STAGES);
            const unsigned parity = unsigned(i / STAGES) & 1u;
            unsigned done = 0;
            while (!done)
                asm volatile("{\n.reg .pred p;\n"
                             "mbarrier.try_wait.parity.shared::cta.b64 p, [%1], %2;\n"
                             "selp.u32 %0, 1, 0, p;\n}\n"
                             : "=r"(done)
                             : "r"(b0 + 8 * s), "r"(parity)
                             : "memory");
            // The load landed (async proxy) and the store reads it (async proxy too); the fence
            // is the conservative ordering between the barrier wait and the store.
            asm volatile("fence.proxy.async.shared::cta;\n" ::: "memory");
            unsigned char *g = dst + (blockIdx.x + i * gridDim.x) * (long long)CHUNK;
            asm volatile("cp.async.bulk.global.shared::cta.bulk_group [%0], [%1], %2;\n" ::"l"(g),
                         "r"(s0 + s * CHUNK), "r"(sizeOf(i))
                         : "memory");
            asm volatile("cp.async.bulk.commit_group;\n" ::: "memory");
            if (i + STAGES - 1 < mine) {
                // Its stage is the one stored in the previous iteration: wait until every
                // store but the newest has read its shared memory.
                asm volatile("cp.async.bulk.wait_group.read 1;\n" ::: "memory");
                load(i + STAGES - 1);
            }
        }
        asm volatile("cp.async.bulk.wait_group 0;\n" ::: "memory");
    }
#else
    // No bulk-copy engine before sm_90 (the bench refuses such devices): a plain loop keeps
    // the instantiation compilable for every architecture.
    for (long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x; i < body;
         i += (long long)gridDim.x * blockDim.x)
        dst[i] = src[i];
#endif
    if (blockIdx.x == 0 && threadIdx.x < bytes - body)
        dst[body + threadIdx.x] = src[body + threadIdx.x];
}

template <typename T, typename Op, int UNROLL, int HINT>
__global__ void binary_vector(const T *__restrict__ x, const T *__restrict__ y, T *__restrict__ out,
                              long long n, Op op)
{
    constexpr int V = RlVec<T>::N;
    const long long nv = n / V;
    const uint4 *xv = reinterpret_cast<const uint4 *>(x);
    const uint4 *yv = reinterpret_cast<const uint4 *>(y);
    uint4 *ov = reinterpret_cast<uint4 *>(out);
    const long long base = (long long)blockIdx.x * blockDim.x * UNROLL + threadIdx.x;
    uint4 a[UNROLL], b[UNROLL];
#pragma unroll
    for (int u = 0; u < UNROLL; ++u) {
        const long long j = base + (long long)u * blockDim.x;
        if (j < nv) {
            a[u] = rl_ld16<HINT>(xv + j);
            b[u] = rl_ld16<HINT>(yv + j);
        }
    }
#pragma unroll
    for (int u = 0; u < UNROLL; ++u) {
        const long long j = base + (long long)u * blockDim.x;
        if (j < nv) {
            float fa[V], fb[V], c[V];
            rl_unpack<T>(a[u], fa);
            rl_unpack<T>(b[u], fb);
#pragma unroll
            for (int e = 0; e < V; ++e)
                c[e] = op(fa[e], fb[e]);
            rl_st16<HINT>(ov + j, rl_pack<T>(c));
        }
    }
    if (blockIdx.x == 0 && threadIdx.x < n - nv * V) {
        const long long i = nv * V + threadIdx.x;
        out[i] = rl_from_float<T>(op(rl_to_float<T>(x[i]), rl_to_float<T>(y[i])));
    }
}

// out[i] = in[i * STRIDE]: a warp touches 32 * STRIDE * sizeof(T) bytes for 128 useful ones,
// so from a stride of 8 floats (32 B) on every element costs a whole sector (the
// kernel-engineering notes, ch. 03).
template <typename T, int STRIDE>
__global__ void strided_read(const T *__restrict__ in, T *__restrict__ out, long long n)
{
    const long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = in[i * STRIDE];
}

// ---------------------------------------------------------------- reduction

// Every element an atomic on one address: the additions serialize at that address.
template <typename T> __global__ void reduce_atomic(const T *__restrict__ in, float *out, long long n)
{
    const long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        atomicAdd(out, rl_to_float<T>(in[i]));
}

// Grid-stride 16-byte loads into per-thread sums, warp shuffles, one partial per block, and
// the last block to finish (an atomic ticket) adds the partials in a fixed order: no float
// atomics, the same result every run, and the ticket is reset for the next launch.
template <int BLOCK, int UNROLL>
__global__ void __launch_bounds__(BLOCK)
    reduce_tree(const float *__restrict__ in, float *partials, unsigned *ticket, float *out, long long n)
{
    const long long nv = n / 4;
    const float4 *v = reinterpret_cast<const float4 *>(in);
    float acc[UNROLL];
#pragma unroll
    for (int u = 0; u < UNROLL; ++u)
        acc[u] = 0.0f;
    const long long stride = (long long)gridDim.x * BLOCK * UNROLL;
    // One step of UNROLL loads at a time: the same bytes in flight in every grid-stride kernel.
#pragma unroll 1
    for (long long base = (long long)blockIdx.x * BLOCK * UNROLL + threadIdx.x; base < nv; base += stride) {
        float4 r[UNROLL];
#pragma unroll
        for (int u = 0; u < UNROLL; ++u) {
            const long long j = base + (long long)u * BLOCK;
            r[u] = j < nv ? v[j] : make_float4(0.f, 0.f, 0.f, 0.f);
        }
#pragma unroll
        for (int u = 0; u < UNROLL; ++u)
            acc[u] += (r[u].x + r[u].y) + (r[u].z + r[u].w);
    }
    float s = 0.0f;
#pragma unroll
    for (int u = 0; u < UNROLL; ++u)
        s += acc[u];
    if (blockIdx.x == 0 && threadIdx.x < n - nv * 4)
        s += in[nv * 4 + threadIdx.x];
    s = rl_block_sum<BLOCK>(s);

    __shared__ bool last;
    if (threadIdx.x == 0) {
        partials[blockIdx.x] = s;
        __threadfence();
        last = atomicAdd(ticket, 1u) == gridDim.x - 1;
    }
    __syncthreads();
    if (!last)
        return;
    float p = 0.0f;
    for (unsigned i = threadIdx.x; i < gridDim.x; i += BLOCK)
        p += __ldcg(partials + i);
    p = rl_block_sum<BLOCK>(p);
    if (threadIdx.x == 0) {
        *out = p;
        *ticket = 0;
    }
}

// ---------------------------------------------------------------- softmax

// One pass over memory: the row is loaded once into registers; each thread keeps its
// (max, sum of exp) pair, the pairs are merged with the online-softmax rule across the
// block, and the row is written from registers.
template <typename T, int COLS, int BLOCK>
__global__ void __launch_bounds__(BLOCK) softmax_online(const T *__restrict__ x, T *__restrict__ y, int rows)
{
    using Row = RlRow<T, COLS, BLOCK>;
    const long long r = blockIdx.x;
    if (r >= rows)
        return;
    Row row;
    row.load(x + r * COLS, -RL_INF);
    float m = -RL_INF;
#pragma unroll
    for (int k = 0; k < Row::PER; ++k)
#pragma unroll
        for (int i = 0; i < Row::VEC; ++i)
            m = fmaxf(m, row.v[k][i]);
    // A thread holding only padding (a row shorter than the block) has m = -inf: shift by 0
    // instead so its padding gives exp(-inf) = 0 rather than NaN.
    const float shift = m == -RL_INF ? 0.0f : m;
    float l = 0.0f;
#pragma unroll
    for (int k = 0; k < Row::PER; ++k)
#pragma unroll
        for (int i = 0; i < Row::VEC; ++i) {
            row.v[k][i] = __expf(row.v[k][i] - shift);
            l += row.v[k][i];
        }
    const float mt = m;
    rl_block_softmax_merge<BLOCK>(m, l);
    const float scale = __expf(mt - m) / l; // 0 for a padding-only thread (mt = -inf)
#pragma unroll
    for (int k = 0; k < Row::PER; ++k)
#pragma unroll
        for (int i = 0; i < Row::VEC; ++i)
            row.v[k][i] *= scale;
    row.store(y + r * COLS);
}

// The three-kernel version: max, then sum of exponentials, then normalize, each a separate
// launch that reads the whole matrix again from memory.
template <typename T, int BLOCK, int VEC>
__global__ void __launch_bounds__(BLOCK) softmax_rowmax(const T *__restrict__ x, float *rowmax, int cols)
{
    const T *row = x + (long long)blockIdx.x * cols;
    float m = -RL_INF;
    for (int j = threadIdx.x * VEC; j < cols; j += BLOCK * VEC) {
        float v[VEC];
        rl_load<T, VEC>(row + j, v);
#pragma unroll
        for (int i = 0; i < VEC; ++i)
            m = fmaxf(m, v[i]);
    }
    m = rl_warp_max(m);
    __shared__ float s[32];
    if ((threadIdx.x & 31) == 0)
        s[threadIdx.x >> 5] = m;
    __syncthreads();
    if (threadIdx.x == 0) {
        for (int w = 1; w < BLOCK / 32; ++w)
            m = fmaxf(m, s[w]);
        rowmax[blockIdx.x] = m;
    }
}

template <typename T, int BLOCK, int VEC>
__global__ void __launch_bounds__(BLOCK)
    softmax_rowsum(const T *__restrict__ x, const float *rowmax, float *rowsum, int cols)
{
    const T *row = x + (long long)blockIdx.x * cols;
    const float m = rowmax[blockIdx.x];
    float l = 0.0f;
    for (int j = threadIdx.x * VEC; j < cols; j += BLOCK * VEC) {
        float v[VEC];
        rl_load<T, VEC>(row + j, v);
#pragma unroll
        for (int i = 0; i < VEC; ++i)
            l += __expf(v[i] - m);
    }
    l = rl_block_sum<BLOCK>(l);
    if (threadIdx.x == 0)
        rowsum[blockIdx.x] = l;
}

template <typename T, int BLOCK, int VEC>
__global__ void __launch_bounds__(BLOCK) softmax_normalize(const T *__restrict__ x, const float *rowmax,
                                                           const float *rowsum, T *__restrict__ y, int cols)
{
    const long long off = (long long)blockIdx.x * cols;
    const float m = rowmax[blockIdx.x];
    const float inv = 1.0f / rowsum[blockIdx.x];
    for (int j = threadIdx.x * VEC; j < cols; j += BLOCK * VEC) {
        float v[VEC];
        rl_load<T, VEC>(x + off + j, v);
#pragma unroll
        for (int i = 0; i < VEC; ++i)
            v[i] = __expf(v[i] - m) * inv;
        rl_store<T, VEC>(y + off + j, v);
    }
}

// ---------------------------------------------------------------- normalization

// y = x / sqrt(mean(x^2) + eps) * w: one read of x, one write of y, w from cache.
template <typename T, int COLS, int BLOCK>
__global__ void __launch_bounds__(BLOCK)
    rmsnorm(const T *__restrict__ x, const T *__restrict__ w, T *__restrict__ y, int rows, float eps)
{
    using Row = RlRow<T, COLS, BLOCK>;
    const long long r = blockIdx.x;
    if (r >= rows)
        return;
    Row row;
    row.load(x + r * COLS, 0.0f);
    float ss = 0.0f;
#pragma unroll
    for (int k = 0; k < Row::PER; ++k)
#pragma unroll
        for (int i = 0; i < Row::VEC; ++i)
            ss = fmaf(row.v[k][i], row.v[k][i], ss);
    ss = rl_block_sum<BLOCK>(ss);
    const float rs = rsqrtf(ss / COLS + eps);
#pragma unroll
    for (int k = 0; k < Row::PER; ++k) {
        if (!Row::valid(k))
            continue;
        float wv[Row::VEC];
        rl_load<T, Row::VEC>(w + Row::col(k), wv);
#pragma unroll
        for (int i = 0; i < Row::VEC; ++i)
            row.v[k][i] = row.v[k][i] * rs * wv[i];
    }
    row.store(y + r * COLS);
}

// LayerNorm of h = x (+ residual): mean and variance from the row held in registers (two
// passes over registers, not over memory), then y = (h - mean) * rstd * gamma + beta.
// RESIDUAL fuses the residual add: three tensors touched instead of five.
template <typename T, int COLS, int BLOCK, bool RESIDUAL>
__global__ void __launch_bounds__(BLOCK)
    layernorm(const T *__restrict__ x, const T *__restrict__ res, const T *__restrict__ gamma,
              const T *__restrict__ beta, T *__restrict__ y, int rows, float eps)
{
    using Row = RlRow<T, COLS, BLOCK>;
    const long long r = blockIdx.x;
    if (r >= rows)
        return;
    Row row;
    row.load(x + r * COLS, 0.0f);
    if constexpr (RESIDUAL) {
#pragma unroll
        for (int k = 0; k < Row::PER; ++k) {
            if (!Row::valid(k))
                continue;
            float rv[Row::VEC];
            rl_load<T, Row::VEC>(res + r * COLS + Row::col(k), rv);
#pragma unroll
            for (int i = 0; i < Row::VEC; ++i)
                row.v[k][i] += rv[i];
        }
    }
    float s = 0.0f;
#pragma unroll
    for (int k = 0; k < Row::PER; ++k)
#pragma unroll
        for (int i = 0; i < Row::VEC; ++i)
            s += row.v[k][i];
    const float mean = rl_block_sum<BLOCK>(s) / COLS;
    float q = 0.0f;
#pragma unroll
    for (int k = 0; k < Row::PER; ++k) {
        if (!Row::valid(k))
            continue;
#pragma unroll
        for (int i = 0; i < Row::VEC; ++i) {
            const float d = row.v[k][i] - mean;
            q = fmaf(d, d, q);
        }
    }
    const float rstd = rsqrtf(rl_block_sum<BLOCK>(q) / COLS + eps);
#pragma unroll
    for (int k = 0; k < Row::PER; ++k) {
        if (!Row::valid(k))
            continue;
        float g[Row::VEC], b[Row::VEC];
        rl_load<T, Row::VEC>(gamma + Row::col(k), g);
        rl_load<T, Row::VEC>(beta + Row::col(k), b);
#pragma unroll
        for (int i = 0; i < Row::VEC; ++i)
            row.v[k][i] = fmaf((row.v[k][i] - mean) * rstd, g[i], b[i]);
    }
    row.store(y + r * COLS);
}
