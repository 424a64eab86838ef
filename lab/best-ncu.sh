#!/usr/bin/env bash
# Why the model's favourite reg2d tiles run 3x slower than it predicts (rooflab-cli tile --best
# --measure on the H100, 2026-12-07: BM=BN=64 TM=16 TN=4 predicted 0.91 ms, measured 2.56-3.58
# ms): Nsight Compute on the model's picks beside the fastest measured tile, with the warp-state
# sections, then the same for the wgmma_persistent picks the model ranks too low. One device
# call, from the repository root with the bundle in .device-bundle (see lab/tails-gpu.sh):
#   run(command="bash lab/best-ncu.sh [LIST]", carry=[".device-bundle"], timeout_s=400)
# LIST (default lab/best-ncu.list): one launch a line, "kernel dtype NAME=VALUE...".
# Everything comes back as one file, $OUT/<list name>.tar.gz, rewritten after every launch.
set -uo pipefail
ROOT=$(pwd)
OUT=${OUT:?set OUT to a folder}
LIST=${1:-$ROOT/lab/best-ncu.list}
TAG=$(basename "$LIST" .list)
WORK=$(mktemp -d)/$TAG
mkdir -p "$WORK" "$OUT"
export ROOFLAB_KERNELS=$ROOT/kernels/src ROOFLAB_RESOURCES=$ROOT/resources CUDA_CACHE_DISABLE=1
source "$ROOT/lab/device-env.sh"
B=$(mktemp -d)/bundle
mkdir -p "$B" && tar -C "$B" -xJf "$ROOT/.device-bundle/bundle.tar.xz" || exit 1
LIBS="$B/lib:/usr/local/cuda/lib64${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
CLI=$B/bin/rooflab-cli
export PATH="/usr/local/cuda/bin:$PATH"
name=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1)
echo "best-ncu: $name, $(date -u +%FT%TZ)" | tee "$WORK/summary.txt"
metrics=l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum
metrics+=,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum
metrics+=,l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum,lts__t_sectors_srcunit_tex_op_read.sum
metrics+=,dram__bytes_read.sum,sm__warps_active.avg.pct_of_peak_sustained_active,smsp__inst_executed.sum
metrics+=,sm__cycles_elapsed.avg,gpc__cycles_elapsed.avg.per_second,smsp__inst_executed_pipe_fma.sum
metrics+=,smsp__inst_executed_op_shared_ld.sum,smsp__inst_executed_op_global_ld.sum
metrics+=,l1tex__t_sector_hit_rate.pct,lts__t_sector_hit_rate.pct
n=0
while read -r kernel dtype params; do
  n=$((n + 1))
  stem=gemm_${kernel#gemm.}
  [[ $kernel == llm.* ]] && stem=${kernel#llm.}
  pargs=()
  for kv in $params; do pargs+=(--param "$kv"); done
  tag=$(printf '%02d-%s' "$n" "${kernel#gemm.}")
  echo "$kernel $dtype $params" >"$WORK/$tag.txt"
  s0=$SECONDS
  LD_LIBRARY_PATH=$LIBS "$CLI" run "$kernel" --dtype "$dtype" "${pargs[@]}" --json >"$WORK/$tag.run.json" </dev/null \
    2>"$WORK/$tag.run.err"
  timeout 60 env -u LD_LIBRARY_PATH ncu --clock-control none --csv --page raw --print-units base \
    --kernel-name-base function -k "regex:(^|::)${stem}(\$|[<(])" --launch-skip 1 --launch-count 1 \
    --section SpeedOfLight --section WarpStateStats --section Occupancy --section LaunchStats \
    --section SchedulerStats --section InstructionStats --section MemoryWorkloadAnalysis_Tables --metrics "$metrics" \
    --target-processes all env LD_LIBRARY_PATH="$LIBS" ROOFLAB_NO_DISASSEMBLER=1 "$CLI" run "$kernel" \
    --dtype "$dtype" "${pargs[@]}" --repeat 1 </dev/null >"$WORK/$tag.csv" 2>"$WORK/$tag.err"
  echo "$tag rc=$? $((SECONDS - s0))s $(grep -c '^"' "$WORK/$tag.csv") CSV lines: $params" | tee -a "$WORK/summary.txt"
  tar -C "$(dirname "$WORK")" -czf "$OUT/$TAG.tar.gz" "$TAG"
done < <(grep -v '^#' "$LIST")
cat "$WORK/summary.txt"
