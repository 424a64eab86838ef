#!/usr/bin/env bash
# The Nsight Compute import at the size of a whole application, measured, not asserted:
#   1. a synthetic raw export of 30,000 launches and ~200 columns, read by `rooflab-cli import`
#      and by Python's csv module (every row), one run each, both timed;
#   2. a 500 MB synthetic raw export: rooflab-cli import's peak memory (max RSS), beside the
#      max RSS of `rooflab-cli --version` (what the program costs before it reads anything).
# The files come from tools/gen-ncu-csv.py.
#
# usage: tools/bench-import.sh [BUILD_DIR] [WORK_DIR]   (default: build, a temporary folder)
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$here/build}
cli=$build/app/cli/rooflab-cli
work=${2:-$(mktemp -d)}
[ -x "$cli" ] || { echo "no rooflab-cli at $cli (build the rooflab-cli target)" >&2; exit 2; }
mkdir -p "$work"

measure() { /usr/bin/time -f "    %e s wall, %U s user, %S s sys, %M KiB max RSS" "$@"; }

echo "== files"
[ -f "$work/app-30k.csv" ] || python3 "$here/tools/gen-ncu-csv.py" "$work/app-30k.csv" --launches 30000
ls -l "$work/app-30k.csv"

echo "== rooflab-cli import, 30,000 launches"
measure "$cli" import "$work/app-30k.csv" > "$work/table-30k.txt"
tail -1 "$work/table-30k.txt"
echo "== python3 csv module, every row of the same file"
measure python3 -c 'import csv, sys
with open(sys.argv[1], newline="") as f:
    print("    %d rows" % sum(1 for _ in csv.reader(f)))' "$work/app-30k.csv"
echo "== rooflab-cli --version (start-up alone: the CUDA libraries it links)"
measure "$cli" --version > /dev/null

if [ "${SKIP_500MB:-0}" != 1 ]; then
    [ -f "$work/app-500mb.csv" ] || python3 "$here/tools/gen-ncu-csv.py" "$work/app-500mb.csv" --megabytes 500
    ls -l "$work/app-500mb.csv"
    echo "== rooflab-cli import, 500 MB (the table; points summarised as they are read)"
    measure "$cli" import "$work/app-500mb.csv" > "$work/table-500mb.txt"
    tail -1 "$work/table-500mb.txt"
fi
echo "(files in $work)"
