#!/usr/bin/env bash
# The whole test suite on Debian 13 (trixie) amd64, natively: `swift build --build-tests` and
# `swift test` in the Debian 13 build root of scripts/debian13.sh (made once, then cached),
# with Debian's own Swift 6.0.3 (swiftlang) against Debian 13's headers and libraries.
#
# Why 6.0.3 and not the 6.3 toolchain in /opt/swift: the host already runs every test with 6.3
# on Debian 12, so this leg adds both the other library generation and the oldest compiler
# the package supports (swift-tools-version 6.0), natively, with Swift Testing 6.0; and
# Debian's swiftlang is what a user on a Debian 13 board (or Raspberry Pi OS) gets from apt.
# Goldens come from Goldens/cairo-1.18-pango-1.56/ here (see README, "Golden images").
#
#   scripts/debian13-test.sh [swift test options, e.g. --filter Golden]
# Env: KIOSK_RECORD_GOLDENS=1 re-records this generation's goldens (Goldens/cairo-1.18-pango-1.56/)
#      and copies them into the checkout;
#      KIOSK_CI_CACHE (default /var/cache/swiftkiosk-ci).
# Results: out/debian13-test/build.log, test.log; failing goldens under golden-failures/.
# Root only. About 10–14 minutes on 2 cores (6 more the first time, for the root).
set -euo pipefail
cd "$(dirname "$0")/.."
REPO=$PWD
[ "$(id -u)" = 0 ] || { echo "debian13-test: run as root (it makes and enters a chroot)" >&2; exit 1; }
source scripts/debian13.sh
d13_enter_build_root
OUT=$REPO/out/debian13-test
rm -rf "$OUT"; mkdir -p "$OUT"
d13_copy_source "$REPO" "$D13_ROOT/build/test"
d13_run "$D13_ROOT" 'swift --version 2>&1 | head -1; echo "rendering libraries: cairo $(pkg-config --modversion cairo), Pango $(pkg-config --modversion pango)"'

t0=$(date +%s)
if ! d13_run "$D13_ROOT" 'cd /build/test && swift build --build-tests' > "$OUT/build.log" 2>&1 < /dev/null; then
  grep -E 'error:' "$OUT/build.log" | sort -u | head -30 >&2
  echo "debian13-test: FAILED: the build (out/debian13-test/build.log)" >&2; exit 1
fi
# The library and the kiosk build warning-free on 6.0 as on 6.3.
if grep -E '^/build/test/Sources/.*: warning: ' "$OUT/build.log" > /dev/null; then
  grep -E '^/build/test/Sources/.*: warning: ' "$OUT/build.log" | sort -u >&2
  echo "debian13-test: FAILED: Sources/ warns with Swift 6.0 (out/debian13-test/build.log)" >&2; exit 1
fi
echo "debian13-test: built in $(( $(date +%s) - t0 )) s"

rc=0
record=${KIOSK_RECORD_GOLDENS:-0}
d13_run "$D13_ROOT" "cd /build/test && KIOSK_RECORD_GOLDENS=$record swift test --skip-build $*" \
  > "$OUT/test.log" 2>&1 < /dev/null || rc=$?
# The failures and both runners' closing lines (Swift Testing's, XCTest's).
grep -E '^✘|Test run with|Executed [0-9]+ tests' "$OUT/test.log" | tail -40 || true
if [ "$record" = 1 ]; then
  # What the run recorded, into the checkout: each generation folder of every Goldens/.
  (cd "$D13_ROOT/build/test" && find Tests Examples -mindepth 2 -type d -path '*/Goldens/*') | while read -r d; do
    mkdir -p "$REPO/$d" && cp "$D13_ROOT/build/test/$d"/*.png "$REPO/$d/" && echo "debian13-test: recorded $d/"
  done
fi
if [ -d "$D13_ROOT/build/test/.build/golden-failures" ]; then
  cp -r "$D13_ROOT/build/test/.build/golden-failures" "$OUT/"
fi
echo "debian13-test: swift test exit $rc after $(( $(date +%s) - t0 )) s (out/debian13-test/test.log)"
[ "$rc" = 0 ] || { echo "debian13-test: FAILED" >&2; exit 1; }
echo "debian13-test: PASSED"
