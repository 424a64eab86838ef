#!/usr/bin/env bash
# One device call for the LLM kernels (issue 19): their GPU reference checks (tst_gpu_kernels'
# llm rows), `rooflab-cli suite --set llm` (the benchmark ratios, one results file), and sweeps
# of the split parameters. Run from the repository root with the bundle in .device-bundle-llm:
#   bash lab/llm-h200-run.sh [tests] [suite] [sweeps] [w4sweep]
# (BUNDLE names another bundle folder; w4sweep: lab/w4a16-sweep.py, one worker)
set -uo pipefail
steps=${*:-tests suite sweeps}
BUNDLE=${BUNDLE:-.device-bundle-llm}
source "$(dirname "$0")/h200-common.sh"
sweep() { # kernel dtype params...
  local k=$1 dt=$2
  shift 2
  local args=()
  for p in "$@"; do args+=(--param "$p"); done
  $RUN bin/rooflab-cli run "$k" --dtype "$dt" "${args[@]}" --json 2>>"$OUT/sweeps.log" | python3 -c '
import json, sys
try:
  m = json.load(sys.stdin)["measurements"][0]
except Exception as e:
  print("%-22s %-5s %-40s FAILED" % (sys.argv[1], sys.argv[2], " ".join(sys.argv[3:]))); raise SystemExit
t = m["time_s"]
r = m.get("resources", {})
print("%-22s %-5s %-40s %8.1f us %7.3f TB/s %7.1f TFLOP/s min %7.1f max %7.1f %s %4.0f MHz split %s splitk %s" % (
  sys.argv[1], sys.argv[2], " ".join(sys.argv[3:]), t["median"] * 1e6, m["bytes"] / t["median"] / 1e12,
  m["flops"] / t["median"] / 1e12, t["min"] * 1e6, t["max"] * 1e6, "ok" if m["check"]["ok"] else "CHECK-FAILED " + m["check"].get("message", "")[:80],
  m.get("clock_mhz", 0), r.get("split", "-"), r.get("splitk", "-")))' "$k" "$dt" "$@" | tee -a "$OUT/sweeps.txt"
}
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,clocks.mem,power.draw,temperature.gpu \
  --format=csv >"$OUT/env.txt" 2>&1

if [[ $steps == *tests* ]]; then
  t0=$(date +%s)
  mapfile -t tags < <($RUN bin/tst_gpu_kernels -datatags 2>/dev/null | awk '/^TestGpuKernels referenceChecks llm\./ {sub(/^TestGpuKernels referenceChecks /, ""); print "referenceChecks:" $0}')
  echo "llm reference rows: ${#tags[@]}"
  timeout 150 $RUN bin/tst_gpu_kernels -v1 "${tags[@]}" >"$OUT/tst_gpu_kernels.log" 2>&1
  echo "tst_gpu_kernels (llm rows): rc=$? in $(($(date +%s) - t0)) s"
  grep -E "^(Totals|FAIL)" -A2 "$OUT/tst_gpu_kernels.log" | head -40
fi

if [[ $steps == *suite* ]]; then
  t0=$(date +%s)
  timeout 150 $RUN bin/rooflab-cli suite --set llm --out "$OUT/h200-llm.json" >"$OUT/suite.txt" 2>"$OUT/suite.log"
  echo "suite --set llm: rc=$? in $(($(date +%s) - t0)) s"
  grep -vE "^(compiling|running|checking)" "$OUT/suite.log" | tail -40
fi

if [[ $steps == *sweeps* ]]; then
  t0=$(date +%s)
  for s in 4 8 16 32; do
    sweep llm.decode_attention bf16 H=32 Hkv=8 split=$s
    sweep llm.decode_attention bf16 H=64 Hkv=8 split=$s
  done
  for k in 1 2 4 8; do
    sweep llm.w4a16_gemm bf16 M=1 N=8192 splitk=$k
    sweep llm.w4a16_gemm bf16 M=16 N=28672 splitk=$k
  done
  for b in 256 1024; do sweep llm.residual_rmsnorm bf16 block=$b; done
  echo "sweeps: $(($(date +%s) - t0)) s"
fi

if [[ $steps == *w4sweep* ]]; then
  t0=$(date +%s)
  timeout 170 python3 "$ROOT/lab/w4a16-sweep.py" "$OUT" $RUN bin/rooflab-cli worker 2>>"$OUT/sweeps.log"
  echo "w4a16 sweep: rc=$? in $(($(date +%s) - t0)) s"
fi

if [[ $steps == *w4prof* ]]; then
  # Where the W4A16 GEMM's time goes: one launch of each shape under Nsight Compute (the SM clock
  # left as it is), the sections that say whether HBM, the schedulers or the warps' stalls set it.
  ncu=$(command -v ncu || echo /usr/local/cuda/bin/ncu)
  # W4PROF_SHAPES: the shapes to profile, ';'-separated (default: M=1 N=28672;M=16 N=8192)
  IFS=';' read -r -a shapes <<<"${W4PROF_SHAPES:-M=1 N=28672;M=16 N=8192}"
  for shape in "${shapes[@]}"; do
    params=()
    for p in $shape; do params+=(--param "$p"); done
    timeout 120 "$ncu" --clock-control none --target-processes all -k regex:w4a16_gemm -c 1 \
      --section SpeedOfLight --section MemoryWorkloadAnalysis --section WarpStateStats \
      --section SchedulerStats --section Occupancy --section LaunchStats \
      --metrics smsp__inst_executed.sum,regex:smsp__average_warps_issue_stalled_.*_per_issue_active\.ratio \
      $RUN bin/rooflab-cli run llm.w4a16_gemm --dtype bf16 "${params[@]}" --repeat 5 \
      >>"$OUT/w4prof.txt" 2>&1
    echo "ncu w4a16 $shape: rc=$?"
  done
  # The SASS of the default configuration at M = 1 (the instruction mix per byte).
  ROOFLAB_CACHE_DIR=$(mktemp -d) PATH=/usr/local/cuda/bin:$PATH $RUN bin/rooflab-cli compile llm.w4a16_gemm \
    --dtype bf16 --arch sm_90 --param M=1 --mix --json --sass-out "$OUT/w4a16.sass" >"$OUT/w4a16-compile.json" 2>&1
  echo "w4a16 sass: rc=$? $(grep -c 'HMMA' "$OUT/w4a16.sass") HMMA lines"
  grep -E "DRAM Throughput|Duration|Issued Warp|No Eligible|Achieved Occupancy|Registers Per|Warp Cycles Per Issued|Eligible Warps|inst_executed.sum" "$OUT/w4prof.txt" | head -40
  grep -E "issue_stalled" "$OUT/w4prof.txt" | awk '$NF+0 > 0.1' | head -40
fi
