#!/bin/bash
# The VM test's Wayland boot; runs INSIDE the QEMU guest (exec mode, virtio-gpu 800x480),
# booted by scripts/vm-test.sh with
#   KIOSK  the host's release binary     VMT  this folder (Tests/VM)
# A compositor on real DRM with the kiosk as its client, and a real touch reaching it:
#   Weston 10 (the host's Debian package; the guest's root is the host's /) with
#   drm-backend.so, the pixman renderer and kiosk-shell, as root on VT 7 (the direct launcher:
#   no logind or seatd in an exec boot; cage would need one of them and refuses root). Its
#   libinput udev seat sees the virtio tablet and keyboard at start (a seat: kiosk-shell maps
#   a surface only when a seat can focus it) and the uinput touchscreen when it is plugged.
#   wl: `kiosk run --backend wayland`, landscape.json; ready at the output's 800x480; the
#       touchscreen plugged while it runs becomes the seat's touch capability (wl_touch); a
#       drag of the lower knob (events and pixels checked on the host against a headless
#       render); idle; unplugged; SIGTERM with exit 0; then Weston stopped, the console back.
set -u
. "$VM_HARNESS/guest/lib.sh"
. "$VMT/guest-lib.sh"
cd "$OUT" || exit 1
log "start: kernel $(uname -r), kiosk $KIOSK, $(weston --version 2>&1)"
[ -x "$KIOSK" ] || { log "no kiosk binary at $KIOSK"; exit 2; }
guest_devices || exit 1

RUN=wl
WESTON_VT=7
SOCKET=kiosk-wl
WLOG=$OUT/weston.log
export XDG_RUNTIME_DIR=/run/kiosk-wayland     # Weston and libwayland insist on mode 0700
mkdir -p -m 0700 "$XDG_RUNTIME_DIR"

alive() { kill -0 "$1" 2>/dev/null; }     # bash reaps its exited children: no zombies
not_alive() { ! alive "$1"; }
ready_or_gone() { grep -q '^kiosk: ready$' "$ERR" || ! alive "$KPID"; }
socket_or_gone() { [ -S "$XDG_RUNTIME_DIR/$SOCKET" ] || ! alive "$WPID"; }
weston_shows() { case $(scanout) in *weston*) return 0 ;; *) return 1 ;; esac; }
touch_added() { at_least 1 "^kiosk: input device added: .* \((.*,)?touch(,.*)?\)\$" "$ERR"; }
touch_removed() { at_least 1 "^kiosk: input device removed: .*touch\$" "$ERR"; }

# stop PID LABEL: SIGTERM, at most 15 s, then SIGKILL; sets RC
stop() {
  kill -TERM "$1"
  wait_for 15 not_alive "$1"
  if alive "$1"; then log "$2: still running 15 s after SIGTERM: SIGKILL"; kill -KILL "$1"; fi
  wait "$1"; RC=$?
}

# ---------------------------------------------------------------- before the compositor
BEFORE=$(save_state before)
log "scanout before the compositor: $BEFORE"
screendump console-before.ppm

# ---------------------------------------------------------------- Weston on DRM, pixman
run_weston() {
  local t0 running
  busybox chvt "$WESTON_VT"
  read -r t0 _ < /proc/uptime
  weston --backend=drm-backend.so --use-pixman --shell=kiosk-shell.so --tty="$WESTON_VT" \
    --drm-device=card0 --socket="$SOCKET" --idle-time=0 --no-config --log="$WLOG" \
    > "$OUT/weston-stdout.txt" 2>&1 < /dev/null &
  WPID=$!
  wait_for 60 socket_or_gone
  if ! [ -S "$XDG_RUNTIME_DIR/$SOCKET" ]; then
    check "weston: started and listens on $SOCKET" false
    log "weston log:"; sed 's/^/  | /' "$WLOG" "$OUT/weston-stdout.txt"
    alive "$WPID" && kill -KILL "$WPID"; wait "$WPID" 2>/dev/null
    return 1
  fi
  wait_for 20 weston_shows
  log "weston: listening $(awk -v a="$t0" '{printf "%.2f", $1 - a}' /proc/uptime) s after start"
  check "weston: started and listens on $SOCKET" true
  # Weston 10 logs no renderer name: the shadow framebuffer line is drm_output_init_pixman's,
  # and the GL renderer would have logged its EGL set-up.
  check "weston: the DRM backend on /dev/dri/card0 (direct launcher, as root)" \
    'grep -q "Loading module .*/drm-backend.so" "$WLOG" && grep -q "using /dev/dri/card0" "$WLOG" && grep -q "Trying direct launcher" "$WLOG"'
  check "weston: the pixman renderer (a shadow framebuffer, no EGL)" \
    'grep -q "output Virtual-1 uses shadow framebuffer" "$WLOG" && ! grep -q EGL "$WLOG"'
  check "weston: Virtual-1 enabled at its preferred 800x480" \
    'grep -A1 "Output Virtual-1 (crtc [0-9]*) video modes" "$WLOG" | grep -q "${VM_W}x${VM_H}@.*current" && grep -q "Output .Virtual-1. enabled" "$WLOG"'
  check "weston: kiosk-shell loaded" 'grep -q "Loading module .*/kiosk-shell.so" "$WLOG"'
  running=$(save_state weston-running)
  log "scanout under weston: $running"
  check "weston: its framebuffer scans out ($running)" 'weston_shows'
  check "weston: the primary plane scans out XRGB8888" 'grep -q "format=XR24" "$OUT/weston-running-dri-state.txt"'
}

# ---------------------------------------------------------------- wl: the kiosk as its client
run_wl() {
  local run=$RUN t0 rc
  ERR=$OUT/$run-stderr.txt
  read -r t0 _ < /proc/uptime
  WAYLAND_DISPLAY=$SOCKET "$KIOSK" run --backend wayland --config "$VMT/$(field config)" \
    --rotation "$(field rotation)" --events "$OUT/$run-events.jsonl" > "$OUT/$run-stdout.txt" 2> "$ERR" &
  KPID=$!
  wait_for 60 ready_or_gone
  if ! grep -q '^kiosk: ready$' "$ERR"; then
    check "$run: kiosk connected and said ready" false
    log "$run: kiosk stderr:"; sed 's/^/  | /' "$ERR"
    alive "$KPID" && kill -KILL "$KPID"; wait "$KPID" 2>/dev/null
    return 1
  fi
  log "$run: ready $(awk -v a="$t0" '{printf "%.2f", $1 - a}' /proc/uptime) s after start"
  check "$run: kiosk connected and said ready" true
  check "$run: stderr names the socket and a fullscreen wl_shm surface at the output's 800x480" \
    "grep -qE '^kiosk: wayland $SOCKET wl_shm ${VM_W}x${VM_H}@[0-9.]+ fullscreen rotation 0\$' \"\$ERR\""
  # Weston 10's udev seat offers the keyboards only (wl_seat.capabilities 2, seen with
  # WAYLAND_DEBUG): the virtio tablet is not a wl_pointer there, so nothing is announced yet.
  check "$run: no touch before a touchscreen exists" '! touch_added'
  shot $run initial
  check "$run: Weston still scans out its own framebuffer (it composites the kiosk's wl_shm buffer)" 'weston_shows'

  # A touchscreen plugged while the kiosk runs: Weston's udev seat gains touch, the kiosk wl_touch
  touchscreen $run drag1
  wait_for 20 touch_added
  check "$run: the uinput touchscreen reaches the kiosk as the seat's touch ($(grep -o 'input device added: .*touch)' "$ERR" | head -1))" \
    'touch_added'
  # The touch comes through Weston: the kiosk has no evdev node open (no libinput of its own).
  check "$run: the kiosk holds no /dev/input node (the touch is Weston's wl_touch)" \
    '! ls -l /proc/$KPID/fd 2>/dev/null | grep -q /dev/input/'
  play $run drag1 1
  idle_check "$run: after the drag" "$KPID" 2
  unplug
  wait_for 20 touch_removed
  check "$run: unplugged: the seat's touch is removed" 'touch_removed'

  stop "$KPID" "$run"; rc=$RC
  check "$run: exit status 0 after SIGTERM (got $rc)" '[ $rc = 0 ]'
  check "$run: stderr says stopped by SIGTERM" 'grep -q "^kiosk: stopped by SIGTERM" "$ERR"'
  check "weston: still running after its client left" 'alive "$WPID"'
}

field() { /usr/bin/python3 "$VMT/scenario.py" run-field "$RUN" "$1"; }

stop_weston() {
  local after rc
  stop "$WPID" weston; rc=$RC
  check "weston: stopped by SIGTERM, exit status 0 (got $rc)" '[ $rc = 0 ]'
  after=$(save_state "$RUN-restored")
  log "scanout after weston: $after"
  check "weston: the console's framebuffer scans out again ($after; before: $BEFORE)" '[ "$after" = "$BEFORE" ]'
  shot $RUN restored
}

if run_weston; then
  run_wl
  stop_weston
fi
busybox chvt 1
[ -f "$OUT/$RUN-stderr.txt" ] && { log "$RUN stderr:"; sed 's/^/  | /' "$OUT/$RUN-stderr.txt"; }
[ -f "$WLOG" ] && { log "weston log:"; sed 's/^/  | /' "$WLOG"; }
vm_result
