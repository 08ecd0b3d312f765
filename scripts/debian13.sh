# Sourced by the Debian 13 (trixie) and aarch64 scripts: a Debian 13 amd64 build root made with
# debootstrap and kept between runs, with Debian's Swift 6.0.3 (swiftlang), the project's -dev
# packages for amd64 and, through dpkg multiarch, for arm64, and the aarch64 Swift runtime
# unpacked from swiftlang:arm64 (it cannot be installed beside the amd64 one: no Multi-Arch).
# It is the Swift SDK's sysroot for aarch64 too: multiarch puts both architectures' headers and
# libraries under one /. Root only; the network it needs is Debian's archive.
#
# Cached under $KIOSK_CI_CACHE (default /var/cache/swiftkiosk-ci):
#   minbase.tar     debootstrap --variant=minbase trixie, untouched (clean roots start from it)
#   build/          the build root (packages as listed below; a changed list reinstalls)
#   debs/           every downloaded .deb (apt's archive of every root, and debootstrap's)
#   install-test/   the clean root scripts/package-test.sh installs the packages into (made anew)
#   vm-arm64/       the arm64 kernel and busybox of scripts/aarch64-vm-test.sh
#   lock            one user of the build root at a time (flock)
#
# Functions: d13_build_root (makes or updates it; prints nothing but progress), d13_run ROOT
# COMMAND (bash -c in a root, niced), d13_fresh_root DIR (a clean minbase root), d13_copy_source
# REPO DIR (the checkout's files, as git sees them, into DIR), d13_lock (one user of the build
# root at a time), d13_unmount ROOT and d13_unmount_at_exit ROOT; d13_enter_build_root (lock,
# unmount at exit, make or update: what a script using the root does first).

KIOSK_CI_CACHE=${KIOSK_CI_CACHE:-/var/cache/swiftkiosk-ci}
D13_ROOT=$KIOSK_CI_CACHE/build
D13_NICE=(nice -n 19 ionice -c3)
D13_MIRROR=${D13_MIRROR:-$(awk '/^URIs:/ {print $2; exit}' /etc/apt/sources.list.d/debian.sources 2>/dev/null || true)}
D13_MIRROR=${D13_MIRROR:-http://deb.debian.org/debian}
# Where the aarch64 Swift resources (stdlib, runtime, static libraries) are unpacked in the root.
D13_SWIFT_ARM64=/opt/swift-arm64/usr/libexec/swift/lib

# The project's build dependencies (scripts/install-deps.sh names the same for Debian 12).
D13_DEV=(libcairo2-dev libpango1.0-dev libharfbuzz-dev libfontconfig-dev libpng-dev libdrm-dev libinput-dev
         libudev-dev libsystemd-dev libwayland-dev libmosquitto-dev libturbojpeg0-dev)
D13_PACKAGES=(
  # Debian's Swift 6.0.3 (clang 17, lld) and what a build and the packaging need (dpkg-dev,
  # lintian, a strip for aarch64 binaries).
  swiftlang pkgconf libc6-dev libstdc++-14-dev dpkg-dev lintian file python3 ca-certificates binutils-aarch64-linux-gnu
  "${D13_DEV[@]}"
  # The tests: fonts (icons by name and colour emoji too: their tests and goldens; the aarch64
  # runs use this root's), a broker for the MQTT tests.
  fonts-lohit-deva fonts-dejavu-core fonts-material-design-icons-iconfont fonts-noto-color-emoji
  mosquitto mosquitto-clients
  # aarch64: the same libraries as arm64, the C runtime to link against.
  "${D13_DEV[@]/%/:arm64}" libc6-dev:arm64 libgcc-14-dev:arm64 libstdc++-14-dev:arm64
)

d13_say() { echo "debian13: $*" >&2; }

d13_mount() {
  local root=$1
  mountpoint -q "$root/proc" || mount -t proc proc "$root/proc"
  mountpoint -q "$root/dev" || mount --bind /dev "$root/dev"
  mountpoint -q "$root/dev/pts" || mount --bind /dev/pts "$root/dev/pts"
  mkdir -p "$KIOSK_CI_CACHE/debs" "$root/var/cache/apt/archives"
  mountpoint -q "$root/var/cache/apt/archives" || mount --bind "$KIOSK_CI_CACHE/debs" "$root/var/cache/apt/archives"
}

d13_unmount() {
  local root=$1 m
  for m in var/cache/apt/archives dev/pts dev proc; do
    if mountpoint -q "$root/$m"; then umount "$root/$m" || umount -l "$root/$m"; fi
  done
  return 0
}

d13_run() {
  local root=$1; shift
  "${D13_NICE[@]}" chroot "$root" /usr/bin/env -i PATH=/usr/local/bin:/usr/bin:/bin HOME=/root LANG=C.UTF-8 \
    DEBIAN_FRONTEND=noninteractive bash -c "$1"
}

d13_minbase() {
  [ -s "$KIOSK_CI_CACHE/minbase.tar" ] && return 0
  d13_say "debootstrap --variant=minbase trixie (once per machine; $KIOSK_CI_CACHE/minbase.tar)"
  local tmp=$KIOSK_CI_CACHE/minbase.tmp
  rm -rf "$tmp"; mkdir -p "$KIOSK_CI_CACHE/debs"
  command -v debootstrap > /dev/null || apt-get -o DPkg::Lock::Timeout=600 install -y -qq debootstrap > /dev/null
  "${D13_NICE[@]}" debootstrap --variant=minbase --arch=amd64 --cache-dir="$KIOSK_CI_CACHE/debs" trixie "$tmp" "$D13_MIRROR" \
    > "$KIOSK_CI_CACHE/debootstrap.log" 2>&1 || { tail -20 "$KIOSK_CI_CACHE/debootstrap.log" >&2; return 1; }
  # apt in the roots keeps what it downloads (the archive is a shared bind mount).
  echo 'Binary::apt::APT::Keep-Downloaded-Packages "true";' > "$tmp/etc/apt/apt.conf.d/90keep-debs"
  tar -C "$tmp" -cf "$KIOSK_CI_CACHE/minbase.tar.tmp" . && mv "$KIOSK_CI_CACHE/minbase.tar.tmp" "$KIOSK_CI_CACHE/minbase.tar"
  rm -rf "$tmp"
}

# A clean Debian 13 root in DIR (emptied first), mounted; the caller unmounts it (d13_unmount).
d13_fresh_root() {
  local dir=$1
  d13_minbase
  d13_unmount "$dir"
  rm -rf "$dir"; mkdir -p "$dir"
  tar -C "$dir" -xf "$KIOSK_CI_CACHE/minbase.tar"
  cp /etc/resolv.conf "$dir/etc/resolv.conf" 2> /dev/null || true
  d13_mount "$dir"
}

# The build root, up to date with D13_PACKAGES; mounted until d13_unmount "$D13_ROOT".
d13_build_root() {
  local want stamp=$D13_ROOT/.swiftkiosk-packages
  want=$(printf '%s\n' "${D13_PACKAGES[@]}")
  if [ ! -f "$stamp" ]; then
    d13_say "making the build root $D13_ROOT (once per machine)"
    d13_fresh_root "$D13_ROOT"
    d13_run "$D13_ROOT" 'dpkg --add-architecture arm64'
  else
    cp /etc/resolv.conf "$D13_ROOT/etc/resolv.conf" 2> /dev/null || true
    d13_mount "$D13_ROOT"
  fi
  if [ "$(cat "$stamp" 2> /dev/null)" != "$want" ]; then
    d13_say "installing the build root's packages (swiftlang 6.0.3, -dev for amd64 and arm64)"
    d13_run "$D13_ROOT" "apt-get -o DPkg::Lock::Timeout=600 update -qq &&
      apt-get -o DPkg::Lock::Timeout=600 install -y -q --no-install-recommends ${D13_PACKAGES[*]}" \
      > "$KIOSK_CI_CACHE/apt-build.log" 2>&1 || { tail -30 "$KIOSK_CI_CACHE/apt-build.log" >&2; return 1; }
    echo "$want" > "$stamp"
  fi
  # The aarch64 runtime matches the amd64 compiler's version: unpacked again when swiftlang moves.
  local version
  version=$(d13_run "$D13_ROOT" 'dpkg-query -W -f="\${Version}" swiftlang')
  if [ "$(cat "$D13_ROOT/opt/swift-arm64/.version" 2> /dev/null)" != "$version" ]; then
    d13_say "unpacking the aarch64 Swift runtime $version (swiftlang:arm64, libswiftlang:arm64) into /opt/swift-arm64"
    # Downloaded into apt's archive (the shared cache), as root: _apt cannot write there.
    d13_run "$D13_ROOT" "set -e; rm -rf /opt/swift-arm64; mkdir -p /opt/swift-arm64; cd /var/cache/apt/archives
      apt-get download -qq -o APT::Sandbox::User=root swiftlang:arm64=$version libswiftlang:arm64=$version
      for d in swiftlang_${version/:/%3a}_arm64.deb libswiftlang_${version/:/%3a}_arm64.deb; do dpkg-deb -x \$d /opt/swift-arm64; done
      echo $version > /opt/swift-arm64/.version" || { d13_say "cannot unpack swiftlang:arm64 $version"; return 1; }
  fi
  # qemu-user for aarch64 programs run inside the root (no binfmt needed: called by name).
  if [ ! -x "$D13_ROOT/usr/bin/qemu-aarch64-static" ]; then
    [ -x /usr/bin/qemu-aarch64-static ] ||
      apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends qemu-user-static > /dev/null
    cp /usr/bin/qemu-aarch64-static "$D13_ROOT/usr/bin/"
  fi
}

# The root's mounts undone when the script ends, also when `timeout` or ^C ends it (bash runs
# the EXIT trap of a script that exits, so a signal becomes an exit).
d13_unmount_at_exit() {
  # shellcheck disable=SC2064
  trap "d13_unmount '$1'" EXIT
  trap 'exit 143' TERM
  trap 'exit 130' INT
}

# What a script that works in the build root does first: waits for its turn, makes or updates
# the root, and has it unmounted at the end.
d13_enter_build_root() {
  d13_lock
  d13_unmount_at_exit "$D13_ROOT"
  d13_build_root
}

# One run at a time in the build root: the lock is held until the calling script exits.
d13_lock() {
  mkdir -p "$KIOSK_CI_CACHE"
  exec {D13_LOCK_FD}> "$KIOSK_CI_CACHE/lock"
  flock -w 3600 "$D13_LOCK_FD" || { d13_say "the build root stayed locked for an hour"; return 1; }
}

# The checkout's files (tracked and new, not ignored) into DIR, replacing what was there.
d13_copy_source() {
  local repo=$1 dir=$2
  rm -rf "$dir"; mkdir -p "$dir"
  # A file deleted but not yet committed is skipped (--ignore-failed-read).
  (cd "$repo" && git ls-files -z --cached --others --exclude-standard |
    tar --null -T - --ignore-failed-read -cf - 2> /dev/null) | tar -C "$dir" -xf -
}
