#!/usr/bin/env bash
# Build RoofLab and open the app on its default data. Installs missing Debian packages first.
# Arguments go to the app: ./run.sh --results FILE, ./run.sh --lesson 01-roofline, ...
set -euo pipefail
source "$(dirname "$0")/scripts/common.sh"
find_cuda || exit 1
install_packages
# The app and the worker it starts for live runs; ./test.sh builds the rest.
configure_and_build rooflab rooflab-cli
APP="$BUILD_DIR/app/gui/rooflab"
if [ ! -x "$APP" ]; then
  echo "rooflab: the build finished but $APP is not there (is $BUILD_DIR a RoofLab build folder?)" >&2
  exit 1
fi
exec "$APP" "$@"
