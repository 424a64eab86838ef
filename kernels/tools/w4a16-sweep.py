#!/usr/bin/env python3
"""Sweep llm.w4a16_gemm's launch parameters on the GPU in one worker process (issue 19).

    python3 kernels/tools/w4a16-sweep.py OUT_DIR WORKER_COMMAND...

Sends `run` requests (app/PROTOCOL.md) to `rooflab-cli worker`, one per (shape, variant),
and writes OUT_DIR/w4a16-sweeps.txt (one line per run: time, bytes per second, the launch, the
check). A run whose
check fails is marked CHECK-FAILED; a lost CUDA context restarts the worker for the rest.
"""
import json
import subprocess
import sys

SHAPES = [(1, 28672), (16, 28672), (1, 8192), (16, 8192), (4, 28672), (4, 8192)]  # (M, N), K = 8192
# (warps, ntiles, stages): the block's width, a warp's columns, its ring (stages - 1 in flight)
VARIANTS = [(4, 8, 3), (4, 8, 4), (4, 8, 5), (4, 8, 6), (8, 8, 3), (8, 4, 5), (4, 4, 6), (4, 4, 8),
            (2, 8, 6), (8, 8, 4)]
# splitk for a few of them: one wave of long-lived blocks against several waves of short ones.
SPLITS = {28672: [2, 3, 4, 7], 8192: [4, 8, 11, 16]}
SPLIT_SHAPES = [(4, 8, 5), (8, 4, 5), (4, 8, 4)]


def requests():
    for m, n in SHAPES:
        for wv, nt, st in VARIANTS:
            yield {"M": m, "N": n, "K": 8192, "warps": wv, "ntiles": nt, "stages": st}
    for m, n in SHAPES[:4]:
        for wv, nt, st in SPLIT_SHAPES:
            for s in SPLITS[n]:
                yield {"M": m, "N": n, "K": 8192, "warps": wv, "ntiles": nt, "stages": st, "splitk": s}


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
        for i, p in enumerate(todo):
            w.stdin.write(json.dumps({"request": "run", "id": str(i), "kernel": "llm.w4a16_gemm",
                                      "dtype": "bf16", "params": p, "samples": 50}) + "\n")
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
                p = todo[int(rid)]
                line = ("M=%-2d N=%-5d warps=%s nt=%s stages=%s smem=%s splitk=%-3s %7.1f us %6.3f TB/s "
                        "min %6.1f grid %s bps %s %s %s MHz" % (
                            p["M"], p["N"], r.get("block", 0) // 32, m["params"].get("ntiles"),
                            m["params"].get("stages"), r.get("dyn_smem"), r.get("splitk"), t * 1e6,
                            m["bytes"] / t / 1e12,
                            m["time_s"]["min"] * 1e6, r.get("grid"), r.get("blocks_per_sm"),
                            "ok" if ok else "CHECK-FAILED " + m["check"].get("message", "")[:60],
                            m.get("clock_mhz", 0)))
                note(line)
                done.add(int(rid))
            elif e.get("event") == "error" and rid is not None:
                line = "FAILED %s: %s" % (json.dumps(todo[int(rid)]), e.get("message", "")[:200])
                note(line)
                done.add(int(rid))
                lost = lost or bool(e.get("context_lost"))
            if e.get("event") == "done" and rid is not None:
                finished.add(int(rid))
                if lost or len(finished) == len(todo):
                    break
        w.stdin.close()
        w.wait()
        rest = [p for i, p in enumerate(todo) if i not in done]
        if not lost or len(rest) == len(todo):
            for p in rest:
                note("NOT RUN %s" % json.dumps(p))
            break
        todo = rest


if __name__ == "__main__":
    main()
