// FLOPs, minimum bytes and intensity of every workload against the seeds' worked numbers.
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
        // seed 002 §11.3.2
        QTest::newRow("seed002 x+y fp32 AI 1/12") << "vector_add" << "fp32" << n << 1.0 / 12 << 1e-12;
        QTest::newRow("seed002 x+y bf16 AI 1/6") << "vector_add" << "bf16" << n << 1.0 / 6 << 1e-12;
        QTest::newRow("seed002 x*x+y*y fp16 AI 0.5") << "elementwise" << "fp16"
                                                     << Shape{{"n", 1e6}, {"ops", 3}, {"loads", 2}, {"stores", 1}}
                                                     << 0.5 << 1e-12;
        QTest::newRow("seed002 ReLU(x*y+z) fp16 AI 0.375")
            << "elementwise" << "fp16" << Shape{{"n", 1e6}, {"ops", 3}, {"loads", 3}, {"stores", 1}} << 0.375 << 1e-12;
        // seed 002 §11.3.3: GEMM fp16 D = 64..4096, AI = 2D/(3*2)
        for (int d : {64, 128, 256, 512, 1024, 2048, 4096})
            QTest::newRow(qPrintable(QString("seed002 GEMM fp16 D=%1 AI %2").arg(d).arg(d / 3.0, 0, 'f', 1)))
                << "gemm" << "fp16" << Shape{{"M", d}, {"N", d}, {"K", d}} << d / 3.0 << 1e-12;
        // seed 002 §11.3.5
        QTest::newRow("seed002 LayerNorm fp16 AI ~2 (gamma, beta read once)")
            << "layernorm" << "fp16" << Shape{{"rows", 8192}, {"cols", 4096}} << 2.0 << 0.001;
        QTest::newRow("seed002 Softmax fp16 AI 1.25") << "softmax" << "fp16" << Shape{{"rows", 8192}, {"cols", 4096}}
                                                      << 1.25 << 1e-12;
        QTest::newRow("seed002 RMSNorm fp16 AI ~1 (weight read once)")
            << "rmsnorm" << "fp16" << Shape{{"rows", 8192}, {"cols", 4096}} << 1.0 << 0.001;
        // seed 002 §11.3.4: materialized attention ~D/2 when S >> D; fused keeps only Q, K, V, O
        QTest::newRow("seed002 naive attention D=64 S=2048 AI ~32 (exact 31.0)")
            << "attention" << "fp16" << Shape{{"B", 1}, {"H", 1}, {"S", 2048}, {"D", 64}, {"fused", 0}} << 32.0
            << 0.035;
        QTest::newRow("seed002 naive attention D=128 S=2048 AI ~64 (exact 60.2)")
            << "attention" << "fp16" << Shape{{"B", 1}, {"H", 1}, {"S", 2048}, {"D", 128}, {"fused", 0}} << 64.0
            << 0.06;
        QTest::newRow("fused attention fp16 AI = S/s = 1024 (Q,K,V read, O written)")
            << "attention" << "fp16" << Shape{{"B", 16}, {"H", 16}, {"S", 2048}, {"D", 128}, {"fused", 1}}
            << 1024.0 << 1e-12;
        // seed 003 §1.1 / seed 004 §05: 4096^3 fp32 -> 683; seed 004 §06: bf16 -> 1365
        QTest::newRow("seed003 GEMM fp32 4096^3 AI 683") << "gemm" << "fp32"
                                                         << Shape{{"M", 4096}, {"N", 4096}, {"K", 4096}} << 682.67
                                                         << 0.0001;
        QTest::newRow("seed004 GEMM bf16 4096^3 AI 1365") << "gemm" << "bf16"
                                                          << Shape{{"M", 4096}, {"N", 4096}, {"K", 4096}} << 1365.33
                                                          << 0.0001;
        QTest::newRow("triad fp32 AI 2/12") << "triad" << "fp32" << n << 2.0 / 12 << 1e-12;
        QTest::newRow("copy AI 0") << "copy" << "fp32" << n << 0.0 << 0.0;
        QTest::newRow("sum reduction fp32 AI ~1/4") << "reduce" << "fp32" << n << 0.25 << 1e-5;
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
        QVERIFY2(std::abs(c->ai() - ai) <= tolerance * std::max(ai, 1.0), qPrintable(QString::number(c->ai())));
    }

    void counts_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("dtype");
        QTest::addColumn<Shape>("shape");
        QTest::addColumn<double>("flops");
        QTest::addColumn<double>("bytes");
        QTest::newRow("seed002 §11.8.1 vector add fp32 N=64M: 6.7e7 FLOP, 8.05e8 B")
            << "vector_add" << "fp32" << Shape{{"n", 64.0 * 1024 * 1024}} << 6.7108864e7 << 8.05306368e8;
        QTest::newRow("seed002 §11.8.2 softmax fp16 8192x4096: 1.67e8 FLOP, 1.34e8 B")
            << "softmax" << "fp16" << Shape{{"rows", 8192}, {"cols", 4096}} << 1.6777216e8 << 1.34217728e8;
        QTest::newRow("seed002 §11.3.3 GEMM fp16 4096^3: 1.374e11 FLOP, 3*4096^2*2 B (seed prints 9.83e7, a MiB slip)")
            << "gemm" << "fp16" << Shape{{"M", 4096}, {"N", 4096}, {"K", 4096}} << 1.37438953472e11 << 100663296.0;
        QTest::newRow("seed003 GEMM fp32 4096^3: 137.4 GFLOP, 201 MB") << "gemm" << "fp32"
                                                                       << Shape{{"M", 4096}, {"N", 4096}, {"K", 4096}}
                                                                       << 1.37438953472e11 << 201326592.0;
        QTest::newRow("seed004 vector add 3 x 1 GiB fp32") << "vector_add" << "fp32" << Shape{{"n", 268435456}}
                                                           << 268435456.0 << 3.0 * 1024 * 1024 * 1024;
        QTest::newRow("seed004 GEMM bf16 4096^3 100.7 MB") << "gemm" << "bf16"
                                                           << Shape{{"M", 4096}, {"N", 4096}, {"K", 4096}}
                                                           << 1.37438953472e11 << 100663296.0;
        QTest::newRow("GEMM beta != 0 reads C too") << "gemm" << "fp32"
                                                    << Shape{{"M", 64}, {"N", 64}, {"K", 64}, {"beta", 1}}
                                                    << 2.0 * 64 * 64 * 64 << 4.0 * 64 * 64 * 4;
        QTest::newRow("seed002 §11.8.4 attention 16x16x2048x128 4*B*H*S^2*D = 5.49e11 FLOP")
            << "attention" << "fp16" << Shape{{"B", 16}, {"H", 16}, {"S", 2048}, {"D", 128}, {"fused", 1}}
            << 549755813888.0 << 4.0 * 16 * 16 * 2048 * 128 * 2;
        QTest::newRow("layernorm + residual: three tensors plus gamma, beta")
            << "layernorm" << "fp32" << Shape{{"rows", 10}, {"cols", 100}, {"residual", 1}} << 9000.0
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
        QTest::newRow("elementwise moving nothing") << "elementwise" << Shape{{"loads", 0}, {"stores", 0}}
                                                    << "at least one load";
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
