#!/usr/bin/env python3
"""Writes a touch script that drags the demo's price slider's upper knob back and forth at
120 Hz: STROKES strokes of half a second, 8 ms apart (a valueChanged each frame, a
valueCommitted per stroke), so a frame is due on every refresh while it runs. Used by the
benchmarks that ask what a load costs the frame loop (scripts/bench-ipc.sh, mqtt_burst in
scripts/mqtt-common.sh).

Usage: make-drag-touches.py OUT.jsonl STROKES
"""
import sys

out, strokes = open(sys.argv[1], "w"), int(sys.argv[2])
t = 0.0
for stroke in range(strokes):
    out.write('{"t": %.3f, "type": "down", "id": 0, "x": %.1f, "y": 220}\n' % (t, 364 if stroke % 2 == 0 else 364 - 88.5))
    for i in range(1, 60):
        x = 364 + (-i if stroke % 2 == 0 else i - 59) * 1.5   # the knob's way and back
        out.write('{"t": %.3f, "type": "move", "id": 0, "x": %.1f, "y": 220}\n' % (t + i * 1000 / 120, x))
    t += 60 * 1000 / 120
    out.write('{"t": %.3f, "type": "up", "id": 0}\n' % t)
    t += 8
