#include "cublasgemm.h"

#include <cublas_v2.h>

#include <QLibrary>
#include <QStringList>

#include <type_traits>

namespace kernels {

namespace {

// cuBLAS is loaded when a GEMM first needs it, not at start-up: libcublasLt alone is about
// 150 MB of relocated pages, which every rooflab-cli command (an import of a 500 MB profile,
// `--version`) would otherwise carry. The header gives the types; the functions come from the
// library by name (the _v2 entry points the header's macros name).
struct CublasApi
{
    decltype(&cublasCreate_v2) create = nullptr;
    decltype(&cublasDestroy_v2) destroy = nullptr;
    decltype(&cublasSetStream_v2) setStream = nullptr;
    // the library's entry point (the header adds a C++ overload taking a cudaDataType compute type)
    cublasStatus_t (*gemmEx)(cublasHandle_t, cublasOperation_t, cublasOperation_t, int, int, int,
                             const void *, const void *, cudaDataType, int, const void *, cudaDataType, int,
                             const void *, void *, cudaDataType, int, cublasComputeType_t,
                             cublasGemmAlgo_t) = nullptr;
    decltype(&cublasGetStatusString) statusString = nullptr;
    decltype(&cublasGetStatusName) statusName = nullptr;
    QString error; // why it could not be loaded
};

// Where to look, in order: the loader's own search (LD_LIBRARY_PATH, the binary's run path,
// ld.so.conf), then the CUDA Toolkit's usual folders.
QStringList cublasCandidates()
{
    QStringList dirs;
    for (const char *var : {"CUDA_HOME", "CUDA_PATH"})
        if (const QString d = qEnvironmentVariable(var); !d.isEmpty())
            dirs << d + QStringLiteral("/lib64") << d + QStringLiteral("/lib");
    dirs << QStringLiteral(ROOFLAB_CUDA_LIBRARY_DIR) << QStringLiteral("/usr/local/cuda/lib64")
         << QStringLiteral("/usr/local/cuda-13/lib64");
    QStringList out{QStringLiteral("libcublas.so.13")};
    for (const QString &d : dirs)
        out << d + QStringLiteral("/libcublas.so.13");
    return out;
}

const CublasApi &cublas()
{
    static const CublasApi api = [] {
        CublasApi a;
        static QLibrary lib; // kept loaded for the process's life
        QStringList tried;
        for (const QString &name : cublasCandidates()) {
            lib.setFileName(name);
            if (lib.load())
                break;
            tried << lib.errorString();
        }
        if (!lib.isLoaded()) {
            a.error = QStringLiteral("cuBLAS (libcublas.so.13) could not be loaded: %1").arg(tried.value(0));
            return a;
        }
        auto resolve = [&](auto &fn, const char *name) {
            fn = reinterpret_cast<std::remove_reference_t<decltype(fn)>>(lib.resolve(name));
            if (!fn && a.error.isEmpty())
                a.error = QStringLiteral("%1 lacks %2").arg(lib.fileName(), QLatin1String(name));
        };
        resolve(a.create, "cublasCreate_v2");
        resolve(a.destroy, "cublasDestroy_v2");
        resolve(a.setStream, "cublasSetStream_v2");
        resolve(a.gemmEx, "cublasGemmEx");
        resolve(a.statusString, "cublasGetStatusString");
        resolve(a.statusName, "cublasGetStatusName");
        return a;
    }();
    return api;
}

bool cublasOk(cublasStatus_t s, const char *what, QString *error)
{
    if (s == CUBLAS_STATUS_SUCCESS)
        return true;
    if (error)
        *error = QStringLiteral("%1: %2 (%3)")
                     .arg(QString::fromLatin1(what), QString::fromLatin1(cublas().statusString(s)),
                          QString::fromLatin1(cublas().statusName(s)));
    return false;
}

} // namespace

CublasGemm::~CublasGemm()
{
    if (m_handle)
        cublas().destroy(m_handle);
}

bool CublasGemm::init(cudaStream_t stream, QString *error)
{
    if (!cublas().error.isEmpty()) {
        if (error)
            *error = cublas().error;
        return false;
    }
    if (!m_handle && !cublasOk(cublas().create(&m_handle), "cublasCreate", error))
        return false;
    return cublasOk(cublas().setStream(m_handle, stream), "cublasSetStream", error);
}

bool CublasGemm::run(model::Dtype d, int M, int N, int K, const void *A, const void *B, void *C,
                     QString *error, float alpha, float beta)
{
    if (!m_handle) {
        if (error)
            *error = QStringLiteral("CublasGemm::run before init");
        return false;
    }
    cudaDataType_t ab = CUDA_R_32F, c = CUDA_R_32F;
    cublasComputeType_t compute = CUBLAS_COMPUTE_32F_PEDANTIC;
    switch (d) {
    case model::Dtype::Fp32:
        break;
    case model::Dtype::Tf32:
        compute = CUBLAS_COMPUTE_32F_FAST_TF32;
        break;
    case model::Dtype::Fp16:
        ab = c = CUDA_R_16F;
        compute = CUBLAS_COMPUTE_32F;
        break;
    case model::Dtype::Bf16:
        ab = c = CUDA_R_16BF;
        compute = CUBLAS_COMPUTE_32F;
        break;
    case model::Dtype::Fp64:
        ab = c = CUDA_R_64F;
        compute = CUBLAS_COMPUTE_64F;
        break;
    default:
        if (error)
            *error = QStringLiteral("cuBLAS reference: unsupported dtype %1").arg(model::dtypeName(d));
        return false;
    }
    if (d == model::Dtype::Fp64) {
        const double a = alpha, b = beta;
        return cublasOk(cublas().gemmEx(m_handle, CUBLAS_OP_N, CUBLAS_OP_N, M, N, K, &a, A, ab, M, B, ab, K,
                                        &b, C, c, M, compute, CUBLAS_GEMM_DEFAULT),
                        "cublasGemmEx", error);
    }
    return cublasOk(cublas().gemmEx(m_handle, CUBLAS_OP_N, CUBLAS_OP_N, M, N, K, &alpha, A, ab, M, B, ab, K,
                                    &beta, C, c, M, compute, CUBLAS_GEMM_DEFAULT),
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
        return cublasOk(cublas().gemmEx(m_handle, CUBLAS_OP_T, CUBLAS_OP_N, N, M, K, &alpha, B, ab, K, A, ab,
                                        K, &beta, C, CUDA_R_32F, N, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT),
                        "cublasGemmEx (16-bit in, fp32 out)", error);
    }
    const bool tf32 = d == model::Dtype::Tf32;
    return cublasOk(cublas().gemmEx(m_handle, CUBLAS_OP_N, CUBLAS_OP_N, N, M, K, &alpha, B, CUDA_R_32F, N, A,
                                    CUDA_R_32F, K, &beta, C, CUDA_R_32F, N,
                                    tf32 ? CUBLAS_COMPUTE_32F_FAST_TF32 : CUBLAS_COMPUTE_32F_PEDANTIC,
                                    CUBLAS_GEMM_DEFAULT),
                    tf32 ? "cublasGemmEx (tf32)" : "cublasGemmEx (fp32)", error);
}

} // namespace kernels
