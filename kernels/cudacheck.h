#pragma once

#include <cuda_runtime_api.h>

#include <QString>

namespace kernels {

// "cudaMalloc(&p, bytes): out of memory (cudaErrorMemoryAllocation, runner.cpp:120)"
QString cudaMessage(cudaError_t e, const char *what, const char *file, int line);
// True on cudaSuccess; otherwise fills *error (when given) and returns false.
bool cudaOk(cudaError_t e, const char *what, const char *file, int line, QString *error);
// Errors after which the process's CUDA context is unusable (a kernel faulted).
bool isStickyError(cudaError_t e);

} // namespace kernels

// Every CUDA runtime call goes through this: if (!RL_CUDA(cudaMalloc(&p, n), error)) return false;
#define RL_CUDA(call, error) ::kernels::cudaOk((call), #call, __FILE__, __LINE__, (error))
