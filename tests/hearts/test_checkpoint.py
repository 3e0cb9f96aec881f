"""Hearts match checkpoints: at every round start of whole matches the checkpoint reads back
as the same match, and damaged ones are refused."""

import json

import pytest

from hertta.errors import RecordError
from hertta.hearts.checkpoint import (
    at_round_start,
    format_match_checkpoint,
    parse_match_checkpoint,
)
from hertta.hearts.codes import MatchCode
from hertta.hearts.config import preset, with_options
from hertta.hearts.decisions import NextRound, apply_decision, decision_needed
from hertta.hearts.match import MatchState, new_match
from hertta.rng import SplitMix64
from tests.hearts.test_decisions import random_decision


def checkpoints_of_a_match(name: str, players: int, moon_rule: str) -> list[MatchState]:
    rules = with_options(preset(name), score_limit=60, moon_rule=moon_rule)
    match = new_match(MatchCode(rules, players, 4242))
    rng = SplitMix64(99)
    seen = [match]
    while decision_needed(match).kind is not None:
        decision = random_decision(match, rng)
        match = apply_decision(match, decision)
        if isinstance(decision, NextRound) and not match.over:
            seen.append(match)
        else:
            assert not at_round_start(match) or match.round.pass_direction.value == "none"
    return seen


@pytest.mark.parametrize(
    ("name", "players", "moon_rule"),
    [("standard", 4, "add"), ("omnibus", 5, "choose"), ("cancellation", 6, "subtract"),
     ("black_lady", 3, "choose"), ("jack_of_diamonds", 4, "choose")],
)
def test_every_round_start_round_trips(name: str, players: int, moon_rule: str) -> None:
    starts = checkpoints_of_a_match(name, players, moon_rule)
    assert len(starts) > 2
    for match in starts:
        assert at_round_start(match)
        text = format_match_checkpoint(match)
        assert parse_match_checkpoint(text) == match
        assert format_match_checkpoint(parse_match_checkpoint(text)) == text


def test_mid_round_has_no_checkpoint() -> None:
    match = new_match("HM1-S4-AAAAAAM")
    match = apply_decision(match, random_decision(match, SplitMix64(1)))
    assert not at_round_start(match)
    with pytest.raises(RecordError):
        format_match_checkpoint(match)


def damaged(change: str) -> str:
    starts = checkpoints_of_a_match("standard", 4, "add")
    data = json.loads(format_match_checkpoint(starts[2]))
    if change == "points":
        data["results"][0]["penalty"][0] += 5
    elif change == "round":
        data["round"] = 7
    elif change == "moon":
        data["results"][0]["moon"] = "subtract"
    elif change == "players":
        data["results"][0]["bonus"] = [0, 0]
    elif change == "code":
        data["code"] = "HM9"
    elif change == "format":
        data["format"] = "x"
    return json.dumps(data)


@pytest.mark.parametrize("change", ["points", "round", "moon", "players", "code", "format"])
def test_a_damaged_checkpoint_is_refused(change: str) -> None:
    with pytest.raises(RecordError, match="checkpoint"):
        parse_match_checkpoint(damaged(change))


def test_results_that_end_the_match_are_refused() -> None:
    starts = checkpoints_of_a_match("standard", 4, "add")
    data = json.loads(format_match_checkpoint(starts[-1]))
    data["code"] = data["code"].replace("-SL60", "-SL1")
    with pytest.raises(RecordError, match="end the match"):
        parse_match_checkpoint(json.dumps(data))
