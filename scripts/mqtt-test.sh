#!/usr/bin/env bash
# The MQTT bridge end to end: a real mosquitto broker on 127.0.0.1 (a free port, a password
# file), a headless kiosk on the real clock (`--clock real`) with the config's mqtt section,
# mosquitto_sub / mosquitto_pub driving and watching it:
#   1. status "online" (retained) and every control's state (retained) after connecting;
#   2. a `set` request on PREFIX/request → its reply on PREFIX/reply, the new retained state
#      and the events on PREFIX/events;
#   3. the broker killed (-9): the kiosk keeps running and drawing (a scripted drag during the
#      outage produces its events and frames), logs the loss once; the broker back on the same
#      port: the kiosk reconnects, publishes "online" and the value dragged while away;
#   4. the kiosk killed (-9): the broker publishes its last will, "offline";
#   5. a second kiosk stopped with SIGTERM: "offline" published by the clean stop, exit 0;
#   6. the password never appears in the kiosk's output;
#   7. a retained request (left on PREFIX/request by a careless publisher) is refused with an
#      error reply and one log line at start, and changes nothing;
#   8. a burst of 2000 screenshot requests: every one gets one reply (most `busy`), frames keep
#      their pace, a socket ping is answered meanwhile, the broker connection stays;
#   9. TLS: a broker whose certificate another CA signed is refused, the log naming
#      mqtt.caFile and the file; with the right CA the kiosk connects;
#  10. who may do what over MQTT: by default `reload` is refused (the reply names the op and
#      mqtt.allow), a screenshot naming a path is refused and writes nothing, one without comes
#      back in the reply as a PNG; with `"allow": ["get", "screenshot"]` a `set` is refused.
#  11. a masked field's PIN (typed by the touch script's keys) reaches P/events only as its
#      length; with "maskedText": true its submitted carries the PIN.
#  2c. setLanguage on PREFIX/request → its reply and the languageChanged event.
# (2. also checks that the set's events say "origin": "owner".)
# Every wait is bounded; nothing is skipped. Installs what it needs (scripts/install-deps.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh
scripts/install-deps.sh
source scripts/mqtt-common.sh

swift build --product kiosk >/tmp/kiosk-mqtt-test-build.log 2>&1 || { cat /tmp/kiosk-mqtt-test-build.log; exit 1; }
kiosk_bin=$PWD/.build/debug/kiosk

mqtt_setup
pids=()
cleanup() {
  for p in "${pids[@]}" ${broker_pid:-}; do kill -9 "$p" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
fail() { echo "mqtt-test: FAIL: $*" >&2; echo "--- kiosk stderr" >&2; cat "$work"/kiosk*.err >&2 || true; exit 1; }

mqtt_start_broker

# A drag of the price slider's lower knob 8 s after start (panel coordinates; the knob is at
# x ≈ 185 once the request below set lower = 33), while the broker is down.
python3 - "$work/touches.jsonl" <<'PY'
import json, sys
with open(sys.argv[1], "w") as f:
    f.write(json.dumps({"t": 8000, "type": "down", "id": 0, "x": 185, "y": 220}) + "\n")
    for i in range(1, 11):
        f.write(json.dumps({"t": 8000 + 30 * i, "type": "move", "id": 0, "x": 185 + 11 * i, "y": 220}) + "\n")
    f.write(json.dumps({"t": 8400, "type": "up", "id": 0, "x": 295, "y": 220}) + "\n")
PY

"$kiosk_bin" run --config "$work/kiosk.json" --backend headless --clock real --input "$work/touches.jsonl" \
  --events "$work/events.jsonl" >"$work/kiosk1.out" 2>"$work/kiosk1.err" &
kiosk=$!; pids+=("$kiosk")

# 1. online and every control's state, retained (a subscriber that arrives later sees them).
mqtt_wait "$work/kiosk1.err" "mqtt: connected" 15 || fail "the kiosk did not connect"
timeout 10 mosquitto_sub -h 127.0.0.1 -p "$port" -u kiosk -P "$password" -v -W 5 -C 4 \
  -t "$prefix/status" -t "$prefix/state/+" >"$work/retained.txt" 2>/dev/null || true
grep -qx "$prefix/status online" "$work/retained.txt" || fail "no retained online: $(cat "$work/retained.txt")"
grep -qx "$prefix/state/price {\"lower\": 20, \"upper\": 80}" "$work/retained.txt" || fail "no price state"
grep -qx "$prefix/state/angle {\"angle\": 90}" "$work/retained.txt" || fail "no angle state"
grep -qx "$prefix/state/size {\"lower\": 2, \"upper\": 8}" "$work/retained.txt" || fail "no size state"
echo "mqtt-test: 1 ok: online and 3 control states retained"

# 2. a set request → reply, new state, events.
timeout 15 mosquitto_sub -h 127.0.0.1 -p "$port" -u kiosk -P "$password" -v -W 10 -C 4 \
  -t "$prefix/reply" -t "$prefix/events" -t "$prefix/state/price" -R >"$work/answer.txt" 2>/dev/null &
sub=$!
sleep 0.5   # the subscription must be in place before the request (no retained reply to find later)
mqtt_pub -t "$prefix/request" -m '{"op": "set", "id": 7, "control": "price", "value": {"lower": 33}}'
wait "$sub" || true
grep -qx "$prefix/reply {\"id\": 7, \"ok\": true, \"control\": \"price\", \"value\": {\"lower\": 33, \"upper\": 80}}" "$work/answer.txt" \
  || fail "no reply: $(cat "$work/answer.txt")"
grep -q "^$prefix/events {\"t\": [0-9.]*, \"source\": \"price\", \"event\": \"valueChanged\"" "$work/answer.txt" || fail "no valueChanged event"
grep -q "^$prefix/events .*\"event\": \"valueCommitted\"" "$work/answer.txt" || fail "no valueCommitted event"
grep -q "^$prefix/events .*\"event\": \"valueCommitted\", \"origin\": \"owner\"" "$work/answer.txt" \
  || fail "the set's events do not say origin owner: $(cat "$work/answer.txt")"
grep -q "^$prefix/events .*, \"seq\": [0-9]*}$" "$work/answer.txt" || fail "the events carry no sequence number"
grep -qx "$prefix/state/price {\"lower\": 33, \"upper\": 80}" "$work/answer.txt" || fail "no new state"
timeout 5 mosquitto_sub -h 127.0.0.1 -p "$port" -u kiosk -P "$password" -W 3 -C 1 -t "$prefix/state/price" \
  >"$work/state.txt" 2>/dev/null || true
grep -qx '{"lower": 33, "upper": 80}' "$work/state.txt" || fail "the new state is not retained"
echo "mqtt-test: 2 ok: set → reply, events, retained state"

# 2b. P/set/ID without the envelope: a label's text, retained in its state with the property.
timeout 15 mosquitto_sub -h 127.0.0.1 -p "$port" -u kiosk -P "$password" -v -W 10 -C 2 \
  -t "$prefix/reply" -t "$prefix/state/title" -R >"$work/set.txt" 2>/dev/null &
sub=$!
sleep 0.5
mqtt_pub -t "$prefix/set/title" -m '{"text": "21.5 °C"}'
wait "$sub" || true
grep -q "^$prefix/reply {\"ok\": true, \"control\": \"title\", \"properties\": {\"text\": \"21.5 °C\"" "$work/set.txt" \
  || fail "no reply to P/set/title: $(cat "$work/set.txt")"
grep -qx "$prefix/state/title {\"text\": \"21.5 °C\"}" "$work/set.txt" || fail "no title state: $(cat "$work/set.txt")"
timeout 15 mosquitto_sub -h 127.0.0.1 -p "$port" -u kiosk -P "$password" -v -W 10 -C 1 -t "$prefix/reply" -R \
  >"$work/setbad.txt" 2>/dev/null &
sub=$!
sleep 0.5
mqtt_pub -t "$prefix/set/title" -m '{"color": "red"}'
wait "$sub" || true
grep -qx "$prefix/reply {\"ok\": false, \"error\": \"color: invalid colour \\\\\"red\\\\\": expected #RRGGBB or #RRGGBBAA\"}" "$work/setbad.txt" \
  || fail "a bad P/set/title is not refused with the config's words: $(cat "$work/setbad.txt")"
echo "mqtt-test: 2b ok: P/set/ID sets a property, retained in P/state/ID; a bad one is refused"

# 2b'. P/set/ID whose level is no control id (a malformed percent-escape): an error reply, not silence.
timeout 15 mosquitto_sub -h 127.0.0.1 -p "$port" -u kiosk -P "$password" -v -W 10 -C 1 -t "$prefix/reply" -R \
  >"$work/setescape.txt" 2>/dev/null &
sub=$!
sleep 0.5
mqtt_pub -t "$prefix/set/%ZZ" -m '{"enabled": false}'
wait "$sub" || true
grep -qx "$prefix/reply {\"id\": null, \"ok\": false, \"error\": \"$prefix/set/%ZZ: \\\\\"%ZZ\\\\\" is not an escape of a control id (%25, %2F, %2B, %23 or %00)\"}" "$work/setescape.txt" \
  || fail "a malformed P/set/ level got no error reply: $(cat "$work/setescape.txt")"
echo "mqtt-test: 2b' ok: a malformed escape in P/set/ID is answered with an error"

# 2c. setLanguage on PREFIX/request: every text in Hindi, the reply and languageChanged; then back.
timeout 15 mosquitto_sub -h 127.0.0.1 -p "$port" -u kiosk -P "$password" -v -W 10 -C 2 \
  -t "$prefix/reply" -t "$prefix/events" -R >"$work/language.txt" 2>/dev/null &
sub=$!
sleep 0.5
mqtt_pub -t "$prefix/request" -m '{"op": "setLanguage", "id": 9, "language": "hi"}'
wait "$sub" || true
grep -qx "$prefix/reply {\"id\": 9, \"ok\": true, \"language\": \"hi\"}" "$work/language.txt" \
  || fail "no reply to setLanguage: $(cat "$work/language.txt")"
grep -q "^$prefix/events .*\"source\": \"kiosk\", \"event\": \"languageChanged\", \"origin\": \"owner\", \"value\": {\"language\": \"hi\"}" "$work/language.txt" \
  || fail "no languageChanged event: $(cat "$work/language.txt")"
mqtt_pub -t "$prefix/request" -m '{"op": "setLanguage", "language": "en"}'
echo "mqtt-test: 2c ok: setLanguage over MQTT switches the language, with its reply and event"

# 3. broker gone: the kiosk runs on and draws the drag; broker back: reconnected, state caught up.
kill -9 "$broker_pid"; wait "$broker_pid" 2>/dev/null || true
mqtt_wait "$work/kiosk1.err" "mqtt: lost the connection" 10 || fail "the loss was not noticed"
mqtt_wait "$work/events.jsonl" '"event": "valueCommitted", "value": {"lower": 6' 20 || fail "no drag while the broker was down"
kill -0 "$kiosk" || fail "the kiosk died with the broker"
sleep 3   # a few failed attempts, which must be logged once, not each
[ "$(grep -c "cannot connect\|lost the connection" "$work/kiosk1.err")" -le 2 ] || fail "retries spam the log"
mqtt_start_broker
mqtt_wait "$work/kiosk1.err" "connected to mqtt://127.0.0.1:$port after" 70 || fail "no reconnection"
timeout 10 mosquitto_sub -h 127.0.0.1 -p "$port" -u kiosk -P "$password" -v -W 5 -C 2 \
  -t "$prefix/status" -t "$prefix/state/price" >"$work/back.txt" 2>/dev/null || true
grep -qx "$prefix/status online" "$work/back.txt" || fail "not online after reconnecting"
grep -q "^$prefix/state/price {\"lower\": 6[0-9.]*, \"upper\": 80}" "$work/back.txt" || fail "the dragged value is not published: $(cat "$work/back.txt")"
echo "mqtt-test: 3 ok: kept drawing without the broker, reconnected, $(grep -o 'price {.*}' "$work/back.txt")"

# 4. the kiosk killed: the broker publishes the will (at once: the kernel closes the socket).
timeout 15 mosquitto_sub -h 127.0.0.1 -p "$port" -u kiosk -P "$password" -W 12 -t "$prefix/status" \
  >"$work/will.txt" 2>/dev/null &
sub=$!
sleep 0.5
kill -9 "$kiosk"; wait "$kiosk" 2>/dev/null || true
mqtt_wait "$work/will.txt" "^offline$" 12 || fail "no last will"
kill "$sub" 2>/dev/null || true
echo "mqtt-test: 4 ok: killed kiosk → offline (last will)"

# 5. a clean stop says offline itself; exit code 0.
"$kiosk_bin" run --config "$work/kiosk.json" --backend headless --clock real \
  --events /dev/null >"$work/kiosk2.out" 2>"$work/kiosk2.err" &
kiosk=$!; pids+=("$kiosk")
mqtt_wait "$work/kiosk2.err" "mqtt: connected" 15 || fail "the second kiosk did not connect"
sleep 6   # idle: only the keepalive timer may wake it
kill -TERM "$kiosk"
code=0; wait "$kiosk" || code=$?
[ "$code" = 0 ] || fail "SIGTERM exit code $code"
timeout 5 mosquitto_sub -h 127.0.0.1 -p "$port" -u kiosk -P "$password" -W 3 -C 1 -t "$prefix/status" \
  >"$work/stopped.txt" 2>/dev/null || true
grep -qx offline "$work/stopped.txt" || fail "no retained offline after a clean stop"
grep -q "mqtt: disconnected from" "$work/kiosk2.err" || fail "the clean stop was not logged"
# Idle means idle: only the keepalive timer (every 1.25 s at keepalive 5) and its PINGRESP wake
# it, plus the start (connection, first frame): about 10 in the 6 s. A loop that kept drawing
# or polling would wake hundreds of times (360 at 60 Hz).
idle_line=$(grep -o 'event loop: .*' "$work/kiosk2.err") || fail "no event loop line at the stop"
wakeups=$(sed -E 's/^event loop: ([0-9]+) wake-ups.*/\1/' <<<"$idle_line")
[ "$wakeups" -le 25 ] || fail "not idle: $idle_line (at most 25 expected)"
echo "mqtt-test: 5 ok: SIGTERM → offline, exit 0; idle $idle_line"

# 6. the password is in no output.
if grep -q -- "$password" "$work"/kiosk*.err "$work"/kiosk*.out "$work/events.jsonl"; then fail "the password was printed"; fi
echo "mqtt-test: 6 ok: the password appears in no output"

# 7. a retained request is not carried out at start (nor at any reconnection).
mqtt_pub -r -q 1 -t "$prefix/request" -m '{"op": "set", "id": "stale", "control": "price", "value": {"lower": 44}}'
timeout 15 mosquitto_sub -h 127.0.0.1 -p "$port" -u kiosk -P "$password" -W 10 -C 1 -t "$prefix/reply" \
  >"$work/retained-reply.txt" 2>/dev/null &
sub=$!
sleep 0.5
"$kiosk_bin" run --config "$work/kiosk.json" --backend headless --clock real \
  --events "$work/events3.jsonl" >"$work/kiosk3.out" 2>"$work/kiosk3.err" &
kiosk=$!; pids+=("$kiosk")
mqtt_wait "$work/kiosk3.err" "refused a retained request on $prefix/request" 15 || fail "the retained request was not refused"
wait "$sub" || true
grep -q '"ok": false, "error": "a retained request is not carried out' "$work/retained-reply.txt" \
  || fail "no error reply to the retained request: $(cat "$work/retained-reply.txt")"
if grep -q '"source": "price"' "$work/events3.jsonl"; then fail "the retained request moved the slider"; fi
timeout 5 mosquitto_sub -h 127.0.0.1 -p "$port" -u kiosk -P "$password" -W 3 -C 1 -t "$prefix/state/price" \
  >"$work/state3.txt" 2>/dev/null || true
grep -qx '{"lower": 20, "upper": 80}' "$work/state3.txt" || fail "the price changed: $(cat "$work/state3.txt")"
kill -TERM "$kiosk"; wait "$kiosk" || true
mqtt_pub -r -n -t "$prefix/request"
echo "mqtt-test: 7 ok: a retained request is refused with an error reply and one log line; nothing changed"

# 8. a burst of 2000 screenshot requests.
burst=$(mqtt_burst "$kiosk_bin" 2000) || fail "the burst run did not start"
echo "mqtt-test: $burst"
if grep -q "messages are being dropped" "$work/broker.out"; then fail "the broker dropped requests (its queue limit, not the kiosk)"; fi
[ "$(wc -l <"$work/burst-replies.txt")" = 2000 ] || fail "not one reply per request: $(wc -l <"$work/burst-replies.txt")"
[ "$(grep -c '"error": "busy: ' "$work/burst-replies.txt")" -gt 0 ] || fail "no request was refused as busy"
if grep -v '"error": "busy: \|"png": ' "$work/burst-replies.txt" | grep -q .; then fail "a reply is neither busy nor a screenshot"; fi
grep -q "^ping " "$work/burst-probe.txt" || fail "the socket was not answered during the burst"
if grep -q "lost the connection" "$work/burst.err"; then fail "the burst cost the broker connection"; fi
grep -q "input-to-flip latency median" "$work/burst.err" || fail "no frames during the burst"
echo "mqtt-test: 8 ok: one reply each, busy past the limit, frames and the socket went on"

# 9. TLS: the broker's certificate, signed by one CA; the kiosk trusting another, then the right one.
tls=$work/tls; mkdir -p "$tls"
for ca in right wrong; do
  openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj "/CN=kiosk test CA $ca" \
    -keyout "$tls/$ca-ca.key" -out "$tls/$ca-ca.pem" 2>/dev/null
done
openssl req -newkey rsa:2048 -nodes -subj "/CN=127.0.0.1" -keyout "$tls/broker.key" -out "$tls/broker.csr" 2>/dev/null
printf 'subjectAltName = IP:127.0.0.1, DNS:localhost\n' >"$tls/san.ext"
openssl x509 -req -in "$tls/broker.csr" -CA "$tls/right-ca.pem" -CAkey "$tls/right-ca.key" -CAcreateserial -days 2 \
  -extfile "$tls/san.ext" -out "$tls/broker.pem" 2>/dev/null
chmod 644 "$tls"/*
tls_port=$(mqtt_free_port)
cat >"$work/tls.conf" <<CONF
listener $tls_port 127.0.0.1
allow_anonymous true
cafile $tls/right-ca.pem
certfile $tls/broker.pem
keyfile $tls/broker.key
persistence false
log_dest stdout
CONF
mosquitto -c "$work/tls.conf" >>"$work/tls-broker.out" 2>&1 &
pids+=($!)
for ca in wrong right; do
  python3 - "$work" "$tls_port" "$tls/$ca-ca.pem" <<'PY'
import json, sys
work, port, ca = sys.argv[1], int(sys.argv[2]), sys.argv[3]
config = json.load(open(f"{work}/kiosk.json"))
config["mqtt"] = {"url": f"mqtts://127.0.0.1:{port}", "clientID": "e2e-tls", "caFile": ca, "keepalive": 5}
json.dump(config, open(f"{work}/tls-kiosk.json", "w"), indent=1)
PY
  "$kiosk_bin" run --config "$work/tls-kiosk.json" --backend headless --clock real --events /dev/null \
    >"$work/kiosk-tls-$ca.out" 2>"$work/kiosk-tls-$ca.err" &
  kiosk=$!; pids+=("$kiosk")
  if [ "$ca" = wrong ]; then
    mqtt_wait "$work/kiosk-tls-$ca.err" "cannot connect to mqtts://127.0.0.1:$tls_port: .*mqtt.caFile $tls/wrong-ca.pem" 20 \
      || fail "a broker signed by another CA is not reported with mqtt.caFile and its file"
    tls_line=$(grep -o "cannot connect to mqtts.*" "$work/kiosk-tls-$ca.err" | head -1)
  else
    mqtt_wait "$work/kiosk-tls-$ca.err" "mqtt: connected to mqtts://127.0.0.1:$tls_port" 20 || fail "no TLS connection with the right CA"
  fi
  kill -TERM "$kiosk"; wait "$kiosk" || true
done
echo "mqtt-test: 9 ok: TLS with another CA: \"$tls_line\"; with the right CA: connected"

# 10. who may do what over MQTT.
# mqtt_ask ID REQUEST: publishes REQUEST and prints the reply whose id is ID.
mqtt_ask() {
  timeout 15 mosquitto_sub -h 127.0.0.1 -p "$port" -u kiosk -P "$password" -W 10 -t "$prefix/reply" \
    >"$work/ask-$1.txt" 2>/dev/null &
  local sub=$!
  sleep 0.5
  mqtt_pub -t "$prefix/request" -m "$2"
  for _ in $(seq 100); do grep -q "\"id\": $1," "$work/ask-$1.txt" && break; sleep 0.1; done
  kill "$sub" 2>/dev/null || true; wait "$sub" 2>/dev/null || true
  grep "\"id\": $1," "$work/ask-$1.txt" | head -1
}
"$kiosk_bin" run --config "$work/kiosk.json" --backend headless --clock real \
  --events /dev/null >"$work/kiosk4.out" 2>"$work/kiosk4.err" &
kiosk=$!; pids+=("$kiosk")
mqtt_wait "$work/kiosk4.err" "mqtt: connected" 15 || fail "the fourth kiosk did not connect"
reply=$(mqtt_ask 21 '{"op": "reload", "id": 21}')
[ "$reply" = '{"id": 21, "ok": false, "error": "op \"reload\" is not allowed over MQTT; mqtt.allow lists the ops it may send"}' ] \
  || fail "reload was not refused by default: $reply"
grep -q "reloaded" "$work/kiosk4.err" && fail "the refused reload was carried out"
reply=$(mqtt_ask 22 "{\"op\": \"screenshot\", \"id\": 22, \"path\": \"$work/broker-shot.png\"}")
grep -q '"ok": false, "error": "\\"path\\" is not allowed over MQTT' <<<"$reply" || fail "a screenshot path was not refused: $reply"
[ ! -e "$work/broker-shot.png" ] || fail "the broker made the kiosk write a file"
mqtt_ask 23 '{"op": "screenshot", "id": 23}' >"$work/shot-reply.txt"
python3 - "$work/shot-reply.txt" <<'PY' || fail "the screenshot reply holds no PNG: $(head -c 300 "$work/shot-reply.txt")"
import base64, json, sys
reply = json.loads(open(sys.argv[1]).read())
png = base64.b64decode(reply["png"])
assert reply["ok"] and png[:4] == b"\x89PNG" and (reply["width"], reply["height"]) == (800, 480), reply.keys()
PY
kill -TERM "$kiosk"; wait "$kiosk" || true
python3 - "$work" <<'PY'
import json, sys
work = sys.argv[1]
config = json.load(open(f"{work}/kiosk.json"))
config["mqtt"]["allow"] = ["get", "screenshot"]
json.dump(config, open(f"{work}/allow-kiosk.json", "w"), indent=1)
PY
"$kiosk_bin" run --config "$work/allow-kiosk.json" --backend headless --clock real \
  --events "$work/events5.jsonl" >"$work/kiosk5.out" 2>"$work/kiosk5.err" &
kiosk=$!; pids+=("$kiosk")
mqtt_wait "$work/kiosk5.err" "mqtt: connected" 15 || fail "the kiosk with mqtt.allow did not connect"
reply=$(mqtt_ask 24 '{"op": "set", "id": 24, "control": "price", "value": {"lower": 50}}')
[ "$reply" = '{"id": 24, "ok": false, "error": "op \"set\" is not allowed over MQTT; mqtt.allow lists the ops it may send"}' ] \
  || fail "set was not refused by mqtt.allow: $reply"
reply=$(mqtt_ask 25 '{"op": "get", "id": 25, "control": "price"}')
# get's reply carries the slider's properties too (null: the theme's colour applies).
[ "$reply" = '{"id": 25, "ok": true, "control": "price", "value": {"lower": 20, "upper": 80}, "properties": {"trackColor": null, "highlightColor": null, "knobColor": null, "enabled": true, "visible": true}}' ] \
  || fail "get was refused or changed: $reply"
kill -TERM "$kiosk"; wait "$kiosk" || true
if grep -q '"source": "price"' "$work/events5.jsonl"; then fail "the refused set moved the slider"; fi
echo "mqtt-test: 10 ok: reload refused by default, no file written for the broker, the PNG in the reply; mqtt.allow refuses set"
# 11. a masked field's PIN never crosses the broker: typed with the touch script's keys into
# a masked field added to the demo, P/events carries each textChanged and the submitted as the
# length while stdout's submitted carries the PIN; with "maskedText": true the broker gets it.
python3 - "$work" <<'PY'
import json, sys
work = sys.argv[1]
config = json.load(open(f"{work}/kiosk.json"))
config["screens"][0]["controls"].append(
    {"type": "textField", "id": "pin", "frame": [40, 280, 300, 56], "mask": True, "maxLength": 4})
json.dump(config, open(f"{work}/pin-kiosk.json", "w"), indent=1)
config["mqtt"]["maskedText"] = True
json.dump(config, open(f"{work}/pin-open-kiosk.json", "w"), indent=1)
with open(f"{work}/pin.jsonl", "w") as f:
    f.write(json.dumps({"t": 2000, "type": "down", "id": 0, "x": 190, "y": 308}) + "\n")
    f.write(json.dumps({"t": 2050, "type": "up", "id": 0}) + "\n")
    for i, key in enumerate(["4", "2", "7", "1", "Return"]):
        f.write(json.dumps({"t": 2200 + 50 * i, "type": "key", "key": key}) + "\n")
PY
pin_run() {   # pin_run NAME CONFIG: the kiosk types the PIN; P/events as the broker saw them in $work/NAME-broker.txt
  timeout 15 mosquitto_sub -h 127.0.0.1 -p "$port" -u kiosk -P "$password" -W 12 -t "$prefix/events" \
    >"$work/$1-broker.txt" 2>/dev/null &
  local sub=$!
  "$kiosk_bin" run --config "$2" --backend headless --clock real --input "$work/pin.jsonl" \
    --events "$work/$1-events.jsonl" >"$work/$1.out" 2>"$work/$1.err" &
  kiosk=$!; pids+=("$kiosk")
  mqtt_wait "$work/$1-broker.txt" '"event": "submitted"' 12 || fail "$1: no submitted on P/events"
  kill -TERM "$kiosk"; wait "$kiosk" || true
  kill "$sub" 2>/dev/null || true; wait "$sub" 2>/dev/null || true
}
pin_run pin "$work/pin-kiosk.json"
grep -q '"source": "pin", "event": "submitted", "value": {"length": 4}' "$work/pin-broker.txt" \
  || fail "P/events did not carry the submitted as its length: $(grep pin "$work/pin-broker.txt")"
grep -q '"source": "pin", "event": "textChanged", "value": {"length": 4}' "$work/pin-broker.txt" \
  || fail "P/events did not carry textChanged as the length: $(grep pin "$work/pin-broker.txt")"
if grep -q 4271 "$work/pin-broker.txt"; then fail "the PIN crossed the broker: $(grep 4271 "$work/pin-broker.txt")"; fi
grep -q '"source": "pin", "event": "submitted", "value": {"text": "4271"}' "$work/pin-events.jsonl" \
  || fail "the owner's events lack the PIN's submitted: $(grep pin "$work/pin-events.jsonl")"
pin_run pin-open "$work/pin-open-kiosk.json"
grep -q '"source": "pin", "event": "submitted", "value": {"text": "4271"}' "$work/pin-open-broker.txt" \
  || fail "with maskedText the broker did not get the submitted PIN: $(grep pin "$work/pin-open-broker.txt")"
if grep -q '"event": "textChanged", "value": {"text"' "$work/pin-open-broker.txt"; then fail "maskedText let textChanged carry the PIN"; fi
echo "mqtt-test: 11 ok: a masked field's PIN reaches the broker as its length, the owner's stdout as text; maskedText lets submitted carry it"
echo "mqtt-test: all passed"
