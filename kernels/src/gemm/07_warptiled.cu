// GEMM ladder, step 7: warp tiling (and double buffering). C = alpha * A * B + beta * C,
// fp32, row-major (A M x K, B K x N, C M x N).
//
// Three levels of tiles: a block computes BM x BN; each warp a WM x WN part of that; each
// thread WMITER x WNITER patches of TM x TN inside its warp's part. The warp's part is cut into
// WMITER x WNITER sub-tiles of WSUBM x WSUBN, which the warp's 32 threads cover together, so a
// warp's shared-memory reads are 128 contiguous bytes of As and 64 of Bs (no bank conflicts,
// broadcast within the warp), and a thread's accumulators map onto registers the compiler can
// keep without spilling.
//
// On top of that, double buffering at both levels: while the block computes on one K-slice,
// each thread already holds the next slice's global loads in registers, and stores them into
// the other shared-memory buffer before the slice's last k step; and a thread's register
// fragments for k + 1 (float4 loads from As, stored transposed, and Bs) are read while the
// FFMAs of k run, across the slice boundary too. One __syncthreads per K-slice, and neither the
// global nor the shared-memory latency sits between two FFMA runs.
//
// Parameters (defines): BM, BN, BK - block tile; WM, WN - warp tile; WNITER - sub-tiles of
// a warp along N; TM, TN - results per thread per sub-tile. Derived: threads = 32 * (BM/WM) *
// (BN/WN); WMITER = WM*WN / (32*TM*TN*WNITER); WSUBM = WM/WMITER; WSUBN = WN/WNITER.
// MINB - blocks per SM to budget registers for (__launch_bounds__; 1 lets the compiler take
// up to 255). FRAGPIPE - 1 double-buffers the register fragments, 0 loads each k's right
// before its FFMAs and stores the next slice after the last k (the barrier exposes the loads).
// Legal: see the static_asserts (the catalog checks the same rules before compiling).
// Launch: grid (ceil(N / BN), ceil(M / BM)), block (threads).
// Shared memory (static): 2 * (BK * (BM + 4) + BK * BN) * 4 bytes.
// BM, BN, BK, WM, WN, WNITER, TM, TN, MINB, FRAGPIPE: only from the step table (model/gemmsteps.cpp),
// as -D defines; no default here can drift from its declaration.
#if !defined(BM) || !defined(BN) || !defined(BK) || !defined(WM) || !defined(WN) || !defined(WNITER) ||      \
    !defined(TM) || !defined(TN) || !defined(MINB) || !defined(FRAGPIPE)
#error "compile this step through the catalog: it defines every tile parameter"
#endif

#define NWARPS ((BM / WM) * (BN / WN))
#define NT (32 * NWARPS)
#define WMITER ((WM * WN) / (32 * TM * TN * WNITER))
#define WSUBM (WM / WMITER)
#define WSUBN (WN / WNITER)
#define BMP (BM + 4)        // padded row of the transposed As: fewer bank conflicts on the stores
#define VEC_A (BM * BK / 4) // float4s in a K-slice of A
#define VEC_B (BK * BN / 4)
#define LOADS_A ((VEC_A + NT - 1) / NT)
#define LOADS_B ((VEC_B + NT - 1) / NT)

static_assert(BM % WM == 0 && BN % WN == 0, "BM and BN must be multiples of WM and WN");
static_assert(NT <= 1024, "too many warps for one block");
static_assert(TM % 4 == 0 && TN % 4 == 0 && BK % 4 == 0, "TM, TN and BK must be multiples of 4");
static_assert(WMITER >= 1 && (WM * WN) % (32 * TM * TN * WNITER) == 0,
              "a warp's tile must split evenly into 32 threads' patches");
static_assert(WM % WMITER == 0 && WN % WNITER == 0, "WM and WN must split into WMITER and WNITER sub-tiles");
static_assert(WSUBN % TN == 0 && WSUBM % TM == 0, "sub-tiles must be multiples of TM x TN");
static_assert((WSUBM / TM) * (WSUBN / TN) == 32, "the 32 threads of a warp must cover one sub-tile");
static_assert(2 * (BK * BMP + BK * BN) * 4 <= 48 * 1024, "static shared memory is limited to 48 KB");

// One block's tile. INTERIOR: the tile and every K-slice lie inside A, B and C and the
// offsets fit in 32 bits, so the global loads need no bounds tests: each thread's offsets are
// computed once and a slice adds k0 (A) or k0 * N (B). The edge blocks take the tested path.
template <bool INTERIOR>
__device__ __forceinline__ void warptiledBlock(int M, int N, int K, float alpha, const float *__restrict__ A,
                                               const float *__restrict__ B, float beta, float *__restrict__ C,
                                               float (&As)[2][BK * BMP], float (&Bs)[2][BK * BN])
{
    const int tid = threadIdx.x;
    const int m0 = blockIdx.y * BM, n0 = blockIdx.x * BN;
    const int warp = tid / 32, lane = tid % 32;
    const int warpRow = warp / (BN / WN), warpCol = warp % (BN / WN);
    const int tRow = lane / (WSUBN / TN), tCol = lane % (WSUBN / TN);
    const bool vecA = (K % 4) == 0, vecB = (N % 4) == 0;

    float4 ra[LOADS_A], rb[LOADS_B];
    int offA[LOADS_A], offB[LOADS_B]; // INTERIOR: element offsets of a thread's loads at k0 = 0
#pragma unroll
    for (int p = 0; p < LOADS_A; ++p) {
        const int i = tid + p * NT;
        offA[p] = (m0 + i / (BK / 4)) * K + (i % (BK / 4)) * 4;
    }
#pragma unroll
    for (int p = 0; p < LOADS_B; ++p) {
        const int i = tid + p * NT;
        offB[p] = (i / (BN / 4)) * N + n0 + (i % (BN / 4)) * 4;
    }
    auto loadGlobal = [&](int k0) {
#pragma unroll
        for (int p = 0; p < LOADS_A; ++p) {
            const int i = tid + p * NT;
            if (VEC_A % NT != 0 && i >= VEC_A)
                break;
            if constexpr (INTERIOR) {
                ra[p] = *reinterpret_cast<const float4 *>(A + (offA[p] + k0));
                continue;
            }
            const int r = i / (BK / 4), c = (i % (BK / 4)) * 4;
            const int gr = m0 + r, gk = k0 + c;
            if (vecA && gr < M && gk + 3 < K) {
                ra[p] = *reinterpret_cast<const float4 *>(&A[(size_t)gr * K + gk]);
            } else {
                const float *a = A + (size_t)gr * K + gk;
                ra[p].x = (gr < M && gk + 0 < K) ? a[0] : 0.f;
                ra[p].y = (gr < M && gk + 1 < K) ? a[1] : 0.f;
                ra[p].z = (gr < M && gk + 2 < K) ? a[2] : 0.f;
                ra[p].w = (gr < M && gk + 3 < K) ? a[3] : 0.f;
            }
        }
#pragma unroll
        for (int p = 0; p < LOADS_B; ++p) {
            const int i = tid + p * NT;
            if (VEC_B % NT != 0 && i >= VEC_B)
                break;
            if constexpr (INTERIOR) {
                rb[p] = *reinterpret_cast<const float4 *>(B + (offB[p] + k0 * N));
                continue;
            }
            const int r = i / (BN / 4), c = (i % (BN / 4)) * 4;
            const int gk = k0 + r, gn = n0 + c;
            if (vecB && gk < K && gn + 3 < N) {
                rb[p] = *reinterpret_cast<const float4 *>(&B[(size_t)gk * N + gn]);
            } else {
                const float *b = B + (size_t)gk * N + gn;
                rb[p].x = (gk < K && gn + 0 < N) ? b[0] : 0.f;
                rb[p].y = (gk < K && gn + 1 < N) ? b[1] : 0.f;
                rb[p].z = (gk < K && gn + 2 < N) ? b[2] : 0.f;
                rb[p].w = (gk < K && gn + 3 < N) ? b[3] : 0.f;
            }
        }
    };
    auto storeShared = [&](int buf) {
#pragma unroll
        for (int p = 0; p < LOADS_A; ++p) {
            const int i = tid + p * NT;
            if (VEC_A % NT != 0 && i >= VEC_A)
                break;
            const int r = i / (BK / 4), c = (i % (BK / 4)) * 4;
            As[buf][(c + 0) * BMP + r] = ra[p].x;
            As[buf][(c + 1) * BMP + r] = ra[p].y;
            As[buf][(c + 2) * BMP + r] = ra[p].z;
            As[buf][(c + 3) * BMP + r] = ra[p].w;
        }
#pragma unroll
        for (int p = 0; p < LOADS_B; ++p) {
            const int i = tid + p * NT;
            if (VEC_B % NT != 0 && i >= VEC_B)
                break;
            const int r = i / (BN / 4), c = (i % (BN / 4)) * 4;
            *reinterpret_cast<float4 *>(&Bs[buf][r * BN + c]) = rb[p];
        }
    };

    float acc[WMITER * TM][WNITER * TN] = {};
    // FRAGPIPE: two sets of fragments, the next k's read from shared memory while the FFMAs of
    // this k run (the loads' latency hides behind WMITER*TM x WNITER*TN independent FFMAs).
    float regM[1 + FRAGPIPE][WMITER * TM], regN[1 + FRAGPIPE][WNITER * TN];
    auto loadFrags = [&](int buf, int k, float(&m)[WMITER * TM], float(&n)[WNITER * TN]) {
        const float *as = As[buf] + warpRow * WM + tRow * TM + k * BMP;
        const float *bs = Bs[buf] + warpCol * WN + tCol * TN + k * BN;
#pragma unroll
        for (int wm = 0; wm < WMITER; ++wm)
#pragma unroll
            for (int i = 0; i < TM; i += 4)
                *reinterpret_cast<float4 *>(&m[wm * TM + i]) =
                    *reinterpret_cast<const float4 *>(&as[wm * WSUBM + i]);
#pragma unroll
        for (int wn = 0; wn < WNITER; ++wn)
#pragma unroll
            for (int j = 0; j < TN; j += 4)
                *reinterpret_cast<float4 *>(&n[wn * TN + j]) =
                    *reinterpret_cast<const float4 *>(&bs[wn * WSUBN + j]);
    };

    const int KT = (K + BK - 1) / BK;
#if FRAGPIPE
    loadGlobal(0);
    storeShared(0);
    __syncthreads();
    loadFrags(0, 0, regM[0], regN[0]);
    for (int kt = 0; kt < KT; ++kt) {
        const int cur = kt & 1;
        const bool more = kt + 1 < KT;
        if (more)
            loadGlobal((kt + 1) * BK); // in flight while we compute on `cur`
#pragma unroll
        for (int k = 0; k < BK; ++k) {
            if (k == BK - 1) {
                // Before the last k of the slice: the next slice goes into the other buffer
                // (last read before the previous barrier), everyone waits for it, and its first
                // fragments are read while this slice's last FFMAs run.
                if (more)
                    storeShared(cur ^ 1);
                __syncthreads();
                if (more)
                    loadFrags(cur ^ 1, 0, regM[(k + 1) & 1], regN[(k + 1) & 1]);
            } else {
                loadFrags(cur, k + 1, regM[(k + 1) & 1], regN[(k + 1) & 1]);
            }
#pragma unroll
            for (int i = 0; i < WMITER * TM; ++i)
#pragma unroll
                for (int j = 0; j < WNITER * TN; ++j)
                    acc[i][j] += regM[k & 1][i] * regN[k & 1][j];
        }
    }
#else
    loadGlobal(0);
    storeShared(0);
    __syncthreads();
    for (int kt = 0; kt < KT; ++kt) {
        const int cur = kt & 1;
        if (kt + 1 < KT)
            loadGlobal((kt + 1) * BK); // in flight while we compute on `cur`
#pragma unroll
        for (int k = 0; k < BK; ++k) {
            loadFrags(cur, k, regM[0], regN[0]);
#pragma unroll
            for (int i = 0; i < WMITER * TM; ++i)
#pragma unroll
                for (int j = 0; j < WNITER * TN; ++j)
                    acc[i][j] += regM[0][i] * regN[0][j];
        }
        if (kt + 1 < KT)
            storeShared(cur ^ 1); // that buffer was last read before the previous barrier
        __syncthreads();
    }
#endif

#pragma unroll
    for (int wm = 0; wm < WMITER; ++wm)
#pragma unroll
        for (int i = 0; i < TM; ++i) {
            const int row = m0 + warpRow * WM + wm * WSUBM + tRow * TM + i;
            if (row >= M)
                continue;
#pragma unroll
            for (int wn = 0; wn < WNITER; ++wn)
#pragma unroll
                for (int j = 0; j < TN; j += 4) {
                    const int col = n0 + warpCol * WN + wn * WSUBN + tCol * TN + j;
                    const float *a = &acc[wm * TM + i][wn * TN + j];
                    float *c = C + (size_t)row * N + col;
                    if (vecB && col + 3 < N) {
                        float4 v = make_float4(alpha * a[0], alpha * a[1], alpha * a[2], alpha * a[3]);
                        if (beta != 0.f) {
                            const float4 o = *reinterpret_cast<const float4 *>(c);
                            v.x += beta * o.x;
                            v.y += beta * o.y;
                            v.z += beta * o.z;
                            v.w += beta * o.w;
                        }
                        *reinterpret_cast<float4 *>(c) = v;
                    } else {
#pragma unroll
                        for (int q = 0; q < 4; ++q)
                            if (col + q < N)
                                c[q] = beta == 0.f ? alpha * a[q] : alpha * a[q] + beta * c[q];
                    }
                }
        }
}

extern "C" __global__ void __launch_bounds__(NT, MINB)
    gemm_warptiled(int M, int N, int K, float alpha, const float *__restrict__ A, const float *__restrict__ B,
                   float beta, float *__restrict__ C)
{
    __shared__ __align__(16) float As[2][BK * BMP];
    __shared__ __align__(16) float Bs[2][BK * BN];
    const bool interior = (int)(blockIdx.y + 1) * BM <= M && (int)(blockIdx.x + 1) * BN <= N && K % BK == 0 &&
                          N % 4 == 0 && (long long)M * K < (1LL << 31) && (long long)K * N < (1LL << 31);
    if (interior)
        warptiledBlock<true>(M, N, K, alpha, A, B, beta, C, As, Bs);
    else
        warptiledBlock<false>(M, N, K, alpha, A, B, beta, C, As, Bs);
}
