#include "tma.h"

#include <cudaTypedefs.h>
#include <cuda_runtime_api.h>

#include <QCoreApplication>

namespace kernels {

namespace {

QString tr(const char *s)
{
    return QCoreApplication::translate("kernels::GemmKernels", s);
}

} // namespace

bool encodeTiled2d(CUtensorMap *map, CUtensorMapDataType type, int elemBytes, const void *base, qint64 rows,
                   qint64 cols, unsigned boxCols, unsigned boxRows, QString *error)
{
    static PFN_cuTensorMapEncodeTiled_v12000 fn = nullptr;
    if (!fn) {
        cudaDriverEntryPointQueryResult q = cudaDriverEntryPointSymbolNotFound;
        void *f = nullptr;
        const cudaError_t e =
            cudaGetDriverEntryPointByVersion("cuTensorMapEncodeTiled", &f, 12000, cudaEnableDefault, &q);
        if (e != cudaSuccess || q != cudaDriverEntryPointSuccess || !f) {
            if (error)
                *error = tr("cuTensorMapEncodeTiled is not available from the driver (%1)")
                             .arg(QString::fromLatin1(cudaGetErrorString(e)));
            return false;
        }
        fn = reinterpret_cast<PFN_cuTensorMapEncodeTiled_v12000>(f);
    }
    // Dimension 0 is the contiguous one, dimension 1 the rows. Reads past the edges come back
    // as zeros; stores past them are dropped.
    const cuuint64_t dims[2] = {cuuint64_t(cols), cuuint64_t(rows)};
    const cuuint64_t strides[1] = {cuuint64_t(cols) * cuuint64_t(elemBytes)};
    const cuuint32_t box[2] = {boxCols, boxRows};
    const cuuint32_t elementStrides[2] = {1, 1};
    const CUresult r = fn(map, type, 2, const_cast<void *>(base), dims, strides, box, elementStrides,
                          CU_TENSOR_MAP_INTERLEAVE_NONE, CU_TENSOR_MAP_SWIZZLE_128B,
                          CU_TENSOR_MAP_L2_PROMOTION_L2_256B, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
    if (r != CUDA_SUCCESS) {
        if (error)
            *error = tr("cuTensorMapEncodeTiled failed (CUresult %1) for a %2 x %3 matrix, box %4 x %5")
                         .arg(int(r))
                         .arg(rows)
                         .arg(cols)
                         .arg(boxCols)
                         .arg(boxRows);
        return false;
    }
    return true;
}

} // namespace kernels
