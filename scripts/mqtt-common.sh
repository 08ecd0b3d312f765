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
log_dest file $work/broker.log
CONF
  mosquitto -c "$work/broker.conf" >>"$work/broker.out" 2>&1 &
  broker_pid=$!
  for _ in $(seq 100); do
    if mosquitto_pub -h 127.0.0.1 -p "$port" -u kiosk -P "$password" -t probe -n 2>/dev/null; then return 0; fi
    sleep 0.1
  done
  echo "mqtt: the broker did not start:" >&2; cat "$work/broker.out" "$work/broker.log" >&2 || true
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
  # The popups' templates are relative to the config.
  cp -r config/popups "$work/popups"
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
