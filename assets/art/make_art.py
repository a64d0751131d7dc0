#!/usr/bin/env python3
"""Draws PushBox's tile set and UI icons with code and writes them as texture atlases.

Run from anywhere: python3 assets/art/make_art.py. Writes tiles-16.png, tiles-32.png, tiles-64.png
and tiles-128.png beside this script: the same 8 x 7 grid of tiles at four cell sizes, so that the
game can pick the sharpest one for the cell size on screen (no blurry or shimmering minification
from a 16-pixel cell on a phone to a 128-pixel one on a desktop). Each tile sits in a cell of
size + 2 pixels: a 1-pixel frame continues the drawing past the tile's edge, so that linear
filtering never mixes in a neighbouring tile.

Every shape is a signed distance function in unit cell coordinates (x right, y down, 0..1), and a
pixel's coverage is taken from the distance (anti-aliased at every size without supersampling).
Pure Python (zlib + struct), no image library needed. The tile order is TILES below; the game's
src/game/art.rs names the same indices and colours (a test checks the colours against these PNGs).
"""
import math
import os
import struct
import zlib

SIZES = [16, 32, 64, 128]
COLUMNS, ROWS = 8, 7

# The palette. FLOOR, GOAL, WALL, BRICK, BOX, BOX_ON_GOAL and WORKER are mirrored in art.rs.
FLOOR = (51, 56, 66)
FLOOR_TILE = (57, 63, 74)
GOAL = (245, 194, 51)
WALL = (120, 128, 143)
WALL_TOP = (146, 154, 170)
WALL_SHADE = (86, 92, 106)
BRICK = (158, 82, 66)
MORTAR = (105, 54, 44)
BOX = (209, 135, 56)
BOX_DARK = (150, 92, 36)
BOX_ON_GOAL = (69, 189, 102)
BOX_ON_GOAL_DARK = (38, 128, 64)
WORKER = (69, 133, 242)
WORKER_DARK = (44, 92, 186)
TROUSERS = (48, 58, 96)
SKIN = (242, 204, 166)
HAIR = (92, 60, 40)
EYE = (30, 30, 36)
WHITE = (255, 255, 255)
SHADOW = (0, 0, 0)


# --- signed distance functions (negative inside) ------------------------------------------------

def rbox(x, y, x0, y0, x1, y1, r=0.0):
    """A rectangle with corner radius r."""
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    hx, hy = (x1 - x0) / 2 - r, (y1 - y0) / 2 - r
    qx, qy = abs(x - cx) - hx, abs(y - cy) - hy
    outside = math.hypot(max(qx, 0.0), max(qy, 0.0))
    return outside + min(max(qx, qy), 0.0) - r


def circle(x, y, cx, cy, r):
    return math.hypot(x - cx, y - cy) - r


def ellipse(x, y, cx, cy, rx, ry):
    # Not exact, but smooth and good enough for anti-aliasing small ellipses.
    k = math.hypot((x - cx) / rx, (y - cy) / ry)
    return (k - 1.0) * min(rx, ry)


def segment(x, y, ax, ay, bx, by, r):
    """A capsule: the segment a-b thickened by r."""
    px, py, dx, dy = x - ax, y - ay, bx - ax, by - ay
    t = max(0.0, min(1.0, (px * dx + py * dy) / (dx * dx + dy * dy)))
    return math.hypot(px - dx * t, py - dy * t) - r


def polygon(x, y, pts):
    """A convex polygon (points clockwise on screen, y down)."""
    d = -1e9
    n = len(pts)
    for i in range(n):
        (ax, ay), (bx, by) = pts[i], pts[(i + 1) % n]
        ex, ey = bx - ax, by - ay
        length = math.hypot(ex, ey)
        # Outward normal of a clockwise (y-down) polygon edge.
        nx, ny = ey / length, -ex / length
        d = max(d, (x - ax) * nx + (y - ay) * ny)
    return d


def arc(x, y, cx, cy, radius, width, a0, a1):
    """A ring segment from angle a0 to a1 (radians, counter-clockwise on screen, y down)."""
    ang = math.atan2(-(y - cy), x - cx)
    span = (a1 - a0) % (2 * math.pi)
    rel = (ang - a0) % (2 * math.pi)
    if rel <= span:
        return abs(math.hypot(x - cx, y - cy) - radius) - width
    ends = [(cx + radius * math.cos(a), cy - radius * math.sin(a)) for a in (a0, a1)]
    return min(math.hypot(x - ex, y - ey) for ex, ey in ends) - width


# --- tiles: each is a list of (sdf, colour, alpha) layers painted in order -------------------------

def floor_layers():
    return [
        (lambda x, y: rbox(x, y, -1, -1, 2, 2), FLOOR, 1.0),
        (lambda x, y: rbox(x, y, 0.035, 0.035, 0.965, 0.965, 0.08), FLOOR_TILE, 1.0),
    ]


def goal_layers():
    return floor_layers() + [
        (lambda x, y: abs(circle(x, y, 0.5, 0.5, 0.22)) - 0.045, GOAL, 1.0),
        (lambda x, y: circle(x, y, 0.5, 0.5, 0.075), GOAL, 1.0),
    ]


def wall_layers(mask):
    """A wall joined to its wall neighbours: mask bits N=1, E=2, S=4, W=8."""
    n, e, s, w = (mask & 1, mask & 2, mask & 4, mask & 8)
    m = 0.03
    x0, y0 = (-0.5 if w else m), (-0.5 if n else m)
    x1, y1 = (1.5 if e else 1 - m), (1.5 if s else 1 - m)

    def body(x, y, inset=0.0, drop=0.0):
        # Rounded only where two open sides meet (convex corners).
        ix0, iy0 = x0 + (inset if not w else 0), y0 + (inset if not n else 0)
        ix1, iy1 = x1 - (inset if not e else 0), y1 - (inset + drop if not s else 0)
        r = 0.2
        d = rbox(x, y, ix0, iy0, ix1, iy1)
        # Corner rounding: only at corners whose both sides are open.
        for cx_open, cy_open, cx, cy in (
            (not w, not n, ix0 + r, iy0 + r),
            (not e, not n, ix1 - r, iy0 + r),
            (not w, not s, ix0 + r, iy1 - r),
            (not e, not s, ix1 - r, iy1 - r),
        ):
            if cx_open and cy_open:
                in_corner = (x < cx if cx < 0.5 else x > cx) and (y < cy if cy < 0.5 else y > cy)
                if in_corner:
                    d = max(d, circle(x, y, cx, cy, r))
        return d

    return [
        (lambda x, y: body(x, y), WALL_SHADE, 1.0),
        (lambda x, y: body(x, y, 0.0, 0.14), WALL, 1.0),
        (lambda x, y: body(x, y, 0.13, 0.27), WALL_TOP, 1.0),
    ]


def brick_layers():
    layers = [(lambda x, y: rbox(x, y, 0.03, 0.03, 0.97, 0.97, 0.1), MORTAR, 1.0)]
    rows = [(0.08, 0.34), (0.38, 0.62), (0.66, 0.92)]
    for k, (a, b) in enumerate(rows):
        joints = [0.08, 0.5, 0.92] if k % 2 == 0 else [0.08, 0.29, 0.71, 0.92]
        for j in range(len(joints) - 1):
            l, r = joints[j] + 0.02, joints[j + 1] - 0.02
            layers.append((lambda x, y, l=l, r=r, a=a, b=b: rbox(x, y, l, a, r, b, 0.04), BRICK, 1.0))
    return layers


def box_layers(colour, dark):
    lo, hi = 0.11, 0.89

    def brace(x, y):
        u, v = (x - lo) / (hi - lo), (y - lo) / (hi - lo)
        return min(abs(u - v), abs(u + v - 1)) * (hi - lo) / math.sqrt(2) - 0.045

    inner = lambda x, y: rbox(x, y, lo + 0.1, lo + 0.1, hi - 0.1, hi - 0.1, 0.02)
    return [
        (lambda x, y: rbox(x, y, lo + 0.03, lo + 0.06, hi + 0.03, hi + 0.06, 0.1), SHADOW, 0.3),
        (lambda x, y: rbox(x, y, lo, lo, hi, hi, 0.1), dark, 1.0),
        (inner, colour, 1.0),
        (lambda x, y: max(brace(x, y), inner(x, y)), dark, 1.0),
    ]


def worker_layers(facing, frame):
    """facing: 'down', 'right', 'up', 'left'; frame 0 stand, 1 and 2 walk, 3 push."""
    side = facing in ("left", "right")
    sx = -1 if facing == "left" else 1
    step = {0: 0.0, 1: 0.05, 2: -0.05, 3: 0.03}[frame]
    layers = [(lambda x, y: ellipse(x, y, 0.5, 0.9, 0.26, 0.06), SHADOW, 0.28)]
    # Legs.
    if side:
        legs = [(0.5 + sx * step * 1.6, 0.0), (0.5 - sx * step * 1.6, 0.0)]
    else:
        legs = [(0.41, step), (0.59, -step)]
    for lx, ly in legs:
        layers.append((lambda x, y, lx=lx, ly=ly: rbox(x, y, lx - 0.06, 0.68 + ly, lx + 0.06, 0.9 + ly, 0.05), TROUSERS, 1.0))
    # Arms behind the body when walking; reaching forward when pushing.
    push = frame == 3
    if side and push:
        arms = [(0.5, 0.53, 0.5 + sx * 0.4, 0.53)]
    elif side:
        arms = [(0.5 - sx * step * 1.2, 0.5, 0.5 + sx * step * 2.0, 0.68)]
    elif push and facing == "up":
        arms = [(0.3, 0.52, 0.3, 0.34), (0.7, 0.52, 0.7, 0.34)]
    elif push:
        arms = [(0.3, 0.52, 0.36, 0.64), (0.7, 0.52, 0.64, 0.64)]
    else:
        arms = [(0.27, 0.52, 0.26, 0.68 - step), (0.73, 0.52, 0.74, 0.68 + step)]
    body = lambda x, y: rbox(x, y, 0.3, 0.44, 0.7, 0.78, 0.12)
    arm_layers = []
    for ax, ay, bx, by in arms:
        arm_layers.append((lambda x, y, a=(ax, ay, bx, by): segment(x, y, *a, 0.055), WORKER_DARK, 1.0))
        arm_layers.append((lambda x, y, bx=bx, by=by: circle(x, y, bx, by, 0.06), SKIN, 1.0))
    forward_arms = push and facing == "down"
    if not forward_arms:
        layers += arm_layers
    layers.append((body, WORKER, 1.0))
    layers.append((lambda x, y: max(body(x, y), rbox(x, y, 0, 0.69, 1, 0.72)), WORKER_DARK, 1.0))
    if forward_arms:
        layers += arm_layers
    # Head, hair, eyes.
    hx, hy, hr = 0.5, 0.28, 0.19
    head = lambda x, y: circle(x, y, hx, hy, hr)
    layers.append((head, SKIN, 1.0))
    if facing == "up":
        layers.append((lambda x, y: max(head(x, y), y - 0.4), HAIR, 1.0))
    elif facing == "down":
        layers.append((lambda x, y: max(head(x, y), y - 0.2), HAIR, 1.0))
        for ex in (0.43, 0.57):
            layers.append((lambda x, y, ex=ex: ellipse(x, y, ex, 0.29, 0.025, 0.035), EYE, 1.0))
    else:
        # Hair over the top and the back of the head.
        # The back of the head: behind the face, down to the neck.
        back = lambda x, y: max(sx * (x - 0.5) + 0.07, y - 0.36)
        layers.append((lambda x, y: max(head(x, y), min(y - 0.2, back(x, y))), HAIR, 1.0))
        layers.append((lambda x, y: ellipse(x, y, 0.5 + sx * 0.11, 0.29, 0.025, 0.035), EYE, 1.0))
    return layers


# --- icons (white on transparent, tinted by the UI) -------------------------------------------------

def icon_undo(mirror=False):
    f = (lambda x: 1 - x) if mirror else (lambda x: x)
    return [
        (lambda x, y: arc(f(x), y, 0.5, 0.56, 0.24, 0.055, -math.pi / 2 + 0.25, math.pi / 2), WHITE, 1.0),
        (lambda x, y: polygon(f(x), y, [(0.26, 0.32), (0.5, 0.14), (0.5, 0.5)]), WHITE, 1.0),
    ]


def icon_restart():
    return [
        (lambda x, y: arc(x, y, 0.5, 0.52, 0.26, 0.055, math.pi / 2 + 0.35, math.pi / 2 - 0.35), WHITE, 1.0),
        (lambda x, y: polygon(x, y, [(0.38, 0.12), (0.58, 0.26), (0.38, 0.40)]), WHITE, 1.0),
    ]


def icon_levels():
    out = []
    for i in range(3):
        for j in range(3):
            a, b = 0.2 + i * 0.22, 0.2 + j * 0.22
            out.append((lambda x, y, a=a, b=b: rbox(x, y, a, b, a + 0.16, b + 0.16, 0.04), WHITE, 1.0))
    return out


def icon_settings():
    def gear(x, y):
        ang = math.atan2(y - 0.5, x - 0.5)
        teeth = 0.3 + 0.06 * (1 if math.cos(8 * ang) > 0 else -1)
        outer = math.hypot(x - 0.5, y - 0.5) - teeth
        return max(outer, -circle(x, y, 0.5, 0.5, 0.11))
    return [(gear, WHITE, 1.0)]


def icon_next(mirror=False):
    f = (lambda x: 1 - x) if mirror else (lambda x: x)
    return [
        (lambda x, y: polygon(f(x), y, [(0.24, 0.22), (0.64, 0.5), (0.24, 0.78)]), WHITE, 1.0),
        (lambda x, y: rbox(f(x), y, 0.66, 0.22, 0.76, 0.78, 0.03), WHITE, 1.0),
    ]


def icon_play():
    return [(lambda x, y: polygon(x, y, [(0.3, 0.2), (0.76, 0.5), (0.3, 0.8)]), WHITE, 1.0)]


def icon_step(mirror=False):
    """One step on: a bar, then a triangle (mirrored: one step back)."""
    f = (lambda x: 1 - x) if mirror else (lambda x: x)
    return [
        (lambda x, y: rbox(f(x), y, 0.24, 0.22, 0.34, 0.78, 0.03), WHITE, 1.0),
        (lambda x, y: polygon(f(x), y, [(0.38, 0.22), (0.78, 0.5), (0.38, 0.78)]), WHITE, 1.0),
    ]


def icon_pause():
    return [
        (lambda x, y: rbox(x, y, 0.27, 0.2, 0.43, 0.8, 0.04), WHITE, 1.0),
        (lambda x, y: rbox(x, y, 0.57, 0.2, 0.73, 0.8, 0.04), WHITE, 1.0),
    ]


def icon_link():
    """Two tiles joined by a line with two turns (the Link mode)."""
    return [
        (lambda x, y: rbox(x, y, 0.14, 0.5, 0.38, 0.8, 0.04), WHITE, 1.0),
        (lambda x, y: rbox(x, y, 0.62, 0.5, 0.86, 0.8, 0.04), WHITE, 1.0),
        (lambda x, y: min(segment(x, y, 0.26, 0.46, 0.26, 0.24, 0.035),
                          segment(x, y, 0.26, 0.24, 0.74, 0.24, 0.035),
                          segment(x, y, 0.74, 0.24, 0.74, 0.46, 0.035)), WHITE, 1.0),
    ]


def icon_hint():
    """A magnifying glass."""
    return [
        (lambda x, y: abs(circle(x, y, 0.44, 0.42, 0.2)) - 0.05, WHITE, 1.0),
        (lambda x, y: segment(x, y, 0.59, 0.57, 0.8, 0.8, 0.06), WHITE, 1.0),
    ]


def icon_shuffle():
    """Two arrows crossing."""
    return [
        (lambda x, y: segment(x, y, 0.18, 0.72, 0.66, 0.3, 0.045), WHITE, 1.0),
        (lambda x, y: polygon(x, y, [(0.58, 0.2), (0.84, 0.2), (0.84, 0.46)]), WHITE, 1.0),
        (lambda x, y: segment(x, y, 0.18, 0.3, 0.66, 0.72, 0.045), WHITE, 1.0),
        (lambda x, y: polygon(x, y, [(0.84, 0.54), (0.84, 0.8), (0.58, 0.8)]), WHITE, 1.0),
    ]


# The atlas, in index order (art.rs names the same indices).
TILES = (
    [floor_layers(), goal_layers(), brick_layers(), box_layers(BOX, BOX_DARK),
     box_layers(BOX_ON_GOAL, BOX_ON_GOAL_DARK)]
    + [wall_layers(m) for m in range(16)]                                   # 5..20
    + [worker_layers(f, k) for f in ("down", "right", "up", "left") for k in range(4)]  # 21..36
    + [icon_undo(), icon_undo(True), icon_restart(), icon_levels(), icon_settings(),
       icon_next(), icon_next(True), icon_play()]                          # 37..44
    + [icon_step(True), icon_step(), icon_pause()]                          # 45..47
    + [icon_link(), icon_hint(), icon_shuffle()]                            # 48..50
)
assert len(TILES) <= COLUMNS * ROWS


def render(size, tiles=None, columns=COLUMNS, rows=ROWS):
    """The PNG of `tiles` (this script's TILES by default) in a columns x rows grid."""
    tiles = TILES if tiles is None else tiles
    cell = size + 2
    w, h = columns * cell, rows * cell
    px = [[0.0, 0.0, 0.0, 0.0] for _ in range(w * h)]
    for index, layers in enumerate(tiles):
        col, row = index % columns, index // columns
        for py in range(cell):
            for pxi in range(cell):
                # Pixel centre in unit coordinates; the frame pixels continue the drawing.
                x = (pxi - 1 + 0.5) / size
                y = (py - 1 + 0.5) / size
                r = g = b = a = 0.0
                for sdf, colour, alpha in layers:
                    cover = min(max(0.5 - sdf(x, y) * size, 0.0), 1.0) * alpha
                    if cover <= 0.0:
                        continue
                    # "Over", premultiplied.
                    r = colour[0] / 255 * cover + r * (1 - cover)
                    g = colour[1] / 255 * cover + g * (1 - cover)
                    b = colour[2] / 255 * cover + b * (1 - cover)
                    a = cover + a * (1 - cover)
                px[(row * cell + py) * w + col * cell + pxi] = [r, g, b, a]
    rows = []
    for y in range(h):
        line = bytearray([0])
        for x in range(w):
            r, g, b, a = px[y * w + x]
            if a > 0:
                line += bytes([round(r / a * 255), round(g / a * 255), round(b / a * 255), round(a * 255)])
            else:
                line += bytes(4)
        rows.append(bytes(line))
    return png(w, h, b"".join(rows))


def png(w, h, raw):
    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", w, h, 8, 6, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


if __name__ == "__main__":
    here = os.path.dirname(os.path.abspath(__file__))
    for size in SIZES:
        path = os.path.join(here, f"tiles-{size}.png")
        with open(path, "wb") as f:
            f.write(render(size))
        print(path)
