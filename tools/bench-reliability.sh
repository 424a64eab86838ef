#!/usr/bin/env bash
# What an untrusted file costs: peak memory (max RSS) and time of `rooflab-cli import`,
# `rooflab-cli explain` and the GUI's `rooflab --results FILE --quit-after-load` on
#   random   1 GB of random bytes (named .csv for import, .json for the others)
#   zero     /dev/zero (endless zero bytes)
#   header   a CSV whose header is 30 MB of empty columns
#   results  a valid 122 MB results file (tools/gen-results.py)
#   profile  a valid 500 MB Nsight Compute raw export (tools/gen-ncu-csv.py)
# Measured, not asserted; each run is stopped after LIMIT seconds (default 300). Targets (issue
# "untrusted files stay cheap"): <= 100 MB and <= 1 s to refuse random and zero, <= 200 MB for
# the header, <= 3x the file for a valid results file through explain and the GUI.
#
# usage: tools/bench-reliability.sh [BUILD_DIR] [WORK_DIR]   (default: build, /tmp/rooflab-reliability)
# The generated files are kept in WORK_DIR for the next run (about 1.8 GB).
set -uo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$here/build}
work=${2:-/tmp/rooflab-reliability}
limit=${LIMIT:-300}
cli=$build/app/cli/rooflab-cli
gui=$build/app/gui/rooflab
for b in "$cli" "$gui"; do
    [ -x "$b" ] || { echo "no $b (build rooflab and rooflab-cli)" >&2; exit 2; }
done
mkdir -p "$work"
export ROOFLAB_RESOURCES=${ROOFLAB_RESOURCES:-$here/resources}
export QT_QPA_PLATFORM=offscreen
export XDG_RUNTIME_DIR=${XDG_RUNTIME_DIR:-$work/xdg}
mkdir -p "$XDG_RUNTIME_DIR" && chmod 700 "$XDG_RUNTIME_DIR"

echo "== files in $work" >&2
[ -f "$work/random.bin" ] || head -c 1G /dev/urandom > "$work/random.bin"
ln -sf random.bin "$work/random.csv"
ln -sf random.bin "$work/random.json"
[ -f "$work/header.csv" ] || python3 -c '
import sys
with open(sys.argv[1], "w") as f:
    f.write("\"ID\",\"Kernel Name\"" + "," * (30 << 20) + "\n1,k\n")' "$work/header.csv"
[ -f "$work/results.json" ] ||
    python3 "$here/tools/gen-results.py" --count 120500 --out "$work/results.json" >/dev/null
[ -f "$work/profile.csv" ] || python3 "$here/tools/gen-ncu-csv.py" "$work/profile.csv" --megabytes 500 >/dev/null

size_mb() { [ -f "$1" ] && echo $(( $(stat -Lc %s "$1") / 1048576 )) || echo "-"; }

# run NAME COMMAND...: one table row (max RSS in MB, wall seconds, exit status, first line said).
run() {
    local name=$1
    shift
    local out
    out=$(mktemp)
    /usr/bin/time -f "%M %e" -o "$out.time" timeout "$limit" "$@" >"$out" 2>&1
    local rc=$?
    local rss secs
    read -r rss secs < <(tail -1 "$out.time")
    local said
    said=$(grep -v QStandardPaths "$out" | grep -v propagateSizeHints | grep -m1 -iE "error|refus|not |cannot|passes|larger|columns|is [0-9]|open" | cut -c1-100)
    [ "$rc" = 124 ] && said="(stopped after $limit s)"
    printf "%-34s %8s %8s %5s  %s\n" "$name" "$((rss / 1024))" "$secs" "$rc" "$said"
    rm -f "$out" "$out.time"
}

# The GUI's first start in a new runtime folder builds fontconfig's cache (tens of MB, most of
# a second): started once on an empty file first, so the rows measure the file, not that.
: >"$work/empty.json"
timeout "$limit" "$gui" --results "$work/empty.json" --quit-after-load >/dev/null 2>&1

printf "%-34s %8s %8s %5s  %s\n" "case (file MB)" "RSS MB" "seconds" "exit" "message"
for prog in import explain gui; do
    for f in random zero header results profile; do
        case $f in
            random) file=$work/random.$([ $prog = import ] && echo csv || echo json) ;;
            zero) file=/dev/zero ;;
            header) file=$work/header.csv ;;
            results) file=$work/results.json ;;
            profile) file=$work/profile.csv ;;
        esac
        # import reads profiles, explain reads results files: the other kind is not its input.
        [ $prog = import ] && [ $f = results ] && continue
        [ $prog = explain ] && { [ $f = header ] || [ $f = profile ]; } && continue
        label="$prog $f ($(size_mb "$file"))"
        case $prog in
            import) run "$label" "$cli" import "$file" ;;
            explain) run "$label" "$cli" explain "$file" ;;
            gui) run "$label" "$gui" --results "$file" --quit-after-load ;;
        esac
    done
done
