#!/usr/bin/env bash
# Peak memory of a headless kiosk (issue 12): resident set at its peak, split into anonymous
# memory (heap, pixel buffers: what the kiosk really costs) and file pages (libraries and
# fonts, shared with every other process that maps them and dropped by the kernel under
# pressure), at 1920x1080 and 800x480, on
#   demo    config/demo.json playing config/demo-touches.jsonl (scaled to the size): popups,
#           a popup over a popup, the panel, slide and flip transitions;
#   anchor  config/bench-anchor.json with its popup and then its panel opened and dismissed
#           over the control socket.
# The runs use the real clock (a virtual-clock run is over in milliseconds, too fast to
# sample), so the whole script takes about 26 s. It prints numbers and never judges them, but
# fails (exit 1) when a run crashes, hangs (30 s past its end) or leaves a figure missing.
#   scripts/memory-bench.sh            builds the kiosk as it is installed first (release, the
#                                      Swift runtime linked in: scripts/install.sh's build), so
#                                      the file pages are a device's, not the toolchain's libraries
#   KIOSK=path scripts/memory-bench.sh uses that binary
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -z "${KIOSK:-}" ]; then
  source scripts/env.sh
  swift build -c release --product kiosk --static-swift-stdlib --scratch-path .build/install 2>&1 | grep -E "error:" || true
  KIOSK=.build/install/release/kiosk
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 - "$KIOSK" "$work" <<'PY'
import json, os, subprocess, sys, time
kiosk, work = sys.argv[1], sys.argv[2]

def status(pid):
    d = {}
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                k, _, v = line.partition(":")
                if k in ("VmRSS", "VmHWM", "RssAnon", "RssFile"):
                    d[k] = int(v.split()[0])
    except (FileNotFoundError, ProcessLookupError):
        pass
    return d

def run(args, until_ms, actions=()):
    """Runs kiosk, samples /proc every 5 ms; returns peak RSS with its split, the highest
    anonymous figure, the one after start-up (before anything is touched) and the one near
    the end, with everything dismissed (before the exit frees the buffers)."""
    p = subprocess.Popen([kiosk, "run", "--backend", "headless", "--clock", "real", "--until", str(until_ms),
                          "--events", "/dev/null"] + args, stderr=subprocess.DEVNULL, stdout=subprocess.DEVNULL)
    start, peak, max_anon, idle, settled, last = time.monotonic(), {}, 0, None, 0, {}
    pending = sorted(actions)
    while p.poll() is None:
        if time.monotonic() - start > until_ms / 1000 + 30:
            p.kill(); p.wait()
            raise RunFailure("hung: still running 30 s after --until %d" % until_ms)
        s = status(p.pid)
        if s.get("VmRSS"):
            last = s
            if s["VmRSS"] >= peak.get("VmRSS", 0): peak = s
            max_anon = max(max_anon, s["RssAnon"])
        t = (time.monotonic() - start) * 1000
        if idle is None and t > 300 and s: idle = s["RssAnon"]
        if t < until_ms - 250 and s.get("RssAnon"): settled = s["RssAnon"]
        while pending and pending[0][0] <= t:
            subprocess.run([kiosk, "ctl", "--socket", f"{work}/sock"] + pending.pop(0)[1],
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(0.005)
    if p.returncode != 0:
        raise RunFailure("exit status %d" % p.returncode)
    if not peak or idle is None or not settled:
        raise RunFailure("no figure sampled (the run was over before it could be measured)")
    return peak, max_anon, idle, settled, last

class RunFailure(Exception):
    pass

def scaled_touches(size):
    """config/demo-touches.jsonl is in 800x480 screen pixels; the scene is scaled uniformly
    and centred on other sizes (SceneScaling), and so are the touches here."""
    w, h = map(int, size.split("x"))
    k = min(w / 800, h / 480)
    ox, oy = (w - 800 * k) / 2, (h - 480 * k) / 2
    out = f"{work}/touches-{size}.jsonl"
    with open("config/demo-touches.jsonl") as src, open(out, "w") as dst:
        for line in src:
            e = json.loads(line)
            if "x" in e: e["x"], e["y"] = round(ox + e["x"] * k, 1), round(oy + e["y"] * k, 1)
            dst.write(json.dumps(e) + "\n")
    return out

mb = lambda kb: "%6.1f" % (kb / 1024)
failed = []
print("== peak memory, headless, MiB (anon: heap and pixel buffers; file: libraries and fonts, shared)")
print("%-7s %-10s %6s %6s %6s  %9s %9s %9s" % ("config", "size", "peak", "anon", "file", "max anon", "idle anon", "end anon"))
for size in ("1920x1080", "800x480"):
    cases = [
        ("demo", ["--config", "config/demo.json", "--size", size, "--input", scaled_touches(size)], 9200, ()),
        ("anchor", ["--config", "config/bench-anchor.json", "--size", size, "--socket", f"{work}/sock"], 3200,
         ((500, ["show-popup", "confirm"]), (1200, ["dismiss"]), (1800, ["show-panel", "filters"]), (2500, ["dismiss"]))),
    ]
    for name, args, until, actions in cases:
        try:
            peak, max_anon, idle, settled, last = run(args, until, actions)
        except RunFailure as failure:
            print("%-7s %-10s FAILED: %s" % (name, size, failure)); failed.append(f"{name} {size}"); continue
        print("%-7s %-10s %s %s %s  %9s %9s %9s" % (name, size, mb(last.get("VmHWM", peak["VmRSS"])), mb(peak["RssAnon"]),
              mb(peak["RssFile"]), mb(max_anon).strip(), mb(idle or 0).strip(), mb(settled).strip()))
w, h = 1920, 1080
print("   (MiB; a 1920x1080 frame is %.1f; peak is VmHWM, anon/file at the highest sample, idle after" % (w * h * 4 / 1048576))
print("    start-up, end with everything dismissed; real clock, so a few tenths vary from run to run)")
if failed:
    sys.exit("memory-bench: failed: " + ", ".join(failed))
PY
