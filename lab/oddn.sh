#!/usr/bin/env bash
# Why the tensor-core steps and cuBLAS take ~10 us more at M x N x K = 333 x 517 x 264 than at
# 256^3 (committed ladder, H200: wgmma_tma 9.8 -> 20.1 us, mma_multistage 11.3 -> 22.1, cublas_bf16
# 5.2 -> 14.1) while the fp8 step at 333 x 528 x 272 does not (8.8 -> 9.9): odd N sends the fp32
# epilogue (storeC) down its element-by-element path. Times over N (odd and even beside each other),
# then Nsight Compute's store and DRAM counters at N = 517 and 518. From the repository root with
# the bundle in .device-bundle; everything under $OUT/oddn/.
set -uo pipefail
ROOT=$(pwd)
OUT=${OUT:?set OUT to a folder}
W=$OUT/oddn
mkdir -p "$W"
source "$ROOT/lab/bundle-env.sh"
nvidia-smi --query-gpu=name,clocks.sm --format=csv,noheader | tee "$W/card.txt"
tile_tma="--param BM=128 --param BN=256 --param CONSUMERS=2 --param GROUP=8 --param STAGES=4"
tile_mma="--param BM=128 --param BN=256 --param BK=32 --param STAGES=4 --param WARPS_M=2 --param WARPS_N=4 --param GROUP=8 --param FRAGPIPE=1"
shape="--param M=333 --param K=264 --axis N=512,516,517,518,519,520,1034"
sweep() { # tag kernel args...
  local tag=$1 kernel=$2
  shift 2
  timeout 60 env LD_LIBRARY_PATH="$LIBS" "$CLI" run "$kernel" --dtype bf16 "$@" --out "$W/$tag.json" \
    </dev/null >"$W/$tag.log" 2>&1
  echo "$tag rc=$?"
}
# shellcheck disable=SC2086
{
  sweep tma gemm.wgmma_tma $tile_tma $shape
  sweep mma gemm.mma_multistage $tile_mma $shape
  sweep cublas gemm.cublas_bf16 $shape
  sweep tma256 gemm.wgmma_tma $tile_tma --param M=256 --param K=256 --axis N=256,255,257
} | tee "$W/summary.txt"
python3 - "$W" <<'PY' | tee -a "$W/summary.txt"
import glob, json, sys
for f in sorted(glob.glob(sys.argv[1] + "/*.json")):
    try:
        for m in json.load(open(f))["measurements"]:
            t = m["time_s"]
            p = m["params"]
            print(f"{m['kernel']:22s} M={p.get('M')} N={p.get('N')} K={p.get('K')}: median {t['median']*1e6:7.2f} us "
                  f"(min {t['min']*1e6:.2f}, max {t['max']*1e6:.2f}), check {m['check']['ok']}")
    except Exception as e:
        print(f, "unreadable:", e)
PY
metrics=gpu__time_duration.sum,dram__bytes_read.sum,dram__bytes_write.sum
metrics+=,smsp__inst_executed_op_global_st.sum,l1tex__t_requests_pipe_lsu_mem_global_op_st.sum
metrics+=,l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum,lts__t_sectors_op_write.sum,lts__t_requests_op_write.sum
metrics+=,lts__t_sectors_srcunit_tex_op_write_lookup_miss.sum,lts__t_sectors_srcunit_tex_op_write_lookup_hit.sum
metrics+=,lts__t_sectors_op_read.sum,lts__t_sectors_srcunit_tex_op_read_lookup_miss.sum
metrics+=,sm__cycles_elapsed.max,sm__cycles_active.max,lts__average_t_sector_fill_latency
for n in 517 518; do
  for k in tma cublas; do
    if [[ $k == tma ]]; then
      args="gemm.wgmma_tma $tile_tma"
      rx="regex:gemm_wgmma_tma"
    else
      args="gemm.cublas_bf16"
      rx="regex:(xmma|cutlass|gemm|Kernel)"
    fi
    # shellcheck disable=SC2086
    timeout 60 env -u LD_LIBRARY_PATH ncu --clock-control none --csv --page raw --print-units base \
      -k "$rx" --launch-skip 3 --launch-count 1 --metrics "$metrics" --section WarpStateStats \
      --target-processes all env LD_LIBRARY_PATH="$LIBS" ROOFLAB_NO_DISASSEMBLER=1 "$CLI" run $args --dtype bf16 \
      --param M=333 --param K=264 --param N=$n --repeat 3 </dev/null >"$W/ncu-$k-$n.csv" 2>"$W/ncu-$k-$n.err"
    echo "ncu $k N=$n rc=$? $(grep -c '^"' "$W/ncu-$k-$n.csv") lines" | tee -a "$W/summary.txt"
  done
done
