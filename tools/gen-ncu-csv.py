#!/usr/bin/env python3
"""Writes a synthetic Nsight Compute `--csv --page raw --print-units base` export of a whole
application, for the import benchmark (tools/bench-import.sh).

The layout is ncu's: the ID/process/kernel columns, about 180 device__attribute_* and launch__*
columns, then the metrics RoofLab asks for (time, DRAM/L2/L1 bytes, FP32/FP64/FP16 instruction
counts, a tensor FLOP count) and a few "% of peak" figures; a units line after the header;
quoted values with thousands separators. Launches cycle over a few dozen kernels with long
template names, as a real application's do.

    gen-ncu-csv.py OUT.csv --launches 30000
    gen-ncu-csv.py OUT.csv --megabytes 500
"""
import argparse
import random

KERNELS = 40


def kernel_name(k):
    if k % 4 == 0:
        return ("void cutlass::device_kernel<cutlass::gemm::kernel::GemmUniversal<cute::tuple<int, int, int, int>, "
                "cute::tuple<cute::C<128>, cute::C<%d>, cute::C<64>>, cutlass::bfloat16_t, float, "
                "cutlass::epilogue::collective::Epilogue%d>>(T1::Params)" % (64 * (1 + k % 3), k))
    if k % 4 == 1:
        return "void at::native::elementwise_kernel<128, 4, at::native::gpu_kernel_impl_%d<float>>(int, T3)" % k
    if k % 4 == 2:
        return "void flash_fwd_kernel<Flash_fwd_kernel_traits<128, 64, 64, 4, false, false, cutlass::half_t>, %d>(Flash_fwd_params)" % k
    return "reduce_rows_%d(float const*, float*, int, int)" % k


def header():
    cols = ["ID", "Process ID", "Process Name", "Host Name", "Kernel Name", "Context", "Stream",
            "Block Size", "Grid Size", "Device", "CC"]
    units = [""] * len(cols)
    attrs = []
    for i in range(150):
        attrs.append(("device__attribute_synthetic_%03d" % i, ""))
    attrs += [("device__attribute_display_name", ""), ("device__attribute_multiprocessor_count", ""),
              ("device__attribute_l2_cache_size", "byte"), ("device__attribute_global_memory_bus_width", "bit")]
    for i in range(22):
        attrs.append(("launch__synthetic_%02d" % i, ""))
    attrs += [("launch__registers_per_thread", "register/thread"), ("launch__occupancy_limit_registers", "block"),
              ("launch__occupancy_limit_shared_mem", "block"), ("launch__occupancy_limit_warps", "block")]
    metrics = [("dram__bytes.sum", "byte"), ("dram__throughput.avg.pct_of_peak_sustained_elapsed", "%"),
               ("gpu__time_duration.sum", "ns"), ("l1tex__t_bytes.sum", "byte"), ("lts__t_bytes.sum", "byte"),
               ("sm__cycles_elapsed.avg.per_second", "hz"),
               ("sm__ops_path_tensor_src_bf16_dst_fp32.sum", "")]
    for op in ["dadd", "dfma", "dmul", "fadd", "ffma", "fmul", "hadd", "hfma", "hmul"]:
        metrics.append(("sm__sass_thread_inst_executed_op_%s_pred_on.sum" % op, "inst"))
    metrics.append(("sm__throughput.avg.pct_of_peak_sustained_elapsed", "%"))
    for name, unit in attrs + metrics:
        cols.append(name)
        units.append(unit)
    return cols, units


def grouped(n):
    return "{:,}".format(n)


def row(i, rng, cols):
    k = rng.randrange(KERNELS)
    cells = [str(i), "4242", "app", "127.0.0.1", kernel_name(k), "1", "7",
             "(%d, 1, 1)" % (128 * (1 + k % 3)), "(%d, 1, 1)" % (132 * (1 + k % 5)), "0", "9.0"]
    work = 1 << (16 + k % 12)
    for name in cols[len(cells):]:
        if name.startswith("device__attribute_synthetic"):
            cells.append(grouped(1024 * (1 + len(cells) % 7)))
        elif name == "device__attribute_display_name":
            cells.append("NVIDIA H200")
        elif name == "device__attribute_multiprocessor_count":
            cells.append("132")
        elif name == "device__attribute_l2_cache_size":
            cells.append("62,914,560")
        elif name == "device__attribute_global_memory_bus_width":
            cells.append("6,144")
        elif name.startswith("launch__"):
            cells.append(str(1 + len(cells) % 32))
        elif name == "gpu__time_duration.sum":
            cells.append(grouped(2000 + rng.randrange(500000)))
        elif name.endswith("pct_of_peak_sustained_elapsed"):
            cells.append("%.2f" % (rng.random() * 100))
        elif name == "sm__cycles_elapsed.avg.per_second":
            cells.append("1,980,000,000")
        elif name == "sm__ops_path_tensor_src_bf16_dst_fp32.sum":
            cells.append(grouped(work * 4096 if k % 4 == 0 else 0))
        elif "_pred_on.sum" in name:
            # GEMMs: tensor work and an FP32 epilogue; attention kernels: FP16; the rest FP32.
            half = "_op_h" in name
            single = "_op_f" in name
            cells.append(grouped(work if (half and k % 4 == 2) or (single and k % 4 != 2) else 0))
        elif name.endswith("bytes.sum"):
            cells.append(grouped(work * (4 if name.startswith("dram") else 8 if name.startswith("lts") else 16)))
        else:
            cells.append("0")
    return cells


def quote(cells):
    return ",".join('"' + c.replace('"', '""') + '"' for c in cells) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("out")
    ap.add_argument("--launches", type=int, default=30000)
    ap.add_argument("--megabytes", type=float, help="write launches until the file is this large (overrides --launches)")
    ap.add_argument("--seed", type=int, default=18)
    a = ap.parse_args()
    rng = random.Random(a.seed)
    cols, units = header()
    limit = int(a.megabytes * 1e6) if a.megabytes else None
    with open(a.out, "w", newline="") as f:
        f.write("==PROF== Connected to process 4242 (/home/user/app)\n")
        written = f.write(quote(cols)) + f.write(quote(units))
        i = 0
        while (limit is None and i < a.launches) or (limit is not None and written < limit):
            written += f.write(quote(row(i, rng, cols)))
            i += 1
    print("%s: %d launches, %d columns, %.1f MB" % (a.out, i, len(cols), written / 1e6))


if __name__ == "__main__":
    main()
