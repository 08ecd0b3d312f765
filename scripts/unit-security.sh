#!/usr/bin/env bash
# The shipped units' hardening must not regress: `systemd-analyze security --offline=yes`
# on each unit in systemd/ must give an exposure no worse than the one recorded in
# systemd/exposure (and at most 4.9, systemd's "OK"). Prints each score; exit 1 on a worse one.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v systemd-analyze > /dev/null || { echo "unit-security: systemd-analyze not found (apt-get install systemd)" >&2; exit 1; }
rc=0
while read -r unit recorded; do
  case $unit in ''|'#'*) continue ;; esac
  [ -f "systemd/$unit" ] || { echo "unit-security: systemd/exposure names $unit, which is not in systemd/" >&2; rc=1; continue; }
  line=$(systemd-analyze security --offline=yes --no-pager "systemd/$unit" 2>&1 | grep 'Overall exposure level' || true)
  score=$(sed -n 's/.*: \([0-9.]*\) .*/\1/p' <<< "$line")
  [ -n "$score" ] || { echo "unit-security: no score for $unit: $line" >&2; rc=1; continue; }
  if awk -v s="$score" -v r="$recorded" 'BEGIN { exit !(s > r || s > 4.9) }'; then
    echo "unit-security: $unit: exposure $score, worse than the recorded $recorded: FAILED" >&2; rc=1
  else
    echo "unit-security: $unit: exposure $score (recorded $recorded) $(awk "{print \$(NF-1)}" <<< "$line")"
  fi
done < systemd/exposure
for unit in systemd/*.service; do
  grep -q "^$(basename "$unit") " systemd/exposure || { echo "unit-security: $unit has no recorded exposure in systemd/exposure" >&2; rc=1; }
done
exit $rc
