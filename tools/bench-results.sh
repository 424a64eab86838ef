#!/usr/bin/env bash
# How long RoofLab takes to open a big results file, against Python's json.load of the same
# file, and how much memory it peaks at.
#
#   tools/bench-results.sh [--runs N] [--app build/app/gui/rooflab] [FILE]
#
# Without FILE, tools/gen-results.py writes 50,000 measurements to a temporary file. Each run
# is timed with /usr/bin/time -v (wall clock and maximum resident set size): json.load, the app
# opening nothing and quitting (--quit-after-load), and the app opening FILE, drawing it and
# quitting. The app runs offscreen with its own settings folder, so recent files, autosaves
# and window state of a real session are not touched. One untimed run first fills that folder's
# caches: a first start compiles the Tile explorer's kernel with NVRTC in the background (about
# 45 MB more at its peak), which an empty app that quits at once never gets to, so a cold run
# would charge the file for it. Prints one line per run and the medians.
#
# Memory: "over the empty app" is (peak RSS opening FILE - peak RSS of the empty app) / size of
# FILE, what opening the file costs on top of the program itself (the target: "peak memory
# under 3x the file").
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
app="$here/../build/app/gui/rooflab"
runs=3
file=
while [[ $# -gt 0 ]]; do
    case "$1" in
        --runs) runs=$2; shift 2 ;;
        --app) app=$2; shift 2 ;;
        -h|--help) sed -n '2,19p' "$0"; exit 0 ;;
        *) file=$1; shift ;;
    esac
done
[[ -x "$app" ]] || { echo "bench-results: no app at $app (build the rooflab target or pass --app)" >&2; exit 2; }
[[ -x /usr/bin/time ]] || { echo "bench-results: /usr/bin/time is needed (apt-get install time)" >&2; exit 2; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if [[ -z "$file" ]]; then
    file="$work/results-50k.json"
    python3 "$here/gen-results.py" --count 50000 --out "$file"
fi
bytes=$(stat -c %s "$file")

# One timed command: prints "<seconds> <max RSS in KiB>".
measure() {
    local log="$work/time.log"
    if ! /usr/bin/time -v -o "$log" "$@" >"$work/out.log" 2>&1; then
        echo "bench-results: failed: $*" >&2
        cat "$work/out.log" >&2
        exit 1
    fi
    local wall rss
    wall=$(awk -F': ' '/Elapsed \(wall clock\)/ {print $2}' "$log")
    rss=$(awk -F': ' '/Maximum resident set size/ {print $2}' "$log")
    # m:ss.ss or h:mm:ss -> seconds
    awk -v t="$wall" -v r="$rss" 'BEGIN { n = split(t, p, ":"); s = 0; for (i = 1; i <= n; ++i) s = s * 60 + p[i]; printf "%.2f %d\n", s, r }'
}

app_env=(env QT_QPA_PLATFORM=offscreen XDG_CONFIG_HOME="$work/config" XDG_DATA_HOME="$work/data"
         XDG_CACHE_HOME="$work/cache" HOME="$work")

measure "${app_env[@]}" "$app" --quit-after-load --results "$file" >/dev/null # warm-up, untimed
declare -a py empty open
for ((i = 1; i <= runs; ++i)); do
    py+=("$(measure python3 -c 'import json, sys; json.load(open(sys.argv[1]))' "$file")")
    empty+=("$(measure "${app_env[@]}" "$app" --quit-after-load)")
    open+=("$(measure "${app_env[@]}" "$app" --quit-after-load --results "$file")")
    echo "run $i: json.load ${py[-1]% *} s ${py[-1]#* } KiB | app, empty ${empty[-1]% *} s ${empty[-1]#* } KiB | app, file ${open[-1]% *} s ${open[-1]#* } KiB"
done

median() { printf '%s\n' "$@" | sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
col() { local k=$1; shift; for x in "$@"; do echo "$x" | cut -d' ' -f"$k"; done; }
py_s=$(median $(col 1 "${py[@]}")); py_kb=$(median $(col 2 "${py[@]}"))
em_s=$(median $(col 1 "${empty[@]}")); em_kb=$(median $(col 2 "${empty[@]}"))
op_s=$(median $(col 1 "${open[@]}")); op_kb=$(median $(col 2 "${open[@]}"))
awk -v b="$bytes" -v ps="$py_s" -v pk="$py_kb" -v es="$em_s" -v ek="$em_kb" -v os="$op_s" -v ok="$op_kb" 'BEGIN {
    mb = b / 1e6
    printf "file: %.1f MB\n", mb
    printf "json.load:        %.2f s, peak %.0f MB\n", ps, pk * 1024 / 1e6
    printf "app, empty:       %.2f s, peak %.0f MB\n", es, ek * 1024 / 1e6
    printf "app, opening it:  %.2f s, peak %.0f MB (%.1fx the file)\n", os, ok * 1024 / 1e6, ok * 1024 / b
    printf "opening it costs: %.2f s over the empty app (json.load + %.2f s), %.0f MB over it (%.1fx the file)\n",
           os - es, os - es - ps, (ok - ek) * 1024 / 1e6, (ok - ek) * 1024 / b
}'
