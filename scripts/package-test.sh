#!/usr/bin/env bash
# The packages as a user gets them: scripts/package.sh builds swiftkiosk_*_amd64.deb and
# swiftkiosk_*_arm64.deb (lintian: no error), then each is installed into a clean Debian 13
# root (debootstrap minbase, a fresh copy for each) with `apt-get install ./swiftkiosk_*.deb`,
# which must pull in everything it needs from Debian's archive, followed by
# `kiosk check /etc/swiftkiosk/kiosk.json` (the arm64 one under qemu-user, its libraries from
# dpkg multiarch). Checked too: the user kiosk exists, nothing is enabled or running, the
# units point at /usr/bin/kiosk, and purge removes the package's files.
#
#   scripts/package-test.sh        exit 0 only if both install and check
# Results: out/packages/ (the .debs, lintian-*.txt), out/package-test/install-*.log.
# Root only; 4–8 minutes (the first run downloads the packages' dependencies once).
set -euo pipefail
cd "$(dirname "$0")/.."
REPO=$PWD
T0=$(date +%s)
step() { echo "package-test: [$(( $(date +%s) - T0 )) s] $*"; }
fail() { echo "package-test: FAILED: $*" >&2; exit 1; }
[ "$(id -u)" = 0 ] || fail "run as root (chroots)"

step "building and checking the packages (scripts/package.sh)"
scripts/package.sh amd64 arm64

source scripts/debian13.sh
d13_lock
ROOT=$KIOSK_CI_CACHE/install-test
d13_unmount_at_exit "$ROOT"
OUT=$REPO/out/package-test
rm -rf "$OUT"; mkdir -p "$OUT"
for arch in amd64 arm64; do
  deb=$(cd out/packages && ls swiftkiosk_*_$arch.deb)
  step "a clean Debian 13 root: apt-get install ./$deb"
  d13_fresh_root "$ROOT"
  cp "out/packages/$deb" "$ROOT/tmp/"
  run=kiosk
  if [ $arch = arm64 ]; then
    d13_run "$ROOT" 'dpkg --add-architecture arm64'
    cp /usr/bin/qemu-aarch64-static "$ROOT/usr/bin/"
    run="qemu-aarch64-static /usr/bin/kiosk"
  fi
  d13_run "$ROOT" "apt-get -o DPkg::Lock::Timeout=600 update -qq &&
    apt-get -o DPkg::Lock::Timeout=600 install -y --no-install-recommends ./tmp/$deb" > "$OUT/install-$arch.log" 2>&1 < /dev/null ||
    { tail -30 "$OUT/install-$arch.log" >&2; fail "apt-get install ./$deb in a clean root"; }
  echo "  $(grep -E '^[0-9]+ upgraded, [0-9]+ newly installed' "$OUT/install-$arch.log")"
  d13_run "$ROOT" "$run check /etc/swiftkiosk/kiosk.json" > "$OUT/check-$arch.txt" 2>&1 ||
    { cat "$OUT/check-$arch.txt" >&2; fail "kiosk check /etc/swiftkiosk/kiosk.json ($arch)"; }
  echo "  kiosk check /etc/swiftkiosk/kiosk.json: $(cat "$OUT/check-$arch.txt")"
  d13_run "$ROOT" "$run --version" | sed 's/^/  kiosk --version: /'
  # The MQTT bridge loads libmosquitto on first use (dlopen): with an mqtt section the kiosk
  # must find it and try the broker (none listens on port 1).
  d13_run "$ROOT" "sed 's|^{|{\"mqtt\": {\"url\": \"mqtt://127.0.0.1:1\"},|' /etc/swiftkiosk/kiosk.json > /etc/swiftkiosk/mqtt-test.json &&
    $run run --backend headless --clock real --until 4000 --config /etc/swiftkiosk/mqtt-test.json --events /dev/null; rc=\$?;
    rm /etc/swiftkiosk/mqtt-test.json; exit \$rc" > "$OUT/mqtt-$arch.txt" 2>&1 ||
    { cat "$OUT/mqtt-$arch.txt" >&2; fail "a config with mqtt did not run ($arch)"; }
  grep -q '^mqtt: cannot connect to mqtt://127.0.0.1:1: Connection refused' "$OUT/mqtt-$arch.txt" ||
    { cat "$OUT/mqtt-$arch.txt" >&2; fail "the MQTT bridge did not load libmosquitto and try the broker ($arch)"; }
  echo "  the MQTT bridge loads libmosquitto: $(grep -m1 '^mqtt: cannot connect' "$OUT/mqtt-$arch.txt")"
  d13_run "$ROOT" 'getent passwd kiosk' > /dev/null || fail "postinst did not create the user kiosk ($arch)"
  enabled=$(d13_run "$ROOT" 'find /etc/systemd/system -name "swiftkiosk*" 2> /dev/null' || true)
  [ -z "$enabled" ] || fail "the package enabled something: $enabled"
  d13_run "$ROOT" 'grep -q "^ExecStart=/usr/bin/kiosk " /usr/lib/systemd/system/swiftkiosk.service' ||
    fail "swiftkiosk.service does not start /usr/bin/kiosk"
  d13_run "$ROOT" 'apt-get purge -y -q swiftkiosk > /dev/null && ! test -e /usr/bin/kiosk && ! test -e /etc/swiftkiosk/kiosk.json' ||
    fail "apt-get purge swiftkiosk left files ($arch)"
  echo "  user kiosk made, nothing enabled, purge clean"
  d13_unmount "$ROOT"
done
rm -rf "$ROOT"
step "PASSED"
