#!/bin/bash
# The VM test's guest side; runs INSIDE the QEMU guest (exec mode: PID 1 is the harness'
# exec-init, udevd runs, no systemd). scripts/vm-test.sh boots it with
#   KIOSK  the host's release binary     VMT  this folder (Tests/VM)
#   TESTS  the host's test binary (SwiftKioskPackageTests.xctest)
# It runs the real kiosk on /dev/dri/card0 (virtio-gpu) and a uinput touchscreen:
#   r0:  landscape.json, rotation 0, atomic modesetting; the touchscreen is hot-plugged
#        after the kiosk is up, drags the lower knob and the dial, is unplugged, plugged
#        again and drags the upper knob and the dial with two fingers at once; SIGTERM.
#   r90: portrait.json, --rotation 90, --legacy; the touchscreen exists before the kiosk
#        starts; the same drags in panel coordinates; SIGTERM.
#   hw:  the real-device test suite (HardwareTests, the host's test binary TESTS), then its
#        "in use" test against the kiosk as DRM master.
# Everything goes to $VM_OUT (the host reads it; Tests/VM/verify.py checks events,
# pixels and statistics there). The checks here are about the process: its stderr lines,
# exit status, the DRM plane before/while/after, devices coming and going.
set -u
. "$VM_HARNESS/guest/lib.sh"
. "$VMT/guest-lib.sh"
cd "$OUT" || exit 1
log "start: kernel $(uname -r), kiosk $KIOSK"
[ -x "$KIOSK" ] || { log "no kiosk binary at $KIOSK"; exit 2; }
guest_devices || exit 1

alive() { kill -0 "$KPID" 2>/dev/null; }     # bash reaps its exited children: no zombies
not_alive() { ! alive; }
ready_or_gone() { grep -q '^kiosk: ready$' "$ERR" || ! alive; }

# start_kiosk RUN CONFIG ROTATION [--legacy]
start_kiosk() {
  local run=$1 cfg=$2 rot=$3 t0; shift 3
  ERR=$OUT/$run-stderr.txt
  read -r t0 _ < /proc/uptime
  "$KIOSK" run --backend drm --config "$VMT/$cfg" --rotation "$rot" "$@" \
    --events "$OUT/$run-events.jsonl" > "$OUT/$run-stdout.txt" 2> "$ERR" 7>&- &
  KPID=$!
  wait_for 60 ready_or_gone
  if ! grep -q '^kiosk: ready$' "$ERR"; then
    check "$run: kiosk started and said ready" false
    log "$run: kiosk stderr:"; sed 's/^/  | /' "$ERR"
    alive && kill -KILL "$KPID"; wait "$KPID" 2>/dev/null
    return 1
  fi
  log "$run: ready $(awk -v a="$t0" '{printf "%.2f", $1 - a}' /proc/uptime) s after start"
  check "$run: kiosk started and said ready" true
  # A second, non-master open of the card until the restore has been checked: without it the
  # kiosk's exit would be the card's last close, where the kernel's fbdev helper puts fbcon
  # back by itself, so the check could not tell whether the kiosk restored anything.
  exec 7<> /dev/dri/card0
}

# stop_kiosk RUN: SIGTERM, exit status 0, the console's framebuffer back on the CRTC
stop_kiosk() {
  local run=$1 rc
  kill -TERM "$KPID"
  wait_for 15 not_alive
  if alive; then log "$run: still running 15 s after SIGTERM: SIGKILL"; kill -KILL "$KPID"; fi
  wait "$KPID"; rc=$?
  check "$run: exit status 0 after SIGTERM (got $rc)" '[ $rc = 0 ]'
  check "$run: stderr says stopped by SIGTERM, display restored" \
    'grep -qx "kiosk: stopped by SIGTERM; display restored" "$ERR"'
  local after; after=$(save_state "$run-restored")
  log "$run: scanout after exit: $after"
  check "$run: the console's framebuffer scans out again ($after; before: $BEFORE)" '[ "$after" = "$BEFORE" ]'
  shot "$run" restored
  exec 7>&-
}

# ---------------------------------------------------------------- before the kiosk
BEFORE=$(save_state before)
log "scanout before the kiosk: $BEFORE"
screendump console-before.ppm
"$KIOSK" run --backend drm --list-outputs > list-outputs.txt 2>&1; rc=$?
sed 's/^/  list-outputs | /' list-outputs.txt
check "--list-outputs exits 0 (got $rc)" '[ $rc = 0 ]'
check "--list-outputs names Virtual-1, connected, 800x480" \
  'grep -q Virtual-1 list-outputs.txt && grep -qi connected list-outputs.txt && grep -q "${VM_W}x${VM_H}" list-outputs.txt'

# ---------------------------------------------------------------- r0: rotation 0, atomic
run_r0() {
  local run=r0
  start_kiosk $run landscape.json 0 || return
  check "$run: stderr names the atomic modeset" \
    "grep -qE '^kiosk: drm /dev/dri/card0 Virtual-1 ${VM_W}x${VM_H}@[0-9.]+ atomic rotation 0\$' \"\$ERR\""
  local running; running=$(save_state $run-running)
  log "$run: scanout while running: $running"
  check "$run: the kiosk's framebuffer scans out ($running)" '[ -n "$running" ] && [ "$running" != "$BEFORE" ]'
  # the input opens once the first frame is on screen, just after "kiosk: ready"
  wait_for 20 grep -qE "^kiosk: input device added: .*\((.*,)?pointer(,.*)?\)\$" "$ERR"
  check "$run: the virtio tablet is reported as a pointer" \
    'grep -qE "^kiosk: input device added: .*\((.*,)?pointer(,.*)?\)\$" "$ERR"'
  shot $run initial

  # hot-plug: the touchscreen appears while the kiosk runs
  touchscreen $run drag1
  wait_for 20 at_least 1 "^kiosk: input device added: $TOUCH_NAME \((.*,)?touch(,.*)?\)\$" "$ERR"
  check "$run: hot-plugged touchscreen added (touch)" \
    'at_least 1 "^kiosk: input device added: $TOUCH_NAME \((.*,)?touch(,.*)?\)\$" "$ERR"'
  play $run drag1 1

  # unplug and plug a new one
  unplug
  wait_for 20 at_least 1 "^kiosk: input device removed: $TOUCH_NAME\$" "$ERR"
  check "$run: unplugged touchscreen removed" 'at_least 1 "^kiosk: input device removed: $TOUCH_NAME\$" "$ERR"'
  touchscreen $run drag2
  wait_for 20 at_least 2 "^kiosk: input device added: $TOUCH_NAME " "$ERR"
  check "$run: re-plugged touchscreen added again" 'at_least 2 "^kiosk: input device added: $TOUCH_NAME " "$ERR"'
  play $run drag2 2
  idle_check "$run: after the drags" "$KPID" 2

  stop_kiosk $run
  unplug
}

# ---------------------------------------------------------------- r90: rotation 90, legacy
run_r90() {
  local run=r90
  # the touchscreen exists before the kiosk starts (found when the seat is enumerated)
  touchscreen $run drag1
  udevadm settle -t 10
  start_kiosk $run portrait.json 90 --legacy || { unplug; return; }
  check "$run: stderr names the legacy modeset" \
    "grep -qE '^kiosk: drm /dev/dri/card0 Virtual-1 ${VM_W}x${VM_H}@[0-9.]+ legacy rotation 90\$' \"\$ERR\""
  local running; running=$(save_state $run-running)
  log "$run: scanout while running: $running"
  check "$run: the kiosk's framebuffer scans out ($running)" '[ -n "$running" ] && [ "$running" != "$BEFORE" ]'
  wait_for 20 at_least 1 "^kiosk: input device added: $TOUCH_NAME " "$ERR"
  check "$run: touchscreen present at start added" 'at_least 1 "^kiosk: input device added: $TOUCH_NAME " "$ERR"'
  shot $run initial
  play $run drag1 1
  stop_kiosk $run
  unplug
}

# ---------------------------------------------------------------- HardwareTests on this card
# The host's test binary (TESTS, built by vm-test.sh; / is shared) runs the DRM suite that needs a
# real card: outputs, flips (atomic and legacy) with screendumps, a second master refused,
# pause/resume, a backend started paused, VT switches. Then, with the kiosk as DRM master, the
# test that the error names that PID. Every one must run: a skipped test fails the check.
run_hardware_tests() {
  local log=$OUT/hardware-tests.txt log2=$OUT/hardware-in-use.txt
  [ -x "${TESTS:-}" ] || { check "hardware tests: the test binary is there (${TESTS:-TESTS unset})" false; return; }
  mountpoint -q /sys/kernel/debug || mount -t debugfs none /sys/kernel/debug
  NO_COLOR=1 KIOSK_TEST_DRM_DEVICE=/dev/dri/card0 KIOSK_TEST_SCREENDUMP=$VMT/screendump.sh \
    KIOSK_TEST_SCREENDUMP_DIR=$VM_OUT KIOSK_TEST_VT=1 \
    timeout 600 "$TESTS" --testing-library swift-testing --filter HardwareTests --skip anotherProcessIsNamed \
    > "$log" 2>&1
  log "hardware tests: $(grep -E 'Test run with' "$log" | tail -1)"
  check "hardware tests: the 6 tests of the real-device suite ran, none skipped, all passed" \
    "grep -qE 'Test run with 6 tests .*passed' \"$log\" && ! grep -q ' skipped' \"$log\""
  # The kiosk as the other master (not start_kiosk: its screenshots belong to the runs above).
  ERR=$OUT/hw-stderr.txt
  "$KIOSK" run --backend drm --config "$VMT/landscape.json" --events /dev/null > /dev/null 2> "$ERR" &
  KPID=$!
  wait_for 60 ready_or_gone
  check "hardware tests: the kiosk is up as the card's master" 'grep -q "^kiosk: ready$" "$ERR"'
  NO_COLOR=1 KIOSK_TEST_DRM_DEVICE=/dev/dri/card0 KIOSK_TEST_DRM_MASTER_PID=$KPID \
    timeout 300 "$TESTS" --testing-library swift-testing --filter anotherProcessIsNamed > "$log2" 2>&1
  log "hardware tests, card in use: $(grep -E 'Test run with|in use: ' "$log2" | tr '\n' ' ')"
  check "hardware tests: with the kiosk as master the error names its PID (1 test ran, passed)" \
    "grep -qE 'Test run with 1 test .*passed' \"$log2\" && ! grep -q ' skipped' \"$log2\""
  kill -TERM "$KPID" 2>/dev/null
  wait_for 15 not_alive || kill -KILL "$KPID" 2>/dev/null
  wait "$KPID" 2>/dev/null
}

run_r0
run_r90
run_hardware_tests
for f in r0 r90; do [ -f "$OUT/$f-stderr.txt" ] && { log "$f stderr:"; sed 's/^/  | /' "$OUT/$f-stderr.txt"; }; done
vm_result
