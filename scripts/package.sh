#!/usr/bin/env bash
# Debian packages of SwiftKiosk for Debian 13 (trixie): swiftkiosk_VERSION_amd64.deb and
# swiftkiosk_VERSION_arm64.deb in out/packages/, each checked with lintian (no error allowed;
# its output is kept beside the package).
#
#   scripts/package.sh [amd64] [arm64]      (default both)
#
# What a package holds: /usr/bin/kiosk (scripts/cross-build.sh's build, the Swift runtime
# linked in, stripped), the units /usr/lib/systemd/system/swiftkiosk{,-direct}.service
# (ExecStart /usr/bin/kiosk), the user /usr/lib/sysusers.d/swiftkiosk.conf, the demo as the
# default config /etc/swiftkiosk/kiosk.json with its popup templates (conffiles: an edited one
# survives upgrades), the MQTT drop-in as an example under /usr/share/doc/swiftkiosk. Depends:
# what dpkg-shlibdeps finds for the binary (Debian 13's package names and versions), kbd (the
# units' chvt), libmosquitto1 (which the MQTT bridge loads on first use, so shlibdeps cannot
# see it), a font, and systemd-sysusers. postinst creates the user (systemd-sysusers) and
# enables and starts nothing: `systemctl enable --now swiftkiosk` is the owner's step.
# Root only (it builds in the Debian 13 build root of scripts/debian13.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
REPO=$PWD
fail() { echo "package: FAILED: $*" >&2; exit 1; }
[ "$(id -u)" = 0 ] || fail "run as root (it builds in a chroot)"
ARCHES=("$@")
[ ${#ARCHES[@]} -gt 0 ] || ARCHES=(amd64 arm64)
for a in "${ARCHES[@]}"; do
  case $a in amd64|arm64) ;; *) echo "usage: scripts/package.sh [amd64] [arm64]" >&2; exit 2 ;; esac
done
VERSION=$(sed -n 's/.*static let version = "\(.*\)".*/\1/p' Sources/KioskCLI/HelpText.swift)
[ -n "$VERSION" ] || fail "no version in Sources/KioskCLI/HelpText.swift"

for arch in "${ARCHES[@]}"; do
  case $arch in amd64) scripts/cross-build.sh x86_64 ;; arm64) scripts/cross-build.sh aarch64 ;; esac
done

source scripts/debian13.sh
d13_enter_build_root
mkdir -p "$REPO/out/packages"

for arch in "${ARCHES[@]}"; do
  case $arch in
    amd64) binary=out/debian13/x86_64/kiosk strip=strip ;;
    arm64) binary=out/debian13/aarch64/kiosk strip=aarch64-linux-gnu-strip ;;
  esac
  work=$D13_ROOT/build/package/$arch
  rm -rf "$work"; mkdir -p "$work/debian"
  T=$work/tree
  install -D -m 0755 "$binary" "$T/usr/bin/kiosk"
  for u in swiftkiosk.service swiftkiosk-direct.service; do
    install -d "$T/usr/lib/systemd/system"
    sed 's|/usr/local/bin/kiosk|/usr/bin/kiosk|' "systemd/$u" > "$T/usr/lib/systemd/system/$u"
    chmod 0644 "$T/usr/lib/systemd/system/$u"
  done
  install -D -m 0644 systemd/sysusers.d/swiftkiosk.conf "$T/usr/lib/sysusers.d/swiftkiosk.conf"
  install -D -m 0644 config/demo.json "$T/etc/swiftkiosk/kiosk.json"
  for t in config/popups/*.json; do install -D -m 0644 "$t" "$T/etc/swiftkiosk/popups/$(basename "$t")"; done
  for t in config/strings/demo/*.json; do install -D -m 0644 "$t" "$T/etc/swiftkiosk/strings/demo/$(basename "$t")"; done
  # The manual page is the command's own help (kiosk --help, kiosk run --help), so it cannot
  # drift from it; run here in the root (under qemu-user for arm64).
  runner=$([ "$arch" = arm64 ] && echo qemu-aarch64-static || true)
  help=$(d13_run "$D13_ROOT" "$runner /build/package/$arch/tree/usr/bin/kiosk --help; echo;
    $runner /build/package/$arch/tree/usr/bin/kiosk run --help") || fail "kiosk --help ($arch)"
  install -d "$T/usr/share/man/man1"
  {
    echo ".TH KIOSK 1 \"\" \"SwiftKiosk $VERSION\" \"User Commands\""
    echo ".SH NAME"
    echo "kiosk \\- touchscreen kiosk runtime for DRM/KMS, the framebuffer and Wayland"
    echo ".SH DESCRIPTION"
    echo ".nf"
    # roff: a backslash is \e; a line starting with . or ' would be a request.
    sed -e 's/\\/\\e/g' -e "s/^\([.']\)/\\\\\&\1/" <<< "$help"
    echo ".fi"
    echo ".SH FILES"
    echo "/etc/swiftkiosk/kiosk.json (the config the units run), /etc/swiftkiosk/popups/ (its popup templates),"
    echo "/etc/swiftkiosk/strings/ (its string files, one per language),"
    echo "/usr/lib/systemd/system/swiftkiosk.service and swiftkiosk-direct.service."
  } | gzip -9n > "$T/usr/share/man/man1/kiosk.1.gz"
  chmod 0644 "$T/usr/share/man/man1/kiosk.1.gz"
  D=$T/usr/share/doc/swiftkiosk
  install -D -m 0644 systemd/swiftkiosk.service.d/mqtt.conf "$D/examples/mqtt.conf"
  cat > "$D/copyright" <<'EOF'
Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/
Upstream-Name: SwiftKiosk
Comment: The binary links the Swift standard library and runtime statically (Apache-2.0
 with the Runtime Library Exception, from Debian's swiftlang).

Files: *
Copyright: 2025 the SwiftKiosk authors
License: SwiftKiosk
 No licence has been published for SwiftKiosk yet: all rights are reserved by its authors.
EOF
  printf 'swiftkiosk (%s) trixie; urgency=medium\n\n  * Built from the SwiftKiosk sources (scripts/package.sh).\n\n -- SwiftKiosk developers <dev@swiftkiosk.invalid>  %s\n' \
    "$VERSION" "$(date -R -d @"${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct 2> /dev/null || date +%s)}")" |
    gzip -9n > "$D/changelog.gz"
  chmod 0644 "$D/changelog.gz" "$D/copyright"

  mkdir -p "$T/DEBIAN"
  find "$T/etc" -type f | sed "s|^$T||" | sort > "$T/DEBIAN/conffiles"
  cat > "$T/DEBIAN/postinst" <<'EOF'
#!/bin/sh
# The kiosk's system user (usr/lib/sysusers.d/swiftkiosk.conf). Nothing is enabled or started:
# that is the owner's choice (systemctl enable --now swiftkiosk).
set -e
if [ "$1" = configure ]; then
  systemd-sysusers swiftkiosk.conf
  if [ -d /run/systemd/system ]; then systemctl --system daemon-reload > /dev/null || true; fi
fi
exit 0
EOF
  cat > "$T/DEBIAN/postrm" <<'EOF'
#!/bin/sh
# The units are gone from systemd's view; on purge the kiosk's state goes too (the user stays,
# as Debian does with system users: files it owned elsewhere would otherwise change hands).
set -e
if [ -d /run/systemd/system ]; then systemctl --system daemon-reload > /dev/null || true; fi
if [ "$1" = purge ]; then rm -rf /var/lib/swiftkiosk /var/lib/private/swiftkiosk; fi
exit 0
EOF
  chmod 0755 "$T/DEBIAN/postinst" "$T/DEBIAN/postrm"

  # Stripped as dh_strip would (symbols, .comment, .note); dependencies from the libraries'
  # shlibs and symbols files, as dh_shlibdeps does, for the package's own architecture.
  printf 'Source: swiftkiosk\n\nPackage: swiftkiosk\nArchitecture: any\n' > "$work/debian/control"
  d13_run "$D13_ROOT" "cd /build/package/$arch && $strip --remove-section=.comment --remove-section=.note tree/usr/bin/kiosk &&
    DEB_HOST_ARCH=$arch dpkg-shlibdeps -O -e tree/usr/bin/kiosk 2> shlibdeps.err" > "$work/shlibdeps.txt" ||
    { cat "$work/shlibdeps.err" >&2; fail "dpkg-shlibdeps for $arch"; }
  shlibs=$(sed -n 's/^shlibs:Depends=//p' "$work/shlibdeps.txt")
  [ -n "$shlibs" ] || fail "dpkg-shlibdeps found no dependencies for $arch"
  # libmosquitto is loaded with dlopen (by the MQTT bridge, on first use), so dpkg-shlibdeps
  # cannot see it: its dependency as its shlibs file gives it.
  mosquitto=$(awk '$1 == "libmosquitto" && $2 == 1 { $1 = $2 = ""; sub(/^ +/, ""); print }' \
    "$D13_ROOT/var/lib/dpkg/info/libmosquitto1:$arch.shlibs")
  [ -n "$mosquitto" ] || fail "no shlibs entry for libmosquitto1:$arch"
  (cd "$T" && find usr etc -type f -not -path 'etc/*' -print0 | sort -z | xargs -0 md5sum) > "$T/DEBIAN/md5sums"
  cat > "$T/DEBIAN/control" <<EOF
Package: swiftkiosk
Version: $VERSION
Architecture: $arch
Maintainer: SwiftKiosk developers <dev@swiftkiosk.invalid>
Installed-Size: $(du -sk --exclude=DEBIAN "$T" | cut -f1)
Depends: $shlibs, $mosquitto, kbd, fonts-dejavu-core, systemd | systemd-standalone-sysusers | systemd-sysusers
Recommends: fonts-lohit-deva, fonts-material-design-icons-iconfont
Suggests: fonts-noto-color-emoji
Section: misc
Priority: optional
Homepage: https://swiftkiosk.invalid/
Description: touchscreen kiosk runtime for DRM/KMS, framebuffer and Wayland
 SwiftKiosk paints a kiosk's UI in software with cairo and Pango, scans it
 out through DRM/KMS (or the Linux framebuffer, or as a Wayland client) and
 reads the touchscreen through libinput: range and circular sliders, buttons,
 labels, panels and popup dialogs described by a JSON file, with events as
 JSON lines, a control socket and an MQTT bridge. Runs as a systemd service.
EOF
  deb=swiftkiosk_${VERSION}_$arch.deb
  d13_run "$D13_ROOT" "cd /build/package/$arch && dpkg-deb --root-owner-group -Zxz --build tree $deb > /dev/null" ||
    fail "dpkg-deb for $arch"
  # lintian's profile is Debian's; it runs as root here (the root is a build chroot).
  lrc=0
  d13_run "$D13_ROOT" "cd /build/package/$arch && lintian --allow-root --fail-on error --display-level '>=info' $deb" \
    > "$REPO/out/packages/lintian-$arch.txt" 2>&1 || lrc=$?
  cp "$work/$deb" "$REPO/out/packages/"
  echo "package: out/packages/$deb ($(stat -c %s "$work/$deb") bytes); Depends: $(sed -n 's/^Depends: //p' "$T/DEBIAN/control")"
  echo "package: lintian $arch: $(grep -c '^E:' "$REPO/out/packages/lintian-$arch.txt" || true) errors," \
       "$(grep -c '^W:' "$REPO/out/packages/lintian-$arch.txt" || true) warnings, $(grep -c '^I:' "$REPO/out/packages/lintian-$arch.txt" || true) info (out/packages/lintian-$arch.txt)"
  sed 's/^/  /' "$REPO/out/packages/lintian-$arch.txt"
  [ "$lrc" = 0 ] || fail "lintian reports errors for $deb"
done
