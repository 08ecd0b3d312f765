"""Reading and comparing images for the VM test, stdlib only (the guest and CI hosts
have no PIL): binary PPM (P6, what QMP screendump writes) and 8-bit non-interlaced PNG
(what `kiosk run --screenshot` writes through cairo), and framebuffer pages dumped by
fbinfo.py (the driver's own pixel layout)."""
import json
import struct
import zlib


class Image:
    def __init__(self, width, height, rgb):
        self.width, self.height, self.rgb = width, height, rgb   # rgb: bytes, 3 per pixel

    def pixel(self, x, y):
        o = (y * self.width + x) * 3
        return tuple(self.rgb[o:o + 3])


def read_ppm(path):
    data = open(path, "rb").read()
    fields, pos = [], 0
    while len(fields) < 4:                      # magic, width, height, maxval
        while data[pos:pos + 1].isspace():
            pos += 1
        if data[pos:pos + 1] == b"#":
            pos = data.index(b"\n", pos)
            continue
        end = pos
        while not data[end:end + 1].isspace():
            end += 1
        fields.append(data[pos:end])
        pos = end
    if fields[0] != b"P6" or fields[3] != b"255":
        raise ValueError(f"{path}: not an 8-bit binary PPM")
    w, h = int(fields[1]), int(fields[2])
    rgb = data[pos + 1:pos + 1 + w * h * 3]
    if len(rgb) != w * h * 3:
        raise ValueError(f"{path}: truncated PPM")
    return Image(w, h, rgb)


def read_png(path):
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError(f"{path}: not a PNG")
    pos, idat, w = 8, [], None
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        pos += 12 + n
        if kind == b"IHDR":
            w, h, depth, ctype, _, _, interlace = struct.unpack(">IIBBBBB", body)
            if depth != 8 or ctype not in (2, 6) or interlace:
                raise ValueError(f"{path}: only 8-bit RGB/RGBA non-interlaced PNGs")
            bpp = 3 if ctype == 2 else 4
        elif kind == b"IDAT":
            idat.append(body)
        elif kind == b"IEND":
            break
    raw = zlib.decompress(b"".join(idat))
    stride = w * bpp
    out = bytearray()
    prev = bytearray(stride)
    i = 0
    for _ in range(h):
        ftype = raw[i]
        line = bytearray(raw[i + 1:i + 1 + stride])
        i += 1 + stride
        if ftype == 1:
            for x in range(bpp, stride):
                line[x] = (line[x] + line[x - bpp]) & 255
        elif ftype == 2:
            for x in range(stride):
                line[x] = (line[x] + prev[x]) & 255
        elif ftype == 3:
            for x in range(stride):
                left = line[x - bpp] if x >= bpp else 0
                line[x] = (line[x] + ((left + prev[x]) >> 1)) & 255
        elif ftype == 4:
            for x in range(stride):
                a = line[x - bpp] if x >= bpp else 0
                b = prev[x]
                c = prev[x - bpp] if x >= bpp else 0
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                pr = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
                line[x] = (line[x] + pr) & 255
        elif ftype != 0:
            raise ValueError(f"{path}: bad PNG filter {ftype}")
        prev = line
        if bpp == 3:
            out += line
        else:
            for x in range(0, stride, 4):   # the kiosk's frames are opaque: drop alpha
                out += line[x:x + 3]
    return Image(w, h, bytes(out))


class FramebufferImage:
    """A framebuffer page as Tests/VM/fbinfo.py dumps it: the driver's pixel layout, decoded
    lazily, so that probing a few pixels in the guest costs nothing and only a whole-image
    comparison (on the host) converts everything."""

    def __init__(self, info, data):
        self.info, self.data = info, data
        self.width, self.height = info["xres"], info["yres"]
        self.bpp = info["bits_per_pixel"] // 8
        self.line = info["line_length"]
        self.channels = [(info[c]["offset"], info[c]["length"]) for c in ("red", "green", "blue")]
        if len(data) < self.line * (self.height - 1) + self.width * self.bpp:
            raise ValueError("truncated framebuffer dump")
        self._rgb = None

    @staticmethod
    def expand(value, length):
        """A channel of `length` bits as 8 bits, by bit replication (as QEMU shows 16 bpp)."""
        if length >= 8:
            return value >> (length - 8)
        out, bits = 0, 0
        while bits < 8:
            out, bits = (out << length) | value, bits + length
        return out >> (bits - 8)

    def decode(self, v):
        return tuple(self.expand((v >> off) & ((1 << n) - 1), n) for off, n in self.channels)

    def pixel(self, x, y):
        o = y * self.line + x * self.bpp
        return self.decode(int.from_bytes(self.data[o:o + self.bpp], "little"))

    @property
    def rgb(self):
        if self._rgb is None:
            out = bytearray()
            if self.bpp == 4 and all(n == 8 and off % 8 == 0 for off, n in self.channels):
                # whole bytes: slices per channel, row by row
                row = bytearray(self.width * 3)
                for y in range(self.height):
                    src = self.data[y * self.line:y * self.line + self.width * 4]
                    for i, (off, _) in enumerate(self.channels):
                        row[i::3] = src[off // 8::4]
                    out += row
            else:
                table = {}
                for y in range(self.height):
                    src = self.data[y * self.line:y * self.line + self.width * self.bpp]
                    for x in range(0, len(src), self.bpp):
                        v = int.from_bytes(src[x:x + self.bpp], "little")
                        t = table.get(v)
                        if t is None:
                            t = table[v] = bytes(self.decode(v))
                        out += t
            self._rgb = bytes(out)
        return self._rgb


def read_fb(path):
    with open(path, "rb") as f:
        info = json.loads(f.readline())
        return FramebufferImage(info, f.read())


def read_image(path):
    if path.endswith(".fb"):
        return read_fb(path)
    return read_png(path) if path.endswith(".png") else read_ppm(path)


def compare(a, b, tol=16):
    """(pixels differing by more than tol on some channel, their fraction, largest
    channel difference); images of different sizes differ everywhere."""
    if (a.width, a.height) != (b.width, b.height):
        return a.width * a.height, 1.0, 255
    pa, pb = a.rgb, b.rgb
    if pa == pb:
        return 0, 0.0, 0
    differing, worst = 0, 0
    for i in range(0, len(pa), 3):
        d = max(abs(pa[i] - pb[i]), abs(pa[i + 1] - pb[i + 1]), abs(pa[i + 2] - pb[i + 2]))
        if d > worst:
            worst = d
        if d > tol:
            differing += 1
    return differing, differing / (a.width * a.height), worst
