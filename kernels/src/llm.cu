// LLM inference kernels (the course notes' chapters 08-09): one decode step of
// grouped-query attention split across the KV length (FlashDecoding), a weight-only INT4 GEMM
// for the few tokens of a decode step (W4A16), and the decoder's fused residual add + RMSNorm.
// All three are memory-bound: each is written so its bytes cross HBM once.
#include "common.cuh"
#include "ptx.cuh"      // cp.async, ldmatrix, mma.sync, TMA, mbarriers, wgmma fences, descriptors
#include "w4layout.cuh" // the W4A16 buffer and record sizes the host shares

// ---------------------------------------------------------------- tensor-core helpers

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
            cpAsync16(sk + r * CH + (c ^ (r & 7)), k + off, ok);
            cpAsync16(sv + r * CH + (c ^ (r & 7)), v + off, ok);
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
    cpAsyncCommit();
    for (int t = warp; t < tiles; t += WARPS, buf ^= 1) {
        if (t + WARPS < tiles)
            load(t + WARPS, buf ^ 1);
        cpAsyncCommit();
        cpAsyncWait<1>();
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
                ldsmX4(kb, sk + r * CH + (c ^ (r & 7)));
                mma16816<T>(s[nt], qa[2 * p], kb[0], kb[1]);
                mma16816<T>(s[nt], qa[2 * p + 1], kb[2], kb[3]);
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
            ldsmX4Trans(vb, sv + r * CH + (c ^ (r & 7)));
            mma16816<T>(acc[2 * qd], pa, vb[0], vb[1]);
            mma16816<T>(acc[2 * qd + 1], pa, vb[2], vb[3]);
        }
        __syncwarp(); // every lane is done with this buffer before the next load refills it
    }
    cpAsyncWait<0>();
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
// Layouts: X, Y row-major. W and its scales are packed together in panels of 64 columns (N
// padded up to a multiple of 64), one record of 4224 bytes per (panel, group of 128 k), a
// group's records one after another: [K/128][N/64] records of
//   4096 bytes of weights, [4 m-tiles of 16 columns][2 pieces][32 lanes] of 16 bytes: piece p
//        of lane g*4+tig of m-tile mt holds words tig + 8p and tig + 8p + 4 of the group's
//        16 words of the columns c = panel*64 + mt*16 + g and c + 8, as (c, c + 8, c, c + 8)
//        (word j of a column holds k = 8j .. 8j+7, its nibble n k = 8j + 2n for n < 4 and
//        8j + 2(n - 4) + 1 above: kernels/w4pack.h);
//   128 bytes of scales, [8 g][4 m-tiles] of fp16 pairs: the group's scales of columns
//        panel*64 + mt*16 + g and + 8.
// So a warp's copy is one contiguous run (a group of a panel; read column by column the same
// bytes came at about 40 % of the HBM bandwidth on the H200) with the scales beside the
// weights, and the blocks working on the same groups read one compact stretch of memory
// (with a panel's records one after another instead, the 2000 warps' streams lay all over the
// 120 MB; on the H200, 8192 x 28672 at M = 1 took 40.2 us that way and 36.9 us this way).
//
// A decode step's GEMM is a stream of weight bytes, and at 4 bits a weight it is also a stream
// of instructions, so the kernel is built to issue little beside the dequantization (a shift
// and a mask per pair of weights) and the mma.sync:
// * The weights are the mma's A operand (16 columns of W a tile) and X^T its B operand (8
//   tokens): a tensor-core instruction takes 256 weights and none of its rows is padding when
//   M <= 8 (with X as A, half of the 16 rows would be zeros), and the dequantized pairs are A
//   fragments as they stand (no register moves to build them).
// * Each warp streams its records through its own ring of STAGES stages in shared memory, one
//   bulk copy (TMA) a group issued by one lane and completing on the stage's mbarrier, so the
//   bytes in flight (STAGES - 1 groups a warp) cost neither registers nor instructions, and the
//   registers left let more warps hide each other's latency (Nsight Compute on the H200, with
//   the weights loaded into registers instead: 2.8 warps a scheduler, 0.39 issued a cycle,
//   long-scoreboard and fixed-latency stalls, DRAM 65 % busy). Before sm_90, cp.async by each
//   lane.
// * X goes through shared memory as it lies in memory, a chunk of groups of its M rows at a
//   time (kW4XBytes, family_llm.h) in two buffers filled by bulk copies (one a row) while the
//   warps work on the other: nothing in X's path waits for memory but the first chunk. (Copied
//   by the threads with a barrier per chunk, with the fragments permuted and each row's sums
//   made on the way, the loads' L2 round trips stopped the whole block every chunk: at M = 16,
//   every 4 groups; 8192 x 28672 took 55 us at M = 16 against 37.5 us at M = 1 on the H200.)
// * The nibbles of a word are stored interleaved so that the pair a shift and a mask give,
//   nibbles (b, b + 4) as one register's halves, is k = (2b, 2b + 1): a fragment register as it
//   stands, meeting X's bf16 pair as it lies in memory. (0x4300 | q) is the bf16 value 128 + q
//   exactly (0x6400 | q the fp16 1024 + q).
// * The offset is not subtracted weight by weight: sum x (128 + q) = sum x (q - 8) + 136 sum x,
//   and -136 * (a token's sum of x over a group) is one more mma chain a group, of the constant
//   -136 by X's fragments (a warp's eight, taken by all its m-tiles; bf16: fp16's 1032 offset
//   would cost too much of the fp32 sum's precision, so fp16 subtracts per pair). The scale is
//   applied to each group's fp32 sums.
// MR is 8 when M <= 8 (one B fragment of tokens), else 16 (two).
// Grid (ceil(N / (WARPS * NT * 8)), splitK): a block of WARPS x KS warps takes WARPS * NT * 8
// columns (each column warp NT / 2 m-tiles of 16) and a run of whole groups of 128 k, which the
// KS warps of a column warp share out (warp ks takes groups ks, ks + KS, ... of the run, so they
// all work on the same chunk of X) and add up in shared memory at the end. With splitK > 1 each
// block adds its sums into the fp32 workspace ws (zero on entry) and the last block of a column
// tile (an atomic ticket) writes Y and clears ws and the ticket for the next launch: a fence and
// two L2 round trips on the launch's critical path that sums inside a block do not have.
// Dynamic shared memory (w4a16Smem in family_llm.h): h = min(the block's groups, the chunk of
// max(1, kW4XBytes / (M * 256)) groups); two buffers of M rows of h * 256 + 64 bytes of X (the
// 64 put rows g and g + 1 in different banks), rounded up to 128, then WARPS * KS * STAGES *
// (NT * 512 + 128) bytes of rings, WARPS * KS * STAGES * 8 of their mbarriers and 32 of X's; the
// chunk is rounded up to a multiple of KS.

// c += a * b for the W4A16 kernel: not volatile, so the compiler may interleave the n-tiles'
// independent chains.
template <typename T>
__device__ __forceinline__ void rl_mma_w4(float (&c)[4], unsigned a0, unsigned a1, unsigned a2, unsigned a3,
                                          unsigned b0, unsigned b1)
{
    if constexpr (IsHalf<T>::value)
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

// ---- the warpgroup path of the W4A16 kernel (TC = 1, sm_90a) ----

// d (m64 x MR, fp32) = a (m64 x 16 in shared memory, descriptor) * b (as below) + (scaleD ? d : 0).
template <typename T, int MR>
__device__ __forceinline__ void rl_wgmma_ss(float (&d)[MR / 2], unsigned long long a, unsigned long long b,
                                            int scaleD)
{
#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
    static_assert(!IsHalf<T>::value, "the offset tile is bf16");
    if constexpr (MR == 8)
        asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %6, 0;\n"
                     "wgmma.mma_async.sync.aligned.m64n8k16.f32.bf16.bf16 {%0, %1, %2, %3}, %4, %5, p, 1, 1, "
                     "0, 0;\n}\n"
                     : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
                     : "l"(a), "l"(b), "r"(scaleD));
    else
        asm volatile(
            "{\n.reg .pred p;\nsetp.ne.b32 p, %10, 0;\n"
            "wgmma.mma_async.sync.aligned.m64n16k16.f32.bf16.bf16 {%0, %1, %2, %3, %4, %5, %6, %7}, %8, %9, "
            "p, 1, 1, 0, 0;\n}\n"
            : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7])
            : "l"(a), "l"(b), "r"(scaleD));
#else
    __trap();
#endif
}

// d (m64 x MR, fp32, MR / 2 a thread) = a (registers: this warp's 16 rows of the 64, the mma.sync
// A fragment) * b (MR x 16 in shared memory, K-major) + (scaleD ? d : 0).
template <typename T, int MR>
__device__ __forceinline__ void rl_wgmma_rs(float (&d)[MR / 2], unsigned a0, unsigned a1, unsigned a2,
                                            unsigned a3, unsigned long long b, int scaleD)
{
#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
    if constexpr (MR == 8) {
        if constexpr (IsHalf<T>::value)
            asm volatile(
                "{\n.reg .pred p;\nsetp.ne.b32 p, %9, 0;\n"
                "wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16 {%0, %1, %2, %3}, {%4, %5, %6, %7}, "
                "%8, p, 1, 1, 0;\n}\n"
                : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
                : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "l"(b), "r"(scaleD));
        else
            asm volatile(
                "{\n.reg .pred p;\nsetp.ne.b32 p, %9, 0;\n"
                "wgmma.mma_async.sync.aligned.m64n8k16.f32.bf16.bf16 {%0, %1, %2, %3}, {%4, %5, %6, %7}, "
                "%8, p, 1, 1, 0;\n}\n"
                : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
                : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "l"(b), "r"(scaleD));
    } else {
        if constexpr (IsHalf<T>::value)
            asm volatile(
                "{\n.reg .pred p;\nsetp.ne.b32 p, %13, 0;\n"
                "wgmma.mma_async.sync.aligned.m64n16k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7}, "
                "{%8, %9, %10, %11}, %12, p, 1, 1, 0;\n}\n"
                : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]),
                  "+f"(d[7])
                : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "l"(b), "r"(scaleD));
        else
            asm volatile(
                "{\n.reg .pred p;\nsetp.ne.b32 p, %13, 0;\n"
                "wgmma.mma_async.sync.aligned.m64n16k16.f32.bf16.bf16 {%0, %1, %2, %3, %4, %5, %6, %7}, "
                "{%8, %9, %10, %11}, %12, p, 1, 1, 0;\n}\n"
                : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]),
                  "+f"(d[7])
                : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "l"(b), "r"(scaleD));
    }
#else
    __trap(); // the catalog asks for sm_90a whenever TC = 1
#endif
}

// Warps an SM the registers leave room for, without spills: the fewer tokens and n-tiles a warp
// holds accumulators and fragments for, the more warps hide each other's latency (the weights
// wait in shared memory, not in registers).
template <int MR, int NT, int WARPS> struct RlW4Blocks
{
    static constexpr int warps = MR == 8 ? (NT == 8 ? 16 : 20) : (NT == 8 ? 12 : 16);
    static constexpr int value = warps / WARPS > 0 ? warps / WARPS : 1; // blocks an SM
};

// uint4 per (panel, group) record: 256 of weights, 8 of scales.
constexpr int kRlW4Record = w4layout::kRecordBytes / 16;
static_assert(kRlW4Record == 264, "a record is 256 uint4 of weights and 8 of scales");

template <typename T, int WARPS, int STAGES, int NT, int MR, int KS, int TC, int BAL>
__global__ void __launch_bounds__((WARPS * KS) * 32, (RlW4Blocks<MR, NT, WARPS * KS>::value))
    w4a16_gemm(const __grid_constant__ TmaMap xmap, const T *__restrict__ x, const uint4 *__restrict__ w,
               T *__restrict__ y, float *ws, unsigned *tickets, int M, int N, int K, int XB)
{
    static_assert(NT == 4 || NT == 8, "a warp takes half a panel or a whole one");
    static_assert(MR == 8 || MR == 16, "one or two fragments of 8 tokens");
    static_assert(STAGES >= 2 && STAGES <= 8, "two to eight stages a warp");
    static_assert(KS == 1 || KS == 2 || KS == 4 || KS == 8 || KS == 16, "one to sixteen warps along K");
    static_assert(TC == 0 || (NT == 8 && KS == 1 && WARPS % 4 == 0),
                  "wgmma: whole warpgroups of whole panels, no warps along K");
    static_assert(BAL == 0 || (NT == 8 && KS == 1 && TC == 0),
                  "balanced: whole panels, mma.sync, no warps along K");
    constexpr bool HALF = IsHalf<T>::value;
    constexpr int W = WARPS * KS, THREADS = W * 32, BN = WARPS * NT * 8;
    constexpr int MT = NT / 2;                                    // m-tiles of 16 columns a warp
    constexpr int TB = MR / 8;                                    // B fragments of 8 tokens
    constexpr int WB = NT * 512, SB = WB + 128;                   // a stage: weights, scales
    constexpr unsigned MAGIC = HALF ? 0x64006400u : 0x43004300u;  // 1024 | 128 + q
    constexpr unsigned OFFSET = HALF ? 0x64086408u : 0x43084308u; // 1032 | 136 (fp16 only)
    constexpr unsigned MINUS136 = 0xc308c308u;                    // bf16 -136, twice
#if !defined(__CUDA_ARCH_FEAT_SM90_ALL)
    if constexpr (TC)
        __trap(); // wgmma and TMA tensor copies: the catalog compiles TC = 1 for sm_90a only
#endif
    extern __shared__ __align__(128) unsigned char rl_w4smem[];
    __shared__ bool last;
    // Warp w takes the columns of column warp wc and every KS-th group of the block's run from ks.
    const int warp = threadIdx.x >> 5, lane = threadIdx.x & 31;
    // With KS = 1 every warp is a column warp: ks is then the constant 0, so the group loop's
    // counters (and X's addresses from them) are uniform across the warp, which the compiler can
    // keep in uniform registers (the wgmma descriptors must be there).
    const int wc = KS == 1 ? warp : warp % WARPS, ks = KS == 1 ? 0 : warp / WARPS;
    const int g = lane >> 2, tig = lane & 3;
    // The block's run of units (a unit: a column tile's group, tile * groups + group). Split
    // (balanced = 0): tile blockIdx.x, the blockIdx.y-th of gridDim.y even shares of its groups.
    // Balanced (BAL = 1): the blockIdx.x-th of gridDim.x even shares of all the units, tile after tile, so
    // that a wave of one launch gives every SM the same work (a share may end one tile and begin
    // the next: a segment each). On the H200 the split left SMs idle for 10-15 % of the launch
    // (8192 x 28672: 224 blocks of 2 a SM on 132 SMs, 336 of 3).
    const int groups = K / 128, tilesN = (N + BN - 1) / BN;
    const long long units = (long long)tilesN * groups;
    int u0, u1, per;
    if constexpr (BAL) {
        u0 = int(units * blockIdx.x / gridDim.x), u1 = int(units * (blockIdx.x + 1) / gridDim.x);
        per = min(groups, int((units + gridDim.x - 1) / gridDim.x)); // the longest segment
    } else {
        per = (groups + gridDim.y - 1) / gridDim.y;
        const int gb = blockIdx.y * per;
        u0 = blockIdx.x * groups + gb, u1 = blockIdx.x * groups + max(gb, min(groups, gb + per));
    }
    // Groups of X in a buffer, a multiple of KS so that every warp along K has work in each.
    // TC = 1: a group is two TMA boxes of MR rows x 64 k (128 bytes a row, 128-byte swizzle),
    // rows past M zeros, the buffers 1024-aligned as the swizzle wants (xPad).
    // XB buffers of about w4layout::kXBytes each: more of them, more of X ahead of the block's slowest warp.
    const int chunk = TC ? max(1, w4layout::kXBytes / (MR * 256))
                         : (max(1, w4layout::kXBytes / (M * 256)) + KS - 1) / KS * KS;
    const int held = min(per, chunk);
    constexpr int xGroup = 2 * MR * 128;                                    // TC = 1
    const int xRow = held * 256 + 64, xBuf = TC ? held * xGroup : M * xRow; // bytes a row and a buffer of X
    const unsigned smem0 = smemAddr(rl_w4smem);
    const int xPad = TC ? int(((smem0 + 1023u) & ~1023u) - smem0) : 0;
    unsigned magic; // in a register, where the LOP3 wants it
    asm("mov.b32 %0, %1;\n" : "=r"(magic) : "n"(MAGIC));

    // Shared memory: XB buffers of X's rows, then each warp's ring of STAGES stages, their
    // mbarriers, X's XB full barriers and XB counts of the warps done with a buffer.
    // TC = 1: a 64 x 16 tile of the constant -136 after X's buffers (the offset's A operand).
    const int ringOff = (xPad + XB * xBuf + (TC ? 2048 : 0) + 127) & ~127;
    const unsigned minus136 = smem0 + unsigned(xPad + XB * xBuf);
    unsigned char *ring = rl_w4smem + ringOff + warp * STAGES * SB;
    const unsigned ringS = smemAddr(ring);
    const unsigned barAll = smemAddr(rl_w4smem + ringOff + W * STAGES * SB);
    const unsigned barS = barAll + unsigned(warp) * STAGES * 8u;
    const unsigned xFull = barAll + W * STAGES * 8u; // XB full barriers, then XB arrival counts
    unsigned *xDone = reinterpret_cast<unsigned *>(rl_w4smem + ringOff + W * STAGES * (SB + 8) + XB * 8);

    // This warp's first n-tile (of 8 columns) in column tile t; past N (the block's last warps)
    // the last n-tiles are read instead, never stored: no predicate per piece.
    const unsigned tiles8 = (unsigned(N) + 63) / 64 * 8;
    auto firstTile = [&](int t) { return min(unsigned(t * WARPS + wc) * NT, tiles8 - NT); };
    const unsigned panels = tiles8 / 8;
    // The first m-tile in the panel (NT = 4): the same in every tile a block takes (a balanced
    // run has NT = 8, where it is 0).
    const unsigned mt0 = (firstTile(u0 / groups) % 8) / 2;

    // Group i of the run into stage st: the warp's weights (WB bytes from m-tile mt0) and the
    // group's 128 bytes of scales. sm_90: one bulk copy (TMA) by lane 0, completing on the
    // stage's mbarrier. Before: every lane copies its own weight pieces and lanes tig = 0 the
    // scales of their g, a cp.async group per stage.
    // Records of one group lie panels records apart; the run's first segment starts at rec0,
    // its second (balanced only: the next tile, group 0) at rec1. Computed once: a division by
    // the runtime group count in every issue cost the H200 7-8 % at 8192 x 28672.
    const int tileFirst = u0 / groups, len0 = (tileFirst + 1) * groups - u0; // units in tile tileFirst
    const size_t recStep = size_t(panels) * kRlW4Record;
    const uint4 *rec0 =
        w + (size_t(u0 - tileFirst * groups) * panels + firstTile(tileFirst) / 8) * kRlW4Record;
    const uint4 *rec1 = w + size_t(firstTile(tileFirst + 1) / 8) * kRlW4Record;
    auto issue = [&](int i, int st) {
        const uint4 *src =
            (!BAL || i < len0) ? rec0 + size_t(i) * recStep : rec1 + size_t(i - len0) * recStep;
#if __CUDA_ARCH__ >= 900
        if (lane == 0) {
            const unsigned bar = barS + unsigned(st) * 8u, dst = ringS + unsigned(st) * SB;
            fenceProxyAsync(); // the last reads before the copy
            mbarExpectTx(bar, SB);
            if constexpr (NT == 8) {
                bulkLoad(dst, src, SB, bar);
            } else {
                bulkLoad(dst, src + mt0 * 64u, WB, bar);
                bulkLoad(dst + WB, src + 256, 128, bar);
            }
        }
#else
        uint4 *dst = reinterpret_cast<uint4 *>(ring + st * SB);
#pragma unroll
        for (int p = 0; p < 2 * MT; ++p)
            cpAsync16(dst + p * 32 + lane, src + mt0 * 64u + p * 32 + lane, true);
        if (tig == 0)
            cpAsync16(dst + WB / 16 + g, src + 256 + g, true);
#endif
    };
    auto commit = [&] {
#if __CUDA_ARCH__ < 900
        cpAsyncCommit();
#endif
    };
    // Stage st holds group i (the use-th time the stage is filled, parity = use & 1).
    auto wait = [&](int st, unsigned parity) {
#if __CUDA_ARCH__ >= 900
        mbarWait(barS + unsigned(st) * 8u, parity); // traps after 4 s instead of hanging
#else
        cpAsyncWait<STAGES - 1>();
        __syncwarp(); // the scales a lane reads were copied by lane g * 4
#endif
    };

    // Chunk c (groups c * chunk ..) of X's M rows into buffer b, each row's run of groups one
    // after another. sm_90: one bulk copy a row by thread 0, completing on the buffer's full
    // barrier. Before: the block's threads copy it (a barrier on each side, in the loop below).
    // X's chunks: a segment's units (the run's part in one tile) in chunks of `chunk`; a run has
    // one segment or two (the host makes no share longer than a tile's groups). Chunk c starts
    // at unit a and holds cn units.
    const int seg1 = BAL ? min(u1, (u0 / groups + 1) * groups) : u1; // where the first segment ends
    const int nchunks1 = (seg1 - u0 + chunk - 1) / chunk;            // its chunks
    const int nchunks = nchunks1 + (u1 - seg1 + chunk - 1) / chunk;  // all of the run's
    auto chunkAt = [&](int c, int &a, int &cn) {
        const bool first = c < nchunks1;
        a = first ? u0 + c * chunk : seg1 + (c - nchunks1) * chunk;
        cn = min(first ? seg1 : u1, a + chunk) - a;
    };
    auto issueX = [&](int c, int b) {
        int a, cn;
        chunkAt(c, a, cn);
        // The chunk's first group (chunks never span two tiles; the second segment starts at 0).
        const int gx = c < nchunks1 ? a - tileFirst * groups : a - seg1;
        const T *src = x + gx * 128;
        unsigned char *dst = rl_w4smem + xPad + b * xBuf;
#if __CUDA_ARCH__ >= 900
        const unsigned bar = xFull + unsigned(b) * 8u, d = smemAddr(dst);
        fenceProxyAsync();
        if constexpr (TC) {
            mbarExpectTx(bar, unsigned(cn * xGroup)); // whole boxes, the zeros past M included
            for (int q = 0; q < 2 * cn; ++q)
                tmaLoad2d(d + unsigned(q * MR * 128), &xmap, gx * 128 + q * 64, 0, bar);
            return;
        }
        mbarExpectTx(bar, unsigned(M * cn * 256));
        for (int r = 0; r < M; ++r)
            bulkLoad(d + unsigned(r * xRow), src + r * (long long)K, cn * 256, bar);
#else
        for (int i = threadIdx.x; i < M * cn * 16; i += THREADS) {
            const int r = i / (cn * 16), piece = i - r * cn * 16;
            *reinterpret_cast<uint4 *>(dst + r * xRow + piece * 16) =
                *reinterpret_cast<const uint4 *>(src + r * (long long)K + piece * 8);
        }
#endif
    };

    // acc[tb][m]: columns g (0, 1) and g + 8 (2, 3) of m-tile m, tokens tb*8 + tig*2 and + 1.
    float acc[TB][MT][4];
#pragma unroll
    for (int tb = 0; tb < TB; ++tb)
#pragma unroll
        for (int m = 0; m < MT; ++m)
#pragma unroll
            for (int i = 0; i < 4; ++i)
                acc[tb][m][i] = 0.0f;
    // Tokens past M read row M - 1 (in shared memory, finite): their sums are never stored.
    int xoff[TB];
#pragma unroll
    for (int tb = 0; tb < TB; ++tb)
        xoff[tb] = min(tb * 8 + g, M - 1) * xRow + tig * 16;

    // Multiply a group: weights and scales in stage st, X's group at xs (row 0).
    auto step = [&](const unsigned char *st, const unsigned char *xs) {
        // X^T as B fragments: token tb*8 + g, piece tig + 4j of the group (k = 8(tig + 4j) ..).
        uint4 xf[TB][4];
#pragma unroll
        for (int tb = 0; tb < TB; ++tb)
#pragma unroll
            for (int j = 0; j < 4; ++j)
                xf[tb][j] = *reinterpret_cast<const uint4 *>(xs + xoff[tb] + j * 64);
        // bf16: -136 * each token's sum of x over the group, the constant's mma by X's
        // fragments (every row of the tile the same); fp16 subtracts its offset per pair.
        float off[TB][4];
#pragma unroll
        for (int tb = 0; tb < TB; ++tb) {
#pragma unroll
            for (int e = 0; e < 4; ++e)
                off[tb][e] = 0.0f;
            if constexpr (!HALF) {
#pragma unroll
                for (int j = 0; j < 4; ++j) {
                    rl_mma_w4<T>(off[tb], MINUS136, MINUS136, MINUS136, MINUS136, xf[tb][j].x, xf[tb][j].y);
                    rl_mma_w4<T>(off[tb], MINUS136, MINUS136, MINUS136, MINUS136, xf[tb][j].z, xf[tb][j].w);
                }
            }
        }
        unsigned sc[MT];
        if constexpr (MT == 4) {
            const uint4 v = *reinterpret_cast<const uint4 *>(st + WB + g * 16);
            sc[0] = v.x, sc[1] = v.y, sc[2] = v.z, sc[3] = v.w;
        } else {
            const uint2 v = *reinterpret_cast<const uint2 *>(st + WB + g * 16 + mt0 * 4);
            sc[0] = v.x, sc[1] = v.y;
        }
        // A pair of weights of word wd (nibbles bb, bb + 4) as a fragment register.
        auto pair = [&](unsigned wd, int bb) {
            const unsigned raw = rl_nibbles_or(wd >> (4 * bb), magic);
            if constexpr (HALF) {
                const __half2 h = __hsub2(*reinterpret_cast<const __half2 *>(&raw),
                                          *reinterpret_cast<const __half2 *>(&OFFSET));
                return *reinterpret_cast<const unsigned *>(&h);
            } else {
                return raw; // 128 + q: the 136 comes off through init
            }
        };
        const uint4 *wv = reinterpret_cast<const uint4 *>(st) + lane;
#pragma unroll
        for (int m = 0; m < MT; ++m) {
            const float2 s = __half22float2(*reinterpret_cast<const __half2 *>(&sc[m]));
            const uint4 p0 = wv[(m * 2) * 32], p1 = wv[(m * 2 + 1) * 32];
            float t[TB][4];
#pragma unroll
            for (int tb = 0; tb < TB; ++tb)
#pragma unroll
                for (int e = 0; e < 4; ++e)
                    t[tb][e] = 0.0f;
#pragma unroll
            for (int j = 0; j < 4; ++j) {
                const uint4 &pc = j / 2 == 0 ? p0 : p1;
                const unsigned lo = j % 2 == 0 ? pc.x : pc.z,
                               hi = j % 2 == 0 ? pc.y : pc.w; // columns g, g + 8
#pragma unroll
                for (int e = 0; e < 2; ++e) {
                    const unsigned a0 = pair(lo, 2 * e), a1 = pair(hi, 2 * e), a2 = pair(lo, 2 * e + 1),
                                   a3 = pair(hi, 2 * e + 1);
#pragma unroll
                    for (int tb = 0; tb < TB; ++tb)
                        rl_mma_w4<T>(t[tb], a0, a1, a2, a3, e == 0 ? xf[tb][j].x : xf[tb][j].z,
                                     e == 0 ? xf[tb][j].y : xf[tb][j].w);
                }
            }
#pragma unroll
            for (int tb = 0; tb < TB; ++tb) {
                acc[tb][m][0] = fmaf(t[tb][0] + off[tb][0], s.x, acc[tb][m][0]);
                acc[tb][m][1] = fmaf(t[tb][1] + off[tb][1], s.x, acc[tb][m][1]);
                acc[tb][m][2] = fmaf(t[tb][2] + off[tb][2], s.y, acc[tb][m][2]);
                acc[tb][m][3] = fmaf(t[tb][3] + off[tb][3], s.y, acc[tb][m][3]);
            }
        }
    };

    // TC = 1: the same group by the warpgroup's wgmma, eight k16 steps of m64 x MR x 16 per m-tile
    // (the four warps' m-tiles m stacked: each warp's 16 rows are its own columns, the same
    // accumulator layout as acc), X as the B operand straight from the TMA boxes at xa. The records
    // are in k order (packW4Record's natural order): step s's fragment is k = 16s .. 16s + 15, as
    // the descriptor reads X. Async: a step's dequantization overlaps the last step's tensor work,
    // and no warp waits on an mma chain but once a group, before the scale.
    float wt[MT][MR / 2], woff[MR / 2];
#pragma unroll
    for (int e = 0; e < MR / 2; ++e) {
        woff[e] = 0.0f;
#pragma unroll
        for (int m = 0; m < MT; ++m)
            wt[m][e] = 0.0f;
    }
    auto stepTc = [&](const unsigned char *st, unsigned xa) {
        unsigned sc[MT];
#pragma unroll
        for (int m = 0; m < MT; ++m)
            sc[m] = reinterpret_cast<const unsigned *>(st + WB + g * 16)[m];
        auto pair = [&](unsigned wd, int bb) {
            const unsigned raw = rl_nibbles_or(wd >> (4 * bb), magic);
            if constexpr (HALF) {
                const __half2 h = __hsub2(*reinterpret_cast<const __half2 *>(&raw),
                                          *reinterpret_cast<const __half2 *>(&OFFSET));
                return *reinterpret_cast<const unsigned *>(&h);
            } else {
                return raw;
            }
        };
        const uint2 *wv = reinterpret_cast<const uint2 *>(st) + 2 * lane;
        // Step s starts (s / 4) boxes and (s % 4) * 32 bytes on: added to the address field (bytes / 16),
        // which does not carry (shared memory is below 256 KB).
        const unsigned long long desc0 = smemDesc(xa);
        uint2 q[MT]; // word j of columns g and g + 8, loaded a j at a time (registers are scarce here)
#pragma unroll
        for (int s = 0; s < 8; ++s) {
            const int j = s / 2, e = s % 2;
            if (e == 0)
#pragma unroll
                for (int m = 0; m < MT; ++m)
                    q[m] = wv[(m * 2 + j / 2) * 64 + j % 2];
            unsigned a[MT][4];
#pragma unroll
            for (int m = 0; m < MT; ++m) {
                const unsigned lo = q[m].x, hi = q[m].y;
                a[m][0] = pair(lo, 2 * e);
                a[m][1] = pair(hi, 2 * e);
                a[m][2] = pair(lo, 2 * e + 1);
                a[m][3] = pair(hi, 2 * e + 1);
            }
            const unsigned long long desc = desc0 + unsigned(((s / 4) * MR * 128 + (s % 4) * 32) >> 4);
            wgmmaFence();
#pragma unroll
            for (int m = 0; m < MT; ++m)
                rl_wgmma_rs<T, MR>(wt[m], a[m][0], a[m][1], a[m][2], a[m][3], desc, s);
            if constexpr (!HALF) // A from shared memory: no registers to hold for it
                rl_wgmma_ss<T, MR>(woff, smemDescFlat(minus136), desc, s);
            wgmmaCommit();
            if (s < 7)
                wgmmaWait<1>(); // the step before is done: its fragment registers are free
        }
        wgmmaWait<0>();
#pragma unroll
        for (int e = 0; e < MR / 2; ++e) {
            fenceReg(woff[e]);
#pragma unroll
            for (int m = 0; m < MT; ++m)
                fenceReg(wt[m][e]);
        }
#pragma unroll
        for (int m = 0; m < MT; ++m) {
            const float2 sv = __half22float2(*reinterpret_cast<const __half2 *>(&sc[m]));
#pragma unroll
            for (int tb = 0; tb < TB; ++tb)
#pragma unroll
                for (int i = 0; i < 4; ++i)
                    acc[tb][m][i] = fmaf(wt[m][tb * 4 + i] + (HALF ? 0.0f : woff[tb * 4 + i]),
                                         i < 2 ? sv.x : sv.y, acc[tb][m][i]);
        }
    };

    // The warp's ring: STAGES - 1 groups on their way while one is multiplied; X XB chunks
    // ahead at most, a buffer refilled by the last warp to be done with it (no warp waits for
    // the others: on the H200 at M = 16 with two buffers refilled by warp 0 once all had
    // arrived, a fifth of the warps' stalls were on X's full barrier).
    const int count = u1 - u0; // units of the run
#if __CUDA_ARCH__ >= 900
    if (lane == 0)
        for (int st = 0; st < STAGES; ++st)
            mbarInit(barS + unsigned(st) * 8u, 1);
    if (threadIdx.x == 0)
        for (int b = 0; b < XB; ++b) {
            mbarInit(xFull + unsigned(b) * 8u, 1);
            xDone[b] = 0;
        }
    mbarInitFence();
    if constexpr (TC && !HALF) {
        for (int i = threadIdx.x; i < 512; i += THREADS)
            reinterpret_cast<unsigned *>(rl_w4smem + xPad + XB * xBuf)[i] = MINUS136;
        fenceProxyAsync(); // read by wgmma (async proxy)
    }
    __syncthreads(); // X's barriers are waited on by every warp
    if (threadIdx.x == 0)
        for (int c = 0; c < XB && c < nchunks; ++c)
            issueX(c, c);
#endif
    // The warp's own groups: ks, ks + KS, ... of the run (its j-th is ks + j * KS).
    const int mine = count > ks ? (count - ks + KS - 1) / KS : 0;
#pragma unroll
    for (int d = 0; d < STAGES - 1; ++d) {
        if (d < mine)
            issue(ks + d * KS, d);
        commit();
    }
    // The end of a segment (the run's part in tile t, of `contributors` blocks' parts): the sums
    // go out, or into ws; true for the last of the tile's blocks, which then writes Y (finish,
    // after its run: the pass's registers are not held through the loop).
    auto flush = [&](int t, int contributors) -> bool {
        const int n0 = t * BN;

        // Warps along K add their sums in shared memory, each through its own ring (every copy into
        // it has landed and been read): a block barrier instead of KS times the fp32 atomics, the
        // fence and the ticket below, which sit on the launch's critical path.
        if constexpr (KS > 1) {
            constexpr int V = TB * MT * 4;
            static_assert(V * 32 * 4 <= STAGES * SB, "a warp's sums fit its ring");
            float *own = reinterpret_cast<float *>(ring), *sums = &acc[0][0][0]; // sums[v], v < V
#pragma unroll
            for (int v = 0; v < V; ++v)
                own[v * 32 + lane] = sums[v];
            __syncthreads();
            if (ks == 0)
                for (int o = 1; o < KS; ++o) {
                    const float *other =
                        reinterpret_cast<const float *>(rl_w4smem + ringOff + (o * WARPS + wc) * STAGES * SB);
#pragma unroll
                    for (int v = 0; v < V; ++v)
                        sums[v] += other[v * 32 + lane];
                }
        }
        // Each column warp owns its columns: its sums go out as they are (tokens past M are zeros, not
        // stored); the warps along K but the first only take part in the split-K end's barriers.
        const bool split = contributors > 1;
#pragma unroll
        for (int tb = 0; tb < TB; ++tb)
#pragma unroll
            for (int m = 0; m < MT; ++m)
#pragma unroll
                for (int i = 0; i < 4; ++i) {
                    const int r = tb * 8 + tig * 2 + (i & 1);
                    const int nc = n0 + wc * NT * 8 + m * 16 + g + (i >> 1) * 8;
                    if (ks != 0 || r >= M || nc >= N)
                        continue;
                    const long long at = (long long)r * N + nc;
                    if (!split)
                        y[at] = rl_from_float<T>(acc[tb][m][i]);
                    else
                        atomicAdd(ws + at, acc[tb][m][i]);
                }
        if (!split)
            return false;
        __threadfence();
        __syncthreads();
        if (threadIdx.x == 0)
            last = atomicAdd(tickets + t, 1u) == unsigned(contributors) - 1u;
        __syncthreads();
        return last;
    };
    auto finish = [&](int t) {
        const int n0 = t * BN;
        __threadfence();
        // This pass is on the launch's critical path, so its L2 round trips overlap: with N a
        // multiple of 4 each thread loads all its sums at once, as at most eight float4 (M * NT /
        // 16 of them), and stores them as four values; else eight sums a thread at a time. (Eight
        // scalar sums at a time took four round trips at M = 16: on the H200 the split-K end then
        // cost 4-5 us of 23 us at 8192 x 8192.)
        if (N % 4 == 0) {
            constexpr int QUADS = (MR * BN / 4 + THREADS - 1) / THREADS; // an upper bound: M <= MR
            float4 v[QUADS];
#pragma unroll
            for (int k = 0; k < QUADS; ++k) {
                const int idx = 4 * (threadIdx.x + k * THREADS), r = idx / BN, n = n0 + idx % BN;
                v[k] = r < M && n < N ? __ldcg(reinterpret_cast<const float4 *>(ws + (long long)r * N + n))
                                      : make_float4(0.0f, 0.0f, 0.0f, 0.0f);
            }
#pragma unroll
            for (int k = 0; k < QUADS; ++k) {
                const int idx = 4 * (threadIdx.x + k * THREADS), r = idx / BN, n = n0 + idx % BN;
                if (r < M && n < N) {
                    T out[4] = {rl_from_float<T>(v[k].x), rl_from_float<T>(v[k].y), rl_from_float<T>(v[k].z),
                                rl_from_float<T>(v[k].w)};
                    *reinterpret_cast<uint2 *>(y + (long long)r * N + n) =
                        *reinterpret_cast<const uint2 *>(out);
                    *reinterpret_cast<float4 *>(ws + (long long)r * N + n) =
                        make_float4(0.0f, 0.0f, 0.0f, 0.0f);
                }
            }
            if (threadIdx.x == 0)
                tickets[t] = 0;
            return;
        }
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
            tickets[t] = 0;
    };

    int st = 0, j = 0, c = 0;
    unsigned parity = 0;
    // Chunk c's buffer b = c % XB and its use's parity (c / XB) & 1, counted along (XB is a
    // runtime value: no division a chunk).
    int b = 0;
    unsigned xpar = 0;
    // The tiles whose Y this block writes after its run, of its first and its second segment.
    int finishFirst = -1, finishLast = -1;
    for (; c < nchunks; ++c, b = b + 1 == XB ? 0 : b + 1, xpar ^= b == 0 ? 1u : 0u) {
        int ca, cn; // the chunk's first unit and units
        chunkAt(c, ca, cn);
        const int c0 = ca - u0, c1 = c0 + cn; // run-relative
        const unsigned char *xs = rl_w4smem + xPad + b * xBuf;
#if __CUDA_ARCH__ >= 900
        mbarWait(xFull + unsigned(b) * 8u, xpar);
#else
        __syncthreads(); // nobody still reads the last chunk
        issueX(c, b);
        __syncthreads();
#endif
        for (int i = c0 + ks; i < c1; i += KS, ++j) { // c0 is a multiple of KS
            __syncwarp(); // every lane is done with the stage refilled now (read in the last step)
            const int next = j + STAGES - 1;
            if (next < mine)
                issue(ks + next * KS, st == 0 ? STAGES - 1 : st - 1);
            commit();
            wait(st, parity);
            if constexpr (TC)
                stepTc(ring + st * SB, smem0 + unsigned(xPad + b * xBuf + (i - c0) * xGroup));
            else
                step(ring + st * SB, xs + (i - c0) * 256);
            if (++st == STAGES) {
                st = 0;
                parity ^= 1u;
            }
        }
#if __CUDA_ARCH__ >= 900
        // Buffer b is free once every warp is past it: the last one puts chunk c + XB into it.
        // (The count only grows, by W a use: the W-th arrival of a use is the last.)
        __syncwarp();
        if (lane == 0) {
            __threadfence_block(); // this warp's reads of the buffer before its arrival
            const unsigned before = atomicAdd(xDone + b, 1u);
            if ((before + 1u) % unsigned(W) == 0u && c + XB < nchunks) {
                __threadfence_block(); // every warp's reads before the copy (ordered by issueX's proxy fence)
                issueX(c + XB, b);
            }
        }
#endif
        if constexpr (BAL) {
            // The end of a segment: the chunk ends its tile's part of the run. The blocks whose
            // runs meet tile t, from the share formula: block b starts at unit floor(b U / P), so
            // unit u lies in block floor(((u + 1) P - 1) / U).
            if (c != nchunks1 - 1 && c != nchunks - 1)
                continue;
            const int t = ca / groups;
            auto blockOf = [&](long long u) { return int(((u + 1) * gridDim.x - 1) / units); };
            if (flush(t, blockOf((long long)(t + 1) * groups - 1) - blockOf((long long)t * groups) + 1))
                (c < nchunks1 ? finishFirst : finishLast) = t;
#pragma unroll
            for (int tb = 0; tb < TB; ++tb)
#pragma unroll
                for (int m = 0; m < MT; ++m)
#pragma unroll
                    for (int i = 0; i < 4; ++i)
                        acc[tb][m][i] = 0.0f;
        }
    }
#if __CUDA_ARCH__ < 900
    cpAsyncWait<0>(); // only empty groups remain
#endif
    if constexpr (!BAL) // a share without groups counts for its tile's ticket too
        if (flush(int(blockIdx.x), int(gridDim.y)))
            finishFirst = int(blockIdx.x);
    if (finishFirst >= 0)
        finish(finishFirst);
    if (finishLast >= 0)
        finish(finishLast);
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
