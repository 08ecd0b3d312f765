#!/usr/bin/env python3
"""Checks the results of a VM test boot (what guest.sh left in $VM_OUT), stdlib only.

  verify.py [--exec RESULTS] [--systemd RESULTS] [--fb RESULTS] [--wl RESULTS] [--a64 RESULTS] [--reference DIR] [--summary FILE] [--stats FILE]
      every host-side check of the runs of each boot (scenario.RUNS): events (values, counts, order), pixel probes of each
      screendump, the scanout against the headless render of the same touches, the
      display after the kiosk exited against the one before it started, the guest's own
      PASS/FAIL lines, and the kiosk's statistics lines. Exit 0 if all passed.
  verify.py --probe RUN SHOT FILE.ppm|FILE.fb
      only the pixel probes of one screendump (or framebuffer dump) (the guest polls with it until the frame
      it waits for is on screen); exit 0 if they all match, prints nothing but failures.
  verify.py --check-reference DIR
      the probes against the headless renders (are the probes themselves right?).
"""
import json
import os
import re
import sys

sys.dont_write_bytecode = True     # no __pycache__ in the clone (or the guest's overlay)
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import images  # noqa: E402
import scenario as sc  # noqa: E402

# A frame compared with another: pixels whose largest channel difference exceeds PIXEL_TOL.
PIXEL_TOL = 16
SAME_AS_REFERENCE = 0.002     # at most 0.2 % of the pixels may differ from the headless render
SAME_AS_CONSOLE = 0.001       # the console before vs after (a blinking cursor is 16 pixels)
DIFFERENT_FRAME = 0.3         # the kiosk's frame vs the console: most pixels differ
# Input-to-flip latency in the guest is 10-70 ms under TCG (237 ms once, after a VT switch);
# seconds mean a measurement that paired an input with some later, unrelated flip.
LATENCY_WORST_MAX_MS = 2000

# "copy mean X ms, longest Y ms" (Documentation/Contracts.md) or "copy median X ms" (the brief)
STATS_FRAMES = re.compile(r"^kiosk: frames (\d+), copied (\d+) bytes of (\d+) full-frame bytes "
                          r"\(([\d.]+) ?%\), copy (median|mean) [\d.]+ ms(, longest [\d.]+ ms)?$")
STATS_LOOP = re.compile(r"^kiosk: event loop: (\d+) wake-ups in (\d+) epoll_wait calls over ([\d.]+) s$")
STATS_LATENCY = re.compile(r"^kiosk: input-to-flip latency median ([\d.]+) ms, worst ([\d.]+) ms "
                           r"\(n = (\d+)\)$")


class Report:
    def __init__(self):
        self.lines, self.failed = [], 0

    def check(self, ok, what, detail=""):
        self.lines.append(f"{'PASS' if ok else 'FAIL'} {what}{': ' + detail if detail else ''}")
        print(self.lines[-1], flush=True)
        if not ok:
            self.failed += 1
        return ok

    def note(self, text):
        self.lines.append(text)
        print(text, flush=True)


def shots_of(run):
    return ["initial", *sc.RUNS[run]["drags"]]


def run_probes(run, shot, img):
    results = []
    for desc, px, py, kind, arg in sc.probe_pixels(run, shot):
        rgb = img.pixel(px, py)
        ok = sc.probe_ok(kind, arg, rgb)
        want = f"#{arg}±{sc.TOL['rgb']}" if kind == "rgb" else kind
        results.append((ok, f"{desc} at ({px},{py})", f"want {want}, got #{bytes(rgb).hex()}"))
    return results


# ---------------------------------------------------------------- events

def read_events(path, report, label):
    events = []
    if not os.path.exists(path):
        report.check(False, f"{label}: events file exists", path)
        return events
    for n, line in enumerate(open(path), 1):
        if not line.strip():
            continue
        try:
            ev = json.loads(line)
            assert isinstance(ev.get("t"), (int, float)) and ev["t"] >= 0, "t"
            assert isinstance(ev.get("source"), str) and isinstance(ev.get("event"), str), "source/event"
            events.append(ev)
        except (ValueError, AssertionError) as e:
            report.check(False, f"{label}: line {n} is an event", f"{e}: {line.strip()[:120]}")
    return events


def check_events(results, run, report):
    spec = sc.RUNS[run]
    events = read_events(os.path.join(results, f"{run}-events.jsonl"), report, run)
    ts = [e["t"] for e in events]
    report.check(ts == sorted(ts), f"{run}: event times never decrease", f"{len(events)} events")
    start = 0
    for drag in spec["drags"]:
        snap = os.path.join(results, f"{run}-events-{drag}.jsonl")
        end = len(read_events(snap, report, f"{run} {drag}")) if os.path.exists(snap) else len(events)
        chunk = events[start:end]
        start = end
        want = sc.expected_values(run, drag)
        for ctl in sc.committed_per_drag(run, drag):
            mine = [e for e in chunk if e["source"] == ctl]
            commits = [e for e in mine if e["event"] == "valueCommitted"]
            changes = [e for e in mine if e["event"] == "valueChanged"]
            label = f"{run} {drag}: {ctl}"
            report.check(len(changes) >= 1, f"{label} valueChanged while dragging", f"{len(changes)} events")
            if not report.check(len(commits) == 1, f"{label} one valueCommitted", f"{len(commits)}"):
                continue
            got = commits[0].get("value", {})
            if ctl == "range":
                ok = all(isinstance(got.get(k), (int, float)) and abs(got[k] - want["range"][k]) <= sc.VALUE_TOL
                         for k in ("lower", "upper"))
                report.check(ok, f"{label} committed value", f"want lower={want['range']['lower']:g} "
                             f"upper={want['range']['upper']:g} ±{sc.VALUE_TOL}, got {json.dumps(got)}")
            else:
                a = got.get("angle")
                ok = isinstance(a, (int, float)) and min(abs(a - want["dial"]["angle"]),
                                                         360 - abs(a - want["dial"]["angle"])) <= sc.ANGLE_TOL
                report.check(ok, f"{label} committed value", f"want angle={want['dial']['angle']} "
                             f"±{sc.ANGLE_TOL}, got {json.dumps(got)}")
            if changes and commits:
                report.check(changes[-1]["t"] <= commits[0]["t"], f"{label} changes come before the commit")
        others = [e for e in chunk if e["source"] not in ("range", "dial")]
        report.check(not others, f"{run} {drag}: no events from other sources",
                     ", ".join(json.dumps(e) for e in others[:3]))


# ---------------------------------------------------------------- pixels

def load(path, report, label):
    try:
        return images.read_image(path)
    except (OSError, ValueError) as e:
        report.check(False, f"{label}: readable", str(e))
        return None


def check_pixels(results, run, reference, report):
    for shot in sc.RUNS[run].get("extra", {}):
        img = load(os.path.join(results, sc.shot_file(run, shot)), report, sc.shot_file(run, shot))
        for ok, what, detail in run_probes(run, shot, img) if img else []:
            report.check(ok, f"{run} {shot}: {what}", detail)
    last = None
    for shot in shots_of(run):
        path = os.path.join(results, sc.shot_file(run, shot))
        img = load(path, report, sc.shot_file(run, shot))
        if img is None:
            continue
        report.check((img.width, img.height) == (sc.PANEL_W, sc.PANEL_H), f"{run} {shot}: screendump size",
                     f"{img.width}x{img.height}")
        for ok, what, detail in run_probes(run, shot, img):
            report.check(ok, f"{run} {shot}: {what}", detail)
        if reference:
            ref = load(os.path.join(reference, f"{run}-{shot}.png"), report, f"reference {run}-{shot}.png")
            if ref:
                n, frac, worst = images.compare(img, ref, PIXEL_TOL)
                report.check(frac <= SAME_AS_REFERENCE, f"{run} {shot}: scanout equals the headless render",
                             f"{n} pixels ({frac:.3%}) differ by more than {PIXEL_TOL}, largest difference {worst}")
        last = img
    restored = load(os.path.join(results, sc.shot_file(run, "restored")), report, sc.shot_file(run, "restored"))
    fb = sc.capture_of(run) == "fb"
    if restored and not fb:
        for ok, what, detail in run_probes(run, "restored", restored):
            report.check(ok, f"{run} restored: {what}", detail)
    if sc.RUNS[run]["boot"] == "systemd":
        return   # under logind the card's last close (logind's) restores fbcon anyway: probes only
    # What the screen showed before the kiosk: the console, or (vfb) the page the guest filled.
    before = f"{run}-before.fb" if fb else "console-before.ppm"
    console = load(os.path.join(results, before), report, before)
    if console and restored:
        n, frac, worst = images.compare(restored, console, PIXEL_TOL)
        report.check(frac <= SAME_AS_CONSOLE, f"{run}: after SIGTERM the screen is " +
                     ("what it was before" if fb else "the console again"),
                     f"{n} pixels ({frac:.3%}) differ from {before}, taken before the kiosk started")
        if last:
            n, frac, _ = images.compare(restored, last, PIXEL_TOL)
            report.check(frac >= DIFFERENT_FRAME, f"{run}: after SIGTERM the kiosk's frame is gone",
                         f"{frac:.1%} of the pixels differ from its last frame")


# ---------------------------------------------------------------- guest lines, statistics

def check_guest(results, report, boot):
    log = os.path.join(results, "test.log")
    if not os.path.exists(log):
        report.check(False, f"{boot} guest: test.log exists")
        return
    lines = open(log, errors="replace").read().splitlines()
    passed = [l for l in lines if re.search(r"\] PASS ", l)]
    failed = [l for l in lines if re.search(r"\] FAIL ", l)]
    for l in failed:
        report.check(False, f"{boot} guest: " + l.split("] FAIL ", 1)[1])
    report.check(passed and not failed, f"{boot} guest: its own checks",
                 f"{len(passed)} passed, {len(failed)} failed (test.log)")
    rcfile = os.path.join(results, "guest.rc")
    rc = open(rcfile).read().strip() if os.path.exists(rcfile) else "missing"
    report.check(rc == "0", f"{boot} guest: script exit status", rc)


def check_stats(results, run, report, stats_out):
    path = os.path.join(results, f"{run}-stderr.txt")
    lines = open(path, errors="replace").read().splitlines() if os.path.exists(path) else []
    frames = [m for m in map(STATS_FRAMES.match, lines) if m]
    latency = [m for m in map(STATS_LATENCY.match, lines) if m]
    loop = [m for m in map(STATS_LOOP.match, lines) if m]
    drm = [l for l in lines if l.startswith(("kiosk: drm ", "kiosk: fbdev ", "kiosk: wayland "))]
    if report.check(len(frames) == 1, f"{run}: frame/copy statistics line on stderr"):
        f = frames[0]
        copied, full = int(f.group(2)), int(f.group(3))
        report.check(0 < copied < full, f"{run}: only damaged areas are copied",
                     f"{copied} of {full} full-frame bytes ({f.group(4)} %)")
    if report.check(len(latency) == 1, f"{run}: input-to-flip latency line on stderr"):
        median, worst, n = float(latency[0].group(1)), float(latency[0].group(2)), int(latency[0].group(3))
        report.check(n >= 1, f"{run}: latency measured for some input", f"n = {n}")
        report.check(median <= worst <= LATENCY_WORST_MAX_MS, f"{run}: worst input-to-flip latency is plausible",
                     f"median {median:g} ms, worst {worst:g} ms (at most {LATENCY_WORST_MAX_MS} ms: more means an "
                     "input was paired with a later, unrelated flip, e.g. a lift that changed no pixels)")
    if report.check(len(loop) == 1, f"{run}: event-loop wake-up line on stderr"):
        wakeups, calls = int(loop[0].group(1)), int(loop[0].group(2))
        report.check(calls <= 10 * wakeups + 100, f"{run}: no busy loop over the whole run",
                     f"{calls} epoll_wait calls for {wakeups} wake-ups (at most 10 per wake-up + 100)")
    spec = sc.RUNS[run]
    stats_out.append(f"{run} ({spec['boot']} boot, {spec['config']}, rotation {spec['rotation']}"
                     f"{', --legacy' if spec['legacy'] else ''}):")
    for l in drm + [m.group(0) for m in frames + latency + loop]:
        stats_out.append("  " + l)


# ---------------------------------------------------------------- main

def main(argv):
    if argv[:1] == ["--probe"] and len(argv) == 4:
        _, run, shot, path = argv
        try:
            img = images.read_image(path)
        except (OSError, ValueError) as e:
            print(f"probe: {e}")
            return 1
        bad = [r for r in run_probes(run, shot, img) if not r[0]]
        for _, what, detail in bad:
            print(f"probe {run} {shot}: {what}: {detail}")
        return 1 if bad else 0
    if argv[:1] == ["--check-reference"] and len(argv) == 2:
        report = Report()
        for run in sc.RUNS:
            for shot in shots_of(run):
                img = images.read_png(os.path.join(argv[1], f"{run}-{shot}.png"))
                for ok, what, detail in run_probes(run, shot, img):
                    report.check(ok, f"reference {run} {shot}: {what}", detail)
        return 1 if report.failed else 0
    if not argv or len(argv) % 2 or not ({"--exec", "--systemd", "--fb", "--wl", "--a64"} & set(argv[0::2])):
        print(__doc__)
        return 2
    opts = dict(zip(argv[0::2], argv[1::2]))
    report, stats = Report(), []
    for boot in ("exec", "systemd", "fb", "wl", "a64"):
        results = opts.get("--" + boot)
        if not results:
            continue
        check_guest(results, report, boot)
        for run in sc.runs_of(boot):
            check_events(results, run, report)
            check_pixels(results, run, opts.get("--reference"), report)
            check_stats(results, run, report, stats)
    report.note(f"verify: {report.failed} failed" if report.failed else "verify: all host checks passed")
    if "--summary" in opts:
        with open(opts["--summary"], "w") as f:
            f.write("\n".join(report.lines) + "\n")
    if "--stats" in opts:
        with open(opts["--stats"], "w") as f:
            f.write("\n".join(stats) + "\n")
    return 1 if report.failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
