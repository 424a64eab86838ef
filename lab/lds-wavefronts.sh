#!/usr/bin/env bash
# Shared-memory wavefronts per warp-wide LDS/STS (lab/lds-wavefronts.cu) under Nsight Compute,
# on the GPU host (nvcc and ncu are the host's own). From the repository root:
#   OUT=dir bash lab/lds-wavefronts.sh
# Writes $OUT/lds-wavefronts.txt: the launch order, then ncu's raw CSV (one row per launch).
set -uo pipefail
OUT=${OUT:?set OUT to a folder}
export PATH="/usr/local/cuda/bin:$PATH"
W=$(mktemp -d)
nvcc -arch=sm_90 -O2 -o "$W/ldsw" lab/lds-wavefronts.cu || exit 1
m=l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum
m+=,smsp__inst_executed_op_shared_ld.sum,smsp__inst_executed_op_shared_st.sum
m+=,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum
{
  nvidia-smi --query-gpu=name --format=csv,noheader
  "$W/ldsw"
  timeout 120 ncu --clock-control none --csv --page raw --print-units base --metrics "$m" "$W/ldsw"
} >"$OUT/lds-wavefronts.txt" 2>&1
echo "lds-wavefronts: rc=$? $(grep -c '^"' "$OUT/lds-wavefronts.txt") CSV lines"
