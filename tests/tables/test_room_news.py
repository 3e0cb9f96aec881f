"""The ``news`` notice's text (events no saved row carries, passed between server processes):
each event reads back as itself, and anything else is no event."""

from __future__ import annotations

from typing import Any

import pytest

from hertta.tables.room_news import TIMED_KINDS, news_text, parse_news

EVENTS: list[dict[str, Any]] = [
    *({"type": "timed_out", "seat": 2, "kind": kind} for kind in sorted(TIMED_KINDS)),
    {"type": "reaction", "seat": 0, "reaction": "hello"},
]


@pytest.mark.parametrize("event", EVENTS)
def test_an_event_reads_back_as_itself(event: dict[str, Any]) -> None:
    assert parse_news(news_text(event), seats=4) == event


@pytest.mark.parametrize(
    "text",
    ["timed_out 2", "timed_out 2 nap", "timed_out 4 play", "timed_out \u0662 play",
     "reaction 1 nonsense", "hello 1 play", ""],
)
def test_anything_else_is_no_event(text: str) -> None:
    assert parse_news(text, seats=4) is None
