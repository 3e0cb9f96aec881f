"""The round review: a finished round replayed from its deal gives the seat's decisions as the
seat saw them, and Hard's assessment marks a poor pass as a mistake with a stable cost."""

from __future__ import annotations

import pickle

import pytest

from hertta.ai.hard import HardPlayer
from hertta.ai.registry import make_player
from hertta.ai.review import (
    MAX_WORLDS,
    MIN_WORLDS,
    MISTAKE_POINTS,
    TARGET_ERROR,
    assess_pass,
    assess_play,
    paired_cost,
    replay_decisions,
    review_task,
)
from hertta.cards import Card, parse_card
from hertta.errors import IllegalMoveError
from hertta.hearts.decisions import MoonDecision, PassDecision, PlayDecision, apply_decision
from hertta.hearts.match import MatchState, new_match, totals_before_round
from hertta.hearts.observation import observe
from hertta.hearts.round import Phase
from hertta.rng import SplitMix64

RANKS = "23456789TJQKA"
POOR_PASS_CODE = "HM1-S4-AAAAAAC"
"""Seat 0's three lowest cards leave it the queen and the ace of spades (found by looking at the
first codes' hands)."""


def rank(card: Card) -> int:
    return RANKS.index(card.notation[0])


def poor_round(code: str) -> MatchState:
    """Round 1 with seat 0 passing its three lowest cards and playing its highest legal card,
    and Easy players (one seeded generator) in the other seats."""
    match = new_match(code)
    others = [make_player("easy") for _ in range(match.players)]
    rng = SplitMix64(5)
    totals = totals_before_round(match)
    while match.round.phase is not Phase.ROUND_OVER:
        state = match.round
        if state.phase is Phase.PASSING:
            seat = next(s for s, chosen in enumerate(state.passes) if chosen is None)
            obs = observe(state, seat, totals)
            cards = (sorted(obs.hand, key=rank)[:3] if seat == 0
                     else others[seat].choose_pass(obs, rng))
            match = apply_decision(match, PassDecision(seat, tuple(cards)))
        elif state.phase is Phase.PLAYING:
            seat = state.turn
            assert seat is not None
            obs = observe(state, seat, totals)
            card = (max(obs.legal_plays, key=rank) if seat == 0
                    else others[seat].choose_play(obs, rng))
            match = apply_decision(match, PlayDecision(seat, card))
        else:
            assert state.moon_shooter is not None
            match = apply_decision(match, MoonDecision(state.moon_shooter, "add"))
    return match


def test_the_replay_gives_the_seats_decisions_as_it_saw_them() -> None:
    match = poor_round(POOR_PASS_CODE)
    final = match.round
    task = review_task(final, 0, totals_before_round(match), seed=7, round_index=0)
    assert pickle.loads(pickle.dumps(task)) == task  # it goes to a worker process
    replayed = replay_decisions(task)
    kinds = [kind for kind, _, _ in replayed.decisions]
    assert kinds == ["pass"] + ["play"] * 13
    _, pass_view, passed = replayed.decisions[0]
    assert passed == final.passes[0] and set(pass_view.hand) == set(final.dealt[0])
    mine = [card for _, _, card in replayed.decisions[1:]]
    assert mine == [card for trick in final.tricks
                    for seat, card in zip(trick.seats, trick.cards, strict=True) if seat == 0]
    for _, view, card in replayed.decisions[1:]:
        assert view.seat == 0 and view.turn == 0 and card in view.legal_plays
    assert [len(hand) for hand in replayed.after_pass] == [13] * 4


def test_a_pass_that_keeps_the_queen_is_a_mistake() -> None:
    match = poor_round(POOR_PASS_CODE)
    replayed = replay_decisions(review_task(match.round, 0, totals_before_round(match), 7, 0))
    _, view, passed = replayed.decisions[0]
    assert parse_card("QS") in view.hand and parse_card("QS") not in passed
    found = assess_pass(view, passed, SplitMix64(11), HardPlayer())
    assert found.mistake and found.cost >= MISTAKE_POINTS
    assert parse_card("QS") in found.best
    assert found.error <= TARGET_ERROR + 0.15
    # The same again gives the same answer: the review is pure for a seed.
    again = assess_pass(view, passed, SplitMix64(11), HardPlayer())
    assert again == found


def test_the_only_card_costs_nothing() -> None:
    match = poor_round(POOR_PASS_CODE)
    replayed = replay_decisions(review_task(match.round, 0, totals_before_round(match), 7, 0))
    _, view, card = replayed.decisions[-1]  # the last trick: one card left
    found = assess_play(view, card, SplitMix64(3), HardPlayer())
    assert found.cost == 0 and found.best == (card,) and not found.mistake
    assert found.worlds == 0  # nothing to search


def test_a_cost_that_never_settles_stops_at_the_world_limit_exactly() -> None:
    rng = SplitMix64(3)

    def noisy() -> tuple[float, tuple[float, float]]:  # never within +-0.25 of its mean
        return 0.0, (0.0, float(rng.below(200)))

    def settled() -> tuple[float, tuple[float, float]]:  # Hard 3 points better in every world
        return 0.0, (3.0, 0.0)

    cost, error, worlds = paired_cost(noisy)
    assert worlds == MAX_WORLDS and error > 0.25 and cost >= 0
    assert paired_cost(settled) == (3.0, 0.0, MIN_WORLDS)


def test_only_a_finished_round_is_reviewed() -> None:
    match = new_match("HM1-S4-AAAAAAM")
    with pytest.raises(IllegalMoveError, match="reviewed once it is over, not passing"):
        review_task(match.round, 0, totals_before_round(match), seed=7, round_index=0)

