#!/usr/bin/env python3
"""The model against held-out tile sweeps: per sweep file, the model's |gap| (median, 90th
percentile, worst), the Spearman rank correlation of predicted against measured time, and how
the model's top pick and the best of its top 8 measure against the sweep's best. A tile whose
compile spilled registers (its prediction says so) is not a pick, as the product's ranking
leaves such tiles out; its gap still counts.

    python3 lab/tails-analyze.py [--cli build/app/cli/rooflab-cli] SWEEP.json...

Each file goes through `rooflab-cli explain FILE --json` (the product's own path, ceilings by
its policy); nothing here predicts anything itself."""
import argparse, json, statistics, subprocess, sys


def ranks(xs):
    order = sorted(range(len(xs)), key=lambda i: xs[i])
    r = [0.0] * len(xs)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and xs[order[j + 1]] == xs[order[i]]:
            j += 1
        for k in range(i, j + 1):
            r[order[k]] = (i + j) / 2.0
        i = j + 1
    return r


def spearman(a, b):
    ra, rb = ranks(a), ranks(b)
    ma, mb = statistics.fmean(ra), statistics.fmean(rb)
    num = sum((x - ma) * (y - mb) for x, y in zip(ra, rb))
    den = (sum((x - ma) ** 2 for x in ra) * sum((y - mb) ** 2 for y in rb)) ** 0.5
    return num / den if den else float("nan")


def pct(xs, p):
    xs = sorted(xs)
    k = (len(xs) - 1) * p
    lo = int(k)
    hi = min(lo + 1, len(xs) - 1)
    return xs[lo] + (xs[hi] - xs[lo]) * (k - lo)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cli", default="build/app/cli/rooflab-cli")
    ap.add_argument("files", nargs="+")
    a = ap.parse_args()
    allgaps = []
    print("| sweep | n | median \\|gap\\| | p90 | worst | Spearman | spilling | top pick vs best | best of top 8 vs best |")
    print("|---|---|---|---|---|---|---|---|---|")
    for f in a.files:
        out = subprocess.run([a.cli, "explain", f, "--json"], capture_output=True, text=True)
        ms = [m for m in json.loads(out.stdout)["measurements"]
              if m.get("gap") is not None and m.get("predicted_s") and m.get("measured_s")]
        if not ms:
            print("| %s | 0 | (nothing explained) |" % f)
            continue
        gaps = [abs(m["gap"]) for m in ms]
        allgaps += gaps
        pred = [m["predicted_s"] for m in ms]
        meas = [m["measured_s"] for m in ms]
        best = min(meas)
        spills = {i for i, m in enumerate(ms) if any("registers spill" in n for n in m.get("notes") or [])}
        by_pred = sorted((i for i in range(len(ms)) if i not in spills), key=lambda i: pred[i])
        top1 = meas[by_pred[0]] / best - 1
        top8 = min(meas[i] for i in by_pred[:8]) / best - 1
        name = f.rsplit("/", 1)[-1].removesuffix(".json")
        print("| %s | %d | %.1f %% | %.1f %% | %.0f %% | %.2f | %d | +%.1f %% | +%.1f %% |" % (
            name, len(ms), 100 * statistics.median(gaps), 100 * pct(gaps, 0.9), 100 * max(gaps),
            spearman(pred, meas), len(spills), 100 * top1, 100 * top8))
    if allgaps:
        print("| all | %d | %.1f %% | %.1f %% | %.0f %% | | | | |" % (
            len(allgaps), 100 * statistics.median(allgaps), 100 * pct(allgaps, 0.9), 100 * max(allgaps)))


if __name__ == "__main__":
    sys.exit(main())
