"""A rollout in which the searching seat thinks once more: its next decision is searched.

Hard's rollouts play every seat by the rollout policy (:mod:`hertta.ai.rollout`), the searching
seat too, although in the real round that seat will search again and often play better than
the policy. A candidate card whose worth depends on a good later play is then undervalued. In
:func:`play_out_lookahead` the searcher's next card in the rollout is chosen by playing each of
its legal cards out by the policy in the same world and keeping the best for it: one step of
policy improvement, as in the rollout algorithms of Bertsekas and Tesauro's backgammon
rollouts. It costs about one rollout per legal card of that decision on top of the plain one.

The step sees the world's hidden cards (the world is a sampled deal), like every rollout;
this is the perfect-information Monte Carlo of Ginsberg's GIB and Sturtevant's Hearts programs
at a depth of one decision.
"""

from __future__ import annotations

from collections.abc import Callable

from hertta.ai.rollout import choose_card, final_points, play_out
from hertta.ai.rollout_moon import moon_state
from hertta.ai.rollout_tables import PolicyTables
from hertta.hearts.fast import FastRound

LOOKAHEAD_COST = 4
"""A rollout with the searcher's next decision searched costs about this many plain ones (the
plain rollout up to the decision, then one playout per legal card, about three on average)."""


def play_out_lookahead(
    game: FastRound,
    tables: PolicyTables,
    seat: int,
    wary: int,
    value: Callable[[list[int]], float],
) -> list[int]:
    """The final points of the round played to its end by the rollout policy, except
    ``seat``'s next card, which is the legal card whose playout by the policy ``value`` rates
    highest for it (the policy's own card on a tie). ``value`` scores a finished round's points
    for ``seat``. ``game`` is played up to that card; the playouts run on copies, and the best
    one's points are the answer (the policy has no randomness, so playing that card on
    ``game`` again would repeat it card for card)."""
    play = game.play
    taker, shooting = moon_state(game, tables)
    while game.tricks_left and game.turn != seat:
        play(choose_card(game, tables, taker, shooting, wary))
        if not game.trick and taker != -2:
            taker, shooting = moon_state(game, tables)
    mask = game.legal_mask() if game.tricks_left else 0
    if not mask & (mask - 1):
        play_out(game, tables, wary)
        return final_points(game)
    policy_card = choose_card(game, tables, taker, shooting, wary)
    best = _playout_points(game, tables, policy_card, wary)
    best_value = value(best)
    rest = mask & ~(1 << policy_card)
    while rest:
        bit = rest & -rest
        rest ^= bit
        points = _playout_points(game, tables, bit.bit_length() - 1, wary)
        points_value = value(points)
        if points_value > best_value:
            best, best_value = points, points_value
    return best


def _playout_points(game: FastRound, tables: PolicyTables, card: int, wary: int) -> list[int]:
    trial = game.clone()
    trial.play(card)
    play_out(trial, tables, wary)
    return final_points(trial)
