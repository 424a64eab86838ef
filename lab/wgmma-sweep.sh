#!/usr/bin/env bash
# A small tile sweep of the wgmma rungs (issue 14) on the GPU host, every line a ratio to cuBLAS
# BF16 at the same size, with the SM clock of each run (bf16 GEMMs on the H200 run at 1.4-1.65
# GHz under the 700 W limit, so a ratio is only meaningful with both clocks beside it).
# cuBLAS runs before and after each size's block of configurations; a ratio is against the
# mean of the two, and their spread is printed (the drift of the run).
# Run from the repository root with the bundle in .device-bundle (about 4-6 minutes):
#   OUT=/tmp/out bash lab/wgmma-sweep.sh [SIZES...]     (default: 8192 4096)
# Results: $OUT/wgmma-sweep.txt (the table) and $OUT/wgmma-sweep.jsonl (one measurement a line).
set -uo pipefail
source "$(dirname "$0")/h200-common.sh"
sizes=${*:-8192 4096}
table=$OUT/wgmma-sweep.txt
raw=$OUT/wgmma-sweep.jsonl
: >"$table"
: >"$raw"

# One run: prints "tflops clock ok" (or "0 0 FAILED ...") and appends the measurement to $raw.
measure() { # kernel size params...
  local k=$1 n=$2
  shift 2
  local args=(--param "M=$n" --param "N=$n" --param "K=$n")
  for p in "$@"; do args+=(--param "$p"); done
  timeout 120 $RUN bin/rooflab-cli run "$k" --dtype bf16 "${args[@]}" --json 2>"$OUT/last-run.log" | python3 -c '
import json, sys
raw = open(sys.argv[1], "a")
try:
    m = json.load(sys.stdin)["measurements"][0]
except Exception:
    print("0 0 FAILED"); raise SystemExit
raw.write(json.dumps(m) + "\n")
t = m["time_s"]["median"]
print("%.2f %.0f %s" % (m["flops"] / t / 1e12, m.get("clock_mhz", 0), "ok" if m["check"]["ok"] else "CHECK-FAILED"))
' "$raw"
}

row() { # label tflops clock ok ref
  python3 -c '
import sys
label, tf, clk, ok, ref = sys.argv[1], float(sys.argv[2]), sys.argv[3], sys.argv[4], float(sys.argv[5])
ratio = tf / ref if ref > 0 else 0
print("%-58s %8.1f TFLOP/s  %5.3f of cuBLAS  %5s MHz  %s" % (label, tf, ratio, clk, ok))
' "$@" | tee -a "$table"
}

# Tile configurations: step 10 as the baseline, then step 11 (persistent, TMA store) and step
# 12 (clusters of 2 with TMA multicast). BN 256 with 4 stages is the largest that fits 227 KB
# with step 11's epilogue buffers; BN 128 leaves room for 6.
configs=(
  "gemm.wgmma_tma"
  "gemm.wgmma_persistent"
  "gemm.wgmma_persistent GROUP=16"
  "gemm.wgmma_persistent GROUP=4"
  "gemm.wgmma_persistent STAGES=3"
  "gemm.wgmma_persistent TMA_STORE=0"
  "gemm.wgmma_persistent BN=128 STAGES=6"
  "gemm.wgmma_persistent BM=256 BN=128 STAGES=4"
  "gemm.wgmma_cluster"
  "gemm.wgmma_cluster CLUSTER_M=1 CLUSTER_N=2"
  "gemm.wgmma_cluster GROUP=16"
  "gemm.wgmma_cluster STAGES=3"
  "gemm.wgmma_cluster TMA_STORE=0"
  "gemm.wgmma_cluster BN=128 STAGES=6"
  "gemm.wgmma_cluster BM=256 BN=128 STAGES=4"
)

nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,power.draw,power.limit,temperature.gpu --format=csv \
  | tee -a "$table"
t0=$(date +%s)
for n in $sizes; do
  read -r ref1 clk1 ok1 <<<"$(measure gemm.cublas_bf16 "$n")"
  results=()
  for c in "${configs[@]}"; do
    read -r k params <<<"$c"
    # shellcheck disable=SC2086
    results+=("$c|$(measure "$k" "$n" $params)")
  done
  read -r ref2 clk2 ok2 <<<"$(measure gemm.cublas_bf16 "$n")"
  ref=$(python3 -c "print(($ref1 + $ref2) / 2)")
  echo "== ${n}^3 bf16: cuBLAS $ref1 TFLOP/s at $clk1 MHz before, $ref2 at $clk2 MHz after" | tee -a "$table"
  for r in "${results[@]}"; do
    read -r tf clk ok <<<"${r#*|}"
    row "${r%%|*}" "$tf" "$clk" "$ok" "$ref"
  done
done
echo "sweep: $(($(date +%s) - t0)) s" | tee -a "$table"
