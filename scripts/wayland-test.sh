#!/usr/bin/env bash
# The Wayland backend under real compositors, no GPU needed (software rendering throughout):
#   cage 0.1.4 (wlroots 0.15 headless backend, pixman renderer), pixels captured with grim;
#   Weston 10 headless (desktop-shell), pixels with weston-screenshooter (--debug);
#   Weston 10 kiosk-shell on its x11 backend inside Xvfb, the one compositor here with a seat:
#     a pointer drag made with xdotool reaches the kiosk through wl_pointer;
#   sway 1.7 headless: xdg_toplevel.close (swaymsg kill) and a resize of the output.
# Each captured output must equal `kiosk run --backend headless` of the same config at the same
# size (small per-channel tolerance); the exit codes must be the documented ones (SIGTERM and a
# close: 0; the compositor going away, no compositor: 1); an idle kiosk must not wake up.
# Compositors run as an unprivileged user (cage refuses root). Installs what it needs.
# Prints what it measured (bytes copied per frame of a knob drag, wake-ups, latency).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh
scripts/install-deps.sh

packages=(cage xwayland grim weston sway xvfb xdotool)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "wayland-test: installing ${missing[*]}" >&2
  apt-get -o DPkg::Lock::Timeout=600 update -qq
  DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends \
    "${missing[@]}" >/dev/null
fi

swift build --product kiosk >/tmp/kiosk-wayland-test-build.log 2>&1 || { cat /tmp/kiosk-wayland-test-build.log; exit 1; }
kiosk_bin=$PWD/.build/debug/kiosk
[ -x "$kiosk_bin" ] || { echo "wayland-test: no $kiosk_bin" >&2; exit 1; }

# The compositors' user, and a folder it owns for sockets, binaries and captures.
user=kiosk-wayland-test
id "$user" >/dev/null 2>&1 || useradd --system --no-create-home --shell /usr/sbin/nologin "$user"
uid=$(id -u "$user"); gid=$(id -g "$user")
work=$(mktemp -d /tmp/kiosk-wayland-test.XXXXXX)
mkdir -p "$work/run"
cp "$kiosk_bin" "$work/kiosk"
cp -r config "$work/config"
chown -R "$user:" "$work"
chmod 700 "$work/run"
# Debian 12's cage starts Xwayland, which wants this folder root-owned and world-writable.
mkdir -p /tmp/.X11-unix && chown root:root /tmp/.X11-unix && chmod 1777 /tmp/.X11-unix

pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
  sleep 0.5
  for pid in "${pids[@]}"; do kill -KILL "$pid" 2>/dev/null || true; done
  pkill -KILL -u "$user" 2>/dev/null || true   # whatever the compositors started
  if [ "${KEEP:-0}" = 1 ]; then echo "wayland-test: kept $work" >&2; else rm -rf "$work"; fi
}
trap cleanup EXIT

passed=0; failed=0
pass() { echo "PASS $*"; passed=$((passed + 1)); }
fail() { echo "FAIL $*"; failed=$((failed + 1)); }
check() { local what=$1; shift; if "$@"; then pass "$what"; else fail "$what"; fi; }

# Runs a command as the test user in the test's runtime folder. In a subshell (`as_user … &`)
# the subshell becomes the command (setpriv and env exec too), so $! is the compositor's pid
# and a kill reaches it rather than a bash that would leave it running.
as_user() {
  local run=(setpriv --reuid="$uid" --regid="$gid" --clear-groups --
             env -i PATH=/usr/bin:/bin HOME="$work" XDG_RUNTIME_DIR="$work/run" LANG=C.UTF-8 "$@")
  if ((BASH_SUBSHELL > 0)); then exec "${run[@]}"; else "${run[@]}"; fi
}

# wait_for FILE REGEX SECONDS: true once a line of FILE matches.
wait_for() {
  local deadline=$((SECONDS + $3))
  while [ $SECONDS -lt $deadline ]; do
    grep -Eq "$2" "$1" 2>/dev/null && return 0
    sleep 0.1
  done
  echo "  (waited $3 s for /$2/ in $1)"; tail -5 "$1" 2>/dev/null | sed 's/^/  | /'
  return 1
}

# The kiosk as a compositor client, its exit code written when it ends: tag.pid, tag.rc, tag.err.
cat > "$work/kiosk-client.sh" <<'EOF'
#!/bin/sh
tag=$1; shift
dir=$(dirname "$0")
"$dir/kiosk" run --backend wayland "$@" >"$dir/$tag.out" 2>"$dir/$tag.err" &
echo $! >"$dir/$tag.pid"
wait $!
echo $? >"$dir/$tag.rc"
EOF
chmod 755 "$work/kiosk-client.sh"; chown "$user:" "$work/kiosk-client.sh"

# kiosk_exit TAG SECONDS: the kiosk's exit code once it has ended ("timeout" otherwise).
kiosk_exit() {
  local deadline=$((SECONDS + $2))
  while [ $SECONDS -lt $deadline ]; do
    [ -s "$work/$1.rc" ] && { cat "$work/$1.rc"; return; }
    sleep 0.1
  done
  echo timeout
}

stop_kiosk() { kill -TERM "$(cat "$work/$1.pid")"; }

# headless_reference SIZE OUT [TOUCHES]: the headless render of the demo at SIZE.
headless_reference() {
  local input=()
  [ -n "${3:-}" ] && input=(--input "$3")
  "$work/kiosk" run --backend headless --size "$1" --config "$work/config/demo.json" "${input[@]}" \
    --screenshot "$2" --events "$2.events" 2>/dev/null
}

same_pixels() { scripts/png-compare.py --tolerance 8 --max-differing 0.001 "$1" "$2" | sed 's/^/  /'; }

# The numbers of an exit report: frames, bytes copied, wake-ups.
report_numbers() {
  local err=$1
  frames=$(sed -n 's/^kiosk: frames \([0-9]*\), copied \([0-9]*\) bytes.*/\1/p' "$err")
  copied=$(sed -n 's/^kiosk: frames \([0-9]*\), copied \([0-9]*\) bytes.*/\2/p' "$err")
  wakeups=$(sed -n 's/^kiosk: event loop: \([0-9]*\) wake-ups.*/\1/p' "$err")
}

# ---------------------------------------------------------------------------------------------
echo "== no compositor"
env -u WAYLAND_DISPLAY -u WAYLAND_SOCKET "$work/kiosk" run --backend wayland --config "$work/config/demo.json" \
  >/dev/null 2>"$work/none.err" && rc=0 || rc=$?
check "WAYLAND_DISPLAY unset: exit 1, says so" \
  test "$rc" = 1 -a -n "$(grep 'WAYLAND_DISPLAY is not set' "$work/none.err")"
XDG_RUNTIME_DIR=$work/run WAYLAND_DISPLAY=nobody-here "$work/kiosk" run --backend wayland \
  --config "$work/config/demo.json" >/dev/null 2>"$work/none.err" && rc=0 || rc=$?
check "no compositor at WAYLAND_DISPLAY: exit 1, names the socket" \
  test "$rc" = 1 -a -n "$(grep "cannot connect to the compositor at 'nobody-here'" "$work/none.err")"

# ---------------------------------------------------------------------------------------------
echo "== cage (wlroots headless, pixman), grim"
wlr=(WLR_BACKENDS=headless WLR_RENDERER=pixman WLR_LIBINPUT_NO_DEVICES=1)
# -r turns the output by 90 degrees, so the kiosk is configured portrait (720x1280). It also
# keeps cage 0.1.4 from scanning the kiosk's buffer out directly, which it does for a surface
# exactly the output's size and orientation; screencopy cannot read such a buffer, and grim
# would capture black (the kiosk is shown all the same).
as_user "${wlr[@]}" cage -r -- "$work/kiosk-client.sh" cage --config "$work/config/demo.json" \
  >"$work/cage.log" 2>&1 &
pids+=($!)
if wait_for "$work/cage.err" "^kiosk: ready" 60; then
  check "cage: the kiosk takes the configured 720x1280" grep -q "wl_shm 720x1280@60 fullscreen" "$work/cage.err"
  sleep 2   # idle: nothing moves, so nothing is drawn or committed and the loop sleeps
  as_user WAYLAND_DISPLAY=wayland-0 grim "$work/cage.png"
  headless_reference 720x1280 "$work/ref-720x1280.png"
  check "cage: grim's capture equals the headless render" same_pixels "$work/ref-720x1280.png" "$work/cage.png"
  stop_kiosk cage
  rc=$(kiosk_exit cage 10)
  check "cage: SIGTERM ends the kiosk with exit 0" test "$rc" = 0
  report_numbers "$work/cage.err"
  echo "  idle kiosk under cage: $frames frame(s), $wakeups wake-ups in $(grep -o 'over [0-9.]* s' "$work/cage.err")"
  check "cage: idle means one frame and no wake-ups beyond start (<= 6)" test "$frames" = 1 -a "$wakeups" -le 6
else
  fail "cage: the kiosk never became ready"
fi
wait "${pids[-1]}" 2>/dev/null || true

rm -f "$work/run"/wayland-0*
as_user "${wlr[@]}" cage -- "$work/kiosk-client.sh" cage-gone --config "$work/config/demo.json" \
  >"$work/cage-gone.log" 2>&1 &
cage_pid=$!; pids+=($cage_pid)
if wait_for "$work/cage-gone.err" "^kiosk: ready" 60; then
  check "cage: the kiosk takes cage's 0x0 configure as the output's 1280x720" \
    grep -q "wl_shm 1280x720@60 fullscreen" "$work/cage-gone.err"
  kill -TERM "$cage_pid"
  rc=$(kiosk_exit cage-gone 10)
  check "cage: the compositor going away ends the kiosk with exit 1" test "$rc" = 1
  check "cage: ... and says the connection was lost" \
    grep -q "the connection to the compositor was lost" "$work/cage-gone.err"
else
  fail "cage: the kiosk never became ready"
fi

# ---------------------------------------------------------------------------------------------
echo "== Weston 10 headless (desktop-shell), weston-screenshooter"
# Weston 10's kiosk-shell maps a surface only when it can give it a seat's focus, and the
# headless backend has no seat: under kiosk-shell the kiosk is configured but never shown.
# desktop-shell honours set_fullscreen the same way; kiosk-shell is tested with a seat below.
as_user weston --backend=headless-backend.so --use-pixman --shell=desktop-shell.so --socket=weston-headless \
  --width=640 --height=400 --debug --idle-time=0 >"$work/weston.log" 2>&1 &
weston_pid=$!; pids+=($weston_pid)
wait_for "$work/weston.log" "launching '/usr/libexec/weston-desktop-shell'|Output 'headless' enabled" 20 || true
sleep 1
as_user WAYLAND_DISPLAY=weston-headless "$work/kiosk-client.sh" weston --config "$work/config/demo.json" &
if wait_for "$work/weston.err" "^kiosk: ready" 60; then
  check "weston: the kiosk takes the configured 640x400" grep -q "wl_shm 640x400@60 fullscreen" "$work/weston.err"
  sleep 1
  (cd "$work" && as_user WAYLAND_DISPLAY=weston-headless weston-screenshooter)
  shot=$(ls "$work"/wayland-screenshot-*.png 2>/dev/null | head -1)
  headless_reference 640x400 "$work/ref-640x400.png"
  check "weston: the screenshot equals the headless render" same_pixels "$work/ref-640x400.png" "$shot"
  stop_kiosk weston
  check "weston: SIGTERM ends the kiosk with exit 0" test "$(kiosk_exit weston 10)" = 0
else
  fail "weston: the kiosk never became ready"
fi
as_user WAYLAND_DISPLAY=weston-headless "$work/kiosk-client.sh" weston-gone --config "$work/config/demo.json" &
if wait_for "$work/weston-gone.err" "^kiosk: ready" 60; then
  kill -TERM "$weston_pid"
  check "weston: the compositor going away ends the kiosk with exit 1" test "$(kiosk_exit weston-gone 10)" = 1
else
  fail "weston: the kiosk never became ready"
fi

# ---------------------------------------------------------------------------------------------
echo "== Weston 10 kiosk-shell on Xvfb (x11 backend, pixman): a pointer drag through wl_pointer"
# Xvfb picks a free display itself (-displayfd): a fixed number may be held by a stale lock.
as_user Xvfb -displayfd 3 -screen 0 1024x768x24 -nolisten tcp 3>"$work/xvfb.display" >"$work/xvfb.log" 2>&1 &
pids+=($!)
for _ in $(seq 100); do [ -s "$work/xvfb.display" ] && break; sleep 0.1; done
display=:$(tr -dc 0-9 <"$work/xvfb.display")
as_user DISPLAY="$display" weston --backend=x11-backend.so --use-pixman --shell=kiosk-shell.so \
  --socket=weston-x11 --width=800 --height=480 --debug --idle-time=0 >"$work/weston-x11.log" 2>&1 &
pids+=($!)
wait_for "$work/weston-x11.log" "kiosk-shell.so" 20 || true
sleep 1
as_user WAYLAND_DISPLAY=weston-x11 "$work/kiosk-client.sh" drag --config "$work/config/demo.json" &
if wait_for "$work/drag.err" "^kiosk: ready" 60; then
  check "weston x11: the seat's pointer is announced" grep -q "input device added: .*(pointer)" "$work/drag.err"
  sleep 1
  # The demo's range slider: its lower knob sits at (136, 220); drag it to x = 250.
  export DISPLAY=$display
  xdotool mousemove 400 300; sleep 0.3
  xdotool mousemove 136 220; sleep 0.3
  xdotool mousedown 1; sleep 0.1
  for x in $(seq 140 10 250); do xdotool mousemove "$x" 220; sleep 0.03; done
  sleep 0.1; xdotool mouseup 1
  xdotool mousemove 700 470   # out of the way (the cursor is hidden over the kiosk anyway)
  unset DISPLAY
  sleep 1.5
  (cd "$work" && rm -f wayland-screenshot-*.png && as_user WAYLAND_DISPLAY=weston-x11 weston-screenshooter)
  shot=$(ls "$work"/wayland-screenshot-*.png 2>/dev/null | head -1)
  stop_kiosk drag
  check "weston x11: SIGTERM ends the kiosk with exit 0" test "$(kiosk_exit drag 10)" = 0
  # The same drag as a headless touch script (one finger, the same positions).
  {
    echo '{"t": 0, "type": "down", "id": 0, "x": 136, "y": 220}'
    t=100; for x in $(seq 140 10 250); do echo "{\"t\": $t, \"type\": \"move\", \"id\": 0, \"x\": $x, \"y\": 220}"; t=$((t + 30)); done
    echo "{\"t\": $((t + 100)), \"type\": \"up\", \"id\": 0}"
  } >"$work/drag.jsonl"
  headless_reference 800x480 "$work/ref-drag.png" "$work/drag.jsonl"
  commit() { grep valueCommitted "$1" | sed 's/"t": [0-9.]*, //'; }
  echo "  wayland:  $(commit "$work/drag.out")"
  echo "  headless: $(commit "$work/ref-drag.png.events")"
  check "weston x11: the drag commits the value the same touches commit headless" \
    test -n "$(commit "$work/drag.out")" -a "$(commit "$work/drag.out")" = "$(commit "$work/ref-drag.png.events")"
  check "weston x11: the screenshot after the drag equals the headless render (no cursor drawn)" \
    same_pixels "$work/ref-drag.png" "$shot"
  report_numbers "$work/drag.err"
  full=$((800 * 480 * 4))
  if [ "$frames" -gt 1 ]; then
    echo "  knob drag: $frames frames, $copied bytes copied; after the first (full) frame" \
      "$(( (copied - full) / (frames - 1) )) bytes a frame ($(( (copied - full) * 100 / (frames - 1) / full )) % of $full)"
  fi
  echo "  $(grep 'latency' "$work/drag.err" | sed 's/^kiosk: //')"
  echo "  $(grep 'event loop' "$work/drag.err" | sed 's/^kiosk: //')"
  check "weston x11: the drag was measured (touch-to-frame latency samples)" \
    grep -q "latency median .* (n = [1-9]" "$work/drag.err"
else
  fail "weston x11: the kiosk never became ready"
fi

# ---------------------------------------------------------------------------------------------
echo "== sway 1.7 headless: a resize of the output, then xdg_toplevel.close"
cat >"$work/sway.conf" <<'EOF'
output HEADLESS-1 mode 800x480
default_border none
EOF
chown "$user:" "$work/sway.conf"
rm -f "$work/run"/wayland-*
as_user "${wlr[@]}" sway -c "$work/sway.conf" >"$work/sway.log" 2>&1 &
pids+=($!)
for _ in $(seq 100); do ls "$work/run"/sway-ipc.*.sock >/dev/null 2>&1 && break; sleep 0.1; done
sway_socket=$(ls "$work/run"/sway-ipc.*.sock 2>/dev/null | head -1)
sway_display=$(cd "$work/run" && ls wayland-* 2>/dev/null | grep -v lock | head -1)
swaymsg_() { as_user SWAYSOCK="$sway_socket" swaymsg "$@" >/dev/null; }
as_user WAYLAND_DISPLAY="$sway_display" "$work/kiosk-client.sh" sway --config "$work/config/demo.json" &
if wait_for "$work/sway.err" "^kiosk: ready" 60; then
  sleep 1
  as_user WAYLAND_DISPLAY="$sway_display" grim "$work/sway-800.png"
  headless_reference 800x480 "$work/ref-800x480.png"
  check "sway: grim's capture equals the headless render at 800x480" same_pixels "$work/ref-800x480.png" "$work/sway-800.png"
  swaymsg_ output HEADLESS-1 mode 1024x600
  headless_reference 1024x600 "$work/ref-1024x600.png"
  resized=no
  for _ in $(seq 40); do
    sleep 0.25
    as_user WAYLAND_DISPLAY="$sway_display" grim "$work/sway-1024.png"
    if scripts/png-compare.py --tolerance 8 --max-differing 0.001 "$work/ref-1024x600.png" "$work/sway-1024.png" \
      >/dev/null; then resized=yes; break; fi
  done
  check "sway: after the output became 1024x600 the kiosk re-laid out and shows the headless render" test "$resized" = yes
  swaymsg_ '[app_id=swiftkiosk] kill'
  check "sway: xdg_toplevel.close ends the kiosk with exit 0" test "$(kiosk_exit sway 10)" = 0
  check "sway: ... and says why" grep -q "stopped by the compositor closing the window" "$work/sway.err"
else
  fail "sway: the kiosk never became ready"
fi

echo "wayland-test: $passed passed, $failed failed"
[ "$failed" = 0 ]
