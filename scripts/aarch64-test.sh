#!/usr/bin/env bash
# The aarch64 build against the x86-64 one, both made by scripts/cross-build.sh for Debian 13
# (same compiler, same libraries, same fonts, in the same build root): under qemu-user
# (qemu-aarch64-static, no binfmt needed) the aarch64 `kiosk` must print byte for byte what the
# x86-64 one prints for `kiosk check` of every config and fixture in the repository, and give
# the same events and the same PNG for the headless demo (config/demo.json with its touch
# script, at 800x480 and 1920x1080). Prints both binaries' sizes and the demo's peak RSS.
#
#   scripts/aarch64-test.sh          exit 0 only if every output is identical
# Results: out/aarch64-test/{x86_64,aarch64}/ (outputs), out/aarch64-test/summary.txt.
# Root only; about 8 minutes the first time on 2 cores (two release builds), then 2–3.
set -euo pipefail
cd "$(dirname "$0")/.."
REPO=$PWD
T0=$(date +%s)
step() { echo "aarch64-test: [$(( $(date +%s) - T0 )) s] $*"; }
fail() { echo "aarch64-test: FAILED: $*" >&2; exit 1; }
[ "$(id -u)" = 0 ] || fail "run as root (it makes and enters a chroot)"

step "building both (scripts/cross-build.sh x86_64, aarch64)"
scripts/cross-build.sh x86_64
scripts/cross-build.sh aarch64

source scripts/debian13.sh
d13_enter_build_root
OUT=$REPO/out/aarch64-test
rm -rf "$OUT"; mkdir -p "$OUT"
# The inputs, and both binaries, where the root sees them; each runs in the same folder with
# the same relative paths, so file names in messages match too.
work=$D13_ROOT/build/compare
d13_copy_source "$REPO" "$work"
install -m 0755 "$REPO/out/debian13/x86_64/kiosk" "$work/kiosk-x86_64"
install -m 0755 "$REPO/out/debian13/aarch64/kiosk" "$work/kiosk-aarch64"
mapfile -t configs < <(cd "$work" && find config Tests Examples -name '*.json' -not -path '*/.build/*' -not -path '*/Fuzz/*' | sort)

# run ARCH NAME ARGS...: one kiosk invocation, its stdout, stderr and exit status in
# result/NAME.{out,err,rc}; the peak RSS of the process (qemu's own included) in NAME.rss (KiB).
# result is a link to out/ARCH, so both builds see (and print) the same paths.
cat > "$work/run.py" <<'EOF'
import resource, subprocess, sys
arch, name, args = sys.argv[1], sys.argv[2], sys.argv[3:]
cmd = (["./kiosk-x86_64"] if arch == "x86_64" else ["qemu-aarch64-static", "./kiosk-aarch64"]) + args
with open(f"result/{name}.out", "wb") as out, open(f"result/{name}.err", "wb") as err:
    rc = subprocess.run(cmd, stdout=out, stderr=err, stdin=subprocess.DEVNULL).returncode
open(f"result/{name}.rc", "w").write(f"{rc}\n")
open(f"result/{name}.rss", "w").write(f"{resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss}\n")
EOF
{
  for f in "${configs[@]}"; do printf 'check-%s check %s\n' "${f//\//_}" "$f"; done
  for size in 800x480 1920x1080; do
    # demo-touches.jsonl is in 800x480 panel pixels; at 1920x1080 the same touches land on
    # other places of the scaled scene, which still gives events and pixels to compare.
    echo "demo-$size run --backend headless --config config/demo.json --input config/demo-touches.jsonl --size $size" \
         "--screenshot result/demo-$size.png --events result/demo-$size.jsonl"
  done
} > "$work/cases.txt"

for arch in x86_64 aarch64; do
  step "running $(wc -l < "$work/cases.txt") cases with the $arch build$([ $arch = aarch64 ] && echo ' under qemu-user')"
  a0=$(date +%s)
  d13_run "$D13_ROOT" "cd /build/compare && mkdir -p out/$arch && ln -sfn out/$arch result && while read -r name args; do
      python3 run.py $arch \"\$name\" \$args || exit 1; done < cases.txt" ||
    fail "the $arch runs did not complete"
  echo "$arch $(( $(date +%s) - a0 ))" >> "$OUT/times.txt"
  cp -r "$work/out/$arch" "$OUT/"
done

step "comparing"
differ=0 same=0
for f in "$OUT"/x86_64/*; do
  name=$(basename "$f")
  case $name in *.rss) continue ;; esac
  if cmp -s "$f" "$OUT/aarch64/$name"; then same=$((same + 1)); else
    differ=$((differ + 1)); echo "  differs: $name"; diff "$f" "$OUT/aarch64/$name" 2> /dev/null | head -5 | sed 's/^/    /' || true
  fi
done
events=$(wc -l < "$OUT/x86_64/demo-800x480.jsonl")
[ "$events" -gt 10 ] || fail "the demo gave only $events events (expected the whole demo script's)"
grep -qx 0 "$OUT/x86_64/check-config_demo.json.rc" || fail "kiosk check config/demo.json did not pass"
kib() { awk '{printf "%.1f MiB", $1 / 1024}' "$1"; }
{
  echo "aarch64-test: $same outputs identical, $differ differ (${#configs[@]} configs checked, the demo at 800x480 and 1920x1080: $events events, PNGs)"
  echo "  binaries (static Swift runtime, Debian 13): x86_64 $(stat -c %s "$REPO/out/debian13/x86_64/kiosk") bytes," \
       "aarch64 $(stat -c %s "$REPO/out/debian13/aarch64/kiosk") bytes"
  echo "  demo peak RSS: x86_64 $(kib "$OUT/x86_64/demo-800x480.rss") at 800x480, $(kib "$OUT/x86_64/demo-1920x1080.rss") at 1920x1080;" \
       "aarch64 under qemu-user (qemu's own memory included) $(kib "$OUT/aarch64/demo-800x480.rss"), $(kib "$OUT/aarch64/demo-1920x1080.rss")"
  echo "  run times: $(awk '{printf "%s %d s  ", $1, $2}' "$OUT/times.txt")"
} | tee "$OUT/summary.txt"
[ "$differ" = 0 ] || fail "$differ outputs differ between x86_64 and aarch64 (out/aarch64-test/)"
step "PASSED"
