#!/bin/bash
# The VM test's framebuffer boot; runs INSIDE the QEMU guest (exec mode), booted by
# scripts/vm-test.sh with VM_GPU=cirrus-vga and video=VGA-1:800x480, and with
#   KIOSK  the host's release binary     VMT  this folder (Tests/VM)
# cirrus is a DRM driver that prefers 16 bpp; its fbdev emulation (/dev/fb0) is 16 bpp RGB565
# with memory for one screen. vfb (/dev/fb1) is a framebuffer in memory of any depth; it
# reports XBGR8888 at 32 bpp and BGR565 at 16, and is not scanned out, so its page is read
# from /dev/fb1 (fbinfo.py dump) where the other runs take QEMU screendumps.
#   cdrm: DRM on cirrus (--mode 800x480): RGB565 dumb buffers; SIGTERM puts fbcon's plane back
#   cfb:  --backend fbdev on /dev/fb0: single-buffered RGB565; SIGTERM: the console again
#   v32:  --backend fbdev on vfb at 32 bpp: double-buffered by panning, XBGR8888
#   v16:  --backend fbdev on vfb at 16 bpp, portrait.json at rotation 90: BGR565
# Each: ready, the backend's line, a uinput drag (events and pixels checked on the host
# against a headless render), idle, SIGTERM with exit 0 and the display as it was.
set -u
. "$VM_HARNESS/guest/lib.sh"
. "$VMT/guest-lib.sh"
cd "$OUT" || exit 1
log "start: kernel $(uname -r), kiosk $KIOSK"
[ -x "$KIOSK" ] || { log "no kiosk binary at $KIOSK"; exit 2; }
guest_devices || exit 1

field() { /usr/bin/python3 "$VMT/scenario.py" run-field "$1" "$2"; }
fbinfo() { /usr/bin/python3 "$VMT/fbinfo.py" "$@"; }
fbfield() { fbinfo info "$1" | /usr/bin/python3 -c "import json, sys; print(json.load(sys.stdin)['$2'])"; }
alive() { kill -0 "$KPID" 2>/dev/null; }
not_alive() { ! alive; }
ready_or_gone() { grep -q '^kiosk: ready$' "$ERR" || ! alive; }

# start_kiosk RUN: the run's config, rotation and backend (scenario.py); waits for ready
start_kiosk() {
  local run=$1 t0 args
  ERR=$OUT/$run-stderr.txt
  case $(field "$run" backend) in
    drm) args=(--backend drm --mode 800x480) ;;    # cirrus prefers 1024x768; the cmdline mode is listed
    fbdev) args=(--backend fbdev --fb-device "$(field "$run" device)") ;;
  esac
  read -r t0 _ < /proc/uptime
  "$KIOSK" run "${args[@]}" --config "$VMT/$(field "$run" config)" --rotation "$(field "$run" rotation)" \
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
}

# stop_kiosk RUN: SIGTERM, exit status 0 and the stop line
stop_kiosk() {
  local run=$1 rc
  kill -TERM "$KPID"
  wait_for 15 not_alive
  if alive; then log "$run: still running 15 s after SIGTERM: SIGKILL"; kill -KILL "$KPID"; fi
  wait "$KPID"; rc=$?
  check "$run: exit status 0 after SIGTERM (got $rc)" '[ $rc = 0 ]'
  check "$run: stderr says stopped by SIGTERM, display restored" \
    'grep -qx "kiosk: stopped by SIGTERM; display restored" "$ERR"'
}

# drag RUN: a touchscreen plugged while the kiosk runs plays the run's drag1
drag() {
  local run=$1
  touchscreen "$run" drag1
  wait_for 20 at_least 1 "^kiosk: input device added: $TOUCH_NAME \((.*,)?touch(,.*)?\)\$" "$ERR"
  check "$run: touchscreen added (touch)" 'at_least 1 "^kiosk: input device added: $TOUCH_NAME " "$ERR"'
  play "$run" drag1 1
  idle_check "$run: after the drag" "$KPID" 2
  unplug
}

# ---------------------------------------------------------------- before the kiosk
BEFORE=$(save_state before)
log "scanout before the kiosk: $BEFORE"
screendump console-before.ppm
log "fb0: $(fbinfo info /dev/fb0)"

# ---------------------------------------------------------------- cdrm: DRM at 16 bpp
run_cdrm() {
  local run=cdrm running after
  start_kiosk $run || return
  # A second, non-master open of the card, so that the kiosk's exit is not the card's last
  # close (where the kernel's fbdev helper would put fbcon back by itself; see guest.sh).
  exec 7<> /dev/dri/card0
  check "$run: stderr names the card, VGA-1 at 800x480 and RGB565 buffers" \
    "grep -qE '^kiosk: drm /dev/dri/card0 VGA-1 800x480@[0-9.]+ atomic RGB565 rotation 0\$' \"\$ERR\""
  running=$(save_state $run-running)
  log "$run: scanout while running: $running"
  check "$run: the kiosk's framebuffer scans out ($running)" '[ -n "$running" ] && [ "$running" != "$BEFORE" ]'
  check "$run: the plane scans out RGB565" 'grep -q "format=RG16" "$OUT/$run-running-dri-state.txt"'
  shot $run initial
  drag $run
  stop_kiosk $run
  after=$(save_state "$run-restored")
  check "$run: the console's framebuffer scans out again ($after; before: $BEFORE)" '[ "$after" = "$BEFORE" ]'
  shot $run restored
  exec 7>&-
}

# ---------------------------------------------------------------- cfb: fbdev on cirrus' /dev/fb0
run_cfb() {
  local run=cfb
  start_kiosk $run || return
  check "$run: stderr names /dev/fb0, 16 bpp RGB565, single-buffered" \
    "grep -qE '^kiosk: fbdev /dev/fb0 \\(cirrusdrmfb\\) 800x480@60 16 bpp RGB565 single-buffered timer-paced rotation 0\$' \"\$ERR\""
  shot $run initial
  drag $run
  stop_kiosk $run
  shot $run restored
}

# ---------------------------------------------------------------- v32, v16: vfb
run_vfb() {
  local run=$1 expect=$2 before after
  modprobe vfb vfb_enable=1 videomemorysize=4194304 mode_option="$(field "$run" mode)"
  wait_for 10 test -e /dev/fb1 || { check "$run: vfb made /dev/fb1" false; return; }
  udevadm settle -t 10
  fbinfo fill /dev/fb1 0x40           # something to restore: grey, unlike anything the kiosk draws
  FB_CAPTURE=/dev/fb1
  capture "$run-before"
  before=$(fbinfo sum /dev/fb1)
  log "$run: fb1 before: $(fbinfo info /dev/fb1)"
  if start_kiosk $run; then
    check "$run: stderr names /dev/fb1, $expect, double-buffered" \
      "grep -qE '^kiosk: fbdev /dev/fb1 \\(Virtual FB\\) 800x480@[0-9.]+ $expect double-buffered timer-paced rotation $(field "$run" rotation)\$' \"\$ERR\""
    check "$run: the virtual screen holds two pages while it runs" '[ "$(fbfield /dev/fb1 yres_virtual)" = 960 ]'
    shot $run initial
    drag $run
    stop_kiosk $run
    log "$run: fb1 after: $(fbinfo info /dev/fb1)"
    check "$run: the virtual height and pan are back (480, 0)" \
      '[ "$(fbfield /dev/fb1 yres_virtual)" = 480 ] && [ "$(fbfield /dev/fb1 yoffset)" = 0 ]'
    after=$(fbinfo sum /dev/fb1)
    check "$run: the page shows exactly what it did before the kiosk ($after, before $before)" '[ "$after" = "$before" ]'
    capture "$run-restored"
  fi
  FB_CAPTURE=
  rmmod vfb
}

run_cdrm
run_cfb
run_vfb v32 "32 bpp XBGR8888"
run_vfb v16 "16 bpp BGR565"
for f in cdrm cfb v32 v16; do [ -f "$OUT/$f-stderr.txt" ] && { log "$f stderr:"; sed 's/^/  | /' "$OUT/$f-stderr.txt"; }; done
vm_result
