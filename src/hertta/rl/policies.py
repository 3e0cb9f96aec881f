"""Hertta's own players as policies for the environment, e.g. to train or evaluate against.

A :class:`PlayerPolicy` turns a :class:`~hertta.ai.protocol.Player` (Easy, Normal, Hard) into
environment actions: it asks the player with the seat's :class:`~hertta.hearts.Observation`
and, for a pass, keeps the player's three cards and hands them over one per step.
"""

from __future__ import annotations

from collections import Counter

from hertta.ai.protocol import Player
from hertta.ai.registry import make_player
from hertta.cards import Card
from hertta.hearts.round import Phase
from hertta.rl.encoding import MOON_ACTIONS, card_action
from hertta.rl.hearts_env import HeartsEnv
from hertta.rng import SplitMix64


class PlayerPolicy:
    """``policy.action(env, agent)``: the action ``player`` takes for ``agent`` now."""

    def __init__(self, player: Player | str, seed: int = 0) -> None:
        self.player = make_player(player) if isinstance(player, str) else player
        self.rng = SplitMix64(seed)
        self._passes: dict[str, list[Card]] = {}

    def action(self, env: HeartsEnv, agent: str) -> int:
        obs = env.seat_observation(agent)
        if obs.phase is Phase.PASSING:
            if not env.pending or agent not in self._passes:
                # A new pass: the player chooses all three cards from the whole hand at once.
                self._passes[agent] = list(self.player.choose_pass(obs, self.rng))
            left = Counter(self._passes[agent])
            left.subtract(env.pending)
            return card_action(min(left.elements()))
        if obs.phase is Phase.MOON_CHOICE:
            return MOON_ACTIONS[self.player.choose_moon(obs, self.rng)]
        return card_action(self.player.choose_play(obs, self.rng))
