#!/usr/bin/env bash
# Does probe.l2_read reach the L2 bandwidth that GEMM tiles get? (wgmma_tma 64x64 with 6 stages
# read its tiles at about 11 TB/s on the H200 where the suite's L2 ceiling says 8.6.) The probe
# over footprints, blocks and loads in flight, on the GPU host, from the repository root with the
# bundle (rooflab-cli) in .device-bundle: OUT=dir bash lab/l2-sweep.sh  ->  $OUT/l2-sweep.txt
set -uo pipefail
ROOT=$(pwd)
OUT=${OUT:?set OUT to a folder}
W=$(mktemp -d) && mkdir -p "$W/bundle"
tar -C "$W/bundle" -xJf "$ROOT/.device-bundle/bundle.tar.xz" || exit 1
export LD_LIBRARY_PATH="$W/bundle/lib:/usr/local/cuda/lib64" ROOFLAB_KERNELS=$ROOT/kernels/src ROOFLAB_RESOURCES=$ROOT/resources
source "$ROOT/lab/device-env.sh"
{
  nvidia-smi --query-gpu=name --format=csv,noheader
  for kib in 4096 16384 32768; do
    for block in 256 1024; do
      for unroll in 4 8; do
        f=$W/l2-$kib-$block-$unroll.json
        timeout 30 "$W/bundle/bin/rooflab-cli" run probe.l2_read --param kib=$kib --param block=$block \
          --param unroll=$unroll --param passes=64 --json >"$f" 2>/dev/null
        python3 - "$f" "$kib" "$block" "$unroll" <<'PY'
import json, sys
try:
    m = json.load(open(sys.argv[1]))["measurements"][0]
    print(f"kib={sys.argv[2]} block={sys.argv[3]} unroll={sys.argv[4]}: {m['bytes'] / m['time_s']['median'] / 1e12:.2f} TB/s, {m['resources'].get('grid')} blocks")
except Exception as e:
    print(f"kib={sys.argv[2]} block={sys.argv[3]} unroll={sys.argv[4]}: no result ({e})")
PY
      done
    done
  done
} >"$OUT/l2-sweep.txt" 2>&1
cat "$OUT/l2-sweep.txt"
