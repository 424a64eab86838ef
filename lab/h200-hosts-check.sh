#!/usr/bin/env bash
# GPU hosts on the H200 machine (issue 12), in one device call. Run from the repository root
# with the bundle (/work/shared/device/qt-bundle.sh) in .device-bundle:
#   bash lab/h200-hosts-check.sh
# 1. rooflab-cli devices --via "sh -c '...worker'": the worker behind a host command (hello, devices)
# 2. rooflab-cli run and a small ladder through that host command
# 3. rooflab-cli suite --device all (one worker per GPU, one after another), and ceilings
#    --device all --parallel
# 4. tst_gpu_hosts: the GUI (offscreen) picks the host, runs a kernel, plots it (screenshot)
# 5. tst_worker and tst_hosts (the protocol; the sshd/Slurm rows skip where those are missing)
# $OUT brings back at most 8 files: summary.txt, gpu-hosts.png and hosts-logs.tar.gz (every
# log and results file).
set -uo pipefail
ROOT=$(pwd)
OUT=${OUT:?set OUT to a folder}
mkdir -p "$OUT"
LOGS=$(mktemp -d)/hosts-logs
mkdir -p "$LOGS"
export ROOFLAB_KERNELS=$ROOT/kernels/src ROOFLAB_RESOURCES=$ROOT/resources
source "$ROOT/lab/device-env.sh"
# The bundle unpacked into a folder of this run (run.sh's /tmp/qt-bundle may hold an older or
# another bundle on a machine that stayed warm), with run.sh's environment.
B=$(mktemp -d)/bundle
mkdir -p "$B" && tar -C "$B" -xJf "$ROOT/.device-bundle/bundle.tar.xz" || exit 1
export LD_LIBRARY_PATH="$B/lib:/usr/local/cuda/lib64${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
export QT_PLUGIN_PATH="$B/plugins" QT_QPA_PLATFORM=${QT_QPA_PLATFORM:-offscreen}
export FONTCONFIG_FILE="$B/fonts.conf" XDG_RUNTIME_DIR=/tmp/xdg-runtime
mkdir -p "$XDG_RUNTIME_DIR" && chmod 700 "$XDG_RUNTIME_DIR"
RUN=env
cd "$B" || exit 1
# The host command: the bundle's worker started by sh, as ssh or srun would start it elsewhere.
VIA="sh -c 'exec \"$B/bin/rooflab-cli\" worker'"
step() { # name command...: runs it, keeps its output, notes the exit code and the time
  local name=$1
  shift
  local t0=$SECONDS
  "$@" >"$LOGS/$name.log" 2>&1
  local rc=$?
  printf '%-22s rc=%-3s %4ss\n' "$name" "$rc" "$((SECONDS - t0))" | tee -a "$LOGS/summary.txt"
}
: >"$LOGS/summary.txt"
nvidia-smi -L >"$LOGS/nvidia-smi.txt" 2>&1
step devices-via $RUN bin/rooflab-cli devices --via "$VIA"
step devices-via-json $RUN bin/rooflab-cli devices --via "$VIA" --json
step run-via $RUN bin/rooflab-cli run memory.vector_add --param n=67108864 --via "$VIA" --out "$LOGS/run-via.json"
step ladder-via $RUN bin/rooflab-cli ladder --via "$VIA" --steps gemm.naive,gemm.reg2d,gemm.cublas_sgemm \
  --size 2048 --no-checks --sweep 2 --sweep-extra 0 --out "$LOGS/ladder-via.json"
step suite-all $RUN bin/rooflab-cli suite --device all --out "$LOGS/suite-all.json"
step ceilings-all-parallel $RUN bin/rooflab-cli ceilings --device all --parallel --out "$LOGS/ceilings-par.json"
step tst_gpu_hosts env ROOFLAB_SHOT_DIR="$OUT" $RUN bin/tst_gpu_hosts -v1
step tst_worker $RUN bin/tst_worker
step tst_hosts $RUN bin/tst_hosts
# What a reader wants first: what the host command saw, the per-GPU files, the tests' verdicts.
{
  echo
  cat "$LOGS/nvidia-smi.txt" "$LOGS/devices-via.log"
  echo
  ls -la "$LOGS"/suite-all*.json "$LOGS"/ceilings-par*.json 2>/dev/null
  grep -h -E "^(FAIL|SKIP|Totals)" "$LOGS"/tst_*.log
  tail -n 3 "$LOGS/run-via.log" "$LOGS/ladder-via.log" "$LOGS/suite-all.log"
} >>"$LOGS/summary.txt"
cp "$LOGS/summary.txt" "$OUT/summary.txt"
tar -C "$(dirname "$LOGS")" -czf "$OUT/hosts-logs.tar.gz" hosts-logs
cat "$OUT/summary.txt"
