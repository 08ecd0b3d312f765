#!/usr/bin/env python3
"""A framebuffer's screen information and contents, for the VM test (stdlib only; runs in the
guest, where a framebuffer such as vfb is not scanned out by QEMU, so its memory is what shows).

  fbinfo.py info /dev/fbN            the variable and fixed screen information as JSON
  fbinfo.py dump /dev/fbN OUT.fb     the visible page: one JSON line (geometry and layout),
                                     then line_length x yres bytes from yoffset (images.read_fb)
  fbinfo.py fill /dev/fbN BYTE       fill the whole video memory with one byte value
  fbinfo.py sum /dev/fbN             a checksum of the visible page (rows' visible bytes only)
"""
import fcntl
import hashlib
import json
import struct
import sys

FBIOGET_VSCREENINFO = 0x4600
FBIOGET_FSCREENINFO = 0x4602
VAR = struct.Struct("@40I")                       # struct fb_var_screeninfo: 40 __u32
FIX = struct.Struct("@16sLIIIIHHHILIIH2H")        # struct fb_fix_screeninfo (LP64: 80 bytes)


def info(path):
    with open(path, "rb", buffering=0) as f:
        v = VAR.unpack(fcntl.ioctl(f, FBIOGET_VSCREENINFO, bytes(VAR.size)))
        x = FIX.unpack(fcntl.ioctl(f, FBIOGET_FSCREENINFO, bytes(FIX.size)))
    bit = lambda i: {"offset": v[i], "length": v[i + 1], "msb_right": v[i + 2]}
    return {
        "xres": v[0], "yres": v[1], "xres_virtual": v[2], "yres_virtual": v[3], "xoffset": v[4], "yoffset": v[5],
        "bits_per_pixel": v[6], "grayscale": v[7], "red": bit(8), "green": bit(11), "blue": bit(14),
        "transp": bit(17), "nonstd": v[20], "pixclock": v[25], "vmode": v[33],
        "id": x[0].split(b"\0")[0].decode(errors="replace"), "smem_len": x[2], "type": x[3], "visual": x[5],
        "xpanstep": x[6], "ypanstep": x[7], "line_length": x[9],
    }


def visible(path, i):
    bpp = i["bits_per_pixel"] // 8
    start = i["yoffset"] * i["line_length"] + i["xoffset"] * bpp
    with open(path, "rb", buffering=0) as f:
        f.seek(start)
        data = b""
        want = i["line_length"] * i["yres"]
        while len(data) < want:
            chunk = f.read(want - len(data))
            if not chunk:
                break
            data += chunk
    return data


def main(argv):
    if len(argv) == 2 and argv[0] == "info":
        print(json.dumps(info(argv[1])))
    elif len(argv) == 3 and argv[0] == "dump":
        i = info(argv[1])
        data = visible(argv[1], i)
        with open(argv[2], "wb") as out:
            out.write((json.dumps(i) + "\n").encode())
            out.write(data)
    elif len(argv) == 3 and argv[0] == "fill":
        i = info(argv[1])
        with open(argv[1], "wb", buffering=0) as f:
            f.write(bytes([int(argv[2], 0)]) * i["smem_len"])
    elif len(argv) == 2 and argv[0] == "sum":
        i = info(argv[1])
        data = visible(argv[1], i)
        row = i["xres"] * i["bits_per_pixel"] // 8
        h = hashlib.sha1()
        for y in range(i["yres"]):
            h.update(data[y * i["line_length"]:y * i["line_length"] + row])
        print(h.hexdigest())
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv[1:])
