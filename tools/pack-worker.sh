#!/usr/bin/env bash
# A relocatable worker package for GPU hosts without Qt (README: "GPU servers and clusters"):
# rooflab-cli, the Qt Core libraries it links, the kernel sources, the GPU spec database and the
# sample results, and a launcher that finds them wherever the folder is unpacked.
#
#   tools/pack-worker.sh [BUILD_DIR] [OUT_DIR]      (defaults: build, dist)
#
# gives OUT_DIR/rooflab-worker-VERSION-ARCH.tar.gz. On the host:
#   tar -xzf rooflab-worker-*.tar.gz -C ~ && ~/rooflab-worker/rooflab-cli devices
# and the host's command in rooflab's Hosts dialog is
#   ssh -T -o BatchMode=yes gpu-lab rooflab-worker/rooflab-cli worker
# glibc, libstdc++ and the CUDA driver, NVRTC and cuBLAS 13 are the host's own (Ubuntu 22.04 and
# 24.04, Debian 12 with the NVIDIA driver and the CUDA 13 runtime libraries); the package
# carries only what such a host does not have: Qt 6 Core and its own dependencies (ICU, PCRE2,
# zstd, double-conversion, b2, glib).
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$ROOT/build}
out=${2:-$ROOT/dist}
cli=$build/app/cli/rooflab-cli
[[ -x $cli ]] || { echo "pack-worker.sh: $cli not found: build rooflab-cli first" >&2; exit 2; }
version=$("$cli" --version | awk '{print $2}')
arch=$(uname -m)
name=rooflab-worker
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
pkg=$stage/$name
mkdir -p "$pkg/lib" "$pkg/share/rooflab"

cp -L "$cli" "$pkg/lib/rooflab-cli.bin"
command -v strip >/dev/null && strip --strip-debug "$pkg/lib/rooflab-cli.bin"
# Everything ldd resolves but the C library, the compiler runtime and CUDA (the host's own).
skip='linux-vdso|ld-linux|/libc\.so|/libm\.so|/libdl\.so|/librt\.so|/libpthread|libstdc\+\+|libgcc_s|libcuda\.so|libnvrtc|libcublas|libcudart|libnvJitLink'
ldd "$cli" | awk '/=> \//{print $3}' | grep -v -E "$skip" | sort -u | while read -r lib; do
  cp -L "$lib" "$pkg/lib/"
done
cp -r "$ROOT/kernels/src" "$pkg/share/rooflab/kernels"
cp -r "$ROOT/resources/gpus" "$ROOT/resources/samples" "$pkg/share/rooflab/"
[[ -f $ROOT/resources/cc_limits.json ]] && cp "$ROOT/resources/cc_limits.json" "$pkg/share/rooflab/"

cat >"$pkg/rooflab-cli" <<'LAUNCHER'
#!/bin/sh
# rooflab-cli of this package: its own Qt Core, the host's CUDA (NVRTC, cuBLAS), its kernels and
# spec database, wherever the folder lies. `rooflab-cli worker` is what a RoofLab GUI starts here.
here=$(cd "$(dirname "$0")" && pwd)
cuda=${CUDA_HOME:-/usr/local/cuda}
LD_LIBRARY_PATH="$here/lib:$cuda/lib64:$cuda/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
ROOFLAB_KERNELS=${ROOFLAB_KERNELS:-$here/share/rooflab/kernels}
ROOFLAB_RESOURCES=${ROOFLAB_RESOURCES:-$here/share/rooflab}
export LD_LIBRARY_PATH ROOFLAB_KERNELS ROOFLAB_RESOURCES
exec "$here/lib/rooflab-cli.bin" "$@"
LAUNCHER
chmod +x "$pkg/rooflab-cli"
cat >"$pkg/README.txt" <<README
RoofLab worker $version ($arch): runs RoofLab's bundled CUDA kernels for a RoofLab GUI or
rooflab-cli elsewhere (--host/--via). Needs the NVIDIA driver and the CUDA 13 NVRTC and cuBLAS
libraries (in /usr/local/cuda, or set CUDA_HOME). Try it:

  ./rooflab-cli devices
  ./rooflab-cli suite --device all

Over SSH, the host's command in rooflab's Hosts dialog:  ssh -T -o BatchMode=yes HOST $name/rooflab-cli worker
In a Slurm job:  srun --gres=gpu:1 --time=00:20:00 \$HOME/$name/rooflab-cli worker
README

mkdir -p "$out"
tarball=$out/$name-$version-$arch.tar.gz
tar -C "$stage" -czf "$tarball" "$name"
echo "pack-worker.sh: $(du -h "$tarball" | cut -f1) in $tarball"
