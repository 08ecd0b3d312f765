# The aarch64 guest's test (busybox sh; PID 1 is Tests/VM/aarch64/init): the aarch64 kiosk on
# the guest's virtio-gpu card (DRM/KMS, atomic) with a uinput touchscreen (touch.c) playing
# Tests/VM's a64 drag: the lower knob, then the dial. It leaves what verify.py reads for the
# a64 run in $OUT (screendumps through the host's QMP, events, stderr, PASS/FAIL lines) plus the
# kiosk's memory and its exec -> first page flip. scripts/aarch64-vm-test.sh copied the files
# it needs to /build/vm: kiosk, touch, landscape.json, a64-drag1.txt.
set -u
cd "$OUT" || exit 1
V=/build/vm
RUN=a64
ERR=$OUT/$RUN-stderr.txt
FAILS=0
log() { echo "[guest.sh $(cut -d' ' -f1 /proc/uptime)] $*"; }
check() { if eval "$2"; then log "PASS $1"; else log "FAIL $1"; FAILS=$((FAILS + 1)); fi; }
# wait_for SECONDS COMMAND...: every 0.1 s until COMMAND succeeds
wait_for() {
  n=$(($1 * 10)); shift
  while ! "$@"; do n=$((n - 1)); [ $n -gt 0 ] || { log "wait_for: timed out: $*"; return 1; }; sleep 0.1; done
}
# host_do NAME ARGS: the harness' request-file protocol (host-driver.py serves it on the host)
host_do() {
  rm -f "$OUT/ack-$1"
  echo "$2" > "$OUT/.req-$1" && mv "$OUT/.req-$1" "$OUT/req-$1"
  wait_for 60 test -e "$OUT/ack-$1" || return 1
  case $(cat "$OUT/ack-$1") in ok*) rm -f "$OUT/ack-$1" ;; *) log "host_do $1: $(cat "$OUT/ack-$1")"; return 1 ;; esac
}
# shot NAME: screendumps until two in a row are the same (the frame has settled), as NAME.ppm
shot() {
  host_do screendump "$1.ppm" || return 1
  i=0
  while [ $i -lt 20 ]; do
    mv "$1.ppm" "$1.prev.ppm"
    host_do screendump "$1.ppm" || return 1
    cmp -s "$1.ppm" "$1.prev.ppm" && break
    sleep 0.5; i=$((i + 1))
  done
  rm -f "$1.prev.ppm"
}
# Running and not a zombie (busybox sh reaps a child only when waited for).
alive() { [ -e /proc/$KPID ] && ! grep -q ') Z ' /proc/$KPID/stat; }
ready_or_gone() { grep -q '^kiosk: ready$' "$ERR" || ! alive; }
committed() { grep -q "\"source\": *\"$1\".*\"event\": *\"valueCommitted\"" "$OUT/$RUN-events.jsonl" 2> /dev/null; }
both_committed() { committed range && committed dial; }

log "start: $(uname -m) kernel $(uname -r); /dev/dri: $(ls /dev/dri | tr '\n' ' ')"
check "the guest is aarch64 with a DRM card" '[ "$(uname -m)" = aarch64 ] && [ -e /dev/dri/card0 ]'
shot console-before

# The touchscreen first; the kiosk opens it by path (--input-device). No udevd runs here, and
# libinput waits for udev to have initialised a device: its database entry says what udevd's
# input_id builtin would (a touchscreen).
$V/touch 800 480 kiosk-test-touchscreen $V/a64-drag1.txt /tmp/go > /tmp/touch.txt 2>&1 &
TPID=$!
wait_for 10 grep -q '^touch: created' /tmp/touch.txt
NODE=$(sed -n 's/^touch: created //p' /tmp/touch.txt)
check "uinput touchscreen created ($NODE)" '[ -c "$NODE" ]'
mkdir -p /run/udev/data
printf 'I:1\nE:ID_INPUT=1\nE:ID_INPUT_TOUCHSCREEN=1\n' > "/run/udev/data/c$(cat /sys/class/input/${NODE##*/}/dev)"

$V/kiosk run --backend drm --drm-device /dev/dri/card0 --config $V/landscape.json --rotation 0 \
  --input-device "$NODE" --events "$OUT/$RUN-events.jsonl" > "$OUT/$RUN-stdout.txt" 2> "$ERR" &
KPID=$!
wait_for 120 ready_or_gone
check "$RUN: kiosk started and said ready" 'grep -q "^kiosk: ready$" "$ERR"'
check "$RUN: stderr names the atomic modeset" \
  'grep -qE "^kiosk: drm /dev/dri/card0 Virtual-1 800x480@[0-9.]+ atomic rotation 0$" "$ERR"'
wait_for 60 grep -q "^kiosk: input device added: kiosk-test-touchscreen (.*touch" "$ERR"
check "$RUN: touchscreen added (touch)" 'grep -q "^kiosk: input device added: kiosk-test-touchscreen (.*touch" "$ERR"'
shot $RUN-initial

: > /tmp/go
wait_for 120 both_committed
check "$RUN: the drag committed the knob and the dial" both_committed
wait_for 30 grep -q '^touch: played' /tmp/touch.txt
shot $RUN-drag1
grep -E '^(VmHWM|VmRSS|RssAnon|RssFile|RssShmem):' /proc/$KPID/status > "$OUT/$RUN-memory.txt"
START_TICKS=$(cut -d' ' -f22 /proc/$KPID/stat)

kill -TERM $KPID
(sleep 30; kill -KILL $KPID 2> /dev/null) &
WATCH=$!
wait $KPID; rc=$?
kill $WATCH 2> /dev/null
check "$RUN: exit status 0 after SIGTERM (got $rc)" '[ $rc = 0 ]'
check "$RUN: stderr says stopped by SIGTERM, display restored" 'grep -qx "kiosk: stopped by SIGTERM; display restored" "$ERR"'
shot $RUN-restored
kill -TERM $TPID 2> /dev/null

# exec -> first flip: the process's start (clock ticks of 10 ms since boot; the guest never
# suspends, so boot time is CLOCK_MONOTONIC) to the kiosk's "on screen at F ms CLOCK_MONOTONIC".
F=$(sed -nE 's/^kiosk: first frame presented at ([0-9.]+) ms, on screen at ([0-9.]+) ms CLOCK_MONOTONIC$/\2/p' "$ERR")
P=$(sed -nE 's/^kiosk: first frame presented at ([0-9.]+) ms, on screen at.*/\1/p' "$ERR")
if [ -n "$F" ] && [ -n "$START_TICKS" ]; then
  awk -v s="$START_TICKS" -v p="$P" -v f="$F" 'BEGIN { printf "aarch64 guest (TCG): exec -> first frame presented %.0f ms, -> first page flip %.0f ms (±10 ms)\n", p - s * 10, f - s * 10 }' \
    > "$OUT/startup-time.txt"
  log "$(cat "$OUT/startup-time.txt")"
fi
check "$RUN: exec -> first flip measured" '[ -s "$OUT/startup-time.txt" ]'
log "$RUN stderr:"; sed 's/^/  | /' "$ERR"
if [ "$FAILS" = 0 ]; then log "result: ALL PASSED"; else log "result: $FAILS FAILED"; fi
[ "$FAILS" = 0 ]
