#!/usr/bin/env python3
"""Draws PushBox's launcher icon (a box on a goal, in the game's colours) at Android's sizes, and
the web app's icons (192 and 512 pixels, and a maskable 512 whose picture keeps inside the
middle 80 %, the safe zone a phone's mask never cuts).

Run from anywhere: python3 assets/android/make_icon.py. Writes res/mipmap-*/ic_launcher.png
beside this script and web/icons/*.png. Pure Python (zlib + struct), no image library needed.
"""
import os
import struct
import zlib

BACKGROUND = (28, 31, 36)
FLOOR = (51, 56, 66)
BOX = (209, 135, 56)
BOX_DARK = (150, 92, 36)
GOAL = (245, 194, 51)
SIZES = {"mdpi": 48, "hdpi": 72, "xhdpi": 96, "xxhdpi": 144, "xxxhdpi": 192}


def colour_at(x, y):
    """The icon on a unit square: (x, y) in [0, 1)."""
    r = 0.22  # corner radius of the tile
    cx, cy = min(max(x, r), 1 - r), min(max(y, r), 1 - r)
    if (x - cx) ** 2 + (y - cy) ** 2 > r * r:
        return None  # transparent corner
    # The box: a square with a darker frame and a cross brace.
    if 0.2 <= x <= 0.8 and 0.2 <= y <= 0.8:
        u, v = (x - 0.2) / 0.6, (y - 0.2) / 0.6
        frame = min(u, v, 1 - u, 1 - v) < 0.12
        brace = abs(u - v) < 0.08 or abs(u + v - 1) < 0.08
        return BOX_DARK if frame or brace else BOX
    # The goal shows around the box's foot.
    if 0.12 <= x <= 0.88 and 0.12 <= y <= 0.88:
        return GOAL
    return FLOOR if 0.06 <= x <= 0.94 and 0.06 <= y <= 0.94 else BACKGROUND


def maskable_at(x, y):
    """The maskable icon: the background to every edge, the icon shrunk into the safe zone."""
    inset = 0.12
    u, v = (x - inset) / (1 - 2 * inset), (y - inset) / (1 - 2 * inset)
    inside = 0 <= u < 1 and 0 <= v < 1
    return (colour_at(u, v) if inside else None) or BACKGROUND


def png(size, colour=colour_at):
    rows = []
    for py in range(size):
        row = bytearray([0])
        for px in range(size):
            # 4x4 supersampling for smooth edges.
            acc = [0, 0, 0, 0]
            for sy in range(4):
                for sx in range(4):
                    c = colour((px + (sx + 0.5) / 4) / size, (py + (sy + 0.5) / 4) / size)
                    if c is not None:
                        acc[0] += c[0]
                        acc[1] += c[1]
                        acc[2] += c[2]
                        acc[3] += 255
            n = max(acc[3] // 255, 1)
            row += bytes([acc[0] // n, acc[1] // n, acc[2] // n, acc[3] // 16])
        rows.append(bytes(row))

    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(b"".join(rows), 9))
        + chunk(b"IEND", b"")
    )


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    for density, size in SIZES.items():
        folder = os.path.join(here, "res", f"mipmap-{density}")
        os.makedirs(folder, exist_ok=True)
        with open(os.path.join(folder, "ic_launcher.png"), "wb") as f:
            f.write(png(size))
    web = os.path.join(here, "..", "..", "web", "icons")
    os.makedirs(web, exist_ok=True)
    for name, size, colour in [("icon-192.png", 192, colour_at), ("icon-512.png", 512, colour_at),
                               ("maskable-512.png", 512, maskable_at)]:
        with open(os.path.join(web, name), "wb") as f:
            f.write(png(size, colour))


if __name__ == "__main__":
    main()
