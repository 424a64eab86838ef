// Device helpers the tensor-core steps of the GEMM ladder share (08_wmma, 09_mma_multistage,
// 10_wgmma_tma): the grouped block order and the fp32 epilogue of an m16n8-style fragment.
// Each step still spells out what it teaches; these are the parts no step changes.
#pragma once

// Block index -> (tile row tm, tile col tn) in grouped order (seed 002, 11.8.3): G block-rows
// at a time walk across N, so blocks running together share rows of A and columns of B in
// L2. G = 1 is plain row order. (The steps pass their GROUP define.)
template <int G>
__device__ __forceinline__ void tileOf(int pid, int tilesM, int tilesN, int &tm, int &tn)
{
    const int inGroup = G * tilesN;
    const int first = (pid / inGroup) * G;
    const int rows = min(tilesM - first, G);
    tm = first + (pid % inGroup) % rows;
    tn = (pid % inGroup) / rows;
}

// C[row][col, col+1] = alpha * (v0, v1) + beta * C: one 8-byte store when both columns are
// inside and N keeps it aligned, else element by element. beta == 0 never reads C (it may
// hold anything, NaN poison included); rows past M are skipped.
__device__ __forceinline__ void storeC(float *C, int M, int N, int row, int col, float v0, float v1, float alpha,
                                       float beta)
{
    if (row >= M)
        return;
    float *c = C + (size_t)row * N + col;
    if (col + 1 < N && (N % 2) == 0) {
        float2 v = make_float2(alpha * v0, alpha * v1);
        if (beta != 0.f) {
            const float2 o = *reinterpret_cast<const float2 *>(c);
            v.x += beta * o.x;
            v.y += beta * o.y;
        }
        *reinterpret_cast<float2 *>(c) = v;
    } else {
        if (col < N)
            c[0] = beta == 0.f ? alpha * v0 : alpha * v0 + beta * c[0];
        if (col + 1 < N)
            c[1] = beta == 0.f ? alpha * v1 : alpha * v1 + beta * c[1];
    }
}
