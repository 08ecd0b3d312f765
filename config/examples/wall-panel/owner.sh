#!/usr/bin/env bash
# The wall panel's owner program, over MQTT only: it puts the clock, the sensors and the leak
# alarm on the screen, and switches the lights when their buttons are tapped. The kiosk is
# configured with "topicPrefix": "home/wall-panel", so it takes changes on home/wall-panel/set/ID
# (a JSON object of properties) and publishes every event on home/wall-panel/events.
#
#   kiosk run --config config/examples/wall-panel/wall-panel.json --backend headless --clock real &
#   BROKER=localhost config/examples/wall-panel/owner.sh
#   mosquitto_pub -t home/sensors/living/temperature -m 21.5      # the house's sensors
#   mosquitto_pub -t home/sensors/kitchen/leak -m 1                # shows the alarm banner
#   mosquitto_pub -t home/sensors/outside/weather -m wb_cloudy     # the weather's icon, by name
#
# Needs bash 4 and mosquitto_pub/mosquitto_sub (Debian: mosquitto-clients).
set -euo pipefail
BROKER=${BROKER:-localhost}
P=home/wall-panel
LIGHTS=(diningLight kitchenLight hallLight porchLight)
declare -A LAST=()   # what this program last set on each control, to set again after a restart
declare -A ON=()     # the lights that are on

send() { mosquitto_pub -h "$BROKER" -q 1 -t "$P/set/$1" -m "$2"; }   # send ID '{"text": "…"}'
pub() { LAST[$1]=$2; send "$1" "$2"; }                                # the same, remembered
clock() { pub clock "{\"text\": \"$(date +%H:%M)\"}"; pub date "{\"text\": \"$(date '+%A %-d %B')\"}"; }
# The outside temperature and the weather's icon (a Material Icons name: wb_sunny, wb_cloudy,
# cloud, ac_unit, …; an unknown name is refused with the closest one) are one label.
OUTSIDE=-- WEATHER=wb_sunny
outside() { pub outside "{\"text\": \"$OUTSIDE °C\", \"icon\": \"$WEATHER\"}"; }

# A light's button shows its state by its colour: amber with dark text when on, the theme's
# (null: back to the default) when off. Here a real owner also switches the lamp itself
# (zigbee2mqtt, Home Assistant, a relay), and would show the state the lamp reports back.
light() {   # light ID on|off
    ON[$1]=$2
    if [[ $2 == on ]]; then pub "$1" '{"background": "#F5B82E", "color": "#1B1B1B"}'
    else pub "$1" '{"background": null, "color": null}'; fi
}

# The clock, at every minute (a loop of its own, publishing straight to the kiosk).
while true; do clock; sleep $((60 - 10#$(date +%S))); done &
clock_loop=$!
trap 'kill $clock_loop' EXIT

# One loop over everything that arrives: the house's sensors (their own topics), the kiosk's
# events ({"t": 2504, "source": "hallLight", "event": "tapped"}) and its status. The thermostat
# needs no code here: the heating reads the kiosk's retained home/wall-panel/state/thermostat,
# {"lower": 18, "upper": 21.5}, and the label above the slider follows it through its template.
# Nor does the night light's toggle: its relay reads home/wall-panel/state/nightLight, {"on": true};
# the scene buttons below set it as a finger would.
# Nor does the dining light's dimmer: the lamp reads home/wall-panel/state/diningDimmer, {"value": 60}.
tapped='"source": "([^"]+)", "event": "tapped"'
while read -r topic value; do
    case $topic in
        home/sensors/living/temperature) pub temperature "{\"text\": \"$value °C\"}" ;;
        home/sensors/living/humidity) pub humidity "{\"text\": \"Humidity $value %\"}" ;;
        home/sensors/outside/temperature) OUTSIDE=$value; outside ;;
        home/sensors/outside/weather) WEATHER=$value; outside ;;
        home/sensors/heating/valve)   # the words, and the bar under them (its value glides there)
            pub heating "{\"text\": \"Heating on · valve $value %\"}"
            pub valve "{\"value\": $value}" ;;
        home/sensors/kitchen/leak)
            if [[ $value == 1 ]]; then
                pub alarm '{"visible": true, "title": "Water leak under the kitchen sink — tap to silence"}'
            else pub alarm '{"visible": false}'; fi ;;
        "$P/status")   # "online" after every (re)start: set again what a restart forgot
            if [[ $value == online ]]; then
                clock
                for id in "${!LAST[@]}"; do pub "$id" "${LAST[$id]}"; done
            fi ;;
        "$P/events")
            [[ $value =~ $tapped ]] || continue
            id=${BASH_REMATCH[1]}
            case $id in
                diningLight | kitchenLight | hallLight | porchLight)
                    if [[ ${ON[$id]:-off} == on ]]; then light "$id" off; else light "$id" on; fi ;;
                allOff)
                    for id in "${LIGHTS[@]}"; do light "$id" off; done
                    send nightLight '{"on": false}' ;;
                goodNight)
                    for id in "${LIGHTS[@]}"; do light "$id" off; done
                    light porchLight on
                    send nightLight '{"on": true}'
                    send thermostat '{"lower": 17}'   # a value, as a finger would set it
                    send diningDimmer '{"value": 0}'
                    pub status '{"text": "Good night · doors locked · porch light on"}' ;;
                alarm) pub alarm '{"visible": false}' ;;   # silenced; the sensor still says leak
            esac ;;
    esac
done < <(mosquitto_sub -h "$BROKER" -v -t 'home/sensors/#' -t "$P/events" -t "$P/status")
