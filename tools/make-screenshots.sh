#!/usr/bin/env bash
# Render every screenshot the user guide and the README show (docs/screenshots/*.png) with the
# app itself, from clean settings, so they can be made again after any change to the UI:
#
#   tools/make-screenshots.sh [BUILD_DIR | BUILD_DIR/app/gui/rooflab]      default: build
#
# It runs BUILD_DIR/app/gui/rooflab and, for the hosts dialog's two pictures, the GUI test
# BUILD_DIR/tests/tst_gui_hosts (build both first).
#
# Each picture is taken on a real X screen of the size it shows (Xvfb): 1920x1080 (a classroom
# projector's full-HD mode), and for the main window and every panel also 1280x720
# (NAME-720p.png), the smallest projector mode the window must fit. The window is sized to the
# screen as a user's would be. Without Xvfb the pictures are taken offscreen (said on stderr).
# When pngquant is installed they are reduced to a 256-colour palette (the charts have few
# colours; the files stay small enough for the repository). At the end the script lists any
# picture the guide names that it did not make.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${1:-$ROOT/build}
if [ -f "$BUILD" ]; then # the program itself was named
  BUILD=$(cd "$(dirname "$BUILD")/../../.." && pwd)
fi
APP=$BUILD/app/gui/rooflab
HOSTS_TEST=$BUILD/tests/tst_gui_hosts
CLASS_TEST=$BUILD/tests/tst_gui_classmode
OUT=$ROOT/docs/screenshots
[ -x "$APP" ] || { echo "make-screenshots: $APP is not built" >&2; exit 1; }
mkdir -p "$OUT"
WORK=$(mktemp -d)
STAMP=$WORK/started # what this run writes is newer
touch "$STAMP"
XVFB_PIDS=()
cleanup() {
  for pid in "${XVFB_PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done
  rm -rf "$WORK"
}
trap cleanup EXIT
export XDG_CONFIG_HOME=$WORK/config XDG_DATA_HOME=$WORK/data XDG_RUNTIME_DIR=$WORK/runtime
mkdir -p "$XDG_RUNTIME_DIR" && chmod 700 "$XDG_RUNTIME_DIR"
export ROOFLAB_RESOURCES=$ROOT/resources

# One X server per screen size; Xvfb picks a free display number itself (-displayfd).
declare -A DISPLAY_FOR
start_screen() { # WIDTHxHEIGHT
  local size=$1 fd_file=$WORK/display-$1
  Xvfb -displayfd 3 -screen 0 "${size}x24" -nolisten tcp 3>"$fd_file" 2>/dev/null &
  XVFB_PIDS+=($!)
  for _ in $(seq 50); do [ -s "$fd_file" ] && break; sleep 0.1; done
  [ -s "$fd_file" ] || { echo "make-screenshots: Xvfb did not start for $size" >&2; return 1; }
  DISPLAY_FOR[$size]=:$(head -n1 "$fd_file")
}
if command -v Xvfb >/dev/null; then
  start_screen 1920x1080
  start_screen 1280x720
else
  echo "make-screenshots: no Xvfb: taking the pictures offscreen" >&2
fi

reduce() { # file
  if command -v pngquant >/dev/null; then
    pngquant --force --skip-if-larger --quality 70-95 --output "$1" "$1" || true
  fi
}

shot() { # name size, then rooflab options
  local name=$1 size=$2; shift 2
  if [ -n "${DISPLAY_FOR[$size]:-}" ]; then
    DISPLAY=${DISPLAY_FOR[$size]} QT_QPA_PLATFORM=xcb "$APP" --screenshot "$OUT/$name.png" --size "$size" "$@" 2>/dev/null
  else
    QT_QPA_PLATFORM=offscreen "$APP" --screenshot "$OUT/$name.png" --size "$size" "$@" 2>/dev/null
  fi
  reduce "$OUT/$name.png"
  printf '  %-28s %-9s %6d KB\n' "$name.png" "$size" $(( $(stat -c %s "$OUT/$name.png") / 1024 ))
}

FHD=1920x1080
HD=1280x720
LADDER=$ROOT/resources/samples/h200-gemm-ladder.json
shot main $FHD --gpu h200-sxm --demo-points --lang en --theme light
shot compare $FHD --gpu a100-sxm4-80gb --compare h100-sxm,h200-sxm,b200 --lang en --theme light
shot occupancy $FHD --lesson 04-occupancy --step 1 --reveal --panel occupancy --lang en --theme light
shot tile $FHD --gpu h200-sxm --panel tile --lang en --theme light
shot runs $FHD --gpu h200-sxm --panel runs --lang en --theme light
shot results $FHD --gpu h200-sxm --panel results --results "$LADDER" --lang en --theme light
shot lesson $FHD --panel lesson --lesson 02-intensity --step 3 --reveal --lang en --theme light
shot presentation $FHD --lesson 01-roofline --step 2 --reveal --presentation --lang en --theme light
# An exercise before its reveal: the question in the banner, the guess strip beside the buttons.
shot presentation-exercise $HD --lesson 03-tiling --step 5 --presentation --lang en --theme light
shot presentation-measured $FHD --lesson 03-tiling --step 5 --reveal --presentation --lang en --theme light
shot presentation-panel $FHD --lesson 04-occupancy --step 1 --reveal --presentation --lang en --theme light
shot presentation-tile $FHD --lesson 03-tiling --step 3 --presentation --lang en --theme light
shot dark $FHD --gpu h200-sxm --compare a100-sxm4-80gb --demo-points --theme dark --lang en
shot zh_CN $FHD --panel lesson --lesson 03-tiling --step 1 --reveal --lang zh_CN --theme light
shot presentation-zh_CN-dark $FHD --lesson 01-roofline --step 4 --reveal --presentation --lang zh_CN --theme dark
# The smallest projector mode: the window fits, the chart keeps its width.
shot main-720p $HD --gpu h200-sxm --demo-points --lang en --theme light
shot occupancy-720p $HD --lesson 04-occupancy --step 1 --reveal --panel occupancy --lang en --theme light
shot tile-720p $HD --gpu h200-sxm --panel tile --lang en --theme light
shot runs-720p $HD --gpu h200-sxm --panel runs --lang en --theme light
shot results-720p $HD --gpu h200-sxm --panel results --results "$LADDER" --lang en --theme light

# Runs a GUI test that keeps pictures on the screen of that size (offscreen without one).
on_screen() { # size, then VAR=value ... and the test's command line
  local size=$1; shift
  if [ -n "${DISPLAY_FOR[$size]:-}" ]; then
    env DISPLAY="${DISPLAY_FOR[$size]}" QT_QPA_PLATFORM=xcb "$@" >/dev/null 2>&1 || true
  else
    env QT_QPA_PLATFORM=offscreen "$@" >/dev/null 2>&1 || true
  fi
}
# A picture a test made, kept under the name the guide gives it.
keep() { # picture name
  [ -s "$1" ] || return 0
  cp "$1" "$OUT/$2"
  reduce "$OUT/$2"
  printf '  %-28s %-9s %6d KB\n' "$2" "(test)" $(( $(stat -c %s "$OUT/$2") / 1024 ))
}

# The hosts dialog and the Runs panel with a host: the GUI test that drives them keeps its
# pictures (tests/tst_gui_hosts.cpp, ROOFLAB_SHOT_DIR), at the sizes the test gives them.
if [ -x "$HOSTS_TEST" ]; then
  mkdir -p "$WORK/hosts"
  on_screen $FHD ROOFLAB_SHOT_DIR="$WORK/hosts" "$HOSTS_TEST"
  for f in hosts-dialog.png runs-hosts.png; do keep "$WORK/hosts/$f" "$f"; done
else
  echo "make-screenshots: $HOSTS_TEST is not built: hosts-dialog.png and runs-hosts.png kept as they are" >&2
fi

# Class mode on the projector and on a phone (360 px wide), in both languages: the GUI test
# that drives the real page in headless Chromium keeps its pictures (tests/tst_gui_classmode.cpp
# browserPhones, ROOFLAB_SHOTS) on a 1280x720 screen.
if [ -x "$CLASS_TEST" ] && command -v chromium >/dev/null; then
  mkdir -p "$WORK/class"
  on_screen $HD ROOFLAB_SHOTS="$WORK/class" "$CLASS_TEST" browserPhones
  keep "$WORK/class/projector-reveal-en.png" class-projector-en.png
  keep "$WORK/class/projector-reveal-zh.png" class-projector-zh_CN.png
  keep "$WORK/class/phone-reveal-en.png" class-phone-en.png
  keep "$WORK/class/phone-reveal-zh.png" class-phone-zh_CN.png
else
  echo "make-screenshots: $CLASS_TEST is not built or chromium is missing: the class-*.png pictures kept as they are" >&2
fi

# Every picture the guide and the README name must have been made above.
missing=0
for f in $(grep -ohE 'screenshots/[A-Za-z0-9_.-]+\.png' "$ROOT/docs/USER_GUIDE.md" "$ROOT/README.md" | sort -u); do
  if [ ! -e "$ROOT/docs/$f" ] || ! [ "$ROOT/docs/$f" -nt "$STAMP" ]; then
    echo "make-screenshots: docs/$f was not made by this run" >&2
    missing=1
  fi
done
exit $missing
