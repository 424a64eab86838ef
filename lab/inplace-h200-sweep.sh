#!/usr/bin/env bash
# Issue 14, parts 3 and 4, on the H200 in one device call (about 4 minutes): the ladder's
# middle steps improved in place and the copy kernel, each against its vendor reference in
# the same run, at the same shape, with the SM clock of every measurement.
#
#   A  fp32 4096^3:  gemm.cublas_sgemm  vs gemm.warptiled       (target >= 0.90)
#   B  bf16 8192^3:  gemm.cublas_bf16   vs gemm.mma_multistage  (target >= 0.70)
#   C  copy 1 GiB:   probe.memcpy_d2d   vs memory.copy variants (target >= 1.00)
#
# Each group measures its reference first and last (the clock drifts as the card warms) and
# divides by the faster of the two; "old" rows are the configuration that was the default
# before these changes, run on the new sources. Every row is checked against its reference
# (cuBLAS for the GEMMs, the exact input for the copies) before it is timed.
# Step `tests` (first): tst_gpu_kernels' memory.copy rows and tst_gpu_gemm's warptiled and
# mma_multistage rows (test sizes, random tiles, fp16). Step `sass` (last, ~1 min, no timing):
# lab/dump-sass.sh, the SASS dumps tst_instrmix compares with the PTX of the kernels as they
# are now ($OUT/sass-dumps.tar.gz; unpack with tar -C tests/data -xzf and commit tests/data/sass).
#
# Run from the repository root with the bundle (rooflab-cli, tst_gpu_kernels, tst_gpu_gemm) in
# .device-bundle (BUNDLE names another; the sass step always uses .device-bundle):
#   OUT=... bash lab/inplace-h200-sweep.sh [tests] [A] [B] [C] [sass]
# (default A B C, about 4 minutes, NVRTC compiles included; tests adds 2-3 minutes, sass 1).
# Everything lands under $OUT: inplace.txt (the table printed last), inplace.jsonl (every
# measurement as rooflab-cli wrote it), env.txt, the test logs and rooflab-cli's stderr.
set -uo pipefail
steps=${*:-A B C}
BUNDLE=${BUNDLE:-.device-bundle}
source "$(dirname "$0")/h200-common.sh"
JSONL=$OUT/inplace.jsonl
: >"$JSONL"

# measure GROUP ROLE LABEL KERNEL DTYPE [NAME=VALUE ...]: one rooflab-cli run, one line here
# and one JSON line (the measurement plus group, role and label) in inplace.jsonl.
measure() {
  local group=$1 role=$2 label=$3 k=$4 dt=$5
  shift 5
  local args=()
  for p in "$@"; do args+=(--param "$p"); done
  timeout 60 $RUN bin/rooflab-cli run "$k" --dtype "$dt" "${args[@]}" --json 2>>"$OUT/cli.log" |
    python3 -c '
import json, sys
group, role, label, kernel = sys.argv[1:5]
try:
    m = json.load(sys.stdin)["measurements"][0]
except Exception:
    m = {"kernel": kernel, "failed": True}
m.update(group=group, role=role, label=label)
with open(sys.argv[5], "a") as f:
    f.write(json.dumps(m) + "\n")
if m.get("failed"):
    print("  %-3s %-48s FAILED (see cli.log)" % (role, label))
else:
    t, r = m["time_s"]["median"], m.get("resources", {})
    print("  %-3s %-48s %9.1f us %8.2f TFLOP/s %6.3f TB/s %5.0f MHz %s" % (
        role, label, t * 1e6, m["flops"] / t / 1e12, m["bytes"] / t / 1e12, m.get("clock_mhz", 0),
        "ok" if m["check"]["ok"] else "CHECK FAILED"))
' "$group" "$role" "$label" "$k" "$JSONL"
}

{
  nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,clocks.mem,power.draw,power.limit,temperature.gpu \
    --format=csv
  $RUN bin/rooflab-cli devices
} >"$OUT/env.txt" 2>&1
head -2 "$OUT/env.txt"

if [[ $steps == *tests* ]]; then
  t0=$(date +%s)
  mapfile -t tags < <($RUN bin/tst_gpu_kernels -datatags 2>/dev/null |
    awk '/^TestGpuKernels referenceChecks memory\.copy / {sub(/^TestGpuKernels referenceChecks /, ""); print "referenceChecks:" $0}')
  timeout 90 $RUN bin/tst_gpu_kernels -v1 "${tags[@]}" >"$OUT/tst_gpu_kernels.log" 2>&1
  echo "tst_gpu_kernels, ${#tags[@]} memory.copy rows: rc=$? ($(grep -c '^PASS' "$OUT/tst_gpu_kernels.log") PASS, $(grep -c '^FAIL' "$OUT/tst_gpu_kernels.log") FAIL, $(grep -c '^SKIP' "$OUT/tst_gpu_kernels.log") SKIP)"
  mapfile -t tags < <($RUN bin/tst_gpu_gemm -datatags 2>/dev/null |
    awk '$3 ~ /^gemm\.(warptiled|mma_multistage|cublas_sgemm|cublas_bf16)\// {print $2 ":" $3}')
  timeout 200 $RUN bin/tst_gpu_gemm -v1 "${tags[@]}" >"$OUT/tst_gpu_gemm.log" 2>&1
  echo "tst_gpu_gemm, ${#tags[@]} warptiled/mma_multistage/cuBLAS rows: rc=$? ($(grep -c '^PASS' "$OUT/tst_gpu_gemm.log") PASS, $(grep -c '^FAIL' "$OUT/tst_gpu_gemm.log") FAIL, $(grep -c '^SKIP' "$OUT/tst_gpu_gemm.log") SKIP)"
  grep -h -A3 '^FAIL' "$OUT/tst_gpu_kernels.log" "$OUT/tst_gpu_gemm.log" | head -30
  echo "tests: $(($(date +%s) - t0)) s"
fi

F32="M=4096 N=4096 K=4096"
B16="M=8192 N=8192 K=8192"
if [[ $steps == *A* ]]; then
  t0=$(date +%s)
  echo "A: fp32 4096^3, gemm.warptiled vs cuBLAS SGEMM (pedantic fp32, no TF32)"
  measure A ref "cuBLAS SGEMM" gemm.cublas_sgemm fp32 $F32
  measure A old "old default 64x256x8 4 warps, FRAGPIPE=0" gemm.warptiled fp32 $F32 FRAGPIPE=0
  measure A new "new default 64x256x8 4 warps, FRAGPIPE=1" gemm.warptiled fp32 $F32
  measure A new "64x256x16, FRAGPIPE=0" gemm.warptiled fp32 $F32 BK=16 FRAGPIPE=0
  measure A new "128x128x8 4 warps WNITER=4 TM=8 MINB=1" gemm.warptiled fp32 $F32 BM=128 BN=128 WNITER=4 TM=8 TN=4 MINB=1
  measure A new "128x128x8 ... FRAGPIPE=0" gemm.warptiled fp32 $F32 BM=128 BN=128 WNITER=4 TM=8 TN=4 MINB=1 FRAGPIPE=0
  measure A new "128x128x16 ... FRAGPIPE=0" gemm.warptiled fp32 $F32 BM=128 BN=128 BK=16 WNITER=4 TM=8 TN=4 MINB=1 FRAGPIPE=0
  measure A new "128x256x8 8 warps 64x64, MINB=1" gemm.warptiled fp32 $F32 BM=128 BN=256 MINB=1
  measure A new "128x256x8 8 warps 64x64, MINB=1 FRAGPIPE=0" gemm.warptiled fp32 $F32 BM=128 BN=256 MINB=1 FRAGPIPE=0
  measure A ref "cuBLAS SGEMM (again)" gemm.cublas_sgemm fp32 $F32
  echo "A: $(($(date +%s) - t0)) s"
fi

if [[ $steps == *B* ]]; then
  t0=$(date +%s)
  echo "B: bf16 8192^3 (fp32 accumulation and C), gemm.mma_multistage vs cuBLAS bf16"
  measure B ref "cuBLAS bf16" gemm.cublas_bf16 bf16 $B16
  measure B old "old default 128x128x32 s4, 2x2 warps" gemm.mma_multistage bf16 $B16 BN=128 WARPS_N=2
  measure B new "new default 128x256x32 s4, 2x4 warps" gemm.mma_multistage bf16 $B16
  measure B new "128x256x32 s3" gemm.mma_multistage bf16 $B16 STAGES=3
  measure B new "128x256x32 s6" gemm.mma_multistage bf16 $B16 STAGES=6
  measure B new "128x256x64 s3" gemm.mma_multistage bf16 $B16 BK=64 STAGES=3
  measure B new "256x128x32 s4, 4x2 warps" gemm.mma_multistage bf16 $B16 BM=256 BN=128 WARPS_M=4 WARPS_N=2
  measure B new "128x256x32 s4, FRAGPIPE=0" gemm.mma_multistage bf16 $B16 FRAGPIPE=0
  measure B new "128x256x32 s4, GROUP=16" gemm.mma_multistage bf16 $B16 GROUP=16
  measure B new "128x128x32 s5, 2x2 warps" gemm.mma_multistage bf16 $B16 BN=128 WARPS_N=2 STAGES=5
  measure B peak "probe.mma_bf16 (mma.sync peak)" probe.mma_bf16 bf16
  measure B ref "cuBLAS bf16 (again)" gemm.cublas_bf16 bf16 $B16
  echo "B: $(($(date +%s) - t0)) s"
fi

if [[ $steps == *C* ]]; then
  t0=$(date +%s)
  echo "C: copy of 1 GiB (2^28 fp32, 2 GiB moved), memory.copy vs cudaMemcpyAsync device to device"
  measure C ref "cudaMemcpyAsync D2D" probe.memcpy_d2d fp32 n=268435456
  measure C old "vector (the lesson; block 1024, unroll 2)" memory.copy fp32 n=268435456 variant=vector
  measure C new "persistent, block 1024, unroll 2" memory.copy fp32 n=268435456 variant=persistent
  measure C new "persistent, block 512, unroll 4" memory.copy fp32 n=268435456 variant=persistent block=512 unroll=4
  measure C new "persistent, unroll 4, streaming" memory.copy fp32 n=268435456 variant=persistent unroll=4 cache=streaming
  measure C new "bulk, 4 stages x 16 KiB" memory.copy fp32 n=268435456 variant=bulk
  measure C new "bulk, 4 stages x 32 KiB" memory.copy fp32 n=268435456 variant=bulk chunk=32768
  measure C new "bulk, 3 stages x 64 KiB" memory.copy fp32 n=268435456 variant=bulk stages=3 chunk=65536
  measure C new "bulk, 8 stages x 8 KiB" memory.copy fp32 n=268435456 variant=bulk stages=8 chunk=8192
  measure C new "bulk, 2 stages x 32 KiB" memory.copy fp32 n=268435456 variant=bulk stages=2 chunk=32768
  measure C peak "probe.hbm_read (read-only ceiling)" probe.hbm_read fp32
  measure C ref "cudaMemcpyAsync D2D (again)" probe.memcpy_d2d fp32 n=268435456
  echo "C: $(($(date +%s) - t0)) s"
fi

# The table: every row over the faster reference of its group, the targets said.
python3 - "$JSONL" "$OUT/env.txt" <<'EOF' | tee "$OUT/inplace.txt"
import json, sys
rows = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]
groups = {
    "A": ("fp32 4096^3: gemm.warptiled / cuBLAS SGEMM", "flops", 0.90),
    "B": ("bf16 8192^3: gemm.mma_multistage / cuBLAS bf16", "flops", 0.70),
    "C": ("1 GiB copy: memory.copy / cudaMemcpyAsync D2D", "bytes", 1.00),
}
env = open(sys.argv[2]).read().splitlines()
gpu = env[1].split(",")[0] if len(env) > 1 else "the GPU"
print("Issue 14 parts 3-4 on %s. ratio = rate / the faster of the group's two reference runs." % gpu)
print("rate: TFLOP/s for the GEMMs, TB/s (bytes read + written / median time) for the copies;")
print("MHz: the SM clock rooflab measured for that run (in-kernel or right after it); 'old' = the")
print("previous default configuration on the new sources; check = output against the reference.")
for g, (title, unit, target) in groups.items():
    mine = [r for r in rows if r["group"] == g]
    if not mine:
        continue
    rate = lambda r: r[unit] / r["time_s"]["median"] / 1e12  # TFLOP/s or TB/s
    refs = [rate(r) for r in mine if r["role"] == "ref" and not r.get("failed")]
    ref = max(refs) if refs else 0
    print()
    print("%s   (target >= %.2f; reference %s)" % (title, target, "%.3f" % ref if ref else "missing"))
    print("  %-4s %-48s %10s %9s %7s %6s %5s %6s %s" % ("role", "configuration", "median us", "rate",
          "ratio", "MHz", "regs", "spill", "check"))
    best = None
    for r in mine:
        if r.get("failed"):
            print("  %-4s %-48s FAILED: no measurement (rooflab-cli's message is in cli.log)" % (r["role"], r["label"]))
            continue
        res = r.get("resources", {})
        x = rate(r)
        ratio = x / ref if ref else 0
        ok = r["check"]["ok"]
        print("  %-4s %-48s %10.1f %9.3f %7.3f %6.0f %5s %6s %s" % (
            r["role"], r["label"], r["time_s"]["median"] * 1e6, x, ratio, r.get("clock_mhz", 0),
            res.get("regs", "-"), res.get("spill_bytes", "-"), "ok" if ok else "FAILED " + r["check"].get("message", "")[:60]))
        if r["role"] in ("new", "old") and ok and (best is None or ratio > best[0]):
            best = (ratio, r["label"], r.get("params", {}))
    if best:
        print("  best: %s at %.3f of the reference: target %s" % (best[1], best[0], "MET" if best[0] >= target else "NOT met"))
        print("        params %s" % " ".join("%s=%s" % kv for kv in sorted(best[2].items())))
EOF

if [[ $steps == *sass* ]]; then
  t0=$(date +%s)
  OUT=$OUT bash "$ROOT/lab/dump-sass.sh" >"$OUT/dump-sass.txt" 2>&1
  echo "sass dumps: rc=$? in $(($(date +%s) - t0)) s: $(ls "$OUT"/sass-dumps.tar.gz 2>/dev/null || echo none) ($(grep -c FAILED "$OUT/dump-sass.txt") failed)"
fi
