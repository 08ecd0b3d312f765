#!/bin/bash
# The VM test's systemd boot; runs INSIDE the guest as the harness' oneshot runner
# (systemd is PID 1). The service is installed the way a device gets it: scripts/install.sh
# --skip-build --binary $KIOSK (the host's release build) writes the shipped units, the
# kiosk user (sysusers.d), /usr/local/bin/kiosk and /etc/swiftkiosk into the guest's overlay
# and enables swiftkiosk.service; Tests/VM/landscape.json is put in place as
# /etc/swiftkiosk/kiosk.json first (the install keeps an existing config). The only test
# drop-in: WatchdogSec=3 (the shipped 10 s would make the SIGSTOP phase slow) and no cores.
# The guest image lacks kbd, so the unit's ExecStartPre=+/bin/chvt 7 gets busybox's chvt.
#
# Phases (each a section below; the first process's journal is what verify.py checks):
#   1 start: Type=notify (active only after READY=1, which comes after the first flip: journal
#     order), the time to READY, STATUS=, the hardening in effect (seccomp, no new privileges,
#     no capabilities, MemoryDenyWriteExecute with the Swift runtime), user kiosk in a logind
#     session on seat0/VT 7, devices through logind; a VT switch away and back; a drag; the
#     control socket (root, a member of the group kiosk, not anyone else); the watchdog never
#     firing on a healthy kiosk; CPU over one idle minute (screen on); systemd-analyze
#     security; systemctl stop -> "stopped by SIGTERM; display restored", exit 0.
#   2 start again: the values from the state file; kill -9 -> restarted, values restored.
#   3 kill -STOP -> the watchdog restarts it.
#   4 reload with a bad config (the kiosk stays, the problems in the journal at warning
#     priority), then with a good one.
#   5 stop, scripts/install.sh --uninstall: everything gone but /etc/swiftkiosk.
# Screen power (dim, off, DPMS read back, the touch that only wakes, CPU with the screen off)
# belongs in the section marked "SCREEN POWER" between phases 1 and 2.
set -u
. "$VM_HARNESS/guest/lib.sh"
. "$VMT/guest-lib.sh"
. "$VMT/startup-time.sh"
cd "$OUT" || exit 1
REPO=$(cd "$VMT/../.." && pwd)
RUN=sd UNIT=swiftkiosk.service
PID1=                                                    # the first process (verify.py's journal)
J() { journalctl -t swiftkiosk -o cat --no-pager "$@"; }  # the kiosk's stdout and stderr (SyslogIdentifier=)
J1() { J _PID="$PID1"; }
JP() { J _PID="$(prop MainPID)"; }                       # the current process only
jcount() { local n; n=$(J | grep -cE -- "$1"); echo "${n:-0}"; }
jhas() { [ "$(jcount "$1")" -ge "${2:-1}" ]; }             # jhas REGEX [N]
jphas() { JP | grep -qE -- "$1"; }                         # the current process said REGEX
prop() { systemctl show -p "$1" --value $UNIT; }
up() { cut -d' ' -f1 /proc/uptime; }
since() { awk -v a="$1" '{printf "%.2f", $1 - a}' /proc/uptime; }
refresh_events() { J1 | grep '^{' > "$OUT/$RUN-events.jsonl"; }
active() { [ "$(prop ActiveState)" = active ]; }
gone() { [ "$(prop ActiveState)" != active ] && [ "$(prop ActiveState)" != deactivating ]; }
usec_diff() { awk -v a="$1" -v b="$2" 'BEGIN {printf "%.2f", (b - a) / 1e6}'; }
# start_to_ready: seconds from the start job (InactiveExit) and from the kiosk's exec to READY=1 (ActiveEnter)
start_to_ready() {
  echo "$(usec_diff "$(prop InactiveExitTimestampMonotonic)" "$(prop ActiveEnterTimestampMonotonic)") s from systemctl start," \
       "$(usec_diff "$(prop ExecMainStartTimestampMonotonic)" "$(prop ActiveEnterTimestampMonotonic)") s from the kiosk's exec"
}
ctl() { /usr/local/bin/kiosk ctl "$@"; }
new_pid() { active && [ "$(prop MainPID)" != "$1" ] && [ "$(prop MainPID)" != 0 ] && jphas "^kiosk: ready\$"; }
# the state file holds range lower=V
state_has() { grep -qE "\"range\": \{\"lower\": $1[,}]" /var/lib/swiftkiosk/state.json 2>/dev/null; }
got_lower() { ctl get range 2>/dev/null | grep -qE "\"lower\": $1[,}]"; }

log "start: pid1=$(cat /proc/1/comm), kernel $(uname -r), kiosk $KIOSK"
[ -x "$KIOSK" ] || { log "no kiosk binary at $KIOSK"; exit 2; }
guest_devices || exit 1

# ---- install, as on a device (/etc, /usr, /var are writable: the overlay)
install -D -m 0644 "$VMT/landscape.json" /etc/swiftkiosk/kiosk.json
[ -x /bin/chvt ] || { ln -s /bin/busybox /usr/bin/chvt; log "no kbd in the image: /bin/chvt is busybox's"; }
install -m 664 -g utmp /dev/null /run/utmp             # for UtmpMode= (tmpfiles-setup is masked)
# the test's drop-in, before the install so that its one daemon-reload sees it
mkdir -p /etc/systemd/system/$UNIT.d
printf '[Service]\nWatchdogSec=3\nLimitCORE=0\n' > /etc/systemd/system/$UNIT.d/vm-test.conf
irc=0; "$REPO/scripts/install.sh" --skip-build --binary "$KIOSK" > install.txt 2>&1 || irc=$?
check "scripts/install.sh --skip-build --binary (exit 0)" '[ $irc = 0 ]'
sed 's/^/  | /' install.txt
check "installed: binary, both units, sysusers.d, the popup templates" \
  '[ -x /usr/local/bin/kiosk ] && [ -f /etc/systemd/system/swiftkiosk.service ] && [ -f /etc/systemd/system/swiftkiosk-direct.service ] && [ -f /usr/lib/sysusers.d/swiftkiosk.conf ] && [ -f /etc/swiftkiosk/popups/dialog.json ] && [ -f /etc/swiftkiosk/strings/demo/ar.json ]'
check "the existing config was kept" 'cmp -s "$VMT/landscape.json" /etc/swiftkiosk/kiosk.json'
check "the shipped unit, unchanged" 'cmp -s "$REPO/systemd/swiftkiosk.service" /etc/systemd/system/swiftkiosk.service'
check "enabled" '[ "$(systemctl is-enabled $UNIT)" = enabled ]'
check "user kiosk: a system user, no extra groups" '[ "$(id -u kiosk)" -lt 1000 ] && [ "$(id -Gn kiosk)" = kiosk ]'
log "user: $(id kiosk)"
useradd --no-create-home --groups kiosk ctl-member; useradd --no-create-home ctl-stranger

BEFORE=$(save_state before)
screendump console-before.ppm
# the touchscreen exists before the kiosk starts; user kiosk cannot open it, logind hands it over
touchscreen $RUN drag1
udevadm settle -t 10
systemctl start dbus.service systemd-logind.service    # running on any real system

t=$(up)
systemctl start --no-block $UNIT
wait_for 60 active
T_ACTIVE=$(up)
log "$UNIT active $(since "$t") s after systemctl start: $(systemctl show -p MainPID -p NRestarts -p StatusText $UNIT | tr '\n' ' ')"
check "Type=notify unit active (READY=1)" active
check "kiosk: ready in the journal" 'jhas "^kiosk: ready$"'
PID=$(prop MainPID) PID1=$(prop MainPID)
log "start to READY=1: $(start_to_ready)"
startup_time "sd swiftkiosk.service (its exec time includes PAM opening the logind session)" $UNIT swiftkiosk "$PID"
# READY=1 is sent after the first flip: the kiosk's "ready" line (written after the flip,
# before sd_notify) comes before systemd's "Started" in the journal.
journalctl -b -o short-monotonic --no-pager _PID=1 + SYSLOG_IDENTIFIER=swiftkiosk > "$OUT/$RUN-start-order.txt"
order=$(grep -nE 'swiftkiosk\[[0-9]+\]: kiosk: (drm |ready$)|systemd\[1\]: Started (swiftkiosk\.service - )?SwiftKiosk' "$OUT/$RUN-start-order.txt" | sed -E 's/^[0-9]+:.*(kiosk: drm|kiosk: ready|Started).*/\1/' | head -3 | tr '\n' ',')
check "journal order: modeset, first frame flipped (kiosk: ready), then systemd's Started (READY=1) ($order)" '[ "$order" = "kiosk: drm,kiosk: ready,Started," ]'
STATUS=$(prop StatusText)
check "STATUS= one line: '$STATUS'" '[[ "$STATUS" =~ ^showing\ main\;\ ${VM_W}x${VM_H}\ drm\;\ [0-9]+\ clients?$ ]]'
systemctl status --no-pager $UNIT > "$OUT/$RUN-status.txt" 2>&1
log "systemctl status: $(grep -E '^ *Status:' "$OUT/$RUN-status.txt")"
check "systemctl status shows the Status: line" 'grep -qE "^ *Status: \"showing main" "$OUT/$RUN-status.txt"'
# the hardening, in effect on the process (it follows it into the session scope)
pst() { awk -v k="$1:" '$1 == k {print $2}' "/proc/$PID/status"; }
check "seccomp filter on, no new privileges, no capabilities (Seccomp $(pst Seccomp), NoNewPrivs $(pst NoNewPrivs), CapBnd $(pst CapBnd))" \
  '[ "$(pst Seccomp) $(pst NoNewPrivs) $(pst CapBnd) $(pst CapEff)" = "2 1 0000000000000000 0000000000000000" ]'
check "MemoryDenyWriteExecute=yes and the Swift runtime draws (no JIT)" '[ "$(prop MemoryDenyWriteExecute)" = yes ] && jhas "^kiosk: ready$"'
check "ProtectSystem=strict: / is read-only for the kiosk" 'findmnt --task "$PID" -no OPTIONS / | grep -qE "^ro(,|$)"'
check "socket 0660 kiosk:kiosk in /run/swiftkiosk (0750)" '[ "$(stat -c "%a %U:%G" /run/swiftkiosk/kiosk.sock) $(stat -c %a /run/swiftkiosk)" = "660 kiosk:kiosk 750" ]'
check "runs as user kiosk" '[ "$(ps -o user= -p "$PID")" = kiosk ]'
SID=$(loginctl list-sessions --no-legend | awk '$3 == "kiosk" {print $1; exit}')
sprop() { loginctl show-session "$SID" -p "$1" --value; }
check "logind session $SID on seat0, VT 7, active" '[ "$(sprop Seat) $(sprop VTNr) $(sprop Active)" = "seat0 7 yes" ]'
check "devices opened through logind" 'jhas "^kiosk: devices are opened through logind"'
check "atomic modeset line" "jhas '^kiosk: drm /dev/dri/card0 Virtual-1 ${VM_W}x${VM_H}@[0-9.]+ atomic rotation 0\$'"
# the input opens once the first frame is on screen, just after READY=1
wait_for 20 jhas "^kiosk: input device added: $TOUCH_NAME \((.*,)?touch(,.*)?\)\$"
check "touchscreen added (through TakeDevice)" 'jhas "^kiosk: input device added: $TOUCH_NAME \((.*,)?touch(,.*)?\)\$"'
RUNNING=$(save_state $RUN-running)
log "scanout: before $BEFORE, while running $RUNNING"
shot $RUN initial
idle_check "after start" "$PID" 2

# VT switch away and back: logind pauses the session's devices, then resumes them
t=$(up)
chvt 2
wait_for 10 jhas "paused\$"
log "chvt 2: '$(J | grep 'paused$' | tail -1)' after $(since "$t") s"
check "paused within 10 s of the VT switch" 'jhas "paused\$"'
check "session inactive on VT 2" '[ "$(sprop Active)" = no ]'
shot $RUN vt2
idle_check "on VT 2 (paused)" "$PID" 2
added=$(jcount "^kiosk: input device added: $TOUCH_NAME ")
t=$(up)
chvt 7
wait_for 20 jhas "repainting\$"
log "chvt 7: $(J | grep 'repainting$' | tail -1) after $(since "$t") s"
check "repainting after the VT switch back" 'jhas "repainting\$"'
check "still the same process (no crash, no restart)" '[ "$(prop MainPID)" = "$PID" ] && [ "$(prop NRestarts)" = 0 ]'
shot $RUN resumed
# libinput gives the devices back on resume; wait for the touchscreen before touching
wait_for 10 jhas "^kiosk: input device added: $TOUCH_NAME " $((added + 1)) ||
  log "no new 'input device added' for the touchscreen after the resume (it may have been kept)"

# a drag after the VT switch, on a touchscreen plugged now (hot-plug through logind; the first
# one's make-touch waits at most 60 s for its go, too short on a loaded machine)
added=$(jcount "^kiosk: input device added: $TOUCH_NAME ")
unplug
touchscreen $RUN drag1
wait_for 20 jhas "^kiosk: input device added: $TOUCH_NAME " $((added + 1))
check "a touchscreen plugged while running is taken through logind" 'jhas "^kiosk: input device added: $TOUCH_NAME " $((added + 1))'
play $RUN drag1 1
idle_check "after the drag" "$PID" 2

# the control socket: root, and a member of the socket's group (kiosk); nobody else
check "kiosk ctl ping as root" 'ctl ping > /dev/null'
check "kiosk ctl ping as a member of the group kiosk" 'runuser -u ctl-member -- /usr/local/bin/kiosk ctl ping > /dev/null'
check "kiosk ctl refused for a user outside the group" '! runuser -u ctl-stranger -- /usr/local/bin/kiosk ctl ping > /dev/null 2>&1'
refresh_events
cp "$OUT/$RUN-events.jsonl" "$OUT/$RUN-events-drag1.jsonl"   # verify.py's drag chunk ends here
ctl set range lower=33 > "$OUT/$RUN-ctl-set.txt" 2>&1
check "kiosk ctl set range lower=33" 'got_lower 33'
wait_for 10 state_has 33
check "the state file has lower 33 (mode $(stat -c %a /var/lib/swiftkiosk/state.json), dir $(stat -c %a /var/lib/swiftkiosk))" \
  'state_has 33 && [ "$(stat -c %a /var/lib/swiftkiosk)" = 700 ]'

# the watchdog: WatchdogSec=3 (test drop-in); alive and not restarted 12 s after READY=1
wait_for 20 sh -c "awk -v a=$T_ACTIVE '{exit !(\$1 - a >= 12)}' /proc/uptime"
check "watchdog: still active, no restart, 12 s after READY=1 (WatchdogSec=$(prop WatchdogUSec))" 'active && [ "$(prop NRestarts)" = 0 ] && [ "$(prop MainPID)" = "$PID" ]'
check "watchdog: no timeout in the journal" '! journalctl -u $UNIT -o cat --no-pager | grep -qi "watchdog timeout"'

# CPU over one idle minute, screen on. pam_systemd moved the kiosk into its session's scope,
# so the unit's own CPUUsageNSec counts only what ran before (PAM); the scope's is the kiosk.
SCOPE=session-$SID.scope
cpu_ns() { systemctl show -p CPUUsageNSec --value "$1"; }
log "cgroup accounting: DefaultCPUAccounting=$(systemctl show -p DefaultCPUAccounting --value) unit CPUAccounting=$(prop CPUAccounting) scope $(systemctl show -p CPUAccounting --value "$SCOPE")"
u0=$(cpu_ns $UNIT) s0=$(cpu_ns "$SCOPE") p0=$(cpu_seconds "$PID") t0=$(up)
sleep 60
u1=$(cpu_ns $UNIT) s1=$(cpu_ns "$SCOPE") p1=$(cpu_seconds "$PID") t1=$(up)
IDLE_CPU="scope $(awk -v a="$s0" -v b="$s1" 'BEGIN {printf "%.3f", (b - a) / 1e9}') s, unit $(awk -v a="$u0" -v b="$u1" 'BEGIN {printf "%.3f", (b - a) / 1e9}') s, process $(awk -v a="$p0" -v b="$p1" 'BEGIN {printf "%.2f", b - a}') s over $(awk -v a="$t0" -v b="$t1" 'BEGIN {printf "%.1f", b - a}') s"
log "idle minute, screen on: CPU $IDLE_CPU"
echo "sd idle minute, screen on: CPU $IDLE_CPU" >> "$OUT/service-numbers.txt"
check "idle minute measured (CPUUsageNSec of $SCOPE: $s0 -> $s1)" '[ -n "$s1" ] && [ "$s1" != "[not set]" ]'

# ---- SCREEN POWER: off by the socket, read back in the DRM state (the CRTC inactive: atomic
# ACTIVE=0); a drag on the dark screen only wakes it (no commit, the knob stays), the next drag
# moves the knob; then the CPU over one idle minute with the screen off. Dimming and going off by
# the config's timers are the same code on the virtual clock (ScreenPowerRunTests), not timed here.
crtc_active() { awk '/^crtc\[/ {c = 1} c && /^\tactive=/ {print $1; exit}' "$DRI/state"; }
crtc_is() { [ "$(crtc_active)" = "active=$1" ]; }
range_commits() { refresh_events; count '"source": ?"range".*"event": ?"valueCommitted"' "$OUT/$RUN-events.jsonl"; }
# drag_once: a fresh touchscreen plays drag1 (the lower knob from 20 towards 45) and is unplugged
drag_once() {
  local added
  unplug
  rm -f "/run/go-$RUN-drag1"
  added=$(jcount "^kiosk: input device added: $TOUCH_NAME ")
  touchscreen $RUN drag1
  wait_for 20 jhas "^kiosk: input device added: $TOUCH_NAME " $((added + 1))
  : > "/run/go-$RUN-drag1"
  wait_for 20 grep -q "gesture played" "$OUT/$RUN-drag1-touch.txt"
}
check "the CRTC is active while the screen is on ($(crtc_active))" 'crtc_is 1'
ctl set range lower=20 > /dev/null
wait_for 10 got_lower 20
offs=$(jcount "^kiosk: screen off$") ons=$(jcount "^kiosk: screen on$")
ctl sleep > "$OUT/$RUN-ctl-sleep.txt" 2>&1
wait_for 10 jhas "^kiosk: screen off$" $((offs + 1))
for _ in $(seq 50); do crtc_is 0 && break; sleep 0.2; done
check "kiosk ctl sleep: 'screen off' in the journal" 'jhas "^kiosk: screen off$" $((offs + 1))'
check "DPMS off: the CRTC is inactive in the DRM state ($(crtc_active))" 'crtc_is 0'
check "kiosk ctl get says the power is off" 'ctl get | grep -q "\"power\": \"off\""'
save_state $RUN-screen-off > /dev/null
before=$(range_commits)
drag_once
wait_for 10 jhas "^kiosk: screen on$" $((ons + 1))
sleep 1   # the swallowed drag's lift has been handled
check "a drag on the dark screen wakes it ('screen on')" 'jhas "^kiosk: screen on$" $((ons + 1))'
check "... and presses nothing: no commit, the knob still at 20 ($(range_commits) commits, $before before)" \
  '[ "$(range_commits)" = "$before" ] && got_lower 20'
for _ in $(seq 50); do crtc_is 1 && break; sleep 0.2; done
check "DPMS on again: the CRTC is active ($(crtc_active))" 'crtc_is 1'
drag_once
for _ in $(seq 100); do [ "$(range_commits)" -gt "$before" ] && break; sleep 0.2; done
check "the next drag moves the knob (a commit)" '[ "$(range_commits)" -gt "$before" ]'
unplug
# CPU over one idle minute, screen off
offs=$(jcount "^kiosk: screen off$")
ctl sleep > /dev/null
wait_for 10 jhas "^kiosk: screen off$" $((offs + 1))
for _ in $(seq 50); do crtc_is 0 && break; sleep 0.2; done
s0=$(cpu_ns "$SCOPE") p0=$(cpu_seconds "$PID") t0=$(up)
sleep 60
s1=$(cpu_ns "$SCOPE") p1=$(cpu_seconds "$PID") t1=$(up)
IDLE_OFF="scope $(awk -v a="$s0" -v b="$s1" 'BEGIN {printf "%.3f", (b - a) / 1e9}') s, process $(awk -v a="$p0" -v b="$p1" 'BEGIN {printf "%.2f", b - a}') s over $(awk -v a="$t0" -v b="$t1" 'BEGIN {printf "%.1f", b - a}') s"
log "idle minute, screen off: CPU $IDLE_OFF"
echo "sd idle minute, screen off: CPU $IDLE_OFF" >> "$OUT/service-numbers.txt"
check "idle minute with the screen off: still off, the CRTC inactive ($(crtc_active))" 'crtc_is 0 && ctl get | grep -q "\"power\": \"off\""'
ons=$(jcount "^kiosk: screen on$")
ctl wake > /dev/null
wait_for 10 jhas "^kiosk: screen on$" $((ons + 1))
check "kiosk ctl wake: 'screen on'" 'jhas "^kiosk: screen on$" $((ons + 1))'
# back to the value the restart phases expect
ctl set range lower=33 > /dev/null
wait_for 10 state_has 33

systemd-analyze security --no-pager $UNIT > "$OUT/$RUN-security.txt" 2>&1
SCORE=$(grep 'Overall exposure level' "$OUT/$RUN-security.txt" | sed 's/.*: //')
log "systemd-analyze security $UNIT (in the guest, with the test drop-in): $SCORE; offline on the file: $(systemd-analyze security --offline=yes --no-pager "$REPO/systemd/$UNIT" 2>&1 | grep 'Overall exposure' | sed 's/.*: //')"
echo "sd systemd-analyze security $UNIT: $SCORE" >> "$OUT/service-numbers.txt"
check "systemd-analyze security: OK or better ($SCORE)" 'awk "BEGIN {exit !(${SCORE%% *} <= 4.9)}"'

t=$(up)
systemctl stop $UNIT
wait_for 20 gone
log "systemctl stop: $(since "$t") s, $(systemctl show -p Result -p ExecMainCode -p ExecMainStatus $UNIT | tr '\n' ' ')"
check "stopped by SIGTERM, display restored" 'J1 | grep -q "^kiosk: stopped by SIGTERM; display restored$"'
check "exit status 0, result success" '[ "$(prop ExecMainStatus) $(prop Result)" = "0 success" ]'
shot $RUN restored
log "scanout after stop: $(save_state $RUN-restored)"
refresh_events
J1 | grep -v '^{' > "$OUT/$RUN-stderr.txt"
J1 > "$OUT/$RUN-journal.txt"
echo "sd start to READY=1: $(start_to_ready)" >> "$OUT/service-numbers.txt"

# ---- 2: start again, the value from the state file; kill -9, restarted with it
systemctl start $UNIT
wait_for 60 new_pid "$PID1"
PID=$(prop MainPID)
log "started again: $(start_to_ready)"
check "started again: range lower=33 from the state file" 'got_lower 33'
check "started again: restored in the journal" 'jphas "^kiosk: state /var/lib/swiftkiosk/state.json: restored"'
ctl set range lower=40 > /dev/null 2>&1
wait_for 10 state_has 40
N0=$(prop NRestarts)
t=$(up)
kill -9 "$PID"
wait_for 60 new_pid "$PID"
log "kill -9: restarted in $(since "$t") s ($(start_to_ready)), NRestarts $N0 -> $(prop NRestarts)"
echo "sd restart after kill -9: $(since "$t") s to READY=1" >> "$OUT/service-numbers.txt"
check "kill -9: systemd restarted it (NRestarts $N0 -> $(prop NRestarts), new PID $(prop MainPID))" '[ "$(prop NRestarts)" = $((N0 + 1)) ]'
check "kill -9: the values restored from the state file (range lower=40)" 'got_lower 40'

# ---- 3: a stopped loop sends no pings: the watchdog (3 s) restarts it
PID=$(prop MainPID) N0=$(prop NRestarts)
t=$(up)
kill -STOP "$PID"
wait_for 60 new_pid "$PID"
log "SIGSTOP: restarted in $(since "$t") s, NRestarts $N0 -> $(prop NRestarts)"
echo "sd restart after SIGSTOP (WatchdogSec=3): $(since "$t") s to READY=1" >> "$OUT/service-numbers.txt"
check "SIGSTOP: watchdog timeout in the journal" 'journalctl -u $UNIT -o cat --no-pager | grep -qi "watchdog timeout"'
check "SIGSTOP: restarted by the watchdog (NRestarts $N0 -> $(prop NRestarts))" '[ "$(prop NRestarts)" = $((N0 + 1)) ]'
check "SIGSTOP: values still there (range lower=40)" 'got_lower 40'

# ---- 4: reload with a bad config (the kiosk stays), then a good one
PID=$(prop MainPID)
echo '{"screens": [{"id": "main", "controls": [{"type": "rangeSlider", "id": "range", "frame": [1, 2]}]}], "colour": 1}' > /etc/swiftkiosk/kiosk.json
systemctl reload $UNIT
wait_for 10 jphas "^kiosk: reload failed"
check "bad config: same process, still active" 'active && [ "$(prop MainPID)" = "$PID" ]'
check "bad config: the problems in the journal, at warning priority" 'J _PID="$PID" -p warning | grep -q "^kiosk: reload failed; the kiosk goes on unchanged:$"'
J _PID="$PID" -p warning | sed 's/^/  | /'
install -m 0644 "$VMT/landscape.json" /etc/swiftkiosk/kiosk.json
systemctl reload $UNIT
wait_for 10 jphas "^kiosk: reloaded; showing main$"
check "good config: reloaded, same process" 'jphas "^kiosk: reloaded; showing main$" && [ "$(prop MainPID)" = "$PID" ]'
check "info lines are not warnings" '! J _PID="$PID" -p warning | grep -q "^kiosk: ready$"'

# ---- 5: stop and uninstall
systemctl stop $UNIT
unplug
"$REPO/scripts/install.sh" --uninstall > uninstall.txt 2>&1
check "uninstall: binary, units, sysusers.d and the user gone; /etc/swiftkiosk kept" \
  '[ ! -e /usr/local/bin/kiosk ] && [ ! -e /etc/systemd/system/$UNIT ] && [ ! -e /usr/lib/sysusers.d/swiftkiosk.conf ] && ! id kiosk > /dev/null 2>&1 && [ -f /etc/swiftkiosk/kiosk.json ]'
sed 's/^/  | /' uninstall.txt

# ---- 6: start-up time on the card, the kiosk alone (Tests/VM/startup-time.sh)
startup_runs

J > "$OUT/$RUN-journal-all.txt"
journalctl -b -u $UNIT -u systemd-logind -o short-monotonic --no-pager > "$OUT/$RUN-units-journal.txt"
log "service numbers:"; sed 's/^/  /' "$OUT/service-numbers.txt"
log "$RUN journal (not events):"; sed 's/^/  | /' "$OUT/$RUN-stderr.txt"
vm_result
