#!/usr/bin/env bash
# The performance model's validation set (issue 11), measured on the GPU host: configurations
# and sizes that the committed calibration files (resources/samples/h200-suite.json and
# h200-gemm-ladder.json, 2026-11-30) do not have — GEMM ladder tiles from another random seed
# at other sizes, non-square shapes, the memory family at other sizes and strides — plus
# Nsight Compute counters for one run of every ladder step. Every file is written by
# rooflab-cli as it ran; the folder comes back as one tarball ($OUT/validation.tar.gz).
# Run from the repository root with the bundle in .device-bundle:
#   bash lab/h200-validate.sh [quick]
set -uo pipefail
ROOT=$(pwd)
OUT=${OUT:?set OUT to a folder}
export ROOFLAB_KERNELS=$ROOT/kernels/src ROOFLAB_RESOURCES=$ROOT/resources
# nvdisasm (the runs record their SASS instruction mix) and ncu from the CUDA Toolkit.
export PATH=/usr/local/cuda/bin:$PATH ROOFLAB_NCU=${NCU:-/usr/local/cuda/bin/ncu}
source "$ROOT/lab/device-env.sh"
RUN="bash $ROOT/.device-bundle/run.sh"
V=$OUT/validation
mkdir -p "$V"
log() { echo "[$(date +%T)] $*" | tee -a "$V/log.txt"; }
n=0
run() { # kernel dtype profile params...
  local k=$1 dt=$2 prof=$3
  shift 3
  local args=() name=${k#*.}
  for p in "$@"; do args+=(--param "$p"); name+="_${p//=/}"; done
  n=$((n + 1))
  local extra=()
  [[ $prof == profile ]] && extra=(--profile --profile-csv "$V/$(printf %02d $n)-$name.ncu.csv")
  timeout 120 $RUN bin/rooflab-cli run "$k" --dtype "$dt" "${args[@]}" "${extra[@]}" \
    --out "$V/$(printf %02d $n)-$name.json" >>"$V/log.txt" 2>&1
  log "$k $dt $* -> rc $?"
}

nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,power.draw,power.limit,temperature.gpu \
  --format=csv >"$V/env.txt" 2>&1
log "ceilings"
timeout 120 $RUN bin/rooflab-cli ceilings --out "$V/h200-ceilings.json" >>"$V/log.txt" 2>&1

# Every ladder step once under Nsight Compute, at a size the calibration never ran.
log "ladder steps with counters"
run gemm.naive fp32 profile M=2048 N=2048 K=2048
run gemm.coalesced fp32 profile M=2048 N=2048 K=2048
run gemm.smem_tiled fp32 profile M=2048 N=2048 K=2048
run gemm.reg1d fp32 profile M=2048 N=2048 K=2048
run gemm.reg2d fp32 profile M=2048 N=2048 K=2048
run gemm.vectorized fp32 profile M=2048 N=2048 K=2048
run gemm.warptiled fp32 profile M=2048 N=2048 K=2048
run gemm.wmma bf16 profile M=4096 N=4096 K=4096
run gemm.mma_multistage bf16 profile M=4096 N=4096 K=4096
run gemm.wgmma_tma bf16 profile M=4096 N=4096 K=4096
run memory.copy fp32 profile n=134217728 variant=vector
run memory.strided_read fp32 profile n=16777216 stride=4

[[ ${1:-} == quick ]] && { tar czf "$OUT/validation.tar.gz" -C "$OUT" validation; exit 0; }

# Non-square shapes, ragged edges.
log "non-square"
for shape in "M=3072 N=1536 K=2560" "M=2000 N=3000 K=1000"; do
  for k in gemm.coalesced gemm.smem_tiled gemm.reg1d gemm.reg2d gemm.vectorized gemm.warptiled; do
    run $k fp32 no $shape
  done
done
for shape in "M=6144 N=3072 K=4096" "M=3000 N=5000 K=2000"; do
  for k in gemm.wmma gemm.mma_multistage gemm.wgmma_tma; do
    run $k bf16 no $shape
  done
done

# Fresh random tiles of the tunable steps at other sizes, as the ladder draws them.
log "ladder sweep"
timeout 240 $RUN bin/rooflab-cli ladder --fp32-size 2048 --tc-size 4096 --seed 20261201 --sweep 10 \
  --sweep-extra 4 --no-checks --out "$V/h200-ladder-sweep.json" >>"$V/log.txt" 2>&1
log "ladder rc $?"

# The memory family at other sizes and strides.
log "memory family"
run memory.copy fp32 no n=134217728 variant=scalar block=512
run memory.copy bf16 no n=268435456 variant=vector block=256
run memory.vector_add fp32 no n=67108864 variant=scalar block=128
run memory.vector_add fp32 no n=67108864 variant=vector block=512
run memory.triad fp32 no n=134217728 variant=vector block=1024
for s in 3 16 64; do run memory.strided_read fp32 no n=16777216 stride=$s; done
run memory.reduce fp32 no n=67108864 variant=tree
run memory.softmax fp32 no rows=16384 cols=8192 variant=online
run memory.softmax fp32 no rows=16384 cols=8192 variant=three_pass
run memory.rmsnorm bf16 no rows=8192 cols=8192
run memory.layernorm fp32 no rows=16384 cols=2048 residual=1 variant=fused
run memory.layernorm fp32 no rows=16384 cols=2048 residual=1 variant=two_kernels
log "done: $n runs"
tar czf "$OUT/validation.tar.gz" -C "$OUT" validation
