// The W4A16 GEMM's layout constants, declared once for the host (family_llm.h: the catalog's
// shared-memory counts, the bench's packing) and the kernel (llm.cu), which includes this
// file through NVRTC. Plain C++17, no CUDA.
#pragma once

namespace w4layout {
inline constexpr int kXBytes = 8192;      // X's rows a block's buffer holds (about; see w4a16XBufs)
inline constexpr int kRecordBytes = 4224; // a (64-column panel, group) record: weights, then scales
} // namespace w4layout
