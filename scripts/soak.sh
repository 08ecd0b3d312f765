#!/usr/bin/env bash
# Soak: a release kiosk (headless, real clock, the demo config at 800x480, its control socket
# in a temporary folder) under a seeded random mix of owner requests for --duration seconds:
# popups shown with random titles and texts and dismissed, setLanguage cycling en/hi/ar,
# screen switches with random transitions, the panel shown and dismissed, base64 screenshots,
# sets of values and properties (scripts/soak.py drives it, with the standard library only).
# RSS (/proc/PID/status VmRSS) is sampled every --sample seconds into --csv.
#
# It fails (exit 1) unless
#   - RSS levels off: the last half of the run grows less than 4 MiB, judged on the floor (the
#     lowest sample of each minute; least-squares slope over the last half, times its length).
#     What is alive at one moment and not the next (a transition's second retained layer, a
#     popup's or panel's layer, a screenshot's frame copy and PNG: 1.5 MiB each at 800x480,
#     8 MiB at 1080p) raises samples, not the floor; memory never given back raises the floor.
#     Flat runs fit within ±0.5 MiB. Issue 29's climb was 0.2 MiB/s, 60 MiB over the last half
#     of a 10-minute run: 15 times the bound. Over an hour's last half the bound is 2.3 KB/s,
#     about three requests' worth of the 0.76 KB per request the issue measured.
#   - the loop keeps its pace: a second connection pings every 100 ms and no ping waits longer
#     than 250 ms (a ping is answered in the first pass after it arrives, so a frame or a
#     request that holds the loop shows; 250 ms is 15 frames at 60 Hz, room for this shared
#     2-core machine's scheduling, far below what a stuck or blocked loop gives).
# The kiosk is killed on every exit path; only the Unix socket is used. It stops by itself:
# the driver ends at --duration, and the kiosk is sent SIGTERM then.
#
# Usage: scripts/soak.sh [--duration S] [--seed N] [--sample S] [--csv FILE] [--size WxH]
#                        [--families popup,language,screen,panel,screenshot,set]
#   .ci/run: timeout 900 scripts/soak.sh --duration 600
#   by hand: nohup scripts/soak.sh --duration 3600 --csv soak-hour.csv > soak-hour.log &
# KIOSK=path soaks another binary (an older build, for a before/after).
set -euo pipefail
cd "$(dirname "$0")/.."
DURATION=600 SEED=29 SAMPLE=5 CSV=soak.csv SIZE=800x480 FAMILIES=popup,language,screen,panel,screenshot,set
while [ $# -gt 0 ]; do
    case "$1" in
        --duration) DURATION=$2; shift 2 ;;
        --seed) SEED=$2; shift 2 ;;
        --sample) SAMPLE=$2; shift 2 ;;
        --csv) CSV=$2; shift 2 ;;
        --size) SIZE=$2; shift 2 ;;
        --families) FAMILIES=$2; shift 2 ;;
        -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
        *) echo "soak: unknown option $1 (see --help)" >&2; exit 2 ;;
    esac
done
source scripts/env.sh 2>/dev/null || true
if [ -z "${KIOSK:-}" ]; then
    swift build -c release --product kiosk >/dev/null
    KIOSK=$PWD/.build/release/kiosk
fi
D=$(mktemp -d)
PID=
cleanup() {
    if [ -n "$PID" ]; then kill "$PID" 2>/dev/null || true; wait "$PID" 2>/dev/null || true; fi
    rm -rf "$D"
}
trap cleanup EXIT
trap 'exit 1' INT TERM

"$KIOSK" run --config config/demo.json --backend headless --clock real --size "$SIZE" \
    --socket "$D/kiosk.sock" --events /dev/null 2>"$D/run.err" &
PID=$!
for _ in $(seq 500); do "$KIOSK" ctl --socket "$D/kiosk.sock" ping >/dev/null 2>&1 && break; sleep 0.02; done
"$KIOSK" ctl --socket "$D/kiosk.sock" ping >/dev/null || { echo "soak: the kiosk did not start:" >&2; cat "$D/run.err" >&2; exit 1; }

echo "soak: $DURATION s, seed $SEED, $SIZE, kiosk pid $PID, RSS every $SAMPLE s into $CSV"
STATUS=0
python3 scripts/soak.py --socket "$D/kiosk.sock" --pid "$PID" --duration "$DURATION" --seed "$SEED" \
    --sample "$SAMPLE" --csv "$CSV" --families "$FAMILIES" || STATUS=$?
if ! kill -0 "$PID" 2>/dev/null; then
    echo "soak: FAILED: the kiosk died during the run:" >&2; cat "$D/run.err" >&2; exit 1
fi
kill "$PID"; wait "$PID" || { echo "soak: FAILED: the kiosk did not stop cleanly:" >&2; tail "$D/run.err" >&2; STATUS=1; }
PID=
grep -E "frames|wake-ups" "$D/run.err" | sed 's/^/soak: /' || true
exit "$STATUS"
