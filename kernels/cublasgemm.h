#pragma once

#include "workloads.h"

#include <cuda_runtime_api.h>

#include <QString>

typedef struct cublasContext *cublasHandle_t;

namespace kernels {

// cuBLAS C = alpha * A * B + beta * C, column-major, no transposes: the reference of the GEMM
// ladder's checks and the cuBLAS tensor-core ceiling. fp32 (exact fp32 math, no TF32), tf32
// (fp32 storage, TF32 tensor cores), fp16 and bf16 (fp32 accumulation) inputs; C has the
// same type as A and B, except for tf32 where C is fp32.
class CublasGemm
{
public:
    CublasGemm() = default;
    ~CublasGemm();
    CublasGemm(const CublasGemm &) = delete;
    CublasGemm &operator=(const CublasGemm &) = delete;

    bool init(cudaStream_t stream, QString *error);
    bool run(model::Dtype d, int M, int N, int K, const void *A, const void *B, void *C, QString *error,
             float alpha = 1.0f, float beta = 0.0f);

private:
    cublasHandle_t m_handle = nullptr;
};

} // namespace kernels
