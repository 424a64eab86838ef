# Shared by run.sh and test.sh: install what the build needs on Debian 12, then configure and build.
# Sourced, not run.

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD_DIR=${ROOFLAB_BUILD_DIR:-$ROOT/build}

# Debian packages the build, the tests and the app need.
PACKAGES=(cmake ninja-build g++ pkg-config
          qt6-base-dev qt6-svg-dev qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools
          libqcustomplot-dev libqcustomplot2.1-qt6 libgl-dev
          qt6-httpserver-dev qt6-websockets-dev libqrencode-dev   # class mode: the student page, its QR code
          chromium chromium-driver             # tst_gui_classmode: the student page in headless Chromium
          fonts-dejavu-core fonts-noto-cjk
          xvfb xdotool x11-utils imagemagick   # tst_run_sh: ./run.sh on a real X server
          clang-format-14 clang-tidy-14       # the test "format" (tools/check-format.sh), scripts/tidy-changed.sh
          openssh-server openssh-client slurmctld slurmd slurm-client munge)   # tst_hosts: sshd, one-node Slurm

as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; elif command -v sudo >/dev/null; then sudo "$@"; else
    echo "rooflab: need root (or sudo) to run: $*" >&2; return 1; fi
}

install_packages() {
  local missing=()
  for p in "${PACKAGES[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  if [ ${#missing[@]} -gt 0 ]; then
    echo "rooflab: installing ${missing[*]}"
    as_root env DEBIAN_FRONTEND=noninteractive apt-get update -q || return 1
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}" || return 1
  fi
}

find_cuda() {
  for d in "${CUDA_HOME:-}" "${CUDA_PATH:-}" /usr/local/cuda /usr/local/cuda-13.0 /usr/local/cuda-13; do
    if [ -n "$d" ] && [ -x "$d/bin/nvcc" ] && [ -f "$d/include/cuda_occupancy.h" ] && [ -f "$d/include/nvrtc.h" ]; then
      CUDA_ROOT=$d; return 0
    fi
  done
  cat >&2 <<'MSG'
rooflab: the CUDA Toolkit was not found (looked in $CUDA_HOME, /usr/local/cuda).
Install CUDA Toolkit 13 (nvcc, NVRTC, cuBLAS and the cudart headers), e.g. NVIDIA's
Debian 12 repository: https://developer.nvidia.com/cuda-downloads
  sudo apt-get install cuda-toolkit-13-0
or set CUDA_HOME to where it is installed. No GPU is needed to build or test.
MSG
  return 1
}

# configure_and_build [TARGET...]: every target when none is named. A configured Ninja folder
# is not configured again (ninja re-runs CMake itself when a CMakeLists.txt changed), unless
# CMAKE_BUILD_TYPE or ROOFLAB_WARNINGS_AS_ERRORS (ON/OFF; unset: as configured) asks for
# another setting, so a second run with nothing to do takes a moment.
configure_and_build() {
  local type=${CMAKE_BUILD_TYPE:-RelWithDebInfo} targets=() options=() werror=${ROOFLAB_WARNINGS_AS_ERRORS:-}
  for t in "$@"; do targets+=(--target "$t"); done
  [ -n "$werror" ] && options+=(-DROOFLAB_WARNINGS_AS_ERRORS="$werror")
  local src
  src=$(sed -n 's/^CMAKE_HOME_DIRECTORY:INTERNAL=//p' "$BUILD_DIR/CMakeCache.txt" 2>/dev/null || true)
  if [ -n "$src" ] && [ "$(cd "$src" 2>/dev/null && pwd -P)" != "$(cd "$ROOT" && pwd -P)" ]; then
    echo "rooflab: $BUILD_DIR was configured for the sources in $src, not $ROOT: set ROOFLAB_BUILD_DIR to another folder" >&2
    return 1
  fi
  if [ ! -f "$BUILD_DIR/build.ninja" ] || ! grep -qx "CMAKE_BUILD_TYPE:STRING=$type" "$BUILD_DIR/CMakeCache.txt" 2>/dev/null ||
     { [ -n "$werror" ] && ! grep -qx "ROOFLAB_WARNINGS_AS_ERRORS:BOOL=$werror" "$BUILD_DIR/CMakeCache.txt"; }; then
    cmake -S "$ROOT" -B "$BUILD_DIR" -G Ninja -DCMAKE_BUILD_TYPE="$type" \
          -DCUDAToolkit_ROOT="$CUDA_ROOT" "${options[@]}" || return 1
  fi
  cmake --build "$BUILD_DIR" --parallel "$(nproc)" "${targets[@]}" || return 1
}
