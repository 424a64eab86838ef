#!/usr/bin/env bash
# GPU hosts on the H200 machine (issue 12), one device call, logs under $OUT. Run from the
# repository root with the bundle (/work/shared/device/qt-bundle.sh) in .device-bundle:
#   bash tools/h200-hosts-check.sh
# 1. rooflab-cli devices --via "sh -c '...worker'": the worker behind a host command (hello, devices)
# 2. rooflab-cli run and a small ladder through that host command
# 3. rooflab-cli suite --device all (one worker per GPU, one after another), and ceilings
#    --device all --parallel
# 4. tst_gpu_hosts: the GUI (offscreen) picks the host, runs a kernel, plots it (screenshot)
# 5. tst_worker and tst_hosts (the protocol; sshd/Slurm rows skip where they are not installed)
set -uo pipefail
ROOT=$(pwd)
OUT=${OUT:?set OUT to a folder}
mkdir -p "$OUT"
export ROOFLAB_KERNELS=$ROOT/kernels/src ROOFLAB_RESOURCES=$ROOT/resources
# cuBLAS and NVRTC come from the toolkit; fall back to the pip wheels if it lacks them.
for lib in libcublas.so.13 libnvrtc.so.13; do
  if [[ ! -e /usr/local/cuda/lib64/$lib ]]; then
    d=$(python3 -c 'import glob,site,sys
for s in site.getsitepackages():
    for f in glob.glob(s + "/nvidia/*/lib/" + sys.argv[1]):
        print(f.rsplit("/", 1)[0]); raise SystemExit' "$lib" 2>/dev/null)
    [[ -n $d ]] && export LD_LIBRARY_PATH=${LD_LIBRARY_PATH:+$LD_LIBRARY_PATH:}$d
  fi
done
RUN="bash $ROOT/.device-bundle/run.sh"
# The host command: the bundle's worker started by sh, as ssh or srun would start it elsewhere.
VIA="sh -c 'exec bash $ROOT/.device-bundle/run.sh bin/rooflab-cli worker'"
step() { # name command...: runs it, keeps its output, notes the exit code
  local name=$1; shift
  local t0=$SECONDS
  "$@" >"$OUT/$name.log" 2>&1
  local rc=$?
  printf '%-22s rc=%-3s %4ss\n' "$name" "$rc" "$((SECONDS - t0))" | tee -a "$OUT/summary.txt"
}
: >"$OUT/summary.txt"
nvidia-smi -L >"$OUT/nvidia-smi.txt" 2>&1
step devices-via $RUN bin/rooflab-cli devices --via "$VIA"
step devices-via-json $RUN bin/rooflab-cli devices --via "$VIA" --json
step run-via $RUN bin/rooflab-cli run memory.vector_add --param n=67108864 --via "$VIA" --out "$OUT/run-via.json"
step ladder-via $RUN bin/rooflab-cli ladder --via "$VIA" --steps gemm.naive,gemm.reg2d,gemm.cublas_sgemm \
  --size 2048 --no-checks --sweep 2 --sweep-extra 0 --out "$OUT/ladder-via.json"
step suite-all $RUN bin/rooflab-cli suite --device all --out "$OUT/suite-all.json"
step ceilings-all-parallel $RUN bin/rooflab-cli ceilings --device all --parallel --out "$OUT/ceilings-par.json"
step tst_gpu_hosts env ROOFLAB_SHOT_DIR="$OUT" $RUN bin/tst_gpu_hosts -v1
step tst_worker $RUN bin/tst_worker
step tst_hosts $RUN bin/tst_hosts
# What a reader wants first: the devices the host command saw, the per-GPU suite files.
{
  echo; cat "$OUT/devices-via.log"; echo
  ls -la "$OUT"/suite-all*.json "$OUT"/ceilings-par*.json 2>/dev/null
  grep -h -E "^(PASS|FAIL|SKIP|Totals)" "$OUT"/tst_*.log
} >>"$OUT/summary.txt"
cat "$OUT/summary.txt"
