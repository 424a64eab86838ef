#pragma once

// The GEMM ladder (kernels/src/gemm/NN_*.cu, one optimization step per file) and its cuBLAS
// references: the ids in ladder order, which reference each step is compared with, the
// legality rules of the tile parameters and random legal tile configurations for sweeps.
#include "catalog.h"

#include <QList>
#include <QString>
#include <QStringList>

namespace kernels {

class Catalog;

// Adds gemm.* to the catalog (called from Catalog::instance()).
void registerGemmKernels(Catalog &c);

namespace gemm {

// gemm.naive .. gemm.wgmma_tma, gemm.wgmma_persistent, ..., in the order of the ladder.
QStringList ladderIds();
// A step's title and description in the language installed now: the catalog keeps those of
// the moment it was built, and a view outlives a language switch. Empty for another id.
QString ladderStepTitle(const QString &id);
QString ladderStepDescription(const QString &id);
// gemm.cublas_sgemm, gemm.cublas_tf32, gemm.cublas_bf16.
QStringList referenceIds();
// The cuBLAS entry a step's speed is reported against: SGEMM for the fp32 steps, BF16 for
// the tensor-core steps (same layouts, same sizes).
QString referenceFor(const QString &id);
// True for the steps that take bf16/fp16 inputs and read B as N x K.
bool usesTensorCores(const QString &id);
// The architecture a step must be compiled for on a device of compute capability
// major.minor: "sm_90a" for the wgmma steps (arch-specific instructions), else sm_XY.
// A wgmma step needs an sm_90 device, whatever it is compiled for.
QString archFor(const QString &id, int major, int minor);
// The wgmma steps (10 and up): TMA descriptors instead of pointers, sm_90a only.
bool usesTma(const QString &id);
// The persistent steps (11 and 12): one block per SM looping over the output tiles.
bool isPersistent(const QString &id);
// The tile parameters of a step (everything but M, N, K), in declaration order.
QStringList tileParams(const QString &id);
// Why a tile configuration cannot compile or run (empty when legal). maxDynSmem: the
// device's opt-in shared memory per block (227 KB on sm_90); 0 skips that rule.
QString illegalReason(const QString &id, const Params &p, qint64 maxDynSmem = 0);
// `count` distinct random legal tile configurations of reg2d, warptiled, wmma,
// mma_multistage, wgmma_tma or wgmma_persistent (M, N, K left at the defaults), reproducible
// for a seed.
QList<Params> randomConfigs(const QString &id, int count, quint32 seed, qint64 maxDynSmem = 232448);
// Threads per block and dynamic shared memory of a configuration (for resources and tests).
int threadsPerBlock(const QString &id, const Params &p);
qint64 dynamicSmemBytes(const QString &id, const Params &p);

// How a step is launched for M, N, K and its tile parameters (the "Launch:" line of its
// source). All ones for the cuBLAS references. sms: the device's SM count, the grid of the
// persistent steps (min(sms, tiles)); 0 gives them one block per tile, the work to share out.
struct LaunchShape
{
    int gridX = 1, gridY = 1;
    int blockX = 1, blockY = 1;
    qint64 dynSmem = 0;
    int clusterX = 1; // blocks per thread-block cluster along x (gemm.wgmma_cluster: 2)
    int threads() const { return blockX * blockY; }
    qint64 blocks() const { return qint64(gridX) * gridY; }
};
LaunchShape launchShape(const QString &id, const Params &p, int sms = 0);

} // namespace gemm
} // namespace kernels
