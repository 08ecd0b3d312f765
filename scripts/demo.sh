#!/usr/bin/env bash
# Builds SwiftKiosk and runs the demo kiosk headless: plays config/demo-touches.jsonl against
# config/demo.json, prints the events it emits and writes out/demo.png (the last frame) plus
# three moments on the way: out/demo-popups.png (two stacked dialogs), out/demo-panel.png (the
# filters panel over the dimmed screen) and out/demo-details.png (the second screen).
# Extra arguments go to every 'kiosk run' (e.g. --size 1280x720).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh
scripts/install-deps.sh
swift build -c release --product kiosk
mkdir -p out
kiosk=(.build/release/kiosk run --backend headless --config config/demo.json --input config/demo-touches.jsonl)
# The instants come from scripts/make-demo-touches.py, which wrote the touch script.
"${kiosk[@]}" --until 3294 --screenshot out/demo-popups.png --events /dev/null "$@" 2>/dev/null
"${kiosk[@]}" --until 4518 --screenshot out/demo-panel.png --events /dev/null "$@" 2>/dev/null
"${kiosk[@]}" --until 6678 --screenshot out/demo-details.png --events /dev/null "$@" 2>/dev/null
"${kiosk[@]}" --screenshot out/demo.png --events - "$@"
echo "demo: screenshots in out/: demo.png, demo-popups.png, demo-panel.png, demo-details.png" >&2
