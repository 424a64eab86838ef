// mbarriers: init, expected transaction bytes, arrivals (CTA and cluster scope) and waits that
// trap instead of hanging the GPU. Shared by the Hopper GEMM steps (gemm/hopper.cuh,
// 13_wgmma_fp8) and the W4A16 kernel's per-warp copy rings (llm.cu). sm_90 instructions: call
// them from sm_90 code.
#pragma once

typedef unsigned int u32;
typedef unsigned long long u64;

__device__ __forceinline__ void mbarInit(u32 bar, u32 count)
{
    asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;\n" ::"r"(bar), "r"(count));
}
__device__ __forceinline__ void mbarExpectTx(u32 bar, u32 bytes)
{
    asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;\n" ::"r"(bar), "r"(bytes)
                 : "memory");
}
__device__ __forceinline__ void mbarArrive(u32 bar)
{
    asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];\n" ::"r"(bar) : "memory");
}
// Arrives on the barrier at the same shared-memory offset in CTA `cta` of the cluster (the
// own CTA included): how a consumer frees a slot that the other CTA's multicast also fills.
// Release at CTA scope (the PTX default): the consumer hands over no data, only the fact that
// its tensor-core reads of the slot are complete (its wgmma wait returned before the arrive).
// The cluster-scope form (.release.cluster) puts a memory barrier before every arrival, and on
// the H200 the consumer warps then spent 40 % of their stalls in it (Nsight Compute).
__device__ __forceinline__ void mbarArriveCluster(u32 bar, u32 cta)
{
    asm volatile("{\n.reg .b32 remote;\n"
                 "mapa.shared::cluster.u32 remote, %0, %1;\n"
                 "mbarrier.arrive.shared::cluster.b64 _, [remote];\n}\n" ::"r"(bar),
                 "r"(cta)
                 : "memory");
}
// One poll of the barrier's phase: true once the phase of that parity has completed.
__device__ __forceinline__ bool mbarPoll(u32 bar, u32 parity)
{
    u32 done;
    asm volatile("{\n.reg .pred p;\n"
                 "mbarrier.try_wait.parity.shared::cta.b64 p, [%1], %2;\n"
                 "selp.u32 %0, 1, 0, p;\n}\n"
                 : "=r"(done)
                 : "r"(bar), "r"(parity)
                 : "memory");
    return done != 0;
}
// Waits for the phase; a phase that never completes (a copy that never lands, an arrival
// miscounted, a partner block gone) traps after 4 s of the global timer instead of hanging the
// GPU: the launch then fails with an error the bench reports. A healthy wait takes microseconds.
__device__ __forceinline__ void mbarWait(u32 bar, u32 parity)
{
    if (mbarPoll(bar, parity))
        return;
    u64 t0, t;
    asm volatile("mov.u64 %0, %%globaltimer;\n" : "=l"(t0));
    while (!mbarPoll(bar, parity)) {
        asm volatile("mov.u64 %0, %%globaltimer;\n" : "=l"(t));
        if (t - t0 > 4000000000ull)
            __trap();
    }
}
