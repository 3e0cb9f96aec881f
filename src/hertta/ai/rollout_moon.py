"""The rollout policy's moon (one-deck games): who may be shooting, the shooter's card, and
the card that stops it.

A seat that alone has taken points and holds a hand of top cards (no card of it can lose to
two or more cards still out; two once it has taken
:data:`~hertta.ai.rollout_tables.MOON_THREAT_SHARE` of the points) shoots: it leads its top
cards, hearts first, follows high and discards low side cards. When one other seat has taken
every point so far, and at least that share, the others feed it nothing when void (a heart goes
on a trick it has lost instead); once its hand is strong enough to be shooting (whatever its
points) they block in earnest: take a trick with points from it (or before it plays), lead a
top heart, keep high cards (the Q♠ too) as stoppers when its trick cannot be beaten, and when
void with nothing but points give it the lowest heart, not the highest. Without this the search
never sees a moon coming, and never sees its own.

:func:`hertta.ai.rollout.choose_card` decides when these apply; this module only answers.
"""

from __future__ import annotations

from hertta.ai.rollout_tables import (
    QUEEN_BIT,
    PolicyTables,
    highest,
    lowest,
    out_mask,
)
from hertta.hearts.compiled import HEARTS_MASK, SPADES_MASK, SUIT_MASKS
from hertta.hearts.fast import FastRound

MOON_HEARTS = 4
"""Hearts a hand needs to start a moon before anyone has taken a point."""
MOON_LOSERS = 2
"""Losers (cards two or more cards still out can beat) a committed shooter goes on with."""
EARLY_MOON_LOSERS = 0
"""Losers a sole taker goes on with before it has
:data:`~hertta.ai.rollout_tables.MOON_THREAT_SHARE` of the points."""


def moon_state(
    game: FastRound, tables: PolicyTables, early: int = EARLY_MOON_LOSERS
) -> tuple[int, bool]:
    """``(taker, shooting)``: the one seat that has taken every point so far (and, where the
    moon needs it, no one else the bonus card), -1 while nobody has a point, -2 when two seats
    have; ``shooting``: at most :data:`MOON_LOSERS` (``early`` before
    :data:`~hertta.ai.rollout_tables.MOON_THREAT_SHARE` of the points) of the taker's cards can
    lose to two cards still out, at the trick's start."""
    taker = -1
    for seat, points in enumerate(game.penalty):
        if points:
            if taker >= 0:
                return -2, False
            taker = seat
    if taker < 0:
        return -1, False
    if tables.moon_needs_bonus:
        for seat, bonus in enumerate(game.bonus):
            if bonus and seat != taker:
                return -2, False
    mine = game.hands[taker]
    out = game.others(taker)
    # Judged as at the start of the trick, so it is the same for every card of it.
    n = game.n
    for i, card in enumerate(game.trick):
        if (game.leader + i) % n == taker:
            mine |= 1 << card
        else:
            out |= 1 << card
    allowed = MOON_LOSERS if game.penalty[taker] >= tables.moon_threat else early
    return taker, moon_losers(mine, out) <= allowed


def moon_losers(hand: int, out: int) -> int:
    """Cards of ``hand`` that two or more cards still out can beat."""
    # A card has two cards out above it exactly when it is below the second highest card out
    # of its suit: one mask per suit instead of a loop over the cards (it runs once a trick in
    # every rollout).
    losers = 0
    for suit_mask in SUIT_MASKS:
        mine = hand & suit_mask
        if mine:
            others = out & suit_mask
            if others:
                others ^= 1 << (others.bit_length() - 1)
                if others:
                    losers += (mine & ((1 << (others.bit_length() - 1)) - 1)).bit_count()
    return losers


def shoot_card(game: FastRound, mask: int, tables: PolicyTables, out: int) -> int:
    """Take every trick: lead a top card (hearts first), follow high, discard low. While
    another seat holds the Q♠, spades are led last: a spade lead lets its holder keep it (or
    drop it when the moon is still far), and only the other suits run out its guards."""
    trick = game.trick
    if not trick:
        tops = 0
        rest = mask
        while rest:
            bit = rest & -rest
            rest ^= bit
            card = bit.bit_length() - 1
            if not out & SUIT_MASKS[card // 13] & ~((bit << 1) - 1):
                tops |= bit
        later = SPADES_MASK if out & QUEEN_BIT else 0
        pool = (
            (tops & HEARTS_MASK)
            or (tops & ~later)
            or tops
            or (mask & HEARTS_MASK)
            or (mask & ~later)
            or mask
        )
        return highest(pool)
    suit = trick[0] // 13
    follow = mask & SUIT_MASKS[suit]
    if follow:
        return highest(follow)
    side = mask & ~tables.penalty_mask & ~tables.bonus_bit
    pool = side or mask
    best = -1
    best_rank = 99
    for s in range(4):
        part = pool & SUIT_MASKS[s]
        if part:
            card = lowest(part)
            if card - 13 * s < best_rank:
                best = card
                best_rank = card - 13 * s
    return best


def block_card(
    game: FastRound, mask: int, tables: PolicyTables, shooter: int, shooting: bool
) -> int:
    """Stop ``shooter``'s moon (see the module docstring); -1 when no blocking card applies.
    While its hand is not strong enough to be ``shooting``, only the cheap part: feed it no
    points when void."""
    trick = game.trick
    if not trick:
        if not shooting:
            return -1
        hearts = mask & HEARTS_MASK
        if hearts:
            top = highest(hearts)
            if not out_mask(game) & HEARTS_MASK & ~((2 << top) - 1):
                return top
        return -1
    n = game.n
    leader = game.leader
    lead = trick[0]
    suit = lead // 13
    low = suit * 13
    best = lead
    best_index = 0
    points = 0
    penalty = tables.penalty
    for i, card in enumerate(trick):
        points += penalty[card]
        if card > best and card - low < 13:
            best = card
            best_index = i
    winner = (leader + best_index) % n
    done = (shooter - leader) % n < len(trick)
    follow = mask & SUIT_MASKS[suit]
    if follow:
        if not shooting or (done and winner != shooter):
            return -1
        winners = follow & ~((2 << best) - 1)
        if winners and (points or suit == 3 or not done):
            return highest(winners)
        # Cannot take it from the shooter: keep the high cards, the later stoppers.
        safe = follow & ~tables.penalty_mask
        return lowest(safe or follow)
    if done and winner != shooter:
        hearts = mask & HEARTS_MASK
        if hearts:
            return highest(hearts)
        return -1
    safe = mask & ~tables.penalty_mask
    if safe & ~tables.bonus_bit:
        safe &= ~tables.bonus_bit
    if safe:
        return highest(safe)
    # Nothing but points: feed it the lowest heart and keep the high ones, the stoppers that
    # can still take a trick from it.
    hearts = mask & HEARTS_MASK
    return lowest(hearts) if hearts else -1
