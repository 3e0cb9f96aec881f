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
  holding the Q♠ (or A♠/K♠ with a Q♠ out); otherwise lead the card likeliest to be beaten
  (the smallest share of the cards still out of its suit below it), as Normal's ``lead_low``.

The moon (one-deck games) is :mod:`hertta.ai.rollout_moon`: a seat that may be shooting plays
its top cards, and the others block it; :func:`choose_card` decides when.

It sees only what the seat to move could see in that determinized world (its own hand, the
table, the points taken, and which cards are still out: the union of the other hands), never
one other hand's contents.
"""

from __future__ import annotations

from hertta.ai.rollout_moon import (
    MOON_HEARTS,
    block_card,
    moon_losers,
    moon_state,
    shoot_card,
)
from hertta.ai.rollout_tables import (
    ACE_BIT,
    HIGH_SPADES,
    LOW_SPADES,
    QUEEN,
    QUEEN_BIT,
    PolicyTables,
    highest,
    lowest,
    out_mask,
)
from hertta.hearts.compiled import (
    HEARTS_MASK,
    NOT_HEARTS_MASK,
    SPADES_MASK,
    SUIT_MASKS,
    mask_cards,
)
from hertta.hearts.fast import FastRound


def _queen_out(game: FastRound) -> bool:
    """A Q♠ is still in someone else's hand (unplayed), as far as the seat to move can tell."""
    return bool(out_mask(game) & QUEEN_BIT)


def lead_pool(game: FastRound, mask: int, tables: PolicyTables, out: int) -> int:
    """The cards of ``mask`` the rollout may lead, ``out`` being :func:`out_mask`: the lowest
    low spade alone when flushing a Q♠ out (holding no A♠/K♠/Q♠), else no spades while holding
    the Q♠ (or A♠/K♠ with a Q♠ out) and not the bonus card, when something else is left."""
    hand = game.hands[game.turn]
    queen_out = out & QUEEN_BIT
    if queen_out and not hand & (HIGH_SPADES | QUEEN_BIT):
        flush = mask & LOW_SPADES
        if flush:
            return flush & -flush
    if hand & QUEEN_BIT or (queen_out and hand & HIGH_SPADES):
        other = mask & ~SPADES_MASK
        if other:
            mask = other
    if mask & tables.bonus_bit and mask != tables.bonus_bit:
        mask ^= tables.bonus_bit
    return mask


_SUIT_SPANS = tuple((suit_mask, 13 * suit) for suit, suit_mask in enumerate(SUIT_MASKS))
_LEAD_SHARE_SCALE = 1 << 17
"""A lead's key packs (share, scores, suit length, rank) into ``share * scale + scores * 256
+ length * 16 + rank``: length and rank are below 16 and 13, so the last three fit under 512,
and two different shares (fractions with denominators up to 13) differ by at least 1/156,
which the scale turns into more than 512: the number orders leads as the tuple does."""
_NO_LEAD_KEY = 2.0 * _LEAD_SHARE_SCALE


def _lead(game: FastRound, mask: int, tables: PolicyTables) -> int:
    out = out_mask(game)
    mask = lead_pool(game, mask, tables, out)
    if not mask & (mask - 1):
        return lowest(mask)
    # As Normal's lead_low: the suit whose lowest card has the smallest share of the cards
    # still out of that suit below it (the likeliest to be beaten), then a card that scores
    # nothing, then the shorter suit (a void comes sooner), then the lower rank. Plain lowest
    # rank was 0.22 points per round worse in one seat against three (bench/rollout_duel.py).
    hand = game.hands[game.turn]
    penalty = tables.penalty
    best = -1
    best_key = _NO_LEAD_KEY
    for suit_mask, low in _SUIT_SPANS:
        part = mask & suit_mask
        if part:
            card = (part & -part).bit_length() - 1
            suit_out = out & suit_mask
            share = (
                (suit_out & ((1 << card) - 1)).bit_count() / suit_out.bit_count()
                if suit_out
                else 1.0
            )
            # The key (share, scores, suit length, rank) packed in one number (see
            # _LEAD_SHARE_SCALE): comparing it builds no tuple.
            key = (
                share * _LEAD_SHARE_SCALE
                + (penalty[card] > 0) * 256
                + (hand & suit_mask).bit_count() * 16
                + card - low
            )
            if key < best_key:
                best = card
                best_key = key
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
        return highest(mask & HIGH_SPADES)
    hearts = mask & HEARTS_MASK
    if hearts:
        return highest(hearts)
    best = -1
    best_rank = -1
    for suit in range(3):
        part = mask & SUIT_MASKS[suit]
        if part:
            card = highest(part)
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
                return lowest(winners) if last else highest(winners)
        elif mask & bonus:
            if last and bonus > 1 << best:
                return highest(bonus)
            if mask != bonus:
                mask ^= bonus
                safe &= ~bonus
    below = mask & ((1 << best) - 1)
    if last:
        if points == 0 and safe:
            return highest(safe)
        if below:
            return highest(below)
        return highest(safe or mask)
    if game.first_trick and safe:
        return highest(safe)
    if below:
        return highest(below)
    pick = safe or mask
    if suit == 2 and _queen_out(game):
        return lowest(pick)
    return highest(pick)


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
    return choose_card(game, tables, *moon_state(game, tables))


EVERYONE = -1
"""``wary`` for rollouts in which every seat blocks every shooter."""


def choose_card(
    game: FastRound, tables: PolicyTables, taker: int, shooting: bool, wary: int = EVERYONE
) -> int:
    """:func:`fast_choice` with :func:`moon_state` already known. ``wary``: the searching seat,
    which counts on nobody else: another seat's moon is blocked by it alone (the others play
    as if no moon were on), its own moon by everyone. :data:`EVERYONE`: every seat blocks."""
    # FastRound.legal_mask inlined: this runs for every card of every rollout.
    hand = game.hands[game.turn]
    trick = game.trick
    if trick:
        mask = hand & SUIT_MASKS[trick[0] // 13]
        if not mask:
            mask = hand
            if game.first_trick:
                mask = hand & game.rules.safe_first_mask or hand
    elif game.opening >= 0:
        return game.opening
    elif game.hearts_broken:
        mask = hand
    else:
        mask = hand & NOT_HEARTS_MASK or hand
    if not mask & (mask - 1):
        return mask.bit_length() - 1
    if tables.cancellation:
        return _cancellation_choice(game, mask, tables)
    if taker >= 0:
        if taker == game.turn:
            if shooting:
                return shoot_card(game, mask, tables, out_mask(game))
        elif (wary < 0 or game.turn == wary or taker == wary) and (
            shooting or game.penalty[taker] >= tables.feed_threat
        ):
            card = block_card(game, mask, tables, taker, shooting)
            if card >= 0:
                return card
    elif taker == -1 and not trick and (hand & HEARTS_MASK).bit_count() >= MOON_HEARTS:
        # Nobody has a point yet: a hand of top cards with many hearts starts a moon.
        out = out_mask(game)
        if not moon_losers(hand, out):
            return shoot_card(game, mask, tables, out)
    if not trick:
        return _lead(game, mask, tables)
    if mask & SUIT_MASKS[trick[0] // 13]:
        return _follow(game, mask, tables)
    return _discard(game, mask, tables)


def play_out(game: FastRound, tables: PolicyTables, wary: int = EVERYONE) -> None:
    """Play the round to its end with the rollout policy for every seat (``wary``: see
    :func:`choose_card`)."""
    play = game.play
    taker, shooting = moon_state(game, tables)
    while game.tricks_left:
        play(choose_card(game, tables, taker, shooting, wary))
        if not game.trick and taker != -2:
            taker, shooting = moon_state(game, tables)


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
