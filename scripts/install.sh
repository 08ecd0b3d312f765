#!/usr/bin/env bash
# Installs SwiftKiosk as a system service (README: "From a fresh Debian device to a running
# kiosk"), or removes it.
#
#   scripts/install.sh [options]                install (as root), enable the unit
#   scripts/install.sh --uninstall [--purge]    stop, disable and remove what install put there
#
# Options:
#   --unit logind|direct  which unit to enable: swiftkiosk.service (default; a logind session,
#                         devices from logind) or swiftkiosk-direct.service (the kiosk opens
#                         /dev/dri, /dev/fb and /dev/input itself). Both are installed.
#   --mqtt                also install swiftkiosk.service.d/mqtt.conf (TCP for the MQTT bridge)
#   --skip-build          do not build; install --binary (default .build/install/release/kiosk)
#   --binary PATH         the kiosk binary to install (implies --skip-build)
#   --no-enable           install only: no daemon-reload, no enable
#   --no-fonts            do not install the font packages the config needs
#   --purge               with --uninstall: also /etc/swiftkiosk and /var/lib/swiftkiosk
# Env: PREFIX (default /usr/local): the binary goes to $PREFIX/bin/kiosk (the units' ExecStart
#      follows it). DESTDIR: install into an image tree instead of this system (units in
#      $DESTDIR/usr/lib/systemd/system, the user from sysusers.d at the image's first boot,
#      nothing enabled, nothing started, no root needed).
#
# What goes where (without DESTDIR): $PREFIX/bin/kiosk, /etc/systemd/system/swiftkiosk*.service,
# /usr/lib/sysusers.d/swiftkiosk.conf (the kiosk user, made at once by systemd-sysusers),
# /etc/swiftkiosk/kiosk.json (config/demo.json, never over an existing one), its popup
# templates in /etc/swiftkiosk/popups/ and its string files in /etc/swiftkiosk/strings/demo/ (the
# same: an existing file is kept); the font packages `kiosk check --fonts` names for that config
# (icons by name, colour emoji, Devanagari), with apt-get (an image tree: listed only).
# The build is `swift build -c release --static-swift-stdlib`: the device needs no Swift
# toolchain, only the C libraries (cairo, pango, libinput, libdrm, libudev, libsystemd,
# libwayland-client, and libmosquitto for the MQTT bridge, which loads it when a config has an
# mqtt section; on Debian: apt-get install libcairo2 libpangocairo-1.0-0 libinput10 libdrm2
# libudev1 libsystemd0 libwayland-client0 libwayland-cursor0 kbd [libmosquitto1];
# `ldd` of the static build: 23 MB, no libswift*, Foundation or dispatch)..
set -euo pipefail
cd "$(dirname "$0")/.."
REPO=$PWD
PREFIX=${PREFIX:-/usr/local}
DESTDIR=${DESTDIR:-}
UNIT=logind MQTT=0 BUILD=1 BINARY=$REPO/.build/install/release/kiosk ENABLE=1 MODE=install PURGE=0 FONTS=1

usage() { sed -n '2,21p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
fail() { echo "install: $*" >&2; exit 1; }
say() { echo "install: $*"; }
while [ $# -gt 0 ]; do
  case $1 in
    --unit) [ $# -ge 2 ] || usage; UNIT=$2; shift ;;
    --mqtt) MQTT=1 ;;
    --skip-build) BUILD=0 ;;
    --binary) [ $# -ge 2 ] || usage; BINARY=$2; BUILD=0; shift ;;
    --no-enable) ENABLE=0 ;;
    --no-fonts) FONTS=0 ;;
    --uninstall) MODE=uninstall ;;
    --purge) PURGE=1 ;;
    -h|--help) usage ;;
    *) echo "install: unknown option $1" >&2; usage ;;
  esac
  shift
done
case $UNIT in
  logind) ENABLED_UNIT=swiftkiosk.service ;;
  direct) ENABLED_UNIT=swiftkiosk-direct.service ;;
  *) fail "--unit must be logind or direct, not '$UNIT'" ;;
esac
[ "$PURGE" = 0 ] || [ "$MODE" = uninstall ] || fail "--purge goes with --uninstall"
# An image tree is not this system: nothing there can be started or enabled from here.
[ -z "$DESTDIR" ] || ENABLE=0
[ -n "$DESTDIR" ] || [ "$(id -u)" = 0 ] || fail "run as root (or set DESTDIR to install into an image tree)"

BIN_DIR=$DESTDIR$PREFIX/bin
# /usr/lib, not /lib: a tree unpacked over a merged-/usr system must not replace the /lib link.
if [ -n "$DESTDIR" ]; then UNIT_DIR=$DESTDIR/usr/lib/systemd/system; else UNIT_DIR=/etc/systemd/system; fi
SYSUSERS=$DESTDIR/usr/lib/sysusers.d/swiftkiosk.conf
ETC=$DESTDIR/etc/swiftkiosk
UNITS=(swiftkiosk.service swiftkiosk-direct.service)

if [ "$MODE" = uninstall ]; then
  if [ -z "$DESTDIR" ] && command -v systemctl > /dev/null; then
    for u in "${UNITS[@]}"; do systemctl --no-reload disable --now "$u" 2> /dev/null || true; done
  fi
  for u in "${UNITS[@]}"; do rm -f "$UNIT_DIR/$u"; rm -rf "$UNIT_DIR/$u.d"; done
  rm -f "$BIN_DIR/kiosk" "$SYSUSERS"
  [ -z "$DESTDIR" ] && command -v systemctl > /dev/null && systemctl daemon-reload 2> /dev/null || true
  if [ -z "$DESTDIR" ] && getent passwd kiosk > /dev/null; then
    # logind keeps the user's manager (user@UID.service) ~10 s after the session: end it first.
    loginctl terminate-user kiosk 2> /dev/null || true
    for _ in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do userdel kiosk 2> /dev/null && break; sleep 1; done
    getent passwd kiosk > /dev/null && say "could not remove the user kiosk (a process of it still runs)"
  fi
  if [ "$PURGE" = 1 ]; then
    rm -rf "$ETC" "$DESTDIR/var/lib/swiftkiosk" "$DESTDIR/var/lib/private/swiftkiosk"
    say "removed; config and state purged"
  else
    say "removed; kept ${ETC} (--purge removes it)"
  fi
  exit 0
fi

if [ "$BUILD" = 1 ]; then
  say "building the release kiosk with the Swift runtime linked in (.build/install)"
  source scripts/env.sh
  swift build -c release --product kiosk --static-swift-stdlib --scratch-path "$REPO/.build/install"
fi
[ -x "$BINARY" ] || fail "no kiosk binary at $BINARY (build it, or give --binary)"
# A binary that needs the toolchain's libswift*.so would not start on the device.
if [ "$BUILD" = 1 ] && ldd "$BINARY" | grep -q 'libswift\|libFoundation\|libdispatch'; then
  fail "$BINARY links the Swift runtime dynamically: $(ldd "$BINARY" | grep -o 'lib[A-Za-z_]*swift[A-Za-z_]*\.so' | sort -u | tr '\n' ' ')"
fi

install -D -m 0755 "$BINARY" "$BIN_DIR/kiosk"
say "binary: $BIN_DIR/kiosk"
mkdir -p "$UNIT_DIR"
for u in "${UNITS[@]}"; do
  sed "s|/usr/local/bin/kiosk|$PREFIX/bin/kiosk|" "systemd/$u" > "$UNIT_DIR/$u.tmp"
  chmod 0644 "$UNIT_DIR/$u.tmp"
  mv "$UNIT_DIR/$u.tmp" "$UNIT_DIR/$u"
done
if [ "$MQTT" = 1 ]; then
  for u in "${UNITS[@]}"; do install -D -m 0644 systemd/swiftkiosk.service.d/mqtt.conf "$UNIT_DIR/$u.d/mqtt.conf"; done
fi
say "units: $UNIT_DIR/{$(IFS=,; echo "${UNITS[*]}")}$([ "$MQTT" = 1 ] && echo ' with mqtt.conf')"
install -D -m 0644 systemd/sysusers.d/swiftkiosk.conf "$SYSUSERS"

# The config is the owner's: an existing one (and its templates) is never overwritten.
install -d -m 0755 "$ETC" "$ETC/popups"
if [ -e "$ETC/kiosk.json" ]; then
  say "config: kept the existing $ETC/kiosk.json"
else
  install -m 0644 config/demo.json "$ETC/kiosk.json"
  say "config: $ETC/kiosk.json (the demo; edit it, then systemctl reload $ENABLED_UNIT)"
fi
for t in config/popups/*.json; do
  [ -e "$ETC/popups/$(basename "$t")" ] || install -m 0644 "$t" "$ETC/popups/"
done
# The demo's string files (its languages), kept the same way.
install -d -m 0755 "$ETC/strings/demo"
for t in config/strings/demo/*.json; do
  [ -e "$ETC/strings/demo/$(basename "$t")" ] || install -m 0644 "$t" "$ETC/strings/demo/"
done

# The fonts the config's texts need (the default sans-serif; Devanagari; icons by name; colour
# emoji): `kiosk check --fonts` names their Debian packages. Installed here on this system;
# for an image tree (DESTDIR), named for its package list.
if [ "$FONTS" = 1 ]; then
  # Never fatal: without a font the kiosk still runs (kiosk check says what is missing).
  if ! fonts=$("$BINARY" check --fonts "$ETC/kiosk.json" 2>&1); then
    say "fonts: cannot tell which fonts $ETC/kiosk.json needs: $fonts"
  else
    missing=()
    for f in $fonts; do
      dpkg-query -W -f='${Status}' "$f" 2> /dev/null | grep -q "install ok installed" || missing+=("$f")
    done
    if ((${#missing[@]} == 0)); then
      say "fonts: $(echo $fonts) (installed)"
    elif [ -n "$DESTDIR" ]; then
      say "fonts: the image needs ${missing[*]}"
    else
      say "fonts: installing ${missing[*]}"
      DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 install -y -qq "${missing[@]}" > /dev/null \
        || say "fonts: could not install ${missing[*]}; install them with apt-get"
    fi
  fi
fi

if [ -z "$DESTDIR" ]; then
  # The user, as the image's first boot would make it (sysusers.d): a system user, no login.
  systemd-sysusers "$SYSUSERS"
  say "user: $(id kiosk)"
fi
if [ "$ENABLE" = 1 ]; then
  # One reload for all of it (each enable or disable would reload systemd on its own).
  for u in "${UNITS[@]}"; do [ "$u" = "$ENABLED_UNIT" ] || systemctl --no-reload disable "$u" 2> /dev/null || true; done
  systemctl --no-reload enable "$ENABLED_UNIT"
  systemctl daemon-reload
  say "enabled $ENABLED_UNIT: it starts at the next boot; now: systemctl start $ENABLED_UNIT"
else
  say "not enabled ($([ -n "$DESTDIR" ] && echo "DESTDIR: enable it in the image" || echo --no-enable))"
fi
