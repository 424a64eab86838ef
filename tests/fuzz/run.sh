#!/usr/bin/env bash
# Fuzz the results-file and Nsight Compute CSV readers with libFuzzer.
#   tests/fuzz/run.sh [SECONDS] [--merge]
# Builds the targets with clang (FUZZ_CXX, default clang++-14) in FUZZ_BUILD_DIR (default
# build-fuzz), runs both at once for SECONDS each (default 60) on a working corpus there,
# seeded from tests/fuzz/corpus/{results,ncu}. --merge then folds inputs that add coverage
# back into those seed folders (-merge=1 keeps a minimal set). Crashes land in
# FUZZ_BUILD_DIR/artifacts-<target>/. Needs clang-14 and libclang-rt-14-dev:
# scripts/install-fuzz-deps.sh.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
TIME=${1:-60}
MERGE=${2:-}
BUILD=${FUZZ_BUILD_DIR:-$ROOT/build-fuzz}
CXX=${FUZZ_CXX:-clang++-14}
MAX_LEN=${FUZZ_MAX_LEN:-16384}

cmake -S "$HERE" -B "$BUILD" -G Ninja -DCMAKE_CXX_COMPILER="$CXX" -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build "$BUILD" -j2

export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1}
pids=()
for t in results ncu; do
  mkdir -p "$BUILD/corpus-$t" "$BUILD/artifacts-$t"
  "$BUILD/fuzz_$t" -max_total_time="$TIME" -max_len="$MAX_LEN" -timeout=10 -rss_limit_mb=2048 \
      -print_final_stats=1 -dict="$HERE/$t.dict" -artifact_prefix="$BUILD/artifacts-$t/" \
      "$BUILD/corpus-$t" "$HERE/corpus/$t" >"$BUILD/fuzz_$t.log" 2>&1 &
  pids+=($!)
done
status=0
for p in "${pids[@]}"; do wait "$p" || status=1; done

for t in results ncu; do
  echo "== fuzz_$t: $(grep -E '^(stat::number_of_executed_units|Done)' "$BUILD/fuzz_$t.log" | tr '\n' ' ')"
  ls "$BUILD/artifacts-$t" | sed "s|^|   crash: $BUILD/artifacts-$t/|"
done
if [ "$MERGE" = "--merge" ]; then
  for t in results ncu; do
    "$BUILD/fuzz_$t" -merge=1 -max_len="$MAX_LEN" "$HERE/corpus/$t" "$BUILD/corpus-$t" >"$BUILD/merge_$t.log" 2>&1
    echo "== corpus/$t: $(ls "$HERE/corpus/$t" | wc -l) files, $(du -sh "$HERE/corpus/$t" | cut -f1)"
  done
fi
exit $status
