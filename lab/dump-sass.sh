#!/usr/bin/env bash
# The SASS of every kernel in lab/dump-sass.list (each GEMM ladder step at its defaults, a
# few other tiles, the memory family), as `rooflab-cli compile` builds it with NVRTC and the
# CUDA Toolkit's nvdisasm disassembles it, into ONE archive $OUT/sass-dumps.tar.gz:
#   sass/NAME.sass        nvdisasm's listing of the module
#   sass/NAME.cubin       the image it was read from
#   sass/manifest.json    per NAME: kernel, dtype, arch, params, cache_key, registers, instr_mix
#   sass/TOOLS.txt        nvdisasm and NVRTC versions, the GPU
#   sass/RUNS.txt         where the instr_mix of two small measured runs came from
# Run on the GPU host (nvdisasm in /usr/local/cuda/bin; no GPU is needed for it) from the
# repository root with the bundle of ../shared/device/qt-bundle.sh in .device-bundle:
#   OUT=/some/folder bash lab/dump-sass.sh
# Then, here: tar -C tests/data -xzf sass-dumps.tar.gz && git add tests/data/sass
# (tst_instrmix compares each dump with the PTX count of the same compile).
set -uo pipefail
ROOT=$(pwd)
OUT=${OUT:?set OUT to a folder}
OUT=$(mkdir -p "$OUT" && cd "$OUT" && pwd) # the bundle's run.sh runs programs from its own folder
[[ -f $ROOT/lab/dump-sass.list && -f $ROOT/.device-bundle/run.sh ]] || {
  echo "run from the repository root with the bundle in .device-bundle" >&2
  exit 2
}
export ROOFLAB_KERNELS=$ROOT/kernels/src ROOFLAB_RESOURCES=$ROOT/resources
export ROOFLAB_CACHE_DIR=$(mktemp -d) # a fresh compile of every kernel, not an older image
export PATH=/usr/local/cuda/bin:$PATH
source "$ROOT/lab/device-env.sh"
RUN="bash $ROOT/.device-bundle/run.sh"
stage=$(mktemp -d)
dir=$stage/sass
mkdir -p "$dir"
command -v nvdisasm >/dev/null || echo "no nvdisasm on PATH or in /usr/local/cuda/bin: the dumps will be missing" >&2
{
  nvdisasm --version 2>&1 | tail -2
  nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>&1
  $RUN bin/rooflab-cli compile gemm.naive --arch sm_90 --json 2>&1 | python3 -c 'import json,sys; print("NVRTC", json.load(sys.stdin).get("nvrtc"))' 2>&1
} >"$dir/TOOLS.txt"

ok=0 failed=0
while read -r name kernel dtype arch rest; do
  [[ -z $name || $name == \#* ]] && continue
  args=()
  for p in $rest; do args+=(--param "$p"); done
  if $RUN bin/rooflab-cli compile "$kernel" --dtype "$dtype" --arch "$arch" "${args[@]}" --mix --json \
    --sass-out "$dir/$name.sass" --cubin-out "$dir/$name.cubin" >"$dir/$name.json" 2>"$dir/$name.err"; then
    ok=$((ok + 1))
    rm -f "$dir/$name.err"
  else
    failed=$((failed + 1))
    echo "$name: FAILED: $(head -3 "$dir/$name.err")"
  fi
done <"$ROOT/lab/dump-sass.list"

# The runner records the mix in its measurements: one small run of each kind (needs the GPU).
for k in "gemm.reg2d --param M=1024 --param N=1024 --param K=1024" "memory.copy --param n=16777216"; do
  $RUN bin/rooflab-cli run $k --json 2>/dev/null | python3 -c '
import json, sys
m = json.load(sys.stdin)["measurements"][0]
mix = m.get("instr_mix") or {}
print("run %-12s instr_mix from %-4s loop %-5s total %s" % (m["kernel"], mix.get("source"), mix.get("loop_found"), mix.get("total")))' ||
    echo "run $k: no measurement"
done | tee "$dir/RUNS.txt"

# One manifest instead of 25 JSON files; a table to read in the device call's output.
python3 - "$dir" <<'PY'
import glob, json, os, sys
d = sys.argv[1]
manifest = {}
for f in sorted(glob.glob(d + "/*.json")):
    name = os.path.basename(f)[:-5]
    try:
        j = json.load(open(f))
    except Exception:
        continue
    manifest[name] = {k: j.get(k) for k in ("kernel", "dtype", "arch", "params", "cache_key", "registers", "instr_mix", "nvrtc")}
    os.remove(f)
json.dump(manifest, open(d + "/manifest.json", "w"), indent=1, sort_keys=True)
def words(c, b): return c.get(b, 0) + 2 * c.get(b + "64", 0) + 4 * c.get(b + "128", 0)
print("%-34s %-6s %-5s %6s %6s %6s %6s %6s %6s %6s %6s" % ("dump", "source", "loop", "math", "lds w", "ldsm", "sts w", "ldg w", "int", "bar", "total"))
for name, m in manifest.items():
    mix = m.get("instr_mix") or {}
    c = mix.get("counts", {})
    print("%-34s %-6s %-5s %6g %6g %6g %6g %6g %6g %6g %6g" % (name, mix.get("source"), mix.get("loop_found"),
          c.get("ffma", 0) + c.get("hmma", 0) + c.get("hgmma", 0) + c.get("dfma", 0), words(c, "lds"), c.get("ldsm", 0),
          words(c, "sts"), words(c, "ldg") + 4 * c.get("ldgsts", 0), c.get("int", 0) + c.get("imad", 0), c.get("bar", 0),
          mix.get("total", 0)))
PY
tar -C "$stage" -czf "$OUT/sass-dumps.tar.gz" sass
echo "dump-sass: $ok written, $failed failed; $(du -h "$OUT/sass-dumps.tar.gz" | cut -f1) in $OUT/sass-dumps.tar.gz"
rm -rf "$stage" "$ROOFLAB_CACHE_DIR"
