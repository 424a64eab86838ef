#!/usr/bin/env bash
# One device call (at most 9 minutes) for the model's tails, on an H200 or an H100: the card is
# read from nvidia-smi and everything lands in $OUT/<h200|h100>/ (no GPU: $OUT/nogpu/, every
# step says it is skipped, and the sweeps print their plans). In order of value, each step
# time-boxed so that a late one cannot starve an earlier one, a missing step logged and passed:
#   a. tst_gpu_kernels and tst_gpu_gemm (lab/h200-gpu-tests.sh): kernels/src/ptx.cuh on a GPU;
#   b. the held-out tile sweeps of lab/tails-sweeps.txt, each `rooflab-cli run --axis`
#      (compiled ahead on every core), one results file per kernel and shape;
#   c. Nsight Compute on the worst tenth of the committed measurements by |gap| (from
#      `rooflab-cli explain resources/samples --json`), one launch each, raw CSV;
#   d. on an H100 only: `rooflab-cli suite`, that card's own ceilings.
# Files back (at most 8): summary.txt, tails.log, tests-summary.txt, gpu-logs.tar.gz,
# sweeps.tar.gz, ncu.tar.gz, h100-suite.json.
#
# Before the call, on the build machine, from the repository root (built as usual):
#   echo /.device-bundle/ >> "$(git rev-parse --git-dir)/info/exclude"     # once
#   mkdir -p /tmp/strip && for b in build/app/cli/rooflab-cli build/tests/tst_gpu_kernels \
#       build/tests/tst_gpu_gemm; do strip --strip-debug -o /tmp/strip/${b##*/} $b; done
#   ../shared/device/qt-bundle.sh .device-bundle /tmp/strip/*
# (stripped: with their debug info the three make a 48 MB bundle, and with the tracked files
# the tree that travels passes the call's 64 MiB.)
# (ncu is the host's own, /usr/local/cuda/bin; nothing more to pack.) The call:
#   run(command="bash lab/tails-gpu.sh", carry=[".device-bundle"], timeout_s=600)
# Here, without a GPU:  OUT=/tmp/tails bash lab/tails-gpu.sh
# Split over two calls when one is too short: TAILS_STEPS names the steps to run (default abcd;
# a step left out is promised no time), TAILS_SWEEPS keeps only the sweeps whose tag
# (e.g. "reg2d-2560x2560x2560") matches that extended regular expression.
set -uo pipefail
ROOT=$(pwd)
OUT=${OUT:?set OUT to a folder}
BUDGET=${TAILS_BUDGET:-530} # seconds for everything; the call's limit is 600
START=$SECONDS
STEPS=${TAILS_STEPS:-abcd}
want() { [[ $STEPS == *$1* ]]; }
# Seconds promised to the steps after this one that will run: "reserve b 200 c 70 d 40".
reserve() {
  local r=0
  while (($# >= 2)); do
    want "$1" && r=$((r + $2))
    shift 2
  done
  echo "$r"
}
name=$(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | head -1)
case $name in
*H200*) gpu=h200 ;;
*H100*) gpu=h100 ;;
*) gpu=nogpu ;;
esac
D=$OUT/$gpu
mkdir -p "$D"
exec > >(tee -a "$D/tails.log") 2>&1
WORK=$(mktemp -d)
SUMMARY=$D/summary.txt
: >"$SUMMARY"
say() { echo "$*" | tee -a "$SUMMARY"; }
left() { echo $((BUDGET - (SECONDS - START))); }
# Seconds a step may take: what is left less what the later steps are promised.
box() { # cap reserve
  local t=$(($(left) - $2))
  ((t > $1)) && t=$1
  ((t < 0)) && t=0
  echo "$t"
}
say "tails-gpu: ${name:-no GPU} ($gpu), $(date -u +%FT%TZ), budget ${BUDGET}s"

# The programs: the bundle when there is one, else this checkout's build (a dry run here).
export ROOFLAB_KERNELS=$ROOT/kernels/src ROOFLAB_RESOURCES=$ROOT/resources
export ROOFLAB_CACHE_DIR=$WORK/kcache CUDA_CACHE_DISABLE=1
if [[ -f $ROOT/.device-bundle/bundle.tar.xz ]]; then
  source "$ROOT/lab/device-env.sh"
  B=$WORK/bundle
  mkdir -p "$B" && tar -C "$B" -xJf "$ROOT/.device-bundle/bundle.tar.xz"
  LIBS="$B/lib:/usr/local/cuda/lib64${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
  export QT_PLUGIN_PATH="$B/plugins" QT_QPA_PLATFORM=offscreen FONTCONFIG_FILE="$B/fonts.conf"
  CLI=$B/bin/rooflab-cli
else
  LIBS=${LD_LIBRARY_PATH:-}
  CLI=$ROOT/build/app/cli/rooflab-cli
  say "no .device-bundle: using $CLI"
fi
cli() { LD_LIBRARY_PATH=$LIBS "$CLI" "$@"; }
export PATH="/usr/local/cuda/bin:$PATH"
arch=sm_90
[[ $gpu == nogpu ]] || arch=$(nvidia-smi --query-gpu=compute_cap --format=csv,noheader | head -1 | tr -d . | sed 's/^/sm_/')

# ---- a. the GPU tests (at most 300 s; 200 s kept for b and c, 40 s more for d on an H100)
t0=$SECONDS
dcost=0
[[ $gpu == h100 ]] && dcost=40
t=$(box 300 "$(reserve b 130 c 70 d $dcost)")
if ! want a; then
  say "a. GPU tests: not asked for (TAILS_STEPS=$STEPS)"
elif [[ $gpu == nogpu ]]; then
  say "a. GPU tests: skipped (no GPU)"
elif [[ ! -f $ROOT/.device-bundle/bundle.tar.xz ]]; then
  say "a. GPU tests: skipped (no .device-bundle)"
else
  mkdir -p "$WORK/tests" "$WORK/gpu-logs"
  # tst_gpu_kernels gets at most 40 % of the box, tst_gpu_gemm the rest.
  OUT=$WORK/tests GPU_TEST_LOGS=$WORK/gpu-logs GPU_TEST_LIMIT=$((t * 2 / 5)) \
    timeout $((t * 2 / 5 + 15)) bash "$ROOT/lab/h200-gpu-tests.sh" tst_gpu_kernels
  OUT=$WORK/tests GPU_TEST_LOGS=$WORK/gpu-logs GPU_TEST_LIMIT=$((t - (SECONDS - t0) - 10)) \
    timeout $((t - (SECONDS - t0))) bash "$ROOT/lab/h200-gpu-tests.sh" tst_gpu_gemm
  cp "$WORK/tests/summary.txt" "$D/tests-summary.txt" 2>/dev/null
  tar -C "$WORK" -czf "$D/gpu-logs.tar.gz" gpu-logs
  say "a. GPU tests: $((SECONDS - t0))s of ${t}s:"
  sed 's/^/     /' "$D/tests-summary.txt" 2>/dev/null | tee -a "$SUMMARY"
fi

# ---- b. held-out tile sweeps (what is left less 70 s for c and 40 s for d on an H100)
t0=$SECONDS
t=$(box 560 "$(reserve c 70 d $dcost)")
mkdir -p "$WORK/sweeps"
mapfile -t sweeps < <(grep -v -E '^\s*(#|$)' "$ROOT/lab/tails-sweeps.txt")
runs=()
for line in "${sweeps[@]}"; do
  IFS='|' read -r kernel dtype shapes axes <<<"$line"
  want b || break
  for shape in $shapes; do
    tag=$(echo "$kernel" | xargs)
    tag=${tag#*.}-$shape
    [[ -n ${TAILS_SWEEPS:-} && ! $tag =~ $TAILS_SWEEPS ]] && continue
    runs+=("$(echo "$kernel" | xargs)|$(echo "$dtype" | xargs)|$shape|$axes")
  done
done
want b || say "b. sweeps: not asked for (TAILS_STEPS=$STEPS)"
ok=0
for i in "${!runs[@]}"; do
  IFS='|' read -r kernel dtype shape axes <<<"${runs[$i]}"
  IFS=x read -r M N K <<<"$shape"
  args=(run "$kernel" --dtype "$dtype" --param "M=$M" --param "N=$N" --param "K=$K")
  for a in $axes; do args+=(--axis "$a"); done
  tag=${kernel#*.}-${M}x${N}x${K}
  if [[ $gpu == nogpu ]]; then
    cli "${args[@]}" --dry-run --max-smem 232448 >"$WORK/sweeps/$tag.plan" 2>&1
    say "b. $tag: skipped (no GPU); plan: $(tail -1 "$WORK/sweeps/$tag.plan")"
    continue
  fi
  # A fair share of what is left of the box for each sweep still to run.
  share=$(((t - (SECONDS - t0)) / (${#runs[@]} - i)))
  if ((share < 10)); then
    say "b. $tag: skipped (the box of ${t}s is spent)"
    continue
  fi
  s0=$SECONDS
  timeout "$share" env LD_LIBRARY_PATH="$LIBS" "$CLI" "${args[@]}" --repeat 20 --out "$WORK/sweeps/$tag.json" \
    >"$WORK/sweeps/$tag.log" 2>&1
  rc=$?
  ((rc == 0)) && ok=$((ok + 1))
  say "b. $tag: rc=$rc $((SECONDS - s0))s of ${share}s: $(grep -E 'combinations measured' "$WORK/sweeps/$tag.log" | tail -1)"
done
tar -C "$WORK" -czf "$D/sweeps.tar.gz" sweeps
say "b. sweeps: $ok of ${#runs[@]} ran clean, $((SECONDS - t0))s of ${t}s"

# ---- c. Nsight Compute on the worst tenth by |gap| (what is left less 40 s for d on an H100)
t0=$SECONDS
t=$(box 150 "$(reserve d $dcost)")
want c || t=0
mkdir -p "$WORK/ncu"
cli explain "$ROOT/resources/samples" --json >"$WORK/ncu/explain.json" 2>"$WORK/ncu/explain.log"
# One line per distinct configuration: kernel, dtype, then --param NAME=VALUE pairs.
python3 - "$WORK/ncu/explain.json" >"$WORK/ncu/worst.txt" <<'PY'
import json, sys
ms = [m for m in json.load(open(sys.argv[1]))["measurements"] if m.get("gap") is not None]
ms.sort(key=lambda m: -abs(m["gap"]))
seen = set()
for m in ms[: max(1, (len(ms) + 9) // 10)]:
    key = (m["kernel"], m["dtype"], tuple(sorted(m["params"].items())))
    if key in seen:
        continue
    seen.add(key)
    params = " ".join("%s=%s" % kv for kv in sorted(m["params"].items()))
    print("%s %s %+.2f %s" % (m["kernel"], m["dtype"], m["gap"], params))
PY
say "c. worst tenth by |gap|: $(wc -l <"$WORK/ncu/worst.txt") distinct configurations"
metrics=l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum
metrics+=,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum
metrics+=,l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum,l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum
metrics+=,lts__t_sectors_srcunit_tex_op_read.sum,lts__t_sectors_srcunit_tex_op_write.sum,lts__t_sector_hit_rate.pct
metrics+=,dram__bytes_read.sum,dram__bytes_write.sum,sm__warps_active.avg.pct_of_peak_sustained_active
metrics+=,launch__waves_per_multiprocessor,smsp__inst_executed.sum,sm__cycles_elapsed.avg,gpc__cycles_elapsed.avg.per_second
n=0
ncu_ok=1
while read -r kernel dtype gap params; do
  want c || { say "c. Nsight Compute: not asked for (TAILS_STEPS=$STEPS)"; break; }
  n=$((n + 1))
  stem=${kernel#*.}
  [[ $kernel == gemm.* ]] && stem=gemm_$stem
  pargs=() cargs=()
  for kv in $params; do
    pargs+=(--param "$kv")
    # The compile ahead sweeps M over its one value (an axis of one; the rest as --param).
    if [[ $kv == M=* ]]; then cargs+=(--axis "$kv"); else cargs+=(--param "$kv"); fi
  done
  tag=$(printf '%02d-%s' "$n" "${kernel#*.}")
  echo "$kernel $dtype gap $gap $params" >"$WORK/ncu/$tag.txt"
  if [[ $gpu == nogpu ]]; then
    say "c. $tag ($gap): skipped (no GPU)"
    continue
  fi
  if ((ncu_ok == 0)); then
    say "c. $tag: skipped (ncu failed on the first)"
    continue
  fi
  share=$(((t - (SECONDS - t0)) / ($(wc -l <"$WORK/ncu/worst.txt") - n + 1)))
  if ((share < 8)); then
    say "c. $tag: skipped (the box of ${t}s is spent)"
    continue
  fi
  # Compiled first (outside the profiler, every core), then one warm launch (the checked run
  # is skipped) with the sections beside the named counters; ncu runs with its own libraries.
  cli run "$kernel" --dtype "$dtype" "${cargs[@]}" --dry-run --arch "$arch" >"$WORK/ncu/$tag.compile" 2>&1
  s0=$SECONDS
  timeout "$share" env -u LD_LIBRARY_PATH ncu --clock-control none --csv --page raw --print-units base \
    --kernel-name-base function -k "regex:(^|::)${stem}(\$|[<(])" --launch-skip 1 --launch-count 1 \
    --section SpeedOfLight --section MemoryWorkloadAnalysis_Tables --section WarpStateStats \
    --section Occupancy --section LaunchStats --section SchedulerStats --metrics "$metrics" \
    --target-processes all env LD_LIBRARY_PATH="$LIBS" ROOFLAB_NO_DISASSEMBLER=1 "$CLI" run "$kernel" \
    --dtype "$dtype" "${pargs[@]}" --repeat 1 >"$WORK/ncu/$tag.csv" 2>"$WORK/ncu/$tag.err"
  rc=$?
  rows=$(grep -c '^"' "$WORK/ncu/$tag.csv" 2>/dev/null)
  say "c. $tag ($gap): rc=$rc $((SECONDS - s0))s, $rows CSV lines"
  ((n == 1 && (rc != 0 || rows < 2))) && ncu_ok=0 && tail -3 "$WORK/ncu/$tag.err" | tee -a "$SUMMARY"
done <"$WORK/ncu/worst.txt"
tar -C "$WORK" -czf "$D/ncu.tar.gz" ncu
say "c. ncu: $((SECONDS - t0))s of ${t}s"

# ---- d. the H100's own suite
t0=$SECONDS
if ! want d; then
  say "d. suite: not asked for (TAILS_STEPS=$STEPS)"
elif [[ $gpu != h100 ]]; then
  say "d. suite: skipped (only on an H100; this is ${name:-no GPU})"
else
  t=$(box 120 0)
  timeout "$t" env LD_LIBRARY_PATH="$LIBS" "$CLI" suite --out "$D/h100-suite.json" >"$WORK/suite.log" 2>&1
  rc=$?
  say "d. suite: rc=$rc $((SECONDS - t0))s of ${t}s; $(grep -E '^suite:' "$WORK/suite.log" | tail -1)"
  cp "$WORK/suite.log" "$WORK/sweeps/" 2>/dev/null
fi

say "tails-gpu: done in $((SECONDS - START))s"
echo "== summary =="
cat "$SUMMARY"
