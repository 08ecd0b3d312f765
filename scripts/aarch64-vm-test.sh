#!/usr/bin/env bash
# The aarch64 kiosk on real DRM/KMS: boots an aarch64 QEMU guest (qemu-system-aarch64 -M virt,
# cortex-a57, TCG) on Debian 13's arm64 kernel with a virtio-gpu display, and runs the kiosk
# built by `scripts/cross-build.sh aarch64` on /dev/dri/card0 with a uinput touchscreen
# (Tests/VM/aarch64/touch.c) that drags the lower knob and turns the dial (Tests/VM/scenario.py,
# run a64). Tests/VM/verify.py then checks what the guest left: the committed values, the pixel
# probes, the scanout against the headless render of the same touches by the x86-64 Debian 13
# build, the console back after SIGTERM, the kiosk's statistics lines.
#
# The guest's root is the Debian 13 build root (scripts/debian13.sh) over 9p, read-only: its
# arm64 libraries (multiarch) and fonts are what the kiosk uses; busybox-static:arm64 is the
# guest's shell. No udevd runs: the touchscreen gets the udev database entry udevd would write.
# The screendumps are QMP's, served by the VM harness' host-driver.py (../shared/vm).
#
#   scripts/aarch64-vm-test.sh      exit 0 only if every check passed
# Env: KIOSK_VM_HARNESS (default: shared/vm beside the clone), KIOSK_CI_CACHE (kernel and
#      busybox .debs are kept in $KIOSK_CI_CACHE/vm-arm64), A64_VM_TIMEOUT (default 600 s).
# Results: out/aarch64-vm/ (test.log, screendumps, events, stderr, summary.txt, startup-time.txt,
# a64-memory.txt). Root only; about 3–5 minutes after the builds.
set -euo pipefail
cd "$(dirname "$0")/.."
REPO=$PWD
T0=$(date +%s)
export PYTHONDONTWRITEBYTECODE=1
step() { echo "aarch64-vm-test: [$(( $(date +%s) - T0 )) s] $*"; }
fail() { echo "aarch64-vm-test: FAILED: $*" >&2; exit 1; }
[ "$(id -u)" = 0 ] || fail "run as root (chroot, qemu's 9p export of the build root)"
VM=${KIOSK_VM_HARNESS:-$REPO/../shared/vm}
[ -f "$VM/host-driver.py" ] || fail "no VM harness at $VM (expected shared/vm beside the clone; or set KIOSK_VM_HARNESS)"
VM=$(cd "$VM" && pwd)

step "host packages (qemu-system-arm, cpio, kmod, xz)"
missing=()
for p in qemu-system-arm cpio kmod xz-utils; do
  dpkg-query -W -f='${Status}' "$p" 2> /dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  apt-get -o DPkg::Lock::Timeout=600 update -qq
  DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends "${missing[@]}" > /dev/null ||
    fail "cannot install ${missing[*]}"
fi

step "the kiosk for aarch64, and for x86-64 (the reference renders)"
scripts/cross-build.sh aarch64
scripts/cross-build.sh x86_64

source scripts/debian13.sh
d13_enter_build_root
OUT=$REPO/out/aarch64-vm
rm -rf "$OUT"; mkdir -p "$OUT/shared"
G=$D13_ROOT/build/vm
rm -rf "$G"; mkdir -p "$G"

step "Debian 13's arm64 kernel and busybox (cached in $KIOSK_CI_CACHE/vm-arm64)"
C=$KIOSK_CI_CACHE/vm-arm64
mkdir -p "$C"
kernel_pkg=$(d13_run "$D13_ROOT" 'apt-cache depends linux-image-arm64:arm64' | awk '/Depends: linux-image-/ {print $2; exit}')
kernel_pkg=${kernel_pkg%:arm64}
[ -n "$kernel_pkg" ] || fail "cannot resolve linux-image-arm64 in the build root"
if [ ! -f "$C/$kernel_pkg.done" ]; then
  rm -rf "$C/debs" "$C/x"; mkdir -p "$C/debs" "$D13_ROOT/tmp/vm-debs"
  d13_run "$D13_ROOT" "cd /tmp/vm-debs && rm -f ./*.deb && apt-get download -qq $kernel_pkg:arm64 busybox-static:arm64" ||
    fail "cannot download $kernel_pkg and busybox-static for arm64"
  mv "$D13_ROOT"/tmp/vm-debs/*.deb "$C/debs/"
  for d in "$C"/debs/*.deb; do dpkg-deb -x "$d" "$C/x"; done
  touch "$C/$kernel_pkg.done"
fi
KV=$(ls "$C/x/usr/lib/modules" | head -1)
KERNEL=$C/x/boot/vmlinuz-$KV
[ -f "$KERNEL" ] || fail "no kernel in $kernel_pkg"

step "initramfs: busybox, the modules for virtio-gpu, 9p, evdev and uinput, Tests/VM/aarch64/init"
I=$OUT/initrd
mkdir -p "$I"/{bin,dev,proc,sys,mods,mnt}
cp "$C/x/usr/bin/busybox" "$I/bin/"; ln -s busybox "$I/bin/sh"
cp Tests/VM/aarch64/init "$I/init"; chmod +x "$I/init"
M=$C/x/usr/lib/modules/$KV
declare -A seen
n=0
# visit MODULE: its dependencies first, then the module (xz-decompressed), numbered in load order;
# a module that is not there is built in.
visit() {
  local f d
  [ -n "${seen[$1]:-}" ] && return 0
  seen[$1]=1
  f=$(find "$M" -name "$1.ko*" -o -name "${1//_/-}.ko*" | head -1)
  [ -n "$f" ] || return 0
  for d in $(modinfo -F depends "$f" | tr ',' ' '); do visit "$d"; done
  n=$((n + 1))
  case $f in *.xz) xz -dc "$f" ;; *) cat "$f" ;; esac > "$I/mods/$(printf %02d $n)-$(basename "${f%.xz}")"
}
for m in virtio-gpu 9pnet_virtio 9p evdev uinput; do visit "$m"; done
(cd "$I" && find . | cpio -o -H newc 2> /dev/null | gzip -1 > "$OUT/initrd.gz")

step "the guest's files in the build root (/build/vm): kiosk, touch player, config, touch script"
install -m 0755 "$REPO/out/debian13/aarch64/kiosk" "$G/kiosk"
install -m 0755 "$REPO/out/debian13/x86_64/kiosk" "$G/kiosk-x86_64"
cp Tests/VM/aarch64/guest.sh Tests/VM/landscape.json "$G/"
cp Tests/VM/aarch64/touch.c "$G/"
python3 Tests/VM/scenario.py touch-text a64 drag1 > "$G/a64-drag1.txt"
d13_run "$D13_ROOT" 'cd /build/vm && /usr/libexec/swift/bin/clang --target=aarch64-linux-gnu -static -O2 -Wall \
  -fuse-ld=lld -o touch touch.c' || fail "cannot build Tests/VM/aarch64/touch.c for aarch64"

step "headless reference renders by the x86-64 Debian 13 build (same libraries as the guest)"
mkdir -p "$G/VM"; cp -r Tests/VM/*.py Tests/VM/*.json Tests/VM/touch "$G/VM/"
d13_run "$D13_ROOT" 'cd /build/vm && python3 VM/scenario.py reference /build/vm/kiosk-x86_64 /build/vm/reference a64' ||
  fail "the headless reference renders"
cp -r "$G/reference" "$OUT/reference"

# The 9p export must not carry the host's /dev, /proc and apt archive mounts.
d13_unmount "$D13_ROOT"
QMP_DIR=$(mktemp -d /tmp/kiosk-a64.XXXXXX)
step "booting the aarch64 guest (kernel $KV, TCG; A64_VM_TIMEOUT=${A64_VM_TIMEOUT:-600} s)"
b0=$(date +%s)
rc=0
"${D13_NICE[@]}" timeout "${A64_VM_TIMEOUT:-600}" qemu-system-aarch64 -M virt -cpu cortex-a57 -smp 2 -m 1024 \
  -nographic -no-reboot -kernel "$KERNEL" -initrd "$OUT/initrd.gz" \
  -append "console=ttyAMA0 rdinit=/init quiet panic=-1" \
  -device virtio-gpu-pci,xres=800,yres=480 \
  -virtfs "local,path=$D13_ROOT,mount_tag=root,security_model=none,readonly=on" \
  -virtfs "local,path=$OUT/shared,mount_tag=out,security_model=none" \
  -qmp "unix:$QMP_DIR/qmp.sock,server=on,wait=off" > "$OUT/console.txt" 2>&1 &
QPID=$!
python3 "$VM/host-driver.py" "$QMP_DIR/qmp.sock" "$OUT/shared" "$QPID" 800 480 > "$OUT/host-driver.txt" 2>&1 &
wait "$QPID" || rc=$?
wait || true
rm -rf "$QMP_DIR"
boot_s=$(( $(date +%s) - b0 ))
[ "$rc" = 0 ] || { tail -20 "$OUT/console.txt" >&2; fail "qemu-system-aarch64 exited $rc after $boot_s s (124: timed out; out/aarch64-vm/console.txt)"; }
[ -f "$OUT/shared/test.log" ] || { tail -20 "$OUT/console.txt" >&2; fail "the guest left no test.log (out/aarch64-vm/console.txt)"; }
step "guest done in $boot_s s: $(grep -c '] PASS ' "$OUT/shared/test.log") checks passed, $(grep -c '] FAIL ' "$OUT/shared/test.log") failed in the guest"

step "verifying (Tests/VM/verify.py --a64)"
verify_rc=0
python3 Tests/VM/verify.py --a64 "$OUT/shared" --reference "$OUT/reference" \
  --summary "$OUT/summary.txt" --stats "$OUT/statistics.txt" > "$OUT/verify.txt" || verify_rc=$?
grep -E '^FAIL' "$OUT/summary.txt" | sed 's/^/  /' || true
echo "aarch64-vm-test: $(grep -c '^PASS' "$OUT/summary.txt") checks passed, $(grep -c '^FAIL' "$OUT/summary.txt" || true) failed"
sed 's/^/  /' "$OUT/shared/startup-time.txt" 2> /dev/null || true
echo "  kiosk memory in the guest (800x480, DRM): $(tr -s ' \n' ' ' < "$OUT/shared/a64-memory.txt" 2> /dev/null)"
sed 's/^/  /' "$OUT/statistics.txt" 2> /dev/null || true
[ "$verify_rc" = 0 ] || { grep -B2 -A30 'stderr:' "$OUT/shared/test.log" | tail -40 >&2; fail "see out/aarch64-vm/summary.txt and out/aarch64-vm/shared/test.log"; }
step "PASSED"
