#!/usr/bin/env bash
# Builds the release `kiosk` for Debian 13 (trixie) on aarch64 or x86-64, from any x86-64
# Debian host, in the Debian 13 build root of scripts/debian13.sh (made once, then cached):
# Debian's Swift 6.0.3, the Swift runtime linked in (--static-swift-stdlib), so the device
# needs only Debian 13's libraries (`apt-get install` of the packages `scripts/package.sh`
# names, or the .deb it makes).
#
#   scripts/cross-build.sh aarch64            -> out/debian13/aarch64/kiosk (Raspberry Pi 4/5, i.MX 8, …)
#   scripts/cross-build.sh x86_64             -> out/debian13/x86_64/kiosk (the same build for amd64)
#
# aarch64 is a cross build: the arm64 libraries come from dpkg multiarch inside the root, the
# arm64 Swift runtime from swiftlang:arm64 (unpacked), described to SwiftPM by a Swift SDK
# bundle whose sysroot is the root's own / (multiarch keeps both architectures apart there).
# Root only (debootstrap, chroot); the first run downloads about 1.3 GB from Debian's archive
# and takes about 6 minutes more; a build takes 2–4 minutes on 2 cores.
# Env: KIOSK_CI_CACHE (default /var/cache/swiftkiosk-ci): where the build root lives.
set -euo pipefail
cd "$(dirname "$0")/.."
REPO=$PWD
usage() { sed -n '2,18p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
[ $# = 1 ] || usage
case $1 in
  aarch64|arm64) ARCH=aarch64 ;;
  x86_64|amd64) ARCH=x86_64 ;;
  -h|--help) usage ;;
  *) echo "cross-build: unknown architecture '$1' (aarch64 or x86_64)" >&2; exit 2 ;;
esac
[ "$(id -u)" = 0 ] || { echo "cross-build: run as root (it makes and enters a chroot)" >&2; exit 1; }
source scripts/debian13.sh
d13_enter_build_root

if [ "$ARCH" = aarch64 ]; then
  # The Swift SDK: the sysroot is / seen through a symlink (naming / itself makes every module
  # warn that it was "loaded from the SDK"); Debian spells the host triple x86_64-pc-linux-gnu.
  ln -sfn / "$D13_ROOT/sysroot"
  bundle=$D13_ROOT/build/sdks/debian13-aarch64.artifactbundle
  mkdir -p "$bundle/sdk"
  cat > "$bundle/info.json" <<'EOF'
{"schemaVersion": "1.0", "artifacts": {"debian13-aarch64": {"type": "swiftSDK", "version": "6.0.3",
  "variants": [{"path": "sdk", "supportedTriples": ["x86_64-pc-linux-gnu", "x86_64-unknown-linux-gnu"]}]}}}
EOF
  cat > "$bundle/sdk/swift-sdk.json" <<EOF
{"schemaVersion": "4.0", "targetTriples": {"aarch64-unknown-linux-gnu": {
  "sdkRootPath": "/sysroot",
  "swiftResourcesPath": "$D13_SWIFT_ARM64/swift",
  "swiftStaticResourcesPath": "$D13_SWIFT_ARM64/swift_static",
  "toolsetPaths": ["toolset.json"]}}}
EOF
  cat > "$bundle/sdk/toolset.json" <<'EOF'
{"schemaVersion": "1.0", "rootPath": "/usr/libexec/swift/bin",
 "swiftCompiler": {"extraCLIOptions": ["-use-ld=lld"]}, "linker": {"path": "ld.lld"}}
EOF
  target=(--swift-sdks-path /build/sdks --swift-sdk debian13-aarch64)
  pkgconfig=/usr/lib/aarch64-linux-gnu/pkgconfig
  triple=aarch64-unknown-linux-gnu
else
  # lld, as for aarch64: one linker for both, and it makes relocated data read-only once loaded
  # (RELRO, Debian's hardening default), which the toolchain's default linker left out here.
  target=(-Xswiftc -use-ld=lld)
  pkgconfig=/usr/lib/x86_64-linux-gnu/pkgconfig
  triple=x86_64-pc-linux-gnu
fi

# A copy of the checkout, one per architecture; its .build is kept between runs.
src=$D13_ROOT/build/cross-$ARCH
keep=$D13_ROOT/build/.cross-$ARCH-build
[ -d "$src/.build" ] && mv "$src/.build" "$keep"
d13_copy_source "$REPO" "$src"
[ -d "$keep" ] && mv "$keep" "$src/.build"

mkdir -p "$REPO/out/debian13/$ARCH"
t0=$(date +%s)
d13_say "swift build -c release --product kiosk --static-swift-stdlib for $triple (Swift 6.0.3, Debian 13)"
d13_run "$D13_ROOT" "cd /build/cross-$ARCH && PKG_CONFIG_PATH=$pkgconfig swift build -c release --product kiosk \
  --static-swift-stdlib ${target[*]}" > "$REPO/out/cross-build-$ARCH.log" 2>&1 < /dev/null ||
  { tail -40 "$REPO/out/cross-build-$ARCH.log" >&2; echo "cross-build: FAILED (out/cross-build-$ARCH.log)" >&2; exit 1; }
bin=$(d13_run "$D13_ROOT" "cd /build/cross-$ARCH && swift build -c release --static-swift-stdlib ${target[*]} --show-bin-path" 2> /dev/null)
binary=$D13_ROOT$bin/kiosk
# A build that warns is a portability regression (the sources build warning-free on 6.0 and 6.3).
if grep -E '^/.*: warning: ' "$REPO/out/cross-build-$ARCH.log" > /dev/null; then
  grep -E '^/.*: warning: ' "$REPO/out/cross-build-$ARCH.log" | sort -u >&2
  echo "cross-build: FAILED: the build warns (out/cross-build-$ARCH.log)" >&2; exit 1
fi
# The runtime must be linked in: a NEEDED libswift*.so would not be found on the device.
needed=$(d13_run "$D13_ROOT" "readelf -d $bin/kiosk" | awk '/NEEDED/ {gsub(/[][]/, "", $5); print $5}')
if grep -q 'swift\|Foundation\|dispatch' <<< "$needed"; then
  echo "cross-build: FAILED: the binary links the Swift runtime dynamically: $(grep 'swift\|Foundation\|dispatch' <<< "$needed" | tr '\n' ' ')" >&2
  exit 1
fi
cp "$binary" "$REPO/out/debian13/$ARCH/kiosk"
echo "cross-build: out/debian13/$ARCH/kiosk: $(d13_run "$D13_ROOT" "file -b $bin/kiosk" | cut -d, -f1-2), $(stat -c %s "$binary") bytes," \
     "built in $(( $(date +%s) - t0 )) s; needs $(tr '\n' ' ' <<< "$needed")"
