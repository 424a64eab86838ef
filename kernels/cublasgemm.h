#pragma once

#include "workloads.h"

#include <cuda_runtime_api.h>

#include <QString>

typedef struct cublasContext *cublasHandle_t;

namespace kernels {

// The one cuBLAS wrapper: cublasGemmEx on a stream, for the cuBLAS tensor-core ceiling
// (probe.cublas_bf16) and for the GEMM ladder's references and checks. fp32 is exact fp32
// math (no TF32); tf32 is fp32 storage on TF32 tensor cores; fp16 and bf16 accumulate in fp32.
class CublasGemm
{
public:
    CublasGemm() = default;
    ~CublasGemm();
    CublasGemm(const CublasGemm &) = delete;
    CublasGemm &operator=(const CublasGemm &) = delete;

    bool init(cudaStream_t stream, QString *error);
    // Column-major C = alpha * A * B + beta * C, no transposes; C has the type of A and B
    // (fp32 for tf32).
    bool run(model::Dtype d, int M, int N, int K, const void *A, const void *B, void *C, QString *error,
             float alpha = 1.0f, float beta = 0.0f);
    // The GEMM ladder's layouts: row-major fp32 C (M x N) = A B with A M x K; B K x N for fp32
    // and tf32, N x K (K contiguous, as tensor cores read it) for bf16 and fp16.
    bool runLadder(model::Dtype d, int M, int N, int K, const void *A, const void *B, float *C,
                   QString *error);

private:
    cublasHandle_t m_handle = nullptr;
};

} // namespace kernels
