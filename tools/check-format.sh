#!/usr/bin/env bash
# Lists the C++ and CUDA files that differ from .clang-format; exit 1 when any does.
#   tools/check-format.sh [FILE...]      (default: every tracked *.cpp *.h *.cu *.cuh)
# CLANG_FORMAT picks the binary (default: clang-format-14, as CI installs it, else
# clang-format; versions format differently). Exit 77 when there is none (CTest: skipped).
# To fix a file: clang-format-14 -i FILE. CTest runs this as the test "format".
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
CF=${CLANG_FORMAT:-}
if [ -z "$CF" ]; then
  for c in clang-format-14 clang-format; do
    if command -v "$c" >/dev/null; then CF=$c; break; fi
  done
fi
if [ -z "$CF" ]; then
  echo "check-format: clang-format not found (apt-get install clang-format-14, or set CLANG_FORMAT)" >&2
  exit 77
fi

if [ $# -gt 0 ]; then
  files=("$@")
else
  mapfile -t files < <(git ls-files '*.cpp' '*.h' '*.cu' '*.cuh')
fi

differ=0
for f in "${files[@]}"; do
  [ -f "$f" ] || continue # deleted in the working tree
  if ! "$CF" --style=file --dry-run -Werror "$f" >/dev/null 2>&1; then
    echo "$f"
    differ=$((differ + 1))
  fi
done
if [ "$differ" -gt 0 ]; then
  echo "check-format: $differ of ${#files[@]} files differ from .clang-format ($CF)" >&2
  exit 1
fi
echo "check-format: ${#files[@]} files formatted"
