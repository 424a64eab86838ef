#!/usr/bin/env bash
# Makes tests/data/ncu/real/ on the GPU host (one device call; see the README there): builds
# knownwork.cu, profiles it and two bundled kernels (memory.triad, gemm.reg2d through the
# bundle's rooflab-cli) with five metric choices (--set full, --set roofline, the default set,
# NERSC's roofline recipe, RoofLab's own list), always --clock-control none, each saved as a
# report (-o) and exported four ways (raw/details × base/scaled units); records how ncu fails
# on files it cannot read; runs tst_gpu_ncurep. Everything comes back as one archive
# in pieces, $OUT/real.tar.xz.N, plus $OUT/summary.txt and the test's log.
#
# Run from the repository root, with the bundle in .device-bundle (rooflab-cli, tst_gpu_ncurep
# and rooflab-metrics.txt: NcuImport::metrics(), one line, comma-separated). Made here with:
#   strip --strip-debug copies of build/app/cli/rooflab-cli and build/tests/tst_gpu_ncurep, then
#   ../shared/device/qt-bundle.sh .device-bundle COPIES...
#   build/app/cli/rooflab-cli import tests/data/ncu/real/triad-default.raw-base.csv 2>&1 |
#     grep -o -- '--metrics [a-z0-9_.,]*' | head -1 | cut -d' ' -f2 >.device-bundle/rooflab-metrics.txt
# (the import's message for an export without FLOPs gives NcuImport::commandLine()), and on the host:
#   OUT=... bash lab/ncu-real-capture.sh
set -uo pipefail
ROOT=$(pwd)
OUT=${OUT:?set OUT to a folder}
NCU=${NCU:-/usr/local/cuda/bin/ncu}
NVCC=${NVCC:-/usr/local/cuda/bin/nvcc}
source "$ROOT/lab/device-env.sh"
export ROOFLAB_KERNELS=$ROOT/kernels/src ROOFLAB_RESOURCES=$ROOT/resources
BUNDLE=$ROOT/.device-bundle
W=/tmp/ncureal
R=$W/real
rm -rf "$W" /tmp/qt-bundle
mkdir -p "$R"
LOG=$OUT/summary.txt
: >"$LOG"
say() { echo "$*" | tee -a "$LOG"; }

# The host, the driver, ncu and the compiler, for the README.
{
  nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,clocks.mem --format=csv
  "$NCU" --version
  "$NVCC" --version | tail -2
  uname -srm
} >"$R/host.txt" 2>&1
cat "$R/host.txt" >>"$LOG"

t0=$(date +%s)
"$NVCC" -O3 -arch=sm_90 -o "$W/knownwork" "$ROOT/tests/data/ncu/real/knownwork.cu" -lcublas \
  -Xlinker -rpath=/usr/local/cuda/lib64 >>"$LOG" 2>&1
say "nvcc knownwork.cu: rc=$? in $(($(date +%s) - t0)) s"
"$W/knownwork" --describe >"$R/knownwork-expected.json" 2>>"$LOG"

# The bundle unpacks once into /tmp/qt-bundle; rooflab-cli then runs under ncu directly, with
# the bundle's libraries named for it only (ncu itself runs with its own).
bash "$BUNDLE/run.sh" true
CLI_ENV=(/usr/bin/env "LD_LIBRARY_PATH=/tmp/qt-bundle/lib:/usr/local/cuda/lib64${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
  QT_PLUGIN_PATH=/tmp/qt-bundle/plugins QT_QPA_PLATFORM=offscreen /tmp/qt-bundle/bin/rooflab-cli)

ROOFLAB_METRICS=$(tr -d ' \n' <"$BUNDLE/rooflab-metrics.txt")
[[ $ROOFLAB_METRICS =~ ^[a-z0-9_.,]+$ ]] || { say "rooflab-metrics.txt: not a metric list"; ROOFLAB_METRICS=gpu__time_duration.sum; }
NERSC_METRICS=sm__cycles_elapsed.avg,sm__cycles_elapsed.avg.per_second,\
sm__sass_thread_inst_executed_op_dadd_pred_on.sum,sm__sass_thread_inst_executed_op_dmul_pred_on.sum,\
sm__sass_thread_inst_executed_op_dfma_pred_on.sum,sm__sass_thread_inst_executed_op_fadd_pred_on.sum,\
sm__sass_thread_inst_executed_op_fmul_pred_on.sum,sm__sass_thread_inst_executed_op_ffma_pred_on.sum,\
sm__sass_thread_inst_executed_op_hadd_pred_on.sum,sm__sass_thread_inst_executed_op_hmul_pred_on.sum,\
sm__sass_thread_inst_executed_op_hfma_pred_on.sum,sm__inst_executed_pipe_tensor.sum,\
dram__bytes.sum,lts__t_bytes.sum,l1tex__t_bytes.sum
# A metric this GPU lacks makes ncu refuse the whole run: keep those the chip has (base names).
"$NCU" --query-metrics --chip gh100 >"$W/metrics.txt" 2>&1
known() { # comma-separated list -> those whose base name the chip has
  local out=() m
  IFS=, read -ra ms <<<"$1"
  for m in "${ms[@]}"; do
    if grep -q "^${m%%.*} " "$W/metrics.txt"; then out+=("$m"); else echo "metric not on this chip, dropped: $m" >>"$LOG"; fi
  done
  # Unless the query did not work (then ncu's own refusal says which one is missing).
  if ((${#out[@]} * 2 < ${#ms[@]})); then echo "$1"; else (IFS=,; echo "${out[*]}"); fi
}
ROOFLAB_METRICS=$(known "$ROOFLAB_METRICS")
NERSC_METRICS=$(known "$NERSC_METRICS")
echo "$ROOFLAB_METRICS" >"$R/rooflab-metrics.txt"
echo "$NERSC_METRICS" >"$R/nersc-metrics.txt"

choice() { # name -> ncu options
  case $1 in
    full) echo "--set full" ;;
    roofline) echo "--set roofline" ;;
    default) echo "" ;;
    nersc) echo "--metrics $NERSC_METRICS" ;;
    rooflab) echo "--metrics $ROOFLAB_METRICS" ;;
  esac
}

START=$(date +%s)
DEADLINE=${DEADLINE:-230} # seconds: later profiles are skipped, so the archive always comes back
export_all() { # report stem: the four exports, in the background (one ncu each)
  local stem=$1 page
  for page in raw details; do
    timeout 90 "$NCU" --import "$R/$stem.ncu-rep" --csv --page $page --print-units base \
      >"$R/$stem.$page-base.csv" 2>>"$W/$stem.export.log" || echo "export $stem $page base: rc=$?" >>"$LOG" &
    timeout 90 "$NCU" --import "$R/$stem.ncu-rep" --csv --page $page \
      >"$R/$stem.$page-scaled.csv" 2>>"$W/$stem.export.log" || echo "export $stem $page scaled: rc=$?" >>"$LOG" &
  done
}
profile() { # program choice target...
  local prog=$1 c=$2
  shift 2
  local t0 rc
  t0=$(date +%s)
  if ((t0 - START > DEADLINE)); then
    say "profile $prog-$c: skipped (past ${DEADLINE} s)"
    return
  fi
  # shellcheck disable=SC2046
  timeout 120 "$NCU" --clock-control none $(choice "$c") --target-processes all -f -o "$R/$prog-$c" "$@" \
    >"$W/$prog-$c.log" 2>&1
  rc=$?
  say "profile $prog-$c: rc=$rc in $(($(date +%s) - t0)) s, $(stat -c %s "$R/$prog-$c.ncu-rep" 2>/dev/null) bytes"
  ((rc == 0)) || tail -5 "$W/$prog-$c.log" | tee -a "$LOG"
  [[ -f $R/$prog-$c.ncu-rep ]] && export_all "$prog-$c"
}

TRIAD=(--kernel-name-base function --kernel-name 'regex:(^|::)binary_vector($|[<(])' --launch-count 1
  "${CLI_ENV[@]}" run memory.triad --param n=16777216 --repeat 1 --profile-child)
REG2D=(--kernel-name-base function --kernel-name 'regex:(^|::)gemm_reg2d($|[<(])' --launch-count 1
  "${CLI_ENV[@]}" run gemm.reg2d --param M=1024 --param N=1024 --param K=1024 --repeat 1 --profile-child)
for c in full roofline default nersc rooflab; do
  profile knownwork $c "$W/knownwork"
  profile triad $c "${TRIAD[@]}"
  profile reg2d $c "${REG2D[@]}"
done

# How ncu fails on files it cannot read (the stand-in in tests/fake-ncu.sh does the same).
printf 'not a report\n' >"$W/text.ncu-rep"
head -c 4096 "$R/knownwork-rooflab.ncu-rep" >"$W/truncated.ncu-rep"
for f in "$W/text.ncu-rep" "$W/truncated.ncu-rep" "$W/missing.ncu-rep"; do
  "$NCU" --import "$f" --csv --page raw --print-units base >"$W/o.txt" 2>"$W/e.txt"
  rc=$?
  {
    echo "== $(basename "$f"): rc=$rc"
    echo "-- stdout:"
    head -c 2000 "$W/o.txt"
    echo "-- stderr:"
    head -c 2000 "$W/e.txt"
  } >>"$R/ncu-failures.txt"
done
od -A d -t x1 -N 32 "$R/knownwork-rooflab.ncu-rep" >>"$R/ncu-failures.txt"
cat "$R/ncu-failures.txt" >>"$LOG"

# The GPU test on a fresh report (it profiles the knownwork program built above).
t0=$(date +%s)
ROOFLAB_KNOWNWORK=$W/knownwork ROOFLAB_NCU=$NCU ROOFLAB_METRICS=$ROOFLAB_METRICS timeout 90 bash "$BUNDLE/run.sh" bin/tst_gpu_ncurep -v1 \
  >"$OUT/tst_gpu_ncurep.log" 2>&1
say "tst_gpu_ncurep: rc=$? in $(($(date +%s) - t0)) s"

t0=$(date +%s)
wait
say "exports finished $(($(date +%s) - t0)) s after the last profile"
cp "$W"/knownwork-rooflab.log "$R/" 2>/dev/null
# At most 16 MiB a file comes back: the archive in pieces (cat real.tar.xz.* | tar -xJ).
tar -C "$W" -cf - real | xz -T8 -6 | split -b 15M -d -a 1 - "$OUT/real.tar.xz."
say "archive: $(cat "$OUT"/real.tar.xz.* | wc -c) bytes in $(ls "$OUT"/real.tar.xz.* | wc -l) pieces; folder $(du -sb "$R" | cut -f1) bytes"
ls -l "$R" >>"$LOG"
grep -E "^(Totals|FAIL|PASS|SKIP|QWARN)" "$OUT/tst_gpu_ncurep.log" | head -30
