#!/usr/bin/env bash
# The fp8 rung on the GPU host (about 3 minutes): gemm.wgmma_fp8 against cuBLASLt fp8
# (gemm.cublaslt_fp8, e4m3 in, fp32 out, fast accumulation) at 8192^3 and 4096^3, then a small
# sweep of its tiles at 8192^3. Each line: the time, TFLOP/s, the share of the fp8 datasheet
# peak, the ratio to the cuBLASLt run of the same size in this call (> 1: faster) and the SM
# clock the run reported. cuBLASLt runs first and last, so a clock that drifts shows. Run from
# the repository root with the bundle in .device-bundle; everything goes to $OUT/fp8-sweep.txt:
#   OUT=/tmp/out bash lab/fp8-sweep.sh [quick|tests]
# quick: only the two pairs (about 40 s). tests: first the fp8 rows of tst_gpu_gemm (every
# row whose data tag names fp8: both ids at three sizes, random tiles, 2048^3 and
# 3000x4112x4096; about 30 s), log in $OUT/tst_gpu_gemm-fp8.log, then the pairs.
set -uo pipefail
source "$(dirname "$0")/h200-common.sh"
PEAK=${FP8_PEAK:-1979e12} # H200/H100 SXM dense e4m3, resources/gpus/h200-sxm.json
LOG="$OUT/fp8-sweep.txt"
declare -A REF # size -> cuBLASLt median (s), from the first reference run

run() { # label kernel M N K params...
  local label=$1 k=$2 m=$3 n=$4 kk=$5
  shift 5
  local args=(--param "M=$m" --param "N=$n" --param "K=$kk")
  for p in "$@"; do args+=(--param "$p"); done
  local ref=${REF[$m.$n.$kk]:-0}
  timeout 60 $RUN bin/rooflab-cli run "$k" --dtype fp8 "${args[@]}" --json 2>>"$OUT/fp8-sweep.log" |
    python3 -c '
import json, sys
label, ref, peak = sys.argv[1], float(sys.argv[2]), float(sys.argv[3])
try:
    m = json.load(sys.stdin)["measurements"][0]
except Exception:
    print("%-44s FAILED (see fp8-sweep.log)" % label)
    raise SystemExit
t = m["time_s"]["median"]
ratio = "%6.3f" % (ref / t) if ref > 0 else "   ref"
print("%-44s %9.1f us %8.1f TFLOP/s %5.1f %% of peak  x%s  %s  %4.0f MHz  err %.1e" % (
    label, t * 1e6, m["flops"] / t / 1e12, 100 * m["flops"] / t / peak, ratio,
    "ok" if m["check"]["ok"] else "CHECK FAILED", m.get("clock_mhz", 0), m["check"].get("max_rel_err", 0)))
print("MEDIAN", t, file=sys.stderr)
' "$label" "$ref" "$PEAK" 2>"$OUT/.last" | tee -a "$LOG"
  LAST=$(awk '/^MEDIAN/ {print $2}' "$OUT/.last")
}

reference() { # M N K: time cuBLASLt and keep its median for the ratios
  run "cublaslt_fp8 $1x$2x$3" gemm.cublaslt_fp8 "$1" "$2" "$3"
  [[ -n ${LAST:-} && -z ${REF[$1.$2.$3]:-} ]] && REF[$1.$2.$3]=$LAST
}

t0=$(date +%s)
if [[ ${1:-} == tests ]]; then
  # shellcheck disable=SC2046 # one argument per "step:tag"
  timeout 180 $RUN bin/tst_gpu_gemm $($RUN bin/tst_gpu_gemm -datatags 2>/dev/null |
    awk '$3 ~ /fp8/ {print $2 ":" $3}') >"$OUT/tst_gpu_gemm-fp8.log" 2>&1
  echo "tst_gpu_gemm (fp8 rows): rc=$? $(grep -E '^Totals' "$OUT/tst_gpu_gemm-fp8.log")" | tee -a "$LOG"
  grep -E "^(FAIL|   Loc|QINFO.*max err)" "$OUT/tst_gpu_gemm-fp8.log" | head -40 | tee -a "$LOG"
fi
nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,power.draw,temperature.gpu --format=csv,noheader >>"$LOG" 2>&1
for s in 8192 4096; do
  reference $s $s $s
  run "wgmma_fp8 ${s}^3 defaults" gemm.wgmma_fp8 $s $s $s
done
if [[ -z ${1:-} ]]; then
  S=8192
  # Each of these compiles for sm_90a without spills and fits 227 KB of shared memory
  # (checked with rooflab-cli compile gemm.wgmma_fp8 --arch sm_90a --param ...).
  for cfg in "BN=128" "BN=192" "STAGES=3" "BN=192 STAGES=5" "BN=128 STAGES=6" "GROUP=4" "GROUP=16" \
    "BM=256 BN=128" "BM=256 BN=128 GROUP=16" "BM=128 CONSUMERS=1 BN=128 STAGES=6" \
    "BN=128 STAGES=6 GROUP=16" "BM=64 CONSUMERS=1 BN=256 STAGES=5"; do
    # shellcheck disable=SC2086 # cfg is a list of NAME=VALUE words
    run "wgmma_fp8 ${S}^3 $cfg" gemm.wgmma_fp8 $S $S $S $cfg
  done
  run "wgmma_fp8 4096^3 BN=128" gemm.wgmma_fp8 4096 4096 4096 BN=128
  run "wgmma_fp8 4096^3 BM=256 BN=128" gemm.wgmma_fp8 4096 4096 4096 BM=256 BN=128
fi
run "cublaslt_fp8 8192^3 (again)" gemm.cublaslt_fp8 8192 8192 8192
echo "fp8 sweep: $(($(date +%s) - t0)) s" | tee -a "$LOG"
