// LLM inference on the roofline: the KV cache and a decoder step against the course notes'
// chapters 08–09 (Llama-3-8B, A100 and H100 from the spec database).
#include "llm.h"
#include "specdb.h"

#include <QTest>

using namespace model;

class TestLlm : public QObject
{
    Q_OBJECT

    SpecDb m_db;
    const Gpu &gpu(const char *id)
    {
        const Gpu *g = m_db.find(QLatin1String(id));
        if (!g)
            qFatal("GPU %s not in the spec database", id);
        return *g;
    }
    static llm::ModelConfig llama() { return *llm::preset("llama-3-8b"); }
    static llm::Step step(const llm::ModelConfig &m, const Gpu &g, llm::StepOptions o)
    {
        QString error;
        const auto s = llm::decoderStep(m, g, o, &error);
        if (!s)
            qFatal("decoderStep: %s", qPrintable(error));
        return *s;
    }

private slots:
    void initTestCase() { m_db = SpecDb::loadDefault(); }

    // Llama 3 8B's published configuration.
    void preset()
    {
        const auto m = llama();
        QCOMPARE(m.layers, 32);
        QCOMPARE(m.hidden, 4096);
        QCOMPARE(m.heads, 32);
        QCOMPARE(m.kvHeads, 8);
        QCOMPARE(m.headDim, 128);
        QCOMPARE(m.intermediate, 14336);
        QCOMPARE(m.vocab, 128256);
        QVERIFY(m.source.startsWith("https://"));
        QVERIFY(!llm::preset("gpt-9"));
    }

    // ch. 08: "Llama-3-8B reads 128 KiB of KV per token; past B × s ≈ 131k tokens the KV reads
    // exceed the weight reads" (the weights counted as 16 GiB).
    void kvCache()
    {
        const auto m = llama();
        const auto kv =
            llm::kvCache(m.layers, m.kvHeads, m.headDim, Dtype::Bf16, 8, 4096, 16.0 * (1ll << 30));
        QCOMPARE(kv.bytesPerToken, 128.0 * 1024);
        QCOMPARE(kv.tokens, 8.0 * 4096);
        QCOMPARE(kv.totalBytes, 8.0 * 4096 * 128 * 1024);
        QCOMPARE(kv.crossoverTokens, 131072.0);
        // an fp8 cache halves it
        QCOMPARE(llm::kvCache(m.layers, m.kvHeads, m.headDim, Dtype::Fp8, 1, 1).bytesPerToken, 64.0 * 1024);
    }

    // The weights a decode step reads: every linear layer once, counted from the shapes.
    void weightBytes()
    {
        const auto m = llama();
        const double perLayer =
            4096.0 * (4096 + 2 * 1024) + 4096.0 * 4096 + 4096.0 * 2 * 14336 + 14336.0 * 4096;
        const double params = 32 * perLayer + 128256.0 * 4096; // + the LM head (untied)
        llm::StepOptions o;
        o.kvLength = 1;
        QCOMPARE(step(m, gpu("a100-sxm4-80gb"), o).weightBytes, 2 * params);
        o.weights = llm::WeightFormat::W4A16;
        const double scales =
            32 * (4096.0 / 128 * 6144 + 4096.0 / 128 * 4096 + 4096.0 / 128 * 28672 + 14336.0 / 128 * 4096) +
            4096.0 / 128 * 128256;
        QCOMPARE(step(m, gpu("a100-sxm4-80gb"), o).weightBytes, params / 2 + 2 * scales);
    }

    // ch. 09: "INT4 moves decode along the slope (8 → about 2 ms)" on an A100 (2.0 TB/s).
    void int4Decode()
    {
        const auto m = llama();
        llm::StepOptions o;
        o.kvLength = 512;
        const double bf16 = step(m, gpu("a100-sxm4-80gb"), o).timeS;
        o.weights = llm::WeightFormat::W4A16;
        const double int4 = step(m, gpu("a100-sxm4-80gb"), o).timeS;
        QVERIFY2(bf16 > 7.0e-3 && bf16 < 8.5e-3, qPrintable(QString::number(bf16 * 1e3) + " ms"));
        QVERIFY2(int4 > 1.7e-3 && int4 < 2.4e-3, qPrintable(QString::number(int4 * 1e3) + " ms"));
        // every linear layer of a decode step sits on the slope
        for (const auto &op : step(m, gpu("a100-sxm4-80gb"), o).ops)
            QVERIFY2(op.memoryBound, qPrintable(op.name));
    }

    // ... "and leaves prefill under the roof": at M = 4096 tokens the GEMMs are compute-bound in
    // both formats, so the step hardly changes.
    void int4Prefill()
    {
        const auto m = llama();
        llm::StepOptions o;
        o.queries = o.kvLength = 4096;
        const auto bf16 = step(m, gpu("a100-sxm4-80gb"), o);
        o.weights = llm::WeightFormat::W4A16;
        const auto int4 = step(m, gpu("a100-sxm4-80gb"), o);
        for (const auto &op : int4.ops)
            if (op.kind == "gemm" && op.name != "lm_head")
                QVERIFY2(!op.memoryBound, qPrintable(op.name));
        QVERIFY2(int4.timeS > 0.97 * bf16.timeS,
                 qPrintable(QString("%1 vs %2").arg(int4.timeS).arg(bf16.timeS)));
    }

    // "FP8 halves bytes and FLOPs": the GEMMs' bytes halve and their ceiling doubles (H100).
    void fp8()
    {
        const auto m = llama();
        const Gpu &h100 = gpu("h100-sxm");
        llm::StepOptions o;
        o.queries = o.kvLength = 2048;
        const auto bf16 = step(m, h100, o);
        o.weights = llm::WeightFormat::Fp8;
        const auto fp8 = step(m, h100, o);
        QCOMPARE(fp8.weightBytes, bf16.weightBytes / 2);
        for (int i = 0; i < fp8.ops.size(); ++i) {
            if (fp8.ops[i].kind != "gemm")
                continue;
            QCOMPARE(fp8.ops[i].precision, QString("fp8_tc"));
            QCOMPARE(bf16.ops[i].precision, QString("bf16_tc"));
            QCOMPARE(fp8.ops[i].work.bytes, bf16.ops[i].work.bytes / 2);
            if (!bf16.ops[i].memoryBound &&
                !fp8.ops[i].memoryBound) // compute-bound: time halves with the doubled peak
                QVERIFY(std::abs(fp8.ops[i].timeS - bf16.ops[i].timeS / 2) < 1e-9 * bf16.ops[i].timeS);
        }
        QCOMPARE(h100.peak("fp8_tc"), 2 * h100.peak("bf16_tc"));
    }

    // Past B × S ≈ 131k tokens a decode step reads more KV than weights.
    void kvOvertakesWeights()
    {
        const auto m = llama();
        llm::StepOptions o;
        o.batch = 16;
        o.kvLength = 4096; // 65,536 tokens: weights still dominate
        const auto small = step(m, gpu("h200-sxm"), o);
        QVERIFY(small.kvBytes < small.weightBytes);
        QCOMPARE(small.kvBytes, 16.0 * 4096 * 128 * 1024);
        o.batch = 64; // 262,144 tokens
        const auto big = step(m, gpu("h200-sxm"), o);
        QVERIFY(big.kvBytes > big.weightBytes);
        // attention is where the time goes then, and it stays memory-bound (I ≈ g = 4)
        for (const auto &op : big.ops)
            if (op.kind == "attention") {
                QVERIFY(op.memoryBound);
                QVERIFY(std::abs(op.work.ai() - 4) < 0.01);
            }
    }

    // One layer is a whole step's layer part divided by the layer count.
    void oneLayer()
    {
        const auto m = llama();
        llm::StepOptions o;
        o.wholeModel = false;
        const auto layer = step(m, gpu("h100-sxm"), o);
        QCOMPARE(layer.ops.size(), 9);
        for (const auto &op : layer.ops)
            QCOMPARE(op.count, 1.0);
        o.wholeModel = true;
        const auto whole = step(m, gpu("h100-sxm"), o);
        QCOMPARE(whole.ops.size(), 10);
        QCOMPARE(whole.ops.last().name, QString("lm_head"));
        QVERIFY(std::abs((whole.timeS - whole.ops.last().timeS) - 32 * layer.timeS) < 1e-9 * whole.timeS);
    }

    void unfusedCostsMore()
    {
        const auto m = llama();
        llm::StepOptions o;
        o.batch = 32;
        const auto fused = step(m, gpu("h100-sxm"), o);
        o.fused = false;
        const auto unfused = step(m, gpu("h100-sxm"), o);
        QVERIFY(unfused.bytes > fused.bytes);
        QCOMPARE(unfused.flops, fused.flops);
    }

    void badInput()
    {
        QString error;
        llm::StepOptions o;
        o.queries = 10;
        o.kvLength = 5;
        QVERIFY(!llm::decoderStep(llama(), gpu("h100-sxm"), o, &error));
        QVERIFY2(error.contains("KV length"), qPrintable(error));
        o = {};
        o.batch = 0;
        QVERIFY(!llm::decoderStep(llama(), gpu("h100-sxm"), o, &error));
        QVERIFY2(error.contains("at least 1"), qPrintable(error));
        QVERIFY(!llm::parseWeightFormat("int3"));
        QCOMPARE(*llm::parseWeightFormat("W4A16"), llm::WeightFormat::W4A16);
    }
};

QTEST_GUILESS_MAIN(TestLlm)
#include "tst_llm.moc"
