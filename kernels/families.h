#pragma once

// What a family's catalog entries (family_*.cpp, catalog library) and its benches
// (bench_*.cpp, runtime library) both need: constants of the kernel sources that the counts
// of work and the host-side launches and checks depend on. Kernel names are not here: the
// benches take them from the catalog's compile options (KernelSpec::compileOptions).
namespace kernels {

namespace memory {
inline constexpr int kReduceUnroll = 4; // reduce_tree<BLOCK, UNROLL>: float4 loads per thread per step
} // namespace memory

namespace probes {
inline constexpr int kSmemWords = 2048;   // RL_SMEM_WORDS in probes.cu
inline constexpr int kSmemLoads = 16;     // RL_SMEM_LOADS
inline constexpr int kFmaChains = 8;      // the CHAINS instantiated
inline constexpr int kFmaSteps = 16;      // RL_FMA_STEPS
inline constexpr int kSfWords = 2048;     // RL_SF_WORDS
inline constexpr int kSfWordsPerIter = 8; // RL_SF_WORDS_PER_ITER
} // namespace probes

} // namespace kernels
