#pragma once

// TMA tensor maps for the benches of the kernels that read through them (the wgmma steps of the
// GEMM ladder, the W4A16 kernel's warpgroup path).
#include <cuda.h>

#include <QString>

namespace kernels {

// cuTensorMapEncodeTiled through the runtime's driver entry point: no link to libcuda.
// A rows x cols row-major matrix of `type` (elemBytes each), boxes of boxCols x boxRows
// elements in the 128-byte swizzle (boxCols * elemBytes must be 128 at most). Reads past the
// edges come back as zeros; stores past them are dropped.
bool encodeTiled2d(CUtensorMap *map, CUtensorMapDataType type, int elemBytes, const void *base, qint64 rows,
                   qint64 cols, unsigned boxCols, unsigned boxRows, QString *error);

} // namespace kernels
