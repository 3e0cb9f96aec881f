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

from hertta.ai.rollout import PolicyTables, choose_card, final_points, moon_state, play_out
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
) -> None:
    """Play the round to its end with the rollout policy, except ``seat``'s next card, which
    is the legal card whose playout by the policy ``value`` rates highest for it (the policy's
    own card on a tie). ``value`` scores a finished round's points for ``seat``."""
    play = game.play
    taker, shooting = moon_state(game, tables)
    while game.tricks_left and game.turn != seat:
        play(choose_card(game, tables, taker, shooting, wary))
        if not game.trick and taker != -2:
            taker, shooting = moon_state(game, tables)
    if game.tricks_left:
        mask = game.legal_mask()
        if mask & (mask - 1):
            play(_best_card(game, tables, mask, choose_card(game, tables, taker, shooting, wary),
                            wary, value))
        else:
            play(mask.bit_length() - 1)
    play_out(game, tables, wary)


def _best_card(
    game: FastRound,
    tables: PolicyTables,
    mask: int,
    policy_card: int,
    wary: int,
    value: Callable[[list[int]], float],
) -> int:
    best = policy_card
    best_value = _playout_value(game, tables, policy_card, wary, value)
    rest = mask & ~(1 << policy_card)
    while rest:
        bit = rest & -rest
        rest ^= bit
        card = bit.bit_length() - 1
        card_value = _playout_value(game, tables, card, wary, value)
        if card_value > best_value:
            best, best_value = card, card_value
    return best


def _playout_value(
    game: FastRound, tables: PolicyTables, card: int, wary: int,
    value: Callable[[list[int]], float],
) -> float:
    trial = game.clone()
    trial.play(card)
    play_out(trial, tables, wary)
    return value(final_points(trial))
