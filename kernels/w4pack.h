// The W4A16 kernel's record layout (llm.w4a16_gemm, kernels/src/llm.cu), packed on the host:
// shared by its bench (which uploads it) and by tst_w4_layout (which multiplies it the way the
// kernel's lanes and tensor-core fragments do, on the CPU).
#pragma once

#include <cstdint>
#include <functional>

namespace kernels::llm {

// word(n, j): word j of column n of the INT4 weights (k = 8j .. 8j + 7 in its nibbles from the
// lowest up); scaleBits(g, n): the fp16 bits of group g's scale of column n. Both are asked
// for columns n < N only: the padding columns of the last panel hold zeros.
using W4Word = std::function<uint32_t(long long n, long long j)>;
using W4ScaleBits = std::function<uint16_t(long long g, long long n)>;

// The order of k in a lane's words. Fragment (the mma.sync path): lane tig's j-th word of a
// column is word tig + 4j, k = 8(tig + 4j) .. + 7, its nibbles interleaved (below), so that the
// pairs meet X's fragments read as 16-byte pieces of its rows. Natural (the wgmma path, whose B
// operand is X as it lies in shared memory): lane tig's j-th word holds, as pair bb (nibbles bb
// and bb + 4), k = 32j + 8bb + 2tig and + 1, so that the pairs taken at k16 step s = 2j + bb / 2
// are the A fragment of k = 16s .. 16s + 15.
enum class W4Order { Fragment, Natural };

// A word's nibbles reordered so that the kernel's shift and mask, which take nibbles b and b + 4
// as one register's two halves, give k = 2b and 2b + 1: position n holds k = 2n (n < 4), else
// 2(n - 4) + 1. The pairs then meet X's bf16 pairs as X lies in memory (no permutation of X).
uint32_t interleaveNibbles(uint32_t word);

// The record of (panel, group g) into out (kW4RecordBytes / 4 words): 256 pieces of four words,
// piece (mt * 2 + p) * 32 + lane holding words tig + 8p and tig + 8p + 4 (interleaved) of the
// group's 16 words of columns c = panel*64 + mt*16 + lane/4 and c + 8 as (c, c + 8, c, c + 8)
// (tig = lane % 4): lane tig's j-th word is word tig + 4j, the piece tig + 4j of X's row (k =
// 8(tig + 4j) .. + 7), so that the quads' 16-byte reads of X fall in different banks;
// then 32 words of scales, word g'*4 + mt the pair (scale of c, scale of c + 8) for
// c = panel*64 + mt*16 + g'. The kernel reads the records [K/128][ceil(N/64)]: record index
// g * panels + panel.
void packW4Record(uint32_t *out, long long panel, long long g, long long N, const W4Word &word,
                  const W4ScaleBits &scaleBits, W4Order order = W4Order::Fragment);

} // namespace kernels::llm
