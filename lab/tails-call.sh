#!/usr/bin/env bash
# One device call for the model's tails, on whichever card comes, from the repository root with
# the bundle in .device-bundle (rooflab-cli, rooflab and the tst_gpu_* programs):
#   run(command="bash lab/tails-call.sh", carry=[".device-bundle"], timeout_s=600)
# On an H200 first the GPU tests an H200 must pass (tst_gpu_kernels, tst_gpu_gemm, tst_gpu_live);
# then on any card the copy engine's L2 rate (lab/l2-bulk.sh: its runs and the card's ceilings
# file), the odd-N epilogue (lab/oddn.sh), the cp.async pipeline's cost per iteration
# (lab/cpasync-iter.sh) and Nsight Compute on the committed samples' widest gaps (lab/tails-ncu.list). Each part
# has its own time limit, so what ran comes back under $OUT even when a later part is cut short.
set -uo pipefail
OUT=${OUT:?set OUT to a folder}
nvidia-smi -L | tee "$OUT/card.txt"
if nvidia-smi -L | grep -q H200; then
  GPU_TEST_LOGS=$OUT/gpu-logs ROOFLAB_SHOT_DIR=$OUT/shots GPU_TEST_LIMIT=160 \
    bash lab/h200-gpu-tests.sh tst_gpu_kernels tst_gpu_gemm tst_gpu_live
fi
timeout 110 bash lab/l2-bulk.sh | tail -30
timeout 150 bash lab/oddn.sh 2>&1 | tail -40
timeout 170 bash lab/cpasync-iter.sh 2>&1 | tail -35
timeout 200 bash lab/best-ncu.sh lab/tails-ncu.list 2>&1 | tail -22
