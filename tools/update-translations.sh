#!/usr/bin/env bash
# Refresh the Simplified Chinese translation from the code: every tr() / translate() string
# in app/, model/ and kernels/ goes into resources/translations/rooflab_zh_CN.ts, and strings
# that left the code are dropped. New strings come in marked "unfinished": translate them (Qt
# Linguist: `linguist resources/translations/rooflab_zh_CN.ts`, or by hand in the XML), keeping
# the course notes' terms (roofline, kernel, warp, Tensor Core, shared memory stay as they are).
# tst_translations fails while any string is unfinished or missing. Without Linguist:
#   tools/fill-translations.py --todo resources/translations/rooflab_zh_CN.ts > todo.json
#   (write the Chinese into todo.json)
#   tools/fill-translations.py resources/translations/rooflab_zh_CN.ts todo.json
#
#   tools/update-translations.sh            update the .ts, then list what is left to translate
#   LUPDATE=/path/to/lupdate tools/...      use that lupdate (Qt 6)
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
TS="$ROOT/resources/translations/rooflab_zh_CN.ts"
TS_EN="$ROOT/resources/translations/rooflab_en.ts"

find_lupdate() {
  if [ -n "${LUPDATE:-}" ]; then echo "$LUPDATE"; return; fi
  local bins
  bins=$(qmake6 -query QT_INSTALL_BINS 2>/dev/null || true)
  for c in "$bins/lupdate" /usr/lib/qt6/bin/lupdate /usr/lib/x86_64-linux-gnu/qt6/bin/lupdate "$(command -v lupdate-qt6 || true)"; do
    if [ -n "$c" ] && [ -x "$c" ]; then echo "$c"; return; fi
  done
  echo "update-translations: Qt 6 lupdate not found (Debian: apt-get install qt6-l10n-tools), or set LUPDATE" >&2
  exit 1
}

LU=$(find_lupdate)
mkdir -p "$(dirname "$TS")"
cd "$ROOT"
# model/ and kernels/ call tr() outside QObject classes on purpose (QtCore only); lupdate's
# "lacks Q_OBJECT macro" notes about that are noise.
"$LU" -silent -locations relative -no-obsolete -source-language en_US -target-language zh_CN \
      -extensions cpp,h app model kernels -ts "$TS" 2> >(grep -v 'lacks Q_OBJECT macro' >&2)

# English needs a catalogue only for the plural forms of tr("%n file(s)", nullptr, n): "1 file",
# "2 files". lupdate -pluralonly keeps exactly those; write the two forms of any new one.
"$LU" -silent -locations relative -no-obsolete -pluralonly -source-language en_US -target-language en_US \
      -extensions cpp,h app model kernels -ts "$TS_EN" 2> >(grep -v 'lacks Q_OBJECT macro' >&2)
left_en=$(grep -c 'type="unfinished"' "$TS_EN" || true)
echo "update-translations: $TS_EN: $(grep -c '<message' "$TS_EN" || true) plural strings, $left_en to write"

left=$(grep -c 'type="unfinished"' "$TS" || true)
total=$(grep -c '<message' "$TS" || true)
echo "update-translations: $TS: $total strings, $left to translate"
if [ "$left" -gt 0 ]; then
  # Show what needs a translator: context and source of each unfinished message.
  python3 - "$TS" <<'PY' || true
import sys, xml.etree.ElementTree as ET
root = ET.parse(sys.argv[1]).getroot()
for ctx in root.iter('context'):
    name = ctx.findtext('name')
    for m in ctx.iter('message'):
        t = m.find('translation')
        if t is not None and t.get('type') == 'unfinished':
            try:
                print(f"  [{name}] {m.findtext('source')!r}")
            except BrokenPipeError:
                sys.exit(0)
PY
fi
