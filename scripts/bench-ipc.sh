#!/usr/bin/env bash
# Measures the control socket on a release build and prints numbers (nothing is asserted):
#   1. the round trip of a `set` over the socket: median and 99th percentile of N requests from
#      one connected client, and of `kiosk ctl set` (a process per request, as a shell script
#      would do it);
#   2. what a subscriber that never reads costs the frame loop: the same scripted 10 s drag on
#      a headless real-clock kiosk, without and with such a client, comparing the kiosk's CPU
#      time, frames and input-to-flip latency.
# Usage: scripts/bench-ipc.sh [N]   (default 2000); KIOSK=path measures another binary (an
# older build, for a before/after).
set -euo pipefail
cd "$(dirname "$0")/.."
N=${1:-2000}
source scripts/env.sh 2>/dev/null || true
if [ -z "${KIOSK:-}" ]; then
    swift build -c release --product kiosk >/dev/null
    KIOSK=$PWD/.build/release/kiosk
fi
K=$KIOSK
D=$(mktemp -d)
PID=
cleanup() { [ -n "$PID" ] && kill "$PID" 2>/dev/null; rm -rf "$D"; }
trap cleanup EXIT

wait_for_socket() {
    for _ in $(seq 500); do "$K" ctl --socket "$1" ping >/dev/null 2>&1 && return 0; sleep 0.01; done
    echo "no kiosk on $1" >&2; exit 1
}

echo "== round trip of a set (release build, $(nproc) cores)"
"$K" run --config config/demo.json --backend headless --clock real --socket "$D/k.sock" >/dev/null 2>"$D/run.err" &
PID=$!
wait_for_socket "$D/k.sock"
python3 - "$D/k.sock" "$N" <<'EOF'
import socket, sys, time
path, n = sys.argv[1], int(sys.argv[2])
s = socket.socket(socket.AF_UNIX); s.connect(path); f = s.makefile('rwb')
times = []
for i in range(n):
    request = b'{"op": "set", "control": "price", "value": {"lower": %d}}\n' % (10 + i % 2)
    t = time.perf_counter_ns()
    f.write(request); f.flush(); reply = f.readline()
    times.append(time.perf_counter_ns() - t)
    assert b'"ok": true' in reply, reply
times.sort()
print(f"socket client: median {times[n // 2] / 1000:.1f} us, p99 {times[n * 99 // 100] / 1000:.1f} us (n = {n})")
EOF
CTL=()
for i in $(seq 50); do
    t0=$(date +%s%N); "$K" ctl --socket "$D/k.sock" set price lower=$((10 + i % 2)) >/dev/null; t1=$(date +%s%N)
    CTL+=($(( (t1 - t0) / 1000 )))
done
printf '%s\n' "${CTL[@]}" | sort -n | awk '{a[NR]=$1} END {printf "kiosk ctl set (a process each): median %.1f ms (n = %d)\n", a[int((NR+1)/2)]/1000, NR}'
kill "$PID"; wait "$PID" 2>/dev/null || true; PID=

echo "== a subscriber that never reads, during a scripted 10 s drag"
# The price slider's upper knob dragged back and forth at 120 Hz for 10 s (a valueChanged each
# frame, a valueCommitted per stroke), while a second client sets the angle dial 4000 times a
# second (a valueCommitted each: they do not coalesce), so that events pour out: about
# 400 KB/s for every subscriber. The drag's input-to-flip latency shows what the loop suffers.
python3 scripts/make-drag-touches.py "$D/drag.jsonl" 20
run_drag() {
    local label=$1 load=$2 subscriber=$3
    rm -f "$D/k.sock"
    if [ "$load" = yes ]; then
        python3 - "$D/k.sock" <<'EOF' &
import socket, sys, time
for _ in range(500):
    try:
        s = socket.socket(socket.AF_UNIX); s.connect(sys.argv[1]); break
    except OSError: time.sleep(0.01)
f = s.makefile('rwb')
end = time.monotonic() + 10
i = 0
while time.monotonic() < end:
    for _ in range(200):
        f.write(b'{"op": "set", "control": "angle", "value": {"angle": %d}}\n' % (i % 360)); i += 1
    f.flush()
    for _ in range(200): f.readline()
    time.sleep(0.05)
EOF
    fi
    if [ "$subscriber" != none ]; then
        python3 - "$D/k.sock" "$subscriber" <<'EOF' &
import socket, sys, time
for _ in range(500):
    try:
        s = socket.socket(socket.AF_UNIX); s.connect(sys.argv[1]); break
    except OSError: time.sleep(0.01)
s.sendall(b'{"op": "subscribe"}\n')
end = time.monotonic() + 11
while time.monotonic() < end:
    if sys.argv[2] == "reads":
        try:
            if not s.recv(65536): break
        except OSError: break
    else:
        time.sleep(0.1)   # and never read
EOF
    fi
    local TIMEFORMAT="%U %S"
    { time "$K" run --config config/demo.json --backend headless --clock real --socket "$D/k.sock" \
        --input "$D/drag.jsonl" --until 10500 >/dev/null 2>"$D/run.err"; } 2>"$D/run.time"
    local cpu; cpu=$(awk 'NF == 2 {printf "%.0f", ($1 + $2) * 1000}' "$D/run.time")
    local frames; frames=$(grep -o 'rotation 0: [0-9]* frames, [0-9]* events' "$D/run.err" | sed 's/rotation 0: //' || true)
    local latency; latency=$(grep -o 'input-to-flip latency.*' "$D/run.err" | sed 's/input-to-flip //' || true)
    local dropped; dropped=$(grep -o 'disconnected: not reading.*' "$D/run.err" | head -1 || true)
    printf '%-48s CPU %5s ms / 10.5 s, %s, %s%s\n' "$label:" "$cpu" "$frames" "$latency" "${dropped:+; $dropped}"
    wait 2>/dev/null || true
}
run_drag "drag only" no none
run_drag "drag + set flood" yes none
run_drag "drag + set flood + a reading subscriber" yes reads
run_drag "drag + set flood + a never-reading subscriber" yes never
