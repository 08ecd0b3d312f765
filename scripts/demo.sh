#!/usr/bin/env bash
# Builds SwiftKiosk and runs the demo kiosk headless: plays config/demo-touches.jsonl against
# config/demo.json, prints the events it emits and writes out/demo.png.
# Extra arguments go to 'kiosk run' (e.g. --rotation 90).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh
scripts/install-deps.sh
swift build -c release --product kiosk
mkdir -p out
.build/release/kiosk run --backend headless --config config/demo.json \
  --input config/demo-touches.jsonl --screenshot out/demo.png --events - "$@"
echo "demo: screenshot written to out/demo.png" >&2
