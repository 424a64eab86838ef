#!/usr/bin/env python3
"""Sweep llm.w4a16_gemm's launch parameters on the GPU in one worker process (issue 19).

    python3 lab/w4a16-sweep.py OUT_DIR WORKER_COMMAND...

Sends `run` requests (app/PROTOCOL.md) to `rooflab-cli worker`, one per (shape, variant), of
W4_SAMPLES samples each (50 unless set), and writes OUT_DIR/w4a16-sweeps.txt (one line per run:
time, bytes per second, the launch, the check). A run whose check fails is marked CHECK-FAILED;
a lost CUDA context restarts the worker for the rest.
"""
import json
import os
import subprocess
import sys

SAMPLES = int(os.environ.get("W4_SAMPLES", "50"))  # per run; the suite takes 100
SHAPES = [(1, 8192), (4, 8192), (16, 8192), (1, 28672), (4, 28672), (16, 28672)]  # (M, N), K = 8192
# (warps, ntiles, stages, kwarps): the block's column warps, a warp's columns, its ring (stages - 1
# in flight), the warps along K sharing a column warp's columns (their sums added in shared memory)
VARIANTS = [(4, 8, 3, 1), (4, 8, 3, 2), (2, 8, 3, 2), (2, 8, 3, 4), (1, 8, 3, 8), (1, 8, 3, 4),
            (4, 8, 4, 2), (2, 8, 4, 4), (4, 4, 3, 2), (2, 4, 3, 4)]
# splitk for a few of them (else the bench's default): fewer parts along K between blocks, more
# inside them.
SPLITS = {28672: [1, 2], 8192: [1, 2, 4]}
SPLIT_VARIANTS = [(4, 8, 3, 2), (2, 8, 3, 4), (1, 8, 3, 8), (1, 8, 3, 4)]


def requests():
    """(kernel, params): cuBLAS on the dequantized weight first, then the variants, per shape."""
    for m, n in SHAPES:
        shape = {"M": m, "N": n, "K": 8192}
        yield "llm.w4a16_cublas", dict(shape)
        for wv, nt, st, kw in VARIANTS:
            yield "llm.w4a16_gemm", dict(shape, warps=wv, ntiles=nt, stages=st, kwarps=kw)
        for wv, nt, st, kw in SPLIT_VARIANTS:
            for s in SPLITS[n]:
                yield "llm.w4a16_gemm", dict(shape, warps=wv, ntiles=nt, stages=st, kwarps=kw, splitk=s)
        yield "llm.w4a16_cublas", dict(shape)  # again: the clock moves through a sweep


def main():
    out, cmd = sys.argv[1], sys.argv[2:]
    todo = list(requests())
    log = open(out + "/w4a16-sweeps.txt", "w")  # line by line: a run cut short keeps what it measured

    def note(line):
        print(line, flush=True)
        log.write(line + "\n")
        log.flush()
    while todo:
        w = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        for i, (kernel, p) in enumerate(todo):
            w.stdin.write(json.dumps({"request": "run", "id": str(i), "kernel": kernel,
                                      "dtype": "bf16", "params": p, "samples": SAMPLES}) + "\n")
        w.stdin.flush()  # kept open: the worker drops queued requests when stdin closes
        done, lost, finished = set(), False, set()
        for raw in w.stdout:
            try:
                e = json.loads(raw)
            except ValueError:
                continue
            rid = e.get("id")
            if e.get("event") == "measurement":
                m = e["measurement"]
                t, r = m["time_s"]["median"], m.get("resources", {})
                ok = m["check"]["ok"]
                kernel, p = todo[int(rid)]
                line = ("%-6s M=%-2d N=%-5d warps=%s kwarps=%s nt=%s stages=%s wgmma=%s xbufs=%s bal=%s smem=%s splitk=%-3s %7.1f us "
                        "%6.3f TB/s min %6.1f grid %s bps %s %s %s MHz" % (
                            "cublas" if kernel.endswith("cublas") else "w4a16", p["M"], p["N"],
                            r.get("block", 0) // 32, m["params"].get("kwarps"), m["params"].get("ntiles"),
                            m["params"].get("stages"), m["params"].get("wgmma"), r.get("xbufs"), r.get("balanced"), r.get("dyn_smem"),
                            r.get("splitk"), t * 1e6,
                            m["bytes"] / t / 1e12,
                            m["time_s"]["min"] * 1e6, r.get("grid"), r.get("blocks_per_sm"),
                            "ok" if ok else "CHECK-FAILED " + m["check"].get("message", "")[:60],
                            m.get("clock_mhz", 0)))
                note(line)
                done.add(int(rid))
            elif e.get("event") == "error" and rid is not None:
                line = "FAILED %s: %s" % (json.dumps(todo[int(rid)][1]), e.get("message", "")[:200])
                note(line)
                done.add(int(rid))
                lost = lost or bool(e.get("context_lost"))
            if e.get("event") == "done" and rid is not None:
                finished.add(int(rid))
                if lost or len(finished) == len(todo):
                    break
        w.stdin.close()
        w.wait()
        rest = [t for i, t in enumerate(todo) if i not in done]
        if not lost or len(rest) == len(todo):
            for kernel, p in rest:
                note("NOT RUN %s %s" % (kernel, json.dumps(p)))
            break
        todo = rest


if __name__ == "__main__":
    main()
