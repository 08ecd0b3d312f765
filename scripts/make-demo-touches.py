#!/usr/bin/env python3
"""Writes config/demo-touches.jsonl, the demo's touch script, and prints the instants worth a
screenshot. Coordinates are screen pixels of config/demo.json at rotation 0 (= panel pixels)."""
import json, math, sys

lines, t, marks = [], 0, {}

def ev(kind, x=None, y=None, slot=0):
    d = {"t": t, "type": kind, "id": slot}
    if x is not None:
        d["x"], d["y"] = x, y
    lines.append(json.dumps(d))

def drag(points, pause=200, every=16):
    global t
    ev("down", *points[0])
    for p in points[1:]:
        t += every; ev("move", *p)
    t += every; ev("up")
    t += pause

def tap(x, y, pause=400):
    drag([(x, y)], pause=pause, every=40)

def line(a, b, n):
    return [(round(a[0] + (b[0] - a[0]) * i / n, 1), round(a[1] + (b[1] - a[1]) * i / n, 1)) for i in range(n + 1)]

def arc(c, r, a0, a1, n):
    return [(round(c[0] + r * math.cos(math.radians(a0 + (a1 - a0) * i / n)), 1),
             round(c[1] - r * math.sin(math.radians(a0 + (a1 - a0) * i / n)), 1)) for i in range(n + 1)]

def mark(name):
    marks[name] = t - 50   # inside the pause, before the next touch lands

# Range slider "price" [40, 200, 420, 40], 0…100: knob centre x = 60 + 3.8·v, y = 220.
drag(line((136, 220), (212, 220), 8))                       # lower knob 20 → 40
drag(line((364, 222), (300, 222), 8))                       # upper knob 80 → ~63.2
drag(line((300, 220), (340, 330), 6) + line((340, 330), (300, 330), 4)[1:]
     + line((300, 330), (320, 220), 4)[1:])                 # leave the slider and come back
drag(line((212, 218), (440, 218), 10))                      # lower past upper: stops at upper
drag(line((320, 220), (250, 220), 6))                       # stacked knobs: moving left pulls the lower one out
tap(530, 240, pause=200)                                    # dial [520, 120, 240, 240]: a touch anywhere → 180°
drag(arc((640, 240), 100, 90, 300, 12))                     # turn the handle round: 90° → 300°
tap(120, 428)                                               # Hello → popup "hello"
tap(491, 326)                                               # its "More" button → popup "help" on top
mark("two-popups")
tap(100, 60)                                                # a tap outside the dialogs closes both
tap(520, 428, pause=500)                                    # Filters → the panel slides in
drag(line((196, 332), (332, 332), 8), pause=100)            # the panel's "size" slider: lower 2 → 4
mark("panel")
tap(400, 100, pause=500)                                    # a tap on the dim closes the panel
tap(520, 428, pause=500)                                    # Filters again
drag(line((600, 270), (600, 420), 3), pause=500, every=10)  # a fast swipe down closes it
tap(320, 428, pause=500)                                    # More → details, sliding up
mark("details")
tap(120, 428, pause=500)                                    # ← Back: the slide runs backwards
tap(320, 428, pause=500)                                    # More again
tap(320, 428, pause=800)                                    # Flip home

with open("config/demo-touches.jsonl", "w") as f:
    f.write("\n".join(lines) + "\n")
for name, when in marks.items():
    print(f"{name}={when}")
print(f"end={t}", file=sys.stderr)
