# Shared by scripts/mqtt-test.sh and scripts/bench-mqtt.sh (sourced): a private mosquitto broker
# on 127.0.0.1 and a headless real-clock kiosk connected to it, in a temporary folder.
# The broker drops root by itself (to the Debian user "mosquitto"), so the folder is readable.

mqtt_free_port() {
  python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'
}

# mqtt_start_broker: starts mosquitto on $port with the password file $work/passwords (user
# "kiosk", password $password); sets broker_pid. Waits (at most 10 s) until it accepts.
mqtt_start_broker() {
  cat >"$work/broker.conf" <<CONF
listener $port 127.0.0.1
allow_anonymous false
password_file $work/passwords
persistence false
# Without it the broker holds a reply back behind its own PUBACK for a delayed ACK (40 ms).
set_tcp_nodelay true
# mosquitto's default 1000 would drop the burst test's requests beyond it before the kiosk
# sees one (the kiosk drains 20 unacknowledged at a time): the test measures the kiosk.
max_queued_messages 10000
log_dest stdout
CONF
  mosquitto -c "$work/broker.conf" >>"$work/broker.out" 2>&1 &
  broker_pid=$!
  for _ in $(seq 100); do
    if mosquitto_pub -h 127.0.0.1 -p "$port" -u kiosk -P "$password" -t probe -n 2>/dev/null; then return 0; fi
    sleep 0.1
  done
  echo "mqtt: the broker did not start:" >&2; cat "$work/broker.out" >&2 || true
  return 1
}

# mqtt_setup: a folder, a port, a password, the kiosk config ($work/kiosk.json) with an mqtt section.
mqtt_setup() {
  work=$(mktemp -d /tmp/kiosk-mqtt.XXXXXX)
  chmod 755 "$work"
  port=$(mqtt_free_port)
  password="e2e-$(od -An -N6 -tx1 /dev/urandom | tr -d ' \n')"
  prefix="swiftkiosk/e2e"
  printf '%s\n' "$password" >"$work/password"
  : >"$work/passwords"
  mosquitto_passwd -b "$work/passwords" kiosk "$password" 2>/dev/null
  chmod 644 "$work/passwords"
  python3 - "$work" "$port" <<'PY'
import json, sys
work, port = sys.argv[1], int(sys.argv[2])
config = json.load(open("config/demo.json"))
config["mqtt"] = {"url": f"mqtt://127.0.0.1:{port}", "clientID": "e2e", "username": "kiosk",
                  "passwordFile": f"{work}/password", "keepalive": 5}
json.dump(config, open(f"{work}/kiosk.json", "w"), indent=1)
PY
  # The popups' templates and the string files are relative to the config.
  cp -r config/popups "$work/popups"
  cp -r config/strings "$work/strings"
}

# mqtt_wait FILE PATTERN SECONDS: until grep finds PATTERN in FILE, or fails after SECONDS.
mqtt_wait() {
  local file=$1 pattern=$2 seconds=$3
  for _ in $(seq $((seconds * 10))); do
    grep -q -- "$pattern" "$file" 2>/dev/null && return 0
    sleep 0.1
  done
  echo "mqtt: waited ${seconds} s for '$pattern' in $file; it has:" >&2
  cat "$file" >&2 || true
  return 1
}

mqtt_sub() { mosquitto_sub -h 127.0.0.1 -p "$port" -u kiosk -P "$password" "$@"; }
mqtt_pub() { mosquitto_pub -h 127.0.0.1 -p "$port" -u kiosk -P "$password" "$@"; }

# mqtt_burst KIOSK N: a headless real-clock kiosk (binary KIOSK) dragging the price slider's
# upper knob back and forth for 7 s (a move every 1/120 s, so a frame is due every refresh),
# with a control socket; 1 s after it connected, N screenshot requests are published at once on
# PREFIX/request. Meanwhile a socket client pings every 10 ms. The kiosk runs until the N-th
# reply came (at most 50 s), then gets SIGTERM: how fast a burst drains depends on the host
# (the broker hands over 20 unacknowledged messages at a time), a fixed end would cut off the
# last replies on a slow one. Prints one line: replies (busy / screenshots) and how long they
# took, the kiosk's input-to-flip latency (its worst is the longest a frame was held back),
# the worst ping, the kiosk's peak RSS. Leaves $work/burst.err, $work/burst-replies.txt and
# $work/burst-probe.txt for checks.
mqtt_burst() {
  local bin=$1 n=$2
  python3 scripts/make-drag-touches.py "$work/burst.jsonl" 14
  rm -f "$work/burst.sock"
  "$bin" run --config "$work/kiosk.json" --backend headless --clock real --input "$work/burst.jsonl" --until 60000 \
    --socket "$work/burst.sock" --events /dev/null >/dev/null 2>"$work/burst.err" &
  local kiosk_pid=$!
  mqtt_wait "$work/burst.err" "mqtt: connected" 15 || return 1
  timeout 60 mosquitto_sub -h 127.0.0.1 -p "$port" -u kiosk -P "$password" -t "$prefix/reply" -C "$n" -W 50 \
    >"$work/burst-replies.txt" 2>/dev/null &
  local sub=$!
  python3 - "$work/burst.sock" "$kiosk_pid" >"$work/burst-probe.txt" <<'PY' &
import socket, sys, time
path, pid = sys.argv[1], sys.argv[2]
s = socket.socket(socket.AF_UNIX); s.connect(path); f = s.makefile("rwb")
worst, peak, end = 0.0, 0, time.monotonic() + 4.5
while time.monotonic() < end:
    t = time.perf_counter(); f.write(b'{"op": "ping"}\n'); f.flush(); f.readline()
    worst = max(worst, time.perf_counter() - t)
    try:
        peak = max(peak, int([l for l in open(f"/proc/{pid}/status") if l.startswith("VmHWM")][0].split()[1]))
    except (OSError, IndexError):
        pass
    time.sleep(0.01)
print(f"ping {worst * 1000:.1f} rss {peak / 1024:.1f}")
PY
  local probe=$!
  sleep 1
  local started=$EPOCHREALTIME
  for i in $(seq "$n"); do printf '{"op": "screenshot", "id": %d}\n' "$i"; done \
    | mosquitto_pub -h 127.0.0.1 -p "$port" -u kiosk -P "$password" -t "$prefix/request" -q 1 -l
  wait "$sub" || true
  local drained
  drained=$(python3 -c "import sys; print('%.2f' % (float(sys.argv[2]) - float(sys.argv[1])))" "$started" "$EPOCHREALTIME")
  wait "$probe" || true
  kill -TERM "$kiosk_pid" 2>/dev/null || true
  wait "$kiosk_pid" || true
  local busy shots latency probe_line
  busy=$(grep -c '"error": "busy: ' "$work/burst-replies.txt" || true)
  shots=$(grep -c '"png": ' "$work/burst-replies.txt" || true)
  latency=$(grep -o 'input-to-flip latency.*' "$work/burst.err" | sed 's/input-to-flip //' || true)
  probe_line=$(cat "$work/burst-probe.txt")
  echo "burst of $n screenshot requests over MQTT: $(wc -l <"$work/burst-replies.txt") replies ($busy busy, $shots screenshots) in $drained s;" \
    "frames: ${latency:-none}; socket ping worst ${probe_line#ping }" | sed 's/ rss / ms; peak RSS /; s/$/ MiB/'
}
