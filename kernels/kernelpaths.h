#pragma once

#include <QString>

namespace kernels {

// The folder holding the kernel sources (*.cu, *.cuh), compiled at run time. Looked up, in
// order: $ROOFLAB_KERNELS; <exe>/../share/rooflab/kernels (installed); <exe>/kernels (a
// bundle); the source tree the program was built from. Empty when none has memory.cu.
QString kernelSourceDir();
// The CUDA include folder NVRTC needs for cuda_fp16.h / cuda_bf16.h: $ROOFLAB_CUDA_INCLUDE,
// $CUDA_HOME/include, /usr/local/cuda/include, the toolkit found at build time. Empty when
// none has cuda_fp16.h.
QString cudaIncludeDir();
// Every place looked at, for messages.
QStringList kernelSourceCandidates();
QStringList cudaIncludeCandidates();

} // namespace kernels
