# Sourced by this folder's device scripts: where the sources and results go, the GPU host's
# libraries (lab/device-env.sh) and how a bundled program is started ($BUNDLE, default
# .device-bundle, made by shared/device/qt-bundle.sh).
ROOT=$(pwd)
OUT=${OUT:?set OUT to a folder}
# ROOFLAB_KERNELS may name a snapshot of the sources the bundle was built from (the tree the
# device call copies may hold edits in progress).
export ROOFLAB_KERNELS=${ROOFLAB_KERNELS:-$ROOT/kernels/src} ROOFLAB_RESOURCES=$ROOT/resources
source "$ROOT/lab/device-env.sh"
RUN="bash $ROOT/${BUNDLE:-.device-bundle}/run.sh"
