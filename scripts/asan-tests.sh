#!/usr/bin/env bash
# The model and CLI tests again under AddressSanitizer and UBSan (CMakePresets.json's `asan`:
# Debug, build-asan): a memory error or undefined behaviour in the file readers, the model or
# rooflab-cli fails the test that reaches it. Only those tests' targets are built, so CI (two
# cores, no GPU, no display) pays for the model, the kernel catalog and the CLI, not the GUI.
#   scripts/asan-tests.sh [CTEST-OPTION...]
set -euo pipefail
source "$(dirname "$0")/common.sh"
find_cuda || exit 1
cd "$ROOT"
cmake --preset asan -DCUDAToolkit_ROOT="$CUDA_ROOT" >/dev/null
# Labels from tests/CMakeLists.txt. Left out: the tests whose time is NVRTC's or the
# installer's rather than RoofLab's code (kernel compiles, the install tree, SASS, sshd/Slurm).
LABELS='^(model|cli)$'
EXCLUDE='compile|kernels|tst_install|tst_instrmix|tst_hosts|tst_buildstamp'
mapfile -t tests < <(ctest --preset asan -N -L "$LABELS" -E "$EXCLUDE" | sed -n 's/^ *Test *#[0-9]*: *//p')
[ ${#tests[@]} -gt 0 ] || { echo "asan-tests: no test labelled model or cli" >&2; exit 1; }
cmake --build --preset asan --parallel "$(nproc)" --target rooflab-cli "${tests[@]}"
ctest --preset asan -L "$LABELS" -E "$EXCLUDE" "$@"
