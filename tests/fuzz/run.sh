#!/usr/bin/env bash
# Fuzz the file readers with libFuzzer under ASan + UBSan (docs/FUZZING.md says more).
#   tests/fuzz/run.sh [SECONDS] [--merge] [TARGET...]
# TARGETs: results ncu gpu lesson events (default: all). Builds the targets with clang (FUZZ_CXX,
# default clang++-14) in FUZZ_BUILD_DIR (default build-fuzz) and runs them one after another
# (a fuzzer takes a core) for SECONDS each (default 60) on a working corpus there, seeded from
# tests/fuzz/corpus/TARGET. --merge then folds inputs that add coverage back into those seed
# folders (-merge=1 keeps a minimal set). Crashes land in FUZZ_BUILD_DIR/artifacts-TARGET/.
# Needs clang-14 and libclang-rt-14-dev: scripts/install-fuzz-deps.sh.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
TIME=60
MERGE=
TARGETS=()
for a in "$@"; do
  case "$a" in
    --merge) MERGE=1 ;;
    [0-9]*) TIME=$a ;;
    *) TARGETS+=("$a") ;;
  esac
done
[ ${#TARGETS[@]} -gt 0 ] || TARGETS=(results ncu gpu lesson events)
BUILD=${FUZZ_BUILD_DIR:-$ROOT/build-fuzz}
CXX=${FUZZ_CXX:-clang++-14}
MAX_LEN=${FUZZ_MAX_LEN:-16384}

source "$ROOT/scripts/common.sh" # find_cuda: the lessons' exercises need cuda_occupancy.h
find_cuda
cmake -S "$HERE" -B "$BUILD" -G Ninja -DCMAKE_CXX_COMPILER="$CXX" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCUDAToolkit_ROOT="$CUDA_ROOT" >/dev/null
cmake --build "$BUILD" -j2

export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
status=0
for t in "${TARGETS[@]}"; do
  mkdir -p "$BUILD/corpus-$t" "$BUILD/artifacts-$t"
  dict=()
  [ -f "$HERE/$t.dict" ] && dict=(-dict="$HERE/$t.dict")
  "$BUILD/fuzz_$t" -max_total_time="$TIME" -max_len="$MAX_LEN" -timeout=10 -rss_limit_mb=2048 \
      -print_final_stats=1 "${dict[@]}" -artifact_prefix="$BUILD/artifacts-$t/" \
      "$BUILD/corpus-$t" "$HERE/corpus/$t" >"$BUILD/fuzz_$t.log" 2>&1 || status=1
  runs=$(grep -E '^stat::number_of_executed_units' "$BUILD/fuzz_$t.log" | awk '{print $2}')
  rate=$(grep -E '^stat::average_exec_per_sec' "$BUILD/fuzz_$t.log" | awk '{print $2}')
  echo "== fuzz_$t: ${runs:-?} runs, ${rate:-?} exec/s, $(grep -cE 'ERROR: (AddressSanitizer|LeakSanitizer)|runtime error|deadly signal' "$BUILD/fuzz_$t.log") reports"
  ls "$BUILD/artifacts-$t" | sed "s|^|   crash: $BUILD/artifacts-$t/|"
  if [ -n "$MERGE" ]; then
    "$BUILD/fuzz_$t" -merge=1 -max_len="$MAX_LEN" "$HERE/corpus/$t" "$BUILD/corpus-$t" >"$BUILD/merge_$t.log" 2>&1
    echo "   corpus/$t: $(ls "$HERE/corpus/$t" | wc -l) files, $(du -sh "$HERE/corpus/$t" | cut -f1)"
  fi
done
exit $status
