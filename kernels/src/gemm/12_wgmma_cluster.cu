// GEMM ladder, step 12 (Hopper, sm_90a): step 11 in thread-block clusters of 2 with TMA
// multicast of the operand the two blocks share.
// C = alpha * A * B + beta * C with A, B in bf16 (or fp16), fp32 accumulation and fp32 C.
// Layouts as in steps 8-11: A M x K row-major, B as N x K row-major (K contiguous), C M x N.
//
// What changes against step 11, and why:
// * Two blocks on two SMs of one GPC form a cluster and compute neighbouring tiles: with
//   CLUSTER_M = 2 the tiles (tm, tn) and (tm + 1, tn), which need the same B tile; with
//   CLUSTER_N = 2 the tiles (tm, tn) and (tm, tn + 1), which need the same A tile. In step 11
//   both blocks fetch that tile from L2 on their own. Here each block fetches half of it and
//   the copy engine writes that half into the shared memory of both blocks (TMA
//   .multicast::cluster): one L2 read per shared tile instead of two. With 128 x 256 tiles
//   and pairs along M, a block's L2 reads per K-slice fall from 48 KB to 32 KB.
// * A slot of the ring is now filled by both blocks' producers, so it may be refilled only
//   when the consumers of both blocks are done with it: every consumer warp arrives on the
//   empty barrier of its own block and on that of its partner (mapa + a remote
//   mbarrier.arrive), and each empty barrier counts the warps of both. The arrivals release at
//   CTA scope: at cluster scope each one waited for a memory barrier, and the pair ran at 0.70
//   of cuBLAS on the H200 (ptx.cuh).
//   The full barrier stays local: its producer expects the whole stage's bytes, its own copies
//   and the partner's multicast half completing them in any order.
// * The pair works in lockstep: the scheduler hands out tiles of the cluster's shape (2 BM x
//   BN or BM x 2 BN) in grouped order, so both blocks loop over the same number of tiles and
//   K-slices. A block whose tile lies past the edge of C (an odd number of tile rows) still
//   computes on TMA's zeros, to keep its partner fed; its stores are clipped away.
// * Cluster barriers (barrier.cluster) after the mbarrier set-up (no remote arrive before the
//   partner's barriers exist) and before exit (no block leaves while its partner may still
//   write into its shared memory or arrive on its barriers).
// What stays: step 11's persistent loop, producer running ahead across tiles, the TMA-store
// epilogue, wgmma with one group in flight, setmaxnreg.
//
// Parameters (defines): BM (64 * CONSUMERS * 1 or 2), BN (64, 128, 192 or 256), STAGES (2..8),
// CONSUMERS (1 or 2 warpgroups), GROUP (rows of tiles per group, as in step 11), CLUSTER_M and
// CLUSTER_N (1 or 2, one of them 2), TMA_STORE (as step 11), DT (0 bf16, 1 fp16). K-slice fixed
// at 64 elements.
// Host requirements: K a multiple of 8. Three tensor maps made with cuTensorMapEncodeTiled:
// A as {K, M}, box {64, BM / CLUSTER_N}; B as {K, N}, box {64, BN / CLUSTER_M} (the shared
// operand's box is half a tile; bf16/fp16, SWIZZLE_128B, zero OOB fill); C as {N, M} fp32, box
// {32, 64}, SWIZZLE_128B (when N % 4 == 0; else any map: unused).
// Launch: cudaLaunchKernelEx with a cluster dimension of 2 along x; a 1D grid of 2 * min(the
// clusters that fit at once (cudaOccupancyMaxActiveClusters), ceil(M / (CLUSTER_M * BM)) *
// ceil(N / (CLUSTER_N * BN))) blocks; block 128 * (CONSUMERS + 1); dynamic shared memory as
// step 11: STAGES * (BM + BN) * 128 + CONSUMERS * 16384 + 1024 + 16 * STAGES bytes.
// BM, BN, STAGES, CONSUMERS, GROUP, CLUSTER_M, CLUSTER_N, TMA_STORE, DT: only from the step table
// (model/gemmsteps.cpp), as -D defines; no default here can drift from its declaration.
#if !defined(BM) || !defined(BN) || !defined(STAGES) || !defined(CONSUMERS) || !defined(GROUP) ||            \
    !defined(CLUSTER_M) || !defined(CLUSTER_N) || !defined(TMA_STORE) || !defined(DT)
#error "compile this step through the catalog: it defines every tile parameter"
#endif

#include "gemm/hopper.cuh" // TMA (multicast), mbarriers (cluster scope), wgmma, the TMA store
#include "gemm/ladder.cuh" // tileOf (grouped order), storeC

#define BK 64
#define WG_M (BM / CONSUMERS) // rows of C per consumer warpgroup
#define MSUB (WG_M / 64)      // m64 wgmma tiles per consumer
#define NT (128 * (CONSUMERS + 1))
#define A_BYTES (BM * BK * 2)
#define B_BYTES (BN * BK * 2)
#define STAGE_BYTES (A_BYTES + B_BYTES)
#define SMEM_BYTES (STAGES * STAGE_BYTES + EPI_BYTES + 1024 + 16 * STAGES)
#define A_ROWS (BM / CLUSTER_N) // rows of A this block's producer copies per stage
#define B_ROWS (BN / CLUSTER_M) // rows of B
// Rows of tiles per group, counted in cluster tiles.
#define SGROUP (GROUP / CLUSTER_M > 0 ? GROUP / CLUSTER_M : 1)

static_assert(CONSUMERS == 1 || CONSUMERS == 2, "CONSUMERS must be 1 or 2");
static_assert(BM % (64 * CONSUMERS) == 0 && (MSUB == 1 || MSUB == 2),
              "BM must be 64 or 128 per consumer warpgroup");
static_assert(BN == 64 || BN == 128 || BN == 192 || BN == 256, "BN must be 64, 128, 192 or 256");
static_assert(MSUB * BN <= 256, "accumulators: at most 128 floats per thread (MSUB * BN <= 256)");
static_assert(STAGES >= 2 && STAGES <= 8, "STAGES must be 2..8");
static_assert(SMEM_BYTES <= 232448,
              "the stages and the epilogue buffers do not fit in 227 KB of shared memory");
static_assert((CLUSTER_M == 2 && CLUSTER_N == 1) || (CLUSTER_M == 1 && CLUSTER_N == 2),
              "the cluster is 2 x 1 or 1 x 2 blocks (CLUSTER_M, CLUSTER_N)");

__device__ __forceinline__ u32 clusterRank()
{
    u32 r;
    asm volatile("mov.u32 %0, %%cluster_ctarank;\n" : "=r"(r));
    return r;
}
__device__ __forceinline__ u32 clusterId()
{
    u32 r;
    asm volatile("mov.u32 %0, %%clusterid.x;\n" : "=r"(r));
    return r;
}
__device__ __forceinline__ u32 clusterCount()
{
    u32 r;
    asm volatile("mov.u32 %0, %%nclusterid.x;\n" : "=r"(r));
    return r;
}
// Every thread of both blocks: what was written before is visible to the partner after.
__device__ __forceinline__ void clusterSync()
{
    asm volatile("barrier.cluster.arrive.release.aligned;\n"
                 "barrier.cluster.wait.acquire.aligned;\n" ::
                     : "memory");
}

extern "C" __global__ void __launch_bounds__(NT, 1)
    gemm_wgmma_cluster(const __grid_constant__ TmaMap tmA, const __grid_constant__ TmaMap tmB,
                       const __grid_constant__ TmaMap tmC, float *__restrict__ C, int M, int N, int K,
                       float alpha, float beta)
{
    extern __shared__ unsigned char smemRaw[];
    // The 128-byte swizzle repeats every 1024 bytes of address: tiles start 1024-aligned. Both
    // blocks run the same code, so every buffer and barrier has the same offset in each: the
    // multicast and the remote arrivals rely on that.
    const u32 sbase = (smemAddr(smemRaw) + 1023u) & ~1023u;
    const u32 epiBase = sbase + STAGES * STAGE_BYTES;
    const u32 bars = epiBase + EPI_BYTES;
    auto tileA = [&](int s) { return sbase + s * STAGE_BYTES; };
    auto tileB = [&](int s) { return sbase + s * STAGE_BYTES + A_BYTES; };
    auto full = [&](int s) { return bars + 8 * s; };
    auto empty = [&](int s) { return bars + 8 * (STAGES + s); };

    const int tilesM = (M + BM - 1) / BM, tilesN = (N + BN - 1) / BN;
    const int superM = (tilesM + CLUSTER_M - 1) / CLUSTER_M, superN = (tilesN + CLUSTER_N - 1) / CLUSTER_N;
    const int supers = superM * superN;
    const int tid = threadIdx.x, wg = tid / 128;
    const int KT = (K + BK - 1) / BK;
    const u32 rank = clusterRank(), partner = rank ^ 1u;
    const int firstSuper = (int)clusterId(), superStep = (int)clusterCount();
    // This block's tile inside the cluster's tile: the second row (or column) for rank 1.
    auto tileOfSuper = [&](int st, int &tm, int &tn) {
        int sm, sn;
        tileOf<SGROUP>(st, superM, superN, sm, sn);
        tm = sm * CLUSTER_M + (CLUSTER_M == 2 ? (int)rank : 0);
        tn = sn * CLUSTER_N + (CLUSTER_N == 2 ? (int)rank : 0);
    };

    if (tid == 0) {
        for (int s = 0; s < STAGES; ++s) {
            mbarInit(full(s), 1);                  // the own producer's arrive + the stage's bytes
            mbarInit(empty(s), 2 * CONSUMERS * 4); // every consumer warp of both blocks
        }
        mbarInitFence();
    }
    clusterSync(); // the partner's barriers exist before anything arrives on them

    if (wg == 0) {
        regsDec<40>();
        if (tid == 0) {
            int it = 0;
            for (int st = firstSuper; st < supers; st += superStep) {
                int tm, tn;
                tileOfSuper(st, tm, tn);
                for (int kt = 0; kt < KT; ++kt, ++it) {
                    const int s = it % STAGES;
                    // Free in both blocks: the multicast half goes into the partner's slot too.
                    // (A CTA-scope wait: the producer reads nothing the partner wrote.)
                    if (it >= STAGES)
                        mbarWait(empty(s), ((it / STAGES) - 1) & 1);
                    mbarExpectTx(full(s), STAGE_BYTES); // own copy + the partner's half
#if CLUSTER_M == 2
                    // Pairs along M share B: this block's half of it goes to both.
                    tmaLoad2d(tileA(s), &tmA, kt * BK, tm * BM, full(s));
                    tmaLoad2dMulticast(tileB(s) + rank * (B_ROWS * 128), &tmB, kt * BK,
                                       tn * BN + rank * B_ROWS, full(s), 0x3);
#else
                    // Pairs along N share A.
                    tmaLoad2dMulticast(tileA(s) + rank * (A_ROWS * 128), &tmA, kt * BK,
                                       tm * BM + rank * A_ROWS, full(s), 0x3);
                    tmaLoad2d(tileB(s), &tmB, kt * BK, tn * BN, full(s));
#endif
                }
            }
        }
    } else {
        regsInc<232>();
        const int c = wg - 1, t = tid - 128 * wg, warp = t / 32, lane = t % 32;
        const u32 epi = epiBase + c * 2 * EPI_CHUNK;
        const bool tmaStore = TMA_STORE && beta == 0.f && N % 4 == 0;
        int it = 0, chunk = 0;
        float acc[MSUB][BN / 2];
        // A slot is released in both blocks of the pair.
        auto release = [&](int s) {
            mbarArrive(empty(s));
            mbarArriveCluster(empty(s), partner);
        };

        for (int st = firstSuper; st < supers; st += superStep) {
            int tm, tn;
            tileOfSuper(st, tm, tn);
            const int m0 = tm * BM, n0 = tn * BN;
#pragma unroll
            for (int ms = 0; ms < MSUB; ++ms)
#pragma unroll
                for (int i = 0; i < BN / 2; ++i)
                    acc[ms][i] = 0.f;

            for (int kt = 0; kt < KT; ++kt, ++it) {
                const int s = it % STAGES;
                mbarWait(full(s), (it / STAGES) & 1);
                wgmmaSlice<BN, MSUB, BK / 16>(acc, tileA(s) + c * WG_M * 128, tileB(s));
                wgmmaWait<1>();
                if (kt > 0 && lane == 0)
                    release((it - 1) % STAGES);
            }
            wgmmaWait<0>();
            fenceRegs(acc);
            if (KT > 0 && lane == 0)
                release((it - 1) % STAGES);

            if (tmaStore) {
#pragma unroll
                for (int ms = 0; ms < MSUB; ++ms)
                    storeTileTma(&tmC, acc[ms], alpha, m0 + c * WG_M + ms * 64, n0, epi, t, 1 + c, chunk);
            } else {
#pragma unroll
                for (int ms = 0; ms < MSUB; ++ms) {
                    const int row = m0 + c * WG_M + ms * 64 + warp * 16 + lane / 4;
#pragma unroll
                    for (int j = 0; j < BN / 8; ++j) {
                        const int col = n0 + j * 8 + (lane % 4) * 2;
                        storeC(C, M, N, row, col, acc[ms][4 * j + 0], acc[ms][4 * j + 1], alpha, beta);
                        storeC(C, M, N, row + 8, col, acc[ms][4 * j + 2], acc[ms][4 * j + 3], alpha, beta);
                    }
                }
            }
        }
        if (t == 0)
            bulkWaitAll();
    }
    // Every thread of both blocks, producers' idle threads included: neither block leaves while
    // the other may still arrive on its barriers or multicast into its shared memory.
    __syncwarp();
    clusterSync();
}
