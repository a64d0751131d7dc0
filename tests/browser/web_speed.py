#!/usr/bin/env python3
"""The web build's download and speed, for one build or several side by side (a benchmark
harness, not a test: figures on a shared machine are only comparable within one run).

For each build folder (made by `bash web/build.sh`): the module's size raw and gzipped (level
9), then, in headless Chromium as a phone (412x915 CSS pixels at density 2.625, touch), each
from a fresh profile: the first frame (ms after the page opened), the time to the title screen,
and the frame time while the worker walks on XSokoban 5 (opened as the page's file picker
opens a file, which builds without share links have too): the median and
95th percentile of the gaps between 300 requestAnimationFrame callbacks. The builds take turns,
`--rounds` times, so that a load on the machine falls on both.

Usage: python3 tests/browser/web_speed.py DIST [DIST ...] [--frames 300] [--rounds 1]
Needs what tests/browser/web_test.py needs, and tests/data (XSokoban 5 is a published level, a
test fixture).
"""

import argparse
import gzip
import json
import os
import statistics
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import web_test  # noqa: E402

PHONE = web_test.PHONE_HIDPI
HERE = os.path.dirname(os.path.abspath(__file__))


def xsokoban_5():
    path = os.path.join(HERE, "..", "data", "levels", "xsokoban", "XSokoban_90.xsb")
    boards, rows = [], []
    for line in open(path, encoding="utf-8"):
        line = line.rstrip("\n")
        if line.strip() and set(line) <= set(" #@+$*."):
            rows.append(line)
        elif rows:
            boards.append(rows)
            rows = []
    if rows:
        boards.append(rows)
    return boards[4]


def download(dist):
    with open(os.path.join(dist, "pushbox_bg.wasm"), "rb") as f:
        wasm = f.read()
    return {"wasm_bytes": len(wasm), "wasm_gzip_bytes": len(gzip.compress(wasm, 9))}


RECORD = """window.pushboxGaps = []; let last = performance.now();
    function tick(now) { window.pushboxGaps.push(now - last); last = now;
                         requestAnimationFrame(tick); }
    requestAnimationFrame(tick);"""


def walking_frames(page, frames):
    """Frame gaps while the worker walks back and forth between two far cells."""
    driver = page.driver
    s = page.settled()
    rows = s["rows"].split("|")
    start = web_test.worker(s)
    dist, _ = web_test.walk_distances(rows, start)
    far = max(dist, key=lambda c: (dist[c], -c[1], -c[0]))
    driver.execute_script(RECORD)
    goals, turn, end = [far, start], 0, time.time() + 30 * 60
    while driver.execute_script("return window.pushboxGaps.length") < frames + 1:
        assert time.time() < end, "the walk took over half an hour"
        s = page.state()
        here = web_test.worker(s)
        target = goals[turn % 2]
        if here == target:
            turn += 1
            continue
        page.tap(*web_test.cell_centre(s, target))
        deadline = time.time() + 15
        while web_test.worker(page.state()) == here and time.time() < deadline:
            time.sleep(0.2)
        while time.time() < deadline + 120:
            before = web_test.worker(page.state())
            time.sleep(1.0)
            if web_test.worker(page.state()) == before:
                break
    gaps = driver.execute_script("return window.pushboxGaps")[1:frames + 1]
    gaps.sort()
    return {"walk_frames": len(gaps), "frame_median_ms": round(statistics.median(gaps), 1),
            "frame_p95_ms": round(gaps[int(0.95 * (len(gaps) - 1))], 1)}


def measure(dist, frames, out):
    server = web_test.serve(dist)
    url = f"http://127.0.0.1:{server.server_address[1]}/index.html"
    figures = download(dist)
    with tempfile.TemporaryDirectory() as profile:
        driver = web_test.open_browser(profile, PHONE)
        page = web_test.Page(driver, PHONE, out, "speed")
        try:
            started = time.time()
            driver.get(url)
            page.wait("the title screen", lambda s: s.get("screen") == "Playing/Title",
                      web_test.START_SECONDS)
            figures["title_seconds"] = round(time.time() - started, 1)
            figures["first_frame_ms"] = round(driver.execute_script("return window.pushboxFirstFrame"))
            page.frame = 1.0
            driver.execute_script(
                "window.pushboxInbox.push({name: 'xsokoban-5.xsb', "
                "bytes: new TextEncoder().encode(arguments[0])})", "\n".join(xsokoban_5()) + "\n")
            page.wait("XSokoban 5", lambda s: s.get("screen") == "Playing/Active"
                      and s.get("rows", "").count("|") == len(xsokoban_5()) - 1, 120)
            figures.update(walking_frames(page, frames))
        finally:
            driver.quit()
            server.shutdown()
    return figures


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("dists", nargs="+")
    parser.add_argument("--frames", type=int, default=300)
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--out", default="target/browser-test")
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    for _ in range(args.rounds):
        for dist in args.dists:
            print(json.dumps({"build": dist, **measure(dist, args.frames, args.out)}), flush=True)


if __name__ == "__main__":
    main()
