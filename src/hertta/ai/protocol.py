"""The one protocol every computer player follows.

A player decides from an :class:`~hertta.hearts.Observation` (one seat's view, nothing hidden)
and an injected :class:`~hertta.rng.SplitMix64`; it never sees the round state itself, so it
cannot read another seat's cards. The same observation and the same generator state always give
the same decision.
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from hertta.cards import Card
from hertta.hearts.observation import Observation
from hertta.rng import SplitMix64


@runtime_checkable
class Player(Protocol):
    """A Hearts player: the three decisions of a round."""

    @property
    def name(self) -> str:
        """The level name (``"easy"``, ``"normal"``, ``"hard"``, ``"expert"``)."""
        ...

    def choose_pass(self, obs: Observation, rng: SplitMix64) -> list[Card]:
        """Three cards of ``obs.hand`` to pass (phase ``passing``)."""
        ...

    def choose_play(self, obs: Observation, rng: SplitMix64) -> Card:
        """One of ``obs.legal_plays`` (phase ``playing``, this seat's turn)."""
        ...

    def choose_moon(self, obs: Observation, rng: SplitMix64) -> str:
        """``"add"`` or ``"subtract"`` (phase ``moon_choice``, this seat shot the moon);
        ``obs.moon_options`` holds each option's points."""
        ...
