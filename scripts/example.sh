#!/usr/bin/env bash
# Builds and tests the example app, Examples/Stepper: a package of its own that depends on this
# one by path and uses only the public products (SwiftKiosk, SwiftKioskTesting, SwiftKioskBackend). It proves
# that a control written outside the package works from Swift and from JSON, with its config
# errors reported by path and line. Its build lives in Examples/Stepper/.build, apart from
# the main package's .build (both are ignored by git).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh
scripts/install-deps.sh
example=Examples/Stepper
swift build --package-path "$example" --build-tests
swift test --package-path "$example" --skip-build "$@"
bin="$(swift build --package-path "$example" --show-bin-path)/example"

# The app's own `check` knows the stepper: its config passes, a broken one fails with exit 1.
"$bin" check "$example/example.json"
# Exactly 1: a crash (134, 139) or a usage error (2) is not "the config is wrong".
rc=0; "$bin" check "$example/Tests/StepperTests/Fixtures/bad-stepper.json" >/dev/null 2>&1 || rc=$?
if [ "$rc" != 1 ]; then
  echo "example.sh: check of bad-stepper.json exited $rc, expected 1 (the config's problems)" >&2
  exit 1
fi
# The app's own name in its usage errors (exit 2), where `kiosk` says `kiosk run:`.
rc=0; usage="$("$bin" run --sise 1x1 2>&1)" || rc=$?
if [ "$rc" != 2 ]; then
  echo "example.sh: run --sise exited $rc, expected 2 (a usage error)" >&2
  exit 1
fi
grep -q "^example run: unknown option --sise" <<<"$usage" || { echo "example.sh: usage error without the app's name: $usage" >&2; exit 1; }
# Both ways in run headless on the virtual clock: the config, and the scene built in Swift
# (whose built-in touch script holds + until the stepper reaches its maximum).
runlog="$("$bin" run --config "$example/example.json" --backend headless 2>&1 >/dev/null)"
# The runtime's own lines carry the app's name too (KioskCommand.main(name:)), never `kiosk:`.
grep -q "^example: headless 800x480 rotation 0: " <<<"$runlog" || { echo "example.sh: no 'example: headless …' line: $runlog" >&2; exit 1; }
if grep -q "^kiosk: " <<<"$runlog"; then echo "example.sh: a runtime line says kiosk: $runlog" >&2; exit 1; fi
events="$("$bin" demo --backend headless)"
grep -q '"event": "limitReached"' <<<"$events" || { echo "example.sh: the demo never reached its limit" >&2; exit 1; }
echo "example.sh: Examples/Stepper built, tested and run"
