"""A finished match laid open round by round (the replay page's data) agrees with the match
itself: every round's hands as dealt, its tricks in order, its points and running totals."""

from __future__ import annotations

import pytest

from hertta.hearts.codes import MatchCode
from hertta.hearts.config import preset, with_options
from hertta.hearts.decisions import Decision, NextRound, apply_decision, decision_needed
from hertta.hearts.match import MatchState, new_match
from hertta.rng import SplitMix64
from hertta.tables.hearts_replay import match_rounds
from tests.hearts.test_decisions import random_decision


def whole_match(name: str, players: int) -> tuple[str, list[Decision], list[MatchState]]:
    """A random match to 40: its code, its decisions and the match at each round's end."""
    rules = with_options(preset(name), score_limit=40, moon_rule="choose")
    match = new_match(MatchCode(rules, players, 777))
    rng = SplitMix64(5)
    decisions: list[Decision] = []
    ends: list[MatchState] = []
    while decision_needed(match).kind is not None:
        decision = random_decision(match, rng)
        if isinstance(decision, NextRound):
            ends.append(match)
        decisions.append(decision)
        match = apply_decision(match, decision)
    return str(match.code), decisions, ends


@pytest.mark.parametrize(("name", "players"), [("standard", 4), ("cancellation", 6),
                                               ("omnibus", 5), ("black_lady", 3)])
def test_every_round_is_laid_open_as_it_was_played(name: str, players: int) -> None:
    code, decisions, ends = whole_match(name, players)
    rounds = match_rounds(code, decisions)
    assert [r["index"] for r in rounds] == list(range(len(ends)))
    running = [0] * players
    for shown, end in zip(rounds, ends, strict=True):
        state = end.round
        assert shown["hands"] == [[c.notation for c in hand] for hand in state.dealt]
        assert [t["winner"] for t in shown["tricks"]] == [t.winner for t in state.tricks]
        assert [t["cards"] for t in shown["tricks"]] == [
            [c.notation for c in t.cards] for t in state.tricks]
        assert state.score is not None
        assert shown["summary"]["points"] == list(state.score.points)
        running = [a + b for a, b in zip(running, state.score.points, strict=True)]
        assert shown["summary"]["totals"] == running
    assert max(running) >= 40


def test_the_last_round_is_shown_when_its_next_was_never_logged() -> None:
    code, decisions, ends = whole_match("standard", 4)
    assert isinstance(decisions[-1], NextRound)
    assert len(match_rounds(code, decisions[:-1])) == len(ends)
