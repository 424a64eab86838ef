#!/usr/bin/env bash
# Build RoofLab and open the app on its default data. Installs missing Debian packages first.
set -euo pipefail
source "$(dirname "$0")/scripts/common.sh"
find_cuda || exit 1
install_packages
configure_and_build
exec "$BUILD_DIR/app/rooflab" "$@"
