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

The moon (one-deck games): a seat that alone has taken points and holds a hand of top cards
(no card of it can lose to two or more cards still out; two once it has taken
:data:`MOON_THREAT_SHARE` of the points) shoots: it leads its top cards, hearts first, follows
high and discards low side cards. When one other seat has taken every point so far, and at
least that share, the others feed it nothing when void (a heart goes on a trick it has lost
instead); once its hand is strong enough to be shooting (whatever its points) they block in
earnest: take a trick with points from it (or before it plays), lead a top heart, keep high
cards (the Q♠ too) as stoppers when its trick cannot be beaten, and when void with nothing but
points give it the lowest heart, not the highest. Without this the search never
sees a moon coming, and never sees its own.

It sees only what the seat to move could see in that determinized world (its own hand, the
table, the points taken, and which cards are still out: the union of the other hands), never
one other hand's contents.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from hertta.hearts.compiled import (
    HEARTS_MASK,
    NOT_HEARTS_MASK,
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
MOON_THREAT_SHARE = 0.3
"""Someone who alone has taken this share of the deck's points may be shooting the moon."""
MOON_HEARTS = 4
"""Hearts a hand needs to start a moon before anyone has taken a point."""
MOON_LOSERS = 2
"""Losers (cards two or more cards still out can beat) a committed shooter goes on with."""
FEED_SHARE = 0.08
"""From this share of the points (2 of 26) taken by one seat alone, the others, void, feed it
none (see :data:`hertta.ai.situation.FEED_SHARE`)."""
EARLY_MOON_LOSERS = 0
"""Losers a sole taker goes on with before it has :data:`MOON_THREAT_SHARE` of the points."""


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


def _highest(mask: int) -> int:
    return mask.bit_length() - 1


def _lowest(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


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
        return _lowest(mask)
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


def moon_state(
    game: FastRound, tables: PolicyTables, early: int = EARLY_MOON_LOSERS
) -> tuple[int, bool]:
    """``(taker, shooting)``: the one seat that has taken every point so far (and, where the
    moon needs it, no one else the bonus card), -1 while nobody has a point, -2 when two seats
    have; ``shooting``: at most :data:`MOON_LOSERS` (``early`` before :data:`MOON_THREAT_SHARE`
    of the points) of the taker's cards can lose to two cards still out, at the trick's start."""
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


def out_mask(game: FastRound) -> int:
    """Cards still held by the other seats (and a face-down kitty): what the seat to move
    cannot see."""
    return game.others(game.turn)


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
        return _highest(pool)
    suit = trick[0] // 13
    follow = mask & SUIT_MASKS[suit]
    if follow:
        return _highest(follow)
    side = mask & ~tables.penalty_mask & ~tables.bonus_bit
    pool = side or mask
    best = -1
    best_rank = 99
    for s in range(4):
        part = pool & SUIT_MASKS[s]
        if part:
            card = _lowest(part)
            if card - 13 * s < best_rank:
                best = card
                best_rank = card - 13 * s
    return best


def _block(game: FastRound, mask: int, tables: PolicyTables, shooter: int, shooting: bool) -> int:
    """Stop ``shooter``'s moon (see the module docstring); -1 when no blocking card applies.
    While its hand is not strong enough to be ``shooting``, only the cheap part: feed it no
    points when void."""
    trick = game.trick
    if not trick:
        if not shooting:
            return -1
        hearts = mask & HEARTS_MASK
        if hearts:
            top = _highest(hearts)
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
            return _highest(winners)
        # Cannot take it from the shooter: keep the high cards, the later stoppers.
        safe = follow & ~tables.penalty_mask
        return _lowest(safe or follow)
    if done and winner != shooter:
        hearts = mask & HEARTS_MASK
        if hearts:
            return _highest(hearts)
        return -1
    safe = mask & ~tables.penalty_mask
    if safe & ~tables.bonus_bit:
        safe &= ~tables.bonus_bit
    if safe:
        return _highest(safe)
    # Nothing but points: feed it the lowest heart and keep the high ones, the stoppers that
    # can still take a trick from it.
    hearts = mask & HEARTS_MASK
    return _lowest(hearts) if hearts else -1


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
            card = _block(game, mask, tables, taker, shooting)
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
