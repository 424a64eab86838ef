#!/usr/bin/env bash
# Render the user guide's screenshots (docs/screenshots/*.png) with the app itself, offscreen,
# from clean settings, so they can be made again after any change to the UI:
#
#   tools/make-screenshots.sh [path/to/rooflab]      default: build/app/gui/rooflab
#
# Each is taken at 1920x1080 (a classroom projector's full-HD mode); the main window and every
# panel also at 1280x720 (NAME-720p.png), the smallest projector mode the window must fit. When
# pngquant is installed they are reduced to a 256-colour palette (the charts have few colours;
# the files stay small enough for the repository).
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
APP=${1:-$ROOT/build/app/gui/rooflab}
OUT=$ROOT/docs/screenshots
[ -x "$APP" ] || { echo "make-screenshots: $APP is not built" >&2; exit 1; }
mkdir -p "$OUT"
SETTINGS=$(mktemp -d)
trap 'rm -rf "$SETTINGS"' EXIT
export QT_QPA_PLATFORM=offscreen XDG_CONFIG_HOME=$SETTINGS/config XDG_DATA_HOME=$SETTINGS/data
export ROOFLAB_RESOURCES=$ROOT/resources

shot() { # name, then rooflab options (a later --size wins)
  local name=$1; shift
  "$APP" --screenshot "$OUT/$name.png" --size 1920x1080 "$@" 2>/dev/null
  if command -v pngquant >/dev/null; then
    pngquant --force --skip-if-larger --quality 70-95 --output "$OUT/$name.png" "$OUT/$name.png" || true
  fi
  printf '  %-28s %6d KB\n' "$name.png" $(( $(stat -c %s "$OUT/$name.png") / 1024 ))
}

shot main --gpu h200-sxm --demo-points --lang en --theme light
shot compare --gpu a100-sxm4-80gb --compare h100-sxm,h200-sxm,b200 --lang en --theme light
shot occupancy --lesson 04-occupancy --step 1 --panel occupancy --lang en --theme light
shot tile --gpu h200-sxm --panel tile --lang en --theme light
shot runs --gpu h200-sxm --panel runs --lang en --theme light
shot results --gpu h200-sxm --panel results --results "$ROOT/resources/samples/h200-gemm-ladder.json" --lang en --theme light
shot lesson --panel lesson --lesson 02-intensity --step 3 --lang en --theme light
shot presentation --lesson 01-roofline --step 2 --presentation --lang en --theme light
shot presentation-measured --lesson 03-tiling --step 5 --presentation --lang en --theme light
shot presentation-panel --lesson 04-occupancy --step 1 --presentation --lang en --theme light
shot presentation-tile --lesson 03-tiling --step 3 --presentation --lang en --theme light
shot dark --gpu h200-sxm --compare a100-sxm4-80gb --demo-points --theme dark --lang en
shot zh_CN --panel lesson --lesson 03-tiling --step 1 --lang zh_CN --theme light
shot presentation-zh_CN-dark --lesson 01-roofline --step 4 --presentation --lang zh_CN --theme dark
# The smallest projector mode: the window fits, the chart keeps its width.
shot main-720p --gpu h200-sxm --demo-points --lang en --theme light --size 1280x720
shot occupancy-720p --lesson 04-occupancy --step 1 --panel occupancy --lang en --theme light --size 1280x720
shot tile-720p --gpu h200-sxm --panel tile --lang en --theme light --size 1280x720
shot runs-720p --gpu h200-sxm --panel runs --lang en --theme light --size 1280x720
shot results-720p --gpu h200-sxm --panel results --results "$ROOT/resources/samples/h200-gemm-ladder.json" --lang en --theme light --size 1280x720
