#!/bin/bash
# The VM test's systemd boot; runs INSIDE the guest as the harness' oneshot runner
# (systemd is PID 1). scripts/vm-test.sh installs the project's config/systemd/swiftkiosk.service
# unchanged (VM_UNITS) and passes KIOSK (the host's release binary) and VMT (this folder).
# Set up as its header says: user kiosk (no extra groups), the binary as /usr/local/bin/kiosk,
# Tests/VM/landscape.json as /etc/swiftkiosk/kiosk.json. The guest image lacks kbd, so the
# unit's ExecStartPre=+/bin/chvt 7 gets busybox's chvt.
# Checks: Type=notify (active only after READY=1), user kiosk in a logind session on seat0/VT 7,
# devices through logind, a VT switch away and back (paused, console on screen, repainted),
# a drag after it (events from the journal, pixels), the watchdog (WatchdogSec=10) never
# firing, systemctl stop -> "stopped by SIGTERM; display restored", exit 0.
set -u
. "$VM_HARNESS/guest/lib.sh"
. "$VMT/guest-lib.sh"
cd "$OUT" || exit 1
RUN=sd UNIT=swiftkiosk.service
J() { journalctl -t swiftkiosk -o cat --no-pager; }     # the kiosk's stdout and stderr (SyslogIdentifier=)
jcount() { local n; n=$(J | grep -cE -- "$1"); echo "${n:-0}"; }
jhas() { [ "$(jcount "$1")" -ge "${2:-1}" ]; }             # jhas REGEX [N]
prop() { systemctl show -p "$1" --value $UNIT; }
up() { cut -d' ' -f1 /proc/uptime; }
since() { awk -v a="$1" '{printf "%.2f", $1 - a}' /proc/uptime; }
refresh_events() { J | grep '^{' > "$OUT/$RUN-events.jsonl"; }
active() { [ "$(prop ActiveState)" = active ]; }
gone() { [ "$(prop ActiveState)" != active ] && [ "$(prop ActiveState)" != deactivating ]; }

log "start: pid1=$(cat /proc/1/comm), kernel $(uname -r), kiosk $KIOSK"
[ -x "$KIOSK" ] || { log "no kiosk binary at $KIOSK"; exit 2; }
systemctl cat $UNIT > /dev/null 2>&1 || { log "no $UNIT installed (VM_UNITS)"; exit 2; }
guest_devices || exit 1

# the unit's own set-up steps (/etc, /usr are writable: overlay)
useradd --system --create-home --user-group kiosk
install -m 664 -g utmp /dev/null /run/utmp             # for UtmpMode= (tmpfiles-setup is masked)
ln -s "$KIOSK" /usr/local/bin/kiosk
install -D -m 0644 "$VMT/landscape.json" /etc/swiftkiosk/kiosk.json
[ -x /bin/chvt ] || { ln -s /bin/busybox /usr/bin/chvt; log "no kbd in the image: /bin/chvt is busybox's"; }
log "user: $(id kiosk)"

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
PID=$(prop MainPID)
check "runs as user kiosk" '[ "$(ps -o user= -p "$PID")" = kiosk ]'
SID=$(loginctl list-sessions --no-legend | awk '$3 == "kiosk" {print $1; exit}')
sprop() { loginctl show-session "$SID" -p "$1" --value; }
check "logind session $SID on seat0, VT 7, active" '[ "$(sprop Seat) $(sprop VTNr) $(sprop Active)" = "seat0 7 yes" ]'
check "devices opened through logind" 'jhas "^kiosk: devices are opened through logind"'
check "atomic modeset line" "jhas '^kiosk: drm /dev/dri/card0 Virtual-1 ${VM_W}x${VM_H}@[0-9.]+ atomic rotation 0\$'"
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

# a drag after the VT switch
play $RUN drag1 1
idle_check "after the drag" "$PID" 2

# the watchdog: WatchdogSec=10 in the unit; alive and not restarted 12 s after READY=1
wait_for 20 sh -c "awk -v a=$T_ACTIVE '{exit !(\$1 - a >= 12)}' /proc/uptime"
check "watchdog: still active, no restart, 12 s after READY=1" 'active && [ "$(prop NRestarts)" = 0 ] && [ "$(prop MainPID)" = "$PID" ]'
check "watchdog: no timeout in the journal" '! journalctl -u $UNIT -o cat --no-pager | grep -qi "watchdog timeout"'

t=$(up)
systemctl stop $UNIT
wait_for 20 gone
log "systemctl stop: $(since "$t") s, $(systemctl show -p Result -p ExecMainCode -p ExecMainStatus $UNIT | tr '\n' ' ')"
check "stopped by SIGTERM, display restored" 'jhas "^kiosk: stopped by SIGTERM; display restored$"'
check "exit status 0, result success" '[ "$(prop ExecMainStatus) $(prop Result)" = "0 success" ]'
shot $RUN restored
unplug
log "scanout after stop: $(save_state $RUN-restored)"

refresh_events $RUN
J | grep -v '^{' > "$OUT/$RUN-stderr.txt"
J > "$OUT/$RUN-journal.txt"
journalctl -b -u $UNIT -u systemd-logind -o short-monotonic --no-pager > "$OUT/$RUN-units-journal.txt"
log "$RUN journal (not events):"; sed 's/^/  | /' "$OUT/$RUN-stderr.txt"
vm_result
