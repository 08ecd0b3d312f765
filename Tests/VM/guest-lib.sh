# Helpers shared by guest.sh and guest-systemd.sh (sourced after the harness' lib.sh).
# Needs: VM_OUT, VM_HARNESS, VM_W, VM_H, VMT (this folder).
OUT=$VM_OUT
MAKE_TOUCH=$VM_HARNESS/guest/make-touch.py
TOUCH_NAME=kiosk-test-touchscreen

# guest_devices: evdev, the card, udev settled, debugfs (DRI: the card's folder, virtio-gpu or cirrus)
guest_devices() {
  modprobe evdev
  wait_for 10 test -e /dev/dri/card0 || return 1
  udevadm settle -t 10
  mount -t debugfs none /sys/kernel/debug 2>/dev/null
  local d; DRI=
  for d in /sys/kernel/debug/dri/*; do
    if grep -qE '^(virtio_gpu|cirrus) ' "$d/name" 2>/dev/null; then DRI=$d; break; fi
  done
}

# What scans out on crtc-0: "fb=ID allocated-by" from the atomic state in debugfs.
scanout() {
  awk '/^plane\[/ { inplane = 1; oncrtc = 0; next }
       /^(crtc|connector)\[/ { inplane = 0 }
       inplane && /crtc=crtc-0/ { oncrtc = 1 }
       inplane && oncrtc && /^\tfb=/ { fb = $1 }
       inplane && oncrtc && /allocated by =/ { sub(/.*allocated by = /, ""); print fb, $0; exit }' "$DRI/state"
}
save_state() { cp "$DRI/state" "$OUT/$1-dri-state.txt" 2>/dev/null; scanout; }

count() { local n; n=$(grep -cE "$1" "$2" 2>/dev/null); echo "${n:-0}"; }
at_least() { [ "$(count "$2" "$3")" -ge "$1" ]; }        # at_least N REGEX FILE
refresh_events() { :; }    # guest-systemd.sh: the events come from the journal
committed() {                             # committed RUN N CONTROL...: each control N times
  local run=$1 n=$2 c; shift 2
  refresh_events "$run"
  for c in "$@"; do
    at_least "$n" "\"source\": ?\"$c\".*\"event\": ?\"valueCommitted\"" "$OUT/$run-events.jsonl" || return 1
  done
}

# capture NAME: the screen now, as NAME.ppm (QMP screendump of the scanout) or, when
# FB_CAPTURE names a framebuffer QEMU does not scan out (vfb), its visible page as NAME.fb.
capture() {
  if [ -n "${FB_CAPTURE:-}" ]; then
    /usr/bin/python3 "$VMT/fbinfo.py" dump "$FB_CAPTURE" "$OUT/$1.fb"
  else
    screendump "$1.ppm"
  fi
}
capture_ext() { if [ -n "${FB_CAPTURE:-}" ]; then echo fb; else echo ppm; fi; }

# shot RUN SHOT: captures until Tests/VM's probes for that moment match (the frame with
# the input is on screen) or 10 s pass; the last one stays as RUN-SHOT.ppm (.fb) for the host.
shot() {
  local run=$1 name=$2 i ok=1 file
  file=$OUT/$run-$name.$(capture_ext)
  for i in $(seq 1 20); do
    capture "$run-$name" || break
    if /usr/bin/python3 "$VMT/verify.py" --probe "$run" "$name" "$file" > "$OUT/$run-$name-probe.txt"; then
      ok=0; break
    fi
    sleep 0.4
  done
  check "$run $name: the expected frame is on screen (after $i screendumps)" '[ $ok = 0 ]'
  [ $ok = 0 ] || cat "$OUT/$run-$name-probe.txt"
}

# touchscreen RUN DRAG: a new uinput touchscreen that plays Tests/VM/touch/RUN-DRAG.jsonl
# once /run/go-RUN-DRAG exists; stays plugged until killed (TOUCH_PID).
touchscreen() {
  /usr/bin/python3 "$MAKE_TOUCH" --width "$VM_W" --height "$VM_H" --name "$TOUCH_NAME" \
    --script "$VMT/touch/$1-$2.jsonl" --wait-file "/run/go-$1-$2" --hold -1 > "$OUT/$1-$2-touch.txt" 2>&1 7>&- &
  TOUCH_PID=$!
  wait_for 30 grep -q created "$OUT/$1-$2-touch.txt"
}
unplug() { [ -n "${TOUCH_PID:-}" ] && kill "$TOUCH_PID" 2>/dev/null && wait "$TOUCH_PID" 2>/dev/null; TOUCH_PID=; }

# play RUN DRAG N: go, wait until played and the controls it drags committed (the Nth time),
# keep a copy of the events
play() {
  local run=$1 drag=$2 n=$3 controls
  controls=$(/usr/bin/python3 "$VMT/scenario.py" controls "$run" "$drag")
  : > "/run/go-$run-$drag"
  wait_for 20 grep -q "gesture played" "$OUT/$run-$drag-touch.txt"
  # shellcheck disable=SC2086
  wait_for 20 committed "$run" "$n" $controls
  check "$run $drag: the kiosk committed the dragged controls ($controls; events)" 'committed $run $n $controls'
  cp "$OUT/$run-events.jsonl" "$OUT/$run-events-$drag.jsonl" 2>/dev/null
  shot "$run" "$drag"
}


# cpu_seconds PID: user + system CPU time so far; idle_check LABEL PID SECONDS: the kiosk
# must sleep when nothing happens (no busy loop): at most 0.2 s of CPU in that window.
cpu_seconds() { awk -v hz="$(getconf CLK_TCK)" '{printf "%.2f", ($14 + $15) / hz}' "/proc/$1/stat" 2>/dev/null; }
idle_check() {
  local label=$1 pid=$2 secs=$3 a b used
  a=$(cpu_seconds "$pid"); sleep "$secs"; b=$(cpu_seconds "$pid")
  used=$(awk -v a="${a:-0}" -v b="${b:-0}" 'BEGIN {printf "%.2f", b - a}')
  check "$label: idle, no busy loop ($used s of CPU in $secs s)" "awk 'BEGIN {exit !($used <= 0.2)}'"
}
