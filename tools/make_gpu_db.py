#!/usr/bin/env python3
"""Build resources/gpus/*.json from the sourced reference tables.

Reads ../shared/reference/gpu_specs.json and cc_limits.json (or the paths given)
and writes one RoofLab GPU file per GPU, in base SI units, every number paired
with the source the reference gives for it. Run it again when the reference
changes; the output is committed so the app never needs the reference.

    tools/make_gpu_db.py [REFERENCE_DIR] [OUT_DIR]
"""
import json
import math
import pathlib
import sys

HERE = pathlib.Path(__file__).resolve().parent
REF = pathlib.Path(sys.argv[1]) if len(sys.argv) > 1 else HERE.parent.parent / "shared" / "reference"
OUT = pathlib.Path(sys.argv[2]) if len(sys.argv) > 2 else HERE.parent / "resources" / "gpus"

# reference name -> RoofLab id
IDS = {
    "NVIDIA Tesla V100 SXM2 32GB": "v100-sxm2-32gb",
    "NVIDIA T4": "t4",
    "NVIDIA A100 40GB SXM4": "a100-sxm4-40gb",
    "NVIDIA A100 80GB SXM4": "a100-sxm4-80gb",
    "NVIDIA A100 80GB PCIe": "a100-pcie-80gb",
    "NVIDIA A10": "a10",
    "NVIDIA A40": "a40",
    "NVIDIA L4": "l4",
    "NVIDIA L40S": "l40s",
    "NVIDIA RTX 6000 Ada Generation": "rtx-6000-ada",
    "NVIDIA GeForce RTX 4090": "rtx-4090",
    "NVIDIA GeForce RTX 3090": "rtx-3090",
    "NVIDIA GeForce RTX 5090": "rtx-5090",
    "NVIDIA RTX PRO 6000 Blackwell Workstation Edition": "rtx-pro-6000",
    "NVIDIA H100 SXM5 80GB": "h100-sxm",
    "NVIDIA H100 PCIe 80GB": "h100-pcie",
    "NVIDIA H100 NVL 94GB": "h100-nvl",
    "NVIDIA H200 SXM 141GB": "h200-sxm",
    "NVIDIA H200 NVL 141GB": "h200-nvl",
    "NVIDIA H20 96GB": "h20",
    "NVIDIA B200 (HGX B200, per GPU)": "b200",
    "NVIDIA GB200 (per Blackwell GPU in GB200 NVL72)": "gb200",
    "NVIDIA B300 (HGX B300 / Blackwell Ultra, per GPU)": "b300",
    "NVIDIA GB300 (per Blackwell Ultra GPU in GB300 NVL72)": "gb300",
    "NVIDIA Jetson AGX Orin 64GB (GPU only)": "jetson-agx-orin-64gb",
    "AMD Instinct MI250X": "mi250x",
    "AMD Instinct MI300X": "mi300x",
    "AMD Instinct MI325X": "mi325x",
    "AMD Instinct MI355X": "mi355x",
}

# reference peak key -> RoofLab precision name (the names SpecDb accepts)
PRECISIONS = {
    "fp64": "fp64", "fp64_tc": "fp64_tc", "fp32": "fp32", "fp16": "fp16",
    "tf32_tc": "tf32_tc", "fp16_tc": "fp16_tc", "bf16_tc": "bf16_tc",
    "fp16_tc_fp16acc": "fp16_tc_fp16acc", "fp8_tc": "fp8_tc",
    "fp8_tc_fp16acc": "fp8_tc_fp16acc", "fp6_tc": "fp6_tc", "fp4_tc": "fp4_tc",
    "int8_tc": "int8_tc",
}

SMEM_BW_SOURCE = ("derived: SMs x 32 banks x 4 B per clock x boost clock (CUDA C++ Programming Guide, "
                  "'Shared Memory': 32 banks of 4 bytes, one access per bank per clock)")


def generation(arch: str) -> str:
    for key in ("Blackwell Ultra", "Blackwell", "Hopper", "Ada", "Ampere", "Turing", "Volta",
                "CDNA 4", "CDNA 3", "CDNA 2"):
        if key.lower() in arch.lower():
            return key
    return arch.split()[0]


def sourced(value, source):
    return {"value": value, "source": source}


def src_for(g, key, fallback=""):
    s = g.get("sources", {}).get(key, "")
    derived = g.get("derived", {}).get(key)
    alt = g.get("alternatives", {}).get(key)
    parts = [p for p in (s, f"derived: {derived}" if derived else "", f"alternatives: {alt}" if alt else "") if p]
    return " | ".join(parts) or fallback


def build(g, limits):
    gid = IDS[g["name"]]
    nvidia = g["vendor"] == "NVIDIA"
    out = {
        "schema": "rooflab.gpu/1",
        "id": gid,
        "name": g["name"],
        "vendor": g["vendor"],
        "architecture": g["architecture"],
        "generation": generation(g["architecture"]),
        "form_factor": g.get("form_factor"),
        "compute_capability": g.get("compute_capability"),
    }
    def num(key, scale, out_key):
        v = g.get(key)
        out[out_key] = None if v is None else sourced(v * scale, src_for(g, key))
    num("sms", 1, "sms")
    num("boost_clock_mhz", 1, "boost_clock_mhz")
    num("mem_gb", 1e9, "memory_bytes")
    num("l2_mb", 1024 * 1024, "l2_bytes")
    num("tdp_w", 1, "tdp_w")
    out["memory_type"] = g.get("mem_type")
    bw = {"hbm": sourced(g["mem_bw_gbs"] * 1e9, src_for(g, "mem_bw_gbs"))}
    if nvidia and g.get("sms") and g.get("boost_clock_mhz"):
        bw["smem"] = sourced(g["sms"] * 128 * g["boost_clock_mhz"] * 1e6, SMEM_BW_SOURCE)
    out["bandwidth"] = bw
    peaks = {}
    for k, v in g["peaks"].items():
        if v is not None:
            peaks[PRECISIONS[k]] = sourced(v * 1e12, src_for(g, k))
    out["peaks"] = peaks
    sparse = {}
    for k, v in (g.get("sparse_2to4_as_published") or {}).items():
        sparse[PRECISIONS[k]] = sourced(v * 1e12, src_for(g, k, "vendor datasheet (with sparsity)"))
    out["sparse_peaks"] = sparse
    cc = g.get("compute_capability")
    if cc and cc in limits:
        lim = limits[cc]
        out["sm_limits"] = {k: lim[k] for k in (
            "warp_size", "max_threads_per_block", "max_threads_per_sm", "max_warps_per_sm",
            "max_blocks_per_sm", "regs_per_sm", "max_regs_per_block", "max_regs_per_thread",
            "reg_alloc_unit_size", "reg_file_subpartitions", "smem_per_sm_max_kib",
            "smem_per_block_optin_max_kib", "smem_static_per_block_max_kib",
            "smem_capacity_options_kib", "smem_alloc_granularity_bytes",
            "reserved_smem_per_block_bytes", "smem_banks")}
        out["sm_limits"]["source"] = "shared/reference/cc_limits.json [" + cc + "]: " + "; ".join(
            f"{k}: {v}" for k, v in lim["sources"].items())
    out["confidence"] = g.get("confidence", {})
    out["notes"] = g.get("notes", [])
    return out


def teaching():
    src = "the course notes (hypothetical GPU used to demonstrate the roofline: 20 TFLOP/s, 500 GB/s)"
    return {
        "schema": "rooflab.gpu/1", "id": "teaching-gpu", "name": "Teaching GPU (course notes)",
        "vendor": "Teaching", "architecture": "Hypothetical", "generation": "Hypothetical",
        "form_factor": None, "compute_capability": None, "sms": None, "boost_clock_mhz": None,
        "memory_bytes": None, "l2_bytes": None, "tdp_w": None, "memory_type": None,
        "bandwidth": {"hbm": sourced(500e9, src)},
        "peaks": {"fp32": sourced(20e12, src)}, "sparse_peaks": {},
        "confidence": {"overall": "hypothetical"},
        "notes": ["Not a real GPU: the round numbers of the course notes' first worked example (ridge 40 FLOP/B)."],
    }


def main():
    specs = json.loads((REF / "gpu_specs.json").read_text())
    limits = json.loads((REF / "cc_limits.json").read_text())
    OUT.mkdir(parents=True, exist_ok=True)
    docs = [build(g, limits) for g in specs] + [teaching()]
    for d in docs:
        (OUT / f"{d['id']}.json").write_text(json.dumps(d, indent=2, ensure_ascii=False) + "\n")
    print(f"wrote {len(docs)} GPU files to {OUT}")


if __name__ == "__main__":
    main()
