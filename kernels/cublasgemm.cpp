#include "cublasgemm.h"

#include <cublasLt.h>
#include <cublas_v2.h>

#include <QLibrary>
#include <QStringList>

#include <cstring>
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
QStringList cublasCandidates(const QString &file = QStringLiteral("libcublas.so.13"))
{
    QStringList dirs;
    for (const char *var : {"CUDA_HOME", "CUDA_PATH"})
        if (const QString d = qEnvironmentVariable(var); !d.isEmpty())
            dirs << d + QStringLiteral("/lib64") << d + QStringLiteral("/lib");
    dirs << QStringLiteral(ROOFLAB_CUDA_LIBRARY_DIR) << QStringLiteral("/usr/local/cuda/lib64")
         << QStringLiteral("/usr/local/cuda-13/lib64");
    QStringList out{file};
    for (const QString &d : dirs)
        out << d + QLatin1Char('/') + file;
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

// cuBLASLt, for the fp8 reference (cublasGemmEx takes no fp8): loaded the same way, on first
// use, only the few entry points the fp8 matmul needs.
struct CublasLtApi
{
    decltype(&cublasLtCreate) create = nullptr;
    decltype(&cublasLtDestroy) destroy = nullptr;
    decltype(&cublasLtMatmulDescCreate) descCreate = nullptr;
    decltype(&cublasLtMatmulDescDestroy) descDestroy = nullptr;
    decltype(&cublasLtMatmulDescSetAttribute) descSet = nullptr;
    decltype(&cublasLtMatrixLayoutCreate) layoutCreate = nullptr;
    decltype(&cublasLtMatrixLayoutDestroy) layoutDestroy = nullptr;
    decltype(&cublasLtMatmulPreferenceCreate) prefCreate = nullptr;
    decltype(&cublasLtMatmulPreferenceDestroy) prefDestroy = nullptr;
    decltype(&cublasLtMatmulPreferenceSetAttribute) prefSet = nullptr;
    decltype(&cublasLtMatmulAlgoGetHeuristic) heuristic = nullptr;
    decltype(&cublasLtMatmul) matmul = nullptr;
    decltype(&cublasLtGetStatusString) statusString = nullptr;
    decltype(&cublasLtGetStatusName) statusName = nullptr;
    QString error;
};

const CublasLtApi &cublasLt()
{
    static const CublasLtApi api = [] {
        CublasLtApi a;
        static QLibrary lib;
        QStringList tried;
        for (const QString &name : cublasCandidates(QStringLiteral("libcublasLt.so.13"))) {
            lib.setFileName(name);
            if (lib.load())
                break;
            tried << lib.errorString();
        }
        if (!lib.isLoaded()) {
            a.error =
                QStringLiteral("cuBLASLt (libcublasLt.so.13) could not be loaded: %1").arg(tried.value(0));
            return a;
        }
        auto resolve = [&](auto &fn, const char *name) {
            fn = reinterpret_cast<std::remove_reference_t<decltype(fn)>>(lib.resolve(name));
            if (!fn && a.error.isEmpty())
                a.error = QStringLiteral("%1 lacks %2").arg(lib.fileName(), QLatin1String(name));
        };
        resolve(a.create, "cublasLtCreate");
        resolve(a.destroy, "cublasLtDestroy");
        resolve(a.descCreate, "cublasLtMatmulDescCreate");
        resolve(a.descDestroy, "cublasLtMatmulDescDestroy");
        resolve(a.descSet, "cublasLtMatmulDescSetAttribute");
        resolve(a.layoutCreate, "cublasLtMatrixLayoutCreate");
        resolve(a.layoutDestroy, "cublasLtMatrixLayoutDestroy");
        resolve(a.prefCreate, "cublasLtMatmulPreferenceCreate");
        resolve(a.prefDestroy, "cublasLtMatmulPreferenceDestroy");
        resolve(a.prefSet, "cublasLtMatmulPreferenceSetAttribute");
        resolve(a.heuristic, "cublasLtMatmulAlgoGetHeuristic");
        resolve(a.matmul, "cublasLtMatmul");
        resolve(a.statusString, "cublasLtGetStatusString");
        resolve(a.statusName, "cublasLtGetStatusName");
        return a;
    }();
    return api;
}

bool ltOk(cublasStatus_t s, const char *what, QString *error)
{
    if (s == CUBLAS_STATUS_SUCCESS)
        return true;
    if (error)
        *error = QStringLiteral("%1: %2 (%3)")
                     .arg(QString::fromLatin1(what), QString::fromLatin1(cublasLt().statusString(s)),
                          QString::fromLatin1(cublasLt().statusName(s)));
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

namespace kernels {

CublasLtFp8::~CublasLtFp8()
{
    release();
    if (m_handle)
        cublasLt().destroy(m_handle);
}

void CublasLtFp8::release()
{
    if (m_desc)
        cublasLt().descDestroy(static_cast<cublasLtMatmulDesc_t>(m_desc));
    for (void *l : {m_la, m_lb, m_lc})
        if (l)
            cublasLt().layoutDestroy(static_cast<cublasLtMatrixLayout_t>(l));
    m_desc = nullptr;
    m_la = m_lb = m_lc = nullptr;
    m_key = {};
}

bool CublasLtFp8::init(cudaStream_t stream, void *workspace, size_t workspaceBytes, QString *error)
{
    if (!cublasLt().error.isEmpty()) {
        if (error)
            *error = cublasLt().error;
        return false;
    }
    m_stream = stream;
    m_workspace = workspace;
    m_workspaceBytes = workspaceBytes;
    return m_handle || ltOk(cublasLt().create(&m_handle), "cublasLtCreate", error);
}

bool CublasLtFp8::plan(int M, int N, int K, QString *error)
{
    const Key key{M, N, K};
    if (m_desc && key == m_key)
        return true;
    release();
    const CublasLtApi &lt = cublasLt();
    // Column-major, cuBLASLt computes C^T (N x M, ld N) = B (N x K row-major is K x N with ld K,
    // taken transposed) times A^T (A M x K row-major is K x M with ld K, not transposed): the
    // "TN" form fp8 requires, and its "A" is our B.
    const cublasOperation_t opT = CUBLAS_OP_T, opN = CUBLAS_OP_N;
    const int8_t fastAccum = 1; // no periodic promotion: the fp8 step accumulates the same way
    cublasLtMatmulDesc_t desc = nullptr;
    cublasLtMatrixLayout_t la = nullptr, lb = nullptr, lc = nullptr;
    auto keep = [&] {
        m_desc = desc;
        m_la = la;
        m_lb = lb;
        m_lc = lc;
    };
    const bool made =
        ltOk(lt.descCreate(&desc, CUBLAS_COMPUTE_32F, CUDA_R_32F), "cublasLtMatmulDescCreate", error) &&
        ltOk(lt.descSet(desc, CUBLASLT_MATMUL_DESC_TRANSA, &opT, sizeof opT), "TRANSA", error) &&
        ltOk(lt.descSet(desc, CUBLASLT_MATMUL_DESC_TRANSB, &opN, sizeof opN), "TRANSB", error) &&
        ltOk(lt.descSet(desc, CUBLASLT_MATMUL_DESC_FAST_ACCUM, &fastAccum, sizeof fastAccum), "FAST_ACCUM",
             error) &&
        ltOk(lt.layoutCreate(&la, CUDA_R_8F_E4M3, uint64_t(K), uint64_t(N), int64_t(K)), "layout A", error) &&
        ltOk(lt.layoutCreate(&lb, CUDA_R_8F_E4M3, uint64_t(K), uint64_t(M), int64_t(K)), "layout B", error) &&
        ltOk(lt.layoutCreate(&lc, CUDA_R_32F, uint64_t(N), uint64_t(M), int64_t(N)), "layout C", error);
    keep(); // release() frees whatever was made
    if (!made) {
        release();
        return false;
    }
    cublasLtMatmulPreference_t pref = nullptr;
    const uint64_t ws = m_workspaceBytes;
    int found = 0;
    cublasLtMatmulHeuristicResult_t result{};
    const bool ok = ltOk(lt.prefCreate(&pref), "cublasLtMatmulPreferenceCreate", error) &&
                    ltOk(lt.prefSet(pref, CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES, &ws, sizeof ws),
                         "MAX_WORKSPACE", error) &&
                    ltOk(lt.heuristic(m_handle, desc, la, lb, lc, lc, pref, 1, &result, &found),
                         "cublasLtMatmulAlgoGetHeuristic", error);
    if (pref)
        lt.prefDestroy(pref);
    if (ok && found == 0 && error)
        *error = QStringLiteral("cuBLASLt has no fp8 (e4m3, fp32 out) algorithm for M %1, N %2, K %3")
                     .arg(M)
                     .arg(N)
                     .arg(K);
    if (!ok || found == 0) {
        release();
        return false;
    }
    static_assert(sizeof result.algo == sizeof m_algo);
    std::memcpy(m_algo, &result.algo, sizeof m_algo);
    m_key = key;
    return true;
}

bool CublasLtFp8::run(int M, int N, int K, const void *A, const void *B, float scaleA, float scaleB, float *C,
                      QString *error)
{
    if (!m_handle) {
        if (error)
            *error = QStringLiteral("CublasLtFp8::run before init");
        return false;
    }
    if (!plan(M, N, K, error))
        return false;
    const float alpha = scaleA * scaleB, beta = 0.0f;
    cublasLtMatmulAlgo_t algo;
    std::memcpy(&algo, m_algo, sizeof algo);
    const auto layout = [](void *l) { return static_cast<cublasLtMatrixLayout_t>(l); };
    return ltOk(cublasLt().matmul(m_handle, static_cast<cublasLtMatmulDesc_t>(m_desc), &alpha, B,
                                  layout(m_la), A, layout(m_lb), &beta, C, layout(m_lc), C, layout(m_lc),
                                  &algo, m_workspace, m_workspaceBytes, m_stream),
                "cublasLtMatmul (e4m3 in, fp32 out)", error);
}

} // namespace kernels
