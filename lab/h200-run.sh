#!/usr/bin/env bash
# One device call on the GPU host: the GPU tests, `rooflab-cli suite`, and a few parameter
# sweeps of the bandwidth kernels; everything under $OUT (at most 8 files), a short table
# last. Run from the repository root with the bundle in .device-bundle:
#   bash lab/h200-run.sh [tests] [suite] [sweeps]
set -uo pipefail
steps=${*:-tests suite sweeps}
source "$(dirname "$0")/h200-common.sh"
sweep() { # kernel dtype params...
  local k=$1 dt=$2
  shift 2
  local args=()
  for p in "$@"; do args+=(--param "$p"); done
  $RUN bin/rooflab-cli run "$k" --dtype "$dt" "${args[@]}" --json 2>/dev/null | python3 -c '
import json, sys
try:
  m = json.load(sys.stdin)["measurements"][0]
except Exception as e:
  print("%-22s %-5s %-44s FAILED" % (sys.argv[1], sys.argv[2], " ".join(sys.argv[3:]))); raise SystemExit
t = m["time_s"]
print("%-22s %-5s %-44s %8.1f us  %7.3f TB/s  %8.2f TFLOP/s  min %8.1f max %8.1f  %s  %4.0f MHz" % (
  sys.argv[1], sys.argv[2], " ".join(sys.argv[3:]), t["median"] * 1e6, m["bytes"] / t["median"] / 1e12,
  m["flops"] / t["median"] / 1e12, t["min"] * 1e6, t["max"] * 1e6, "ok" if m["check"]["ok"] else "CHECK FAILED",
  m.get("clock_mhz", 0)))' "$k" "$dt" "$@" | tee -a "$OUT/sweeps.txt"
}
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,clocks.mem,power.draw,power.limit,temperature.gpu \
  --format=csv >"$OUT/env.txt" 2>&1
$RUN bin/rooflab-cli devices | tee -a "$OUT/env.txt"

if [[ $steps == *tests* ]]; then
  t0=$(date +%s)
  timeout 240 $RUN bin/tst_gpu_kernels -v1 >"$OUT/tst_gpu_kernels.log" 2>&1
  echo "tst_gpu_kernels: rc=$? in $(($(date +%s) - t0)) s"
fi

if [[ $steps == *suite* ]]; then
  t0=$(date +%s.%N)
  timeout 150 $RUN bin/rooflab-cli suite --out "$OUT/h200-suite.json" >"$OUT/suite.txt" 2>"$OUT/suite.log"
  rc=$?
  echo "suite: rc=$rc, $(python3 -c "print(round($(date +%s.%N) - $t0, 1))") s wall (process start to exit)" | tee -a "$OUT/suite.log"
fi

if [[ $steps == *sweeps* ]]; then
  t0=$(date +%s)
  sweep probe.memcpy_d2d fp32
  for b in 256 512 1024; do for u in 2 4 8; do for c in default streaming; do
    sweep memory.copy fp32 block=$b unroll=$u cache=$c
  done; done; done
  sweep probe.memcpy_d2d fp32
  for u in 4 8; do for c in default streaming; do sweep probe.hbm_copy fp32 unroll=$u cache=$c; done; done
  for u in 2 4 8; do for c in default streaming; do sweep memory.vector_add fp32 unroll=$u cache=$c; done; done
  for b in 256 512; do for u in 2 4 8; do sweep probe.hbm_read fp32 block=$b unroll=$u; done; done
  for b in 256 512 1024; do sweep memory.reduce fp32 block=$b; done
  for b in 128 512 1024; do
    sweep memory.softmax fp32 block=$b
    sweep memory.rmsnorm fp32 block=$b
    sweep memory.layernorm fp32 block=$b
  done
  echo "sweeps: $(($(date +%s) - t0)) s"
fi

if [[ $steps == *extra* ]]; then
  # Does ptxas report resources for a compile NVRTC could take from a cache? (--no-cache
  # skips RoofLab's own cache; CUDA_CACHE_DISABLE is set by the program.)
  for i in 1 2; do
    $RUN bin/rooflab-cli compile memory.copy --no-cache --json | python3 -c 'import json,sys; d=json.load(sys.stdin); print("compile memory.copy --no-cache: registers", d["registers"], "compile_ms", round(d["compile_ms"]))'
  done
  for b in 128 512; do
    sweep memory.softmax bf16 block=$b
    sweep memory.layernorm bf16 block=$b
  done
fi

if [[ $steps == *hfma2* ]]; then
  # Why the half2 FMA probe stays under the datasheet's 2x FP32 rate: its SASS (which HFMA2 forms
  # ptxas chose) and Nsight Compute's pipe and issue counters for the fp16 and fp32 probes.
  ncu=$(command -v ncu || echo /usr/local/cuda/bin/ncu)
  for k in probe.hfma2_fp16 probe.fma_fp32; do
    dt=fp16; [[ $k == probe.fma_fp32 ]] && dt=fp32
    timeout 120 "$ncu" --clock-control none --target-processes all -k regex:'hfma2|fma_fp32' -c 1 \
      --section ComputeWorkloadAnalysis --section InstructionStats --section WarpStateStats \
      --section SchedulerStats --section Occupancy --section SpeedOfLight \
      --metrics sm__inst_executed_pipe_fma.sum,sm__inst_executed_pipe_fmaheavy.sum,sm__inst_executed_pipe_fmalite.sum,sm__inst_executed_pipe_fp16.sum,sm__pipe_fma_cycles_active.avg.pct_of_peak_sustained_active,sm__pipe_fp16_cycles_active.avg.pct_of_peak_sustained_active,sm__pipe_fmaheavy_cycles_active.avg.pct_of_peak_sustained_active,sm__cycles_elapsed.avg.per_second \
      $RUN bin/rooflab-cli run $k --dtype $dt --repeat 3 >>"$OUT/hfma2prof.txt" 2>&1
    echo "ncu $k: rc=$?"
  done
  ROOFLAB_CACHE_DIR=$(mktemp -d) PATH=/usr/local/cuda/bin:$PATH $RUN bin/rooflab-cli compile probe.hfma2_fp16 --dtype fp16 --arch sm_90 --mix --json --sass-out "$OUT/hfma2.sass" >"$OUT/hfma2-compile.json" 2>&1
  echo "hfma2 sass: rc=$? $(grep -c HFMA2 "$OUT/hfma2.sass") HFMA2 lines, $(grep -c 'HFMA2.MMA' "$OUT/hfma2.sass") HFMA2.MMA"
  grep -E "pipe_|Issue Slots|Issued Ipc|Executed Ipc|SM Frequency|No Eligible|Warp Cycles Per Issued|Stall" "$OUT/hfma2prof.txt" | head -50
  # More chains a thread: does the gap close when each warp has more independent HFMA2s?
  for c in 8 16 32; do
    sweep probe.hfma2_fp16 fp16 chains=$c
    sweep probe.hfma2_fp16 fp16 chains=$c block=512
  done
  for c in 8 16; do sweep probe.fma_fp32 fp32 chains=$c; done
fi

echo "==== summary"
grep -E "^(Totals|FAIL|QINFO)" "$OUT/tst_gpu_kernels.log" 2>/dev/null | head -40
grep -E "%|problem|suite:" "$OUT/suite.log" 2>/dev/null | head -60
