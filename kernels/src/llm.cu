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
// Layouts: X, Y row-major; scales [K/128][N]; W packed in panels of 64 columns (N padded up to
// a multiple of 64), one panel's groups one after another, each (panel, group) 4 KB in the order
// the warps read it: [N/64][K/128][8 n-tiles][32 lanes] of 16 bytes, lane g*4+tig of n-tile nt
// holding column panel*64 + nt*8 + g, words group*16 + tig*4 .. +3 of that column (word j of a
// column holds k = 8j .. 8j+7 in its nibbles from the lowest up). So every warp reads one
// contiguous run of memory: read column by column (64 bytes of a group per column, 4 KB apart)
// the same bytes came at about 40 % of the HBM bandwidth on the H200.
//
// A decode step's GEMM is a stream of weight bytes, and at 4 bits a weight it is also a stream
// of instructions: every 8 weights are a shift-and-mask per pair and a share of an mma. So the
// kernel is as fast as the bytes it keeps in flight AND the instructions per byte it issues
// (Nsight Compute on the H200: schedulers issuing on half their cycles, two to three warps
// each, at 2.1 TB/s). The weights go through a STAGES-deep cp.async ring in shared memory
// (STAGES - 1 stages in flight per block while one is multiplied). A block of WARPS warps takes
// WARPS * NT * 8 columns (each warp NT n-tiles of 8) and a run of whole groups of 128 k; a stage
// is GS consecutive groups, one slot per group holding every warp's weights, the block's scales
// and X's M rows (M x 128 16-bit values, shared by all the warps, so X is read from L2 once per
// block and group rather than once per warp). Each lane copies and reads back its own pieces.
// The mma's k order inside a group is permuted so that the nibble pairs (q_i, q_i+4) a shift
// and a mask give are B fragments as they stand: (0x4300 | q) is the bf16 value 128 + q exactly
// (0x6400 | q the fp16 1024 + q), and X's fragments are permuted to match (two byte-permutes per
// register). The offset is not subtracted weight by weight: sum x (128 + q) = sum x (q - 8) +
// 136 sum x, so each group's accumulators start at -136 * (the group's sum of x), taken by one
// more mma per k-step against a B of ones (bf16; fp16's 1032 offset would cost too much of the
// fp32 sum's precision, so fp16 subtracts per pair). The scale is applied to each group's fp32
// sums, not to the weights. MR is the rows of the mma tile X fills: 8 when M <= 8 (the
// fragments and sums of rows 8..15 are known zeros and take no registers), else 16. PF (0, 128
// or 256) asks L2 to fetch that many bytes around each weight piece.
// Grid (ceil(N / (WARPS * NT * 8)), splitK). With splitK > 1 each block adds its sums into the
// fp32 workspace ws (zero on entry) and the last block of a column tile (an atomic ticket)
// writes Y and clears ws and the ticket for the next launch.
// Dynamic shared memory: STAGES * GS * (WARPS * NT * 528 + M * 256) bytes (w4a16Smem in
// family_llm.h).

// The 16-byte piece c (0..15) of X's row r within a stage, placed so that the quads' reads
// (pieces tig * 4 + j of rows g, g + 1) hit eight different bank groups.
__device__ __forceinline__ int rl_xswz(int c, int r)
{
    return c ^ (((c >> 3) & 1) << 1) ^ (r & 1);
}

// cp.async of 16 bytes with an L2 prefetch of PF bytes around the source.
template <int PF> __device__ __forceinline__ void rl_cp_async16_pf(void *dst, const void *src, bool valid)
{
    if constexpr (PF == 256)
        asm volatile("cp.async.cg.shared.global.L2::256B [%0], [%1], 16, %2;\n" ::"r"(rl_smem(dst)), "l"(src),
                     "r"(valid ? 16 : 0));
    else if constexpr (PF == 128)
        asm volatile("cp.async.cg.shared.global.L2::128B [%0], [%1], 16, %2;\n" ::"r"(rl_smem(dst)), "l"(src),
                     "r"(valid ? 16 : 0));
    else
        rl_cp_async16(dst, src, valid);
}

// *p += (a, b) in global memory, one vector reduction where the GPU has it (p 8-byte aligned).
__device__ __forceinline__ void rl_red_add2(float *p, float a, float b)
{
#if __CUDA_ARCH__ >= 900
    asm volatile("red.global.add.v2.f32 [%0], {%1, %2};\n" ::"l"(p), "f"(a), "f"(b) : "memory");
#else
    atomicAdd(p, a);
    atomicAdd(p + 1, b);
#endif
}

// c += a * b for the W4A16 kernel: not volatile, so the compiler may interleave the n-tiles'
// independent chains.
template <typename T>
__device__ __forceinline__ void rl_mma_w4(float (&c)[4], unsigned a0, unsigned a1, unsigned a2, unsigned a3,
                                          unsigned b0, unsigned b1)
{
    if constexpr (RlIsHalf<T>::value)
        asm("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, "
            "{%8, %9}, {%0, %1, %2, %3};\n"
            : "+f"(c[0]), "+f"(c[1]), "+f"(c[2]), "+f"(c[3])
            : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1));
    else
        asm("mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, "
            "{%8, %9}, {%0, %1, %2, %3};\n"
            : "+f"(c[0]), "+f"(c[1]), "+f"(c[2]), "+f"(c[3])
            : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1));
}

// (a & 0x000f000f) | c in one LOP3 (c in a register): written out because with both constants
// as immediates the compiler emits an AND and an OR (LOP3 takes one immediate), which on the
// H200 made the dequantization twice its instructions.
__device__ __forceinline__ unsigned rl_nibbles_or(unsigned a, unsigned c)
{
    unsigned r;
    asm("lop3.b32 %0, %1, 0x000f000f, %2, 0xea;\n" : "=r"(r) : "r"(a), "r"(c));
    return r;
}

// Warps an SM the registers leave room for, without spills: the fewer rows and n-tiles a warp
// holds accumulators and fragments for, the more warps hide each other's latency.
template <int MR, int NT, int WARPS> struct RlW4Blocks
{
    static constexpr int warps = MR == 8 ? (NT == 4 ? 20 : 12) : (NT == 4 ? 16 : 12);
    static constexpr int value = warps / WARPS > 0 ? warps / WARPS : 1; // blocks an SM
};

template <typename T, int WARPS, int STAGES, int GS, int PF, int NT, int MR>
__global__ void __launch_bounds__(WARPS * 32, (RlW4Blocks<MR, NT, WARPS>::value))
    w4a16_gemm(const T *__restrict__ x, const uint4 *__restrict__ w, const __half *__restrict__ scales,
               T *__restrict__ y, float *ws, unsigned *tickets, int M, int N, int K)
{
    static_assert(STAGES >= 2, "a ring needs two stages");
    static_assert(NT == 4 || NT == 8, "a warp takes half a panel or a whole one");
    static_assert(MR == 8 || MR == 16, "the mma tile has 16 rows");
    constexpr bool HALF = RlIsHalf<T>::value;
    constexpr int THREADS = WARPS * 32, BN = WARPS * NT * 8;
    constexpr int WQ = WARPS * NT * 32;                           // uint4 of weights per slot
    constexpr int SQ = BN / 8;                                    // uint4 of scales per slot
    constexpr unsigned MAGIC = HALF ? 0x64006400u : 0x43004300u;  // 1024 | 128 + q
    constexpr unsigned OFFSET = HALF ? 0x64086408u : 0x43084308u; // 1032 | 136 (fp16 only)
    constexpr unsigned ONES = HALF ? 0x3c003c00u : 0x3f803f80u;   // (1, 1)
    extern __shared__ uint4 rl_dyn[];
    __shared__ bool last;
    const int warp = threadIdx.x >> 5, lane = threadIdx.x & 31;
    const int g = lane >> 2, tig = lane & 3;
    const int n0 = blockIdx.x * BN;
    const int groups = K / 128, per = (groups + gridDim.y - 1) / gridDim.y;
    const int gb = blockIdx.y * per, count = max(0, min(groups, gb + per) - gb);
    const int stageQ = WQ + SQ + M * 16; // uint4 per slot (one group)
    unsigned magic;                      // MAGIC in a register, where the LOP3 wants it
    asm("mov.b32 %0, %1;\n" : "=r"(magic) : "n"(MAGIC));
    const bool scalesAligned = (N & 7) == 0;

    // This warp's first n-tile (of 8 columns) and where its pieces start; past N (the block's
    // last warps) the last n-tiles are copied instead, never stored: no predicate per piece.
    // Padded N * K / 32 < 2^32 uint4.
    const unsigned tiles8 = (unsigned(N) + 63) / 64 * 8;
    const unsigned tile0 = min(unsigned(blockIdx.x * WARPS + warp) * NT, tiles8 - NT);
    const uint4 *wp = w + (tile0 / 8) * unsigned(groups) * 256u + (tile0 % 8) * 32u + unsigned(lane);

    // Slot s <- group grp: this thread's NT weight pieces, a share of the scales and of X.
    auto load = [&](int s, int grp) {
        uint4 *st = rl_dyn + s * stageQ;
#pragma unroll
        for (int nt = 0; nt < NT; ++nt)
            rl_cp_async16_pf<PF>(st + (warp * NT + nt) * 32 + lane, wp + size_t(grp) * 256 + nt * 32, true);
        for (int i = threadIdx.x; i < SQ; i += THREADS) {
            const int c = n0 + i * 8;
            const __half *src = scales + (long long)grp * N + c;
            if (scalesAligned) {
                rl_cp_async16(st + WQ + i, c < N ? src : scales, c < N);
            } else { // 16-byte copies need 8 | N; plain loads otherwise (seen after the ring's barrier)
                __half *d = reinterpret_cast<__half *>(st + WQ + i);
                for (int e = 0; e < 8; ++e)
                    d[e] = c + e < N ? src[e] : __float2half(0.0f);
            }
        }
        for (int i = threadIdx.x; i < M * 16; i += THREADS) {
            const int r = i >> 4, c = i & 15;
            rl_cp_async16(st + WQ + SQ + r * 16 + rl_xswz(c, r), x + r * (long long)K + grp * 128 + c * 8,
                          true);
        }
    };

    // acc[nt]: rows g (0, 1) and g + 8 (2, 3, MR = 16 only) of columns tig * 2, + 1.
    constexpr int AR = MR == 16 ? 4 : 2;
    float acc[NT][AR];
#pragma unroll
    for (int n = 0; n < NT; ++n)
#pragma unroll
        for (int i = 0; i < AR; ++i)
            acc[n][i] = 0.0f;

    // Stage s holds groups s * GS .. s * GS + GS - 1 of the block's run, one slot each. One
    // commit per stage, empty ones included, so that wait_group counts stages.
    auto loadStage = [&](int s, int step) {
#pragma unroll
        for (int q = 0; q < GS; ++q)
            if (step * GS + q < count)
                load(s * GS + q, gb + step * GS + q);
        rl_cp_async_commit();
    };
    const int steps = (count + GS - 1) / GS;
    // This thread's X pieces in a slot, the same for every group (row g + 8's are 128 further:
    // the swizzle depends on the row's parity only).
    int xoff[4];
#pragma unroll
    for (int j = 0; j < 4; ++j)
        xoff[j] = g * 16 + rl_xswz(tig * 4 + j, g);
    const bool rowA = g < M, rowB = g + 8 < M;
#pragma unroll
    for (int s = 0; s < STAGES - 1; ++s)
        loadStage(s, s);
    for (int i = 0; i < steps; ++i) {
        rl_cp_async_wait<STAGES - 2>(); // this thread's pieces of stage i have landed
        __syncthreads();                // everyone's, and nobody still reads the stage refilled next
        loadStage((i + STAGES - 1) % STAGES, i + STAGES - 1);
#pragma unroll
        for (int q = 0; q < GS; ++q) {
            if (i * GS + q >= count)
                break;
            const uint4 *st = rl_dyn + ((i % STAGES) * GS + q) * stageQ;

            // X rows g and g + 8, k = tig*32 .. +32 of the group, permuted into A fragments
            // ([word][even/odd k-step][a0, a2]: row g; [a1, a3]: row g + 8, zero for MR = 8).
            unsigned xa[4][2][2], xb[4][2][2];
            const uint4 *xs = st + WQ + SQ;
#pragma unroll
            for (int j = 0; j < 4; ++j) {
                const uint4 z = make_uint4(0, 0, 0, 0);
                const uint4 ra = rowA ? xs[xoff[j]] : z;
                xa[j][0][0] = __byte_perm(ra.x, ra.z, 0x5410);
                xa[j][0][1] = __byte_perm(ra.x, ra.z, 0x7632);
                xa[j][1][0] = __byte_perm(ra.y, ra.w, 0x5410);
                xa[j][1][1] = __byte_perm(ra.y, ra.w, 0x7632);
                if constexpr (MR == 16) {
                    const uint4 rb = rowB ? xs[xoff[j] + 128] : z;
                    xb[j][0][0] = __byte_perm(rb.x, rb.z, 0x5410);
                    xb[j][0][1] = __byte_perm(rb.x, rb.z, 0x7632);
                    xb[j][1][0] = __byte_perm(rb.y, rb.w, 0x5410);
                    xb[j][1][1] = __byte_perm(rb.y, rb.w, 0x7632);
                } else {
                    xb[j][0][0] = xb[j][0][1] = xb[j][1][0] = xb[j][1][1] = 0u;
                }
            }
            // Where each group's sums start: -136 * sum of x over the group's k (bf16), else 0.
            float init[4] = {0.0f, 0.0f, 0.0f, 0.0f};
            if constexpr (!HALF) {
#pragma unroll
                for (int j = 0; j < 4; ++j)
#pragma unroll
                    for (int e = 0; e < 2; ++e)
                        rl_mma_w4<T>(init, xa[j][e][0], xb[j][e][0], xa[j][e][1], xb[j][e][1], ONES, ONES);
#pragma unroll
                for (int e = 0; e < 4; ++e)
                    init[e] *= -136.0f;
            }
            // This thread's two accumulator columns of n-tile nt: warp*NT*8 + nt*8 + tig*2, + 1.
            const __half2 *sc = reinterpret_cast<const __half2 *>(st + WQ) + warp * NT * 4 + tig;
#pragma unroll
            for (int nt = 0; nt < NT; ++nt) {
                const uint4 wv = st[(warp * NT + nt) * 32 + lane];
                const float2 s = __half22float2(sc[nt * 4]);
                float t[4] = {init[0], init[1], init[2], init[3]};
                const unsigned words[4] = {wv.x, wv.y, wv.z, wv.w};
#pragma unroll
                for (int j = 0; j < 4; ++j) {
                    unsigned p[4];
#pragma unroll
                    for (int b = 0; b < 4; ++b) {
                        const unsigned raw = rl_nibbles_or(words[j] >> (4 * b), magic);
                        if constexpr (HALF) {
                            const __half2 h = __hsub2(*reinterpret_cast<const __half2 *>(&raw),
                                                      *reinterpret_cast<const __half2 *>(&OFFSET));
                            p[b] = *reinterpret_cast<const unsigned *>(&h);
                        } else {
                            p[b] = raw; // 128 + q: the 136 comes off through init
                        }
                    }
                    rl_mma_w4<T>(t, xa[j][0][0], xb[j][0][0], xa[j][0][1], xb[j][0][1], p[0], p[1]);
                    rl_mma_w4<T>(t, xa[j][1][0], xb[j][1][0], xa[j][1][1], xb[j][1][1], p[2], p[3]);
                }
                acc[nt][0] = fmaf(t[0], s.x, acc[nt][0]);
                acc[nt][1] = fmaf(t[1], s.y, acc[nt][1]);
                if constexpr (MR == 16) {
                    acc[nt][2] = fmaf(t[2], s.x, acc[nt][2]);
                    acc[nt][3] = fmaf(t[3], s.y, acc[nt][3]);
                }
            }
        }
    }
    rl_cp_async_wait<0>(); // nothing left in flight (only empty groups remain)

    // Each warp owns its columns: its sums go out as they are.
    const bool split = gridDim.y > 1;
#pragma unroll
    for (int nt = 0; nt < NT; ++nt) {
        const int nc = n0 + warp * NT * 8 + nt * 8 + tig * 2;
#pragma unroll
        for (int h = 0; h < AR / 2; ++h) {
            const int r = g + 8 * h;
            if (r >= M)
                continue;
            const float v0 = acc[nt][2 * h], v1 = acc[nt][2 * h + 1];
            const long long at = (long long)r * N + nc;
            if (!split) {
                if (nc < N)
                    y[at] = rl_from_float<T>(v0);
                if (nc + 1 < N)
                    y[at + 1] = rl_from_float<T>(v1);
            } else if (nc + 1 < N && (N & 1) == 0) {
                rl_red_add2(ws + at, v0, v1);
            } else {
                if (nc < N)
                    atomicAdd(ws + at, v0);
                if (nc + 1 < N)
                    atomicAdd(ws + at + 1, v1);
            }
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
    __threadfence();
    // Eight sums a thread are loaded before any is stored, so that their L2 round trips
    // overlap: this pass is on the launch's critical path.
    constexpr int BATCH = 8;
    for (int base = threadIdx.x; base < M * BN; base += BATCH * THREADS) {
        float v[BATCH];
#pragma unroll
        for (int k = 0; k < BATCH; ++k) {
            const int idx = base + k * THREADS, r = idx / BN, n = n0 + idx % BN;
            v[k] = r < M && n < N ? __ldcg(ws + (long long)r * N + n) : 0.0f;
        }
#pragma unroll
        for (int k = 0; k < BATCH; ++k) {
            const int idx = base + k * THREADS, r = idx / BN, n = n0 + idx % BN;
            if (r < M && n < N) {
                y[(long long)r * N + n] = rl_from_float<T>(v[k]);
                ws[(long long)r * N + n] = 0.0f;
            }
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
