"""Level names to players: ``"easy"``, ``"normal"``, ``"hard"``, ``"expert"``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from hertta.ai.easy import EasyPlayer
from hertta.ai.expert import ExpertPlayer
from hertta.ai.hard import HardPlayer
from hertta.ai.normal import NormalPlayer
from hertta.ai.protocol import Player
from hertta.errors import ConfigError

LEVELS: Final[dict[str, Callable[..., Player]]] = {
    "easy": EasyPlayer,
    "normal": NormalPlayer,
    "hard": HardPlayer,
    "expert": ExpertPlayer,
}
LEVEL_NAMES: Final = tuple(LEVELS)
ANSWER_FLOORS_S: Final[dict[str, float]] = {"hard": 0.4, "expert": 1.5}
"""The least time, in seconds, from asking a searching player at a table to its answer being
played there. How long a search takes tells something about the hand: Hard and Expert answer
at once when their legal cards are one group (a single card of the suit led, say) and take
their full search otherwise, so an instant answer is a hint a watcher could time. The floors
lie above their usual search times on this machine (Hard p95 about 0.2 s, Expert about 1.0 to
1.4 s: docs/ai.md), so almost every answer arrives on the floor; a slower machine shows more
of the search's own time. Easy and Normal take under a millisecond whatever the hand."""


def answer_floor(level: str) -> float:
    """Seconds a table holds back ``level``'s answer from the moment it asked (0: none)."""
    return ANSWER_FLOORS_S.get(level, 0.0)


def make_player(level: str, **options: Any) -> Player:
    """A new player of ``level``; ``options`` go to its constructor (e.g. Hard's
    ``budget``). ConfigError names an unknown level."""
    factory = LEVELS.get(level.strip().lower()) if isinstance(level, str) else None
    if factory is None:
        expected = ", ".join(LEVEL_NAMES)
        raise ConfigError(f"unknown player level {level!r} (expected one of {expected})")
    return factory(**options)
