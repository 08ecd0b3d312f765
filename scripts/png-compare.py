#!/usr/bin/env python3
"""Compares two PNG screenshots pixel by pixel, with a per-channel tolerance.

Usage: png-compare.py EXPECTED.png ACTUAL.png [--tolerance N] [--max-differing FRACTION]
       png-compare.py --stats IMAGE.png

Reads 8-bit RGB or RGBA, non-interlaced PNGs (what the kiosk, grim and weston-screenshooter
write) with nothing but the standard library, so the Wayland test needs no image package.
Alpha is ignored: compositors capture opaque outputs. Exit 0 when the sizes match and at
most FRACTION of the pixels differ by more than N in some channel; 1 otherwise.
"""
import struct
import sys
import zlib


def read_png(path):
    with open(path, "rb") as f:
        data = f.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise SystemExit(f"{path}: not a PNG file")
    pos, idat, header = 8, [], None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        pos += 12 + length
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat.append(body)
        elif kind == b"IEND":
            break
    width, height, depth, colour, _, _, interlace = header
    if depth != 8 or colour not in (2, 6) or interlace:
        raise SystemExit(f"{path}: only 8-bit RGB/RGBA non-interlaced PNGs are read (depth {depth}, type {colour})")
    channels = 3 if colour == 2 else 4
    raw = zlib.decompress(b"".join(idat))
    stride = width * channels
    rows, previous, pos = [], bytearray(stride), 0
    for _ in range(height):
        kind, line = raw[pos], bytearray(raw[pos + 1:pos + 1 + stride])
        pos += 1 + stride
        for i in range(stride):
            a = line[i - channels] if i >= channels else 0
            b = previous[i]
            c = previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + a) & 255
            elif kind == 2:
                line[i] = (line[i] + b) & 255
            elif kind == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(bytes(line))
        previous = line
    pixels = [row[x * channels:x * channels + 3] for row in rows for x in range(width)]
    return width, height, pixels


def main(argv):
    if len(argv) == 3 and argv[1] == "--stats":
        width, height, pixels = read_png(argv[2])
        distinct = len(set(pixels))
        print(f"{argv[2]}: {width}x{height}, {distinct} distinct colours, first {tuple(pixels[0])}")
        return 0
    args, tolerance, fraction = [], 8, 0.002
    i = 1
    while i < len(argv):
        if argv[i] == "--tolerance":
            tolerance, i = int(argv[i + 1]), i + 2
        elif argv[i] == "--max-differing":
            fraction, i = float(argv[i + 1]), i + 2
        else:
            args.append(argv[i])
            i += 1
    if len(args) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    (w1, h1, p1), (w2, h2, p2) = read_png(args[0]), read_png(args[1])
    if (w1, h1) != (w2, h2):
        print(f"size differs: {args[0]} is {w1}x{h1}, {args[1]} is {w2}x{h2}")
        return 1
    differing, worst, first = 0, 0, None
    for index, (a, b) in enumerate(zip(p1, p2)):
        d = max(abs(a[0] - b[0]), abs(a[1] - b[1]), abs(a[2] - b[2]))
        if d > tolerance:
            differing += 1
            if first is None:
                first = (index % w1, index // w1, tuple(a), tuple(b))
        worst = max(worst, d)
    share = differing / (w1 * h1)
    verdict = "same" if share <= fraction else "DIFFERENT"
    print(f"{verdict}: {differing} of {w1 * h1} pixels differ by more than {tolerance} "
          f"({share:.4%}; largest channel difference {worst})"
          + (f"; first at {first[:2]}: {first[2]} vs {first[3]}" if first else ""))
    return 0 if share <= fraction else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
