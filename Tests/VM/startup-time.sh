# Sourced by guest-systemd.sh: the kiosk's start-up time on the real DRM card (issue 12).
#
# startup_time LABEL UNIT IDENT PID writes one line to $OUT/startup-time.txt: from systemd's
# fork of the main process (ExecMainStartTimestampMonotonic, taken just before the exec) to
# the first frame presented and to its page flip (the kiosk's "first frame presented at P ms,
# on screen at F ms CLOCK_MONOTONIC" line; F is the DRM event's kernel timestamp), and to
# systemd's READY=1 (ActiveEnterTimestampMonotonic). All three clocks are CLOCK_MONOTONIC, so
# no one reads another clock. It checks that the numbers exist and that READY=1 came after the
# flip; never a pass or fail on the times (TCG is several times slower than a board).
#
# startup_runs: `kiosk run --backend drm` as a transient Type=notify unit, as root, no PAM (a
# logind session adds its ~2 s of user@.service before the exec): twice, the second with a
# warm page cache, which is the number reported.
startup_time() {
  local label=$1 unit=$2 ident=$3 pid=$4 exec_us ready_us line p f
  exec_us=$(systemctl show -p ExecMainStartTimestampMonotonic --value "$unit")
  ready_us=$(systemctl show -p ActiveEnterTimestampMonotonic --value "$unit")
  wait_for 10 sh -c "journalctl -t '$ident' _PID='$pid' -o cat --no-pager | grep -q '^kiosk: first frame presented'"
  line=$(journalctl -t "$ident" _PID="$pid" -o cat --no-pager | grep -m1 '^kiosk: first frame presented')
  p=$(echo "$line" | sed -nE 's/.* presented at ([0-9.]+) ms.*/\1/p')
  f=$(echo "$line" | sed -nE 's/.* on screen at ([0-9.]+) ms.*/\1/p')
  if [ -z "$p" ] || [ -z "$f" ] || [ -z "$exec_us" ] || [ "${exec_us:-0}" = 0 ] || [ "${ready_us:-0}" = 0 ]; then
    log "$label: start-up not measured (exec $exec_us us, READY $ready_us us, line '$line')"
    check "$label: start-up measured" false
    return
  fi
  local numbers
  numbers=$(awk -v e="$exec_us" -v r="$ready_us" -v p="$p" -v f="$f" 'BEGIN {
    printf "exec -> first frame presented %.1f ms, -> first page flip %.1f ms, -> READY=1 %.1f ms (READY %.1f ms after the flip)",
      p - e / 1000, f - e / 1000, (r - e) / 1000, r / 1000 - f }')
  log "$label: $numbers"
  echo "$label: $numbers" >> "$OUT/startup-time.txt"
  check "$label: start-up measured (exec, first flip and READY=1 times exist)" true
  check "$label: READY=1 after the first page flip (the screen shows the UI)" \
    "awk -v r=$ready_us -v f=$f 'BEGIN {exit !(r / 1000 >= f)}'"
}

startup_runs() {
  local i unit pid
  for i in 1 2; do
    unit=kiosk-startup-$i.service
    systemd-run --quiet --unit="$unit" -p Type=notify -p NotifyAccess=main -p SyslogIdentifier=kiosk-startup \
      "$KIOSK" run --config "$VMT/landscape.json" --backend drm > /dev/null 2>&1 ||
      log "systemd-run $unit: exit $?"
    pid=$(systemctl show -p MainPID --value "$unit")
    if [ "$i" = 2 ]; then
      startup_time "drm start-up, transient unit as root, warm cache (2nd run)" "$unit" kiosk-startup "$pid"
    else
      log "drm start-up, first (cold) run: $(systemctl show -p ExecMainStartTimestampMonotonic -p ActiveEnterTimestampMonotonic "$unit" | tr '\n' ' ')"
    fi
    systemctl stop "$unit"
  done
}
