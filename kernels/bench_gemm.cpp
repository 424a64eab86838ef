// The GEMM ladder's bench (kernels/src/gemm/NN_*.cu and the cuBLAS references): inputs,
// launches, TMA descriptors for the wgmma step, and the checks: sampled fp64 dot products on
// the CPU, then every element against cuBLAS with the same layouts. Catalog entries, tile
// legality and launch shapes are in family_gemm.cpp.
//
// Conventions of every step: C = alpha * A * B + beta * C, all row-major, C in fp32.
// fp32 steps: A is M x K, B is K x N. Tensor-core steps: A is M x K, B is stored N x K.
#include "benches.h"
#include "cublasgemm.h"
#include "gemmladder.h"
#include "hostfloat.h"
#include "src/rng.cuh"
#include "tma.h"

#include <cuda.h>
#include <cudaTypedefs.h>

#include <QCoreApplication>

#include <cmath>
#include <vector>

namespace kernels {

namespace {

QString tr(const char *s)
{
    return QCoreApplication::translate("kernels::GemmKernels", s);
}

constexpr float kLo = -1.0f, kHi = 1.0f;

qint64 P(const Params &p, const char *name)
{
    return paramInt(p, QString::fromLatin1(name));
}

// ---------------------------------------------------------------- TMA descriptors

// An operand of the wgmma steps: rows x K bf16/fp16, boxes of 64 elements of K (one 128-byte
// swizzle row) by boxRows rows.
bool encodeOperand(CUtensorMap *map, model::Dtype d, const void *base, qint64 rows, qint64 K,
                   unsigned boxRows, QString *error)
{
    // e4m3 (the fp8 step): one byte an element, so the 128-byte swizzle row is 128 of K. TMA
    // has no fp8 type and needs none: the bytes are copied, never converted (UINT8).
    if (d == model::Dtype::Fp8)
        return encodeTiled2d(map, CU_TENSOR_MAP_DATA_TYPE_UINT8, 1, base, rows, K, 128, boxRows, error);
    return encodeTiled2d(
        map, d == model::Dtype::Fp16 ? CU_TENSOR_MAP_DATA_TYPE_FLOAT16 : CU_TENSOR_MAP_DATA_TYPE_BFLOAT16, 2,
        base, rows, K, 64, boxRows, error);
}

// ---------------------------------------------------------------- the bench

class GemmBench : public Bench
{
public:
    GemmBench(const QString &id, const Params &p, model::Dtype d)
        : m_id(id), m_params(p), m_dtype(d), m_M(int(P(p, "M"))), m_N(int(P(p, "N"))), m_K(int(P(p, "K"))),
          m_cublasRef(gemm::referenceIds().contains(id)), m_tc(gemm::usesTensorCores(id)),
          m_wgmma(gemm::usesTma(id)), m_tmaStore(gemm::isPersistent(id)), m_tf32(d == model::Dtype::Tf32),
          m_fp8(d == model::Dtype::Fp8)
    {
    }

    bool setup(BenchContext &ctx, QString *error) override
    {
        const Device &dev = ctx.device();
        if (m_wgmma && !(dev.major == 9 && dev.minor == 0)) {
            if (error)
                *error = tr("%1 uses wgmma and TMA, which only sm_90 (Hopper) has; this device is %2")
                             .arg(m_id, dev.arch());
            return false;
        }
        if (m_tf32 && dev.major < 8) {
            if (error)
                *error = tr("TF32 tensor cores need sm_80 or newer; this device is %1").arg(dev.arch());
            return false;
        }
        if (m_fp8 && dev.major * 10 + dev.minor < 89) {
            if (error)
                *error = tr("fp8 (e4m3) tensor cores need sm_89 or newer; this device is %1").arg(dev.arch());
            return false;
        }
        const bool tc = m_tc;
        if (tc && dev.major < 8) {
            if (error)
                *error =
                    tr("bf16 tensor cores (and cp.async, ldmatrix) need sm_80 or newer; this device is %1")
                        .arg(dev.arch());
            return false;
        }
        int perSm = 0;
        if (!m_cublasRef) {
            m_shape = gemm::launchShape(m_id, m_params, dev.sms);
            if (!findMain(ctx, m_shape.threads(), error, &perSm, size_t(m_shape.dynSmem)))
                return false;
            // Clusters: as many pairs as fit at once (two SMs of one GPC each), never more than
            // there are cluster tiles; none fitting is refused here, before any launch. Should
            // the query itself fail, the pairs stay one per two SMs: the blocks loop over the
            // tiles, so pairs that do not fit at once only run later (the error is kept).
            if (m_shape.clusterX > 1) {
                QString why;
                m_clustersResident = ctx.maxActiveClusters(
                    m_kernel, m_shape.threads(), unsigned(m_shape.clusterX), size_t(m_shape.dynSmem), &why);
                if (m_clustersResident == 0) {
                    if (error)
                        *error = why;
                    return false;
                }
                if (m_clustersResident > 0)
                    m_shape.gridX =
                        m_shape.clusterX * std::min(m_shape.gridX / m_shape.clusterX, m_clustersResident);
                else
                    m_clusterQueryError = why;
            }
        }
        const long long nA = (long long)m_M * m_K, nB = (long long)m_K * m_N, nC = (long long)m_M * m_N;
        m_seed = ctx.seed();
        // tf32 is fp32 storage: the tensor cores round the inputs themselves.
        const model::Dtype stored = m_tf32 ? model::Dtype::Fp32 : m_dtype;
        if (m_fp8) {
            // e4m3 is made on the host (the runtime's fills have no fp8) from the same counter-
            // based values, so hostValue regenerates exactly what the device holds.
            if (!(m_a = uploadE4m3(ctx, nA, m_seed, error)) ||
                !(m_b = uploadE4m3(ctx, nB, m_seed + 1, error)))
                return false;
            // Per-tensor scales (exact binary fractions, not 1: a kernel that ignored one fails),
            // cuBLASLt's 32 MiB workspace.
            const float scales[2] = {kScaleA, kScaleB};
            m_scales = static_cast<float *>(ctx.alloc(sizeof scales, error));
            void *ws = ctx.alloc(kLtWorkspace, error);
            if (!m_scales || !ws || !ctx.upload(m_scales, scales, sizeof scales, error) ||
                !m_lt.init(ctx.stream(), ws, kLtWorkspace, error))
                return false;
        } else if (!(m_a = allocFilled(ctx, nA, stored, kLo, kHi, m_seed, error)) ||
                   !(m_b = allocFilled(ctx, nB, stored, kLo, kHi, m_seed + 1, error))) {
            return false;
        }
        if (!(m_c = static_cast<float *>(allocOutput(ctx, size_t(nC) * 4, error))))
            return false;
        if (!m_fp8 && !m_cublas.init(ctx.stream(), error))
            return false;
        if (m_wgmma) {
            // In a cluster each block copies half of the shared operand's tile (and multicasts it).
            const bool cluster = m_shape.clusterX > 1;
            const unsigned boxA = unsigned(P(m_params, "BM") / (cluster ? P(m_params, "CLUSTER_N") : 1)),
                           boxB = unsigned(P(m_params, "BN") / (cluster ? P(m_params, "CLUSTER_M") : 1));
            if (!encodeOperand(&m_mapA, m_dtype, m_a, m_M, m_K, boxA, error) ||
                !encodeOperand(&m_mapB, m_dtype, m_b, m_N, m_K, boxB, error))
                return false;
            // The TMA-store epilogue's map of C: fp32, boxes of 32 columns (128 bytes) by 64 rows.
            // TMA needs 16-byte row strides: for N % 4 != 0 the kernel stores directly and
            // never reads the map (left zero).
            if (m_tmaStore && m_N % 4 == 0 &&
                !encodeTiled2d(&m_mapC, CU_TENSOR_MAP_DATA_TYPE_FLOAT32, 4, m_c, m_M, m_N, 32, 64, error))
                return false;
        }
        if (m_cublasRef && m_fp8) {
            m_resources = {{"library", "cublasLtMatmul"},
                           {"b_layout", "NxK"},
                           {"compute", "e4m3 in, fp32 accumulate (fast accumulation), fp32 out"},
                           {"scales", "per tensor, folded into alpha"}};
        } else if (m_cublasRef) {
            m_resources = {{"library", "cublasGemmEx"},
                           {"b_layout", tc ? "NxK" : "KxN"},
                           {"compute", tc       ? "fp32 accumulate"
                                       : m_tf32 ? "tf32 tensor cores"
                                                : "fp32 (pedantic)"}};
        } else {
            m_resources = launchResources(m_shape.threads(), m_shape.blocks(), perSm);
            m_resources["dyn_smem"] = m_shape.dynSmem;
            m_resources["threads"] = gemm::threadsPerBlock(m_id, m_params);
            m_resources["b_layout"] = tc ? "NxK" : "KxN";
            if (m_shape.clusterX > 1) {
                m_resources["cluster"] = m_shape.clusterX;
                m_resources["clusters_resident"] = m_clustersResident;
                if (!m_clusterQueryError.isEmpty())
                    m_resources["clusters_query_error"] = m_clusterQueryError;
            }
        }
        return true;
    }

    bool launch(BenchContext &ctx, QString *error) override
    {
        if (m_cublasRef && m_fp8)
            return m_lt.run(m_M, m_N, m_K, m_a, m_b, kScaleA, kScaleB, m_c, error);
        if (m_cublasRef)
            return m_cublas.runLadder(m_dtype, m_M, m_N, m_K, m_a, m_b, m_c, error);
        int M = m_M, N = m_N, K = m_K;
        float alpha = 1.0f, beta = 0.0f;
        const dim3 grid(unsigned(m_shape.gridX), unsigned(m_shape.gridY)),
            block(unsigned(m_shape.blockX), unsigned(m_shape.blockY));
        if (m_tmaStore) {
            void *args[] = {&m_mapA, &m_mapB, &m_mapC, &m_c, &M, &N, &K, &alpha, &beta};
            if (m_shape.clusterX > 1)
                return ctx.launchCluster(m_kernel, grid, block, unsigned(m_shape.clusterX),
                                         size_t(m_shape.dynSmem), args, error);
            return ctx.launch(m_kernel, grid, block, size_t(m_shape.dynSmem), args, error);
        }
        if (m_fp8) {
            const float *scaleA = m_scales, *scaleB = m_scales + 1;
            void *args[] = {&m_mapA, &m_mapB, &m_c, &M, &N, &K, &scaleA, &scaleB, &alpha, &beta};
            return ctx.launch(m_kernel, grid, block, size_t(m_shape.dynSmem), args, error);
        }
        if (m_wgmma) {
            void *args[] = {&m_mapA, &m_mapB, &m_c, &M, &N, &K, &alpha, &beta};
            return ctx.launch(m_kernel, grid, block, size_t(m_shape.dynSmem), args, error);
        }
        void *args[] = {&M, &N, &K, &alpha, &m_a, &m_b, &beta, &m_c};
        return ctx.launch(m_kernel, grid, block, size_t(m_shape.dynSmem), args, error);
    }

    model::Check check(BenchContext &ctx) override
    {
        const long long nC = (long long)m_M * m_N;
        std::vector<float> out(size_t(nC), 0.f);
        QString error;
        if (!ctx.download(out.data(), m_c, size_t(nC) * 4, &error))
            return failedCheck("cublas", error);
        // Sampled fp64 dot products on the CPU: an independent check (also of cuBLAS itself).
        model::Check cpu = sampledCpuCheck(out);
        if (!cpu.ok || m_cublasRef)
            return cpu;

        // Every element against cuBLAS with the same inputs and layouts, on the device.
        float *ref = static_cast<float *>(ctx.alloc(size_t(nC) * 4, &error));
        std::vector<float> r(size_t(nC), 0.f);
        const bool refRan = m_fp8 ? m_lt.run(m_M, m_N, m_K, m_a, m_b, kScaleA, kScaleB, ref, &error)
                                  : m_cublas.runLadder(m_dtype, m_M, m_N, m_K, m_a, m_b, ref, &error);
        if (!ref || !refRan || !ctx.download(r.data(), ref, size_t(nC) * 4, &error))
            return failedCheck("cublas", error);
        double sq = 0;
        for (float v : r)
            sq += double(v) * v;
        // Errors relative to |ref| + rms(ref): the entries near zero of a long dot product carry
        // the rounding of its large terms, so a pure relative error would be meaningless there.
        const double rms = std::sqrt(sq / double(std::max(1LL, nC)));
        model::Check c = compareAll(nC, m_fp8 ? kCublasLtFp8Tolerance : kCublasTolerance,
                                    std::max(rms, 1e-30), m_fp8 ? "cublaslt" : "cublas", [&](long long i) {
                                        return std::pair{double(out[size_t(i)]), double(r[size_t(i)])};
                                    });
        c.reference = m_fp8  ? QStringLiteral("cublasLt (e4m3 in, fp32 accumulate) + cpu-fp64 samples")
                      : m_tc ? QStringLiteral("cublas (bf16/fp16 in, fp32 accumulate) + cpu-fp64 samples")
                             : QStringLiteral("cublas sgemm + cpu-fp64 samples");
        c.maxRelErr = std::max(c.maxRelErr, cpu.maxRelErr);
        return c;
    }

private:
    // |out - ref| / (|ref| + rms(ref)): fp32 sums of up to 32k products in another order stay
    // far below this; a wrong tile, a missing barrier or an unwritten element do not.
    static constexpr double kCublasTolerance = 1e-4;
    // fp8: the tensor cores add e4m3 products keeping about 14 bits, not fp32's 24 (DeepSeek-V3
    // report, arXiv 2412.19437, 3.3.2), and the bits dropped are reported to be truncated, so
    // the error leans towards zero instead of averaging out. cuBLASLt's fast accumulation and
    // the fp8 step both do it, in another order. Per k32 instruction a partial sum |s| ~ rms(C)
    // loses up to 2^-13 |s|, half that on average: over K / 32 instructions, at most about
    // (K / 32) * 2^-14 * rms, 8e-3 * rms at K = 4096 if every loss had the same sign. A wrong or
    // missing K-slice of 128 products is off by sqrt(128 / K) * rms (0.18 at K = 4096, 0.36 at
    // 1008), a wrong scale by a third of every value.
    static constexpr double kCublasLtFp8Tolerance = 2e-2;
    // The CPU check of fp8, |out - exact| / sum |a b| (sampledCpuCheck): the same loss is
    // ~1e-4 of sum |a b| at K = 4096 (|s| ~ sqrt(K) / 3 against sum |a b| ~ K / 4); a missing
    // K-slice of 128 is 4e-3 of it at K = 4096, 2e-3 at 8192.
    static constexpr double kFp8CpuTolerance = 1e-3;
    static constexpr float kScaleA = 1.5f, kScaleB = 0.625f;
    static constexpr size_t kLtWorkspace = size_t(32) << 20;

    static void *uploadE4m3(BenchContext &ctx, long long n, unsigned seed, QString *error)
    {
        std::vector<uint8_t> h(static_cast<size_t>(n));
        for (long long i = 0; i < n; ++i)
            h[size_t(i)] = hostfloat::floatToE4m3(rl_value((unsigned long long)i, seed, kLo, kHi));
        void *p = ctx.alloc(size_t(n), error);
        return p && ctx.upload(p, h.data(), size_t(n), error) ? p : nullptr;
    }

    double a(long long r, long long k) const { return hostValue(r * m_K + k, m_seed, kLo, kHi, m_dtype); }
    double b(long long k, long long c) const
    {
        const long long i = m_tc ? c * m_K + k : k * m_N + c;
        return hostValue(i, m_seed + 1, kLo, kHi, m_dtype);
    }

    model::Check sampledCpuCheck(const std::vector<float> &out) const
    {
        const long long M = m_M, N = m_N, n = M * N;
        std::vector<long long> samples = {0, N - 1, n - N, n - 1};
        for (unsigned i = 0; samples.size() < 260 && i < 4096; ++i)
            samples.push_back((long long)(rl_bits(i, m_seed + 7) % (unsigned long long)n));
        model::Check c;
        c.reference = QStringLiteral("cpu-fp64 (%1 sampled elements)").arg(samples.size());
        c.ok = true;
        // TF32 rounds each input to 10 bits of mantissa; everything else multiplies exactly
        // representable values and adds in fp32.
        const double tol = m_tf32 ? 2e-3 : m_fp8 ? kFp8CpuTolerance : 1e-4;
        // fp8: C = alpha * scaleA * scaleB * A B (alpha 1); the scales are powers of two times
        // small integers, so scaling the fp64 sum is exact enough.
        const double scale = m_fp8 ? double(kScaleA) * double(kScaleB) : 1.0;
        for (long long idx : samples) {
            const long long r = idx / N, col = idx % N;
            double s = 0, mag = 0;
            for (long long k = 0; k < m_K; ++k) {
                const double x = scale * a(r, k) * b(k, col);
                s += x;
                mag += std::fabs(x);
            }
            const double got = out[size_t(idx)];
            double err = std::fabs(got - s) / std::max(mag, 1e-300);
            if (!std::isfinite(got))
                err = INFINITY;
            c.maxRelErr = std::max(c.maxRelErr, std::isfinite(err) ? err : 1e308);
            if (err > tol && c.ok) {
                c.ok = false;
                c.message = QStringLiteral("C(%1,%2) = %3, expected %4 (fp64 on the CPU)")
                                .arg(r)
                                .arg(col)
                                .arg(got, 0, 'g', 9)
                                .arg(s, 0, 'g', 9);
            }
        }
        return c;
    }

    QString m_id;
    Params m_params;
    model::Dtype m_dtype;
    int m_M, m_N, m_K;
    bool m_cublasRef;           // a cuBLAS reference itself, not a ladder step
    bool m_tc;                  // tensor cores: 16-bit inputs, B stored N x K
    bool m_wgmma;               // TMA descriptors instead of pointers
    bool m_tmaStore;            // and one for C as well (the persistent steps' epilogue)
    int m_clustersResident = 0; // gemm.wgmma_cluster: clusters that fit at once (-1: unknown)
    QString m_clusterQueryError;
    bool m_tf32;
    bool m_fp8; // e4m3 inputs made on the host, per-tensor scales, cuBLASLt as the reference
    gemm::LaunchShape m_shape;
    void *m_a = nullptr, *m_b = nullptr;
    float *m_c = nullptr;
    unsigned m_seed = 0;
    CublasGemm m_cublas;
    CublasLtFp8 m_lt;
    float *m_scales = nullptr; // scaleA, scaleB (device)
    CUtensorMap m_mapA{}, m_mapB{}, m_mapC{};
};

} // namespace

std::unique_ptr<Bench> gemmBench(const KernelSpec &spec, const Params &p, model::Dtype d)
{
    if (!gemm::ladderIds().contains(spec.id) && !gemm::referenceIds().contains(spec.id))
        return nullptr;
    return std::make_unique<GemmBench>(spec.id, p, d);
}

} // namespace kernels
