#!/usr/bin/env bash
# probe.smem_fma over a grid of configurations on the GPU host, for the performance model's
# overlap of the issue slots and the shared-memory pipe (issue 11): ratio {2,4,8,16,32} x
# stride {1,2,4} x warps per SM {8,16,32,64} with LDS.32 (block 256, blocks_per_sm 1..8),
# then LDS.128 at the ladder's low occupancies and a few block sizes at 32 warps per SM.
# One results file per configuration in one folder, tarred to $OUT/smem-fma.tar.gz, with a
# table ($OUT/smem-fma.txt). Needs no `ceilings` run. Run from the repository root with the
# bundle (rooflab-cli, made by ../shared/device/qt-bundle.sh) in .device-bundle ($BUNDLE):
#   bash lab/smem-fma-sweep.sh                # the grid: 75 runs, about a second each
#   bash lab/smem-fma-sweep.sh tests grid     # first the probe's GPU test rows (bundle with
#                                               # tst_gpu_kernels too; $OUT/tst_smem_fma.log)
#   bash lab/smem-fma-sweep.sh grid profile   # then 4 of them under Nsight Compute (+2 min)
# SMEM_FMA_BUDGET_S (default 110) stops starting runs after that many seconds; the table
# lists what was left out. Overlap in the table: 1 = the FMA issue and the shared-memory
# pipe fully overlap, 0 = one after the other, below 0 = slower still (latency-bound).
set -uo pipefail
ROOT=$(pwd)
OUT=${OUT:?set OUT to a folder}
OUT=$(cd "$OUT" && pwd) # run.sh changes folder: every path it gets is absolute
budget=${SMEM_FMA_BUDGET_S:-110}
steps=${*:-grid}
export ROOFLAB_KERNELS=$ROOT/kernels/src ROOFLAB_RESOURCES=$ROOT/resources
source "$ROOT/lab/device-env.sh"
BUNDLE=$(cd "${BUNDLE:-$ROOT/.device-bundle}" 2>/dev/null && pwd)
[[ -f $BUNDLE/run.sh ]] || { echo "no bundle in ${BUNDLE:-.device-bundle} (see ../shared/device/qt-bundle.sh)" >&2; exit 2; }
RUN="bash $BUNDLE/run.sh"

work=$(mktemp -d)
dir=$work/smem-fma
dest=$dir # where one() writes
mkdir -p "$dir"
log=$dir/runs.log
t0=$(date +%s)
skipped=()

# one ratio stride vec block blocks_per_sm [extra args]: one results file. The work per SM
# is the same for every occupancy (warps x iters = 65536), so short runs do not shrink to
# a few microseconds; the host replays 64 threads' FMA chains for the check.
one() {
  local ratio=$1 stride=$2 vec=$3 block=$4 bps=$5
  shift 5
  local warps=$((block / 32 * bps))
  local iters=$((65536 / warps))
  local name=r${ratio}-s${stride}-v${vec}-w${warps}-b${block}
  if (($(date +%s) - t0 >= budget)); then
    skipped+=("$name")
    return
  fi
  local rc
  $RUN bin/rooflab-cli run probe.smem_fma --param ratio="$ratio" --param stride="$stride" --param vec="$vec" \
    --param block="$block" --param blocks_per_sm="$bps" --param iters="$iters" --repeat 10 \
    --out "$dest/$name.json" "$@" >>"$log" 2>&1
  rc=$?
  echo "$name rc=$rc" >>"$log"
  ((rc == 0)) || echo "$name: rooflab-cli exited $rc (see runs.log)"
}

if [[ $steps == *tests* ]]; then
  # Its rows of tst_gpu_kernels: the checks at the three test sizes, the residency rows and
  # the occupancy cross-check. Not counted in the sweep's time budget.
  timeout 240 $RUN bin/tst_gpu_kernels -v1 smemFma occupancy:probe.smem_fma \
    "referenceChecks:probe.smem_fma fp32 block=96 blocks_per_sm=3 iters=3 ratio=1 stride=3" \
    "referenceChecks:probe.smem_fma fp32 iters=5 ratio=8 stride=2 vec=4" \
    "referenceChecks:probe.smem_fma fp32 block=1024 blocks_per_sm=4 iters=7 ratio=32 stride=32" \
    >"$OUT/tst_smem_fma.log" 2>&1
  echo "tst_gpu_kernels (probe.smem_fma rows): rc=$?"
  grep -E "^(PASS|FAIL|SKIP|QINFO|Totals)" "$OUT/tst_smem_fma.log" | cut -c1-200
  t0=$(date +%s)
fi

nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,power.draw,temperature.gpu --format=csv >"$dir/env.txt" 2>&1
$RUN bin/rooflab-cli devices >>"$dir/env.txt" 2>&1

if [[ $steps == *grid* ]]; then
  for ratio in 2 4 8 16 32; do
    for stride in 1 2 4; do
      for bps in 1 2 4 8; do one "$ratio" "$stride" 1 256 "$bps"; done
    done
  done
  # LDS.128 as the vectorized and warp-tiled steps use it, at their 8 and 16 warps per SM.
  for ratio in 4 8 16; do
    for stride in 1 2; do
      for bps in 1 2; do one "$ratio" "$stride" 4 256 "$bps"; done
    done
  done
  # The same 32 warps per SM in blocks of 128, 512, 1024 (256 is in the grid).
  one 8 1 1 128 8
  one 8 1 1 512 2
  one 8 1 1 1024 1
fi

if [[ $steps == *profile* ]]; then
  # Nsight Compute's counters (shared wavefronts, issue slots) beside a few of the runs.
  budget=$((budget + 120))
  dest=$dir/profile
  mkdir -p "$dest"
  for cfg in "8 1 1 256 1" "8 2 1 256 1" "4 1 4 256 1" "32 1 1 256 4"; do
    read -r r s v b n <<<"$cfg"
    one "$r" "$s" "$v" "$b" "$n" --profile
  done
fi
wall=$(($(date +%s) - t0))

if [[ $steps == *grid* ]]; then
  # The SASS of three of them (nvdisasm of the toolkit there): the loop's LDS and FFMA counts
  # and whether the FFMAs take their factor as an immediate, as the PTX count assumes.
  mkdir -p "$dir/sass"
  for cfg in "8 2 1" "32 1 4" "2 4 1"; do
    read -r r s v <<<"$cfg"
    $RUN bin/rooflab-cli compile probe.smem_fma --arch sm_90 --param ratio="$r" --param stride="$s" --param vec="$v" \
      --mix --mix-source sass --sass-out "$dir/sass/r$r-s$s-v$v.sass" >"$dir/sass/r$r-s$s-v$v.mix.txt" 2>&1
  done
fi

# The table: per SM and clock, what the FMA pipe and the shared-memory pipe alone would
# need, against the time measured.
python3 - "$dir" "$wall" "${skipped[@]}" >"$dir/summary.txt" <<'PY'
import glob, json, os, sys
d, wall, skipped = sys.argv[1], sys.argv[2], sys.argv[3:]
rows, bad = [], []
for f in glob.glob(os.path.join(d, "*.json")) + glob.glob(os.path.join(d, "profile", "*.json")):
    name = os.path.relpath(f, d)[:-5]
    try:
        m = json.load(open(f))["measurements"][0]
        p, r, t = m["params"], m["resources"], m["time_s"]["median"]
        clk = m.get("clock_mhz", 0) * 1e6
        warps, iters = r["warps_per_sm"], int(p["iters"])
        ffma = warps * iters * r["ffma_per_iter"]            # warp instructions per SM
        lds = warps * iters * r["lds_per_iter"]
        wave = lds * r["wavefronts_per_lds"]
        cyc = t * clk
        t_fma = ffma / 4                                       # 4 schedulers x 32 lanes
        t_issue = (ffma + lds + 3 * warps * iters) / 4         # + the loop's IADD, ISETP, BRA
        t_smem = wave                                          # one wavefront per clock
        over = (t_issue + t_smem - cyc) / min(t_issue, t_smem)
        line = "%-26s %3d/%-3d %3d %9.1f %7.2f %7.2f %6.3f %6.3f %6.3f %7.2f %5.0f %s" % (
            name, warps, int(p["blocks_per_sm"]) * int(p["block"]) // 32, r.get("regs", 0), t * 1e6,
            m["flops"] / t / 1e12, m["bytes"] / t / 1e12, t_fma / cyc, t_issue / cyc, t_smem / cyc, over,
            m.get("clock_mhz", 0), "ok" if m["check"]["ok"] else "CHECK FAILED")
        c = m.get("counters")
        if c:  # Nsight Compute: wavefronts of the grid against the expected count
            line += "\n%-26s ncu: %s shared wavefronts (expected %d), issue active %s %%, occupancy %s %%, %s MHz" % (
                "", c.get("smem_wavefronts", "?"), wave * r["grid"] // max(1, r["blocks_per_sm"]),
                c.get("issue_active_pct", "?"), c.get("occupancy_pct", "?"), c.get("sm_clock_mhz", "?"))
        key = (name.startswith("profile"), int(p["vec"]), int(p["ratio"]), int(p["stride"]), warps, int(p["block"]))
        rows.append((key, line))
    except Exception as e:
        bad.append("%-26s unreadable: %r" % (name, e))
print("%-26s %-7s %3s %9s %7s %7s %6s %6s %6s %7s %5s" % ("config", "warps", "reg", "us", "TFLOP/s", "TB/s", "fma", "issue",
                                                          "smem", "overlap", "MHz"))
print("(warps: achieved/asked per SM; fma, issue, smem: that pipe's busy fraction if it alone set the time; overlap: "
      "1 = the two run fully side by side, 0 = one after the other)")
print("\n".join(line for _, line in sorted(rows)))
print("\n".join(bad))
print("%d results (%d unreadable), %s s" % (len(rows), len(bad), wall))
if skipped:
    print("left out (over the time budget): " + " ".join(skipped))
PY
for f in "$dir"/sass/*.mix.txt; do
  [[ -f $f ]] && { echo "$(basename "$f" .mix.txt): $(tail -1 "$f")"; } >>"$dir/summary.txt"
done
cp "$dir/summary.txt" "$OUT/smem-fma.txt"
echo "smem-fma sweep: $(grep -c ' rc=0$' "$log") of $(grep -c ' rc=' "$log") runs exited 0 in $wall s; $OUT/smem-fma.tar.gz"
tar -C "$work" -czf "$OUT/smem-fma.tar.gz" smem-fma
rm -rf "$work"
cat "$OUT/smem-fma.txt"
