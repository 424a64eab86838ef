#!/usr/bin/env bash
# One device call (at most 9 minutes) on whatever card comes, from the repository root with the
# bundle in .device-bundle (rooflab-cli, rooflab, tst_gpu_live, tst_gpu_kernels; see
# lab/tails-gpu.sh for how it is made):
#   1. tst_gpu_live: a run from the GUI against the CLI, a faulting kernel, and a lesson's
#      measured answer measured again live through the worker (lab/h200-gpu-tests.sh);
#   2. on an H100: that card's own suite and the held-out tile sweeps (lab/tails-gpu.sh steps d
#      and b), the model's second GPU; on an H200: tst_gpu_kernels.
#   3. rooflab-cli tile --best 8 --measure for reg2d, mma_multistage and wgmma_persistent.
# Files back: tests/summary.txt, tests/gpu-logs.tar.gz, best/ and, on an H100, h100/ as
# tails-gpu.sh writes it.
set -uo pipefail
ROOT=$(pwd)
OUT=${OUT:?set OUT to a folder}
BUDGET=${LIVE_BUDGET:-560}
name=$(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | head -1)
echo "live-answer-gpu: ${name:-no GPU}, $(date -u +%FT%TZ)"
OUT=$OUT/tests GPU_TEST_LIMIT=240 bash "$ROOT/lab/h200-gpu-tests.sh" tst_gpu_live
# The model picks the tile: its best 8 of three steps measured against the committed sweeps.
case $name in *H100*) spec=h100-sxm ;; *) spec=h200-sxm ;; esac
mkdir -p "$OUT/best"
(
  B=$(mktemp -d)/bundle && mkdir -p "$B" && tar -C "$B" -xJf "$ROOT/.device-bundle/bundle.tar.xz" || exit 1
  export LD_LIBRARY_PATH="$B/lib:/usr/local/cuda/lib64" ROOFLAB_KERNELS=$ROOT/kernels/src ROOFLAB_RESOURCES=$ROOT/resources
  source "$ROOT/lab/device-env.sh"
  for args in "gemm.reg2d 2560 fp32" "gemm.mma_multistage 4096 bf16" "gemm.wgmma_persistent 4096 bf16"; do
    set -- $args
    timeout 100 "$B/bin/rooflab-cli" tile --best 8 --measure --step "$1" --gpu $spec -M "$2" -N "$2" -K "$2" \
      --dtype "$3" >"$OUT/best/${1#gemm.}-$2.txt" 2>"$OUT/best/${1#gemm.}-$2.err"
    echo "best $1 $2: rc=$?" | tee -a "$OUT/best/summary.txt"
  done
)
left=$((BUDGET - SECONDS))
case $name in
*H100*) OUT=$OUT TAILS_STEPS=bd TAILS_BUDGET=$left bash "$ROOT/lab/tails-gpu.sh" ;;
*) OUT=$OUT/tests GPU_TEST_LIMIT=$left bash "$ROOT/lab/h200-gpu-tests.sh" tst_gpu_kernels ;;
esac
cat "$OUT/tests/summary.txt" 2>/dev/null
