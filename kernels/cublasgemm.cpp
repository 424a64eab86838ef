#include "cublasgemm.h"

#include <cublas_v2.h>

namespace kernels {

namespace {
bool cublasOk(cublasStatus_t s, const char *what, QString *error)
{
    if (s == CUBLAS_STATUS_SUCCESS)
        return true;
    if (error)
        *error = QStringLiteral("%1: %2 (%3)")
                     .arg(QString::fromLatin1(what), QString::fromLatin1(cublasGetStatusString(s)),
                          QString::fromLatin1(cublasGetStatusName(s)));
    return false;
}
} // namespace

CublasGemm::~CublasGemm()
{
    if (m_handle)
        cublasDestroy(m_handle);
}

bool CublasGemm::init(cudaStream_t stream, QString *error)
{
    if (!m_handle && !cublasOk(cublasCreate(&m_handle), "cublasCreate", error))
        return false;
    return cublasOk(cublasSetStream(m_handle, stream), "cublasSetStream", error);
}

bool CublasGemm::run(model::Dtype d, int M, int N, int K, const void *A, const void *B, void *C, QString *error,
                     float alpha, float beta)
{
    if (!m_handle) {
        if (error)
            *error = QStringLiteral("CublasGemm::run before init");
        return false;
    }
    cudaDataType_t ab = CUDA_R_32F, c = CUDA_R_32F;
    cublasComputeType_t compute = CUBLAS_COMPUTE_32F_PEDANTIC;
    switch (d) {
    case model::Dtype::Fp32: break;
    case model::Dtype::Tf32: compute = CUBLAS_COMPUTE_32F_FAST_TF32; break;
    case model::Dtype::Fp16: ab = c = CUDA_R_16F; compute = CUBLAS_COMPUTE_32F; break;
    case model::Dtype::Bf16: ab = c = CUDA_R_16BF; compute = CUBLAS_COMPUTE_32F; break;
    case model::Dtype::Fp64: ab = c = CUDA_R_64F; compute = CUBLAS_COMPUTE_64F; break;
    default:
        if (error)
            *error = QStringLiteral("cuBLAS reference: unsupported dtype %1").arg(model::dtypeName(d));
        return false;
    }
    if (d == model::Dtype::Fp64) {
        const double a = alpha, b = beta;
        return cublasOk(cublasGemmEx(m_handle, CUBLAS_OP_N, CUBLAS_OP_N, M, N, K, &a, A, ab, M, B, ab, K, &b, C, c, M,
                                     compute, CUBLAS_GEMM_DEFAULT),
                        "cublasGemmEx", error);
    }
    return cublasOk(cublasGemmEx(m_handle, CUBLAS_OP_N, CUBLAS_OP_N, M, N, K, &alpha, A, ab, M, B, ab, K, &beta, C, c,
                                 M, compute, CUBLAS_GEMM_DEFAULT),
                    "cublasGemmEx", error);
}

bool CublasGemm::runLadder(model::Dtype d, int M, int N, int K, const void *A, const void *B, float *C,
                           QString *error)
{
    if (!m_handle) {
        if (error)
            *error = QStringLiteral("CublasGemm::runLadder before init");
        return false;
    }
    // cuBLAS is column-major, so it computes C^T = B^T A^T: a row-major matrix is its own
    // transpose in column-major. A 16-bit B stored N x K row-major is B^T column-major with
    // leading dimension K, taken with OP_T.
    const float alpha = 1.0f, beta = 0.0f;
    if (d == model::Dtype::Fp16 || d == model::Dtype::Bf16) {
        const cudaDataType_t ab = d == model::Dtype::Fp16 ? CUDA_R_16F : CUDA_R_16BF;
        return cublasOk(cublasGemmEx(m_handle, CUBLAS_OP_T, CUBLAS_OP_N, N, M, K, &alpha, B, ab, K, A, ab, K, &beta, C,
                                     CUDA_R_32F, N, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT),
                        "cublasGemmEx (16-bit in, fp32 out)", error);
    }
    const bool tf32 = d == model::Dtype::Tf32;
    return cublasOk(cublasGemmEx(m_handle, CUBLAS_OP_N, CUBLAS_OP_N, N, M, K, &alpha, B, CUDA_R_32F, N, A, CUDA_R_32F,
                                 K, &beta, C, CUDA_R_32F, N,
                                 tf32 ? CUBLAS_COMPUTE_32F_FAST_TF32 : CUBLAS_COMPUTE_32F_PEDANTIC, CUBLAS_GEMM_DEFAULT),
                    tf32 ? "cublasGemmEx (tf32)" : "cublasGemmEx (fp32)", error);
}

} // namespace kernels
