#!/usr/bin/env bash
# One device call: rooflab-cli tile --best 8 --measure at the held-out sweeps' shapes, on whatever
# card comes (the spec is read from nvidia-smi). From the repository root, with the bundle of a
# stripped rooflab-cli in .device-bundle (see lab/tails-gpu.sh); files back under $OUT as one
# tarball, best.tar.gz (rewritten after every shape). BEST_ONLY: an extended regular expression
# that keeps the shapes whose tag (e.g. "mma_multistage-5120x5120x5120") matches it.
set -uo pipefail
ROOT=$(pwd)
OUT=${OUT:?set OUT to a folder}
name=$(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | head -1)
case $name in *H100*) spec=h100-sxm ;; *) spec=h200-sxm ;; esac
W=$(mktemp -d) && mkdir -p "$W/best" "$W/bundle"
echo "best-measure: ${name:-no GPU} ($spec), $(date -u +%FT%TZ)" | tee "$W/best/summary.txt"
tar -C "$W/bundle" -xJf "$ROOT/.device-bundle/bundle.tar.xz" || exit 1
export LD_LIBRARY_PATH="$W/bundle/lib:/usr/local/cuda/lib64" ROOFLAB_KERNELS=$ROOT/kernels/src ROOFLAB_RESOURCES=$ROOT/resources
source "$ROOT/lab/device-env.sh"
while read -r step M N K dtype limit; do
  tag=${step#gemm.}-${M}x${N}x${K}
  [[ $tag =~ ${BEST_ONLY:-.} ]] || continue
  timeout "$limit" "$W/bundle/bin/rooflab-cli" tile --best 8 --measure --step "$step" --gpu $spec -M "$M" -N "$N" \
    -K "$K" --dtype "$dtype" >"$W/best/$tag.txt" 2>"$W/best/$tag.err"
  echo "$tag: rc=$? after ${SECONDS}s" | tee -a "$W/best/summary.txt"
  tar -C "$W" -czf "$OUT/best.tar.gz" best # after every shape: a caller's limit may stop the next
done <<'LIST'
gemm.reg2d 2560 2560 2560 fp32 60
gemm.reg2d 1536 4608 3072 fp32 60
gemm.mma_multistage 5120 5120 5120 bf16 60
gemm.vectorized 2560 2560 2560 fp32 50
LIST
