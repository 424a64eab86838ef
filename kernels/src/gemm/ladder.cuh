// Device helpers steps of the GEMM ladder share: the bounded 16-byte load of 06_vectorized
// (07_warptiled keeps its own copy inside its double-buffered loader: NVRTC schedules the
// edge path differently through the helper there), the grouped block order and the fp32
// epilogue of the tensor-core steps (08_wmma, 09_mma_multistage, 10_wgmma_tma). Each step
// still spells out what it teaches; these are the parts the next steps do not change.
#pragma once

// Floats c .. c+3 of row r of a rows x cols row-major matrix X: one 16-byte load when vec
// (cols % 4 == 0 keeps it aligned) and all four are inside, else one by one with zeros past
// the edges.
__device__ __forceinline__ float4 loadEdge4(const float *X, int rows, int cols, int r, int c, bool vec)
{
    float4 v;
    if (vec && r < rows && c + 3 < cols) {
        v = *reinterpret_cast<const float4 *>(&X[(size_t)r * cols + c]);
    } else {
        const float *x = X + (size_t)r * cols + c;
        v.x = (r < rows && c + 0 < cols) ? x[0] : 0.f;
        v.y = (r < rows && c + 1 < cols) ? x[1] : 0.f;
        v.z = (r < rows && c + 2 < cols) ? x[2] : 0.f;
        v.w = (r < rows && c + 3 < cols) ? x[3] : 0.f;
    }
    return v;
}

// Block index -> (tile row tm, tile col tn) in grouped order (the Triton tutorial, §11.8.3): G block-rows
// at a time walk across N, so blocks running together share rows of A and columns of B in
// L2. G = 1 is plain row order. (The steps pass their GROUP define.)
template <int G> __device__ __forceinline__ void tileOf(int pid, int tilesM, int tilesN, int &tm, int &tn)
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
__device__ __forceinline__ void storeC(float *C, int M, int N, int row, int col, float v0, float v1,
                                       float alpha, float beta)
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
