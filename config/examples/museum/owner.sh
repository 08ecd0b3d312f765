#!/usr/bin/env bash
# The museum kiosk's owner program: it puts today's opening hours on the welcome screen and,
# while a visitor browses, marks each exhibit whose story they opened (its name in gold), until the
# idle return brings the attract screens back for the next visitor. Run it beside the kiosk:
#
#   kiosk run --config config/examples/museum/museum.json --backend headless --clock real --socket /tmp/museum.sock &
#   KIOSK_SOCKET=/tmp/museum.sock config/examples/museum/owner.sh
#
# Needs bash 4 and `kiosk` on PATH (or KIOSK=/path/to/kiosk). Without KIOSK_SOCKET it talks to
# the service's socket, /run/swiftkiosk/kiosk.sock.
set -euo pipefail
KIOSK=${KIOSK:-kiosk}
SOCKET=${KIOSK_SOCKET:-/run/swiftkiosk/kiosk.sock}
ctl() { "$KIOSK" ctl --socket "$SOCKET" "$@" > /dev/null; }

# The exhibits by the ids of the config's rows: ID"Details" opens ID"Story", ID"Where" is the
# row's second line.
EXHIBITS=(sundial coins vase brooch astrolabe scarab helmet tusk page engine mosaic meteorite)
declare -A SEEN=()

# Thursdays the museum opens late (the "tonight" attract screen says so).
hours() {
    if [[ $(date +%u) == 4 ]]; then echo "Open today 10:00 – 22:00"; else echo "Open today 10:00 – 18:00"; fi
}

# A new visitor: every row back to its own words and colour (null: the config's theme).
forget() {
    local id
    for id in "${!SEEN[@]}"; do ctl set "${id}Name" color=null; done
    SEEN=()
}

ctl ping          # fails loudly (and ends the script) when the kiosk is not there
ctl set hours text="$(hours)"

# `kiosk ctl events` prints the state as one line, then one line per event:
#   {"t": 3060, "source": "mosaicDetails", "event": "tapped"}
#   {"t": 60000, "source": "kiosk", "event": "screenChanged", "value": {"screen": "welcome"}}
event='"source": "([^"]+)", "event": "([^"]+)"'
while IFS= read -r line; do
    [[ $line =~ $event ]] || continue
    from=${BASH_REMATCH[1]}
    case ${BASH_REMATCH[2]}:$from in
        popupShown:*Story)
            id=${from%Story}
            SEEN[$id]=1
            ctl set "${id}Name" color=#E8BE5C ;;   # the row's name in the accent: seen
        screenChanged:kiosk)
            # The idle return (or the attract loop) showed a welcome screen: the visitor left.
            [[ $line == *'"screen": "welcome"'* ]] && forget
            ctl set hours text="$(hours)" ;;
    esac
done < <("$KIOSK" ctl --socket "$SOCKET" events)
