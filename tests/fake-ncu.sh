#!/bin/sh
# A stand-in for Nsight Compute's `ncu` in tests without one (tst_ncureport): it answers only
#   ncu --import REPORT --csv --page raw --print-units base
# by writing the export committed beside REPORT (REPORT without .ncu-rep, plus .raw-base.csv:
# tests/data/ncu/real/ holds pairs the real ncu made), and fails as the real ncu does for a
# file that is not a report (see tests/data/ncu/real/ncu-failures.txt). Also `ncu --version`.
#
#   FAKE_NCU_LOG=FILE       write the arguments received there, one per line
#   FAKE_NCU_CHUNK=BYTES    write the export in pieces of BYTES ...
#   FAKE_NCU_DELAY=SECONDS  ... with a pause after each (for progress and cancel)
#   FAKE_NCU_EXIT=CODE      fail with CODE after writing the export (a crashing ncu)
if [ -n "$FAKE_NCU_LOG" ]; then
    : >"$FAKE_NCU_LOG"
    for a in "$@"; do printf '%s\n' "$a" >>"$FAKE_NCU_LOG"; done
fi
if [ "$#" -eq 1 ] && [ "$1" = "--version" ]; then
    echo "NVIDIA (R) Nsight Compute Command Line Profiler"
    echo "Copyright (c) 2018-2025 NVIDIA Corporation"
    echo "Version 2025.3.1.0 (stand-in: tests/fake-ncu.sh)"
    exit 0
fi
if [ "$#" -ne 7 ] || [ "$1" != "--import" ] || [ "$3" != "--csv" ] || [ "$4" != "--page" ] || [ "$5" != "raw" ] ||
    [ "$6" != "--print-units" ] || [ "$7" != "base" ]; then
    echo "==ERROR== fake-ncu: only --import REPORT --csv --page raw --print-units base is served" >&2
    exit 64
fi
report=$2
export_csv="${report%.ncu-rep}.raw-base.csv"
# The real ncu's messages (tests/data/ncu/real/ncu-failures.txt): on stdout, exit code 1.
if [ ! -f "$report" ]; then
    echo "==ERROR== Could not open report file '$report'."
    echo "==ERROR== The file does not exist or is not a regular file."
    exit 1
fi
# A report starts with "NVR" and a NUL (ncu-failures.txt).
if [ "$(head -c 3 "$report")" != "NVR" ]; then
    echo "==ERROR== Failed to load report file '$report'."
    echo "==ERROR== The file is not an Nsight Compute profiler report."
    exit 1
fi
if [ ! -f "$export_csv" ]; then # a report this stand-in has no export for: as ncu for a damaged one
    echo "==ERROR== Failed to load report file '$report'."
    echo "==ERROR== An unexpected incompatibility with this Nsight Compute version occurred. Try opening the file with the same tool version it was created with."
    exit 1
fi
if [ -n "$FAKE_NCU_CHUNK" ]; then
    size=$(wc -c <"$export_csv")
    offset=0
    while [ "$offset" -lt "$size" ]; do
        tail -c +"$((offset + 1))" "$export_csv" | head -c "$FAKE_NCU_CHUNK"
        offset=$((offset + FAKE_NCU_CHUNK))
        [ -n "$FAKE_NCU_DELAY" ] && sleep "$FAKE_NCU_DELAY"
    done
else
    cat "$export_csv"
fi
[ -n "$FAKE_NCU_EXIT" ] && exit "$FAKE_NCU_EXIT"
exit 0
