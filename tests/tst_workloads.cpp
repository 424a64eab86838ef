// FLOPs, minimum bytes and intensity of every workload against the course notes' worked numbers.
#include "workloads.h"

#include <QTest>

using model::Dtype;
using model::Shape;

class TestWorkloads : public QObject
{
    Q_OBJECT

private slots:
    void intensity_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("dtype");
        QTest::addColumn<Shape>("shape");
        QTest::addColumn<double>("ai");
        QTest::addColumn<double>("tolerance");
        const Shape n{{"n", 1 << 20}};
        // the Triton tutorial §11.3.2
        QTest::newRow("Triton tutorial x+y fp32 AI 1/12") << "vector_add"
                                                          << "fp32" << n << 1.0 / 12 << 1e-12;
        QTest::newRow("Triton tutorial x+y bf16 AI 1/6") << "vector_add"
                                                         << "bf16" << n << 1.0 / 6 << 1e-12;
        QTest::newRow("Triton tutorial x*x+y*y fp16 AI 0.5")
            << "elementwise"
            << "fp16" << Shape{{"n", 1e6}, {"ops", 3}, {"loads", 2}, {"stores", 1}} << 0.5 << 1e-12;
        QTest::newRow("Triton tutorial ReLU(x*y+z) fp16 AI 0.375")
            << "elementwise"
            << "fp16" << Shape{{"n", 1e6}, {"ops", 3}, {"loads", 3}, {"stores", 1}} << 0.375 << 1e-12;
        // the Triton tutorial §11.3.3: GEMM fp16 D = 64..4096, AI = 2D/(3*2)
        for (int d : {64, 128, 256, 512, 1024, 2048, 4096})
            QTest::newRow(
                qPrintable(QString("Triton tutorial GEMM fp16 D=%1 AI %2").arg(d).arg(d / 3.0, 0, 'f', 1)))
                << "gemm"
                << "fp16" << Shape{{"M", d}, {"N", d}, {"K", d}} << d / 3.0 << 1e-12;
        // the Triton tutorial §11.3.5
        QTest::newRow("Triton tutorial LayerNorm fp16 AI ~2 (gamma, beta read once)")
            << "layernorm"
            << "fp16" << Shape{{"rows", 8192}, {"cols", 4096}} << 2.0 << 0.001;
        QTest::newRow("Triton tutorial Softmax fp16 AI 1.25")
            << "softmax"
            << "fp16" << Shape{{"rows", 8192}, {"cols", 4096}} << 1.25 << 1e-12;
        QTest::newRow("Triton tutorial RMSNorm fp16 AI ~1 (weight read once)")
            << "rmsnorm"
            << "fp16" << Shape{{"rows", 8192}, {"cols", 4096}} << 1.0 << 0.001;
        // the Triton tutorial §11.3.4: materialized attention ~D/2 when S >> D; fused keeps only Q, K, V, O
        QTest::newRow("Triton tutorial naive attention D=64 S=2048 AI ~32 (exact 31.0)")
            << "attention"
            << "fp16" << Shape{{"B", 1}, {"H", 1}, {"S", 2048}, {"D", 64}, {"fused", 0}} << 32.0 << 0.035;
        QTest::newRow("Triton tutorial naive attention D=128 S=2048 AI ~64 (exact 60.2)")
            << "attention"
            << "fp16" << Shape{{"B", 1}, {"H", 1}, {"S", 2048}, {"D", 128}, {"fused", 0}} << 64.0 << 0.06;
        QTest::newRow("fused attention fp16 AI = S/s = 1024 (Q,K,V read, O written)")
            << "attention"
            << "fp16" << Shape{{"B", 16}, {"H", 16}, {"S", 2048}, {"D", 128}, {"fused", 1}} << 1024.0
            << 1e-12;
        // 4096^3 fp32 -> 683 (the tiled-GEMM notes §1.1, the kernel-engineering notes ch. 05);
        // bf16 -> 1365 (the kernel-engineering notes ch. 06)
        QTest::newRow("tiled-GEMM notes GEMM fp32 4096^3 AI 683")
            << "gemm"
            << "fp32" << Shape{{"M", 4096}, {"N", 4096}, {"K", 4096}} << 682.67 << 0.0001;
        QTest::newRow("kernel-engineering notes GEMM bf16 4096^3 AI 1365")
            << "gemm"
            << "bf16" << Shape{{"M", 4096}, {"N", 4096}, {"K", 4096}} << 1365.33 << 0.0001;
        QTest::newRow("triad fp32 AI 2/12") << "triad"
                                            << "fp32" << n << 2.0 / 12 << 1e-12;
        QTest::newRow("copy AI 0") << "copy"
                                   << "fp32" << n << 0.0 << 0.0;
        QTest::newRow("sum reduction fp32 AI ~1/4") << "reduce"
                                                    << "fp32" << n << 0.25 << 1e-5;
        // course notes ch. 01/08: decode attention with GQA g = 4 has I ≈ 4 (K and V read once
        // per KV head dominate; exact 3.998 for S = 8192)
        const auto decode = [](double h, double hkv) {
            return Shape{{"B", 1}, {"H", h}, {"Hkv", hkv}, {"Sq", 1}, {"S", 8192}, {"D", 128}, {"fused", 1}};
        };
        QTest::newRow("ch08 decode attention GQA g=4 bf16 I ~ 4") << "attention"
                                                                  << "bf16" << decode(32, 8) << 4.0 << 0.001;
        QTest::newRow("decode attention GQA g=8 bf16 I ~ 8") << "attention"
                                                             << "bf16" << decode(64, 8) << 8.0 << 0.005;
        QTest::newRow("decode attention MHA bf16 I ~ 1") << "attention"
                                                         << "bf16" << decode(32, 32) << 1.0 << 0.001;
        QTest::newRow("decode attention MQA (Hkv 1) bf16 I ~ 32 (Q, O count at S = 8192)")
            << "attention"
            << "bf16" << decode(32, 1) << 32.0 << 0.004;
        // ch. 09: a decode GEMM's intensity is about M in BF16 and about 4M with W4A16 (exact:
        // 61.1 at M = 16; the fp16 scales, one per 128 weights, cost 3 %, A and C 1.5 %)
        const auto linear = [](double m, double wbits) {
            return Shape{{"M", m}, {"N", 8192}, {"K", 8192}, {"wbits", wbits}, {"group", 128}};
        };
        QTest::newRow("ch09 BF16 GEMM M=16 I ~ M") << "gemm"
                                                   << "bf16" << linear(16, 0) << 16.0 << 0.005;
        QTest::newRow("ch09 W4A16 GEMM M=16 I ~ 4M") << "gemm"
                                                     << "bf16" << linear(16, 4) << 64.0 << 0.05;
        QTest::newRow("W8A16 GEMM M=16 I ~ 2M") << "gemm"
                                                << "bf16" << linear(16, 8) << 32.0 << 0.03;
    }
    void intensity()
    {
        QFETCH(QString, kind);
        QFETCH(QString, dtype);
        QFETCH(Shape, shape);
        QFETCH(double, ai);
        QFETCH(double, tolerance);
        QString error;
        const auto c = model::workloads::count(kind, *model::parseDtype(dtype), shape, &error);
        QVERIFY2(c, qPrintable(error));
        QVERIFY2(std::abs(c->ai() - ai) <= tolerance * std::max(ai, 1.0),
                 qPrintable(QString::number(c->ai())));
    }

    void counts_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("dtype");
        QTest::addColumn<Shape>("shape");
        QTest::addColumn<double>("flops");
        QTest::addColumn<double>("bytes");
        QTest::newRow("Triton tutorial §11.8.1 vector add fp32 N=64M: 6.7e7 FLOP, 8.05e8 B")
            << "vector_add"
            << "fp32" << Shape{{"n", 64.0 * 1024 * 1024}} << 6.7108864e7 << 8.05306368e8;
        QTest::newRow("Triton tutorial §11.8.2 softmax fp16 8192x4096: 1.67e8 FLOP, 1.34e8 B")
            << "softmax"
            << "fp16" << Shape{{"rows", 8192}, {"cols", 4096}} << 1.6777216e8 << 1.34217728e8;
        QTest::newRow(
            "Triton tutorial §11.3.3 GEMM fp16 4096^3: 1.374e11 FLOP, 3*4096^2*2 B (9.83e7 there: MiB slip)")
            << "gemm"
            << "fp16" << Shape{{"M", 4096}, {"N", 4096}, {"K", 4096}} << 1.37438953472e11 << 100663296.0;
        QTest::newRow("tiled-GEMM notes GEMM fp32 4096^3: 137.4 GFLOP, 201 MB")
            << "gemm"
            << "fp32" << Shape{{"M", 4096}, {"N", 4096}, {"K", 4096}} << 1.37438953472e11 << 201326592.0;
        QTest::newRow("kernel-engineering notes vector add 3 x 1 GiB fp32")
            << "vector_add"
            << "fp32" << Shape{{"n", 268435456}} << 268435456.0 << 3.0 * 1024 * 1024 * 1024;
        QTest::newRow("kernel-engineering notes GEMM bf16 4096^3 100.7 MB")
            << "gemm"
            << "bf16" << Shape{{"M", 4096}, {"N", 4096}, {"K", 4096}} << 1.37438953472e11 << 100663296.0;
        QTest::newRow("GEMM beta != 0 reads C too")
            << "gemm"
            << "fp32" << Shape{{"M", 64}, {"N", 64}, {"K", 64}, {"beta", 1}} << 2.0 * 64 * 64 * 64
            << 4.0 * 64 * 64 * 4;
        QTest::newRow("Triton tutorial §11.8.4 attention 16x16x2048x128 4*B*H*S^2*D = 5.49e11 FLOP")
            << "attention"
            << "fp16" << Shape{{"B", 16}, {"H", 16}, {"S", 2048}, {"D", 128}, {"fused", 1}} << 549755813888.0
            << 4.0 * 16 * 16 * 2048 * 128 * 2;
        QTest::newRow("layernorm + residual: three tensors plus gamma, beta")
            << "layernorm"
            << "fp32" << Shape{{"rows", 10}, {"cols", 100}, {"residual", 1}} << 9000.0
            << (3.0 * 1000 + 200) * 4;
    }
    void counts()
    {
        QFETCH(QString, kind);
        QFETCH(QString, dtype);
        QFETCH(Shape, shape);
        QFETCH(double, flops);
        QFETCH(double, bytes);
        const auto c = model::workloads::count(kind, *model::parseDtype(dtype), shape);
        QVERIFY(c);
        QCOMPARE(c->flops, flops);
        QCOMPARE(c->bytes, bytes);
    }

    // ch. 09's table: bytes per element of the decoder's small operators, fused ← unfused (bf16).
    void fusedOps_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<double>("fusedBytes");
        QTest::addColumn<double>("unfusedBytes");
        QTest::addColumn<double>("weightVectors"); // norm weights read once per column
        QTest::newRow("ch09 residual + RMSNorm 10 -> 8 B") << "residual_rmsnorm" << 8.0 << 10.0 << 1.0;
        QTest::newRow("ch09 RMSNorm + FP8 quantization 7 -> 3 B") << "rmsnorm_fp8" << 3.0 << 7.0 << 1.0;
        QTest::newRow("ch09 SwiGLU: silu to a buffer and back saved, 10 -> 6 B")
            << "swiglu" << 6.0 << 10.0 << 0.0;
        QTest::newRow("ch09 RoPE + KV write: one round trip saved, 8 -> 4 B")
            << "rope_kv" << 4.0 << 8.0 << 0.0;
    }
    void fusedOps()
    {
        QFETCH(QString, kind);
        QFETCH(double, fusedBytes);
        QFETCH(double, unfusedBytes);
        QFETCH(double, weightVectors);
        const double rows = 8192, cols = 4096, n = rows * cols;
        const auto fused = model::workloads::count(kind, Dtype::Bf16, {{"rows", rows}, {"cols", cols}});
        const auto unfused =
            model::workloads::count(kind, Dtype::Bf16, {{"rows", rows}, {"cols", cols}, {"unfused", 1}});
        QVERIFY(fused && unfused);
        QCOMPARE((fused->bytes - weightVectors * cols * 2) / n, fusedBytes);
        QCOMPARE((unfused->bytes - weightVectors * cols * 2) / n, unfusedBytes);
        QCOMPARE(fused->flops, unfused->flops); // fusion saves bytes, not work
    }

    // Attention with as many KV heads as query heads and Sq = S is the self-attention formula.
    void attentionGeneralizes()
    {
        const auto mha = model::workloads::attention(2, 8, 512, 64, Dtype::Fp16, false);
        const auto same = model::workloads::count(
            "attention", Dtype::Fp16,
            {{"B", 2}, {"H", 8}, {"Hkv", 8}, {"Sq", 512}, {"S", 512}, {"D", 64}, {"fused", 0}});
        QVERIFY(same);
        QCOMPARE(same->flops, mha.flops);
        QCOMPARE(same->bytes, mha.bytes);
        // one decode step of Sq = 1 does 1/S of the prefill's FLOPs
        const auto step = model::workloads::count(
            "attention", Dtype::Fp16, {{"B", 2}, {"H", 8}, {"Sq", 1}, {"S", 512}, {"D", 64}, {"fused", 1}});
        QCOMPARE(step->flops, mha.flops / 512);
    }

    // FP8 halves a GEMM's bytes (and runs against its own, doubled ceiling: tst_llm).
    void fp8HalvesBytes()
    {
        const Shape s{{"M", 4096}, {"N", 4096}, {"K", 4096}};
        const auto bf16 = model::workloads::count("gemm", Dtype::Bf16, s);
        const auto fp8 = model::workloads::count("gemm", Dtype::Fp8, s);
        QCOMPARE(fp8->bytes, bf16->bytes / 2);
        QCOMPARE(fp8->flops, bf16->flops);
    }

    // ch. 09: W4A16 wins only in decode, below M ≈ 40 (A100: ridge 312 T / 2.039 TB/s = 153).
    void ridgeCrossing()
    {
        const double ridge = 312e12 / 2.039e12;
        const auto w4 = model::workloads::gemmRidgeM(8192, 8192, Dtype::Bf16, 4, 128, ridge);
        QVERIFY(w4);
        QVERIFY2(*w4 > 36 && *w4 < 44,
                 qPrintable(QString::number(*w4))); // ~41: I ≈ 4M = 153 at M ≈ 38, plus A and C bytes
        const auto bf16 = model::workloads::gemmRidgeM(8192, 8192, Dtype::Bf16, 0, 128, ridge);
        QVERIFY(bf16 && *bf16 > 150 && *bf16 < 170); // I ≈ M
        // the crossing is where the count says the intensity meets the ridge
        const auto at = model::workloads::quantGemm(*w4, 8192, 8192, Dtype::Bf16, 4, 128);
        QVERIFY(std::abs(at.ai() - ridge) < 1e-9 * ridge);
        // a thin GEMM never gets there: A and C alone cap it at 2NK/((N+K)s)
        QVERIFY(!model::workloads::gemmRidgeM(64, 64, Dtype::Bf16, 0, 128, ridge));
    }

    void badInput_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<Shape>("shape");
        QTest::addColumn<QString>("messagePart");
        QTest::newRow("unknown kind") << "conv9d" << Shape{} << "unknown workload";
        QTest::newRow("negative n") << "copy" << Shape{{"n", -5}} << "\"n\"";
        QTest::newRow("zero M") << "gemm" << Shape{{"M", 0}} << "\"M\"";
        QTest::newRow("NaN cols") << "softmax" << Shape{{"cols", qQNaN()}} << "\"cols\"";
        QTest::newRow("parameter of another workload") << "copy" << Shape{{"K", 5}} << "no parameter \"K\"";
        QTest::newRow("Hkv not dividing H")
            << "attention" << Shape{{"H", 32}, {"Hkv", 5}} << "--Hkv must divide";
        QTest::newRow("wbits 3") << "gemm" << Shape{{"wbits", 3}} << "--wbits must be 4 or 8";
        QTest::newRow("group 0") << "gemm" << Shape{{"wbits", 4}, {"group", 0}} << "\"group\"";
        QTest::newRow("elementwise moving nothing")
            << "elementwise" << Shape{{"loads", 0}, {"stores", 0}} << "at least one load";
    }
    void badInput()
    {
        QFETCH(QString, kind);
        QFETCH(Shape, shape);
        QFETCH(QString, messagePart);
        QString error;
        QVERIFY(!model::workloads::count(kind, Dtype::Fp32, shape, &error));
        QVERIFY2(error.contains(messagePart), qPrintable(error));
    }

    void dtypes()
    {
        QCOMPARE(model::dtypeNames().size(), 7);
        QCOMPARE(model::dtypeBytes(Dtype::Tf32), 4);
        QCOMPARE(model::dtypeBytes(Dtype::Fp8), 1);
        QVERIFY(!model::parseDtype("fp12"));
        model::Gpu v100;
        v100.peaks["fp32"] = {15.7e12, "x"};
        v100.peaks["fp16_tc"] = {125e12, "x"};
        QCOMPARE(model::precisionFor(v100, Dtype::Fp16), QString("fp16_tc"));
        QCOMPARE(model::precisionFor(v100, Dtype::Bf16), QString("fp32")); // Volta has no BF16 tensor cores
    }
};

QTEST_GUILESS_MAIN(TestWorkloads)
#include "tst_workloads.moc"
