#!/usr/bin/env bash
# Prints what each kind of steady-state frame allocates: scripts/allocations.sh [--release]
#   The frames of Tests/KioskSteadyStateTests (the bench's anchor scene through the runtime and
#   the headless backend, 1000 frames of each kind, the first 100 a warm-up), counted by the
#   test binary's interposed malloc (Tests/Support/CAllocationCounter) in a process that runs
#   nothing else. Columns: the most mallocs one steady frame made and their mean, the bytes the
#   steady frames left behind on the measuring thread, and mallinfo2's heap-in-use growth.
#   --release measures the optimised build (what a kiosk runs; built with -enable-testing),
#   which lacks the debug build's heap-allocated coroutine frames of unspecialised generics.
#   KIOSK_ALLOCATION_TRACE=<kind> and gdb `break kiosk_allocation_traced` show where a
#   frame's allocations come from (see Tests/KioskSteadyStateTests/AllocationMeter.swift).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh
configuration=debug
flags=()
if [ "${1:-}" = --release ]; then configuration=release; flags=(-c release -Xswiftc -enable-testing); fi
swift build "${flags[@]}" --build-tests 2>&1 | grep -E "error:" && exit 1
binary=$(swift build "${flags[@]}" --show-bin-path)/SwiftKioskPackageTests.xctest
printf '%-8s %-10s %6s %8s %14s %14s\n' build kind max mean thread-bytes heap-bytes
KIOSK_STEADY_STATE_CHILD=1 "$binary" --testing-library swift-testing --filter "SteadyStateMeasurement/measure" 2>/dev/null |
  awk -v c="$configuration" '$1 == "steady-state-profile" {
    printf "%-8s %-10s %6d %8.1f %14d %14d\n", c, $2, $3, $4, $6 - $5, $8 - $7 }'
