"""The daily deal's rule (``docs/daily.md``): golden days, the rule restated step by step, the
dead-deal skip, and the days it refuses."""

import re
from datetime import date, timedelta

import pytest

from hertta.rng import SplitMix64, derive_seed
from hertta.solitaire.daily import (
    DAILY_SALT,
    DailyDayError,
    daily_code,
    daily_deal_number,
    daily_seed,
    day_text,
)
from hertta.solitaire.deal_codes import DEAL_COUNT, deck_for_number, format_deal_code
from hertta.solitaire.game import Status, deal_position, is_dead_end, new_game

GOLDEN = {
    "2024-02-29": "HH1-N-VMZVBCS",
    "2025-01-01": "HH1-N-NFIMYDT",
    "2025-01-03": "HH1-N-GDFENEK",
    "2025-03-01": "HH1-N-SNGPELQ",
    "2025-06-15": "HH1-N-QAQMCIZ",
    "2026-12-31": "HH1-N-ZCXRDUZ",
}
"""Pinned once; a change here changes everyone's daily deal for that day."""


@pytest.mark.parametrize(("day", "code"), GOLDEN.items())
def test_golden_days(day: str, code: str) -> None:
    assert daily_code(day) == code
    assert daily_code(date.fromisoformat(day)) == code


def test_the_rule_step_by_step() -> None:
    text = "2025-06-15"
    seed = derive_seed(DAILY_SALT, *[ord(ch) for ch in text])
    assert daily_seed(text) == seed
    first = SplitMix64(seed).below(DEAL_COUNT)
    assert not is_dead_end(deal_position(deck_for_number(first)))
    assert daily_code(text) == format_deal_code(first)


def test_a_deal_dead_at_the_start_is_skipped() -> None:
    stream = SplitMix64(daily_seed("2025-03-01"))
    first, second = stream.below(DEAL_COUNT), stream.below(DEAL_COUNT)
    assert is_dead_end(deal_position(deck_for_number(first)))
    assert daily_deal_number("2025-03-01") == second


def test_a_year_of_days_gives_playable_different_deals() -> None:
    days = [date(2025, 1, 1) + timedelta(days=n) for n in range(365)]
    codes = [daily_code(day) for day in days]
    assert len(set(codes)) == len(codes)
    assert all(new_game(code).status is Status.PLAYING for code in codes)


def test_the_salt_is_the_word_daily() -> None:
    assert int.from_bytes(b"DAILY", "big") == DAILY_SALT


@pytest.mark.parametrize(
    "text", ["2025-02-29", "2024-02-30", "2025-13-01", "2025-00-10", "2025-04-31", "2025-1-1",
             "25-01-01", " 2025-01-01", "2025/01/01", "", "0000-01-01", "0000-02-29"],
)
def test_days_that_are_not_dates_are_refused(text: str) -> None:
    with pytest.raises(DailyDayError, match=re.escape(repr(text))):
        daily_code(text)


def test_a_date_and_its_text_are_the_same_day() -> None:
    assert day_text(date(2024, 2, 29)) == "2024-02-29"
    assert day_text("2000-02-29") == "2000-02-29"
    with pytest.raises(DailyDayError):
        day_text("1900-02-29")  # not a leap year
