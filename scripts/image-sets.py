#!/usr/bin/env python3
"""Issue 29, item 1, measured: eight pipelined sets of a large picture against a running kiosk.

A release kiosk (headless, real clock) shows an image control; client A pipelines eight `set`s
of an 8192x4096 PNG (about 450 KB, 128 MiB decoded: the largest the limits allow) alternating
between two such files, while client B pings every 5 ms. Printed: B's worst and median round
trip (what another client waits, and how long the loop is held: a frame cannot be drawn while
a ping waits), A's reply times, and the time until the last picture is shown.

Usage: scripts/image-sets.py KIOSK [--sets 8]   (scripts/image-sets.sh builds and runs it)
Standard library only.
"""
import json, os, socket, struct, subprocess, sys, tempfile, threading, time, zlib


def png(width, height, stripe):
    """An RGB PNG of a plain wall with a stripe every 64 rows: compresses to about 450 KB."""
    plain = b"\x00" + b"\x30\x30\x30" * width
    line = b"\x00" + b"\x20\x80\xc0" * width
    raw = b"".join(line if (y - stripe) % 64 == 0 else plain for y in range(height))
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 6)) + chunk(b"IEND", b"")


def connect(path):
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    s.connect(path)
    return s, s.makefile("rb")


def main():
    kiosk = sys.argv[1]
    sets = int(sys.argv[sys.argv.index("--sets") + 1]) if "--sets" in sys.argv else 8
    folder = tempfile.mkdtemp()
    for i in range(2):
        with open(os.path.join(folder, f"wall{i}.png"), "wb") as f:
            f.write(png(8192, 4096, i * 8))
    size = os.path.getsize(os.path.join(folder, "wall0.png"))
    config = {"startScreen": "main", "screens": [{"id": "main", "controls": [
        {"type": "label", "id": "title", "frame": [20, 20, 400, 40], "text": "Pictures"},
        {"type": "image", "id": "wall", "frame": [100, 80, 600, 360], "source": "wall1.png", "fit": "cover"}]}]}
    with open(os.path.join(folder, "kiosk.json"), "w") as f:
        json.dump(config, f)
    sock = os.path.join(folder, "kiosk.sock")
    err = open(os.path.join(folder, "stderr"), "w+")
    proc = subprocess.Popen([kiosk, "run", "--config", os.path.join(folder, "kiosk.json"), "--backend", "headless",
                             "--clock", "real", "--size", "800x480", "--socket", sock, "--events", "/dev/null"], stderr=err)
    try:
        for _ in range(500):
            if os.path.exists(sock):
                break
            time.sleep(0.02)
        time.sleep(0.3)
        a, a_in = connect(sock)
        b, b_in = connect(sock)
        b.sendall(b'{"op": "ping"}\n'); b_in.readline()
        rtts, stop = [], threading.Event()

        def pinger():
            while not stop.is_set():
                t = time.monotonic()
                b.sendall(b'{"op": "ping"}\n')
                b_in.readline()
                rtts.append(time.monotonic() - t)
                time.sleep(0.005)

        thread = threading.Thread(target=pinger)
        thread.start()
        time.sleep(0.2)
        start = time.monotonic()
        lines = "".join(json.dumps({"id": i, "op": "set", "control": "wall", "value": {"source": f"wall{i % 2}.png"}}) + "\n"
                        for i in range(sets))
        a.sendall(lines.encode())
        replies = []
        for _ in range(sets):
            reply = json.loads(a_in.readline())
            replies.append((time.monotonic() - start, reply.get("ok")))
        time.sleep(0.3)
        stop.set()
        thread.join()
        rtts.sort()
        during = len(rtts)
        print(f"image-sets: {sets} pipelined sets of an 8192x4096 PNG ({size // 1024} KB) from one client")
        print(f"image-sets: another client's ping, {during} round trips: median {rtts[during // 2] * 1000:.1f} ms, "
              f"worst {rtts[-1] * 1000:.1f} ms (the longest the loop was held)")
        print("image-sets: the sender's replies at " + ", ".join(f"{t * 1000:.0f}" for t, _ in replies) + " ms"
              + ("" if all(ok for _, ok in replies) else " (some refused!)"))
    finally:
        proc.terminate()
        proc.wait()
        err.seek(0)
        for line in err.read().splitlines():
            if "frames" in line or "wake-ups" in line or "error" in line.lower():
                print("image-sets: " + line)


if __name__ == "__main__":
    main()
