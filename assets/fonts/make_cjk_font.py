#!/usr/bin/env python3
"""Makes assets/fonts/PushBoxCJK.otf: the CJK fallback font the game draws Chinese, Japanese and
Korean text with (the built-in Fira Mono has none of these characters).

A subset of Noto Sans Mono CJK SC (SIL Open Font License 1.1, see OFL.txt beside this script)
from Debian's fonts-noto-cjk package, kept to the characters PushBox can meet:
- every character of GB2312 (so any name a .bxb file holds shows), with its punctuation and the
  full-width forms;
- Japanese kana, and the 2,350 Hangul syllables of KS X 1001;
- ASCII, Latin-1, and the geta mark 〓 (in GB2312), shown for characters no font has.

Rebuild: apt-get install fonts-noto-cjk && pip install fonttools && python3 assets/fonts/make_cjk_font.py
"""
import os
import sys

from fontTools import subset
from fontTools.ttLib import TTCollection

SOURCE = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"
FACE = "Noto Sans Mono CJK SC"


def two_byte_chars(codec, lead, trail):
    """Every character a double-byte encoding maps the given lead and trail bytes to."""
    out = set()
    for a in lead:
        for b in trail:
            try:
                out.add(bytes([a, b]).decode(codec))
            except UnicodeDecodeError:
                pass
    return out


def wanted():
    chars = set(two_byte_chars("gb2312", range(0xA1, 0xF8), range(0xA1, 0xFF)))
    chars |= two_byte_chars("euc-kr", range(0xB0, 0xC9), range(0xA1, 0xFF))
    chars |= {chr(c) for c in range(0x20, 0x7F)}
    chars |= {chr(c) for c in range(0xA0, 0x100)}
    chars |= {chr(c) for c in range(0x3000, 0x3097)}   # CJK punctuation, hiragana
    chars |= {chr(c) for c in range(0x3099, 0x3100)}   # katakana
    chars |= {chr(c) for c in range(0xFF01, 0xFF5F)}   # full-width forms
    chars |= {"\u2026", "\u2014", "\u00d7"}
    return chars


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    collection = TTCollection(SOURCE)
    font = next(f for f in collection.fonts if f["name"].getDebugName(1) == FACE)
    chars = wanted()
    options = subset.Options()
    options.layout_features = ["kern", "vert", "vrt2", "locl"]
    options.hinting = False
    options.name_IDs = ["*"]
    options.notdef_outline = True
    sub = subset.Subsetter(options)
    sub.populate(unicodes=[ord(c) for c in chars])
    sub.subset(font)
    out = os.path.join(here, "PushBoxCJK.otf")
    font.save(out)
    print(f"{out}: {len(chars)} characters wanted, {len(font.getBestCmap())} in the font, "
          f"{os.path.getsize(out)} bytes", file=sys.stderr)


if __name__ == "__main__":
    main()
