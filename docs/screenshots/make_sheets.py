#!/usr/bin/env python3
"""Makes docs/screenshots/sheet-WxH.png: one contact sheet per window size, every screen of the
game side by side (the same tour as tests/pushbox/layout.rs), played by the real game window
under Xvfb in its scripted mode.

Needs a built game (cargo build), xvfb-run, Mesa's software Vulkan (bash .ci/setup installs
both) and Pillow (apt-get install python3-pil). Run from the repository:

    python3 docs/screenshots/make_sheets.py [--bin target/debug/pushbox] [--lang en] [SIZE ...]
"""
import argparse
import os
import subprocess
import sys
import tempfile

from PIL import Image, ImageDraw

SIZES = ["360x640", "390x844", "412x915", "640x360", "844x390", "915x412",
         "820x1180", "1280x720", "1920x1080"]

# (name, steps from the screen before): as tests/pushbox/layout.rs tours them.
TOUR = [
    ("play", "frames 2"),
    ("level menu", "key L; frames 3"),
    ("title", "key Escape; key Home; frames 2"),
    ("levels", "key Escape; key Tab; frames 3"),
    ("settings", "key Escape; key O; frames 2"),
    ("snapshots", "key Escape; key F5; frames 2"),
    ("notice", "key Escape; key Ctrl+C; frames 3"),
    ("solved", "lurd rRR; frames 3"),
    ("replay", "key V; frames 3"),
    ("link", "key Escape; key Escape; button {LINK}; frames 4"),
    ("link paused", "key P; frames 3"),
    ("designer", "key P; key Escape; key Escape; key E; frames 3"),
]

LINK = {"en": "Link", "zh-Hans": "连连看"}
# Each screenshot is scaled down to at most this height on the sheet (never up).
ROW_HEIGHT = 560


def shoot(binary, size, lang, out):
    w, h = (int(v) for v in size.split("x"))
    side = max(w, h)
    steps = []
    for i, (name, step) in enumerate(TOUR):
        steps.append(step.format(LINK=LINK[lang]) + f"; screenshot {out}/{i:02}.png")
    cmd = ["xvfb-run", "-a", "-s", f"-screen 0 {side}x{side}x24", binary, "play",
           "--lang", lang, "--size", size, "--data-dir", f"{out}/data", "--input", "; ".join(steps)]
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return [Image.open(f"{out}/{i:02}.png").convert("RGB") for i in range(len(TOUR))]


def sheet(shots, size, columns):
    k = min(1.0, ROW_HEIGHT / shots[0].height)
    cell_w, cell_h = int(shots[0].width * k), int(shots[0].height * k)
    label_h, gap = 28, 12
    rows = (len(shots) + columns - 1) // columns
    out = Image.new("RGB", (columns * (cell_w + gap) + gap, rows * (cell_h + label_h + gap) + gap),
                    (40, 42, 48))
    draw = ImageDraw.Draw(out)
    for i, (shot, (name, _)) in enumerate(zip(shots, TOUR)):
        x = gap + (i % columns) * (cell_w + gap)
        y = gap + (i // columns) * (cell_h + label_h + gap)
        draw.text((x, y + 6), f"{name} ({size})", fill=(230, 232, 236))
        out.paste(shot.resize((cell_w, cell_h), Image.LANCZOS), (x, y + label_h))
    # A palette of 256 colours keeps a sheet small enough for the repository.
    return out.quantize(colors=256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--bin", default=os.environ.get("PUSHBOX_BIN", "target/debug/pushbox"))
    p.add_argument("--lang", default="en", choices=sorted(LINK))
    p.add_argument("sizes", nargs="*", default=SIZES)
    args = p.parse_args()
    if not os.access(args.bin, os.X_OK):
        sys.exit(f"{args.bin}: no game binary there (cargo build, or --bin PATH)")
    for size in args.sizes:
        if size not in SIZES and "x" not in size:
            sys.exit(f"{size}: a size is WxH, for example 412x915")
        with tempfile.TemporaryDirectory() as tmp:
            shots = shoot(args.bin, size, args.lang, tmp)
        w, h = (int(v) for v in size.split("x"))
        columns = 6 if h >= w else 4
        path = os.path.join(here, f"sheet-{size}.png" if args.lang == "en" else f"sheet-{size}-{args.lang}.png")
        sheet(shots, size, columns).save(path, optimize=True)
        print(f"{path}: {len(shots)} screens", file=sys.stderr)


if __name__ == "__main__":
    main()
