#!/usr/bin/env python3
"""Drives a running kiosk's control socket with a seeded random mix of owner requests for a
given time, samples its RSS into a CSV, probes how long the loop takes to answer, and judges
the run (scripts/soak.sh runs it and says why the bounds are what they are).

Usage: soak.py --socket PATH --pid PID --duration S [--seed N] [--rate R] [--sample S]
               [--csv OUT.csv] [--families a,b,...] [--window N]
               [--growth-bound MIB] [--stall-bound MS]

Exit 0 when the last half of the run grew less than --growth-bound MiB (least-squares slope
over the last half, times its length, of the RSS floor: the lowest sample of each minute, so
that a transition's second layer or a screenshot's frame copy alive at one sample does not
count as growth; runs shorter than six minutes fit the samples themselves) and
no ping waited longer than --stall-bound ms; 1 otherwise, with the reason. Only the standard
library; only the Unix socket it is given.
"""
import argparse
import json
import os
import random
import socket
import sys
import threading
import time

LANGUAGES = ["en", "hi", "ar"]
SCREENS = ["main", "details"]
TRANSITIONS = ["fade", "flipFromBottom", "none", "slideLeft", "slideRight", "slideUp"]
POPUPS = ["hello", "help"]
PANELS = ["filters"]
# Letters of the demo's three scripts, so random titles are shaped by each of its fonts.
ALPHABETS = [
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789",
    "कखगघङचछजझञटठडढणतथदधनपफबभमयरलवशषसह",
    "ابتثجحخدذرزسشصضطظعغفقكلمنهوي",
]
COLOURS = "0123456789ABCDEF"
FAMILIES = ["popup", "language", "screen", "panel", "screenshot", "set"]


def random_words(rng, low, high):
    alphabet = rng.choice(ALPHABETS)
    words = []
    for _ in range(rng.randint(low, high)):
        words.append("".join(rng.choice(alphabet) for _ in range(rng.randint(2, 9))))
    return " ".join(words)


class Mix:
    """The requests of each family, chosen by a seeded generator."""

    def __init__(self, rng, families):
        self.rng = rng
        self.families = families
        self.language_index = 0

    def next_requests(self):
        family = self.rng.choice(self.families)
        return family, getattr(self, family)()

    def popup(self):
        popup = self.rng.choice(POPUPS)
        return [{"op": "showPopup", "popup": popup, "title": random_words(self.rng, 1, 4),
                 "text": random_words(self.rng, 3, 16)},
                {"op": "dismiss", "overlay": popup}]

    def language(self):
        self.language_index = (self.language_index + 1) % len(LANGUAGES)
        return [{"op": "setLanguage", "language": LANGUAGES[self.language_index]}]

    def screen(self):
        return [{"op": "switchScreen", "screen": self.rng.choice(SCREENS),
                 "transition": self.rng.choice(TRANSITIONS),
                 "duration": round(self.rng.uniform(0.1, 0.5), 2)}]

    def panel(self):
        return [{"op": "showPanel", "panel": "filters"}, {"op": "dismiss", "overlay": "filters"}]

    def screenshot(self):
        return [{"op": "screenshot"}]

    def set(self):
        rng = self.rng
        choice = rng.randrange(5)
        if choice == 0:
            lower = rng.uniform(0, 10)
            return [{"op": "set", "control": "price",
                     "value": {"lower": round(lower, 2), "upper": round(rng.uniform(lower, 10), 2)}}]
        if choice == 1:
            return [{"op": "set", "control": "angle", "value": {"angle": rng.randrange(360)}}]
        if choice == 2:
            return [{"op": "set", "control": "subtitle", "value": {"text": random_words(rng, 1, 6)}}]
        if choice == 3:
            colour = "#" + "".join(rng.choice(COLOURS) for _ in range(6))
            return [{"op": "set", "control": "price", "value": {"highlightColor": colour}}]
        return [{"op": "get"}]


def rss_kib(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    raise RuntimeError("no VmRSS")


class Client:
    def __init__(self, path):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.settimeout(30)
        self.sock.connect(path)
        self.file = self.sock.makefile("rwb")
        self.next_id = 0

    def call(self, request):
        self.next_id += 1
        request = dict(request, id=self.next_id)
        self.file.write(json.dumps(request, ensure_ascii=False).encode() + b"\n")
        self.file.flush()
        line = self.file.readline()
        if not line:
            raise RuntimeError("the kiosk closed the socket")
        return json.loads(line)

    def call_all(self, requests):
        for request in requests:
            self.next_id += 1
            request = dict(request, id=self.next_id)
            self.file.write(json.dumps(request, ensure_ascii=False).encode() + b"\n")
        self.file.flush()
        replies = []
        for _ in requests:
            line = self.file.readline()
            if not line:
                raise RuntimeError("the kiosk closed the socket")
            replies.append(json.loads(line))
        return replies


class LoopProbe(threading.Thread):
    """Pings the kiosk on a connection of its own every `interval` seconds and keeps the
    slowest round trip: a ping is carried out in the first pass of the loop after it arrives,
    so a pass held up by a long frame (or anything else on the loop's thread) shows here."""

    def __init__(self, path, interval):
        super().__init__(daemon=True)
        self.client = Client(path)
        self.interval = interval
        self.worst = 0.0
        self.worst_at = 0.0
        self.count = 0
        self.stop = threading.Event()
        self.start_time = time.monotonic()

    def run(self):
        while not self.stop.wait(self.interval):
            began = time.monotonic()
            self.client.call({"op": "ping"})
            took = (time.monotonic() - began) * 1000
            self.count += 1
            if took > self.worst:
                self.worst, self.worst_at = took, began - self.start_time


def floor(samples, window):
    """The lowest sample of each `window` seconds: what stays resident. A transition's second
    layer, an overlay's layer or a screenshot's copy alive at one sample raise that sample
    (8 MiB each at 1080p), not the floor; memory that is never given back raises the floor."""
    floors, start, low = [], None, None
    for t, r in samples:
        if start is None or t >= start + window:
            if start is not None:
                floors.append((start, low))
            start, low = t, r
        low = min(low, r)
    if start is not None:
        floors.append((start, low))
    return floors


def last_half_growth(samples):
    """MiB the RSS grew over the last half of the samples: the least-squares slope times the
    half's length (robust against a single sample taken while a layer was alive)."""
    end = samples[-1][0]
    half = [(t, r) for t, r in samples if t >= end / 2]
    if len(half) < 3:
        return 0.0
    n = len(half)
    mean_t = sum(t for t, _ in half) / n
    mean_r = sum(r for _, r in half) / n
    var = sum((t - mean_t) ** 2 for t, _ in half)
    slope = sum((t - mean_t) * (r - mean_r) for t, r in half) / var if var else 0.0
    return slope * (half[-1][0] - half[0][0]) / 1024


def summary(samples, every):
    """The curve every `every` seconds (and the last sample)."""
    rows, next_t = [], 0.0
    for t, r in samples:
        if t >= next_t:
            rows.append((t, r))
            next_t += every
    if rows[-1] != samples[-1]:
        rows.append(samples[-1])
    return "  ".join(f"{t:.0f}s {r / 1024:.1f}" for t, r in rows)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--socket", required=True)
    parser.add_argument("--pid", type=int, required=True)
    parser.add_argument("--duration", type=float, required=True)
    parser.add_argument("--seed", type=int, default=29)
    parser.add_argument("--rate", type=float, default=250, help="requests per second")
    parser.add_argument("--sample", type=float, default=5, help="seconds between RSS samples")
    parser.add_argument("--csv", default="soak.csv")
    parser.add_argument("--families", default=",".join(FAMILIES))
    parser.add_argument("--window", type=int, default=1, help="requests in flight")
    parser.add_argument("--growth-bound", type=float, default=4.0, help="MiB the last half may grow")
    parser.add_argument("--stall-bound", type=float, default=250.0, help="ms a ping may wait")
    args = parser.parse_args()

    families = [f for f in args.families.split(",") if f]
    for family in families:
        if family not in FAMILIES:
            sys.exit(f"soak: unknown family {family!r} (families: {', '.join(FAMILIES)})")
    rng = random.Random(args.seed)
    mix = Mix(rng, families)
    client = Client(args.socket)
    counts = {"requests": 0, "refused": 0}
    samples = []
    probe = LoopProbe(args.socket, 0.1)
    probe.start()
    start = time.monotonic()
    next_sample = start
    interval = 1 / args.rate
    sent_until = start
    with open(args.csv, "w") as csv:
        csv.write("seconds,rss_kib,requests,refused\n")
        while True:
            now = time.monotonic()
            if now >= next_sample:
                rss = rss_kib(args.pid)
                samples.append((now - start, rss))
                csv.write(f"{now - start:.1f},{rss},{counts['requests']},{counts['refused']}\n")
                csv.flush()
                print(f"soak: {now - start:7.1f} s  RSS {rss / 1024:7.1f} MiB  requests {counts['requests']}"
                      f"  slowest ping {probe.worst:.1f} ms", flush=True)
                next_sample += args.sample
            if now - start >= args.duration:
                break
            batch = []
            while len(batch) < args.window:
                family, requests = mix.next_requests()
                batch += requests
            for reply in client.call_all(batch):
                counts["requests"] += 1
                if not reply.get("ok"):
                    counts["refused"] += 1
                sent_until += interval
            delay = sent_until - time.monotonic()
            if delay > 0:
                time.sleep(delay)
            else:
                sent_until = time.monotonic()
    probe.stop.set()
    probe.join(5)

    # Judged on the floor (the lowest sample of each minute) once there are enough minutes:
    # at 1080p what is alive for a moment swings the samples by 15 MiB, the floor by none.
    floors = floor(samples, 60)
    judged = floors if len(floors) >= 6 else samples
    growth = last_half_growth(judged)
    print(f"soak: {counts['requests']} requests ({counts['refused']} refused: already shown, busy, ...) "
          f"in {args.duration:.0f} s, seed {args.seed}, families {','.join(families)}")
    print(f"soak: RSS MiB over time: {summary(samples, max(args.sample, args.duration / 12))}")
    print(f"soak: RSS first {samples[0][1] / 1024:.1f} MiB, peak {max(r for _, r in samples) / 1024:.1f}, "
          f"last {samples[-1][1] / 1024:.1f}; last half grew {growth:+.2f} MiB "
          f"({'the floor, the lowest sample of each minute' if judged is floors else 'the samples'}; bound {args.growth_bound} MiB)")
    print(f"soak: RSS floor MiB, each minute: {'  '.join(f'{t:.0f}s {r / 1024:.1f}' for t, r in floors)}")
    print(f"soak: slowest of {probe.count} pings {probe.worst:.1f} ms at {probe.worst_at:.0f} s "
          f"(bound {args.stall_bound:.0f} ms)")
    failed = []
    if growth >= args.growth_bound:
        failed.append(f"RSS did not level off: the last half grew {growth:.2f} MiB, the bound is {args.growth_bound} MiB")
    if probe.worst > args.stall_bound:
        failed.append(f"the loop held a ping {probe.worst:.1f} ms, the bound is {args.stall_bound:.0f} ms")
    for reason in failed:
        print(f"soak: FAILED: {reason}")
    if not failed:
        print("soak: passed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
