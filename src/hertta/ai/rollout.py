"""Normal's core play rules on the fast engine's bitmasks: Hard's rollout policy.

Hard plays thousands of rounds to the end per decision, so its rollouts cannot afford building
an observation per card. This module restates the heart of Normal's play rules
(:mod:`hertta.ai.play_rules`) on :class:`~hertta.hearts.FastRound` masks:

- following: dump the Q♠ under a higher spade; take a trick for the bonus card; last to play
  and no points in the trick: win it with the highest safe card; on the first trick (no points
  allowed) play the highest safe card; otherwise duck with the highest card under the winner,
  or when every card wins, the highest (in spades while a Q♠ is out: the lowest) safe card;
- void: dump the Q♠, then A♠/K♠ while a Q♠ is out, then the highest heart, then the highest
  card; never throw away the bonus card;
- leading: flush the Q♠ out with a low spade when holding no A♠/K♠/Q♠; keep spades while
  holding the Q♠ (or A♠/K♠ with a Q♠ out); otherwise lead the lowest card.

It sees only what the seat to move could see in that determinized world (its own hand, the
table, and whether a Q♠ is still unplayed), never the other hands' contents.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from hertta.hearts.compiled import (
    HEARTS_MASK,
    SPADES_MASK,
    SUIT_MASKS,
    CompiledRules,
    mask_cards,
)
from hertta.hearts.fast import FastRound

QUEEN = 36
"""Card index of the Q♠ (spades 26-38: 2♠ is 26, A♠ is 38)."""
QUEEN_BIT = 1 << QUEEN
ACE_BIT = 1 << 38
HIGH_SPADES = (1 << 37) | ACE_BIT
LOW_SPADES = SPADES_MASK & (QUEEN_BIT - 1)


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
    )


def _highest(mask: int) -> int:
    return mask.bit_length() - 1


def _lowest(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


def _queen_out(game: FastRound) -> bool:
    """A Q♠ is still in someone else's hand (unplayed), as far as the seat to move can tell."""
    me = game.turn
    return any(seat != me and hand & QUEEN_BIT for seat, hand in enumerate(game.hands))


def _lead(game: FastRound, mask: int, tables: PolicyTables) -> int:
    hand = game.hands[game.turn]
    queen_out = _queen_out(game)
    if queen_out and not hand & (HIGH_SPADES | QUEEN_BIT):
        flush = mask & LOW_SPADES
        if flush:
            return _lowest(flush)
    if hand & QUEEN_BIT or (queen_out and hand & HIGH_SPADES):
        other = mask & ~SPADES_MASK
        if other:
            mask = other
    if mask & tables.bonus_bit and mask != tables.bonus_bit:
        mask ^= tables.bonus_bit
    best = -1
    best_rank = 99
    for suit in range(4):
        part = mask & SUIT_MASKS[suit]
        if part:
            card = _lowest(part)
            rank = card - 13 * suit
            if rank < best_rank:
                best = card
                best_rank = rank
    return best


def _discard(game: FastRound, mask: int, tables: PolicyTables) -> int:
    bonus = tables.bonus_bit
    if mask & bonus and mask != bonus:
        mask ^= bonus
    if mask & QUEEN_BIT:
        return QUEEN
    if mask & ACE_BIT and tables.penalty_mask & ACE_BIT:
        return 38
    if mask & HIGH_SPADES and _queen_out(game):
        return _highest(mask & HIGH_SPADES)
    hearts = mask & HEARTS_MASK
    if hearts:
        return _highest(hearts)
    best = -1
    best_rank = -1
    for suit in range(3):
        part = mask & SUIT_MASKS[suit]
        if part:
            card = _highest(part)
            rank = card - 13 * suit
            if rank > best_rank:
                best = card
                best_rank = rank
    return best


def _follow(game: FastRound, mask: int, tables: PolicyTables) -> int:
    trick = game.trick
    lead = trick[0]
    suit = lead // 13
    low = suit * 13
    best = lead
    points = 0
    penalty = tables.penalty
    for card in trick:
        points += penalty[card]
        if card > best and card - low < 13:
            best = card
    if suit == 2 and mask & QUEEN_BIT and best > QUEEN:
        return QUEEN
    last = len(trick) == game.n - 1
    safe = mask & ~tables.penalty_mask
    bonus = tables.bonus_bit
    if bonus and suit == tables.bonus_suit and points < tables.bonus_value:
        if tables.bonus_index in trick:
            winners = mask & ~((2 << best) - 1)
            if winners:
                return _lowest(winners) if last else _highest(winners)
        elif mask & bonus:
            if last and bonus > 1 << best:
                return _highest(bonus)
            if mask != bonus:
                mask ^= bonus
                safe &= ~bonus
    below = mask & ((1 << best) - 1)
    if last:
        if points == 0 and safe:
            return _highest(safe)
        if below:
            return _highest(below)
        return _highest(safe or mask)
    if game.first_trick and safe:
        return _highest(safe)
    if below:
        return _highest(below)
    pick = safe or mask
    if suit == 2 and _queen_out(game):
        return _lowest(pick)
    return _highest(pick)


def _cancellation_choice(game: FastRound, mask: int, tables: PolicyTables) -> int:
    """The same rules for two decks, judging each card by the trick it would leave (identical
    cards cancel, so "under the winner" is not a plain comparison)."""
    trick = game.trick
    if not trick:
        return _lead(game, mask, tables)
    suit = trick[0] // 13
    if not mask & SUIT_MASKS[suit]:
        return _discard(game, mask, tables)
    penalty = tables.penalty
    points = sum(penalty[c] for c in trick) + sum(penalty[c] for c in game.carried)
    last = len(trick) == game.n - 1
    cards = mask_cards(mask)
    # A card wins unless it cancels a twin already on the table or the highest uncancelled
    # card of the led suit beats it.
    low = suit * 13
    top = -1
    for c in trick:
        if low <= c < low + 13 and c > top and trick.count(c) == 1:
            top = c
    losing = [c for c in cards if c in trick or c < top]
    safe = [c for c in cards if not penalty[c]]
    kitty_waits = game.kitty_taker < 0 and bool(game.kitty)
    if last and points == 0 and safe and not kitty_waits:
        return max(safe)
    if losing:
        if QUEEN in losing:
            return QUEEN
        return max(losing)
    pool = safe or cards
    return min(pool) if suit == 2 and _queen_out(game) else max(pool)


def fast_choice(game: FastRound, tables: PolicyTables) -> int:
    """The rollout policy's card for the seat to move (see the module docstring)."""
    mask = game.legal_mask()
    if not mask & (mask - 1):
        return mask.bit_length() - 1
    if tables.cancellation:
        return _cancellation_choice(game, mask, tables)
    trick = game.trick
    if not trick:
        return _lead(game, mask, tables)
    if mask & SUIT_MASKS[trick[0] // 13]:
        return _follow(game, mask, tables)
    return _discard(game, mask, tables)


def play_out(game: FastRound, tables: PolicyTables) -> None:
    """Play the round to its end with the rollout policy for every seat."""
    play = game.play
    while game.tricks_left:
        play(fast_choice(game, tables))


def final_points(game: FastRound) -> list[int]:
    """Each seat's points for the finished round; under ``choose`` a shooter takes ``add``
    (both options are worth the same margin over the others)."""
    rules = game.rules
    shooter = game.moon_shooter()
    if shooter is None:
        return [p + b for p, b in zip(game.penalty, game.bonus, strict=True)]
    total = rules.moon_total
    if rules.rules.moon_rule == "subtract":
        return [b - (total if s == shooter else 0) for s, b in enumerate(game.bonus)]
    return [b + (0 if s == shooter else total) for s, b in enumerate(game.bonus)]
