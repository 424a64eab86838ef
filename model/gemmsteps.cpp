#include "gemmsteps.h"

namespace model::gemmsteps {

const QList<Step> &steps()
{
    using P = Pattern;
    //  id                       rung pattern        tensor tma    persist cluster fp8
    static const QList<Step> table = {
        {"gemm.naive", 1, P::OneByOne, false, false, false, false, false},
        {"gemm.coalesced", 2, P::OneByOne, false, false, false, false, false},
        {"gemm.smem_tiled", 3, P::SmemTiled, false, false, false, false, false},
        {"gemm.reg1d", 4, P::Reg1d, false, false, false, false, false},
        {"gemm.reg2d", 5, P::Reg2d, false, false, false, false, false},
        {"gemm.vectorized", 6, P::Vectorized, false, false, false, false, false},
        {"gemm.warptiled", 7, P::Warptiled, false, false, false, false, false},
        {"gemm.wmma", 8, P::Wmma, true, false, false, false, false},
        {"gemm.mma_multistage", 9, P::Mma, true, false, false, false, false},
        {"gemm.wgmma_tma", 10, P::Wgmma, true, true, false, false, false},
        {"gemm.wgmma_persistent", 11, P::Wgmma, true, true, true, false, false},
        {"gemm.wgmma_cluster", 12, P::Wgmma, true, true, true, true, false},
        {"gemm.wgmma_fp8", 13, P::Wgmma, true, true, false, false, true},
        {"gemm.cublas_sgemm", 0, P::Library, false, false, false, false, false},
        {"gemm.cublas_tf32", 0, P::Library, false, false, false, false, false},
        {"gemm.cublas_bf16", 0, P::Library, true, false, false, false, false},
        {"gemm.cublaslt_fp8", 0, P::Library, true, false, false, false, true},
    };
    return table;
}

const Step *find(const QString &id)
{
    for (const Step &s : steps())
        if (id == QLatin1String(s.id))
            return &s;
    return nullptr;
}

} // namespace model::gemmsteps
