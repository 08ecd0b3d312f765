#!/usr/bin/env bash
# Round-trip time of a `set` over MQTT: publish a request on PREFIX/request, wait for its reply on
# PREFIX/reply (broker and kiosk on 127.0.0.1, a headless real-clock kiosk, QoS 1 both ways).
# One persistent client (python3 speaking MQTT 3.1.1 over a raw socket, no library) so the
# number is the kiosk's and the broker's, not a client's start-up. Prints the median of N.
# Then a burst: 2000 screenshot requests published at once while a drag keeps frames coming
# (mqtt_burst in scripts/mqtt-common.sh): replies, the frames' input-to-flip latency (its
# worst is the longest a frame was held back), a socket ping's worst round trip, peak RSS.
# Usage: scripts/bench-mqtt.sh [N] (default 200); KIOSK=path measures another binary (an
# older build, for a before/after). Release build. A measurement, never a pass/fail.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh
scripts/install-deps.sh
source scripts/mqtt-common.sh
count=${1:-200}
if [ -z "${KIOSK:-}" ]; then
  swift build -c release --product kiosk >/tmp/kiosk-bench-mqtt-build.log 2>&1 || { cat /tmp/kiosk-bench-mqtt-build.log; exit 1; }
  KIOSK=$PWD/.build/release/kiosk
fi

mqtt_setup
trap 'kill -9 ${kiosk:-} ${broker_pid:-} 2>/dev/null || true; wait 2>/dev/null || true; rm -rf "$work"' EXIT
mqtt_start_broker
"$KIOSK" run --config "$work/kiosk.json" --backend headless --clock real --events /dev/null \
  >/dev/null 2>"$work/kiosk.err" &
kiosk=$!
mqtt_wait "$work/kiosk.err" "mqtt: connected" 15

python3 - "$port" "$password" "$prefix" "$count" <<'PY'
import socket, struct, sys, time, statistics
port, password, prefix, count = int(sys.argv[1]), sys.argv[2], sys.argv[3], int(sys.argv[4])

def s(text): b = text.encode(); return struct.pack("!H", len(b)) + b
def packet(kind, body):
    n, out = len(body), b""
    while True:
        byte, n = n % 128, n // 128
        out += bytes([byte | (128 if n else 0)])
        if not n: break
    return bytes([kind]) + out + body

sock = socket.create_connection(("127.0.0.1", port)); sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
buf = b""
def read_packet():
    global buf
    while True:
        if len(buf) >= 2:
            mult, length, i = 1, 0, 1
            while True:
                if i >= len(buf): break
                b = buf[i]; length += (b & 127) * mult; mult *= 128; i += 1
                if not b & 128:
                    if len(buf) >= i + length:
                        kind, body = buf[0], buf[i:i + length]; buf = buf[i + length:]; return kind, body
                    break
        chunk = sock.recv(65536)
        if not chunk: raise SystemExit("bench-mqtt: broker closed")
        buf += chunk

sock.sendall(packet(0x10, s("MQTT") + bytes([4, 0xC2]) + struct.pack("!H", 60) + s("bench") + s("kiosk") + s(password)))
assert read_packet()[0] == 0x20
sock.sendall(packet(0x82, struct.pack("!H", 1) + s(prefix + "/reply") + bytes([1])))
while read_packet()[0] != 0x90: pass
times = []
for i in range(count):
    lower = 10 + (i % 50)
    body = ('{"op": "set", "id": %d, "control": "price", "value": {"lower": %d}}' % (i, lower)).encode()
    start = time.perf_counter()
    sock.sendall(packet(0x32, s(prefix + "/request") + struct.pack("!H", 2 + i % 60000) + body))
    while True:
        kind, data = read_packet()
        if kind & 0xF0 == 0x30:
            qos = (kind >> 1) & 3
            n = struct.unpack("!H", data[:2])[0]; rest = data[2 + n:]
            if qos: sock.sendall(packet(0x40, rest[:2])); rest = rest[2:]
            if rest.startswith(b'{"id": %d,' % i): break
    times.append((time.perf_counter() - start) * 1000)
print("bench-mqtt: set round trip over MQTT (publish request -> reply), %d runs: median %.3f ms, p90 %.3f ms, min %.3f ms"
      % (count, statistics.median(times), sorted(times)[int(count * 0.9)], min(times)))
PY
kill "$kiosk"; wait "$kiosk" 2>/dev/null || true
echo "bench-mqtt: $(mqtt_burst "$KIOSK" 2000)"
