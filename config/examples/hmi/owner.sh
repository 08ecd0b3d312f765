#!/usr/bin/env bash
# The machine HMI's owner program: it checks the operator's PIN, runs the (simulated) press
# and keeps its screen up to date with `kiosk ctl`. Run it beside the kiosk:
#
#   kiosk run --config config/examples/hmi/hmi.json --backend headless --clock real --socket /tmp/hmi.sock &
#   KIOSK_SOCKET=/tmp/hmi.sock config/examples/hmi/owner.sh
#
# Needs bash 4 and `kiosk` on PATH (or KIOSK=/path/to/kiosk). Without KIOSK_SOCKET it talks to
# the service's socket, /run/swiftkiosk/kiosk.sock. A real owner talks to the machine's PLC
# where this one counts parts on a timer.
set -euo pipefail
KIOSK=${KIOSK:-kiosk}
SOCKET=${KIOSK_SOCKET:-/run/swiftkiosk/kiosk.sock}
ctl() { "$KIOSK" ctl --socket "$SOCKET" "$@" > /dev/null; }

# The operators, by PIN. A real owner asks its user directory, and counts failed tries.
declare -A OPERATORS=([1234]="A. Weber" [2580]="J. Novak")
MODE="Auto"
PRESS=""      # the PID of the running press (a background loop), empty while stopped
SETUP_SPINDLE_MAX=2500   # rpm: in Setup mode the tool is changed by hand, so the spindle runs slower

# The PIN typed on the keypad comes with OK as the field's `submitted` event:
#   {"t": 5120, "source": "pin", "event": "submitted", "value": {"text": "1234"}}
# The field is cleared either way: a PIN is typed for one login and never kept (a masked
# field's text is not written to the state file or MQTT's retained state).
login() {
    ctl set pin text=
    if [[ -n $1 && -v OPERATORS[$1] ]]; then
        ctl set operator text="Operator: ${OPERATORS[$1]}"
        ctl switch-screen machine --transition fade
    else
        # Modal: a stray tap beside it does not dismiss it; it closes itself after 2.5 s.
        ctl show-popup wrongPin
    fi
}

show_state() {
    if [[ -n $PRESS ]]; then ctl set state text="Running · $MODE" color=#4ADE80
    else ctl set state text="Stopped · $MODE" color=#8A97A6; fi
}

# The press: 5 % of the job a second until it is done. The bar glides to each value, and the
# label beside it ("{jobProgress.value:.0 %}") follows by itself.
run_press() {
    local value
    value=$("$KIOSK" ctl --socket "$SOCKET" get jobProgress | sed -n 's/.*"value": {"value": \([0-9.]*\).*/\1/p')
    value=${value%.*}
    while ((${value:-0} < 100)); do
        sleep 1
        value=$((${value:-0} + 5))
        ctl set jobProgress value=$value
    done
    ctl show-popup jobDone
}

start() {
    [[ -z $PRESS ]] || return 0
    run_press & PRESS=$!
    ctl set start enabled=false
    ctl set stop enabled=true
    show_state
}

stop() {
    [[ -n $PRESS ]] || return 0
    kill "$PRESS" 2> /dev/null || true
    PRESS=""
    ctl set start enabled=true
    ctl set stop enabled=false
    show_state
}

# The settings column: a real owner hands each value to the PLC; this one logs it (on stderr,
# as `kiosk ctl events` holds stdout). Each comes once, as the control's `valueCommitted`, when
# the operator lets go:
#   {"t": 9410, "source": "spindle", "event": "valueCommitted", "value": {"value": 2800}}
log() { echo "owner: $*" >&2; }

# The spindle's speed in rpm as the dial shows it (whole rpm: the dial's step is 50).
spindle_speed() {
    local value
    value=$("$KIOSK" ctl --socket "$SOCKET" get spindle | sed -n 's/.*"value": {"value": \([0-9.]*\).*/\1/p')
    echo "${value%.*}"
}

# Setup mode caps the spindle: a faster value is set back to the cap. Our own `set` comes back
# as an event with "origin": "owner", which the loop below skips, so this does not run twice.
limit_spindle() {
    local rpm=$1
    if [[ $MODE == "Setup" ]] && ((rpm > SETUP_SPINDLE_MAX)); then
        log "spindle $rpm rpm refused in Setup mode, set back to $SETUP_SPINDLE_MAX rpm"
        ctl set spindle value=$SETUP_SPINDLE_MAX
    fi
}

ctl ping          # fails loudly (and ends the script) when the kiosk is not there
ctl set pin text=
show_state

# `kiosk ctl events` prints the state as one line, then one line per event. Taps and keys are
# a person's; our own sets come back with "origin": "owner", which the patterns below skip.
event='^\{"t": [0-9.]+, "source": "([^"]+)", "event": "([^"]+)"(, "value": \{(.*)\})?\}$'
while IFS= read -r line; do
    [[ $line =~ $event ]] || continue
    from=${BASH_REMATCH[1]} kind=${BASH_REMATCH[2]} value=${BASH_REMATCH[4]}
    case $kind:$from in
        submitted:pin) [[ $value =~ \"text\":\ \"([0-9]*)\" ]] && login "${BASH_REMATCH[1]}" ;;
        tapped:start) start ;;
        tapped:stop) stop ;;
        valueCommitted:mode*)
            # The mode buttons are one group: the one let go reports false, the new one true.
            if [[ $value == '"checked": true' ]]; then
                case $from in modeAuto) MODE="Auto" ;; modeStep) MODE="Single step" ;; modeSetup) MODE="Setup" ;; esac
                show_state
                [[ $MODE != "Setup" ]] || limit_spindle "$(spindle_speed)"
            fi ;;
        valueCommitted:coolant)
            if [[ $value == '"on": true' ]]; then log "coolant on"; else log "coolant off"; fi ;;
        valueCommitted:feed)
            if [[ $value =~ \"value\":\ ([0-9.]+) ]]; then log "feed override ${BASH_REMATCH[1]} %"; fi ;;
        valueCommitted:spindle)
            if [[ $value =~ \"value\":\ ([0-9]+) ]]; then
                log "spindle ${BASH_REMATCH[1]} rpm"
                limit_spindle "${BASH_REMATCH[1]}"
            fi ;;
        buttonTapped:jobDone)   # the bin is unloaded: the next job starts from 0
            PRESS=""
            ctl set jobProgress value=0
            ctl set start enabled=true
            ctl set stop enabled=false
            show_state ;;
    esac
done < <("$KIOSK" ctl --socket "$SOCKET" events)
