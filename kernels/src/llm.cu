// LLM inference kernels (issue 19, the course notes' chapters 08-09): one decode step of
// grouped-query attention split across the KV length (FlashDecoding), a weight-only INT4 GEMM
// for the few tokens of a decode step (W4A16), and the decoder's fused residual add + RMSNorm.
// All three are memory-bound: each is written so its bytes cross HBM once.
#include "common.cuh"

// ---------------------------------------------------------------- tensor-core helpers

__device__ __forceinline__ unsigned rl_smem(const void *p)
{
    return (unsigned)__cvta_generic_to_shared(p);
}

// 16 bytes global -> shared without passing through registers; valid == false zero-fills
// (the source address must still be a mapped one).
__device__ __forceinline__ void rl_cp_async16(void *dst, const void *src, bool valid)
{
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16, %2;\n" ::"r"(rl_smem(dst)), "l"(src),
                 "r"(valid ? 16 : 0));
}
__device__ __forceinline__ void rl_cp_async_commit()
{
    asm volatile("cp.async.commit_group;\n" ::);
}
template <int N> __device__ __forceinline__ void rl_cp_async_wait()
{
    asm volatile("cp.async.wait_group %0;\n" ::"n"(N));
}

__device__ __forceinline__ void rl_ldsm_x4(unsigned (&r)[4], const void *p)
{
    asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];\n"
                 : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3])
                 : "r"(rl_smem(p)));
}
__device__ __forceinline__ void rl_ldsm_x4_trans(unsigned (&r)[4], const void *p)
{
    asm volatile("ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {%0, %1, %2, %3}, [%4];\n"
                 : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3])
                 : "r"(rl_smem(p)));
}

template <typename T> struct RlIsHalf
{
    static constexpr bool value = false;
};
template <> struct RlIsHalf<__half>
{
    static constexpr bool value = true;
};

// c += a * b, m16n8k16, 16-bit inputs of type T, fp32 accumulators.
template <typename T>
__device__ __forceinline__ void rl_mma(float (&c)[4], const unsigned (&a)[4], unsigned b0, unsigned b1)
{
    if constexpr (RlIsHalf<T>::value)
        asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, "
                     "{%8, %9}, {%0, %1, %2, %3};\n"
                     : "+f"(c[0]), "+f"(c[1]), "+f"(c[2]), "+f"(c[3])
                     : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b0), "r"(b1));
    else
        asm volatile(
            "mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, "
            "{%8, %9}, {%0, %1, %2, %3};\n"
            : "+f"(c[0]), "+f"(c[1]), "+f"(c[2]), "+f"(c[3])
            : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b0), "r"(b1));
}

// Two floats as one register of T pairs, the first in the low half.
template <typename T> __device__ __forceinline__ unsigned rl_pack2(float lo, float hi)
{
    const T a = rl_from_float<T>(lo), b = rl_from_float<T>(hi);
    return (unsigned)*reinterpret_cast<const unsigned short *>(&a) |
           ((unsigned)*reinterpret_cast<const unsigned short *>(&b) << 16);
}

// ---------------------------------------------------------------- decode attention

// One decode step (one query token per sequence) of grouped-query attention, FlashDecoding
// style. Q, O: [B][H][D]; K, V: [B][Hkv][S][D]; query head h reads KV head h / G (G = H / Hkv).
// Grid (split, Hkv, B): a block takes one chunk of `chunk` KV rows of one KV head and serves
// all G query heads of that group from it, so each K and V row crosses HBM once. The G query
// heads are the 16 rows of a tensor-core tile (padded with zeros), a K/V tile of 16 rows its
// 16 columns: S = Q K^T and O += P V are mma.sync m16n8k16 with fp32 accumulators, and the
// softmax is online (running max m and sum l per head, in log2 units), in fp32.
// Each warp streams its own tiles (tiles warp, warp + WARPS, ...) through a private
// double-buffered cp.async pipeline; the warps' (m, l, o) are merged in shared memory at the end.
// With one block per head (split 1) the block writes O; otherwise it writes its partial
// (o / l, m, l) and decode_attention_combine merges the split partials.
template <typename T, int D, int WARPS>
__global__ void __launch_bounds__(WARPS * 32, 2)
    decode_attention(const T *__restrict__ q, const T *__restrict__ k, const T *__restrict__ v,
                     T *__restrict__ o, float *__restrict__ po, float *__restrict__ pml, int H, int Hkv,
                     int S, int chunk, float scaleLog2)
{
    constexpr int TR = 16;    // KV rows per tile
    constexpr int CH = D / 8; // 16-byte chunks per row
    constexpr int KSTEPS = D / 16;
    constexpr int NTILES = D / 8;
    constexpr int TILE = TR * CH; // uint4 per K (or V) tile
    static_assert(D % 16 == 0 && CH >= 8, "D must be a multiple of 64");
    extern __shared__ uint4 rl_dyn[];
    const int warp = threadIdx.x >> 5, lane = threadIdx.x & 31;
    const int g = lane >> 2, tig = lane & 3;
    const int G = H / Hkv;
    const int kvh = blockIdx.y, b = blockIdx.z;
    const long long kvBase = ((long long)b * Hkv + kvh) * S * D;
    const int rowBegin = blockIdx.x * chunk;
    const int rowEnd = min(S, rowBegin + chunk);
    uint4 *stage = rl_dyn + warp * (4 * TILE); // [2 stages][K tile, V tile]

    // Q as A fragments: rows g and g + 8 are query heads g and g + 8 of the group (zero past G).
    unsigned qa[KSTEPS][4];
#pragma unroll
    for (int s = 0; s < KSTEPS; ++s)
#pragma unroll
        for (int half = 0; half < 2; ++half) {
            const int head = g + 8 * half;
            const T *qr = q + ((long long)b * H + (long long)kvh * G + head) * D + s * 16 + tig * 2;
            const bool ok = head < G;
            qa[s][half] = ok ? *reinterpret_cast<const unsigned *>(qr) : 0u;
            qa[s][2 + half] = ok ? *reinterpret_cast<const unsigned *>(qr + 8) : 0u;
        }

    // Tile t's rows go to shared memory with the 16-byte chunk index XOR (row & 7), so the
    // eight rows one ldmatrix reads fall in eight different bank groups.
    const int tiles = rowEnd > rowBegin ? (rowEnd - rowBegin + TR - 1) / TR : 0;
    auto load = [&](int t, int buf) {
        uint4 *sk = stage + buf * 2 * TILE, *sv = sk + TILE;
        const int row0 = rowBegin + t * TR;
#pragma unroll
        for (int j = 0; j < TILE / 32; ++j) {
            const int idx = j * 32 + lane, r = idx / CH, c = idx % CH;
            const bool ok = row0 + r < rowEnd;
            const long long off = kvBase + (long long)(ok ? row0 + r : rowBegin) * D + c * 8;
            rl_cp_async16(sk + r * CH + (c ^ (r & 7)), k + off, ok);
            rl_cp_async16(sv + r * CH + (c ^ (r & 7)), v + off, ok);
        }
    };

    float m[2] = {-RL_INF, -RL_INF}, l[2] = {0.0f, 0.0f};
    float acc[NTILES][4];
#pragma unroll
    for (int n = 0; n < NTILES; ++n)
#pragma unroll
        for (int i = 0; i < 4; ++i)
            acc[n][i] = 0.0f;

    int buf = 0;
    if (warp < tiles)
        load(warp, 0);
    rl_cp_async_commit();
    for (int t = warp; t < tiles; t += WARPS, buf ^= 1) {
        if (t + WARPS < tiles)
            load(t + WARPS, buf ^ 1);
        rl_cp_async_commit();
        rl_cp_async_wait<1>();
        __syncwarp();
        const uint4 *sk = stage + buf * 2 * TILE, *sv = sk + TILE;

        // S = Q K^T for 16 heads x 16 rows: two n-tiles of 8 rows.
        float s[2][4] = {{0, 0, 0, 0}, {0, 0, 0, 0}};
#pragma unroll
        for (int nt = 0; nt < 2; ++nt)
#pragma unroll
            for (int p = 0; p < KSTEPS / 2; ++p) {
                const int r = nt * 8 + (lane & 7), c = p * 4 + (lane >> 3);
                unsigned kb[4];
                rl_ldsm_x4(kb, sk + r * CH + (c ^ (r & 7)));
                rl_mma<T>(s[nt], qa[2 * p], kb[0], kb[1]);
                rl_mma<T>(s[nt], qa[2 * p + 1], kb[2], kb[3]);
            }

        // Online softmax per head (this thread: heads g and g + 8, rows nt*8 + tig*2 + {0, 1}).
        const int row0 = rowBegin + t * TR;
#pragma unroll
        for (int hh = 0; hh < 2; ++hh) {
            float mx = -RL_INF;
#pragma unroll
            for (int nt = 0; nt < 2; ++nt)
#pragma unroll
                for (int j = 0; j < 2; ++j) {
                    float &x = s[nt][2 * hh + j];
                    x = row0 + nt * 8 + tig * 2 + j < rowEnd ? x * scaleLog2 : -RL_INF;
                    mx = fmaxf(mx, x);
                }
            mx = fmaxf(mx, __shfl_xor_sync(0xffffffffu, mx, 1));
            mx = fmaxf(mx, __shfl_xor_sync(0xffffffffu, mx, 2));
            const float mnew = fmaxf(m[hh], mx);
            const float base = mnew == -RL_INF ? 0.0f : mnew;
            const float corr = exp2f(m[hh] - base);
            m[hh] = mnew;
            l[hh] *= corr;
#pragma unroll
            for (int n = 0; n < NTILES; ++n) {
                acc[n][2 * hh] *= corr;
                acc[n][2 * hh + 1] *= corr;
            }
#pragma unroll
            for (int nt = 0; nt < 2; ++nt)
#pragma unroll
                for (int j = 0; j < 2; ++j) {
                    float &x = s[nt][2 * hh + j];
                    x = exp2f(x - base);
                    l[hh] += x;
                }
        }

        // O += P V: P's accumulator layout is already mma's A layout (rows heads, k the 16 KV
        // rows); V's fragments come transposed out of shared memory.
        const unsigned pa[4] = {rl_pack2<T>(s[0][0], s[0][1]), rl_pack2<T>(s[0][2], s[0][3]),
                                rl_pack2<T>(s[1][0], s[1][1]), rl_pack2<T>(s[1][2], s[1][3])};
#pragma unroll
        for (int qd = 0; qd < NTILES / 2; ++qd) {
            const int mi = lane >> 3, r = (mi & 1) * 8 + (lane & 7), c = 2 * qd + (mi >> 1);
            unsigned vb[4];
            rl_ldsm_x4_trans(vb, sv + r * CH + (c ^ (r & 7)));
            rl_mma<T>(acc[2 * qd], pa, vb[0], vb[1]);
            rl_mma<T>(acc[2 * qd + 1], pa, vb[2], vb[3]);
        }
        __syncwarp(); // every lane is done with this buffer before the next load refills it
    }
    rl_cp_async_wait<0>();
#pragma unroll
    for (int hh = 0; hh < 2; ++hh) {
        l[hh] += __shfl_xor_sync(0xffffffffu, l[hh], 1);
        l[hh] += __shfl_xor_sync(0xffffffffu, l[hh], 2);
    }

    // Merge the warps: per warp m[16], l[16], o[16][D] in shared memory (reusing the stages).
    __syncthreads();
    float *sm = reinterpret_cast<float *>(rl_dyn);
    float *wm = sm + warp * (32 + 16 * D), *wl = wm + 16, *wo = wm + 32;
    if (tig == 0) {
        wm[g] = m[0];
        wm[g + 8] = m[1];
        wl[g] = l[0];
        wl[g + 8] = l[1];
    }
#pragma unroll
    for (int n = 0; n < NTILES; ++n)
#pragma unroll
        for (int i = 0; i < 4; ++i)
            wo[(g + 8 * (i >> 1)) * D + n * 8 + tig * 2 + (i & 1)] = acc[n][i];
    __syncthreads();
    const int split = gridDim.x;
    for (int idx = threadIdx.x; idx < G * D; idx += WARPS * 32) {
        const int head = idx / D, d = idx % D;
        float M = -RL_INF;
        for (int w = 0; w < WARPS; ++w)
            M = fmaxf(M, sm[w * (32 + 16 * D) + head]);
        float L = 0.0f, num = 0.0f;
        if (M != -RL_INF)
            for (int w = 0; w < WARPS; ++w) {
                const float *base = sm + w * (32 + 16 * D);
                const float e = exp2f(base[head] - M); // 0 for a warp that saw no rows
                L += base[16 + head] * e;
                num += base[32 + head * D + d] * e;
            }
        const long long bh = (long long)b * H + (long long)kvh * G + head;
        if (split == 1) {
            o[bh * D + d] = rl_from_float<T>(num / L);
        } else {
            const long long part = bh * split + blockIdx.x;
            po[part * D + d] = L > 0.0f ? num / L : 0.0f;
            if (d == 0) {
                pml[2 * part] = M;
                pml[2 * part + 1] = L;
            }
        }
    }
}

// Merges the split partials of each (sequence, head): O = sum_i w_i o_i / sum_i w_i with
// w_i = l_i 2^(m_i - max m). Grid (H, B), D threads.
template <typename T, int D>
__global__ void __launch_bounds__(D)
    decode_attention_combine(const float *__restrict__ po, const float *__restrict__ pml, T *__restrict__ o,
                             int H, int split)
{
    const long long bh = (long long)blockIdx.y * H + blockIdx.x;
    const int d = threadIdx.x;
    float M = -RL_INF;
    for (int i = 0; i < split; ++i)
        M = fmaxf(M, pml[2 * (bh * split + i)]);
    float num = 0.0f, den = 0.0f;
    for (int i = 0; i < split; ++i) {
        const float li = pml[2 * (bh * split + i) + 1];
        if (li > 0.0f) {
            const float w = li * exp2f(pml[2 * (bh * split + i)] - M);
            num += w * po[(bh * split + i) * D + d];
            den += w;
        }
    }
    o[bh * D + d] = rl_from_float<T>(num / den);
}

// ---------------------------------------------------------------- W4A16 GEMM

// Y[M][N] = X[M][K] * W[K][N] for M <= 16 (a decode step's tokens), W in 4 bits with one fp16
// scale per 128 weights along K: w = (q - 8) * scale (zero point 8, q in 0..15).
// Layouts: X, Y row-major; W packed per column, [N][K/8] 32-bit words, word j of column n holding
// k = 8j .. 8j+7 in its nibbles from the lowest up; scales [K/128][N].
// Each warp takes 64 columns (8 n-tiles of 8) and whole groups of 128 k; its 4-lane quads read
// one column's group as four 16-byte loads (64 contiguous bytes). The mma's k order inside a
// group is permuted so that the nibble pairs (q_i, q_i+4) a shift and a mask give are B
// fragments as they stand: (0x4300 | q) is the bf16 value 128 + q (0x6400 | q the fp16 1024 +
// q), one packed subtraction leaves q - 8 exactly, and X's fragments are permuted to match
// (two byte-permutes per register). The scale is applied to each group's fp32 partial sums,
// not to the weights. Grid (ceil(N / 64), splitK); the block's WARPS warps share its 64 columns
// and interleave its groups. With splitK > 1 each block adds its sums into the fp32 workspace
// ws (zero on entry) and the last block of a column tile (an atomic ticket) writes Y and
// clears ws and the ticket for the next launch.
template <typename T, int WARPS>
__global__ void __launch_bounds__(WARPS * 32)
    w4a16_gemm(const T *__restrict__ x, const uint4 *__restrict__ w, const __half *__restrict__ scales,
               T *__restrict__ y, float *ws, unsigned *tickets, int M, int N, int K)
{
    constexpr int NT = 8;
    constexpr unsigned MAGIC = RlIsHalf<T>::value ? 0x64006400u : 0x43004300u;  // 1024 | 128 + q
    constexpr unsigned OFFSET = RlIsHalf<T>::value ? 0x64086408u : 0x43084308u; // 1032 | 136
    __shared__ float red[WARPS][16][64];
    __shared__ bool last;
    const int warp = threadIdx.x >> 5, lane = threadIdx.x & 31;
    const int g = lane >> 2, tig = lane & 3;
    const int n0 = blockIdx.x * 64;
    const int groups = K / 128, per = (groups + gridDim.y - 1) / gridDim.y;
    const int gb = blockIdx.y * per, ge = min(groups, gb + per);
    const long long colStride = K / 32; // uint4 per column

    float acc[NT][4];
#pragma unroll
    for (int n = 0; n < NT; ++n)
#pragma unroll
        for (int i = 0; i < 4; ++i)
            acc[n][i] = 0.0f;

    auto loadW = [&](uint4(&dst)[NT], int grp) {
#pragma unroll
        for (int nt = 0; nt < NT; ++nt) {
            const int n = n0 + nt * 8 + g;
            dst[nt] = n < N ? __ldcs(w + n * colStride + grp * 4 + tig) : make_uint4(0, 0, 0, 0);
        }
    };
    uint4 cur[NT];
    if (gb + warp < ge)
        loadW(cur, gb + warp);
    for (int grp = gb + warp; grp < ge; grp += WARPS) {
        uint4 nxt[NT];
        if (grp + WARPS < ge)
            loadW(nxt, grp + WARPS);
        // X rows g and g + 8, k = grp*128 + tig*32 .. +32, permuted into A fragments.
        unsigned xf[4][2][4]; // [word][even/odd k-step][a0..a3]
        const long long kx = (long long)grp * 128 + tig * 32;
#pragma unroll
        for (int j = 0; j < 4; ++j) {
            const uint4 z = make_uint4(0, 0, 0, 0);
            const uint4 xa =
                g < M ? __ldg(reinterpret_cast<const uint4 *>(x + g * (long long)K + kx) + j) : z;
            const uint4 xb =
                g + 8 < M ? __ldg(reinterpret_cast<const uint4 *>(x + (g + 8) * (long long)K + kx) + j) : z;
            xf[j][0][0] = __byte_perm(xa.x, xa.z, 0x5410);
            xf[j][0][1] = __byte_perm(xb.x, xb.z, 0x5410);
            xf[j][0][2] = __byte_perm(xa.x, xa.z, 0x7632);
            xf[j][0][3] = __byte_perm(xb.x, xb.z, 0x7632);
            xf[j][1][0] = __byte_perm(xa.y, xa.w, 0x5410);
            xf[j][1][1] = __byte_perm(xb.y, xb.w, 0x5410);
            xf[j][1][2] = __byte_perm(xa.y, xa.w, 0x7632);
            xf[j][1][3] = __byte_perm(xb.y, xb.w, 0x7632);
        }
#pragma unroll
        for (int nt = 0; nt < NT; ++nt) {
            const int nc = n0 + nt * 8 + tig * 2; // this thread's two accumulator columns
            // Two 2-byte loads: grp * N + nc is odd for an odd N.
            const __half *sc = scales + (long long)grp * N + nc;
            const float s0 = nc < N ? __half2float(sc[0]) : 0.0f;
            const float s1 = nc + 1 < N ? __half2float(sc[1]) : 0.0f;
            float t[4] = {0.0f, 0.0f, 0.0f, 0.0f};
            const unsigned words[4] = {cur[nt].x, cur[nt].y, cur[nt].z, cur[nt].w};
#pragma unroll
            for (int j = 0; j < 4; ++j) {
                unsigned p[4];
#pragma unroll
                for (int i = 0; i < 4; ++i) {
                    const unsigned raw = ((words[j] >> (4 * i)) & 0x000f000fu) | MAGIC;
                    if constexpr (RlIsHalf<T>::value) {
                        const __half2 h = __hsub2(*reinterpret_cast<const __half2 *>(&raw),
                                                  *reinterpret_cast<const __half2 *>(&OFFSET));
                        p[i] = *reinterpret_cast<const unsigned *>(&h);
                    } else {
                        const __nv_bfloat162 h = __hsub2(*reinterpret_cast<const __nv_bfloat162 *>(&raw),
                                                         *reinterpret_cast<const __nv_bfloat162 *>(&OFFSET));
                        p[i] = *reinterpret_cast<const unsigned *>(&h);
                    }
                }
                rl_mma<T>(t, xf[j][0], p[0], p[1]);
                rl_mma<T>(t, xf[j][1], p[2], p[3]);
            }
            acc[nt][0] = fmaf(t[0], s0, acc[nt][0]);
            acc[nt][1] = fmaf(t[1], s1, acc[nt][1]);
            acc[nt][2] = fmaf(t[2], s0, acc[nt][2]);
            acc[nt][3] = fmaf(t[3], s1, acc[nt][3]);
        }
        if (grp + WARPS < ge)
#pragma unroll
            for (int nt = 0; nt < NT; ++nt)
                cur[nt] = nxt[nt];
    }

    // The warps' sums, added in shared memory.
#pragma unroll
    for (int nt = 0; nt < NT; ++nt)
#pragma unroll
        for (int i = 0; i < 4; ++i)
            red[warp][g + 8 * (i >> 1)][nt * 8 + tig * 2 + (i & 1)] = acc[nt][i];
    __syncthreads();
    const bool split = gridDim.y > 1;
    for (int idx = threadIdx.x; idx < M * 64; idx += WARPS * 32) {
        const int r = idx / 64, c = idx % 64, n = n0 + c;
        float sum = 0.0f;
#pragma unroll
        for (int wi = 0; wi < WARPS; ++wi)
            sum += red[wi][r][c];
        if (n < N) {
            if (split)
                atomicAdd(ws + (long long)r * N + n, sum);
            else
                y[(long long)r * N + n] = rl_from_float<T>(sum);
        }
    }
    if (!split)
        return;
    __threadfence();
    __syncthreads();
    if (threadIdx.x == 0)
        last = atomicAdd(tickets + blockIdx.x, 1u) == gridDim.y - 1;
    __syncthreads();
    if (!last)
        return;
    for (int idx = threadIdx.x; idx < M * 64; idx += WARPS * 32) {
        const int r = idx / 64, n = n0 + idx % 64;
        if (n < N) {
            float *p = ws + (long long)r * N + n;
            y[(long long)r * N + n] = rl_from_float<T>(__ldcg(p));
            *p = 0.0f;
        }
    }
    if (threadIdx.x == 0)
        tickets[blockIdx.x] = 0;
}

// ---------------------------------------------------------------- residual + RMSNorm

// The decoder's pre-norm step: h = x + r (the new residual stream, written) and
// y = h / sqrt(mean(h^2) + eps) * w (the next layer's input, written), one block per row, the row
// in registers: x and r read once, h and y written once; the norm is taken of h as stored.
template <typename T, int COLS, int BLOCK>
__global__ void __launch_bounds__(BLOCK)
    residual_rmsnorm(const T *__restrict__ x, const T *__restrict__ r, const T *__restrict__ w,
                     T *__restrict__ h, T *__restrict__ y, int rows, float eps)
{
    using Row = RlRow<T, COLS, BLOCK>;
    const long long row = blockIdx.x;
    if (row >= rows)
        return;
    Row v;
    v.load(x + row * COLS, 0.0f);
#pragma unroll
    for (int k = 0; k < Row::PER; ++k) {
        if (!Row::valid(k))
            continue;
        float rv[Row::VEC];
        rl_load<T, Row::VEC>(r + row * COLS + Row::col(k), rv);
#pragma unroll
        for (int i = 0; i < Row::VEC; ++i)
            v.v[k][i] = rl_to_float<T>(rl_from_float<T>(v.v[k][i] + rv[i])); // h as stored
    }
    v.store(h + row * COLS);
    float ss = 0.0f;
#pragma unroll
    for (int k = 0; k < Row::PER; ++k)
#pragma unroll
        for (int i = 0; i < Row::VEC; ++i)
            ss = fmaf(v.v[k][i], v.v[k][i], ss);
    const float rs = rsqrtf(rl_block_sum<BLOCK>(ss) / COLS + eps);
#pragma unroll
    for (int k = 0; k < Row::PER; ++k) {
        if (!Row::valid(k))
            continue;
        float wv[Row::VEC];
        rl_load<T, Row::VEC>(w + Row::col(k), wv);
#pragma unroll
        for (int i = 0; i < Row::VEC; ++i)
            v.v[k][i] = v.v[k][i] * rs * wv[i];
    }
    v.store(y + row * COLS);
}
