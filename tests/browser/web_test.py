#!/usr/bin/env python3
"""PushBox's web build played in a real browser: headless Chromium (WebGL2 on SwiftShader)
driven by Selenium, once as a desktop window (1280x720, mouse and keys) and once as a phone
(412x915 at device pixel ratio 2.625, touch).

In each: wait for the title screen, tap Continue, tap a floor cell and check that the worker
walked there by a shortest path, step (swipe on the phone, an arrow key on the desktop), reload
the page and check that the moves came back from the page's storage. At the phone's real density
the title screen, the level browser, the settings and Link are held to the layout rules. Then the
page as an app (manifest, installability, the service worker, an update, offline play), and a
browser set to Chinese getting the game in Chinese. Screenshots are saved and
checked pixel by pixel. The game publishes its state as `data-` attributes of the page's body
(src/game/mechanics/browser.rs).

Usage: python3 tests/browser/web_test.py [--dist web/dist] [--out target/browser-test]
Needs: web/dist from `bash web/build.sh`, chromium, chromium-driver, and the Python packages
selenium and pillow (`.ci/browser` installs them).
"""

import argparse
import collections
import functools
import http.server
import json
import os
import shutil
import sys
import tempfile
import threading
import time
import urllib.parse

from PIL import Image, ImageChops, ImageStat
from selenium import webdriver
from selenium.webdriver.chrome.service import Service

PHONE = {"width": 412, "height": 915, "pixelRatio": 1, "touch": True}
# The same phone at its real pixel density: the title screen only. At 1082x2402 pixels SwiftShader
# draws a frame a second, too slow for taps (a press and a release fall into one frame).
PHONE_HIDPI = dict(PHONE, pixelRatio=2.625)
# A phone whose browser speaks Chinese (Simplified, China).
PHONE_CHINESE = dict(PHONE, lang="zh-CN")
DESKTOP = {"width": 1280, "height": 720, "pixelRatio": 1, "touch": False}
# SwiftShader renders on the CPU: the first start compiles every shader.
START_SECONDS = 300
# The level the test plays (opened through the page's inbox, as the file picker does).
ROOMY = ["########", "#      #", "# $  . #", "#   @  #", "#      #", "########"]
# How long a frame takes until measured (SwiftShader on two cores: about 0.25 s at 1280x720,
# 1 s on the phone's 1082x2402 pixels); input events are spaced by it, so that each lands in a
# frame of its own as a person's finger does at 60 frames a second.
FRAME = 0.25


class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def serve(folder):
    handler = functools.partial(Quiet, directory=folder)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def open_browser(profile, screen):
    options = webdriver.ChromeOptions()
    options.binary_location = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    for arg in [
        "--headless=new", "--no-sandbox", "--use-angle=swiftshader", "--enable-unsafe-swiftshader",
        "--ignore-gpu-blocklist", "--enable-webgl", "--no-first-run", "--disable-quic",
        "--disable-background-networking", "--disable-component-update", "--disable-sync",
        f"--user-data-dir={profile}", f"--window-size={screen['width']},{screen['height']}",
    ]:
        options.add_argument(arg)
    if screen["touch"]:
        # The real scale factor as well as the emulated one: with only the emulated one,
        # headless Chromium reports the canvas's device-pixel size in CSS pixels (a
        # ResizeObserver's devicePixelContentBoxSize), and the game would draw 2.625 times too big.
        options.add_argument(f"--force-device-scale-factor={screen['pixelRatio']}")
        options.add_experimental_option("mobileEmulation", {
            "deviceMetrics": {k: screen[k] for k in ("width", "height", "pixelRatio", "touch")},
            "userAgent": "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 "
                         "(KHTML, like Gecko) Chrome/156.0 Mobile Safari/537.36",
        })
    if screen.get("lang"):
        # The browser's language, as a phone set to Chinese gives it to the page.
        options.add_argument(f"--lang={screen['lang']}")
        options.add_experimental_option("prefs", {"intl.accept_languages": screen["lang"]})
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    service = Service(os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver"))
    driver = webdriver.Chrome(options=options, service=service)
    if not screen["touch"]:
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
            "width": screen["width"], "height": screen["height"], "deviceScaleFactor": 1,
            "mobile": False})
    return driver


class Page:
    """The game's page in one browser, with the console kept."""

    def __init__(self, driver, screen, out, name):
        self.driver, self.screen, self.out, self.name = driver, screen, out, name
        self.console = []
        self.frame = FRAME
        self.retries = 0

    def measure_frame(self):
        """The page's frame time, from requestAnimationFrame over two seconds."""
        frames, ms = self.driver.execute_async_script("""const done = arguments[0];
            let n = 0; const t0 = performance.now();
            function tick() { n++; if (performance.now() - t0 < 2000) requestAnimationFrame(tick);
                              else done([n, performance.now() - t0]); }
            requestAnimationFrame(tick);""")
        self.frame = max(0.05, ms / 1000 / max(frames, 1))
        return self.frame

    def state(self):
        self.console += self.driver.get_log("browser")
        return self.driver.execute_script("return Object.assign({}, document.body.dataset)")

    def wait(self, what, test, seconds=30):
        end = time.time() + seconds
        while time.time() < end:
            s = self.state()
            if test(s):
                return s
            failed = [c["message"] for c in self.console if "pushbox: failed to start" in c["message"]]
            if failed:
                raise AssertionError(f"{self.name}: the page could not start the game: {failed[0]}")
            time.sleep(0.2)
        self.shot(f"failed-{what.replace(' ', '-')}")
        raise AssertionError(f"{self.name}: waited {seconds} s for {what}; the page says {s}")

    def shot(self, label):
        path = os.path.join(self.out, f"web-{self.name}-{label}.png")
        self.driver.save_screenshot(path)
        return Image.open(path).convert("RGB")

    def tap(self, x, y):
        if self.screen["touch"]:
            cdp = self.driver.execute_cdp_cmd
            cdp("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
            time.sleep(1.5 * self.frame)
            cdp("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
        else:
            # A frame between the events: the game sees the pointer arrive, press, then release.
            for kind in ["mouseMoved", "mousePressed", "mouseReleased"]:
                self.driver.execute_cdp_cmd("Input.dispatchMouseEvent", {
                    "type": kind, "x": x, "y": y, "button": "left", "clickCount": 1})
                time.sleep(1.5 * self.frame)

    def swipe(self, x, y, dx, dy):
        """A flick: down, two moves, up, each as soon as the page takes it (a slow swipe held
        at its end would repeat the step, as a held finger does)."""
        cdp = self.driver.execute_cdp_cmd
        cdp("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
        for part in (0.5, 1.0):
            cdp("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [
                {"x": x + dx * part, "y": y + dy * part}]})
        cdp("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})

    def key(self, code, key, vk):
        # Held for several frames, so that the game sees it down (it does not repeat keys).
        for kind in ["rawKeyDown", "keyUp"]:
            self.driver.execute_cdp_cmd("Input.dispatchKeyEvent", {
                "type": kind, "code": code, "key": key, "windowsVirtualKeyCode": vk})
            time.sleep(4 * self.frame)

    def tap_until(self, what, x, y, test):
        """Taps until `test` holds for the page's state: at a frame a second (the phone's pixels
        on SwiftShader) a tap's press and release can fall into one frame, which no person's
        finger does at 60; the retries are counted in the results."""
        for attempt in range(3):
            self.tap(x, y)
            try:
                return self.wait(what, test, 4 + 6 * self.frame)
            except AssertionError:
                self.retries += 1
                if attempt == 2:
                    raise
        raise AssertionError("unreachable")

    def settled(self):
        """The state once the layout has stopped moving (buttons are placed a frame or two after
        a screen opens)."""
        last = None
        for _ in range(50):
            s = self.state()
            if last is not None and s == last:
                return s
            last = s
            time.sleep(0.4)
        return last

    def button(self, state, name):
        for entry in state.get("buttons", "").split(";"):
            label, _, at = entry.partition("@")
            if label == name:
                x, y = at.split(",")
                return float(x), float(y)
        raise AssertionError(f"{self.name}: no button {name} on screen: {state.get('buttons')}")


def cell_centre(state, cell):
    left, top, size, _, _ = (float(v) for v in state["board"].split(","))
    return left + (cell[0] + 0.5) * size, top + (cell[1] + 0.5) * size


def worker(state):
    x, y = state["worker"].split(",")
    return int(x), int(y)


def walk_distances(rows, start):
    """Shortest walks from the worker over floor (no walls, no boxes)."""
    def free(x, y):
        return 0 <= y < len(rows) and 0 <= x < len(rows[y]) and rows[y][x] in " .@+"
    dist = {start: 0}
    queue = collections.deque([start])
    while queue:
        x, y = queue.popleft()
        for dx, dy in [(1, 0), (-1, 0), (0, 1), (0, -1)]:
            n = (x + dx, y + dy)
            if n not in dist and free(*n):
                dist[n] = dist[(x, y)] + 1
                queue.append(n)
    return dist, free


def region(image, state, cell, dpr):
    """The pixels of one cell, inset a little (in screenshot pixels)."""
    x, y = cell_centre(state, cell)
    half = float(state["board"].split(",")[2]) * 0.35
    return image.crop(tuple(int(v * dpr) for v in (x - half, y - half, x + half, y + half)))


def difference(a, b):
    return sum(ImageStat.Stat(ImageChops.difference(a, b)).mean) / 3


def check_title(page, image, dpr):
    """The title screen: a dark panel with light words over most of the page."""
    grey = image.convert("L")
    dark = sum(grey.histogram()[:70]) / (grey.width * grey.height)
    light = sum(grey.histogram()[200:])
    assert dark > 0.5, f"{page.name}: the title screen is mostly dark ({dark:.0%} is)"
    assert light > 200, f"{page.name}: the title shows light text ({light} light pixels)"
    assert image.size == (round(page.screen["width"] * dpr), round(page.screen["height"] * dpr)), \
        f"{page.name}: the canvas fills the page ({image.size})"


def play(page, url, dpr):
    driver = page.driver
    started = time.time()
    driver.get(url)
    s = page.wait("the title screen", lambda s: s.get("screen") == "Playing/Title", START_SECONDS)
    first_frame = driver.execute_script("return window.pushboxFirstFrame")
    title_at = time.time() - started
    s = page.settled()
    check_title(page, page.shot("title"), dpr)
    frame = page.measure_frame()

    page.tap_until("the board after Continue", *page.button(s, "Screen(Menu)"),
                   lambda s: s.get("screen") == "Playing/Active" and "board" in s and "rows" in s)
    # A level with room to walk, opened as the page's file picker hands a file over.
    driver.execute_script(
        "window.pushboxInbox.push({name: 'web-test.xsb', bytes: new TextEncoder().encode(arguments[0])})",
        "\n".join(ROOMY) + "\n")
    page.wait("the opened level", lambda s: s.get("rows") == "|".join(ROOMY))
    s = page.settled()
    kept = driver.execute_script(
        "return Object.keys(localStorage).filter(k => k.startsWith('/pushbox/collections/'))")
    assert any(k.endswith(".bxb") for k in kept), f"{page.name}: the level is kept: {kept}"
    rows = s["rows"].split("|")
    start, moves = worker(s), int(s["moves"])
    dist, free = walk_distances(rows, start)
    far = max(dist, key=lambda c: (dist[c], -c[1], -c[0]))
    assert dist[far] >= 2, f"{page.name}: a cell to walk to (the farthest is {dist[far]} away)"
    before = page.shot("before-walk")
    page.tap_until(f"the worker to set off for {far}", *cell_centre(s, far),
                   lambda s: worker(s) != start)
    s = page.wait(f"the worker to walk to {far}", lambda s: worker(s) == far, 20)
    page.settled()
    assert int(s["moves"]) == moves + dist[far], \
        f"{page.name}: a shortest walk of {dist[far]} steps ({moves} moves before, now {s['moves']})"
    time.sleep(0.5)
    after = page.shot("after-walk")
    for cell, what in [(far, "where the worker is now"), (start, "where it was")]:
        changed = difference(region(before, s, cell, dpr), region(after, s, cell, dpr))
        assert changed > 8, f"{page.name}: the cell {what} {cell} looks different ({changed:.1f})"
    wall = next((x, y) for y, row in enumerate(rows) for x, c in enumerate(row) if c == "#")
    still = difference(region(before, s, wall, dpr), region(after, s, wall, dpr))
    assert still < 2, f"{page.name}: a wall {wall} looks the same ({still:.1f})"

    # One step by a swipe (phone) or an arrow key (desktop) onto a free neighbour.
    moves = int(s["moves"])
    step = next(((dx, dy) for dx, dy in [(-1, 0), (1, 0), (0, -1), (0, 1)]
                 if free(far[0] + dx, far[1] + dy)), None)
    assert step, f"{page.name}: a free cell beside {far}"
    if page.screen["touch"]:
        x, y = cell_centre(s, far)
        # Past the game's 40-pixel swipe threshold once (each further 40 pixels is a step more).
        page.swipe(x, y, step[0] * 55, step[1] * 55)
    else:
        code, key, vk = {(-1, 0): ("ArrowLeft", "ArrowLeft", 37), (1, 0): ("ArrowRight", "ArrowRight", 39),
                         (0, -1): ("ArrowUp", "ArrowUp", 38), (0, 1): ("ArrowDown", "ArrowDown", 40)}[step]
        page.key(code, key, vk)
    page.wait(f"a step from {far}", lambda s: worker(s) != far, 20)
    s = page.settled()
    target = worker(s)
    k = abs(target[0] - far[0]) + abs(target[1] - far[1])
    assert target == (far[0] + k * step[0], far[1] + k * step[1]) and int(s["moves"]) == moves + k, \
        f"{page.name}: steps the way of {step} from {far} (now at {target}, {moves} -> {s['moves']} moves)"
    # A key steps once. A flick steps once on a phone; at a frame a second it may read as a
    # held finger, which steps on (counted in the results).
    assert k == 1 or page.screen["touch"], f"{page.name}: one step ({k} taken)"
    page.retries += k - 1
    moves = int(s["moves"])
    time.sleep(1.0)  # the move group is saved when it ends

    stored = driver.execute_script("return localStorage.getItem('/pushbox/session.ron')")
    assert stored and stored.startswith("t("), f"{page.name}: the session is in localStorage"
    driver.refresh()
    page.wait("the title screen after a reload", lambda s: s.get("screen") == "Playing/Title",
              START_SECONDS)
    s = page.settled()
    page.tap_until("the restored board", *page.button(s, "Screen(Menu)"),
                   lambda s: s.get("screen") == "Playing/Active" and "worker" in s)
    s = page.settled()
    assert worker(s) == target and int(s["moves"]) == moves, \
        f"{page.name}: after a reload the worker is at {s['worker']} with {s['moves']} moves " \
        f"(expected {target}, {moves})"
    page.shot("restored")
    return {"first_frame_ms": round(first_frame), "title_seconds": round(title_at, 1),
            "frame_ms": round(frame * 1000), "walk": dist[far], "tap_retries": page.retries}


def layout_violations(state, width, height):
    """The layout rules of tests/pushbox/layout.rs, on what the page says of its buttons and
    texts (CSS pixels): every button inside the page, none overlapping another, every label
    inside its button, every touch target at least 44x44, no text under 12 pixels."""
    out, targets = [], []
    for line in state.get("targets", "").splitlines():
        f = line.split(" ", 7)
        x, y, w, h, whole_w, whole_h = (float(v) for v in f[:6])
        name = f[7] if len(f) > 7 else ""
        targets.append((x, y, w, h, name))
        if x < -0.5 or y < -0.5 or x + w > width + 0.5 or y + h > height + 0.5:
            out.append(f"button {name!r} at {x},{y} ({w}x{h}) leaves the page")
        if whole_w < 43.5 or whole_h < 43.5:
            out.append(f"button {name!r} is {whole_w}x{whole_h}, under 44x44")
    for i, a in enumerate(targets):
        for b in targets[i + 1:]:
            across = min(a[0] + a[2], b[0] + b[2]) - max(a[0], b[0])
            down = min(a[1] + a[3], b[1] + b[3]) - max(a[1], b[1])
            if across > 1 and down > 1:
                out.append(f"buttons {a[4]!r} and {b[4]!r} overlap")
    for line in state.get("fits", "").splitlines():
        f = line.split(" ", 4)
        if float(f[0]) > float(f[2]) + 1 or float(f[1]) > float(f[3]) + 1:
            out.append(f"label {f[4]!r} ({f[0]}x{f[1]}) overflows its button ({f[2]}x{f[3]})")
    for line in state.get("texts", "").splitlines():
        size, _, text = line.partition(" ")
        if float(size) < 12:
            out.append(f"text {text!r} is {size} px, under 12")
    return out


def check_layout(page, state, screen):
    assert state.get("targets"), f"{page.name} {screen}: the page lists no buttons"
    broken = layout_violations(state, page.screen["width"], page.screen["height"])
    assert not broken, f"{page.name} {screen}: {len(broken)} layout rules broken: {broken}"
    return len(state["targets"].splitlines())


def look(page, url, dpr):
    """The title screen at a high pixel density: drawn at full resolution, laid out in CSS
    pixels (the buttons where a 412-pixel-wide page has them); then the level browser, the
    settings and Link, each held to the layout rules."""
    page.driver.get(url)
    page.wait("the title screen", lambda s: s.get("screen") == "Playing/Title", START_SECONDS)
    # At about a frame a second the state can be read twice within one frame: wait for the
    # title's own buttons (a screen's buttons are listed the frame after it opens).
    page.wait("the title's buttons", lambda s: "Screen(Menu)@" in s.get("buttons", ""), 60)
    s = page.settled()
    check_title(page, page.shot("title"), dpr)
    width = page.driver.execute_script("return document.getElementById('pushbox').width")
    assert abs(width - page.screen["width"] * dpr) <= 2, \
        f"{page.name}: the canvas has {width} pixels across, not {page.screen['width'] * dpr:.0f}"
    x, _ = page.button(s, "Screen(Menu)")
    assert abs(x - page.screen["width"] / 2) < 2, f"{page.name}: Continue is centred ({x})"
    frame = page.measure_frame()
    buttons = {"Title": check_layout(page, s, "title")}
    # Tab opens the level browser and O the settings from the title screen; Escape returns.
    for screen, key in [("Picking", ("Tab", "Tab", 9)), ("Settings", ("KeyO", "o", 79))]:
        page.key(*key)
        page.wait(f"the {screen} screen", lambda s: s.get("screen") == f"Playing/{screen}", 60)
        time.sleep(3 * page.frame)  # its buttons are listed once laid out, a frame or two on
        s = page.settled()
        page.shot(screen.lower())
        buttons[screen] = check_layout(page, s, screen)
        page.key("Escape", "Escape", 27)
        page.wait("the title screen again", lambda s: s.get("screen") == "Playing/Title", 60)
        page.wait("the title's buttons", lambda s: "Screen(Menu)@" in s.get("buttons", ""), 60)
    s = page.settled()
    page.tap_until("the Link mode", *page.button(s, "Screen(Link)"),
                   lambda s: s.get("screen") == "Playing/Link")
    time.sleep(3 * page.frame)
    s = page.settled()
    page.shot("link")
    buttons["Link"] = check_layout(page, s, "Link")
    return {"canvas_pixels": width, "frame_ms": round(frame * 1000), "buttons_checked": buttons}


def speaks_the_browsers_language(page, url):
    """With no language chosen in the settings, the game speaks the browser's: a browser set to
    zh-CN gets the title screen in Chinese."""
    driver = page.driver
    page.driver.get(url)
    language = driver.execute_script("return navigator.language")
    assert language.startswith("zh"), f"{page.name}: the browser's language is {language}"
    page.wait("the title screen", lambda s: s.get("screen") == "Playing/Title", START_SECONDS)
    s = page.wait("the Chinese title screen", lambda s: "推箱子" in s.get("texts", ""), 60)
    page.shot("title")
    assert "继续" in s["texts"], f"{page.name}: Continue in Chinese: {s['texts']}"
    page_button = driver.execute_script("return document.getElementById('open').textContent")
    assert page_button == "打开文件…", f"{page.name}: the page's own button: {page_button}"
    return {"navigator_language": language}


def caches_now(driver):
    """The page's caches and how many files they hold."""
    return driver.execute_async_script("""const done = arguments[0];
        caches.keys().then(async (keys) => {
          let n = 0; for (const k of keys) n += (await (await caches.open(k)).keys()).length;
          done([keys, n]); });""")


def installable_and_offline(page, dist):
    """The page as an app, from a server of its own (a copy of the build): the browser reads the
    manifest without errors and finds nothing missing to install it; the service worker takes
    the page over; a new build (its version changed) is fetched, said to be ready, and, the
    player being on the title screen, replaces the old cache with a reload; then, with the
    network off (emulated, and the server stopped), a reload reaches the title screen and a level
    plays."""
    driver = page.driver
    copy = tempfile.mkdtemp()
    shutil.copytree(dist, copy, dirs_exist_ok=True)
    server = serve(copy)
    driver.get(f"http://127.0.0.1:{server.server_address[1]}/index.html")
    page.wait("the title screen", lambda s: s.get("screen") == "Playing/Title", START_SECONDS)
    manifest = driver.execute_cdp_cmd("Page.getAppManifest", {})
    assert manifest.get("url", "").endswith("manifest.webmanifest"), f"{page.name}: {manifest}"
    assert not manifest.get("errors"), f"{page.name}: the manifest's errors: {manifest['errors']}"
    missing = driver.execute_cdp_cmd("Page.getInstallabilityErrors", {}).get("installabilityErrors", [])
    assert not missing, f"{page.name}: not installable: {missing}"
    end = time.time() + 120
    while not driver.execute_script("return !!(navigator.serviceWorker && navigator.serviceWorker.controller)"):
        assert time.time() < end, f"{page.name}: no service worker took the page over"
        time.sleep(0.5)
    first = caches_now(driver)
    assert len(first[0]) == 1, f"{page.name}: one cache after the first visit: {first}"
    # A new build: its service worker names another version.
    sw = os.path.join(copy, "sw.js")
    with open(sw) as f:
        text = f.read()
    with open(sw, "w") as f:
        f.write(text.replace(first[0][0].removeprefix("pushbox-"), "test-new-build"))
    driver.execute_script("window.pushboxBeforeUpdate = true; "
                          "navigator.serviceWorker.getRegistration().then((r) => r.update())")
    end = time.time() + 120
    while caches_now(driver)[0] != ["pushbox-test-new-build"]:
        assert time.time() < end, f"{page.name}: the new build did not replace {caches_now(driver)}"
        time.sleep(1)
    page.wait("the title screen after the update", lambda s: s.get("screen") == "Playing/Title",
              START_SECONDS)
    said = [c["message"] for c in page.console + driver.get_log("browser")
            if "a new version is ready" in c["message"]]
    assert said, f"{page.name}: the page said nothing of the new version"
    end = time.time() + 60
    while driver.execute_script("return window.pushboxBeforeUpdate === true"):
        assert time.time() < end, f"{page.name}: the page did not reload into the new build"
        time.sleep(0.5)
    cached = caches_now(driver)
    driver.execute_cdp_cmd("Network.enable", {})
    driver.execute_cdp_cmd("Network.emulateNetworkConditions", {
        "offline": True, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})
    server.shutdown()
    started = time.time()
    driver.refresh()
    page.wait("the title screen offline", lambda s: s.get("screen") == "Playing/Title", START_SECONDS)
    title_offline = time.time() - started
    page.wait("the title's buttons", lambda s: "Screen(Menu)@" in s.get("buttons", ""), 60)
    s = page.settled()
    page.tap_until("a level offline", *page.button(s, "Screen(Menu)"),
                   lambda s: s.get("screen") == "Playing/Active" and "worker" in s)
    s = page.settled()
    moves = int(s["moves"])
    for code, key, vk in [("ArrowLeft", "ArrowLeft", 37), ("ArrowRight", "ArrowRight", 39),
                          ("ArrowUp", "ArrowUp", 38), ("ArrowDown", "ArrowDown", 40)]:
        page.key(code, key, vk)
        if int(page.settled()["moves"]) > moves:
            break
    assert int(page.settled()["moves"]) > moves, f"{page.name}: a step offline"
    page.shot("offline")
    return {"cache": cached[0], "files_cached": cached[1], "title_offline_seconds": round(title_offline, 1)}


def share_link(base, rows, title=None, lurd=None):
    """A share link as the game makes it (src/core/share.rs): the level as RLE (here plain rows
    joined by |), each value encoded as encodeURIComponent does."""
    quote = functools.partial(urllib.parse.quote, safe="-_.!~*'()")
    link = f"{base}#level={quote('|'.join(rows).replace(' ', '-'))}"
    if title:
        link += f"&title={quote(title)}"
    if lurd:
        link += f"&lurd={quote(lurd)}"
    return link


def shares_levels_by_link(page, url, out):
    """"Copy link" in the level menu puts a link on the clipboard; that link, opened in a new
    browser profile, shows the same level (kept in "Shared with you"); a link with a solution
    replays it; five broken links (not RLE, no worker, a megabyte long, a script, a broken
    escape) each give a notice, and the game goes on."""
    driver = page.driver
    driver.get(url)
    page.wait("the title screen", lambda s: s.get("screen") == "Playing/Title", START_SECONDS)
    s = page.settled()
    page.tap_until("a level", *page.button(s, "Screen(Menu)"),
                   lambda s: s.get("screen") == "Playing/Active" and "rows" in s)
    rows = page.settled()["rows"]
    # What the game puts on the clipboard, kept where the test can read it.
    driver.execute_script("navigator.clipboard.writeText = (t) => { window.pushboxCopied = t; "
                          "return Promise.resolve(); }")
    page.key("KeyL", "l", 76)
    s = page.wait("the level menu", lambda s: s.get("screen") == "Playing/LevelMenu")
    s = page.settled()
    page.tap(*page.button(s, "Screen(CopyLink { solution: false })"))
    end = time.time() + 30
    while not (link := driver.execute_script("return window.pushboxCopied")):
        assert time.time() < end, f"{page.name}: Copy link put nothing on the clipboard"
        time.sleep(0.3)
    assert link.startswith(url + "#level="), f"{page.name}: the link {link}"

    with tempfile.TemporaryDirectory() as profile:
        other = Page(open_browser(profile, page.screen), page.screen, out, page.name + "-friend")
        try:
            other.driver.get(link)
            other.wait("the shared level", lambda s: s.get("rows") == rows
                       and s.get("screen") == "Playing/Active", START_SECONDS)
            other.shot("shared-level")
            kept = other.driver.execute_script(
                "return localStorage.getItem('/pushbox/collections/shared-with-you.bxb')")
            assert kept, f"{other.name}: the level is kept in Shared with you"
            address = other.driver.current_url
            assert "#" not in address, f"{other.name}: the address is the game's page ({address})"

            corridor = ["########", "#@ $  .#", "########"]
            set_hash = "location.hash = arguments[0].slice(arguments[0].indexOf('#'))"
            other.driver.execute_script(set_hash, share_link(url, corridor, "Corridor", "rRRR"))
            other.wait("the link's solution replayed", lambda s: s.get("screen") == "Playing/Replay"
                       and s.get("rows") == "########|#    @*#|########", 60)
            other.shot("shared-solution")
            # Links wait while a replay has the board: close it first.
            other.key("Escape", "Escape", 27)
            other.wait("the level after the replay", lambda s: s.get("screen") != "Playing/Replay")
            broken = [
                ("not RLE", share_link(url, ["hello"]), "not RLE"),
                ("no worker", share_link(url, ["#####", "#.$ #", "#####"]), "cannot be played"),
                ("a megabyte", url + "#level=" + "%23" * 350_000, "characters long"),
                ("a script", share_link(url, ["<script>alert(1)</script>"]), "'<'"),
                ("a broken escape", url + "#level=7%2", "%-escape"),
            ]
            for what, bad, says in broken:
                other.driver.execute_script(set_hash, bad)
                other.wait(f"the notice for {what}", lambda s: "the link was not opened" in
                           s.get("texts", "") and says in s.get("texts", ""), 60)
            other.shot("broken-links")
            other.console += other.driver.get_log("browser")
            panics = [c["message"] for c in other.console if "panicked" in c["message"]]
            assert not panics, f"{other.name}: the game panicked: {panics[0]}"
        finally:
            other.driver.quit()
    return {"link_chars": len(link), "broken_links_refused": len(broken)}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--dist", default="web/dist")
    parser.add_argument("--out", default="target/browser-test")
    parser.add_argument("--only", choices=["desktop", "phone", "phone-hidpi", "app", "chinese",
                                                  "share"])
    args = parser.parse_args()
    if not os.path.exists(os.path.join(args.dist, "pushbox_bg.wasm")):
        sys.exit(f"{args.dist}/pushbox_bg.wasm is missing: run `bash web/build.sh` first")
    os.makedirs(args.out, exist_ok=True)
    server = serve(args.dist)
    url = f"http://127.0.0.1:{server.server_address[1]}/index.html"
    results, failed = {}, False
    for name, screen in [("desktop", DESKTOP), ("phone", PHONE), ("phone-hidpi", PHONE_HIDPI),
                         ("app", DESKTOP), ("chinese", PHONE_CHINESE), ("share", DESKTOP)]:
        if args.only and args.only != name:
            continue
        with tempfile.TemporaryDirectory() as profile:
            driver = open_browser(profile, screen)
            page = Page(driver, screen, args.out, name)
            try:
                if name == "app":
                    results[name] = installable_and_offline(page, args.dist)
                elif name == "chinese":
                    results[name] = speaks_the_browsers_language(page, url)
                elif name == "share":
                    results[name] = shares_levels_by_link(page, url, args.out)
                elif screen["pixelRatio"] > 1:
                    results[name] = look(page, url, screen["pixelRatio"])
                else:
                    results[name] = play(page, url, screen["pixelRatio"])

                if name == "phone":
                    shot = Image.open(os.path.join(args.out, "web-phone-after-walk.png"))
                    assert shot.height > shot.width, f"phone: a portrait page ({shot.size})"
                print(f"{name}: passed {json.dumps(results[name])}")
            except Exception as e:  # noqa: BLE001 - report, keep the console, go on
                failed = True
                print(f"{name}: FAILED: {e}")
            finally:
                page.console += driver.get_log("browser")
                with open(os.path.join(args.out, f"web-{name}-console.txt"), "w") as f:
                    for line in page.console:
                        f.write(f"{line['level']} {line['message']}\n")
                panics = [c["message"] for c in page.console if "panicked" in c["message"]]
                if panics:
                    failed = True
                    print(f"{name}: the game panicked: {panics[0]}")
                driver.quit()
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
