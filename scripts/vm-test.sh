#!/usr/bin/env bash
# The real end-to-end test (issue 4): boots a QEMU guest (TCG is enough) with a virtio-gpu
# display, runs the release kiosk there on real DRM/KMS with a uinput touchscreen driven
# through libinput, and checks its events, the scanout's pixels, SIGTERM restoring the
# console, and touchscreen unplug/re-plug. See Tests/VM/README.md.
#
#   scripts/vm-test.sh [exec] [systemd] [fb] [wl]
#       build, set up the VM (apt packages when missing: needs root), boot once per mode
#       (default all four), verify; exit 0 only if every check passed.
#       exec:    Tests/VM/guest.sh, two kiosk runs (rotation 0 atomic with touchscreen
#                hot-plug, unplug and re-plug; rotation 90 --legacy), SIGTERM restore, then the
#                real-device unit tests (HardwareTests) with the host's test binary
#       systemd: Tests/VM/guest-systemd.sh: systemd/swiftkiosk.service as shipped, installed in
#                the guest by scripts/install.sh (logind session, Type=notify, hardening), a VT
#                switch, a drag, the socket, kill -9 and SIGSTOP restarts, reload, uninstall
#       fb:      Tests/VM/guest-fb.sh on QEMU's cirrus-vga (a 16 bpp DRM card): DRM at RGB565, the
#                framebuffer backend on its fbdev emulation (/dev/fb0) and on vfb at 32 and 16 bpp
#       wl:      Tests/VM/guest-wayland.sh: Weston 10 on DRM (pixman, kiosk-shell) as root on VT 7,
#                `kiosk run --backend wayland` its client, a uinput touch through wl_touch
#
# Env: KIOSK_VM_HARNESS  the QEMU harness (default: shared/vm beside the clone, ../shared/vm)
#      VM_WORK           the harness' work dir: kernel, initramfs (default /tmp/kiosk-vm)
#      VM_TIMEOUT        seconds for the whole boot (default 300, the systemd boot 600); VM_ACCEL, VM_CPUS: see the harness
#      KIOSK_VM_SKIP_BUILD=1   use the existing .build/release/kiosk
# Results: out/vm/summary.txt (every check), out/vm/statistics.txt (the kiosk's copy and
# latency lines), out/vm/{exec,systemd,fb,wl}/shared/out/ (guest log, kiosk stderr and events,
# screendumps .ppm/.png), out/vm/reference/ (headless renders of the same touches).
set -euo pipefail
cd "$(dirname "$0")/.."
REPO=$PWD
source scripts/env.sh
T0=$(date +%s)
export PYTHONDONTWRITEBYTECODE=1
fail() { echo "vm-test: FAILED: $*" >&2; exit 1; }
step() { echo "vm-test: [$(( $(date +%s) - T0 )) s] $*"; }

BOOTS=()
for a in "$@"; do
  case $a in exec|systemd|fb|wl) BOOTS+=("$a") ;; *) echo "usage: scripts/vm-test.sh [exec] [systemd] [fb] [wl]" >&2; exit 2 ;; esac
done
[ ${#BOOTS[@]} -gt 0 ] || BOOTS=(exec systemd fb wl)

VM=${KIOSK_VM_HARNESS:-$REPO/../shared/vm}
[ -x "$VM/boot-vm.sh" ] || fail "no QEMU harness at $VM (expected shared/vm beside the clone; or set KIOSK_VM_HARNESS)"
VM=$(cd "$VM" && pwd)
export VM_WORK=${VM_WORK:-/tmp/kiosk-vm}
[ "$(id -u)" = 0 ] || echo "vm-test: warning: not root; the harness shares / over 9p as the qemu user and installs packages with apt" >&2

OUTDIR=$REPO/out/vm
VMT=$REPO/Tests/VM
KIOSK=$REPO/.build/release/kiosk

if [ "${KIOSK_VM_SKIP_BUILD:-0}" != 1 ]; then
  step "building the release kiosk"
  scripts/install-deps.sh
  swift build -c release --product kiosk
  # The exec boot runs HardwareTests on the guest's card with the host's test binary (after
  # scripts/test.sh it is built already: nothing to do).
  step "building the tests (the exec boot runs the real-device suite)"
  swift build --build-tests
fi
[ -x "$KIOSK" ] || fail "no $KIOSK"
KIOSK=$(realpath "$KIOSK")   # .build/release is a symlink; the guest sees the same path
TESTS=$(realpath "$(swift build --show-bin-path)/SwiftKioskPackageTests.xctest")
[ -x "$TESTS" ] || fail "no $TESTS (swift build --build-tests)"

step "setting up the VM ($VM/setup.sh, VM_WORK=$VM_WORK)"
"$VM/setup.sh" || fail "the VM harness' setup failed (qemu, kernel, initramfs): the VM test cannot run here"
qemu-system-x86_64 --version > /dev/null || fail "qemu-system-x86_64 does not run"
# The wl boot's compositor runs in the guest from the host's root: install it here.
if [[ " ${BOOTS[*]} " == *" wl "* ]] && ! dpkg-query -W -f='${Status}' weston 2>/dev/null | grep -q "install ok installed"; then
  step "installing weston (the wl boot's compositor)"
  apt-get -o DPkg::Lock::Timeout=600 update -qq
  DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends weston >/dev/null ||
    fail "cannot install weston for the wl boot"
fi

rm -rf "$OUTDIR"
mkdir -p "$OUTDIR"
python3 "$VMT/scenario.py" check-touch-scripts || fail "Tests/VM/touch/ is stale: run Tests/VM/scenario.py write-touch-scripts"
step "headless reference renders (out/vm/reference)"
python3 "$VMT/scenario.py" reference "$KIOSK" "$OUTDIR/reference" || fail "headless reference renders"

boot_rc=0
VERIFY_ARGS=()
for boot in "${BOOTS[@]}"; do
  # The fb boot is an exec-mode boot on cirrus-vga; video= gives its connector (and fbcon) 800x480.
  # Empty VM_GPU / VM_KARGS: the harness' defaults (virtio-gpu at VM_W x VM_H).
  gpu= kargs= mode=$boot vm_timeout=${VM_TIMEOUT:-300}
  case $boot in
    exec) script=$VMT/guest.sh units= ;;
    # the guest installs the units (scripts/install.sh); an idle minute and three restarts
    systemd) script=$VMT/guest-systemd.sh units= vm_timeout=${VM_TIMEOUT:-600} ;;
    fb) script=$VMT/guest-fb.sh units= mode=exec gpu=cirrus-vga kargs=video=VGA-1:800x480 ;;
    wl) script=$VMT/guest-wayland.sh units= mode=exec ;;
  esac
  step "booting the guest ($boot boot, ${script#"$REPO"/})"
  rc=0
  KIOSK=$KIOSK TESTS=$TESTS VMT=$VMT VM_GUEST_ENV="KIOSK TESTS VMT" VM_RUN=$OUTDIR/$boot VM_UNITS=$units VM_W=800 VM_H=480 \
    VM_GPU=$gpu VM_KARGS=$kargs \
    VM_TIMEOUT=$vm_timeout "$VM/boot-vm.sh" "$mode" "$script" || rc=$?
  [ $rc = 0 ] || boot_rc=$rc
  [ -f "$OUTDIR/$boot/shared/out/test.log" ] ||
    fail "the $boot guest left no test.log (boot-vm.sh exit $rc): see out/vm/$boot/shared/out/console.txt"
  VERIFY_ARGS+=("--$boot" "$OUTDIR/$boot/shared/out")
done
T_BOOT=$(( $(date +%s) - T0 ))

step "verifying (Tests/VM/verify.py)"
verify_rc=0
python3 "$VMT/verify.py" "${VERIFY_ARGS[@]}" --reference "$OUTDIR/reference" \
  --summary "$OUTDIR/summary.txt" --stats "$OUTDIR/statistics.txt" || verify_rc=$?

step "pixels with the harness' check-screen.py"
screen_rc=0
for boot in "${BOOTS[@]}"; do
  for run in $(python3 "$VMT/scenario.py" screendump-runs "$boot"); do
    f=$OUTDIR/$boot/shared/out/$run-drag1.ppm
    if [ -s "$f" ]; then
      # shellcheck disable=SC2046
      python3 "$VM/check-screen.py" "$f" $(python3 "$VMT/scenario.py" check-screen-args "$run" drag1) --tol 12 \
        | sed "s/^/  $run-drag1: /" || screen_rc=1
    else
      echo "  $run-drag1: no screendump"; screen_rc=1
    fi
  done
done

passed=$(grep -c '^PASS' "$OUTDIR/summary.txt" 2>/dev/null || true)
failed=$(grep -c '^FAIL' "$OUTDIR/summary.txt" 2>/dev/null || true)
echo
echo "vm-test: statistics from the kiosk's stderr (guest, TCG):"
sed 's/^/  /' "$OUTDIR/statistics.txt" 2>/dev/null || echo "  (none)"
if [ -f "$OUTDIR/systemd/shared/out/startup-time.txt" ]; then
  echo "vm-test: start-up time (systemd boot, TCG; Tests/VM/startup-time.sh):"
  sed 's/^/  /' "$OUTDIR/systemd/shared/out/startup-time.txt"
fi
echo "vm-test: boot-vm.sh exit $boot_rc, $passed checks passed, $failed failed, check-screen $([ $screen_rc = 0 ] && echo ok || echo FAILED);" \
     "boot done at ${T_BOOT} s, total $(( $(date +%s) - T0 )) s"
echo "vm-test: results in ${OUTDIR#"$REPO"/}/ (summary.txt, statistics.txt, {exec,systemd,fb,wl}/shared/out/)"
if [ "$boot_rc" != 0 ] || [ "$verify_rc" != 0 ] || [ "$screen_rc" != 0 ]; then
  grep '^FAIL' "$OUTDIR/summary.txt" 2>/dev/null | sed 's/^/  /' || true
  fail "see out/vm/summary.txt and out/vm/*/shared/out/test.log"
fi
echo "vm-test: PASSED"
