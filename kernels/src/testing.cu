// Test-only kernels (built into the catalog only with ROOFLAB_TEST_KERNELS and
// ROOFLAB_ENABLE_TEST_KERNELS=1): they misbehave on purpose so the GUI's handling of a dead
// worker can be tested.

// Writes far past the end of its buffer: an illegal-address fault, which is sticky and
// leaves the process's CUDA context unusable.
template <int D> __global__ void fault_oob(float *p, long long n)
{
    p[n + (1LL << 36) + threadIdx.x] = 1.0f;
}
