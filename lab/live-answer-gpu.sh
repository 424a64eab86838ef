#!/usr/bin/env bash
# One device call (at most 9 minutes) on whatever card comes, from the repository root with the
# bundle in .device-bundle (rooflab-cli, rooflab, tst_gpu_live, tst_gpu_kernels; see
# lab/tails-gpu.sh for how it is made):
#   1. tst_gpu_live: a run from the GUI against the CLI, a faulting kernel, and a lesson's
#      measured answer measured again live through the worker (lab/h200-gpu-tests.sh);
#   2. on an H100: that card's own suite and the held-out tile sweeps (lab/tails-gpu.sh steps d
#      and b), the model's second GPU; on an H200: tst_gpu_kernels.
# Files back: tests/summary.txt, tests/gpu-logs.tar.gz and, on an H100, h100/ as tails-gpu.sh
# writes it.
set -uo pipefail
ROOT=$(pwd)
OUT=${OUT:?set OUT to a folder}
BUDGET=${LIVE_BUDGET:-560}
name=$(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | head -1)
echo "live-answer-gpu: ${name:-no GPU}, $(date -u +%FT%TZ)"
OUT=$OUT/tests GPU_TEST_LIMIT=240 bash "$ROOT/lab/h200-gpu-tests.sh" tst_gpu_live
left=$((BUDGET - SECONDS))
case $name in
*H100*) OUT=$OUT TAILS_STEPS=bd TAILS_BUDGET=$left bash "$ROOT/lab/tails-gpu.sh" ;;
*) OUT=$OUT/tests GPU_TEST_LIMIT=$left bash "$ROOT/lab/h200-gpu-tests.sh" tst_gpu_kernels ;;
esac
cat "$OUT/tests/summary.txt" 2>/dev/null
