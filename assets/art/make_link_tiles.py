#!/usr/bin/env python3
"""Draws the Link mode's 62 tile faces with code, in the tile set's style, as texture atlases.

Run from anywhere: python3 assets/art/make_link_tiles.py. Writes link-64.png and link-128.png
beside this script: an 8 x 8 grid of tiles (face 1 is tile 0, face 62 is tile 61, tile 62 is the
blank tile), each in a cell of size + 2 pixels as make_art.py lays them out.

Every face is a symbol on an ivory tile: one of 8 shapes (circle, square, diamond, triangle,
hexagon, four-point star, plus, bow tie) with one of 8 inner marks (solid, dot, ring, bar across,
bar up, two dots, three dots, cross), so that shape and mark alone tell all 62 apart; the mark
also picks the colour from the Okabe-Ito palette, which stays distinct for colour-blind players.
Face k (0-based) has shape k // 8 and mark k % 8. The same signed distance functions as the tile
set, anti-aliased from the distance.
"""
import math
import os

from make_art import circle, polygon, rbox, render, segment

SIZES = [64, 128]
COLUMNS = ROWS = 8

IVORY = (240, 233, 216)
IVORY_EDGE = (188, 174, 148)
OUTLINE = (40, 38, 44)
# Okabe & Ito (2008), colour-blind safe; black lifted a little, yellow deepened for the ivory.
COLOURS = [
    (52, 52, 60), (230, 159, 0), (86, 180, 233), (0, 158, 115),
    (222, 200, 30), (0, 114, 178), (213, 94, 0), (204, 121, 167),
]

CX, CY, R = 0.5, 0.47, 0.25


def regular(n, r, cx=CX, cy=CY, turn=0.0):
    """A regular polygon's points, clockwise on screen (y down)."""
    return [(cx + r * math.cos(turn + 2 * math.pi * i / n),
             cy + r * math.sin(turn + 2 * math.pi * i / n)) for i in range(n)]


def shape(k):
    """The SDF of shape k and the centre its mark sits on."""
    if k == 0:
        return (lambda x, y: circle(x, y, CX, CY, R)), (CX, CY)
    if k == 1:
        return (lambda x, y: rbox(x, y, CX - R * 0.9, CY - R * 0.9, CX + R * 0.9, CY + R * 0.9, 0.04)), (CX, CY)
    if k == 2:
        pts = [(CX, CY - R * 1.15), (CX + R * 1.15, CY), (CX, CY + R * 1.15), (CX - R * 1.15, CY)]
        return (lambda x, y: polygon(x, y, pts)), (CX, CY)
    if k == 3:
        pts = regular(3, R * 1.25, CX, CY + 0.05, -math.pi / 2)
        return (lambda x, y: polygon(x, y, pts)), (CX, CY + 0.07)
    if k == 4:
        pts = regular(6, R * 1.05)
        return (lambda x, y: polygon(x, y, pts)), (CX, CY)
    if k == 5:
        a = [(CX, CY - R * 1.25), (CX + R * 0.4, CY), (CX, CY + R * 1.25), (CX - R * 0.4, CY)]
        b = [(CX - R * 1.25, CY), (CX, CY - R * 0.4), (CX + R * 1.25, CY), (CX, CY + R * 0.4)]
        return (lambda x, y: min(polygon(x, y, a), polygon(x, y, b))), (CX, CY)
    if k == 6:
        w = R * 0.42
        return (lambda x, y: min(rbox(x, y, CX - R, CY - w, CX + R, CY + w, 0.02),
                                 rbox(x, y, CX - w, CY - R, CX + w, CY + R, 0.02))), (CX, CY)
    left = [(CX - R * 1.05, CY - R * 0.9), (CX, CY), (CX - R * 1.05, CY + R * 0.9)]
    right = [(CX + R * 1.05, CY - R * 0.9), (CX + R * 1.05, CY + R * 0.9), (CX, CY)]
    # A bow tie with a knot in the middle to hold the mark.
    return (lambda x, y: min(polygon(x, y, left), polygon(x, y, right),
                             circle(x, y, CX, CY, R * 0.42))), (CX, CY)


def mark(m, cx, cy):
    """The SDF of inner mark m (drawn in ivory on the symbol), or None for a solid symbol."""
    d = 0.065
    if m == 0:
        return None
    if m == 1:
        return lambda x, y: circle(x, y, cx, cy, d)
    if m == 2:
        return lambda x, y: abs(circle(x, y, cx, cy, d * 1.3)) - 0.022
    if m == 3:
        return lambda x, y: segment(x, y, cx - d * 1.6, cy, cx + d * 1.6, cy, 0.03)
    if m == 4:
        return lambda x, y: segment(x, y, cx, cy - d * 1.6, cx, cy + d * 1.6, 0.03)
    if m == 5:
        return lambda x, y: min(circle(x, y, cx - d, cy, 0.042), circle(x, y, cx + d, cy, 0.042))
    if m == 6:
        return lambda x, y: min(circle(x, y, cx, cy - d, 0.036), circle(x, y, cx - d, cy + d * 0.7, 0.036),
                                circle(x, y, cx + d, cy + d * 0.7, 0.036))
    e = d * 1.2
    return lambda x, y: min(segment(x, y, cx - e, cy - e, cx + e, cy + e, 0.026),
                            segment(x, y, cx - e, cy + e, cx + e, cy - e, 0.026))


def tile_layers():
    """The blank tile: an ivory face on a darker edge, lit from the top left."""
    return [
        (lambda x, y: rbox(x, y, 0.05, 0.05, 0.97, 0.97, 0.12), IVORY_EDGE, 1.0),
        (lambda x, y: rbox(x, y, 0.03, 0.03, 0.92, 0.92, 0.11), IVORY, 1.0),
    ]


def face_layers(k):
    sdf, (cx, cy) = shape(k // 8)
    m = k % 8
    colour = COLOURS[m]
    layers = tile_layers() + [
        (lambda x, y: sdf(x, y) - 0.022, OUTLINE, 1.0),
        (sdf, colour, 1.0),
    ]
    inner = mark(m, cx, cy)
    if inner is not None:
        layers.append((inner, IVORY, 1.0))
    return layers


TILES = [face_layers(k) for k in range(62)] + [tile_layers()]


if __name__ == "__main__":
    here = os.path.dirname(os.path.abspath(__file__))
    for size in SIZES:
        path = os.path.join(here, f"link-{size}.png")
        with open(path, "wb") as f:
            f.write(render(size, TILES, COLUMNS, ROWS))
        print(path)
