"""UI words: ``i18n/fi.json`` (the default) and ``i18n/en.json``, flat ``"area.name"`` keys.

Placeholders are written ``{name}``. The server uses the catalogues only to render pages; over
the WebSocket it sends codes, which the browser translates with the same catalogues.
"""

from __future__ import annotations

import json
from datetime import date
from decimal import ROUND_HALF_UP, Decimal
from functools import cache
from pathlib import Path

LANGUAGES: tuple[str, ...] = ("fi", "en")
DEFAULT_LANGUAGE = "fi"
CATALOGUE_DIR = Path(__file__).parent / "i18n"


@cache
def catalogue(lang: str) -> dict[str, str]:
    """The words of one language (unknown languages get the default's)."""
    if lang not in LANGUAGES:
        lang = DEFAULT_LANGUAGE
    with (CATALOGUE_DIR / f"{lang}.json").open(encoding="utf-8") as handle:
        words = json.load(handle)
    if not isinstance(words, dict) or not all(isinstance(v, str) for v in words.values()):
        raise ValueError(f"{lang}.json must be one object of strings")
    return words


def translate(lang: str, key: str, **params: object) -> str:
    """The words for ``key``; the key itself when a catalogue lacks it (a test forbids that)."""
    text = catalogue(lang).get(key, key)
    for name, value in params.items():
        text = text.replace("{" + name + "}", str(value))
    return text


MINUS_SIGN = "\u2212"


def decimal(lang: str, value: float, places: int) -> str:
    """``value`` with ``places`` decimals as the language writes it: "1,25" and "−3,50" in
    Finnish (a comma, the minus sign, as the browser's ``Intl.NumberFormat("fi")`` writes),
    "1.25" and "-3.50" in English. No grouping: ratings and points stay under 10,000."""
    # A half rounds away from zero, as the browser's Intl.NumberFormat does (9.25 is "9,3";
    # Python's own formatting rounds it to even, "9,2"). The shortest repr is the number meant.
    exact = Decimal(repr(float(value))).quantize(Decimal(1).scaleb(-places), ROUND_HALF_UP)
    text = f"{exact:f}"
    if text.startswith("-") and float(text) == 0:
        text = text[1:]  # -0.00 is zero
    if lang == "fi":
        text = text.replace(".", ",").replace("-", MINUS_SIGN)
    return text


def embeddable_json(value: object) -> str:
    """JSON safe inside a ``<script type="application/json">`` element: every ``<``, ``>`` and
    ``&`` is written as a ``\\u`` escape, so no string (a display name such as
    ``<!--<script>``) can end the element or switch the HTML parser into a state that swallows
    the page's scripts. ``JSON.parse`` reads the same value."""
    text = json.dumps(value, ensure_ascii=False)
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def catalogue_json(lang: str) -> str:
    """The catalogue as JSON safe to embed in a ``<script type="application/json">``."""
    return embeddable_json(catalogue(lang))


MONTHS_EN = ("January", "February", "March", "April", "May", "June", "July", "August",
             "September", "October", "November", "December")


def long_date(lang: str, day: date) -> str:
    """A day as the language writes it: "5.12.2026" in Finnish, "5 December 2026" in English
    (links and the API keep ISO dates)."""
    if lang == "fi":
        return f"{day.day}.{day.month}.{day.year}"
    return f"{day.day} {MONTHS_EN[day.month - 1]} {day.year}"
