#!/usr/bin/env bash
# Installs what is missing, then runs every test: unit, golden-image and headless end-to-end.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh
scripts/install-deps.sh
swift build --build-tests
swift test --skip-build "$@"
