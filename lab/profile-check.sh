#!/usr/bin/env bash
# `rooflab-cli run --profile` on the GPU host: memory.copy, memory.strided_read (stride 4) and
# gemm.reg2d under Nsight Compute, each as the results JSON (with "counters") and ncu's raw
# CSV, plus tst_gpu_profile; at most 8 files under $OUT, a short table last. Run from the
# repository root with the bundle in .device-bundle (rooflab-cli and tst_gpu_profile):
#   ../shared/device/qt-bundle.sh .device-bundle build-prof/app/cli/rooflab-cli build-prof/tests/tst_gpu_profile
#   OUT=... bash lab/profile-check.sh
# ncu: $NCU, else /usr/local/cuda/bin/ncu (it works there as root).
set -uo pipefail
ROOT=$(pwd)
OUT=${OUT:?set OUT to a folder}
export ROOFLAB_KERNELS=$ROOT/kernels/src ROOFLAB_RESOURCES=$ROOT/resources
export ROOFLAB_NCU=${NCU:-/usr/local/cuda/bin/ncu}
source "$ROOT/lab/device-env.sh"
RUN="bash $ROOT/${BUNDLE:-.device-bundle}/run.sh" # BUNDLE: the folder qt-bundle.sh wrote
rm -rf /tmp/qt-bundle # run.sh unpacks only into an empty folder: not an earlier call's bundle
LOG=$OUT/summary.txt
{
  nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,clocks.mem --format=csv 2>&1
  "$ROOFLAB_NCU" --version 2>&1 | tail -1
} >"$LOG"

profile() { # name kernel params...
  local name=$1 k=$2
  shift 2
  local args=()
  for p in "$@"; do args+=(--param "$p"); done
  local t0
  t0=$(date +%s)
  timeout 120 $RUN bin/rooflab-cli run "$k" "${args[@]}" --profile --profile-csv "$OUT/$name.csv" \
    --out "$OUT/$name.json" >>"$LOG" 2>&1
  echo "$name: rc=$? in $(($(date +%s) - t0)) s" | tee -a "$LOG"
}

profile memory.copy memory.copy
profile memory.strided_read memory.strided_read stride=4
profile gemm.reg2d gemm.reg2d

t0=$(date +%s)
timeout 150 $RUN bin/tst_gpu_profile -v1 >"$OUT/tst_gpu_profile.log" 2>&1
echo "tst_gpu_profile: rc=$? in $(($(date +%s) - t0)) s" | tee -a "$LOG"

echo "==== counters" | tee -a "$LOG"
for name in memory.copy memory.strided_read gemm.reg2d; do
  python3 - "$OUT/$name.json" <<'PY' 2>&1 | tee -a "$LOG"
import json, sys
try:
    m = json.load(open(sys.argv[1]))["measurements"][0]
except Exception as e:
    print(sys.argv[1], "no results:", e); raise SystemExit
c = m.get("counters")
t = m["time_s"]["median"]
if not c:
    print("%-20s %8.1f us  NO COUNTERS" % (m["kernel"], t * 1e6)); raise SystemExit
g = lambda k: c.get(k, float("nan"))
print("%-20s %8.1f us (ncu %8.1f us)  algorithmic %7.3f GB  DRAM %7.3f GB  L2 %7.3f GB  L1 %7.3f GB  smem %7.3f GB"
      "  conflicts %.3g  occupancy %4.1f %%  issue %4.1f %%  SM %4.0f MHz  %s" % (
      m["kernel"], t * 1e6, g("time_s") * 1e6, m["bytes"] / 1e9, g("dram_bytes") / 1e9, g("l2_bytes") / 1e9,
      g("l1_bytes") / 1e9, g("smem_bytes") / 1e9, g("smem_bank_conflicts"), g("occupancy_pct"),
      g("issue_active_pct"), g("sm_clock_mhz"), c.get("tool", "")))
print("    inst:", json.dumps(c.get("inst", {})))
PY
done
grep -E "^(Totals|FAIL|QINFO|SKIP)" "$OUT/tst_gpu_profile.log" 2>/dev/null | head -20
grep -E "^profile:|ERROR" "$LOG" | head -10
