#!/usr/bin/env bash
# Every GPU test on the H200 in one device call, from the repository root with the bundle
# (/work/shared/device/qt-bundle.sh) in .device-bundle:
#   bash lab/h200-gpu-tests.sh [STEP...]   (default: every step)
# The bundle holds rooflab-cli, rooflab (tst_gpu_live's screenshot) and the tst_gpu_* programs.
# Brings back under $OUT: summary.txt (one line per step: exit code, time) and gpu-logs.tar.gz.
set -uo pipefail
ROOT=$(pwd)
OUT=${OUT:?set OUT to a folder}
mkdir -p "$OUT"
# GPU_TEST_LOGS: where the logs go (a caller that may stop this script packs them itself);
# GPU_TEST_LIMIT: a cap in seconds on every step's own limit.
LOGS=${GPU_TEST_LOGS:-$(mktemp -d)/gpu-logs}
mkdir -p "$LOGS"
export ROOFLAB_KERNELS=$ROOT/kernels/src ROOFLAB_RESOURCES=$ROOT/resources
source "$ROOT/lab/device-env.sh"
B=$(mktemp -d)/bundle
mkdir -p "$B" && tar -C "$B" -xJf "$ROOT/.device-bundle/bundle.tar.xz" || exit 1
export LD_LIBRARY_PATH="$B/lib:/usr/local/cuda/lib64${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
export QT_PLUGIN_PATH="$B/plugins" QT_QPA_PLATFORM=offscreen
export FONTCONFIG_FILE="$B/fonts.conf" XDG_RUNTIME_DIR=/tmp/xdg-runtime
export PATH="/usr/local/cuda/bin:$PATH" # ncu and nvdisasm
mkdir -p "$XDG_RUNTIME_DIR" && chmod 700 "$XDG_RUNTIME_DIR"
cd "$B" || exit 1
steps=" ${*:-tst_gpu_kernels tst_gpu_gemm tst_gpu_live tst_gpu_profile tst_gpu_ncurep tst_gpu_hosts profile_reg2d} "
step() { # name limit command...
  local name=$1 limit=$2
  [[ -n ${GPU_TEST_LIMIT:-} ]] && ((GPU_TEST_LIMIT < limit)) && limit=$GPU_TEST_LIMIT
  shift 2
  [[ $steps == *" $name "* ]] || return 0
  local t0=$SECONDS
  timeout "$limit" "$@" >"$LOGS/$name.log" 2>&1
  local rc=$?
  printf '%-26s rc=%-3s %4ss  %s\n' "$name" "$rc" "$((SECONDS - t0))" \
    "$(grep -E '^Totals:' "$LOGS/$name.log" | tail -1)" | tee -a "$OUT/summary.txt"
}
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,power.draw,power.limit --format=csv \
  >"$LOGS/env.txt" 2>&1
step tst_gpu_kernels 200 bin/tst_gpu_kernels
step tst_gpu_gemm 240 bin/tst_gpu_gemm # 111 rows with the wgmma rungs 11-12 (31 of them)
step tst_gpu_live 240 bin/tst_gpu_live # with a lesson answer measured live (a 4096³ GEMM, ten runs)
step tst_gpu_profile 120 bin/tst_gpu_profile
# knownwork.cu built here (the test's compiled-in source path is the build machine's)
if [[ $steps == *" tst_gpu_ncurep "* ]] && command -v nvcc >/dev/null &&
   nvcc -arch=sm_90 -O2 -o "$LOGS/knownwork" "$ROOT/tests/data/ncu/real/knownwork.cu" -lcublas >"$LOGS/nvcc.log" 2>&1; then
  export ROOFLAB_KNOWNWORK=$LOGS/knownwork
fi
step tst_gpu_ncurep 120 bin/tst_gpu_ncurep
step tst_gpu_hosts 90 bin/tst_gpu_hosts
# the profiled child's exit (it crashed with 11 while it started a disassembler under ncu)
step profile_reg2d 90 bin/rooflab-cli run gemm.reg2d --profile --json
if [[ -f $LOGS/profile_reg2d.log ]]; then
  grep -E 'profiling under|warning|exit' "$LOGS/profile_reg2d.log" | head -5 >>"$OUT/summary.txt"
fi
tar -C "$(dirname "$LOGS")" -czf "$OUT/gpu-logs.tar.gz" gpu-logs
