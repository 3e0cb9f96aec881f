"""The games the platform offers: home-page cards, page paths and statistics sections.

Each game registers a :class:`GameInfo`; the home and statistics pages are built from this list,
so adding a game (Hearts) needs no change to them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from hertta.store import Store, solitaire_stats

StatLine = tuple[str, str]
"""(catalogue key of the label, the value already formatted: numbers or m:ss)."""


@dataclass(frozen=True, slots=True)
class GameInfo:
    kind: str
    path: str
    title_key: str
    blurb_key: str
    stats: Callable[[Store, str], list[StatLine]]


def format_duration(ms: int | None) -> str:
    """``m:ss`` (``h:mm:ss`` from an hour); ``-`` when there is no value."""
    if ms is None:
        return "-"
    seconds = ms // 1000
    hours, rest = divmod(seconds, 3600)
    minutes, seconds = divmod(rest, 60)
    return f"{hours}:{minutes:02}:{seconds:02}" if hours else f"{minutes}:{seconds:02}"


def solitaire_stat_lines(store: Store, player_id: str) -> list[StatLine]:
    stats = solitaire_stats(store.results(player_id, "h2h"))
    return [
        ("stats.played", str(stats.played)),
        ("stats.won", str(stats.won)),
        ("stats.win_percent", f"{stats.win_percent} %"),
        ("stats.current_streak", str(stats.current_streak)),
        ("stats.best_streak", str(stats.best_streak)),
        ("stats.best_time", format_duration(stats.best_time_ms)),
        ("stats.fewest_moves", "-" if stats.fewest_moves is None else str(stats.fewest_moves)),
    ]


GAMES: list[GameInfo] = [
    GameInfo("h2h", "/h2h", "h2h.title", "h2h.blurb", solitaire_stat_lines),
]


def register_game(info: GameInfo) -> None:
    """Add a game (called by the game's own web module at import)."""
    if all(g.kind != info.kind for g in GAMES):
        GAMES.append(info)
