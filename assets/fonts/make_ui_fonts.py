#!/usr/bin/env python3
"""Makes the two interface fonts the game draws its screens with:

- assets/fonts/PushBoxUI.otf: a subset of Inter Regular (SIL Open Font License 1.1, see
  Inter-OFL.txt), a typeface made for interfaces, with its tabular figures ("tnum") kept for the
  counters. Latin (ASCII and Latin-1) and the few symbols the screens use; Chinese, Japanese and
  Korean fall back to PushBoxCJK.otf.
- assets/fonts/PushBoxIcons.ttf: the toolbar's icons, a subset of Google's Material Icons
  (Apache License 2.0, see Icons-LICENSE.txt), by codepoint (the game names them in
  src/game/vocab/icons.rs; the ligatures are dropped).

Both come from Debian's packages: fonts-inter and fonts-material-design-icons-iconfont.
Rebuild: apt-get install fonts-inter fonts-material-design-icons-iconfont python3-fonttools
&& python3 assets/fonts/make_ui_fonts.py
"""
import os
import sys

from fontTools import subset
from fontTools.ttLib import TTFont

INTER = "/usr/share/fonts/opentype/inter/Inter-Regular.otf"
ICONS = "/usr/share/fonts/truetype/material-design-icons-iconfont/MaterialIcons-Regular.ttf"

# Material Icons' names and codepoints, as src/game/vocab/icons.rs uses them.
ICON_CODEPOINTS = {
    "undo": 0xE166, "redo": 0xE15A, "restart_alt": 0xF053, "lightbulb": 0xE0F0,
    "grid_view": 0xE9B0, "more_horiz": 0xE5D3, "home": 0xE88A, "settings": 0xE8B8,
    "skip_previous": 0xE045, "skip_next": 0xE044, "edit": 0xE3C9, "close": 0xE5CD,
    "content_copy": 0xE14D, "photo_camera": 0xE412, "swap_horiz": 0xE8D4,
    "file_download": 0xE2C4, "play_arrow": 0xE037, "pause": 0xE034, "first_page": 0xE5DC,
    "last_page": 0xE5DD, "chevron_left": 0xE5CB, "chevron_right": 0xE5CC,
    "fast_forward": 0xE01F, "fast_rewind": 0xE020, "shuffle": 0xE043, "link": 0xE157,
    "add": 0xE145, "remove": 0xE15B, "check": 0xE5CA, "arrow_back": 0xE5C4, "star": 0xE838,
    "emoji_events": 0xEA23, "timer": 0xE425, "zoom_in": 0xE8FF, "zoom_out": 0xE900,
    "delete": 0xE872, "save": 0xE161, "folder_open": 0xE2C8, "info": 0xE88E,
    "replay": 0xE042, "menu": 0xE5D2, "crop_free": 0xE3C2, "play_circle": 0xE1C4,
    "done_all": 0xE877, "volume_up": 0xE050, "language": 0xE894, "warning": 0xE002,
    "tune": 0xE429, "upload_file": 0xE9FC, "view_in_ar": 0xE9FE, "aspect_ratio": 0xE85B,
    "arrow_downward": 0xE5DB, "share": 0xE80D,
}


def latin():
    chars = {chr(c) for c in range(0x20, 0x7F)} | {chr(c) for c in range(0xA0, 0x100)}
    chars |= set("…—×–•→←↑↓·−‘’“”")
    return chars


def subset_font(path, unicodes, features, out):
    font = TTFont(path)
    options = subset.Options()
    options.layout_features = features
    options.hinting = False
    options.name_IDs = ["*"]
    options.notdef_outline = True
    sub = subset.Subsetter(options)
    sub.populate(unicodes=unicodes)
    sub.subset(font)
    font.save(out)
    print(f"{out}: {len(unicodes)} characters wanted, {len(font.getBestCmap())} in the font, "
          f"{os.path.getsize(out)} bytes", file=sys.stderr)


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    subset_font(INTER, sorted(ord(c) for c in latin()), ["kern", "liga", "calt", "tnum", "case"],
                os.path.join(here, "PushBoxUI.otf"))
    subset_font(ICONS, sorted(ICON_CODEPOINTS.values()), [], os.path.join(here, "PushBoxIcons.ttf"))


if __name__ == "__main__":
    main()
