#!/usr/bin/env python3
"""Nsight Compute's shared-memory wavefronts per instruction from lab/lds-wavefronts.sh's output,
as the CSV tests/tst_perfmodel reads (tests/data/ncu/lds/): one row per launch, with the 32 lane
words of its pattern (the patterns of lab/lds-wavefronts.cu, written out here again).

    python3 lab/lds-wavefronts-table.py lds-wavefronts.txt... > tests/data/ncu/lds/h100.csv"""
import csv, io, sys

PATTERNS = {
    "contiguous": lambda l: l * 4,
    "all-one-address": lambda l: 0,
    "halves-two-addresses": lambda l: (l // 16) * 4,
    "halves-same-bank": lambda l: (l // 16) * 32,
    "quarters-four-addresses": lambda l: (l // 8) * 4,
    "quarters-same-bank": lambda l: (l // 8) * 32,
    "eight-addresses": lambda l: (l // 4) * 4,
    "sixteen-pairs-across-halves": lambda l: (l % 16) * 4,
    "sixteen-pairs-stride-8": lambda l: (l % 16) * 8,
    "lane-stride-8": lambda l: l * 8,
    "two-rows-of-16": lambda l: (l // 16) * 64 + (l % 16) * 4,
    "eight-repeated-stride-8": lambda l: (l % 8) * 8,
    "eight-repeated-stride-4": lambda l: (l % 8) * 4,
    "four-repeated-stride-8": lambda l: (l % 4) * 8,
    "quarters-stride-16": lambda l: (l // 8) * 16,
    "quarters-stride-64": lambda l: (l // 8) * 64,
    "octets-stride-4": lambda l: (l // 4) * 16,
}


def rows(path):
    text = open(path).read().splitlines()
    device = text[0].strip()
    order = [l.split() for l in text if l[:1].isdigit() and len(l.split()) == 4]
    table = list(csv.reader(io.StringIO("\n".join(l for l in text if l.startswith('"')))))
    head, data = table[0], table[2:]
    col = {h: i for i, h in enumerate(head)}
    value = lambda r, k: float(r[col[k]].replace(",", ""))
    for (_, op, width, name), r in zip(order, data):
        side = "ld" if op == "ld" else "st"
        wf = value(r, f"l1tex__data_pipe_lsu_wavefronts_mem_shared_op_{side}.sum")
        inst = value(r, f"smsp__inst_executed_op_shared_{side}.sum")
        yield [device, op, width, name, f"{wf / inst:g}"] + [PATTERNS[name](l) for l in range(32)]


out = csv.writer(sys.stdout, lineterminator="\n")
out.writerow(["device", "op", "bytes", "pattern", "wavefronts_per_instruction"] + [f"w{l}" for l in range(32)])
seen = set()
for path in sys.argv[1:]:
    for row in rows(path):
        if tuple(row[1:4]) not in seen:
            seen.add(tuple(row[1:4]))
            out.writerow(row)
