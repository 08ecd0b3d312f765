#!/usr/bin/env python3
"""The VM test's scenario in one place: the two runs, their drags, what the kiosk must
report and where the pixels must be. Stdlib only; used on the host and in the guest.

Geometry comes from the documented formulas (Documentation/, DESIGN.md), not from the
program: range-slider knob centre x = frame.x + usable·(v − min)/(max − min) + knob/2
with knob = frame height and usable = width − knob; a knob drag changes the value by
Δx·(max − min)/usable; the circular slider's handle is at centre + r·(cos(−a), sin(−a))
with r = side/2 − 60·side/320, angles 0° at 3 o'clock counter-clockwise; rotation 90
shows screen point (x, y) at panel point (W − y, x) on a W-wide panel, and the touchscreen
reports panel coordinates.

  scenario.py write-touch-scripts      regenerate Tests/VM/touch/*.jsonl (committed)
  scenario.py check-touch-scripts      exit 1 if they differ from what the scenario gives
  scenario.py check-screen-args RUN SHOT   the flat-colour probes as check-screen.py arguments
  scenario.py show                     expected values and probes
  scenario.py runs exec|systemd|fb|wl  the runs of that boot
  scenario.py screendump-runs BOOT     those of them captured by QEMU screendump (PPM)
  scenario.py run-field RUN KEY        one setting of a run (backend, device, mode, config, …)
  scenario.py controls RUN DRAG        the controls that drag moves (each commits once)
  scenario.py reference KIOSK OUTDIR [RUN...]   headless renders of the same touches (for verify.py)
  scenario.py touch-text RUN DRAG      the touch script as "MS TYPE SLOT X Y" lines (Tests/VM/aarch64/touch.c)
"""
import json
import math
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
PANEL_W, PANEL_H = 800, 480          # the VM's virtio-gpu mode (boot-vm.sh VM_W x VM_H)
TOUCH_NAME = "kiosk-test-touchscreen"
VALUE_TOL = 0.5                      # range values (libinput positions are whole pixels here)
ANGLE_TOL = 1                        # whole degrees, floored by the kiosk

# Flat colours of the test configs (background from the config, the rest the default
# theme as the renderer paints it; measured once on a headless render).
BG = "102030"
KNOB_TOP = "dbdbdb"     # knob body 6 px below the frame's top: white under a 15 % dark gradient
TRACK = "e6e6e6"
ACCENT = "0073f0"
RING = "050507"

# The kiosk runs, by boot ("exec": guest.sh, "systemd": guest-systemd.sh). Each drag is a
# list of gestures played one after the other; a gesture is a list of fingers moving
# together in STEPS: (slot, control, start, end) with start/end a value (range knob:
# "range.lower"/"range.upper") or an angle (dial). "extra" are moments checked with probes
# only: "console" (the kiosk is not on screen) or "initial" (its untouched frame).
RUNS = {
    "r0": {
        "boot": "exec", "config": "landscape.json", "rotation": 0, "legacy": False,
        "drags": {
            # one finger at a time: lower knob 20 -> 45, then the dial 90 -> 225
            "drag1": [[(0, "range.lower", 20, 45)], [(0, "dial", 90, 225)]],
            # after the touchscreen was unplugged and plugged again: two fingers at once,
            # upper knob 80 -> 60 and the dial 225 -> 315
            "drag2": [[(0, "range.upper", 80, 60), (1, "dial", 225, 315)]],
        },
    },
    "r90": {
        "boot": "exec", "config": "portrait.json", "rotation": 90, "legacy": True,
        "drags": {
            "drag1": [[(0, "range.lower", 20, 45)], [(0, "dial", 90, 225)]],
        },
    },
    # systemd/swiftkiosk.service as installed by scripts/install.sh (logind session on VT 7, user kiosk); the
    # config's own rotation (0). A VT switch away and back before the drag.
    "sd": {
        "boot": "systemd", "config": "landscape.json", "rotation": 0, "legacy": False,
        "drags": {
            "drag1": [[(0, "range.lower", 20, 45)], [(0, "dial", 90, 225)]],
        },
        "extra": {"vt2": "console", "resumed": "initial"},
    },
    # The framebuffer boot (guest-fb.sh): QEMU's cirrus-vga at 800x480 (video=VGA-1:800x480),
    # a DRM driver that prefers 16 bpp and whose fbdev emulation (/dev/fb0) is 16 bpp RGB565
    # with one screen of memory; and vfb (/dev/fb1, "mode") at 32 and 16 bpp, which reports
    # XBGR8888 and BGR565 and lets the kiosk double the virtual height. vfb is not scanned out:
    # its pages are read from /dev/fb1 ("capture": "fb", Tests/VM/fbinfo.py dump).
    "cdrm": {
        "boot": "fb", "config": "landscape.json", "rotation": 0, "legacy": False, "backend": "drm",
        "drags": {"drag1": [[(0, "range.lower", 20, 45)], [(0, "dial", 90, 225)]]},
    },
    # cfb and v32 drag only the knob, so that their exit lines give the bytes a knob drag
    # copies per frame: (copied - full frames) / (frames - full frames), the first frame (and,
    # double-buffered, the second, into the other page) being whole.
    "cfb": {
        "boot": "fb", "config": "landscape.json", "rotation": 0, "legacy": False, "backend": "fbdev",
        "device": "/dev/fb0",
        "drags": {"drag1": [[(0, "range.lower", 20, 45)]]},
    },
    "v32": {
        "boot": "fb", "config": "landscape.json", "rotation": 0, "legacy": False, "backend": "fbdev",
        "device": "/dev/fb1", "mode": "800x480M-32@60", "capture": "fb",
        "drags": {"drag1": [[(0, "range.lower", 20, 45)]]},
    },
    "v16": {
        "boot": "fb", "config": "portrait.json", "rotation": 90, "legacy": False, "backend": "fbdev",
        "device": "/dev/fb1", "mode": "800x480M-16@60", "capture": "fb",
        "drags": {"drag1": [[(0, "range.lower", 20, 45)], [(0, "dial", 90, 225)]]},
    },
    # The Wayland boot (guest-wayland.sh): Weston 10 on DRM (virtio-gpu, pixman renderer,
    # kiosk-shell) as root on VT 7, the kiosk its client (--backend wayland). The uinput
    # touchscreen reaches the kiosk through Weston's seat as wl_touch; the screendump shows
    # Weston's composition. Only the knob, as cfb and v32: the exit lines give bytes per frame.
    "wl": {
        "boot": "wl", "config": "landscape.json", "rotation": 0, "legacy": False, "backend": "wayland",
        "drags": {"drag1": [[(0, "range.lower", 20, 45)]]},
    },
    # The aarch64 boot (scripts/aarch64-vm-test.sh, Tests/VM/aarch64/): the aarch64 kiosk built
    # for Debian 13 on Debian 13's arm64 kernel (qemu-system-aarch64, virt, TCG), virtio-gpu,
    # atomic; the touchscreen opened by path. Its reference is rendered by the x86-64 Debian 13
    # build (the same libraries as the guest's).
    "a64": {
        "boot": "a64", "config": "landscape.json", "rotation": 0, "legacy": False,
        "drags": {"drag1": [[(0, "range.lower", 20, 45)], [(0, "dial", 90, 225)]]},
    },
}


def capture_of(run):
    """How a run's screen is captured: "screendump" (QEMU's scanout, PPM) or "fb" (the
    framebuffer page read in the guest, fbinfo.py's .fb dump)."""
    return RUNS[run].get("capture", "screendump")


def shot_file(run, shot):
    return f"{run}-{shot}." + ("fb" if capture_of(run) == "fb" else "ppm")


def runs_of(boot):
    return [run for run, spec in RUNS.items() if spec["boot"] == boot]


def load_config(name):
    with open(os.path.join(HERE, name)) as f:
        cfg = json.load(f)
    controls = {c["id"]: c for c in cfg["screens"][0]["controls"]}
    return cfg, controls


class Range:
    def __init__(self, c):
        self.x, self.y, self.w, self.h = c["frame"]
        self.min, self.max = c.get("min", 0), c.get("max", 10)
        self.values = {"lower": c.get("lower", 2), "upper": c.get("upper", 8)}
        self.knob = self.h
        self.usable = self.w - self.knob

    def position(self, v):
        return self.x + self.usable * (v - self.min) / (self.max - self.min) + self.knob / 2

    def delta_x(self, v0, v1):
        return (v1 - v0) * self.usable / (self.max - self.min)

    @property
    def mid_y(self):
        return self.y + self.h / 2


class Dial:
    def __init__(self, c):
        self.x, self.y, self.w, self.h = c["frame"]
        self.angle = c.get("angle", 0)
        self.side = min(self.w, self.h)
        self.cx, self.cy = self.x + self.w / 2, self.y + self.h / 2
        self.r = self.side / 2 - 60 * self.side / 320

    def point(self, degrees, r=None):
        a = math.radians(degrees)
        r = self.r if r is None else r
        return (self.cx + r * math.cos(-a), self.cy + r * math.sin(-a))

    def angle_of(self, x, y):
        """What the kiosk computes for a touch at (x, y): floored whole degrees."""
        d = math.degrees(math.atan2(self.cy - y, x - self.cx))
        return int(math.floor(d + 360 if d < 0 else d)) % 360


def controls_of(run):
    _, c = load_config(RUNS[run]["config"])
    return Range(c["range"]), Dial(c["dial"])


def to_panel(run, x, y):
    """Screen (upright) coordinates -> panel coordinates (touch and framebuffer)."""
    rot = RUNS[run]["rotation"]
    if rot == 0:
        return x, y
    if rot == 90:
        return PANEL_W - y, x
    raise ValueError(rot)


# ---------------------------------------------------------------- touch scripts

STEPS = 9          # moves per drag
STEP_MS = 20
HOLD_MS = 100      # before the first move and before lifting


def finger_path(run, control, start, end):
    rng, dial = controls_of(run)
    if control.startswith("range."):
        x0 = rng.position(start)
        dx = rng.delta_x(start, end)
        return [(x0 + dx * i / STEPS, rng.mid_y) for i in range(STEPS + 1)]
    # the dial: along the handle's circle, start -> end counter-clockwise
    sweep = (end - start) % 360
    return [dial.point(start + sweep * i / STEPS) for i in range(STEPS + 1)]


def touch_script(run, drag):
    """JSON lines in panel coordinates, whole pixels (what the uinput device reports)."""
    lines, t = [], 0
    for fingers in RUNS[run]["drags"][drag]:
        paths = [(slot, finger_path(run, ctl, a, b)) for slot, ctl, a, b in fingers]
        for step in range(STEPS + 1):
            for slot, path in paths:
                px, py = to_panel(run, *path[step])
                kind = "down" if step == 0 else "move"
                lines.append({"t": t, "type": kind, "id": slot, "x": round(px), "y": round(py)})
            t += HOLD_MS if step == 0 else STEP_MS
        t += HOLD_MS - STEP_MS
        for slot, _ in paths:
            lines.append({"t": t, "type": "up", "id": slot})
        t += 300
    return lines


def touch_script_path(run, drag):
    return os.path.join(HERE, "touch", f"{run}-{drag}.jsonl")


def touch_script_text(run, drag):
    return "".join(json.dumps(ev) + "\n" for ev in touch_script(run, drag))


def check_touch_scripts():
    stale = [touch_script_path(run, drag) for run, spec in RUNS.items() for drag in spec["drags"]
             if not os.path.exists(touch_script_path(run, drag))
             or open(touch_script_path(run, drag)).read() != touch_script_text(run, drag)]
    for p in stale:
        print("scenario: stale or missing", p)
    return 1 if stale else 0


def write_touch_scripts():
    os.makedirs(os.path.join(HERE, "touch"), exist_ok=True)
    for run, spec in RUNS.items():
        for drag in spec["drags"]:
            with open(touch_script_path(run, drag), "w") as f:
                f.write(touch_script_text(run, drag))
            print("wrote", os.path.relpath(touch_script_path(run, drag)))


# ---------------------------------------------------------------- expected values

def expected_values(run, upto_drag):
    """Control values after the drags up to and including `upto_drag`, computed from the
    touch scripts as the uinput device plays them (whole panel pixels): range values from
    the sum of the x moves, the dial from the direction of its last touch."""
    rng, dial = controls_of(run)
    values = {"range": dict(rng.values), "dial": {"angle": dial.angle}}
    for drag in RUNS[run]["drags"]:
        for fingers in RUNS[run]["drags"][drag]:
            for slot, ctl, a, b in fingers:
                path = [to_screen(run, *to_panel_rounded(run, *p)) for p in finger_path(run, ctl, a, b)]
                if ctl.startswith("range."):
                    knob = ctl.split(".")[1]
                    dx = path[-1][0] - path[0][0]
                    v = values["range"][knob] + dx * (rng.max - rng.min) / rng.usable
                    lo = rng.min if knob == "lower" else values["range"]["lower"]
                    hi = values["range"]["upper"] if knob == "lower" else rng.max
                    values["range"][knob] = min(max(v, lo), hi)
                else:
                    values["dial"]["angle"] = dial.angle_of(*path[-1])
        if drag == upto_drag:
            break
    return values


def to_panel_rounded(run, x, y):
    px, py = to_panel(run, x, y)
    return round(px), round(py)


def to_screen(run, px, py):
    rot = RUNS[run]["rotation"]
    return (px, py) if rot == 0 else (py, PANEL_W - px)


def committed_per_drag(run, drag):
    """Controls that get exactly one valueCommitted in this drag."""
    return sorted({ctl.split(".")[0] for fingers in RUNS[run]["drags"][drag] for _, ctl, _, _ in fingers})


# ---------------------------------------------------------------- pixel probes

def probes(run, shot):
    """[(description, screen x, screen y, kind, arg)]: kind 'rgb' (arg: hex colour; the
    tolerance is TOL[rgb]), 'raw-rgb' (the same at a panel position, not turned), 'handle'
    (translucent white: every channel >= 150), 'arc' (the blue-violet gradient: blue >= 200,
    green <= 120). Shots: initial, the drags, restored (after the kiosk exited)."""
    rng, dial = controls_of(run)
    shot = RUNS[run].get("extra", {}).get(shot, shot)
    if shot in ("restored", "console"):
        # the console again (black; its cursor blinks at the top left): where the kiosk
        # painted background, knobs and the dial, panel positions
        return [(f"console (black) at panel ({x},{y})", x, y, "raw-rgb", "000000")
                for x, y in ((400, 240), (60, 400), (760, 60), (140, 106), (640, 165), (694, 132), (395, 240))]
    if shot == "initial":
        vals = {"range": dict(rng.values), "dial": {"angle": dial.angle}}
    else:
        vals = expected_values(run, shot)
    lower, upper, angle = vals["range"]["lower"], vals["range"]["upper"], vals["dial"]["angle"]
    top = rng.y + 6                       # inside a knob, above the track
    track_y = rng.y + rng.h / 2 - 5       # inside the track, upper half (no soft highlight)
    p = [
        ("background, top-left corner", 5, 5, "rgb", BG),
        (f"lower knob at value {lower:g}", rng.position(lower), top, "rgb", KNOB_TOP),
        (f"upper knob at value {upper:g}", rng.position(upper), top, "rgb", KNOB_TOP),
        ("selected range between the knobs", (rng.position(lower) + rng.position(upper)) / 2,
         track_y, "rgb", ACCENT),
        (f"dial handle at {angle} degrees", *dial.point(angle), "handle", None),
    ]
    # where the knobs were before: no knob any more (background above the track)
    init = rng.values
    for knob, v in (("lower", lower), ("upper", upper)):
        if abs(rng.position(v) - rng.position(init[knob])) > rng.knob:
            p.append((f"no {knob} knob at its start value {init[knob]:g}",
                      rng.position(init[knob]), top, "rgb", BG))
            # the track there is selected or not depending on which side moved
            x = rng.position(init[knob])
            inside = rng.position(lower) < x < rng.position(upper)
            p.append((f"track at the old {knob} knob {'selected' if inside else 'unselected'}",
                      x, track_y, "rgb", ACCENT if inside else TRACK))
    if angle != dial.angle:
        p.append((f"arc where the handle was ({dial.angle} degrees)", *dial.point(dial.angle), "arc", None))
    # the ring beyond the arc's end (45 degrees past it) is still dark, unless the arc reached it
    beyond = angle + 45
    if beyond < 360 - 20:
        p.append((f"dark ring at {beyond} degrees, past the arc", *dial.point(beyond), "rgb", RING))
    if RUNS[run]["rotation"] == 90:
        # the rotated layout: where an unrotated kiosk would put the knob there is background
        x, y = rng.position(lower), top
        p.append(("rotated layout: nothing at the unrotated lower-knob position", x, y, "raw-rgb", BG))
    return p


TOL = {"rgb": 12, "raw-rgb": 12}


def panel_pixel(run, x, y):
    px, py = (x, y) if RUNS[run]["rotation"] == 0 else to_panel(run, x, y)
    return int(math.floor(px)), int(math.floor(py))


def probe_pixels(run, shot):
    """Probes with panel pixel positions: [(description, px, py, kind, arg)]."""
    out = []
    for desc, x, y, kind, arg in probes(run, shot):
        if kind == "raw-rgb":                 # already a panel position
            out.append((desc, int(x), int(y), "rgb", arg))
        else:
            out.append((desc, *panel_pixel(run, x, y), kind, arg))
    return out


def probe_ok(kind, arg, rgb):
    if kind == "rgb":
        want = bytes.fromhex(arg)
        return all(abs(a - b) <= TOL["rgb"] for a, b in zip(rgb, want))
    if kind == "handle":
        return min(rgb) >= 150
    if kind == "arc":
        return rgb[2] >= 200 and rgb[1] <= 120
    raise ValueError(kind)


# ---------------------------------------------------------------- headless references

def reference(kiosk, outdir, runs=None):
    """Headless renders of the same config and touches, per shot, for the frame comparison
    (the DRM scanout must show what the renderer paints); every run, or those named."""
    os.makedirs(outdir, exist_ok=True)
    for run, spec in RUNS.items():
        if runs and run not in runs:
            continue
        cfg = os.path.join(HERE, spec["config"])
        shots, script, offset = ["initial"], [], 0
        for drag in spec["drags"]:
            shots.append(drag)
        for shot in shots:
            if shot != "initial":
                lines = [json.loads(l) for l in open(touch_script_path(run, shot)) if l.strip()]
                for ev in lines:
                    ev = dict(ev, t=ev["t"] + offset)
                    script.append(ev)
                offset = script[-1]["t"] + 500
            ts = os.path.join(outdir, f"{run}-{shot}-touches.jsonl")
            with open(ts, "w") as f:
                for ev in script:
                    f.write(json.dumps(ev) + "\n")
            png = os.path.join(outdir, f"{run}-{shot}.png")
            ev_out = os.path.join(outdir, f"{run}-{shot}-events.jsonl")
            cmd = [kiosk, "run", "--backend", "headless", "--config", cfg, "--rotation", str(spec["rotation"]),
                   "--size", f"{PANEL_W}x{PANEL_H}", "--input", ts, "--screenshot", png, "--events", ev_out]
            r = subprocess.run(cmd, capture_output=True, text=True)
            if r.returncode != 0:
                sys.exit(f"scenario: headless reference failed: {' '.join(cmd)}\n{r.stderr}")


if __name__ == "__main__":
    if sys.argv[1:] == ["write-touch-scripts"]:
        write_touch_scripts()
    elif len(sys.argv) == 3 and sys.argv[1] == "runs":
        print(" ".join(runs_of(sys.argv[2])))
    elif len(sys.argv) == 3 and sys.argv[1] == "screendump-runs":
        print(" ".join(r for r in runs_of(sys.argv[2]) if capture_of(r) == "screendump"))
    elif len(sys.argv) == 4 and sys.argv[1] == "controls":
        print(" ".join(committed_per_drag(sys.argv[2], sys.argv[3])))
    elif len(sys.argv) == 4 and sys.argv[1] == "run-field":
        print(RUNS[sys.argv[2]].get(sys.argv[3], ""))
    elif len(sys.argv) == 4 and sys.argv[1] == "touch-text":
        for ev in touch_script(sys.argv[2], sys.argv[3]):
            print(ev["t"], ev["type"], ev["id"], ev.get("x", 0), ev.get("y", 0))
    elif sys.argv[1:] == ["check-touch-scripts"]:
        sys.exit(check_touch_scripts())
    elif len(sys.argv) == 4 and sys.argv[1] == "check-screen-args":
        print(" ".join(f"{x},{y}={arg}" for _, x, y, kind, arg in probe_pixels(sys.argv[2], sys.argv[3])
                       if kind == "rgb"))
    elif len(sys.argv) >= 4 and sys.argv[1] == "reference":
        reference(sys.argv[2], sys.argv[3], sys.argv[4:])
    elif sys.argv[1:2] == ["show"]:
        for run, spec in RUNS.items():
            for drag in spec["drags"]:
                print(run, drag, expected_values(run, drag))
            for shot in ["initial", *spec["drags"]]:
                for pr in probe_pixels(run, shot):
                    print(" ", run, shot, pr)
    else:
        sys.exit(__doc__)
