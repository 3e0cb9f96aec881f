"""Quick reactions at a shared table, instead of free chat: a small fixed set of phrases and
emoji (codes; the pages' catalogues hold the words), and a per-person rate limit.

The limit is a token bucket: :data:`BURST` reactions at once, then one every
:data:`REFILL_S` seconds, on the injected clock.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

from hertta.errors import ConfigError
from hertta.tables.model import TableError

REACTIONS: Final = (
    "hello", "good_luck", "well_played", "thanks", "sorry", "oops", "wow", "bye",
    "emoji_heart", "emoji_laugh", "emoji_cry", "emoji_clap", "emoji_think", "emoji_moon",
)
BURST: Final = 3
REFILL_S: Final = 3.0


class TooManyReactions(TableError):
    """A person reacted faster than the limit allows (not a seat error: the seat is theirs)."""


@dataclass(eq=False)
class ReactionLimiter:
    """Token buckets per person."""

    _buckets: dict[str, tuple[float, float]] = field(default_factory=dict)

    def take(self, player: str, now: float) -> None:
        """Spend one reaction of ``player`` at time ``now`` (TooManyReactions when none is
        left)."""
        tokens, since = self._buckets.get(player, (float(BURST), now))
        tokens = min(float(BURST), tokens + (now - since) / REFILL_S)
        if tokens < 1.0:
            raise TooManyReactions("too many reactions: wait a moment")
        self._buckets[player] = (tokens - 1.0, now)


def check_reaction(code: object) -> str:
    if not isinstance(code, str) or code not in REACTIONS:
        raise ConfigError(f"not a reaction: {code!r}")
    return code
