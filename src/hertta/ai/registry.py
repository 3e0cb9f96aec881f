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


def make_player(level: str, **options: Any) -> Player:
    """A new player of ``level``; ``options`` go to its constructor (e.g. Hard's
    ``budget``). ConfigError names an unknown level."""
    factory = LEVELS.get(level.strip().lower()) if isinstance(level, str) else None
    if factory is None:
        expected = ", ".join(LEVEL_NAMES)
        raise ConfigError(f"unknown player level {level!r} (expected one of {expected})")
    return factory(**options)
