#!/usr/bin/env bash
# The frame benchmark (issue 12's table): a release build of kiosk, then `kiosk bench --scene
# anchor` (five labels, a range slider, an arc slider, a popup over a 30 % dim) at 1920x1080 and
# 800x480, every case as a ratio to the memcpy floor measured in the same run, then peak memory
# (scripts/memory-bench.sh) and the start-up time (exec to the first frame:
# scripts/startup-bench.sh). It prints numbers and never judges them (wall-clock times on
# shared machines vary by tens of percent), but a crash, a hang or a missing figure in any of
# the three fails it.
#   scripts/bench.sh              the table, memory, start-up
#   scripts/bench.sh --costs      plus the top functions by instruction count per case
#                                 (valgrind --tool=callgrind; instruction counts are stable
#                                 where times are not)
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh
swift build -c release --product kiosk 2>&1 | grep -E "error:|Compiling|complete" | tail -1
.build/release/kiosk bench --scene anchor --iterations 300
# The language switch (issue 22): the demo between English and Arabic, every text laid out again.
.build/release/kiosk bench --config config/demo.json --only language --iterations 300
# Peak memory of headless runs at both sizes (about 26 s, real clock): scripts/memory-bench.sh.
# Of the binary as installed (static Swift runtime): memory-bench.sh builds it.
scripts/memory-bench.sh
# Start-up: exec to the first frame, median of 11 runs (a few seconds; scripts/startup-bench.sh).
scripts/startup-bench.sh --runs 11
[ "${1:-}" = "--costs" ] || exit 0
command -v valgrind >/dev/null || { echo "bench.sh: --costs needs valgrind (apt-get install valgrind)"; exit 0; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# valgrind 3.19 cannot read the DWARF 5 of Swift binaries: symbols only.
cp .build/release/kiosk "$work/kiosk" && strip --strip-debug "$work/kiosk"
for c in overlay full range circular text panel photo; do
  for n in 10 60; do
    valgrind --tool=callgrind --callgrind-out-file="$work/$c.$n" "$work/kiosk" bench --scene anchor --only "$c" \
      --size 1920x1080 --sizes-only --iterations "$n" >/dev/null 2>&1 || true
  done
  echo "== $c 1920x1080: instructions per frame (runs of 20 and 70 frames subtracted)"
  python3 - "$work/$c.10" "$work/$c.60" 50 <<'PY' || true
import sys, subprocess, re, collections
def load(f):
    out = subprocess.run(['callgrind_annotate', '--threshold=100', f], capture_output=True, text=True).stdout
    d, total = collections.Counter(), 0
    for line in out.splitlines():
        m = re.match(r'\s*([\d,]+)\s+\([^)]*\)\s+(.*)', line)
        if not m: continue
        n, name = int(m.group(1).replace(',', '')), m.group(2)
        if 'PROGRAM TOTALS' in name: total = n; continue
        name = re.sub(r'^\./[^:]*:|^\?\?\?:', '', name)
        d[re.sub(r'\[(/[^\]]*/)?([^\]/]*?)(\.so[^\]]*)?\]', r'[\2]', name)] += n
    return d, total
(a, ta), (b, tb), n = load(sys.argv[1]), load(sys.argv[2]), int(sys.argv[3])
per = (tb - ta) / n
print("  %d per frame" % per)
for k, v in sorted(((k, (b[k] - a[k]) / n) for k in b), key=lambda x: -x[1])[:8]:
    print("  %10d  %5.1f%%  %s" % (v, 100 * v / max(1, per), k[:110]))
PY
done
