"""How likely the other seats' past plays were in a sampled world: the weight of that world.

Sampling (:mod:`hertta.ai.sampling`) deals the unseen cards uniformly among the deals that fit
the hard facts (hand sizes, voids, passed cards). But play tells more: a seat that followed
the A♠ with a low spade probably has no Q♠ (it would have dropped it), a seat that led a spade
probably does not hold the Q♠, a seat that has taken every point while leading top cards
probably holds a moon hand. The weight of a world is the probability of every play the other
seats made, had they held that world's cards: each world's round is replayed from its first
trick, and at each past decision of another seat the rollout policy (:mod:`hertta.ai.rollout`,
moon attempts and blocks included) predicts a card.

Nobody plays exactly like our policy, so a play is compared by its kind, not the exact card:
its suit, whether it scores, and (following suit) whether it takes the lead of the trick. The
model of a seat: with probability ``1 - noise`` it plays a card of the kind the policy plays,
otherwise a uniformly random legal card. A play of the predicted kind thus costs nothing in any
world, and a play of another kind costs more in the worlds where the policy had a reason
against it (the Q♠ to drop, a spade to keep) than in the others. ``noise`` near 1 trusts play
little (weights near 1: the uniform sampling); near 0 it trusts it fully.

A seat that alone has taken points and holds a moon hand in a world (it is shooting there, in
the rollout's terms) is not judged by its plays in that world: a shooter's order of play is its
own. Judged by ours (top hearts first), a shooter that led a low heart while holding the top
ones made exactly the worlds of its moon weigh little, and the search stopped blocking it
(seen against OpenSpiel's IS-MCTS). Its plays still weigh the worlds where it holds no moon
hand, so play that fits a shooter makes the moon worlds weigh more.

Cancellation (two decks, a kitty) keeps uniform weights.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from hertta.ai.rollout import choose_card
from hertta.ai.rollout_moon import moon_losers, moon_state, shoot_card
from hertta.ai.rollout_tables import PolicyTables, out_mask
from hertta.cards import Card
from hertta.hearts.compiled import SUIT_MASKS, CompiledRules
from hertta.hearts.fast import FastRound

DEFAULT_NOISE = 0.6
"""The share of another seat's plays taken as random rather than explained by the policy."""
MOON_TRY_LOSERS = 3
"""A seat that nobody else has taken points from, with at most this many losers (cards two
cards still out can beat), may be playing for the moon: its plays are explained half by the
policy and half by a shooter's play."""


def play_kind_mask(game: FastRound, legal: int, card: int, tables: PolicyTables) -> int:
    """The legal cards of ``card``'s kind: same suit, same scoring, and when following suit
    the same answer to "does it take the lead of the trick", when leading to "is it the top
    card of its suit still out"."""
    bit = 1 << card
    penalty = tables.penalty_mask
    suit = SUIT_MASKS[card // 13]
    kind = legal & suit & (penalty if bit & penalty else ~penalty)
    trick = game.trick
    if not trick:
        higher = out_mask(game) & suit
        top = 0
        rest = kind
        while rest:
            low = rest & -rest
            rest ^= low
            if not higher & ~((low << 1) - 1):
                top |= low
        return top if bit & top else kind & ~top
    if trick[0] // 13 == card // 13:
        lead = trick[0]
        low = lead - lead % 13
        best = lead
        for other in trick:
            if other > best and other - low < 13:
                best = other
        above = ~((2 << best) - 1)
        kind &= above if bit & above else ~above
    return kind


def starting_hands(
    hands: Sequence[Sequence[Card]], plays: Sequence[tuple[int, Card]], players: int
) -> list[list[int]]:
    """Each seat's hand at the first trick: what it holds now plus what it has played."""
    return starting_indices([[c.index for c in hand] for hand in hands], plays, players)


def starting_indices(
    hands: Sequence[Sequence[int]], plays: Sequence[tuple[int, Card]], players: int
) -> list[list[int]]:
    """:func:`starting_hands` from card indices."""
    out = [list(hand) for hand in hands[:players]]
    for seat, card in plays:
        out[seat].append(card.index)
    return out


def log_play_likelihood(
    compiled: CompiledRules,
    tables: PolicyTables,
    dealer: int,
    start: Sequence[Sequence[int]],
    plays: Sequence[tuple[int, Card]],
    viewer: int,
    noise: float = DEFAULT_NOISE,
) -> float:
    """Log-probability of the other seats' ``plays`` had they started with ``start`` (see the
    module docstring). ``viewer``'s own plays are not scored: they are known."""
    game = FastRound.start(compiled, dealer, start)
    total = 0.0
    taker, shooting = moon_state(game, tables)
    keep = 1.0 - noise
    for seat, card in plays:
        index = card.index
        if seat != viewer and not (taker == seat and shooting):
            legal = game.legal_mask()
            if legal & (legal - 1):
                kind = play_kind_mask(game, legal, index, tables)
                share = noise * kind.bit_count() / legal.bit_count()
                if kind == legal:
                    # Every legal card is of the played card's kind: whatever the policy (or a
                    # shooter) would have played explains it, so neither is asked.
                    explained = 1.0
                else:
                    predicted = choose_card(game, tables, taker, shooting)
                    explained = float(kind >> predicted & 1)
                    if taker in (-1, seat) and not (taker == seat and shooting):
                        out = out_mask(game)
                        if moon_losers(game.hands[seat], out) <= MOON_TRY_LOSERS:
                            # It may be trying for the moon: half a shooter's play.
                            shot = shoot_card(game, legal, tables, out)
                            explained = (explained + float(kind >> shot & 1)) / 2
                total += math.log(share + keep * explained)
        game.play(index)
        if not game.trick:
            taker, shooting = moon_state(game, tables)
    return total
