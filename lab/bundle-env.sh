# Sourced by the device scripts that start the bundled programs directly (ncu needs the program,
# not a wrapper): unpacks .device-bundle into a temporary folder and sets B (that folder), LIBS
# (its libraries before the GPU host's) and CLI (its rooflab-cli); the sources and resources
# come from this tree, cuBLAS and NVRTC from the host (lab/device-env.sh).
ROOT=${ROOT:-$(pwd)}
B=$(mktemp -d)/bundle
mkdir -p "$B" && tar -C "$B" -xJf "$ROOT/.device-bundle/bundle.tar.xz" || exit 1
export ROOFLAB_KERNELS=$ROOT/kernels/src ROOFLAB_RESOURCES=$ROOT/resources
source "$ROOT/lab/device-env.sh"
LIBS="$B/lib:/usr/local/cuda/lib64${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
CLI=$B/bin/rooflab-cli
export PATH="/usr/local/cuda/bin:$PATH" # ncu and nvdisasm
