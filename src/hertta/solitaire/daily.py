"""The daily Heart to Heart deal: one deal code per calendar day, the same for everyone.

The rule (restated in ``docs/daily.md`` so anyone can check a day's code):

1. The day is written ``YYYY-MM-DD`` (the calendar date in Finland; the caller decides which
   date it is, this module has no clock).
2. ``seed = derive_seed(DAILY_SALT, b0, b1, ..., b9)``: the salt, then the ten ASCII codes of
   the text, through :func:`hertta.rng.derive_seed` (SplitMix64's mixer).
3. ``SplitMix64(seed).below(26**7)`` draws deal numbers, one after another, until a deal that
   is not dead at the start (:func:`hertta.solitaire.game.is_dead_end`); its code
   (:func:`hertta.solitaire.deal_codes.format_deal_code`) is the day's code.

Winnability is not checked: like any deal, a daily deal may have no winning line.
"""

from __future__ import annotations

import re
from typing import Final, Protocol

from hertta.errors import DealCodeError
from hertta.rng import SplitMix64, derive_seed
from hertta.solitaire.deal_codes import DEAL_COUNT, deck_for_number, format_deal_code
from hertta.solitaire.game import deal_position, is_dead_end

DAILY_SALT: Final = 0x4441494C59
"""The ASCII letters ``DAILY`` read as one number; fixed forever (changing it changes every
day's deal)."""

_DAY_RE = re.compile(r"([0-9]{4})-([0-9]{2})-([0-9]{2})")
_DAYS_IN_MONTH: Final = (31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)


class CalendarDay(Protocol):
    """Anything with a year, a month and a day (a ``datetime.date`` is one)."""

    @property
    def year(self) -> int: ...

    @property
    def month(self) -> int: ...

    @property
    def day(self) -> int: ...


class DailyDayError(DealCodeError):
    """Not a calendar date written ``YYYY-MM-DD``."""


def _leap(year: int) -> bool:
    return year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)


def day_text(day: str | CalendarDay) -> str:
    """The canonical ``YYYY-MM-DD`` text of a day (a text is checked to be a real date)."""
    if not isinstance(day, str):
        day = f"{day.year:04d}-{day.month:02d}-{day.day:02d}"
    found = _DAY_RE.fullmatch(day)
    if found is None:
        raise DailyDayError(f"not a day written YYYY-MM-DD: {day!r}")
    year, month, date = (int(part) for part in found.groups())
    if year == 0:  # years run 0001-9999, as Python's date and ISO 8601's basic form have them
        raise DailyDayError(f"no year 0 in {day!r}")
    if not 1 <= month <= 12:
        raise DailyDayError(f"no month {month} in {day!r}")
    longest = 29 if month == 2 and _leap(year) else _DAYS_IN_MONTH[month - 1]
    if not 1 <= date <= longest:
        raise DailyDayError(f"no day {date} in month {month} of {day!r}")
    return day


def daily_seed(day: str | CalendarDay) -> int:
    """Step 2 of the rule: the day's 64-bit seed."""
    return derive_seed(DAILY_SALT, *day_text(day).encode("ascii"))


def daily_deal_number(day: str | CalendarDay) -> int:
    """The day's deal number: the first draw of the day's stream not dead at the start."""
    stream = SplitMix64(daily_seed(day))
    while True:
        number = stream.below(DEAL_COUNT)
        if not is_dead_end(deal_position(deck_for_number(number))):
            return number


def daily_code(day: str | CalendarDay) -> str:
    """The day's deal code, ``HH1-N-XXXXXXX``."""
    return format_deal_code(daily_deal_number(day))
