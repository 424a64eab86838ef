# Sourced by the scripts that run on the GPU host: cuBLAS and NVRTC come from the CUDA
# Toolkit there; where it lacks them, from the pip wheels (nvidia-*-cu13) of its Python.
for lib in libcublas.so.13 libnvrtc.so.13; do
  if [[ ! -e /usr/local/cuda/lib64/$lib ]]; then
    d=$(python3 -c 'import glob, site, sys
for s in site.getsitepackages():
    for f in glob.glob(s + "/nvidia/*/lib/" + sys.argv[1]):
        print(f.rsplit("/", 1)[0]); raise SystemExit' "$lib" 2>/dev/null)
    [[ -n $d ]] && export LD_LIBRARY_PATH=${LD_LIBRARY_PATH:+$LD_LIBRARY_PATH:}$d
    echo "$lib not in /usr/local/cuda/lib64; using ${d:-nothing}" >&2
  fi
done
