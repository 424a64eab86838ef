#!/usr/bin/env bash
# tst_run_sh: the README's first command, ./run.sh, opens the app on a real X server.
#
#   tests/tst_run_sh.sh SOURCE_DIR BUILD_DIR
#
# Starts Xvfb on a free display, runs SOURCE_DIR/run.sh with ROOFLAB_BUILD_DIR=BUILD_DIR (the
# build is complete when CTest runs, so run.sh's install and build steps find nothing to do),
# waits for the main window, checks it is mapped, takes a screenshot of the display and checks
# that the chart in the middle of the window is drawn (many colours, not one flat background),
# closes the app with its Quit shortcut (Ctrl+Q) and checks that it exits with status 0.
# Settings go to a temporary HOME / XDG folders, so the user's are not touched.
# The screenshot is kept as BUILD_DIR/tst_run_sh.png to look at.
set -uo pipefail

SRC=${1:?source folder}
BUILD=${2:?build folder}
WAIT_WINDOW_S=${TST_RUN_SH_WAIT_S:-300} # run.sh builds first: a no-op here, but give it time

TMP=$(mktemp -d)
XVFB_PID=
APP_PID=
cleanup() {
  [ -n "$APP_PID" ] && kill "$APP_PID" 2>/dev/null
  [ -n "$XVFB_PID" ] && kill "$XVFB_PID" 2>/dev/null
  wait 2>/dev/null
  rm -rf "$TMP"
}
trap cleanup EXIT
fail() {
  echo "FAIL: $*" >&2
  if [ -s "$TMP/run.log" ]; then
    echo "--- ./run.sh output (last 40 lines):" >&2
    tail -n 40 "$TMP/run.log" >&2
  fi
  exit 1
}

# The tools come from scripts/common.sh's PACKAGES (./test.sh installs them).
for tool in Xvfb:xvfb xdotool:xdotool xwininfo:x11-utils import:imagemagick identify:imagemagick; do
  command -v "${tool%%:*}" >/dev/null || fail "${tool%%:*} is missing (Debian package ${tool#*:}; ./test.sh installs it)"
done
[ -x "$SRC/run.sh" ] || fail "$SRC/run.sh is missing or not executable"

# A free display: Xvfb picks one itself and writes its number to fd 3.
Xvfb -displayfd 3 -screen 0 1920x1080x24 -nolisten tcp -noreset 3>"$TMP/display" 2>"$TMP/xvfb.log" &
XVFB_PID=$!
for _ in $(seq 1 100); do
  [ -s "$TMP/display" ] && break
  kill -0 "$XVFB_PID" 2>/dev/null || fail "Xvfb did not start: $(cat "$TMP/xvfb.log")"
  sleep 0.1
done
[ -s "$TMP/display" ] || fail "Xvfb gave no display number"
export DISPLAY=:$(tr -dc 0-9 <"$TMP/display")
echo "Xvfb on $DISPLAY"

mkdir -p "$TMP/home" "$TMP/config" "$TMP/data" "$TMP/cache" "$TMP/runtime"
chmod 700 "$TMP/runtime"
export HOME=$TMP/home XDG_CONFIG_HOME=$TMP/config XDG_DATA_HOME=$TMP/data XDG_CACHE_HOME=$TMP/cache \
       XDG_RUNTIME_DIR=$TMP/runtime
export QT_QPA_PLATFORM=xcb # test.sh exports offscreen for the other tests
export ROOFLAB_BUILD_DIR=$BUILD
unset ROOFLAB_RESOURCES # the app finds its data as a user's would

(cd "$SRC" && exec ./run.sh) >"$TMP/run.log" 2>&1 &
APP_PID=$! # run.sh execs the app: this is the app's pid once it runs

# The main window, by its X class (the application's name): xdotool's --name cannot match past
# the title's "—" outside a UTF-8 locale.
WID=
deadline=$((SECONDS + WAIT_WINDOW_S))
while [ $SECONDS -lt $deadline ]; do
  kill -0 "$APP_PID" 2>/dev/null || { wait "$APP_PID"; fail "./run.sh exited with status $? before a window opened"; }
  WID=$(xdotool search --onlyvisible --classname '^rooflab$' 2>/dev/null | head -n 1)
  [ -n "$WID" ] && break
  sleep 0.5
done
[ -n "$WID" ] || fail "no RoofLab window within ${WAIT_WINDOW_S} s"
NAME=$(xdotool getwindowname "$WID")
echo "window $WID: $NAME"
grep -q 'RoofLab' <<<"$NAME" || fail "the window's title \"$NAME\" does not name RoofLab"

INFO=$(xwininfo -id "$WID") || fail "xwininfo could not read window $WID"
grep -q 'Map State: IsViewable' <<<"$INFO" || fail "the window is not mapped: $(grep 'Map State' <<<"$INFO")"
val() { sed -n "s/^ *$1: *\(-\?[0-9]*\).*/\1/p" <<<"$INFO" | head -n 1; }
X=$(val 'Absolute upper-left X') Y=$(val 'Absolute upper-left Y') W=$(val Width) H=$(val Height)
echo "geometry ${W}x${H}+${X}+${Y}"
[ "${W:-0}" -ge 640 ] && [ "${H:-0}" -ge 400 ] || fail "the window is only ${W}x${H}"

# The chart is the central widget, between the GPU dock (left) and the Panels dock (right):
# the middle of the window is chart, whatever the docks' widths. Clip to the screen.
CX=$((X + W * 38 / 100)) CY=$((Y + H * 20 / 100)) CW=$((W * 24 / 100)) CH=$((H * 60 / 100))
[ $CX -lt 0 ] && CX=0
[ $CY -lt 0 ] && CY=0
[ $((CX + CW)) -gt 1920 ] && CW=$((1920 - CX))
[ $((CY + CH)) -gt 1080 ] && CH=$((1080 - CY))
# The app paints once it has loaded its data: try until the region is drawn (or give up).
COLOURS=0 SPREAD=0 drawn=
for _ in $(seq 1 60); do
  import -window root -crop "${CW}x${CH}+${CX}+${CY}" +repage "$TMP/chart.png" 2>/dev/null || fail "import could not capture the display"
  read -r COLOURS SPREAD < <(identify -format '%k %[fx:int(1000*standard_deviation)]\n' "$TMP/chart.png" 2>/dev/null)
  # A blank or unpainted area has one or two colours; a chart has its lines, labels and
  # anti-aliasing: dozens, and a clear spread of brightness.
  if [ "${COLOURS:-0}" -ge 24 ] && [ "${SPREAD:-0}" -ge 30 ]; then drawn=1; break; fi
  sleep 0.5
done
import -window root "$BUILD/tst_run_sh.png" 2>/dev/null && echo "screenshot: $BUILD/tst_run_sh.png"
[ -n "$drawn" ] || fail "the chart area ${CW}x${CH}+${CX}+${CY} looks blank: $COLOURS colours, spread $SPREAD/1000"
echo "chart area ${CW}x${CH}+${CX}+${CY}: $COLOURS colours, spread $SPREAD/1000"

# Quit with the keyboard, as a user would: focus the window (there is no window manager),
# then Ctrl+Q through XTEST.
xdotool windowactivate --sync "$WID" 2>/dev/null || xdotool windowfocus --sync "$WID" 2>/dev/null
xdotool key --clearmodifiers ctrl+q
deadline=$((SECONDS + 30))
while kill -0 "$APP_PID" 2>/dev/null && [ $SECONDS -lt $deadline ]; do sleep 0.2; done
kill -0 "$APP_PID" 2>/dev/null && fail "the app is still running 30 s after Ctrl+Q"
wait "$APP_PID"
STATUS=$?
APP_PID=
[ "$STATUS" -eq 0 ] || fail "the app exited with status $STATUS after Ctrl+Q"
echo "PASS: ./run.sh opened the app, the chart was drawn, Ctrl+Q closed it with status 0"
