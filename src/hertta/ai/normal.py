"""Normal: the strategy the seed teaches, as explicit rules.

Passing follows :mod:`hertta.ai.passing`, play follows :mod:`hertta.ai.play_rules` and the moon
choice :mod:`hertta.ai.moon`; each rule is a small named function. Normal is deterministic: it
never draws from the generator it is given.
"""

from __future__ import annotations

from hertta.ai.moon import best_moon_option
from hertta.ai.passing import normal_pass, pass_context
from hertta.ai.play_rules import normal_play
from hertta.ai.situation import situation_of
from hertta.cards import Card
from hertta.hearts.observation import Observation
from hertta.rng import SplitMix64


class NormalPlayer:
    """The rule-based player (see the module docstring)."""

    name = "normal"

    def choose_pass(self, obs: Observation, rng: SplitMix64) -> list[Card]:
        return normal_pass(pass_context(obs))

    def choose_play(self, obs: Observation, rng: SplitMix64) -> Card:
        return normal_play(situation_of(obs))

    def choose_moon(self, obs: Observation, rng: SplitMix64) -> str:
        return best_moon_option(obs)
