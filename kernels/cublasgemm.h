#pragma once

#include "workloads.h"

#include <cuda_runtime_api.h>

#include <QString>

typedef struct cublasContext *cublasHandle_t;
typedef struct cublasLtContext *cublasLtHandle_t;

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

// cublasLtMatmul in fp8 for the fp8 ladder step (gemm.wgmma_fp8) and its reference
// (gemm.cublaslt_fp8): row-major fp32 C (M x N) = alpha * scaleA * scaleB * A B with e4m3 A
// M x K and B stored N x K (both K-major, the layout fp8 tensor cores read), scaleA and
// scaleB device pointers to one float each, fp32 accumulation without promotion (fast
// accumulation: what the fp8 step does). libcublasLt is loaded on first use, as libcublas is.
// The descriptors and the algorithm are kept for the last M, N, K and scale pointers.
class CublasLtFp8
{
public:
    CublasLtFp8() = default;
    ~CublasLtFp8();
    CublasLtFp8(const CublasLtFp8 &) = delete;
    CublasLtFp8 &operator=(const CublasLtFp8 &) = delete;

    // workspace: device memory cuBLASLt may use (32 MiB lets it pick its Hopper kernels).
    bool init(cudaStream_t stream, void *workspace, size_t workspaceBytes, QString *error);
    // C = scaleA * scaleB * A B^T. The per-tensor scales are folded into alpha: cuBLASLt 13.1
    // on the H200 refused every fp8 matmul given A/B scale pointers (CUBLAS_STATUS_NOT_SUPPORTED
    // at cublasLtMatmul, with the heuristic's algorithm or none, fp32/bf16/fp16 C and D, with and
    // without fast accumulation or a workspace) and ran each one without them; for one scale
    // per tensor the product is the same.
    bool run(int M, int N, int K, const void *A, const void *B, float scaleA, float scaleB, float *C,
             QString *error);

private:
    struct Key
    {
        int M = 0, N = 0, K = 0;
        bool operator==(const Key &) const = default;
    };
    bool plan(int M, int N, int K, QString *error);
    void release();

    cublasLtHandle_t m_handle = nullptr;
    cudaStream_t m_stream = nullptr;
    void *m_workspace = nullptr;
    size_t m_workspaceBytes = 0;
    // cublasLtMatmulDesc_t, cublasLtMatrixLayout_t (A, B, C = D) and cublasLtMatmulAlgo_t (8
    // words), kept opaque so this header needs no cuBLASLt header.
    void *m_desc = nullptr, *m_la = nullptr, *m_lb = nullptr, *m_lc = nullptr;
    unsigned long long m_algo[8] = {};
    Key m_key;
};

} // namespace kernels
