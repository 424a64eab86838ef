#!/usr/bin/env bash
# Build RoofLab and run every test (CTest). Installs missing Debian packages first.
set -euo pipefail
source "$(dirname "$0")/scripts/common.sh"
find_cuda || exit 1
install_packages
# As CI builds: a new compiler warning fails here, not later (ROOFLAB_WARNINGS_AS_ERRORS=OFF to relax).
export ROOFLAB_WARNINGS_AS_ERRORS=${ROOFLAB_WARNINGS_AS_ERRORS:-ON}
configure_and_build
export QT_QPA_PLATFORM=${QT_QPA_PLATFORM:-offscreen}
cd "$BUILD_DIR"
ctest --output-on-failure --timeout 900 "$@"
