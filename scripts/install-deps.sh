#!/usr/bin/env bash
# Installs the Debian packages SwiftKiosk builds and tests with, when any is missing.
# Safe to run again: it asks dpkg first and only calls apt-get when something is absent.
set -euo pipefail

packages=(
  pkg-config
  libcairo2-dev libpango1.0-dev libharfbuzz-dev libfontconfig-dev libpng-dev
  # JPEG images (libjpeg-turbo's TurboJPEG API; PNG goes through cairo).
  libturbojpeg0-dev
  # Real display and touch: DRM/KMS, libinput + udev, systemd (sd_notify, logind over sd-bus).
  libdrm-dev libinput-dev libudev-dev libsystemd-dev
  # The Wayland client backend: libwayland-client and libwayland-cursor (the xdg-shell code is
  # generated and committed, so wayland-scanner is not needed to build).
  libwayland-dev
  # The MQTT bridge (libmosquitto), and a broker with its clients for its end-to-end test.
  libmosquitto-dev mosquitto mosquitto-clients
  # Certificates for the MQTT test's TLS broker.
  openssl
  # One small font that covers Latin and Devanagari (187 KiB), and the default sans-serif.
  fonts-lohit-deva fonts-dejavu-core
  # Icons by name ("icon": "lightbulb": the font and its name map, 1.1 MiB) and colour emoji
  # (about 10 MiB): the icon and emoji tests and goldens.
  fonts-material-design-icons-iconfont fonts-noto-color-emoji
)

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if ((${#missing[@]})); then
  echo "install-deps: installing ${missing[*]}" >&2
  sudo=""
  if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
  $sudo apt-get -o DPkg::Lock::Timeout=600 update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get -o DPkg::Lock::Timeout=600 install -y -qq "${missing[@]}" >/dev/null
fi

# The Swift toolchain is not a Debian package; find it where the images put it.
if ! command -v swift >/dev/null 2>&1; then
  for d in /opt/swift/usr/bin /usr/share/swift/usr/bin; do
    if [ -x "$d/swift" ]; then echo "install-deps: swift is in $d; add it to PATH" >&2; fi
  done
  echo "install-deps: no Swift toolchain on PATH (Swift 6.0 or newer is needed)" >&2
  exit 1
fi
