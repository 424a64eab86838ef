// GEMM ladder, step 11 (Hopper, sm_90a): step 10 made persistent, with a TMA-store epilogue.
// C = alpha * A * B + beta * C with A, B in bf16 (or fp16), fp32 accumulation and fp32 C.
// Layouts as in steps 8-10: A M x K row-major, B as N x K row-major (K contiguous), C M x N.
//
// What changes against step 10, and why:
// * One block per SM, looping over output tiles. In step 10 every tile is its own block: when
//   a block ends, its SM sits idle through the block's epilogue, its exit and the next block's
//   start (barrier set-up, the first TMA round trip with an empty ring). Here the grid is the
//   number of SMs and block b takes tiles b, b + gridDim.x, ... (a static tile scheduler) in
//   the same grouped order as step 10, so blocks running together still share A and B in L2.
// * The producer keeps the ring full across tile boundaries: its stage counter runs on over
//   all the block's tiles, so while the consumers store tile i, the first STAGES K-slices of
//   tile i+1 are already being loaded. The consumers count the same way; slot s = it % STAGES
//   and its phase (it / STAGES) & 1 come from that one running counter.
// * The epilogue goes through shared memory and the copy engine: each consumer warpgroup writes
//   its accumulators into a swizzled 64 x 32 fp32 chunk and one thread issues a TMA store
//   (cp.async.bulk.tensor ... global.shared::cta), which clips at the matrix edges. Two chunk
//   buffers alternate; the consumer does not wait for its last stores before it starts the next
//   tile's wgmma, so the C traffic of tile i overlaps the main loop of tile i+1. The stores of
//   step 10 were 8-byte st.global from every thread, with the tensor cores idle meanwhile.
//   The TMA store writes alpha * acc; beta != 0 (C is read) and N % 4 != 0 (TMA needs 16-byte
//   row strides) keep step 10's direct stores.
// What stays: TMA loads, wgmma from shared memory, warp specialisation with setmaxnreg, one
// wgmma group in flight per consumer (a stage is freed one K-slice late). The mbarrier waits
// are bounded (gemm/hopper.cuh): a phase that never completes traps after 4 s, no hang.
//
// Parameters (defines): BM (64 * CONSUMERS * 1 or 2), BN (64, 128, 192 or 256), STAGES (2..8),
// CONSUMERS (1 or 2 warpgroups), GROUP, TMA_STORE (1; 0 keeps step 10's direct stores, to
// measure what the TMA store buys), DT (0 bf16, 1 fp16). K-slice fixed at 64 elements.
// Host requirements: K a multiple of 8. Three tensor maps made with cuTensorMapEncodeTiled:
// A as {K, M}, box {64, BM}; B as {K, N}, box {64, BN} (bf16/fp16, SWIZZLE_128B, zero OOB
// fill); C as {N, M} fp32, box {32, 64}, SWIZZLE_128B (when N % 4 == 0; else any map: unused).
// Launch: 1D grid of min(number of SMs, ceil(M / BM) * ceil(N / BN)) blocks, block
// 128 * (CONSUMERS + 1), dynamic shared memory STAGES * (BM + BN) * 128 + CONSUMERS * 16384 +
// 1024 + 16 * STAGES bytes (attribute raised).
// BM, BN, STAGES, CONSUMERS, GROUP, TMA_STORE, DT: only from the step table (model/gemmsteps.cpp), as
// -D defines; no default here can drift from its declaration.
#if !defined(BM) || !defined(BN) || !defined(STAGES) || !defined(CONSUMERS) || !defined(GROUP) ||            \
    !defined(TMA_STORE) || !defined(DT)
#error "compile this step through the catalog: it defines every tile parameter"
#endif

#include "gemm/hopper.cuh" // TMA, mbarriers, wgmma, the TMA-store epilogue
#include "gemm/ladder.cuh" // tileOf (grouped order), storeC

#define BK 64
#define WG_M (BM / CONSUMERS) // rows of C per consumer warpgroup
#define MSUB (WG_M / 64)      // m64 wgmma tiles per consumer
#define NT (128 * (CONSUMERS + 1))
#define A_BYTES (BM * BK * 2)
#define B_BYTES (BN * BK * 2)
#define STAGE_BYTES (A_BYTES + B_BYTES)
#define SMEM_BYTES (STAGES * STAGE_BYTES + EPI_BYTES + 1024 + 16 * STAGES)

static_assert(CONSUMERS == 1 || CONSUMERS == 2, "CONSUMERS must be 1 or 2");
static_assert(BM % (64 * CONSUMERS) == 0 && (MSUB == 1 || MSUB == 2),
              "BM must be 64 or 128 per consumer warpgroup");
static_assert(BN == 64 || BN == 128 || BN == 192 || BN == 256, "BN must be 64, 128, 192 or 256");
static_assert(MSUB * BN <= 256, "accumulators: at most 128 floats per thread (MSUB * BN <= 256)");
static_assert(STAGES >= 2 && STAGES <= 8, "STAGES must be 2..8");
static_assert(SMEM_BYTES <= 232448,
              "the stages and the epilogue buffers do not fit in 227 KB of shared memory");

extern "C" __global__ void __launch_bounds__(NT, 1)
    gemm_wgmma_persistent(const __grid_constant__ TmaMap tmA, const __grid_constant__ TmaMap tmB,
                          const __grid_constant__ TmaMap tmC, float *__restrict__ C, int M, int N, int K,
                          float alpha, float beta)
{
    extern __shared__ unsigned char smemRaw[];
    // The 128-byte swizzle repeats every 1024 bytes of address: tiles start 1024-aligned.
    const u32 sbase = (smemAddr(smemRaw) + 1023u) & ~1023u;
    const u32 epiBase = sbase + STAGES * STAGE_BYTES; // 1024-aligned too (STAGE_BYTES is)
    const u32 bars = epiBase + EPI_BYTES;
    auto tileA = [&](int s) { return sbase + s * STAGE_BYTES; };
    auto tileB = [&](int s) { return sbase + s * STAGE_BYTES + A_BYTES; };
    auto full = [&](int s) { return bars + 8 * s; };
    auto empty = [&](int s) { return bars + 8 * (STAGES + s); };

    const int tilesM = (M + BM - 1) / BM, tilesN = (N + BN - 1) / BN, tiles = tilesM * tilesN;
    const int tid = threadIdx.x, wg = tid / 128;
    const int KT = (K + BK - 1) / BK;

    if (tid == 0) {
        for (int s = 0; s < STAGES; ++s) {
            mbarInit(full(s), 1);              // the producer's arrive + the TMA bytes
            mbarInit(empty(s), CONSUMERS * 4); // one arrive per consumer warp
        }
        mbarInitFence();
    }
    __syncthreads();

    if (wg == 0) {
        // Producer warpgroup: one thread issues every copy, for every tile of this block.
        regsDec<40>();
        if (tid == 0) {
            int it = 0; // K-slices loaded so far by this block, over all its tiles
            for (int tile = blockIdx.x; tile < tiles; tile += gridDim.x) {
                int tm, tn;
                tileOf<GROUP>(tile, tilesM, tilesN, tm, tn);
                for (int kt = 0; kt < KT; ++kt, ++it) {
                    const int s = it % STAGES;
                    if (it >= STAGES)
                        mbarWait(empty(s), ((it / STAGES) - 1) & 1);
                    mbarExpectTx(full(s), STAGE_BYTES);
                    tmaLoad2d(tileA(s), &tmA, kt * BK, tm * BM, full(s));
                    tmaLoad2d(tileB(s), &tmB, kt * BK, tn * BN, full(s));
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

        for (int tile = blockIdx.x; tile < tiles; tile += gridDim.x) {
            int tm, tn;
            tileOf<GROUP>(tile, tilesM, tilesN, tm, tn);
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
                // Keep this slice's group in flight; the previous one is done: free its stage.
                wgmmaWait<1>();
                if (kt > 0 && lane == 0)
                    mbarArrive(empty((it - 1) % STAGES));
            }
            wgmmaWait<0>();
            fenceRegs(acc);
            // The tile's last stage is free as well: the producer is already on the next tile.
            if (KT > 0 && lane == 0)
                mbarArrive(empty((it - 1) % STAGES));

            if (tmaStore) {
#pragma unroll
                for (int ms = 0; ms < MSUB; ++ms)
                    storeTileTma(&tmC, acc[ms], alpha, m0 + c * WG_M + ms * 64, n0, epi, t, 1 + c, chunk);
            } else {
                // Step 10's epilogue: warp w holds rows 16w .. 16w+15, the lane row lane/4 (and
                // +8) at columns 8j + 2*(lane%4) + 0,1.
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
        // The block's shared memory must outlive the copies still reading it.
        if (t == 0)
            bulkWaitAll();
    }
}
