#!/usr/bin/env bash
# What a cp.async pipeline pays per K-iteration that it cannot overlap (the model's
# cpAsyncIterationS, 400 ns from XLA's cost model, contradicted by the committed samples): the
# ladder's mma_multistage as a microbenchmark. One 64 x 64 tile per SM (12 x 11 tiles = 132
# blocks), K = 8192, so a block's math per slice is small and its slices come from L2; over
# STAGES 2..8 the time per iteration falls as the load latency spreads over the stages, down to
# what every iteration costs anyway. From the repository root with the bundle in .device-bundle;
# results under $OUT/cpasync-iter/.
set -uo pipefail
ROOT=$(pwd)
OUT=${OUT:?set OUT to a folder}
W=$OUT/cpasync-iter
mkdir -p "$W"
source "$ROOT/lab/bundle-env.sh"
for warps in "2 2" "1 1"; do
  read -r wm wn <<<"$warps"
  timeout 80 env LD_LIBRARY_PATH="$LIBS" "$CLI" run gemm.mma_multistage --dtype bf16 \
    --param M=768 --param N=704 --param K=8192 --param BM=64 --param BN=64 --param WARPS_M="$wm" \
    --param WARPS_N="$wn" --param GROUP=1 --param FRAGPIPE=1 --axis STAGES=2,3,4,6,8 --axis BK=16,32,64 \
    --out "$W/warps-$wm$wn.json" </dev/null >"$W/warps-$wm$wn.log" 2>&1
  echo "warps $wm x $wn rc=$?"
done
python3 - "$W" <<'PY'
import glob, json, sys
for f in sorted(glob.glob(sys.argv[1] + "/*.json")):
    for m in json.load(open(f))["measurements"]:
        p, t = m["params"], m["time_s"]
        it = p["K"] / p["BK"]
        print(f"{f.rsplit('/', 1)[1]} BK={p['BK']:2d} STAGES={p['STAGES']}: {t['median']*1e6:8.1f} us "
              f"({t['median']/it*1e9:6.1f} ns an iteration, min {t['min']*1e6:.1f}, max {t['max']*1e6:.1f}), "
              f"{m.get('clock_mhz', 0):.0f} MHz, check {m['check']['ok']}")
PY
