#!/usr/bin/env bash
# clang-tidy (the checks in .clang-tidy) on the C++ sources a change touches, against the
# compile commands of a configured build; any finding fails.
#   scripts/tidy-changed.sh [BASE]     BASE: a commit (default $ROOFLAB_TIDY_BASE, else HEAD~1)
# ROOFLAB_BUILD_DIR names the build (default build/); run-clang-tidy-14 or run-clang-tidy.
set -euo pipefail
source "$(dirname "$0")/common.sh"
cd "$ROOT"
base=${1:-${ROOFLAB_TIDY_BASE:-HEAD~1}}
if ! git rev-parse -q --verify "$base^{commit}" >/dev/null; then
  echo "tidy-changed: no commit $base to compare with: nothing to check"
  exit 0
fi
mapfile -t files < <(git diff --name-only --diff-filter=AM "$base" -- 'app/*.cpp' 'model/*.cpp' 'kernels/*.cpp')
if [ ${#files[@]} -eq 0 ]; then
  echo "tidy-changed: no C++ source changed since $base"
  exit 0
fi
tidy=$(command -v run-clang-tidy-14 || command -v run-clang-tidy) || {
  echo "tidy-changed: run-clang-tidy not found (apt-get install clang-tidy-14)" >&2
  exit 1
}
# run-clang-tidy takes regular expressions: anchor each path.
patterns=()
for f in "${files[@]}"; do patterns+=("$(printf '%s$' "$f" | sed 's/[.]/[.]/g')"); done
# run-clang-tidy-14 has no -warnings-as-errors: a finding in its output fails the step.
log=$(mktemp)
trap 'rm -f "$log"' EXIT
"$tidy" -p "$BUILD_DIR" -quiet "${patterns[@]}" 2>&1 | tee "$log"
# It colours its output when it likes: compare without the colour codes.
if sed 's/\x1b\[[0-9;]*m//g' "$log" | grep -qE ': (warning|error): '; then
  echo "tidy-changed: clang-tidy found the above in ${#files[@]} changed file(s)" >&2
  exit 1
fi
echo "tidy-changed: ${#files[@]} changed file(s) clean"
