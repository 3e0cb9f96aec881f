"""The games the platform offers, listed once and handed to the app factory.

A :class:`GameInfo` says everything the platform needs of a game: its kind, its page, its
router (page and socket), its seat sessions, its table rules and its statistics. The home and
statistics pages, the socket sessions and the table service are all built from the list passed
to :func:`hertta.web.app.create_app`; nothing registers itself by being imported.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from fastapi import APIRouter

from hertta.store import Store, hearts_stats, solitaire_stats
from hertta.tables.game import TableGame
from hertta.tables.h2h import HeartToHeartTables
from hertta.tables.hearts import HeartsTables
from hertta.web.i18n import decimal
from hertta.web.seats import SessionFactory

StatLine = tuple[str, str]
"""(catalogue key of the label, the value already formatted: numbers or m:ss)."""


@dataclass(frozen=True, slots=True)
class GameInfo:
    kind: str
    path: str
    title_key: str
    blurb_key: str
    router: APIRouter
    sessions: SessionFactory
    tables: TableGame[Any, Any]
    stats: Callable[[Store, str], list[StatLine]]


NO_VALUE = "–"
"""A missing figure (an en dash, as the game pages' info bars show one)."""


def format_duration(ms: int | None) -> str:
    """``m:ss`` (``h:mm:ss`` from an hour); a dash, as every page shows a missing value,
    when there is none."""
    if ms is None:
        return NO_VALUE
    seconds = ms // 1000
    hours, rest = divmod(seconds, 3600)
    minutes, seconds = divmod(rest, 60)
    return f"{hours}:{minutes:02}:{seconds:02}" if hours else f"{minutes}:{seconds:02}"


DECIMAL_STATS = frozenset({"hearts.stats.average"})


def shown_lines(lang: str, lines: list[StatLine]) -> list[StatLine]:
    """The figures as the page's language writes them: "13,8" and "40 %" in Finnish, "13.8"
    and "40%" in English. ``/api/stats`` keeps one language-free form ("13.8", "40 %")."""
    shown: list[StatLine] = []
    for key, value in lines:
        if value != NO_VALUE and key in DECIMAL_STATS:
            value = decimal(lang, float(value), 1)
        elif key == "stats.win_percent" and lang != "fi":
            value = value.replace(" %", "%")
        shown.append((key, value))
    return shown


def solitaire_stat_lines(store: Store, player_id: str) -> list[StatLine]:
    stats = solitaire_stats(store.results(player_id, "h2h"))
    return [
        ("stats.played", str(stats.played)),
        ("stats.won", str(stats.won)),
        ("stats.win_percent", f"{stats.win_percent} %"),
        ("stats.current_streak", str(stats.current_streak)),
        ("stats.best_streak", str(stats.best_streak)),
        ("stats.best_time", format_duration(stats.best_time_ms)),
        ("stats.fewest_moves", NO_VALUE if stats.fewest_moves is None else str(stats.fewest_moves)),
    ]


def hearts_stat_lines(store: Store, player_id: str) -> list[StatLine]:
    stats = hearts_stats(store.results(player_id, "hearts"))
    average = stats.average_points
    return [
        ("hearts.stats.played", str(stats.played)),
        ("hearts.stats.won", str(stats.won)),
        ("stats.win_percent", f"{stats.win_percent} %"),
        # A half up ("9.3" for 37 points in 4 rounds), as the page's numbers round.
        ("hearts.stats.average", NO_VALUE if average is None else decimal("en", average, 1)),
        ("hearts.stats.moons", str(stats.moons)),
    ]


def default_games() -> tuple[GameInfo, ...]:
    """Heart to Heart and Hearts."""
    from hertta.web.h2h_session import HeartToHeartSession
    from hertta.web.hearts_session import HeartsSession
    from hertta.web.routes import hearts, solitaire

    return (
        GameInfo(
            "h2h", "/h2h", "h2h.title", "h2h.blurb", solitaire.router, HeartToHeartSession,
            HeartToHeartTables(), solitaire_stat_lines,
        ),
        GameInfo(
            "hearts", "/hearts", "hearts.title", "hearts.blurb", hearts.router, HeartsSession,
            HeartsTables(), hearts_stat_lines,
        ),
    )
