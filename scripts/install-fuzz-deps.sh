#!/usr/bin/env bash
# Optional: what tests/fuzz/run.sh needs (clang with libFuzzer). Not part of test.sh's list.
set -euo pipefail
source "$(dirname "$0")/common.sh"
PACKAGES=(cmake ninja-build clang-14 libclang-rt-14-dev qt6-base-dev)
install_packages
