"""What both halves of the rollout policy read: the per-rules tables, a few card masks, and
the cards the seat to move cannot see.

The play rules (:mod:`hertta.ai.rollout`) and the moon (:mod:`hertta.ai.rollout_moon`) both
work on :class:`~hertta.hearts.FastRound` masks with these; they live apart so that neither
imports the other's internals.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from hertta.hearts.compiled import SPADES_MASK, CompiledRules
from hertta.hearts.fast import FastRound

QUEEN = 36
"""Card index of the Q♠ (spades 26-38: 2♠ is 26, A♠ is 38)."""
QUEEN_BIT = 1 << QUEEN
ACE_BIT = 1 << 38
HIGH_SPADES = (1 << 37) | ACE_BIT
LOW_SPADES = SPADES_MASK & (QUEEN_BIT - 1)
MOON_THREAT_SHARE = 0.3
"""Someone who alone has taken this share of the deck's points may be shooting the moon."""
FEED_SHARE = 0.08
"""From this share of the points (2 of 26) taken by one seat alone, the others, void, feed it
none (see :data:`hertta.ai.situation.FEED_SHARE`)."""


@dataclass(frozen=True, slots=True)
class PolicyTables:
    """Per-rules constants of the rollout policy."""

    penalty: tuple[int, ...]
    penalty_mask: int
    bonus_bit: int
    bonus_index: int
    bonus_suit: int
    bonus_value: int
    cancellation: bool
    moon_total: int
    moon_threat: int
    """Points one seat alone must have taken before the others block its moon."""
    feed_threat: int
    """Points one seat alone must have taken before the others, void, feed it none."""
    moon_needs_bonus: bool


@cache
def policy_tables(rules: CompiledRules) -> PolicyTables:
    bonus = [i for i, v in enumerate(rules.bonus) if v < 0]
    penalty_mask = sum(1 << i for i, v in enumerate(rules.penalty) if v > 0)
    return PolicyTables(
        penalty=rules.penalty,
        penalty_mask=penalty_mask,
        bonus_bit=(1 << bonus[0]) if bonus else 0,
        bonus_index=bonus[0] if bonus else -1,
        bonus_suit=bonus[0] // 13 if bonus else -1,
        bonus_value=-rules.bonus[bonus[0]] if bonus else 0,
        cancellation=rules.cancellation,
        moon_total=rules.moon_total,
        moon_threat=max(1, round(MOON_THREAT_SHARE * rules.moon_total)),
        feed_threat=max(1, round(FEED_SHARE * rules.moon_total)),
        moon_needs_bonus=rules.moon_needs_bonus,
    )


def highest(mask: int) -> int:
    """The highest card of a non-empty mask."""
    return mask.bit_length() - 1


def lowest(mask: int) -> int:
    """The lowest card of a non-empty mask."""
    return (mask & -mask).bit_length() - 1


def out_mask(game: FastRound) -> int:
    """Cards still held by the other seats (and a face-down kitty): what the seat to move
    cannot see."""
    return game.others(game.turn)
