#!/usr/bin/env bash
# The copy engine's L2 rate (probe.l2_bulk) beside the loads' (probe.l2_read) on one card, over
# chunk sizes, stages and footprints, then `rooflab-cli ceilings` (which measures both) as the
# card's ceilings file. From the repository root with the bundle in .device-bundle:
#   OUT=dir bash lab/l2-bulk.sh  ->  $OUT/l2-bulk.txt, $OUT/<card>-ceilings.json, the runs' JSON
set -uo pipefail
ROOT=$(pwd)
OUT=${OUT:?set OUT to a folder}
W=$(mktemp -d) && mkdir -p "$W/bundle" "$OUT/l2-bulk-runs"
tar -C "$W/bundle" -xJf "$ROOT/.device-bundle/bundle.tar.xz" || exit 1
export LD_LIBRARY_PATH="$W/bundle/lib:/usr/local/cuda/lib64" ROOFLAB_KERNELS=$ROOT/kernels/src ROOFLAB_RESOURCES=$ROOT/resources
source "$ROOT/lab/device-env.sh"
CLI=$W/bundle/bin/rooflab-cli
card=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1)
tag=$(echo "$card" | grep -qi h200 && echo h200 || echo h100)
rate() { # file label
  python3 - "$1" "$2" <<'PY'
import json, sys
try:
    m = json.load(open(sys.argv[1]))["measurements"][0]
    print(f"{sys.argv[2]}: {m['bytes'] / m['time_s']['median'] / 1e12:.2f} TB/s (min {m['bytes'] / m['time_s']['max'] / 1e12:.2f}, max {m['bytes'] / m['time_s']['min'] / 1e12:.2f}), check {m['check']['ok']}, {m['resources'].get('grid')} blocks, {m.get('clock_mhz', 0):.0f} MHz")
except Exception as e:
    print(f"{sys.argv[2]}: no result ({e})")
PY
}
{
  echo "$card, $(date -u +%FT%TZ)"
  for kib in 16384 32768; do
    for chunk in 4096 8192 16384 32768; do
      for stages in 2 4 6; do
        ((stages * chunk > 200000)) && continue
        f=$OUT/l2-bulk-runs/bulk-$kib-$chunk-$stages.json
        timeout 30 "$CLI" run probe.l2_bulk --param kib=$kib --param chunk=$chunk --param stages=$stages \
          --param passes=64 --json >"$f" 2>"$f.err"
        rate "$f" "l2_bulk kib=$kib chunk=$chunk stages=$stages"
      done
    done
    f=$OUT/l2-bulk-runs/read-$kib.json
    timeout 30 "$CLI" run probe.l2_read --param kib=$kib --param passes=64 --json >"$f" 2>"$f.err"
    rate "$f" "l2_read kib=$kib (default launch)"
  done
  timeout 240 "$CLI" ceilings --out "$OUT/$tag-ceilings.json" 2>&1 | tail -20
} >"$OUT/l2-bulk.txt" 2>&1
cat "$OUT/l2-bulk.txt"
