"""A :class:`RulesConfig` for one player count, compiled into tables and bitmasks; the bit and
trick helpers shared by the engine and the validated path.

Card masks use the card index ``suit * 13 + rank - 2`` as the bit number: clubs are bits 0-12,
diamonds 13-25, spades 26-38, hearts 39-51.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from hertta.cards import ALL_CARDS
from hertta.hearts.config import QUEEN_OF_SPADES, RulesConfig
from hertta.hearts.deck import check_players, deck_for, hand_size

SUIT_MASKS = tuple(((1 << 13) - 1) << (13 * s) for s in range(4))
CLUBS_MASK, DIAMONDS_MASK, SPADES_MASK, HEARTS_MASK = SUIT_MASKS
ALL_MASK = (1 << 52) - 1
NOT_HEARTS_MASK = ALL_MASK ^ HEARTS_MASK


@dataclass(frozen=True, slots=True)
class CompiledRules:
    """A :class:`RulesConfig` for one player count, precomputed as tables and masks."""

    rules: RulesConfig
    players: int
    penalty: tuple[int, ...]
    """Positive points of each card index (0 for the others)."""
    bonus: tuple[int, ...]
    """Negative points of each card index (the bonus card), else 0."""
    has_bonus: bool
    safe_first_mask: int
    """Cards that are not penalty cards: what a void seat must discard on the first trick."""
    breaks_mask: int
    """Cards whose play breaks hearts (hearts, plus Q♠ when that option is on)."""
    moon_total: int
    """The deck's penalty total (26 standard; 52 Cancellation)."""
    bonus_total: int
    """The deck's bonus total (-10 with one bonus card, else 0)."""
    moon_needs_bonus: bool
    cancellation: bool
    hand_size: int
    deck_indices: tuple[int, ...]
    """The unshuffled deck as card indices (Cancellation: 0..51 twice)."""


@cache
def compile_rules(rules: RulesConfig, players: int) -> CompiledRules:
    """The tables of ``rules`` for ``players`` (memoised: both inputs are immutable)."""
    check_players(rules, players)
    deck = deck_for(rules, players)
    values = [rules.card_value(card) for card in ALL_CARDS]
    penalty = tuple(max(v, 0) for v in values)
    bonus = tuple(min(v, 0) for v in values)
    safe = sum(1 << index for index, value in enumerate(penalty) if value == 0)
    breaks = HEARTS_MASK | ((1 << QUEEN_OF_SPADES.index) if rules.queen_breaks_hearts else 0)
    return CompiledRules(
        rules=rules,
        players=players,
        penalty=penalty,
        bonus=bonus,
        has_bonus=any(bonus),
        safe_first_mask=safe,
        breaks_mask=breaks,
        moon_total=sum(penalty[c.index] for c in deck),
        bonus_total=sum(bonus[c.index] for c in deck),
        moon_needs_bonus=rules.moon_needs_bonus,
        cancellation=rules.cancellation,
        hand_size=hand_size(rules, players),
        deck_indices=tuple(c.index for c in deck),
    )


def cancelled_flags(cards: Sequence[int]) -> list[bool]:
    """Which cards of a Cancellation trick are cancelled: those played twice in it."""
    return [cards.count(c) > 1 for c in cards]


def trick_winner_index(cards: Sequence[int], cancellation: bool) -> int:
    """Position in ``cards`` (play order) of the card that wins, or -1 when the trick carries
    over. Without cancellation: the highest card of the led suit. With it: the highest
    uncancelled card of the led suit, else the most recently played uncancelled card (all of
    them are off-suit then), else -1 (RULES.md: a cancelled card never wins)."""
    lead = cards[0]
    low = lead - lead % 13
    high = low + 13
    best = -1
    best_index = -1
    cancelled = cancelled_flags(cards) if cancellation else [False] * len(cards)
    for i, card in enumerate(cards):
        if low <= card < high and not cancelled[i] and card > best:
            best = card
            best_index = i
    if best_index >= 0:
        return best_index
    for i in range(len(cards) - 1, -1, -1):
        if not cancelled[i]:
            return i
    return -1


def lowest_card(mask: int) -> int:
    """The lowest card index in a non-empty mask."""
    return (mask & -mask).bit_length() - 1


def mask_cards(mask: int) -> list[int]:
    """The card indices of a mask, ascending."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out
