"""Strict JSON for the public text formats (engine requests, round records): no ``NaN`` or
``Infinity``, no number that overflows to them, no key twice in an object (the later would
silently win), and every failure a ValueError whose words quote the bad part, cut short. No I/O.
"""

from __future__ import annotations

import json
import math
from typing import Any, Final

from hertta.errors import quoted

JSON_WHITESPACE: Final = " \t\r\n"
"""The white space JSON allows around a value (``str.strip()`` would also take form feeds,
the information separators and U+2028)."""

BYTE_ORDER_MARK: Final = "\ufeff"
"""What a text editor may put before a UTF-8 file's first character; a reader skips it."""


def loads_strict(text: str) -> Any:
    """The value of ``text``; ValueError (json.JSONDecodeError for bad syntax) otherwise."""
    try:
        return json.loads(
            text, parse_constant=_no_constant, parse_float=_finite_float,
            parse_int=_finite_int, object_pairs_hook=_no_key_twice,
        )
    except RecursionError:
        raise ValueError("the JSON is nested too deeply") from None


def _no_constant(name: str) -> None:
    raise ValueError(f"{name} is not a JSON number")


def _finite_float(text: str) -> float:
    """A JSON number too big for a float (``1e400``) would come back as Infinity."""
    number = float(text)
    if not math.isfinite(number):
        raise ValueError(f"{_short_number(text)} is too big a number")
    return number


def _finite_int(text: str) -> int:
    """An integer too big for a double (310 digits) is refused like ``1e400``: a client in
    any other language reads it as Infinity or fails, arithmetic on it would cost time growing
    with its length, and Python refuses to read one of over 4,300 digits anyway.
    ``float`` of the text is Infinity exactly then."""
    if not math.isfinite(float(text)):
        raise ValueError(f"{_short_number(text)} is too big a number")
    return int(text)


def _short_number(text: str) -> str:
    return text if len(text) <= 40 else f"{text[:20]}... ({len(text)} characters)"


def _no_key_twice(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    found: dict[str, Any] = {}
    for key, value in pairs:
        if key in found:
            raise ValueError(f"the key {quoted(key)} is given twice")
        found[key] = value
    return found
