"""The site's emoji font covers every emoji the pages show: each one the catalogues, the
templates and the scripts hold is in the font's ``unicode-range`` in ``app.css`` and has a
glyph in the font file (a new reaction without one would be an empty box again)."""

from __future__ import annotations

import re
from pathlib import Path

from fontTools.ttLib import TTFont

WEB = Path(__file__).resolve().parents[2] / "src" / "hertta" / "web"
FONT = WEB / "static" / "fonts" / "hertta-emoji.ttf"


def is_emoji(char: str) -> bool:
    code = ord(char)
    # The emoji blocks, the dingbats and miscellaneous symbols (☀-➿), the stars and arrows
    # of U+2B00-2BFF, and the emoji variation selector. The card suits (♠♥♦♣) and the ticks
    # and crosses of the pages' own text are drawn as text, not emoji: left out.
    text_symbols = {0x2660, 0x2663, 0x2665, 0x2666, 0x2713, 0x2715, 0x2717, 0x2605}
    if code in text_symbols:
        return False
    return (0x1F000 <= code <= 0x1FAFF or 0x2600 <= code <= 0x27BF
            or 0x2B00 <= code <= 0x2BFF or code == 0xFE0F)


def shown_emoji() -> set[str]:
    files = [*WEB.glob("i18n/*.json"), *WEB.glob("templates/*.html"),
             *WEB.glob("static/js/**/*.js")]
    return {char for path in files for char in path.read_text(encoding="utf-8") if is_emoji(char)}


def font_range() -> set[int]:
    css = (WEB / "static" / "css" / "app.css").read_text(encoding="utf-8")
    face = css[css.index('font-family: "Hertta Emoji";'):]
    declared = face[face.index("unicode-range:"):face.index(";", face.index("unicode-range:"))]
    return {int(code, 16) for code in re.findall(r"U\+([0-9A-F]+)", declared)}


def test_every_emoji_shown_is_in_the_fonts_range_and_has_a_glyph() -> None:
    shown = {ord(char) for char in shown_emoji()}
    assert len(shown) >= 14  # the reactions and the sound button
    assert shown <= font_range(), sorted(hex(c) for c in shown - font_range())
    cmap = TTFont(FONT).getBestCmap()
    missing = [hex(code) for code in shown if code != 0xFE0F and code not in cmap]
    assert not missing
