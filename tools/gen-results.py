#!/usr/bin/env python3
"""Write a large RoofLab results file for benchmarks (tools/bench-results.sh).

    tools/gen-results.py [--count 50000] [--seed 1] [--out big-results.json]

The measurements look like a long tile sweep on an H200: the bundled kernels' ids, their
parameters (sizes, tiles, stages), resources from ptxas, checks, timing with spread, a
prediction, replay times, and on every 25th run the Nsight Compute counters that
`rooflab-cli run --profile` attaches. Written indented by two spaces (--indent 4 is how
Qt indents), so 50,000 measurements make a file of about 50 MB (one measured file was 43 MB).
"""

import argparse
import json
import random

GEMMS = ["gemm.naive", "gemm.coalesced", "gemm.smem_tiled", "gemm.reg1d", "gemm.reg2d",
         "gemm.vectorized", "gemm.warptiled", "gemm.wmma", "gemm.mma_multistage", "gemm.wgmma_tma",
         "gemm.cublas_sgemm", "gemm.cublas_bf16", "gemm.cublas_tf32"]
MEMORY = ["memory.copy", "memory.vector_add", "memory.triad", "probe.hbm_read", "probe.l2_read"]
DTYPE = {"gemm.wmma": "fp16", "gemm.mma_multistage": "bf16", "gemm.wgmma_tma": "bf16",
         "gemm.cublas_bf16": "bf16", "gemm.cublas_tf32": "tf32"}
SIZE = {"fp32": 4, "tf32": 4, "fp16": 2, "bf16": 2}


def gemm(rng, kernel, t):
    dtype = DTYPE.get(kernel, "fp32")
    s = SIZE[dtype]
    m, n, k = (rng.choice([512, 1024, 2048, 4096, 8192]) for _ in range(3))
    bm, bn = rng.choice([32, 64, 128, 256]), rng.choice([32, 64, 128, 256])
    bk = rng.choice([8, 16, 32, 64])
    params = {"M": m, "N": n, "K": k, "BM": bm, "BN": bn, "BK": bk}
    if kernel in ("gemm.reg2d", "gemm.vectorized", "gemm.warptiled"):
        params.update({"TM": rng.choice([4, 8]), "TN": rng.choice([4, 8])})
    if kernel in ("gemm.mma_multistage", "gemm.wgmma_tma"):
        params["stages"] = rng.choice([2, 3, 4])
    flops = 2.0 * m * n * k
    nbytes = float((m * k + k * n + m * n) * s)
    peak = {"fp32": 6.7e13, "tf32": 4.9e14, "fp16": 9.9e14, "bf16": 9.9e14}[dtype]
    eff = rng.uniform(0.02, 0.85)
    median = max(flops / (peak * eff), nbytes / 4.8e12)
    regs = rng.choice([32, 40, 64, 96, 128, 146, 168, 255])
    smem = (params.get("stages", 1)) * (bm * bk + bk * bn) * s
    resources = {"block": rng.choice([128, 256]), "blocks_per_sm": rng.randint(1, 8),
                 "compile_ms": round(rng.uniform(20, 400), 3), "grid": -(-m // bm) * -(-n // bn),
                 "kernel": "%s<%d, %d, %d>" % (kernel.split(".")[1], bm, bn, bk), "regs": regs, "smem": smem}
    return params, dtype, flops, nbytes, median, resources


def memory(rng, kernel, t):
    n = rng.choice([1 << 20, 1 << 24, 1 << 26, 1 << 28])
    dtype = rng.choice(["fp32", "bf16"])
    s = SIZE[dtype]
    flops = {"memory.copy": 0, "memory.vector_add": n, "memory.triad": 2 * n}.get(kernel, 0)
    nbytes = {"memory.copy": 2 * n * s, "probe.hbm_read": n * s, "probe.l2_read": n * s}.get(kernel, 3 * n * s)
    median = nbytes / (4.8e12 * rng.uniform(0.5, 0.95))
    params = {"n": n, "block": rng.choice([128, 256, 512]), "unroll": rng.choice([1, 2, 4]),
              "cache": rng.choice(["default", "streaming"])}
    resources = {"block": params["block"], "blocks_per_sm": rng.randint(2, 8),
                 "compile_ms": round(rng.uniform(20, 100), 3), "grid": 660,
                 "kernel": "%s<%d>" % (kernel.split(".")[1], params["unroll"]), "regs": rng.choice([16, 24, 32, 44]),
                 "smem": 0}
    return params, dtype, float(flops), float(nbytes), median, resources


def counters(rng, m):
    t = m["time_s"]["median"]
    dram = m["bytes"] * rng.uniform(1.0, 1.6)
    metrics = {"gpu__time_duration.sum": t, "dram__bytes.sum": dram,
               "lts__t_bytes.sum": dram * rng.uniform(1.2, 6), "l1tex__t_bytes.sum": dram * rng.uniform(2, 20),
               "sm__cycles_elapsed.avg": t * 1.98e9, "smsp__cycles_elapsed.avg.per_second": 1.98e9,
               "sm__warps_active.avg.pct_of_peak_sustained_active": rng.uniform(10, 90),
               "smsp__issue_active.avg.pct_of_peak_sustained_active": rng.uniform(5, 80),
               "smsp__inst_executed.sum": m["flops"] / 64 + 1e6}
    return {"tool": "ncu 2025.3.0.0", "clock_control": "none", "kernel": m["resources"]["kernel"],
            "metrics": metrics}


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--count", type=int, default=50000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", default="big-results.json")
    ap.add_argument("--indent", type=int, default=2, help="spaces per level (Qt writes 4)")
    a = ap.parse_args()
    rng = random.Random(a.seed)
    ms = []
    t = 0.0
    for i in range(a.count):
        kernel = rng.choice(GEMMS + MEMORY)
        make = gemm if kernel.startswith("gemm.") else memory
        params, dtype, flops, nbytes, median, resources = make(rng, kernel, t)
        spread = rng.uniform(0.002, 0.08)
        m = {"kernel": kernel, "params": params, "dtype": dtype, "flops": flops, "bytes": nbytes,
             "time_s": {"median": median, "min": median * (1 - spread / 2), "max": median * (1 + spread),
                        "samples": rng.choice([20, 50, 100])},
             "check": {"ok": rng.random() > 0.01, "max_rel_err": rng.uniform(0, 1e-5),
                       "reference": "cublas" if kernel.startswith("gemm.") else "cpu-fp64"},
             "resources": resources, "predicted_time_s": median * rng.uniform(0.6, 1.1),
             "clock_mhz": 1980 - rng.uniform(0, 60), "started_at_s": round(t, 6), "source": "rooflab",
             "level": "hbm", "precision": dtype if dtype != "tf32" else "tf32_tc",
             "wall_s": round(rng.uniform(0.05, 0.5), 3)}
        if i % 25 == 0:
            m["counters"] = counters(rng, m)
        t += m["wall_s"]
        ms.append(m)
    doc = {"schema": "rooflab.results/1", "created": "2026-12-01T20:00:00Z",
           "tool": {"name": "rooflab-cli", "version": "0.1.0", "git": "gen-results"},
           "device": {"cc": "9.0", "clock_mhz": 1980, "driver": "580.159.04", "l2_bytes": 62914560,
                      "mem_bus_bits": 6016, "name": "NVIDIA H200", "runtime": "13.0", "sms": 132,
                      "spec": "h200-sxm"},
           "ceilings": [{"kind": "memory", "level": "hbm", "value": 4.3e12, "unit": "B/s", "probe": "copy"},
                        {"kind": "compute", "precision": "fp32", "value": 6.1e13, "unit": "FLOP/s",
                         "probe": "fma_fp32"}],
           "measurements": ms}
    with open(a.out, "w") as f:
        json.dump(doc, f, indent=a.indent, sort_keys=True)
        f.write("\n")


if __name__ == "__main__":
    main()
