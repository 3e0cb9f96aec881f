"""Easy: legal, simple and a little careless, for beginners.

It passes its highest cards, follows with its lowest card, throws its worst card when void and
leads its lowest card; but one decision in four is a random legal card, and a pass card is
random one time in four. A moon under ``choose`` it scores as Normal does (RULES.md: a
computer player picks what serves it best; until 2026-12-05 Easy always took ``add``, which
could end a match it was losing).
"""

from __future__ import annotations

from hertta.ai.moon import best_moon_option
from hertta.cards import Card, Suit
from hertta.hearts.config import QUEEN_OF_SPADES
from hertta.hearts.deck import PASS_COUNT
from hertta.hearts.observation import Observation
from hertta.rng import SplitMix64

CARELESS = 0.25
"""Share of decisions taken at random."""


class EasyPlayer:
    """The beginner-friendly player (see the module docstring)."""

    name = "easy"

    def choose_pass(self, obs: Observation, rng: SplitMix64) -> list[Card]:
        left = sorted(obs.hand, key=lambda c: (-c.rank, c.suit))
        chosen: list[Card] = []
        for _ in range(PASS_COUNT):
            pick = rng.below(len(left)) if rng.random() < CARELESS else 0
            chosen.append(left.pop(pick))
        return sorted(chosen)

    def choose_play(self, obs: Observation, rng: SplitMix64) -> Card:
        legal = obs.legal_plays
        if rng.random() < CARELESS:
            return legal[rng.below(len(legal))]
        trick = obs.trick_cards
        if trick and not any(c.suit is trick[0].suit for c in legal):
            if QUEEN_OF_SPADES in legal:
                return QUEEN_OF_SPADES
            hearts = [c for c in legal if c.suit is Suit.HEARTS]
            return max(hearts or legal, key=lambda c: (c.rank, c.suit))
        return min(legal, key=lambda c: (c.rank, c.suit))

    def choose_moon(self, obs: Observation, rng: SplitMix64) -> str:
        return best_moon_option(obs)
