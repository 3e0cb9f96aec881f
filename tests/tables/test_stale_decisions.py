"""``made_before_now``: which decisions, made on the state after some count of a table's
decisions, were meant for a position that is gone (docs/tables.md, ``decisions`` on an op)."""

from __future__ import annotations

from hertta.ai.normal import NormalPlayer
from hertta.hearts.codes import MatchCode
from hertta.hearts.config import preset
from hertta.hearts.decisions import (
    Decision,
    NextRound,
    PassDecision,
    PlayDecision,
    apply_decision,
    decision_needed,
)
from hertta.hearts.match import MatchState, new_match
from hertta.rng import SplitMix64
from hertta.tables.hearts import made_before_now, seat_observation


def step(match: MatchState, seat: int) -> Decision:
    """Normal's decision for ``seat`` (a pass or a card), or the next round."""
    needed = decision_needed(match)
    player, rng = NormalPlayer(), SplitMix64(1)
    obs = seat_observation(match, seat)
    if needed.kind == "pass":
        return PassDecision(seat, tuple(player.choose_pass(obs, rng)))
    if needed.kind == "play":
        return PlayDecision(seat, player.choose_play(obs, rng))
    return NextRound()


def test_a_pass_may_follow_the_other_seats_passes_of_its_round_only() -> None:
    match = new_match(MatchCode(preset("standard"), 4, 4242))
    version = 0
    for seat in (1, 2, 3):
        match = apply_decision(match, step(match, seat))
        version += 1
    mine = step(match, 0)
    assert all(not made_before_now(match, version, mine, made_at) for made_at in range(4))
    assert made_before_now(match, version, mine, version + 1)  # a count not reached yet


def test_a_card_is_stale_after_any_decision_and_a_pass_after_its_round() -> None:
    match = new_match(MatchCode(preset("standard"), 4, 4242))
    version = 0
    while decision_needed(match).kind == "pass":
        match = apply_decision(match, step(match, decision_needed(match).seats[0]))
        version += 1
    turn = decision_needed(match).seats[0]
    card = step(match, turn)
    assert not made_before_now(match, version, card, version)
    assert made_before_now(match, version, card, version - 1)
    # A pass out of its phase is left to the rules (wrong_phase), unless its count is old.
    old_pass = PassDecision(turn, ())
    assert made_before_now(match, version, old_pass, version - 1)
    assert not made_before_now(match, version, old_pass, version)
    # Play the round out: at the result, only the count of that position may say "next".
    while decision_needed(match).kind == "play":
        match = apply_decision(match, step(match, decision_needed(match).seats[0]))
        version += 1
    assert decision_needed(match).kind == "next"
    assert not made_before_now(match, version, NextRound(), version)
    assert made_before_now(match, version, NextRound(), version - 1)
    # The next round's passes: a pass from the round before is stale even before anyone passed.
    match = apply_decision(match, NextRound())
    version += 1
    assert decision_needed(match).kind == "pass"
    new_pass = step(match, 0)
    assert not made_before_now(match, version, new_pass, version)
    assert made_before_now(match, version, new_pass, version - 1)
